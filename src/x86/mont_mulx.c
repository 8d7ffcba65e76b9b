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
#include "mont64_frame.h"

/* One step of a row: t[j] += lo(x*v[j]) (OF chain) + previous high limb
   (CF chain); the new high limb goes to HI. */
#define STEP(off, LO, HI, PREV)             \
  "mulx " off "(%[v]), " LO ", " HI "\n\t" \
  "adcx " PREV ", " LO "\n\t"              \
  "adox " off "(%[t]), " LO "\n\t"         \
  "movq " LO ", " off "(%[t])\n\t"

/*
 * t[0..len) += x * v[0..len); returns the carry limb, len >= 1. The carry
 * fits one limb: t + x*v < 2^(64 len) + (2^64 - 1)(2^(64 len) - 1)
 * < 2^(64(len+1)). len % 4 single steps, then len / 4 unrolled groups. Loop
 * control uses MOV, LEA and JRCXZ, which leave CF and OF alone; XOR at entry
 * clears both.
 */
static uint64_t addmul_row(uint64_t *t, const uint64_t *v, uint64_t x, size_t len) {
  size_t groups = len / 4, cnt = len % 4;
  uint64_t carry;
  __asm__ volatile(
      "xorl %%r8d, %%r8d\n\t"
      "movq %%r8, %%r11\n\t"
      "1:\n\t"
      "jrcxz 2f\n\t"
      STEP("0", "%%r8", "%%r9", "%%r11")
      "movq %%r9, %%r11\n\t"
      "leaq 8(%[v]), %[v]\n\t"
      "leaq 8(%[t]), %[t]\n\t"
      "leaq -1(%%rcx), %%rcx\n\t"
      "jmp 1b\n\t"
      "2:\n\t"
      "movq %[groups], %%rcx\n\t"
      "3:\n\t"
      "jrcxz 4f\n\t"
      STEP("0", "%%r8", "%%r9", "%%r11")
      STEP("8", "%%r10", "%%r11", "%%r9")
      STEP("16", "%%r8", "%%r9", "%%r11")
      STEP("24", "%%r10", "%%r11", "%%r9")
      "leaq 32(%[v]), %[v]\n\t"
      "leaq 32(%[t]), %[t]\n\t"
      "leaq -1(%%rcx), %%rcx\n\t"
      "jmp 3b\n\t"
      "4:\n\t"
      "movl $0, %%r8d\n\t"
      "adcx %%r8, %%r11\n\t"
      "adox %%r8, %%r11\n\t"
      "movq %%r11, %[carry]\n\t"
      : [t] "+r"(t), [v] "+r"(v), "+c"(cnt), [carry] "=r"(carry)
      : "d"(x), [groups] "r"(groups)
      : "r8", "r9", "r10", "r11", "cc", "memory");
  return carry;
}

/*
 * The same row for len = 4 G limbs, G a compile-time constant: the groups
 * written out by the assembler (.rept), no loop control at all. Used for
 * the rows of full length m (every multiplication row and every reduction
 * row) at the common sizes.
 */
#define ROW_FIXED(G)                                                                   \
  static uint64_t addmul_row_##G(uint64_t *t, const uint64_t *v, uint64_t x) {         \
    uint64_t carry;                                                                    \
    __asm__ volatile("xorl %%r8d, %%r8d\n\t"                                            \
                     "movq %%r8, %%r11\n\t"                                             \
                     ".set .Lfc_off, 0\n\t"                                              \
                     ".rept " #G "\n\t"                                                  \
                     STEP(".Lfc_off", "%%r8", "%%r9", "%%r11")                          \
                     STEP(".Lfc_off+8", "%%r10", "%%r11", "%%r9")                       \
                     STEP(".Lfc_off+16", "%%r8", "%%r9", "%%r11")                       \
                     STEP(".Lfc_off+24", "%%r10", "%%r11", "%%r9")                      \
                     ".set .Lfc_off, .Lfc_off+32\n\t"                                     \
                     ".endr\n\t"                                                         \
                     "movl $0, %%r8d\n\t"                                                \
                     "adcx %%r8, %%r11\n\t"                                              \
                     "adox %%r8, %%r11\n\t"                                              \
                     "movq %%r11, %[carry]\n\t"                                          \
                     : [carry] "=r"(carry)                                              \
                     : [t] "r"(t), [v] "r"(v), "d"(x)                                   \
                     : "r8", "r9", "r10", "r11", "cc", "memory");                       \
    return carry;                                                                      \
  }
