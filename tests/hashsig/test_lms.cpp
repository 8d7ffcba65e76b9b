// LMS/HSS verification (RFC 8554, SP 800-208): the RFC 8554 Appendix F test
// cases, the SHA-256/192 and SHAKE256 test cases of
// draft-fluhrer-lms-more-parm-sets, and vectors from an independent
// implementation (Cisco hash-sigs: tools/gen-lms-vectors.sh) for every hash
// family, H5 and H10, W = 1, 2, 4, 8, and HSS of 2, 3 and 8 levels. Then
// every kind of malformed input: each byte of valid signatures flipped,
// truncation, trailing bytes, unknown and mismatched type codes, q outside
// the tree, wrong Nspk, bad keys; the streamed form against one-shot on
// random splits; and the stack of every call (tests/vectors/lms/README.md,
// docs/lms.md).
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "fastcrypt/lms.h"
#include "fc_test.h"
#include "json.h"
#include "stack_depth.h"

namespace {

using fct::Bytes;

struct Vec {
  std::string name;
  Bytes pk, msg, sig;
};

std::vector<Vec> load(const std::string &file) {
  std::istringstream in(fct::read_text(fct::vectors_dir() + "/lms/" + file));
  std::vector<Vec> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (line[0] == '[') {
      out.push_back(Vec{line.substr(1, line.size() - 2), {}, {}, {}});
      continue;
    }
    auto eq = line.find(" = ");
    if (eq == std::string::npos || out.empty()) {
      ADD_FAILURE() << file << ": bad line " << line;
      continue;
    }
    std::string k = line.substr(0, eq);
    Bytes v = fct::hex(line.substr(eq + 3));
    (k == "pk" ? out.back().pk : k == "msg" ? out.back().msg : out.back().sig) = v;
  }
  return out;
}

const std::vector<Vec> &all() {
  static std::vector<Vec> v = [] {
    std::vector<Vec> r;
    for (const char *f : {"rfc8554_testcases.txt", "sp800208_testcases.txt", "hashsigs_vectors.txt",
                          "hashsigs_tall.txt", "sparse_tall.txt"}) {
      auto part = load(f);
      r.insert(r.end(), part.begin(), part.end());
    }
    return r;
  }();
  return v;
}

uint32_t rd32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
void put32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (24 - 8 * i));
}

const uint8_t kOne = 0;
const void *ptr(const Bytes &b) { return b.empty() ? (const void *)&kOne : b.data(); }

fc_err verify(const Bytes &pk, const Bytes &msg, const Bytes &sig) {
  fc_hss_pubkey key;
  fc_err rc = fc_hss_pubkey_init(&key, pk.data(), pk.size());
  if (rc != FC_OK) return rc;
  return fc_hss_verify(&key, ptr(msg), msg.size(), sig.empty() ? &kOne : sig.data(), sig.size());
}

fc_err verify_stream(const fc_hss_pubkey &key, const Bytes &msg, const Bytes &sig,
                     const std::vector<size_t> &cuts) {
  fc_hss_stream st;
  fc_err rc = fc_hss_stream_init(&st, &key, sig.data(), sig.size());
  if (rc != FC_OK) return rc;
  size_t at = 0;
  for (size_t c : cuts) {
    if (fc_hss_stream_update(&st, msg.data() + at, c - at) != FC_OK) return FC_ERR_ARG;
    at = c;
  }
  if (fc_hss_stream_update(&st, ptr(msg), 0) != FC_OK) return FC_ERR_ARG;
  if (fc_hss_stream_update(&st, msg.data() + at, msg.size() - at) != FC_OK) return FC_ERR_ARG;
  return fc_hss_stream_final(&st);
}

// The LMS type's hash of an HSS vector's top tree: 0 SHA-256, 1 SHAKE256.
int shake_of(const Bytes &pk) {
  uint32_t lt = (uint32_t)pk[4] << 24 | (uint32_t)pk[5] << 16 | (uint32_t)pk[6] << 8 | pk[7];
  return lt >= 0x0F;
}

