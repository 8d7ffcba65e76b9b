/*
 * FC_OP_MONT's table for the dispatcher: the Montgomery kernels built,
 * best first, their size classes and the calibration hook. Baseline ISA.
 * The order follows measurement (docs/kernels.md "The order and why").
 */
#include "bn/bn_internal.h"

static const fc__kernel_head *const mont_list[] = {
#if defined(__i386__)
#if defined(FC_HAVE_SSE2)
    &fc__mont_sse2.h,
#endif
    &fc__mont_scalar32.h,
#if defined(FC_HAVE_SCALAR64)
    &fc__mont_scalar64.h,
#endif
#else
#if defined(FC_HAVE_AVX512IFMA)
    &fc__mont_avx512ifma.h,
#endif
#if defined(FC_HAVE_MULX)
    &fc__mont_mulx.h,
#endif
#if defined(FC_HAVE_SCALAR64)
    &fc__mont_scalar64.h,
#endif
#if defined(FC_HAVE_SSE2)
    &fc__mont_sse2.h,
#endif
#if defined(FC_HAVE_NEON)
    &fc__mont_neon.h,
#endif
    &fc__mont_scalar32.h,
#endif
};

const char *const fc__mont_names[] = {"avx512ifma", "mulx",     "scalar64", "sse2",
                                         "neon",       "scalar32", NULL};

/* Upper bounds (bits) of the size classes; the last covers every size. */
static const uint32_t mont_class_max[FC_MONT_CLASSES] = {1536, 3072, FC_MONT_MAX_BITS};
_Static_assert(FC_MONT_CLASSES <= FC__MAX_CLASSES, "FC__MAX_CLASSES too small");

const fc__op_kernels fc__mont_op = {
    .list = mont_list,
    .count = sizeof(mont_list) / sizeof(mont_list[0]),
    .classes = FC_MONT_CLASSES,
    .class_max = mont_class_max,
    .default_bits = 2048, /* fc_impl_active(FC_OP_MONT): RSA-2048's kernel */
    .calibrate = fc__mont_calibrate_usable,
};
