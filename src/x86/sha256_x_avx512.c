/*
 * SHA-256 on sixteen independent streams at once (op FC_OP_SHA256_X),
 * AVX-512F: stream j in 32-bit lane j of zmm registers, the rounds and
 * schedule of src/hash/sha256_x_body.h (FIPS 180-4 section 6.2.2) with
 * VPRORD for the rotations and VPTERNLOGD for the three-input functions
 * (0x96 a ^ b ^ c, 0xca Ch, 0xe8 Maj; Intel SDM vol. 2, VPTERNLOGD's truth
 * table). The byte swap of the message words is VPRORD by 8 and 24 merged
 * by VPTERNLOGD (VPSHUFB on zmm would need AVX-512BW). Message words enter
 * per 16-byte chunk, just before their four rounds: the sixteen rows' chunks
 * as four zmm (one 128-bit lane per row), then a 4x4 transpose of dwords in
 * each 128-bit lane; states by the same each way. n streams run as groups
 * of sixteen; a short last group repeats stream 0 in its empty lanes, whose
 * results are dropped. x86-64 only.
 * Registers: the ring of 16 schedule words, the 8 working variables and the
 * temporaries fit the 32 zmm registers; H0..H7 of the group are the main
 * spill (512 bytes). Nothing is kept as an array in memory on purpose.
 * Stack: at most the descriptor's figure; vector and mask registers zeroed
 * before return (src/core/vwipe.h).
 */
#include <immintrin.h>

#include "hash/hash_internal.h"
#include "hash/sha256_k.h"
#include "core/vwipe.h"

/* full unrolling: the loops index register arrays */
#define FC__UNROLL _Pragma("GCC unroll 16")
/* rounds 16 .. 63 straight (sha256_x_body.h): gcc then spills nothing but
   the state (a loop of three keeps some 300 bytes more in memory) */
#define S256X_LOOP_PRAGMA _Pragma("GCC unroll 4")

#define V __m512i
#define ADD(a, b) _mm512_add_epi32(a, b)
#define ROR(x, n) _mm512_ror_epi32(x, n)
#define SHR(x, n) _mm512_srli_epi32(x, n)
#define XOR3(a, b, c) _mm512_ternarylogic_epi32(a, b, c, 0x96)
#define CH(e, f, g) _mm512_ternarylogic_epi32(e, f, g, 0xca)
#define MAJ(a, b, c) _mm512_ternarylogic_epi32(a, b, c, 0xe8)
/* K[t] broadcast from the table at each use (an EVEX embedded broadcast):
   the empty asm hides the table's address so that gcc cannot hoist the 64
   broadcasts out of the block loop into spilled registers (clang folds the
   broadcast into the add without it, and does worse with it). */
static inline __attribute__((always_inline)) V kb(int t) {
  const uint32_t *k = fc__sha256_k;
#if !defined(__clang__)
  __asm__("" : "+r"(k));
#endif
  return _mm512_set1_epi32((int)k[t]);
}
#define KB(t) kb(t)

/* In each 128-bit lane L, a 4x4 transpose of dwords across c[0..3] (unpack
   32, unpack 64): dword i of c[k] and dword k of c[i] trade places. Its own
   inverse. */
static inline __attribute__((always_inline)) void tr4(V c[4]) {
  V t0 = _mm512_unpacklo_epi32(c[0], c[1]), t1 = _mm512_unpackhi_epi32(c[0], c[1]);
  V t2 = _mm512_unpacklo_epi32(c[2], c[3]), t3 = _mm512_unpackhi_epi32(c[2], c[3]);
  c[0] = _mm512_unpacklo_epi64(t0, t2);
  c[1] = _mm512_unpackhi_epi64(t0, t2);
  c[2] = _mm512_unpacklo_epi64(t1, t3);
  c[3] = _mm512_unpackhi_epi64(t1, t3);
}

/* Four 16-byte rows a, b, c, d into 128-bit lanes 0..3 (one load, three
   inserts from memory). */
static inline __attribute__((always_inline)) V rows4(const void *a, const void *b, const void *c,
                                                     const void *d) {
  V x = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)a));
  x = _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)b), 1);
  x = _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)c), 2);
  return _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)d), 3);
}

/* The 16 bytes at p[j] + off (a byte offset) of lanes j = 0..15 into c[0..3],
   word i of lane j in dword j of c[i]: c[k] gets lane 4L + k's row in
   128-bit lane L, then tr4. Lanes at or past m (1 <= m <= 16) read lane 0's
   row. p: an array of 16 pointers of any object type (the state's uint32_t *,
   the message's const uint8_t *), read as its own type. */
