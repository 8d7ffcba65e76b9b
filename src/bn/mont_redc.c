/*
 * a = a / R mod n in place (R = 2^(32 nwords)), for a < n: one Montgomery
 * reduction (HAC Alg. 14.32) with no buffer: the check of a vboot key's rr
 * (fc__bn_rr_ok) where 64-bit digits are not available. (The kernels'
 * prepare steps derive C = R'^2 / R from n alone: fc__bn_pow2_mod.)
 * Bound: (a + Q n) / R < (n + (R - 1) n) / R < n, so no final subtraction.
 * Constant time in a.
 */
#include "bn/bn_internal.h"

void fc__bn_mont_reduce(uint32_t *a, const uint32_t *n, uint32_t n0inv, size_t nw) {
  uint32_t top = 0; /* the word above a[nw - 1] */
  for (size_t i = 0; i < nw; i++) {
    uint32_t q = a[0] * n0inv;
    uint64_t c = ((uint64_t)q * n[0] + a[0]) >> 32; /* the low word is 0 */
    for (size_t j = 1; j < nw; j++) {
      c += (uint64_t)q * n[j] + a[j];
      a[j - 1] = (uint32_t)c;
      c >>= 32;
    }
    c += top;
    a[nw - 1] = (uint32_t)c;
    top = (uint32_t)(c >> 32);
  }
}
