// Peak stack of RSA verification, per Montgomery kernel, on a painted stack
// of our own (support/stack_depth.h). A call of an empty function measured
// the same way is subtracted, so the figure is the library call's own stack
// plus one small caller frame.
// Bounds (docs/firmware.md "Stack"), every kernel, 8192 bits:
//  - fc_rsa_verify, e = 2^k + 1 (3, 65537): 8 KiB - 512 (a firmware stack of
//    8 KiB with 512 bytes to spare); fc_rsa_verify_ws: 1 KiB;
//  - key set-up (.keyb, raw n and e): 4 KiB, so one 8 KiB stack loads a key
//    and then verifies with it;
//  - fc_rsa_public with e = 65537: 8 KiB (it takes the largest e = 2^k + 1
//    tier whatever the kernel);
//  - other exponents (fc_rsa_verify, fc_rsa_public) and fc_modpow with an
//    exponent long enough for the widest window: the figures below,
//    workspace on the stack plus the kernel's path.
// Sanitizer builds change frames completely: the test skips there.
#include <gtest/gtest.h>

#include <cstring>
#include <iostream>
#include <memory>

#include "fc_test.h"
#include "json.h"
#include "stack_depth.h"

using fct::Bytes;

namespace {

using fct::kStackBytes;
constexpr size_t kVerifyBound = 8192 - 512;
constexpr size_t kVerifyWsBound = 1024;
constexpr size_t kKeySetupBound = 4096;
constexpr size_t kVerifyAnyBound = 14 * 1024;  // FC_RSA_VERIFY_WORKSPACE_BYTES(8192) = 12944 + path
constexpr size_t kPublicF4Bound = 8192;  // the largest e = 2^k + 1 tier, any kernel
constexpr size_t kModpowBound = 13 * 1024;     // FC_MODPOW_WORKSPACE_BYTES(8192) = 11904 + path

size_t depth_of(void (*body)()) { return fct::stack_depth(body); }

// What the bodies work on (globals: makecontext passes no pointers portably).
struct Call {
  const fc_rsa_pubkey *key;
  const uint8_t *digest, *sig;
  size_t sig_len;
  void *ws;
  size_t ws_len;
  fc_err rc;
  fc_rsa_pubkey *out_key;  // key set-up
  const uint8_t *keyb;
  size_t keyb_len;
  const uint8_t *n, *e;
  size_t n_len, e_len;
  uint8_t *out;  // fc_rsa_public
  const uint32_t *base;
  uint32_t *r;  // fc_modpow
} g_call;

__attribute__((noinline)) void body_empty() {
  g_call.rc = FC_OK;
  __asm__ __volatile__("" ::: "memory");
}

__attribute__((noinline)) void body_verify() {
  g_call.rc = fc_rsa_verify(g_call.key, FC_SHA256, g_call.digest, 32, g_call.sig, g_call.sig_len);
}

__attribute__((noinline)) void body_verify_ws() {
  g_call.rc = fc_rsa_verify_ws(g_call.key, FC_SHA256, g_call.digest, 32, g_call.sig, g_call.sig_len,
                               g_call.ws, g_call.ws_len);
}

uint32_t g_small_e = 65537;  // the .keyb's exponent
__attribute__((noinline)) void body_from_vboot() {
  g_call.rc = fc_rsa_pubkey_from_vboot(g_call.out_key, g_call.keyb, g_call.keyb_len, g_small_e);
}

__attribute__((noinline)) void body_init() {
  g_call.rc = fc_rsa_pubkey_init(g_call.out_key, g_call.n, g_call.n_len, g_call.e, g_call.e_len);
}

__attribute__((noinline)) void body_public() {
  g_call.rc = fc_rsa_public(g_call.key, g_call.sig, g_call.sig_len, g_call.out);
}

__attribute__((noinline)) void body_modpow() {
  g_call.rc = fc_modpow(&g_call.key->mont, g_call.r, g_call.base, g_call.e, g_call.e_len);
}

std::string vb(const std::string &rel) { return fct::vectors_dir() + "/vboot/" + rel; }

class Stack : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
#if defined(FCT_ASAN)
    GTEST_SKIP() << "stack depths are meaningless under AddressSanitizer (redzones, fake stacks)";
#endif
    if (!fct::kernel_usable(FC_OP_MONT, GetParam()))
      GTEST_SKIP() << "UNAVAILABLE on this CPU: " << GetParam();
    pin_ = std::make_unique<fct::Pin>(FC_OP_MONT, GetParam());
    ASSERT_EQ(pin_->rc, FC_OK);
  }
  std::unique_ptr<fct::Pin> pin_;
};

