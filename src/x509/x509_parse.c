/*
 * Certificate parsing (RFC 5280 section 4.1), strict DER, into slices of
 * the caller's buffer. No heap, no copies; a few hundred bytes of stack.
 */
#include "x509/x509_internal.h"


/* SubjectPublicKeyInfo (whole at *in): structure and key kind; the key
   itself is read by fc_x509_rsa_key / fc_x509_ec_key. */
static int spki(fc__span *in, fc_x509_cert *c) {
  fc__span whole, seq, alg, oid, bits;
  if (!fc__der_whole(in, 0x30, &whole, &seq) || !fc__der_tlv(&seq, 0x30, &alg) ||
      !fc__der_tlv(&alg, 0x06, &oid) || !fc__oid_ok(oid) || !fc__der_tlv(&seq, 0x03, &bits) ||
      seq.len != 0 || bits.len == 0)
    return 0;
  c->spki = fc__slice(whole);
  if (fc__span_eq(oid, fc__oid_rsa_encryption, sizeof fc__oid_rsa_encryption)) {
    c->key_kind = FC_KEY_RSA;
  } else if (fc__span_eq(oid, fc__oid_ec_public_key, sizeof fc__oid_ec_public_key)) {
    fc__span curve;
    if (!fc__der_tlv(&alg, 0x06, &curve) || !fc__oid_ok(curve)) return 0;
    c->key_kind = FC_KEY_EC;
    c->key_params = fc__slice(curve);
  } else if (fc__x509_mldsa_set(oid) && alg.len == 0) {
    c->key_kind = FC_KEY_MLDSA;
  } else if (fc__x509_slhdsa_set(oid) && alg.len == 0) {
    c->key_kind = FC_KEY_SLHDSA; /* RFC 9909 section 4: parameters absent */
  }
  return 1;
}

/* A BIT STRING with no unused bits (a signature): its octets. */
static int octet_bits(fc__span *in, fc__span *out) {
  fc__span b;
  if (!fc__der_tlv(in, 0x03, &b) || b.len < 1 || b.p[0] != 0) return 0;
  out->p = b.p + 1;
  out->len = b.len - 1;
  return 1;
}

static int parse(fc_x509_cert *c, fc__span in) {
  fc__span cert, tbs, tbs_whole, alg_whole, inner_whole, v, f;
  fc_sigalg inner;
  c->der = fc__slice(in);
  if (!fc__der_tlv(&in, 0x30, &cert) || in.len != 0) return 0;
  if (!fc__der_whole(&cert, 0x30, &tbs_whole, &tbs)) return 0;
  c->tbs = fc__slice(tbs_whole);
  if (!fc__x509_sigalg(&cert, &c->sig_alg, &alg_whole) || !octet_bits(&cert, &v) || cert.len != 0)
    return 0;
  c->signature = fc__slice(v);

  c->version = 1;
  if (fc__der_peek(&tbs, 0xa0)) {
    fc__span n;
    /* DEFAULT v1 is never encoded in DER: only v2 (1) or v3 (2) */
    if (!fc__der_tlv(&tbs, 0xa0, &f) || !fc__der_integer(&f, &n) || f.len != 0 || n.len != 1 ||
        n.p[0] < 1 || n.p[0] > 2)
      return 0;
    c->version = n.p[0] + 1u;
  }
  if (!fc__x509_serial(&tbs, &v)) return 0;
  c->serial = fc__slice(v);
  if (!fc__x509_sigalg(&tbs, &inner, &inner_whole)) return 0;
  if (inner_whole.len != alg_whole.len || memcmp(inner_whole.p, alg_whole.p, alg_whole.len) != 0)
    return 0;
  if (!fc__der_whole(&tbs, 0x30, &v, NULL) || !fc__x509_name_ok(v)) return 0;
  c->issuer = fc__slice(v);
  fc__span validity;
  if (!fc__der_tlv(&tbs, 0x30, &validity) || !fc__x509_time(&validity, &c->not_before) ||
      !fc__x509_time(&validity, &c->not_after) || validity.len != 0)
    return 0;
  if (!fc__der_whole(&tbs, 0x30, &v, NULL) || !fc__x509_name_ok(v)) return 0;
  c->subject = fc__slice(v);
  if (!spki(&tbs, c)) return 0;
  if (c->version >= 2) { /* issuerUniqueID [1], subjectUniqueID [2]: skipped */
    if (fc__der_peek(&tbs, 0x81) && !fc__der_tlv(&tbs, 0x81, &f)) return 0;
    if (fc__der_peek(&tbs, 0x82) && !fc__der_tlv(&tbs, 0x82, &f)) return 0;
  }
  if (c->version == 3 && fc__der_peek(&tbs, 0xa3)) {
    fc__span exts;
    if (!fc__der_tlv(&tbs, 0xa3, &f) || !fc__der_tlv(&f, 0x30, &exts) || f.len != 0 ||
        !fc__x509_extensions(c, exts))
      return 0;
  }
  return tbs.len == 0;
}

fc_err fc_x509_parse(fc_x509_cert *cert, const uint8_t *der, size_t der_len) {
  if (cert == NULL) return FC_ERR_ARG;
  memset(cert, 0, sizeof *cert);
  if (der == NULL) return FC_ERR_ARG;
  fc__span in = {der, der_len};
  if (!parse(cert, in)) {
    memset(cert, 0, sizeof *cert);
    return FC_ERR_DER;
  }
  return FC_OK;
}

fc_err fc_x509_rsa_key(const fc_x509_cert *cert, fc_rsa_pubkey *key) {
  if (cert == NULL || key == NULL || cert->version == 0) return FC_ERR_ARG;
  if (cert->key_kind != FC_KEY_RSA) return FC_ERR_UNSUPPORTED;
  return fc_rsa_pubkey_from_der(key, cert->spki.p, cert->spki.len);
}

fc_err fc_x509_ec_key(const fc_x509_cert *cert, fc_ec_pubkey *key) {
  if (cert == NULL || key == NULL || cert->version == 0) return FC_ERR_ARG;
  if (cert->key_kind != FC_KEY_EC) return FC_ERR_UNSUPPORTED;
  return fc_ec_pubkey_from_der(key, cert->spki.p, cert->spki.len);
}

fc_err fc_x509_mldsa_key(const fc_x509_cert *cert, fc_mldsa_pubkey *key) {
  if (cert == NULL || key == NULL || cert->version == 0) return FC_ERR_ARG;
#if defined(FC_HAVE_MLDSA)
  if (cert->key_kind != FC_KEY_MLDSA) return FC_ERR_UNSUPPORTED;
  return fc_mldsa_pubkey_from_der(key, cert->spki.p, cert->spki.len);
#else
  return FC_ERR_UNSUPPORTED;
#endif
}

fc_err fc_x509_slhdsa_key(const fc_x509_cert *cert, fc_slhdsa_pubkey *key) {
  if (cert == NULL || key == NULL || cert->version == 0) return FC_ERR_ARG;
#if defined(FC_HAVE_HASHSIG)
  if (cert->key_kind != FC_KEY_SLHDSA) return FC_ERR_UNSUPPORTED;
  return fc_slhdsa_pubkey_from_der(key, cert->spki.p, cert->spki.len);
#else
  return FC_ERR_UNSUPPORTED;
#endif
}
