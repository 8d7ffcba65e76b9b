/*
 * sse2: Montgomery multiplication with PMULUDQ (two 32x32->64 products per
 * instruction), after Algorithm 2 of Bos, Montgomery, Shumow, Zaverucha,
 * "Montgomery Multiplication Using Vector Instructions", SAC 2013 (IACR
 * eprint 2013/519): the interleaved product is split into two halves,
 * D = sum a_i b (lane 0) and E = sum q_i n (lane 1), and a*b/R' = D - E.
 *
 * Radix: redundant, not the paper's 32-bit one. Digits have 28 bits; a
 * value has s digits (s even, 28 s >= 32 nw + 2, so R' > 4n), kept as
 * uint64_t pairs (digit 2t low, 2t+1 high), followed by zero digits.
 * Rows: r = s rounded up to a multiple of 4, R' = 2^(28 r) >= R.
 * Accumulator: vector j = [D_j, E_j], two 64-bit lanes. Row i adds
 * [a_i, q_i] * [b_j, n_j] to vector j with one PMULUDQ and no carry
 * propagation; q_i = (D_0 - E_0 + a_i b_0)/n mod 2^28 makes the lanes of
 * digit 0 agree in their low 28 bits, so the shift by a digit drops them and
 * carries only D_0 >> 28, E_0 >> 28 into the next digit. Rows go 4 at a
 * time: a pass loads and stores each vector once. Its serial part, the
 * "head", finds the 4 q's from digits 0..3 alone. (Running the next head
 * early, beside the rest of a pass, measured no faster on this machine.)
 *
 * Bounds. Digits of a, b, n and q are < 2^28, so a product is < 2^56. A
 * lane holds one product per row since the last renormalisation (<= 240
 * rows), at most one carry (< 2^36: carries go into digit 0 only, which the
 * next row consumes) and one digit < 2^28 left by a renormalisation:
 * lane < 240 * 2^56 + 2^37 < 2^64 - 2^56. So no lane overflows, in the rows
 * or in the final carry pass. Above 240 rows (8192 bits: 296) the lanes are
 * carried out to 28-bit digits before every 60th pass (renorm).
 * After i rows D 2^(28 i) <= (a mod 2^(28 i)) b and E 2^(28 i) <= Q n, so
 * D < b < 2^(28 s) and E < n: carrying out never leaves digit s-1.
 * Lazy reduction: for a, b < 2n, -n < D - E = (a b - Q n)/R' < 4n^2/R' < n,
 * so every product returns D - E + n in (0, 2n) with no branch; values stay
 * in [0, 2n) between steps, and only results leaving the kernel (mont_mul,
 * leave) are reduced once more to [0, n), with a mask (constant time).
 *
 * kdata: n, then R'^2 mod n, then C = R'^2 / R mod n (so a single
 * fc_mont_mul is two products, a b / R' then times C / R' = a b / R),
 * (SMAX + PAD) digits each: 3576 bytes.
 * Workspace: fixed = 16 (s + 2) + 15 (accumulator, alignment), slot =
 * 4 (s + 2); at 8192 bits 4751 + 1184 = 5935 bytes <= F4 budget 6576, and
 * within both budgets at every nw = 1..256 (bits = 32 nw).
 * No 16-byte stack alignment is assumed: the descriptor's entry points
 * realign (FC__REALIGN; i686 firmware stacks are 4-byte aligned).
 * Stack: the e = 2^k + 1 chain runs in modpow itself, and mulred keeps
 * head's and finish's temporaries out of the frames under pass, so that
 * fc_rsa_verify at 8192 bits fits an 8 KiB firmware stack with 512 bytes
 * to spare (docs/firmware.md "Stack"; -fstack-usage writes each frame to *.su).
 * mont_mul: arrays 16 * 296 + 8 * 149 = 5928 bytes; prepare about 1.1 KiB.
 */
#include <emmintrin.h>

#include "bn/bn_internal.h"

#define SMAX 294          /* digits at 8192 bits */
#define PAD 4             /* zero digits after n and R'^2 */
#define APAD 2            /* zero vectors after the accumulator: pass reads acc[s+1] */
#define SPAD 2            /* zero digits after a value in a slot */
#define KSTRIDE ((SMAX + PAD) / 2)
#define DMASK 0x0fffffffu /* one 28-bit digit */
#define RENORM_PASSES 60  /* 240 rows between carry passes */

_Static_assert(3 * KSTRIDE * 8 <= FC_MONT_KDATA_BYTES, "kdata too small");

