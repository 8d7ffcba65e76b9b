/*
 * VAES / VPCLMULQDQ kernels, written once for a vector of FCV_LANES blocks
 * (4 on 512-bit registers, 2 on 256-bit) and included by aes_vaes.c and
 * aes_vaes256.c (AES), ghash_vpclmul.c (GHASH), gcm_vaes.c (stitched).
 * The including file defines the vector macros below. Eight vectors are in
 * flight (32 or 16 blocks): VAES latency is about 5 cycles at a throughput
 * of 1-2 per cycle. Round keys are broadcast from key->kdata (aes_x86.h
 * layout); the counter is a little-endian 128-bit integer per lane, +1 per
 * block on the low 64-bit lane while that cannot overflow (else the
 * 128-bit path of aes_x86.h builds the blocks one by one).
 *
 * The including file defines:
 *   FCV          vector type           FCV_LANES   blocks per vector
 *   FCV_LD/ST    unaligned load/store  FCV_BCAST   one block to every lane
 *   FCV_XOR, FCV_ADD64, FCV_ENC, FCV_ENCLAST, FCV_DEC, FCV_DECLAST
 *   FCV_BSWAP    byte reversal in each lane
 *   FCV_PREV(c, p)  blocks shifted up one lane: [p.top, c.0, c.1, ...]
 *   FCV_LANE_IDX    lanes holding 0, 1, 2, ... in their low 64 bits
 *   FCV_STEP        every lane holding FCV_LANES in its low 64 bits
 *   FCV_TOP(v)      the top lane as __m128i
 */
#ifndef FC_AES_VAES_IMPL_H
#define FC_AES_VAES_IMPL_H

#include "aes_x86.h"

#define FCV_N 8 /* vectors in flight */

#define FCV_ROUNDS(op, rk, nr, b, cnt)                              \
  do {                                                              \
    FCV k0_ = FCV_BCAST(&(rk)[0]);                                  \
    for (int i_ = 0; i_ < (cnt); i_++) b[i_] = FCV_XOR(b[i_], k0_); \
    for (unsigned r_ = 1; r_ < (nr); r_++) {                        \
      FCV k_ = FCV_BCAST(&(rk)[r_]);                                \
      for (int i_ = 0; i_ < (cnt); i_++) b[i_] = op(b[i_], k_);     \
    }                                                               \
    FCV kl_ = FCV_BCAST(&(rk)[nr]);                                 \
    for (int i_ = 0; i_ < (cnt); i_++) b[i_] = op##LAST(b[i_], kl_); \
  } while (0)

static inline void fcv_ecb(const __m128i *rk, unsigned nr, const uint8_t *in, uint8_t *out,
                           size_t n, int enc) {
  const size_t L = FCV_LANES;
  for (; n >= FCV_N * L; n -= FCV_N * L, in += 16 * FCV_N * L, out += 16 * FCV_N * L) {
    FCV b[FCV_N];
    for (int i = 0; i < FCV_N; i++) b[i] = FCV_LD(in + 16 * L * i);
    if (enc)
      FCV_ROUNDS(FCV_ENC, rk, nr, b, FCV_N);
    else
      FCV_ROUNDS(FCV_DEC, rk, nr, b, FCV_N);
    for (int i = 0; i < FCV_N; i++) FCV_ST(out + 16 * L * i, b[i]);
  }
  for (; n >= L; n -= L, in += 16 * L, out += 16 * L) {
    FCV b[1] = {FCV_LD(in)};
    if (enc)
      FCV_ROUNDS(FCV_ENC, rk, nr, b, 1);
    else
      FCV_ROUNDS(FCV_DEC, rk, nr, b, 1);
    FCV_ST(out, b[0]);
  }
  for (; n > 0; n--, in += 16, out += 16)
    fcx_st(out, enc ? fcx_enc1(rk, nr, fcx_ld(in)) : fcx_dec1(rk, nr, fcx_ld(in)));
}

