// fc_x509_parse on certificates assembled here from their parts (RFC 5280
// section 4.1), so each malformed variant differs from a valid one in one
// place: expected values come from the encoding itself (the times from
// their definition: 2025-01-01T00:00:00Z is 1735689600), never from the
// parser. Also: every truncation and every single-byte change of the valid
// certificate parses or fails cleanly (ASan/UBSan suites run this).
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "fc_test.h"

namespace {

using Bytes = std::vector<uint8_t>;

Bytes tlv(uint8_t tag, const Bytes &content) {
  Bytes out{tag};
  size_t n = content.size();
  if (n < 0x80) {
    out.push_back((uint8_t)n);
  } else if (n < 0x100) {
    out.insert(out.end(), {0x81, (uint8_t)n});
  } else {
    out.insert(out.end(), {0x82, (uint8_t)(n >> 8), (uint8_t)n});
  }
  out.insert(out.end(), content.begin(), content.end());
  return out;
}
Bytes cat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes &p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}
Bytes str(const std::string &s) { return Bytes(s.begin(), s.end()); }

const Bytes kSha256Rsa = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b};
const Bytes kEcdsaSha384 = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x03};
const Bytes kCn = {0x55, 0x04, 0x03};
const Bytes kCodeSigning = {0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x03};

Bytes alg(const Bytes &oid, bool null_params) {
  return tlv(0x30, cat({tlv(0x06, oid), null_params ? Bytes{0x05, 0x00} : Bytes{}}));
}
Bytes name(const std::string &cn) {
  return tlv(0x30, tlv(0x31, tlv(0x30, cat({tlv(0x06, kCn), tlv(0x0c, str(cn))}))));
}
Bytes ext(const Bytes &oid, bool critical, const Bytes &value) {
  return tlv(0x30, cat({tlv(0x06, oid), critical ? Bytes{0x01, 0x01, 0xff} : Bytes{}, tlv(0x04, value)}));
}

// The parts of a certificate; each test changes one.
struct Parts {
  Bytes version = tlv(0xa0, Bytes{0x02, 0x01, 0x02});
  Bytes serial = Bytes{0x02, 0x02, 0x01, 0x23};
  Bytes inner_alg = alg(kSha256Rsa, true);
  Bytes outer_alg = alg(kSha256Rsa, true);
  Bytes issuer = name("root");
  Bytes not_before = tlv(0x17, str("250101000000Z"));
  Bytes not_after = tlv(0x18, str("20500101000000Z"));
  Bytes subject = name("leaf");
  // a P-256 SubjectPublicKeyInfo (the point is not checked by the parser)
  Bytes spki = tlv(0x30, cat({tlv(0x30, cat({tlv(0x06, {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01}),
                                             tlv(0x06, {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07})})),
                              tlv(0x03, Bytes(66, 0x04))}));
  std::vector<Bytes> exts = {
      ext({0x55, 0x1d, 0x13}, true, tlv(0x30, cat({{0x01, 0x01, 0xff}, {0x02, 0x01, 0x02}}))),
      ext({0x55, 0x1d, 0x0f}, true, tlv(0x03, {0x01, 0x86})),  // digitalSignature, keyCertSign, cRLSign
      ext({0x55, 0x1d, 0x25}, false, tlv(0x30, tlv(0x06, kCodeSigning))),
      ext({0x55, 0x1d, 0x0e}, false, tlv(0x04, {1, 2, 3, 4})),
  };
  bool with_exts = true;
  Bytes sig = tlv(0x03, cat({{0x00}, Bytes(32, 0x5a)}));
  Bytes trailing_tbs, trailing;

  Bytes der() const {
    Bytes e;
    for (const Bytes &x : exts) e = cat({e, x});
    Bytes tbs = tlv(0x30, cat({version, serial, inner_alg, issuer, tlv(0x30, cat({not_before, not_after})),
                               subject, spki, with_exts ? tlv(0xa3, tlv(0x30, e)) : Bytes{}, trailing_tbs}));
    return cat({tlv(0x30, cat({tbs, outer_alg, sig})), trailing});
  }
};

