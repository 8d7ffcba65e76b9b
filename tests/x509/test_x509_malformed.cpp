// Hand-made malformed certificates for the X.509 parser
// (include/fastcrypt/x509.h). Every case starts from a valid certificate,
// checks that it parses (or verifies) with FC_OK, breaks it in one place and
// expects the error code the header documents: FC_ERR_DER for malformed
// input, FC_ERR_UNSUPPORTED where the header says so, FC_ERR_SIG for
// verification failures.
//
// The valid starting point: the committed vector tests/vectors/pkcs7/root.der
// (a P-384 CA), read at run time and turned into a small DER tree (Node,
// tests/support/der_tree.h) that the test edits and re-encodes, so that
// parents' lengths stay right and only the intended defect is present.
//
// Covered: lengths past their parent or the end, every truncation,
// zero / indefinite / non-minimal / 4- to 8-octet lengths, 10,000 levels of
// nesting, huge and malformed OIDs, duplicated extensions, trailing bytes,
// the extension count bound, versions, TBS vs outer algorithm, non-minimal
// serials. The ASan/UBSan suite runs it too: an out-of-bounds read fails
// there even when the returned code is right.
// (SignedData: test_pkcs7_malformed.cpp; PE/Authenticode: test_pe_malformed.cpp.)
#include <functional>
#include <string>
#include <vector>

#include "der_tree.h"
#include "fc_test.h"

namespace {

using fct::Bytes;
using namespace fct::der;

// Paths in root.der (RFC 5280 4.1), checked by ValidStartingCertificate.
const Path kTbs = {0}, kVersion = {0, 0}, kSerial = {0, 1}, kInnerAlg = {0, 2}, kIssuer = {0, 3},
           kValidity = {0, 4}, kSubject = {0, 5}, kSpki = {0, 6}, kExtsTag = {0, 7},
           kExts = {0, 7, 0}, kOuterAlg = {1}, kSigBits = {2};
constexpr size_t kExtBasic = 2;  // SKI, AKI, basicConstraints, keyUsage

const Bytes kOidBasic = {0x55, 0x1d, 0x13}, kOidSki = {0x55, 0x1d, 0x0e};
const Bytes kOidPrivateExt = {0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x01};  // an unknown one
const Bytes kOidEcdsaSha256 = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02};

Node ext(const Bytes &oid, bool critical, const Bytes &value) {
  std::vector<Node> k{prim(0x06, oid)};
  if (critical) k.push_back(prim(0x01, {0xff}));
  k.push_back(prim(0x04, value));
  return cons(0x30, k);
}

fc_err parse_cert(const Bytes &d) {
  Exact e(d.data(), d.size());
  fc_x509_cert c;
  return fc_x509_parse(&c, e.p.get(), e.n);
}
fc_err parse_cert(const Node &n) { return parse_cert(enc(n)); }

class X509Malformed : public ::testing::Test {
 protected:
  void SetUp() override {
    der_ = fct::read_file(pkcs7_vector("root.der"));
    ASSERT_FALSE(der_.empty());
    cert_ = tree(der_);
  }
  // cert_ with the node at `path` changed by `edit`.
  Node with(const Path &path, const std::function<void(Node &)> &edit) const {
    Node n = cert_;
    edit(at(n, path));
    return n;
  }
  Bytes der_;
  Node cert_;
};

