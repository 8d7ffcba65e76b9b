/*
 * Bitsliced AES, 64-bit planes ("ct64" style: Kasper and Schwabe, "Faster
 * and timing-attack resistant AES-GCM", CHES 2009, for the idea of bit
 * planes; Koenig's and Pornin's 64-bit variants for four blocks per word).
 * S-box: Boyar and Peralta, "A depth-16 circuit for the AES S-box", IACR
 * ePrint 2011/332 (the 113-gate circuit: top linear, 32 AND middle, bottom
 * linear). Inverse S-box: InvS = Q o S o Q with Q the inverse affine map
 * of FIPS 197 section 5.3.2, Q(v) = rotl(v,1) ^ rotl(v,3) ^ rotl(v,6) ^ 05:
 * S(w) = A(w^-1) ^ 63 gives w^-1 = Q(S(w)), and InvS(y) = Q(y)^-1.
 *
 * Layout: plane q[i] holds bit i of the 64 bytes of four blocks; byte
 * (row r, column c) of block b is bit 16r + 4c + b. ShiftRows is then a
 * rotation of each 16-bit row, and MixColumns' "next row" a rotation of
 * the whole word by 16.
 *
 * Loading: word k = 4(c & 1) + b holds, in byte m = 2r + (c >> 1), byte
 * (r, c) of block b; an 8x8 bit transpose of each byte column (swapmove
 * at 1, 2, 4) then puts bit i of word k, byte m, at plane i, bit 8m + k =
 * 16r + 4c + b. The transpose is an involution: storing runs it again.
 */

#include "aes_ct64.h"
#include "aes/aes_kernel.h"

