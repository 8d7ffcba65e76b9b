/*
 * SHA-512 block compression with an AVX2 message schedule and BMI2 (RORX)
 * rounds, two blocks at a time. FIPS 180-4 section 6.4.2; the two-block
 * layout follows Gueron and Krasnov, "Parallelizing message schedules to
 * accelerate the computations of hash functions" (J. Cryptographic
 * Engineering 2(4), 2012), section 4: one 256-bit register holds the same
 * two schedule words W[t], W[t+1] of block A (low 128 bits) and block B
 * (high 128 bits), so one vector step yields 2 words of each block.
 *
 * Schedule step for the pair t = 2p, t+1 (p = 8..39), x[q] = W[2q..2q+1]:
 *   W[t-15..t-14] = palignr(x[p-7], x[p-8], 8), W[t-7..t-6] = palignr(x[p-3],
 *   x[p-4], 8), and s1 only needs W[t-2..t-1] = x[p-1]: no lane of the pair
 *   depends on the other, so the pair is computed in one step.
 * W + fc__sha512_k for all 80 rounds of both blocks is stored in wk (1.25 KiB on the
 * stack, wiped at the end); the rounds are scalar 64-bit code whose
 * rotations compile to RORX (no flags, 3 operands). The schedule is computed
 * between rounds, so its own dependency chain hides under theirs: for the
 * first pair between block A's rounds, then (x86-64) software-pipelined
 * over both blocks' rounds (compress in sha512_x86_impl.h: the next pair's
 * first half goes between block B's rounds; i686 stays pair by pair, its 8
 * registers would spill). An odd last block is scheduled alongside itself; a call of one
 * block alone has its own path on x86-64 (one_block in sha512_x86_impl.h).
 * Stack: at most the descriptor's `stack` figure (measured: up to 2,240
 * bytes on x86-64, 3,096 on i686; wk is 1.25 KiB); burned by the caller;
 * vector registers zeroed before return.
 */
#include <immintrin.h>

#define VROR(x, n) _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - (n)))
/* Rotation by 8 is a byte shuffle: one instruction instead of three. */
#define VROR8(x)                                                                        \
  _mm256_shuffle_epi8(x, _mm256_set_epi64x(0x080f0e0d0c0b0a09ll, 0x0007060504030201ll, \
                                           0x080f0e0d0c0b0a09ll, 0x0007060504030201ll))
#define S0V(x) _mm256_xor_si256(_mm256_xor_si256(VROR(x, 1), VROR8(x)), _mm256_srli_epi64(x, 7))
#define S1V(x) _mm256_xor_si256(_mm256_xor_si256(VROR(x, 19), VROR(x, 61)), _mm256_srli_epi64(x, 6))

/* The same on 128-bit registers (one block alone). */
#define XROR(x, n) _mm_or_si128(_mm_srli_epi64(x, n), _mm_slli_epi64(x, 64 - (n)))
#define XROR8(x) _mm_shuffle_epi8(x, _mm_set_epi64x(0x080f0e0d0c0b0a09ll, 0x0007060504030201ll))
#define S0X(x) _mm_xor_si128(_mm_xor_si128(XROR(x, 1), XROR8(x)), _mm_srli_epi64(x, 7))
#define S1X(x) _mm_xor_si128(_mm_xor_si128(XROR(x, 19), XROR(x, 61)), _mm_srli_epi64(x, 6))

#include "sha512_x86_impl.h"

const fc__sha_kernel fc__sha512_avx2 = {
    {"avx2", FC_CPU_AVX2 | FC_CPU_AVX | FC_CPU_BMI2 | FC_CPU_SSE41 | FC_CPU_SSSE3 | FC_CPU_SSE2},
    compress, FC__STACK(2864, 2016, 3936)};
