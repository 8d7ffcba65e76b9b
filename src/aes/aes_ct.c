/*
 * Portable constant-time AES kernel `ct`: the bitsliced core of aes_ct64.c
 * four blocks per pass (ECB, CBC decryption, CTR); CBC encryption is
 * serial and uses one slot of four. Contract: fc_internal.h.
 * Stack: at most the descriptor's `stack` figure (measured: up to 704 bytes
 * on x86-64, 1,872 on i686), burned by the caller; the named temporaries
 * are also wiped before returning.
 */

#include "aes_ct64.h"
#include "aes/aes_kernel.h"

static void ct_setkey(fc_aes_key *key, const uint8_t *k) {
  fc__aes_ct64_schedule(key->kdata, k, key->key_len / 4);
}

static void ct_ecb(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t nblocks,
                   int enc) {
  uint64_t q[8];
  while (nblocks > 0) {
    size_t n = nblocks < 4 ? nblocks : 4;
    fc__aes_ct64_load(q, in, n);
    if (enc)
      fc__aes_ct64_encrypt(key->kdata, key->rounds, q);
    else
      fc__aes_ct64_decrypt(key->kdata, key->rounds, q);
    fc__aes_ct64_store(out, q, n);
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
  fc__wipe(q, sizeof(q));
}

static void ct_ecb_enc(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t nblocks) {
  ct_ecb(key, in, out, nblocks, 1);
}

static void ct_ecb_dec(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t nblocks) {
  ct_ecb(key, in, out, nblocks, 0);
}

static void ct_cbc_enc(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                       size_t nblocks) {
  uint64_t q[8];
  uint8_t x[16];
  for (size_t i = 0; i < nblocks; i++) {
    for (int j = 0; j < 16; j++) x[j] = (uint8_t)(in[16 * i + j] ^ iv[j]);
    fc__aes_ct64_load(q, x, 1);
    fc__aes_ct64_encrypt(key->kdata, key->rounds, q);
    fc__aes_ct64_store(iv, q, 1);
    memcpy(out + 16 * i, iv, 16);
  }
  fc__wipe(q, sizeof(q));
  fc__wipe(x, sizeof(x));
}

static void ct_cbc_dec(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                       size_t nblocks) {
  uint64_t q[8];
  uint8_t c[64], p[64];
  while (nblocks > 0) {
    size_t n = nblocks < 4 ? nblocks : 4;
    memcpy(c, in, 16 * n); /* in may be out */
    fc__aes_ct64_load(q, c, n);
    fc__aes_ct64_decrypt(key->kdata, key->rounds, q);
    fc__aes_ct64_store(p, q, n);
    for (int j = 0; j < 16; j++) out[j] = (uint8_t)(p[j] ^ iv[j]);
    for (size_t j = 16; j < 16 * n; j++) out[j] = (uint8_t)(p[j] ^ c[j - 16]);
    memcpy(iv, c + 16 * (n - 1), 16);
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
  fc__wipe(q, sizeof(q));
  fc__wipe(p, sizeof(p));
}

static void ct_ctr(const fc_aes_key *key, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                   size_t nblocks) {
  uint64_t q[8];
  uint8_t ks[64];
  while (nblocks > 0) {
    size_t n = nblocks < 4 ? nblocks : 4;
    for (size_t b = 0; b < n; b++) {
      memcpy(ks + 16 * b, ctr, 16);
      fc__ctr128_add(ctr, 1);
    }
    fc__aes_ct64_load(q, ks, n);
    fc__aes_ct64_encrypt(key->kdata, key->rounds, q);
    fc__aes_ct64_store(ks, q, n);
    for (size_t j = 0; j < 16 * n; j++) out[j] = (uint8_t)(in[j] ^ ks[j]);
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
  fc__wipe(q, sizeof(q));
  fc__wipe(ks, sizeof(ks));
}

const fc__aes_kernel fc__aes_ct = {
    {"ct", 0}, ct_setkey, ct_ecb_enc, ct_ecb_dec, ct_cbc_enc, ct_cbc_dec, ct_ctr,
    FC__STACK(960, 896, 2432),
};