// shake: -1 every vector, else only those of that hash.
void vectors_verify(int shake) {
  ASSERT_GE(all().size(), 100u);
  int n = 0;
  for (const auto &v : all()) {
    if (shake >= 0 && shake_of(v.pk) != shake) continue;
    n++;
    EXPECT_EQ(verify(v.pk, v.msg, v.sig), FC_OK) << v.name;
    Bytes m = v.msg;
    m.push_back(0);
    EXPECT_EQ(verify(v.pk, m, v.sig), FC_ERR_SIG) << v.name << " (message + 1 byte)";
  }
  EXPECT_GE(n, 40);
}

TEST(Lms, VectorsVerify) { vectors_verify(-1); }

TEST(Lms, RfcTestCases) {
  auto tc = load("rfc8554_testcases.txt");
  ASSERT_EQ(tc.size(), 2u);
  for (const auto &v : tc) {
    EXPECT_EQ(verify(v.pk, v.msg, v.sig), FC_OK) << v.name;
    EXPECT_EQ(rd32(v.pk.data()), 2u);
  }
  EXPECT_EQ(load("sp800208_testcases.txt").size(), 3u);
}

// Every LMS hash family with every height and every W: H5 and H10 from the
// independent implementation (hashsigs_vectors.txt; some H15 and H20 sets
// too, hashsigs_tall.txt), H15, H20 and H25 from the sparse-tree signer
// (sparse_tall.txt, tools/gen-lms-sparse-vectors.py); and HSS with two H25
// levels of each family.
TEST(Lms, Coverage) {
  std::set<std::pair<uint32_t, uint32_t>> seen;  // (lms type, ots type), bottom level
  for (const auto &v : all()) seen.insert({rd32(v.pk.data() + 4), rd32(v.pk.data() + 8)});
  for (uint32_t fam = 0; fam < 4; fam++)
    for (uint32_t h = 0; h < 5; h++)
      for (uint32_t w = 0; w < 4; w++) {
        uint32_t lt = FC_LMS_SHA256_M32_H5 + 5 * fam + h, ot = FC_LMOTS_SHA256_N32_W1 + 4 * fam + w;
        EXPECT_TRUE(seen.count({lt, ot})) << "lms " << lt << " ots " << ot;
      }
  int hss_h25 = 0;
  for (const auto &v : all())
    if (rd32(v.pk.data()) == 2 && (rd32(v.pk.data() + 4) - FC_LMS_SHA256_M32_H5) % 5 == 4) hss_h25++;
  EXPECT_EQ(hss_h25, 4);
}

// A bare LMS key and signature (L = 1, no Nspk) verify as HSS with L = 1.
TEST(Lms, BareLms) {
  int done = 0;
  for (const auto &v : all()) {
    if (rd32(v.pk.data()) != 1) continue;
    fc_hss_pubkey key;
    ASSERT_EQ(fc_lms_pubkey_init(&key, v.pk.data() + 4, v.pk.size() - 4), FC_OK) << v.name;
    EXPECT_EQ(fc_hss_pubkey_levels(&key), 1u);
    EXPECT_EQ(fc_hss_verify(&key, ptr(v.msg), v.msg.size(), v.sig.data() + 4, v.sig.size() - 4),
              FC_OK)
        << v.name;
    EXPECT_EQ(fc_hss_verify(&key, ptr(v.msg), v.msg.size(), v.sig.data(), v.sig.size()),
              FC_ERR_SIG)
        << v.name << " (with Nspk)";
    EXPECT_EQ(verify_stream(key, v.msg, Bytes(v.sig.begin() + 4, v.sig.end()), {}), FC_OK);
    done++;
  }
  EXPECT_GE(done, 32);
}

// Bytes 0, stride, 2 stride, ... of a valid signature changed in turn (the
// lowest bit at even positions, the highest at odd ones): every one must
// fail, and the unchanged signature still verify.
void flip_all(const Vec &v, size_t stride) {
  Bytes s = v.sig;
  for (size_t i = 0; i < s.size(); i += stride) {
    uint8_t bit = (uint8_t)((i / stride) & 1 ? 0x80 : 0x01);
    s[i] ^= bit;
    ASSERT_EQ(verify(v.pk, v.msg, s), FC_ERR_SIG) << v.name << " byte " << i;
    s[i] ^= bit;
  }
  EXPECT_EQ(verify(v.pk, v.msg, s), FC_OK);
}

