/*
 * SHA-256 block compression with the ARMv8 Cryptographic Extension
 * (SHA256H, SHA256H2, SHA256SU0, SHA256SU1). Arm Architecture Reference
 * Manual (DDI 0487), section C7.2 (SHA256H/SHA256H2/SHA256SU0/SHA256SU1
 * pseudocode); FIPS 180-4 section 6.2.2.
 *
 * Layout: ABCD and EFGH in two registers, A and E in lane 0. Each group of
 * 4 rounds: wk = W[t..t+3] + fc__sha256_k[t..t+3]; SHA256H updates ABCD and SHA256H2
 * EFGH, both from the ABCD/EFGH before the group. Schedule, 4 words at a
 * time: SU0(W[t-16..], W[t-12..]) = W[t-16..t-13] + s0(W[t-15..t-12]);
 * SU1(., W[t-8..], W[t-4..]) adds W[t-7..t-4] and s1(W[t-2..t+1]).
 * Built with -march=armv8-a+crypto; uses only the SHA-256 instructions and
 * Advanced SIMD, so it needs FC_CPU_ARM_SHA2 (and NEON) only.
 * Stack: none beyond spills (the descriptor's `stack` figure); vector
 * registers zeroed before return.
 */
#include <arm_neon.h>

#include "hash/hash_internal.h"

#include "hash/sha256_k.h"

#define RND4(i, m)                                 \
  do {                                             \
    uint32x4_t wk = vaddq_u32(m, vld1q_u32(&fc__sha256_k[4 * (i)])); \
    uint32x4_t abcd0 = abcd;                       \
    abcd = vsha256hq_u32(abcd, efgh, wk);          \
    efgh = vsha256h2q_u32(efgh, abcd0, wk);        \
  } while (0)

#define SCHED(m0, m1, m2, m3) m0 = vsha256su1q_u32(vsha256su0q_u32(m0, m1), m2, m3)

static uint32x4_t load_be(const uint8_t *p) { return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p))); }

static void compress(void *state, const uint8_t *blocks, size_t nblocks) {
  uint32_t *h = state;
  uint32x4_t abcd = vld1q_u32(&h[0]), efgh = vld1q_u32(&h[4]);
  for (; nblocks--; blocks += 64) {
    uint32x4_t save0 = abcd, save1 = efgh;
    uint32x4_t m0 = load_be(blocks), m1 = load_be(blocks + 16), m2 = load_be(blocks + 32),
               m3 = load_be(blocks + 48);
    RND4(0, m0);
    RND4(1, m1);
    RND4(2, m2);
    RND4(3, m3);
    for (int i = 4; i < 16; i += 4) {
      SCHED(m0, m1, m2, m3);
      RND4(i, m0);
      SCHED(m1, m2, m3, m0);
      RND4(i + 1, m1);
      SCHED(m2, m3, m0, m1);
      RND4(i + 2, m2);
      SCHED(m3, m0, m1, m2);
      RND4(i + 3, m3);
    }
    abcd = vaddq_u32(abcd, save0);
    efgh = vaddq_u32(efgh, save1);
  }
  vst1q_u32(&h[0], abcd);
  vst1q_u32(&h[4], efgh);
  FC__VWIPE();
}

const fc__sha_kernel fc__sha256_armv8 = {{"armv8", FC_CPU_NEON | FC_CPU_ARM_SHA2}, compress,
                                         FC__STACK(160, 320, 0)};
