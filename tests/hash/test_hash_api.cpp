// The public hash API (fc_hash, fc_hash_ctx, fc_hmac*) on every usable kernel
// of each hash op: the FIPS 180 example answers (including SHA-512/224 and
// SHA-512/256), streaming on random splits against the one-shot digest for
// lengths 0..10000, every kernel against `scalar`, one-shot HMAC against
// streaming HMAC at every short length, context copies, the kernel a
// context records, and bad input with its error code.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>

#include "fc_test.h"
#include "hash_kernel.h"

using fct::Bytes;
using fct::HashKernelTest;

namespace {

Bytes oneshot(fc_hash_alg a, const Bytes &m) {
  Bytes d(fc_hash_len(a));
  EXPECT_EQ(fc_hash(a, m.empty() ? nullptr : m.data(), m.size(), d.data()), FC_OK);
  return d;
}

Bytes random_bytes(fct::Rng &r, size_t n) {
  Bytes b(n);
  for (auto &x : b) x = (uint8_t)r.next();
  return b;
}

// Streams m through ctx in pieces cut at random points (empty pieces too).
void stream_pieces(fc_hash_ctx *ctx, const uint8_t *m, size_t len, fct::Rng &r) {
  size_t pos = 0;
  while (pos < len) {
    size_t left = len - pos, n;
    switch (r.u32() % 4) {
      case 0: n = 0; break;
      case 1: n = r.u32() % 8; break;
      case 2: n = r.u32() % 300; break;
      default: n = r.u32() % (left + 1); break;
    }
    if (n > left) n = left;
    EXPECT_EQ(fc_hash_update(ctx, n ? m + pos : nullptr, n), FC_OK);
    pos += n;
  }
}

Bytes streamed(fc_hash_ctx *ctx, const Bytes &m, fct::Rng &r) {
  stream_pieces(ctx, m.data(), m.size(), r);
  Bytes d(fc_hash_len((fc_hash_alg)ctx->alg));
  EXPECT_EQ(fc_hash_final(ctx, d.data()), FC_OK);
  return d;
}

// FIPS 180-4 examples: "abc" and the two-block messages (448 bits for the
// 64-byte-block hashes, 896 bits for the 128-byte-block ones). Digests as
// published in NIST's "Examples with Intermediate Values" (csrc.nist.gov,
// Cryptographic Standards and Guidelines: SHA1.pdf, SHA224.pdf, SHA256.pdf,
// SHA384.pdf, SHA512.pdf, SHA512_224.pdf, SHA512_256.pdf).
const char kM448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
const char kM896[] =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmno"
    "pqrsmnopqrstnopqrstu";
const struct {
  fc_hash_alg alg;
  const char *abc, *two;
} kFips[] = {
    {FC_SHA1, "a9993e364706816aba3e25717850c26c9cd0d89d",
     "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
    {FC_SHA224, "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
     "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525"},
    {FC_SHA256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {FC_SHA384,
     "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca1"
     "34c825a7",
     "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa"
     "91746039"},
    {FC_SHA512,
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a"
     "3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec"
     "4b5433ac7d329eeb6dd26545e96e55b874be909"},
    {FC_SHA512_224, "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa",
     "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9"},
    {FC_SHA512_256, "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
     "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a"},
};

// The empty message with a NULL pointer (allowed when the length is 0):
// the digests of "" (NIST's examples' definition; FIPS 180-4 padding of no
// bits), and HMAC with an empty key and message (RFC 4231 has none; the
// value is Python's hmac.new(b"", b"", sha256)). Under UBSan this also
// catches pointer arithmetic on the NULL.
TEST_P(HashKernelTest, EmptyMessageNullPointer) {
  const struct {
    fc_hash_alg alg;
    const char *hex;
  } empty[] = {
      {FC_SHA1, "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
      {FC_SHA256, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
      {FC_SHA512,
       "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2"
       "877eec2f63b931bd47417a81a538327af927da3e"},
  };
  size_t n = 0;
  for (const auto &e : empty) {
    if (fct::hash_op_of(e.alg) != GetParam().op) continue;
    uint8_t out[64];
    ASSERT_EQ(fc_hash(e.alg, nullptr, 0, out), FC_OK);
    EXPECT_EQ(fct::to_hex(Bytes(out, out + fc_hash_len(e.alg))), e.hex);
    n++;
  }
  EXPECT_EQ(n, 1u);
  if (GetParam().op == FC_OP_SHA256) {
    uint8_t mac[32];
    ASSERT_EQ(fc_hmac(FC_SHA256, nullptr, 0, nullptr, 0, mac), FC_OK);
    EXPECT_EQ(fct::to_hex(Bytes(mac, mac + 32)),
              "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad");
  }
}

TEST_P(HashKernelTest, FipsExamples) {
  size_t n = 0;
  for (const auto &f : kFips) {
    if (fct::hash_op_of(f.alg) != GetParam().op) continue;
    const char *two = fc_hash_block_len(f.alg) == 64 ? kM448 : kM896;
    Bytes abc((const uint8_t *)"abc", (const uint8_t *)"abc" + 3);
    Bytes m2((const uint8_t *)two, (const uint8_t *)two + strlen(two));
    EXPECT_EQ(fct::to_hex(oneshot(f.alg, abc)), f.abc) << "alg " << f.alg;
    EXPECT_EQ(fct::to_hex(oneshot(f.alg, m2)), f.two) << "alg " << f.alg;
    fc_hash_ctx c;
    ASSERT_EQ(fc_hash_init(&c, f.alg), FC_OK);
    fct::Rng r(f.alg);
    EXPECT_EQ(fct::to_hex(streamed(&c, m2, r)), f.two) << "alg " << f.alg << " streamed";
    n++;
  }
  EXPECT_EQ(n, GetParam().op == FC_OP_SHA1 ? 1u : GetParam().op == FC_OP_SHA256 ? 2u : 4u);
}

// Every length 0..kMaxLen of every alg of the op, on the pinned
// kernel, against the scalar kernel's one-shot digest (one fc_hash call per
// length, never an incremental prefix digest). Per length: the kernel's
// one-shot, and a stream cut at random points; at a random point near the
// end of the stream the context is copied, the copy finishes first (with other cuts)
// and is wiped by its final, then the original finishes: both must give
// the digest. Messages are the prefixes of one random buffer.
// Reproducible: the cuts of length L come from Rng(seed + L); a failure
// prints alg, length and seed (FCT_HASH_SEED overrides the seed).
// FCT_HASH_STRIDE=s checks lengths 0, s, 2s, ... and kMaxLen only: the
// cross suites set it for their runs under qemu (tests/CMakeLists.txt).
const size_t kMaxLen = 10000;

size_t env_size(const char *name, size_t dflt) {
  const char *v = std::getenv(name);
  return v && *v ? (size_t)std::strtoull(v, nullptr, 0) : dflt;
}

const Bytes &stream_message() {
  static const Bytes m = [] {
    fct::Rng r(0x5ea3);
    return random_bytes(r, kMaxLen);
  }();
  return m;
}

// Scalar one-shot digests of the prefixes in lens, computed once per alg
// per binary (the scalar parameter and every other kernel share them).
const Bytes &scalar_digests(fc_op op, fc_hash_alg a, const std::vector<size_t> &lens,
                            const std::string &pinned) {
  static std::map<int, Bytes> cache;
  auto it = cache.find(a);
  if (it != cache.end()) return it->second;
  const Bytes &m = stream_message();
  size_t dl = fc_hash_len(a);
  Bytes d(lens.size() * dl);
  EXPECT_EQ(fc_impl_select(op, "scalar"), FC_OK);
  for (size_t i = 0; i < lens.size(); i++)
    EXPECT_EQ(fc_hash(a, m.data(), lens[i], d.data() + i * dl), FC_OK);
  EXPECT_EQ(fc_impl_select(op, pinned.c_str()), FC_OK);
  return cache[a] = d;
}

TEST_P(HashKernelTest, StreamingEveryLengthMatchesScalar) {
  const size_t stride = env_size("FCT_HASH_STRIDE", 1);
  const uint64_t seed = env_size("FCT_HASH_SEED", 0x1d5);
  ASSERT_GE(stride, 1u);
  std::vector<size_t> lens;
  for (size_t l = 0; l < kMaxLen; l += stride) lens.push_back(l);
  lens.push_back(kMaxLen);
  const Bytes &m = stream_message();
  size_t checked = 0, bad = 0;
  for (fc_hash_alg a : algs()) {
    const size_t dl = fc_hash_len(a);
    const Bytes &ref = scalar_digests(GetParam().op, a, lens, GetParam().kernel);
    ASSERT_EQ(ref.size(), lens.size() * dl);
    ASSERT_STREQ(fc_impl_active(GetParam().op), GetParam().kernel.c_str());
    uint8_t one[FC_HASH_MAX_LEN], orig[FC_HASH_MAX_LEN], copy[FC_HASH_MAX_LEN];
    for (size_t i = 0; i < lens.size(); i++) {
      const size_t len = lens[i];
      const uint8_t *want = ref.data() + i * dl;
      fct::Rng r(seed + len);
      ASSERT_EQ(fc_hash(a, m.data(), len, one), FC_OK);
      // The copy point lies in the last 2 blocks + 1 bytes, so the tail hashed
      // twice stays short; it still meets every buffer fill level.
      size_t back = r.u32() % (2 * fc_hash_block_len(a) + 1);
      size_t cut = back < len ? len - back : 0;
      fc_hash_ctx c, c2;
      ASSERT_EQ(fc_hash_init(&c, a), FC_OK);
      stream_pieces(&c, m.data(), cut, r);
      c2 = c;  // plain struct copy
      stream_pieces(&c2, m.data() + cut, len - cut, r);
      ASSERT_EQ(fc_hash_final(&c2, copy), FC_OK);
      stream_pieces(&c, m.data() + cut, len - cut, r);
      ASSERT_EQ(fc_hash_final(&c, orig), FC_OK);
      bool ok = !memcmp(one, want, dl) && !memcmp(orig, want, dl) && !memcmp(copy, want, dl);
      if (!ok && ++bad <= 5)
        ADD_FAILURE() << "alg " << a << " len " << len << " seed " << seed << " (copy at " << cut
                      << "): scalar " << fct::to_hex(Bytes(want, want + dl)) << ", one-shot "
                      << fct::to_hex(Bytes(one, one + dl)) << ", streamed "
                      << fct::to_hex(Bytes(orig, orig + dl)) << ", copy "
                      << fct::to_hex(Bytes(copy, copy + dl));
      checked++;
    }
  }
  EXPECT_EQ(bad, 0u) << "lengths that failed (first 5 printed above), seed " << seed;
  EXPECT_EQ(checked, algs().size() * lens.size());
  std::printf("[ stream ] %s/%s: %zu lengths (0..%zu, stride %zu) x %zu algs\n",
              fct::hash_op_name(GetParam().op), GetParam().kernel.c_str(), lens.size(), kMaxLen,
              stride, algs().size());
}

// The pinned kernel against scalar, on the one-shot path (many blocks per
// compress call) and the streaming path. The scalar context is initialised
// while scalar is pinned: it keeps scalar after the pin moves back.
TEST_P(HashKernelTest, AgreesWithScalar) {
  const std::string k = GetParam().kernel;
  fct::Rng r(99 + GetParam().op);
  for (fc_hash_alg a : algs()) {
    for (size_t len : {0, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 1000, 4096, 16384, 65537}) {
      Bytes m = random_bytes(r, len), want(fc_hash_len(a)), got = oneshot(a, m);
      fc_hash_ctx c;
      ASSERT_EQ(fc_impl_select(GetParam().op, "scalar"), FC_OK);
      ASSERT_EQ(fc_hash_init(&c, a), FC_OK);
      ASSERT_EQ(fc_impl_select(GetParam().op, k.c_str()), FC_OK);
      ASSERT_EQ(fc_hash_update(&c, m.data(), m.size()), FC_OK);
      ASSERT_EQ(fc_hash_final(&c, want.data()), FC_OK);
      EXPECT_EQ(fct::to_hex(got), fct::to_hex(want)) << "alg " << a << " len " << len;
    }
  }
}

// A context keeps the kernel it was initialised with, whatever is pinned later.
TEST_P(HashKernelTest, ContextRecordsKernel) {
  fc_hash_alg a = algs()[0];
  fc_hash_ctx c;
  ASSERT_EQ(fc_hash_init(&c, a), FC_OK);
  const void *k = c.kernel;
  ASSERT_NE(k, nullptr);
  ASSERT_EQ(fc_impl_select(GetParam().op, "scalar"), FC_OK);
  Bytes m(1000, 0xa5);
  ASSERT_EQ(fc_hash_update(&c, m.data(), m.size()), FC_OK);
  EXPECT_EQ(c.kernel, k);
  Bytes d(fc_hash_len(a));
  ASSERT_EQ(fc_hash_final(&c, d.data()), FC_OK);
  EXPECT_EQ(d, oneshot(a, m));
}

TEST_P(HashKernelTest, CopiedContextContinuesIndependently) {
  fct::Rng r(3);
  for (fc_hash_alg a : algs()) {
    Bytes p = random_bytes(r, 200), s1 = random_bytes(r, 77), s2 = random_bytes(r, 300);
    fc_hash_ctx c, copy;
    ASSERT_EQ(fc_hash_init(&c, a), FC_OK);
    ASSERT_EQ(fc_hash_update(&c, p.data(), p.size()), FC_OK);
    copy = c;  // plain struct copy
    ASSERT_EQ(fc_hash_update(&c, s1.data(), s1.size()), FC_OK);
    ASSERT_EQ(fc_hash_update(&copy, s2.data(), s2.size()), FC_OK);
    Bytes d1(fc_hash_len(a)), d2(fc_hash_len(a));
    ASSERT_EQ(fc_hash_final(&copy, d2.data()), FC_OK);
    ASSERT_EQ(fc_hash_final(&c, d1.data()), FC_OK);
    Bytes m1 = p, m2 = p;
    m1.insert(m1.end(), s1.begin(), s1.end());
    m2.insert(m2.end(), s2.begin(), s2.end());
    EXPECT_EQ(d1, oneshot(a, m1));
    EXPECT_EQ(d2, oneshot(a, m2));
  }
}

TEST_P(HashKernelTest, HmacStreamingAndCopies) {
  fct::Rng r(11);
  for (fc_hash_alg a : algs()) {
    for (size_t klen : {0, 1, 20, 63, 64, 65, 127, 128, 129, 300}) {
      Bytes key = random_bytes(r, klen), msg = random_bytes(r, r.u32() % 3000);
      Bytes want(fc_hash_len(a)), got(fc_hash_len(a)), got2(fc_hash_len(a));
      ASSERT_EQ(fc_hmac(a, klen ? key.data() : nullptr, klen, msg.data(), msg.size(), want.data()),
                FC_OK);
      fc_hmac_ctx c, copy;
      ASSERT_EQ(fc_hmac_init(&c, a, key.data(), klen), FC_OK);
      copy = c;
      size_t cut = msg.empty() ? 0 : r.u32() % msg.size();
      ASSERT_EQ(fc_hmac_update(&c, msg.data(), cut), FC_OK);
      ASSERT_EQ(fc_hmac_update(&c, msg.data() + cut, msg.size() - cut), FC_OK);
      ASSERT_EQ(fc_hmac_final(&c, got.data()), FC_OK);
      EXPECT_EQ(got, want) << "alg " << a << " key " << klen;
      ASSERT_EQ(fc_hmac_update(&copy, msg.data(), msg.size()), FC_OK);
      ASSERT_EQ(fc_hmac_final(&copy, got2.data()), FC_OK);
      EXPECT_EQ(got2, want);
      // A key longer than the block is replaced by its hash (RFC 2104 2).
      if (klen > fc_hash_block_len(a)) {
        Bytes hk = oneshot(a, key);
        ASSERT_EQ(fc_hmac(a, hk.data(), hk.size(), msg.data(), msg.size(), got.data()), FC_OK);
        EXPECT_EQ(got, want);
      }
    }
  }
}

// fc_hmac's one-shot path (K0 ^ ipad, the message and its padding built in
// one buffer; sha_oneshot.h) against the streaming calls, for every
// message length to 3 blocks + 20 and keys around each 16-byte and block
// boundary; each buffer is exactly its length, so a read past it shows
// under AddressSanitizer.
TEST_P(HashKernelTest, HmacOneShotEveryLength) {
  const size_t stride = env_size("FCT_HASH_STRIDE", 1);
  fct::Rng r(23);
  size_t checked = 0;
  for (fc_hash_alg a : algs()) {
    const size_t block = fc_hash_block_len(a), hl = fc_hash_len(a);
    for (size_t klen : {size_t{0}, size_t{1}, size_t{7}, size_t{8}, size_t{15}, size_t{16},
                        size_t{33}, hl, block - 1, block, block + 1, 2 * block + 3}) {
      Bytes key = random_bytes(r, klen);
      for (size_t len = 0; len <= 3 * block + 20; len += (len < 2 * block ? 1 : stride)) {
        Bytes msg = random_bytes(r, len), want(hl), got(hl);
        fc_hmac_ctx c;
        ASSERT_EQ(fc_hmac_init(&c, a, klen ? key.data() : nullptr, klen), FC_OK);
        ASSERT_EQ(fc_hmac_update(&c, len ? msg.data() : nullptr, len), FC_OK);
        ASSERT_EQ(fc_hmac_final(&c, want.data()), FC_OK);
        ASSERT_EQ(fc_hmac(a, klen ? key.data() : nullptr, klen, len ? msg.data() : nullptr, len,
                          got.data()),
                  FC_OK);
        ASSERT_EQ(fct::to_hex(got), fct::to_hex(want)) << "alg " << a << " key " << klen
                                                       << " msg " << len;
        checked++;
      }
    }
  }
  EXPECT_GT(checked, 0u);
}

INSTANTIATE_TEST_SUITE_P(Kernels, HashKernelTest, ::testing::ValuesIn(fct::hash_params()),
                         fct::hash_param_name);

// ---------------------------------------------------------------------------
// Bad input: each its error code, from a valid state, nothing written past.
// ---------------------------------------------------------------------------

const int kBadAlgs[] = {0, FC_SHA3_512 + 1, FC_SHA3_512 + 2, -1, 100};

TEST(HashArgs, OneShot) {
  uint8_t out[FC_HASH_MAX_LEN + 8];
  for (int a : kBadAlgs) {
    EXPECT_EQ(fc_hash((fc_hash_alg)a, "x", 1, out), FC_ERR_ARG) << a;
    EXPECT_EQ(fc_hash_len((fc_hash_alg)a), 0u);
    EXPECT_EQ(fc_hash_block_len((fc_hash_alg)a), 0u);
  }
  EXPECT_EQ(fc_hash(FC_SHA256, nullptr, 1, out), FC_ERR_ARG);
  EXPECT_EQ(fc_hash(FC_SHA256, "x", 1, nullptr), FC_ERR_ARG);
  EXPECT_EQ(fc_hash(FC_SHA256, nullptr, 0, out), FC_OK);
  memset(out, 0xee, sizeof out);
  ASSERT_EQ(fc_hash(FC_SHA512_224, "abc", 3, out), FC_OK);
  for (size_t i = 28; i < sizeof out; i++) EXPECT_EQ(out[i], 0xee) << "written past 28 at " << i;
  const size_t blocks[] = {0, 64, 64, 64, 128, 128, 128, 128};
  for (int a = FC_SHA1; a <= FC_SHA512_256; a++) EXPECT_EQ(fc_hash_block_len((fc_hash_alg)a), blocks[a]);
}

TEST(HashArgs, Streaming) {
  fc_hash_ctx c;
  uint8_t out[FC_HASH_MAX_LEN];
  EXPECT_EQ(fc_hash_init(nullptr, FC_SHA256), FC_ERR_ARG);
  for (int a : kBadAlgs) {
    ASSERT_EQ(fc_hash_init(&c, FC_SHA256), FC_OK);  // valid first
    EXPECT_EQ(fc_hash_init(&c, (fc_hash_alg)a), FC_ERR_ARG);
    EXPECT_EQ(fc_hash_update(&c, "x", 1), FC_ERR_ARG) << "failed init must leave ctx unusable";
    EXPECT_EQ(fc_hash_final(&c, out), FC_ERR_ARG);
  }
  ASSERT_EQ(fc_hash_init(&c, FC_SHA256), FC_OK);
  EXPECT_EQ(fc_hash_update(&c, nullptr, 5), FC_ERR_ARG);
  EXPECT_EQ(fc_hash_update(&c, nullptr, 0), FC_OK);
  EXPECT_EQ(fc_hash_update(nullptr, "x", 1), FC_ERR_ARG);
  EXPECT_EQ(fc_hash_final(&c, nullptr), FC_ERR_ARG);
  EXPECT_EQ(fc_hash_final(nullptr, out), FC_ERR_ARG);
  ASSERT_EQ(fc_hash_update(&c, "abc", 3), FC_OK);
  ASSERT_EQ(fc_hash_final(&c, out), FC_OK);
  EXPECT_EQ(fct::to_hex(Bytes(out, out + 32)),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // Final wiped the context: update and final after final are refused.
  fc_hash_ctx zero;
  memset(&zero, 0, sizeof zero);
  EXPECT_EQ(memcmp(&c, &zero, sizeof c), 0) << "ctx not wiped by final";
  EXPECT_EQ(fc_hash_update(&c, "x", 1), FC_ERR_ARG);
  EXPECT_EQ(fc_hash_final(&c, out), FC_ERR_ARG);
  // A corrupted buffer count is refused, not trusted.
  ASSERT_EQ(fc_hash_init(&c, FC_SHA256), FC_OK);
  c.buf_len = 64;
  EXPECT_EQ(fc_hash_update(&c, "x", 1), FC_ERR_ARG);
  // Total length over the FIPS 180-4 limit (2^61 - 1 bytes).
  ASSERT_EQ(fc_hash_init(&c, FC_SHA1), FC_OK);
  c.total = ((uint64_t)1 << 61) - 2;
  EXPECT_EQ(fc_hash_update(&c, "x", 1), FC_OK);
  EXPECT_EQ(fc_hash_update(&c, "x", 1), FC_ERR_ARG);
}

TEST(HashArgs, Hmac) {
  uint8_t out[FC_HASH_MAX_LEN];
  fc_hmac_ctx c;
  for (int a : kBadAlgs) {
    EXPECT_EQ(fc_hmac((fc_hash_alg)a, (const uint8_t *)"k", 1, "m", 1, out), FC_ERR_ARG);
    ASSERT_EQ(fc_hmac_init(&c, FC_SHA256, (const uint8_t *)"k", 1), FC_OK);
    EXPECT_EQ(fc_hmac_init(&c, (fc_hash_alg)a, (const uint8_t *)"k", 1), FC_ERR_ARG);
    EXPECT_EQ(fc_hmac_update(&c, "m", 1), FC_ERR_ARG);
    EXPECT_EQ(fc_hmac_final(&c, out), FC_ERR_ARG);
  }
  EXPECT_EQ(fc_hmac(FC_SHA256, nullptr, 3, "m", 1, out), FC_ERR_ARG);
  EXPECT_EQ(fc_hmac(FC_SHA256, (const uint8_t *)"k", 1, nullptr, 1, out), FC_ERR_ARG);
  EXPECT_EQ(fc_hmac(FC_SHA256, (const uint8_t *)"k", 1, "m", 1, nullptr), FC_ERR_ARG);
  EXPECT_EQ(fc_hmac_init(nullptr, FC_SHA256, nullptr, 0), FC_ERR_ARG);
  ASSERT_EQ(fc_hmac_init(&c, FC_SHA256, (const uint8_t *)"k", 1), FC_OK);
  EXPECT_EQ(fc_hmac_init(&c, FC_SHA256, nullptr, 1), FC_ERR_ARG);
  EXPECT_EQ(fc_hmac_update(&c, "m", 1), FC_ERR_ARG);
  ASSERT_EQ(fc_hmac_init(&c, FC_SHA256, (const uint8_t *)"k", 1), FC_OK);
  ASSERT_EQ(fc_hmac_final(&c, out), FC_OK);
  EXPECT_EQ(fc_hmac_update(&c, "m", 1), FC_ERR_ARG) << "update after final";
  EXPECT_EQ(fc_hmac_final(&c, out), FC_ERR_ARG) << "final after final";
  // RFC 4231 test case 2 (key "Jefe").
  const char *msg = "what do ya want for nothing?";
  ASSERT_EQ(fc_hmac(FC_SHA256, (const uint8_t *)"Jefe", 4, msg, strlen(msg), out), FC_OK);
  EXPECT_EQ(fct::to_hex(Bytes(out, out + 32)),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

TEST(HashArgs, Hkdf) {
  const uint8_t ikm[22] = {0x0b};
  uint8_t okm[300 * 64 + 8];
  for (int a : kBadAlgs)
    EXPECT_EQ(fc_hkdf((fc_hash_alg)a, nullptr, 0, ikm, 22, nullptr, 0, okm, 32), FC_ERR_ARG);
  const struct {
    fc_hash_alg a;
    size_t max;
  } lim[] = {{FC_SHA1, 255 * 20}, {FC_SHA256, 255 * 32}, {FC_SHA384, 255 * 48},
             {FC_SHA512, 255 * 64}, {FC_SHA512_224, 255 * 28}};
  for (auto l : lim) {
    memset(okm, 0xee, sizeof okm);
    EXPECT_EQ(fc_hkdf(l.a, nullptr, 0, ikm, 22, nullptr, 0, okm, l.max + 1), FC_ERR_ARG);
    for (uint8_t b : okm) ASSERT_EQ(b, 0xee) << "written on error";
    ASSERT_EQ(fc_hkdf(l.a, nullptr, 0, ikm, 22, nullptr, 0, okm, l.max), FC_OK);
    for (size_t i = l.max; i < sizeof okm; i++) ASSERT_EQ(okm[i], 0xee) << "written past " << l.max;
  }
  EXPECT_EQ(fc_hkdf(FC_SHA256, nullptr, 0, ikm, 22, nullptr, 0, okm, 0), FC_ERR_ARG);
  EXPECT_EQ(fc_hkdf(FC_SHA256, nullptr, 0, ikm, 22, nullptr, 0, nullptr, 32), FC_ERR_ARG);
  EXPECT_EQ(fc_hkdf(FC_SHA256, nullptr, 1, ikm, 22, nullptr, 0, okm, 32), FC_ERR_ARG);
  EXPECT_EQ(fc_hkdf(FC_SHA256, nullptr, 0, nullptr, 22, nullptr, 0, okm, 32), FC_ERR_ARG);
  EXPECT_EQ(fc_hkdf(FC_SHA256, nullptr, 0, ikm, 22, nullptr, 5, okm, 32), FC_ERR_ARG);
}

TEST(HashArgs, Pbkdf2) {
  uint8_t out[40];
  const uint8_t pw[] = "password", salt[] = "salt";
  for (int a : kBadAlgs)
    EXPECT_EQ(fc_pbkdf2((fc_hash_alg)a, pw, 8, salt, 4, 1, out, 20), FC_ERR_ARG);
  memset(out, 0xee, sizeof out);
  EXPECT_EQ(fc_pbkdf2(FC_SHA1, pw, 8, salt, 4, 0, out, 20), FC_ERR_ARG) << "zero iterations";
  EXPECT_EQ(fc_pbkdf2(FC_SHA1, pw, 8, salt, 4, 1, out, 0), FC_ERR_ARG) << "zero output";
  EXPECT_EQ(fc_pbkdf2(FC_SHA1, pw, 8, salt, 4, 1, nullptr, 20), FC_ERR_ARG);
  EXPECT_EQ(fc_pbkdf2(FC_SHA1, nullptr, 8, salt, 4, 1, out, 20), FC_ERR_ARG);
  EXPECT_EQ(fc_pbkdf2(FC_SHA1, pw, 8, nullptr, 4, 1, out, 20), FC_ERR_ARG);
  for (uint8_t b : out) ASSERT_EQ(b, 0xee) << "written on error";
  // RFC 6070 test 2 (c = 2), 25 bytes: nothing past them.
  ASSERT_EQ(fc_pbkdf2(FC_SHA1, pw, 8, salt, 4, 2, out, 20), FC_OK);
  EXPECT_EQ(fct::to_hex(Bytes(out, out + 20)), "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957");
  for (size_t i = 20; i < sizeof out; i++) EXPECT_EQ(out[i], 0xee);
}

}  // namespace
