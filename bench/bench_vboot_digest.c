/*
 * contrib/vboot's digest hooks (vb2ex_hwcrypto_digest_init, _extend,
 * _finalize), timed per usable SHA kernel (pinned with fc_impl_select before
 * each run: init records the kernel active at the call) beside `scalar`,
 * the portable kernel, which stands in for vboot's own software SHA. Built
 * against the test stand-in for vboot's headers. One table per algorithm
 * (SHA-1, SHA-256, SHA-512: the kernels differ per algorithm), rows 4 KiB
 * and 1 MiB, the whole message in one extend as vb2_hash_calculate does.
 * vboot's own code timed beside the hooks: tools/test-vboot-client.sh --bench.
 *
 * Method as bench_vboot.c: per column a run of about target_ns (calibrated
 * once), runs rounds with the column order rotated, the first warmup rounds
 * dropped; mean ± sample std in MB/s (10^6 bytes per second) of the per-call
 * times; (+x%) = (t_scalar - t) / t_scalar. Checks (exit status 1): every
 * hook call succeeds and every kernel's digest equals scalar's.
 */
#define _POSIX_C_SOURCE 200809L

#include "bench_vboot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "fastcrypt.h"
#include "vb2_shim.h"

#define MAX_KERNELS 8
#define MAX_LEN (1u << 20)

static const struct {
  const char *name, *label;
  enum vb2_hash_algorithm alg;
  fc_op op;
  uint32_t dlen;
} algs[] = {{"sha1", "SHA-1", VB2_HASH_SHA1, FC_OP_SHA1, 20},
            {"sha256", "SHA-256", VB2_HASH_SHA256, FC_OP_SHA256, 32},
            {"sha512", "SHA-512", VB2_HASH_SHA512, FC_OP_SHA512, 64}};
static const uint32_t lens[] = {4096, MAX_LEN};
#define NALGS (sizeof(algs) / sizeof(algs[0]))
#define NLENS (sizeof(lens) / sizeof(lens[0]))

static clockid_t clk = CLOCK_MONOTONIC;

/* iters digests of msg; out gets the last. 0 when every call succeeded. */
static int run(size_t a, const uint8_t *msg, uint32_t len, uint64_t iters, uint8_t *out) {
  int bad = 0;
  for (uint64_t i = 0; i < iters; i++) {
    bad |= vb2ex_hwcrypto_digest_init(algs[a].alg, len) != VB2_SUCCESS;
    bad |= vb2ex_hwcrypto_digest_extend(msg, len) != VB2_SUCCESS;
    bad |= vb2ex_hwcrypto_digest_finalize(out, 64) != VB2_SUCCESS;
  }
  return bad ? -1 : 0;
}

static int pinned_run(const char *kernel, size_t a, const uint8_t *msg, uint32_t len,
                      uint64_t iters, uint8_t *out, double *ns) {
  if (fc_impl_select(algs[a].op, kernel) != FC_OK) return -1;
  double t0 = bench_ns(clk);
  int rc = run(a, msg, len, iters, out);
  *ns = bench_ns(clk) - t0;
  fc_impl_select(algs[a].op, NULL);
  return rc;
}

static uint64_t calibrate(const char *kernel, size_t a, const uint8_t *msg, uint32_t len,
                          double target, uint8_t *out) {
  uint64_t iters = 1;
  double t = 0;
  for (;;) {
    if (pinned_run(kernel, a, msg, len, iters, out, &t) != 0) return 0;
    if (t >= target / 2 || iters >= ((uint64_t)1 << 32)) break;
    iters *= t < target / 64 ? 16 : 2;
  }
  double k = (double)iters * target / (t > 0 ? t : 1);
  return k < 1 ? 1 : (uint64_t)(k + 0.5);
}

