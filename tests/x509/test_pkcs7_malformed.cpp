// Hand-made malformed SignedData for the PKCS#7 parser and verifier
// (include/fastcrypt/pkcs7.h) and for Authenticode's SpcIndirectDataContent
// (authenticode.h, fc_authenticode_digest). Every case starts from a valid
// structure, checks that it parses (or verifies) with FC_OK, breaks it in
// one place and expects the error code the header documents: FC_ERR_DER for
// malformed input, FC_ERR_UNSUPPORTED where the header says so, FC_ERR_SIG
// for verification failures.
//
// The valid starting points: the committed vectors of tests/vectors/pkcs7/
// (root.der, a P-384 CA; p384_detached.p7, a SignedData by a P-384 signer
// issued by it, over content.txt), read at run time and turned into a small
// DER tree (Node, tests/support/der_tree.h) that the test edits and
// re-encodes, so that parents' lengths stay right and only the intended
// defect is present.
//
// Covered: lengths past their parent or the end, every truncation,
// zero / indefinite / non-minimal / 4- to 8-octet lengths, 10,000 levels of
// nesting, trailing bytes, versions, DER inside attributes, CRLs and
// content, PKCS#7 bounds and content types, Authenticode's
// SpcIndirectDataContent. The ASan/UBSan suite runs it too: an
// out-of-bounds read fails there even when the returned code is right.
// (Certificates: test_x509_malformed.cpp; PE/Authenticode: test_pe_malformed.cpp.)
#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "der_tree.h"
#include "fc_test.h"

namespace {

using fct::Bytes;
using namespace fct::der;

const Bytes kSigningCertSerial = {0x10, 0x92};  // p384_detached.p7's signer (serial 4242)

// Paths in p384_detached.p7 (RFC 5652 5.1, 5.3), checked by ValidStartingSignedData.
const Path kSd = {1, 0}, kSdVersion = {1, 0, 0}, kDigestAlgs = {1, 0, 1}, kEci = {1, 0, 2},
           kCerts = {1, 0, 3}, kSigners = {1, 0, 4}, kSigner = {1, 0, 4, 0},
           kSignerVersion = {1, 0, 4, 0, 0}, kSid = {1, 0, 4, 0, 1}, kSignedAttrs = {1, 0, 4, 0, 3},
           kSignature = {1, 0, 4, 0, 5};

const Bytes kOidSha256 = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01};
const Bytes kOidMd5 = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x02, 0x05};
const Bytes kOidEnvelopedData = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x03};
const Bytes kOidSpcIndirectData = {0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x02, 0x01, 0x04};
const Bytes kOidSpcPeImageData = {0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x02, 0x01, 0x0f};
const Bytes kOidSigningTime = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x05};

class Pkcs7Malformed : public ::testing::Test {
 protected:
  void SetUp() override {
    der_ = fct::read_file(pkcs7_vector("p384_detached.p7"));
    content_ = fct::read_file(pkcs7_vector("content.txt"));
    Bytes root = fct::read_file(pkcs7_vector("root.der"));
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

// Malformed signed attributes: refused by the parse (attributes_ok in
// src/x509/pkcs7_parse.c) or, where they are well-formed DER but wrong,
// by the verification; never a verified signature.
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
// refused) ... FC_ERR_DER: malformed", also inside the signed and unsigned
// attributes and the CRLs, which fc_pkcs7_parse walks as DER.
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

}  // namespace
