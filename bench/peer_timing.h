/*
 * The alternating two-sided timing of the hash-based peer comparisons
 * (bench/lms_peer_compare.c, bench/xmss_peer_compare.cpp), header-only so
 * that a driver built by a script with one compiler call needs nothing else
 * from bench/. C11 and C++.
 *
 * peer_time_pair(a, b, arg, rounds, target_ns, out): each side's calls per
 * round are calibrated to last about target_ns (at least 1 call); after one
 * untimed round per side, `rounds` rounds run with the two sides alternating
 * (and the side that goes first alternating too). out gets each side's
 * MEDIAN and BEST (lowest) ns per call over the rounds. A side is a function
 * running its operation `iters` times; it checks every result itself.
 * Precondition: 1 <= rounds <= PEER_MAX_ROUNDS. Needs _POSIX_C_SOURCE >= 199309L
 * (or _GNU_SOURCE) for clock_gettime.
 */
#ifndef FC_BENCH_PEER_TIMING_H
#define FC_BENCH_PEER_TIMING_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PEER_MAX_ROUNDS 1001

typedef void (*peer_side_fn)(const void *arg, long iters);

typedef struct {
  double med_a, best_a, med_b, best_b; /* ns per call */
} peer_result;

/* The clock: CLOCK_MONOTONIC (wall time), or CLOCK_THREAD_CPUTIME_ID (the
   drivers' -T) on a loaded machine, where time slices lost to other
   processes would otherwise count. */
static clockid_t peer_clock = CLOCK_MONOTONIC;

static inline double peer_now_ns(void) {
  struct timespec ts;
  clock_gettime(peer_clock, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static inline double peer_run(peer_side_fn f, const void *arg, long iters) {
  double t0 = peer_now_ns();
  f(arg, iters);
  return peer_now_ns() - t0;
}

/* calls per round giving about target_ns */
static inline long peer_calibrate(peer_side_fn f, const void *arg, double target_ns) {
  long n = 1;
  f(arg, 1); /* warm caches, lazy initialisation */
  for (;;) {
    double t = peer_run(f, arg, n);
    if (t >= target_ns / 4 || n >= (1L << 40)) {
      double per = t / (double)n;
      long it = (long)(target_ns / (per > 0 ? per : 1));
      return it < 1 ? 1 : it;
    }
    n *= 2;
  }
}

static inline int peer_cmp_double(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return a < b ? -1 : a > b;
}

/* median of v[0..n), n >= 1; sorts v */
static inline double peer_median(double *v, int n) {
  qsort(v, (size_t)n, sizeof(double), peer_cmp_double);
  return (n & 1) ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static inline void peer_time_pair(peer_side_fn a, peer_side_fn b, const void *arg, int rounds,
                                  double target_ns, peer_result *out) {
  static double ta[PEER_MAX_ROUNDS], tb[PEER_MAX_ROUNDS];
  long ia = peer_calibrate(a, arg, target_ns);
  long ib = peer_calibrate(b, arg, target_ns);
  a(arg, ia);
  b(arg, ib);
  for (int r = 0; r < rounds; r++) {
    if (r & 1) {
      tb[r] = peer_run(b, arg, ib) / (double)ib;
      ta[r] = peer_run(a, arg, ia) / (double)ia;
    } else {
      ta[r] = peer_run(a, arg, ia) / (double)ia;
      tb[r] = peer_run(b, arg, ib) / (double)ib;
    }
  }
  out->med_a = peer_median(ta, rounds); /* sorted: ta[0] is the best */
  out->best_a = ta[0];
  out->med_b = peer_median(tb, rounds);
  out->best_b = tb[0];
}

/* One table row: ratio = ns(B) / ns(A), > 1 when A (fastcrypt) is faster. */
static inline void peer_print_header(const char *a_name, const char *b_name) {
  printf("# ratio = speed(A)/speed(B) = ns(B)/ns(A): >1 means A faster; A = %s, B = %s\n",
         a_name, b_name);
  printf("%-34s %11s %11s | %11s %11s | %6s %6s\n", "case", "A med_ns", "A best_ns",
         "B med_ns", "B best_ns", "r_med", "r_best");
}
static inline void peer_print_row(const char *name, const peer_result *r) {
  printf("%-34s %11.0f %11.0f | %11.0f %11.0f | %6.2f %6.2f\n", name, r->med_a, r->best_a,
         r->med_b, r->best_b, r->med_b / r->med_a, r->best_b / r->best_a);
  fflush(stdout);
}

#endif /* FC_BENCH_PEER_TIMING_H */
