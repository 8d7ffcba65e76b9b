/*
 * fc_bench oneshot: what a key costs to set up, against the verification it
 * precedes. Per usable Montgomery kernel (pinned), at 2048, 3072, 4096 and
 * 8192 bits, e = 65537 and e = 3, on a fixed pseudo-random modulus and a
 * signature below it that does not verify (the same work as one that does:
 * the whole encoded message is compared; every call's FC_ERR_SIG is checked):
 *  - verify:           warm fc_rsa_verify on a key set up once (no prepare);
 *  - verify_prepared:  the same after fc_rsa_pubkey_prepare (opt-in);
 *  - rsa_oneshot:      fc_rsa_pubkey_init(n, e) + fc_rsa_verify;
 *  - rsa_oneshot_der:  fc_rsa_pubkey_from_der(SPKI) + fc_rsa_verify;
 *  - rsa_oneshot_vboot: fc_rsa_pubkey_from_vboot(.keyb, its rr checked) + fc_rsa_verify;
 *  - mont_init:        fc_mont_init (R^2 mod n and the kernel's constants);
 *  - mont_init_rr:     fc_mont_init_rr (given rr: the kernel's constants only).
 * OpenSSL 3 beside them (when built with it): verify = EVP_PKEY_verify on a
 * context made once; rsa_oneshot_der = d2i_PUBKEY + EVP_PKEY_CTX_new +
 * EVP_PKEY_verify_init + padding and md + EVP_PKEY_verify + frees.
 * Each cell: the median per-call time over --runs runs (each about
 * --target-us long), and its ratio to the same column's warm verify; the
 * ops of a column are timed in rotation, so a burst of load hits them alike.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "core/fc_internal.h"

#ifdef FC_BENCH_OPENSSL
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#endif

enum { OP_VERIFY, OP_VERIFY_PREP, OP_ONESHOT, OP_ONESHOT_DER, OP_ONESHOT_VBOOT, OP_MONT_INIT,
       OP_MONT_INIT_RR, NOPS };
static const char *const op_names[NOPS] = {"verify",          "verify_prepared", "rsa_oneshot",
                                           "rsa_oneshot_der", "rsa_oneshot_vboot", "mont_init",
                                           "mont_init_rr"};
#define MAX_COLS 12

typedef struct {
  unsigned bits;
  uint32_t e;
  size_t nb, nw;
  uint8_t n[FC_RSA_MAX_BYTES], sig[FC_RSA_MAX_BYTES], digest[32], e_be[4];
  size_t e_len;
  uint32_t nwords[FC_MONT_MAX_WORDS], rr[FC_MONT_MAX_WORDS], n0inv;
  uint8_t der[FC_RSA_MAX_BYTES + 64];
  size_t der_len;
  uint8_t keyb[8 + 2 * FC_RSA_MAX_BYTES];
  size_t keyb_len;
} input;

typedef struct {
  const char *name; /* kernel, or "openssl" */
  int is_ossl;
  fc_rsa_pubkey *key, *prep, *tmp;
  fc_mont_ctx *ctx;
#ifdef FC_BENCH_OPENSSL
  EVP_PKEY *pkey;
  EVP_PKEY_CTX *vctx;
#endif
} column;

static uint64_t rng_state;
/* DER length octets. */
static size_t der_len(uint8_t *p, size_t len) {
  if (len < 128) {
    p[0] = (uint8_t)len;
    return 1;
  }
  size_t k = len < 256 ? 1 : 2;
  p[0] = (uint8_t)(0x80 | k);
  for (size_t i = 0; i < k; i++) p[1 + i] = (uint8_t)(len >> (8 * (k - 1 - i)));
  return 1 + k;
}
/* INTEGER of an unsigned big-endian value (no leading zeros in v). */
static size_t der_uint(uint8_t *p, const uint8_t *v, size_t len) {
  size_t pad = v[0] & 0x80 ? 1 : 0, o = 0;
  p[o++] = 0x02;
  o += der_len(p + o, len + pad);
  if (pad) p[o++] = 0;
  memcpy(p + o, v, len);
  return o + len;
}
/* SubjectPublicKeyInfo { rsaEncryption NULL, BIT STRING { RSAPublicKey { n, e } } }. */
static void make_spki(input *in) {
  static const uint8_t alg[] = {0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
                                0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};
  uint8_t ints[FC_RSA_MAX_BYTES + 32], rpk[FC_RSA_MAX_BYTES + 40], bits[FC_RSA_MAX_BYTES + 48];
  size_t li = der_uint(ints, in->n, in->nb);
  li += der_uint(ints + li, in->e_be, in->e_len);
  size_t lr = 0;
  rpk[lr++] = 0x30;
  lr += der_len(rpk + lr, li);
  memcpy(rpk + lr, ints, li);
  lr += li;
  size_t lb = 0;
  bits[lb++] = 0x03;
  lb += der_len(bits + lb, lr + 1);
  bits[lb++] = 0;
  memcpy(bits + lb, rpk, lr);
  lb += lr;
  size_t o = 0;
  in->der[o++] = 0x30;
  o += der_len(in->der + o, sizeof(alg) + lb);
  memcpy(in->der + o, alg, sizeof(alg));
  o += sizeof(alg);
  memcpy(in->der + o, bits, lb);
  in->der_len = o + lb;
}

