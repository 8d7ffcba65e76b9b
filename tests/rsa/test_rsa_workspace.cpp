// fc_rsa_workspace_size: the exact workspace fc_rsa_verify_ws needs for a
// key (its size, its exponent, the kernel recorded at its init), on every
// Montgomery kernel: with exactly that many bytes, at any alignment, the
// vboot test signatures verify and nothing outside the workspace changes
// (guard bytes on both sides); with one byte less the call returns
// FC_ERR_ARG and writes nothing at all. The figures are printed for the
// table in docs/firmware.md "Workspace" ("[ WS ]" lines).
#include <gtest/gtest.h>

#include <cstring>
#include <iostream>

#include "fc_test.h"

using fct::Bytes;

namespace {

std::string vb(const std::string &rel) { return fct::vectors_dir() + "/vboot/" + rel; }

struct Case {
  const char *key;  // testkeys/key_<key>.keyb
  uint32_t e;
  unsigned bits;
};
const Case kCases[] = {{"rsa1024", 65537, 1024},   {"rsa2048", 65537, 2048},
                       {"rsa4096", 65537, 4096},   {"rsa8192", 65537, 8192},
                       {"rsa2048_exp3", 3, 2048}, {"rsa3072_exp3", 3, 3072}};

constexpr size_t kGuard = 64;
constexpr uint8_t kPattern = 0xa5;

class RsaWorkspace : public fct::MontKernelTest {};

// Runs fc_rsa_verify_ws on ws_len bytes at offset off inside a guarded
// buffer; reports the first byte changed outside [off, off + ws_len), or
// anywhere if expect_untouched.
fc_err run_guarded(const fc_rsa_pubkey &key, fc_hash_alg hash, const Bytes &digest,
                   const Bytes &sig, size_t ws_len, size_t off, bool expect_untouched,
                   std::string *problem) {
  Bytes buf(kGuard + off + ws_len + kGuard, kPattern);
  uint8_t *ws = buf.data() + kGuard + off;
  fc_err rc = fc_rsa_verify_ws(&key, hash, digest.data(), digest.size(), sig.data(), sig.size(),
                               ws, ws_len);
  for (size_t i = 0; i < buf.size(); i++) {
    bool inside = i >= kGuard + off && i < kGuard + off + ws_len;
    if (buf[i] != kPattern && (!inside || expect_untouched)) {
      *problem = "byte " + std::to_string((long)i - (long)(kGuard + off)) +
                 " relative to the workspace changed (length " + std::to_string(ws_len) + ")";
      break;
    }
  }
  return rc;
}

TEST_P(RsaWorkspace, ExactSizeVerifiesOneLessIsArg) {
  const fc_hash_alg hashes[] = {FC_SHA1, FC_SHA256, FC_SHA512};
  const char *hnames[] = {"sha1", "sha256", "sha512"};
  size_t checked = 0;
  for (const Case &c : kCases) {
    SCOPED_TRACE(c.key);
    Bytes keyb = fct::read_file(vb(std::string("testkeys/key_") + c.key + ".keyb"));
    fc_rsa_pubkey key;
    ASSERT_EQ(fc_rsa_pubkey_from_vboot(&key, keyb.data(), keyb.size(), c.e), FC_OK);
    size_t need = fc_rsa_workspace_size(&key);
    ASSERT_GT(need, 0u);
    EXPECT_LE(need, (size_t)FC_RSA_VERIFY_WORKSPACE_BYTES(8192));
    EXPECT_LE(need, (size_t)FC_RSA_VERIFY_WORKSPACE_BYTES(c.bits)) << "the macro's bound";
    std::cout << "[ WS       ] " << GetParam() << " " << c.bits << " bits e = " << c.e << ": "
              << need << " bytes\n";
    RecordProperty(std::string("ws_") + c.key, (int)need);
    if (GetParam() == "scalar32" && c.bits == 8192) {
      EXPECT_LE(need, 3328u) << "vboot's 3 KiB class";
    }

    for (int h = 0; h < 3; h++) {
      Bytes digest = fct::read_file(vb(std::string("testcases/test_file.") + hnames[h] + ".digest"));
      Bytes sig = fct::read_file(vb(std::string("testcases/test_file.") + c.key + "_" + hnames[h] +
                                    ".sig"));
      ASSERT_EQ(sig.size(), c.bits / 8);
      for (size_t off : {0, 1, 2, 3, 5, 8, 15}) {
        SCOPED_TRACE(std::string(hnames[h]) + " offset " + std::to_string(off));
        std::string problem;
        EXPECT_EQ(run_guarded(key, hashes[h], digest, sig, need, off, false, &problem), FC_OK);
        EXPECT_EQ(problem, "");
        problem.clear();
        EXPECT_EQ(run_guarded(key, hashes[h], digest, sig, need - 1, off, true, &problem),
                  FC_ERR_ARG);
        EXPECT_EQ(problem, "") << "one byte short must write nothing";
        checked++;
      }
    }
  }
  EXPECT_EQ(checked, 6u * 3 * 7);
}

// Exponents other than 2^k + 1 need two value slots: the same contract, on a
// signature that does not verify (no vector of such a key in the vboot set):
// the exact size gets past the workspace check to FC_ERR_SIG, one less is
// FC_ERR_ARG.
TEST_P(RsaWorkspace, OtherExponentExactSize) {
  Bytes keyb = fct::read_file(vb("testkeys/key_rsa4096.keyb"));
  fc_rsa_pubkey f4;
  ASSERT_EQ(fc_rsa_pubkey_from_vboot(&f4, keyb.data(), keyb.size(), 65537), FC_OK);
  Bytes n(512);
  for (size_t i = 0; i < 512; i++) n[i] = keyb[8 + 511 - i];  // .keyb: little-endian words
  const uint8_t e[] = {0x01, 0x00, 0x00, 0x01, 0x01};        // 2^32 + 2^8 + 1: not 2^k + 1
  fc_rsa_pubkey key;
  ASSERT_EQ(fc_rsa_pubkey_init(&key, n.data(), n.size(), e, sizeof e), FC_OK);
  size_t need = fc_rsa_workspace_size(&key);
  EXPECT_GT(need, fc_rsa_workspace_size(&f4)) << "a second slot";
  EXPECT_LE(need, (size_t)FC_RSA_VERIFY_WORKSPACE_BYTES(4096));
  std::cout << "[ WS       ] " << GetParam() << " 4096 bits e = 2^32 + 2^8 + 1: " << need
            << " bytes\n";
  Bytes digest(32, 0x11), sig(512, 0x22);
  std::string problem;
  EXPECT_EQ(run_guarded(key, FC_SHA256, digest, sig, need, 3, false, &problem), FC_ERR_SIG);
  EXPECT_EQ(problem, "");
  EXPECT_EQ(run_guarded(key, FC_SHA256, digest, sig, need - 1, 3, true, &problem), FC_ERR_ARG);
  EXPECT_EQ(problem, "");
}

// A short workspace is FC_ERR_ARG even where the verdict needs no
// exponentiation (a key too short for the DigestInfo, a .vbpubk that names
// another hash): argument errors come before verdicts, and nothing is
// written either way.
TEST_P(RsaWorkspace, ShortWorkspaceBeforeVerdict) {
  Bytes n(64, 0xc3), digest(64, 0x11), sig(64, 0x22);  // 512 bits: no room for SHA-512's
  n[63] = 0x01;
  const uint8_t e[] = {0x01, 0x00, 0x01};
  fc_rsa_pubkey small;
  ASSERT_EQ(fc_rsa_pubkey_init(&small, n.data(), n.size(), e, sizeof e), FC_OK);
  size_t need = fc_rsa_workspace_size(&small);
  std::string problem;
  EXPECT_EQ(run_guarded(small, FC_SHA512, digest, sig, need, 1, true, &problem), FC_ERR_SIG);
  EXPECT_EQ(run_guarded(small, FC_SHA512, digest, sig, need - 1, 1, true, &problem), FC_ERR_ARG);
  EXPECT_EQ(problem, "");

  Bytes vbpubk = fct::read_file(vb("testkeys/key_rsa2048.sha256.vbpubk"));
  fc_rsa_pubkey named;
  ASSERT_EQ(fc_rsa_pubkey_from_vboot(&named, vbpubk.data(), vbpubk.size(), 0), FC_OK);
  need = fc_rsa_workspace_size(&named);
  Bytes d1(20, 0x11), sig2(256, 0x22);
  EXPECT_EQ(run_guarded(named, FC_SHA1, d1, sig2, need, 2, true, &problem), FC_ERR_SIG);
  EXPECT_EQ(run_guarded(named, FC_SHA1, d1, sig2, need - 1, 2, true, &problem), FC_ERR_ARG);
  EXPECT_EQ(problem, "");
  // the same order in PSS
  Bytes ws(need + 64, kPattern);
  EXPECT_EQ(fc_rsa_verify_pss_ws(&named, FC_SHA1, FC_SHA1, 20, d1.data(), 20, sig2.data(), 256,
                                 ws.data(), need - 1),
            FC_ERR_ARG);
  EXPECT_EQ(fc_rsa_verify_pss_ws(&named, FC_SHA1, FC_SHA1, 20, d1.data(), 20, sig2.data(), 256,
                                 ws.data(), need),
            FC_ERR_SIG);
  EXPECT_EQ(ws, Bytes(need + 64, kPattern)) << "a verdict before the exponentiation writes nothing";
}

TEST(RsaWorkspaceArgs, NullAndUninitialisedKeys) {
  EXPECT_EQ(fc_rsa_workspace_size(nullptr), 0u);
  fc_rsa_pubkey key;
  std::memset(&key, 0, sizeof key);
  EXPECT_EQ(fc_rsa_workspace_size(&key), 0u);
  // A failed init leaves a key that asks for nothing (and is refused).
  Bytes keyb = fct::read_file(vb("testkeys/key_rsa2048.keyb"));
  ASSERT_EQ(fc_rsa_pubkey_from_vboot(&key, keyb.data(), keyb.size(), 65537), FC_OK);
  ASSERT_GT(fc_rsa_workspace_size(&key), 0u);
  const uint8_t even[64] = {0x80};  // even modulus
  const uint8_t e[] = {0x01, 0x00, 0x01};
  ASSERT_EQ(fc_rsa_pubkey_init(&key, even, sizeof even, e, sizeof e), FC_ERR_KEY);
  EXPECT_EQ(fc_rsa_workspace_size(&key), 0u);
}

INSTANTIATE_TEST_SUITE_P(Mont, RsaWorkspace, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
