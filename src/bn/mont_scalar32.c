/*
 * scalar32: portable Montgomery multiplication on 32-bit words with 64-bit
 * products, the plain interleaved algorithm firmware ships today and the
 * baseline every other kernel is measured and tested against.
 *
 * Algorithm: interleaved (row-by-row) Montgomery product, HAC Alg. 14.36,
 * with the a_i*b and q*n products of a row folded in one pass and kept in
 * two separate carries so no sum exceeds 64 bits. Representation between
 * steps: 32-bit words with R = 2^(32*nwords), i.e. vboot's own.
 *
 * Workspace: fixed = (nwords + 2) words for the row accumulator; one slot =
 * nwords words. Stack: a few scalars (mont_mul adds its own accumulator,
 * (FC_MONT_MAX_WORDS + 2) words = 1032 bytes).
 */
#include "bn/bn_internal.h"

/*
 * t[0..nw] = a*b/R mod n with t < 2n (t[nw] is 0 or 1), for a, b < n.
 * Row invariant: before row i, t < 2n; after adding a_i*b + q*n (< 2^32 n +
 * 2^32 n) and shifting one word, t < (2n + 2^33 n) / 2^32 < 2n + 2.
 * Each 64-bit sum below is w + x*y + c with x, y, w, c < 2^32: at most
 * (2^32-1)^2 + 2(2^32-1) = 2^64 - 1, so it never overflows.
 */
static void mul_rows(uint32_t *t, const uint32_t *a, const uint32_t *b, const uint32_t *n,
                     uint32_t n0inv, size_t nw) {
  for (size_t j = 0; j <= nw; j++) t[j] = 0;
  for (size_t i = 0; i < nw; i++) {
    uint32_t ai = a[i];
    uint64_t c1 = (uint64_t)ai * b[0] + t[0];
    uint32_t q = (uint32_t)c1 * n0inv;
    uint64_t c2 = (uint64_t)q * n[0] + (uint32_t)c1; /* low word is 0 by choice of q */
    c1 >>= 32;
    c2 >>= 32;
    for (size_t j = 1; j < nw; j++) {
      c1 += (uint64_t)ai * b[j] + t[j];
      c2 += (uint64_t)q * n[j] + (uint32_t)c1;
      t[j - 1] = (uint32_t)c2;
      c1 >>= 32;
      c2 >>= 32;
    }
    uint64_t top = (uint64_t)t[nw] + c1 + c2;
    t[nw - 1] = (uint32_t)top;
    t[nw] = (uint32_t)(top >> 32);
  }
}

#if defined(FC_HAVE_ANY_EXPONENT) /* op_leave only */
/* t[0..nw] = a/R mod n (< 2n): the product with b = 1 without storing it. */
static void reduce_rows(uint32_t *t, const uint32_t *a, const uint32_t *n, uint32_t n0inv,
                        size_t nw) {
  for (size_t j = 0; j < nw; j++) t[j] = a[j];
  t[nw] = 0;
  for (size_t i = 0; i < nw; i++) {
    uint32_t q = t[0] * n0inv;
    uint64_t c = (uint64_t)q * n[0] + t[0];
    c >>= 32;
    for (size_t j = 1; j < nw; j++) {
      c += (uint64_t)q * n[j] + t[j];
      t[j - 1] = (uint32_t)c;
      c >>= 32;
    }
    c += t[nw];
    t[nw - 1] = (uint32_t)c;
    t[nw] = (uint32_t)(c >> 32);
  }
}
#endif

/* r = t - n if t >= n else t, for t < 2n held in nw + 1 words; constant time. */
static void final_sub(uint32_t *r, const uint32_t *t, const uint32_t *n, size_t nw) {
  uint32_t borrow = 0;
  for (size_t j = 0; j < nw; j++) {
    uint64_t d = (uint64_t)t[j] - n[j] - borrow;
    borrow = (uint32_t)(d >> 63);
  }
  /* t >= n iff the top word absorbs the borrow */
  uint32_t mask = 0u - ((t[nw] | (borrow ^ 1u)) & 1u);
  borrow = 0;
  for (size_t j = 0; j < nw; j++) {
    uint64_t d = (uint64_t)t[j] - (n[j] & mask) - borrow;
    r[j] = (uint32_t)d;
    borrow = (uint32_t)(d >> 63);
  }
}

static void prepare(fc_mont_ctx *ctx) { (void)ctx; /* n, n0inv, rr are its whole form */ }

