/*
 * The neon Montgomery kernel's squaring (see src/aarch64/mont_neon.c's
 * header for the design and the figures): square_s and its helpers.
 * Included once, by mont_neon.c, after its <arm_neon.h>, DMASK, padded(),
 * kn() and dig(); static functions only.
 */
#ifndef FC_MONT_NEON_SQR_H
#define FC_MONT_NEON_SQR_H

#define SQR_FREE 126  /* largest s squared with no lane normalisation */
#define SQR_FREE1 252 /* largest s whose phase 1 needs no normalisation */
#define SQR_NORM1 120 /* phase-1 rows between normalisations (s > SQR_FREE1) */
#define SQR_NORM2 250 /* phase-2 rows between normalisations (s > SQR_FREE) */

/* Digits j, j+1 (j even) of a p-padded digit array. */
static inline uint32x2_t pair2(const uint64_t *d, size_t j) {
  return vreinterpret_u32_u64(vld1_u64(d + j / 2));
}

/* t[k] += m x_k for 8 digits k (four UMLAL). */
#define ADDMUL8(tp, xp, m, m4)                                            \
  do {                                                                    \
    uint32x4_t x0_ = vreinterpretq_u32_u64(vld1q_u64(xp));                \
    uint32x4_t x1_ = vreinterpretq_u32_u64(vld1q_u64((xp) + 2));          \
    vst1q_u64(tp, vmlal_u32(vld1q_u64(tp), vget_low_u32(x0_), m));        \
    vst1q_u64((tp) + 2, vmlal_high_u32(vld1q_u64((tp) + 2), x0_, m4));    \
    vst1q_u64((tp) + 4, vmlal_u32(vld1q_u64((tp) + 4), vget_low_u32(x1_), m)); \
    vst1q_u64((tp) + 6, vmlal_high_u32(vld1q_u64((tp) + 6), x1_, m4));    \
  } while (0)

/* Lanes t[j .. se) += m * x_j.. (digits of x from j to se - 1; j, se even):
   16 digits (eight UMLAL) per step, then at most one step each of 8, 4, 2. */
static inline void addmul(uint64_t *t, const uint64_t *x, size_t j, size_t se, uint32x2_t m) {
  uint32x4_t m4 = vcombine_u32(m, m);
  uint64_t *tp = t + j;
  const uint64_t *xp = x + j / 2;
  size_t left = se - j;
  for (; left >= 16; left -= 16, tp += 16, xp += 8) {
    ADDMUL8(tp, xp, m, m4);
    ADDMUL8(tp + 8, xp + 4, m, m4);
  }
  if (left & 8) {
    ADDMUL8(tp, xp, m, m4);
    tp += 8;
    xp += 4;
  }
  if (left & 4) {
    uint32x4_t x0 = vreinterpretq_u32_u64(vld1q_u64(xp));
    vst1q_u64(tp, vmlal_u32(vld1q_u64(tp), vget_low_u32(x0), m));
    vst1q_u64(tp + 2, vmlal_high_u32(vld1q_u64(tp + 2), x0, m4));
    tp += 4;
    xp += 2;
  }
  if (left & 2) vst1q_u64(tp, vmlal_u32(vld1q_u64(tp), vreinterpret_u32_u64(vld1_u64(xp)), m));
}

/*
 * Phase 1 of square_s for rows i0 and i0 + 1 (i0 even; a_i0+1 is the zero
 * padding digit when i0 + 1 = s). V(j) is the lane pair t_i0+j, t_i0+j+1
 * (j even). Row i0 adds [a_i0, 2 a_i0] (a_i0, a_i0+1) to V(i0) and
 * 2 a_i0 (a_j, a_j+1) to V(j) for i0 + 2 <= j < se; row i0 + 1 adds
 * [a_i1, 2 a_i1] (a_i1, a_i0+2) to V(i0 + 2) and 2 a_i1 (a_j-1, a_j) to V(j)
 * for i0 + 4 <= j <= se (a_se read as 0): one load and store of each lane
 * pair for both rows, the odd-offset pairs made with EXT.
 */
