// Hand-made malformed inputs for the X.509, PKCS#7 and PE/Authenticode
// parsers (include/fastcrypt/x509.h, pkcs7.h, authenticode.h). Every case
// starts from a valid structure, checks that it parses (or verifies) with
// FC_OK, breaks it in one place and expects the error code the header
// documents: FC_ERR_DER for malformed input, FC_ERR_UNSUPPORTED where the
// header says so, FC_ERR_SIG for verification failures.
//
// The valid starting points: the committed vectors of tests/vectors/pkcs7/
// (root.der, a P-384 CA; p384_detached.p7, a SignedData by a P-384 signer
// issued by it, over content.txt), read at run time and turned into a small
// DER tree (Node) that the test edits and re-encodes, so that parents'
// lengths stay right and only the intended defect is present; and a
// minimal PE32+ image built here, whose Authenticode hash is computed here
// from the layout the builder chose ("Calculating the PE Image Hash").
//
// Covered: lengths past their parent or the end, every truncation,
// zero / indefinite / non-minimal / 4- to 8-octet lengths, 10,000 levels of
// nesting, huge and malformed OIDs, duplicated extensions, trailing bytes,
// the extension count bound, versions, TBS vs outer algorithm, non-minimal
// serials, DER inside attributes, CRLs and content, PKCS#7 bounds and
// content types, Authenticode's SpcIndirectDataContent, and PE headers,
// sections and certificate tables that lie. The ASan/UBSan suite runs it
// too: an out-of-bounds read fails there even when the returned code is right.
#include <algorithm>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "fc_test.h"

namespace {

using fct::Bytes;
using Path = std::vector<size_t>;

// ---------------------------------------------------------------------------
// A tiny DER tree: decode a (trusted, DER) vector, edit it, encode it again.
// ---------------------------------------------------------------------------

struct Node {
  enum class Len { kMinimal, kIndefinite, kRaw };
  uint8_t tag = 0;
  Bytes value;             // primitive content
  std::vector<Node> kids;  // constructed content
  Len len = Len::kMinimal;
  Bytes raw_len;           // Len::kRaw: these length octets, whatever the content
  Bytes raw;               // when not empty: the whole TLV, written as is
  bool constructed() const { return (tag & 0x20) != 0; }
};

Bytes der_len(size_t n) {
  if (n < 0x80) return {(uint8_t)n};
  Bytes b;
  for (size_t v = n; v != 0; v >>= 8) b.insert(b.begin(), (uint8_t)v);
  b.insert(b.begin(), (uint8_t)(0x80 | b.size()));
  return b;
}

Bytes tlv(uint8_t tag, const Bytes &content) {
  Bytes out{tag};
  Bytes l = der_len(content.size());
  out.insert(out.end(), l.begin(), l.end());
  out.insert(out.end(), content.begin(), content.end());
  return out;
}

void append(Bytes &a, const Bytes &b) { a.insert(a.end(), b.begin(), b.end()); }

Bytes content_of(const Node &n);
Bytes enc(const Node &n) {
  if (!n.raw.empty()) return n.raw;
  Bytes c = content_of(n), out{n.tag};
  switch (n.len) {
    case Node::Len::kMinimal: append(out, der_len(c.size())); break;
    case Node::Len::kIndefinite: out.push_back(0x80); break;
    case Node::Len::kRaw: append(out, n.raw_len); break;
  }
  append(out, c);
  if (n.len == Node::Len::kIndefinite) append(out, {0x00, 0x00});  // end-of-contents
  return out;
}
Bytes content_of(const Node &n) {
  if (!n.constructed()) return n.value;
  Bytes c;
  for (const Node &k : n.kids) append(c, enc(k));
  return c;
}

// Decodes one DER TLV (definite lengths; constructed tags recursively).
// Only for the committed vectors, which are DER: any surprise fails the test.
bool decode(const uint8_t *p, size_t n, Node *out, size_t *used) {
  if (n < 2 || (p[0] & 0x1f) == 0x1f) return false;
  size_t len = p[1], hdr = 2;
  if (len & 0x80) {
    size_t nl = len & 0x7f;
    if (nl == 0 || nl > 3 || n < 2 + nl) return false;
    len = 0;
    for (size_t i = 0; i < nl; i++) len = len << 8 | p[2 + i];
    hdr += nl;
  }
  if (len > n - hdr) return false;
  out->tag = p[0];
  if (out->constructed()) {
    for (size_t off = 0; off < len;) {
      Node k;
      size_t u;
      if (!decode(p + hdr + off, len - off, &k, &u)) return false;
      out->kids.push_back(k);
      off += u;
    }
  } else {
    out->value.assign(p + hdr, p + hdr + len);
  }
  *used = hdr + len;
  return true;
}

Node tree(const Bytes &der) {
  Node n;
  size_t used = 0;
  EXPECT_TRUE(decode(der.data(), der.size(), &n, &used) && used == der.size()) << "not DER";
  EXPECT_EQ(enc(n), der) << "the DER tree does not re-encode its input";
  return n;
}

Node prim(uint8_t tag, const Bytes &v) {
  Node n;
  n.tag = tag;
  n.value = v;
  return n;
}
Node cons(uint8_t tag, std::vector<Node> kids) {
  Node n;
  n.tag = tag;
  n.kids = std::move(kids);
  return n;
}
Node raw(const Bytes &whole) {
  Node n;
  n.tag = whole.empty() ? 0 : whole[0];
  n.raw = whole;
  return n;
}

Node &at(Node &root, const Path &path) {
  Node *n = &root;
  for (size_t i : path) {
    if (i >= n->kids.size()) {
      ADD_FAILURE() << "no child " << i << " (vector changed?)";
      return root;
    }
    n = &n->kids[i];
  }
  return *n;
}

// Every node's path (the root's is empty), parents before children.
void paths(const Node &n, Path cur, std::vector<Path> *out) {
  out->push_back(cur);
  for (size_t i = 0; i < n.kids.size(); i++) {
    cur.push_back(i);
    paths(n.kids[i], cur, out);
    cur.pop_back();
  }
}
std::vector<Path> paths(const Node &root) {
  std::vector<Path> out;
  paths(root, {}, &out);
  return out;
}
bool starts_with(const Path &p, const Path &prefix) {
  return p.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), p.begin());
}
std::string str(const Path &p) {
  std::string s = "{";
  for (size_t i : p) s += std::to_string(i) + ",";
  return s + "}";
}

// `depth` levels of `tag` around `inner`: the lengths from the inside out,
// then the headers from the outside in (no recursion, and linear time:
// 10,000 levels would be a deep stack or a quadratic copy otherwise).
Bytes nest(uint8_t tag, size_t depth, const Bytes &inner) {
  std::vector<size_t> len(depth);  // len[i]: content length of level i (0 innermost)
  size_t n = inner.size();
  for (size_t i = 0; i < depth; i++) {
    len[i] = n;
    n += 1 + der_len(n).size();
  }
  Bytes out;
  out.reserve(n);
  for (size_t i = depth; i-- > 0;) {
    out.push_back(tag);
    append(out, der_len(len[i]));
  }
  append(out, inner);
  return out;
}

// The same length octets, one octet longer than needed (still the same value).
Bytes non_minimal_len(size_t n) {
  if (n < 0x80) return {0x81, (uint8_t)n};
  Bytes l = der_len(n);
  l[0] = (uint8_t)(l[0] + 1);
  l.insert(l.begin() + 1, 0x00);
  return l;
}

// A copy of exactly these bytes on the heap, so that ASan sees any read past
// them (a std::vector would do too; this makes the bound explicit).
struct Exact {
  std::unique_ptr<uint8_t[]> p;
  size_t n;
  Exact(const uint8_t *d, size_t len) : p(new uint8_t[len + (len == 0)]), n(len) {
    if (len) memcpy(p.get(), d, len);
  }
};

