// FC_OP_SHA256_X, every kernel: the driver fc__sha256_x against one-stream
// SHA-256 (fc_hash, whose own NIST vectors are in test_sha) for message
// lengths around the padding boundaries and random ones up to 300 bytes,
// every stream count from 1 to 2 * lanes + 1, with and without an initial
// state after a prefix, outputs over their inputs; compress_x against the
// portable FC_OP_SHA256 kernel per stream on random states; FIPS 180-4's
// two SHA-256 examples ("abc", the 448-bit message); the kernel's declared
// stack (support/stack_depth.h; skipped under sanitizers).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <iostream>
#include <memory>

#include "fc_test.h"
#include "stack_depth.h"
// fc_internal.h has no extern "C" guard of its own.
extern "C" {
#include "hash/hash_internal.h"
}

using fct::Bytes;

namespace {

class Sha256X : public fct::KernelTest {
 protected:
  Sha256X() : KernelTest(FC_OP_SHA256_X) {}
  const fc__sha256_x_kernel *k() {
    const fc__sha256_x_kernel *x = fc__sha256_x_active();
    EXPECT_NE(x, nullptr);
    if (x != nullptr) {
      EXPECT_STREQ(x->h.name, GetParam().c_str());
    }
    return x;
  }
};

Bytes random_bytes(fct::Rng &r, size_t n) {
  Bytes b(n);
  for (auto &v : b) v = (uint8_t)r.next();
  return b;
}

Bytes sha256(const Bytes &m) {
  Bytes d(32);
  EXPECT_EQ(fc_hash(FC_SHA256, m.data(), m.size(), d.data()), FC_OK);
  return d;
}

// n messages of len bytes through fc__sha256_x; prefix (a multiple of 64
// bytes, possibly empty) is folded into the initial state first with the
// portable FC_OP_SHA256 kernel, the expected digest is fc_hash(prefix ||
// message). alias: each digest written over its own message's buffer.
void check_driver(const fc__sha256_x_kernel *xk, fct::Rng &r, size_t len, size_t n,
                  const Bytes &prefix, bool alias) {
  std::vector<Bytes> msg(n), out(n);
  std::vector<const uint8_t *> mp(n);
  std::vector<uint8_t *> op(n);
  for (size_t i = 0; i < n; i++) {
    msg[i] = random_bytes(r, std::max<size_t>(len, 32));
    out[i].assign(32, 0);
    mp[i] = msg[i].data();
    op[i] = alias ? msg[i].data() : out[i].data();
  }
  std::vector<Bytes> want(n);
  for (size_t i = 0; i < n; i++) {
    Bytes whole = prefix;
    whole.insert(whole.end(), msg[i].begin(), msg[i].begin() + (ptrdiff_t)len);
    want[i] = sha256(whole);
  }
  uint32_t init[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  if (!prefix.empty()) fc__sha256_scalar.compress(init, prefix.data(), prefix.size() / 64);
  fc__sha256_x(xk, prefix.empty() && (r.next() & 1) ? nullptr : init, prefix.size(), mp.data(),
               len, n, op.data());
  for (size_t i = 0; i < n; i++) {
    Bytes got(op[i], op[i] + 32);
    EXPECT_EQ(fct::to_hex(got), fct::to_hex(want[i]))
        << xk->h.name << ": len " << len << ", " << n << " streams, stream " << i << ", prefix "
        << prefix.size() << (alias ? ", aliased" : "");
  }
}

TEST_P(Sha256X, Lanes) {
  const fc__sha256_x_kernel *xk = k();
  ASSERT_NE(xk, nullptr);
  EXPECT_GE(xk->lanes, 1u);
  EXPECT_LE(xk->lanes, (uint32_t)FC__SHA256_X_MAX_LANES);
  const std::pair<const char *, uint32_t> kWidth[] = {
      {"avx512", 16}, {"avx2", 8}, {"neon", 4}, {"armv8", 1}, {"single", 1}};
  for (auto [name, w] : kWidth)
    if (GetParam() == name) {
      EXPECT_EQ(xk->lanes, w);
    }
}

// FIPS 180-4 / the NIST examples (SHA256.pdf): "abc" (one block) and
// "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq" (448 bits:
// the length spills into a second block), in every stream of a call of
// 2 * lanes + 1 streams and of one stream.
TEST_P(Sha256X, Fips180Examples) {
  const fc__sha256_x_kernel *xk = k();
  ASSERT_NE(xk, nullptr);
  const struct {
    const char *msg, *md;
  } kEx[] = {
      {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
  };
  for (const auto &e : kEx)
    for (size_t n : {(size_t)1, 2 * (size_t)xk->lanes + 1}) {
      std::vector<const uint8_t *> mp(n, (const uint8_t *)e.msg);
      std::vector<Bytes> out(n, Bytes(32));
      std::vector<uint8_t *> op(n);
      for (size_t i = 0; i < n; i++) op[i] = out[i].data();
      fc__sha256_x(xk, nullptr, 0, mp.data(), std::strlen(e.msg), n, op.data());
      for (size_t i = 0; i < n; i++)
        EXPECT_EQ(fct::to_hex(out[i]), e.md) << e.msg << ", " << n << " streams, stream " << i;
    }
}

// Lengths at the padding boundaries (55: one tail block; 56 .. 63: two; 64:
// the padding block alone) and random ones, every stream count up to
// 2 * lanes + 1; n = 0 writes nothing.
TEST_P(Sha256X, DriverAgainstOneStream) {
  const fc__sha256_x_kernel *xk = k();
  ASSERT_NE(xk, nullptr);
  fct::Rng r(1);
  std::vector<size_t> lens = {0, 1, 31, 32, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 300};
  for (int i = 0; i < 12; i++) lens.push_back(r.next() % 301);
  const size_t top = 2 * (size_t)xk->lanes + 1;
  for (size_t len : lens)
    for (size_t n = 1; n <= std::max<size_t>(top, 3); n++) check_driver(xk, r, len, n, {}, false);
  // more streams than one batch of the driver
  for (size_t len : {(size_t)0, (size_t)64, (size_t)100})
    check_driver(xk, r, len, 2 * FC__SHA256_X_MAX_LANES + 3, {}, false);
  Bytes sentinel(32, 0xee);
  uint8_t *op = sentinel.data();
  const uint8_t *mp = sentinel.data();
  fc__sha256_x(xk, nullptr, 0, &mp, 0, 0, &op);
  EXPECT_EQ(sentinel, Bytes(32, 0xee));
}

// An initial state after a prefix of 1 to 3 blocks, as SLH-DSA's and LMS's
// hashes continue a precomputed one; and digests over their own messages.
TEST_P(Sha256X, InitPrefixAndAliasing) {
  const fc__sha256_x_kernel *xk = k();
  ASSERT_NE(xk, nullptr);
  fct::Rng r(2);
  const size_t top = 2 * (size_t)xk->lanes + 1;
  for (size_t pblocks : {1, 2, 3}) {
    Bytes prefix = random_bytes(r, 64 * pblocks);
    for (size_t len : {(size_t)0, (size_t)22, (size_t)55, (size_t)56, (size_t)64, (size_t)119,
                       (size_t)(r.next() % 301)})
      for (size_t n = 1; n <= top; n++) check_driver(xk, r, len, n, prefix, false);
  }
  for (size_t len : {(size_t)32, (size_t)55, (size_t)56, (size_t)64, (size_t)120, (size_t)250})
    for (size_t n = 1; n <= top; n++) {
      check_driver(xk, r, len, n, {}, true);
      check_driver(xk, r, len, n, random_bytes(r, 64), true);
    }
}

// compress_x against fc__sha256_scalar.compress stream by stream: random
// states, 1 to 3 blocks, every count up to 2 * lanes + 1, one input shared
// by several states. For "single", on every usable FC_OP_SHA256 kernel.
TEST_P(Sha256X, CompressAgainstScalar) {
  const fc__sha256_x_kernel *xk = k();
  ASSERT_NE(xk, nullptr);
  std::vector<std::string> inner = {""};
  if (GetParam() == "single") inner = fct::kernels(FC_OP_SHA256);
  fct::Rng r(3);
  for (const std::string &kn : inner) {
    std::unique_ptr<fct::Pin> pin;
    if (!kn.empty()) {
      if (!fct::kernel_usable(FC_OP_SHA256, kn)) continue;
      pin = std::make_unique<fct::Pin>(FC_OP_SHA256, kn);
      ASSERT_EQ(pin->rc, FC_OK);
    }
    const size_t top = 2 * (size_t)xk->lanes + 1;
    for (size_t nb = 1; nb <= 3; nb++)
      for (size_t n = 1; n <= top; n++)
        for (int shared = 0; shared < 2; shared++) {
          std::vector<std::array<uint32_t, 8>> st(n), want(n);
          std::vector<Bytes> blocks(n);
          std::vector<uint32_t *> sp(n);
          std::vector<const uint8_t *> ip(n);
          for (size_t i = 0; i < n; i++) {
            for (auto &w : st[i]) w = r.u32();
            blocks[i] = random_bytes(r, 64 * nb);
            sp[i] = st[i].data();
            ip[i] = blocks[shared ? i / 2 : i].data();
          }
          for (size_t i = 0; i < n; i++) {
            want[i] = st[i];
            fc__sha256_scalar.compress(want[i].data(), ip[i], nb);
          }
          xk->compress_x(sp.data(), ip.data(), n, nb);
          for (size_t i = 0; i < n; i++)
            EXPECT_EQ(st[i], want[i]) << GetParam() << (kn.empty() ? "" : " on sha256=" + kn)
                                      << ": " << n << " streams, " << nb << " blocks, stream "
                                      << i << (shared ? ", inputs shared" : "");
        }
  }
}

// The declared stack: compress_x at every count up to one full group and
// a half, and the driver within FC__SHA256_X_DRIVER_STACK on top of it.
struct StackCall {
  const fc__sha256_x_kernel *xk;
  size_t n, nblocks, len;
  uint32_t st[2 * FC__SHA256_X_MAX_LANES][8];
  uint32_t *sp[2 * FC__SHA256_X_MAX_LANES];
  const uint8_t *ip[2 * FC__SHA256_X_MAX_LANES];
  uint8_t *op[2 * FC__SHA256_X_MAX_LANES];
  uint8_t buf[2 * FC__SHA256_X_MAX_LANES][3 * 64];
  uint8_t out[2 * FC__SHA256_X_MAX_LANES][32];
} g;

[[maybe_unused]] __attribute__((noinline)) void body_compress() {
  g.xk->compress_x(g.sp, g.ip, g.n, g.nblocks);
}
[[maybe_unused]] __attribute__((noinline)) void body_driver() {
  fc__sha256_x(g.xk, nullptr, 0, g.ip, g.len, g.n, g.op);
}

TEST_P(Sha256X, StackWithinFigure) {
#if defined(FCT_ASAN)
  GTEST_SKIP() << "stack depths are meaningless under AddressSanitizer (redzones, fake stacks)";
#else
  const fc__sha256_x_kernel *xk = k();
  ASSERT_NE(xk, nullptr);
  fct::Rng r(4);
  g.xk = xk;
  for (size_t i = 0; i < 2 * FC__SHA256_X_MAX_LANES; i++) {
    for (auto &w : g.st[i]) w = r.u32();
    for (auto &b : g.buf[i]) b = (uint8_t)r.next();
    g.sp[i] = g.st[i];
    g.ip[i] = g.buf[i];
    g.op[i] = g.out[i];
  }
  size_t worst = 0, worst_driver = 0;
  const size_t top = std::min<size_t>(xk->lanes + xk->lanes / 2 + 1, 2 * FC__SHA256_X_MAX_LANES);
  for (size_t n = 1; n <= top; n++) {
    g.n = n;
    g.nblocks = 1 + n % 3;
    worst = std::max(worst, fct::stack_depth_net(body_compress));
    for (size_t len : {0, 55, 56, 130}) {
      g.len = len;
      worst_driver = std::max(worst_driver, fct::stack_depth_net(body_driver));
    }
  }
  EXPECT_LE(worst, xk->stack) << GetParam();
  EXPECT_GT(worst, 0u) << GetParam() << ": implausibly small: did it run?";
  EXPECT_LE(worst_driver, (size_t)xk->stack + FC__SHA256_X_DRIVER_STACK) << GetParam();
  std::cout << "[ STACK    ] sha256_x=" << GetParam() << ": compress_x " << worst << " of "
            << xk->stack << " B, fc__sha256_x " << worst_driver << " B\n";
#endif
}

INSTANTIATE_TEST_SUITE_P(AllKernels, Sha256X, ::testing::ValuesIn(fct::kernels(FC_OP_SHA256_X)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