static inline void sqr_two_rows(uint64_t *t, const uint64_t *a, size_t i0, size_t se) {
  uint32_t a0 = dig(a, i0), a1 = dig(a, i0 + 1);
  uint32x2_t m0 = vdup_n_u32(2 * a0), m1 = vdup_n_u32(2 * a1), zero = vdup_n_u32(0);
  uint32x4_t m0q = vcombine_u32(m0, m0), m1q = vcombine_u32(m1, m1);
  uint64_t *v = t + i0; /* V(j) at v + j */
  vst1q_u64(v + i0, vmlal_u32(vld1q_u64(v + i0), pair2(a, i0), vset_lane_u32(a0, m0, 0)));
  size_t j = i0 + 2;
  uint32x2_t x = j < se ? pair2(a, j) : zero; /* (a_j, a_j+1) */
  uint64x2_t w = vmlal_u32(vld1q_u64(v + j), x, m0);
  uint32x2_t y = vext_u32(vset_lane_u32(a1, zero, 1), x, 1); /* (a_i1, a_j) */
  vst1q_u64(v + j, vmlal_u32(w, y, vset_lane_u32(a1, m1, 0)));
  j += 2;
  if (j + 4 <= se) {
    uint32x4_t prev = vreinterpretq_u32_u64(vld1q_u64(a + (j - 4) / 2));
#define SQR4(vj, xq, yq)                                                  \
  do {                                                                    \
    uint64x2_t w0_ = vmlal_u32(vld1q_u64(vj), vget_low_u32(xq), m0);      \
    uint64x2_t w1_ = vmlal_high_u32(vld1q_u64((vj) + 2), xq, m0q);        \
    vst1q_u64(vj, vmlal_u32(w0_, vget_low_u32(yq), m1));                  \
    vst1q_u64((vj) + 2, vmlal_high_u32(w1_, yq, m1q));                    \
  } while (0)
    for (; j + 8 <= se; j += 8) { /* V(j) .. V(j+6); yq = (a_j-1, a_j, a_j+1, a_j+2) */
      uint32x4_t x0 = vreinterpretq_u32_u64(vld1q_u64(a + j / 2));
      uint32x4_t x1 = vreinterpretq_u32_u64(vld1q_u64(a + j / 2 + 2));
      SQR4(v + j, x0, vextq_u32(prev, x0, 3));
      SQR4(v + j + 4, x1, vextq_u32(x0, x1, 3));
      prev = x1;
    }
    if (j + 4 <= se) {
      uint32x4_t x0 = vreinterpretq_u32_u64(vld1q_u64(a + j / 2));
      SQR4(v + j, x0, vextq_u32(prev, x0, 3));
      j += 4;
    }
#undef SQR4
  }
  if (j + 2 <= se) { /* V(j) with j = se - 2 */
    uint32x2_t xp = pair2(a, j);
    uint64x2_t w0 = vmlal_u32(vld1q_u64(v + j), xp, m0);
    vst1q_u64(v + j, vmlal_u32(w0, vext_u32(pair2(a, j - 2), xp, 1), m1));
    j += 2;
  }
  if (j == se) /* V(se): row i0 + 1's last product, (a_se-1, 0) */
    vst1q_u64(v + j, vmlal_u32(vld1q_u64(v + j), vext_u32(pair2(a, j - 2), zero, 1), m1));
}

/* Lanes t[lo .. hi) carried out to 28-bit digits, the value unchanged; the
   top lane keeps the final carry (the value bound keeps it below 2^29). */
static void normalise_lanes(uint64_t *t, size_t lo, size_t hi) {
  uint64_t c = 0;
  for (size_t k = lo; k + 1 < hi; k++) {
    uint64_t x = t[k] + c;
    c = x >> 28;
    t[k] = x & DMASK;
  }
  t[hi - 1] += c;
}

