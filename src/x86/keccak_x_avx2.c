/*
 * Keccak-f[1600] on four independent states at once (op FC_OP_KECCAK_X),
 * AVX2: lane i of four states in one 256-bit register (AVX2 has no 64-bit
 * rotate: shift pairs; chi by VPANDN). n states run as groups of four; a
 * group of fewer than four fills the others with a dummy state, discarded.
 * - x86-64: the rounds are assembly (src/x86/keccak_x_avx2.S, written by
 *   tools/gen-keccak-x-avx2.py, which says why), the states in memory
 *   between rounds; where more than four states are left, two groups run
 *   at once, their rounds interleaved, so that one group's wait for D at
 *   each round's start overlaps the other's work.
 * - i686 (8 vector registers): the plain round of src/hash/keccak_round.h in C,
 *   the states in variables (spilled by the compiler) across the blocks.
 * Stack: at most the descriptor's figure; vector registers zeroed before
 * return.
 */
#include <immintrin.h>

#include "hash/hash_internal.h"
#include "core/vwipe.h"

#if defined(__x86_64__)
void fc__keccak_x_avx2_rounds(uint64_t st[4 * 25], uint64_t tmp[4 * 25], const uint64_t rc[24]);
void fc__keccak_x_avx2_rounds2(uint64_t buf[4 * 4 * 25 + 2 * 20], const uint64_t rc[24]);

/* Lane i of state j of a group, group k at buf[200 k]. */
#define AT(j, i) (200 * ((j) / 4) + 4 * (i) + (j) % 4)

/* XORs rate bytes (a multiple of 8) of p[0..3] into group lanes g[0..99]:
   four lanes of the four inputs at a time by a 4x4 transpose of qwords. */
static void xor_block(uint64_t *g, const uint8_t *const *p, size_t rate) {
  size_t i = 0;
  for (; 8 * i + 32 <= rate; i += 4) {
    __m256i r0 = _mm256_loadu_si256((const __m256i *)(p[0] + 8 * i));
    __m256i r1 = _mm256_loadu_si256((const __m256i *)(p[1] + 8 * i));
    __m256i r2 = _mm256_loadu_si256((const __m256i *)(p[2] + 8 * i));
    __m256i r3 = _mm256_loadu_si256((const __m256i *)(p[3] + 8 * i));
    __m256i t0 = _mm256_unpacklo_epi64(r0, r1), t1 = _mm256_unpackhi_epi64(r0, r1);
    __m256i t2 = _mm256_unpacklo_epi64(r2, r3), t3 = _mm256_unpackhi_epi64(r2, r3);
    __m256i l[4] = {_mm256_permute2x128_si256(t0, t2, 0x20), _mm256_permute2x128_si256(t1, t3, 0x20),
                    _mm256_permute2x128_si256(t0, t2, 0x31), _mm256_permute2x128_si256(t1, t3, 0x31)};
    for (size_t k = 0; k < 4; k++) {
      __m256i *a = (__m256i *)(g + 4 * (i + k));
      *a = _mm256_xor_si256(*a, l[k]);
    }
  }
  for (; 8 * i < rate; i++) {
    __m256i *a = (__m256i *)(g + 4 * i);
    *a = _mm256_xor_si256(*a, _mm256_set_epi64x((long long)fc__le64(p[3] + 8 * i),
                                                (long long)fc__le64(p[2] + 8 * i),
                                                (long long)fc__le64(p[1] + 8 * i),
                                                (long long)fc__le64(p[0] + 8 * i)));
  }
}

/* ng groups of four (1 or 2): states s[0 .. 4 ng - 1], inputs p[...] (all
   NULL: permute only). The rounds are assembly (see the file comment); the
   states are in memory between them. */
static void groups(uint64_t *const *s, const uint8_t *const *p, size_t ng, size_t nblocks,
                   size_t rate) {
  _Alignas(32) uint64_t buf[4 * 4 * 25 + 2 * 20]; /* states, round buffers, two groups' D */
  const uint8_t *q[8];
  for (size_t j = 0; j < 4 * ng; j++) {
    q[j] = p[j];
    for (size_t i = 0; i < 25; i++) buf[AT(j, i)] = s[j][i];
  }
  for (; nblocks--;) {
    if (q[0] != NULL) {
      for (size_t k = 0; k < ng; k++) xor_block(buf + 200 * k, q + 4 * k, rate);
      for (size_t j = 0; j < 4 * ng; j++) q[j] += rate;
    }
    if (ng == 2)
      fc__keccak_x_avx2_rounds2(buf, fc__keccak_rc);
    else
      fc__keccak_x_avx2_rounds(buf, buf + 100, fc__keccak_rc);
  }
  for (size_t j = 0; j < 4 * ng; j++)
    for (size_t i = 0; i < 25; i++) s[j][i] = buf[AT(j, i)];
}
#define WIDE 8 /* states a call to groups() takes at most */
#else
#include "hash/keccak_round.h"

