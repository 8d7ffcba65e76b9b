/*
 * The aes family's kernel contract: AES, GHASH and stitched GCM kernels.
 * Baseline ISA: kernels in src/x86 and src/aarch64 include it.
 */
#ifndef FC_AES_KERNEL_H
#define FC_AES_KERNEL_H

#include "core/fc_internal.h"
#include "fastcrypt/aes.h"

#ifdef __cplusplus
extern "C" { /* the tests call internal symbols */
#endif

/* ------------------------------------------------------------------ */
/* AES and GHASH kernels                                               */
/* ------------------------------------------------------------------ */

/*
 * An AES kernel (op FC_OP_AES). Block data are bytes as in FIPS 197; the
 * round keys live in key->kdata in the kernel's own layout.
 * setkey:  fill key->kdata from k (key->key_len bytes; key->rounds set).
 * ecb_enc, ecb_dec: nblocks >= 0 independent blocks.
 * cbc_enc, cbc_dec: chaining from iv, which is left holding the last
 *          ciphertext block.
 * ctr:     keystream blocks E(ctr), E(ctr+1), ... XORed into nblocks
 *          blocks; ctr is a 128-bit big-endian integer wrapping at 2^128,
 *          left holding the counter after the last block used.
 * All: in == out MUST be allowed; no other overlap is. Vector registers
 * are zeroed before returning (FC__VWIPE); the caller burns `stack` bytes.
 */
typedef struct fc__aes_kernel {
  fc__kernel_head h;
  void (*setkey)(fc_aes_key *key, const uint8_t *k);
  void (*ecb_enc)(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t nblocks);
  void (*ecb_dec)(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t nblocks);
  void (*cbc_enc)(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                  size_t nblocks);
  void (*cbc_dec)(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                  size_t nblocks);
  void (*ctr)(const fc_aes_key *key, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
              size_t nblocks);
  uint32_t stack; /* bytes of stack any entry point uses at most ("Wiping secrets") */
} fc__aes_kernel;

/*
 * A GHASH kernel (op FC_OP_GHASH), SP 800-38D section 6.4.
 * setkey: hdata (FC_AES_HDATA_BYTES) from the hash key h (16 bytes).
 * ghash:  y = (...((y ^ X1) * H ^ X2) * H ...) * H over nblocks blocks;
 *         y is a 16-byte block in the standard's bit order.
 */
typedef struct fc__ghash_kernel {
  fc__kernel_head h;
  void (*setkey)(uint64_t *hdata, const uint8_t h[16]);
  void (*ghash)(const uint64_t *hdata, uint8_t y[16], const uint8_t *in, size_t nblocks);
  uint32_t stack; /* bytes of stack setkey or ghash uses at most ("Wiping secrets") */
} fc__ghash_kernel;

/*
 * A stitched GCM body: GCTR encryption and GHASH of the ciphertext in one
 * pass, used when a key's AES and GHASH kernels are exactly `aes` and
 * `ghash`. enc: out = in ^ keystream, y absorbs out; dec: y absorbs in,
 * out = in ^ keystream. The counter steps by inc32 (SP 800-38D 6.2: the
 * low 32 bits wrap alone) and is left past the last block. It may derive
 * from the key (IVs other than 96 bits): no branch or index on it.
 */
typedef struct fc__gcm_kernel {
  fc__kernel_head h;
  const fc__aes_kernel *aes;
  const fc__ghash_kernel *ghash;
  void (*enc)(const fc_aes_key *key, uint8_t ctr[16], uint8_t y[16], const uint8_t *in,
              uint8_t *out, size_t nblocks);
  void (*dec)(const fc_aes_key *key, uint8_t ctr[16], uint8_t y[16], const uint8_t *in,
              uint8_t *out, size_t nblocks);
  uint32_t stack; /* bytes of stack enc or dec uses at most ("Wiping secrets") */
} fc__gcm_kernel;

extern const fc__aes_kernel fc__aes_ct;
extern const fc__aes_kernel fc__aes_aesni;
extern const fc__aes_kernel fc__aes_vaes;
extern const fc__aes_kernel fc__aes_vaes256;
extern const fc__aes_kernel fc__aes_armv8;
extern const fc__aes_kernel fc__aes_neon;
extern const fc__ghash_kernel fc__ghash_ct;
extern const fc__ghash_kernel fc__ghash_pclmul;
extern const fc__ghash_kernel fc__ghash_vpclmul;
extern const fc__ghash_kernel fc__ghash_pmull;
extern const fc__gcm_kernel fc__gcm_aesni;
extern const fc__gcm_kernel fc__gcm_vaes;
extern const fc__gcm_kernel fc__gcm_vaes256;
extern const fc__gcm_kernel fc__gcm_armv8;

/* Tables of FC_OP_AES and FC_OP_GHASH for the dispatcher (aes/aes_kernels.c). */
extern const fc__op_kernels fc__aes_op, fc__ghash_op;

/* Active kernels (after fc_init); NULL only if none is built. */
static inline const fc__aes_kernel *fc__aes_active(void) {
  return (const fc__aes_kernel *)fc__active(FC_OP_AES);
}
static inline const fc__ghash_kernel *fc__ghash_active(void) {
  return (const fc__ghash_kernel *)fc__active(FC_OP_GHASH);
}

/* 128-bit big-endian counter + n (mod 2^128), portable. */
static inline void fc__ctr128_add(uint8_t ctr[16], uint64_t n) {
  for (int i = 15; i >= 0 && n != 0; i--) {
    n += ctr[i];
    ctr[i] = (uint8_t)n;
    n >>= 8;
  }
}

#ifdef __cplusplus
}
#endif
#endif /* FC_AES_KERNEL_H */
