// contrib/edk2's ML-DSA services (MlDsa.c), part of test_edk2
// (tests/edk2.cmake), on every mldsa kernel:
// - MlDsaVerify on every Wycheproof mldsa_87_verify_test.json test (valid:
//   TRUE, invalid: FALSE; keys of a wrong length refused by MlDsaSetPubKey)
//   and on the pure-mode ML-DSA-87 entries of tests/vectors/mldsa/
//   noble_mldsa.json with their contexts; from each valid call, every bad
//   argument (NULL pointers, Context NULL with a size, a context over 255
//   bytes, signature sizes 0, -1, +1), then the call again, still TRUE;
// - MlDsaNewByNid: CRYPTO_NID_ML_DSA_87 only (the one ML-DSA NID
//   BaseCryptLib.h defines); MlDsaSetPubKey's sizes (ML-DSA-44 and -65 keys
//   refused, the key set before kept); MlDsaGetPubKey's size query, NULL
//   buffer (size 0) and no-key cases;
// - MlDsaGetPublicKeyFromX509 on certificates built here around noble's
//   SubjectPublicKeyInfo keys (ML-DSA-87 served, -44 and -65 refused) and
//   on an RSA certificate;
// - the signing calls, not served: FALSE;
// - every call's memory returned to the pool.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "fc_test.h"
#include "json.h"

extern "C" {
#include <Library/BaseCryptLib.h>
#include <Library/FastCryptLib.h>

#include "StandIn.h"
}

using fct::Bytes;

