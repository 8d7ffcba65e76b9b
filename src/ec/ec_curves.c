/*
 * P-256 and P-384 (SP 800-186 sections 3.2.1.3 and 3.2.1.4): the constants
 * and base-point tables of src/ec/ec_tables.h in the form the kernels take.
 * FC_EC_SMALL_TABLE (CMake option of the same name, for firmware): 4
 * entries per curve instead of 32 (wNAF width 4 instead of 7 over G):
 * 640 bytes of tables instead of 5,120, for a slower verification
 * (docs/ec.md).
 */
#include "ec/ec_internal.h"
#include "ec/ec_tables.h"

#if defined(FC_EC_SMALL_TABLE)
#define GLEN 4
#else
#define GLEN FC__EC_GTABLE_FULL
#endif

static const uint64_t p256_g[GLEN][2][4] = {
    FC__EC_P256_GTABLE_LO,
#if !defined(FC_EC_SMALL_TABLE)
    FC__EC_P256_GTABLE_HI,
#endif
};
static const uint64_t p384_g[GLEN][2][6] = {
    FC__EC_P384_GTABLE_LO,
#if !defined(FC_EC_SMALL_TABLE)
    FC__EC_P384_GTABLE_HI,
#endif
};

static const fc__ec_curve p256 = {
    FC_P256, 256, 32, 4,
    FC__EC_P256_P, FC__EC_P256_N, FC__EC_P256_B_MONT, FC__EC_P256_RR_P, FC__EC_P256_ONE_P,
    FC__EC_P256_RR_N, FC__EC_P256_ONE_N, FC__EC_P256_PINV, FC__EC_P256_NINV,
    &p256_g[0][0][0], GLEN,
};
static const fc__ec_curve p384 = {
    FC_P384, 384, 48, 6,
    FC__EC_P384_P, FC__EC_P384_N, FC__EC_P384_B_MONT, FC__EC_P384_RR_P, FC__EC_P384_ONE_P,
    FC__EC_P384_RR_N, FC__EC_P384_ONE_N, FC__EC_P384_PINV, FC__EC_P384_NINV,
    &p384_g[0][0][0], GLEN,
};

const fc__ec_curve *fc__ec_curve_of(fc_curve id) {
  return id == FC_P256 ? &p256 : id == FC_P384 ? &p384 : NULL;
}
