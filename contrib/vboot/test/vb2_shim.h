/*
 * Test-only stand-in for the parts of vboot's headers that
 * fastcrypt_hwcrypto.c and fastcrypt_hwcrypto_digest.c use, declared from
 * vboot's documented interface (its 2api.h, 2crypto.h, 2rsa.h and
 * 2return_codes.h), not copied from vboot: the tests and the bench build the
 * hooks against this, so vboot is not a dependency of the test command. The
 * hooks are checked against vboot's real headers separately
 * (contrib/vboot/README.md). 2common.h and 2rsa.h here only include this.
 */
#ifndef FC_VB2_SHIM_H
#define FC_VB2_SHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t vb2_error_t;

/* The codes the hooks return. Values are vboot's published ones; the
   tests rely only on VB2_SUCCESS being 0 and the others non-zero and
   distinct. */
enum {
  VB2_SUCCESS = 0,
  VB2_ERROR_SHA_INIT_ALGORITHM = 0x10010001,
  VB2_ERROR_SHA_EXTEND_ALGORITHM = 0x10010002,
  VB2_ERROR_SHA_FINALIZE_ALGORITHM = 0x10010003,
  VB2_ERROR_SHA_FINALIZE_DIGEST_SIZE = 0x10010004,
  VB2_ERROR_RSA_PADDING = 0x10020001,
  VB2_ERROR_RSA_VERIFY_DIGEST = 0x10020007,
  VB2_ERROR_WORKBUF_SMALL = 0x10080001,
  VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED = 0x100a0006,
};

/* vboot's 2crypto.h numbering. */
enum vb2_signature_algorithm {
  VB2_SIG_INVALID = 0,
  VB2_SIG_NONE = 1,
  VB2_SIG_RSA1024 = 2,
  VB2_SIG_RSA2048 = 3,
  VB2_SIG_RSA4096 = 4,
  VB2_SIG_RSA8192 = 5,
  VB2_SIG_RSA2048_EXP3 = 6,
  VB2_SIG_RSA3072_EXP3 = 7,
  VB2_SIG_ALG_COUNT,
};

enum vb2_hash_algorithm {
  VB2_HASH_INVALID = 0,
  VB2_HASH_NONE = VB2_HASH_INVALID,
  VB2_HASH_SHA1 = 1,
  VB2_HASH_SHA256 = 2,
  VB2_HASH_SHA512 = 3,
  VB2_HASH_SHA224 = 4,
  VB2_HASH_SHA384 = 5,
  VB2_HASH_ALG_COUNT,
};

/* The leading members are what the hook reads; the rest keep the shape. */
struct vb2_public_key {
  uint32_t arrsize;   /* words in n[] and rr[] */
  uint32_t n0inv;     /* -1/n[0] mod 2^32 */
  const uint32_t *n;  /* modulus, little-endian words */
  const uint32_t *rr; /* R^2 mod n, R = 2^(32 arrsize) */
  enum vb2_signature_algorithm sig_alg;
  enum vb2_hash_algorithm hash_alg;
  const char *desc;
  uint32_t version;
  const void *id;
  bool allow_hwcrypto;
};

/* vboot's debug output: none in the tests. */
#define VB2_DEBUG(...) ((void)0)

/* The hooks, as 2api.h declares them. */
vb2_error_t vb2ex_hwcrypto_digest_init(enum vb2_hash_algorithm hash_alg, uint32_t data_size);
vb2_error_t vb2ex_hwcrypto_digest_extend(const uint8_t *buf, uint32_t size);
vb2_error_t vb2ex_hwcrypto_digest_finalize(uint8_t *digest, uint32_t digest_size);
vb2_error_t vb2ex_hwcrypto_rsa_verify_digest(const struct vb2_public_key *key, const uint8_t *sig,
                                             const uint8_t *digest);
vb2_error_t vb2ex_hwcrypto_modexp(const struct vb2_public_key *key, uint8_t *inout,
                                  void *workbuf, size_t workbuf_size, int exp);

#ifdef __cplusplus
}
#endif
#endif /* FC_VB2_SHIM_H */