// Measures body against the empty body; checks the call returned want.
size_t net_depth(void (*body)(), const char *what, fc_err want = FC_OK) {
  body();  // warm-up on the normal stack: lazy binding, first-use paths
  EXPECT_EQ(g_call.rc, want) << what << " (warm-up)";
  size_t base = depth_of(body_empty);
  g_call.rc = FC_ERR_AUTH;
  size_t d = depth_of(body);
  EXPECT_EQ(g_call.rc, want) << what;
  EXPECT_LT(d, kStackBytes - 1024) << what << ": the stack was nearly exhausted";
  return d > base ? d - base : 0;
}

TEST_P(Stack, VerifyPeak) {
  struct Case {
    const char *key, *sig;
    unsigned bits;
  } cases[] = {{"testkeys/key_rsa8192.keyb", "testcases/test_file.rsa8192_sha256.sig", 8192},
               {"testkeys/key_rsa2048.keyb", "testcases/test_file.rsa2048_sha256.sig", 2048}};
  Bytes digest = fct::read_file(vb("testcases/test_file.sha256.digest"));
  ASSERT_EQ(digest.size(), 32u);
  for (const Case &c : cases) {
    SCOPED_TRACE(c.bits);
    Bytes keyb = fct::read_file(vb(c.key)), sig = fct::read_file(vb(c.sig));
    ASSERT_EQ(sig.size(), c.bits / 8);
    fc_rsa_pubkey key;
    ASSERT_EQ(fc_rsa_pubkey_from_vboot(&key, keyb.data(), keyb.size(), 65537), FC_OK);
    size_t wl = FC_RSA_VERIFY_WORKSPACE_BYTES(8192);
    std::unique_ptr<uint8_t[]> ws(new uint8_t[wl]);
    g_call = {};
    g_call.key = &key;
    g_call.digest = digest.data();
    g_call.sig = sig.data();
    g_call.sig_len = sig.size();
    g_call.ws = ws.get();
    g_call.ws_len = wl;

    size_t v = net_depth(body_verify, "fc_rsa_verify");
    size_t w = net_depth(body_verify_ws, "fc_rsa_verify_ws");
    std::string tag = GetParam() + "_" + std::to_string(c.bits);
    RecordProperty("verify_stack_" + tag, (int)v);
    RecordProperty("verify_ws_stack_" + tag, (int)w);
    std::cout << "[ STACK    ] " << GetParam() << " " << c.bits
              << " bits, e = 65537: fc_rsa_verify " << v << " bytes, fc_rsa_verify_ws " << w
              << " bytes (+ " << wl << " bytes of caller workspace)\n";
    EXPECT_LE(v, kVerifyBound) << "fc_rsa_verify stack at " << c.bits << " bits, kernel "
                               << GetParam();
    EXPECT_LE(w, kVerifyWsBound) << "fc_rsa_verify_ws stack at " << c.bits << " bits, kernel "
                                 << GetParam();
  }
}

