/*
 * HMAC (RFC 2104 / FIPS 198-1), HKDF (RFC 5869) and PBKDF2-HMAC (RFC 8018
 * section 5.2) over the streaming hash. Contract in fastcrypt.h.
 *
 * Constant time in the key and password: the key block is built by a loop
 * whose bounds depend only on the (public) lengths, and no value of a key
 * byte chooses a branch or an index. Every stack copy of key material,
 * inner state or derived block is wiped before returning.
 *
 * PBKDF2: the key ^ ipad and key ^ opad blocks are compressed once; each
 * iteration then costs exactly two single-block compressions of a block
 * whose padding and length field were written once (hLen + 1 + length field
 * <= block for every algorithm: 20+9 <= 64, 32+9 <= 64, 64+17 <= 128).
 *
 * fc_hmac has a path of its own, with no context (hmac_run): four kernel
 * calls for a message under 2 blocks minus the padding, K0 ^ opad first.
 *
 * Each public call runs its work in noinline functions, then burns their
 * stack (the FC__*_STACK figures below) and the hash kernel's
 * (fc_internal.h, "Wiping secrets"). The layer figures are bounds over
 * gcc and clang, -O2, -O3 and -Os, x86-64, i686 and AArch64; fc_hash's 3-block
 * buffer (for a key longer than a block) is part of every one of them but
 * fc_hmac's, whose frame holds its own 3-block buffer, one per block size.
 * tests/core/test_wipe.cpp checks them.
 */
#include "hash/hash_internal.h"
#include "sha_oneshot.h"

/* The layers' figures and the most measured (x86-64 gcc, -O3 or -Os, with
   shani), over gcc and clang, -O2, -O3 and -Os, x86-64, i686 and AArch64. */
#define FC__HMAC_KEY_STACK 1920     /* fc_hmac_init: 1,432 */
/* fc_hmac (hmac64, hmac128): per compiler and target, as the kernels'
   figures (FC__STACK): the most measured at -O2, -O3 and -Os plus a quarter
   and 64 bytes, rounded up to 64; clang covers AArch64 at twice gcc's
   measure there. Measured, 64- and 128-byte blocks: gcc x86-64 552 and
   808 (-Os), gcc AArch64 432 and 688, clang x86-64 560 and 864, i686 1,000
   and 1,508 (-O3: the 16-byte values are general registers there). */
#define FC__HMAC_ONESHOT_STACK_64 FC__STACK(768, 896, 1344)
#define FC__HMAC_ONESHOT_STACK_128 FC__STACK(1088, 1408, 1984)
#define FC__HMAC_STEP_STACK 384     /* fc_hmac_update, fc_hmac_final: 200 */
#define FC__HKDF_LAYER_STACK 2048   /* 1,560 */
#define FC__PBKDF2_LAYER_STACK 2432 /* 1,928 */
/* SHA-3 (no chaining value to start from: whole HMAC contexts). */
#define FC__HMAC_SPONGE_STACK 2048  /* fc_hmac */
#define FC__PBKDF2_SPONGE_STACK 3072

/* layer + the stack of the kernel compressing alg now (what a call that
   records its kernel at init uses), or layer alone for an unknown alg. */
static size_t depth_alg(fc_hash_alg alg, size_t layer) {
  const fc__hash_info *hi = fc__hash_info_of(alg);
  return hi != NULL ? layer + fc__hash_kernel_stack(hi) : layer;
}

/* layer + the stack of the kernel a context recorded (a context that is
   not initialised, or was finalised: layer). */
static size_t depth_ctx(const fc_hmac_ctx *ctx, size_t layer) {
  if (ctx == NULL) return layer;
  return layer + fc__hash_ctx_kernel_stack(&ctx->inner);
}

