/*
 * avx512ifma: radix-2^52 Montgomery multiplication with VPMADD52LUQ/HUQ on
 * 512-bit vectors (eight limbs each). The steps and their bounds are in
 * src/bn/mont_ifma_body.h, shared with the portable model the tests run on
 * every machine (tests/support/mont_ifma_model.c).
 * Compiled with -mavx512f -mavx512ifma; needs AVX512F and AVX512IFMA (the
 * probe checks XCR0 bits 5-7 for AVX512F).
 * Stack (gcc 12, -O3, -fstack-usage): a product or squaring keeps its
 * accumulator in registers up to 10 vectors (4160 bits; spills at most 2504
 * bytes, ams_10, 328 at 2048 bits: the squaring's doubled limbs, d and d',
 * 2 nv vectors, live beside it) and works in the modpow workspace
 * above; modpow 160, mont_mul 3968 (its operands and scratch), prepare
 * about 1.1 KiB; the e = 2^k + 1 verification: verify_f4 128, then its
 * last product in f4_last 336 + amm_f4_* (16 at 2048 bits, 1160 at 4096),
 * prepare_f4 208 + a squaring; fc_mont_init's chain (init_chain, from
 * 1,984 bits the radix-2^52 division pow2_52) stays within key set-up's
 * 4 KiB (tests/core/test_stack.cpp: 3,240 bytes at 8192 bits from n and e).
 * On the development machine (Xeon, Emerald Rapids) two 512-bit ports take
 * VPMADD52 (two per cycle, 4 cycles), shuffles only one (3 cycles), and a
 * result crossing between IFMA and vpaddq/vpsrlq costs 2-3.5 cycles more:
 * a squaring row at 2048 bits (about 40 vector operations) is bound by the
 * two ports first, its chain (about 14 cycles) second.
 */
#include <immintrin.h>
#include <stdint.h>

/* 512-bit vectors. A 256-bit build of the same body (VL 4, two VPMADD52
   ymm per cycle on paper) measured 1.3x slower on the development machine. */
#define VL 8
#define V __m512i
#define V_ZERO() _mm512_setzero_si512()
#define V_SET1(x) _mm512_set1_epi64((long long)(x))
#define V_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define V_STOREU(p, v) _mm512_storeu_si512((void *)(p), (v))
#define V_ADD(a, b) _mm512_add_epi64((a), (b))
#define V_MADDLO(c, x, y) _mm512_madd52lo_epu64((c), (x), (y))
#define V_MADDHI(c, x, y) _mm512_madd52hi_epu64((c), (x), (y))
#define V_ALIGN1(h, l) _mm512_alignr_epi64((h), (l), 1)
#define V_BCAST0(v) _mm512_broadcastq_epi64(_mm512_castsi512_si128(v))
#define V_BCAST1(v) _mm512_permutexvar_epi64(_mm512_set1_epi64(1), (v))
#define V_SRL52_LANE0(v) _mm512_maskz_srli_epi64((__mmask8)1, (v), 52)
#define V_AND(a, b) _mm512_and_si512((a), (b))
#define V_SRL52(v) _mm512_srli_epi64((v), 52)
#define V_ALIGN_UP1(h, l) _mm512_alignr_epi64((h), (l), 7)
#define V_CMPEQ(a, b) ((unsigned)_mm512_cmpeq_epi64_mask((a), (b)))
#define V_TESTM(a, b) ((unsigned)_mm512_test_epi64_mask((a), (b)))
#define V_MASKZ_MOV(k, a) _mm512_maskz_mov_epi64((__mmask8)(k), (a))
#define V_BLEND(k, a, b) _mm512_mask_blend_epi64((__mmask8)(k), (a), (b))
#define V_MASK_ADD(s, k, a, b) _mm512_mask_add_epi64((s), (__mmask8)(k), (a), (b))
#define FC_IFMA_NAME "avx512ifma"
#define FC_IFMA_NEEDS (FC_CPU_AVX512F | FC_CPU_AVX512IFMA)
#define FC_IFMA_DESC fc__mont_avx512ifma
#define FC_IFMA_INLINE inline __attribute__((always_inline))
/* The set-up division's reciprocal (mont_ifma_body.h, pow2_52), once a
   division: one DIVQ, whose quotient fits (below 2^63 there); no libgcc
   call. */
static inline uint64_t ifma_div104(uint64_t hi, uint64_t lo, uint64_t d) {
  uint64_t q, r;
  __asm__("divq %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(d) : "cc");
  (void)r;
  return q;
}
#define IFMA_DIV104(hi, lo, d) ifma_div104((hi), (lo), (d))
#define IFMA_LANE(v, i) \
  ((uint64_t)_mm_extract_epi64(_mm512_extracti32x4_epi32((v), (i) / 2), (i) % 2))

#include "bn/mont_ifma_body.h"
