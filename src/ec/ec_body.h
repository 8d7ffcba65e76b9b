/*
 * The ec kernels' arithmetic, written once over a limb type: a kernel file
 * defines EC_LIMB (uint32_t or uint64_t), EC_DLIMB (twice as wide) and
 * EC_LB (the limb's bits), includes this file and fills its descriptor
 * with point_in, verify and mul2. Variable time throughout: keys,
 * signatures and digests are public.
 *
 * Field and scalar arithmetic: Montgomery multiplication (CIOS, Koc, Acar
 * and Kaliski 1996) with R = 2^bits, every value kept canonical (< p or
 * < n). Points: Jacobian coordinates, Z = 0 for infinity; doubling with
 * a = -3 (dbl-2001-b), general and mixed additions (add-1998-cmo-2,
 * madd-2004-hmv; Explicit-Formulas Database). The additions check their
 * exceptional cases explicitly: either input at infinity, P = Q (a
 * doubling) and P = -Q (infinity). u1 G + u2 Q: Straus-Shamir with wNAF
 * digits, width 7 (or 4, FC_EC_SMALL_TABLE) over the base point's
 * precomputed odd multiples and width 4 over Q's (Q, 3Q, 5Q, 7Q), computed
 * per call.
 * The final check compares r Z^2 (and (r + n) Z^2 when r + n < p) with X,
 * without an inversion.
 * Stack (the largest entry point, verify at P-384): under 4 KiB on both
 * limb widths (tests/ec/test_ec_stack.cpp measures it): Q's table of 4
 * points (576 bytes), two digit strings (772), the running point and one
 * addition's temporaries; the inversion mod n and the final check have
 * frames of their own (ec_scalars, ec_x_is_r), not nested with them.
 */
#include "ec/ec_internal.h"

/* Every name of this body gets the curve size as a suffix (ec_verify_256),
   so a kernel file includes it once per curve with constant limb counts.
   A kernel file that leaves EC_BITS undefined gets one body for both
   curves instead (suffix _any; FC_COMPACT: about half the code, each
   loop's limb count read at run time): EC_NL_OF(x) and EC_BITS_OF(x) give
   the constant, or x, the run-time value; arrays take P-384's size. */
#define EC_CAT2(a, b) a##_##b
#define EC_CAT(a, b) EC_CAT2(a, b)
#ifdef EC_BITS
#define EC_NAME(x) EC_CAT(x, EC_BITS)
#define EC_MAXBITS EC_BITS
#define EC_NL_OF(x) (EC_BITS / EC_LB)
#define EC_BITS_OF(x) EC_BITS
#else
#define EC_NAME(x) EC_CAT(x, any)
#define EC_MAXBITS 384
#define EC_NL_OF(x) (x)
#define EC_BITS_OF(x) (x)
/* gcc cannot see that a loop over a run-time limb count writes every limb
   the next one reads (false "may be used uninitialized" after inlining). */
#if defined(__GNUC__) && !defined(__clang__)
#define EC_BODY_PRAGMAS 1
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#endif
#define fe EC_NAME(fe)
#define ec_mod EC_NAME(ec_mod)
#define ec_jpt EC_NAME(ec_jpt)
#define ec_ctx EC_NAME(ec_ctx)
#define ec_add EC_NAME(ec_add)
#define ec_add_tail EC_NAME(ec_add_tail)
#define ec_cmp EC_NAME(ec_cmp)
#define ec_copy EC_NAME(ec_copy)
#define ec_ctx_init EC_NAME(ec_ctx_init)
#define ec_dbl EC_NAME(ec_dbl)
#define ec_from64 EC_NAME(ec_from64)
#define ec_from_be EC_NAME(ec_from_be)
#define ec_is_zero EC_NAME(ec_is_zero)
#define ec_madd EC_NAME(ec_madd)
#define ec_minus_small EC_NAME(ec_minus_small)
#define ec_mod_add EC_NAME(ec_mod_add)
#define ec_mod_pow EC_NAME(ec_mod_pow)
#define ec_mod_sub EC_NAME(ec_mod_sub)
#define ec_mont_mul EC_NAME(ec_mont_mul)
#define ec_mul2 EC_NAME(ec_mul2)
#define ec_mul2_jac EC_NAME(ec_mul2_jac)
#define ec_point_in EC_NAME(ec_point_in)
#define ec_set_inf EC_NAME(ec_set_inf)
#define ec_to64 EC_NAME(ec_to64)
#define ec_to_be EC_NAME(ec_to_be)
#define ec_verify EC_NAME(ec_verify)
#define ec_wnaf EC_NAME(ec_wnaf)
#define ec_scalars EC_NAME(ec_scalars)
#define ec_x_is_r EC_NAME(ec_x_is_r)
#define ec_sub_n EC_NAME(ec_sub_n)
#define ec_add_n EC_NAME(ec_add_n)
#define EC_NMAX (EC_MAXBITS / EC_LB)