static FC__NOINLINE fc_err hmac_init(fc_hmac_ctx *ctx, fc_hash_alg alg, const uint8_t *key,
                                     size_t key_len) {
  fc_init();
  if (ctx == NULL) return FC_ERR_ARG;
  const fc__hash_info *hi = fc__hash_info_of(alg);
  if (hi == NULL || (key == NULL && key_len)) {
    fc__burn(ctx, sizeof(*ctx));
    return FC_ERR_ARG;
  }
  uint8_t kb[FC_HASH_MAX_BLOCK];
  size_t block = hi->block;
  for (size_t i = 0; i < block; i++) kb[i] = 0;
  if (key_len > block)
    fc_hash(alg, key, key_len, kb); /* K0 = H(K) || zeros (FIPS 198-1 step 2) */
  else
    for (size_t i = 0; i < key_len; i++) kb[i] = key[i];
  for (size_t i = 0; i < block; i++) kb[i] ^= 0x36;
  fc_hash_init(&ctx->inner, alg);
  fc_hash_update(&ctx->inner, kb, block);
  for (size_t i = 0; i < block; i++) kb[i] ^= 0x36 ^ 0x5c;
  fc_hash_init(&ctx->outer, alg);
  fc_hash_update(&ctx->outer, kb, block);
  fc__burn(kb, sizeof(kb));
  return FC_OK;
}

static FC__NOINLINE fc_err hmac_update(fc_hmac_ctx *ctx, const void *msg, size_t len) {
  if (ctx == NULL) return FC_ERR_ARG;
  return fc_hash_update(&ctx->inner, msg, len);
}

static FC__NOINLINE fc_err hmac_final(fc_hmac_ctx *ctx, uint8_t *out) {
  if (ctx == NULL || out == NULL || ctx->outer.kernel == NULL) return FC_ERR_ARG;
  uint8_t d[FC_HASH_MAX_LEN];
  size_t dl = fc__hash_infos[ctx->inner.alg].len;
  fc_err rc = fc_hash_final(&ctx->inner, d);
  if (rc == FC_OK) rc = fc_hash_update(&ctx->outer, d, dl);
  if (rc == FC_OK) rc = fc_hash_final(&ctx->outer, out);
  fc__burn(d, sizeof(d));
  fc__burn(ctx, sizeof(*ctx));
  return rc;
}

/*
 * The one-shot HMAC with block a constant: no context, the kernel k called
 * four times for a message under 2 blocks - 9 (or 17) bytes: K0 ^ opad;
 * K0 ^ ipad, the message and its padding in one call (sha_oneshot.h); the
 * outer block. The K0 ^ opad call depends on nothing the inner calls
 * compute, so it comes first and the processor can overlap it with them.
 */
FC__SHA_INLINE void hmac_run(const fc__sha_kernel *k, const fc__hash_info *hi, size_t block,
                             const uint8_t *key, size_t key_len, const uint8_t *msg, size_t len,
                             uint8_t *out, uint8_t *buf, uint8_t *ob) {
  fc__sha_state si, so;
  size_t hl = hi->len, used = block;
  /* K0 (FIPS 198-1 steps 1-3) into ob: the key, or H(key), then zeros. */
  if (key_len > block) {
    fc__sha_iv(&si, hi, block);
    used = fc__sha_run(k, &si, block, buf, 0, key, key_len);
    fc__sha_state_block(ob, &si, block, hl, 0, 0);
  } else {
    fc__sha_fill(ob, key, key_len, block, 0, 0);
  }
  /* K0 ^ ipad to buf's first block, K0 ^ opad in place. */
  const fc__sha_v2 ipad = {0x3636363636363636ull, 0x3636363636363636ull};
  const fc__sha_v2 opad = {0x5c5c5c5c5c5c5c5cull, 0x5c5c5c5c5c5c5c5cull};
  for (size_t i = 0; i < block; i += 16) {
    fc__sha_v2 v;
    __builtin_memcpy(&v, ob + i, 16);
    fc__sha_v2 vi = v ^ ipad, vo = v ^ opad;
    __builtin_memcpy(buf + i, &vi, 16);
    __builtin_memcpy(ob + i, &vo, 16);
  }
  fc__sha_iv(&so, hi, block);
  k->compress(&so, ob, 1);
  fc__sha_iv(&si, hi, block);
  size_t u = fc__sha_run(k, &si, block, buf, block, msg, len);
  used = u > used ? u : used;
  /* The outer block: the inner digest, 0x80, zeros, the bit length of
     block + hl bytes. */
  fc__sha_state_block(ob, &si, block, hl, 1, (uint64_t)(block + hl) << 3);
  k->compress(&so, ob, 1);
  fc__sha_digest(out, &so, block, hl);
  fc__sha_wipe(buf, used);
  fc__sha_wipe(ob, block);
  fc__sha_wipe(&si, sizeof(si));
  fc__sha_wipe(&so, sizeof(so));
}