namespace {

const UINTN kNid87 = 0x05B3;  // CRYPTO_NID_ML_DSA_87
const size_t kPk87 = 2592, kSig87 = 4627;

// A non-NULL pointer for an empty buffer.
UINT8 *ptr(Bytes &b) {
  static UINT8 none[1] = {0};
  return b.empty() ? none : b.data();
}

// The context argument as EDK2 callers pass it: NULL when there is none.
UINT8 *ctx_arg(Bytes &ctx) { return ctx.empty() ? nullptr : ctx.data(); }

class Edk2MlDsa : public fct::MlDsaKernelTest {
 protected:
  void SetUp() override {
    fct::MlDsaKernelTest::SetUp();
    allocs0_ = FcEdk2TestAllocs;
    frees0_ = FcEdk2TestFrees;
  }
  void TearDown() override {
    EXPECT_EQ(FcEdk2TestAllocs - allocs0_, FcEdk2TestFrees - frees0_) << "pool memory not returned";
    fct::MlDsaKernelTest::TearDown();
  }
  unsigned allocs0_ = 0, frees0_ = 0;
};

// Every bad argument of one valid MlDsaVerify call, then the call itself.
void check_defects(VOID *key, Bytes &ctx, Bytes &msg, Bytes &sig, const std::string &what) {
  SCOPED_TRACE(what);
  UINT8 *c = ctx_arg(ctx);
  EXPECT_FALSE(MlDsaVerify(nullptr, c, ctx.size(), ptr(msg), msg.size(), sig.data(), sig.size()));
  EXPECT_FALSE(MlDsaVerify(key, c, ctx.size(), nullptr, msg.size(), sig.data(), sig.size()));
  EXPECT_FALSE(MlDsaVerify(key, c, ctx.size(), ptr(msg), msg.size(), nullptr, sig.size()));
  EXPECT_FALSE(MlDsaVerify(key, nullptr, 5, ptr(msg), msg.size(), sig.data(), sig.size()))
      << "Context NULL with a size";
  EXPECT_FALSE(MlDsaVerify(key, c, ctx.size(), ptr(msg), msg.size(), sig.data(), 0));
  EXPECT_FALSE(MlDsaVerify(key, c, ctx.size(), ptr(msg), msg.size(), sig.data(), sig.size() - 1));
  Bytes longer = sig;
  longer.push_back(0);
  EXPECT_FALSE(MlDsaVerify(key, c, ctx.size(), ptr(msg), msg.size(), longer.data(), longer.size()));
  Bytes big(256, 0);
  if (!ctx.empty()) std::memcpy(big.data(), ctx.data(), ctx.size());
  EXPECT_FALSE(MlDsaVerify(key, big.data(), big.size(), ptr(msg), msg.size(), sig.data(), sig.size()))
      << "context of 256 bytes";
  if (ctx.empty()) {
    // No context: NULL and a non-NULL pointer with size 0 mean the same.
    EXPECT_TRUE(MlDsaVerify(key, big.data(), 0, ptr(msg), msg.size(), sig.data(), sig.size()));
  } else {
    EXPECT_FALSE(MlDsaVerify(key, nullptr, 0, ptr(msg), msg.size(), sig.data(), sig.size()))
        << "signed with a context, verified without";
  }
  if (!msg.empty()) {
    Bytes m = msg;
    m[m.size() / 2] ^= 0x10;
    EXPECT_FALSE(MlDsaVerify(key, c, ctx.size(), m.data(), m.size(), sig.data(), sig.size()));
  }
  EXPECT_TRUE(MlDsaVerify(key, c, ctx.size(), ptr(msg), msg.size(), sig.data(), sig.size()))
      << "still valid after the refused calls";
}

TEST_P(Edk2MlDsa, Wycheproof87) {
  auto doc = fct::json::parse(
      fct::read_text(fct::vectors_dir() + "/wycheproof/testvectors_v1/mldsa_87_verify_test.json"));
  int n = 0, valid = 0, bad_keys = 0;
  for (const auto &g : doc["testGroups"].items()) {
    Bytes pk = fct::hex(g["publicKey"].as_string());
    VOID *key = MlDsaNewByNid(kNid87);
    ASSERT_NE(key, nullptr);
    BOOLEAN set = MlDsaSetPubKey(key, ptr(pk), pk.size());
    EXPECT_EQ(set != FALSE, pk.size() == kPk87);
    if (set) {
      Bytes got(kPk87);
      UINTN len = got.size();
      ASSERT_TRUE(MlDsaGetPubKey(key, got.data(), &len));
      EXPECT_EQ(len, kPk87);
      EXPECT_EQ(fct::to_hex(got), fct::to_hex(pk));
    } else {
      bad_keys++;
    }
    for (const auto &t : g["tests"].items()) {
      n++;
      int64_t id = t["tcId"].as_int();
      const std::string &result = t["result"].as_string();
      Bytes msg = fct::hex(t["msg"].as_string()), sig = fct::hex(t["sig"].as_string());
      Bytes ctx = t.find("ctx") ? fct::hex(t["ctx"].as_string()) : Bytes();
      BOOLEAN ok = MlDsaVerify(key, ctx_arg(ctx), ctx.size(), ptr(msg), msg.size(), ptr(sig), sig.size());
      EXPECT_EQ(ok != FALSE, result == "valid") << "tcId " << id << " " << t["comment"].as_string();
      if (result != "valid") continue;
      valid++;
      check_defects(key, ctx, msg, sig, "tcId " + std::to_string(id));
    }
    MlDsaFree(key);
  }
  EXPECT_EQ(n, doc["numberOfTests"].as_int());
  EXPECT_EQ(n, 241);
  EXPECT_EQ(valid, 71);
  EXPECT_EQ(bad_keys, 4) << "groups with keys of 2591 and 2593 bytes";
}

TEST_P(Edk2MlDsa, NoblePure87) {
  auto doc = fct::json::parse(fct::read_text(fct::vectors_dir() + "/mldsa/noble_mldsa.json"));
  int n = 0, valid = 0;
  for (const auto &t : doc["tests"].items()) {
    if (t["param"].as_int() != 87 || t["mode"].as_string() != "pure") continue;
    int64_t id = t["id"].as_int();
    Bytes pk = fct::hex(t["pk"].as_string()), sig = fct::hex(t["sig"].as_string());
    Bytes msg = fct::hex(t["msg"].as_string()), ctx = fct::hex(t["ctx"].as_string());
    VOID *key = MlDsaNewByNid(kNid87);
    ASSERT_NE(key, nullptr);
    ASSERT_TRUE(MlDsaSetPubKey(key, pk.data(), pk.size())) << "id " << id;
    bool want = t["result"].as_string() == "valid";
    BOOLEAN ok = MlDsaVerify(key, ctx_arg(ctx), ctx.size(), ptr(msg), msg.size(), ptr(sig), sig.size());
    EXPECT_EQ(ok != FALSE, want) << "id " << id << " " << t["comment"].as_string();
    if (want) {
      valid++;
      check_defects(key, ctx, msg, sig, "id " + std::to_string(id));
    }
    MlDsaFree(key);
    n++;
  }
  EXPECT_EQ(n, 14);
  EXPECT_EQ(valid, 6) << "contexts of 255, 0, 17, 1, 17 and 0 bytes";
}

// A noble ML-DSA-87 pure entry with a context, and the two key pairs' keys.
struct Noble87 {
  Bytes pk, other_pk, msg, ctx, sig;
};

Noble87 noble87() {
  auto doc = fct::json::parse(fct::read_text(fct::vectors_dir() + "/mldsa/noble_mldsa.json"));
  Noble87 r;
  for (const auto &t : doc["tests"].items()) {
    if (t["param"].as_int() != 87 || t["mode"].as_string() != "pure" || t["result"].as_string() != "valid")
      continue;
    Bytes pk = fct::hex(t["pk"].as_string()), ctx = fct::hex(t["ctx"].as_string());
    if (r.sig.empty() && ctx.size() == 17) {
      r.pk = pk;
      r.ctx = ctx;
      r.msg = fct::hex(t["msg"].as_string());
      r.sig = fct::hex(t["sig"].as_string());
    }
  }
  for (const auto &t : doc["tests"].items()) {
    Bytes pk = fct::hex(t["pk"].as_string());
    if (t["param"].as_int() == 87 && pk != r.pk) r.other_pk = pk;
  }
  EXPECT_FALSE(r.sig.empty());
  EXPECT_EQ(r.other_pk.size(), kPk87);
  return r;
}

TEST_P(Edk2MlDsa, NidsKeysAndSizes) {
  Noble87 v = noble87();
  EXPECT_EQ(MlDsaNewByNid(0), nullptr);
  EXPECT_EQ(MlDsaNewByNid(kNid87 - 1), nullptr);
  EXPECT_EQ(MlDsaNewByNid(kNid87 + 1), nullptr);
  EXPECT_EQ(MlDsaNewByNid(0x0204), nullptr) << "an EC NID";
  EXPECT_EQ(MlDsaNewByNid(0x05CD), nullptr) << "the SLH-DSA NID";
  MlDsaFree(nullptr);

  VOID *key = MlDsaNewByNid(kNid87);
  ASSERT_NE(key, nullptr);
  // no key yet: FALSE, the size untouched (the OpenSSL instance's order)
  Bytes buf(kPk87 + 8, 0xa5);
  UINTN len = 10;
  EXPECT_FALSE(MlDsaGetPubKey(key, buf.data(), &len));
  EXPECT_EQ(len, 10u);
  EXPECT_FALSE(MlDsaVerify(key, ptr(v.ctx), v.ctx.size(), ptr(v.msg), v.msg.size(), v.sig.data(), v.sig.size()));

  ASSERT_TRUE(MlDsaSetPubKey(key, v.pk.data(), v.pk.size()));
  // size query: any non-NULL buffer too small, 0 included
  for (UINTN small : {UINTN(0), UINTN(1), UINTN(kPk87 - 1)}) {
    len = small;
    EXPECT_FALSE(MlDsaGetPubKey(key, buf.data(), &len)) << small;
    EXPECT_EQ(len, kPk87) << small;
  }
  EXPECT_EQ(buf[0], 0xa5) << "nothing written on a size query";
  // a NULL buffer: FALSE with size 0, as the OpenSSL instance (and EDK2's test)
  len = 9999;
  EXPECT_FALSE(MlDsaGetPubKey(key, nullptr, &len));
  EXPECT_EQ(len, 0u);
  len = buf.size();
  ASSERT_TRUE(MlDsaGetPubKey(key, buf.data(), &len)) << "a larger buffer";
  EXPECT_EQ(len, kPk87);
  EXPECT_EQ(fct::to_hex(Bytes(buf.begin(), buf.begin() + kPk87)), fct::to_hex(v.pk));
  EXPECT_EQ(buf[kPk87], 0xa5) << "nothing past the key";
  len = kPk87;
  EXPECT_TRUE(MlDsaGetPubKey(key, buf.data(), &len));
  len = kPk87;
  EXPECT_FALSE(MlDsaGetPubKey(nullptr, buf.data(), &len));
  EXPECT_FALSE(MlDsaGetPubKey(key, buf.data(), nullptr));

  // refused keys leave the one set
  Bytes p44(1312, 1), p65(1952, 1), p87(kPk87, 1);
  EXPECT_FALSE(MlDsaSetPubKey(key, p44.data(), p44.size())) << "ML-DSA-44's length";
  EXPECT_FALSE(MlDsaSetPubKey(key, p65.data(), p65.size())) << "ML-DSA-65's length";
  EXPECT_FALSE(MlDsaSetPubKey(key, p87.data(), kPk87 - 1));
  EXPECT_FALSE(MlDsaSetPubKey(key, p87.data(), 0));
  EXPECT_FALSE(MlDsaSetPubKey(key, nullptr, kPk87));
  EXPECT_FALSE(MlDsaSetPubKey(nullptr, p87.data(), kPk87));
  EXPECT_TRUE(MlDsaVerify(key, ptr(v.ctx), v.ctx.size(), ptr(v.msg), v.msg.size(), v.sig.data(), v.sig.size()))
      << "the key set before the refused calls";

  // replaced by another key: the signature no longer verifies; back again, it does
  ASSERT_TRUE(MlDsaSetPubKey(key, v.other_pk.data(), v.other_pk.size()));
  EXPECT_FALSE(MlDsaVerify(key, ptr(v.ctx), v.ctx.size(), ptr(v.msg), v.msg.size(), v.sig.data(), v.sig.size()));
  len = kPk87;
  ASSERT_TRUE(MlDsaGetPubKey(key, buf.data(), &len));
  EXPECT_EQ(fct::to_hex(Bytes(buf.begin(), buf.begin() + kPk87)), fct::to_hex(v.other_pk));
  ASSERT_TRUE(MlDsaSetPubKey(key, v.pk.data(), v.pk.size()));
  EXPECT_TRUE(MlDsaVerify(key, ptr(v.ctx), v.ctx.size(), ptr(v.msg), v.msg.size(), v.sig.data(), v.sig.size()));

  // signing and private keys: not served
  UINT8 sig[kSig87];
  UINTN sig_len = sizeof sig;
  Bytes priv(4896, 1);
  EXPECT_FALSE(MlDsaSetPrivKey(key, priv.data(), priv.size()));
  EXPECT_FALSE(MlDsaSign(key, nullptr, 0, v.msg.data(), v.msg.size(), sig, &sig_len));
  EXPECT_FALSE(MlDsaGeneratePubKey(key, buf.data(), kPk87));
  VOID *from_pem = nullptr;
  const char pem[] = "-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n";
  EXPECT_FALSE(MlDsaGetPrivateKeyFromPem(reinterpret_cast<const UINT8 *>(pem), sizeof pem, nullptr, &from_pem));
  EXPECT_EQ(from_pem, nullptr);
  EXPECT_TRUE(MlDsaVerify(key, ptr(v.ctx), v.ctx.size(), ptr(v.msg), v.msg.size(), v.sig.data(), v.sig.size()))
      << "the public key stays after the refused private-key calls";
  MlDsaFree(key);
}

// ------------------------------------------------------------ X.509

Bytes der_len(size_t n) {
  if (n < 0x80) return {static_cast<UINT8>(n)};
  Bytes l;
  for (size_t v = n; v != 0; v >>= 8) l.insert(l.begin(), static_cast<UINT8>(v));
  l.insert(l.begin(), static_cast<UINT8>(0x80 | l.size()));
  return l;
}

Bytes tlv(UINT8 tag, const Bytes &content) {
  Bytes r{tag};
  Bytes l = der_len(content.size());
  r.insert(r.end(), l.begin(), l.end());
  r.insert(r.end(), content.begin(), content.end());
  return r;
}

Bytes cat(std::initializer_list<Bytes> parts) {
  Bytes r;
  for (const Bytes &p : parts) r.insert(r.end(), p.begin(), p.end());
  return r;
}

// A self-issued v3 certificate holding spki, "signed" with id-ml-dsa-87
// (the signature is zeros: MlDsaGetPublicKeyFromX509 does not check it, as
// RsaGetPublicKeyFromX509 and the OpenSSL instance do not).
Bytes make_cert(const Bytes &spki) {
  Bytes alg = tlv(0x30, fct::hex("0609608648016503040313"));
  Bytes name = tlv(0x30, tlv(0x31, tlv(0x30, cat({fct::hex("0603550403"), tlv(0x0c, Bytes{'m', 'l', 'd', 's', 'a'})}))));
  Bytes validity = tlv(0x30, cat({tlv(0x17, Bytes{'2', '6', '0', '1', '0', '1', '0', '0', '0', '0', '0', '0', 'Z'}),
                                  tlv(0x17, Bytes{'2', '7', '0', '1', '0', '1', '0', '0', '0', '0', '0', '0', 'Z'})}));
  Bytes tbs = tlv(0x30, cat({fct::hex("a003020102"), fct::hex("020107"), alg, name, validity, name, spki}));
  Bytes sig(1 + kSig87, 0);
  return tlv(0x30, cat({tbs, alg, tlv(0x03, sig)}));
}

TEST_P(Edk2MlDsa, PublicKeyFromX509) {
  Noble87 v = noble87();
  auto doc = fct::json::parse(fct::read_text(fct::vectors_dir() + "/mldsa/noble_mldsa.json"));
  int seen = 0;
  for (const auto &k : doc["keys_der"].items()) {
    int64_t param = k["param"].as_int();
    SCOPED_TRACE("ML-DSA-" + std::to_string(param));
    Bytes pk = fct::hex(k["pk"].as_string()), cert = make_cert(fct::hex(k["pk_der"].as_string()));
    VOID *key = reinterpret_cast<VOID *>(1);
    if (param != 87) {
      EXPECT_FALSE(MlDsaGetPublicKeyFromX509(cert.data(), cert.size(), &key)) << "no NID for it";
      EXPECT_EQ(key, reinterpret_cast<VOID *>(1)) << "untouched";
      seen++;
      continue;
    }
    ASSERT_TRUE(MlDsaGetPublicKeyFromX509(cert.data(), cert.size(), &key));
    ASSERT_NE(key, nullptr);
    Bytes got(kPk87);
    UINTN len = got.size();
    ASSERT_TRUE(MlDsaGetPubKey(key, got.data(), &len));
    EXPECT_EQ(fct::to_hex(got), fct::to_hex(pk));
    if (pk == v.pk) {
      EXPECT_TRUE(MlDsaVerify(key, v.ctx.data(), v.ctx.size(), ptr(v.msg), v.msg.size(), v.sig.data(), v.sig.size()));
    } else {
      EXPECT_FALSE(MlDsaVerify(key, v.ctx.data(), v.ctx.size(), ptr(v.msg), v.msg.size(), v.sig.data(), v.sig.size()));
    }
    MlDsaFree(key);

    // failures, each from this valid certificate
    key = reinterpret_cast<VOID *>(1);
    EXPECT_FALSE(MlDsaGetPublicKeyFromX509(nullptr, cert.size(), &key));
    EXPECT_FALSE(MlDsaGetPublicKeyFromX509(cert.data(), cert.size(), nullptr));
    EXPECT_FALSE(MlDsaGetPublicKeyFromX509(cert.data(), cert.size() - 1, &key)) << "truncated";
    EXPECT_FALSE(MlDsaGetPublicKeyFromX509(cert.data(), 100, &key));
    EXPECT_EQ(key, reinterpret_cast<VOID *>(1)) << "untouched on failure";
    EXPECT_FALSE(MlDsaGetPublicKeyFromX509(cert.data(), 0, &key));
    EXPECT_EQ(key, nullptr) << "CertSize 0 clears it, as the OpenSSL instance";
    // SEQ { id-ml-dsa-87, BIT STRING { 00, pk[0..2591) } }: a key one byte short
    Bytes spki = tlv(0x30, cat({tlv(0x30, fct::hex("0609608648016503040313")),
                                tlv(0x03, cat({Bytes{0}, Bytes(pk.begin(), pk.end() - 1)}))}));
    Bytes short_cert = make_cert(spki);
    key = reinterpret_cast<VOID *>(1);
    EXPECT_FALSE(MlDsaGetPublicKeyFromX509(short_cert.data(), short_cert.size(), &key)) << "key of 2591 bytes";
    Bytes spki65 = tlv(0x30, cat({tlv(0x30, fct::hex("0609608648016503040312")),
                                  tlv(0x03, cat({Bytes{0}, pk}))}));
    Bytes wrong_oid = make_cert(spki65);
    EXPECT_FALSE(MlDsaGetPublicKeyFromX509(wrong_oid.data(), wrong_oid.size(), &key))
        << "ML-DSA-87's key under id-ml-dsa-65";
    EXPECT_EQ(key, reinterpret_cast<VOID *>(1));
    seen++;
  }
  EXPECT_EQ(seen, 3);

  Bytes rsa = fct::read_file(fct::vectors_dir() + "/pkcs7/rsa2048_root.der");
  VOID *key = nullptr;
  EXPECT_FALSE(MlDsaGetPublicKeyFromX509(rsa.data(), rsa.size(), &key)) << "an RSA certificate";
  EXPECT_EQ(key, nullptr);
}

INSTANTIATE_TEST_SUITE_P(AllKernels, Edk2MlDsa, ::testing::ValuesIn(fct::kernels(FC_OP_MLDSA)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
