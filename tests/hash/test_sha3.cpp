// SHA-3, SHAKE and ParallelHash256 for every Keccak kernel:
//   - each FC_OP_KECCAK and FC_OP_KECCAK_X kernel against a reference
//     Keccak-f[1600] written here from FIPS 202 section 3 (its round
//     constants from the LFSR of 3.2.5, its rotations from 3.2.2's
//     recurrence: nothing shared with the library);
//   - NIST SHA3VS / SHAKEVS byte-oriented files (tests/vectors/nist/sha3);
//   - Python hashlib answers for every length 0..1000 and more
//     (tests/vectors/local/sha3_hashlib.txt, tools/make-sha3-vectors.py),
//     one-shot and streamed with random split points on both sides;
//   - HMAC, HKDF and PBKDF2 over SHA-3 (same file);
//   - ParallelHash256: SP 800-185's published samples and a serial
//     implementation over the reference permutation.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <sstream>

#include "fc_test.h"
#include "rsp.h"
extern "C" {
#include "hash/hash_internal.h"
}

using fct::Bytes;

namespace {

// ------------------------------------------------------------ reference

uint64_t rol(uint64_t x, unsigned n) { return n % 64 ? (x << (n % 64)) | (x >> (64 - n % 64)) : x; }

// rc(t) of FIPS 202 Algorithm 5.
int rc_bit(int t) {
  if (t % 255 == 0) return 1;
  unsigned r = 0x80;  // R = 10000000, R[0] the high bit here
  for (int i = 1; i <= t % 255; i++) {
    unsigned r8 = r & 1;  // R[8] after "R = 0 || R" is the old R[7]
    r >>= 1;
    if (r8) r ^= 0x80 | 0x08 | 0x04 | 0x02;  // R[0], R[4], R[5], R[6] ^= R[8]
  }
  return (r >> 7) & 1;
}

struct RefConsts {
  uint64_t rc[24];
  unsigned rho[25];
  RefConsts() {
    for (int ir = 0; ir < 24; ir++) {
      rc[ir] = 0;
      for (int j = 0; j <= 6; j++)
        if (rc_bit(j + 7 * ir)) rc[ir] |= 1ull << ((1u << j) - 1);
    }
    rho[0] = 0;
    for (int t = 0, x = 1, y = 0; t < 24; t++) {  // 3.2.2 step 3
      rho[x + 5 * y] = (unsigned)(((t + 1) * (t + 2) / 2) % 64);
      int nx = y, ny = (2 * x + 3 * y) % 5;
      x = nx;
      y = ny;
    }
  }
};
const RefConsts &K() {
  static RefConsts k;
  return k;
}

void ref_permute(uint64_t a[25]) {
  for (int ir = 0; ir < 24; ir++) {
    uint64_t c[5], b[25];
    for (int x = 0; x < 5; x++) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
    for (int x = 0; x < 5; x++)
      for (int y = 0; y < 5; y++) a[x + 5 * y] ^= c[(x + 4) % 5] ^ rol(c[(x + 1) % 5], 1);
    for (int x = 0; x < 5; x++)  // rho, then pi: A'[x, y] = A[(x + 3y) mod 5, x]
      for (int y = 0; y < 5; y++) b[x + 5 * y] = rol(a[(x + 3 * y) % 5 + 5 * x], K().rho[(x + 3 * y) % 5 + 5 * x]);
    for (int x = 0; x < 5; x++)
      for (int y = 0; y < 5; y++)
        a[x + 5 * y] = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
    a[0] ^= K().rc[ir];
  }
}

// A byte-at-a-time sponge (FIPS 202 Algorithm 8) with a domain suffix.
Bytes ref_sponge(size_t rate, uint8_t suffix, const Bytes &m, size_t out_len) {
  uint64_t s[25] = {0};
  auto x = [&](size_t i, uint8_t v) { s[i / 8] ^= (uint64_t)v << (8 * (i % 8)); };
  size_t pos = 0;
  for (uint8_t v : m) {
    x(pos++, v);
    if (pos == rate) {
      ref_permute(s);
      pos = 0;
    }
  }
  x(pos, suffix);
  x(rate - 1, 0x80);
  ref_permute(s);
  Bytes out;
  for (pos = 0; out.size() < out_len; pos++) {
    if (pos == rate) {
      ref_permute(s);
      pos = 0;
    }
    out.push_back((uint8_t)(s[pos / 8] >> (8 * (pos % 8))));
  }
  return out;
}

// SP 800-185 section 2.3 encodings, written out plainly.
Bytes left_enc(uint64_t x) {
  Bytes b;
  do {
    b.insert(b.begin(), (uint8_t)x);
    x >>= 8;
  } while (x);
  b.insert(b.begin(), (uint8_t)b.size());
  return b;
}
Bytes right_enc(uint64_t x) {
  Bytes b = left_enc(x);
  b.push_back(b[0]);
  b.erase(b.begin());
  return b;
}
void app(Bytes &a, const Bytes &b) { a.insert(a.end(), b.begin(), b.end()); }

// cSHAKE256 (section 3.3) and ParallelHash256 (section 6.3), serially.
Bytes ref_cshake256(const Bytes &x, size_t out_len, const std::string &n, const Bytes &s) {
  if (n.empty() && s.empty()) return ref_sponge(136, 0x1f, x, out_len);
  Bytes p = left_enc(136);
  app(p, left_enc(8 * n.size()));
  app(p, Bytes(n.begin(), n.end()));
  app(p, left_enc(8 * s.size()));
  app(p, s);
  while (p.size() % 136) p.push_back(0);
  app(p, x);
  return ref_sponge(136, 0x04, p, out_len);
}
Bytes ref_parallelhash256(const Bytes &x, size_t b, const Bytes &s, size_t out_len) {
  size_t n = (x.size() + b - 1) / b;
  Bytes z = left_enc(b);
  for (size_t i = 0; i < n; i++) {
    Bytes blk(x.begin() + i * b, x.begin() + std::min(x.size(), (i + 1) * b));
    app(z, ref_cshake256(blk, 64, "", {}));
  }
  app(z, right_enc(n));
  app(z, right_enc(8 * out_len));
  return ref_cshake256(z, out_len, "ParallelHash", s);
}

// ------------------------------------------------------------ fixtures

template <fc_op OP>
class KernelTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    fct::note_kernel_attempt(OP, GetParam());
    if (!fct::kernel_usable(OP, GetParam())) GTEST_SKIP() << "UNAVAILABLE on this CPU: " << GetParam();
    pin_ = std::make_unique<fct::Pin>(OP, GetParam());
    ASSERT_EQ(pin_->rc, FC_OK);
    ASSERT_STREQ(fc_impl_active(OP), GetParam().c_str());
    fct::note_kernel_ran(OP, GetParam());
  }
  std::unique_ptr<fct::Pin> pin_;
};
using Keccak = KernelTest<FC_OP_KECCAK>;
using KeccakX = KernelTest<FC_OP_KECCAK_X>;