typedef EC_LIMB fe[EC_NMAX];

typedef struct {
  unsigned is_p; /* 1: the curve's p, 0: its n (a kernel may special-case p) */
  EC_LIMB m[EC_NMAX];
  EC_LIMB minv; /* -1/m mod 2^EC_LB */
  unsigned nl;  /* limbs of m */
} ec_mod;

typedef struct {
  fe x, y, z; /* z = 0: the point at infinity */
} ec_jpt;

/* A curve's constants in this kernel's limbs. */
typedef struct {
  const fc__ec_curve *c;
  ec_mod p, n;
  fe one_p, rr_p; /* R mod p, R^2 mod p (b and n's constants: read where used) */
  unsigned nl, bits;
} ec_ctx;

static void ec_from64(EC_LIMB *d, const uint64_t *s, unsigned l64) {
  for (unsigned i = 0; i < l64; i++) {
#if EC_LB == 64
    d[i] = s[i];
#else
    d[2 * i] = (uint32_t)s[i];
    d[2 * i + 1] = (uint32_t)(s[i] >> 32);
#endif
  }
}

static void ec_to64(uint64_t *d, const EC_LIMB *s, unsigned l64) {
  for (unsigned i = 0; i < l64; i++) {
#if EC_LB == 64
    d[i] = s[i];
#else
    d[i] = (uint64_t)s[2 * i] | (uint64_t)s[2 * i + 1] << 32;
#endif
  }
}

static void ec_ctx_init(ec_ctx *E, const fc__ec_curve *c) {
  unsigned l64 = c->limbs64;
  E->c = c;
  E->bits = c->bits;
  E->nl = E->p.nl = E->n.nl = c->bits / EC_LB;
  E->p.is_p = 1;
  E->n.is_p = 0;
  ec_from64(E->p.m, c->p, l64);
  ec_from64(E->n.m, c->n, l64);
  E->p.minv = (EC_LIMB)c->pinv; /* -1/m mod 2^32 is -1/m mod 2^64's low half */
  E->n.minv = (EC_LIMB)c->ninv;
  ec_from64(E->one_p, c->one_p, l64);
  ec_from64(E->rr_p, c->rr_p, l64);
}

/* nbytes big-endian bytes -> nbytes * 8 / EC_LB limbs. */
static void ec_from_be(EC_LIMB *d, const uint8_t *b, unsigned nbytes) {
  unsigned nl = nbytes * 8 / EC_LB;
  for (unsigned i = 0; i < nl; i++) {
    EC_LIMB v = 0;
    for (unsigned j = EC_LB / 8; j-- > 0;) v = v << 8 | b[nbytes - 1 - (i * (EC_LB / 8) + j)];
    d[i] = v;
  }
}

static void ec_to_be(uint8_t *b, const EC_LIMB *s, unsigned nbytes) {
  for (unsigned i = 0; i < nbytes; i++) {
    unsigned pos = nbytes - 1 - i; /* byte pos from the least significant end */
    b[i] = (uint8_t)(s[pos / (EC_LB / 8)] >> (8 * (pos % (EC_LB / 8))));
  }
}

