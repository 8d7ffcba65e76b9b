/*
 * fc_bench verify (the default mode): mont_mul, modpow (e = 65537 and e = 3) and PKCS#1 v1.5 RSA
 * verification with SHA-256, for every usable Montgomery kernel (each pinned
 * with fc_impl_select) and OpenSSL 3 when built with it.
 *
 * Method: per case, every column's iteration count is calibrated once so a
 * run lasts about --target-us (1 ms by default; at least one call). Then
 * --runs rounds (100), each timing one run per column, the column order
 * rotated every round so a burst of load hits all columns alike; the first 5
 * rounds are warm-up and dropped. Per column: mean and sample standard
 * deviation of the per-call time over the kept runs, and the improvement
 * against scalar32, (t_scalar32 - t) / t_scalar32 * 100. CLOCK_MONOTONIC.
 *
 * Timed loops (all setup is outside them), fastcrypt side:
 *  - mont_mul:   fc_mont_mul(ctx, r, a, b) on a context initialised once.
 *  - modpow:     fc_modpow(ctx, r, a, e): argument checks, the kernel's
 *                conversion in, the exponentiation, conversion out.
 *  - rsa_verify: fc_rsa_verify(key, FC_SHA256, digest, sig) on a key loaded
 *                once with fc_rsa_pubkey_from_vboot (Montgomery constants
 *                computed there); each call checks lengths and range,
 *                exponentiates and compares the whole expected encoding.
 * The OpenSSL side is described in bench_openssl.c.
 *
 * Sanity checks (exit status 1, not a test): every timed fc_rsa_verify
 * returns FC_OK (EVP_PKEY_verify 1), and every column's mont_mul and modpow
 * result equals scalar32's.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "bench_vboot.h"
#include "core/fc_cpu_names.h"
#include "core/fc_internal.h"

#define MAX_COLS 12
#define MAX_CASES 32
#define WARMUP 5
#define PROBE_CALLS 100

static const unsigned random_bits[] = {1024, 2048, 3072, 4096, 8192};
static const unsigned rsa_bits[] = {2048, 4096};

typedef struct {
  int runs, warmup;
  double target_ns;
  const char *json, *filter, *kernels, *vdir, *clock;
} options;

typedef struct {
  const char *name;
  int is_ossl;
  fc_mont_ctx *ctx;   /* fastcrypt: mont_mul, modpow */
  fc_rsa_pubkey *key; /* fastcrypt: rsa_verify */
  uint32_t r[FC_MONT_MAX_WORDS];
#ifdef FC_BENCH_OPENSSL
  bench_ossl *ossl;
#endif
  const char *failure; /* NULL while the current case is going well */
  uint64_t iters; /* calls per run */
  double *samples; /* ns per call, one per kept run */
} column;

/* ---------------- helpers ---------------- */

/* CLOCK_MONOTONIC by default; --clock thread: CLOCK_THREAD_CPUTIME_ID, which
   leaves out the time the thread is descheduled (a busy shared machine). */
static clockid_t bench_clock = CLOCK_MONOTONIC;

/* bench_rng32's state: fixed-seed operands. */
static uint64_t rng_state;

static uint8_t *read_all(const char *dir, const char *name, size_t *len) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    fprintf(stderr, "fc_bench: cannot open %s (use --vectors DIR)\n", path);
    return NULL;
  }
  size_t cap = 1 << 16, n = 0, got;
  uint8_t *buf = malloc(cap);
  while (buf != NULL && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      uint8_t *nb = realloc(buf, cap *= 2);
      if (nb == NULL) free(buf);
      buf = nb;
    }
  }
  fclose(f);
  *len = n;
  return buf;
}

/* Sorts x (n >= 1) for the median. */
static void stats(double *x, int n, double *mean, double *std, double *median) {
  qsort(x, (size_t)n, sizeof(double), bench_cmp_double);
  *median = n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
  bench_mean_std(x, n, mean, std);
}

static void print_features(uint64_t f) {
  int any = 0;
  for (size_t i = 0; i < FC_CPU_FEATURE_NAMES; i++)
    if (f & fc_cpu_feature_names[i].bit) {
      printf("%s%s", any ? " " : "", fc_cpu_feature_names[i].name);
      any = 1;
    }
  if (!any) printf("(none)");
}

