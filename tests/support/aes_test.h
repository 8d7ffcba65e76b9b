// Fixtures for the AES tests: each test runs once per usable AES kernel, or
// once per (AES, GHASH) pair. A kernel the CPU cannot run is skipped as
// UNAVAILABLE, never counted as passed. Keys record the kernels active at
// fc_aes_init: init them in the test body, after SetUp pinned the kernels.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "fc_test.h"

namespace fct {

// Every built pair "aes/ghash".
inline std::vector<std::string> aes_ghash_pairs() {
  std::vector<std::string> v;
  for (const std::string &a : kernels(FC_OP_AES))
    for (const std::string &g : kernels(FC_OP_GHASH)) v.push_back(a + "/" + g);
  return v;
}

class AesKernelTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    note_kernel_attempt(FC_OP_AES, GetParam());
    if (!kernel_usable(FC_OP_AES, GetParam()))
      GTEST_SKIP() << "UNAVAILABLE on this CPU: " << GetParam();
    pin_ = std::make_unique<Pin>(FC_OP_AES, GetParam());
    ASSERT_EQ(pin_->rc, FC_OK);
    ASSERT_STREQ(fc_impl_active(FC_OP_AES), GetParam().c_str());
    note_kernel_ran(FC_OP_AES, GetParam());
  }
  std::unique_ptr<Pin> pin_;
};

class GcmPairTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const std::string &p = GetParam();
    size_t s = p.find('/');
    aes_ = p.substr(0, s);
    ghash_ = p.substr(s + 1);
    note_kernel_attempt(FC_OP_AES, aes_);
    note_kernel_attempt(FC_OP_GHASH, ghash_);
    if (!kernel_usable(FC_OP_AES, aes_) || !kernel_usable(FC_OP_GHASH, ghash_))
      GTEST_SKIP() << "UNAVAILABLE on this CPU: " << p;
    pa_ = std::make_unique<Pin>(FC_OP_AES, aes_);
    pg_ = std::make_unique<Pin>(FC_OP_GHASH, ghash_);
    ASSERT_EQ(pa_->rc, FC_OK);
    ASSERT_EQ(pg_->rc, FC_OK);
    note_kernel_ran(FC_OP_AES, aes_);
    note_kernel_ran(FC_OP_GHASH, ghash_);
  }
  std::string aes_, ghash_;
  std::unique_ptr<Pin> pa_, pg_;
};

// Name of the kernel a key recorded.
inline const char *aes_kernel_of(const fc_aes_key &k) {
  return k.aes ? *(const char *const *)k.aes : "";
}
inline const char *ghash_kernel_of(const fc_aes_key &k) {
  return k.ghash ? *(const char *const *)k.ghash : "";
}

}  // namespace fct
