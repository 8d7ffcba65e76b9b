// Security semantics of keys, on every Montgomery kernel:
//  - a .vbpubk binds its hash: a signature made with another hash is refused
//    even though it is a valid signature by the same modulus;
//  - a failed (re)initialisation leaves nothing usable: each case starts from
//    a valid key or context that verifies, so the test sees what the failure
//    left behind.
// Files: tests/vectors/vboot (see its README.md).
#include <gtest/gtest.h>

#include <cstring>
#include <functional>

#include "fc_test.h"
extern "C" {
#include "core/fc_internal.h"
}

using fct::Bytes;

namespace {

std::string vb(const std::string &rel) { return fct::vectors_dir() + "/vboot/" + rel; }

struct Size {
  const char *name;
  unsigned bits;
};
const Size kSizes[] = {{"1024", 1024}, {"2048", 2048},      {"4096", 4096},
                       {"8192", 8192}, {"2048_exp3", 2048}, {"3072_exp3", 3072}};
struct Hash {
  const char *name;
  fc_hash_alg alg;
};
const Hash kHashes[] = {{"sha1", FC_SHA1}, {"sha256", FC_SHA256}, {"sha512", FC_SHA512}};

class KeyBinding : public fct::MontKernelTest {};

// Every (.vbpubk hash, signature hash) pair of one modulus: only equal
// hashes verify. The .keyb of the same modulus (no hash bound) accepts every
// one of those signatures, which shows the refusal comes from the binding.
TEST_P(KeyBinding, VbpubkRejectsEveryOtherHash) {
  int accepted = 0, refused = 0;
  for (const Size &s : kSizes) {
    std::string kname = std::string("testkeys/key_rsa") + s.name;
    Bytes keyb = fct::read_file(vb(kname + ".keyb"));
    uint32_t e = std::strstr(s.name, "exp3") ? 3 : 65537;
    fc_rsa_pubkey kb;
    ASSERT_EQ(fc_rsa_pubkey_from_vboot(&kb, keyb.data(), keyb.size(), e), FC_OK) << kname;
    for (const Hash &kh : kHashes) {
      std::string vname = kname + "." + kh.name + ".vbpubk";
      Bytes vbpubk = fct::read_file(vb(vname));
      fc_rsa_pubkey kv;
      ASSERT_EQ(fc_rsa_pubkey_from_vboot(&kv, vbpubk.data(), vbpubk.size(), 0), FC_OK) << vname;
      ASSERT_EQ(kv.hash, (int32_t)kh.alg) << vname;
      for (const Hash &sh : kHashes) {
        SCOPED_TRACE(vname + " with a " + sh.name + " signature");
        Bytes sig = fct::read_file(vb(std::string("testcases/test_file.rsa") + s.name + "_" +
                                      sh.name + ".sig"));
        Bytes dig = fct::read_file(vb(std::string("testcases/test_file.") + sh.name + ".digest"));
        ASSERT_EQ(sig.size(), s.bits / 8);
        ASSERT_EQ(fc_rsa_verify(&kb, sh.alg, dig.data(), dig.size(), sig.data(), sig.size()), FC_OK)
            << "control: the .keyb accepts it";
        fc_err want = sh.alg == kh.alg ? FC_OK : FC_ERR_SIG;
        EXPECT_STREQ(fct::err_name(fc_rsa_verify(&kv, sh.alg, dig.data(), dig.size(), sig.data(),
                                                 sig.size())),
                     fct::err_name(want));
        std::vector<uint8_t> ws(FC_RSA_VERIFY_WORKSPACE_BYTES(8192));
        EXPECT_STREQ(fct::err_name(fc_rsa_verify_ws(&kv, sh.alg, dig.data(), dig.size(), sig.data(),
                                                    sig.size(), ws.data(), ws.size())),
                     fct::err_name(want))
            << "fc_rsa_verify_ws";
        (want == FC_OK ? accepted : refused)++;
      }
    }
  }
  EXPECT_EQ(accepted, 18);
  EXPECT_EQ(refused, 36);
}

// ---------------------------------------------------------------- failed init

struct Vectors {
  Bytes keyb = fct::read_file(vb("testkeys/key_rsa2048.keyb"));
  Bytes vbpubk = fct::read_file(vb("testkeys/key_rsa2048.sha256.vbpubk"));
  Bytes pem = fct::read_file(vb("testkeys/key_rsa2048.pub.pem"));
  Bytes sig = fct::read_file(vb("testcases/test_file.rsa2048_sha256.sig"));
  Bytes dig = fct::read_file(vb("testcases/test_file.sha256.digest"));
  // Big-endian modulus from the .keyb (LE words after the 8-byte header).
  Bytes n_be() const {
    Bytes n(256);
    for (size_t i = 0; i < 256; i++) n[255 - i] = keyb[8 + i];
    return n;
  }
};

class FailedInit : public fct::MontKernelTest {
 protected:
  Vectors v;
  fc_rsa_pubkey key;
  // A valid key that verifies: the state every failure case starts from.
  void make_valid() {
    Bytes n = v.n_be(), e = {1, 0, 1};
    ASSERT_EQ(fc_rsa_pubkey_init(&key, n.data(), n.size(), e.data(), e.size()), FC_OK);
    ASSERT_EQ(verify(), FC_OK) << "valid key before the failure";
  }
  fc_err verify() {
    return fc_rsa_verify(&key, FC_SHA256, v.dig.data(), v.dig.size(), v.sig.data(), v.sig.size());
  }
  // After a failed init: the key is unusable by every entry point.
  void expect_unusable(const std::string &what) {
    SCOPED_TRACE(what);
    EXPECT_STREQ(fct::err_name(verify()), "ARG");
    std::vector<uint8_t> ws(FC_RSA_VERIFY_WORKSPACE_BYTES(8192));
    EXPECT_STREQ(fct::err_name(fc_rsa_verify_ws(&key, FC_SHA256, v.dig.data(), v.dig.size(),
                                                v.sig.data(), v.sig.size(), ws.data(), ws.size())),
                 "ARG");
    uint8_t out[256];
    std::memset(out, 0xa5, sizeof out);
    EXPECT_STREQ(fct::err_name(fc_rsa_public(&key, v.sig.data(), v.sig.size(), out)), "ARG");
    for (uint8_t b : out) ASSERT_EQ(b, 0xa5) << "fc_rsa_public wrote output";
    const uint8_t *p = reinterpret_cast<const uint8_t *>(&key);
    size_t nonzero = 0;
    for (size_t i = 0; i < sizeof key; i++) nonzero += p[i] != 0;
    EXPECT_EQ(nonzero, 0u) << "the failed init left key material behind";
  }
  // Runs one failing init from a valid key and checks what it left.
  void check(const std::string &what, fc_err want, const std::function<fc_err()> &init) {
    make_valid();
    EXPECT_STREQ(fct::err_name(init()), fct::err_name(want)) << what;
    expect_unusable(what);
  }
};

TEST_P(FailedInit, RawNumbers) {
  Bytes n = v.n_be(), e = {1, 0, 1};
  Bytes even = n;
  even.back() &= 0xfe;
  check("even modulus", FC_ERR_KEY,
        [&] { return fc_rsa_pubkey_init(&key, even.data(), even.size(), e.data(), e.size()); });
  Bytes small(32, 0xff);
  check("256-bit modulus", FC_ERR_KEY,
        [&] { return fc_rsa_pubkey_init(&key, small.data(), small.size(), e.data(), e.size()); });
  Bytes e_even = {1, 0, 0};
  check("even exponent", FC_ERR_KEY,
        [&] { return fc_rsa_pubkey_init(&key, n.data(), n.size(), e_even.data(), e_even.size()); });
  check("e >= n", FC_ERR_KEY,
        [&] { return fc_rsa_pubkey_init(&key, n.data(), n.size(), n.data(), n.size()); });
  check("NULL modulus", FC_ERR_ARG,
        [&] { return fc_rsa_pubkey_init(&key, nullptr, 256, e.data(), e.size()); });
  check("NULL exponent", FC_ERR_ARG,
        [&] { return fc_rsa_pubkey_init(&key, n.data(), n.size(), nullptr, 3); });
}

TEST_P(FailedInit, Der) {
  // The PEM's DER: valid first (control), then broken.
  std::string text(v.pem.begin(), v.pem.end());
  ASSERT_NE(text.find("BEGIN PUBLIC KEY"), std::string::npos);
  Bytes der;
  {
    // Base64 body, RFC 4648.
    std::string body = text.substr(text.find('\n') + 1);
    body = body.substr(0, body.find("-----END"));
    uint32_t acc = 0;
    int bits = 0;
    for (char c : body) {
      const char *tab = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
      const char *q = c ? std::strchr(tab, c) : nullptr;
      if (!q) continue;
      acc = acc << 6 | (uint32_t)(q - tab);
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        der.push_back((uint8_t)(acc >> bits));
      }
    }
  }
  make_valid();
  ASSERT_EQ(fc_rsa_pubkey_from_der(&key, der.data(), der.size()), FC_OK) << "control";
  ASSERT_EQ(verify(), FC_OK);
  Bytes trailing = der;
  trailing.push_back(0);
  check("trailing byte", FC_ERR_DER,
        [&] { return fc_rsa_pubkey_from_der(&key, trailing.data(), trailing.size()); });
  check("truncated", FC_ERR_DER,
        [&] { return fc_rsa_pubkey_from_der(&key, der.data(), der.size() - 1); });
  check("NULL", FC_ERR_ARG, [&] { return fc_rsa_pubkey_from_der(&key, nullptr, der.size()); });
  Bytes even = der;
  // The modulus' last byte precedes the exponent INTEGER 02 03 01 00 01.
  ASSERT_EQ(even[even.size() - 5], 0x02);
  even[even.size() - 6] &= 0xfe;
  check("even modulus in DER", FC_ERR_KEY,
        [&] { return fc_rsa_pubkey_from_der(&key, even.data(), even.size()); });
}

