/*
 * fastcrypt authenticode: the Authenticode signatures of a PE/COFF image
 * (UEFI drivers and boot loaders). Prints, per signature, the image hash
 * in the signature's algorithm, whether it matches the signed digest, the
 * signer and the RFC 3161 timestamp. With --ca: exit 0 when any
 * signature's digest matches and it verifies to a --ca certificate under
 * EDK2's policy (partial chain, no time check, any purpose), as EDK2
 * accepts an image one of whose signatures it trusts. Without --ca: exit 0
 * when every signature's digest matches and it verifies under the
 * certificates it carries. Timestamps are reported (verified to a --tsa
 * certificate, or under the certificates the token carries) and, as
 * osslsigncode and EDK2 do, do not change the verdict unless --tsa is
 * given: then a signature counts only with a timestamp that verifies to a
 * --tsa certificate. 1 otherwise (also an unsigned image); 2 usage,
 * unreadable or unparseable input.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "cert_file.h"

#define CMD "authenticode"
#define IMAGE_MAX (256u << 20)

static void usage(FILE *f) {
  fprintf(f,
          "Usage: fastcrypt authenticode [--ca CERT]... [--tsa CERT]... IMAGE\n"
          "Check the Authenticode signatures of a PE/COFF image (an EFI binary).\n"
          "\n"
          "  --ca CERT   a trusted certificate (PEM or DER; repeatable): the image is\n"
          "              valid when any signature verifies to one, with EDK2's policy\n"
          "              (partial chain, no time check, any purpose); without --ca, when\n"
          "              every signature verifies under the certificates it carries\n"
          "  --tsa CERT  a trusted timestamping certificate (repeatable): a signature\n"
          "              counts only with an RFC 3161 timestamp that verifies to one;\n"
          "              without --tsa, timestamps are checked under the certificates\n"
          "              they carry and reported, not required\n"
          "\n"
          "Exit status: 0 valid, 1 not valid (or unsigned), 2 usage error or an\n"
          "unreadable or unparseable input.\n");
}

static const char *hash_name(fc_hash_alg h) {
  switch (h) {
    case FC_SHA1: return "sha1";
    case FC_SHA224: return "sha224";
    case FC_SHA256: return "sha256";
    case FC_SHA384: return "sha384";
    case FC_SHA512: return "sha512";
    default: return "?";
  }
}

static void cn_print(fc_slice name) {
  static const uint8_t cn[3] = {0x55, 0x04, 0x03};
  fc_slice v;
  if (fc_x509_name_attr(name, cn, 3, &v, NULL) == FC_OK)
    printf("%.*s", (int)v.len, (const char *)v.p);
  else
    printf("(no CN)");
}

/* Prints the signer's RFC 3161 timestamp and verifies it to `tsas` (or,
   none given, under its own certificates): FC_OK, FC_ERR_SIG when there is
   none (then printed as such) or it does not verify, other codes when
   unreadable. */
static fc_err timestamp_print(const fc_pkcs7_signer *signer, fc_pkcs7 *token,
                              const fct_cert_list *tsas, void *ws, size_t ws_len) {
  fc_slice der;
  fc_tst_info info;
  fc_err rc = fc_authenticode_timestamp_token(signer, &der);
  if (rc == FC_ERR_SIG) {
    printf("  timestamp: none\n");
    return rc;
  }
  if (rc != FC_OK || (rc = fc_pkcs7_parse(token, der.p, der.len)) != FC_OK ||
      (rc = fc_timestamp_info(token, &info)) != FC_OK)
    return rc;
  time_t t = (time_t)info.gen_time;
  const struct tm *tm = gmtime(&t);
  char when[32] = "?";
  if (tm != NULL) strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", tm);
  const fc_x509_cert *tsa = fc_pkcs7_signer_cert(token, &token->signers[0]);
  printf("  timestamp: %s by ", when);
  if (tsa) cn_print(tsa->subject);
  else printf("(certificate not in the timestamp)");
  const fc_x509_cert *trusted = tsas->n ? tsas->certs : token->certs;
  size_t n_trusted = tsas->n ? (size_t)tsas->n : token->n_certs;
  rc = fc_timestamp_verify(token, signer, trusted, n_trusted, FC_X509_PARTIAL_CHAIN, 0, ws, ws_len,
                           NULL);
  printf(", %s\n", rc == FC_OK ? "verified" : "NOT valid");
  return rc;
}

