/*
 * NEON vector-permute AES kernel `neon`, for AArch64 cores with ASIMD but
 * without the AES instructions. Follows M. Hamburg, "Accelerating AES with
 * Vector Permute Instructions", CHES 2009, with TBL as the permute: every
 * table is 16 bytes indexed by a nibble, and TBL returns 0 for an index
 * >= 16, which the inversion uses as 1/infinity = 0.
 *
 * Field and tables: tools/gen-vpaes-tables.py (it derives and checks them;
 * aes_neon_tab.h is its output). A byte x is held as T(x), GF(2^8) as
 * GF(2^4)[t]/(t^2 + 2t + 2) with the high nibble i and the low nibble k of
 * T(x) = i t + k. One S-box is: split into nibbles (AND, shift), 5 TBL for
 * io = 1/(1/i + a/k) + (i ^ k) and jo = 1/(1/(i ^ k) + a/k) + i, then two
 * 16-entry tables on io and jo XORed, whose sum is any chosen GF(2)-linear
 * map of x^-1. Encryption keeps the state as T(x): its middle rounds look
 * up T(L s^-1) and T(2 L s^-1) (L: the S-box's linear part), and
 * ShiftRows and the row rotations of MixColumns are four TBL permutes
 * (P0..P3). The S-box constant 0x63 passes through MixColumns unchanged and
 * sits in the round keys. Decryption (the equivalent inverse cipher, FIPS
 * 197 5.3.5) keeps U(x) = T(L^-1 x), looks up U(c x^-1) for c = 14, 11,
 * 13, 9 and permutes by InvShiftRows and the rotations (Q0..Q3).
 *
 * kdata: encryption keys 0..Nr from block 0 (T(rk[0]), T(rk[r] ^ 0x63..),
 * rk[Nr] ^ 0x63..), decryption keys from block 15 (U(rk[Nr] ^ 0x63..),
 * U(InvMixColumns(rk[Nr - r]) ^ 0x63..), rk[0]).
 *
 * Secrets reach only TBL (as the indices of a table held in a register, or
 * as the register a fixed permute reads), XOR, AND and shifts: no secret
 * branch or memory index. ECB, CBC decryption and CTR run four
 * blocks interleaved; CBC encryption one. Stack: at most the descriptor's
 * `stack` figure (measured with gcc 12: 368 bytes at -O2 and -O3, 416 at
 * -Os), burned by the caller; vector registers zeroed before return.
 * Needs NEON (ASIMD) only.
 */
#include <arm_neon.h>

#include "aes/aes_key_expand.h"
#include "aes_neon_tab.h"

#define FCN_DEC_OFF 15
#define FCN_W 4 /* blocks in flight */

static inline uint8x16_t fcn_ld(const void *p) { return vld1q_u8((const uint8_t *)p); }
static inline void fcn_st(void *p, uint8x16_t v) { vst1q_u8((uint8_t *)p, v); }
static inline uint8x16_t fcn_t(int i) { return vld1q_u8(fcn_tab[i]); }
static inline uint8x16_t fcn_x(uint8x16_t a, uint8x16_t b) { return veorq_u8(a, b); }
static inline uint8x16_t fcn_tbl(uint8x16_t t, uint8x16_t i) { return vqtbl1q_u8(t, i); }

/* A linear map of each byte: lo[low nibble] ^ hi[high nibble]. */
static inline uint8x16_t fcn_map(uint8x16_t lo, uint8x16_t hi, uint8x16_t x) {
  return fcn_x(fcn_tbl(lo, vandq_u8(x, vdupq_n_u8(15))), fcn_tbl(hi, vshrq_n_u8(x, 4)));
}

/* The inversion's two nibbles io, jo of each byte of x (tower form). */
static inline void fcn_inv(uint8x16_t inv, uint8x16_t inva, uint8x16_t x, uint8x16_t *io,
                           uint8x16_t *jo) {
  uint8x16_t k = vandq_u8(x, vdupq_n_u8(15)), i = vshrq_n_u8(x, 4), j = fcn_x(i, k);
  uint8x16_t ak = fcn_tbl(inva, k);
  uint8x16_t iak = fcn_x(fcn_tbl(inv, i), ak), jak = fcn_x(fcn_tbl(inv, j), ak);
  *io = fcn_x(fcn_tbl(inv, iak), j);
  *jo = fcn_x(fcn_tbl(inv, jak), i);
}

