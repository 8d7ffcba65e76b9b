/*
 * fc_bench pkcs7: detached PKCS#7 verification of a two-certificate chain
 * (a root and a signer, RSA-2048 or P-256; tests/vectors/pkcs7/), as
 * EDK2's Pkcs7Verify performs it, with OpenSSL 3 in the same run.
 * Columns:
 *   fastcrypt: per call fc_x509_parse of the trusted root, fc_pkcs7_parse
 *     and fc_pkcs7_verify (partial chain, no time check), the automatic
 *     kernels;
 *   signatures: the two signature verifications that call contains and
 *     nothing else (fc_rsa_verify or fc_ecdsa_verify on keys and digests
 *     made once): the floor parsing, chain building and hashing add to;
 *   openssl: per call d2i_X509 of the root into a new X509_STORE
 *     (X509_V_FLAG_PARTIAL_CHAIN | X509_V_FLAG_NO_CHECK_TIME, purpose any),
 *     d2i_PKCS7, PKCS7_verify over a memory BIO (PKCS7_BINARY), frees, as
 *     EDK2's OpenSSL instance does.
 * Reported as fc_bench ec: --runs runs (first 5 dropped), mean and std per
 * call, ratio = time / openssl's (and fastcrypt / signatures).
 * Checks (exit 1): every call verifies.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

#ifdef FC_BENCH_OPENSSL
#include <openssl/bio.h>
#include <openssl/pkcs7.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>
#endif

#ifndef FC_PKCS7_VECTORS
#error "FC_PKCS7_VECTORS: the directory of tests/vectors/pkcs7"
#endif

typedef struct {
  const char *name;
  uint8_t *root, *p7, *content;
  size_t root_len, p7_len, content_len;
  /* the signatures column: keys and digests made once */
  int ec;
  fc_rsa_pubkey *rk[2];
  fc_ec_pubkey ek[2];
  uint8_t d[2][32];
  fc_slice sig[2];
  fc_pkcs7 p7s; /* parsed once, for the signature column's slices */
  fc_x509_cert rootc;
} p7_input;

static uint8_t *slurp(const char *name, size_t *len) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", FC_PKCS7_VECTORS, name);
  FILE *f = fopen(path, "rb");
  if (f == NULL) return NULL;
  uint8_t *b = malloc(1 << 16);
  *len = b ? fread(b, 1, 1 << 16, f) : 0;
  fclose(f);
  return b;
}

static fc_pkcs7 g_p7;
static fc_x509_cert g_root;
static _Alignas(64) uint8_t g_ws[FC_X509_SIG_WORKSPACE_BYTES];

static int fc_call(void *arg) {
  p7_input *in = arg;
  if (fc_x509_parse(&g_root, in->root, in->root_len) != FC_OK) return 0;
  if (fc_pkcs7_parse(&g_p7, in->p7, in->p7_len) != FC_OK) return 0;
  return fc_pkcs7_verify(&g_p7, in->content, in->content_len, &g_root, 1, FC_X509_PARTIAL_CHAIN, 0,
                         g_ws, sizeof g_ws, NULL) == FC_OK;
}

static int sig_call(void *arg) {
  p7_input *in = arg;
  for (int i = 0; i < 2; i++) {
    fc_err rc = in->ec ? fc_ecdsa_verify(&in->ek[i], in->d[i], 32, in->sig[i].p, in->sig[i].len)
                       : fc_rsa_verify(in->rk[i], FC_SHA256, in->d[i], 32, in->sig[i].p, in->sig[i].len);
    if (rc != FC_OK) return 0;
  }
  return 1;
}

#ifdef FC_BENCH_OPENSSL
static int ossl_call(void *arg) {
  p7_input *in = arg;
  X509_STORE *st = bench_ossl_edk2_store(in->root, in->root_len);
  const unsigned char *p = in->p7;
  PKCS7 *p7 = st ? d2i_PKCS7(NULL, &p, (long)in->p7_len) : NULL;
  BIO *bio = p7 ? BIO_new_mem_buf(in->content, (int)in->content_len) : NULL;
  int ok = bio && PKCS7_verify(p7, NULL, st, bio, NULL, PKCS7_BINARY) == 1;
  BIO_free(bio);
  PKCS7_free(p7);
  X509_STORE_free(st);
  return ok;
}
#define OSSL_CALL ossl_call
#else
#define OSSL_CALL NULL /* no column */
#endif

/* The signatures column's inputs: the signer's signature over its
   attributes and the root's over the signer's TBS, keys and digests. */
