/*
 * scalar64: portable Montgomery multiplication on 64-bit limbs with 128-bit
 * products (unsigned __int128 where the compiler has it, four 32x32
 * products otherwise, e.g. on i686).
 *
 * Representation between steps: m = ceil(nwords/2) 64-bit limbs with
 * R64 = 2^(64m). R64 = R when nwords is even, R64 = 2^32 R when odd; the
 * edges convert: into the form with R64^2 mod n (kdata), out of it by one
 * reduction, so fc_mont_mul's R is honoured by a second reduction step when
 * nwords is odd (see mont_mul).
 *
 * Products: HAC Alg. 14.36 rows with two carries for a*b; squarings compute
 * the full square once (off-diagonal products doubled, HAC Alg. 14.16) and
 * then reduce it word by word (HAC Alg. 14.32), about 3/4 of the work.
 *
 * kdata layout (64-bit words): [0] n0inv64 = -1/n mod 2^64,
 * [1 .. 1+M) n, [1+M .. 1+2M) R64^2 mod n, M = FC_MONT_MAX_WORDS / 2.
 * Workspace: fixed = 2m + 2 limbs (product / accumulator) + 8 bytes of
 * alignment; one slot = m limbs. mont_mul's own stack: (2M + 2) limbs.
 */
#include "fc_internal.h"

#define M (FC_MONT_MAX_WORDS / 2)

#if defined(__SIZEOF_INT128__)
typedef unsigned __int128 u128;
/* (hi, lo) = a*b + c + d; cannot overflow: (2^64-1)^2 + 2(2^64-1) = 2^128-1 */
#define MULADD2(hi, lo, a, b, c, d)                              \
  do {                                                           \
    u128 p_ = (u128)(a) * (b) + (uint64_t)(c) + (uint64_t)(d);   \
    (lo) = (uint64_t)p_;                                         \
    (hi) = (uint64_t)(p_ >> 64);                                 \
  } while (0)
#else
static void muladd2(uint64_t *hi, uint64_t *lo, uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
  uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
  uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl; /* < 3 * 2^32 */
  uint64_t l = (mid << 32) | (uint32_t)ll;
  uint64_t h = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
  l += c;
  h += l < c;
  l += d;
  h += l < d;
  *lo = l;
  *hi = h;
}
#define MULADD2(hi, lo, a, b, c, d) muladd2(&(hi), &(lo), (a), (b), (c), (d))
#endif

static size_t limbs(const fc_mont_ctx *ctx) { return ((size_t)ctx->nwords + 1) / 2; }
static const uint64_t *kn(const fc_mont_ctx *ctx) { return ctx->kdata + 1; }
static const uint64_t *krr(const fc_mont_ctx *ctx) { return ctx->kdata + 1 + M; }

/* 32-bit words (nw of them) to m limbs, zero-extended. */
static void to64(uint64_t *d, const uint32_t *s, size_t nw) {
  for (size_t i = 0; i < (nw + 1) / 2; i++) {
    uint64_t hi = 2 * i + 1 < nw ? s[2 * i + 1] : 0;
    d[i] = (hi << 32) | s[2 * i];
  }
}

static void to32(uint32_t *d, const uint64_t *s, size_t nw) {
  for (size_t i = 0; i < nw; i++) d[i] = (uint32_t)(s[i / 2] >> (32 * (i % 2)));
}

/* r = t - n if t >= n else t, t < 2n in m limbs plus a top bit; constant time. */
static void final_sub(uint64_t *r, const uint64_t *t, uint64_t top, const uint64_t *n, size_t m) {
  uint64_t borrow = 0;
  for (size_t j = 0; j < m; j++) {
    uint64_t x = t[j], y = n[j];
    uint64_t d = x - y - borrow;
    borrow = (x < y) | ((x == y) & borrow);
    (void)d;
  }
  uint64_t mask = 0 - ((top | (borrow ^ 1)) & 1);
  borrow = 0;
  for (size_t j = 0; j < m; j++) {
    uint64_t x = t[j], y = n[j] & mask;
    r[j] = x - y - borrow;
    borrow = (x < y) | ((x == y) & borrow);
  }
}

/*
 * Column-wise (product-scanning) Montgomery product, the FIPS method of
 * Koc, Acar, Kaliski, "Analyzing and Comparing Montgomery Multiplication
 * Algorithms", IEEE Micro 1996. Column k sums every a_j*b_(k-j) and
 * q_j*n_(k-j); in the first m columns q_k is then chosen so the column's low
 * limb becomes 0. The low and high halves of the products are summed in two
 * separate 128-bit accumulators L = (l0, l1) and H = (h0, h1) (two short
 * carry chains instead of one three-limb chain): a column adds at most
 * 2m + 1 halves < 2^64 to a carry-in < 2^(64+8), so neither accumulator can
 * overflow for m <= 128. Column value = L + H*2^64; its low limb is the
 * output, the rest carries into the next column.
 * With square set, b is ignored and the off-diagonal products a_j*a_(k-j),
 * j < k-j, are summed once and doubled (Comba squaring).
 * Result: r[0..m) with a top bit, value < 2n; final_sub reduces it.
 * q holds m limbs of scratch. r may alias a or b: column k >= m writes limb
 * k-m, and later columns read a and b only above it.
 */
