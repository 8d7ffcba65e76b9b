/*
 * scalar64: portable Montgomery multiplication on 64-bit limbs with 128-bit
 * products (unsigned __int128 where the compiler has it, four 32x32
 * products otherwise, e.g. on i686). Representation, edges and modpow:
 * mont64_frame.h (R64 = 2^(64 ceil(nwords/2))).
 */
#define MONT64_PAD 1
#include "mont64_frame.h"

#if defined(__SIZEOF_INT128__)
typedef unsigned __int128 u128;
/* (hi, lo) = a*b + c + d; cannot overflow: (2^64-1)^2 + 2(2^64-1) = 2^128-1 */
#define MULADD2(hi, lo, a, b, c, d)                              \
  do {                                                           \
    u128 p_ = (u128)(a) * (b) + (uint64_t)(c) + (uint64_t)(d);   \
    (lo) = (uint64_t)p_;                                         \
    (hi) = (uint64_t)(p_ >> 64);                                 \
  } while (0)
#else
static void muladd2(uint64_t *hi, uint64_t *lo, uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
  uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
  uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl; /* < 3 * 2^32 */
  uint64_t l = (mid << 32) | (uint32_t)ll;
  uint64_t h = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
  l += c;
  h += l < c;
  l += d;
  h += l < d;
  *lo = l;
  *hi = h;
}
#define MULADD2(hi, lo, a, b, c, d) muladd2(&(hi), &(lo), (a), (b), (c), (d))
#endif

/*
 * Column-wise (product-scanning) Montgomery product, the FIPS method of
 * Koc, Acar, Kaliski, "Analyzing and Comparing Montgomery Multiplication
 * Algorithms", IEEE Micro 1996. Column k sums every a_j*b_(k-j) and
 * q_j*n_(k-j); in the first m columns q_k is then chosen so the column's low
 * limb becomes 0. The low and high halves of the products are summed in two
 * separate 128-bit accumulators L = (l0, l1) and H = (h0, h1) (two short
 * carry chains instead of one three-limb chain): a column adds at most
 * 2m + 1 halves < 2^64 to a carry-in < 2^(64+8), so neither accumulator can
 * overflow for m <= 128. Column value = L + H*2^64; its low limb is the
 * output, the rest carries into the next column.
 * With square set, b is ignored and the off-diagonal products a_j*a_(k-j),
 * j < k-j, are summed once and doubled (Comba squaring).
 * Result: r[0..m) with a top bit, value < 2n; final_sub reduces it.
 * q holds m limbs of scratch. r may alias a or b: column k >= m writes limb
 * k-m, and later columns read a and b only above it.
 */
/* (l0, l1) += low half of x*y, (h0, h1) += high half: four 64-bit words
   kept in registers; written so compilers emit add/adc pairs. */
#define MAC(l0, l1, h0, h1, x, y)             \
  do {                                        \
    uint64_t ph_, pl_;                        \
    MULADD2(ph_, pl_, (x), (y), 0, 0);        \
    (l0) += pl_;                              \
    (l1) += (l0) < pl_;                       \
    (h0) += ph_;                              \
    (h1) += (h0) < ph_;                       \
  } while (0)

static void mont64_product(uint64_t *r, const uint64_t *a, const uint64_t *b, int square,
                           const uint64_t *n, uint64_t n0, size_t m, uint64_t *q) {
  uint64_t c0 = 0, c1 = 0; /* carry into the column: c0 + c1*2^64 */
  for (size_t k = 0; k + 1 < 2 * m; k++) {
    size_t lo = k < m ? 0 : k - m + 1, hi = k < m ? k : m - 1; /* j range of column k */
    uint64_t l0 = c0, l1 = c1, h0 = 0, h1 = 0;
    if (square) {
      uint64_t u0 = 0, u1 = 0, v0 = 0, v1 = 0;
      size_t j = lo;
      for (; j < k - j; j++) MAC(u0, u1, v0, v1, a[j], a[k - j]);
      u1 = (u1 << 1) | (u0 >> 63); /* double; u, v < 2^(64+7) */
      u0 <<= 1;
      v1 = (v1 << 1) | (v0 >> 63);
      v0 <<= 1;
      if (j == k - j) MAC(u0, u1, v0, v1, a[j], a[j]);
      l0 += u0;
      l1 += (l0 < u0) + u1;
      h0 += v0;
      h1 += (h0 < v0) + v1;
      if (k < m)
        for (j = 0; j < k; j++) MAC(l0, l1, h0, h1, q[j], n[k - j]);
      else
        for (j = lo; j <= hi; j++) MAC(l0, l1, h0, h1, q[j], n[k - j]);
    } else if (k < m) {
      for (size_t j = 0; j < k; j++) {
        MAC(l0, l1, h0, h1, a[j], b[k - j]);
        MAC(l0, l1, h0, h1, q[j], n[k - j]);
      }
      MAC(l0, l1, h0, h1, a[k], b[0]);
    } else {
      for (size_t j = lo; j <= hi; j++) {
        MAC(l0, l1, h0, h1, a[j], b[k - j]);
        MAC(l0, l1, h0, h1, q[j], n[k - j]);
      }
    }
    if (k < m) {
      q[k] = l0 * n0;
      MAC(l0, l1, h0, h1, q[k], n[0]); /* low limb becomes 0 */
    } else {
      r[k - m] = l0;
    }
    /* carry = (l1*2^64 + l0) / 2^64 + h0 + h1*2^64 */
    c0 = l1 + h0;
    c1 = h1 + (c0 < h0);
  }
  r[m - 1] = c0;
  final_sub(r, r, c1, n, m);
}

const fc__mont_kernel fc__mont_scalar64 = {
    {"scalar64", 0}, prepare, mont_mul, modpow, ws_slot, ws_fixed, NULL, NULL, NULL, NULL,
};

