/*
 * Stitched GCM body for the `aesni` + `pclmul` pair: eight counter blocks
 * through AES-NI while the eight-block GHASH of the previous ciphertext
 * group (encryption) or of this group (decryption) runs in the same round
 * loop, one carry-less product per round, so both units stay busy (the
 * structure of Gueron's and Krasnov's stitched AES-GCM, white paper 323640
 * section 6; our code). Contract: fc__gcm_kernel in fc_internal.h.
 * Flags -maes -mpclmul -mssse3: needs AESNI, PCLMUL, SSE2, SSSE3.
 * The counter is stepped with 32-bit lane adds on its byte-reflected form:
 * exactly inc32, no branch on it.
 */
#include "ghash_x86.h"

static inline void counters8(__m128i *c, __m128i b[8]) {
  const __m128i one = _mm_set_epi32(0, 0, 0, 1);
  for (int i = 0; i < 8; i++, *c = _mm_add_epi32(*c, one)) b[i] = fcx_bswap(*c);
}

/* AES rounds on b[8] with the eight GHASH products of x[8] (reflected
   blocks, x[0] already holding y) interleaved; returns the new y. */
static inline __m128i rounds_ghash(const __m128i *rk, unsigned nr, __m128i b[8],
                                   const uint64_t *hd, const __m128i x[8]) {
  fcx_acc a;
  fcx_acc_zero(&a);
  __m128i k0 = fcx_ld(&rk[0]);
  for (int i = 0; i < 8; i++) b[i] = _mm_xor_si128(b[i], k0);
  for (unsigned r = 1; r < nr; r++) {
    __m128i k = fcx_ld(&rk[r]);
    for (int i = 0; i < 8; i++) b[i] = _mm_aesenc_si128(b[i], k);
    if (r <= 8) fcx_mul_acc(&a, x[r - 1], fcx_hpow(hd, 9 - (int)r), fcx_hkar(hd, 9 - (int)r));
  }
  __m128i kl = fcx_ld(&rk[nr]);
  for (int i = 0; i < 8; i++) b[i] = _mm_aesenclast_si128(b[i], kl);
  return fcx_reduce(&a);
}

static void tail(const fc_aes_key *key, __m128i *c, __m128i *y, const uint8_t *in, uint8_t *out,
                 size_t n, int enc) {
  const __m128i one = _mm_set_epi32(0, 0, 0, 1);
  const __m128i *rk = fcx_ek(key);
  for (; n > 0; n--, in += 16, out += 16, *c = _mm_add_epi32(*c, one)) {
    __m128i x = fcx_ld(in), o = _mm_xor_si128(x, fcx_enc1(rk, key->rounds, fcx_bswap(*c)));
    fcx_st(out, o);
    *y = fcx_gfmul(_mm_xor_si128(*y, fcx_bswap(enc ? o : x)), fcx_hpow(key->hdata, 1));
  }
}

static void gcm_enc(const fc_aes_key *key, uint8_t ctr[16], uint8_t yb[16], const uint8_t *in,
                    uint8_t *out, size_t n) {
  const __m128i *rk = fcx_ek(key);
  const uint64_t *hd = key->hdata;
  __m128i c = fcx_bswap(fcx_ld(ctr)), y = fcx_bswap(fcx_ld(yb)), prev[8];
  int have_prev = 0;
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    __m128i b[8];
    counters8(&c, b);
    if (have_prev) {
      prev[0] = _mm_xor_si128(prev[0], y);
      y = rounds_ghash(rk, key->rounds, b, hd, prev);
    } else {
      for (int i = 0; i < 8; i++) b[i] = fcx_enc1(rk, key->rounds, b[i]);
    }
    for (int i = 0; i < 8; i++) {
      __m128i o = _mm_xor_si128(b[i], fcx_ld(in + 16 * i));
      fcx_st(out + 16 * i, o);
      prev[i] = fcx_bswap(o);
    }
    have_prev = 1;
  }
  if (have_prev) y = fcx_ghash8(hd, y, prev);
  tail(key, &c, &y, in, out, n, 1);
  fcx_st(ctr, fcx_bswap(c));
  fcx_st(yb, fcx_bswap(y));
  FC__VWIPE();
}

static void gcm_dec(const fc_aes_key *key, uint8_t ctr[16], uint8_t yb[16], const uint8_t *in,
                    uint8_t *out, size_t n) {
  const __m128i *rk = fcx_ek(key);
  const uint64_t *hd = key->hdata;
  __m128i c = fcx_bswap(fcx_ld(ctr)), y = fcx_bswap(fcx_ld(yb));
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    __m128i b[8], x[8], raw[8];
    for (int i = 0; i < 8; i++) { /* all input read before in == out is written */
      raw[i] = fcx_ld(in + 16 * i);
      x[i] = fcx_bswap(raw[i]);
    }
    x[0] = _mm_xor_si128(x[0], y);
    counters8(&c, b);
    y = rounds_ghash(rk, key->rounds, b, hd, x);
    for (int i = 0; i < 8; i++) fcx_st(out + 16 * i, _mm_xor_si128(b[i], raw[i]));
  }
  tail(key, &c, &y, in, out, n, 0);
  fcx_st(ctr, fcx_bswap(c));
  fcx_st(yb, fcx_bswap(y));
  FC__VWIPE();
}

const fc__gcm_kernel fc__gcm_aesni = {
    {"aesni+pclmul", FC_CPU_AESNI | FC_CPU_PCLMUL | FC_CPU_SSE2 | FC_CPU_SSSE3},
    &fc__aes_aesni, &fc__ghash_pclmul, gcm_enc, gcm_dec, FC__STACK(1696, 2304, 2912),
};
