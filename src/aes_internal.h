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
 * Overwrites FC__AES_BURN_BYTES of stack below the caller's frame: the
 * region the kernels just used, where the compiler may have spilled vector
 * registers holding round keys, keystream or data (no wipe inside a kernel
 * can address those slots; libgcrypt's _gcry_burn_stack does the same).
 * Called by every public AES entry point after its kernels return. The
 * deepest kernel frames are about 1.2 KiB (see the .su files).
 */
#define FC__AES_BURN_BYTES 2048
void fc__aes_burn_stack(void);

#endif
