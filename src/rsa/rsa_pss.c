/*
 * RSASSA-PSS verification (RFC 8017 section 8.1.2) with EMSA-PSS-VERIFY
 * (section 9.1.2) and MGF1 (appendix B.2.1), RSASSA-PSS with SHAKE128 or
 * SHAKE256 as hash and mask generation (RFC 8702 section 3.1), and
 * hash-then-verify for PKCS#1 v1.5. Contract in fastcrypt.h. Everything here is public data
 * (key, signature, digest), so variable time is fine; the checks are still
 * accumulated and decided once at the end.
 *
 * Stack: fc_rsa_verify_pss puts the same workspace as fc_rsa_verify on the
 * stack (sized for 8192 bits; smaller for e = 2^k + 1) in a noinline frame;
 * EM is decoded in the part of it the exponentiation no longer needs. Plus
 * two hash contexts (MGF1) and a digest: about 0.6 KiB. See docs/firmware.md "Stack".
 */
#include "rsa/rsa_internal.h"

/* dst ^= MGF1(seed, len) (RFC 8017 B.2.1): T = H(seed || C) for C = 0, 1.. */
static void mgf1_xor(fc_hash_alg mgf, const uint8_t *seed, size_t seed_len, uint8_t *dst,
                     size_t len) {
  fc_hash_ctx base, c;
  uint8_t t[FC_HASH_MAX_LEN];
  size_t hl = fc_hash_len(mgf);
  fc_hash_init(&base, mgf);
  fc_hash_update(&base, seed, seed_len);
  for (uint32_t ctr = 0, done = 0; done < len; ctr++) {
    uint8_t be[4] = {(uint8_t)(ctr >> 24), (uint8_t)(ctr >> 16), (uint8_t)(ctr >> 8),
                     (uint8_t)ctr};
    c = base;
    fc_hash_update(&c, be, 4);
    fc_hash_final(&c, t);
    for (size_t i = 0; i < hl && done < len; i++) dst[done++] ^= t[i];
  }
}

/* The hash and mask generation of one PSS flavour: MGF1 over SHA-1/2/3
   (RFC 8017), or SHAKE as both (xof != 0, RFC 8702 section 3.1). */
typedef struct {
  fc_hash_alg hash, mgf1;
  fc_xof_alg xof;
  size_t hlen;
} pss_hash;

/* dst ^= SHAKE(seed, len) (RFC 8702: the mask is the XOF's output). */
static void shake_mask_xor(fc_xof_alg xof, const uint8_t *seed, size_t seed_len, uint8_t *dst,
                           size_t len) {
  fc_xof_ctx c;
  uint8_t t[64];
  fc_xof_init(&c, xof);
  fc_xof_absorb(&c, seed, seed_len);
  for (size_t done = 0; done < len;) {
    size_t take = len - done < sizeof(t) ? len - done : sizeof(t);
    fc_xof_squeeze(&c, t, take);
    for (size_t i = 0; i < take; i++) dst[done + i] ^= t[i];
    done += take;
  }
}

/* H' = Hash(8 zero bytes || mHash || salt) into h2 (hlen bytes). */
static void pss_h(const pss_hash *ph, const uint8_t *digest, const uint8_t *salt, size_t s_len,
                  uint8_t *h2) {
  static const uint8_t zeros[8] = {0};
  if (ph->xof) {
    fc_xof_ctx c;
    fc_xof_init(&c, ph->xof);
    fc_xof_absorb(&c, zeros, 8);
    fc_xof_absorb(&c, digest, ph->hlen);
    fc_xof_absorb(&c, salt, s_len);
    fc_xof_squeeze(&c, h2, ph->hlen);
    return;
  }
  fc_hash_ctx c;
  fc_hash_init(&c, ph->hash);
  fc_hash_update(&c, zeros, 8);
  fc_hash_update(&c, digest, ph->hlen);
  fc_hash_update(&c, salt, s_len);
  fc_hash_final(&c, h2);
}