#define LOAD_CHUNK(c, p, m, off)                                               \
  do {                                                                         \
    FC__UNROLL                                                                 \
    for (size_t k_ = 0; k_ < 4; k_++)                                          \
      (c)[k_] = rows4(CHUNK_ROW(p, m, k_, off), CHUNK_ROW(p, m, 4 + k_, off),  \
                      CHUNK_ROW(p, m, 8 + k_, off), CHUNK_ROW(p, m, 12 + k_, off)); \
    tr4(c);                                                                    \
  } while (0)
#define CHUNK_ROW(p, m, j, off) ((const uint8_t *)(p)[(j) < (m) ? (j) : 0] + (off))

/* Byte swap of each dword: bytes 3 and 1 of ror(x, 8), bytes 2 and 0 of
   ror(x, 24) (VPTERNLOGD 0xe4: where the third operand is set the first,
   else the second), the mask broadcast from memory at each use (hidden from
   gcc as kb's table is, so that it does not hold a register). */
static const uint32_t bswap_mask = 0xff00ff00u;
static inline __attribute__((always_inline)) V bswap32(V x) {
  const uint32_t *m = &bswap_mask;
#if !defined(__clang__)
  __asm__("" : "+r"(m));
#endif
  return _mm512_ternarylogic_epi32(_mm512_ror_epi32(x, 8), _mm512_ror_epi32(x, 24),
                                   _mm512_set1_epi32((int)*m), 0xe4);
}

/* w[4q .. 4q + 3] = message words 4q .. 4q + 3 (bytes 16q .. 16q + 15) of
   the blocks at p[j] + off, loaded just before their rounds. */
static inline __attribute__((always_inline)) void loadq(V w[16], int q, const uint8_t *const *p, size_t off) {
  LOAD_CHUNK(w + 4 * q, p, 16, off + 16 * (size_t)q);
  FC__UNROLL
  for (int i = 0; i < 4; i++) w[4 * q + i] = bswap32(w[4 * q + i]);
}
#define LOADQ(w, q, p, off) loadq(w, q, p, off)

#include "hash/sha256_x_body.h"

/* One group of sixteen lanes: states st[j], inputs p16[j]; lanes at or past
   m (1 <= m <= 16) repeat st[0] and are not stored back. */
static inline __attribute__((always_inline)) void group(uint32_t *const *st, const uint8_t *const *p16, size_t m, size_t nblocks) {
  V s[8];
  LOAD_CHUNK(s, st, m, 0);      /* H0..H3 */
  LOAD_CHUNK(s + 4, st, m, 16); /* H4..H7 */
  s256x_blocks(s, p16, nblocks);
  /* back: lane 4L + k's words 4h .. 4h + 3 in 128-bit lane L of s[4h + k] */
  tr4(s);
  tr4(s + 4);
  /* (the 128-bit lane number of VEXTRACTI32X4 is an immediate) */
#define STORE_LANE(L)                                                                  \
  FC__UNROLL                                                                           \
  for (size_t k = 0; k < 4; k++)                                                       \
    if (4 * (L) + k < m) {                                                             \
      _mm_storeu_si128((__m128i *)st[4 * (L) + k], _mm512_extracti32x4_epi32(s[k], L)); \
      _mm_storeu_si128((__m128i *)(st[4 * (L) + k] + 4), _mm512_extracti32x4_epi32(s[4 + k], L)); \
    }
  STORE_LANE(0)
  STORE_LANE(1)
  STORE_LANE(2)
  STORE_LANE(3)
#undef STORE_LANE
}

static void compress_x(uint32_t *const *st, const uint8_t *const *in, size_t n, size_t nblocks) {
  const uint8_t *p16[16];
  for (size_t i = 0; i < n; i += 16) {
    size_t m = n - i < 16 ? n - i : 16;
    for (size_t j = 0; j < 16; j++) {
      size_t k = i + (j < m ? j : 0);
      __asm__("" : "+r"(k)); /* keeps gcc -O2 from vectorising this (a zmm spill) */
      p16[j] = in[k];
    }
    group(st + i, p16, m, nblocks);
  }
  FC__VWIPE();
}

/* Measured (-fstack-usage, -O2, -O3, -Os; group is inlined into
   compress_x): gcc 12 456 to 712 bytes, clang 14 648 to 760 (H0..H7 of the
   group, the 16 input pointers, saved registers); the figures add a quarter
   and 64 bytes, rounded up to 64. No i686 build (the third figure is
   gcc's). */
const fc__sha256_x_kernel fc__sha256_x_avx512 = {
    {"avx512", FC_CPU_AVX512F | FC_CPU_AVX512VL | FC_CPU_AVX2 | FC_CPU_AVX | FC_CPU_SSE41 |
                   FC_CPU_SSSE3 | FC_CPU_SSE2},
    compress_x, 16, FC__STACK(960, 1024, 960)};
