// ML-DSA verification vectors on every mldsa kernel:
// - Wycheproof mldsa_{44,65,87}_verify_test.json (tests/vectors/wycheproof/
//   README.md, "Files added for ML-DSA"): every `valid` test verifies, every
//   `invalid` one does not; a context longer than 255 bytes is the caller's
//   error (FC_ERR_ARG), any other invalid test FC_ERR_SIG; a public key of
//   the wrong length is refused at load (FC_ERR_KEY);
// - tests/vectors/mldsa/noble_mldsa.json (@noble/post-quantum; README
//   there): pure, HashML-DSA and external-mu signatures of all three
//   parameter sets, valid and tampered, and SubjectPublicKeyInfo keys.
// The noble file also runs with each keccak_x kernel pinned (A's sampling).
#include <string>

#include "fc_test.h"
#include "json.h"

namespace {

using fct::Bytes;

fc_mldsa_param param_of(int64_t p) {
  return p == 44 ? FC_ML_DSA_44 : p == 65 ? FC_ML_DSA_65 : FC_ML_DSA_87;
}

// A non-NULL pointer for empty byte strings.
const uint8_t *ptr(const Bytes &b) {
  static const uint8_t dummy = 0;
  return b.empty() ? &dummy : b.data();
}

int ph_of(const std::string &h) {
  if (h == "SHA2-224") return FC_SHA224;
  if (h == "SHA2-256") return FC_SHA256;
  if (h == "SHA2-384") return FC_SHA384;
  if (h == "SHA2-512") return FC_SHA512;
  if (h == "SHA3-224") return FC_SHA3_224;
  if (h == "SHA3-256") return FC_SHA3_256;
  if (h == "SHA3-384") return FC_SHA3_384;
  if (h == "SHA3-512") return FC_SHA3_512;
  if (h == "SHAKE-128") return FC_MLDSA_PH_SHAKE128;
  if (h == "SHAKE-256") return FC_MLDSA_PH_SHAKE256;
  ADD_FAILURE() << "unknown hash " << h;
  return 0;
}

class MlDsaVectors : public fct::MlDsaKernelTest {};

TEST_P(MlDsaVectors, Wycheproof) {
  const int params[3] = {44, 65, 87};
  const int counts[3] = {180, 210, 241};
  for (int f = 0; f < 3; f++) {
    std::string name = "mldsa_" + std::to_string(params[f]) + "_verify_test.json";
    SCOPED_TRACE(name);
    auto doc = fct::json::parse(
        fct::read_text(fct::vectors_dir() + "/wycheproof/testvectors_v1/" + name));
    fc_mldsa_param P = param_of(params[f]);
    int n = 0, valid = 0;
    for (const auto &g : doc["testGroups"].items()) {
      Bytes pk = fct::hex(g["publicKey"].as_string());
      fc_mldsa_pubkey key, key_der;
      fc_err krc = fc_mldsa_pubkey_init(&key, P, ptr(pk), pk.size());
      if (g.find("publicKeyDer")) {
        Bytes der = fct::hex(g["publicKeyDer"].as_string());
        fc_err drc = fc_mldsa_pubkey_from_der(&key_der, ptr(der), der.size());
        EXPECT_EQ(drc, krc) << "DER and raw loads of one key disagree";
      }
      for (const auto &t : g["tests"].items()) {
        n++;
        int64_t id = t["tcId"].as_int();
        const std::string &result = t["result"].as_string();
        ASSERT_TRUE(result == "valid" || result == "invalid") << "tcId " << id;
        if (krc != FC_OK) {
          // Only keys of a wrong length are refused at load.
          EXPECT_EQ(krc, FC_ERR_KEY) << "tcId " << id;
          EXPECT_NE(pk.size(), fc_mldsa_pk_len(P)) << "tcId " << id;
          EXPECT_EQ(result, "invalid") << "tcId " << id;
          continue;
        }
        Bytes msg = fct::hex(t["msg"].as_string()), sig = fct::hex(t["sig"].as_string());
        Bytes ctx = t.find("ctx") ? fct::hex(t["ctx"].as_string()) : Bytes();
        fc_err rc = fc_mldsa_verify(&key, ptr(msg), msg.size(), ptr(ctx), ctx.size(), ptr(sig),
                                    sig.size());
        fc_err want = result == "valid" ? FC_OK : ctx.size() > 255 ? FC_ERR_ARG : FC_ERR_SIG;
        EXPECT_STREQ(fct::err_name(rc), fct::err_name(want))
            << "tcId " << id << " " << t["comment"].as_string();
        valid += result == "valid";
      }
    }
    EXPECT_EQ(n, doc["numberOfTests"].as_int());
    EXPECT_EQ(n, counts[f]);
    EXPECT_GT(valid, 50);
  }
}

// Runs every noble entry; returns the number run.
int run_noble(const fct::json::Value &doc) {
  int n = 0;
  for (const auto &t : doc["tests"].items()) {
    int64_t id = t["id"].as_int();
    fc_mldsa_param P = param_of(t["param"].as_int());
    Bytes pk = fct::hex(t["pk"].as_string()), sig = fct::hex(t["sig"].as_string());
    Bytes msg = fct::hex(t["msg"].as_string()), ctx = fct::hex(t["ctx"].as_string());
    const std::string &mode = t["mode"].as_string();
    fc_mldsa_pubkey key;
    EXPECT_EQ(fc_mldsa_pubkey_init(&key, P, ptr(pk), pk.size()), FC_OK) << "id " << id;
    fc_err want = t["result"].as_string() == "valid" ? FC_OK : FC_ERR_SIG, rc;
    if (mode == "pure") {
      rc = fc_mldsa_verify(&key, ptr(msg), msg.size(), ptr(ctx), ctx.size(), ptr(sig),
                           sig.size());
    } else if (mode == "prehash") {
      Bytes d = fct::hex(t["digest"].as_string());
      rc = fc_mldsa_verify_prehash(&key, ph_of(t["hash"].as_string()), ptr(d), d.size(),
                                   ptr(ctx), ctx.size(), ptr(sig), sig.size());
    } else {
      EXPECT_EQ(mode, "mu");
      Bytes mu = fct::hex(t["mu"].as_string());
      EXPECT_EQ(mu.size(), 64u);
      rc = fc_mldsa_verify_mu(&key, mu.data(), ptr(sig), sig.size());
      // The streamed mu of (msg, ctx) is the generator's (computed by
      // @noble/hashes).
      fc_mldsa_stream st;
      uint8_t got[64];
      EXPECT_EQ(fc_mldsa_stream_init(&st, &key, ptr(ctx), ctx.size()), FC_OK);
      EXPECT_EQ(fc_mldsa_stream_update(&st, ptr(msg), msg.size()), FC_OK);
      EXPECT_EQ(fc_mldsa_stream_mu(&st, got), FC_OK);
      EXPECT_EQ(fct::to_hex(Bytes(got, got + 64)), fct::to_hex(mu)) << "id " << id;
    }
    EXPECT_STREQ(fct::err_name(rc), fct::err_name(want)) << "id " << id << " "
                                                         << t["comment"].as_string();
    n++;
  }
  return n;
}

TEST_P(MlDsaVectors, Noble) {
  auto doc = fct::json::parse(fct::read_text(fct::vectors_dir() + "/mldsa/noble_mldsa.json"));
  EXPECT_EQ(run_noble(doc), 115);
  int keys = 0;
  for (const auto &k : doc["keys_der"].items()) {
    Bytes pk = fct::hex(k["pk"].as_string()), der = fct::hex(k["pk_der"].as_string());
    fc_mldsa_pubkey a, b;
    ASSERT_EQ(fc_mldsa_pubkey_from_der(&a, der.data(), der.size()), FC_OK);
    ASSERT_EQ(fc_mldsa_pubkey_init(&b, param_of(k["param"].as_int()), pk.data(), pk.size()),
              FC_OK);
    EXPECT_EQ(fc_mldsa_pubkey_param(&a), param_of(k["param"].as_int()));
    EXPECT_EQ(memcmp(&a, &b, sizeof a), 0);
    keys++;
  }
  EXPECT_EQ(keys, 3);
}

INSTANTIATE_TEST_SUITE_P(AllKernels, MlDsaVectors,
                         ::testing::ValuesIn(fct::kernels(FC_OP_MLDSA)),
                         [](const auto &i) { return fct::param_name(i.param); });

// A is sampled on the FC_OP_KECCAK_X kernel: the noble vectors on each.
class MlDsaKeccakX : public fct::KernelTest {
 protected:
  MlDsaKeccakX() : KernelTest(FC_OP_KECCAK_X) {}
};

TEST_P(MlDsaKeccakX, Noble) {
  auto doc = fct::json::parse(fct::read_text(fct::vectors_dir() + "/mldsa/noble_mldsa.json"));
  EXPECT_EQ(run_noble(doc), 115);
}

INSTANTIATE_TEST_SUITE_P(AllKernels, MlDsaKeccakX,
                         ::testing::ValuesIn(fct::kernels(FC_OP_KECCAK_X)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
