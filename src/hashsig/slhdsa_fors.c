/*
 * SLH-DSA's FORS, verification side (FIPS 205 Algorithm 17): each of the
 * k tree roots from its secret value and authentication path, and the
 * FORS public key T_k over them. The roots go straight into T_k as they
 * are computed: no array of k roots is kept.
 */
#include "hashsig/hashsig_internal.h"

void fc__slh_fors_pk(const fc__slh_hash *c, const uint8_t *sig_fors, const uint8_t *md,
                     fc__slh_adrs *a, uint8_t *pk_fors) {
  const fc__slhdsa_params *P = c->P;
  uint16_t idx[64];
  fc__slh_base_2b(md, P->a, P->k, idx);

  fc__slh_adrs ra = *a;
  fc__slh_adrs_type(&ra, FC__SLH_FORS_ROOTS);
  ra.w1 = a->w1; /* keypair */
  fc__slh_thash t;
  fc__slh_thash_begin(c, &t, 1, &ra);

  const uint8_t *p = sig_fors;
  for (unsigned i = 0; i < P->k; i++) {
    uint8_t node[FC__SLH_N_MAX];
    a->w2 = 0; /* tree height */
    a->w3 = (i << P->a) + idx[i];
    fc__slh_f(c, a, p, node);
    p += P->n;
    for (unsigned j = 0; j < P->a; j++, p += P->n) {
      a->w2 = j + 1;
      if (((idx[i] >> j) & 1) == 0) {
        a->w3 /= 2;
        fc__slh_h(c, a, node, p, node);
      } else {
        a->w3 = (a->w3 - 1) / 2;
        fc__slh_h(c, a, p, node, node);
      }
    }
    fc__slh_thash_absorb(&t, node, P->n);
  }
  fc__slh_thash_end(&t, pk_fors);
}
