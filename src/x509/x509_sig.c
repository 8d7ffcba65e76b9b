/*
 * Signatures made with a SubjectPublicKeyInfo's key: the data hashed with
 * the algorithm's hash, then RSA PKCS#1 v1.5, RSASSA-PSS or ECDSA; or the
 * data itself by ML-DSA or SLH-DSA. The RSA key and its exponentiation, and
 * the ML-DSA and SLH-DSA keys, live in the caller's workspace (an 8192-bit
 * RSA key is about 3 KiB, its workspace more; an ML-DSA key 2.6 KiB), so
 * the stack holds a digest and an EC key only, besides the ML-DSA or
 * SLH-DSA verification's own stack (and an SLH-DSA stream, a hash state).
 */
#include "x509/x509_internal.h"

/* The workspace's first bytes as an RSA key: aligned for uint64_t. */
static fc_rsa_pubkey *ws_key(void *ws, size_t ws_len, void **rest, size_t *rest_len) {
  size_t kb = (sizeof(fc_rsa_pubkey) + 63) & ~(size_t)63;
  if (ws == NULL || ((uintptr_t)ws & 7) != 0 || ws_len < kb) return NULL;
  *rest = (uint8_t *)ws + kb;
  *rest_len = ws_len - kb;
  return (fc_rsa_pubkey *)ws;
}

fc_err fc__x509_verify_digest(fc_slice spki, const fc_sigalg *alg, const uint8_t *d,
                              const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len) {
  size_t dl = fc_hash_len((fc_hash_alg)alg->hash);
  fc_err rc;
  if (alg->kind == FC_SIGALG_ECDSA) {
    fc_ec_pubkey ek;
    rc = fc_ec_pubkey_from_der(&ek, spki.p, spki.len);
    if (rc == FC_OK) rc = fc_ecdsa_verify(&ek, d, dl, sig, sig_len);
    else if (rc == FC_ERR_DER) rc = FC_ERR_SIG; /* an RSA (or other) key for an ECDSA signature */
    return rc;
  }
  void *rest;
  size_t rest_len;
  fc_rsa_pubkey *key = ws_key(ws, ws_len, &rest, &rest_len);
  if (key == NULL) return FC_ERR_ARG;
  rc = fc_rsa_pubkey_from_der(key, spki.p, spki.len);
  if (rc == FC_ERR_DER) return FC_ERR_SIG; /* an EC (or other) key for an RSA signature */
  if (rc != FC_OK) return rc;
  if (rest_len < fc_rsa_workspace_size(key)) return FC_ERR_ARG;
  if (alg->kind == FC_SIGALG_RSA_PKCS1)
    return fc_rsa_verify_ws(key, (fc_hash_alg)alg->hash, d, dl, sig, sig_len, rest, rest_len);
  return fc_rsa_verify_pss_ws(key, (fc_hash_alg)alg->hash, (fc_hash_alg)alg->mgf1_hash,
                              alg->salt_len, d, dl, sig, sig_len, rest, rest_len);
}

_Static_assert(FC_X509_SIG_WORKSPACE_BYTES >= sizeof(fc_mldsa_pubkey),
               "the workspace holds an ML-DSA key");

fc_err fc__x509_verify_mldsa(fc_slice spki, const fc_sigalg *alg, const uint8_t *head,
                             size_t head_len, const uint8_t *body, size_t body_len,
                             const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len) {
#if defined(FC_HAVE_MLDSA)
  fc_mldsa_pubkey *key = (fc_mldsa_pubkey *)ws;
  if (ws == NULL || ((uintptr_t)ws & 7) != 0 || ws_len < sizeof *key) return FC_ERR_ARG;
  fc_err rc = fc_mldsa_pubkey_from_der(key, spki.p, spki.len);
  if (rc == FC_ERR_DER) return FC_ERR_SIG; /* another key type for an ML-DSA signature */
  if (rc != FC_OK) return rc;
  if ((int)fc_mldsa_pubkey_param(key) != fc__x509_mldsa_set(fc__span_of(alg->oid)))
    return FC_ERR_SIG; /* RFC 9881: the signature's set is the key's */
  fc_mldsa_stream st;
  rc = fc_mldsa_stream_init(&st, key, NULL, 0);
  if (rc == FC_OK && head_len != 0) rc = fc_mldsa_stream_update(&st, head, head_len);
  if (rc == FC_OK) rc = fc_mldsa_stream_update(&st, body, body_len);
  return rc == FC_OK ? fc_mldsa_stream_final(&st, sig, sig_len) : rc;
#else
  (void)spki, (void)alg, (void)head, (void)head_len, (void)body, (void)body_len, (void)sig;
  (void)sig_len, (void)ws, (void)ws_len;
  return FC_ERR_UNSUPPORTED;
#endif
}

