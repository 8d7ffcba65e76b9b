/*
 * neon: Montgomery multiplication with AArch64 Advanced SIMD widening
 * multiply-accumulates (UMLAL/UMLAL2: two 32x32->64 products per instruction).
 *
 * Algorithm: Bos, Montgomery, Shumow, Zaverucha, "Montgomery Multiplication
 * Using Vector Instructions", SAC 2013 (eprint 2013/519), Algorithm 2: the
 * interleaved product is split in two independent halves, D += a_i*B and
 * E += q_i*N, with q_i chosen so D and E agree modulo the radix; the result
 * is D - E, in (-N, N), and N is added back under a mask when negative.
 *
 * Radix: s = ceil(32*nwords/28) digits of 28 bits, R' = 2^(28s) >= R =
 * 2^(32*nwords). Digit arrays are padded with zeros to p = s rounded up to a
 * multiple of 4 digits and stored as uint64 pairs (digit 2k in the low half
 * of word k, digit 2k+1 in the high half: a uint32 array on little-endian).
 * The accumulator is p 128-bit lanes, lane j = [d_j, e_j] (D and E side by
 * side), redundant: no carry is propagated inside a product.
 *
 * Row i: q = ((d_0 + a_i*b_0 - e_0) * n_0^-1) mod 2^28, then one UMLAL per
 * digit adds [a_i, q] * [b_j, n_j] to lane j; lane 0's low 28 bits are then
 * equal in D and E and dropped, its high bits (>> 28) carried into lane 1,
 * and every lane moves down one position (the division by 2^28).
 * A product costs s p UMLAL (2 s p 32x32 products).
 *
 * Squaring (the modpow's square callback; square_s in mont_neon_sqr.h):
 * the product A^2 first, by rows over the triangle of the schoolbook square,
 * off-diagonal products once with the multiplier doubled plus the diagonal
 * (HAC Alg. 14.16), two rows per pass, into 2s lanes of one digit position
 * each; then Montgomery reduction by rows (HAC Alg. 14.32) in the same
 * lanes: about s^2/4 + s^2/2 UMLAL against s p (2048 bits: 4145 against
 * 5624; an e = 65537 modpow 77568 against 101232, as tools/neon-icount.sh
 * counts).
 *
 * Bounds. Values: D < B and E < N after every row (D' = floor((D + a_i B) /
 * 2^28) < (B + (2^28 - 1) B) / 2^28 = B; same for E with q < 2^28), so
 * D - E is in (-N, B) with B < N, and normalised D, E fit in s digits.
 * Lanes: a lane gains at most one product < 2^56 per row, and lane 0 a carry
 * < 2^36; after 255 rows a lane is below 255 * 2^56 + 2^28 + 2^37 < 2^64.
 * Past 255 digits (nwords >= 224, up to 293 digits at 8192 bits) the lanes
 * are carry-normalised every 255 rows (values unchanged, lanes < 2^28).
 * The squaring's bounds are at square_s (mont_neon_sqr.h).
 * kdata (uint64): [0] n_0^-1 mod 2^28, [1 .. 1+PM/2) n, [1+PM/2 .. 1+PM)
 * R'^2 mod n = rr * 2^(2(28s - 32 nwords)) mod n, [1+PM .. 1+3PM/2)
 * C = R'^2 / R mod n (a single fc_mont_mul is two products: a b / R' times
 * C / R' = a b / R), PM = 296: 3560 bytes.
 *
 * Loops: 8 digits per step in a product's rows, 16 in the squaring's, as
 * pointer loops with fixed-size tails; rows() and square() have one copy
 * per common size (s = 37, 74, 110, 147: 1024, 2048, 3072, 4096 bits) with
 * the digit count a constant, and a generic copy for every other size
 * (object text 12.2 KB, 5.2 KB with the generic copy only, 3.0 KB before
 * the squaring, gcc 12 -O3; the copies save 7-14% of a modpow's instructions);
 * -Os builds (__OPTIMIZE_SIZE__, the firmware recipe) keep the generic one.
 *
 * Workspace: fixed = 16p bytes (accumulator) + 15 of alignment slack; one
 * slot = 4p bytes (digits). p <= s + 3 = FC__DIGITS28(32*nwords), so fixed +
 * 1 slot <= 20p + 15 and fixed + 2 slots <= 24p + 15 stay within the F4
 * (22p + 64) and general (40p + 64) workspace macros. The plain base is read
 * digit by digit from its 32-bit words, never converted into workspace.
 * The squaring uses the accumulator's 16p bytes as its 2p lanes.
 * The accumulator is kept all zero between products (finish and the
 * squaring clear it).
 * Stack (gcc 12 -O3 -fstack-usage): mont_mul 6000 bytes (accumulator 4736
 * + b's digits 1184) + rows 80, prepare 1088 (C reuses rr[]), modpow 112,
 * then op_sqr 128, or op 32 + rows 80, under fc__modpow_run; no
 * variable-length arrays.
 *
 * Order: dispatch lists scalar64 before neon on AArch64; that order is not
 * measured on real hardware (only under qemu, where timings mean nothing).
 */
