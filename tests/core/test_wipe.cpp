// Secrets leave nothing behind (fc_internal.h, "Wiping secrets").
//
// Each call runs on a 64 KiB stack of our own painted with a pattern
// (support/stack_depth.h). After the call returns, the test fails if any
// 8-byte window of a secret, or of a value derived from it, appears
// anywhere in that stack, or in the vector registers (read right after the
// call: xmm/ymm/zmm0-31 and k0-k7 on x86 as the CPU has them, v0-v31 on
// AArch64). The secrets and their derived values (AES round keys, H and
// its powers, E(K, J0), keystream, key ^ ipad, key ^ opad, H(long key),
// the HMAC chaining values, the HKDF PRK, PBKDF2's U1 and U2) come from
// tests/vectors/local/wipe_secrets.txt, computed independently of the
// library by tools/make-wipe-vectors.py.
//
// It also checks that the burn reaches the deepest byte each call touched
// (its lowest 16 touched bytes are the burn's zeros), and that every
// kernel entry point stays within the `stack` figure its descriptor
// states.
//
// Every usable kernel runs: each AES kernel with each GHASH kernel, each
// SHA kernel of each op. AddressSanitizer's fake stacks and redzones
// defeat a stack scan: there the tests skip, saying so.
// FCT_WIPE_VERBOSE=1 prints each call's stack depth: with the library
// built with -DFC__BURN_MAX=0 (no burn) that measures the figures.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "hash/hash_internal.h"
#include "aes/aes_kernel.h"
#include "fc_test.h"
#include "stack_depth.h"

using fct::Bytes;

namespace {

constexpr uint8_t kPattern = 0xa5;

// ---------------------------------------------------------------- vectors
using Case = std::map<std::string, Bytes>;
const std::map<std::string, Case> &vectors() {
  static const std::map<std::string, Case> v = [] {
    std::map<std::string, Case> m;
    std::istringstream in(fct::read_text(fct::vectors_dir() + "/local/wipe_secrets.txt"));
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      size_t dot = line.find('.'), sp = line.find(' ');
      m[line.substr(0, dot)][line.substr(dot + 1, sp - dot - 1)] = fct::hex(line.substr(sp + 1));
    }
    return m;
  }();
  return v;
}

const Bytes &get(const Case &c, const char *name) {
  static const Bytes none;
  auto it = c.find(name);
  EXPECT_NE(it, c.end()) << "wipe_secrets.txt has no " << name;
  return it == c.end() ? none : it->second;
}

// Every 8-byte window of every secret of a case: names not ending in
// "_in", plus the plaintext "pt_in" (the caller's secret data).
struct Secrets {
  std::unordered_set<uint64_t> windows;
  std::map<uint64_t, std::string> origin;
  void add(const std::string &name, const Bytes &v) {
    for (size_t i = 0; i + 8 <= v.size(); i++) {
      uint64_t w;
      std::memcpy(&w, v.data() + i, 8);
      windows.insert(w);
      origin.emplace(w, name + "+" + std::to_string(i));
    }
  }
  explicit Secrets(const Case &c) {
    for (const auto &kv : c) {
      const std::string &n = kv.first;
      bool input = n.size() > 3 && n.compare(n.size() - 3, 3, "_in") == 0;
      if (!input || n == "pt_in") add(n, kv.second);
    }
  }
  // First secret window found in p[0..len), or "".
  std::string find(const uint8_t *p, size_t len) const {
    for (size_t i = 0; i + 8 <= len; i++) {
      uint64_t w;
      std::memcpy(&w, p + i, 8);
      if (windows.count(w)) return origin.at(w);
    }
    return "";
  }
};

// ------------------------------------------------------ vector registers
alignas(64) uint8_t g_vregs[32 * 64 + 8 * 8];
alignas(64) const uint8_t g_vzero[32 * 64 + 8 * 8] = {};
int g_vlevel;  // 0 none, 1 xmm, 2 ymm, 3 zmm (+ k regs 16 bits), 4 zmm + k regs 64 bits

int vector_level() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return __builtin_cpu_supports("avx512bw") ? 4 : 3;
  if (__builtin_cpu_supports("avx")) return 2;
  if (__builtin_cpu_supports("sse2")) return 1;
  return 0;
#elif defined(__aarch64__)
  return 1;
#else
  return 0;
#endif
}

