/*
 * fc_bench ec: ECDSA verification per ec kernel, with OpenSSL 3 in the same
 * run when built with it, reported as firmware teams report: --runs runs
 * (default 100), the first 5 dropped, mean and standard deviation of the
 * time per call, and each column's time over OpenSSL's.
 *
 * Cases, P-256 (SHA-256) and P-384 (SHA-384), the first Wycheproof valid
 * test with a non-empty message of ecdsa_secp256r1_sha256_test.json and
 * ecdsa_secp384r1_sha384_test.json (key, message, DER signature):
 *   verify:      a key made once; per call fc_ecdsa_verify on the digest.
 *                OpenSSL: an EVP_PKEY from d2i_PUBKEY and an EVP_PKEY_CTX
 *                (EVP_PKEY_verify_init) made once; per call EVP_PKEY_verify
 *                on the digest.
 *   der_verify:  per call the key from its SubjectPublicKeyInfo, then the
 *                verification. OpenSSL: d2i_PUBKEY, EVP_PKEY_CTX_new,
 *                EVP_PKEY_verify_init, EVP_PKEY_verify, frees.
 * A kernel column pins that ec kernel (FC_OP_EC).
 * Clock: CLOCK_MONOTONIC (--clock thread: this thread's CPU time).
 * Method: the calls per run are calibrated so a run lasts about
 * --target-us (default 1000); the columns take turns within each run.
 * Checks (exit 1): every call returns valid (FC_OK / 1).
 * --json: one record per case and column ("case", "kernel", "mean_ns",
 * "std_ns", "runs").
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

#ifdef FC_BENCH_OPENSSL
#include <openssl/evp.h>
#include <openssl/x509.h>
#endif

typedef struct {
  const char *name;
  fc_hash_alg hash;
  const char *der_hex, *msg_hex, *sig_hex;
  uint8_t der[128], sig[128], digest[64];
  size_t der_len, sig_len, digest_len;
} ec_input;

static ec_input inputs[] = {
    {"p256", FC_SHA256,
     "3059301306072a8648ce3d020106082a8648ce3d0301070342000404aaec73635726f213fb8a9e64da3b8632e41495"
     "a944d0045b522eba7240fad587d9315798aaa3a5ba01775787ced05eaaf7b4e09fc81d6d1aa546e8365d525d",
     "4d7367",
     "30450220530bd6b0c9af2d69ba897f6b5fb59695cfbf33afe66dbadcf5b8d2a2a6538e23022100d85e489cb7a161fd"
     "55ededcedbf4cc0c0987e3e3f0f242cae934c72caa3f43e9",
     {0}, {0}, {0}, 0, 0, 0},
    {"p384", FC_SHA384,
     "3076301006072a8648ce3d020106052b810400220362000429bdb76d5fa741bfd70233cb3a66cc7d44beb3b0663d92a8"
     "136650478bcefb61ef182e155a54345a5e8e5e88f064e5bc9a525ab7f764dad3dae1468c2b419f3b62b9ba917d5e8c4f"
     "b1ec47404a3fc76474b2713081be9db4c00e043ada9fc4a3",
     "4d7367",
     "3066023100d7143a836608b25599a7f28dec6635494c2992ad1e2bbeecb7ef601a9c01746e710ce0d9c48accb38a79ed"
     "e5b9638f3402310080f9e165e8c61035bf8aa7b5533960e46dd0e211c904a064edb6de41f797c0eae4e327612ee3f816"
     "f4157272bb4fabc9",
     {0}, {0}, {0}, 0, 0, 0},
};
#define NIN (sizeof(inputs) / sizeof(inputs[0]))

static size_t unhex(const char *h, uint8_t *out, size_t max) {
  size_t n = 0;
  for (; h[0] && h[1] && n < max; h += 2) {
    unsigned v;
    if (sscanf(h, "%2x", &v) != 1) return 0;
    out[n++] = (uint8_t)v;
  }
  return n;
}

enum { C_VERIFY, C_DER, NCASE };
static const char *const case_names[NCASE] = {"verify", "der_verify"};

typedef struct {
  const char *name; /* kernel name or "openssl" */
  int ossl;
#ifdef FC_BENCH_OPENSSL
  EVP_PKEY *pkey[NIN];
  EVP_PKEY_CTX *ctx[NIN];
#endif
  fc_ec_pubkey key[NIN];
} column;

/* One call of column c on input i and case k; 1 when it verified. */
static int call(column *c, size_t i, int k) {
  ec_input *in = &inputs[i];
  if (!c->ossl) {
    if (k == C_DER) {
      fc_ec_pubkey key;
      if (fc_ec_pubkey_from_der(&key, in->der, in->der_len) != FC_OK) return 0;
      return fc_ecdsa_verify(&key, in->digest, in->digest_len, in->sig, in->sig_len) == FC_OK;
    }
    return fc_ecdsa_verify(&c->key[i], in->digest, in->digest_len, in->sig, in->sig_len) == FC_OK;
  }
#ifdef FC_BENCH_OPENSSL
  if (k == C_DER) {
    const unsigned char *p = in->der;
    EVP_PKEY *pk = d2i_PUBKEY(NULL, &p, (long)in->der_len);
    EVP_PKEY_CTX *ctx = pk ? EVP_PKEY_CTX_new(pk, NULL) : NULL;
    int ok = ctx && EVP_PKEY_verify_init(ctx) > 0 &&
             EVP_PKEY_verify(ctx, in->sig, in->sig_len, in->digest, in->digest_len) == 1;
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(pk);
    return ok;
  }
  return EVP_PKEY_verify(c->ctx[i], in->sig, in->sig_len, in->digest, in->digest_len) == 1;
#else
  return 0;
#endif
}