TEST_P(FailedInit, Vboot) {
  Bytes bad_rr = v.keyb;
  bad_rr[8 + 256 + 7] ^= 1;
  check(".keyb with a wrong rr", FC_ERR_KEY,
        [&] { return fc_rsa_pubkey_from_vboot(&key, bad_rr.data(), bad_rr.size(), 65537); });
  Bytes bad_n0 = v.keyb;
  bad_n0[4] ^= 2;
  check(".keyb with a wrong n0inv", FC_ERR_KEY,
        [&] { return fc_rsa_pubkey_from_vboot(&key, bad_n0.data(), bad_n0.size(), 65537); });
  check(".keyb with e = 5", FC_ERR_ARG,
        [&] { return fc_rsa_pubkey_from_vboot(&key, v.keyb.data(), v.keyb.size(), 5); });
  check(".vbpubk truncated", FC_ERR_KEY,
        [&] { return fc_rsa_pubkey_from_vboot(&key, v.vbpubk.data(), v.vbpubk.size() - 1, 0); });
  Bytes bad_alg = v.vbpubk;
  bad_alg[16] = 18;
  check(".vbpubk with algorithm 18", FC_ERR_KEY,
        [&] { return fc_rsa_pubkey_from_vboot(&key, bad_alg.data(), bad_alg.size(), 0); });
  Bytes wrong_size = v.vbpubk;
  wrong_size[16] = 3 * 2 + 1;  // claims RSA-4096 for a 2048-bit key
  check(".vbpubk whose algorithm names another size", FC_ERR_KEY,
        [&] { return fc_rsa_pubkey_from_vboot(&key, wrong_size.data(), wrong_size.size(), 0); });
  check("NULL buffer", FC_ERR_ARG,
        [&] { return fc_rsa_pubkey_from_vboot(&key, nullptr, v.keyb.size(), 65537); });
  check("short buffer", FC_ERR_ARG,
        [&] { return fc_rsa_pubkey_from_vboot(&key, v.keyb.data(), 7, 65537); });
}

