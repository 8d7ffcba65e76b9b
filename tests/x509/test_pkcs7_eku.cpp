// fc_oid_from_text against OIDs whose DER is published (X.690 section
// 8.19.5's 2.999.3, RFC 5280's id-kp values, PKCS#1's rsadsi arc) and
// malformed text; fc_pkcs7_check_ekus (EDK2's VerifyEKUsInPkcs7Signature
// rule) on the committed SignedData of tests/vectors/pkcs7/: the
// Authenticode signer holds codeSigning only, the TSA timeStamping only,
// the P-384 CMS signer no extKeyUsage.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "fc_test.h"

namespace {

using fct::Bytes;

Bytes oid(const char *text, fc_err want = FC_OK) {
  uint8_t out[64];
  size_t len = 99;
  EXPECT_EQ(fc_oid_from_text(text, out, sizeof out, &len), want) << text;
  return want == FC_OK ? Bytes(out, out + len) : Bytes();
}

TEST(OidFromText, PublishedEncodings) {
  EXPECT_EQ(oid("2.999.3"), (Bytes{0x88, 0x37, 0x03}));
  EXPECT_EQ(oid("1.3.6.1.5.5.7.3.3"), (Bytes{0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x03}));
  EXPECT_EQ(oid("1.2.840.113549"), (Bytes{0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d}));
  EXPECT_EQ(oid("0.0"), (Bytes{0x00}));
  EXPECT_EQ(oid("1.39"), (Bytes{0x4f}));
  EXPECT_EQ(oid("2.5.4.3"), (Bytes{0x55, 0x04, 0x03}));
  EXPECT_EQ(oid("1.2.4294967295"), (Bytes{0x2a, 0x8f, 0xff, 0xff, 0xff, 0x7f}));
  // the first subidentifier, 80 + 2^32 - 1, needs five octets
  EXPECT_EQ(oid("2.4294967295"), (Bytes{0x90, 0x80, 0x80, 0x80, 0x4f}));
}

TEST(OidFromText, MalformedText) {
  for (const char *bad : {"", "1", "1.", ".1", "1..2", "3.1", "1.40", "0.40", "01.2", "1.02",
                          "1.2.4294967296", "1.2.x", "1.2 ", "-1.2", "1.2.99999999999999999999"})
    oid(bad, FC_ERR_ARG);
  uint8_t small[2];
  size_t len;
  EXPECT_EQ(fc_oid_from_text("1.2.840", small, sizeof small, &len), FC_ERR_ARG) << "cap too small";
  uint8_t three[3];
  EXPECT_EQ(fc_oid_from_text("1.2.840", three, sizeof three, &len), FC_OK);
  EXPECT_EQ(len, 3u);
}

struct P7 {
  Bytes der;
  std::unique_ptr<fc_pkcs7> p7 = std::make_unique<fc_pkcs7>();
  explicit P7(const char *name) : der(fct::read_file(fct::vectors_dir() + "/pkcs7/" + name)) {
    EXPECT_EQ(fc_pkcs7_parse(p7.get(), der.data(), der.size()), FC_OK) << name;
  }
  fc_err check(std::initializer_list<const char *> texts, int all) {
    std::vector<Bytes> oids;
    for (const char *t : texts) oids.push_back(oid(t));
    std::vector<fc_slice> s;
    for (const Bytes &b : oids) s.push_back({b.data(), b.size()});
    return fc_pkcs7_check_ekus(p7.get(), s.data(), s.size(), all);
  }
};

constexpr const char *kCodeSigning = "1.3.6.1.5.5.7.3.3", *kTimeStamping = "1.3.6.1.5.5.7.3.8",
                     *kServerAuth = "1.3.6.1.5.5.7.3.1";

TEST(Pkcs7Ekus, RequiredLists) {
  P7 code("timestamped.p7"), tsa("tst_eku.p7"), none("p384_detached.p7");
  EXPECT_EQ(code.check({kCodeSigning}, 1), FC_OK);
  EXPECT_EQ(code.check({kCodeSigning}, 0), FC_OK);
  EXPECT_EQ(code.check({kServerAuth, kCodeSigning}, 0), FC_OK) << "any";
  EXPECT_EQ(code.check({kServerAuth, kCodeSigning}, 1), FC_ERR_SIG) << "all";
  EXPECT_EQ(code.check({kTimeStamping}, 0), FC_ERR_SIG);
  EXPECT_EQ(code.check({"1.3.6.1.5.5.7.3"}, 0), FC_ERR_SIG) << "a prefix is not the OID";
  EXPECT_EQ(tsa.check({kTimeStamping}, 1), FC_OK);
  EXPECT_EQ(tsa.check({kCodeSigning}, 0), FC_ERR_SIG);
  EXPECT_EQ(none.check({kCodeSigning}, 0), FC_ERR_SIG) << "no extKeyUsage";
  EXPECT_EQ(fc_pkcs7_check_ekus(code.p7.get(), nullptr, 1, 1), FC_ERR_ARG);
  fc_slice empty = {nullptr, 0};
  EXPECT_EQ(fc_pkcs7_check_ekus(code.p7.get(), &empty, 1, 1), FC_ERR_ARG);
  // the signer's certificate absent from the SignedData
  code.p7->n_certs = 0;
  EXPECT_EQ(code.check({kCodeSigning}, 1), FC_ERR_SIG);
}

}  // namespace