/* EMSA-PSS-VERIFY after the arguments' checks: hlen and digest_len agree. */
static fc_err pss_core(const fc_rsa_pubkey *key, const pss_hash *ph, size_t salt_len,
                       const uint8_t *digest, const uint8_t *sig, size_t sig_len, void *ws,
                       size_t ws_len) {
  size_t hlen = ph->hlen;
  /* emBits = modBits - 1, emLen = ceil(emBits / 8) (9.1.2 step 3). */
  size_t mod_bits = key->mont.nbits, em_bits = mod_bits - 1, em_len = (em_bits + 7) / 8;
  size_t k = key->nbytes;
  if (salt_len != FC_PSS_SALT_AUTO && (salt_len > em_len || em_len - salt_len < hlen + 2))
    return FC_ERR_ARG;
  if (em_len < hlen + 2) return FC_ERR_ARG;
  /* argument errors first: a short workspace is FC_ERR_ARG whatever the verdict */
  if (ws_len < fc_rsa_workspace_size(key)) return FC_ERR_ARG;
  /* A .vbpubk names its hash: no other one verifies with it (and it never names SHAKE). */
  if (key->hash != 0 && (ph->xof || key->hash != (int32_t)ph->hash)) return FC_ERR_SIG;
  /* ws: the modexp result, then the kernel's workspace, which is free again
     once the exponentiation is done and holds EM (k bytes: one value slot
     of any kernel is at least that, so this check never fails when the
     exponentiation had room). */
  uint32_t *m;
  fc_err rc = fc__rsa_public_op(key, sig, sig_len, ws, ws_len, &m);
  if (rc != FC_OK) return rc;
  uint8_t *em_full = (uint8_t *)(m + key->mont.nwords);
  if ((size_t)(em_full - (uint8_t *)ws) + k > ws_len) return FC_ERR_ARG;
  /* I2OSP(m, k); EM = the last emLen bytes. When emLen = k - 1 the first
     byte must be zero (8.1.2 step 2c: m must fit emLen bytes). */
  fc__bn_to_be(em_full, k, m, key->mont.nwords);
  uint32_t bad = 0;
  if (em_len < k) bad |= em_full[0];
  const uint8_t *em = em_full + (k - em_len);
  uint8_t *db = em_full + (k - em_len); /* unmasked in place */
  size_t db_len = em_len - hlen - 1;
  const uint8_t *h = em + db_len;
  /* Step 4: trailer 0xbc. */
  bad |= (uint32_t)(em[em_len - 1] ^ 0xbc);
  /* Step 6: the leftmost 8*emLen - emBits bits of maskedDB are zero. */
  unsigned top_bits = (unsigned)(8 * em_len - em_bits);
  /* top_bits in 0..7 (emLen = k - 1 when modBits - 1 is a multiple of 8) */
  uint8_t top_mask = (uint8_t)(0xff << (8 - top_bits));
  bad |= db[0] & top_mask;
  /* Steps 7-9: DB = maskedDB ^ MGF(H), leftmost bits cleared. */
  if (ph->xof)
    shake_mask_xor(ph->xof, h, hlen, db, db_len);
  else
    mgf1_xor(ph->mgf1, h, hlen, db, db_len);
  db[0] &= (uint8_t)~top_mask;
  /* Step 10: PS zeros, then 0x01, then the salt. */
  size_t ps_len;
  if (salt_len == FC_PSS_SALT_AUTO) {
    ps_len = 0;
    while (ps_len < db_len && db[ps_len] == 0) ps_len++;
    if (ps_len == db_len) bad |= 1;
  } else {
    ps_len = db_len - salt_len - 1;
    for (size_t i = 0; i < ps_len; i++) bad |= db[i];
  }
  size_t s_len = 0;
  if (ps_len < db_len) {
    bad |= (uint32_t)(db[ps_len] ^ 0x01);
    s_len = db_len - ps_len - 1;
  }
  /* Steps 12-14: H' = Hash(8 zero bytes || mHash || salt) must equal H. */
  uint8_t h2[FC_HASH_MAX_LEN];
  pss_h(ph, digest, db + db_len - s_len, s_len, h2);
  for (size_t i = 0; i < hlen; i++) bad |= (uint32_t)(h[i] ^ h2[i]);
  return bad == 0 ? FC_OK : FC_ERR_SIG;
}

fc_err fc_rsa_verify_pss_ws(const fc_rsa_pubkey *key, fc_hash_alg hash, fc_hash_alg mgf1_hash,
                            size_t salt_len, const uint8_t *digest, size_t digest_len,
                            const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len) {
  fc_init();
  if (key == NULL || digest == NULL || sig == NULL || ws == NULL || !fc__rsa_key_ready(key))
    return FC_ERR_ARG;
  pss_hash ph = {hash, mgf1_hash, (fc_xof_alg)0, fc_hash_len(hash)};
  if (ph.hlen == 0 || fc_hash_len(mgf1_hash) == 0 || digest_len != ph.hlen) return FC_ERR_ARG;
  return pss_core(key, &ph, salt_len, digest, sig, sig_len, ws, ws_len);
}

/* SHAKE128's and SHAKE256's digest lengths in RFC 8702 (0: not a SHAKE). */
static size_t shake_len(fc_xof_alg xof) {
  return xof == FC_SHAKE128 ? 32 : xof == FC_SHAKE256 ? 64 : 0;
}

fc_err fc_rsa_verify_pss_shake_ws(const fc_rsa_pubkey *key, fc_xof_alg shake, size_t salt_len,
                                  const uint8_t *digest, size_t digest_len, const uint8_t *sig,
                                  size_t sig_len, void *ws, size_t ws_len) {
  fc_init();
  if (key == NULL || digest == NULL || sig == NULL || ws == NULL || !fc__rsa_key_ready(key))
    return FC_ERR_ARG;
  pss_hash ph = {(fc_hash_alg)0, (fc_hash_alg)0, shake, shake_len(shake)};
  if (ph.hlen == 0 || digest_len != ph.hlen) return FC_ERR_ARG;
  return pss_core(key, &ph, salt_len, digest, sig, sig_len, ws, ws_len);
}

