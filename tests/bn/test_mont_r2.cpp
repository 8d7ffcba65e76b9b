// R^2 mod n after fc_mont_init, on every Montgomery kernel, against values
// from outside the library:
//  - tests/vectors/local/mont_r2.txt (tools/make-mont-r2-vectors.py,
//    Python's pow): every size from 512 to 8192 bits in 32-bit steps, with
//    test_mont_worst's moduli (all ones, 2^(k-1) + 1, all ones of k - 1
//    bits) and a pseudo-random one, and random moduli of odd lengths, some
//    with leading zero words (another R); compared through SHA-256 of rr
//    (the file would be 0.8 MB with the values written out). Cross builds
//    (i686, AArch64) have only this check.
//  - GMP's mpz_powm(2, 64 nwords, n), native builds (FCT_HAVE_GMP): the
//    same moduli and random ones of random length, compared word for word.
// And the kernel's results with that context equal scalar32's: a product
// (fc_mont_mul uses the kernel's radix constant C), fc_modpow with e = 3
// (its entry into the Montgomery form uses R'^2), and a context from
// fc_mont_init_rr with the same rr is byte-identical.
#include <gtest/gtest.h>

#include <cstring>
#include <sstream>

#include "fc_test.h"
extern "C" {
#include "bn/bn_internal.h"
}
#if defined(FCT_HAVE_GMP)
#include <gmp.h>
#endif

using fct::Bytes;
using fct::Rng;
using W = fct::ref::W;

namespace {

class MontR2 : public fct::MontKernelTest {};

struct Case {
  std::string kind;
  unsigned bits = 0, nw = 0;
  uint64_t seed = 0;
  std::string digest;  // hex SHA-256 of rr as LE words
  W n;
};

// As tools/make-mont-r2-vectors.py builds them.
W make_modulus(const std::string &kind, unsigned bits, unsigned nw, uint64_t seed) {
  W n(nw, 0);
  auto setbit = [&](unsigned i) { n[i / 32] |= 1u << (i % 32); };
  if (kind == "ones") {
    for (unsigned i = 0; i < bits; i++) setbit(i);
  } else if (kind == "pow2p1") {
    setbit(bits - 1);
    setbit(0);
  } else if (kind == "ones_short") {
    for (unsigned i = 0; i + 1 < bits; i++) setbit(i);
  } else if (kind == "random") {
    Rng rng(seed);
    unsigned w = (bits + 31) / 32;
    for (unsigned i = 0; i < w; i++) n[i] = rng.u32();
    if (bits % 32) n[w - 1] &= (1u << (bits % 32)) - 1;
    setbit(bits - 1);
    setbit(0);
  } else {
    ADD_FAILURE() << "unknown kind " << kind;
  }
  return n;
}

const std::vector<Case> &cases() {
  static const std::vector<Case> c = [] {
    std::vector<Case> v;
    std::istringstream in(fct::read_text(fct::vectors_dir() + "/local/mont_r2.txt"));
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream ls(line);
      Case k;
      ls >> k.kind >> k.bits >> k.nw >> k.seed >> k.digest;
      if (!ls || k.nw == 0 || k.nw > FC_MONT_MAX_WORDS) {
        ADD_FAILURE() << "bad line: " << line;
        continue;
      }
      k.n = make_modulus(k.kind, k.bits, k.nw, k.seed);
      v.push_back(k);
    }
    return v;
  }();
  return c;
}

std::string sha256_hex(const uint32_t *w, size_t nw) {
  Bytes b(4 * nw);
  for (size_t i = 0; i < nw; i++)
    for (int j = 0; j < 4; j++) b[4 * i + j] = (uint8_t)(w[i] >> (8 * j));
  Bytes d(32);
  EXPECT_EQ(fc_hash(FC_SHA256, b.data(), b.size(), d.data()), FC_OK);
  return fct::to_hex(d);
}

#if defined(FCT_HAVE_GMP)
W gmp_rr(const W &n) {
  mpz_t m, r, two, e;
  mpz_inits(m, r, two, e, nullptr);
  mpz_import(m, n.size(), -1, 4, 0, 0, n.data());
  mpz_set_ui(two, 2);
  mpz_set_ui(e, 64 * (unsigned long)n.size());
  mpz_powm(r, two, e, m);
  W out(n.size(), 0);
  size_t cnt = 0;
  mpz_export(out.data(), &cnt, -1, 4, 0, 0, r);
  mpz_clears(m, r, two, e, nullptr);
  return out;
}
#endif

// The context's rr against the expectation, and the kernel's results
// against scalar32's with the same modulus.
size_t g_rr_checks;  // moduli whose rr the kernel's own rr_ok checked

