/*
 * mulx: x86-64 Montgomery multiplication with MULX (BMI2) and the two
 * independent carry chains of ADCX/ADOX (ADX), per Intel's "New Instructions
 * Supporting Large Integer Arithmetic on Intel Architecture Processors"
 * (Gopal et al., 2012): in a row t += x*v, ADCX folds each product's high
 * limb into the next position (CF chain) while ADOX adds the running t (OF
 * chain), so neither waits for the other.
 *
 * Product: interleaved rows (HAC Alg. 14.36) over a sliding window of the
 * 2m + 2 limb scratch T: row i adds a_i*b, then q_i*n with
 * q_i = T[i] * (-1/n mod 2^64), both at T + i; T[i] becomes 0 and is never
 * read again, so no shifting is needed. After rows 0..i,
 * T < 2^(64(i+1)) * 2n, so T[i+m+1] <= 1 and a row's carry never reaches
 * beyond it. The result, T[m..2m] < 2n, is reduced by final_sub.
 * Representation, edges and modpow: mont64_frame.h, with m padded to a
 * multiple of 4 limbs (rows of m limbs run as unrolled groups of four; at
 * 1024, 1536, 2048, 3072 and 4096 bits the full-length rows are written out
 * whole, which measured 10% faster at 2048 bits on the development machine).
 * Compiled with -mbmi2 -madx; needs BMI2 and ADX.
 */
#define MONT64_PAD 4
#define MONT64_OWN_FINAL_SUB
#include "mont64_frame.h"

/* src/x86/mont_mulx.S: t[m..2m] = a*b/2^(64m) (+ n), < 2n, t[2m] in {0, 1};
   t holds 2m + 1 limbs and overlaps none of a, b, n; 4 <= m, 4 | m. They
   only read a, b and n; the pointers are not const-qualified because gcc
   then assumes every element of an array passed in is read and warns
   (-Wmaybe-uninitialized) on mont_mul's a64/b64, filled up to m < M. */
void fc__mulx_mul(uint64_t *t, uint64_t *a, uint64_t *b, uint64_t *n, uint64_t n0, size_t m);
void fc__mulx_sqr(uint64_t *t, uint64_t *a, uint64_t *n, uint64_t n0, size_t m);
/* r = t + top 2^(64m) reduced by n once (final_sub), constant time; r does
   not overlap t. */
void fc__mulx_sub(uint64_t *r, const uint64_t *t, uint64_t top, const uint64_t *n, size_t m);

static void mont64_product(uint64_t *r, const uint64_t *a, const uint64_t *b, int square,
                           const uint64_t *n, uint64_t n0, size_t m, uint64_t *t) {
  if (square)
    fc__mulx_sqr(t, (uint64_t *)a, (uint64_t *)n, n0, m);
  else
    fc__mulx_mul(t, (uint64_t *)a, (uint64_t *)b, (uint64_t *)n, n0, m);
  fc__mulx_sub(r, t + m, t[2 * m], n, m);
}

const fc__mont_kernel fc__mont_mulx = {
    {"mulx", FC_CPU_BMI2 | FC_CPU_ADX}, prepare, mont_mul, modpow, ws_slot, ws_fixed,
};
