/*
 * XMSS's hash functions and WOTS+ (RFC 8391 sections 3.1 and 4.1, SP 800-208
 * section 5): PRF, F, H over toByte(x, pad) || KEY || M, the WOTS+ public key
 * from a signature (Algorithm 6) and the L-tree that compresses it
 * (Algorithm 8). Public data only: variable time, nothing wiped.
 *
 *   PRF(KEY, M)  = Hash(toByte(3, pad) || KEY || M)     KEY = SEED, M = ADRS (32)
 *   F(KEY, M)    = Hash(toByte(0, pad) || KEY || M)
 *   H(KEY, M)    = Hash(toByte(1, pad) || KEY || M)
 * Hash: SHA-256 (n = 32), its first 24 bytes (n = 24, SP 800-208 5.1),
 * SHAKE128 with 32 output bytes (RFC 8391 5.1), SHAKE256 with n output
 * bytes (SP 800-208 5.3, 5.4). pad = n, except 4 at n = 24 (SP 800-208).
 *
 * The WOTS+ chains run layer by layer: at step s every chain still running
 * (its digit <= s) takes its step s, eight chains at a time, their PRF and
 * F calls as batches of independent hashes (hashsig_x.c: the multi-stream
 * SHA-256 op sha256_x, or keccak_x for SHAKE). RAND_HASH (L-tree, tree)
 * goes one call at a time through the hash API.
 * Stack: the len * n chain values (at most 67 * 32 = 2144 bytes), one
 * batch's lane buffers (8 x 128 bytes) and PRF outputs, a few hash contexts.
 */
#include "hashsig/hashsig_internal.h"

static void put32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

typedef union hstate {
  fc_hash_ctx sha;
  fc_xof_ctx xof;
} hstate;

static void h_absorb(fc__xmss_ctx *c, hstate *s, const uint8_t *p, size_t len) {
  if (!c->ok) return;
  fc_err rc = c->P->hash == FC__XMSS_SHA2 ? fc_hash_update(&s->sha, p, len)
                                          : fc_xof_absorb(&s->xof, p, len);
  c->ok = rc == FC_OK;
}

/* Starts Hash(toByte(x, pad) || ...). */
static void h_begin(fc__xmss_ctx *c, hstate *s, uint8_t x) {
  uint8_t head[32] = {0};
  if (!c->ok) return;
  const fc__xmss_param *P = c->P;
  fc_err rc = P->hash == FC__XMSS_SHA2 ? fc_hash_init(&s->sha, FC_SHA256)
                                       : fc_xof_init(&s->xof, P->hash == FC__XMSS_SHAKE128
                                                                  ? FC_SHAKE128
                                                                  : FC_SHAKE256);
  c->ok = rc == FC_OK;
  head[P->pad - 1] = x;
  h_absorb(c, s, head, P->pad);
}

/* n bytes into out (out may alias what was absorbed). */
static void h_end(fc__xmss_ctx *c, hstate *s, uint8_t *out) {
  if (!c->ok) {
    memset(out, 0, c->P->n);
    return;
  }
  if (c->P->hash == FC__XMSS_SHA2) {
    uint8_t d[32];
    c->ok = fc_hash_final(&s->sha, d) == FC_OK;
    memcpy(out, d, c->P->n); /* SHA-256/192: the first 24 bytes */
  } else {
    c->ok = fc_xof_squeeze(&s->xof, out, c->P->n) == FC_OK;
    fc_xof_clear(&s->xof);
  }
}

void fc__xmss_ctx_init(fc__xmss_ctx *c, const fc__xmss_param *P, const uint8_t *seed) {
  c->P = P;
  c->seed = seed;
  c->ok = 1;
  int shake = P->hash == FC__XMSS_SHA2 ? 0 : P->hash == FC__XMSS_SHAKE256 ? 1 : 2;
  uint8_t block[64] = {0};
  const uint8_t *prefix = NULL;
  if (P->hash == FC__XMSS_SHA2 && P->n == 32) { /* toByte(3, 32) || SEED: one block */
    block[31] = 3;
    memcpy(block + 32, seed, 32);
    prefix = block;
  }
  if (!fc__hs_x_init(&c->xf, shake, P->n, NULL) || !fc__hs_x_init(&c->xp, shake, P->n, prefix))
    c->ok = 0;
}

/* The PRF message toByte(3, pad) || SEED || ADRS (keyAndMask kam) at b, or
   only ADRS where xp's state holds the rest (SHA-256, n = 32); its length. */
