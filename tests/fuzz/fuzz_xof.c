/*
 * libFuzzer target for the XOF and ParallelHash API (fastcrypt.h only).
 * Input: [alg selector][output length, 2 bytes][block size][message...].
 * Checks:
 *  - SHAKE streamed with input-driven absorb and squeeze split points (some
 *    of length 0) gives the one-shot output, and a context copied halfway
 *    through the squeeze finishes the same;
 *  - absorbing after a squeeze is refused and changes nothing; a cleared
 *    context is refused;
 *  - the output of L bytes is a prefix of the output of L + 37 bytes;
 *  - ParallelHash256 runs on any block size and message, writes exactly
 *    out_len bytes, and gives the same answer twice; block size 0 is refused.
 * Any mismatch aborts (a crash for the fuzzer).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"

static void check(int ok) {
  if (!ok) abort();
}

#define MAXOUT 1100

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 4) return 0;
  fc_xof_alg alg = data[0] & 1 ? FC_SHAKE256 : FC_SHAKE128;
  size_t out_len = ((size_t)data[1] << 8 | data[2]) % (MAXOUT - 37);
  size_t block = data[3] % 200; /* 0 is refused by ParallelHash */
  const uint8_t *msg = data + 4;
  size_t len = size - 4;
  static uint8_t want[MAXOUT], longer[MAXOUT], got[MAXOUT], got2[MAXOUT];

  check(fc_xof(alg, len ? msg : NULL, len, want, out_len) == FC_OK);
  check(fc_xof(alg, len ? msg : NULL, len, longer, out_len + 37) == FC_OK);
  check(memcmp(want, longer, out_len) == 0);

  fc_xof_ctx c, copy;
  check(fc_xof_init(&c, alg) == FC_OK);
  uint32_t r = 0x9e3779b9u ^ (uint32_t)len;
  for (size_t pos = 0; pos < len;) {
    r = r * 1103515245u + 12345u + msg[pos];
    size_t take = (r >> 16) % 300;
    if (take > len - pos) take = len - pos;
    check(fc_xof_absorb(&c, take ? msg + pos : NULL, take) == FC_OK);
    pos += take;
  }
  size_t half = out_len / 2;
  int copied = 0;
  for (size_t pos = 0; pos < out_len;) {
    r = r * 1103515245u + 12345u;
    size_t take = (r >> 16) % 200;
    if (take > out_len - pos) take = out_len - pos;
    check(fc_xof_squeeze(&c, take ? got + pos : NULL, take) == FC_OK);
    pos += take;
    if (!copied && pos >= half) {
      copied = 1;
      copy = c;
      memcpy(got2, got, pos);
      check(fc_xof_squeeze(&copy, pos < out_len ? got2 + pos : NULL, out_len - pos) == FC_OK);
      check(memcmp(got2, want, out_len) == 0);
    }
  }
  check(memcmp(got, want, out_len) == 0);
  /* a squeeze of 0 bytes ends absorbing too (out_len may have been 0) */
  check(fc_xof_squeeze(&c, NULL, 0) == FC_OK);
  check(fc_xof_absorb(&c, msg, len ? 1 : 0) == FC_ERR_ARG);
  fc_xof_clear(&c);
  check(fc_xof_squeeze(&c, got, 1) == FC_ERR_ARG);

  memset(got, 0xa5, sizeof(got));
  memset(got2, 0x5a, sizeof(got2));
  fc_err rc = fc_parallelhash256(len ? msg : NULL, len, block, msg, len % 17, got, out_len);
  check(rc == (block == 0 ? FC_ERR_ARG : FC_OK));
  if (rc == FC_OK) {
    check(fc_parallelhash256(len ? msg : NULL, len, block, msg, len % 17, got2, out_len) == FC_OK);
    check(memcmp(got, got2, out_len) == 0);
    for (size_t i = out_len; i < sizeof(got); i++) check(got[i] == 0xa5);
  }
  return 0;
}
