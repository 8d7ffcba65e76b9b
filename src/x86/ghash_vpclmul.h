/*
 * Static inline VPCLMULQDQ (512-bit) GHASH helpers: four blocks per
 * register, up to 32 blocks (eight registers) per reduction (aggregated:
 * Y = (Y + X1) H^n + X2 H^(n-1) + ... + Xn H, one reduction per group).
 * Blocks are byte-reflected into 128-bit integers (ghash_x86.h); products
 * are schoolbook (four carry-less products per register: lo, mid, hi, no
 * Karatsuba table).
 *
 * Reduction: Montgomery-style, by two 64-bit folds with VPCLMULQDQ by the
 * constant 0xc2 << 56 (Gueron and Kounavis, Intel white paper 323640;
 * Drucker and Gueron, "Fast multiplication of binary polynomials"). Read
 * as a polynomial with bit i the coefficient of x^i, a byte-reflected
 * block A is the GCM element a with its coefficients reversed, and the
 * product of two elements is A B x^-127 modulo P' = x^128 + x^127 + x^126
 * + x^121 + 1 (P = x^128 + x^7 + x^2 + x + 1 reversed). A fold divides by
 * x^64: the low word w of the value is cancelled by adding w P', which
 * puts w (x^57 + x^62 + x^63) (one carry-less product by 0xc2 << 56) and
 * w x^64 (the halves swapped) into the next 128 bits. Two folds give
 * A B x^-128; the missing x is in the key: hdata holds each power H^i
 * multiplied by x modulo P' (shifted left by one, 0xc2...01 added when a
 * bit falls out), so a product by a stored power is exactly the GCM
 * product, and the product of two stored powers is the next one stored.
 * The folds are linear, so a group's four lanes are reduced side by side
 * and summed last.
 *
 * hdata (512 bytes): D[t] = H^(32 - t) x for t = 0..31 at 16 t
 * (descending: the powers of a group's register j are one 64-byte load;
 * a group of m blocks uses D[32 - m ..]).
 */
#ifndef FC_GHASH_VPCLMUL_H
#define FC_GHASH_VPCLMUL_H

#include "ghash_x86.h"

#define FCZ_HPOW 32

/* Inlined at every optimisation level (-Os included): the stack figures
   of the kernels that use these helpers assume no call frames here. */
#define FCZ_INLINE static inline __attribute__((always_inline))

typedef struct {
  __m512i lo, mid, hi;
} fcz_acc;

