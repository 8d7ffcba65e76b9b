// SLH-DSA in X.509 certificates (RFC 9909) and in CMS SignedData (RFC 9814), on
// vectors made by an independent implementation (@noble/post-quantum, DER encoded
// by hand: tests/vectors/slhdsa_pki/README.md, tools/gen-slhdsa-pki.sh): a chain
// root (SLH-DSA-SHA2-128s, self-signed) -> inter (SLH-DSA-SHAKE-128f) -> leaf
// (SLH-DSA-SHA2-128s), a leaf with one signature byte changed, a certificate whose
// signatureAlgorithm (id-slh-dsa-shake-128s) does not match its issuer's
// SLH-DSA-SHA2-128s key although the signature is valid under that key, and
// SignedData signed by the leaf (SHA-256 digest, with and without signed attributes;
// SHA-512; SHA-224, too weak for the set) and by the intermediate (SHAKE128 digest).
// Expected values come from the generator's definition, never from the library.
// SLH-DSA runs on the hash family's kernels: the signature checks run on every
// SHA-256 kernel (SLH-DSA-SHA2-128s) and every Keccak kernel (SLH-DSA-SHAKE-128f,
// SHAKE128 digests).
#include <algorithm>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>

#include "fc_test.h"
#include "stack_depth.h"

