/*
 * SHA-1 block compression with the ARMv8 Cryptographic Extension (SHA1C,
 * SHA1P, SHA1M, SHA1H, SHA1SU0, SHA1SU1). Arm Architecture Reference Manual
 * (DDI 0487), section C7.2 (SHA1* pseudocode); FIPS 180-4 section 6.1.2.
 *
 * Layout: ABCD in one register (A in lane 0), E as a scalar. Each group g
 * of 4 rounds (g = 0..19) adds K of g / 5 to W, takes E' = SHA1H(A) =
 * rol30(A) for the next group, and runs 4 rounds with Ch (SHA1C), Parity
 * (SHA1P) or Maj (SHA1M). Schedule, groups of 4 words, g >= 4:
 *   W_g = SU1(SU0(W_{g-4}, W_{g-3}, W_{g-2}), W_{g-1}).
 * Built with -march=armv8-a+crypto; uses only the SHA-1 instructions and
 * Advanced SIMD, so it needs FC_CPU_ARM_SHA1 (and NEON) only.
 * Stack: none beyond spills (the descriptor's `stack` figure); vector
 * registers zeroed before return.
 */
#include <arm_neon.h>

#include "hash/hash_internal.h"

#define SCHED(m0, m1, m2, m3) m0 = vsha1su1q_u32(vsha1su0q_u32(m0, m1, m2), m3)

/* 4 rounds of group g with message m; fn is c, p or m. */
#define GRP(fn, k, m)                                     \
  do {                                                    \
    uint32x4_t wk = vaddq_u32(m, vdupq_n_u32(k));         \
    uint32_t e1 = vsha1h_u32(vgetq_lane_u32(abcd, 0));    \
    abcd = vsha1##fn##q_u32(abcd, e, wk);                 \
    e = e1;                                               \
  } while (0)

#define K0 0x5a827999u
#define K1 0x6ed9eba1u
#define K2 0x8f1bbcdcu
#define K3 0xca62c1d6u

static uint32x4_t load_be(const uint8_t *p) { return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p))); }

static void compress(void *state, const uint8_t *blocks, size_t nblocks) {
  uint32_t *h = state;
  uint32x4_t abcd = vld1q_u32(h);
  uint32_t e = h[4];
  for (; nblocks--; blocks += 64) {
    uint32x4_t save = abcd;
    uint32_t save_e = e;
    uint32x4_t m0 = load_be(blocks), m1 = load_be(blocks + 16), m2 = load_be(blocks + 32),
               m3 = load_be(blocks + 48);
    GRP(c, K0, m0);
    GRP(c, K0, m1);
    GRP(c, K0, m2);
    GRP(c, K0, m3);
    SCHED(m0, m1, m2, m3); GRP(c, K0, m0);
    SCHED(m1, m2, m3, m0); GRP(p, K1, m1);
    SCHED(m2, m3, m0, m1); GRP(p, K1, m2);
    SCHED(m3, m0, m1, m2); GRP(p, K1, m3);
    SCHED(m0, m1, m2, m3); GRP(p, K1, m0);
    SCHED(m1, m2, m3, m0); GRP(p, K1, m1);
    SCHED(m2, m3, m0, m1); GRP(m, K2, m2);
    SCHED(m3, m0, m1, m2); GRP(m, K2, m3);
    SCHED(m0, m1, m2, m3); GRP(m, K2, m0);
    SCHED(m1, m2, m3, m0); GRP(m, K2, m1);
    SCHED(m2, m3, m0, m1); GRP(m, K2, m2);
    SCHED(m3, m0, m1, m2); GRP(p, K3, m3);
    SCHED(m0, m1, m2, m3); GRP(p, K3, m0);
    SCHED(m1, m2, m3, m0); GRP(p, K3, m1);
    SCHED(m2, m3, m0, m1); GRP(p, K3, m2);
    SCHED(m3, m0, m1, m2); GRP(p, K3, m3);
    abcd = vaddq_u32(abcd, save);
    e += save_e;
  }
  vst1q_u32(h, abcd);
  h[4] = e;
  FC__VWIPE();
}

const fc__sha_kernel fc__sha1_armv8 = {{"armv8", FC_CPU_NEON | FC_CPU_ARM_SHA1}, compress,
                                       FC__STACK(160, 320, 0)};