fc_err parse(const Bytes &d, fc_x509_cert *c) { return fc_x509_parse(c, d.data(), d.size()); }
fc_err parse(const Parts &p) {
  fc_x509_cert c;
  Bytes d = p.der();
  return parse(d, &c);
}

TEST(X509Parse, ValidCertificateFields) {
  Parts p;
  Bytes d = p.der();
  fc_x509_cert c;
  ASSERT_EQ(parse(d, &c), FC_OK);
  EXPECT_EQ(c.version, 3u);
  EXPECT_EQ(Bytes(c.serial.p, c.serial.p + c.serial.len), (Bytes{0x01, 0x23}));
  EXPECT_EQ(c.sig_alg.kind, (uint32_t)FC_SIGALG_RSA_PKCS1);
  EXPECT_EQ(c.sig_alg.hash, (uint32_t)FC_SHA256);
  EXPECT_EQ(c.not_before, 1735689600);  // 2025-01-01T00:00:00Z
  EXPECT_EQ(c.not_after, 2524608000);   // 2050-01-01T00:00:00Z
  EXPECT_EQ(c.key_kind, (uint32_t)FC_KEY_EC);
  EXPECT_EQ(Bytes(c.issuer.p, c.issuer.p + c.issuer.len), p.issuer);
  EXPECT_EQ(Bytes(c.subject.p, c.subject.p + c.subject.len), p.subject);
  EXPECT_EQ(Bytes(c.spki.p, c.spki.p + c.spki.len), p.spki);
  EXPECT_EQ(c.signature.len, 32u);
  fc_slice v;
  uint8_t tag = 0;
  ASSERT_EQ(fc_x509_name_attr(c.subject, kCn.data(), kCn.size(), &v, &tag), FC_OK);
  EXPECT_EQ(std::string(v.p, v.p + v.len), "leaf");
  EXPECT_EQ(tag, 0x0c);
  EXPECT_EQ(fc_x509_name_attr(c.subject, kCodeSigning.data(), kCodeSigning.size(), &v, nullptr), FC_ERR_DER);
  EXPECT_EQ(c.flags & (FC_X509_BASIC_CONSTRAINTS | FC_X509_CA | FC_X509_PATH_LEN | FC_X509_KEY_USAGE |
                       FC_X509_EXT_KEY_USAGE | FC_X509_SKI | FC_X509_UNKNOWN_CRITICAL),
            (uint32_t)(FC_X509_BASIC_CONSTRAINTS | FC_X509_CA | FC_X509_PATH_LEN | FC_X509_KEY_USAGE |
                       FC_X509_EXT_KEY_USAGE | FC_X509_SKI));
  EXPECT_EQ(c.path_len, 2u);
  EXPECT_EQ(c.key_usage, FC_KU_DIGITAL_SIGNATURE | FC_KU_KEY_CERT_SIGN | FC_KU_CRL_SIGN);
  EXPECT_EQ(fc_x509_has_eku(&c, kCodeSigning.data(), kCodeSigning.size()), 1);
  EXPECT_EQ(Bytes(c.ski.p, c.ski.p + c.ski.len), (Bytes{1, 2, 3, 4}));
  int crit = -1;
  ASSERT_EQ(fc_x509_ext(&c, (const uint8_t *)"\x55\x1d\x0f", 3, &crit, &v), FC_OK);
  EXPECT_EQ(crit, 1);
  EXPECT_EQ(fc_x509_ext(&c, (const uint8_t *)"\x55\x1d\x11", 3, &crit, &v), FC_ERR_DER);
}

TEST(X509Parse, Versions) {
  Parts p;
  p.version.clear();  // v1: no extensions allowed to be read
  p.with_exts = false;
  fc_x509_cert c;
  Bytes d = p.der();
  ASSERT_EQ(parse(d, &c), FC_OK);
  EXPECT_EQ(c.version, 1u);
  p.version = tlv(0xa0, Bytes{0x02, 0x01, 0x00});  // v1 encoded: DER omits a DEFAULT
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p.version = tlv(0xa0, Bytes{0x02, 0x01, 0x03});  // v4 does not exist
  EXPECT_EQ(parse(p), FC_ERR_DER);
  Parts v1ext;
  v1ext.version.clear();  // extensions in a v1 certificate: trailing TBS data
  EXPECT_EQ(parse(v1ext), FC_ERR_DER);
}