/* Digits s: even, 28 s >= 32 nw + 2, at least 4. */
static size_t ndigits(size_t nw) {
  size_t s = (32 * nw + 2 + 27) / 28;
  s += s & 1;
  return s < 4 ? 4 : s;
}
/* Rows: s rounded up to a multiple of 4 (<= s + 2: a is read within SPAD). */
static size_t nrows(size_t s) { return (s + 3) & ~(size_t)3; }
static const uint64_t *kn(const fc_mont_ctx *ctx) { return ctx->kdata; }
static const uint64_t *krr(const fc_mont_ctx *ctx) { return ctx->kdata + KSTRIDE; }
static const uint64_t *kc(const fc_mont_ctx *ctx) { return ctx->kdata + 2 * KSTRIDE; }

/* Digits 2t, 2t+1 (bits 56 t .. 56 t + 55) of w[0..len), zero beyond. */
static uint64_t words_pair(const uint32_t *w, size_t len, size_t t) {
  size_t bit = 56 * t, k = bit / 32;
  unsigned sh = (unsigned)(bit % 32); /* 0, 8, 16 or 24 */
  uint64_t lo = k < len ? w[k] : 0, hi = k + 1 < len ? w[k + 1] : 0;
  uint64_t v = (lo | hi << 32) >> sh;
  if (sh && k + 2 < len) v |= (uint64_t)w[k + 2] << (64 - sh);
  return (v & DMASK) | ((v << 4) & ((uint64_t)DMASK << 32));
}

static void to_pairs(uint64_t *d, const uint32_t *w, size_t nw, size_t digits) {
  for (size_t t = 0; t < digits / 2; t++) d[t] = words_pair(w, nw, t);
}

/* A value < 2^(32 nw) in digit pairs to nw words. */
static void to_words(uint32_t *w, const uint64_t *d, size_t nw) {
  uint64_t buf = 0;
  unsigned nb = 0;
  for (size_t j = 0, o = 0; o < nw; j++) {
    buf |= (uint64_t)((uint32_t)(d[j / 2] >> (32 * (j & 1))) & DMASK) << nb;
    nb += 28;
    if (nb >= 32) {
      w[o++] = (uint32_t)buf;
      buf >>= 32;
      nb -= 32;
    }
  }
}

/* Lane 0 of v (x86-64 moves it to a register; i686 goes through memory). */
static inline uint64_t lo64(__m128i v) {
#if defined(__x86_64__)
  return (uint64_t)_mm_cvtsi128_si64(v);
#else
  uint64_t x;
  _mm_storel_epi64((__m128i *)&x, v);
  return x;
#endif
}

/* [b_2t, b_2t+1, n_2t, n_2t+1]: its even elements are x_2t = [b_2t, n_2t]. */
static inline __m128i pair_x(const uint64_t *b, const uint64_t *n, size_t t) {
  return _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(b + t)),
                            _mm_loadl_epi64((const __m128i *)(n + t)));
}
#define ODD(X) _mm_shuffle_epi32((X), _MM_SHUFFLE(3, 3, 1, 1)) /* x_2t+1 */
#define MUL(m, x) _mm_mul_epu32((m), (x))
#define ADD(x, y) _mm_add_epi64((x), (y))
/* v + m0 x3 + m1 x2 + m2 x1 + m3 x0: a digit of a pass with multipliers m0..m3 */
#define DOT4(v, x0, x1, x2, x3) \
  ADD(v, ADD(ADD(MUL(m0, x3), MUL(m1, x2)), ADD(MUL(m2, x1), MUL(m3, x0))))

typedef struct {
  const uint64_t *b, *n;
  uint32_t ninv, bq; /* 1/n mod 2^32, b_0/n mod 2^32 */
} head_consts;

/* [a, q] for a row whose digit 0 is v, from ab = [a, a b_0/n]: q is
   (D_0 - E_0) / n + a b_0 / n mod 2^28, computed in lane 1. */
static inline __m128i row_mult(__m128i v, __m128i ab, __m128i ninv) {
  __m128i d = _mm_sub_epi64(_mm_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2)), v);
  return _mm_and_si128(ADD(MUL(d, ninv), ab), _mm_set_epi32(0, (int)DMASK, 0, (int)DMASK));
}

/* (v + m x) >> 28 per lane: the carry out of a digit 0 whose lanes agree. */
static inline __m128i carry(__m128i v, __m128i m, __m128i x) {
  return _mm_srli_epi64(ADD(v, MUL(m, x)), 28);
}