// Stores the vector registers into g_vregs. Called right after a library
// call returns; touches no vector register before storing them.
__attribute__((noinline)) void dump_vregs() {
  uint8_t *b = g_vregs;
#if defined(__x86_64__)
  if (g_vlevel >= 3) {
#define Z(i) "vmovdqu64 %%zmm" #i ", " #i "*64(%0)\n\t"
    __asm__ __volatile__(Z(0) Z(1) Z(2) Z(3) Z(4) Z(5) Z(6) Z(7) Z(8) Z(9) Z(10) Z(11) Z(12) Z(13)
                             Z(14) Z(15) Z(16) Z(17) Z(18) Z(19) Z(20) Z(21) Z(22) Z(23) Z(24) Z(25)
                                 Z(26) Z(27) Z(28) Z(29) Z(30) Z(31)
                         :
                         : "r"(b)
                         : "memory");
#undef Z
    if (g_vlevel == 4) {
#define K(i) "kmovq %%k" #i ", 2048+" #i "*8(%0)\n\t"
      __asm__ __volatile__(K(0) K(1) K(2) K(3) K(4) K(5) K(6) K(7) : : "r"(b) : "memory");
#undef K
    } else {
#define K(i) "kmovw %%k" #i ", 2048+" #i "*8(%0)\n\t"
      __asm__ __volatile__(K(0) K(1) K(2) K(3) K(4) K(5) K(6) K(7) : : "r"(b) : "memory");
#undef K
    }
  } else if (g_vlevel == 2) {
#define Y(i) "vmovdqu %%ymm" #i ", " #i "*64(%0)\n\t"
    __asm__ __volatile__(Y(0) Y(1) Y(2) Y(3) Y(4) Y(5) Y(6) Y(7) Y(8) Y(9) Y(10) Y(11) Y(12) Y(13)
                             Y(14) Y(15)
                         :
                         : "r"(b)
                         : "memory");
#undef Y
  } else if (g_vlevel == 1) {
#define X(i) "movdqu %%xmm" #i ", " #i "*64(%0)\n\t"
    __asm__ __volatile__(X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13)
                             X(14) X(15)
                         :
                         : "r"(b)
                         : "memory");
#undef X
  }
#elif defined(__i386__)
  if (g_vlevel >= 2) {
#define Y(i) "vmovdqu %%ymm" #i ", " #i "*64(%0)\n\t"
    __asm__ __volatile__(Y(0) Y(1) Y(2) Y(3) Y(4) Y(5) Y(6) Y(7) : : "r"(b) : "memory");
#undef Y
  } else if (g_vlevel == 1) {
#define X(i) "movdqu %%xmm" #i ", " #i "*64(%0)\n\t"
    __asm__ __volatile__(X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) : : "r"(b) : "memory");
#undef X
  }
#elif defined(__aarch64__)
#define V(i) "str q" #i ", [%0, #" #i "*64]\n\t"
  __asm__ __volatile__(V(0) V(1) V(2) V(3) V(4) V(5) V(6) V(7) V(8) V(9) V(10) V(11) V(12) V(13)
                           V(14) V(15) V(16) V(17) V(18) V(19) V(20) V(21) V(22) V(23) V(24) V(25)
                               V(26) V(27) V(28) V(29) V(30) V(31)
                       :
                       : "r"(b)
                       : "memory");
#undef V
#else
  (void)b;
#endif
}

// Loads the vector registers from g_vzero (zeros) right before a library
// call, so that whatever dump_vregs finds after it was put there by the call,
// not left by the test's own copies and comparisons. A call clobbers every
// vector register, so the compiler keeps nothing in them across this one.
__attribute__((noinline)) void zero_vregs() {
  const uint8_t *b = g_vzero;
#if defined(__x86_64__)
  if (g_vlevel >= 3) {
#define Z(i) "vmovdqu64 " #i "*64(%0), %%zmm" #i "\n\t"
    __asm__ __volatile__(Z(0) Z(1) Z(2) Z(3) Z(4) Z(5) Z(6) Z(7) Z(8) Z(9) Z(10) Z(11) Z(12) Z(13)
                             Z(14) Z(15) Z(16) Z(17) Z(18) Z(19) Z(20) Z(21) Z(22) Z(23) Z(24) Z(25)
                                 Z(26) Z(27) Z(28) Z(29) Z(30) Z(31)
                         :
                         : "r"(b)
                         : "memory");
#undef Z
    if (g_vlevel == 4) {
#define K(i) "kmovq 2048+" #i "*8(%0), %%k" #i "\n\t"
      __asm__ __volatile__(K(0) K(1) K(2) K(3) K(4) K(5) K(6) K(7) : : "r"(b) : "memory");
#undef K
    } else {
#define K(i) "kmovw 2048+" #i "*8(%0), %%k" #i "\n\t"
      __asm__ __volatile__(K(0) K(1) K(2) K(3) K(4) K(5) K(6) K(7) : : "r"(b) : "memory");
#undef K
    }
  } else if (g_vlevel == 2) {
#define Y(i) "vmovdqu " #i "*64(%0), %%ymm" #i "\n\t"
    __asm__ __volatile__(Y(0) Y(1) Y(2) Y(3) Y(4) Y(5) Y(6) Y(7) Y(8) Y(9) Y(10) Y(11) Y(12) Y(13)
                             Y(14) Y(15)
                         :
                         : "r"(b)
                         : "memory");
#undef Y
  } else if (g_vlevel == 1) {
#define X(i) "movdqu " #i "*64(%0), %%xmm" #i "\n\t"
    __asm__ __volatile__(X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13)
                             X(14) X(15)
                         :
                         : "r"(b)
                         : "memory");
#undef X
  }
#elif defined(__i386__)
  if (g_vlevel >= 2) {
#define Y(i) "vmovdqu " #i "*64(%0), %%ymm" #i "\n\t"
    __asm__ __volatile__(Y(0) Y(1) Y(2) Y(3) Y(4) Y(5) Y(6) Y(7) : : "r"(b) : "memory");
#undef Y
  } else if (g_vlevel == 1) {
#define X(i) "movdqu " #i "*64(%0), %%xmm" #i "\n\t"
    __asm__ __volatile__(X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) : : "r"(b) : "memory");
