/*
 * Stitched GCM body for the `armv8` + `pmull` pair: eight counter blocks
 * through AESE/AESMC with the eight PMULL products of the GHASH (previous
 * group when encrypting, this group when decrypting) issued in the same
 * round loop. Helpers: aes_armv8.h. Flags -march=armv8-a+crypto (needs as
 * `armv8`). The counter's low 32-bit word is set per block with
 * wrapping 32-bit arithmetic: exactly inc32, no branch on it.
 */
#include "aes_armv8.h"

static inline void counters8(uint32x4_t base, uint32_t *lo, uint8x16_t b[8]) {
  for (int i = 0; i < 8; i++, (*lo)++)
    b[i] = vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(*lo), base, 3));
}

static inline uint64x2_t rounds_ghash(const uint8_t *rk, unsigned nr, uint8x16_t b[8],
                                      const uint64_t *hd, const uint64x2_t x[8]) {
  fca_acc a;
  fca_zero(&a);
  /* rounds 0..7 carry one product each (constant trip count: unrolled);
     the rest (at least one more) are plain rounds */
#if defined(__clang__)
#pragma clang loop unroll(full)
#elif defined(__GNUC__)
#pragma GCC unroll 8
#endif
  for (int j = 0; j < 8; j++) {
    uint8x16_t k = fca_ld(rk + 16 * j);
    for (int i = 0; i < 8; i++) b[i] = vaesmcq_u8(vaeseq_u8(b[i], k));
    fca_mul_acc(&a, x[j], fca_hpow(hd, 8 - j), fca_hkar(hd, 8 - j));
  }
  for (unsigned r = 8; r + 1 < nr; r++) {
    uint8x16_t k = fca_ld(rk + 16 * r);
    for (int i = 0; i < 8; i++) b[i] = vaesmcq_u8(vaeseq_u8(b[i], k));
  }
  uint8x16_t k1 = fca_ld(rk + 16 * (nr - 1)), k2 = fca_ld(rk + 16 * nr);
  for (int i = 0; i < 8; i++) b[i] = veorq_u8(vaeseq_u8(b[i], k1), k2);
  return fca_reduce(&a);
}

static void run(const fc_aes_key *key, uint8_t ctr[16], uint8_t yb[16], const uint8_t *in,
                uint8_t *out, size_t n, int enc) {
  const uint8_t *rk = fca_ek(key);
  const uint64_t *hd = key->hdata;
  uint32x4_t base = vreinterpretq_u32_u8(fca_ld(ctr));
  uint32_t lo = (uint32_t)ctr[12] << 24 | (uint32_t)ctr[13] << 16 | (uint32_t)ctr[14] << 8 | ctr[15];
  uint64x2_t y = fca_load_ref(yb), x[8];
  int have_prev = 0;
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    uint8x16_t b[8], raw[8];
    counters8(base, &lo, b);
    if (!enc) {
      for (int i = 0; i < 8; i++) { /* all input read before in == out is written */
        raw[i] = fca_ld(in + 16 * i);
        x[i] = fca_u64(fca_rev(raw[i]));
      }
      x[0] = veorq_u64(x[0], y);
      y = rounds_ghash(rk, key->rounds, b, hd, x);
      for (int i = 0; i < 8; i++) fca_st(out + 16 * i, veorq_u8(b[i], raw[i]));
      continue;
    }
    if (have_prev) {
      x[0] = veorq_u64(x[0], y);
      y = rounds_ghash(rk, key->rounds, b, hd, x);
    } else {
      FCA_ROUNDS8(vaeseq_u8, vaesmcq_u8, rk, key->rounds, b);
    }
    for (int i = 0; i < 8; i++) {
      uint8x16_t o = veorq_u8(b[i], fca_ld(in + 16 * i));
      fca_st(out + 16 * i, o);
      x[i] = fca_u64(fca_rev(o));
    }
    have_prev = 1;
  }
  if (have_prev) {
    x[0] = veorq_u64(x[0], y);
    y = fca_ghash8(hd, x);
  }
  for (; n > 0; n--, in += 16, out += 16, lo++) {
    uint8x16_t cb = vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(lo), base, 3));
    uint8x16_t xi = fca_ld(in), o = veorq_u8(xi, fca_enc1(rk, key->rounds, cb));
    fca_st(out, o);
    y = fca_gfmul(veorq_u64(y, fca_u64(fca_rev(enc ? o : xi))), fca_hpow(hd, 1));
  }
  ctr[12] = (uint8_t)(lo >> 24);
  ctr[13] = (uint8_t)(lo >> 16);
  ctr[14] = (uint8_t)(lo >> 8);
  ctr[15] = (uint8_t)lo;
  fca_store_ref(yb, y);
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

const fc__gcm_kernel fc__gcm_armv8 = {
    {"armv8+pmull", FC_CPU_NEON | FC_CPU_ARM_AES | FC_CPU_ARM_PMULL | FC_CPU_ARM_SHA1 |
                        FC_CPU_ARM_SHA2},
    &fc__aes_armv8, &fc__ghash_pmull, gcm_enc, gcm_dec, FC__STACK(1728, 3456, 0),
};
