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

void fc__bn_mod_shl(uint32_t *a, const uint32_t *n, size_t nwords, size_t k) {
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
  for (; be_len >= 4; be_len -= 4)
    w[i++] = (uint32_t)be[be_len - 1] | (uint32_t)be[be_len - 2] << 8 |
             (uint32_t)be[be_len - 3] << 16 | (uint32_t)be[be_len - 4] << 24;
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
