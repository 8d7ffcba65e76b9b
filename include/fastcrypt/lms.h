/*
 * fastcrypt lms: LMS and HSS signature verification (RFC 8554, with the
 * SHA-256/192 and SHAKE256 parameter sets of NIST SP 800-208).
 * Verification only: signing is stateful and stays with the signer's HSM
 * (docs/lms.md). Public data only (keys, signatures, messages): variable
 * time, nothing wiped. No heap: the key is caller-allocated and verification
 * runs on the stack, within FC_HSS_STACK_MAX bytes for every parameter set
 * (docs/lms.md, "Memory").
 */
#ifndef FASTCRYPT_LMS_H
#define FASTCRYPT_LMS_H

#include "fastcrypt/hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* LMS types (RFC 8554 Table 2, SP 800-208 Table 2). */
#define FC_LMS_SHA256_M32_H5 0x05
#define FC_LMS_SHA256_M32_H10 0x06
#define FC_LMS_SHA256_M32_H15 0x07
#define FC_LMS_SHA256_M32_H20 0x08
#define FC_LMS_SHA256_M32_H25 0x09
#define FC_LMS_SHA256_M24_H5 0x0A
#define FC_LMS_SHA256_M24_H10 0x0B
#define FC_LMS_SHA256_M24_H15 0x0C
#define FC_LMS_SHA256_M24_H20 0x0D
#define FC_LMS_SHA256_M24_H25 0x0E
#define FC_LMS_SHAKE_M32_H5 0x0F
#define FC_LMS_SHAKE_M32_H10 0x10
#define FC_LMS_SHAKE_M32_H15 0x11
#define FC_LMS_SHAKE_M32_H20 0x12
#define FC_LMS_SHAKE_M32_H25 0x13
#define FC_LMS_SHAKE_M24_H5 0x14
#define FC_LMS_SHAKE_M24_H10 0x15
#define FC_LMS_SHAKE_M24_H15 0x16
#define FC_LMS_SHAKE_M24_H20 0x17
#define FC_LMS_SHAKE_M24_H25 0x18

/* LM-OTS types (RFC 8554 Table 1, SP 800-208 Table 1). */
#define FC_LMOTS_SHA256_N32_W1 0x01
#define FC_LMOTS_SHA256_N32_W2 0x02
#define FC_LMOTS_SHA256_N32_W4 0x03
#define FC_LMOTS_SHA256_N32_W8 0x04
#define FC_LMOTS_SHA256_N24_W1 0x05
#define FC_LMOTS_SHA256_N24_W2 0x06
#define FC_LMOTS_SHA256_N24_W4 0x07
#define FC_LMOTS_SHA256_N24_W8 0x08
#define FC_LMOTS_SHAKE_N32_W1 0x09
#define FC_LMOTS_SHAKE_N32_W2 0x0A
#define FC_LMOTS_SHAKE_N32_W4 0x0B
#define FC_LMOTS_SHAKE_N32_W8 0x0C
#define FC_LMOTS_SHAKE_N24_W1 0x0D
#define FC_LMOTS_SHAKE_N24_W2 0x0E
#define FC_LMOTS_SHAKE_N24_W4 0x0F
#define FC_LMOTS_SHAKE_N24_W8 0x10

#define FC_HSS_LEVELS_MAX 8
/* An HSS public key: u32 L || u32 lms_type || u32 ots_type || I (16) || T[1]
   (m = 24 or 32 bytes): 52 or 60 bytes. An LMS public key is the same
   without the leading L: 48 or 56 bytes. */
#define FC_HSS_PK_MAX 60
/* Stack bytes any verification call (one-shot or streamed) uses at most,
   every parameter set (measured by tests/hashsig/test_lms.cpp). */
#define FC_HSS_STACK_MAX 8192

/*
 * An HSS (or LMS) public key, 76 bytes. Callers allocate it (no heap); the
 * initialisers fill it with a copy of the encoded key. Fields are internal.
 */
