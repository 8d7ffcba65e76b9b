/*
 * vboot's hardware-crypto RSA hooks (declared in vboot's 2api.h) on
 * fastcrypt's public API: vb2ex_hwcrypto_modexp here, and
 * vb2ex_hwcrypto_rsa_verify_digest (below) on top of it.
 *
 * vb2ex_hwcrypto_modexp: vb2_rsa_verify_digest
 * (2rsa.c) calls it for keys with allow_hwcrypto and falls back to its own
 * vb2_modexp on any result but VB2_SUCCESS; the padding and digest checks
 * stay vboot's. Built by the integrating firmware against vboot's headers,
 * linked with libfastcrypt.a, in place of 2modpow_sse2.c / 2modpow_neon.c
 * (see README.md).
 *
 * Contract (vboot's): key->n, key->rr are key->arrsize little-endian 32-bit
 * words, rr = R^2 mod n with R = 2^(32 arrsize), key->n0inv = -1/n mod 2^32;
 * inout holds 4 * arrsize bytes, big-endian: the signature on entry,
 * signature^exp mod n on success; exp is 3 or 65537.
 *
 * Returns:
 *  VB2_SUCCESS                       inout = inout^exp mod n.
 *  VB2_ERROR_WORKBUF_SMALL           workbuf_size < FC_VB2_MODEXP_WORKBUF_BYTES
 *                                    (plus alignment padding, see below).
 *  VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED any other exponent; arrsize 0 or over
 *                                    FC_MONT_MAX_WORDS (8192 bits); a key
 *                                    whose n0inv or rr do not fit n
 *                                    (fc_mont_init_rr's checks); a
 *                                    signature >= n (vboot's own code then
 *                                    handles it exactly as without the hook).
 * inout is written only on VB2_SUCCESS.
 *
 * Kernel: the Montgomery kernel active in fastcrypt at the call, i.e. the
 * one the firmware's fc_init_features(mask) (or FASTCRYPT_IMPL pinning, or
 * fc_impl_select) chose; without any of these, the first call initialises
 * fastcrypt with every probed feature (fc_init).
 *
 * All state lives in workbuf (no large stack frame of its own: see README.md
 * for the measured stack of the whole call). Layout, from workbuf rounded up
 * to FC_VB2_WORKBUF_ALIGN (vboot hands out 8-byte aligned buffers, so no
 * padding there):
 *   fc_mont_ctx ctx                  n, rr, n0inv, the kernel's own form
 *   uint32_t    x[arrsize]           signature, then result, words LE
 *   uint8_t     ws[FC_MODPOW_WORKSPACE_F4_BYTES(32 arrsize)]
 *                                    exponentiation workspace (the kernels
 *                                    align their own slices)
 * The workbuf is treated as untyped storage, as vboot's own modexp code
 * treats it (2rsa.c and 2modpow_sse2.c cast it to uint32_t *).
 * Everything here is public data (key, signature): nothing is wiped.
 */
#include "2common.h"
#include "2rsa.h"
#include "fastcrypt.h"
#include "fastcrypt_hwcrypto.h"

_Static_assert(_Alignof(fc_mont_ctx) <= FC_VB2_WORKBUF_ALIGN &&
                   sizeof(fc_mont_ctx) % FC_VB2_WORKBUF_ALIGN == 0,
               "workbuf layout: x[] must follow ctx aligned");