static inline uint8x16_t fcn_out(uint8x16_t tu, uint8x16_t tt, uint8x16_t io, uint8x16_t jo) {
  return fcn_x(fcn_tbl(tu, io), fcn_tbl(tt, jo));
}

/* n (1 or FCN_W, a constant after inlining) blocks b through the cipher. */
static inline __attribute__((always_inline)) void fcn_enc(const uint8_t *ek, unsigned nr,
                                                          uint8x16_t *b, int n) {
  const uint8x16_t inv = fcn_t(FCN_INV), inva = fcn_t(FCN_INVA);
  const uint8x16_t e1u = fcn_t(FCN_E1U), e1t = fcn_t(FCN_E1T);
  const uint8x16_t e2u = fcn_t(FCN_E2U), e2t = fcn_t(FCN_E2T);
  const uint8x16_t p0 = fcn_t(FCN_P0), p1 = fcn_t(FCN_P1), p2 = fcn_t(FCN_P2), p3 = fcn_t(FCN_P3);
  uint8x16_t k = fcn_ld(ek);
  for (int i = 0; i < n; i++)
    b[i] = fcn_x(fcn_map(fcn_t(FCN_IPT_LO), fcn_t(FCN_IPT_HI), b[i]), k);
  for (unsigned r = 1; r < nr; r++) {
    k = fcn_ld(ek + 16 * r);
    for (int i = 0; i < n; i++) {
      uint8x16_t io, jo;
      fcn_inv(inv, inva, b[i], &io, &jo);
      uint8x16_t s1 = fcn_out(e1u, e1t, io, jo), s2 = fcn_out(e2u, e2t, io, jo);
      uint8x16_t m = fcn_x(fcn_tbl(s2, p0), fcn_tbl(fcn_x(s1, s2), p1));
      m = fcn_x(m, fcn_x(fcn_tbl(s1, p2), fcn_tbl(s1, p3)));
      b[i] = fcn_x(m, k);
    }
  }
  k = fcn_ld(ek + 16 * nr);
  for (int i = 0; i < n; i++) {
    uint8x16_t io, jo;
    fcn_inv(inv, inva, b[i], &io, &jo);
    b[i] = fcn_x(fcn_tbl(fcn_out(fcn_t(FCN_EOU), fcn_t(FCN_EOT), io, jo), fcn_t(FCN_SR)), k);
  }
}

static inline __attribute__((always_inline)) void fcn_dec(const uint8_t *dk, unsigned nr,
                                                          uint8x16_t *b, int n) {
  const uint8x16_t inv = fcn_t(FCN_INV), inva = fcn_t(FCN_INVA);
  uint8x16_t k = fcn_ld(dk);
  for (int i = 0; i < n; i++)
    b[i] = fcn_x(fcn_map(fcn_t(FCN_DIPT_LO), fcn_t(FCN_DIPT_HI), b[i]), k);
  for (unsigned r = 1; r < nr; r++) {
    k = fcn_ld(dk + 16 * r);
    for (int i = 0; i < n; i++) {
      uint8x16_t io, jo;
      fcn_inv(inv, inva, b[i], &io, &jo);
      uint8x16_t m = fcn_tbl(fcn_out(fcn_t(FCN_DEU), fcn_t(FCN_DET), io, jo), fcn_t(FCN_Q0));
      m = fcn_x(m, fcn_tbl(fcn_out(fcn_t(FCN_DBU), fcn_t(FCN_DBT), io, jo), fcn_t(FCN_Q1)));
      m = fcn_x(m, fcn_tbl(fcn_out(fcn_t(FCN_DDU), fcn_t(FCN_DDT), io, jo), fcn_t(FCN_Q2)));
      m = fcn_x(m, fcn_tbl(fcn_out(fcn_t(FCN_D9U), fcn_t(FCN_D9T), io, jo), fcn_t(FCN_Q3)));
      b[i] = fcn_x(m, k);
    }
  }
  k = fcn_ld(dk + 16 * nr);
  for (int i = 0; i < n; i++) {
    uint8x16_t io, jo;
    fcn_inv(inv, inva, b[i], &io, &jo);
    b[i] = fcn_x(fcn_tbl(fcn_out(fcn_t(FCN_DOU), fcn_t(FCN_DOT), io, jo), fcn_t(FCN_ISR)), k);
  }
}

