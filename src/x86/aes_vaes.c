/*
 * VAES kernel `vaes` on 512-bit registers (four blocks per register, eight
 * registers in flight: 32 blocks). Code: aes_vaes_impl.h and
 * aes_vaes_kernel.h; key layout and schedule: aes_x86.h. Flags -mvaes
 * -maes -mavx512f -mavx512bw: needs VAES, AESNI, AVX512F, AVX512BW and what
 * AVX-512F implies (AVX2, AVX, SSE4.1, SSSE3, SSE2). Stack: at most the
 * descriptor's `stack` figure (FCV_STACK; measured up to 1,320 bytes, clang
 * -Os); the caller burns it, and the vector registers are zeroed before
 * return (fc_internal.h, "Wiping secrets").
 */
#include "aes_vaes_512.h"
#include "aes_vaes_kernel.h"
