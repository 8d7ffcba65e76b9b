/*
 * The radix-2^52 Montgomery kernel written once over eight-lane vector
 * operations, so the same steps build the avx512ifma kernel (intrinsics,
 * src/x86/mont_avx512ifma.c) and its portable model (plain C, one function
 * per instruction, tests/support/mont_ifma_model.c) that tests the
 * arithmetic on machines without AVX-512 IFMA.
 *
 * The includer defines, before including this file:
 *   V                 an eight-lane vector of 64-bit lanes
 *   V_ZERO()          all lanes 0                          (vpxorq)
 *   V_SET1(x)         all lanes x                          (vpbroadcastq r64/m64)
 *   V_LOADU(p)        8 lanes from p, any alignment        (vmovdqu64)
 *   V_STOREU(p, v)                                         (vmovdqu64)
 *   V_ADD(a, b)       lane-wise a + b mod 2^64             (vpaddq)
 *   V_MADDLO(c, x, y) c + low 52 bits of x[51:0]*y[51:0]   (vpmadd52luq)
 *   V_MADDHI(c, x, y) c + bits 52..103 of x[51:0]*y[51:0]  (vpmadd52huq)
 *   V_ALIGN1(h, l)    lanes l1..l7, h0                     (valignq $1)
 *   V_BCAST0(v)       all lanes v0                         (vpbroadcastq zmm, xmm)
 *   V_BCAST1(v)       all lanes v1                         (vpermq with all indices 1)
 *   V_SRL52_LANE0(v)  lane 0: v0 >> 52, other lanes 0      (vpsrlq $52 with k = 1, zeroing)
 *   V_SRL52(v)        every lane >> 52                     (vpsrlq $52)
 *   V_ALIGN_UP1(h, l) lanes l7, h0..h6                     (valignq $7)
 *   V_CMPEQ(a, b)     mask (unsigned, bit l = lane l): a_l == b_l        (vpcmpeqq)
 *   V_AND(a, b)                                            (vpandq)
 *   V_TESTM(a, b)     mask (unsigned, bit l = lane l): a_l & b_l != 0   (vptestmq)
 *   V_MASKZ_MOV(k, a) lanes of k from a, others 0          (vmovdqa64 with k, zeroing)
 *   V_BLEND(k, a, b)  lanes of k from b, others from a     (vpblendmq)
 *   V_MASK_ADD(s, k, a, b)  lanes of k: a + b, others s    (vpaddq with k, merging)
 *   FC_IFMA_NAME, FC_IFMA_NEEDS, FC_IFMA_DESC   descriptor name, needs, symbol
 * and may define FC_IFMA_INLINE (forces the per-size instantiations inline).
 *
 * Algorithm: word-by-word ("almost") Montgomery multiplication in radix
 * 2^52 with the multiply-accumulates of IFMA, as in Gueron and Krasnov,
 * "Accelerating Big Integer Arithmetic Using Intel IFMA Extensions"
 * (ARITH 2016), Algorithm 2 (AMM): values stay in [0, 2n) between steps and
 * limbs stay redundant (up to 64 bits) inside a product; one carry pass
 * normalises them at its end.
 *
 * Representation: L = 8 nv limbs of 52 bits, least significant first, with
 * 52 L >= 32 nwords + 2, so R' = 2^(52 L) >= 4n (nv <= NVMAX = 20 at 8192
 * bits: 160 limbs). Montgomery form x R' mod n, in [0, 2n).
 *
 * Row i (i = 0 .. L-1) of r = a b / R': q = (acc_0 + a_i b_0) k0 mod 2^52,
 * k0 = -1/n mod 2^52, computed as acc_0 k0 + a_i (b_0 k0 mod 2^52) in the
 * low 52 bits (the high bits of q are ignored by the multiplier inputs).
 * x = acc + lo(a_i b) + lo(q n) has x_0 = 0 mod 2^52; the shift by one limb
 * drops it, carries x_0 >> 52 into the new limb 0 and adds hi(a_i b) +
 * hi(q n), whose place is one limb up, at the shifted place.
 * Bounds: a row adds below 4 * 2^52 to a limb, plus a carry below 2^12 into
 * limb 0; a limb lives at most L rows, so limbs stay below
 * 160 * 2^54 + 2^12 < 2^62: no lane overflows. a, b < 2n gives
 * (a b + Q n)/R' < 4n^2/R' + n <= 2n: the result is in [0, 2n) and its
 * normalised limbs fit L limbs.
 */
#ifndef FC_MONT_IFMA_BODY_H
#define FC_MONT_IFMA_BODY_H

#include "bn/bn_internal.h"

#ifndef FC_IFMA_INLINE
#define FC_IFMA_INLINE inline
#endif
/* Each instance keeps its own frame (a caller that inlined them all would
   carry the largest frame at every size). */
#define FC_IFMA_NOINLINE __attribute__((noinline))

/* The unroll requests below are for the constant vector counts; clang
   reports the general instance (run-time count) as a failed transformation. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpass-failed"
#define FC_UNROLL _Pragma("unroll")
#else
#define FC_UNROLL _Pragma("GCC unroll 40")
#endif

#ifndef VL
#error "define VL (64-bit lanes per vector: 4 or 8) before including mont_ifma_body.h"
#endif
#define NVMAX (160 / VL) /* vectors at 8192 bits */
/* Vectors for a modulus of `bits` bits (nwords = bits / 32). */
#define NVB(bits) (((bits) + 2 + 52 * VL - 1) / (52 * VL))

/*
 * Limb 0 of the next row's accumulator, in every lane, straight from the
 * row's vector 0 (x: lanes before the shift, h: its high parts with the
 * carry out of lane 0 already added to lane 0): x_1 + h_0. The same value
 * as broadcasting lane 0 of acc[0] after the shift, reached without the
 * shift's latency: this sum is the chain of a row (amm: l0 -> q -> x ->
 * carry -> h -> broadcast -> l0; ams takes the carry from l0 beforehand),
 * about 14 cycles on the development machine, where the rows' vector
 * operations (about 40 a squaring row at 2048 bits on two 512-bit ports)
 * bind first.
 */
#define NEXT_LIMB0(x, h) V_ADD(V_BCAST1(x), V_BCAST0(h))
#define LMAX (VL * NVMAX)
/*
 * Where a row's high parts go, for vectors 1 .. nv-1 (vector 0's feed the
 * next limb 0 and stay apart). Below 8 vectors of 8 lanes: into a fresh
 * vector h, added after the shift (the path of an accumulator through a
 * row: 2 multiply-accumulates, valignq, vpaddq, about 12 cycles). From
 * 8 on: straight into the shifted vector, one vpaddq and one
 * zeroed register fewer per vector and row, but 4 multiply-accumulates and
 * valignq (about 19 cycles) on that path, which only enough vectors per
 * row hide. Measured on the development machine (e = 65537 modpow, us,
 * fresh h / direct): 2048 bits (5 vectors) 5.8 / 6.2, 3072 (8) 12.5-13.6 /
 * 11.7, 4096 (10) 18.3 / 16.8; 7 and 9 vectors were a draw. The general
 * instance (above 10 vectors, accumulator in scratch memory) keeps h, and
 * its choice must be a compile-time constant there too: decided at run
 * time in its loop it cost 8192 bits 20-50%.
 */
#define HI_DIRECT(nv) ((nv) * VL >= 64 && (nv) * VL <= 80)
#define MASK52 0x000fffffffffffffull

/*
 * kdata (uint64): [0] k0 = -1/n mod 2^52, [8 .. 8+LMAX) n, then R'^2 mod n,
 * then C = R'^2 / R mod n (R = 2^(32 nwords)), all in L limbs, zero beyond:
 * 8 + 3 * 160 = 488 words (3904 bytes); [1] and the upper halves of the
 * first two slots: verify_f4's constants (below).
 */
#define K_N 8
#define K_RR (K_N + LMAX)
#define K_C (K_RR + LMAX)
/* Up to NVFIX vectors the slots' upper halves are free: [1] k and the
   e = 2^k + 1 verification constants KR and AK (verify_f4), k = 0: none. */
#define K_F4 1
#define K_KR (K_N + LMAX / 2)
#define K_AK (K_RR + LMAX / 2)
_Static_assert((K_C + LMAX) * 8 <= FC_MONT_KDATA_BYTES, "kdata too small");