vb2_error_t vb2ex_hwcrypto_modexp(const struct vb2_public_key *key, uint8_t *inout, void *workbuf,
                                  size_t workbuf_size, int exp) {
  static const uint8_t e3[1] = {3}, f4[3] = {1, 0, 1};
  const uint8_t *e = exp == 3 ? e3 : f4;
  size_t e_len = exp == 3 ? sizeof(e3) : sizeof(f4);
  if ((exp != 3 && exp != 65537) || key == NULL || inout == NULL || key->arrsize == 0 ||
      key->arrsize > FC_MONT_MAX_WORDS) {
    VB2_DEBUG("fastcrypt: unsupported exponent or key size\n");
    return VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED;
  }
  size_t nw = key->arrsize;
  size_t pad = (size_t)(0u - (uintptr_t)workbuf) & (FC_VB2_WORKBUF_ALIGN - 1);
  size_t ws_len = FC_MODPOW_WORKSPACE_F4_BYTES(32 * nw);
  if (workbuf == NULL || workbuf_size < pad || workbuf_size - pad < FC_VB2_MODEXP_WORKBUF_BYTES(nw)) {
    VB2_DEBUG("fastcrypt: work buffer too small\n");
    return VB2_ERROR_WORKBUF_SMALL;
  }
  fc_mont_ctx *ctx = (fc_mont_ctx *)(void *)((uint8_t *)workbuf + pad);
  uint32_t *x = (uint32_t *)(void *)(ctx + 1);
  uint8_t *ws = (uint8_t *)(x + nw);

  /* Fails on NULL n or rr, an even n, n0inv * n[0] != -1, rr >= n. */
  if (fc_mont_init_rr(ctx, key->n, key->rr, key->n0inv, nw) != FC_OK) {
    VB2_DEBUG("fastcrypt: key constants do not fit n\n");
    return VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED;
  }
  for (size_t i = 0; i < nw; i++) { /* word i = big-endian bytes 4(nw-1-i) .. +3 */
    const uint8_t *p = inout + 4 * (nw - 1 - i);
    x[i] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
  }
  /* Fails (FC_ERR_ARG) only for x >= n: the workspace is sized above. */
  if (fc_modpow_ws(ctx, x, x, e, e_len, ws, ws_len) != FC_OK) {
    VB2_DEBUG("fastcrypt: signature not below the modulus\n");
    return VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED;
  }
  for (size_t i = 0; i < nw; i++) {
    uint8_t *p = inout + 4 * (nw - 1 - i);
    p[0] = (uint8_t)(x[i] >> 24);
    p[1] = (uint8_t)(x[i] >> 16);
    p[2] = (uint8_t)(x[i] >> 8);
    p[3] = (uint8_t)x[i];
  }
  return VB2_SUCCESS;
}

/*
 * vb2ex_hwcrypto_rsa_verify_digest: the whole PKCS#1 v1.5 check, which
 * vboot's vb2_verify_digest (2common.c) hands over for keys with
 * allow_hwcrypto before trying its own vb2_rsa_verify_digest; vboot returns
 * whatever this returns but VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED.
 *
 * Contract (vboot's): key as for the modexp hook, plus key->sig_alg and
 * key->hash_alg; sig holds vb2_rsa_sig_size(sig_alg) = 4 * arrsize bytes
 * (vb2_verify_digest checks the signature's size before the call); digest
 * holds vb2_digest_size(hash_alg) bytes. sig is only read.
 *
 * Returns:
 *  VB2_SUCCESS                  sig^e mod n is 00 01 FF..FF 00 DigestInfo(hash) digest
 *  VB2_ERROR_RSA_PADDING        anything before the digest differs (whatever
 *                               the digest bytes hold), as vboot's
 *                               vb2_check_padding
 *  VB2_ERROR_RSA_VERIFY_DIGEST  the padding is right, the digest differs
 *  VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED
 *                               sig_alg not RSA1024/2048/4096/8192 (e = 65537)
 *                               or RSA2048_EXP3/RSA3072_EXP3 (e = 3);
 *                               arrsize not the sig_alg's; hash_alg not SHA-1,
 *                               SHA-256 or SHA-512 (vboot's padding check knows
 *                               no other); NULL key, sig or digest; whatever the
 *                               modexp hook declines (constants not fitting n,
 *                               sig >= n). vboot's own code then decides, with
 *                               its own error codes.
 * Both compares run over every byte (public data: no secret is involved).
 *
 * State: static (one verification at a time, as the digest hooks; not
 * reentrant): the modexp hook's work buffer for 8192 bits and the 1 KiB
 * encoded message, 14,232 bytes of .bss on x86-64 and AArch64 (14,224 on
 * i686). The stack is the modexp hook's plus this frame (README.md,
 * "Stack"). A stage that cannot spare the .bss builds this file with
 * -DFC_VB2_NO_RSA_VERIFY_HOOK: vboot's weak stub then declines and vboot
 * verifies through the modexp hook, with its own padding check.
 */
