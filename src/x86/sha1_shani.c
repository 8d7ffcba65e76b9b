/*
 * SHA-1 with the SHA extensions, groups 8-19 scheduled with plain SSE2
 * (src/x86/sha1_shani_body.h has the rounds). Measured on an Emerald
 * Rapids Xeon: SHA1MSG2 holds the SHA unit about 4 cycles, SHA1RNDS4 3
 * (its latency is 4), so with SHA1MSG2 in all 16 groups the unit bound a
 * block at about 119 cycles; with SSE2 above g = 7 and the next block's
 * first eight groups computed during this block's rounds it takes about
 * 104, and the rounds alone (no schedule) 97. On the Zen 5 EPYC the
 * SHA1MSG schedule (shani_msg) is the faster (docs/kernels.md), so the
 * automatic order takes this kernel on Intel CPUs only (FC_CPU_INTEL).
 * Stack (gcc 12, -fstack-usage): 72 bytes on x86-64, 352 on i686 (eight
 * registers: the schedule groups spill).
 */
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

#define SHA1_LATE_GROUPS()          \
  do {                              \
    SCHED_GRP4(SCHED_SSE, 8);       \
    SCHED_GRP4(SCHED_SSE, 12);      \
    SCHED_GRP4(SCHED_SSE4, 16);     \
  } while (0)

#include "sha1_shani_body.h"

const fc__sha_kernel fc__sha1_shani = {
    {"shani", FC_CPU_SHANI | FC_CPU_SSE41 | FC_CPU_SSSE3 | FC_CPU_SSE2}, compress,
    FC__STACK(672, 768, 1344)};