#undef X
  }
#elif defined(__aarch64__)
#define V(i) "ldr q" #i ", [%0, #" #i "*64]\n\t"
  __asm__ __volatile__(V(0) V(1) V(2) V(3) V(4) V(5) V(6) V(7) V(8) V(9) V(10) V(11) V(12) V(13)
                           V(14) V(15) V(16) V(17) V(18) V(19) V(20) V(21) V(22) V(23) V(24) V(25)
                               V(26) V(27) V(28) V(29) V(30) V(31)
                       :
                       : "r"(b)
                       : "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31");
#undef V
#else
  (void)b;
#endif
}

// ------------------------------------------------------------ the runner
std::function<fc_err()> g_fn;
fc_err g_rc;

void body() {
  zero_vregs();
  g_rc = g_fn();
  dump_vregs();
}

struct Stats {
  size_t calls = 0, deepest = 0;
};

// Runs fn on the painted stack; checks its result, the stack, the
// registers and the burn's reach. A call that leaves no secret in its
// frames (burns: false) need not burn: the scans alone apply. Those are
// fc_aes_gcm_init with a 96-bit IV, which only copies J0 where the key's
// one-shot kernel encrypts it later, and fc_aes_gcm_encrypt_final, whose
// one-shot kernel keeps E(J0) and the GHASH state in registers (a spill
// of E(J0), "ek0", or of H would be found by the stack scan).
void run_call(const char *what, const Secrets &s, fc_err want, std::function<fc_err()> fn,
              Stats &st, bool burns = true) {
  using namespace fct::stack_detail;
  g_fn = std::move(fn);
  std::memset(g_stack, kPattern, sizeof g_stack);
  std::memset(g_vregs, 0, sizeof g_vregs);
  g_body = body;
  g_rc = FC_ERR_ENV;
  ASSERT_EQ(run_on_stack(), 0) << what;
  EXPECT_EQ(g_rc, want) << what << ": " << fct::err_name(g_rc);
  size_t lo = 0;
  while (lo < sizeof g_stack && g_stack[lo] == kPattern) lo++;
  size_t depth = sizeof g_stack - lo;
  ASSERT_GT(lo, 4096u) << what << ": the stack was nearly exhausted";
  if (std::getenv("FCT_WIPE_VERBOSE")) std::cout << "[ DEPTH    ] " << what << " " << depth << "\n";
  st.calls++;
  st.deepest = std::max(st.deepest, depth);
  std::string hit = s.find(g_stack + lo, sizeof g_stack - lo);
  EXPECT_EQ(hit, "") << what << ": a window of " << hit << " is on the stack after the call";
  hit = s.find(g_vregs, sizeof g_vregs);
  EXPECT_EQ(hit, "") << what << ": a window of " << hit
                     << " is in a vector register after the call";
  // The burn is the call's last and deepest write: its zeros are the
  // lowest bytes the call touched.
  bool zero = true;
  for (size_t i = lo; i < lo + 16; i++) zero = zero && g_stack[i] == 0;
  if (burns) {
    EXPECT_TRUE(zero) << what << ": the call touched " << depth
                      << " bytes of stack and the burn did not reach the deepest of them";
  }
  g_fn = nullptr;
}

// Peak stack of fn's callee alone (a kernel entry point): measured against
// an empty callee reached the same way, so the test's own frames (which
// grow in an unoptimised build of the test) cancel out.
size_t kernel_depth(std::function<void()> fn) {
  static std::function<void()> f;
  f = [] { __asm__ __volatile__("" ::: "memory"); };
  size_t base = fct::stack_depth([] { f(); });
  f = std::move(fn);
  size_t d = fct::stack_depth([] { f(); });
  f = nullptr;
  return d > base ? d - base : 0;
}

std::vector<std::string> usable(fc_op op) {
  std::vector<std::string> out;
  for (const std::string &k : fct::kernels(op)) {
    fct::note_kernel_attempt(op, k);
    if (fct::kernel_usable(op, k)) out.push_back(k);
  }
  return out;
}

class Wipe : public ::testing::Test {
 protected:
  void SetUp() override {
#if defined(FCT_ASAN)
    GTEST_SKIP() << "SKIPPED under AddressSanitizer: its fake stacks and redzones defeat a stack "
                    "scan (the gcc, clang, i686 and aarch64 suites run this test)";
#endif
#if defined(FCT_LIBRARY_UNOPTIMIZED)
    GTEST_SKIP() << "SKIPPED: the library under test is built without optimisation (Debug); the "
                    "stack figures hold for -O2, -O3 and -Os (test_wipe_altopt runs at -O3)";
#endif
    ASSERT_EQ(fc_init(), FC_OK);
    g_vlevel = vector_level();
  }
};

