/*
 * R^2 mod n (R = 2^(32 nwords)) for fc_mont_init. Needs ctx->n, nwords,
 * nbits, n0inv; writes ctx->rr only (no frame beyond the helpers', so key
 * set-up stays within a firmware stack: docs/firmware.md "Stack").
 *
 * Optimised builds: R^2 = 2^(64 nwords) by long division straight from
 * 2^(nbits - 1) (fc__bn_pow2_mod: Knuth's Algorithm D one quotient digit at
 * a time, 64-bit digits where a 128-bit product exists). At 2048 bits that
 * is 33 digit steps of 32 limbs, about a tenth of the work of the squarings
 * below, and it needs no kernel: every kernel gets the same R^2.
 *
 * -Os builds (firmware, which takes rr from vboot's key) keep the smaller
 * code: x = R mod n by doublings of 2^(nbits-1), then the form of 2^E,
 * E = 32 nwords, by left-to-right binary over E with scalar32's product: a
 * Montgomery square maps the form of 2^j, 2^j R, to 2^(2j) R, a modular
 * doubling to 2^(j+1) R. The form of 2^E is 2^E R = R^2.
 */
#include "bn/bn_internal.h"

void fc__mont_rr(fc_mont_ctx *ctx) {
  size_t nw = ctx->nwords;
#if !defined(__OPTIMIZE_SIZE__)
  fc__bn_pow2_mod(ctx->rr, ctx->n, nw, ctx->nbits, 64 * nw);
#else
  uint32_t *x = ctx->rr;
  for (size_t i = 0; i < nw; i++) x[i] = 0;
  uint32_t top = ctx->nbits - 1;
  x[top / 32] = 1u << (top % 32);
  fc__bn_mod_shl(x, ctx->n, nw, 32 * nw - top); /* R mod n */
  size_t e = 32 * nw;                           /* >= 32: its top bit is past bit 4 */
  int hb = 0;
  while (e >> (hb + 1)) hb++;
  fc__bn_mod_double(x, ctx->n, nw); /* the top bit: 2^1 R */
  for (int b = hb - 1; b >= 0; b--) {
    fc__mont_scalar32.mont_mul(ctx, x, x, x);
    if ((e >> b) & 1) fc__bn_mod_double(x, ctx->n, nw);
  }
#endif
}
