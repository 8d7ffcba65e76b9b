/*
 * Stitched GCM body for the `vaes` + `vpclmul` pair on 512-bit registers:
 * 32 counter blocks (eight registers) through VAES per iteration while
 * the GHASH of 32 ciphertext blocks (the previous iteration's when
 * encrypting, this one's when decrypting) runs in the same round loop:
 * one register's four products per round in rounds 1-8 (AES has at least
 * 9 middle rounds), one reduction per iteration. Method: aes_vaes_impl.h, ghash_vpclmul.h. Flags -mvaes
 * -mvpclmulqdq -maes -mpclmul -mavx512f -mavx512bw: needs the union of
 * both kernels' needs. The counter steps by 32-bit lane adds on its
 * byte-reflected form: exactly inc32, no branch on it.
 */
#include "ghash_vpclmul.h"
#include "aes_vaes_512.h"

#define GN 8 /* registers per iteration */

static inline void counters(__m512i *c, __m512i b[GN]) {
  for (int i = 0; i < GN; i++, *c = _mm512_add_epi32(*c, FCV_STEP)) b[i] = fcz_bswap(*c);
}

/* AES on b[8] interleaved with the GHASH of x[8] (reflected; y not yet
   in): register j's four products in round j + 1, one reduction. */
static inline __m128i rounds_ghash(const __m128i *rk, unsigned nr, __m512i b[GN],
                                   const uint64_t *hd, const __m512i x[GN], __m128i y) {
  fcz_acc a;
  fcz_zero(&a);
  __m512i k0 = FCV_BCAST(&rk[0]);
  for (int i = 0; i < GN; i++) b[i] = _mm512_xor_si512(b[i], k0);
  /* rounds 1..8 carry one register's products each (constant trip count:
     unrolled, so x[] stays in registers); the rest are plain rounds */
#if defined(__clang__)
#pragma clang loop unroll(full)
#elif defined(__GNUC__)
#pragma GCC unroll 8
#endif
  for (int j = 0; j < GN; j++) {
    __m512i k = FCV_BCAST(&rk[j + 1]);
    for (int i = 0; i < GN; i++) b[i] = _mm512_aesenc_epi128(b[i], k);
    fcz_mul_acc(&a, j == 0 ? _mm512_xor_si512(x[0], fcz_lane0(y)) : x[j], fcz_pow(hd, 4 * j));
  }
  for (unsigned r = GN + 1; r < nr; r++) {
    __m512i k = FCV_BCAST(&rk[r]);
    for (int i = 0; i < GN; i++) b[i] = _mm512_aesenc_epi128(b[i], k);
  }
  __m512i kl = FCV_BCAST(&rk[nr]);
  for (int i = 0; i < GN; i++) b[i] = _mm512_aesenclast_epi128(b[i], kl);
  return fcz_reduce(&a);
}

/* Fewer than 32 blocks: four at a time, then one at a time. */
static void tail(const fc_aes_key *key, __m512i *c, __m128i *y, const uint8_t *in, uint8_t *out,
                 size_t n, int enc) {
  const __m128i *rk = fcx_ek(key);
  const uint64_t *hd = key->hdata;
  for (; n >= 4; n -= 4, in += 64, out += 64) {
    __m512i b[1] = {fcz_bswap(*c)}, x = _mm512_loadu_si512(in);
    *c = _mm512_add_epi32(*c, FCV_STEP);
    FCV_ROUNDS(FCV_ENC, rk, key->rounds, b, 1);
    __m512i o = _mm512_xor_si512(x, b[0]);
    _mm512_storeu_si512(out, o);
    __m512i g = fcz_bswap(enc ? o : x);
    *y = fcz_ghash_group(hd, *y, &g, 1);
  }
  __m128i c1 = _mm512_castsi512_si128(*c), h1 = fcx_ld((const uint8_t *)hd + 16 * (FCZ_HPOW - 1));
  for (; n > 0; n--, in += 16, out += 16, c1 = _mm_add_epi32(c1, _mm_set_epi32(0, 0, 0, 1))) {
    __m128i x = fcx_ld(in), o = _mm_xor_si128(x, fcx_enc1(rk, key->rounds, fcx_bswap(c1)));
    fcx_st(out, o);
    *y = fcx_gfmul(_mm_xor_si128(*y, fcx_bswap(enc ? o : x)), h1);
  }
  *c = _mm512_broadcast_i32x4(c1); /* lane 0 is what the caller reads back */
}

static void run(const fc_aes_key *key, uint8_t ctr[16], uint8_t yb[16], const uint8_t *in,
                uint8_t *out, size_t n, int enc) {
  const __m128i *rk = fcx_ek(key);
  const uint64_t *hd = key->hdata;
  __m512i c = _mm512_add_epi32(fcz_bswap(FCV_BCAST(ctr)), FCV_LANE_IDX), x[GN];
  __m128i y = fcx_bswap(fcx_ld(yb));
  int have_prev = 0;
  for (; n >= 4 * GN; n -= 4 * GN, in += 64 * GN, out += 64 * GN) {
    __m512i b[GN], raw[GN];
    counters(&c, b);
    if (!enc) {
      for (int i = 0; i < GN; i++) { /* all input read before in == out is written */
        raw[i] = _mm512_loadu_si512(in + 64 * i);
        x[i] = fcz_bswap(raw[i]);
      }
      y = rounds_ghash(rk, key->rounds, b, hd, x, y);
      for (int i = 0; i < GN; i++) _mm512_storeu_si512(out + 64 * i, _mm512_xor_si512(b[i], raw[i]));
      continue;
    }
    if (have_prev) {
      y = rounds_ghash(rk, key->rounds, b, hd, x, y);
    } else {
      FCV_ROUNDS(FCV_ENC, rk, key->rounds, b, GN);
    }
    for (int i = 0; i < GN; i++) {
      __m512i o = _mm512_xor_si512(b[i], _mm512_loadu_si512(in + 64 * i));
      _mm512_storeu_si512(out + 64 * i, o);
      x[i] = fcz_bswap(o);
    }
    have_prev = 1;
  }
  if (have_prev) y = fcz_ghash_group(hd, y, x, GN);
  tail(key, &c, &y, in, out, n, enc);
  fcx_st(ctr, fcx_bswap(_mm512_castsi512_si128(c)));
  fcx_st(yb, fcx_bswap(y));
}

static void gcm_enc(const fc_aes_key *key, uint8_t ctr[16], uint8_t y[16], const uint8_t *in,
                    uint8_t *out, size_t n) {
  run(key, ctr, y, in, out, n, 1);
  FC__VWIPE();
}

static void gcm_dec(const fc_aes_key *key, uint8_t ctr[16], uint8_t y[16], const uint8_t *in,
                    uint8_t *out, size_t n) {
  run(key, ctr, y, in, out, n, 0);
  FC__VWIPE();
}

const fc__gcm_kernel fc__gcm_vaes = {
    {"vaes+vpclmul", FCV_NEEDS | FC_CPU_VPCLMUL | FC_CPU_PCLMUL},
    &fc__aes_vaes, &fc__ghash_vpclmul, gcm_enc, gcm_dec, FC__STACK(2496, 3968, 0),
};
