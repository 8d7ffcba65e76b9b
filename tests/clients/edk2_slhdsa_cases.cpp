// contrib/edk2's SLH-DSA services (SlhDsa.c), part of test_edk2
// (tests/edk2.cmake), on every keccak and keccak_x kernel
// (SLH-DSA-SHAKE-256s, the one set BaseCryptLib.h has a NID for, hashes
// with SHAKE256 only):
// - SlhDsaVerify on every pure-mode SLH-DSA-SHAKE-256s entry of
//   tests/vectors/slhdsa/noble_slhdsa.json (@noble/post-quantum: valid with
//   an empty and a 232-byte context; R, FORS, first and last hypertree
//   layer tampered; truncated, extended; other context, message, key), with
//   their contexts; from each valid call, every bad argument (NULL
//   pointers, Context NULL with a size, a context over 255 bytes, signature
//   sizes 0, -1, +1), then the call again, still TRUE; the pre-hash
//   (HashSLH-DSA) signatures, which SlhDsaVerify (pure) must refuse;
// - the other parameter sets: their 64-byte keys (SHA2-256s/256f,
//   SHAKE-256f) are keys to a SHAKE-256s context (any 64 bytes are), but
//   their valid signatures do not verify there; 32- and 48-byte keys are
//   refused;
// - SlhDsaNewByNid: CRYPTO_NID_SLH_DSA_SHAKE_256S only; SlhDsaSetPubKey's
//   sizes (the key set before kept); SlhDsaGetPubKey's size query, NULL
//   buffer (size 0) and no-key cases; SlhDsaFree (NULL);
// - SlhDsaGetPublicKeyFromX509 on certificates built here around noble's
//   SubjectPublicKeyInfo keys (SHAKE-256s served, the eleven others
//   refused) and on an RSA certificate;
// - the signing and private-key calls, not served: FALSE;
// - every call's memory returned to the pool.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "fc_test.h"
#include "json.h"

extern "C" {
#include <Library/BaseCryptLib.h>
#include <Library/FastCryptLib.h>

#include "StandIn.h"
}

using fct::Bytes;

