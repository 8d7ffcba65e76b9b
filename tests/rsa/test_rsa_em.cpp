// fc_rsa_verify compares the whole encoded message EM = 00 01 FF..FF 00
// DigestInfo digest at every byte position: one signature per position with
// that byte of EM changed, under moduli whose byte length is and is not a
// multiple of 4 (the comparison works on 32-bit words where it can), on
// every Montgomery kernel. Signatures: tests/vectors/local (Python-made,
// tools/make-em-vectors.py).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "fc_test.h"

using fct::Bytes;

namespace {

struct Case {
  Bytes n, digest, valid;
  std::vector<std::pair<size_t, Bytes>> bad;  // EM byte position, signature
};

std::vector<Case> load() {
  std::ifstream f(fct::vectors_dir() + "/local/pkcs1_em_positions.txt");
  std::vector<Case> cases;
  std::string line;
  while (std::getline(f, line)) {
    std::istringstream in(line);
    std::string tag, a, b;
    in >> tag >> a >> b;
    if (tag == "n") {
      cases.emplace_back();
      cases.back().n = fct::hex(a);
    } else if (tag == "digest" && !cases.empty()) {
      cases.back().digest = fct::hex(a);
    } else if (tag == "valid" && !cases.empty()) {
      cases.back().valid = fct::hex(a);
    } else if (tag == "bad" && !cases.empty()) {
      cases.back().bad.emplace_back(std::stoul(a), fct::hex(b));
    }
  }
  return cases;
}

const std::vector<Case> &cases() {
  static const std::vector<Case> c = load();
  return c;
}

class EmPositions : public fct::MontKernelTest {};

TEST_P(EmPositions, EveryBytePositionIsChecked) {
  const auto &cs = cases();
  ASSERT_EQ(cs.size(), 6u) << "tests/vectors/local/pkcs1_em_positions.txt";
  size_t rejected = 0, accepted = 0;
  static const uint8_t e[] = {0x01, 0x00, 0x01};
  for (const Case &c : cs) {
    SCOPED_TRACE("modulus of " + std::to_string(c.n.size()) + " bytes");
    ASSERT_EQ(c.bad.size(), c.n.size());
    fc_rsa_pubkey key;
    ASSERT_EQ(fc_rsa_pubkey_init(&key, c.n.data(), c.n.size(), e, sizeof e), FC_OK);
    ASSERT_EQ(c.valid.size(), c.n.size());
    if (fc_rsa_verify(&key, FC_SHA256, c.digest.data(), 32, c.valid.data(), c.valid.size()) ==
        FC_OK)
      accepted++;
    else
      ADD_FAILURE() << "valid signature rejected";
    for (const auto &b : c.bad) {
      fc_err rc = fc_rsa_verify(&key, FC_SHA256, c.digest.data(), 32, b.second.data(),
                                b.second.size());
      EXPECT_EQ(rc, FC_ERR_SIG) << "EM byte " << b.first << " changed";
      rejected += rc == FC_ERR_SIG;
    }
  }
  EXPECT_EQ(accepted, 6u);
  EXPECT_EQ(rejected, 523u);
}

INSTANTIATE_TEST_SUITE_P(Mont, EmPositions, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
