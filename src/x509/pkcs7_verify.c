/*
 * SignedData verification (RFC 5652 sections 5.4 and 5.6): per signer,
 * the content's digest, the signed attributes (contentType and
 * messageDigest, each exactly once with one value), the signature over
 * the attributes re-tagged as a SET (or over the content; ML-DSA, RFC
 * 9882, and SLH-DSA, RFC 9814, sign those bytes themselves, streamed,
 * where the others sign their digest), and the signer certificate's
 * chain. Every signer must verify. Stack: a digest context and two
 * digests beside one signature check.
 */
#include "x509/x509_internal.h"

static const uint8_t kContentType[9] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x03};
static const uint8_t kMessageDigest[9] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x04};

const fc_x509_cert *fc_pkcs7_signer_cert(const fc_pkcs7 *p7, const fc_pkcs7_signer *s) {
  if (p7 == NULL || s == NULL) return NULL;
  for (size_t i = 0; i < p7->n_certs; i++) {
    const fc_x509_cert *c = &p7->certs[i];
    if (s->ski.len != 0) {
      if ((c->flags & FC_X509_SKI) && c->ski.len == s->ski.len &&
          memcmp(c->ski.p, s->ski.p, s->ski.len) == 0)
        return c;
    } else if (c->serial.len == s->serial.len && memcmp(c->serial.p, s->serial.p, s->serial.len) == 0 &&
               fc_x509_name_match(c->issuer, s->issuer)) {
      return c;
    }
  }
  return NULL;
}

/* The signed attributes against the content type and digest: 1 when both
   attributes are present once, single-valued and equal. */
static int attrs_ok(fc_slice attrs_whole, fc_slice content_type, const uint8_t *md, size_t md_len) {
  fc__span all = fc__span_of(attrs_whole), attrs, a, type, vals, v;
  int seen_ct = 0, seen_md = 0;
  if (!fc__der_tlv(&all, 0xa0, &attrs)) return 0;
  while (attrs.len > 0) {
    if (!fc__der_tlv(&attrs, 0x30, &a) || !fc__der_tlv(&a, 0x06, &type) ||
        !fc__der_tlv(&a, 0x31, &vals) || a.len != 0)
      return 0;
    if (fc__span_eq(type, kContentType, sizeof kContentType)) {
      if (seen_ct++ || !fc__der_tlv(&vals, 0x06, &v) || vals.len != 0 ||
          !fc__span_eq(v, content_type.p, content_type.len))
        return 0;
    } else if (fc__span_eq(type, kMessageDigest, sizeof kMessageDigest)) {
      if (seen_md++ || !fc__der_tlv(&vals, 0x04, &v) || vals.len != 0 || !fc__span_eq(v, md, md_len))
        return 0;
    }
  }
  return seen_ct == 1 && seen_md == 1;
}