// ------------------------------------------------------------------- AES
void aes_calls(const char *cname, const std::string &pair, Stats &st) {
  const Case &c = vectors().at(cname);
  Secrets s(c);
  const Bytes &key = get(c, "key"), &pt = get(c, "pt_in"), &iv = get(c, "iv_in"),
              &aad = get(c, "aad_in"), &ctr0 = get(c, "ctr_in"), &cbciv = get(c, "cbciv_in"),
              &gct = get(c, "gcmct_in"), &gtag = get(c, "gcmtag_in");
  ASSERT_EQ(pt.size(), 64u);
  std::string tag = std::string(cname) + " " + pair + ": ";
  static fc_aes_key k;
  static fc_aes_gcm_ctx g;
  static uint8_t out[96], out2[96], ivb[16], t16[16], iv16[16];
  static size_t olen;
  auto T = [&](const char *what, fc_err want, std::function<fc_err()> fn) {
    run_call((tag + what).c_str(), s, want, std::move(fn), st,
             std::strcmp(what, "fc_aes_gcm_init") != 0 &&
                 std::strncmp(what, "fc_aes_gcm_encrypt_final", 24) != 0);
  };
  T("fc_aes_init", FC_OK, [&] { return fc_aes_init(&k, key.data(), key.size()); });
  ASSERT_EQ(fc_aes_init(&k, key.data(), key.size()), FC_OK);
  T("fc_aes_ecb_encrypt", FC_OK, [&] { return fc_aes_ecb_encrypt(&k, pt.data(), out, 64); });
  T("fc_aes_ecb_decrypt", FC_OK, [&] { return fc_aes_ecb_decrypt(&k, out, out2, 64); });
  EXPECT_EQ(Bytes(out2, out2 + 64), pt) << tag << "ECB round trip";
  std::memcpy(ivb, cbciv.data(), 16);
  T("fc_aes_cbc_encrypt", FC_OK, [&] { return fc_aes_cbc_encrypt(&k, ivb, pt.data(), out, 64); });
  std::memcpy(ivb, cbciv.data(), 16);
  T("fc_aes_cbc_decrypt", FC_OK, [&] { return fc_aes_cbc_decrypt(&k, ivb, out, out2, 64); });
  EXPECT_EQ(Bytes(out2, out2 + 64), pt) << tag << "CBC round trip";
  std::memcpy(ivb, cbciv.data(), 16);
  T("fc_aes_cbc_encrypt_pad", FC_OK,
    [&] { return fc_aes_cbc_encrypt_pad(&k, ivb, pt.data(), 40, out, sizeof out, &olen); });
  EXPECT_EQ(olen, 48u);
  std::memcpy(ivb, cbciv.data(), 16);
  T("fc_aes_cbc_decrypt_unpad", FC_OK,
    [&] { return fc_aes_cbc_decrypt_unpad(&k, ivb, out, out2, 48, &olen); });
  EXPECT_EQ(Bytes(out2, out2 + 40), Bytes(pt.begin(), pt.begin() + 40)) << tag << "CBC pad";
  for (size_t len : {64, 40}) {
    std::memcpy(ivb, ctr0.data(), 16);
    T("fc_aes_ctr", FC_OK, [&] { return fc_aes_ctr(&k, ivb, pt.data(), out, len); });
  }
  T("fc_aes_gcm_encrypt", FC_OK, [&] {
    return fc_aes_gcm_encrypt(&k, iv.data(), 12, aad.data(), aad.size(), pt.data(), out, 64, t16,
                              16);
  });
  EXPECT_EQ(Bytes(out, out + 64), gct) << tag << "GCM ciphertext";
  EXPECT_EQ(Bytes(t16, t16 + 16), gtag) << tag << "GCM tag";
  T("fc_aes_gcm_encrypt (40 bytes)", FC_OK, [&] {
    return fc_aes_gcm_encrypt(&k, iv.data(), 12, aad.data(), aad.size(), pt.data(), out, 40, t16,
                              16);
  });
  T("fc_aes_gcm_decrypt", FC_OK, [&] {
    return fc_aes_gcm_decrypt(&k, iv.data(), 12, aad.data(), aad.size(), gct.data(), out2, 64,
                              gtag.data(), 16);
  });
  EXPECT_EQ(Bytes(out2, out2 + 64), pt) << tag << "GCM decryption";
  std::memcpy(iv16, pt.data() + 48, 16);  // a 128-bit IV: J0 = GHASH(IV), derived from H
  T("fc_aes_gcm_encrypt (16-byte IV)", FC_OK, [&] {
    return fc_aes_gcm_encrypt(&k, iv16, 16, aad.data(), aad.size(), pt.data(), out, 64, t16, 16);
  });
  // A message past the small-message path (from 512 bytes the one-shot runs
  // the bulk loop, whose frame and burn figure are larger); its plaintext
  // repeats the 64 bytes the scan looks for.
  static uint8_t big_pt[1100], big_ct[1100], big_out[1100], big_tag[16];
  for (size_t i = 0; i < sizeof big_pt; i++) big_pt[i] = pt[i % 64];
  T("fc_aes_gcm_encrypt (1100 bytes)", FC_OK, [&] {
    return fc_aes_gcm_encrypt(&k, iv.data(), 12, aad.data(), aad.size(), big_pt, big_ct,
                              sizeof big_pt, big_tag, 16);
  });
  EXPECT_EQ(Bytes(big_ct, big_ct + 64), gct) << tag << "GCM ciphertext, 1100 bytes";
  T("fc_aes_gcm_decrypt (1100 bytes)", FC_OK, [&] {
    return fc_aes_gcm_decrypt(&k, iv.data(), 12, aad.data(), aad.size(), big_ct, big_out,
                              sizeof big_pt, big_tag, 16);
  });
  EXPECT_EQ(Bytes(big_out, big_out + sizeof big_out), Bytes(big_pt, big_pt + sizeof big_pt))
      << tag << "GCM decryption, 1100 bytes";
  // Streaming, each call on its own.
  T("fc_aes_gcm_init", FC_OK, [&] { return fc_aes_gcm_init(&g, &k, iv.data(), 12); });
  T("fc_aes_gcm_aad", FC_OK, [&] { return fc_aes_gcm_aad(&g, aad.data(), aad.size()); });
  T("fc_aes_gcm_encrypt_update", FC_OK,
    [&] { return fc_aes_gcm_encrypt_update(&g, pt.data(), out, 40); });
  T("fc_aes_gcm_encrypt_update", FC_OK,
    [&] { return fc_aes_gcm_encrypt_update(&g, pt.data() + 40, out + 40, 24); });
  T("fc_aes_gcm_encrypt_final", FC_OK, [&] { return fc_aes_gcm_encrypt_final(&g, t16, 16); });
  EXPECT_EQ(Bytes(t16, t16 + 16), gtag) << tag << "streaming GCM tag";
  T("fc_aes_gcm_init", FC_OK, [&] { return fc_aes_gcm_init(&g, &k, iv.data(), 12); });
  T("fc_aes_gcm_aad", FC_OK, [&] { return fc_aes_gcm_aad(&g, aad.data(), aad.size()); });
  T("fc_aes_gcm_decrypt_update", FC_OK,
    [&] { return fc_aes_gcm_decrypt_update(&g, gct.data(), out2, 24); });
  T("fc_aes_gcm_decrypt_update", FC_OK,
    [&] { return fc_aes_gcm_decrypt_update(&g, gct.data() + 24, out2 + 24, 40); });
  T("fc_aes_gcm_decrypt_final", FC_OK,
    [&] { return fc_aes_gcm_decrypt_final(&g, gtag.data(), 16); });
  EXPECT_EQ(Bytes(out2, out2 + 64), pt) << tag << "streaming GCM decryption";
  // Streaming without AAD, each update on a block boundary: the stitched
  // loop runs with nothing in front of it in the call (64 bytes: its small
  // path; 1100 bytes: its bulk loop). The ciphertext does not depend on the
  // AAD, so it is the one-shot's.
  static uint8_t st_tag[16];
  for (size_t len : {size_t{64}, sizeof big_pt}) {
    std::string what = " (" + std::to_string(len) + " bytes, no AAD)";
    T("fc_aes_gcm_init", FC_OK, [&] { return fc_aes_gcm_init(&g, &k, iv.data(), 12); });
    T((std::string("fc_aes_gcm_encrypt_update") + what).c_str(), FC_OK,
      [&] { return fc_aes_gcm_encrypt_update(&g, big_pt, big_out, len); });
    EXPECT_EQ(Bytes(big_out, big_out + len), Bytes(big_ct, big_ct + len))
        << tag << "streaming GCM ciphertext" << what;
    T((std::string("fc_aes_gcm_encrypt_final") + what).c_str(), FC_OK,
      [&] { return fc_aes_gcm_encrypt_final(&g, st_tag, 16); });
    T("fc_aes_gcm_init", FC_OK, [&] { return fc_aes_gcm_init(&g, &k, iv.data(), 12); });
    T((std::string("fc_aes_gcm_decrypt_update") + what).c_str(), FC_OK,
      [&] { return fc_aes_gcm_decrypt_update(&g, big_ct, big_out, len); });
    T((std::string("fc_aes_gcm_decrypt_final") + what).c_str(), FC_OK,
      [&] { return fc_aes_gcm_decrypt_final(&g, st_tag, 16); });
    EXPECT_EQ(Bytes(big_out, big_out + len), Bytes(big_pt, big_pt + len))
        << tag << "streaming GCM decryption" << what;
  }
  // Under one block of text: the final call encrypts J0 itself (with a
  // one-shot kernel, in the `tag` call of an encryption, which burns
  // nothing).
  T("fc_aes_gcm_init", FC_OK, [&] { return fc_aes_gcm_init(&g, &k, iv.data(), 12); });
  T("fc_aes_gcm_encrypt_update (8 bytes)", FC_OK,
    [&] { return fc_aes_gcm_encrypt_update(&g, pt.data(), out, 8); });
  T("fc_aes_gcm_encrypt_final (8 bytes)", FC_OK,
    [&] { return fc_aes_gcm_encrypt_final(&g, st_tag, 16); });
  EXPECT_EQ(fc_aes_gcm_decrypt(&k, iv.data(), 12, nullptr, 0, out, out2, 8, st_tag, 16), FC_OK)
      << tag << "streaming GCM, 8 bytes";
  EXPECT_EQ(Bytes(out2, out2 + 8), Bytes(pt.begin(), pt.begin() + 8)) << tag << "8 bytes";
  // A failure path from a valid state: a wrong tag.
  std::memcpy(t16, gtag.data(), 16);
  t16[0] ^= 1;
  T("fc_aes_gcm_decrypt (wrong tag)", FC_ERR_AUTH, [&] {
    return fc_aes_gcm_decrypt(&k, iv.data(), 12, aad.data(), aad.size(), gct.data(), out2, 64, t16,
                              16);
  });
  fc_aes_clear(&k);
}

