/*
 * Authenticode's SignedData: the SpcIndirectDataContent it signs
 * (SEQUENCE { SpcAttributeTypeAndOptionalValue, DigestInfo }) and its
 * verification against a caller's image hash, as EDK2's AuthenticodeVerify
 * does: the DigestInfo digest equal to the image hash, then the SignedData
 * over its content (the SpcIndirectDataContent's value octets, which the
 * messageDigest attribute covers).
 */
#include "fastcrypt/authenticode.h"

#include "x509/x509_internal.h"

static const uint8_t kSpcIndirectData[10] = {0x2b, 0x06, 0x01, 0x04, 0x01,
                                             0x82, 0x37, 0x02, 0x01, 0x04};

fc_err fc_authenticode_digest(const fc_pkcs7 *p7, fc_hash_alg *alg, fc_slice *digest) {
  if (p7 == NULL || alg == NULL || digest == NULL || p7->n_signers == 0) return FC_ERR_ARG;
  if (!fc__span_eq(fc__span_of(p7->content_type), kSpcIndirectData, sizeof kSpcIndirectData))
    return FC_ERR_UNSUPPORTED;
  fc__span whole = fc__span_of(p7->content_whole), spc, attr, oid, di, d;
  uint32_t h;
  if (!fc__der_tlv(&whole, 0x30, &spc) || whole.len != 0 || !fc__der_tlv(&spc, 0x30, &attr) ||
      !fc__der_tlv(&attr, 0x06, &oid) || !fc__oid_ok(oid) || !fc__der_tlv(&spc, 0x30, &di) ||
      spc.len != 0 || !fc__x509_digest_alg(&di, &h) || !fc__der_tlv(&di, 0x04, &d) || di.len != 0)
    return FC_ERR_DER;
  if (h == 0) return FC_ERR_UNSUPPORTED;
  if (d.len != fc_hash_len((fc_hash_alg)h)) return FC_ERR_DER;
  *alg = (fc_hash_alg)h;
  *digest = fc__slice(d);
  return FC_OK;
}

fc_err fc_authenticode_verify(const fc_pkcs7 *p7, const uint8_t *image_hash, size_t hash_len,
                              const fc_x509_cert *trusted, size_t n_trusted, uint32_t flags,
                              int64_t now, void *ws, size_t ws_len, const fc_x509_cert **signer_cert) {
  if (signer_cert != NULL) *signer_cert = NULL;
  if (image_hash == NULL) return FC_ERR_ARG;
  fc_hash_alg alg;
  fc_slice d;
  fc_err rc = fc_authenticode_digest(p7, &alg, &d);
  if (rc != FC_OK) return rc;
  if (hash_len != d.len || memcmp(image_hash, d.p, d.len) != 0) return FC_ERR_SIG;
  return fc_pkcs7_verify(p7, NULL, 0, trusted, n_trusted, flags, now, ws, ws_len, signer_cert);
}