namespace {

using fct::Bytes;

// id-slh-dsa-* = 2.16.840.1.101.3.4.3.20 (sha2-128s) .. .31 (shake-256f), content octets
Bytes slh_oid(uint8_t last) { return {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, last}; }
const Bytes kSha2_128s = slh_oid(20), kShake128s = slh_oid(26), kShake128f = slh_oid(27);
const Bytes kCn = {0x55, 0x04, 0x03};

constexpr int64_t k2025 = 1735689600;  // 2025-01-01
constexpr int64_t k2026 = 1767225600;  // 2026-01-01
constexpr int64_t k2030 = 1893456000;  // 2030-01-01
constexpr int64_t k2031 = 1924992000;  // 2031-01-01
constexpr int64_t k2040 = 2208988800;  // 2040-01-01
constexpr int64_t k2045 = 2366841600;  // 2045-01-01

Bytes slice(fc_slice s) { return Bytes(s.p, s.p + s.len); }
std::string cn_of(fc_slice name) {
  fc_slice v{};
  if (fc_x509_name_attr(name, kCn.data(), kCn.size(), &v, nullptr) != FC_OK) return "";
  return std::string(v.p, v.p + v.len);
}
bool is(const char *a, const char *b) { return std::strcmp(a, b) == 0; }

struct Files {
  std::string dir = fct::vectors_dir() + "/slhdsa_pki/";
  Bytes root = fct::read_file(dir + "root.der");
  Bytes inter = fct::read_file(dir + "inter.der");
  Bytes leaf = fct::read_file(dir + "leaf.der");
  Bytes leaf_bad = fct::read_file(dir + "leaf_bad.der");
  Bytes mismatch = fct::read_file(dir + "leaf_mismatch.der");
  Bytes content = fct::read_file(dir + "content.bin");
  Bytes cms(const char *name) const { return fct::read_file(dir + name); }
};

struct Ws {
  std::unique_ptr<uint64_t[]> mem{new uint64_t[FC_X509_SIG_WORKSPACE_BYTES / 8 + 1]};
  void *p() { return mem.get(); }
  static constexpr size_t n = FC_X509_SIG_WORKSPACE_BYTES;
};

struct Certs {
  fc_x509_cert root{}, inter{}, leaf{}, leaf_bad{}, mismatch{};
  explicit Certs(const Files &f) {
    EXPECT_EQ(fc_x509_parse(&root, f.root.data(), f.root.size()), FC_OK);
    EXPECT_EQ(fc_x509_parse(&inter, f.inter.data(), f.inter.size()), FC_OK);
    EXPECT_EQ(fc_x509_parse(&leaf, f.leaf.data(), f.leaf.size()), FC_OK);
    EXPECT_EQ(fc_x509_parse(&leaf_bad, f.leaf_bad.data(), f.leaf_bad.size()), FC_OK);
    EXPECT_EQ(fc_x509_parse(&mismatch, f.mismatch.data(), f.mismatch.size()), FC_OK);
  }
};

// A copy of a certificate's DER with one byte of its signature (the DER's tail)
// changed, parsed into `out` (which refers to `der`).
void flip_sig(const Bytes &orig, size_t sig_len, size_t k, Bytes &der, fc_x509_cert &out) {
  der = orig;
  der[der.size() - sig_len + k] ^= 0x40;
  ASSERT_EQ(fc_x509_parse(&out, der.data(), der.size()), FC_OK);
}

// ---- parsing (no signature checked) ----------------------------------------------

struct Expect {
  const char *what;
  const fc_x509_cert *cert;
  const Bytes *der;
  const Bytes *sig_oid;
  size_t sig_len;
  const Bytes *key_oid;
  fc_slhdsa_param param;
  uint8_t serial;
  const char *issuer_cn, *subject_cn;
  int64_t not_before, not_after;
  bool ca;
};

TEST(X509SlhDsa, ParsesCertificates) {
  Files f;
  Certs c(f);
  const char *root_cn = "fastcrypt SLH-DSA-SHA2-128s Root CA",
             *inter_cn = "fastcrypt SLH-DSA-SHAKE-128f Intermediate CA";
  const char *leaf_cn = "fastcrypt SLH-DSA-SHA2-128s Leaf";
  const Expect all[] = {
      {"root", &c.root, &f.root, &kSha2_128s, FC_SLHDSA_128S_SIG_LEN, &kSha2_128s, FC_SLH_DSA_SHA2_128S, 1,
       root_cn, root_cn, k2025, k2045, true},
      {"inter", &c.inter, &f.inter, &kSha2_128s, FC_SLHDSA_128S_SIG_LEN, &kShake128f, FC_SLH_DSA_SHAKE_128F, 2,
       root_cn, inter_cn, k2025, k2040, true},
      {"leaf", &c.leaf, &f.leaf, &kShake128f, FC_SLHDSA_128F_SIG_LEN, &kSha2_128s, FC_SLH_DSA_SHA2_128S, 3,
       inter_cn, leaf_cn, k2025, k2030, false},
      {"leaf_bad", &c.leaf_bad, &f.leaf_bad, &kShake128f, FC_SLHDSA_128F_SIG_LEN, &kSha2_128s,
       FC_SLH_DSA_SHA2_128S, 3, inter_cn, leaf_cn, k2025, k2030, false},
      // signed by root's SHA2-128s key, its signatureAlgorithm says id-slh-dsa-shake-128s
      {"leaf_mismatch", &c.mismatch, &f.mismatch, &kShake128s, FC_SLHDSA_128S_SIG_LEN, &kSha2_128s,
       FC_SLH_DSA_SHA2_128S, 4, root_cn, "fastcrypt SLH-DSA Leaf (signature algorithm mismatch)", k2025, k2030,
       false},
  };
  for (const Expect &e : all) {
    SCOPED_TRACE(e.what);
    const fc_x509_cert &x = *e.cert;
    EXPECT_EQ(x.version, 3u);
    EXPECT_EQ(x.der.p, e.der->data()) << "slices of the caller's DER, signature included";
    EXPECT_EQ(slice(x.serial), Bytes{e.serial});
    EXPECT_EQ(x.key_kind, (uint32_t)FC_KEY_SLHDSA);
    EXPECT_EQ(x.key_params.len, 0u);
    EXPECT_EQ(x.sig_alg.kind, (uint32_t)FC_SIGALG_SLHDSA);
    EXPECT_EQ(x.sig_alg.hash, 0u) << "SLH-DSA signs the TBS itself";
    EXPECT_EQ(slice(x.sig_alg.oid), *e.sig_oid);
    EXPECT_EQ(x.sig_alg.params.len, 0u);
    EXPECT_EQ(x.signature.len, e.sig_len);
    EXPECT_EQ(x.signature.p + x.signature.len, e.der->data() + e.der->size()) << "read in place";
    EXPECT_EQ(cn_of(x.issuer), e.issuer_cn);
    EXPECT_EQ(cn_of(x.subject), e.subject_cn);
    EXPECT_EQ(x.not_before, e.not_before);
    EXPECT_EQ(x.not_after, e.not_after);
    EXPECT_EQ(!!(x.flags & FC_X509_CA), e.ca);
    EXPECT_EQ(x.key_usage, e.ca ? (FC_KU_DIGITAL_SIGNATURE | FC_KU_KEY_CERT_SIGN | FC_KU_CRL_SIGN)
                                : FC_KU_DIGITAL_SIGNATURE);
    // SPKI: 30 30 30 0b 06 09 <oid> 03 21 00 <32-byte key> (RFC 9909: raw key, no parameters)
    ASSERT_EQ(x.spki.len, 50u);
    const Bytes spki = slice(x.spki);
    EXPECT_EQ(Bytes(spki.begin(), spki.begin() + 6), (Bytes{0x30, 0x30, 0x30, 0x0b, 0x06, 0x09}));
    EXPECT_EQ(Bytes(spki.begin() + 6, spki.begin() + 15), *e.key_oid);
    EXPECT_EQ(Bytes(spki.begin() + 15, spki.begin() + 18), (Bytes{0x03, 0x21, 0x00}));
    fc_slhdsa_pubkey key{};
    fc_err rc = fc_x509_slhdsa_key(&x, &key);
    if (rc == FC_ERR_UNSUPPORTED) GTEST_SKIP() << "built without FC_WITH_HASHSIG";
    ASSERT_EQ(rc, FC_OK);
    EXPECT_EQ(fc_slhdsa_pubkey_param(&key), e.param);
    EXPECT_EQ(Bytes(key.pk, key.pk + 32), Bytes(spki.end() - 32, spki.end()));
    // not an RSA, EC or ML-DSA key
    auto rsa = std::make_unique<fc_rsa_pubkey>();
    fc_ec_pubkey ec;
    auto ml = std::make_unique<fc_mldsa_pubkey>();
    EXPECT_EQ(fc_x509_rsa_key(&x, rsa.get()), FC_ERR_UNSUPPORTED);
    EXPECT_EQ(fc_x509_ec_key(&x, &ec), FC_ERR_UNSUPPORTED);
    EXPECT_EQ(fc_x509_mldsa_key(&x, ml.get()), FC_ERR_UNSUPPORTED);
  }
  EXPECT_EQ(slice(c.inter.aki), slice(c.root.ski));
  EXPECT_EQ(slice(c.leaf.aki), slice(c.inter.ski));
  // leaf_bad differs from leaf in one byte, inside the signature
  ASSERT_EQ(f.leaf.size(), f.leaf_bad.size());
  size_t diffs = 0, at = 0;
  for (size_t i = 0; i < f.leaf.size(); i++)
    if (f.leaf[i] != f.leaf_bad[i]) diffs++, at = i;
  EXPECT_EQ(diffs, 1u);
  EXPECT_GE(at, f.leaf.size() - c.leaf.signature.len);
  // an ML-DSA certificate is not an SLH-DSA key
  Bytes ml87 = fct::read_file(fct::vectors_dir() + "/mldsa/pki/root87.der");
  fc_x509_cert mc{};
  ASSERT_EQ(fc_x509_parse(&mc, ml87.data(), ml87.size()), FC_OK);
  fc_slhdsa_pubkey key{};
  EXPECT_EQ(fc_x509_slhdsa_key(&mc, &key), FC_ERR_UNSUPPORTED);
  fc_x509_cert empty{};
  EXPECT_EQ(fc_x509_slhdsa_key(&empty, &key), FC_ERR_ARG);
  EXPECT_EQ(fc_x509_slhdsa_key(&c.root, nullptr), FC_ERR_ARG);
}

// Parameters present (RFC 9909 section 3: MUST be absent). root.der holds
// 30 0b 06 09 <id-slh-dsa-sha2-128s> three times: the TBS's signature, the SPKI's
// algorithm, the outer signatureAlgorithm. `which` get NULL parameters (30 0d ... 05
// 00), and the enclosing lengths (outer and TBS: 30 82 hi lo; SPKI: 30 30) grow.
Bytes root_with_params(const Bytes &root, std::initializer_list<int> which) {
  Bytes pat = {0x30, 0x0b, 0x06, 0x09};
  pat.insert(pat.end(), kSha2_128s.begin(), kSha2_128s.end());
  std::vector<size_t> at;
  for (auto it = root.begin(); (it = std::search(it, root.end(), pat.begin(), pat.end())) != root.end(); ++it)
    at.push_back((size_t)(it - root.begin()));
  EXPECT_EQ(at.size(), 3u);
  if (at.size() != 3) return {};
  Bytes der = root;
  size_t tbs_grow = 0, all_grow = 0;
  for (auto w = std::rbegin(which); w != std::rend(which); ++w) {  // from the end: offsets stay valid
    size_t i = at[(size_t)*w];
    der[i + 1] = 0x0d;
    der.insert(der.begin() + (long)(i + pat.size()), {0x05, 0x00});
    if (*w == 1) {
      EXPECT_EQ(der[i - 2], 0x30);
      der[i - 1] += 2;  // the SPKI SEQUENCE
    }
    all_grow += 2;
    if (*w != 2) tbs_grow += 2;
  }
  auto grow = [&](size_t hdr, size_t by) {
    size_t len = ((size_t)der[hdr + 2] << 8 | der[hdr + 3]) + by;
    der[hdr + 2] = (uint8_t)(len >> 8), der[hdr + 3] = (uint8_t)len;
  };
  EXPECT_EQ(der[1], 0x82);
  EXPECT_EQ(der[5], 0x82);
  grow(0, all_grow);
  grow(4, tbs_grow);
  return der;
}

TEST(X509SlhDsa, ParametersPresentRefused) {
  Files f;
  fc_x509_cert c{};
  // unchanged: parses (the helper's bookkeeping is right)
  Bytes same = root_with_params(f.root, {});
  ASSERT_EQ(same, f.root);
  // both signature AlgorithmIdentifiers with NULL parameters: malformed
  Bytes sig = root_with_params(f.root, {0, 2});
  EXPECT_EQ(fc_x509_parse(&c, sig.data(), sig.size()), FC_ERR_DER);
  // only the SPKI's: parses, but the key is not an SLH-DSA key
  Bytes key = root_with_params(f.root, {1});
  ASSERT_EQ(fc_x509_parse(&c, key.data(), key.size()), FC_OK);
  EXPECT_EQ(c.key_kind, (uint32_t)FC_KEY_UNKNOWN);
  EXPECT_EQ(c.sig_alg.kind, (uint32_t)FC_SIGALG_SLHDSA);
  fc_slhdsa_pubkey k{};
  EXPECT_EQ(fc_x509_slhdsa_key(&c, &k), FC_ERR_UNSUPPORTED);
}

// ---- signatures, chains, SignedData on every hash kernel SLH-DSA uses -----------

struct Body {
  Files f;
  Certs c{f};
  Ws ws;
};

void certificate_signatures() {
  Body b;
  Certs &c = b.c;
  Ws &ws = b.ws;
  if (fc_x509_check_signed(&c.root, &c.root, ws.p(), ws.n) == FC_ERR_UNSUPPORTED)
    GTEST_SKIP() << "built without FC_WITH_HASHSIG";
  EXPECT_EQ(fc_x509_check_signed(&c.root, &c.root, ws.p(), ws.n), FC_OK) << "root self-signed";
  EXPECT_EQ(fc_x509_check_signed(&c.inter, &c.root, ws.p(), ws.n), FC_OK) << "inter by root";
  EXPECT_EQ(fc_x509_check_signed(&c.leaf, &c.inter, ws.p(), ws.n), FC_OK) << "leaf by inter";
  EXPECT_EQ(fc_x509_check_signed(&c.leaf_bad, &c.inter, ws.p(), ws.n), FC_ERR_SIG) << "a signature byte changed";
  EXPECT_EQ(fc_x509_check_signed(&c.mismatch, &c.root, ws.p(), ws.n), FC_ERR_SIG)
      << "id-slh-dsa-shake-128s with an SLH-DSA-SHA2-128s key: refused";
  // a flipped byte in each signature (first, middle, last)
  struct {
    const char *what;
    const Bytes *der;
    const fc_x509_cert *issuer;
  } signed_by[] = {{"root", &b.f.root, &c.root}, {"inter", &b.f.inter, &c.root}, {"leaf", &b.f.leaf, &c.inter}};
  for (const auto &s : signed_by) {
    fc_x509_cert orig{};
    ASSERT_EQ(fc_x509_parse(&orig, s.der->data(), s.der->size()), FC_OK);
    for (size_t k : {(size_t)0, orig.signature.len / 2, orig.signature.len - 1}) {
      SCOPED_TRACE(std::string(s.what) + " byte " + std::to_string(k));
      Bytes der;
      fc_x509_cert x{};
      flip_sig(*s.der, orig.signature.len, k, der, x);
      EXPECT_EQ(fc_x509_check_signed(&x, s.issuer, ws.p(), ws.n), FC_ERR_SIG);
    }
  }
  // wrong issuers: another set (the leaf's SHA2-128s key for a SHAKE-128f signature),
  // or the same set and another key
  EXPECT_EQ(fc_x509_check_signed(&c.leaf, &c.root, ws.p(), ws.n), FC_ERR_SIG);
  EXPECT_EQ(fc_x509_check_signed(&c.leaf, &c.leaf, ws.p(), ws.n), FC_ERR_SIG);
  EXPECT_EQ(fc_x509_check_signed(&c.inter, &c.leaf, ws.p(), ws.n), FC_ERR_SIG);
  EXPECT_EQ(fc_x509_check_signed(&c.inter, &c.inter, ws.p(), ws.n), FC_ERR_SIG);
  // another key type for an SLH-DSA signature: ML-DSA, EC
  for (const char *other : {"/mldsa/pki/root87.der", "/pkcs7/p256_root.der", "/pkcs7/rsa2048_root.der"}) {
    SCOPED_TRACE(other);
    Bytes der = fct::read_file(fct::vectors_dir() + other);
    fc_x509_cert o{};
    ASSERT_EQ(fc_x509_parse(&o, der.data(), der.size()), FC_OK);
    EXPECT_EQ(fc_x509_check_signed(&c.inter, &o, ws.p(), ws.n), FC_ERR_SIG);
    // and an SLH-DSA key for that certificate's own algorithm
    EXPECT_EQ(fc_x509_check_signed(&o, &c.root, ws.p(), ws.n), FC_ERR_SIG);
  }

  // fc_x509_verify_sig directly: pure SLH-DSA over the TBS DER, nothing hashed first
  EXPECT_EQ(fc_x509_verify_sig(c.inter.spki, &c.leaf.sig_alg, c.leaf.tbs.p, c.leaf.tbs.len, c.leaf.signature.p,
                               c.leaf.signature.len, ws.p(), ws.n),
            FC_OK);
  Bytes tbs = slice(c.leaf.tbs);
  tbs[tbs.size() / 2] ^= 1;
  EXPECT_EQ(fc_x509_verify_sig(c.inter.spki, &c.leaf.sig_alg, tbs.data(), tbs.size(), c.leaf.signature.p,
                               c.leaf.signature.len, ws.p(), ws.n),
            FC_ERR_SIG);
  EXPECT_EQ(fc_x509_verify_sig(c.inter.spki, &c.leaf.sig_alg, c.leaf.tbs.p, c.leaf.tbs.len, c.leaf.signature.p,
                               c.leaf.signature.len - 1, ws.p(), ws.n),
            FC_ERR_SIG)
      << "truncated signature";
  // the workspace holds the key: aligned, large enough
  EXPECT_EQ(fc_x509_verify_sig(c.inter.spki, &c.leaf.sig_alg, c.leaf.tbs.p, c.leaf.tbs.len, c.leaf.signature.p,
                               c.leaf.signature.len, nullptr, 0),
            FC_ERR_ARG);
  EXPECT_EQ(fc_x509_verify_sig(c.inter.spki, &c.leaf.sig_alg, c.leaf.tbs.p, c.leaf.tbs.len, c.leaf.signature.p,
                               c.leaf.signature.len, (uint8_t *)ws.p() + 4, ws.n - 8),
            FC_ERR_ARG);
  EXPECT_EQ(fc_x509_verify_sig(c.inter.spki, &c.leaf.sig_alg, c.leaf.tbs.p, c.leaf.tbs.len, c.leaf.signature.p,
                               c.leaf.signature.len, ws.p(), sizeof(fc_slhdsa_pubkey)),
            FC_OK)
      << "an SLH-DSA check needs room for its key only";

  // the mismatch certificate's signature is a valid SHA2-128s signature by root's
  // key over its TBS (pure, empty context): only the algorithm/key rule refuses it
  fc_slhdsa_pubkey key{};
  ASSERT_EQ(fc_x509_slhdsa_key(&c.root, &key), FC_OK);
  EXPECT_EQ(fc_slhdsa_verify(&key, c.mismatch.tbs.p, c.mismatch.tbs.len, nullptr, 0, c.mismatch.signature.p,
                             c.mismatch.signature.len),
            FC_OK);
  // and leaf's is an SLH-DSA-SHAKE-128f signature by inter's key over the TBS DER
  ASSERT_EQ(fc_x509_slhdsa_key(&c.inter, &key), FC_OK);
  EXPECT_EQ(
      fc_slhdsa_verify(&key, c.leaf.tbs.p, c.leaf.tbs.len, nullptr, 0, c.leaf.signature.p, c.leaf.signature.len),
      FC_OK);
}

void chains() {
  Body b;
  Certs &c = b.c;
  Ws &ws = b.ws;
  if (fc_x509_check_signed(&c.root, &c.root, ws.p(), ws.n) == FC_ERR_UNSUPPORTED)
    GTEST_SKIP() << "built without FC_WITH_HASHSIG";
  const fc_x509_cert *anchor = nullptr;
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf, &c.inter, 1, &c.root, 1, 0, 0, ws.p(), ws.n, &anchor), FC_OK);
  EXPECT_EQ(anchor, &c.root);
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf, &c.inter, 1, &c.root, 1, FC_X509_CHECK_TIME, k2026, ws.p(), ws.n,
                                 nullptr),
            FC_OK);
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf, &c.inter, 1, &c.root, 1, FC_X509_CHECK_TIME, k2031, ws.p(), ws.n,
                                 nullptr),
            FC_ERR_SIG)
      << "leaf expired in 2030";
  anchor = nullptr;
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf, nullptr, 0, &c.inter, 1, FC_X509_PARTIAL_CHAIN, 0, ws.p(), ws.n,
                                 &anchor),
            FC_OK);
  EXPECT_EQ(anchor, &c.inter);
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf, nullptr, 0, &c.root, 1, 0, 0, ws.p(), ws.n, nullptr), FC_ERR_SIG)
      << "missing intermediate";
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf_bad, &c.inter, 1, &c.root, 1, 0, 0, ws.p(), ws.n, nullptr), FC_ERR_SIG);
  EXPECT_EQ(fc_x509_verify_chain(&c.mismatch, nullptr, 0, &c.root, 1, 0, 0, ws.p(), ws.n, nullptr), FC_ERR_SIG);
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf, &c.inter, 1, &c.root, 1, 0, 0, ws.p(), ws.n - 1, nullptr), FC_ERR_ARG);
}

