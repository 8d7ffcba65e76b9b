/*
 * AES public API: argument checks, then the kernels recorded in the key.
 * ECB, CBC and CTR (SP 800-38A), CBC with PKCS#7 padding (RFC 5652 6.3).
 * Contracts: fastcrypt.h. Each public call runs its work in a noinline
 * function and then burns that function's stack (FC__AES_LAYER_STACK)
 * plus its kernel's (fc_internal.h, "Wiping secrets").
 */

#include "aes_internal.h"

size_t fc__aes_burn_depth(const fc_aes_key *key, size_t layer) {
  if (!fc__aes_key_ok(key)) return layer; /* no kernel ran with it */
  const fc__aes_kernel *a = key->aes;
  const fc__ghash_kernel *g = key->ghash;
  size_t k = a->stack > g->stack ? a->stack : g->stack;
  return layer + k;
}

static FC__NOINLINE fc_err aes_init(fc_aes_key *key, const uint8_t *k, size_t k_len) {
  fc_init();
  if (key == NULL) return FC_ERR_ARG;
  fc__wipe(key, sizeof(*key));
  if (k == NULL || (k_len != 16 && k_len != 24 && k_len != 32)) return FC_ERR_ARG;
  const fc__aes_kernel *a = fc__aes_active();
  const fc__ghash_kernel *g = fc__ghash_active();
  if (a == NULL || g == NULL) return FC_ERR_UNSUPPORTED;
  uint8_t h[16] = {0};
  key->rounds = (uint32_t)(k_len / 4 + 6);
  key->key_len = (uint32_t)k_len;
  a->setkey(key, k);
  a->ecb_enc(key, h, h, 1); /* GCM hash key H = E(K, 0^128) */
  g->setkey(key->hdata, h);
  fc__wipe(h, sizeof(h));
  key->aes = a;
  key->ghash = g;
  return FC_OK;
}

void fc_aes_clear(fc_aes_key *key) {
  if (key != NULL) fc__wipe(key, sizeof(*key));
}

/* The depth is known only once init has recorded the key's kernels, so this
   call burns after it rather than through FC__BURNED. */
fc_err fc_aes_init(fc_aes_key *key, const uint8_t *k, size_t k_len) {
  fc_err rc = aes_init(key, k, k_len);
  FC__STACK_BURN(fc__aes_burn_depth(key, FC__AES_LAYER_STACK));
  return rc;
}

static const fc__aes_kernel *kern(const fc_aes_key *key) {
  return (const fc__aes_kernel *)key->aes;
}

static fc_err check_blocks(const fc_aes_key *key, const uint8_t *in, const uint8_t *out,
                           size_t len) {
  if (!fc__aes_key_ok(key) || len % 16 != 0 || !fc__aes_io_ok(in, out, len)) return FC_ERR_ARG;
  return FC_OK;
}

static FC__NOINLINE fc_err aes_ecb_encrypt(const fc_aes_key *key, const uint8_t *in, uint8_t *out,
                                           size_t len) {
  fc_err rc = check_blocks(key, in, out, len);
  if (rc == FC_OK && len != 0) {
    kern(key)->ecb_enc(key, in, out, len / 16);
  }
  return rc;
}

static FC__NOINLINE fc_err aes_ecb_decrypt(const fc_aes_key *key, const uint8_t *in, uint8_t *out,
                                           size_t len) {
  fc_err rc = check_blocks(key, in, out, len);
  if (rc == FC_OK && len != 0) {
    kern(key)->ecb_dec(key, in, out, len / 16);
  }
  return rc;
}

static FC__NOINLINE fc_err aes_cbc_encrypt(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in,
                                           uint8_t *out, size_t len) {
  fc_err rc = check_blocks(key, in, out, len);
  if (rc == FC_OK && !fc__aes_chain_ok(iv, in, out, len)) rc = FC_ERR_ARG;
  if (rc == FC_OK && len != 0) {
    kern(key)->cbc_enc(key, iv, in, out, len / 16);
  }
  return rc;
}

static FC__NOINLINE fc_err aes_cbc_decrypt(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in,
                                           uint8_t *out, size_t len) {
  fc_err rc = check_blocks(key, in, out, len);
  if (rc == FC_OK && !fc__aes_chain_ok(iv, in, out, len)) rc = FC_ERR_ARG;
  if (rc == FC_OK && len != 0) {
    kern(key)->cbc_dec(key, iv, in, out, len / 16);
  }
  return rc;
}

static FC__NOINLINE fc_err aes_ctr(const fc_aes_key *key, uint8_t ctr[16], const uint8_t *in,
                                   uint8_t *out, size_t len) {
  if (!fc__aes_key_ok(key) || !fc__aes_chain_ok(ctr, in, out, len)) return FC_ERR_ARG;
  size_t whole = len / 16, rest = len % 16;
  if (whole != 0) kern(key)->ctr(key, ctr, in, out, whole);
  if (rest != 0) {
    uint8_t ks[16] = {0};
    kern(key)->ctr(key, ctr, ks, ks, 1);
    for (size_t i = 0; i < rest; i++) out[16 * whole + i] = (uint8_t)(in[16 * whole + i] ^ ks[i]);
    fc__wipe(ks, sizeof(ks));
  }
  return FC_OK;
}

