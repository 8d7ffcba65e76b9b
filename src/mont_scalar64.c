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
 * r = a*b/R64 mod n. Rows as scalar32's: t < 2n before and after each row;
 * c1 carries a_i*b, c2 carries q*n, each sum below fits MULADD2's bound.
 * t holds m + 1 limbs.
 */
static void mul64(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *n,
                  uint64_t n0, size_t m, uint64_t *t) {
  for (size_t j = 0; j <= m; j++) t[j] = 0;
  for (size_t i = 0; i < m; i++) {
    uint64_t ai = a[i], c1, c2, lo1, lo2;
    MULADD2(c1, lo1, ai, b[0], t[0], 0);
    uint64_t q = lo1 * n0;
    MULADD2(c2, lo2, q, n[0], lo1, 0);
    (void)lo2; /* zero by choice of q */
    for (size_t j = 1; j < m; j++) {
      MULADD2(c1, lo1, ai, b[j], t[j], c1);
      MULADD2(c2, lo2, q, n[j], lo1, c2);
      t[j - 1] = lo2;
    }
    uint64_t s = t[m] + c1;
    uint64_t cy = s < c1;
    s += c2;
    cy += s < c2;
    t[m - 1] = s;
    t[m] = cy;
  }
  final_sub(r, t, t[m], n, m);
}

/*
 * r = a^2/R64 mod n. p[0..2m) = a^2 (off-diagonal products once, doubled,
 * plus the diagonal), then m reduction steps each adding q*n at limb i and
 * carrying into p[i+m..]; the carry out of limb 2m is the top bit (result
 * < 2n). p holds 2m + 1 limbs.
 */
static void sqr64(uint64_t *r, const uint64_t *a, const uint64_t *n, uint64_t n0, size_t m,
                  uint64_t *p) {
  for (size_t j = 0; j <= 2 * m; j++) p[j] = 0;
  for (size_t i = 0; i + 1 < m; i++) {
    uint64_t c = 0, lo;
    for (size_t j = i + 1; j < m; j++) {
      MULADD2(c, lo, a[i], a[j], p[i + j], c);
      p[i + j] = lo;
    }
    p[i + m] = c;
  }
  uint64_t top = 0;
  for (size_t j = 0; j < 2 * m; j++) { /* double */
    uint64_t w = p[j];
    p[j] = (w << 1) | top;
    top = w >> 63;
  }
  uint64_t c = 0;
  for (size_t i = 0; i < m; i++) { /* add the diagonal */
    uint64_t hi, lo;
    MULADD2(hi, lo, a[i], a[i], p[2 * i], c);
    p[2 * i] = lo;
    uint64_t s = p[2 * i + 1] + hi;
    c = s < hi;
    p[2 * i + 1] = s;
  }
  /* a^2 < 2^(128m): no carry out of limb 2m-1 */
  uint64_t extra = 0; /* carry into limb i+m from earlier reduction steps */
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
