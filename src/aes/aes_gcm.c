/*
 * AES-GCM (NIST SP 800-38D): one shot and streaming. Portable code around
 * the key's kernels; a stitched body (CTR and GHASH in one pass) is used
 * when one exists for the key's exact pair of kernels.
 * Contracts: fastcrypt.h. Each public call runs its work in noinline
 * functions, then burns their stack (FC__GCM_LAYER_STACK, plus the 1 KiB
 * keystream buffer of an unstitched body) and the stack of the kernels it
 * ran (fc_internal.h, "Wiping secrets"): the one-shot calls take the
 * depth from the key and the length before the work; the streaming calls
 * raise it (`need`) before each kernel call they make, so a call burns
 * what its own kernel calls used (a call that ran none, the layer alone).
 * A pair with a one-shot kernel (aes_internal.h) also serves the
 * streaming calls' single blocks and the tag, and states a small figure
 * for them and for short stitched updates.
 */

#include "aes_internal.h"

/* Stitched bodies, best first (each for one pair of kernels). */
static const fc__gcm_kernel *const stitched[] = {
#if defined(FC_HAVE_VAES) && defined(FC_HAVE_VPCLMUL)
    &fc__gcm_vaes,
#endif
#if defined(FC_HAVE_VAES256) && defined(FC_HAVE_PCLMUL)
    &fc__gcm_vaes256,
#endif
#if defined(FC_HAVE_AESNI) && defined(FC_HAVE_PCLMUL)
    &fc__gcm_aesni,
#endif
#if defined(FC_HAVE_ARMV8_AES) && defined(FC_HAVE_PMULL)
    &fc__gcm_armv8,
#endif
    NULL,
};

/* SP 800-38D 5.2.1.1: at most 2^39 - 256 bits of text, 2^64 - 1 of AAD. */
#define GCM_MAX_TEXT ((((uint64_t)1) << 36) - 32)
#define GCM_MAX_AAD ((((uint64_t)1) << 61) - 1)

/* state: the phase in its low two bits; ST_J0 where ek0 still holds J0
   (a key with a one-shot kernel: the first whole-block update or the tag
   step encrypts it). */
enum { ST_NONE = 0, ST_AAD = 1, ST_ENC = 2, ST_DEC = 3, ST_PHASE = 3, ST_J0 = 4 };
static uint32_t phase(const fc_aes_gcm_ctx *ctx) { return ctx->state & ST_PHASE; }

static const fc__aes_kernel *aes_of(const fc_aes_key *key) {
  return (const fc__aes_kernel *)key->aes;
}
static const fc__ghash_kernel *ghash_of(const fc_aes_key *key) {
  return (const fc__ghash_kernel *)key->ghash;
}

/* *depth covers a kernel call that uses up to `stack` bytes. */
static void need(size_t *depth, size_t stack) {
  if (*depth < FC__GCM_LAYER_STACK + stack) *depth = FC__GCM_LAYER_STACK + stack;
}

static void ghash(const fc_aes_key *key, uint8_t y[16], const uint8_t *in, size_t nblocks,
                  size_t *depth) {
  need(depth, ghash_of(key)->stack);
  ghash_of(key)->ghash(key->hdata, y, in, nblocks);
}

static const fc__gcm_kernel *stitch_of(const fc_aes_key *key) {
  for (size_t i = 0; stitched[i] != NULL; i++)
    if ((const void *)stitched[i]->aes == key->aes && (const void *)stitched[i]->ghash == key->ghash)
      return stitched[i];
  return NULL;
}

#define GCTR_CHUNK 64

/* Stack a GCM call with key may use below its public frame. */
static size_t gcm_depth(const fc_aes_key *key) {
  if (!fc__aes_key_ok(key)) return FC__GCM_LAYER_STACK;
  const fc__gcm_kernel *s = stitch_of(key);
  if (s == NULL) return fc__aes_burn_depth(key, FC__GCM_LAYER_STACK + 16 * GCTR_CHUNK);
  size_t d = fc__aes_burn_depth(key, FC__GCM_LAYER_STACK);
  return d > FC__GCM_LAYER_STACK + s->stack ? d : FC__GCM_LAYER_STACK + s->stack;
}