#include <arm_neon.h>

#include "bn/bn_internal.h"

#define DMASK 0x0fffffffu
#define PM 296       /* p for 8192 bits: 293 digits rounded up to 4 */
#define NORM_ROWS 255 /* rows between lane normalisations (see bounds) */

static size_t digits(const fc_mont_ctx *ctx) { return ((size_t)ctx->nwords * 32 + 27) / 28; }
static size_t padded(size_t s) { return (s + 3) & ~(size_t)3; }
static const uint64_t *kn(const fc_mont_ctx *ctx) { return ctx->kdata + 1; }
static const uint64_t *krr(const fc_mont_ctx *ctx) { return ctx->kdata + 1 + PM / 2; }
static const uint64_t *kc(const fc_mont_ctx *ctx) { return ctx->kdata + 1 + PM; }
_Static_assert((1 + 3 * PM / 2) * 8 <= FC_MONT_KDATA_BYTES, "kdata too small");

static uint32_t dig(const uint64_t *d, size_t j) { return (uint32_t)(d[j / 2] >> (32 * (j & 1))); }

/* Digit i (28 bits) of a number given as nw 32-bit words; 0 past the end. */
static uint32_t word_digit(const uint32_t *w, size_t nw, size_t i) {
  size_t bit = 28 * i, k = bit / 32;
  uint64_t v = k < nw ? w[k] : 0;
  if (k + 1 < nw) v |= (uint64_t)w[k + 1] << 32;
  return (uint32_t)(v >> (bit % 32)) & DMASK;
}

/* nw words -> p digits (uint64 pairs), zero-padded. */
static void to_digits(uint64_t *d, const uint32_t *w, size_t nw, size_t p) {
  for (size_t k = 0; k < p / 2; k++)
    d[k] = ((uint64_t)word_digit(w, nw, 2 * k + 1) << 32) | word_digit(w, nw, 2 * k);
}

/* Lanes 0..s-1: carry-propagate D and E separately; values unchanged, every
   lane but the top one < 2^28 after, the top one < 2^28 by the value bound. */
static void normalise(uint64_t *acc, size_t s) {
  uint64x2_t c = vdupq_n_u64(0), m = vdupq_n_u64(DMASK);
  for (size_t j = 0; j + 1 < s; j++) {
    uint64x2_t x = vaddq_u64(vld1q_u64(acc + 2 * j), c);
    c = vshrq_n_u64(x, 28);
    vst1q_u64(acc + 2 * j, vandq_u64(x, m));
  }
  vst1q_u64(acc + 2 * (s - 1), vaddq_u64(vld1q_u64(acc + 2 * (s - 1)), c));
}

/* Lanes a[0..8) (digits j..j+3, j >= 4) += [a_i, q] * [b_k, n_k], each
   stored one digit down (lane j+k to j+k-1). bp, np: digits j..j+3. */
#define ROW4(a, bp, np)                                                             \
  do {                                                                              \
    uint32x4_t bv_ = vreinterpretq_u32_u64(vld1q_u64(bp));                          \
    uint32x4_t nv_ = vreinterpretq_u32_u64(vld1q_u64(np));                          \
    uint32x4_t z0_ = vzip1q_u32(bv_, nv_), z1_ = vzip2q_u32(bv_, nv_);              \
    uint64x2_t t0_ = vmlal_u32(vld1q_u64(a), vget_low_u32(z0_), m2);                \
    uint64x2_t t1_ = vmlal_high_u32(vld1q_u64((a) + 2), z0_, m4);                   \
    uint64x2_t t2_ = vmlal_u32(vld1q_u64((a) + 4), vget_low_u32(z1_), m2);          \
    uint64x2_t t3_ = vmlal_high_u32(vld1q_u64((a) + 6), z1_, m4);                   \
    vst1q_u64((a) - 2, t0_);                                                        \
    vst1q_u64(a, t1_);                                                              \
    vst1q_u64((a) + 2, t2_);                                                        \
    vst1q_u64((a) + 4, t3_);                                                        \
  } while (0)

