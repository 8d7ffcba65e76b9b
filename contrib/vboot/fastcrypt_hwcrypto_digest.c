/*
 * vboot's hardware-crypto digest hooks (declared in vboot's 2api.h) on
 * fastcrypt's streaming hash: vb2ex_hwcrypto_digest_init, _extend and
 * _finalize for SHA-1, SHA-224, SHA-256, SHA-384 and SHA-512. vboot's
 * vb2_digest_init (2sha_utility.c) calls init when hardware crypto is
 * allowed, and runs its own software hash whenever init returns
 * VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED; after a successful init, vboot sends
 * every extend and the finalize of that digest here. Built by the
 * integrating firmware against vboot's headers, linked with
 * libfastcrypt.a, in place of vboot's 2hwcrypto.c with 2sha256_x86.c or
 * 2sha256_arm.c (see README.md).
 *
 * One digest at a time, as vboot's own 2hwcrypto.c: the state is one static
 * fc_hash_ctx (not reentrant, not thread-safe; firmware stages are
 * single-threaded, and vboot never interleaves two hardware digests).
 *
 * Kernel: the compression kernel fastcrypt has active for the algorithm at
 * init (fc_init_features / fc_impl_select, or fc_init's choice on the first
 * call), kept until finalize: SHA-NI, AVX2, the ARMv8 SHA instructions or
 * the portable code, chosen at run time.
 *
 * Returns:
 *  init      VB2_SUCCESS; VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED for any other
 *            algorithm (vboot then hashes in software). data_size is a hint
 *            and not needed: 0 (unknown) is accepted. An init discards any
 *            digest in progress, also when it returns UNSUPPORTED.
 *  extend    VB2_SUCCESS; VB2_ERROR_SHA_EXTEND_ALGORITHM when no digest is
 *            in progress or buf is NULL with size > 0 (vboot's software
 *            path has no such case; the digest in progress is then dropped).
 *  finalize  VB2_SUCCESS: the digest's length in bytes written to digest,
 *            nothing beyond (a larger digest_size is accepted, as vboot's
 *            software path accepts it). VB2_ERROR_SHA_FINALIZE_DIGEST_SIZE:
 *            digest_size below the digest length, or digest NULL; nothing
 *            written and the digest stays in progress (as in vboot's
 *            software path). VB2_ERROR_SHA_FINALIZE_ALGORITHM: no digest in
 *            progress. After VB2_SUCCESS no digest is in progress.
 *
 * Wiping: finalize wipes the context (fc_hash_final), as does an init of an
 * unsupported algorithm. vboot's vb2_hmac_calculate hashes its key through
 * these hooks; the compression kernels do not burn their stack frames or
 * clear vector registers (fastcrypt.h, fc_hash).
 */
#include "2common.h"
#include "fastcrypt.h"

static fc_hash_ctx fc_vb2_digest_ctx;
static uint32_t fc_vb2_digest_len; /* 0: no digest in progress */

static fc_hash_alg fc_vb2_hash_alg(enum vb2_hash_algorithm alg) {
  switch (alg) {
    case VB2_HASH_SHA1:
      return FC_SHA1;
    case VB2_HASH_SHA224:
      return FC_SHA224;
    case VB2_HASH_SHA256:
      return FC_SHA256;
    case VB2_HASH_SHA384:
      return FC_SHA384;
    case VB2_HASH_SHA512:
      return FC_SHA512;
    default:
      return (fc_hash_alg)0;
  }
}

vb2_error_t vb2ex_hwcrypto_digest_init(enum vb2_hash_algorithm hash_alg, uint32_t data_size) {
  (void)data_size;
  fc_hash_alg alg = fc_vb2_hash_alg(hash_alg);
  fc_vb2_digest_len = 0;
  /* An unknown alg (0) clears the context: fastcrypt.h, fc_hash_init. */
  if (fc_hash_init(&fc_vb2_digest_ctx, alg) != FC_OK) return VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED;
  fc_vb2_digest_len = (uint32_t)fc_hash_len(alg);
  return VB2_SUCCESS;
}

vb2_error_t vb2ex_hwcrypto_digest_extend(const uint8_t *buf, uint32_t size) {
  if (fc_vb2_digest_len == 0) return VB2_ERROR_SHA_EXTEND_ALGORITHM;
  if (fc_hash_update(&fc_vb2_digest_ctx, buf, size) != FC_OK) {
    (void)fc_hash_init(&fc_vb2_digest_ctx, (fc_hash_alg)0);
    fc_vb2_digest_len = 0;
    return VB2_ERROR_SHA_EXTEND_ALGORITHM;
  }
  return VB2_SUCCESS;
}

vb2_error_t vb2ex_hwcrypto_digest_finalize(uint8_t *digest, uint32_t digest_size) {
  if (fc_vb2_digest_len == 0) return VB2_ERROR_SHA_FINALIZE_ALGORITHM;
  if (digest == NULL || digest_size < fc_vb2_digest_len) return VB2_ERROR_SHA_FINALIZE_DIGEST_SIZE;
  fc_vb2_digest_len = 0;
  /* Cannot fail: the context is initialised and digest is not NULL. */
  return fc_hash_final(&fc_vb2_digest_ctx, digest) == FC_OK ? VB2_SUCCESS
                                                            : VB2_ERROR_SHA_FINALIZE_ALGORITHM;
}