static size_t nvec(const fc_mont_ctx *ctx) { return NVB(32 * (size_t)ctx->nwords); }

static uint32_t word_at(const uint32_t *w, size_t nw, size_t k) { return k < nw ? w[k] : 0; }

/* Bits pos .. pos + 51 of w[0 .. nw) (32-bit words; zeros below bit 0 and
   above the last word). */
static uint64_t bits52(const uint32_t *w, size_t nw, long pos) {
  if (pos < 0) return pos <= -52 ? 0 : (bits52(w, nw, 0) << -pos) & MASK52;
  size_t k = (size_t)pos / 32;
  unsigned sh = (unsigned)pos % 32;
  uint64_t v = ((uint64_t)word_at(w, nw, k + 1) << 32 | word_at(w, nw, k)) >> sh;
  if (sh > 12) v |= (uint64_t)word_at(w, nw, k + 2) << (64 - sh);
  return v & MASK52;
}

/* w[0..nw) (32-bit words) to L limbs of 52 bits, zero-extended. */
static void to52(uint64_t *d, const uint32_t *w, size_t nw, size_t L) {
  size_t j = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  /* the words' bytes are the number's, least significant first: limb j is
     8 bytes from byte 52j / 8 shifted by 52j mod 8 (0 or 4), while those
     bytes lie inside w */
  const unsigned char *bytes = (const unsigned char *)w;
  /* eight limbs (52 bytes) at a time with constant offsets, then one by one */
  for (; j + 8 <= L && 52 * (j + 7) / 8 + 8 <= 4 * nw; j += 8) {
    FC_UNROLL
    for (unsigned m = 0; m < 8; m++) {
      uint64_t v;
      __builtin_memcpy(&v, bytes + 52 * j / 8 + 52 * m / 8, 8);
      d[j + m] = (v >> (52 * m % 8)) & MASK52;
    }
  }
  for (; j < L && 52 * j / 8 + 8 <= 4 * nw; j++) {
    uint64_t v;
    __builtin_memcpy(&v, bytes + 52 * j / 8, 8);
    d[j] = (v >> (52 * j % 8)) & MASK52;
  }
#endif
  for (; j < L; j++) d[j] = bits52(w, nw, (long)(52 * j));
}

/* L normalised limbs to nw 32-bit words (value < 2^(32 nw)). Eight limbs
   are 416 bits, 13 words: whole groups first (word m of a group is bits
   32 m .. 32 m + 31 of its eight limbs, shifts the compiler knows), then
   the words left one at a time. */
static void to32(uint32_t *w, const uint64_t *d, size_t nw) {
  size_t k = 0;
  for (; k + 13 <= nw; k += 13, d += 8) {
    FC_UNROLL
    for (unsigned m = 0; m < 13; m++) {
      unsigned j = 32 * m / 52, sh = 32 * m % 52; /* sh > 20: the word spans limbs j, j + 1 <= 7 */
      uint64_t v = d[j] >> sh;
      if (sh > 20) v |= d[j + 1] << (52 - sh);
      w[k + m] = (uint32_t)v;
    }
  }
  w += k;
  nw -= k;
  for (k = 0; k < nw; k++) {
    size_t bit = 32 * k, j = bit / 52;
    unsigned sh = (unsigned)(bit % 52);
    uint64_t v = d[j] >> sh;
    if (sh > 20) v |= d[j + 1] << (52 - sh);
    w[k] = (uint32_t)v;
  }
}

/* d = d - n if d >= n, for normalised limbs; constant time in d. */
static void cond_sub(uint64_t *d, const uint64_t *n, size_t L) {
  uint64_t borrow = 0;
  for (size_t j = 0; j < L; j++) borrow = (d[j] - n[j] - borrow) >> 63;
  uint64_t keep = 0 - borrow, c = 0; /* keep: all ones iff d < n */
  for (size_t j = 0; j < L; j++) {
    uint64_t v = d[j] - (n[j] & ~keep) - c;
    c = v >> 63;
    d[j] = v & MASK52;
  }
}

/*
 * r = acc as normalised limbs, for limbs below 2^62 and a value below
 * 2^(52 L); the carries run in the vector registers, not limb by limb.
 * Round 1: x_l = (acc_l mod 2^52) + (acc_(l-1) >> 52) < 2^52 + 2^12.
 * Every x_l below 2^52 is the normalised form, and the usual case: x_l
 * reaches 2^52 only when acc_l mod 2^52 lies within 2^12 of 2^52 (about
 * 2^-40 a limb for products of random operands), so one predictable
 * branch skips round 2 (out of line: normalise_ripple), whose lookahead
 * sat on the path into the next product (measured on the development
 * machine: 2048-bit fc_modpow, e = 65537, 12,700 -> 12,250 TSC ticks).
 * Variable time, rarely: the Montgomery kernels serve public-key
 * operations on public values.
 * Round 2: z_l = x_l mod 2^52, a_l = x_(l-1) >> 52 in {0, 1}. A limb
 * z_l + a_l + r_l (r_l: carry rippling in) overflows iff z_l = 2^52 - 1 and
 * a_l or r_l is set; a_l and r_l are never both set (a_l = 1 leaves
 * z_(l-1) < 2^12, which stops any ripple). So with bit masks P (z_l all
 * ones) and G = P & A, the carries into each limb are the carries of the
 * integer sum P + G: R = (P + G) ^ P ^ G (carry-lookahead by one addition,
 * 64 limbs per machine word). Then r_l = (z_l + a_l + R_l) mod 2^52.
 */
#define NWORDS ((LMAX + 63) / 64)
/* Round 2 and the lookahead on the round-1 limbs stored in r[0 .. VL nv),
   in place; out of line: its frame is only live when it runs. */
FC_IFMA_NOINLINE static void normalise_ripple(uint64_t *r, size_t nv) {
  const V m52 = V_SET1(MASK52), zero = V_ZERO();
  uint64_t P[NWORDS] = {0}, G[NWORDS] = {0};
  V prev = zero;
  for (size_t j = 0; j < nv; j++) {
    V x = V_LOADU(r + VL * j);
    V k = V_SRL52(x), z = V_AND(x, m52), a = V_ALIGN_UP1(k, prev);
    unsigned p = V_CMPEQ(z, m52), g = p & V_TESTM(a, a);
    size_t bit = VL * j;
    P[bit / 64] |= (uint64_t)p << (bit % 64);
    G[bit / 64] |= (uint64_t)g << (bit % 64);
    V_STOREU(r + VL * j, V_ADD(z, a));
    prev = k;
  }
  uint64_t cin = 0;
  for (size_t w = 0; w < NWORDS; w++) {
    uint64_t t = P[w] + G[w], s = t + cin;
    uint64_t cout = (uint64_t)(t < P[w]) | (uint64_t)(s < t);
    P[w] = s ^ P[w] ^ G[w]; /* the carries into each limb */
    cin = cout;
  }
  const V one = V_SET1(1);
  for (size_t j = 0; j < nv; j++) {
    size_t bit = VL * j;
    unsigned rk = (unsigned)(P[bit / 64] >> (bit % 64)) & ((1u << VL) - 1);
    V x = V_LOADU(r + VL * j);
    V_STOREU(r + VL * j, V_AND(V_MASK_ADD(x, rk, x, one), m52));
  }
}

static FC_IFMA_INLINE void normalise(uint64_t *r, V *acc, size_t nv) {
  const V m52 = V_SET1(MASK52), zero = V_ZERO(), high = V_SET1(~MASK52);
  V prev = zero;
  unsigned over = 0;
  for (size_t j = 0; j < nv; j++) {
    V c = V_SRL52(acc[j]);
    V x = V_ADD(V_AND(acc[j], m52), V_ALIGN_UP1(c, prev));
    over |= V_TESTM(x, high);
    V_STOREU(r + VL * j, x);
    prev = c;
  }
  if (__builtin_expect(over != 0, 0)) normalise_ripple(r, nv);
}

/*
 * One row of amm: acc = (acc + a_i b [+ d_i c] + q n) / 2^52, with
 * q = (acc_0 + a_i b_0 [+ d_i c_0]) k0 mod 2^52 from bk = b_0 k0 and
 * ck = c_0 k0 mod 2^52; the bracketed second product only when `extra`
 * (a constant at every call). l0p: limb 0 of acc in every lane.
 */
