// XMSS / XMSS^MT verification (RFC 8391, SP 800-208): vectors from two
// independent implementations, the XMSS reference implementation
// (tools/gen-xmss-vectors.sh: XMSS h = 10 and XMSS^MT with trees of height
// 10 or less, every supported hash and n; two XMSS h = 16 sets) and Botan 2
// (tools/gen-xmss-botan-vectors.sh), and for the trees of height 16 and 20
// (XMSS h = 16, 20, XMSS^MT 40/2 and 60/3) our sparse-tree signer written from the
// RFC (tools/gen-xmss-sparse-vectors.py); then every kind of malformed input:
// bytes flipped, truncation, trailing bytes, idx_sig outside the key, unknown
// OIDs and wrong key lengths, NULL arguments; the streamed form on random
// splits; the signature length of every parameter set from RFC 8391's
// formula, and the stack of every call (tests/vectors/xmss/README.md,
// docs/xmss.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "fastcrypt/xmss.h"
#include "fc_test.h"
#include "stack_depth.h"

namespace {

using fct::Bytes;

struct Vec {
  std::string name;
  Bytes pk, msg, sig;
  bool mt() const { return name.rfind("XMSSMT", 0) == 0; }
};

std::vector<Vec> load(const std::string &file) {
  std::istringstream in(fct::read_text(fct::vectors_dir() + "/xmss/" + file));
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

const std::vector<Vec> &ref() {
  static std::vector<Vec> v = load("xmssref_vectors.txt");
  return v;
}
// Taller trees (XMSS h = 16) from the same reference: xmssref_tall.txt.
const std::vector<Vec> &tall() {
  static std::vector<Vec> v = load("xmssref_tall.txt");
  return v;
}
const std::vector<Vec> &botan() {
  static std::vector<Vec> v = load("botan_vectors.txt");
  return v;
}
// Trees of height 16 and 20 (XMSS h = 16, 20, XMSS^MT 40/2, 60/3), every supported
// hash and n: sparse_tall.txt, from tools/gen-xmss-sparse-vectors.py (real
// WOTS+ signatures, random authentication-path siblings; written from RFC
// 8391 and SP 800-208, checked against the reference's and Botan's vectors).
const std::vector<Vec> &sparse() {
  static std::vector<Vec> v = load("sparse_tall.txt");
  return v;
}
const std::vector<Vec> &all() {
  static std::vector<Vec> v = [] {
    std::vector<Vec> r = ref();
    r.insert(r.end(), tall().begin(), tall().end());
    r.insert(r.end(), botan().begin(), botan().end());
    r.insert(r.end(), sparse().begin(), sparse().end());
    return r;
  }();
  return v;
}

const Vec &find(const std::string &prefix) {
  for (const auto &v : all())
    if (v.name.rfind(prefix, 0) == 0) return v;
  static Vec none;
  ADD_FAILURE() << "no vector " << prefix;
  return none;
}

uint32_t rd32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
void put32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (24 - 8 * i));
}

// The first signature of a key (idx_sig 0).
bool first_sig(const Vec &v) {
  const std::string end = "idx=0";
  return v.name.size() > end.size() && v.name.compare(v.name.size() - end.size(), end.size(), end) == 0;
}

const uint8_t kOne = 0;
const void *ptr(const Bytes &b) { return b.empty() ? (const void *)&kOne : b.data(); }

fc_err key_init(fc_xmss_pubkey *key, bool mt, const Bytes &pk) {
  return mt ? fc_xmssmt_pubkey_init(key, pk.data(), pk.size())
            : fc_xmss_pubkey_init(key, pk.data(), pk.size());
}

fc_err verify(bool mt, const Bytes &pk, const Bytes &msg, const Bytes &sig) {
  fc_xmss_pubkey key;
  fc_err rc = key_init(&key, mt, pk);
  if (rc != FC_OK) return rc;
  return fc_xmss_verify(&key, ptr(msg), msg.size(), sig.empty() ? &kOne : sig.data(), sig.size());
}
fc_err verify(const Vec &v, const Bytes &sig) { return verify(v.mt(), v.pk, v.msg, sig); }