namespace {

const UINTN kNidShake256s = 0x05CD;  // CRYPTO_NID_SLH_DSA_SHAKE_256S
const size_t kPk = 64, kSig = 29792;  // FIPS 205 Table 2, SLH-DSA-SHAKE-256s
const char kSet[] = "SLH-DSA-SHAKE-256s";

UINT8 *ptr(Bytes &b) {
  static UINT8 none[1] = {0};
  return b.empty() ? none : b.data();
}

// The context argument as EDK2 callers pass it: NULL when there is none.
UINT8 *ctx_arg(Bytes &ctx) { return ctx.empty() ? nullptr : ctx.data(); }

struct Entry {
  int64_t id;
  std::string param, mode, result, comment;
  Bytes pk, msg, ctx, digest, sig;
};

// noble's entries with every signature materialised (an invalid entry edits
// the signature of the valid entry it names: tests/vectors/slhdsa/README.md).
const std::vector<Entry> &entries() {
  static const std::vector<Entry> all = [] {
    auto doc = fct::json::parse(fct::read_text(fct::vectors_dir() + "/slhdsa/noble_slhdsa.json"));
    std::vector<Entry> v;
    std::map<int64_t, Bytes> sigs;
    for (const auto &t : doc["tests"].items()) {
      Entry e;
      e.id = t["id"].as_int();
      e.param = t["param"].as_string();
      e.mode = t["mode"].as_string();
      e.result = t["result"].as_string();
      e.comment = t["comment"].as_string();
      e.pk = fct::hex(t["pk"].as_string());
      e.msg = fct::hex(t["msg"].as_string());
      e.ctx = fct::hex(t["ctx"].as_string());
      if (t.find("digest")) e.digest = fct::hex(t["digest"].as_string());
      if (t.find("sig")) {
        e.sig = fct::hex(t["sig"].as_string());
        sigs[e.id] = e.sig;
      } else {
        e.sig = sigs.at(t["sig_from"].as_int());
        if (t.find("flip")) {
          const auto &f = t["flip"].items();
          e.sig.at(static_cast<size_t>(f[0].as_int())) ^= static_cast<UINT8>(f[1].as_int());
        }
        if (t.find("sig_len")) e.sig.resize(static_cast<size_t>(t["sig_len"].as_int()));
        if (t.find("sig_append")) {
          Bytes x = fct::hex(t["sig_append"].as_string());
          e.sig.insert(e.sig.end(), x.begin(), x.end());
        }
      }
      v.push_back(std::move(e));
    }
    return v;
  }();
  return all;
}

// The valid pure SHAKE-256s entry with a context, and key pair 1's key.
struct Valid {
  Entry e;
  Bytes other_pk;
};

Valid valid_with_ctx() {
  Valid r;
  for (const Entry &e : entries()) {
    if (e.param != kSet) continue;
    if (e.mode == "pure" && e.result == "valid" && !e.ctx.empty() && r.e.sig.empty()) r.e = e;
  }
  for (const Entry &e : entries())
    if (e.param == kSet && e.pk != r.e.pk) r.other_pk = e.pk;
  EXPECT_EQ(r.e.sig.size(), kSig);
  EXPECT_EQ(r.other_pk.size(), kPk);
  return r;
}

// SHAKE256's kernels: the one-state Keccak op (H_msg, the key's set-up)
// and the many-state one (the WOTS+ chains, FORS and tree levels, where
// the library batches them). Each test runs once per kernel of either op,
// named "op:kernel", with that kernel pinned and the other op automatic;
// a kernel this CPU cannot run is skipped as UNAVAILABLE.
std::vector<std::string> shake_kernels() {
  std::vector<std::string> r;
  for (const std::string &k : fct::kernels(FC_OP_KECCAK)) r.push_back("keccak:" + k);
  for (const std::string &k : fct::kernels(FC_OP_KECCAK_X)) r.push_back("keccak_x:" + k);
  return r;
}

class Edk2SlhDsa : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const std::string &p = GetParam();
    size_t colon = p.find(':');
    fc_op op = p.compare(0, colon, "keccak") == 0 ? FC_OP_KECCAK : FC_OP_KECCAK_X;
    std::string name = p.substr(colon + 1);
    fct::note_kernel_attempt(op, name);
    if (!fct::kernel_usable(op, name)) GTEST_SKIP() << "UNAVAILABLE on this CPU: " << p;
    pin_ = std::make_unique<fct::Pin>(op, name);
    ASSERT_EQ(pin_->rc, FC_OK);
    ASSERT_STREQ(fc_impl_active(op), name.c_str());
    fct::note_kernel_ran(op, name);
    allocs0_ = FcEdk2TestAllocs;
    frees0_ = FcEdk2TestFrees;
  }
  void TearDown() override {
    EXPECT_EQ(FcEdk2TestAllocs - allocs0_, FcEdk2TestFrees - frees0_) << "pool memory not returned";
  }
  std::unique_ptr<fct::Pin> pin_;
  unsigned allocs0_ = 0, frees0_ = 0;
};