TEST_F(X509Malformed, ValidStartingCertificate) {
  fc_x509_cert c;
  ASSERT_EQ(fc_x509_parse(&c, der_.data(), der_.size()), FC_OK);
  EXPECT_EQ(c.version, 3u);
  // the paths this suite edits (openssl asn1parse of root.der)
  EXPECT_EQ(at(cert_, kVersion).tag, 0xa0);
  EXPECT_EQ(at(cert_, kSerial).tag, 0x02);
  EXPECT_EQ(at(cert_, kSerial).value.size(), 20u);
  EXPECT_EQ(at(cert_, kInnerAlg).tag, 0x30);
  EXPECT_EQ(enc(at(cert_, kInnerAlg)), enc(at(cert_, kOuterAlg)));
  EXPECT_EQ(at(cert_, kIssuer).tag, 0x30);
  EXPECT_EQ(at(cert_, kValidity).kids.size(), 2u);
  EXPECT_EQ(at(cert_, kSubject).tag, 0x30);
  EXPECT_EQ(at(cert_, kSpki).tag, 0x30);
  EXPECT_EQ(at(cert_, kExtsTag).tag, 0xa3);
  ASSERT_EQ(at(cert_, kExts).kids.size(), 4u);
  EXPECT_EQ(at(cert_, {0, 7, 0, kExtBasic, 0}).value, kOidBasic);
  EXPECT_EQ(at(cert_, kSigBits).tag, 0x03);
  EXPECT_TRUE(c.flags & FC_X509_CA);
  Workspace ws;
  EXPECT_EQ(fc_x509_check_signed(&c, &c, ws.get(), FC_X509_SIG_WORKSPACE_BYTES), FC_OK);
}

TEST_F(X509Malformed, OuterLengthPastTheEnd) {
  ASSERT_EQ(parse_cert(der_), FC_OK);
  for (int delta : {1, 2, 1000}) {
    Node n = cert_;
    n.len = Node::Len::kRaw;
    n.raw_len = der_len(content_of(cert_).size() + (size_t)delta);
    EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "length +" << delta;
  }
  // one short: the last octet becomes a trailing byte outside the SEQUENCE
  Node n = cert_;
  n.len = Node::Len::kRaw;
  n.raw_len = der_len(content_of(cert_).size() - 1);
  EXPECT_EQ(parse_cert(n), FC_ERR_DER);
}

// Every node that ends its parent claims one octet more: it runs past its
// parent (the parent's own length stays right).
TEST_F(X509Malformed, InnerLengthPastItsParent) {
  ASSERT_EQ(parse_cert(cert_), FC_OK);
  size_t cases = 0;
  for (const Path &p : paths(cert_)) {
    if (p.empty()) continue;
    Path parent(p.begin(), p.end() - 1);
    if (p.back() + 1 != at(cert_, parent).kids.size()) continue;  // not the last child
    Node n = with(p, [](Node &x) {
      x.raw_len = der_len(content_of(x).size() + 1);
      x.len = Node::Len::kRaw;
    });
    EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "node " << str(p);
    cases++;
  }
  EXPECT_GE(cases, 20u);
}

TEST_F(X509Malformed, EveryTruncation) {
  ASSERT_EQ(parse_cert(der_), FC_OK);
  for (size_t n = 0; n < der_.size(); n++) {
    Exact e(der_.data(), n);
    fc_x509_cert c;
    ASSERT_EQ(fc_x509_parse(&c, e.p.get(), n), FC_ERR_DER) << "prefix of " << n << " bytes";
    EXPECT_EQ(c.version, 0u) << "a failed parse clears the certificate";
  }
}

