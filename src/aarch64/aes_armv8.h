/*
 * Static inline ARMv8 Cryptography Extension helpers for the AArch64 AES,
 * GHASH and stitched GCM kernel files (each built with
 * -march=armv8-a+crypto; static inline only).
 *
 * AES: Arm Architecture Reference Manual (DDI 0487), AESE = AddRoundKey +
 * SubBytes + ShiftRows, AESMC = MixColumns, AESD/AESIMC their inverses;
 * round r of FIPS 197 is AESMC(AESE(x, k[r])) and the last is AESE then
 * XOR. Decryption uses the equivalent inverse cipher (FIPS 197 5.3.5): the
 * middle round keys through AESIMC. SubWord in the key schedule is AESE
 * with a zero key on the broadcast word (ShiftRows moves nothing).
 * kdata layout as on x86: encryption keys 0..Nr from block 0, decryption
 * keys from block 15.
 *
 * GHASH: PMULL/PMULL2 64x64 carry-less products; blocks byte-reversed into
 * 128-bit little-endian integers (lane 0 low), Karatsuba, the 256-bit
 * product shifted left by one and reduced as in src/x86/ghash_x86.h
 * (x^128 = x^7 + x^2 + x + 1 folded word by word); eight blocks per
 * reduction. hdata: H^1..H^8 reflected at 16 (i - 1), then (hi ^ lo) of
 * each in both lanes at 128 + 16 (i - 1).
 */
#ifndef FC_AES_ARMV8_H
#define FC_AES_ARMV8_H

#include <arm_neon.h>

#include "aes/aes_key_expand.h"

#define FCA_DEC_OFF 15
#define FCA_HPOW 8

static inline uint8x16_t fca_ld(const void *p) { return vld1q_u8((const uint8_t *)p); }
static inline void fca_st(void *p, uint8x16_t v) { vst1q_u8((uint8_t *)p, v); }
static inline const uint8_t *fca_ek(const fc_aes_key *k) { return (const uint8_t *)k->kdata; }
static inline const uint8_t *fca_dk(const fc_aes_key *k) {
  return (const uint8_t *)k->kdata + 16 * FCA_DEC_OFF;
}

static inline uint32_t fca_subword(uint32_t w) {
  uint8x16_t x = vaeseq_u8(vreinterpretq_u8_u32(vdupq_n_u32(w)), vdupq_n_u8(0));
  return vgetq_lane_u32(vreinterpretq_u32_u8(x), 0);
}

static inline void fca_setkey(fc_aes_key *key, const uint8_t *k) {
  uint32_t w[60];
  unsigned nr = key->rounds;
  fc__aes_expand_key(w, k, key->key_len / 4, nr, fca_subword);
  uint8_t *ek = (uint8_t *)key->kdata, *dk = ek + 16 * FCA_DEC_OFF;
  memcpy(ek, w, 16 * (nr + 1));
  fca_st(dk, fca_ld(ek + 16 * nr));
  for (unsigned r = 1; r < nr; r++) fca_st(dk + 16 * r, vaesimcq_u8(fca_ld(ek + 16 * (nr - r))));
  fca_st(dk + 16 * nr, fca_ld(ek));
  memset(w, 0, sizeof(w));
  __asm__ __volatile__("" : : "r"(w) : "memory");
}

static inline uint8x16_t fca_enc1(const uint8_t *rk, unsigned nr, uint8x16_t x) {
  for (unsigned r = 0; r + 1 < nr; r++) x = vaesmcq_u8(vaeseq_u8(x, fca_ld(rk + 16 * r)));
  x = vaeseq_u8(x, fca_ld(rk + 16 * (nr - 1)));
  return veorq_u8(x, fca_ld(rk + 16 * nr));
}

static inline uint8x16_t fca_dec1(const uint8_t *rk, unsigned nr, uint8x16_t x) {
  for (unsigned r = 0; r + 1 < nr; r++) x = vaesimcq_u8(vaesdq_u8(x, fca_ld(rk + 16 * r)));
  x = vaesdq_u8(x, fca_ld(rk + 16 * (nr - 1)));
  return veorq_u8(x, fca_ld(rk + 16 * nr));
}

#define FCA_ROUNDS8(E, MC, rk, nr, b)                                           \
  do {                                                                          \
    for (unsigned r_ = 0; r_ + 1 < (nr); r_++) {                                \
      uint8x16_t k_ = fca_ld((rk) + 16 * r_);                                   \
      for (int i_ = 0; i_ < 8; i_++) b[i_] = MC(E(b[i_], k_));                  \
    }                                                                           \
    uint8x16_t k1_ = fca_ld((rk) + 16 * ((nr) - 1)), k2_ = fca_ld((rk) + 16 * (nr)); \
    for (int i_ = 0; i_ < 8; i_++) b[i_] = veorq_u8(E(b[i_], k1_), k2_);        \
  } while (0)

/* Byte reversal of a block. */
static inline uint8x16_t fca_rev(uint8x16_t x) {
  x = vrev64q_u8(x);
  return vextq_u8(x, x, 8);
}

/* ---- GHASH ---- */

typedef struct {
  uint64x2_t lo, mid, hi;
} fca_acc;

static inline uint64x2_t fca_u64(uint8x16_t x) { return vreinterpretq_u64_u8(x); }
static inline uint8x16_t fca_u8(uint64x2_t x) { return vreinterpretq_u8_u64(x); }

