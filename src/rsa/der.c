/*
 * Strict DER for RSA public keys (X.690 section 10; RFC 8017 A.1.1 for
 * RSAPublicKey, RFC 5280 4.1 and RFC 3279 2.3.1 for SubjectPublicKeyInfo).
 * Every length must be minimal and definite, every INTEGER positive and
 * minimal, nothing may trail. Any violation is FC_ERR_DER.
 */
#include "rsa/rsa_internal.h"

typedef struct {
  const uint8_t *p;
  size_t len;
} span;

/* Reads one TLV with the given tag from *in; on success *val is its content
   and *in is advanced past it. */
static int tlv(span *in, uint8_t tag, span *val) {
  if (in->len < 2 || in->p[0] != tag) return 0;
  size_t len, hdr;
  uint8_t l0 = in->p[1];
  if (l0 < 0x80) {
    len = l0;
    hdr = 2;
  } else {
    size_t nl = l0 & 0x7f;
    if (nl == 0 || nl > 3 || in->len < 2 + nl) return 0; /* indefinite or > 16 MiB */
    if (in->p[2] == 0) return 0;                         /* leading zero: not minimal */
    len = 0;
    for (size_t i = 0; i < nl; i++) len = (len << 8) | in->p[2 + i];
    if (len < 0x80) return 0; /* short form was required */
    hdr = 2 + nl;
  }
  if (len > in->len - hdr) return 0;
  val->p = in->p + hdr;
  val->len = len;
  in->p += hdr + len;
  in->len -= hdr + len;
  return 1;
}

/* Positive, minimal INTEGER; *val is its magnitude (a 00 sign byte kept). */
static int integer(span *in, span *val) {
  if (!tlv(in, 0x02, val) || val->len == 0) return 0;
  if (val->p[0] & 0x80) return 0;                                    /* negative */
  if (val->len > 1 && val->p[0] == 0 && !(val->p[1] & 0x80)) return 0; /* not minimal */
  return 1;
}

static fc_err rsa_public_key(fc_rsa_pubkey *key, span in) {
  span seq, n, e;
  if (!tlv(&in, 0x30, &seq) || in.len != 0) return FC_ERR_DER;
  if (!integer(&seq, &n) || !integer(&seq, &e) || seq.len != 0) return FC_ERR_DER;
  return fc_rsa_pubkey_init(key, n.p, n.len, e.p, e.len);
}

/* 1.2.840.113549.1.1.1 rsaEncryption, content octets of the OID */
static const uint8_t rsa_oid[9] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01};

static fc_err from_der(fc_rsa_pubkey *key, const uint8_t *der, size_t der_len) {
  if (der == NULL) return FC_ERR_ARG;
  span in = {der, der_len}, outer, first;
  if (!tlv(&in, 0x30, &outer) || in.len != 0) return FC_ERR_DER;
  if (outer.len > 0 && outer.p[0] == 0x02) /* PKCS#1 RSAPublicKey */
    return rsa_public_key(key, (span){der, der_len});
  /* SubjectPublicKeyInfo: SEQUENCE { AlgorithmIdentifier, BIT STRING } */
  span oid, null, bits;
  if (!tlv(&outer, 0x30, &first)) return FC_ERR_DER;
  if (!tlv(&first, 0x06, &oid) || oid.len != sizeof(rsa_oid)) return FC_ERR_DER;
  for (size_t i = 0; i < sizeof(rsa_oid); i++)
    if (oid.p[i] != rsa_oid[i]) return FC_ERR_DER;
  if (!tlv(&first, 0x05, &null) || null.len != 0 || first.len != 0) return FC_ERR_DER;
  if (!tlv(&outer, 0x03, &bits) || outer.len != 0) return FC_ERR_DER;
  if (bits.len < 1 || bits.p[0] != 0) return FC_ERR_DER; /* no unused bits */
  return rsa_public_key(key, (span){bits.p + 1, bits.len - 1});
}

fc_err fc_rsa_pubkey_from_der(fc_rsa_pubkey *key, const uint8_t *der, size_t der_len) {
  fc_init();
  if (key == NULL) return FC_ERR_ARG;
  return fc__key_result(key, from_der(key, der, der_len));
}
