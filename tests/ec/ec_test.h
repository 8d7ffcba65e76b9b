// Shared by the ec tests: the per-kernel fixture of FC_OP_EC.
#pragma once
#include "fc_test.h"

namespace fct {

// Run once per ec kernel: a kernel this CPU cannot run is skipped as
// UNAVAILABLE, never counted as passed; otherwise it is pinned.
class EcKernelTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    note_kernel_attempt(FC_OP_EC, GetParam());
    if (!kernel_usable(FC_OP_EC, GetParam())) GTEST_SKIP() << "UNAVAILABLE on this CPU: " << GetParam();
    pin_ = std::make_unique<Pin>(FC_OP_EC, GetParam());
    ASSERT_EQ(pin_->rc, FC_OK);
    ASSERT_STREQ(fc_impl_active(FC_OP_EC), GetParam().c_str());
    note_kernel_ran(FC_OP_EC, GetParam());
  }
  std::unique_ptr<Pin> pin_;
};

}  // namespace fct