std::string pname(const ::testing::TestParamInfo<std::string> &i) { return fct::param_name(i.param); }

Bytes rnd(fct::Rng &r, size_t n) {
  Bytes b(n);
  for (auto &v : b) v = (uint8_t)r.next();
  return b;
}

// tools/make-sha3-vectors.py's messages.
Bytes msg(size_t n) {
  Bytes b(n);
  for (size_t i = 0; i < n; i++) b[i] = (uint8_t)(131 * i + 17 * n + 5);
  return b;
}

// ------------------------------------------------------------ kernels

TEST_P(Keccak, PermuteAndAbsorbMatchReference) {
  const fc__keccak_kernel *k = fc__keccak_active();
  ASSERT_NE(k, nullptr);
  ASSERT_STREQ(k->h.name, GetParam().c_str());
  fct::Rng r(1);
  // FIPS 202's zero state, permuted once and twice (KeccakF-1600 intermediate values).
  uint64_t z[25] = {0}, zr[25] = {0};
  k->permute(z);
  ref_permute(zr);
  EXPECT_EQ(z[0], 0xf1258f7940e1dde7ull);
  EXPECT_EQ(0, std::memcmp(z, zr, sizeof(z)));
  for (int t = 0; t < 64; t++) {
    uint64_t a[25], b[25];
    for (int i = 0; i < 25; i++) a[i] = b[i] = r.next();
    k->permute(a);
    ref_permute(b);
    ASSERT_EQ(0, std::memcmp(a, b, sizeof(a))) << "state " << t;
  }
  for (size_t rate : {72, 104, 136, 144, 168}) {
    for (size_t nb = 1; nb <= 3; nb++) {
      uint64_t a[25], b[25];
      for (int i = 0; i < 25; i++) a[i] = b[i] = r.next();
      Bytes in = rnd(r, rate * nb);
      k->absorb(a, in.data(), nb, rate);
      for (size_t j = 0; j < nb; j++) {
        for (size_t i = 0; i < rate; i++) b[i / 8] ^= (uint64_t)in[j * rate + i] << (8 * (i % 8));
        ref_permute(b);
      }
      ASSERT_EQ(0, std::memcmp(a, b, sizeof(a))) << "rate " << rate << " blocks " << nb;
    }
  }
}

