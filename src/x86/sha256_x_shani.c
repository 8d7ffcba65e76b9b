/*
 * SHA-256 of two independent streams at once (op FC_OP_SHA256_X) with the
 * Intel SHA extensions (SHA256RNDS2, SHA256MSG1, SHA256MSG2) and
 * SSE4.1/SSSE3, x86-64 and i686. The single-stream kernel
 * (src/x86/sha256_shani.c: Gulley et al., "Intel SHA Extensions", Intel
 * white paper 2013, "SHA-256 Rounds" and "SHA-256 Message Scheduling")
 * waits on SHA256RNDS2's latency: each pair of rounds needs the previous
 * pair's result. Two streams' instructions interleaved keep the SHA unit
 * busy while either waits (on AMD Zen 4, SHA256RNDS2's latency is about
 * twice its issue interval). Same layout per stream: the state as ABEF and
 * CDGH, W + K four words per register, the upper pair moved down for the
 * second RNDS2. n streams run as pairs; an odd last one runs alone on the
 * same code with both halves on it (its copy's result dropped).
 * Stack: none beyond spills on x86-64 (16 xmm registers hold both streams'
 * state, saved state and schedule: 16); i686 spills (8 registers); the
 * descriptor's figure. Vector registers zeroed before return.
 */
#include <immintrin.h>

#include "hash/hash_internal.h"
#include "hash/sha256_k.h"
#include "core/vwipe.h"

/* 4 rounds of both streams: W = ma / mb (scheduled), K[4i .. 4i + 3]. */
#define RND4(i, ma, mb)                                                              \
  do {                                                                               \
    const __m128i k_ = _mm_load_si128((const __m128i *)&fc__sha256_k[4 * (i)]);      \
    __m128i wa_ = _mm_add_epi32(ma, k_), wb_ = _mm_add_epi32(mb, k_);                \
    a1 = _mm_sha256rnds2_epu32(a1, a0, wa_);                                         \
    b1 = _mm_sha256rnds2_epu32(b1, b0, wb_);                                         \
    a0 = _mm_sha256rnds2_epu32(a0, a1, _mm_shuffle_epi32(wa_, 0x0e));                \
    b0 = _mm_sha256rnds2_epu32(b0, b1, _mm_shuffle_epi32(wb_, 0x0e));                \
  } while (0)

/* m0 = the next 4 schedule words from m0 (oldest) .. m3 (newest). */
#define SCHED(m0, m1, m2, m3) \
  m0 = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(m0, m1), _mm_alignr_epi8(m3, m2, 4)), m3)

/* H0..H7 at h into the ABEF / CDGH pair and back. */
static inline void to_rnds(const uint32_t *h, __m128i *s0, __m128i *s1) {
  __m128i t = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[0]), 0xb1); /* c d a b */
  __m128i u = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[4]), 0x1b); /* e f g h */
  *s0 = _mm_alignr_epi8(t, u, 8);                                              /* a b e f */
  *s1 = _mm_blend_epi16(u, t, 0xf0);                                           /* c d g h */
}
static inline void from_rnds(uint32_t *h, __m128i s0, __m128i s1) {
  __m128i t = _mm_shuffle_epi32(s0, 0x1b); /* f e b a */
  __m128i u = _mm_shuffle_epi32(s1, 0xb1); /* d c h g */
  _mm_storeu_si128((__m128i *)&h[0], _mm_blend_epi16(t, u, 0xf0)); /* d c b a */
  _mm_storeu_si128((__m128i *)&h[4], _mm_alignr_epi8(u, t, 8));    /* h g f e */
}

/* Streams a (state ha, blocks pa) and b; hb == ha is allowed: the pair then
   computes one stream twice and stores it twice. */
static void pair(uint32_t *ha, uint32_t *hb, const uint8_t *pa, const uint8_t *pb, size_t nblocks) {
  const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bll, 0x0405060700010203ll);
  __m128i a0, a1, b0, b1;
  to_rnds(ha, &a0, &a1);
  to_rnds(hb, &b0, &b1);
  for (; nblocks--; pa += 64, pb += 64) {
    const __m128i sa0 = a0, sa1 = a1, sb0 = b0, sb1 = b1;
#define LD(p, j) _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)((p) + 16 * (j))), bswap)
    __m128i ma0 = LD(pa, 0), ma1 = LD(pa, 1), ma2 = LD(pa, 2), ma3 = LD(pa, 3);
    __m128i mb0 = LD(pb, 0), mb1 = LD(pb, 1), mb2 = LD(pb, 2), mb3 = LD(pb, 3);
#undef LD
    RND4(0, ma0, mb0);
    RND4(1, ma1, mb1);
    RND4(2, ma2, mb2);
    RND4(3, ma3, mb3);
    for (int i = 4; i < 16; i += 4) {
      SCHED(ma0, ma1, ma2, ma3);
      SCHED(mb0, mb1, mb2, mb3);
      RND4(i, ma0, mb0);
      SCHED(ma1, ma2, ma3, ma0);
      SCHED(mb1, mb2, mb3, mb0);
      RND4(i + 1, ma1, mb1);
      SCHED(ma2, ma3, ma0, ma1);
      SCHED(mb2, mb3, mb0, mb1);
      RND4(i + 2, ma2, mb2);
      SCHED(ma3, ma0, ma1, ma2);
      SCHED(mb3, mb0, mb1, mb2);
      RND4(i + 3, ma3, mb3);
    }
    a0 = _mm_add_epi32(a0, sa0);
    a1 = _mm_add_epi32(a1, sa1);
    b0 = _mm_add_epi32(b0, sb0);
    b1 = _mm_add_epi32(b1, sb1);
  }
  from_rnds(ha, a0, a1);
  from_rnds(hb, b0, b1);
}

static void compress_x(uint32_t *const *st, const uint8_t *const *in, size_t n, size_t nblocks) {
  size_t i = 0;
  for (; i + 2 <= n; i += 2) pair(st[i], st[i + 1], in[i], in[i + 1], nblocks);
  if (i < n) pair(st[i], st[i], in[i], in[i], nblocks);
  FC__VWIPE();
}

/* Measured (-fstack-usage, -O2, -O3, -Os, with compress_x's own frame):
   gcc 12 24 to 104 bytes, clang 14 40 to 48, i686 gcc 12 448 to 560
   (spills: 8 registers for two streams). The figures add a quarter and 64
   bytes, rounded up. */
const fc__sha256_x_kernel fc__sha256_x_shani = {
    {"shani", FC_CPU_SHANI | FC_CPU_SSE41 | FC_CPU_SSSE3 | FC_CPU_SSE2}, compress_x, 2,
    FC__STACK(256, 256, 768)};