// Every bad argument of one valid SlhDsaVerify call, then the call itself.
void check_defects(VOID *key, Bytes &ctx, Bytes &msg, Bytes &sig, const std::string &what) {
  SCOPED_TRACE(what);
  UINT8 *c = ctx_arg(ctx);
  EXPECT_FALSE(SlhDsaVerify(nullptr, c, ctx.size(), ptr(msg), msg.size(), sig.data(), sig.size()));
  EXPECT_FALSE(SlhDsaVerify(key, c, ctx.size(), nullptr, msg.size(), sig.data(), sig.size()));
  EXPECT_FALSE(SlhDsaVerify(key, c, ctx.size(), nullptr, 0, sig.data(), sig.size())) << "Message NULL, size 0";
  EXPECT_FALSE(SlhDsaVerify(key, c, ctx.size(), ptr(msg), msg.size(), nullptr, sig.size()));
  EXPECT_FALSE(SlhDsaVerify(key, nullptr, 5, ptr(msg), msg.size(), sig.data(), sig.size()))
      << "Context NULL with a size";
  EXPECT_FALSE(SlhDsaVerify(key, c, ctx.size(), ptr(msg), msg.size(), sig.data(), 0));
  EXPECT_FALSE(SlhDsaVerify(key, c, ctx.size(), ptr(msg), msg.size(), sig.data(), sig.size() - 1));
  Bytes longer = sig;
  longer.push_back(0);
  EXPECT_FALSE(SlhDsaVerify(key, c, ctx.size(), ptr(msg), msg.size(), longer.data(), longer.size()));
  Bytes big(256, 0);
  if (!ctx.empty()) std::memcpy(big.data(), ctx.data(), ctx.size());
  EXPECT_FALSE(SlhDsaVerify(key, big.data(), big.size(), ptr(msg), msg.size(), sig.data(), sig.size()))
      << "context of 256 bytes";
  EXPECT_FALSE(SlhDsaVerify(key, big.data(), ~UINTN(0), ptr(msg), msg.size(), sig.data(), sig.size()))
      << "context size of all ones";
  if (ctx.empty()) {
    // No context: NULL and a non-NULL pointer with size 0 mean the same.
    EXPECT_TRUE(SlhDsaVerify(key, big.data(), 0, ptr(msg), msg.size(), sig.data(), sig.size()));
  } else {
    EXPECT_FALSE(SlhDsaVerify(key, nullptr, 0, ptr(msg), msg.size(), sig.data(), sig.size()))
        << "signed with a context, verified without";
  }
  if (!msg.empty()) {
    Bytes m = msg;
    m[m.size() / 2] ^= 0x10;
    EXPECT_FALSE(SlhDsaVerify(key, c, ctx.size(), m.data(), m.size(), sig.data(), sig.size()));
  }
  EXPECT_TRUE(SlhDsaVerify(key, c, ctx.size(), ptr(msg), msg.size(), sig.data(), sig.size()))
      << "still valid after the refused calls";
}

TEST_P(Edk2SlhDsa, NobleShake256s) {
  int pure = 0, valid = 0, prehash = 0;
  for (const Entry &ce : entries()) {
    if (ce.param != kSet) continue;
    Entry e = ce;
    SCOPED_TRACE("id " + std::to_string(e.id) + " " + e.comment);
    VOID *key = SlhDsaNewByNid(kNidShake256s);
    ASSERT_NE(key, nullptr);
    ASSERT_TRUE(SlhDsaSetPubKey(key, e.pk.data(), e.pk.size()));
    if (e.mode == "prehash") {
      // HashSLH-DSA signs M' = 1 || |ctx| || ctx || OID || PH(M) (FIPS 205
      // Algorithm 23): pure verification must refuse it over the message
      // and over the digest, with and without the context.
      prehash++;
      EXPECT_FALSE(SlhDsaVerify(key, ctx_arg(e.ctx), e.ctx.size(), ptr(e.msg), e.msg.size(), ptr(e.sig), e.sig.size()));
      EXPECT_FALSE(SlhDsaVerify(key, ctx_arg(e.ctx), e.ctx.size(), ptr(e.digest), e.digest.size(), ptr(e.sig),
                                e.sig.size()));
      EXPECT_FALSE(SlhDsaVerify(key, nullptr, 0, ptr(e.msg), e.msg.size(), ptr(e.sig), e.sig.size()));
      SlhDsaFree(key);
      continue;
    }
    pure++;
    bool want = e.result == "valid";
    BOOLEAN ok = SlhDsaVerify(key, ctx_arg(e.ctx), e.ctx.size(), ptr(e.msg), e.msg.size(), ptr(e.sig), e.sig.size());
    EXPECT_EQ(ok != FALSE, want);
    if (want) {
      valid++;
      check_defects(key, e.ctx, e.msg, e.sig, "id " + std::to_string(e.id));
    }
    SlhDsaFree(key);
  }
  EXPECT_EQ(pure, 16) << "2 valid, 13 tampered, 1 pre-hash signature checked as pure";
  EXPECT_EQ(valid, 2) << "contexts of 0 and 232 bytes";
  EXPECT_EQ(prehash, 3) << "1 valid (SHA3-512), 2 invalid";
}

