// FC_OP_MLDSA kernels against a reference written here from FIPS 204's
// definitions (not from the library): the NTT as the evaluation
// NTT(a)_i = sum_j a_j zeta^((2 brv8(i) + 1) j) mod q (section 7.5), the
// inverse by its defining property, Montgomery products as exact products
// times 2^-32 mod q, and Decompose/UseHint (Algorithms 36, 40) with
// arbitrary-precision-free 64-bit arithmetic. Every kernel, scalar
// included, on random inputs and on the extremes the contract allows
// (coefficients at +-(q-1), the z and t1 ranges, w at the Decompose
// boundaries), including the output bounds each entry point promises.
#include <vector>

#include "fc_test.h"
#include "mldsa/mldsa_internal.h"

namespace {

constexpr int64_t kQ = 8380417;
constexpr int kN = 256;

int64_t md(int64_t a) { return ((a % kQ) + kQ) % kQ; }
int64_t powq(int64_t b, int64_t e) {
  int64_t r = 1;
  b = md(b);
  for (; e; e >>= 1, b = b * b % kQ)
    if (e & 1) r = r * b % kQ;
  return r;
}
unsigned brv8(unsigned m) {
  unsigned r = 0;
  for (int i = 0; i < 8; i++) r |= ((m >> i) & 1) << (7 - i);
  return r;
}
// 2^-32 mod q
const int64_t kRinv = powq(powq(2, 32), kQ - 2);

std::vector<int64_t> ref_ntt(const int32_t *a) {
  std::vector<int64_t> out(kN);
  for (int i = 0; i < kN; i++) {
    int64_t w = powq(1753, 2 * brv8(i) + 1), x = 1, s = 0;
    for (int j = 0; j < kN; j++, x = x * w % kQ) s = (s + md(a[j]) * x) % kQ;
    out[i] = s;
  }
  return out;
}

// (r1, r0) of Decompose (Algorithm 36) and UseHint (Algorithm 40).
int32_t ref_use_hint(int64_t r, int h, int64_t g2) {
  int64_t rp = md(r), r0 = rp % (2 * g2), r1;
  if (r0 > g2) r0 -= 2 * g2;
  if (rp - r0 == kQ - 1) {
    r1 = 0;
    r0 -= 1;
  } else {
    r1 = (rp - r0) / (2 * g2);
  }
  int64_t m = (kQ - 1) / (2 * g2);
  if (h && r0 > 0) return (int32_t)((r1 + 1) % m);
  if (h) return (int32_t)((r1 - 1 + m) % m);
  return (int32_t)r1;
}

int32_t rnd_coef(fct::Rng &r, int64_t bound) {  // uniform in (-bound, bound)
  return (int32_t)((int64_t)(r.next() % (uint64_t)(2 * bound - 1)) - (bound - 1));
}

// Inputs with |a_i| < q: random, all q-1, all -(q-1), alternating, the z
// and t1 * 2^d ranges.
std::vector<std::vector<int32_t>> inputs(uint64_t seed) {
  fct::Rng r(seed);
  std::vector<std::vector<int32_t>> v;
  for (int t = 0; t < 6; t++) {
    std::vector<int32_t> a(kN);
    for (auto &x : a) x = rnd_coef(r, kQ);
    v.push_back(a);
  }
  v.push_back(std::vector<int32_t>(kN, kQ - 1));
  v.push_back(std::vector<int32_t>(kN, -(kQ - 1)));
  std::vector<int32_t> alt(kN), z(kN), t1(kN);
  for (int i = 0; i < kN; i++) {
    alt[i] = i & 1 ? kQ - 1 : -(kQ - 1);
    z[i] = rnd_coef(r, 1 << 19);
    t1[i] = (int32_t)((r.next() & 1023) << 13);
  }
  t1[0] = 1023 << 13;
  v.push_back(alt);
  v.push_back(z);
  v.push_back(t1);
  return v;
}

class MlDsaKernels : public fct::MlDsaKernelTest {
 protected:
  const fc__mldsa_kernel *k() { return fc__mldsa_active(); }
};

TEST_P(MlDsaKernels, NttMatchesDefinition) {
  for (const auto &in : inputs(1)) {
    std::vector<int32_t> a = in;
    k()->ntt(a.data());
    std::vector<int64_t> want = ref_ntt(in.data());
    for (int i = 0; i < kN; i++) {
      ASSERT_LT(std::llabs(a[i]), 9 * kQ) << i;
      ASSERT_EQ(md(a[i]), want[i]) << i;
    }
  }
}

TEST_P(MlDsaKernels, InvNttInvertsTimesMontgomery) {
  // invntt(b) = NTT^-1(b) * 2^32: so invntt(NTT(a) reduced) = a * 2^32.
  for (const auto &in : inputs(2)) {
    std::vector<int64_t> f = ref_ntt(in.data());
    std::vector<int32_t> b(kN);
    for (int i = 0; i < kN; i++) b[i] = (int32_t)(f[i] > kQ / 2 ? f[i] - kQ : f[i]);
    if (in[0] == kQ - 1 && in[1] == kQ - 1) b.assign(kN, kQ - 1);  // extreme input
    std::vector<int32_t> a = b;
    k()->invntt(a.data());
    std::vector<int32_t> back(kN);
    for (int i = 0; i < kN; i++) {
      ASSERT_LT(std::llabs(a[i]), kQ) << i;
      back[i] = (int32_t)(md(a[i]) * kRinv % kQ);  // NTT^-1(b)
    }
    std::vector<int64_t> again = ref_ntt(back.data());
    for (int i = 0; i < kN; i++) ASSERT_EQ(again[i], md(b[i])) << i;
  }
}

TEST_P(MlDsaKernels, MulAccAnyLengthAndAlignment) {
  fct::Rng r(3);
  for (int t = 0; t < 40; t++) {
    size_t off = r.next() % 9, n = t < 8 ? (size_t)t : 1 + r.next() % (kN - off);
    std::vector<int32_t> acc(kN + 8), a(kN + 8), b(kN + 8);
    for (size_t i = 0; i < acc.size(); i++) {
      acc[i] = rnd_coef(r, 4 * kQ);
      a[i] = t & 1 ? (int32_t)(r.next() % kQ) : rnd_coef(r, kQ);   // sampled A, or NTT(-c)
      b[i] = t % 3 == 0 ? (int32_t)(9 * kQ - 1) * (i & 1 ? 1 : -1) : rnd_coef(r, 9 * kQ);
    }
    std::vector<int32_t> got = acc;
    k()->mul_acc(got.data() + off, a.data() + off, b.data() + off, n);
    for (size_t i = 0; i < acc.size(); i++) {
      if (i < off || i >= off + n) {
        ASSERT_EQ(got[i], acc[i]) << "wrote outside [off, off + n): " << i;
        continue;
      }
      int64_t term = (int64_t)got[i] - acc[i];
      ASSERT_LT(std::llabs(term), kQ) << i;
      ASSERT_EQ(md(term), md(md((int64_t)a[i] * b[i]) * kRinv)) << i;
    }
  }
}

TEST_P(MlDsaKernels, UseHintAtEveryBoundary) {
  const int32_t g2s[2] = {(int32_t)(kQ - 1) / 88, (int32_t)(kQ - 1) / 32};
  fct::Rng r(4);
  for (int32_t g2 : g2s) {
    std::vector<int32_t> ws;
    for (int64_t m = 0; m * 2 * g2 <= kQ + 2 * g2; m++)
      for (int d = -2; d <= 2; d++) {
        int64_t c = m * 2 * g2 + d;  // around each multiple of 2 gamma2
        for (int64_t v : {c, c + g2, c - g2})
          if (v > -kQ && v < kQ) ws.push_back((int32_t)v);
      }
    for (int64_t v : {(int64_t)0, kQ - 1, -(kQ - 1), kQ - 1 - g2, kQ - g2, kQ - 2})
      ws.push_back((int32_t)v);
    while (ws.size() % kN) ws.push_back(rnd_coef(r, kQ));
    for (size_t base = 0; base < ws.size(); base += kN)
      for (int h = 0; h < 3; h++) {
        int32_t w[kN], w1[kN];
        uint8_t hb[kN];
        for (int i = 0; i < kN; i++) {
          w[i] = ws[base + i];
          hb[i] = (uint8_t)(h == 2 ? (r.next() & 1) : h);
        }
        k()->use_hint(w1, w, hb, g2);
        for (int i = 0; i < kN; i++)
          ASSERT_EQ(w1[i], ref_use_hint(w[i], hb[i], g2)) << "w " << w[i] << " h " << (int)hb[i];
      }
  }
}

// RejNTTPoly's block step (Algorithms 30, 14), the kernel's or the portable
// one: blocks of random bytes, of candidates at q - 1, q and 2^23 - 1, and
// with the top bit of every third byte set (cleared by the algorithm).
TEST_P(MlDsaKernels, RejectionSamplingOfABlock) {
  unsigned (*rej)(int32_t *, const uint8_t *) = k()->rej ? k()->rej : fc__mldsa_rej_portable;
  fct::Rng r(5);
  for (int t = 0; t < 200; t++) {
    uint8_t buf[200];
    for (auto &b : buf) b = (uint8_t)r.next();
    for (int c = 0; c < 56; c++) {
      uint32_t v = t % 4 == 1 ? kQ - 1 + (uint32_t)(r.next() % 3)   // q-1, q, q+1
                   : t % 4 == 2 ? 0x7fffffu - (uint32_t)(r.next() % 2) : 0;
      if (v) buf[3 * c] = (uint8_t)v, buf[3 * c + 1] = (uint8_t)(v >> 8), buf[3 * c + 2] = (uint8_t)(v >> 16);
      if (t % 4 == 3) buf[3 * c + 2] |= 0x80;
    }
    std::vector<int32_t> want;
    for (int c = 0; c < 56; c++) {
      uint32_t v = buf[3 * c] | buf[3 * c + 1] << 8 | (uint32_t)(buf[3 * c + 2] & 0x7f) << 16;
      if (v < (uint32_t)kQ) want.push_back((int32_t)v);
    }
    int32_t out[FC__MLDSA_REJ_OUT];
    unsigned n = rej(out, buf);
    ASSERT_EQ(n, want.size()) << t;
    for (unsigned i = 0; i < n; i++) ASSERT_EQ(out[i], want[i]) << t << " " << i;
  }
}

// mul_acc24: b packed in 3 bytes, any length and offset; the buffer ends
// 8 bytes after the last coefficient (the contract's slack), and nothing
// outside [off, off + n) of acc changes.
TEST_P(MlDsaKernels, MulAcc24AnyLength) {
  if (!k()->mul_acc24) GTEST_SKIP() << "no mul_acc24: mldsa_verify.c unpacks and calls mul_acc";
  fct::Rng r(6);
  for (int t = 0; t < 60; t++) {
    size_t off = r.next() % 9, n = t < 20 ? (size_t)t : 1 + r.next() % (kN - off);
    std::vector<int32_t> acc(kN + 8), a(kN + 8), b(kN + 8);
    for (size_t i = 0; i < acc.size(); i++) {
      acc[i] = rnd_coef(r, 4 * kQ);
      a[i] = t & 1 ? (int32_t)(r.next() % kQ) : rnd_coef(r, kQ);
      b[i] = t % 3 == 0 ? kQ - 1 : (int32_t)(r.next() % kQ);
    }
    std::vector<uint8_t> packed(3 * n + 8, 0xee);  // slack bytes hold garbage
    for (size_t i = 0; i < n; i++)
      for (int j = 0; j < 3; j++) packed[3 * i + j] = (uint8_t)(b[off + i] >> (8 * j));
    std::vector<int32_t> got = acc;
    k()->mul_acc24(got.data() + off, a.data() + off, packed.data(), n);
    for (size_t i = 0; i < acc.size(); i++) {
      if (i < off || i >= off + n) {
        ASSERT_EQ(got[i], acc[i]) << "wrote outside [off, off + n): " << i;
        continue;
      }
      int64_t term = (int64_t)got[i] - acc[i];
      ASSERT_LT(std::llabs(term), kQ) << i;
      ASSERT_EQ(md(term), md(md((int64_t)a[i] * b[i]) * kRinv)) << i;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllKernels, MlDsaKernels,
                         ::testing::ValuesIn(fct::kernels(FC_OP_MLDSA)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