static uint64_t ld64(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

static void st64(uint8_t *p, uint64_t v) {
  for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* 32 -> 64 bits: byte j goes to byte 2j. */
static uint64_t spread(uint64_t v) {
  v &= 0xFFFFFFFFu;
  v = (v | v << 16) & 0x0000FFFF0000FFFFull;
  return (v | v << 8) & 0x00FF00FF00FF00FFull;
}

static uint64_t unspread(uint64_t v) {
  v &= 0x00FF00FF00FF00FFull;
  v = (v | v >> 8) & 0x0000FFFF0000FFFFull;
  return (v | v >> 16) & 0xFFFFFFFFu;
}

#define SWAPMOVE(a, b, m, s)              \
  do {                                    \
    uint64_t t_ = (((a) >> (s)) ^ (b)) & (m); \
    (b) ^= t_;                            \
    (a) ^= t_ << (s);                     \
  } while (0)

static void transpose(uint64_t q[8]) {
  for (int k = 0; k < 8; k += 2) SWAPMOVE(q[k], q[k + 1], 0x5555555555555555ull, 1);
  for (int k = 0; k < 8; k += 4) {
    SWAPMOVE(q[k], q[k + 2], 0x3333333333333333ull, 2);
    SWAPMOVE(q[k + 1], q[k + 3], 0x3333333333333333ull, 2);
  }
  for (int k = 0; k < 4; k++) SWAPMOVE(q[k], q[k + 4], 0x0F0F0F0F0F0F0F0Full, 4);
}

void fc__aes_ct64_load(uint64_t q[8], const uint8_t *src, size_t n) {
  for (size_t b = 0; b < 4; b++) {
    if (b < n) {
      /* bytes 0..7 are columns 0, 1; bytes 8..15 columns 2, 3 */
      uint64_t x = ld64(src + 16 * b), y = ld64(src + 16 * b + 8);
      q[b] = spread(x) | spread(y) << 8;
      q[b + 4] = spread(x >> 32) | spread(y >> 32) << 8;
    } else {
      q[b] = q[b + 4] = 0;
    }
  }
  transpose(q);
}

void fc__aes_ct64_store(uint8_t *dst, const uint64_t q[8], size_t n) {
  uint64_t w[8];
  memcpy(w, q, sizeof(w));
  transpose(w);
  for (size_t b = 0; b < n; b++) {
    st64(dst + 16 * b, unspread(w[b]) | unspread(w[b + 4]) << 32);
    st64(dst + 16 * b + 8, unspread(w[b] >> 8) | unspread(w[b + 4] >> 8) << 32);
  }
  fc__wipe(w, sizeof(w));
}

/* Boyar-Peralta circuit; U0 is the most significant bit (q[7]). */
static void sbox(uint64_t q[8]) {
  uint64_t u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4], u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
  uint64_t t1 = u0 ^ u3, t2 = u0 ^ u5, t3 = u0 ^ u6, t4 = u3 ^ u5, t5 = u4 ^ u6;
  uint64_t t6 = t1 ^ t5, t7 = u1 ^ u2, t8 = u7 ^ t6, t9 = u7 ^ t7, t10 = t6 ^ t7;
  uint64_t t11 = u1 ^ u5, t12 = u2 ^ u5, t13 = t3 ^ t4, t14 = t6 ^ t11, t15 = t5 ^ t11;
  uint64_t t16 = t5 ^ t12, t17 = t9 ^ t16, t18 = u3 ^ u7, t19 = t7 ^ t18, t20 = t1 ^ t19;
  uint64_t t21 = u6 ^ u7, t22 = t7 ^ t21, t23 = t2 ^ t22, t24 = t2 ^ t10, t25 = t20 ^ t17;
  uint64_t t26 = t3 ^ t16, t27 = t1 ^ t12;

  uint64_t m1 = t13 & t6, m2 = t23 & t8, m3 = t14 ^ m1, m4 = t19 & u7, m5 = m4 ^ m1;
  uint64_t m6 = t3 & t16, m7 = t22 & t9, m8 = t26 ^ m6, m9 = t20 & t17, m10 = m9 ^ m6;
  uint64_t m11 = t1 & t15, m12 = t4 & t27, m13 = m12 ^ m11, m14 = t2 & t10, m15 = m14 ^ m11;
  uint64_t m16 = m3 ^ m2, m17 = m5 ^ t24, m18 = m8 ^ m7, m19 = m10 ^ m15, m20 = m16 ^ m13;
  uint64_t m21 = m17 ^ m15, m22 = m18 ^ m13, m23 = m19 ^ t25, m24 = m22 ^ m23;
  uint64_t m25 = m22 & m20, m26 = m21 ^ m25, m27 = m20 ^ m21, m28 = m23 ^ m25;
  uint64_t m29 = m28 & m27, m30 = m26 & m24, m31 = m20 & m23, m32 = m27 & m31;
  uint64_t m33 = m27 ^ m25, m34 = m21 & m22, m35 = m24 & m34, m36 = m24 ^ m25;
  uint64_t m37 = m21 ^ m29, m38 = m32 ^ m33, m39 = m23 ^ m30, m40 = m35 ^ m36;
  uint64_t m41 = m38 ^ m40, m42 = m37 ^ m39, m43 = m37 ^ m38, m44 = m39 ^ m40, m45 = m42 ^ m41;
  uint64_t m46 = m44 & t6, m47 = m40 & t8, m48 = m39 & u7, m49 = m43 & t16, m50 = m38 & t9;
  uint64_t m51 = m37 & t17, m52 = m42 & t15, m53 = m45 & t27, m54 = m41 & t10, m55 = m44 & t13;
  uint64_t m56 = m40 & t23, m57 = m39 & t19, m58 = m43 & t3, m59 = m38 & t22, m60 = m37 & t20;
  uint64_t m61 = m42 & t1, m62 = m45 & t4, m63 = m41 & t2;

  uint64_t l0 = m61 ^ m62, l1 = m50 ^ m56, l2 = m46 ^ m48, l3 = m47 ^ m55, l4 = m54 ^ m58;
  uint64_t l5 = m49 ^ m61, l6 = m62 ^ l5, l7 = m46 ^ l3, l8 = m51 ^ m59, l9 = m52 ^ m53;
  uint64_t l10 = m53 ^ l4, l11 = m60 ^ l2, l12 = m48 ^ m51, l13 = m50 ^ l0, l14 = m52 ^ m61;
  uint64_t l15 = m55 ^ l1, l16 = m56 ^ l0, l17 = m57 ^ l1, l18 = m58 ^ l8, l19 = m63 ^ l4;
  uint64_t l20 = l0 ^ l1, l21 = l1 ^ l7, l22 = l3 ^ l12, l23 = l18 ^ l2, l24 = l15 ^ l9;
  uint64_t l25 = l6 ^ l10, l26 = l7 ^ l9, l27 = l8 ^ l10, l28 = l11 ^ l14, l29 = l11 ^ l17;
  q[7] = l6 ^ l24;
  q[6] = ~(l16 ^ l26);
  q[5] = ~(l19 ^ l28);
  q[4] = l6 ^ l21;
  q[3] = l20 ^ l22;
  q[2] = l25 ^ l29;
  q[1] = ~(l13 ^ l27);
  q[0] = ~(l6 ^ l23);
}

/* Q(v) on planes: bit i takes bits i-1, i-3 and i-6 (mod 8), then ^ 05. */
static void lin(uint64_t q[8]) {
  uint64_t r[8];
  for (int i = 0; i < 8; i++) r[i] = q[(i + 7) & 7] ^ q[(i + 5) & 7] ^ q[(i + 2) & 7];
  r[0] = ~r[0];
  r[2] = ~r[2];
  memcpy(q, r, sizeof(r));
}

static void inv_sbox(uint64_t q[8]) {
  lin(q);
  sbox(q);
  lin(q);
}

/* Row r (bits 16r..16r+15) rotated right by 4r: new column c = old c + r. */
static uint64_t shift_rows1(uint64_t x) {
  return (x & 0x000000000000FFFFull) | ((x >> 4) & 0x000000000FFF0000ull) |
         ((x << 12) & 0x00000000F0000000ull) | ((x >> 8) & 0x000000FF00000000ull) |
         ((x << 8) & 0x0000FF0000000000ull) | ((x >> 12) & 0x000F000000000000ull) |
         ((x << 4) & 0xFFF0000000000000ull);
}

static uint64_t inv_shift_rows1(uint64_t x) {
  return (x & 0x000000000000FFFFull) | ((x << 4) & 0x00000000FFF00000ull) |
         ((x >> 12) & 0x00000000000F0000ull) | ((x >> 8) & 0x000000FF00000000ull) |
         ((x << 8) & 0x0000FF0000000000ull) | ((x << 12) & 0xF000000000000000ull) |
         ((x >> 4) & 0x0FFF000000000000ull);
}

static uint64_t rotr16(uint64_t x) { return x >> 16 | x << 48; }
static uint64_t rotr32(uint64_t x) { return x >> 32 | x << 32; }

/* t <- 2t in GF(2^8) on planes (x^8 = x^4 + x^3 + x + 1). */
static void xtime(uint64_t t[8]) {
  uint64_t h = t[7];
  t[7] = t[6];
  t[6] = t[5];
  t[5] = t[4];
  t[4] = t[3] ^ h;
  t[3] = t[2] ^ h;
  t[2] = t[1];
  t[1] = t[0] ^ h;
  t[0] = h;
}

/* out[r] = 2(a[r] ^ a[r+1]) ^ a[r+1] ^ a[r+2] ^ a[r+3] (FIPS 197 5.1.3). */
static void mix_columns(uint64_t q[8]) {
  uint64_t t[8], o[8];
  for (int i = 0; i < 8; i++) {
    uint64_t r1 = rotr16(q[i]);
    t[i] = q[i] ^ r1;
    o[i] = r1 ^ rotr32(q[i] ^ r1);  /* a[r+1] ^ a[r+2] ^ a[r+3] */
  }
  xtime(t);
  for (int i = 0; i < 8; i++) q[i] = t[i] ^ o[i];
}

/* InvMixColumns = MixColumns o (a[r] ^= 4(a[r] ^ a[r+2])): the circulant
   (14, 11, 13, 9) is (2, 3, 1, 1) times (5, 0, 4, 0). */
static void inv_mix_columns(uint64_t q[8]) {
  uint64_t t[8];
  for (int i = 0; i < 8; i++) t[i] = q[i] ^ rotr32(q[i]);
  xtime(t);
  xtime(t);
  for (int i = 0; i < 8; i++) q[i] ^= t[i];
  mix_columns(q);
}

static void add_round_key(uint64_t q[8], const uint64_t *rk) {
  for (int i = 0; i < 8; i++) q[i] ^= rk[i];
}

void fc__aes_ct64_encrypt(const uint64_t *sk, unsigned rounds, uint64_t q[8]) {
  add_round_key(q, sk);
  for (unsigned r = 1; r < rounds; r++) {
    sbox(q);
    for (int i = 0; i < 8; i++) q[i] = shift_rows1(q[i]);
    mix_columns(q);
    add_round_key(q, sk + 8 * r);
  }
  sbox(q);
  for (int i = 0; i < 8; i++) q[i] = shift_rows1(q[i]);
  add_round_key(q, sk + 8 * rounds);
}

void fc__aes_ct64_decrypt(const uint64_t *sk, unsigned rounds, uint64_t q[8]) {
  add_round_key(q, sk + 8 * rounds);
  for (unsigned r = rounds - 1; r > 0; r--) {
    for (int i = 0; i < 8; i++) q[i] = inv_shift_rows1(q[i]);
    inv_sbox(q);
    add_round_key(q, sk + 8 * r);
    inv_mix_columns(q);
  }
  for (int i = 0; i < 8; i++) q[i] = inv_shift_rows1(q[i]);
  inv_sbox(q);
  add_round_key(q, sk);
}

/* SubWord of a 4-byte word through the bitsliced S-box (constant time). */
static void sub_word(uint8_t w[4]) {
  uint8_t blk[16] = {0};
  uint64_t q[8];
  memcpy(blk, w, 4);
  fc__aes_ct64_load(q, blk, 1);
  sbox(q);
  fc__aes_ct64_store(blk, q, 1);
  memcpy(w, blk, 4);
  fc__wipe(blk, sizeof(blk));
  fc__wipe(q, sizeof(q));
}

/* FIPS 197 section 5.2, then each round key planed for four blocks. */
void fc__aes_ct64_schedule(uint64_t *sk, const uint8_t *k, unsigned nk) {
  uint8_t w[60 * 4], t[4], blk[64];
  unsigned rounds = nk + 6, total = 4 * (rounds + 1);
  uint8_t rcon = 1;
  memcpy(w, k, 4 * nk);
  for (unsigned i = nk; i < total; i++) {
    memcpy(t, w + 4 * (i - 1), 4);
    if (i % nk == 0) {
      uint8_t r0 = t[0];
      t[0] = t[1], t[1] = t[2], t[2] = t[3], t[3] = r0;
      sub_word(t);
      t[0] ^= rcon;
      rcon = (uint8_t)(rcon << 1 ^ (0x1B & -(rcon >> 7)));
    } else if (nk > 6 && i % nk == 4) {
      sub_word(t);
    }
    for (int j = 0; j < 4; j++) w[4 * i + j] = w[4 * (i - nk) + j] ^ t[j];
  }
  for (unsigned r = 0; r <= rounds; r++) {
    for (int b = 0; b < 4; b++) memcpy(blk + 16 * b, w + 16 * r, 16);
    fc__aes_ct64_load(sk + 8 * r, blk, 4);
  }
  fc__wipe(w, sizeof(w));
  fc__wipe(t, sizeof(t));
  fc__wipe(blk, sizeof(blk));
}
