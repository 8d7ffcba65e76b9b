/*
 * Montgomery context from constants the caller already has (see fastcrypt.h,
 * fc_mont_init_rr): vboot's public keys carry n0inv and R^2 mod n, so
 * verification need not recompute R^2 (fc_mont_init's most expensive step).
 *
 * Only cheap checks: n odd and > 1, n0inv * n[0] = -1 mod 2^32, rr < n.
 * rr = R^2 mod n itself is not checked (that would cost the reduction this
 * entry exists to avoid); a wrong rr gives wrong results, never a fault:
 * every kernel only needs rr < n for its bounds.
 */
#include "bn/bn_internal.h"

/* [a, a + alen) and [b, b + blen) share a byte. */
static int overlaps(const void *a, size_t alen, const void *b, size_t blen) {
  uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
  return x < y + blen && y < x + alen;
}

/*
 * ctx->n = n, ctx->rr = rr, for sources anywhere, ctx included. Copying n
 * first is right unless rr lies where n goes; then rr goes first, unless n
 * also lies where rr goes (the two swapped), when n is parked in the last
 * kilobyte of kdata first: a source of at most 1 KiB that overlaps ctx->rr
 * ends within 1 KiB past it, short of that kilobyte (kdata follows rr).
 */
static void copy_n_rr(fc_mont_ctx *ctx, const uint32_t *n, const uint32_t *rr, size_t len) {
  if (!overlaps(rr, len, ctx->n, len)) {
    memmove(ctx->n, n, len);
    memmove(ctx->rr, rr, len);
    return;
  }
  if (overlaps(n, len, ctx->rr, len)) {
    uint8_t *park = (uint8_t *)ctx->kdata + sizeof(ctx->kdata) - len;
    memmove(park, n, len);
    n = (const uint32_t *)(void *)park;
  }
  memmove(ctx->rr, rr, len);
  memmove(ctx->n, n, len);
}

fc_err fc_mont_init_rr(fc_mont_ctx *ctx, const uint32_t *n, const uint32_t *rr, uint32_t n0inv,
                       size_t nwords) {
  fc_init();
  if (ctx == NULL) return FC_ERR_ARG;
  fc_err rc = FC_OK;
  uint32_t bits = 0;
  if (n == NULL || rr == NULL || nwords == 0 || nwords > FC_MONT_MAX_WORDS) {
    rc = FC_ERR_ARG;
  } else {
    bits = fc__bn_bits(n, nwords);
    if (!(n[0] & 1) || bits < 2)
      rc = FC_ERR_ARG; /* as fc_mont_init: even n, or n = 1 */
    else if ((uint32_t)(n0inv * n[0]) != 0xffffffffu || fc__bn_cmp(rr, n, nwords) >= 0)
      rc = FC_ERR_KEY;
  }
  if (rc != FC_OK) { /* checks read n and rr first: they may live inside ctx */
    fc__wipe(ctx, sizeof(*ctx));
    return rc;
  }
  ctx->kernel = NULL;
  ctx->nwords = (uint32_t)nwords;
  ctx->nbits = bits;
  ctx->n0inv = n0inv;
  copy_n_rr(ctx, n, rr, 4 * nwords); /* either may lie inside ctx */
  memset(ctx->n + nwords, 0, 4 * (FC_MONT_MAX_WORDS - nwords));
  memset(ctx->rr + nwords, 0, 4 * (FC_MONT_MAX_WORDS - nwords));
  memset(ctx->kdata, 0, sizeof(ctx->kdata));
  const fc__mont_kernel *k = fc__mont_active_for_bits(bits); /* its size class's */
  k->prepare(ctx);
  ctx->kernel = k;
  return FC_OK;
}