TEST_P(KeccakX, AbsorbXMatchesReferenceForOneToEightStates) {
  const fc__keccak_x_kernel *k = fc__keccak_x_active();
  ASSERT_NE(k, nullptr);
  ASSERT_STREQ(k->h.name, GetParam().c_str());
  fct::Rng r(2);
  for (size_t n = 1; n <= FC__KECCAK_X_MAX; n++) {
    for (size_t rate : {136, 168, 72, 104, 144}) {  // every SHA-3 and SHAKE rate
      for (size_t nb = 1; nb <= 3; nb++) {
        for (int permute_only = 0; permute_only < 2; permute_only++) {
          uint64_t st[FC__KECCAK_X_MAX][25], want[FC__KECCAK_X_MAX][25];
          uint64_t *sp[FC__KECCAK_X_MAX];
          const uint8_t *ip[FC__KECCAK_X_MAX];
          std::vector<Bytes> in(n);
          for (size_t s = 0; s < n; s++) {
            for (int i = 0; i < 25; i++) st[s][i] = want[s][i] = r.next();
            in[s] = rnd(r, rate * nb);
            sp[s] = st[s];
            ip[s] = in[s].data();
            for (size_t j = 0; j < nb; j++) {
              if (!permute_only)
                for (size_t i = 0; i < rate; i++)
                  want[s][i / 8] ^= (uint64_t)in[s][j * rate + i] << (8 * (i % 8));
              ref_permute(want[s]);
            }
          }
          k->absorb_x(sp, permute_only ? nullptr : ip, n, nb, rate);
          for (size_t s = 0; s < n; s++)
            ASSERT_EQ(0, std::memcmp(st[s], want[s], sizeof(want[s])))
                << n << " states, state " << s << ", rate " << rate << ", " << nb
                << " blocks, permute_only " << permute_only;
        }
      }
    }
  }
}

TEST_P(KeccakX, ManySpongesOfUnequalLengths) {
  const fc__keccak_x_kernel *k = fc__keccak_x_active();
  fct::Rng r(3);
  for (int t = 0; t < 120; t++) {
    size_t n = 1 + t % FC__KECCAK_X_MAX, rate = t % 3 == 0 ? 168 : 136;
    uint8_t suffix = t % 2 ? 0x1f : 0x06;
    size_t out_len = t % 5 == 0 ? 1 + r.next() % 500 : 64;
    std::vector<Bytes> m(n), out(n, Bytes(out_len));
    const uint8_t *mp[FC__KECCAK_X_MAX];
    size_t ml[FC__KECCAK_X_MAX];
    uint8_t *op[FC__KECCAK_X_MAX];
    for (size_t s = 0; s < n; s++) {
      // lengths around block boundaries, 0 and long ones, all different
      size_t pick = r.next() % 4;
      size_t len = pick == 0 ? (r.next() % 5) * rate : pick == 1 ? r.next() % 8 : r.next() % 1500;
      m[s] = rnd(r, len);
      mp[s] = len ? m[s].data() : nullptr;
      ml[s] = len;
      op[s] = out[s].data();
    }
    fc__keccak_x_sponge(k, rate, suffix, mp, ml, n, op, out_len);
    for (size_t s = 0; s < n; s++)
      ASSERT_EQ(fct::to_hex(out[s]), fct::to_hex(ref_sponge(rate, suffix, m[s], out_len)))
          << "case " << t << ", sponge " << s << " of " << n << ", length " << ml[s];
  }
}

// ------------------------------------------------------------ NIST