/* (l0, l1) += low half of x*y, (h0, h1) += high half: four 64-bit words
   kept in registers; written so compilers emit add/adc pairs. */
#define MAC(l0, l1, h0, h1, x, y)             \
  do {                                        \
    uint64_t ph_, pl_;                        \
    MULADD2(ph_, pl_, (x), (y), 0, 0);        \
    (l0) += pl_;                              \
    (l1) += (l0) < pl_;                       \
    (h0) += ph_;                              \
    (h1) += (h0) < ph_;                       \
  } while (0)

static void mont_cols(uint64_t *r, const uint64_t *a, const uint64_t *b, int square,
                      const uint64_t *n, uint64_t n0, size_t m, uint64_t *q) {
  uint64_t c0 = 0, c1 = 0; /* carry into the column: c0 + c1*2^64 */
  for (size_t k = 0; k + 1 < 2 * m; k++) {
    size_t lo = k < m ? 0 : k - m + 1, hi = k < m ? k : m - 1; /* j range of column k */
    uint64_t l0 = c0, l1 = c1, h0 = 0, h1 = 0;
    if (square) {
      uint64_t u0 = 0, u1 = 0, v0 = 0, v1 = 0;
      size_t j = lo;
      for (; j < k - j; j++) MAC(u0, u1, v0, v1, a[j], a[k - j]);
      u1 = (u1 << 1) | (u0 >> 63); /* double; u, v < 2^(64+7) */
      u0 <<= 1;
      v1 = (v1 << 1) | (v0 >> 63);
      v0 <<= 1;
      if (j == k - j) MAC(u0, u1, v0, v1, a[j], a[j]);
      l0 += u0;
      l1 += (l0 < u0) + u1;
      h0 += v0;
      h1 += (h0 < v0) + v1;
      if (k < m)
        for (j = 0; j < k; j++) MAC(l0, l1, h0, h1, q[j], n[k - j]);
      else
        for (j = lo; j <= hi; j++) MAC(l0, l1, h0, h1, q[j], n[k - j]);
    } else if (k < m) {
      for (size_t j = 0; j < k; j++) {
        MAC(l0, l1, h0, h1, a[j], b[k - j]);
        MAC(l0, l1, h0, h1, q[j], n[k - j]);
      }
      MAC(l0, l1, h0, h1, a[k], b[0]);
    } else {
      for (size_t j = lo; j <= hi; j++) {
        MAC(l0, l1, h0, h1, a[j], b[k - j]);
        MAC(l0, l1, h0, h1, q[j], n[k - j]);
      }
    }
    if (k < m) {
      q[k] = l0 * n0;
      MAC(l0, l1, h0, h1, q[k], n[0]); /* low limb becomes 0 */
    } else {
      r[k - m] = l0;
    }
    /* carry = (l1*2^64 + l0) / 2^64 + h0 + h1*2^64 */
    c0 = l1 + h0;
    c1 = h1 + (c0 < h0);
  }
  r[m - 1] = c0;
  final_sub(r, r, c1, n, m);
}

static void mul64(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *n,
                  uint64_t n0, size_t m, uint64_t *q) {
  mont_cols(r, a, b, 0, n, n0, m, q);
}

static void sqr64(uint64_t *r, const uint64_t *a, const uint64_t *n, uint64_t n0, size_t m,
                  uint64_t *q) {
  mont_cols(r, a, a, 1, n, n0, m, q);
}

/* r = a/R64 mod n (a < n): reduction steps alone. p holds 2m limbs. */
static void reduce64(uint64_t *r, const uint64_t *a, const uint64_t *n, uint64_t n0, size_t m,
                     uint64_t *p) {
  for (size_t j = 0; j < m; j++) {
    p[j] = a[j];
    p[j + m] = 0;
  }
  uint64_t extra = 0;
  for (size_t i = 0; i < m; i++) {
    uint64_t q = p[i] * n0, cc = 0, lo;
    for (size_t j = 0; j < m; j++) {
      MULADD2(cc, lo, q, n[j], p[i + j], cc);
      p[i + j] = lo;
    }
    uint64_t s = p[i + m] + cc;
    uint64_t cy = s < cc;
    s += extra;
    cy += s < extra;
    p[i + m] = s;
    extra = cy;
  }
  final_sub(r, p + m, extra, n, m);
}

