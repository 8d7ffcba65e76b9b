/*
 * Instruction counts (under valgrind --tool=callgrind, tools/verify-icount.sh)
 * of fc_rsa_verify and of the bare fc_modpow it runs: a fixed pseudo-random
 * key of `bits` bits (e = 65537) and signature, `reps` calls of the op named.
 * The signature does not verify, which costs the same work: the whole
 * encoded message is compared whatever it holds.
 * Usage: verify_icount <verify|modpow> <bits> <reps>   (kernel: FASTCRYPT_IMPL)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"

int main(int argc, char **argv) {
  if (argc != 4) return 2;
  size_t nb = (size_t)atoi(argv[2]) / 8, nw = nb / 4;
  long reps = atol(argv[3]);
  if (nb < 64 || nb > 1024 || nb % 4) return 2;
  uint8_t n[1024], s[1024], digest[32] = {0}, e[3] = {1, 0, 1};
  uint32_t nn[256], b[256], r[256];
  uint32_t x = 12345;
  for (size_t i = 0; i < nb; i++) {
    x = x * 1103515245u + 12345u;
    n[i] = (uint8_t)(x >> 16);
    x = x * 1103515245u + 12345u;
    s[i] = (uint8_t)(x >> 16);
  }
  n[0] |= 0x80;
  n[nb - 1] |= 1;
  s[0] = 0x12; /* below n */
  for (size_t i = 0; i < nw; i++) {
    const uint8_t *p = n + nb - 4 - 4 * i, *q = s + nb - 4 - 4 * i;
    nn[i] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    b[i] = (uint32_t)q[0] << 24 | (uint32_t)q[1] << 16 | (uint32_t)q[2] << 8 | q[3];
  }
  if (fc_init() != FC_OK) return 1;
  fc_rsa_pubkey key;
  fc_mont_ctx ctx;
  if (fc_rsa_pubkey_init(&key, n, nb, e, 3) != FC_OK || fc_mont_init(&ctx, nn, nw) != FC_OK) return 1;
  for (long i = 0; i < reps; i++) {
    if (strcmp(argv[1], "verify") == 0) {
      if (fc_rsa_verify(&key, FC_SHA256, digest, 32, s, nb) != FC_ERR_SIG) return 1;
    } else if (fc_modpow(&ctx, r, b, e, 3) != FC_OK)
      return 1;
  }
  printf("%s %s: %ld calls, kernel %s\n", argv[1], argv[2], reps, fc_impl_active(FC_OP_MONT));
  return 0;
}
