/*
 * SHA-3 (FIPS 202 section 6.1) on fc_hash_ctx and the SHAKE XOFs (section
 * 6.2) on fc_xof_ctx, over the FC_OP_KECCAK kernel recorded at init.
 * Contract in fastcrypt.h. A context absorbs straight into its state (no
 * block buffer); its pos is the byte offset in the current block.
 */
#include "hash/hash_internal.h"

#define SUFFIX_SHA3 0x06  /* M || 01, then pad10*1 */
#define SUFFIX_SHAKE 0x1f /* M || 1111, then pad10*1 */

void fc__sha3_update(fc_hash_ctx *ctx, const uint8_t *p, size_t len) {
  size_t rate = fc__hash_infos[ctx->alg].block;
  ctx->buf_len = (uint32_t)fc__sponge_absorb(ctx->kernel, ctx->u.keccak, rate, ctx->buf_len, p, len);
}

void fc__sha3_final(fc_hash_ctx *ctx, uint8_t *out) {
  const fc__hash_info *hi = &fc__hash_infos[ctx->alg];
  fc__sponge_pad(ctx->kernel, ctx->u.keccak, hi->block, ctx->buf_len, SUFFIX_SHA3);
  fc__keccak_get_bytes(ctx->u.keccak, 0, out, hi->len); /* len < rate: one block out */
}

void fc__sha3_oneshot(const fc__keccak_kernel *k, const fc__hash_info *hi, const uint8_t *msg,
                      size_t len, uint8_t *out) {
  uint64_t st[25] = {0};
  size_t pos = fc__sponge_absorb(k, st, hi->block, 0, msg, len);
  fc__sponge_pad(k, st, hi->block, pos, SUFFIX_SHA3);
  fc__keccak_get_bytes(st, 0, out, hi->len);
  fc__wipe(st, sizeof(st));
}

/* ---------------- SHAKE ---------------- */

static uint32_t rate_of(fc_xof_alg alg) {
  return alg == FC_SHAKE128 ? 168u : alg == FC_SHAKE256 ? 136u : 0u;
}

fc_err fc_xof_init(fc_xof_ctx *ctx, fc_xof_alg alg) {
  fc_init();
  if (ctx == NULL) return FC_ERR_ARG;
  fc__wipe(ctx, sizeof(*ctx));
  if (rate_of(alg) == 0) return FC_ERR_ARG;
  const fc__keccak_kernel *k = fc__keccak_active();
  if (k == NULL) return FC_ERR_UNSUPPORTED; /* built with FC_WITH_SHA=OFF */
  ctx->kernel = k;
  ctx->alg = (uint32_t)alg;
  ctx->rate = rate_of(alg);
  return FC_OK;
}

/* ctx initialised: kernel set, alg and rate consistent, pos in range. */
static int xof_ok(const fc_xof_ctx *ctx) {
  return ctx != NULL && ctx->kernel != NULL && ctx->rate != 0 &&
         ctx->rate == rate_of((fc_xof_alg)ctx->alg) && ctx->squeezing <= 1 &&
         (ctx->squeezing ? ctx->pos <= ctx->rate : ctx->pos < ctx->rate);
}

fc_err fc_xof_absorb(fc_xof_ctx *ctx, const void *msg, size_t len) {
  if (!xof_ok(ctx) || ctx->squeezing || (msg == NULL && len)) return FC_ERR_ARG;
  ctx->pos = (uint32_t)fc__sponge_absorb(ctx->kernel, ctx->st, ctx->rate, ctx->pos, msg, len);
  return FC_OK;
}

fc_err fc_xof_squeeze(fc_xof_ctx *ctx, uint8_t *out, size_t len) {
  if (!xof_ok(ctx) || (out == NULL && len)) return FC_ERR_ARG;
  const fc__keccak_kernel *k = ctx->kernel;
  if (!ctx->squeezing) {
    fc__sponge_pad(k, ctx->st, ctx->rate, ctx->pos, SUFFIX_SHAKE);
    ctx->squeezing = 1;
    ctx->pos = 0;
  }
  while (len) {
    if (ctx->pos == ctx->rate) {
      k->permute(ctx->st);
      ctx->pos = 0;
    }
    size_t take = ctx->rate - ctx->pos < len ? ctx->rate - ctx->pos : len;
    fc__keccak_get_bytes(ctx->st, ctx->pos, out, take);
    ctx->pos += (uint32_t)take;
    out += take;
    len -= take;
  }
  return FC_OK;
}

void fc_xof_clear(fc_xof_ctx *ctx) {
  if (ctx != NULL) fc__wipe(ctx, sizeof(*ctx));
}

fc_err fc_xof(fc_xof_alg alg, const void *msg, size_t len, uint8_t *out, size_t out_len) {
  if ((msg == NULL && len) || (out == NULL && out_len)) return FC_ERR_ARG;
  fc_xof_ctx c;
  fc_err rc = fc_xof_init(&c, alg);
  if (rc == FC_OK) rc = fc_xof_absorb(&c, msg, len);
  if (rc == FC_OK) rc = fc_xof_squeeze(&c, out, out_len);
  fc_xof_clear(&c);
  return rc;
}
