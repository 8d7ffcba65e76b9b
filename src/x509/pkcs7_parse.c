/*
 * PKCS#7 / CMS SignedData parsing (RFC 2315 section 9.1, RFC 5652 section
 * 5): the envelope, the certificates (each fc_x509_parse'd into the
 * caller's fc_pkcs7) and the SignerInfos, strict DER, also inside what is
 * not decoded (attribute values, CRLs, a constructed content), to
 * FC__DER_MAX_DEPTH levels. CRLs are skipped.
 * SET OF elements are taken in the order given (DER's sorting is not
 * checked: signers in the field do not all sort their certificates).
 */
#include "x509/x509_internal.h"

static const uint8_t kSignedData[9] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02};

/* Attributes' content: SEQUENCE { OID, SET OF values } each, values DER. */
static int attributes_ok(fc__span attrs) {
  fc__span a, type, vals;
  while (attrs.len > 0)
    if (!fc__der_tlv(&attrs, 0x30, &a) || !fc__der_tlv(&a, 0x06, &type) || !fc__oid_ok(type) ||
        !fc__der_tlv(&a, 0x31, &vals) || a.len != 0 || !fc__der_valid(vals))
      return 0;
  return 1;
}

/* SignerInfo: 0 malformed, 1 ok. */
static int signer(fc__span *in, fc_pkcs7_signer *s) {
  fc__span si, v, f;
  uint32_t version;
  if (!fc__der_tlv(in, 0x30, &si) || !fc__der_uint(&si, 2, &version) || (version != 1 && version != 3))
    return 0;
  if (fc__der_peek(&si, 0x80)) { /* [0] SubjectKeyIdentifier */
    if (!fc__der_tlv(&si, 0x80, &v)) return 0;
    s->ski = fc__slice(v);
  } else {
    fc__span ias, name, serial;
    if (!fc__der_tlv(&si, 0x30, &ias) || !fc__der_whole(&ias, 0x30, &name, NULL) ||
        !fc__x509_name_ok(name) || !fc__x509_serial(&ias, &serial) || ias.len != 0)
      return 0;
    s->issuer = fc__slice(name);
    s->serial = fc__slice(serial);
  }
  if (!fc__x509_cms_digest_alg(&si, &s->digest_alg)) return 0;
  if (fc__der_peek(&si, 0xa0)) {
    fc__span whole;
    if (!fc__der_whole(&si, 0xa0, &whole, &v) || v.len == 0 || !attributes_ok(v)) return 0;
    s->signed_attrs = fc__slice(whole);
  }
  fc__span alg_whole;
  if (!fc__x509_sigalg(&si, &s->sig_alg, &alg_whole)) return 0;
  /* rsaEncryption and id-ecPublicKey name the key, the digest the hash */
  fc__span oid = fc__span_of(s->sig_alg.oid);
  if (fc__span_eq(oid, fc__oid_rsa_encryption, sizeof fc__oid_rsa_encryption)) {
    fc__span params = fc__span_of(s->sig_alg.params), null;
    if (params.len != 0 && (!fc__der_tlv(&params, 0x05, &null) || null.len != 0 || params.len != 0))
      return 0;
    s->sig_alg.kind = FC_SIGALG_RSA_PKCS1;
    s->sig_alg.hash = s->digest_alg;
  } else if (fc__span_eq(oid, fc__oid_ec_public_key, sizeof fc__oid_ec_public_key)) {
    s->sig_alg.kind = FC_SIGALG_ECDSA;
    s->sig_alg.hash = s->digest_alg;
  }
  if (!fc__der_tlv(&si, 0x04, &v) || v.len == 0) return 0;
  s->signature = fc__slice(v);
  if (fc__der_peek(&si, 0xa1)) {
    if (!fc__der_tlv(&si, 0xa1, &f) || f.len == 0 || !attributes_ok(f)) return 0;
    s->unsigned_attrs = fc__slice(f);
  }
  return si.len == 0;
}