/* One-shot kernels, each for one stitched pair. */
static const fc__gcm_seal_kernel *const sealers[] = {
#if defined(FC_HAVE_VAES) && defined(FC_HAVE_VPCLMUL)
    &fc__gcm_vaes_seal,
#endif
    NULL,
};

/* The one-shot kernel of the key's pair, or NULL. */
static const fc__gcm_seal_kernel *sealer_of(const fc_aes_key *key) {
  if (sealers[0] == NULL) return NULL;
  const fc__gcm_kernel *s = stitch_of(key);
  for (size_t i = 0; s != NULL && sealers[i] != NULL; i++)
    if (sealers[i]->gcm == s) return sealers[i];
  return NULL;
}

/* The key's one-shot kernel for this IV length, or NULL (then the streaming
   functions do the work). */
static const fc__gcm_seal_kernel *seal_of(const fc_aes_key *key, size_t iv_len) {
  return iv_len == 12 ? sealer_of(key) : NULL;
}

/* Stack a one-shot call may use below its public frame: with a one-shot
   kernel, the layer and what that kernel uses at this length. */
static size_t oneshot_depth(const fc_aes_key *key, size_t iv_len, size_t len) {
  if (!fc__aes_key_ok(key)) return FC__GCM_LAYER_STACK;
  const fc__gcm_seal_kernel *k = seal_of(key, iv_len);
  if (k == NULL) return gcm_depth(key);
  return FC__GCM_LAYER_STACK + (len < FC__GCM_SEAL_SMALL ? k->stack_small : k->stack);
}

static uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put_be64(uint8_t *p, uint64_t v) {
  for (int i = 7; i >= 0; i--, v >>= 8) p[i] = (uint8_t)v;
}

/* ctr = inc32(ctr): the low 32 bits wrap alone (SP 800-38D 6.2), no branch. */
static void inc32(uint8_t ctr[16]) {
  uint32_t v = be32(ctr + 12) + 1;
  ctr[12] = (uint8_t)(v >> 24);
  ctr[13] = (uint8_t)(v >> 16);
  ctr[14] = (uint8_t)(v >> 8);
  ctr[15] = (uint8_t)v;
}

/*
 * nblocks whole blocks of GCTR and GHASH of the ciphertext. With a 96-bit
 * IV the counter is public; with any other IV it is GHASH_H(IV), which
 * depends on the key, so nothing here branches on it: stitched kernels
 * count with inc32 themselves, and otherwise the counter blocks are built
 * here (inc32, branch-free) and encrypted by ECB, 64 blocks at a time
 * (body_ecb: a frame of its own for the 1 KiB keystream buffer, so a
 * stitched call does not run its kernel below that buffer).
 */