const char *const kLeafCms[] = {"cms_attrs.der",   "cms_noattrs.der", "cms_attrs_bad.der",
                                "cms_wrongdigest.der", "cms_sha512.der", "cms_sha224.der"};

void signed_data() {
  Body b;
  Files &f = b.f;
  Certs &c = b.c;
  Ws &ws = b.ws;
  if (fc_x509_check_signed(&c.root, &c.root, ws.p(), ws.n) == FC_ERR_UNSUPPORTED)
    GTEST_SKIP() << "built without FC_WITH_HASHSIG";
  ASSERT_EQ(f.content.size(), 300u);
  Bytes other = f.content;
  other.back() ^= 1;  // the content cms_wrongdigest's messageDigest is of
  auto p7 = std::make_unique<fc_pkcs7>();
  for (const char *name : kLeafCms) {
    SCOPED_TRACE(name);
    Bytes der = f.cms(name);
    ASSERT_EQ(fc_pkcs7_parse(p7.get(), der.data(), der.size()), FC_OK);
    EXPECT_EQ(p7->content_whole.len, 0u) << "detached";
    ASSERT_EQ(p7->n_certs, 2u);
    ASSERT_EQ(p7->n_signers, 1u);
    const fc_pkcs7_signer &s = p7->signers[0];
    const uint32_t want_digest = is(name, "cms_sha512.der") ? FC_SHA512
                                 : is(name, "cms_sha224.der") ? FC_SHA224
                                                              : FC_SHA256;
    EXPECT_EQ(s.digest_alg, want_digest);
    EXPECT_EQ(s.sig_alg.kind, (uint32_t)FC_SIGALG_SLHDSA);
    EXPECT_EQ(s.sig_alg.hash, 0u);
    EXPECT_EQ(slice(s.sig_alg.oid), kSha2_128s);
    EXPECT_EQ(s.signature.len, (size_t)FC_SLHDSA_128S_SIG_LEN);
    EXPECT_GE(s.signature.p, der.data());
    EXPECT_LE(s.signature.p + s.signature.len, der.data() + der.size()) << "read in place";
    EXPECT_EQ(s.signed_attrs.len == 0, is(name, "cms_noattrs.der"));
    // the certificates in DER SET OF order: inter (shorter) first, then the leaf
    EXPECT_EQ(slice(p7->certs[0].der), f.inter);
    EXPECT_EQ(slice(p7->certs[1].der), f.leaf);
    EXPECT_EQ(fc_pkcs7_signer_cert(p7.get(), &s), &p7->certs[1]);

    // cms_sha224: a valid signature, a correct messageDigest, a digest weaker than
    // the set (28 < 2n = 32 bytes, RFC 9814 section 4): refused
    const bool good = is(name, "cms_attrs.der") || is(name, "cms_noattrs.der") || is(name, "cms_sha512.der");
    const fc_x509_cert *signer = nullptr;
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), f.content.data(), f.content.size(), &c.root, 1, 0, 0, ws.p(), ws.n,
                              &signer),
              good ? FC_OK : FC_ERR_SIG);
    EXPECT_EQ(signer, good ? &p7->certs[1] : nullptr);
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), f.content.data(), f.content.size(), &c.inter, 1,
                              FC_X509_PARTIAL_CHAIN | FC_X509_CHECK_TIME, k2026, ws.p(), ws.n, nullptr),
              good ? FC_OK : FC_ERR_SIG);
    if (good) {
      EXPECT_EQ(fc_pkcs7_verify(p7.get(), f.content.data(), f.content.size(), &c.root, 1, FC_X509_CHECK_TIME,
                                k2031, ws.p(), ws.n, nullptr),
                FC_ERR_SIG)
          << "leaf expired";
    }
    const bool wrongdigest = is(name, "cms_wrongdigest.der");
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), other.data(), other.size(), &c.root, 1, 0, 0, ws.p(), ws.n, nullptr),
              wrongdigest ? FC_OK : FC_ERR_SIG);
    Bytes first_changed = f.content;
    first_changed[0] ^= 0x80;
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), first_changed.data(), first_changed.size(), &c.root, 1, 0, 0, ws.p(),
                              ws.n, nullptr),
              FC_ERR_SIG);
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), nullptr, 0, &c.root, 1, 0, 0, ws.p(), ws.n, nullptr), FC_ERR_SIG);
    // a flipped byte in the signature (in a copy of the SignedData)
    if (good) {
      Bytes bad = der;
      bad[(size_t)(s.signature.p - der.data()) + s.signature.len / 3] ^= 0x10;
      auto p7b = std::make_unique<fc_pkcs7>();
      ASSERT_EQ(fc_pkcs7_parse(p7b.get(), bad.data(), bad.size()), FC_OK);
      EXPECT_EQ(fc_pkcs7_verify(p7b.get(), f.content.data(), f.content.size(), &c.root, 1, 0, 0, ws.p(), ws.n,
                                nullptr),
                FC_ERR_SIG);
    }
  }
}

