// ML-DSA in X.509 certificates (RFC 9881) and in CMS SignedData (RFC 9882), on
// vectors made by an independent implementation (@noble/post-quantum, DER encoded
// by hand: tests/vectors/mldsa/pki/README.md, tools/gen-mldsa-pki.sh): a chain
// root87 (ML-DSA-87, self-signed) -> inter65 (ML-DSA-65) -> leaf44 (ML-DSA-44), a
// leaf with one signature byte changed, a certificate whose signatureAlgorithm
// (id-ml-dsa-65) does not match its issuer's ML-DSA-87 key, and SignedData signed by
// leaf44 with and without signed attributes. Expected values come from the
// generator's definition, never from the library. Signature checks run on every
// ML-DSA kernel.
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>

#include "fc_test.h"

namespace {

using fct::Bytes;

// id-ml-dsa-44 / 65 / 87 = 2.16.840.1.101.3.4.3.17 / .18 / .19, content octets
Bytes ml_dsa_oid(uint8_t last) { return {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, last}; }
const Bytes kOid44 = ml_dsa_oid(0x11), kOid65 = ml_dsa_oid(0x12), kOid87 = ml_dsa_oid(0x13);
const Bytes kCn = {0x55, 0x04, 0x03};

// Seconds since the epoch (the generator's validity periods, all 00:00:00Z).
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

struct Files {
  std::string dir = fct::vectors_dir() + "/mldsa/pki/";
  Bytes root = fct::read_file(dir + "root87.der");
  Bytes inter = fct::read_file(dir + "inter65.der");
  Bytes leaf = fct::read_file(dir + "leaf44.der");
  Bytes leaf_bad = fct::read_file(dir + "leaf44_bad.der");
  Bytes leaf87 = fct::read_file(dir + "leaf87_selfsig.der");
  Bytes content = fct::read_file(dir + "content.bin");
  Bytes cms(const char *name) const { return fct::read_file(dir + name); }
};

// The workspace, heap-allocated, aligned to 8.
struct Ws {
  std::unique_ptr<uint64_t[]> mem{new uint64_t[FC_X509_SIG_WORKSPACE_BYTES / 8 + 1]};
  void *p() { return mem.get(); }
  static constexpr size_t n = FC_X509_SIG_WORKSPACE_BYTES;
};

struct Certs {
  fc_x509_cert root{}, inter{}, leaf{}, leaf_bad{}, leaf87{};
  explicit Certs(const Files &f) {
    EXPECT_EQ(fc_x509_parse(&root, f.root.data(), f.root.size()), FC_OK);
    EXPECT_EQ(fc_x509_parse(&inter, f.inter.data(), f.inter.size()), FC_OK);
    EXPECT_EQ(fc_x509_parse(&leaf, f.leaf.data(), f.leaf.size()), FC_OK);
    EXPECT_EQ(fc_x509_parse(&leaf_bad, f.leaf_bad.data(), f.leaf_bad.size()), FC_OK);
    EXPECT_EQ(fc_x509_parse(&leaf87, f.leaf87.data(), f.leaf87.size()), FC_OK);
  }
};

// ---- parsing (no signature checked: no kernel) ----------------------------------------

struct Expect {
  const char *what;
  const fc_x509_cert *cert;
  const Bytes *der;
  const Bytes *sig_oid;
  size_t sig_len;
  const Bytes *key_oid;
  fc_mldsa_param param;
  size_t pk_len;
  uint8_t serial;
  const char *issuer_cn, *subject_cn;
  int64_t not_before, not_after;
  bool ca;
};

TEST(X509MlDsa, ParsesCertificates) {
  Files f;
  Certs c(f);
  const char *root_cn = "fastcrypt ML-DSA-87 Root CA", *inter_cn = "fastcrypt ML-DSA-65 Intermediate CA";
  const Expect all[] = {
      {"root87", &c.root, &f.root, &kOid87, FC_MLDSA87_SIG_LEN, &kOid87, FC_ML_DSA_87, FC_MLDSA87_PK_LEN, 1,
       root_cn, root_cn, k2025, k2045, true},
      {"inter65", &c.inter, &f.inter, &kOid87, FC_MLDSA87_SIG_LEN, &kOid65, FC_ML_DSA_65, FC_MLDSA65_PK_LEN, 2,
       root_cn, inter_cn, k2025, k2040, true},
      {"leaf44", &c.leaf, &f.leaf, &kOid65, FC_MLDSA65_SIG_LEN, &kOid44, FC_ML_DSA_44, FC_MLDSA44_PK_LEN, 3,
       inter_cn, "fastcrypt ML-DSA-44 Leaf", k2025, k2030, false},
      {"leaf44_bad", &c.leaf_bad, &f.leaf_bad, &kOid65, FC_MLDSA65_SIG_LEN, &kOid44, FC_ML_DSA_44,
       FC_MLDSA44_PK_LEN, 3, inter_cn, "fastcrypt ML-DSA-44 Leaf", k2025, k2030, false},
      // signed by root87's ML-DSA-87 key, but its signatureAlgorithm says id-ml-dsa-65
      {"leaf87_selfsig", &c.leaf87, &f.leaf87, &kOid65, FC_MLDSA87_SIG_LEN, &kOid87, FC_ML_DSA_87,
       FC_MLDSA87_PK_LEN, 4, root_cn, "fastcrypt ML-DSA-87 Leaf (signature algorithm mismatch)", k2025, k2030,
       false},
  };
  for (const Expect &e : all) {
    SCOPED_TRACE(e.what);
    const fc_x509_cert &x = *e.cert;
    EXPECT_EQ(x.version, 3u);
    EXPECT_EQ(x.der.p, e.der->data());
    EXPECT_EQ(x.der.len, e.der->size());
    EXPECT_EQ(slice(x.serial), Bytes{e.serial});
    EXPECT_EQ(x.key_kind, (uint32_t)FC_KEY_MLDSA);
    EXPECT_EQ(x.key_params.len, 0u) << "no parameters: RFC 9881 says absent";
    EXPECT_EQ(x.sig_alg.kind, (uint32_t)FC_SIGALG_MLDSA);
    EXPECT_EQ(x.sig_alg.hash, 0u) << "ML-DSA signs the TBS itself";
    EXPECT_EQ(slice(x.sig_alg.oid), *e.sig_oid);
    EXPECT_EQ(x.sig_alg.params.len, 0u);
    EXPECT_EQ(x.signature.len, e.sig_len);
    EXPECT_EQ(cn_of(x.issuer), e.issuer_cn);
    EXPECT_EQ(cn_of(x.subject), e.subject_cn);
    EXPECT_EQ(x.not_before, e.not_before);
    EXPECT_EQ(x.not_after, e.not_after);
    EXPECT_TRUE(x.flags & FC_X509_BASIC_CONSTRAINTS);
    EXPECT_EQ(!!(x.flags & FC_X509_CA), e.ca);
    EXPECT_TRUE(x.flags & FC_X509_KEY_USAGE);
    EXPECT_EQ(x.key_usage, e.ca ? (FC_KU_KEY_CERT_SIGN | FC_KU_CRL_SIGN) : FC_KU_DIGITAL_SIGNATURE);
    EXPECT_TRUE(x.flags & FC_X509_SKI);
    EXPECT_EQ(x.ski.len, 20u);
    EXPECT_FALSE(x.flags & FC_X509_UNKNOWN_CRITICAL);
    // SPKI: SEQUENCE { SEQUENCE { OID }, BIT STRING 00 || pk } (the raw key, RFC 9881)
    ASSERT_GT(x.spki.len, e.pk_len + 1);
    const Bytes spki = slice(x.spki);
    EXPECT_EQ(Bytes(spki.end() - (long)e.pk_len - 1 - 4, spki.end() - (long)e.pk_len - 1),
              (Bytes{0x03, 0x82, (uint8_t)((e.pk_len + 1) >> 8), (uint8_t)(e.pk_len + 1)}));
    auto key = std::make_unique<fc_mldsa_pubkey>();
    ASSERT_EQ(fc_x509_mldsa_key(&x, key.get()), FC_OK);
    EXPECT_EQ(fc_mldsa_pubkey_param(key.get()), e.param);
    EXPECT_EQ(key->pk_len, e.pk_len);
    EXPECT_EQ(Bytes(key->pk, key->pk + key->pk_len), Bytes(spki.end() - (long)e.pk_len, spki.end()));
    // the same key through the ML-DSA family's own SPKI reader
    auto key2 = std::make_unique<fc_mldsa_pubkey>();
    ASSERT_EQ(fc_mldsa_pubkey_from_der(key2.get(), x.spki.p, x.spki.len), FC_OK);
    EXPECT_EQ(fc_mldsa_pubkey_param(key2.get()), e.param);
    // the SPKI's algorithm OID, right after the two SEQUENCE headers (30 82 xx xx 30 0b 06 09)
    EXPECT_EQ(Bytes(spki.begin() + 8, spki.begin() + 17), *e.key_oid);
    EXPECT_EQ(spki[5], 0x0b) << "AlgorithmIdentifier: the OID alone, parameters absent";
    // not an RSA or EC key
    auto rsa = std::make_unique<fc_rsa_pubkey>();
    fc_ec_pubkey ec;
    EXPECT_EQ(fc_x509_rsa_key(&x, rsa.get()), FC_ERR_UNSUPPORTED);
    EXPECT_EQ(fc_x509_ec_key(&x, &ec), FC_ERR_UNSUPPORTED);
  }
  // Key identifiers link the chain: leaf's AKI is inter's SKI, inter's root's.
  EXPECT_FALSE(c.root.flags & FC_X509_AKI);
  ASSERT_TRUE(c.inter.flags & FC_X509_AKI);
  ASSERT_TRUE(c.leaf.flags & FC_X509_AKI);
  EXPECT_EQ(slice(c.inter.aki), slice(c.root.ski));
  EXPECT_EQ(slice(c.leaf.aki), slice(c.inter.ski));
  EXPECT_TRUE(c.inter.flags & FC_X509_PATH_LEN);
  EXPECT_EQ(c.inter.path_len, 0u);
  // leaf44_bad differs from leaf44 in one byte, inside the signature
  ASSERT_EQ(f.leaf.size(), f.leaf_bad.size());
  size_t diffs = 0, at = 0;
  for (size_t i = 0; i < f.leaf.size(); i++)
    if (f.leaf[i] != f.leaf_bad[i]) diffs++, at = i;
  EXPECT_EQ(diffs, 1u);
  EXPECT_GE(at, f.leaf.size() - c.leaf.signature.len);
}

// ---- signatures, chains, SignedData on every ML-DSA kernel --------------------------

class X509MlDsaKernels : public fct::MlDsaKernelTest {};

TEST_P(X509MlDsaKernels, CertificateSignatures) {
  Files f;
  Certs c(f);
  Ws ws;
  EXPECT_EQ(fc_x509_check_signed(&c.root, &c.root, ws.p(), ws.n), FC_OK) << "root87 self-signed";
  EXPECT_EQ(fc_x509_check_signed(&c.inter, &c.root, ws.p(), ws.n), FC_OK) << "inter65 by root87";
  EXPECT_EQ(fc_x509_check_signed(&c.leaf, &c.inter, ws.p(), ws.n), FC_OK) << "leaf44 by inter65";
  EXPECT_EQ(fc_x509_check_signed(&c.leaf_bad, &c.inter, ws.p(), ws.n), FC_ERR_SIG) << "a signature byte changed";
  EXPECT_EQ(fc_x509_check_signed(&c.leaf87, &c.root, ws.p(), ws.n), FC_ERR_SIG)
      << "id-ml-dsa-65 with an ML-DSA-87 key: refused";
  // wrong issuers: the set named by the OID differs from the key's, or the key differs
  EXPECT_EQ(fc_x509_check_signed(&c.leaf, &c.root, ws.p(), ws.n), FC_ERR_SIG);
  EXPECT_EQ(fc_x509_check_signed(&c.inter, &c.inter, ws.p(), ws.n), FC_ERR_SIG);
  EXPECT_EQ(fc_x509_check_signed(&c.leaf, &c.leaf, ws.p(), ws.n), FC_ERR_SIG);

  // fc_x509_verify_sig directly: pure ML-DSA over the TBS DER, nothing hashed first
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

  // leaf87_selfsig's signature is a valid ML-DSA-87 signature by root87's key over
  // its TBS (pure, empty context): only the algorithm/key mismatch refuses it.
  auto key = std::make_unique<fc_mldsa_pubkey>();
  ASSERT_EQ(fc_x509_mldsa_key(&c.root, key.get()), FC_OK);
  EXPECT_EQ(fc_mldsa_verify(key.get(), c.leaf87.tbs.p, c.leaf87.tbs.len, nullptr, 0, c.leaf87.signature.p,
                            c.leaf87.signature.len),
            FC_OK);
  // and leaf44's is an ML-DSA-65 signature by inter65's key over the TBS DER
  ASSERT_EQ(fc_x509_mldsa_key(&c.inter, key.get()), FC_OK);
  EXPECT_EQ(fc_mldsa_verify(key.get(), c.leaf.tbs.p, c.leaf.tbs.len, nullptr, 0, c.leaf.signature.p,
                            c.leaf.signature.len),
            FC_OK);
}

TEST_P(X509MlDsaKernels, Chains) {
  Files f;
  Certs c(f);
  Ws ws;
  const fc_x509_cert *anchor = nullptr;
  // leaf44 -> inter65 -> root87 (trusted)
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf, &c.inter, 1, &c.root, 1, 0, 0, ws.p(), ws.n, &anchor), FC_OK);
  EXPECT_EQ(anchor, &c.root);
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf, &c.inter, 1, &c.root, 1, FC_X509_PARTIAL_CHAIN, 0, ws.p(), ws.n,
                                 nullptr),
            FC_OK);
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf, &c.inter, 1, &c.root, 1, FC_X509_CHECK_TIME, k2026, ws.p(), ws.n,
                                 nullptr),
            FC_OK);
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf, &c.inter, 1, &c.root, 1, FC_X509_CHECK_TIME, k2031, ws.p(), ws.n,
                                 nullptr),
            FC_ERR_SIG)
      << "leaf44 expired in 2030";
  // partial chain: inter65 trusted
  anchor = nullptr;
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf, nullptr, 0, &c.inter, 1, FC_X509_PARTIAL_CHAIN, 0, ws.p(), ws.n,
                                 &anchor),
            FC_OK);
  EXPECT_EQ(anchor, &c.inter);
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf, nullptr, 0, &c.inter, 1, 0, 0, ws.p(), ws.n, nullptr), FC_ERR_SIG)
      << "inter65 is not self-issued: an anchor only with partial chains";
  // inter65 alone under root87
  EXPECT_EQ(fc_x509_verify_chain(&c.inter, nullptr, 0, &c.root, 1, 0, 0, ws.p(), ws.n, nullptr), FC_OK);
  // missing intermediate
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf, nullptr, 0, &c.root, 1, 0, 0, ws.p(), ws.n, nullptr), FC_ERR_SIG);
  // broken leaves
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf_bad, &c.inter, 1, &c.root, 1, 0, 0, ws.p(), ws.n, nullptr), FC_ERR_SIG);
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf_bad, nullptr, 0, &c.inter, 1, FC_X509_PARTIAL_CHAIN, 0, ws.p(), ws.n,
                                 nullptr),
            FC_ERR_SIG);
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf87, nullptr, 0, &c.root, 1, 0, 0, ws.p(), ws.n, nullptr), FC_ERR_SIG);
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf87, &c.inter, 1, &c.root, 1, FC_X509_PARTIAL_CHAIN, 0, ws.p(), ws.n,
                                 nullptr),
            FC_ERR_SIG);
  // the workspace bound
  EXPECT_EQ(fc_x509_verify_chain(&c.leaf, &c.inter, 1, &c.root, 1, 0, 0, ws.p(), ws.n - 1, nullptr), FC_ERR_ARG);
}