static FC_IFMA_INLINE void amm_row(V ai, V di, int extra, const uint64_t *b, const uint64_t *c,
                                   const uint64_t *n, V BK, V CK, V K0, size_t nv, V *acc, V *l0p,
                                   int direct) {
  const V zero = V_ZERO();
#define B(j) V_LOADU(b + VL * (j))
#define C(j) V_LOADU(c + VL * (j))
#define N(j) V_LOADU(n + VL * (j))
/* t + lo (or hi) parts of a_i b_j [+ d_i c_j] + q n_j */
#define ROW_LO(t, j) V_MADDLO(extra ? V_MADDLO(V_MADDLO(t, ai, B(j)), di, C(j)) : V_MADDLO(t, ai, B(j)), q, N(j))
#define ROW_HI(t, j) V_MADDHI(extra ? V_MADDHI(V_MADDHI(t, ai, B(j)), di, C(j)) : V_MADDHI(t, ai, B(j)), q, N(j))
  V q = V_MADDLO(V_MADDLO(zero, ai, BK), *l0p, K0);
  if (extra) q = V_MADDLO(q, di, CK);
  V x = ROW_LO(acc[0], 0);
  V hq = ROW_HI(zero, 0);
  V cy = V_SRL52_LANE0(x);
  V h = V_ADD(hq, cy);
  *l0p = NEXT_LIMB0(x, h);
  for (size_t j = 1; j < nv; j++) {
    V y = ROW_LO(acc[j], j);
    if (direct && j > 1)
      acc[j - 1] = ROW_HI(V_ALIGN1(y, x), j - 1);
    else
      acc[j - 1] = V_ADD(V_ALIGN1(y, x), h);
    if (!direct) h = ROW_HI(zero, j);
    x = y;
  }
  if (direct && nv > 1)
    acc[nv - 1] = ROW_HI(V_ALIGN1(zero, x), nv - 1);
  else
    acc[nv - 1] = V_ADD(V_ALIGN1(zero, x), h);
#undef ROW_LO
#undef ROW_HI
#undef B
#undef C
}

/*
 * r = (a b + d c) / R' mod n in [0, 2n), normalised limbs, where d has
 * drows limbs (drows a constant: 0 in the plain product, then d and c
 * are unused). a, b < 2n in normalised limbs MUST hold, and for drows > 0
 * the bound in verify_f4's comment; r may alias a or b (written after the
 * last row). nv is a constant in the instantiations below, so the loops
 * over vectors unroll and acc stays in registers.
 * Bounds: a row adds below 4 * 2^52 to a limb (6 * 2^52 in the first
 * drows <= F4_ROWS rows); see the top of this file.
 */
static FC_IFMA_INLINE void amm(uint64_t *r, const uint64_t *a, const uint64_t *b,
                               const uint64_t *d, const uint64_t *c, size_t drows,
                               const uint64_t *n, uint64_t k0, size_t nv, V *acc, int direct) {
  const V K0 = V_SET1(k0), zero = V_ZERO();
  for (size_t j = 0; j < nv; j++) acc[j] = zero;
  const V BK = V_MADDLO(zero, V_BCAST0(V_LOADU(b)), K0); /* b_0 k0 mod 2^52 */
  const V CK = drows ? V_MADDLO(zero, V_BCAST0(V_LOADU(c)), K0) : zero;
  V l0 = zero; /* limb 0 of acc in every lane */
  size_t i = 0;
  for (; i < drows; i++)
    amm_row(V_SET1(a[i]), V_SET1(d[i]), 1, b, c, n, BK, CK, K0, nv, acc, &l0, direct);
  for (; i < VL * nv; i++)
    amm_row(V_SET1(a[i]), zero, 0, b, c, n, BK, CK, K0, nv, acc, &l0, direct);
  normalise(r, acc, nv);
}

/* Row i = VL v + l of ams; last: l = VL - 1 (vector v + 1 then starts with
   d_(i+1), not d'_(i+1)). */
static FC_IFMA_INLINE void ams_row(const uint64_t *a, const uint64_t *n, size_t nv, size_t v,
                                   unsigned l, int last, V *acc, const V *D, const V *Dp,
                                   V *l0p, V K0, V bk) {
  const V zero = V_ZERO();
#define A(j) V_LOADU(a + VL * (j))
#define DV(j) (D ? D[j] : V_AND(V_ADD(A(j), A(j)), V_SET1(MASK52)))
  V ai = V_SET1(a[VL * v + l]), l0 = *l0p;
  /* only row 0 has a product at place 0 (a_0^2): its q takes it in */
  int first = v == 0 && l == 0;
  V q = first ? V_MADDLO(V_MADDLO(zero, ai, bk), l0, K0) : V_MADDLO(zero, l0, K0);
  unsigned m = (1u << VL) - 1, eq1 = (2u << l) & m, gt1 = (0xfcu << l) & m;
  /* 0.., a_i, d_(i+1), d'.. */
  V sv = V_BLEND(gt1, V_BLEND(eq1, V_MASKZ_MOV(1u << l, A(v)), DV(v)), Dp[v]);
  V x = zero, h = zero, sp = zero;
  const int direct = D != NULL && HI_DIRECT(nv); /* a constant: D is NULL in the general instance */
  /* the high parts of vector k (>= 1), added straight into its shifted place */
#define AMS_HI(t, k) V_MADDHI((k) >= v ? V_MADDHI(t, ai, sp) : (t), q, N(k))
  /* rows after row 0 add nothing at place 0, so limb 0 is l0 and the carry
     out of it after q n is known from l0 alone:
     x_0 = l0 + (-l0 mod 2^52) = 2^52 ceil(l0 / 2^52) */
  V cy0 = first ? zero : V_SRL52_LANE0(V_ADD(l0, V_SET1(MASK52)));
FC_UNROLL
  for (size_t j = 0; j < nv; j++) {
    V y = acc[j], hj = j == 0 ? cy0 : zero, sj = zero;
    if (j >= v) {
      sj = j == v ? sv : last && j == v + 1 ? V_BLEND(1u, Dp[j], DV(j)) : Dp[j];
      y = V_MADDLO(y, ai, sj);
      if (!direct || j == 0) hj = V_MADDHI(hj, ai, sj);
    }
    y = V_MADDLO(y, q, N(j));
    if (!direct || j == 0) hj = V_MADDHI(hj, q, N(j));
    if (j == 0) { /* vector 0's high parts stay apart: they feed the next row's limb 0 */
      if (first) hj = V_ADD(hj, V_SRL52_LANE0(y));
      *l0p = NEXT_LIMB0(y, hj);
    } else if (direct && j > 1)
      acc[j - 1] = AMS_HI(V_ALIGN1(y, x), j - 1);
    else
      acc[j - 1] = V_ADD(V_ALIGN1(y, x), h);
    x = y;
    h = hj;
    sp = sj;
  }
  if (direct && nv > 1)
    acc[nv - 1] = AMS_HI(V_ALIGN1(zero, x), nv - 1);
  else
    acc[nv - 1] = V_ADD(V_ALIGN1(zero, x), h);
#undef AMS_HI
#undef A
#undef DV
}

/*
 * r = a^2 / R' mod n in [0, 2n): the rows of amm with b = a, where row i
 * adds a_i (a_i + 2 sum over m > i of a_m 2^(52 (m - i))) (HAC Alg.
 * 14.16's triangle, interleaved with the reduction). The doubled part is
 * written in 52-bit limbs without a ripple: 2 a_m = d_m + 2^52 c_m (d_m
 * even), so its limbs are d_(i+1) at place 1 and d'_m = d_m + c_(m-1) <=
 * 2^52 - 1 above (2 a < 2^(52 L): no carry out of the top). Row i's
 * operand: zero below place 0, a_i, d_(i+1), then D' (Dp, nv vectors,
 * computed once); D, the d_m, is NULL in the general instance (no room in
 * its scratch): the rows then recompute the d_m they use from a, and do
 * not peel the last row of each vector (measured faster that way); the
 * constant-count instances keep D and peel it.
 * The row adds exactly the products of a_i with 52-bit operands: below
 * 4 * 2^52 to a limb (lo, hi and the q n parts), limbs stay below
 * 160 * 4 * 2^52 + 2^12 < 2^62. Only row 0 has a product at relative place
 * 0 (a_0^2), so only its q needs the b-term. In the other rows limb 0 is l0
 * itself, so the carry out of it, x_0 / 2^52 with x_0 = l0 +
 * (-l0 mod 2^52), is ceil(l0 / 2^52) = (l0 + 2^52 - 1) >> 52 (l0 < 2^62: no
 * overflow), known before q: it starts the high part of vector 0 and
 * leaves the row's chain (measured 4% faster at 2048 bits, 10% at 8192;
 * the same in amm, where it costs a product more, measured slower).
 * Rows in vector v skip the products of vectors below v: about 3/4 of
 * amm's multiply-accumulates at 2048 bits.
 */
