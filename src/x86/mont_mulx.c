/*
 * mulx: x86-64 Montgomery multiplication with MULX (BMI2) and the two
 * independent carry chains of ADCX/ADOX (ADX), per Intel's "New Instructions
 * Supporting Large Integer Arithmetic on Intel Architecture Processors"
 * (Gopal et al., 2012): in a row t += x*v, ADCX folds each product's high
 * limb into the next position (CF chain) while ADOX adds the running t (OF
 * chain), both chains live across the whole row. The rows are assembly,
 * src/x86/mont_mulx.S (x86-64 SysV, leaf functions, 72 bytes of stack,
 * nothing below %rsp); this file holds the descriptor and the frame.
 *
 * Product (fc__mulx_mul): word-serial rows (HAC Alg. 14.36) over a sliding
 * window of the scratch T: row i adds a_i*b, then q_i*n with
 * q_i = T[i] * (-1/n mod 2^64), both at T + i, so T[i] becomes 0 and is
 * never read again. Each row's carry limb (< 2^64) goes to T[i+m]; the
 * carry out of that position (0 or 1) is kept in a register and added at
 * the end of the next row, which is the first to touch T[i+m+1]. After rows
 * 0..i, T < 2^(64(i+1)) * 2n, so that carry is at most 1.
 * Squaring (fc__mulx_sqr): the off-diagonal triangle once (row i adds
 * a_i*a(i+1..m-1) at T + 2i + 1, carry limb to T[i+m]), then the doubling
 * (CF chain) and the diagonal a_i^2 (OF chain) in one pass (HAC Alg.
 * 14.16): a^2 < 2^(128m), so neither chain carries out; then m reduction
 * rows q_i*n at T + i with the same deferred carry. a^2 + Q n
 * < 2^(128m + 1) n, so T[m..2m] < 2n.
 * Either way T[m..2m) and the bit T[2m] are reduced by fc__mulx_sub in
 * constant time (one subtraction, then a masked choice).
 * Representation, edges and modpow: mont64_frame.h, with m padded to a
 * multiple of 4 limbs (a row runs as groups of four steps). Full-length
 * rows (every multiplication and reduction row) are written out whole at
 * 1024, 1536, 2048, 3072 and 4096 bits, the squaring triangle at 1024 and
 * 2048 bits; other sizes loop over groups. Loops depend on m only.
 * Needs BMI2 and ADX.
 */
#define MONT64_PAD 4
#define MONT64_OWN_FINAL_SUB
#include "bn/mont64_frame.h"

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
    {"mulx", FC_CPU_BMI2 | FC_CPU_ADX}, prepare, mont_mul, modpow, ws_slot, ws_fixed, NULL, NULL, NULL, NULL,
};
