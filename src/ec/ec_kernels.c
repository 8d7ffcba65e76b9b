/*
 * FC_OP_EC's table for the dispatcher: the ec kernels built, best first.
 * Baseline ISA. mulx on x86-64 (BMI2 and ADX), armv8 on AArch64, scalar64 where the compiler has 64x64->128 products
 * (unsigned __int128: x86-64, AArch64), then scalar32 everywhere (unless
 * FC_WITH_EC_SCALAR32=OFF where scalar64 is built).
 * Built also with FC_WITH_EC=OFF, the list then empty.
 */
#include "ec/ec_internal.h"

const char *const fc__ec_names[] = {"mulx", "armv8", "scalar64", "scalar32", NULL};

#if defined(FC_HAVE_EC)
static const fc__kernel_head *const ec_list[] = {
#if defined(FC_HAVE_EC_MULX)
    &fc__ec_mulx.h,
#endif
#if defined(FC_HAVE_EC_ARMV8)
    &fc__ec_armv8.h,
#endif
#if defined(FC_HAVE_EC_SCALAR64)
    &fc__ec_scalar64.h,
#endif
#if defined(FC_HAVE_EC_SCALAR32) /* FC_WITH_EC_SCALAR32=OFF: scalar64 only */
    &fc__ec_scalar32.h,
#endif
};
const fc__op_kernels fc__ec_op = {
    .list = ec_list,
    .count = sizeof(ec_list) / sizeof(ec_list[0]),
};
#else /* FC_WITH_EC=OFF: no kernel, the names still known */
const fc__op_kernels fc__ec_op = {NULL, 0, NULL, 0, NULL, 0, NULL};
#endif
