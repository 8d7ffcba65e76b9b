// Per-hash-kernel parameterisation shared by the hash tests: one parameter
// per (hash op, kernel) built; a kernel the CPU cannot run is skipped as
// UNAVAILABLE, otherwise it is pinned for the test's duration. Contexts
// record their kernel at init: init them in the test body.
#pragma once
#include <gtest/gtest.h>

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "fc_test.h"

namespace fct {

struct HashParam {
  fc_op op;
  std::string kernel;
};

inline const char *hash_op_name(fc_op op) {
  return op == FC_OP_SHA1 ? "sha1" : op == FC_OP_SHA256 ? "sha256" : "sha512";
}

inline void PrintTo(const HashParam &p, std::ostream *os) {
  *os << hash_op_name(p.op) << "/" << p.kernel;
}

inline std::vector<HashParam> hash_params() {
  std::vector<HashParam> v;
  for (fc_op op : {FC_OP_SHA1, FC_OP_SHA256, FC_OP_SHA512})
    for (const std::string &k : kernels(op)) v.push_back({op, k});
  return v;
}

inline std::string hash_param_name(const ::testing::TestParamInfo<HashParam> &i) {
  return std::string(hash_op_name(i.param.op)) + "_" + param_name(i.param.kernel);
}

// The op whose kernel compresses alg.
inline fc_op hash_op_of(fc_hash_alg a) {
  return a == FC_SHA1 ? FC_OP_SHA1
         : (a == FC_SHA224 || a == FC_SHA256) ? FC_OP_SHA256
                                              : FC_OP_SHA512;
}

class HashKernelTest : public ::testing::TestWithParam<HashParam> {
 protected:
  void SetUp() override {
    const HashParam &p = GetParam();
    note_kernel_attempt(p.op, p.kernel);
    if (!kernel_usable(p.op, p.kernel)) GTEST_SKIP() << "UNAVAILABLE on this CPU: " << p.kernel;
    pin_ = std::make_unique<Pin>(p.op, p.kernel);
    ASSERT_EQ(pin_->rc, FC_OK);
    ASSERT_STREQ(fc_impl_active(p.op), p.kernel.c_str());
    note_kernel_ran(p.op, p.kernel);
  }
  // Algorithms computed by this parameter's op.
  std::vector<fc_hash_alg> algs() const {
    std::vector<fc_hash_alg> v;
    for (int a = FC_SHA1; a <= FC_SHA512_256; a++)
      if (hash_op_of((fc_hash_alg)a) == GetParam().op) v.push_back((fc_hash_alg)a);
    return v;
  }
  std::unique_ptr<Pin> pin_;
};

}  // namespace fct