static size_t prf_msg(const fc__xmss_ctx *c, const fc__xmss_adrs *a, uint32_t kam, uint8_t *b) {
  const fc__xmss_param *P = c->P;
  size_t at = 0;
  if (c->xp.prefix == 0) {
    memset(b, 0, P->pad);
    b[P->pad - 1] = 3;
    memcpy(b + P->pad, c->seed, P->n);
    at = (size_t)P->pad + P->n;
  }
  for (unsigned i = 0; i < 7; i++) put32(b + at + 4 * i, a->w[i]);
  put32(b + at + 28, kam);
  return at + 32;
}

/* The three PRF calls of a RAND_HASH as one batch: KEY, BM_0, BM_1. */
__attribute__((noinline)) static void prf3(fc__xmss_ctx *c, const fc__xmss_adrs *a,
                                           uint8_t *key, uint8_t *bm) {
  uint64_t bufs[3][25]; /* a Keccak state, or room for two SHA-256 blocks */
  uint8_t *in[3] = {(uint8_t *)bufs[0], (uint8_t *)bufs[1], (uint8_t *)bufs[2]};
  uint8_t *out[3] = {key, bm, bm + c->P->n};
  size_t len = 0;
  for (uint32_t kam = 0; kam < 3; kam++) len = prf_msg(c, a, kam, in[kam]);
  fc__hs_x_hash(&c->xp, in, len, 3, out);
}

void fc__xmss_rand_hash(fc__xmss_ctx *c, const fc__xmss_adrs *a, const uint8_t *l,
                        const uint8_t *r, uint8_t *out) {
  const unsigned n = c->P->n & 63; /* 24 or 32: the mask tells the compiler */
  uint8_t key[FC__XMSS_N_MAX], bm[2 * FC__XMSS_N_MAX];
  prf3(c, a, key, bm);
  for (unsigned i = 0; i < n; i++) {
    bm[i] ^= l[i];
    bm[n + i] ^= r[i];
  }
  hstate s;
  h_begin(c, &s, 1);
  h_absorb(c, &s, key, n);
  h_absorb(c, &s, bm, 2 * n);
  h_end(c, &s, out);
}

/*
 * Step s of every chain i with digit[i] <= s (RFC 8391 Algorithm 2, one
 * iteration), FC__XMSS_BATCH chains at a time: their PRF keys and masks as
 * one or two batches of independent hashes, then their F calls as one.
 * The chains are independent; pk holds len values of n bytes.
 */
#define FC__XMSS_BATCH 8
/* bufs: FC__XMSS_BATCH lane buffers of stride bytes (128 for SHA-256's two
   blocks, a 200-byte Keccak state for SHAKE: chain_round). */
static inline void chain_round_in(fc__xmss_ctx *c, const fc__xmss_adrs *tmpl, uint32_t s,
                                  const uint8_t *digit, uint8_t *pk, uint8_t *bufs,
                                  size_t stride) {
  const fc__xmss_param *P = c->P;
  const unsigned n = P->n, pad = P->pad, len = P->len;
  /* SHA-256 at n = 32: the PRF's toByte(3, 32) || SEED is in xp's state,
     each PRF message is the 32-byte address (one block in 64 bytes: key and
     mask messages share a lane buffer). Otherwise a PRF message is
     toByte(3, pad) || SEED || ADRS (60 to 96 bytes). */
  const int short_prf = c->xp.prefix != 0;
  const size_t prf_len = short_prf ? 32 : (size_t)pad + n + 32, f_len = (size_t)pad + 2u * n;
  uint8_t km[FC__XMSS_BATCH][2][FC__XMSS_N_MAX]; /* PRF outputs: KEY, BM */
  uint8_t *in[2 * FC__XMSS_BATCH], *out[2 * FC__XMSS_BATCH];
  unsigned which[FC__XMSS_BATCH];
  fc__xmss_adrs a = *tmpl;
  a.w[6] = s;
  for (unsigned i = 0; i < len;) {
    unsigned m = 0;
    for (; i < len && m < FC__XMSS_BATCH; i++)
      if (digit[i] <= s) which[m++] = i;
    if (m == 0) break;
    for (unsigned kam = 0; kam < 2; kam++) {
      for (unsigned t = 0; t < m; t++) {
        uint8_t *b = bufs + t * stride + (short_prf ? 64 * kam : 0);
        a.w[5] = which[t];
        (void)prf_msg(c, &a, kam, b);
        in[short_prf ? 2 * t + kam : t] = b;
        out[short_prf ? 2 * t + kam : t] = km[t][kam];
      }
      if (!short_prf) fc__hs_x_hash(&c->xp, in, prf_len, m, out);
    }
    if (short_prf) fc__hs_x_hash(&c->xp, in, prf_len, 2 * m, out);
    /* F: toByte(0, pad) || KEY || (node ^ BM) */
    for (unsigned t = 0; t < m; t++) {
      uint8_t *b = bufs + t * stride, *node = pk + (size_t)which[t] * n;
      memset(b, 0, pad);
      memcpy(b + pad, km[t][0], n);
      for (unsigned j = 0; j < n; j++) b[pad + n + j] = (uint8_t)(node[j] ^ km[t][1][j]);
      in[t] = b;
      out[t] = node;
    }
    fc__hs_x_hash(&c->xf, in, f_len, m, out);
  }
}