static FC_IFMA_INLINE void ams(uint64_t *r, const uint64_t *a, const uint64_t *n, uint64_t k0,
                               size_t nv, V *acc, V *Dp, V *D) {
  const V K0 = V_SET1(k0), zero = V_ZERO();
#define A(j) V_LOADU(a + VL * (j))
  V cprev = zero; /* c_(m-1) of the vector below, in its lane 7 */
  for (size_t j = 0; j < nv; j++) {
    acc[j] = zero;
    V a2 = V_ADD(A(j), A(j)), d = V_AND(a2, V_SET1(MASK52)), c = V_SRL52(a2);
    if (D) D[j] = d;
    Dp[j] = V_ADD(d, V_ALIGN_UP1(c, cprev));
    cprev = c;
  }
  const V bk = V_MADDLO(zero, V_BCAST0(A(0)), K0); /* row 0: a_0 k0 mod 2^52 */
  V l0 = zero;                                /* limb 0 of acc in every lane */
  /* unrolled over v (and j in the row) so that j >= v is decided at compile time */
FC_UNROLL
  for (size_t v = 0; v < nv; v++) {
    if (D) { /* the constant-count instances: the last row peeled */
      for (unsigned l = 0; l < VL - 1; l++) ams_row(a, n, nv, v, l, 0, acc, D, Dp, &l0, K0, bk);
      ams_row(a, n, nv, v, VL - 1, 1, acc, D, Dp, &l0, K0, bk);
    } else
      for (unsigned l = 0; l < VL; l++) ams_row(a, n, nv, v, l, l == VL - 1, acc, D, Dp, &l0, K0, bk);
  }
  normalise(r, acc, nv);
#undef A
#undef N
}

/*
 * Instantiations with a constant vector count for nv <= NVFIX (up to 4160
 * bits with VL 8): the loops over vectors unroll and the accumulator stays
 * in registers. Above, one general instantiation works on scratch vectors
 * the caller provides (the modpow workspace, or mont_mul's stack), so the
 * kernel's own stack stays small at every size.
 */
#define NVFIX (80 / VL)
#define AMM_FIXED(NV)                                                                    \
  FC_IFMA_NOINLINE static void amm_##NV(uint64_t *r, const uint64_t *a, const uint64_t *b,               \
                       const uint64_t *n, uint64_t k0) {                                \
    V acc[NV];                                                                           \
    amm(r, a, b, NULL, NULL, 0, n, k0, NV, acc, HI_DIRECT(NV));                          \
  }                                                                                      \
  FC_IFMA_NOINLINE static void ams_##NV(uint64_t *r, const uint64_t *a, const uint64_t *n,   \
                                         uint64_t k0) {                                 \
    V acc[NV], dp[NV], d[NV];                                                            \
    ams(r, a, n, k0, NV, acc, dp, d);                                                    \
  }
AMM_FIXED(1)
AMM_FIXED(2)
AMM_FIXED(3)
AMM_FIXED(4)
AMM_FIXED(5)
AMM_FIXED(6)
AMM_FIXED(7)
AMM_FIXED(8)
AMM_FIXED(9)
AMM_FIXED(10)
_Static_assert(NVFIX == 10, "AMM_FIXED instances cover 1 .. NVFIX");

/* nv > NVFIX: acc and d are nv vectors each of scratch (64-byte aligned). */
FC_IFMA_NOINLINE static void amm_any(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *n,
                    uint64_t k0, size_t nv, V *acc) {
  amm(r, a, b, NULL, NULL, 0, n, k0, nv, acc, 0);
}
FC_IFMA_NOINLINE static void ams_any(uint64_t *r, const uint64_t *a, const uint64_t *n, uint64_t k0, size_t nv,
                    V *acc, V *d) {
  ams(r, a, n, k0, nv, acc, d, NULL);
}

#define CASES(F, ...)            \
  case 1: F##_1(__VA_ARGS__); break; \
  case 2: F##_2(__VA_ARGS__); break; \
  case 3: F##_3(__VA_ARGS__); break; \
  case 4: F##_4(__VA_ARGS__); break; \
  case 5: F##_5(__VA_ARGS__); break; \
  case 6: F##_6(__VA_ARGS__); break; \
  case 7: F##_7(__VA_ARGS__); break; \
  case 8: F##_8(__VA_ARGS__); break; \
  case 9: F##_9(__VA_ARGS__); break; \
  case 10: F##_10(__VA_ARGS__); break;

/* r = a^2 / R'; scratch: 2 nv vectors when nv > NVFIX. */
static void square(const fc_mont_ctx *ctx, uint64_t *r, const uint64_t *a, V *scratch) {
  const uint64_t *n = ctx->kdata + K_N;
  uint64_t k0 = ctx->kdata[0];
  size_t nv = nvec(ctx);
  switch (nv) {
    CASES(ams, r, a, n, k0)
    default: ams_any(r, a, n, k0, nv, scratch, scratch + nv); break;
  }
}

/* r = a b / R'; scratch: nv vectors when nv > NVFIX. */
static void product(const fc_mont_ctx *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b,
                    V *scratch) {
  const uint64_t *n = ctx->kdata + K_N;
  uint64_t k0 = ctx->kdata[0];
  size_t nv = nvec(ctx);
  switch (nv) {
    CASES(amm, r, a, b, n, k0)
    default: amm_any(r, a, b, n, k0, nv, scratch); break;
  }
}

#if !defined(__OPTIMIZE_SIZE__) && defined(__SIZEOF_INT128__)
/*
 * fc_mont_init's R'^2 = 2^(104 L) mod n by long division in radix B = 2^52
 * with one quotient digit per row (Knuth, TAOCP vol. 2, 4.3.1, Algorithm
 * D), each row a few vector operations per eight limbs, where a 64-bit
 * digit step of the scalar division (src/bn/bn_util.c) is a carry chain
 * through every limb. N = n 2^s, s = 52 L - nbits (top bit at 52 L - 1);
 * X = 2^a < N to start, then rows X = X B mod N up to 2^(e + s) mod N =
 * 2^s (2^e mod n), shifted down by s at the end.
 * A row: the digit q (or one more, rarely) by one product of X's
 * top 64 bits with a reciprocal of N's top 64 bits (qhat52), then
 * S = X B + q (B^L - N) = (X B - q N) + q B^L, every term non-negative:
 * multiply-accumulates into the limbs and one carry step in the registers,
 * which keeps every limb below B + 4 without a test; limb L of S is q
 * when X B - q N >= 0 (see div_rows), and otherwise the row ripples X in
 * memory and adds N back while it is negative (X B - q N >= -N). Public
 * data (the modulus): variable time. The includer may define
 * IFMA_DIV104(hi, lo, d) (the quotient of a 128-bit value by d, known to
 * fit 64 bits; once per division, for the reciprocal); the default divides
 * an unsigned __int128 (a libgcc call on some targets: the kernel defines
 * it).
 */
/* Lane i of v, a constant i (the kernel extracts it in registers: a load
   of a lane just stored as a whole vector would wait for the store). */
#ifndef IFMA_LANE
static inline uint64_t ifma_lane(V v, unsigned i) {
  uint64_t t[VL];
  V_STOREU(t, v);
  return t[i];
}
#define IFMA_LANE(v, i) ifma_lane((v), (i))
#endif
#ifndef IFMA_DIV104
#define IFMA_DIV104(hi, lo, d) ((uint64_t)(((unsigned __int128)(hi) << 64 | (lo)) / (d)))
#endif

