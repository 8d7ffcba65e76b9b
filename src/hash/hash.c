/*
 * SHA-1/224/256/384/512 and SHA-512/224, SHA-512/256 over the compression
 * kernels (FIPS 180-4: padding 5.1, initial values 5.3), and the entry
 * points of SHA-3 (sha3.c, on the Keccak kernels). Contract in
 * fastcrypt.h. The one-shot path (sha_oneshot.h) makes one kernel call for
 * a message under 3 blocks minus the padding, from a local buffer written
 * in 16-byte stores; a longer one goes straight from the message but for
 * its tail. The streaming path buffers at most one partial block. Both use
 * the kernel recorded once (at init for a context).
 */
#include "hash/hash_internal.h"
#include "sha_oneshot.h"

static const uint32_t iv1[8] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
static const uint32_t iv224[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                  0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
static const uint32_t iv256[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
static const uint64_t iv384[8] = {0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull,
                                  0x9159015a3070dd17ull, 0x152fecd8f70e5939ull,
                                  0x67332667ffc00b31ull, 0x8eb44a8768581511ull,
                                  0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull};
static const uint64_t iv512[8] = {0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull,
                                  0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
                                  0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
                                  0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};
/* FIPS 180-4 5.3.6.1 */
static const uint64_t iv512_224[8] = {0x8c3d37c819544da2ull, 0x73e1996689dcd4d6ull,
                                      0x1dfab7ae32ff9c82ull, 0x679dd514582f9fcfull,
                                      0x0f6d2b697bd44da8ull, 0x77e36f7304c48942ull,
                                      0x3f9d85a86a1d36c8ull, 0x1112e6ad91d692a1ull};
/* FIPS 180-4 5.3.6.2 */
static const uint64_t iv512_256[8] = {0x22312194fc2bf72cull, 0x9f555fa3c84c64c2ull,
                                      0x2393b86b6f53b151ull, 0x963877195940eabdull,
                                      0x96283ee2a88effe3ull, 0xbe5e1e2553863992ull,
                                      0x2b0199fc2c85b8aaull, 0x0eb72ddc81c52ca2ull};

const fc__hash_info fc__hash_infos[FC__HASH_COUNT] = {
    [FC_SHA1] = {FC_OP_SHA1, 20, 64, iv1},
    [FC_SHA224] = {FC_OP_SHA256, 28, 64, iv224},
    [FC_SHA256] = {FC_OP_SHA256, 32, 64, iv256},
    [FC_SHA384] = {FC_OP_SHA512, 48, 128, iv384},
    [FC_SHA512] = {FC_OP_SHA512, 64, 128, iv512},
    [FC_SHA512_224] = {FC_OP_SHA512, 28, 128, iv512_224},
    [FC_SHA512_256] = {FC_OP_SHA512, 32, 128, iv512_256},
    /* FIPS 202 section 6.1: rate = 200 - 2 * digest bytes */
    [FC_SHA3_224] = {FC_OP_KECCAK, 28, 144, NULL},
    [FC_SHA3_256] = {FC_OP_KECCAK, 32, 136, NULL},
    [FC_SHA3_384] = {FC_OP_KECCAK, 48, 104, NULL},
    [FC_SHA3_512] = {FC_OP_KECCAK, 64, 72, NULL},
};

uint32_t fc__hash_kernel_stack(const fc__hash_info *hi) {
  if (hi->op == FC_OP_KECCAK) {
    const fc__keccak_kernel *k = fc__keccak_active();
    return k != NULL ? k->stack : 0;
  }
  const fc__sha_kernel *k = fc__sha_active(hi->op);
  return k != NULL ? k->stack : 0;
}

uint32_t fc__hash_ctx_kernel_stack(const fc_hash_ctx *ctx) {
  const fc__hash_info *hi = fc__hash_info_of((fc_hash_alg)ctx->alg);
  if (ctx->kernel == NULL || hi == NULL) return 0;
  return hi->op == FC_OP_KECCAK ? ((const fc__keccak_kernel *)ctx->kernel)->stack
                                : ((const fc__sha_kernel *)ctx->kernel)->stack;
}

size_t fc_hash_block_len(fc_hash_alg alg) {
  const fc__hash_info *hi = fc__hash_info_of(alg);
  return hi ? hi->block : 0;
}

static void load_iv(fc_hash_ctx *ctx, const fc__hash_info *hi) {
  /* The IV tables are 8 words of the state's own width. */
  for (int i = 0; i < 8; i++) {
    if (hi->block == 128)
      ctx->u.sha2.h.w64[i] = ((const uint64_t *)hi->iv)[i];
    else
      ctx->u.sha2.h.w32[i] = ((const uint32_t *)hi->iv)[i];
  }
}

void fc__hash_digest_out(const fc_hash_ctx *ctx, uint8_t *out, size_t outlen) {
  /* Whole words first (the common case), then the bytes of a partial word
     (SHA-512/224 ends on half a 64-bit word). */
  size_t i = 0;
  if (fc__hash_infos[ctx->alg].block == 128) {
    for (; i + 8 <= outlen; i += 8) {
      uint64_t w = __builtin_bswap64(ctx->u.sha2.h.w64[i / 8]);
      __builtin_memcpy(out + i, &w, 8);
    }
    for (; i < outlen; i++) out[i] = (uint8_t)(ctx->u.sha2.h.w64[i / 8] >> (56 - 8 * (i % 8)));
  } else {
    for (; i + 4 <= outlen; i += 4) {
      uint32_t w = __builtin_bswap32(ctx->u.sha2.h.w32[i / 4]);
      __builtin_memcpy(out + i, &w, 4);
    }
  }
}

/* Pads the buffered tail (buf_len < block) and compresses it: one block, or
   two when the tail leaves no room for 0x80 and the length field. */
static void pad_final(fc_hash_ctx *ctx) {
  const fc__sha_kernel *k = ctx->kernel;
  size_t block = fc__hash_infos[ctx->alg].block, lenbytes = block / 8;
  size_t rest = ctx->buf_len;
  ctx->u.sha2.buf[rest++] = 0x80;
  if (rest > block - lenbytes) {
    __builtin_memset(ctx->u.sha2.buf + rest, 0, block - rest);
    k->compress(&ctx->u.sha2.h, ctx->u.sha2.buf, 1);
    rest = 0;
  }
  __builtin_memset(ctx->u.sha2.buf + rest, 0, block - 8 - rest);
  /* Length in bits, big-endian. total < 2^61 (fc_hash_update), so the bit
     count fits 64 bits and the high half of SHA-512's 128-bit field is 0. */
  uint64_t bits = __builtin_bswap64(ctx->total << 3);
  __builtin_memcpy(ctx->u.sha2.buf + block - 8, &bits, 8);
  k->compress(&ctx->u.sha2.h, ctx->u.sha2.buf, 1);
}

fc_err fc_hash_init(fc_hash_ctx *ctx, fc_hash_alg alg) {
  if (ctx == NULL) return FC_ERR_ARG;
  const fc__hash_info *hi = fc__hash_info_of(alg);
  if (hi == NULL) {
    fc__wipe(ctx, sizeof(*ctx));
    return FC_ERR_ARG;
  }
  ctx->kernel = hi->op == FC_OP_KECCAK ? (const void *)fc__keccak_active()
                                       : (const void *)fc__sha_active(hi->op);
  if (ctx->kernel == NULL) { /* built with FC_WITH_SHA=OFF */
    fc__wipe(ctx, sizeof(*ctx));
    return FC_ERR_UNSUPPORTED;
  }
  ctx->alg = (uint32_t)alg;
  ctx->buf_len = 0;
  ctx->total = 0;
  if (hi->op == FC_OP_KECCAK)
    for (int i = 0; i < 25; i++) ctx->u.keccak[i] = 0;
  else
    load_iv(ctx, hi);
  return FC_OK;
}

/* ctx initialised: kernel set and alg valid (a wiped ctx has kernel NULL). */
static int ctx_ok(const fc_hash_ctx *ctx) {
  return ctx != NULL && ctx->kernel != NULL && fc__hash_info_of((fc_hash_alg)ctx->alg) != NULL &&
         ctx->buf_len < fc__hash_infos[ctx->alg].block;
}

fc_err fc_hash_update(fc_hash_ctx *ctx, const void *msg, size_t len) {
  if (!ctx_ok(ctx) || (msg == NULL && len)) return FC_ERR_ARG;
  const uint64_t limit = ((uint64_t)1 << 61) - 1;
  if ((uint64_t)len > limit - ctx->total) return FC_ERR_ARG;
  if (len == 0) return FC_OK; /* msg may be NULL: no pointer arithmetic on it */
  const uint8_t *p = msg;
  if (fc__hash_infos[ctx->alg].op == FC_OP_KECCAK) {
    ctx->total += len;
    fc__sha3_update(ctx, p, len);
    return FC_OK;
  }
  const fc__sha_kernel *k = ctx->kernel;
  size_t block = fc__hash_infos[ctx->alg].block;
  ctx->total += len;
  if (ctx->buf_len) {
    size_t take = block - ctx->buf_len;
    if (take > len) take = len;
    __builtin_memcpy(ctx->u.sha2.buf + ctx->buf_len, p, take);
    ctx->buf_len += (uint32_t)take;
    p += take;
    len -= take;
    if (ctx->buf_len < block) return FC_OK;
    k->compress(&ctx->u.sha2.h, ctx->u.sha2.buf, 1);
    ctx->buf_len = 0;
  }
  size_t whole = len / block;
  if (whole) k->compress(&ctx->u.sha2.h, p, whole);
  p += whole * block;
  len -= whole * block;
  if (len) __builtin_memcpy(ctx->u.sha2.buf, p, len);
  ctx->buf_len = (uint32_t)len;
  return FC_OK;
}

fc_err fc_hash_final(fc_hash_ctx *ctx, uint8_t *out) {
  if (!ctx_ok(ctx) || out == NULL) return FC_ERR_ARG;
  if (fc__hash_infos[ctx->alg].op == FC_OP_KECCAK) {
    fc__sha3_final(ctx, out);
    fc__burn(ctx, sizeof(*ctx));
    return FC_OK;
  }
  pad_final(ctx);
  fc__hash_digest_out(ctx, out, fc__hash_infos[ctx->alg].len);
  fc__burn(ctx, sizeof(*ctx));
  return FC_OK;
}

/* The one-shot hash with block a constant (sha_oneshot.h). Not a keyed
   call: the buffer and the state are wiped, the stack is not burned
   (docs/wiping.md). */
FC__SHA_INLINE void oneshot(const fc__sha_kernel *k, const fc__hash_info *hi, size_t block,
                            const uint8_t *msg, size_t len, uint8_t *out) {
  fc__sha_state st;
  uint8_t buf[FC__SHA_BUF_BLOCKS * FC_HASH_MAX_BLOCK] __attribute__((aligned(64)));
  fc__sha_iv(&st, hi, block);
  size_t used = fc__sha_run(k, &st, block, buf, 0, msg, len);
  fc__sha_digest(out, &st, block, hi->len);
  fc__sha_wipe(buf, used);
  fc__sha_wipe(&st, sizeof(st));
}

fc_err fc_hash(fc_hash_alg alg, const void *msg, size_t len, uint8_t *out) {
  const fc__hash_info *hi = fc__hash_info_of(alg);
  if (hi == NULL || out == NULL || (msg == NULL && len)) return FC_ERR_ARG;
  if (((uint64_t)len >> 61) != 0) return FC_ERR_ARG; /* FIPS 180-4 limit; never on 32-bit */
  if (hi->op == FC_OP_KECCAK) {
    const fc__keccak_kernel *kk = fc__keccak_active();
    if (kk != NULL) {
      fc__sha3_oneshot(kk, hi, msg, len, out);
      return FC_OK;
    }
    return FC_ERR_UNSUPPORTED; /* built with FC_WITH_SHA=OFF */
  }
  const fc__sha_kernel *k = fc__sha_active(hi->op);
  if (k == NULL) return FC_ERR_UNSUPPORTED; /* built with FC_WITH_SHA=OFF */
  if (hi->block == 64)
    oneshot(k, hi, 64, msg, len, out);
  else
    oneshot(k, hi, 128, msg, len, out);
  return FC_OK;
}

fc_err fc__hash(fc_hash_alg alg, const uint8_t *msg, size_t len, uint8_t *out) {
  return fc_hash(alg, msg, len, out);
}

int fc__hash_prehash_oid(int ph, uint8_t *last, size_t *len) {
  static const uint8_t arc[] = {0, 0, 4, 1, 2, 3, 5, 6, 7, 8, 9, 10};
  if (ph == FC__PH_SHAKE128 || ph == FC__PH_SHAKE256) {
    *last = ph == FC__PH_SHAKE128 ? 11 : 12;
    *len = ph == FC__PH_SHAKE128 ? 32 : 64;
    return 1;
  }
  if (ph < FC_SHA224 || ph > FC_SHA3_512) return 0;
  *last = arc[ph];
  *len = fc_hash_len((fc_hash_alg)ph);
  return 1;
}
