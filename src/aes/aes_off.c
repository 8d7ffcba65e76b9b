/*
 * The AES API of a build with FC_WITH_AES=OFF (a verification-only
 * firmware archive): every call returns FC_ERR_UNSUPPORTED, so a client
 * written for the whole library (the EDK2 instance's Cipher.c) still links
 * and reports the family as absent. Initialisers clear their output, as a
 * failed initialiser does in a full build.
 */
#include "core/fc_internal.h"
#include "fastcrypt.h"

fc_err fc_aes_init(fc_aes_key *key, const uint8_t *k, size_t k_len) {
  (void)k;
  (void)k_len;
  if (key != NULL) fc__wipe(key, sizeof(*key));
  return FC_ERR_UNSUPPORTED;
}

void fc_aes_clear(fc_aes_key *key) {
  if (key != NULL) fc__wipe(key, sizeof(*key));
}

fc_err fc_aes_ecb_encrypt(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t len) {
  (void)key, (void)in, (void)out, (void)len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_aes_ecb_decrypt(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t len) {
  (void)key, (void)in, (void)out, (void)len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_aes_cbc_encrypt(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                          size_t len) {
  (void)key, (void)iv, (void)in, (void)out, (void)len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_aes_cbc_decrypt(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                          size_t len) {
  (void)key, (void)iv, (void)in, (void)out, (void)len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_aes_ctr(const fc_aes_key *key, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                  size_t len) {
  (void)key, (void)ctr, (void)in, (void)out, (void)len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_aes_cbc_encrypt_pad(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in,
                              size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len) {
  (void)key, (void)iv, (void)in, (void)in_len, (void)out, (void)out_cap;
  if (out_len != NULL) *out_len = 0;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_aes_cbc_decrypt_unpad(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in,
                                uint8_t *out, size_t len, size_t *out_len) {
  (void)key, (void)iv, (void)in, (void)out, (void)len;
  if (out_len != NULL) *out_len = 0;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_aes_gcm_encrypt(const fc_aes_key *key, const uint8_t *iv, size_t iv_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
                          size_t len, uint8_t *tag, size_t tag_len) {
  (void)key, (void)iv, (void)iv_len, (void)aad, (void)aad_len, (void)in, (void)out, (void)len;
  (void)tag, (void)tag_len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_aes_gcm_decrypt(const fc_aes_key *key, const uint8_t *iv, size_t iv_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
                          size_t len, const uint8_t *tag, size_t tag_len) {
  (void)key, (void)iv, (void)iv_len, (void)aad, (void)aad_len, (void)in, (void)out, (void)len;
  (void)tag, (void)tag_len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_aes_gcm_init(fc_aes_gcm_ctx *ctx, const fc_aes_key *key, const uint8_t *iv,
                       size_t iv_len) {
  (void)key, (void)iv, (void)iv_len;
  if (ctx != NULL) fc__wipe(ctx, sizeof(*ctx));
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_aes_gcm_aad(fc_aes_gcm_ctx *ctx, const uint8_t *aad, size_t len) {
  (void)ctx, (void)aad, (void)len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_aes_gcm_encrypt_update(fc_aes_gcm_ctx *ctx, const uint8_t *in, uint8_t *out,
                                 size_t len) {
  (void)ctx, (void)in, (void)out, (void)len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_aes_gcm_decrypt_update(fc_aes_gcm_ctx *ctx, const uint8_t *in, uint8_t *out,
                                 size_t len) {
  (void)ctx, (void)in, (void)out, (void)len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_aes_gcm_encrypt_final(fc_aes_gcm_ctx *ctx, uint8_t *tag, size_t tag_len) {
  (void)ctx, (void)tag, (void)tag_len;
  return FC_ERR_UNSUPPORTED;
}

fc_err fc_aes_gcm_decrypt_final(fc_aes_gcm_ctx *ctx, const uint8_t *tag, size_t tag_len) {
  (void)ctx, (void)tag, (void)tag_len;
  return FC_ERR_UNSUPPORTED;
}

void fc_aes_gcm_clear(fc_aes_gcm_ctx *ctx) {
  if (ctx != NULL) fc__wipe(ctx, sizeof(*ctx));
}