TEST_F(X509Malformed, ZeroLengths) {
  ASSERT_EQ(parse_cert(cert_), FC_OK);
  auto empty = [&](const Path &p) {
    return with(p, [](Node &x) {
      x.kids.clear();
      x.value.clear();
    });
  };
  EXPECT_EQ(parse_cert(Bytes{0x30, 0x00}), FC_ERR_DER) << "an empty certificate";
  EXPECT_EQ(parse_cert(empty({})), FC_ERR_DER) << "an empty certificate";
  EXPECT_EQ(parse_cert(empty(kTbs)), FC_ERR_DER) << "an empty TBSCertificate";
  EXPECT_EQ(parse_cert(empty(kSerial)), FC_ERR_DER) << "02 00 serial";
  EXPECT_EQ(parse_cert(empty({0, 0, 0})), FC_ERR_DER) << "02 00 version";
  EXPECT_EQ(parse_cert(empty(kVersion)), FC_ERR_DER) << "a0 00 version";
  EXPECT_EQ(parse_cert(empty(kValidity)), FC_ERR_DER) << "empty validity";
  EXPECT_EQ(parse_cert(empty({0, 4, 0})), FC_ERR_DER) << "empty UTCTime";
  EXPECT_EQ(parse_cert(empty({0, 3, 0})), FC_ERR_DER) << "an empty RDN";
  EXPECT_EQ(parse_cert(empty({0, 3, 0, 0})), FC_ERR_DER) << "an empty AttributeTypeAndValue";
  EXPECT_EQ(parse_cert(empty(kSpki)), FC_ERR_DER) << "an empty SubjectPublicKeyInfo";
  EXPECT_EQ(parse_cert(empty({0, 6, 1})), FC_ERR_DER) << "an empty key BIT STRING";
  EXPECT_EQ(parse_cert(empty(kExts)), FC_ERR_DER) << "an empty extension list";
  EXPECT_EQ(parse_cert(empty(kExtsTag)), FC_ERR_DER) << "a3 00";
  EXPECT_EQ(parse_cert(empty({0, 7, 0, 0})), FC_ERR_DER) << "an empty Extension";
  EXPECT_EQ(parse_cert(empty(kSigBits)), FC_ERR_DER) << "03 00 signature";
  EXPECT_EQ(parse_cert(empty(kOuterAlg)), FC_ERR_DER) << "an empty AlgorithmIdentifier";
  EXPECT_EQ(parse_cert(empty({1, 0})), FC_ERR_DER) << "06 00 outer algorithm";
  // (an empty Name, 30 00, is valid: RFC 5280 allows an empty issuer or subject)
}

// 0x80 on every node: BER's indefinite form, with the end-of-contents octets
// on constructed ones, a bare 0x80 on primitive ones.
TEST_F(X509Malformed, IndefiniteLengthOnEveryNode) {
  ASSERT_EQ(parse_cert(cert_), FC_OK);
  for (const Path &p : paths(cert_)) {
    Node n = with(p, [](Node &x) {
      if (x.constructed()) {
        x.len = Node::Len::kIndefinite;
      } else {
        x.len = Node::Len::kRaw;
        x.raw_len = {0x80};
      }
    });
    EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "node " << str(p);
  }
}

TEST_F(X509Malformed, NonMinimalLengthOnEveryNode) {
  ASSERT_EQ(parse_cert(cert_), FC_OK);
  for (const Path &p : paths(cert_)) {
    Node n = with(p, [](Node &x) {
      x.raw_len = non_minimal_len(content_of(x).size());
      x.len = Node::Len::kRaw;
    });
    EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "node " << str(p);
  }
  // the example: basicConstraints' extnValue (5 octets) as 04 81 05
  Node n = with({0, 7, 0, kExtBasic, 2}, [](Node &x) {
    ASSERT_EQ(x.value.size(), 5u);
    x.len = Node::Len::kRaw;
    x.raw_len = {0x81, 0x05};
  });
  EXPECT_EQ(parse_cert(n), FC_ERR_DER);
}

TEST_F(X509Malformed, HugeLengths) {
  ASSERT_EQ(parse_cert(cert_), FC_OK);
  const size_t outer = content_of(cert_).size();  // 497
  const std::vector<Bytes> lens = {
      {0x83, 0x00, (uint8_t)(outer >> 8), (uint8_t)outer},        // right value, non-minimal
      {0x84, 0x00, 0x00, (uint8_t)(outer >> 8), (uint8_t)outer},  // right value in 4 octets
      {0x83, 0xff, 0xff, 0xff},                                   // 16 MiB - 1
      {0x84, 0xff, 0xff, 0xff, 0xff},
      {0x84, 0x80, 0x00, 0x00, 0x00},
      {0x85, 0x01, 0x00, 0x00, 0x00, 0x00},
      {0x88, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},  // SIZE_MAX on 64-bit
      {0x88, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, (uint8_t)(outer >> 8), (uint8_t)outer},
      {0x89, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00},  // 2^64
      {0xfe},                                                     // 126 length octets follow
      {0xff},                                                     // reserved (X.690 8.1.3.5)
  };
  for (const Path &p : {Path{}, kTbs, kSerial, kIssuer, Path{0, 7, 0, kExtBasic, 2}, kSigBits}) {
    for (const Bytes &l : lens) {
      Node n = with(p, [&](Node &x) {
        x.len = Node::Len::kRaw;
        x.raw_len = l;
      });
      EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "node " << str(p) << " length " << fct::to_hex(l);
    }
  }
}