/* Each path's lane buffers in its own frame. */
__attribute__((noinline)) static void chain_round_sha(fc__xmss_ctx *c,
                                                      const fc__xmss_adrs *tmpl, uint32_t s,
                                                      const uint8_t *digit, uint8_t *pk) {
  uint8_t bufs[FC__XMSS_BATCH * 128];
  chain_round_in(c, tmpl, s, digit, pk, bufs, 128);
}
__attribute__((noinline)) static void chain_round_shake(fc__xmss_ctx *c,
                                                        const fc__xmss_adrs *tmpl, uint32_t s,
                                                        const uint8_t *digit, uint8_t *pk) {
  uint64_t bufs[FC__XMSS_BATCH * 25];
  chain_round_in(c, tmpl, s, digit, pk, (uint8_t *)bufs, FC__HS_X_STATE);
}
static void chain_round(fc__xmss_ctx *c, const fc__xmss_adrs *tmpl, uint32_t s,
                        const uint8_t *digit, uint8_t *pk) {
  if (c->P->hash == FC__XMSS_SHA2)
    chain_round_sha(c, tmpl, s, digit, pk);
  else
    chain_round_shake(c, tmpl, s, digit, pk);
}

/*
 * One level of the L-tree (Algorithm 8, the inner loop): pairs nodes
 * (2i, 2i + 1) hashed into node i, i < pairs, with the tree index i in a
 * (tree height already set). The pairs are independent; in place, node i
 * is written after nodes 2i and 2i + 1 are read.
 */
static void xmss_ltree_level(fc__xmss_ctx *c, fc__xmss_adrs *a, unsigned pairs, uint8_t *buf) {
  const unsigned n = c->P->n;
  for (unsigned i = 0; i < pairs; i++) {
    a->w[6] = i;
    fc__xmss_rand_hash(c, a, buf + 2 * i * n, buf + (2 * i + 1) * n, buf + i * n);
  }
}

void fc__xmss_leaf(fc__xmss_ctx *c, uint32_t layer, uint64_t tree, uint32_t idx,
                   const uint8_t *M, const uint8_t *sig_ots, uint8_t *out) {
  const fc__xmss_param *P = c->P;
  const unsigned n = P->n, len = P->len, len1 = 2u * n;
  uint8_t pk[FC__XMSS_LEN_MAX * FC__XMSS_N_MAX];
  uint8_t digit[FC__XMSS_LEN_MAX];

  /* base_w(M, 16, len_1) and the checksum (Algorithm 6 steps 1 to 6):
     csum = sum (w - 1 - digit) <= 64 * 15 = 960 < 2^12, shifted left by
     8 - (len_2 * lg w) % 8 = 4 and written as len_2 = 3 base-w digits. */
  unsigned csum = 0;
  for (unsigned i = 0; i < n; i++) {
    digit[2 * i] = (uint8_t)(M[i] >> 4);
    digit[2 * i + 1] = (uint8_t)(M[i] & 15);
    csum += 30u - digit[2 * i] - digit[2 * i + 1];
  }
  csum <<= 4;
  digit[len1] = (uint8_t)(csum >> 12 & 15);
  digit[len1 + 1] = (uint8_t)(csum >> 8 & 15);
  digit[len1 + 2] = (uint8_t)(csum >> 4 & 15);

  /* Chain i starts at digit[i] and ends at w - 1: step s runs on every
     chain with digit <= s. */
  memcpy(pk, sig_ots, (size_t)len * n);
  fc__xmss_adrs a = {{layer, (uint32_t)(tree >> 32), (uint32_t)tree, 0, idx, 0, 0, 0}};
  for (unsigned s = 0; s + 1 < FC__XMSS_W; s++) chain_round(c, &a, s, digit, pk);

  /* L-tree (Algorithm 8): type 1, L-tree address idx. An odd last node
     moves up unchanged. */
  fc__xmss_adrs l = {{layer, (uint32_t)(tree >> 32), (uint32_t)tree, 1, idx, 0, 0, 0}};
  for (unsigned m = len; m > 1; m = (m + 1) / 2, l.w[5]++) {
    xmss_ltree_level(c, &l, m / 2, pk);
    if (m & 1) memmove(pk + (size_t)(m / 2) * n, pk + (size_t)(m - 1) * n, n);
  }
  memcpy(out, pk, n);
}
