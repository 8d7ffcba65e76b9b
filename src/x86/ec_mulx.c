/*
 * FC_OP_EC kernel "mulx": ec_body.h's arithmetic over 64-bit limbs with
 * its Montgomery products in assembly (src/x86/ec_mulx.S: MULX, ADCX,
 * ADOX, the accumulator in registers), the rest as scalar64. x86-64 with
 * BMI2 and ADX. Variable time: public data only.
 * Stack: as scalar64 plus the products' 56 bytes (tests/ec/test_ec_stack.cpp).
 */
#include <stddef.h>
#include <stdint.h>

/* src/x86/ec_mulx.S. mont: r = a b / 2^(64 L) mod m, m[L] = -1/m mod
   2^64; p256: the same at P-256's p; add, sub: r = a +- b mod m. */
void fc__ec_mulx_mont4(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m);
void fc__ec_mulx_mont6(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m);
void fc__ec_mulx_p256(uint64_t *r, const uint64_t *a, const uint64_t *b);
void fc__ec_mulx_p256_sqr(uint64_t *r, const uint64_t *a);
void fc__ec_mulx_add4(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m);
void fc__ec_mulx_add6(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m);
void fc__ec_mulx_sub4(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m);
void fc__ec_mulx_sub6(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m);

#define EC_LIMB uint64_t
#define EC_DLIMB unsigned __int128
#define EC_LB 64
#define EC_BITS 256
#define EC_MONT_MUL(r, a, b, mod)                                               \
  (!(mod)->is_p ? fc__ec_mulx_mont4(r, a, b, (mod)->m)                          \
   : (a) == (b) ? fc__ec_mulx_p256_sqr(r, a)                                    \
                : fc__ec_mulx_p256(r, a, b))
#define EC_MOD_ADD fc__ec_mulx_add4
#define EC_MOD_SUB fc__ec_mulx_sub4
#include "ec/ec_body.h"
#undef EC_MONT_MUL
#undef EC_MOD_ADD
#undef EC_MOD_SUB
#undef EC_BITS
#define EC_BITS 384
#define EC_MONT_MUL(r, a, b, mod) fc__ec_mulx_mont6(r, a, b, (mod)->m)
#define EC_MOD_ADD fc__ec_mulx_add6
#define EC_MOD_SUB fc__ec_mulx_sub6
#include "ec/ec_body.h"
#undef EC_MONT_MUL
#undef EC_MOD_ADD
#undef EC_MOD_SUB
#undef EC_BITS

#include "ec/ec_entry.h"

const fc__ec_kernel fc__ec_mulx = {
    {"mulx", FC_CPU_BMI2 | FC_CPU_ADX}, point_in, verify, mul2, FC__STACK(4096, 4096, 4096),
};