static inline uint64x2_t fca_pmull_lo(uint64x2_t a, uint64x2_t b) {
  return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 0), (poly64_t)vgetq_lane_u64(b, 0)));
}
static inline uint64x2_t fca_pmull_hi(uint64x2_t a, uint64x2_t b) {
  return vreinterpretq_u64_p128(
      vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}

static inline void fca_zero(fca_acc *a) { a->lo = a->mid = a->hi = vdupq_n_u64(0); }

/* acc += x * h (hk = hi ^ lo of h in both lanes). */
static inline void fca_mul_acc(fca_acc *a, uint64x2_t x, uint64x2_t h, uint64x2_t hk) {
  uint64x2_t xk = veorq_u64(x, vextq_u64(x, x, 1));
  a->lo = veorq_u64(a->lo, fca_pmull_lo(x, h));
  a->hi = veorq_u64(a->hi, fca_pmull_hi(x, h));
  a->mid = veorq_u64(a->mid, fca_pmull_lo(xk, hk));
}

static inline uint64x2_t fca_up8(uint64x2_t x) { /* lane 0 -> lane 1, lane 0 = 0 */
  return vextq_u64(vdupq_n_u64(0), x, 1);
}
static inline uint64x2_t fca_down8(uint64x2_t x) { /* lane 1 -> lane 0, lane 1 = 0 */
  return vextq_u64(x, vdupq_n_u64(0), 1);
}

/* See src/x86/ghash_x86.h fcx_reduce: same steps on 64-bit lanes. */
static inline uint64x2_t fca_reduce(const fca_acc *a) {
  uint64x2_t mid = veorq_u64(a->mid, veorq_u64(a->lo, a->hi));
  uint64x2_t lo = veorq_u64(a->lo, fca_up8(mid)), hi = veorq_u64(a->hi, fca_down8(mid));
  uint64x2_t lc = vshrq_n_u64(lo, 63), hc = vshrq_n_u64(hi, 63);
  lo = vorrq_u64(vshlq_n_u64(lo, 1), fca_up8(lc));
  hi = vorrq_u64(vorrq_u64(vshlq_n_u64(hi, 1), fca_up8(hc)), fca_down8(lc));
  uint64x2_t s = veorq_u64(veorq_u64(vshlq_n_u64(lo, 63), vshlq_n_u64(lo, 62)), vshlq_n_u64(lo, 57));
  lo = veorq_u64(lo, fca_up8(s));
  s = veorq_u64(veorq_u64(vshlq_n_u64(lo, 63), vshlq_n_u64(lo, 62)), vshlq_n_u64(lo, 57));
  uint64x2_t r = veorq_u64(veorq_u64(lo, vshrq_n_u64(lo, 1)),
                           veorq_u64(vshrq_n_u64(lo, 2), vshrq_n_u64(lo, 7)));
  return veorq_u64(veorq_u64(hi, r), fca_down8(s));
}

static inline uint64x2_t fca_hpow(const uint64_t *hd, int i) { return vld1q_u64(hd + 2 * (i - 1)); }
static inline uint64x2_t fca_hkar(const uint64_t *hd, int i) {
  return vld1q_u64(hd + 2 * (FCA_HPOW + i - 1));
}

static inline uint64x2_t fca_gfmul(uint64x2_t x, uint64x2_t h) {
  fca_acc a;
  fca_zero(&a);
  fca_mul_acc(&a, x, h, veorq_u64(h, vextq_u64(h, h, 1)));
  return fca_reduce(&a);
}

static inline uint64x2_t fca_load_ref(const uint8_t *p) { return fca_u64(fca_rev(fca_ld(p))); }
static inline void fca_store_ref(uint8_t *p, uint64x2_t y) { fca_st(p, fca_rev(fca_u8(y))); }

static inline void fca_ghash_setkey(uint64_t *hd, const uint8_t h[16]) {
  uint64x2_t h1 = fca_load_ref(h), p = h1;
  for (int i = 1; i <= FCA_HPOW; i++) {
    vst1q_u64(hd + 2 * (i - 1), p);
    vst1q_u64(hd + 2 * (FCA_HPOW + i - 1), veorq_u64(p, vextq_u64(p, p, 1)));
    p = fca_gfmul(p, h1);
  }
}

/* y absorbs 8 reflected blocks (x[0] already holding y). */
static inline uint64x2_t fca_ghash8(const uint64_t *hd, const uint64x2_t x[8]) {
  fca_acc a;
  fca_zero(&a);
  for (int i = 0; i < 8; i++) fca_mul_acc(&a, x[i], fca_hpow(hd, 8 - i), fca_hkar(hd, 8 - i));
  return fca_reduce(&a);
}

static inline uint64x2_t fca_ghash_blocks(const uint64_t *hd, uint64x2_t y, const uint8_t *in,
                                          size_t n) {
  for (; n >= 8; n -= 8, in += 128) {
    uint64x2_t x[8];
    for (int i = 0; i < 8; i++) x[i] = fca_load_ref(in + 16 * i);
    x[0] = veorq_u64(x[0], y);
    y = fca_ghash8(hd, x);
  }
  for (; n > 0; n--, in += 16) y = fca_gfmul(veorq_u64(y, fca_load_ref(in)), fca_hpow(hd, 1));
  return y;
}

#endif