void check_modulus(const W &n, const std::string &want_digest, const std::string &what) {
  SCOPED_TRACE(what);
  size_t nw = n.size();
  auto ctx = std::make_unique<fc_mont_ctx>();
  auto ref = std::make_unique<fc_mont_ctx>();
  auto rrctx = std::make_unique<fc_mont_ctx>();
  ASSERT_EQ(fc_mont_init(ctx.get(), n.data(), nw), FC_OK);
  W rr(ctx->rr, ctx->rr + nw);
  if (!want_digest.empty()) {
    EXPECT_EQ(sha256_hex(ctx->rr, nw), want_digest) << "R^2 mod n";
  }
#if defined(FCT_HAVE_GMP)
  EXPECT_EQ(rr, gmp_rr(n)) << "R^2 mod n against GMP";
#endif
  for (size_t i = nw; i < FC_MONT_MAX_WORDS; i++) {
    ASSERT_EQ(ctx->rr[i], 0u) << "rr word " << i;
  }
  ASSERT_EQ(fc__mont_init_with(ref.get(), n.data(), nw, &fc__mont_scalar32), FC_OK);
  EXPECT_EQ(rr, W(ref->rr, ref->rr + nw)) << "rr differs from scalar32's context";
  // n - 1 times a pseudo-random value below n
  W a = n, b(nw, 0), r(nw), r_ref(nw);
  a[0] -= 1;
  Rng rng(nw * 7919u + n[0]);
  unsigned top = fc__bn_bits(n.data(), nw);
  for (unsigned i = 0; i + 1 < top; i++) {
    if (rng.next() >> 63) b[i / 32] |= 1u << (i % 32);
  }
  fc_mont_mul(ctx.get(), r.data(), a.data(), b.data());
  fc_mont_mul(ref.get(), r_ref.data(), a.data(), b.data());
  EXPECT_EQ(r, r_ref) << "fc_mont_mul differs from scalar32's";
  const uint8_t three = 3;
  ASSERT_EQ(fc_modpow(ctx.get(), r.data(), b.data(), &three, 1), FC_OK);
  ASSERT_EQ(fc_modpow(ref.get(), r_ref.data(), b.data(), &three, 1), FC_OK);
  EXPECT_EQ(r, r_ref) << "fc_modpow e = 3 differs from scalar32's";
  ASSERT_EQ(fc_mont_init_rr(rrctx.get(), n.data(), rr.data(), ctx->n0inv, nw), FC_OK);
  EXPECT_EQ(memcmp(rrctx.get(), ctx.get(), sizeof(fc_mont_ctx)), 0)
      << "fc_mont_init_rr with the same rr gives another context";
  // the kernel's own check of a given rr (vboot keys), where it has one
  const fc__mont_kernel *k = (const fc__mont_kernel *)rrctx->kernel;
  if (k->rr_ok != nullptr && k->rr_ok(rrctx.get()) >= 0) {
    EXPECT_EQ(k->rr_ok(rrctx.get()), 1) << "the kernel's rr check refuses R^2";
    for (int d : {1, -1}) {
      uint32_t keep = rrctx->rr[0];
      rrctx->rr[0] += (uint32_t)d;
      EXPECT_EQ(k->rr_ok(rrctx.get()), 0) << "the kernel's rr check accepts rr " << d;
      rrctx->rr[0] = keep;
    }
    g_rr_checks++;
  }
}

TEST_P(MontR2, EverySizeWorstAndRandomModuli) {
  const auto &cs = cases();
  g_rr_checks = 0;
  // 4 moduli per size, 512..8192 in 32-bit steps, and 17 of odd lengths
  ASSERT_EQ(cs.size(), size_t{4 * 241 + 17});
  for (const Case &c : cs)
    check_modulus(c.n, c.digest,
                  c.kind + " " + std::to_string(c.bits) + " bits in " + std::to_string(c.nw) +
                      " words");
  if (GetParam() == "avx512ifma") {  // rr_ok up to 10 vectors: 512..4096 bits, 4 moduli each
    EXPECT_GE(g_rr_checks, size_t{4 * 113}) << "the kernel's rr check ran too rarely";
  }
  std::printf("[ R2 ] kernel %s: %zu moduli (vectors%s), %zu rr checks by the kernel\n",
              GetParam().c_str(), cs.size(),
#if defined(FCT_HAVE_GMP)
              " and GMP",
#else
              "",
#endif
              g_rr_checks);
}

#if defined(FCT_HAVE_GMP)
// Random moduli of random length (any bit count from 2 to 8192, also tiny
// ones) in random word counts: GMP only.
TEST_P(MontR2, RandomModuliAgainstGmp) {
  Rng rng(20261202);
  for (int t = 0; t < 300; t++) {
    unsigned bits = t < 40 ? 2 + (unsigned)(rng.next() % 200) : 2 + (unsigned)(rng.next() % 8191);
    unsigned w = (bits + 31) / 32;
    unsigned nw = w + (unsigned)(rng.next() % 3);
    if (nw > FC_MONT_MAX_WORDS) nw = FC_MONT_MAX_WORDS;
    W n(nw, 0);
    for (unsigned i = 0; i < w; i++) n[i] = rng.u32();
    if (bits % 32) n[w - 1] &= (1u << (bits % 32)) - 1;
    n[(bits - 1) / 32] |= 1u << ((bits - 1) % 32);
    n[0] |= 1;
    check_modulus(n, "", std::to_string(bits) + "-bit random in " + std::to_string(nw) + " words");
  }
}
#endif

INSTANTIATE_TEST_SUITE_P(Mont, MontR2, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const auto &info) { return fct::param_name(info.param); });

}  // namespace
