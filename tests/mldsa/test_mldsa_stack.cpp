// Peak stack of the ML-DSA calls per mldsa kernel and per keccak_x kernel
// (A's sampling runs on it), on a painted stack of our own
// (support/stack_depth.h, an empty call subtracted), as the RSA and ec stack
// tests measure theirs. Bound (docs/mldsa.md "Memory"): FC_MLDSA_STACK_MAX
// (16 KiB) for a verification of every parameter set, and 1 KiB for key
// set-up, raw or SubjectPublicKeyInfo. The figures are printed ("[ STACK ]"
// lines) for the docs. Sanitizer builds change frames completely: skipped.
#include <gtest/gtest.h>

#include <iostream>

#include "fc_test.h"
#include "json.h"
#include "stack_depth.h"

namespace {

using fct::Bytes;

struct Call {
  fc_mldsa_param param;
  const uint8_t *pk, *der, *msg, *ctx, *sig;
  size_t pk_len, der_len, msg_len, ctx_len, sig_len;
  fc_mldsa_pubkey *key;
  fc_err rc;
} g;

__attribute__((noinline)) void body_verify() {
  g.rc = fc_mldsa_verify(g.key, g.msg, g.msg_len, g.ctx, g.ctx_len, g.sig, g.sig_len);
}
__attribute__((noinline)) void body_raw() {
  g.rc = fc_mldsa_pubkey_init(g.key, g.param, g.pk, g.pk_len);
}
__attribute__((noinline)) void body_der() {
  g.rc = fc_mldsa_pubkey_from_der(g.key, g.der, g.der_len);
}

size_t measure(void (*body)(), const char *what) {
  body();
  EXPECT_EQ(g.rc, FC_OK) << what << " (warm-up)";
  g.rc = FC_ERR_ARG;
  size_t d = fct::stack_depth_net(body);
  EXPECT_EQ(g.rc, FC_OK) << what;
  return d;
}

void check_all(const std::string &label) {
  auto doc = fct::json::parse(fct::read_text(fct::vectors_dir() + "/mldsa/noble_mldsa.json"));
  int done = 0;
  for (const auto &k : doc["keys_der"].items()) {
    int p = (int)k["param"].as_int();
    Bytes pk = fct::hex(k["pk"].as_string()), der = fct::hex(k["pk_der"].as_string());
    Bytes msg, ctx, sig;
    for (const auto &t : doc["tests"].items())
      if (t["mode"].as_string() == "pure" && t["result"].as_string() == "valid" &&
          t["pk"].as_string() == k["pk"].as_string()) {
        msg = fct::hex(t["msg"].as_string());
        ctx = fct::hex(t["ctx"].as_string());
        sig = fct::hex(t["sig"].as_string());
        break;
      }
    ASSERT_FALSE(sig.empty()) << p;
    static fc_mldsa_pubkey key;
    static const uint8_t dummy = 0;
    g = Call{p == 44 ? FC_ML_DSA_44 : p == 65 ? FC_ML_DSA_65 : FC_ML_DSA_87,
             pk.data(), der.data(), msg.empty() ? &dummy : msg.data(),
             ctx.empty() ? &dummy : ctx.data(), sig.data(), pk.size(), der.size(), msg.size(),
             ctx.size(), sig.size(), &key, FC_ERR_ARG};
    size_t raw = measure(body_raw, "raw key"), fromder = measure(body_der, "DER key");
    size_t verify = measure(body_verify, "verify");
    std::cout << "[ STACK    ] " << label << " ML-DSA-" << p << ": verify " << verify
              << " B, raw key " << raw << " B, DER key " << fromder << " B\n";
    EXPECT_LE(verify, (size_t)FC_MLDSA_STACK_MAX) << "ML-DSA-" << p;
    EXPECT_LE(raw, 1024u) << "ML-DSA-" << p;
    EXPECT_LE(fromder, 1024u) << "ML-DSA-" << p;
    EXPECT_GT(verify, 4096u) << "ML-DSA-" << p << ": implausibly small: did it run?";
    done++;
  }
  EXPECT_EQ(done, 3);
}

class MlDsaStack : public fct::MlDsaKernelTest {};

TEST_P(MlDsaStack, EveryParameterSet) {
#if defined(FCT_ASAN)
  GTEST_SKIP() << "stack depths are meaningless under AddressSanitizer (redzones, fake stacks)";
#endif
  check_all("mldsa=" + GetParam());
}

INSTANTIATE_TEST_SUITE_P(AllKernels, MlDsaStack, ::testing::ValuesIn(fct::kernels(FC_OP_MLDSA)),
                         [](const auto &i) { return fct::param_name(i.param); });

// The same bound with each keccak_x kernel (the mldsa kernel automatic).
class MlDsaStackKeccakX : public fct::KernelTest {
 protected:
  MlDsaStackKeccakX() : KernelTest(FC_OP_KECCAK_X) {}
};

TEST_P(MlDsaStackKeccakX, EveryParameterSet) {
#if defined(FCT_ASAN)
  GTEST_SKIP() << "stack depths are meaningless under AddressSanitizer (redzones, fake stacks)";
#endif
  check_all("keccak_x=" + GetParam());
}

INSTANTIATE_TEST_SUITE_P(AllKernels, MlDsaStackKeccakX,
                         ::testing::ValuesIn(fct::kernels(FC_OP_KECCAK_X)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
