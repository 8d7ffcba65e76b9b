/*
 * fc_bench authenticode: Debian's shim as Microsoft signed it
 * (/usr/lib/shim/shimx64.efi.signed from shim-signed, tools/deps.sh; or the
 * file $FC_BENCH_SHIM names), checked as UEFI Secure Boot checks it, with
 * OpenSSL 3 in the same run. Two cases:
 *   pe_hash: fc_pe_hash(FC_SHA256) of the image against fc_hash(FC_SHA256)
 *     of the same bytes (those the PE hash digests, gathered once into a
 *     buffer and checked to give the same digest); ratio = time / fc_hash's;
 *   verify: the image's first signature (its signer under the Microsoft
 *     UEFI CA 2011), the image hash made once, the trusted CA being the
 *     signature's own last certificate (the signer's issuer). Columns:
 *     fastcrypt: per call fc_x509_parse of the CA, fc_pkcs7_parse and
 *       fc_authenticode_verify (FC_X509_PARTIAL_CHAIN, no time check);
 *     openssl: EDK2's AuthenticodeVerify on OpenSSL (CryptoPkg's
 *       CryptAuthenticode.c and CryptPkcs7VerifyCommon.c) per call:
 *       d2i_PKCS7, SpcIndirectDataContent's type, its content octets and the
 *       digest at their end compared, d2i_X509 of the CA into a new
 *       X509_STORE (partial chain, no time check, purpose any), PKCS7_verify
 *       over those octets in a memory BIO (PKCS7_BINARY), frees. EDK2
 *       decodes the SignedData twice (again in Pkcs7Verify): once here.
 *     ratio = time / openssl's.
 * Reported as fc_bench pkcs7: --runs runs (first 5 dropped), mean and std
 * per call. Checks (exit 1): the digests agree, every call verifies.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

#ifdef FC_BENCH_OPENSSL
#include <openssl/asn1.h>
#include <openssl/bio.h>
#include <openssl/objects.h>
#include <openssl/pkcs7.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>
#endif

#define SHIM_DEFAULT "/usr/lib/shim/shimx64.efi.signed"

typedef struct {
  uint8_t *image, *hashed; /* the file; the bytes its PE hash digests */
  size_t len, hashed_len;
  const uint8_t *p7, *ca; /* the first SignedData; its last certificate's DER */
  size_t p7_len, ca_len;
  uint8_t hash[32]; /* the image's SHA-256 PE hash */
} av_input;

static fc_pkcs7 g_p7;
static fc_x509_cert g_ca;
static _Alignas(64) uint8_t g_ws[FC_X509_SIG_WORKSPACE_BYTES];
static uint8_t g_out[32];

static int pe_hash_call(void *arg) {
  av_input *in = arg;
  return fc_pe_hash(FC_SHA256, in->image, in->len, g_out) == FC_OK;
}

static int sha256_call(void *arg) {
  av_input *in = arg;
  return fc_hash(FC_SHA256, in->hashed, in->hashed_len, g_out) == FC_OK;
}

static int fc_call(void *arg) {
  av_input *in = arg;
  if (fc_x509_parse(&g_ca, in->ca, in->ca_len) != FC_OK) return 0;
  if (fc_pkcs7_parse(&g_p7, in->p7, in->p7_len) != FC_OK) return 0;
  return fc_authenticode_verify(&g_p7, in->hash, sizeof in->hash, &g_ca, 1, FC_X509_PARTIAL_CHAIN,
                                0, g_ws, sizeof g_ws, NULL) == FC_OK;
}

#ifdef FC_BENCH_OPENSSL
static ASN1_OBJECT *g_spc; /* SpcIndirectDataContent, 1.3.6.1.4.1.311.2.1.4 */

