/*
 * FC_OP_EC kernel "scalar64": 64-bit limbs, 64x64->128 products (the
 * compiler's unsigned __int128: x86-64 MUL, AArch64 MUL/UMULH). Built on
 * targets that have the type (not i686). Arithmetic: src/ec/ec_body.h.
 * Stack (-fstack-usage, verify at P-384): gcc 12 x86-64 -O2 about 2.6 KiB.
 */
#include <stdint.h>

#define EC_LIMB uint64_t
#define EC_DLIMB unsigned __int128
#define EC_LB 64
#include "ec/ec_body.h"

const fc__ec_kernel fc__ec_scalar64 = {
    {"scalar64", 0}, ec_point_in, ec_verify, ec_mul2, FC__STACK(3072, 3072, 3072),
};