/* SubWord (FIPS 197 5.2) on the vector S-box: no table indexed by the key. */
static uint32_t fcn_subword(uint32_t w) {
  uint8x16_t io, jo, x = vreinterpretq_u8_u32(vdupq_n_u32(w));
  x = fcn_map(fcn_t(FCN_IPT_LO), fcn_t(FCN_IPT_HI), x);
  fcn_inv(fcn_t(FCN_INV), fcn_t(FCN_INVA), x, &io, &jo);
  x = fcn_x(fcn_out(fcn_t(FCN_EOU), fcn_t(FCN_EOT), io, jo), vdupq_n_u8(0x63));
  return vgetq_lane_u32(vreinterpretq_u32_u8(x), 0);
}

static inline uint8x16_t fcn_xtime(uint8x16_t x) {
  uint8x16_t hi = vreinterpretq_u8_s8(vshrq_n_s8(vreinterpretq_s8_u8(x), 7));
  return fcn_x(vshlq_n_u8(x, 1), vandq_u8(hi, vdupq_n_u8(0x1b)));
}

/* InvMixColumns (FIPS 197 5.3.3) of a round key, by doublings. */
static inline uint8x16_t fcn_invmc(uint8x16_t x) {
  uint8x16_t x2 = fcn_xtime(x), x4 = fcn_xtime(x2), x8 = fcn_xtime(x4);
  uint8x16_t x9 = fcn_x(x8, x), xb = fcn_x(x9, x2), xd = fcn_x(x9, x4);
  uint8x16_t xe = fcn_x(x8, fcn_x(x4, x2));
  uint8x16_t m = fcn_x(xe, fcn_tbl(xb, fcn_t(FCN_ROT1)));
  return fcn_x(m, fcn_x(fcn_tbl(xd, fcn_t(FCN_ROT2)), fcn_tbl(x9, fcn_t(FCN_ROT3))));
}

static void fcn_setkey(fc_aes_key *key, const uint8_t *k) {
  uint32_t w[60];
  unsigned nr = key->rounds;
  fc__aes_expand_key(w, k, key->key_len / 4, nr, fcn_subword);
  uint8_t *ek = (uint8_t *)key->kdata, *dk = ek + 16 * FCN_DEC_OFF;
  const uint8_t *rk = (const uint8_t *)w;
  const uint8x16_t c = vdupq_n_u8(0x63);
  const uint8x16_t tl = fcn_t(FCN_IPT_LO), th = fcn_t(FCN_IPT_HI);
  const uint8x16_t ul = fcn_t(FCN_DIPT_LO), uh = fcn_t(FCN_DIPT_HI);
  fcn_st(ek, fcn_map(tl, th, fcn_ld(rk)));
  for (unsigned r = 1; r < nr; r++)
    fcn_st(ek + 16 * r, fcn_map(tl, th, fcn_x(fcn_ld(rk + 16 * r), c)));
  fcn_st(ek + 16 * nr, fcn_x(fcn_ld(rk + 16 * nr), c));
  fcn_st(dk, fcn_map(ul, uh, fcn_x(fcn_ld(rk + 16 * nr), c)));
  for (unsigned r = 1; r < nr; r++)
    fcn_st(dk + 16 * r, fcn_map(ul, uh, fcn_x(fcn_invmc(fcn_ld(rk + 16 * (nr - r))), c)));
  fcn_st(dk + 16 * nr, fcn_ld(rk));
  memset(w, 0, sizeof(w));
  __asm__ __volatile__("" : : "r"(w) : "memory");
  FC__VWIPE();
}

static void fcn_ecb_enc(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t n) {
  const uint8_t *ek = (const uint8_t *)key->kdata;
  for (; n >= FCN_W; n -= FCN_W, in += 16 * FCN_W, out += 16 * FCN_W) {
    uint8x16_t b[FCN_W];
    for (int i = 0; i < FCN_W; i++) b[i] = fcn_ld(in + 16 * i);
    fcn_enc(ek, key->rounds, b, FCN_W);
    for (int i = 0; i < FCN_W; i++) fcn_st(out + 16 * i, b[i]);
  }
  for (; n > 0; n--, in += 16, out += 16) {
    uint8x16_t b = fcn_ld(in);
    fcn_enc(ek, key->rounds, &b, 1);
    fcn_st(out, b);
  }
  FC__VWIPE();
}