TEST_F(X509Malformed, DeepNesting) {
  ASSERT_EQ(parse_cert(cert_), FC_OK);
  const size_t kDepth = 10000;
  Bytes slow = {0x05, 0x00};  // nest() against the obvious construction
  for (size_t i = 0; i < 300; i++) slow = tlv(0x30, slow);  // short, 81 xx and 82 xx xx lengths
  ASSERT_EQ(nest(0x30, 300, {0x05, 0x00}), slow);
  // basicConstraints' value: SEQUENCE { SEQUENCE { ... } } where cA or pathLen belong
  Node n = with({0, 7, 0, kExtBasic, 2}, [&](Node &x) { x.value = nest(0x30, kDepth, {}); });
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "nested basicConstraints";
  // an Extension that is nested SEQUENCEs instead of { OID, critical, value }
  n = with({0, 7, 0, 0}, [&](Node &x) { x = raw(nest(0x30, kDepth, {})); });
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "nested Extension";
  // the extension list itself nested
  n = with(kExts, [&](Node &x) { x = raw(nest(0x30, kDepth, {})); });
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "nested Extensions";
  // a Name: nested SETs in the RDN, nested SEQUENCEs in the AttributeTypeAndValue
  n = with({0, 3, 0}, [&](Node &x) { x = raw(nest(0x31, kDepth, {})); });
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "nested RDN";
  n = with({0, 5, 0, 0}, [&](Node &x) { x = raw(nest(0x30, kDepth, {})); });
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "nested AttributeTypeAndValue";
  // nested [0] where the version is
  n = with(kVersion, [&](Node &x) { x = raw(nest(0xa0, kDepth, {0x02, 0x01, 0x02})); });
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "nested version";
  // the SubjectPublicKeyInfo's AlgorithmIdentifier
  n = with({0, 6, 0}, [&](Node &x) { x = raw(nest(0x30, kDepth, {})); });
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "nested SPKI algorithm";
  // The value of an unknown, non-critical extension is opaque (RFC 5280 4.2:
  // it may be ignored): 10,000 valid levels there parse, without recursion.
  n = cert_;
  at(n, kExts).kids.push_back(ext(kOidPrivateExt, false, nest(0x30, kDepth, {0x05, 0x00})));
  EXPECT_EQ(parse_cert(n), FC_OK) << "valid nesting inside an unknown extension";
}

