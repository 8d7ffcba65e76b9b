/* SHA-512 block compression, portable C (FIPS 180-4 section 6.4.2). */
#include "hash/hash_internal.h"

#define ROR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

#include "sha512_k.h"

static uint64_t be64(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v = (v << 8) | p[i];
  return v;
}

static void compress(void *state, const uint8_t *blocks, size_t nblocks) {
  uint64_t *h = state, w[80];
  for (; nblocks--; blocks += 128) {
    for (int t = 0; t < 16; t++) w[t] = be64(blocks + 8 * t);
    for (int t = 16; t < 80; t++) {
      uint64_t s0 = ROR(w[t - 15], 1) ^ ROR(w[t - 15], 8) ^ (w[t - 15] >> 7);
      uint64_t s1 = ROR(w[t - 2], 19) ^ ROR(w[t - 2], 61) ^ (w[t - 2] >> 6);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int t = 0; t < 80; t++) {
      uint64_t t1 = hh + (ROR(e, 14) ^ ROR(e, 18) ^ ROR(e, 41)) + ((e & f) ^ (~e & g)) + fc__sha512_k[t] + w[t];
      uint64_t t2 = (ROR(a, 28) ^ ROR(a, 34) ^ ROR(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
      hh = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
  }
  fc__burn(w, sizeof(w));
}

const fc__sha_kernel fc__sha512_scalar = {{"scalar", 0}, compress, FC__STACK(1280, 1056, 1216)};
