// The avx512ifma kernel's arithmetic on every machine: its portable model
// (tests/support/mont_ifma_model.c, the same steps over plain-C lanes)
// against scalar32 at every size from 512 to 8192 bits in 32-bit steps, at
// odd bit lengths, on worst-case operands, and through whole modpows. The
// real kernel runs the suite of test_mont.cpp wherever AVX-512 IFMA is usable.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "bn/bn_internal.h"
#include "fc_test.h"

extern "C" const fc__mont_kernel fc__mont_ifma_model;
extern "C" void fc__ifma_model_normalise(uint64_t *r, const uint64_t *limbs, size_t nv);
extern "C" unsigned fc__ifma_model_lanes(void);
#if defined(__SIZEOF_INT128__) && !defined(__OPTIMIZE_SIZE__)
#define FCT_HAVE_POW2_52 1 /* the model's set-up division exists (mont_ifma_body.h) */
extern "C" const fc__mont_kernel fc__mont_ifma_model_rare;
extern "C" void fc__ifma_model_pow2(const fc_mont_ctx *ctx, uint64_t *x, size_t e);
extern "C" void fc__ifma_model_rare_pow2(const fc_mont_ctx *ctx, uint64_t *x, size_t e);
#endif

using fct::Bytes;
using fct::Rng;
using W = fct::ref::W;

