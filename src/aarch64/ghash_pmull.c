/*
 * PMULL GHASH kernel `pmull`: eight blocks per reduction. Method and
 * layout: aes_armv8.h. Flags -march=armv8-a+crypto: needs NEON, ARM_AES,
 * ARM_PMULL, ARM_SHA1, ARM_SHA2 (the flag enables them together).
 * Stack: at most the descriptor's `stack` figure (measured: up to 320
 * bytes); burned by the caller; vector registers zeroed before return.
 */
#include "aes_armv8.h"

static void pm_setkey(uint64_t *hd, const uint8_t h[16]) {
  fca_ghash_setkey(hd, h);
  FC__VWIPE();
}

static void pm_ghash(const uint64_t *hd, uint8_t y[16], const uint8_t *in, size_t n) {
  fca_store_ref(y, fca_ghash_blocks(hd, fca_load_ref(y), in, n));
  FC__VWIPE();
}

const fc__ghash_kernel fc__ghash_pmull = {
    {"pmull", FC_CPU_NEON | FC_CPU_ARM_AES | FC_CPU_ARM_PMULL | FC_CPU_ARM_SHA1 | FC_CPU_ARM_SHA2},
    pm_setkey, pm_ghash, FC__STACK(480, 960, 0)};
