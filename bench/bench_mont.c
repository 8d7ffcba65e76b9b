/*
 * fc_bench mont: the Montgomery kernels side by side.
 *
 *   fc_bench mont [--rounds R] [--target-us T] [--csv FILE] [--vectors DIR] [--json PATH]
 *
 * Tables (microseconds per call, median over R interleaved rounds; each
 * round times one run of about T us per column, column order rotated):
 *  1. per modulus size 1024..8192 and per usable kernel: fc_mont_mul (a
 *     single product at the API: conversion in and out included), sqr (one
 *     squaring inside an exponentiation: (t(2^64) - t(2^32)) / 32 of whole
 *     modpows, so conversions cancel; minima over the rounds, as a
 *     difference of medians is too noisy), modpow with e = 65537; OpenSSL
 *     (BN_mod_mul_montgomery, BN_mod_exp_mont) and GMP (mpz_powm) columns
 *     where built;
 *  2. fc_rsa_verify (SHA-256 digest given) per kernel against OpenSSL's
 *     EVP_PKEY_verify at 2048, 4096, 8192 bits (vboot keys), the issue's
 *     targets, the same with AVX-512 masked off (fc_init_features), and
 *     e = 3 at 2048 bits against GMP's mpz_powm_ui;
 *  3. fc_calibrate: its cost and its choice per class beside the kernel
 *     measured fastest in table 1.
 * --csv writes table 1's modpow column per size for bench/plot_modpow.gp;
 * --json every figure of the tables, one record each ("table", "op", "bits",
 * "kernel", "median_ns"; the calibration's "class" records name its choice).
 * Every result is checked against scalar32 (exit status 1 on a mismatch).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "bn/bn_internal.h"
#ifdef FC_BENCH_GMP
#include <gmp.h>
#endif

#define MAXC 12
static const unsigned sizes[] = {1024, 1536, 2048, 3072, 4096, 6144, 8192};
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

static int rounds = 15;
static double target_ns = 200e3;
static int failed;
static bench_json json; /* --json (closed: no records) */

/* A JSON record of one median; none when ns <= 0 (no such column, as "n/a"). */
static void rec(const char *table, const char *op, unsigned bits, const char *kernel, double ns) {
  if (ns > 0)
    bench_json_add(&json,
                   "\"table\": \"%s\", \"op\": \"%s\", \"bits\": %u, \"kernel\": \"%s\", "
                   "\"median_ns\": %.1f",
                   table, op, bits, kernel, ns);
}

/* One column: run(arg, iters) does iters calls. */
typedef void (*run_fn)(void *arg, uint64_t iters);

static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Median ns per call of each column, rounds interleaved and rotated; the
   minimum too when lo is not NULL. */
static void measure2(int nc, run_fn *fn, void **arg, double *med, double *lo) {
  uint64_t iters[MAXC];
  static double t[MAXC][64];
  int R = rounds > 64 ? 64 : rounds;
  for (int c = 0; c < nc; c++) {
    iters[c] = 1;
    for (;;) {
      double s = bench_ns(CLOCK_MONOTONIC);
      fn[c](arg[c], iters[c]);
      double d = bench_ns(CLOCK_MONOTONIC) - s;
      if (d >= target_ns || iters[c] > (1u << 24)) break;
      iters[c] *= d < target_ns / 8 ? 8 : 2;
    }
  }
  for (int r = 0; r < R; r++)
    for (int k = 0; k < nc; k++) {
      int c = (k + r) % nc;
      double s = bench_ns(CLOCK_MONOTONIC);
      fn[c](arg[c], iters[c]);
      t[c][r] = (bench_ns(CLOCK_MONOTONIC) - s) / (double)iters[c];
    }
  for (int c = 0; c < nc; c++) {
    qsort(t[c], (size_t)R, sizeof(double), cmpd);
    med[c] = t[c][R / 2];
    if (lo) lo[c] = t[c][0];
  }
}

