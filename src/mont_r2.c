/*
 * R^2 mod n (R = 2^(32 nwords)) for fc_mont_init, with the portable 32-bit
 * Montgomery product of scalar32 (always built, so compiling out any other
 * kernel leaves this in place).
 *
 * x = R mod n, the form of 1, by doubling 2^(nbits-1) (32 nwords - nbits + 1
 * modular doublings). Then the form of 2^E, E = 32 nwords, by left-to-right
 * binary over E: a Montgomery square maps the form of 2^j, 2^j R, to
 * 2^(2j) R, a modular doubling to 2^(j+1) R. The form of 2^E is 2^E R = R^2.
 * At 8192 bits: 13 squarings, one doubling.
 *
 * x lives in ctx->rr itself, so the frame is scalar32's mont_mul alone:
 * (FC_MONT_MAX_WORDS + 2) words of accumulator, about 1.1 KiB; this keeps
 * key set-up within a firmware stack (docs/firmware.md "Stack").
 * Needs ctx->n, nwords, nbits, n0inv.
 */
#include "fc_internal.h"

void fc__mont_rr(fc_mont_ctx *ctx) {
  size_t nw = ctx->nwords;
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
}