struct NistFile {
  const char *name;
  fc_hash_alg alg;   // 0 for SHAKE
  fc_xof_alg xof;    // 0 for SHA-3
  size_t digest_len; // SHA-3 digest, or SHAKE's Output length
  size_t count;      // records (nist/README.md)
};
const NistFile kNist[] = {
    {"SHA3_224ShortMsg.rsp", FC_SHA3_224, (fc_xof_alg)0, 28, 144},
    {"SHA3_224LongMsg.rsp", FC_SHA3_224, (fc_xof_alg)0, 28, 100},
    {"SHA3_256ShortMsg.rsp", FC_SHA3_256, (fc_xof_alg)0, 32, 136},
    {"SHA3_256LongMsg.rsp", FC_SHA3_256, (fc_xof_alg)0, 32, 100},
    {"SHA3_384ShortMsg.rsp", FC_SHA3_384, (fc_xof_alg)0, 48, 104},
    {"SHA3_384LongMsg.rsp", FC_SHA3_384, (fc_xof_alg)0, 48, 100},
    {"SHA3_512ShortMsg.rsp", FC_SHA3_512, (fc_xof_alg)0, 64, 72},
    {"SHA3_512LongMsg.rsp", FC_SHA3_512, (fc_xof_alg)0, 64, 100},
    {"SHAKE128ShortMsg.rsp", (fc_hash_alg)0, FC_SHAKE128, 16, 336},
    {"SHAKE128LongMsg.rsp", (fc_hash_alg)0, FC_SHAKE128, 16, 100},
    {"SHAKE256ShortMsg.rsp", (fc_hash_alg)0, FC_SHAKE256, 32, 272},
    {"SHAKE256LongMsg.rsp", (fc_hash_alg)0, FC_SHAKE256, 32, 100},
};

struct Case {
  Bytes msg, md;
  size_t line;
};

const std::vector<Case> &nist_cases(const NistFile &f, std::string *err) {
  static std::map<std::string, std::vector<Case>> cache;
  static std::map<std::string, std::string> errors;
  auto it = cache.find(f.name);
  if (it != cache.end()) {
    *err = errors[f.name];
    return it->second;
  }
  std::vector<Case> &v = cache[f.name];
  try {
    std::string text = fct::read_text(fct::vectors_dir() + "/nist/sha3/" + f.name);
    if (text.empty()) throw std::runtime_error("empty or unreadable");
    const char *end = f.xof ? "Output" : "MD";
    for (const auto &r : fct::rsp::records(fct::rsp::parse(text), end)) {
      Case c;
      c.line = r.lineno;
      unsigned long bits = std::stoul(r.at("Len"));
      if (bits % 8) throw std::runtime_error("Len not whole bytes");
      c.msg = fct::hex_strict(r.at("Msg"));
      if (bits == 0) c.msg.clear();
      if (c.msg.size() != bits / 8) throw std::runtime_error("Msg length != Len");
      c.md = fct::hex_strict(r.at(end));
      if (c.md.size() != f.digest_len) throw std::runtime_error("digest length");
      v.push_back(std::move(c));
    }
  } catch (const std::exception &ex) {
    errors[f.name] = std::string(f.name) + ": " + ex.what();
  }
  *err = errors[f.name];
  return v;
}

TEST_P(Keccak, NistSha3vsAndShakevs) {
  fct::Rng r(4);
  for (const NistFile &f : kNist) {
    std::string err;
    const std::vector<Case> &cases = nist_cases(f, &err);
    ASSERT_EQ(err, "");
    ASSERT_EQ(cases.size(), f.count) << f.name << ": vector count";
    for (const Case &c : cases) {
      Bytes out(f.digest_len);
      const uint8_t *m = c.msg.empty() ? nullptr : c.msg.data();
      if (f.xof) {
        ASSERT_EQ(fc_xof(f.xof, m, c.msg.size(), out.data(), out.size()), FC_OK);
        EXPECT_EQ(fct::to_hex(out), fct::to_hex(c.md)) << f.name << " line " << c.line;
      } else {
        ASSERT_EQ(fc_hash(f.alg, m, c.msg.size(), out.data()), FC_OK);
        EXPECT_EQ(fct::to_hex(out), fct::to_hex(c.md)) << f.name << " line " << c.line;
        fc_hash_ctx ctx;
        ASSERT_EQ(fc_hash_init(&ctx, f.alg), FC_OK);
        size_t cut = c.msg.empty() ? 0 : r.next() % (c.msg.size() + 1);
        ASSERT_EQ(fc_hash_update(&ctx, m, cut), FC_OK);
        ASSERT_EQ(fc_hash_update(&ctx, m ? m + cut : nullptr, c.msg.size() - cut), FC_OK);
        ASSERT_EQ(fc_hash_final(&ctx, out.data()), FC_OK);
        EXPECT_EQ(fct::to_hex(out), fct::to_hex(c.md)) << f.name << " line " << c.line << " streamed";
      }
    }
    std::printf("[ nist ] %s, kernel %s: %zu vectors\n", f.name, fc_impl_active(FC_OP_KECCAK),
                cases.size());
  }
}

// ------------------------------------------------------------ hashlib

