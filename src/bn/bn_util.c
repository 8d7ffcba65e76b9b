/* Plain multi-precision helpers on 32-bit little-endian words (see fc_internal.h). */
#include "bn/bn_internal.h"

int fc__bn_cmp(const uint32_t *a, const uint32_t *b, size_t nwords) {
  for (size_t i = nwords; i-- > 0;)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/*
 * a = 2a mod n, for a < n. 2a < 2n, so one conditional subtraction of n
 * suffices; the subtraction is always computed and selected by mask.
 */
void fc__bn_mod_double(uint32_t *a, const uint32_t *n, size_t nwords) {
  uint32_t top = 0, borrow = 0;
  for (size_t i = 0; i < nwords; i++) {
    uint32_t w = a[i];
    a[i] = (w << 1) | top;
    top = w >> 31;
  }
  /* t = 2a - n over nwords words; final borrow tells 2a < n (when top == 0). */
  for (size_t i = 0; i < nwords; i++) {
    uint64_t d = (uint64_t)a[i] - n[i] - borrow;
    borrow = (uint32_t)(d >> 63);
  }
  /* subtract when 2a >= n: top set, or no borrow */
  uint32_t mask = 0u - (top | (borrow ^ 1u));
  borrow = 0;
  for (size_t i = 0; i < nwords; i++) {
    uint64_t d = (uint64_t)a[i] - (n[i] & mask) - borrow;
    a[i] = (uint32_t)d;
    borrow = (uint32_t)(d >> 63);
  }
}

/*
 * a * 2^k mod n, 32 bits per step while k >= 32, then by doublings. A step
 * is one quotient digit of long division (Knuth, TAOCP vol. 2, 4.3.1,
 * Algorithm D, steps D3-D6) on values shifted left by s bits so that n's top
 * significant word N[m-1] = d has its top bit set (A = a << s, N = n << s:
 * (A * 2^32) mod N = ((a * 2^32) mod n) << s). x = A * 2^32 < N * 2^32, so
 * its quotient q < 2^32, and the estimate qhat from x's top two words and d,
 * clamped to 2^32 - 1, has q <= qhat <= q + 2 (Theorem B there): x - qhat*N
 * lies in [-2N, N), and two masked additions of N bring it into [0, N).
 * The estimate divides by d through its reciprocal (Moller and Granlund,
 * "Improved division by invariant integers", IEEE Trans. Computers 60(2),
 * 2011, Algorithm 4), so no step divides or branches on a's words.
 */

#if !defined(__OPTIMIZE_SIZE__)
/* (-Os builds, firmware's, keep only the doubling loop of fc__bn_mod_shl:
   this step costs 640 bytes of code for set-up time; docs/firmware.md "Code size".) */

/* Word i of w << s over words 0..i (s in 0..31). */
static uint32_t shl_word(const uint32_t *w, size_t i, unsigned s) {
  return s == 0 ? w[i] : (w[i] << s) | (i > 0 ? w[i - 1] >> (32 - s) : 0);
}

/* floor((u1*2^32 + u0) / d) for d >= 2^31, u1 < d, v = floor((2^64-1)/d) - 2^32. */
static uint32_t div21(uint32_t u1, uint32_t u0, uint32_t d, uint32_t v) {
  uint64_t q = (uint64_t)v * u1 + ((uint64_t)u1 << 32 | u0);
  uint32_t q1 = (uint32_t)(q >> 32) + 1, q0 = (uint32_t)q;
  uint32_t r = u0 - q1 * d;
  uint32_t m = 0u - (uint32_t)(r > q0); /* q1 one too large */
  q1 += m;
  r += d & m;
  m = 0u - (uint32_t)(r >= d); /* q1 one too small (rare) */
  return q1 - m;
}

/* A = A * 2^32 mod N for A < N (m words, normalised as above). */
static void mod_shl32(uint32_t *A, const uint32_t *n, size_t m, unsigned s, uint32_t d,
                      uint32_t v) {
  uint32_t u1 = A[m - 1], u0 = m > 1 ? A[m - 2] : 0; /* x's top words x[m], x[m-1] */
  uint32_t big = 0u - (uint32_t)(u1 == d);          /* A < N: u1 <= d; u1 = d: clamp */
  uint32_t q = div21(u1 & ~big, u0 & ~big, d, v) | big;
  /* A = x - q N over words 0..m-1; x[i] = A[i-1] (x[0] = 0), top word apart */
  uint64_t carry = 0;
  uint32_t borrow = 0, prev = 0;
  for (size_t i = 0; i < m; i++) {
    uint64_t p = (uint64_t)q * shl_word(n, i, s) + carry;
    uint64_t t = (uint64_t)prev - (uint32_t)p - borrow;
    carry = p >> 32;
    prev = A[i];
    A[i] = (uint32_t)t;
    borrow = (uint32_t)(t >> 63);
  }
  uint32_t top = prev - (uint32_t)carry - borrow; /* 0, -1 or -2 as a signed word */
  for (int c = 0; c < 2; c++) {
    uint32_t mask = 0u - (top >> 31);
    uint64_t sum = 0;
    for (size_t i = 0; i < m; i++) {
      sum += (uint64_t)A[i] + (shl_word(n, i, s) & mask);
      A[i] = (uint32_t)sum;
      sum >>= 32;
    }
    top += (uint32_t)sum;
  }
}

/*
 * floor((2^64 - 1) / d) - 2^32 for d >= 2^31, the reciprocal used above,
 * without a 64-bit division (i686 would take it from libgcc's __udivdi3,
 * which a freestanding archive may not reference): the numerator is
 * (2^32 - 1 - d) 2^32 + (2^32 - 1) and its quotient by d fits 32 bits, so
 * 32 steps of restoring division with the remainder < 2d < 2^33. d is
 * derived from the modulus (public): the branch is fine.
 */
static uint32_t recip32(uint32_t d) {
  uint64_t r = (uint32_t)~d; /* < d */
  uint32_t q = 0;
  for (int i = 0; i < 32; i++) {
    r = (r << 1) | 1;
    q <<= 1;
    if (r >= d) {
      r -= d;
      q |= 1;
    }
  }
  return q;
}

#endif /* !__OPTIMIZE_SIZE__ */

void fc__bn_mod_shl(uint32_t *a, const uint32_t *n, size_t nwords, size_t k) {
#if !defined(__OPTIMIZE_SIZE__)
  if (k >= 32) {
    size_t m = nwords; /* significant words of n; a's words above them are 0 */
    while (m > 1 && n[m - 1] == 0) m--;
    unsigned s = 0;
    while (!((n[m - 1] << s) & 0x80000000u)) s++;
    uint32_t d = shl_word(n, m - 1, s);
    uint32_t v = recip32(d);
    for (size_t i = m; i-- > 0;) a[i] = shl_word(a, i, s); /* a < n: fits m words */
    for (; k >= 32; k -= 32) mod_shl32(a, n, m, s, d, v);
    for (size_t i = 0; i < m; i++) a[i] = s == 0 ? a[i] : (a[i] >> s) | (i + 1 < m ? a[i + 1] << (32 - s) : 0);
  }
#endif
  while (k--) fc__bn_mod_double(a, n, nwords);
}

/*
 * Set-up helpers (variable time: moduli and R^2 are public). With a
 * 128-bit product (x86-64, AArch64) and not -Os, a * 2^k mod n runs the
 * same long division with 64-bit digits: about a quarter of the 32-bit
 * steps' multiplications, and the quotient estimate is refined with n's
 * second limb (Knuth's step D3), so the add-back after the subtraction
 * almost never runs. Otherwise fc__bn_mod_shl.
 */
#if defined(__SIZEOF_INT128__) && !defined(__OPTIMIZE_SIZE__)
typedef unsigned __int128 fc__u128;

/* Limb i (64 bits) of w (32-bit words): words 2i and 2i + 1, which MUST
   exist (callers pass arrays of FC_MONT_MAX_WORDS words, zero above the
   value). One 8-byte access on little-endian targets. */
#define FC__ALWAYS_INLINE inline __attribute__((always_inline))
static FC__ALWAYS_INLINE uint64_t ld64(const uint32_t *w, size_t i, size_t lim) {
  (void)lim;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  uint64_t v;
  memcpy(&v, w + 2 * i, 8);
  return v;
#else
  return w[2 * i] | (uint64_t)w[2 * i + 1] << 32;
#endif
}
static FC__ALWAYS_INLINE void st64(uint32_t *w, size_t i, uint64_t v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(w + 2 * i, &v, 8);
#else
  w[2 * i] = (uint32_t)v;
  w[2 * i + 1] = (uint32_t)(v >> 32);
#endif
}
/* Limb i of n << s (s in 0..63). */
static FC__ALWAYS_INLINE uint64_t nlimb(const uint32_t *n, size_t nw, size_t i, unsigned s) {
  uint64_t w = ld64(n, i, nw);
  return s == 0 ? w : (w << s) | (i > 0 ? ld64(n, i - 1, nw) >> (64 - s) : 0);
}
/* Bits 64j..64j+63 of (hi:lo) << j, for j in 1..64. */
static FC__ALWAYS_INLINE uint64_t shj(uint64_t hi, uint64_t lo, unsigned j) {
  return j == 64 ? lo : (hi << j) | (lo >> (64 - j));
}
/* floor((2^128 - 1) / d) - 2^64 for d >= 2^63 (restoring division: no
   128-bit division, which would need libgcc's __udivti3). */
static uint64_t recip64(uint64_t d) {
#if defined(__x86_64__) /* one divq: the quotient fits, as ~d < d */
  uint64_t q, rem;
  __asm__("divq %4" : "=a"(q), "=d"(rem) : "a"(~(uint64_t)0), "d"(~d), "rm"(d) : "cc");
  (void)rem;
  return q;
#else
  fc__u128 r = (uint64_t)~d;
  uint64_t q = 0;
  for (int i = 0; i < 64; i++) {
    r = (r << 1) | 1;
    q <<= 1;
    if (r >= d) {
      r -= d;
      q |= 1;
    }
  }
  return q;
#endif
}

/* floor((u1 2^64 + u0) / d), remainder in *rem, for d >= 2^63, u1 < d
   (Moller and Granlund, Algorithm 4, as div21 above). */
static uint64_t div21_64(uint64_t u1, uint64_t u0, uint64_t d, uint64_t v, uint64_t *rem) {
  fc__u128 q = (fc__u128)v * u1 + ((fc__u128)u1 << 64 | u0);
  uint64_t q1 = (uint64_t)(q >> 64) + 1, q0 = (uint64_t)q;
  uint64_t r = u0 - q1 * d;
  if (r > q0) {
    q1--;
    r += d;
  }
  if (r >= d) {
    q1++;
    r -= d;
  }
  *rem = r;
  return q1;
}

#if defined(FC_HAVE_DIVSTEP_ADX)
/* src/x86/bn_divstep_adx.S: the row below for j = 64, s = 0, where the
   selected features have BMI2 and ADX: about 1.8 cycles per limb against
   the C row's 3.8 (8192-bit moduli, Xeon Emerald Rapids, 2026-12-02). */
uint64_t fc__bn_divstep_adx(void *x, const void *n, size_t m, uint64_t q);
/* mont_reduce64's row, as the one below (same file) */
uint64_t fc__bn_redc_step_adx(void *a, const void *n, size_t m, uint64_t q, uint64_t top);
#endif

/* Whether the assembly rows run: the selected features have BMI2 and ADX. */
static int adx_rows(void) {
#if defined(FC_HAVE_DIVSTEP_ADX)
  return (fc__features() & (FC_CPU_BMI2 | FC_CPU_ADX)) == (FC_CPU_BMI2 | FC_CPU_ADX);
#else
  return 0;
#endif
}

/* X = X * 2^j mod N, j in 1..64; X: m limbs in x, normalised (X < N = n << s).
   adx: fc__bn_divstep_adx may run the row (j = 64, s = 0 only). */
static FC__ALWAYS_INLINE void step64(uint32_t *x, const uint32_t *n, size_t nw, size_t m, unsigned s,
                          uint64_t d, uint64_t d2, uint64_t v, unsigned j, int adx) {
  size_t lx = 2 * m;
  uint64_t x1 = ld64(x, m - 1, lx), x2 = m > 1 ? ld64(x, m - 2, lx) : 0;
  uint64_t x3 = m > 2 ? ld64(x, m - 3, lx) : 0;
  uint64_t u2 = shj(0, x1, j), u1 = shj(x1, x2, j), u0 = shj(x2, x3, j), q, r;
  if (u2 >= d) { /* u2 = d (j = 64 only): q <= 2^64 - 1 <= q + 2 */
    q = ~(uint64_t)0;
  } else {
    q = div21_64(u2, u1, d, v, &r);
    while (m > 1 && (fc__u128)q * d2 > ((fc__u128)r << 64 | u0)) {
      q--;
      r += d;
      if (r < d) break; /* r >= 2^64: the test holds no more */
    }
  }
  uint64_t top; /* 0, -1 or -2: x - qN in [-2N, N) */
#if defined(FC_HAVE_DIVSTEP_ADX)
  if (adx && s == 0 && j == 64) {
    top = fc__bn_divstep_adx(x, n, m, q);
  } else
#endif
  {
    (void)adx;
    uint64_t carry = 0, prev = 0; /* carry: the product's high limb plus the borrow */
    for (size_t i = 0; i < m; i++) {
      uint64_t cur = ld64(x, i, lx);
      uint64_t xi = shj(cur, prev, j);
      fc__u128 p = (fc__u128)q * nlimb(n, nw, i, s) + carry; /* < 2^128 */
      uint64_t lo = (uint64_t)p;
      carry = (uint64_t)(p >> 64) + (xi < lo);
      st64(x, i, xi - lo);
      prev = cur;
    }
    top = shj(0, prev, j) - carry;
  }
  while (top >> 63) {
    fc__u128 c = 0;
    for (size_t i = 0; i < m; i++) {
      c += (fc__u128)ld64(x, i, lx) + nlimb(n, nw, i, s);
      st64(x, i, (uint64_t)c);
      c >>= 64;
    }
    top += (uint64_t)c;
  }
}

/* a = a * 2^k mod n, a < n; a has room for 2 ceil(bits(n) / 64) words. */
static void mod_shl64(uint32_t *a, const uint32_t *n, size_t nw, uint32_t nbits, size_t k) {
  size_t m = (nbits + 63) / 64;
  unsigned s = (unsigned)__builtin_clzll(ld64(n, m - 1, nw));
  for (size_t i = nw; i < 2 * m; i++) a[i] = 0;
  uint64_t d = nlimb(n, nw, m - 1, s), d2 = m > 1 ? nlimb(n, nw, m - 2, s) : 0, v = recip64(d);
  if (s)
    for (size_t i = m; i-- > 0;) st64(a, i, (ld64(a, i, 2 * m) << s) | (i ? ld64(a, i - 1, 2 * m) >> (64 - s) : 0));
  int adx = adx_rows();
  for (; k >= 64; k -= 64) {
    if (s) step64(a, n, nw, m, s, d, d2, v, 64, 0);
    else step64(a, n, nw, m, 0, d, d2, v, 64, adx); /* n's top limb full: the common case */
  }
  if (k) step64(a, n, nw, m, s, d, d2, v, (unsigned)k, 0);
  if (s)
    for (size_t i = 0; i < m; i++)
      st64(a, i, (ld64(a, i, 2 * m) >> s) | (i + 1 < m ? ld64(a, i + 1, 2 * m) << (64 - s) : 0));
}

/* a = a / 2^(64 rows) mod n for a < n, nw even: HAC 14.32 with 64-bit
   digits, as fc__bn_mont_reduce, for any number of rows. After j rows
   a' = (a + Q n) / 2^(64 j) with Q < 2^(64 j), so a' < n + 1, and a' = n
   only for a = 0: the result is below n and fits m limbs (top 0). */
void fc__bn_redc64(uint32_t *a, const uint32_t *n, size_t nw, size_t rows) {
  size_t m = nw / 2;
  uint64_t k0 = fc__neg_inv64(ld64(n, 0, nw)), top = 0;
#if defined(FC_HAVE_DIVSTEP_ADX)
  if (adx_rows()) {
    for (size_t i = 0; i < rows; i++) top = fc__bn_redc_step_adx(a, n, m, ld64(a, 0, nw) * k0, top);
    return;
  }
#endif
  for (size_t i = 0; i < rows; i++) {
    uint64_t a0 = ld64(a, 0, nw), q = a0 * k0;
    fc__u128 c = ((fc__u128)q * ld64(n, 0, nw) + a0) >> 64; /* the low limb is 0 */
    for (size_t j = 1; j < m; j++) {
      c += (fc__u128)q * ld64(n, j, nw) + ld64(a, j, nw);
      st64(a, j - 1, (uint64_t)c);
      c >>= 64;
    }
    c += top;
    st64(a, m - 1, (uint64_t)c);
    top = (uint64_t)(c >> 64);
  }
}
#endif

int fc__bn_rr_ok(const fc_mont_ctx *c) {
  uint32_t t[FC_MONT_MAX_WORDS], r[FC_MONT_MAX_WORDS];
  size_t nw = c->nwords;
  for (size_t i = 0; i < nw; i++) t[i] = c->rr[i];
#if defined(__SIZEOF_INT128__) && !defined(__OPTIMIZE_SIZE__)
  if (nw % 2 == 0)
    fc__bn_redc64(t, c->n, nw, nw / 2);
  else
#endif
    fc__bn_mont_reduce(t, c->n, c->n0inv, nw);
  fc__bn_pow2_mod(r, c->n, nw, c->nbits, 32 * nw);
  return fc__bn_cmp(t, r, nw) == 0;
}

void fc__bn_mod_shl_fast(uint32_t *a, const uint32_t *n, size_t nwords, size_t k) {
#if defined(__SIZEOF_INT128__) && !defined(__OPTIMIZE_SIZE__)
  if (k >= 32) {
    mod_shl64(a, n, nwords, fc__bn_bits(n, nwords), k);
    return;
  }
#endif
  fc__bn_mod_shl(a, n, nwords, k);
}

void fc__bn_pow2_mod(uint32_t *x, const uint32_t *n, size_t nwords, uint32_t nbits, size_t e) {
  for (size_t i = 0; i < nwords; i++) x[i] = 0;
  uint32_t top = nbits - 1; /* 2^top < n */
#if defined(__SIZEOF_INT128__) && !defined(__OPTIMIZE_SIZE__)
  /* Start lower, at 2^t < n with e - t a multiple of 64: every digit step
     of mod_shl64 is then a whole one (the assembly row where there is one). */
  if (top >= 63 && e - top >= 64) top -= (uint32_t)((64 - (e - top) % 64) % 64);
#endif
#if !defined(__OPTIMIZE_SIZE__)
  if (e == nbits) { /* R mod n (fc__bn_rr_ok): 2^nbits - n = ~n + 1 on nbits bits, as n > 2^top; n odd: no carry */
    for (size_t i = 0; i < nwords; i++)
      x[i] = 32 * i + 32 <= nbits ? ~n[i] : 32 * i < nbits ? ~n[i] & ((1u << (nbits % 32)) - 1) : 0;
    x[0] += 1;
    return;
  }
#endif
  x[top / 32] = 1u << (top % 32);
  fc__bn_mod_shl_fast(x, n, nwords, e - top);
}

/* Newton iteration x <- x(2 - n x): each step doubles the correct low bits;
   n*n == 1 mod 8 for odd n gives 3 bits to start. */
uint32_t fc__neg_inv32(uint32_t n) {
  uint32_t x = n;
  for (int i = 0; i < 4; i++) x *= 2u - n * x;
  return 0u - x;
}

uint64_t fc__neg_inv64(uint64_t n) {
  uint64_t x = n;
  for (int i = 0; i < 5; i++) x *= 2u - n * x;
  return 0u - x;
}

uint32_t fc__bn_bits(const uint32_t *a, size_t nwords) {
  for (size_t i = nwords; i-- > 0;)
    if (a[i]) return (uint32_t)(32 * i + 32 - (uint32_t)__builtin_clz(a[i]));
  return 0;
}

/* Four bytes at a time from the least significant end; bytes beyond
   nwords words must be zero. On failure w is all zero. */
int fc__bn_from_be(uint32_t *w, size_t nwords, const uint8_t *be, size_t be_len) {
  size_t cap = 4 * nwords, i = 0;
  for (; be_len > cap; be_len--, be++)
    if (be[0] != 0) {
      for (size_t j = 0; j < nwords; j++) w[j] = 0;
      return 0;
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(__SIZEOF_INT128__)
  for (; be_len >= 8; be_len -= 8, i += 2) { /* two words per load, swap and store */
    uint64_t v;
    __builtin_memcpy(&v, be + be_len - 8, 8);
    v = __builtin_bswap64(v);
    __builtin_memcpy(w + i, &v, 8);
  }
#endif
  for (; be_len >= 4; be_len -= 4) {
    uint32_t v; /* one load and a byte swap */
    __builtin_memcpy(&v, be + be_len - 4, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    w[i++] = v;
  }
  if (be_len) {
    uint32_t x = 0;
    for (size_t j = 0; j < be_len; j++) x = x << 8 | be[j];
    w[i++] = x;
  }
  for (; i < nwords; i++) w[i] = 0;
  return 1;
}

void fc__bn_to_be(uint8_t *out, size_t out_len, const uint32_t *w, size_t nwords) {
  for (size_t i = 0; i < out_len; i++) {
    size_t pos = out_len - 1 - i;
    out[i] = pos / 4 < nwords ? (uint8_t)(w[pos / 4] >> (8 * (pos % 4))) : 0;
  }
}
