/*
 * SHA-1 block compression with the Intel SHA extensions (SHA1RNDS4,
 * SHA1NEXTE, SHA1MSG1, SHA1MSG2) and SSE4.1/SSSE3, for x86-64 and i686,
 * shared by the two kernels that differ in how they schedule groups 8-19:
 * sha1_shani.c (plain SSE2) and sha1_shani_msg.c (SHA1MSG1/2). The includer
 * defines SHA1_LATE_GROUPS() as those twelve groups, each scheduled and
 * run (SCHED_GRP4 with SCHED_SSE / SCHED_SSE4, or with SCHED_MSG).
 * Follows Gulley et al., "Intel SHA Extensions" (Intel white paper, 2013),
 * sections "SHA-1 Rounds" and "SHA-1 Message Scheduling".
 *
 * Layout: ABCD in one register with A in the top lane; E travels in the
 * top lane of a second register. Each group g of 4 rounds (g = 0..19)
 * uses function/constant g / 5 in SHA1RNDS4; the E for group g is
 * SHA1NEXTE(ABCD before group g-1, W group g) = rol30(A) + W.
 * Groups 4-7 always use SHA1MSG1/2, and the next block's groups 0-7 are
 * computed during this block's rounds (compress).
 */
#ifndef FC_SHA1_SHANI_BODY_H
#define FC_SHA1_SHANI_BODY_H
#include <immintrin.h>

#include "hash/hash_internal.h"

/* W_g for g >= 4 with the message instructions (FIPS 180-4 6.1.2 step 1). */
#define SCHED_MSG(g) w[g] = _mm_sha1msg2_epu32(_mm_xor_si128(_mm_sha1msg1_epu32(w[(g) - 4], w[(g) - 3]), w[(g) - 2]), w[(g) - 1])

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
    SHA1_LATE_GROUPS();
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
#endif