static FC__NOINLINE void body_ecb(const fc_aes_key *key, uint8_t ctr[16], uint8_t y[16],
                                  const uint8_t *in, uint8_t *out, size_t nblocks, int enc,
                                  size_t *depth) {
  uint8_t ks[16 * GCTR_CHUNK];
  while (nblocks > 0) {
    size_t n = nblocks < GCTR_CHUNK ? nblocks : GCTR_CHUNK;
    uint32_t c32 = be32(ctr + 12); /* in a register: no reload after byte stores */
    for (size_t i = 0; i < n; i++) {
      uint8_t *b = ks + 16 * i;
      memcpy(b, ctr, 12);
      b[12] = (uint8_t)(c32 >> 24);
      b[13] = (uint8_t)(c32 >> 16);
      b[14] = (uint8_t)(c32 >> 8);
      b[15] = (uint8_t)c32;
      c32++;
      FC__OPAQUE(c32); /* the loop stays counted by i */
    }
    ctr[12] = (uint8_t)(c32 >> 24);
    ctr[13] = (uint8_t)(c32 >> 16);
    ctr[14] = (uint8_t)(c32 >> 8);
    ctr[15] = (uint8_t)c32;
    aes_of(key)->ecb_enc(key, ks, ks, n);
    if (!enc) ghash(key, y, in, n, depth); /* before in == out is overwritten */
    for (size_t i = 0; i < 16 * n; i += 8) {
      uint64_t a, b;
      memcpy(&a, in + i, 8);
      memcpy(&b, ks + i, 8);
      a ^= b;
      memcpy(out + i, &a, 8);
    }
    if (enc) ghash(key, y, out, n, depth);
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
  fc__burn(ks, sizeof(ks));
}

/* j0 not NULL (a key with a one-shot kernel only): J0 in, E(K, J0) out,
   computed by the same kernel call (its `crypt`). */
static void body(const fc_aes_key *key, uint8_t ctr[16], uint8_t y[16], const uint8_t *in,
                 uint8_t *out, size_t nblocks, int enc, uint8_t *j0, size_t *depth) {
  const fc__gcm_kernel *s = stitch_of(key);
  if (s != NULL) {
    const fc__gcm_seal_kernel *k = sealer_of(key);
    need(depth, k != NULL && nblocks < FC__GCM_STREAM_SMALL ? k->stack_small : s->stack);
    if (j0 != NULL)
      k->crypt(key, ctr, y, in, out, nblocks, enc, j0);
    else
      (enc ? s->enc : s->dec)(key, ctr, y, in, out, nblocks);
    return;
  }
  need(depth, 16 * GCTR_CHUNK + (aes_of(key)->stack > ghash_of(key)->stack ? aes_of(key)->stack
                                                                           : ghash_of(key)->stack));
  body_ecb(key, ctr, y, in, out, nblocks, enc, depth);
}

/* ks = E(ctr), ctr = inc32(ctr). */
static void keystream_block(const fc_aes_key *key, uint8_t ctr[16], uint8_t ks[16],
                            size_t *depth) {
  const fc__gcm_seal_kernel *k = sealer_of(key);
  if (k != NULL) {
    need(depth, k->stack_block);
    k->block(key, ctr, ks);
    return;
  }
  need(depth, aes_of(key)->stack);
  aes_of(key)->ecb_enc(key, ctr, ks, 1);
  inc32(ctr);
}

/* Zeroes the context with word stores (a memset of this size can become
   `rep stos`, whose start-up costs more than the streaming call's work). */
static void ctx_wipe(fc_aes_gcm_ctx *ctx) {
  _Static_assert(sizeof(fc_aes_gcm_ctx) % sizeof(unsigned long) == 0, "context size");
  volatile unsigned long *w = (volatile unsigned long *)(void *)ctx;
  for (size_t i = 0; i < sizeof(*ctx) / sizeof(unsigned long); i++) w[i] = 0;
  __asm__ __volatile__("" : : "r"(ctx) : "memory");
}

/* dst = iv[0 .. 12) || [c]_32 (c < 256): J0 or inc32(J0) for a 96-bit IV.
   On little-endian hosts as two 8-byte stores, which the kernels read
   back as two 8-byte loads (ld_halves in gcm_vaes.c): a block built from
   narrower stores and read whole could not be forwarded from the store
   buffer, and the update's first kernel instruction would wait for it. */
static void put_j(uint8_t dst[16], const uint8_t *iv, uint32_t c) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  uint64_t lo, hi;
  uint32_t mid;
  memcpy(&lo, iv, 8);
  memcpy(&mid, iv + 8, 4);
  hi = (uint64_t)mid | (uint64_t)c << 56;
  memcpy(dst, &lo, 8);
  memcpy(dst + 8, &hi, 8);
#else
  memcpy(dst, iv, 12);
  dst[12] = dst[13] = dst[14] = 0;
  dst[15] = (uint8_t)c;
#endif
}

/* With a one-shot kernel for the key, ctx->ek0 holds J0 (ST_J0) until the
   first whole-block update encrypts it beside its blocks, or else the tag
   step beside the last GHASH product; without one, it holds E(K, J0).
   A 96-bit IV then needs no kernel call here: J0 is the public
   IV || 0^31 || 1, nothing secret is touched, and nothing is burned
   (*depth stays 0). */
