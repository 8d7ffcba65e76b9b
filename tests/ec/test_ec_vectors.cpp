// Wycheproof ECDSA on every ec kernel: P-256 and P-384, DER and P1363
// signatures, SHA-2 and SHA-3 (tests/vectors/wycheproof/README.md, "Files
// added for ECDSA"). Every `valid` test must verify and every `invalid` one
// must not; the files have no `acceptable` test, and one would fail here
// (strict DER only: docs/ec.md). Keys come from publicKeyDer and, checked
// to give the same verdicts, from the uncompressed point.
#include <string>

#include "fc_test.h"
#include "json.h"

namespace {

using fct::Bytes;

struct File {
  const char *name;
  fc_hash_alg hash;
  bool p1363;
};

const File kFiles[] = {
    {"ecdsa_secp256r1_sha256_test.json", FC_SHA256, false},
    {"ecdsa_secp256r1_sha256_p1363_test.json", FC_SHA256, true},
    {"ecdsa_secp256r1_sha512_test.json", FC_SHA512, false},
    {"ecdsa_secp256r1_sha512_p1363_test.json", FC_SHA512, true},
    {"ecdsa_secp256r1_sha3_256_test.json", FC_SHA3_256, false},
    {"ecdsa_secp384r1_sha256_test.json", FC_SHA256, false},
    {"ecdsa_secp384r1_sha384_test.json", FC_SHA384, false},
    {"ecdsa_secp384r1_sha384_p1363_test.json", FC_SHA384, true},
    {"ecdsa_secp384r1_sha512_test.json", FC_SHA512, false},
    {"ecdsa_secp384r1_sha512_p1363_test.json", FC_SHA512, true},
    {"ecdsa_secp384r1_sha3_384_test.json", FC_SHA3_384, false},
};

class EcVectors : public fct::EcKernelTest {};

TEST_P(EcVectors, Wycheproof) {
  int total = 0, valid = 0, invalid = 0;
  for (const File &f : kFiles) {
    SCOPED_TRACE(f.name);
    auto doc = fct::json::parse(
        fct::read_text(fct::vectors_dir() + "/wycheproof/testvectors_v1/" + f.name));
    int in_file = 0;
    for (const auto &g : doc["testGroups"].items()) {
      Bytes der = fct::hex(g["publicKeyDer"].as_string());
      Bytes point = fct::hex(g["publicKey"]["uncompressed"].as_string());
      std::string curve = g["publicKey"]["curve"].as_string();
      fc_curve c = curve == "secp256r1" ? FC_P256 : FC_P384;
      fc_ec_pubkey key, key2;
      ASSERT_EQ(fc_ec_pubkey_from_der(&key, der.data(), der.size()), FC_OK);
      ASSERT_EQ(fc_ec_pubkey_init(&key2, c, point.data(), point.size()), FC_OK);
      ASSERT_EQ(fc_ec_pubkey_curve(&key), c);
      for (const auto &t : g["tests"].items()) {
        in_file++;
        Bytes msg = fct::hex(t["msg"].as_string()), sig = fct::hex(t["sig"].as_string());
        const std::string &result = t["result"].as_string();
        ASSERT_TRUE(result == "valid" || result == "invalid") << "tcId " << t["tcId"].as_int();
        uint8_t d[FC_HASH_MAX_LEN];
        ASSERT_EQ(fc_hash(f.hash, msg.data(), msg.size(), d), FC_OK);
        size_t dl = fc_hash_len(f.hash);
        const uint8_t *sp = sig.empty() ? d : sig.data(); /* a non-NULL pointer for empty sigs */
        fc_err rc, rc2;
        if (f.p1363) {
          rc = fc_ecdsa_verify_raw(&key, d, dl, sp, sig.size());
          rc2 = fc_ecdsa_verify_raw(&key2, d, dl, sp, sig.size());
        } else {
          rc = fc_ecdsa_verify_msg(&key, f.hash, msg.data(), msg.size(), sp, sig.size());
          rc2 = fc_ecdsa_verify(&key2, d, dl, sp, sig.size());
        }
        fc_err want = result == "valid" ? FC_OK : FC_ERR_SIG;
        EXPECT_STREQ(fct::err_name(rc), fct::err_name(want))
            << "tcId " << t["tcId"].as_int() << " " << t["comment"].as_string();
        EXPECT_EQ(rc2, rc) << "tcId " << t["tcId"].as_int();
        (result == "valid" ? valid : invalid)++;
      }
    }
    EXPECT_EQ(in_file, doc["numberOfTests"].as_int());
    total += in_file;
  }
  EXPECT_EQ(total, 4734);
  EXPECT_GT(valid, 2000);
  EXPECT_GT(invalid, 2000);
}

INSTANTIATE_TEST_SUITE_P(AllKernels, EcVectors, ::testing::ValuesIn(fct::kernels(FC_OP_EC)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
