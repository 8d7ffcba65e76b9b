// The ec kernels against a model written here from the curves' definition
// (SP 800-186 3.2.1.3, 3.2.1.4): affine points over fct::ref's schoolbook
// arithmetic, inverses by Fermat. Checked on every kernel:
//  - point_in (through fc_ec_pubkey_init): x = 0 .. 40, p - 1 and p, both
//    parities compressed, and the uncompressed point; validity, the root
//    and the Montgomery form of the key's coordinates;
//  - u1 G + u2 Q (the kernel's mul2) on the exceptional cases of the
//    additions (Q = G, Q = -G, sums and partial sums at infinity, scalars
//    of 0, 1, n - 1 and 2^bits - 1) and on random scalars and points.
#include <map>
#include <string>

#include "ec/ec_internal.h"
#include "fc_test.h"

namespace {

using fct::Bytes;
using W = fct::ref::W;

struct Curve {
  fc_curve id;
  unsigned bytes;
  W p, n, b, gx, gy;
};

W from_be(const Bytes &b) {
  W w((b.size() + 3) / 4, 0);
  for (size_t i = 0; i < b.size(); i++) w[i / 4] |= (uint32_t)b[b.size() - 1 - i] << (8 * (i % 4));
  return w;
}
W from_hex(const std::string &h) { return from_be(fct::hex(h)); }
Bytes to_be(W w, unsigned bytes) {
  w.resize((bytes + 3) / 4, 0);
  Bytes b(bytes);
  for (unsigned i = 0; i < bytes; i++) b[bytes - 1 - i] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
  return b;
}
W small(uint32_t v, unsigned words) {
  W w(words, 0);
  w[0] = v;
  return w;
}

Curve p256() {
  return {FC_P256, 32,
          from_hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"),
          from_hex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"),
          from_hex("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b"),
          from_hex("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"),
          from_hex("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")};
}
Curve p384() {
  return {FC_P384, 48,
          from_hex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff"
                   "0000000000000000ffffffff"),
          from_hex("ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db2"
                   "48b0a77aecec196accc52973"),
          from_hex("b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d"
                   "8a2ed19d2a85c8edd3ec2aef"),
          from_hex("aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25d"
                   "bf55296c3a545e3872760ab7"),
          from_hex("3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce"
                   "1d7e819d7a431d7c90ea0e5f")};
}