/* One frame per block size, each with buffers of its size: the stack
   fc_hmac burns (FC__HMAC_ONESHOT_STACK_64, _128). */
static FC__NOINLINE void hmac64(const fc__sha_kernel *k, const fc__hash_info *hi,
                                const uint8_t *key, size_t key_len, const uint8_t *msg,
                                size_t len, uint8_t *out) {
  uint8_t buf[FC__SHA_BUF_BLOCKS * 64] __attribute__((aligned(64)));
  uint8_t ob[64] __attribute__((aligned(64)));
  hmac_run(k, hi, 64, key, key_len, msg, len, out, buf, ob);
}

static FC__NOINLINE void hmac128(const fc__sha_kernel *k, const fc__hash_info *hi,
                                 const uint8_t *key, size_t key_len, const uint8_t *msg,
                                 size_t len, uint8_t *out) {
  uint8_t buf[FC__SHA_BUF_BLOCKS * 128] __attribute__((aligned(64)));
  uint8_t ob[128] __attribute__((aligned(64)));
  hmac_run(k, hi, 128, key, key_len, msg, len, out, buf, ob);
}

static FC__NOINLINE fc_err hmac(const fc__sha_kernel *k, fc_hash_alg alg, const uint8_t *key,
                                size_t key_len, const void *msg, size_t len, uint8_t *out) {
  const fc__hash_info *hi = fc__hash_info_of(alg);
  if (hi == NULL || out == NULL || (key == NULL && key_len) || (msg == NULL && len))
    return FC_ERR_ARG;
  if (k == NULL) return FC_ERR_UNSUPPORTED; /* built with FC_WITH_SHA=OFF */
  /* FIPS 180-4's limit on the key hashed and on the inner message (whose
     hash starts after the key block), as on the streaming path. */
  const uint64_t limit = ((uint64_t)1 << 61) - 1;
  if ((uint64_t)key_len > limit || (uint64_t)len > limit - hi->block) return FC_ERR_ARG;
  if (hi->block != 64 && hi->block != 128) return FC_ERR_UNSUPPORTED; /* SHA-3: hmac_sponge */
  if (hi->block == 64)
    hmac64(k, hi, key, key_len, msg, len, out);
  else
    hmac128(k, hi, key, key_len, msg, len, out);
  return FC_OK;
}

/* HKDF-Expand (RFC 5869 section 2.3) from a checked alg: okm_len bytes,
   1..255 * hl. prk is absorbed before okm is written (they may overlap);
   info is read for every block, so the caller has refused an okm that
   overlaps it. The caller's scratch (base, c, t of hl
   bytes: its own frame, so fc_hkdf's stack stays one frame) holds keyed
   state when this returns: the caller burns it. */
static void hkdf_expand_core(fc_hash_alg alg, size_t hl, const uint8_t *prk, size_t prk_len,
                             const uint8_t *info, size_t info_len, uint8_t *okm, size_t okm_len,
                             fc_hmac_ctx *base, fc_hmac_ctx *c, uint8_t *t) {
  /* T(i) = HMAC(PRK, T(i-1) || info || i), T(0) empty. */
  hmac_init(base, alg, prk, prk_len);
  size_t done = 0;
  for (uint32_t i = 1; done < okm_len; i++) {
    uint8_t ctr = (uint8_t)i;
    *c = *base;
    if (i > 1) hmac_update(c, t, hl);
    hmac_update(c, info, info_len);
    hmac_update(c, &ctr, 1);
    hmac_final(c, t);
    size_t take = okm_len - done < hl ? okm_len - done : hl;
    for (size_t j = 0; j < take; j++) okm[done + j] = t[j];
    done += take;
  }
}

