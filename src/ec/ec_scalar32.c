/*
 * FC_OP_EC kernel "scalar32": 32-bit limbs, 32x32->64 products. Portable C
 * for every target (i686, freestanding builds) and the reference the other
 * ec kernels are compared with. Arithmetic: src/ec/ec_body.h, compiled once
 * per curve (8 and 12 limbs), or once for both with FC_COMPACT.
 * Stack: verify at P-384 at most 4 KiB with its caller (tests/ec/test_ec_stack.cpp:
 * 3,824 bytes gcc 12, 3,384 clang 14, x86-64 -O3).
 */
#include <stdint.h>

#define EC_LIMB uint32_t
#define EC_DLIMB uint64_t
#define EC_LB 32
#if defined(FC_COMPACT) /* one body for both curves (ec_body.h) */
#define EC_ANY_CURVE
#include "ec/ec_body.h"
#else
#define EC_BITS 256
#include "ec/ec_body.h"
#undef EC_BITS
#define EC_BITS 384
#include "ec/ec_body.h"
#undef EC_BITS
#endif

#include "ec/ec_entry.h"

const fc__ec_kernel fc__ec_scalar32 = {
    {"scalar32", 0}, point_in, verify, mul2, FC__STACK(4096, 4096, 4096),
};