TEST(X509Parse, StrictDer) {
  Parts p;
  Bytes d = p.der();
  {
    Bytes t = d;
    t.push_back(0);  // a trailing byte after the certificate
    fc_x509_cert c;
    EXPECT_EQ(parse(t, &c), FC_ERR_DER);
  }
  p.trailing_tbs = {0x05, 0x00};  // a trailing element in the TBS
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p = Parts();
  p.serial = {0x02, 0x03, 0x00, 0x01, 0x23};  // non-minimal INTEGER
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p.serial = {0x02, 0x81, 0x02, 0x01, 0x23};  // non-minimal length
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p.serial = {0x02, 0x80, 0x01, 0x23, 0x00, 0x00};  // indefinite length
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p.serial = {0x02, 0x00};  // empty INTEGER
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p.serial = {0x02, 0x01, 0xff};  // negative serials are tolerated (RFC 5280 4.1.2.2)
  EXPECT_EQ(parse(p), FC_OK);
  p = Parts();
  p.serial = {0x02, 0x7f, 0x01};  // a length past its parent
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p = Parts();
  p.outer_alg = alg(kSha256Rsa, false);  // the TBS algorithm differs from the outer one
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p = Parts();
  p.inner_alg = p.outer_alg = alg(kEcdsaSha384, true);  // ECDSA parameters must be absent
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p.inner_alg = p.outer_alg = alg(kEcdsaSha384, false);
  EXPECT_EQ(parse(p), FC_OK);
  p.sig = tlv(0x03, cat({{0x01}, Bytes(32, 0x5a)}));  // a signature with unused bits
  EXPECT_EQ(parse(p), FC_ERR_DER);
}

TEST(X509Parse, Times) {
  struct {
    Bytes t;
    fc_err want;
  } cases[] = {
      {tlv(0x17, str("491231235959Z")), FC_OK},    // 2049
      {tlv(0x17, str("500101000000Z")), FC_OK},    // 1950
      {tlv(0x17, str("250101000000")), FC_ERR_DER},  // no Z
      {tlv(0x17, str("2501010000Z")), FC_ERR_DER},   // no seconds
      {tlv(0x17, str("251301000000Z")), FC_ERR_DER}, // month 13
      {tlv(0x17, str("250229000000Z")), FC_ERR_DER}, // 2025 is not a leap year
      {tlv(0x17, str("240229000000Z")), FC_OK},      // 2024 is
      {tlv(0x18, str("21000229000000Z")), FC_ERR_DER}, // 2100 is not
      {tlv(0x18, str("20000229000000Z")), FC_OK},      // 2000 is
      {tlv(0x17, str("250101240000Z")), FC_ERR_DER},   // hour 24
      {tlv(0x18, str("20250101000000.5Z")), FC_ERR_DER}, // fraction
      {tlv(0x17, str("25010100000+Z")), FC_ERR_DER},
      {tlv(0x13, str("250101000000Z")), FC_ERR_DER},   // a PrintableString
  };
  for (const auto &tc : cases) {
    Parts p;
    p.not_before = tc.t;
    EXPECT_EQ(parse(p), tc.want) << std::string(tc.t.begin() + 2, tc.t.end());
  }
  Parts p;
  p.not_before = tlv(0x17, str("500101000000Z"));
  fc_x509_cert c;
  Bytes d = p.der();
  ASSERT_EQ(parse(d, &c), FC_OK);
  EXPECT_EQ(c.not_before, -631152000);  // 1950-01-01T00:00:00Z
}

