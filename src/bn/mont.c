/* Public Montgomery API: argument checks, constants, then the context's kernel. */
#include "bn/bn_internal.h"

fc_err fc_mont_init(fc_mont_ctx *ctx, const uint32_t *n, size_t nwords) {
  fc_init();
  if (ctx == NULL) return FC_ERR_ARG;
  /* A failed init leaves no usable context: kernel NULL makes every later
     call with it FC_ERR_ARG (fc_mont_mul does nothing). fc__mont_init_with
     clears it on every other path. */
  if (n == NULL || nwords == 0 || nwords > FC_MONT_MAX_WORDS) {
    memset(ctx, 0, sizeof(*ctx));
    return FC_ERR_ARG;
  }
  /* the kernel of the modulus' size class (pin, calibration or static order) */
  return fc__mont_init_with(ctx, n, nwords, fc__mont_active_for_bits(fc__bn_bits(n, nwords)));
}

fc_err fc__mont_init_with(fc_mont_ctx *ctx, const uint32_t *n, size_t nwords,
                          const fc__mont_kernel *k) {
  memset(ctx, 0, sizeof(*ctx)); /* public values: no volatile wipe needed (6 KiB) */
  if (!(n[0] & 1)) return FC_ERR_ARG;
  uint32_t bits = fc__bn_bits(n, nwords);
  if (bits < 2) return FC_ERR_ARG; /* n = 1 */
  ctx->nwords = (uint32_t)nwords;
  ctx->nbits = bits;
  for (size_t i = 0; i < nwords; i++) ctx->n[i] = n[i];
  ctx->n0inv = fc__neg_inv32(n[0]);
  if (k->init_chain != NULL) {
    k->init_chain(ctx);
  } else {
    fc__mont_rr(ctx); /* see mont_r2.c */
    k->prepare(ctx);
  }
  ctx->kernel = k;
  return FC_OK;
}

void fc_mont_mul(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *a, const uint32_t *b) {
  if (ctx == NULL || r == NULL || a == NULL || b == NULL || ctx->kernel == NULL) return;
  ((const fc__mont_kernel *)ctx->kernel)->mont_mul(ctx, r, a, b);
}

fc_err fc_modpow_ws(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *base, const uint8_t *exp,
                    size_t exp_len, void *ws, size_t ws_len) {
  if (ctx == NULL || r == NULL || base == NULL || (exp == NULL && exp_len) || ctx->kernel == NULL)
    return FC_ERR_ARG;
  if (fc__bn_cmp(base, ctx->n, ctx->nwords) >= 0) return FC_ERR_ARG;
  while (exp_len && exp[0] == 0) {
    exp++;
    exp_len--;
  }
  if (exp_len == 0) { /* b^0 = 1, n > 1 */
    for (size_t i = 0; i < ctx->nwords; i++) r[i] = i == 0;
    return FC_OK;
  }
  if (ws == NULL) return FC_ERR_ARG;
  if (fc__modpow_exp_built(exp, exp_len) != FC_OK) return FC_ERR_UNSUPPORTED;
  return ((const fc__mont_kernel *)ctx->kernel)->modpow(ctx, r, base, exp, exp_len, ws, ws_len);
}

fc_err fc_modpow(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *base, const uint8_t *exp,
                 size_t exp_len) {
  FC__WORKSPACE(ws, FC_MODPOW_WORKSPACE_BYTES(FC_MONT_MAX_BITS));
  fc_err rc = fc_modpow_ws(ctx, r, base, exp, exp_len, &ws, sizeof(ws));
  return rc;
}