fc_err verify_stream(const fc_xmss_pubkey &key, const Bytes &msg, const Bytes &sig,
                     const std::vector<size_t> &cuts) {
  fc_xmss_stream st;
  fc_err rc = fc_xmss_stream_init(&st, &key, sig.data(), sig.size());
  if (rc != FC_OK) return rc;
  size_t at = 0;
  for (size_t c : cuts) {
    if (fc_xmss_stream_update(&st, msg.data() + at, c - at) != FC_OK) return FC_ERR_ARG;
    at = c;
  }
  if (fc_xmss_stream_update(&st, ptr(msg), 0) != FC_OK) return FC_ERR_ARG;
  if (fc_xmss_stream_update(&st, msg.data() + at, msg.size() - at) != FC_OK) return FC_ERR_ARG;
  return fc_xmss_stream_final(&st);
}

// ---- The parameter sets, from RFC 8391 sections 5.3, 5.4 and SP 800-208
// Tables 10, 11, written out here independently of the library's table.
struct Set {
  bool mt;
  uint32_t oid;
  unsigned n, h, d;
};
std::vector<Set> supported_sets() {
  std::vector<Set> r;
  // XMSS: (first OID, n) per hash; heights 10, 16, 20.
  for (auto [o, n] : std::vector<std::pair<uint32_t, unsigned>>{
           {0x01, 32}, {0x07, 32}, {0x0D, 24}, {0x10, 32}, {0x13, 24}})
    for (unsigned i = 0; i < 3; i++) r.push_back({false, o + i, n, i == 0 ? 10u : i == 1 ? 16u : 20u, 1});
  const unsigned hd[8][2] = {{20, 2}, {20, 4}, {40, 2}, {40, 4}, {40, 8}, {60, 3}, {60, 6}, {60, 12}};
  for (auto [o, n] : std::vector<std::pair<uint32_t, unsigned>>{
           {0x01, 32}, {0x11, 32}, {0x21, 24}, {0x29, 32}, {0x31, 24}})
    for (unsigned i = 0; i < 8; i++) r.push_back({true, o + i, n, hd[i][0], hd[i][1]});
  return r;
}
// The bytes of idx_sig: 4 (XMSS), ceil(h/8) (XMSS^MT).
size_t idx_bytes(const Set &s) { return s.mt ? (s.h + 7) / 8 : 4; }
// RFC 8391 sections 4.1.8 and 4.2.3: idx || r || d WOTS+ signatures
// (len = 2n + 3 values of n bytes) || h path nodes.
size_t sig_bytes(const Set &s) { return idx_bytes(s) + s.n + s.d * (2 * s.n + 3) * s.n + s.h * s.n; }
// A signature's idx_sig, big-endian.
uint64_t idx_of(const Bytes &sig, const Set &s) {
  size_t ib = idx_bytes(s);
  uint64_t idx = 0;
  for (size_t i = 0; i < ib && i < sig.size(); i++) idx = idx << 8 | sig[i];
  return idx;
}

// The set's hash: 0 SHA-256 (n = 24, 32), 1 SHAKE128 or SHAKE256.
int shake_of(const Vec &v) { return v.name.find("SHAKE") != std::string::npos; }

// shake: -1 every vector, else those of that hash.
void vectors_verify(int shake) {
  ASSERT_GE(ref().size(), 150u);
  ASSERT_GE(botan().size(), 8u);
  ASSERT_GE(tall().size(), 4u);
  ASSERT_GE(sparse().size(), 60u);
  int n = 0;
  for (const auto &v : all()) {
    if (shake >= 0 && shake_of(v) != shake) continue;
    n++;
    EXPECT_EQ(verify(v, v.sig), FC_OK) << v.name;
    Bytes m = v.msg;
    m.push_back(0);
    EXPECT_EQ(verify(v.mt(), v.pk, m, v.sig), FC_ERR_SIG) << v.name << " (message + 1 byte)";
  }
  EXPECT_GE(n, 60);
}

TEST(Xmss, VectorsVerify) { vectors_verify(-1); }

