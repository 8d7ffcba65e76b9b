#include "fc_test.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

namespace fct {

std::string vectors_dir() {
  const char *e = std::getenv("FC_VECTORS_DIR");
  return e ? e : FC_VECTORS_DIR;
}

Bytes read_file(const std::string &path) {
  Bytes out;
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f) {
    ADD_FAILURE() << "cannot open " << path;
    return out;
  }
  uint8_t buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.insert(out.end(), buf, buf + n);
  std::fclose(f);
  return out;
}

std::string read_text(const std::string &path) {
  Bytes b = read_file(path);
  return std::string(b.begin(), b.end());
}

static int nib(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

Bytes hex(const std::string &s) {
  Bytes out;
  int hi = -1;
  for (char c : s) {
    int v = nib(c);
    if (v < 0) continue;
    if (hi < 0) {
      hi = v;
    } else {
      out.push_back((uint8_t)(hi << 4 | v));
      hi = -1;
    }
  }
  return out;
}

std::string to_hex(const Bytes &b) {
  static const char *d = "0123456789abcdef";
  std::string s;
  for (uint8_t x : b) {
    s += d[x >> 4];
    s += d[x & 15];
  }
  return s;
}

std::vector<std::string> kernels(fc_op op) {
  fc_impl_info info[32];
  size_t n = fc_impls(op, info, 32);
  std::vector<std::string> v;
  for (size_t i = 0; i < n && i < 32; i++) v.push_back(info[i].name);
  return v;
}

bool kernel_usable(fc_op op, const std::string &name) {
  fc_impl_info info[32];
  size_t n = fc_impls(op, info, 32);
  for (size_t i = 0; i < n && i < 32; i++)
    if (name == info[i].name) return info[i].usable != 0;
  return false;
}

std::string param_name(const std::string &name) {
  std::string s;
  for (char c : name) s += (std::isalnum((unsigned char)c) ? c : '_');
  return s;
}

void KernelTest::SetUp() {
  note_kernel_attempt(op_, GetParam());
  if (!kernel_usable(op_, GetParam())) GTEST_SKIP() << "UNAVAILABLE on this CPU: " << GetParam();
  pin_ = std::make_unique<Pin>(op_, GetParam());
  ASSERT_EQ(pin_->rc, FC_OK);
  ASSERT_STREQ(fc_impl_active(op_), GetParam().c_str());
  note_kernel_ran(op_, GetParam());
}

// ------------------------------------------------------------ coverage

namespace {

const char *const kOps[FC_OP_COUNT] = {"mont", "sha1",  "sha256", "sha512",
                                       "aes",  "ghash", "keccak", "keccak_x", "ec", "mldsa",
                                       "sha256_x"};

struct Coverage {
  std::map<int, std::set<std::string>> attempted, ran;
};
Coverage &coverage() {
  static Coverage c;
  return c;
}

// FC_CPU_* bit -> the flag Linux prints for it in /proc/cpuinfo.
const std::pair<uint64_t, const char *> kCpuinfoFlags[] = {
    {FC_CPU_SSE2, "sse2"},         {FC_CPU_SSSE3, "ssse3"},     {FC_CPU_SSE41, "sse4_1"},
    {FC_CPU_AVX, "avx"},           {FC_CPU_AVX2, "avx2"},       {FC_CPU_BMI2, "bmi2"},
    {FC_CPU_ADX, "adx"},           {FC_CPU_AESNI, "aes"},       {FC_CPU_PCLMUL, "pclmulqdq"},
    {FC_CPU_SHANI, "sha_ni"},      {FC_CPU_AVX512F, "avx512f"}, {FC_CPU_AVX512VL, "avx512vl"},
    {FC_CPU_AVX512BW, "avx512bw"}, {FC_CPU_AVX512IFMA, "avx512ifma"},
    {FC_CPU_VAES, "vaes"},         {FC_CPU_VPCLMUL, "vpclmulqdq"},
    {FC_CPU_NEON, "asimd"},        {FC_CPU_ARM_AES, "aes"},     {FC_CPU_ARM_PMULL, "pmull"},
    {FC_CPU_ARM_SHA1, "sha1"},     {FC_CPU_ARM_SHA2, "sha2"},   {FC_CPU_ARM_SHA512, "sha512"},
    {FC_CPU_ARM_SHA3, "sha3"},
};

// The "flags" (x86) or "Features" (AArch64) words of the first CPU.
std::set<std::string> cpuinfo_flags() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  std::set<std::string> out;
  while (std::getline(in, line)) {
    if (line.rfind("flags", 0) != 0 && line.rfind("Features", 0) != 0) continue;
    std::istringstream words(line.substr(line.find(':') + 1));
    std::string w;
    while (words >> w) out.insert(w);
    break;
  }
  return out;
}

class CoverageReport : public ::testing::Environment {
 public:
  void TearDown() override {
    const Coverage &c = coverage();
    bool check = std::getenv("FCT_CHECK_CPUINFO") && std::string(std::getenv("FCT_CHECK_CPUINFO")) == "1";
    std::set<std::string> flags;
    if (check) {
      flags = cpuinfo_flags();
      if (flags.empty()) ADD_FAILURE() << "FCT_CHECK_CPUINFO=1 but /proc/cpuinfo lists no flags";
    }
    for (const auto &a : c.attempted) {
      fc_op op = (fc_op)a.first;
      std::string ran, unavailable;
      auto r = c.ran.find(a.first);
      for (const std::string &k : a.second) {
        bool did = r != c.ran.end() && r->second.count(k);
        (did ? ran : unavailable) += " " + k;
        if (!check || did) continue;
        fc_impl_info info[32];
        size_t n = fc_impls(op, info, 32);
        for (size_t i = 0; i < n && i < 32; i++) {
          if (k != info[i].name) continue;
          bool has_all = true;
          for (const auto &f : kCpuinfoFlags)
            if ((info[i].needs & f.first) && !flags.count(f.second)) has_all = false;
          if (has_all)
            ADD_FAILURE() << kOps[op] << " kernel " << k
                          << ": /proc/cpuinfo lists every feature it needs, but it did not run";
        }
      }
      std::cout << "[ KERNELS  ] " << kOps[op] << ": ran" << (ran.empty() ? " (none)" : ran)
                << "; unavailable" << (unavailable.empty() ? " (none)" : unavailable) << "\n";
    }
  }
};

const bool kCoverageRegistered = [] {
  ::testing::AddGlobalTestEnvironment(new CoverageReport);
  return true;
}();

}  // namespace

