/*
 * FC_OP_MLDSA's table for the dispatcher: the mldsa kernels built, best
 * first. Baseline ISA. avx512 and avx2 on x86, neon on AArch64, then
 * scalar everywhere. Built also with FC_WITH_MLDSA=OFF, the list then
 * empty.
 */
#include "mldsa/mldsa_internal.h"

const char *const fc__mldsa_names[] = {"avx512", "avx2", "neon", "scalar", NULL};

#if defined(FC_HAVE_MLDSA)
static const fc__kernel_head *const mldsa_list[] = {
#if defined(FC_HAVE_MLDSA_AVX512)
    &fc__mldsa_avx512.h,
#endif
#if defined(FC_HAVE_MLDSA_AVX2)
    &fc__mldsa_avx2.h,
#endif
#if defined(FC_HAVE_MLDSA_NEON)
    &fc__mldsa_neon.h,
#endif
    &fc__mldsa_scalar.h,
};
const fc__op_kernels fc__mldsa_op = {
    .list = mldsa_list,
    .count = sizeof(mldsa_list) / sizeof(mldsa_list[0]),
};
#else /* FC_WITH_MLDSA=OFF: no kernel, the names still known */
const fc__op_kernels fc__mldsa_op = {NULL, 0, NULL, 0, NULL, 0, NULL};
#endif
