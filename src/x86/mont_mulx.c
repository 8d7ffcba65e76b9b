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
 * multiple of 4 limbs (the row loop is unrolled four times).
 * Compiled with -mbmi2 -madx; needs BMI2 and ADX.
 */
#define MONT64_PAD 4
#include "mont64_frame.h"

/*
 * t[0..m) += x * v[0..m); returns the carry limb. m a multiple of 4, m > 0.
 * The carry fits one limb: t + x*v < 2^(64m) + (2^64 - 1)(2^(64m) - 1)
 * < 2^(64(m+1)). Loop control uses LEA and JRCXZ, which leave CF and OF
 * alone; XOR at entry clears both.
 */
static uint64_t addmul_row(uint64_t *t, const uint64_t *v, uint64_t x, size_t m) {
  size_t cnt = m / 4;
  uint64_t carry;
  __asm__ volatile(
      "xorl %%r8d, %%r8d\n\t"
      "movq %%r8, %%r11\n\t"
      "1:\n\t"
      "mulx 0(%[v]), %%r8, %%r9\n\t"
      "adcx %%r11, %%r8\n\t"
      "adox 0(%[t]), %%r8\n\t"
      "movq %%r8, 0(%[t])\n\t"
      "mulx 8(%[v]), %%r10, %%r11\n\t"
      "adcx %%r9, %%r10\n\t"
      "adox 8(%[t]), %%r10\n\t"
      "movq %%r10, 8(%[t])\n\t"
      "mulx 16(%[v]), %%r8, %%r9\n\t"
      "adcx %%r11, %%r8\n\t"
      "adox 16(%[t]), %%r8\n\t"
      "movq %%r8, 16(%[t])\n\t"
      "mulx 24(%[v]), %%r10, %%r11\n\t"
      "adcx %%r9, %%r10\n\t"
      "adox 24(%[t]), %%r10\n\t"
      "movq %%r10, 24(%[t])\n\t"
      "leaq 32(%[v]), %[v]\n\t"
      "leaq 32(%[t]), %[t]\n\t"
      "leaq -1(%%rcx), %%rcx\n\t"
      "jrcxz 2f\n\t"
      "jmp 1b\n\t"
      "2:\n\t"
      "movl $0, %%r8d\n\t"
      "adcx %%r8, %%r11\n\t"
      "adox %%r8, %%r11\n\t"
      "movq %%r11, %[carry]\n\t"
      : [t] "+r"(t), [v] "+r"(v), "+c"(cnt), [carry] "=r"(carry)
      : "d"(x)
      : "r8", "r9", "r10", "r11", "cc", "memory");
  return carry;
}

/* p[0..1] += c (p[1] does not overflow: see the bound above). */
static void add_carry(uint64_t *p, uint64_t c) {
  p[0] += c;
  p[1] += p[0] < c;
}

static void mont64_product(uint64_t *r, const uint64_t *a, const uint64_t *b, int square,
                           const uint64_t *n, uint64_t n0, size_t m, uint64_t *t) {
  (void)square;
  for (size_t j = 0; j < 2 * m + 2; j++) t[j] = 0;
  for (size_t i = 0; i < m; i++) {
    add_carry(t + i + m, addmul_row(t + i, b, a[i], m));
    add_carry(t + i + m, addmul_row(t + i, n, t[i] * n0, m));
  }
  final_sub(r, t + m, t[2 * m], n, m);
}

const fc__mont_kernel fc__mont_mulx = {
    {"mulx", FC_CPU_BMI2 | FC_CPU_ADX}, prepare, mont_mul, modpow, ws_slot, ws_fixed,
};
