/*
 * ECDSA verification (FIPS 186-5 section 6.4.2) on P-256 and P-384: key
 * set-up from SEC1 points (SEC 1 v2 section 2.3.4) and SubjectPublicKeyInfo
 * (RFC 5480), signature parsing (DER ECDSA-Sig-Value, RFC 5480 / X9.62, or
 * IEEE P1363 r || s), bits2int, and the range checks; the arithmetic is the
 * FC_OP_EC kernel's. Public data only: variable time, nothing to wipe.
 * Stack: the kernel's (at most about 3 KiB) plus a few hundred bytes.
 */
#include "ec/ec_internal.h"
#include "hash/hash_internal.h"

static const fc__ec_curve *key_curve(const fc_ec_pubkey *key) {
  if (key == NULL) return NULL;
  const fc__ec_curve *c = fc__ec_curve_of((fc_curve)key->curve);
  return c != NULL && key->nbytes == c->nbytes ? c : NULL;
}

/* key: all zero on entry (the limbs a P-256 key leaves unused stay so). */
static fc_err init_point(fc_ec_pubkey *key, fc_curve curve, const uint8_t *pt, size_t len) {
  const fc__ec_curve *c = fc__ec_curve_of(curve);
  if (c == NULL || pt == NULL) return FC_ERR_ARG;
  size_t nb = c->nbytes;
  const fc__ec_kernel *k = fc__ec_active();
  fc_err rc;
  if (len == 1 + 2 * nb && pt[0] == 0x04)
    rc = k->point_in(c, pt + 1, pt + 1 + nb, 0, key->x, key->y);
  else if (len == 1 + nb && (pt[0] == 0x02 || pt[0] == 0x03))
    rc = k->point_in(c, pt + 1, NULL, pt[0] & 1, key->x, key->y);
  else
    rc = FC_ERR_KEY; /* infinity (00), hybrid (06, 07), a wrong length */
  if (rc != FC_OK) return rc;
  key->curve = (uint32_t)curve;
  key->nbytes = (uint32_t)nb;
  return FC_OK;
}

fc_err fc_ec_pubkey_init(fc_ec_pubkey *key, fc_curve curve, const uint8_t *point, size_t len) {
  if (key == NULL) return FC_ERR_ARG;
  fc_ec_pubkey k;
  memset(&k, 0, sizeof(k));
  fc_err rc = init_point(&k, curve, point, len); /* point may lie inside *key */
  if (rc == FC_OK)
    *key = k;
  else
    fc__wipe(key, sizeof(*key));
  return rc;
}

/* 1.2.840.10045.2.1 id-ecPublicKey; 1.2.840.10045.3.1.7 prime256v1;
   1.3.132.0.34 secp384r1; 1.3.132.0.35 secp521r1 (content octets). */
static const uint8_t oid_ec[7] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};
static const uint8_t oid_p256[8] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07};
static const uint8_t oid_p384[5] = {0x2b, 0x81, 0x04, 0x00, 0x22};
static const uint8_t oid_p521[5] = {0x2b, 0x81, 0x04, 0x00, 0x23};

static int oid_is(fc__span o, const uint8_t *v, size_t n) {
  return o.len == n && memcmp(o.p, v, n) == 0;
}

static fc_err from_der(fc_ec_pubkey *key, const uint8_t *der, size_t der_len) {
  fc__span in = {der, der_len}, spki, alg, oid, curve, bits;
  if (!fc__der_tlv(&in, 0x30, &spki) || in.len != 0) return FC_ERR_DER;
  if (!fc__der_tlv(&spki, 0x30, &alg)) return FC_ERR_DER;
  if (!fc__der_tlv(&alg, 0x06, &oid) || !oid_is(oid, oid_ec, sizeof(oid_ec))) return FC_ERR_DER;
  /* ECParameters: namedCurve only (RFC 5480 section 2.1.1: implicitCurve
     and specifiedCurve MUST NOT be used) */
  if (!fc__der_tlv(&alg, 0x06, &curve) || alg.len != 0) return FC_ERR_DER;
  if (!fc__der_tlv(&spki, 0x03, &bits) || spki.len != 0) return FC_ERR_DER;
  if (bits.len < 1 || bits.p[0] != 0) return FC_ERR_DER; /* unused bits */
  fc_curve c;
  if (oid_is(curve, oid_p256, sizeof(oid_p256)))
    c = FC_P256;
  else if (oid_is(curve, oid_p384, sizeof(oid_p384)))
    c = FC_P384;
  else if (oid_is(curve, oid_p521, sizeof(oid_p521)))
    return FC_ERR_UNSUPPORTED;
  else
    return FC_ERR_DER;
  return init_point(key, c, bits.p + 1, bits.len - 1);
}

