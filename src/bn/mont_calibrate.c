/*
 * FC_OP_MONT's calibration (fc_calibrate, include/fastcrypt/core.h): measure
 * the usable Montgomery kernels on the running CPU and pick the fastest per
 * size class; the dispatcher publishes the picks. Baseline ISA: kernels
 * are reached through their descriptors only.
 *
 * Per class one representative size (1024, 2048, 4096 bits). For each size
 * and kernel: a context for a fixed modulus (generated from a seed), one
 * known-answer run (x^3 mod n, its 64-bit FNV-1a digest against the value
 * computed offline with Python's pow), then ROUNDS timed runs of the same
 * e = 3 exponentiation (enter, one squaring, one product: the mix of RSA
 * verification) and their median. The clock is a parameter, so tests inject
 * measurements; the real one is CLOCK_MONOTONIC (hosted builds only).
 * Stack: one context (6.2 KiB) + workspace, base, result (2.1 KiB at 4096
 * bits) + a few arrays of the kernel count: about 9 KiB, plus the kernel's own.
 */
#if !defined(FC_FREESTANDING)
#define _POSIX_C_SOURCE 199309L
#include <time.h>
#endif

#include "bn/bn_internal.h"

#define ROUNDS 5
#define MAX_KERNELS 16
#define MARGIN_PCT 3

static const uint32_t rep_bits[FC_MONT_CLASSES] = {1024, 2048, 4096};
/* FNV-1a (64-bit, over the result's 32-bit words) of x^3 mod n for the
   modulus and base of gen_inputs at each size; computed with Python. */
static const uint64_t kat_digest[FC_MONT_CLASSES] = {
    0x84cb3135f479f7e7ull, 0x8e6c3a3c4386a2c7ull, 0x39e6624af62be494ull,
};

/* Deterministic modulus (odd, top bit set) and base < n from a 64-bit LCG
   (Knuth's MMIX constants), seeded with the size. */
static void gen_inputs(uint32_t *n, uint32_t *x, size_t nw, uint32_t bits) {
  uint64_t s = bits;
  for (size_t i = 0; i < 2 * nw; i++) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t w = (uint32_t)(s >> 32);
    if (i < nw)
      n[i] = w;
    else
      x[i - nw] = w;
  }
  n[0] |= 1;
  n[nw - 1] |= 0x80000000u;
  x[nw - 1] &= 0x7fffffffu;
}

static uint64_t digest(const uint32_t *r, size_t nw) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < nw; i++) h = (h ^ r[i]) * 0x100000001b3ull;
  return h;
}

size_t fc__calib_pick(const uint64_t *median, const int *ok, size_t count, unsigned margin_pct) {
  size_t best = count;
  for (size_t i = 0; i < count; i++)
    if (ok[i] && (best == count || median[i] < median[best])) best = i;
  if (best == count) return count;
  /* earliest passing kernel with median <= best * (1 + margin) */
  for (size_t i = 0; i < best; i++)
    if (ok[i] && median[i] * 100 <= median[best] * (100 + (uint64_t)margin_pct)) return i;
  return best;
}

static uint64_t median_of(uint64_t *v, size_t n) {
  for (size_t i = 1; i < n; i++) /* insertion sort: n = ROUNDS */
    for (size_t j = i; j > 0 && v[j] < v[j - 1]; j--) {
      uint64_t t = v[j];
      v[j] = v[j - 1];
      v[j - 1] = t;
    }
  return v[n / 2];
}

/* One timed run; 0 if its result is wrong (the known-answer check). */
static int timed_run(const fc_mont_ctx *ctx, const uint32_t *x, uint32_t *r, uint64_t *ws,
                     size_t ws_len, fc__calib_clock clock, void *arg, unsigned c,
                     uint64_t *dt) {
  static const uint8_t e3[1] = {3};
  const fc__mont_kernel *k = ctx->kernel;
  uint64_t t0 = clock(arg, k, rep_bits[c]);
  fc_err rc = k->modpow(ctx, r, x, e3, 1, ws, ws_len);
  uint64_t t1 = clock(arg, k, rep_bits[c]);
  *dt = t1 - t0;
  return rc == FC_OK && digest(r, ctx->nwords) == kat_digest[c];
}