static void put_le32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static int make_input(input *in, unsigned bits, uint32_t e) {
  memset(in, 0, sizeof(*in));
  in->bits = bits;
  in->e = e;
  in->nb = bits / 8;
  in->nw = bits / 32;
  rng_state = 0x6f6e6573686f74ull ^ bits;
  for (size_t i = 0; i < in->nb; i++) in->n[i] = (uint8_t)bench_rng32(&rng_state), in->sig[i] = (uint8_t)bench_rng32(&rng_state);
  in->n[0] |= 0x80;
  in->n[in->nb - 1] |= 1;
  in->sig[0] = 0x12; /* below n */
  for (size_t i = 0; i < 32; i++) in->digest[i] = (uint8_t)i;
  if (e == 3) {
    in->e_be[0] = 3;
    in->e_len = 1;
  } else {
    in->e_be[0] = 1, in->e_be[1] = 0, in->e_be[2] = 1;
    in->e_len = 3;
  }
  for (size_t i = 0; i < in->nw; i++) {
    const uint8_t *p = in->n + in->nb - 4 - 4 * i;
    in->nwords[i] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
  }
  fc_mont_ctx *c = malloc(sizeof(*c));
  if (c == NULL) return -1;
  fc_impl_select(FC_OP_MONT, "scalar32");
  fc_err rc = fc_mont_init(c, in->nwords, in->nw);
  fc_impl_select(FC_OP_MONT, NULL);
  if (rc == FC_OK) {
    memcpy(in->rr, c->rr, 4 * in->nw);
    in->n0inv = c->n0inv;
  }
  free(c);
  make_spki(in);
  put_le32(in->keyb, (uint32_t)in->nw);
  put_le32(in->keyb + 4, in->n0inv);
  for (size_t i = 0; i < in->nw; i++) {
    put_le32(in->keyb + 8 + 4 * i, in->nwords[i]);
    put_le32(in->keyb + 8 + 4 * (in->nw + i), in->rr[i]);
  }
  in->keyb_len = 8 + 8 * in->nw;
  return rc == FC_OK ? 0 : -1;
}

static int verify_sig(const fc_rsa_pubkey *k, const input *in) {
  return fc_rsa_verify(k, FC_SHA256, in->digest, 32, in->sig, in->nb) == FC_ERR_SIG ? 0 : -1;
}

/* One call of op on col; 0 when it returned what it must. */
static int call_op(column *col, const input *in, int op) {
#ifdef FC_BENCH_OPENSSL
  if (col->is_ossl) {
    if (op == OP_VERIFY)
      return EVP_PKEY_verify(col->vctx, in->sig, in->nb, in->digest, 32) == 0 ? 0 : -1;
    const unsigned char *p = in->der;
    EVP_PKEY *pk = d2i_PUBKEY(NULL, &p, (long)in->der_len);
    EVP_PKEY_CTX *v = pk ? EVP_PKEY_CTX_new(pk, NULL) : NULL;
    int ok = v != NULL && EVP_PKEY_verify_init(v) > 0 &&
             EVP_PKEY_CTX_set_rsa_padding(v, RSA_PKCS1_PADDING) > 0 &&
             EVP_PKEY_CTX_set_signature_md(v, EVP_sha256()) > 0 &&
             EVP_PKEY_verify(v, in->sig, in->nb, in->digest, 32) == 0;
    EVP_PKEY_CTX_free(v);
    EVP_PKEY_free(pk);
    return ok ? 0 : -1;
  }
#endif
  switch (op) {
    case OP_VERIFY: return verify_sig(col->key, in);
    case OP_VERIFY_PREP: return verify_sig(col->prep, in);
    case OP_ONESHOT:
      if (fc_rsa_pubkey_init(col->tmp, in->n, in->nb, in->e_be, in->e_len) != FC_OK) return -1;
      return verify_sig(col->tmp, in);
    case OP_ONESHOT_DER:
      if (fc_rsa_pubkey_from_der(col->tmp, in->der, in->der_len) != FC_OK) return -1;
      return verify_sig(col->tmp, in);
    case OP_ONESHOT_VBOOT:
      if (fc_rsa_pubkey_from_vboot(col->tmp, in->keyb, in->keyb_len, in->e) != FC_OK) return -1;
      return verify_sig(col->tmp, in);
    case OP_MONT_INIT: return fc_mont_init(col->ctx, in->nwords, in->nw) == FC_OK ? 0 : -1;
    case OP_MONT_INIT_RR:
      return fc_mont_init_rr(col->ctx, in->nwords, in->rr, in->n0inv, in->nw) == FC_OK ? 0 : -1;
  }
  return -1;
}

