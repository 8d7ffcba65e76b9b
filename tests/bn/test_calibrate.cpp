// fc_calibrate: the decision logic on injected measurements (no wall-clock
// assertions), the known-answer gate, and the public behaviour: per-class
// choices, contexts recording their class's kernel, pins winning over it.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <string>

#include "bn/bn_internal.h"
#include "fc_test.h"

namespace {

TEST(CalibPick, FastestWinsWhenClearlyFaster) {
  const uint64_t med[4] = {1000, 800, 500, 900};
  const int ok[4] = {1, 1, 1, 1};
  EXPECT_EQ(fc__calib_pick(med, ok, 4, 3), 2u);
}

TEST(CalibPick, EarlierKernelWinsWithinMargin) {
  const int ok[3] = {1, 1, 1};
  const uint64_t tie[3] = {1020, 1000, 1010};  // 2% slower than the best: kept
  EXPECT_EQ(fc__calib_pick(tie, ok, 3, 3), 0u);
  const uint64_t edge[3] = {1030, 1000, 2000};  // exactly 3%: kept
  EXPECT_EQ(fc__calib_pick(edge, ok, 3, 3), 0u);
  const uint64_t out[3] = {1031, 1000, 2000};  // over 3%: the faster one
  EXPECT_EQ(fc__calib_pick(out, ok, 3, 3), 1u);
  const uint64_t later[3] = {2000, 1000, 1001};  // a later near-tie never displaces
  EXPECT_EQ(fc__calib_pick(later, ok, 3, 3), 1u);
}

TEST(CalibPick, FailedKernelNeverPicked) {
  const uint64_t med[3] = {5000, 10, 6000};
  const int ok[3] = {1, 0, 1};
  EXPECT_EQ(fc__calib_pick(med, ok, 3, 3), 0u);
  const int none[3] = {0, 0, 0};
  EXPECT_EQ(fc__calib_pick(med, none, 3, 3), 3u);
  const int first_bad[3] = {0, 1, 1};
  const uint64_t m2[3] = {1, 1000, 1010};  // a failed kernel is no tie-breaker
  EXPECT_EQ(fc__calib_pick(m2, first_bad, 3, 3), 1u);
}

// scalar32 whose exponentiation returns a wrong value: fails the check.
fc_err broken_modpow(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *base,
                     const uint8_t *exp, size_t exp_len, void *ws, size_t ws_len) {
  fc_err rc = fc__mont_scalar32.modpow(ctx, r, base, exp, exp_len, ws, ws_len);
  r[0] ^= 1;
  return rc;
}
const fc__mont_kernel broken = {{"broken", 0},
                                fc__mont_scalar32.prepare,
                                fc__mont_scalar32.mont_mul,
                                broken_modpow,
                                fc__mont_scalar32.ws_slot,
                                fc__mont_scalar32.ws_fixed,
                                nullptr,
                                nullptr,
                                nullptr,
                                nullptr};

// Injected clock: each reading advances by the cost of (kernel, bits), so a
// timed run measures exactly that cost; `spike` adds an outlier to every
// fifth reading pair of one kernel (the median must ignore it).
struct FakeClock {
  std::map<std::pair<std::string, uint32_t>, uint64_t> cost;
  std::string spike;
  uint64_t now = 0, reads = 0;
  std::map<std::string, int> timed;  // readings per kernel
};

uint64_t fake_clock(void *arg, const fc__mont_kernel *k, uint32_t bits) {
  auto *c = static_cast<FakeClock *>(arg);
  c->reads++;
  c->timed[k->h.name]++;
  auto it = c->cost.find({k->h.name, bits});
  uint64_t d = it == c->cost.end() ? 1000000 : it->second;
  if (k->h.name == c->spike && c->timed[k->h.name] % 10 == 0) d += 1000000000;
  c->now += d;
  return c->now;
}

TEST(Calibrate, PicksPerClassFromInjectedTimes) {
  const fc__mont_kernel *list[] = {&fc__mont_scalar32, &fc__mont_scalar64};
  FakeClock c;
  c.cost[{"scalar32", 1024}] = 100;  // scalar32 clearly faster at 1024
  c.cost[{"scalar64", 1024}] = 200;
  c.cost[{"scalar32", 2048}] = 500;  // scalar64 clearly faster at 2048, 4096
  c.cost[{"scalar64", 2048}] = 300;
  c.cost[{"scalar32", 4096}] = 2000;
  c.cost[{"scalar64", 4096}] = 1000;
  c.spike = "scalar64";  // outliers in some rounds do not change the median
  const fc__mont_kernel *choice[FC_MONT_CLASSES] = {};
  ASSERT_EQ(fc__mont_calibrate(list, 2, fake_clock, &c, choice), FC_OK);
  EXPECT_EQ(choice[0], &fc__mont_scalar32);
  EXPECT_EQ(choice[1], &fc__mont_scalar64);
  EXPECT_EQ(choice[2], &fc__mont_scalar64);
  EXPECT_GT(c.timed["scalar32"], 0);
  EXPECT_GT(c.timed["scalar64"], 0);
}

TEST(Calibrate, TieKeepsStaticOrder) {
  const fc__mont_kernel *list[] = {&fc__mont_scalar64, &fc__mont_scalar32};
  FakeClock c;
  for (uint32_t b : {1024u, 2048u, 4096u}) {
    c.cost[{"scalar64", b}] = 1010;
    c.cost[{"scalar32", b}] = 1000;
  }
  const fc__mont_kernel *choice[FC_MONT_CLASSES] = {};
  ASSERT_EQ(fc__mont_calibrate(list, 2, fake_clock, &c, choice), FC_OK);
  for (auto *k : choice) EXPECT_EQ(k, &fc__mont_scalar64);
}

TEST(Calibrate, KernelFailingKnownAnswerIsNeverPicked) {
  const fc__mont_kernel *list[] = {&broken, &fc__mont_scalar32};
  FakeClock c;
  for (uint32_t b : {1024u, 2048u, 4096u}) {
    c.cost[{"broken", b}] = 1;  // "fastest" by far
    c.cost[{"scalar32", b}] = 1000;
  }
  const fc__mont_kernel *choice[FC_MONT_CLASSES] = {};
  ASSERT_EQ(fc__mont_calibrate(list, 2, fake_clock, &c, choice), FC_OK);
  for (auto *k : choice) EXPECT_EQ(k, &fc__mont_scalar32);
  EXPECT_EQ(c.timed["broken"], 2);  // one run (two readings): its result failed the check
  const fc__mont_kernel *only[] = {&broken};
  EXPECT_EQ(fc__mont_calibrate(only, 1, fake_clock, &c, choice), FC_ERR_UNSUPPORTED);
}

// Every usable kernel of this build passes the built-in check (a kernel
// that did not would be a bug the other suites should also show).
TEST(Calibrate, EveryUsableKernelPassesKnownAnswer) {
  fc_impl_info info[16];
  size_t n = fc_impls(FC_OP_MONT, info, 16);
  for (size_t i = 0; i < n; i++) {
    if (!info[i].usable) {
      std::printf("UNAVAILABLE: %s\n", info[i].name);
      continue;
    }
    const fc__mont_kernel *k = nullptr;
    const fc__mont_kernel *all[16];
    size_t u = fc__mont_usable(all, 16);
    for (size_t j = 0; j < u; j++)
      if (std::strcmp(all[j]->h.name, info[i].name) == 0) k = all[j];
    ASSERT_NE(k, nullptr) << info[i].name;
    const fc__mont_kernel *list[] = {k};
    FakeClock c;
    const fc__mont_kernel *choice[FC_MONT_CLASSES] = {};
    ASSERT_EQ(fc__mont_calibrate(list, 1, fake_clock, &c, choice), FC_OK) << info[i].name;
    for (auto *ch : choice) EXPECT_EQ(ch, k) << info[i].name;
  }
}

TEST(CalibratePublic, BadAndUnsupportedOps) {
  EXPECT_EQ(fc_calibrate((fc_op)FC_OP_COUNT), FC_ERR_ARG);
  EXPECT_EQ(fc_calibrate((fc_op)-1), FC_ERR_ARG);
  EXPECT_EQ(fc_calibrate(FC_OP_SHA256), FC_ERR_UNSUPPORTED);
  EXPECT_EQ(fc_impl_active_for_bits((fc_op)FC_OP_COUNT, 2048), nullptr);
  EXPECT_EQ(fc_impl_classes((fc_op)FC_OP_COUNT, nullptr, 0), 0u);
  fc_impl_class cl[2];
  ASSERT_EQ(fc_impl_classes(FC_OP_SHA256, cl, 2), 1u);
  EXPECT_STREQ(cl[0].name, fc_impl_active(FC_OP_SHA256));
  EXPECT_EQ(cl[0].calibrated, 0);
}

std::string ctx_kernel(const fc_mont_ctx &ctx) {
  return static_cast<const fc__mont_kernel *>(ctx.kernel)->h.name;
}

TEST(CalibratePublic, ContextsRecordTheirClassKernel) {
  fc_impl_class cl[FC_MONT_CLASSES];
  ASSERT_EQ(fc_impl_classes(FC_OP_MONT, nullptr, 0), (size_t)FC_MONT_CLASSES);
  ASSERT_EQ(fc_impl_classes(FC_OP_MONT, cl, FC_MONT_CLASSES), (size_t)FC_MONT_CLASSES);
  EXPECT_EQ(cl[0].max_bits, 1536u);
  EXPECT_EQ(cl[1].max_bits, 3072u);
  EXPECT_EQ(cl[2].max_bits, 8192u);
  ASSERT_EQ(fc_calibrate(FC_OP_MONT), FC_OK);
  ASSERT_EQ(fc_impl_classes(FC_OP_MONT, cl, FC_MONT_CLASSES), (size_t)FC_MONT_CLASSES);
  for (auto &c : cl) {
    EXPECT_EQ(c.calibrated, 1);
    EXPECT_TRUE(fct::kernel_usable(FC_OP_MONT, c.name)) << c.name;
  }
  EXPECT_STREQ(fc_impl_active(FC_OP_MONT), cl[1].name);
  EXPECT_STREQ(fc_impl_active_for_bits(FC_OP_MONT, 2048), cl[1].name);
  EXPECT_STREQ(fc_impl_active_for_bits(FC_OP_MONT, 1536), cl[0].name);
  EXPECT_STREQ(fc_impl_active_for_bits(FC_OP_MONT, 1537), cl[1].name);
  EXPECT_STREQ(fc_impl_active_for_bits(FC_OP_MONT, 3073), cl[2].name);
  fct::Rng rng(5);
  for (unsigned bits : {512u, 1024u, 1536u, 2048u, 3072u, 4096u, 8192u}) {
    fct::ref::W n(bits / 32);
    for (auto &w : n) w = rng.u32();
    n[0] |= 1;
    n.back() |= 0x80000000u;
    fc_mont_ctx ctx;
    ASSERT_EQ(fc_mont_init(&ctx, n.data(), n.size()), FC_OK);
    EXPECT_EQ(ctx_kernel(ctx), fc_impl_active_for_bits(FC_OP_MONT, bits)) << bits;
  }
  // a pin wins over every class; NULL returns to the calibrated choice
  {
    fct::Pin p(FC_OP_MONT, "scalar32");
    ASSERT_EQ(p.rc, FC_OK);
    for (uint32_t b : {1024u, 2048u, 8192u})
      EXPECT_STREQ(fc_impl_active_for_bits(FC_OP_MONT, b), "scalar32");
    ASSERT_EQ(fc_impl_classes(FC_OP_MONT, cl, FC_MONT_CLASSES), (size_t)FC_MONT_CLASSES);
    EXPECT_EQ(cl[0].calibrated, 0);
  }
  ASSERT_EQ(fc_impl_classes(FC_OP_MONT, cl, FC_MONT_CLASSES), (size_t)FC_MONT_CLASSES);
  EXPECT_EQ(cl[2].calibrated, 1);
  // re-initialising with a feature mask clears the calibration
  ASSERT_EQ(fc_init_features(fc_cpu_features_probed()), FC_OK);
  ASSERT_EQ(fc_impl_classes(FC_OP_MONT, cl, FC_MONT_CLASSES), (size_t)FC_MONT_CLASSES);
  for (auto &c : cl) EXPECT_EQ(c.calibrated, 0);
}

// Run by the ctest entry test_calibrate_env with FASTCRYPT_CALIBRATE=1.
TEST(CalibrateEnv, DISABLED_InitCalibrates) {
  ASSERT_EQ(fc_init(), FC_OK);
  fc_impl_class cl[FC_MONT_CLASSES];
  ASSERT_EQ(fc_impl_classes(FC_OP_MONT, cl, FC_MONT_CLASSES), (size_t)FC_MONT_CLASSES);
  for (auto &c : cl) EXPECT_EQ(c.calibrated, 1) << c.max_bits;
  EXPECT_STREQ(fc_impl_active(FC_OP_MONT), cl[1].name);
}

// Run by test_calibrate_env_bad with FASTCRYPT_CALIBRATE=yes.
TEST(CalibrateEnv, DISABLED_BadValueIsEnvError) {
  EXPECT_EQ(fc_init(), FC_ERR_ENV);
  fc_impl_class cl[FC_MONT_CLASSES];
  ASSERT_EQ(fc_impl_classes(FC_OP_MONT, cl, FC_MONT_CLASSES), (size_t)FC_MONT_CLASSES);
  for (auto &c : cl) EXPECT_EQ(c.calibrated, 0);
}

}  // namespace