static int ossl_call(void *arg) {
  av_input *in = arg;
  const unsigned char *p = in->p7, *c = NULL;
  long clen = 0;
  int tag, cls;
  PKCS7 *p7 = d2i_PKCS7(NULL, &p, (long)in->p7_len);
  int ok = p7 && PKCS7_type_is_signed(p7) && !PKCS7_get_detached(p7) &&
           OBJ_cmp(p7->d.sign->contents->type, g_spc) == 0 &&
           p7->d.sign->contents->d.other->type == V_ASN1_SEQUENCE;
  if (ok) { /* the SEQUENCE's content octets: what messageDigest covers */
    const ASN1_STRING *seq = p7->d.sign->contents->d.other->value.sequence;
    c = seq->data;
    ok = !(ASN1_get_object(&c, &clen, &tag, &cls, seq->length) & 0x80) &&
         clen >= (long)sizeof in->hash &&
         memcmp(c + clen - sizeof in->hash, in->hash, sizeof in->hash) == 0;
  }
  X509_STORE *st = ok ? bench_ossl_edk2_store(in->ca, in->ca_len) : NULL;
  BIO *bio = st ? BIO_new_mem_buf(c, (int)clen) : NULL;
  ok = bio && PKCS7_verify(p7, NULL, st, bio, NULL, PKCS7_BINARY) == 1;
  BIO_free(bio);
  X509_STORE_free(st);
  PKCS7_free(p7);
  return ok;
}
#define OSSL_CALL ossl_call
#else
#define OSSL_CALL NULL /* no column */
#endif

static size_t le(const uint8_t *p, int n) { /* little-endian, n <= 4 bytes */
  size_t v = 0;
  while (n--) v = v << 8 | p[n];
  return v;
}

/* Appends img[off, off + n) to in->hashed (len bytes); 0 when outside. */
static int take(av_input *in, size_t off, size_t n) {
  if (off > in->len || n > in->len - off || n > in->len - in->hashed_len) return 0;
  memcpy(in->hashed + in->hashed_len, in->image + off, n);
  in->hashed_len += n;
  return 1;
}

/* in->hashed: the bytes a PE hash digests ("Calculating the PE Image Hash",
   as docs/x509.md lists them), table_off the certificate table's offset;
   then checks fc_hash of them against fc_pe_hash. The image already passed
   fc_pe_hash, so its headers are inside the file. */
static int gather(av_input *in, size_t table_off) {
  const uint8_t *m = in->image;
  size_t pe = le(m + 0x3c, 4), opt = pe + 24, nsec = le(m + pe + 6, 2);
  size_t sec = opt + le(m + pe + 20, 2), hdrs = le(m + opt + 60, 4);
  size_t secdir = opt + (le(m + opt, 2) == 0x20b ? 112 : 96) + 4 * 8, sum = 0, last = 0;
  if ((in->hashed = malloc(in->len)) == NULL) return 0;
  in->hashed_len = 0;
  if (!take(in, 0, opt + 64) || !take(in, opt + 68, secdir - opt - 68) ||
      !take(in, secdir + 8, hdrs - secdir - 8))
    return 0;
  for (size_t k = 0; k < nsec; k++) { /* by PointerToRawData: the next one above `last` */
    size_t best = 0, at = SIZE_MAX;
    for (size_t s = 0; s < nsec; s++) {
      const uint8_t *h = m + sec + 40 * s;
      size_t ptr = le(h + 20, 4);
      if (le(h + 16, 4) && ptr >= last && ptr < at) at = ptr, best = s;
    }
    if (at == SIZE_MAX) break;
    size_t raw = le(m + sec + 40 * best + 16, 4);
    if (!take(in, at, raw)) return 0;
    sum += raw;
    last = at + 1;
  }
  if (hdrs + sum < table_off && !take(in, hdrs + sum, table_off - hdrs - sum)) return 0;
  uint8_t d[32];
  return fc_hash(FC_SHA256, in->hashed, in->hashed_len, d) == FC_OK &&
         memcmp(d, in->hash, 32) == 0;
}

/* Reads the image, finds its first signature and CA, checks both sides. */
static int prepare(av_input *in, const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) return fprintf(stderr, "fc_bench authenticode: cannot open %s (tools/deps.sh "
                                        "installs shim-signed; or set FC_BENCH_SHIM)\n", path), 0;
  size_t cap = 1 << 20;
  in->image = malloc(cap);
  while (in->image && (in->len += fread(in->image + in->len, 1, cap - in->len, f)) == cap)
    in->image = realloc(in->image, cap *= 2);
  fclose(f);
  fc_slice table, cursor, p7der;
  fc_hash_alg alg;
  fc_slice signed_digest;
  if (in->image == NULL || fc_pe_hash(FC_SHA256, in->image, in->len, in->hash) != FC_OK ||
      fc_pe_cert_table(in->image, in->len, &table) != FC_OK ||
      (cursor = table, fc_pe_next_signature(&cursor, &p7der)) != FC_OK ||
      fc_pkcs7_parse(&g_p7, p7der.p, p7der.len) != FC_OK ||
      fc_authenticode_digest(&g_p7, &alg, &signed_digest) != FC_OK || alg != FC_SHA256 ||
      g_p7.n_certs < 2 ||
      fc_pkcs7_signer_cert(&g_p7, &g_p7.signers[0]) == &g_p7.certs[g_p7.n_certs - 1])
    return fprintf(stderr, "fc_bench authenticode: %s: not a PE image with a SHA-256 "
                           "Authenticode signature carrying its signer's CA\n", path), 0;
  in->p7 = p7der.p;
  in->p7_len = p7der.len;
  in->ca = g_p7.certs[g_p7.n_certs - 1].der.p;
  in->ca_len = g_p7.certs[g_p7.n_certs - 1].der.len;
  if (!gather(in, (size_t)(table.p - in->image)))
    return fprintf(stderr, "fc_bench authenticode: the SHA-256 of the gathered bytes differs "
                           "from fc_pe_hash's\n"), 0;
  if (!fc_call(in))
    return fprintf(stderr, "fc_bench authenticode: fastcrypt refuses %s\n", path), 0;