/* Workspace for e = 2^k + 1 at the maximum modulus. */
#define PSS_WS_F4 (FC_MODPOW_WORKSPACE_F4_BYTES(FC_RSA_MAX_BITS) + 4 * FC_MONT_MAX_WORDS + 16)

__attribute__((noinline)) static fc_err pss_f4(const fc_rsa_pubkey *key, fc_hash_alg hash,
                                               fc_hash_alg mgf1_hash, size_t salt_len,
                                               const uint8_t *digest, size_t digest_len,
                                               const uint8_t *sig, size_t sig_len) {
  FC__WORKSPACE(ws, PSS_WS_F4);
  return fc_rsa_verify_pss_ws(key, hash, mgf1_hash, salt_len, digest, digest_len, sig, sig_len,
                              &ws, sizeof(ws));
}

__attribute__((noinline)) static fc_err pss_any(const fc_rsa_pubkey *key, fc_hash_alg hash,
                                                fc_hash_alg mgf1_hash, size_t salt_len,
                                                const uint8_t *digest, size_t digest_len,
                                                const uint8_t *sig, size_t sig_len) {
  FC__WORKSPACE(ws, FC_RSA_VERIFY_PSS_WORKSPACE_BYTES(FC_RSA_MAX_BITS));
  return fc_rsa_verify_pss_ws(key, hash, mgf1_hash, salt_len, digest, digest_len, sig, sig_len,
                              &ws, sizeof(ws));
}

fc_err fc_rsa_verify_pss(const fc_rsa_pubkey *key, fc_hash_alg hash, fc_hash_alg mgf1_hash,
                         size_t salt_len, const uint8_t *digest, size_t digest_len,
                         const uint8_t *sig, size_t sig_len) {
  fc_init();
  if (key == NULL || !fc__rsa_key_ready(key)) return FC_ERR_ARG;
  if (fc__modpow_min_slots(key->e, key->e_len) == 1)
    return pss_f4(key, hash, mgf1_hash, salt_len, digest, digest_len, sig, sig_len);
  return pss_any(key, hash, mgf1_hash, salt_len, digest, digest_len, sig, sig_len);
}

__attribute__((noinline)) static fc_err pss_shake_f4(const fc_rsa_pubkey *key, fc_xof_alg shake,
                                                     size_t salt_len, const uint8_t *digest,
                                                     size_t digest_len, const uint8_t *sig,
                                                     size_t sig_len) {
  FC__WORKSPACE(ws, PSS_WS_F4);
  return fc_rsa_verify_pss_shake_ws(key, shake, salt_len, digest, digest_len, sig, sig_len, &ws,
                                    sizeof(ws));
}

__attribute__((noinline)) static fc_err pss_shake_any(const fc_rsa_pubkey *key, fc_xof_alg shake,
                                                      size_t salt_len, const uint8_t *digest,
                                                      size_t digest_len, const uint8_t *sig,
                                                      size_t sig_len) {
  FC__WORKSPACE(ws, FC_RSA_VERIFY_PSS_WORKSPACE_BYTES(FC_RSA_MAX_BITS));
  return fc_rsa_verify_pss_shake_ws(key, shake, salt_len, digest, digest_len, sig, sig_len, &ws,
                                    sizeof(ws));
}

fc_err fc_rsa_verify_pss_shake(const fc_rsa_pubkey *key, fc_xof_alg shake, size_t salt_len,
                               const uint8_t *digest, size_t digest_len, const uint8_t *sig,
                               size_t sig_len) {
  fc_init();
  if (key == NULL || !fc__rsa_key_ready(key)) return FC_ERR_ARG;
  if (fc__modpow_min_slots(key->e, key->e_len) == 1)
    return pss_shake_f4(key, shake, salt_len, digest, digest_len, sig, sig_len);
  return pss_shake_any(key, shake, salt_len, digest, digest_len, sig, sig_len);
}

fc_err fc_rsa_verify_msg(const fc_rsa_pubkey *key, fc_hash_alg hash, const void *msg, size_t len,
                         const uint8_t *sig, size_t sig_len) {
  fc_init();
  if (key == NULL || sig == NULL || (msg == NULL && len) || !fc__rsa_key_ready(key))
    return FC_ERR_ARG;
  uint8_t d[FC_HASH_MAX_LEN];
  fc_err rc = fc_hash(hash, msg, len, d);
  if (rc != FC_OK) return rc;
  if (key->hash != 0 && key->hash != (int32_t)hash) return FC_ERR_SIG;
  return fc_rsa_verify(key, hash, d, fc_hash_len(hash), sig, sig_len);
}
