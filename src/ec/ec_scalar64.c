/*
 * FC_OP_EC kernel "scalar64": 64-bit limbs, 64x64->128 products (the
 * compiler's unsigned __int128: x86-64 MUL, AArch64 MUL/UMULH). Built on
 * targets that have the type (not i686). Arithmetic: src/ec/ec_body.h,
 * compiled once per curve (4 and 6 limbs), or once for both with FC_COMPACT.
 * Stack: verify at P-384 at most 4 KiB with its caller (tests/ec/test_ec_stack.cpp:
 * 3,904 bytes gcc 12, 3,216 clang 14, x86-64 -O3).
 */
#include <stdint.h>

#define EC_LIMB uint64_t
#define EC_DLIMB unsigned __int128
#define EC_LB 64
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

const fc__ec_kernel fc__ec_scalar64 = {
    {"scalar64", 0}, point_in, verify, mul2, FC__STACK(4096, 4096, 4096),
};