/* ---------------- inputs ---------------- */

static int load_input(bench_input *in, const bench_case *c, const char *vdir) {
  free(in->keyb);
  free(in->sig);
  memset(in, 0, sizeof(*in));
  in->op = c->op;
  in->bits = c->bits;
  in->nwords = c->bits / 32;
  if (c->op == BOP_MODPOW_E3) {
    in->e[0] = 3;
    in->e_len = 1;
  } else {
    in->e[0] = 1, in->e[1] = 0, in->e[2] = 1;
    in->e_len = 3;
  }
  if (c->op != BOP_RSA_VERIFY) {
    /* Random odd n with its top bit set; a, b < 2^(bits-1) < n. The same
       numbers at a size for every op: the seed depends on the size only. */
    rng_state = 0x66635f62656e6368ull ^ c->bits;
    for (size_t i = 0; i < in->nwords; i++) in->n[i] = bench_rng32(&rng_state);
    in->n[0] |= 1;
    in->n[in->nwords - 1] |= 0x80000000u;
    for (size_t i = 0; i < in->nwords; i++) in->a[i] = bench_rng32(&rng_state), in->b[i] = bench_rng32(&rng_state);
    in->a[in->nwords - 1] &= 0x7fffffffu;
    in->b[in->nwords - 1] &= 0x7fffffffu;
    return 0;
  }
  char name[64];
  size_t dlen = 0;
  snprintf(name, sizeof(name), "testkeys/key_rsa%u.keyb", c->bits);
  in->keyb = read_all(vdir, name, &in->keyb_len);
  snprintf(name, sizeof(name), "testcases/test_file.rsa%u_sha256.sig", c->bits);
  in->sig = read_all(vdir, name, &in->sig_len);
  uint8_t *d = read_all(vdir, "testcases/test_file.sha256.digest", &dlen);
  int ok = in->keyb && in->sig && d && dlen == 32 && in->keyb_len == 8 + (size_t)c->bits / 4;
  if (ok) {
    memcpy(in->digest, d, 32);
    for (size_t i = 0; i < in->nwords; i++) { /* .keyb: nwords, n0inv, n[] little-endian */
      const uint8_t *p = in->keyb + 8 + 4 * i;
      in->n[i] = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    }
  } else if (in->keyb && in->sig && d) {
    fprintf(stderr, "fc_bench: unexpected sizes of the rsa%u vectors\n", c->bits);
  }
  free(d);
  return ok ? 0 : -1;
}

/* scalar32's mont_mul or modpow result: what every column must reproduce. */
static int reference(const bench_input *in, fc_mont_ctx *ctx, uint32_t *ref) {
  if (fc_impl_select(FC_OP_MONT, "scalar32") != FC_OK) return -1;
  fc_err rc = fc_mont_init(ctx, in->n, in->nwords);
  fc_impl_select(FC_OP_MONT, NULL);
  if (rc != FC_OK) return -1;
  if (in->op == BOP_MONT_MUL) {
    fc_mont_mul(ctx, ref, in->a, in->b);
    return 0;
  }
  return fc_modpow(ctx, ref, in->a, in->e, in->e_len) == FC_OK ? 0 : -1;
}

/* ---------------- columns ---------------- */

/* Sets col up for in, outside any timed loop. A fastcrypt context or key
   records the kernel active at its init: pin first, init, then unpin. */
static int setup_column(column *col, const bench_input *in) {
#ifdef FC_BENCH_OPENSSL
  if (col->is_ossl) {
    bench_ossl_free(col->ossl);
    col->ossl = bench_ossl_new(in);
    return col->ossl ? 0 : -1;
  }
#endif
  if (fc_impl_select(FC_OP_MONT, col->name) != FC_OK) {
    fprintf(stderr, "fc_bench: cannot pin kernel %s\n", col->name);
    return -1;
  }
  fc_err rc;
  const fc_mont_ctx *m;
  if (in->op == BOP_RSA_VERIFY) {
    rc = fc_rsa_pubkey_from_vboot(col->key, in->keyb, in->keyb_len, 65537);
    m = &col->key->mont;
  } else {
    rc = fc_mont_init(col->ctx, in->n, in->nwords);
    m = col->ctx;
  }
  fc_impl_select(FC_OP_MONT, NULL);
  if (rc != FC_OK || strcmp(((const fc__kernel_head *)m->kernel)->name, col->name) != 0) {
    fprintf(stderr, "fc_bench: %s: key/context setup failed (%d)\n", col->name, (int)rc);
    return -1;
  }
  return 0;
}

