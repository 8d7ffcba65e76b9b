/*
 * fastcrypt authenticode: PE/COFF image hashing and Authenticode signature
 * verification (Microsoft, "Windows Authenticode Portable Executable
 * Signature Format"; the PE format: "PE Format", Microsoft Learn), as UEFI
 * Secure Boot checks a driver or boot loader. Heap-free; public data:
 * variable time.
 */
#ifndef FASTCRYPT_AUTHENTICODE_H
#define FASTCRYPT_AUTHENTICODE_H

#include "fastcrypt/pkcs7.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The Authenticode hash of a PE/COFF image (PE32 or PE32+) with alg: the
 * headers without the CheckSum field and the certificate table's
 * directory entry, the sections in file order (by PointerToRawData),
 * then any data after them up to the certificate table (which must be the
 * file's last bytes when present). FC_ERR_DER: not a PE image, or a header,
 * section or certificate table outside the file, sections overlapping the
 * headers or the certificate table, more than 96 sections. digest holds
 * fc_hash_len(alg) bytes.
 */
fc_err fc_pe_hash(fc_hash_alg alg, const uint8_t *image, size_t len, uint8_t *digest);

/*
 * The image's certificate table (its Security data directory): FC_OK and
 * *table (empty when the image is unsigned); FC_ERR_DER as fc_pe_hash.
 */
fc_err fc_pe_cert_table(const uint8_t *image, size_t len, fc_slice *table);

/*
 * The next PKCS#7 SignedData of a certificate table (WIN_CERTIFICATE
 * entries, revision 2.0, type PKCS_SIGNED_DATA; others skipped), *cursor
 * advanced past it: FC_OK with *p7der (the SignedData's DER: up to 7 zero
 * bytes of padding after it inside the entry, as signers write, are left
 * out), FC_ERR_SIG at the end of the table (also for an empty one),
 * FC_ERR_DER for a malformed entry.
 */
fc_err fc_pe_next_signature(fc_slice *cursor, fc_slice *p7der);

/*
 * The digest an Authenticode SignedData signs: its content must be an
 * SpcIndirectDataContent (1.3.6.1.4.1.311.2.1.4); *alg and *digest (a
 * slice into the SignedData) from its DigestInfo. FC_ERR_DER when
 * malformed, FC_ERR_UNSUPPORTED for another content type or an unknown
 * digest algorithm.
 */
fc_err fc_authenticode_digest(const fc_pkcs7 *p7, fc_hash_alg *alg, fc_slice *digest);

/*
 * Authenticode verification, as EDK2's AuthenticodeVerify: the
 * SpcIndirectDataContent's digest equals image_hash (made with the
 * algorithm fc_authenticode_digest names, hash_len its length), and the
 * SignedData verifies over that content (fc_pkcs7_verify: every signer,
 * chains to `trusted` with flags and now). FC_OK, FC_ERR_SIG (a digest
 * mismatch or fc_pkcs7_verify's), FC_ERR_DER / FC_ERR_UNSUPPORTED as
 * fc_authenticode_digest, FC_ERR_ARG.
 */
fc_err fc_authenticode_verify(const fc_pkcs7 *p7, const uint8_t *image_hash, size_t hash_len,
                              const fc_x509_cert *trusted, size_t n_trusted, uint32_t flags,
                              int64_t now, void *ws, size_t ws_len, const fc_x509_cert **signer_cert);

/*
 * RFC 3161 timestamps of Authenticode signatures, as EDK2's
 * ImageTimestampVerify checks them against dbt: a TimeStampToken (a
 * ContentInfo holding a SignedData whose eContent is a TSTInfo) in the
 * signer's unsigned attribute 1.3.6.1.4.1.311.3.3.1 (Microsoft's "RFC 3161
 * countersignature", as signtool and osslsigncode -ts write it).
 */
typedef struct {
  fc_slice policy;        /* TSAPolicyId's OID content octets */
  fc_hash_alg imprint_alg; /* messageImprint's hashAlgorithm */
  fc_slice imprint;       /* messageImprint's hashedMessage */
  fc_slice serial;        /* serialNumber's content octets */
  int64_t gen_time;       /* genTime, seconds since 1970-01-01 UTC (a fraction dropped) */
} fc_tst_info;
/*
 * The TimeStampToken countersigning `signer`: FC_OK with *token (its DER,
 * for fc_pkcs7_parse), FC_ERR_SIG when the signer has none, FC_ERR_DER
 * when its unsigned attributes are malformed or hold two tokens.
 */
fc_err fc_authenticode_timestamp_token(const fc_pkcs7_signer *signer, fc_slice *token);
/*
 * The TSTInfo of a parsed TimeStampToken (version 1; genTime
 * YYYYMMDDhhmmss[.f...]Z; what follows genTime is checked as DER but not
 * decoded). FC_ERR_UNSUPPORTED: eContentType is not id-ct-TSTInfo, or the
 * imprint's hash algorithm is unknown; FC_ERR_DER: malformed, detached, or
 * not exactly one signer.
 */
fc_err fc_timestamp_info(const fc_pkcs7 *token, fc_tst_info *info);
/*
 * Verifies `token` as the timestamp of `signer`: the TSTInfo's
 * messageImprint equals the digest of signer->signature (its octets) with
 * the imprint's algorithm; the token's SignedData verifies over its
 * TSTInfo (fc_pkcs7_verify, its certificates as intermediates) to one of
 * `trusted` (the TSA's certificates: EDK2's dbt) with flags and now; its
 * signer's certificate carries extKeyUsage id-kp-timeStamping (RFC 3161
 * section 2.3). *gen_time (may be NULL) receives the TSTInfo's time.
 * FC_OK; FC_ERR_SIG (an imprint that differs, a missing EKU or
 * fc_pkcs7_verify's); FC_ERR_DER / FC_ERR_UNSUPPORTED as fc_timestamp_info;
 * FC_ERR_ARG as fc_pkcs7_verify.
 */
fc_err fc_timestamp_verify(const fc_pkcs7 *token, const fc_pkcs7_signer *signer,
                           const fc_x509_cert *trusted, size_t n_trusted, uint32_t flags,
                           int64_t now, void *ws, size_t ws_len, int64_t *gen_time);
#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_AUTHENTICODE_H */
