/*
 * VAES kernel `vaes256` on 256-bit registers (two blocks per register, eight
 * registers in flight: 16 blocks), for CPUs with VAES and no AVX-512. Code:
 * aes_vaes_impl.h and aes_vaes_kernel.h; key layout and schedule: aes_x86.h.
 * Flags -mvaes -maes -mavx2: needs VAES, AESNI, AVX2 and what AVX2 implies
 * (AVX, SSE4.1, SSSE3, SSE2). Stack: at most the descriptor's
 * `stack` figure (FCV_STACK; measured up to 680 bytes, clang -Os); the
 * caller burns it, and the vector registers are zeroed before return.
 */
#include "aes_vaes_256.h"
#include "aes_vaes_kernel.h"
