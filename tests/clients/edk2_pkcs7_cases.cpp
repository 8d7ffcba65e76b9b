// contrib/edk2's X.509, PKCS#7, Authenticode and timestamp services
// (X509*.c, Pkcs7*.c, Authenticode.c), part of test_edk2 (tests/edk2.cmake),
// on the committed SignedData of tests/vectors/pkcs7/ (README.md there:
// made by the openssl command and osslsigncode, the expected values read
// from those tools' output) and on every ec kernel:
// - Pkcs7Verify detached over a two-certificate RSA-2048 and P-256 chain:
//   valid to the root, refused over other content, to another root, on a
//   truncated SignedData and with NULL arguments;
// - Pkcs7GetSigners / Pkcs7GetCertificatesList: the signer's certificate
//   (serial 99) in EDK2's stack format;
// - AuthenticodeVerify with the image hash osslsigncode printed, refused
//   for another hash; ImageTimestampVerify to the TSA root with the time
//   `openssl ts -text` printed, refused to another root;
// - VerifyEKUsInPkcs7Signature: codeSigning held, timeStamping not;
// - X509GetCommonName (whole, truncated, size query) and
//   X509GetSerialNumber;
// - every call's memory returned to the pool.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "fc_test.h"

extern "C" {
#include <Library/BaseCryptLib.h>
#include <Library/FastCryptLib.h>

#include "StandIn.h"
}

using fct::Bytes;

