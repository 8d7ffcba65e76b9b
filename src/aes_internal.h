/* Shared by aes.c and aes_gcm.c (portable, baseline ISA). */
#ifndef FC_AES_INTERNAL_H
#define FC_AES_INTERNAL_H

#include "fc_internal.h"

/* A key fc_aes_init filled (a zeroed or wiped key is not). */
static inline int fc__aes_key_ok(const fc_aes_key *key) {
  return key != NULL && key->aes != NULL && key->ghash != NULL &&
         (key->rounds == 10 || key->rounds == 12 || key->rounds == 14) &&
         key->key_len == 4 * (key->rounds - 6);
}

/* p[0 .. len) runs past the end of the address space: no buffer does. */
static inline int fc__aes_wraps(const uint8_t *p, size_t len) {
  return (uintptr_t)p + len < (uintptr_t)p;
}

/* p[0 .. plen) and q[0 .. qlen) share no byte (an empty or NULL range is
   apart from anything). */
static inline int fc__aes_apart(const uint8_t *p, size_t plen, const uint8_t *q, size_t qlen) {
  if (p == NULL || q == NULL || plen == 0 || qlen == 0) return 1;
  uintptr_t a = (uintptr_t)p, b = (uintptr_t)q;
  return a + plen <= b || b + qlen <= a;
}

/* in/out of len bytes: non-NULL unless len is 0, and equal or disjoint. */
static inline int fc__aes_io_ok(const uint8_t *in, const uint8_t *out, size_t len) {
  if (len == 0) return 1;
  if (in == NULL || out == NULL || fc__aes_wraps(in, len) || fc__aes_wraps(out, len)) return 0;
  return in == out || fc__aes_apart(in, len, out, len);
}

/* in/out as fc__aes_io_ok, and the 16-byte chaining block blk (an iv or
   counter; NULL refused) apart from both. */
static inline int fc__aes_chain_ok(const uint8_t *blk, const uint8_t *in, const uint8_t *out,
                                   size_t len) {
  return blk != NULL && fc__aes_io_ok(in, out, len) && fc__aes_apart(blk, 16, in, len) &&
         fc__aes_apart(blk, 16, out, len);
}

/*
 * Stack burned after a public AES call (fc_internal.h, "Wiping secrets"):
 * layer (the portable frames of aes.c or aes_gcm.c under the public call,
 * FC__AES_LAYER_STACK or FC__GCM_LAYER_STACK) plus the larger `stack` of
 * the key's AES and GHASH kernels, or layer alone for a key that is not
 * usable (no kernel ran with it). aes_gcm.c adds its stitched kernel's.
 * The layer figures are bounds over gcc and clang, -O2, -O3 and -Os,
 * x86-64, i686 and AArch64 (tests/test_wipe.cpp checks them).
 */
#define FC__AES_LAYER_STACK 256 /* measured up to 16 past the kernels' figures */
#define FC__GCM_LAYER_STACK 512 /* measured up to 384 */
size_t fc__aes_burn_depth(const fc_aes_key *key, size_t layer);

#endif
