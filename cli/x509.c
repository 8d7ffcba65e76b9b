/*
 * fastcrypt x509: prints a certificate (PEM CERTIFICATE or DER): version,
 * serial, signature algorithm, issuer, subject, validity, key and
 * extensions; with --issuer, checks its signature by the issuer's key;
 * with --ca (and --untrusted), verifies its chain under EDK2's policy.
 * Exit 0 (printed; signature or chain valid), 1 (it does not verify),
 * 2 (usage, unreadable or unparseable input).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "cert_file.h"

#define CMD "x509"

static void usage(FILE *f) {
  fprintf(f,
          "Usage: fastcrypt x509 [--issuer ISSUER] [--ca CA]... [--untrusted C]... CERT\n"
          "Print an X.509 certificate (PEM CERTIFICATE or DER; '-': standard input).\n"
          "\n"
          "  --issuer ISSUER  also check CERT's signature with ISSUER's key (a\n"
          "                   certificate, PEM or DER); names and dates are not checked\n"
          "  --ca CA          verify CERT's chain to this trusted certificate (repeat\n"
          "                   for more) with EDK2's policy: partial chain (a CA may be\n"
          "                   an intermediate or CERT itself), no time check, any purpose\n"
          "  --untrusted C    an intermediate the chain may use (repeatable)\n"
          "  --at SECONDS     with --ca: also check every link's validity at this time\n"
          "                   (seconds since 1970-01-01T00:00:00Z)\n"
          "  --help           this text\n"
          "\n"
          "Exit status: 0 printed (and the signature or chain verifies), 1 it does\n"
          "not verify, 2 usage error or an unreadable or unparseable certificate.\n");
}

static uint8_t *load(const char *path, fc_x509_cert *cert) { return fct_cert_load(CMD, path, cert); }

static void hex(const uint8_t *p, size_t n, const char *sep) {
  for (size_t i = 0; i < n; i++) printf("%s%02x", i ? sep : "", p[i]);
}

/* Dotted form of an OID's content octets. */
static void oid_print(const uint8_t *p, size_t n) {
  uint64_t v = 0;
  int first = 1;
  for (size_t i = 0; i < n; i++) {
    v = v << 7 | (p[i] & 0x7f);
    if (p[i] & 0x80) continue;
    if (first) {
      unsigned a = v < 40 ? 0 : v < 80 ? 1 : 2;
      printf("%u.%llu", a, (unsigned long long)(v - 40 * a));
      first = 0;
    } else {
      printf(".%llu", (unsigned long long)v);
    }
    v = 0;
  }
}

static const char *hash_name(uint32_t h) {
  switch (h) {
    case FC_SHA1: return "SHA1";
    case FC_SHA224: return "SHA224";
    case FC_SHA256: return "SHA256";
    case FC_SHA384: return "SHA384";
    case FC_SHA512: return "SHA512";
  }
  return "?";
}

static void sigalg_print(const fc_sigalg *a) {
  switch (a->kind) {
    case FC_SIGALG_RSA_PKCS1: printf("%sWithRSAEncryption", hash_name(a->hash)); break;
    case FC_SIGALG_RSA_PSS:
      printf("RSASSA-PSS (%s, MGF1 %s, salt %u)", hash_name(a->hash), hash_name(a->mgf1_hash),
             (unsigned)a->salt_len);
      break;
    case FC_SIGALG_ECDSA: printf("ecdsa-with-%s", hash_name(a->hash)); break;
    default: printf("unsupported "); oid_print(a->oid.p, a->oid.len);
  }
}

/* A Name as "CN=x, O=y" in the order of the DER (RFC 4514 reverses it;
   openssl's default output does not). */
