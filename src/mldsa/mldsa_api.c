/*
 * The ML-DSA API: keys (raw, SubjectPublicKeyInfo), the message
 * representative M' of pure ML-DSA and HashML-DSA (FIPS 204 Algorithms 2
 * and 4), mu = SHAKE256(tr || M', 64) one-shot or streamed, and
 * verification on the active FC_OP_MLDSA kernel.
 */
#include "hash/hash_internal.h"
#include "mldsa/mldsa_internal.h"

_Static_assert(FC_MLDSA_PH_SHAKE128 == FC__PH_SHAKE128 && FC_MLDSA_PH_SHAKE256 == FC__PH_SHAKE256,
               "the hash family names the SHAKE pre-hashes");

static int key_ok(const fc_mldsa_pubkey *key) {
  return key != NULL && fc__mldsa_params_of((fc_mldsa_param)key->param) != NULL;
}

fc_err fc_mldsa_pubkey_init(fc_mldsa_pubkey *key, fc_mldsa_param param, const uint8_t *pk,
                            size_t len) {
  if (key == NULL) return FC_ERR_ARG;
  const fc__mldsa_params *P = fc__mldsa_params_of(param);
  fc_err rc = FC_OK;
  if (P == NULL || pk == NULL)
    rc = FC_ERR_ARG;
  else if (len != P->pk_len)
    rc = FC_ERR_KEY;
  else if (fc_xof(FC_SHAKE256, pk, len, key->tr, sizeof key->tr) != FC_OK)
    rc = FC_ERR_UNSUPPORTED;
  if (rc != FC_OK) {
    fc__wipe(key, sizeof *key);
    return rc;
  }
  memmove(key->pk, pk, len); /* pk may lie inside *key */
  memset(key->pk + len, 0, sizeof key->pk - len);
  key->pk_len = (uint32_t)len;
  key->param = (uint32_t)param;
  return FC_OK;
}

/* SubjectPublicKeyInfo of id-ml-dsa-44/65/87 (2.16.840.1.101.3.4.3.17 ..
   .19). */
fc_err fc_mldsa_pubkey_from_der(fc_mldsa_pubkey *key, const uint8_t *der, size_t der_len) {
  if (key == NULL) return FC_ERR_ARG;
  uint8_t arc;
  fc__span pk;
  fc_err rc = FC_ERR_DER;
  if (der == NULL)
    rc = FC_ERR_ARG;
  else if (fc__der_spki_nist_sig(der, der_len, &arc, &pk) && arc >= 17 && arc <= 19)
    return fc_mldsa_pubkey_init(key, (fc_mldsa_param)(FC_ML_DSA_44 + arc - 17), pk.p, pk.len);
  fc__wipe(key, sizeof *key);
  return rc;
}

fc_mldsa_param fc_mldsa_pubkey_param(const fc_mldsa_pubkey *key) {
  return key_ok(key) ? (fc_mldsa_param)key->param : (fc_mldsa_param)0;
}

static fc_err verify_mu(const fc_mldsa_pubkey *key, const uint8_t mu[64], const uint8_t *sig,
                        size_t sig_len) {
  const fc__mldsa_kernel *k = fc__mldsa_active();
  if (k == NULL) return FC_ERR_UNSUPPORTED;
  return fc__mldsa_verify_mu(k, key, mu, sig, sig_len) ? FC_OK : FC_ERR_SIG;
}

fc_err fc_mldsa_verify_mu(const fc_mldsa_pubkey *key, const uint8_t mu[64], const uint8_t *sig,
                          size_t sig_len) {
  if (!key_ok(key) || mu == NULL || (sig == NULL && sig_len != 0)) return FC_ERR_ARG;
  return verify_mu(key, mu, sig, sig_len);
}

/* Starts mu: SHAKE256 over tr || pre_hash_flag || |ctx| || ctx. */
static fc_err mu_start(fc_xof_ctx *x, const fc_mldsa_pubkey *key, uint8_t flag,
                       const uint8_t *ctx, size_t ctx_len) {
  if (!key_ok(key) || ctx_len > 255 || (ctx == NULL && ctx_len != 0)) return FC_ERR_ARG;
  uint8_t head[2] = {flag, (uint8_t)ctx_len};
  fc_err rc = fc_xof_init(x, FC_SHAKE256);
  if (rc == FC_OK) rc = fc_xof_absorb(x, key->tr, sizeof key->tr);
  if (rc == FC_OK) rc = fc_xof_absorb(x, head, sizeof head);
  if (rc == FC_OK) rc = fc_xof_absorb(x, ctx, ctx_len);
  return rc;
}

