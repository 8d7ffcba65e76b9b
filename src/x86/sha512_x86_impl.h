/*
 * SHA-512 block compression, two blocks at a time: AVX2 message schedule,
 * BMI2 (RORX) rounds. Included by sha512_avx2.c and sha512_avx512.c, which
 * define S0V(x) and S1V(x) (the schedule's sigma0 and sigma1 on the four
 * 64-bit lanes of a __m256i) and then the descriptor over compress().
 * Method, layout and citations: sha512_avx2.c's header comment.
 */
#include <immintrin.h>

#include "hash/hash_internal.h"

#include "hash/sha512_k.h"

/* fc__sha512_k[2q], fc__sha512_k[2q+1] in both 128-bit lanes. */
#define KPAIR(q) sha2_bcast128(&fc__sha512_k[2 * (q)])

#define SHA2_W uint64_t
#define SHA2_R1A 14
#define SHA2_R1B 18
#define SHA2_R1C 41
#define SHA2_R0A 28
#define SHA2_R0B 34
#define SHA2_R0C 39
#include "sha2_x86_rounds.h"
/* W + K of block A's rounds sit at wk[0, 1, 4, 5, ...] (block B's between). */
#define RND8(wk) RND8_AT(wk, 0, 1, 4, 5, 8, 9, 12, 13)

/* x[q] = W[2q..2q+1] of both blocks; xo = x[p-8] becomes x[p]; x1_ = x[p-7],
   x4_ = x[p-4], x5_ = x[p-3], x7_ = x[p-1]; W+fc__sha512_k goes to ws[4p..4p+3]. */
#define STEP(p, xo, x1_, x4_, x5_, x7_)                                                      \
  xo = _mm256_add_epi64(                                                                     \
      _mm256_add_epi64(xo, S0V(_mm256_alignr_epi8(x1_, xo, 8))),                             \
      _mm256_add_epi64(_mm256_alignr_epi8(x5_, x4_, 8), S1V(x7_)));                          \
  _mm256_storeu_si256((__m256i *)(ws + 4 * (p)), _mm256_add_epi64(xo, KPAIR(p)))
/* Steps p..p+3 and p+4..p+7 (p a multiple of 8: the register roles repeat). */
#define STEP4A(p)                     \
  STEP((p) + 0, x0, x1, x4, x5, x7); \
  STEP((p) + 1, x1, x2, x5, x6, x0); \
  STEP((p) + 2, x2, x3, x6, x7, x1); \
  STEP((p) + 3, x3, x4, x7, x0, x2)
#define STEP4B(p)                     \
  STEP((p) + 4, x4, x5, x0, x1, x3); \
  STEP((p) + 5, x5, x6, x1, x2, x4); \
  STEP((p) + 6, x6, x7, x2, x3, x5); \
  STEP((p) + 7, x7, x0, x3, x4, x6)
/* Block a's 80 rounds (W+K at w[4p], w[4p+1]) with steps 8..39 of the
   pair's schedule between them; x0..x7 hold x[0..7] (LOAD4A, LOAD4B). */
#define ROUNDS_A_WITH_SCHEDULE(w)        \
  do {                                   \
    for (int i_ = 0; i_ < 64; i_ += 16) { \
      RND8((w) + 2 * i_);                \
      STEP4A(8 + i_ / 2);                \
      RND8((w) + 2 * i_ + 16);           \
      STEP4B(8 + i_ / 2);                \
    }                                    \
    RND8((w) + 128);                     \
    RND8((w) + 144);                     \
  } while (0)
/* x[j] (j = 0..7) of blocks pa (low lanes) and pb (high lanes), and W+K. */
#define LOAD(j, x)                                                                        \
  x = _mm256_shuffle_epi8(                                                                \
      _mm256_inserti128_si256(                                                            \
          _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(pa + 16 * (j)))),       \
          _mm_loadu_si128((const __m128i *)(pb + 16 * (j))), 1),                          \
      bswap);                                                                             \
  _mm256_storeu_si256((__m256i *)(ws + 4 * (j)), _mm256_add_epi64(x, KPAIR(j)))
