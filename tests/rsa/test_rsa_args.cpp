// Bad arguments to every public RSA and Montgomery entry point: NULL
// pointers, wrong lengths, unknown hash values, out-of-range inputs,
// unusable keys, damaged vboot keys, short workspaces. The verify and modpow
// paths run through every Montgomery kernel (a key records the kernel active
// at its init, so each test pins first and builds its keys after).
// Buffers handed to the library are heap blocks of exactly the stated length,
// so ASan builds catch reads past them.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>

#include "fc_test.h"
// fc_internal.h has no extern "C" guard of its own; used only to read the
// kernel name a context recorded.
extern "C" {
#include "core/fc_internal.h"
}

using fct::Bytes;
using fct::Rng;
using W = fct::ref::W;

namespace {

#define EXPECT_RC(call, want) EXPECT_STREQ(fct::err_name(call), fct::err_name(want))

// Exact-size heap copy (new[] of 0 bytes is a valid, unreadable block).
struct Buf {
  std::unique_ptr<uint8_t[]> p;
  size_t n;
  explicit Buf(const Bytes &b, size_t len) : p(new uint8_t[len]), n(len) {
    if (len) std::memcpy(p.get(), b.data(), len);
  }
  explicit Buf(const Bytes &b) : Buf(b, b.size()) {}
  uint8_t *get() const { return p.get(); }
};

std::string vb(const std::string &rel) { return fct::vectors_dir() + "/vboot/" + rel; }

const char *kernel_of(const fc_mont_ctx &c) {
  return c.kernel ? static_cast<const fc__kernel_head *>(c.kernel)->name : "(none)";
}

void put32(Bytes &b, size_t off, uint32_t v) {
  for (int i = 0; i < 4; i++) b[off + i] = (uint8_t)(v >> (8 * i));
}
uint32_t get32(const Bytes &b, size_t off) {
  return (uint32_t)b[off] | (uint32_t)b[off + 1] << 8 | (uint32_t)b[off + 2] << 16 |
         (uint32_t)b[off + 3] << 24;
}

// Big-endian modulus from a .keyb (n words little-endian at offset 8).
Bytes keyb_n(const Bytes &keyb) {
  size_t nb = 4 * get32(keyb, 0);
  Bytes n(nb);
  for (size_t i = 0; i < nb; i++) n[nb - 1 - i] = keyb[8 + i];
  return n;
}

W words_of(const Bytes &be, size_t nw) {
  W w(nw, 0);
  for (size_t i = 0; i < be.size(); i++) {
    size_t pos = be.size() - 1 - i;
    if (pos / 4 < nw) w[pos / 4] |= (uint32_t)be[i] << (8 * (pos % 4));
  }
  return w;
}

Bytes be_of(const W &w, size_t nbytes) {
  Bytes b(nbytes);
  for (size_t i = 0; i < nbytes; i++) {
    size_t pos = nbytes - 1 - i;
    b[i] = pos / 4 < w.size() ? (uint8_t)(w[pos / 4] >> (8 * (pos % 4))) : 0;
  }
  return b;
}

// Big-endian a + d, same length (no carry out for the values used here).
Bytes add_small(Bytes a, int d) {
  int carry = d;
  for (size_t i = a.size(); i-- > 0 && carry != 0;) {
    int v = a[i] + carry;
    carry = v < 0 ? -1 : v > 255 ? 1 : 0;
    a[i] = (uint8_t)(v - 256 * carry);
  }
  return a;
}

// RFC 8017 9.2 EMSA-PKCS1-v1_5 for SHA-256: 00 01 FF..FF 00 DigestInfo H.
Bytes emsa_sha256(const Bytes &digest, size_t k) {
  const Bytes prefix = fct::hex("3031300d060960864801650304020105000420");
  Bytes em(k, 0xff);
  em[0] = 0x00;
  em[1] = 0x01;
  size_t t = k - prefix.size() - digest.size();
  em[t - 1] = 0x00;
  std::copy(prefix.begin(), prefix.end(), em.begin() + (long)t);
  std::copy(digest.begin(), digest.end(), em.begin() + (long)(t + prefix.size()));
  return em;
}

// The vboot test material used throughout.
struct Vectors {
  Bytes keyb2048 = fct::read_file(vb("testkeys/key_rsa2048.keyb"));
  Bytes keyb2048_e3 = fct::read_file(vb("testkeys/key_rsa2048_exp3.keyb"));
  Bytes keyb8192 = fct::read_file(vb("testkeys/key_rsa8192.keyb"));
  Bytes vbpubk2048 = fct::read_file(vb("testkeys/key_rsa2048.sha256.vbpubk"));
  Bytes vbpubk2048_e3 = fct::read_file(vb("testkeys/key_rsa2048_exp3.sha256.vbpubk"));
  Bytes sig256 = fct::read_file(vb("testcases/test_file.rsa2048_sha256.sig"));
  Bytes sig1 = fct::read_file(vb("testcases/test_file.rsa2048_sha1.sig"));
  Bytes sig512 = fct::read_file(vb("testcases/test_file.rsa2048_sha512.sig"));
  Bytes sig256_e3 = fct::read_file(vb("testcases/test_file.rsa2048_exp3_sha256.sig"));
  Bytes sig8192 = fct::read_file(vb("testcases/test_file.rsa8192_sha256.sig"));
  Bytes d1 = fct::read_file(vb("testcases/test_file.sha1.digest"));
  Bytes d256 = fct::read_file(vb("testcases/test_file.sha256.digest"));
  Bytes d512 = fct::read_file(vb("testcases/test_file.sha512.digest"));
};

const Vectors &vec() {
  static const Vectors v;
  return v;
}

// ================================================================ per kernel

class PerKernel : public fct::MontKernelTest {
 protected:
  void SetUp() override {
    fct::MontKernelTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    const Vectors &v = vec();
    ASSERT_EQ(v.keyb2048.size(), 520u);
    ASSERT_EQ(v.sig256.size(), 256u);
    ASSERT_EQ(v.d256.size(), 32u);
    ASSERT_EQ(fc_rsa_pubkey_from_vboot(&key_, v.keyb2048.data(), v.keyb2048.size(), 65537), FC_OK);
    ASSERT_STREQ(kernel_of(key_.mont), GetParam().c_str());
    ASSERT_EQ(fc_rsa_verify(&key_, FC_SHA256, v.d256.data(), 32, v.sig256.data(), 256), FC_OK);
    n_ = keyb_n(v.keyb2048);
  }
  fc_rsa_pubkey key_;
  Bytes n_;
};

TEST_P(PerKernel, ValidSignaturesVerify) {
  const Vectors &v = vec();
  EXPECT_RC(fc_rsa_verify(&key_, FC_SHA1, v.d1.data(), 20, v.sig1.data(), 256), FC_OK);
  EXPECT_RC(fc_rsa_verify(&key_, FC_SHA512, v.d512.data(), 64, v.sig512.data(), 256), FC_OK);
  fc_rsa_pubkey k3;
  ASSERT_EQ(fc_rsa_pubkey_from_vboot(&k3, v.keyb2048_e3.data(), v.keyb2048_e3.size(), 3), FC_OK);
  EXPECT_RC(fc_rsa_verify(&k3, FC_SHA256, v.d256.data(), 32, v.sig256_e3.data(), 256), FC_OK);
  // a signature under the other key, and the right key with the wrong e
  EXPECT_RC(fc_rsa_verify(&k3, FC_SHA256, v.d256.data(), 32, v.sig256.data(), 256), FC_ERR_SIG);
  fc_rsa_pubkey wrong_e;
  ASSERT_EQ(fc_rsa_pubkey_from_vboot(&wrong_e, v.keyb2048.data(), v.keyb2048.size(), 3), FC_OK);
  EXPECT_RC(fc_rsa_verify(&wrong_e, FC_SHA256, v.d256.data(), 32, v.sig256.data(), 256),
            FC_ERR_SIG);
}

TEST_P(PerKernel, NullPointersAndZeroedKey) {
  const Vectors &v = vec();
  const uint8_t *d = v.d256.data(), *s = v.sig256.data();
  std::vector<uint8_t> ws(FC_RSA_VERIFY_WORKSPACE_BYTES(8192));
  EXPECT_RC(fc_rsa_verify(nullptr, FC_SHA256, d, 32, s, 256), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_verify(&key_, FC_SHA256, nullptr, 32, s, 256), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_verify(&key_, FC_SHA256, d, 32, nullptr, 256), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_verify(&key_, FC_SHA256, nullptr, 0, nullptr, 0), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_verify_ws(nullptr, FC_SHA256, d, 32, s, 256, ws.data(), ws.size()), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_verify_ws(&key_, FC_SHA256, nullptr, 32, s, 256, ws.data(), ws.size()),
            FC_ERR_ARG);
  EXPECT_RC(fc_rsa_verify_ws(&key_, FC_SHA256, d, 32, nullptr, 256, ws.data(), ws.size()),
            FC_ERR_ARG);
  EXPECT_RC(fc_rsa_verify_ws(&key_, FC_SHA256, d, 32, s, 256, nullptr, ws.size()), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_verify_ws(&key_, FC_SHA256, d, 32, s, 256, ws.data(), ws.size()), FC_OK);
  uint8_t out[256];
  EXPECT_RC(fc_rsa_public(nullptr, s, 256, out), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_public(&key_, nullptr, 256, out), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_public(&key_, s, 256, nullptr), FC_ERR_ARG);

  fc_rsa_pubkey zero;
  std::memset(&zero, 0, sizeof zero);
  EXPECT_RC(fc_rsa_verify(&zero, FC_SHA256, d, 32, s, 256), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_verify(&zero, FC_SHA256, d, 32, s, 0), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_verify_ws(&zero, FC_SHA256, d, 32, s, 256, ws.data(), ws.size()), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_public(&zero, s, 256, out), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_public(&zero, s, 0, out), FC_ERR_ARG);
  // a key whose init failed (here: even modulus) is as unusable as a zeroed one
  Bytes even = add_small(n_, -1);
  fc_rsa_pubkey bad;
  std::memset(&bad, 0, sizeof bad);
  EXPECT_RC(fc_rsa_pubkey_init(&bad, even.data(), even.size(), (const uint8_t *)"\x01\x00\x01", 3),
            FC_ERR_KEY);
  EXPECT_RC(fc_rsa_verify(&bad, FC_SHA256, d, 32, s, 256), FC_ERR_ARG);
}

// fc_rsa_pubkey_prepare (opt-in per-key constants): refuses NULL, a zeroed
// key and one whose init failed; on a valid key FC_OK on every kernel (also
// those with nothing to prepare), again on a prepared key, and the verdicts
// stay those of the unprepared key (e = 65537 and e = 3, good and bad).
TEST_P(PerKernel, PrepareOptIn) {
  const Vectors &v = vec();
  const uint8_t *d = v.d256.data(), *s = v.sig256.data();
  EXPECT_RC(fc_rsa_pubkey_prepare(nullptr), FC_ERR_ARG);
  fc_rsa_pubkey zero;
  std::memset(&zero, 0, sizeof zero);
  EXPECT_RC(fc_rsa_pubkey_prepare(&zero), FC_ERR_ARG);
  fc_rsa_pubkey bad = key_;  // starts valid, then a failed re-init wipes it
  Bytes even = add_small(n_, -1);
  EXPECT_RC(fc_rsa_pubkey_init(&bad, even.data(), even.size(), (const uint8_t *)"\x01\x00\x01", 3),
            FC_ERR_KEY);
  EXPECT_RC(fc_rsa_pubkey_prepare(&bad), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_verify(&bad, FC_SHA256, d, 32, s, 256), FC_ERR_ARG);

  Bytes sig_bad = v.sig256;
  sig_bad[100] ^= 1;
  fc_rsa_pubkey k3, p3;
  ASSERT_EQ(fc_rsa_pubkey_from_vboot(&k3, v.keyb2048_e3.data(), v.keyb2048_e3.size(), 3), FC_OK);
  p3 = k3;
  fc_rsa_pubkey p = key_;
  EXPECT_RC(fc_rsa_pubkey_prepare(&p), FC_OK);
  EXPECT_RC(fc_rsa_pubkey_prepare(&p), FC_OK);  // twice: same constants
  EXPECT_RC(fc_rsa_pubkey_prepare(&p3), FC_OK);
  EXPECT_EQ(std::memcmp(&p.mont.n, &key_.mont.n, sizeof key_.mont.n), 0);
  EXPECT_EQ(std::memcmp(&p.mont.rr, &key_.mont.rr, sizeof key_.mont.rr), 0);
  for (const fc_rsa_pubkey *k : {(const fc_rsa_pubkey *)&key_, (const fc_rsa_pubkey *)&p}) {
    EXPECT_RC(fc_rsa_verify(k, FC_SHA256, d, 32, s, 256), FC_OK);
    EXPECT_RC(fc_rsa_verify(k, FC_SHA1, v.d1.data(), 20, v.sig1.data(), 256), FC_OK);
    EXPECT_RC(fc_rsa_verify(k, FC_SHA512, v.d512.data(), 64, v.sig512.data(), 256), FC_OK);
    EXPECT_RC(fc_rsa_verify(k, FC_SHA256, d, 32, sig_bad.data(), 256), FC_ERR_SIG);
    EXPECT_RC(fc_rsa_verify(k, FC_SHA256, d, 32, v.sig256_e3.data(), 256), FC_ERR_SIG);
  }
  for (const fc_rsa_pubkey *k : {(const fc_rsa_pubkey *)&k3, (const fc_rsa_pubkey *)&p3}) {
    EXPECT_RC(fc_rsa_verify(k, FC_SHA256, d, 32, v.sig256_e3.data(), 256), FC_OK);
    EXPECT_RC(fc_rsa_verify(k, FC_SHA256, d, 32, s, 256), FC_ERR_SIG);
  }
  // 8192 bits: no kernel keeps constants there; still FC_OK and the same verdict
  fc_rsa_pubkey k8;
  ASSERT_EQ(fc_rsa_pubkey_from_vboot(&k8, v.keyb8192.data(), v.keyb8192.size(), 65537), FC_OK);
  EXPECT_RC(fc_rsa_pubkey_prepare(&k8), FC_OK);
  EXPECT_RC(fc_rsa_verify(&k8, FC_SHA256, d, 32, v.sig8192.data(), v.sig8192.size()), FC_OK);
}

TEST_P(PerKernel, UnknownHashAndDigestLength) {
  const Vectors &v = vec();
  uint8_t digest[128] = {0};
  std::vector<uint8_t> ws(FC_RSA_VERIFY_WORKSPACE_BYTES(2048));
  for (int h : {0, FC_SHA3_512 + 1, FC_SHA3_512 + 2, -1, 100, 0x7fffffff}) {
    SCOPED_TRACE(h);
    EXPECT_EQ(fc_hash_len((fc_hash_alg)h), 0u);
    for (size_t len : {0, 20, 32, 64}) {
      EXPECT_RC(fc_rsa_verify(&key_, (fc_hash_alg)h, digest, len, v.sig256.data(), 256),
                FC_ERR_ARG);
      EXPECT_RC(fc_rsa_verify_ws(&key_, (fc_hash_alg)h, digest, len, v.sig256.data(), 256,
                                 ws.data(), ws.size()),
                FC_ERR_ARG);
    }
  }
  const struct {
    fc_hash_alg h;
    size_t len;
  } algs[] = {{FC_SHA1, 20},   {FC_SHA224, 28},     {FC_SHA256, 32},    {FC_SHA384, 48},
              {FC_SHA512, 64}, {FC_SHA512_224, 28}, {FC_SHA512_256, 32}};
  for (auto a : algs) {
    EXPECT_EQ(fc_hash_len(a.h), a.len);
    for (size_t len : {(size_t)0, a.len - 1, a.len + 1, (size_t)20, (size_t)28, (size_t)32,
                       (size_t)48, (size_t)64, (size_t)128}) {
      if (len == a.len) continue;
      SCOPED_TRACE(std::to_string(a.h) + " / " + std::to_string(len));
      EXPECT_RC(fc_rsa_verify(&key_, a.h, digest, len, v.sig256.data(), 256), FC_ERR_ARG);
      EXPECT_RC(
          fc_rsa_verify_ws(&key_, a.h, digest, len, v.sig256.data(), 256, ws.data(), ws.size()),
          FC_ERR_ARG);
    }
  }
  // The right length for another hash: SHA-384 with the first 48 bytes of a
  // SHA-512 digest, against a SHA-512 signature.
  EXPECT_RC(fc_rsa_verify(&key_, FC_SHA384, v.d512.data(), 48, v.sig512.data(), 256), FC_ERR_SIG);
  EXPECT_RC(fc_rsa_verify(&key_, FC_SHA256, v.d256.data(), 32, v.sig1.data(), 256), FC_ERR_SIG);
}

TEST_P(PerKernel, SignatureLengthAndRange) {
  const Vectors &v = vec();
  const uint8_t *d = v.d256.data();
  Bytes big(600, 0);
  std::copy(v.sig256.begin(), v.sig256.end(), big.begin());
  for (size_t len : {0, 1, 255, 257, 512, 600}) {
    SCOPED_TRACE(len);
    Buf b(big, len);
    EXPECT_RC(fc_rsa_verify(&key_, FC_SHA256, d, 32, len ? b.get() : big.data(), len), FC_ERR_SIG);
  }
  // sig == n, n + 1, all ones; below n but wrong: n - 1, 0, 1
  Bytes ones(256, 0xff), zero(256, 0), one(256, 0);
  one[255] = 1;
  for (const Bytes &s : {n_, add_small(n_, 1), add_small(n_, 2), ones}) {
    Buf b(s);
    EXPECT_RC(fc_rsa_verify(&key_, FC_SHA256, d, 32, b.get(), 256), FC_ERR_SIG) << fct::to_hex(s);
    uint8_t out[256];
    EXPECT_RC(fc_rsa_public(&key_, b.get(), 256, out), FC_ERR_SIG) << fct::to_hex(s);
  }
  for (const Bytes &s : {add_small(n_, -1), zero, one}) {
    Buf b(s);
    EXPECT_RC(fc_rsa_verify(&key_, FC_SHA256, d, 32, b.get(), 256), FC_ERR_SIG) << fct::to_hex(s);
  }
}

TEST_P(PerKernel, OneBitFlipsAreRejected) {
  const Vectors &v = vec();
  for (size_t bit = 0; bit < 8 * 256; bit += 61) {
    Bytes s = v.sig256;
    s[bit / 8] ^= (uint8_t)(0x80 >> (bit % 8));
    Buf b(s);
    EXPECT_RC(fc_rsa_verify(&key_, FC_SHA256, v.d256.data(), 32, b.get(), 256), FC_ERR_SIG)
        << "signature bit " << bit;
  }
  for (size_t byte : {0, 255}) {  // first and last byte, every bit
    for (int b = 0; b < 8; b++) {
      Bytes s = v.sig256;
      s[byte] ^= (uint8_t)(1 << b);
      EXPECT_RC(fc_rsa_verify(&key_, FC_SHA256, v.d256.data(), 32, s.data(), 256), FC_ERR_SIG);
    }
  }
  for (size_t bit = 0; bit < 256; bit += 7) {
    Bytes dg = v.d256;
    dg[bit / 8] ^= (uint8_t)(1 << (bit % 8));
    EXPECT_RC(fc_rsa_verify(&key_, FC_SHA256, dg.data(), 32, v.sig256.data(), 256), FC_ERR_SIG)
        << "digest bit " << bit;
  }
}

TEST_P(PerKernel, VerifyWorkspaceTooSmall) {
  const Vectors &v = vec();
  // Every length below the smallest that works is FC_ERR_ARG; the macro
  // lengths (this modulus and the maximum) work, also misaligned.
  size_t need = 0;
  for (size_t len = 0; len <= FC_RSA_VERIFY_WORKSPACE_BYTES(2048); len++) {
    Buf ws(Bytes(len, 0xa5), len);
    fc_err rc = fc_rsa_verify_ws(&key_, FC_SHA256, v.d256.data(), 32, v.sig256.data(), 256,
                                 len ? ws.get() : (uint8_t *)&need, len);
    if (rc == FC_OK) {
      need = len;
      break;
    }
    ASSERT_STREQ(fct::err_name(rc), "ARG") << "ws_len " << len;
  }
  ASSERT_GT(need, 0u) << "FC_RSA_VERIFY_WORKSPACE_BYTES(2048) is not enough";
  // e = 65537 needs no more than the F4 figure of the header's formula.
  EXPECT_LE(need, FC_MODPOW_WORKSPACE_F4_BYTES(2048) + 4 * 64 + 16);
  RecordProperty("verify_ws_min_2048_e65537", (int)need);
  for (size_t off = 0; off < 8; off++) {
    size_t len = FC_RSA_VERIFY_WORKSPACE_BYTES(2048);
    std::unique_ptr<uint8_t[]> raw(new uint8_t[len + off]);
    EXPECT_RC(fc_rsa_verify_ws(&key_, FC_SHA256, v.d256.data(), 32, v.sig256.data(), 256,
                               raw.get() + off, len),
              FC_OK)
        << "offset " << off;
    EXPECT_RC(fc_rsa_verify_ws(&key_, FC_SHA256, v.d256.data(), 32, v.sig256.data(), 256,
                               raw.get() + off, need - 1),
              FC_ERR_ARG)
        << "offset " << off;
  }
  // A short workspace is refused before the signature is looked at.
  Bytes ones(256, 0xff);
  Buf small(Bytes(16, 0), 16);
  EXPECT_RC(
      fc_rsa_verify_ws(&key_, FC_SHA256, v.d256.data(), 32, ones.data(), 256, small.get(), 16),
      FC_ERR_ARG);
}

TEST_P(PerKernel, VerifyWorkspaceGenericExponent) {
  // e = 7 (not 2^k + 1) needs the windowed path and more workspace; a random
  // signature must come out FC_ERR_SIG (not ARG) with the header's size.
  const uint8_t e7 = 7;
  fc_rsa_pubkey k;
  ASSERT_EQ(fc_rsa_pubkey_init(&k, n_.data(), n_.size(), &e7, 1), FC_OK);
  Bytes s = vec().sig256;
  for (size_t len : {FC_RSA_VERIFY_WORKSPACE_BYTES(2048), FC_RSA_VERIFY_WORKSPACE_BYTES(8192)}) {
    Buf ws(Bytes(len, 0), len);
    EXPECT_RC(fc_rsa_verify_ws(&k, FC_SHA256, vec().d256.data(), 32, s.data(), 256, ws.get(), len),
              FC_ERR_SIG);
  }
  EXPECT_RC(fc_rsa_verify(&k, FC_SHA256, vec().d256.data(), 32, s.data(), 256), FC_ERR_SIG);
  for (size_t len : {0, 1, 64, 256, 1024}) {
    Buf ws(Bytes(len, 0), len);
    EXPECT_RC(fc_rsa_verify_ws(&k, FC_SHA256, vec().d256.data(), 32, s.data(), 256,
                               len ? ws.get() : s.data(), len),
              FC_ERR_ARG)
        << len;
  }
  // The raw operation with e = 7 against the reference.
  Bytes in = s;
  in[0] = 0x12;  // below n (n starts with 0x94... in this key)
  ASSERT_LT(in[0], n_[0]);
  uint8_t out[256];
  ASSERT_EQ(fc_rsa_public(&k, in.data(), 256, out), FC_OK);
  W ref = fct::ref::powmod(words_of(in, 64), {7}, words_of(n_, 64));
  EXPECT_EQ(Bytes(out, out + 256), be_of(ref, 256));
}

TEST_P(PerKernel, RawPublicOperation) {
  const Vectors &v = vec();
  uint8_t out[256];
  ASSERT_EQ(fc_rsa_public(&key_, v.sig256.data(), 256, out), FC_OK);
  EXPECT_EQ(Bytes(out, out + 256), emsa_sha256(v.d256, 256));
  Bytes inout = v.sig256;  // out may alias in
  ASSERT_EQ(fc_rsa_public(&key_, inout.data(), 256, inout.data()), FC_OK);
  EXPECT_EQ(inout, emsa_sha256(v.d256, 256));
  Bytes big(300, 0);
  for (size_t len : {0, 1, 255, 257, 300}) {
    Buf b(big, len);
    EXPECT_RC(fc_rsa_public(&key_, len ? b.get() : big.data(), len, out), FC_ERR_ARG) << len;
  }
}

// Montgomery entry points: NULLs, zeroed context, base >= n, workspace sizes.
TEST_P(PerKernel, ModpowArguments) {
  Rng rng(9);
  W n = words_of(n_, 64), base(64), r(64, 0xdeadbeef);
  for (auto &w : base) w = rng.u32();
  base = fct::ref::mod(base, n);
  fc_mont_ctx ctx;
  ASSERT_EQ(fc_mont_init(&ctx, n.data(), n.size()), FC_OK);
  ASSERT_STREQ(kernel_of(ctx), GetParam().c_str());
  const uint8_t f4[] = {0x01, 0x00, 0x01};
  std::vector<uint8_t> ws(FC_MODPOW_WORKSPACE_BYTES(8192));
  EXPECT_RC(fc_modpow(nullptr, r.data(), base.data(), f4, 3), FC_ERR_ARG);
  EXPECT_RC(fc_modpow(&ctx, nullptr, base.data(), f4, 3), FC_ERR_ARG);
  EXPECT_RC(fc_modpow(&ctx, r.data(), nullptr, f4, 3), FC_ERR_ARG);
  EXPECT_RC(fc_modpow(&ctx, r.data(), base.data(), nullptr, 3), FC_ERR_ARG);
  EXPECT_RC(fc_modpow_ws(nullptr, r.data(), base.data(), f4, 3, ws.data(), ws.size()), FC_ERR_ARG);
  EXPECT_RC(fc_modpow_ws(&ctx, r.data(), base.data(), f4, 3, nullptr, ws.size()), FC_ERR_ARG);
  EXPECT_RC(fc_modpow_ws(&ctx, r.data(), base.data(), f4, 3, ws.data(), 0), FC_ERR_ARG);
  EXPECT_RC(fc_modpow_ws(&ctx, r.data(), base.data(), f4, 3, ws.data(), 1), FC_ERR_ARG);
  // base == n, base = n + 1 (n odd), base all ones
  W bn = n, bn1 = n, ones(64, 0xffffffff);
  bn1[0] += 1;
  for (const W *b : {&bn, &bn1, &ones}) {
    EXPECT_RC(fc_modpow(&ctx, r.data(), b->data(), f4, 3), FC_ERR_ARG);
    EXPECT_RC(fc_modpow_ws(&ctx, r.data(), b->data(), f4, 3, ws.data(), ws.size()), FC_ERR_ARG);
  }
  fc_mont_ctx zero;
  std::memset(&zero, 0, sizeof zero);
  EXPECT_RC(fc_modpow(&zero, r.data(), base.data(), f4, 3), FC_ERR_ARG);
  EXPECT_RC(fc_modpow_ws(&zero, r.data(), base.data(), f4, 3, ws.data(), ws.size()), FC_ERR_ARG);
  // exp = 0 (empty, or only zero bytes) gives 1
  const uint8_t zeros[3] = {0, 0, 0};
  W one(64, 0);
  one[0] = 1;
  ASSERT_EQ(fc_modpow(&ctx, r.data(), base.data(), zeros, 3), FC_OK);
  EXPECT_EQ(r, one);
  r.assign(64, 7);
  ASSERT_EQ(fc_modpow(&ctx, r.data(), base.data(), zeros, 0), FC_OK);
  EXPECT_EQ(r, one);
  // fc_mont_mul with NULLs or a zeroed context returns without a crash.
  fc_mont_mul(nullptr, r.data(), base.data(), base.data());
  fc_mont_mul(&ctx, nullptr, base.data(), base.data());
  fc_mont_mul(&ctx, r.data(), nullptr, base.data());
  fc_mont_mul(&ctx, r.data(), base.data(), nullptr);
  fc_mont_mul(&zero, r.data(), base.data(), base.data());
}

// The header's workspace macros suffice for this kernel; every length below
// the kernel's need is FC_ERR_ARG; every length from there on gives the
// reference result (wider windows included). 1024-bit modulus.
TEST_P(PerKernel, ModpowWorkspaceSizes) {
  Rng rng(11);
  W n(32), base(32);
  for (auto &w : n) w = rng.u32();
  n[0] |= 1;
  n[31] |= 0x80000000u;
  for (auto &w : base) w = rng.u32();
  base = fct::ref::mod(base, n);
  fc_mont_ctx ctx;
  ASSERT_EQ(fc_mont_init(&ctx, n.data(), n.size()), FC_OK);
  // 2^k + 1 exponents (one value slot) and others (two or more)
  const Bytes exps[] = {{0x01, 0x00, 0x01},  {0x03}, {0x11}, {0x07}, {0x01, 0x00, 0x03},
                        fct::hex("c0ffee15")};
  for (const Bytes &e : exps) {
    SCOPED_TRACE(fct::to_hex(e));
    W want = fct::ref::powmod(base, e, n);
    bool f4 = e == Bytes{0x01, 0x00, 0x01} || e == Bytes{0x03};  // the header promises these two
    size_t macro = f4 ? FC_MODPOW_WORKSPACE_F4_BYTES(1024) : FC_MODPOW_WORKSPACE_BYTES(1024);
    size_t need = 0;
    for (size_t len = 0; len <= macro; len++) {
      Buf ws(Bytes(len, 0x5a), len);
      W r(32, 0);
      fc_err rc = fc_modpow_ws(&ctx, r.data(), base.data(), e.data(), e.size(),
                               len ? ws.get() : (uint8_t *)r.data(), len);
      if (rc == FC_OK) {
        need = len;
        ASSERT_EQ(r, want) << "ws_len " << len;
        break;
      }
      ASSERT_STREQ(fct::err_name(rc), "ARG") << "ws_len " << len;
    }
    ASSERT_GT(need, 0u) << "header macro too small for " << GetParam();
    for (size_t len = need; len <= FC_MODPOW_WORKSPACE_BYTES(1024); len += 97) {
      Buf ws(Bytes(len, 0x5a), len);
      W r = base;  // r may alias base
      ASSERT_EQ(fc_modpow_ws(&ctx, r.data(), r.data(), e.data(), e.size(), ws.get(), len), FC_OK);
      ASSERT_EQ(r, want) << "ws_len " << len;
    }
  }
}

// At the maximum size the F4 macro suffices for 65537 (the 8192-bit test signature).
TEST_P(PerKernel, MaxSizeWorkspaceMacros) {
  const Vectors &v = vec();
  fc_rsa_pubkey k;
  ASSERT_EQ(fc_rsa_pubkey_from_vboot(&k, v.keyb8192.data(), v.keyb8192.size(), 65537), FC_OK);
  ASSERT_STREQ(kernel_of(k.mont), GetParam().c_str());
  size_t len = FC_RSA_VERIFY_WORKSPACE_BYTES(8192);
  Buf ws(Bytes(len, 0), len);
  EXPECT_RC(
      fc_rsa_verify_ws(&k, FC_SHA256, v.d256.data(), 32, v.sig8192.data(), 1024, ws.get(), len),
      FC_OK);
  size_t f4 = FC_MODPOW_WORKSPACE_F4_BYTES(8192) + 4 * 256 + 16;
  Buf ws4(Bytes(f4, 0), f4);
  EXPECT_RC(
      fc_rsa_verify_ws(&k, FC_SHA256, v.d256.data(), 32, v.sig8192.data(), 1024, ws4.get(), f4),
      FC_OK);
  EXPECT_RC(fc_rsa_verify(&k, FC_SHA256, v.d256.data(), 32, v.sig8192.data(), 1024), FC_OK);
}

INSTANTIATE_TEST_SUITE_P(Mont, PerKernel, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const auto &i) { return fct::param_name(i.param); });

