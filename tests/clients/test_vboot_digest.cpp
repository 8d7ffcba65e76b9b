// contrib/vboot's digest hooks (vb2ex_hwcrypto_digest_init/_extend/_finalize,
// fastcrypt_hwcrypto_digest.c), built against the test stand-in for vboot's
// headers, on every hash kernel (pinned: init records the active kernel):
// the NIST SHAVS ShortMsg and LongMsg vectors and vboot's own test_file
// digests (1,000,000 bytes; SHA-1, SHA-256, SHA-512) fed in pieces split
// at random points, zero-length pieces included; vboot's digest_size rules;
// the algorithms left to vboot's software; calls out of order.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "fc_test.h"
#include "hash_kernel.h"
#include "rsp.h"
#include "stack_depth.h"
#include "vb2_shim.h"

using fct::Bytes;

namespace {

struct Alg {
  enum vb2_hash_algorithm vb2;
  fc_hash_alg fc;
  const char *file;        // SHAVS file prefix
  const char *test_file;   // vboot's test_file digest, or nullptr
  const char *abc;         // digest of "abc" (FIPS 180-2 appendices A-D, 180-4 examples)
};
const Alg kAlgs[] = {
    {VB2_HASH_SHA1, FC_SHA1, "SHA1", "test_file.sha1.digest",
     "a9993e364706816aba3e25717850c26c9cd0d89d"},
    {VB2_HASH_SHA224, FC_SHA224, "SHA224", nullptr,
     "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
    {VB2_HASH_SHA256, FC_SHA256, "SHA256", "test_file.sha256.digest",
     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {VB2_HASH_SHA384, FC_SHA384, "SHA384", nullptr,
     "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
     "8086072ba1e7cc2358baeca134c825a7"},
    {VB2_HASH_SHA512, FC_SHA512, "SHA512", "test_file.sha512.digest",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
};

class VbootDigest : public fct::HashKernelTest {
 protected:
  std::vector<const Alg *> mine() const {
    std::vector<const Alg *> v;
    for (const Alg &a : kAlgs)
      if (fct::hash_op_of(a.fc) == GetParam().op) v.push_back(&a);
    return v;
  }
};

// The hooks over msg, cut into pieces at random points (some empty);
// EXPECTs every call to succeed.
Bytes through_hooks(const Alg &a, const Bytes &msg, fct::Rng &rng, uint32_t hint) {
  EXPECT_EQ(vb2ex_hwcrypto_digest_init(a.vb2, hint), (vb2_error_t)VB2_SUCCESS);
  size_t at = 0;
  while (at < msg.size()) {
    size_t left = msg.size() - at;
    uint32_t r = rng.u32();
    // Mostly short pieces (block-boundary cases), sometimes long ones.
    size_t piece = (r & 3) == 0 ? 0 : (r & 3) == 1 ? r % 300 : r % (left + 1);
    if (piece > left) piece = left;
    EXPECT_EQ(vb2ex_hwcrypto_digest_extend(piece ? msg.data() + at : nullptr, (uint32_t)piece),
              (vb2_error_t)VB2_SUCCESS);
    at += piece;
  }
  Bytes d(fc_hash_len(a.fc));
  EXPECT_EQ(vb2ex_hwcrypto_digest_finalize(d.data(), (uint32_t)d.size()),
            (vb2_error_t)VB2_SUCCESS);
  return d;
}

TEST_P(VbootDigest, ShavsRandomSplits) {
  fct::Rng rng(23);
  size_t checked = 0;
  for (const Alg *a : mine()) {
    for (const char *kind : {"ShortMsg", "LongMsg"}) {
      std::string name = std::string(a->file) + kind + ".rsp";
      std::string text = fct::read_text(fct::vectors_dir() + "/nist/sha/" + name);
      ASSERT_FALSE(text.empty()) << name;
      size_t n = 0;
      for (const auto &r : fct::rsp::records(fct::rsp::parse(text), "MD")) {
        unsigned long bits = std::stoul(r.at("Len"));
        ASSERT_EQ(bits % 8, 0u) << name;
        Bytes msg = bits ? fct::hex_strict(r.at("Msg")) : Bytes{};
        ASSERT_EQ(msg.size(), bits / 8) << name << " line " << r.lineno;
        Bytes md = fct::hex_strict(r.at("MD"));
        EXPECT_EQ(fct::to_hex(through_hooks(*a, msg, rng, (uint32_t)msg.size())), fct::to_hex(md))
            << name << " line " << r.lineno;
        n++;
      }
      EXPECT_GE(n, 64u) << name;  // 64 or 65 (SHA-1/224/256), 128 or 129 (SHA-384/512)
      checked += n;
    }
  }
  EXPECT_GT(checked, 0u);
  std::printf("[ vboot digest ] %s kernel %s: %zu SHAVS messages through the hooks\n",
              fct::hash_op_name(GetParam().op), GetParam().kernel.c_str(), checked);
}

// vboot's own 1,000,000-byte test_file and its digests (vboot's test data),
// in random pieces, with and without the size hint.
TEST_P(VbootDigest, VbootTestFile) {
  Bytes msg = fct::read_file(fct::vectors_dir() + "/vboot/testcases/test_file");
  ASSERT_EQ(msg.size(), 1000000u);
  fct::Rng rng(1000000);
  int checked = 0;
  for (const Alg *a : mine()) {
    if (a->test_file == nullptr) continue;
    Bytes want = fct::read_file(fct::vectors_dir() + "/vboot/testcases/" + a->test_file);
    ASSERT_EQ(want.size(), fc_hash_len(a->fc));
    for (int round = 0; round < 3; round++) {
      SCOPED_TRACE(round);
      EXPECT_EQ(fct::to_hex(through_hooks(*a, msg, rng, round == 0 ? 0 : 1000000)),
                fct::to_hex(want));
    }
    // The whole file in one extend, as vb2_hash_calculate does.
    ASSERT_EQ(vb2ex_hwcrypto_digest_init(a->vb2, 1000000), (vb2_error_t)VB2_SUCCESS);
    ASSERT_EQ(vb2ex_hwcrypto_digest_extend(msg.data(), 1000000), (vb2_error_t)VB2_SUCCESS);
    Bytes d(want.size());
    ASSERT_EQ(vb2ex_hwcrypto_digest_finalize(d.data(), (uint32_t)d.size()),
              (vb2_error_t)VB2_SUCCESS);
    EXPECT_EQ(d, want);
    checked++;
  }
  // SHA-256's op also carries SHA-224, SHA-512's SHA-384: one file each.
  EXPECT_EQ(checked, 1);
}

// digest_size: smaller fails and keeps the digest going; larger writes only
// the digest. A NULL digest is a size error too.
TEST_P(VbootDigest, DigestSize) {
  const Bytes msg = fct::hex("616263");  // "abc"
  for (const Alg *a : mine()) {
    SCOPED_TRACE(a->file);
    const size_t len = fc_hash_len(a->fc);
    const Bytes want = fct::hex(a->abc);
    ASSERT_EQ(want.size(), len);
    ASSERT_EQ(vb2ex_hwcrypto_digest_init(a->vb2, 3), (vb2_error_t)VB2_SUCCESS);
    ASSERT_EQ(vb2ex_hwcrypto_digest_extend(msg.data(), 1), (vb2_error_t)VB2_SUCCESS);
    Bytes out(len + 40, 0x5a);
    for (uint32_t small : {0u, 1u, (uint32_t)len - 1}) {
      EXPECT_EQ(vb2ex_hwcrypto_digest_finalize(out.data(), small),
                (vb2_error_t)VB2_ERROR_SHA_FINALIZE_DIGEST_SIZE);
      EXPECT_EQ(out, Bytes(len + 40, 0x5a)) << "written on a size error";
    }
    EXPECT_EQ(vb2ex_hwcrypto_digest_finalize(nullptr, (uint32_t)len),
              (vb2_error_t)VB2_ERROR_SHA_FINALIZE_DIGEST_SIZE);
    // Still in progress: the rest of the message, then a larger buffer.
    ASSERT_EQ(vb2ex_hwcrypto_digest_extend(msg.data() + 1, 2), (vb2_error_t)VB2_SUCCESS);
    EXPECT_EQ(vb2ex_hwcrypto_digest_finalize(out.data(), (uint32_t)out.size()),
              (vb2_error_t)VB2_SUCCESS);
    EXPECT_EQ(Bytes(out.begin(), out.begin() + (ptrdiff_t)len), want);
    EXPECT_EQ(Bytes(out.begin() + (ptrdiff_t)len, out.end()), Bytes(40, 0x5a))
        << "written past the digest";
    // Exactly the digest's size.
    ASSERT_EQ(vb2ex_hwcrypto_digest_init(a->vb2, 0), (vb2_error_t)VB2_SUCCESS);
    ASSERT_EQ(vb2ex_hwcrypto_digest_extend(msg.data(), 3), (vb2_error_t)VB2_SUCCESS);
    Bytes exact(len);
    EXPECT_EQ(vb2ex_hwcrypto_digest_finalize(exact.data(), (uint32_t)len),
              (vb2_error_t)VB2_SUCCESS);
    EXPECT_EQ(exact, want);
  }
}

// Algorithms fastcrypt does not hash here: UNSUPPORTED (vboot then hashes in
// software), and the digest that was in progress is gone.
TEST_P(VbootDigest, UnsupportedAlgorithms) {
  const Alg *a = mine().front();
  const Bytes msg = fct::hex("616263");
  for (int bad : {0, 6, 7, 100, -1}) {
    SCOPED_TRACE(bad);
    ASSERT_EQ(vb2ex_hwcrypto_digest_init(a->vb2, 3), (vb2_error_t)VB2_SUCCESS);
    ASSERT_EQ(vb2ex_hwcrypto_digest_extend(msg.data(), 3), (vb2_error_t)VB2_SUCCESS);
    EXPECT_EQ(vb2ex_hwcrypto_digest_init((enum vb2_hash_algorithm)bad, 3),
              (vb2_error_t)VB2_ERROR_EX_HWCRYPTO_UNSUPPORTED);
    Bytes out(64, 0x5a);
    EXPECT_EQ(vb2ex_hwcrypto_digest_extend(msg.data(), 3),
              (vb2_error_t)VB2_ERROR_SHA_EXTEND_ALGORITHM);
    EXPECT_EQ(vb2ex_hwcrypto_digest_finalize(out.data(), 64),
              (vb2_error_t)VB2_ERROR_SHA_FINALIZE_ALGORITHM);
    EXPECT_EQ(out, Bytes(64, 0x5a));
  }
}

// Calls out of order, each from a valid state: finalize twice, extend after
// finalize, a NULL buffer with a size, and init restarting a digest.
TEST_P(VbootDigest, CallOrder) {
  const Alg *a = mine().back();
  const size_t len = fc_hash_len(a->fc);
  const Bytes msg = fct::hex("616263");
  const Bytes want = fct::hex(a->abc);
  Bytes out(len);
  ASSERT_EQ(want.size(), len);

  ASSERT_EQ(vb2ex_hwcrypto_digest_init(a->vb2, 3), (vb2_error_t)VB2_SUCCESS);
  ASSERT_EQ(vb2ex_hwcrypto_digest_extend(msg.data(), 3), (vb2_error_t)VB2_SUCCESS);
  ASSERT_EQ(vb2ex_hwcrypto_digest_finalize(out.data(), (uint32_t)len), (vb2_error_t)VB2_SUCCESS);
  EXPECT_EQ(out, want);
  EXPECT_EQ(vb2ex_hwcrypto_digest_finalize(out.data(), (uint32_t)len),
            (vb2_error_t)VB2_ERROR_SHA_FINALIZE_ALGORITHM);
  EXPECT_EQ(vb2ex_hwcrypto_digest_extend(msg.data(), 3),
            (vb2_error_t)VB2_ERROR_SHA_EXTEND_ALGORITHM);

  // NULL with a size drops the digest; NULL with size 0 is an empty piece.
  ASSERT_EQ(vb2ex_hwcrypto_digest_init(a->vb2, 3), (vb2_error_t)VB2_SUCCESS);
  EXPECT_EQ(vb2ex_hwcrypto_digest_extend(nullptr, 0), (vb2_error_t)VB2_SUCCESS);
  EXPECT_EQ(vb2ex_hwcrypto_digest_extend(nullptr, 3), (vb2_error_t)VB2_ERROR_SHA_EXTEND_ALGORITHM);
  EXPECT_EQ(vb2ex_hwcrypto_digest_finalize(out.data(), (uint32_t)len),
            (vb2_error_t)VB2_ERROR_SHA_FINALIZE_ALGORITHM);

  // An init while a digest is in progress starts afresh.
  ASSERT_EQ(vb2ex_hwcrypto_digest_init(a->vb2, 0), (vb2_error_t)VB2_SUCCESS);
  ASSERT_EQ(vb2ex_hwcrypto_digest_extend(msg.data(), 2), (vb2_error_t)VB2_SUCCESS);
  ASSERT_EQ(vb2ex_hwcrypto_digest_init(a->vb2, 3), (vb2_error_t)VB2_SUCCESS);
  ASSERT_EQ(vb2ex_hwcrypto_digest_extend(msg.data(), 3), (vb2_error_t)VB2_SUCCESS);
  Bytes again(len);
  ASSERT_EQ(vb2ex_hwcrypto_digest_finalize(again.data(), (uint32_t)len),
            (vb2_error_t)VB2_SUCCESS);
  EXPECT_EQ(again, want);
}

// Peak stack of init, one 4 KiB extend and finalize, as test_vboot_hook.cpp's
// StackPeak measures it (a painted stack, an empty call subtracted). Bound
// 4 KiB: the largest is i686's avx2 SHA-512 kernel, 3,160 bytes (64-bit
// words in 32-bit code); x86-64 and AArch64 stay under 2.5 KiB. Meaningless
// under AddressSanitizer: skipped.
constexpr size_t kDigestStackBound = 4096;
struct {
  enum vb2_hash_algorithm alg;
  const uint8_t *msg;
  uint8_t out[64];
  vb2_error_t rv;
} g_digest;

__attribute__((noinline)) void digest_empty() { __asm__ __volatile__("" ::: "memory"); }
__attribute__((noinline)) void digest_body() {
  g_digest.rv = vb2ex_hwcrypto_digest_init(g_digest.alg, 4096);
  g_digest.rv |= vb2ex_hwcrypto_digest_extend(g_digest.msg, 4096);
  g_digest.rv |= vb2ex_hwcrypto_digest_finalize(g_digest.out, 64);
}

TEST_P(VbootDigest, StackPeak) {
#if defined(FCT_ASAN)
  GTEST_SKIP() << "stack depths are meaningless under AddressSanitizer";
#endif
  Bytes msg(4096, 0x61);
  for (const Alg *a : mine()) {
    g_digest.alg = a->vb2;
    g_digest.msg = msg.data();
    digest_body();
    ASSERT_EQ(g_digest.rv, (vb2_error_t)VB2_SUCCESS);
    size_t base = fct::stack_depth(digest_empty);
    g_digest.rv = 1;
    size_t d = fct::stack_depth(digest_body);
    ASSERT_EQ(g_digest.rv, (vb2_error_t)VB2_SUCCESS);
    ASSERT_NE(d, SIZE_MAX);
    d = d > base ? d - base : 0;
    std::printf("[ STACK    ] vb2ex_hwcrypto_digest_*, %s, kernel %s: %zu bytes\n", a->file,
                GetParam().kernel.c_str(), d);
    EXPECT_LE(d, kDigestStackBound);
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, VbootDigest, ::testing::ValuesIn(fct::hash_params()),
                         fct::hash_param_name);

}  // namespace
