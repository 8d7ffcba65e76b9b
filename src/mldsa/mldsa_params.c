/* The three parameter sets of FIPS 204 Table 1 and their lengths (Table 2). */
#include "mldsa/mldsa_internal.h"

#define GAMMA2_88 ((FC__MLDSA_Q - 1) / 88)
#define GAMMA2_32 ((FC__MLDSA_Q - 1) / 32)

/* id, k, l, tau, |c~|, gamma1, z bits, gamma2, w1 bits, beta, omega, pk, sig */
static const fc__mldsa_params params[3] = {
    {FC_ML_DSA_44, 4, 4, 39, 32, 1 << 17, 18, GAMMA2_88, 6, 78, 80, FC_MLDSA44_PK_LEN,
     FC_MLDSA44_SIG_LEN},
    {FC_ML_DSA_65, 6, 5, 49, 48, 1 << 19, 20, GAMMA2_32, 4, 196, 55, FC_MLDSA65_PK_LEN,
     FC_MLDSA65_SIG_LEN},
    {FC_ML_DSA_87, 8, 7, 60, 64, 1 << 19, 20, GAMMA2_32, 4, 120, 75, FC_MLDSA87_PK_LEN,
     FC_MLDSA87_SIG_LEN},
};

const fc__mldsa_params *fc__mldsa_params_of(fc_mldsa_param id) {
  return (unsigned)id >= FC_ML_DSA_44 && (unsigned)id <= FC_ML_DSA_87 ? &params[id - 1] : NULL;
}

size_t fc_mldsa_pk_len(fc_mldsa_param param) {
  const fc__mldsa_params *P = fc__mldsa_params_of(param);
  return P ? P->pk_len : 0;
}

size_t fc_mldsa_sig_len(fc_mldsa_param param) {
  const fc__mldsa_params *P = fc__mldsa_params_of(param);
  return P ? P->sig_len : 0;
}