// ================================================================ keys

TEST(KeyInit, ArgumentsAndNumbers) {
  const Vectors &v = vec();
  Bytes n = keyb_n(v.keyb2048);
  const uint8_t f4[] = {0x01, 0x00, 0x01};
  fc_rsa_pubkey k;
  EXPECT_RC(fc_rsa_pubkey_init(nullptr, n.data(), n.size(), f4, 3), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_pubkey_init(&k, nullptr, n.size(), f4, 3), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_pubkey_init(&k, n.data(), n.size(), nullptr, 3), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_pubkey_init(&k, n.data(), 0, f4, 3), FC_ERR_KEY);
  EXPECT_RC(fc_rsa_pubkey_init(&k, n.data(), n.size(), f4, 0), FC_ERR_KEY);

  Rng rng(3);
  auto odd = [&](size_t bits) {
    Bytes b((bits + 7) / 8);
    for (auto &x : b) x = (uint8_t)rng.u32();
    unsigned top = (unsigned)(bits - 8 * (b.size() - 1));
    b[0] = (uint8_t)((b[0] & ((1u << top) - 1)) | (1u << (top - 1)));
    b.back() |= 1;
    return b;
  };
  struct {
    const char *what;
    Bytes n, e;
    fc_err want;
  } cases[] = {
      {"2048", n, {1, 0, 1}, FC_OK},
      {"even", add_small(n, -1), {1, 0, 1}, FC_ERR_KEY},
      {"zero", Bytes(256, 0), {1, 0, 1}, FC_ERR_KEY},
      {"511 bits", odd(511), {3}, FC_ERR_KEY},
      {"512 bits", odd(512), {3}, FC_OK},
      {"8192 bits", odd(8192), {1, 0, 1}, FC_OK},
      {"8193 bits", odd(8193), {1, 0, 1}, FC_ERR_KEY},
      {"8192 bits, 1100 bytes with zeros", Bytes(76, 0), {1, 0, 1}, FC_OK},  // filled below
      {"e = 0", n, {0}, FC_ERR_KEY},
      {"e = 1", n, {1}, FC_ERR_KEY},
      {"e = 2", n, {2}, FC_ERR_KEY},
      {"e = 4", n, {4}, FC_ERR_KEY},
      {"e = 65536", n, {1, 0, 0}, FC_ERR_KEY},
      {"e = 00 00 01", n, {0, 0, 1}, FC_ERR_KEY},
      {"e = 00 00 03", n, {0, 0, 3}, FC_OK},
      {"e = n", n, n, FC_ERR_KEY},
      {"e = n + 2", n, add_small(n, 2), FC_ERR_KEY},
      {"e = n - 2", n, add_small(n, -2), FC_OK},
      {"e longer than n", n,
       [&] {
         Bytes e = n;
         e.insert(e.begin(), 1);
         return e;
       }(),
       FC_ERR_KEY},
      {"e = 00 || n", n,
       [&] {
         Bytes e = n;
         e.insert(e.begin(), 0);
         return e;
       }(),
       FC_ERR_KEY},
  };
  Bytes n8192 = odd(8192);
  cases[7].n.insert(cases[7].n.end(), n8192.begin(), n8192.end());
  for (auto &c : cases) {
    SCOPED_TRACE(c.what);
    Buf nb(c.n), eb(c.e);
    std::memset(&k, 0, sizeof k);
    fc_err rc = fc_rsa_pubkey_init(&k, nb.get(), c.n.size(), eb.get(), c.e.size());
    EXPECT_STREQ(fct::err_name(rc), fct::err_name(c.want));
    if (rc == FC_OK) {
      size_t i = 0;
      while (c.n[i] == 0) i++;
      EXPECT_EQ(k.nbytes, c.n.size() - i);
    }
  }
}

