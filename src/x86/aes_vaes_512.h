/* Vector macros of aes_vaes_impl.h for 512-bit registers (AVX-512F/BW + VAES). */
#ifndef FC_AES_VAES_512_H
#define FC_AES_VAES_512_H
#include <immintrin.h>

#define FCV __m512i
#define FCV_STACK FC__STACK(1504, 1728, 0) /* the kernel's stack figure (fc_internal.h) */
#define FCV_LANES 4
#define FCV_LD(p) _mm512_loadu_si512((const void *)(p))
#define FCV_ST(p, v) _mm512_storeu_si512((void *)(p), (v))
#define FCV_BCAST(p) _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define FCV_XOR _mm512_xor_si512
#define FCV_ADD64 _mm512_add_epi64
#define FCV_ENC _mm512_aesenc_epi128
#define FCV_ENCLAST _mm512_aesenclast_epi128
#define FCV_DEC _mm512_aesdec_epi128
#define FCV_DECLAST _mm512_aesdeclast_epi128
#define FCV_BSWAP(v)                                                                            \
  _mm512_shuffle_epi8((v), _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, \
                                                               11, 12, 13, 14, 15)))
#define FCV_PREV(c, p) _mm512_alignr_epi64((c), (p), 6)
#define FCV_LANE_IDX _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0)
#define FCV_STEP _mm512_set_epi64(0, 4, 0, 4, 0, 4, 0, 4)
#define FCV_TOP(v) _mm512_extracti32x4_epi32((v), 3)

#define FCV_AES_NAME fc__aes_vaes
#define FCV_AES_STR "vaes"
#define FCV_NEEDS                                                                             \
  (FC_CPU_VAES | FC_CPU_AESNI | FC_CPU_AVX512F | FC_CPU_AVX512BW | FC_CPU_AVX2 | FC_CPU_AVX | \
   FC_CPU_SSE41 | FC_CPU_SSSE3 | FC_CPU_SSE2)

#include "aes_vaes_impl.h"
#endif