static FC__NOINLINE fc_err gcm_init(fc_aes_gcm_ctx *ctx, const fc_aes_key *key, const uint8_t *iv,
                                    size_t iv_len, size_t *depth) {
  if (ctx == NULL) return FC_ERR_ARG;
  ctx_wipe(ctx);
  if (!fc__aes_key_ok(key) || iv == NULL || iv_len == 0 || iv_len > (SIZE_MAX >> 4))
    return FC_ERR_ARG;
  const int j0_kept = sealer_of(key) != NULL;
  ctx->key = key;
  ctx->state = j0_kept ? ST_AAD | ST_J0 : ST_AAD;
  if (j0_kept && iv_len == 12) {
    put_j(ctx->ek0, iv, 1);
    put_j(ctx->ctr, iv, 2);
    return FC_OK;
  }
  uint8_t j0[16] = {0};
  if (iv_len == 12) { /* J0 = IV || 0^31 || 1 */
    memcpy(j0, iv, 12);
    j0[15] = 1;
  } else { /* J0 = GHASH(IV || 0^s || 0^64 || [len(IV)]_64) */
    uint8_t last[16] = {0};
    size_t whole = iv_len / 16;
    ghash(key, j0, iv, whole, depth);
    if (iv_len % 16 != 0) {
      memcpy(last, iv + 16 * whole, iv_len % 16);
      ghash(key, j0, last, 1, depth);
      memset(last, 0, 16);
    }
    put_be64(last + 8, (uint64_t)iv_len * 8);
    ghash(key, j0, last, 1, depth);
  }
  if (j0_kept) {
    memcpy(ctx->ek0, j0, 16);
    inc32(j0);
  } else {
    keystream_block(key, j0, ctx->ek0, depth); /* E(J0); j0 is now inc32(J0) */
  }
  memcpy(ctx->ctr, j0, 16);
  fc__burn(j0, sizeof(j0));
  return FC_OK;
}

static int ctx_ok(const fc_aes_gcm_ctx *ctx) {
  return ctx != NULL && phase(ctx) != ST_NONE && (ctx->state & ~(uint32_t)(ST_PHASE | ST_J0)) == 0 &&
         ctx->used < 16 &&
         fc__aes_key_ok(ctx->key);
}

static FC__NOINLINE fc_err gcm_aad(fc_aes_gcm_ctx *ctx, const uint8_t *aad, size_t len,
                                   size_t *depth) {
  if (!ctx_ok(ctx) || phase(ctx) != ST_AAD || (aad == NULL && len != 0) ||
      (uint64_t)len > GCM_MAX_AAD - ctx->aad_len)
    return FC_ERR_ARG;
  if (len != 0) need(depth, 0);
  ctx->aad_len += len;
  while (len > 0 && ctx->used != 0) {
    ctx->buf[ctx->used++] = *aad++;
    len--;
    if (ctx->used == 16) {
      ghash(ctx->key, ctx->y, ctx->buf, 1, depth);
      ctx->used = 0;
    }
  }
  if (len >= 16) {
    ghash(ctx->key, ctx->y, aad, len / 16, depth);
    aad += len / 16 * 16;
    len %= 16;
  }
  if (len > 0) { /* here ctx->used == 0 */
    memcpy(ctx->buf, aad, len);
    ctx->used = (uint32_t)len;
  }
  return FC_OK;
}

/* Leaves the AAD phase: the partial AAD block is padded with zeros. */
static void end_aad(fc_aes_gcm_ctx *ctx, size_t *depth) {
  if (ctx->used != 0) {
    memset(ctx->buf + ctx->used, 0, 16 - ctx->used);
    ghash(ctx->key, ctx->y, ctx->buf, 1, depth);
    ctx->used = 0;
  }
}

