/*
 * Keccak-f[1600] on four independent states at once (op FC_OP_KECCAK_X):
 * lane i of states 0..3 in one 256-bit register, the plain round of
 * src/keccak_round.h with VPANDN for chi and shift pairs for the rotations
 * (AVX2 has no 64-bit rotate). n states run as ceil(n / 4) groups; a group
 * of fewer than four fills the others with a dummy state, discarded.
 * The states stay in registers across a call's blocks: the input lanes
 * of the four are gathered and XORed in per block. x86-64 and i686.
 * Stack: at most the descriptor's figure (the 25 lanes and their
 * temporaries spill: 16 ymm registers); vector registers zeroed before
 * return.
 */
#include <immintrin.h>

#include "fc_internal.h"
#include "keccak_round.h"
#include "vwipe.h"

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

static void absorb_x(uint64_t *const *st, const uint8_t *const *in, size_t n, size_t nblocks,
                     size_t rate) {
  uint64_t dummy[25];
  for (size_t g = 0; g < n; g += 4) {
    uint64_t *s[4];
    const uint8_t *p[4];
    for (size_t j = 0; j < 4; j++) {
      int live = g + j < n;
      for (size_t i = 0; !live && i < 25; i++) dummy[i] = 0;
      s[j] = live ? st[g + j] : dummy;
      /* a dummy absorbs the group's first input (any input of the same
         length would do: its state is discarded) */
      p[j] = in == NULL ? NULL : in[live ? g + j : g];
    }
    four(s[0], s[1], s[2], s[3], p[0], p[1], p[2], p[3], nblocks, rate);
  }
  FC__VWIPE();
}

/* Measured (-fstack-usage, -O2/-O3/-Os): gcc 1,832, clang 1,208, i686 gcc
   2,016 bytes; the figures add a quarter and 64 bytes. */
const fc__keccak_x_kernel fc__keccak_x_avx2 = {{"avx2", FC_CPU_AVX2 | FC_CPU_AVX}, 4, absorb_x,
                                               FC__STACK(2368, 1600, 2624)};
