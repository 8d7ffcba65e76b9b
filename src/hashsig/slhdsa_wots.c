/*
 * SLH-DSA's WOTS+ and hypertree, verification side (FIPS 205 Algorithms
 * 4, 8, 11 and 13): a WOTS+ public key from a signature, an XMSS root from
 * it and the authentication path, and the d layers up to PK.root. The
 * chain ends go straight into T_len as they are computed: no array of
 * len nodes is kept.
 */
#include "hashsig/hashsig_internal.h"

void fc__slh_base_2b(const uint8_t *x, unsigned b, unsigned out_len, uint16_t *out) {
  uint32_t total = 0;
  unsigned bits = 0;
  for (unsigned i = 0; i < out_len; i++) {
    while (bits < b) {
      total = (total << 8) | *x++;
      bits += 8;
    }
    bits -= b;
    out[i] = (uint16_t)((total >> bits) & ((1u << b) - 1));
    total &= (1u << bits) - 1;
  }
}

/* Algorithm 8: the WOTS+ public key from sig (len * n bytes) over the
   n-byte msg; a: layer, tree and keypair set, type WOTS_HASH. The len
   chains run side by side (fc__hs_chains_run), their ends then go into
   T_len in order. */
static void wots_pk(const fc__slh_hash *c, const uint8_t *sig, const uint8_t *msg,
                    fc__slh_adrs *a, uint8_t *pk) {
  const fc__slhdsa_params *P = c->P;
  uint16_t d[FC__SLH_LEN_MAX];
  unsigned len1 = 2u * P->n;
  fc__slh_base_2b(msg, 4, len1, d);
  uint32_t csum = 0;
  for (unsigned i = 0; i < len1; i++) csum += FC__SLH_W - 1 - d[i];
  csum <<= 4; /* (8 - (len2 lg w) mod 8) mod 8 = 4 */
  uint8_t cb[2] = {(uint8_t)(csum >> 8), (uint8_t)csum};
  fc__slh_base_2b(cb, 4, 3, d + len1);

  /* PK.seed (SHAKE) || the address with chain and hash fields to fill:
     SHAKE's 32-byte ADRS has them at 24 and 28, SHA2's ADRSc at 14, 18. */
  uint8_t tmpl[FC__SLH_N_MAX + 32];
  size_t pre = P->shake ? P->n : 0;
  memcpy(tmpl, c->seed, pre);
  size_t al = fc__slh_adrs_bytes(P, a, tmpl + pre);
  fc__hs_chains ch = {&c->x, tmpl, (uint8_t)(pre + al), (uint8_t)(pre + al - 8), 4,
                      (uint8_t)(pre + al - 4), 4};
  fc__slh_adrs pka = *a;
  fc__slh_adrs_type(&pka, FC__SLH_WOTS_PK);
  pka.w1 = a->w1;
  fc__slh_thash t;
  fc__slh_thash_begin(c, &t, 1, &pka);
  /* one group at n = 16 (35 chains), two at n = 24, 32 (51, 67) */
  unsigned groups = (P->len + FC__HS_CHAINS_MAX - 1) / FC__HS_CHAINS_MAX;
  uint8_t vals[FC__HS_CHAINS_MAX * FC__SLH_N_MAX];
  for (unsigned g = 0, i0 = 0; g < groups; g++) {
    unsigned cnt = (P->len - i0 + (groups - g) - 1) / (groups - g);
    memcpy(vals, sig + (size_t)i0 * P->n, (size_t)cnt * P->n);
    fc__hs_chains_run(&ch, i0, d + i0, FC__SLH_W - 1, cnt, vals);
    fc__slh_thash_absorb(&t, vals, (size_t)cnt * P->n);
    i0 += cnt;
  }
  fc__slh_thash_end(&t, pk);
}

/* Algorithm 11: the XMSS root from an XMSS signature (WOTS+ signature ||
   h' auth nodes) over msg at leaf idx; a: layer and tree set. */
static void xmss_root(const fc__slh_hash *c, uint32_t idx, const uint8_t *sig,
                      const uint8_t *msg, fc__slh_adrs *a, uint8_t *node) {
  const fc__slhdsa_params *P = c->P;
  fc__slh_adrs_type(a, FC__SLH_WOTS_HASH);
  a->w1 = idx;
  wots_pk(c, sig, msg, a, node);
  const uint8_t *auth = sig + (size_t)P->len * P->n;
  fc__slh_adrs_type(a, FC__SLH_TREE);
  a->w3 = idx;
  for (unsigned k = 0; k < P->hp; k++, auth += P->n) {
    a->w2 = k + 1; /* tree height */
    if (((idx >> k) & 1) == 0) {
      a->w3 /= 2;
      fc__slh_h(c, a, node, auth, node);
    } else {
      a->w3 = (a->w3 - 1) / 2;
      fc__slh_h(c, a, auth, node, node);
    }
  }
}

int fc__slh_ht_verify(const fc__slh_hash *c, const uint8_t *msg, const uint8_t *sig_ht,
                      uint64_t idx_tree, uint32_t idx_leaf, const uint8_t *pk_root) {
  const fc__slhdsa_params *P = c->P;
  size_t xmss_len = ((size_t)P->len + P->hp) * P->n;
  uint8_t node[FC__SLH_N_MAX];
  fc__slh_adrs a = {0, idx_tree, 0, 0, 0, 0};
  xmss_root(c, idx_leaf, sig_ht, msg, &a, node);
  for (unsigned j = 1; j < P->d; j++) {
    idx_leaf = (uint32_t)(idx_tree & ((1u << P->hp) - 1));
    idx_tree >>= P->hp;
    fc__slh_adrs aj = {j, idx_tree, 0, 0, 0, 0};
    xmss_root(c, idx_leaf, sig_ht + j * xmss_len, node, &aj, node);
  }
  return memcmp(node, pk_root, P->n) == 0;
}