static FC__NOINLINE fc_err update(fc_aes_gcm_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len,
                                  int enc, size_t *depth) {
  uint32_t st = enc ? ST_ENC : ST_DEC;
  if (!ctx_ok(ctx) || (phase(ctx) != ST_AAD && phase(ctx) != st) ||
      !fc__aes_io_ok(in, out, len) || (uint64_t)len > GCM_MAX_TEXT - ctx->msg_len)
    return FC_ERR_ARG;
  if (len != 0) need(depth, 0);
  if (phase(ctx) == ST_AAD) {
    end_aad(ctx, depth);
    ctx->state = (ctx->state & ST_J0) | st;
  }
  const fc_aes_key *key = ctx->key;
  ctx->msg_len += len;
  /* buf collects the ciphertext of the current block, ks is its keystream */
  while (len > 0 && ctx->used != 0) {
    uint8_t x = *in++, o = (uint8_t)(x ^ ctx->ks[ctx->used]);
    *out++ = o;
    ctx->buf[ctx->used++] = enc ? o : x;
    len--;
    if (ctx->used == 16) {
      ghash(key, ctx->y, ctx->buf, 1, depth);
      ctx->used = 0;
    }
  }
  if (len >= 16) { /* with ST_J0, E(J0) beside the blocks */
    body(key, ctx->ctr, ctx->y, in, out, len / 16, enc, (ctx->state & ST_J0) ? ctx->ek0 : NULL,
         depth);
    ctx->state &= ~(uint32_t)ST_J0;
    in += len / 16 * 16;
    out += len / 16 * 16;
    len %= 16;
  }
  if (len > 0) {
    keystream_block(key, ctx->ctr, ctx->ks, depth);
    for (size_t i = 0; i < len; i++) {
      uint8_t x = in[i], o = (uint8_t)(x ^ ctx->ks[i]);
      out[i] = o;
      ctx->buf[i] = enc ? o : x;
    }
    ctx->used = (uint32_t)len;
  }
  return FC_OK;
}

/* The full 16-byte tag; wipes ctx. With a one-shot kernel, one `tag`
   call does the partial block, the lengths and, if still to do, E(J0).
   For encryption that call leaves nothing to burn: `tag` keeps its
   secrets in registers and zeroes them (aes_internal.h), and the tag it
   gives is the caller's output; decryption's is the expected tag, and its
   frames are burned. */
static void final_tag(fc_aes_gcm_ctx *ctx, uint8_t tag[16], int enc, size_t *depth) {
  const fc_aes_key *key = ctx->key;
  const fc__gcm_seal_kernel *k = sealer_of(key);
  if (k != NULL) {
    if (!enc) need(depth, k->stack_block);
    k->tag(key, ctx->y, ctx->buf, ctx->used, ctx->aad_len, ctx->msg_len, ctx->ek0,
           (ctx->state & ST_J0) != 0, tag);
    ctx_wipe(ctx);
    return;
  }
  need(depth, 0);
  uint8_t lens[16];
  if (phase(ctx) == ST_AAD) end_aad(ctx, depth);
  if (ctx->used != 0) {
    memset(ctx->buf + ctx->used, 0, 16 - ctx->used);
    ghash(key, ctx->y, ctx->buf, 1, depth);
  }
  put_be64(lens, ctx->aad_len * 8);
  put_be64(lens + 8, ctx->msg_len * 8);
  ghash(key, ctx->y, lens, 1, depth);
  for (int i = 0; i < 16; i++) tag[i] = (uint8_t)(ctx->y[i] ^ ctx->ek0[i]);
  ctx_wipe(ctx);
  fc__burn(lens, sizeof(lens));
}

static FC__NOINLINE fc_err enc_final(fc_aes_gcm_ctx *ctx, uint8_t *tag, size_t tag_len,
                                     size_t *depth) {
  if (!ctx_ok(ctx) || phase(ctx) == ST_DEC || tag == NULL || tag_len < 4 || tag_len > 16)
    return FC_ERR_ARG;
  uint8_t full[16];
  final_tag(ctx, full, 1, depth);
  memcpy(tag, full, tag_len);
  fc__burn(full, sizeof(full));
  return FC_OK;
}

/* The computed tag against tag_len bytes of the given one, in constant
   time: one decision on the whole tag. Wipes full. */
static fc_err tag_check(uint8_t full[16], const uint8_t *tag, size_t tag_len) {
  uint32_t diff = 0;
  for (size_t i = 0; i < tag_len; i++) diff |= (uint32_t)(full[i] ^ tag[i]);
  fc__burn(full, 16);
  FC__DECLASSIFY(&diff, sizeof(diff));
  return diff == 0 ? FC_OK : FC_ERR_AUTH;
}