TEST_P(Edk2SlhDsa, OtherParameterSets) {
  int keys64 = 0, refused = 0;
  for (const Entry &ce : entries()) {
    if (ce.param == kSet || ce.mode != "pure" || ce.result != "valid") continue;
    Entry e = ce;
    SCOPED_TRACE(e.param + ", id " + std::to_string(e.id));
    VOID *key = SlhDsaNewByNid(kNidShake256s);
    ASSERT_NE(key, nullptr);
    if (e.pk.size() != kPk) {
      EXPECT_FALSE(SlhDsaSetPubKey(key, e.pk.data(), e.pk.size())) << "a key of " << e.pk.size() << " bytes";
      refused++;
    } else {
      // Any 64 bytes are a SHAKE-256s key; the signature, made with another
      // set's hash functions or tree shape, does not verify under it.
      ASSERT_TRUE(SlhDsaSetPubKey(key, e.pk.data(), e.pk.size()));
      EXPECT_FALSE(SlhDsaVerify(key, ctx_arg(e.ctx), e.ctx.size(), ptr(e.msg), e.msg.size(), ptr(e.sig), e.sig.size()))
          << "a " << e.sig.size() << "-byte signature";
      keys64++;
    }
    SlhDsaFree(key);
  }
  EXPECT_EQ(keys64, 6) << "SHA2-256s, SHA2-256f, SHAKE-256f: two valid pure entries each";
  EXPECT_EQ(refused, 16) << "the 128 and 192 sets: two valid pure entries each";
}