// Each kernel entry point within its descriptor's `stack`.
void aes_kernel_stacks(const std::string &pair, const Bytes &key) {
  static fc_aes_key k;
  ASSERT_EQ(fc_aes_init(&k, key.data(), key.size()), FC_OK);
  const fc__aes_kernel *a = (const fc__aes_kernel *)k.aes;
  const fc__ghash_kernel *gk = (const fc__ghash_kernel *)k.ghash;
  static uint8_t buf[16 * 64], iv[16], y[16], h[16];
  size_t worst_a = 0, worst_g = 0;
  worst_a = std::max(worst_a, kernel_depth([&] { a->setkey(&k, key.data()); }));
  for (size_t n : {1, 7, 8, 33}) {
    worst_a = std::max(worst_a, kernel_depth([&] { a->ecb_enc(&k, buf, buf, n); }));
    worst_a = std::max(worst_a, kernel_depth([&] { a->ecb_dec(&k, buf, buf, n); }));
    worst_a = std::max(worst_a, kernel_depth([&] { a->cbc_enc(&k, iv, buf, buf, n); }));
    worst_a = std::max(worst_a, kernel_depth([&] { a->cbc_dec(&k, iv, buf, buf, n); }));
    worst_a = std::max(worst_a, kernel_depth([&] { a->ctr(&k, iv, buf, buf, n); }));
    worst_g = std::max(worst_g, kernel_depth([&] { gk->ghash(k.hdata, y, buf, n); }));
  }
  worst_g = std::max(worst_g, kernel_depth([&] { gk->setkey(k.hdata, h); }));
  std::cout << "[ STACK    ] " << pair << ": AES kernel " << worst_a << " of " << a->stack
            << " bytes, GHASH kernel " << worst_g << " of " << gk->stack << "\n";
  EXPECT_LE(worst_a, a->stack) << pair << ": AES kernel " << a->h.name;
  EXPECT_LE(worst_g, gk->stack) << pair << ": GHASH kernel " << gk->h.name;
  fc_aes_clear(&k);
}