// A 512-bit modulus has no room for a SHA-384 or SHA-512 encoding
// (RFC 8017 9.2: k >= tLen + 11): FC_ERR_SIG, not a read before the block.
TEST(KeyInit, ModulusTooShortForHash) {
  Rng rng(21);
  Bytes n(64);
  for (auto &b : n) b = (uint8_t)rng.u32();
  n[0] |= 0x80;
  n[63] |= 1;
  const uint8_t f4[] = {0x01, 0x00, 0x01};
  fc_rsa_pubkey k;
  ASSERT_EQ(fc_rsa_pubkey_init(&k, n.data(), n.size(), f4, 3), FC_OK);
  Bytes sig(64, 0);
  sig[63] = 2;
  uint8_t digest[64] = {0};
  std::vector<uint8_t> ws(FC_RSA_VERIFY_WORKSPACE_BYTES(512));
  for (auto h : {std::make_pair(FC_SHA384, 48), std::make_pair(FC_SHA512, 64),
                 std::make_pair(FC_SHA256, 32), std::make_pair(FC_SHA1, 20)}) {
    SCOPED_TRACE(h.first);
    Buf d(Bytes(digest, digest + h.second));
    Buf sb(sig);
    EXPECT_RC(fc_rsa_verify(&k, h.first, d.get(), (size_t)h.second, sb.get(), 64), FC_ERR_SIG);
    EXPECT_RC(fc_rsa_verify_ws(&k, h.first, d.get(), (size_t)h.second, sb.get(), 64, ws.data(),
                               ws.size()),
              FC_ERR_SIG);
  }
}

