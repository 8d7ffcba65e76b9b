/*
 * The rsa family's internal contract: what PKCS#1 v1.5, PSS and the key
 * initialisers share.
 */
#ifndef FC_RSA_INTERNAL_H
#define FC_RSA_INTERNAL_H

#include "bn/bn_internal.h"
#include "hash/hash_internal.h"
#include "fastcrypt/rsa.h"

#ifdef __cplusplus
extern "C" { /* the tests call internal symbols */
#endif

/* ------------------------------------------------------------------ */
/* RSA helpers shared by PKCS#1 v1.5 and PSS (rsa/rsa_verify.c)         */
/* ------------------------------------------------------------------ */

/* key filled by a successful init. */
int fc__rsa_key_ready(const fc_rsa_pubkey *key);
/* *out = sig^e mod n (nwords words, in ws, which begins with them; the rest
   of ws is the kernel's modpow workspace). FC_ERR_SIG: sig_len is not the
   modulus length or sig >= n. FC_ERR_ARG: ws too small. */
fc_err fc__rsa_public_op(const fc_rsa_pubkey *key, const uint8_t *in, size_t in_len, void *ws,
                         size_t ws_len, uint32_t **out);

/* Key initialisers' common exit: on failure the whole key is wiped, so a
   key that failed to (re)initialise verifies nothing (FC_ERR_ARG). */
fc_err fc__key_result(fc_rsa_pubkey *key, fc_err rc);

#ifdef __cplusplus
}
#endif
#endif /* FC_RSA_INTERNAL_H */