// Every set with trees of height 10 or less has reference signatures, two
// XMSS h = 16 sets too, and every set with trees of height 16 or 20 sparse-tree
// ones (below); each record's length is RFC 8391's.
TEST(Xmss, Coverage) {
  std::set<std::pair<bool, uint32_t>> seen;
  for (const auto &v : all()) seen.insert({v.mt(), rd32(v.pk.data())});
  int covered = 0;
  for (const Set &s : supported_sets()) {
    if (s.h / s.d > 10) continue;
    EXPECT_TRUE(seen.count({s.mt, s.oid})) << (s.mt ? "XMSS^MT " : "XMSS ") << s.oid;
    covered++;
  }
  EXPECT_EQ(covered, 5 * (1 + 6));
  // Taller trees with reference signatures (xmssref_tall.txt): RFC 8391
  // section 5.3 OID 0x00000002 XMSS-SHA2_16_256, SP 800-208 Table 10 OID
  // 0x00000014 XMSS-SHAKE256_16_192.
  for (uint32_t oid : {0x02u, 0x14u}) EXPECT_TRUE(seen.count({false, oid})) << "XMSS h16 " << oid;
  // Trees of height 16 and 20 (sparse_tall.txt): XMSS h = 16 and 20,
  // XMSS^MT 40/2 and 60/3 of every hash and n, each key signed at
  // idx_sig = 0, once in between and at 2^h - 1 (the last index, which the
  // reference never signs).
  int tall = 0;
  for (const Set &s : supported_sets()) {
    if (s.h / s.d < 16) continue;
    std::set<uint64_t> idx;
    for (const auto &v : sparse())
      if (v.mt() == s.mt && rd32(v.pk.data()) == s.oid) idx.insert(idx_of(v.sig, s));
    bool ok = idx.size() == 3 && idx.count(0) && idx.count((1ull << s.h) - 1);
    EXPECT_TRUE(ok) << (s.mt ? "XMSS^MT " : "XMSS ") << s.oid << ": " << idx.size() << " indices";
    tall += ok;
  }
  ASSERT_EQ(tall, 5 * 4);
  for (const auto &v : all())
    for (const Set &s : supported_sets())
      if (s.mt == v.mt() && s.oid == rd32(v.pk.data())) {
        EXPECT_EQ(v.sig.size(), sig_bytes(s)) << v.name;
        EXPECT_EQ(v.pk.size(), 4 + 2 * s.n) << v.name;
      }
}

// Changes bytes 0, stride, 2 stride, ... of a valid signature in turn (the
// lowest bit at even positions, the highest at odd ones): every one fails.
void flip_all(const Vec &v, size_t stride) {
  Bytes s = v.sig;
  for (size_t i = 0; i < s.size(); i += stride) {
    uint8_t bit = (uint8_t)((i / stride) & 1 ? 0x80 : 0x01);
    s[i] ^= bit;
    ASSERT_EQ(verify(v, s), FC_ERR_SIG) << v.name << " byte " << i;
    s[i] ^= bit;
  }
  EXPECT_EQ(verify(v, s), FC_OK) << v.name;
}

TEST(Xmss, EveryByteFlipped) {
  flip_all(find("XMSS-SHA2_10_256 idx=511"), 1);
  flip_all(find("XMSS-SHAKE256_10_192 idx=0"), 5);
  flip_all(find("XMSSMT-SHA2_20/4_192 idx="), 7);
  flip_all(find("XMSSMT-SHAKE_60/12_256 idx="), 97);
  flip_all(find("XMSSMT-SHA2_60/3_192 sparse idx="), 97);
}

TEST(Xmss, TruncatedAndOversized) {
  for (const auto &v : all()) {
    if (!first_sig(v)) continue;
    for (size_t n = 0; n < v.sig.size(); n++)
      ASSERT_EQ(verify(v, Bytes(v.sig.begin(), v.sig.begin() + n)), FC_ERR_SIG)
          << v.name << " " << n;
    Bytes s = v.sig;
    s.push_back(0);
    EXPECT_EQ(verify(v, s), FC_ERR_SIG) << v.name;
    s.insert(s.end(), 64, 0);
    EXPECT_EQ(verify(v, s), FC_ERR_SIG) << v.name;
  }
}