/* Head of a pass: multipliers m0..m3 (a-digits in the 32-bit elements of
   ap) from digits v0..v3, rows applied to those 4 digits only, and the carry
   c the pass sends into its new digit 0. */
static inline void head(__m128i v0, __m128i v1, __m128i v2, __m128i v3, __m128i ap,
                        const head_consts *k, __m128i *m0, __m128i *m1, __m128i *m2,
                        __m128i *m3, __m128i *c) {
  __m128i X0 = pair_x(k->b, k->n, 0), X1 = pair_x(k->b, k->n, 1), x1 = ODD(X0), x3 = ODD(X1);
  __m128i ninv = _mm_set_epi32(0, (int)k->ninv, 0, 0), kbq = _mm_set_epi32(0, (int)k->bq, 0, 1);
  *m0 = row_mult(v0, MUL(_mm_shuffle_epi32(ap, 0x00), kbq), ninv);
  v0 = ADD(ADD(v1, MUL(*m0, x1)), carry(v0, *m0, X0));
  v1 = ADD(v2, MUL(*m0, X1));
  v2 = ADD(v3, MUL(*m0, x3));
  *m1 = row_mult(v0, MUL(_mm_shuffle_epi32(ap, 0x55), kbq), ninv);
  v0 = ADD(ADD(v1, MUL(*m1, x1)), carry(v0, *m1, X0));
  v1 = ADD(v2, MUL(*m1, X1));
  *m2 = row_mult(v0, MUL(_mm_shuffle_epi32(ap, 0xaa), kbq), ninv);
  v0 = ADD(ADD(v1, MUL(*m2, x1)), carry(v0, *m2, X0));
  *m3 = row_mult(v0, MUL(_mm_shuffle_epi32(ap, 0xff), kbq), ninv);
  *c = carry(v0, *m3, X0);
}

/* A pass's multipliers and the carry its head sends into its new digit 0:
   kept in memory so that mulred's frame holds no vector temporaries under
   pass's (i686 has 8 XMM registers: every live vector is a stack slot). */
typedef struct {
  __m128i m[4], c;
} pass_mults;

/*
 * The products of a pass: acc[j] = acc[j+4] + m0 x_j+4 + m1 x_j+3 +
 * m2 x_j+2 + m3 x_j+1 for j < s (x and acc are zero past s; b is read up
 * to digit s+1 only). Unrolled twice so no register copies rotate the x's.
 * Kept out of line and 64-byte aligned: the loop's speed varied by 15% with
 * its placement (not in size-optimised builds: the padding is code size).
 */
#if defined(__OPTIMIZE_SIZE__)
#define PASS_ALIGN 1
#else
#define PASS_ALIGN 64
#endif
__attribute__((noinline, aligned(PASS_ALIGN))) static void pass(__m128i *acc, const uint64_t *b,
                                                         const uint64_t *n, const pass_mults *pm,
                                                         size_t s) {
#if defined(__i386__)
  /* 8 XMM registers: the multipliers are read from pm where used, instead
     of copies the compiler would spill to the stack (firmware's scarce
     resource); the loads hit L1. */
#define m0 _mm_load_si128(pm->m + 0)
#define m1 _mm_load_si128(pm->m + 1)
#define m2 _mm_load_si128(pm->m + 2)
#define m3 _mm_load_si128(pm->m + 3)
#else
  const __m128i m0 = pm->m[0], m1 = pm->m[1], m2 = pm->m[2], m3 = pm->m[3];
#endif
  __m128i X = pair_x(b, n, 0), p1 = ODD(X), p2 = pair_x(b, n, 1), p3 = ODD(p2);
  size_t u = 0;
  for (; u + 2 < s / 2; u += 2) { /* p1, p2, p3 = x_2u+1, x_2u+2, x_2u+3 */
    X = pair_x(b, n, u + 2);
    __m128i xo = ODD(X), Y = pair_x(b, n, u + 3), yo = ODD(Y);
    _mm_store_si128(acc + 2 * u, DOT4(_mm_load_si128(acc + 2 * u + 4), p1, p2, p3, X));
    _mm_store_si128(acc + 2 * u + 1, DOT4(_mm_load_si128(acc + 2 * u + 5), p2, p3, X, xo));
    _mm_store_si128(acc + 2 * u + 2, DOT4(_mm_load_si128(acc + 2 * u + 6), p3, X, xo, Y));
    _mm_store_si128(acc + 2 * u + 3, DOT4(_mm_load_si128(acc + 2 * u + 7), X, xo, Y, yo));
    p1 = xo;
    p2 = Y;
    p3 = yo;
  }
  if (u + 1 < s / 2) {
    X = pair_x(b, n, u + 2);
    __m128i xo = ODD(X);
    _mm_store_si128(acc + 2 * u, DOT4(_mm_load_si128(acc + 2 * u + 4), p1, p2, p3, X));
    _mm_store_si128(acc + 2 * u + 1, DOT4(_mm_load_si128(acc + 2 * u + 5), p2, p3, X, xo));
    p1 = p3;
  }
  _mm_store_si128(acc + s - 2, MUL(m3, p1)); /* only m3 x_s-1 is left (p1 = x_s-1) */
  _mm_store_si128(acc + s - 1, _mm_setzero_si128());
#if defined(__i386__)
#undef m0
#undef m1
#undef m2
#undef m3
#endif
}