// ---------------------------------------------------------------------------
// The committed vectors.
// ---------------------------------------------------------------------------

std::string vec(const char *name) { return fct::vectors_dir() + "/pkcs7/" + name; }

const Bytes kSigningCertSerial = {0x10, 0x92};  // p384_detached.p7's signer (serial 4242)

// Paths in root.der (RFC 5280 4.1), checked by ValidStartingCertificate.
const Path kTbs = {0}, kVersion = {0, 0}, kSerial = {0, 1}, kInnerAlg = {0, 2}, kIssuer = {0, 3},
           kValidity = {0, 4}, kSubject = {0, 5}, kSpki = {0, 6}, kExtsTag = {0, 7},
           kExts = {0, 7, 0}, kOuterAlg = {1}, kSigBits = {2};
constexpr size_t kExtBasic = 2;  // SKI, AKI, basicConstraints, keyUsage

// Paths in p384_detached.p7 (RFC 5652 5.1, 5.3), checked by ValidStartingSignedData.
const Path kSd = {1, 0}, kSdVersion = {1, 0, 0}, kDigestAlgs = {1, 0, 1}, kEci = {1, 0, 2},
           kCerts = {1, 0, 3}, kSigners = {1, 0, 4}, kSigner = {1, 0, 4, 0},
           kSignerVersion = {1, 0, 4, 0, 0}, kSid = {1, 0, 4, 0, 1}, kSignedAttrs = {1, 0, 4, 0, 3},
           kSignature = {1, 0, 4, 0, 5};

const Bytes kOidBasic = {0x55, 0x1d, 0x13}, kOidSki = {0x55, 0x1d, 0x0e};
const Bytes kOidPrivateExt = {0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x01};  // an unknown one
const Bytes kOidEcdsaSha256 = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02};
const Bytes kOidSha256 = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01};
const Bytes kOidMd5 = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x02, 0x05};
const Bytes kOidEnvelopedData = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x03};
const Bytes kOidSpcIndirectData = {0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x02, 0x01, 0x04};
const Bytes kOidSpcPeImageData = {0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x02, 0x01, 0x0f};
const Bytes kOidSigningTime = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x05};

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

class Workspace {
 public:
  Workspace() : w_(new uint64_t[FC_X509_SIG_WORKSPACE_BYTES / 8 + 1]) {}
  void *get() { return w_.get(); }

 private:
  std::unique_ptr<uint64_t[]> w_;
};

