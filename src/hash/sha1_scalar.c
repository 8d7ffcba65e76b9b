/* SHA-1 block compression, portable C (FIPS 180-4 section 6.1.2); with
   FC_COMPACT one round per loop iteration (firmware size). */
#include "hash/hash_internal.h"

#define ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

static uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The stages' functions (FIPS 180-4 4.1.1): Ch, Parity, Maj. */
#define F_CH(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define F_PAR(b, c, d) ((b) ^ (c) ^ (d))
#define F_MAJ(b, c, d) (((b) & (c)) | ((d) & ((b) | (c))))

/*
 * W_t for t >= 16 in a 16-word window (6.1.2 step 1 with W_(t-16) at
 * index t mod 16): no 80-word schedule goes through memory, and the
 * compiler cannot vectorise the recurrence into store-forwarding stalls.
 */
#define W(t) ((t) < 16 ? w[t] : (w[(t) & 15] = ROL(w[((t) + 13) & 15] ^ w[((t) + 8) & 15] ^ w[((t) + 2) & 15] ^ w[(t) & 15], 1)))

/* One round with the variables renamed instead of moved: afterwards e holds
   the new a and b the new c (6.1.2 step 3). */
#define ROUND(a, b, c, d, e, F, K, t)              \
  do {                                             \
    e += ROL(a, 5) + F(b, c, d) + (K) + W(t);      \
    b = ROL(b, 30);                                \
  } while (0)

/* Rounds t0 .. t0 + 19 with one function and constant, five at a time so
   the names come back to where they started. */
#define STAGE(t0, F, K)                                  \
  for (int t = (t0); t < (t0) + 20; t += 5) {            \
    ROUND(a, b, c, d, e, F, K, t);                       \
    ROUND(e, a, b, c, d, F, K, t + 1);                   \
    ROUND(d, e, a, b, c, F, K, t + 2);                   \
    ROUND(c, d, e, a, b, F, K, t + 3);                   \
    ROUND(b, c, d, e, a, F, K, t + 4);                   \
  }

static void compress(void *state, const uint8_t *blocks, size_t nblocks) {
  uint32_t *h = state, w[16];
  for (; nblocks--; blocks += 64) {
    for (int t = 0; t < 16; t++) w[t] = be32(blocks + 4 * t);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
#if defined(FC_COMPACT) /* one round's code, the variables moved */
    for (int t = 0; t < 80; t++) {
      uint32_t f = t < 20 ? F_CH(b, c, d) : t < 40 || t >= 60 ? F_PAR(b, c, d) : F_MAJ(b, c, d);
      uint32_t k = t < 20 ? 0x5a827999 : t < 40 ? 0x6ed9eba1 : t < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      uint32_t n = ROL(a, 5) + f + e + k + W(t);
      e = d, d = c, c = ROL(b, 30), b = a, a = n;
    }
#else
    STAGE(0, F_CH, 0x5a827999)
    STAGE(20, F_PAR, 0x6ed9eba1)
    STAGE(40, F_MAJ, 0x8f1bbcdc)
    STAGE(60, F_PAR, 0xca62c1d6)
#endif
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
  }
  fc__burn(w, sizeof(w));
}

const fc__sha_kernel fc__sha1_scalar = {{"scalar", 0}, compress, FC__STACK(288, 480, 320)};
