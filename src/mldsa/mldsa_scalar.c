/*
 * FC_OP_MLDSA portable kernel "scalar": 32-bit arithmetic with 64-bit
 * products, one coefficient at a time (i686 and every other target).
 * Montgomery form with R = 2^32 (zetas times R, so a Montgomery product by
 * one is a plain product by zeta). Bounds as mldsa_internal.h states.
 */
#include "mldsa/mldsa_internal.h"
#include "mldsa/mldsa_zetas.h"

/* Algorithm 41 with Montgomery products: each layer adds at most q to the
   magnitude (|zeta * x * 2^-32 mod q| < q), so |in| < q gives |out| < 9q. */
static void ntt_scalar(int32_t a[FC__MLDSA_N]) {
  unsigned m = 0;
  for (unsigned len = 128; len > 0; len >>= 1) {
    for (unsigned start = 0; start < FC__MLDSA_N; start += 2 * len) {
      int64_t z = fc__mldsa_zetas[++m];
      for (unsigned j = start; j < start + len; j++) {
        int32_t t = fc__mldsa_montred(z * a[j + len]);
        a[j + len] = a[j] - t;
        a[j] = a[j] + t;
      }
    }
  }
}

/* Algorithm 42: sums double per layer, so |in| < q keeps every value below
   256 q < 2^31; the scale 2^64 / 256 (FC__MLDSA_INV_F) by a Montgomery
   product leaves NTT^-1(a) * 2^32 with |out| < q. */
static void invntt_scalar(int32_t a[FC__MLDSA_N]) {
  unsigned m = 256;
  for (unsigned len = 1; len < FC__MLDSA_N; len <<= 1) {
    for (unsigned start = 0; start < FC__MLDSA_N; start += 2 * len) {
      int64_t z = -(int64_t)fc__mldsa_zetas[--m];
      for (unsigned j = start; j < start + len; j++) {
        int32_t t = a[j];
        a[j] = t + a[j + len];
        a[j + len] = fc__mldsa_montred(z * (t - a[j + len]));
      }
    }
  }
  for (unsigned j = 0; j < FC__MLDSA_N; j++)
    a[j] = fc__mldsa_montred((int64_t)FC__MLDSA_INV_F * a[j]);
}

static void mul_acc_scalar(int32_t *acc, const int32_t *a, const int32_t *b, size_t n) {
  for (size_t i = 0; i < n; i++) acc[i] += fc__mldsa_montred((int64_t)a[i] * b[i]);
}

/* Algorithms 36 (Decompose) and 40 (UseHint) on r+ = w mod q in [0, q). */
static void use_hint_scalar(int32_t w1[FC__MLDSA_N], const int32_t w[FC__MLDSA_N],
                            const uint8_t h[FC__MLDSA_N], int32_t gamma2) {
  const int32_t m = (FC__MLDSA_Q - 1) / (2 * gamma2);
  for (unsigned i = 0; i < FC__MLDSA_N; i++) {
    int32_t r = w[i] + (w[i] < 0 ? FC__MLDSA_Q : 0);
    int32_t r0 = r % (2 * gamma2);
    if (r0 > gamma2) r0 -= 2 * gamma2;
    int32_t r1;
    if (r - r0 == FC__MLDSA_Q - 1) {
      r1 = 0;
      r0 -= 1;
    } else {
      r1 = (r - r0) / (2 * gamma2);
    }
    if (h[i]) r1 = r0 > 0 ? (r1 + 1 == m ? 0 : r1 + 1) : (r1 == 0 ? m - 1 : r1 - 1);
    w1[i] = r1;
  }
}

/* rej and mul_acc24: the portable code of mldsa_verify.c. */
const fc__mldsa_kernel fc__mldsa_scalar = {
    .h = {"scalar", 0},
    .ntt = ntt_scalar,
    .invntt = invntt_scalar,
    .mul_acc = mul_acc_scalar,
    .use_hint = use_hint_scalar,
    .stack = 256,
};
