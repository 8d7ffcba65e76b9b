// fc__bn_mod_shl (a * 2^k mod n at the kernels' radix edges and in their
// set-up from a given R^2): against the reference bignum (shift, then
// Knuth D remainder) and against k plain modular doublings, for moduli of
// every shape the word steps normalise differently: one word, top word 1
// (shift 31) or all ones (no shift), leading zero words, top word 2^31 with
// zeros below, and values a whose top word equals n's (the clamped quotient).
// And fc__bn_mod_shl_fast's 64-bit digit steps (R^2 mod n's long division)
// both ways: the C row, with BMI2 and ADX masked off, and on x86-64 CPUs
// with both the assembly row (src/x86/bn_divstep_adx.S), against the
// reference for moduli whose top 64-bit limb is full (the case it takes);
// and fc__bn_rr_ok (a vboot key's rr checked by one Montgomery reduction)
// both ways, on every even word count, for the right rr and rr +- 1.
#include <gtest/gtest.h>

#include <memory>

#include "fc_test.h"
// fc_internal.h has no extern "C" guard of its own.
extern "C" {
#include "bn/bn_internal.h"
}

using fct::Rng;
using W = fct::ref::W;

namespace {

// a * 2^k mod n by the reference: a shifted left k bits, then reduced.
W ref_shl(const W &a, size_t k, const W &n) {
  W x(a.size() + k / 32 + 1, 0);
  for (size_t i = 0; i < a.size(); i++) {
    uint64_t v = (uint64_t)a[i] << (k % 32);
    x[i + k / 32] |= (uint32_t)v;
    x[i + k / 32 + 1] |= (uint32_t)(v >> 32);
  }
  return fct::ref::mod(x, n);
}

W by_doublings(W a, size_t k, const W &n) {
  while (k--) fc__bn_mod_double(a.data(), n.data(), n.size());
  return a;
}

void check(const W &n, const W &a, const std::string &what, int *count) {
  ASSERT_LT(fct::ref::cmp(a, n), 0) << what;
  for (size_t k : {0u, 1u, 31u, 32u, 33u, 63u, 64u, 96u, 100u, 192u, 384u, 1000u}) {
    W got = a;
    fc__bn_mod_shl(got.data(), n.data(), n.size(), k);
    W want = ref_shl(a, k, n);
    ASSERT_EQ(got, want) << what << ", k = " << k;
    if (k <= 192) {
      ASSERT_EQ(got, by_doublings(a, k, n)) << what << ", k = " << k;
    }
    (*count)++;
  }
}

TEST(BnModShl, EveryModulusShape) {
  Rng rng(5);
  int count = 0;
  for (size_t nw : {1u, 2u, 3u, 8u, 33u, 64u, 65u, 128u, 256u}) {
    for (int shape = 0; shape < 6; shape++) {
      W n(nw);
      for (auto &w : n) w = rng.u32();
      size_t zeros = 0;  // leading zero words
      switch (shape) {
        case 0: n[nw - 1] |= 0x80000000u; break;  // no shift
        case 1: n[nw - 1] = 1; break;             // shift 31
        case 2: n[nw - 1] = 0xffffffffu; break;
        case 3:  // 2^31 * 2^(32(nw-1)) + 1: d = 2^31 exactly, zeros below
          for (auto &w : n) w = 0;
          n[nw - 1] = 0x80000000u;
          break;
        case 4: n[nw - 1] = (n[nw - 1] >> 7) | 1; break;
        case 5:  // leading zero words (fc_mont_init allows them)
          zeros = nw / 3;
          for (size_t i = nw - zeros; i < nw; i++) n[i] = 0;
          if (nw - zeros >= 1) n[nw - zeros - 1] |= 1u << 20;
          break;
      }
      n[0] |= 1;
      if (nw == 1 && n[0] < 3) n[0] = 3;
      std::string what = std::to_string(nw) + " words, shape " + std::to_string(shape);
      W zero(nw, 0), nm1 = n, r(nw);
      nm1[0] -= 1;  // n - 1: top word equals n's
      for (auto &w : r) w = rng.u32();
      r = fct::ref::mod(r, n);
      W tophalf = n;  // top word equal to n's, the rest below n's
      for (size_t i = 0; i + 1 < nw - zeros; i++) tophalf[i] = rng.u32() >> 1;
      if (fct::ref::cmp(tophalf, n) >= 0) tophalf = nm1;
      for (const W *a : {&zero, &nm1, &r, &tophalf}) check(n, *a, what, &count);
    }
  }
  EXPECT_EQ(count, 9 * 6 * 4 * 12);
}

// a * 2^k mod n by fc__bn_mod_shl_fast with the features masked to `allowed`,
// for every length from 1 to 128 limbs (all four remainders mod 4 of the
// row's groups) with full top limbs, at digit-step lengths 64 to 64 m + 1.
int check_fast_rows(uint64_t allowed, const char *what) {
  uint64_t before = fc_cpu_features();
  EXPECT_EQ(fc_init_features(allowed), FC_OK);
  Rng rng(20261202);
  int count = 0;
  for (size_t m = 1; m <= 128; m += (m < 12 ? 1 : 13)) {
    size_t nw = 2 * m;
    for (int shape = 0; shape < 3; shape++) {
      W n(nw);
      for (auto &w : n) w = rng.u32();
      if (shape == 1) n.assign(nw, 0xffffffffu);  // all ones: q clamps
      if (shape == 2) {                              // 2^(64 m - 1) + 1: d = 2^63
        n.assign(nw, 0);
        n[0] = 1;
      }
      n[nw - 1] |= 0x80000000u;
      n[0] |= 1;
      W a(nw);
      for (auto &w : a) w = rng.u32();
      a = fct::ref::mod(a, n);
      W nm1 = n;
      nm1[0] -= 1;
      for (const W *x : {&a, &nm1}) {
        for (size_t k : {size_t{64}, size_t{128}, size_t{1000}, 64 * m + 1}) {
          W got(FC_MONT_MAX_WORDS, 0), nn(FC_MONT_MAX_WORDS, 0);
          std::copy(x->begin(), x->end(), got.begin());
          std::copy(n.begin(), n.end(), nn.begin());
          fc__bn_mod_shl_fast(got.data(), nn.data(), nw, k);
          got.resize(nw);
          EXPECT_EQ(got, ref_shl(*x, k, n))
              << what << ": " << m << " limbs, shape " << shape << ", k = " << k;
          count++;
        }
      }
    }
  }
  EXPECT_EQ(fc_init_features(before), FC_OK);
  return count;
}

TEST(BnModShl, FastDigitStepsPortableRow) {
  uint64_t all = fc_cpu_features();
  int count = check_fast_rows(all & ~(uint64_t)FC_CPU_ADX, "C row");
  EXPECT_EQ(count, 20 * 3 * 2 * 4);
}

TEST(BnModShl, FastDigitStepsAdxRow) {
#if defined(__x86_64__)
  uint64_t all = fc_cpu_features();
  if ((all & (FC_CPU_BMI2 | FC_CPU_ADX)) != (FC_CPU_BMI2 | FC_CPU_ADX))
    GTEST_SKIP() << "this CPU (or FASTCRYPT_CPU) has no BMI2 + ADX: the assembly row did not run";
  EXPECT_EQ(check_fast_rows(all, "assembly row"), 20 * 3 * 2 * 4);
#else
  GTEST_SKIP() << "the assembly row exists on x86-64 only";
#endif
}

// fc__bn_rr_ok with the features masked to `allowed`: accepts fc_mont_init's
// R^2 (GMP-checked by test_mont_r2) and refuses it off by one either way.
int check_rr_ok(uint64_t allowed) {
  uint64_t before = fc_cpu_features();
  EXPECT_EQ(fc_init_features(allowed), FC_OK);
  Rng rng(7);
  int count = 0;
  auto ctx = std::make_unique<fc_mont_ctx>();
  for (size_t nw = 2; nw <= FC_MONT_MAX_WORDS; nw += (nw < 20 ? 2 : 22)) {
    W n(nw);
    for (auto &w : n) w = rng.u32();
    n[nw - 1] |= 0x80000000u;
    n[0] |= 1;
    EXPECT_EQ(fc_mont_init(ctx.get(), n.data(), nw), FC_OK) << nw;
    EXPECT_TRUE(fc__bn_rr_ok(ctx.get())) << nw << " words";
    for (int d : {1, -1}) {
      uint32_t keep = ctx->rr[0];
      ctx->rr[0] += (uint32_t)d;  // rr's low word: never the top, so rr stays below n or wraps
      EXPECT_FALSE(fc__bn_rr_ok(ctx.get())) << nw << " words, rr " << (d > 0 ? "+" : "-") << " 1";
      ctx->rr[0] = keep;
    }
    count++;
  }
  EXPECT_EQ(fc_init_features(before), FC_OK);
  return count;
}

TEST(BnModShl, RrCheckPortableRow) {
  EXPECT_EQ(check_rr_ok(fc_cpu_features() & ~(uint64_t)FC_CPU_ADX), 20);
}

TEST(BnModShl, RrCheckAdxRow) {
#if defined(__x86_64__)
  uint64_t all = fc_cpu_features();
  if ((all & (FC_CPU_BMI2 | FC_CPU_ADX)) != (FC_CPU_BMI2 | FC_CPU_ADX))
    GTEST_SKIP() << "this CPU (or FASTCRYPT_CPU) has no BMI2 + ADX: the assembly row did not run";
  EXPECT_EQ(check_rr_ok(all), 20);
#else
  GTEST_SKIP() << "the assembly row exists on x86-64 only";
#endif
}

}  // namespace