TEST(X509Parse, Extensions) {
  Parts p;
  p.exts.push_back(p.exts[0]);  // basicConstraints twice
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p = Parts();
  p.exts.push_back(ext({0x55, 0x1d, 0x0e}, false, tlv(0x04, {9})));  // SKI twice, other value
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p = Parts();
  p.exts.clear();  // Extensions is SIZE (1..MAX)
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p = Parts();
  p.exts[2] = tlv(0x30, cat({tlv(0x06, {0x55, 0x1d, 0x25}), {0x01, 0x01, 0x00}, tlv(0x04, tlv(0x30, tlv(0x06, kCodeSigning)))}));
  EXPECT_EQ(parse(p), FC_ERR_DER);  // critical FALSE encoded (DER omits the DEFAULT)
  p.exts[2] = tlv(0x30, cat({tlv(0x06, {0x55, 0x1d, 0x25}), {0x01, 0x01, 0x01}, tlv(0x04, tlv(0x30, tlv(0x06, kCodeSigning)))}));
  EXPECT_EQ(parse(p), FC_ERR_DER);  // TRUE that is not FF
  p = Parts();
  p.exts[1] = ext({0x55, 0x1d, 0x0f}, true, tlv(0x03, {0x00, 0x86}));  // keyUsage: trailing zero bits
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p.exts[1] = ext({0x55, 0x1d, 0x0f}, true, tlv(0x03, {0x08, 0x86}));  // unused-bits count 8
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p = Parts();
  p.exts[2] = ext({0x55, 0x1d, 0x25}, false, tlv(0x30, {}));  // extKeyUsage with no purpose
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p = Parts();
  p.exts[0] = ext({0x55, 0x1d, 0x13}, true, tlv(0x30, Bytes{0x02, 0x01, 0x02}));  // pathLen without cA
  {
    fc_x509_cert c;
    Bytes d = p.der();
    ASSERT_EQ(parse(d, &c), FC_OK);
    EXPECT_EQ(c.flags & FC_X509_CA, 0u);
  }
  // an unknown extension: recorded when critical, ignored otherwise
  for (bool critical : {false, true}) {
    Parts q;
    q.exts.push_back(ext({0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x01}, critical, {0x05, 0x00}));
    fc_x509_cert c;
    Bytes d = q.der();
    ASSERT_EQ(parse(d, &c), FC_OK);
    EXPECT_EQ((c.flags & FC_X509_UNKNOWN_CRITICAL) != 0, critical);
  }
}

TEST(X509Parse, NamesAndOids) {
  Parts p;
  p.issuer = tlv(0x30, {});  // an empty Name is valid
  EXPECT_EQ(parse(p), FC_OK);
  p.issuer = tlv(0x30, tlv(0x31, {}));  // an empty RDN is not
  EXPECT_EQ(parse(p), FC_ERR_DER);
  p.issuer = tlv(0x30, tlv(0x31, tlv(0x30, cat({tlv(0x06, {0x55, 0x80, 0x03}), tlv(0x0c, str("x"))}))));
  EXPECT_EQ(parse(p), FC_ERR_DER);  // an OID arc with a 0x80 lead octet
  p.issuer = tlv(0x30, tlv(0x31, tlv(0x30, cat({tlv(0x06, {0x55, 0x04, 0x83}), tlv(0x0c, str("x"))}))));
  EXPECT_EQ(parse(p), FC_ERR_DER);  // an unfinished arc
  // a huge OID (300 octets) and a deeply nested value parse: both are valid DER
  Bytes huge(299, 0x81);
  huge.push_back(0x01);
  Bytes nested = tlv(0x0c, str("x"));
  for (int i = 0; i < 60; i++) nested = tlv(0x30, nested);
  p.issuer = tlv(0x30, tlv(0x31, tlv(0x30, cat({tlv(0x06, huge), nested}))));
  EXPECT_EQ(parse(p), FC_OK);
  p.issuer = tlv(0x30, tlv(0x31, tlv(0x30, cat({tlv(0x06, kCn), Bytes{0x1f, 0x81, 0x01, 0x00}}))));
  EXPECT_EQ(parse(p), FC_ERR_DER);  // a multi-octet tag
}

