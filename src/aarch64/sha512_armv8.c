/*
 * SHA-512 block compression with the ARMv8.2 SHA-512 instructions
 * (SHA512H, SHA512H2, SHA512SU0, SHA512SU1; FEAT_SHA512). Arm Architecture
 * Reference Manual (DDI 0487), section C7.2 (SHA512* pseudocode); FIPS
 * 180-4 section 6.4.2.
 *
 * Layout: the state as four pairs ab, cd, ef, gh (first letter in lane 0).
 * Two rounds per step: sum = swap(W+K)[t..t+1] + gh; SHA512H(sum, [f,g],
 * [d,e]) gives the two T1-related values i; SHA512H2(i, cd, ab) the new ab;
 * the new ef is cd + i; the others move down one pair (gh <- ef, cd <- ab).
 * Schedule, pair q (W[2q], W[2q+1]) for q >= 8:
 *   SU1(SU0(x[q-8], x[q-7]), x[q-1], ext(x[q-4], x[q-3])) where the ext
 *   gives W[2q-7], W[2q-6].
 * Built with -march=armv8.2-a+sha3 (gcc 12 gates the SHA-512 intrinsics on
 * +sha3); uses only the SHA-512 instructions and Advanced SIMD, no atomics,
 * so it needs FC_CPU_ARM_SHA512 (and NEON) only.
 * Stack: none beyond spills.
 */
#include <arm_neon.h>

#include "fc_internal.h"

/* FIPS 180-4 4.2.3 */
static const uint64_t K[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull};

/* Two rounds, t = 2q, with schedule pair x. */
#define RND2(q, x)                                                                  \
  do {                                                                              \
    uint64x2_t wk = vaddq_u64(x, vld1q_u64(&K[2 * (q)]));                           \
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
}

const fc__sha_kernel fc__sha512_armv8 = {{"armv8", FC_CPU_NEON | FC_CPU_ARM_SHA512}, compress};