TEST_F(X509Malformed, HugeAndBrokenOids) {
  ASSERT_EQ(parse_cert(cert_), FC_OK);
  Bytes kb10(10 * 1024, 0x2a);  // 10 KiB of one-octet arcs: well formed
  kb10[0] = 0x2b;
  Bytes arc20(20, 0x81);  // one arc of 20 continuation octets and a last one
  arc20.insert(arc20.begin(), 0x2b);
  arc20.push_back(0x01);
  Bytes kb10_unfinished = kb10;
  kb10_unfinished.back() = 0x81;
  Bytes kb10_non_minimal = kb10;
  kb10_non_minimal[5000] = 0x80;  // an arc with a 0x80 lead octet in the middle
  Bytes high_last = kOidBasic;
  high_last.back() |= 0x80;

  // where an OID is read: an extension's, a Name attribute's, the SPKI's
  // algorithm and curve
  const std::vector<Path> where = {{0, 7, 0, 0, 0}, {0, 3, 0, 0, 0}, {0, 6, 0, 0}, {0, 6, 0, 1}};
  for (const Path &p : where) {
    auto with_oid = [&](const Bytes &oid) { return with(p, [&](Node &x) { x.value = oid; }); };
    EXPECT_EQ(parse_cert(with_oid({})), FC_ERR_DER) << str(p) << ": an empty OID";
    EXPECT_EQ(parse_cert(with_oid(high_last)), FC_ERR_DER) << str(p) << ": last octet 0x80 set";
    EXPECT_EQ(parse_cert(with_oid({0x80})), FC_ERR_DER) << str(p) << ": a lone 0x80";
    EXPECT_EQ(parse_cert(with_oid({0x2b, 0x80, 0x01})), FC_ERR_DER) << str(p) << ": 0x80 lead octet";
    EXPECT_EQ(parse_cert(with_oid(kb10_unfinished)), FC_ERR_DER) << str(p) << ": 10 KiB, unfinished";
    EXPECT_EQ(parse_cert(with_oid(kb10_non_minimal)), FC_ERR_DER) << str(p) << ": 10 KiB, non-minimal";
  }
  // Well-formed huge OIDs are valid DER (X.690 puts no bound on arcs): as
  // an unknown extension's type they parse, a critical one flagged.
  for (const Bytes &oid : {kb10, arc20}) {
    for (bool critical : {false, true}) {
      Node n = cert_;
      at(n, kExts).kids.push_back(ext(oid, critical, {0x05, 0x00}));
      Bytes d = enc(n);
      fc_x509_cert c;
      ASSERT_EQ(fc_x509_parse(&c, d.data(), d.size()), FC_OK) << oid.size() << " octets";
      EXPECT_EQ((c.flags & FC_X509_UNKNOWN_CRITICAL) != 0, critical);
    }
  }
  // ... and as both signature algorithms: it parses as unknown, and a
  // signature check with it is FC_ERR_UNSUPPORTED.
  Node n = cert_;
  at(n, {0, 2, 0}).value = kb10;
  at(n, {1, 0}).value = kb10;
  Bytes d = enc(n);
  fc_x509_cert c, root;
  ASSERT_EQ(fc_x509_parse(&c, d.data(), d.size()), FC_OK);
  EXPECT_EQ(c.sig_alg.kind, (uint32_t)FC_SIGALG_UNKNOWN);
  ASSERT_EQ(fc_x509_parse(&root, der_.data(), der_.size()), FC_OK);
  Workspace ws;
  EXPECT_EQ(fc_x509_check_signed(&c, &root, ws.get(), FC_X509_SIG_WORKSPACE_BYTES), FC_ERR_UNSUPPORTED);
  // the same with the 0x80-terminated form is malformed
  at(n, {0, 2, 0}).value = kb10_unfinished;
  at(n, {1, 0}).value = kb10_unfinished;
  EXPECT_EQ(parse_cert(n), FC_ERR_DER);
}

// RFC 5280 4.2: "A certificate MUST NOT include more than one instance of a
// particular extension"; x509.h: a duplicated extension is FC_ERR_DER.
TEST_F(X509Malformed, DuplicatedExtensions) {
  ASSERT_EQ(parse_cert(cert_), FC_OK);
  const Node basic = at(cert_, {0, 7, 0, kExtBasic});
  Node n = cert_;
  at(n, kExts).kids.push_back(basic);
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "basicConstraints twice, identical";
  n = cert_;
  at(n, kExts).kids.insert(at(n, kExts).kids.begin(), ext(kOidBasic, false, {0x30, 0x00}));
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "basicConstraints twice, different values and criticality";
  n = cert_;
  at(n, kExts).kids.push_back(ext(kOidSki, false, {0x04, 0x01, 0x07}));
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "subjectKeyIdentifier twice, not adjacent";
  for (bool critical : {false, true}) {
    n = cert_;
    at(n, kExts).kids.push_back(ext(kOidPrivateExt, critical, {0x05, 0x00}));
    ASSERT_EQ(parse_cert(n), FC_OK) << "one unknown extension";
    at(n, kExts).kids.push_back(ext(kOidPrivateExt, critical, {0x05, 0x00}));
    EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "an unknown extension twice, critical " << critical;
  }
}