static inline void fcv_cbc_dec(const __m128i *rk, unsigned nr, uint8_t iv[16], const uint8_t *in,
                               uint8_t *out, size_t n) {
  const size_t L = FCV_LANES;
  FCV prev = FCV_BCAST(iv); /* its top lane is the chaining block */
  for (; n >= FCV_N * L; n -= FCV_N * L, in += 16 * FCV_N * L, out += 16 * FCV_N * L) {
    FCV c[FCV_N], b[FCV_N];
    for (int i = 0; i < FCV_N; i++) b[i] = c[i] = FCV_LD(in + 16 * L * i);
    FCV_ROUNDS(FCV_DEC, rk, nr, b, FCV_N);
    FCV_ST(out, FCV_XOR(b[0], FCV_PREV(c[0], prev)));
    for (int i = 1; i < FCV_N; i++) FCV_ST(out + 16 * L * i, FCV_XOR(b[i], FCV_PREV(c[i], c[i - 1])));
    prev = c[FCV_N - 1];
  }
  for (; n >= L; n -= L, in += 16 * L, out += 16 * L) {
    FCV c = FCV_LD(in), b[1] = {c};
    FCV_ROUNDS(FCV_DEC, rk, nr, b, 1);
    FCV_ST(out, FCV_XOR(b[0], FCV_PREV(c, prev)));
    prev = c;
  }
  __m128i p = FCV_TOP(prev);
  for (; n > 0; n--, in += 16, out += 16) {
    __m128i c = fcx_ld(in);
    fcx_st(out, _mm_xor_si128(fcx_dec1(rk, nr, c), p));
    p = c;
  }
  fcx_st(iv, p);
}

/* Counter blocks for `cnt` vectors from the reflected counter vector *c
   (lane j = ctr + j); *c advances by cnt * L. */
static inline void fcv_counters(FCV *c, FCV *b, int cnt) {
  for (int i = 0; i < cnt; i++) {
    b[i] = FCV_BSWAP(*c);
    *c = FCV_ADD64(*c, FCV_STEP);
  }
}

/* cnt (1 or FCV_N, a constant after inlining) vectors of keystream XORed
   into in -> out; ctr advances by cnt * L blocks. */
static inline void fcv_ctr_step(const __m128i *rk, unsigned nr, uint8_t ctr[16],
                                const uint8_t *in, uint8_t *out, const int cnt) {
  const size_t L = FCV_LANES;
  FCV b[FCV_N];
  if (fcx_ctr_lo(ctr) <= UINT64_MAX - FCV_N * L) {
    FCV c = FCV_ADD64(FCV_BSWAP(FCV_BCAST(ctr)), FCV_LANE_IDX);
    fcv_counters(&c, b, cnt);
    fcx_st(ctr, fcx_bswap(_mm_add_epi64(fcx_bswap(fcx_ld(ctr)),
                                        _mm_set_epi64x(0, (long long)(cnt * L)))));
  } else { /* the low 64 bits carry within this step: one block at a time */
    uint8_t blk[16 * FCV_LANES];
    for (int i = 0; i < cnt; i++) {
      for (size_t j = 0; j < L; j++) {
        memcpy(blk + 16 * j, ctr, 16);
        fc__ctr128_add(ctr, 1);
      }
      b[i] = FCV_LD(blk);
    }
  }
  FCV_ROUNDS(FCV_ENC, rk, nr, b, cnt);
  for (int i = 0; i < cnt; i++) FCV_ST(out + 16 * L * i, FCV_XOR(b[i], FCV_LD(in + 16 * L * i)));
}

static inline void fcv_ctr(const __m128i *rk, unsigned nr, uint8_t ctr[16], const uint8_t *in,
                           uint8_t *out, size_t n) {
  const size_t L = FCV_LANES;
  for (; n >= FCV_N * L; n -= FCV_N * L, in += 16 * FCV_N * L, out += 16 * FCV_N * L)
    fcv_ctr_step(rk, nr, ctr, in, out, FCV_N);
  for (; n >= L; n -= L, in += 16 * L, out += 16 * L) fcv_ctr_step(rk, nr, ctr, in, out, 1);
  for (; n > 0; n--, in += 16, out += 16) {
    fcx_st(out, _mm_xor_si128(fcx_ld(in), fcx_enc1(rk, nr, fcx_ld(ctr))));
    fc__ctr128_add(ctr, 1);
  }
}

#endif
