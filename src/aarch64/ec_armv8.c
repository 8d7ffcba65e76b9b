/*
 * FC_OP_EC kernel "armv8": ec_body.h's arithmetic over 64-bit limbs with
 * its field arithmetic in assembly (src/aarch64/ec_armv8.S): Montgomery
 * products with a, m and the accumulator in registers (at P-256's p a
 * reduction by shifts and one product, and a squaring), modular additions
 * and subtractions; the rest as scalar64. Base ARMv8-A (AArch64), the
 * counterpart of OpenSSL's ecp_nistz256-armv8 at both curves. Variable
 * time: public data only.
 * Stack: as scalar64 plus the products' 64 bytes (tests/ec/test_ec_stack.cpp).
 */
#include <stddef.h>
#include <stdint.h>

/* src/aarch64/ec_armv8.S. mont: r = a b / 2^(64 L) mod m, m[L] = -1/m
   mod 2^64; p256, p256_sqr: the product and the square at P-256's p; add, sub: r = a +- b mod m. */
void fc__ec_armv8_mont4(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m);
void fc__ec_armv8_mont6(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m);
void fc__ec_armv8_p256(uint64_t *r, const uint64_t *a, const uint64_t *b);
void fc__ec_armv8_p256_sqr(uint64_t *r, const uint64_t *a);
void fc__ec_armv8_add4(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m);
void fc__ec_armv8_add6(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m);
void fc__ec_armv8_sub4(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m);
void fc__ec_armv8_sub6(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m);

#define EC_LIMB uint64_t
#define EC_DLIMB unsigned __int128
#define EC_LB 64
#define EC_BITS 256
#define EC_MONT_MUL(r, a, b, mod)                                               \
  (!(mod)->is_p ? fc__ec_armv8_mont4(r, a, b, (mod)->m)                         \
   : (a) == (b) ? fc__ec_armv8_p256_sqr(r, a)                                   \
                : fc__ec_armv8_p256(r, a, b))
#define EC_MOD_ADD fc__ec_armv8_add4
#define EC_MOD_SUB fc__ec_armv8_sub4
#include "ec/ec_body.h"
#undef EC_MONT_MUL
#undef EC_MOD_ADD
#undef EC_MOD_SUB
#undef EC_BITS
#define EC_BITS 384
#define EC_MONT_MUL(r, a, b, mod) fc__ec_armv8_mont6(r, a, b, (mod)->m)
#define EC_MOD_ADD fc__ec_armv8_add6
#define EC_MOD_SUB fc__ec_armv8_sub6
#include "ec/ec_body.h"
#undef EC_MONT_MUL
#undef EC_MOD_ADD
#undef EC_MOD_SUB
#undef EC_BITS

#include "ec/ec_entry.h"

const fc__ec_kernel fc__ec_armv8 = {
    {"armv8", 0}, point_in, verify, mul2, FC__STACK(4096, 4096, 4096),
};
