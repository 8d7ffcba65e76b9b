/*
 * Driver for tools/keccak-lanes-i686.sh: times the library's scalar
 * Keccak-f[1600] (on i686 its bit-interleaved lanes, src/keccak_scalar.c)
 * against the same round on plain 64-bit lanes, which the compiler splits
 * into 32-bit halves (the form 64-bit targets use), in one process: best
 * of 31 alternating rounds of 2,000 permutations each. Checks that both
 * give the same state first. Usage: keccak_lanes (no arguments).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "fc_internal.h"
#include "keccak_round.h"

#define KT uint64_t
#define KPAR5(a, b, c, d, e) ((a) ^ (b) ^ (c) ^ (d) ^ (e))
#define KROL(a, n) ((n) ? (((a) << ((n) & 63)) | ((a) >> ((64 - (n)) & 63))) : (a))
#define KD(l, r) ((l) ^ KROL(r, 1))
#define KXROL(a, d, n) KROL((a) ^ (d), n)
#define KXOR(a, b) ((a) ^ (b))
#define KAND(a, b) ((a) & (b))
#define KOR(a, b) ((a) | (b))
#define KNOT(a) (~(a))
#define KIOTA(a, rc) ((a) ^ (rc))
#define LANES(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) \
  M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24)
#define DECL(i) uint64_t a##i = st[i], e##i;
#define STORE(i) st[i] = a##i;

static __attribute__((noinline)) void plain64(uint64_t st[25]) {
  LANES(DECL)
  FC__KECCAK_LC_MASK(a);
  for (int r = 0; r < 24; r += 2) {
    FC__KECCAK_ROUND_LC(a, e, fc__keccak_rc[r]);
    FC__KECCAK_ROUND_LC(e, a, fc__keccak_rc[r + 1]);
  }
  FC__KECCAK_LC_MASK(a);
  LANES(STORE)
}

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return 1e9 * (double)t.tv_sec + (double)t.tv_nsec;
}

int main(void) {
  uint64_t a[25], b[25];
  for (int i = 0; i < 25; i++) a[i] = b[i] = 0x0123456789abcdefu * (uint64_t)(i + 1);
  for (int i = 0; i < 3; i++) {
    fc__keccak_scalar.permute(a);
    plain64(b);
  }
  if (memcmp(a, b, sizeof a) != 0) {
    puts("keccak_lanes: the two forms disagree");
    return 1;
  }
  double lib = 1e30, p64 = 1e30;
  for (int r = 0; r < 31; r++) {
    double t0 = now_ns();
    for (int i = 0; i < 2000; i++) fc__keccak_scalar.permute(a);
    double t1 = now_ns();
    for (int i = 0; i < 2000; i++) plain64(b);
    double t2 = now_ns();
    if (t1 - t0 < lib) lib = t1 - t0;
    if (t2 - t1 < p64) p64 = t2 - t1;
  }
  printf("keccak scalar (library) %.0f ns, plain 64-bit lanes %.0f ns per permutation: %.2fx\n",
         lib / 2000, p64 / 2000, p64 / lib);
  return 0;
}
