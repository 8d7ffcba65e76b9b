/* SHA-256 block compression, portable C (FIPS 180-4 section 6.2.2). */
#include "hash/hash_internal.h"

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

#include "sha256_k.h"

static uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void compress(void *state, const uint8_t *blocks, size_t nblocks) {
  uint32_t *h = state, w[64];
  for (; nblocks--; blocks += 64) {
    for (int t = 0; t < 16; t++) w[t] = be32(blocks + 4 * t);
    for (int t = 16; t < 64; t++) {
      uint32_t s0 = ROR(w[t - 15], 7) ^ ROR(w[t - 15], 18) ^ (w[t - 15] >> 3);
      uint32_t s1 = ROR(w[t - 2], 17) ^ ROR(w[t - 2], 19) ^ (w[t - 2] >> 10);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int t = 0; t < 64; t++) {
      uint32_t t1 = hh + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + fc__sha256_k[t] + w[t];
      uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
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

const fc__sha_kernel fc__sha256_scalar = {{"scalar", 0}, compress, FC__STACK(544, 544, 576)};