/* Carry every lane out to 28-bit digits (the integers D and E unchanged). */
static void renorm(__m128i *acc, size_t s) {
  const __m128i mask = _mm_set_epi32(0, (int)DMASK, 0, (int)DMASK);
  __m128i c = _mm_setzero_si128();
  for (size_t j = 0; j < s; j++) {
    __m128i v = ADD(_mm_load_si128(acc + j), c);
    c = _mm_srli_epi64(v, 28);
    _mm_store_si128(acc + j, _mm_and_si128(v, mask));
  }
}

/* Digits 4q .. 4q+3 of a: pairs a2, or words aw[0..awn) if a2 is NULL. */
static inline __m128i a_quad(const uint64_t *a2, const uint32_t *aw, size_t awn, size_t q) {
  if (a2) return _mm_loadu_si128((const __m128i *)(a2 + 2 * q));
  return _mm_set_epi64x((long long)words_pair(aw, awn, 2 * q + 1),
                        (long long)words_pair(aw, awn, 2 * q));
}

/* head() for the pass over digits 4q..4q+3 of a: out of line, so its
   temporaries are not on the stack while pass runs (see pass_mults). */
__attribute__((noinline)) static void head_step(const __m128i *acc, const uint64_t *a2,
                                                const uint32_t *aw, size_t awn, size_t q,
                                                const head_consts *k, pass_mults *pm) {
  head(acc[0], acc[1], acc[2], acc[3], a_quad(a2, aw, awn, q), k, &pm->m[0], &pm->m[1], &pm->m[2],
       &pm->m[3], &pm->c);
}

/* d = D - E + n from the accumulator after the last pass, reduced to
   [0, n) if full (constant time). Out of line: not on the stack with pass. */
__attribute__((noinline)) static void finish(const __m128i *acc, uint64_t *d, const uint64_t *n,
                                             size_t sp, int full) {
  /*
   * d = D - E + n. y_j = (lane_j mod 2^28) + (lane_j-1 >> 28) < 2^37 per lane,
   * so z_j = y_Dj - y_Ej + n_j is in (-2^37, 2^38) and one signed carry chain
   * (|carry| < 2^11) makes digits of z. The lanes of digit s-1 are < 2^28
   * (D, E < 2^(28 s)) and 0 < D - E + n < 2n < 2^(28 s): nothing leaves the top.
   */
  const __m128i mask = _mm_set_epi32(0, (int)DMASK, 0, (int)DMASK);
  __m128i hi = _mm_setzero_si128();
  int64_t cs = 0;
  for (size_t t = 0; t < sp; t++) {
    __m128i w0 = _mm_load_si128(acc + 2 * t), w1 = _mm_load_si128(acc + 2 * t + 1);
    __m128i y0 = ADD(_mm_and_si128(w0, mask), hi);
    __m128i y1 = ADD(_mm_and_si128(w1, mask), _mm_srli_epi64(w0, 28));
    hi = _mm_srli_epi64(w1, 28);
    __m128i z = _mm_sub_epi64(_mm_unpacklo_epi64(y0, y1), _mm_unpackhi_epi64(y0, y1));
    z = ADD(z, _mm_unpacklo_epi32(_mm_loadl_epi64((const __m128i *)(n + t)), _mm_setzero_si128()));
    int64_t t0 = (int64_t)lo64(z) + cs; /* >> below: arithmetic (gcc, clang) */
    int64_t t1 = (int64_t)lo64(_mm_unpackhi_epi64(z, z)) + (t0 >> 28);
    cs = t1 >> 28;
    d[t] = ((uint64_t)t0 & DMASK) | ((uint64_t)t1 & DMASK) << 32;
  }
  d[sp] = 0; /* SPAD */
  if (!full) return;
  /* [0, 2n) -> [0, n): subtract n unless that borrows (constant time) */
  uint32_t borrow = 0;
  for (size_t t = 0; t < sp; t++)
    for (unsigned h = 0; h < 64; h += 32)
      borrow = ((uint32_t)(d[t] >> h) - (uint32_t)(n[t] >> h) - borrow) >> 31;
  uint32_t sub = borrow - 1; /* all ones iff d >= n */
  borrow = 0;
  for (size_t t = 0; t < sp; t++) {
    uint64_t x = 0;
    for (unsigned h = 0; h < 64; h += 32) {
      uint32_t v = (uint32_t)(d[t] >> h) - ((uint32_t)(n[t] >> h) & sub) - borrow;
      x |= (uint64_t)(v & DMASK) << h;
      borrow = v >> 31;
    }
    d[t] = x;
  }
}

