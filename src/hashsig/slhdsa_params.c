/*
 * SLH-DSA parameter sets (FIPS 205 Table 2): the six shapes, each with
 * SHA2 (section 11.2) and SHAKE (section 11.1). lg w = 4 for all, so
 * len = 2n + 3; m = ceil(k a / 8) + ceil((h - h') / 8) + ceil(h' / 8).
 */
#include "hashsig/hashsig_internal.h"

#define SLH(id, shake, n, h, d, a, k, m, sig) \
  {(id), (shake), (n), (h), (d), (h) / (d), (a), (k), (m), 2 * (n) + 3, (sig)}

static const fc__slhdsa_params params[12] = {
    SLH(FC_SLH_DSA_SHA2_128S, 0, 16, 63, 7, 12, 14, 30, FC_SLHDSA_128S_SIG_LEN),
    SLH(FC_SLH_DSA_SHA2_128F, 0, 16, 66, 22, 6, 33, 34, FC_SLHDSA_128F_SIG_LEN),
    SLH(FC_SLH_DSA_SHA2_192S, 0, 24, 63, 7, 14, 17, 39, FC_SLHDSA_192S_SIG_LEN),
    SLH(FC_SLH_DSA_SHA2_192F, 0, 24, 66, 22, 8, 33, 42, FC_SLHDSA_192F_SIG_LEN),
    SLH(FC_SLH_DSA_SHA2_256S, 0, 32, 64, 8, 14, 22, 47, FC_SLHDSA_256S_SIG_LEN),
    SLH(FC_SLH_DSA_SHA2_256F, 0, 32, 68, 17, 9, 35, 49, FC_SLHDSA_256F_SIG_LEN),
    SLH(FC_SLH_DSA_SHAKE_128S, 1, 16, 63, 7, 12, 14, 30, FC_SLHDSA_128S_SIG_LEN),
    SLH(FC_SLH_DSA_SHAKE_128F, 1, 16, 66, 22, 6, 33, 34, FC_SLHDSA_128F_SIG_LEN),
    SLH(FC_SLH_DSA_SHAKE_192S, 1, 24, 63, 7, 14, 17, 39, FC_SLHDSA_192S_SIG_LEN),
    SLH(FC_SLH_DSA_SHAKE_192F, 1, 24, 66, 22, 8, 33, 42, FC_SLHDSA_192F_SIG_LEN),
    SLH(FC_SLH_DSA_SHAKE_256S, 1, 32, 64, 8, 14, 22, 47, FC_SLHDSA_256S_SIG_LEN),
    SLH(FC_SLH_DSA_SHAKE_256F, 1, 32, 68, 17, 9, 35, 49, FC_SLHDSA_256F_SIG_LEN),
};

const fc__slhdsa_params *fc__slhdsa_params_of(fc_slhdsa_param id) {
  if ((int)id < FC_SLH_DSA_SHA2_128S || (int)id > FC_SLH_DSA_SHAKE_256F) return NULL;
  return &params[(int)id - FC_SLH_DSA_SHA2_128S];
}

size_t fc_slhdsa_pk_len(fc_slhdsa_param param) {
  const fc__slhdsa_params *P = fc__slhdsa_params_of(param);
  return P ? 2u * P->n : 0;
}

size_t fc_slhdsa_sig_len(fc_slhdsa_param param) {
  const fc__slhdsa_params *P = fc__slhdsa_params_of(param);
  return P ? P->sig_len : 0;
}