TEST_P(X509MlDsaKernels, SignedData) {
  Files f;
  Certs c(f);
  Ws ws;
  ASSERT_EQ(f.content.size(), 300u);
  Bytes other = f.content;
  other.back() ^= 1;  // the content cms_wrongdigest's messageDigest is of
  auto p7 = std::make_unique<fc_pkcs7>();
  for (const char *name : {"cms_attrs.der", "cms_noattrs.der", "cms_attrs_bad.der", "cms_wrongdigest.der"}) {
    SCOPED_TRACE(name);
    Bytes der = f.cms(name);
    ASSERT_EQ(fc_pkcs7_parse(p7.get(), der.data(), der.size()), FC_OK);
    EXPECT_EQ(p7->version, 1u);
    EXPECT_EQ(slice(p7->content_type), (Bytes{0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01}));
    EXPECT_EQ(p7->content_whole.len, 0u) << "detached";
    ASSERT_EQ(p7->n_certs, 2u);
    ASSERT_EQ(p7->n_signers, 1u);
    EXPECT_EQ(slice(p7->certs[0].der), f.leaf);
    EXPECT_EQ(slice(p7->certs[1].der), f.inter);
    const fc_pkcs7_signer &s = p7->signers[0];
    EXPECT_EQ(s.digest_alg, (uint32_t)FC_SHA512);
    EXPECT_EQ(s.sig_alg.kind, (uint32_t)FC_SIGALG_MLDSA);
    EXPECT_EQ(s.sig_alg.hash, 0u);
    EXPECT_EQ(slice(s.sig_alg.oid), kOid44);
    EXPECT_EQ(s.sig_alg.params.len, 0u);
    EXPECT_EQ(s.signature.len, (size_t)FC_MLDSA44_SIG_LEN);
    EXPECT_EQ(s.signed_attrs.len == 0, std::strcmp(name, "cms_noattrs.der") == 0);
    EXPECT_EQ(s.unsigned_attrs.len, 0u);
    EXPECT_EQ(slice(s.serial), Bytes{3});
    EXPECT_TRUE(fc_x509_name_match(s.issuer, c.inter.subject));
    EXPECT_EQ(fc_pkcs7_signer_cert(p7.get(), &s), &p7->certs[0]);

    const bool good = std::strcmp(name, "cms_attrs.der") == 0 || std::strcmp(name, "cms_noattrs.der") == 0;
    const fc_x509_cert *signer = nullptr;
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), f.content.data(), f.content.size(), &c.root, 1, 0, 0, ws.p(), ws.n,
                              &signer),
              good ? FC_OK : FC_ERR_SIG);
    EXPECT_EQ(signer, good ? &p7->certs[0] : nullptr);
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), f.content.data(), f.content.size(), &c.root, 1,
                              FC_X509_PARTIAL_CHAIN | FC_X509_CHECK_TIME, k2026, ws.p(), ws.n, nullptr),
              good ? FC_OK : FC_ERR_SIG);
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), f.content.data(), f.content.size(), &c.inter, 1, FC_X509_PARTIAL_CHAIN,
                              0, ws.p(), ws.n, nullptr),
              good ? FC_OK : FC_ERR_SIG)
        << "inter65 trusted (partial chain)";
    if (good) {
      EXPECT_EQ(fc_pkcs7_verify(p7.get(), f.content.data(), f.content.size(), &c.inter, 1, 0, 0, ws.p(), ws.n,
                                nullptr),
                FC_ERR_SIG)
          << "without partial chain a non-root anchor is not enough";
      EXPECT_EQ(fc_pkcs7_verify(p7.get(), f.content.data(), f.content.size(), &c.root, 1, FC_X509_CHECK_TIME,
                                k2031, ws.p(), ws.n, nullptr),
                FC_ERR_SIG)
          << "leaf44 expired";
      EXPECT_EQ(fc_pkcs7_verify(p7.get(), f.content.data(), f.content.size(), &c.root, 1, 0, 0, ws.p(),
                                ws.n - 1, nullptr),
                FC_ERR_ARG);
    }
    // other content: every one refused, but cms_wrongdigest, whose messageDigest is
    // SHA-512 of exactly that content under a valid signature
    const bool wrongdigest = std::strcmp(name, "cms_wrongdigest.der") == 0;
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), other.data(), other.size(), &c.root, 1, 0, 0, ws.p(), ws.n, nullptr),
              wrongdigest ? FC_OK : FC_ERR_SIG);
    Bytes first_changed = f.content;
    first_changed[0] ^= 0x80;
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), first_changed.data(), first_changed.size(), &c.root, 1, 0, 0, ws.p(),
                              ws.n, nullptr),
              FC_ERR_SIG);
    Bytes shorter(f.content.begin(), f.content.end() - 1);
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), shorter.data(), shorter.size(), &c.root, 1, 0, 0, ws.p(), ws.n, nullptr),
              FC_ERR_SIG);
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), nullptr, 0, &c.root, 1, 0, 0, ws.p(), ws.n, nullptr), FC_ERR_SIG)
        << "detached, and no content given";
    // a trust anchor the chain does not reach
    EXPECT_EQ(fc_pkcs7_verify(p7.get(), f.content.data(), f.content.size(), &c.leaf87, 1, FC_X509_PARTIAL_CHAIN,
                              0, ws.p(), ws.n, nullptr),
              FC_ERR_SIG);
  }
}