static void mont_mul(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *a, const uint32_t *b) {
  uint32_t t[FC_MONT_MAX_WORDS + 2];
  mul_rows(t, a, b, ctx->n, ctx->n0inv, ctx->nwords);
  final_sub(r, t, ctx->n, ctx->nwords);
}

/* ---------------- modpow: any exponent, over the shared driver ---------------- */

#if defined(FC_HAVE_ANY_EXPONENT)

typedef struct {
  const fc_mont_ctx *ctx;
  const uint32_t *base;
  uint32_t *r;
  uint32_t *t;     /* nwords + 2 */
  uint32_t *slots; /* slot i at slots + i*nwords */
} state;

static uint32_t *slot(state *s, unsigned i) { return s->slots + (size_t)i * s->ctx->nwords; }

static void op_mul(void *k, unsigned d, unsigned a, unsigned b) {
  state *s = k;
  mul_rows(s->t, slot(s, a), slot(s, b), s->ctx->n, s->ctx->n0inv, s->ctx->nwords);
  final_sub(slot(s, d), s->t, s->ctx->n, s->ctx->nwords);
}
static void op_sqr(void *k, unsigned d, unsigned a) { op_mul(k, d, a, a); }
static void op_enter(void *k, unsigned d) {
  state *s = k;
  mul_rows(s->t, s->base, s->ctx->rr, s->ctx->n, s->ctx->n0inv, s->ctx->nwords);
  final_sub(slot(s, d), s->t, s->ctx->n, s->ctx->nwords);
}
static void op_leave(void *k, unsigned a) {
  state *s = k;
  reduce_rows(s->t, slot(s, a), s->ctx->n, s->ctx->n0inv, s->ctx->nwords);
  final_sub(s->r, s->t, s->ctx->n, s->ctx->nwords);
}
static void op_leave_mul_base(void *k, unsigned a) {
  state *s = k;
  mul_rows(s->t, slot(s, a), s->base, s->ctx->n, s->ctx->n0inv, s->ctx->nwords);
  final_sub(s->r, s->t, s->ctx->n, s->ctx->nwords);
}
static void op_copy(void *k, unsigned d, unsigned a) {
  state *s = k;
  for (size_t j = 0; j < s->ctx->nwords; j++) slot(s, d)[j] = slot(s, a)[j];
}

static const fc__pow_ops pow_ops = {op_mul, op_sqr, op_enter, op_leave, op_leave_mul_base, op_copy};
#endif

static size_t ws_slot(const fc_mont_ctx *ctx) { return 4 * (size_t)ctx->nwords; }
static size_t ws_fixed(const fc_mont_ctx *ctx) { return 4 * ((size_t)ctx->nwords + 2) + 4; }

static fc_err modpow(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *base, const uint8_t *exp,
                     size_t exp_len, void *ws, size_t ws_len) {
  size_t fixed = ws_fixed(ctx), per = ws_slot(ctx), nw = ctx->nwords;
  if (ws_len < fixed + fc__modpow_min_slots(exp, exp_len) * per) return FC_ERR_ARG;
  uint32_t *t = FC__ALIGN_UP(ws, 4), *x = t + nw + 2;
  size_t sq = fc__modpow_f4_squarings(exp, exp_len);
  if (sq) { /* e = 2^k + 1: the chain itself, without the driver's callbacks */
    mul_rows(t, base, ctx->rr, ctx->n, ctx->n0inv, nw); /* base R */
    final_sub(x, t, ctx->n, nw);
    for (size_t i = 0; i < sq; i++) {
      mul_rows(t, x, x, ctx->n, ctx->n0inv, nw);
      final_sub(x, t, ctx->n, nw);
    }
    mul_rows(t, x, base, ctx->n, ctx->n0inv, nw); /* base^(2^k) R * base / R */
    final_sub(r, t, ctx->n, nw);
    return FC_OK;
  }
#if defined(FC_HAVE_ANY_EXPONENT)
  state s;
  s.ctx = ctx;
  s.base = base;
  s.r = r;
  s.t = t;
  s.slots = x;
  fc__modpow_run(&pow_ops, &s, exp, exp_len, (unsigned)((ws_len - fixed) / per));
#endif
  return FC_OK;
}

const fc__mont_kernel fc__mont_scalar32 = {
    {"scalar32", 0}, prepare, mont_mul, modpow, ws_slot, ws_fixed, NULL, NULL, NULL, NULL,
};
