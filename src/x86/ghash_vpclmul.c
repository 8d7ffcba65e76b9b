/*
 * VPCLMULQDQ GHASH kernel `vpclmul` on 512-bit registers: 32 blocks per
 * reduction. Method and layout: ghash_vpclmul.h. Flags -mvpclmulqdq
 * -mpclmul -mavx512f -mavx512bw: needs VPCLMUL, PCLMUL, AVX512F, AVX512BW
 * and what AVX-512F implies (AVX2, AVX, SSE4.1, SSSE3, SSE2).
 * Stack: at most the descriptor's `stack` figure (measured: up to 480
 * bytes, gcc -O3); burned by the caller; vector registers zeroed before
 * return.
 */
#include "ghash_vpclmul.h"

static void vp_setkey(uint64_t *hd, const uint8_t h[16]) {
  fcz_ghash_setkey(hd, h);
  FC__VWIPE();
}

static void vp_ghash(const uint64_t *hd, uint8_t y[16], const uint8_t *in, size_t n) {
  fcx_st(y, fcx_bswap(fcz_ghash_blocks(hd, fcx_bswap(fcx_ld(y)), in, n)));
  FC__VWIPE();
}

const fc__ghash_kernel fc__ghash_vpclmul = {
    {"vpclmul", FC_CPU_VPCLMUL | FC_CPU_PCLMUL | FC_CPU_AVX512F | FC_CPU_AVX512BW | FC_CPU_AVX2 |
                    FC_CPU_AVX | FC_CPU_SSE41 | FC_CPU_SSSE3 | FC_CPU_SSE2},
    vp_setkey, vp_ghash, FC__STACK(864, 832, 0)};