static inline __attribute__((always_inline)) void rows_s(const fc_mont_ctx *ctx, uint64_t *acc,
                                                         const uint64_t *ad, const uint32_t *aw,
                                                         const uint64_t *b, size_t s) {
  const uint64_t *n = kn(ctx);
  size_t nw = ctx->nwords, p = padded(s);
  uint32_t ninv = (uint32_t)ctx->kdata[0];
  uint64x2_t zero = vdupq_n_u64(0);
  uint32_t b0 = dig(b, 0);
  size_t since = 0;
  for (size_t i = 0; i < s; i++) {
    uint32_t ai = ad ? dig(ad, i) : aw ? word_digit(aw, nw, i) : i == 0;
    uint32_t q = (((uint32_t)acc[0] + ai * b0 - (uint32_t)acc[1]) * ninv) & DMASK;
    uint32x2_t m2 = vset_lane_u32(q, vdup_n_u32(ai), 1); /* [a_i, q] */
    uint32x4_t m4 = vcombine_u32(m2, m2);
    /* digits 0..3: lane 0 is dropped after its carry goes into lane 1 */
    uint32x4_t bv = vreinterpretq_u32_u64(vld1q_u64(b));
    uint32x4_t nv = vreinterpretq_u32_u64(vld1q_u64(n));
    uint32x4_t z0 = vzip1q_u32(bv, nv), z1 = vzip2q_u32(bv, nv); /* [b_j, n_j, ..] */
    uint64x2_t t0 = vmlal_u32(vld1q_u64(acc), vget_low_u32(z0), m2);
    uint64x2_t t1 = vmlal_high_u32(vld1q_u64(acc + 2), z0, m4);
    uint64x2_t t2 = vmlal_u32(vld1q_u64(acc + 4), vget_low_u32(z1), m2);
    uint64x2_t t3 = vmlal_high_u32(vld1q_u64(acc + 6), z1, m4);
    vst1q_u64(acc, vaddq_u64(t1, vshrq_n_u64(t0, 28)));
    vst1q_u64(acc + 2, t2);
    vst1q_u64(acc + 4, t3);
    /* digits 4..p-1: eight per step, then four */
    uint64_t *a = acc + 8;
    const uint64_t *bp = b + 2, *np = n + 2;
    size_t left = p - 4;
    /* kept a loop (full unrolling at the constant sizes spilled to 384 bytes of stack) */
#pragma GCC unroll 1
    for (; left >= 8; left -= 8, a += 16, bp += 4, np += 4) {
      ROW4(a, bp, np);
      ROW4(a + 8, bp + 2, np + 2);
    }
    if (left) ROW4(a, bp, np);
    vst1q_u64(acc + 2 * (p - 1), zero); /* the lane above the top is 0 */
    if (++since == NORM_ROWS && i + 1 < s) {
      normalise(acc, s);
      since = 0;
    }
  }
}

/*
 * acc (2p uint64) = [D, E] with D - E = A*B/R' mod n, in (-N, B).
 * acc MUST be all zero on entry (finish leaves it so). A: digits ad
 * (p-padded), or the nwords words aw read digit by digit, or 1 when both
 * are NULL. b, n: p-padded digits, B < N. acc overlaps nothing else.
 * Lanes s..p-1 stay zero: b and n digits are zero there. One copy per
 * common size (1024, 2048, 3072, 4096 bits), as square() below.
 */
static void rows(const fc_mont_ctx *ctx, uint64_t *acc, const uint64_t *ad, const uint32_t *aw,
                 const uint64_t *b) {
#if defined(__OPTIMIZE_SIZE__) /* -Os (firmware): the generic copy only */
  rows_s(ctx, acc, ad, aw, b, digits(ctx));
#else
  switch (digits(ctx)) {
    case 37: rows_s(ctx, acc, ad, aw, b, 37); break;
    case 74: rows_s(ctx, acc, ad, aw, b, 74); break;
    case 110: rows_s(ctx, acc, ad, aw, b, 110); break;
    case 147: rows_s(ctx, acc, ad, aw, b, 147); break;
    default: rows_s(ctx, acc, ad, aw, b, digits(ctx)); break;
  }
#endif
}