static int has_op(const column *col, int op) {
  return col->is_ossl ? op == OP_VERIFY || op == OP_ONESHOT_DER : 1;
}

/* Keys for col, its kernel pinned (a key records the kernel of its init). */
static int setup(column *col, const input *in) {
#ifdef FC_BENCH_OPENSSL
  if (col->is_ossl) {
    EVP_PKEY_CTX_free(col->vctx);
    EVP_PKEY_free(col->pkey);
    const unsigned char *p = in->der;
    col->pkey = d2i_PUBKEY(NULL, &p, (long)in->der_len);
    col->vctx = col->pkey ? EVP_PKEY_CTX_new(col->pkey, NULL) : NULL;
    return col->vctx != NULL && EVP_PKEY_verify_init(col->vctx) > 0 &&
                   EVP_PKEY_CTX_set_rsa_padding(col->vctx, RSA_PKCS1_PADDING) > 0 &&
                   EVP_PKEY_CTX_set_signature_md(col->vctx, EVP_sha256()) > 0
               ? 0
               : -1;
  }
#endif
  if (fc_impl_select(FC_OP_MONT, col->name) != FC_OK) return -1;
  int ok = fc_rsa_pubkey_init(col->key, in->n, in->nb, in->e_be, in->e_len) == FC_OK;
  memcpy(col->prep, col->key, sizeof(*col->key));
  ok = ok && fc_rsa_pubkey_prepare(col->prep) == FC_OK;
  return ok ? 0 : -1;
}

/* Calls per run for about target_ns (at least 1). */
static uint64_t calibrate(column *col, const input *in, int op, double target_ns, int *bad) {
  uint64_t it = 1;
  for (;;) {
    double t0 = bench_ns(CLOCK_MONOTONIC);
    for (uint64_t i = 0; i < it; i++) *bad |= call_op(col, in, op);
    double t = bench_ns(CLOCK_MONOTONIC) - t0;
    if (t >= target_ns / 2 || it >= ((uint64_t)1 << 30)) {
      double k = (double)it * target_ns / (t > 0 ? t : 1);
      return k < 1 ? 1 : (uint64_t)(k + 0.5);
    }
    it *= 2;
  }
}

