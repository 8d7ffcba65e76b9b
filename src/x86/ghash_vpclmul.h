/*
 * Static inline VPCLMULQDQ (512-bit) GHASH helpers: method as ghash_x86.h
 * (reflected blocks, Karatsuba, one reduction per group), four blocks per
 * register, sixteen blocks per group. hdata layout (vpclmul): D[t] =
 * H^(16 - t) for t = 0..15 at 16 t (descending, so the powers of a group's
 * register j are one 64-byte load at D[4 j]), then their (hi ^ lo) halves
 * at 256 + 16 t.
 */
#ifndef FC_GHASH_VPCLMUL_H
#define FC_GHASH_VPCLMUL_H

#include "ghash_x86.h"

typedef struct {
  __m512i lo, mid, hi;
} fcz_acc;

static inline __m512i fcz_bswap(__m512i v) {
  return _mm512_shuffle_epi8(
      v, _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

static inline void fcz_zero(fcz_acc *a) { a->lo = a->mid = a->hi = _mm512_setzero_si512(); }

/* Powers for register j of a 16-block group (t = 4 j .. 4 j + 3). */
static inline __m512i fcz_pow(const uint64_t *hd, int t) {
  return _mm512_loadu_si512((const uint8_t *)hd + 16 * t);
}
static inline __m512i fcz_kar(const uint64_t *hd, int t) {
  return _mm512_loadu_si512((const uint8_t *)hd + 256 + 16 * t);
}

static inline void fcz_mul_acc(fcz_acc *a, __m512i x, __m512i h, __m512i hk) {
  __m512i xk = _mm512_xor_si512(x, _mm512_shuffle_epi32(x, (_MM_PERM_ENUM)0x4E));
  a->lo = _mm512_xor_si512(a->lo, _mm512_clmulepi64_epi128(x, h, 0x00));
  a->hi = _mm512_xor_si512(a->hi, _mm512_clmulepi64_epi128(x, h, 0x11));
  a->mid = _mm512_xor_si512(a->mid, _mm512_clmulepi64_epi128(xk, hk, 0x00));
}

static inline __m128i fcz_sum_lanes(__m512i v) {
  __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
  return _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
}

static inline __m128i fcz_reduce(const fcz_acc *a) {
  fcx_acc s = {fcz_sum_lanes(a->lo), fcz_sum_lanes(a->mid), fcz_sum_lanes(a->hi)};
  return fcx_reduce(&s);
}

/* y in lane 0 of a register, the other lanes zero. */
static inline __m512i fcz_lane0(__m128i y) {
  return _mm512_inserti32x4(_mm512_setzero_si512(), y, 0);
}

/* y absorbs `nv` registers of reflected blocks x[] (nv = 4: 16 blocks; 1: 4
   blocks), x[0] not yet holding y. */
static inline __m128i fcz_ghash_group(const uint64_t *hd, __m128i y, const __m512i *x, int nv) {
  fcz_acc a;
  fcz_zero(&a);
  int t0 = 16 - 4 * nv;
  for (int j = 0; j < nv; j++) {
    __m512i v = j == 0 ? _mm512_xor_si512(x[0], fcz_lane0(y)) : x[j];
    fcz_mul_acc(&a, v, fcz_pow(hd, t0 + 4 * j), fcz_kar(hd, t0 + 4 * j));
  }
  return fcz_reduce(&a);
}

static inline __m128i fcz_ghash_blocks(const uint64_t *hd, __m128i y, const uint8_t *in, size_t n) {
  for (; n >= 16; n -= 16, in += 256) {
    __m512i x[4];
    for (int j = 0; j < 4; j++) x[j] = fcz_bswap(_mm512_loadu_si512(in + 64 * j));
    y = fcz_ghash_group(hd, y, x, 4);
  }
  for (; n >= 4; n -= 4, in += 64) {
    __m512i x = fcz_bswap(_mm512_loadu_si512(in));
    y = fcz_ghash_group(hd, y, &x, 1);
  }
  __m128i h1 = fcx_ld((const uint8_t *)hd + 16 * 15);
  for (; n > 0; n--, in += 16) y = fcx_gfmul(_mm_xor_si128(y, fcx_bswap(fcx_ld(in))), h1);
  return y;
}

static inline void fcz_ghash_setkey(uint64_t *hd, const uint8_t h[16]) {
  __m128i h1 = fcx_bswap(fcx_ld(h)), p = h1;
  uint8_t *base = (uint8_t *)hd;
  for (int i = 1; i <= 16; i++) {
    fcx_st(base + 16 * (16 - i), p);
    fcx_st(base + 256 + 16 * (16 - i), _mm_xor_si128(p, _mm_shuffle_epi32(p, 0x4E)));
    p = fcx_gfmul(p, h1);
  }
}

#endif