/*
 * From rows' [D, E]: C = D - E (in (-N, N)), plus N when negative, as
 * canonical digits (< n). Output: p-padded digits to dout, or, when dout is
 * NULL, nwords 32-bit words to wout. Reads acc and n only, so wout may alias
 * anything rows read; leaves acc all zero. No data-dependent branch.
 */
static void finish(const fc_mont_ctx *ctx, uint64_t *acc, uint64_t *dout, uint32_t *wout) {
  const uint64_t *n = kn(ctx);
  size_t nw = ctx->nwords, s = digits(ctx);
  uint64x2_t c = vdupq_n_u64(0), m = vdupq_n_u64(DMASK);
  int64_t borrow = 0; /* 0 or -1 */
  for (size_t j = 0; j < s; j++) {
    uint64x2_t x = vaddq_u64(vld1q_u64(acc + 2 * j), c);
    c = vshrq_n_u64(x, 28);
    x = vandq_u64(x, m); /* d_j, e_j < 2^28; c is 0 out of the top lane */
    int64_t t = (int64_t)vgetq_lane_u64(x, 0) - (int64_t)vgetq_lane_u64(x, 1) + borrow;
    acc[2 * j] = (uint64_t)t & DMASK;
    acc[2 * j + 1] = 0;
    borrow = -(int64_t)((uint64_t)t >> 63);
  }
  uint32_t mask = (uint32_t)borrow, carry = 0, lo = 0;
  uint64_t buf = 0;
  unsigned bits = 0;
  size_t wi = 0;
  for (size_t j = 0; j < s; j++) {
    uint32_t t = (uint32_t)acc[2 * j] + (dig(n, j) & mask) + carry; /* < 2^29 + 1 */
    acc[2 * j] = 0;
    uint32_t d = t & DMASK;
    carry = t >> 28;
    if (dout) {
      if (j & 1)
        dout[j / 2] = ((uint64_t)d << 32) | lo;
      else
        lo = d;
    } else {
      buf |= (uint64_t)d << bits;
      bits += 28;
      if (bits >= 32 && wi < nw) {
        wout[wi++] = (uint32_t)buf;
        buf >>= 32;
        bits -= 32;
      }
    }
  }
  if (dout) {
    size_t k = s / 2;
    if (s & 1) dout[k++] = lo;
    for (; k < padded(s) / 2; k++) dout[k] = 0;
  } else {
    while (wi < nw) { /* 28s >= 32nw: only leftover bits remain */
      wout[wi++] = (uint32_t)buf;
      buf >>= 32;
    }
  }
}

/* One Montgomery product: rows, then finish (acc zero before and after). */
static void product(const fc_mont_ctx *ctx, uint64_t *acc, const uint64_t *ad, const uint32_t *aw,
                    const uint64_t *b, uint64_t *dout, uint32_t *wout) {
  rows(ctx, acc, ad, aw, b);
  finish(ctx, acc, dout, wout);
}

static void prepare(fc_mont_ctx *ctx) {
  uint32_t rr[FC_MONT_MAX_WORDS];
  size_t nw = ctx->nwords, s = digits(ctx), p = padded(s);
  unsigned k = (unsigned)(28 * s - 32 * nw); /* R' = R * 2^k, k < 28 */
  for (size_t i = 0; i < nw; i++) rr[i] = ctx->rr[i];
  fc__bn_mod_shl_fast(rr, ctx->n, nw, 2 * (size_t)k);
  ctx->kdata[0] = (0u - ctx->n0inv) & DMASK; /* n^-1 mod 2^32, reduced */
  to_digits(ctx->kdata + 1, ctx->n, nw, p);
  to_digits(ctx->kdata + 1 + PM / 2, rr, nw, p);
  /* C = R'^2 / R = 2^(32 nw + 2k) mod n, from n alone */
  fc__bn_pow2_mod(rr, ctx->n, nw, ctx->nbits, 32 * nw + 2 * (size_t)k);
  to_digits(ctx->kdata + 1 + PM, rr, nw, p);
}

static void mont_mul(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *a, const uint32_t *b) {
  uint64_t acc[2 * PM], bd[PM / 2];
  size_t nw = ctx->nwords, s = digits(ctx);
  for (size_t j = 0; j < 2 * padded(s); j++) acc[j] = 0;
  to_digits(bd, b, nw, padded(s));
  product(ctx, acc, NULL, a, bd, bd, NULL); /* a*b/R' < n */
  product(ctx, acc, bd, NULL, kc(ctx), NULL, r); /* (a*b/R') * C / R' = a*b/R */
}

