/*
 * FC_OP_EC kernel "scalar32": 32-bit limbs, 32x32->64 products. Portable C
 * for every target (i686, freestanding builds) and the reference the other
 * ec kernels are compared with. Arithmetic: src/ec/ec_body.h, compiled once
 * per curve (8 and 12 limbs).
 * Stack: verify at P-384 at most 4 KiB with its caller (tests/ec/test_ec_stack.cpp:
 * 3,824 bytes gcc 12, 3,384 clang 14, x86-64 -O3).
 */
#include <stdint.h>

#define EC_LIMB uint32_t
#define EC_DLIMB uint64_t
#define EC_LB 32
#define EC_BITS 256
#include "ec/ec_body.h"
#undef EC_BITS
#define EC_BITS 384
#include "ec/ec_body.h"
#undef EC_BITS

static fc_err point_in(const fc__ec_curve *c, const uint8_t *x, const uint8_t *y, int y_odd,
                       uint64_t *xm, uint64_t *ym) {
  return c->bits == 256 ? ec_point_in_256(c, x, y, y_odd, xm, ym)
                        : ec_point_in_384(c, x, y, y_odd, xm, ym);
}
static int verify(const fc__ec_curve *c, const uint64_t *qx, const uint64_t *qy, const uint8_t *e,
                  const uint8_t *r, const uint8_t *s) {
  return c->bits == 256 ? ec_verify_256(c, qx, qy, e, r, s) : ec_verify_384(c, qx, qy, e, r, s);
}
static int mul2(const fc__ec_curve *c, const uint64_t *qx, const uint64_t *qy, const uint8_t *u1,
                const uint8_t *u2, uint8_t *x, uint8_t *y) {
  return c->bits == 256 ? ec_mul2_256(c, qx, qy, u1, u2, x, y) : ec_mul2_384(c, qx, qy, u1, u2, x, y);
}

const fc__ec_kernel fc__ec_scalar32 = {
    {"scalar32", 0}, point_in, verify, mul2, FC__STACK(4096, 4096, 4096),
};
