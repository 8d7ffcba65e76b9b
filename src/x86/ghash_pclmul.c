/*
 * PCLMULQDQ GHASH kernel `pclmul`: eight blocks per reduction (aggregated
 * reduction, white paper 323640 section 5.4). Method and layout: aes_x86.h,
 * ghash_x86.h. Flags -mpclmul -mssse3: needs PCLMUL, SSE2, SSSE3.
 * Stack: at most the descriptor's `stack` figure (measured: up to 400 bytes
 * on x86-64, 644 on i686); burned by the caller; vector registers zeroed
 * before return.
 */
#include "ghash_x86.h"

static void pclmul_setkey(uint64_t *hd, const uint8_t h[16]) {
  fcx_ghash_setkey(hd, h);
  FC__VWIPE();
}

static void pclmul_ghash(const uint64_t *hd, uint8_t y[16], const uint8_t *in, size_t n) {
  fcx_st(y, fcx_bswap(fcx_ghash_blocks(hd, fcx_bswap(fcx_ld(y)), in, n)));
  FC__VWIPE();
}

const fc__ghash_kernel fc__ghash_pclmul = {
    {"pclmul", FC_CPU_PCLMUL | FC_CPU_SSE2 | FC_CPU_SSSE3}, pclmul_setkey, pclmul_ghash,
    FC__STACK(576, 352, 896)};