// Every byte of one signature of each hash family (H5 W2: a short chain per
// digit, so a verification is cheap while the signature has every field),
// and every fifth byte of RFC test case 1 (HSS, L = 2, W8 and W4 chains).
TEST(Lms, EveryByteFlipped) {
  int families = 0;
  for (const auto &v : all())
    if (v.name.find("H5 W2 sig2") != std::string::npos) {
      flip_all(v, 1);
      families++;
    }
  EXPECT_EQ(families, 4);
  flip_all(load("rfc8554_testcases.txt")[0], 5);
}

TEST(Lms, TruncatedAndOversized) {
  for (const auto &v : all()) {
    if (v.name.find("W8 sig1") == std::string::npos && v.name.find("RFC") == std::string::npos)
      continue;
    for (size_t n = 0; n < v.sig.size(); n++)
      ASSERT_EQ(verify(v.pk, v.msg, Bytes(v.sig.begin(), v.sig.begin() + n)), FC_ERR_SIG)
          << v.name << " " << n;
    Bytes s = v.sig;
    s.push_back(0);
    EXPECT_EQ(verify(v.pk, v.msg, s), FC_ERR_SIG) << v.name;
    s.insert(s.end(), 64, 0);
    EXPECT_EQ(verify(v.pk, v.msg, s), FC_ERR_SIG) << v.name;
  }
}

