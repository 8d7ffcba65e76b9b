/*
 * Exponent chains shared by every Montgomery kernel (see fc_internal.h).
 * The exponent is public: this code branches on its bits.
 *
 * e = 2^k + 1 (3, 17, 65537): x = b*R', k squarings give b^(2^k)*R', and a
 * final product with the plain base, b^(2^k)*R' * b / R' = b^e, leaves the
 * Montgomery form in the same step: k + 2 products, one value slot.
 * Other exponents: left-to-right sliding window over odd powers
 * b, b^3, ..., b^(2^w - 1) (Handbook of Applied Cryptography, Alg. 14.85).
 */
#include "bn/bn_internal.h"

#if defined(FC_HAVE_ANY_EXPONENT)
static int bit_at(const uint8_t *exp, size_t exp_len, size_t i) {
  return (exp[exp_len - 1 - i / 8] >> (i % 8)) & 1;
}
#endif

static size_t bit_length(const uint8_t *exp, size_t exp_len) {
  uint8_t top = exp[0];
  size_t b = 0;
  while (top) {
    b++;
    top >>= 1;
  }
  return 8 * (exp_len - 1) + b;
}

/* Returns k >= 1 when exp = 2^k + 1, else 0: exp odd, and exp - 1 has a
   single bit set. exp[0] != 0 (the entry points strip leading zeros; a
   zero there gives 0). A byte at a time: verification asks this three
   times per call. */
static size_t two_k_plus_one(const uint8_t *exp, size_t exp_len) {
  if (exp_len == 0 || exp[0] == 0 || !(exp[exp_len - 1] & 1)) return 0;
  size_t nonzero = 0;
  unsigned only = 0;
  for (size_t i = 0; i < exp_len; i++) {
    unsigned b = i + 1 == exp_len ? exp[i] & 0xfeu : exp[i];
    if (b) {
      nonzero++;
      only = b;
    }
  }
  if (nonzero != 1 || (only & (only - 1))) return 0;
  return bit_length(exp, exp_len) - 1;
}

size_t fc__modpow_f4_squarings(const uint8_t *exp, size_t exp_len) {
  return two_k_plus_one(exp, exp_len);
}

fc_err fc__modpow_exp_built(const uint8_t *exp, size_t exp_len) {
#if defined(FC_HAVE_ANY_EXPONENT)
  (void)exp;
  (void)exp_len;
  return FC_OK;
#else
  return two_k_plus_one(exp, exp_len) ? FC_OK : FC_ERR_UNSUPPORTED;
#endif
}

unsigned fc__modpow_min_slots(const uint8_t *exp, size_t exp_len) {
  return two_k_plus_one(exp, exp_len) ? 1u : 2u;
}

size_t fc__modpow_ws_need(const fc__mont_kernel *k, const fc_mont_ctx *ctx, const uint8_t *exp,
                          size_t exp_len) {
  return k->ws_fixed(ctx) + fc__modpow_min_slots(exp, exp_len) * k->ws_slot(ctx);
}

#if defined(FC_HAVE_ANY_EXPONENT)
/* Window width for an exponent of `bits` bits: the usual cost-minimising
   thresholds (HAC Table 14.16), capped by the table slots available. */
static unsigned window_for(size_t bits, unsigned table_slots) {
  unsigned w = bits <= 8 ? 1 : bits <= 24 ? 2 : bits <= 80 ? 3 : bits <= 240 ? 4 : 5;
  while (w > 1 && (1u << (w - 1)) > table_slots) w--;
  return w;
}

#endif

void fc__modpow_run(const fc__pow_ops *ops, void *k, const uint8_t *exp, size_t exp_len,
                    unsigned slots) {
  size_t sq = two_k_plus_one(exp, exp_len);
  if (sq) {
    ops->enter(k, 0);
    for (size_t i = 0; i < sq; i++) ops->sqr(k, 0, 0);
    ops->leave_mul_base(k, 0);
    return;
  }
#if !defined(FC_HAVE_ANY_EXPONENT)
  (void)slots; /* unreachable: the entry points refused exp (fc__modpow_exp_built) */
#else
  size_t bits = bit_length(exp, exp_len);
  unsigned w = window_for(bits, slots - 1);
  unsigned entries = 1u << (w - 1);

  /* slot j (1-based) holds b^(2j-1); slot 0 holds b^2 while the table fills */
  ops->enter(k, 1);
  if (entries > 1) {
    ops->sqr(k, 0, 1);
    for (unsigned j = 2; j <= entries; j++) ops->mul(k, j, j - 1, 0);
  }

  int started = 0;
  size_t i = bits; /* bits i-1 .. 0 remain */
  while (i > 0) {
    if (!bit_at(exp, exp_len, i - 1)) {
      ops->sqr(k, 0, 0); /* started already: the top bit is 1 */
      i--;
      continue;
    }
    size_t lo = i >= w ? i - w : 0; /* window: bits i-1 .. lo, lo made odd */
    while (!bit_at(exp, exp_len, lo)) lo++;
    unsigned v = 0;
    for (size_t b = i; b-- > lo;) v = (v << 1) | (unsigned)bit_at(exp, exp_len, b);
    if (!started) {
      ops->copy(k, 0, (v + 1) / 2);
      started = 1;
    } else {
      for (size_t b = lo; b < i; b++) ops->sqr(k, 0, 0);
      ops->mul(k, 0, 0, (v + 1) / 2);
    }
    i = lo;
  }
  ops->leave(k, 0);
#endif
}