#ifdef FC_BENCH_OPENSSL
  if ((g_spc = OBJ_txt2obj("1.3.6.1.4.1.311.2.1.4", 1)) == NULL || !ossl_call(in))
    return fprintf(stderr, "fc_bench authenticode: OpenSSL refuses %s\n", path), 0;
#endif
  return 1;
}

int bench_authenticode_main(const bench_opts *o) {
  int runs, drop = BENCH_WARMUP_RUNS;
  double target_ns;
  clockid_t clk;
  if (bench_run_opts(o, "authenticode", &runs, &target_ns, &clk) != 0) return 2;
  const char *path = getenv("FC_BENCH_SHIM") ? getenv("FC_BENCH_SHIM") : SHIM_DEFAULT;
  static av_input in;
  if (!prepare(&in, path)) return 1;
  /* Per case: its columns, the last one the ratio's reference. */
  static const struct {
    const char *name, *cols[2];
    int (*fn[2])(void *);
  } cases[2] = {{"pe_hash", {"fc_pe_hash", "fc_hash"}, {pe_hash_call, sha256_call}},
                {"verify", {"fastcrypt", "openssl"}, {fc_call, OSSL_CALL}}};
  int with_ossl = 0;
#ifdef FC_BENCH_OPENSSL
  with_ossl = bench_in_list(o->kernels, "openssl");
#endif
  bench_json j;
  if (bench_json_open(&j, o->json) != 0) return 2;
  int bad = 0;
  double *t = malloc(sizeof(double) * (size_t)runs);
  if (t == NULL) return 2;
  printf("fc_bench authenticode: %s, %zu bytes (the PE hash digests %zu of them), first "
         "signature; us per call (mean +- std over %d runs, first %d dropped); ratio = time / "
         "the last column's\n", path, in.len, in.hashed_len, runs - drop, drop);
  printf("%-10s %-11s %12s %10s %8s\n", "case", "column", "mean us", "std us", "ratio");
  for (int i = 0; i < 2; i++) {
    if (o->filter && !strstr(cases[i].name, o->filter)) continue;
    int ncol = i == 1 && !with_ossl ? 1 : 2;
    double mean[2] = {0}, sd[2] = {0};
    for (int c = 0; c < ncol; c++) {
      bad |= bench_time_runs(cases[i].fn[c], &in, clk, target_ns, runs, t);
      for (int r = 0; r < runs; r++) t[r] /= 1000; /* us */
      bench_mean_std(t + drop, runs - drop, &mean[c], &sd[c]);
    }
    for (int c = 0; c < ncol; c++) {
      char ratio[32] = "-";
      if (ncol == 2) snprintf(ratio, sizeof ratio, "%.2fx", mean[c] / mean[1]);
      printf("%-10s %-11s %12.1f %10.1f %8s\n", cases[i].name, cases[i].cols[c], mean[c], sd[c],
             ratio);
      bench_json_add(&j, "\"case\": \"%s\", \"kernel\": \"%s\", \"mean_ns\": %.1f, \"std_ns\": %.1f, "
                     "\"runs\": %d",
                     cases[i].name, cases[i].cols[c], mean[c] * 1000, sd[c] * 1000, runs - drop);
    }
  }
  free(t);
  if (bench_json_close(&j) != 0) return 2;
  if (bad) {
    fprintf(stderr, "fc_bench authenticode: a call failed\n");
    return 1;
  }
  return 0;
}