/*
 * d = a*b/R' mod n, in [0, 2n), or in [0, n) if full. a, b < 2n MUST hold
 * (a, b < n if full); a, b in pairs with SPAD (or PAD), or a in words.
 * d may alias a or b: it is written after the last row. acc: s + APAD
 * vectors, 16-byte aligned.
 */
__attribute__((noinline)) static void mulred(const fc_mont_ctx *ctx, __m128i *acc, uint64_t *d,
                                             const uint64_t *a2, const uint32_t *aw, size_t awn,
                                             const uint64_t *b, int full) {
  const uint64_t *n = kn(ctx);
  size_t s = ndigits(ctx->nwords), passes = nrows(s) / 4, sp = s / 2;
  head_consts k = {b, n, 0u - ctx->n0inv, 0};
  k.bq = (uint32_t)b[0] * k.ninv;
  for (size_t j = 0; j < s + APAD; j++) _mm_store_si128(acc + j, _mm_setzero_si128());

  pass_mults pm;
  head_step(acc, a2, aw, awn, 0, &k, &pm);
  for (size_t q = 0; q < passes; q++) {
    if (q && q % RENORM_PASSES == 0) { /* above 240 rows only */
      renorm(acc, s);
      head_step(acc, a2, aw, awn, q, &k, &pm);
    }
    /* the carry of the head goes into the pass's new digit 0 */
    _mm_store_si128(acc + 4, ADD(_mm_load_si128(acc + 4), pm.c));
    pass(acc, b, n, &pm, s);
    if (q + 1 < passes) head_step(acc, a2, aw, awn, q + 1, &k, &pm);
  }
  finish(acc, d, n, sp, full);
}

FC__REALIGN static void prepare(fc_mont_ctx *ctx) {
  uint32_t rr[FC_MONT_MAX_WORDS];
  size_t nw = ctx->nwords, s = ndigits(nw);
  for (size_t i = 0; i < nw; i++) rr[i] = ctx->rr[i];
  fc__bn_mod_shl_fast(rr, ctx->n, nw, 2 * (28 * nrows(s) - 32 * nw)); /* R'^2 = R^2 (R'/R)^2 */
  to_pairs(ctx->kdata, ctx->n, nw, s + PAD);
  to_pairs(ctx->kdata + KSTRIDE, rr, nw, s + PAD);
  /* C = R'^2 / R = 2^(56 nrows - 32 nw) mod n, from n alone */
  fc__bn_pow2_mod(rr, ctx->n, nw, ctx->nbits, 56 * nrows(s) - 32 * nw);
  to_pairs(ctx->kdata + 2 * KSTRIDE, rr, nw, s + PAD);
}

/* a*b/R = (a*b/R') * C / R' with C = R'^2 / R: the first product leaves
   [0, 2n), C < n, the second (full) [0, n). */
FC__REALIGN static void mont_mul(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *a,
                                 const uint32_t *b) {
  __m128i acc[SMAX + APAD];
  uint64_t b2[KSTRIDE];
  size_t nw = ctx->nwords, s = ndigits(nw);
  to_pairs(b2, b, nw, s + PAD);
  mulred(ctx, acc, b2, NULL, a, nw, b2, 0);
  mulred(ctx, acc, b2, b2, NULL, 0, kc(ctx), 1);
  to_words(r, b2, nw);
}

/* ---------------- modpow: slots hold values in [0, 2n) ---------------- */