static FC__NOINLINE fc_err hkdf(fc_hash_alg alg, const uint8_t *salt, size_t salt_len,
                                const uint8_t *ikm, size_t ikm_len, const uint8_t *info,
                                size_t info_len, uint8_t *okm, size_t okm_len) {
  fc_init();
  const fc__hash_info *hi = fc__hash_info_of(alg);
  if (hi == NULL || okm == NULL || okm_len == 0 || (salt == NULL && salt_len) ||
      (ikm == NULL && ikm_len) || (info == NULL && info_len) ||
      !fc__apart(okm, okm_len, info, info_len))
    return FC_ERR_ARG;
  size_t hl = hi->len;
  if (okm_len > 255 * hl) return FC_ERR_ARG;
  uint8_t zeros[FC_HASH_MAX_LEN] = {0}, prk[FC_HASH_MAX_LEN], t[FC_HASH_MAX_LEN];
  fc_hmac_ctx base, c;
  /* Extract: PRK = HMAC(salt or hLen zeros, IKM). */
  if (salt_len == 0) {
    salt = zeros;
    salt_len = hl;
  }
  hmac_init(&c, alg, salt, salt_len);
  hmac_update(&c, ikm, ikm_len);
  hmac_final(&c, prk);
  hkdf_expand_core(alg, hl, prk, hl, info, info_len, okm, okm_len, &base, &c, t);
  fc__burn(prk, sizeof(prk));
  fc__burn(t, sizeof(t));
  fc__burn(&base, sizeof(base));
  fc__burn(&c, sizeof(c));
  return FC_OK;
}

static FC__NOINLINE fc_err hkdf_expand(fc_hash_alg alg, const uint8_t *prk, size_t prk_len,
                                       const uint8_t *info, size_t info_len, uint8_t *okm,
                                       size_t okm_len) {
  fc_init();
  const fc__hash_info *hi = fc__hash_info_of(alg);
  if (hi == NULL || okm == NULL || okm_len == 0 || okm_len > 255 * (size_t)hi->len ||
      (prk == NULL && prk_len) || (info == NULL && info_len) ||
      !fc__apart(okm, okm_len, info, info_len))
    return FC_ERR_ARG;
  uint8_t t[FC_HASH_MAX_LEN];
  fc_hmac_ctx base, c;
  hkdf_expand_core(alg, hi->len, prk, prk_len, info, info_len, okm, okm_len, &base, &c, t);
  fc__burn(t, sizeof(t));
  fc__burn(&base, sizeof(base));
  fc__burn(&c, sizeof(c));
  return FC_OK;
}

/* fc_hmac for SHA-3: through a context (the sponge has no chaining value
   to start the outer hash from). */
static FC__NOINLINE fc_err hmac_sponge(fc_hash_alg alg, const uint8_t *key, size_t key_len,
                                       const void *msg, size_t len, uint8_t *out) {
  if (out == NULL || (key == NULL && key_len) || (msg == NULL && len)) return FC_ERR_ARG;
  const uint64_t limit = ((uint64_t)1 << 61) - 1;
  if ((uint64_t)key_len > limit || (uint64_t)len > limit - fc__hash_infos[alg].block)
    return FC_ERR_ARG;
  fc_hmac_ctx c;
  fc_err rc = hmac_init(&c, alg, key, key_len);
  if (rc == FC_OK) rc = hmac_update(&c, msg, len);
  if (rc == FC_OK) rc = hmac_final(&c, out);
  fc__burn(&c, sizeof(c));
  return rc;
}

/* PBKDF2 for SHA-3: each U(j+1) = HMAC(P, U(j)) from a copy of the keyed
   context. The salt is absorbed into its own copy before out is written. */