/*
 * dout = A^2 / R' mod n (canonical p-padded digits) for A < n in digits a
 * (p-padded); dout may alias a. t: the accumulator as 2p lanes t_k of
 * weight 2^(28 k), all zero on entry and on return. s: digits(ctx).
 * Phase 1, T = A^2: row i adds a_i^2 at t_2i and 2 a_i a_j at t_i+j, j > i,
 * two rows per pass (sqr_two_rows): about (s^2 + 2s) / 4 UMLAL, against s p
 * for a general product in rows().
 * Phase 2, Montgomery reduction by rows (HAC Alg. 14.32, radix 2^28):
 * q = t_i (-n^-1) mod 2^28, T += q N 2^(28 i), t_i's carry into t_i+1; then
 * T = A^2 + Q N, T / R' = t_s.. < (n^2 + R' n) / R' < 2n.
 * Lane bounds: a phase-1 row adds to a lane at most one product < 2^57,
 * and lane k is reached by rows i with 2 i - 1 <= k <= i + se - 1 (se = s
 * rounded up to even), at most se/2 + 1 of them; a phase-2 row adds at most
 * one product < 2^56, and t_i+1 gets one carry < 2^36. So with no
 * normalisation a lane stays below (se + 2 + s) 2^56 + 2^36 < 2^64 for
 * s <= SQR_FREE (3528 bits: 1024, 2048, 3072). Above, the lanes are
 * normalised before phase 2 (then < 2^29) and every SQR_NORM2 phase-2 rows
 * (< 2^29 + 250 2^56 + 2^36); phase 1 alone stays below 127 2^57 for
 * s <= SQR_FREE1 (7056 bits) and is normalised every SQR_NORM1 rows above
 * (< 2^28 + 120 2^57).
 */
static inline __attribute__((always_inline)) void square_s(const fc_mont_ctx *ctx, uint64_t *t,
                                                           const uint64_t *a, uint64_t *dout,
                                                           size_t s) {
  const uint64_t *n = kn(ctx);
  size_t se = s + (s & 1), p = padded(s);
  uint32_t nneg = (0u - (uint32_t)ctx->kdata[0]) & DMASK; /* -n^-1 mod 2^28 */
  for (size_t i = 0; i < s; i += 2) {
    sqr_two_rows(t, a, i, se);
    if (s > SQR_FREE1 && (i + 2) % SQR_NORM1 == 0) normalise_lanes(t, 0, 2 * s);
  }
  if (s > SQR_FREE) normalise_lanes(t, 0, 2 * s);
  uint32x2_t n01 = pair2(n, 0);
  for (size_t i = 0; i < s; i++) {
    uint32x2_t q = vdup_n_u32(((uint32_t)t[i] * nneg) & DMASK);
    uint64x2_t v = vmlal_u32(vld1q_u64(t + i), n01, q); /* v_0 = 0 mod 2^28 */
    t[i + 1] = vgetq_lane_u64(v, 1) + (vgetq_lane_u64(v, 0) >> 28);
    addmul(t + i, n, 2, se, q);
    if (s > SQR_FREE && (i + 1) % SQR_NORM2 == 0) normalise_lanes(t, i + 1, 2 * s);
  }
  /* d = T / R' in digits d_j (t_j reused), c its bit 28 s; b: borrow of d - n */
  uint64_t c = 0, b = 0;
  for (size_t j = 0; j < s; j++) {
    uint64_t x = t[s + j] + c;
    c = x >> 28;
    t[j] = x & DMASK;
    b = (t[j] - dig(n, j) - b) >> 63;
  }
  uint64_t keep = 0 - ((c ^ 1) & b); /* all ones iff d < n: d, else d - n */
  uint32_t lo = 0;
  b = 0;
  for (size_t j = 0; j < s; j++) {
    uint64_t u = t[j] - dig(n, j) - b;
    b = u >> 63;
    uint32_t r = (uint32_t)(((t[j] & keep) | (u & ~keep)) & DMASK);
    t[j] = 0;
    t[s + j] = 0;
    if (j & 1)
      dout[j / 2] = ((uint64_t)r << 32) | lo;
    else
      lo = r;
  }
  size_t k = s / 2;
  if (s & 1) dout[k++] = lo;
  for (; k < p / 2; k++) dout[k] = 0;
}

#endif /* FC_MONT_NEON_SQR_H */