TEST_F(Wipe, AesEveryKernelPair) {
  std::vector<std::string> aes = usable(FC_OP_AES), gh = usable(FC_OP_GHASH);
  ASSERT_FALSE(aes.empty());
  ASSERT_FALSE(gh.empty());
  for (const std::string &a : aes)
    for (const std::string &g : gh) {
      fct::Pin pa(FC_OP_AES, a), pg(FC_OP_GHASH, g);
      ASSERT_EQ(pa.rc, FC_OK);
      ASSERT_EQ(pg.rc, FC_OK);
      fct::note_kernel_ran(FC_OP_AES, a);
      fct::note_kernel_ran(FC_OP_GHASH, g);
      std::string pair = "aes=" + a + " ghash=" + g;
      Stats st;
      for (const char *c : {"aes128", "aes192", "aes256"}) aes_calls(c, pair, st);
      aes_kernel_stacks(pair, get(vectors().at("aes256"), "key"));
      std::cout << "[ WIPE     ] " << pair << ": " << st.calls << " calls clean, deepest call "
                << st.deepest << " bytes (burned)\n";
    }
}

// ------------------------------------------------------------------- MAC
fc_hash_alg alg_of(const std::string &n) {
  if (n == "sha1") return FC_SHA1;
  if (n == "sha256") return FC_SHA256;
  if (n == "sha384") return FC_SHA384;
  if (n == "sha3_256") return FC_SHA3_256;
  if (n == "sha3_512") return FC_SHA3_512;
  return FC_SHA512;
}

fc_op op_of(fc_hash_alg a) {
  if (a == FC_SHA3_256 || a == FC_SHA3_512) return FC_OP_KECCAK;
  return a == FC_SHA1 ? FC_OP_SHA1 : a == FC_SHA256 ? FC_OP_SHA256 : FC_OP_SHA512;
}