TEST_F(X509Malformed, ExtensionCountBound) {
  // distinct private OIDs (1.3.6.1.4.1.99999.k) up to FC_X509_MAX_EXTENSIONS in all, then one more
  Node n = cert_;
  size_t have = at(n, kExts).kids.size();
  for (size_t k = 0; have + k < FC_X509_MAX_EXTENSIONS; k++)
    at(n, kExts).kids.push_back(
        ext({0x2b, 0x06, 0x01, 0x04, 0x01, 0x86, 0x8d, 0x1f, static_cast<uint8_t>(k)}, false, {0x05, 0x00}));
  EXPECT_EQ(parse_cert(n), FC_OK) << FC_X509_MAX_EXTENSIONS << " extensions";
  at(n, kExts).kids.push_back(ext({0x2b, 0x06, 0x01, 0x04, 0x01, 0x86, 0x8d, 0x1f, 0x7f}, false, {0x05, 0x00}));
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "one more";
}

TEST_F(X509Malformed, TrailingBytes) {
  ASSERT_EQ(parse_cert(der_), FC_OK);
  for (const Bytes &tail : {Bytes{0x00}, Bytes{0x00, 0x00}, Bytes{0x30, 0x00}, der_}) {
    Bytes d = der_;
    append(d, tail);
    EXPECT_EQ(parse_cert(d), FC_ERR_DER) << "after the certificate: " << tail.size() << " bytes";
  }
  // inside the certificate (after the signature), the TBS (after the
  // extensions), the validity, a Name, the SPKI, the extension list, an
  // Extension, [3]
  // (an AlgorithmIdentifier's: TbsAlgorithmDiffersFromOuter)
  for (const Path &p : {Path{}, kTbs, kValidity, kIssuer, Path{0, 3, 0, 0}, kSpki, kExts,
                        Path{0, 7, 0, kExtBasic}, kExtsTag}) {
    Node n = with(p, [](Node &x) { x.kids.push_back(prim(0x02, {0x00})); });
    EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "an INTEGER appended inside " << str(p);
  }
  // inside the values of decoded extensions (basicConstraints, its OCTET STRING)
  Node n = with({0, 7, 0, kExtBasic, 2}, [](Node &x) { x.value.push_back(0x00); });
  EXPECT_EQ(parse_cert(n), FC_ERR_DER);
}

TEST_F(X509Malformed, VersionOutOfRange) {
  ASSERT_EQ(parse_cert(cert_), FC_OK);
  auto version = [&](const Bytes &v) { return with({0, 0, 0}, [&](Node &x) { x.value = v; }); };
  EXPECT_EQ(parse_cert(version({0x02})), FC_OK);  // v3, as given
  EXPECT_EQ(parse_cert(version({0x00})), FC_ERR_DER) << "v1 encoded (DEFAULT is never encoded)";
  EXPECT_EQ(parse_cert(version({0x01})), FC_ERR_DER) << "v2 with extensions";
  for (const Bytes &v : {Bytes{0x03}, Bytes{0x7f}, Bytes{0x01, 0x02}, Bytes{0x00, 0x02}, Bytes{0xff},
                         Bytes{0x80}, Bytes{0x00, 0x00, 0x00, 0x02}}) {
    EXPECT_EQ(parse_cert(version(v)), FC_ERR_DER) << "version " << fct::to_hex(v);
  }
  Node n = with(kVersion, [](Node &x) { x.tag = 0xa1; });
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "version under [1]";
  n = with({0, 0, 0}, [](Node &x) { x.tag = 0x0a; });
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "version as an ENUMERATED";
  n = cert_;
  at(n, kTbs).kids.erase(at(n, kTbs).kids.begin());
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "no version (v1) with extensions";
}