struct Lines {
  std::vector<std::vector<std::string>> rows;
  std::string error;
};
const Lines &hashlib_lines() {
  static Lines l;
  static bool done = false;
  if (done) return l;
  done = true;
  std::string text = fct::read_text(fct::vectors_dir() + "/local/sha3_hashlib.txt");
  if (text.empty()) l.error = "sha3_hashlib.txt: empty or unreadable";
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream w(line);
    std::vector<std::string> f;
    std::string s;
    while (w >> s) f.push_back(s);
    l.rows.push_back(f);
  }
  return l;
}

fc_hash_alg sha3_of(const std::string &s) {
  return s == "sha3-224" ? FC_SHA3_224 : s == "sha3-256" ? FC_SHA3_256 : s == "sha3-384" ? FC_SHA3_384
         : s == "sha3-512" ? FC_SHA3_512 : (fc_hash_alg)0;
}

// Streams m into ctx in random pieces.
template <typename F>
void pieces(fct::Rng &r, const Bytes &m, F feed) {
  size_t at = 0;
  while (at < m.size()) {
    size_t take = 1 + r.next() % (r.next() % 4 == 0 ? 300 : 20);
    if (take > m.size() - at) take = m.size() - at;
    feed(m.data() + at, take);
    at += take;
  }
}

TEST_P(Keccak, HashlibEveryLengthOneShotAndStreamed) {
  const Lines &l = hashlib_lines();
  ASSERT_EQ(l.error, "");
  fct::Rng r(5);
  size_t sha3 = 0, shake = 0;
  for (const auto &f : l.rows) {
    if (f[0].rfind("sha3-", 0) != 0 && f[0].rfind("shake", 0) != 0) continue;
    ASSERT_EQ(f.size(), 4u);
    Bytes m = msg(std::stoul(f[1]));
    size_t ol = std::stoul(f[2]);
    Bytes want = fct::hex_strict(f[3]), out(ol);
    ASSERT_EQ(want.size(), ol);
    const uint8_t *mp = m.empty() ? nullptr : m.data();
    if (f[0][1] == 'h' && f[0][2] == 'a' && f[0][3] == '3') {
      fc_hash_alg a = sha3_of(f[0]);
      ASSERT_NE(a, 0) << f[0];
      ASSERT_EQ(fc_hash(a, mp, m.size(), out.data()), FC_OK);
      ASSERT_EQ(fct::to_hex(out), f[3]) << f[0] << " length " << m.size();
      fc_hash_ctx c;
      ASSERT_EQ(fc_hash_init(&c, a), FC_OK);
      pieces(r, m, [&](const uint8_t *p, size_t n) { ASSERT_EQ(fc_hash_update(&c, p, n), FC_OK); });
      ASSERT_EQ(fc_hash_final(&c, out.data()), FC_OK);
      ASSERT_EQ(fct::to_hex(out), f[3]) << f[0] << " length " << m.size() << " streamed";
      sha3++;
    } else {
      fc_xof_alg a = f[0] == "shake128" ? FC_SHAKE128 : FC_SHAKE256;
      ASSERT_EQ(fc_xof(a, mp, m.size(), out.data(), ol), FC_OK);
      ASSERT_EQ(fct::to_hex(out), f[3]) << f[0] << " length " << m.size();
      // random absorb pieces, then random squeeze pieces (some of length 0)
      fc_xof_ctx c;
      ASSERT_EQ(fc_xof_init(&c, a), FC_OK);
      pieces(r, m, [&](const uint8_t *p, size_t n) { ASSERT_EQ(fc_xof_absorb(&c, p, n), FC_OK); });
      Bytes got(ol);
      for (size_t at = 0; at < ol;) {
        size_t take = r.next() % (r.next() % 3 == 0 ? 200 : 9);
        if (take > ol - at) take = ol - at;
        ASSERT_EQ(fc_xof_squeeze(&c, take ? got.data() + at : nullptr, take), FC_OK);
        at += take;
      }
      fc_xof_clear(&c);
      ASSERT_EQ(fct::to_hex(got), f[3]) << f[0] << " length " << m.size() << " streamed";
      shake++;
    }
  }
  // 1,041 lengths (tools/make-sha3-vectors.py): 4 SHA-3 and 2 SHAKE lines each
  EXPECT_EQ(sha3, 4u * 1041);
  EXPECT_EQ(shake, 2u * 1041);
}

