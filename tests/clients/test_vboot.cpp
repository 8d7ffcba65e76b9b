// vboot interoperability through every Montgomery kernel: the 18 test_file
// signatures through .keyb, .vbpubk and .pub.pem keys, the digests against
// fc__hash, Bleichenbacher's 1653 padding vectors, and the ChromeOS devkeys.
// Files: tests/vectors/vboot (see its README.md).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <memory>

#include "fc_test.h"
#include "rsp.h"
// fc_internal.h has no extern "C" guard of its own.
extern "C" {
#include "bn/bn_internal.h"
#include "hash/hash_internal.h"
}

using fct::Bytes;

namespace {

std::string vb(const std::string &rel) { return fct::vectors_dir() + "/vboot/" + rel; }

// File contents, read once per process (ADD_FAILURE and empty if unreadable).
const Bytes &file(const std::string &rel) {
  static std::map<std::string, Bytes> cache;
  auto it = cache.find(rel);
  if (it == cache.end()) it = cache.emplace(rel, fct::read_file(vb(rel))).first;
  return it->second;
}

// PEM (RFC 7468) to DER: the base64 (RFC 4648 section 4) between the
// BEGIN/END lines of `label`. Throws on anything malformed.
Bytes pem_decode(const std::string &text, const std::string &label) {
  std::string begin = "-----BEGIN " + label + "-----", end = "-----END " + label + "-----";
  size_t b = text.find(begin), e = text.find(end);
  if (b == std::string::npos || e == std::string::npos || e < b)
    throw std::runtime_error("no " + label + " block");
  std::string body = text.substr(b + begin.size(), e - b - begin.size());
  Bytes out;
  uint32_t acc = 0;
  int bits = 0, pad = 0;
  for (char c : body) {
    int v;
    if (c >= 'A' && c <= 'Z')
      v = c - 'A';
    else if (c >= 'a' && c <= 'z')
      v = c - 'a' + 26;
    else if (c >= '0' && c <= '9')
      v = c - '0' + 52;
    else if (c == '+')
      v = 62;
    else if (c == '/')
      v = 63;
    else if (c == '=') {
      pad++;
      continue;
    } else if (c == '\n' || c == '\r' || c == ' ' || c == '\t')
      continue;
    else
      throw std::runtime_error("bad base64 character");
    if (pad) throw std::runtime_error("base64 data after padding");
    acc = acc << 6 | (uint32_t)v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back((uint8_t)(acc >> bits));
    }
  }
  // Whole 4-character groups only; leftover bits must be zero padding.
  if (pad > 2 || (bits / 2) != pad || (acc & ((1u << bits) - 1)) != 0)
    throw std::runtime_error("bad base64 padding");
  return out;
}

struct Size {
  const char *name;  // file name part: key_rsa<name>, test_file.rsa<name>_...
  unsigned bits;
  uint32_t e;
  bool has_pem;
};
const Size kSizes[] = {
    {"1024", 1024, 65537, true}, {"2048", 2048, 65537, true},   {"4096", 4096, 65537, true},
    {"8192", 8192, 65537, true}, {"2048_exp3", 2048, 3, false}, {"3072_exp3", 3072, 3, false},
};

struct Hash {
  const char *name;  // sha1, sha256, sha512
  fc_hash_alg alg;
};
const Hash kHashes[] = {{"sha1", FC_SHA1}, {"sha256", FC_SHA256}, {"sha512", FC_SHA512}};

void expect_same_numbers(const fc_rsa_pubkey &a, const fc_rsa_pubkey &b, const std::string &what) {
  EXPECT_EQ(a.nbytes, b.nbytes) << what;
  ASSERT_EQ(a.mont.nwords, b.mont.nwords) << what;
  EXPECT_EQ(0, memcmp(a.mont.n, b.mont.n, 4 * a.mont.nwords)) << what;
  EXPECT_EQ(0, memcmp(a.mont.rr, b.mont.rr, 4 * a.mont.nwords)) << what;
  EXPECT_EQ(a.mont.n0inv, b.mont.n0inv) << what;
  ASSERT_EQ(a.e_len, b.e_len) << what;
  EXPECT_EQ(0, memcmp(a.e, b.e, a.e_len)) << what;
}

Bytes e_bytes(uint32_t e) { return e == 3 ? Bytes{3} : Bytes{1, 0, 1}; }

class Vboot : public fct::MontKernelTest {};

