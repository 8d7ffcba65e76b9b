// fc_mont_init_rr: a Montgomery context from given R^2 mod n and n0inv.
// Valid constants (vboot's .keyb files and random moduli with reference
// constants) give the same context and results as fc_mont_init on every
// kernel; each bad input, applied to a valid context, is refused with its
// code and leaves the context unusable (FC_ERR_ARG afterwards).
#include <gtest/gtest.h>

#include <cstring>

#include "fc_test.h"
// fc_internal.h has no extern "C" guard of its own.
extern "C" {
#include "core/fc_internal.h"
}

using fct::Bytes;
using fct::Rng;
using W = fct::ref::W;

namespace {

class MontRr : public fct::MontKernelTest {};

uint32_t le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

// The numbers of a vboot .keyb (nwords, n0inv, n[], rr[]), as vboot hands them over.
struct Keyb {
  uint32_t n0inv = 0;
  W n, rr;
};

Keyb load_keyb(const std::string &rel) {
  Bytes b = fct::read_file(fct::vectors_dir() + "/vboot/" + rel);
  Keyb k;
  if (b.size() < 8) return k;
  uint32_t nw = le32(b.data());
  if (b.size() != 8 + 8 * (size_t)nw) {
    ADD_FAILURE() << rel << ": not a .keyb";
    return k;
  }
  k.n0inv = le32(b.data() + 4);
  for (uint32_t i = 0; i < nw; i++) {
    k.n.push_back(le32(b.data() + 8 + 4 * i));
    k.rr.push_back(le32(b.data() + 8 + 4 * (nw + i)));
  }
  return k;
}

const char *const kKeybs[] = {
    "testkeys/key_rsa1024.keyb",      "testkeys/key_rsa2048.keyb",
    "testkeys/key_rsa4096.keyb",      "testkeys/key_rsa8192.keyb",
    "testkeys/key_rsa2048_exp3.keyb", "testkeys/key_rsa3072_exp3.keyb",
    "testkeys/datakey.keyb",          "testkeys/rsa_padding_test_pubkey.keyb",
};

// -1/x mod 2^32 by bit-by-bit lifting (independent of the library's Newton).
uint32_t neg_inv32_slow(uint32_t x) {
  uint32_t y = 0;  // y * x = -1 mod 2^(i+1) after bit i
  for (int i = 0; i < 32; i++)
    if (((y * x + 1) >> i) & 1) y |= 1u << i;
  return y;
}

W random_odd(Rng &rng, size_t nw, unsigned top_bits) {
  W n(nw);
  for (auto &w : n) w = rng.u32();
  if (top_bits < 32) n[nw - 1] &= (1u << top_bits) - 1;
  n[nw - 1] |= 1u << (top_bits - 1);
  n[0] |= 1;
  return n;
}

// Same numbers, same kernel, same kernel data as fc_mont_init gives.
void expect_same_ctx(const fc_mont_ctx &a, const fc_mont_ctx &b, const std::string &what) {
  EXPECT_EQ(a.kernel, b.kernel) << what;
  EXPECT_EQ(a.nwords, b.nwords) << what;
  EXPECT_EQ(a.nbits, b.nbits) << what;
  EXPECT_EQ(a.n0inv, b.n0inv) << what;
  EXPECT_EQ(0, memcmp(a.n, b.n, sizeof a.n)) << what;
  EXPECT_EQ(0, memcmp(a.rr, b.rr, sizeof a.rr)) << what;
  EXPECT_EQ(0, memcmp(a.kdata, b.kdata, sizeof a.kdata)) << what;
}

TEST_P(MontRr, VbootKeysMatchMontInit) {
  const Bytes f4 = {1, 0, 1};
  int n = 0;
  for (const char *rel : kKeybs) {
    SCOPED_TRACE(rel);
    Keyb k = load_keyb(rel);
    ASSERT_FALSE(k.n.empty());
    fc_mont_ctx a, b;
    ASSERT_EQ(fc_mont_init_rr(&a, k.n.data(), k.rr.data(), k.n0inv, k.n.size()), FC_OK);
    ASSERT_NE(a.kernel, nullptr);
    EXPECT_STREQ(static_cast<const fc__kernel_head *>(a.kernel)->name, GetParam().c_str());
    ASSERT_EQ(fc_mont_init(&b, k.n.data(), k.n.size()), FC_OK);
    expect_same_ctx(a, b, rel);

    // base^65537 and a product against the reference bignum.
    Rng rng(7 + n);
    W x(k.n.size()), y(k.n.size()), r(k.n.size());
    for (auto &w : x) w = rng.u32();
    for (auto &w : y) w = rng.u32();
    x = fct::ref::mod(x, k.n);
    y = fct::ref::mod(y, k.n);
    ASSERT_EQ(fc_modpow(&a, r.data(), x.data(), f4.data(), f4.size()), FC_OK);
    EXPECT_EQ(r, fct::ref::powmod(x, f4, k.n));
    fc_mont_mul(&a, r.data(), x.data(), y.data());
    EXPECT_EQ(fct::ref::shift_mod(r, k.n.size(), k.n), fct::ref::mulmod(x, y, k.n));
    n++;
  }
  EXPECT_EQ(n, 8);
}

// Random moduli with constants from the reference (R^2 mod n by long
// division, n0inv bit by bit): every size class, leading zero words, 1 word.
TEST_P(MontRr, RandomModuliMatchReference) {
  Rng rng(11);
  const Bytes e3 = {3}, e_long = {0x9c, 0x41, 0x07, 0x25, 0x13};
  struct Shape {
    size_t nw;
    unsigned top;
  } shapes[] = {{1, 32}, {1, 7}, {2, 1}, {3, 32}, {16, 32}, {17, 5},
                {64, 32}, {64, 31}, {65, 1}, {96, 32}, {128, 20}, {256, 32}};
  for (const Shape &s : shapes) {
    SCOPED_TRACE(::testing::Message() << s.nw << " words, top word " << s.top << " bits");
    W n = random_odd(rng, s.nw, s.top);
    if (s.nw == 1 && n[0] < 3) n[0] = 3;
    W r2(2 * s.nw + 1, 0);
    r2[2 * s.nw] = 1;  // R^2 = 2^(64 nw)
    W rr = fct::ref::mod(r2, n);
    uint32_t n0inv = neg_inv32_slow(n[0]);
    ASSERT_EQ((uint32_t)(n0inv * n[0]), 0xffffffffu);
    fc_mont_ctx a, b;
    ASSERT_EQ(fc_mont_init_rr(&a, n.data(), rr.data(), n0inv, s.nw), FC_OK);
    ASSERT_EQ(fc_mont_init(&b, n.data(), s.nw), FC_OK);
    expect_same_ctx(a, b, "random");
    W x(s.nw), r(s.nw);
    for (auto &w : x) w = rng.u32();
    x = fct::ref::mod(x, n);
    for (const Bytes *e : {&e3, &e_long}) {
      ASSERT_EQ(fc_modpow(&a, r.data(), x.data(), e->data(), e->size()), FC_OK);
      EXPECT_EQ(r, fct::ref::powmod(x, *e, n));
    }
  }
}

// Re-initialising a context from its own fields works (n, rr inside ctx).
TEST_P(MontRr, InputsInsideTheContext) {
  Keyb k = load_keyb("testkeys/key_rsa2048.keyb");
  ASSERT_EQ(k.n.size(), 64u);
  fc_mont_ctx a, b;
  ASSERT_EQ(fc_mont_init_rr(&a, k.n.data(), k.rr.data(), k.n0inv, 64), FC_OK);
  b = a;
  ASSERT_EQ(fc_mont_init_rr(&a, a.n, a.rr, a.n0inv, a.nwords), FC_OK);
  expect_same_ctx(a, b, "re-init from own fields");
  // n and rr where the other goes (ctx->rr holds n, ctx->n holds rr), at
  // the arrays' start and a word or three further in: neither copy may
  // clobber the other's source.
  for (size_t rr_at : {0, 1, 3}) {
    for (size_t n_at : {0, 1, 2}) {
      SCOPED_TRACE(::testing::Message() << "rr at ctx.n + " << rr_at << ", n at ctx.rr + " << n_at);
      fc_mont_ctx c = b;
      memcpy(c.n + rr_at, k.rr.data(), 4 * 64);
      memcpy(c.rr + n_at, k.n.data(), 4 * 64);
      ASSERT_EQ(fc_mont_init_rr(&c, c.rr + n_at, c.n + rr_at, k.n0inv, 64), FC_OK);
      expect_same_ctx(c, b, "n and rr swapped inside ctx");
    }
  }
  // rr inside ctx.n, n outside (rr first), and the reverse (n first).
  {
    fc_mont_ctx c = b;
    memcpy(c.n + 2, k.rr.data(), 4 * 64);
    ASSERT_EQ(fc_mont_init_rr(&c, k.n.data(), c.n + 2, k.n0inv, 64), FC_OK);
    expect_same_ctx(c, b, "rr inside ctx.n");
    memcpy(c.rr + 2, k.n.data(), 4 * 64);
    ASSERT_EQ(fc_mont_init_rr(&c, c.rr + 2, k.rr.data(), k.n0inv, 64), FC_OK);
    expect_same_ctx(c, b, "n inside ctx.rr");
  }
  // A failing re-init from its own fields still clears it.
  EXPECT_EQ(fc_mont_init_rr(&a, a.n, a.rr, a.n0inv + 2, a.nwords), FC_ERR_KEY);
  EXPECT_EQ(a.kernel, nullptr);
  EXPECT_EQ(a.nwords, 0u);
}

// A context left by a failed init: every use is refused, nothing written.
void expect_unusable(const fc_mont_ctx &ctx, const std::string &what) {
  EXPECT_EQ(ctx.kernel, nullptr) << what;
  EXPECT_EQ(ctx.nwords, 0u) << what;
  EXPECT_EQ(ctx.n0inv, 0u) << what;
  uint32_t zero_words[FC_MONT_MAX_WORDS] = {0};
  EXPECT_EQ(0, memcmp(ctx.n, zero_words, sizeof zero_words)) << what << ": n left behind";
  EXPECT_EQ(0, memcmp(ctx.rr, zero_words, sizeof zero_words)) << what << ": rr left behind";
  const Bytes e = {1, 0, 1};
  uint32_t base[FC_MONT_MAX_WORDS] = {5}, r[FC_MONT_MAX_WORDS];
  memset(r, 0xa5, sizeof r);
  EXPECT_EQ(fc_modpow(&ctx, r, base, e.data(), e.size()), FC_ERR_ARG) << what;
  uint8_t ws[64];
  EXPECT_EQ(fc_modpow_ws(&ctx, r, base, e.data(), e.size(), ws, sizeof ws), FC_ERR_ARG) << what;
  fc_mont_mul(&ctx, r, base, base);
  for (uint32_t w : r) ASSERT_EQ(w, 0xa5a5a5a5u) << what << ": fc_mont_mul wrote its output";
}

TEST_P(MontRr, EachBadInputLeavesTheContextUnusable) {
  Keyb k = load_keyb("testkeys/key_rsa4096.keyb");
  const size_t nw = k.n.size();
  ASSERT_EQ(nw, 128u);
  W even = k.n, one(nw, 0), rr_eq_n = k.n, rr_above = k.rr, big(FC_MONT_MAX_WORDS + 1, 0);
  even[0] ^= 1;
  one[0] = 1;
  rr_above[nw - 1] = k.n[nw - 1] + 1;  // > n in the top word
  ASSERT_LT(fct::ref::cmp(k.rr, k.n), 0);
  big[0] = 1;
  big[FC_MONT_MAX_WORDS] = 1;
  W rr_big(big.size(), 0), zeros(nw, 0);
  struct Bad {
    const char *what;
    const uint32_t *n, *rr;
    uint32_t n0inv;
    size_t nw;
    fc_err want;
  } bad[] = {
      {"n NULL", nullptr, k.rr.data(), k.n0inv, nw, FC_ERR_ARG},
      {"rr NULL", k.n.data(), nullptr, k.n0inv, nw, FC_ERR_ARG},
      {"nwords 0", k.n.data(), k.rr.data(), k.n0inv, 0, FC_ERR_ARG},
      {"nwords over the maximum", big.data(), rr_big.data(), 0xffffffffu, big.size(), FC_ERR_ARG},
      {"n even", even.data(), k.rr.data(), k.n0inv, nw, FC_ERR_ARG},
      {"n = 1", one.data(), zeros.data(), 0xffffffffu, nw, FC_ERR_ARG},
      {"n0inv + 2", k.n.data(), k.rr.data(), k.n0inv + 2, nw, FC_ERR_KEY},
      {"n0inv = 1/n (sign)", k.n.data(), k.rr.data(), 0u - k.n0inv, nw, FC_ERR_KEY},
      {"n0inv 0", k.n.data(), k.rr.data(), 0, nw, FC_ERR_KEY},
      {"rr = n", k.n.data(), rr_eq_n.data(), k.n0inv, nw, FC_ERR_KEY},
      {"rr > n", k.n.data(), rr_above.data(), k.n0inv, nw, FC_ERR_KEY},
  };
  int cases = 0;
  for (const Bad &b : bad) {
    fc_mont_ctx ctx;
    ASSERT_EQ(fc_mont_init_rr(&ctx, k.n.data(), k.rr.data(), k.n0inv, nw), FC_OK) << b.what;
    ASSERT_NE(ctx.kernel, nullptr);
    EXPECT_EQ(fc_mont_init_rr(&ctx, b.n, b.rr, b.n0inv, b.nw), b.want)
        << b.what << ": got " << fct::err_name(fc_mont_init_rr(&ctx, b.n, b.rr, b.n0inv, b.nw));
    expect_unusable(ctx, b.what);
    cases++;
  }
  EXPECT_EQ(cases, 11);
  EXPECT_EQ(fc_mont_init_rr(nullptr, k.n.data(), k.rr.data(), k.n0inv, nw), FC_ERR_ARG);
}

INSTANTIATE_TEST_SUITE_P(Kernels, MontRr, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const ::testing::TestParamInfo<std::string> &i) {
                           return fct::param_name(i.param);
                         });

}  // namespace