// Key set-up (a .keyb, raw n and e: R^2 mod n and the kernel's prepare), the
// raw public operation and the general exponent path, at 8192 bits.
TEST_P(Stack, KeySetupPublicAndOtherExponents) {
  Bytes keyb = fct::read_file(vb("testkeys/key_rsa8192.keyb"));
  Bytes sig = fct::read_file(vb("testcases/test_file.rsa8192_sha256.sig"));
  Bytes digest = fct::read_file(vb("testcases/test_file.sha256.digest"));
  ASSERT_EQ(keyb.size(), 8u + 2 * 1024);
  ASSERT_EQ(sig.size(), 1024u);
  Bytes n(1024);
  for (size_t i = 0; i < 1024; i++) n[i] = keyb[8 + 1023 - i];  // little-endian words
  const uint8_t f4[] = {0x01, 0x00, 0x01};
  const uint8_t other[] = {0x01, 0x00, 0x00, 0x01, 0x01};  // 2^32 + 2^8 + 1
  fc_rsa_pubkey key, key_other, scratch;
  ASSERT_EQ(fc_rsa_pubkey_from_vboot(&key, keyb.data(), keyb.size(), 65537), FC_OK);
  ASSERT_EQ(fc_rsa_pubkey_init(&key_other, n.data(), n.size(), other, sizeof other), FC_OK);
  Bytes out(1024);
  g_call = {};
  g_call.out_key = &scratch;
  g_call.keyb = keyb.data();
  g_call.keyb_len = keyb.size();
  g_call.n = n.data();
  g_call.n_len = n.size();
  g_call.e = f4;
  g_call.e_len = sizeof f4;
  size_t kv = net_depth(body_from_vboot, "fc_rsa_pubkey_from_vboot");
  size_t ki = net_depth(body_init, "fc_rsa_pubkey_init");

  g_call.key = &key;
  g_call.sig = sig.data();
  g_call.sig_len = sig.size();
  g_call.digest = digest.data();
  g_call.out = out.data();
  size_t pf4 = net_depth(body_public, "fc_rsa_public, e = 65537");

  g_call.key = &key_other;  // the signature does not verify under this e
  size_t vany = net_depth(body_verify, "fc_rsa_verify, e = 2^32 + 2^8 + 1", FC_ERR_SIG);
  size_t pany = net_depth(body_public, "fc_rsa_public, e = 2^32 + 2^8 + 1");

  // fc_modpow with a 248-bit exponent: the widest window (5 bits from 241
  // bits on, modpow_run.c), so the deepest path, at a cost that qemu runs
  // in seconds (the depth does not grow with the exponent's length).
  std::vector<uint32_t> base(256), r(256);
  for (size_t i = 0; i < 256; i++) base[i] = 0x5a5a5a5au ^ (uint32_t)i;
  base[255] = 1;  // below n, whose top word is at least 2^31
  Bytes longexp(31, 0xa7);
  g_call.key = &key;
  g_call.base = base.data();
  g_call.r = r.data();
  g_call.e = longexp.data();
  g_call.e_len = longexp.size();
  size_t mp = net_depth(body_modpow, "fc_modpow, 248-bit exponent");

  std::cout << "[ STACK    ] " << GetParam() << " 8192 bits: key set-up .keyb " << kv << ", n/e "
            << ki << "; fc_rsa_public e = 65537 " << pf4 << ", other e " << pany
            << "; fc_rsa_verify other e " << vany << "; fc_modpow (widest window) " << mp
            << " bytes\n";
  RecordProperty("keyb_stack_" + GetParam(), (int)kv);
  RecordProperty("public_f4_stack_" + GetParam(), (int)pf4);
  RecordProperty("verify_any_stack_" + GetParam(), (int)vany);
  RecordProperty("modpow_stack_" + GetParam(), (int)mp);
  EXPECT_LE(kv, kKeySetupBound);
  EXPECT_LE(ki, kKeySetupBound);

  // Below 8192 bits a key may also get its kernel's e = 2^k + 1 verification
  // constants (avx512ifma up to 4160 bits: k squarings at set-up), so
  // the sizes with them are measured too.
  std::string small;
  for (const char *name : {"key_rsa2048.keyb", "key_rsa3072_exp3.keyb", "key_rsa4096.keyb"}) {
    Bytes kb = fct::read_file(vb(std::string("testkeys/") + name));
    ASSERT_FALSE(kb.empty()) << name;
    g_call.keyb = kb.data();
    g_call.keyb_len = kb.size();
    g_small_e = strstr(name, "exp3") ? 3 : 65537;
    size_t d = net_depth(body_from_vboot, name);
    small += std::string(" ") + name + " " + std::to_string(d);
    EXPECT_LE(d, kKeySetupBound) << name;
  }
  g_small_e = 65537;
  std::cout << "[ STACK    ] " << GetParam() << " key set-up:" << small << " bytes\n";
  EXPECT_LE(pf4, kPublicF4Bound);
  EXPECT_LE(pany, kVerifyAnyBound);
  EXPECT_LE(vany, kVerifyAnyBound);
  EXPECT_LE(mp, kModpowBound);
}

