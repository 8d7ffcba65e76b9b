/*
 * Stitched GCM body for the `vaes256` + `pclmul` pair (CPUs with VAES but
 * no AVX-512): 16 counter blocks (eight 256-bit registers) through VAES per
 * iteration while the 16-block GHASH (aggregated: H^16..H^1, one reduction)
 * of the previous iteration's ciphertext (encryption) or of this one's
 * (decryption) runs in rounds 1-8, two 128-bit products per round. The
 * GHASH input is read back from memory, so only the AES state stays in the
 * sixteen registers. Method: aes_vaes_impl.h, ghash_x86.h. Flags -mvaes
 * -maes -mpclmul -mavx2: needs the union of both kernels' needs. The
 * counter steps by 32-bit lane adds on its byte-reflected form: inc32.
 */
#include "ghash_x86.h"
#include "aes_vaes_256.h"

#define GV 8 /* registers per iteration: 16 blocks */

static inline __m128i rounds_ghash(const __m128i *rk, unsigned nr, __m256i b[GV],
                                   const uint64_t *hd, const uint8_t *g, __m128i y) {
  fcx_acc a;
  fcx_acc_zero(&a);
  __m256i k0 = FCV_BCAST(&rk[0]);
  for (int i = 0; i < GV; i++) b[i] = _mm256_xor_si256(b[i], k0);
#if defined(__clang__)
#pragma clang loop unroll(full)
#elif defined(__GNUC__)
#pragma GCC unroll 8
#endif
  for (int j = 0; j < GV; j++) {
    __m256i k = FCV_BCAST(&rk[j + 1]);
    for (int i = 0; i < GV; i++) b[i] = _mm256_aesenc_epi128(b[i], k);
    __m128i x0 = fcx_bswap(fcx_ld(g + 32 * j)), x1 = fcx_bswap(fcx_ld(g + 32 * j + 16));
    if (j == 0) x0 = _mm_xor_si128(x0, y);
    fcx_mul_acc(&a, x0, fcx_hpow(hd, 16 - 2 * j), fcx_hkar(hd, 16 - 2 * j));
    fcx_mul_acc(&a, x1, fcx_hpow(hd, 15 - 2 * j), fcx_hkar(hd, 15 - 2 * j));
  }
  for (unsigned r = GV + 1; r < nr; r++) {
    __m256i k = FCV_BCAST(&rk[r]);
    for (int i = 0; i < GV; i++) b[i] = _mm256_aesenc_epi128(b[i], k);
  }
  __m256i kl = FCV_BCAST(&rk[nr]);
  for (int i = 0; i < GV; i++) b[i] = _mm256_aesenclast_epi128(b[i], kl);
  return fcx_reduce(&a);
}

static void run(const fc_aes_key *key, uint8_t ctr[16], uint8_t yb[16], const uint8_t *in,
                uint8_t *out, size_t n, int enc) {
  const __m128i *rk = fcx_ek(key);
  const uint64_t *hd = key->hdata;
  const __m256i step = _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 2);
  __m256i c = _mm256_add_epi32(FCV_BSWAP(FCV_BCAST(ctr)), _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
  __m128i y = fcx_bswap(fcx_ld(yb));
  int have_prev = 0;
  for (; n >= 2 * GV; n -= 2 * GV, in += 32 * GV, out += 32 * GV) {
    __m256i b[GV];
    for (int i = 0; i < GV; i++, c = _mm256_add_epi32(c, step)) b[i] = FCV_BSWAP(c);
    if (!enc)
      y = rounds_ghash(rk, key->rounds, b, hd, in, y); /* hashes in before out is written */
    else if (have_prev)
      y = rounds_ghash(rk, key->rounds, b, hd, out - 32 * GV, y);
    else
      FCV_ROUNDS(FCV_ENC, rk, key->rounds, b, GV);
    for (int i = 0; i < GV; i++)
      FCV_ST(out + 32 * i, _mm256_xor_si256(b[i], FCV_LD(in + 32 * i)));
    have_prev = 1;
  }
  if (enc && have_prev) y = fcx_ghash_blocks(hd, y, out - 32 * GV, 2 * GV);
  __m128i c1 = _mm256_castsi256_si128(c), h1 = fcx_hpow(hd, 1);
  for (; n > 0; n--, in += 16, out += 16, c1 = _mm_add_epi32(c1, _mm_set_epi32(0, 0, 0, 1))) {
    __m128i x = fcx_ld(in), o = _mm_xor_si128(x, fcx_enc1(rk, key->rounds, fcx_bswap(c1)));
    fcx_st(out, o);
    y = fcx_gfmul(_mm_xor_si128(y, fcx_bswap(enc ? o : x)), h1);
  }
  fcx_st(ctr, fcx_bswap(c1));
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

const fc__gcm_kernel fc__gcm_vaes256 = {
    {"vaes256+pclmul", FCV_NEEDS | FC_CPU_PCLMUL},
    &fc__aes_vaes256, &fc__ghash_pclmul, gcm_enc, gcm_dec, FC__STACK(1696, 2496, 0),
};
