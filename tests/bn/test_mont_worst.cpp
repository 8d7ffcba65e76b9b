// Worst-case operands for every Montgomery kernel against scalar32, at every
// modulus size from 512 to 8192 bits in 32-bit steps:
//  - moduli: all ones (2^k - 1), 2^(k-1) + 1 (the smallest k-bit odd modulus
//    but one: n' = -1/n mod 2^w is 2^w - 1, top word 1 << 31), and one of
//    k - 1 bits (a top word that is not full);
//  - operands: n - 1, n - 2, and values whose every digit is at its maximum
//    in each radix a kernel uses (2^(d*j) - 1 for d = 28 (sse2, neon),
//    32, 52 (avx512ifma), 64 (scalar64, mulx), the largest such value below
//    n), which push redundant-radix lanes to their bounds.
// fc_mont_mul of each operand squared and times n - 1; fc_modpow with e = 3
// at every size and
// e = 65537 every 256 bits and e = 2^64 - 1 (sliding window) every 1024. scalar32 itself is
// checked against the reference bignum (tests/support) every 512 bits.
// Squarings of each radix's own worst case (SquaringOfEachRadixWorstCase):
// bases that put n - 1 or all-maximum 28-bit digits into the kernel's
// Montgomery form before its first squaring (neon's and sse2's lane bounds).
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <tuple>

#include "core/fc_internal.h"
#include "fc_test.h"

using fct::Bytes;
using W = fct::ref::W;

