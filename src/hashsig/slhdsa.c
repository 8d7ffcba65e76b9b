/*
 * The SLH-DSA API (FIPS 205): keys (raw, SubjectPublicKeyInfo), the
 * message representative M' of pure SLH-DSA and HashSLH-DSA (Algorithms
 * 24 and 25), H_msg one-shot or streamed, and slh_verify_internal
 * (Algorithm 20) on the hash family. Verification only. Public data:
 * variable time, nothing wiped.
 */
#include "hash/hash_internal.h"
#include "hashsig/hashsig_internal.h"

_Static_assert(FC_SLHDSA_PH_SHAKE128 == FC__PH_SHAKE128 && FC_SLHDSA_PH_SHAKE256 == FC__PH_SHAKE256,
               "the hash family names the SHAKE pre-hashes");

static const fc__slhdsa_params *key_params(const fc_slhdsa_pubkey *key) {
  return key != NULL ? fc__slhdsa_params_of((fc_slhdsa_param)key->param) : NULL;
}

fc_err fc_slhdsa_pubkey_init(fc_slhdsa_pubkey *key, fc_slhdsa_param param, const uint8_t *pk,
                             size_t len) {
  if (key == NULL) return FC_ERR_ARG;
  const fc__slhdsa_params *P = fc__slhdsa_params_of(param);
  fc_err rc = FC_OK;
  if (P == NULL || pk == NULL)
    rc = FC_ERR_ARG;
  else if (len != 2u * P->n)
    rc = FC_ERR_KEY;
  if (rc != FC_OK) {
    memset(key, 0, sizeof *key);
    return rc;
  }
  memmove(key->pk, pk, len); /* pk may lie inside *key */
  memset(key->pk + len, 0, sizeof key->pk - len);
  key->n = P->n;
  key->param = (uint32_t)param;
  return FC_OK;
}

/* SubjectPublicKeyInfo of id-slh-dsa-* (2.16.840.1.101.3.4.3.20 .. .31). */
fc_err fc_slhdsa_pubkey_from_der(fc_slhdsa_pubkey *key, const uint8_t *der, size_t der_len) {
  if (key == NULL) return FC_ERR_ARG;
  uint8_t arc;
  fc__span pk;
  fc_err rc = FC_ERR_DER;
  if (der == NULL)
    rc = FC_ERR_ARG;
  else if (fc__der_spki_nist_sig(der, der_len, &arc, &pk) && arc >= 20 && arc <= 31)
    return fc_slhdsa_pubkey_init(key, (fc_slhdsa_param)(FC_SLH_DSA_SHA2_128S + arc - 20), pk.p,
                                 pk.len);
  memset(key, 0, sizeof *key);
  return rc;
}

fc_slhdsa_param fc_slhdsa_pubkey_param(const fc_slhdsa_pubkey *key) {
  return key_params(key) ? (fc_slhdsa_param)key->param : (fc_slhdsa_param)0;
}

static uint64_t be_bits(const uint8_t *p, unsigned bytes, unsigned bits) {
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes; i++) v = v << 8 | p[i];
  return bits >= 64 ? v : v & ((UINT64_C(1) << bits) - 1);
}

/* Algorithm 20 from line 6 on: the digest splits into md, idx_tree and
   idx_leaf; FORS gives the message the hypertree signs. Its own frame
   (noinline): the H_msg state is gone by then. */
__attribute__((noinline)) int fc__slh_verify_digest(const fc__slhdsa_params *P,
                                                    const uint8_t *pk, const uint8_t *sig,
                                                    const uint8_t *digest) {
  unsigned md_len = (P->k * P->a + 7u) / 8u;
  unsigned tree_bits = P->h - P->hp, tree_len = (tree_bits + 7u) / 8u;
  unsigned leaf_len = (P->hp + 7u) / 8u;
  uint64_t idx_tree = be_bits(digest + md_len, tree_len, tree_bits);
  uint32_t idx_leaf = (uint32_t)be_bits(digest + md_len + tree_len, leaf_len, P->hp);

  fc__slh_hash c;
  if (!fc__slh_hash_init(&c, P, pk)) return 0;
  fc__slh_adrs a = {0, idx_tree, FC__SLH_FORS_TREE, idx_leaf, 0, 0};
  uint8_t pk_fors[FC__SLH_N_MAX];
  const uint8_t *sig_fors = sig + P->n;
  fc__slh_fors_pk(&c, sig_fors, digest, &a, pk_fors);
  const uint8_t *sig_ht = sig_fors + (size_t)P->k * (P->a + 1u) * P->n;
  return fc__slh_ht_verify(&c, pk_fors, sig_ht, idx_tree, idx_leaf, pk + P->n);
}

/* Starts H_msg with R || PK.seed || PK.root || pre_hash_flag || |ctx| ||
   ctx. sig_len need not be right (R is read only from a long-enough sig). */