/* The digit of X B / N (the row's digit q, X < N, N's top bit at 52 L - 1)
   or one more, from X's top limbs u2, u1 (limbs L-1, L-2; every
   limb of X below B + 4) and r = ceil(2^126 / vt), vt = floor(N / 2^t)
   (N's top 64 bits, >= 2^63, so r <= 2^63), t = 52 L - 64.
   U = u2 2^12 + floor(u1 / 2^40) is floor(X B / 2^(t + 52)) or one less
   (the limbs below L-2 add under 2 B^(L-2), 2^-39 units of 2^(t + 52)), so
   (U + 2) 2^52 > X B / 2^t and (U + 2) 2^52 r / 2^126 > (X B / 2^t) / vt
   >= X B / N >= q; it exceeds X B / N by below 3 2^52 / vt (the
   numerator's rounding) + B / vt (the divisor's) + 2^-10 (the
   reciprocal's) < 2^-8: its floor, floor((U + 2) r / 2^74), is q or q + 1
   (a few rows in a thousand), at most B (then B - 1, still >= q). As
   u2 < B (X < B^L), U + 2 = w + cy 2^64 with cy 0 or 1 (1 only for N's
   top limb all ones), and floor((U + 2) r / 2^74) = (hi(w r) + cy r) >> 10:
   one product. */
static inline uint64_t qhat52(uint64_t u2, uint64_t u1, uint64_t r) {
  uint64_t v = (u2 << 12) + 2, w = v + (u1 >> 40);
  uint64_t q = ((uint64_t)(((unsigned __int128)w * r) >> 64) + (w < v ? r : 0)) >> 10;
  return q > MASK52 ? MASK52 : q;
}

/* x += carries limb by limb (limbs below 2^53); the carry out of limb L - 1. */
static FC_IFMA_NOINLINE uint64_t ripple52(uint64_t *x, size_t L) {
  uint64_t c = 0;
  for (size_t i = 0; i < L; i++) {
    uint64_t v = x[i] + c;
    x[i] = v & MASK52;
    c = v >> 52;
  }
  return c;
}

/* x = x + N mod B^L as x - (B^L - N); 1 when the sum reaches B^L. */
static FC_IFMA_NOINLINE uint64_t add_n52(uint64_t *x, const uint64_t *nc, size_t L) {
  uint64_t b = 0;
  for (size_t i = 0; i < L; i++) {
    uint64_t v = x[i] - nc[i] - b;
    x[i] = v & MASK52;
    b = v >> 63;
  }
  return 1 - b;
}

/* Limbs L-1 .. L-n (n = 4 or 5) of X' = X B + q (B^L - N) mod B^L (the
   next X when q is the digit), normalised, from limbs L-1 .. L-n-1 of X
   (x[0..n], below B + 4) and of B^L - N (nc[0..n]); the carry into limb
   L-n taken as 0. Only out[0..1] feed a digit: with two limbs or more
   below them they are wrong only where those sum to within a few units
   of a power of B, and then the row finds the guess differs. */
static inline void predict52(const uint64_t *x, const uint64_t *nc, uint64_t q, uint64_t *out,
                             int n) {
  uint64_t lo[6], hi[6], c = 0;
  for (int k = 0; k <= n; k++) {
    unsigned __int128 p = (unsigned __int128)q * nc[k];
    lo[k] = (uint64_t)p & MASK52;
    hi[k] = (uint64_t)(p >> 52);
  }
  /* limb L-1-k of X' = x_(L-2-k) + lo(q nc_(L-1-k)) + hi(q nc_(L-2-k)) + carry */
  for (int k = n - 1; k >= 0; k--) {
    uint64_t t = x[k + 1] + lo[k] + hi[k + 1] + c;
    out[k] = t & MASK52;
    c = t >> 52;
  }
}

/* rows rows on X (nv vectors: in registers X[] when nv is a constant,
   else, X NULL, in x itself, so that the 8192-bit instance keeps no copy
   on the stack), N's complement in nc; the digit's constant r as for
   qhat52. X's limbs are below B + 4 between rows: a limb's sum is below
   3 B + 4, so the carry it passes up is at most 3. Limb L of S (the old
   top limb, hi(q nc_(L-1)), the carry) equals q exactly when the row's
   digit was not too large: the limbs below L add up to less than 2 B^L,
   so X B - q N >= 0 gives limb L = q or q - 1 (an unpassed carry), and
   X B - q N < 0 gives at most q - 1; only a limb L other than q takes the
   slow path (the ripple makes X exact, then N is added back while the
   sum is negative). The digit of the next row is computed while this one
   runs, from X's top limbs as the previous row predicted them and this
   row's digit (predict52), and checked against the row's result before it
   is used (a mismatch, rare, recomputes it from the result), so the
   vector work and the scalar digits run side by side. X leaves
   normalised. */
static FC_IFMA_INLINE void div_rows(uint64_t *x, const uint64_t *nc, V *X, size_t nv, size_t rows,
                                    uint64_t r) {
#define XR(j) (X ? X[j] : V_LOADU(x + VL * (j)))
#define XW(j, val) (X ? (void)(X[j] = (val)) : V_STOREU(x + VL * (j), (val)))
  const V m52 = V_SET1(MASK52), high = V_SET1(~MASK52), zero = V_ZERO();
  size_t L = VL * nv;
  uint64_t nct[6];
  for (int k = 0; k < 6; k++) nct[k] = nc[L - 1 - k];
  FC_UNROLL
  for (size_t j = 0; j < nv && X; j++) X[j] = V_LOADU(x + VL * j);
  uint64_t pred[4] = {0, 0, 0, 0}, win[6] = {0, 0, 0, 0, 0, 0}, q = 0;
  int have = 0;
  for (size_t row = 0; row < rows; row++) {
    const V top = XR(nv - 1);
    const uint64_t t[6] = {IFMA_LANE(top, VL - 1), IFMA_LANE(top, VL - 2), IFMA_LANE(top, VL - 3),
                           IFMA_LANE(top, VL - 4), IFMA_LANE(top, VL - 5), IFMA_LANE(top, VL - 6)};
    /* limbs L-1 .. L-6 (constant lanes: the kernel's extracts take immediates) */
    const uint64_t *w = win; /* X's top limbs as the previous row predicted them */
    if (!have || t[0] != pred[0] || t[1] != pred[1]) {
      q = qhat52(t[0], t[1], r);
      w = t;
    }
#if defined(IFMA_TEST_QHAT_BIAS) /* test models only: the add-back in every row */
    q = q + IFMA_TEST_QHAT_BIAS > MASK52 ? MASK52 : q + IFMA_TEST_QHAT_BIAS;
#endif
    /* the next digit from the predicted limbs (not from t, which waits for
       the previous row's vectors: the chain from one row's vectors to a
       digit then spans two rows); the next window from t */
    predict52(w, nct, q, pred, 4);
    uint64_t qn = qhat52(pred[0], pred[1], r);
    predict52(t, nct, q, win, 5);
    V qv = V_SET1(q), px = zero, ph = zero, pc = zero;
    FC_UNROLL
    for (size_t j = 0; j < nv; j++) {
      V xv = XR(j), ncv = V_LOADU(nc + VL * j), h = V_MADDHI(zero, qv, ncv);
      V acc = V_ADD(V_MADDLO(V_ALIGN_UP1(xv, px), qv, ncv), V_ALIGN_UP1(h, ph));
      V c = V_SRL52(acc);
      XW(j, V_ADD(V_AND(acc, m52), V_ALIGN_UP1(c, pc)));
      px = xv;
      ph = h;
      pc = c;
    }
    /* limb L: the old top limb, hi(q nc_(L-1)), the carry */
    uint64_t sl = t[0] + IFMA_LANE(V_ADD(ph, pc), VL - 1);
#if defined(IFMA_TEST_RIPPLE) /* test models only: the ripple in every row */
    sl += 1ull << 63;
#endif
    if (__builtin_expect(sl != q, 0)) { /* in memory, rarely */
#if defined(IFMA_TEST_RIPPLE)
      sl -= 1ull << 63;
#endif
      FC_UNROLL
      for (size_t j = 0; j < nv && X; j++) V_STOREU(x + VL * j, X[j]);
      sl += ripple52(x, L);
      for (int64_t d = (int64_t)(sl - q); d < 0;) d += (int64_t)add_n52(x, nc, L);
      FC_UNROLL
      for (size_t j = 0; j < nv && X; j++) X[j] = V_LOADU(x + VL * j);
    }
    q = qn;
    have = 1;
  }
  /* normalised: one carry step (limbs below B + 4 pass at most 1), then
     the ripple only where a limb reached B (rare); X < N: no carry out */
  V pc = zero;
  unsigned hit = 0;
  FC_UNROLL
  for (size_t j = 0; j < nv; j++) {
    V xv = XR(j), c = V_SRL52(xv), o = V_ADD(V_AND(xv, m52), V_ALIGN_UP1(c, pc));
    XW(j, o);
    hit |= V_TESTM(o, high);
    pc = c;
  }
  FC_UNROLL
  for (size_t j = 0; j < nv && X; j++) V_STOREU(x + VL * j, X[j]);
  if (hit) (void)ripple52(x, L);
#undef XR
#undef XW
}

