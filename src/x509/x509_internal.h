/*
 * The x509 family's internal contract: DER helpers beyond core's, the OIDs
 * it knows, and the pieces the parser is made of. Built on rsa, ec and
 * hash (docs/architecture.md).
 */
#ifndef FC_X509_INTERNAL_H
#define FC_X509_INTERNAL_H

#include "core/fc_internal.h"
#include "fastcrypt/pkcs7.h"
#include "fastcrypt/x509.h"

/* 1 when the next TLV of *in has this tag (nothing consumed). */
static inline int fc__der_peek(const fc__span *in, uint8_t tag) {
  return in->len > 0 && in->p[0] == tag;
}

/* One TLV with tag `tag` as a whole (tag and length included) in *whole,
   its content in *val (may be NULL); *in advanced. 0 when malformed. */
int fc__der_whole(fc__span *in, uint8_t tag, fc__span *whole, fc__span *val);

/* A non-negative INTEGER (minimal, fc__der_integer) of at most max_len
   content octets (the 00 sign octet counted), max_len <= 4: 1 and *v. */
int fc__der_uint(fc__span *in, size_t max_len, uint32_t *v);

/* A sequence of well-formed DER TLVs (fc__der_tlv's lengths, one-octet
   tags), constructed ones (tag bit 0x20) checked inside, at most
   FC__DER_MAX_DEPTH levels deep: 1, else 0. Content octets are not
   interpreted. Iterative: its stack does not grow with the depth. */
#define FC__DER_MAX_DEPTH 32
int fc__der_valid(fc__span s);

/* A serial number: an INTEGER, minimal; negative and zero ones are
   accepted (RFC 5280 4.1.2.2 asks users to handle them gracefully). */
int fc__x509_serial(fc__span *in, fc__span *v);

/* OIDs (content octets) more than one file compares with. */
extern const uint8_t fc__oid_rsa_encryption[9]; /* 1.2.840.113549.1.1.1 */
extern const uint8_t fc__oid_ec_public_key[7];  /* 1.2.840.10045.2.1 */

/* An OID's content is well formed: non-empty, each arc minimal (no 0x80
   lead octet) and ended (last octet below 0x80). */
int fc__oid_ok(fc__span oid);

static inline int fc__span_eq(fc__span a, const uint8_t *b, size_t blen) {
  return a.len == blen && (blen == 0 || memcmp(a.p, b, blen) == 0);
}
static inline fc_slice fc__slice(fc__span s) {
  fc_slice r = {s.p, s.len};
  return r;
}
static inline fc__span fc__span_of(fc_slice s) {
  fc__span r = {s.p, s.len};
  return r;
}

/* An AlgorithmIdentifier (whole TLV at *in) as a signature algorithm;
   0 when malformed DER or malformed parameters of a known algorithm. */
int fc__x509_sigalg(fc__span *in, fc_sigalg *alg, fc__span *whole);

/* A digest AlgorithmIdentifier (parameters NULL or absent): 1 and *hash
   its fc_hash_alg (0 when unknown); 0 when malformed. */
int fc__x509_digest_alg(fc__span *in, uint32_t *hash);

/* A Time (UTCTime or GeneralizedTime) as seconds since 1970; 0 when
   malformed. */
int fc__x509_time(fc__span *in, int64_t *t);

/* A Name (whole TLV): SEQUENCE OF SET OF SEQUENCE { OID, value }, each
   level well formed and non-empty; 0 otherwise. */
int fc__x509_name_ok(fc__span name);

/* cert's extensions (content of Extensions) decoded into cert; 0 when
   malformed or duplicated. */
int fc__x509_extensions(fc_x509_cert *cert, fc__span exts);

/* id-ml-dsa-44/65/87's fc_mldsa_param from an OID's content octets, 0 for
   another OID. */
int fc__x509_mldsa_set(fc__span oid);

/* An ML-DSA signature (alg->kind FC_SIGALG_MLDSA) by spki's key over
   head || body (pure ML-DSA, empty context; head lets PKCS#7 re-tag its
   signed attributes without a copy); the key in ws. fc_x509_verify_sig's
   codes. */
fc_err fc__x509_verify_mldsa(fc_slice spki, const fc_sigalg *alg, const uint8_t *head,
                             size_t head_len, const uint8_t *body, size_t body_len,
                             const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len);

/* id-slh-dsa-sha2-128s .. id-slh-dsa-shake-256f's fc_slhdsa_param from an
   OID's content octets (2.16.840.1.101.3.4.3.20 .. .31), 0 for another
   OID. */
int fc__x509_slhdsa_set(fc__span oid);

/* An SLH-DSA signature (alg->kind FC_SIGALG_SLHDSA) by spki's key over
   head || body: pure SLH-DSA with the empty context (RFC 9909 section 3,
   RFC 9814 section 4), streamed so that nothing is copied; the key in ws.
   sig is read in place. fc_x509_verify_sig's codes. */
fc_err fc__x509_verify_slhdsa(fc_slice spki, const fc_sigalg *alg, const uint8_t *head,
                              size_t head_len, const uint8_t *body, size_t body_len,
                              const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len);

/* A signature that signs the data itself (FC_SIGALG_MLDSA or
   FC_SIGALG_SLHDSA) over head || body: fc__x509_verify_mldsa or
   fc__x509_verify_slhdsa by alg->kind; FC_ERR_UNSUPPORTED for another
   kind. */
fc_err fc__x509_verify_pure(fc_slice spki, const fc_sigalg *alg, const uint8_t *head,
                            size_t head_len, const uint8_t *body, size_t body_len,
                            const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len);

/* A CMS digestAlgorithm: fc__x509_digest_alg's, and besides id-shake128 /
   id-shake256 (2.16.840.1.101.3.4.2.11 / .12, parameters absent, RFC 8702
   section 3) as FC_SLHDSA_PH_SHAKE128 / FC_SLHDSA_PH_SHAKE256. */
int fc__x509_cms_digest_alg(fc__span *in, uint32_t *hash);

/* The digest a CMS digestAlgorithm names (fc__x509_cms_digest_alg's
   values): its length (SHAKE128: 32, SHAKE256: 64), 0 when unknown. */
size_t fc__x509_cms_digest_len(uint32_t hash);

/* That digest of data into out (fc__x509_cms_digest_len(hash) bytes). */
fc_err fc__x509_cms_digest(uint32_t hash, const uint8_t *data, size_t len, uint8_t *out);

/* fc_x509_verify_sig on a digest already made with alg->hash (known,
   alg->kind not UNKNOWN). */
fc_err fc__x509_verify_digest(fc_slice spki, const fc_sigalg *alg, const uint8_t *digest,
                              const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len);

#endif /* FC_X509_INTERNAL_H */
