/*
 * SHA-256 block compression with an AVX2 message schedule and BMI2 (RORX)
 * rounds, two blocks at a time: the fast path on x86 CPUs without the SHA
 * extensions. FIPS 180-4 section 6.2.2; the two-block layout follows Gueron
 * and Krasnov, "Parallelizing message schedules to accelerate the
 * computations of hash functions" (J. Cryptographic Engineering 2(4), 2012),
 * section 4: one 256-bit register holds W[t..t+3] of block A (low 128 bits)
 * and of block B (high 128 bits).
 *
 * Schedule step for the group t = 4q .. 4q+3 (q = 4..15), x[q] = W[4q..4q+3]:
 *   W[t-15..t-12] = palignr(x[q-3], x[q-4], 4), W[t-7..t-4] = palignr(x[q-1],
 *   x[q-2], 4). s1 needs W[t-2..t+1], whose upper half is being computed:
 *   s1 of {W[t-2], W[t-1], 0, 0} gives lanes 0-1 (s1(0) = 0), then s1 of
 *   {0, 0, W[t], W[t+1]} the lanes 2-3.
 * W + fc__sha256_k of both blocks is stored in wk (512 bytes on the stack,
 * wiped at the end). The schedule of both blocks is computed between block
 * A's rounds (two_blocks), so its dependency chain hides under theirs; the
 * rounds are scalar code whose rotations compile to RORX, both recurrences
 * 4 operations deep (RND). An odd last block is scheduled alongside itself.
 * Measured at 16 KiB (fc_bench, this machine): 1.7x `scalar` (1.3x before
 * the interleaving and the 4-deep rounds). The scalar rounds (23 integer
 * operations each, sharing the ALU ports with the schedule) bound it: a
 * single stream does not reach 3x `scalar` without SHA instructions.
 * Stack: at most the descriptor's `stack` figure (measured: up to 832 bytes
 * on x86-64, 1,128 on i686; wk is 512); burned by the caller; vector
 * registers zeroed before return.
 */
#include <immintrin.h>

#include "hash/hash_internal.h"

#include "hash/sha256_k.h"

#define VROR(x, n) _mm256_or_si256(_mm256_srli_epi32(x, n), _mm256_slli_epi32(x, 32 - (n)))
#define S0V(x) _mm256_xor_si256(_mm256_xor_si256(VROR(x, 7), VROR(x, 18)), _mm256_srli_epi32(x, 3))
#define S1V(x) _mm256_xor_si256(_mm256_xor_si256(VROR(x, 17), VROR(x, 19)), _mm256_srli_epi32(x, 10))

#define SHA2_W uint32_t
#define SHA2_R1A 6
#define SHA2_R1B 11
#define SHA2_R1C 25
#define SHA2_R0A 2
#define SHA2_R0B 13
#define SHA2_R0C 22
#include "sha2_x86_rounds.h"
/* fc__sha256_k[4q .. 4q+3] in both 128-bit lanes. */
#define KQ(q) sha2_bcast128(&fc__sha256_k[4 * (q)])
/* W + K of block A's rounds sit at wk[0..3, 8..11, ...] (block B's between). */
#define RND8(wk) RND8_AT(wk, 0, 1, 2, 3, 8, 9, 10, 11)

/* xo = x[q-4] becomes x[q]; x1_ = x[q-3], x2_ = x[q-2], x3_ = x[q-1];
   W + fc__sha256_k goes to wk[8q .. 8q+7] (block A's 4 words, then B's). */
#define STEP(q, xo, x1_, x2_, x3_)                                                             \
  do {                                                                                         \
    __m256i t_ = _mm256_add_epi32(_mm256_add_epi32(xo, S0V(_mm256_alignr_epi8(x1_, xo, 4))),   \
                                  _mm256_alignr_epi8(x3_, x2_, 4));                            \
    t_ = _mm256_add_epi32(t_, S1V(_mm256_srli_si256(x3_, 8)));                                 \
    t_ = _mm256_add_epi32(t_, S1V(_mm256_slli_si256(t_, 8)));                                  \
    xo = t_;                                                                                   \
    _mm256_storeu_si256((__m256i *)(wk + 8 * (q)), _mm256_add_epi32(xo, KQ(q)));               \
  } while (0)

/*
 * Blocks a and b (b may equal a): the schedule of both runs interleaved with
 * the 64 rounds of block a, as in sha512_x86_impl.h (its chain of 12 steps,
 * each with two dependent s1, hides under the rounds' own), then block b's
 * rounds read the stored W + K. Rounds 16i..16i+15 read x[4i..4i+3] while
 * x[4i+4..4i+7] are computed.
 */
static void two_blocks(uint32_t *st, uint32_t *wk, const uint8_t *pa, const uint8_t *pb) {
  const __m256i bswap = _mm256_set_epi64x(0x0c0d0e0f08090a0bll, 0x0405060700010203ll,
                                          0x0c0d0e0f08090a0bll, 0x0405060700010203ll);
  __m256i x0, x1, x2, x3;
#define LOAD(j, x)                                                                             \
  x = _mm256_shuffle_epi8(                                                                     \
      _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(pa + 16 * (j)))), \
                              _mm_loadu_si128((const __m128i *)(pb + 16 * (j))), 1),           \
      bswap);                                                                                  \
  _mm256_storeu_si256((__m256i *)(wk + 8 * (j)), _mm256_add_epi32(x, KQ(j)))
  LOAD(0, x0);
  LOAD(1, x1);
  LOAD(2, x2);
  LOAD(3, x3);
#undef LOAD
  {
    LOAD_ST;
    for (int q = 4; q < 16; q += 4) {
      RND8(wk + 8 * (q - 4));
      STEP(q + 0, x0, x1, x2, x3);
      STEP(q + 1, x1, x2, x3, x0);
      RND8(wk + 8 * (q - 2));
      STEP(q + 2, x2, x3, x0, x1);
      STEP(q + 3, x3, x0, x1, x2);
    }
    RND8(wk + 96);
    RND8(wk + 112);
    ADD_ST;
  }
  if (pb != pa) {
    const uint32_t *wb = wk + 4;
    LOAD_ST;
    for (int t = 0; t < 64; t += 8, wb += 16) RND8(wb);
    ADD_ST;
  }
}

static void compress(void *state, const uint8_t *blocks, size_t nblocks) {
  uint32_t *st = state;
  uint32_t wk[8 * 16] __attribute__((aligned(32)));
  for (; nblocks >= 2; nblocks -= 2, blocks += 128) two_blocks(st, wk, blocks, blocks + 64);
  if (nblocks) two_blocks(st, wk, blocks, blocks);
  sha2_wipe_ws(wk, sizeof(wk));
  FC__VWIPE();
}

const fc__sha_kernel fc__sha256_avx2 = {
    {"avx2", FC_CPU_AVX2 | FC_CPU_AVX | FC_CPU_BMI2 | FC_CPU_SSE41 | FC_CPU_SSSE3 | FC_CPU_SSE2},
    compress, FC__STACK(1104, 960, 1504)};