class X509Malformed : public ::testing::Test {
 protected:
  void SetUp() override {
    der_ = fct::read_file(vec("root.der"));
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

// ---------------------------------------------------------------------------
// PKCS#7 SignedData
// ---------------------------------------------------------------------------

class Pkcs7Malformed : public ::testing::Test {
 protected:
  void SetUp() override {
    der_ = fct::read_file(vec("p384_detached.p7"));
    content_ = fct::read_file(vec("content.txt"));
    Bytes root = fct::read_file(vec("root.der"));
    ASSERT_FALSE(der_.empty());
    ASSERT_FALSE(content_.empty());
    root_der_ = std::make_unique<Bytes>(root);
    ASSERT_EQ(fc_x509_parse(&root_, root_der_->data(), root_der_->size()), FC_OK);
    p7_ = tree(der_);
  }
  fc_err parse(const Bytes &d) {
    Exact e(d.data(), d.size());
    auto p7 = std::make_unique<fc_pkcs7>();
    return fc_pkcs7_parse(p7.get(), e.p.get(), e.n);
  }
  fc_err parse(const Node &n) { return parse(enc(n)); }
  // Parse, then verify over content.txt (content NULL: the attached one)
  // with the root trusted, EDK2's policy.
  fc_err verify(const Bytes &d, bool attached = false) {
    auto p7 = std::make_unique<fc_pkcs7>();
    fc_err rc = fc_pkcs7_parse(p7.get(), d.data(), d.size());
    if (rc != FC_OK) return rc;
    return fc_pkcs7_verify(p7.get(), attached ? nullptr : content_.data(),
                           attached ? 0 : content_.size(), &root_, 1, FC_X509_PARTIAL_CHAIN, 0,
                           ws_.get(), FC_X509_SIG_WORKSPACE_BYTES, nullptr);
  }
  fc_err verify(const Node &n, bool attached = false) { return verify(enc(n), attached); }
  Node with(const Path &path, const std::function<void(Node &)> &edit) const {
    Node n = p7_;
    edit(at(n, path));
    return n;
  }
  // Every node the parser reads: all but the signed attributes' inside,
  // which fc_pkcs7_verify reads (see SignedAttrsMalformedNeverVerify).
  std::vector<Path> parsed_paths() const {
    std::vector<Path> out;
    for (const Path &p : paths(p7_))
      if (!starts_with(p, kSignedAttrs) || p.size() == kSignedAttrs.size()) out.push_back(p);
    return out;
  }
  Bytes der_, content_;
  std::unique_ptr<Bytes> root_der_;
  fc_x509_cert root_;
  Node p7_;
  Workspace ws_;
};

TEST_F(Pkcs7Malformed, ValidStartingSignedData) {
  auto p7 = std::make_unique<fc_pkcs7>();
  ASSERT_EQ(fc_pkcs7_parse(p7.get(), der_.data(), der_.size()), FC_OK);
  EXPECT_EQ(p7->n_certs, 1u);
  EXPECT_EQ(p7->n_signers, 1u);
  EXPECT_EQ(verify(der_), FC_OK);
  // the paths this suite edits (openssl asn1parse of p384_detached.p7)
  EXPECT_EQ(at(p7_, {1}).tag, 0xa0);
  EXPECT_EQ(at(p7_, kSd).tag, 0x30);
  EXPECT_EQ(at(p7_, kSdVersion).value, Bytes{0x01});
  EXPECT_EQ(at(p7_, kDigestAlgs).tag, 0x31);
  EXPECT_EQ(at(p7_, kEci).kids.size(), 1u);  // detached
  EXPECT_EQ(at(p7_, kCerts).tag, 0xa0);
  EXPECT_EQ(at(p7_, kSigners).tag, 0x31);
  EXPECT_EQ(at(p7_, kSignerVersion).value, Bytes{0x01});
  EXPECT_EQ(at(p7_, {1, 0, 4, 0, 1, 1}).value, kSigningCertSerial);
  EXPECT_EQ(at(p7_, kSignedAttrs).tag, 0xa0);
  EXPECT_EQ(at(p7_, kSignature).tag, 0x04);
  ASSERT_EQ(at(p7_, kSigner).kids.size(), 6u);  // no unsignedAttrs
  // a bare SignedData is taken too (EDK2's callers pass both)
  EXPECT_EQ(verify(enc(at(p7_, kSd))), FC_OK);
}

TEST_F(Pkcs7Malformed, EveryTruncation) {
  ASSERT_EQ(parse(der_), FC_OK);
  auto p7 = std::make_unique<fc_pkcs7>();
  for (size_t n = 0; n < der_.size(); n++) {
    Exact e(der_.data(), n);
    ASSERT_EQ(fc_pkcs7_parse(p7.get(), e.p.get(), n), FC_ERR_DER) << "prefix of " << n << " bytes";
    EXPECT_EQ(p7->n_signers, 0u) << "a failed parse clears p7";
  }
}

TEST_F(Pkcs7Malformed, LengthsPastTheEnd) {
  ASSERT_EQ(parse(p7_), FC_OK);
  Node n = p7_;
  n.len = Node::Len::kRaw;
  n.raw_len = der_len(content_of(p7_).size() + 1);
  EXPECT_EQ(parse(n), FC_ERR_DER) << "ContentInfo one octet longer than the file";
  // the SignedData's SETs: digestAlgorithms, certificates, signerInfos,
  // each longer by one octet and by far
  for (const Path &p : {kDigestAlgs, kCerts, kSigners, kSd, Path{1}}) {
    for (size_t extra : {(size_t)1, (size_t)0x10000, (size_t)0xffffff}) {
      Node m = with(p, [&](Node &x) {
        x.len = Node::Len::kRaw;
        x.raw_len = der_len(std::min(content_of(x).size() + extra, (size_t)0xffffff));
      });
      EXPECT_EQ(parse(m), FC_ERR_DER) << str(p) << " + " << extra;
    }
  }
  // every node that ends its parent, one octet longer: past its parent
  size_t cases = 0;
  for (const Path &p : parsed_paths()) {
    if (p.empty()) continue;
    Path parent(p.begin(), p.end() - 1);
    if (p.back() + 1 != at(p7_, parent).kids.size()) continue;
    Node m = with(p, [](Node &x) {
      x.raw_len = der_len(content_of(x).size() + 1);
      x.len = Node::Len::kRaw;
    });
    EXPECT_EQ(parse(m), FC_ERR_DER) << "node " << str(p);
    cases++;
  }
  EXPECT_GE(cases, 30u);
}

TEST_F(Pkcs7Malformed, ZeroIndefiniteNonMinimalAndHugeLengths) {
  ASSERT_EQ(parse(p7_), FC_OK);
  for (const Path &p : parsed_paths()) {
    Node m = with(p, [](Node &x) {
      if (x.constructed()) {
        x.len = Node::Len::kIndefinite;
      } else {
        x.len = Node::Len::kRaw;
        x.raw_len = {0x80};
      }
    });
    EXPECT_EQ(parse(m), FC_ERR_DER) << "indefinite at " << str(p);
    m = with(p, [](Node &x) {
      x.raw_len = non_minimal_len(content_of(x).size());
      x.len = Node::Len::kRaw;
    });
    EXPECT_EQ(parse(m), FC_ERR_DER) << "non-minimal at " << str(p);
  }
  for (const Bytes &l : {Bytes{0x84, 0xff, 0xff, 0xff, 0xff}, Bytes{0x85, 0x01, 0, 0, 0, 0},
                         Bytes{0x88, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, Bytes{0xff}}) {
    for (const Path &p : {Path{}, kSd, kDigestAlgs, kCerts, kSigners, kSignedAttrs, kSignature}) {
      Node m = with(p, [&](Node &x) {
        x.len = Node::Len::kRaw;
        x.raw_len = l;
      });
      EXPECT_EQ(parse(m), FC_ERR_DER) << str(p) << " length " << fct::to_hex(l);
    }
  }
  auto empty = [&](const Path &p) {
    return with(p, [](Node &x) {
      x.kids.clear();
      x.value.clear();
    });
  };
  EXPECT_EQ(parse(empty({})), FC_ERR_DER) << "30 00";
  EXPECT_EQ(parse(empty(kSd)), FC_ERR_DER) << "an empty SignedData";
  EXPECT_EQ(parse(empty(kSigners)), FC_ERR_DER) << "no SignerInfo (at least one is required)";
  EXPECT_EQ(parse(empty(kSigner)), FC_ERR_DER) << "an empty SignerInfo";
  EXPECT_EQ(parse(empty(kSignedAttrs)), FC_ERR_DER) << "a0 00 signed attributes";
  EXPECT_EQ(parse(empty(kSignature)), FC_ERR_DER) << "04 00 signature";
  EXPECT_EQ(parse(empty(kEci)), FC_ERR_DER) << "an empty encapContentInfo";
  EXPECT_EQ(parse(empty({1, 0, 2, 0})), FC_ERR_DER) << "06 00 eContentType";
  EXPECT_EQ(parse(empty({1, 0, 3, 0})), FC_ERR_DER) << "an empty certificate";
  EXPECT_EQ(parse(empty({1, 0, 1, 0})), FC_ERR_DER) << "an empty digest AlgorithmIdentifier";
}

TEST_F(Pkcs7Malformed, DeepNesting) {
  ASSERT_EQ(verify(p7_), FC_OK);
  const size_t kDepth = 10000;
  struct Case {
    Path p;
    uint8_t tag;
    const char *what;
  };
  for (const Case &c : {Case{kSigner, 0x30, "a SignerInfo"}, Case{{1, 0, 1, 0}, 0x30, "a digest algorithm"},
                        Case{{1, 0, 3, 0}, 0x30, "a certificate"}, Case{kSd, 0x30, "the SignedData"},
                        Case{{1, 0, 4, 0, 1, 0, 0}, 0x31, "the signer's issuer RDN"},
                        Case{kEci, 0x30, "encapContentInfo"}}) {
    Node m = with(c.p, [&](Node &x) { x = raw(nest(c.tag, kDepth, {})); });
    EXPECT_EQ(parse(m), FC_ERR_DER) << "nested " << c.what;
  }
  // 10,000 SETs as a signed attribute's value, in place of an attribute,
  // and as an attached content: DER is checked inside what is not decoded,
  // to FC__DER_MAX_DEPTH (32) levels, without recursion.
  Node m = with({1, 0, 4, 0, 3, 1, 1}, [&](Node &x) { x = raw(nest(0x31, kDepth, {})); });
  EXPECT_EQ(parse(m), FC_ERR_DER) << "nested signingTime value";
  m = with({1, 0, 4, 0, 3, 1}, [&](Node &x) { x = raw(nest(0x30, kDepth, {})); });
  EXPECT_EQ(parse(m), FC_ERR_DER) << "nested attribute";
  m = with(kEci, [&](Node &x) { x.kids.push_back(cons(0xa0, {raw(nest(0x30, kDepth, {}))})); });
  EXPECT_EQ(parse(m), FC_ERR_DER) << "nested attached content";
  // 20 levels (within the bound) as the signingTime value: parses, and is
  // no longer what was signed
  m = with({1, 0, 4, 0, 3, 1, 1}, [&](Node &x) { x = raw(nest(0x31, 20, {})); });
  EXPECT_EQ(parse(m), FC_OK) << "20 levels";
  EXPECT_EQ(verify(m), FC_ERR_SIG);
}

TEST_F(Pkcs7Malformed, TrailingBytes) {
  ASSERT_EQ(parse(der_), FC_OK);
  for (const Bytes &tail : {Bytes{0x00}, Bytes{0x00, 0x00}, der_}) {
    Bytes d = der_;
    append(d, tail);
    EXPECT_EQ(parse(d), FC_ERR_DER) << tail.size() << " bytes after the ContentInfo";
  }
  Bytes bare = enc(at(p7_, kSd));
  ASSERT_EQ(parse(bare), FC_OK);
  bare.push_back(0x00);
  EXPECT_EQ(parse(bare), FC_ERR_DER) << "a byte after a bare SignedData";
  // inside the ContentInfo, its [0], the SignedData, encapContentInfo, a
  // SignerInfo, its sid (an INTEGER 0 appended: a NULL would be read as
  // parameters where an AlgorithmIdentifier ends)
  for (const Path &p : {Path{}, Path{1}, kSd, kEci, kSigner, kSid}) {
    Node m = with(p, [](Node &x) { x.kids.push_back(prim(0x02, {0x00})); });
    EXPECT_EQ(parse(m), FC_ERR_DER) << "an INTEGER appended inside " << str(p);
  }
  // a digest algorithm: after its NULL parameters
  Node m = with({1, 0, 1, 0}, [](Node &x) { x.kids.push_back(prim(0x05, {})); });
  ASSERT_EQ(parse(m), FC_OK) << "sha384 with NULL parameters";
  at(m, {1, 0, 1, 0}).kids.push_back(prim(0x05, {}));
  EXPECT_EQ(parse(m), FC_ERR_DER) << "a second NULL";
}

TEST_F(Pkcs7Malformed, VersionsOutOfRange) {
  ASSERT_EQ(parse(p7_), FC_OK);
  for (const Bytes &v : {Bytes{0x06}, Bytes{0x7f}, Bytes{0x00, 0x01}, Bytes{0xff}, Bytes{0x01, 0x00},
                         Bytes{}}) {
    EXPECT_EQ(parse(with(kSdVersion, [&](Node &x) { x.value = v; })), FC_ERR_DER)
        << "SignedData version " << fct::to_hex(v);
  }
  for (const Bytes &v : {Bytes{0x00}, Bytes{0x02}, Bytes{0x04}, Bytes{0x00, 0x01}, Bytes{}}) {
    EXPECT_EQ(parse(with(kSignerVersion, [&](Node &x) { x.value = v; })), FC_ERR_DER)
        << "SignerInfo version " << fct::to_hex(v);
  }
}

// FC_ERR_UNSUPPORTED as pkcs7.h documents it: another content type, more
// than FC_PKCS7_MAX_CERTS certificates or FC_PKCS7_MAX_SIGNERS signers.
TEST_F(Pkcs7Malformed, BoundsAndContentType) {
  ASSERT_EQ(parse(p7_), FC_OK);
  EXPECT_EQ(parse(with({0}, [](Node &x) { x.value = kOidEnvelopedData; })), FC_ERR_UNSUPPORTED);
  Node m = p7_;
  const Node cert = at(p7_, {1, 0, 3, 0});
  at(m, kCerts).kids.assign(FC_PKCS7_MAX_CERTS, cert);
  ASSERT_EQ(verify(m), FC_OK) << "16 certificates";
  at(m, kCerts).kids.push_back(cert);
  EXPECT_EQ(parse(m), FC_ERR_UNSUPPORTED) << "17 certificates";
  m = p7_;
  const Node signer = at(p7_, kSigner);
  at(m, kSigners).kids.assign(FC_PKCS7_MAX_SIGNERS, signer);
  ASSERT_EQ(verify(m), FC_OK) << "4 signers";
  at(m, kSigners).kids.push_back(signer);
  EXPECT_EQ(parse(m), FC_ERR_UNSUPPORTED) << "5 signers";
}

TEST_F(Pkcs7Malformed, AttachedContent) {
  Node m = with(kEci, [&](Node &x) { x.kids.push_back(cons(0xa0, {prim(0x04, content_)})); });
  ASSERT_EQ(verify(m, true), FC_OK) << "content.txt attached";
  // BER's constructed OCTET STRING, the same octets in one segment
  Node b = with(kEci, [&](Node &x) { x.kids.push_back(cons(0xa0, {cons(0x24, {prim(0x04, content_)})})); });
  EXPECT_EQ(parse(b), FC_ERR_DER);
  b = m;
  at(b, {1, 0, 2, 1, 0}).len = Node::Len::kRaw;
  at(b, {1, 0, 2, 1, 0}).raw_len = {0x80};
  EXPECT_EQ(parse(b), FC_ERR_DER) << "indefinite OCTET STRING";
  b = m;
  at(b, {1, 0, 2, 1}).kids.push_back(prim(0x04, {}));
  EXPECT_EQ(parse(b), FC_ERR_DER) << "two contents in [0]";
  b = m;
  at(b, {1, 0, 2, 1}).kids.clear();
  EXPECT_EQ(parse(b), FC_ERR_DER) << "an empty [0]";
  b = m;
  at(b, {1, 0, 2, 1, 0}).value.back() ^= 1;
  EXPECT_EQ(verify(b, true), FC_ERR_SIG) << "another attached content";
  EXPECT_EQ(verify(b, false), FC_ERR_SIG) << "attached and detached differ";
}

TEST_F(Pkcs7Malformed, VerifyFailures) {
  ASSERT_EQ(verify(p7_), FC_OK);
  EXPECT_EQ(verify(with(kSignature, [](Node &x) { x.value[12] ^= 0x04; })), FC_ERR_SIG) << "signature";
  EXPECT_EQ(verify(with({1, 0, 4, 0, 1, 1}, [](Node &x) { x.value.back() ^= 1; })), FC_ERR_SIG)
      << "no certificate with the signer's serial";
  // messageDigest's value (attribute 2: contentType, signingTime, messageDigest)
  EXPECT_EQ(verify(with({1, 0, 4, 0, 3, 2, 1, 0}, [](Node &x) { x.value[0] ^= 1; })), FC_ERR_SIG);
  // contentType twice (the first one duplicated: the signature also breaks)
  Node m = p7_;
  at(m, kSignedAttrs).kids.push_back(at(p7_, {1, 0, 4, 0, 3, 0}));
  EXPECT_EQ(verify(m), FC_ERR_SIG) << "contentType twice";
  // signed attributes removed: the signature was over them
  m = p7_;
  at(m, kSigner).kids.erase(at(m, kSigner).kids.begin() + 3);
  EXPECT_EQ(verify(m), FC_ERR_SIG) << "no signed attributes";
}

// The signed attributes are read by fc_pkcs7_verify, not by fc_pkcs7_parse
// (which keeps them as one TLV): malformed DER inside them may parse, but
// must never verify. (The stricter reading of pkcs7.h, FC_ERR_DER from the
// parse, is DISABLED_StrictDerInsideAttributesAndCrls below.)
TEST_F(Pkcs7Malformed, SignedAttrsMalformedNeverVerify) {
  ASSERT_EQ(verify(p7_), FC_OK);
  size_t cases = 0;
  for (const Path &p : paths(p7_)) {
    if (!starts_with(p, kSignedAttrs) || p.size() == kSignedAttrs.size()) continue;
    std::vector<Node> variants;
    variants.push_back(with(p, [](Node &x) {
      if (x.constructed()) {
        x.len = Node::Len::kIndefinite;
      } else {
        x.len = Node::Len::kRaw;
        x.raw_len = {0x80};
      }
    }));
    variants.push_back(with(p, [](Node &x) {
      x.raw_len = non_minimal_len(content_of(x).size());
      x.len = Node::Len::kRaw;
    }));
    variants.push_back(with(p, [](Node &x) {
      x.raw_len = der_len(content_of(x).size() + 1);
      x.len = Node::Len::kRaw;
    }));
    for (const Node &m : variants) {
      fc_err rc = parse(m);
      ASSERT_TRUE(rc == FC_OK || rc == FC_ERR_DER) << str(p) << ": " << fct::err_name(rc);
      if (rc == FC_OK) {
        EXPECT_EQ(verify(m), FC_ERR_SIG) << str(p);
      }
      cases++;
    }
  }
  EXPECT_GE(cases, 30u);
}

// pkcs7.h: "Strict DER (definite lengths: BER's indefinite lengths are
// refused) ... FC_ERR_DER: malformed". LIBRARY BUG (reported): malformed DER
// inside the signed attributes, the unsigned attributes and the CRLs is not
// read by fc_pkcs7_parse (src/x509/pkcs7_parse.c, signer(): [0] and [1]
// taken as one TLV; parse(): [1] CRLs skipped), so it returns FC_OK; with
// unsigned attributes fc_pkcs7_verify then returns FC_OK too.
TEST_F(Pkcs7Malformed, StrictDerInsideAttributesAndCrls) {
  // valid starting points: well-formed unsignedAttrs and crls verify
  const Node attr = cons(0x30, {prim(0x06, kOidSigningTime), cons(0x31, {prim(0x17, {'2', '6', '1', '2', '0', '6', '2', '2', '5', '8', '0', '0', 'Z'})})});
  Node u = p7_;
  at(u, kSigner).kids.push_back(cons(0xa1, {attr}));
  ASSERT_EQ(verify(u), FC_OK);
  Node c = p7_;
  at(c, kSd).kids.insert(at(c, kSd).kids.begin() + 4, cons(0xa1, {cons(0x30, {prim(0x05, {})})}));
  ASSERT_EQ(verify(c), FC_OK);

  Node m = u;
  at(m, {1, 0, 4, 0, 6, 0}).len = Node::Len::kIndefinite;
  EXPECT_EQ(parse(m), FC_ERR_DER) << "indefinite length in unsignedAttrs";
  EXPECT_EQ(verify(m), FC_ERR_DER) << "(today: parses, and verifies: FC_OK)";
  m = u;
  Node &set = at(m, {1, 0, 4, 0, 6, 0, 1});
  set.raw_len = non_minimal_len(content_of(set).size());
  set.len = Node::Len::kRaw;
  EXPECT_EQ(parse(m), FC_ERR_DER) << "non-minimal length in unsignedAttrs";
  m = c;
  at(m, {1, 0, 4, 0}).len = Node::Len::kIndefinite;
  EXPECT_EQ(parse(m), FC_ERR_DER) << "indefinite length in crls";
  m = p7_;
  at(m, {1, 0, 4, 0, 3, 1}).len = Node::Len::kIndefinite;
  EXPECT_EQ(parse(m), FC_ERR_DER) << "indefinite length in signedAttrs";
  m = p7_;
  at(m, {1, 0, 4, 0, 3, 0, 0}).value.back() |= 0x80;
  EXPECT_EQ(parse(m), FC_ERR_DER) << "an unfinished attribute OID in signedAttrs";
}

// ---------------------------------------------------------------------------
// Authenticode's SpcIndirectDataContent (fc_authenticode_digest)
// ---------------------------------------------------------------------------

// p384_detached.p7 with eContentType SpcIndirectDataContent and, attached,
// SEQUENCE { SpcAttributeTypeAndOptionalValue { SpcPeImageData, NULL },
// DigestInfo { sha256, digest } }. Its signature no longer verifies (the
// signed attributes name pkcs7-data and another digest): only the parsing
// of the content is valid, not the signature.
Node spc_content(const Bytes &digest, const Bytes &hash_oid = kOidSha256) {
  return cons(0x30, {cons(0x30, {prim(0x06, kOidSpcPeImageData), prim(0x05, {})}),
                     cons(0x30, {cons(0x30, {prim(0x06, hash_oid), prim(0x05, {})}), prim(0x04, digest)})});
}

TEST_F(Pkcs7Malformed, AuthenticodeDigest) {
  Bytes digest(32);
  for (size_t i = 0; i < digest.size(); i++) digest[i] = (uint8_t)(0xa0 + i);
  auto build = [&](const Node &spc) {
    Node m = p7_;
    at(m, {1, 0, 2, 0}).value = kOidSpcIndirectData;
    at(m, kEci).kids.push_back(cons(0xa0, {spc}));
    return m;
  };
  // fc_authenticode_digest on the content's parse: FC_OK, or the code
  auto digest_of = [&](const Node &m, fc_hash_alg *alg, fc_slice *d) {
    Bytes der = enc(m);
    auto p7 = std::make_unique<fc_pkcs7>();
    fc_err rc = fc_pkcs7_parse(p7.get(), der.data(), der.size());
    if (rc != FC_OK) return rc;
    rc = fc_authenticode_digest(p7.get(), alg, d);
    if (rc == FC_OK) {
      EXPECT_EQ(Bytes(d->p, d->p + d->len), digest);
      // the digest equal: fc_pkcs7_verify's verdict (the signature is not
      // over this content); a different image hash: a digest mismatch
      EXPECT_EQ(fc_authenticode_verify(p7.get(), digest.data(), digest.size(), &root_, 1,
                                       FC_X509_PARTIAL_CHAIN, 0, ws_.get(), FC_X509_SIG_WORKSPACE_BYTES,
                                       nullptr),
                FC_ERR_SIG);
      Bytes other = digest;
      other[0] ^= 1;
      EXPECT_EQ(fc_authenticode_verify(p7.get(), other.data(), other.size(), &root_, 1,
                                       FC_X509_PARTIAL_CHAIN, 0, ws_.get(), FC_X509_SIG_WORKSPACE_BYTES,
                                       nullptr),
                FC_ERR_SIG);
      EXPECT_EQ(fc_authenticode_verify(p7.get(), digest.data(), digest.size() - 1, &root_, 1,
                                       FC_X509_PARTIAL_CHAIN, 0, ws_.get(), FC_X509_SIG_WORKSPACE_BYTES,
                                       nullptr),
                FC_ERR_SIG);
    }
    return rc;
  };
  fc_hash_alg alg = FC_SHA1;
  fc_slice d;
  const Node spc = spc_content(digest);
  ASSERT_EQ(digest_of(build(spc), &alg, &d), FC_OK);
  EXPECT_EQ(alg, FC_SHA256);

  // the unchanged SignedData: pkcs7-data is another content type
  EXPECT_EQ(digest_of(p7_, &alg, &d), FC_ERR_UNSUPPORTED);
  // an unknown digest algorithm
  EXPECT_EQ(digest_of(build(spc_content(digest, kOidMd5)), &alg, &d), FC_ERR_UNSUPPORTED);
  // malformed
  Bytes short_digest(digest.begin(), digest.end() - 1);
  EXPECT_EQ(digest_of(build(spc_content(short_digest)), &alg, &d), FC_ERR_DER) << "31-octet SHA-256";
  Node s = spc;
  s.kids.pop_back();
  EXPECT_EQ(digest_of(build(s), &alg, &d), FC_ERR_DER) << "no DigestInfo";
  s = spc;
  s.kids.push_back(prim(0x05, {}));
  EXPECT_EQ(digest_of(build(s), &alg, &d), FC_ERR_DER) << "trailing NULL after DigestInfo";
  s = spc;
  at(s, {1}).kids.push_back(prim(0x05, {}));
  EXPECT_EQ(digest_of(build(s), &alg, &d), FC_ERR_DER) << "trailing NULL inside DigestInfo";
  s = spc;
  at(s, {0, 0}).value.clear();
  EXPECT_EQ(digest_of(build(s), &alg, &d), FC_ERR_DER) << "empty SpcAttributeTypeAndOptionalValue type";
  s = spc;
  at(s, {1, 0, 0}).value.back() |= 0x80;
  EXPECT_EQ(digest_of(build(s), &alg, &d), FC_ERR_DER) << "unfinished digest OID";
  s = spc;
  at(s, {1, 1}).tag = 0x03;
  EXPECT_EQ(digest_of(build(s), &alg, &d), FC_ERR_DER) << "digest as a BIT STRING";
  s = spc;
  at(s, {1}) = raw(nest(0x30, 10000, {}));
  EXPECT_EQ(digest_of(build(s), &alg, &d), FC_ERR_DER) << "10,000 levels for the DigestInfo";
  s = spc;
  at(s, {1}).len = Node::Len::kIndefinite;
  EXPECT_EQ(digest_of(build(s), &alg, &d), FC_ERR_DER) << "indefinite DigestInfo";
  s = spc;
  s.len = Node::Len::kIndefinite;
  EXPECT_EQ(digest_of(build(s), &alg, &d), FC_ERR_DER) << "indefinite SpcIndirectDataContent";
}

// ---------------------------------------------------------------------------
// PE/COFF images: a minimal PE32+ built here
// ---------------------------------------------------------------------------

void put16(Bytes &b, size_t off, uint32_t v) {
  b[off] = (uint8_t)v;
  b[off + 1] = (uint8_t)(v >> 8);
}
void put32(Bytes &b, size_t off, uint32_t v) {
  put16(b, off, v & 0xffff);
  put16(b, off + 2, v >> 16);
}

// The layout the builder writes ("PE Format", Microsoft Learn).
constexpr size_t kLfanew = 0x40;                   // e_lfanew
constexpr size_t kCoff = kLfanew + 4;              // after "PE\0\0"
constexpr size_t kOpt = kCoff + 20;                // the optional header
constexpr size_t kOptSize = 112 + 16 * 8;          // PE32+, 16 data directories
constexpr size_t kChecksum = kOpt + 64;            // CheckSum
constexpr size_t kSecurityDir = kOpt + 112 + 4 * 8;  // data directory 4
constexpr size_t kSecTable = kOpt + kOptSize;      // the section table (2 x 40)
constexpr size_t kHeaders = 0x200;                 // SizeOfHeaders
constexpr size_t kTextOff = 0x200, kTextSize = 0x200;  // section table entry 1
constexpr size_t kDataOff = 0x400, kDataSize = 0x180;  // section table entry 0
constexpr size_t kTrailing = 0x80;  // data after the sections (not in any section)
constexpr size_t kUnsignedLen = kDataOff + kDataSize + kTrailing;  // 0x600: 8-aligned

// A valid unsigned PE32+ image: two sections, entered in the table in the
// reverse of their file order (the hash sorts them), and trailing data.
Bytes pe_unsigned() {
  Bytes im(kUnsignedLen, 0);
  for (size_t i = 0; i < im.size(); i++) im[i] = (uint8_t)(i * 37 + 11);  // every byte distinct-ish
  std::fill(im.begin(), im.begin() + kHeaders, 0);
  im[0] = 'M';
  im[1] = 'Z';
  put32(im, 0x3c, kLfanew);
  memcpy(&im[kLfanew], "PE\0\0", 4);
  put16(im, kCoff + 0, 0x8664);        // Machine: AMD64
  put16(im, kCoff + 2, 2);             // NumberOfSections
  put32(im, kCoff + 4, 0x5f5e100);     // TimeDateStamp
  put16(im, kCoff + 16, kOptSize);     // SizeOfOptionalHeader
  put16(im, kCoff + 18, 0x2022);       // Characteristics
  put16(im, kOpt + 0, 0x20b);          // Magic: PE32+
  put32(im, kOpt + 16, 0x1000);        // AddressOfEntryPoint
  put32(im, kOpt + 32, 0x1000);        // SectionAlignment
  put32(im, kOpt + 36, 0x200);         // FileAlignment
  put32(im, kOpt + 56, 0x3000);        // SizeOfImage
  put32(im, kOpt + 60, kHeaders);      // SizeOfHeaders
  put32(im, kChecksum, 0xdeadbeef);    // CheckSum: left out of the hash
  put16(im, kOpt + 68, 10);            // Subsystem: EFI application
  put32(im, kOpt + 108, 16);           // NumberOfRvaAndSizes
  put32(im, kOpt + 112 + 8 * 1, 0x2000);  // an import directory, to have one that is hashed
  put32(im, kOpt + 112 + 8 * 1 + 4, 0x40);
  struct {
    const char *name;
    size_t off, size, rva;
  } sec[2] = {{".data", kDataOff, kDataSize, 0x2000}, {".text", kTextOff, kTextSize, 0x1000}};
  for (size_t i = 0; i < 2; i++) {
    size_t s = kSecTable + 40 * i;
    memcpy(&im[s], sec[i].name, strlen(sec[i].name));
    put32(im, s + 8, (uint32_t)sec[i].size);   // VirtualSize
    put32(im, s + 12, (uint32_t)sec[i].rva);   // VirtualAddress
    put32(im, s + 16, (uint32_t)sec[i].size);  // SizeOfRawData
    put32(im, s + 20, (uint32_t)sec[i].off);   // PointerToRawData
    put32(im, s + 36, 0x60000020);
  }
  return im;
}

// The image with a certificate table at its end: one WIN_CERTIFICATE
// (revision 2.0, PKCS_SIGNED_DATA) holding p7, padded to 8 bytes.
Bytes pe_signed(const Bytes &p7) {
  Bytes im = pe_unsigned();
  size_t table = im.size();
  Bytes entry(8);
  put32(entry, 0, (uint32_t)(8 + p7.size()));
  put16(entry, 4, 0x0200);
  put16(entry, 6, 0x0002);
  append(entry, p7);
  entry.resize((entry.size() + 7) & ~(size_t)7, 0);
  append(im, entry);
  put32(im, kSecurityDir, (uint32_t)table);
  put32(im, kSecurityDir + 4, (uint32_t)entry.size());
  return im;
}

// What Authenticode hashes, from the layout above ("Calculating the PE Image
// Hash"): the headers without CheckSum and the Security directory entry,
// the sections by PointerToRawData, then the rest up to the certificate
// table (table_len octets at the end).
Bytes pe_hashed_bytes(const Bytes &im, size_t table_len) {
  const size_t hashed = kHeaders + kTextSize + kDataSize;  // SUM_OF_BYTES_HASHED
  const std::pair<size_t, size_t> ranges[] = {
      {0, kChecksum},
      {kChecksum + 4, kSecurityDir},
      {kSecurityDir + 8, kHeaders},
      {kTextOff, kTextOff + kTextSize},  // sections by PointerToRawData: .text first
      {kDataOff, kDataOff + kDataSize},
      {hashed, im.size() - table_len},
  };
  Bytes out;
  for (const auto &r : ranges)
    for (size_t i = r.first; i < r.second; i++) out.push_back(im.at(i));
  return out;
}

// SHA-256 of pe_hashed_bytes(pe_unsigned(), 0), by sha256sum (coreutils)
// over those bytes when this test was written: an answer from outside
// fastcrypt.
const char kUnsignedHashHex[] = "ff78a38a70d3e84331fbcb23ffad50f39045581de15f3b5f150635f5d39b2c86";

fc_err pe_hash(const Bytes &im, Bytes *digest = nullptr) {
  Exact e(im.data(), im.size());
  Bytes d(32);
  fc_err rc = fc_pe_hash(FC_SHA256, e.p.get(), e.n, d.data());
  if (digest != nullptr) *digest = d;
  return rc;
}
fc_err pe_table(const Bytes &im) {
  Exact e(im.data(), im.size());
  fc_slice t;
  return fc_pe_cert_table(e.p.get(), e.n, &t);
}
// Both header walks: the hash and the table agree on what is malformed.
void expect_pe_der(const Bytes &im, const std::string &what) {
  EXPECT_EQ(pe_hash(im), FC_ERR_DER) << what;
  EXPECT_EQ(pe_table(im), FC_ERR_DER) << what;
}

class PeMalformed : public ::testing::Test {
 protected:
  void SetUp() override {
    p7_ = fct::read_file(vec("p384_detached.p7"));
    ASSERT_FALSE(p7_.empty());
    unsigned_ = pe_unsigned();
    signed_ = pe_signed(p7_);
    table_len_ = signed_.size() - kUnsignedLen;
    ASSERT_EQ(pe_hash(unsigned_), FC_OK);
    ASSERT_EQ(pe_hash(signed_), FC_OK);
  }
  Bytes p7_, unsigned_, signed_;
  size_t table_len_ = 0;
};

TEST_F(PeMalformed, ValidImagesHashAsTheSpecSays) {
  Bytes expect(32), got;
  Bytes spec = pe_hashed_bytes(unsigned_, 0);
  EXPECT_EQ(spec.size(), kUnsignedLen - 4 - 8);  // all but CheckSum and the Security entry
  ASSERT_EQ(fc_hash(FC_SHA256, spec.data(), spec.size(), expect.data()), FC_OK);
  EXPECT_EQ(fct::to_hex(expect), kUnsignedHashHex);
  ASSERT_EQ(pe_hash(unsigned_, &got), FC_OK);
  EXPECT_EQ(got, expect) << "unsigned image";
  // signing changes neither the hashed bytes nor the hash
  EXPECT_EQ(pe_hashed_bytes(signed_, table_len_), spec);
  ASSERT_EQ(pe_hash(signed_, &got), FC_OK);
  EXPECT_EQ(got, expect) << "signed image";
  // CheckSum is left out; any other header byte is not
  Bytes im = signed_;
  put32(im, kChecksum, 0x01020304);
  ASSERT_EQ(pe_hash(im, &got), FC_OK);
  EXPECT_EQ(got, expect);
  im = signed_;
  im[kCoff + 4] ^= 1;  // TimeDateStamp
  ASSERT_EQ(pe_hash(im, &got), FC_OK);
  EXPECT_NE(got, expect);

  // the table and its one signature
  fc_slice table;
  ASSERT_EQ(fc_pe_cert_table(signed_.data(), signed_.size(), &table), FC_OK);
  EXPECT_EQ(table.p, signed_.data() + kUnsignedLen);
  EXPECT_EQ(table.len, table_len_);
  fc_slice p7der;
  ASSERT_EQ(fc_pe_next_signature(&table, &p7der), FC_OK);
  EXPECT_EQ(Bytes(p7der.p, p7der.p + p7der.len), p7_);
  EXPECT_EQ(fc_pe_next_signature(&table, &p7der), FC_ERR_SIG) << "the end of the table";
  ASSERT_EQ(fc_pe_cert_table(unsigned_.data(), unsigned_.size(), &table), FC_OK);
  EXPECT_EQ(table.len, 0u);
  EXPECT_EQ(fc_pe_next_signature(&table, &p7der), FC_ERR_SIG) << "an unsigned image";
  // the SignedData parses; it is not Authenticode's (content pkcs7-data)
  auto p7 = std::make_unique<fc_pkcs7>();
  ASSERT_EQ(fc_pkcs7_parse(p7.get(), p7_.data(), p7_.size()), FC_OK);
  fc_hash_alg alg;
  fc_slice d;
  EXPECT_EQ(fc_authenticode_digest(p7.get(), &alg, &d), FC_ERR_UNSUPPORTED);
}

TEST_F(PeMalformed, EveryTruncation) {
  // signed: every prefix cuts the certificate table, which must end the file
  for (size_t n = 0; n < signed_.size(); n++) {
    Bytes t(signed_.begin(), signed_.begin() + n);
    ASSERT_EQ(pe_hash(t), FC_ERR_DER) << "prefix of " << n << " bytes";
    ASSERT_EQ(pe_table(t), FC_ERR_DER) << "prefix of " << n << " bytes";
  }
  // unsigned: every prefix that cuts a header or a section; one that only
  // drops trailing data is a valid image
  for (size_t n = 0; n < unsigned_.size(); n++) {
    Bytes t(unsigned_.begin(), unsigned_.begin() + n);
    fc_err want = n < kDataOff + kDataSize ? FC_ERR_DER : FC_OK;
    ASSERT_EQ(pe_hash(t), want) << "prefix of " << n << " bytes";
    // fc_pe_cert_table does not look at sections (DISABLED_CertTableRefusesWhatHashRefuses)
    if (n < kHeaders || want == FC_OK) {
      ASSERT_EQ(pe_table(t), want) << "prefix of " << n << " bytes";
    }
  }
}

TEST_F(PeMalformed, SignaturesAndELfanew) {
  Bytes im = signed_;
  im[1] = 'X';
  expect_pe_der(im, "no MZ");
  im = signed_;
  im[kLfanew + 2] = 'x';
  expect_pe_der(im, "PE\\0x");
  const size_t len = signed_.size();
  for (uint32_t v : {(uint32_t)len, (uint32_t)len - 1, (uint32_t)len - 4, (uint32_t)len - 23,
                     (uint32_t)len + 1, 0x7fffffffu, 0x80000000u, 0xfffffff0u, 0xffffffffu}) {
    im = signed_;
    put32(im, 0x3c, v);
    expect_pe_der(im, "e_lfanew " + std::to_string(v));
  }
  im = signed_;
  put32(im, 0x3c, 0x20);  // inside the DOS header: no PE signature there
  expect_pe_der(im, "e_lfanew 0x20");
}

TEST_F(PeMalformed, NumberOfSections) {
  for (uint32_t n : {97u, 0x100u, 0x7fffu, 0xffffu}) {
    Bytes im = signed_;
    put16(im, kCoff + 2, n);
    expect_pe_der(im, "NumberOfSections " + std::to_string(n));
  }
  // 5 to 96: the table runs past SizeOfHeaders (it has room for 4)
  for (uint32_t n : {5u, 8u, 96u}) {
    Bytes im = signed_;
    put16(im, kCoff + 2, n);
    expect_pe_der(im, "NumberOfSections " + std::to_string(n));
  }
  // 1: only .data hashed, .text becomes trailing data; 3 and 4: zero
  // entries (SizeOfRawData 0) in the headers' room: valid
  for (uint32_t n : {1u, 3u, 4u}) {
    Bytes im = signed_;
    put16(im, kCoff + 2, n);
    EXPECT_EQ(pe_hash(im), FC_OK) << n;
  }
}

TEST_F(PeMalformed, SizeOfOptionalHeader) {
  for (uint32_t v : {0u, 1u, 2u, 96u, 111u, (uint32_t)kOptSize - 8, (uint32_t)kOptSize - 1, 0xffffu}) {
    Bytes im = signed_;
    put16(im, kCoff + 16, v);
    expect_pe_der(im, "SizeOfOptionalHeader " + std::to_string(v));
  }
  // the magic, NumberOfRvaAndSizes and SizeOfHeaders it is read with
  Bytes im = signed_;
  put16(im, kOpt, 0x10c);
  expect_pe_der(im, "magic 0x10c");
  im = signed_;
  put16(im, kOpt, 0x10b);  // PE32: the directories move, and NumberOfRvaAndSizes with them
  im[kOpt + 92] = 0xff;
  expect_pe_der(im, "PE32 magic on a PE32+ header");
  for (uint32_t v : {17u, 0x1000u, 0xffffffffu}) {
    im = signed_;
    put32(im, kOpt + 108, v);
    expect_pe_der(im, "NumberOfRvaAndSizes " + std::to_string(v));
  }
  for (uint32_t v : {0u, (uint32_t)kSecTable + 79, (uint32_t)signed_.size() + 1, 0xffffffffu}) {
    im = signed_;
    put32(im, kOpt + 60, v);
    expect_pe_der(im, "SizeOfHeaders " + std::to_string(v));
  }
}

// Sections whose raw data lies outside the file, in the headers, over
// another section or over the certificate table: (what, image) pairs made
// from the unsigned and the signed image.
std::vector<std::pair<std::string, Bytes>> section_defects(const Bytes &unsigned_im,
                                                           const Bytes &signed_im) {
  auto section = [](Bytes im, size_t idx, uint32_t off, uint32_t size) {
    put32(im, kSecTable + 40 * idx + 20, off);  // PointerToRawData
    put32(im, kSecTable + 40 * idx + 16, size);  // SizeOfRawData
    return im;
  };
  const size_t data = 0, text = 1;  // table indexes
  std::vector<std::pair<std::string, Bytes>> out;
  for (const Bytes *base : {&unsigned_im, &signed_im}) {
    const std::string which = base == &unsigned_im ? "unsigned: " : "signed: ";
    const uint32_t len = (uint32_t)base->size();
    auto add = [&](const char *what, size_t idx, uint32_t off, uint32_t size) {
      out.emplace_back(which + what, section(*base, idx, off, size));
    };
    add("raw data one byte past the file", data, kDataOff, len - kDataOff + 1);
    add("raw data starting at the end", data, len, 0x10);
    add("PointerToRawData + SizeOfRawData wraps 32 bits", data, 0xfffffff0u, 0x20);
    add("SizeOfRawData 4 GiB", data, kDataOff, 0xffffffffu);
    add("raw data inside the headers", text, kHeaders - 8, kTextSize);
    add("raw data at offset 0", text, 0, kTextSize);
    add(".text overlapping .data", text, kTextOff, kTextSize + 8);
    add(".data inside .text", data, kTextOff + 0x100, kDataSize);
    add("two sections at one offset", data, kTextOff, kTextSize);
  }
  // in the file, but over the certificate table
  out.emplace_back(".data overlapping the certificate table",
                   section(signed_im, data, kDataOff, kDataSize + kTrailing + 8));
  out.emplace_back(".data inside the certificate table", section(signed_im, data, kUnsignedLen, 8));
  return out;
}

TEST_F(PeMalformed, SectionsOutsideTheFileOrOverlapping) {
  ASSERT_LE(kDataOff + kDataSize + kTrailing + 8, signed_.size());
  for (const auto &d : section_defects(unsigned_, signed_)) EXPECT_EQ(pe_hash(d.second), FC_ERR_DER) << d.first;
  // valid neighbours: SizeOfRawData 0 (nothing of the section in the file,
  // whatever its pointer), .data grown up to the table
  Bytes im = signed_;
  put32(im, kSecTable + 20, 0xffffffffu);
  put32(im, kSecTable + 16, 0);
  EXPECT_EQ(pe_hash(im), FC_OK);
  im = signed_;
  put32(im, kSecTable + 16, kDataSize + kTrailing);
  EXPECT_EQ(pe_hash(im), FC_OK) << ".data up to the table";
}

// authenticode.h: fc_pe_cert_table returns "FC_ERR_DER as fc_pe_hash".
// LIBRARY BUG / header mismatch (reported): fc_pe_cert_table runs only the
// header walk (src/x509/pe_image.c, layout()), not the section checks that
// fc_pe_hash makes after it, so it returns FC_OK (and a table) for images
// fc_pe_hash refuses.
TEST_F(PeMalformed, CertTableRefusesWhatHashRefuses) {
  ASSERT_EQ(pe_table(signed_), FC_OK);
  for (const auto &d : section_defects(unsigned_, signed_)) EXPECT_EQ(pe_table(d.second), FC_ERR_DER) << d.first;
  Bytes cut(unsigned_.begin(), unsigned_.begin() + kDataOff);  // .data cut off
  EXPECT_EQ(pe_hash(cut), FC_ERR_DER);
  EXPECT_EQ(pe_table(cut), FC_ERR_DER);
}

TEST_F(PeMalformed, CertificateTableOutOfPlace) {
  const uint32_t len = (uint32_t)signed_.size(), table = (uint32_t)kUnsignedLen,
                 tlen = (uint32_t)table_len_;
  auto dir = [&](uint32_t off, uint32_t size) {
    Bytes im = signed_;
    put32(im, kSecurityDir, off);
    put32(im, kSecurityDir + 4, size);
    return im;
  };
  ASSERT_EQ(pe_hash(dir(table, tlen)), FC_OK);
  expect_pe_der(dir(table, tlen + 8), "past the end by 8");
  expect_pe_der(dir(table, tlen + 1), "past the end by 1");
  expect_pe_der(dir(table, 0xffffffffu), "size 4 GiB");
  expect_pe_der(dir(len, 8), "starting at the end");
  expect_pe_der(dir(0xfffffff8u, 16), "offset + size wraps 32 bits");
  expect_pe_der(dir(table, tlen - 8), "not at the end: 8 bytes follow it");
  expect_pe_der(dir(table - 8, tlen), "not at the end: ends 8 bytes early");
  expect_pe_der(dir(0x100, len - 0x100), "overlapping the headers");
  expect_pe_der(dir(0, len), "the whole file");
  Bytes im = signed_;
  append(im, Bytes(8, 0));
  expect_pe_der(im, "8 zero bytes appended after the table");
  // fewer than 5 data directories: no Security entry, no table, all hashed
  im = signed_;
  put32(im, kOpt + 108, 4);
  fc_slice t;
  ASSERT_EQ(fc_pe_cert_table(im.data(), im.size(), &t), FC_OK);
  EXPECT_EQ(t.len, 0u);
}

TEST_F(PeMalformed, WinCertificateEntries) {
  fc_slice table;
  ASSERT_EQ(fc_pe_cert_table(signed_.data(), signed_.size(), &table), FC_OK);
  const Bytes entry(table.p, table.p + table.len);
  auto next = [](const Bytes &e, fc_slice *out = nullptr) {
    Exact x(e.data(), e.size());
    fc_slice cur = {x.p.get(), x.n}, p7;
    fc_err rc = fc_pe_next_signature(&cur, &p7);
    if (out != nullptr) *out = p7;
    return rc;
  };
  ASSERT_EQ(next(entry), FC_OK);
  for (uint32_t dw : {0u, 1u, 7u, (uint32_t)entry.size() + 1, (uint32_t)entry.size() + 8, 0x7fffffffu,
                      0xffffffffu}) {
    Bytes e = entry;
    put32(e, 0, dw);
    EXPECT_EQ(next(e), FC_ERR_DER) << "dwLength " << dw;
  }
  // dwLength 8: an empty bCertificate, not a SignedData
  Bytes e = entry;
  put32(e, 0, 8);
  EXPECT_EQ(next(e), FC_ERR_DER) << "dwLength 8";
  // dwLength cutting the SignedData short
  e = entry;
  put32(e, 0, (uint32_t)(8 + p7_.size() - 1));
  EXPECT_EQ(next(e), FC_ERR_DER) << "dwLength one short";
  for (size_t n : {1, 4, 7}) EXPECT_EQ(next(Bytes(entry.begin(), entry.begin() + n)), FC_ERR_DER) << n;
  // the padding inside dwLength: up to 7 zero bytes (p7_ needs some?) then
  // anything else refused
  for (size_t pad : {1, 7}) {
    Bytes p = Bytes(entry.begin(), entry.begin() + 8);
    append(p, p7_);
    append(p, Bytes(pad, 0));
    put32(p, 0, (uint32_t)p.size());
    fc_slice got;
    ASSERT_EQ(next(p, &got), FC_OK) << pad << " zero bytes of padding";
    EXPECT_EQ(got.len, p7_.size());
    p.back() = 0x01;
    EXPECT_EQ(next(p), FC_ERR_DER) << pad << " bytes of padding, the last not zero";
  }
  Bytes p = Bytes(entry.begin(), entry.begin() + 8);
  append(p, p7_);
  append(p, Bytes(8, 0));
  put32(p, 0, (uint32_t)p.size());
  EXPECT_EQ(next(p), FC_ERR_DER) << "8 bytes of padding";
  // a SignedData of indefinite length
  p = entry;
  p[9] = 0x80;
  EXPECT_EQ(next(p), FC_ERR_DER) << "30 80";
  // an entry of another type is skipped; a broken one after it is refused
  Bytes other(16, 0);
  put32(other, 0, 16);
  put16(other, 4, 0x0200);
  put16(other, 6, 0x0001);  // WIN_CERT_TYPE_X509
  Bytes two = other;
  append(two, entry);
  fc_slice got;
  ASSERT_EQ(next(two, &got), FC_OK);
  EXPECT_EQ(got.len, p7_.size());
  put32(two, 16, 4);
  EXPECT_EQ(next(two), FC_ERR_DER) << "a broken entry after a skipped one";
}

}  // namespace