TEST(X509Parse, UnknownAlgorithmsAndKeys) {
  Parts p;
  const Bytes md5rsa = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x04};
  p.inner_alg = p.outer_alg = alg(md5rsa, true);
  fc_x509_cert c;
  Bytes d = p.der();
  ASSERT_EQ(parse(d, &c), FC_OK);
  EXPECT_EQ(c.sig_alg.kind, (uint32_t)FC_SIGALG_UNKNOWN);
  alignas(64) static uint8_t ws[FC_X509_SIG_WORKSPACE_BYTES];
  EXPECT_EQ(fc_x509_check_signed(&c, &c, ws, sizeof ws), FC_ERR_UNSUPPORTED);
  fc_rsa_pubkey *rk = new fc_rsa_pubkey;
  EXPECT_EQ(fc_x509_rsa_key(&c, rk), FC_ERR_UNSUPPORTED);  // an EC key
  delete rk;
}

TEST(X509Parse, FailureClearsAndArgs) {
  Parts p;
  Bytes d = p.der();
  fc_x509_cert c;
  ASSERT_EQ(parse(d, &c), FC_OK);
  Bytes bad = d;
  bad.pop_back();
  EXPECT_EQ(parse(bad, &c), FC_ERR_DER);
  EXPECT_EQ(c.version, 0u);
  EXPECT_EQ(c.der.p, nullptr);
  EXPECT_EQ(fc_x509_parse(nullptr, d.data(), d.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_x509_parse(&c, nullptr, 0), FC_ERR_ARG);
  alignas(64) static uint8_t ws[FC_X509_SIG_WORKSPACE_BYTES];
  EXPECT_EQ(fc_x509_check_signed(&c, &c, ws, sizeof ws), FC_ERR_ARG);  // cleared cert
}

TEST(X509Parse, EveryTruncationAndByteChange) {
  Parts p;
  Bytes d = p.der();
  fc_x509_cert c;
  for (size_t n = 0; n < d.size(); n++) {
    // its own allocation of n bytes (1 for n = 0): ASan sees any read past n
    std::unique_ptr<uint8_t[]> t(new uint8_t[n ? n : 1]);
    std::copy(d.begin(), d.begin() + n, t.get());
    ASSERT_EQ(fc_x509_parse(&c, t.get(), n), FC_ERR_DER) << "truncated to " << n;
  }
  int ok = 0;
  for (size_t i = 0; i < d.size(); i++)
    for (uint8_t x : {0x01, 0x80, 0xff}) {
      Bytes t = d;
      t[i] ^= x;
      fc_err rc = parse(t, &c);
      ASSERT_TRUE(rc == FC_OK || rc == FC_ERR_DER);
      ok += rc == FC_OK;
    }
  EXPECT_GT(ok, 0);  // changes inside values (the serial, the signature) still parse
}

}  // namespace

