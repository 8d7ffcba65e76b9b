/*
 * Portable model of the avx512ifma kernel: src/mont_ifma_body.h built over
 * plain C, one function per vector instruction the kernel uses, lane for
 * lane as Intel's SDM describes them (VPMADD52LUQ/HUQ: the low 52 bits of
 * each source, 104-bit product, low or high 52 bits added to the 64-bit
 * destination lane). Built into the test binaries only (the library never
 * lists it): its descriptor is fc__mont_ifma_model, named "ifma-model".
 */
#include <stdint.h>

typedef struct {
  uint64_t l[8];
} vq;

static vq vpxorq_zero(void) {
  vq r;
  for (int i = 0; i < 8; i++) r.l[i] = 0;
  return r;
}
static vq vpbroadcastq_r64(uint64_t x) {
  vq r;
  for (int i = 0; i < 8; i++) r.l[i] = x;
  return r;
}
static vq vmovdqu64_load(const uint64_t *p) {
  vq r;
  for (int i = 0; i < 8; i++) r.l[i] = p[i];
  return r;
}
static void vmovdqu64_store(uint64_t *p, vq v) {
  for (int i = 0; i < 8; i++) p[i] = v.l[i];
}
static vq vpaddq(vq a, vq b) {
  for (int i = 0; i < 8; i++) a.l[i] += b.l[i];
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
  for (int i = 0; i < 8; i++) {
    uint64_t lo, hi;
    mul52(x.l[i], y.l[i], &lo, &hi);
    c.l[i] += lo;
  }
  return c;
}
static vq vpmadd52huq(vq c, vq x, vq y) {
  for (int i = 0; i < 8; i++) {
    uint64_t lo, hi;
    mul52(x.l[i], y.l[i], &lo, &hi);
    c.l[i] += hi;
  }
  return c;
}
static vq valignq1(vq h, vq l) {
  vq r;
  for (int i = 0; i < 7; i++) r.l[i] = l.l[i + 1];
  r.l[7] = h.l[0];
  return r;
}
static vq vpbroadcastq_lane0(vq v) { return vpbroadcastq_r64(v.l[0]); }
static vq vpsrlq52_k1z(vq v) {
  vq r = vpxorq_zero();
  r.l[0] = v.l[0] >> 52;
  return r;
}

static vq vpandq(vq a, vq b) {
  for (int i = 0; i < 8; i++) a.l[i] &= b.l[i];
  return a;
}
static unsigned vptestmq(vq a, vq b) {
  unsigned k = 0;
  for (int i = 0; i < 8; i++) k |= (unsigned)((a.l[i] & b.l[i]) != 0) << i;
  return k;
}
static vq vmovdqa64_kz(unsigned k, vq a) {
  for (int i = 0; i < 8; i++)
    if (!((k >> i) & 1)) a.l[i] = 0;
  return a;
}
static vq vpblendmq(unsigned k, vq a, vq b) {
  for (int i = 0; i < 8; i++)
    if ((k >> i) & 1) a.l[i] = b.l[i];
  return a;
}
static vq vpaddq_k(vq s, unsigned k, vq a, vq b) {
  for (int i = 0; i < 8; i++)
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
#define V_SRL52_LANE0(v) vpsrlq52_k1z(v)
#define V_AND(a, b) vpandq((a), (b))
#define V_TESTM(a, b) vptestmq((a), (b))
#define V_MASKZ_MOV(k, a) vmovdqa64_kz((k), (a))
#define V_BLEND(k, a, b) vpblendmq((k), (a), (b))
#define V_MASK_ADD(s, k, a, b) vpaddq_k((s), (k), (a), (b))
#define FC_IFMA_NAME "ifma-model"
#define FC_IFMA_NEEDS 0
#define FC_IFMA_DESC fc__mont_ifma_model

#include "mont_ifma_body.h"