/* The timed loop of a fastcrypt column. 0 when every call returned FC_OK. */
static int run_fc(column *col, const bench_input *in, uint64_t iters) {
  int bad = 0;
  switch (in->op) {
    case BOP_MONT_MUL:
      for (uint64_t i = 0; i < iters; i++) fc_mont_mul(col->ctx, col->r, in->a, in->b);
      break;
    case BOP_MODPOW_F4:
    case BOP_MODPOW_E3:
      for (uint64_t i = 0; i < iters; i++)
        bad |= fc_modpow(col->ctx, col->r, in->a, in->e, in->e_len) != FC_OK;
      break;
    case BOP_RSA_VERIFY:
      for (uint64_t i = 0; i < iters; i++)
        bad |= fc_rsa_verify(col->key, FC_SHA256, in->digest, 32, in->sig, in->sig_len) != FC_OK;
      break;
  }
  return bad ? -1 : 0;
}

/* One run of iters calls; *ns = its time on the chosen clock. */
static int run_column(column *col, const bench_input *in, uint64_t iters, double *ns) {
  double t0 = bench_ns(bench_clock);
  int rc;
#ifdef FC_BENCH_OPENSSL
  if (col->is_ossl)
    rc = bench_ossl_run(col->ossl, iters);
  else
#endif
    rc = run_fc(col, in, iters);
  *ns = bench_ns(bench_clock) - t0;
  return rc;
}

/* Calls per run for a run of about target_ns (at least 1): grow the count
   until a run takes half the target, then scale by the fastest of 3 runs
   (a run the machine interrupted would make the count too small). */
static int calibrate(column *col, const bench_input *in, double target_ns) {
  uint64_t iters = 1;
  double t, best;
  for (;;) {
    if (run_column(col, in, iters, &t) != 0) return -1;
    if (t >= target_ns / 2 || iters >= ((uint64_t)1 << 32)) break;
    iters *= t < target_ns / 64 ? 16 : 2;
  }
  best = t;
  for (int i = 0; i < 2; i++) {
    if (run_column(col, in, iters, &t) != 0) return -1;
    best = t < best ? t : best;
  }
  double k = (double)iters * target_ns / (best > 0 ? best : 1);
  col->iters = k < 1 ? 1 : (uint64_t)(k + 0.5);
  return 0;
}

/* Measures one case in every column into row[]. Returns -1 if a check
   failed, -2 if the inputs could not be read. */
static int measure_case(const options *o, const bench_case *c, bench_input *in, column *cols,
                        int ncols, fc_mont_ctx *ref_ctx, bench_result *row) {
  uint32_t ref[FC_MONT_MAX_WORDS], got[FC_MONT_MAX_WORDS];
  int failed = 0, kept = o->runs - o->warmup;
  if (load_input(in, c, o->vdir) != 0) return -2;
  if (c->op != BOP_RSA_VERIFY && reference(in, ref_ctx, ref) != 0) {
    fprintf(stderr, "fc_bench: scalar32 reference failed\n");
    return -1;
  }
  const char *call_failed = c->op == BOP_RSA_VERIFY ? "a signature did not verify" : "a call failed";
  for (int k = 0; k < ncols; k++) {
    cols[k].failure = NULL;
    if (setup_column(&cols[k], in) != 0)
      cols[k].failure = "setup failed";
    else if (calibrate(&cols[k], in, o->target_ns) != 0)
      cols[k].failure = call_failed;
  }
  for (int r = 0; r < o->runs; r++)
    for (int j = 0; j < ncols; j++) {
      column *col = &cols[(j + r) % ncols];
      double ns;
      if (col->failure) continue;
      if (run_column(col, in, col->iters, &ns) != 0) {
        col->failure = call_failed;
        continue;
      }
      if (r >= o->warmup) col->samples[r - o->warmup] = ns / (double)col->iters;
    }
  for (int k = 0; k < ncols; k++) {
    column *col = &cols[k];
    if (col->failure) {
      fprintf(stderr, "fc_bench: %s/%u: %s: %s\n", bench_op_name(c->op), c->bits, col->name,
              col->failure);
      failed = 1;
      continue;
    }
    if (c->op != BOP_RSA_VERIFY) {
#ifdef FC_BENCH_OPENSSL
      if (col->is_ossl)
        bench_ossl_result(col->ossl, got, in->nwords);
      else
#endif
        memcpy(got, col->r, 4 * in->nwords);
      if (memcmp(got, ref, 4 * in->nwords) != 0) {
        fprintf(stderr, "fc_bench: %s/%u: %s: result differs from scalar32's\n",
                bench_op_name(c->op), c->bits, col->name);
        failed = 1;
        continue;
      }
    }
    row[k].valid = 1;
    row[k].iters = col->iters;
    row[k].runs = kept;
    stats(col->samples, kept, &row[k].mean_ns, &row[k].std_ns, &row[k].median_ns);
  }
  return failed ? -1 : 0;
}