// The intermediate (SLH-DSA-SHAKE-128f) signs with a SHAKE128 digest (id-shake128,
// 32 bytes, RFC 8702), with and without signed attributes.
void signed_data_shake() {
  Body b;
  Files &f = b.f;
  Certs &c = b.c;
  Ws &ws = b.ws;
  if (fc_x509_check_signed(&c.root, &c.root, ws.p(), ws.n) == FC_ERR_UNSUPPORTED)
    GTEST_SKIP() << "built without FC_WITH_HASHSIG";
  auto p7 = std::make_unique<fc_pkcs7>();
  for (const char *name : {"cms_shake.der", "cms_shake_noattrs.der"}) {
    SCOPED_TRACE(name);
    Bytes der = f.cms(name);
    ASSERT_EQ(fc_pkcs7_parse(p7.get(), der.data(), der.size()), FC_OK);
    ASSERT_EQ(p7->n_certs, 1u);
    const fc_pkcs7_signer &s = p7->signers[0];
    EXPECT_EQ(s.digest_alg, (uint32_t)FC_SLHDSA_PH_SHAKE128);
    EXPECT_EQ(s.sig_alg.kind, (uint32_t)FC_SIGALG_SLHDSA);
    EXPECT_EQ(slice(s.sig_alg.oid), kShake128f);
    EXPECT_EQ(s.signature.len, (size_t)FC_SLHDSA_128F_SIG_LEN);
    EXPECT_EQ(s.signed_attrs.len == 0, is(name, "cms_shake_noattrs.der"));
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), f.content.data(), f.content.size(), &c.root, 1, 0, 0, ws.p(), ws.n,
                              nullptr),
              FC_OK);
    Bytes other = f.content;
    other[150] ^= 2;
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), other.data(), other.size(), &c.root, 1, 0, 0, ws.p(), ws.n, nullptr),
              FC_ERR_SIG);
    Bytes bad = der;
    bad[(size_t)(s.signature.p - der.data()) + s.signature.len - 1] ^= 0x01;
    auto p7b = std::make_unique<fc_pkcs7>();
    ASSERT_EQ(fc_pkcs7_parse(p7b.get(), bad.data(), bad.size()), FC_OK);
    EXPECT_EQ(fc_pkcs7_verify(p7b.get(), f.content.data(), f.content.size(), &c.root, 1, 0, 0, ws.p(), ws.n,
                              nullptr),
              FC_ERR_SIG);
  }
}

