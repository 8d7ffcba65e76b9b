/*
 * Static inline PCLMULQDQ GHASH helpers (see aes_x86.h for the method and
 * the hdata layout). Values are blocks byte-reflected into little-endian
 * 128-bit integers; a product is kept unreduced as (lo, mid, hi) Karatsuba
 * parts so that groups of products are summed before one reduction.
 */
#ifndef FC_GHASH_X86_H
#define FC_GHASH_X86_H

#include "aes_x86.h"

typedef struct {
  __m128i lo, mid, hi;
} fcx_acc;

static inline __m128i fcx_hpow(const uint64_t *hd, int i) { /* H^i, i = 1..16 */
  return fcx_ld((const uint8_t *)hd + 16 * (i - 1));
}
static inline __m128i fcx_hkar(const uint64_t *hd, int i) { /* (hi ^ lo) of H^i, both halves */
  return fcx_ld((const uint8_t *)hd + 16 * (FC_X86_HPOW + i - 1));
}

/* acc += x * h, unreduced (Karatsuba, hk = hi ^ lo of h in both halves). */
static inline void fcx_mul_acc(fcx_acc *a, __m128i x, __m128i h, __m128i hk) {
  __m128i xk = _mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4E));
  a->lo = _mm_xor_si128(a->lo, _mm_clmulepi64_si128(x, h, 0x00));
  a->hi = _mm_xor_si128(a->hi, _mm_clmulepi64_si128(x, h, 0x11));
  a->mid = _mm_xor_si128(a->mid, _mm_clmulepi64_si128(xk, hk, 0x00));
}

static inline void fcx_acc_zero(fcx_acc *a) {
  a->lo = a->mid = a->hi = _mm_setzero_si128();
}

/*
 * The 256-bit product hi:lo (with mid folded in) shifted left by one and
 * reduced: coefficient x^k of the field element sits at bit 127 - k of the
 * integer, so after the shift the low 128 bits are the coefficients
 * 128..255; each 64-bit word w of them folds back as w ^ w>>1 ^ w>>2 ^ w>>7
 * two words up and w<<63 ^ w<<62 ^ w<<57 one word up (x^128 = x^7+x^2+x+1),
 * the lower word first.
 */
/* lo, mid, hi: the true parts of the product (mid already corrected). */
static inline __m128i fcx_reduce3(__m128i lo, __m128i mid, __m128i hi) {
  lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
  hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
  /* shift the 256-bit hi:lo left by one */
  __m128i lc = _mm_srli_epi64(lo, 63), hc = _mm_srli_epi64(hi, 63);
  lo = _mm_or_si128(_mm_slli_epi64(lo, 1), _mm_slli_si128(lc, 8));
  hi = _mm_or_si128(_mm_or_si128(_mm_slli_epi64(hi, 1), _mm_slli_si128(hc, 8)),
                    _mm_srli_si128(lc, 8));
  /* fold word 0 of lo into word 1 of lo */
  __m128i s = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(lo, 63), _mm_slli_epi64(lo, 62)),
                            _mm_slli_epi64(lo, 57));
  lo = _mm_xor_si128(lo, _mm_slli_si128(s, 8));
  /* fold both words of lo into hi; the spill of word 1 lands in hi's word 0 */
  s = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(lo, 63), _mm_slli_epi64(lo, 62)),
                    _mm_slli_epi64(lo, 57));
  __m128i r = _mm_xor_si128(_mm_xor_si128(lo, _mm_srli_epi64(lo, 1)),
                            _mm_xor_si128(_mm_srli_epi64(lo, 2), _mm_srli_epi64(lo, 7)));
  return _mm_xor_si128(_mm_xor_si128(hi, r), _mm_srli_si128(s, 8));
}

/* Karatsuba accumulator: mid holds (x0^x1)(h0^h1) sums, corrected here. */
static inline __m128i fcx_reduce(const fcx_acc *a) {
  return fcx_reduce3(a->lo, _mm_xor_si128(a->mid, _mm_xor_si128(a->lo, a->hi)), a->hi);
}

static inline __m128i fcx_gfmul(__m128i x, __m128i h) {
  fcx_acc a;
  fcx_acc_zero(&a);
  fcx_mul_acc(&a, x, h, _mm_xor_si128(h, _mm_shuffle_epi32(h, 0x4E)));
  return fcx_reduce(&a);
}

/* hdata from h: powers 1..16 and their Karatsuba halves. */
static inline void fcx_ghash_setkey(uint64_t *hd, const uint8_t h[16]) {
  __m128i h1 = fcx_bswap(fcx_ld(h)), p = h1;
  uint8_t *base = (uint8_t *)hd;
  for (int i = 1; i <= FC_X86_HPOW; i++) {
    fcx_st(base + 16 * (i - 1), p);
    __m128i k = _mm_xor_si128(p, _mm_shuffle_epi32(p, 0x4E));
    fcx_st(base + 16 * (FC_X86_HPOW + i - 1), k);
    p = fcx_gfmul(p, h1);
  }
}

/* y (byte-reflected) absorbs 8 reflected blocks x[0..7]: y = (y+x0)H^8 + ... + x7 H. */
static inline __m128i fcx_ghash8(const uint64_t *hd, __m128i y, const __m128i x[8]) {
  fcx_acc a;
  fcx_acc_zero(&a);
  fcx_mul_acc(&a, _mm_xor_si128(y, x[0]), fcx_hpow(hd, 8), fcx_hkar(hd, 8));
  for (int i = 1; i < 8; i++) fcx_mul_acc(&a, x[i], fcx_hpow(hd, 8 - i), fcx_hkar(hd, 8 - i));
  return fcx_reduce(&a);
}

/* Any number of blocks: groups of 8, then one at a time. */
static inline __m128i fcx_ghash_blocks(const uint64_t *hd, __m128i y, const uint8_t *in,
                                       size_t n) {
  for (; n >= 8; n -= 8, in += 128) {
    __m128i x[8];
    for (int i = 0; i < 8; i++) x[i] = fcx_bswap(fcx_ld(in + 16 * i));
    y = fcx_ghash8(hd, y, x);
  }
  for (; n > 0; n--, in += 16) y = fcx_gfmul(_mm_xor_si128(y, fcx_bswap(fcx_ld(in))), fcx_hpow(hd, 1));
  return y;
}

#endif
