// contrib/edk2's BaseCryptLib instance, built into this binary
// against the test-only stand-in for EDK2's headers (contrib/edk2/test):
// NIST and Wycheproof vectors through the BaseCryptLib calls on every
// usable kernel of the op each call uses, the semantics of the header
// (CONST CBC IV, RsaGetKey's size query and cleared components, NULL
// BigNumber, context blobs and Duplicate), NULL and bad sizes (FALSE, never
// a crash), wiping before FreePool, and the functions the instance does not
// serve; the X.509 / PKCS#7 / Authenticode services in edk2_pkcs7_cases.cpp. tests/edk2.cmake builds it twice on x86-64: EFIAPI empty, and
// EFIAPI = ms_abi (test_edk2_msabi) as EDK2's GCC X64 builds do.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <stdexcept>

#include "aes_test.h"
#include "fc_test.h"
#include "hash_kernel.h"
#include "json.h"
#include "rsp.h"

// EDK2's headers define IN, OUT, CONST, TRUE...: after every C++ header.
extern "C" {
#include <Library/BaseCryptLib.h>
#include <Library/FastCryptLib.h>

#include "StandIn.h"
}

using fct::Bytes;

namespace {

const std::string kWy = "/wycheproof/testvectors_v1/";

// A non-NULL pointer for an empty buffer (vectors' empty fields).
const UINT8 *ptr(const Bytes &b) {
  static const UINT8 none[1] = {0};
  return b.empty() ? none : b.data();
}

// The instance picks its kernels at its first call and never again, so the
// first call happens here, before any test pins a kernel (a pin made
// before it would be cleared by it). test_edk2_no_sse makes its own first
// call instead (FCT_EDK2_CR4 set; Edk2FirstCall).
class FirstCallEnv : public ::testing::Environment {
 public:
  void SetUp() override {
    if (std::getenv("FCT_EDK2_CR4") != nullptr) return;
    UINT8 d[SHA256_DIGEST_SIZE];
    ASSERT_TRUE(Sha256HashAll("", 0, d));
  }
};
[[maybe_unused]] const auto *const kEnv = ::testing::AddGlobalTestEnvironment(new FirstCallEnv);

// ------------------------------------------------------------ hashes

typedef UINTN(EFIAPI *CtxSizeFn)(VOID);
typedef BOOLEAN(EFIAPI *InitFn)(VOID *);
typedef BOOLEAN(EFIAPI *DupFn)(CONST VOID *, VOID *);
typedef BOOLEAN(EFIAPI *UpdateFn)(VOID *, CONST VOID *, UINTN);
typedef BOOLEAN(EFIAPI *FinalFn)(VOID *, UINT8 *);
typedef BOOLEAN(EFIAPI *HashAllFn)(CONST VOID *, UINTN, UINT8 *);

struct HashApi {
  fc_hash_alg alg;
  const char *nist;  // NIST file prefix
  size_t len;
  CtxSizeFn size;
  InitFn init;
  DupFn dup;
  UpdateFn update;
  FinalFn final;
  HashAllFn all;
};

const HashApi kHashes[] = {
    {FC_SHA1, "SHA1", 20, Sha1GetContextSize, Sha1Init, Sha1Duplicate, Sha1Update, Sha1Final, Sha1HashAll},
    {FC_SHA256, "SHA256", 32, Sha256GetContextSize, Sha256Init, Sha256Duplicate, Sha256Update,
     Sha256Final, Sha256HashAll},
    {FC_SHA384, "SHA384", 48, Sha384GetContextSize, Sha384Init, Sha384Duplicate, Sha384Update,
     Sha384Final, Sha384HashAll},
    {FC_SHA512, "SHA512", 64, Sha512GetContextSize, Sha512Init, Sha512Duplicate, Sha512Update,
     Sha512Final, Sha512HashAll},
};

struct MsgCase {
  Bytes msg, md;
};

// NIST ShortMsg and LongMsg files of one hash; throws on a malformed file.
std::vector<MsgCase> nist_msgs(const HashApi &h) {
  std::vector<MsgCase> out;
  for (const char *kind : {"ShortMsg", "LongMsg"}) {
    std::string name = std::string(h.nist) + kind + ".rsp";
    std::string text = fct::read_text(fct::vectors_dir() + "/nist/sha/" + name);
    if (text.empty()) throw std::runtime_error(name + ": empty or unreadable");
    for (const auto &r : fct::rsp::records(fct::rsp::parse(text), "MD")) {
      MsgCase c;
      unsigned long bits = std::stoul(r.at("Len"));
      c.msg = fct::hex_strict(r.at("Msg"));
      if (bits == 0) c.msg.clear();
      if (c.msg.size() * 8 != bits) throw std::runtime_error(name + ": Len");
      c.md = fct::hex_strict(r.at("MD"));
      out.push_back(std::move(c));
    }
  }
  return out;
}

class Edk2Hash : public fct::HashKernelTest {};

TEST_P(Edk2Hash, NistVectorsThroughEveryCall) {
  fct::Rng rng(7);
  int ran = 0;
  for (const HashApi &h : kHashes) {
    if (fct::hash_op_of(h.alg) != GetParam().op) continue;
    SCOPED_TRACE(h.nist);
    std::vector<MsgCase> cases;
    ASSERT_NO_THROW(cases = nist_msgs(h));
    ASSERT_GT(cases.size(), 60u);
    ASSERT_EQ(h.size(), sizeof(fc_hash_ctx));
    std::vector<uint64_t> ctx_mem(h.size() / 8 + 1), copy_mem(h.size() / 8 + 1);
    VOID *ctx = ctx_mem.data(), *copy = copy_mem.data();
    for (const MsgCase &c : cases) {
      SCOPED_TRACE("Len " + std::to_string(c.msg.size()));
      UINT8 md[64], md2[64];
      ASSERT_TRUE(h.all(ptr(c.msg), c.msg.size(), md));
      EXPECT_EQ(Bytes(md, md + h.len), c.md);
      // Streaming at a random split, with a Duplicate at the split.
      size_t cut = c.msg.empty() ? 0 : rng.next() % (c.msg.size() + 1);
      ASSERT_TRUE(h.init(ctx));
      ASSERT_TRUE(h.update(ctx, ptr(c.msg), cut));
      ASSERT_TRUE(h.dup(ctx, copy));
      ASSERT_TRUE(h.update(ctx, ptr(c.msg) + cut, c.msg.size() - cut));
      ASSERT_TRUE(h.final(ctx, md));
      EXPECT_EQ(Bytes(md, md + h.len), c.md);
      ASSERT_TRUE(h.update(copy, ptr(c.msg) + cut, c.msg.size() - cut));
      ASSERT_TRUE(h.final(copy, md2));
      EXPECT_EQ(Bytes(md2, md2 + h.len), c.md);
      // Final wiped the context: it needs a new Init.
      EXPECT_FALSE(h.update(ctx, "x", 1));
      EXPECT_FALSE(h.final(ctx, md));
    }
    ran++;
  }
  EXPECT_GT(ran, 0);
}

TEST_P(Edk2Hash, NullAndEmpty) {
  for (const HashApi &h : kHashes) {
    if (fct::hash_op_of(h.alg) != GetParam().op) continue;
    SCOPED_TRACE(h.nist);
    std::vector<uint64_t> mem(h.size() / 8 + 1);
    VOID *ctx = mem.data();
    UINT8 md[64], empty[64];
    ASSERT_TRUE(h.all(nullptr, 0, empty));  // the empty message through NULL
    ASSERT_TRUE(h.init(ctx));
    EXPECT_FALSE(h.update(nullptr, "a", 1));
    EXPECT_FALSE(h.update(ctx, nullptr, 1));
    EXPECT_TRUE(h.update(ctx, nullptr, 0));
    EXPECT_FALSE(h.dup(nullptr, mem.data()));
    EXPECT_FALSE(h.dup(ctx, nullptr));
    EXPECT_FALSE(h.final(nullptr, md));
    EXPECT_FALSE(h.final(ctx, nullptr));
    ASSERT_TRUE(h.final(ctx, md));  // still usable after the refused calls
    EXPECT_EQ(0, std::memcmp(md, empty, h.len));
    EXPECT_FALSE(h.init(nullptr));
    EXPECT_FALSE(h.all(nullptr, 1, md));
    EXPECT_FALSE(h.all("a", 1, nullptr));
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, Edk2Hash, ::testing::ValuesIn(fct::hash_params()),
                         fct::hash_param_name);

// ------------------------------------------------------------ HMAC, HKDF, PBKDF2

fct::json::Value load_json(const std::string &name) {
  std::string text = fct::read_text(fct::vectors_dir() + kWy + name);
  if (text.empty()) throw std::runtime_error(name + ": empty or unreadable");
  return fct::json::parse(text);
}

typedef VOID *(EFIAPI *HmacNewFn)(VOID);
typedef VOID(EFIAPI *HmacFreeFn)(VOID *);
typedef BOOLEAN(EFIAPI *HmacSetKeyFn)(VOID *, CONST UINT8 *, UINTN);
typedef BOOLEAN(EFIAPI *HmacAllFn)(CONST VOID *, UINTN, CONST UINT8 *, UINTN, UINT8 *);
typedef BOOLEAN(EFIAPI *HkdfFn)(CONST UINT8 *, UINTN, CONST UINT8 *, UINTN, CONST UINT8 *, UINTN,
                                UINT8 *, UINTN);
typedef BOOLEAN(EFIAPI *ExtractFn)(CONST UINT8 *, UINTN, CONST UINT8 *, UINTN, UINT8 *, UINTN);
typedef BOOLEAN(EFIAPI *ExpandFn)(CONST UINT8 *, UINTN, CONST UINT8 *, UINTN, UINT8 *, UINTN);

struct MacApi {
  fc_hash_alg alg;
  const char *hmac_file, *hkdf_file;
  size_t len;
  HmacNewFn hnew;
  HmacFreeFn hfree;
  HmacSetKeyFn setkey;
  DupFn dup;
  UpdateFn update;
  FinalFn final;
  HmacAllFn all;
  HkdfFn hkdf;
  ExtractFn extract;
  ExpandFn expand;
};

const MacApi kMacs[] = {
    {FC_SHA256, "hmac_sha256_test.json", "hkdf_sha256_test.json", 32, HmacSha256New, HmacSha256Free,
     HmacSha256SetKey, HmacSha256Duplicate, HmacSha256Update, HmacSha256Final, HmacSha256All,
     HkdfSha256ExtractAndExpand, HkdfSha256Extract, HkdfSha256Expand},
    {FC_SHA384, "hmac_sha384_test.json", "hkdf_sha384_test.json", 48, HmacSha384New, HmacSha384Free,
     HmacSha384SetKey, HmacSha384Duplicate, HmacSha384Update, HmacSha384Final, HmacSha384All,
     HkdfSha384ExtractAndExpand, HkdfSha384Extract, HkdfSha384Expand},
};

class Edk2Mac : public fct::HashKernelTest {};

TEST_P(Edk2Mac, WycheproofHmac) {
  fct::Rng rng(11);
  for (const MacApi &m : kMacs) {
    if (fct::hash_op_of(m.alg) != GetParam().op) continue;
    SCOPED_TRACE(m.hmac_file);
    fct::json::Value doc;
    ASSERT_NO_THROW(doc = load_json(m.hmac_file));
    size_t n = 0;
    unsigned frees0 = FcEdk2TestFrees, dirty0 = FcEdk2TestFreedNonZero;
    for (const auto &g : doc["testGroups"].items())
      for (const auto &t : g["tests"].items()) {
        SCOPED_TRACE("tcId " + std::to_string(t["tcId"].as_int()));
        Bytes key = fct::hex(t["key"].as_string()), msg = fct::hex(t["msg"].as_string());
        Bytes tag = fct::hex(t["tag"].as_string());
        bool valid = t["result"].as_string() == "valid";
        ASSERT_LE(tag.size(), m.len);
        UINT8 out[64], out2[64];
        ASSERT_TRUE(m.all(ptr(msg), msg.size(), ptr(key), key.size(), out));
        EXPECT_EQ(valid, std::memcmp(out, tag.data(), tag.size()) == 0);
        VOID *ctx = m.hnew();
        ASSERT_NE(ctx, nullptr);
        VOID *copy = m.hnew();
        ASSERT_NE(copy, nullptr);
        size_t cut = msg.empty() ? 0 : rng.next() % (msg.size() + 1);
        ASSERT_TRUE(m.setkey(ctx, ptr(key), key.size()));
        ASSERT_TRUE(m.update(ctx, ptr(msg), cut));
        ASSERT_TRUE(m.dup(ctx, copy));
        ASSERT_TRUE(m.update(ctx, ptr(msg) + cut, msg.size() - cut));
        ASSERT_TRUE(m.final(ctx, out2));
        EXPECT_EQ(0, std::memcmp(out, out2, m.len));
        ASSERT_TRUE(m.update(copy, ptr(msg) + cut, msg.size() - cut));
        ASSERT_TRUE(m.final(copy, out2));
        EXPECT_EQ(0, std::memcmp(out, out2, m.len));
        m.hfree(ctx);
        m.hfree(copy);
        n++;
      }
    EXPECT_EQ((size_t)doc["numberOfTests"].as_int(), n);
    EXPECT_EQ(FcEdk2TestFrees - frees0, 2 * n);
    EXPECT_EQ(FcEdk2TestFreedNonZero, dirty0) << "a context was freed without being wiped";
  }
}

TEST_P(Edk2Mac, HmacStatesAndNull) {
  for (const MacApi &m : kMacs) {
    if (fct::hash_op_of(m.alg) != GetParam().op) continue;
    UINT8 out[64], ref[64];
    const UINT8 key[5] = {1, 2, 3, 4, 5};
    ASSERT_TRUE(m.all("abc", 3, key, sizeof(key), ref));
    VOID *ctx = m.hnew();
    ASSERT_NE(ctx, nullptr);
    EXPECT_FALSE(m.update(ctx, "abc", 3)) << "Update before SetKey";
    EXPECT_FALSE(m.final(ctx, out)) << "Final before SetKey";
    EXPECT_FALSE(m.setkey(nullptr, key, sizeof(key)));
    // A failed SetKey on a keyed context leaves it unusable, not keyed as before.
    ASSERT_TRUE(m.setkey(ctx, key, sizeof(key)));
    EXPECT_FALSE(m.setkey(ctx, nullptr, 1));
    EXPECT_FALSE(m.update(ctx, "abc", 3));
    EXPECT_FALSE(m.final(ctx, out));
    ASSERT_TRUE(m.setkey(ctx, key, sizeof(key)));
    EXPECT_FALSE(m.update(nullptr, "abc", 3));
    EXPECT_FALSE(m.update(ctx, nullptr, 3));
    EXPECT_FALSE(m.final(ctx, nullptr));
    EXPECT_FALSE(m.dup(ctx, nullptr));
    EXPECT_FALSE(m.dup(nullptr, ctx));
    ASSERT_TRUE(m.update(ctx, "abc", 3));
    ASSERT_TRUE(m.final(ctx, out));
    EXPECT_EQ(0, std::memcmp(out, ref, m.len));
    EXPECT_FALSE(m.update(ctx, "abc", 3)) << "Final wipes the keyed state";
    ASSERT_TRUE(m.setkey(ctx, key, sizeof(key)));  // a new key starts over
    ASSERT_TRUE(m.update(ctx, "abc", 3));
    ASSERT_TRUE(m.final(ctx, out));
    EXPECT_EQ(0, std::memcmp(out, ref, m.len));
    m.hfree(ctx);
    m.hfree(nullptr);
    EXPECT_FALSE(m.all(nullptr, 1, key, sizeof(key), out));
    EXPECT_FALSE(m.all("abc", 3, nullptr, 1, out));
    EXPECT_FALSE(m.all("abc", 3, key, sizeof(key), nullptr));
  }
}

TEST_P(Edk2Mac, WycheproofHkdf) {
  for (const MacApi &m : kMacs) {
    if (fct::hash_op_of(m.alg) != GetParam().op) continue;
    SCOPED_TRACE(m.hkdf_file);
    fct::json::Value doc;
    ASSERT_NO_THROW(doc = load_json(m.hkdf_file));
    size_t n = 0;
    for (const auto &g : doc["testGroups"].items())
      for (const auto &t : g["tests"].items()) {
        SCOPED_TRACE("tcId " + std::to_string(t["tcId"].as_int()));
        Bytes ikm = fct::hex(t["ikm"].as_string()), salt = fct::hex(t["salt"].as_string());
        Bytes info = fct::hex(t["info"].as_string()), okm = fct::hex(t["okm"].as_string());
        size_t size = (size_t)t["size"].as_int();
        bool valid = t["result"].as_string() == "valid";
        Bytes out(size + 1, 0xa5), prk(m.len + 3, 0xa5);
        BOOLEAN ok = m.hkdf(ptr(ikm), ikm.size(), ptr(salt), salt.size(), ptr(info), info.size(),
                            out.data(), size);
        ASSERT_EQ(valid, ok != 0);
        // Extract with room to spare writes HashLen bytes; Expand from it.
        ASSERT_TRUE(m.extract(ptr(ikm), ikm.size(), ptr(salt), salt.size(), prk.data(), prk.size()));
        EXPECT_EQ(prk[m.len], 0xa5);
        Bytes out2(size + 1, 0xa5);
        BOOLEAN ok2 = m.expand(prk.data(), m.len, ptr(info), info.size(), out2.data(), size);
        ASSERT_EQ(valid, ok2 != 0);
        if (valid) {
          EXPECT_EQ(Bytes(out.begin(), out.begin() + size), okm);
          EXPECT_EQ(Bytes(out2.begin(), out2.begin() + size), okm);
          EXPECT_EQ(out[size], 0xa5);
          EXPECT_EQ(out2[size], 0xa5);
        }
        n++;
      }
    EXPECT_EQ((size_t)doc["numberOfTests"].as_int(), n);
    UINT8 o[8], p[64];
    EXPECT_FALSE(m.hkdf(nullptr, 1, nullptr, 0, nullptr, 0, o, 8));
    EXPECT_FALSE(m.hkdf(o, 1, nullptr, 1, nullptr, 0, o, 8));
    EXPECT_FALSE(m.hkdf(o, 1, nullptr, 0, nullptr, 1, o, 8));
    EXPECT_FALSE(m.hkdf(o, 1, nullptr, 0, nullptr, 0, nullptr, 8));
    EXPECT_FALSE(m.hkdf(o, 1, nullptr, 0, nullptr, 0, o, 0));
    EXPECT_FALSE(m.extract(o, 1, nullptr, 0, p, m.len - 1)) << "PrkOutSize below HashLen";
    EXPECT_FALSE(m.extract(o, 1, nullptr, 0, nullptr, m.len));
    EXPECT_FALSE(m.expand(nullptr, 8, nullptr, 0, o, 8));
    EXPECT_FALSE(m.expand(p, m.len, nullptr, 0, o, 0));
    EXPECT_FALSE(m.expand(p, m.len, nullptr, 0, o, 255 * m.len + 1));
    EXPECT_FALSE(m.expand(p, m.len, nullptr, 0, nullptr, 8));
  }
}

// Out on each input (exactly, 7 bytes before, 7 bytes after), OutSize over
// three hash lengths: TRUE and the bytes separate buffers give, as the
// OpenSSL instance returns. An Info that Out overlaps is copied to pool
// memory, freed and wiped before return.
TEST_P(Edk2Mac, HkdfOutOverlappingEachInput) {
  for (const MacApi &m : kMacs) {
    if (fct::hash_op_of(m.alg) != GetParam().op) continue;
    const size_t size = 3 * m.len + 5;
    Bytes key(41), salt(23), info(90), prk(m.len);
    for (size_t i = 0; i < key.size(); i++) key[i] = (uint8_t)(7 * i + 1);
    for (size_t i = 0; i < salt.size(); i++) salt[i] = (uint8_t)(5 * i + 2);
    for (size_t i = 0; i < info.size(); i++) info[i] = (uint8_t)(3 * i + 9);
    for (size_t i = 0; i < prk.size(); i++) prk[i] = (uint8_t)(11 * i + 4);
    Bytes ref(size), ref2(size);
    ASSERT_TRUE(m.hkdf(key.data(), key.size(), salt.data(), salt.size(), info.data(), info.size(),
                       ref.data(), size));
    ASSERT_TRUE(m.expand(prk.data(), prk.size(), info.data(), info.size(), ref2.data(), size));
    unsigned allocs0 = FcEdk2TestAllocs, frees0 = FcEdk2TestFrees, dirty0 = FcEdk2TestFreedNonZero;
    for (int which = 0; which < 5; which++)
      for (long off : {-7L, 0L, 7L}) {
        // which: 0 Key, 1 Salt, 2 Info (ExtractAndExpand); 3 Prk, 4 Info (Expand).
        const Bytes &src = which == 0 ? key : which == 1 ? salt : which == 3 ? prk : info;
        SCOPED_TRACE("input " + std::to_string(which) + " offset " + std::to_string(off));
        Bytes buf(16 + std::max(src.size(), size) + 16, 0x5a);
        uint8_t *in = buf.data() + 16, *out = in + off;
        std::copy(src.begin(), src.end(), in);
        const UINT8 *k = which == 0 ? in : key.data(), *sa = which == 1 ? in : salt.data();
        const UINT8 *inf = which == 2 || which == 4 ? in : info.data(), *pr = which == 3 ? in : prk.data();
        if (which < 3) {
          ASSERT_TRUE(m.hkdf(k, key.size(), sa, salt.size(), inf, info.size(), out, size));
          EXPECT_EQ(fct::to_hex(Bytes(out, out + size)), fct::to_hex(ref));
        } else {
          ASSERT_TRUE(m.expand(pr, prk.size(), inf, info.size(), out, size));
          EXPECT_EQ(fct::to_hex(Bytes(out, out + size)), fct::to_hex(ref2));
        }
      }
    // One copy of Info per call where Out overlapped it (3 offsets, 2 calls).
    EXPECT_EQ(FcEdk2TestAllocs - allocs0, 6u);
    EXPECT_EQ(FcEdk2TestFrees - frees0, 6u);
    EXPECT_EQ(FcEdk2TestFreedNonZero, dirty0) << "the copy of Info was freed without being wiped";
  }
}

TEST_P(Edk2Mac, WycheproofPbkdf2) {
  const struct {
    fc_hash_alg alg;
    const char *file;
    size_t digest;
  } files[] = {{FC_SHA1, "pbkdf2_hmacsha1_test.json", 20}, {FC_SHA256, "pbkdf2_hmacsha256_test.json", 32}};
  int ran = 0;
  for (const auto &f : files) {
    if (fct::hash_op_of(f.alg) != GetParam().op) continue;
    SCOPED_TRACE(f.file);
    fct::json::Value doc;
    ASSERT_NO_THROW(doc = load_json(f.file));
    for (const auto &g : doc["testGroups"].items())
      for (const auto &t : g["tests"].items()) {
        SCOPED_TRACE("tcId " + std::to_string(t["tcId"].as_int()));
        uint64_t iter = (uint64_t)t["iterationCount"].as_int();
        if (iter > 100000) continue;  // the 2^24-iteration case: same loop, minutes under qemu
        Bytes pw = fct::hex(t["password"].as_string()), salt = fct::hex(t["salt"].as_string());
        Bytes dk = fct::hex(t["dk"].as_string());
        size_t len = (size_t)t["dkLen"].as_int();
        Bytes out(len);
        ASSERT_TRUE(Pkcs5HashPassword(pw.size(), (CONST CHAR8 *)ptr(pw), salt.size(), ptr(salt),
                                      iter, f.digest, len, out.data()));
        EXPECT_EQ(out, dk);
        ran++;
      }
    UINT8 o[32];
    EXPECT_FALSE(Pkcs5HashPassword(1, nullptr, 1, o, 1, f.digest, 8, o));
    EXPECT_FALSE(Pkcs5HashPassword(1, "p", 1, nullptr, 1, f.digest, 8, o));
    EXPECT_FALSE(Pkcs5HashPassword(1, "p", 1, o, 1, f.digest, 8, nullptr));
    EXPECT_FALSE(Pkcs5HashPassword(1, "p", 1, o, 0, f.digest, 8, o));
    EXPECT_FALSE(Pkcs5HashPassword(1, "p", 1, o, 1, f.digest, 0, o));
    EXPECT_FALSE(Pkcs5HashPassword(1, "p", 1, o, 1, 48, 8, o)) << "the header allows SHA-1 and SHA-256";
    if (sizeof(UINTN) > 4) {
      EXPECT_FALSE(Pkcs5HashPassword(1, "p", 1, o, (UINTN)((uint64_t)1 << 32), f.digest, 8, o));
    }
  }
  if (GetParam().op == FC_OP_SHA1 || GetParam().op == FC_OP_SHA256) {
    EXPECT_GT(ran, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, Edk2Mac, ::testing::ValuesIn(fct::hash_params()),
                         fct::hash_param_name);

// ------------------------------------------------------------ AES, AES-GCM

class Edk2Aes : public fct::AesKernelTest {};

// The IV handed to AesCbc*: in read-only memory (a write would fault).
const UINT8 kRomIv[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                          0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};

TEST_P(Edk2Aes, NistEcbCbcVectors) {
  ASSERT_EQ(AesGetContextSize(), sizeof(fc_aes_key));
  std::vector<uint64_t> mem(AesGetContextSize() / 8 + 1);
  VOID *ctx = mem.data();
  size_t n = 0;
  for (const char *mode : {"ECB", "CBC"})
    for (int bits : {128, 192, 256}) {
      std::string name = std::string(mode) + "MMT" + std::to_string(bits) + ".rsp";
      SCOPED_TRACE(name);
      std::string text = fct::read_text(fct::vectors_dir() + "/nist/aes/mmt/" + name);
      ASSERT_FALSE(text.empty());
      bool cbc = mode[0] == 'C';
      // [ENCRYPT] records end with CIPHERTEXT, [DECRYPT] ones with PLAINTEXT.
      size_t split = text.find("[DECRYPT]");
      ASSERT_NE(split, std::string::npos);
      std::vector<fct::rsp::Record> recs = fct::rsp::records(fct::rsp::parse(text.substr(0, split)), "CIPHERTEXT");
      size_t n_enc = recs.size();
      for (const auto &r : fct::rsp::records(fct::rsp::parse(text.substr(split)), "PLAINTEXT")) recs.push_back(r);
      for (size_t ri = 0; ri < recs.size(); ri++) {
        const auto &r = recs[ri];
        bool enc = ri < n_enc;
        Bytes key = fct::hex(r.at("KEY")), pt = fct::hex(r.at("PLAINTEXT"));
        Bytes ct = fct::hex(r.at("CIPHERTEXT"));
        ASSERT_TRUE(AesInit(ctx, key.data(), key.size() * 8));
        const Bytes &in = enc ? pt : ct, &want = enc ? ct : pt;
        Bytes out(in.size());
        if (cbc) {
          Bytes iv = fct::hex(r.at("IV")), iv0 = iv;
          ASSERT_TRUE(enc ? AesCbcEncrypt(ctx, in.data(), in.size(), iv.data(), out.data())
                          : AesCbcDecrypt(ctx, in.data(), in.size(), iv.data(), out.data()));
          EXPECT_EQ(iv, iv0) << "Ivec is CONST";
        } else {
          for (size_t i = 0; i < in.size(); i += 16)
            ASSERT_TRUE(enc ? AesEncrypt(ctx, in.data() + i, out.data() + i)
                            : AesDecrypt(ctx, in.data() + i, out.data() + i));
        }
        EXPECT_EQ(out, want);
        // In place.
        Bytes io = in;
        Bytes iv2 = cbc ? fct::hex(r.at("IV")) : Bytes(16);
        if (cbc) {
          ASSERT_TRUE(enc ? AesCbcEncrypt(ctx, io.data(), io.size(), iv2.data(), io.data())
                          : AesCbcDecrypt(ctx, io.data(), io.size(), iv2.data(), io.data()));
        } else {
          ASSERT_TRUE(enc ? AesEncrypt(ctx, io.data(), io.data()) : AesDecrypt(ctx, io.data(), io.data()));
        }
        EXPECT_EQ(Bytes(io.begin(), io.begin() + (cbc ? io.size() : 16)),
                  Bytes(want.begin(), want.begin() + (cbc ? want.size() : 16)));
        n++;
      }
    }
  EXPECT_GT(n, 100u);
  // An IV in read-only memory, encrypted and decrypted back.
  const UINT8 key[16] = {7};
  UINT8 pt[48] = {1, 2, 3}, ct[48], back[48];
  ASSERT_TRUE(AesInit(ctx, key, 128));
  ASSERT_TRUE(AesCbcEncrypt(ctx, pt, sizeof(pt), kRomIv, ct));
  ASSERT_TRUE(AesCbcDecrypt(ctx, ct, sizeof(ct), kRomIv, back));
  EXPECT_EQ(0, std::memcmp(pt, back, sizeof(pt)));
}

// Ivec is copied before Input or Output is touched: an Ivec inside Input
// (its first block), or inside an in-place buffer, gives TRUE and the bytes
// of separate buffers (the header comment of Cipher.c).
TEST_P(Edk2Aes, CbcIvecOverlappingInputOrOutput) {
  std::vector<uint64_t> mem(AesGetContextSize() / 8 + 1);
  VOID *ctx = mem.data();
  const UINT8 key[16] = {3, 1, 4, 1, 5, 9, 2, 6};
  ASSERT_TRUE(AesInit(ctx, key, 128));
  for (bool enc : {true, false}) {
    SCOPED_TRACE(enc ? "encrypt" : "decrypt");
    Bytes in(64);
    for (size_t i = 0; i < in.size(); i++) in[i] = (uint8_t)(i * 13 + 7);
    for (size_t ivat : {0, 16, 40}) {
      SCOPED_TRACE("Ivec at " + std::to_string(ivat));
      Bytes iv(in.begin() + ivat, in.begin() + ivat + 16), want(in.size());
      ASSERT_TRUE(enc ? AesCbcEncrypt(ctx, in.data(), in.size(), iv.data(), want.data())
                      : AesCbcDecrypt(ctx, in.data(), in.size(), iv.data(), want.data()));
      // Ivec inside Input, Output apart.
      Bytes out(in.size(), 0);
      ASSERT_TRUE(enc ? AesCbcEncrypt(ctx, in.data(), in.size(), in.data() + ivat, out.data())
                      : AesCbcDecrypt(ctx, in.data(), in.size(), in.data() + ivat, out.data()));
      EXPECT_EQ(out, want);
      // Ivec inside Output, Input apart.
      Bytes out2(in.size());
      std::copy(iv.begin(), iv.end(), out2.begin() + ivat);
      ASSERT_TRUE(enc ? AesCbcEncrypt(ctx, in.data(), in.size(), out2.data() + ivat, out2.data())
                      : AesCbcDecrypt(ctx, in.data(), in.size(), out2.data() + ivat, out2.data()));
      EXPECT_EQ(out2, want);
      // In place, Ivec inside the buffer.
      Bytes io = in;
      ASSERT_TRUE(enc ? AesCbcEncrypt(ctx, io.data(), io.size(), io.data() + ivat, io.data())
                      : AesCbcDecrypt(ctx, io.data(), io.size(), io.data() + ivat, io.data()));
      EXPECT_EQ(io, want);
    }
  }
}

TEST_P(Edk2Aes, BadArguments) {
  std::vector<uint64_t> mem(AesGetContextSize() / 8 + 1);
  VOID *ctx = mem.data();
  const UINT8 key[32] = {1};
  UINT8 buf[32] = {0}, out[32];
  EXPECT_FALSE(AesInit(nullptr, key, 128));
  // Each failed AesInit, on a context that held a key, leaves it unusable.
  ASSERT_TRUE(AesInit(ctx, key, 128));
  EXPECT_FALSE(AesInit(ctx, nullptr, 128));
  EXPECT_FALSE(AesEncrypt(ctx, buf, out));
  for (UINTN bits : {0, 16, 64, 127, 129, 255, 512}) {
    ASSERT_TRUE(AesInit(ctx, key, 128));
    ASSERT_TRUE(AesEncrypt(ctx, buf, out));
    EXPECT_FALSE(AesInit(ctx, key, bits)) << bits;
    EXPECT_FALSE(AesEncrypt(ctx, buf, out)) << bits;
    EXPECT_FALSE(AesCbcEncrypt(ctx, buf, 16, kRomIv, out)) << bits;
  }
  ASSERT_TRUE(AesInit(ctx, key, 256));
  EXPECT_TRUE(AesCbcEncrypt(ctx, buf, 0, kRomIv, out));
  EXPECT_FALSE(AesCbcEncrypt(ctx, buf, 15, kRomIv, out));
  EXPECT_FALSE(AesCbcDecrypt(ctx, buf, 17, kRomIv, out));
  EXPECT_FALSE(AesCbcEncrypt(nullptr, buf, 16, kRomIv, out));
  EXPECT_FALSE(AesCbcEncrypt(ctx, nullptr, 16, kRomIv, out));
  EXPECT_FALSE(AesCbcEncrypt(ctx, buf, 16, nullptr, out));
  EXPECT_FALSE(AesCbcDecrypt(ctx, buf, 16, kRomIv, nullptr));
  EXPECT_FALSE(AesCbcEncrypt(ctx, buf, 32, kRomIv, buf + 1)) << "partial overlap";
  EXPECT_FALSE(AesEncrypt(nullptr, buf, out));
  EXPECT_FALSE(AesEncrypt(ctx, nullptr, out));
  EXPECT_FALSE(AesDecrypt(ctx, buf, nullptr));
  EXPECT_TRUE(AesEncrypt(ctx, buf, out));
}

INSTANTIATE_TEST_SUITE_P(Kernels, Edk2Aes, ::testing::ValuesIn(fct::kernels(FC_OP_AES)),
                         [](const auto &i) { return fct::param_name(i.param); });

class Edk2Gcm : public fct::GcmPairTest {};

TEST_P(Edk2Gcm, WycheproofAesGcm) {
  fct::json::Value doc;
  ASSERT_NO_THROW(doc = load_json("aes_gcm_test.json"));
  size_t n = 0, served = 0;
  for (const auto &g : doc["testGroups"].items()) {
    size_t iv_bits = (size_t)g["ivSize"].as_int(), tag_bits = (size_t)g["tagSize"].as_int();
    bool in_scope = iv_bits == 96 && tag_bits >= 96 && tag_bits <= 128;
    for (const auto &t : g["tests"].items()) {
      SCOPED_TRACE("tcId " + std::to_string(t["tcId"].as_int()));
      Bytes key = fct::hex(t["key"].as_string()), iv = fct::hex(t["iv"].as_string());
      Bytes aad = fct::hex(t["aad"].as_string()), msg = fct::hex(t["msg"].as_string());
      Bytes ct = fct::hex(t["ct"].as_string()), tag = fct::hex(t["tag"].as_string());
      bool valid = t["result"].as_string() == "valid";
      Bytes out(msg.size() + 1, 0xa5), tag_out(tag.size() + 1, 0);
      UINTN out_size = out.size();
      BOOLEAN ok = AeadAesGcmEncrypt(ptr(key), key.size(), ptr(iv), iv.size(), ptr(aad), aad.size(),
                                     ptr(msg), msg.size(), tag_out.data(), tag.size(), out.data(),
                                     &out_size);
      n++;
      if (!in_scope || iv.size() != 12) {
        EXPECT_FALSE(ok) << "IvSize 12 and TagSize 12..16 only";
        continue;
      }
      served++;
      ASSERT_TRUE(ok);
      EXPECT_EQ(out_size, msg.size());
      if (valid) {
        EXPECT_EQ(Bytes(out.begin(), out.begin() + msg.size()), ct);
        EXPECT_EQ(Bytes(tag_out.begin(), tag_out.begin() + tag.size()), tag);
      }
      Bytes pt(ct.size() + 1, 0xa5);
      out_size = ct.size();
      ok = AeadAesGcmDecrypt(ptr(key), key.size(), ptr(iv), iv.size(), ptr(aad), aad.size(), ptr(ct),
                             ct.size(), ptr(tag), tag.size(), pt.data(), &out_size);
      ASSERT_EQ(valid, ok != 0);
      if (valid) {
        EXPECT_EQ(Bytes(pt.begin(), pt.begin() + ct.size()), msg);
      } else {
        EXPECT_EQ(Bytes(pt.begin(), pt.begin() + ct.size()), Bytes(ct.size(), 0)) << "zeroed";
      }
    }
  }
  EXPECT_EQ((size_t)doc["numberOfTests"].as_int(), n);
  EXPECT_GT(served, 50u);
}

TEST_P(Edk2Gcm, BadArguments) {
  const UINT8 key[32] = {1}, iv[12] = {2}, aad[4] = {3};
  UINT8 in[20] = {4}, out[20], tag[16];
  UINTN sz = sizeof(out);
  ASSERT_TRUE(AeadAesGcmEncrypt(key, 16, iv, 12, aad, 4, in, 20, tag, 16, out, &sz));
  ASSERT_TRUE(AeadAesGcmEncrypt(key, 16, iv, 12, aad, 4, in, 20, tag, 16, out, nullptr));
  ASSERT_TRUE(AeadAesGcmEncrypt(key, 16, iv, 12, nullptr, 0, nullptr, 0, tag, 16, nullptr, nullptr));
  for (UINTN ks : {0, 8, 15, 17, 33}) EXPECT_FALSE(AeadAesGcmEncrypt(key, ks, iv, 12, aad, 4, in, 20, tag, 16, out, &sz));
  for (UINTN is : {0, 8, 11, 13, 16}) EXPECT_FALSE(AeadAesGcmEncrypt(key, 16, iv, is, aad, 4, in, 20, tag, 16, out, &sz));
  for (UINTN ts : {0, 4, 8, 11, 17}) EXPECT_FALSE(AeadAesGcmEncrypt(key, 16, iv, 12, aad, 4, in, 20, tag, ts, out, &sz));
  EXPECT_FALSE(AeadAesGcmEncrypt(nullptr, 16, iv, 12, aad, 4, in, 20, tag, 16, out, &sz));
  EXPECT_FALSE(AeadAesGcmEncrypt(key, 16, nullptr, 12, aad, 4, in, 20, tag, 16, out, &sz));
  EXPECT_FALSE(AeadAesGcmEncrypt(key, 16, iv, 12, nullptr, 4, in, 20, tag, 16, out, &sz));
  EXPECT_FALSE(AeadAesGcmEncrypt(key, 16, iv, 12, aad, 4, nullptr, 20, tag, 16, out, &sz));
  EXPECT_FALSE(AeadAesGcmEncrypt(key, 16, iv, 12, aad, 4, in, 20, nullptr, 16, out, &sz));
  EXPECT_FALSE(AeadAesGcmEncrypt(key, 16, iv, 12, aad, 4, in, 20, tag, 16, nullptr, &sz));
  sz = 19;
  EXPECT_FALSE(AeadAesGcmEncrypt(key, 16, iv, 12, aad, 4, in, 20, tag, 16, out, &sz)) << "DataOutSize below DataInSize";
  sz = sizeof(out);
  ASSERT_TRUE(AeadAesGcmEncrypt(key, 32, iv, 12, aad, 4, in, 20, tag, 16, out, &sz));
  UINT8 back[20];
  sz = sizeof(back);
  ASSERT_TRUE(AeadAesGcmDecrypt(key, 32, iv, 12, aad, 4, out, 20, tag, 16, back, &sz));
  EXPECT_EQ(0, std::memcmp(back, in, 20));
  EXPECT_FALSE(AeadAesGcmDecrypt(key, 32, iv, 12, aad, 4, out, 20, nullptr, 16, back, &sz));
  EXPECT_FALSE(AeadAesGcmDecrypt(key, 32, iv, 12, aad, 3, out, 20, tag, 16, back, &sz)) << "AAD changed";
  tag[0] ^= 1;
  EXPECT_FALSE(AeadAesGcmDecrypt(key, 32, iv, 12, aad, 4, out, 20, tag, 16, back, &sz));
}

INSTANTIATE_TEST_SUITE_P(Kernels, Edk2Gcm, ::testing::ValuesIn(fct::aes_ghash_pairs()),
                         [](const auto &i) { return fct::param_name(i.param); });

// ------------------------------------------------------------ RSA

// An RsaNew context, freed (and checked wiped) at scope end.
struct RsaCtx {
  VOID *p = RsaNew();
  RsaCtx() { EXPECT_NE(p, nullptr); }
  ~RsaCtx() { RsaFree(p); }
  void set(const Bytes &n, const Bytes &e) {
    ASSERT_TRUE(RsaSetKey(p, RsaKeyN, n.data(), n.size()));
    ASSERT_TRUE(RsaSetKey(p, RsaKeyE, e.data(), e.size()));
  }
};

class Edk2Rsa : public fct::MontKernelTest {};

// Wycheproof PKCS#1 v1.5 files: digest by fastcrypt's fc_hash (itself checked
// against NIST by test_sha), verdict through RsaPkcs1Verify.
TEST_P(Edk2Rsa, WycheproofPkcs1) {
  const struct {
    const char *file;
    fc_hash_alg alg;
  } files[] = {{"rsa_signature_2048_sha256_test.json", FC_SHA256},
               {"rsa_signature_3072_sha384_test.json", FC_SHA384},
               {"rsa_signature_4096_sha512_test.json", FC_SHA512}};
  unsigned dirty0 = FcEdk2TestFreedNonZero;
  for (const auto &f : files) {
    SCOPED_TRACE(f.file);
    fct::json::Value doc;
    ASSERT_NO_THROW(doc = load_json(f.file));
    size_t n = 0;
    for (const auto &g : doc["testGroups"].items()) {
      RsaCtx rsa;
      rsa.set(fct::hex(g["publicKey"]["modulus"].as_string()),
              fct::hex(g["publicKey"]["publicExponent"].as_string()));
      for (const auto &t : g["tests"].items()) {
        SCOPED_TRACE("tcId " + std::to_string(t["tcId"].as_int()));
        Bytes msg = fct::hex(t["msg"].as_string()), sig = fct::hex(t["sig"].as_string());
        bool valid = t["result"].as_string() == "valid";
        UINT8 d[64];
        ASSERT_EQ(fc_hash(f.alg, ptr(msg), msg.size(), d), FC_OK);
        EXPECT_EQ(valid, RsaPkcs1Verify(rsa.p, d, fc_hash_len(f.alg), ptr(sig), sig.size()) != 0);
        n++;
      }
    }
    EXPECT_EQ((size_t)doc["numberOfTests"].as_int(), n);
  }
  EXPECT_EQ(FcEdk2TestFreedNonZero, dirty0) << "an RSA context was freed without being wiped";
}

// NIST FIPS 186-3 SigVer: random exponents (not 2^k + 1), PKCS#1 v1.5 and
// PSS; PSS records whose salt is as long as the digest (the instance's rule).
TEST_P(Edk2Rsa, NistSigVerAnyExponent) {
  int pkcs1 = 0, pss = 0;
  for (bool is_pss : {false, true}) {
    std::string name = is_pss ? "SigVerPSS_186-3.rsp" : "SigVer15_186-3.rsp";
    SCOPED_TRACE(name);
    std::string text = fct::read_text(fct::vectors_dir() + "/nist/rsa/186-3rsatestvectors/" + name);
    ASSERT_FALSE(text.empty());
    for (const auto &r : fct::rsp::records(fct::rsp::parse(text), "Result", {"n", "p", "q"})) {
      SCOPED_TRACE("line " + std::to_string(r.lineno));
      std::string sha = r.at("SHAAlg");
      fc_hash_alg alg = sha == "SHA1"     ? FC_SHA1
                        : sha == "SHA256" ? FC_SHA256
                        : sha == "SHA384" ? FC_SHA384
                        : sha == "SHA512" ? FC_SHA512
                                          : (fc_hash_alg)0;
      Bytes n = fct::hex_int(r.at("n")), e = fct::hex_int(r.at("e"));
      // SigVer15 writes Msg as an integer (leading zero nibbles dropped) of 128 bytes.
      Bytes msg = is_pss ? fct::hex_strict(r.at("Msg")) : fct::pad_be(fct::hex_int(r.at("Msg")), 128);
      Bytes sig = fct::hex_int(r.at("S"));
      sig = fct::pad_be(sig, n.size() - (n[0] == 0));
      bool pass = r.at("Result")[0] == 'P';
      RsaCtx rsa;
      rsa.set(n, e);
      UINT8 d[64] = {0};
      if (alg != 0) {
        ASSERT_EQ(fc_hash(alg, msg.data(), msg.size(), d), FC_OK);
      }
      if (!is_pss) {
        BOOLEAN ok = RsaPkcs1Verify(rsa.p, d, alg ? fc_hash_len(alg) : 28, sig.data(), sig.size());
        EXPECT_EQ(alg != 0 && pass, ok != 0);  // SHA-224 (28 bytes) is not a BaseCryptLib size
        pkcs1++;
        continue;
      }
      std::string salt = r.at("SaltVal");
      size_t slen = salt == "00" ? 0 : salt.size() / 2;
      if (alg == 0 || alg == FC_SHA1 || slen != fc_hash_len(alg)) continue;
      UINT16 dl = (UINT16)fc_hash_len(alg);
      EXPECT_EQ(pass, RsaPssVerify(rsa.p, msg.data(), msg.size(), sig.data(), sig.size(), dl, dl) != 0);
      EXPECT_EQ(pass, RsaPssVerifyDigest(rsa.p, d, dl, sig.data(), sig.size()) != 0);
      EXPECT_FALSE(RsaPssVerify(rsa.p, msg.data(), msg.size(), sig.data(), sig.size(), dl, 0))
          << "SaltLen must equal DigestLen";
      pss++;
    }
  }
  EXPECT_EQ(pkcs1, 270);
  EXPECT_GT(pss, 30);
}

TEST_P(Edk2Rsa, WycheproofPss) {
  const char *files[] = {"rsa_pss_2048_sha256_mgf1_32_test.json", "rsa_pss_4096_sha384_mgf1_48_test.json",
                         "rsa_pss_4096_sha512_mgf1_64_test.json"};
  for (const char *file : files) {
    SCOPED_TRACE(file);
    fct::json::Value doc;
    ASSERT_NO_THROW(doc = load_json(file));
    size_t n = 0;
    for (const auto &g : doc["testGroups"].items()) {
      std::string sha = g["sha"].as_string();
      fc_hash_alg alg = sha == "SHA-256" ? FC_SHA256 : sha == "SHA-384" ? FC_SHA384 : FC_SHA512;
      ASSERT_EQ((size_t)g["sLen"].as_int(), fc_hash_len(alg));
      RsaCtx rsa;
      rsa.set(fct::hex(g["publicKey"]["modulus"].as_string()),
              fct::hex(g["publicKey"]["publicExponent"].as_string()));
      for (const auto &t : g["tests"].items()) {
        SCOPED_TRACE("tcId " + std::to_string(t["tcId"].as_int()));
        Bytes msg = fct::hex(t["msg"].as_string()), sig = fct::hex(t["sig"].as_string());
        bool valid = t["result"].as_string() == "valid";
        UINT16 dl = (UINT16)fc_hash_len(alg);
        UINT8 d[64];
        ASSERT_EQ(fc_hash(alg, ptr(msg), msg.size(), d), FC_OK);
        EXPECT_EQ(valid, RsaPssVerify(rsa.p, ptr(msg), msg.size(), ptr(sig), sig.size(), dl, dl) != 0);
        EXPECT_EQ(valid, RsaPssVerifyDigest(rsa.p, d, dl, ptr(sig), sig.size()) != 0);
        n++;
      }
    }
    EXPECT_EQ((size_t)doc["numberOfTests"].as_int(), n);
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, Edk2Rsa, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const auto &i) { return fct::param_name(i.param); });

// The first valid Wycheproof 2048-bit SHA-256 case: key, digest, signature.
struct Known {
  Bytes n, e, digest, sig;
};
const Known &known() {
  static Known k;
  if (!k.n.empty()) return k;
  auto doc = load_json("rsa_signature_2048_sha256_test.json");
  const auto &g = doc["testGroups"].items()[0];
  k.n = fct::hex(g["publicKey"]["modulus"].as_string());
  k.e = fct::hex(g["publicKey"]["publicExponent"].as_string());
  for (const auto &t : g["tests"].items())
    if (t["result"].as_string() == "valid") {
      Bytes msg = fct::hex(t["msg"].as_string());
      k.sig = fct::hex(t["sig"].as_string());
      k.digest.resize(32);
      EXPECT_EQ(fc_hash(FC_SHA256, ptr(msg), msg.size(), k.digest.data()), FC_OK);
      break;
    }
  return k;
}

TEST(Edk2RsaKey, SetGetEveryComponent) {
  RsaCtx rsa;
  const RSA_KEY_TAG tags[] = {RsaKeyN, RsaKeyE, RsaKeyD, RsaKeyP, RsaKeyQ, RsaKeyDp, RsaKeyDq, RsaKeyQInv};
  for (RSA_KEY_TAG tag : tags) {
    SCOPED_TRACE((int)tag);
    Bytes v(40 + 8 * (int)tag);
    for (size_t i = 0; i < v.size(); i++) v[i] = (UINT8)(i * 7 + (int)tag + 1);
    UINTN size = 1;
    ASSERT_TRUE(RsaGetKey(rsa.p, tag, nullptr, &size)) << "not set: TRUE, size 0";
    EXPECT_EQ(size, 0u);
    Bytes with_zeros = v;
    with_zeros.insert(with_zeros.begin(), 3, 0);
    ASSERT_TRUE(RsaSetKey(rsa.p, tag, with_zeros.data(), with_zeros.size()));
    size = 0;
    EXPECT_FALSE(RsaGetKey(rsa.p, tag, nullptr, &size)) << "size query";
    EXPECT_EQ(size, v.size()) << "leading zeros are not part of the number";
    size = v.size() - 1;
    Bytes out(v.size() + 4, 0xee);
    EXPECT_FALSE(RsaGetKey(rsa.p, tag, out.data(), &size));
    EXPECT_EQ(size, v.size());
    EXPECT_EQ(out[0], 0xee) << "nothing written on a too-small buffer";
    size = out.size();
    EXPECT_FALSE(RsaGetKey(rsa.p, tag, nullptr, &size)) << "large enough but NULL";
    ASSERT_TRUE(RsaGetKey(rsa.p, tag, out.data(), &size));
    EXPECT_EQ(size, v.size());
    EXPECT_EQ(Bytes(out.begin(), out.begin() + size), v);
  }
  // Each component kept its own value.
  for (RSA_KEY_TAG tag : tags) {
    UINTN size = 200;
    UINT8 out[200];
    ASSERT_TRUE(RsaGetKey(rsa.p, tag, out, &size));
    EXPECT_EQ(size, 40u + 8 * (int)tag);
    EXPECT_EQ(out[0], (UINT8)((int)tag + 1));
  }
  // Cleared (NULL BigNumber, BnSize ignored): TRUE and size 0; the bytes are gone.
  ASSERT_TRUE(RsaSetKey(rsa.p, RsaKeyD, nullptr, 12345));
  UINTN size = 7;
  ASSERT_TRUE(RsaGetKey(rsa.p, RsaKeyD, nullptr, &size));
  EXPECT_EQ(size, 0u);
  Bytes d(40 + 16);
  for (size_t i = 0; i < d.size(); i++) d[i] = (UINT8)(i * 7 + 3);
  const UINT8 *raw = (const UINT8 *)rsa.p;
  bool found = false;
  for (size_t i = 0; i + d.size() <= 9000 && !found; i++) found = std::memcmp(raw + i, d.data(), d.size()) == 0;
  EXPECT_FALSE(found) << "a cleared private component left its bytes in the context";
  // Bad tag, oversize number, NULL context or size: FALSE, nothing changed.
  UINT8 big[1025];
  std::memset(big, 0x11, sizeof(big));
  EXPECT_FALSE(RsaSetKey(rsa.p, (RSA_KEY_TAG)8, big, 8));
  EXPECT_FALSE(RsaSetKey(rsa.p, RsaKeyN, big, sizeof(big)));
  size = 200;
  UINT8 out[200];
  ASSERT_TRUE(RsaGetKey(rsa.p, RsaKeyN, out, &size));
  EXPECT_EQ(size, 40u);
  big[0] = 0;  // 1,024 significant bytes: the largest number taken
  EXPECT_TRUE(RsaSetKey(rsa.p, RsaKeyQInv, big, sizeof(big)));
  EXPECT_FALSE(RsaSetKey(nullptr, RsaKeyN, big, 8));
  EXPECT_FALSE(RsaGetKey(nullptr, RsaKeyN, out, &size));
  EXPECT_FALSE(RsaGetKey(rsa.p, RsaKeyN, out, nullptr));
  EXPECT_FALSE(RsaGetKey(rsa.p, (RSA_KEY_TAG)8, out, &size));
  RsaFree(nullptr);
}

TEST(Edk2RsaKey, VerifyFollowsTheKey) {
  const Known &k = known();
  ASSERT_FALSE(k.sig.empty());
  RsaCtx rsa;
  EXPECT_FALSE(RsaPkcs1Verify(rsa.p, k.digest.data(), 32, k.sig.data(), k.sig.size())) << "no key";
  ASSERT_TRUE(RsaSetKey(rsa.p, RsaKeyN, k.n.data(), k.n.size()));
  EXPECT_FALSE(RsaPkcs1Verify(rsa.p, k.digest.data(), 32, k.sig.data(), k.sig.size())) << "no E";
  ASSERT_TRUE(RsaSetKey(rsa.p, RsaKeyE, k.e.data(), k.e.size()));
  EXPECT_TRUE(RsaPkcs1Verify(rsa.p, k.digest.data(), 32, k.sig.data(), k.sig.size()));
  EXPECT_TRUE(RsaPkcs1Verify(rsa.p, k.digest.data(), 32, k.sig.data(), k.sig.size())) << "again";
  const UINT8 three[1] = {3};
  ASSERT_TRUE(RsaSetKey(rsa.p, RsaKeyE, three, 1));
  EXPECT_FALSE(RsaPkcs1Verify(rsa.p, k.digest.data(), 32, k.sig.data(), k.sig.size())) << "another E";
  ASSERT_TRUE(RsaSetKey(rsa.p, RsaKeyE, k.e.data(), k.e.size()));
  EXPECT_TRUE(RsaPkcs1Verify(rsa.p, k.digest.data(), 32, k.sig.data(), k.sig.size()));
  ASSERT_TRUE(RsaSetKey(rsa.p, RsaKeyN, nullptr, 0));
  EXPECT_FALSE(RsaPkcs1Verify(rsa.p, k.digest.data(), 32, k.sig.data(), k.sig.size())) << "N cleared";
  ASSERT_TRUE(RsaSetKey(rsa.p, RsaKeyN, k.n.data(), k.n.size()));
  // Bad arguments from a valid state.
  const UINT8 *d = k.digest.data(), *s = k.sig.data();
  UINTN sl = k.sig.size();
  EXPECT_FALSE(RsaPkcs1Verify(nullptr, d, 32, s, sl));
  EXPECT_FALSE(RsaPkcs1Verify(rsa.p, nullptr, 32, s, sl));
  EXPECT_FALSE(RsaPkcs1Verify(rsa.p, d, 32, nullptr, sl));
  EXPECT_FALSE(RsaPkcs1Verify(rsa.p, d, 32, s, sl - 1));
  EXPECT_FALSE(RsaPkcs1Verify(rsa.p, d, 32, s, 0));
  UINT8 d64[64] = {0};  // room for every HashSize tried
  std::memcpy(d64, d, 32);
  for (UINTN hs : {0, 16, 28, 31, 33, 64}) EXPECT_FALSE(RsaPkcs1Verify(rsa.p, d64, hs, s, sl)) << hs;
  EXPECT_FALSE(RsaPssVerify(nullptr, d, 32, s, sl, 32, 32));
  EXPECT_FALSE(RsaPssVerify(rsa.p, nullptr, 1, s, sl, 32, 32));
  EXPECT_FALSE(RsaPssVerify(rsa.p, d, 32, nullptr, sl, 32, 32));
  EXPECT_FALSE(RsaPssVerify(rsa.p, d, 32, s, sl, 20, 20)) << "SHA-1 is not a PSS hash here";
  EXPECT_FALSE(RsaPssVerifyDigest(nullptr, d, 32, s, sl));
  EXPECT_FALSE(RsaPssVerifyDigest(rsa.p, nullptr, 32, s, sl));
  EXPECT_FALSE(RsaPssVerifyDigest(rsa.p, d, 32, nullptr, sl));
  EXPECT_FALSE(RsaPssVerifyDigest(rsa.p, d, 20, s, sl));
  EXPECT_TRUE(RsaPkcs1Verify(rsa.p, d, 32, s, sl)) << "still valid after the refused calls";
}

// ------------------------------------------------------------ the rest

TEST(Edk2Unsupported, FailsAsTheNullInstanceDoes) {
  UINT8 b[64] = {0};
  UINTN n = sizeof(b);
  VOID *rsa = RsaNew();
  ASSERT_NE(rsa, nullptr);
  EXPECT_FALSE(RsaPkcs1Sign(rsa, b, 32, b, &n));
  EXPECT_FALSE(RsaPssSign(rsa, b, 32, 32, 32, b, &n));
  EXPECT_FALSE(RsaGenerateKey(rsa, 2048, nullptr, 0));
  EXPECT_FALSE(RsaCheckKey(rsa));
  RsaFree(rsa);
  EXPECT_EQ(Sm3GetContextSize(), 0u);
  EXPECT_FALSE(Sm3HashAll(b, 1, b));
  EXPECT_FALSE(RandomBytes(b, 8));
  EXPECT_FALSE(Pkcs7Sign(b, 1, b, b, 1, b, nullptr, nullptr, &n));
  EXPECT_EQ(BigNumInit(), nullptr);
  EXPECT_EQ(BigNumToBin(b, b), -1);
  EXPECT_EQ(DhNew(), nullptr);
  EXPECT_EQ(EcNewByNid(0x0206), nullptr); /* SECP521R1: not built */
  VOID *ec = EcNewByNid(0x0204);
  ASSERT_NE(ec, nullptr);
  n = sizeof(b);
  EXPECT_FALSE(EcGenerateKey(ec, b, &n));
  EXPECT_FALSE(EcDsaSign(ec, 0x0001, b, 32, b, &n));
  EcFree(ec);
  EXPECT_EQ(CamelliaGetContextSize(), 0u);
}

// ------------------------------------------------------------ EC

// EcNewByNid, EcSetPubKey, EcGetPubKey, EcDsaVerify, EcFree: every
// Wycheproof P1363 test of P-256 and P-384 with SHA-256/384/512 through
// EcDsaVerify on every ec kernel (valid: TRUE, invalid: FALSE), the size
// query of EcGetPubKey, and each bad argument from a valid call.
TEST(Edk2Ec, WycheproofAndArguments) {
  struct File {
    const char *name;
    UINTN nid, hash_nid;
    fc_hash_alg hash;
  };
  const File files[] = {
      {"ecdsa_secp256r1_sha256_p1363_test.json", 0x0204, 0x0001, FC_SHA256},
      {"ecdsa_secp256r1_sha512_p1363_test.json", 0x0204, 0x0003, FC_SHA512},
      {"ecdsa_secp384r1_sha384_p1363_test.json", 0x0205, 0x0002, FC_SHA384},
      {"ecdsa_secp384r1_sha512_p1363_test.json", 0x0205, 0x0003, FC_SHA512},
  };
  for (const std::string &kernel : fct::kernels(FC_OP_EC)) {
    if (!fct::kernel_usable(FC_OP_EC, kernel)) continue;
    fct::Pin pin(FC_OP_EC, kernel);
    ASSERT_EQ(pin.rc, FC_OK);
    int checked = 0;
    for (const File &f : files) {
      SCOPED_TRACE(std::string(f.name) + " " + kernel);
      auto doc = load_json(f.name);
      for (const auto &g : doc["testGroups"].items()) {
        Bytes pt = fct::hex(g["publicKey"]["uncompressed"].as_string());
        Bytes xy(pt.begin() + 1, pt.end());
        VOID *ec = EcNewByNid(f.nid);
        ASSERT_NE(ec, nullptr);
        UINTN n = 0;
        EXPECT_FALSE(EcGetPubKey(ec, nullptr, &n)); /* size query, no key yet */
        EXPECT_EQ(n, xy.size());
        ASSERT_TRUE(EcSetPubKey(ec, xy.data(), xy.size()));
        Bytes got(xy.size());
        n = got.size();
        ASSERT_TRUE(EcGetPubKey(ec, got.data(), &n));
        EXPECT_EQ(fct::to_hex(got), fct::to_hex(xy));
        for (const auto &t : g["tests"].items()) {
          Bytes msg = fct::hex(t["msg"].as_string()), sig = fct::hex(t["sig"].as_string());
          UINT8 d[64];
          ASSERT_EQ(fc_hash(f.hash, ptr(msg), msg.size(), d), FC_OK);
          BOOLEAN ok = EcDsaVerify(ec, f.hash_nid, d, fc_hash_len(f.hash), ptr(sig), sig.size());
          EXPECT_EQ(ok != FALSE, t["result"].as_string() == "valid") << "tcId " << t["tcId"].as_int();
          checked++;
          if (t["result"].as_string() != "valid") continue;
          /* each defect from this valid call */
          UINTN hl = fc_hash_len(f.hash);
          EXPECT_FALSE(EcDsaVerify(nullptr, f.hash_nid, d, hl, sig.data(), sig.size()));
          EXPECT_FALSE(EcDsaVerify(ec, f.hash_nid, nullptr, hl, sig.data(), sig.size()));
          EXPECT_FALSE(EcDsaVerify(ec, f.hash_nid, d, hl, nullptr, sig.size()));
          EXPECT_FALSE(EcDsaVerify(ec, f.hash_nid, d, hl, sig.data(), sig.size() - 1));
          EXPECT_FALSE(EcDsaVerify(ec, f.hash_nid, d, hl - 1, sig.data(), sig.size()));
          EXPECT_FALSE(EcDsaVerify(ec, 0x0009, d, hl, sig.data(), sig.size()));
          d[0] ^= 1;
          EXPECT_FALSE(EcDsaVerify(ec, f.hash_nid, d, hl, sig.data(), sig.size()));
        }
        /* a point off the curve is refused and the key kept */
        Bytes off = xy;
        off.back() ^= 1;
        EXPECT_FALSE(EcSetPubKey(ec, off.data(), off.size()));
        EXPECT_FALSE(EcSetPubKey(ec, xy.data(), xy.size() - 1));
        EXPECT_FALSE(EcSetPubKey(ec, nullptr, xy.size()));
        n = got.size();
        ASSERT_TRUE(EcGetPubKey(ec, got.data(), &n));
        EXPECT_EQ(fct::to_hex(got), fct::to_hex(xy));
        n = xy.size() - 1;
        EXPECT_FALSE(EcGetPubKey(ec, got.data(), &n));
        EXPECT_EQ(n, xy.size());
        EcFree(ec);
      }
    }
    EXPECT_GT(checked, 1000);
  }
  EcFree(nullptr);
  EXPECT_EQ(EcNewByNid(0x0001), nullptr);
}

// ParallelHash256HashAll: the SP 800-185 samples EDK2's own unit test uses
// (ParallelhashTests.c: sample #1's input with B = 8 and #3's with B = 12,
// 64-byte outputs), and its argument checks, each from a valid call.
TEST(Edk2ParallelHash, SamplesAndArguments) {
  UINT8 x24[24], x72[72], out[64];
  for (int b = 0; b < 3; b++)
    for (int i = 0; i < 8; i++) x24[8 * b + i] = (UINT8)(16 * b + i);
  for (int b = 0; b < 6; b++)
    for (int i = 0; i < 12; i++) x72[12 * b + i] = (UINT8)(16 * b + i);
  const char *s = "Parallel Data";
  ASSERT_TRUE(ParallelHash256HashAll(x24, 24, 8, out, 64, nullptr, 0));
  EXPECT_EQ(fct::to_hex(fct::Bytes(out, out + 64)),
            "bc1ef124da34495e948ead207dd9842235da432d2bbc54b4c110e64c451105531b7f2a3e0ce055c02805e7c2de1fb7"
            "46af97a1dd01f43b824e31b87612410429");
  ASSERT_TRUE(ParallelHash256HashAll(x24, 24, 8, out, 64, s, 13));
  EXPECT_EQ(fct::to_hex(fct::Bytes(out, out + 64)),
            "cdf15289b54f6212b4bc270528b49526006dd9b54e2b6add1ef6900dda3963bb33a72491f236969ca8afaea29c682d"
            "47a393c065b38e29fae651a2091c833110");
  ASSERT_TRUE(ParallelHash256HashAll(x72, 72, 12, out, 64, s, 13));
  EXPECT_EQ(fct::to_hex(fct::Bytes(out, out + 64)),
            "69d0fcb764ea055dd09334bc6021cb7e4b61348dff375da262671cdec3effa8d1b4568a6cce16b1cad946ddde27f6c"
            "e2b8dee4cd1b24851ebf00eb90d43813e9");
  EXPECT_FALSE(ParallelHash256HashAll(x24, 0, 8, out, 64, nullptr, 0));
  EXPECT_FALSE(ParallelHash256HashAll(x24, 24, 0, out, 64, nullptr, 0));
  EXPECT_FALSE(ParallelHash256HashAll(x24, 24, 8, out, 0, nullptr, 0));
  EXPECT_FALSE(ParallelHash256HashAll(nullptr, 24, 8, out, 64, nullptr, 0));
  EXPECT_FALSE(ParallelHash256HashAll(x24, 24, 8, nullptr, 64, nullptr, 0));
  EXPECT_FALSE(ParallelHash256HashAll(x24, 24, 8, out, 64, nullptr, 13));
}

TEST(Edk2MemMove, Overlaps) {
  for (size_t len : {0, 1, 7, 16, 33, 100})
    for (int shift : {-9, -1, 0, 1, 9}) {
      UINT8 buf[128], ref[128];
      for (int i = 0; i < 128; i++) buf[i] = ref[i] = (UINT8)(i * 13 + 1);
      size_t src = 12, dst = (size_t)((int)src + shift);
      EXPECT_EQ(FcEdk2TestMemMove(buf + dst, buf + src, len), buf + dst);
      std::memmove(ref + dst, ref + src, len);
      EXPECT_EQ(0, std::memcmp(buf, ref, sizeof(buf))) << len << " " << shift;
    }
}

std::string active_or_none(fc_op op) {
  const char *a = fc_impl_active(op);
  return a ? a : "";
}

// The features the active kernel of op needs (0: a portable kernel).
uint64_t needs_of(fc_op op) {
  fc_impl_info info[16];
  size_t n = fc_impls(op, info, 16);
  for (size_t i = 0; i < n && i < 16; i++)
    if (active_or_none(op) == info[i].name) return info[i].needs;
  return 0;
}

// Run by test_edk2_no_sse (FCT_EDK2_CR4=0), as the process's first call.
// On x86 (IA32 and X64: PEI phases need not enable SSE) a CR4 without
// OSFXSR means portable kernels only; on AArch64 CR4 is never consulted.
TEST(Edk2FirstCall, DISABLED_Cr4DecidesSseOnX86) {
  const char *cr4 = std::getenv("FCT_EDK2_CR4");
  ASSERT_NE(cr4, nullptr);
  FcEdk2TestCr4 = (UINTN)std::strtoull(cr4, nullptr, 0);
  UINT8 d[32];
  ASSERT_TRUE(Sha256HashAll("abc", 3, d));
  std::string before[FC_OP_COUNT];
  for (int op = 0; op < FC_OP_COUNT; op++) before[op] = active_or_none((fc_op)op);
#if defined(__i386__) || defined(__x86_64__)
  for (int op = 0; op < FC_OP_COUNT; op++)
    EXPECT_EQ(needs_of((fc_op)op), 0u) << "op " << op << ": " << before[op];
#else
  // The automatic choice: the one fc_init_features with every feature makes.
  ASSERT_EQ(fc_init_features(~(uint64_t)0), FC_OK);
  for (int op = 0; op < FC_OP_COUNT; op++) EXPECT_EQ(before[op], active_or_none((fc_op)op));
#endif
  // FastCryptLibInitFeatures replaces the choice.
  ASSERT_TRUE(FastCryptLibInitFeatures(0));
  for (int op = 0; op < FC_OP_COUNT; op++) EXPECT_EQ(needs_of((fc_op)op), 0u) << "op " << op;
}

}  // namespace