// idx_sig is big-endian in its first 4 (XMSS) or ceil(h/8) bytes; 2^h and
// beyond are outside the key, and another index inside fails to verify.
TEST(Xmss, IndexOutsideTree) {
  int done = 0;
  for (const auto &v : all()) {
    if (!first_sig(v)) continue;
    const Set *set = nullptr;
    static const std::vector<Set> sets = supported_sets();
    for (const Set &s : sets)
      if (s.mt == v.mt() && s.oid == rd32(v.pk.data())) set = &s;
    ASSERT_NE(set, nullptr) << v.name;
    size_t ib = idx_bytes(*set);
    auto with_idx = [&](uint64_t idx) {
      Bytes s = v.sig;
      for (size_t i = 0; i < ib; i++) s[ib - 1 - i] = (uint8_t)(idx >> (8 * i));
      return s;
    };
    uint64_t lim = 1ull << set->h;
    // Values that fit the idx_sig field (none beyond 2^h when h = 8 ib).
    const uint64_t field = ib >= 8 ? ~(uint64_t)0 : (1ull << (8 * ib)) - 1;
    for (uint64_t idx : {lim, lim + 1, lim * 2 - 1, ~(uint64_t)0})
      if (idx <= field && idx >= lim) {
        EXPECT_EQ(verify(v, with_idx(idx)), FC_ERR_SIG) << v.name << " idx " << idx;
      }
    EXPECT_EQ(verify(v, with_idx(lim - 1)), FC_ERR_SIG) << v.name << " (last leaf)";
    EXPECT_EQ(verify(v, with_idx(1)), FC_ERR_SIG) << v.name << " (idx 1)";
    EXPECT_EQ(verify(v, with_idx(0)), FC_OK) << v.name;
    done++;
  }
  EXPECT_GE(done, 35);
}