namespace {

class MontWorst : public fct::MontKernelTest {};

using fct::ref::modulus_all_ones;
using fct::ref::modulus_pow2_plus1;

W minus(const W &n, uint32_t k) {  // n - k, n > k
  W r = n;
  uint64_t borrow = k;
  for (auto &w : r) {
    uint64_t v = (uint64_t)w - borrow;
    w = (uint32_t)v;
    borrow = (v >> 63) & 1;
  }
  return r;
}

// The largest 2^(d*j) - 1 below n (n >= 2^(bits-1)), as nw words.
W max_digits(const W &n, unsigned bits, unsigned d) {
  unsigned j = (bits - 1) / d;
  unsigned vb = d * j;  // < bits, so the value < 2^(bits-1) <= n
  W a(n.size(), 0);
  for (unsigned i = 0; i < vb; i++) a[i / 32] |= 1u << (i % 32);
  return a;
}

Bytes exp_bytes(uint32_t e) {
  Bytes b;
  for (int s = 24; s >= 0; s -= 8)
    if (e >> s || !b.empty()) b.push_back((uint8_t)(e >> s));
  return b;
}

// scalar32's results, computed once per process and shared by the kernels;
// one scalar32 context per modulus.
struct Ref {
  std::map<W, std::unique_ptr<fc_mont_ctx>> ctx;
  std::map<std::tuple<W, W, W>, W> mul;
  std::map<std::tuple<W, W, Bytes>, W> pow;
};
Ref &ref_cache() {
  static Ref r;
  return r;
}

const fc_mont_ctx &scalar32_ctx(const W &n) {
  auto &slot = ref_cache().ctx[n];
  if (!slot) {
    slot = std::make_unique<fc_mont_ctx>();
    fct::Pin p(FC_OP_MONT, "scalar32");
    EXPECT_EQ(fc_mont_init(slot.get(), n.data(), n.size()), FC_OK);
  }
  return *slot;
}

W scalar32_mul(const W &n, const W &a, const W &b) {
  auto key = std::make_tuple(n, a, b);
  auto it = ref_cache().mul.find(key);
  if (it != ref_cache().mul.end()) return it->second;
  W r(n.size());
  fc_mont_mul(&scalar32_ctx(n), r.data(), a.data(), b.data());
  return ref_cache().mul[key] = r;
}

W scalar32_pow(const W &n, const W &a, const Bytes &e) {
  auto key = std::make_tuple(n, a, e);
  auto it = ref_cache().pow.find(key);
  if (it != ref_cache().pow.end()) return it->second;
  W r(n.size());
  EXPECT_EQ(fc_modpow(&scalar32_ctx(n), r.data(), a.data(), e.data(), e.size()), FC_OK);
  return ref_cache().pow[key] = r;
}

TEST_P(MontWorst, EveryKernelAgreesWithScalar32AtEverySize) {
  bool is_scalar32 = GetParam() == "scalar32";
  int products = 0, powers = 0;
  for (unsigned bits = 512; bits <= 8192; bits += 32) {
    // scalar32 against the (slow) reference bignum every 512 bits; its
    // random-operand check at every size is in test_mont.
    bool is_ref = is_scalar32 && bits % 512 == 0;
    struct M {
      const char *what;
      W n;
      unsigned bits;
    };
    const M moduli[] = {{"all ones", modulus_all_ones(bits), bits},
                        {"2^(k-1)+1", modulus_pow2_plus1(bits), bits},
                        {"all ones, k-1 bits", W(), bits - 1}};
    for (const M &m0 : moduli) {
      M m = m0;
      if (m.n.empty()) {  // k-1 bits in ceil(k/32) words: a partly empty top word
        m.n = modulus_all_ones(bits - 1);
        m.n.resize((bits + 31) / 32, 0);
      }
      SCOPED_TRACE(std::string(m.what) + ", " + std::to_string(m.bits) + " bits");
      fc_mont_ctx ctx;
      ASSERT_EQ(fc_mont_init(&ctx, m.n.data(), m.n.size()), FC_OK);
      std::vector<W> ops = {minus(m.n, 1), minus(m.n, 2)};
      for (unsigned d : {28u, 32u, 52u, 64u}) ops.push_back(max_digits(m.n, m.bits, d));
      // ops: 0 n-1, 1 n-2, 2..5 every digit at its maximum (d = 28, 32, 52, 64).
      // Products: each operand squared, and each times n - 1.
      std::vector<std::pair<size_t, size_t>> pairs;
      for (size_t i = 0; i < ops.size(); i++) pairs.push_back({i, i});
      for (size_t i = 1; i < ops.size(); i++) pairs.push_back({i, 0});
      for (auto [i, j] : pairs) {
        W r(m.n.size());
        fc_mont_mul(&ctx, r.data(), ops[i].data(), ops[j].data());
        if (is_ref) {
          ASSERT_LT(fct::ref::cmp(r, m.n), 0) << "operands " << i << ", " << j;
          ASSERT_EQ(fct::ref::shift_mod(r, m.n.size(), m.n), fct::ref::mulmod(ops[i], ops[j], m.n))
              << "operands " << i << ", " << j;
        } else if (!is_scalar32) {
          ASSERT_EQ(r, scalar32_mul(m.n, ops[i], ops[j])) << "operands " << i << ", " << j;
        }
        products++;
      }
      // Exponentiations: e = 3 from n - 1 and the radix-2^28 and 2^52
      // maxima at every size; e = 65537 from n - 2 and the 2^64 maximum
      // every 256 bits; e = 2^64 - 1 (the sliding window) from n - 1 every 1024.
      struct P {
        Bytes e;
        std::vector<size_t> bases;
      };
      std::vector<P> pows = {{exp_bytes(3), {0, 2, 4}}};
      if (bits % 256 == 0) pows.push_back({exp_bytes(65537), {1, 5}});
      if (bits % 1024 == 0) pows.push_back({Bytes(8, 0xff), {0}});
      for (const P &p : pows)
        for (size_t i : p.bases) {
          const Bytes &e = p.e;
          W r(m.n.size());
          ASSERT_EQ(fc_modpow(&ctx, r.data(), ops[i].data(), e.data(), e.size()), FC_OK);
          if (is_ref && e.size() <= 3) {
            ASSERT_EQ(r, fct::ref::powmod(ops[i], e, m.n)) << "operand " << i << ", e bytes " << e.size();
          } else if (!is_scalar32) {
            ASSERT_EQ(r, scalar32_pow(m.n, ops[i], e)) << "operand " << i << ", e bytes " << e.size();
          }
          powers++;
        }
    }
  }
  EXPECT_EQ(products, 241 * 3 * 11);
  EXPECT_EQ(powers, 241 * 3 * 3 + 31 * 3 * 2 + 8 * 3 * 1);
}

// x / 2^k mod n (n odd, x < n): 32 bits at a time, x + m n with m = -x_0 / n
// mod 2^32 is divisible by 2^32 (and stays below 2n); then bit by bit.
W div_pow2(W x, unsigned k, const W &n) {
  uint32_t inv = 1;  // 1/n mod 2^32 by Newton's iteration (each step doubles the bits)
  for (int i = 0; i < 5; i++) inv *= 2 - n[0] * inv;
  for (; k > 0; k -= k >= 32 ? 32 : 1) {
    unsigned sh = k >= 32 ? 32 : 1;
    uint32_t m = (0u - x[0] * inv) & (sh == 32 ? 0xffffffffu : 1u);  // x + m n = 0 mod 2^sh
    uint64_t c = 0;
    for (size_t j = 0; j < x.size(); j++) {
      c += (uint64_t)x[j] + (uint64_t)m * n[j];
      x[j] = (uint32_t)c;
      c >>= 32;
    }
    for (size_t j = 0; j < x.size(); j++) {  // (x + m n) / 2^sh < n: c holds the top bits
      uint64_t hi = j + 1 < x.size() ? x[j + 1] : c;
      x[j] = (uint32_t)((((uint64_t)hi << 32) | x[j]) >> sh);
    }
  }
  return x;
}

// Squarings of a kernel's own worst case: fc_modpow with e = 3 first makes
// x = base R' mod n in the kernel's radix R', then squares x. base = X / R'
// mod n makes x = X, for X = n - 1 and every 28-bit digit at its maximum,
// with R' = 2^(28 ceil(32 nw / 28)) (neon), 2^(28 s4) with s4 = ceil((32 nw
// + 2) / 28) made even, then rounded up to 4 (sse2), 2^(32 nw) (scalar32)
// and 2^(64 ceil(nw / 2)) (scalar64, mulx). On the other kernels these are
// just more operands. Every size from 512 to 8192 bits in 32-bit steps.
TEST_P(MontWorst, SquaringOfEachRadixWorstCase) {
  bool is_scalar32 = GetParam() == "scalar32";
  int powers = 0;
  const Bytes e3 = exp_bytes(3);
  for (unsigned bits = 512; bits <= 8192; bits += 32) {
    size_t nw = bits / 32, s = (32 * nw + 27) / 28, s2 = (32 * nw + 2 + 27) / 28;
    s2 += s2 & 1;
    const unsigned radix[] = {(unsigned)(28 * s), (unsigned)(28 * ((s2 + 3) & ~(size_t)3)),
                              (unsigned)(32 * nw), (unsigned)(64 * ((nw + 1) / 2))};
    for (const W &n : {modulus_all_ones(bits), modulus_pow2_plus1(bits)}) {
      SCOPED_TRACE(std::to_string(bits) + " bits, top word " + std::to_string(n.back()));
      fc_mont_ctx ctx;
      ASSERT_EQ(fc_mont_init(&ctx, n.data(), n.size()), FC_OK);
      for (const W &x : {minus(n, 1), max_digits(n, bits, 28)})
        for (unsigned r : radix) {
          W base = div_pow2(x, r, n), out(nw);
          ASSERT_LT(fct::ref::cmp(base, n), 0);
          if (bits % 1024 == 0) {  // base 2^r = x mod n
            W sh(nw + r / 32 + 1, 0);
            for (size_t j = 0; j < nw; j++) {
              sh[j + r / 32] |= base[j] << (r % 32);
              if (r % 32) sh[j + r / 32 + 1] |= base[j] >> (32 - r % 32);
            }
            ASSERT_EQ(fct::ref::mod(sh, n), x) << "radix 2^" << r;
          }
          ASSERT_EQ(fc_modpow(&ctx, out.data(), base.data(), e3.data(), e3.size()), FC_OK);
          if (is_scalar32 && bits % 1024 == 0) {
            ASSERT_EQ(out, fct::ref::powmod(base, e3, n)) << "radix 2^" << r;
          } else if (!is_scalar32) {
            ASSERT_EQ(out, scalar32_pow(n, base, e3)) << "radix 2^" << r;
          }
          powers++;
        }
    }
  }
  EXPECT_EQ(powers, 241 * 2 * 2 * 4);
}

INSTANTIATE_TEST_SUITE_P(Kernels, MontWorst, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