TEST_P(Edk2SlhDsa, NidsKeysAndSizes) {
  Valid v = valid_with_ctx();
  EXPECT_EQ(SlhDsaNewByNid(0), nullptr);
  EXPECT_EQ(SlhDsaNewByNid(kNidShake256s - 1), nullptr);
  EXPECT_EQ(SlhDsaNewByNid(kNidShake256s + 1), nullptr);
  EXPECT_EQ(SlhDsaNewByNid(0x05B3), nullptr) << "the ML-DSA-87 NID";
  EXPECT_EQ(SlhDsaNewByNid(0x0204), nullptr) << "an EC NID";
  EXPECT_EQ(SlhDsaNewByNid(~UINTN(0)), nullptr);
  SlhDsaFree(nullptr);

  VOID *key = SlhDsaNewByNid(kNidShake256s);
  ASSERT_NE(key, nullptr);
  // no key yet: FALSE, the size untouched (the OpenSSL instance's order)
  Bytes buf(kPk + 8, 0xa5);
  UINTN len = 10;
  EXPECT_FALSE(SlhDsaGetPubKey(key, buf.data(), &len));
  EXPECT_EQ(len, 10u);
  EXPECT_FALSE(SlhDsaVerify(key, ptr(v.e.ctx), v.e.ctx.size(), ptr(v.e.msg), v.e.msg.size(), v.e.sig.data(),
                            v.e.sig.size()));

  ASSERT_TRUE(SlhDsaSetPubKey(key, v.e.pk.data(), v.e.pk.size()));
  // size query: any non-NULL buffer too small, 0 included
  for (UINTN small : {UINTN(0), UINTN(1), UINTN(32), UINTN(kPk - 1)}) {
    len = small;
    EXPECT_FALSE(SlhDsaGetPubKey(key, buf.data(), &len)) << small;
    EXPECT_EQ(len, kPk) << small;
  }
  EXPECT_EQ(buf[0], 0xa5) << "nothing written on a size query";
  // a NULL buffer: FALSE with size 0, as the OpenSSL instance
  len = 9999;
  EXPECT_FALSE(SlhDsaGetPubKey(key, nullptr, &len));
  EXPECT_EQ(len, 0u);
  len = buf.size();
  ASSERT_TRUE(SlhDsaGetPubKey(key, buf.data(), &len)) << "a larger buffer";
  EXPECT_EQ(len, kPk);
  EXPECT_EQ(fct::to_hex(Bytes(buf.begin(), buf.begin() + kPk)), fct::to_hex(v.e.pk));
  EXPECT_EQ(buf[kPk], 0xa5) << "nothing past the key";
  for (int i = 0; i < 3; i++) {  // repeated reads give the same key
    len = kPk;
    Bytes again(kPk, 0);
    EXPECT_TRUE(SlhDsaGetPubKey(key, again.data(), &len));
    EXPECT_EQ(fct::to_hex(again), fct::to_hex(v.e.pk));
  }
  len = kPk;
  EXPECT_FALSE(SlhDsaGetPubKey(nullptr, buf.data(), &len));
  EXPECT_EQ(len, kPk);
  EXPECT_FALSE(SlhDsaGetPubKey(key, buf.data(), nullptr));

  // refused keys leave the one set
  Bytes p(kPk + 1, 1);
  EXPECT_FALSE(SlhDsaSetPubKey(key, p.data(), 32)) << "a 128 set's length";
  EXPECT_FALSE(SlhDsaSetPubKey(key, p.data(), 48)) << "a 192 set's length";
  EXPECT_FALSE(SlhDsaSetPubKey(key, p.data(), kPk - 1));
  EXPECT_FALSE(SlhDsaSetPubKey(key, p.data(), kPk + 1));
  EXPECT_FALSE(SlhDsaSetPubKey(key, p.data(), 0));
  EXPECT_FALSE(SlhDsaSetPubKey(key, p.data(), 128)) << "the private key's length";
  EXPECT_FALSE(SlhDsaSetPubKey(key, nullptr, kPk));
  EXPECT_FALSE(SlhDsaSetPubKey(nullptr, p.data(), kPk));
  EXPECT_TRUE(SlhDsaVerify(key, ptr(v.e.ctx), v.e.ctx.size(), ptr(v.e.msg), v.e.msg.size(), v.e.sig.data(),
                           v.e.sig.size()))
      << "the key set before the refused calls";

  // replaced by another key: the signature no longer verifies; back again, it does
  ASSERT_TRUE(SlhDsaSetPubKey(key, v.other_pk.data(), v.other_pk.size()));
  EXPECT_FALSE(SlhDsaVerify(key, ptr(v.e.ctx), v.e.ctx.size(), ptr(v.e.msg), v.e.msg.size(), v.e.sig.data(),
                            v.e.sig.size()));
  len = kPk;
  ASSERT_TRUE(SlhDsaGetPubKey(key, buf.data(), &len));
  EXPECT_EQ(fct::to_hex(Bytes(buf.begin(), buf.begin() + kPk)), fct::to_hex(v.other_pk));
  ASSERT_TRUE(SlhDsaSetPubKey(key, v.e.pk.data(), v.e.pk.size()));
  EXPECT_TRUE(SlhDsaVerify(key, ptr(v.e.ctx), v.e.ctx.size(), ptr(v.e.msg), v.e.msg.size(), v.e.sig.data(),
                           v.e.sig.size()));

  // a second context is independent of the first
  VOID *key2 = SlhDsaNewByNid(kNidShake256s);
  ASSERT_NE(key2, nullptr);
  ASSERT_TRUE(SlhDsaSetPubKey(key2, v.other_pk.data(), v.other_pk.size()));
  EXPECT_TRUE(SlhDsaVerify(key, ptr(v.e.ctx), v.e.ctx.size(), ptr(v.e.msg), v.e.msg.size(), v.e.sig.data(),
                           v.e.sig.size()));
  EXPECT_FALSE(SlhDsaVerify(key2, ptr(v.e.ctx), v.e.ctx.size(), ptr(v.e.msg), v.e.msg.size(), v.e.sig.data(),
                            v.e.sig.size()));
  SlhDsaFree(key2);

  // signing and private keys: not served, the size untouched
  Bytes sig(kSig);
  UINTN sig_len = 10;
  Bytes priv(128, 1);
  EXPECT_FALSE(SlhDsaSetPrivKey(key, priv.data(), priv.size()));
  EXPECT_FALSE(SlhDsaSign(key, nullptr, 0, v.e.msg.data(), v.e.msg.size(), sig.data(), &sig_len));
  EXPECT_EQ(sig_len, 10u);
  sig_len = sig.size();
  EXPECT_FALSE(SlhDsaSign(key, nullptr, 0, v.e.msg.data(), v.e.msg.size(), sig.data(), &sig_len));
  EXPECT_FALSE(SlhDsaGeneratePubKey(key, buf.data(), kPk));
  VOID *from_pem = nullptr;
  const char pem[] = "-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n";
  EXPECT_FALSE(SlhDsaGetPrivateKeyFromPem(reinterpret_cast<const UINT8 *>(pem), sizeof pem, nullptr, &from_pem));
  EXPECT_EQ(from_pem, nullptr);
  EXPECT_TRUE(SlhDsaVerify(key, ptr(v.e.ctx), v.e.ctx.size(), ptr(v.e.msg), v.e.msg.size(), v.e.sig.data(),
                           v.e.sig.size()))
      << "the public key stays after the refused private-key calls";
  SlhDsaFree(key);
}

