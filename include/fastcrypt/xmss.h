/*
 * fastcrypt xmss: XMSS and XMSS^MT signature verification (RFC 8391, with
 * the SHA-256/192, SHAKE256/256 and SHAKE256/192 parameter sets of NIST
 * SP 800-208). Verification only: signing is stateful and stays with the
 * signer's HSM (docs/xmss.md). Public data only (keys, signatures,
 * messages): variable time, nothing wiped. No heap: the key is
 * caller-allocated and verification runs on the stack, within
 * FC_XMSS_STACK_MAX bytes for every parameter set (docs/xmss.md, "Memory").
 */
#ifndef FASTCRYPT_XMSS_H
#define FASTCRYPT_XMSS_H

#include "fastcrypt/hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* XMSS OIDs (RFC 8391 section 5.3 and the IANA "XMSS Signatures" registry;
   SP 800-208 Table 10). Supported: n = 24 and 32. The n = 64 sets (0x04 to
   0x06, 0x0A to 0x0C) are known codes that this build rejects (FC_ERR_KEY). */
#define FC_XMSS_SHA2_10_256 0x01
#define FC_XMSS_SHA2_16_256 0x02
#define FC_XMSS_SHA2_20_256 0x03
#define FC_XMSS_SHAKE_10_256 0x07 /* SHAKE128, n = 32 (RFC 8391) */
#define FC_XMSS_SHAKE_16_256 0x08
#define FC_XMSS_SHAKE_20_256 0x09
#define FC_XMSS_SHA2_10_192 0x0D /* SHA-256/192 (SP 800-208) */
#define FC_XMSS_SHA2_16_192 0x0E
#define FC_XMSS_SHA2_20_192 0x0F
#define FC_XMSS_SHAKE256_10_256 0x10 /* SHAKE256, n = 32 (SP 800-208) */
#define FC_XMSS_SHAKE256_16_256 0x11
#define FC_XMSS_SHAKE256_20_256 0x12
#define FC_XMSS_SHAKE256_10_192 0x13 /* SHAKE256, n = 24 (SP 800-208) */
#define FC_XMSS_SHAKE256_16_192 0x14
#define FC_XMSS_SHAKE256_20_192 0x15

/* XMSS^MT OIDs (RFC 8391 section 5.4, IANA registry; SP 800-208 Table 11):
   a separate number space. Eight (h, d) per hash, in this order: 20/2,
   20/4, 40/2, 40/4, 40/8, 60/3, 60/6, 60/12. Supported: 0x01 to 0x08
   (SHA2 n = 32), 0x11 to 0x18 (SHAKE128 n = 32), 0x21 to 0x28 (SHA-256/192),
   0x29 to 0x30 (SHAKE256 n = 32), 0x31 to 0x38 (SHAKE256 n = 24). The n = 64
   sets 0x09 to 0x10 and 0x19 to 0x20 are rejected (FC_ERR_KEY). */
#define FC_XMSSMT_SHA2_20_2_256 0x01
#define FC_XMSSMT_SHAKE_20_2_256 0x11
#define FC_XMSSMT_SHA2_20_2_192 0x21
#define FC_XMSSMT_SHAKE256_20_2_256 0x29
#define FC_XMSSMT_SHAKE256_20_2_192 0x31

/* The longest public key: u32 OID || root (n) || SEED (n), n = 32. */
#define FC_XMSS_PK_MAX 68
/* Stack bytes any verification call (one-shot or streamed, the stream
   struct aside) uses at most, every parameter set (measured by
   tests/hashsig/test_xmss.cpp; docs/xmss.md "Memory"). */
#define FC_XMSS_STACK_MAX 8192

/*
 * An XMSS or XMSS^MT public key, 76 bytes. Callers allocate it (no heap);
 * the initialisers fill it with a copy of the encoded key. Fields are
 * internal.
 */
struct fc_xmss_pubkey {
  uint32_t oid;  /* as encoded */
  uint32_t mt;   /* 0: XMSS, 1: XMSS^MT */
  uint32_t n;    /* 24 or 32; 0 when not initialised */
  uint8_t pk[FC_XMSS_PK_MAX - 4]; /* root || SEED */
};
typedef struct fc_xmss_pubkey fc_xmss_pubkey;

/*
 * u32 OID || root (n) || SEED (n): RFC 8391 with the 4-byte OID prefix of
 * its Appendix / SP 800-208 section 5; XMSS OIDs and XMSS^MT OIDs are
 * separate number spaces, hence two initialisers. FC_ERR_KEY: an unknown
 * (or n = 64) OID, or a length other than 4 + 2n. FC_ERR_ARG: NULL key or
 * pk. On failure *key is cleared.
 */
fc_err fc_xmss_pubkey_init(fc_xmss_pubkey *key, const uint8_t *pk, size_t len);
fc_err fc_xmssmt_pubkey_init(fc_xmss_pubkey *key, const uint8_t *pk, size_t len);

/*
 * XMSS (RFC 8391 Algorithm 14) or XMSS^MT (Algorithm 17) verification,
 * whichever the key is. sig = idx_sig (4 bytes for XMSS, ceil(h/8) for
 * XMSS^MT) || r (n) || d * (WOTS+ signature (len * n) || authentication
 * path (h/d * n)). msg may be NULL when len is 0. FC_OK only for a valid
 * signature. FC_ERR_SIG for anything else: a wrong length, idx_sig >= 2^h,
 * a signature that does not verify. FC_ERR_ARG: NULL pointers with
 * lengths, a key not initialised.
 */
fc_err fc_xmss_verify(const fc_xmss_pubkey *key, const void *msg, size_t len,
                      const uint8_t *sig, size_t sig_len);

/*
 * Streamed verification, for a message too large to hold in memory: the
 * message is hashed once (H_msg). Init checks the signature's length and
 * index (FC_ERR_SIG as fc_xmss_verify; the stream is then cleared) and
 * starts H_msg with r, the root and idx_sig; update absorbs the message in
 * pieces (nothing is copied); final finishes H_msg and verifies the trees.
 * The key and the signature must stay unchanged, in place, until final.
 * After final (or a failed init) the stream is cleared: further calls
 * return FC_ERR_ARG until the next init. Fields are internal.
 */
struct fc_xmss_stream {
  const fc_xmss_pubkey *key; /* NULL: not usable */
  const uint8_t *sig;
  size_t sig_len;
  uint32_t xof; /* H_msg on: 0 SHA-256, 1 SHAKE128 or SHAKE256 */
  union {
    fc_hash_ctx sha;
    fc_xof_ctx xof;
  } h;
};
typedef struct fc_xmss_stream fc_xmss_stream;
fc_err fc_xmss_stream_init(fc_xmss_stream *st, const fc_xmss_pubkey *key, const uint8_t *sig,
                           size_t sig_len);
fc_err fc_xmss_stream_update(fc_xmss_stream *st, const void *msg, size_t len);
fc_err fc_xmss_stream_final(fc_xmss_stream *st);

#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_XMSS_H */