// The signatures under SignedData are the generator's definition (RFC 9814): pure
// SLH-DSA, empty context, over the signed attributes re-tagged as SET (0x31) when
// present, else over the content. Checked with the SLH-DSA family alone, so a
// failure above can be told apart from a wrong vector; the messageDigest attribute
// is checked against the digest computed here.
void signed_data_by_definition() {
  Body b;
  Files &f = b.f;
  Certs &c = b.c;
  fc_slhdsa_pubkey leaf_key{}, inter_key{};
  if (fc_x509_slhdsa_key(&c.leaf, &leaf_key) == FC_ERR_UNSUPPORTED) GTEST_SKIP() << "no FC_WITH_HASHSIG";
  ASSERT_EQ(fc_x509_slhdsa_key(&c.inter, &inter_key), FC_OK);
  auto p7 = std::make_unique<fc_pkcs7>();
  const char *const names[] = {"cms_attrs.der",  "cms_noattrs.der", "cms_attrs_bad.der",    "cms_wrongdigest.der",
                               "cms_sha512.der", "cms_sha224.der",  "cms_shake.der", "cms_shake_noattrs.der"};
  for (const char *name : names) {
    SCOPED_TRACE(name);
    Bytes der = f.cms(name);
    ASSERT_EQ(fc_pkcs7_parse(p7.get(), der.data(), der.size()), FC_OK);
    const fc_pkcs7_signer &s = p7->signers[0];
    const bool shake = std::strncmp(name, "cms_shake", 9) == 0;
    Bytes msg;
    if (s.signed_attrs.len != 0) {
      msg = slice(s.signed_attrs);
      ASSERT_EQ(msg[0], 0xa0);
      msg[0] = 0x31;
    } else {
      msg = f.content;
    }
    EXPECT_EQ(fc_slhdsa_verify(shake ? &inter_key : &leaf_key, msg.data(), msg.size(), nullptr, 0, s.signature.p,
                               s.signature.len),
              is(name, "cms_attrs_bad.der") ? FC_ERR_SIG : FC_OK);
    if (s.signed_attrs.len != 0) {
      Bytes content = f.content;
      if (is(name, "cms_wrongdigest.der")) content.back() ^= 1;
      uint8_t md[64];
      size_t md_len;
      if (shake) {
        md_len = 32;
        ASSERT_EQ(fc_xof(FC_SHAKE128, content.data(), content.size(), md, md_len), FC_OK);
      } else {
        fc_hash_alg h = is(name, "cms_sha512.der") ? FC_SHA512 : is(name, "cms_sha224.der") ? FC_SHA224 : FC_SHA256;
        md_len = fc_hash_len(h);
        ASSERT_EQ(fc_hash(h, content.data(), content.size(), md), FC_OK);
      }
      Bytes pat = {0x04, (uint8_t)md_len};
      pat.insert(pat.end(), md, md + md_len);
      EXPECT_NE(std::search(msg.begin(), msg.end(), pat.begin(), pat.end()), msg.end());
    }
  }
}

