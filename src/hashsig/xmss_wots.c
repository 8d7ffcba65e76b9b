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
 * (its digit <= s) takes its step s, all through xmss_chain_step, the only
 * place a chain step is hashed; a multi-stream hash can replace its body.
 * Stack: the len * n chain values (at most 67 * 32 = 2144 bytes) and their
 * indices, a few hash contexts.
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
  if (P->hash == FC__XMSS_SHA2 && P->n == 32) {
    hstate s;
    h_begin(c, &s, 3);
    h_absorb(c, &s, seed, 32);
    c->prf = s.sha; /* exactly one block absorbed: the state clones cheaply */
  }
}

/* PRF(SEED, a with keyAndMask kam): n bytes into out. */
static void prf(fc__xmss_ctx *c, const fc__xmss_adrs *a, uint32_t kam, uint8_t *out) {
  uint8_t ab[32];
  for (unsigned i = 0; i < 7; i++) put32(ab + 4 * i, a->w[i]);
  put32(ab + 28, kam);
  hstate s;
  if (c->P->hash == FC__XMSS_SHA2 && c->P->n == 32) {
    s.sha = c->prf;
  } else {
    h_begin(c, &s, 3);
    h_absorb(c, &s, c->seed, c->P->n);
  }
  h_absorb(c, &s, ab, sizeof ab);
  h_end(c, &s, out);
}

/* F (RFC 8391 Algorithm 2's step): out = F(KEY, in ^ BM); in, out n bytes,
   may alias. */
static void f_hash(fc__xmss_ctx *c, const fc__xmss_adrs *a, const uint8_t *in, uint8_t *out) {
  const unsigned n = c->P->n;
  uint8_t key[FC__XMSS_N_MAX], bm[FC__XMSS_N_MAX];
  prf(c, a, 0, key);
  prf(c, a, 1, bm);
  for (unsigned i = 0; i < n; i++) bm[i] ^= in[i];
  hstate s;
  h_begin(c, &s, 0);
  h_absorb(c, &s, key, n);
  h_absorb(c, &s, bm, n);
  h_end(c, &s, out);
}

void fc__xmss_rand_hash(fc__xmss_ctx *c, const fc__xmss_adrs *a, const uint8_t *l,
                        const uint8_t *r, uint8_t *out) {
  const unsigned n = c->P->n;
  uint8_t key[FC__XMSS_N_MAX], bm[2 * FC__XMSS_N_MAX];
  prf(c, a, 0, key);
  prf(c, a, 1, bm);
  prf(c, a, 2, bm + n);
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
 * One step of count WOTS+ chains (RFC 8391 Algorithm 2, one iteration):
 * nodes[i] = F with the address tmpl, chain address chain_idx[i] and hash
 * address hash_idx[i]. The chains are independent: a multi-stream hash may
 * compute them in any order. count <= FC__XMSS_LEN_MAX; each nodes[i] has
 * n bytes, no two alias.
 */
static void xmss_chain_step(fc__xmss_ctx *c, const fc__xmss_adrs *tmpl, unsigned count,
                            const uint32_t *chain_idx, const uint32_t *hash_idx,
                            uint8_t *const *nodes) {
  fc__xmss_adrs a = *tmpl;
  for (unsigned i = 0; i < count; i++) {
    a.w[5] = chain_idx[i];
    a.w[6] = hash_idx[i];
    f_hash(c, &a, nodes[i], nodes[i]);
  }
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
  uint32_t chain_idx[FC__XMSS_LEN_MAX], hash_idx[FC__XMSS_LEN_MAX];
  uint8_t *nodes[FC__XMSS_LEN_MAX];
  for (unsigned s = 0; s + 1 < FC__XMSS_W; s++) {
    unsigned count = 0;
    for (unsigned i = 0; i < len; i++)
      if (digit[i] <= s) {
        chain_idx[count] = i;
        hash_idx[count] = s;
        nodes[count] = pk + (size_t)i * n;
        count++;
      }
    if (count) xmss_chain_step(c, &a, count, chain_idx, hash_idx, nodes);
  }

  /* L-tree (Algorithm 8): type 1, L-tree address idx. An odd last node
     moves up unchanged. */
  fc__xmss_adrs l = {{layer, (uint32_t)(tree >> 32), (uint32_t)tree, 1, idx, 0, 0, 0}};
  for (unsigned m = len; m > 1; m = (m + 1) / 2, l.w[5]++) {
    xmss_ltree_level(c, &l, m / 2, pk);
    if (m & 1) memmove(pk + (size_t)(m / 2) * n, pk + (size_t)(m - 1) * n, n);
  }
  memcpy(out, pk, n);
}
