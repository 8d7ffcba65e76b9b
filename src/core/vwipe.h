/*
 * Zeroing the vector registers a kernel wrote, before it returns: every
 * kernel entry point that held key material, keystream, a hash state or
 * data in vector registers ends with FC__VWIPE() (src/core/fc_internal.h,
 * "Wiping secrets"). The form follows the including file's ISA flags, so
 * each kernel runs only instructions its own needs allow:
 *   AVX-512F: vzeroall (zmm0-15 whole), then zmm16-31 (vzeroall leaves
 *             them; the 512-bit form, which needs AVX-512F alone, where
 *             the 128-bit one would need AVX-512VL) and k0-k7;
 *   AVX, AVX2: vzeroall;
 *   SSE only (x86-64 and i686): pxor on xmm0-15 (xmm0-7 on i686), since
 *             vzeroall faults without AVX;
 *   AArch64:  v0-v31. The clobbers make the compiler save d8-d15 (the
 *             caller's values) in the prologue and restore them in the
 *             epilogue, so the low halves of v8-v15 return as the ABI
 *             wants and their upper halves return zero.
 * Cost: 1 to 25 instructions, no memory access.
 */
#ifndef FC_VWIPE_H
#define FC_VWIPE_H

#define FC__XMM0_7 "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7"
#define FC__XMM8_15 "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"

#if defined(__x86_64__) && defined(__AVX512F__)
#define FC__VWIPE()                                                                           \
  __asm__ __volatile__(                                                                       \
      "vzeroall\n\t"                                                                          \
      "vpxord %%zmm16, %%zmm16, %%zmm16\n\tvpxord %%zmm17, %%zmm17, %%zmm17\n\t"              \
      "vpxord %%zmm18, %%zmm18, %%zmm18\n\tvpxord %%zmm19, %%zmm19, %%zmm19\n\t"              \
      "vpxord %%zmm20, %%zmm20, %%zmm20\n\tvpxord %%zmm21, %%zmm21, %%zmm21\n\t"              \
      "vpxord %%zmm22, %%zmm22, %%zmm22\n\tvpxord %%zmm23, %%zmm23, %%zmm23\n\t"              \
      "vpxord %%zmm24, %%zmm24, %%zmm24\n\tvpxord %%zmm25, %%zmm25, %%zmm25\n\t"              \
      "vpxord %%zmm26, %%zmm26, %%zmm26\n\tvpxord %%zmm27, %%zmm27, %%zmm27\n\t"              \
      "vpxord %%zmm28, %%zmm28, %%zmm28\n\tvpxord %%zmm29, %%zmm29, %%zmm29\n\t"              \
      "vpxord %%zmm30, %%zmm30, %%zmm30\n\tvpxord %%zmm31, %%zmm31, %%zmm31\n\t"              \
      "kxorw %%k0, %%k0, %%k0\n\tkxorw %%k1, %%k1, %%k1\n\tkxorw %%k2, %%k2, %%k2\n\t"         \
      "kxorw %%k3, %%k3, %%k3\n\tkxorw %%k4, %%k4, %%k4\n\tkxorw %%k5, %%k5, %%k5\n\t"         \
      "kxorw %%k6, %%k6, %%k6\n\tkxorw %%k7, %%k7, %%k7"                                      \
      :                                                                                       \
      :                                                                                       \
      : FC__XMM0_7, FC__XMM8_15, "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", \
        "xmm23", "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31", "k0",  \
        "k1", "k2", "k3", "k4", "k5", "k6", "k7")
#elif defined(__x86_64__) && defined(__AVX__)
#define FC__VWIPE() __asm__ __volatile__("vzeroall" : : : FC__XMM0_7, FC__XMM8_15)
#elif defined(__x86_64__) && defined(__SSE2__)
#define FC__VWIPE()                                                                          \
  __asm__ __volatile__(                                                                      \
      "pxor %%xmm0, %%xmm0\n\tpxor %%xmm1, %%xmm1\n\tpxor %%xmm2, %%xmm2\n\t"                 \
      "pxor %%xmm3, %%xmm3\n\tpxor %%xmm4, %%xmm4\n\tpxor %%xmm5, %%xmm5\n\t"                 \
      "pxor %%xmm6, %%xmm6\n\tpxor %%xmm7, %%xmm7\n\tpxor %%xmm8, %%xmm8\n\t"                 \
      "pxor %%xmm9, %%xmm9\n\tpxor %%xmm10, %%xmm10\n\tpxor %%xmm11, %%xmm11\n\t"             \
      "pxor %%xmm12, %%xmm12\n\tpxor %%xmm13, %%xmm13\n\tpxor %%xmm14, %%xmm14\n\t"           \
      "pxor %%xmm15, %%xmm15"                                                                \
      :                                                                                      \
      :                                                                                      \
      : FC__XMM0_7, FC__XMM8_15)
#elif defined(__i386__) && defined(__AVX__)
#define FC__VWIPE() __asm__ __volatile__("vzeroall" : : : FC__XMM0_7)
#elif defined(__i386__) && defined(__SSE2__)
#define FC__VWIPE()                                                          \
  __asm__ __volatile__(                                                      \
      "pxor %%xmm0, %%xmm0\n\tpxor %%xmm1, %%xmm1\n\tpxor %%xmm2, %%xmm2\n\t" \
      "pxor %%xmm3, %%xmm3\n\tpxor %%xmm4, %%xmm4\n\tpxor %%xmm5, %%xmm5\n\t" \
      "pxor %%xmm6, %%xmm6\n\tpxor %%xmm7, %%xmm7"                            \
      :                                                                      \
      :                                                                      \
      : FC__XMM0_7)
#elif defined(__aarch64__)
#define FC__VWIPE()                                                                             \
  __asm__ __volatile__(                                                                         \
      "movi v0.16b, #0\n\tmovi v1.16b, #0\n\tmovi v2.16b, #0\n\tmovi v3.16b, #0\n\t"            \
      "movi v4.16b, #0\n\tmovi v5.16b, #0\n\tmovi v6.16b, #0\n\tmovi v7.16b, #0\n\t"            \
      "movi v8.16b, #0\n\tmovi v9.16b, #0\n\tmovi v10.16b, #0\n\tmovi v11.16b, #0\n\t"          \
      "movi v12.16b, #0\n\tmovi v13.16b, #0\n\tmovi v14.16b, #0\n\tmovi v15.16b, #0\n\t"        \
      "movi v16.16b, #0\n\tmovi v17.16b, #0\n\tmovi v18.16b, #0\n\tmovi v19.16b, #0\n\t"        \
      "movi v20.16b, #0\n\tmovi v21.16b, #0\n\tmovi v22.16b, #0\n\tmovi v23.16b, #0\n\t"        \
      "movi v24.16b, #0\n\tmovi v25.16b, #0\n\tmovi v26.16b, #0\n\tmovi v27.16b, #0\n\t"        \
      "movi v28.16b, #0\n\tmovi v29.16b, #0\n\tmovi v30.16b, #0\n\tmovi v31.16b, #0"            \
      :                                                                                         \
      :                                                                                         \
      : "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", \
        "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25",     \
        "v26", "v27", "v28", "v29", "v30", "v31")
#else
#define FC__VWIPE() ((void)0) /* no vector registers written by baseline code */
#endif

#endif