static FC__NOINLINE fc_err pbkdf2_sponge(fc_hash_alg alg, const uint8_t *pw, size_t pw_len,
                                         const uint8_t *salt, size_t salt_len,
                                         uint32_t iterations, uint8_t *out, size_t out_len) {
  size_t hl = fc__hash_infos[alg].len;
  fc_hmac_ctx keyed, salted, c;
  uint8_t t[FC_HASH_MAX_LEN], u[FC_HASH_MAX_LEN];
  hmac_init(&keyed, alg, pw, pw_len);
  salted = keyed;
  hmac_update(&salted, salt, salt_len);
  size_t done = 0;
  for (uint32_t blk = 1; done < out_len; blk++) {
    uint8_t be[4] = {(uint8_t)(blk >> 24), (uint8_t)(blk >> 16), (uint8_t)(blk >> 8),
                     (uint8_t)blk};
    c = salted;
    hmac_update(&c, be, 4);
    hmac_final(&c, u);
    for (size_t i = 0; i < hl; i++) t[i] = u[i];
    for (uint32_t j = 1; j < iterations; j++) {
      c = keyed;
      hmac_update(&c, u, hl);
      hmac_final(&c, u);
      for (size_t i = 0; i < hl; i++) t[i] ^= u[i];
    }
    size_t take = out_len - done < hl ? out_len - done : hl;
    for (size_t i = 0; i < take; i++) out[done + i] = t[i];
    done += take;
  }
  fc__burn(t, sizeof(t));
  fc__burn(u, sizeof(u));
  fc__burn(&keyed, sizeof(keyed));
  fc__burn(&salted, sizeof(salted));
  fc__burn(&c, sizeof(c));
  return FC_OK;
}

/* The chaining value of st as big-endian bytes: the first hl bytes. */
static void state_bytes(const fc_hash_ctx *st, uint8_t *out, size_t hl) {
  fc__hash_digest_out(st, out, hl);
}

static FC__NOINLINE fc_err pbkdf2(fc_hash_alg alg, const uint8_t *pw, size_t pw_len,
                                  const uint8_t *salt, size_t salt_len, uint32_t iterations,
                                  uint8_t *out, size_t out_len) {
  fc_init();
  const fc__hash_info *hi = fc__hash_info_of(alg);
  if (hi == NULL || out == NULL || out_len == 0 || iterations == 0 || (pw == NULL && pw_len) ||
      (salt == NULL && salt_len))
    return FC_ERR_ARG;
  size_t hl = hi->len, block = hi->block;
  if ((uint64_t)out_len > (uint64_t)0xffffffffu * hl) return FC_ERR_ARG;
  if (hi->op == FC_OP_KECCAK)
    return pbkdf2_sponge(alg, pw, pw_len, salt, salt_len, iterations, out, out_len);

  fc_hmac_ctx base, c;
  hmac_init(&base, alg, pw, pw_len);
  /* The iterations start from the key ^ ipad chaining value alone (kept
     as 64 bytes, not a second HMAC context: fc_pbkdf2's i686 stack bound);
     then the salt is absorbed into base once, before anything is written,
     so out may overlap pw and salt. */
  fc_hash_ctx st = base.inner; /* working chaining value; alg set so digest_out reads it */
  uint64_t ipad_h[8];
  for (size_t i = 0; i < 8; i++) ipad_h[i] = st.u.sha2.h.w64[i];
  hmac_update(&base, salt, salt_len);
  const fc__sha_kernel *k = base.inner.kernel;
  /* ib: U(j-1) || 0x80 || 0.. || bit length of (block + hl) bytes; ob: the
     inner digest, padded the same way. Both are one block. */
  uint8_t ib[FC_HASH_MAX_BLOCK], t[FC_HASH_MAX_LEN], u[FC_HASH_MAX_LEN];
  for (size_t i = 0; i < block; i++) ib[i] = 0;
  ib[hl] = 0x80;
  uint64_t bits = (uint64_t)(block + hl) * 8;
  for (int i = 0; i < 8; i++) ib[block - 1 - i] = (uint8_t)(bits >> (8 * i));
  size_t done = 0;
  for (uint32_t blk = 1; done < out_len; blk++) {
    uint8_t be[4] = {(uint8_t)(blk >> 24), (uint8_t)(blk >> 16), (uint8_t)(blk >> 8),
                     (uint8_t)blk};
    /* U1 = HMAC(P, S || INT(blk)) */
    c = base;
    hmac_update(&c, be, 4);
    hmac_final(&c, u);
    for (size_t i = 0; i < hl; i++) t[i] = u[i];
    for (uint32_t j = 1; j < iterations; j++) {
      /* U(j+1) = H(K^opad || H(K^ipad || U(j))): two compressions. */
      for (size_t i = 0; i < hl; i++) ib[i] = u[i];
      for (size_t i = 0; i < 8; i++) st.u.sha2.h.w64[i] = ipad_h[i];
      k->compress(&st.u.sha2.h, ib, 1);
      state_bytes(&st, ib, hl);
      st.u.sha2.h = base.outer.u.sha2.h;
      k->compress(&st.u.sha2.h, ib, 1);
      state_bytes(&st, u, hl);
      for (size_t i = 0; i < hl; i++) t[i] ^= u[i];
    }
    size_t take = out_len - done < hl ? out_len - done : hl;
    for (size_t i = 0; i < take; i++) out[done + i] = t[i];
    done += take;
  }
  fc__burn(ib, sizeof(ib));
  fc__burn(t, sizeof(t));
  fc__burn(u, sizeof(u));
  fc__burn(&st, sizeof(st));
  fc__burn(&base, sizeof(base));
  fc__burn(ipad_h, sizeof(ipad_h));
  fc__burn(&c, sizeof(c));
  return FC_OK;
}