void mac_calls(const std::string &cname, const std::string &kernel, Stats &st) {
  const Case &c = vectors().at(cname);
  Secrets s(c);
  std::string alg_name = cname.substr(cname.find('-') + 1);
  alg_name = alg_name.substr(0, alg_name.find('-'));
  fc_hash_alg alg = alg_of(alg_name);
  size_t hl = fc_hash_len(alg);
  std::string tag = cname + " " + kernel + ": ";
  static uint8_t out[128], want[128];
  static fc_hmac_ctx hc;
  auto T = [&](const char *what, fc_err w, std::function<fc_err()> fn) {
    run_call((tag + what).c_str(), s, w, std::move(fn), st);
  };
  if (cname.rfind("hmac-", 0) == 0) {
    const Bytes &key = get(c, "key"), &msg = get(c, "msg_in");
    T("fc_hmac", FC_OK,
      [&] { return fc_hmac(alg, key.data(), key.size(), msg.data(), msg.size(), out); });
    std::memcpy(want, out, hl);
    T("fc_hmac_init", FC_OK, [&] { return fc_hmac_init(&hc, alg, key.data(), key.size()); });
    T("fc_hmac_update", FC_OK, [&] { return fc_hmac_update(&hc, msg.data(), 60); });
    T("fc_hmac_update", FC_OK,
      [&] { return fc_hmac_update(&hc, msg.data() + 60, msg.size() - 60); });
    T("fc_hmac_final", FC_OK, [&] { return fc_hmac_final(&hc, out); });
    EXPECT_EQ(Bytes(out, out + hl), Bytes(want, want + hl)) << tag << "streaming HMAC";
  } else if (cname.rfind("hkdf-", 0) == 0) {
    const Bytes &salt = get(c, "salt_in"), &ikm = get(c, "ikm"), &info = get(c, "info_in");
    T("fc_hkdf", FC_OK, [&] {
      return fc_hkdf(alg, salt.data(), salt.size(), ikm.data(), ikm.size(), info.data(),
                     info.size(), out, 2 * hl);
    });
    EXPECT_EQ(Bytes(out, out + hl), get(c, "t1")) << tag << "HKDF T(1)";
    // HKDF-Expand alone, keyed with the T(1) block as a PRK of its own.
    uint8_t prk[FC_HASH_MAX_LEN];
    std::memcpy(prk, out, hl);
    T("fc_hkdf_expand", FC_OK, [&] {
      return fc_hkdf_expand(alg, prk, hl, info.data(), info.size(), out, 2 * hl);
    });
  } else {
    const Bytes &pw = get(c, "pw"), &salt = get(c, "salt_in");
    T("fc_pbkdf2", FC_OK,
      [&] { return fc_pbkdf2(alg, pw.data(), pw.size(), salt.data(), salt.size(), 2, out, hl); });
    EXPECT_EQ(Bytes(out, out + hl), get(c, "t")) << tag << "PBKDF2 output";
  }
}

TEST_F(Wipe, MacEveryHashKernel) {
  size_t cases = 0;
  for (fc_op op : {FC_OP_SHA1, FC_OP_SHA256, FC_OP_SHA512, FC_OP_KECCAK}) {
    std::vector<std::string> ks = usable(op);
    ASSERT_FALSE(ks.empty());
    for (const std::string &kn : ks) {
      fct::Pin p(op, kn);
      ASSERT_EQ(p.rc, FC_OK);
      fct::note_kernel_ran(op, kn);
      Stats st;
      size_t before = cases;
      for (const auto &kv : vectors()) {
        const std::string &cname = kv.first;
        if (cname.rfind("aes", 0) == 0) continue;
        std::string a = cname.substr(cname.find('-') + 1);
        if (op_of(alg_of(a.substr(0, a.find('-')))) != op) continue;
        mac_calls(cname, kn, st);
        cases++;
      }
      EXPECT_GT(cases, before) << "no case for op " << op;
      // The kernel alone, within its descriptor's figure.
      static uint8_t blocks[4 * 168];
      static uint64_t state[25];
      size_t worst = 0, figure;
      if (op == FC_OP_KECCAK) {
        const fc__keccak_kernel *k = fc__keccak_active();
        worst = kernel_depth([&] { k->permute(state); });
        for (size_t n : {1, 2, 3, 4})
          worst = std::max(worst, kernel_depth([&] { k->absorb(state, blocks, n, 136); }));
        figure = k->stack;
      } else {
        const fc__sha_kernel *k = fc__sha_active(op);
        for (size_t n : {1, 2, 3, 4})
          worst = std::max(worst, kernel_depth([&] { k->compress(state, blocks, n); }));
        figure = k->stack;
      }
      EXPECT_LE(worst, figure) << "op " << op << " kernel " << kn;
      std::cout << "[ WIPE     ] op " << op << " kernel " << kn << ": " << st.calls
                << " calls clean, deepest call " << st.deepest << " bytes (burned); kernel "
                << worst << " of " << figure << " bytes\n";
    }
  }
  // Every MAC case of the file ran once per kernel of its op, at least on
  // the portable one: 8 HMAC, 3 HKDF and 3 PBKDF2 cases over SHA-1/2, 4,
  // 2 and 2 over SHA-3.
  EXPECT_GE(cases, 22u);
}

// Runs call on the scanning stack and returns the first window of a state
// in states[0..n) (200 bytes each) left in a vector register after it, or "".
std::string state_left_in_vregs(const std::function<void()> &call, uint64_t *const *states,
                                size_t n) {
  using namespace fct::stack_detail;
  g_fn = [&] {
    call();
    return FC_OK;
  };
  std::memset(g_vregs, 0, sizeof g_vregs);
  g_body = body;
  int rc = run_on_stack();
  g_fn = nullptr;
  if (rc != 0) return "(the scan did not run)";
  Secrets sec(Case{});
  for (size_t s = 0; s < n; s++)
    sec.add("state " + std::to_string(s),
            Bytes((const uint8_t *)states[s], (const uint8_t *)states[s] + 200));
  return sec.find(g_vregs, sizeof g_vregs);
}

