/*
 * fastcrypt mldsa: ML-DSA-44, -65 and -87 signature verification (FIPS 204).
 * Public data only (keys, signatures, messages): variable time. No heap:
 * the key is caller-allocated and verification runs on the stack, within
 * FC_MLDSA_STACK_MAX bytes on every kernel (docs/mldsa.md).
 */
#ifndef FASTCRYPT_MLDSA_H
#define FASTCRYPT_MLDSA_H

#include "fastcrypt/hash.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { FC_ML_DSA_44 = 1, FC_ML_DSA_65, FC_ML_DSA_87 } fc_mldsa_param;

/* Encoded lengths (FIPS 204 Table 2): public key, signature. */
#define FC_MLDSA44_PK_LEN 1312
#define FC_MLDSA65_PK_LEN 1952
#define FC_MLDSA87_PK_LEN 2592
#define FC_MLDSA44_SIG_LEN 2420
#define FC_MLDSA65_SIG_LEN 3309
#define FC_MLDSA87_SIG_LEN 4627
#define FC_MLDSA_PK_MAX FC_MLDSA87_PK_LEN
#define FC_MLDSA_SIG_MAX FC_MLDSA87_SIG_LEN
/* Stack bytes any verification call uses at most, any kernel, x86-64 and
   AArch64 (measured by tests/mldsa/test_mldsa_stack.cpp; docs/mldsa.md). */
#define FC_MLDSA_STACK_MAX 16384

/*
 * An ML-DSA public key (2,672 bytes). Callers allocate it (no heap); the
 * initialisers fill it. It holds the encoded key pk = rho || t1 (t1 stays
 * packed: verification unpacks one row at a time) and caches
 * tr = SHAKE256(pk, 64), which every message hash needs.
 */
struct fc_mldsa_pubkey {
  uint32_t param;  /* fc_mldsa_param; 0 when not initialised */
  uint32_t pk_len; /* bytes of pk in use */
  uint8_t tr[64];
  uint8_t pk[FC_MLDSA_PK_MAX];
};
typedef struct fc_mldsa_pubkey fc_mldsa_pubkey;

/* pk_len / sig_len of a parameter set; 0 for an unknown one. */
size_t fc_mldsa_pk_len(fc_mldsa_param param);
size_t fc_mldsa_sig_len(fc_mldsa_param param);

/*
 * The raw FIPS 204 encoding (pkEncode: rho || SimpleBitPack(t1, 10 bits)).
 * Every byte string of the right length is a key. FC_ERR_KEY: another
 * length. FC_ERR_ARG: NULL key or pk, unknown param. On failure *key is
 * cleared.
 */
fc_err fc_mldsa_pubkey_init(fc_mldsa_pubkey *key, fc_mldsa_param param, const uint8_t *pk,
                            size_t len);
/* SubjectPublicKeyInfo with id-ml-dsa-44/65/87 (2.16.840.1.101.3.4.3.17,
   .18, .19; parameters absent) and the raw key in a BIT STRING, strict DER.
   FC_ERR_DER: malformed DER or another algorithm; FC_ERR_KEY: a key of the
   wrong length. On failure *key is cleared. */
fc_err fc_mldsa_pubkey_from_der(fc_mldsa_pubkey *key, const uint8_t *der, size_t der_len);
/* The key's parameter set, 0 for NULL or a key that is not initialised. */
fc_mldsa_param fc_mldsa_pubkey_param(const fc_mldsa_pubkey *key);

/*
 * Pure ML-DSA (FIPS 204 Algorithm 3): M' = 0 || |ctx| || ctx || msg.
 * ctx: 0 to 255 bytes (NULL when ctx_len is 0); msg may be NULL when len is
 * 0. FC_OK only for a valid signature. FC_ERR_SIG: any signature that does
 * not verify, including a wrong length, a hint that is not well formed and
 * a z out of range. FC_ERR_ARG: NULL pointers with lengths, a key that is
 * not initialised, ctx_len > 255.
 */
fc_err fc_mldsa_verify(const fc_mldsa_pubkey *key, const void *msg, size_t len,
                       const uint8_t *ctx, size_t ctx_len, const uint8_t *sig, size_t sig_len);

/*
 * HashML-DSA (FIPS 204 Algorithm 5) over a digest the caller computed:
 * M' = 1 || |ctx| || ctx || OID(ph) || digest. ph: an fc_hash_alg of
 * FC_SHA224 ... FC_SHA3_512 (not FC_SHA1: FIPS 204 names no SHA-1 OID), or
 * FC_MLDSA_PH_SHAKE128 / FC_MLDSA_PH_SHAKE256 (digests of 32 and 64
 * bytes). digest_len must be the hash's length (FC_ERR_ARG otherwise, and
 * for an unknown ph). Otherwise as fc_mldsa_verify.
 */
#define FC_MLDSA_PH_SHAKE128 0x100
#define FC_MLDSA_PH_SHAKE256 0x101
fc_err fc_mldsa_verify_prehash(const fc_mldsa_pubkey *key, int ph, const uint8_t *digest,
                               size_t digest_len, const uint8_t *ctx, size_t ctx_len,
                               const uint8_t *sig, size_t sig_len);

/*
 * Verification from mu = SHAKE256(tr || M', 64), computed by the caller
 * (FIPS 204 section 6.3, "external mu"): for a signer that hashed the
 * message elsewhere. Otherwise as fc_mldsa_verify.
 */
fc_err fc_mldsa_verify_mu(const fc_mldsa_pubkey *key, const uint8_t mu[64], const uint8_t *sig,
                          size_t sig_len);

/*
 * Streaming pure ML-DSA: init with the key and context, update with the
 * message in pieces as it arrives (nothing is copied; SHAKE256 absorbs it),
 * then final with the signature. The key must stay unchanged until final.
 * fc_mldsa_stream_mu gives mu instead (for fc_mldsa_verify_mu later, or
 * another verifier). After final or mu the stream is cleared: further calls
 * return FC_ERR_ARG until the next init.
 */
struct fc_mldsa_stream {
  const fc_mldsa_pubkey *key;
  fc_xof_ctx xof;
};
typedef struct fc_mldsa_stream fc_mldsa_stream;
fc_err fc_mldsa_stream_init(fc_mldsa_stream *st, const fc_mldsa_pubkey *key, const uint8_t *ctx,
                            size_t ctx_len);
fc_err fc_mldsa_stream_update(fc_mldsa_stream *st, const void *msg, size_t len);
fc_err fc_mldsa_stream_final(fc_mldsa_stream *st, const uint8_t *sig, size_t sig_len);
fc_err fc_mldsa_stream_mu(fc_mldsa_stream *st, uint8_t mu[64]);

#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_MLDSA_H */
