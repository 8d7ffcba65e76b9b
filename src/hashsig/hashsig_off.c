/*
 * The hash-based signature APIs (SLH-DSA, LMS/HSS, XMSS) of a build
 * without the family (FC_WITH_HASHSIG=OFF, or FC_WITH_SHA=OFF, which it
 * needs): every call returns FC_ERR_UNSUPPORTED (lengths 0), so a client
 * written for the whole library still links. Initialisers clear their
 * output, as a failed initialiser does.
 */
#include "core/fc_internal.h"
#include "fastcrypt.h"

/* ---- SLH-DSA ---- */

size_t fc_slhdsa_pk_len(fc_slhdsa_param param) {
  (void)param;
  return 0;
}

size_t fc_slhdsa_sig_len(fc_slhdsa_param param) {
  (void)param;
  return 0;
}

fc_err fc_slhdsa_pubkey_init(fc_slhdsa_pubkey *key, fc_slhdsa_param param, const uint8_t *pk,
                             size_t len) {
  (void)param, (void)pk, (void)len;
  if (key != NULL) fc__wipe(key, sizeof(*key));
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_slhdsa_pubkey_from_der(fc_slhdsa_pubkey *key, const uint8_t *der, size_t der_len) {
  (void)der, (void)der_len;
  if (key != NULL) fc__wipe(key, sizeof(*key));
  return FC_ERR_UNSUPPORTED;
}

fc_slhdsa_param fc_slhdsa_pubkey_param(const fc_slhdsa_pubkey *key) {
  (void)key;
  return (fc_slhdsa_param)0;
}

fc_err fc_slhdsa_verify(const fc_slhdsa_pubkey *key, const void *msg, size_t len,
                        const uint8_t *ctx, size_t ctx_len, const uint8_t *sig, size_t sig_len) {
  (void)key, (void)msg, (void)len, (void)ctx, (void)ctx_len, (void)sig, (void)sig_len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_slhdsa_verify_prehash(const fc_slhdsa_pubkey *key, int ph, const uint8_t *digest,
                                size_t digest_len, const uint8_t *ctx, size_t ctx_len,
                                const uint8_t *sig, size_t sig_len) {
  (void)key, (void)ph, (void)digest, (void)digest_len, (void)ctx, (void)ctx_len, (void)sig;
  (void)sig_len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_slhdsa_stream_init(fc_slhdsa_stream *st, const fc_slhdsa_pubkey *key,
                             const uint8_t *sig, size_t sig_len, const uint8_t *ctx,
                             size_t ctx_len) {
  (void)key, (void)sig, (void)sig_len, (void)ctx, (void)ctx_len;
  if (st != NULL) fc__wipe(st, sizeof(*st));
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_slhdsa_stream_update(fc_slhdsa_stream *st, const void *msg, size_t len) {
  (void)st, (void)msg, (void)len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_slhdsa_stream_final(fc_slhdsa_stream *st) {
  (void)st;
  return FC_ERR_UNSUPPORTED;
}

/* ---- LMS / HSS ---- */

fc_err fc_hss_pubkey_init(fc_hss_pubkey *key, const uint8_t *pk, size_t len) {
  (void)pk, (void)len;
  if (key != NULL) fc__wipe(key, sizeof(*key));
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_lms_pubkey_init(fc_hss_pubkey *key, const uint8_t *pk, size_t len) {
  return fc_hss_pubkey_init(key, pk, len);
}

uint32_t fc_hss_pubkey_levels(const fc_hss_pubkey *key) {
  (void)key;
  return 0;
}

fc_err fc_hss_verify(const fc_hss_pubkey *key, const void *msg, size_t len, const uint8_t *sig,
                     size_t sig_len) {
  (void)key, (void)msg, (void)len, (void)sig, (void)sig_len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_hss_stream_init(fc_hss_stream *st, const fc_hss_pubkey *key, const uint8_t *sig,
                          size_t sig_len) {
  (void)key, (void)sig, (void)sig_len;
  if (st != NULL) fc__wipe(st, sizeof(*st));
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_hss_stream_update(fc_hss_stream *st, const void *msg, size_t len) {
  (void)st, (void)msg, (void)len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_hss_stream_final(fc_hss_stream *st) {
  (void)st;
  return FC_ERR_UNSUPPORTED;
}

/* ---- XMSS / XMSS^MT ---- */

fc_err fc_xmss_pubkey_init(fc_xmss_pubkey *key, const uint8_t *pk, size_t len) {
  (void)pk, (void)len;
  if (key != NULL) fc__wipe(key, sizeof(*key));
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_xmssmt_pubkey_init(fc_xmss_pubkey *key, const uint8_t *pk, size_t len) {
  return fc_xmss_pubkey_init(key, pk, len);
}

fc_err fc_xmss_verify(const fc_xmss_pubkey *key, const void *msg, size_t len,
                      const uint8_t *sig, size_t sig_len) {
  (void)key, (void)msg, (void)len, (void)sig, (void)sig_len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_xmss_stream_init(fc_xmss_stream *st, const fc_xmss_pubkey *key, const uint8_t *sig,
                           size_t sig_len) {
  (void)key, (void)sig, (void)sig_len;
  if (st != NULL) fc__wipe(st, sizeof(*st));
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_xmss_stream_update(fc_xmss_stream *st, const void *msg, size_t len) {
  (void)st, (void)msg, (void)len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_xmss_stream_final(fc_xmss_stream *st) {
  (void)st;
  return FC_ERR_UNSUPPORTED;
}