static FC__NOINLINE fc_err dec_final(fc_aes_gcm_ctx *ctx, const uint8_t *tag, size_t tag_len,
                                     size_t *depth) {
  if (!ctx_ok(ctx) || phase(ctx) == ST_ENC || tag == NULL || tag_len < 4 || tag_len > 16)
    return FC_ERR_ARG;
  uint8_t full[16];
  final_tag(ctx, full, 0, depth);
  return tag_check(full, tag, tag_len);
}

void fc_aes_gcm_clear(fc_aes_gcm_ctx *ctx) {
  if (ctx != NULL) fc__burn(ctx, sizeof(*ctx));
}

/* len > max, written so that 32-bit size_t builds do not warn. */
static int above(uint64_t len, uint64_t max) { return len > max; }

/*
 * One-shot arguments. Beyond the streaming checks: iv may not overlap in
 * or out, and neither may aad or tag overlap out (out is written while
 * they are still to be read, or, for the tag of encryption, out is written
 * before it); an encryption tag (an output) may not overlap in, aad or iv
 * either. Inputs may overlap one another.
 */
static fc_err oneshot_args(const fc_aes_key *key, const uint8_t *iv, size_t iv_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in,
                           const uint8_t *out, size_t len, const uint8_t *tag, size_t tag_len,
                           int enc) {
  if (!fc__aes_key_ok(key) || iv == NULL || iv_len == 0 || (aad == NULL && aad_len != 0) ||
      !fc__aes_io_ok(in, out, len) || above(len, GCM_MAX_TEXT) || above(aad_len, GCM_MAX_AAD) ||
      tag == NULL || tag_len < 4 || tag_len > 16)
    return FC_ERR_ARG;
  if (fc__aes_wraps(iv, iv_len) || fc__aes_wraps(aad, aad_len) || fc__aes_wraps(tag, tag_len))
    return FC_ERR_ARG;
  if (!fc__aes_apart(iv, iv_len, in, len) || !fc__aes_apart(iv, iv_len, out, len) ||
      !fc__aes_apart(aad, aad_len, out, len) || !fc__aes_apart(tag, tag_len, out, len))
    return FC_ERR_ARG;
  if (enc && (!fc__aes_apart(tag, tag_len, in, len) || !fc__aes_apart(tag, tag_len, aad, aad_len) ||
              !fc__aes_apart(tag, tag_len, iv, iv_len)))
    return FC_ERR_ARG;
  return FC_OK;
}

static FC__NOINLINE fc_err gcm_encrypt(const fc_aes_key *key, const uint8_t *iv, size_t iv_len,
                                       const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                       uint8_t *out, size_t len, uint8_t *tag, size_t tag_len) {
  fc_err rc = oneshot_args(key, iv, iv_len, aad, aad_len, in, out, len, tag, tag_len, 1);
  if (rc != FC_OK) return rc;
  const fc__gcm_seal_kernel *k = seal_of(key, iv_len);
  if (k != NULL) { /* J0, AAD, text, lengths and tag in one kernel call */
    uint8_t full[16];
    k->seal(key, iv, aad, aad_len, in, out, len, full, 1);
    memcpy(tag, full, tag_len);
    fc__burn(full, sizeof(full));
    return FC_OK;
  }
  fc_aes_gcm_ctx ctx;
  size_t d = 0; /* the caller burns gcm_depth (oneshot_depth) */
  rc = gcm_init(&ctx, key, iv, iv_len, &d);
  if (rc == FC_OK) rc = gcm_aad(&ctx, aad, aad_len, &d);
  if (rc == FC_OK) rc = update(&ctx, in, out, len, 1, &d);
  if (rc == FC_OK) rc = enc_final(&ctx, tag, tag_len, &d);
  fc__burn(&ctx, sizeof(ctx));
  return rc;
}

