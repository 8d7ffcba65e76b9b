// Peak stack of the ec calls per ec kernel, on a painted stack of our own
// (support/stack_depth.h), measured as tests/core/test_stack.cpp measures
// RSA's: an empty call measured the same way is subtracted. Bound (docs/ec.md
// "Size and stack"): 4 KiB for a P-384 (and P-256) verification and for
// each key set-up (uncompressed point, compressed point, SubjectPublicKeyInfo),
// on every kernel. Sanitizer builds change frames completely: skipped there.
#include <gtest/gtest.h>

#include <iostream>
#include <memory>

#include "fc_test.h"
#include "json.h"
#include "stack_depth.h"

namespace {

using fct::Bytes;
constexpr size_t kBound = 4096;

struct Call {
  fc_curve curve;
  const uint8_t *der, *point, *digest, *sig;
  size_t der_len, point_len, digest_len, sig_len;
  fc_ec_pubkey *key;
  fc_err rc;
} g;

__attribute__((noinline)) void body_empty() {
  g.rc = FC_OK;
  __asm__ __volatile__("" ::: "memory");
}
__attribute__((noinline)) void body_verify() {
  g.rc = fc_ecdsa_verify(g.key, g.digest, g.digest_len, g.sig, g.sig_len);
}
__attribute__((noinline)) void body_point() {
  g.rc = fc_ec_pubkey_init(g.key, g.curve, g.point, g.point_len);
}
__attribute__((noinline)) void body_der() { g.rc = fc_ec_pubkey_from_der(g.key, g.der, g.der_len); }

size_t net_depth(void (*body)(), const char *what) {
  body();
  EXPECT_EQ(g.rc, FC_OK) << what << " (warm-up)";
  size_t base = fct::stack_depth(body_empty);
  g.rc = FC_ERR_ARG;
  size_t d = fct::stack_depth(body);
  EXPECT_EQ(g.rc, FC_OK) << what;
  return d > base ? d - base : 0;
}

class EcStack : public fct::EcKernelTest {};

TEST_P(EcStack, VerifyAndKeySetUp) {
#if defined(FCT_ASAN)
  GTEST_SKIP() << "stack depths are meaningless under AddressSanitizer (redzones, fake stacks)";
#endif
  struct File {
    const char *name;
    fc_curve curve;
    fc_hash_alg hash;
  };
  for (const File &f : {File{"ecdsa_secp256r1_sha256_test.json", FC_P256, FC_SHA256},
                        File{"ecdsa_secp384r1_sha384_test.json", FC_P384, FC_SHA384}}) {
    auto doc = fct::json::parse(
        fct::read_text(fct::vectors_dir() + "/wycheproof/testvectors_v1/" + f.name));
    const auto &grp = doc["testGroups"].items()[0];
    Bytes der = fct::hex(grp["publicKeyDer"].as_string());
    Bytes pt = fct::hex(grp["publicKey"]["uncompressed"].as_string());
    Bytes comp(pt.begin(), pt.begin() + 1 + (pt.size() - 1) / 2);
    comp[0] = (uint8_t)(0x02 | (pt.back() & 1));
    Bytes msg, sig;
    for (const auto &t : grp["tests"].items())
      if (t["result"].as_string() == "valid") {
        msg = fct::hex(t["msg"].as_string());
        sig = fct::hex(t["sig"].as_string());
        break;
      }
    ASSERT_FALSE(sig.empty());
    uint8_t d[FC_HASH_MAX_LEN];
    ASSERT_EQ(fc_hash(f.hash, msg.data(), msg.size(), d), FC_OK);
    fc_ec_pubkey key;
    g = Call{f.curve, der.data(), pt.data(), d, sig.data(), der.size(), pt.size(),
             fc_hash_len(f.hash), sig.size(), &key, FC_OK};
    size_t p = net_depth(body_point, "fc_ec_pubkey_init, uncompressed");
    size_t dd = net_depth(body_der, "fc_ec_pubkey_from_der");
    size_t v = net_depth(body_verify, "fc_ecdsa_verify");
    g.point = comp.data();
    g.point_len = comp.size();
    size_t c = net_depth(body_point, "fc_ec_pubkey_init, compressed");
    std::cout << "[ STACK    ] ec " << GetParam() << " " << (f.curve == FC_P256 ? "P-256" : "P-384")
              << ": verify " << v << ", point " << p << ", compressed " << c << ", der " << dd
              << " bytes\n";
    EXPECT_LE(v, kBound);
    EXPECT_LE(p, kBound);
    EXPECT_LE(c, kBound);
    EXPECT_LE(dd, kBound);
    EXPECT_GT(v, 256u);  // the measurement saw the call
  }
}

INSTANTIATE_TEST_SUITE_P(AllKernels, EcStack, ::testing::ValuesIn(fct::kernels(FC_OP_EC)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
