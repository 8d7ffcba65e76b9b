/*
 * Static inline VPCLMULQDQ (512-bit) GHASH helpers: method as ghash_x86.h
 * (reflected blocks, one reduction per group), four blocks per register,
 * up to 32 blocks (eight registers) per reduction. Products are schoolbook
 * (four carry-less products per register, no Karatsuba table), so the
 * 512 bytes of hdata hold 32 powers: D[t] = H^(32 - t) for t = 0..31 at
 * 16 t (descending: the powers of a group's register j are one 64-byte
 * load; a group of m blocks uses D[32 - m ..]).
 */
#ifndef FC_GHASH_VPCLMUL_H
#define FC_GHASH_VPCLMUL_H

#include "ghash_x86.h"

#define FCZ_HPOW 32

typedef struct {
  __m512i lo, mid, hi;
} fcz_acc;

static inline __m512i fcz_bswap(__m512i v) {
  return _mm512_shuffle_epi8(
      v, _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

static inline void fcz_zero(fcz_acc *a) { a->lo = a->mid = a->hi = _mm512_setzero_si512(); }

static inline __m512i fcz_pow(const uint64_t *hd, int t) {
  return _mm512_loadu_si512((const uint8_t *)hd + 16 * t);
}

static inline void fcz_mul_acc(fcz_acc *a, __m512i x, __m512i h) {
  a->lo = _mm512_xor_si512(a->lo, _mm512_clmulepi64_epi128(x, h, 0x00));
  a->hi = _mm512_xor_si512(a->hi, _mm512_clmulepi64_epi128(x, h, 0x11));
  a->mid = _mm512_ternarylogic_epi64(a->mid, _mm512_clmulepi64_epi128(x, h, 0x01),
                                     _mm512_clmulepi64_epi128(x, h, 0x10), 0x96);
}

static inline __m128i fcz_sum_lanes(__m512i v) {
  __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
  return _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
}

static inline __m128i fcz_reduce(const fcz_acc *a) {
  return fcx_reduce3(fcz_sum_lanes(a->lo), fcz_sum_lanes(a->mid), fcz_sum_lanes(a->hi));
}

/* y in lane 0 of a register, the other lanes zero. */
static inline __m512i fcz_lane0(__m128i y) {
  return _mm512_inserti32x4(_mm512_setzero_si512(), y, 0);
}

/* y absorbs `nv` registers (4 nv blocks, nv <= 8) of reflected blocks x[]. */
static inline __m128i fcz_ghash_group(const uint64_t *hd, __m128i y, const __m512i *x, int nv) {
  fcz_acc a;
  fcz_zero(&a);
  int t0 = FCZ_HPOW - 4 * nv;
  for (int j = 0; j < nv; j++)
    fcz_mul_acc(&a, j == 0 ? _mm512_xor_si512(x[0], fcz_lane0(y)) : x[j], fcz_pow(hd, t0 + 4 * j));
  return fcz_reduce(&a);
}

static inline __m128i fcz_ghash_blocks(const uint64_t *hd, __m128i y, const uint8_t *in, size_t n) {
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
  __m128i h1 = fcx_ld((const uint8_t *)hd + 16 * (FCZ_HPOW - 1));
  for (; n > 0; n--, in += 16) y = fcx_gfmul(_mm_xor_si128(y, fcx_bswap(fcx_ld(in))), h1);
  return y;
}

static inline void fcz_ghash_setkey(uint64_t *hd, const uint8_t h[16]) {
  __m128i h1 = fcx_bswap(fcx_ld(h)), p = h1;
  uint8_t *base = (uint8_t *)hd;
  for (int i = 1; i <= FCZ_HPOW; i++) {
    fcx_st(base + 16 * (FCZ_HPOW - i), p);
    p = fcx_gfmul(p, h1);
  }
}

#endif
