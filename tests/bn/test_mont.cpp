// Every Montgomery kernel against the reference bignum (tests/support) and
// against scalar32, at every size from 512 to 8192 bits in 32-bit steps and
// at odd bit lengths; plus small moduli and edge values.
#include <gtest/gtest.h>

#include "bn/bn_internal.h"
#include "fc_test.h"

using fct::Bytes;
using fct::Rng;
using W = fct::ref::W;

namespace {

class MontKernel : public fct::MontKernelTest {};

// Random odd modulus of exactly `bits` bits in nw = ceil(bits/32) words.
W random_modulus(Rng &rng, unsigned bits) {
  size_t nw = (bits + 31) / 32;
  W n(nw);
  for (auto &w : n) w = rng.u32();
  unsigned top = bits - 32 * (nw - 1);  // 1..32 bits in the top word
  if (top < 32) n[nw - 1] &= (1u << top) - 1;
  n[nw - 1] |= 1u << (top - 1);
  n[0] |= 1;
  return n;
}

W random_below(Rng &rng, const W &n) {
  W a(n.size());
  for (auto &w : a) w = rng.u32();
  return fct::ref::mod(a, n);
}

// r * R == a * b (mod n), R = 2^(32 nw)
void expect_mont(const W &n, const W &a, const W &b, const W &r) {
  ASSERT_LT(fct::ref::cmp(r, n), 0) << "result not reduced";
  EXPECT_EQ(fct::ref::shift_mod(r, n.size(), n), fct::ref::mulmod(a, b, n));
}

TEST_P(MontKernel, MulMatchesReferenceAllSizes) {
  Rng rng(1);
  fc_mont_ctx ctx;
  for (unsigned bits = 512; bits <= 8192; bits += 32) {
    for (unsigned odd : {0u, 1u, 17u}) {  // full words, then odd bit lengths
      unsigned b = bits - odd;
      W n = random_modulus(rng, b);
      ASSERT_EQ(fc_mont_init(&ctx, n.data(), n.size()), FC_OK) << b;
      W a = random_below(rng, n), c = random_below(rng, n), r(n.size());
      fc_mont_mul(&ctx, r.data(), a.data(), c.data());
      {
        SCOPED_TRACE(b);
        expect_mont(n, a, c, r);
      }
      // differential against scalar32 at every size
      fc_mont_ctx ref;
      {
        fct::Pin p(FC_OP_MONT, "scalar32");
        ASSERT_EQ(fc_mont_init(&ref, n.data(), n.size()), FC_OK);
      }
      W r2(n.size());
      fc_mont_mul(&ref, r2.data(), a.data(), c.data());
      ASSERT_EQ(r, r2) << "bits " << b;
    }
  }
}

TEST_P(MontKernel, MulEdgeValues) {
  Rng rng(2);
  fc_mont_ctx ctx;
  for (unsigned bits : {33u, 64u, 65u, 100u, 512u, 1024u, 2047u, 2048u, 4096u, 8192u}) {
    W n = random_modulus(rng, bits);
    ASSERT_EQ(fc_mont_init(&ctx, n.data(), n.size()), FC_OK);
    W nm1 = n;
    nm1[0] -= 1;  // n - 1 (n odd)
    W zero(n.size(), 0), one(n.size(), 0);
    one[0] = 1;
    for (const W *a : {&zero, &one, &nm1})
      for (const W *b : {&zero, &one, &nm1}) {
        W r(n.size());
        fc_mont_mul(&ctx, r.data(), a->data(), b->data());
        SCOPED_TRACE(bits);
        expect_mont(n, *a, *b, r);
      }
    // aliasing: r = a = b
    W a = random_below(rng, n), a0 = a;
    fc_mont_mul(&ctx, a.data(), a.data(), a.data());
    expect_mont(n, a0, a0, a);
  }
  // all-ones modulus (2^k - 1) and the smallest moduli
  for (size_t nw : {1u, 2u, 3u, 16u, 64u, 256u}) {
    W n(nw, 0xffffffffu);
    ASSERT_EQ(fc_mont_init(&ctx, n.data(), n.size()), FC_OK);
    W a = random_below(rng, n), b = random_below(rng, n), r(nw);
    fc_mont_mul(&ctx, r.data(), a.data(), b.data());
    expect_mont(n, a, b, r);
  }
  W three(1, 3);
  ASSERT_EQ(fc_mont_init(&ctx, three.data(), 1), FC_OK);
  W two(1, 2), r(1);
  fc_mont_mul(&ctx, r.data(), two.data(), two.data());
  expect_mont(three, two, two, r);
}

TEST_P(MontKernel, ModpowMatchesReference) {
  Rng rng(3);
  fc_mont_ctx ctx;
  const Bytes e3 = {3}, f4 = {1, 0, 1}, e17 = {17};
  for (unsigned bits : {512u, 1024u, 1023u, 2048u, 2047u, 3071u, 3072u, 4096u, 8192u}) {
    W n = random_modulus(rng, bits);
    ASSERT_EQ(fc_mont_init(&ctx, n.data(), n.size()), FC_OK);
    W b = random_below(rng, n);
    // a random 40-bit odd exponent exercises the sliding window
    Bytes er;
    for (int i = 0; i < 5; i++) er.push_back((uint8_t)rng.u32());
    er[0] |= 0x80;
    er[4] |= 1;
    for (const Bytes *e : std::vector<const Bytes *>{&e3, &f4, &e17, &er}) {
      W r(n.size());
      ASSERT_EQ(fc_modpow(&ctx, r.data(), b.data(), e->data(), e->size()), FC_OK);
      SCOPED_TRACE(bits);
      EXPECT_EQ(r, fct::ref::powmod(b, *e, n)) << "e=" << fct::to_hex(*e);
    }
  }
}

TEST_P(MontKernel, ModpowDifferentialAllSizes) {
  Rng rng(4);
  fc_mont_ctx ctx, ref;
  const Bytes f4 = {1, 0, 1}, e3 = {3};
  for (unsigned bits = 512; bits <= 8192; bits += 32) {
    unsigned b = bits - (bits / 32) % 3;  // every third size at an odd bit length
    W n = random_modulus(rng, b);
    ASSERT_EQ(fc_mont_init(&ctx, n.data(), n.size()), FC_OK);
    {
      fct::Pin p(FC_OP_MONT, "scalar32");
      ASSERT_EQ(fc_mont_init(&ref, n.data(), n.size()), FC_OK);
    }
    W x = random_below(rng, n);
    Bytes ex;  // a random exponent of 1..48 bits
    size_t len = 1 + rng.u32() % 6;
    for (size_t i = 0; i < len; i++) ex.push_back((uint8_t)rng.u32());
    for (const Bytes *e : std::vector<const Bytes *>{&f4, &e3, &ex}) {
      W r1(n.size()), r2(n.size());
      ASSERT_EQ(fc_modpow(&ctx, r1.data(), x.data(), e->data(), e->size()), FC_OK);
      ASSERT_EQ(fc_modpow(&ref, r2.data(), x.data(), e->data(), e->size()), FC_OK);
      ASSERT_EQ(r1, r2) << "bits " << b << " e=" << fct::to_hex(*e);
    }
  }
}

TEST_P(MontKernel, ModpowEdgeExponentsAndAliasing) {
  Rng rng(5);
  fc_mont_ctx ctx;
  W n = random_modulus(rng, 1536);
  ASSERT_EQ(fc_mont_init(&ctx, n.data(), n.size()), FC_OK);
  W b = random_below(rng, n);
  for (Bytes e : {Bytes{}, Bytes{0}, Bytes{0, 0, 1}, Bytes{1}, Bytes{2}, Bytes{4}, Bytes{5},
                  Bytes{0xff, 0xff}, Bytes{0x80, 0, 0, 0, 0, 0, 0, 0, 1}}) {
    W r(n.size());
    ASSERT_EQ(fc_modpow(&ctx, r.data(), b.data(), e.data(), e.size()), FC_OK);
    EXPECT_EQ(r, fct::ref::powmod(b, e, n)) << fct::to_hex(e);
  }
  W x = b;  // r aliases base
  const uint8_t f4[3] = {1, 0, 1};
  ASSERT_EQ(fc_modpow(&ctx, x.data(), x.data(), f4, 3), FC_OK);
  EXPECT_EQ(x, fct::ref::powmod(b, Bytes(f4, f4 + 3), n));
  // base 0 and base 1
  W zero(n.size(), 0), one(n.size(), 0), r(n.size());
  one[0] = 1;
  ASSERT_EQ(fc_modpow(&ctx, r.data(), zero.data(), f4, 3), FC_OK);
  EXPECT_EQ(r, zero);
  ASSERT_EQ(fc_modpow(&ctx, r.data(), one.data(), f4, 3), FC_OK);
  EXPECT_EQ(r, one);
}

TEST_P(MontKernel, ModpowWorkspaceBounds) {
  Rng rng(6);
  fc_mont_ctx ctx;
  W n = random_modulus(rng, 8192);
  ASSERT_EQ(fc_mont_init(&ctx, n.data(), n.size()), FC_OK);
  W b = random_below(rng, n), r(n.size()), want(n.size());
  const uint8_t f4[3] = {1, 0, 1}, big[3] = {0xab, 0xcd, 0xef};
  std::vector<uint8_t> ws(FC_MODPOW_WORKSPACE_BYTES(8192) + 1);
  // the F4 workspace suffices for 65537, at an unaligned address too
  ASSERT_EQ(fc_modpow_ws(&ctx, r.data(), b.data(), f4, 3, ws.data() + 1,
                         FC_MODPOW_WORKSPACE_F4_BYTES(8192)),
            FC_OK);
  EXPECT_EQ(r, fct::ref::powmod(b, Bytes(f4, f4 + 3), n));
  ASSERT_EQ(fc_modpow_ws(&ctx, r.data(), b.data(), big, 3, ws.data() + 1,
                         FC_MODPOW_WORKSPACE_BYTES(8192)),
            FC_OK);
  ASSERT_EQ(fc_modpow(&ctx, want.data(), b.data(), big, 3), FC_OK);
  EXPECT_EQ(r, want);
  // too small: refused, not overrun
  EXPECT_EQ(fc_modpow_ws(&ctx, r.data(), b.data(), f4, 3, ws.data(), 64), FC_ERR_ARG);
}

// The public workspace macros cover this kernel's real needs at every size:
// e = 2^k + 1 within the F4 size, any exponent within the full size.
TEST_P(MontKernel, WorkspaceMacrosCoverEveryWordCount) {
  Rng rng(8);
  fc_mont_ctx ctx;
  const uint8_t f4[3] = {1, 0, 1}, other[2] = {0x12, 0x35};
  for (size_t nw = 1; nw <= FC_MONT_MAX_WORDS; nw++) {
    W n(nw);
    for (auto &w : n) w = rng.u32() | 1u;
    n[nw - 1] |= 0x80000000u;
    ASSERT_EQ(fc_mont_init(&ctx, n.data(), nw), FC_OK);
    auto *k = static_cast<const fc__mont_kernel *>(ctx.kernel);
    for (unsigned bits : {32u * (unsigned)nw - 31u, 32u * (unsigned)nw}) {
      if (bits < 2) continue;
      EXPECT_LE(fc__modpow_ws_need(k, &ctx, f4, 3), (size_t)FC_MODPOW_WORKSPACE_F4_BYTES(bits))
          << "nwords " << nw << " bits " << bits;
      EXPECT_LE(fc__modpow_ws_need(k, &ctx, other, 2), (size_t)FC_MODPOW_WORKSPACE_BYTES(bits))
          << "nwords " << nw << " bits " << bits;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllKernels, MontKernel, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const auto &info) { return fct::param_name(info.param); });

// The fast reference remainder against the bit-by-bit one, including the
// divisor shapes that exercise Algorithm D's corrections (top digits all
// ones, a second digit of zero, one-digit divisors).
TEST(Reference, KnuthMatchesShiftSubtract) {
  Rng rng(7);
  for (int iter = 0; iter < 400; iter++) {
    size_t nn = 1 + rng.u32() % 12, na = nn + rng.u32() % 14;
    W n(nn), a(na);
    for (auto &w : n) w = rng.u32();
    for (auto &w : a) w = rng.u32();
    switch (iter % 5) {
      case 1: n[nn - 1] = 0xffffffffu; break;
      case 2: if (nn > 1) n[nn - 2] = 0; break;
      case 3: n[nn - 1] = 1; break;
      case 4: for (auto &w : a) w = 0xffffffffu; break;
    }
    if (n[nn - 1] == 0) n[nn - 1] = 1;
    ASSERT_EQ(fct::ref::mod(a, n), fct::ref::mod_slow(a, n)) << iter;
  }
}

TEST(Mont, BadArguments) {
  fc_mont_ctx ctx;
  uint32_t n[4] = {0xfffffff1u, 1, 2, 3}, even[2] = {4, 1}, one[1] = {1};
  EXPECT_EQ(fc_mont_init(nullptr, n, 4), FC_ERR_ARG);
  EXPECT_EQ(fc_mont_init(&ctx, nullptr, 4), FC_ERR_ARG);
  EXPECT_EQ(fc_mont_init(&ctx, n, 0), FC_ERR_ARG);
  EXPECT_EQ(fc_mont_init(&ctx, n, FC_MONT_MAX_WORDS + 1), FC_ERR_ARG);
  EXPECT_EQ(fc_mont_init(&ctx, even, 2), FC_ERR_ARG);
  EXPECT_EQ(fc_mont_init(&ctx, one, 1), FC_ERR_ARG);
  ASSERT_EQ(fc_mont_init(&ctx, n, 4), FC_OK);
  uint32_t r[4], big[4] = {0xfffffff1u, 1, 2, 3};
  const uint8_t e[1] = {3};
  EXPECT_EQ(fc_modpow(&ctx, r, big, e, 1), FC_ERR_ARG);  // base == n
  EXPECT_EQ(fc_modpow(nullptr, r, n, e, 1), FC_ERR_ARG);
  EXPECT_EQ(fc_modpow(&ctx, nullptr, n, e, 1), FC_ERR_ARG);
  EXPECT_EQ(fc_modpow(&ctx, r, nullptr, e, 1), FC_ERR_ARG);
  uint32_t b[4] = {5, 0, 0, 0};
  EXPECT_EQ(fc_modpow(&ctx, r, b, nullptr, 1), FC_ERR_ARG);
  EXPECT_EQ(fc_modpow(&ctx, r, b, nullptr, 0), FC_OK);  // empty exponent: b^0 = 1
  EXPECT_EQ(r[0], 1u);
  fc_mont_mul(nullptr, r, b, b);  // no crash
}

}  // namespace
