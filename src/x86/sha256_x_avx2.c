/*
 * SHA-256 on eight independent streams at once (op FC_OP_SHA256_X), AVX2:
 * stream j in 32-bit lane j of 256-bit registers, the rounds and schedule
 * of src/hash/sha256_x_body.h (FIPS 180-4 section 6.2.2). AVX2 has no
 * rotate: shift pairs. Message words enter per 16-byte chunk, just before
 * their four rounds: the eight rows' chunks as four ymm (one 128-bit lane
 * per row), a byte swap (VPSHUFB), then a 4x4 transpose of dwords in each
 * 128-bit lane; states by the same each way. n streams run as groups of
 * eight; a short last group repeats stream 0 in its empty lanes, whose
 * results are dropped. x86-64 and i686.
 * Registers: the 16 ymm registers (8 on i686) cannot hold the ring of 16
 * schedule words, the 8 working variables, the state and the temporaries:
 * the compiler spills (part of the ring and the state, a few hundred bytes);
 * nothing is kept as an array in memory on purpose, and K[t] is broadcast
 * from the table at each use rather than hoisted into spills.
 * Stack: at most the descriptor's figure; the spills are not named memory
 * the caller can see, so they are left to the public call's burn as every
 * kernel's spills are; vector registers zeroed before return
 * (src/core/vwipe.h).
 */
#include <immintrin.h>

#include "hash/hash_internal.h"
#include "hash/sha256_k.h"
#include "core/vwipe.h"

/* full unrolling: the loops index register arrays */
#define FC__UNROLL _Pragma("GCC unroll 16")

#define V __m256i
#define ADD(a, b) _mm256_add_epi32(a, b)
#define ROR(x, n) _mm256_or_si256(_mm256_srli_epi32(x, n), _mm256_slli_epi32(x, 32 - (n)))
#define SHR(x, n) _mm256_srli_epi32(x, n)
#define XOR3(a, b, c) _mm256_xor_si256(_mm256_xor_si256(a, b), c)
#define CH(e, f, g) _mm256_xor_si256(_mm256_and_si256(e, f), _mm256_andnot_si256(e, g))
#define MAJ(a, b, c) \
  _mm256_or_si256(_mm256_and_si256(a, b), _mm256_and_si256(c, _mm256_or_si256(a, b)))
/* K[t] broadcast from the table at each use: the empty asm hides the
   table's address so that gcc cannot hoist the 64 broadcasts out of the
   block loop into spilled registers (clang does not hoist them). */
static inline __attribute__((always_inline)) V kb(int t) {
  const uint32_t *k = fc__sha256_k;
#if !defined(__clang__)
  __asm__("" : "+r"(k));
#endif
  return _mm256_set1_epi32((int)k[t]);
}
#define KB(t) kb(t)

/* In each 128-bit lane, a 4x4 transpose of dwords across c[0..3] (unpack
   32, unpack 64): dword i of c[k] and dword k of c[i] trade places. Its own
   inverse. */
static inline __attribute__((always_inline)) void tr4(V c[4]) {
  V t0 = _mm256_unpacklo_epi32(c[0], c[1]), t1 = _mm256_unpackhi_epi32(c[0], c[1]);
  V t2 = _mm256_unpacklo_epi32(c[2], c[3]), t3 = _mm256_unpackhi_epi32(c[2], c[3]);
  c[0] = _mm256_unpacklo_epi64(t0, t2);
  c[1] = _mm256_unpackhi_epi64(t0, t2);
  c[2] = _mm256_unpacklo_epi64(t1, t3);
  c[3] = _mm256_unpackhi_epi64(t1, t3);
}

/* Two 16-byte rows a, b into 128-bit lanes 0 and 1 (a load, an insert from
   memory). */
static inline __attribute__((always_inline)) V rows2(const void *a, const void *b) {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)a)),
                                 _mm_loadu_si128((const __m128i *)b), 1);
}

/* The 16 bytes at p[j] + off (a byte offset) of lanes j = 0..7 into c[0..3],
   word i of lane j in dword j of c[i]: c[k] gets lane 4L + k's row in
   128-bit lane L, each dword through F (a byte swap or nothing), then tr4.
   Lanes at or past m (1 <= m <= 8) read lane 0's row. p: an array of 8
   pointers of any object type (the state's uint32_t *, the message's
   const uint8_t *), read as its own type. */