#define LOAD4A \
  LOAD(0, x0); \
  LOAD(1, x1); \
  LOAD(2, x2); \
  LOAD(3, x3)
#define LOAD4B \
  LOAD(4, x4); \
  LOAD(5, x5); \
  LOAD(6, x6); \
  LOAD(7, x7)

#if defined(__x86_64__)
/*
 * One block alone (fc_hash and HMAC's single blocks): the pair layout
 * would schedule a second copy of the block in the high lanes, the same
 * instruction count, but the first (only) pair's schedule must then run
 * between its own rounds with every word stored just before it is read.
 * Here the schedule is in 128-bit registers (x[q] = W[2q..2q+1]) and W + K
 * contiguous in ws; the order of steps and rounds is the first pair's.
 */
#define STEP1(p, xo, x1_, x4_, x5_, x7_)                                              \
  xo = _mm_add_epi64(_mm_add_epi64(xo, S0X(_mm_alignr_epi8(x1_, xo, 8))),              \
                     _mm_add_epi64(_mm_alignr_epi8(x5_, x4_, 8), S1X(x7_)));           \
  _mm_store_si128((__m128i *)(ws + 2 * (p)),                                           \
                  _mm_add_epi64(xo, _mm_load_si128((const __m128i *)&fc__sha512_k[2 * (p)])))
#define STEP1_4A(p)                    \
  STEP1((p) + 0, x0, x1, x4, x5, x7); \
  STEP1((p) + 1, x1, x2, x5, x6, x0); \
  STEP1((p) + 2, x2, x3, x6, x7, x1); \
  STEP1((p) + 3, x3, x4, x7, x0, x2)
#define STEP1_4B(p)                    \
  STEP1((p) + 4, x4, x5, x0, x1, x3); \
  STEP1((p) + 5, x5, x6, x1, x2, x4); \
  STEP1((p) + 6, x6, x7, x2, x3, x5); \
  STEP1((p) + 7, x7, x0, x3, x4, x6)
#define LOAD1(j, x)                                                                       \
  x = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blk + 16 * (j))), bswap1);       \
  _mm_store_si128((__m128i *)(ws + 2 * (j)),                                               \
                  _mm_add_epi64(x, _mm_load_si128((const __m128i *)&fc__sha512_k[2 * (j)])))
#define RND8_1(w) RND8_AT(w, 0, 1, 2, 3, 4, 5, 6, 7)

static void one_block(uint64_t *st, uint64_t *ws, const uint8_t *blk) {
  const __m128i bswap1 = _mm_set_epi64x(0x08090a0b0c0d0e0fll, 0x0001020304050607ll);
  __m128i x0, x1, x2, x3, x4, x5, x6, x7;
  LOAD1(0, x0);
  LOAD1(1, x1);
  LOAD1(2, x2);
  LOAD1(3, x3);
  LOAD1(4, x4);
  LOAD1(5, x5);
  LOAD1(6, x6);
  LOAD1(7, x7);
  LOAD_ST;
  for (int i_ = 0; i_ < 64; i_ += 16) {
    RND8_1(ws + i_);
    STEP1_4A(8 + i_ / 2);
    RND8_1(ws + i_ + 8);
    STEP1_4B(8 + i_ / 2);
  }
  RND8_1(ws + 64);
  RND8_1(ws + 72);
  ADD_ST;
}

/*
 * Blocks go in pairs (pa, pb); an odd last block is paired with itself. The
 * first pair's schedule (32 steps, both blocks at once) runs between its
 * block a's rounds. After that the schedule is software-pipelined so the
 * vector work spreads over all 160 rounds of a pair instead of 80 (measured
 * 3% faster at 16 KiB for `avx2`, 5% for `avx512`): the load and steps 8..23
 * (W[16..47]) of the next pair run between the rounds of the current pair's
 * block b, steps 24..39 (W[48..79]) between the first 32 rounds of its
 * block a. Round chunk c (rounds 8c..8c+7) reads pairs up
 * to 4c+3; before it, steps up to 23+4c are done: the schedule stays ahead.
 * One wk serves both pairs (wk[4p..4p+3]: W[2p], W[2p+1] + K of a, then of
 * b): the next pair's x[4c..4c+3] are written right after block b's round
 * chunk c has read the current pair's, and its steps 24..39 only in the
 * next block a's rounds, after block b is done.
 */
