/*
 * fastcrypt aes: AES-128/192/256 in ECB, CBC, CTR and GCM.
 */
#ifndef FASTCRYPT_AES_H
#define FASTCRYPT_AES_H

#include "fastcrypt/core.h"

#ifdef __cplusplus
extern "C" {
#endif


/* ------------------------------------------------------------------ */
/* AES (FIPS 197): ECB, CBC (PKCS#7 helpers), CTR (SP 800-38A), GCM    */
/* (SP 800-38D). Constant time on every kernel: no branch or memory    */
/* index depends on the key, the plaintext or the keystream.           */
/* ------------------------------------------------------------------ */

/* Bytes reserved for the round keys in any AES kernel's layout (the
   bitsliced `ct` kernel needs 8 words per round: 15 * 64 = 960). */
#define FC_AES_KDATA_BYTES 1024
/* Bytes reserved for the GCM hash key H = E(K, 0^128) and its powers in
   any GHASH kernel's layout (pclmul: 16 powers with Karatsuba halves, 384
   bytes; vpclmul: 32 powers, 512). */
#define FC_AES_HDATA_BYTES 512

/*
 * An expanded AES key. Callers allocate it (about 1.6 KiB, no alignment
 * needed); only fc_aes_init fills it. It records the FC_OP_AES and
 * FC_OP_GHASH kernels active at init and uses them for its whole life.
 * A failed init leaves it zeroed: every later call with it returns
 * FC_ERR_ARG. fc_aes_clear wipes it (same state). It holds secrets: wipe it.
 */
struct fc_aes_key {
  const void *aes;     /* AES kernel chosen at init (internal); NULL: unusable */
  const void *ghash;   /* GHASH kernel chosen at init (internal) */
  uint32_t rounds;     /* 10, 12 or 14; 0: unusable */
  uint32_t key_len;    /* 16, 24 or 32 */
  uint64_t kdata[FC_AES_KDATA_BYTES / 8]; /* round keys, the AES kernel's layout */
  uint64_t hdata[FC_AES_HDATA_BYTES / 8]; /* GCM hash key, the GHASH kernel's layout */
};
typedef struct fc_aes_key fc_aes_key;

fc_err fc_aes_init(fc_aes_key *key, const uint8_t *k, size_t k_len);   /* 16, 24 or 32 bytes */
void   fc_aes_clear(fc_aes_key *key);                                  /* wipes the schedule */

/*
 * Every mode: in == out (in place) works; other overlaps are not allowed,
 * nor may iv or ctr overlap in or out (FC_ERR_ARG). in/out may be NULL
 * only when len is 0. On an error nothing is written (out, iv and ctr
 * untouched; the one exception is bad padding below, which zeroes out).
 * ECB/CBC: len a multiple of 16, else FC_ERR_ARG; iv is updated for chaining.
 * Every call that handles the key, its schedule or text leaves no copy of
 * them, nor of a value derived from them, on the stack or in registers
 * when it returns (docs/wiping.md "Wiping secrets"); the caller's own buffers
 * (key, in, out) are the caller's to wipe.
 */
fc_err fc_aes_ecb_encrypt(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t len);
fc_err fc_aes_ecb_decrypt(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t len);
fc_err fc_aes_cbc_encrypt(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t len);
fc_err fc_aes_cbc_decrypt(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t len);

/* 128-bit big-endian counter (SP 800-38A), wrapping at 2^128; any len;
   ctr is updated past the last block used (a partial last block counts). */
fc_err fc_aes_ctr(const fc_aes_key *key, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t len);

/*
 * CBC with PKCS#7 padding. Encrypt: out receives in_len / 16 * 16 + 16
 * bytes (*out_len), out_cap must hold them (FC_ERR_ARG otherwise, nothing
 * written); in == out allowed (the buffer then needs the room). Decrypt:
 * len a nonzero multiple of 16; *out_len = the unpadded length. Bad padding
 * gives FC_ERR_AUTH, with out's len bytes zeroed, *out_len = 0 and iv as
 * it was; the padding is checked in constant time (no branch on its bytes).
 */
fc_err fc_aes_cbc_encrypt_pad(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in,
                              size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len);
fc_err fc_aes_cbc_decrypt_unpad(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in,
                                uint8_t *out, size_t len, size_t *out_len);

/*
 * GCM, one shot. Any iv_len >= 1 (12 is the fast, recommended case);
 * tag_len 4..16; len at most 2^36 - 32 bytes. Decrypt: a wrong tag gives
 * FC_ERR_AUTH, out is zeroed; the tag is compared in constant time.
 * Overlaps (FC_ERR_ARG, nothing written): iv may not overlap in or out;
 * aad and tag may not overlap out (out is written before they are all
 * read); an encryption tag, an output, may not overlap in, aad or iv
 * either. Inputs may share bytes (iv inside aad, a decryption tag inside
 * the buffer that holds aad and in): those calls give the result of apart
 * copies.
 */
fc_err fc_aes_gcm_encrypt(const fc_aes_key *key, const uint8_t *iv, size_t iv_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out, size_t len,
                          uint8_t *tag, size_t tag_len);
fc_err fc_aes_gcm_decrypt(const fc_aes_key *key, const uint8_t *iv, size_t iv_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out, size_t len,
                          const uint8_t *tag, size_t tag_len);

/*
 * GCM, streaming: init, any number of aad calls, then any number of
 * encrypt_update (or decrypt_update: one direction per message), then the
 * matching final. Pieces may have any length. The key must outlive the
 * context and stay unchanged. final wipes the context; so does any error
 * other than FC_ERR_ARG from a bad argument (the context is then unusable).
 * init copies what it needs of the IV before it returns, so the IV's
 * buffer may later be in or out (in and out are not known at init; the
 * one-shot calls refuse that overlap). aad may be any buffer; in and out
 * are equal or apart; decrypt_final's tag may be anywhere, out having
 * been written by earlier calls.
 * Streaming decryption hands out plaintext before the tag is checked: keep
 * it unused until decrypt_final returns FC_OK.
 */
struct fc_aes_gcm_ctx {
  const fc_aes_key *key;
  uint8_t ctr[16];     /* counter block of the next keystream block */
  uint8_t ek0[16];     /* E(K, J0), the tag mask; or J0, where the tag step encrypts it */
  uint8_t y[16];       /* GHASH accumulator */
  uint8_t buf[16];     /* partial block: AAD, or ciphertext of the current block */
  uint8_t ks[16];      /* keystream of the current partial block */
  uint64_t aad_len;    /* bytes so far */
  uint64_t msg_len;    /* bytes so far */
  uint32_t state;      /* 0 unusable, 1 AAD, 2 encrypting, 3 decrypting */
  uint32_t used;       /* bytes in buf */
};
typedef struct fc_aes_gcm_ctx fc_aes_gcm_ctx;

fc_err fc_aes_gcm_init(fc_aes_gcm_ctx *ctx, const fc_aes_key *key, const uint8_t *iv, size_t iv_len);
fc_err fc_aes_gcm_aad(fc_aes_gcm_ctx *ctx, const uint8_t *aad, size_t len);
fc_err fc_aes_gcm_encrypt_update(fc_aes_gcm_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len);
fc_err fc_aes_gcm_decrypt_update(fc_aes_gcm_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len);
fc_err fc_aes_gcm_encrypt_final(fc_aes_gcm_ctx *ctx, uint8_t *tag, size_t tag_len);
fc_err fc_aes_gcm_decrypt_final(fc_aes_gcm_ctx *ctx, const uint8_t *tag, size_t tag_len);
void   fc_aes_gcm_clear(fc_aes_gcm_ctx *ctx);

#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_AES_H */