int bench_oneshot_main(const bench_opts *opts) {
  int runs = opts->runs ? opts->runs : 31;
  double target_ns = (opts->target_us ? opts->target_us : 300) * 1e3;
  if (runs < 1 || runs > 1000) {
    fprintf(stderr, "fc_bench oneshot: --runs must be 1..1000\n");
    return 2;
  }
  static const unsigned sizes[] = {2048, 3072, 4096, 8192};
  static const uint32_t exps[] = {65537, 3};
  fc_impl_info impls[MAX_COLS];
  size_t nimpl = fc_impls(FC_OP_MONT, impls, MAX_COLS);
  nimpl = nimpl > MAX_COLS ? MAX_COLS : nimpl;
  static column cols[MAX_COLS + 1];
  int ncols = 0;
  for (size_t i = 0; i < nimpl; i++)
    if (impls[i].usable && bench_in_list(opts->kernels, impls[i].name)) cols[ncols++].name = impls[i].name;
#ifdef FC_BENCH_OPENSSL
  if (bench_in_list(opts->kernels, "openssl")) {
    cols[ncols].name = "openssl";
    cols[ncols++].is_ossl = 1;
  }
#endif
  if (ncols == 0) {
    fprintf(stderr, "fc_bench oneshot: no usable column\n");
    return 2;
  }
  for (int k = 0; k < ncols; k++) {
    cols[k].key = malloc(sizeof(fc_rsa_pubkey));
    cols[k].prep = malloc(sizeof(fc_rsa_pubkey));
    cols[k].tmp = malloc(sizeof(fc_rsa_pubkey));
    cols[k].ctx = malloc(sizeof(fc_mont_ctx));
    if (!cols[k].key || !cols[k].prep || !cols[k].tmp || !cols[k].ctx) return 2;
  }
  bench_json json;
  if (bench_json_open(&json, opts->json) != 0) return 2;
  input *in = malloc(sizeof(*in));
  double *samples = malloc(sizeof(double) * (size_t)runs * NOPS);
  static double med[MAX_COLS + 1][NOPS], mins[MAX_COLS + 1][NOPS];
  if (in == NULL || samples == NULL) return 2;
  int failed = 0;

  printf("# fc_bench oneshot\n\n- key set-up + one verification against a warm verification, "
         "per Montgomery kernel; median of %d runs of about %.0f us, CLOCK_MONOTONIC; "
         "(x.xx) = ratio to the column's warm verify (no fc_rsa_pubkey_prepare)\n",
         runs, target_ns / 1e3);
  for (size_t ei = 0; ei < sizeof(exps) / sizeof(exps[0]); ei++) {
    printf("\n| op, e = %u | bits |", exps[ei]);
    for (int k = 0; k < ncols; k++) printf(" %s |", cols[k].name);
    printf("\n|---|---:|");
    for (int k = 0; k < ncols; k++) printf("---:|");
    printf("\n");
    fflush(stdout);
    for (size_t si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
      unsigned bits = sizes[si];
      char name[48];
      snprintf(name, sizeof(name), "oneshot/%u/e%u", bits, exps[ei]);
      if (opts->filter && strstr(name, opts->filter) == NULL) continue;
      if (make_input(in, bits, exps[ei]) != 0) return 2;
      bench_progress((int)(ei * 4 + si + 1), 8, "%s", name);
      for (int k = 0; k < ncols; k++) {
        column *col = &cols[k];
        int bad = setup(col, in) != 0;
        uint64_t iters[NOPS] = {0};
        for (int op = 0; op < NOPS && !bad; op++)
          if (has_op(col, op)) iters[op] = calibrate(col, in, op, target_ns, &bad);
        for (int r = 0; r < runs && !bad; r++)
          for (int op = 0; op < NOPS; op++) {
            if (!has_op(col, op)) continue;
            double t0 = bench_ns(CLOCK_MONOTONIC);
            for (uint64_t i = 0; i < iters[op]; i++) bad |= call_op(col, in, op);
            samples[(size_t)op * (size_t)runs + (size_t)r] = (bench_ns(CLOCK_MONOTONIC) - t0) / (double)iters[op];
          }
        if (!col->is_ossl) fc_impl_select(FC_OP_MONT, NULL);
        if (bad) {
          fprintf(stderr, "fc_bench oneshot: %s %s: a call failed\n", name, col->name);
          failed = 1;
          for (int op = 0; op < NOPS; op++) med[k][op] = -1;
          continue;
        }
        for (int op = 0; op < NOPS; op++) {
          if (!has_op(col, op)) {
            med[k][op] = -1;
            continue;
          }
          double *x = samples + (size_t)op * (size_t)runs;
          qsort(x, (size_t)runs, sizeof(double), bench_cmp_double);
          med[k][op] = runs % 2 ? x[runs / 2] : (x[runs / 2 - 1] + x[runs / 2]) / 2;
          mins[k][op] = x[0];
        }
      }
      bench_progress_clear();
      for (int op = 0; op < NOPS; op++) {
        printf("| %s | %u |", op_names[op], bits);
        for (int k = 0; k < ncols; k++) {
          if (med[k][op] < 0) {
            printf(" - |");
            continue;
          }
          double ratio = med[k][OP_VERIFY] > 0 ? med[k][op] / med[k][OP_VERIFY] : 0;
          if (med[k][op] >= 1e5)
            printf(" %.0f us (%.2f) |", med[k][op] / 1e3, ratio);
          else
            printf(" %.2f us (%.2f) |", med[k][op] / 1e3, ratio);
          bench_json_add(&json,
                         "\"mode\": \"oneshot\", \"op\": \"%s\", \"bits\": %u, \"e\": %u, "
                         "\"impl\": \"%s\", \"median_ns\": %.1f, \"min_ns\": %.1f, "
                         "\"ratio_to_verify\": %.4f, \"runs\": %d",
                         op_names[op], bits, exps[ei], cols[k].name, med[k][op], mins[k][op],
                         ratio, runs);
        }
        printf("\n");
      }
      fflush(stdout);
    }
  }
  failed |= bench_json_close(&json) != 0;
  for (int k = 0; k < ncols; k++) {
#ifdef FC_BENCH_OPENSSL
    EVP_PKEY_CTX_free(cols[k].vctx);
    EVP_PKEY_free(cols[k].pkey);
#endif
    free(cols[k].key);
    free(cols[k].prep);
    free(cols[k].tmp);
    free(cols[k].ctx);
  }
  free(in);
  free(samples);
  if (failed) fprintf(stderr, "fc_bench: FAILED (see the messages above)\n");
  return failed ? 1 : 0;
}