// ---- the model: GF(p) and affine points ----
struct Model {
  Curve c;
  W norm(const W &a) const { return fct::ref::mod(a, c.p); }
  W add(const W &a, const W &b) const {
    W s(std::max(a.size(), b.size()) + 1, 0);
    uint64_t carry = 0;
    for (size_t i = 0; i < s.size(); i++) {
      carry += (uint64_t)(i < a.size() ? a[i] : 0) + (i < b.size() ? b[i] : 0);
      s[i] = (uint32_t)carry;
      carry >>= 32;
    }
    return norm(s);
  }
  W neg(const W &a) const {  // p - a for a < p, 0 for 0
    W z = norm(a);
    bool zero = true;
    for (uint32_t v : z) zero &= v == 0;
    if (zero) return z;
    W r(c.p.size(), 0);
    int64_t borrow = 0;
    for (size_t i = 0; i < r.size(); i++) {
      int64_t d = (int64_t)c.p[i] - (i < z.size() ? z[i] : 0) - borrow;
      borrow = d < 0;
      r[i] = (uint32_t)(d + (borrow ? (int64_t)1 << 32 : 0));
    }
    return r;
  }
  W sub(const W &a, const W &b) const { return add(a, neg(b)); }
  W mul(const W &a, const W &b) const { return fct::ref::mulmod(a, b, c.p); }
  // 1/a mod p by the binary extended Euclidean algorithm (Menezes et al.,
  // Handbook of Applied Cryptography, 14.61 with p odd); a != 0.
  static W raw_add(const W &a, const W &b) {  // one word longer than b
    W s(b.size() + 1, 0);
    uint64_t carry = 0;
    for (size_t i = 0; i < s.size(); i++) {
      carry += (uint64_t)(i < a.size() ? a[i] : 0) + (i < b.size() ? b[i] : 0);
      s[i] = (uint32_t)carry;
      carry >>= 32;
    }
    return s;
  }
  static void raw_sub(W &a, const W &b) {  // a -= b, a >= b
    int64_t borrow = 0;
    for (size_t i = 0; i < a.size(); i++) {
      int64_t d = (int64_t)a[i] - (i < b.size() ? b[i] : 0) - borrow;
      borrow = d < 0;
      a[i] = (uint32_t)(d + (borrow ? (int64_t)1 << 32 : 0));
    }
  }
  static void shr1(W &a) {
    for (size_t i = 0; i < a.size(); i++) a[i] = a[i] >> 1 | (i + 1 < a.size() ? a[i + 1] << 31 : 0);
  }
  static bool is_one(const W &a) {
    if (a[0] != 1) return false;
    for (size_t i = 1; i < a.size(); i++)
      if (a[i]) return false;
    return true;
  }
  W half(const W &x) const {  // x / 2 mod p, x < p
    W t = (x[0] & 1) ? raw_add(x, c.p) : raw_add(x, W(c.p.size(), 0));
    shr1(t);
    t.resize(c.p.size());
    return t;
  }
  W subp(const W &a, const W &b) const {  // a - b mod p, a, b < p
    W r = raw_add(a, W(c.p.size(), 0));
    if (fct::ref::cmp(a, b) < 0) r = raw_add(a, c.p);
    raw_sub(r, b);
    r.resize(c.p.size());
    return r;
  }
  W inv(const W &a) const {
    W u = norm(a), v = c.p, x1 = k(1), x2 = k(0);
    while (!is_one(u) && !is_one(v)) {
      while (!(u[0] & 1)) {
        shr1(u);
        x1 = half(x1);
      }
      while (!(v[0] & 1)) {
        shr1(v);
        x2 = half(x2);
      }
      if (fct::ref::cmp(u, v) >= 0) {
        raw_sub(u, v);
        x1 = subp(x1, x2);
      } else {
        raw_sub(v, u);
        x2 = subp(x2, x1);
      }
    }
    return is_one(u) ? x1 : x2;
  }
  static bool eq(const W &a, const W &b) { return fct::ref::cmp(a, b) == 0; }
  W k(uint32_t v) const { return small(v, (unsigned)c.p.size()); }

  struct Pt {
    bool inf;
    W x, y;
  };
  Pt dbl(const Pt &a) const {
    if (a.inf || eq(norm(a.y), k(0))) return {true, {}, {}};
    W l = mul(sub(mul(k(3), mul(a.x, a.x)), k(3)), inv(mul(k(2), a.y)));
    W x = sub(mul(l, l), add(a.x, a.x));
    return {false, x, sub(mul(l, sub(a.x, x)), a.y)};
  }
  Pt add(const Pt &a, const Pt &b) const {
    if (a.inf) return b;
    if (b.inf) return a;
    if (eq(norm(a.x), norm(b.x))) return eq(norm(a.y), norm(b.y)) ? dbl(a) : Pt{true, {}, {}};
    W l = mul(sub(b.y, a.y), inv(sub(b.x, a.x)));
    W x = sub(sub(mul(l, l), a.x), b.x);
    return {false, x, sub(mul(l, sub(a.x, x)), a.y)};
  }
  Pt mul(const Bytes &scalar, const Pt &p) const {
    Pt r{true, {}, {}};
    for (uint8_t byte : scalar)
      for (int bit = 7; bit >= 0; bit--) {
        r = dbl(r);
        if ((byte >> bit) & 1) r = add(r, p);
      }
    return r;
  }
  Pt g() const { return {false, c.gx, c.gy}; }
  Bytes point(const Pt &a) const {
    Bytes out{0x04};
    Bytes x = to_be(norm(a.x), c.bytes), y = to_be(norm(a.y), c.bytes);
    out.insert(out.end(), x.begin(), x.end());
    out.insert(out.end(), y.begin(), y.end());
    return out;
  }
  // rhs of the curve equation, x^3 - 3x + b
  W rhs(const W &x) const { return add(sub(mul(mul(x, x), x), mul(k(3), x)), c.b); }
  // a * R mod p as the key stores it (64-bit little-endian limbs)
  std::vector<uint64_t> mont(const W &a) const {
    W m = fct::ref::shift_mod(norm(a), c.bytes / 4, c.p);
    std::vector<uint64_t> out(c.bytes / 8);
    for (size_t i = 0; i < out.size(); i++) out[i] = (uint64_t)m[2 * i] | (uint64_t)m[2 * i + 1] << 32;
    return out;
  }
};

