/*
 * fastcrypt slhdsa: SLH-DSA signature verification (FIPS 205), the twelve
 * parameter sets of FIPS 205 Table 2. Verification only: no key generation,
 * no signing. Public data only (keys, signatures, messages): variable time,
 * nothing wiped. No heap: the key is caller-allocated and verification runs
 * on the stack, within FC_SLHDSA_STACK_MAX bytes (docs/slhdsa.md).
 */
#ifndef FASTCRYPT_SLHDSA_H
#define FASTCRYPT_SLHDSA_H

#include "fastcrypt/hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The parameter sets, in the order of their OIDs id-slh-dsa-* =
   2.16.840.1.101.3.4.3.20 .. .31 (FC_SLH_DSA_SHA2_128S is .20). */
typedef enum {
  FC_SLH_DSA_SHA2_128S = 1,
  FC_SLH_DSA_SHA2_128F,
  FC_SLH_DSA_SHA2_192S,
  FC_SLH_DSA_SHA2_192F,
  FC_SLH_DSA_SHA2_256S,
  FC_SLH_DSA_SHA2_256F,
  FC_SLH_DSA_SHAKE_128S,
  FC_SLH_DSA_SHAKE_128F,
  FC_SLH_DSA_SHAKE_192S,
  FC_SLH_DSA_SHAKE_192F,
  FC_SLH_DSA_SHAKE_256S,
  FC_SLH_DSA_SHAKE_256F
} fc_slhdsa_param;

/* Encoded lengths (FIPS 205 Table 2): public key 2n, signature. The SHA2
   and SHAKE sets of one name have the same lengths. */
#define FC_SLHDSA_128_PK_LEN 32
#define FC_SLHDSA_192_PK_LEN 48
#define FC_SLHDSA_256_PK_LEN 64
#define FC_SLHDSA_128S_SIG_LEN 7856
#define FC_SLHDSA_128F_SIG_LEN 17088
#define FC_SLHDSA_192S_SIG_LEN 16224
#define FC_SLHDSA_192F_SIG_LEN 35664
#define FC_SLHDSA_256S_SIG_LEN 29792
#define FC_SLHDSA_256F_SIG_LEN 49856
#define FC_SLHDSA_PK_MAX FC_SLHDSA_256_PK_LEN
#define FC_SLHDSA_SIG_MAX FC_SLHDSA_256F_SIG_LEN
/* Stack bytes any verification call uses at most, every parameter set
   (measured by tests/hashsig/test_slhdsa.cpp; docs/slhdsa.md). */
#define FC_SLHDSA_STACK_MAX 8192

/*
 * An SLH-DSA public key: PK.seed || PK.root (n bytes each). Callers
 * allocate it (no heap); the initialisers fill it.
 */
struct fc_slhdsa_pubkey {
  uint32_t param;  /* fc_slhdsa_param; 0 when not initialised */
  uint32_t n;      /* 16, 24 or 32 */
  uint8_t pk[FC_SLHDSA_PK_MAX]; /* PK.seed || PK.root, 2n bytes in use */
};
typedef struct fc_slhdsa_pubkey fc_slhdsa_pubkey;

/* pk_len / sig_len of a parameter set; 0 for an unknown one. */
size_t fc_slhdsa_pk_len(fc_slhdsa_param param);
size_t fc_slhdsa_sig_len(fc_slhdsa_param param);

/*
 * The raw FIPS 205 encoding PK.seed || PK.root (2n bytes). Every byte
 * string of the right length is a key. FC_ERR_KEY: another length.
 * FC_ERR_ARG: NULL key or pk, unknown param. On failure *key is cleared.
 */
fc_err fc_slhdsa_pubkey_init(fc_slhdsa_pubkey *key, fc_slhdsa_param param, const uint8_t *pk,
                             size_t len);