#define KT __m256i
#define KXOR(a, b) _mm256_xor_si256(a, b)
#define KPAR5(a, b, c, d, e) KXOR(KXOR(KXOR(a, b), KXOR(c, d)), e)
#define KROL(a, n) \
  ((n) ? _mm256_or_si256(_mm256_slli_epi64(a, (n) & 63), _mm256_srli_epi64(a, (64 - (n)) & 63)) : (a))
#define KD(l, r) KXOR(l, KROL(r, 1))
#define KXROL(a, d, n) KROL(KXOR(a, d), n)
#define KCHI(b0, b1, b2) KXOR(b0, _mm256_andnot_si256(b1, b2))
#define KIOTA(a, rc) KXOR(a, _mm256_set1_epi64x((long long)(rc)))

#define LANES(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) \
  M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24)
#define LOAD(i) a##i = _mm256_set_epi64x((long long)s3[i], (long long)s2[i], (long long)s1[i], (long long)s0[i]);
#define STORE(i)                                   \
  {                                                \
    uint64_t t[4];                                 \
    _mm256_storeu_si256((__m256i *)t, a##i);       \
    s0[i] = t[0], s1[i] = t[1], s2[i] = t[2], s3[i] = t[3]; \
  }
/* lane i of the four blocks, XORed into a##i, for the lanes of the rate */
#define ABSORB(i)                                                                          \
  if (8 * (i) < rate)                                                                      \
    a##i = KXOR(a##i, _mm256_set_epi64x((long long)fc__le64(p3 + 8 * (i)),                 \
                                        (long long)fc__le64(p2 + 8 * (i)),                 \
                                        (long long)fc__le64(p1 + 8 * (i)),                 \
                                        (long long)fc__le64(p0 + 8 * (i))));
#define DECL(i) __m256i a##i, e##i;

/* Four states; in[j] NULL: permute only. */
static void four(uint64_t *s0, uint64_t *s1, uint64_t *s2, uint64_t *s3, const uint8_t *p0,
                 const uint8_t *p1, const uint8_t *p2, const uint8_t *p3, size_t nblocks,
                 size_t rate) {
  LANES(DECL)
  LANES(LOAD)
  for (; nblocks--;) {
    if (p0 != NULL) {
      LANES(ABSORB)
      p0 += rate, p1 += rate, p2 += rate, p3 += rate;
    }
    for (int r = 0; r < 24; r += 2) {
      FC__KECCAK_ROUND(a, e, fc__keccak_rc[r]);
      FC__KECCAK_ROUND(e, a, fc__keccak_rc[r + 1]);
    }
  }
  LANES(STORE)
}
#define WIDE 4
#endif

/* Groups of four states; on x86-64 two groups at once where more than four
   states are left (their rounds interleave). A group's missing states are
   a dummy, discarded. */
static void absorb_x(uint64_t *const *st, const uint8_t *const *in, size_t n, size_t nblocks,
                     size_t rate) {
  uint64_t dummy[25];
  for (size_t g = 0; g < n;) {
    size_t w = n - g > 4 ? WIDE : 4;
    uint64_t *s[WIDE];
    const uint8_t *p[WIDE];
    for (size_t j = 0; j < w; j++) {
      int live = g + j < n;
      for (size_t i = 0; !live && i < 25; i++) dummy[i] = 0;
      s[j] = live ? st[g + j] : dummy;
      /* a dummy absorbs the group's first input (any input of the same
         length would do: its state is discarded) */
      p[j] = in == NULL ? NULL : in[live ? g + j : g];
    }
#if defined(__x86_64__)
    groups(s, p, w / 4, nblocks, rate);
#else
    four(s[0], s[1], s[2], s[3], p[0], p[1], p[2], p[3], nblocks, rate);
#endif
    g += w;
  }
  FC__VWIPE();
}

/* Measured (-fstack-usage, -O2/-O3/-Os): x86-64 gcc 4,272 and clang 4,280
   (two groups' states, round buffers and D, 3,520 bytes), i686 gcc 2,048
   bytes; the figures add a quarter and 64 bytes, rounded up to 64. */
const fc__keccak_x_kernel fc__keccak_x_avx2 = {{"avx2", FC_CPU_AVX2 | FC_CPU_AVX}, absorb_x,
                                               FC__STACK(5440, 5440, 2624)};