static void measure(int nc, run_fn *fn, void **arg, double *med) { measure2(nc, fn, arg, med, NULL); }

/* ---------------- fastcrypt columns ---------------- */

typedef struct {
  fc_mont_ctx ctx;
  const uint32_t *a, *b;
  uint32_t r[FC_MONT_MAX_WORDS];
  const uint8_t *e;
  size_t e_len;
} fc_col;

static void run_mul(void *p, uint64_t n) {
  fc_col *c = p;
  for (uint64_t i = 0; i < n; i++) fc_mont_mul(&c->ctx, c->r, c->a, c->b);
}
static void run_pow(void *p, uint64_t n) {
  fc_col *c = p;
  for (uint64_t i = 0; i < n; i++) fc_modpow(&c->ctx, c->r, c->a, c->e, c->e_len);
}

typedef struct {
  fc_rsa_pubkey key;
  const uint8_t *sig, *digest;
  size_t sig_len;
} fc_ver;

static void run_verify(void *p, uint64_t n) {
  fc_ver *v = p;
  for (uint64_t i = 0; i < n; i++)
    if (fc_rsa_verify(&v->key, FC_SHA256, v->digest, 32, v->sig, v->sig_len) != FC_OK) failed = 1;
}

#ifdef FC_BENCH_OPENSSL
static void run_ossl(void *p, uint64_t n) {
  if (bench_ossl_run(p, n) != 0) failed = 1;
}
#endif

#ifdef FC_BENCH_GMP
typedef struct {
  mpz_t n, a, e, r;
  unsigned long e_ui; /* nonzero: mpz_powm_ui */
} gmp_col;

static void gmp_words(mpz_t z, const uint32_t *w, size_t nw) {
  mpz_init(z);
  mpz_import(z, nw, -1, sizeof(uint32_t), 0, 0, w);
}
static void run_gmp(void *p, uint64_t n) {
  gmp_col *g = p;
  for (uint64_t i = 0; i < n; i++) {
    if (g->e_ui)
      mpz_powm_ui(g->r, g->a, g->e_ui, g->n);
    else
      mpz_powm(g->r, g->a, g->e, g->n);
  }
}
static int gmp_check(gmp_col *g, const uint32_t *want, size_t nw) {
  uint32_t got[FC_MONT_MAX_WORDS] = {0};
  size_t cnt = 0;
  mpz_export(got, &cnt, -1, sizeof(uint32_t), 0, 0, g->r);
  return cnt <= nw && memcmp(got, want, 4 * nw) == 0;
}
#endif

/* ---------------- inputs ---------------- */

static uint64_t rng;
static uint32_t rnd(void) {
  rng = rng * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(rng >> 32);
}

static void inputs(unsigned bits, uint32_t *n, uint32_t *a, uint32_t *b) {
  size_t nw = bits / 32;
  rng = 0x6d6f6e74ull ^ bits;
  for (size_t i = 0; i < nw; i++) n[i] = rnd(), a[i] = rnd(), b[i] = rnd();
  n[0] |= 1;
  n[nw - 1] |= 0x80000000u;
  a[nw - 1] &= 0x7fffffffu;
  b[nw - 1] &= 0x7fffffffu;
}

static int usable_kernels(const char **names) {
  fc_impl_info info[MAXC];
  size_t n = fc_impls(FC_OP_MONT, info, MAXC);
  int k = 0;
  for (size_t i = 0; i < n && i < MAXC; i++)
    if (info[i].usable) names[k++] = info[i].name;
  return k;
}

static void print_us(double ns) {
  if (ns <= 0)
    printf(" n/a |");
  else
    printf(" %.2f |", ns / 1e3);
}

/* ---------------- table 1 ---------------- */

static double pow_ns[NSIZES][MAXC + 2]; /* modpow F4 per size: kernels, openssl, gmp */
static const char *knames[MAXC];
static int nk;