namespace {

W random_modulus(Rng &rng, unsigned bits) {
  size_t nw = (bits + 31) / 32;
  W n(nw);
  for (auto &w : n) w = rng.u32();
  unsigned top = bits - 32 * (nw - 1);
  if (top < 32) n[nw - 1] &= (1u << top) - 1;
  n[nw - 1] |= 1u << (top - 1);
  n[0] |= 1;
  return n;
}

W random_below(Rng &rng, const W &n) {
  W a(n.size());
  for (auto &w : a) w = rng.u32();
  return fct::ref::mod(a, n);
}

// A context for n served by the model, and one served by scalar32.
void init_pair(const W &n, fc_mont_ctx *model, fc_mont_ctx *ref) {
  fct::Pin p(FC_OP_MONT, "scalar32");
  ASSERT_EQ(p.rc, FC_OK);
  ASSERT_EQ(fc_mont_init(ref, n.data(), n.size()), FC_OK);
  ASSERT_EQ(fc_mont_init(model, n.data(), n.size()), FC_OK);
  fc__mont_ifma_model.prepare(model);
  model->kernel = &fc__mont_ifma_model;
}

void check_mul(const fc_mont_ctx &m, const fc_mont_ctx &r, const W &a, const W &b,
               const char *what) {
  W x(a.size()), y(a.size());
  fc_mont_mul(&m, x.data(), a.data(), b.data());
  fc_mont_mul(&r, y.data(), a.data(), b.data());
  ASSERT_EQ(x, y) << what << " bits " << m.nbits;
}

TEST(IfmaModel, MulMatchesScalar32AllSizes) {
  Rng rng(91);
  fc_mont_ctx m, r;
  for (unsigned bits = 512; bits <= 8192; bits += 32)
    for (unsigned odd : {0u, 1u, 17u}) {
      W n = random_modulus(rng, bits - odd);
      init_pair(n, &m, &r);
      check_mul(m, r, random_below(rng, n), random_below(rng, n), "random");
    }
}

// The kernel's check of a vboot key's rr (rr_ok): accepts R^2 mod n (the
// scalar32 context's, which test_mont_r2 checks against GMP) and refuses it
// off by one either way, at every size it applies to; -1 (not applicable)
// only above NVFIX vectors, where the generic check serves.
TEST(IfmaModel, RrCheck) {
  ASSERT_NE(fc__mont_ifma_model.rr_ok, nullptr);
  Rng rng(95);
  fc_mont_ctx m, r;
  int applied = 0, refused = 0;
  for (unsigned bits = 512; bits <= 8192; bits += 32) {
    W n = random_modulus(rng, bits);
    init_pair(n, &m, &r);
    int ok = fc__mont_ifma_model.rr_ok(&m);
    if (ok == -1) {  // above NVFIX vectors only (10 vectors: 4128 bits)
      EXPECT_GT(bits, 4096u) << bits << " bits: the check did not apply";
      continue;
    }
    ASSERT_EQ(ok, 1) << bits << " bits: R^2 mod n refused";
    applied++;
    for (int d : {1, -1}) {
      uint32_t keep = m.rr[0];
      m.rr[0] += (uint32_t)d;
      EXPECT_EQ(fc__mont_ifma_model.rr_ok(&m), 0) << bits << " bits, rr " << (d > 0 ? "+" : "-") << " 1";
      refused++;
      m.rr[0] = keep;
    }
    // a wrong top word too (rr stays below n: its top bit is clear or n's next is set)
    uint32_t keep = m.rr[m.nwords - 1];
    m.rr[m.nwords - 1] ^= 1;
    if (fc__bn_cmp(m.rr, m.n, m.nwords) < 0) {
      EXPECT_EQ(fc__mont_ifma_model.rr_ok(&m), 0) << bits << " bits, rr's top word changed";
      refused++;
    }
    m.rr[m.nwords - 1] = keep;
  }
  EXPECT_GE(applied, (4096 - 512) / 32 + 1);
  EXPECT_GE(refused, 2 * applied);
}

// Operands and moduli at the limits: all-ones modulus, n - 1, operands whose
// every 52-bit limb (and 32-bit word) is at its maximum, tiny moduli.
TEST(IfmaModel, MulWorstCaseOperands) {
  Rng rng(92);
  fc_mont_ctx m, r;
  for (size_t nw : {1u, 2u, 3u, 13u, 16u, 32u, 48u, 64u, 96u, 128u, 255u, 256u}) {
    W ones(nw, 0xffffffffu);
    W big = random_modulus(rng, 32 * (unsigned)nw);
    for (const W *n : {&ones, &big}) {
      init_pair(*n, &m, &r);
      W nm1 = *n, nm2 = *n;
      nm1[0] -= 1;
      nm2[0] -= 2;
      W zero(nw, 0), one(nw, 0);
      one[0] = 1;
      for (const W *a : {&zero, &one, &nm1, &nm2})
        for (const W *b : {&zero, &one, &nm1, &nm2}) check_mul(m, r, *a, *b, "edge");
      W a = random_below(rng, *n);
      check_mul(m, r, a, a, "square");
    }
  }
  W three(1, 3), two(1, 2);
  init_pair(three, &m, &r);
  check_mul(m, r, two, two, "n=3");
}

TEST(IfmaModel, ModpowMatchesScalar32) {
  Rng rng(93);
  fc_mont_ctx m, r;
  const Bytes f4 = {1, 0, 1}, e3 = {3};
  for (unsigned bits = 512; bits <= 8192; bits += 32 * 7) {
    unsigned b = bits - (bits / 32) % 3;
    W n = random_modulus(rng, b);
    init_pair(n, &m, &r);
    W x = random_below(rng, n);
    Bytes ex;
    size_t len = 1 + rng.u32() % 6;
    for (size_t i = 0; i < len; i++) ex.push_back((uint8_t)rng.u32());
    for (const Bytes *e : std::vector<const Bytes *>{&f4, &e3, &ex}) {
      W r1(n.size()), r2(n.size());
      ASSERT_EQ(fc_modpow(&m, r1.data(), x.data(), e->data(), e->size()), FC_OK);
      ASSERT_EQ(fc_modpow(&r, r2.data(), x.data(), e->data(), e->size()), FC_OK);
      ASSERT_EQ(r1, r2) << "bits " << b << " e=" << fct::to_hex(*e);
    }
    W nm1 = n;  // n - 1: (n-1)^e = n - 1 for odd e
    nm1[0] -= 1;
    W r1(n.size());
    ASSERT_EQ(fc_modpow(&m, r1.data(), nm1.data(), f4.data(), f4.size()), FC_OK);
    ASSERT_EQ(r1, nm1) << "bits " << b;
  }
}

// The vector carry pass against a limb-by-limb one, on redundant limbs made
// to ripple: runs of 2^52 - 1 fed by a carry, carries out of 62-bit limbs,
// and random mixes of those; every sixth input is plain random 62-bit limbs,
// which one round of carries settles (the pass's early exit).
TEST(IfmaModel, NormaliseMatchesSerialCarries) {
  Rng rng(95);
  const uint64_t m52 = (1ull << 52) - 1;
  unsigned vl = fc__ifma_model_lanes();
  for (size_t nv : {1u, 2u, 5u, 8u, 10u, 20u}) {
    size_t L = vl * nv;
    for (int iter = 0; iter < 300; iter++) {
      std::vector<uint64_t> in(L), got(L), want(L);
      for (size_t j = 0; j < L; j++) {
        if (iter % 6 == 5) {
          in[j] = rng.next() >> 2;
          continue;
        }
        switch ((rng.u32() + (iter % 4)) % 5) {
          case 0: in[j] = m52; break;                   // all ones: propagates
          case 1: in[j] = m52 + 1; break;               // carries one
          case 2: in[j] = rng.next() >> 2; break;       // up to 62 bits
          case 3: in[j] = (1ull << 52) + (rng.u32() & 0xfff); break;
          default: in[j] = rng.next() & m52; break;
        }
        if (iter % 3 == 0 && j > 0 && j % 7) in[j] = m52;  // long runs
      }
      // keep the value below 2^(52 L): the top limbs small
      in[L - 1] = rng.u32() & 0xffff;
      if (L > 1) in[L - 2] &= m52;
      uint64_t c = 0;
      for (size_t j = 0; j < L; j++) {
        uint64_t v = in[j] + c;
        want[j] = v & m52;
        c = v >> 52;
      }
      ASSERT_EQ(c, 0u);
      fc__ifma_model_normalise(got.data(), in.data(), nv);
      ASSERT_EQ(got, want) << "nv " << nv << " iter " << iter;
    }
  }
}

#if defined(FCT_HAVE_POW2_52)
// 32-bit words to 52-bit limbs (L of them).
std::vector<uint64_t> limbs52(const W &w, size_t L) {
  std::vector<uint64_t> d(L, 0);
  for (size_t bit = 0; bit < 32 * w.size(); bit++)
    if ((w[bit / 32] >> (bit % 32)) & 1) d[bit / 52] |= 1ull << (bit % 52);
  return d;
}

// The moduli of a size: a random one, all ones, 2^(k-1) + 1, and the top
// bit alone in its word over words of all ones (the digits' edge cases:
// top limbs of N all ones, or a lone top bit over zeros).
std::vector<W> moduli_of(Rng &rng, unsigned bits) {
  size_t nw = (bits + 31) / 32;
  unsigned top = bits - 32 * (nw - 1);
  W high(nw, ~0u);
  high[nw - 1] = 1u << (top - 1);
  high[0] |= 1;
  return {random_modulus(rng, bits), fct::ref::modulus_all_ones(bits),
          fct::ref::modulus_pow2_plus1(bits), high};
}

// The set-up division in radix 2^52 (pow2_52: fc_mont_init's R'^2 on the
// kernel from 9 vectors) against the library's scalar division
// (fc__bn_pow2_mod, which test_mont_r2 checks against Python and GMP), at
// every size, for R'^2 and other exponents; and the same through the model
// whose rare paths run in every row (the add-back of N, the ripple).
TEST(IfmaModel, SetupDivisionMatchesScalar) {
  Rng rng(97);
  size_t checked = 0;
  for (unsigned bits = 512; bits <= 8192; bits += 32)
    for (unsigned odd : {0u, 1u, 17u}) {
      for (const W &n : moduli_of(rng, bits - odd)) {
        fc_mont_ctx m;
        ASSERT_EQ(fc__mont_init_with(&m, n.data(), n.size(), &fc__mont_scalar32), FC_OK);
        size_t L = 8 * ((32 * n.size() + 2 + 52 * 8 - 1) / (52 * 8));
        std::vector<size_t> es = {104 * L, m.nbits - 1u, m.nbits, 64 * n.size(), m.nbits + 1u + rng.u32() % (104 * L)};
        for (size_t e : es) {
          W want(FC_MONT_MAX_WORDS, 0);
          fc__bn_pow2_mod(want.data(), m.n, n.size(), m.nbits, e);
          want.resize(n.size());
          std::vector<uint64_t> got(L), rare(L);
          fc__ifma_model_pow2(&m, got.data(), e);
          fc__ifma_model_rare_pow2(&m, rare.data(), e);
          ASSERT_EQ(got, limbs52(want, L)) << bits - odd << " bits, e " << e;
          ASSERT_EQ(rare, got) << bits - odd << " bits, e " << e << " (rare paths)";
          checked++;
        }
      }
    }
  EXPECT_EQ(checked, 241u * 3 * 4 * 5);
}

// fc_mont_init's chain on the model (R'^2 by pow2_52 from 9 vectors, rr
// from it) gives the context that scalar32's rr and the model's prepare
// give, at every size.
TEST(IfmaModel, InitChainMatchesPrepare) {
  ASSERT_NE(fc__mont_ifma_model.init_chain, nullptr);
  Rng rng(98);
  for (unsigned bits = 512; bits <= 8192; bits += 32)
    for (const W &n : moduli_of(rng, bits - 1)) {
      fc_mont_ctx a, b, c;
      ASSERT_EQ(fc__mont_init_with(&a, n.data(), n.size(), &fc__mont_ifma_model), FC_OK);
      ASSERT_EQ(fc__mont_init_with(&c, n.data(), n.size(), &fc__mont_ifma_model_rare), FC_OK);
      ASSERT_EQ(fc__mont_init_with(&b, n.data(), n.size(), &fc__mont_scalar32), FC_OK);
      fc__mont_ifma_model.prepare(&b);
      ASSERT_EQ(W(a.rr, a.rr + n.size()), W(b.rr, b.rr + n.size())) << bits - 1 << " bits";
      ASSERT_EQ(0, std::memcmp(a.kdata, b.kdata, sizeof a.kdata)) << bits - 1 << " bits";
      ASSERT_EQ(0, std::memcmp(c.kdata, b.kdata, sizeof c.kdata)) << bits - 1 << " bits (rare)";
    }
}
#else
TEST(IfmaModel, SetupDivisionMatchesScalar) {
  GTEST_SKIP() << "UNAVAILABLE: no 128-bit product on this target, so no radix-2^52 set-up "
                  "division (the kernel is x86-64 only; the x86-64 and AArch64 suites run this)";
}
#endif

// The model and the real kernel agree step for step where the CPU has IFMA.
TEST(IfmaModel, MatchesRealKernelWhereUsable) {
  if (!fct::kernel_usable(FC_OP_MONT, "avx512ifma"))
    GTEST_SKIP() << "UNAVAILABLE: avx512ifma not built or not usable here";
  Rng rng(94);
  fc_mont_ctx m, r, k;
  for (unsigned bits : {512u, 1024u, 1535u, 2048u, 3072u, 4096u, 6000u, 8192u}) {
    W n = random_modulus(rng, bits);
    init_pair(n, &m, &r);
    {
      fct::Pin p(FC_OP_MONT, "avx512ifma");
      ASSERT_EQ(fc_mont_init(&k, n.data(), n.size()), FC_OK);
    }
    W a = random_below(rng, n), b = random_below(rng, n);
    check_mul(m, k, a, b, "real");
  }
}

}  // namespace
