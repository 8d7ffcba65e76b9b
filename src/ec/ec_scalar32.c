/*
 * FC_OP_EC kernel "scalar32": 32-bit limbs, 32x32->64 products. Portable C
 * for every target (i686, freestanding builds) and the reference the other
 * ec kernels are compared with. Arithmetic: src/ec/ec_body.h.
 * Stack (-fstack-usage, verify at P-384): gcc 12 x86-64 -O2 about 2.6 KiB.
 */
#include <stdint.h>

#define EC_LIMB uint32_t
#define EC_DLIMB uint64_t
#define EC_LB 32
#include "ec/ec_body.h"

const fc__ec_kernel fc__ec_scalar32 = {
    {"scalar32", 0}, ec_point_in, ec_verify, ec_mul2, FC__STACK(3072, 3072, 3072),
};