TEST_F(X509Malformed, TbsAlgorithmDiffersFromOuter) {
  ASSERT_EQ(parse_cert(cert_), FC_OK);
  for (const Path &p : {kInnerAlg, kOuterAlg}) {
    Node n = with(p, [](Node &x) { x.kids[0].value = kOidEcdsaSha256; });
    EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "ecdsa-with-SHA256 at " << str(p);
    n = with(p, [](Node &x) { x.kids.push_back(prim(0x05, {})); });  // parameters NULL
    EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "parameters added at " << str(p);
    n = with(p, [](Node &x) { x.kids[0].value = kOidPrivateExt; });  // an unknown algorithm
    EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "unknown algorithm at " << str(p);
  }
  // both changed alike: parses, and the signature no longer verifies (the
  // TBS changed, and the hash with it)
  Node n = cert_;
  at(n, {0, 2, 0}).value = kOidEcdsaSha256;
  at(n, {1, 0}).value = kOidEcdsaSha256;
  Bytes d = enc(n);
  fc_x509_cert c, root;
  ASSERT_EQ(fc_x509_parse(&c, d.data(), d.size()), FC_OK);
  ASSERT_EQ(fc_x509_parse(&root, der_.data(), der_.size()), FC_OK);
  Workspace ws;
  EXPECT_EQ(fc_x509_check_signed(&c, &root, ws.get(), FC_X509_SIG_WORKSPACE_BYTES), FC_ERR_SIG);
}

TEST_F(X509Malformed, NonMinimalSerial) {
  ASSERT_EQ(parse_cert(cert_), FC_OK);
  const Bytes serial = at(cert_, kSerial).value;
  ASSERT_LT(serial[0], 0x80);
  auto with_serial = [&](const Bytes &v) { return with(kSerial, [&](Node &x) { x.value = v; }); };
  Bytes v = serial;
  v.insert(v.begin(), 0x00);
  EXPECT_EQ(parse_cert(with_serial(v)), FC_ERR_DER) << "00 before a positive octet";
  v.insert(v.begin(), 0x00);
  EXPECT_EQ(parse_cert(with_serial(v)), FC_ERR_DER) << "00 00 before it";
  EXPECT_EQ(parse_cert(with_serial({0xff, 0x80})), FC_ERR_DER) << "FF before a negative octet";
  EXPECT_EQ(parse_cert(with_serial({0x00, 0x7f})), FC_ERR_DER);
  EXPECT_EQ(parse_cert(with_serial({})), FC_ERR_DER) << "no octets";
  // the leniencies x509.md documents, for contrast: zero, negative, long
  EXPECT_EQ(parse_cert(with_serial({0x00})), FC_OK);
  EXPECT_EQ(parse_cert(with_serial({0x80})), FC_OK);
  EXPECT_EQ(parse_cert(with_serial({0x00, 0x80})), FC_OK);
  EXPECT_EQ(parse_cert(with_serial(Bytes(40, 0x11))), FC_OK);
  Node n = with(kSerial, [](Node &x) { x.tag = 0x0a; });
  EXPECT_EQ(parse_cert(n), FC_ERR_DER) << "serial as an ENUMERATED";
}

// What the signature covers: one changed octet anywhere in the TBS parses
// and no longer verifies.
TEST_F(X509Malformed, ChangedTbsDoesNotVerify) {
  fc_x509_cert root;
  ASSERT_EQ(fc_x509_parse(&root, der_.data(), der_.size()), FC_OK);
  Workspace ws;
  for (const Path &p : {kSerial, Path{0, 5, 0, 0, 1}, Path{0, 6, 1}}) {
    Node n = with(p, [](Node &x) { x.value.back() ^= 0x01; });
    Bytes d = enc(n);
    fc_x509_cert c;
    ASSERT_EQ(fc_x509_parse(&c, d.data(), d.size()), FC_OK) << str(p);
    EXPECT_EQ(fc_x509_check_signed(&c, &root, ws.get(), FC_X509_SIG_WORKSPACE_BYTES), FC_ERR_SIG)
        << str(p);
  }
  Node n = with(kSigBits, [](Node &x) { x.value[10] ^= 0x40; });
  Bytes d = enc(n);
  fc_x509_cert c;
  ASSERT_EQ(fc_x509_parse(&c, d.data(), d.size()), FC_OK);
  EXPECT_EQ(fc_x509_check_signed(&c, &root, ws.get(), FC_X509_SIG_WORKSPACE_BYTES), FC_ERR_SIG);
}

}  // namespace