static void table_kernels(void) {
  static uint32_t n[FC_MONT_MAX_WORDS], a[FC_MONT_MAX_WORDS], b[FC_MONT_MAX_WORDS];
  static uint32_t ref_mul[FC_MONT_MAX_WORDS], ref_pow[FC_MONT_MAX_WORDS];
  static fc_col cols[MAXC][3]; /* mul, pow 2^64, pow 2^32 (and F4 reuses [1]) */
  static const uint8_t f4[3] = {1, 0, 1}, e64[9] = {1, 0, 0, 0, 0, 0, 0, 0, 0},
                       e32[5] = {1, 0, 0, 0, 0};
  printf("\n### Montgomery kernels: mont_mul / sqr / modpow (e = 65537), us per call\n\n");
  printf("| bits | op |");
  for (int k = 0; k < nk; k++) printf(" %s |", knames[k]);
  printf(" openssl | gmp |\n|---:|---|");
  for (int k = 0; k < nk + 2; k++) printf("---:|");
  printf("\n");
  for (size_t s = 0; s < NSIZES; s++) {
    unsigned bits = sizes[s];
    size_t nw = bits / 32;
    bench_progress((int)s + 1, (int)NSIZES, "mont_mul, sqr, modpow %u", bits);
    inputs(bits, n, a, b);
    run_fn fn[MAXC];
    void *arg[MAXC];
    double mul[MAXC + 2], p64[MAXC], p32[MAXC], f4n[MAXC + 2];
    for (int k = 0; k < nk; k++) {
      for (int j = 0; j < 3; j++) {
        fc_impl_select(FC_OP_MONT, knames[k]);
        fc_mont_init(&cols[k][j].ctx, n, nw);
        cols[k][j].a = a;
        cols[k][j].b = b;
      }
      fc_impl_select(FC_OP_MONT, NULL);
    }
    /* references from scalar32 */
    fc_impl_select(FC_OP_MONT, "scalar32");
    fc_mont_ctx ref;
    fc_mont_init(&ref, n, nw);
    fc_impl_select(FC_OP_MONT, NULL);
    fc_mont_mul(&ref, ref_mul, a, b);
    fc_modpow(&ref, ref_pow, a, f4, 3);

    int nc = 0;
    for (int k = 0; k < nk; k++) fn[nc] = run_mul, arg[nc++] = &cols[k][0];
#ifdef FC_BENCH_OPENSSL
    bench_input in;
    memset(&in, 0, sizeof(in));
    in.bits = bits;
    in.nwords = nw;
    memcpy(in.n, n, 4 * nw);
    memcpy(in.a, a, 4 * nw);
    memcpy(in.b, b, 4 * nw);
    memcpy(in.e, f4, 3);
    in.e_len = 3;
    in.op = BOP_MONT_MUL;
    bench_ossl *om = bench_ossl_new(&in);
    in.op = BOP_MODPOW_F4;
    bench_ossl *op = bench_ossl_new(&in);
    if (om) fn[nc] = run_ossl, arg[nc++] = om;
#endif
    measure(nc, fn, arg, mul);
    for (int k = 0; k < nk; k++)
      if (memcmp(cols[k][0].r, ref_mul, 4 * nw) != 0) {
        fprintf(stderr, "mont: %s mont_mul mismatch at %u bits\n", knames[k], bits);
        failed = 1;
      }
    /* modpow: F4 on [1] first, then 2^64 on [1], 2^32 on [2] */
    nc = 0;
    for (int k = 0; k < nk; k++) {
      cols[k][1].e = f4;
      cols[k][1].e_len = 3;
      fn[nc] = run_pow, arg[nc++] = &cols[k][1];
    }
#ifdef FC_BENCH_OPENSSL
    if (op) fn[nc] = run_ossl, arg[nc++] = op;
#endif
#ifdef FC_BENCH_GMP
    static gmp_col g;
    gmp_words(g.n, n, nw);
    gmp_words(g.a, a, nw);
    mpz_init_set_ui(g.e, 65537);
    mpz_init(g.r);
    g.e_ui = 0;
    fn[nc] = run_gmp, arg[nc++] = &g;
#endif
    measure(nc, fn, arg, f4n);
    for (int k = 0; k < nk; k++)
      if (memcmp(cols[k][1].r, ref_pow, 4 * nw) != 0) {
        fprintf(stderr, "mont: %s modpow mismatch at %u bits\n", knames[k], bits);
        failed = 1;
      }
#ifdef FC_BENCH_GMP
    if (!gmp_check(&g, ref_pow, nw)) {
      fprintf(stderr, "mont: gmp mismatch at %u bits\n", bits);
      failed = 1;
    }
#endif
    nc = 0;
    for (int k = 0; k < nk; k++) {
      cols[k][1].e = e64;
      cols[k][1].e_len = 9;
      cols[k][2].e = e32;
      cols[k][2].e_len = 5;
      fn[nc] = run_pow, arg[nc++] = &cols[k][1];
      fn[nc] = run_pow, arg[nc++] = &cols[k][2];
    }
    double pp[2 * MAXC], pmin[2 * MAXC];
    measure2(nc, fn, arg, pp, pmin); /* a difference: the minima are steadier */
    for (int k = 0; k < nk; k++) p64[k] = pmin[2 * k], p32[k] = pmin[2 * k + 1];

    /* rows */
    int oc = nk;
    bench_progress_clear();
    printf("| %u | mont_mul |", bits);
    for (int k = 0; k < nk; k++) print_us(mul[k]);
#ifdef FC_BENCH_OPENSSL
    print_us(om ? mul[oc] : 0);
#else
    print_us(0);
#endif
    print_us(0);
    printf("\n| %u | sqr |", bits);
    for (int k = 0; k < nk; k++) print_us((p64[k] - p32[k]) / 32);
    printf(" n/a | n/a |\n| %u | modpow |", bits);
    for (int k = 0; k < nk; k++) print_us(f4n[k]), pow_ns[s][k] = f4n[k];
    pow_ns[s][nk] = pow_ns[s][nk + 1] = 0;
#ifdef FC_BENCH_OPENSSL
    if (op) pow_ns[s][nk] = f4n[oc++];
#endif
#ifdef FC_BENCH_GMP
    pow_ns[s][nk + 1] = f4n[oc++];
    mpz_clears(g.n, g.a, g.e, g.r, NULL);
#endif
    print_us(pow_ns[s][nk]);
    print_us(pow_ns[s][nk + 1]);
    printf("\n");
    fflush(stdout);
    for (int k = 0; k < nk; k++) {
      rec("kernels", "mont_mul", bits, knames[k], mul[k]);
      rec("kernels", "sqr", bits, knames[k], (p64[k] - p32[k]) / 32);
      rec("kernels", "modpow_e65537", bits, knames[k], f4n[k]);
    }
#ifdef FC_BENCH_OPENSSL
    if (om) rec("kernels", "mont_mul", bits, "openssl", mul[nk]);
#endif
    rec("kernels", "modpow_e65537", bits, "openssl", pow_ns[s][nk]);
    rec("kernels", "modpow_e65537", bits, "gmp", pow_ns[s][nk + 1]);
#ifdef FC_BENCH_OPENSSL
    bench_ossl_free(om);
    bench_ossl_free(op);
#endif
    (void)oc;
  }
}