namespace {

Bytes vec(const char *name) { return fct::read_file(fct::vectors_dir() + "/pkcs7/" + name); }

class Edk2Pkcs7 : public fct::EcKernelTest {
 protected:
  void SetUp() override {
    fct::EcKernelTest::SetUp();
    allocs0_ = FcEdk2TestAllocs;
    frees0_ = FcEdk2TestFrees;
  }
  void TearDown() override {
    EXPECT_EQ(FcEdk2TestAllocs - allocs0_, FcEdk2TestFrees - frees0_) << "pool memory not returned";
    fct::EcKernelTest::TearDown();
  }
  unsigned allocs0_ = 0, frees0_ = 0;
};

TEST_P(Edk2Pkcs7, Pkcs7VerifyDetachedChains) {
  Bytes content = vec("content.txt");
  for (const char *kind : {"rsa2048", "p256"}) {
    Bytes p7 = vec((std::string(kind) + "_chain_detached.p7").c_str());
    Bytes root = vec((std::string(kind) + "_root.der").c_str());
    Bytes other = vec(std::string(kind) == "rsa2048" ? "p256_root.der" : "rsa2048_root.der");
    EXPECT_TRUE(Pkcs7Verify(p7.data(), p7.size(), root.data(), root.size(), content.data(), content.size()))
        << kind;
    Bytes changed = content;
    changed[0] ^= 1;
    EXPECT_FALSE(Pkcs7Verify(p7.data(), p7.size(), root.data(), root.size(), changed.data(), changed.size()))
        << kind;
    EXPECT_FALSE(Pkcs7Verify(p7.data(), p7.size(), other.data(), other.size(), content.data(), content.size()))
        << kind;
    EXPECT_FALSE(Pkcs7Verify(p7.data(), p7.size() / 2, root.data(), root.size(), content.data(), content.size()))
        << kind;
    EXPECT_FALSE(Pkcs7Verify(nullptr, p7.size(), root.data(), root.size(), content.data(), content.size()));
    EXPECT_FALSE(Pkcs7Verify(p7.data(), p7.size(), nullptr, root.size(), content.data(), content.size()));
    EXPECT_FALSE(Pkcs7Verify(p7.data(), p7.size(), root.data(), root.size(), nullptr, content.size()));
    EXPECT_TRUE(Pkcs7Verify(p7.data(), p7.size(), root.data(), root.size(), content.data(), content.size()))
        << kind << ": still valid after the refused calls";
  }
}

TEST_P(Edk2Pkcs7, SignersInEdk2StackFormat) {
  Bytes p7 = vec("rsa2048_chain_detached.p7");
  UINT8 *stack = nullptr, *trusted = nullptr;
  UINTN stack_len = 0, trusted_len = 0;
  ASSERT_TRUE(Pkcs7GetSigners(p7.data(), p7.size(), &stack, &stack_len, &trusted, &trusted_len));
  ASSERT_NE(stack, nullptr);
  ASSERT_GE(stack_len, 5u);
  ASSERT_EQ(stack[0], 1) << "one certificate: the signer's";
  UINT32 len;
  std::memcpy(&len, stack + 1, 4);
  ASSERT_EQ(1 + 4 + len, stack_len);
  UINT8 serial[32];
  UINTN serial_len = sizeof serial;
  ASSERT_TRUE(X509GetSerialNumber(stack + 5, len, serial, &serial_len));
  EXPECT_EQ(Bytes(serial, serial + serial_len), Bytes{99});
  ASSERT_EQ(trusted_len, len);
  EXPECT_EQ(0, std::memcmp(trusted, stack + 5, len)) << "the signer is also the chain's last";
  Pkcs7FreeSigners(stack);
  Pkcs7FreeSigners(trusted);
  EXPECT_FALSE(Pkcs7GetSigners(p7.data(), 10, &stack, &stack_len, &trusted, &trusted_len));
}

// The Authenticode SignedData of osslsigncode (tests/vectors/pkcs7/README.md):
// its code-signing certificate is self-signed and is the trusted one.
TEST_P(Edk2Pkcs7, AuthenticodeAndTimestamp) {
  Bytes p7 = vec("timestamped.p7"), tsa_root = vec("tsa_root.der"), other = vec("rsa2048_root.der");
  UINT8 *stack = nullptr, *signer = nullptr;
  UINTN stack_len = 0, signer_len = 0;
  ASSERT_TRUE(Pkcs7GetSigners(p7.data(), p7.size(), &stack, &stack_len, &signer, &signer_len));
  Bytes signer_cert(signer, signer + signer_len);
  Pkcs7FreeSigners(stack);
  Pkcs7FreeSigners(signer);
  Bytes hash = fct::hex("0acfb229cd4f28f785811feed45dcea07d0bdaeb9e231793371c659980c0fe51");
  EXPECT_TRUE(AuthenticodeVerify(p7.data(), p7.size(), signer_cert.data(), signer_cert.size(), hash.data(),
                                 hash.size()));
  Bytes wrong = hash;
  wrong[31] ^= 1;
  EXPECT_FALSE(AuthenticodeVerify(p7.data(), p7.size(), signer_cert.data(), signer_cert.size(), wrong.data(),
                                  wrong.size()));
  EXPECT_FALSE(AuthenticodeVerify(p7.data(), p7.size(), other.data(), other.size(), hash.data(), hash.size()));
  EXPECT_FALSE(AuthenticodeVerify(p7.data(), p7.size(), signer_cert.data(), signer_cert.size(), hash.data(), 20));

  EFI_TIME t;
  std::memset(&t, 0xff, sizeof t);
  ASSERT_TRUE(ImageTimestampVerify(p7.data(), p7.size(), tsa_root.data(), tsa_root.size(), &t));
  EXPECT_EQ(t.Year, 2026);
  EXPECT_EQ(t.Month, 12);
  EXPECT_EQ(t.Day, 7);
  EXPECT_EQ(t.Hour, 1);
  EXPECT_EQ(t.Minute, 25);
  EXPECT_EQ(t.Second, 48);
  EXPECT_FALSE(ImageTimestampVerify(p7.data(), p7.size(), other.data(), other.size(), &t));
  Bytes no_ts = vec("rsa2048_chain_detached.p7");
  EXPECT_FALSE(ImageTimestampVerify(no_ts.data(), no_ts.size(), tsa_root.data(), tsa_root.size(), &t));
}

TEST_P(Edk2Pkcs7, EkusAndNames) {
  Bytes p7 = vec("timestamped.p7"), tsa_root = vec("tsa_root.der");
  const CHAR8 *code[] = {"1.3.6.1.5.5.7.3.3"}, *ts[] = {"1.3.6.1.5.5.7.3.8"};
  const CHAR8 *both[] = {"1.3.6.1.5.5.7.3.8", "1.3.6.1.5.5.7.3.3"};
  UINT32 n = static_cast<UINT32>(p7.size());
  EXPECT_EQ(VerifyEKUsInPkcs7Signature(p7.data(), n, code, 1, TRUE), RETURN_SUCCESS);
  EXPECT_TRUE(RETURN_ERROR(VerifyEKUsInPkcs7Signature(p7.data(), n, ts, 1, TRUE)));
  EXPECT_EQ(VerifyEKUsInPkcs7Signature(p7.data(), n, both, 2, FALSE), RETURN_SUCCESS) << "any";
  EXPECT_TRUE(RETURN_ERROR(VerifyEKUsInPkcs7Signature(p7.data(), n, both, 2, TRUE))) << "all";

  CHAR8 cn[64];
  UINTN cn_len = sizeof cn;
  ASSERT_EQ(X509GetCommonName(tsa_root.data(), tsa_root.size(), cn, &cn_len), RETURN_SUCCESS);
  EXPECT_STREQ(cn, "fastcrypt vector TSA root");
  // a short buffer: truncated, as BaseCryptLib.h says ("at most CommonNameSize bytes")
  cn_len = 4;
  EXPECT_EQ(X509GetCommonName(tsa_root.data(), tsa_root.size(), cn, &cn_len), RETURN_SUCCESS);
  EXPECT_STREQ(cn, "fas");
  EXPECT_EQ(cn_len, 4u);
  // no buffer: the size needed
  cn_len = 0;
  EXPECT_EQ(X509GetCommonName(tsa_root.data(), tsa_root.size(), nullptr, &cn_len), RETURN_BUFFER_TOO_SMALL);
  EXPECT_EQ(cn_len, sizeof "fastcrypt vector TSA root");
  UINT8 b[64] = {0};
  cn_len = sizeof cn;
  EXPECT_TRUE(RETURN_ERROR(X509GetCommonName(b, 1, cn, &cn_len))) << "not a certificate";
  EXPECT_FALSE(X509VerifyCert(b, 1, b, 1));
  EXPECT_FALSE(Pkcs7Verify(b, 1, b, 1, b, 1));
  EXPECT_FALSE(AuthenticodeVerify(b, 1, b, 1, b, 32));
}

INSTANTIATE_TEST_SUITE_P(AllKernels, Edk2Pkcs7, ::testing::ValuesIn(fct::kernels(FC_OP_EC)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
