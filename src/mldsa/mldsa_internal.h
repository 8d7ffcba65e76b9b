/*
 * The mldsa family's internal contract: parameter sets and the kernel
 * descriptor of FC_OP_MLDSA (NTT-domain polynomial arithmetic mod q).
 * Baseline ISA: kernels include it.
 */
#ifndef FC_MLDSA_INTERNAL_H
#define FC_MLDSA_INTERNAL_H

#include "core/fc_internal.h"
#include "fastcrypt/mldsa.h"

#ifdef __cplusplus
extern "C" { /* the tests call internal symbols */
#endif

#define FC__MLDSA_N 256
#define FC__MLDSA_Q 8380417
#define FC__MLDSA_D 13
#define FC__MLDSA_KMAX 8 /* rows of A, at most */
#define FC__MLDSA_LMAX 7 /* columns of A, at most */

/* One parameter set (FIPS 204 Table 1) and its encoded lengths. */
typedef struct fc__mldsa_params {
  uint32_t id;             /* fc_mldsa_param */
  uint32_t k, l;           /* A is k x l */
  uint32_t tau;            /* nonzero coefficients of c */
  uint32_t ctilde_len;     /* lambda / 4 bytes */
  int32_t gamma1;          /* 2^17 or 2^19 */
  uint32_t z_bits;         /* 18 or 20: bits per packed z coefficient */
  int32_t gamma2;          /* (q-1)/88 or (q-1)/32 */
  uint32_t w1_bits;        /* 6 or 4: bits per packed w1 coefficient */
  int32_t beta;            /* tau * eta */
  uint32_t omega;          /* hints at most */
  uint32_t pk_len, sig_len;
} fc__mldsa_params;

/* NULL for an unknown parameter set. */
const fc__mldsa_params *fc__mldsa_params_of(fc_mldsa_param id);

/*
 * A kernel of FC_OP_MLDSA. Coefficients are int32_t; "mod q" values may be
 * any representative within the stated bounds, and every kernel must give
 * results congruent mod q to the scalar kernel's within the same bounds
 * (tests/mldsa/test_mldsa_kernels.cpp).
 * ntt:     a (|a_i| < q) -> NTT(a) (FIPS 204 Algorithm 41, plain domain),
 *          |out_i| < 9q.
 * invntt:  a (|a_i| < q) -> NTT^-1(a) * 2^32 mod q (Algorithm 42 times the
 *          Montgomery factor), |out_i| < q.
 * mul_acc: acc[i] += a[i] * b[i] * 2^-32 mod q for i < n (n any count, acc,
 *          a, b any alignment of int32_t); |a[i] * b[i]| < q * 2^31; each
 *          term added is below q in absolute value.
 * use_hint: w1[i] = UseHint(h[i], w[i]) (Algorithm 40) for gamma2 =
 *          (q-1)/88 or (q-1)/32; |w_i| < q, h[i] in {0, 1}; 0 <= w1[i] <
 *          (q-1) / (2 gamma2).
 * stack:   bytes of stack any entry point uses at most.
 * Optional (NULL: the portable code of mldsa_verify.c does it):
 * rej:      RejNTTPoly's candidates of one SHAKE128 block (Algorithms 30
 *           and 14): of the 56 3-byte groups of buf[0 .. 168) (buf readable
 *           to 200 bytes: a Keccak state) with the top bit cleared, those
 *           below q written in order to out; returns their count. out has
 *           room for FC__MLDSA_REJ_OUT entries, any of which may be written.
 * mul_acc24: mul_acc with b packed: b[i] in [0, q) at bytes 3i .. 3i + 2,
 *           little-endian; b readable to 3n + 8 bytes.
 */
#define FC__MLDSA_REJ_OUT 64
typedef struct fc__mldsa_kernel {
  fc__kernel_head h;
  void (*ntt)(int32_t a[FC__MLDSA_N]);
  void (*invntt)(int32_t a[FC__MLDSA_N]);
  void (*mul_acc)(int32_t *acc, const int32_t *a, const int32_t *b, size_t n);
  void (*use_hint)(int32_t w1[FC__MLDSA_N], const int32_t w[FC__MLDSA_N],
                   const uint8_t h[FC__MLDSA_N], int32_t gamma2);
  uint32_t stack;
  unsigned (*rej)(int32_t *out, const uint8_t *buf);
  void (*mul_acc24)(int32_t *acc, const int32_t *a, const uint8_t *b, size_t n);
} fc__mldsa_kernel;

extern const fc__mldsa_kernel fc__mldsa_scalar;
extern const fc__mldsa_kernel fc__mldsa_avx2;
extern const fc__mldsa_kernel fc__mldsa_avx512;
extern const fc__mldsa_kernel fc__mldsa_neon;

/* FC_OP_MLDSA's table for the dispatcher (mldsa/mldsa_kernels.c). */
extern const fc__op_kernels fc__mldsa_op;

/* The active kernel after fc_init; NULL when built with FC_WITH_MLDSA=OFF. */
static inline const fc__mldsa_kernel *fc__mldsa_active(void) {
  return (const fc__mldsa_kernel *)fc__active(FC_OP_MLDSA);
}

/* fc__mldsa_kernel.rej's contract in portable C (kernels without one). */
unsigned fc__mldsa_rej_portable(int32_t *out, const uint8_t *buf);

/* Montgomery reduction: a * 2^-32 mod q for |a| < q * 2^31, result in
   (-q, q). */
static inline int32_t fc__mldsa_montred(int64_t a) {
  int32_t t = (int32_t)((uint32_t)a * 58728449u); /* q^-1 mod 2^32 */
  return (int32_t)((a - (int64_t)t * FC__MLDSA_Q) >> 32);
}

/*
 * ML-DSA.Verify_internal (FIPS 204 Algorithm 8) from mu on kernel k: 1 for
 * a valid signature, 0 otherwise (wrong length, malformed hint, z out of
 * range, c-tilde mismatch). key initialised, sig_len any.
 */
int fc__mldsa_verify_mu(const fc__mldsa_kernel *k, const fc_mldsa_pubkey *key,
                        const uint8_t mu[64], const uint8_t *sig, size_t sig_len);

#ifdef __cplusplus
}
#endif
#endif /* FC_MLDSA_INTERNAL_H */