#define DIV_ROWS(NV)                                                                           \
  FC_IFMA_NOINLINE static void div_rows_##NV(uint64_t *x, const uint64_t *nc, size_t rows,      \
                                             uint64_t r) {                                     \
    V X[NV];                                                                                   \
    div_rows(x, nc, X, NV, rows, r);                                                           \
  }
DIV_ROWS(1)
DIV_ROWS(2)
DIV_ROWS(3)
DIV_ROWS(4)
DIV_ROWS(5)
DIV_ROWS(6)
DIV_ROWS(7)
DIV_ROWS(8)
DIV_ROWS(9)
DIV_ROWS(10)
FC_IFMA_NOINLINE static void div_rows_any(uint64_t *x, const uint64_t *nc, size_t nv, size_t rows,
                                          uint64_t r) {
  div_rows(x, nc, NULL, nv, rows, r);
}

static void rows52(uint64_t *x, const uint64_t *nc, size_t nv, size_t rows, uint64_t r) {
  switch (nv) {
    case 1: div_rows_1(x, nc, rows, r); break;
    case 2: div_rows_2(x, nc, rows, r); break;
    case 3: div_rows_3(x, nc, rows, r); break;
    case 4: div_rows_4(x, nc, rows, r); break;
    case 5: div_rows_5(x, nc, rows, r); break;
    case 6: div_rows_6(x, nc, rows, r); break;
    case 7: div_rows_7(x, nc, rows, r); break;
    case 8: div_rows_8(x, nc, rows, r); break;
    case 9: div_rows_9(x, nc, rows, r); break;
    case 10: div_rows_10(x, nc, rows, r); break;
    default: div_rows_any(x, nc, nv, rows, r); break;
  }
}

/* x = 2^e mod n (L normalised limbs), e + 1 >= nbits, from n52 (n in L
   limbs); nc: L limbs of scratch (B^L - N). On the way, for each of the
   nsnap exponents snap_e[i] (increasing, nbits <= snap_e[i] <= e),
   snap_c[i] = 2^snap_e[i] mod n (nw words, room for fc__bn_mod_shl_fast):
   a copy of 2^(snap_e[i] - j) mod n where the rows pass it, 32 <= j < 84
   where the rows allow, then j bits more by the scalar division (one or
   two digit steps). */
static FC_IFMA_NOINLINE void pow2_52(const fc_mont_ctx *ctx, const uint64_t *n52, uint64_t *x,
                                     uint64_t *nc, size_t e, const size_t *snap_e,
                                     uint32_t *const *snap_c, int nsnap) {
  size_t nw = ctx->nwords, nv = nvec(ctx), L = VL * nv, s = 52 * L - ctx->nbits;
  size_t sw = s / 52;
  unsigned sb = (unsigned)(s % 52);
  uint64_t borrow = 0, d1 = 0, d0 = 0;
  for (size_t i = 0; i < L; i++) { /* N = n 2^s from n's limbs */
    uint64_t lo = i >= sw ? n52[i - sw] : 0, lo2 = i >= sw + 1 ? n52[i - sw - 1] : 0;
    uint64_t ni = sb ? (lo << sb | lo2 >> (52 - sb)) & MASK52 : lo, t = 0 - ni - borrow;
    if (i + 2 == L) d0 = ni;
    if (i + 1 == L) d1 = ni;
    nc[i] = t & MASK52;
    borrow = t >> 63;
  }
  /* for qhat52: ceil(2^126 / vt) <= 2^63, vt = N's top 64 bits >= 2^63 */
  uint64_t r = IFMA_DIV104((1ull << 62) - 1, ~0ull, d1 << 12 | d0 >> 40) + 1;
  /* X = 2^a, 52 L - 52 <= a < 52 L, a whole number of rows below e + s;
     after k rows X = 2^(a + 52 k) mod N = 2^s (2^(a + 52 k - s) mod n) */
  size_t top = e + s, rows = (top - (52 * L - 1) + 51) / 52, a = top - 52 * rows, done = 0;
  for (size_t i = 0; i < L; i++) x[i] = 0;
  x[a / 52] = 1ull << (a % 52);
  for (int m = 0; m < nsnap; m++) { /* a - s < nbits <= snap_e[m] */
    size_t k = (snap_e[m] + s - a) / 52, j = snap_e[m] + s - a - 52 * k;
    if (j < 32 && k > done) { /* from 32 bits on fc__bn_mod_shl_fast takes digit steps */
      k--;
      j += 52;
    }
    rows52(x, nc, nv, k - done, r);
    done = k;
    uint32_t *c = snap_c[m];
    /* X / 2^s: word w is bits s + 32 w .. of X's limbs; 13 words are 8
       limbs, so limb and shift repeat every 13 words */
    unsigned ri[13], ro[13];
    for (unsigned t = 0; t < 13; t++) {
      unsigned p = (unsigned)(s % 52) + 32 * t;
      ri[t] = p / 52;
      ro[t] = p % 52;
    }
    for (size_t g = 0, w = 0; w < nw; g++)
      for (unsigned t = 0; t < 13 && w < nw; t++, w++) {
        size_t i = s / 52 + 8 * g + ri[t];
        uint64_t lo = i < L ? x[i] : 0, hi = i + 1 < L ? x[i + 1] : 0;
        c[w] = (uint32_t)(lo >> ro[t] | hi << (52 - ro[t]));
      }
    fc__bn_mod_shl_fast(c, ctx->n, nw, j);
  }
  rows52(x, nc, nv, rows - done, r);
  /* 2^s (2^e mod n) down by s */
  size_t w = s / 52;
  unsigned b = (unsigned)(s % 52);
  for (size_t i = 0; i < L; i++) {
    uint64_t lo = i + w < L ? x[i + w] : 0, hi = i + w + 1 < L ? x[i + w + 1] : 0;
    x[i] = b ? (lo >> b | hi << (52 - b)) & MASK52 : lo;
  }
}
#define IFMA_POW2_52 1
#endif

/*
 * R'^2 mod n = rr * 2^(2(52 L - 32 nw)); C = R'^2 / R = 2^(104 L - 32 nw)
 * mod n straight from n (fc__bn_pow2_mod: R mod n shifted by 2(52 L - 32 nw)
 * bits, a few digit steps of long division), so it never depends on rr.
 */
/* k0, no e = 2^k + 1 constants yet, n in K_N; the three slots are zero
   beyond L limbs: callers of prepare and init_chain clear kdata first, or
   (init_chain after prepare) this kernel left them so for this n. */
static void prepare_n(fc_mont_ctx *ctx, size_t L) {
  size_t nw = ctx->nwords;
  uint64_t n64 = ((uint64_t)(nw > 1 ? ctx->n[1] : 0) << 32) | ctx->n[0];
  ctx->kdata[0] = fc__neg_inv64(n64) & MASK52;
  ctx->kdata[K_F4] = 0; /* until prepare_f4 */
  to52(ctx->kdata + K_N, ctx->n, nw, L);
}

/* The constants from rr, and C when c is not NULL (else from n). */
static FC_IFMA_NOINLINE void prepare_with(fc_mont_ctx *ctx, const uint32_t *c) {
  uint32_t rr[FC_MONT_MAX_WORDS];
  size_t nw = ctx->nwords, L = VL * nvec(ctx);
  for (size_t i = 0; i < nw; i++) rr[i] = ctx->rr[i];
  fc__bn_mod_shl_fast(rr, ctx->n, nw, 2 * (52 * L - 32 * nw));
  prepare_n(ctx, L);
  to52(ctx->kdata + K_RR, rr, nw, L);
  if (c == NULL) {
    fc__bn_pow2_mod(rr, ctx->n, nw, ctx->nbits, 104 * L - 32 * nw);
    c = rr;
  }
  to52(ctx->kdata + K_C, c, nw, L);
}

