// RFC 3161 timestamps (fc_authenticode_timestamp_token, fc_timestamp_info,
// fc_timestamp_verify) on every ec kernel:
// - an Authenticode SignedData timestamped by osslsigncode and a local
//   `openssl ts` responder (tests/vectors/pkcs7/README.md: P-256 TSA under a
//   P-384 root): policy, imprint algorithm, serial and time as `openssl ts
//   -text` reads them; valid to the TSA root and to the TSA certificate
//   itself (partial chain); refused to another root and for another
//   signature (the imprint); the same TSTInfo re-signed by `openssl cms`
//   with a TSA certificate with and without the timeStamping EKU;
// - tokens built here around hand-made TSTInfo: genTime with and without a
//   fraction, and malformed ones (trailing zero, empty fraction, no Z,
//   version 2, imprint length, trailing data);
// - a SignedData that is not a token, and a signer without a timestamp;
// - the verification's peak stack within 8 KiB.
#include <gtest/gtest.h>

#include <cstring>
#include <iostream>
#include <memory>

#include "fc_test.h"
#include "stack_depth.h"

namespace {

using fct::Bytes;

class Timestamp : public fct::EcKernelTest {};

struct Vectors {
  Bytes p7der, root_der;
  std::unique_ptr<fc_pkcs7> p7 = std::make_unique<fc_pkcs7>(), token = std::make_unique<fc_pkcs7>();
  fc_x509_cert root;
  std::unique_ptr<uint64_t[]> ws = std::make_unique<uint64_t[]>(FC_X509_SIG_WORKSPACE_BYTES / 8 + 1);
  fc_err verify(const fc_pkcs7_signer *s, const fc_x509_cert *trusted, uint32_t flags,
                int64_t *when = nullptr) {
    return fc_timestamp_verify(token.get(), s, trusted, 1, flags, 0, ws.get(),
                               FC_X509_SIG_WORKSPACE_BYTES, when);
  }
};

void load(Vectors &v) {
  const std::string dir = fct::vectors_dir() + "/pkcs7/";
  v.p7der = fct::read_file(dir + "timestamped.p7");
  v.root_der = fct::read_file(dir + "tsa_root.der");
  ASSERT_EQ(fc_x509_parse(&v.root, v.root_der.data(), v.root_der.size()), FC_OK);
  ASSERT_EQ(fc_pkcs7_parse(v.p7.get(), v.p7der.data(), v.p7der.size()), FC_OK);
  fc_slice tok;
  ASSERT_EQ(fc_authenticode_timestamp_token(&v.p7->signers[0], &tok), FC_OK);
  ASSERT_EQ(fc_pkcs7_parse(v.token.get(), tok.p, tok.len), FC_OK);
}

TEST_P(Timestamp, OsslsigncodeToken) {
  Vectors v;
  ASSERT_NO_FATAL_FAILURE(load(v));
  fc_tst_info info;
  ASSERT_EQ(fc_timestamp_info(v.token.get(), &info), FC_OK);
  const uint8_t policy[] = {0x2a, 0x03, 0x04, 0x01};  // 1.2.3.4.1
  EXPECT_EQ(Bytes(info.policy.p, info.policy.p + info.policy.len), Bytes(policy, policy + 4));
  EXPECT_EQ(info.imprint_alg, FC_SHA256);
  EXPECT_EQ(info.imprint.len, 32u);
  EXPECT_EQ(Bytes(info.serial.p, info.serial.p + info.serial.len), Bytes{0x2b});
  EXPECT_EQ(info.gen_time, 1796606748);  // Dec 7 01:25:48 2026 GMT

  int64_t when = 0;
  EXPECT_EQ(v.verify(&v.p7->signers[0], &v.root, FC_X509_PARTIAL_CHAIN, &when), FC_OK);
  EXPECT_EQ(when, 1796606748);
  EXPECT_EQ(v.verify(&v.p7->signers[0], &v.root, 0), FC_OK) << "the root is self-signed";
  const fc_x509_cert *tsa = fc_pkcs7_signer_cert(v.token.get(), &v.token->signers[0]);
  ASSERT_NE(tsa, nullptr);
  EXPECT_EQ(v.verify(&v.p7->signers[0], tsa, FC_X509_PARTIAL_CHAIN), FC_OK);
  EXPECT_EQ(v.verify(&v.p7->signers[0], tsa, 0), FC_ERR_SIG) << "a non-root anchor needs partial chain";
  // another root: the Authenticode signer's own certificate
  when = 1;
  EXPECT_EQ(v.verify(&v.p7->signers[0], &v.p7->certs[0], FC_X509_PARTIAL_CHAIN, &when), FC_ERR_SIG);
  EXPECT_EQ(when, 0);
  // the token over another signature: one bit of the countersigned signature changed
  Bytes sig(v.p7->signers[0].signature.p, v.p7->signers[0].signature.p + v.p7->signers[0].signature.len);
  sig[sig.size() / 2] ^= 1;
  fc_pkcs7_signer other = v.p7->signers[0];
  other.signature = {sig.data(), sig.size()};
  EXPECT_EQ(v.verify(&other, &v.root, FC_X509_PARTIAL_CHAIN), FC_ERR_SIG);
}

// The stack of a timestamp verification (the token's SignedData and its
// TSA chain), measured as test_pkcs7_vectors measures fc_pkcs7_verify's,
// within the family's 8 KiB bound. Not under the sanitizers.
struct StackCall {
  Vectors *v;
  fc_err rc;
} g_call;
[[maybe_unused]] __attribute__((noinline)) void stack_empty() {
  g_call.rc = FC_OK;
  __asm__ __volatile__("" ::: "memory");
}
[[maybe_unused]] __attribute__((noinline)) void stack_verify() {
  g_call.rc = g_call.v->verify(&g_call.v->p7->signers[0], &g_call.v->root, FC_X509_PARTIAL_CHAIN);
}

TEST_P(Timestamp, StackBound) {
#if defined(FCT_ASAN)
  GTEST_SKIP() << "frames differ under the sanitizers";
#else
  Vectors v;
  ASSERT_NO_FATAL_FAILURE(load(v));
  g_call = StackCall{&v, FC_ERR_ARG};
  stack_verify();
  ASSERT_EQ(g_call.rc, FC_OK);
  size_t base = fct::stack_depth(stack_empty);
  g_call.rc = FC_ERR_ARG;
  size_t d = fct::stack_depth(stack_verify);
  ASSERT_EQ(g_call.rc, FC_OK);
  d = d > base ? d - base : 0;
  std::cout << "[ STACK    ] timestamp " << GetParam() << ": verify " << d << " bytes\n";
  EXPECT_LE(d, 8192u);
  EXPECT_GT(d, 256u);
#endif
}

TEST_P(Timestamp, TsaNeedsTimeStampingEku) {
  // The same TSTInfo signed by `openssl cms` with and without the EKU
  // (tests/vectors/pkcs7/README.md): only the first is a timestamp.
  Vectors v;
  ASSERT_NO_FATAL_FAILURE(load(v));
  const std::string dir = fct::vectors_dir() + "/pkcs7/";
  for (const char *name : {"tst_eku.p7", "tst_noeku.p7"}) {
    Bytes der = fct::read_file(dir + name);
    ASSERT_EQ(fc_pkcs7_parse(v.token.get(), der.data(), der.size()), FC_OK) << name;
    fc_tst_info info;
    ASSERT_EQ(fc_timestamp_info(v.token.get(), &info), FC_OK) << name;
    EXPECT_EQ(info.gen_time, 1796606748);
    EXPECT_EQ(v.verify(&v.p7->signers[0], &v.root, FC_X509_PARTIAL_CHAIN),
              name[4] == 'e' ? FC_OK : FC_ERR_SIG)
        << name;
  }
  // the Authenticode SignedData itself read as a token: not a TSTInfo
  fc_tst_info info;
  EXPECT_EQ(fc_timestamp_info(v.p7.get(), &info), FC_ERR_UNSUPPORTED);
  EXPECT_EQ(fc_timestamp_verify(v.p7.get(), &v.p7->signers[0], &v.root, 1, FC_X509_PARTIAL_CHAIN, 0,
                                v.ws.get(), FC_X509_SIG_WORKSPACE_BYTES, nullptr),
            FC_ERR_UNSUPPORTED);
}

TEST_P(Timestamp, SignerWithoutToken) {
  Vectors v;
  ASSERT_NO_FATAL_FAILURE(load(v));
  fc_pkcs7_signer s = v.p7->signers[0];
  fc_slice tok;
  s.unsigned_attrs = {nullptr, 0};
  EXPECT_EQ(fc_authenticode_timestamp_token(&s, &tok), FC_ERR_SIG);
  EXPECT_EQ(tok.len, 0u);
  // the token's own signer: unsigned attributes absent
  EXPECT_EQ(fc_authenticode_timestamp_token(&v.token->signers[0], &tok), FC_ERR_SIG);
  // two tokens in one signer
  Bytes two(v.p7->signers[0].unsigned_attrs.p,
            v.p7->signers[0].unsigned_attrs.p + v.p7->signers[0].unsigned_attrs.len);
  two.insert(two.end(), two.begin(), two.end());
  s.unsigned_attrs = {two.data(), two.size()};
  EXPECT_EQ(fc_authenticode_timestamp_token(&s, &tok), FC_ERR_DER);
  // a truncated attribute
  s.unsigned_attrs = {two.data(), two.size() / 2 - 1};
  EXPECT_EQ(fc_authenticode_timestamp_token(&s, &tok), FC_ERR_DER);
}

// A DER TLV with a short or two-byte length.
Bytes tlv(uint8_t tag, const Bytes &v) {
  Bytes r{tag};
  if (v.size() < 128) {
    r.push_back(static_cast<uint8_t>(v.size()));
  } else {
    r.push_back(0x82);
    r.push_back(static_cast<uint8_t>(v.size() >> 8));
    r.push_back(static_cast<uint8_t>(v.size()));
  }
  r.insert(r.end(), v.begin(), v.end());
  return r;
}
Bytes cat(std::initializer_list<Bytes> parts) {
  Bytes r;
  for (const Bytes &p : parts) r.insert(r.end(), p.begin(), p.end());
  return r;
}
Bytes str(const char *s) { return Bytes(s, s + strlen(s)); }

// A TSTInfo: version, policy 1.2.3.4.1, SHA-256 imprint of `imprint_len`
// bytes, serial 7, genTime `time`, then `tail`.
Bytes tst_info(uint8_t version, const char *time, size_t imprint_len = 32, const Bytes &tail = {}) {
  const Bytes sha256 = tlv(0x30, cat({tlv(0x06, {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01}),
                                      tlv(0x05, {})}));
  return tlv(0x30, cat({tlv(0x02, {version}), tlv(0x06, {0x2a, 0x03, 0x04, 0x01}),
                        tlv(0x30, cat({sha256, tlv(0x04, Bytes(imprint_len, 0xab))})),
                        tlv(0x02, {0x07}), tlv(0x18, str(time)), tail}));
}

// fc_timestamp_info on a parsed token whose TSTInfo is replaced by `tst`.
fc_err info_of(const Bytes &tst, fc_tst_info *info) {
  static const uint8_t kTstInfo[11] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x10, 0x01, 0x04};
  auto token = std::make_unique<fc_pkcs7>();
  *token = fc_pkcs7{};
  token->content_type = {kTstInfo, sizeof kTstInfo};
  token->content = {tst.data(), tst.size()};
  token->content_whole = token->content;
  token->n_signers = 1;
  return fc_timestamp_info(token.get(), info);
}

