// RSASSA-PSS verification (RFC 8017 8.1.2 / 9.1.2) and hash-then-verify:
// Project Wycheproof rsa_pss_* (every file whose hash and MGF1 hash we
// support; SHAKE files left out by name), NIST CAVP SigVerPSS (FIPS 186-3),
// each with its verdicts and counts asserted; hand-made EM violations; bad
// arguments. Run once per usable kernel of every op on the path (Montgomery,
// SHA-1, SHA-256, SHA-512): the parameter's kernel is pinned, the others auto.
// A Montgomery kernel runs every vector; a hash kernel (which only computes
// MGF1 and H') runs the 2048-bit and smaller ones, which cover every hash and
// MGF1-hash pair: 4096-bit exponentiations under emulation would otherwise
// cost minutes per hash kernel for nothing the hash sees.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <set>

#include "fc_test.h"
#include "json.h"
#include "rsp.h"

using fct::Bytes;

namespace {

struct Param {
  fc_op op;
  std::string kernel;
};
const char *op_name(fc_op op) {
  return op == FC_OP_MONT ? "mont" : op == FC_OP_SHA1 ? "sha1" : op == FC_OP_SHA256 ? "sha256" : "sha512";
}
void PrintTo(const Param &p, std::ostream *os) { *os << op_name(p.op) << "/" << p.kernel; }
std::vector<Param> params() {
  std::vector<Param> v;
  for (fc_op op : {FC_OP_MONT, FC_OP_SHA1, FC_OP_SHA256, FC_OP_SHA512})
    for (const std::string &k : fct::kernels(op)) v.push_back({op, k});
  return v;
}

fc_op g_param_op = FC_OP_MONT;  // op of the running Pss test's parameter
fc_op GetParamOp() { return g_param_op; }

class Pss : public ::testing::TestWithParam<Param> {
 protected:
  void SetUp() override {
    const Param &p = GetParam();
    g_param_op = p.op;
    fct::note_kernel_attempt(p.op, p.kernel);
    if (!fct::kernel_usable(p.op, p.kernel)) GTEST_SKIP() << "UNAVAILABLE on this CPU: " << p.kernel;
    pin_ = std::make_unique<fct::Pin>(p.op, p.kernel);
    ASSERT_EQ(pin_->rc, FC_OK);
    fct::note_kernel_ran(p.op, p.kernel);
  }
  std::unique_ptr<fct::Pin> pin_;
};

Bytes digest(fc_hash_alg h, const Bytes &m) {
  Bytes d(fc_hash_len(h));
  if (fc_hash(h, m.empty() ? nullptr : m.data(), m.size(), d.data()) != FC_OK)
    throw std::runtime_error("fc_hash");
  return d;
}
const uint8_t *ptr(const Bytes &b) {
  static const uint8_t z = 0;
  return b.empty() ? &z : b.data();
}

fc_hash_alg hash_named(const std::string &s) {
  static const std::map<std::string, fc_hash_alg> m = {
      {"SHA-1", FC_SHA1},     {"SHA-224", FC_SHA224},         {"SHA-256", FC_SHA256},
      {"SHA-384", FC_SHA384}, {"SHA-512", FC_SHA512},         {"SHA-512/224", FC_SHA512_224},
      {"SHA-512/256", FC_SHA512_256}, {"SHA1", FC_SHA1},      {"SHA224", FC_SHA224},
      {"SHA256", FC_SHA256},  {"SHA384", FC_SHA384},          {"SHA512", FC_SHA512}};
  auto it = m.find(s);
  if (it == m.end()) throw std::runtime_error("unsupported hash " + s + " (exclude the file by name)");
  return it->second;
}

// ------------------------------------------------------------------------
// Wycheproof
// ------------------------------------------------------------------------

const char *const kDir = "wycheproof/testvectors_v1";

struct WpSpec {
  const char *name;
  size_t tests, valid;
};
// Every rsa_pss_* file upstream with MGF1; the SHAKE ones are kShakeFiles.
const WpSpec kFiles[] = {
    {"rsa_pss_2048_sha1_mgf1_20_params_test.json", 88, 42},
    {"rsa_pss_2048_sha1_mgf1_20_test.json", 88, 42},
    {"rsa_pss_2048_sha256_mgf1_0_params_test.json", 103, 61},
    {"rsa_pss_2048_sha256_mgf1_0_test.json", 103, 61},
    {"rsa_pss_2048_sha256_mgf1_32_params_test.json", 108, 63},
    {"rsa_pss_2048_sha256_mgf1_32_test.json", 108, 63},
    {"rsa_pss_2048_sha256_mgf1sha1_20_test.json", 108, 63},
    {"rsa_pss_2048_sha384_mgf1_48_test.json", 141, 95},
    {"rsa_pss_2048_sha512_224_mgf1_28_test.json", 100, 53},
    {"rsa_pss_2048_sha512_256_mgf1_32_test.json", 115, 69},
    {"rsa_pss_2048_sha512_mgf1sha256_32_params_test.json", 178, 132},
    {"rsa_pss_3072_sha256_mgf1_32_params_test.json", 108, 63},
    {"rsa_pss_3072_sha256_mgf1_32_test.json", 108, 63},
    {"rsa_pss_4096_sha256_mgf1_32_test.json", 108, 63},
    {"rsa_pss_4096_sha384_mgf1_48_test.json", 141, 95},
    {"rsa_pss_4096_sha512_mgf1_32_params_test.json", 177, 132},
    {"rsa_pss_4096_sha512_mgf1_32_test.json", 177, 132},
    {"rsa_pss_4096_sha512_mgf1_64_params_test.json", 179, 132},
    {"rsa_pss_4096_sha512_mgf1_64_test.json", 179, 132},
    {"rsa_pss_misc_params_test.json", 150, 150},
    {"rsa_pss_misc_test.json", 150, 150},
};
// RFC 8702: SHAKE as hash and mask (fc_rsa_verify_pss_shake).
const WpSpec kShakeFiles[] = {
    {"rsa_pss_2048_shake128_test.json", 114, 69}, {"rsa_pss_2048_shake256_test.json", 184, 138},
    {"rsa_pss_3072_shake128_test.json", 114, 69}, {"rsa_pss_3072_shake256_test.json", 184, 138},
    {"rsa_pss_4096_shake256_test.json", 184, 138}};
const std::set<std::string> kExcluded = {};

struct WpTest {
  int64_t id;
  bool valid;
  Bytes digest, sig;
};
struct WpGroup {
  Bytes n, e;
  fc_hash_alg sha, mgf;
  size_t slen;
  std::vector<WpTest> tests;
};
struct WpFile {
  int64_t number_of_tests = -1;
  std::vector<WpGroup> groups;
  std::string error;
};

const WpFile &wp_file(const std::string &name) {
  static std::map<std::string, WpFile> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  WpFile &f = cache[name];
  try {
    std::string text = fct::read_text(fct::vectors_dir() + "/" + kDir + "/" + name);
    if (text.empty()) throw std::runtime_error("empty or unreadable");
    auto doc = fct::json::parse(text);
    if (doc["algorithm"].as_string() != "RSASSA-PSS") throw std::runtime_error("algorithm");
    f.number_of_tests = doc["numberOfTests"].as_int();
    for (const auto &g : doc["testGroups"].items()) {
      WpGroup wg;
      wg.n = fct::hex(g["publicKey"]["modulus"].as_string());
      wg.e = fct::hex(g["publicKey"]["publicExponent"].as_string());
      wg.sha = hash_named(g["sha"].as_string());
      if (g["mgf"].as_string() != "MGF1") throw std::runtime_error("mgf");
      wg.mgf = hash_named(g["mgfSha"].as_string());
      wg.slen = (size_t)g["sLen"].as_int();
      for (const auto &t : g["tests"].items()) {
        const std::string &r = t["result"].as_string();
        if (r != "valid" && r != "invalid") throw std::runtime_error("result " + r);
        wg.tests.push_back({t["tcId"].as_int(), r == "valid",
                            digest(wg.sha, fct::hex(t["msg"].as_string())),
                            fct::hex(t["sig"].as_string())});
      }
      f.groups.push_back(std::move(wg));
    }
  } catch (const std::exception &ex) {
    f.error = name + ": " + ex.what();
  }
  return f;
}

TEST(PssFiles, EveryPssFileListedOrExcluded) {
  std::set<std::string> listed;
  for (const auto &s : kFiles) listed.insert(s.name);
  for (const auto &s : kShakeFiles) listed.insert(s.name);
  std::set<std::string> seen;
  for (const auto &ent : std::filesystem::directory_iterator(fct::vectors_dir() + "/" + kDir)) {
    std::string n = ent.path().filename().string();
    if (n.rfind("rsa_pss_", 0) != 0 || kExcluded.count(n)) continue;
    EXPECT_EQ(listed.count(n), 1u) << n << " is neither run nor excluded by name";
    seen.insert(n);
  }
  EXPECT_EQ(seen, listed);
}

struct ShakeGroup {
  Bytes n, e;
  fc_xof_alg shake;
  size_t slen, hlen;
  std::vector<WpTest> tests;
};

std::vector<ShakeGroup> shake_file(const std::string &name, int64_t *number, std::string *err) {
  std::vector<ShakeGroup> out;
  try {
    std::string text = fct::read_text(fct::vectors_dir() + "/" + kDir + "/" + name);
    if (text.empty()) throw std::runtime_error("empty or unreadable");
    auto doc = fct::json::parse(text);
    if (doc["algorithm"].as_string() != "RSASSA-PSS") throw std::runtime_error("algorithm");
    *number = doc["numberOfTests"].as_int();
    for (const auto &g : doc["testGroups"].items()) {
      ShakeGroup sg;
      std::string sha = g["sha"].as_string();
      if (g["mgf"].as_string() != sha) throw std::runtime_error("mgf is not the hash");
      sg.shake = sha == "SHAKE128" ? FC_SHAKE128 : sha == "SHAKE256" ? FC_SHAKE256 : (fc_xof_alg)0;
      if (!sg.shake) throw std::runtime_error("sha " + sha);
      sg.hlen = sg.shake == FC_SHAKE128 ? 32 : 64;
      sg.n = fct::hex(g["publicKey"]["modulus"].as_string());
      sg.e = fct::hex(g["publicKey"]["publicExponent"].as_string());
      sg.slen = (size_t)g["sLen"].as_int();
      for (const auto &t : g["tests"].items()) {
        const std::string &r = t["result"].as_string();
        if (r != "valid" && r != "invalid") throw std::runtime_error("result " + r);
        Bytes m = fct::hex(t["msg"].as_string()), d(sg.hlen);
        if (fc_xof(sg.shake, m.empty() ? nullptr : m.data(), m.size(), d.data(), d.size()) != FC_OK)
          throw std::runtime_error("fc_xof");
        sg.tests.push_back({t["tcId"].as_int(), r == "valid", d, fct::hex(t["sig"].as_string())});
      }
      out.push_back(std::move(sg));
    }
  } catch (const std::exception &ex) {
    *err = name + ": " + ex.what();
  }
  return out;
}

// RFC 8702 through fc_rsa_verify_pss_shake (its own and the _ws form), on
// the automatic kernels: Montgomery kernels are covered by the MGF1 files,
// Keccak kernels by test_sha3.
TEST(PssShake, Wycheproof) {
  size_t total = 0;
  fc_rsa_pubkey key;
  std::vector<uint8_t> ws(FC_RSA_VERIFY_PSS_WORKSPACE_BYTES(4096));
  for (const WpSpec &s : kShakeFiles) {
    SCOPED_TRACE(s.name);
    int64_t number = -1;
    std::string err;
    std::vector<ShakeGroup> groups = shake_file(s.name, &number, &err);
    ASSERT_EQ(err, "");
    size_t n = 0, valid = 0, ok = 0, rej = 0;
    for (const ShakeGroup &g : groups) {
      ASSERT_EQ(fc_rsa_pubkey_init(&key, g.n.data(), g.n.size(), g.e.data(), g.e.size()), FC_OK);
      for (const WpTest &t : g.tests) {
        n++;
        fc_err rc = fc_rsa_verify_pss_shake(&key, g.shake, g.slen, t.digest.data(), t.digest.size(),
                                            ptr(t.sig), t.sig.size());
        fc_err rw = fc_rsa_verify_pss_shake_ws(&key, g.shake, g.slen, t.digest.data(),
                                               t.digest.size(), ptr(t.sig), t.sig.size(),
                                               ws.data(), ws.size());
        EXPECT_EQ(rw, rc) << "tcId " << t.id << ": _ws and one-shot differ";
        if (t.valid) {
          valid++;
          EXPECT_EQ(rc, FC_OK) << "tcId " << t.id;
          ok += rc == FC_OK;
          EXPECT_EQ(fc_rsa_verify_pss_shake(&key, g.shake, FC_PSS_SALT_AUTO, t.digest.data(),
                                            t.digest.size(), ptr(t.sig), t.sig.size()),
                    FC_OK)
              << "tcId " << t.id << " with FC_PSS_SALT_AUTO";
          // the same signature is no SHA-2 PSS signature, nor one of the other SHAKE
          Bytes d2(g.hlen == 32 ? 64 : 32, 0);
          EXPECT_EQ(fc_rsa_verify_pss_shake(&key, g.hlen == 32 ? FC_SHAKE256 : FC_SHAKE128,
                                            FC_PSS_SALT_AUTO, d2.data(), d2.size(), ptr(t.sig),
                                            t.sig.size()),
                    FC_ERR_SIG);
        } else {
          EXPECT_EQ(rc, FC_ERR_SIG) << "tcId " << t.id << " invalid";
          rej += rc == FC_ERR_SIG;
        }
      }
    }
    EXPECT_EQ(n, s.tests);
    EXPECT_EQ((int64_t)n, number);
    EXPECT_EQ(valid, s.valid);
    total += n;
    std::printf("[ wycheproof ] %-40s %zu tests: valid %zu (ok %zu), invalid %zu (FC_ERR_SIG %zu)\n",
                s.name, n, valid, ok, n - valid, rej);
  }
  EXPECT_EQ(total, 780u);
}

// Bad arguments from a valid state: each FC_ERR_ARG, never a verdict.
TEST(PssShake, Arguments) {
  std::string err;
  int64_t number;
  std::vector<ShakeGroup> g = shake_file(kShakeFiles[0].name, &number, &err);
  ASSERT_EQ(err, "");
  fc_rsa_pubkey key;
  ASSERT_EQ(fc_rsa_pubkey_init(&key, g[0].n.data(), g[0].n.size(), g[0].e.data(), g[0].e.size()), FC_OK);
  const WpTest *v = nullptr;
  for (const WpTest &t : g[0].tests)
    if (t.valid) v = &t;
  ASSERT_NE(v, nullptr);
  const uint8_t *d = v->digest.data(), *s = v->sig.data();
  size_t sl = v->sig.size();
  ASSERT_EQ(fc_rsa_verify_pss_shake(&key, FC_SHAKE128, 32, d, 32, s, sl), FC_OK);
  EXPECT_EQ(fc_rsa_verify_pss_shake(&key, (fc_xof_alg)0, 32, d, 32, s, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss_shake(&key, (fc_xof_alg)3, 32, d, 32, s, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss_shake(&key, FC_SHAKE128, 32, d, 31, s, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss_shake(&key, FC_SHAKE128, 32, d, 64, s, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss_shake(&key, FC_SHAKE128, 32, nullptr, 32, s, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss_shake(&key, FC_SHAKE128, 32, d, 32, nullptr, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss_shake(nullptr, FC_SHAKE128, 32, d, 32, s, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss_shake(&key, FC_SHAKE128, 256, d, 32, s, sl), FC_ERR_ARG)
      << "a salt that cannot fit";
  EXPECT_EQ(fc_rsa_verify_pss_shake(&key, FC_SHAKE128, 31, d, 32, s, sl), FC_ERR_SIG)
      << "the wrong salt length";
  std::vector<uint8_t> ws(64);
  EXPECT_EQ(fc_rsa_verify_pss_shake_ws(&key, FC_SHAKE128, 32, d, 32, s, sl, ws.data(), ws.size()),
            FC_ERR_ARG)
      << "a short workspace";
}

// Every vector for a Montgomery kernel; 2048-bit and smaller for a hash kernel.
bool all_sizes() { return GetParamOp() == FC_OP_MONT; }

TEST_P(Pss, Wycheproof) {
  size_t total = 0;
  fc_rsa_pubkey key;
  for (const WpSpec &s : kFiles) {
    std::string nm = s.name;
    if (!all_sizes() && (nm.find("_3072_") != std::string::npos || nm.find("_4096_") != std::string::npos))
      continue;
    SCOPED_TRACE(s.name);
    const WpFile &f = wp_file(s.name);
    ASSERT_TRUE(f.error.empty()) << f.error;
    size_t n = 0, valid = 0, ok_valid = 0, auto_ok = 0, rej_invalid = 0;
    for (const WpGroup &g : f.groups) {
      ASSERT_EQ(fc_rsa_pubkey_init(&key, g.n.data(), g.n.size(), g.e.data(), g.e.size()), FC_OK);
      for (const WpTest &t : g.tests) {
        n++;
        fc_err rc = fc_rsa_verify_pss(&key, g.sha, g.mgf, g.slen, t.digest.data(), t.digest.size(),
                                      ptr(t.sig), t.sig.size());
        if (t.valid) {
          valid++;
          EXPECT_EQ(rc, FC_OK) << "tcId " << t.id;
          ok_valid += rc == FC_OK;
          fc_err ra = fc_rsa_verify_pss(&key, g.sha, g.mgf, FC_PSS_SALT_AUTO, t.digest.data(),
                                        t.digest.size(), ptr(t.sig), t.sig.size());
          EXPECT_EQ(ra, FC_OK) << "tcId " << t.id << " with FC_PSS_SALT_AUTO";
          auto_ok += ra == FC_OK;
        } else {
          EXPECT_EQ(rc, FC_ERR_SIG) << "tcId " << t.id << " invalid";
          rej_invalid += rc == FC_ERR_SIG;
        }
      }
    }
    EXPECT_EQ(n, s.tests);
    EXPECT_EQ((int64_t)n, f.number_of_tests);
    EXPECT_EQ(valid, s.valid);
    total += n;
    std::printf("[ wycheproof ] %-50s %zu tests: valid %zu (ok %zu, auto salt ok %zu), invalid %zu (FC_ERR_SIG %zu)\n",
                s.name, n, valid, ok_valid, auto_ok, n - valid, rej_invalid);
  }
  // Sum of the files' numberOfTests; 2048-bit files (and misc, 2048-bit): 1540.
  EXPECT_EQ(total, all_sizes() ? 2717u : 1540u);
}

// ------------------------------------------------------------------------
// NIST CAVP SigVerPSS (FIPS 186-3)
// ------------------------------------------------------------------------

struct NistCase {
  Bytes n, e, digest, sig;
  fc_hash_alg hash;
  size_t slen, line;
  bool pass;
};

const std::vector<NistCase> &nist_cases(std::string *err) {
  static std::vector<NistCase> v;
  static std::string error;
  if (!v.empty() || !error.empty()) {
    *err = error;
    return v;
  }
  try {
    std::string text =
        fct::read_text(fct::vectors_dir() + "/nist/rsa/186-3rsatestvectors/SigVerPSS_186-3.rsp");
    if (text.empty()) throw std::runtime_error("empty or unreadable");
    for (const auto &r : fct::rsp::records(fct::rsp::parse(text), "Result", {"n"})) {
      NistCase c;
      c.line = r.lineno;
      c.n = fct::hex_int(r.at("n"));
      c.e = fct::hex_int(r.at("e"));
      c.hash = hash_named(r.at("SHAAlg"));
      c.digest = digest(c.hash, fct::hex_strict(r.at("Msg")));
      size_t k = c.n.size();
      while (k && c.n[c.n.size() - k] == 0) k--;
      c.sig = fct::pad_be(fct::hex_int(r.at("S")), k);
      Bytes salt = fct::hex_strict(r.at("SaltVal"));
      c.slen = salt == Bytes{0} ? 0 : salt.size();  // "SaltVal = 00": no salt
      const std::string &res = r.at("Result");
      c.pass = res == "P";
      if (!c.pass && res[0] != 'F') throw std::runtime_error("Result");
      v.push_back(std::move(c));
    }
  } catch (const std::exception &ex) {
    error = ex.what();
  }
  *err = error;
  return v;
}

TEST_P(Pss, NistSigVerPss) {
  std::string err;
  const auto &cases = nist_cases(&err);
  ASSERT_TRUE(err.empty()) << err;
  size_t pass = 0, accepted = 0, key_rejected = 0;
  std::map<fc_err, int> f_rc;
  fc_rsa_pubkey key;
  size_t run = 0;
  for (const NistCase &c : cases) {
    if (!all_sizes() && c.sig.size() > 256) continue;  // [mod = 3072] for a hash kernel
    run++;
    pass += c.pass;
    fc_err krc = fc_rsa_pubkey_init(&key, c.n.data(), c.n.size(), c.e.data(), c.e.size());
    if (krc != FC_OK) {  // only a changed e of an F vector may do this
      EXPECT_FALSE(c.pass) << "line " << c.line;
      key_rejected++;
      continue;
    }
    fc_err rc = fc_rsa_verify_pss(&key, c.hash, c.hash, c.slen, c.digest.data(), c.digest.size(),
                                  c.sig.data(), c.sig.size());
    if (c.pass) {
      EXPECT_EQ(rc, FC_OK) << "line " << c.line;
      accepted += rc == FC_OK;
      EXPECT_EQ(fc_rsa_verify_pss(&key, c.hash, c.hash, FC_PSS_SALT_AUTO, c.digest.data(),
                                  c.digest.size(), c.sig.data(), c.sig.size()),
                FC_OK)
          << "line " << c.line << " auto salt";
    } else {
      EXPECT_EQ(rc, FC_ERR_SIG) << "line " << c.line;
      f_rc[rc]++;
    }
  }
  EXPECT_EQ(cases.size(), 270u);
  // 90 vectors (15 P) per modulus size: 1024, 2048, 3072.
  EXPECT_EQ(run, all_sizes() ? 270u : 180u);
  EXPECT_EQ(pass, all_sizes() ? 45u : 30u);
  EXPECT_EQ(accepted, pass);
  std::printf("[ nist ] SigVerPSS_186-3: %zu of %zu vectors run, %zu P (accepted %zu), %zu F (key rejected %zu, FC_ERR_SIG %d)\n",
              run, cases.size(), pass, accepted, run - pass, key_rejected, f_rc[FC_ERR_SIG]);
}

TEST_P(Pss, SaltTooLongAndBadArguments) {
  const WpFile &f = wp_file("rsa_pss_2048_sha256_mgf1_32_test.json");
  ASSERT_TRUE(f.error.empty()) << f.error;
  const WpGroup &g = f.groups[0];
  const WpTest *t = nullptr;
  for (const auto &x : g.tests)
    if (x.valid) {
      t = &x;
      break;
    }
  ASSERT_NE(t, nullptr);
  fc_rsa_pubkey key;
  ASSERT_EQ(fc_rsa_pubkey_init(&key, g.n.data(), g.n.size(), g.e.data(), g.e.size()), FC_OK);
  const uint8_t *d = t->digest.data(), *s = t->sig.data();
  size_t sl = t->sig.size();
  // Valid first.
  ASSERT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, FC_SHA256, 32, d, 32, s, sl), FC_OK);
  // emLen = 256 for a 2048-bit modulus: salt_len up to 256 - 32 - 2 = 222.
  EXPECT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, FC_SHA256, 223, d, 32, s, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, FC_SHA256, 100000, d, 32, s, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, FC_SHA256, 222, d, 32, s, sl), FC_ERR_SIG);
  EXPECT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, FC_SHA256, 31, d, 32, s, sl), FC_ERR_SIG);
  EXPECT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, FC_SHA256, 33, d, 32, s, sl), FC_ERR_SIG);
  EXPECT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, FC_SHA1, 32, d, 32, s, sl), FC_ERR_SIG);
  EXPECT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, FC_SHA256, 32, d, 31, s, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss(&key, (fc_hash_alg)0, FC_SHA256, 32, d, 32, s, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, (fc_hash_alg)(FC_SHA3_512 + 1), 32, d, 32, s, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss(nullptr, FC_SHA256, FC_SHA256, 32, d, 32, s, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, FC_SHA256, 32, nullptr, 32, s, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, FC_SHA256, 32, d, 32, nullptr, sl), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, FC_SHA256, 32, d, 32, s, sl - 1), FC_ERR_SIG);
  // The _ws variant: exact size works, one byte less is refused.
  std::vector<uint8_t> ws(FC_RSA_VERIFY_PSS_WORKSPACE_BYTES(2048));
  EXPECT_EQ(fc_rsa_verify_pss_ws(&key, FC_SHA256, FC_SHA256, 32, d, 32, s, sl, ws.data(), ws.size()),
            FC_OK);
  EXPECT_EQ(fc_rsa_verify_pss_ws(&key, FC_SHA256, FC_SHA256, 32, d, 32, s, sl, ws.data(), 100),
            FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss_ws(&key, FC_SHA256, FC_SHA256, 32, d, 32, s, sl, nullptr, ws.size()),
            FC_ERR_ARG);
  // Flipped signature bits and digest bits.
  Bytes s2 = t->sig, d2 = t->digest;
  s2[100] ^= 1;
  d2[0] ^= 0x80;
  EXPECT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, FC_SHA256, 32, d, 32, s2.data(), sl), FC_ERR_SIG);
  EXPECT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, FC_SHA256, 32, d2.data(), 32, s, sl), FC_ERR_SIG);
  EXPECT_EQ(fc_rsa_verify_pss(&key, FC_SHA256, FC_SHA256, FC_PSS_SALT_AUTO, d2.data(), 32, s, sl),
            FC_ERR_SIG);
  // A key that names its hash (as a .vbpubk does) refuses any other.
  fc_rsa_pubkey k2 = key;
  k2.hash = FC_SHA512;
  EXPECT_EQ(fc_rsa_verify_pss(&k2, FC_SHA256, FC_SHA256, 32, d, 32, s, sl), FC_ERR_SIG);
  k2.hash = FC_SHA256;
  EXPECT_EQ(fc_rsa_verify_pss(&k2, FC_SHA256, FC_SHA256, 32, d, 32, s, sl), FC_OK);
}