TEST_P(FailedInit, MontContext) {
  // A valid context first: fc_modpow works and fc_mont_mul writes.
  Bytes n_be = v.n_be();
  std::vector<uint32_t> n(64);
  for (size_t i = 0; i < 64; i++)
    n[i] = (uint32_t)n_be[255 - 4 * i] | (uint32_t)n_be[254 - 4 * i] << 8 |
           (uint32_t)n_be[253 - 4 * i] << 16 | (uint32_t)n_be[252 - 4 * i] << 24;
  std::vector<uint32_t> even = n;
  even[0] &= ~1u;
  std::vector<uint32_t> one(64, 0);
  one[0] = 1;
  struct Case {
    const char *what;
    std::function<fc_err(fc_mont_ctx *)> init;
  };
  const Case cases[] = {
      {"even modulus", [&](fc_mont_ctx *c) { return fc_mont_init(c, even.data(), 64); }},
      {"n = 1", [&](fc_mont_ctx *c) { return fc_mont_init(c, one.data(), 64); }},
      {"nwords 0", [&](fc_mont_ctx *c) { return fc_mont_init(c, n.data(), 0); }},
      {"nwords 257", [&](fc_mont_ctx *c) { return fc_mont_init(c, n.data(), 257); }},
      {"NULL n", [&](fc_mont_ctx *c) { return fc_mont_init(c, nullptr, 64); }},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.what);
    fc_mont_ctx ctx;
    ASSERT_EQ(fc_mont_init(&ctx, n.data(), 64), FC_OK);
    std::vector<uint32_t> a(64, 0x12345678u), r(64, 0);
    a[63] = 0;
    const uint8_t e[3] = {1, 0, 1};
    ASSERT_EQ(fc_modpow(&ctx, r.data(), a.data(), e, 3), FC_OK) << "valid context first";
    EXPECT_STREQ(fct::err_name(c.init(&ctx)), "ARG");
    std::vector<uint32_t> sentinel(64, 0x5a5a5a5au), r2 = sentinel;
    EXPECT_STREQ(fct::err_name(fc_modpow(&ctx, r2.data(), a.data(), e, 3)), "ARG");
    fc_mont_mul(&ctx, r2.data(), a.data(), a.data());
    EXPECT_EQ(r2, sentinel) << "fc_mont_mul wrote through a failed context";
    std::vector<uint8_t> ws(FC_MODPOW_WORKSPACE_BYTES(8192));
    EXPECT_STREQ(
        fct::err_name(fc_modpow_ws(&ctx, r2.data(), a.data(), e, 3, ws.data(), ws.size())), "ARG");
    EXPECT_EQ(ctx.kernel, nullptr);
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, KeyBinding, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const auto &i) { return fct::param_name(i.param); });
INSTANTIATE_TEST_SUITE_P(Kernels, FailedInit, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