// Peak stack of fc_pkcs7_verify with SLH-DSA signers and chains (three SLH-DSA
// checks: the signer's, the leaf's, the intermediate's), measured as
// test_pkcs7_vectors measures its (support/stack_depth.h, an empty call
// subtracted): within the x509 family's 8 KiB plus the SLH-DSA verification's
// own bound, FC_SLHDSA_STACK_MAX (include/fastcrypt/x509.h says so).
#if defined(FCT_ASAN)
constexpr bool kMeasure = false;  // sanitizer frames are not the real ones
#else
constexpr bool kMeasure = true;
#endif
struct StackCall {
  const fc_pkcs7 *p7;
  const Bytes *content;
  const fc_x509_cert *trusted;
  void *ws;
  fc_err rc;
} g_call;
[[maybe_unused]] __attribute__((noinline)) void stack_empty() {
  g_call.rc = FC_OK;
  __asm__ __volatile__("" ::: "memory");
}
[[maybe_unused]] __attribute__((noinline)) void stack_verify() {
  g_call.rc = fc_pkcs7_verify(g_call.p7, g_call.content->data(), g_call.content->size(), g_call.trusted, 1,
                              0, 0, g_call.ws, FC_X509_SIG_WORKSPACE_BYTES, nullptr);
}

void stack() {
  if (!kMeasure) GTEST_SKIP() << "stack depths are meaningless under AddressSanitizer";
  Body b;
  if (fc_x509_check_signed(&b.c.root, &b.c.root, b.ws.p(), b.ws.n) == FC_ERR_UNSUPPORTED)
    GTEST_SKIP() << "built without FC_WITH_HASHSIG";
  auto p7 = std::make_unique<fc_pkcs7>();
  for (const char *name : {"cms_attrs.der", "cms_noattrs.der", "cms_shake.der"}) {
    SCOPED_TRACE(name);
    Bytes der = b.f.cms(name);
    ASSERT_EQ(fc_pkcs7_parse(p7.get(), der.data(), der.size()), FC_OK);
    g_call = StackCall{p7.get(), &b.f.content, &b.c.root, b.ws.p(), FC_ERR_ARG};
    stack_verify();
    ASSERT_EQ(g_call.rc, FC_OK);
    size_t base = fct::stack_depth(stack_empty);
    g_call.rc = FC_ERR_ARG;
    size_t d = fct::stack_depth(stack_verify);
    ASSERT_EQ(g_call.rc, FC_OK);
    d = d > base ? d - base : 0;
    std::cout << "[ STACK    ] pkcs7 slh-dsa " << name << ": verify " << d << " bytes\n";
    EXPECT_LE(d, (size_t)8192 + FC_SLHDSA_STACK_MAX);
    EXPECT_GT(d, 256u);
  }
}