Bytes scalar_of(const W &w, unsigned bytes) { return to_be(w, bytes); }
W n_minus(const Curve &c, uint32_t v) {
  W r = c.n;
  r[0] -= v;  // n's low word is above every v used here
  return r;
}

class EcModel : public fct::EcKernelTest {};

TEST_P(EcModel, PointIn) {
  for (Curve c : {p256(), p384()}) {
    Model m{c};
    SCOPED_TRACE(c.bytes);
    int valid = 0, invalid = 0;
    std::vector<W> xs;
    for (uint32_t v = 0; v <= 40; v++) xs.push_back(m.k(v));
    W pm1 = c.p;
    pm1[0] -= 1;
    xs.push_back(pm1);
    for (const W &x : xs) {
      W r = m.rhs(x);
      W e = c.p;  // (p - 1) / 2
      e[0] -= 1;
      for (size_t i = 0; i < e.size(); i++) e[i] = e[i] >> 1 | (i + 1 < e.size() ? e[i + 1] << 31 : 0);
      W leg = fct::ref::powmod(r, to_be(e, c.bytes), c.p);
      bool square = Model::eq(leg, m.k(1)) || Model::eq(r, m.k(0));
      for (int odd = 0; odd < 2; odd++) {
        Bytes pt{(uint8_t)(0x02 | odd)};
        Bytes xb = to_be(x, c.bytes);
        pt.insert(pt.end(), xb.begin(), xb.end());
        fc_ec_pubkey key;
        fc_err rc = fc_ec_pubkey_init(&key, c.id, pt.data(), pt.size());
        if (!square) {
          EXPECT_EQ(rc, FC_ERR_KEY) << fct::to_hex(xb);
          invalid++;
          continue;
        }
        ASSERT_EQ(rc, FC_OK) << fct::to_hex(xb);
        valid++;
        // the root with the asked parity, from the model
        W q = c.p;  // (p + 1) / 4
        for (size_t i = 0; i < q.size() && ++q[i] == 0; i++) {
        }
        for (int s = 0; s < 2; s++)
          for (size_t i = 0; i < q.size(); i++) q[i] = q[i] >> 1 | (i + 1 < q.size() ? q[i + 1] << 31 : 0);
        W y = fct::ref::powmod(r, to_be(q, c.bytes), c.p);
        if ((int)(y[0] & 1) != odd) y = m.neg(y);
        std::vector<uint64_t> mx = m.mont(x), my = m.mont(y);
        EXPECT_TRUE(std::equal(mx.begin(), mx.end(), key.x));
        EXPECT_TRUE(std::equal(my.begin(), my.end(), key.y));
        // the same point uncompressed, and off the curve with y + 1
        Bytes full = m.point({false, x, y});
        fc_ec_pubkey k2;
        EXPECT_EQ(fc_ec_pubkey_init(&k2, c.id, full.data(), full.size()), FC_OK);
        Bytes off = m.point({false, x, m.add(y, m.k(1))});
        EXPECT_EQ(fc_ec_pubkey_init(&k2, c.id, off.data(), off.size()), FC_ERR_KEY);
      }
    }
    EXPECT_GT(valid, 10);
    EXPECT_GT(invalid, 10);
    // x = p: not a field element
    Bytes pt{0x02};
    Bytes pb = to_be(c.p, c.bytes);
    pt.insert(pt.end(), pb.begin(), pb.end());
    fc_ec_pubkey key;
    EXPECT_EQ(fc_ec_pubkey_init(&key, c.id, pt.data(), pt.size()), FC_ERR_KEY);
  }
}