FCZ_INLINE __m512i fcz_bswap(__m512i v) {
  return _mm512_shuffle_epi8(
      v, _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

/* P' without its x^128 term: x^127 + x^126 + x^121 (high word 0xc2 << 56)
   and 1 (low word). */
FCZ_INLINE __m128i fcz_poly1(void) {
  return _mm_set_epi64x((long long)0xC200000000000000ull, 1);
}

FCZ_INLINE void fcz_zero(fcz_acc *a) { a->lo = a->mid = a->hi = _mm512_setzero_si512(); }

FCZ_INLINE __m512i fcz_pow(const uint64_t *hd, int t) {
  return _mm512_loadu_si512((const uint8_t *)hd + 16 * t);
}

FCZ_INLINE void fcz_mul_acc(fcz_acc *a, __m512i x, __m512i h) {
  a->lo = _mm512_xor_si512(a->lo, _mm512_clmulepi64_epi128(x, h, 0x00));
  a->hi = _mm512_xor_si512(a->hi, _mm512_clmulepi64_epi128(x, h, 0x11));
  a->mid = _mm512_ternarylogic_epi64(a->mid, _mm512_clmulepi64_epi128(x, h, 0x01),
                                     _mm512_clmulepi64_epi128(x, h, 0x10), 0x96);
}

FCZ_INLINE __m128i fcz_sum_lanes(__m512i v) {
  __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
  return _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
}

/* The two folds on every lane: lo into mid, mid into hi (unsummed). */
FCZ_INLINE __m512i fcz_fold_lo(__m512i lo, __m512i mid) {
  const __m512i p = _mm512_broadcast_i32x4(fcz_poly1());
  return _mm512_ternarylogic_epi64(mid, _mm512_clmulepi64_epi128(lo, p, 0x10),
                                   _mm512_shuffle_epi32(lo, (_MM_PERM_ENUM)0x4E), 0x96);
}
FCZ_INLINE __m512i fcz_fold_mid(__m512i mid, __m512i hi) {
  const __m512i p = _mm512_broadcast_i32x4(fcz_poly1());
  return _mm512_ternarylogic_epi64(hi, _mm512_clmulepi64_epi128(mid, p, 0x10),
                                   _mm512_shuffle_epi32(mid, (_MM_PERM_ENUM)0x4E), 0x96);
}

FCZ_INLINE __m128i fcz_reduce(const fcz_acc *a) {
  return fcz_sum_lanes(fcz_fold_mid(fcz_fold_lo(a->lo, a->mid), a->hi));
}

/* One product a h (h a stored power), 128-bit. */
FCZ_INLINE __m128i fcz_mul1(__m128i a, __m128i h) {
  const __m128i p = fcz_poly1();
  __m128i lo = _mm_clmulepi64_si128(a, h, 0x00), hi = _mm_clmulepi64_si128(a, h, 0x11);
  __m128i mid = _mm_xor_si128(_mm_clmulepi64_si128(a, h, 0x01), _mm_clmulepi64_si128(a, h, 0x10));
  mid = _mm_xor_si128(_mm_xor_si128(mid, _mm_clmulepi64_si128(lo, p, 0x10)),
                      _mm_shuffle_epi32(lo, 0x4E));
  return _mm_xor_si128(_mm_xor_si128(hi, _mm_clmulepi64_si128(mid, p, 0x10)),
                       _mm_shuffle_epi32(mid, 0x4E));
}

/* y in lane 0 of a register, the other lanes zero. */
FCZ_INLINE __m512i fcz_lane0(__m128i y) { return _mm512_zextsi128_si512(y); }

/* H^1 x, the last stored power. */
FCZ_INLINE __m128i fcz_h1(const uint64_t *hd) {
  return fcx_ld((const uint8_t *)hd + 16 * (FCZ_HPOW - 1));
}

/* y absorbs `nv` registers (4 nv blocks, nv <= 8) of reflected blocks x[]. */
FCZ_INLINE __m128i fcz_ghash_group(const uint64_t *hd, __m128i y, const __m512i *x, int nv) {
  fcz_acc a;
  fcz_zero(&a);
  int t0 = FCZ_HPOW - 4 * nv;
  for (int j = 0; j < nv; j++)
    fcz_mul_acc(&a, j == 0 ? _mm512_xor_si512(x[0], fcz_lane0(y)) : x[j], fcz_pow(hd, t0 + 4 * j));
  return fcz_reduce(&a);
}

FCZ_INLINE __m128i fcz_ghash_blocks(const uint64_t *hd, __m128i y, const uint8_t *in, size_t n) {
  for (; n >= 32; n -= 32, in += 512) {
    __m512i x[8];
    for (int j = 0; j < 8; j++) x[j] = fcz_bswap(_mm512_loadu_si512(in + 64 * j));
    y = fcz_ghash_group(hd, y, x, 8);
  }
  if (n >= 4) {
    __m512i x[8];
    int nv = (int)(n / 4);
    for (int j = 0; j < nv; j++) x[j] = fcz_bswap(_mm512_loadu_si512(in + 64 * j));
    y = fcz_ghash_group(hd, y, x, nv);
    in += 64 * nv;
    n -= 4 * (size_t)nv;
  }
  __m128i h1 = fcz_h1(hd);
  for (; n > 0; n--, in += 16) y = fcz_mul1(_mm_xor_si128(y, fcx_bswap(fcx_ld(in))), h1);
  return y;
}

/* hdata from h: H x, then each power the product of the last by H x. */
FCZ_INLINE void fcz_ghash_setkey(uint64_t *hd, const uint8_t h[16]) {
  __m128i h1 = fcx_bswap(fcx_ld(h));
  /* all ones when bit 127 is set (it falls out of the shift) */
  __m128i top = _mm_srai_epi32(_mm_shuffle_epi32(h1, 0xFF), 31);
  h1 = _mm_or_si128(_mm_slli_epi64(h1, 1), _mm_slli_si128(_mm_srli_epi64(h1, 63), 8));
  h1 = _mm_xor_si128(h1, _mm_and_si128(top, fcz_poly1()));
  __m128i p = h1;
  uint8_t *base = (uint8_t *)hd;
  for (int i = 1; i <= FCZ_HPOW; i++) {
    fcx_st(base + 16 * (FCZ_HPOW - i), p);
    p = fcz_mul1(p, h1);
  }
}

#endif