/* ---------------- table 2 ---------------- */

static uint8_t *read_vec(const char *dir, const char *name, size_t *len) {
  char path[1024];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  uint8_t *buf = malloc(1 << 16);
  *len = buf ? fread(buf, 1, 1 << 16, f) : 0;
  fclose(f);
  return buf;
}

static int vdone, vtotal; /* the progress line of table 2 */

/* Median ns of fc_rsa_verify per usable kernel (and the automatic one) and
   of OpenSSL, on vboot's key of `bits` bits; prints the row and gives each
   figure a JSON record in table `table`. Returns the ratio auto / openssl. */
static double verify_case(const char *vdir, unsigned bits, int exp3, const char *table) {
  char kn[128], sn[128];
  snprintf(kn, sizeof(kn), "testkeys/key_rsa%u%s.keyb", bits, exp3 ? "_exp3" : "");
  snprintf(sn, sizeof(sn), "testcases/test_file.rsa%u%s_sha256.sig", bits, exp3 ? "_exp3" : "");
  size_t klen = 0, slen = 0, dlen = 0;
  uint8_t *keyb = read_vec(vdir, kn, &klen), *sig = read_vec(vdir, sn, &slen),
          *dig = read_vec(vdir, "testcases/test_file.sha256.digest", &dlen);
  double ratio = 0;
  bench_progress(++vdone, vtotal, "rsa_verify %u%s", bits, exp3 ? " (e=3)" : "");
  if (!keyb || !sig || !dig || dlen != 32) {
    bench_progress_clear();
    printf("| %u%s | vectors not found in %s |\n", bits, exp3 ? " (e=3)" : "", vdir);
    goto out;
  }
  static fc_ver v[MAXC + 1];
  const char *names[MAXC];
  int n = usable_kernels(names);
  run_fn fn[MAXC + 2];
  void *arg[MAXC + 2];
  int nc = 0;
  for (int k = 0; k <= n; k++) { /* k = n: the automatic choice */
    if (k < n) fc_impl_select(FC_OP_MONT, names[k]);
    if (fc_rsa_pubkey_from_vboot(&v[k].key, keyb, klen, exp3 ? 3 : 65537) != FC_OK) {
      failed = 1;
      goto out;
    }
    fc_impl_select(FC_OP_MONT, NULL);
    v[k].sig = sig;
    v[k].sig_len = slen;
    v[k].digest = dig;
    fn[nc] = run_verify, arg[nc++] = &v[k];
  }
  const char *autoname = ((const fc__mont_kernel *)v[n].key.mont.kernel)->h.name;
#ifdef FC_BENCH_OPENSSL
  bench_input in;
  memset(&in, 0, sizeof(in));
  in.op = BOP_RSA_VERIFY;
  in.bits = bits;
  in.nwords = bits / 32;
  for (size_t i = 0; i < in.nwords; i++) {
    const uint8_t *p = keyb + 8 + 4 * i;
    in.n[i] = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
  }
  in.e_len = exp3 ? 1 : 3;
  memcpy(in.e, exp3 ? (const uint8_t *)"\x03" : (const uint8_t *)"\x01\x00\x01", in.e_len);
  in.sig = sig;
  in.sig_len = slen;
  memcpy(in.digest, dig, 32);
  bench_ossl *o = bench_ossl_new(&in);
  if (o) fn[nc] = run_ossl, arg[nc++] = o;
#endif
  double med[MAXC + 2];
  measure(nc, fn, arg, med);
  double ossl = nc > n + 1 ? med[n + 1] : 0;
  ratio = ossl > 0 ? med[n] / ossl : 0;
  bench_progress_clear();
  printf("| %u%s |", bits, exp3 ? " (e=3)" : "");
  for (int k = 0; k < n; k++) print_us(med[k]);
  printf(" %s %.2f |", autoname, med[n] / 1e3);
  print_us(ossl);
  if (ossl > 0)
    printf(" %.3f |\n", ratio);
  else
    printf(" n/a |\n");
  const char *op = exp3 ? "rsa_verify_e3" : "rsa_verify";
  for (int k = 0; k < n; k++) rec(table, op, bits, names[k], med[k]);
  rec(table, op, bits, "openssl", ossl);
  bench_json_add(&json,
                 "\"table\": \"%s\", \"op\": \"%s\", \"bits\": %u, \"kernel\": \"auto\", "
                 "\"auto_kernel\": \"%s\", \"median_ns\": %.1f",
                 table, op, bits, autoname, med[n]);
#ifdef FC_BENCH_OPENSSL
  bench_ossl_free(o);
#endif
out:
  free(keyb);
  free(sig);
  free(dig);
  return ratio;
}