/* The public calls: the work, then the burn of what it used. */
fc_err fc_hmac_init(fc_hmac_ctx *ctx, fc_hash_alg alg, const uint8_t *key, size_t key_len) {
  FC__BURNED(depth_alg(alg, FC__HMAC_KEY_STACK), hmac_init(ctx, alg, key, key_len));
}

fc_err fc_hmac_update(fc_hmac_ctx *ctx, const void *msg, size_t len) {
  FC__BURNED(depth_ctx(ctx, FC__HMAC_STEP_STACK), hmac_update(ctx, msg, len));
}

fc_err fc_hmac_final(fc_hmac_ctx *ctx, uint8_t *out) {
  FC__BURNED(depth_ctx(ctx, FC__HMAC_STEP_STACK), hmac_final(ctx, out));
}

fc_err fc_hmac(fc_hash_alg alg, const uint8_t *key, size_t key_len, const void *msg, size_t len,
               uint8_t *out) {
  const fc__hash_info *hi = fc__hash_info_of(alg);
  if (hi != NULL && hi->op == FC_OP_KECCAK) {
    fc_init();
    FC__BURNED(FC__HMAC_SPONGE_STACK + FC__HMAC_KEY_STACK + fc__hash_kernel_stack(hi),
               hmac_sponge(alg, key, key_len, msg, len, out));
  }
  const fc__sha_kernel *k = hi != NULL ? fc__sha_active(hi->op) : NULL;
  size_t depth = hi == NULL        ? 0
                 : hi->block == 64 ? FC__HMAC_ONESHOT_STACK_64
                                   : FC__HMAC_ONESHOT_STACK_128;
  if (k != NULL) depth += k->stack;
  FC__BURNED(depth, hmac(k, alg, key, key_len, msg, len, out));
}

fc_err fc_hkdf(fc_hash_alg alg, const uint8_t *salt, size_t salt_len, const uint8_t *ikm,
               size_t ikm_len, const uint8_t *info, size_t info_len, uint8_t *okm, size_t okm_len) {
  FC__BURNED(depth_alg(alg, FC__HKDF_LAYER_STACK),
             hkdf(alg, salt, salt_len, ikm, ikm_len, info, info_len, okm, okm_len));
}

fc_err fc_hkdf_expand(fc_hash_alg alg, const uint8_t *prk, size_t prk_len, const uint8_t *info,
                      size_t info_len, uint8_t *okm, size_t okm_len) {
  FC__BURNED(depth_alg(alg, FC__HKDF_LAYER_STACK),
             hkdf_expand(alg, prk, prk_len, info, info_len, okm, okm_len));
}

fc_err fc_pbkdf2(fc_hash_alg alg, const uint8_t *pw, size_t pw_len, const uint8_t *salt,
                 size_t salt_len, uint32_t iterations, uint8_t *out, size_t out_len) {
  const fc__hash_info *hi = fc__hash_info_of(alg);
  size_t layer = hi != NULL && hi->op == FC_OP_KECCAK
                     ? FC__PBKDF2_LAYER_STACK + FC__PBKDF2_SPONGE_STACK
                     : FC__PBKDF2_LAYER_STACK;
  FC__BURNED(depth_alg(alg, layer),
             pbkdf2(alg, pw, pw_len, salt, salt_len, iterations, out, out_len));
}