static void prepare(fc_mont_ctx *ctx) { prepare_with(ctx, NULL); }

#if !defined(__OPTIMIZE_SIZE__)
/* fc_mont_init's C = 2^(32 nw + 2k) (k = 52 L - 32 nw), R^2 = 2^(64 nw)
   and R'^2 = 2^(64 nw + 2k): from 1,984 bits (nw even) by pow2_52, else by
   one scalar division through all three, each digit step once (with nw
   even they are whole 64-bit steps apart). (-Os builds: fc__mont_rr's
   squarings and prepare, the smaller code.) */
static void init_chain(fc_mont_ctx *ctx) {
  uint32_t c[FC_MONT_MAX_WORDS];
  size_t nw = ctx->nwords, L = VL * nvec(ctx), ce = 104 * L - 32 * nw;
  if (ce > 64 * nw) { /* small moduli: 2k > 32 nw, C lies past R^2 */
    fc__mont_rr(ctx);
    prepare_with(ctx, NULL);
    return;
  }
#if defined(IFMA_POW2_52)
  /* From 1,984 bits R'^2 by pow2_52. On the EPYC (Zen 5), best of 5,000
     calls on one random modulus a size, fc_mont_init took 0.84x the scalar
     division's time at 2048 bits, 0.91x at 2560, 0.81x at 3072, 0.62x at
     4096 and 6144, 0.57x at 8192; 1.03x to 1.1x at 1792 to 1920 and 1.1x
     to 1.4x at 768 to 1536 (a run's fixed costs: N's limbs, the reciprocal,
     the shifts and conversions). C and rr are copies taken on the way
     where they lie 400 bits or more from what else gives them (512 bits
     each at 3072), else C by the scalar division from n and rr = R'^2 /
     2^(2k) by REDC (at 192 to 320 bits, 3584 to 8192 bits, the copies
     cost more than those few steps). */
  if (nw % 2 == 0 && ctx->nbits >= 1984) {
    uint64_t *kd = ctx->kdata;
    prepare_n(ctx, L);
    size_t se[2];
    uint32_t *sc[2];
    int ns = 0, c_far = ce - ctx->nbits >= 400, rr_far = 104 * L - 64 * nw >= 400;
    if (c_far) se[ns] = ce, sc[ns++] = c;
    if (rr_far) se[ns] = 64 * nw, sc[ns++] = ctx->rr;
    pow2_52(ctx, kd + K_N, kd + K_RR, kd + K_C, 104 * L, se, sc, ns); /* K_C: its scratch */
    if (!c_far) fc__bn_pow2_mod(c, ctx->n, nw, ctx->nbits, ce);
    to52(kd + K_C, c, nw, L);
    if (!rr_far) {
      to32(ctx->rr, kd + K_RR, nw);
      fc__bn_redc64(ctx->rr, ctx->n, nw, (104 * L - 64 * nw) / 64);
    }
    return;
  }
#endif
  fc__bn_pow2_mod(c, ctx->n, nw, ctx->nbits, ce);
  for (size_t i = 0; i < nw; i++) ctx->rr[i] = c[i];
  fc__bn_mod_shl_fast(ctx->rr, ctx->n, nw, 64 * nw - ce);
  prepare_with(ctx, c);
}
#define IFMA_INIT_CHAIN init_chain
#else
#define IFMA_INIT_CHAIN NULL
#endif

#if !defined(__OPTIMIZE_SIZE__)
/*
 * rr = R^2 mod n (rr < n given) iff rr / R' = 2^(64 nw - 52 L) mod n: one
 * product by 1 and a comparison, against the generic check's reduction of
 * nw words. The power is below n for every size it runs at (checked
 * here: 2 <= 64 nw - 52 L + 2 <= nbits), so it is its own residue. Up to
 * NVFIX vectors (no scratch). Public data: variable time.
 */
static int rr_ok(const fc_mont_ctx *ctx) {
  size_t nw = ctx->nwords, nv = nvec(ctx), L = VL * nv;
  if (nv > NVFIX || 64 * nw < 52 * L || 64 * nw - 52 * L + 2 > ctx->nbits) return -1;
  uint64_t a[VL * NVFIX], one[VL * NVFIX];
  size_t e = 64 * nw - 52 * L;
  to52(a, ctx->rr, nw, L);
  for (size_t j = 0; j < L; j++) one[j] = j == 0;
  product(ctx, a, a, one, NULL);
  cond_sub(a, ctx->kdata + K_N, L);
  uint64_t diff = 0;
  for (size_t j = 0; j < L; j++) diff |= a[j] ^ (j == e / 52 ? 1ull << (e % 52) : 0);
  return diff == 0;
}
#define IFMA_RR_OK rr_ok
#else
#define IFMA_RR_OK NULL
#endif

/* a b / R = (a b / R') C / R' with C = R'^2 / R; two products, the second
   with C < n leaves [0, 2n), then one conditional subtraction. */
static void mont_mul(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *a, const uint32_t *b) {
  uint64_t a52[LMAX], b52[LMAX];
  V scratch[NVMAX]; /* the accumulator above NVFIX vectors */
  size_t nw = ctx->nwords, L = VL * nvec(ctx);
  to52(a52, a, nw, L);
  to52(b52, b, nw, L);
  product(ctx, a52, a52, b52, scratch);
  product(ctx, a52, a52, ctx->kdata + K_C, scratch);
  cond_sub(a52, ctx->kdata + K_N, L);
  to32(r, a52, nw);
}

/* ---------------- modpow: slots hold values in [0, 2n) ---------------- */

typedef struct {
  const fc_mont_ctx *ctx;
  const uint32_t *base;
  uint32_t *r;
  uint64_t *aux;   /* L limbs: the plain base or 1 */
  V *scratch;      /* 2 nv vectors above NVFIX (NULL below) */
  uint64_t *slots; /* slot i at slots + i L */
  size_t L;
} state;

static uint64_t *slot(state *s, unsigned i) { return s->slots + (size_t)i * s->L; }

static void op_mul(void *k, unsigned d, unsigned a, unsigned b) {
  state *s = k;
  product(s->ctx, slot(s, d), slot(s, a), slot(s, b), s->scratch);
}
static void op_sqr(void *k, unsigned d, unsigned a) {
  state *s = k;
  square(s->ctx, slot(s, d), slot(s, a), s->scratch);
}
static void op_enter(void *k, unsigned d) {
  state *s = k;
  to52(s->aux, s->base, s->ctx->nwords, s->L);
  product(s->ctx, slot(s, d), s->aux, s->ctx->kdata + K_RR, s->scratch);
}
/* x / R' <= n (x < 2n, plus Q n < R' n): one subtraction gives [0, n). */
static void finish(state *s, unsigned a) {
  cond_sub(slot(s, a), s->ctx->kdata + K_N, s->L);
  to32(s->r, slot(s, a), s->ctx->nwords);
}
static void op_leave(void *k, unsigned a) {
  state *s = k;
  for (size_t j = 0; j < s->L; j++) s->aux[j] = j == 0;
  product(s->ctx, slot(s, a), slot(s, a), s->aux, s->scratch);
  finish(s, a);
}
/* aux still holds the base op_enter converted (fc__pow_ops: this ends the
   e = 2^k + 1 chain); base < n, slot < 2n: [0, 2n) */
static void op_leave_mul_base(void *k, unsigned a) {
  state *s = k;
  product(s->ctx, slot(s, a), slot(s, a), s->aux, s->scratch);
  finish(s, a);
}
static void op_copy(void *k, unsigned d, unsigned a) {
  state *s = k;
  for (size_t j = 0; j < s->L; j++) slot(s, d)[j] = slot(s, a)[j];
}

static const fc__pow_ops pow_ops = {op_mul, op_sqr, op_enter, op_leave, op_leave_mul_base, op_copy};

static size_t ws_slot(const fc_mont_ctx *ctx) { return 8 * VL * nvec(ctx); }
/* aux, then 2 nv vectors of scratch above NVFIX; 63 bytes of alignment. */
static size_t ws_fixed(const fc_mont_ctx *ctx) {
  size_t nv = nvec(ctx);
  return 8 * VL * nv * (nv > NVFIX ? 3 : 1) + 63;
}

