/*
 * libFuzzer target for the AES-GCM and CBC-padding APIs (public header
 * only). Input: [sel][klen][ivlen][taglen][aadlen][split] then key, IV,
 * tag, AAD and the message. Checks (trap on failure):
 *  - GCM decrypt of the message with the given tag: FC_OK or FC_ERR_AUTH,
 *    and on FC_ERR_AUTH the output is all zero; one shot and streaming
 *    (split at `split`) agree.
 *  - GCM encrypt then decrypt round-trips, and a flipped tag bit fails.
 *  - CBC decrypt_unpad of the message: FC_OK with 1..16 bytes removed,
 *    and re-padding the result gives the ciphertext back; or FC_ERR_AUTH
 *    with a zeroed output; or FC_ERR_ARG for a bad length.
 * sel picks the AES and GHASH kernels among the usable ones.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fastcrypt.h"

#define CHECK(c) \
  do {           \
    if (!(c)) __builtin_trap(); \
  } while (0)

static uint8_t a[4096], b[4096 + 16], c[4096 + 16];

static void pick(fc_op op, unsigned sel) {
  fc_impl_info info[16];
  size_t n = fc_impls(op, info, 16), usable = 0;
  for (size_t i = 0; i < n && i < 16; i++) usable += info[i].usable != 0;
  if (usable == 0) return;
  sel %= (unsigned)usable;
  for (size_t i = 0; i < n && i < 16; i++)
    if (info[i].usable && sel-- == 0) CHECK(fc_impl_select(op, info[i].name) == FC_OK);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 6) return 0;
  unsigned sel = data[0], klen = 16 + 8 * (data[1] % 3), ivlen = 1 + data[2] % 32;
  size_t taglen = 4 + data[3] % 13, aadlen = data[4] % 64, split = data[5];
  data += 6;
  size -= 6;
  if (size < klen + ivlen + taglen + aadlen) return 0;
  const uint8_t *key = data, *iv = key + klen, *tag = iv + ivlen, *aad = tag + taglen;
  const uint8_t *msg = aad + aadlen;
  size_t len = size - (klen + ivlen + taglen + aadlen);
  if (len > sizeof(a)) len = sizeof(a);
  split = len ? split % (len + 1) : 0;

  pick(FC_OP_AES, sel & 15);
  pick(FC_OP_GHASH, sel >> 4);
  fc_aes_key k;
  CHECK(fc_aes_init(&k, key, klen) == FC_OK);

  /* GCM decrypt with the fuzzer's tag, one shot and streaming */
  fc_err rc = fc_aes_gcm_decrypt(&k, iv, ivlen, aad, aadlen, msg, a, len, tag, taglen);
  CHECK(rc == FC_OK || rc == FC_ERR_AUTH);
  for (size_t i = 0; rc == FC_ERR_AUTH && i < len; i++) CHECK(a[i] == 0);
  fc_aes_gcm_ctx ctx;
  CHECK(fc_aes_gcm_init(&ctx, &k, iv, ivlen) == FC_OK);
  CHECK(fc_aes_gcm_aad(&ctx, aad, aadlen) == FC_OK);
  CHECK(fc_aes_gcm_decrypt_update(&ctx, msg, b, split) == FC_OK);
  CHECK(fc_aes_gcm_decrypt_update(&ctx, msg + split, b + split, len - split) == FC_OK);
  fc_err rc2 = fc_aes_gcm_decrypt_final(&ctx, tag, taglen);
  CHECK(rc2 == rc);
  CHECK(rc != FC_OK || memcmp(a, b, len) == 0);

  /* round trip */
  uint8_t t[16];
  CHECK(fc_aes_gcm_encrypt(&k, iv, ivlen, aad, aadlen, msg, b, len, t, taglen) == FC_OK);
  CHECK(fc_aes_gcm_decrypt(&k, iv, ivlen, aad, aadlen, b, b, len, t, taglen) == FC_OK);
  CHECK(len == 0 || memcmp(b, msg, len) == 0);
  CHECK(fc_aes_gcm_encrypt(&k, iv, ivlen, aad, aadlen, msg, b, len, t, taglen) == FC_OK);
  t[split % taglen] ^= (uint8_t)(1u << (sel & 7));
  CHECK(fc_aes_gcm_decrypt(&k, iv, ivlen, aad, aadlen, b, b, len, t, taglen) == FC_ERR_AUTH);
  for (size_t i = 0; i < len; i++) CHECK(b[i] == 0);

  /* CBC with PKCS#7 padding on the fuzzer's ciphertext */
  uint8_t v[16], v2[16];
  memset(v, 0, 16);
  memcpy(v, iv, ivlen < 16 ? ivlen : 16);
  memcpy(v2, v, 16);
  size_t ol = 12345;
  rc = fc_aes_cbc_decrypt_unpad(&k, v, msg, a, len, &ol);
  if (len == 0 || len % 16 != 0) {
    CHECK(rc == FC_ERR_ARG && ol == 12345);
  } else if (rc == FC_ERR_AUTH) {
    CHECK(ol == 0);
    for (size_t i = 0; i < len; i++) CHECK(a[i] == 0);
  } else {
    CHECK(rc == FC_OK && ol < len && ol + 16 >= len);
    size_t ol2 = 0;
    CHECK(fc_aes_cbc_encrypt_pad(&k, v2, a, ol, c, sizeof(c), &ol2) == FC_OK);
    CHECK(ol2 == len && memcmp(c, msg, len) == 0);
  }
  fc_aes_clear(&k);
  fc_impl_select(FC_OP_AES, NULL);
  fc_impl_select(FC_OP_GHASH, NULL);
  return 0;
}
