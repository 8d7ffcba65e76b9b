/*
 * libFuzzer target: fc_mont_init_rr on arbitrary constants laid out as a
 * vboot .keyb (uint32 nwords, uint32 n0inv, uint32 n[nwords], uint32
 * rr[nwords], little-endian; nwords is taken modulo 257 and cut to what the
 * input holds). Checks: no crash or out-of-bounds access; an accepted
 * context has odd n > 1, n0inv * n[0] = -1 mod 2^32 and rr < n, and when rr
 * is the true R^2 mod n, fc_modpow with it equals fc_modpow with
 * fc_mont_init's context; any accepted context exponentiates without fault;
 * a refused one is cleared and refused by fc_modpow.
 * Seeds: tests/fuzz/corpus/mont_rr (the 1024- and 2048-bit vboot test
 * .keyb files as they are, and the 2048-bit one with rr off by one).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"

static uint32_t le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static fc_mont_ctx ctx, ref;
static uint32_t n[FC_MONT_MAX_WORDS], rr[FC_MONT_MAX_WORDS], x[FC_MONT_MAX_WORDS],
    y[FC_MONT_MAX_WORDS], base[FC_MONT_MAX_WORDS];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const uint8_t f4[3] = {1, 0, 1};
  if (size < 8) return 0;
  size_t nw = le32(data) % (FC_MONT_MAX_WORDS + 1);
  if (nw > (size - 8) / 8) nw = (size - 8) / 8;
  uint32_t n0inv = le32(data + 4);
  for (size_t i = 0; i < nw; i++) {
    n[i] = le32(data + 8 + 4 * i);
    rr[i] = le32(data + 8 + 4 * (nw + i));
  }
  fc_err rc = fc_mont_init_rr(&ctx, n, rr, n0inv, nw);
  if (rc != FC_OK) {
    if (rc != FC_ERR_KEY && rc != FC_ERR_ARG) abort();
    const uint8_t *p = (const uint8_t *)&ctx;
    for (size_t i = 0; i < sizeof ctx; i++)
      if (p[i]) abort();
    if (fc_modpow(&ctx, x, base, f4, sizeof f4) != FC_ERR_ARG) abort();
    return 0;
  }
  if (nw == 0 || !(n[0] & 1) || (uint32_t)(n0inv * n[0]) != 0xffffffffu) abort();
  size_t top = nw;
  while (top > 0 && rr[top - 1] == n[top - 1]) top--;
  if (top == 0 || rr[top - 1] > n[top - 1]) abort(); /* rr < n */
  /* base = n with its top nonzero word halved: below n */
  memcpy(base, n, 4 * nw);
  size_t t = nw;
  while (t > 1 && base[t - 1] == 0) t--;
  base[t - 1] >>= 1;
  if (fc_modpow(&ctx, x, base, f4, sizeof f4) != FC_OK) abort();
  if (fc_mont_init(&ref, n, nw) != FC_OK) abort(); /* n odd, > 1: accepted */
  if (memcmp(ref.rr, rr, 4 * nw) == 0) {
    if (fc_modpow(&ref, y, base, f4, sizeof f4) != FC_OK) abort();
    if (memcmp(x, y, 4 * nw) != 0) abort();
  }
  return 0;
}
