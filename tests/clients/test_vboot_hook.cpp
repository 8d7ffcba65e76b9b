// contrib/vboot's RSA hooks (vb2ex_hwcrypto_modexp and, from VbootVerify
// on, vb2ex_hwcrypto_rsa_verify_digest), built against the test stand-in
// for vboot's headers (contrib/vboot/test/vb2_shim.h), on every Montgomery
// kernel: every vboot test and developer key and every test signature
// against fc_rsa_public; the 1,653 padding vectors through the hook and then
// vboot's padding and digest check (written here from RFC 8017 section 9.2),
// accepting only line 1; the work-buffer boundary; unsupported inputs.
// Whenever the hook does not return VB2_SUCCESS, inout must be untouched;
// signatures not below n are declined (vboot's own code then runs).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

#include "fc_test.h"
#include "rsp.h"
#include "stack_depth.h"
#include "vb2_shim.h"
// fc_internal.h and fastcrypt_hwcrypto.h have no extern "C" guard of their own.
extern "C" {
#include "fastcrypt_hwcrypto.h"
#include "core/fc_internal.h"
}

using fct::Bytes;

namespace {

std::string vb(const std::string &rel) { return fct::vectors_dir() + "/vboot/" + rel; }

uint32_t le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

// A vboot key as vb2_rsa_verify_digest hands it to the hook: the .keyb
// numbers (a .vbpubk embeds them at its key_offset) kept alive here.
struct Key {
  std::vector<uint32_t> n, rr;
  uint32_t n0inv = 0;
  vb2_public_key pub{};
  fc_rsa_pubkey fc{};  // the same key through fastcrypt's own loader
};

// keyb: the .keyb bytes; e: the key's exponent. Fails the test on bad data.
void make_key(Key &k, const Bytes &keyb, uint32_t e) {
  ASSERT_GE(keyb.size(), 8u);
  uint32_t nw = le32(keyb.data());
  ASSERT_EQ(keyb.size(), 8 + 8 * (size_t)nw);
  k.n0inv = le32(keyb.data() + 4);
  k.n.resize(nw);
  k.rr.resize(nw);
  for (uint32_t i = 0; i < nw; i++) {
    k.n[i] = le32(keyb.data() + 8 + 4 * i);
    k.rr[i] = le32(keyb.data() + 8 + 4 * (nw + i));
  }
  k.pub = vb2_public_key{};
  k.pub.arrsize = nw;
  k.pub.n0inv = k.n0inv;
  k.pub.n = k.n.data();
  k.pub.rr = k.rr.data();
  k.pub.allow_hwcrypto = true;
  // fastcrypt's reference result comes from scalar32, whatever the test pinned.
  std::string pinned = fc_impl_active(FC_OP_MONT);
  ASSERT_EQ(fc_impl_select(FC_OP_MONT, "scalar32"), FC_OK);
  fc_err rc = fc_rsa_pubkey_from_vboot(&k.fc, keyb.data(), keyb.size(), e);
  ASSERT_EQ(fc_impl_select(FC_OP_MONT, pinned.c_str()), FC_OK);
  ASSERT_EQ(rc, FC_OK);
}

// Work buffer of `bytes` usable bytes starting `offset` bytes past an
// 8-byte boundary (vboot's buffers are 8-byte aligned: offset 0).
struct Workbuf {
  std::vector<uint64_t> store;
  size_t offset, bytes;
  Workbuf(size_t b, size_t off = 0) : store((b + off) / 8 + 2, kFill), offset(off), bytes(b) {}
  void *ptr() { return reinterpret_cast<uint8_t *>(store.data()) + offset; }
  // The bytes around the usable ones still hold the fill: nothing written outside.
  bool outside_intact() const {
    const uint8_t *p = reinterpret_cast<const uint8_t *>(store.data());
    for (size_t i = 0; i < 8 * store.size(); i++)
      if ((i < offset || i >= offset + bytes) && p[i] != 0xa5) return false;
    return true;
  }
  static constexpr uint64_t kFill = 0xa5a5a5a5a5a5a5a5ull;
  // The hook's context sits at the start of an 8-byte aligned buffer
  // (layout documented in fastcrypt_hwcrypto.c).
  const char *kernel_used() {
    const fc_mont_ctx *ctx = reinterpret_cast<const fc_mont_ctx *>(store.data());
    return ctx->kernel ? static_cast<const fc__kernel_head *>(ctx->kernel)->name : "(none)";
  }
};

constexpr size_t kBigWorkbuf = 16384;  // vboot's firmware workbuf is 12-20 KiB

// inout^e mod n through the hook; EXPECTs success and returns the result.
Bytes hook(const Key &k, const Bytes &in, int exp, Workbuf &wb) {
  Bytes io = in;
  vb2_error_t rv = vb2ex_hwcrypto_modexp(&k.pub, io.data(), wb.ptr(), wb.bytes, exp);
  EXPECT_EQ(rv, (vb2_error_t)VB2_SUCCESS);
  return io;
}

Bytes reference(const Key &k, const Bytes &in) {
  Bytes out(in.size());
  EXPECT_EQ(fc_rsa_public(&k.fc, in.data(), in.size(), out.data()), FC_OK);
  return out;
}

// RFC 8017 section 9.2 (EMSA-PKCS1-v1_5), DigestInfo prefixes from its note 1.
const Bytes kSha1Prefix = fct::hex("3021300906052b0e03021a05000414");
const Bytes kSha256Prefix = fct::hex("3031300d060960864801650304020105000420");
const Bytes kSha512Prefix = fct::hex("3051300d060960864801650304020305000440");

// The code vboot's software path returns for em = sig^e mod n (modelled
// from RFC 8017 section 9.2 and vboot's documented check).
vb2_error_t expected_code(const Bytes &em, const Bytes &prefix, const Bytes &digest) {
  size_t t = prefix.size() + digest.size();
  Bytes want(em.size(), 0xff);
  want[0] = 0x00;
  want[1] = 0x01;
  want[em.size() - t - 1] = 0x00;
  std::copy(prefix.begin(), prefix.end(), want.end() - (ptrdiff_t)t);
  if (!std::equal(em.begin(), em.end() - (ptrdiff_t)digest.size(), want.begin()))
    return VB2_ERROR_RSA_PADDING;
  if (!std::equal(digest.begin(), digest.end(), em.end() - (ptrdiff_t)digest.size()))
    return VB2_ERROR_RSA_VERIFY_DIGEST;
  return VB2_SUCCESS;
}

// vboot's check after the modexp: 00 01, then 0xff bytes, then 00 and the
// DigestInfo prefix of the key's hash, then the digest; every byte compared.
bool padding_and_digest_ok(const Bytes &em, const Bytes &prefix, const Bytes &digest) {
  return em.size() >= prefix.size() + digest.size() + 11 &&
         expected_code(em, prefix, digest) == VB2_SUCCESS;
}

using W = fct::ref::W;

// Big-endian bytes <-> little-endian words for the reference bignum.
W words(const Bytes &be) {
  W w((be.size() + 3) / 4, 0);
  for (size_t i = 0; i < be.size(); i++) w[i / 4] |= (uint32_t)be[be.size() - 1 - i] << (8 * (i % 4));
  return w;
}
Bytes bytes(const W &w, size_t len) {
  Bytes be(len, 0);
  for (size_t i = 0; i < len && i / 4 < w.size(); i++) be[len - 1 - i] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
  return be;
}

class VbootHook : public fct::MontKernelTest {};

struct Size {
  const char *name;
  unsigned bits;
  int e;
};
const Size kSizes[] = {{"1024", 1024, 65537}, {"2048", 2048, 65537},    {"4096", 4096, 65537},
                       {"8192", 8192, 65537}, {"2048_exp3", 2048, 3}, {"3072_exp3", 3072, 3}};
struct Hash {
  const char *name;
  const Bytes *prefix;
};
const Hash kHashes[] = {{"sha1", &kSha1Prefix}, {"sha256", &kSha256Prefix},
                        {"sha512", &kSha512Prefix}};

// The 18 test_file signatures: the hook's result is fastcrypt's and carries
// the right padding and digest.
TEST_P(VbootHook, TestSignatures) {
  int checked = 0;
  for (const Size &s : kSizes) {
    Key k;
    ASSERT_NO_FATAL_FAILURE(
        make_key(k, fct::read_file(vb(std::string("testkeys/key_rsa") + s.name + ".keyb")), s.e));
    ASSERT_EQ(k.pub.arrsize, s.bits / 32);
    for (const Hash &h : kHashes) {
      std::string name = std::string("test_file.rsa") + s.name + "_" + h.name;
      SCOPED_TRACE(name);
      Bytes sig = fct::read_file(vb("testcases/" + name + ".sig"));
      Bytes dig = fct::read_file(vb(std::string("testcases/test_file.") + h.name + ".digest"));
      ASSERT_EQ(sig.size(), s.bits / 8);
      Workbuf wb(kBigWorkbuf);
      Bytes em = hook(k, sig, s.e, wb);
      EXPECT_STREQ(wb.kernel_used(), GetParam().c_str());
      EXPECT_EQ(fct::to_hex(em), fct::to_hex(reference(k, sig)));
      EXPECT_TRUE(padding_and_digest_ok(em, *h.prefix, dig));
      // The wrong exponent gives a different number, which fails the check.
      Bytes wrong = hook(k, sig, s.e == 3 ? 65537 : 3, wb);
      EXPECT_FALSE(padding_and_digest_ok(wrong, *h.prefix, dig));
      checked++;
    }
  }
  EXPECT_EQ(checked, 18);
}

// Every key in testkeys/ and devkeys/ (also those without signatures) on
// values derived from test_file, against fc_rsa_public.
TEST_P(VbootHook, EveryKey) {
  struct K {
    const char *file;
    int e;
    size_t off;  // .keyb inside the file
  } keys[] = {
      {"testkeys/key_rsa1024.keyb", 65537, 0},
      {"testkeys/key_rsa2048.keyb", 65537, 0},
      {"testkeys/key_rsa4096.keyb", 65537, 0},
      {"testkeys/key_rsa8192.keyb", 65537, 0},
      {"testkeys/key_rsa2048_exp3.keyb", 3, 0},
      {"testkeys/key_rsa3072_exp3.keyb", 3, 0},
      {"testkeys/datakey.keyb", 65537, 0},
      {"testkeys/rsa_padding_test_pubkey.keyb", 65537, 0},
      {"devkeys/root_key.vbpubk", 65537, 32},
      {"devkeys/recovery_key.vbpubk", 65537, 32},
      {"devkeys/recovery_kernel_data_key.vbpubk", 65537, 32},
      {"devkeys/installer_kernel_data_key.vbpubk", 65537, 32},
      {"devkeys/firmware_data_key.vbpubk", 65537, 32},
      {"devkeys/kernel_subkey.vbpubk", 65537, 32},
      {"devkeys/arv_root.vbpubk", 65537, 32},
      {"devkeys/arv_platform.vbpubk", 65537, 32},
      {"devkeys/minios_kernel_data_key.vbpubk", 65537, 32},
      {"devkeys/kernel_data_key.vbpubk", 65537, 32},
  };
  Bytes msg = fct::read_file(vb("testcases/test_file"));
  ASSERT_EQ(msg.size(), 1000000u);
  int checked = 0;
  for (const K &kf : keys) {
    SCOPED_TRACE(kf.file);
    Bytes f = fct::read_file(vb(kf.file));
    ASSERT_GT(f.size(), kf.off + 8);
    if (kf.off) {
      ASSERT_EQ(le32(f.data()), kf.off) << "vbpubk key_offset";
    }
    Key k;
    ASSERT_NO_FATAL_FAILURE(make_key(k, Bytes(f.begin() + (ptrdiff_t)kf.off, f.end()), kf.e));
    size_t len = 4 * k.pub.arrsize;
    for (int j = 0; j < 3; j++) {
      // Three values below n: a top byte of 0 keeps them under any full-size n.
      Bytes x(msg.begin() + 4096 * (checked % 200) + 997 * j,
              msg.begin() + 4096 * (checked % 200) + 997 * j + (ptrdiff_t)len);
      x[0] = 0;
      Workbuf wb(kBigWorkbuf);
      EXPECT_EQ(fct::to_hex(hook(k, x, kf.e, wb)), fct::to_hex(reference(k, x)));
      EXPECT_STREQ(wb.kernel_used(), GetParam().c_str());
    }
    checked++;
  }
  EXPECT_EQ(checked, 18);
}

// Bleichenbacher's 1,653 signatures: through the hook, then vboot's check.
TEST_P(VbootHook, PaddingVectors) {
  Key k;
  ASSERT_NO_FATAL_FAILURE(
      make_key(k, fct::read_file(vb("testkeys/rsa_padding_test_pubkey.keyb")), 65537));
  ASSERT_EQ(k.pub.arrsize, 32u);
  const Bytes digest = fct::hex("9069ca78e7450a285173431b3e52c5c25299e473");  // SHA-1(00000000)
  std::string text = fct::read_text(vb("testcases/padding_test_vectors.hex"));
  size_t line = 0, accepted = 0, rejected = 0, declined = 0;
  Workbuf wb(kBigWorkbuf);
  for (const std::string &h : fct::rsp::nonempty_lines(text)) {
    line++;
    Bytes sig;
    ASSERT_NO_THROW(sig = fct::hex_strict(h)) << "line " << line;
    ASSERT_EQ(sig.size(), 128u) << "line " << line;
    Bytes em = sig;
    vb2_error_t rv = vb2ex_hwcrypto_modexp(&k.pub, em.data(), wb.ptr(), wb.bytes, 65537);
    W s = words(sig);
    if (fct::ref::cmp(s, k.n) >= 0) {
      // Not below n: the hook declines and leaves inout alone; vboot then
      // runs its own vb2_modexp, whose Montgomery steps work on sig mod n
      // (modelled here with the reference bignum).
      ASSERT_EQ(rv, (vb2_error_t)VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED) << "line " << line;
      ASSERT_EQ(em, sig) << "line " << line;
      em = bytes(fct::ref::powmod(fct::ref::mod(s, k.n), {1, 0, 1}, k.n), sig.size());
      declined++;
    } else {
      ASSERT_EQ(rv, (vb2_error_t)VB2_SUCCESS) << "line " << line;
      ASSERT_EQ(em, reference(k, sig)) << "line " << line;
    }
    bool ok = padding_and_digest_ok(em, kSha1Prefix, digest);
    EXPECT_EQ(ok, line == 1) << "line " << line;
    (ok ? accepted : rejected)++;
  }
  EXPECT_EQ(line, 1653u);
  EXPECT_EQ(accepted, 1u);
  EXPECT_EQ(rejected, 1652u);
  EXPECT_STREQ(wb.kernel_used(), GetParam().c_str());
  EXPECT_EQ(declined, 1u);  // line 118 (a property of the data, checked with ref::cmp)
  std::printf(
      "[ vboot hook ] padding vectors, kernel %s: %zu signatures, %zu accepted, %zu not below n "
      "(declined: vboot's own code)\n",
      GetParam().c_str(), line, accepted, declined);
}

// The documented need exactly: success. One byte less: VB2_ERROR_WORKBUF_SMALL
// and inout untouched. At every alignment of the buffer (offset o past an
// 8-byte boundary costs (8 - o) % 8 more bytes).
TEST_P(VbootHook, WorkbufBoundary) {
  int checked = 0;
  for (const Size &s : kSizes) {
    if (std::string(s.name).find("exp3") != std::string::npos && s.bits != 3072) continue;
    SCOPED_TRACE(s.name);
    Key k;
    ASSERT_NO_FATAL_FAILURE(
        make_key(k, fct::read_file(vb(std::string("testkeys/key_rsa") + s.name + ".keyb")), s.e));
    Bytes sig = fct::read_file(vb(std::string("testcases/test_file.rsa") + s.name + "_sha256.sig"));
    ASSERT_EQ(sig.size(), 4 * k.pub.arrsize);
    const Bytes want = reference(k, sig);
    const size_t need = FC_VB2_MODEXP_WORKBUF_BYTES(k.pub.arrsize);
    // The documented formula, spelled out: context, value, F4 workspace.
    EXPECT_EQ(need, sizeof(fc_mont_ctx) + 4 * k.pub.arrsize +
                        FC_MODPOW_WORKSPACE_F4_BYTES(32 * k.pub.arrsize));
    for (size_t off = 0; off < 8; off++) {
      SCOPED_TRACE(::testing::Message() << "buffer offset " << off);
      size_t exact = need + (8 - off) % 8;
      Workbuf small(exact - 1, off);
      Bytes io = sig;
      EXPECT_EQ(vb2ex_hwcrypto_modexp(&k.pub, io.data(), small.ptr(), exact - 1, s.e),
                (vb2_error_t)VB2_ERROR_WORKBUF_SMALL);
      EXPECT_EQ(io, sig) << "inout written on failure";
      EXPECT_TRUE(small.outside_intact());
      Workbuf fits(exact, off);
      ASSERT_EQ(vb2ex_hwcrypto_modexp(&k.pub, io.data(), fits.ptr(), exact, s.e),
                (vb2_error_t)VB2_SUCCESS);
      EXPECT_EQ(io, want);
      EXPECT_TRUE(fits.outside_intact()) << "written outside the work buffer";
      checked++;
    }
    Bytes io = sig;
    EXPECT_EQ(vb2ex_hwcrypto_modexp(&k.pub, io.data(), nullptr, 0, s.e),
              (vb2_error_t)VB2_ERROR_WORKBUF_SMALL);
    EXPECT_EQ(vb2ex_hwcrypto_modexp(&k.pub, io.data(), nullptr, kBigWorkbuf, s.e),
              (vb2_error_t)VB2_ERROR_WORKBUF_SMALL);
    // vboot's guaranteed minimum, 3 * 4 * arrsize, is below the need.
    Workbuf vboot_min(12 * k.pub.arrsize);
    EXPECT_EQ(vb2ex_hwcrypto_modexp(&k.pub, io.data(), vboot_min.ptr(), vboot_min.bytes, s.e),
              (vb2_error_t)VB2_ERROR_WORKBUF_SMALL);
    EXPECT_EQ(io, sig);
  }
  EXPECT_EQ(checked, 5 * 8);
}

// Anything the hook does not do: VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED, inout
// untouched (vboot then runs its own code). Each case starts from a valid key.
TEST_P(VbootHook, UnsupportedInputs) {
  Key k;
  ASSERT_NO_FATAL_FAILURE(make_key(k, fct::read_file(vb("testkeys/key_rsa2048.keyb")), 65537));
  const size_t len = 4 * k.pub.arrsize;
  Bytes sig = fct::read_file(vb("testcases/test_file.rsa2048_sha256.sig"));
  ASSERT_EQ(sig.size(), len);
  Workbuf wb(kBigWorkbuf);
  const vb2_error_t unsup = VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED;
  auto expect_refused = [&](const vb2_public_key *key, const Bytes &in, int exp,
                            const char *what) {
    Bytes io = in;
    EXPECT_EQ(vb2ex_hwcrypto_modexp(key, io.data(), wb.ptr(), wb.bytes, exp), unsup) << what;
    EXPECT_EQ(io, in) << what << ": inout written";
  };
  for (int exp : {0, 1, 2, 5, 17, 257, 65535, 65539, -3, -65537})
    expect_refused(&k.pub, sig, exp, "exponent");
  vb2_public_key p = k.pub;
  p.arrsize = 0;
  expect_refused(&p, sig, 65537, "arrsize 0");
  p = k.pub;
  p.arrsize = FC_MONT_MAX_WORDS + 1;
  expect_refused(&p, sig, 65537, "arrsize over 8192 bits");
  p = k.pub;
  p.n0inv ^= 4;
  expect_refused(&p, sig, 65537, "wrong n0inv");
  p = k.pub;
  p.n = nullptr;
  expect_refused(&p, sig, 65537, "n NULL");
  p = k.pub;
  p.rr = nullptr;
  expect_refused(&p, sig, 65537, "rr NULL");
  std::vector<uint32_t> bad(k.n);
  bad[0] ^= 1;  // even n
  p = k.pub;
  p.n = bad.data();
  expect_refused(&p, sig, 65537, "even n");
  p = k.pub;
  p.rr = k.n.data();  // rr = n
  expect_refused(&p, sig, 65537, "rr = n");
  Bytes n_be(len), all_ff(len, 0xff);
  for (size_t i = 0; i < k.n.size(); i++)
    for (int b = 0; b < 4; b++) n_be[len - 1 - 4 * i - b] = (uint8_t)(k.n[i] >> (8 * b));
  expect_refused(&k.pub, n_be, 65537, "signature = n");
  expect_refused(&k.pub, all_ff, 3, "signature = 2^2048 - 1");
  {
    Bytes io = sig;
    EXPECT_EQ(vb2ex_hwcrypto_modexp(nullptr, io.data(), wb.ptr(), wb.bytes, 65537), unsup);
    EXPECT_EQ(io, sig);
    EXPECT_EQ(vb2ex_hwcrypto_modexp(&k.pub, nullptr, wb.ptr(), wb.bytes, 65537), unsup);
  }
  // Edge values that are accepted: 0, 1 and n - 1 (odd exponents fix them).
  Bytes zero(len, 0), one(len, 0), nm1 = n_be;
  one[len - 1] = 1;
  nm1[len - 1] -= 1;  // n odd: no borrow
  for (int exp : {3, 65537}) {
    EXPECT_EQ(hook(k, zero, exp, wb), zero);
    EXPECT_EQ(hook(k, one, exp, wb), one);
    EXPECT_EQ(hook(k, nm1, exp, wb), nm1);
  }
}

// vb2ex_hwcrypto_rsa_verify_digest: the whole check, with the codes vboot's
// software path gives (its vb2_rsa_verify_digest: VB2_ERROR_RSA_PADDING when
// anything before the digest differs, else VB2_ERROR_RSA_VERIFY_DIGEST).
class VbootVerify : public fct::MontKernelTest {};

enum vb2_signature_algorithm sig_alg_of(const Size &s) {
  if (s.e == 3) return s.bits == 2048 ? VB2_SIG_RSA2048_EXP3 : VB2_SIG_RSA3072_EXP3;
  return s.bits == 1024   ? VB2_SIG_RSA1024
         : s.bits == 2048 ? VB2_SIG_RSA2048
         : s.bits == 4096 ? VB2_SIG_RSA4096
                          : VB2_SIG_RSA8192;
}
const enum vb2_hash_algorithm kVbHash[] = {VB2_HASH_SHA1, VB2_HASH_SHA256, VB2_HASH_SHA512};

// The 18 test_file signatures verify; a wrong digest, a wrong hash, a
// changed signature and the other exponent's key type fail with vboot's
// codes. The signature is never written.
TEST_P(VbootVerify, TestSignatures) {
  int checked = 0;
  for (const Size &s : kSizes) {
    Key k;
    ASSERT_NO_FATAL_FAILURE(
        make_key(k, fct::read_file(vb(std::string("testkeys/key_rsa") + s.name + ".keyb")), s.e));
    k.pub.sig_alg = sig_alg_of(s);
    for (size_t h = 0; h < 3; h++) {
      std::string name = std::string("test_file.rsa") + s.name + "_" + kHashes[h].name;
      SCOPED_TRACE(name);
      const Bytes sig = fct::read_file(vb("testcases/" + name + ".sig"));
      Bytes dig = fct::read_file(vb(std::string("testcases/test_file.") + kHashes[h].name + ".digest"));
      ASSERT_EQ(sig.size(), s.bits / 8);
      Bytes io = sig;
      k.pub.hash_alg = kVbHash[h];
      EXPECT_EQ(vb2ex_hwcrypto_rsa_verify_digest(&k.pub, io.data(), dig.data()),
                (vb2_error_t)VB2_SUCCESS);
      EXPECT_EQ(io, sig) << "signature written";
      for (size_t i : {(size_t)0, dig.size() / 2, dig.size() - 1}) {
        Bytes bad = dig;
        bad[i] ^= 0x01;
        EXPECT_EQ(vb2ex_hwcrypto_rsa_verify_digest(&k.pub, sig.data(), bad.data()),
                  (vb2_error_t)VB2_ERROR_RSA_VERIFY_DIGEST) << "digest byte " << i;
      }
      // The key claims another hash: the DigestInfo differs (padding).
      k.pub.hash_alg = kVbHash[(h + 1) % 3];
      Bytes other(64, 0);
      std::copy(dig.begin(), dig.begin() + (ptrdiff_t)std::min<size_t>(dig.size(), 64), other.begin());
      EXPECT_EQ(vb2ex_hwcrypto_rsa_verify_digest(&k.pub, sig.data(), other.data()),
                (vb2_error_t)VB2_ERROR_RSA_PADDING);
      k.pub.hash_alg = kVbHash[h];
      Bytes flipped = sig;
      flipped[sig.size() / 2] ^= 0x80;
      EXPECT_EQ(vb2ex_hwcrypto_rsa_verify_digest(&k.pub, flipped.data(), dig.data()),
                expected_code(reference(k, flipped), *kHashes[h].prefix, dig));
      EXPECT_NE(expected_code(reference(k, flipped), *kHashes[h].prefix, dig),
                (vb2_error_t)VB2_SUCCESS);
      // Same modulus, the other exponent's algorithm (RSA2048 <-> RSA2048_EXP3).
      if (s.bits == 2048) {
        vb2_public_key p = k.pub;
        p.sig_alg = s.e == 3 ? VB2_SIG_RSA2048 : VB2_SIG_RSA2048_EXP3;
        EXPECT_EQ(vb2ex_hwcrypto_rsa_verify_digest(&p, sig.data(), dig.data()),
                  (vb2_error_t)VB2_ERROR_RSA_PADDING);
      }
      checked++;
    }
  }
  EXPECT_EQ(checked, 18);
}

// The 1,653 padding vectors (RSA-1024, SHA-1 of 00000000): line 1 verifies,
// line 118 (>= n) is left to vboot, and every other one gets the code the
// model gives from the reference bignum's sig^e mod n.
TEST_P(VbootVerify, PaddingVectors) {
  Key k;
  ASSERT_NO_FATAL_FAILURE(
      make_key(k, fct::read_file(vb("testkeys/rsa_padding_test_pubkey.keyb")), 65537));
  k.pub.sig_alg = VB2_SIG_RSA1024;
  k.pub.hash_alg = VB2_HASH_SHA1;
  const Bytes digest = fct::hex("9069ca78e7450a285173431b3e52c5c25299e473");
  std::string text = fct::read_text(vb("testcases/padding_test_vectors.hex"));
  size_t line = 0, ok = 0, padding = 0, wrong_digest = 0, declined = 0;
  for (const std::string &h : fct::rsp::nonempty_lines(text)) {
    line++;
    Bytes sig;
    ASSERT_NO_THROW(sig = fct::hex_strict(h)) << "line " << line;
    vb2_error_t rv = vb2ex_hwcrypto_rsa_verify_digest(&k.pub, sig.data(), digest.data());
    W s = words(sig);
    if (fct::ref::cmp(s, k.n) >= 0) {
      EXPECT_EQ(rv, (vb2_error_t)VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED) << "line " << line;
      declined++;
      continue;
    }
    Bytes em = bytes(fct::ref::powmod(s, {1, 0, 1}, k.n), sig.size());
    EXPECT_EQ(rv, expected_code(em, kSha1Prefix, digest)) << "line " << line;
    ok += rv == VB2_SUCCESS;
    padding += rv == VB2_ERROR_RSA_PADDING;
    wrong_digest += rv == VB2_ERROR_RSA_VERIFY_DIGEST;
  }
  EXPECT_EQ(line, 1653u);
  EXPECT_EQ(ok, 1u);
  EXPECT_EQ(declined, 1u);
  EXPECT_EQ(ok + padding + wrong_digest + declined, line);
  std::printf("[ vboot verify ] padding vectors, kernel %s: %zu verified, %zu bad padding, %zu "
              "wrong digest, %zu left to vboot\n",
              GetParam().c_str(), ok, padding, wrong_digest, declined);
}

// What the hook leaves to vboot's code: UNSUPPORTED. Each case starts from
// a key and signature that verify.
TEST_P(VbootVerify, UnsupportedInputs) {
  Key k;
  ASSERT_NO_FATAL_FAILURE(make_key(k, fct::read_file(vb("testkeys/key_rsa2048.keyb")), 65537));
  k.pub.sig_alg = VB2_SIG_RSA2048;
  k.pub.hash_alg = VB2_HASH_SHA256;
  const Bytes sig = fct::read_file(vb("testcases/test_file.rsa2048_sha256.sig"));
  Bytes dig = fct::read_file(vb("testcases/test_file.sha256.digest"));
  ASSERT_EQ(vb2ex_hwcrypto_rsa_verify_digest(&k.pub, sig.data(), dig.data()),
            (vb2_error_t)VB2_SUCCESS);
  const vb2_error_t unsup = VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED;
  auto refused = [&](const vb2_public_key &p, const Bytes &s, const char *what) {
    EXPECT_EQ(vb2ex_hwcrypto_rsa_verify_digest(&p, s.data(), dig.data()), unsup) << what;
  };
  vb2_public_key p = k.pub;
  for (int alg : {0, 1, 2, 4, 5, 7, 8, 100, -1}) {  // other sizes, no algorithm (6: see TestSignatures)
    p.sig_alg = (enum vb2_signature_algorithm)alg;
    refused(p, sig, "sig_alg");
  }
  p = k.pub;
  for (int alg : {0, 4, 5, 6, -1}) {  // SHA-224, SHA-384: vboot's padding check has none
    p.hash_alg = (enum vb2_hash_algorithm)alg;
    refused(p, sig, "hash_alg");
  }
  p = k.pub;
  p.arrsize = 32;
  refused(p, sig, "arrsize not the sig_alg's");
  p = k.pub;
  p.n0inv ^= 2;
  refused(p, sig, "wrong n0inv");
  p = k.pub;
  p.rr = k.n.data();
  refused(p, sig, "rr = n");
  p = k.pub;
  p.n = nullptr;
  refused(p, sig, "n NULL");
  Bytes n_be(sig.size());
  for (size_t i = 0; i < k.n.size(); i++)
    for (int b = 0; b < 4; b++) n_be[n_be.size() - 1 - 4 * i - b] = (uint8_t)(k.n[i] >> (8 * b));
  refused(k.pub, n_be, "signature = n");
  refused(k.pub, Bytes(sig.size(), 0xff), "signature = 2^2048 - 1");
  EXPECT_EQ(vb2ex_hwcrypto_rsa_verify_digest(nullptr, sig.data(), dig.data()), unsup);
  EXPECT_EQ(vb2ex_hwcrypto_rsa_verify_digest(&k.pub, nullptr, dig.data()), unsup);
  EXPECT_EQ(vb2ex_hwcrypto_rsa_verify_digest(&k.pub, sig.data(), nullptr), unsup);
  // Still verifies after all of these (no state carried over).
  EXPECT_EQ(vb2ex_hwcrypto_rsa_verify_digest(&k.pub, sig.data(), dig.data()),
            (vb2_error_t)VB2_SUCCESS);
}

// Peak stack of one hook call at 8192 bits, e = 65537, the way
// tests/core/test_stack.cpp measures (a painted 64 KiB stack of our own, an empty
// call subtracted). Bound: kHookStackBound bytes (contrib/vboot/README.md's figures come
// from this test's output). Meaningless under AddressSanitizer: skipped.
constexpr size_t kHookStackBound = 3072;
struct {
  const vb2_public_key *key;
  uint8_t *inout;
  void *wb;
  size_t wb_len;
  vb2_error_t rv;
} g_call;

__attribute__((noinline)) void body_empty() { __asm__ __volatile__("" ::: "memory"); }
__attribute__((noinline)) void body_hook() {
  g_call.rv = vb2ex_hwcrypto_modexp(g_call.key, g_call.inout, g_call.wb, g_call.wb_len, 65537);
}

// body's peak stack beyond an empty call's; SIZE_MAX when it could not be measured.
size_t depth_of(void (*body)()) {
  size_t base = fct::stack_depth(body_empty), d = fct::stack_depth(body);
  return d == SIZE_MAX ? d : d > base ? d - base : 0;
}

TEST_P(VbootHook, StackPeak) {
#if defined(FCT_ASAN)
  GTEST_SKIP() << "stack depths are meaningless under AddressSanitizer";
#endif
  for (unsigned bits : {8192u, 2048u}) {
    SCOPED_TRACE(bits);
    Key k;
    ASSERT_NO_FATAL_FAILURE(make_key(
        k, fct::read_file(vb("testkeys/key_rsa" + std::to_string(bits) + ".keyb")), 65537));
    Bytes sig = fct::read_file(vb("testcases/test_file.rsa" + std::to_string(bits) + "_sha256.sig"));
    const Bytes want = reference(k, sig);
    Workbuf wb(kBigWorkbuf);
    Bytes io = sig;
    g_call = {&k.pub, io.data(), wb.ptr(), wb.bytes, 1};
    body_hook();  // warm-up on the normal stack (first-use paths)
    ASSERT_EQ(g_call.rv, (vb2_error_t)VB2_SUCCESS);
    io = sig;
    g_call.rv = 1;
    size_t d = depth_of(body_hook);  // runs twice: io = sig^(e^2)
    ASSERT_EQ(g_call.rv, (vb2_error_t)VB2_SUCCESS);
    ASSERT_NE(d, SIZE_MAX);
    std::printf("[ STACK    ] vb2ex_hwcrypto_modexp, kernel %s, %u bits, e = 65537: %zu bytes "
                "(+ %zu bytes of work buffer)\n",
                GetParam().c_str(), bits, d, (size_t)FC_VB2_MODEXP_WORKBUF_BYTES(bits / 32));
    EXPECT_LE(d, kHookStackBound);
    io = sig;  // the hook still computes the right thing after all this
    body_hook();
    EXPECT_EQ(io, want);
  }
}

struct {
  const vb2_public_key *key;
  const uint8_t *sig, *digest;
  vb2_error_t rv;
} g_verify;
__attribute__((noinline)) void body_verify() {
  g_verify.rv = vb2ex_hwcrypto_rsa_verify_digest(g_verify.key, g_verify.sig, g_verify.digest);
}

// The verify hook's peak stack, as StackPeak: its state is static, so it
// stays within the same bound.
TEST_P(VbootVerify, StackPeak) {
#if defined(FCT_ASAN)
  GTEST_SKIP() << "stack depths are meaningless under AddressSanitizer";
#endif
  for (unsigned bits : {8192u, 2048u}) {
    SCOPED_TRACE(bits);
    Key k;
    ASSERT_NO_FATAL_FAILURE(make_key(
        k, fct::read_file(vb("testkeys/key_rsa" + std::to_string(bits) + ".keyb")), 65537));
    k.pub.sig_alg = bits == 8192 ? VB2_SIG_RSA8192 : VB2_SIG_RSA2048;
    k.pub.hash_alg = VB2_HASH_SHA256;
    Bytes sig = fct::read_file(vb("testcases/test_file.rsa" + std::to_string(bits) + "_sha256.sig"));
    Bytes dig = fct::read_file(vb("testcases/test_file.sha256.digest"));
    g_verify = {&k.pub, sig.data(), dig.data(), 1};
    body_verify();
    ASSERT_EQ(g_verify.rv, (vb2_error_t)VB2_SUCCESS);
    g_verify.rv = 1;
    size_t d = depth_of(body_verify);
    ASSERT_EQ(g_verify.rv, (vb2_error_t)VB2_SUCCESS);
    ASSERT_NE(d, SIZE_MAX);
    std::printf("[ STACK    ] vb2ex_hwcrypto_rsa_verify_digest, kernel %s, %u bits: %zu bytes\n",
                GetParam().c_str(), bits, d);
    EXPECT_LE(d, kHookStackBound);
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, VbootVerify, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const ::testing::TestParamInfo<std::string> &i) {
                           return fct::param_name(i.param);
                         });

INSTANTIATE_TEST_SUITE_P(Kernels, VbootHook, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const ::testing::TestParamInfo<std::string> &i) {
                           return fct::param_name(i.param);
                         });

}  // namespace
