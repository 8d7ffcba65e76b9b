/*
 * The 64-bit-limb Montgomery frame shared by the scalar64 and mulx kernels:
 * representation, conversions at the edges, prepare, mont_mul and the
 * modpow callbacks. A kernel file includes it, then defines
 *
 *   static void mont64_product(uint64_t *r, const uint64_t *a,
 *       const uint64_t *b, int square, const uint64_t *n, uint64_t n0,
 *       size_t m, uint64_t *scratch);
 *
 * r = a*b/R64 mod n, fully reduced (< n), for a, b < n; with square set b is
 * a and may be ignored; r may alias a or b; scratch has 2m + 2 limbs.
 *
 * Representation: m = ceil(nwords/2) limbs rounded up to MONT64_PAD, with
 * R64 = 2^(64m) >= R = 2^(32 nwords). Values are < n, so padding limbs are 0.
 * kdata (64-bit words): [0] -1/n mod 2^64, [1, 1+M) n, [1+M, 1+2M) R64^2 mod n.
 * Workspace: fixed = 2m + 2 limbs of scratch + m limbs for the plain base
 * (or the constant 1) + 8 bytes of alignment; one slot = m limbs.
 * mont_mul's own stack: 5M + 2 limbs (5.1 KiB at 8192 bits).
 * Static functions only: each including file gets its own copy, built with
 * its own flags.
 */
#ifndef FC_MONT64_FRAME_H
#define FC_MONT64_FRAME_H

#include "bn/bn_internal.h"

#ifndef MONT64_PAD
#error "define MONT64_PAD (limb multiple) before including mont64_frame.h"
#endif

#define M (FC_MONT_MAX_WORDS / 2)

static void mont64_product(uint64_t *r, const uint64_t *a, const uint64_t *b, int square,
                           const uint64_t *n, uint64_t n0, size_t m, uint64_t *scratch);

static size_t limbs(const fc_mont_ctx *ctx) {
  size_t m = ((size_t)ctx->nwords + 1) / 2;
  return (m + MONT64_PAD - 1) / MONT64_PAD * MONT64_PAD;
}
static const uint64_t *kn(const fc_mont_ctx *ctx) { return ctx->kdata + 1; }
static const uint64_t *krr(const fc_mont_ctx *ctx) { return ctx->kdata + 1 + M; }

/* nw 32-bit words to m limbs, zero-extended. */
static void to64(uint64_t *d, const uint32_t *s, size_t nw, size_t m) {
  for (size_t i = 0; i < m; i++) {
    uint64_t lo = 2 * i < nw ? s[2 * i] : 0, hi = 2 * i + 1 < nw ? s[2 * i + 1] : 0;
    d[i] = (hi << 32) | lo;
  }
}

static void to32(uint32_t *d, const uint64_t *s, size_t nw) {
  for (size_t i = 0; i < nw; i++) d[i] = (uint32_t)(s[i / 2] >> (32 * (i % 2)));
}

/* r = t - n if t >= n else t, for t < 2n in m limbs plus a top bit; constant time.
   A kernel with its own (mulx: assembly) defines MONT64_OWN_FINAL_SUB. */
#ifndef MONT64_OWN_FINAL_SUB
static void final_sub(uint64_t *r, const uint64_t *t, uint64_t top, const uint64_t *n, size_t m) {
  uint64_t borrow = 0;
  for (size_t j = 0; j < m; j++) {
    uint64_t x = t[j], y = n[j];
    borrow = (x < y) | ((x == y) & borrow);
  }
  uint64_t mask = 0 - ((top | (borrow ^ 1)) & 1);
  borrow = 0;
  for (size_t j = 0; j < m; j++) {
    uint64_t x = t[j], y = n[j] & mask;
    r[j] = x - y - borrow;
    borrow = (x < y) | ((x == y) & borrow);
  }
}
#endif

/* -1/n mod 2^64 from n's two low words. */
static uint64_t n0inv64(const fc_mont_ctx *ctx) {
  return fc__neg_inv64(((uint64_t)(ctx->nwords > 1 ? ctx->n[1] : 0) << 32) | ctx->n[0]);
}

/* 2^(64m) vs 2^(32 nw): the exponent difference the edges correct for. */
static size_t pad_bits(const fc_mont_ctx *ctx) { return 64 * limbs(ctx) - 32 * (size_t)ctx->nwords; }