static void table_verify(const char *vdir) {
  printf("\n### fc_rsa_verify vs OpenSSL EVP_PKEY_verify (SHA-256 digest given), us per call\n\n");
  printf("| bits |");
  for (int k = 0; k < nk; k++) printf(" %s |", knames[k]);
  printf(" auto | openssl | auto/openssl |\n|---:|");
  for (int k = 0; k < nk + 3; k++) printf("---:|");
  printf("\n");
  uint64_t probed = fc_cpu_features_probed();
  vtotal = probed & FC_CPU_AVX512F ? 5 : 4;
  double r2 = verify_case(vdir, 2048, 0, "verify"), r4 = verify_case(vdir, 4096, 0, "verify"),
         r8 = verify_case(vdir, 8192, 0, "verify");
  verify_case(vdir, 2048, 1, "verify");
  printf("\nTargets (auto/openssl): 2048 %.3f (<= 0.30), 4096 %.3f (<= 0.25), 8192 %.3f (<= 0.50)\n",
         r2, r4, r8);
  if (probed & FC_CPU_AVX512F) {
    fc_init_features(probed & ~FC_CPU_AVX512F);
    printf("\nWith AVX-512 masked off (as FASTCRYPT_CPU=-avx512f):\n\n| bits |");
    const char *names[MAXC];
    int n = usable_kernels(names);
    for (int k = 0; k < n; k++) printf(" %s |", names[k]);
    printf(" auto | openssl | auto/openssl |\n|---:|");
    for (int k = 0; k < n + 3; k++) printf("---:|");
    printf("\n");
    double rm = verify_case(vdir, 2048, 0, "verify_no_avx512");
    printf("\nTarget without AVX-512: 2048 %.3f (<= 1.0)\n", rm);
    fc_init_features(~(uint64_t)0);
  }
#ifdef FC_BENCH_GMP
  /* e = 3 at 2048 bits: the automatic kernel's fc_modpow against mpz_powm_ui */
  static uint32_t n[FC_MONT_MAX_WORDS], a[FC_MONT_MAX_WORDS], b[FC_MONT_MAX_WORDS];
  static fc_col c;
  static gmp_col g;
  const uint8_t e3[1] = {3};
  inputs(2048, n, a, b);
  fc_mont_init(&c.ctx, n, 64);
  c.a = a;
  c.e = e3;
  c.e_len = 1;
  gmp_words(g.n, n, 64);
  gmp_words(g.a, a, 64);
  mpz_init(g.e);
  mpz_init(g.r);
  g.e_ui = 3;
  run_fn fn[2] = {run_pow, run_gmp};
  void *arg[2] = {&c, &g};
  double med[2];
  bench_progress(1, 1, "e = 3: fc_modpow, mpz_powm_ui");
  measure(2, fn, arg, med);
  bench_progress_clear();
  if (!gmp_check(&g, c.r, 64)) failed = 1;
  rec("e3", "modpow_e3", 2048, fc_impl_active_for_bits(FC_OP_MONT, 2048), med[0]);
  rec("e3", "modpow_e3", 2048, "gmp", med[1]);
  printf("\ne = 3 at 2048 bits: fc_modpow (%s) %.2f us, GMP mpz_powm_ui %.2f us: %.2fx\n",
         fc_impl_active_for_bits(FC_OP_MONT, 2048), med[0] / 1e3, med[1] / 1e3, med[0] / med[1]);
  mpz_clears(g.n, g.a, g.e, g.r, NULL);
#endif
}

