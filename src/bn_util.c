/* Plain multi-precision helpers on 32-bit little-endian words (see fc_internal.h). */
#include "fc_internal.h"

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
    if (a[i]) {
      uint32_t b = 0, w = a[i];
      while (w) {
        b++;
        w >>= 1;
      }
      return (uint32_t)(32 * i + b);
    }
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
  for (; be_len >= 4; be_len -= 4) {
    const uint8_t *p = be + be_len - 4; /* one big-endian load (compilers merge the bytes) */
    w[i++] = (uint32_t)p[3] | (uint32_t)p[2] << 8 | (uint32_t)p[1] << 16 | (uint32_t)p[0] << 24;
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

void fc__wipe(void *p, size_t len) {
  volatile uint8_t *v = (volatile uint8_t *)p;
  while (len--) *v++ = 0;
}
