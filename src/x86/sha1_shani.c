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
 * Schedule (FIPS 180-4 6.1.2 step 1), groups of 4 words, g >= 4:
 *   W_g = MSG2(MSG1(W_{g-4}, W_{g-3}) ^ W_{g-2}, W_{g-1}).
 * Stack: none beyond spills.
 */
#include <immintrin.h>

#include "fc_internal.h"

#define SCHED(m0, m1, m2, m3) m0 = _mm_sha1msg2_epu32(_mm_xor_si128(_mm_sha1msg1_epu32(m0, m1), m2), m3)

/* Group g >= 1 with message m: e from the ABCD saved before group g-1. */
#define GRP(g, m)                              \
  do {                                         \
    __m128i e_ = _mm_sha1nexte_epu32(prev, m); \
    prev = abcd;                               \
    abcd = _mm_sha1rnds4_epu32(abcd, e_, (g) / 5); \
  } while (0)

static void compress(void *state, const uint8_t *blocks, size_t nblocks) {
  uint32_t *h = state;
  const __m128i bswap = _mm_set_epi64x(0x0001020304050607ll, 0x08090a0b0c0d0e0fll);
  __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)h), 0x1b);
  __m128i e0 = _mm_set_epi32((int)h[4], 0, 0, 0);
  for (; nblocks--; blocks += 64) {
    __m128i save_abcd = abcd, save_e = e0, prev;
    __m128i m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 0)), bswap);
    __m128i m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16)), bswap);
    __m128i m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 32)), bswap);
    __m128i m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 48)), bswap);
    /* group 0: E is the real e, so it is added, not rotated */
    prev = abcd;
    abcd = _mm_sha1rnds4_epu32(abcd, _mm_add_epi32(e0, m0), 0);
    GRP(1, m1);
    GRP(2, m2);
    GRP(3, m3);
    SCHED(m0, m1, m2, m3); GRP(4, m0);
    SCHED(m1, m2, m3, m0); GRP(5, m1);
    SCHED(m2, m3, m0, m1); GRP(6, m2);
    SCHED(m3, m0, m1, m2); GRP(7, m3);
    SCHED(m0, m1, m2, m3); GRP(8, m0);
    SCHED(m1, m2, m3, m0); GRP(9, m1);
    SCHED(m2, m3, m0, m1); GRP(10, m2);
    SCHED(m3, m0, m1, m2); GRP(11, m3);
    SCHED(m0, m1, m2, m3); GRP(12, m0);
    SCHED(m1, m2, m3, m0); GRP(13, m1);
    SCHED(m2, m3, m0, m1); GRP(14, m2);
    SCHED(m3, m0, m1, m2); GRP(15, m3);
    SCHED(m0, m1, m2, m3); GRP(16, m0);
    SCHED(m1, m2, m3, m0); GRP(17, m1);
    SCHED(m2, m3, m0, m1); GRP(18, m2);
    SCHED(m3, m0, m1, m2); GRP(19, m3);
    /* e += rol30(A of group 19's input); abcd += saved */
    e0 = _mm_sha1nexte_epu32(prev, save_e);
    abcd = _mm_add_epi32(abcd, save_abcd);
  }
  _mm_storeu_si128((__m128i *)h, _mm_shuffle_epi32(abcd, 0x1b));
  h[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}

const fc__sha_kernel fc__sha1_shani = {
    {"shani", FC_CPU_SHANI | FC_CPU_SSE41 | FC_CPU_SSSE3 | FC_CPU_SSE2}, compress};