TEST_P(Timestamp, GenTimeForms) {
  fc_tst_info info;
  ASSERT_EQ(info_of(tst_info(1, "20261207012548Z"), &info), FC_OK);
  EXPECT_EQ(info.gen_time, 1796606748);
  ASSERT_EQ(info_of(tst_info(1, "20261207012548.722Z"), &info), FC_OK);
  EXPECT_EQ(info.gen_time, 1796606748) << "the fraction is dropped";
  ASSERT_EQ(info_of(tst_info(1, "20000229235959.5Z"), &info), FC_OK);
  EXPECT_EQ(info.gen_time, 951868799);  // date -u -d '2000-02-29 23:59:59' +%s
  for (const char *bad : {"20261207012548.720Z", "20261207012548.Z", "20261207012548", "2026120701254Z",
                          "20261207012548.7a2Z", "20261207012548+0100", "20261232012548Z"})
    EXPECT_EQ(info_of(tst_info(1, bad), &info), FC_ERR_DER) << bad;
}

TEST_P(Timestamp, MalformedTstInfo) {
  fc_tst_info info;
  ASSERT_EQ(info_of(tst_info(1, "20261207012548Z", 32, tlv(0x01, {0xff})), &info), FC_OK)
      << "ordering TRUE after genTime";
  EXPECT_EQ(info_of(tst_info(2, "20261207012548Z"), &info), FC_ERR_DER) << "version 2";
  EXPECT_EQ(info_of(tst_info(1, "20261207012548Z", 31), &info), FC_ERR_DER) << "imprint length";
  EXPECT_EQ(info_of(tst_info(1, "20261207012548Z", 32, {0x30, 0x05, 0x00}), &info), FC_ERR_DER)
      << "a TLV past the end";
  EXPECT_EQ(info_of(tst_info(1, "20261207012548Z", 32, {0x1f, 0x81, 0x01, 0x00}), &info), FC_ERR_DER)
      << "a high tag number";
  Bytes extra = tst_info(1, "20261207012548Z");
  extra.push_back(0x00);
  EXPECT_EQ(info_of(extra, &info), FC_ERR_DER) << "bytes after the TSTInfo";
}

INSTANTIATE_TEST_SUITE_P(AllKernels, Timestamp, ::testing::ValuesIn(fct::kernels(FC_OP_EC)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