// All 18 test_file signatures through every key form.
TEST_P(Vboot, TestFileSignatures) {
  int verified = 0;
  for (const Size &s : kSizes) {
    std::string kname = std::string("testkeys/key_rsa") + s.name;
    const Bytes &keyb = file(kname + ".keyb");
    ASSERT_EQ(keyb.size(), 8 + 2 * s.bits / 8) << kname;
    fc_rsa_pubkey kb, kwrong;
    ASSERT_EQ(fc_rsa_pubkey_from_vboot(&kb, keyb.data(), keyb.size(), s.e), FC_OK) << kname;
    EXPECT_EQ(kb.mont.nbits, s.bits) << kname;
    EXPECT_EQ(kb.nbytes, s.bits / 8) << kname;
    EXPECT_EQ(Bytes(kb.e, kb.e + kb.e_len), e_bytes(s.e)) << kname;
    EXPECT_EQ(kb.hash, 0) << kname << ": .keyb carries no hash";
    EXPECT_STREQ(static_cast<const fc__kernel_head *>(kb.mont.kernel)->name, GetParam().c_str());
    // The same numbers with the other exponent: a valid key, wrong signatures.
    uint32_t other_e = s.e == 3 ? 65537 : 3;
    ASSERT_EQ(fc_rsa_pubkey_from_vboot(&kwrong, keyb.data(), keyb.size(), other_e), FC_OK) << kname;

    fc_rsa_pubkey kpem;
    if (s.has_pem) {
      Bytes der;
      ASSERT_NO_THROW(der = pem_decode(fct::read_text(vb(kname + ".pub.pem")), "PUBLIC KEY"))
          << kname;
      ASSERT_EQ(fc_rsa_pubkey_from_der(&kpem, der.data(), der.size()), FC_OK)
          << kname << ".pub.pem";
      expect_same_numbers(kb, kpem, kname + ".pub.pem vs .keyb");
    }

    for (const Hash &h : kHashes) {
      std::string case_name = std::string("test_file.rsa") + s.name + "_" + h.name;
      SCOPED_TRACE(case_name);
      const Bytes &sig = file("testcases/" + case_name + ".sig");
      const Bytes &dig = file(std::string("testcases/test_file.") + h.name + ".digest");
      ASSERT_EQ(sig.size(), s.bits / 8);
      ASSERT_EQ(dig.size(), fc_hash_len(h.alg));

      EXPECT_EQ(fc_rsa_verify(&kb, h.alg, dig.data(), dig.size(), sig.data(), sig.size()), FC_OK)
          << ".keyb";
      verified++;

      // .vbpubk with the signature's hash: e and hash come from its algorithm field.
      std::string vname = kname + "." + h.name + ".vbpubk";
      const Bytes &vbpubk = file(vname);
      fc_rsa_pubkey kv;
      ASSERT_EQ(fc_rsa_pubkey_from_vboot(&kv, vbpubk.data(), vbpubk.size(), 0), FC_OK) << vname;
      EXPECT_EQ(kv.hash, (int32_t)h.alg) << vname;
      expect_same_numbers(kb, kv, vname + " vs .keyb");
      EXPECT_EQ(fc_rsa_verify(&kv, h.alg, dig.data(), dig.size(), sig.data(), sig.size()), FC_OK)
          << vname;

      if (s.has_pem) {
        EXPECT_EQ(fc_rsa_verify(&kpem, h.alg, dig.data(), dig.size(), sig.data(), sig.size()),
                  FC_OK)
            << ".pub.pem";
      }

      // Negative controls: each must be FC_ERR_SIG.
      Bytes bad_sig = sig;
      bad_sig[bad_sig.size() / 2] ^= 0x01;
      EXPECT_EQ(fc_rsa_verify(&kb, h.alg, dig.data(), dig.size(), bad_sig.data(), bad_sig.size()),
                FC_ERR_SIG)
          << "flipped signature bit";
      Bytes bad_dig = dig;
      bad_dig.back() ^= 0x80;
      EXPECT_EQ(fc_rsa_verify(&kb, h.alg, bad_dig.data(), bad_dig.size(), sig.data(), sig.size()),
                FC_ERR_SIG)
          << "flipped digest bit";
      EXPECT_EQ(fc_rsa_verify(&kwrong, h.alg, dig.data(), dig.size(), sig.data(), sig.size()),
                FC_ERR_SIG)
          << "wrong exponent " << other_e;
      for (const Hash &o : kHashes) {
        if (o.alg == h.alg) continue;
        const Bytes &odig = file(std::string("testcases/test_file.") + o.name + ".digest");
        EXPECT_EQ(fc_rsa_verify(&kb, o.alg, odig.data(), odig.size(), sig.data(), sig.size()),
                  FC_ERR_SIG)
            << "verified as " << o.name;
      }
    }
  }
  EXPECT_EQ(verified, 18);
}

