// fc_rsa_pubkey_from_der against the strict-DER contract (X.690 10.1: definite,
// minimal lengths; positive minimal INTEGERs; nothing trailing at any level;
// RFC 8017 A.1.1 RSAPublicKey; RFC 5280 4.1 / RFC 3279 2.3.1
// SubjectPublicKeyInfo with rsaEncryption and NULL parameters).
// Encodings are built here with a small DER writer; hand-made violations,
// every truncation, and a deterministic mutation fuzz whose every outcome is
// checked against an independent decoder written below.
#include <gtest/gtest.h>

#include <cstring>
#include <initializer_list>
#include <iostream>
#include <memory>

#include "fc_test.h"

using fct::Bytes;
using fct::Rng;

namespace {

// ---------------------------------------------------------------- writer

Bytes cat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes &p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

// Minimal definite length octets (X.690 8.1.3, 10.1).
Bytes len_octets(size_t n) {
  if (n < 0x80) return {(uint8_t)n};
  Bytes be;
  for (size_t v = n; v; v >>= 8) be.insert(be.begin(), (uint8_t)v);
  be.insert(be.begin(), (uint8_t)(0x80 | be.size()));
  return be;
}

Bytes tlv(uint8_t tag, const Bytes &content) {
  return cat({{tag}, len_octets(content.size()), content});
}

// Explicit (possibly wrong) length octets.
Bytes tlv_raw(uint8_t tag, const Bytes &len, const Bytes &content) {
  return cat({{tag}, len, content});
}

Bytes strip(Bytes b) {
  size_t i = 0;
  while (i < b.size() && b[i] == 0) i++;
  return Bytes(b.begin() + (long)i, b.end());
}

// Minimal non-negative INTEGER content for a big-endian magnitude.
Bytes int_content(const Bytes &mag) {
  Bytes m = strip(mag);
  if (m.empty() || (m[0] & 0x80)) m.insert(m.begin(), 0);
  return m;
}
Bytes der_int(const Bytes &mag) { return tlv(0x02, int_content(mag)); }

const Bytes kE65537 = {0x01, 0x00, 0x01};
const Bytes kRsaOid = {0x2a, 0x86, 0x48, 0x86, 0xf7,
                       0x0d, 0x01, 0x01, 0x01};  // 1.2.840.113549.1.1.1
const Bytes kNull = {0x05, 0x00};

Bytes seq(const Bytes &content) { return tlv(0x30, content); }
Bytes pkcs1(const Bytes &n, const Bytes &e) { return seq(cat({der_int(n), der_int(e)})); }
Bytes alg_id() { return seq(cat({tlv(0x06, kRsaOid), kNull})); }
Bytes bit_string(const Bytes &payload) { return tlv(0x03, cat({{0x00}, payload})); }
Bytes spki_wrap(const Bytes &rsa_public_key) {
  return seq(cat({alg_id(), bit_string(rsa_public_key)}));
}
Bytes spki(const Bytes &n, const Bytes &e) { return spki_wrap(pkcs1(n, e)); }

// Random odd modulus of exactly `bits` bits, big-endian, no leading zero byte.
Bytes modulus(Rng &rng, unsigned bits) {
  Bytes n((bits + 7) / 8);
  for (auto &b : n) b = (uint8_t)rng.u32();
  unsigned top = bits - 8 * ((unsigned)n.size() - 1);  // 1..8 bits in n[0]
  n[0] &= (uint8_t)((1u << top) - 1);
  n[0] |= (uint8_t)(1u << (top - 1));
  n.back() |= 1;
  return n;
}

// Big-endian a + d (d may be negative; no underflow below zero asked for).
Bytes add_small(Bytes a, int d) {
  int carry = d;
  for (size_t i = a.size(); i-- > 0 && carry != 0;) {
    int v = a[i] + carry;
    carry = 0;
    while (v < 0) {
      v += 256;
      carry--;
    }
    while (v > 255) {
      v -= 256;
      carry++;
    }
    a[i] = (uint8_t)v;
  }
  if (carry > 0) a.insert(a.begin(), (uint8_t)carry);
  return a;
}

// ---------------------------------------------------------------- reference decoder

// Written independently of src/rsa/der.c; the contract as plain rules.
enum class Verdict { kOk, kDer, kKey };

struct Cursor {
  const uint8_t *p;
  size_t n;
};

// One TLV of the wanted tag, minimal definite length, inside c.
bool take(Cursor &c, uint8_t tag, Cursor &content) {
  if (c.n < 2 || c.p[0] != tag) return false;
  size_t pos = 2, len = c.p[1];
  if (len & 0x80) {
    size_t k = len & 0x7f;
    if (k == 0 || k > 4) return false;  // indefinite; or >= 2^32, beyond any buffer here
    if (c.n < 2 + k || c.p[2] == 0) return false;
    len = 0;
    for (size_t i = 0; i < k; i++) len = len * 256 + c.p[2 + i];
    if (len < 0x80) return false;
    pos = 2 + k;
  }
  if (c.n - pos < len) return false;
  content = {c.p + pos, len};
  c.p += pos + len;
  c.n -= pos + len;
  return true;
}

bool take_uint(Cursor &c, Bytes &mag) {
  Cursor v;
  if (!take(c, 0x02, v) || v.n == 0) return false;
  if (v.p[0] >= 0x80) return false;
  if (v.n >= 2 && v.p[0] == 0x00 && v.p[1] < 0x80) return false;
  mag = strip(Bytes(v.p, v.p + v.n));
  return true;
}

bool rsa_public_key(Cursor c, Bytes &n, Bytes &e) {
  Cursor s;
  return take(c, 0x30, s) && c.n == 0 && take_uint(s, n) && take_uint(s, e) && s.n == 0;
}

unsigned bit_len(const Bytes &m) {  // m stripped
  if (m.empty()) return 0;
  unsigned b = 8 * (unsigned)(m.size() - 1);
  for (uint8_t t = m[0]; t; t >>= 1) b++;
  return b;
}

int cmp_be(const Bytes &a, const Bytes &b) {  // both stripped
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  int c = std::memcmp(a.data(), b.data(), a.size());
  return c < 0 ? -1 : c > 0;
}

Verdict ref_decode(const Bytes &der, Bytes &n, Bytes &e) {
  Cursor all{der.data(), der.size()}, outer;
  if (!take(all, 0x30, outer) || all.n != 0) return Verdict::kDer;
  bool ok;
  if (outer.n > 0 && outer.p[0] == 0x02) {
    ok = rsa_public_key({der.data(), der.size()}, n, e);
  } else {
    Cursor alg, oid, params, bits;
    ok = take(outer, 0x30, alg) && take(alg, 0x06, oid) && oid.n == kRsaOid.size() &&
         std::memcmp(oid.p, kRsaOid.data(), oid.n) == 0 && take(alg, 0x05, params) &&
         params.n == 0 && alg.n == 0 && take(outer, 0x03, bits) && outer.n == 0 && bits.n >= 1 &&
         bits.p[0] == 0 && rsa_public_key({bits.p + 1, bits.n - 1}, n, e);
  }
  if (!ok) return Verdict::kDer;
  unsigned nb = bit_len(n);
  if (nb < 512 || nb > 8192 || !(n.back() & 1)) return Verdict::kKey;
  if (e.empty() || !(e.back() & 1) || (e.size() == 1 && e[0] < 3)) return Verdict::kKey;
  if (cmp_be(e, n) >= 0) return Verdict::kKey;
  return Verdict::kOk;
}

// ---------------------------------------------------------------- calling the library

// The buffer is a heap block of exactly der.size() bytes, so ASan builds
// catch any read past it.
fc_err parse(fc_rsa_pubkey *key, const Bytes &der) {
  std::unique_ptr<uint8_t[]> buf(new uint8_t[der.size()]);
  if (!der.empty()) std::memcpy(buf.get(), der.data(), der.size());
  return fc_rsa_pubkey_from_der(key, buf.get(), der.size());
}

fc_err parse(const Bytes &der) {
  static fc_rsa_pubkey key;
  return parse(&key, der);
}

// The key holds exactly n and e (big-endian, leading zeros ignored).
void expect_key(const fc_rsa_pubkey &k, const Bytes &n0, const Bytes &e0) {
  Bytes n = strip(n0), e = strip(e0);
  unsigned bits = bit_len(n);
  ASSERT_EQ(k.nbytes, n.size());
  ASSERT_EQ(k.e_len, e.size());
  EXPECT_EQ(Bytes(k.e, k.e + k.e_len), e);
  EXPECT_EQ(k.mont.nbits, bits);
  ASSERT_EQ(k.mont.nwords, (bits + 31) / 32);
  for (size_t i = 0; i < k.mont.nwords; i++) {
    uint32_t w = 0;
    for (size_t j = 0; j < 4; j++) {
      size_t pos = 4 * i + j;  // byte significance
      if (pos < n.size()) w |= (uint32_t)n[n.size() - 1 - pos] << (8 * j);
    }
    ASSERT_EQ(k.mont.n[i], w) << "word " << i;
  }
  EXPECT_EQ(k.hash, 0);
}


fc_err to_err(Verdict v) {
  return v == Verdict::kOk ? FC_OK : v == Verdict::kDer ? FC_ERR_DER : FC_ERR_KEY;
}

struct Fixture : ::testing::Test {
  Rng rng{0xde5};
  Bytes n512 = modulus(rng, 512);    // INTEGER 02 41 00.., PKCS#1 30 48 (short forms)
  Bytes n1024 = modulus(rng, 1024);  // INTEGER 02 81 81 00.. (one-octet long form)
  Bytes n2048 = modulus(rng, 2048);  // INTEGER 02 82 01 01 00.. (two-octet long form)
};

// Runs one labelled case.
#define EXPECT_DER_RC(bytes, want) \
  EXPECT_EQ(fct::err_name(parse(bytes)), std::string(fct::err_name(want))) << "input " << fct::to_hex(bytes)

// ---------------------------------------------------------------- well-formed

TEST_F(Fixture, WriterSelfCheck) {
  // The writer's output for a 512-bit key, byte for byte (X.690 8.3, 8.9, 10.1).
  Bytes p = pkcs1(n512, kE65537);
  ASSERT_EQ(p.size(), 2u + 2 + 65 + 5);
  EXPECT_EQ(Bytes(p.begin(), p.begin() + 5), (Bytes{0x30, 0x48, 0x02, 0x41, 0x00}));
  EXPECT_EQ(Bytes(p.end() - 5, p.end()), (Bytes{0x02, 0x03, 0x01, 0x00, 0x01}));
  Bytes s = spki(n2048, kE65537);  // the usual 294-byte SPKI header
  EXPECT_EQ(Bytes(s.begin(), s.begin() + 32),
            fct::hex("30820122300d06092a864886f70d01010105000382010f003082010a02820101"));
  Bytes a, b;
  EXPECT_EQ(ref_decode(p, a, b), Verdict::kOk);
  EXPECT_EQ(a, n512);
  EXPECT_EQ(b, kE65537);
}

TEST_F(Fixture, AcceptsBothFormsAtEveryLengthForm) {
  fc_rsa_pubkey key;
  for (const Bytes *n : {&n512, &n1024, &n2048}) {
    for (const Bytes &e :
         {kE65537, Bytes{3}, Bytes{0x7f}, Bytes{0x80, 0x01}, Bytes{0xff, 0xff, 0xff, 0xff, 0xff}}) {
      SCOPED_TRACE(fct::to_hex(e));
      ASSERT_EQ(parse(&key, pkcs1(*n, e)), FC_OK);
      expect_key(key, *n, e);
      ASSERT_EQ(parse(&key, spki(*n, e)), FC_OK);
      expect_key(key, *n, e);
    }
  }
}

// Real SubjectPublicKeyInfo files (vboot test keys) against the same keys' .keyb.
Bytes base64(const std::string &s) {
  Bytes out;
  uint32_t acc = 0;
  int nb = 0;
  for (char c : s) {
    int v = c >= 'A' && c <= 'Z'   ? c - 'A'
            : c >= 'a' && c <= 'z' ? c - 'a' + 26
            : c >= '0' && c <= '9' ? c - '0' + 52
            : c == '+'             ? 62
            : c == '/'             ? 63
                                   : -1;
    if (v < 0) continue;
    acc = acc << 6 | (uint32_t)v;
    nb += 6;
    if (nb >= 8) {
      nb -= 8;
      out.push_back((uint8_t)(acc >> nb));
    }
  }
  return out;
}

Bytes pem_body(const std::string &pem) {
  size_t b = pem.find("-----BEGIN PUBLIC KEY-----"), e = pem.find("-----END PUBLIC KEY-----");
  if (b == std::string::npos || e == std::string::npos) return {};
  b += std::strlen("-----BEGIN PUBLIC KEY-----");
  return base64(pem.substr(b, e - b));
}

TEST(RealKeys, PemMatchesKeyb) {
  for (int bits : {1024, 2048, 4096, 8192}) {
    std::string base = fct::vectors_dir() + "/vboot/testkeys/key_rsa" + std::to_string(bits);
    SCOPED_TRACE(base);
    Bytes der = pem_body(fct::read_text(base + ".pub.pem"));
    Bytes keyb = fct::read_file(base + ".keyb");
    ASSERT_FALSE(der.empty());
    ASSERT_EQ(keyb.size(), 8u + (size_t)bits / 4);
    Bytes n(bits / 8);  // keyb: LE words, least significant first = LE bytes
    for (size_t i = 0; i < n.size(); i++) n[n.size() - 1 - i] = keyb[8 + i];
    EXPECT_EQ(der, spki(n, kE65537)) << "the file is the canonical encoding of n, 65537";
    fc_rsa_pubkey key;
    ASSERT_EQ(parse(&key, der), FC_OK);
    expect_key(key, n, kE65537);
    EXPECT_EQ(key.mont.nbits, (unsigned)bits);
    // The BIT STRING's payload alone is the PKCS#1 form.
    Cursor c{der.data(), der.size()}, outer, alg, bs;
    ASSERT_TRUE(take(c, 0x30, outer) && take(outer, 0x30, alg) && take(outer, 0x03, bs));
    Bytes inner(bs.p + 1, bs.p + bs.n);
    ASSERT_EQ(parse(&key, inner), FC_OK);
    expect_key(key, n, kE65537);
  }
}

// ---------------------------------------------------------------- sizes and numbers

TEST_F(Fixture, ModulusSizeBoundaries) {
  fc_rsa_pubkey key;
  Rng r(77);
  struct {
    unsigned bits;
    fc_err want;
  } cases[] = {{511, FC_ERR_KEY},  {512, FC_OK},       {513, FC_OK},
               {8191, FC_OK},      {8192, FC_OK},      {8193, FC_ERR_KEY},
               {8200, FC_ERR_KEY}, {9000, FC_ERR_KEY}, {64, FC_ERR_KEY}};
  for (auto c : cases) {
    Bytes n = modulus(r, c.bits);
    for (const Bytes &der : {pkcs1(n, kE65537), spki(n, kE65537)}) {
      SCOPED_TRACE(c.bits);
      EXPECT_STREQ(fct::err_name(parse(&key, der)), fct::err_name(c.want));
      if (c.want == FC_OK) expect_key(key, n, kE65537);
    }
  }
  // 70000-byte modulus: three-octet length, well-formed, unusable.
  Bytes big = modulus(r, 70000 * 8);
  Bytes der = pkcs1(big, kE65537);
  ASSERT_EQ(der[1], 0x83);
  EXPECT_STREQ(fct::err_name(parse(der)), "KEY");
}

TEST_F(Fixture, UnusableNumbersAreKeyErrors) {
  Bytes even = add_small(n2048, -1);  // n is odd
  Bytes n_minus_2 = add_small(n2048, -2), n_plus_2 = add_small(n2048, 2);
  ASSERT_EQ(n_plus_2.size(), n2048.size());  // random n: no carry out
  struct {
    const char *what;
    Bytes n, e;
    fc_err want;
  } cases[] = {
      {"even n", even, kE65537, FC_ERR_KEY},
      {"n = 0", {0}, kE65537, FC_ERR_KEY},
      {"n = 1", {1}, {3}, FC_ERR_KEY},
      {"e = 0", n2048, {0}, FC_ERR_KEY},
      {"e = 1", n2048, {1}, FC_ERR_KEY},
      {"e = 2", n2048, {2}, FC_ERR_KEY},
      {"e = 3", n2048, {3}, FC_OK},
      {"e = 65536", n2048, {1, 0, 0}, FC_ERR_KEY},
      {"e = 2^64", n2048, {1, 0, 0, 0, 0, 0, 0, 0, 0}, FC_ERR_KEY},
      {"e = n", n2048, n2048, FC_ERR_KEY},
      {"e = n + 2", n2048, n_plus_2, FC_ERR_KEY},
      {"e = n - 2", n2048, n_minus_2, FC_OK},
      {"e longer than n", n2048, cat({{1}, n2048}), FC_ERR_KEY},
  };
  fc_rsa_pubkey key;
  for (auto &c : cases) {
    SCOPED_TRACE(c.what);
    const Bytes &ev = c.e;
    for (const Bytes &der : {pkcs1(c.n, ev), spki(c.n, ev)}) {
      Bytes rn, re;
      ASSERT_EQ(to_err(ref_decode(der, rn, re)), c.want) << "reference decoder";
      EXPECT_STREQ(fct::err_name(parse(&key, der)), fct::err_name(c.want));
      if (c.want == FC_OK) expect_key(key, c.n, ev);
    }
  }
}

TEST(Args, NullPointers) {
  fc_rsa_pubkey key;
  Rng r(5);
  Bytes der = pkcs1(modulus(r, 1024), kE65537);
  EXPECT_EQ(fc_rsa_pubkey_from_der(nullptr, der.data(), der.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_pubkey_from_der(&key, nullptr, der.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_pubkey_from_der(&key, nullptr, 0), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_pubkey_from_der(nullptr, nullptr, 0), FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_pubkey_from_der(&key, der.data(), der.size()), FC_OK);
}

// ---------------------------------------------------------------- malformed

TEST_F(Fixture, LengthViolations) {
  Bytes ni = der_int(n512), ei = der_int(kE65537);
  Bytes body = cat({ni, ei});  // 72 bytes
  ASSERT_EQ(body.size(), 0x48u);
  Bytes n2i = der_int(n2048), body2 = cat({n2i, ei});  // 265 bytes
  ASSERT_EQ(body2.size(), 0x10au);
  Bytes ok512 = tlv_raw(0x30, {0x48}, body);
  EXPECT_DER_RC(ok512, FC_OK);
  EXPECT_DER_RC(tlv_raw(0x30, {0x82, 0x01, 0x0a}, body2), FC_OK);

  // long form where the short form suffices
  EXPECT_DER_RC(tlv_raw(0x30, {0x81, 0x48}, body), FC_ERR_DER);
  EXPECT_DER_RC(tlv_raw(0x30, {0x82, 0x00, 0x48}, body), FC_ERR_DER);
  EXPECT_DER_RC(tlv_raw(0x30, {0x48}, cat({ni, tlv_raw(0x02, {0x81, 0x03}, kE65537)})), FC_ERR_DER);
  EXPECT_DER_RC(tlv_raw(0x30, {0x48}, cat({tlv_raw(0x02, {0x81, 0x41}, int_content(n512)), ei})),
                FC_ERR_DER);
  // long form with a leading zero octet
  EXPECT_DER_RC(tlv_raw(0x30, {0x83, 0x00, 0x01, 0x0a}, body2), FC_ERR_DER);
  EXPECT_DER_RC(tlv_raw(0x30, {0x82, 0x01, 0x0b},
                        cat({tlv_raw(0x02, {0x83, 0x00, 0x01, 0x01}, int_content(n2048)), ei})),
                FC_ERR_DER);
  EXPECT_DER_RC(tlv_raw(0x30, {0x84, 0x00, 0x00, 0x01, 0x0a}, body2), FC_ERR_DER);
  // indefinite length (BER only), with and without end-of-contents octets
  EXPECT_DER_RC(cat({tlv_raw(0x30, {0x80}, body), {0x00, 0x00}}), FC_ERR_DER);
  EXPECT_DER_RC(tlv_raw(0x30, {0x80}, body), FC_ERR_DER);
  EXPECT_DER_RC(
      tlv_raw(0x30, {0x48}, cat({tlv_raw(0x02, {0x80}, cat({int_content(n512), {0, 0}})), ei})),
      FC_ERR_DER);
  // reserved 0xff, and lengths of 4, 5 and 8 octets
  EXPECT_DER_RC(tlv_raw(0x30, {0xff}, body), FC_ERR_DER);
  EXPECT_DER_RC(tlv_raw(0x30, {0x84, 0x01, 0x00, 0x00, 0x00}, body), FC_ERR_DER);
  EXPECT_DER_RC(tlv_raw(0x30, {0x85, 0x01, 0x00, 0x00, 0x00, 0x48}, body), FC_ERR_DER);
  EXPECT_DER_RC(tlv_raw(0x30, {0x88, 0x80, 0, 0, 0, 0, 0, 0, 0x48}, body), FC_ERR_DER);
  // length beyond the buffer / beyond the enclosing element
  EXPECT_DER_RC(tlv_raw(0x30, {0x49}, body), FC_ERR_DER);
  EXPECT_DER_RC(tlv_raw(0x30, {0x7f}, body), FC_ERR_DER);
  EXPECT_DER_RC(tlv_raw(0x30, {0x82, 0x01, 0x0b}, body2), FC_ERR_DER);
  EXPECT_DER_RC(tlv_raw(0x30, {0x83, 0xff, 0xff, 0xff}, body2), FC_ERR_DER);
  EXPECT_DER_RC(tlv_raw(0x30, {0x48}, cat({ni, tlv_raw(0x02, {0x04}, kE65537)})), FC_ERR_DER);
  EXPECT_DER_RC(cat({tlv_raw(0x30, {0x48}, cat({ni, tlv_raw(0x02, {0x04}, kE65537)})), {0x01}}),
                FC_ERR_DER);  // e runs past its SEQUENCE into a trailing byte
  EXPECT_DER_RC(tlv_raw(0x30, {0x48}, cat({tlv_raw(0x02, {0x42}, int_content(n512)), ei})),
                FC_ERR_DER);  // n swallows e's tag
  // only a tag, only a tag and a length octet
  EXPECT_DER_RC(Bytes({0x30}), FC_ERR_DER);
  EXPECT_DER_RC(Bytes({0x30, 0x81}), FC_ERR_DER);
  EXPECT_DER_RC(Bytes({0x30, 0x82, 0x01}), FC_ERR_DER);
  EXPECT_DER_RC(Bytes(), FC_ERR_DER);
  EXPECT_DER_RC(Bytes({0x30, 0x00}), FC_ERR_DER);
}

TEST_F(Fixture, IntegerViolations) {
  Bytes ei = der_int(kE65537), ni = der_int(n512);
  auto key = [](const Bytes &n_tlv, const Bytes &e_tlv) { return seq(cat({n_tlv, e_tlv})); };
  EXPECT_DER_RC(key(ni, ei), FC_OK);
  // negative
  EXPECT_DER_RC(key(tlv(0x02, n512), ei), FC_ERR_DER);  // top bit set, no 00
  EXPECT_DER_RC(key(ni, tlv(0x02, {0xff})), FC_ERR_DER);
  EXPECT_DER_RC(key(ni, tlv(0x02, {0x81, 0x00, 0x01})), FC_ERR_DER);
  EXPECT_DER_RC(key(ni, tlv(0x02, {0xff, 0x81})), FC_ERR_DER);
  // superfluous leading 00 (the next octet's top bit is clear)
  EXPECT_DER_RC(key(tlv(0x02, cat({{0x00}, int_content(n512)})), ei), FC_ERR_DER);
  EXPECT_DER_RC(key(ni, tlv(0x02, {0x00, 0x01, 0x00, 0x01})), FC_ERR_DER);
  EXPECT_DER_RC(key(ni, tlv(0x02, {0x00, 0x03})), FC_ERR_DER);
  EXPECT_DER_RC(key(ni, tlv(0x02, {0x00, 0x00, 0x03})), FC_ERR_DER);
  Bytes n_small_top = n512;
  n_small_top[0] = 0x01;  // 505 bits: unusable, but the encoding is what is tested
  EXPECT_DER_RC(key(tlv(0x02, cat({{0x00}, n_small_top})), ei), FC_ERR_DER);
  EXPECT_DER_RC(key(der_int(n_small_top), ei), FC_ERR_KEY);
  // a needed 00 is fine: e = 0x80 01
  EXPECT_DER_RC(key(ni, tlv(0x02, {0x00, 0x80, 0x01})), FC_OK);
  // empty INTEGER
  EXPECT_DER_RC(key(tlv(0x02, {}), ei), FC_ERR_DER);
  EXPECT_DER_RC(key(ni, tlv(0x02, {})), FC_ERR_DER);
  // zero is a well-formed INTEGER, an unusable number
  EXPECT_DER_RC(key(ni, tlv(0x02, {0x00})), FC_ERR_KEY);
  EXPECT_DER_RC(key(tlv(0x02, {0x00}), ei), FC_ERR_KEY);
  // the same through SPKI
  EXPECT_DER_RC(spki_wrap(key(tlv(0x02, n512), ei)), FC_ERR_DER);
  EXPECT_DER_RC(spki_wrap(key(ni, tlv(0x02, {0x00, 0x03}))), FC_ERR_DER);
  EXPECT_DER_RC(spki_wrap(key(ni, tlv(0x02, {}))), FC_ERR_DER);
}

TEST_F(Fixture, TrailingBytesAtEveryLevel) {
  Bytes ni = der_int(n512), ei = der_int(kE65537), p = pkcs1(n512, kE65537);
  Bytes oid = tlv(0x06, kRsaOid);
  EXPECT_DER_RC(cat({p, {0x00}}), FC_ERR_DER);
  EXPECT_DER_RC(cat({p, kNull}), FC_ERR_DER);
  EXPECT_DER_RC(cat({p, p}), FC_ERR_DER);
  EXPECT_DER_RC(cat({spki(n512, kE65537), {0x00}}), FC_ERR_DER);
  // inside RSAPublicKey: a stray octet, a NULL, a third INTEGER
  EXPECT_DER_RC(seq(cat({ni, ei, {0x00}})), FC_ERR_DER);
  EXPECT_DER_RC(seq(cat({ni, ei, kNull})), FC_ERR_DER);
  EXPECT_DER_RC(seq(cat({ni, ei, der_int({1})})), FC_ERR_DER);
  EXPECT_DER_RC(spki_wrap(seq(cat({ni, ei, {0x00}}))), FC_ERR_DER);
  // inside the BIT STRING, after RSAPublicKey
  EXPECT_DER_RC(seq(cat({alg_id(), bit_string(cat({p, {0x00}}))})), FC_ERR_DER);
  // inside SubjectPublicKeyInfo, after the BIT STRING
  EXPECT_DER_RC(seq(cat({alg_id(), bit_string(p), {0x00}})), FC_ERR_DER);
  EXPECT_DER_RC(seq(cat({alg_id(), bit_string(p), kNull})), FC_ERR_DER);
  // inside AlgorithmIdentifier, after the NULL
  EXPECT_DER_RC(seq(cat({seq(cat({oid, kNull, {0x00}})), bit_string(p)})), FC_ERR_DER);
  EXPECT_DER_RC(seq(cat({seq(cat({oid, kNull, kNull})), bit_string(p)})), FC_ERR_DER);
}

TEST_F(Fixture, MissingParts) {
  Bytes ni = der_int(n512), ei = der_int(kE65537), p = pkcs1(n512, kE65537);
  Bytes oid = tlv(0x06, kRsaOid);
  EXPECT_DER_RC(seq(ni), FC_ERR_DER);
  EXPECT_DER_RC(seq(ei), FC_ERR_DER);
  EXPECT_DER_RC(ni, FC_ERR_DER);
  EXPECT_DER_RC(seq(seq(cat({ni, ei}))), FC_ERR_DER);
  EXPECT_DER_RC(seq(alg_id()), FC_ERR_DER);
  EXPECT_DER_RC(seq(bit_string(p)), FC_ERR_DER);
  EXPECT_DER_RC(seq(cat({bit_string(p), alg_id()})), FC_ERR_DER);
  EXPECT_DER_RC(seq(cat({seq(oid), bit_string(p)})), FC_ERR_DER);    // parameters absent
  EXPECT_DER_RC(seq(cat({seq(kNull), bit_string(p)})), FC_ERR_DER);  // OID absent
  EXPECT_DER_RC(seq(cat({seq({}), bit_string(p)})), FC_ERR_DER);
  EXPECT_DER_RC(seq(cat({alg_id(), tlv(0x03, {})})), FC_ERR_DER);  // empty BIT STRING
  EXPECT_DER_RC(seq(cat({alg_id(), tlv(0x03, {0x00})})), FC_ERR_DER);
  EXPECT_DER_RC(seq(cat({alg_id(), bit_string(seq({}))})), FC_ERR_DER);
  EXPECT_DER_RC(seq(cat({alg_id(), bit_string(spki(n512, kE65537))})), FC_ERR_DER);  // nested SPKI
  // RSAPublicKey with n and e swapped is well-formed DER; n = 65537 is unusable
  EXPECT_DER_RC(seq(cat({ei, ni})), FC_ERR_KEY);
}

TEST_F(Fixture, AlgorithmIdentifierViolations) {
  Bytes p = pkcs1(n512, kE65537);
  auto with_alg = [&](const Bytes &alg_content) {
    return seq(cat({seq(alg_content), bit_string(p)}));
  };
  Bytes oid = tlv(0x06, kRsaOid);
  EXPECT_DER_RC(with_alg(cat({oid, kNull})), FC_OK);
  Bytes pss = kRsaOid, sha256rsa = kRsaOid;
  pss.back() = 0x0a;        // 1.2.840.113549.1.1.10 id-RSASSA-PSS
  sha256rsa.back() = 0x0b;  // 1.2.840.113549.1.1.11 sha256WithRSAEncryption
  EXPECT_DER_RC(with_alg(cat({tlv(0x06, pss), kNull})), FC_ERR_DER);
  EXPECT_DER_RC(with_alg(cat({tlv(0x06, sha256rsa), kNull})), FC_ERR_DER);
  EXPECT_DER_RC(with_alg(cat({tlv(0x06, Bytes(kRsaOid.begin(), kRsaOid.end() - 1)), kNull})),
                FC_ERR_DER);
  EXPECT_DER_RC(with_alg(cat({tlv(0x06, cat({kRsaOid, {0x01}})), kNull})), FC_ERR_DER);
  EXPECT_DER_RC(with_alg(cat({tlv(0x06, {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01}), kNull})),
                FC_ERR_DER);  // 1.2.840.10045.2.1 id-ecPublicKey
  EXPECT_DER_RC(with_alg(cat({tlv(0x06, {}), kNull})), FC_ERR_DER);
  // parameters: NULL with content, something else than NULL
  EXPECT_DER_RC(with_alg(cat({oid, {0x05, 0x01, 0x00}})), FC_ERR_DER);
  EXPECT_DER_RC(with_alg(cat({oid, {0x05, 0x81, 0x00}})), FC_ERR_DER);
  EXPECT_DER_RC(with_alg(cat({oid, seq({})})), FC_ERR_DER);
  EXPECT_DER_RC(with_alg(cat({oid, tlv(0x04, {})})), FC_ERR_DER);
  // unused-bits octet other than 0
  for (uint8_t unused : {0x01, 0x07, 0x08, 0xff})
    EXPECT_DER_RC(seq(cat({alg_id(), tlv(0x03, cat({{unused}, p}))})), FC_ERR_DER);
}

TEST_F(Fixture, WrongTags) {
  Bytes ni = der_int(n512), ei = der_int(kE65537), p = pkcs1(n512, kE65537);
  Bytes icn = int_content(n512), ice = int_content(kE65537), oid = tlv(0x06, kRsaOid);
  auto spki_parts = [&](uint8_t outer, uint8_t alg, uint8_t oidt, uint8_t nullt, uint8_t bst,
                        const Bytes &inner) {
    return tlv(outer, cat({tlv(alg, cat({tlv(oidt, kRsaOid), tlv(nullt, {})})),
                           tlv(bst, cat({{0x00}, inner}))}));
  };
  EXPECT_DER_RC(spki_parts(0x30, 0x30, 0x06, 0x05, 0x03, p), FC_OK);
  for (uint8_t t : {0x31, 0x10, 0x20, 0x70, 0xb0})
    EXPECT_DER_RC(tlv(t, cat({ni, ei})), FC_ERR_DER);  // outer of PKCS#1
  for (uint8_t t : {0x03, 0x04, 0x0a, 0x22, 0x82, 0x00})
    EXPECT_DER_RC(seq(cat({tlv(t, icn), ei})), FC_ERR_DER);
  for (uint8_t t : {0x03, 0x04, 0x0a, 0x22, 0x82, 0x00})
    EXPECT_DER_RC(seq(cat({ni, tlv(t, ice)})), FC_ERR_DER);
  for (uint8_t t : {0x31, 0x10, 0x20}) {
    EXPECT_DER_RC(spki_parts(t, 0x30, 0x06, 0x05, 0x03, p), FC_ERR_DER);
    EXPECT_DER_RC(spki_parts(0x30, t, 0x06, 0x05, 0x03, p), FC_ERR_DER);
  }
  for (uint8_t t : {0x0d, 0x26, 0x04, 0x05})
    EXPECT_DER_RC(spki_parts(0x30, 0x30, t, 0x05, 0x03, p), FC_ERR_DER);
  for (uint8_t t : {0x04, 0x25, 0x00, 0x06})
    EXPECT_DER_RC(spki_parts(0x30, 0x30, 0x06, t, 0x03, p), FC_ERR_DER);
  for (uint8_t t : {0x04, 0x23, 0x02, 0x30})  // OCTET STRING, constructed BIT STRING ...
    EXPECT_DER_RC(spki_parts(0x30, 0x30, 0x06, 0x05, t, p), FC_ERR_DER);
  EXPECT_DER_RC(spki_parts(0x30, 0x30, 0x06, 0x05, 0x03, tlv(0x31, cat({ni, ei}))), FC_ERR_DER);
}

// ---------------------------------------------------------------- truncation and fuzz

TEST_F(Fixture, EveryTruncation) {
  for (const Bytes &full :
       {pkcs1(n2048, kE65537), spki(n2048, kE65537), pkcs1(n512, {3}), spki(n1024, kE65537)}) {
    ASSERT_EQ(parse(full), FC_OK);
    for (size_t len = 0; len < full.size(); len++) {
      fc_err rc = parse(Bytes(full.begin(), full.begin() + (long)len));
      ASSERT_EQ(rc, FC_ERR_DER) << "truncated to " << len << " of " << full.size() << ": "
                                << fct::err_name(rc);
    }
  }
}

TEST_F(Fixture, MutationFuzzAgreesWithReference) {
  Rng r(2024);
  Bytes n_odd = modulus(r, 777), n_min = modulus(r, 512), n_short = modulus(r, 511);
  n_min[0] = 0x80;  // one bit flip away from 511 bits
  const Bytes seeds[] = {pkcs1(n512, kE65537), spki(n512, kE65537),
                         pkcs1(n_min, {3}),    spki(n_odd, {0x01, 0x00, 0x00, 0x00, 0x01}),
                         pkcs1(n_short, {3}),  spki(n1024, {3}),
                         pkcs1(n1024, {5}),    spki(n2048, kE65537)};
  const uint8_t special[] = {0x00, 0x01, 0x02, 0x03, 0x05, 0x06, 0x30, 0x7f, 0x80,
                             0x81, 0x82, 0x83, 0x84, 0xff, 0x48, 0x49, 0x47};
  fc_rsa_pubkey key;
  int seen[3] = {0, 0, 0};
  const int kIters = 20000;
  for (int it = 0; it < kIters; it++) {
    const Bytes &seed = seeds[r.u32() % (sizeof(seeds) / sizeof(seeds[0]))];
    Bytes m = seed;
    int muts = 1 + (int)(r.u32() % 3);
    for (int k = 0; k < muts; k++) {
      // Mutations land mostly in the headers, where the structure is.
      size_t span = (r.u32() % 4 == 0 || m.size() < 40) ? m.size() : 40;
      size_t pos = span ? r.u32() % span : 0;
      switch (r.u32() % 6) {
        case 0:
          if (!m.empty()) m[pos] ^= (uint8_t)(1u << (r.u32() % 8));
          break;
        case 1:
          if (!m.empty()) m[pos] = (uint8_t)r.u32();
          break;
        case 2:
          if (!m.empty()) m[pos] = special[r.u32() % sizeof(special)];
          break;
        case 3: m.insert(m.begin() + (long)pos, special[r.u32() % sizeof(special)]); break;
        case 4:
          if (!m.empty()) m.erase(m.begin() + (long)pos);
          break;
        case 5:
          if (!m.empty()) m[pos] = (uint8_t)(m[pos] + (r.u32() % 2 ? 1 : -1));
          break;
      }
    }
    if (r.u32() % 16 == 0) m.resize(r.u32() % (m.size() + 1));
    Bytes rn, re;
    fc_err want = to_err(ref_decode(m, rn, re));
    fc_err got = parse(&key, m);
    ASSERT_TRUE(got == FC_OK || got == FC_ERR_DER || got == FC_ERR_KEY) << fct::err_name(got);
    ASSERT_STREQ(fct::err_name(got), fct::err_name(want)) << "iteration " << it << ", input " << fct::to_hex(m);
    if (got == FC_OK) {
      expect_key(key, rn, re);
      if (::testing::Test::HasFailure()) FAIL() << "iteration " << it << ": " << fct::to_hex(m);
    }
    seen[got == FC_OK ? 0 : got == FC_ERR_DER ? 1 : 2]++;
  }
  // The mutations reached all three outcomes.
  EXPECT_GT(seen[0], kIters / 50);
  EXPECT_GT(seen[1], kIters / 4);
  EXPECT_GT(seen[2], kIters / 200);
  std::cout << "fuzz outcomes: OK " << seen[0] << ", DER " << seen[1] << ", KEY " << seen[2]
            << "\n";
}

}  // namespace