int fct_authenticode_main(int argc, char **argv) {
  static const char *const opts[2] = {"--ca", "--tsa"};
  const char *path = NULL;
  fct_cert_list cas = {0}, tsas = {0};
  for (int i = 1; i < argc; i++) {
    const char *v;
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      usage(stdout);
      return FCT_EXIT_OK;
    }
    int k = fct_valued_option(CMD, opts, 2, argc, argv, &i, &v);
    if (k < 0) return FCT_EXIT_USAGE;
    if (k < 2) {
      if (fct_cert_list_add(CMD, k == 0 ? &cas : &tsas, opts[k], v) != 0) return FCT_EXIT_USAGE;
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      fct_error(CMD, "unknown option %s", argv[i]);
      return FCT_EXIT_USAGE;
    } else if (path != NULL) {
      fct_error(CMD, "one image only");
      return FCT_EXIT_USAGE;
    } else {
      path = argv[i];
    }
  }
  if (path == NULL) {
    usage(stderr);
    return FCT_EXIT_USAGE;
  }
  int status = FCT_EXIT_USAGE;
  uint8_t *image = NULL;
  fc_pkcs7 *p7 = malloc(sizeof *p7), *token = malloc(sizeof *token);
  size_t ws_len = FC_X509_SIG_WORKSPACE_BYTES, len;
  void *ws = aligned_alloc(64, (ws_len + 63) / 64 * 64);
  if (p7 == NULL || token == NULL || ws == NULL) {
    fct_error(CMD, "out of memory");
    goto out;
  }
  if (fct_cert_list_load(CMD, &cas) != 0 || fct_cert_list_load(CMD, &tsas) != 0) goto out;
  if ((image = fct_read_file(CMD, path, IMAGE_MAX, &len)) == NULL) goto out;
  fc_slice table, cursor, p7der;
  uint8_t digest[FC_HASH_MAX_LEN];
  if (fc_pe_cert_table(image, len, &table) != FC_OK || fc_pe_hash(FC_SHA256, image, len, digest) != FC_OK) {
    fct_error(CMD, "%s: not a PE/COFF image this command can hash (headers, sections or "
                   "certificate table outside the file?)", path);
    goto out;
  }
  cursor = table;
  int n = 0, any_ok = 0, all_ok = 1;
  fc_err rc;
  while ((rc = fc_pe_next_signature(&cursor, &p7der)) == FC_OK) {
    n++;
    fc_hash_alg alg;
    fc_slice signed_digest;
    if (fc_pkcs7_parse(p7, p7der.p, p7der.len) != FC_OK ||
        fc_authenticode_digest(p7, &alg, &signed_digest) != FC_OK ||
        fc_pe_hash(alg, image, len, digest) != FC_OK) {
      fct_error(CMD, "%s: signature %d is not an Authenticode SignedData this command reads", path, n);
      goto out;
    }
    size_t dl = fc_hash_len(alg);
    int match = signed_digest.len == dl && memcmp(signed_digest.p, digest, dl) == 0;
    printf("signature %d:\n  image hash (%s): ", n, hash_name(alg));
    for (size_t i = 0; i < dl; i++) printf("%02x", digest[i]);
    printf(" (%s the signed digest)\n", match ? "matches" : "DOES NOT match");
    const fc_x509_cert *sc = fc_pkcs7_signer_cert(p7, &p7->signers[0]);
    printf("  signer: ");
    if (sc) cn_print(sc->subject);
    else printf("(certificate not in the signature)");
    printf("\n  signers: %zu, certificates: %zu\n", p7->n_signers, p7->n_certs);
    const fc_x509_cert *trusted = cas.n ? cas.certs : p7->certs;
    size_t n_trusted = cas.n ? (size_t)cas.n : p7->n_certs;
    rc = fc_authenticode_verify(p7, digest, dl, trusted, n_trusted, FC_X509_PARTIAL_CHAIN, 0, ws,
                                ws_len, NULL);
    if (rc == FC_OK || rc == FC_ERR_SIG) {
      fc_err ts = timestamp_print(&p7->signers[0], token, &tsas, ws, ws_len);
      if (ts != FC_OK && ts != FC_ERR_SIG) {
        fct_error(CMD, "%s: signature %d: malformed or unsupported timestamp", path, n);
        goto out;
      }
      if (rc == FC_OK && tsas.n) rc = ts;
    }
    printf("  verdict: %s\n", rc == FC_OK ? "valid" : rc == FC_ERR_SIG ? "NOT valid" : "cannot verify");
    if (rc != FC_OK && rc != FC_ERR_SIG) {
      fct_error(CMD, "%s: signature %d: error %d (an algorithm this build lacks?)", path, n, (int)rc);
      goto out;
    }
    any_ok |= rc == FC_OK;
    all_ok &= rc == FC_OK;
  }
  if (rc != FC_ERR_SIG) {
    fct_error(CMD, "%s: malformed certificate table", path);
    goto out;
  }
  if (n == 0) {
    printf("unsigned image\n  image hash (sha256): ");
    for (size_t i = 0; i < 32; i++) printf("%02x", digest[i]);
    printf("\n");
    status = FCT_EXIT_FAIL;
    goto out;
  }
  status = (cas.n ? any_ok : all_ok) ? FCT_EXIT_OK : FCT_EXIT_FAIL;
out:
  fct_cert_list_free(&cas);
  fct_cert_list_free(&tsas);
  free(p7);
  free(token);
  free(ws);
  free(image);
  return status;
}