/* SubjectPublicKeyInfo with id-slh-dsa-sha2-128s .. id-slh-dsa-shake-256f
   (2.16.840.1.101.3.4.3.20 .. .31, in fc_slhdsa_param's order; parameters
   absent) and the raw key in a BIT STRING, strict DER. FC_ERR_DER:
   malformed DER or another algorithm; FC_ERR_KEY: a key of the wrong
   length. On failure *key is cleared. */
fc_err fc_slhdsa_pubkey_from_der(fc_slhdsa_pubkey *key, const uint8_t *der, size_t der_len);
/* The key's parameter set, 0 for NULL or a key that is not initialised. */
fc_slhdsa_param fc_slhdsa_pubkey_param(const fc_slhdsa_pubkey *key);

/*
 * Pure SLH-DSA (FIPS 205 Algorithm 24, slh_verify): M' = 0 || |ctx| ||
 * ctx || msg. ctx: 0 to 255 bytes (NULL when ctx_len is 0); msg may be
 * NULL when len is 0. FC_OK only for a valid signature. FC_ERR_SIG: any
 * signature that does not verify, including one of the wrong length.
 * FC_ERR_ARG: NULL pointers with lengths, a key that is not initialised,
 * ctx_len > 255.
 */
fc_err fc_slhdsa_verify(const fc_slhdsa_pubkey *key, const void *msg, size_t len,
                        const uint8_t *ctx, size_t ctx_len, const uint8_t *sig, size_t sig_len);

/*
 * HashSLH-DSA (FIPS 205 Algorithm 25, hash_slh_verify) over a digest the
 * caller computed: M' = 1 || |ctx| || ctx || OID(ph) || digest. ph: an
 * fc_hash_alg of FC_SHA224 ... FC_SHA3_512 (not FC_SHA1), or
 * FC_SLHDSA_PH_SHAKE128 / FC_SLHDSA_PH_SHAKE256 (digests of 32 and 64
 * bytes). digest_len must be the hash's length (FC_ERR_ARG otherwise, and
 * for an unknown ph). Otherwise as fc_slhdsa_verify.
 */
#define FC_SLHDSA_PH_SHAKE128 0x100
#define FC_SLHDSA_PH_SHAKE256 0x101
fc_err fc_slhdsa_verify_prehash(const fc_slhdsa_pubkey *key, int ph, const uint8_t *digest,
                                size_t digest_len, const uint8_t *ctx, size_t ctx_len,
                                const uint8_t *sig, size_t sig_len);

/*
 * Streaming pure SLH-DSA, for a message too large to hold (an image): the
 * message hash absorbs R || PK.seed || PK.root || M' with the message last,
 * so init takes the signature (R is its first n bytes) and the context,
 * update takes the message in pieces (nothing is copied), final verifies.
 * The key and the signature must stay unchanged until final. A signature
 * of the wrong length is not refused by init: final returns FC_ERR_SIG
 * (check fc_slhdsa_sig_len first to skip hashing it). After final the
 * stream is cleared: further calls return FC_ERR_ARG until the next init.
 */
struct fc_slhdsa_stream {
  const fc_slhdsa_pubkey *key; /* NULL: not started, or finished */
  const uint8_t *sig;
  size_t sig_len;
  union {
    fc_hash_ctx sha; /* SHA2 sets: SHA-256 or SHA-512 */
    fc_xof_ctx xof;  /* SHAKE sets */
  } h;
};
typedef struct fc_slhdsa_stream fc_slhdsa_stream;
fc_err fc_slhdsa_stream_init(fc_slhdsa_stream *st, const fc_slhdsa_pubkey *key,
                             const uint8_t *sig, size_t sig_len, const uint8_t *ctx,
                             size_t ctx_len);
fc_err fc_slhdsa_stream_update(fc_slhdsa_stream *st, const void *msg, size_t len);
fc_err fc_slhdsa_stream_final(fc_slhdsa_stream *st);

#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_SLHDSA_H */