/*
 * Per size: the base context (n, R^2 mod n) once, then each kernel's own
 * precomputation on it, then its rounds back to back. Every timed run's
 * result is checked; a kernel that fails once is out for good (at every
 * size). After two rounds, a kernel whose better time is over twice the
 * best seen so far stops (it cannot win; the static order puts the likely
 * winners first, so this keeps the whole calibration near 1 ms).
 */
fc_err fc__mont_calibrate(const fc__mont_kernel *const *list, size_t count, fc__calib_clock clock,
                          void *arg, const fc__mont_kernel *choice[FC_MONT_CLASSES]) {
  fc_mont_ctx ctx;
  uint32_t n[4096 / 32], x[4096 / 32], r[4096 / 32];
  uint64_t ws[(FC_MODPOW_WORKSPACE_F4_BYTES(4096) + 7) / 8];
  uint64_t t[MAX_KERNELS][ROUNDS], med[FC_MONT_CLASSES][MAX_KERNELS];
  int ok[MAX_KERNELS];
  int any = 0;
  if (count > MAX_KERNELS) count = MAX_KERNELS;
  for (size_t i = 0; i < count; i++) ok[i] = 1;
  for (unsigned c = 0; c < FC_MONT_CLASSES; c++) {
    size_t nw = rep_bits[c] / 32;
    gen_inputs(n, x, nw, rep_bits[c]);
    if (fc__mont_init_with(&ctx, n, nw, &fc__mont_scalar32) != FC_OK) return FC_ERR_UNSUPPORTED;
    unsigned rounds[MAX_KERNELS] = {0};
    uint64_t best = UINT64_MAX; /* best of two runs so far, any kernel */
    for (size_t i = 0; i < count; i++) {
      if (!ok[i]) continue;
      for (size_t w = 0; w < FC_MONT_KDATA_BYTES / 8; w++) ctx.kdata[w] = 0;
      list[i]->prepare(&ctx);
      ctx.kernel = list[i];
      for (unsigned j = 0; j < ROUNDS && ok[i]; j++) {
        ok[i] = timed_run(&ctx, x, r, ws, sizeof(ws), clock, arg, c, &t[i][j]);
        rounds[i] = j + 1;
        if (j == 1) {
          uint64_t lo = t[i][0] < t[i][1] ? t[i][0] : t[i][1];
          if (lo / 2 > best) break; /* over twice the best: cannot win */
          if (lo < best) best = lo;
        }
      }
    }
    for (size_t i = 0; i < count; i++) {
      /* a kernel dropped early is scored by the median of its rounds,
         already over twice the best: it is never the pick */
      med[c][i] = ok[i] ? median_of(t[i], rounds[i]) : 0;
    }
  }
  for (unsigned c = 0; c < FC_MONT_CLASSES; c++) { /* ok[]: passed at every size */
    size_t p = fc__calib_pick(med[c], ok, count, MARGIN_PCT);
    choice[c] = p < count ? list[p] : NULL;
    any |= p < count;
  }
  fc__wipe(&ctx, sizeof(ctx)); /* public data, but leave no stale kernel data */
  return any ? FC_OK : FC_ERR_UNSUPPORTED;
}

#if !defined(FC_FREESTANDING)
static uint64_t monotonic_ns(void *arg, const fc__mont_kernel *k, uint32_t bits) {
  (void)arg;
  (void)k;
  (void)bits;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

fc_err fc__mont_calibrate_usable(const fc__kernel_head *const *usable, size_t count,
                                 const fc__kernel_head **choice) {
#if defined(FC_FREESTANDING)
  (void)usable;
  (void)count;
  (void)choice;
  return FC_ERR_UNSUPPORTED;
#else
  const fc__mont_kernel *list[MAX_KERNELS], *pick[FC_MONT_CLASSES] = {0};
  if (count > MAX_KERNELS) count = MAX_KERNELS;
  for (size_t i = 0; i < count; i++) list[i] = (const fc__mont_kernel *)usable[i];
  fc_err rc = fc__mont_calibrate(list, count, monotonic_ns, NULL, pick);
  for (unsigned c = 0; c < FC_MONT_CLASSES; c++) choice[c] = pick[c] ? &pick[c]->h : NULL;
  return rc;
#endif
}