#if defined(__i386__)
// Calls f with the stack 8 bytes off the i386 ABI's 16-byte alignment (esp is
// 4 mod 16 at f's entry), as coreboot's 32-bit stages may call.
__attribute__((noinline)) void call_misaligned(void (*f)()) {
  __asm__ __volatile__(
      "mov %%esp, %%esi\n\t"
      "and $-16, %%esp\n\t"
      "sub $8, %%esp\n\t"
      "call *%0\n\t"
      "mov %%esi, %%esp\n\t"
      :
      : "r"(f)
      : "esi", "eax", "ecx", "edx", "memory", "cc");
}
#endif

// No kernel assumes 16-byte stack alignment (i686: the ABI promises it, the
// firmware that calls us may not). tools/test-firmware.sh runs the same on a
// 4-byte-aligned stack without libc.
#if defined(__i386__)  // x86-64 and AArch64 firmware gives the ABI's alignment
TEST_P(Stack, VerifiesOnA4ByteAlignedStack) {
  Bytes keyb = fct::read_file(vb("testkeys/key_rsa8192.keyb"));
  Bytes sig = fct::read_file(vb("testcases/test_file.rsa8192_sha256.sig"));
  Bytes digest = fct::read_file(vb("testcases/test_file.sha256.digest"));
  fc_rsa_pubkey key;
  ASSERT_EQ(fc_rsa_pubkey_from_vboot(&key, keyb.data(), keyb.size(), 65537), FC_OK);
  g_call = {};
  g_call.key = &key;
  g_call.digest = digest.data();
  g_call.sig = sig.data();
  g_call.sig_len = sig.size();
  g_call.rc = FC_ERR_AUTH;
  call_misaligned(body_verify);
  EXPECT_EQ(g_call.rc, FC_OK);
  fc_rsa_pubkey other;
  g_call.out_key = &other;
  g_call.keyb = keyb.data();
  g_call.keyb_len = keyb.size();
  g_call.rc = FC_ERR_AUTH;
  call_misaligned(body_from_vboot);  // prepare converts R^2 to the kernel's form
  EXPECT_EQ(g_call.rc, FC_OK);
}
#endif

// RSA-PSS (fc_rsa_verify_pss, its _ws variant) on a Wycheproof 4096-bit
// SHA-512 vector: its frame is sized for 8192 bits like fc_rsa_verify's, plus
// the MGF1/H' hash contexts and the hash kernel's frame (the avx2 SHA-512
// kernel keeps 1.25 KiB of W+K, and spills more on i686). Bounds: 8192 + 3072
// and 1536 + 3072 bytes.
__attribute__((noinline)) void body_pss() {
  g_call.rc = fc_rsa_verify_pss(g_call.key, FC_SHA512, FC_SHA512, 64, g_call.digest, 64,
                                g_call.sig, g_call.sig_len);
}
__attribute__((noinline)) void body_pss_ws() {
  g_call.rc = fc_rsa_verify_pss_ws(g_call.key, FC_SHA512, FC_SHA512, 64, g_call.digest, 64,
                                   g_call.sig, g_call.sig_len, g_call.ws, g_call.ws_len);
}