static fc_err start(fc_slhdsa_stream *st, const fc_slhdsa_pubkey *key, const uint8_t *sig,
                    size_t sig_len, uint8_t flag, const uint8_t *ctx, size_t ctx_len) {
  const fc__slhdsa_params *P = key_params(key);
  if (P == NULL || ctx_len > 255 || (ctx == NULL && ctx_len != 0) ||
      (sig == NULL && sig_len != 0))
    return FC_ERR_ARG;
  static const uint8_t zero[FC__SLH_N_MAX] = {0};
  const uint8_t *R = sig_len >= P->n ? sig : zero;
  uint8_t head[2] = {flag, (uint8_t)ctx_len};
  if (!fc__slh_hmsg_start(P, st, R, key->pk) || !fc__slh_hmsg_absorb(P, st, head, 2) ||
      !fc__slh_hmsg_absorb(P, st, ctx, ctx_len))
    return FC_ERR_UNSUPPORTED;
  st->key = key;
  st->sig = sig;
  st->sig_len = sig_len;
  return FC_OK;
}

fc_err fc_slhdsa_stream_init(fc_slhdsa_stream *st, const fc_slhdsa_pubkey *key,
                             const uint8_t *sig, size_t sig_len, const uint8_t *ctx,
                             size_t ctx_len) {
  if (st == NULL) return FC_ERR_ARG;
  st->key = NULL;
  fc_err rc = start(st, key, sig, sig_len, 0, ctx, ctx_len);
  if (rc != FC_OK) memset(st, 0, sizeof *st);
  return rc;
}

fc_err fc_slhdsa_stream_update(fc_slhdsa_stream *st, const void *msg, size_t len) {
  if (st == NULL || st->key == NULL || (msg == NULL && len != 0)) return FC_ERR_ARG;
  return fc__slh_hmsg_absorb(key_params(st->key), st, msg, len) ? FC_OK : FC_ERR_ARG;
}

/* H_msg's end, in its own frame: the stream's hash state and MGF1's are
   gone before the tree walk takes the stack. */
__attribute__((noinline)) static int finish_digest(const fc__slhdsa_params *P,
                                                   fc_slhdsa_stream *st, uint8_t *digest) {
  return fc__slh_hmsg_end(P, st, st->sig, st->key->pk, digest);
}

fc_err fc_slhdsa_stream_final(fc_slhdsa_stream *st) {
  if (st == NULL || st->key == NULL) return FC_ERR_ARG;
  const fc__slhdsa_params *P = key_params(st->key);
  const fc_slhdsa_pubkey *key = st->key;
  const uint8_t *sig = st->sig;
  int ok = P != NULL && st->sig_len == P->sig_len;
  uint8_t digest[FC__SLH_M_MAX];
  if (ok) ok = finish_digest(P, st, digest);
  memset(st, 0, sizeof *st);
  if (ok) ok = fc__slh_verify_digest(P, key->pk, sig, digest);
  return ok ? FC_OK : FC_ERR_SIG;
}

/* The whole one-shot H_msg in its own frame (the stream state on it). */
__attribute__((noinline)) static fc_err digest_of(const fc_slhdsa_pubkey *key,
                                                  const uint8_t *sig, uint8_t flag,
                                                  const uint8_t *ctx, size_t ctx_len,
                                                  const void *a, size_t a_len, const void *b,
                                                  size_t b_len, uint8_t *digest) {
  fc_slhdsa_stream st;
  const fc__slhdsa_params *P = key_params(key);
  fc_err rc = start(&st, key, sig, P->sig_len, flag, ctx, ctx_len);
  if (rc != FC_OK) return rc;
  if (!fc__slh_hmsg_absorb(P, &st, a, a_len) || !fc__slh_hmsg_absorb(P, &st, b, b_len) ||
      !fc__slh_hmsg_end(P, &st, sig, key->pk, digest))
    return FC_ERR_UNSUPPORTED;
  return FC_OK;
}

static fc_err verify_mprime(const fc_slhdsa_pubkey *key, uint8_t flag, const uint8_t *ctx,
                            size_t ctx_len, const void *a, size_t a_len, const void *b,
                            size_t b_len, const uint8_t *sig, size_t sig_len) {
  const fc__slhdsa_params *P = key_params(key);
  if (P == NULL || ctx_len > 255 || (ctx == NULL && ctx_len != 0) ||
      (sig == NULL && sig_len != 0))
    return FC_ERR_ARG;
  if (sig_len != P->sig_len) return FC_ERR_SIG;
  uint8_t digest[FC__SLH_M_MAX];
  fc_err rc = digest_of(key, sig, flag, ctx, ctx_len, a, a_len, b, b_len, digest);
  if (rc != FC_OK) return rc;
  return fc__slh_verify_digest(P, key->pk, sig, digest) ? FC_OK : FC_ERR_SIG;
}

fc_err fc_slhdsa_verify(const fc_slhdsa_pubkey *key, const void *msg, size_t len,
                        const uint8_t *ctx, size_t ctx_len, const uint8_t *sig, size_t sig_len) {
  if (msg == NULL && len != 0) return FC_ERR_ARG;
  return verify_mprime(key, 0, ctx, ctx_len, NULL, 0, msg, len, sig, sig_len);
}

fc_err fc_slhdsa_verify_prehash(const fc_slhdsa_pubkey *key, int ph, const uint8_t *digest,
                                size_t digest_len, const uint8_t *ctx, size_t ctx_len,
                                const uint8_t *sig, size_t sig_len) {
  uint8_t last;
  size_t want;
  if (!fc__hash_prehash_oid(ph, &last, &want) || digest == NULL || digest_len != want) return FC_ERR_ARG;
  const uint8_t oid[11] = {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, last};
  return verify_mprime(key, 1, ctx, ctx_len, oid, sizeof oid, digest, digest_len, sig, sig_len);
}