// ================================================================ vboot

TEST(Vboot, NullAndShort) {
  const Vectors &v = vec();
  fc_rsa_pubkey k;
  EXPECT_RC(fc_rsa_pubkey_from_vboot(nullptr, v.keyb2048.data(), v.keyb2048.size(), 65537),
            FC_ERR_ARG);
  EXPECT_RC(fc_rsa_pubkey_from_vboot(&k, nullptr, v.keyb2048.size(), 65537), FC_ERR_ARG);
  EXPECT_RC(fc_rsa_pubkey_from_vboot(&k, nullptr, 0, 0), FC_ERR_ARG);
  for (size_t len = 0; len < 8; len++) {
    Buf b(v.keyb2048, len);
    EXPECT_RC(fc_rsa_pubkey_from_vboot(&k, len ? b.get() : v.keyb2048.data(), len, 65537),
              FC_ERR_ARG);
  }
}

// Every proper prefix of a real .keyb and .vbpubk, and one byte more, fails
// with ARG or KEY (never OK, never a read past the buffer).
TEST(Vboot, EveryTruncation) {
  const Vectors &v = vec();
  fc_rsa_pubkey k;
  struct {
    const Bytes *b;
    uint32_t e;
  } inputs[] = {{&v.keyb2048, 65537},   {&v.keyb2048, 3},      {&v.vbpubk2048, 0},
                {&v.vbpubk2048, 65537}, {&v.vbpubk2048_e3, 0}, {&v.keyb2048_e3, 3}};
  for (auto in : inputs) {
    ASSERT_EQ(fc_rsa_pubkey_from_vboot(&k, in.b->data(), in.b->size(), in.e), FC_OK);
    for (size_t len = 0; len < in.b->size(); len++) {
      Buf b(*in.b, len);
      fc_err rc = fc_rsa_pubkey_from_vboot(&k, len ? b.get() : in.b->data(), len, in.e);
      ASSERT_TRUE(rc == FC_ERR_ARG || rc == FC_ERR_KEY)
          << "length " << len << " of " << in.b->size() << " (e " << in.e << "): " << fct::err_name(rc);
    }
  }
  Bytes longer = v.keyb2048;
  longer.push_back(0);
  Buf b(longer);
  fc_err rc = fc_rsa_pubkey_from_vboot(&k, b.get(), longer.size(), 65537);
  EXPECT_TRUE(rc == FC_ERR_ARG || rc == FC_ERR_KEY) << fct::err_name(rc);
}

