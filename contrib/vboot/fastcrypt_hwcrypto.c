/*
 * vboot's hardware-crypto modexp hook, vb2ex_hwcrypto_modexp (declared in
 * vboot's 2api.h), on fastcrypt's public API. vb2_rsa_verify_digest
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