static void fcn_ecb_dec(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t n) {
  const uint8_t *dk = (const uint8_t *)key->kdata + 16 * FCN_DEC_OFF;
  for (; n >= FCN_W; n -= FCN_W, in += 16 * FCN_W, out += 16 * FCN_W) {
    uint8x16_t b[FCN_W];
    for (int i = 0; i < FCN_W; i++) b[i] = fcn_ld(in + 16 * i);
    fcn_dec(dk, key->rounds, b, FCN_W);
    for (int i = 0; i < FCN_W; i++) fcn_st(out + 16 * i, b[i]);
  }
  for (; n > 0; n--, in += 16, out += 16) {
    uint8x16_t b = fcn_ld(in);
    fcn_dec(dk, key->rounds, &b, 1);
    fcn_st(out, b);
  }
  FC__VWIPE();
}

static void fcn_cbc_enc(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                        size_t n) {
  const uint8_t *ek = (const uint8_t *)key->kdata;
  uint8x16_t c = fcn_ld(iv);
  for (; n > 0; n--, in += 16, out += 16) {
    c = fcn_x(c, fcn_ld(in));
    fcn_enc(ek, key->rounds, &c, 1);
    fcn_st(out, c);
  }
  fcn_st(iv, c);
  FC__VWIPE();
}

static void fcn_cbc_dec(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                        size_t n) {
  const uint8_t *dk = (const uint8_t *)key->kdata + 16 * FCN_DEC_OFF;
  uint8x16_t prev = fcn_ld(iv);
  for (; n >= FCN_W; n -= FCN_W, in += 16 * FCN_W, out += 16 * FCN_W) {
    uint8x16_t c[FCN_W], b[FCN_W];
    for (int i = 0; i < FCN_W; i++) b[i] = c[i] = fcn_ld(in + 16 * i);
    fcn_dec(dk, key->rounds, b, FCN_W);
    fcn_st(out, fcn_x(b[0], prev));
    for (int i = 1; i < FCN_W; i++) fcn_st(out + 16 * i, fcn_x(b[i], c[i - 1]));
    prev = c[FCN_W - 1];
  }
  for (; n > 0; n--, in += 16, out += 16) {
    uint8x16_t c = fcn_ld(in), b = c;
    fcn_dec(dk, key->rounds, &b, 1);
    fcn_st(out, fcn_x(b, prev));
    prev = c;
  }
  fcn_st(iv, prev);
  FC__VWIPE();
}

/* Counter blocks: the low 32-bit word (big-endian) is set per block while
   it cannot wrap within the batch; else full 128-bit carries one by one.
   A last batch of m < FCN_W blocks still runs FCN_W counters (the spare
   ones are discarded): one instance of the cipher serves every length. */
static void fcn_ctr(const fc_aes_key *key, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                    size_t n) {
  const uint8_t *ek = (const uint8_t *)key->kdata;
  while (n > 0) {
    size_t m = n < FCN_W ? n : FCN_W;
    uint8x16_t b[FCN_W];
    uint32_t lo =
        (uint32_t)ctr[12] << 24 | (uint32_t)ctr[13] << 16 | (uint32_t)ctr[14] << 8 | ctr[15];
    if (lo <= UINT32_MAX - FCN_W) {
      uint32x4_t base = vreinterpretq_u32_u8(fcn_ld(ctr));
      for (int i = 0; i < FCN_W; i++)
        b[i] = vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(lo + (uint32_t)i), base, 3));
      fc__ctr128_add(ctr, m);
    } else {
      for (int i = 0; i < FCN_W; i++) {
        b[i] = fcn_ld(ctr);
        if ((size_t)i < m) fc__ctr128_add(ctr, 1);
      }
    }
    fcn_enc(ek, key->rounds, b, FCN_W);
    for (size_t i = 0; i < m; i++) fcn_st(out + 16 * i, fcn_x(b[i], fcn_ld(in + 16 * i)));
    in += 16 * m;
    out += 16 * m;
    n -= m;
  }
  FC__VWIPE();
}

const fc__aes_kernel fc__aes_neon = {
    {"neon", FC_CPU_NEON}, fcn_setkey, fcn_ecb_enc, fcn_ecb_dec, fcn_cbc_enc, fcn_cbc_dec, fcn_ctr,
    FC__STACK(640, 1280, 0),
};
