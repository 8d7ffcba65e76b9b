/*
 * Driver for tools/keccak-lanes-i686.sh: times the library's scalar
 * Keccak-f[1600] (on i686 its bit-interleaved lanes, src/hash/keccak_scalar.c)
 * against the same round on plain 64-bit lanes, which the compiler splits
 * into 32-bit halves (the form 64-bit targets use), in one process: best
 * of 31 alternating rounds of 2,000 permutations each. Checks that both
 * give the same state first. Usage: keccak_lanes (no arguments).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "hash/hash_internal.h"
#include "hash/keccak_plain64.h"

static __attribute__((noinline)) void plain64(uint64_t st[25]) {
  fc__keccak_permute64(st, fc__keccak_rc);
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