_Static_assert(FC_X509_SIG_WORKSPACE_BYTES >= sizeof(fc_slhdsa_pubkey),
               "the workspace holds an SLH-DSA key");

fc_err fc__x509_verify_slhdsa(fc_slice spki, const fc_sigalg *alg, const uint8_t *head,
                              size_t head_len, const uint8_t *body, size_t body_len,
                              const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len) {
#if defined(FC_HAVE_HASHSIG)
  fc_slhdsa_pubkey *key = (fc_slhdsa_pubkey *)ws;
  if (ws == NULL || ((uintptr_t)ws & 7) != 0 || ws_len < sizeof *key) return FC_ERR_ARG;
  fc_err rc = fc_slhdsa_pubkey_from_der(key, spki.p, spki.len);
  if (rc == FC_ERR_DER) return FC_ERR_SIG; /* another key type for an SLH-DSA signature */
  if (rc != FC_OK) return rc;
  fc_slhdsa_param set = fc_slhdsa_pubkey_param(key);
  if ((int)set != fc__x509_slhdsa_set(fc__span_of(alg->oid)))
    return FC_ERR_SIG; /* RFC 9909 section 3: the signature's set is the key's */
  /* the length first: a wrong one fails without hashing the data */
  if (sig_len != fc_slhdsa_sig_len(set)) return FC_ERR_SIG;
  fc_slhdsa_stream st;
  rc = fc_slhdsa_stream_init(&st, key, sig, sig_len, NULL, 0);
  if (rc == FC_OK && head_len != 0) rc = fc_slhdsa_stream_update(&st, head, head_len);
  if (rc == FC_OK) rc = fc_slhdsa_stream_update(&st, body, body_len);
  return rc == FC_OK ? fc_slhdsa_stream_final(&st) : rc;
#else
  (void)spki, (void)alg, (void)head, (void)head_len, (void)body, (void)body_len, (void)sig;
  (void)sig_len, (void)ws, (void)ws_len;
  return FC_ERR_UNSUPPORTED;
#endif
}

fc_err fc__x509_verify_pure(fc_slice spki, const fc_sigalg *alg, const uint8_t *head,
                            size_t head_len, const uint8_t *body, size_t body_len,
                            const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len) {
  if (alg->kind == FC_SIGALG_MLDSA)
    return fc__x509_verify_mldsa(spki, alg, head, head_len, body, body_len, sig, sig_len, ws,
                                 ws_len);
  if (alg->kind == FC_SIGALG_SLHDSA)
    return fc__x509_verify_slhdsa(spki, alg, head, head_len, body, body_len, sig, sig_len, ws,
                                  ws_len);
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_x509_verify_sig(fc_slice spki, const fc_sigalg *alg, const uint8_t *data, size_t len,
                          const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len) {
  uint8_t d[FC_HASH_MAX_LEN];
  if (spki.p == NULL || alg == NULL || (data == NULL && len != 0) || sig == NULL) return FC_ERR_ARG;
  if (alg->kind == FC_SIGALG_MLDSA || alg->kind == FC_SIGALG_SLHDSA)
    return fc__x509_verify_pure(spki, alg, NULL, 0, data, len, sig, sig_len, ws, ws_len);
  if (alg->kind == FC_SIGALG_UNKNOWN || alg->hash == 0) return FC_ERR_UNSUPPORTED;
  fc_err rc = fc_hash((fc_hash_alg)alg->hash, data, len, d);
  if (rc != FC_OK) return rc;
  return fc__x509_verify_digest(spki, alg, d, sig, sig_len, ws, ws_len);
}

fc_err fc_x509_check_signed(const fc_x509_cert *cert, const fc_x509_cert *issuer, void *ws,
                            size_t ws_len) {
  if (cert == NULL || issuer == NULL || cert->version == 0 || issuer->version == 0)
    return FC_ERR_ARG;
  return fc_x509_verify_sig(issuer->spki, &cert->sig_alg, cert->tbs.p, cert->tbs.len,
                            cert->signature.p, cert->signature.len, ws, ws_len);
}