// fc_rsa_verify_msg = fc_hash + fc_rsa_verify, on Wycheproof PKCS#1 v1.5
// files (messages, not digests), including SHA-512/224 and SHA-512/256.
TEST_P(Pss, VerifyMsgWycheproof) {
  const struct {
    const char *name;
    size_t tests;
  } files[] = {{"rsa_signature_2048_sha256_test.json", 259},
               {"rsa_signature_2048_sha512_224_test.json", 258},
               {"rsa_signature_2048_sha512_256_test.json", 257}};
  fc_rsa_pubkey key;
  for (const auto &fs : files) {
    SCOPED_TRACE(fs.name);
    auto doc = fct::json::parse(fct::read_text(fct::vectors_dir() + "/" + kDir + "/" + fs.name));
    size_t n = 0, valid = 0;
    for (const auto &g : doc["testGroups"].items()) {
      Bytes nn = fct::hex(g["publicKey"]["modulus"].as_string());
      Bytes e = fct::hex(g["publicKey"]["publicExponent"].as_string());
      fc_hash_alg h = hash_named(g["sha"].as_string());
      ASSERT_EQ(fc_rsa_pubkey_init(&key, nn.data(), nn.size(), e.data(), e.size()), FC_OK);
      for (const auto &t : g["tests"].items()) {
        Bytes m = fct::hex(t["msg"].as_string()), s = fct::hex(t["sig"].as_string());
        const std::string &r = t["result"].as_string();
        fc_err rc = fc_rsa_verify_msg(&key, h, m.empty() ? nullptr : m.data(), m.size(), ptr(s),
                                      s.size());
        n++;
        if (r == "valid") {
          valid++;
          EXPECT_EQ(rc, FC_OK) << "tcId " << t["tcId"].as_int();
          fc_rsa_pubkey k2 = key;
          k2.hash = h == FC_SHA256 ? FC_SHA512 : FC_SHA256;
          EXPECT_EQ(fc_rsa_verify_msg(&k2, h, m.empty() ? nullptr : m.data(), m.size(), ptr(s),
                                      s.size()),
                    FC_ERR_SIG)
              << "key bound to another hash";
        } else if (r == "invalid") {
          EXPECT_EQ(rc, FC_ERR_SIG) << "tcId " << t["tcId"].as_int();
        }
      }
    }
    EXPECT_EQ(n, fs.tests);
    EXPECT_GT(valid, 5u);
  }
  EXPECT_EQ(fc_rsa_verify_msg(&key, FC_SHA256, nullptr, 1, (const uint8_t *)"", 0), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_msg(&key, (fc_hash_alg)(FC_SHA3_512 + 1), "x", 1, (const uint8_t *)"", 0), FC_ERR_ARG);
}

INSTANTIATE_TEST_SUITE_P(Kernels, Pss, ::testing::ValuesIn(params()),
                         [](const ::testing::TestParamInfo<Param> &i) {
                           return std::string(op_name(i.param.op)) + "_" +
                                  fct::param_name(i.param.kernel);
                         });

}  // namespace
