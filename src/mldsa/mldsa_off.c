/*
 * The ML-DSA API of a build without the family (FC_WITH_MLDSA=OFF, or
 * FC_WITH_SHA=OFF, which it needs): every call returns FC_ERR_UNSUPPORTED
 * (lengths 0), so a client written for the whole library still links.
 * Initialisers clear their output, as a failed initialiser does.
 */
#include "core/fc_internal.h"
#include "fastcrypt.h"

size_t fc_mldsa_pk_len(fc_mldsa_param param) {
  (void)param;
  return 0;
}

size_t fc_mldsa_sig_len(fc_mldsa_param param) {
  (void)param;
  return 0;
}

fc_err fc_mldsa_pubkey_init(fc_mldsa_pubkey *key, fc_mldsa_param param, const uint8_t *pk,
                            size_t len) {
  (void)param, (void)pk, (void)len;
  if (key != NULL) fc__wipe(key, sizeof(*key));
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_mldsa_pubkey_from_der(fc_mldsa_pubkey *key, const uint8_t *der, size_t der_len) {
  (void)der, (void)der_len;
  if (key != NULL) fc__wipe(key, sizeof(*key));
  return FC_ERR_UNSUPPORTED;
}

fc_mldsa_param fc_mldsa_pubkey_param(const fc_mldsa_pubkey *key) {
  (void)key;
  return (fc_mldsa_param)0;
}

fc_err fc_mldsa_verify(const fc_mldsa_pubkey *key, const void *msg, size_t len,
                       const uint8_t *ctx, size_t ctx_len, const uint8_t *sig, size_t sig_len) {
  (void)key, (void)msg, (void)len, (void)ctx, (void)ctx_len, (void)sig, (void)sig_len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_mldsa_verify_prehash(const fc_mldsa_pubkey *key, int ph, const uint8_t *digest,
                               size_t digest_len, const uint8_t *ctx, size_t ctx_len,
                               const uint8_t *sig, size_t sig_len) {
  (void)key, (void)ph, (void)digest, (void)digest_len, (void)ctx, (void)ctx_len, (void)sig;
  (void)sig_len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_mldsa_verify_mu(const fc_mldsa_pubkey *key, const uint8_t mu[64], const uint8_t *sig,
                          size_t sig_len) {
  (void)key, (void)mu, (void)sig, (void)sig_len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_mldsa_stream_init(fc_mldsa_stream *st, const fc_mldsa_pubkey *key, const uint8_t *ctx,
                            size_t ctx_len) {
  (void)key, (void)ctx, (void)ctx_len;
  if (st != NULL) fc__wipe(st, sizeof(*st));
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_mldsa_stream_update(fc_mldsa_stream *st, const void *msg, size_t len) {
  (void)st, (void)msg, (void)len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_mldsa_stream_final(fc_mldsa_stream *st, const uint8_t *sig, size_t sig_len) {
  (void)st, (void)sig, (void)sig_len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_mldsa_stream_mu(fc_mldsa_stream *st, uint8_t mu[64]) {
  (void)st, (void)mu;
  return FC_ERR_UNSUPPORTED;
}
