/* Public Montgomery API: argument checks, constants, then the context's kernel. */
#include "fc_internal.h"

/*
 * rr = R^2 mod n, R = 2^(32 nw), with scalar32 products.
 * x = R mod n by doubling 2^(nbits-1) (< n) up to 2^(32 nw); then the
 * Montgomery form of 2^E, E = 32 nw, by left-to-right binary over E's bits
 * (square: 2^j -> 2^(2j); double: 2^j -> 2^(j+1)), starting from the form of
 * 1, which is x. The form of 2^E is 2^E * R = R^2 mod n.
 * About log2(32 nw) products: 12 at 2048 bits. Stack: 2 * 257 words.
 */
static void compute_rr(fc_mont_ctx *ctx) {
  size_t nw = ctx->nwords;
  uint32_t x[FC_MONT_MAX_WORDS];
  for (size_t i = 0; i < nw; i++) x[i] = 0;
  uint32_t top = ctx->nbits - 1;
  x[top / 32] = 1u << (top % 32);
  for (uint32_t i = top; i < 32 * nw; i++) fc__bn_mod_double(x, ctx->n, nw);
  uint32_t e = (uint32_t)(32 * nw);
  int hb = 31;
  while (!((e >> hb) & 1)) hb--;
  for (int b = hb; b >= 0; b--) {
    fc__mont_scalar32.mont_mul(ctx, x, x, x);
    if ((e >> b) & 1) fc__bn_mod_double(x, ctx->n, nw);
  }
  for (size_t i = 0; i < nw; i++) ctx->rr[i] = x[i];
}

fc_err fc_mont_init(fc_mont_ctx *ctx, const uint32_t *n, size_t nwords) {
  fc_init();
  if (ctx == NULL || n == NULL || nwords == 0 || nwords > FC_MONT_MAX_WORDS) return FC_ERR_ARG;
  if (!(n[0] & 1)) return FC_ERR_ARG;
  uint32_t bits = fc__bn_bits(n, nwords);
  if (bits < 2) return FC_ERR_ARG; /* n = 1 */
  for (size_t i = 0; i < sizeof(*ctx); i++) ((uint8_t *)ctx)[i] = 0;
  ctx->nwords = (uint32_t)nwords;
  ctx->nbits = bits;
  for (size_t i = 0; i < nwords; i++) ctx->n[i] = n[i];
  ctx->n0inv = fc__neg_inv32(n[0]);
  compute_rr(ctx);
  const fc__mont_kernel *k = fc__mont_active();
  k->prepare(ctx);
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
  return ((const fc__mont_kernel *)ctx->kernel)->modpow(ctx, r, base, exp, exp_len, ws, ws_len);
}

fc_err fc_modpow(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *base, const uint8_t *exp,
                 size_t exp_len) {
  uint64_t ws[(FC_MODPOW_WORKSPACE_BYTES(FC_MONT_MAX_BITS) + 7) / 8];
  fc_err rc = fc_modpow_ws(ctx, r, base, exp, exp_len, ws, sizeof(ws));
  return rc;
}