static void prepare(fc_mont_ctx *ctx) {
  uint32_t rr[FC_MONT_MAX_WORDS + 1];
  size_t nw = ctx->nwords;
  for (size_t i = 0; i < nw; i++) rr[i] = ctx->rr[i];
  if (nw % 2) /* R64^2 = R^2 * 2^64 */
    for (int i = 0; i < 64; i++) fc__bn_mod_double(rr, ctx->n, nw);
  ctx->kdata[0] = fc__neg_inv64(((uint64_t)(nw > 1 ? ctx->n[1] : 0) << 32) | ctx->n[0]);
  to64(ctx->kdata + 1, ctx->n, nw);
  to64(ctx->kdata + 1 + M, rr, nw);
}

static void mont_mul(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *a, const uint32_t *b) {
  uint64_t a64[M], b64[M], t[2 * M + 2];
  size_t m = limbs(ctx), nw = ctx->nwords;
  to64(a64, a, nw);
  to64(b64, b, nw);
  mul64(a64, a64, b64, kn(ctx), ctx->kdata[0], m, t);
  if (nw % 2) { /* a*b/R64 -> a*b/R = (a*b/R64) * 2^32 mod n */
    to32(r, a64, nw);
    for (int i = 0; i < 32; i++) fc__bn_mod_double(r, ctx->n, nw);
  } else {
    to32(r, a64, nw);
  }
}

/* ---------------- modpow ---------------- */

typedef struct {
  const fc_mont_ctx *ctx;
  const uint32_t *base;
  uint32_t *r;
  uint64_t *t;     /* 2m + 2 limbs */
  uint64_t *slots; /* slot i at slots + i*m */
  size_t m;
} state;

static uint64_t *slot(state *s, unsigned i) { return s->slots + (size_t)i * s->m; }

static void op_mul(void *k, unsigned d, unsigned a, unsigned b) {
  state *s = k;
  mul64(slot(s, d), slot(s, a), slot(s, b), kn(s->ctx), s->ctx->kdata[0], s->m, s->t);
}
static void op_sqr(void *k, unsigned d, unsigned a) {
  state *s = k;
  sqr64(slot(s, d), slot(s, a), kn(s->ctx), s->ctx->kdata[0], s->m, s->t);
}
/* The plain base is converted into t's upper half, which mul64 (m + 1 limbs
   of t) leaves alone. */
static uint64_t *base64(state *s) {
  uint64_t *b = s->t + s->m + 1;
  to64(b, s->base, s->ctx->nwords);
  return b;
}
static void op_enter(void *k, unsigned d) {
  state *s = k;
  mul64(slot(s, d), base64(s), krr(s->ctx), kn(s->ctx), s->ctx->kdata[0], s->m, s->t);
}
static void op_leave(void *k, unsigned a) {
  state *s = k;
  reduce64(slot(s, a), slot(s, a), kn(s->ctx), s->ctx->kdata[0], s->m, s->t);
  to32(s->r, slot(s, a), s->ctx->nwords);
}
static void op_leave_mul_base(void *k, unsigned a) {
  state *s = k;
  mul64(slot(s, a), slot(s, a), base64(s), kn(s->ctx), s->ctx->kdata[0], s->m, s->t);
  to32(s->r, slot(s, a), s->ctx->nwords);
}
static void op_copy(void *k, unsigned d, unsigned a) {
  state *s = k;
  for (size_t j = 0; j < s->m; j++) slot(s, d)[j] = slot(s, a)[j];
}

static const fc__pow_ops pow_ops = {op_mul, op_sqr, op_enter, op_leave, op_leave_mul_base, op_copy};

static size_t ws_slot(const fc_mont_ctx *ctx) { return 8 * limbs(ctx); }
static size_t ws_fixed(const fc_mont_ctx *ctx) { return 8 * (2 * limbs(ctx) + 2) + 8; }

static fc_err modpow(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *base, const uint8_t *exp,
                     size_t exp_len, void *ws, size_t ws_len) {
  size_t fixed = ws_fixed(ctx), per = ws_slot(ctx);
  if (ws_len < fixed + fc__modpow_min_slots(exp, exp_len) * per) return FC_ERR_ARG;
  state s;
  s.ctx = ctx;
  s.base = base;
  s.r = r;
  s.m = limbs(ctx);
  s.t = FC__ALIGN_UP(ws, 8);
  s.slots = s.t + 2 * s.m + 2;
  fc__modpow_run(&pow_ops, &s, exp, exp_len, (unsigned)((ws_len - fixed) / per));
  return FC_OK;
}

const fc__mont_kernel fc__mont_scalar64 = {
    {"scalar64", 0}, prepare, mont_mul, modpow, ws_slot, ws_fixed,
};
