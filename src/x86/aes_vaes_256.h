/* Vector macros of aes_vaes_impl.h for 256-bit registers (AVX2 + VAES). */
#ifndef FC_AES_VAES_256_H
#define FC_AES_VAES_256_H
#include <immintrin.h>

#define FCV __m256i
#define FCV_STACK FC__STACK(864, 928, 0) /* the kernel's stack figure (fc_internal.h) */
#define FCV_LANES 2
#define FCV_LD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define FCV_ST(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define FCV_BCAST(p) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define FCV_XOR _mm256_xor_si256
#define FCV_ADD64 _mm256_add_epi64
#define FCV_ENC _mm256_aesenc_epi128
#define FCV_ENCLAST _mm256_aesenclast_epi128
#define FCV_DEC _mm256_aesdec_epi128
#define FCV_DECLAST _mm256_aesdeclast_epi128
#define FCV_BSWAP(v)                                                                      \
  _mm256_shuffle_epi8((v), _mm256_broadcastsi128_si256(_mm_set_epi8(                      \
                               0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)))
#define FCV_PREV(c, p) _mm256_permute2x128_si256((p), (c), 0x21)
#define FCV_LANE_IDX _mm256_set_epi64x(0, 1, 0, 0)
#define FCV_STEP _mm256_set_epi64x(0, 2, 0, 2)
#define FCV_TOP(v) _mm256_extracti128_si256((v), 1)

#define FCV_AES_NAME fc__aes_vaes256
#define FCV_AES_STR "vaes256"
#define FCV_NEEDS \
  (FC_CPU_VAES | FC_CPU_AESNI | FC_CPU_AVX2 | FC_CPU_AVX | FC_CPU_SSE41 | FC_CPU_SSSE3 | FC_CPU_SSE2)

#include "aes_vaes_impl.h"
#endif
