/*
 * Work buffer the fastcrypt vb2ex_hwcrypto_modexp (fastcrypt_hwcrypto.c)
 * needs for a key of `arrsize` 32-bit words, when the buffer is aligned to
 * 8 bytes (vboot's VB2_WORKBUF_ALIGN; add 7 for a buffer of any alignment):
 * a Montgomery context, the value being exponentiated, and the kernels'
 * workspace for e = 3 and 65537. A smaller buffer gives
 * VB2_ERROR_WORKBUF_SMALL (and vboot falls back to its own code).
 * RSA-2048: 8,060 bytes; RSA-4096: 9,776; RSA-8192: 13,208 on x86-64 and
 * AArch64 (sizeof(fc_mont_ctx) = 6,168); 8 bytes less on i686.
 */
#ifndef FASTCRYPT_HWCRYPTO_H
#define FASTCRYPT_HWCRYPTO_H

#include "fastcrypt.h"

#define FC_VB2_WORKBUF_ALIGN 8
#define FC_VB2_MODEXP_WORKBUF_BYTES(arrsize)                    \
  (sizeof(fc_mont_ctx) + 4 * (size_t)(arrsize) +                \
   (size_t)FC_MODPOW_WORKSPACE_F4_BYTES(32 * (size_t)(arrsize)))

#endif /* FASTCRYPT_HWCRYPTO_H */