// Every .vbpubk of a size holds the .keyb numbers whatever its hash; the
// exponent comes from the algorithm field (a wrong explicit e is refused).
// A .keyb whose rr is not R^2 mod n is refused (FC_ERR_KEY) on every
// kernel: its low word one up or down, or its top word changed. The rr
// check is the kernel's own where it has one (avx512ifma: one product),
// fc__bn_rr_ok otherwise; both paths meet the same keys here.
TEST_P(Vboot, WrongRrRefused) {
  int refused = 0;
  for (const Size &s : kSizes) {
    std::string kname = std::string("testkeys/key_rsa") + s.name;
    Bytes keyb = file(kname + ".keyb");
    size_t nw = s.bits / 32, rr0 = 8 + 4 * nw, rrtop = 8 + 8 * nw - 4;
    fc_rsa_pubkey k;
    ASSERT_EQ(fc_rsa_pubkey_from_vboot(&k, keyb.data(), keyb.size(), s.e), FC_OK) << kname;
    for (size_t at : {rr0, rrtop}) {
      for (int d : {1, -1}) {
        Bytes bad = keyb;
        bad[at] = (uint8_t)(bad[at] + d);  // the word's low byte; rr stays below n (n's top bit is set)
        if (at == rrtop && bad[at + 3] >= keyb[8 + 4 * nw - 1]) continue;
        EXPECT_STREQ(fct::err_name(fc_rsa_pubkey_from_vboot(&k, bad.data(), bad.size(), s.e)), "KEY")
            << kname << ": rr word at byte " << at << " changed by " << d;
        refused++;
      }
    }
  }
  EXPECT_GE(refused, 2 * (int)(sizeof kSizes / sizeof kSizes[0]));
}

TEST_P(Vboot, VbpubkMatchesKeyb) {
  int n = 0;
  for (const Size &s : kSizes) {
    std::string kname = std::string("testkeys/key_rsa") + s.name;
    const Bytes &keyb = file(kname + ".keyb");
    fc_rsa_pubkey kb;
    ASSERT_EQ(fc_rsa_pubkey_from_vboot(&kb, keyb.data(), keyb.size(), s.e), FC_OK) << kname;
    for (const Hash &h : kHashes) {
      std::string vname = kname + "." + h.name + ".vbpubk";
      const Bytes &v = file(vname);
      ASSERT_EQ(v.size(), 32 + keyb.size()) << vname;
      EXPECT_EQ(0, memcmp(v.data() + 32, keyb.data(), keyb.size())) << vname << " embeds the .keyb";
      fc_rsa_pubkey kv;
      ASSERT_EQ(fc_rsa_pubkey_from_vboot(&kv, v.data(), v.size(), 0), FC_OK) << vname;
      EXPECT_EQ(kv.hash, (int32_t)h.alg) << vname;
      expect_same_numbers(kb, kv, vname);
      n++;
    }
  }
  EXPECT_EQ(n, 18);
}

// test_file.*.digest are the digests of test_file (1,000,000 bytes), through
// every kernel of the hash's op.
TEST(VbootDigests, MatchTestFile) {
  const Bytes &msg = file("testcases/test_file");
  ASSERT_EQ(msg.size(), 1000000u);
  int runs = 0;
  for (const Hash &h : kHashes) {
    fc_op op = h.alg == FC_SHA1 ? FC_OP_SHA1 : h.alg == FC_SHA256 ? FC_OP_SHA256 : FC_OP_SHA512;
    const Bytes &want = file(std::string("testcases/test_file.") + h.name + ".digest");
    for (const std::string &k : fct::kernels(op)) {
      if (!fct::kernel_usable(op, k)) {
        std::printf("[ vboot ] %s kernel %s UNAVAILABLE on this CPU\n", h.name, k.c_str());
        continue;
      }
      fct::Pin pin(op, k);
      ASSERT_EQ(pin.rc, FC_OK) << k;
      Bytes got(fc_hash_len(h.alg));
      ASSERT_EQ(fc__hash(h.alg, msg.data(), msg.size(), got.data()), FC_OK);
      EXPECT_EQ(fct::to_hex(got), fct::to_hex(want)) << h.name << " kernel " << k;
      runs++;
    }
  }
  EXPECT_GE(runs, 3);
}

