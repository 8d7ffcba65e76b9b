/*
 * SHA-512 block compression with the ARMv8.2 SHA-512 instructions
 * (SHA512H, SHA512H2, SHA512SU0, SHA512SU1; FEAT_SHA512). Arm Architecture
 * Reference Manual (DDI 0487), section C7.2 (SHA512* pseudocode); FIPS
 * 180-4 section 6.4.2.
 *
 * Layout: the state as four pairs ab, cd, ef, gh (first letter in lane 0).
 * Two rounds per step: sum = swap(W+fc__sha512_k)[t..t+1] + gh; SHA512H(sum, [f,g],
 * [d,e]) gives the two T1-related values i; SHA512H2(i, cd, ab) the new ab;
 * the new ef is cd + i; the others move down one pair (gh <- ef, cd <- ab).
 * Schedule, pair q (W[2q], W[2q+1]) for q >= 8:
 *   SU1(SU0(x[q-8], x[q-7]), x[q-1], ext(x[q-4], x[q-3])) where the ext
 *   gives W[2q-7], W[2q-6].
 * Built with -march=armv8.2-a+sha3 (gcc 12 gates the SHA-512 intrinsics on
 * +sha3); uses only the SHA-512 instructions and Advanced SIMD, no atomics,
 * so it needs FC_CPU_ARM_SHA512 (and NEON) only.
 * Stack: none beyond spills (the descriptor's `stack` figure); vector
 * registers zeroed before return.
 */
#include <arm_neon.h>

#include "hash/hash_internal.h"

#include "hash/sha512_k.h"

/* Two rounds, t = 2q, with schedule pair x. */
#define RND2(q, x)                                                                  \
  do {                                                                              \
    uint64x2_t wk = vaddq_u64(x, vld1q_u64(&fc__sha512_k[2 * (q)]));                           \
    uint64x2_t sum = vaddq_u64(vextq_u64(wk, wk, 1), gh);                           \
    uint64x2_t i_ = vsha512hq_u64(sum, vextq_u64(ef, gh, 1), vextq_u64(cd, ef, 1)); \
    uint64x2_t n_ = vsha512h2q_u64(i_, cd, ab);                                     \
    gh = ef;                                                                        \
    ef = vaddq_u64(cd, i_);                                                         \
    cd = ab;                                                                        \
    ab = n_;                                                                        \
  } while (0)

/* x0 (= x[q-8]) becomes x[q]; x1 = x[q-7], x4 = x[q-4], x5 = x[q-3], x7 = x[q-1]. */
#define SCHED(x0, x1, x4, x5, x7) \
  x0 = vsha512su1q_u64(vsha512su0q_u64(x0, x1), x7, vextq_u64(x4, x5, 1))

static uint64x2_t load_be(const uint8_t *p) { return vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p))); }

static void compress(void *state, const uint8_t *blocks, size_t nblocks) {
  uint64_t *h = state;
  uint64x2_t ab = vld1q_u64(&h[0]), cd = vld1q_u64(&h[2]), ef = vld1q_u64(&h[4]),
             gh = vld1q_u64(&h[6]);
  for (; nblocks--; blocks += 128) {
    uint64x2_t s0 = ab, s1 = cd, s2 = ef, s3 = gh;
    uint64x2_t x0 = load_be(blocks), x1 = load_be(blocks + 16), x2 = load_be(blocks + 32),
               x3 = load_be(blocks + 48), x4 = load_be(blocks + 64), x5 = load_be(blocks + 80),
               x6 = load_be(blocks + 96), x7 = load_be(blocks + 112);
    RND2(0, x0);
    RND2(1, x1);
    RND2(2, x2);
    RND2(3, x3);
    RND2(4, x4);
    RND2(5, x5);
    RND2(6, x6);
    RND2(7, x7);
    for (int q = 8; q < 40; q += 8) {
      SCHED(x0, x1, x4, x5, x7);
      RND2(q + 0, x0);
      SCHED(x1, x2, x5, x6, x0);
      RND2(q + 1, x1);
      SCHED(x2, x3, x6, x7, x1);
      RND2(q + 2, x2);
      SCHED(x3, x4, x7, x0, x2);
      RND2(q + 3, x3);
      SCHED(x4, x5, x0, x1, x3);
      RND2(q + 4, x4);
      SCHED(x5, x6, x1, x2, x4);
      RND2(q + 5, x5);
      SCHED(x6, x7, x2, x3, x5);
      RND2(q + 6, x6);
      SCHED(x7, x0, x3, x4, x6);
      RND2(q + 7, x7);
    }
    ab = vaddq_u64(ab, s0);
    cd = vaddq_u64(cd, s1);
    ef = vaddq_u64(ef, s2);
    gh = vaddq_u64(gh, s3);
  }
  vst1q_u64(&h[0], ab);
  vst1q_u64(&h[2], cd);
  vst1q_u64(&h[4], ef);
  vst1q_u64(&h[6], gh);
  FC__VWIPE();
}

const fc__sha_kernel fc__sha512_armv8 = {{"armv8", FC_CPU_NEON | FC_CPU_ARM_SHA512}, compress,
                                         FC__STACK(160, 320, 0)};