#if defined(FC_HAVE_ANY_EXPONENT) /* any exponent: the shared driver */
typedef struct {
  const fc_mont_ctx *ctx;
  const uint32_t *base;
  uint32_t *r;
  __m128i *acc;    /* s + APAD vectors */
  uint64_t *slots; /* slot i at slots + i sp */
  size_t sp;       /* pairs per slot: (s + SPAD) / 2 */
} state;

static uint64_t *slot(state *st, unsigned i) { return st->slots + (size_t)i * st->sp; }

static void op_mul(void *k, unsigned d, unsigned a, unsigned b) {
  state *st = k;
  mulred(st->ctx, st->acc, slot(st, d), slot(st, a), NULL, 0, slot(st, b), 0);
}
static void op_sqr(void *k, unsigned d, unsigned a) { op_mul(k, d, a, a); }
static void op_enter(void *k, unsigned d) {
  state *st = k;
  mulred(st->ctx, st->acc, slot(st, d), NULL, st->base, st->ctx->nwords, krr(st->ctx), 0);
}
static void op_leave(void *k, unsigned a) { /* a * 1 / R': -n < D - E <= 0 */
  state *st = k;
  uint32_t one = 1;
  mulred(st->ctx, st->acc, slot(st, a), NULL, &one, 1, slot(st, a), 1);
  to_words(st->r, slot(st, a), st->ctx->nwords);
}
static void op_leave_mul_base(void *k, unsigned a) { /* base < n, slot < 2n */
  state *st = k;
  mulred(st->ctx, st->acc, slot(st, a), NULL, st->base, st->ctx->nwords, slot(st, a), 1);
  to_words(st->r, slot(st, a), st->ctx->nwords);
}
static void op_copy(void *k, unsigned d, unsigned a) {
  state *st = k;
  for (size_t t = 0; t < st->sp; t++) slot(st, d)[t] = slot(st, a)[t];
}

static const fc__pow_ops pow_ops = {op_mul, op_sqr, op_enter, op_leave, op_leave_mul_base, op_copy};

#endif

static size_t ws_slot(const fc_mont_ctx *ctx) { return 4 * (ndigits(ctx->nwords) + SPAD); }
static size_t ws_fixed(const fc_mont_ctx *ctx) { return 16 * (ndigits(ctx->nwords) + APAD) + 15; }

#if defined(FC_HAVE_ANY_EXPONENT)
/* Any other exponent: the shared driver over the callbacks, out of line so
   the e = 2^k + 1 path below keeps no driver state on the stack. */
__attribute__((noinline)) static void modpow_window(const fc_mont_ctx *ctx, uint32_t *r,
                                                    const uint32_t *base, const uint8_t *exp,
                                                    size_t exp_len, __m128i *acc, unsigned slots) {
  state st;
  st.ctx = ctx;
  st.base = base;
  st.r = r;
  st.sp = (ndigits(ctx->nwords) + SPAD) / 2;
  st.acc = acc;
  st.slots = (uint64_t *)(acc + ndigits(ctx->nwords) + APAD);
  fc__modpow_run(&pow_ops, &st, exp, exp_len, slots);
}
#endif

FC__REALIGN static fc_err modpow(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *base,
                                 const uint8_t *exp, size_t exp_len, void *ws, size_t ws_len) {
  size_t fixed = ws_fixed(ctx), per = ws_slot(ctx), nw = ctx->nwords;
  if (ws_len < fixed + fc__modpow_min_slots(exp, exp_len) * per) return FC_ERR_ARG;
  __m128i *acc = FC__ALIGN_UP(ws, 16);
  size_t sq = fc__modpow_f4_squarings(exp, exp_len);
  if (!sq) {
#if defined(FC_HAVE_ANY_EXPONENT)
    modpow_window(ctx, r, base, exp, exp_len, acc, (unsigned)((ws_len - fixed) / per));
#endif
    return FC_OK;
  }
  /* e = 2^k + 1 (RSA verification): the chain itself, no driver frames */
  uint64_t *x = (uint64_t *)(acc + ndigits(nw) + APAD);
  mulred(ctx, acc, x, NULL, base, nw, krr(ctx), 0); /* base R' */
  for (size_t i = 0; i < sq; i++) mulred(ctx, acc, x, x, NULL, 0, x, 0);
  mulred(ctx, acc, x, NULL, base, nw, x, 1); /* base^(2^k) R' * base / R' */
  to_words(r, x, nw);
  return FC_OK;
}

const fc__mont_kernel fc__mont_sse2 = {
    {"sse2", FC_CPU_SSE2}, prepare, mont_mul, modpow, ws_slot, ws_fixed, NULL, NULL, NULL, NULL,
};