TEST(Vboot, DamagedKeyb) {
  const Vectors &v = vec();
  const Bytes &good = v.keyb2048;
  fc_rsa_pubkey k;
  auto try_keyb = [&](const Bytes &b, uint32_t e) {
    Buf buf(b);
    return fc_rsa_pubkey_from_vboot(&k, buf.get(), b.size(), e);
  };
  ASSERT_EQ(try_keyb(good, 65537), FC_OK);
  uint32_t n0inv = get32(good, 4);
  for (uint32_t bad : {n0inv + 1, n0inv ^ 0x80000000u, 0u, ~n0inv, (uint32_t)(0 - n0inv)}) {
    Bytes b = good;
    put32(b, 4, bad);
    EXPECT_RC(try_keyb(b, 65537), FC_ERR_KEY) << "n0inv " << std::hex << bad;
  }
  const size_t rr = 8 + 256;
  for (size_t byte : {rr, rr + 1, rr + 128, rr + 255}) {
    Bytes b = good;
    b[byte] ^= 0x10;
    EXPECT_RC(try_keyb(b, 65537), FC_ERR_KEY) << "rr byte " << byte - rr;
  }
  {
    Bytes b = good;
    std::fill(b.begin() + rr, b.end(), 0);
    EXPECT_RC(try_keyb(b, 65537), FC_ERR_KEY) << "rr = 0";
  }
  // n: even, another odd value (rr and n0inv no longer match), top word zero
  for (size_t byte : {8u, 9u, 100u, 8u + 255u}) {
    Bytes b = good;
    b[byte] ^= byte == 8 ? 0x01 : 0x04;
    EXPECT_RC(try_keyb(b, 65537), FC_ERR_KEY) << "n byte " << byte - 8;
  }
  {
    Bytes b = good;
    std::fill(b.begin() + 8 + 252, b.begin() + 8 + 256, 0);
    EXPECT_RC(try_keyb(b, 65537), FC_ERR_KEY) << "top word of n zero";
  }
  // nwords field not matching the length
  for (uint32_t nw : {0u, 1u, 63u, 65u, 257u, 0xffffffffu}) {
    Bytes b = good;
    put32(b, 0, nw);
    fc_err rc = try_keyb(b, 65537);
    EXPECT_TRUE(rc == FC_ERR_ARG || rc == FC_ERR_KEY) << "nwords " << nw << ": " << fct::err_name(rc);
  }
  // e must be 3 or 65537 for a .keyb
  for (uint32_t e : {0u, 1u, 2u, 4u, 5u, 17u, 65535u, 65539u, 0x80000001u, 0xffffffffu})
    EXPECT_RC(try_keyb(good, e), FC_ERR_ARG) << "e " << e;
  ASSERT_EQ(try_keyb(good, 3), FC_OK);
  EXPECT_EQ(k.e_len, 1u);
  EXPECT_EQ(k.e[0], 3);
  ASSERT_EQ(try_keyb(good, 65537), FC_OK);
  EXPECT_EQ(Bytes(k.e, k.e + k.e_len), (Bytes{1, 0, 1}));
  EXPECT_EQ(k.hash, 0);
}

