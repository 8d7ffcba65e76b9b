/*
 * RFC 3161 timestamps of Authenticode signatures: the TimeStampToken in a
 * signer's unsigned attributes, its TSTInfo (RFC 3161 section 2.4.2) and
 * its verification as EDK2's ImageTimestampVerify does it (the imprint
 * over the countersigned signature, the token's SignedData to a TSA
 * certificate). Public data: variable time.
 */
#include "fastcrypt/authenticode.h"

#include "x509/x509_internal.h"

/* 1.3.6.1.4.1.311.3.3.1: Microsoft's RFC 3161 countersignature attribute */
static const uint8_t kMsRfc3161[10] = {0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x03, 0x03, 0x01};
/* 1.2.840.113549.1.9.16.1.4: id-ct-TSTInfo */
static const uint8_t kTstInfo[11] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x10, 0x01, 0x04};
/* 1.3.6.1.5.5.7.3.8: id-kp-timeStamping */
static const uint8_t kTimeStamping[8] = {0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x08};

fc_err fc_authenticode_timestamp_token(const fc_pkcs7_signer *signer, fc_slice *token) {
  if (signer == NULL || token == NULL) return FC_ERR_ARG;
  token->p = NULL;
  token->len = 0;
  fc__span attrs = fc__span_of(signer->unsigned_attrs), a, type, vals, whole;
  int found = 0;
  while (attrs.len > 0) {
    if (!fc__der_tlv(&attrs, 0x30, &a) || !fc__der_tlv(&a, 0x06, &type) || !fc__oid_ok(type) ||
        !fc__der_tlv(&a, 0x31, &vals) || a.len != 0)
      return FC_ERR_DER;
    if (!fc__span_eq(type, kMsRfc3161, sizeof kMsRfc3161)) continue;
    if (found++ || !fc__der_whole(&vals, 0x30, &whole, NULL) || vals.len != 0) return FC_ERR_DER;
    *token = fc__slice(whole);
  }
  return found ? FC_OK : FC_ERR_SIG;
}

/* A GeneralizedTime with an optional fraction of a second (RFC 3161:
   YYYYMMDDhhmmss[.f...]Z, the fraction without trailing zeros), read by
   the certificate time parser once the fraction is checked and dropped. */
static int gen_time(fc__span *in, int64_t *t) {
  fc__span v;
  if (!fc__der_tlv(in, 0x18, &v) || v.len < 15 || v.p[v.len - 1] != 'Z') return 0;
  if (v.len > 15) {
    if (v.len < 17 || v.p[14] != '.' || v.p[v.len - 2] == '0') return 0;
    for (size_t i = 15; i + 1 < v.len; i++)
      if (v.p[i] < '0' || v.p[i] > '9') return 0;
  }
  uint8_t tlv[17] = {0x18, 15};
  memcpy(tlv + 2, v.p, 14);
  tlv[16] = 'Z';
  fc__span s = {tlv, sizeof tlv};
  return fc__x509_time(&s, t);
}

fc_err fc_timestamp_info(const fc_pkcs7 *token, fc_tst_info *info) {
  if (token == NULL || info == NULL) return FC_ERR_ARG;
  memset(info, 0, sizeof *info);
  if (!fc__span_eq(fc__span_of(token->content_type), kTstInfo, sizeof kTstInfo))
    return FC_ERR_UNSUPPORTED;
  if (token->content_whole.len == 0 || token->n_signers != 1) return FC_ERR_DER;
  fc__span all = fc__span_of(token->content), tst, policy, mi, imprint, serial, v;
  uint32_t version, h;
  if (!fc__der_tlv(&all, 0x30, &tst) || all.len != 0 || !fc__der_uint(&tst, 1, &version) ||
      version != 1 || !fc__der_tlv(&tst, 0x06, &policy) || !fc__oid_ok(policy) ||
      !fc__der_tlv(&tst, 0x30, &mi) || !fc__x509_digest_alg(&mi, &h) ||
      !fc__der_tlv(&mi, 0x04, &imprint) || mi.len != 0 || !fc__der_integer(&tst, &serial) ||
      !gen_time(&tst, &info->gen_time))
    return FC_ERR_DER;
  /* accuracy, ordering, nonce, tsa, extensions: well-formed TLVs */
  while (tst.len > 0)
    if ((tst.p[0] & 0x1f) == 0x1f || !fc__der_tlv(&tst, tst.p[0], &v)) return FC_ERR_DER;
  if (h == 0) return FC_ERR_UNSUPPORTED;
  if (imprint.len != fc_hash_len((fc_hash_alg)h)) return FC_ERR_DER;
  info->policy = fc__slice(policy);
  info->imprint_alg = (fc_hash_alg)h;
  info->imprint = fc__slice(imprint);
  info->serial = fc__slice(serial);
  return FC_OK;
}

fc_err fc_timestamp_verify(const fc_pkcs7 *token, const fc_pkcs7_signer *signer,
                           const fc_x509_cert *trusted, size_t n_trusted, uint32_t flags,
                           int64_t now, void *ws, size_t ws_len, int64_t *gen_time_out) {
  if (gen_time_out != NULL) *gen_time_out = 0;
  if (signer == NULL) return FC_ERR_ARG;
  fc_tst_info info;
  fc_err rc = fc_timestamp_info(token, &info);
  if (rc != FC_OK) return rc;
  uint8_t md[FC_HASH_MAX_LEN];
  if ((rc = fc_hash(info.imprint_alg, signer->signature.p, signer->signature.len, md)) != FC_OK)
    return rc;
  if (memcmp(md, info.imprint.p, info.imprint.len) != 0) return FC_ERR_SIG;
  const fc_x509_cert *tsa = NULL;
  rc = fc_pkcs7_verify(token, NULL, 0, trusted, n_trusted, flags, now, ws, ws_len, &tsa);
  if (rc != FC_OK) return rc;
  if (!fc_x509_has_eku(tsa, kTimeStamping, sizeof kTimeStamping)) return FC_ERR_SIG;
  if (gen_time_out != NULL) *gen_time_out = info.gen_time;
  return FC_OK;
}