static int ec_cmp(const EC_LIMB *a, const EC_LIMB *b, unsigned nl) {
  for (unsigned i = nl; i-- > 0;)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

static int ec_is_zero(const EC_LIMB *a, unsigned nl) {
  EC_LIMB acc = 0;
  for (unsigned i = 0; i < nl; i++) acc |= a[i];
  return acc == 0;
}

static void ec_copy(EC_LIMB *d, const EC_LIMB *s, unsigned nl) {
  for (unsigned i = 0; i < nl; i++) d[i] = s[i];
}

static EC_LIMB ec_add_n(EC_LIMB *r, const EC_LIMB *a, const EC_LIMB *b, unsigned nl) {
  EC_DLIMB c = 0;
  for (unsigned i = 0; i < nl; i++) {
    c += (EC_DLIMB)a[i] + b[i];
    r[i] = (EC_LIMB)c;
    c >>= EC_LB;
  }
  return (EC_LIMB)c;
}

static EC_LIMB ec_sub_n(EC_LIMB *r, const EC_LIMB *a, const EC_LIMB *b, unsigned nl) {
  EC_LIMB borrow = 0;
  for (unsigned i = 0; i < nl; i++) {
    EC_LIMB ai = a[i], bi = b[i];
    EC_LIMB d = ai - bi - borrow;
    borrow = (EC_LIMB)((ai < bi) | ((ai == bi) & borrow));
    r[i] = d;
  }
  return borrow;
}

/*
 * A kernel with field arithmetic of its own defines, before including this
 * file, EC_MOD_ADD(r, a, b, m), EC_MOD_SUB(r, a, b, m) and
 * EC_MONT_MUL(r, a, b, mod) with the contracts below; m is the modulus's
 * limbs followed by -1/m mod 2^EC_LB (ec_mod's m and minv), mod the
 * ec_mod itself.
 */
#ifdef EC_MONT_MUL
_Static_assert(offsetof(ec_mod, minv) == offsetof(ec_mod, m) + sizeof(fe),
               "a kernel's arithmetic reads minv after m's limbs");
#endif

/* r = a + b mod m, a, b < m. r may alias a or b. */
static inline void ec_mod_add(EC_LIMB *r, const EC_LIMB *a, const EC_LIMB *b, const ec_mod *m) {
#ifdef EC_MOD_ADD
  EC_MOD_ADD(r, a, b, m->m);
#else
  const unsigned nl = EC_NL_OF(m->nl);
  EC_LIMB c = ec_add_n(r, a, b, nl);
  if (c || ec_cmp(r, m->m, nl) >= 0) ec_sub_n(r, r, m->m, nl);
#endif
}

/* r = a - b mod m, a, b < m. r may alias a or b. */
static inline void ec_mod_sub(EC_LIMB *r, const EC_LIMB *a, const EC_LIMB *b, const ec_mod *m) {
#ifdef EC_MOD_SUB
  EC_MOD_SUB(r, a, b, m->m);
#else
  const unsigned nl = EC_NL_OF(m->nl);
  if (ec_sub_n(r, a, b, nl)) ec_add_n(r, r, m->m, nl);
#endif
}

/* r = a b / R mod m for a, b < m; r < m. r may alias a or b. */
#ifdef EC_MONT_MUL
static inline void ec_mont_mul(EC_LIMB *r, const EC_LIMB *a, const EC_LIMB *b, const ec_mod *m) {
  EC_MONT_MUL(r, a, b, m);
}
#else
static void ec_mont_mul(EC_LIMB *r, const EC_LIMB *a, const EC_LIMB *b, const ec_mod *m) {
  const unsigned nl = EC_NL_OF(m->nl);
  EC_LIMB t[EC_NMAX + 2];
  for (unsigned i = 0; i < nl + 2; i++) t[i] = 0;
  for (unsigned i = 0; i < nl; i++) {
    EC_DLIMB c = 0;
    EC_LIMB bi = b[i];
    for (unsigned j = 0; j < nl; j++) {
      c += (EC_DLIMB)a[j] * bi + t[j];
      t[j] = (EC_LIMB)c;
      c >>= EC_LB;
    }
    c += t[nl];
    t[nl] = (EC_LIMB)c;
    t[nl + 1] = (EC_LIMB)(c >> EC_LB);
    EC_LIMB q = t[0] * m->minv;
    c = (EC_DLIMB)q * m->m[0] + t[0];
    c >>= EC_LB;
    for (unsigned j = 1; j < nl; j++) {
      c += (EC_DLIMB)q * m->m[j] + t[j];
      t[j - 1] = (EC_LIMB)c;
      c >>= EC_LB;
    }
    c += t[nl];
    t[nl - 1] = (EC_LIMB)c;
    t[nl] = t[nl + 1] + (EC_LIMB)(c >> EC_LB);
  }
  if (t[nl] || ec_cmp(t, m->m, nl) >= 0) ec_sub_n(t, t, m->m, nl);
  ec_copy(r, t, nl);
}
#endif

/* r = base^e (Montgomery form in and out; one = R mod m); e has ebits bits. */
static void ec_mod_pow(EC_LIMB *r, const EC_LIMB *base, const EC_LIMB *e, unsigned ebits,
                       const EC_LIMB *one, const ec_mod *m) {
  fe x = {0};
  ec_copy(x, one, EC_NL_OF(m->nl));
  for (unsigned i = ebits; i-- > 0;) {
    ec_mont_mul(x, x, x, m);
    if ((e[i / EC_LB] >> (i % EC_LB)) & 1) ec_mont_mul(x, x, base, m);
  }
  ec_copy(r, x, EC_NL_OF(m->nl));
}

/* m - k for a small k (m's low limb is above it: p and n of both curves). */
static void ec_minus_small(EC_LIMB *r, const EC_LIMB *m, unsigned nl, EC_LIMB k) {
  ec_copy(r, m, nl);
  r[0] -= k;
}

/* ---------------- points ---------------- */

static FC__NOINLINE void ec_dbl(ec_jpt *r, const ec_jpt *a, const ec_ctx *E) {
  const ec_mod *p = &E->p;
  const unsigned nl = EC_NL_OF(E->nl);
  if (ec_is_zero(a->z, nl)) {
    *r = *a;
    return;
  }
  fe delta, gamma, beta, alpha, t1, t2;
  ec_mont_mul(delta, a->z, a->z, p);
  ec_mont_mul(gamma, a->y, a->y, p);
  ec_mont_mul(beta, a->x, gamma, p);
  ec_mod_sub(t1, a->x, delta, p);
  ec_mod_add(t2, a->x, delta, p);
  ec_mont_mul(alpha, t1, t2, p);
  ec_mod_add(t1, alpha, alpha, p);
  ec_mod_add(alpha, t1, alpha, p); /* 3 (X - delta)(X + delta) */
  ec_mod_add(t1, a->y, a->z, p);
  ec_mont_mul(t1, t1, t1, p);
  ec_mod_sub(t1, t1, gamma, p);
  ec_mod_sub(t1, t1, delta, p); /* Z3 */
  ec_mod_add(beta, beta, beta, p);
  ec_mod_add(beta, beta, beta, p); /* 4 beta */
  ec_mont_mul(t2, alpha, alpha, p);
  ec_mod_sub(t2, t2, beta, p);
  ec_mod_sub(t2, t2, beta, p); /* X3 */
  ec_mod_sub(beta, beta, t2, p);
  ec_mont_mul(beta, alpha, beta, p);
  ec_mont_mul(gamma, gamma, gamma, p);
  ec_mod_add(gamma, gamma, gamma, p);
  ec_mod_add(gamma, gamma, gamma, p);
  ec_mod_add(gamma, gamma, gamma, p); /* 8 gamma^2 */
  ec_mod_sub(r->y, beta, gamma, p);
  ec_copy(r->x, t2, nl);
  ec_copy(r->z, t1, nl);
}

static void ec_set_inf(ec_jpt *r, unsigned nl) {
  for (unsigned i = 0; i < nl; i++) r->x[i] = r->y[i] = r->z[i] = 0;
}

/* The tail both additions share: H = U2 - U1 and Rr = S2 - S1 given, not
   both zero. */
static inline __attribute__((always_inline)) void ec_add_tail(
    ec_jpt *r, const EC_LIMB *u1, const EC_LIMB *s1, const EC_LIMB *h, const EC_LIMB *rr,
    const EC_LIMB *z3, EC_LIMB *w1, EC_LIMB *w2, EC_LIMB *w3, const ec_ctx *E) {
  /* w1, w2, w3: the caller's dead temporaries (no frame of our own) */
  const ec_mod *p = &E->p;
  ec_mont_mul(w1, h, h, p);   /* HH */
  ec_mont_mul(w2, h, w1, p);  /* HHH */
  ec_mont_mul(w3, u1, w1, p); /* V */
  ec_mont_mul(w1, rr, rr, p);
  ec_mod_sub(w1, w1, w2, p);
  ec_mod_sub(w1, w1, w3, p);
  ec_mod_sub(w1, w1, w3, p); /* X3 = R^2 - HHH - 2V */
  ec_mod_sub(w3, w3, w1, p);
  ec_mont_mul(w3, rr, w3, p);
  ec_mont_mul(w2, s1, w2, p);
  ec_mod_sub(r->y, w3, w2, p); /* Y3 = R (V - X3) - S1 HHH */
  ec_copy(r->x, w1, EC_NL_OF(E->nl));
  ec_copy(r->z, z3, EC_NL_OF(E->nl));
}

/* r = a + b, both Jacobian. r may alias a. */
static FC__NOINLINE void ec_add(ec_jpt *r, const ec_jpt *a, const ec_jpt *b, const ec_ctx *E) {
  const ec_mod *p = &E->p;
  const unsigned nl = EC_NL_OF(E->nl);
  if (ec_is_zero(a->z, nl)) {
    *r = *b;
    return;
  }
  if (ec_is_zero(b->z, nl)) {
    *r = *a;
    return;
  }
  fe z1z1, z2z2, u1, u2, s1, s2, h, rr, z3;
  ec_mont_mul(z1z1, a->z, a->z, p);
  ec_mont_mul(z2z2, b->z, b->z, p);
  ec_mont_mul(u1, a->x, z2z2, p);
  ec_mont_mul(u2, b->x, z1z1, p);
  ec_mont_mul(s1, a->y, b->z, p);
  ec_mont_mul(s1, s1, z2z2, p);
  ec_mont_mul(s2, b->y, a->z, p);
  ec_mont_mul(s2, s2, z1z1, p);
  ec_mod_sub(h, u2, u1, p);
  ec_mod_sub(rr, s2, s1, p);
  if (ec_is_zero(h, nl)) {
    if (ec_is_zero(rr, nl))
      ec_dbl(r, a, E); /* a = b */
    else
      ec_set_inf(r, nl); /* a = -b */
    return;
  }
  ec_mont_mul(z3, a->z, b->z, p);
  ec_mont_mul(z3, z3, h, p);
  ec_add_tail(r, u1, s1, h, rr, z3, z1z1, z2z2, u2, E);
}

/* r = a + (bx, by), the second affine (never infinity). r may alias a. */
static FC__NOINLINE void ec_madd(ec_jpt *r, const ec_jpt *a, const EC_LIMB *bx, const EC_LIMB *by,
                    const ec_ctx *E) {
  const ec_mod *p = &E->p;
  const unsigned nl = EC_NL_OF(E->nl);
  if (ec_is_zero(a->z, nl)) {
    ec_copy(r->x, bx, nl);
    ec_copy(r->y, by, nl);
    ec_copy(r->z, E->one_p, nl);
    return;
  }
  fe z1z1, u1, s1, u2, s2, h, rr, z3;
  ec_copy(u1, a->x, nl);
  ec_copy(s1, a->y, nl);
  ec_mont_mul(z1z1, a->z, a->z, p);
  ec_mont_mul(u2, bx, z1z1, p);
  ec_mont_mul(s2, by, a->z, p);
  ec_mont_mul(s2, s2, z1z1, p);
  ec_mod_sub(h, u2, u1, p);
  ec_mod_sub(rr, s2, s1, p);
  if (ec_is_zero(h, nl)) {
    if (ec_is_zero(rr, nl))
      ec_dbl(r, a, E);
    else
      ec_set_inf(r, nl);
    return;
  }
  ec_mont_mul(z3, a->z, h, p);
  ec_add_tail(r, u1, s1, h, rr, z3, z1z1, u2, s2, E);
}

/* ---------------- u1 G + u2 Q ---------------- */

/* wNAF of k (nl limbs, k < 2^bits) with width w: digits d[0 ..), least
   significant first, each 0 or odd in (-2^(w-1), 2^(w-1)); returns the
   count (at most bits + 1). */
static FC__NOINLINE unsigned ec_wnaf(signed char *d, const EC_LIMB *k_in, unsigned nl, unsigned w) {
  EC_LIMB k[EC_NMAX + 1] = {0};
  ec_copy(k, k_in, nl);
  k[nl] = 0;
  unsigned len = 0;
  while (!ec_is_zero(k, nl + 1)) {
    int digit = 0;
    if (k[0] & 1) {
      digit = (int)(k[0] & (((EC_LIMB)1 << w) - 1));
      if (digit >= (1 << (w - 1))) digit -= 1 << w;
      /* k -= digit: k becomes a multiple of 2^w */
      if (digit > 0) {
        EC_LIMB b = (EC_LIMB)digit;
        for (unsigned i = 0; i <= nl && b; i++) {
          EC_LIMB o = k[i];
          k[i] = o - b;
          b = o < b;
        }
      } else {
        EC_LIMB c = (EC_LIMB)(-digit);
        for (unsigned i = 0; i <= nl && c; i++) {
          k[i] += c;
          c = k[i] < c;
        }
      }
    }
    d[len++] = (signed char)digit;
    for (unsigned i = 0; i < nl; i++) k[i] = k[i] >> 1 | k[i + 1] << (EC_LB - 1);
    k[nl] >>= 1;
  }
  return len;
}

/* r = u1 G + u2 Q, Jacobian; u1, u2 < 2^bits (limbs). */
static FC__NOINLINE void ec_mul2_jac(ec_jpt *r, const ec_ctx *E, const uint64_t *qx,
                                      const uint64_t *qy, const EC_LIMB *u1, const EC_LIMB *u2) {
  const fc__ec_curve *c = E->c;
  const unsigned nl = EC_NL_OF(E->nl), l64 = EC_BITS_OF(E->bits) / 64;
  signed char d1[EC_MAXBITS + 2], d2[EC_MAXBITS + 2];
  unsigned wg = c->gtable_len >= 32 ? 7 : 4;
  unsigned l1 = ec_wnaf(d1, u1, nl, wg), l2 = ec_wnaf(d2, u2, nl, 4);
  ec_jpt qt[4]; /* (2i+1) Q; r holds 2Q while they are made */
  ec_from64(qt[0].x, qx, l64);
  ec_from64(qt[0].y, qy, l64);
  ec_copy(qt[0].z, E->one_p, nl);
  ec_dbl(r, &qt[0], E);
  for (int i = 1; i < 4; i++) ec_add(&qt[i], &qt[i - 1], r, E);
  ec_set_inf(r, nl);
  fe gx, gy;
  for (unsigned i = l1 > l2 ? l1 : l2; i-- > 0;) {
    ec_dbl(r, r, E);
    if (i < l1 && d1[i] != 0) {
      int v = d1[i] < 0 ? -d1[i] : d1[i];
      const uint64_t *e = c->gtable + (size_t)(v >> 1) * 2 * l64;
      ec_from64(gx, e, l64);
      ec_from64(gy, e + l64, l64);
      if (d1[i] < 0) ec_sub_n(gy, E->p.m, gy, nl); /* -y = p - y: y != 0 on the curve */
      ec_madd(r, r, gx, gy, E);
    }
    if (i < l2 && d2[i] != 0) {
      ec_jpt *t = &qt[(d2[i] < 0 ? -d2[i] : d2[i]) >> 1];
      if (d2[i] < 0) ec_sub_n(t->y, E->p.m, t->y, nl); /* -T (y != 0), restored below */
      ec_add(r, r, t, E);
      if (d2[i] < 0) ec_sub_n(t->y, E->p.m, t->y, nl);
    }
  }
}

/* ---------------- entry points ---------------- */

static fc_err ec_point_in(const fc__ec_curve *c, const uint8_t *x, const uint8_t *y, int y_odd,
                          uint64_t *xm, uint64_t *ym) {
  ec_ctx E;
  ec_ctx_init(&E, c);
  const ec_mod *p = &E.p;
  const unsigned nl = EC_NL_OF(E.nl);
  fe xl = {0}, yl = {0}, xmm = {0}, ymm = {0}, rhs = {0}, t = {0}, s = {0};
  ec_from_be(xl, x, c->nbytes);
  if (ec_cmp(xl, p->m, nl) >= 0) return FC_ERR_KEY;
  ec_mont_mul(xmm, xl, E.rr_p, p);
  ec_mont_mul(t, xmm, xmm, p);
  ec_mont_mul(t, t, xmm, p);
  ec_mod_add(s, xmm, xmm, p);
  ec_mod_add(s, s, xmm, p);
  ec_mod_sub(rhs, t, s, p);
  ec_from64(s, c->b_mont, EC_BITS_OF(E.bits) / 64);
  ec_mod_add(rhs, rhs, s, p); /* x^3 - 3x + b */
  if (y != NULL) {
    ec_from_be(yl, y, c->nbytes);
    if (ec_cmp(yl, p->m, nl) >= 0) return FC_ERR_KEY;
    ec_mont_mul(ymm, yl, E.rr_p, p);
    ec_mont_mul(t, ymm, ymm, p);
    if (ec_cmp(t, rhs, nl) != 0) return FC_ERR_KEY;
  } else {
    /* p = 3 mod 4 on both curves: a root is rhs^((p + 1) / 4) */
    EC_LIMB e[EC_NMAX + 1];
    ec_copy(e, p->m, nl);
    e[nl] = 0;
    for (unsigned i = 0; i <= nl; i++) /* + 1 */
      if (++e[i] != 0) break;
    for (unsigned k = 0; k < 2; k++) { /* >> 2 */
      for (unsigned i = 0; i < nl; i++) e[i] = e[i] >> 1 | e[i + 1] << (EC_LB - 1);
      e[nl] >>= 1;
    }
    ec_mod_pow(ymm, rhs, e, c->bits, E.one_p, p);
    ec_mont_mul(t, ymm, ymm, p);
    if (ec_cmp(t, rhs, nl) != 0) return FC_ERR_KEY; /* no root: not an x of the curve */
    fe one = {1};
    ec_mont_mul(yl, ymm, one, p);
    if ((int)(yl[0] & 1) != (y_odd != 0)) {
      if (ec_is_zero(ymm, nl)) return FC_ERR_KEY;
      fe zero = {0};
      ec_mod_sub(ymm, zero, ymm, p);
    }
  }
  ec_to64(xm, xmm, c->limbs64);
  ec_to64(ym, ymm, c->limbs64);
  return FC_OK;
}

/* u1 = e/s and u2 = r/s mod n (plain), for 1 <= s < n; its own frame, so
   the inversion's temporaries are gone before the point arithmetic. */
static FC__NOINLINE void ec_scalars(const ec_ctx *E, const uint8_t *e, const uint8_t *r,
                                    const uint8_t *s, EC_LIMB *u1, EC_LIMB *u2) {
  const unsigned nl = EC_NL_OF(E->nl), bits = EC_BITS_OF(E->bits);
  const ec_mod *n = &E->n;
  fe el, rl, sl, sm, w, ex;
  ec_from_be(el, e, bits / 8);
  ec_from_be(sl, s, bits / 8);
  if (ec_cmp(el, n->m, nl) >= 0) ec_sub_n(el, el, n->m, nl); /* 2^bits < 2n */
  /* w = s^(n-2) = 1/s, Montgomery form */
  ec_from64(w, E->c->rr_n, bits / 64);
  ec_mont_mul(sm, sl, w, n);
  ec_minus_small(ex, n->m, nl, 2);
  ec_from64(rl, E->c->one_n, bits / 64); /* R mod n; rl takes r below */
  ec_mod_pow(w, sm, ex, bits, rl, n);
  ec_from_be(rl, r, bits / 8);
  ec_mont_mul(u1, el, w, n); /* e/s mod n, plain */
  ec_mont_mul(u2, rl, w, n);
}

/* x(R) mod n = r for R Jacobian, not infinity, without an inversion:
   r Z^2 = X, or (r + n) Z^2 = X when r + n < p (x(R) in [n, p)). */
static FC__NOINLINE int ec_x_is_r(const ec_ctx *E, const ec_jpt *R, const uint8_t *r) {
  const unsigned nl = EC_NL_OF(E->nl);
  const ec_mod *n = &E->n, *p = &E->p;
  fe rl, z2, rm, t, rn;
  ec_from_be(rl, r, EC_BITS_OF(E->bits) / 8);
  ec_mont_mul(z2, R->z, R->z, p);
  ec_mont_mul(rm, rl, E->rr_p, p); /* r < n < p */
  ec_mont_mul(t, rm, z2, p);
  if (ec_cmp(t, R->x, nl) == 0) return 1;
  if (ec_add_n(rn, rl, n->m, nl) == 0 && ec_cmp(rn, p->m, nl) < 0) {
    ec_mont_mul(rm, rn, E->rr_p, p);
    ec_mont_mul(t, rm, z2, p);
    if (ec_cmp(t, R->x, nl) == 0) return 1;
  }
  return 0;
}

static int ec_verify(const fc__ec_curve *c, const uint64_t *qx, const uint64_t *qy,
                     const uint8_t *e, const uint8_t *r, const uint8_t *s) {
  ec_ctx E;
  ec_ctx_init(&E, c);
  fe u1, u2;
  ec_scalars(&E, e, r, s, u1, u2);
  ec_jpt R;
  ec_mul2_jac(&R, &E, qx, qy, u1, u2);
  if (ec_is_zero(R.z, EC_NL_OF(E.nl))) return 0;
  return ec_x_is_r(&E, &R, r);
}

static int ec_mul2(const fc__ec_curve *c, const uint64_t *qx, const uint64_t *qy,
                   const uint8_t *u1b, const uint8_t *u2b, uint8_t *xo, uint8_t *yo) {
  ec_ctx E;
  ec_ctx_init(&E, c);
  const unsigned nl = EC_NL_OF(E.nl);
  const ec_mod *p = &E.p;
  fe u1 = {0}, u2 = {0}, x = {0}, y = {0}, zi = {0}, zi2 = {0}, ex = {0}, one = {1};
  ec_from_be(u1, u1b, c->nbytes);
  ec_from_be(u2, u2b, c->nbytes);
  ec_jpt R = {{0}, {0}, {0}};
  ec_mul2_jac(&R, &E, qx, qy, u1, u2);
  if (ec_is_zero(R.z, nl)) return 0;
  ec_minus_small(ex, p->m, nl, 2);
  ec_mod_pow(zi, R.z, ex, E.bits, E.one_p, p); /* 1/Z */
  ec_mont_mul(zi2, zi, zi, p);
  ec_mont_mul(x, R.x, zi2, p);
  ec_mont_mul(zi2, zi2, zi, p);
  ec_mont_mul(y, R.y, zi2, p);
  ec_mont_mul(x, x, one, p);
  ec_mont_mul(y, y, one, p);
  ec_to_be(xo, x, c->nbytes);
  ec_to_be(yo, y, c->nbytes);
  return 1;
}

#undef fe
#undef ec_mod
#undef ec_jpt
#undef ec_ctx
#undef ec_add
#undef ec_add_tail
#undef ec_cmp
#undef ec_copy
#undef ec_ctx_init
#undef ec_dbl
#undef ec_from64
#undef ec_from_be
#undef ec_is_zero
#undef ec_madd
#undef ec_minus_small
#undef ec_mod_add
#undef ec_mod_pow
#undef ec_mod_sub
#undef ec_mont_mul
#undef ec_mul2
#undef ec_mul2_jac
#undef ec_point_in
#undef ec_set_inf
#undef ec_to64
#undef ec_to_be
#undef ec_verify
#undef ec_wnaf
#undef ec_scalars
#undef ec_x_is_r
#undef ec_sub_n
#undef ec_add_n
#if defined(EC_BODY_PRAGMAS)
#pragma GCC diagnostic pop
#undef EC_BODY_PRAGMAS
#endif
#undef EC_NMAX
#undef EC_MAXBITS
#undef EC_NL_OF
#undef EC_BITS_OF
#undef EC_NAME
#undef EC_CAT
#undef EC_CAT2

