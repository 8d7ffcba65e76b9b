// The ML-DSA API's contract on bad input, every mldsa kernel, each case
// starting from a valid key and signature (@noble/post-quantum vectors,
// tests/vectors/mldsa/): every byte of a valid signature changed in turn,
// truncated and extended signatures, keys of wrong lengths and malformed
// SubjectPublicKeyInfo, malformed hints (indices out of order, a count
// over omega, nonzero padding), z at the norm bound, context lengths,
// NULL arguments, and the streaming form against the one-shot one on
// random split points.
#include <string>
#include <vector>

#include "fc_test.h"
#include "json.h"

namespace {

using fct::Bytes;

struct Case {
  fc_mldsa_param p;
  Bytes pk, der, msg, ctx, sig;
};

// One valid pure entry per parameter set, with a committed SPKI key, a
// context and a message of 2 bytes at least.
const std::vector<Case> &cases() {
  static std::vector<Case> v;
  if (!v.empty()) return v;
  auto doc = fct::json::parse(fct::read_text(fct::vectors_dir() + "/mldsa/noble_mldsa.json"));
  for (const auto &k : doc["keys_der"].items()) {
    int p = (int)k["param"].as_int();
    for (const auto &t : doc["tests"].items())
      if (t["mode"].as_string() == "pure" && t["result"].as_string() == "valid" &&
          t["pk"].as_string() == k["pk"].as_string() && !t["ctx"].as_string().empty() &&
          t["msg"].as_string().size() >= 4) {
        v.push_back({p == 44 ? FC_ML_DSA_44 : p == 65 ? FC_ML_DSA_65 : FC_ML_DSA_87,
                     fct::hex(k["pk"].as_string()), fct::hex(k["pk_der"].as_string()),
                     fct::hex(t["msg"].as_string()), fct::hex(t["ctx"].as_string()),
                     fct::hex(t["sig"].as_string())});
        break;
      }
  }
  return v;
}

const uint8_t kDummy = 0;
const uint8_t *ptr(const Bytes &b) { return b.empty() ? &kDummy : b.data(); }

fc_err verify(const fc_mldsa_pubkey *k, const Case &c, const Bytes &sig) {
  return fc_mldsa_verify(k, ptr(c.msg), c.msg.size(), ptr(c.ctx), c.ctx.size(), ptr(sig),
                         sig.size());
}

// FIPS 204 Table 1: (k, l, omega, lambda/4 bytes, bits per z coefficient).
struct Shape {
  size_t k, l, omega, ct, zbits;
  int32_t gamma1, beta;
};
Shape shape(fc_mldsa_param p) {
  return p == FC_ML_DSA_44   ? Shape{4, 4, 80, 32, 18, 1 << 17, 78}
         : p == FC_ML_DSA_65 ? Shape{6, 5, 55, 48, 20, 1 << 19, 196}
                             : Shape{8, 7, 75, 64, 20, 1 << 19, 120};
}

class MlDsaApi : public fct::MlDsaKernelTest {};

TEST_P(MlDsaApi, ValidThenEveryByteChanged) {
  ASSERT_EQ(cases().size(), 3u);
  for (const Case &c : cases()) {
    fc_mldsa_pubkey key;
    ASSERT_EQ(fc_mldsa_pubkey_init(&key, c.p, c.pk.data(), c.pk.size()), FC_OK);
    ASSERT_EQ(verify(&key, c, c.sig), FC_OK);
    Bytes s = c.sig;
    int refused = 0;
    for (size_t i = 0; i < s.size(); i++) {
      s[i] ^= (uint8_t)(1u << (i % 8));
      fc_err rc = verify(&key, c, s);
      // A change in the hint's zero padding or z's unused bits is still a
      // different encoding: nothing may verify.
      EXPECT_EQ(rc, FC_ERR_SIG) << "byte " << i;
      refused += rc == FC_ERR_SIG;
      s[i] = c.sig[i];
    }
    EXPECT_EQ(refused, (int)s.size());
    ASSERT_EQ(verify(&key, c, s), FC_OK);
  }
}

TEST_P(MlDsaApi, Lengths) {
  for (const Case &c : cases()) {
    fc_mldsa_pubkey key;
    ASSERT_EQ(fc_mldsa_pubkey_init(&key, c.p, c.pk.data(), c.pk.size()), FC_OK);
    EXPECT_EQ(fc_mldsa_sig_len(c.p), c.sig.size());
    EXPECT_EQ(fc_mldsa_pk_len(c.p), c.pk.size());
    for (size_t n : {(size_t)0, (size_t)1, c.sig.size() - 1, c.sig.size() + 1,
                     (size_t)FC_MLDSA_SIG_MAX + 1}) {
      Bytes s = c.sig;
      s.resize(n, 0);
      EXPECT_EQ(verify(&key, c, s), FC_ERR_SIG) << n;
    }
    for (size_t n : {(size_t)0, c.pk.size() - 1, c.pk.size() + 1}) {
      Bytes k = c.pk;
      k.resize(n, 0);
      fc_mldsa_pubkey bad = key;
      EXPECT_EQ(fc_mldsa_pubkey_init(&bad, c.p, ptr(k), k.size()), FC_ERR_KEY) << n;
      EXPECT_EQ(fc_mldsa_pubkey_param(&bad), 0) << "cleared on failure";
      EXPECT_EQ(verify(&bad, c, c.sig), FC_ERR_ARG);
    }
    // Another set's key length is that set's key, not this one's.
    fc_mldsa_param other = c.p == FC_ML_DSA_44 ? FC_ML_DSA_65 : FC_ML_DSA_44;
    EXPECT_EQ(fc_mldsa_pubkey_init(&key, other, c.pk.data(), c.pk.size()), FC_ERR_KEY);
  }
}

TEST_P(MlDsaApi, MalformedHints) {
  for (const Case &c : cases()) {
    Shape sh = shape(c.p);
    fc_mldsa_pubkey key;
    ASSERT_EQ(fc_mldsa_pubkey_init(&key, c.p, c.pk.data(), c.pk.size()), FC_OK);
    const size_t h = c.sig.size() - sh.omega - sh.k;  // hint section
    const uint8_t *y = c.sig.data() + h;
    size_t used = y[sh.omega + sh.k - 1];
    ASSERT_GT(used, 1u) << "the vector needs two hints at least";
    ASSERT_LE(used, sh.omega);
    // Two positions of one row swapped (order broken), if a row has two.
    for (size_t i = 0, start = 0; i < sh.k; start = y[sh.omega + i], i++)
      if (y[sh.omega + i] >= start + 2) {
        Bytes s = c.sig;
        std::swap(s[h + start], s[h + start + 1]);
        EXPECT_EQ(verify(&key, c, s), FC_ERR_SIG) << "swapped hints, row " << i;
        s[h + start + 1] = s[h + start];  // a repeated position
        EXPECT_EQ(verify(&key, c, s), FC_ERR_SIG) << "repeated hint, row " << i;
        break;
      }
    Bytes s = c.sig;
    s[h + sh.omega + sh.k - 1] = (uint8_t)(sh.omega + 1);  // count over omega
    EXPECT_EQ(verify(&key, c, s), FC_ERR_SIG);
    s = c.sig;
    s[h + sh.omega] = (uint8_t)(y[sh.omega + 1] + 1);  // counts decreasing
    EXPECT_EQ(verify(&key, c, s), FC_ERR_SIG);
    if (used < sh.omega) {
      s = c.sig;
      s[h + sh.omega - 1] = 1;  // nonzero padding after the last hint
      EXPECT_EQ(verify(&key, c, s), FC_ERR_SIG);
    }
  }
}

// z_0's first coefficient set to +-(gamma1 - beta) (the first value out of
// range) and to +-(gamma1 - beta - 1) (in range, but now a wrong z): each
// refused, never a crash.
TEST_P(MlDsaApi, ZAtTheNormBound) {
  for (const Case &c : cases()) {
    Shape sh = shape(c.p);
    fc_mldsa_pubkey key;
    ASSERT_EQ(fc_mldsa_pubkey_init(&key, c.p, c.pk.data(), c.pk.size()), FC_OK);
    for (int32_t z : {sh.gamma1 - sh.beta, -(sh.gamma1 - sh.beta), sh.gamma1 - sh.beta - 1,
                      -(sh.gamma1 - sh.beta - 1), sh.gamma1, -sh.gamma1 + 1}) {
      Bytes s = c.sig;
      uint32_t v = (uint32_t)(sh.gamma1 - z);  // BitPack of gamma1 - z, little-endian bits
      uint8_t *p = s.data() + sh.ct;
      uint32_t mask = (1u << sh.zbits) - 1, old = p[0] | p[1] << 8 | (uint32_t)p[2] << 16;
      uint32_t w = (old & ~mask) | (v & mask);
      p[0] = (uint8_t)w, p[1] = (uint8_t)(w >> 8), p[2] = (uint8_t)(w >> 16);
      EXPECT_EQ(verify(&key, c, s), FC_ERR_SIG) << "z = " << z;
    }
  }
}

TEST_P(MlDsaApi, ContextsAndArguments) {
  const Case &c = cases()[0];
  fc_mldsa_pubkey key;
  ASSERT_EQ(fc_mldsa_pubkey_init(&key, c.p, c.pk.data(), c.pk.size()), FC_OK);
  Bytes big(256, 'A');
  EXPECT_EQ(fc_mldsa_verify(&key, ptr(c.msg), c.msg.size(), big.data(), 255, c.sig.data(),
                            c.sig.size()),
            FC_ERR_SIG);
  EXPECT_EQ(fc_mldsa_verify(&key, ptr(c.msg), c.msg.size(), big.data(), 256, c.sig.data(),
                            c.sig.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_mldsa_verify(&key, ptr(c.msg), c.msg.size(), nullptr, 1, c.sig.data(),
                            c.sig.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_mldsa_verify(nullptr, ptr(c.msg), c.msg.size(), ptr(c.ctx), c.ctx.size(),
                            c.sig.data(), c.sig.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_mldsa_verify(&key, nullptr, 1, ptr(c.ctx), c.ctx.size(), c.sig.data(),
                            c.sig.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_mldsa_verify(&key, ptr(c.msg), c.msg.size(), ptr(c.ctx), c.ctx.size(), nullptr,
                            c.sig.size()),
            FC_ERR_ARG);
  uint8_t mu[64] = {0}, d[64] = {0};
  EXPECT_EQ(fc_mldsa_verify_mu(&key, nullptr, c.sig.data(), c.sig.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_mldsa_verify_mu(&key, mu, c.sig.data(), c.sig.size()), FC_ERR_SIG);
  // Pre-hash: SHA-1 has no FIPS 204 OID; digest lengths must match.
  EXPECT_EQ(fc_mldsa_verify_prehash(&key, FC_SHA1, d, 20, nullptr, 0, c.sig.data(),
                                    c.sig.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_mldsa_verify_prehash(&key, FC_SHA256, d, 31, nullptr, 0, c.sig.data(),
                                    c.sig.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_mldsa_verify_prehash(&key, FC_MLDSA_PH_SHAKE256, d, 32, nullptr, 0,
                                    c.sig.data(), c.sig.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_mldsa_verify_prehash(&key, 0x7777, d, 32, nullptr, 0, c.sig.data(),
                                    c.sig.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_mldsa_verify_prehash(&key, FC_SHA256, d, 32, nullptr, 0, c.sig.data(),
                                    c.sig.size()),
            FC_ERR_SIG);
  fc_mldsa_pubkey zero;
  memset(&zero, 0, sizeof zero);
  EXPECT_EQ(verify(&zero, c, c.sig), FC_ERR_ARG);
  EXPECT_EQ(fc_mldsa_pubkey_param(nullptr), 0);
  EXPECT_EQ(fc_mldsa_pubkey_init(&key, (fc_mldsa_param)9, c.pk.data(), c.pk.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_mldsa_pk_len((fc_mldsa_param)0), 0u);
}

TEST_P(MlDsaApi, SubjectPublicKeyInfo) {
  for (const Case &c : cases()) {
    fc_mldsa_pubkey key;
    ASSERT_EQ(fc_mldsa_pubkey_from_der(&key, c.der.data(), c.der.size()), FC_OK);
    EXPECT_EQ(fc_mldsa_pubkey_param(&key), c.p);
    EXPECT_EQ(verify(&key, c, c.sig), FC_OK);
    // Every truncation and one extra byte: malformed DER.
    for (size_t n = 0; n < c.der.size(); n += (n < 40 ? 1 : 97)) {
      EXPECT_NE(fc_mldsa_pubkey_from_der(&key, ptr(c.der), n), FC_OK) << n;
      EXPECT_EQ(fc_mldsa_pubkey_param(&key), 0);
    }
    Bytes d = c.der;
    d.push_back(0);
    EXPECT_EQ(fc_mldsa_pubkey_from_der(&key, d.data(), d.size()), FC_ERR_DER);
    d = c.der;
    d[16] = 20;  // id-ml-dsa-* arc .20: not ML-DSA
    EXPECT_EQ(fc_mldsa_pubkey_from_der(&key, d.data(), d.size()), FC_ERR_DER);
    d = c.der;
    d[21] = 1;  // BIT STRING with unused bits
    EXPECT_EQ(fc_mldsa_pubkey_from_der(&key, d.data(), d.size()), FC_ERR_DER);
    ASSERT_EQ(fc_mldsa_pubkey_from_der(&key, c.der.data(), c.der.size()), FC_OK);
  }
}

TEST_P(MlDsaApi, StreamingEqualsOneShot) {
  fct::Rng r(46);
  for (const Case &c : cases()) {
    fc_mldsa_pubkey key;
    ASSERT_EQ(fc_mldsa_pubkey_init(&key, c.p, c.pk.data(), c.pk.size()), FC_OK);
    for (int t = 0; t < 12; t++) {
      fc_mldsa_stream st;
      ASSERT_EQ(fc_mldsa_stream_init(&st, &key, ptr(c.ctx), c.ctx.size()), FC_OK);
      size_t at = 0;
      while (at < c.msg.size()) {
        size_t n = t == 0 ? 1 : r.next() % (c.msg.size() - at + 1);
        ASSERT_EQ(fc_mldsa_stream_update(&st, c.msg.data() + at, n), FC_OK);
        at += n;
      }
      EXPECT_EQ(fc_mldsa_stream_final(&st, c.sig.data(), c.sig.size()), FC_OK) << t;
      // Used up: every call fails until the next init.
      EXPECT_EQ(fc_mldsa_stream_update(&st, c.msg.data(), 1), FC_ERR_ARG);
      EXPECT_EQ(fc_mldsa_stream_final(&st, c.sig.data(), c.sig.size()), FC_ERR_ARG);
    }
    // A wrong split (a byte twice) does not verify.
    fc_mldsa_stream st;
    ASSERT_EQ(fc_mldsa_stream_init(&st, &key, ptr(c.ctx), c.ctx.size()), FC_OK);
    ASSERT_EQ(fc_mldsa_stream_update(&st, c.msg.data(), 1), FC_OK);
    ASSERT_EQ(fc_mldsa_stream_update(&st, c.msg.data(), c.msg.size()), FC_OK);
    EXPECT_EQ(fc_mldsa_stream_final(&st, c.sig.data(), c.sig.size()), FC_ERR_SIG);
  }
}

INSTANTIATE_TEST_SUITE_P(AllKernels, MlDsaApi, ::testing::ValuesIn(fct::kernels(FC_OP_MLDSA)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