#ifndef FC_VB2_NO_RSA_VERIFY_HOOK
#define FC_VB2_MAX_WORDS 256 /* RSA-8192 */

static union {
  uint64_t align; /* FC_VB2_WORKBUF_ALIGN */
  uint8_t bytes[FC_VB2_MODEXP_WORKBUF_BYTES(FC_VB2_MAX_WORDS)];
} fc_vb2_verify_wb;
static uint8_t fc_vb2_verify_em[4 * FC_VB2_MAX_WORDS];

/* RFC 8017 section 9.2, note 1: DER of DigestInfo up to the digest. */
static const uint8_t fc_vb2_sha1_prefix[] = {0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e,
                                             0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14};
static const uint8_t fc_vb2_sha256_prefix[] = {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60,
                                               0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
                                               0x01, 0x05, 0x00, 0x04, 0x20};
static const uint8_t fc_vb2_sha512_prefix[] = {0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60,
                                               0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
                                               0x03, 0x05, 0x00, 0x04, 0x40};

vb2_error_t vb2ex_hwcrypto_rsa_verify_digest(const struct vb2_public_key *key, const uint8_t *sig,
                                             const uint8_t *digest) {
  if (key == NULL || sig == NULL || digest == NULL) return VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED;
  uint32_t words;
  int exp;
  switch (key->sig_alg) {
    case VB2_SIG_RSA1024: words = 32, exp = 65537; break;
    case VB2_SIG_RSA2048: words = 64, exp = 65537; break;
    case VB2_SIG_RSA4096: words = 128, exp = 65537; break;
    case VB2_SIG_RSA8192: words = 256, exp = 65537; break;
    case VB2_SIG_RSA2048_EXP3: words = 64, exp = 3; break;
    case VB2_SIG_RSA3072_EXP3: words = 96, exp = 3; break;
    default: return VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED;
  }
  const uint8_t *prefix;
  size_t prefix_len, dlen;
  switch (key->hash_alg) {
    case VB2_HASH_SHA1:
      prefix = fc_vb2_sha1_prefix, prefix_len = sizeof(fc_vb2_sha1_prefix), dlen = 20;
      break;
    case VB2_HASH_SHA256:
      prefix = fc_vb2_sha256_prefix, prefix_len = sizeof(fc_vb2_sha256_prefix), dlen = 32;
      break;
    case VB2_HASH_SHA512:
      prefix = fc_vb2_sha512_prefix, prefix_len = sizeof(fc_vb2_sha512_prefix), dlen = 64;
      break;
    default:
      return VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED;
  }
  if (key->arrsize != words) return VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED;
  size_t len = 4 * (size_t)words, tail = prefix_len + dlen; /* len >= 128 > tail + 11 */
  uint8_t *em = fc_vb2_verify_em;
  for (size_t i = 0; i < len; i++) em[i] = sig[i];
  if (vb2ex_hwcrypto_modexp(key, em, &fc_vb2_verify_wb, sizeof(fc_vb2_verify_wb), exp) !=
      VB2_SUCCESS)
    return VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED;
  unsigned bad_pad = em[0] | (em[1] ^ 1u) | em[len - tail - 1];
  for (size_t i = 2; i < len - tail - 1; i++) bad_pad |= em[i] ^ 0xffu;
  for (size_t i = 0; i < prefix_len; i++) bad_pad |= em[len - tail + i] ^ prefix[i];
  unsigned bad_digest = 0;
  for (size_t i = 0; i < dlen; i++) bad_digest |= em[len - dlen + i] ^ digest[i];
  if (bad_pad) return VB2_ERROR_RSA_PADDING;
  return bad_digest ? VB2_ERROR_RSA_VERIFY_DIGEST : VB2_SUCCESS;
}
#endif /* FC_VB2_NO_RSA_VERIFY_HOOK */
