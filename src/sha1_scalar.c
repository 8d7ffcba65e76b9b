/* SHA-1 block compression, portable C (FIPS 180-4 section 6.1.2). */
#include "fc_internal.h"

#define ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

static uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void compress(void *state, const uint8_t *blocks, size_t nblocks) {
  uint32_t *h = state, w[80];
  for (; nblocks--; blocks += 64) {
    for (int t = 0; t < 16; t++) w[t] = be32(blocks + 4 * t);
    for (int t = 16; t < 80; t++) w[t] = ROL(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int t = 0; t < 80; t++) {
      uint32_t f, k;
      if (t < 20) {
        f = (b & c) | (~b & d);
        k = 0x5a827999;
      } else if (t < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (t < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6;
      }
      uint32_t tmp = ROL(a, 5) + f + e + k + w[t];
      e = d;
      d = c;
      c = ROL(b, 30);
      b = a;
      a = tmp;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
  }
  fc__burn(w, sizeof(w));
}

const fc__sha_kernel fc__sha1_scalar = {{"scalar", 0}, compress};
