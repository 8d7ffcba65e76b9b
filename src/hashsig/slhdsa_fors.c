/*
 * SLH-DSA's FORS, verification side (FIPS 205 Algorithm 17): each of the
 * k tree roots from its secret value and authentication path, and the
 * FORS public key T_k over them. The k trees are climbed side by side, one
 * batch of hashes per level.
 */
#include "hashsig/hashsig_internal.h"

void fc__slh_fors_pk(const fc__slh_hash *c, const uint8_t *sig_fors, const uint8_t *md,
                     fc__slh_adrs *a, uint8_t *pk_fors) {
  const fc__slhdsa_params *P = c->P;
  const unsigned k = P->k, n = P->n, stride = (P->a + 1u) * n;
  uint16_t idx[FC__SLH_K_MAX];
  fc__slh_base_2b(md, P->a, k, idx);

  /* The k trees level by level: their leaves, then each level's k nodes,
     a lane group of trees per batch. */
  uint8_t node[FC__SLH_K_MAX * FC__SLH_N_MAX];
  uint32_t w3[FC__HS_X_LANES_MAX];
  const uint8_t *in1[FC__HS_X_LANES_MAX], *in2[FC__HS_X_LANES_MAX];
  uint8_t *out[FC__HS_X_LANES_MAX];
  for (unsigned j = 0; j <= P->a; j++) {
    a->w2 = j; /* tree height */
    for (unsigned i0 = 0; i0 < k; i0 += FC__HS_X_LANES_MAX) {
      unsigned m = k - i0 < FC__HS_X_LANES_MAX ? k - i0 : FC__HS_X_LANES_MAX;
      for (unsigned t = 0; t < m; t++) {
        unsigned i = i0 + t;
        const uint8_t *s = sig_fors + (size_t)i * stride + (size_t)j * n;
        /* the node's index at height j: (i 2^a + idx) >> j */
        w3[t] = ((i << P->a) + idx[i]) >> j;
        out[t] = node + (size_t)i * n;
        if (j == 0) {
          in1[t] = s; /* the revealed leaf value */
        } else {
          int right = (idx[i] >> (j - 1)) & 1;
          in1[t] = right ? s : out[t];
          in2[t] = right ? out[t] : s;
        }
      }
      if (j == 0)
        fc__slh_f_x(c, a, w3, in1, out, m);
      else
        fc__slh_h_x(c, a, w3, in1, in2, out, m);
    }
  }

  fc__slh_adrs ra = *a;
  fc__slh_adrs_type(&ra, FC__SLH_FORS_ROOTS);
  ra.w1 = a->w1; /* keypair */
  fc__slh_thash t;
  fc__slh_thash_begin(c, &t, 1, &ra);
  fc__slh_thash_absorb(&t, node, (size_t)k * n);
  fc__slh_thash_end(&t, pk_fors);
}
