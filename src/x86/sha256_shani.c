/*
 * SHA-256 block compression with the Intel SHA extensions (SHA256RNDS2,
 * SHA256MSG1, SHA256MSG2) and SSE4.1/SSSE3, for x86-64 and i686.
 * Follows Gulley et al., "Intel SHA Extensions" (Intel white paper, 2013),
 * sections "SHA-256 Rounds" and "SHA-256 Message Scheduling".
 *
 * Layout: SHA256RNDS2 keeps the state as two registers, ABEF and CDGH
 * (A in the top lane); the state words are shuffled into that form once per
 * call and back at the end. Each group of 4 rounds takes W[t..t+3] + fc__sha256_k in
 * one register; RNDS2 does 2 rounds with the low two lanes, so the upper
 * two are moved down (pshufd 0x0e) for the second pair.
 * Schedule (FIPS 180-4 6.2.2 step 1), 4 words at a time, t >= 16:
 *   MSG1(W[t-16..], W[t-12..]) = W[t-16..t-13] + s0(W[t-15..t-12]);
 *   + W[t-7..t-4] (palignr of the two newest groups);
 *   MSG2(., W[t-4..t-1]) adds s1 of W[t-2], W[t-1] and of the new lanes.
 * Stack: none beyond spills (the descriptor's `stack` figure); vector
 * registers zeroed before return.
 */
#include <immintrin.h>

#include "hash/hash_internal.h"

#include "hash/sha256_k.h"

/* 4 rounds with W = m (already scheduled), constants fc__sha256_k[4i..4i+3]. */
#define RND4(i, m)                                                     \
  do {                                                                 \
    __m128i wk = _mm_add_epi32(m, _mm_load_si128((const __m128i *)&fc__sha256_k[4 * (i)])); \
    s1 = _mm_sha256rnds2_epu32(s1, s0, wk);                            \
    s0 = _mm_sha256rnds2_epu32(s0, s1, _mm_shuffle_epi32(wk, 0x0e));   \
  } while (0)

/* m0 = next 4 schedule words from m0 (oldest) .. m3 (newest). */
#define SCHED(m0, m1, m2, m3)                                                     \
  m0 = _mm_sha256msg2_epu32(                                                      \
      _mm_add_epi32(_mm_sha256msg1_epu32(m0, m1), _mm_alignr_epi8(m3, m2, 4)), m3)

static void compress(void *state, const uint8_t *blocks, size_t nblocks) {
  uint32_t *h = state;
  const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bll, 0x0405060700010203ll);
  __m128i t = _mm_loadu_si128((const __m128i *)&h[0]);  /* d c b a (a lowest) */
  __m128i s1 = _mm_loadu_si128((const __m128i *)&h[4]); /* h g f e */
  t = _mm_shuffle_epi32(t, 0xb1);                        /* c d a b */
  s1 = _mm_shuffle_epi32(s1, 0x1b);                      /* e f g h */
  __m128i s0 = _mm_alignr_epi8(t, s1, 8);                /* a b e f */
  s1 = _mm_blend_epi16(s1, t, 0xf0);                     /* c d g h */
  for (; nblocks--; blocks += 64) {
    __m128i save0 = s0, save1 = s1;
    __m128i m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 0)), bswap);
    __m128i m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16)), bswap);
    __m128i m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 32)), bswap);
    __m128i m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 48)), bswap);
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
    s0 = _mm_add_epi32(s0, save0);
    s1 = _mm_add_epi32(s1, save1);
  }
  t = _mm_shuffle_epi32(s0, 0x1b);        /* f e b a */
  s1 = _mm_shuffle_epi32(s1, 0xb1);       /* d c h g */
  s0 = _mm_blend_epi16(t, s1, 0xf0);      /* d c b a */
  s1 = _mm_alignr_epi8(s1, t, 8);         /* h g f e */
  _mm_storeu_si128((__m128i *)&h[0], s0);
  _mm_storeu_si128((__m128i *)&h[4], s1);
  FC__VWIPE();
}

const fc__sha_kernel fc__sha256_shani = {
    {"shani", FC_CPU_SHANI | FC_CPU_SSE41 | FC_CPU_SSSE3 | FC_CPU_SSE2}, compress,
    FC__STACK(64, 64, 512)}; /* i686 gcc -O3 natively on a SHA-NI CPU: 332 (test_wipe) */