fc_err fc_ec_pubkey_from_der(fc_ec_pubkey *key, const uint8_t *der, size_t der_len) {
  if (key == NULL) return FC_ERR_ARG;
  fc_ec_pubkey k;
  memset(&k, 0, sizeof(k));
  fc_err rc = der == NULL ? FC_ERR_ARG : from_der(&k, der, der_len);
  if (rc == FC_OK)
    *key = k;
  else
    fc__wipe(key, sizeof(*key));
  return rc;
}

fc_curve fc_ec_pubkey_curve(const fc_ec_pubkey *key) {
  const fc__ec_curve *c = key_curve(key);
  return c ? (fc_curve)c->id : (fc_curve)0;
}

/* v (big-endian, len bytes, leading zeros allowed) as nb bytes; 0 if it
   does not fit. */
static int fixed_be(uint8_t *out, size_t nb, const uint8_t *v, size_t len) {
  fc__be_strip(&v, &len);
  if (len > nb) return 0;
  memset(out, 0, nb - len);
  memcpy(out + nb - len, v, len);
  return 1;
}

/* 1 <= v < n, v big-endian of nb bytes */
static int in_range(const uint8_t *v, const fc__ec_curve *c) {
  size_t nb = c->nbytes;
  int nonzero = 0, cmp = 0;
  for (size_t i = 0; i < nb; i++) {
    size_t pos = nb - 1 - i;
    uint8_t nbyte = (uint8_t)(c->n[pos / 8] >> (8 * (pos % 8)));
    nonzero |= v[i] != 0;
    if (cmp == 0 && v[i] != nbyte) cmp = v[i] < nbyte ? -1 : 1;
  }
  return nonzero && cmp < 0;
}

/* The check after parsing: r, s of nb bytes each. */
static fc_err verify_rs(const fc__ec_curve *c, const fc_ec_pubkey *key, const uint8_t *digest,
                        size_t digest_len, const uint8_t *r, const uint8_t *s) {
  uint8_t e[FC_EC_MAX_BYTES];
  size_t nb = c->nbytes;
  if (!in_range(r, c) || !in_range(s, c)) return FC_ERR_SIG;
  /* bits2int: the leftmost `bits` bits of the digest (bits = 8 nb) */
  size_t take = digest_len < nb ? digest_len : nb;
  memset(e, 0, nb - take);
  memcpy(e + nb - take, digest, take);
  return fc__ec_active()->verify(c, key->x, key->y, e, r, s) ? FC_OK : FC_ERR_SIG;
}

fc_err fc_ecdsa_verify_raw(const fc_ec_pubkey *key, const uint8_t *digest, size_t digest_len,
                           const uint8_t *sig, size_t sig_len) {
  const fc__ec_curve *c = key_curve(key);
  if (c == NULL || digest == NULL || digest_len == 0 || sig == NULL) return FC_ERR_ARG;
  if (sig_len != 2 * (size_t)c->nbytes) return FC_ERR_SIG;
  return verify_rs(c, key, digest, digest_len, sig, sig + c->nbytes);
}

fc_err fc_ecdsa_verify(const fc_ec_pubkey *key, const uint8_t *digest, size_t digest_len,
                       const uint8_t *sig, size_t sig_len) {
  const fc__ec_curve *c = key_curve(key);
  if (c == NULL || digest == NULL || digest_len == 0 || sig == NULL) return FC_ERR_ARG;
  fc__span in = {sig, sig_len}, seq, r, s;
  uint8_t rb[FC_EC_MAX_BYTES], sb[FC_EC_MAX_BYTES];
  if (!fc__der_tlv(&in, 0x30, &seq) || in.len != 0) return FC_ERR_SIG;
  if (!fc__der_integer(&seq, &r) || !fc__der_integer(&seq, &s) || seq.len != 0) return FC_ERR_SIG;
  if (!fixed_be(rb, c->nbytes, r.p, r.len) || !fixed_be(sb, c->nbytes, s.p, s.len))
    return FC_ERR_SIG; /* >= 2^bits > n */
  return verify_rs(c, key, digest, digest_len, rb, sb);
}

fc_err fc_ecdsa_verify_msg(const fc_ec_pubkey *key, fc_hash_alg hash, const void *msg, size_t len,
                           const uint8_t *sig, size_t sig_len) {
  uint8_t d[FC_HASH_MAX_LEN];
  if (key_curve(key) == NULL || sig == NULL || (msg == NULL && len != 0)) return FC_ERR_ARG;
  size_t dl = fc_hash_len(hash);
  if (dl == 0) return FC_ERR_ARG;
  fc_err rc = fc_hash(hash, msg, len, d);
  if (rc != FC_OK) return rc;
  return fc_ecdsa_verify(key, d, dl, sig, sig_len);
}
