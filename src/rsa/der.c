/*
 * Strict DER for RSA public keys (X.690 section 10; RFC 8017 A.1.1 for
 * RSAPublicKey, RFC 5280 4.1 and RFC 3279 2.3.1 for SubjectPublicKeyInfo).
 * Every length must be minimal and definite, every INTEGER positive and
 * minimal, nothing may trail. Any violation is FC_ERR_DER.
 */
#include "rsa/rsa_internal.h"

static fc_err rsa_public_key(fc_rsa_pubkey *key, fc__span in) {
  fc__span seq, n, e;
  if (!fc__der_tlv(&in, 0x30, &seq) || in.len != 0) return FC_ERR_DER;
  if (!fc__der_integer(&seq, &n) || !fc__der_integer(&seq, &e) || seq.len != 0) return FC_ERR_DER;
  return fc_rsa_pubkey_init(key, n.p, n.len, e.p, e.len);
}

/* 1.2.840.113549.1.1.1 rsaEncryption, content octets of the OID */
static const uint8_t rsa_oid[9] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01};

static fc_err from_der(fc_rsa_pubkey *key, const uint8_t *der, size_t der_len) {
  if (der == NULL) return FC_ERR_ARG;
  fc__span in = {der, der_len}, outer, first;
  if (!fc__der_tlv(&in, 0x30, &outer) || in.len != 0) return FC_ERR_DER;
  if (outer.len > 0 && outer.p[0] == 0x02) /* PKCS#1 RSAPublicKey */
    return rsa_public_key(key, (fc__span){der, der_len});
  /* SubjectPublicKeyInfo: SEQUENCE { AlgorithmIdentifier, BIT STRING } */
  fc__span oid, null, bits;
  if (!fc__der_tlv(&outer, 0x30, &first)) return FC_ERR_DER;
  if (!fc__der_tlv(&first, 0x06, &oid) || oid.len != sizeof(rsa_oid)) return FC_ERR_DER;
  for (size_t i = 0; i < sizeof(rsa_oid); i++)
    if (oid.p[i] != rsa_oid[i]) return FC_ERR_DER;
  if (!fc__der_tlv(&first, 0x05, &null) || null.len != 0 || first.len != 0) return FC_ERR_DER;
  if (!fc__der_tlv(&outer, 0x03, &bits) || outer.len != 0) return FC_ERR_DER;
  if (bits.len < 1 || bits.p[0] != 0) return FC_ERR_DER; /* no unused bits */
  return rsa_public_key(key, (fc__span){bits.p + 1, bits.len - 1});
}

fc_err fc_rsa_pubkey_from_der(fc_rsa_pubkey *key, const uint8_t *der, size_t der_len) {
  fc_init();
  if (key == NULL) return FC_ERR_ARG;
  return fc__key_result(key, from_der(key, der, der_len));
}
