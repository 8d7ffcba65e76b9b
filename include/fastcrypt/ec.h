/*
 * fastcrypt ec: ECDSA verification on P-256 and P-384 (FIPS 186-5, SEC 1).
 * Public data only (keys, signatures, digests): variable time.
 */
#ifndef FASTCRYPT_EC_H
#define FASTCRYPT_EC_H

#include "fastcrypt/hash.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { FC_P256 = 1, FC_P384 } fc_curve;

/* Largest field element and order: P-384's 48 bytes. */
#define FC_EC_MAX_BYTES 48

/*
 * An EC public key. Callers allocate it (no heap); fields are filled by the
 * initialisers only. x and y: the affine point in the Montgomery form every
 * kernel shares (x * 2^256 or x * 2^384 mod p, 64-bit little-endian limbs).
 */
struct fc_ec_pubkey {
  uint32_t curve;   /* fc_curve; 0 when not initialised */
  uint32_t nbytes;  /* 32 or 48 */
  uint64_t x[6];
  uint64_t y[6];
};
typedef struct fc_ec_pubkey fc_ec_pubkey;

/*
 * SEC1 point: 0x04 || X || Y, or compressed 0x02/0x03 || X, each coordinate
 * the field's length. The point is checked: coordinates below p, on the
 * curve, not the point at infinity (P-256 and P-384 have cofactor 1, so
 * every such point has the group's order). FC_ERR_KEY: any other encoding
 * (hybrid 0x06/0x07, a wrong length, infinity), an off-curve point, a
 * coordinate >= p, an x with no square root. FC_ERR_ARG: NULL key or
 * point, unknown curve. On failure *key is cleared.
 */
fc_err fc_ec_pubkey_init(fc_ec_pubkey *key, fc_curve curve, const uint8_t *point, size_t len);

/* SubjectPublicKeyInfo (RFC 5480): id-ecPublicKey with namedCurve prime256v1
   or secp384r1, strict DER; the point as fc_ec_pubkey_init takes it
   (compressed accepted). FC_ERR_DER: malformed DER or another algorithm or
   curve (FC_ERR_UNSUPPORTED for a well-formed named curve we lack, such as
   secp521r1); FC_ERR_KEY: a bad point. On failure *key is cleared. */
fc_err fc_ec_pubkey_from_der(fc_ec_pubkey *key, const uint8_t *der, size_t der_len);

/* The key's curve, 0 for NULL or a key that is not initialised. */
fc_curve fc_ec_pubkey_curve(const fc_ec_pubkey *key);

/*
 * ECDSA verification of a digest. digest: any length >= 1; bits2int of
 * FIPS 186-5 (its leftmost bits, as many as the order has). sig: DER
 * ECDSA-Sig-Value (SEQUENCE of two INTEGERs), strict DER: minimal lengths
 * and INTEGERs, no trailing bytes. FC_OK only for a valid signature;
 * FC_ERR_SIG for any signature that does not verify, including r or s
 * equal to 0 or at least n and a signature that is not strict DER;
 * FC_ERR_ARG for NULL pointers, a key that is not initialised, or an empty
 * digest. Stack: at most 4 KiB on every kernel (docs/ec.md).
 */
fc_err fc_ecdsa_verify(const fc_ec_pubkey *key, const uint8_t *digest, size_t digest_len,
                       const uint8_t *sig, size_t sig_len);

/* sig: r || s, each the order's length (IEEE P1363, as EDK2's EcDsaVerify
   and JOSE take it); another length is FC_ERR_SIG. Otherwise as
   fc_ecdsa_verify. */
fc_err fc_ecdsa_verify_raw(const fc_ec_pubkey *key, const uint8_t *digest, size_t digest_len,
                           const uint8_t *sig, size_t sig_len);

/* Hashes msg with hash (any fc_hash_alg, SHA-3 included), then
   fc_ecdsa_verify (DER signature). msg may be NULL when len is 0.
   FC_ERR_ARG for an unknown hash. */
fc_err fc_ecdsa_verify_msg(const fc_ec_pubkey *key, fc_hash_alg hash, const void *msg, size_t len,
                           const uint8_t *sig, size_t sig_len);

#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_EC_H */