// Bleichenbacher's padding vectors: line 1 is the only valid signature.
TEST_P(Vboot, PaddingVectors) {
  const Bytes &keyb = file("testkeys/rsa_padding_test_pubkey.keyb");
  fc_rsa_pubkey kb, kp;
  ASSERT_EQ(fc_rsa_pubkey_from_vboot(&kb, keyb.data(), keyb.size(), 65537), FC_OK);
  ASSERT_EQ(kb.mont.nbits, 1024u);
  Bytes der;
  ASSERT_NO_THROW(
      der = pem_decode(fct::read_text(vb("testkeys/rsa_padding_test_pubkey.pem")), "PUBLIC KEY"));
  ASSERT_EQ(fc_rsa_pubkey_from_der(&kp, der.data(), der.size()), FC_OK);
  expect_same_numbers(kb, kp, "rsa_padding_test_pubkey .pem vs .keyb");

  // SHA-1 of the message 00 00 00 00 (vboot/README.md).
  const Bytes digest = fct::hex("9069ca78e7450a285173431b3e52c5c25299e473");
  const uint8_t msg[4] = {0, 0, 0, 0};
  Bytes d(20);
  ASSERT_EQ(fc__hash(FC_SHA1, msg, 4, d.data()), FC_OK);
  ASSERT_EQ(d, digest);

  std::string text = fct::read_text(vb("testcases/padding_test_vectors.hex"));
  size_t line = 0, accepted = 0, rejected = 0;
  for (const std::string &h : fct::rsp::nonempty_lines(text)) {
    line++;
    Bytes sig;
    ASSERT_NO_THROW(sig = fct::hex_strict(h)) << "line " << line;
    ASSERT_EQ(sig.size(), 128u) << "line " << line;
    fc_err rc = fc_rsa_verify(&kb, FC_SHA1, digest.data(), digest.size(), sig.data(), sig.size());
    fc_err rc_pem =
        fc_rsa_verify(&kp, FC_SHA1, digest.data(), digest.size(), sig.data(), sig.size());
    EXPECT_EQ(rc_pem, rc) << "line " << line;
    if (line == 1) {
      EXPECT_EQ(rc, FC_OK) << "line 1 is the valid signature";
    } else {
      EXPECT_EQ(rc, FC_ERR_SIG) << "line " << line << " must be rejected";
    }
    (rc == FC_OK ? accepted : rejected)++;
  }
  EXPECT_EQ(line, 1653u);
  std::printf(
      "[ vboot ] padding_test_vectors.hex, kernel %s: %zu signatures, %zu accepted, %zu rejected\n",
      GetParam().c_str(), line, accepted, rejected);
}

// ChromeOS developer keys: sizes and hashes as documented in vboot/README.md.
TEST_P(Vboot, DevKeys) {
  const struct {
    const char *name;
    unsigned bits;
    fc_hash_alg hash;
  } keys[] = {
      {"root_key", 8192, FC_SHA512},
      {"recovery_key", 8192, FC_SHA512},
      {"recovery_kernel_data_key", 8192, FC_SHA512},
      {"installer_kernel_data_key", 8192, FC_SHA512},
      {"firmware_data_key", 4096, FC_SHA256},
      {"kernel_subkey", 4096, FC_SHA256},
      {"arv_root", 4096, FC_SHA256},
      {"arv_platform", 4096, FC_SHA256},
      {"minios_kernel_data_key", 4096, FC_SHA512},
      {"kernel_data_key", 2048, FC_SHA256},
  };
  for (const auto &k : keys) {
    std::string name = std::string("devkeys/") + k.name + ".vbpubk";
    const Bytes &v = file(name);
    fc_rsa_pubkey key;
    ASSERT_EQ(fc_rsa_pubkey_from_vboot(&key, v.data(), v.size(), 0), FC_OK) << name;
    EXPECT_EQ(key.mont.nbits, k.bits) << name;
    EXPECT_EQ(key.nbytes, k.bits / 8) << name;
    EXPECT_EQ(key.hash, (int32_t)k.hash) << name;
    EXPECT_EQ(Bytes(key.e, key.e + key.e_len), e_bytes(65537)) << name;
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, Vboot, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const ::testing::TestParamInfo<std::string> &i) {
                           return fct::param_name(i.param);
                         });

}  // namespace
