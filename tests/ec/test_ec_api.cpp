// The ec API's error rules on every kernel, each failure starting from a
// valid key and signature (the first valid test of a Wycheproof file):
// NULLs, cleared keys and empty digests are FC_ERR_ARG; r or s of 0, n, n + 1
// and 2^bits - 1, non-strict DER, trailing bytes and wrong raw lengths are
// FC_ERR_SIG; bad points are FC_ERR_KEY, bad SubjectPublicKeyInfo
// FC_ERR_DER (a well-formed P-521 key FC_ERR_UNSUPPORTED); a failed
// initialiser clears its output.
#include <string>

#include "fc_test.h"
#include "json.h"

namespace {

using fct::Bytes;

struct Valid {
  fc_curve curve;
  unsigned bytes;
  Bytes der, point, msg, sig, digest;
  fc_hash_alg hash;
  Bytes n;
};

Valid first_valid(const char *file, fc_curve curve, unsigned bytes, fc_hash_alg hash,
                  const char *n_hex) {
  auto doc = fct::json::parse(
      fct::read_text(fct::vectors_dir() + "/wycheproof/testvectors_v1/" + file));
  for (const auto &g : doc["testGroups"].items())
    for (const auto &t : g["tests"].items())
      if (t["result"].as_string() == "valid") {
        Valid v{curve, bytes, fct::hex(g["publicKeyDer"].as_string()),
                fct::hex(g["publicKey"]["uncompressed"].as_string()), fct::hex(t["msg"].as_string()),
                fct::hex(t["sig"].as_string()), {}, hash, fct::hex(n_hex)};
        v.digest.resize(fc_hash_len(hash));
        EXPECT_EQ(fc_hash(hash, v.msg.data(), v.msg.size(), v.digest.data()), FC_OK);
        return v;
      }
  ADD_FAILURE() << "no valid test in " << file;
  return {};
}

std::vector<Valid> valids() {
  return {first_valid("ecdsa_secp256r1_sha256_test.json", FC_P256, 32, FC_SHA256,
                      "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"),
          first_valid("ecdsa_secp384r1_sha384_test.json", FC_P384, 48, FC_SHA384,
                      "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf"
                      "581a0db248b0a77aecec196accc52973")};
}

Bytes cat(const Bytes &a, const Bytes &b) {
  Bytes o;
  o.reserve(a.size() + b.size());
  for (uint8_t x : a) o.push_back(x);
  for (uint8_t x : b) o.push_back(x);
  return o;
}

// DER INTEGER of a big-endian magnitude (minimal, with a sign byte if needed).
Bytes der_int(Bytes v) {
  while (v.size() > 1 && v[0] == 0 && !(v[1] & 0x80)) v.erase(v.begin());
  if (v[0] & 0x80) v.insert(v.begin(), 0);
  return cat(Bytes{0x02, (uint8_t)v.size()}, v);
}
Bytes der_sig(const Bytes &r, const Bytes &s) {
  Bytes body = der_int(r), si = der_int(s);
  body.insert(body.end(), si.begin(), si.end());
  Bytes out{0x30};
  if (body.size() >= 0x80) out.push_back(0x81);
  out.push_back((uint8_t)body.size());
  return cat(out, body);
}
// r and s of a strict DER signature, each `bytes` long.
void split(const Bytes &der, unsigned bytes, Bytes &r, Bytes &s) {
  size_t i = der[1] == 0x81 ? 3 : 2;
  auto take = [&](Bytes &out) {
    size_t len = der[i + 1];
    Bytes v(der.begin() + i + 2, der.begin() + i + 2 + len);
    while (v.size() > bytes) v.erase(v.begin());
    out = Bytes(bytes - v.size(), 0);
    out.insert(out.end(), v.begin(), v.end());
    i += 2 + len;
  };
  take(r);
  take(s);
}
Bytes add_small(Bytes v, unsigned k) {
  for (size_t i = v.size(); i-- > 0 && k;) {
    unsigned t = v[i] + k;
    v[i] = (uint8_t)t;
    k = t >> 8;
  }
  return v;
}

class EcApi : public fct::EcKernelTest {};

TEST_P(EcApi, ValidThenEachDefect) {
  for (const Valid &v : valids()) {
    SCOPED_TRACE(v.bytes);
    fc_ec_pubkey key;
    ASSERT_EQ(fc_ec_pubkey_from_der(&key, v.der.data(), v.der.size()), FC_OK);
    const uint8_t *d = v.digest.data();
    size_t dl = v.digest.size();
    ASSERT_EQ(fc_ecdsa_verify(&key, d, dl, v.sig.data(), v.sig.size()), FC_OK);
    ASSERT_EQ(fc_ecdsa_verify_msg(&key, v.hash, v.msg.data(), v.msg.size(), v.sig.data(), v.sig.size()),
              FC_OK);
    Bytes r, s;
    split(v.sig, v.bytes, r, s);
    Bytes raw = cat(r, s);
    ASSERT_EQ(fc_ecdsa_verify_raw(&key, d, dl, raw.data(), raw.size()), FC_OK);
    ASSERT_EQ(der_sig(r, s), v.sig);

    // arguments
    EXPECT_EQ(fc_ecdsa_verify(nullptr, d, dl, v.sig.data(), v.sig.size()), FC_ERR_ARG);
    EXPECT_EQ(fc_ecdsa_verify(&key, nullptr, dl, v.sig.data(), v.sig.size()), FC_ERR_ARG);
    EXPECT_EQ(fc_ecdsa_verify(&key, d, 0, v.sig.data(), v.sig.size()), FC_ERR_ARG);
    EXPECT_EQ(fc_ecdsa_verify(&key, d, dl, nullptr, v.sig.size()), FC_ERR_ARG);
    EXPECT_EQ(fc_ecdsa_verify_raw(&key, d, 0, raw.data(), raw.size()), FC_ERR_ARG);
    EXPECT_EQ(fc_ecdsa_verify_msg(&key, (fc_hash_alg)99, v.msg.data(), v.msg.size(), v.sig.data(),
                                  v.sig.size()),
              FC_ERR_ARG);
    EXPECT_EQ(fc_ecdsa_verify_msg(&key, v.hash, nullptr, 1, v.sig.data(), v.sig.size()), FC_ERR_ARG);

    // r, s out of range: 0, n, n + 1, 2^bits - 1, in both encodings
    Bytes zero(v.bytes, 0), n1 = add_small(v.n, 1), ones(v.bytes, 0xff);
    for (const Bytes &bad : {zero, v.n, n1, ones}) {
      SCOPED_TRACE(fct::to_hex(bad));
      Bytes s1 = der_sig(bad, s), s2 = der_sig(r, bad);
      EXPECT_EQ(fc_ecdsa_verify(&key, d, dl, s1.data(), s1.size()), FC_ERR_SIG);
      EXPECT_EQ(fc_ecdsa_verify(&key, d, dl, s2.data(), s2.size()), FC_ERR_SIG);
      Bytes r1 = cat(bad, s), r2 = cat(r, bad);
      EXPECT_EQ(fc_ecdsa_verify_raw(&key, d, dl, r1.data(), r1.size()), FC_ERR_SIG);
      EXPECT_EQ(fc_ecdsa_verify_raw(&key, d, dl, r2.data(), r2.size()), FC_ERR_SIG);
    }
    // a changed digest, a changed s
    Bytes d2 = v.digest;
    d2[0] ^= 1;
    EXPECT_EQ(fc_ecdsa_verify(&key, d2.data(), dl, v.sig.data(), v.sig.size()), FC_ERR_SIG);
    Bytes s_plus = der_sig(r, add_small(s, 1));
    EXPECT_EQ(fc_ecdsa_verify(&key, d, dl, s_plus.data(), s_plus.size()), FC_ERR_SIG);
    // not strict DER: trailing byte, long-form length, a padded INTEGER, truncation
    Bytes t = v.sig;
    t.push_back(0);
    EXPECT_EQ(fc_ecdsa_verify(&key, d, dl, t.data(), t.size()), FC_ERR_SIG);
    if (v.sig[1] < 0x80) {
      Bytes lf = cat(Bytes{0x30, 0x81}, Bytes(v.sig.begin() + 1, v.sig.end()));
      EXPECT_EQ(fc_ecdsa_verify(&key, d, dl, lf.data(), lf.size()), FC_ERR_SIG);
    }
    {
      Bytes ri = der_int(r);
      Bytes padded = cat(Bytes{0x02, (uint8_t)(ri[1] + 1), 0x00}, Bytes(ri.begin() + 2, ri.end()));
      Bytes si = der_int(s), body = cat(padded, si);
      Bytes bad{0x30};
      if (body.size() >= 0x80) bad.push_back(0x81);
      bad.push_back((uint8_t)body.size());
      bad = cat(bad, body);
      EXPECT_EQ(fc_ecdsa_verify(&key, d, dl, bad.data(), bad.size()), FC_ERR_SIG);
    }
    for (size_t cut = 0; cut < v.sig.size(); cut++)
      EXPECT_EQ(fc_ecdsa_verify(&key, d, dl, v.sig.data(), cut), FC_ERR_SIG) << cut;
    for (size_t len : {raw.size() - 1, raw.size() + 1, (size_t)0})
      EXPECT_EQ(fc_ecdsa_verify_raw(&key, d, dl, raw.data(), len), FC_ERR_SIG) << len;
    // a digest longer than the order takes its leftmost bytes; a shorter one
    // is the same integer as its zero-padded form
    Bytes longer = cat(v.digest, Bytes(9, 0xa5));
    EXPECT_EQ(fc_ecdsa_verify(&key, longer.data(), longer.size(), v.sig.data(), v.sig.size()),
              dl >= v.bytes ? FC_OK : FC_ERR_SIG);

    // keys: bad points clear a valid key; compressed points work
    Bytes pt = v.point;
    fc_ec_pubkey k2;
    ASSERT_EQ(fc_ec_pubkey_init(&k2, v.curve, pt.data(), pt.size()), FC_OK);
    Bytes comp = cat(Bytes{(uint8_t)(0x02 | (pt.back() & 1))},
                     Bytes(pt.begin() + 1, pt.begin() + 1 + v.bytes));
    fc_ec_pubkey k3;
    ASSERT_EQ(fc_ec_pubkey_init(&k3, v.curve, comp.data(), comp.size()), FC_OK);
    EXPECT_EQ(fc_ecdsa_verify(&k3, d, dl, v.sig.data(), v.sig.size()), FC_OK);
    EXPECT_EQ(memcmp(&k2, &k3, sizeof(k2)), 0);
    Bytes wrong_parity = comp;
    wrong_parity[0] ^= 1;
    ASSERT_EQ(fc_ec_pubkey_init(&k3, v.curve, wrong_parity.data(), wrong_parity.size()), FC_OK);
    EXPECT_EQ(fc_ecdsa_verify(&k3, d, dl, v.sig.data(), v.sig.size()), FC_ERR_SIG);
    struct BadPoint {
      const char *what;
      Bytes p;
    };
    Bytes off = pt;
    off.back() ^= 1;
    Bytes hybrid = pt;
    hybrid[0] = (uint8_t)(0x06 | (pt.back() & 1));
    Bytes xp = pt;  // x = p: 2^bits - 1 > p on both curves, so use all ones
    std::fill(xp.begin() + 1, xp.begin() + 1 + v.bytes, 0xff);
    Bytes yp = pt;
    std::fill(yp.begin() + 1 + v.bytes, yp.end(), 0xff);
    std::vector<BadPoint> bad = {
        {"off the curve", off},
        {"hybrid", hybrid},
        {"infinity", Bytes{0x00}},
        {"x >= p", xp},
        {"y >= p", yp},
        {"short", Bytes(pt.begin(), pt.end() - 1)},
        {"long", cat(pt, Bytes{0})},
        {"compressed, long", cat(comp, Bytes{0})},
        {"prefix 05", cat(Bytes{0x05}, Bytes(pt.begin() + 1, pt.end()))},
        {"empty", Bytes{}},
    };
    for (const BadPoint &b : bad) {
      ASSERT_EQ(fc_ec_pubkey_init(&k2, v.curve, pt.data(), pt.size()), FC_OK);
      const uint8_t *bp = b.p.empty() ? pt.data() : b.p.data();
      EXPECT_EQ(fc_ec_pubkey_init(&k2, v.curve, bp, b.p.size()), FC_ERR_KEY) << b.what;
      EXPECT_EQ(fc_ec_pubkey_curve(&k2), (fc_curve)0) << b.what;
      EXPECT_EQ(fc_ecdsa_verify(&k2, d, dl, v.sig.data(), v.sig.size()), FC_ERR_ARG) << b.what;
    }
    ASSERT_EQ(fc_ec_pubkey_init(&k2, v.curve, pt.data(), pt.size()), FC_OK);
    EXPECT_EQ(fc_ec_pubkey_init(&k2, (fc_curve)7, pt.data(), pt.size()), FC_ERR_ARG);
    EXPECT_EQ(fc_ec_pubkey_curve(&k2), (fc_curve)0);
    EXPECT_EQ(fc_ec_pubkey_init(&k2, v.curve, nullptr, pt.size()), FC_ERR_ARG);
    EXPECT_EQ(fc_ec_pubkey_init(nullptr, v.curve, pt.data(), pt.size()), FC_ERR_ARG);
    // the other curve's point length
    EXPECT_EQ(fc_ec_pubkey_init(&k2, v.curve == FC_P256 ? FC_P384 : FC_P256, pt.data(), pt.size()),
              FC_ERR_KEY);

    // SubjectPublicKeyInfo defects, each from the valid DER
    for (size_t cut = 0; cut < v.der.size(); cut++) {
      ASSERT_EQ(fc_ec_pubkey_from_der(&k2, v.der.data(), v.der.size()), FC_OK);
      EXPECT_EQ(fc_ec_pubkey_from_der(&k2, v.der.data(), cut), FC_ERR_DER) << cut;
      EXPECT_EQ(fc_ec_pubkey_curve(&k2), (fc_curve)0);
    }
    Bytes trailing = cat(v.der, Bytes{0});
    EXPECT_EQ(fc_ec_pubkey_from_der(&k2, trailing.data(), trailing.size()), FC_ERR_DER);
    EXPECT_EQ(fc_ec_pubkey_from_der(&k2, nullptr, 10), FC_ERR_ARG);
    EXPECT_EQ(fc_ec_pubkey_from_der(nullptr, v.der.data(), v.der.size()), FC_ERR_ARG);
    // the point inside the DER replaced by an off-curve one: FC_ERR_KEY
    Bytes offder = v.der;
    offder.back() ^= 1;
    EXPECT_EQ(fc_ec_pubkey_from_der(&k2, offder.data(), offder.size()), FC_ERR_KEY);
    // a compressed point inside SubjectPublicKeyInfo is accepted
    size_t prefix = v.der.size() - pt.size();  // the point ends the DER
    Bytes cder(v.der.begin(), v.der.begin() + prefix);
    cder = cat(cder, comp);
    cder[1] = (uint8_t)(cder[1] - v.bytes);      // outer SEQUENCE (short form)
    cder[prefix - 2] = (uint8_t)(cder[prefix - 2] - v.bytes);  // BIT STRING length
    EXPECT_EQ(fc_ec_pubkey_from_der(&k2, cder.data(), cder.size()), FC_OK);
    EXPECT_EQ(fc_ecdsa_verify(&k2, d, dl, v.sig.data(), v.sig.size()), FC_OK);
  }
}

// A well-formed P-521 key (from the secp521r1 Wycheproof group's DER) is
// FC_ERR_UNSUPPORTED; the same DER with the curve OID bytes changed is
// FC_ERR_DER; an RSA SubjectPublicKeyInfo is FC_ERR_DER.
TEST_P(EcApi, OtherCurvesAndAlgorithms) {
  // secp521r1 SubjectPublicKeyInfo around a 133-byte point (any point: the
  // curve is refused before the point is read)
  Bytes p521 = fct::hex("30819b301006072a8648ce3d020106052b8104002303818600");
  p521.push_back(0x04);
  p521.insert(p521.end(), 132, 0x01);
  ASSERT_EQ(p521.size(), 3u + 0x9b);
  fc_ec_pubkey k;
  EXPECT_EQ(fc_ec_pubkey_from_der(&k, p521.data(), p521.size()), FC_ERR_UNSUPPORTED);
  Bytes other = p521;
  ASSERT_EQ(other[20], 0x23);
  other[20] = 0x63;  // 1.3.132.0.99: no curve of ours
  EXPECT_EQ(fc_ec_pubkey_from_der(&k, other.data(), other.size()), FC_ERR_DER);
  // RSA SubjectPublicKeyInfo (rsaEncryption, a 512-bit modulus, e = 65537)
  Bytes rsa = fct::hex("305c300d06092a864886f70d0101010500034b003048024100");
  rsa.push_back(0xc5);
  rsa.insert(rsa.end(), 63, 0x11);
  Bytes e = fct::hex("0203010001");
  rsa.insert(rsa.end(), e.begin(), e.end());
  ASSERT_EQ(rsa.size(), 2u + 0x5c);
  EXPECT_EQ(fc_ec_pubkey_from_der(&k, rsa.data(), rsa.size()), FC_ERR_DER);
  EXPECT_EQ(fc_ec_pubkey_curve(nullptr), (fc_curve)0);
}

INSTANTIATE_TEST_SUITE_P(AllKernels, EcApi, ::testing::ValuesIn(fct::kernels(FC_OP_EC)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