static FC__NOINLINE fc_err gcm_decrypt(const fc_aes_key *key, const uint8_t *iv, size_t iv_len,
                                       const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                       uint8_t *out, size_t len, const uint8_t *tag,
                                       size_t tag_len) {
  fc_err rc = oneshot_args(key, iv, iv_len, aad, aad_len, in, out, len, tag, tag_len, 0);
  if (rc != FC_OK) return rc;
  const fc__gcm_seal_kernel *k = seal_of(key, iv_len);
  if (k != NULL) {
    uint8_t full[16];
    k->seal(key, iv, aad, aad_len, in, out, len, full, 0);
    rc = tag_check(full, tag, tag_len);
    if (rc == FC_ERR_AUTH && len != 0) fc__wipe(out, len);
    return rc;
  }
  fc_aes_gcm_ctx ctx;
  size_t d = 0; /* the caller burns gcm_depth (oneshot_depth) */
  rc = gcm_init(&ctx, key, iv, iv_len, &d);
  if (rc == FC_OK) rc = gcm_aad(&ctx, aad, aad_len, &d);
  if (rc == FC_OK) rc = update(&ctx, in, out, len, 0, &d);
  if (rc == FC_OK) {
    rc = dec_final(&ctx, tag, tag_len, &d);
    if (rc == FC_ERR_AUTH && len != 0) fc__wipe(out, len);
  }
  fc__burn(&ctx, sizeof(ctx));
  return rc;
}

/* The public calls: the work, then the burn of what it used. The one-shot
   calls take the depth first; a streaming call's work raises `d` before
   each kernel call and wherever the layer itself handles data (final wipes
   the context, and with it the key pointer, so the depth cannot be taken
   after). A streaming call that left nothing secret in its frames (d
   still 0: an empty AAD or update, an init with a 96-bit IV on a key with
   a one-shot kernel, an encryption final on such a key) burns nothing. */
#define TRACKED(work)                       \
  do {                                      \
    size_t d = 0;                           \
    fc_err rc_ = (work);                    \
    if (d != 0) FC__STACK_BURN(d);          \
    return rc_;                             \
  } while (0)

fc_err fc_aes_gcm_encrypt(const fc_aes_key *key, const uint8_t *iv, size_t iv_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
                          size_t len, uint8_t *tag, size_t tag_len) {
  FC__BURNED(oneshot_depth(key, iv_len, len),
             gcm_encrypt(key, iv, iv_len, aad, aad_len, in, out, len, tag, tag_len));
}

fc_err fc_aes_gcm_decrypt(const fc_aes_key *key, const uint8_t *iv, size_t iv_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
                          size_t len, const uint8_t *tag, size_t tag_len) {
  FC__BURNED(oneshot_depth(key, iv_len, len),
             gcm_decrypt(key, iv, iv_len, aad, aad_len, in, out, len, tag, tag_len));
}

/* init burns only where a kernel ran (d > 0): not for a 96-bit IV on a
   key with a one-shot kernel, which touches nothing secret. */
fc_err fc_aes_gcm_init(fc_aes_gcm_ctx *ctx, const fc_aes_key *key, const uint8_t *iv,
                       size_t iv_len) {
  size_t d = 0;
  fc_err rc = gcm_init(ctx, key, iv, iv_len, &d);
  if (d != 0) FC__STACK_BURN(d);
  return rc;
}

fc_err fc_aes_gcm_aad(fc_aes_gcm_ctx *ctx, const uint8_t *aad, size_t len) {
  TRACKED(gcm_aad(ctx, aad, len, &d));
}

fc_err fc_aes_gcm_encrypt_update(fc_aes_gcm_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len) {
  TRACKED(update(ctx, in, out, len, 1, &d));
}

fc_err fc_aes_gcm_decrypt_update(fc_aes_gcm_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len) {
  TRACKED(update(ctx, in, out, len, 0, &d));
}

fc_err fc_aes_gcm_encrypt_final(fc_aes_gcm_ctx *ctx, uint8_t *tag, size_t tag_len) {
  TRACKED(enc_final(ctx, tag, tag_len, &d));
}

fc_err fc_aes_gcm_decrypt_final(fc_aes_gcm_ctx *ctx, const uint8_t *tag, size_t tag_len) {
  TRACKED(dec_final(ctx, tag, tag_len, &d));
}
