// fc_pkcs7_verify on SignedData made by the openssl command (tests/vectors/
// pkcs7/README.md: a P-384 and an RSA-4096 signer under a P-384 root), on
// every ec kernel: valid with the root trusted, refused over other
// content, with the signer trusted itself (partial chain), and its peak
// stack, measured as the ec and RSA stacks are (support/stack_depth.h, an
// empty call subtracted), within the family's bound of 8 KiB.
#include <gtest/gtest.h>

#include <iostream>
#include <memory>

#include "fc_test.h"
#include "stack_depth.h"

namespace {

using fct::Bytes;
constexpr size_t kBound = 8192;
// Sanitizer builds change frames completely: the stack is not measured there.
#if defined(FCT_ASAN)
constexpr bool kMeasure = false;
#else
constexpr bool kMeasure = true;
#endif

struct Call {
  const fc_pkcs7 *p7;
  const Bytes *content;
  const fc_x509_cert *trusted;
  void *ws;
  fc_err rc;
} g;

__attribute__((noinline)) void body_empty() {
  g.rc = FC_OK;
  __asm__ __volatile__("" ::: "memory");
}
__attribute__((noinline)) void body_verify() {
  g.rc = fc_pkcs7_verify(g.p7, g.content->data(), g.content->size(), g.trusted, 1,
                         FC_X509_PARTIAL_CHAIN, 0, g.ws, FC_X509_SIG_WORKSPACE_BYTES, nullptr);
}

class Pkcs7Vectors : public fct::EcKernelTest {};

TEST_P(Pkcs7Vectors, OpensslSignedData) {
  const std::string dir = fct::vectors_dir() + "/pkcs7/";
  Bytes root_der = fct::read_file(dir + "root.der"), content = fct::read_file(dir + "content.txt");
  fc_x509_cert root;
  ASSERT_EQ(fc_x509_parse(&root, root_der.data(), root_der.size()), FC_OK);
  auto ws = std::make_unique<uint64_t[]>(FC_X509_SIG_WORKSPACE_BYTES / 8 + 1);
  auto p7 = std::make_unique<fc_pkcs7>();
  for (const char *name : {"p384_detached.p7", "rsa4096_detached.p7"}) {
    Bytes der = fct::read_file(dir + name);
    ASSERT_EQ(fc_pkcs7_parse(p7.get(), der.data(), der.size()), FC_OK) << name;
    ASSERT_EQ(p7->n_signers, 1u);
    ASSERT_EQ(p7->n_certs, 1u);
    const fc_x509_cert *signer = nullptr;
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), content.data(), content.size(), &root, 1, FC_X509_PARTIAL_CHAIN,
                              0, ws.get(), FC_X509_SIG_WORKSPACE_BYTES, &signer),
              FC_OK)
        << name;
    EXPECT_EQ(signer, &p7->certs[0]);
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), content.data(), content.size(), &root, 1, 0, 0, ws.get(),
                              FC_X509_SIG_WORKSPACE_BYTES, nullptr),
              FC_OK)
        << name << ": the root is self-signed, so no partial chain is needed";
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), content.data(), content.size(), &p7->certs[0], 1,
                              FC_X509_PARTIAL_CHAIN, 0, ws.get(), FC_X509_SIG_WORKSPACE_BYTES, nullptr),
              FC_OK)
        << name << ": the signer's own certificate trusted";
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), content.data(), content.size(), &p7->certs[0], 1, 0, 0,
                              ws.get(), FC_X509_SIG_WORKSPACE_BYTES, nullptr),
              FC_ERR_SIG)
        << name << ": without partial chain a non-root anchor is not enough";
    Bytes other = content;
    other.back() ^= 1;
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), other.data(), other.size(), &root, 1, FC_X509_PARTIAL_CHAIN, 0,
                              ws.get(), FC_X509_SIG_WORKSPACE_BYTES, nullptr),
              FC_ERR_SIG)
        << name;
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), nullptr, 0, &root, 1, FC_X509_PARTIAL_CHAIN, 0, ws.get(),
                              FC_X509_SIG_WORKSPACE_BYTES, nullptr),
              FC_ERR_SIG)
        << name << ": detached, and no content given";
    if (!kMeasure) continue;
    g = Call{p7.get(), &content, &root, ws.get(), FC_ERR_ARG};
    body_verify();
    ASSERT_EQ(g.rc, FC_OK);
    size_t base = fct::stack_depth(body_empty);
    g.rc = FC_ERR_ARG;
    size_t d = fct::stack_depth(body_verify);
    ASSERT_EQ(g.rc, FC_OK);
    d = d > base ? d - base : 0;
    std::cout << "[ STACK    ] pkcs7 " << GetParam() << " " << name << ": verify " << d << " bytes\n";
    EXPECT_LE(d, kBound);
    EXPECT_GT(d, 256u);
  }
}

INSTANTIATE_TEST_SUITE_P(AllKernels, Pkcs7Vectors, ::testing::ValuesIn(fct::kernels(FC_OP_EC)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