TEST(Lms, Keys) {
  const Vec &v = all()[0];  // RFC test case 1
  fc_hss_pubkey key;
  for (size_t n = 0; n < v.pk.size(); n++)
    EXPECT_EQ(fc_hss_pubkey_init(&key, v.pk.data(), n), FC_ERR_KEY) << n;
  Bytes pk = v.pk;
  pk.push_back(0);
  EXPECT_EQ(fc_hss_pubkey_init(&key, pk.data(), pk.size()), FC_ERR_KEY);
  EXPECT_EQ(fc_hss_pubkey_levels(&key), 0u);
  for (uint32_t L : {0u, 9u, 0x80000002u}) {
    pk = v.pk;
    put32(pk.data(), L);
    EXPECT_EQ(fc_hss_pubkey_init(&key, pk.data(), pk.size()), FC_ERR_KEY) << L;
  }
  for (uint32_t t : {0u, 4u, 0x19u, 0x105u, 0xffffffffu}) {
    pk = v.pk;
    put32(pk.data() + 4, t);
    EXPECT_EQ(fc_hss_pubkey_init(&key, pk.data(), pk.size()), FC_ERR_KEY) << t;
  }
  for (uint32_t t : {0u, 0x11u, 0x104u, 0x05u /* SHA-256/192 under an M32 tree */,
                     0x0Cu /* SHAKE under a SHA-256 tree */}) {
    pk = v.pk;
    put32(pk.data() + 8, t);
    EXPECT_EQ(fc_hss_pubkey_init(&key, pk.data(), pk.size()), FC_ERR_KEY) << t;
  }
  // Every pair of known codes: accepted exactly when hash and n agree, with
  // the right length.
  for (uint32_t lt = 5; lt <= 0x18; lt++)
    for (uint32_t ot = 1; ot <= 0x10; ot++) {
      uint32_t lfam = (lt - 5) / 5, ofam = (ot - 1) / 4;
      size_t m = lfam % 2 ? 24 : 32;
      Bytes k(4 + 24 + m, 0x33);
      put32(k.data(), 1);
      put32(k.data() + 4, lt);
      put32(k.data() + 8, ot);
      EXPECT_EQ(fc_hss_pubkey_init(&key, k.data(), k.size()), lfam == ofam ? FC_OK : FC_ERR_KEY)
          << lt << " " << ot;
      EXPECT_EQ(fc_hss_pubkey_init(&key, k.data(), k.size() + (m == 24 ? 8 : -8)), FC_ERR_KEY);
    }
  EXPECT_EQ(fc_hss_pubkey_init(nullptr, v.pk.data(), v.pk.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_hss_pubkey_init(&key, nullptr, 60), FC_ERR_ARG);
  EXPECT_EQ(fc_lms_pubkey_init(&key, nullptr, 56), FC_ERR_ARG);
  EXPECT_EQ(fc_lms_pubkey_init(&key, v.pk.data(), v.pk.size()), FC_ERR_KEY);  // has L
  EXPECT_EQ(fc_hss_pubkey_levels(nullptr), 0u);
  // A key in place (pk inside *key).
  ASSERT_EQ(fc_hss_pubkey_init(&key, v.pk.data(), v.pk.size()), FC_OK);
  EXPECT_EQ(fc_hss_pubkey_levels(&key), 2u);
}

TEST(Lms, Arguments) {
  const Vec &v = all()[0];
  fc_hss_pubkey key;
  memset(&key, 0, sizeof key);
  EXPECT_EQ(fc_hss_verify(&key, v.msg.data(), v.msg.size(), v.sig.data(), v.sig.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_hss_verify(nullptr, v.msg.data(), v.msg.size(), v.sig.data(), v.sig.size()),
            FC_ERR_ARG);
  ASSERT_EQ(fc_hss_pubkey_init(&key, v.pk.data(), v.pk.size()), FC_OK);
  EXPECT_EQ(fc_hss_verify(&key, nullptr, 1, v.sig.data(), v.sig.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_hss_verify(&key, v.msg.data(), v.msg.size(), nullptr, 5), FC_ERR_ARG);
  EXPECT_EQ(fc_hss_verify(&key, v.msg.data(), v.msg.size(), nullptr, 0), FC_ERR_SIG);
  fc_hss_stream st;
  EXPECT_EQ(fc_hss_stream_init(nullptr, &key, v.sig.data(), v.sig.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_hss_stream_init(&st, nullptr, v.sig.data(), v.sig.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_hss_stream_update(&st, v.msg.data(), 1), FC_ERR_ARG);
  EXPECT_EQ(fc_hss_stream_final(&st), FC_ERR_ARG);
  EXPECT_EQ(fc_hss_stream_init(&st, &key, v.sig.data(), v.sig.size() - 1), FC_ERR_SIG);
  EXPECT_EQ(fc_hss_stream_final(&st), FC_ERR_ARG);
  ASSERT_EQ(fc_hss_stream_init(&st, &key, v.sig.data(), v.sig.size()), FC_OK);
  EXPECT_EQ(fc_hss_stream_update(&st, nullptr, 1), FC_ERR_ARG);
  EXPECT_EQ(fc_hss_stream_update(&st, v.msg.data(), v.msg.size()), FC_OK);
  EXPECT_EQ(fc_hss_stream_final(&st), FC_OK);
  EXPECT_EQ(fc_hss_stream_final(&st), FC_ERR_ARG);
  EXPECT_EQ(fc_hss_stream_update(&st, v.msg.data(), 1), FC_ERR_ARG);
  EXPECT_EQ(fc_hss_stream_update(nullptr, v.msg.data(), 1), FC_ERR_ARG);
  EXPECT_EQ(fc_hss_stream_final(nullptr), FC_ERR_ARG);
}

// Offsets inside an L = 1 HSS signature (u32 Nspk first).
struct Layout {
  size_t q = 4, ots = 8, lms;  // lms: offset of the LMS type
};
Layout layout(const Bytes &sig, size_t n, size_t p) {
  Layout l;
  l.lms = 8 + 4 + n * (p + 1);
  (void)sig;
  return l;
}

TEST(Lms, TypeCodesAndQ) {
  struct {
    uint32_t ots;
    size_t n, p;
  } ots_info[] = {{1, 32, 265}, {2, 32, 133}, {3, 32, 67}, {4, 32, 34},
                  {5, 24, 200}, {6, 24, 101}, {7, 24, 51}, {8, 24, 26}};
  int done = 0;
  for (const auto &v : all()) {
    if (rd32(v.pk.data()) != 1) continue;
    uint32_t lt = rd32(v.pk.data() + 4), ot = rd32(v.pk.data() + 8);
    uint32_t h = 5 * (1 + (lt - 5) % 5);
    size_t n = 0, p = 0;
    for (auto &o : ots_info)
      if ((ot - 1) % 8 == o.ots - 1) n = o.n, p = o.p;
    Layout L = layout(v.sig, n, p);
    ASSERT_EQ(rd32(v.sig.data() + L.ots), ot) << v.name;
    ASSERT_EQ(rd32(v.sig.data() + L.lms), lt) << v.name;
    ASSERT_EQ(v.sig.size(), L.lms + 4 + n * h) << v.name;
    for (uint32_t bad : {0u, ot ^ 1u, ot + 1u, 0x11u, 0x20u, 0xffffffffu}) {
      Bytes s = v.sig;
      put32(s.data() + L.ots, bad);
      EXPECT_EQ(verify(v.pk, v.msg, s), FC_ERR_SIG) << v.name << " ots " << bad;
    }
    for (uint32_t bad : {0u, lt ^ 1u, lt + 5u, 0x19u, 0xffffffffu}) {
      Bytes s = v.sig;
      put32(s.data() + L.lms, bad);
      EXPECT_EQ(verify(v.pk, v.msg, s), FC_ERR_SIG) << v.name << " lms " << bad;
    }
    for (uint32_t q : {1u << h, (1u << h) + 1, 0x80000000u, 0xffffffffu}) {
      Bytes s = v.sig;
      put32(s.data() + L.q, q);
      EXPECT_EQ(verify(v.pk, v.msg, s), FC_ERR_SIG) << v.name << " q " << q;
    }
    // Nspk of 1 (and 2^32 - 1) for an L = 1 key.
    for (uint32_t nspk : {1u, 2u, 0xffffffffu}) {
      Bytes s = v.sig;
      put32(s.data(), nspk);
      EXPECT_EQ(verify(v.pk, v.msg, s), FC_ERR_SIG) << v.name << " Nspk " << nspk;
    }
    done++;
  }
  EXPECT_GE(done, 32);
}

// Trees of heights 15, 20, 25 (their valid signatures: hashsigs_tall.txt
// and sparse_tall.txt, see Coverage): a key of each type and a signature
// of the right shape parse, reach the Merkle path and fail; q = 2^h - 1 is
// inside, q = 2^h outside.
TEST(Lms, TallTreesShape) {
  for (uint32_t lt = 5; lt <= 0x18; lt++) {
    uint32_t fam = (lt - 5) / 5, h = 5 * (1 + (lt - 5) % 5);
    uint32_t ot = 1 + 4 * fam + 3;  // W8 of the same hash
    size_t m = fam % 2 ? 24 : 32, p = m == 32 ? 34 : 26;
    Bytes pk(4 + 24 + m, 0x5c);
    put32(pk.data(), 1);
    put32(pk.data() + 4, lt);
    put32(pk.data() + 8, ot);
    Bytes sig(4 + 4 + 4 + m * (p + 1) + 4 + m * h, 0xa7);
    put32(sig.data(), 0);
    put32(sig.data() + 8, ot);
    put32(sig.data() + 12 + m * (p + 1), lt);
    put32(sig.data() + 4, (1u << h) - 1);
    Bytes msg = {1, 2, 3};
    EXPECT_EQ(verify(pk, msg, sig), FC_ERR_SIG) << lt;
    put32(sig.data() + 4, 1u << h);
    EXPECT_EQ(verify(pk, msg, sig), FC_ERR_SIG) << lt;
    fc_hss_pubkey key;
    ASSERT_EQ(fc_hss_pubkey_init(&key, pk.data(), pk.size()), FC_OK);
    fc_hss_stream st;
    EXPECT_EQ(fc_hss_stream_init(&st, &key, sig.data(), sig.size()), FC_ERR_SIG) << lt;
    put32(sig.data() + 4, (1u << h) - 1);
    ASSERT_EQ(fc_hss_stream_init(&st, &key, sig.data(), sig.size()), FC_OK) << lt;
    EXPECT_EQ(fc_hss_stream_final(&st), FC_ERR_SIG) << lt;
  }
}

// HSS: Nspk must be L - 1; the signed public keys are checked; levels
// swapped or dropped fail.
TEST(Lms, HssStructure) {
  int done = 0;
  for (const auto &v : all()) {
    uint32_t L = rd32(v.pk.data());
    if (L < 2) continue;
    ASSERT_EQ(rd32(v.sig.data()), L - 1) << v.name;
    for (uint32_t nspk : {0u, L - 2, L, L + 1, 8u, 0xffffffffu}) {
      if (nspk == L - 1) continue;
      Bytes s = v.sig;
      put32(s.data(), nspk);
      EXPECT_EQ(verify(v.pk, v.msg, s), FC_ERR_SIG) << v.name << " Nspk " << nspk;
    }
    // The same signature under the key with another L.
    for (uint32_t l2 : {1u, L - 1, L + 1}) {
      if (l2 < 1 || l2 > 8) continue;
      Bytes pk = v.pk;
      put32(pk.data(), l2);
      EXPECT_EQ(verify(pk, v.msg, v.sig), FC_ERR_SIG) << v.name << " L " << l2;
    }
    done++;
  }
  EXPECT_GE(done, 8);
}

TEST(Lms, StreamEqualsOneShot) {
  std::mt19937_64 rng(8554);
  for (const auto &v : all()) {
    fc_hss_pubkey key;
    ASSERT_EQ(fc_hss_pubkey_init(&key, v.pk.data(), v.pk.size()), FC_OK);
    for (int trial = 0; trial < 3; trial++) {
      std::vector<size_t> cuts;
      size_t k = v.msg.empty() ? 0 : rng() % 5;
      for (size_t i = 0; i < k; i++) cuts.push_back(rng() % (v.msg.size() + 1));
      std::sort(cuts.begin(), cuts.end());
      EXPECT_EQ(verify_stream(key, v.msg, v.sig, cuts), FC_OK) << v.name;
      if (!v.msg.empty()) {
        Bytes m = v.msg;
        m[rng() % m.size()] ^= 0x40;
        EXPECT_EQ(verify_stream(key, m, v.sig, cuts), FC_ERR_SIG) << v.name;
        EXPECT_EQ(fc_hss_verify(&key, m.data(), m.size(), v.sig.data(), v.sig.size()), FC_ERR_SIG);
      }
    }
    Bytes s = v.sig;
    s[s.size() - 1] ^= 1;  // the last path node
    EXPECT_EQ(verify_stream(key, v.msg, s, {}), FC_ERR_SIG) << v.name;
  }
}

// ---- Stack ----------------------------------------------------------------

struct Call {
  const fc_hss_pubkey *key;
  const uint8_t *pk, *msg, *sig;
  size_t pk_len, msg_len, sig_len;
  fc_err rc;
} g;

[[maybe_unused]] __attribute__((noinline)) void body_verify() {
  g.rc = fc_hss_verify(g.key, g.msg, g.msg_len, g.sig, g.sig_len);
}
[[maybe_unused]] __attribute__((noinline)) void body_stream() {
  fc_hss_stream st;
  g.rc = fc_hss_stream_init(&st, g.key, g.sig, g.sig_len);
  if (g.rc == FC_OK) g.rc = fc_hss_stream_update(&st, g.msg, g.msg_len);
  if (g.rc == FC_OK) g.rc = fc_hss_stream_final(&st);
}
[[maybe_unused]] __attribute__((noinline)) void body_key() {
  static fc_hss_pubkey k2;
  g.rc = fc_hss_pubkey_init(&k2, g.pk, g.pk_len);
}

// shake: as vectors_verify; kernel: the pinned kernel's name, for the report.
[[maybe_unused]] void stack_check(int shake, const std::string &kernel) {
  std::map<std::string, std::pair<size_t, size_t>> worst;  // per LMS family of the bottom tree
  size_t top = 0;
  for (const auto &v : all()) {
    if (shake >= 0 && shake_of(v.pk) != shake) continue;
    static fc_hss_pubkey key;
    ASSERT_EQ(fc_hss_pubkey_init(&key, v.pk.data(), v.pk.size()), FC_OK);
    g = Call{&key, v.pk.data(), (const uint8_t *)ptr(v.msg), v.sig.data(), v.pk.size(),
             v.msg.size(), v.sig.size(), FC_ERR_ARG};
    size_t dv = fct::stack_depth_net(body_verify);
    EXPECT_EQ(g.rc, FC_OK) << v.name;
    g.rc = FC_ERR_ARG;
    size_t ds = fct::stack_depth_net(body_stream);
    EXPECT_EQ(g.rc, FC_OK) << v.name;
    g.rc = FC_ERR_ARG;
    size_t dk = fct::stack_depth_net(body_key);
    EXPECT_EQ(g.rc, FC_OK) << v.name;
    EXPECT_LE(dv, (size_t)FC_HSS_STACK_MAX) << v.name;
    EXPECT_LE(ds, (size_t)FC_HSS_STACK_MAX + sizeof(fc_hss_stream)) << v.name;
    EXPECT_LE(dk, 512u) << v.name;
    EXPECT_GT(dv, 256u) << v.name << ": implausibly small: did it run?";
    uint32_t lt = rd32(v.pk.data() + 4);
    const char *fam[] = {"SHA-256/M32", "SHA-256/M24", "SHAKE/M32", "SHAKE/M24"};
    auto &w = worst[fam[(lt - 5) / 5]];
    w.first = std::max(w.first, dv);
    w.second = std::max(w.second, ds);
    top = std::max(top, std::max(dv, ds));
  }
  for (const auto &[f, w] : worst)
    std::cout << "[ STACK    ] HSS " << f << " (" << kernel << "): verify " << w.first
              << " B, streamed (stream on the stack) " << w.second << " B\n";
  std::cout << "[ STACK    ] HSS worst " << top << " B of " << FC_HSS_STACK_MAX << " + stream\n";
}

TEST(Lms, Stack) {
#ifdef FCT_ASAN
  GTEST_SKIP() << "sanitizer build: frames differ";
#else
  stack_check(-1, "automatic kernels");
#endif
}

// NIST ACVP LMS sigVer (tests/vectors/lms/acvp_lms_sigver.json, converted
// by tools/gen-lms-acvp-vectors.py from usnistgov/ACVP-Server): bare LMS
// public keys (RFC 8554 section 5.3) and bare LMS signatures (section 5.4).
// Every key in the file is well formed (type codes match the group's mode
// names, 48 bytes), so fc_lms_pubkey_init must give FC_OK for each, and
// fc_hss_verify FC_OK exactly when testPassed, else FC_ERR_SIG, with the
// exceptions below.
//
// ACVP errata: four tests NIST marks testPassed false hold signatures that
// are valid, by RFC 8554 section 5.4.2 (Algorithm 6a), for the public key
// and message in the file: q inside the tree, type codes matching the key,
// the right length, and the computed root equal to T[1]. An independent
// script (RFC 8554 Algorithms 4b and 6a over Python's hashlib) agrees with
// fastcrypt on all ten. ACVP-Server issue #247 reports the same for its
// "modified key" and "modified header" cases (the modification is not in
// the published key or signature). They are asserted valid here; if NIST
// corrects the file, the testPassed check below fails and this list goes.
struct AcvpErratum {
  int tg, tc;
};
const AcvpErratum kAcvpErrata[] = {{1, 2}, {1, 5}, {2, 6}, {2, 7}};
bool acvp_erratum(int tg, int tc) {
  for (const auto &e : kAcvpErrata)
    if (e.tg == tg && e.tc == tc) return true;
  return false;
}

// The type code of an ACVP mode name, from the tables of RFC 8554 section
// 5.1/4.1 and SP 800-208 section 4 (LMS: 5 + 5 * family + height index;
// LM-OTS: 1 + 4 * family + log2 w; families SHA-256/256, SHA-256/192,
// SHAKE/256, SHAKE/192). 0 for a name not of that form.
uint32_t acvp_type(const std::string &name) {
  static const char *fam[] = {"SHA256_M32", "SHA256_M24", "SHAKE_M32", "SHAKE_M24"};
  static const char *ofam[] = {"SHA256_N32", "SHA256_N24", "SHAKE_N32", "SHAKE_N24"};
  static const char *h[] = {"5", "10", "15", "20", "25"};
  static const char *w[] = {"1", "2", "4", "8"};
  for (uint32_t f = 0; f < 4; f++) {
    for (uint32_t i = 0; i < 5; i++)
      if (name == std::string("LMS_") + fam[f] + "_H" + h[i]) return 5 + 5 * f + i;
    for (uint32_t i = 0; i < 4; i++)
      if (name == std::string("LMOTS_") + ofam[f] + "_W" + w[i]) return 1 + 4 * f + i;
  }
  return 0;
}

// print: the summary line (once, from TEST(Lms, AcvpSigVer)).
void acvp_sigver(bool print) {
  auto doc = fct::json::parse(fct::read_text(fct::vectors_dir() + "/lms/acvp_lms_sigver.json"));
  ASSERT_NE(doc.find("source"), nullptr);
  int n = 0, pass = 0, fail = 0, errata = 0;
  for (const auto &g : doc["testGroups"].items()) {
    int tg = (int)g["tgId"].as_int();
    const std::string &lms = g["lmsMode"].as_string(), &ots = g["lmOtsMode"].as_string();
    Bytes pk = fct::hex(g["publicKey"].as_string());
    uint32_t lt = acvp_type(lms), ot = acvp_type(ots);
    // fastcrypt implements every RFC 8554 / SP 800-208 type: a name not in
    // the tables is a type it does not support, reported, not skipped.
    if (lt == 0 || ot == 0) {
      ADD_FAILURE() << "tgId " << tg << ": unsupported parameter set " << lms << " / " << ots;
      continue;
    }
    ASSERT_GE(pk.size(), 8u) << "tgId " << tg;
    EXPECT_EQ(rd32(pk.data()), lt) << "tgId " << tg << " " << lms;
    EXPECT_EQ(rd32(pk.data() + 4), ot) << "tgId " << tg << " " << ots;
    fc_hss_pubkey key;
    fc_err krc = fc_lms_pubkey_init(&key, pk.data(), pk.size());
    EXPECT_EQ(krc, FC_OK) << "tgId " << tg << " " << lms << " / " << ots;
    for (const auto &t : g["tests"].items()) {
      n++;
      int tc = (int)t["tcId"].as_int();
      bool ok = t["testPassed"].as_bool();
      Bytes msg = fct::hex(t["message"].as_string()), sig = fct::hex(t["signature"].as_string());
      fc_err rc = krc != FC_OK ? krc
                               : fc_hss_verify(&key, ptr(msg), msg.size(),
                                               sig.empty() ? &kOne : sig.data(), sig.size());
      if (acvp_erratum(tg, tc)) {
        EXPECT_FALSE(ok) << "tgId " << tg << " tcId " << tc << ": erratum no longer applies";
        EXPECT_EQ(rc, FC_OK) << "tgId " << tg << " tcId " << tc << " (erratum: valid by RFC 8554)";
        errata++;
        continue;
      }
      EXPECT_EQ(rc, ok ? FC_OK : FC_ERR_SIG)
          << "tgId " << tg << " tcId " << tc << " (" << lms << " / " << ots << ", testPassed "
          << ok << ")";
      (ok ? pass : fail)++;
    }
  }
  EXPECT_EQ(n, (int)doc["numberOfTests"].as_int());
  EXPECT_EQ(n, 10);  // the ACVP-Server file: 2 groups of 5
  EXPECT_EQ(errata, (int)(sizeof kAcvpErrata / sizeof kAcvpErrata[0]));
  EXPECT_GT(pass, 0);
  EXPECT_GT(fail, 0);
  if (print)
    std::cout << "[ ACVP     ] " << n << " tests: " << pass << " pass, " << fail
              << " fail as expected, " << errata
              << " ACVP errata (testPassed false, valid by RFC 8554)\n";
}

TEST(Lms, AcvpSigVer) { acvp_sigver(true); }

// The chains are hashed on FC_OP_SHA256_X (SHA-256 types) or FC_OP_KECCAK_X
// (SHAKE types): every vector of that hash, and the stack, on each kernel.
class LmsSha256X : public fct::KernelTest {
 protected:
  LmsSha256X() : KernelTest(FC_OP_SHA256_X) {}
};
class LmsKeccakX : public fct::KernelTest {
 protected:
  LmsKeccakX() : KernelTest(FC_OP_KECCAK_X) {}
};
TEST_P(LmsSha256X, VectorsAndStack) {
  vectors_verify(0);
  acvp_sigver(false);  // its sets are all SHA-256/192
#ifndef FCT_ASAN
  stack_check(0, "sha256_x " + GetParam());
#endif
}
TEST_P(LmsKeccakX, VectorsAndStack) {
  vectors_verify(1);
#ifndef FCT_ASAN
  stack_check(1, "keccak_x " + GetParam());
#endif
}
INSTANTIATE_TEST_SUITE_P(AllKernels, LmsSha256X, ::testing::ValuesIn(fct::kernels(FC_OP_SHA256_X)),
                         [](const auto &i) { return fct::param_name(i.param); });
INSTANTIATE_TEST_SUITE_P(AllKernels, LmsKeccakX, ::testing::ValuesIn(fct::kernels(FC_OP_KECCAK_X)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