TEST(Vboot, DamagedVbpubk) {
  const Vectors &v = vec();
  const Bytes &good = v.vbpubk2048;
  ASSERT_EQ(good.size(), 552u);
  ASSERT_EQ(get32(good, 0), 32u);
  ASSERT_EQ(get32(good, 8), 520u);
  ASSERT_EQ(get32(good, 16), 4u);  // RSA2048 (size index 1) with SHA-256
  fc_rsa_pubkey k;
  auto try_vb = [&](const Bytes &b, uint32_t e) {
    Buf buf(b);
    std::memset(&k, 0, sizeof k);
    return fc_rsa_pubkey_from_vboot(&k, buf.get(), b.size(), e);
  };
  ASSERT_EQ(try_vb(good, 0), FC_OK);
  EXPECT_EQ(k.hash, FC_SHA256);
  // algorithm: out of range, or a size other than the key's
  for (uint32_t alg : {18u, 19u, 100u, 0x80000004u, 0xffffffffu, 0u, 1u, 2u, 6u, 7u, 8u, 9u, 10u,
                       11u, 15u, 16u, 17u}) {
    Bytes b = good;
    put32(b, 16, alg);
    EXPECT_RC(try_vb(b, 0), FC_ERR_KEY) << "algorithm " << alg;
  }
  // the same size with each hash; the e = 3 algorithms give e = 3
  const fc_hash_alg hashes[3] = {FC_SHA1, FC_SHA256, FC_SHA512};
  for (uint32_t alg : {3u, 4u, 5u, 12u, 13u, 14u}) {
    Bytes b = good;
    put32(b, 16, alg);
    ASSERT_EQ(try_vb(b, 0), FC_OK) << alg;
    EXPECT_EQ(k.hash, hashes[alg % 3]);
    EXPECT_EQ(Bytes(k.e, k.e + k.e_len), (alg >= 12 ? Bytes{3} : Bytes{1, 0, 1}));
  }
  // key_offset and key_size out of range
  for (uint32_t off :
       {0u, 8u, 31u, 33u, 40u, 552u - 8, 552u, 553u, 0x80000000u, 0xffffffffu, 0xffffffe0u}) {
    Bytes b = good;
    put32(b, 0, off);
    fc_err rc = try_vb(b, 0);
    EXPECT_TRUE(rc == FC_ERR_KEY || rc == FC_ERR_ARG)
        << "key_offset " << off << ": " << fct::err_name(rc);
    EXPECT_NE(rc, FC_OK);
  }
  for (uint32_t size :
       {0u, 7u, 8u, 264u, 519u, 521u, 552u, 0x80000000u, 0xffffffffu, 0xffffffe8u}) {
    Bytes b = good;
    put32(b, 8, size);
    EXPECT_RC(try_vb(b, 0), FC_ERR_KEY) << "key_size " << size;
  }
  // a key placed further in (a legal layout)
  {
    Bytes b(good.begin(), good.begin() + 32);
    b.resize(40, 0);
    b.insert(b.end(), good.begin() + 32, good.end());
    put32(b, 0, 40);
    EXPECT_RC(try_vb(b, 0), FC_OK);
    b.pop_back();  // now key_size runs one past the end
    EXPECT_RC(try_vb(b, 0), FC_ERR_KEY);
  }
  // damaged key data inside
  {
    Bytes b = good;
    b[32 + 4] ^= 1;  // n0inv
    EXPECT_RC(try_vb(b, 0), FC_ERR_KEY);
    b = good;
    b[32 + 8 + 256 + 7] ^= 1;  // rr
    EXPECT_RC(try_vb(b, 0), FC_ERR_KEY);
  }
  // e given and not what the algorithm says
  for (uint32_t e : {3u, 5u, 1u, 65539u, 0xffffffffu})
    EXPECT_RC(try_vb(good, e), FC_ERR_ARG) << "e " << e;
  EXPECT_RC(try_vb(good, 65537), FC_OK);
  EXPECT_RC(try_vb(v.vbpubk2048_e3, 65537), FC_ERR_ARG);
  EXPECT_RC(try_vb(v.vbpubk2048_e3, 3), FC_OK);
  EXPECT_EQ(Bytes(k.e, k.e + k.e_len), Bytes{3});
}

