/*
 * AES key expansion (FIPS 197 section 5.2) on little-endian 32-bit words,
 * for the kernels whose SubWord is an AES instruction (src/x86/aes_x86.h:
 * AESKEYGENASSIST; src/aarch64/aes_armv8.h: AESE with a zero key), so the
 * key never indexes a table. Static inline only: each kernel header passes
 * its own SubWord and the whole expansion is built with that file's flags.
 */
#ifndef FC_AES_KEY_EXPAND_H
#define FC_AES_KEY_EXPAND_H

#include "aes/aes_kernel.h" /* memcpy, hosted or freestanding */

/* w[0 .. 4 (nr + 1)) from the nk-word key k (nk = 4, 6, 8; nr = nk + 6,
   so at most 60 words). rcon doubles in GF(2^8) without a branch on it. */
static inline __attribute__((always_inline)) void fc__aes_expand_key(
    uint32_t w[60], const uint8_t *k, unsigned nk, unsigned nr, uint32_t (*subword)(uint32_t)) {
  unsigned total = 4 * (nr + 1);
  uint32_t rcon = 1;
  memcpy(w, k, 4 * nk);
  for (unsigned i = nk; i < total; i++) {
    uint32_t t = w[i - 1];
    if (i % nk == 0) {
      t = subword(t >> 8 | t << 24) ^ rcon;
      rcon = (rcon << 1) ^ (0x11B & (uint32_t)-(int32_t)(rcon >> 7));
    } else if (nk > 6 && i % nk == 4) {
      t = subword(t);
    }
    w[i] = w[i - nk] ^ t;
  }
}

#endif
