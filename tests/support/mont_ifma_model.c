/*
 * Portable model of the avx512ifma kernel: src/bn/mont_ifma_body.h built over
 * plain C, one function per vector instruction the kernel uses, lane for
 * lane as Intel's SDM describes them (VPMADD52LUQ/HUQ: the low 52 bits of
 * each source, 104-bit product, low or high 52 bits added to the 64-bit
 * destination lane). Built into the test binaries only (the library never
 * lists it): its descriptor is fc__mont_ifma_model, named "ifma-model".
 */
#include <stdint.h>

/* The names of this instance; tests/support/mont_ifma_model_rare.c builds a
   second one, whose set-up division takes each digit one too large and
   ripples every row, so the paths real moduli take about 2^-50 of the time
   run on every row there. */
#ifndef FC_IFMA_MODEL_HOOK
#define FC_IFMA_MODEL_HOOK(x) fc__ifma_model_##x
#define FC_IFMA_MODEL_DESC fc__mont_ifma_model
#define FC_IFMA_MODEL_NAME "ifma-model"
#endif

/* Lanes per vector: the same as the kernel's (src/x86/mont_avx512ifma.c). */
#define VL 8

typedef struct {
  uint64_t l[VL];
} vq;

static vq vpxorq_zero(void) {
  vq r;
  for (int i = 0; i < VL; i++) r.l[i] = 0;
  return r;
}
static vq vpbroadcastq_r64(uint64_t x) {
  vq r;
  for (int i = 0; i < VL; i++) r.l[i] = x;
  return r;
}
static vq vmovdqu64_load(const uint64_t *p) {
  vq r;
  for (int i = 0; i < VL; i++) r.l[i] = p[i];
  return r;
}
static void vmovdqu64_store(uint64_t *p, vq v) {
  for (int i = 0; i < VL; i++) p[i] = v.l[i];
}
static vq vpaddq(vq a, vq b) {
  for (int i = 0; i < VL; i++) a.l[i] += b.l[i];
  return a;
}
/* 52 x 52 -> 104-bit product as (hi52, lo52), from 26-bit halves. */
static void mul52(uint64_t x, uint64_t y, uint64_t *lo, uint64_t *hi) {
  const uint64_t m52 = 0x000fffffffffffffull, m26 = 0x3ffffff;
  x &= m52;
  y &= m52;
  uint64_t x0 = x & m26, x1 = x >> 26, y0 = y & m26, y1 = y >> 26;
  uint64_t p00 = x0 * y0, mid = x0 * y1 + x1 * y0, p11 = x1 * y1; /* mid < 2^53 */
  uint64_t low = p00 + ((mid & m26) << 26);                      /* < 2^53 */
  *lo = low & m52;
  *hi = p11 + (mid >> 26) + (low >> 52);
}
static vq vpmadd52luq(vq c, vq x, vq y) {
  for (int i = 0; i < VL; i++) {
    uint64_t lo, hi;
    mul52(x.l[i], y.l[i], &lo, &hi);
    c.l[i] += lo;
  }
  return c;
}
static vq vpmadd52huq(vq c, vq x, vq y) {
  for (int i = 0; i < VL; i++) {
    uint64_t lo, hi;
    mul52(x.l[i], y.l[i], &lo, &hi);
    c.l[i] += hi;
  }
  return c;
}
static vq valignq1(vq h, vq l) {
  vq r;
  for (int i = 0; i < VL - 1; i++) r.l[i] = l.l[i + 1];
  r.l[VL - 1] = h.l[0];
  return r;
}
static vq vpbroadcastq_lane0(vq v) { return vpbroadcastq_r64(v.l[0]); }
static vq vpermq_lane1(vq v) { return vpbroadcastq_r64(v.l[1]); }
static vq vpsrlq52_k1z(vq v) {
  vq r = vpxorq_zero();
  r.l[0] = v.l[0] >> 52;
  return r;
}