// The signatures under SignedData are the generator's definition (RFC 9882): pure
// ML-DSA, empty context, over the signed attributes re-tagged as SET (0x31) when
// present, else over the content. Checked here with the ML-DSA family alone, so a
// failure above can be told apart from a wrong vector.
TEST_P(X509MlDsaKernels, SignedDataSignaturesByDefinition) {
  Files f;
  Certs c(f);
  auto key = std::make_unique<fc_mldsa_pubkey>();
  ASSERT_EQ(fc_x509_mldsa_key(&c.leaf, key.get()), FC_OK);
  auto p7 = std::make_unique<fc_pkcs7>();
  for (const char *name : {"cms_attrs.der", "cms_noattrs.der", "cms_attrs_bad.der", "cms_wrongdigest.der"}) {
    SCOPED_TRACE(name);
    Bytes der = f.cms(name);
    ASSERT_EQ(fc_pkcs7_parse(p7.get(), der.data(), der.size()), FC_OK);
    const fc_pkcs7_signer &s = p7->signers[0];
    Bytes msg;
    if (s.signed_attrs.len != 0) {
      msg = slice(s.signed_attrs);
      ASSERT_EQ(msg[0], 0xa0);
      msg[0] = 0x31;
    } else {
      msg = f.content;
    }
    EXPECT_EQ(fc_mldsa_verify(key.get(), msg.data(), msg.size(), nullptr, 0, s.signature.p, s.signature.len),
              std::strcmp(name, "cms_attrs_bad.der") == 0 ? FC_ERR_SIG : FC_OK);
    if (s.signed_attrs.len != 0) {
      // the messageDigest attribute: SHA-512 of the content (of `other` for wrongdigest)
      Bytes content = f.content;
      if (std::strcmp(name, "cms_wrongdigest.der") == 0) content.back() ^= 1;
      uint8_t md[64];
      ASSERT_EQ(fc_hash(FC_SHA512, content.data(), content.size(), md), FC_OK);
      Bytes pat = {0x04, 0x40};
      pat.insert(pat.end(), md, md + 64);
      EXPECT_NE(std::search(msg.begin(), msg.end(), pat.begin(), pat.end()), msg.end());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllKernels, X509MlDsaKernels, ::testing::ValuesIn(fct::kernels(FC_OP_MLDSA)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
