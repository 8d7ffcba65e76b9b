/*
 * SHA-256 block compression with the ARMv8 Cryptographic Extension
 * (SHA256H, SHA256H2, SHA256SU0, SHA256SU1). Arm Architecture Reference
 * Manual (DDI 0487), section C7.2 (SHA256H/SHA256H2/SHA256SU0/SHA256SU1
 * pseudocode); FIPS 180-4 section 6.2.2.
 *
 * Layout: ABCD and EFGH in two registers, A and E in lane 0. Each group of
 * 4 rounds: wk = W[t..t+3] + K[t..t+3]; SHA256H updates ABCD and SHA256H2
 * EFGH, both from the ABCD/EFGH before the group. Schedule, 4 words at a
 * time: SU0(W[t-16..], W[t-12..]) = W[t-16..t-13] + s0(W[t-15..t-12]);
 * SU1(., W[t-8..], W[t-4..]) adds W[t-7..t-4] and s1(W[t-2..t+1]).
 * Built with -march=armv8-a+crypto; uses only the SHA-256 instructions and
 * Advanced SIMD, so it needs FC_CPU_ARM_SHA2 (and NEON) only.
 * Stack: none beyond spills.
 */
#include <arm_neon.h>

#include "fc_internal.h"

/* FIPS 180-4 4.2.2 */
static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define RND4(i, m)                                 \
  do {                                             \
    uint32x4_t wk = vaddq_u32(m, vld1q_u32(&K[4 * (i)])); \
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
}

const fc__sha_kernel fc__sha256_armv8 = {{"armv8", FC_CPU_NEON | FC_CPU_ARM_SHA2}, compress};
