/*
 * Portable constant-time GHASH kernel `ct` (SP 800-38D section 6.4).
 *
 * Carry-less 64x64 products from integer multiplications "with holes": each
 * operand is split in four by the masks 0x1111.., 0x2222.., 0x4444..,
 * 0x8888..; a product of two such parts has its terms at one residue mod 4,
 * and at a bit below 60 it sums at most 15 of them, so the carries stay in
 * the three positions above, which the final mask drops (the idea is
 * Pornin's, BearSSL ghash_ctmul64; this code is ours). That gives the low
 * 64 bits; the high 64 bits are the low half of the product of the
 * bit-reversed operands, reversed and shifted by one. 128x128 by Karatsuba
 * (3 products, 6 half products).
 *
 * Bit order: a block read as a big-endian 128-bit integer has coefficient
 * x^k at bit 127-k, so the integer product shifted left by one has x^k at
 * bit 255-k; coefficients 128..255 (the low 128 bits) fold back with
 * x^128 = x^7 + x^2 + x + 1, a right shift by 0, 1, 2, 7 in this order.
 * hdata: H as (hi, lo), then rev64(hi), rev64(lo), rev64(hi ^ lo).
 * No table, no branch on data. Stack: at most
 * the descriptor's `stack` figure (measured: up to 392 bytes, 564 on
 * i686), burned by the caller.
 */
#include "aes/aes_kernel.h"

static uint64_t bmul64(uint64_t x, uint64_t y) {
  const uint64_t m0 = 0x1111111111111111ull, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
  uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
  uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
  uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
  uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
  uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
  uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
  return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

static uint64_t rev64(uint64_t x) {
  x = ((x & 0x5555555555555555ull) << 1) | ((x >> 1) & 0x5555555555555555ull);
  x = ((x & 0x3333333333333333ull) << 2) | ((x >> 2) & 0x3333333333333333ull);
  x = ((x & 0x0F0F0F0F0F0F0F0Full) << 4) | ((x >> 4) & 0x0F0F0F0F0F0F0F0Full);
  x = ((x & 0x00FF00FF00FF00FFull) << 8) | ((x >> 8) & 0x00FF00FF00FF00FFull);
  x = ((x & 0x0000FFFF0000FFFFull) << 16) | ((x >> 16) & 0x0000FFFF0000FFFFull);
  return x << 32 | x >> 32;
}

static uint64_t ld_be(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v = v << 8 | p[i];
  return v;
}

static void st_be(uint8_t *p, uint64_t v) {
  for (int i = 7; i >= 0; i--, v >>= 8) p[i] = (uint8_t)v;
}

static void ct_setkey(uint64_t *hd, const uint8_t h[16]) {
  hd[0] = ld_be(h);
  hd[1] = ld_be(h + 8);
  hd[2] = rev64(hd[0]);
  hd[3] = rev64(hd[1]);
  hd[4] = hd[2] ^ hd[3];
}

static void ct_ghash(const uint64_t *hd, uint8_t y[16], const uint8_t *in, size_t nblocks) {
  uint64_t y1 = ld_be(y), y0 = ld_be(y + 8);
  const uint64_t h1 = hd[0], h0 = hd[1], h1r = hd[2], h0r = hd[3], h2r = hd[4];
  const uint64_t h2 = h0 ^ h1;
  for (size_t i = 0; i < nblocks; i++, in += 16) {
    y1 ^= ld_be(in);
    y0 ^= ld_be(in + 8);
    uint64_t y2 = y0 ^ y1, y1r = rev64(y1), y0r = rev64(y0), y2r = y1r ^ y0r;
    /* Karatsuba: (y1 h1) x^128 + ((y1+y0)(h1+h0) - y1 h1 - y0 h0) x^64 + y0 h0,
       in the integer (big-endian) sense: word 1 is the high one. */
    uint64_t a0 = bmul64(y0, h0), a1 = rev64(bmul64(y0r, h0r)) >> 1; /* y0 h0 = a1:a0 */
    uint64_t b0 = bmul64(y1, h1), b1 = rev64(bmul64(y1r, h1r)) >> 1; /* y1 h1 = b1:b0 */
    uint64_t c0 = bmul64(y2, h2), c1 = rev64(bmul64(y2r, h2r)) >> 1;
    c0 ^= a0 ^ b0;
    c1 ^= a1 ^ b1;
    /* 256-bit product w3:w2:w1:w0 = b1:b0^c1:a1^c0:a0, shifted left by one */
    uint64_t w3 = b1, w2 = b0 ^ c1, w1 = a1 ^ c0, w0 = a0;
    w3 = w3 << 1 | w2 >> 63;
    w2 = w2 << 1 | w1 >> 63;
    w1 = w1 << 1 | w0 >> 63;
    w0 <<= 1;
    w2 ^= w0 ^ (w0 >> 1) ^ (w0 >> 2) ^ (w0 >> 7);
    w1 ^= (w0 << 63) ^ (w0 << 62) ^ (w0 << 57);
    w3 ^= w1 ^ (w1 >> 1) ^ (w1 >> 2) ^ (w1 >> 7);
    w2 ^= (w1 << 63) ^ (w1 << 62) ^ (w1 << 57);
    y1 = w3;
    y0 = w2;
  }
  st_be(y, y1);
  st_be(y + 8, y0);
}

const fc__ghash_kernel fc__ghash_ct = {{"ct", 0}, ct_setkey, ct_ghash, FC__STACK(384, 576, 800)};
