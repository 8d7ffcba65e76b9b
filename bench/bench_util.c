/* What every fc_bench mode shares for timing and inputs (bench.h). */
#define _POSIX_C_SOURCE 200809L

#include "bench.h"

#include <math.h>

double bench_ns(clockid_t clk) {
  struct timespec ts;
  clock_gettime(clk, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* splitmix64 (Steele, Lea, Flood, OOPSLA 2014). */
uint32_t bench_rng32(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return (uint32_t)((z ^ (z >> 31)) >> 32);
}

int bench_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

void bench_mean_std(const double *x, int n, double *mean, double *sd) {
  double s = 0, q = 0;
  for (int i = 0; i < n; i++) s += x[i];
  *mean = s / n;
  for (int i = 0; i < n; i++) q += (x[i] - *mean) * (x[i] - *mean);
  *sd = n > 1 ? sqrt(q / (n - 1)) : 0;
}

int bench_time_runs(int (*call)(void *), void *arg, clockid_t clk, double target_ns, int runs,
                    double *t) {
  int bad = 0;
  uint64_t iters = 1;
  for (;;) {
    double t0 = bench_ns(clk);
    for (uint64_t n = 0; n < iters; n++) bad |= !call(arg);
    double dt = bench_ns(clk) - t0;
    if (dt >= target_ns / 4 || iters >= (1u << 20)) {
      iters = dt > 0 ? (uint64_t)(iters * target_ns / dt) : iters;
      break;
    }
    iters *= 4;
  }
  if (iters == 0) iters = 1;
  for (int r = 0; r < runs; r++) {
    double t0 = bench_ns(clk);
    for (uint64_t n = 0; n < iters; n++) bad |= !call(arg);
    t[r] = (bench_ns(clk) - t0) / (double)iters;
  }
  return bad;
}

int bench_run_opts(const bench_opts *o, const char *mode, int *runs, double *target_ns,
                   clockid_t *clk) {
  *runs = o->runs ? o->runs : 100;
  *target_ns = (o->target_us > 0 ? o->target_us : 1000) * 1000;
  *clk = o->thread_clock ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC;
  if (*runs < BENCH_WARMUP_RUNS + 1 || *runs > 1000) {
    fprintf(stderr, "fc_bench %s: --runs must be %d..1000\n", mode, BENCH_WARMUP_RUNS + 1);
    return 2;
  }
  return 0;
}