TEST_P(Keccak, HashlibHmacHkdfPbkdf2) {
  const Lines &l = hashlib_lines();
  ASSERT_EQ(l.error, "");
  size_t nh = 0, nk = 0, np = 0;
  for (const auto &f : l.rows) {
    std::string kind = f[0].substr(0, f[0].find('-'));
    fc_hash_alg a = sha3_of(f[0].substr(f[0].find('-') + 1));
    if (kind == "hmac") {
      ASSERT_EQ(f.size(), 4u);
      Bytes k = msg(std::stoul(f[1])), m = msg(std::stoul(f[2]));
      Bytes out(fc_hash_len(a));
      ASSERT_EQ(fc_hmac(a, k.empty() ? nullptr : k.data(), k.size(), m.empty() ? nullptr : m.data(),
                        m.size(), out.data()),
                FC_OK);
      ASSERT_EQ(fct::to_hex(out), f[3]) << f[0] << " key " << k.size() << " msg " << m.size();
      fc_hmac_ctx c;
      ASSERT_EQ(fc_hmac_init(&c, a, k.empty() ? nullptr : k.data(), k.size()), FC_OK);
      ASSERT_EQ(fc_hmac_update(&c, m.empty() ? nullptr : m.data(), m.size()), FC_OK);
      ASSERT_EQ(fc_hmac_final(&c, out.data()), FC_OK);
      ASSERT_EQ(fct::to_hex(out), f[3]) << f[0] << " streamed";
      nh++;
    } else if (kind == "hkdf") {
      ASSERT_EQ(f.size(), 6u);
      Bytes s = msg(std::stoul(f[1])), ikm = msg(std::stoul(f[2])), info = msg(std::stoul(f[3]));
      Bytes okm(std::stoul(f[4]));
      ASSERT_EQ(fc_hkdf(a, s.empty() ? nullptr : s.data(), s.size(), ikm.data(), ikm.size(),
                        info.empty() ? nullptr : info.data(), info.size(), okm.data(), okm.size()),
                FC_OK);
      ASSERT_EQ(fct::to_hex(okm), f[5]) << f[0];
      nk++;
    } else if (kind == "pbkdf2") {
      ASSERT_EQ(f.size(), 6u);
      Bytes pw = msg(std::stoul(f[1])), s = msg(std::stoul(f[2])), out(std::stoul(f[4]));
      ASSERT_EQ(fc_pbkdf2(a, pw.empty() ? nullptr : pw.data(), pw.size(),
                          s.empty() ? nullptr : s.data(), s.size(), (uint32_t)std::stoul(f[3]),
                          out.data(), out.size()),
                FC_OK);
      ASSERT_EQ(fct::to_hex(out), f[5]) << f[0];
      np++;
    }
  }
  EXPECT_EQ(nh, 4u * 17 * 4);
  EXPECT_EQ(nk, 4u * 4);
  EXPECT_EQ(np, 4u * 4);
}

// ------------------------------------------------------------ ParallelHash

// SP 800-185's ParallelHash256 samples #4-#6 (NIST's "ParallelHash_samples.pdf").
TEST_P(KeccakX, ParallelHash256PublishedSamples) {
  Bytes x24, x72;
  for (int blk = 0; blk < 3; blk++)
    for (int i = 0; i < 8; i++) x24.push_back((uint8_t)(16 * blk + i));
  for (int blk = 0; blk < 6; blk++)
    for (int i = 0; i < 12; i++) x72.push_back((uint8_t)(16 * blk + i));
  const std::string pd = "Parallel Data";
  struct S {
    const Bytes *x;
    size_t b;
    std::string s, want;
  } samples[] = {
      {&x24, 8, "",
       "bc1ef124da34495e948ead207dd9842235da432d2bbc54b4c110e64c451105531b7f2a3e0ce055c02805e7c2de1fb7"
       "46af97a1dd01f43b824e31b87612410429"},
      {&x24, 8, pd,
       "cdf15289b54f6212b4bc270528b49526006dd9b54e2b6add1ef6900dda3963bb33a72491f236969ca8afaea29c682d"
       "47a393c065b38e29fae651a2091c833110"},
      {&x72, 12, pd,
       "69d0fcb764ea055dd09334bc6021cb7e4b61348dff375da262671cdec3effa8d1b4568a6cce16b1cad946ddde27f6c"
       "e2b8dee4cd1b24851ebf00eb90d43813e9"},
  };
  for (const S &s : samples) {
    uint8_t out[64];
    ASSERT_EQ(fc_parallelhash256(s.x->data(), s.x->size(), s.b, (const uint8_t *)s.s.data(),
                                 s.s.size(), out, 64),
              FC_OK);
    EXPECT_EQ(fct::to_hex(Bytes(out, out + 64)), s.want) << "B = " << s.b << ", S = \"" << s.s << "\"";
    Bytes cs(s.s.begin(), s.s.end());
    EXPECT_EQ(fct::to_hex(ref_parallelhash256(*s.x, s.b, cs, 64)), s.want) << "the reference itself";
  }
}