static void prepare(fc_mont_ctx *ctx) {
  uint32_t rr[FC_MONT_MAX_WORDS];
  size_t nw = ctx->nwords;
  for (size_t i = 0; i < nw; i++) rr[i] = ctx->rr[i];
  fc__bn_mod_shl_fast(rr, ctx->n, nw, 2 * pad_bits(ctx)); /* R64^2 = R^2 * 2^(2 pad) */
  ctx->kdata[0] = n0inv64(ctx);
  to64(ctx->kdata + 1, ctx->n, nw, limbs(ctx));
  to64(ctx->kdata + 1 + M, rr, nw, limbs(ctx));
}

static void mont_mul(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *a, const uint32_t *b) {
  uint64_t a64[M], b64[M], t[3 * M + 2];
  size_t m = limbs(ctx), nw = ctx->nwords;
  to64(a64, a, nw, m);
  to64(b64, b, nw, m);
  mont64_product(a64, a64, b64, 0, kn(ctx), ctx->kdata[0], m, t);
  to32(r, a64, nw);
  /* a*b/R64 -> a*b/R = (a*b/R64) * 2^pad mod n */
  fc__bn_mod_shl(r, ctx->n, nw, pad_bits(ctx));
}

/* ---------------- modpow ---------------- */

typedef struct {
  const fc_mont_ctx *ctx;
  const uint32_t *base;
  uint32_t *r;
  uint64_t *t;     /* 2m + 2 limbs of product scratch, then m limbs for the base */
  uint64_t *slots; /* slot i at slots + i*m */
  size_t m;
} state;

static uint64_t *slot(state *s, unsigned i) { return s->slots + (size_t)i * s->m; }
static uint64_t *aux(state *s) { return s->t + 2 * s->m + 2; }

static void product(state *s, uint64_t *r, const uint64_t *a, const uint64_t *b, int square) {
  mont64_product(r, a, b, square, kn(s->ctx), s->ctx->kdata[0], s->m, s->t);
}

static void op_sqr(void *k, unsigned d, unsigned a) {
  state *s = k;
  product(s, slot(s, d), slot(s, a), slot(s, a), 1);
}
static void op_enter(void *k, unsigned d) {
  state *s = k;
  to64(aux(s), s->base, s->ctx->nwords, s->m);
  product(s, slot(s, d), aux(s), krr(s->ctx), 0);
}
/* aux still holds the base op_enter converted (fc__pow_ops: this ends the
   e = 2^k + 1 chain, and products use only t's first 2m + 2 limbs) */
static void op_leave_mul_base(void *k, unsigned a) {
  state *s = k;
  product(s, slot(s, a), slot(s, a), aux(s), 0);
  to32(s->r, slot(s, a), s->ctx->nwords);
}
#if defined(FC_HAVE_ANY_EXPONENT) /* window-only callbacks */
static void op_mul(void *k, unsigned d, unsigned a, unsigned b) {
  state *s = k;
  product(s, slot(s, d), slot(s, a), slot(s, b), 0);
}
static void op_leave(void *k, unsigned a) {
  state *s = k;
  for (size_t j = 0; j < s->m; j++) aux(s)[j] = j == 0;
  product(s, slot(s, a), slot(s, a), aux(s), 0);
  to32(s->r, slot(s, a), s->ctx->nwords);
}
static void op_copy(void *k, unsigned d, unsigned a) {
  state *s = k;
  for (size_t j = 0; j < s->m; j++) slot(s, d)[j] = slot(s, a)[j];
}
#endif

static const fc__pow_ops pow_ops = {FC__WINDOW_OP(op_mul), op_sqr, op_enter, FC__WINDOW_OP(op_leave),
                                     op_leave_mul_base, FC__WINDOW_OP(op_copy)};

static size_t ws_slot(const fc_mont_ctx *ctx) { return 8 * limbs(ctx); }
static size_t ws_fixed(const fc_mont_ctx *ctx) { return 8 * (3 * limbs(ctx) + 2) + 8; }

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
  s.slots = s.t + 3 * s.m + 2;
  fc__modpow_run(&pow_ops, &s, exp, exp_len, (unsigned)((ws_len - fixed) / per));
  return FC_OK;
}

#endif /* FC_MONT64_FRAME_H */