// The FC_OP_KECCAK_X kernels handle no keyed input (ParallelHash and SHAKE
// over many inputs), so no public call burns after them; still, each must
// leave no lane of its states in a vector register and stay within its
// stack figure, for 1 to 8 states, absorbing and permuting only.
TEST_F(Wipe, KeccakXEveryKernel) {
  std::vector<std::string> ks = usable(FC_OP_KECCAK_X);
  ASSERT_FALSE(ks.empty());
  for (const std::string &kn : ks) {
    fct::Pin p(FC_OP_KECCAK_X, kn);
    ASSERT_EQ(p.rc, FC_OK);
    fct::note_kernel_ran(FC_OP_KECCAK_X, kn);
    const fc__keccak_x_kernel *k = fc__keccak_x_active();
    ASSERT_STREQ(k->h.name, kn.c_str());
    static uint64_t st[FC__KECCAK_X_MAX][25];
    static uint8_t blocks[FC__KECCAK_X_MAX][2 * 168];
    static uint64_t *sp[FC__KECCAK_X_MAX];
    static const uint8_t *ip[FC__KECCAK_X_MAX];
    fct::Rng r(7);
    for (size_t s = 0; s < FC__KECCAK_X_MAX; s++) {
      for (auto &v : st[s]) v = r.next();
      for (auto &v : blocks[s]) v = (uint8_t)r.next();
      sp[s] = st[s];
      ip[s] = blocks[s];
    }
    size_t worst = 0;
    for (size_t n : {1, 3, 4, 5, 8}) {
      for (int with_in = 0; with_in < 2; with_in++) {
        const uint8_t *const *in = with_in ? ip : nullptr;
        worst = std::max(worst, kernel_depth([&] { k->absorb_x(sp, in, n, 2, 136); }));
        std::string hit = state_left_in_vregs([&] { k->absorb_x(sp, in, n, 2, 136); }, sp, n);
        EXPECT_EQ(hit, "") << kn << ", " << n << " states, input " << with_in << ": a window of "
                           << hit << " is in a vector register after the call";
      }
    }
    EXPECT_LE(worst, k->stack) << "keccak_x kernel " << kn;
    std::cout << "[ WIPE     ] keccak_x kernel " << kn << ": registers clean; kernel " << worst
              << " of " << k->stack << " bytes\n";
  }
}

// The single-state Keccak kernels on their own: a public call burns after
// them (the MAC cases above), so this checks each kernel's own clearing,
// which the burn would hide: no window of the state after the call in a
// vector register, absorbing 1 to 4 blocks and permuting.
TEST_F(Wipe, KeccakEveryKernelRegisters) {
  std::vector<std::string> ks = usable(FC_OP_KECCAK);
  ASSERT_FALSE(ks.empty());
  for (const std::string &kn : ks) {
    fct::Pin p(FC_OP_KECCAK, kn);
    ASSERT_EQ(p.rc, FC_OK);
    fct::note_kernel_ran(FC_OP_KECCAK, kn);
    const fc__keccak_kernel *k = fc__keccak_active();
    ASSERT_STREQ(k->h.name, kn.c_str());
    static uint64_t st[25];
    static uint8_t blocks[4 * 168];
    fct::Rng r(11);
    for (auto &v : st) v = r.next();
    for (auto &v : blocks) v = (uint8_t)r.next();
    uint64_t *const one[1] = {st};
    for (size_t n : {0, 1, 2, 4}) {  // 0: permute
      std::string hit = state_left_in_vregs(
          [&] {
            if (n == 0)
              k->permute(st);
            else
              k->absorb(st, blocks, n, 136);
          },
          one, 1);
      EXPECT_EQ(hit, "") << kn << ", " << n << " blocks: a window of " << hit
                         << " is in a vector register after the call";
    }
    std::cout << "[ WIPE     ] keccak kernel " << kn << ": registers clean after absorb and permute\n";
  }
}

// The scan itself finds what it looks for: a call that leaves a secret
// on the stack, and one that leaves it in a register, both fail.
TEST_F(Wipe, ScanSeesALeak) {
  const Case &c = vectors().at("aes128");
  Secrets s(c);
  static Bytes rk;
  rk = get(c, "rk");
  std::function<fc_err()> leak_stack = [] {
    uint8_t copy[64];
    std::memcpy(copy, rk.data() + 16, sizeof copy);
    __asm__ __volatile__("" : : "r"(copy) : "memory"); /* the copy stays */
    return FC_OK;
  };
  using namespace fct::stack_detail;
  g_fn = leak_stack;
  std::memset(g_stack, kPattern, sizeof g_stack);
  g_body = body;
  ASSERT_EQ(run_on_stack(), 0);
  size_t lo = 0;
  while (lo < sizeof g_stack && g_stack[lo] == kPattern) lo++;
  EXPECT_NE(s.find(g_stack + lo, sizeof g_stack - lo), "") << "a copy on the stack went unseen";
#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__)
  if (g_vlevel > 0) {
    std::function<fc_err()> leak_reg = [] {
#if defined(__aarch64__)
      __asm__ __volatile__("ldr q17, [%0]" : : "r"(rk.data() + 32) : "v17");
#elif defined(__SSE2__)
      __asm__ __volatile__("movdqu (%0), %%xmm5" : : "r"(rk.data() + 32) : "xmm5");
#else /* i686 baseline code has no SSE registers of its own to clobber */
      __asm__ __volatile__("movdqu (%0), %%xmm5" : : "r"(rk.data() + 32));
#endif
      return FC_OK;
    };
    g_fn = leak_reg;
    std::memset(g_vregs, 0, sizeof g_vregs);
    ASSERT_EQ(run_on_stack(), 0);
    EXPECT_NE(s.find(g_vregs, sizeof g_vregs), "") << "a register copy went unseen";
  }
#endif
  g_fn = nullptr;
}

}  // namespace