TEST(Xmss, Keys) {
  const Vec &v = find("XMSS-SHA2_10_256 idx=0");
  fc_xmss_pubkey key;
  for (size_t n = 0; n < v.pk.size(); n++)
    EXPECT_EQ(fc_xmss_pubkey_init(&key, v.pk.data(), n), FC_ERR_KEY) << n;
  Bytes pk = v.pk;
  pk.push_back(0);
  EXPECT_EQ(fc_xmss_pubkey_init(&key, pk.data(), pk.size()), FC_ERR_KEY);
  // A failed initialiser clears the key: verify then refuses it.
  EXPECT_EQ(fc_xmss_verify(&key, v.msg.data(), v.msg.size(), v.sig.data(), v.sig.size()),
            FC_ERR_ARG);
  // Unknown OIDs (n = 64 sets included: not supported), both spaces.
  for (uint32_t oid : {0u, 4u, 5u, 6u, 0xAu, 0xBu, 0xCu, 0x16u, 0x100u, 0xffffffffu}) {
    pk = v.pk;
    put32(pk.data(), oid);
    EXPECT_EQ(fc_xmss_pubkey_init(&key, pk.data(), pk.size()), FC_ERR_KEY) << oid;
    EXPECT_EQ(fc_xmss_pubkey_init(&key, pk.data(), 4 + 128), FC_ERR_KEY) << oid;
  }
  for (uint32_t oid : {0u, 9u, 0x10u, 0x19u, 0x20u, 0x39u, 0x101u, 0xffffffffu}) {
    pk = v.pk;
    put32(pk.data(), oid);
    EXPECT_EQ(fc_xmssmt_pubkey_init(&key, pk.data(), pk.size()), FC_ERR_KEY) << oid;
  }
  // Every supported OID: accepted with 4 + 2n bytes only; each OID space
  // by its own initialiser (an XMSS OID that is not an XMSS^MT OID fails).
  for (const Set &s : supported_sets()) {
    Bytes k(4 + 2 * s.n, 0x5a);
    put32(k.data(), s.oid);
    auto init = s.mt ? fc_xmssmt_pubkey_init : fc_xmss_pubkey_init;
    auto other = s.mt ? fc_xmss_pubkey_init : fc_xmssmt_pubkey_init;
    EXPECT_EQ(init(&key, k.data(), k.size()), FC_OK) << s.oid;
    for (size_t len : {k.size() - 1, k.size() + 1, k.size() - 8, k.size() + 8, (size_t)4})
      EXPECT_EQ(init(&key, k.data(), len), FC_ERR_KEY) << s.oid << " " << len;
    bool there = false;  // the same OID and n in the other space
    for (const Set &o : supported_sets()) there |= o.mt != s.mt && o.oid == s.oid && o.n == s.n;
    EXPECT_EQ(other(&key, k.data(), k.size()), there ? FC_OK : FC_ERR_KEY) << s.oid;
  }
  // An XMSS key read as XMSS^MT (OID 1 is XMSSMT-SHA2_20/2_256 there): a
  // key, but the signature has the wrong shape.
  EXPECT_EQ(fc_xmssmt_pubkey_init(&key, v.pk.data(), v.pk.size()), FC_OK);
  EXPECT_EQ(fc_xmss_verify(&key, v.msg.data(), v.msg.size(), v.sig.data(), v.sig.size()),
            FC_ERR_SIG);
  EXPECT_EQ(fc_xmss_pubkey_init(nullptr, v.pk.data(), v.pk.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_xmss_pubkey_init(&key, nullptr, 68), FC_ERR_ARG);
  EXPECT_EQ(fc_xmssmt_pubkey_init(&key, nullptr, 68), FC_ERR_ARG);
  EXPECT_EQ(fc_xmssmt_pubkey_init(nullptr, v.pk.data(), v.pk.size()), FC_ERR_ARG);
  // A key in place (pk inside *key), then it verifies.
  memcpy(&key, v.pk.data(), v.pk.size());
  ASSERT_EQ(fc_xmss_pubkey_init(&key, (const uint8_t *)&key, v.pk.size()), FC_OK);
  EXPECT_EQ(fc_xmss_verify(&key, ptr(v.msg), v.msg.size(), v.sig.data(), v.sig.size()), FC_OK);
}

TEST(Xmss, Arguments) {
  const Vec &v = find("XMSS-SHA2_10_256 idx=511");
  fc_xmss_pubkey key;
  memset(&key, 0, sizeof key);
  EXPECT_EQ(fc_xmss_verify(&key, v.msg.data(), v.msg.size(), v.sig.data(), v.sig.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_xmss_verify(nullptr, v.msg.data(), v.msg.size(), v.sig.data(), v.sig.size()),
            FC_ERR_ARG);
  ASSERT_EQ(fc_xmss_pubkey_init(&key, v.pk.data(), v.pk.size()), FC_OK);
  EXPECT_EQ(fc_xmss_verify(&key, nullptr, 1, v.sig.data(), v.sig.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_xmss_verify(&key, v.msg.data(), v.msg.size(), nullptr, 5), FC_ERR_ARG);
  EXPECT_EQ(fc_xmss_verify(&key, v.msg.data(), v.msg.size(), nullptr, 0), FC_ERR_SIG);
  fc_xmss_stream st;
  EXPECT_EQ(fc_xmss_stream_init(nullptr, &key, v.sig.data(), v.sig.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_xmss_stream_init(&st, nullptr, v.sig.data(), v.sig.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_xmss_stream_update(&st, v.msg.data(), 1), FC_ERR_ARG);
  EXPECT_EQ(fc_xmss_stream_final(&st), FC_ERR_ARG);
  EXPECT_EQ(fc_xmss_stream_init(&st, &key, nullptr, 7), FC_ERR_ARG);
  EXPECT_EQ(fc_xmss_stream_init(&st, &key, v.sig.data(), v.sig.size() - 1), FC_ERR_SIG);
  EXPECT_EQ(fc_xmss_stream_final(&st), FC_ERR_ARG);
  ASSERT_EQ(fc_xmss_stream_init(&st, &key, v.sig.data(), v.sig.size()), FC_OK);
  EXPECT_EQ(fc_xmss_stream_update(&st, nullptr, 1), FC_ERR_ARG);
  EXPECT_EQ(fc_xmss_stream_update(&st, v.msg.data(), v.msg.size()), FC_OK);
  EXPECT_EQ(fc_xmss_stream_final(&st), FC_OK);
  EXPECT_EQ(fc_xmss_stream_final(&st), FC_ERR_ARG);
  EXPECT_EQ(fc_xmss_stream_update(&st, v.msg.data(), 1), FC_ERR_ARG);
  EXPECT_EQ(fc_xmss_stream_update(nullptr, v.msg.data(), 1), FC_ERR_ARG);
  EXPECT_EQ(fc_xmss_stream_final(nullptr), FC_ERR_ARG);
  // The key cleared between init and final.
  fc_xmss_pubkey k2 = key;
  ASSERT_EQ(fc_xmss_stream_init(&st, &k2, v.sig.data(), v.sig.size()), FC_OK);
  memset(&k2, 0, sizeof k2);
  EXPECT_EQ(fc_xmss_stream_final(&st), FC_ERR_SIG);
}

// Every set: a key and a signature of RFC 8391's length parse (stream init
// accepts them), reach the trees and fail; one byte more or less, or
// idx_sig = 2^h, is refused at init.
TEST(Xmss, EverySetShape) {
  std::mt19937_64 rng(8391);
  for (const Set &s : supported_sets()) {
    Bytes pk(4 + 2 * s.n), sig(sig_bytes(s));
    for (auto &b : pk) b = (uint8_t)rng();
    for (auto &b : sig) b = (uint8_t)rng();
    put32(pk.data(), s.oid);
    size_t ib = idx_bytes(s);
    uint64_t idx = (1ull << s.h) - 1;
    for (size_t i = 0; i < ib; i++) sig[ib - 1 - i] = (uint8_t)(idx >> (8 * i));
    fc_xmss_pubkey key;
    ASSERT_EQ(key_init(&key, s.mt, pk), FC_OK) << s.oid;
    fc_xmss_stream st;
    ASSERT_EQ(fc_xmss_stream_init(&st, &key, sig.data(), sig.size()), FC_OK) << s.oid;
    ASSERT_EQ(fc_xmss_stream_update(&st, "abc", 3), FC_OK);
    EXPECT_EQ(fc_xmss_stream_final(&st), FC_ERR_SIG) << s.oid;
    EXPECT_EQ(fc_xmss_stream_init(&st, &key, sig.data(), sig.size() - 1), FC_ERR_SIG) << s.oid;
    Bytes longer = sig;
    longer.push_back(0);
    EXPECT_EQ(fc_xmss_stream_init(&st, &key, longer.data(), longer.size()), FC_ERR_SIG) << s.oid;
    idx = 1ull << s.h;
    for (size_t i = 0; i < ib; i++) sig[ib - 1 - i] = (uint8_t)(idx >> (8 * i));
    if (s.h % 8 != 0 || !s.mt) {  // h = 40: idx has exactly h bits, no room above
      EXPECT_EQ(fc_xmss_stream_init(&st, &key, sig.data(), sig.size()), FC_ERR_SIG) << s.oid;
    }
  }
}

TEST(Xmss, StreamEqualsOneShot) {
  std::mt19937_64 rng(8391);
  for (const auto &v : all()) {
    fc_xmss_pubkey key;
    ASSERT_EQ(key_init(&key, v.mt(), v.pk), FC_OK) << v.name;
    for (int trial = 0; trial < 2; trial++) {
      std::vector<size_t> cuts;
      size_t k = v.msg.empty() ? 0 : rng() % 5;
      for (size_t i = 0; i < k; i++) cuts.push_back(rng() % (v.msg.size() + 1));
      std::sort(cuts.begin(), cuts.end());
      EXPECT_EQ(verify_stream(key, v.msg, v.sig, cuts), FC_OK) << v.name;
      if (!v.msg.empty()) {
        Bytes m = v.msg;
        m[rng() % m.size()] ^= 0x40;
        EXPECT_EQ(verify_stream(key, m, v.sig, cuts), FC_ERR_SIG) << v.name;
      }
    }
    Bytes s = v.sig;
    s[s.size() - 1] ^= 1;  // the last path node of the top tree
    EXPECT_EQ(verify_stream(key, v.msg, s, {}), FC_ERR_SIG) << v.name;
  }
}

// ---- Stack ----------------------------------------------------------------

struct Call {
  const fc_xmss_pubkey *key;
  const uint8_t *pk, *msg, *sig;
  size_t pk_len, msg_len, sig_len;
  bool mt;
  fc_err rc;
} g;

[[maybe_unused]] __attribute__((noinline)) void body_verify() {
  g.rc = fc_xmss_verify(g.key, g.msg, g.msg_len, g.sig, g.sig_len);
}
[[maybe_unused]] __attribute__((noinline)) void body_stream() {
  fc_xmss_stream st;
  g.rc = fc_xmss_stream_init(&st, g.key, g.sig, g.sig_len);
  if (g.rc == FC_OK) g.rc = fc_xmss_stream_update(&st, g.msg, g.msg_len);
  if (g.rc == FC_OK) g.rc = fc_xmss_stream_final(&st);
}
[[maybe_unused]] __attribute__((noinline)) void body_key() {
  static fc_xmss_pubkey k2;
  g.rc = g.mt ? fc_xmssmt_pubkey_init(&k2, g.pk, g.pk_len) : fc_xmss_pubkey_init(&k2, g.pk, g.pk_len);
}

// shake: as vectors_verify; kernel: the pinned kernel, for the report.
[[maybe_unused]] void stack_check(int shake, const std::string &kernel) {
  std::map<std::string, std::pair<size_t, size_t>> worst;  // per hash and n
  size_t top = 0;
  for (const auto &v : all()) {
    if (shake >= 0 && shake_of(v) != shake) continue;
    static fc_xmss_pubkey key;
    ASSERT_EQ(key_init(&key, v.mt(), v.pk), FC_OK);
    g = Call{&key, v.pk.data(), (const uint8_t *)ptr(v.msg), v.sig.data(), v.pk.size(),
             v.msg.size(), v.sig.size(), v.mt(), FC_ERR_ARG};
    size_t dv = fct::stack_depth_net(body_verify);
    EXPECT_EQ(g.rc, FC_OK) << v.name;
    g.rc = FC_ERR_ARG;
    size_t ds = fct::stack_depth_net(body_stream);
    EXPECT_EQ(g.rc, FC_OK) << v.name;
    g.rc = FC_ERR_ARG;
    size_t dk = fct::stack_depth_net(body_key);
    EXPECT_EQ(g.rc, FC_OK) << v.name;
    EXPECT_LE(dv, (size_t)FC_XMSS_STACK_MAX) << v.name;
    EXPECT_LE(ds, (size_t)FC_XMSS_STACK_MAX + sizeof(fc_xmss_stream)) << v.name;
    EXPECT_LE(dk, 512u) << v.name;
    EXPECT_GT(dv, 2048u) << v.name << ": implausibly small: did it run?";
    std::string fam = v.name.substr(0, v.name.find('_'));
    fam += v.pk.size() == 4 + 48 ? " n=24" : " n=32";
    auto &w = worst[fam];
    w.first = std::max(w.first, dv);
    w.second = std::max(w.second, ds);
    top = std::max(top, std::max(dv, ds));
  }
  for (const auto &[f, w] : worst)
    std::cout << "[ STACK    ] " << f << " (" << kernel << "): verify " << w.first
              << " B, streamed (stream on the stack) " << w.second << " B\n";
  std::cout << "[ STACK    ] XMSS worst " << top << " B of " << FC_XMSS_STACK_MAX << "\n";
}

TEST(Xmss, Stack) {
#ifdef FCT_ASAN
  GTEST_SKIP() << "sanitizer build: frames differ";
#else
  stack_check(-1, "automatic kernels");
#endif
}

// The chains' PRF and F calls run on FC_OP_SHA256_X (SHA-256 sets) or
// FC_OP_KECCAK_X (SHAKE sets): every vector of that hash, and the stack, on
// each kernel.
class XmssSha256X : public fct::KernelTest {
 protected:
  XmssSha256X() : KernelTest(FC_OP_SHA256_X) {}
};
class XmssKeccakX : public fct::KernelTest {
 protected:
  XmssKeccakX() : KernelTest(FC_OP_KECCAK_X) {}
};
TEST_P(XmssSha256X, VectorsAndStack) {
  vectors_verify(0);
#ifndef FCT_ASAN
  stack_check(0, "sha256_x " + GetParam());
#endif
}
TEST_P(XmssKeccakX, VectorsAndStack) {
  vectors_verify(1);
#ifndef FCT_ASAN
  stack_check(1, "keccak_x " + GetParam());
#endif
}
INSTANTIATE_TEST_SUITE_P(AllKernels, XmssSha256X, ::testing::ValuesIn(fct::kernels(FC_OP_SHA256_X)),
                         [](const auto &i) { return fct::param_name(i.param); });
INSTANTIATE_TEST_SUITE_P(AllKernels, XmssKeccakX, ::testing::ValuesIn(fct::kernels(FC_OP_KECCAK_X)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