static void name_print(fc_slice name) {
  static const struct { uint8_t oid[9]; uint8_t len; const char *s; } names[] = {
      {{0x55, 0x04, 0x03}, 3, "CN"}, {{0x55, 0x04, 0x06}, 3, "C"},  {{0x55, 0x04, 0x07}, 3, "L"},
      {{0x55, 0x04, 0x08}, 3, "ST"}, {{0x55, 0x04, 0x0a}, 3, "O"},  {{0x55, 0x04, 0x0b}, 3, "OU"},
      {{0x55, 0x04, 0x05}, 3, "serialNumber"},
      {{0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x01}, 9, "emailAddress"},
  };
  /* walk the Name by hand: SEQUENCE of SET of SEQUENCE { OID, value } */
  const uint8_t *p = name.p, *end = name.p + name.len;
  size_t hl, l;
  int first = 1;
#define TLV(q)                                                                   \
  do {                                                                           \
    l = (q)[1];                                                                  \
    hl = 2;                                                                      \
    if (l & 0x80) {                                                              \
      size_t nb = l & 0x7f;                                                      \
      l = 0;                                                                     \
      for (size_t k = 0; k < nb; k++) l = l << 8 | (q)[2 + k];                   \
      hl += nb;                                                                  \
    }                                                                            \
  } while (0)
  TLV(p); /* the parser checked the structure */
  p += hl;
  while (p < end) {
    TLV(p);
    const uint8_t *set_end = p + hl + l;
    p += hl;
    while (p < set_end) {
      TLV(p);
      p += hl; /* AttributeTypeAndValue */
      TLV(p);
      const uint8_t *oid = p + hl;
      size_t oid_len = l;
      p += hl + l;
      TLV(p);
      const uint8_t *val = p + hl;
      size_t val_len = l;
      p += hl + l;
      printf("%s", first ? "" : ", ");
      first = 0;
      const char *s = NULL;
      for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].len == oid_len && memcmp(names[i].oid, oid, oid_len) == 0) s = names[i].s;
      if (s) printf("%s=", s);
      else { oid_print(oid, oid_len); printf("="); }
      for (size_t i = 0; i < val_len; i++) {
        uint8_t c = val[i];
        if (c >= 0x20 && c < 0x7f && c != '\\') putchar(c);
        else printf("\\x%02x", c);
      }
    }
  }
#undef TLV
}

static void time_print(int64_t t) {
  time_t tt = (time_t)t;
  struct tm tm;
  char buf[64];
  if (gmtime_r(&tt, &tm) && strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm))
    printf("%s (%lld)", buf, (long long)t);
  else
    printf("%lld", (long long)t);
}

static void extensions_print(const fc_x509_cert *c) {
  static const char *const ku[9] = {"digitalSignature", "nonRepudiation", "keyEncipherment",
                                    "dataEncipherment", "keyAgreement",   "keyCertSign",
                                    "cRLSign",          "encipherOnly",   "decipherOnly"};
  if (c->flags & FC_X509_BASIC_CONSTRAINTS) {
    printf("  basicConstraints: CA:%s", c->flags & FC_X509_CA ? "TRUE" : "FALSE");
    if (c->flags & FC_X509_PATH_LEN) printf(", pathlen:%u", (unsigned)c->path_len);
    printf("\n");
  }
  if (c->flags & FC_X509_KEY_USAGE) {
    printf("  keyUsage:");
    for (int i = 0, n = 0; i < 9; i++)
      if (c->key_usage & (1u << i)) printf("%s %s", n++ ? "," : "", ku[i]);
    printf("\n");
  }
  if (c->flags & FC_X509_EXT_KEY_USAGE) {
    printf("  extKeyUsage:");
    const uint8_t *p = c->eku.p, *end = c->eku.p + c->eku.len;
    for (int n = 0; p < end; n++) { /* OIDs of short form lengths: checked by the parser */
      size_t l = p[1];
      printf("%s ", n ? "," : "");
      oid_print(p + 2, l);
      p += 2 + l;
    }
    printf("\n");
  }
  if (c->flags & FC_X509_SKI) {
    printf("  subjectKeyIdentifier: ");
    hex(c->ski.p, c->ski.len, ":");
    printf("\n");
  }
  if (c->flags & FC_X509_AKI) {
    printf("  authorityKeyIdentifier: ");
    hex(c->aki.p, c->aki.len, ":");
    printf("\n");
  }
  if (c->flags & FC_X509_UNKNOWN_CRITICAL) printf("  (an unknown critical extension)\n");
}

