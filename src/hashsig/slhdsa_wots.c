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
   n-byte msg; a: layer, tree and keypair set, type WOTS_HASH. */
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

  fc__slh_adrs pka = *a;
  fc__slh_adrs_type(&pka, FC__SLH_WOTS_PK);
  pka.w1 = a->w1;
  fc__slh_thash t;
  fc__slh_thash_begin(c, &t, 1, &pka);
  for (unsigned i = 0; i < P->len; i++) {
    uint8_t tmp[FC__SLH_N_MAX];
    memcpy(tmp, sig + (size_t)i * P->n, P->n);
    a->w2 = i; /* chain */
    for (uint32_t j = d[i]; j < FC__SLH_W - 1; j++) {
      a->w3 = j; /* hash */
      fc__slh_f(c, a, tmp, tmp);
    }
    fc__slh_thash_absorb(&t, tmp, P->n);
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