/* ---------------- squaring ---------------- */

#include "mont_neon_sqr.h"

/* One copy per common size (s = 37, 74, 110, 147: 1024, 2048, 3072, 4096
   bits), where every loop bound but phase 1's row length is a constant. */
static void square(const fc_mont_ctx *ctx, uint64_t *t, const uint64_t *a, uint64_t *dout) {
#if defined(__OPTIMIZE_SIZE__) /* -Os (firmware): the generic copy only */
  square_s(ctx, t, a, dout, digits(ctx));
#else
  switch (digits(ctx)) {
    case 37: square_s(ctx, t, a, dout, 37); break;
    case 74: square_s(ctx, t, a, dout, 74); break;
    case 110: square_s(ctx, t, a, dout, 110); break;
    case 147: square_s(ctx, t, a, dout, 147); break;
    default: square_s(ctx, t, a, dout, digits(ctx)); break;
  }
#endif
}

/* ---------------- modpow ---------------- */

typedef struct {
  const fc_mont_ctx *ctx;
  const uint32_t *base;
  uint32_t *r;
  uint64_t *acc;   /* 2p uint64, 16-byte aligned */
  uint64_t *slots; /* slot i at slots + i*p/2 */
  size_t p;
} state;

static uint64_t *slot(state *st, unsigned i) { return st->slots + (size_t)i * (st->p / 2); }

/* Montgomery product into dout, or into r when dout is NULL. */
static void run(state *st, const uint64_t *ad, const uint32_t *aw, const uint64_t *b,
                uint64_t *dout) {
  product(st->ctx, st->acc, ad, aw, b, dout, st->r);
}

static void op_mul(void *k, unsigned d, unsigned a, unsigned b) {
  state *st = k;
  run(st, slot(st, a), NULL, slot(st, b), slot(st, d));
}
static void op_sqr(void *k, unsigned d, unsigned a) {
  state *st = k;
  square(st->ctx, st->acc, slot(st, a), slot(st, d));
}
static void op_enter(void *k, unsigned d) {
  state *st = k;
  run(st, NULL, st->base, krr(st->ctx), slot(st, d)); /* base * R'^2 / R' */
}
static void op_leave_mul_base(void *k, unsigned a) {
  state *st = k;
  run(st, NULL, st->base, slot(st, a), NULL); /* r may alias base: written last */
}
#if defined(FC_HAVE_ANY_EXPONENT) /* window-only callbacks */
static void op_leave(void *k, unsigned a) {
  state *st = k;
  run(st, NULL, NULL, slot(st, a), NULL); /* 1 * a / R' */
}
static void op_copy(void *k, unsigned d, unsigned a) {
  state *st = k;
  for (size_t j = 0; j < st->p / 2; j++) slot(st, d)[j] = slot(st, a)[j];
}
#endif

static const fc__pow_ops pow_ops = {op_mul, op_sqr, op_enter, FC__WINDOW_OP(op_leave),
                                     op_leave_mul_base, FC__WINDOW_OP(op_copy)};

static size_t ws_slot(const fc_mont_ctx *ctx) { return 4 * padded(digits(ctx)); }
static size_t ws_fixed(const fc_mont_ctx *ctx) { return 16 * padded(digits(ctx)) + 15; }

static fc_err modpow(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *base, const uint8_t *exp,
                     size_t exp_len, void *ws, size_t ws_len) {
  state st = {ctx, base, r, NULL, NULL, padded(digits(ctx))};
  size_t fixed = 16 * st.p + 15, per = 4 * st.p; /* ws_fixed, ws_slot */
  if (ws_len < fixed + fc__modpow_min_slots(exp, exp_len) * per) return FC_ERR_ARG;
  st.acc = FC__ALIGN_UP(ws, 16);
  st.slots = st.acc + 2 * st.p;
  for (size_t j = 0; j < 2 * st.p; j++) st.acc[j] = 0; /* rows' precondition */
  fc__modpow_run(&pow_ops, &st, exp, exp_len, (unsigned)((ws_len - fixed) / per));
  return FC_OK;
}

const fc__mont_kernel fc__mont_neon = {
    {"neon", FC_CPU_NEON}, prepare, mont_mul, modpow, ws_slot, ws_fixed, NULL, NULL, NULL, NULL,
};