/* call() through bench_time_runs */
typedef struct {
  column *c;
  size_t i;
  int k;
} ec_call;
static int call_one(void *arg) {
  ec_call *a = arg;
  return call(a->c, a->i, a->k);
}

/* Pins c's kernel (fastcrypt columns) for the calls that follow. */
static void pin(const column *c) {
  if (!c->ossl) fc_impl_select(FC_OP_EC, c->name);
}

int bench_ec_main(const bench_opts *o) {
  int runs, drop = BENCH_WARMUP_RUNS;
  double target_ns;
  clockid_t clk;
  if (bench_run_opts(o, "ec", &runs, &target_ns, &clk) != 0) return 2;
  for (size_t i = 0; i < NIN; i++) {
    ec_input *in = &inputs[i];
    uint8_t msg[16];
    size_t ml = unhex(in->msg_hex, msg, sizeof msg);
    in->der_len = unhex(in->der_hex, in->der, sizeof in->der);
    in->sig_len = unhex(in->sig_hex, in->sig, sizeof in->sig);
    in->digest_len = fc_hash_len(in->hash);
    if (fc_hash(in->hash, msg, ml, in->digest) != FC_OK) return 1;
  }
  column cols[8];
  int ncol = 0;
  fc_impl_info info[8];
  size_t nk = fc_impls(FC_OP_EC, info, 8);
  for (size_t k = 0; k < nk && ncol < 7; k++) {
    if (!info[k].usable || !bench_in_list(o->kernels, info[k].name)) continue;
    column *c = &cols[ncol];
    memset(c, 0, sizeof(*c));
    c->name = info[k].name;
    pin(c);
    for (size_t i = 0; i < NIN; i++)
      if (fc_ec_pubkey_from_der(&c->key[i], inputs[i].der, inputs[i].der_len) != FC_OK) return 1;
    ncol++;
  }
  fc_impl_select(FC_OP_EC, NULL);
#ifdef FC_BENCH_OPENSSL
  if (bench_in_list(o->kernels, "openssl")) {
    column *c = &cols[ncol];
    memset(c, 0, sizeof(*c));
    c->name = "openssl";
    c->ossl = 1;
    for (size_t i = 0; i < NIN; i++) {
      const unsigned char *p = inputs[i].der;
      c->pkey[i] = d2i_PUBKEY(NULL, &p, (long)inputs[i].der_len);
      c->ctx[i] = c->pkey[i] ? EVP_PKEY_CTX_new(c->pkey[i], NULL) : NULL;
      if (!c->ctx[i] || EVP_PKEY_verify_init(c->ctx[i]) <= 0) {
        fprintf(stderr, "fc_bench ec: OpenSSL could not load the %s key\n", inputs[i].name);
        return 1;
      }
    }
    ncol++;
  }
#endif
  bench_json j;
  if (bench_json_open(&j, o->json) != 0) return 2;
  int bad = 0;
  double *t = malloc(sizeof(double) * (size_t)runs);
  if (t == NULL) return 2;
  printf("fc_bench ec: ECDSA verification, ns per call (mean +- std over %d runs, first %d "
         "dropped); ratio = time / openssl's\n",
         runs - drop, drop);
  printf("%-16s %-10s %14s %10s %8s\n", "case", "column", "mean ns", "std ns", "ratio");
  for (size_t i = 0; i < NIN; i++)
    for (int k = 0; k < NCASE; k++) {
      char cname[32];
      snprintf(cname, sizeof cname, "%s_%s", inputs[i].name, case_names[k]);
      if (o->filter && !strstr(cname, o->filter)) continue;
      double mean[8] = {0}, sd[8] = {0};
      for (int c = 0; c < ncol; c++) {
        pin(&cols[c]);
        ec_call a = {&cols[c], i, k};
        bad |= bench_time_runs(call_one, &a, clk, target_ns, runs, t);
        bench_mean_std(t + drop, runs - drop, &mean[c], &sd[c]);
      }
      fc_impl_select(FC_OP_EC, NULL);
      double ossl = 0;
      for (int c = 0; c < ncol; c++)
        if (cols[c].ossl) ossl = mean[c];
      for (int c = 0; c < ncol; c++) {
        char ratio[16] = "-";
        if (ossl > 0) snprintf(ratio, sizeof ratio, "%.2fx", mean[c] / ossl);
        printf("%-16s %-10s %14.0f %10.0f %8s\n", cname, cols[c].name, mean[c], sd[c], ratio);
        bench_json_add(&j, "\"case\": \"%s\", \"kernel\": \"%s\", \"mean_ns\": %.1f, \"std_ns\": %.1f, "
                       "\"runs\": %d",
                       cname, cols[c].name, mean[c], sd[c], runs - drop);
      }
    }
  free(t);
#ifdef FC_BENCH_OPENSSL
  for (int c = 0; c < ncol; c++)
    if (cols[c].ossl)
      for (size_t i = 0; i < NIN; i++) {
        EVP_PKEY_CTX_free(cols[c].ctx[i]);
        EVP_PKEY_free(cols[c].pkey[i]);
      }
#endif
  if (bench_json_close(&j) != 0) return 2;
  if (bad) {
    fprintf(stderr, "fc_bench ec: a verification failed\n");
    return 1;
  }
  return 0;
}