static void compress(void *state, const uint8_t *blocks, size_t nblocks) {
  uint64_t *st = state;
  uint64_t wk[4 * 40] __attribute__((aligned(32)));
  const __m256i bswap = _mm256_set_epi64x(0x08090a0b0c0d0e0fll, 0x0001020304050607ll,
                                          0x08090a0b0c0d0e0fll, 0x0001020304050607ll);
  __m256i x0, x1, x2, x3, x4, x5, x6, x7;
  if (nblocks == 0) return;
  if (nblocks == 1) {
    one_block(st, wk, blocks);
    sha2_wipe_ws(wk, 80 * 8);
    FC__VWIPE();
    return;
  }
  const uint8_t *pa = blocks, *pb = nblocks >= 2 ? blocks + 128 : blocks;
  uint64_t *const ws = wk;
  const uint64_t *const wa = wk, *const wb = wk + 2;
  LOAD4A;
  LOAD4B;
  for (int first = 1;; first = 0) {
    LOAD_ST;
    if (first) { /* the whole schedule here: nothing ran before to hide it */
      ROUNDS_A_WITH_SCHEDULE(wa);
    } else {
      RND8(wa);
      STEP4A(24);
      RND8(wa + 16);
      STEP4B(24);
      RND8(wa + 32);
      STEP4A(32);
      RND8(wa + 48);
      STEP4B(32);
      for (int i = 64; i < 160; i += 16) RND8(wa + i);
    }
    ADD_ST;
    if (pb == pa) break; /* the odd last block */
    nblocks -= 2;
    a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7];
    SET_BC;
    if (nblocks) {
      pa = pb + 128;
      pb = nblocks >= 2 ? pa + 128 : pa;
      RND8(wb);
      LOAD4A;
      RND8(wb + 16);
      LOAD4B;
      RND8(wb + 32);
      STEP4A(8);
      RND8(wb + 48);
      STEP4B(8);
      RND8(wb + 64);
      STEP4A(16);
      RND8(wb + 80);
      STEP4B(16);
      for (int i = 96; i < 160; i += 16) RND8(wb + i);
      ADD_ST;
    } else {
      for (int i = 0; i < 160; i += 16) RND8(wb + i);
      ADD_ST;
      break;
    }
  }
  sha2_wipe_ws(wk, sizeof(wk));
  FC__VWIPE();
}
#else
/*
 * i686 (8 general registers, 8 vector registers): the pipelined form above
 * spills about 6 KiB there, so pair by pair: the whole schedule of blocks
 * a and b (b may equal a) between block a's rounds, then block b's rounds.
 */
static void two_blocks(uint64_t *st, uint64_t *ws, const uint8_t *pa, const uint8_t *pb) {
  const __m256i bswap = _mm256_set_epi64x(0x08090a0b0c0d0e0fll, 0x0001020304050607ll,
                                          0x08090a0b0c0d0e0fll, 0x0001020304050607ll);
  __m256i x0, x1, x2, x3, x4, x5, x6, x7;
  LOAD4A;
  LOAD4B;
  {
    LOAD_ST;
    ROUNDS_A_WITH_SCHEDULE(ws);
    ADD_ST;
  }
  if (pb != pa) {
    const uint64_t *wb = ws + 2;
    LOAD_ST;
    for (int t = 0; t < 80; t += 8, wb += 16) RND8(wb);
    ADD_ST;
  }
}

static void compress(void *state, const uint8_t *blocks, size_t nblocks) {
  uint64_t *st = state;
  uint64_t wk[4 * 40] __attribute__((aligned(32)));
  for (; nblocks >= 2; nblocks -= 2, blocks += 256) two_blocks(st, wk, blocks, blocks + 128);
  if (nblocks) two_blocks(st, wk, blocks, blocks);
  sha2_wipe_ws(wk, sizeof(wk));
  FC__VWIPE();
}
#endif