static FC__NOINLINE fc_err aes_cbc_encrypt_pad(const fc_aes_key *key, uint8_t iv[16],
                                               const uint8_t *in, size_t in_len, uint8_t *out,
                                               size_t out_cap, size_t *out_len) {
  size_t whole = in_len / 16 * 16, rest = in_len - whole;
  if (!fc__aes_key_ok(key) || iv == NULL || out == NULL || out_len == NULL ||
      (in == NULL && in_len != 0) || whole + 16 < whole || out_cap < whole + 16)
    return FC_ERR_ARG;
  if (fc__aes_wraps(in, in_len) || fc__aes_wraps(out, whole + 16) ||
      !fc__aes_apart(iv, 16, in, in_len) || !fc__aes_apart(iv, 16, out, whole + 16))
    return FC_ERR_ARG;
  if (in != NULL && in != out) { /* an empty in inside out is refused too */
    uintptr_t a = (uintptr_t)in, b = (uintptr_t)out;
    if (!(a + in_len <= b || b + whole + 16 <= a)) return FC_ERR_ARG;
  }
  uint8_t last[16];
  /* The tail is read before anything is written: in == out works. */
  for (size_t i = 0; i < 16; i++) last[i] = i < rest ? in[whole + i] : (uint8_t)(16 - rest);
  if (whole != 0) kern(key)->cbc_enc(key, iv, in, out, whole / 16);
  kern(key)->cbc_enc(key, iv, last, out + whole, 1);
  fc__wipe(last, sizeof(last));
  *out_len = whole + 16;
  return FC_OK;
}

static FC__NOINLINE fc_err aes_cbc_decrypt_unpad(const fc_aes_key *key, uint8_t iv[16],
                                                 const uint8_t *in, uint8_t *out, size_t len,
                                                 size_t *out_len) {
  if (!fc__aes_key_ok(key) || out_len == NULL || len == 0 || len % 16 != 0 ||
      !fc__aes_chain_ok(iv, in, out, len))
    return FC_ERR_ARG;
  uint8_t iv0[16]; /* public: restored on bad padding, so iv is untouched by the error */
  for (size_t i = 0; i < 16; i++) iv0[i] = iv[i];
  kern(key)->cbc_dec(key, iv, in, out, len / 16);
  /* Constant time in the plaintext: p = last byte; valid iff 1 <= p <= 16
     and the last p bytes all equal p. Masks, no branch, no index on p. */
  uint32_t p = out[len - 1];
  uint32_t bad = ((p - 1) >> 8) | ((16 - p) >> 8); /* p == 0 or p > 16: nonzero */
  for (uint32_t i = 0; i < 16; i++) {
    uint32_t in_pad = (uint32_t)0 - ((i - p) >> 31); /* all ones iff i < p */
    bad |= in_pad & (out[len - 1 - i] ^ p);
  }
  FC__DECLASSIFY(&bad, sizeof(bad));
  if (bad != 0) { /* the verdict is public */
    fc__wipe(out, len);
    for (size_t i = 0; i < 16; i++) iv[i] = iv0[i];
    *out_len = 0;
    return FC_ERR_AUTH;
  }
  *out_len = len - p;
  return FC_OK;
}

/* The public calls: the work, then the burn of what it used. */
#define BURNED(key, call) FC__BURNED(fc__aes_burn_depth((key), FC__AES_LAYER_STACK), call)

fc_err fc_aes_ecb_encrypt(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t len) {
  BURNED(key, aes_ecb_encrypt(key, in, out, len));
}
fc_err fc_aes_ecb_decrypt(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t len) {
  BURNED(key, aes_ecb_decrypt(key, in, out, len));
}
fc_err fc_aes_cbc_encrypt(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                          size_t len) {
  BURNED(key, aes_cbc_encrypt(key, iv, in, out, len));
}
fc_err fc_aes_cbc_decrypt(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                          size_t len) {
  BURNED(key, aes_cbc_decrypt(key, iv, in, out, len));
}
fc_err fc_aes_ctr(const fc_aes_key *key, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                  size_t len) {
  BURNED(key, aes_ctr(key, ctr, in, out, len));
}
fc_err fc_aes_cbc_encrypt_pad(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in,
                              size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len) {
  BURNED(key, aes_cbc_encrypt_pad(key, iv, in, in_len, out, out_cap, out_len));
}
fc_err fc_aes_cbc_decrypt_unpad(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in,
                                uint8_t *out, size_t len, size_t *out_len) {
  BURNED(key, aes_cbc_decrypt_unpad(key, iv, in, out, len, out_len));
}