static fc_err modpow(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *base, const uint8_t *exp,
                     size_t exp_len, void *ws, size_t ws_len) {
  size_t fixed = ws_fixed(ctx), per = ws_slot(ctx);
  if (ws_len < fixed + fc__modpow_min_slots(exp, exp_len) * per) return FC_ERR_ARG;
  state s;
  s.ctx = ctx;
  s.base = base;
  s.r = r;
  s.L = VL * nvec(ctx);
  s.aux = FC__ALIGN_UP(ws, 64);
  s.scratch = s.L > VL * NVFIX ? (V *)(void *)(s.aux + s.L) : NULL;
  s.slots = s.aux + (s.L > VL * NVFIX ? 3 : 1) * s.L;
  fc__modpow_run(&pow_ops, &s, exp, exp_len, (unsigned)((ws_len - fixed) / per));
  return FC_OK;
}

/* ------- e = 2^k + 1 verification without the entry product ------- */

/*
 * A verification's exponentiation enters the Montgomery form with a
 * product by R'^2 and leaves it with the last product, by the plain base.
 * verify_f4 skips the entry: k squarings of the plain signature s give
 * t = s^(2^k) / R'^(2^k - 1), and the last product t s / R' = s^e K with
 * K = R'^(-2^k) mod n, a per-key constant. The expected encoding is
 * EM = A - D: A = 00 01 FF..FF at the key's length, D = FF || ~T (the
 * bytes where EM holds 00 || T; FF - x never borrows). With K invertible,
 * s^e = EM (mod n) iff K (s^e + D) = A K (mod n), and the last product
 * computes r = (t s + D KR) / R' = K (s^e + D) (mod n) with
 * KR = K R' = R'^(1 - 2^k) mod n: D, at most F4_ROWS limbs, enters its
 * first rows as a second product (amm's extra term). s^e mod n and EM are
 * both below n (EM's top byte is 0), so the congruence is the equality
 * fc_rsa_verify needs.
 * Bound: t < 2n, s < n, D < 2^(52 F4_ROWS), KR < n and R' >= 4n,
 * R' >= 2^(52 F4_ROWS + 1) (nv >= 2): r < (2n^2 + 2^(52 F4_ROWS) n) / R' + n
 * < 2n, so one conditional subtraction leaves r mod n, compared with AK.
 * Per key (prepare_f4, about one exponentiation): KR is k squarings of 1,
 * AK = A KR / R' (one product; A < n as its top byte is 0), both reduced
 * below n, in the slots' free halves: sizes up to NVFIX vectors only.
 * Public data throughout (key, signature, digest): variable time.
 */
#define F4_ROWS 13 /* limbs of D: 8 (FC__F4_MAX_T + 1) <= 52 F4_ROWS */
_Static_assert(8 * (FC__F4_MAX_T + 1) <= 52 * F4_ROWS, "D fits F4_ROWS limbs");

#define AMM_F4(NV)                                                                             \
  FC_IFMA_NOINLINE static void amm_f4_##NV(uint64_t *r, const uint64_t *a, const uint64_t *b,   \
                                           const uint64_t *d, const uint64_t *c,               \
                                           const uint64_t *n, uint64_t k0) {                   \
    V acc[NV];                                                                                 \
    amm(r, a, b, d, c, F4_ROWS, n, k0, NV, acc, HI_DIRECT(NV));                                \
  }
AMM_F4(2)
AMM_F4(3)
AMM_F4(4)
AMM_F4(5)
AMM_F4(6)
AMM_F4(7)
AMM_F4(8)
AMM_F4(9)
AMM_F4(10)

static void prepare_f4(fc_mont_ctx *ctx, size_t k) {
  size_t nv = nvec(ctx), L = VL * nv;
  ctx->kdata[K_F4] = 0;
  if (k == 0 || nv < 2 || nv > NVFIX) return;
  const uint64_t *n = ctx->kdata + K_N;
  uint64_t *kr = ctx->kdata + K_KR, *ak = ctx->kdata + K_AK;
  for (size_t j = 0; j < L; j++) kr[j] = j == 0;
  for (size_t i = 0; i < k; i++) square(ctx, kr, kr, NULL);
  cond_sub(kr, n, L);
  /* A = 2^bits - 1 with bits = 8 nbytes - 15 (01 then nbytes - 2 bytes FF) */
  size_t bits = 8 * (((size_t)ctx->nbits + 7) / 8) - 15;
  for (size_t j = 0; j < L; j++)
    ak[j] = 52 * (j + 1) <= bits ? MASK52 : 52 * j >= bits ? 0 : (1ull << (bits - 52 * j)) - 1;
  product(ctx, ak, ak, kr, NULL);
  cond_sub(ak, n, L);
  ctx->kdata[K_F4] = k;
}

/* verify_f4's last product and comparison, in a frame of its own (D's
   limbs are not live during the squarings). */
FC_IFMA_NOINLINE static fc_err f4_last(const fc_mont_ctx *ctx, uint64_t *t, const uint64_t *sl,
                                       const uint8_t *prefix, const uint8_t *digest,
                                       size_t digest_len, size_t tlen) {
  size_t nv = nvec(ctx), L = VL * nv;
  const uint64_t *n = ctx->kdata + K_N, *kr = ctx->kdata + K_KR, *ak = ctx->kdata + K_AK;
  uint64_t k0 = ctx->kdata[0], d[F4_ROWS] = {0};
  /* D = FF || ~T, byte p counted from the least significant */
  for (size_t p = 0; p <= tlen; p++) {
    uint64_t byte = p < digest_len ? (uint8_t)~digest[digest_len - 1 - p]
                    : p < tlen     ? (uint8_t)~prefix[tlen - 1 - p]
                                   : 0xff;
    size_t j = 8 * p / 52, sh = 8 * p % 52;
    d[j] |= (byte << sh) & MASK52;
    if (sh > 44) d[j + 1] |= byte >> (52 - sh);
  }
  switch (nv) {
    case 2: amm_f4_2(t, t, sl, d, kr, n, k0); break;
    case 3: amm_f4_3(t, t, sl, d, kr, n, k0); break;
    case 4: amm_f4_4(t, t, sl, d, kr, n, k0); break;
    case 5: amm_f4_5(t, t, sl, d, kr, n, k0); break;
    case 6: amm_f4_6(t, t, sl, d, kr, n, k0); break;
    case 7: amm_f4_7(t, t, sl, d, kr, n, k0); break;
    case 8: amm_f4_8(t, t, sl, d, kr, n, k0); break;
    case 9: amm_f4_9(t, t, sl, d, kr, n, k0); break;
    default: amm_f4_10(t, t, sl, d, kr, n, k0); break;
  }
  cond_sub(t, n, L);
  uint64_t diff = 0;
  for (size_t j = 0; j < L; j++) diff |= t[j] ^ ak[j];
  return diff == 0 ? FC_OK : FC_ERR_SIG;
}

static fc_err verify_f4(const fc_mont_ctx *ctx, const uint32_t *s, size_t k,
                        const uint8_t *prefix, size_t prefix_len, const uint8_t *digest,
                        size_t digest_len, void *ws, size_t ws_len) {
  size_t L = VL * nvec(ctx), tlen = prefix_len + digest_len;
  if (k == 0 || ctx->kdata[K_F4] != k || tlen > FC__F4_MAX_T ||
      ws_len < ws_fixed(ctx) + ws_slot(ctx))
    return FC_ERR_UNSUPPORTED;
  uint64_t *sl = FC__ALIGN_UP(ws, 64), *t = sl + L;
  to52(sl, s, ctx->nwords, L);
  square(ctx, t, sl, NULL);
  for (size_t i = 1; i < k; i++) square(ctx, t, t, NULL);
  return f4_last(ctx, t, sl, prefix, digest, digest_len, tlen);
}

const fc__mont_kernel FC_IFMA_DESC = {
    {FC_IFMA_NAME, FC_IFMA_NEEDS}, prepare, mont_mul, modpow, ws_slot, ws_fixed, prepare_f4, verify_f4,
    IFMA_INIT_CHAIN, IFMA_RR_OK,
};

#endif /* FC_MONT_IFMA_BODY_H */