void note_kernel_attempt(fc_op op, const std::string &name) {
  coverage().attempted[(int)op].insert(name);
}
void note_kernel_ran(fc_op op, const std::string &name) { coverage().ran[(int)op].insert(name); }

const char *err_name(fc_err rc) {
  switch (rc) {
    case FC_OK: return "OK";
    case FC_ERR_ARG: return "ARG";
    case FC_ERR_KEY: return "KEY";
    case FC_ERR_DER: return "DER";
    case FC_ERR_SIG: return "SIG";
    case FC_ERR_UNSUPPORTED: return "UNSUPPORTED";
    case FC_ERR_ENV: return "ENV";
    case FC_ERR_AUTH: return "AUTH";
  }
  return "?";
}

namespace ref {

static void trim(W &a) {
  while (a.size() > 1 && a.back() == 0) a.pop_back();
}

int cmp(const W &a0, const W &b0) {
  W a = a0, b = b0;
  trim(a);
  trim(b);
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  for (size_t i = a.size(); i-- > 0;)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

W mul(const W &a, const W &b) {
  W r(a.size() + b.size(), 0);
  for (size_t i = 0; i < a.size(); i++) {
    uint64_t c = 0;
    for (size_t j = 0; j < b.size(); j++) {
      c += (uint64_t)a[i] * b[j] + r[i + j];
      r[i + j] = (uint32_t)c;
      c >>= 32;
    }
    r[i + b.size()] = (uint32_t)c;
  }
  return r;
}

// Shift-and-subtract long division remainder, one bit at a time: slow,
// obviously right; used to check mod() below.
W mod_slow(const W &a, const W &n) {
  size_t nw = n.size();
  W r(nw + 1, 0);
  W nn(n);
  nn.push_back(0);
  for (size_t bit = a.size() * 32; bit-- > 0;) {
    uint32_t in = (a[bit / 32] >> (bit % 32)) & 1, top = 0;
    for (size_t i = 0; i < r.size(); i++) {  // r = 2r + in
      uint32_t w = r[i];
      r[i] = (w << 1) | (i == 0 ? in : top);
      top = w >> 31;
    }
    if (cmp(r, nn) >= 0) {
      uint64_t br = 0;
      for (size_t i = 0; i < r.size(); i++) {
        uint64_t d = (uint64_t)r[i] - nn[i] - br;
        r[i] = (uint32_t)d;
        br = (d >> 63) & 1;
      }
    }
  }
  r.resize(nw);
  return r;
}

// Remainder by Knuth's Algorithm D (TAOCP vol. 2, 4.3.1) on 32-bit digits:
// normalise so the divisor's top digit has its high bit set, estimate each
// quotient digit from the top two remainder digits (corrected at most twice
// against the divisor's second digit), multiply-subtract, add back on the
// rare overshoot.
W mod(const W &a0, const W &n0) {
  W a = a0, n = n0;
  trim(a);
  trim(n);
  size_t nn = n.size(), out = n0.size();
  W r;
  if (nn == 1) {
    uint64_t rem = 0;
    for (size_t i = a.size(); i-- > 0;) rem = ((rem << 32) | a[i]) % n[0];
    r.assign(out, 0);
    r[0] = (uint32_t)rem;
    return r;
  }
  if (cmp(a, n) < 0) {
    a.resize(out, 0);
    return a;
  }
  int s = 0;
  while (!((n[nn - 1] << s) & 0x80000000u)) s++;
  W vn(nn), un(a.size() + 1);
  for (size_t i = nn; i-- > 0;) vn[i] = (n[i] << s) | (s && i ? n[i - 1] >> (32 - s) : 0);
  un[a.size()] = s ? a[a.size() - 1] >> (32 - s) : 0;
  for (size_t i = a.size(); i-- > 0;) un[i] = (a[i] << s) | (s && i ? a[i - 1] >> (32 - s) : 0);
  const uint64_t B = 1ull << 32;
  for (size_t j = a.size() - nn + 1; j-- > 0;) {
    uint64_t num = ((uint64_t)un[j + nn] << 32) | un[j + nn - 1];
    uint64_t qhat = num / vn[nn - 1], rhat = num % vn[nn - 1];
    while (qhat >= B || qhat * vn[nn - 2] > ((rhat << 32) | un[j + nn - 2])) {
      qhat--;
      rhat += vn[nn - 1];
      if (rhat >= B) break;
    }
    int64_t borrow = 0;
    for (size_t i = 0; i < nn; i++) {
      uint64_t p = qhat * vn[i];
      int64_t t = (int64_t)un[i + j] - borrow - (int64_t)(p & 0xffffffffu);
      un[i + j] = (uint32_t)t;
      borrow = (int64_t)(p >> 32) - (t >> 32);
    }
    int64_t t = (int64_t)un[j + nn] - borrow;
    un[j + nn] = (uint32_t)t;
    if (t < 0) {  // qhat was one too large: add the divisor back
      uint64_t c = 0;
      for (size_t i = 0; i < nn; i++) {
        c += (uint64_t)un[i + j] + vn[i];
        un[i + j] = (uint32_t)c;
        c >>= 32;
      }
      un[j + nn] += (uint32_t)c;
    }
  }
  r.assign(out, 0);
  for (size_t i = 0; i < nn; i++) r[i] = (un[i] >> s) | (s ? un[i + 1] << (32 - s) : 0);
  return r;
}

W mulmod(const W &a, const W &b, const W &n) { return mod(mul(a, b), n); }

W modulus_all_ones(unsigned bits) {
  W n((bits + 31) / 32, 0xffffffffu);
  if (bits % 32) n.back() = (1u << (bits % 32)) - 1;
  return n;
}

W modulus_pow2_plus1(unsigned bits) {
  W n((bits + 31) / 32, 0);
  n[0] = 1;
  n[(bits - 1) / 32] |= 1u << ((bits - 1) % 32);
  return n;
}

W shift_mod(const W &a, size_t k, const W &n) {
  W s(k, 0);
  s.insert(s.end(), a.begin(), a.end());
  return mod(s, n);
}

W powmod(const W &base, const Bytes &exp, const W &n) {
  W r(n.size(), 0);
  r[0] = 1;
  r = mod(r, n);
  for (uint8_t byte : exp)
    for (int b = 7; b >= 0; b--) {
      r = mulmod(r, r, n);
      if ((byte >> b) & 1) r = mulmod(r, base, n);
    }
  return r;
}

}  // namespace ref
}  // namespace fct