TEST_P(Stack, PssVerifyPeak) {
  auto doc = fct::json::parse(fct::read_text(
      fct::vectors_dir() + "/wycheproof/testvectors_v1/rsa_pss_4096_sha512_mgf1_64_test.json"));
  const auto &g = doc["testGroups"].items().at(0);
  Bytes n = fct::hex(g["publicKey"]["modulus"].as_string());
  Bytes e = fct::hex(g["publicKey"]["publicExponent"].as_string());
  const fct::json::Value *t = nullptr;
  for (const auto &x : g["tests"].items())
    if (x["result"].as_string() == "valid") {
      t = &x;
      break;
    }
  ASSERT_NE(t, nullptr);
  Bytes msg = fct::hex((*t)["msg"].as_string()), sig = fct::hex((*t)["sig"].as_string());
  Bytes digest(64);
  ASSERT_EQ(fc_hash(FC_SHA512, msg.empty() ? nullptr : msg.data(), msg.size(), digest.data()), FC_OK);
  fc_rsa_pubkey key;
  ASSERT_EQ(fc_rsa_pubkey_init(&key, n.data(), n.size(), e.data(), e.size()), FC_OK);
  size_t wl = FC_RSA_VERIFY_PSS_WORKSPACE_BYTES(4096);
  std::unique_ptr<uint8_t[]> ws(new uint8_t[wl]);
  g_call = {};
  g_call.key = &key;
  g_call.digest = digest.data();
  g_call.sig = sig.data();
  g_call.sig_len = sig.size();
  g_call.ws = ws.get();
  g_call.ws_len = wl;
  g_call.rc = FC_ERR_AUTH;
  size_t v = net_depth(body_pss, "fc_rsa_verify_pss");
  size_t w = net_depth(body_pss_ws, "fc_rsa_verify_pss_ws");
  std::cout << "[ STACK    ] " << GetParam() << " 4096 bits, PSS SHA-512: fc_rsa_verify_pss " << v
            << " bytes, fc_rsa_verify_pss_ws " << w << " bytes (+ " << wl << " workspace)\n";
  EXPECT_LE(v, 8192u + 3072);
  EXPECT_LE(w, 1536u + 3072);
}

// Hash-side entry points: no dependence on the Montgomery kernel. Their
// peak is the stack burn that ends each call (fc_internal.h, "Wiping
// secrets"): the layer's figure (fc_pbkdf2 2,432 bytes, fc_hkdf 2,048) plus
// the SHA-512 kernel's (avx2 2,784 on x86-64 and 3,936 on i686, avx512
// 2,144 with gcc). Bound: 7 KiB each (i686 with avx2: 6,368 and the wrapper).
__attribute__((noinline)) void body_pbkdf2() {
  uint8_t out[100];
  g_call.rc = fc_pbkdf2(FC_SHA512, g_call.digest, 32, g_call.digest, 32, 3, out, sizeof out);
  __asm__ __volatile__("" : : "r"(out) : "memory");
}
__attribute__((noinline)) void body_hkdf() {
  uint8_t out[100];
  g_call.rc = fc_hkdf(FC_SHA512, g_call.digest, 32, g_call.digest, 32, g_call.digest, 32, out,
                      sizeof out);
  __asm__ __volatile__("" : : "r"(out) : "memory");
}

TEST_P(Stack, HashKdfPeak) {
  Bytes d(64, 7);
  g_call = {};
  g_call.digest = d.data();
  g_call.rc = FC_ERR_AUTH;
  size_t p = net_depth(body_pbkdf2, "fc_pbkdf2"), h = net_depth(body_hkdf, "fc_hkdf");
  std::cout << "[ STACK    ] fc_pbkdf2 (SHA-512) " << p << " bytes, fc_hkdf (SHA-512) " << h
            << " bytes (hash kernels " << fc_impl_active(FC_OP_SHA512) << ")\n";
  EXPECT_LE(p, 7168u);
  EXPECT_LE(h, 7168u);
}

// The method itself: a known frame is seen at its size (within slack).
// (A volatile array is not enough: clang's SROA splits it into pieces. The
// asm takes the buffer's address, so the whole array must exist.)
__attribute__((noinline)) void body_known() {
  uint8_t buf[4000];
  std::memset(buf, 1, sizeof buf);
  __asm__ __volatile__("" : : "r"(buf) : "memory");
  g_call.rc = FC_OK;
}

TEST(StackMethod, SeesAKnownFrame) {
#if defined(FCT_ASAN)
  GTEST_SKIP() << "stack depths are meaningless under AddressSanitizer";
#endif
  size_t base = depth_of(body_empty), d = depth_of(body_known);
  ASSERT_NE(d, SIZE_MAX);
  EXPECT_GE(d, 4000u);  // the buffer alone
  EXPECT_LE(d - base, 4000u + 256);
  EXPECT_LT(base, 2048u) << "the trampoline itself should be small";
  std::cout << "[ STACK    ] empty body " << base << " bytes, 4000-byte frame " << d - base << "\n";
}

INSTANTIATE_TEST_SUITE_P(Mont, Stack, ::testing::ValuesIn(fct::kernels(FC_OP_MONT)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