TEST_P(KeccakX, ParallelHash256MatchesSerialReference) {
  fct::Rng r(6);
  for (int t = 0; t < 60; t++) {
    size_t b = t % 4 == 0 ? 8192 : t % 4 == 1 ? 136 : 1 + r.next() % 300;
    size_t len = t % 6 == 0 ? 0 : r.next() % (t % 4 == 0 ? 80000 : 5000);
    Bytes x = rnd(r, len), s = rnd(r, t % 3 == 0 ? 0 : r.next() % 300);
    size_t ol = t % 5 == 0 ? r.next() % 400 : 64;
    Bytes out(ol);
    ASSERT_EQ(fc_parallelhash256(x.empty() ? nullptr : x.data(), len, b,
                                 s.empty() ? nullptr : s.data(), s.size(),
                                 ol ? out.data() : nullptr, ol),
              FC_OK);
    ASSERT_EQ(fct::to_hex(out), fct::to_hex(ref_parallelhash256(x, b, s, ol)))
        << "case " << t << ": len " << len << ", B " << b << ", S " << s.size() << ", L " << ol;
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, Keccak, ::testing::ValuesIn(fct::kernels(FC_OP_KECCAK)), pname);
INSTANTIATE_TEST_SUITE_P(Kernels, KeccakX, ::testing::ValuesIn(fct::kernels(FC_OP_KECCAK_X)), pname);

// ------------------------------------------------------------ API

TEST(Sha3Api, LengthsAndBlocks) {
  EXPECT_EQ(fc_hash_len(FC_SHA3_224), 28u);
  EXPECT_EQ(fc_hash_len(FC_SHA3_256), 32u);
  EXPECT_EQ(fc_hash_len(FC_SHA3_384), 48u);
  EXPECT_EQ(fc_hash_len(FC_SHA3_512), 64u);
  EXPECT_EQ(fc_hash_block_len(FC_SHA3_224), 144u);
  EXPECT_EQ(fc_hash_block_len(FC_SHA3_256), 136u);
  EXPECT_EQ(fc_hash_block_len(FC_SHA3_384), 104u);
  EXPECT_EQ(fc_hash_block_len(FC_SHA3_512), 72u);
  EXPECT_EQ(fc_hash_len((fc_hash_alg)(FC_SHA3_512 + 1)), 0u);
  EXPECT_EQ(fc_hash_block_len((fc_hash_alg)(FC_SHA3_512 + 1)), 0u);
  for (int a = FC_SHA1; a <= FC_SHA3_512; a++) {
    EXPECT_LE(fc_hash_block_len((fc_hash_alg)a), (size_t)FC_HASH_MAX_BLOCK) << a;
    EXPECT_LE(fc_hash_len((fc_hash_alg)a), (size_t)FC_HASH_MAX_LEN) << a;
  }
}

TEST(Sha3Api, StreamingContextCopiesAndFinalWipes) {
  Bytes m = msg(500);
  uint8_t whole[32], a[32], b[32];
  ASSERT_EQ(fc_hash(FC_SHA3_256, m.data(), m.size(), whole), FC_OK);
  fc_hash_ctx c;
  ASSERT_EQ(fc_hash_init(&c, FC_SHA3_256), FC_OK);
  ASSERT_EQ(fc_hash_update(&c, m.data(), 100), FC_OK);
  fc_hash_ctx d = c;  // clone at a partial block
  ASSERT_EQ(fc_hash_update(&c, m.data() + 100, 400), FC_OK);
  ASSERT_EQ(fc_hash_update(&d, m.data() + 100, 400), FC_OK);
  ASSERT_EQ(fc_hash_final(&c, a), FC_OK);
  ASSERT_EQ(fc_hash_final(&d, b), FC_OK);
  EXPECT_EQ(0, std::memcmp(a, whole, 32));
  EXPECT_EQ(0, std::memcmp(b, whole, 32));
  EXPECT_EQ(fc_hash_update(&c, m.data(), 1), FC_ERR_ARG);
  EXPECT_EQ(fc_hash_final(&c, a), FC_ERR_ARG);
}

TEST(XofApi, ArgumentsAndStates) {
  fc_xof_ctx c;
  uint8_t out[16];
  EXPECT_EQ(fc_xof_init(nullptr, FC_SHAKE128), FC_ERR_ARG);
  // an unknown alg from a valid context: cleared, then refused
  ASSERT_EQ(fc_xof_init(&c, FC_SHAKE128), FC_OK);
  EXPECT_EQ(fc_xof_init(&c, (fc_xof_alg)3), FC_ERR_ARG);
  EXPECT_EQ(fc_xof_absorb(&c, "a", 1), FC_ERR_ARG);
  EXPECT_EQ(fc_xof_squeeze(&c, out, 1), FC_ERR_ARG);
  EXPECT_EQ(fc_xof_init(&c, (fc_xof_alg)0), FC_ERR_ARG);
  // NULL with a length
  ASSERT_EQ(fc_xof_init(&c, FC_SHAKE256), FC_OK);
  EXPECT_EQ(fc_xof_absorb(&c, nullptr, 1), FC_ERR_ARG);
  EXPECT_EQ(fc_xof_absorb(&c, nullptr, 0), FC_OK);
  EXPECT_EQ(fc_xof_squeeze(&c, nullptr, 1), FC_ERR_ARG);
  // the first squeeze (even of 0 bytes) ends absorbing
  EXPECT_EQ(fc_xof_squeeze(&c, nullptr, 0), FC_OK);
  EXPECT_EQ(fc_xof_absorb(&c, "a", 1), FC_ERR_ARG);
  EXPECT_EQ(fc_xof_absorb(&c, nullptr, 0), FC_ERR_ARG);
  ASSERT_EQ(fc_xof_squeeze(&c, out, 16), FC_OK);
  uint8_t want[16];
  ASSERT_EQ(fc_xof(FC_SHAKE256, nullptr, 0, want, 16), FC_OK);
  EXPECT_EQ(0, std::memcmp(out, want, 16));
  // a copy squeezes the same continuation
  fc_xof_ctx d = c;
  uint8_t o1[300], o2[300];
  ASSERT_EQ(fc_xof_squeeze(&c, o1, 300), FC_OK);
  ASSERT_EQ(fc_xof_squeeze(&d, o2, 300), FC_OK);
  EXPECT_EQ(0, std::memcmp(o1, o2, 300));
  fc_xof_clear(&c);
  EXPECT_EQ(fc_xof_squeeze(&c, out, 1), FC_ERR_ARG);
  fc_xof_clear(nullptr);
  // one-shot
  EXPECT_EQ(fc_xof((fc_xof_alg)9, "a", 1, out, 1), FC_ERR_ARG);
  EXPECT_EQ(fc_xof(FC_SHAKE128, nullptr, 1, out, 1), FC_ERR_ARG);
  EXPECT_EQ(fc_xof(FC_SHAKE128, "a", 1, nullptr, 1), FC_ERR_ARG);
  EXPECT_EQ(fc_xof(FC_SHAKE128, "a", 1, nullptr, 0), FC_OK);
  // a tampered context is refused, not run
  ASSERT_EQ(fc_xof_init(&c, FC_SHAKE128), FC_OK);
  c.pos = c.rate;
  EXPECT_EQ(fc_xof_absorb(&c, "a", 1), FC_ERR_ARG);
  ASSERT_EQ(fc_xof_init(&c, FC_SHAKE128), FC_OK);
  c.rate = 136;
  EXPECT_EQ(fc_xof_absorb(&c, "a", 1), FC_ERR_ARG);
}

TEST(ParallelHashApi, Arguments) {
  uint8_t out[64], x[10] = {1};
  ASSERT_EQ(fc_parallelhash256(x, 10, 4, nullptr, 0, out, 64), FC_OK);
  EXPECT_EQ(fc_parallelhash256(x, 10, 0, nullptr, 0, out, 64), FC_ERR_ARG);
  EXPECT_EQ(fc_parallelhash256(nullptr, 10, 4, nullptr, 0, out, 64), FC_ERR_ARG);
  EXPECT_EQ(fc_parallelhash256(x, 10, 4, nullptr, 3, out, 64), FC_ERR_ARG);
  EXPECT_EQ(fc_parallelhash256(x, 10, 4, nullptr, 0, nullptr, 64), FC_ERR_ARG);
  EXPECT_EQ(fc_parallelhash256(nullptr, 0, 4, nullptr, 0, nullptr, 0), FC_OK);
#if SIZE_MAX > 0xffffffffu
  EXPECT_EQ(fc_parallelhash256(x, 10, 4, nullptr, 0, out, (size_t)1 << 61), FC_ERR_ARG);
  EXPECT_EQ(fc_parallelhash256(x, 10, 4, x, (size_t)1 << 61, out, 64), FC_ERR_ARG);
#endif
}

}  // namespace