/* ---------------- table 3 ---------------- */

static void table_calibration(void) {
  double t[9];
  for (int i = 0; i < 9; i++) {
    bench_progress(i + 1, 9, "fc_calibrate");
    double s = bench_ns(CLOCK_MONOTONIC);
    if (fc_calibrate(FC_OP_MONT) != FC_OK) failed = 1;
    t[i] = bench_ns(CLOCK_MONOTONIC) - s;
  }
  bench_progress_clear();
  qsort(t, 9, sizeof(double), cmpd);
  rec("calibrate", "fc_calibrate", 0, "auto", t[4]);
  fc_impl_class cl[FC_MONT_CLASSES];
  fc_impl_classes(FC_OP_MONT, cl, FC_MONT_CLASSES);
  printf("\n### fc_calibrate(FC_OP_MONT): median %.0f us (min %.0f, max %.0f of 9 calls)\n\n",
         t[4] / 1e3, t[0] / 1e3, t[8] / 1e3);
  printf("| class | calibrated choice | fastest modpow in table 1 (size: kernel) |\n|---|---|---|\n");
  for (int c = 0; c < FC_MONT_CLASSES; c++) {
    printf("| <= %u | %s |", cl[c].max_bits, cl[c].name);
    bench_json_add(&json, "\"table\": \"calibrate\", \"op\": \"class\", \"bits\": %u, "
                          "\"kernel\": \"%s\"", cl[c].max_bits, cl[c].name);
    for (size_t s = 0; s < NSIZES; s++) {
      if (fc__mont_class(sizes[s]) != (unsigned)c) continue;
      int best = 0;
      for (int k = 1; k < nk; k++)
        if (pow_ns[s][k] < pow_ns[s][best]) best = k;
      printf(" %u: %s", sizes[s], knames[best]);
    }
    printf(" |\n");
  }
  fc_impl_select(FC_OP_MONT, NULL); /* the calibration stays in force */
}