class X509SlhDsaSha256 : public fct::KernelTest {
 protected:
  X509SlhDsaSha256() : KernelTest(FC_OP_SHA256) {}
};
class X509SlhDsaKeccak : public fct::KernelTest {
 protected:
  X509SlhDsaKeccak() : KernelTest(FC_OP_KECCAK) {}
};

TEST_P(X509SlhDsaSha256, CertificateSignatures) { certificate_signatures(); }
TEST_P(X509SlhDsaSha256, Chains) { chains(); }
TEST_P(X509SlhDsaSha256, SignedData) { signed_data(); }
TEST_P(X509SlhDsaSha256, SignedDataShake) { signed_data_shake(); }
TEST_P(X509SlhDsaSha256, SignedDataSignaturesByDefinition) { signed_data_by_definition(); }
TEST_P(X509SlhDsaSha256, Stack) { stack(); }
TEST_P(X509SlhDsaKeccak, CertificateSignatures) { certificate_signatures(); }
TEST_P(X509SlhDsaKeccak, Chains) { chains(); }
TEST_P(X509SlhDsaKeccak, SignedData) { signed_data(); }
TEST_P(X509SlhDsaKeccak, SignedDataShake) { signed_data_shake(); }
TEST_P(X509SlhDsaKeccak, SignedDataSignaturesByDefinition) { signed_data_by_definition(); }
TEST_P(X509SlhDsaKeccak, Stack) { stack(); }

INSTANTIATE_TEST_SUITE_P(AllKernels, X509SlhDsaSha256, ::testing::ValuesIn(fct::kernels(FC_OP_SHA256)),
                         [](const auto &i) { return fct::param_name(i.param); });
INSTANTIATE_TEST_SUITE_P(AllKernels, X509SlhDsaKeccak, ::testing::ValuesIn(fct::kernels(FC_OP_KECCAK)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
