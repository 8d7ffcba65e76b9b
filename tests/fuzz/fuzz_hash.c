/*
 * libFuzzer target for the public hash API (fastcrypt.h only).
 * Input: [alg selector][key length][okm length, 2 bytes][message...].
 * Checks, for the selected algorithm:
 *  - streaming on input-driven split points gives the one-shot digest, and
 *    a copied context finishes the same;
 *  - streaming HMAC (key = a prefix of the message) equals one-shot HMAC;
 *  - HKDF: the output for length L is a prefix of the output for L + 17,
 *    nothing is written past L, and a length over 255 * hLen is refused;
 *  - PBKDF2 with 2 iterations: the first 10 bytes of a 40-byte output equal
 *    a 10-byte output.
 * Any mismatch aborts (a crash for the fuzzer).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"

static void check(int ok) {
  if (!ok) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 4) return 0;
  fc_hash_alg alg = (fc_hash_alg)(FC_SHA1 + data[0] % 11); /* SHA-1 .. SHA3-512 */
  size_t klen = data[1];
  size_t okm_len = ((size_t)data[2] << 8 | data[3]) % 2048 + 1;
  const uint8_t *msg = data + 4;
  size_t len = size - 4;
  size_t hl = fc_hash_len(alg);
  uint8_t want[FC_HASH_MAX_LEN], got[FC_HASH_MAX_LEN], got2[FC_HASH_MAX_LEN];

  check(fc_hash(alg, len ? msg : NULL, len, want) == FC_OK);
  fc_hash_ctx c, copy;
  check(fc_hash_init(&c, alg) == FC_OK);
  size_t pos = 0;
  uint32_t r = 0x9e3779b9u ^ (uint32_t)len;
  while (pos < len) {
    r = r * 1103515245u + 12345u + msg[pos];
    size_t n = (r >> 16) % 300;
    if (n > len - pos) n = len - pos;
    check(fc_hash_update(&c, n ? msg + pos : NULL, n) == FC_OK);
    pos += n;
    if ((r & 0xff) == 0x5a) {
      copy = c;
      check(fc_hash_update(&copy, msg + pos, len - pos) == FC_OK);
      check(fc_hash_final(&copy, got2) == FC_OK);
      check(memcmp(got2, want, hl) == 0);
    }
  }
  check(fc_hash_final(&c, got) == FC_OK);
  check(memcmp(got, want, hl) == 0);
  check(fc_hash_update(&c, msg, len) == FC_ERR_ARG);

  if (klen > len) klen = len;
  fc_hmac_ctx h;
  check(fc_hmac(alg, klen ? msg : NULL, klen, len ? msg : NULL, len, want) == FC_OK);
  check(fc_hmac_init(&h, alg, klen ? msg : NULL, klen) == FC_OK);
  size_t cut = len ? msg[0] % (len + 1) : 0;
  check(fc_hmac_update(&h, cut ? msg : NULL, cut) == FC_OK);
  check(fc_hmac_update(&h, len - cut ? msg + cut : NULL, len - cut) == FC_OK);
  check(fc_hmac_final(&h, got) == FC_OK);
  check(memcmp(got, want, hl) == 0);

  static uint8_t okm1[255 * 64 + 32], okm2[255 * 64 + 32];
  size_t max = 255 * hl;
  if (okm_len > max) okm_len = max;
  size_t l2 = okm_len + 17 > max ? max : okm_len + 17;
  memset(okm1, 0xa5, sizeof okm1);
  check(fc_hkdf(alg, msg, klen, msg, len, msg, len / 2, okm1, okm_len) == FC_OK);
  check(fc_hkdf(alg, msg, klen, msg, len, msg, len / 2, okm2, l2) == FC_OK);
  check(memcmp(okm1, okm2, okm_len) == 0);
  for (size_t i = okm_len; i < sizeof okm1; i++) check(okm1[i] == 0xa5);
  check(fc_hkdf(alg, msg, klen, msg, len, NULL, 0, okm1, max + 1) == FC_ERR_ARG);

  uint8_t dk1[10], dk2[40];
  check(fc_pbkdf2(alg, msg, klen, msg, len, 2, dk1, sizeof dk1) == FC_OK);
  check(fc_pbkdf2(alg, msg, klen, msg, len, 2, dk2, sizeof dk2) == FC_OK);
  check(memcmp(dk1, dk2, sizeof dk1) == 0);
  return 0;
}