/* ---------------- main ---------------- */

static double probe_ns[PROBE_CALLS];

int bench_verify_main(const bench_opts *opts) {
  options o = {opts->runs ? opts->runs : 100,
               WARMUP,
               (opts->target_us ? opts->target_us : 1000) * 1e3,
               opts->json,
               opts->filter,
               opts->kernels,
               opts->vectors,
               opts->thread_clock ? "thread" : "monotonic"};
  bench_clock = opts->thread_clock ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC;
  if (o.runs < 2) {
    fprintf(stderr, "fc_bench verify: --runs needs at least 2\n");
    return 2;
  }
  o.warmup = o.runs > 2 * WARMUP ? WARMUP : o.runs / 2;
  double init_ns = opts->init_ns;
  fc_err init_rc = opts->init_rc;
  int kept = o.runs - o.warmup;

  /* The probe alone, PROBE_CALLS times: the part of fc_init that costs. */
  double pmean, pstd, pmedian;
  for (int i = 0; i < PROBE_CALLS; i++) {
    double s = bench_ns(bench_clock);
    volatile uint64_t f = fc__cpu_probe();
    probe_ns[i] = bench_ns(bench_clock) - s;
    (void)f;
  }
  stats(probe_ns, PROBE_CALLS, &pmean, &pstd, &pmedian); /* sorts probe_ns */

  /* Columns: usable Montgomery kernels in list order, then OpenSSL. */
  fc_impl_info impls[MAX_COLS];
  size_t nimpl = fc_impls(FC_OP_MONT, impls, MAX_COLS);
  nimpl = nimpl > MAX_COLS ? MAX_COLS : nimpl;
  static column cols[MAX_COLS + 1];
  const char *names[MAX_COLS + 1];
  int ncols = 0;
  for (size_t i = 0; i < nimpl; i++)
    if (impls[i].usable && bench_in_list(o.kernels, impls[i].name)) cols[ncols++].name = impls[i].name;
#ifdef FC_BENCH_OPENSSL
  if (bench_in_list(o.kernels, "openssl")) {
    cols[ncols].name = "openssl";
    cols[ncols++].is_ossl = 1;
  }
#endif
  if (ncols == 0) {
    fprintf(stderr, "fc_bench: no usable column in --kernels %s\n", o.kernels);
    return 2;
  }
  for (int k = 0; k < ncols; k++) {
    names[k] = cols[k].name;
    cols[k].ctx = malloc(sizeof(fc_mont_ctx));
    cols[k].key = malloc(sizeof(fc_rsa_pubkey));
    cols[k].samples = malloc(sizeof(double) * (size_t)kept);
    if (!cols[k].ctx || !cols[k].key || !cols[k].samples) return 2;
  }

  /* Cases, in table order. */
  static bench_case cases[MAX_CASES];
  int ncases = 0;
  for (int op = BOP_MONT_MUL; op <= BOP_RSA_VERIFY; op++) {
    int rsa = op == BOP_RSA_VERIFY;
    size_t nsizes = rsa ? sizeof(rsa_bits) / sizeof(rsa_bits[0])
                        : sizeof(random_bits) / sizeof(random_bits[0]);
    for (size_t s = 0; s < nsizes; s++) {
      unsigned bits = rsa ? rsa_bits[s] : random_bits[s];
      char name[48];
      snprintf(name, sizeof(name), "%s/%u", bench_op_name((bench_op)op), bits);
      if (o.filter == NULL || strstr(name, o.filter) != NULL)
        cases[ncases++] = (bench_case){(bench_op)op, bits};
    }
  }

  /* Header. */
  char cpu[256] = "unknown";
  fc_cpu_name(cpu, sizeof(cpu));
  struct timespec res;
  clock_getres(bench_clock, &res);
  const char *auto_k = fc_impl_active(FC_OP_MONT);
  printf("# fc_bench\n\n- CPU: %s\n- features: ", cpu);
  print_features(fc_cpu_features());
  if (fc_cpu_features() != fc_cpu_features_probed()) {
    printf(" (probed: ");
    print_features(fc_cpu_features_probed());
    printf(")");
  }
  printf("\n- Montgomery kernels built: ");
  for (size_t i = 0; i < nimpl; i++)
    printf("%s%s%s", i ? ", " : "", impls[i].name, impls[i].usable ? "" : " (not usable here)");
  printf("; automatic: %s\n", auto_k ? auto_k : "none");
  printf("- fc_init, first call: %.1f us (rc %d)\n", init_ns / 1e3, (int)init_rc);
  printf("- CPU probe (fc__cpu_probe), %d calls: %.1f us ±%.1f per call (median %.1f, min %.1f, "
         "max %.1f)\n",
         PROBE_CALLS, pmean / 1e3, pstd / 1e3, pmedian / 1e3, probe_ns[0] / 1e3,
         probe_ns[PROBE_CALLS - 1] / 1e3);
#ifdef FC_BENCH_OPENSSL
  printf("- OpenSSL: %s\n", bench_ossl_version());
#endif
  printf("- method: %d runs per case, first %d dropped; about %.0f us per run; clock %s "
         "(resolution %ld ns); mean ±std per call; (+x%%) = faster than scalar32\n\n",
         o.runs, o.warmup, o.target_ns / 1e3,
         bench_clock == CLOCK_MONOTONIC ? "CLOCK_MONOTONIC" : "CLOCK_THREAD_CPUTIME_ID",
         res.tv_nsec + 1000000000L * (long)res.tv_sec);
  fflush(stdout);

  /* Measure (the JSON file opened first: a bad path fails before the long part). */
  bench_json json;
  if (bench_json_open(&json, o.json) != 0) return 2;
  bench_result *results = calloc((size_t)ncases * (size_t)ncols + 1, sizeof(bench_result));
  bench_input *in = calloc(1, sizeof(*in));
  fc_mont_ctx *ref_ctx = malloc(sizeof(*ref_ctx));
  if (!results || !in || !ref_ctx) return 2;
  int failed = 0;
  for (int ci = 0; ci < ncases; ci++) {
    bench_progress(ci + 1, ncases, "%s/%u", bench_op_name(cases[ci].op), cases[ci].bits);
    int rc = measure_case(&o, &cases[ci], in, cols, ncols, ref_ctx,
                          &results[(size_t)ci * (size_t)ncols]);
    if (rc == -2) return 2;
    failed |= rc != 0;
  }

  bench_report rep = {cases, ncases, names, ncols, results, auto_k, pmean, pstd, PROBE_CALLS,
                      o.clock};
  bench_progress_clear();
  bench_print_table(&rep);
  bench_print_figures(&rep);
  bench_write_json(&rep, &json);
  bench_vboot_opts vo = {o.runs,    o.warmup, o.target_ns, o.filter,
                         o.kernels, o.vdir,   bench_clock != CLOCK_MONOTONIC, &json};
  failed |= bench_vboot(&vo) != 0;
  failed |= bench_vboot_digest(&vo) != 0;
  failed |= bench_json_close(&json) != 0;

  for (int k = 0; k < ncols; k++) {
#ifdef FC_BENCH_OPENSSL
    bench_ossl_free(cols[k].ossl);
#endif
    free(cols[k].ctx);
    free(cols[k].key);
    free(cols[k].samples);
  }
  free(in->keyb);
  free(in->sig);
  free(in);
  free(ref_ctx);
  free(results);
  if (failed) fprintf(stderr, "fc_bench: FAILED (see the messages above)\n");
  return failed ? 1 : 0;
}