#define LOAD_CHUNK(c, p, m, off, F)                                                   \
  do {                                                                                \
    FC__UNROLL                                                                        \
    for (size_t k_ = 0; k_ < 4; k_++)                                                 \
      (c)[k_] = F(rows2(CHUNK_ROW(p, m, k_, off), CHUNK_ROW(p, m, 4 + k_, off)));     \
    tr4(c);                                                                           \
  } while (0)
#define CHUNK_ROW(p, m, j, off) ((const uint8_t *)(p)[(j) < (m) ? (j) : 0] + (off))
#define AS_IS(x) (x)

/* Byte swap of each dword (VPSHUFB). */
static inline __attribute__((always_inline)) V bswap32(V x) {
  const V bswap = _mm256_set_epi64x(0x0c0d0e0f08090a0bll, 0x0405060700010203ll,
                                    0x0c0d0e0f08090a0bll, 0x0405060700010203ll);
  return _mm256_shuffle_epi8(x, bswap);
}

/* w[4q .. 4q + 3] = message words 4q .. 4q + 3 (bytes 16q .. 16q + 15) of
   the blocks at p[j] + off, loaded just before their rounds. */
#define LOADQ(w, q, p, off) LOAD_CHUNK((w) + 4 * (q), p, 8, (off) + 16 * (size_t)(q), bswap32)

#include "hash/sha256_x_body.h"

/* One group of eight lanes: states st[j], inputs p8[j]; lanes at or past m
   (1 <= m <= 8) repeat st[0] and are not stored back. */
static inline __attribute__((always_inline)) void group(uint32_t *const *st, const uint8_t *const *p8,
                                                        size_t m, size_t nblocks) {
  V s[8];
  LOAD_CHUNK(s, st, m, 0, AS_IS);      /* H0..H3 */
  LOAD_CHUNK(s + 4, st, m, 16, AS_IS); /* H4..H7 */
  s256x_blocks(s, p8, nblocks);
  /* back: lane 4L + k's words 4h .. 4h + 3 in 128-bit lane L of s[4h + k] */
  tr4(s);
  tr4(s + 4);
  /* (the 128-bit lane number of VEXTRACTI128 is an immediate) */
#define STORE_LANE(L)                                                                        \
  FC__UNROLL                                                                                 \
  for (size_t k = 0; k < 4; k++)                                                             \
    if (4 * (L) + k < m) {                                                                   \
      _mm_storeu_si128((__m128i *)st[4 * (L) + k], _mm256_extracti128_si256(s[k], L));       \
      _mm_storeu_si128((__m128i *)(st[4 * (L) + k] + 4), _mm256_extracti128_si256(s[4 + k], L)); \
    }
  STORE_LANE(0)
  STORE_LANE(1)
#undef STORE_LANE
}

static void compress_x(uint32_t *const *st, const uint8_t *const *in, size_t n, size_t nblocks) {
  const uint8_t *p8[8];
  for (size_t i = 0; i < n; i += 8) {
    size_t m = n - i < 8 ? n - i : 8;
    for (size_t j = 0; j < 8; j++) {
      size_t k = i + (j < m ? j : 0);
      __asm__("" : "+r"(k)); /* keeps gcc -O2 from vectorising this (a spill) */
      p8[j] = in[k];
    }
    group(st + i, p8, m, nblocks);
  }
  FC__VWIPE();
}

/* Measured (-fstack-usage, -O2, -O3, -Os; group is inlined into
   compress_x): gcc 12 1,128 to 1,192 bytes, clang 14 760 to 808, i686 gcc 12
   1,504 to 1,536 (8 registers); the figures add a quarter and 64 bytes,
   rounded up to 64. */
const fc__sha256_x_kernel fc__sha256_x_avx2 = {
    {"avx2", FC_CPU_AVX2 | FC_CPU_AVX | FC_CPU_SSE41 | FC_CPU_SSSE3 | FC_CPU_SSE2}, compress_x, 8,
    FC__STACK(1600, 1088, 1984)};
