/*
 * Driver for tools/neon-icount.sh: `reps` operations of one kind with the
 * kernel `name`. Usage: neon_icount <kernel> <bits> <op> <reps>
 *   op mul|f4|e3|win: Montgomery products or modpows (op FC_OP_MONT) at `bits`
 *     bits (a fixed pseudo-random modulus and base);
 *   op ctr|cbcdec: AES (op FC_OP_AES) with a `bits`-bit key, one
 *     fc_aes_ctr or fc_aes_cbc_decrypt over 16 KiB per repetition;
 *   op sha256x: 16 SHA-256 messages of `bits` / 8 bytes per repetition
 *     through fc__sha256_x on the sha256_x kernel `name` (internal: the
 *     script adds -I src).
 * The script counts the guest instructions qemu executes for reps = 1 and
 * reps = 11; their difference / 10 is one operation's cost, start-up and
 * key setup excluded.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"
#include "hash/hash_internal.h"

#define AES_BYTES 16384

static int aes(const char *kernel, unsigned bits, const char *op, unsigned reps) {
  static uint8_t buf[AES_BYTES];
  uint8_t k[32], iv[16];
  int cbc = !strcmp(op, "cbcdec");
  if (bits != 128 && bits != 192 && bits != 256) return 2;
  if (fc_impl_select(FC_OP_AES, kernel) != FC_OK) return 3;
  for (unsigned i = 0; i < sizeof k; i++) k[i] = (uint8_t)(7 * i + 1);
  for (unsigned i = 0; i < sizeof iv; i++) iv[i] = (uint8_t)(3 * i);
  for (unsigned i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(i * 131 >> 3);
  fc_aes_key key;
  if (fc_aes_init(&key, k, bits / 8) != FC_OK) return 4;
  for (unsigned i = 0; i < reps; i++)
    if ((cbc ? fc_aes_cbc_decrypt(&key, iv, buf, buf, sizeof buf)
             : fc_aes_ctr(&key, iv, buf, buf, sizeof buf)) != FC_OK)
      return 5;
  return buf[0] & 0; /* buf used */
}

static int sha256x(const char *kernel, unsigned bits, unsigned reps) {
  static uint8_t msg[16][256], out[16][32];
  const uint8_t *mp[16];
  uint8_t *op[16];
  size_t len = bits / 8;
  if (bits % 8 || len > sizeof msg[0]) return 2;
  if (fc_impl_select(FC_OP_SHA256_X, kernel) != FC_OK) return 3;
  const fc__sha256_x_kernel *xk = fc__sha256_x_active();
  for (unsigned i = 0; i < 16; i++) {
    for (size_t b = 0; b < len; b++) msg[i][b] = (uint8_t)(i * 31 + b);
    mp[i] = msg[i];
    op[i] = out[i];
  }
  for (unsigned r = 0; r < reps; r++) fc__sha256_x(xk, NULL, 0, mp, len, 16, op);
  return out[0][0] & 0; /* out used */
}

int main(int argc, char **argv) {
  static uint32_t n[FC_MONT_MAX_WORDS], a[FC_MONT_MAX_WORDS], r[FC_MONT_MAX_WORDS];
  if (argc != 5) return 2;
  unsigned bits = (unsigned)atoi(argv[2]), reps = (unsigned)atoi(argv[4]);
  if (!strcmp(argv[3], "ctr") || !strcmp(argv[3], "cbcdec")) return aes(argv[1], bits, argv[3], reps);
  if (!strcmp(argv[3], "sha256x")) return sha256x(argv[1], bits, reps);
  size_t nw = bits / 32;
  if (bits % 32 || nw < 2 || nw > FC_MONT_MAX_WORDS) return 2;
  if (fc_impl_select(FC_OP_MONT, argv[1]) != FC_OK) return 3;
  uint64_t x = 0x9e3779b97f4a7c15u;
  for (size_t i = 0; i < nw; i++) {
    x = x * 6364136223846793005u + 1442695040888963407u;
    n[i] = (uint32_t)(x >> 32);
    a[i] = (uint32_t)(x >> 7);
  }
  n[0] |= 1;
  n[nw - 1] |= 0x80000000u;
  a[nw - 1] &= 0x7fffffffu; /* a < n */
  fc_mont_ctx ctx;
  if (fc_mont_init(&ctx, n, nw) != FC_OK) return 4;
  static const uint8_t f4[] = {1, 0, 1}, e3[] = {3}, win[] = {0xc3, 0x5a, 0x96, 0x0f, 0xe1, 0x2d};
  const uint8_t *e = f4;
  size_t el = sizeof f4;
  if (!strcmp(argv[3], "e3")) e = e3, el = 1;
  if (!strcmp(argv[3], "win")) e = win, el = sizeof win;
  for (unsigned i = 0; i < reps; i++) {
    if (!strcmp(argv[3], "mul"))
      fc_mont_mul(&ctx, r, a, a);
    else if (fc_modpow(&ctx, r, a, e, el) != FC_OK)
      return 5;
  }
  return (int)(r[0] & 0); /* r used */
}
