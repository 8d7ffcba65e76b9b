/*
 * SHA-1 block compression with the Intel SHA extensions (SHA1RNDS4,
 * SHA1NEXTE, SHA1MSG1, SHA1MSG2) and SSE4.1/SSSE3, for x86-64 and i686.
 * Follows Gulley et al., "Intel SHA Extensions" (Intel white paper, 2013),
 * sections "SHA-1 Rounds" and "SHA-1 Message Scheduling".
 *
 * Layout: ABCD in one register with A in the top lane; E travels in the
 * top lane of a second register. Each group g of 4 rounds (g = 0..19)
 * uses function/constant g / 5 in SHA1RNDS4; the E for group g is
 * SHA1NEXTE(ABCD before group g-1, W group g) = rol30(A) + W.
 * Schedule (FIPS 180-4 6.1.2 step 1), groups of 4 words: SHA1MSG1/2 for
 * g = 4..7 only, plain SSE2 above (SCHED_SSE, SCHED_SSE4). Measured on the
 * development machine (Emerald Rapids): SHA1MSG2 holds the SHA unit about 4
 * cycles, SHA1RNDS4 3 (its latency is 4), so with SHA1MSG2 in all 16
 * groups the unit bound a block at about 119 cycles; with SSE2 above g = 7
 * and the next block's first eight groups computed during this block's
 * rounds (compress) it takes about 104, and the rounds alone (no schedule)
 * 97.
 * Stack (gcc 12, -fstack-usage): 72 bytes on x86-64, 352 on i686 (eight
 * registers: the schedule groups spill).
 */
#include <immintrin.h>

#include "fc_internal.h"

/* W_g for 4 <= g < 8 with the message instructions (FIPS 180-4 6.1.2 step 1). */
#define SCHED_MSG(g) w[g] = _mm_sha1msg2_epu32(_mm_xor_si128(_mm_sha1msg1_epu32(w[(g) - 4], w[(g) - 3]), w[(g) - 2]), w[(g) - 1])

/*
 * The recurrence W_t = rol1(W_(t-3) ^ W_(t-8) ^ W_(t-14) ^ W_(t-16)) is
 * linear over GF(2) and rotations commute with xor, so applying it to its
 * own terms gives, as in Locktyukhin, "Improving the Performance of the
 * Secure Hash Algorithm (SHA-1)" (Intel, 2010),
 *   W_t = rol2(W_(t-6) ^ W_(t-16) ^ W_(t-28) ^ W_(t-32)),   t >= 32,
 * and once more
 *   W_t = rol4(W_(t-12) ^ W_(t-32) ^ W_(t-56) ^ W_(t-64)),  t >= 64.
 * No word of a group then depends on another of the same group. With word
 * 4g + i in lane 3 - i, the words t - 6 of group g are lanes 2, 3 of
 * W_(g-1) under lanes 0, 1 of W_(g-2): bytes 8 .. 23 of W_(g-2):W_(g-1).
 */
#define ROL32(x, n) _mm_or_si128(_mm_slli_epi32(x, n), _mm_srli_epi32(x, 32 - (n)))
/* g = 8 .. 15 (t >= 32) */
#define SCHED_SSE(g)                                                                    \
  do {                                                                                  \
    __m128i x_ = _mm_xor_si128(_mm_xor_si128(w[(g) - 4], w[(g) - 7]), w[(g) - 8]);     \
    w[g] = ROL32(_mm_xor_si128(x_, _mm_alignr_epi8(w[(g) - 2], w[(g) - 1], 8)), 2);     \
  } while (0)
/* g = 16 .. 19 (t >= 64): three groups between a word and its inputs */
#define SCHED_SSE4(g)                                                                    \
  do {                                                                                   \
    __m128i x_ = _mm_xor_si128(_mm_xor_si128(w[(g) - 16], w[(g) - 14]), w[(g) - 8]);     \
    w[g] = ROL32(_mm_xor_si128(x_, w[(g) - 3]), 4);                                      \
  } while (0)

/* Group g >= 1: e from the ABCD saved before group g-1. */
#define GRP(g)                                     \
  do {                                             \
    __m128i e_ = _mm_sha1nexte_epu32(prev, w[g]);  \
    prev = abcd;                                   \
    abcd = _mm_sha1rnds4_epu32(abcd, e_, (g) / 5); \
  } while (0)

/* Groups g .. g+3, each scheduled by SCHED just before its rounds (a macro:
   SHA1RNDS4's function number must be a constant). */
#define SCHED_GRP4(SCHED, g) \
  do {                       \
    SCHED(g);                \
    GRP(g);                  \
    SCHED((g) + 1);          \
    GRP((g) + 1);            \
    SCHED((g) + 2);          \
    GRP((g) + 2);            \
    SCHED((g) + 3);          \
    GRP((g) + 3);            \
  } while (0)

/* W_0 .. W_7 of one block: its words, then the SHA1MSG1/2 schedule. */
static void first_groups(__m128i *w, const uint8_t *block, __m128i bswap) {
  for (int g = 0; g < 4; g++)
    w[g] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 16 * g)), bswap);
  SCHED_MSG(4);
  SCHED_MSG(5);
  SCHED_MSG(6);
  SCHED_MSG(7);
}

/*
 * The schedule depends on the message only, so the next block's first
 * eight groups (the SHA1MSG2 chain, about 6 cycles a group) are computed
 * during this block's rounds instead of ahead of its own.
 */
static void compress(void *state, const uint8_t *blocks, size_t nblocks) {
  uint32_t *h = state;
  const __m128i bswap = _mm_set_epi64x(0x0001020304050607ll, 0x08090a0b0c0d0e0fll);
  __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)h), 0x1b);
  __m128i e0 = _mm_set_epi32((int)h[4], 0, 0, 0);
  __m128i w[20], next[8];
  if (nblocks) first_groups(w, blocks, bswap);
  for (; nblocks--; blocks += 64) {
    __m128i save_abcd = abcd, save_e = e0, prev;
    /* group 0: E is the real e, so it is added, not rotated */
    prev = abcd;
    abcd = _mm_sha1rnds4_epu32(abcd, _mm_add_epi32(e0, w[0]), 0);
    GRP(1);
    GRP(2);
    GRP(3);
    if (nblocks) first_groups(next, blocks + 64, bswap);
    GRP(4);
    GRP(5);
    GRP(6);
    GRP(7);
    SCHED_GRP4(SCHED_SSE, 8);
    SCHED_GRP4(SCHED_SSE, 12);
    SCHED_GRP4(SCHED_SSE4, 16);
    /* e += rol30(A of group 19's input); abcd += saved */
    e0 = _mm_sha1nexte_epu32(prev, save_e);
    abcd = _mm_add_epi32(abcd, save_abcd);
    if (nblocks)
      for (int g = 0; g < 8; g++) w[g] = next[g];
  }
  _mm_storeu_si128((__m128i *)h, _mm_shuffle_epi32(abcd, 0x1b));
  h[4] = (uint32_t)_mm_extract_epi32(e0, 3);
  FC__VWIPE();
}

const fc__sha_kernel fc__sha1_shani = {
    {"shani", FC_CPU_SHANI | FC_CPU_SSE41 | FC_CPU_SSSE3 | FC_CPU_SSE2}, compress,
    FC__STACK(672, 768, 1344)};