static int prepare(p7_input *in) {
  if (fc_x509_parse(&in->rootc, in->root, in->root_len) != FC_OK ||
      fc_pkcs7_parse(&in->p7s, in->p7, in->p7_len) != FC_OK || in->p7s.n_certs != 1)
    return 0;
  const fc_x509_cert *leaf = &in->p7s.certs[0];
  const fc_pkcs7_signer *s = &in->p7s.signers[0];
  uint8_t set_attrs[4096];
  if (s->signed_attrs.len > sizeof set_attrs) return 0;
  memcpy(set_attrs, s->signed_attrs.p, s->signed_attrs.len);
  set_attrs[0] = 0x31;
  if (fc_hash(FC_SHA256, set_attrs, s->signed_attrs.len, in->d[0]) != FC_OK ||
      fc_hash(FC_SHA256, leaf->tbs.p, leaf->tbs.len, in->d[1]) != FC_OK)
    return 0;
  in->sig[0] = s->signature;
  in->sig[1] = leaf->signature;
  const fc_x509_cert *keys[2] = {leaf, &in->rootc};
  for (int i = 0; i < 2; i++) {
    if (in->ec) {
      if (fc_x509_ec_key(keys[i], &in->ek[i]) != FC_OK) return 0;
    } else if ((in->rk[i] = malloc(sizeof(fc_rsa_pubkey))) == NULL ||
               fc_x509_rsa_key(keys[i], in->rk[i]) != FC_OK) {
      return 0;
    }
  }
  return sig_call(in);
}

int bench_pkcs7_main(const bench_opts *o) {
  int runs, drop = BENCH_WARMUP_RUNS;
  double target_ns;
  clockid_t clk;
  if (bench_run_opts(o, "pkcs7", &runs, &target_ns, &clk) != 0) return 2;
  static p7_input inputs[2];
  inputs[0].name = "rsa2048_chain";
  inputs[1].name = "p256_chain";
  inputs[1].ec = 1;
  for (int i = 0; i < 2; i++) {
    char r[64], p[64];
    snprintf(r, sizeof r, "%s_root.der", i ? "p256" : "rsa2048");
    snprintf(p, sizeof p, "%s_chain_detached.p7", i ? "p256" : "rsa2048");
    inputs[i].root = slurp(r, &inputs[i].root_len);
    inputs[i].p7 = slurp(p, &inputs[i].p7_len);
    inputs[i].content = slurp("content.txt", &inputs[i].content_len);
    if (!inputs[i].root || !inputs[i].p7 || !inputs[i].content || !prepare(&inputs[i])) {
      fprintf(stderr, "fc_bench pkcs7: cannot load or check %s from %s\n", inputs[i].name,
              FC_PKCS7_VECTORS);
      return 1;
    }
  }
  const char *cols[3] = {"fastcrypt", "signatures", "openssl"};
  int ncol = 2;
#ifdef FC_BENCH_OPENSSL
  if (bench_in_list(o->kernels, "openssl")) ncol = 3;
#endif
  bench_json j;
  if (bench_json_open(&j, o->json) != 0) return 2;
  int bad = 0;
  double *t = malloc(sizeof(double) * (size_t)runs);
  if (t == NULL) return 2;
  printf("fc_bench pkcs7: detached PKCS#7 verification, 2-certificate chain, us per call (mean +- "
         "std over %d runs, first %d dropped); ratio = time / openssl's\n",
         runs - drop, drop);
  printf("%-16s %-11s %12s %10s %8s\n", "case", "column", "mean us", "std us", "ratio");
  for (int i = 0; i < 2; i++) {
    if (o->filter && !strstr(inputs[i].name, o->filter)) continue;
    double mean[3] = {0}, sd[3] = {0};
    for (int c = 0; c < ncol; c++) {
      int (*fn[3])(void *) = {fc_call, sig_call, OSSL_CALL};
      bad |= bench_time_runs(fn[c], &inputs[i], clk, target_ns, runs, t);
      for (int r = 0; r < runs; r++) t[r] /= 1000; /* us */
      bench_mean_std(t + drop, runs - drop, &mean[c], &sd[c]);
    }
    for (int c = 0; c < ncol; c++) {
      char ratio[32] = "-";
      if (ncol == 3) snprintf(ratio, sizeof ratio, "%.2fx", mean[c] / mean[2]);
      printf("%-16s %-11s %12.1f %10.1f %8s\n", inputs[i].name, cols[c], mean[c], sd[c], ratio);
      bench_json_add(&j, "\"case\": \"%s\", \"kernel\": \"%s\", \"mean_ns\": %.1f, \"std_ns\": %.1f, "
                     "\"runs\": %d",
                     inputs[i].name, cols[c], mean[c] * 1000, sd[c] * 1000, runs - drop);
    }
    printf("%-16s fastcrypt / signatures: %.2fx\n", inputs[i].name, mean[0] / mean[1]);
  }
  free(t);
  if (bench_json_close(&j) != 0) return 2;
  if (bad) {
    fprintf(stderr, "fc_bench pkcs7: a verification failed\n");
    return 1;
  }
  return 0;
}