static vq vpsrlq52(vq v) {
  for (int i = 0; i < VL; i++) v.l[i] >>= 52;
  return v;
}
static vq valignq_up1(vq h, vq l) {
  vq r;
  r.l[0] = l.l[VL - 1];
  for (int i = 1; i < VL; i++) r.l[i] = h.l[i - 1];
  return r;
}
static unsigned vpcmpeqq(vq a, vq b) {
  unsigned k = 0;
  for (int i = 0; i < VL; i++) k |= (unsigned)(a.l[i] == b.l[i]) << i;
  return k;
}
static vq vpandq(vq a, vq b) {
  for (int i = 0; i < VL; i++) a.l[i] &= b.l[i];
  return a;
}
static unsigned vptestmq(vq a, vq b) {
  unsigned k = 0;
  for (int i = 0; i < VL; i++) k |= (unsigned)((a.l[i] & b.l[i]) != 0) << i;
  return k;
}
static vq vmovdqa64_kz(unsigned k, vq a) {
  for (int i = 0; i < VL; i++)
    if (!((k >> i) & 1)) a.l[i] = 0;
  return a;
}
static vq vpblendmq(unsigned k, vq a, vq b) {
  for (int i = 0; i < VL; i++)
    if ((k >> i) & 1) a.l[i] = b.l[i];
  return a;
}
static vq vpaddq_k(vq s, unsigned k, vq a, vq b) {
  for (int i = 0; i < VL; i++)
    if ((k >> i) & 1) s.l[i] = a.l[i] + b.l[i];
  return s;
}

#define V vq
#define V_ZERO() vpxorq_zero()
#define V_SET1(x) vpbroadcastq_r64(x)
#define V_LOADU(p) vmovdqu64_load(p)
#define V_STOREU(p, v) vmovdqu64_store((p), (v))
#define V_ADD(a, b) vpaddq((a), (b))
#define V_MADDLO(c, x, y) vpmadd52luq((c), (x), (y))
#define V_MADDHI(c, x, y) vpmadd52huq((c), (x), (y))
#define V_ALIGN1(h, l) valignq1((h), (l))
#define V_BCAST0(v) vpbroadcastq_lane0(v)
#define V_BCAST1(v) vpermq_lane1(v)
#define V_SRL52_LANE0(v) vpsrlq52_k1z(v)
#define V_AND(a, b) vpandq((a), (b))
#define V_SRL52(v) vpsrlq52(v)
#define V_ALIGN_UP1(h, l) valignq_up1((h), (l))
#define V_CMPEQ(a, b) vpcmpeqq((a), (b))
#define V_TESTM(a, b) vptestmq((a), (b))
#define V_MASKZ_MOV(k, a) vmovdqa64_kz((k), (a))
#define V_BLEND(k, a, b) vpblendmq((k), (a), (b))
#define V_MASK_ADD(s, k, a, b) vpaddq_k((s), (k), (a), (b))
#define FC_IFMA_NAME FC_IFMA_MODEL_NAME
#define FC_IFMA_NEEDS 0
#define FC_IFMA_DESC FC_IFMA_MODEL_DESC

#include "bn/mont_ifma_body.h"

/* Test hook: the kernel's carry pass on limbs given in memory (nv vectors,
   limbs < 2^62, value < 2^(52 VL nv)); r gets VL nv normalised limbs. */
void FC_IFMA_MODEL_HOOK(normalise)(uint64_t *r, const uint64_t *limbs, size_t nv);
void FC_IFMA_MODEL_HOOK(normalise)(uint64_t *r, const uint64_t *limbs, size_t nv) {
  vq acc[NVMAX];
  for (size_t j = 0; j < nv; j++) acc[j] = vmovdqu64_load(limbs + VL * j);
  normalise(r, acc, nv);
}

#if defined(IFMA_POW2_52)
/* Test hook: x = 2^e mod n by the kernel's radix-2^52 division (L limbs,
   L = VL * vectors for ctx), for e + 1 >= nbits. */
void FC_IFMA_MODEL_HOOK(pow2)(const fc_mont_ctx *ctx, uint64_t *x, size_t e);
void FC_IFMA_MODEL_HOOK(pow2)(const fc_mont_ctx *ctx, uint64_t *x, size_t e) {
  uint64_t nc[LMAX], n52[LMAX];
  to52(n52, ctx->n, ctx->nwords, VL * nvec(ctx));
  pow2_52(ctx, n52, x, nc, e, NULL, NULL, 0);
}
#endif

/* Lanes per vector of the model (and kernel). */
unsigned FC_IFMA_MODEL_HOOK(lanes)(void);
unsigned FC_IFMA_MODEL_HOOK(lanes)(void) { return VL; }