static fc_err verify_signer(const fc_pkcs7 *p7, const fc_pkcs7_signer *s, const uint8_t *data,
                            size_t len, const fc_x509_cert *trusted, size_t n_trusted,
                            uint32_t flags, int64_t now, void *ws, size_t ws_len,
                            const fc_x509_cert **cert_out) {
  const fc_x509_cert *cert = fc_pkcs7_signer_cert(p7, s);
  if (cert == NULL) return FC_ERR_SIG;
  if (s->digest_alg == 0 || s->sig_alg.kind == FC_SIGALG_UNKNOWN) return FC_ERR_UNSUPPORTED;
  /* RFC 9882, RFC 9814: ML-DSA and SLH-DSA sign the bytes, not a digest */
  int pure = s->sig_alg.kind == FC_SIGALG_MLDSA || s->sig_alg.kind == FC_SIGALG_SLHDSA;
  size_t dl = fc__x509_cms_digest_len(s->digest_alg);
  if (!pure && s->digest_alg > FC_SHA3_512) return FC_ERR_UNSUPPORTED; /* a SHAKE digest */
  if (!pure && s->sig_alg.hash != s->digest_alg) return FC_ERR_SIG; /* one hash names both */
  if (s->sig_alg.kind == FC_SIGALG_SLHDSA) {
    /* RFC 9814 section 4: a digest at least as strong as the set, 2n
       bytes. fc_slhdsa_param runs 128s, 128f, 192s, 192f, 256s, 256f for
       SHA2 then SHAKE: n = 16, 24, 32 by pairs (computed here, so that a
       build without FC_WITH_HASHSIG links no SLH-DSA code). */
    int set = fc__x509_slhdsa_set(fc__span_of(s->sig_alg.oid));
    size_t two_n = 32 + 16 * (size_t)(((set - 1) % 6) / 2);
    if (dl < two_n) return FC_ERR_SIG;
  }
  uint8_t md[FC_HASH_MAX_LEN], sd[FC_HASH_MAX_LEN];
  fc_hash_alg h = (fc_hash_alg)s->digest_alg;
  fc_err rc;
  static const uint8_t set_tag = 0x31;
  if (pure && s->signed_attrs.len == 0) {
    rc = fc__x509_verify_pure(cert->spki, &s->sig_alg, NULL, 0, data, len, s->signature.p,
                              s->signature.len, ws, ws_len);
    goto signed_checked;
  }
  rc = fc__x509_cms_digest(s->digest_alg, data, len, md);
  if (rc != FC_OK) return rc;
  const uint8_t *signed_digest = md;
  if (s->signed_attrs.len != 0) {
    if (!attrs_ok(s->signed_attrs, p7->content_type, md, dl)) return FC_ERR_SIG;
    if (pure) {
      rc = fc__x509_verify_pure(cert->spki, &s->sig_alg, &set_tag, 1, s->signed_attrs.p + 1,
                                s->signed_attrs.len - 1, s->signature.p, s->signature.len, ws,
                                ws_len);
      goto signed_checked;
    }
    /* the attributes' DER with the SET tag in place of [0] IMPLICIT */
    fc_hash_ctx ctx;
    if ((rc = fc_hash_init(&ctx, h)) != FC_OK || (rc = fc_hash_update(&ctx, &set_tag, 1)) != FC_OK ||
        (rc = fc_hash_update(&ctx, s->signed_attrs.p + 1, s->signed_attrs.len - 1)) != FC_OK ||
        (rc = fc_hash_final(&ctx, sd)) != FC_OK)
      return rc;
    signed_digest = sd;
  }
  rc = fc__x509_verify_digest(cert->spki, &s->sig_alg, signed_digest, s->signature.p,
                              s->signature.len, ws, ws_len);
signed_checked:
  if (rc != FC_OK) return rc == FC_ERR_KEY || rc == FC_ERR_DER ? FC_ERR_SIG : rc;
  rc = fc_x509_verify_chain(cert, p7->certs, p7->n_certs, trusted, n_trusted, flags, now, ws, ws_len,
                            NULL);
  if (rc == FC_OK) *cert_out = cert;
  return rc;
}

fc_err fc_pkcs7_verify(const fc_pkcs7 *p7, const uint8_t *content, size_t content_len,
                       const fc_x509_cert *trusted, size_t n_trusted, uint32_t flags, int64_t now,
                       void *ws, size_t ws_len, const fc_x509_cert **signer_cert) {
  if (signer_cert != NULL) *signer_cert = NULL;
  if (p7 == NULL || p7->n_signers == 0 || (content == NULL && content_len != 0) ||
      (trusted == NULL && n_trusted != 0) || ws == NULL || ws_len < FC_X509_SIG_WORKSPACE_BYTES)
    return FC_ERR_ARG;
  const uint8_t *data = content;
  size_t len = content_len;
  if (content == NULL) {
    if (p7->content_whole.len == 0) return FC_ERR_SIG; /* detached, and no content given */
    data = p7->content.p;
    len = p7->content.len;
  } else if (p7->content_whole.len != 0 &&
             (p7->content.len != len || (len != 0 && memcmp(p7->content.p, content, len) != 0))) {
    return FC_ERR_SIG; /* the attached content is not the one given */
  }
  const fc_x509_cert *first = NULL;
  for (size_t i = 0; i < p7->n_signers; i++) {
    const fc_x509_cert *c = NULL;
    fc_err rc = verify_signer(p7, &p7->signers[i], data, len, trusted, n_trusted, flags, now, ws,
                              ws_len, &c);
    if (rc != FC_OK) return rc;
    if (first == NULL) first = c;
  }
  if (signer_cert != NULL) *signer_cert = first;
  return FC_OK;
}