fc_err fc_mldsa_stream_init(fc_mldsa_stream *st, const fc_mldsa_pubkey *key, const uint8_t *ctx,
                            size_t ctx_len) {
  if (st == NULL) return FC_ERR_ARG;
  fc_err rc = mu_start(&st->xof, key, 0, ctx, ctx_len);
  st->key = rc == FC_OK ? key : NULL;
  if (rc != FC_OK) fc_xof_clear(&st->xof);
  return rc;
}

fc_err fc_mldsa_stream_update(fc_mldsa_stream *st, const void *msg, size_t len) {
  if (st == NULL || st->key == NULL || (msg == NULL && len != 0)) return FC_ERR_ARG;
  return fc_xof_absorb(&st->xof, msg, len);
}

fc_err fc_mldsa_stream_mu(fc_mldsa_stream *st, uint8_t mu[64]) {
  if (st == NULL || st->key == NULL || mu == NULL) return FC_ERR_ARG;
  fc_err rc = fc_xof_squeeze(&st->xof, mu, 64);
  fc_xof_clear(&st->xof);
  st->key = NULL;
  return rc;
}

fc_err fc_mldsa_stream_final(fc_mldsa_stream *st, const uint8_t *sig, size_t sig_len) {
  if (st == NULL || st->key == NULL || (sig == NULL && sig_len != 0)) return FC_ERR_ARG;
  const fc_mldsa_pubkey *key = st->key;
  uint8_t mu[64];
  fc_err rc = fc_mldsa_stream_mu(st, mu);
  return rc == FC_OK ? verify_mu(key, mu, sig, sig_len) : rc;
}

/* mu of pure ML-DSA. Its own frame (noinline): the SHAKE state is gone
   before verification takes the stack. */
__attribute__((noinline)) static fc_err pure_mu(const fc_mldsa_pubkey *key, const void *msg,
                                                size_t len, const uint8_t *ctx, size_t ctx_len,
                                                uint8_t mu[64]) {
  fc_mldsa_stream st;
  fc_err rc = fc_mldsa_stream_init(&st, key, ctx, ctx_len);
  if (rc == FC_OK) rc = fc_mldsa_stream_update(&st, msg, len);
  return rc == FC_OK ? fc_mldsa_stream_mu(&st, mu) : rc;
}

fc_err fc_mldsa_verify(const fc_mldsa_pubkey *key, const void *msg, size_t len,
                       const uint8_t *ctx, size_t ctx_len, const uint8_t *sig, size_t sig_len) {
  if ((msg == NULL && len != 0) || (sig == NULL && sig_len != 0)) return FC_ERR_ARG;
  uint8_t mu[64];
  fc_err rc = pure_mu(key, msg, len, ctx, ctx_len, mu);
  return rc == FC_OK ? verify_mu(key, mu, sig, sig_len) : rc;
}

/* mu of HashML-DSA, in its own frame as pure_mu. */
__attribute__((noinline)) static fc_err prehash_mu(const fc_mldsa_pubkey *key, uint8_t last,
                                                   const uint8_t *digest, size_t digest_len,
                                                   const uint8_t *ctx, size_t ctx_len,
                                                   uint8_t mu[64]) {
  const uint8_t oid[11] = {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, last};
  fc_xof_ctx x;
  fc_err rc = mu_start(&x, key, 1, ctx, ctx_len);
  if (rc == FC_OK) rc = fc_xof_absorb(&x, oid, sizeof oid);
  if (rc == FC_OK) rc = fc_xof_absorb(&x, digest, digest_len);
  if (rc == FC_OK) rc = fc_xof_squeeze(&x, mu, 64);
  fc_xof_clear(&x);
  return rc;
}

fc_err fc_mldsa_verify_prehash(const fc_mldsa_pubkey *key, int ph, const uint8_t *digest,
                               size_t digest_len, const uint8_t *ctx, size_t ctx_len,
                               const uint8_t *sig, size_t sig_len) {
  uint8_t last, mu[64];
  size_t want;
  if (!fc__hash_prehash_oid(ph, &last, &want) || digest == NULL || digest_len != want ||
      (sig == NULL && sig_len != 0))
    return FC_ERR_ARG;
  fc_err rc = prehash_mu(key, last, digest, digest_len, ctx, ctx_len, mu);
  return rc == FC_OK ? verify_mu(key, mu, sig, sig_len) : rc;
}