ROW_FIXED(4)
ROW_FIXED(6)
ROW_FIXED(8)
ROW_FIXED(12)
ROW_FIXED(16)

typedef uint64_t (*row_fn)(uint64_t *t, const uint64_t *v, uint64_t x);

/* The unrolled row for m limbs, or NULL. */
static row_fn fixed_row(size_t m) {
  switch (m) {
    case 16: return addmul_row_4;
    case 24: return addmul_row_6;
    case 32: return addmul_row_8;
    case 48: return addmul_row_12;
    case 64: return addmul_row_16;
    default: return NULL;
  }
}

/* p[0..] += c, rippling up to at most `room` limbs. */
static void add_carry(uint64_t *p, uint64_t c, size_t room) {
  for (size_t j = 0; j < room && c; j++) {
    p[j] += c;
    c = p[j] < c;
  }
}

/*
 * Multiplication: interleaved rows over T (2m + 2 limbs). After rows
 * 0..i, T < 2^(64(i+1)) * 2n, so a row's carry never passes T[i+m+1].
 * Squaring: the off-diagonal triangle once (row i adds a_i*a_(i+1..m-1) at
 * T + 2i + 1; its carry lands in T[i+m], still zero), doubled, plus the
 * diagonal (HAC Alg. 14.16): a^2 < 2^(128m). Then m reduction rows add
 * q_i*n at T + i, q_i = T[i] * n0. The total, a^2 + Q n < 2^(128m + 1) n,
 * fits 2m + 1 limbs, so the ripple stops inside T.
 * Either way T[m..2m] < 2n at the end, and final_sub reduces it.
 */
static void mont64_product(uint64_t *r, const uint64_t *a, const uint64_t *b, int square,
                           const uint64_t *n, uint64_t n0, size_t m, uint64_t *t) {
  for (size_t j = 0; j < 2 * m + 2; j++) t[j] = 0;
  row_fn row = fixed_row(m);
  if (!square && row) {
    for (size_t i = 0; i < m; i++) {
      add_carry(t + i + m, row(t + i, b, a[i]), 2);
      add_carry(t + i + m, row(t + i, n, t[i] * n0), 2);
    }
  } else if (!square) {
    for (size_t i = 0; i < m; i++) {
      add_carry(t + i + m, addmul_row(t + i, b, a[i], m), 2);
      add_carry(t + i + m, addmul_row(t + i, n, t[i] * n0, m), 2);
    }
  } else {
    for (size_t i = 0; i + 1 < m; i++) t[i + m] = addmul_row(t + 2 * i + 1, a + i + 1, a[i], m - 1 - i);
    uint64_t top = 0;
    for (size_t j = 0; j < 2 * m; j++) { /* double */
      uint64_t w = t[j];
      t[j] = (w << 1) | top;
      top = w >> 63;
    }
    uint64_t c = 0;
    for (size_t i = 0; i < m; i++) { /* add the diagonal */
      unsigned __int128 d = (unsigned __int128)a[i] * a[i] + t[2 * i] + c;
      t[2 * i] = (uint64_t)d;
      unsigned __int128 h = (unsigned __int128)t[2 * i + 1] + (uint64_t)(d >> 64);
      t[2 * i + 1] = (uint64_t)h;
      c = (uint64_t)(h >> 64);
    }
    for (size_t i = 0; i < m; i++)
      add_carry(t + i + m, row ? row(t + i, n, t[i] * n0) : addmul_row(t + i, n, t[i] * n0, m),
                m + 2 - i);
  }
  final_sub(r, t + m, t[2 * m], n, m);
}

const fc__mont_kernel fc__mont_mulx = {
    {"mulx", FC_CPU_BMI2 | FC_CPU_ADX}, prepare, mont_mul, modpow, ws_slot, ws_fixed,
};