struct fc_hss_pubkey {
  uint32_t levels;   /* L, 1 .. 8; 0 when not initialised */
  uint32_t bare_lms; /* 1: from fc_lms_pubkey_init, signatures carry no Nspk */
  uint32_t lms_type; /* of the top tree */
  uint32_t ots_type;
  uint32_t pk_len;   /* bytes of pk in use: the LMS public key, without L */
  uint8_t pk[FC_HSS_PK_MAX - 4];
};
typedef struct fc_hss_pubkey fc_hss_pubkey;

/*
 * An HSS public key as RFC 8554 section 6.1 encodes it: u32 L (1 to 8) ||
 * the top LMS public key. FC_ERR_KEY: L out of range, an unknown LMS or
 * LM-OTS type, an LM-OTS type whose hash or n differs from the LMS type's
 * (SP 800-208 section 4), or a length other than 4 + 24 + m. FC_ERR_ARG:
 * NULL key or pk. On failure *key is cleared.
 */
fc_err fc_hss_pubkey_init(fc_hss_pubkey *key, const uint8_t *pk, size_t len);
/*
 * A bare LMS public key (RFC 8554 section 5.3: u32 lms_type || u32 ots_type
 * || I || T[1]), verified as HSS with L = 1. Its signatures are bare LMS
 * signatures (section 5.4), without HSS's leading u32 Nspk = 0. Errors as
 * fc_hss_pubkey_init. (Equivalently: prefix the key with 00000001 and the
 * signature with 00000000 and use fc_hss_pubkey_init.)
 */
fc_err fc_lms_pubkey_init(fc_hss_pubkey *key, const uint8_t *pk, size_t len);
/* L of an initialised key, 0 for NULL or a key that is not initialised. */
uint32_t fc_hss_pubkey_levels(const fc_hss_pubkey *key);

/*
 * HSS verification (RFC 8554 section 6.3): sig = u32 Nspk || (LMS signature
 * || LMS public key) * Nspk || LMS signature, Nspk = L - 1. msg may be NULL
 * when len is 0. FC_OK only for a valid signature. FC_ERR_SIG for anything
 * else: a wrong Nspk, an unknown or mismatched type code (LMS, LM-OTS), q
 * outside its tree, truncation, trailing bytes, a signature that does not
 * verify. FC_ERR_ARG: NULL pointers with lengths, a key not initialised.
 */
fc_err fc_hss_verify(const fc_hss_pubkey *key, const void *msg, size_t len, const uint8_t *sig,
                     size_t sig_len);

/*
 * Streamed verification, for a message too large to hold in memory. The
 * message hash of the bottom LM-OTS signature starts with its I, q and C,
 * so init takes the signature first, parses it completely (FC_ERR_SIG as
 * fc_hss_verify for a malformed one; the stream is then cleared), and
 * starts the hash; update absorbs the message in pieces (nothing is
 * copied); final finishes the hash and verifies every level. The key and
 * the signature must stay unchanged, in place, until final. After final
 * (or a failed init) the stream is cleared: further calls return
 * FC_ERR_ARG until the next init. Fields are internal.
 */
struct fc_hss_stream {
  const fc_hss_pubkey *key; /* NULL: not usable */
  const uint8_t *sig;
  size_t sig_len;
  uint32_t shake; /* the bottom tree's hash: 0 SHA-256, 1 SHAKE256 */
  uint32_t n;     /* its output bytes, 24 or 32 */
  union {
    fc_hash_ctx sha;
    fc_xof_ctx xof;
  } h;
};
typedef struct fc_hss_stream fc_hss_stream;
fc_err fc_hss_stream_init(fc_hss_stream *st, const fc_hss_pubkey *key, const uint8_t *sig,
                          size_t sig_len);
fc_err fc_hss_stream_update(fc_hss_stream *st, const void *msg, size_t len);
fc_err fc_hss_stream_final(fc_hss_stream *st);

#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_LMS_H */
