/*
 * The ec family's internal contract: curve constants and the kernel
 * descriptor of FC_OP_EC. Baseline ISA: kernels include it.
 */
#ifndef FC_EC_INTERNAL_H
#define FC_EC_INTERNAL_H

#include "core/fc_internal.h"
#include "fastcrypt/ec.h"

#ifdef __cplusplus
extern "C" { /* the tests call internal symbols */
#endif

/*
 * A curve y^2 = x^3 - 3x + b over GF(p) with a base point G of prime order
 * n (cofactor 1). Values are 64-bit little-endian limbs (limbs64 of them);
 * R = 2^bits, and bits is a multiple of 64, so every kernel, whatever its
 * limb width, shares this Montgomery form (and a key's coordinates).
 * gtable: (2k+1)G for k = 0 .. gtable_len - 1, affine, Montgomery form,
 * x then y, 2 * limbs64 limbs per entry (src/ec/ec_tables.h).
 */
typedef struct fc__ec_curve {
  uint32_t id;      /* fc_curve */
  uint32_t bits;    /* 256 or 384: of p and of n */
  uint32_t nbytes;  /* bits / 8 */
  uint32_t limbs64; /* bits / 64 */
  uint64_t p[6], n[6];
  uint64_t b_mont[6];
  uint64_t rr_p[6], one_p[6]; /* R^2 mod p, R mod p */
  uint64_t rr_n[6], one_n[6]; /* R^2 mod n, R mod n */
  uint64_t pinv, ninv;        /* -1/p, -1/n mod 2^64 */
  const uint64_t *gtable;
  uint32_t gtable_len; /* 32 (wNAF width 7), or 4 (width 4) with FC_EC_SMALL_TABLE */
} fc__ec_curve;

/* NULL for an unknown curve. */
const fc__ec_curve *fc__ec_curve_of(fc_curve id);

/*
 * A kernel of FC_OP_EC: field arithmetic mod p and mod n and the point
 * arithmetic of verification. Variable time: public data only.
 * point_in: xm, ym (limbs64 limbs each) = the Montgomery form of the affine
 *   point (x, y), x and y big-endian of nbytes; y NULL: y is the root of
 *   x^3 - 3x + b with parity y_odd. FC_ERR_KEY when a coordinate is >= p,
 *   the point is not on the curve or x has no root; FC_OK otherwise.
 * verify: 1 when x(u1 G + u2 Q) mod n = r, u1 = e/s and u2 = r/s mod n,
 *   else 0 (also when the sum is the point at infinity). Q = (qx, qy) from
 *   point_in; e, r, s big-endian of nbytes; 1 <= r, s < n MUST hold, e is
 *   any value below 2^bits.
 * mul2 (tests): the affine point u1 G + u2 Q, big-endian of nbytes; 0 when
 *   it is infinity, 1 otherwise. u1, u2 any values below 2^bits.
 * stack: bytes of stack any entry point uses at most.
 */
typedef struct fc__ec_kernel {
  fc__kernel_head h;
  fc_err (*point_in)(const fc__ec_curve *c, const uint8_t *x, const uint8_t *y, int y_odd,
                     uint64_t *xm, uint64_t *ym);
  int (*verify)(const fc__ec_curve *c, const uint64_t *qx, const uint64_t *qy, const uint8_t *e,
                const uint8_t *r, const uint8_t *s);
  int (*mul2)(const fc__ec_curve *c, const uint64_t *qx, const uint64_t *qy, const uint8_t *u1,
              const uint8_t *u2, uint8_t *x, uint8_t *y);
  uint32_t stack;
} fc__ec_kernel;

extern const fc__ec_kernel fc__ec_scalar32;
extern const fc__ec_kernel fc__ec_scalar64;
extern const fc__ec_kernel fc__ec_mulx;
extern const fc__ec_kernel fc__ec_armv8;

/* FC_OP_EC's table for the dispatcher (ec/ec_kernels.c). */
extern const fc__op_kernels fc__ec_op;

/* The active kernel, after fc_init; never NULL (scalar32 is always built). */
static inline const fc__ec_kernel *fc__ec_active(void) {
  return (const fc__ec_kernel *)fc__active(FC_OP_EC);
}

#ifdef __cplusplus
}
#endif
#endif /* FC_EC_INTERNAL_H */
