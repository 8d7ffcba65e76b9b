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

#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_AUTHENTICODE_H */
