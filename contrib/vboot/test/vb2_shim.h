/*
 * Test-only stand-in for the parts of vboot's headers that
 * fastcrypt_hwcrypto.c uses, declared from vboot's documented interface
 * (issue 10's description), not copied from vboot: the tests and the bench
 * build the hook against this, so vboot is not a dependency of the test
 * command. The hook is checked against vboot's real headers separately
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

/* The codes the hook returns. Values are vboot's published ones; the
   tests rely only on VB2_SUCCESS being 0 and the others non-zero and
   distinct. */
enum {
  VB2_SUCCESS = 0,
  VB2_ERROR_WORKBUF_SMALL = 0x10080001,
  VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED = 0x100a0006,
};

/* The leading members are what the hook reads; the rest keep the shape. */
struct vb2_public_key {
  uint32_t arrsize;   /* words in n[] and rr[] */
  uint32_t n0inv;     /* -1/n[0] mod 2^32 */
  const uint32_t *n;  /* modulus, little-endian words */
  const uint32_t *rr; /* R^2 mod n, R = 2^(32 arrsize) */
  int sig_alg;        /* enums in vboot */
  int hash_alg;
  const char *desc;
  uint32_t version;
  const void *id;
  bool allow_hwcrypto;
};

/* vboot's debug output: none in the tests. */
#define VB2_DEBUG(...) ((void)0)

vb2_error_t vb2ex_hwcrypto_modexp(const struct vb2_public_key *key, uint8_t *inout,
                                  void *workbuf, size_t workbuf_size, int exp);

#ifdef __cplusplus
}
#endif
#endif /* FC_VB2_SHIM_H */