static void write_csv(const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "mont: cannot write %s\n", path);
    failed = 1;
    return;
  }
  fprintf(f, "bits");
  for (int k = 0; k < nk; k++) fprintf(f, ",%s", knames[k]);
  fprintf(f, ",openssl,gmp\n");
  for (size_t s = 0; s < NSIZES; s++) {
    fprintf(f, "%u", sizes[s]);
    for (int k = 0; k < nk + 2; k++) {
      if (pow_ns[s][k] > 0)
        fprintf(f, ",%.3f", pow_ns[s][k] / 1e3);
      else
        fprintf(f, ",");
    }
    fprintf(f, "\n");
  }
  fclose(f);
}

int bench_mont_main(const bench_opts *o) {
  if (o->runs) rounds = o->runs;
  if (o->target_us) target_ns = o->target_us * 1e3;
  if (rounds < 1) {
    fprintf(stderr, "fc_bench mont: --rounds needs at least 1\n");
    return 2;
  }
  if (bench_json_open(&json, o->json) != 0) return 2;
  fc_init();
  char cpu[128] = "?";
  fc_cpu_name(cpu, sizeof(cpu));
  nk = usable_kernels(knames);
  printf("# fc_bench mont\n\n- CPU: %s\n- kernels usable: %d, static order first: %s\n", cpu, nk,
         knames[0]);
#ifdef FC_BENCH_OPENSSL
  printf("- OpenSSL: %s\n", bench_ossl_version());
#endif
#ifdef FC_BENCH_GMP
  printf("- GMP: %s\n", gmp_version);
#endif
  printf("- method: median of %d interleaved rounds of about %.0f us per column\n", rounds,
         target_ns / 1e3);
  table_kernels();
  table_verify(o->vectors);
  table_calibration();
  if (o->csv) write_csv(o->csv);
  if (bench_json_close(&json) != 0) failed = 1;
  if (failed) fprintf(stderr, "fc_bench mont: a result was wrong\n");
  return failed ? 1 : 0;
}
