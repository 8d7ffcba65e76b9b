/* Shared by aes.c and aes_gcm.c (portable, baseline ISA). */
#ifndef FC_AES_INTERNAL_H
#define FC_AES_INTERNAL_H

#include "aes/aes_kernel.h"

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
  return fc__apart(p, plen, q, qlen);
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
 * x86-64, i686 and AArch64 (tests/core/test_wipe.cpp checks them).
 */
#define FC__AES_LAYER_STACK 256 /* measured up to 16 past the kernels' figures */
#define FC__GCM_LAYER_STACK 512 /* measured up to 384 */
size_t fc__aes_burn_depth(const fc_aes_key *key, size_t layer);

/*
 * A one-shot GCM kernel for a stitched pair (96-bit IV): the whole message
 * in one call, J0 = IV || 0^31 || 1, the AAD (any length), the text (any
 * length: partial blocks by masked loads and stores), the lengths block,
 * E(K, J0) and the full 16-byte tag into tag (enc: out = in ^ keystream,
 * GHASH over out; dec: GHASH over in, then out; the caller compares).
 * in == out allowed.
 * With it, two helpers for the streaming calls on the same pair (any IV
 * length), so that they pay one small kernel call where they would pay
 * several, and burn what that call used (init itself runs no kernel: it
 * keeps J0 in the context, and crypt or tag encrypts it):
 *   block: ks = E(K, ctr), ctr = inc32(ctr) (the keystream of a partial
 *          block);
 *   crypt: the pair's stitched enc or dec (enc 1 or 0) over nblocks >= 1
 *          whole blocks, and ek0 = E(K, ek0) beside them (J0 in, the tag
 *          mask out);
 *   tag:   y absorbs the partial block buf[0 .. used) zero-padded (used
 *          < 16; none when 0), then the lengths block of aad_len and
 *          msg_len bytes; tag = y ^ E(K, ek0) when enc_j0 (ek0 holds J0),
 *          else y ^ ek0.
 * Each entry zeroes its vector registers before it returns. tag keeps
 * y, E(K, J0) and the key's values in registers (no spill: test_wipe scans
 * the stack after an encryption final, which burns nothing). The caller
 * burns, beside the layer's figure, stack_block bytes after block
 * or a decryption's tag; stack_small after seal with len < FC__GCM_SEAL_SMALL (the bulk
 * loop did not run) and after crypt or the pair's stitched enc or dec with
 * fewer than FC__GCM_STREAM_SMALL blocks; else stack (any call).
 */
#define FC__GCM_SEAL_SMALL 512
#define FC__GCM_STREAM_SMALL 32
typedef struct fc__gcm_seal_kernel {
  const fc__gcm_kernel *gcm; /* the pair it serves */
  void (*seal)(const fc_aes_key *key, const uint8_t iv[12], const uint8_t *aad, size_t aad_len,
               const uint8_t *in, uint8_t *out, size_t len, uint8_t tag[16], int enc);
  void (*block)(const fc_aes_key *key, uint8_t ctr[16], uint8_t ks[16]);
  void (*crypt)(const fc_aes_key *key, uint8_t ctr[16], uint8_t y[16], const uint8_t *in,
                uint8_t *out, size_t nblocks, int enc, uint8_t ek0[16]);
  void (*tag)(const fc_aes_key *key, const uint8_t y[16], const uint8_t *buf, size_t used,
              uint64_t aad_len, uint64_t msg_len, const uint8_t ek0[16], int enc_j0,
              uint8_t tag[16]);
  uint32_t stack_block;
  uint32_t stack_small;
  uint32_t stack;
} fc__gcm_seal_kernel;
extern const fc__gcm_seal_kernel fc__gcm_vaes_seal;

#endif