TEST(Vboot, EveryRealKeyParses) {
  const struct {
    const char *name;
    unsigned bits;
    uint32_t e;
  } keys[] = {{"key_rsa1024", 1024, 65537},  {"key_rsa2048", 2048, 65537},
              {"key_rsa4096", 4096, 65537},  {"key_rsa8192", 8192, 65537},
              {"key_rsa2048_exp3", 2048, 3}, {"key_rsa3072_exp3", 3072, 3}};
  const struct {
    const char *suffix;
    fc_hash_alg h;
  } hs[] = {{"sha1", FC_SHA1}, {"sha256", FC_SHA256}, {"sha512", FC_SHA512}};
  fc_rsa_pubkey k;
  for (auto key : keys) {
    SCOPED_TRACE(key.name);
    Bytes keyb = fct::read_file(vb(std::string("testkeys/") + key.name + ".keyb"));
    ASSERT_EQ(fc_rsa_pubkey_from_vboot(&k, keyb.data(), keyb.size(), key.e), FC_OK);
    EXPECT_EQ(k.mont.nbits, key.bits);
    for (auto h : hs) {
      Bytes pk =
          fct::read_file(vb(std::string("testkeys/") + key.name + "." + h.suffix + ".vbpubk"));
      ASSERT_EQ(fc_rsa_pubkey_from_vboot(&k, pk.data(), pk.size(), 0), FC_OK) << h.suffix;
      EXPECT_EQ(k.hash, h.h);
      EXPECT_EQ(k.mont.nbits, key.bits);
      EXPECT_EQ(k.e_len, key.e == 3 ? 1u : 3u);
      EXPECT_EQ(k.e[k.e_len - 1], key.e == 3 ? 3 : 1);
    }
  }
}

}  // namespace