int bench_vboot_digest(const bench_vboot_opts *o) {
  int failed = 0, kept = o->runs - o->warmup, ncases = 0, done = 0;
  char name[64];
  if (kept < 1) return 0;
  for (size_t a = 0; a < NALGS; a++)
    for (size_t l = 0; l < NLENS; l++) {
      snprintf(name, sizeof(name), "vboot_digest_%s/%u", algs[a].name, lens[l]);
      ncases += o->filter == NULL || strstr(name, o->filter) != NULL;
    }
  if (ncases == 0) return 0;
  clk = o->thread_clock ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC;
  uint8_t *msg = malloc(MAX_LEN);
  double *samples = malloc(sizeof(double) * (size_t)kept * MAX_KERNELS);
  if (msg == NULL || samples == NULL) {
    free(msg);
    free(samples);
    return 2;
  }
  uint64_t seed = 23;
  for (uint32_t i = 0; i < MAX_LEN; i += 4) {
    uint32_t r = bench_rng32(&seed);
    memcpy(msg + i, &r, 4);
  }
  for (size_t a = 0; a < NALGS; a++) {
    fc_impl_info impls[MAX_KERNELS];
    const char *cols[MAX_KERNELS];
    int ncols = 0, base = -1, header = 0;
    size_t nimpl = fc_impls(algs[a].op, impls, MAX_KERNELS);
    for (size_t i = 0; i < nimpl && i < MAX_KERNELS; i++)
      if (impls[i].usable && bench_in_list(o->kernels, impls[i].name)) {
        if (strcmp(impls[i].name, "scalar") == 0) base = ncols;
        cols[ncols++] = impls[i].name;
      }
    for (size_t l = 0; l < NLENS && ncols > 0; l++) {
      snprintf(name, sizeof(name), "vboot_digest_%s/%u", algs[a].name, lens[l]);
      if (o->filter != NULL && strstr(name, o->filter) == NULL) continue;
      bench_progress(++done, ncases, "%s", name);
      if (!header) {
        bench_progress_clear();
        printf("\n## contrib/vboot: vb2ex_hwcrypto_digest_* %s per kernel (init, one extend, "
               "finalize; MB/s)\n\n| bytes |", algs[a].label);
        for (int k = 0; k < ncols; k++) printf(" %s |", cols[k]);
        printf("\n|---:|");
        for (int k = 0; k < ncols; k++) printf("---:|");
        printf("\n");
        header = 1;
      }
      uint8_t out[MAX_KERNELS][64];
      uint64_t iters[MAX_KERNELS];
      const char *failure[MAX_KERNELS] = {0};
      for (int k = 0; k < ncols; k++)
        if ((iters[k] = calibrate(cols[k], a, msg, lens[l], o->target_ns, out[k])) == 0)
          failure[k] = "a call failed";
      for (int r = 0; r < o->runs; r++)
        for (int j = 0; j < ncols; j++) {
          int k = (j + r) % ncols;
          double ns;
          if (failure[k]) continue;
          if (pinned_run(cols[k], a, msg, lens[l], iters[k], out[k], &ns) != 0)
            failure[k] = "a call failed";
          else if (r >= o->warmup)
            samples[(size_t)k * (size_t)kept + (size_t)(r - o->warmup)] = ns / (double)iters[k];
        }
      bench_progress_clear();
      printf("| %u |", lens[l]);
      double mean_ns[MAX_KERNELS], mb[MAX_KERNELS], std[MAX_KERNELS];
      for (int k = 0; k < ncols; k++) {
        double *x = samples + (size_t)k * (size_t)kept, ns_std;
        bench_mean_std(x, kept, &mean_ns[k], &ns_std);
        for (int i = 0; i < kept; i++) x[i] = lens[l] / x[i] * 1e3; /* ns per call -> MB/s */
        bench_mean_std(x, kept, &mb[k], &std[k]);
        if (!failure[k] && base >= 0 && !failure[base] &&
            memcmp(out[k], out[base], algs[a].dlen) != 0)
          failure[k] = "digest differs from scalar's";
      }
      for (int k = 0; k < ncols; k++) {
        if (failure[k]) {
          fprintf(stderr, "fc_bench: %s: %s: %s\n", name, cols[k], failure[k]);
          failed = 1;
          printf(" n/a |");
          continue;
        }
        if (base >= 0 && base != k && !failure[base])
          printf(" %.0f ±%.0f (%+.0f%%) |", mb[k], std[k],
                 (mean_ns[base] - mean_ns[k]) / mean_ns[base] * 100);
        else
          printf(" %.0f ±%.0f |", mb[k], std[k]);
        bench_json_add(o->json,
                       "\"op\": \"vboot_digest_%s\", \"bytes\": %u, \"kernel\": \"%s\", "
                       "\"mean_ns\": %.1f, \"mb_per_s\": %.1f, \"std_mb_per_s\": %.1f, "
                       "\"runs\": %d, \"iters\": %llu, \"clock\": \"%s\"",
                       algs[a].name, lens[l], cols[k], mean_ns[k], mb[k], std[k], kept,
                       (unsigned long long)iters[k], o->thread_clock ? "thread" : "monotonic");
      }
      printf("\n");
      fflush(stdout);
    }
  }
  free(msg);
  free(samples);
  return failed;
}