TEST_P(Edk2SlhDsa, Contexts) {
  // The valid entry without a context, verified with every context length
  // 1..255 (each refused: the signed context is empty) and with 256 and more
  // (refused before any hashing); the one with a 232-byte context verified
  // with that context's prefixes and extensions (refused).
  const Entry *none = nullptr, *with = nullptr;
  for (const Entry &e : entries()) {
    if (e.param != kSet || e.mode != "pure" || e.result != "valid") continue;
    (e.ctx.empty() ? none : with) = &e;
  }
  ASSERT_NE(none, nullptr);
  ASSERT_NE(with, nullptr);
  ASSERT_EQ(with->ctx.size(), 232u);
  VOID *key = SlhDsaNewByNid(kNidShake256s);
  ASSERT_NE(key, nullptr);
  Entry a = *none, b = *with;
  ASSERT_TRUE(SlhDsaSetPubKey(key, a.pk.data(), a.pk.size()));
  Bytes c(300, 0);
  for (size_t n : {size_t(1), size_t(255), size_t(256), size_t(300)})
    EXPECT_FALSE(SlhDsaVerify(key, c.data(), n, ptr(a.msg), a.msg.size(), a.sig.data(), a.sig.size())) << n;
  EXPECT_TRUE(SlhDsaVerify(key, c.data(), 0, ptr(a.msg), a.msg.size(), a.sig.data(), a.sig.size()));
  ASSERT_TRUE(SlhDsaSetPubKey(key, b.pk.data(), b.pk.size()));
  Bytes longer = b.ctx;
  longer.resize(255, 0);
  EXPECT_FALSE(SlhDsaVerify(key, b.ctx.data(), 231, ptr(b.msg), b.msg.size(), b.sig.data(), b.sig.size()));
  EXPECT_FALSE(SlhDsaVerify(key, longer.data(), 233, ptr(b.msg), b.msg.size(), b.sig.data(), b.sig.size()));
  EXPECT_FALSE(SlhDsaVerify(key, longer.data(), 255, ptr(b.msg), b.msg.size(), b.sig.data(), b.sig.size()));
  EXPECT_TRUE(SlhDsaVerify(key, longer.data(), 232, ptr(b.msg), b.msg.size(), b.sig.data(), b.sig.size()));
  SlhDsaFree(key);
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

// id-slh-dsa-shake-256s, 2.16.840.1.101.3.4.3.30, as an AlgorithmIdentifier's OID.
const char kOidShake256s[] = "060960864801650304031e";

// A self-issued v3 certificate holding spki, "signed" with
// id-slh-dsa-shake-256s (the signature is zeros:
// SlhDsaGetPublicKeyFromX509 does not check it, as the OpenSSL instance
// does not).
Bytes make_cert(const Bytes &spki) {
  Bytes alg = tlv(0x30, fct::hex(kOidShake256s));
  Bytes name = tlv(0x30, tlv(0x31, tlv(0x30, cat({fct::hex("0603550403"), tlv(0x0c, Bytes{'s', 'l', 'h'})}))));
  Bytes validity = tlv(0x30, cat({tlv(0x17, Bytes{'2', '6', '0', '1', '0', '1', '0', '0', '0', '0', '0', '0', 'Z'}),
                                  tlv(0x17, Bytes{'2', '7', '0', '1', '0', '1', '0', '0', '0', '0', '0', '0', 'Z'})}));
  Bytes tbs = tlv(0x30, cat({fct::hex("a003020102"), fct::hex("020107"), alg, name, validity, name, spki}));
  Bytes sig(1 + kSig, 0);
  return tlv(0x30, cat({tbs, alg, tlv(0x03, sig)}));
}

TEST_P(Edk2SlhDsa, PublicKeyFromX509) {
  Valid v = valid_with_ctx();
  auto doc = fct::json::parse(fct::read_text(fct::vectors_dir() + "/slhdsa/noble_slhdsa.json"));
  int seen = 0, served = 0;
  for (const auto &k : doc["keys_der"].items()) {
    const std::string &param = k["param"].as_string();
    SCOPED_TRACE(param);
    Bytes pk = fct::hex(k["pk"].as_string()), cert = make_cert(fct::hex(k["pk_der"].as_string()));
    VOID *key = reinterpret_cast<VOID *>(1);
    seen++;
    if (param != kSet) {
      EXPECT_FALSE(SlhDsaGetPublicKeyFromX509(cert.data(), cert.size(), &key)) << "no NID for it";
      EXPECT_EQ(key, reinterpret_cast<VOID *>(1)) << "untouched";
      continue;
    }
    served++;
    ASSERT_TRUE(SlhDsaGetPublicKeyFromX509(cert.data(), cert.size(), &key));
    ASSERT_NE(key, nullptr);
    Bytes got(kPk);
    UINTN len = got.size();
    ASSERT_TRUE(SlhDsaGetPubKey(key, got.data(), &len));
    EXPECT_EQ(fct::to_hex(got), fct::to_hex(pk));
    ASSERT_EQ(pk, v.e.pk) << "keys_der holds key pair 0, which signed the valid entries";
    EXPECT_TRUE(SlhDsaVerify(key, v.e.ctx.data(), v.e.ctx.size(), ptr(v.e.msg), v.e.msg.size(), v.e.sig.data(),
                             v.e.sig.size()));
    SlhDsaFree(key);

    // failures, each from this valid certificate
    key = reinterpret_cast<VOID *>(1);
    EXPECT_FALSE(SlhDsaGetPublicKeyFromX509(nullptr, cert.size(), &key));
    EXPECT_FALSE(SlhDsaGetPublicKeyFromX509(cert.data(), cert.size(), nullptr));
    EXPECT_FALSE(SlhDsaGetPublicKeyFromX509(cert.data(), cert.size() - 1, &key)) << "truncated";
    EXPECT_FALSE(SlhDsaGetPublicKeyFromX509(cert.data(), 100, &key));
    EXPECT_EQ(key, reinterpret_cast<VOID *>(1)) << "untouched on failure";
    EXPECT_FALSE(SlhDsaGetPublicKeyFromX509(cert.data(), 0, &key));
    EXPECT_EQ(key, nullptr) << "CertSize 0 clears it, as the OpenSSL instance";
    // SEQ { id-slh-dsa-shake-256s, BIT STRING { 00, pk[0..63) } }: a key one byte short
    Bytes spki = tlv(0x30, cat({tlv(0x30, fct::hex(kOidShake256s)),
                                tlv(0x03, cat({Bytes{0}, Bytes(pk.begin(), pk.end() - 1)}))}));
    Bytes short_cert = make_cert(spki);
    key = reinterpret_cast<VOID *>(1);
    EXPECT_FALSE(SlhDsaGetPublicKeyFromX509(short_cert.data(), short_cert.size(), &key)) << "key of 63 bytes";
    // the same 64 bytes under id-slh-dsa-sha2-256s (.24) and -shake-256f (.31)
    for (const char *oid : {"0609608648016503040318", "060960864801650304031f"}) {
      Bytes other = make_cert(tlv(0x30, cat({tlv(0x30, fct::hex(oid)), tlv(0x03, cat({Bytes{0}, pk}))})));
      EXPECT_FALSE(SlhDsaGetPublicKeyFromX509(other.data(), other.size(), &key)) << oid;
    }
    EXPECT_EQ(key, reinterpret_cast<VOID *>(1));
  }
  EXPECT_EQ(seen, 12);
  EXPECT_EQ(served, 1);

  Bytes rsa = fct::read_file(fct::vectors_dir() + "/pkcs7/rsa2048_root.der");
  VOID *key = nullptr;
  EXPECT_FALSE(SlhDsaGetPublicKeyFromX509(rsa.data(), rsa.size(), &key)) << "an RSA certificate";
  EXPECT_EQ(key, nullptr);
}

INSTANTIATE_TEST_SUITE_P(AllKernels, Edk2SlhDsa, ::testing::ValuesIn(shake_kernels()),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
