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
#include "fc_internal.h"

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
  /* n and rr may be ctx->n and ctx->rr themselves: memmove */
  memmove(ctx->n, n, 4 * nwords);
  memmove(ctx->rr, rr, 4 * nwords);
  memset(ctx->n + nwords, 0, 4 * (FC_MONT_MAX_WORDS - nwords));
  memset(ctx->rr + nwords, 0, 4 * (FC_MONT_MAX_WORDS - nwords));
  memset(ctx->kdata, 0, sizeof(ctx->kdata));
  const fc__mont_kernel *k = fc__mont_active_for_bits(bits); /* its size class's */
  k->prepare(ctx);
  ctx->kernel = k;
  return FC_OK;
}