namespace {

Bytes rdn_name(std::initializer_list<std::pair<uint8_t, std::string>> cns) {
  Bytes rdns;
  for (const auto &v : cns) rdns = cat({rdns, tlv(0x31, tlv(0x30, cat({tlv(0x06, kCn), tlv(v.first, str(v.second))})))});
  return tlv(0x30, rdns);
}
int match(const Bytes &a, const Bytes &b) {
  return fc_x509_name_match(fc_slice{a.data(), a.size()}, fc_slice{b.data(), b.size()});
}

// RFC 5280 7.1 with RFC 4518's space handling and ASCII case folding on
// PrintableString (13) and UTF8String (0c); other types byte for byte.
TEST(X509Names, Match) {
  EXPECT_EQ(match(rdn_name({{0x0c, "Test CA"}}), rdn_name({{0x0c, "Test CA"}})), 1);
  EXPECT_EQ(match(rdn_name({{0x0c, "Test CA"}}), rdn_name({{0x13, "test ca"}})), 1);
  EXPECT_EQ(match(rdn_name({{0x0c, "  Test   CA "}}), rdn_name({{0x13, "Test CA"}})), 1);
  EXPECT_EQ(match(rdn_name({{0x0c, "TestCA"}}), rdn_name({{0x0c, "Test CA"}})), 0);
  EXPECT_EQ(match(rdn_name({{0x0c, "Test CA"}}), rdn_name({{0x0c, "Test CB"}})), 0);
  EXPECT_EQ(match(rdn_name({{0x0c, "Test"}}), rdn_name({{0x0c, "Test CA"}})), 0);
  EXPECT_EQ(match(rdn_name({{0x16, "Test CA"}}), rdn_name({{0x16, "test ca"}})), 0);  // IA5String: exact
  EXPECT_EQ(match(rdn_name({{0x0c, "a"}, {0x0c, "b"}}), rdn_name({{0x0c, "a"}})), 0);
  EXPECT_EQ(match(rdn_name({{0x0c, "a"}, {0x0c, "b"}}), rdn_name({{0x0c, "b"}, {0x0c, "a"}})), 0);  // order
  EXPECT_EQ(match(tlv(0x30, {}), tlv(0x30, {})), 1);
  EXPECT_EQ(match(tlv(0x30, {}), rdn_name({{0x0c, "a"}})), 0);
  EXPECT_EQ(match(tlv(0x30, tlv(0x31, {})), tlv(0x30, tlv(0x31, {}))), 0);  // malformed: never a match
}

TEST(X509Chain, Arguments) {
  Parts p;
  Bytes d = p.der();
  fc_x509_cert c, empty;
  ASSERT_EQ(parse(d, &c), FC_OK);
  memset(&empty, 0, sizeof empty);
  alignas(64) static uint8_t ws[FC_X509_SIG_WORKSPACE_BYTES];
  const fc_x509_cert *anchor = &c;
  EXPECT_EQ(fc_x509_verify_chain(nullptr, nullptr, 0, &c, 1, 0, 0, ws, sizeof ws, &anchor), FC_ERR_ARG);
  EXPECT_EQ(anchor, nullptr);
  EXPECT_EQ(fc_x509_verify_chain(&c, nullptr, 1, &c, 1, 0, 0, ws, sizeof ws, nullptr), FC_ERR_ARG);
  EXPECT_EQ(fc_x509_verify_chain(&c, nullptr, 0, &c, 1, 0, 0, ws, sizeof ws - 1, nullptr), FC_ERR_ARG);
  EXPECT_EQ(fc_x509_verify_chain(&c, nullptr, 0, &empty, 1, 0, 0, ws, sizeof ws, nullptr), FC_ERR_ARG);
  EXPECT_EQ(fc_x509_verify_chain(&c, nullptr, 0, &c, 1, 1u << 7, 0, ws, sizeof ws, nullptr), FC_ERR_ARG);
  // valid state: the leaf trusted itself under the partial-chain policy
  EXPECT_EQ(fc_x509_verify_chain(&c, nullptr, 0, &c, 1, FC_X509_PARTIAL_CHAIN, 0, ws, sizeof ws, &anchor),
            FC_OK);
  EXPECT_EQ(anchor, &c);
  // without it, the leaf's (fake) signature cannot make a chain
  EXPECT_EQ(fc_x509_verify_chain(&c, nullptr, 0, &c, 1, 0, 0, ws, sizeof ws, nullptr), FC_ERR_SIG);
  // the same leaf outside its validity: refused even when trusted itself
  EXPECT_EQ(fc_x509_verify_chain(&c, nullptr, 0, &c, 1, FC_X509_PARTIAL_CHAIN | FC_X509_CHECK_TIME,
                                 1735689599, ws, sizeof ws, nullptr),
            FC_ERR_SIG);
  EXPECT_EQ(fc_x509_verify_chain(&c, nullptr, 0, &c, 1, FC_X509_PARTIAL_CHAIN | FC_X509_CHECK_TIME,
                                 1735689600, ws, sizeof ws, nullptr),
            FC_OK);
  EXPECT_EQ(fc_x509_verify_chain(&c, nullptr, 0, &c, 1, FC_X509_PARTIAL_CHAIN | FC_X509_CHECK_TIME,
                                 2524608000, ws, sizeof ws, nullptr),
            FC_OK);  // notAfter is inclusive (RFC 5280 4.1.2.5)
  EXPECT_EQ(fc_x509_verify_chain(&c, nullptr, 0, &c, 1, FC_X509_PARTIAL_CHAIN | FC_X509_CHECK_TIME,
                                 2524608001, ws, sizeof ws, nullptr),
            FC_ERR_SIG);
}

}  // namespace