/* 1 ok, 0 malformed, -1 beyond the bounds or another content type. */
static int parse(fc_pkcs7 *p7, fc__span in) {
  fc__span sd, f, v, oid;
  /* ContentInfo { signedData, [0] SignedData } or a bare SignedData */
  fc__span outer = in, ci;
  if (!fc__der_tlv(&outer, 0x30, &ci) || outer.len != 0) return 0;
  if (fc__der_peek(&ci, 0x06)) {
    if (!fc__der_tlv(&ci, 0x06, &oid)) return 0;
    if (!fc__span_eq(oid, kSignedData, sizeof kSignedData)) return -1;
    if (!fc__der_tlv(&ci, 0xa0, &f) || ci.len != 0 || !fc__der_tlv(&f, 0x30, &sd) || f.len != 0)
      return 0;
  } else {
    sd = ci;
  }
  if (!fc__der_uint(&sd, 2, &p7->version) || p7->version > 5) return 0;
  fc__span digests;
  if (!fc__der_tlv(&sd, 0x31, &digests)) return 0;
  while (digests.len > 0) {
    uint32_t h;
    if (!fc__x509_cms_digest_alg(&digests, &h)) return 0;
  }
  /* encapContentInfo { eContentType, [0] EXPLICIT content OPTIONAL } */
  fc__span eci;
  if (!fc__der_tlv(&sd, 0x30, &eci) || !fc__der_tlv(&eci, 0x06, &oid) || !fc__oid_ok(oid)) return 0;
  p7->content_type = fc__slice(oid);
  if (eci.len != 0) {
    fc__span whole;
    if (!fc__der_tlv(&eci, 0xa0, &f) || eci.len != 0 || f.len < 2 || (f.p[0] & 0x1f) == 0x1f) return 0;
    uint8_t tag = f.p[0];
    if (!fc__der_whole(&f, tag, &whole, &v) || f.len != 0) return 0;
    if (tag == 0x24) return 0; /* a constructed OCTET STRING is BER */
    if ((tag & 0x20) && !fc__der_valid(v)) return 0;
    p7->content = fc__slice(v);
    p7->content_whole = fc__slice(whole);
  }
  if (fc__der_peek(&sd, 0xa0)) { /* [0] IMPLICIT CertificateSet */
    fc__span certs, c;
    if (!fc__der_tlv(&sd, 0xa0, &certs)) return 0;
    while (certs.len > 0) {
      uint8_t tag = certs.p[0];
      if (tag >= 0xa0 && tag <= 0xa3) { /* extended, attribute or other certificates: skipped */
        if (!fc__der_tlv(&certs, tag, &c)) return 0;
        continue;
      }
      if (p7->n_certs == FC_PKCS7_MAX_CERTS) return -1;
      fc__span before = certs;
      if (!fc__der_tlv(&certs, 0x30, &c)) return 0;
      if (fc_x509_parse(&p7->certs[p7->n_certs], before.p, (size_t)(certs.p - before.p)) != FC_OK)
        return 0;
      p7->n_certs++;
    }
  }
  if (fc__der_peek(&sd, 0xa1) && (!fc__der_tlv(&sd, 0xa1, &f) || !fc__der_valid(f)))
    return 0; /* CRLs: checked as DER, not used */
  fc__span signers;
  if (!fc__der_tlv(&sd, 0x31, &signers) || sd.len != 0 || signers.len == 0) return 0;
  while (signers.len > 0) {
    if (p7->n_signers == FC_PKCS7_MAX_SIGNERS) return -1;
    if (!signer(&signers, &p7->signers[p7->n_signers])) return 0;
    p7->n_signers++;
  }
  return 1;
}

fc_err fc_pkcs7_parse(fc_pkcs7 *p7, const uint8_t *der, size_t der_len) {
  if (p7 == NULL) return FC_ERR_ARG;
  memset(p7, 0, sizeof *p7);
  if (der == NULL) return FC_ERR_ARG;
  fc__span in = {der, der_len};
  int r = parse(p7, in);
  if (r != 1) {
    memset(p7, 0, sizeof *p7);
    return r == 0 ? FC_ERR_DER : FC_ERR_UNSUPPORTED;
  }
  return FC_OK;
}
