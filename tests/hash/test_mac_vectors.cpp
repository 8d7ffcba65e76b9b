// Project Wycheproof HMAC (hmac_sha*), HKDF (hkdf_sha*) and PBKDF2
// (pbkdf2_hmacsha*) known answers on every usable kernel of the hash op that
// computes each file's hash. Each file's verdict counts are asserted.
// The one PBKDF2 case with 16,777,216 iterations (pbkdf2_hmacsha1, flag
// LargeIterationCount) runs once, on the automatic kernel, in its own test:
// on every kernel under qemu it would take minutes. Cross (emulated) suites
// leave that one test out by filter (tests/CMakeLists.txt).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>

#include "fc_test.h"
#include "hash_kernel.h"
#include "json.h"

using fct::Bytes;

namespace {

const char *const kDir = "wycheproof/testvectors_v1/";

struct Case {
  int64_t id;
  bool valid;
  Bytes key, msg, tag;           // HMAC: key, msg, tag (tagSize bits)
  Bytes salt, info;              // HKDF: ikm in key, okm in tag; PBKDF2: password in key
  size_t size;                   // HKDF/PBKDF2 output length
  uint64_t iterations;
  bool large;                    // LargeIterationCount
};

struct File {
  std::string name;
  fc_hash_alg alg;
  int64_t number_of_tests;
  std::vector<Case> cases;
  std::string error;
};

const File &load(const std::string &name, fc_hash_alg alg) {
  static std::map<std::string, File> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  File &f = cache[name];
  f.name = name;
  f.alg = alg;
  try {
    std::string text = fct::read_text(fct::vectors_dir() + "/" + kDir + name);
    if (text.empty()) throw std::runtime_error("empty or unreadable");
    auto doc = fct::json::parse(text);
    f.number_of_tests = doc["numberOfTests"].as_int();
    std::string schema = doc["schema"].as_string();
    for (const auto &g : doc["testGroups"].items()) {
      for (const auto &t : g["tests"].items()) {
        Case c{};
        c.id = t["tcId"].as_int();
        const std::string &res = t["result"].as_string();
        if (res != "valid" && res != "invalid") throw std::runtime_error("result " + res);
        c.valid = res == "valid";
        if (schema == "mac_test_schema_v1.json") {
          c.key = fct::hex(t["key"].as_string());
          c.msg = fct::hex(t["msg"].as_string());
          c.tag = fct::hex(t["tag"].as_string());
          if ((int64_t)c.tag.size() * 8 != g["tagSize"].as_int()) throw std::runtime_error("tag size");
        } else if (schema == "hkdf_test_schema_v1.json") {
          c.key = fct::hex(t["ikm"].as_string());
          c.salt = fct::hex(t["salt"].as_string());
          c.info = fct::hex(t["info"].as_string());
          c.tag = fct::hex(t["okm"].as_string());
          c.size = (size_t)t["size"].as_int();
        } else if (schema == "pbkdf_test_schema.json") {
          c.key = fct::hex(t["password"].as_string());
          c.salt = fct::hex(t["salt"].as_string());
          c.tag = fct::hex(t["dk"].as_string());
          c.size = (size_t)t["dkLen"].as_int();
          c.iterations = (uint64_t)t["iterationCount"].as_int();
          for (const auto &fl : t["flags"].items()) c.large |= fl.as_string() == "LargeIterationCount";
        } else {
          throw std::runtime_error("schema " + schema);
        }
        f.cases.push_back(std::move(c));
      }
    }
  } catch (const std::exception &ex) {
    f.error = name + ": " + ex.what();
  }
  return f;
}

const uint8_t *p(const Bytes &b) { return b.empty() ? nullptr : b.data(); }

struct Spec {
  const char *file;
  fc_hash_alg alg;
  size_t total, valid;  // numberOfTests and valid cases
};

const Spec kHmac[] = {
    {"hmac_sha1_test.json", FC_SHA1, 170, 66},     {"hmac_sha224_test.json", FC_SHA224, 172, 66},
    {"hmac_sha256_test.json", FC_SHA256, 174, 66}, {"hmac_sha384_test.json", FC_SHA384, 174, 66},
    {"hmac_sha512_test.json", FC_SHA512, 174, 66},
};
const Spec kHkdf[] = {
    {"hkdf_sha1_test.json", FC_SHA1, 87, 84},     {"hkdf_sha256_test.json", FC_SHA256, 86, 83},
    {"hkdf_sha384_test.json", FC_SHA384, 83, 80}, {"hkdf_sha512_test.json", FC_SHA512, 83, 80},
};
const Spec kPbkdf2[] = {
    {"pbkdf2_hmacsha1_test.json", FC_SHA1, 64, 64},
    {"pbkdf2_hmacsha224_test.json", FC_SHA224, 58, 58},
    {"pbkdf2_hmacsha256_test.json", FC_SHA256, 60, 60},
    {"pbkdf2_hmacsha384_test.json", FC_SHA384, 58, 58},
    {"pbkdf2_hmacsha512_test.json", FC_SHA512, 58, 58},
};

class MacVectors : public fct::HashKernelTest {};

TEST_P(MacVectors, WycheproofHmac) {
  size_t files = 0;
  for (const Spec &s : kHmac) {
    if (fct::hash_op_of(s.alg) != GetParam().op) continue;
    files++;
    const File &f = load(s.file, s.alg);
    ASSERT_TRUE(f.error.empty()) << f.error;
    size_t valid = 0, ok_valid = 0, rejected_invalid = 0;
    for (const Case &c : f.cases) {
      Bytes full(fc_hash_len(s.alg));
      ASSERT_EQ(fc_hmac(s.alg, p(c.key), c.key.size(), p(c.msg), c.msg.size(), full.data()), FC_OK);
      bool match = std::equal(c.tag.begin(), c.tag.end(), full.begin());
      valid += c.valid;
      if (c.valid) {
        EXPECT_TRUE(match) << s.file << " tcId " << c.id;
        ok_valid += match;
      } else {
        EXPECT_FALSE(match) << s.file << " tcId " << c.id << " invalid tag matched";
        rejected_invalid += !match;
      }
    }
    EXPECT_EQ(f.cases.size(), s.total) << s.file;
    EXPECT_EQ((int64_t)f.cases.size(), f.number_of_tests) << s.file;
    EXPECT_EQ(valid, s.valid) << s.file;
    std::printf("[ wycheproof ] %-28s %s: %zu tests, valid %zu (match %zu), invalid %zu (rejected %zu)\n",
                s.file, GetParam().kernel.c_str(), f.cases.size(), valid, ok_valid,
                f.cases.size() - valid, rejected_invalid);
  }
  EXPECT_GT(files, 0u);
}

TEST_P(MacVectors, WycheproofHkdf) {
  size_t files = 0;
  for (const Spec &s : kHkdf) {
    if (fct::hash_op_of(s.alg) != GetParam().op) continue;
    files++;
    const File &f = load(s.file, s.alg);
    ASSERT_TRUE(f.error.empty()) << f.error;
    size_t valid = 0, ok = 0, refused = 0;
    for (const Case &c : f.cases) {
      Bytes okm(c.size + 1, 0xee);
      fc_err rc = fc_hkdf(s.alg, p(c.salt), c.salt.size(), p(c.key), c.key.size(), p(c.info),
                          c.info.size(), okm.data(), c.size);
      valid += c.valid;
      if (c.valid) {
        ASSERT_EQ(rc, FC_OK) << s.file << " tcId " << c.id;
        EXPECT_EQ(fct::to_hex(Bytes(okm.begin(), okm.end() - 1)), fct::to_hex(c.tag))
            << s.file << " tcId " << c.id;
        EXPECT_EQ(okm.back(), 0xee) << "written past size";
        ok += Bytes(okm.begin(), okm.end() - 1) == c.tag;
      } else {  // SizeTooLarge: over 255 * HashLen
        EXPECT_EQ(rc, FC_ERR_ARG) << s.file << " tcId " << c.id;
        refused += rc == FC_ERR_ARG;
      }
      // The same through fc_hkdf_expand, from PRK = HMAC(salt, IKM) (an empty
      // salt is an empty HMAC key: the same as HashLen zeros).
      uint8_t prk[FC_HASH_MAX_LEN];
      size_t hl = fc_hash_len(s.alg);
      ASSERT_EQ(fc_hmac(s.alg, p(c.salt), c.salt.size(), p(c.key), c.key.size(), prk), FC_OK);
      Bytes okm2(c.size + 1, 0xee);
      rc = fc_hkdf_expand(s.alg, prk, hl, p(c.info), c.info.size(), okm2.data(), c.size);
      if (c.valid) {
        ASSERT_EQ(rc, FC_OK) << s.file << " tcId " << c.id;
        EXPECT_EQ(fct::to_hex(Bytes(okm2.begin(), okm2.end() - 1)), fct::to_hex(c.tag))
            << "fc_hkdf_expand " << s.file << " tcId " << c.id;
        EXPECT_EQ(okm2.back(), 0xee) << "written past size";
      } else {
        EXPECT_EQ(rc, FC_ERR_ARG) << "fc_hkdf_expand " << s.file << " tcId " << c.id;
        EXPECT_EQ(okm2, Bytes(c.size + 1, 0xee)) << "okm untouched on FC_ERR_ARG";
      }
    }
    EXPECT_EQ(f.cases.size(), s.total) << s.file;
    EXPECT_EQ((int64_t)f.cases.size(), f.number_of_tests) << s.file;
    EXPECT_EQ(valid, s.valid) << s.file;
    std::printf("[ wycheproof ] %-28s %s: %zu tests, valid %zu (match %zu), invalid %zu (FC_ERR_ARG %zu)\n",
                s.file, GetParam().kernel.c_str(), f.cases.size(), valid, ok, f.cases.size() - valid,
                refused);
  }
  EXPECT_GT(files, 0u);
}

void run_pbkdf2_case(const Spec &s, const Case &c) {
  Bytes dk(c.size + 1, 0xee);
  ASSERT_EQ(fc_pbkdf2(s.alg, p(c.key), c.key.size(), p(c.salt), c.salt.size(),
                      (uint32_t)c.iterations, dk.data(), c.size),
            FC_OK)
      << s.file << " tcId " << c.id;
  EXPECT_EQ(fct::to_hex(Bytes(dk.begin(), dk.end() - 1)), fct::to_hex(c.tag))
      << s.file << " tcId " << c.id;
  EXPECT_EQ(dk.back(), 0xee) << "written past dkLen";
  // out over the salt (the header allows it): the same key, when it takes
  // more than one block (the case that reads the salt after writing)
  if (c.size > fc_hash_len(s.alg) && c.iterations <= 4096) {
    Bytes buf(std::max(c.size, c.salt.size()) + 1, 0xee);
    std::copy(c.salt.begin(), c.salt.end(), buf.begin());
    ASSERT_EQ(fc_pbkdf2(s.alg, p(c.key), c.key.size(), buf.data(), c.salt.size(),
                        (uint32_t)c.iterations, buf.data(), c.size),
              FC_OK);
    EXPECT_EQ(fct::to_hex(Bytes(buf.begin(), buf.begin() + c.size)), fct::to_hex(c.tag))
        << s.file << " tcId " << c.id << " out over salt";
  }
}

TEST_P(MacVectors, WycheproofPbkdf2) {
  size_t files = 0;
  for (const Spec &s : kPbkdf2) {
    if (fct::hash_op_of(s.alg) != GetParam().op) continue;
    files++;
    const File &f = load(s.file, s.alg);
    ASSERT_TRUE(f.error.empty()) << f.error;
    size_t run = 0, large = 0;
    for (const Case &c : f.cases) {
      ASSERT_TRUE(c.valid);
      if (c.large) {
        large++;
        continue;
      }
      run_pbkdf2_case(s, c);
      run++;
    }
    EXPECT_EQ(f.cases.size(), s.total) << s.file;
    EXPECT_EQ((int64_t)f.cases.size(), f.number_of_tests) << s.file;
    EXPECT_EQ(large, s.alg == FC_SHA1 ? 1u : 0u);
    std::printf("[ wycheproof ] %-28s %s: %zu tests, %zu run here, %zu LargeIterationCount (own test)\n",
                s.file, GetParam().kernel.c_str(), f.cases.size(), run, large);
  }
  EXPECT_GT(files, 0u);
}

INSTANTIATE_TEST_SUITE_P(Kernels, MacVectors, ::testing::ValuesIn(fct::hash_params()),
                         fct::hash_param_name);

TEST(MacVectorsAuto, Pbkdf2LargeIterationCount) {
  const Spec &s = kPbkdf2[0];
  const File &f = load(s.file, s.alg);
  ASSERT_TRUE(f.error.empty()) << f.error;
  size_t n = 0;
  for (const Case &c : f.cases)
    if (c.large) {
      EXPECT_EQ(c.iterations, 16777216u);
      run_pbkdf2_case(s, c);
      n++;
    }
  EXPECT_EQ(n, 1u);
  std::printf("[ wycheproof ] %s LargeIterationCount on %s: %zu run\n", s.file,
              fc_impl_active(FC_OP_SHA1), n);
}

}  // namespace