TEST_P(EcModel, Mul2) {
  const fc__ec_kernel *k = fc__ec_active();
  ASSERT_STREQ(k->h.name, GetParam().c_str());
  fct::Rng rng(43);
  for (Curve c : {p256(), p384()}) {
    Model m{c};
    SCOPED_TRACE(c.bytes);
    const fc__ec_curve *ec = fc__ec_curve_of(c.id);
    auto random_scalar = [&]() {
      W w(c.bytes / 4);
      for (auto &v : w) v = rng.u32();
      return fct::ref::mod(w, c.n);
    };
    Model::Pt g = m.g(), neg_g{false, c.gx, m.neg(c.gy)};
    Model::Pt q_rand = m.mul(scalar_of(random_scalar(), c.bytes), g);
    W all_ones(c.bytes / 4, 0xffffffffu);
    struct Case {
      const char *what;
      W u1, u2;
      Model::Pt q;
    };
    unsigned wl = c.bytes / 4;
    std::vector<Case> cases = {
        {"G", small(1, wl), small(0, wl), q_rand},
        {"Q", small(0, wl), small(1, wl), q_rand},
        {"G + G (P = Q)", small(1, wl), small(1, wl), g},
        {"G - G (P = -Q)", small(1, wl), small(1, wl), neg_g},
        {"(n-1) G", n_minus(c, 1), small(0, wl), q_rand},
        {"(n-1) G + G", n_minus(c, 1), small(1, wl), g},
        {"5 G + (n-5) G", small(5, wl), n_minus(c, 5), g},
        {"(n-5) G + 6 G", n_minus(c, 5), small(6, wl), g},
        {"(2^bits-1) G", all_ones, small(0, wl), q_rand},
        {"(2^bits-1) Q", small(0, wl), all_ones, q_rand},
        {"0", small(0, wl), small(0, wl), q_rand},
    };
    for (int i = 0; i < 3; i++) cases.push_back({"random", random_scalar(), random_scalar(), q_rand});
    W u = random_scalar();
    cases.push_back({"u G + (n-u) G", u, fct::ref::mod(m.sub(c.n, u), c.n), g});
    for (const Case &t : cases) {
      SCOPED_TRACE(t.what);
      Bytes qpt = m.point(t.q);
      fc_ec_pubkey key;
      ASSERT_EQ(fc_ec_pubkey_init(&key, c.id, qpt.data(), qpt.size()), FC_OK);
      Bytes u1 = scalar_of(t.u1, c.bytes), u2 = scalar_of(t.u2, c.bytes);
      // the model's answer, computed once for every kernel
      static std::map<std::string, Model::Pt> cache;
      std::string id = fct::to_hex(u1) + fct::to_hex(u2) + fct::to_hex(qpt);
      if (!cache.count(id)) cache[id] = m.add(m.mul(u1, g), m.mul(u2, t.q));
      const Model::Pt &want = cache[id];
      Bytes x(c.bytes), y(c.bytes);
      int got = k->mul2(ec, key.x, key.y, u1.data(), u2.data(), x.data(), y.data());
      ASSERT_EQ(got, want.inf ? 0 : 1);
      if (!want.inf) {
        EXPECT_EQ(fct::to_hex(x), fct::to_hex(to_be(m.norm(want.x), c.bytes)));
        EXPECT_EQ(fct::to_hex(y), fct::to_hex(to_be(m.norm(want.y), c.bytes)));
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllKernels, EcModel, ::testing::ValuesIn(fct::kernels(FC_OP_EC)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