int fct_x509_main(int argc, char **argv) {
  static const char *const opts[4] = {"--issuer", "--ca", "--untrusted", "--at"};
  uint32_t flags = FC_X509_PARTIAL_CHAIN;
  int64_t at = 0;
  const char *issuer_path = NULL, *path = NULL;
  fct_cert_list cas = {0}, uns = {0};
  for (int i = 1; i < argc; i++) {
    const char *v;
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      usage(stdout);
      return FCT_EXIT_OK;
    }
    int k = fct_valued_option(CMD, opts, 4, argc, argv, &i, &v);
    if (k < 0) return FCT_EXIT_USAGE;
    if (k == 0) {
      issuer_path = v;
    } else if (k == 1 || k == 2) {
      if (fct_cert_list_add(CMD, k == 1 ? &cas : &uns, opts[k], v) != 0) return FCT_EXIT_USAGE;
    } else if (k == 3) {
      char *end;
      long long t = strtoll(v, &end, 10);
      if (*v == '\0' || *end != '\0') {
        fct_error(CMD, "--at: not a number of seconds: %s", v);
        return FCT_EXIT_USAGE;
      }
      at = (int64_t)t;
      flags |= FC_X509_CHECK_TIME;
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      fct_error(CMD, "unknown option %s", argv[i]);
      return FCT_EXIT_USAGE;
    } else if (path != NULL) {
      fct_error(CMD, "one certificate only");
      return FCT_EXIT_USAGE;
    } else {
      path = argv[i];
    }
  }
  if (path == NULL) {
    usage(stderr);
    return FCT_EXIT_USAGE;
  }
  fc_x509_cert cert, issuer;
  uint8_t *der = load(path, &cert), *ider = NULL;
  if (der == NULL) return FCT_EXIT_USAGE;
  if ((issuer_path != NULL && (ider = load(issuer_path, &issuer)) == NULL) ||
      fct_cert_list_load(CMD, &cas) != 0 || fct_cert_list_load(CMD, &uns) != 0) {
    fct_cert_list_free(&cas);
    fct_cert_list_free(&uns);
    free(der);
    free(ider);
    return FCT_EXIT_USAGE;
  }
  printf("version: %u\nserial: ", (unsigned)cert.version);
  hex(cert.serial.p, cert.serial.len, "");
  printf("\nsignature: ");
  sigalg_print(&cert.sig_alg);
  printf("\nissuer: ");
  name_print(cert.issuer);
  printf("\nsubject: ");
  name_print(cert.subject);
  printf("\nnot before: ");
  time_print(cert.not_before);
  printf("\nnot after: ");
  time_print(cert.not_after);
  printf("\nkey: ");
  if (cert.key_kind == FC_KEY_RSA) {
    fc_rsa_pubkey *k = malloc(sizeof *k);
    if (k != NULL && fc_x509_rsa_key(&cert, k) == FC_OK)
      printf("RSA, %u-byte modulus", (unsigned)k->nbytes);
    else
      printf("RSA (unusable)");
    free(k);
  } else if (cert.key_kind == FC_KEY_EC) {
    fc_ec_pubkey k;
    fc_err rc = fc_x509_ec_key(&cert, &k);
    if (rc == FC_OK) printf("EC %s", k.curve == FC_P256 ? "P-256" : "P-384");
    else { printf("EC, curve "); oid_print(cert.key_params.p, cert.key_params.len); printf(rc == FC_ERR_UNSUPPORTED ? " (unsupported)" : " (unusable)"); }
  } else {
    printf("unsupported");
  }
  printf("\nextensions:%s\n", cert.extensions.len ? "" : " none");
  extensions_print(&cert);
  int status = FCT_EXIT_OK;
  if (ider != NULL) {
    size_t ws_len = FC_X509_SIG_WORKSPACE_BYTES;
    void *ws = aligned_alloc(64, (ws_len + 63) / 64 * 64);
    fc_err rc = ws ? fc_x509_check_signed(&cert, &issuer, ws, ws_len) : FC_ERR_ARG;
    free(ws);
    if (rc == FC_OK) {
      printf("signature: verified with the issuer's key\n");
    } else if (rc == FC_ERR_SIG) {
      printf("signature: does NOT verify with the issuer's key\n");
      status = FCT_EXIT_FAIL;
    } else {
      fct_error(CMD, "cannot check the signature (error %d)", (int)rc);
      status = FCT_EXIT_USAGE;
    }
  }
  if (cas.n > 0) {
    size_t ws_len = FC_X509_SIG_WORKSPACE_BYTES;
    void *ws = aligned_alloc(64, (ws_len + 63) / 64 * 64);
    const fc_x509_cert *anchor = NULL;
    fc_err rc = ws ? fc_x509_verify_chain(&cert, uns.certs, (size_t)uns.n, cas.certs, (size_t)cas.n,
                                          flags, at, ws, ws_len, &anchor)
                   : FC_ERR_ARG;
    free(ws);
    if (rc == FC_OK) {
      printf("chain: verified to ");
      name_print(anchor->subject);
      printf("\n");
    } else if (rc == FC_ERR_SIG) {
      printf("chain: does NOT verify to a --ca certificate\n");
      if (status == FCT_EXIT_OK) status = FCT_EXIT_FAIL;
    } else {
      fct_error(CMD, "cannot verify the chain (error %d)", (int)rc);
      status = FCT_EXIT_USAGE;
    }
  }
  fct_cert_list_free(&cas);
  fct_cert_list_free(&uns);
  free(der);
  free(ider);
  return status;
}
