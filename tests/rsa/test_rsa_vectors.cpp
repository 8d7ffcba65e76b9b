// Known-answer RSASSA-PKCS1-v1_5 verification (RFC 8017 8.2.2) through every
// Montgomery kernel: NIST CAVP SigVer15 (both FIPS 186-2 and 186-3 files) and
// Project Wycheproof (rsa_signature_* verify and rsa_pkcs1_*_sig_gen files).
// Vector files are parsed and their messages hashed once (static caches);
// keys are built per kernel, after pinning, since a key records its kernel.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <set>

#include "fc_test.h"
// fc_internal.h has no extern "C" guard of its own.
extern "C" {
#include "bn/bn_internal.h"
#include "hash/hash_internal.h"
}
#include "json.h"
#include "rsp.h"

using fct::Bytes;

namespace {

// Non-null pointer for an empty buffer (an empty signature must reach the
// length check, not the NULL check).
const uint8_t *ptr(const Bytes &b) {
  static const uint8_t z = 0;
  return b.empty() ? &z : b.data();
}

Bytes digest_of(fc_hash_alg h, const Bytes &msg) {
  Bytes d(fc_hash_len(h));
  if (fc__hash(h, msg.empty() ? nullptr : msg.data(), msg.size(), d.data()) != FC_OK)
    throw std::runtime_error("fc__hash failed");
  return d;
}

const char *rc_name(fc_err rc) {
  switch (rc) {
    case FC_OK:
      return "FC_OK";
    case FC_ERR_ARG:
      return "FC_ERR_ARG";
    case FC_ERR_KEY:
      return "FC_ERR_KEY";
    case FC_ERR_DER:
      return "FC_ERR_DER";
    case FC_ERR_SIG:
      return "FC_ERR_SIG";
    default:
      return "other";
  }
}

std::string rc_summary(const std::map<fc_err, int> &m) {
  std::string s;
  for (auto &kv : m)
    s += std::string(s.empty() ? "" : ", ") + rc_name(kv.first) + " " + std::to_string(kv.second);
  return s.empty() ? "none" : s;
}

// Two keys must hold the same public numbers.
void expect_same_key(const fc_rsa_pubkey &a, const fc_rsa_pubkey &b, const std::string &what) {
  EXPECT_EQ(a.nbytes, b.nbytes) << what;
  ASSERT_EQ(a.mont.nwords, b.mont.nwords) << what;
  EXPECT_EQ(0, memcmp(a.mont.n, b.mont.n, 4 * a.mont.nwords)) << what;
  ASSERT_EQ(a.e_len, b.e_len) << what;
  EXPECT_EQ(0, memcmp(a.e, b.e, a.e_len)) << what;
  EXPECT_EQ(a.mont.kernel, b.mont.kernel) << what;
}

class RsaVectors : public fct::MontKernelTest {};

// ------------------------------------------------------------------------
// NIST CAVP SigVer15
// ------------------------------------------------------------------------

struct NistCase {
  Bytes n, e;  // big-endian, leading zeros stripped by fc_rsa_pubkey_init
  fc_hash_alg hash;
  Bytes digest, sig;  // sig = I2OSP(S, k): CAVP writes S as an integer
  bool pass;
  uint32_t e_small;  // e if it fits 32 bits, else 0 (for the count by exponent)
  size_t line;
};

struct NistFile {
  std::vector<NistCase> cases;
  std::string error;
};

fc_hash_alg nist_hash(const std::string &s) {
  if (s == "SHA1") return FC_SHA1;
  if (s == "SHA224") return FC_SHA224;
  if (s == "SHA256") return FC_SHA256;
  if (s == "SHA384") return FC_SHA384;
  if (s == "SHA512") return FC_SHA512;
  throw std::runtime_error("unknown SHAAlg " + s);
}

const NistFile &nist_file(const std::string &rel) {
  static std::map<std::string, NistFile> cache;
  auto it = cache.find(rel);
  if (it != cache.end()) return it->second;
  NistFile &nf = cache[rel];
  try {
    std::string text = fct::read_text(fct::vectors_dir() + "/" + rel);
    if (text.empty()) throw std::runtime_error("empty or unreadable");
    auto lines = fct::rsp::parse(text);
    for (const auto &r : fct::rsp::records(lines, "Result", {"n"})) {
      NistCase c;
      c.line = r.lineno;
      c.n = fct::hex_int(r.at("n"));
      c.e = fct::hex_int(r.at("e"));
      c.hash = nist_hash(r.at("SHAAlg"));
      // The 186-3 file writes Msg as an integer too (19 of its 128-byte
      // messages lost leading zero nibbles); every SigVer15 message is 128 bytes.
      c.digest = digest_of(c.hash, fct::pad_be(fct::hex_int(r.at("Msg")), 128));
      size_t k = c.n.size();
      while (k && c.n[c.n.size() - k] == 0) k--;
      c.sig = fct::pad_be(fct::hex_int(r.at("S")), k);
      const std::string &res = r.at("Result");
      if (res == "P")
        c.pass = true;
      else if (res[0] == 'F')
        c.pass = false;
      else
        throw std::runtime_error("bad Result at line " + std::to_string(r.lineno));
      c.e_small = 0;
      size_t nz = 0;
      while (nz < c.e.size() && c.e[nz] == 0) nz++;
      if (c.e.size() - nz <= 4)
        for (size_t i = nz; i < c.e.size(); i++) c.e_small = c.e_small << 8 | c.e[i];
      int mod = std::stoi(r.section.at("mod"));
      uint32_t nbits = 8 * (uint32_t)k;
      for (uint8_t t = c.n[c.n.size() - k]; !(t & 0x80); t <<= 1) nbits--;
      if ((int)nbits != mod)
        throw std::runtime_error("n does not match [mod] at line " + std::to_string(r.lineno));
      nf.cases.push_back(std::move(c));
    }
  } catch (const std::exception &ex) {
    nf.error = rel + ": " + ex.what();
  }
  return nf;
}

struct NistExpect {
  size_t total, pass;
  std::map<uint32_t, std::pair<int, int>> by_e;  // e -> (P, F); 0 = any other e
};

void run_nist(const std::string &rel, const NistExpect &want) {
  const NistFile &nf = nist_file(rel);
  ASSERT_TRUE(nf.error.empty()) << nf.error;
  std::map<uint32_t, std::pair<int, int>> by_e;
  size_t pass = 0, accepted = 0, rej_key = 0, key_fail_on_p = 0;
  std::map<fc_err, int> f_rc;
  Bytes last_n, last_e;
  std::set<fc_hash_alg> flipped;
  size_t digest_flips = 0;
  fc_rsa_pubkey key, prep;  // prep: key with fc_rsa_pubkey_prepare's constants
  fc_err key_rc = FC_ERR_ARG;
  for (const NistCase &c : nf.cases) {
    uint32_t ek = (c.e_small == 3 || c.e_small == 17 || c.e_small == 65537) ? c.e_small : 0;
    (c.pass ? by_e[ek].first : by_e[ek].second)++;
    pass += c.pass;
    if (c.n != last_n || c.e != last_e) {
      key_rc = fc_rsa_pubkey_init(&key, c.n.data(), c.n.size(), c.e.data(), c.e.size());
      if (key_rc == FC_OK) {
        prep = key;
        EXPECT_EQ(fc_rsa_pubkey_prepare(&prep), FC_OK);
      }
      last_n = c.n;
      last_e = c.e;
    }
    if (key_rc != FC_OK) {
      // Only a changed e of a failing vector may make an unusable key.
      EXPECT_FALSE(c.pass) << rel << " line " << c.line << ": key rejected " << rc_name(key_rc);
      key_fail_on_p += c.pass;
      rej_key += !c.pass;
      continue;
    }
    fc_err rc =
        fc_rsa_verify(&key, c.hash, c.digest.data(), c.digest.size(), c.sig.data(), c.sig.size());
    EXPECT_EQ(
        fc_rsa_verify(&prep, c.hash, c.digest.data(), c.digest.size(), c.sig.data(), c.sig.size()),
        rc)
        << rel << " line " << c.line << ": the prepared key verifies differently";
    if (c.pass) {
      EXPECT_EQ(rc, FC_OK) << rel << " line " << c.line;
      accepted += rc == FC_OK;
      // The first valid signature of each hash, with each digest byte in
      // turn changed: every byte of the digest takes part in the verdict.
      if (rc == FC_OK && flipped.insert(c.hash).second) {
        for (size_t i = 0; i < c.digest.size(); i++) {
          Bytes d = c.digest;
          d[i] ^= 0x01;
          EXPECT_EQ(fc_rsa_verify(&key, c.hash, d.data(), d.size(), c.sig.data(), c.sig.size()),
                    FC_ERR_SIG)
              << rel << " line " << c.line << ": digest byte " << i << " changed";
          digest_flips++;
        }
      }
    } else {
      EXPECT_EQ(rc, FC_ERR_SIG) << rel << " line " << c.line;
      f_rc[rc]++;
    }
  }
  std::printf(
      "[ nist ] %s, kernel %s: %zu vectors: %zu P -> %zu accepted; %zu F -> key rejected %zu, "
      "verify: %s\n",
      rel.c_str(), fc_impl_active(FC_OP_MONT), nf.cases.size(), pass, accepted,
      nf.cases.size() - pass, rej_key, rc_summary(f_rc).c_str());
  EXPECT_EQ(nf.cases.size(), want.total) << "vector count: a parsing slip?";
  EXPECT_EQ(pass, want.pass);
  EXPECT_EQ(by_e, want.by_e);
  EXPECT_EQ(key_fail_on_p, 0u);
  // SHA-1, SHA-224, SHA-256, SHA-384 and SHA-512 each have a valid signature
  EXPECT_EQ(flipped.size(), 5u);
  EXPECT_EQ(digest_flips, size_t{20 + 28 + 32 + 48 + 64});
}

TEST_P(RsaVectors, NistSigVer15_186_2) {
  // e = 3, 17, 65537; n = 1024..4096 (nist/README.md counts).
  run_nist("nist/rsa/186-2rsatestvectors/SigVer15_186-3.rsp",
           {450, 75, {{3, {25, 127}}, {17, {25, 127}}, {65537, {25, 121}}}});
}

TEST_P(RsaVectors, NistSigVer15_186_3) {
  // 90 random odd e, none of them 3, 17 or 65537; n = 1024/2048/3072.
  run_nist("nist/rsa/186-3rsatestvectors/SigVer15_186-3.rsp", {270, 45, {{0, {45, 225}}}});
}

// ------------------------------------------------------------------------
// Wycheproof
// ------------------------------------------------------------------------

const char *const kWpDir = "wycheproof/testvectors_v1";

// Every PKCS#1 v1.5 file in tests/vectors/wycheproof/testvectors_v1 whose hash
// fastcrypt implements.
const std::vector<std::string> kWpFiles = {
    "rsa_signature_2048_sha224_test.json", "rsa_signature_2048_sha256_test.json",
    "rsa_signature_2048_sha384_test.json", "rsa_signature_2048_sha512_test.json",
    "rsa_signature_3072_sha256_test.json", "rsa_signature_3072_sha384_test.json",
    "rsa_signature_3072_sha512_test.json", "rsa_signature_4096_sha256_test.json",
    "rsa_signature_4096_sha384_test.json", "rsa_signature_4096_sha512_test.json",
    "rsa_signature_8192_sha256_test.json", "rsa_signature_8192_sha384_test.json",
    "rsa_signature_8192_sha512_test.json", "rsa_pkcs1_1024_sig_gen_test.json",
    "rsa_pkcs1_1536_sig_gen_test.json",    "rsa_pkcs1_2048_sig_gen_test.json",
    "rsa_pkcs1_3072_sig_gen_test.json",    "rsa_pkcs1_4096_sig_gen_test.json",
    // SHA-512/t (FIPS 180-4 5.3.6): 258 + 257 + 258 + 258 tests.
    "rsa_signature_2048_sha512_224_test.json", "rsa_signature_2048_sha512_256_test.json",
    "rsa_signature_3072_sha512_256_test.json", "rsa_signature_4096_sha512_256_test.json",
    // SHA-3 (FIPS 202): 258 + 257 + 258 + 258 + 258 + 259 + 259 tests.
    "rsa_signature_2048_sha3_224_test.json",   "rsa_signature_2048_sha3_256_test.json",
    "rsa_signature_2048_sha3_384_test.json",   "rsa_signature_2048_sha3_512_test.json",
    "rsa_signature_3072_sha3_256_test.json",   "rsa_signature_3072_sha3_384_test.json",
    "rsa_signature_3072_sha3_512_test.json",
};
const size_t kWpTotalTests = 3522 + 1031 + 1807;  // sum of their numberOfTests
const size_t kWpSha3Tests = 1807;                 // of them, the SHA-3 files

// Left out BY NAME: none now (every upstream rsa_signature_* and
// rsa_pkcs1_* file's hash is implemented). A file of this list found in the
// directory is ignored; any other unlisted rsa_* file fails the test.
const std::set<std::string> kWpExcluded = {};

enum Verdict { kValid, kInvalid, kAcceptable };

struct WpTest {
  int64_t tc_id;
  Verdict verdict;
  Bytes digest, sig;
  std::vector<std::string> flags;
};

struct WpGroup {
  Bytes n, e, spki, asn;  // raw numbers, SubjectPublicKeyInfo, RSAPublicKey
  fc_hash_alg hash;
  int64_t key_size;
  std::vector<WpTest> tests;
};

struct WpFile {
  std::string name;
  int64_t number_of_tests = -1;
  size_t parsed = 0;
  std::vector<WpGroup> groups;
  std::string error;
};

fc_hash_alg wp_hash(const std::string &s) {
  if (s == "SHA-1") return FC_SHA1;
  if (s == "SHA-224") return FC_SHA224;
  if (s == "SHA-256") return FC_SHA256;
  if (s == "SHA-384") return FC_SHA384;
  if (s == "SHA-512") return FC_SHA512;
  if (s == "SHA-512/224") return FC_SHA512_224;
  if (s == "SHA-512/256") return FC_SHA512_256;
  if (s == "SHA3-224") return FC_SHA3_224;
  if (s == "SHA3-256") return FC_SHA3_256;
  if (s == "SHA3-384") return FC_SHA3_384;
  if (s == "SHA3-512") return FC_SHA3_512;
  throw std::runtime_error("unsupported sha \"" + s + "\" (exclude the file by name)");
}

const std::vector<WpFile> &wp_files() {
  static std::vector<WpFile> files;
  if (!files.empty()) return files;
  for (const std::string &name : kWpFiles) {
    WpFile f;
    f.name = name;
    try {
      std::string text = fct::read_text(fct::vectors_dir() + "/" + kWpDir + "/" + name);
      if (text.empty()) throw std::runtime_error("empty or unreadable");
      fct::json::Value doc = fct::json::parse(text);
      if (doc["algorithm"].as_string() != "RSASSA-PKCS1-v1_5")
        throw std::runtime_error("algorithm");
      std::string schema = doc["schema"].as_string();
      bool gen = schema == "rsassa_pkcs1_generate_schema_v1.json";
      if (!gen && schema != "rsassa_pkcs1_verify_schema_v1.json")
        throw std::runtime_error("unexpected schema " + schema);
      f.number_of_tests = doc["numberOfTests"].as_int();
      for (const fct::json::Value &g : doc["testGroups"].items()) {
        WpGroup wg;
        const fct::json::Value &pk = g[gen ? "privateKey" : "publicKey"];
        wg.n = fct::hex_strict(pk["modulus"].as_string());
        wg.e = fct::hex_strict(pk["publicExponent"].as_string());
        wg.spki = fct::hex_strict(g[gen ? "keyDer" : "publicKeyDer"].as_string());
        wg.asn = fct::hex_strict(g[gen ? "keyAsn" : "publicKeyAsn"].as_string());
        wg.hash = wp_hash(g["sha"].as_string());
        wg.key_size = g["keySize"].as_int();
        for (const fct::json::Value &t : g["tests"].items()) {
          WpTest wt;
          wt.tc_id = t["tcId"].as_int();
          const std::string &res = t["result"].as_string();
          wt.verdict = res == "valid" ? kValid : res == "invalid" ? kInvalid : kAcceptable;
          if (wt.verdict == kAcceptable && res != "acceptable")
            throw std::runtime_error("result \"" + res + "\"");
          wt.digest = digest_of(wg.hash, fct::hex_strict(t["msg"].as_string()));
          wt.sig = fct::hex_strict(t["sig"].as_string());
          for (const fct::json::Value &fl : t["flags"].items()) wt.flags.push_back(fl.as_string());
          wg.tests.push_back(std::move(wt));
          f.parsed++;
        }
        f.groups.push_back(std::move(wg));
      }
    } catch (const std::exception &ex) {
      f.error = name + ": " + ex.what();
    }
    files.push_back(std::move(f));
  }
  return files;
}

// The JSON reader itself, on inputs whose meaning is fixed by RFC 8259.
TEST(JsonReader, ParsesAndRejects) {
  using fct::json::Value;
  Value v = fct::json::parse(
      " {\"a\": [1, -2, 3.5e1, true, false, null], \"s\": \"q\\\"\\\\\\/\\b\\f\\n\\r\\t"
      "\\u00e9\\ud83d\\ude00\", \"o\": {}} ");
  ASSERT_TRUE(v.is(Value::kObject));
  const auto &a = v["a"].items();
  ASSERT_EQ(a.size(), 6u);
  EXPECT_EQ(a[0].as_int(), 1);
  EXPECT_EQ(a[1].as_int(), -2);
  EXPECT_THROW(a[2].as_int(), std::runtime_error);
  EXPECT_TRUE(a[3].as_bool());
  EXPECT_FALSE(a[4].as_bool());
  EXPECT_TRUE(a[5].is(Value::kNull));
  EXPECT_EQ(v["s"].as_string(), "q\"\\/\b\f\n\r\t\xc3\xa9\xf0\x9f\x98\x80");
  EXPECT_TRUE(v["o"].members().empty());
  EXPECT_EQ(v.find("missing"), nullptr);
  for (const char *bad :
       {"", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "01", "1.", "-", "\"abc", "\"\\x\"",
        "\"\\ud800\"", "\"\\udc00\"", "tru", "[1] 2", "{\"a\":1,\"a\":2}", "\"a\nb\""})
    EXPECT_THROW(fct::json::parse(bad), std::runtime_error) << bad;
}

// The directory holds exactly the listed files plus, optionally, excluded ones.
TEST(WycheproofFiles, EveryRsaFileListedOrExcluded) {
  std::set<std::string> listed(kWpFiles.begin(), kWpFiles.end());
  ASSERT_EQ(listed.size(), kWpFiles.size()) << "duplicate in kWpFiles";
  for (const std::string &x : kWpExcluded) EXPECT_EQ(listed.count(x), 0u) << x;
  std::set<std::string> seen;
  std::error_code ec;
  for (const auto &ent :
       std::filesystem::directory_iterator(fct::vectors_dir() + "/" + kWpDir, ec)) {
    std::string name = ent.path().filename().string();
    if (name.rfind("rsa_signature_", 0) != 0 && name.rfind("rsa_pkcs1_", 0) != 0) continue;
    if (kWpExcluded.count(name)) continue;
    EXPECT_EQ(listed.count(name), 1u) << name << " is neither run nor excluded by name";
    seen.insert(name);
  }
  ASSERT_FALSE(ec) << ec.message();
  EXPECT_EQ(seen, listed);
}

// One Wycheproof file on the Montgomery kernel active now; adds its tests to *total.
void run_wp_file(const WpFile &f, size_t *total_out) {
  size_t &total = *total_out;
  fc_rsa_pubkey kraw, kspki, kasn, kprep;
  {
    SCOPED_TRACE(f.name);
    ASSERT_TRUE(f.error.empty()) << f.error;
    EXPECT_EQ((int64_t)f.parsed, f.number_of_tests) << "tests parsed vs numberOfTests";
    total += f.parsed;
    int count[3] = {0, 0, 0}, ok[3] = {0, 0, 0};
    std::map<fc_err, int> invalid_rc;
    std::map<std::string, std::pair<int, int>> acc_by_flag;  // flag -> (accepted, rejected)
    for (const WpGroup &g : f.groups) {
      // Zero-filled first, so equal inputs must give byte-identical keys.
      memset(&kraw, 0, sizeof kraw);
      memset(&kspki, 0, sizeof kspki);
      memset(&kasn, 0, sizeof kasn);
      ASSERT_EQ(fc_rsa_pubkey_init(&kraw, g.n.data(), g.n.size(), g.e.data(), g.e.size()), FC_OK);
      ASSERT_EQ(fc_rsa_pubkey_from_der(&kspki, g.spki.data(), g.spki.size()), FC_OK);
      ASSERT_EQ(fc_rsa_pubkey_from_der(&kasn, g.asn.data(), g.asn.size()), FC_OK);
      EXPECT_EQ((int64_t)kraw.mont.nbits, g.key_size);
      expect_same_key(kraw, kspki, "SPKI");
      expect_same_key(kraw, kasn, "RSAPublicKey");
      bool identical =
          memcmp(&kraw, &kspki, sizeof kraw) == 0 && memcmp(&kraw, &kasn, sizeof kraw) == 0;
      EXPECT_TRUE(identical) << "keys from numbers, SPKI and RSAPublicKey differ";
      // the same key with fc_rsa_pubkey_prepare's opt-in constants
      kprep = kraw;
      ASSERT_EQ(fc_rsa_pubkey_prepare(&kprep), FC_OK);
      for (const WpTest &t : g.tests) {
        fc_err rc = fc_rsa_verify(&kraw, g.hash, t.digest.data(), t.digest.size(), ptr(t.sig),
                                  t.sig.size());
        EXPECT_EQ(fc_rsa_verify(&kprep, g.hash, t.digest.data(), t.digest.size(), ptr(t.sig),
                                t.sig.size()),
                  rc)
            << "tcId " << t.tc_id << ": the prepared key verifies differently";
        // The three keys are byte-identical, so their verdicts cannot differ;
        // to save time (8192-bit invalid cases dominate) the DER-built keys
        // verify every valid and acceptable case, and every invalid case
        // only if the keys were not identical.
        if (t.verdict != kInvalid || !identical) {
          fc_err rc_spki = fc_rsa_verify(&kspki, g.hash, t.digest.data(), t.digest.size(),
                                         ptr(t.sig), t.sig.size());
          fc_err rc_asn = fc_rsa_verify(&kasn, g.hash, t.digest.data(), t.digest.size(), ptr(t.sig),
                                        t.sig.size());
          EXPECT_EQ(rc_spki, rc) << "tcId " << t.tc_id << ": SPKI key verifies differently";
          EXPECT_EQ(rc_asn, rc) << "tcId " << t.tc_id << ": RSAPublicKey key verifies differently";
        }
        count[t.verdict]++;
        ok[t.verdict] += rc == FC_OK;
        switch (t.verdict) {
          case kValid:
            EXPECT_EQ(rc, FC_OK) << "tcId " << t.tc_id << " valid";
            break;
          case kInvalid:
            EXPECT_NE(rc, FC_OK) << "tcId " << t.tc_id << " invalid but ACCEPTED";
            EXPECT_EQ(rc, FC_ERR_SIG) << "tcId " << t.tc_id << ": contract says FC_ERR_SIG";
            invalid_rc[rc]++;
            break;
          case kAcceptable:
            for (const std::string &fl : t.flags) {
              auto &p = acc_by_flag[fl];
              (rc == FC_OK ? p.first : p.second)++;
            }
            break;
        }
      }
    }
    std::string acc;
    for (auto &kv : acc_by_flag)
      acc += " " + kv.first + " " + std::to_string(kv.second.first) + "/" +
             std::to_string(kv.second.second);
    std::printf(
        "[ wycheproof ] %-36s %s: valid %d (accepted %d), invalid %d (accepted %d; %s), "
        "acceptable %d (accepted %d, rejected %d; by flag accepted/rejected:%s)\n",
        f.name.c_str(), fc_impl_active(FC_OP_MONT), count[kValid], ok[kValid], count[kInvalid],
        ok[kInvalid], rc_summary(invalid_rc).c_str(), count[kAcceptable], ok[kAcceptable],
        count[kAcceptable] - ok[kAcceptable], acc.empty() ? " none" : acc.c_str());
    }
}

// SHA-3 files: their hashes' DigestInfo, not the Montgomery kernels, are
// what they add, so they run on the automatic kernel only (every kernel
// runs the SHA-2 files); a third of the time under qemu.
bool sha3_file(const std::string &name) { return name.find("_sha3_") != std::string::npos; }

TEST_P(RsaVectors, Wycheproof) {
  const auto &files = wp_files();
  ASSERT_EQ(files.size(), kWpFiles.size());
  size_t total = 0;
  for (const WpFile &f : files)
    if (!sha3_file(f.name)) run_wp_file(f, &total);
  EXPECT_EQ(total, kWpTotalTests - kWpSha3Tests);
  std::printf("[ wycheproof ] kernel %s: %zu tests parsed and run\n", GetParam().c_str(), total);
}

TEST(RsaVectorsSha3, WycheproofOnTheAutomaticKernel) {
  const auto &files = wp_files();
  ASSERT_EQ(files.size(), kWpFiles.size());
  size_t total = 0;
  for (const WpFile &f : files)
    if (sha3_file(f.name)) run_wp_file(f, &total);
  EXPECT_EQ(total, kWpSha3Tests);
  std::printf("[ wycheproof ] SHA-3, kernel %s: %zu tests parsed and run\n",
              fc_impl_active(FC_OP_MONT), total);
}

// The e = 2^k + 1 comparison in the Montgomery form (fc__mont_kernel's
// verify_f4, src/bn/mont_ifma_body.h) run by the portable IFMA model on every
// machine: each Wycheproof SHA-256 and SHA-512 case whose signature reaches
// the comparison (right length, below n) gets the verdict a scalar32 key
// gives; keys of 1024 to 4096 bits (2 to 10 vectors: the sizes with
// constants). The DigestInfo prefixes are RFC 8017's (section 9.2, note 1).
extern "C" const fc__mont_kernel fc__mont_ifma_model;

TEST(IfmaModelF4, WycheproofVerdictsMatchScalar32) {
  static const uint8_t di256[] = {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                                  0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20};
  static const uint8_t di512[] = {0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                                  0x65, 0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40};
  const fc__mont_kernel &m = fc__mont_ifma_model;
  ASSERT_NE(m.prepare_f4, nullptr);
  ASSERT_NE(m.verify_f4, nullptr);
  std::vector<uint8_t> ws(FC_MODPOW_WORKSPACE_BYTES(FC_RSA_MAX_BITS));
  size_t ran = 0, accepted = 0, rejected = 0, unsupported = 0;
  std::set<int64_t> sizes;
  std::set<size_t> exponents;  // k of e = 2^k + 1
  for (const WpFile &f : wp_files()) {
    ASSERT_TRUE(f.error.empty()) << f.error;
    for (const WpGroup &g : f.groups) {
      if ((g.hash != FC_SHA256 && g.hash != FC_SHA512) || g.key_size > 4096) continue;
      fc_rsa_pubkey ref;
      {
        fct::Pin p(FC_OP_MONT, "scalar32");
        ASSERT_EQ(fc_rsa_pubkey_init(&ref, g.n.data(), g.n.size(), g.e.data(), g.e.size()), FC_OK);
      }
      size_t k = fc__modpow_f4_squarings(ref.e, ref.e_len);
      if (k == 0) continue;  // e not 2^k + 1: no constants
      exponents.insert(k);
      fc_mont_ctx mc = ref.mont;
      m.prepare(&mc);
      mc.kernel = &m;
      m.prepare_f4(&mc, k);
      sizes.insert(g.key_size);
      const uint8_t *di = g.hash == FC_SHA256 ? di256 : di512;
      size_t nw = mc.nwords;
      for (const WpTest &t : g.tests) {
        if (t.sig.size() != ref.nbytes) continue;
        fct::ref::W s(nw);
        fc__bn_from_be(s.data(), nw, t.sig.data(), t.sig.size());
        if (fct::ref::cmp(s, fct::ref::W(mc.n, mc.n + nw)) >= 0) continue;
        fc_err want = fc_rsa_verify(&ref, g.hash, t.digest.data(), t.digest.size(), ptr(t.sig),
                                    t.sig.size());
        fc_err got = m.verify_f4(&mc, s.data(), k, di, sizeof di256, t.digest.data(),
                                 t.digest.size(), ws.data(), ws.size());
        EXPECT_EQ(got, want) << f.name << " tcId " << t.tc_id;
        ran++;
        accepted += got == FC_OK;
        rejected += got == FC_ERR_SIG;
        unsupported += got == FC_ERR_UNSUPPORTED;
      }
    }
  }
  EXPECT_EQ(sizes, (std::set<int64_t>{1024, 1536, 2048, 3072, 4096}));
  EXPECT_TRUE(exponents.count(16)) << "e = 65537 among the keys";
  EXPECT_EQ(unsupported, 0u);
  EXPECT_GT(accepted, 100u);
  EXPECT_GT(rejected, 500u);
  std::string ks;
  for (size_t k : exponents) ks += " " + std::to_string(k);
  std::printf("[ ifma-model ] verify_f4: %zu Wycheproof cases, %zu accepted, %zu rejected; k:%s\n",
              ran, accepted, rejected, ks.c_str());
}

// What verify_f4 declines (FC_ERR_UNSUPPORTED, so that the caller runs its
// exponentiation): an exponent other than the one its constants were made
// for, a DigestInfo longer than FC__F4_MAX_T, a short workspace, a context
// without constants (8192 bits: no room; or prepared with k = 0).
TEST(IfmaModelF4, DeclinesWhatItHasNoConstantsFor) {
  const fc__mont_kernel &m = fc__mont_ifma_model;
  std::vector<uint8_t> ws(FC_MODPOW_WORKSPACE_BYTES(FC_RSA_MAX_BITS)), pre(FC__F4_MAX_T, 0x30);
  for (unsigned bits : {2048u, 8192u}) {
    Bytes n(bits / 8, 0x5a);
    n[0] = 0xc3;
    n.back() |= 1;
    static const uint8_t e[] = {0x01, 0x00, 0x01};
    fc_rsa_pubkey ref;
    {
      fct::Pin p(FC_OP_MONT, "scalar32");
      ASSERT_EQ(fc_rsa_pubkey_init(&ref, n.data(), n.size(), e, sizeof e), FC_OK);
    }
    fc_mont_ctx mc = ref.mont;
    m.prepare(&mc);
    mc.kernel = &m;
    fct::ref::W s(mc.nwords, 0x12345678);
    s.back() = 0x1234;
    uint8_t digest[64] = {0};
    auto run = [&](size_t k, size_t plen, size_t dlen, size_t ws_len) {
      return m.verify_f4(&mc, s.data(), k, pre.data(), plen, digest, dlen, ws.data(), ws_len);
    };
    m.prepare_f4(&mc, 0);
    EXPECT_EQ(run(16, 19, 32, ws.size()), FC_ERR_UNSUPPORTED) << "no constants";
    m.prepare_f4(&mc, 16);
    if (bits == 8192) {
      EXPECT_EQ(run(16, 19, 32, ws.size()), FC_ERR_UNSUPPORTED) << "8192 bits: no room";
      continue;
    }
    EXPECT_EQ(run(16, 19, 32, ws.size()), FC_ERR_SIG) << "a random value is no signature";
    EXPECT_EQ(run(15, 19, 32, ws.size()), FC_ERR_UNSUPPORTED) << "other exponent";
    EXPECT_EQ(run(0, 19, 32, ws.size()), FC_ERR_UNSUPPORTED) << "k = 0";
    EXPECT_EQ(run(16, 20, 64, ws.size()), FC_ERR_UNSUPPORTED) << "T over FC__F4_MAX_T";
    EXPECT_EQ(run(16, 19, 64, ws.size()), FC_ERR_SIG) << "T of FC__F4_MAX_T bytes";
    size_t need = fc__modpow_ws_need(&m, &mc, e, sizeof e);
    EXPECT_EQ(run(16, 19, 32, need - 1), FC_ERR_UNSUPPORTED) << "workspace one byte short";
    EXPECT_EQ(run(16, 19, 32, need), FC_ERR_SIG) << "workspace of modpow's need";
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, RsaVectors, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const ::testing::TestParamInfo<std::string> &i) {
                           return fct::param_name(i.param);
                         });

}  // namespace
