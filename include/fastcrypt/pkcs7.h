/*
 * fastcrypt pkcs7: PKCS#7 / CMS SignedData verification (RFC 2315, RFC
 * 5652), heap-free: a parsed SignedData refers to slices of the caller's
 * DER and holds its certificates parsed (fastcrypt/x509.h). Public data:
 * variable time.
 */
#ifndef FASTCRYPT_PKCS7_H
#define FASTCRYPT_PKCS7_H

#include "fastcrypt/x509.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bounds of a parsed SignedData: more certificates or signers are
   FC_ERR_UNSUPPORTED. */
#define FC_PKCS7_MAX_CERTS   16
#define FC_PKCS7_MAX_SIGNERS 4

typedef struct {
  fc_slice issuer;        /* sid IssuerAndSerialNumber: the Name (whole) ... */
  fc_slice serial;        /* ... and the serial's content octets */
  fc_slice ski;           /* sid [0] subjectKeyIdentifier: its octets (issuer, serial empty) */
  uint32_t digest_alg;    /* fc_hash_alg of digestAlgorithm, or FC_SLHDSA_PH_SHAKE128 /
                             FC_SLHDSA_PH_SHAKE256 for id-shake128 / id-shake256 (RFC
                             8702: 32- and 64-byte digests); 0 when unknown */
  fc_sigalg sig_alg;      /* signatureAlgorithm (rsaEncryption reads as RSA PKCS#1 with digest_alg) */
  fc_slice signed_attrs;  /* [0] signedAttrs, whole TLV (tag A0); empty when absent */
  fc_slice signature;     /* the signature's octets */
  fc_slice unsigned_attrs; /* [1] unsignedAttrs' content; empty when absent */
} fc_pkcs7_signer;

typedef struct {
  uint32_t version;             /* SignedData's */
  fc_slice content_type;        /* eContentType's OID content octets */
  fc_slice content;             /* attached content: an OCTET STRING's octets, or (another
                                   type, as Authenticode's) the value's content octets */
  fc_slice content_whole;       /* the attached content's whole TLV; empty when detached */
  size_t n_certs, n_signers;
  fc_x509_cert certs[FC_PKCS7_MAX_CERTS];
  fc_pkcs7_signer signers[FC_PKCS7_MAX_SIGNERS];
} fc_pkcs7;

/*
 * Parses a ContentInfo holding a SignedData, or a bare SignedData (EDK2's
 * callers pass both). Strict DER (definite lengths: BER's indefinite
 * lengths are refused), every certificate as fc_x509_parse takes it, at
 * least one signer. FC_ERR_DER: malformed; FC_ERR_UNSUPPORTED: another
 * content type, or more than the bounds above; FC_ERR_ARG: NULL. On
 * failure *p7 is cleared. p7 refers to der, which must outlive it.
 */
fc_err fc_pkcs7_parse(fc_pkcs7 *p7, const uint8_t *der, size_t der_len);

/*
 * Verifies every signer of p7 over the content: `content` (detached; when
 * p7 also carries content, the two must be equal) or, content NULL, the
 * attached one. Per signer: its certificate (by issuer and serial, or by
 * subjectKeyIdentifier) among p7's; with signed attributes, contentType
 * equal to eContentType and messageDigest equal to the content's digest,
 * and the signature over the attributes' DER re-tagged as a SET; without,
 * the signature over the content. Then its certificate's chain to one of
 * `trusted` with p7's certificates as intermediates (fc_x509_verify_chain
 * with flags and now). signer_cert (may be NULL) receives the first
 * signer's certificate.
 * ML-DSA (RFC 9882) and SLH-DSA (RFC 9814) signers sign the re-tagged
 * attributes or the content themselves, not a digest; an SLH-DSA signer's
 * digestAlgorithm must be at least as strong as its set (RFC 9814 section
 * 4): a digest of at least 2n bytes, so SHA-256 and SHAKE128 (or longer)
 * for the 128-bit sets, SHA-384, SHA-512 or SHAKE256 for the 192-bit
 * ones, SHA-512 or SHAKE256 for the 256-bit ones; else FC_ERR_SIG. SHAKE
 * digests serve ML-DSA and SLH-DSA signers only (FC_ERR_UNSUPPORTED for
 * another).
 * FC_OK: every signer verifies. FC_ERR_SIG: one does not (altered content
 * or attributes, a bad signature, no chain, a missing certificate, no
 * content). FC_ERR_UNSUPPORTED: an unknown digest or signature algorithm.
 * FC_ERR_ARG: NULL arguments, an unparsed p7, a workspace below
 * FC_X509_SIG_WORKSPACE_BYTES.
 */
fc_err fc_pkcs7_verify(const fc_pkcs7 *p7, const uint8_t *content, size_t content_len,
                       const fc_x509_cert *trusted, size_t n_trusted, uint32_t flags, int64_t now,
                       void *ws, size_t ws_len, const fc_x509_cert **signer_cert);

/* The signer's certificate among p7's (by its sid): NULL when absent. */
const fc_x509_cert *fc_pkcs7_signer_cert(const fc_pkcs7 *p7, const fc_pkcs7_signer *signer);

/*
 * EDK2's VerifyEKUsInPkcs7Signature policy on p7's first signer's
 * certificate (the leaf): its extKeyUsage must list every one of the n
 * OIDs in `ekus` (content octets, fc_oid_from_text makes them from dotted
 * text) when require_all is nonzero, at least one otherwise. FC_OK;
 * FC_ERR_SIG when the rule fails (also without extKeyUsage, or when the
 * signer's certificate is not in p7); FC_ERR_ARG: NULL, n == 0, an empty
 * OID, an unparsed p7. Checks no signature: call fc_pkcs7_verify too.
 */
fc_err fc_pkcs7_check_ekus(const fc_pkcs7 *p7, const fc_slice *ekus, size_t n, int require_all);
#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_PKCS7_H */
