// The dispatcher: kernel lists (fc_impls), pinning (fc_impl_select), the
// automatic choice, once-only and concurrent fc_init, fc_init_features, keys
// keeping their kernel across a switch, and the FASTCRYPT_CPU /
// FASTCRYPT_IMPL overrides.
//
// The overrides are read once per process, so they are tested by extra ctest
// entries (tests/extra_tests.cmake) that run this binary with the variables
// set and --gtest_filter on Env.DISABLED_Overrides; the expected outcome
// comes from FC_EXPECT_* variables of the same entry:
//   FC_EXPECT_INIT      OK | ENV | UNSUPPORTED | OK? (OK when every "name?"
//                       kernel below is usable here, UNSUPPORTED otherwise)
//   FC_EXPECT_FEATURES  probed | none | -feat[,-feat...][,+intel] (probed
//                       minus these, plus the vendor bit)
//   FC_EXPECT_ACTIVE    op=v[,op=v...], op a name from FASTCRYPT_IMPL or "*"
//                       for every other op; v = auto (first usable kernel not avoided
//                       under the expected features), portable (needs == 0),
//                       a kernel name, or "name?" (that kernel if usable
//                       here, else auto).
// Missing expectations fail the test. The Env test is DISABLED_ so that the
// plain run of this binary skips it.
//
// Order matters: Init.Concurrent comes first, so that in a plain run its
// threads make the process's first fc_init call; InitFeatures comes last
// (fc_init_features resets the environment's effect).
#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "fc_test.h"
// fc_internal.h has no extern "C" guard of its own; used only to read the
// kernel name a context recorded.
extern "C" {
#include "core/fc_internal.h"
}

using fct::Bytes;

namespace {


// Op names as FASTCRYPT_IMPL spells them (fastcrypt.h order).
const char *const kOpNames[FC_OP_COUNT] = {"mont", "sha1",  "sha256", "sha512",
                                           "aes",  "ghash", "keccak", "keccak_x", "ec",
                                           "mldsa", "sha256_x"};

std::vector<fc_impl_info> impls(fc_op op) {
  size_t n = fc_impls(op, nullptr, 0);
  std::vector<fc_impl_info> v(n);
  if (n) fc_impls(op, v.data(), n);
  return v;
}

// The documented automatic choice (fastcrypt.h, fc_impls): the first kernel
// in the list whose needs are present and whose avoid bits are not.
std::string auto_choice(fc_op op, uint64_t feat) {
  for (const fc_impl_info &i : impls(op))
    if ((i.needs & ~feat) == 0 && (i.avoid & feat) == 0) return i.name;
  return "";
}

std::string active(fc_op op) {
  const char *a = fc_impl_active(op);
  return a ? a : "";
}

const fc_impl_info *find(const std::vector<fc_impl_info> &v, const std::string &name) {
  for (const fc_impl_info &i : v)
    if (name == i.name) return &i;
  return nullptr;
}

const char *kernel_of(const fc_mont_ctx &c) {
  return c.kernel ? static_cast<const fc__kernel_head *>(c.kernel)->name : "(none)";
}

struct Snapshot {
  fc_err init;
  uint64_t features, probed;
  std::vector<std::string> act;
  bool operator==(const Snapshot &o) const {
    return init == o.init && features == o.features && probed == o.probed && act == o.act;
  }
};

std::string describe(const Snapshot &s) {
  std::ostringstream o;
  o << "init " << fct::err_name(s.init) << ", features 0x" << std::hex << s.features << ", probed 0x"
    << s.probed << std::dec;
  for (int i = 0; i < FC_OP_COUNT; i++) o << ", " << kOpNames[i] << "=" << s.act[i];
  return o.str();
}

// fc_init first, then the rest (what a thread sees right after its fc_init).
Snapshot snapshot() {
  Snapshot s;
  s.init = fc_init();
  s.features = fc_cpu_features();
  s.probed = fc_cpu_features_probed();
  for (int i = 0; i < FC_OP_COUNT; i++) s.act.push_back(active((fc_op)i));
  return s;
}

// ------------------------------------------------------------ expectations

uint64_t feature_bit(const std::string &name) {
  static const std::map<std::string, uint64_t> m = {
      {"sse2", FC_CPU_SSE2},       {"ssse3", FC_CPU_SSSE3},
      {"sse41", FC_CPU_SSE41},     {"avx", FC_CPU_AVX},
      {"avx2", FC_CPU_AVX2},       {"bmi2", FC_CPU_BMI2},
      {"adx", FC_CPU_ADX},         {"aesni", FC_CPU_AESNI},
      {"avx512f", FC_CPU_AVX512F}, {"avx512ifma", FC_CPU_AVX512IFMA},
      {"neon", FC_CPU_NEON},       {"asimd", FC_CPU_NEON},
      {"pmull", FC_CPU_ARM_PMULL}, {"aes", FC_CPU_AESNI | FC_CPU_ARM_AES},
      {"intel", FC_CPU_INTEL}};
  auto it = m.find(name);
  return it == m.end() ? 0 : it->second;
}

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep)) out.push_back(cur);
  return out;
}

const char *need_env(const char *name) {
  const char *v = std::getenv(name);
  if (!v) ADD_FAILURE() << name << " is not set: this ctest entry is misconfigured";
  return v;
}

// Checks the state fc_init produced against FC_EXPECT_*.
void check_expectations(const Snapshot &s) {
  const char *ei = need_env("FC_EXPECT_INIT"), *ef = need_env("FC_EXPECT_FEATURES"),
             *ea = need_env("FC_EXPECT_ACTIVE");
  ASSERT_TRUE(ei && ef && ea);
  const char *cpu = std::getenv("FASTCRYPT_CPU"), *impl = std::getenv("FASTCRYPT_IMPL");
  SCOPED_TRACE(std::string("FASTCRYPT_CPU=") + (cpu ? "\"" + std::string(cpu) + "\"" : "(unset)") +
               " FASTCRYPT_IMPL=" + (impl ? "\"" + std::string(impl) + "\"" : "(unset)"));
  SCOPED_TRACE(describe(s));

  // features
  uint64_t want_feat;
  std::string f = ef;
  if (f == "probed") {
    want_feat = s.probed;
  } else if (f == "none") {
    want_feat = 0;
  } else {
    want_feat = s.probed;
    for (const std::string &t : split(f, ',')) {
      bool add = t == "+intel";  // the vendor bit, the one a value may set
      uint64_t bit = add ? FC_CPU_INTEL
                     : t.size() > 1 && t[0] == '-' ? feature_bit(t.substr(1))
                                                   : 0;
      ASSERT_NE(bit, 0u) << "bad FC_EXPECT_FEATURES token '" << t << "'";
      want_feat = add ? want_feat | bit : want_feat & ~bit;
    }
  }
  EXPECT_EQ(s.features, want_feat) << "fc_cpu_features()";

  // active kernels
  std::map<std::string, std::string> want;
  for (const std::string &t : split(ea, ',')) {
    size_t eq = t.find('=');
    ASSERT_NE(eq, std::string::npos) << "bad FC_EXPECT_ACTIVE token '" << t << "'";
    want[t.substr(0, eq)] = t.substr(eq + 1);
  }
  for (const auto &w : want)
    ASSERT_TRUE(w.first == "*" || std::count(kOpNames, kOpNames + FC_OP_COUNT, w.first))
        << "unknown op '" << w.first << "' in FC_EXPECT_ACTIVE";
  bool pins_usable = true;
  for (int op = 0; op < FC_OP_COUNT; op++) {
    SCOPED_TRACE(kOpNames[op]);
    auto list = impls((fc_op)op);
    const std::string &got = s.act[op];
    if (list.empty()) {  // nothing built for this op
      EXPECT_EQ(got, "");
      continue;
    }
    auto it = want.count(kOpNames[op]) ? want.find(kOpNames[op]) : want.find("*");
    ASSERT_NE(it, want.end()) << "FC_EXPECT_ACTIVE says nothing about " << kOpNames[op];
    std::string v = it->second, autoc = auto_choice((fc_op)op, want_feat);
    if (v == "auto") {
      EXPECT_EQ(got, autoc);
    } else if (v == "portable") {
      const fc_impl_info *k = find(list, got);
      ASSERT_NE(k, nullptr) << got;
      EXPECT_EQ(k->needs, 0u) << got;
    } else if (!v.empty() && v.back() == '?') {
      v.pop_back();
      const fc_impl_info *k = find(list, v);
      ASSERT_NE(k, nullptr) << "kernel " << v << " is not built: misconfigured ctest entry";
      if ((k->needs & ~want_feat) == 0) {
        EXPECT_EQ(got, v);
      } else {
        pins_usable = false;
        EXPECT_EQ(got, autoc) << v << " is not usable here";
      }
    } else {
      ASSERT_NE(find(list, v), nullptr)
          << "kernel " << v << " is not built: misconfigured ctest entry";
      EXPECT_EQ(got, v);
    }
  }

  std::string i = ei;
  fc_err want_init = i == "OK"            ? FC_OK
                     : i == "ENV"         ? FC_ERR_ENV
                     : i == "UNSUPPORTED" ? FC_ERR_UNSUPPORTED
                     : i == "OK?"         ? (pins_usable ? FC_OK : FC_ERR_UNSUPPORTED)
                                          : FC_ERR_AUTH;
  ASSERT_NE(want_init, FC_ERR_AUTH) << "bad FC_EXPECT_INIT '" << i << "'";
  EXPECT_STREQ(fct::err_name(s.init), fct::err_name(want_init)) << "fc_init()";
}

// Invariants that hold in any configuration.
void check_invariants(const Snapshot &s) {
  // FASTCRYPT_CPU=+intel may add the vendor bit, which enables nothing
  EXPECT_EQ(s.features & ~s.probed & ~FC_CPU_INTEL, 0u) << "features not a subset of probed";
  for (int op = 0; op < FC_OP_COUNT; op++) {
    auto list = impls((fc_op)op);
    if (list.empty()) {
      EXPECT_EQ(s.act[op], "") << kOpNames[op];
      continue;
    }
    const fc_impl_info *k = find(list, s.act[op]);
    ASSERT_NE(k, nullptr) << kOpNames[op] << " active '" << s.act[op] << "' not in its list";
    EXPECT_EQ(k->needs & ~s.features, 0u)
        << kOpNames[op] << ": active kernel needs a masked feature";
    for (const fc_impl_info &i : list)
      EXPECT_EQ(i.usable != 0, (i.needs & ~s.features) == 0) << kOpNames[op] << "/" << i.name;
  }
}

bool env_overrides_set() {
  return std::getenv("FASTCRYPT_CPU") != nullptr || std::getenv("FASTCRYPT_IMPL") != nullptr;
}

// ================================================================ first: the race

// True when a forked child can create and join a thread within 5 s. Under
// qemu-i386 7.2 without -E LD_LIBRARY_PATH=<sysroot>/lib (an emulator setup
// fault) pthread_create never returns; the library is not involved (the
// child makes no fastcrypt call, and the parent none yet).
bool threads_work() {
  pid_t pid = fork();
  if (pid < 0) return true;  // cannot tell: run the test
  if (pid == 0) {
    pthread_t t;
    if (pthread_create(
            &t, nullptr, [](void *) -> void * { return nullptr; }, nullptr) != 0)
      _exit(2);
    pthread_join(t, nullptr);
    _exit(0);
  }
  for (int i = 0; i < 100; i++) {
    int st;
    if (waitpid(pid, &st, WNOHANG) == pid) return WIFEXITED(st) && WEXITSTATUS(st) == 0;
    usleep(50000);
  }
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  return false;
}

TEST(Init, Concurrent) {
  // Eight threads released together; in a fresh process (this test is first
  // in the file, and has its own ctest entries) they race for the first
  // fc_init. Each must see the finished state.
  // Threads that cannot be created are a failure of the test set-up, never a
  // pass: the race is what this test exists to run.
  ASSERT_TRUE(threads_work())
      << "pthread_create does not return here (emulator set-up: see cmake/toolchain-i686.cmake)";
  constexpr int kThreads = 8;
  std::atomic<int> ready{0};
  std::atomic<bool> go{false};
  std::vector<Snapshot> seen(kThreads);
  std::vector<std::thread> ts;
  for (int t = 0; t < kThreads; t++)
    ts.emplace_back([&, t] {
      ready.fetch_add(1);
      while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
      seen[t] = snapshot();
    });
  while (ready.load() != kThreads) std::this_thread::yield();
  go.store(true, std::memory_order_release);
  for (auto &t : ts) t.join();
  Snapshot main = snapshot();
  for (int t = 0; t < kThreads; t++)
    EXPECT_TRUE(seen[t] == main) << "thread " << t << ": " << describe(seen[t])
                                 << "\nmain: " << describe(main);
  check_invariants(main);
  if (std::getenv("FC_EXPECT_INIT")) {
    check_expectations(main);
  } else if (!env_overrides_set()) {
    EXPECT_EQ(main.init, FC_OK);
  }
}

// ================================================================ environment

TEST(Env, DISABLED_Overrides) {
  Snapshot s = snapshot();
  check_invariants(s);
  check_expectations(s);
  for (int k = 0; k < 5; k++) EXPECT_TRUE(snapshot() == s) << "fc_init is not stable";
  // An environment pin is a pin: NULL returns to the automatic choice.
  if (!impls(FC_OP_MONT).empty()) {
    ASSERT_EQ(fc_impl_select(FC_OP_MONT, nullptr), FC_OK);
    EXPECT_EQ(active(FC_OP_MONT), auto_choice(FC_OP_MONT, s.features));
  }
}

// ================================================================ lists

TEST(Impls, ListsEveryBuiltKernel) {
  for (int op = 0; op < FC_OP_COUNT; op++) {
    SCOPED_TRACE(kOpNames[op]);
    fc_impl_info buf[40];
    const fc_impl_info sentinel = {"sentinel", 0x5a5a, 77, 0x5a5a};
    std::fill(buf, buf + 40, sentinel);
    size_t n = fc_impls((fc_op)op, nullptr, 0);
    EXPECT_EQ(fc_impls((fc_op)op, buf, 0), n);
    EXPECT_STREQ(buf[0].name, "sentinel") << "max = 0 wrote an entry";
    EXPECT_EQ(fc_impls((fc_op)op, nullptr, 5), n) << "out = NULL";
    ASSERT_LT(n, 40u);
    if (n > 0) {
      EXPECT_EQ(fc_impls((fc_op)op, buf, 1), n);
      EXPECT_STREQ(buf[1].name, "sentinel") << "max = 1 wrote two entries";
    }
    EXPECT_EQ(fc_impls((fc_op)op, buf, 40), n);
    EXPECT_STREQ(buf[n].name, "sentinel") << "wrote past the count";
    std::set<std::string> names;
    uint64_t feat = fc_cpu_features();
    for (size_t i = 0; i < n; i++) {
      ASSERT_NE(buf[i].name, nullptr);
      EXPECT_GT(std::strlen(buf[i].name), 0u);
      EXPECT_TRUE(names.insert(buf[i].name).second) << "duplicate " << buf[i].name;
      EXPECT_EQ(buf[i].usable != 0, (buf[i].needs & ~feat) == 0) << buf[i].name;
    }
    if (n == 0) {
      EXPECT_EQ(fc_impl_active((fc_op)op), nullptr);
    }
  }
  // Always built: the portable kernels.
  auto mont = impls(FC_OP_MONT);
  std::set<std::string> m;
  for (auto &i : mont) m.insert(i.name);
  EXPECT_TRUE(m.count("scalar32") && m.count("scalar64"));
  EXPECT_EQ(find(mont, "scalar32")->needs, 0u);
  EXPECT_EQ(find(mont, "scalar64")->needs, 0u);
  for (fc_op op : {FC_OP_SHA1, FC_OP_SHA256, FC_OP_SHA512}) {
    auto l = impls(op);
    ASSERT_FALSE(l.empty()) << kOpNames[op];
    EXPECT_NE(find(l, "scalar"), nullptr) << kOpNames[op];
  }
#if defined(FCT_BUILD_INFO)
  // The build's options (tests/extra_tests.cmake) decide the rest.
  std::set<std::string> want = {"scalar32", "scalar64"};
#if defined(FCT_BUILT_SSE2)
  want.insert("sse2");
#endif
#if defined(FCT_BUILT_MULX)
  want.insert("mulx");
#endif
#if defined(FCT_BUILT_NEON)
  want.insert("neon");
#endif
#if defined(FCT_BUILT_AVX512IFMA)
  want.insert("avx512ifma");
#endif
  EXPECT_EQ(m, want);
  for (auto kn :
       {std::make_pair("sse2", FC_CPU_SSE2), std::make_pair("mulx", FC_CPU_BMI2 | FC_CPU_ADX),
        std::make_pair("neon", FC_CPU_NEON),
        std::make_pair("avx512ifma", FC_CPU_AVX512F | FC_CPU_AVX512IFMA)}) {
    const fc_impl_info *k = find(mont, kn.first);
    if (k) {
      EXPECT_EQ(k->needs, kn.second) << kn.first;
    }
  }
#endif
}

TEST(Impls, BadOp) {
  fc_impl_info buf[4];
  buf[0].name = "sentinel";
  for (int op : {(int)FC_OP_COUNT, -1, 1000}) {
    EXPECT_EQ(fc_impls((fc_op)op, buf, 4), 0u) << op;
    EXPECT_EQ(fc_impl_active((fc_op)op), nullptr) << op;
    EXPECT_EQ(fc_impl_select((fc_op)op, nullptr), FC_ERR_ARG) << op;
    EXPECT_EQ(fc_impl_select((fc_op)op, "scalar32"), FC_ERR_ARG) << op;
  }
  EXPECT_STREQ(buf[0].name, "sentinel");
}

// ================================================================ selection

TEST(Select, AutomaticIsFirstUsable) {
  uint64_t feat = fc_cpu_features();
  for (int op = 0; op < FC_OP_COUNT; op++) {
    SCOPED_TRACE(kOpNames[op]);
    if (impls((fc_op)op).empty()) {
      EXPECT_EQ(fc_impl_select((fc_op)op, nullptr), FC_ERR_UNSUPPORTED);
      EXPECT_EQ(fc_impl_active((fc_op)op), nullptr);
      continue;
    }
    ASSERT_EQ(fc_impl_select((fc_op)op, nullptr), FC_OK);
    EXPECT_EQ(active((fc_op)op), auto_choice((fc_op)op, feat));
    EXPECT_NE(active((fc_op)op), "");
  }
}

TEST(Select, PinEachUsableKernel) {
  for (int op = 0; op < FC_OP_COUNT; op++) {
    SCOPED_TRACE(kOpNames[op]);
    std::string autoc = auto_choice((fc_op)op, fc_cpu_features());
    for (const fc_impl_info &k : impls((fc_op)op)) {
      if (!k.usable) continue;
      ASSERT_EQ(fc_impl_select((fc_op)op, k.name), FC_OK) << k.name;
      EXPECT_EQ(active((fc_op)op), k.name);
      // a copy of the name selects the same kernel (compared by content)
      std::string copy = k.name;
      ASSERT_EQ(fc_impl_select((fc_op)op, copy.c_str()), FC_OK);
      EXPECT_EQ(active((fc_op)op), k.name);
      if (op == FC_OP_MONT) {
        fc_mont_ctx ctx;
        const uint32_t n[2] = {0x12345679u, 0x80000001u};
        ASSERT_EQ(fc_mont_init(&ctx, n, 2), FC_OK);
        EXPECT_STREQ(kernel_of(ctx), k.name);
      }
      ASSERT_EQ(fc_impl_select((fc_op)op, nullptr), FC_OK);
      EXPECT_EQ(active((fc_op)op), autoc);
    }
  }
}

TEST(Select, BadNames) {
  std::string before = active(FC_OP_MONT);
  for (const char *name : {"nosuch", "", "SCALAR32", "scalar32 ", " scalar32", "scalar3",
                           "scalar321", "scalar", "mont=scalar32", "scalar32,", "-sse2"}) {
    EXPECT_EQ(fc_impl_select(FC_OP_MONT, name), FC_ERR_ARG) << "'" << name << "'";
    EXPECT_EQ(active(FC_OP_MONT), before);
  }
  // a mont kernel's name is unknown to a hash op
  EXPECT_EQ(fc_impl_select(FC_OP_SHA256, "scalar32"), FC_ERR_ARG);
  EXPECT_EQ(fc_impl_select(FC_OP_AES, "scalar32"), FC_ERR_ARG);
  // a hash kernel's name is unknown to a sibling hash op that has no such kernel
  for (auto [op, name] : {std::pair{FC_OP_SHA1, "avx2"}, {FC_OP_SHA1, "avx512"},
                          {FC_OP_SHA256, "avx512"}, {FC_OP_SHA512, "shani"}}) {
    std::string was = active(op);
    EXPECT_EQ(fc_impl_select(op, name), FC_ERR_ARG) << kOpNames[op] << "/" << name;
    EXPECT_EQ(active(op), was);
  }
}

// Every kernel name the project has, per op, on any architecture (a copy
// kept by the tests, independent of src/core/dispatch.c's).
const std::vector<std::vector<std::string>> kProjectNames = {
    /* mont */ {"avx512ifma", "mulx", "scalar64", "sse2", "neon", "scalar32"},
    /* sha1 */ {"shani_msg", "shani", "armv8", "scalar"},
    /* sha256 */ {"shani", "avx2", "armv8", "scalar"},
    /* sha512 */ {"avx512", "avx2", "armv8", "scalar"},
    /* aes */ {"vaes", "vaes256", "aesni", "armv8", "neon", "ct"},
    /* ghash */ {"vpclmul", "pclmul", "pmull", "ct"},
    /* keccak */ {"avx512", "armv8", "scalar"},
    /* keccak_x */ {"avx512", "avx2", "scalar"},
    /* ec */ {"mulx", "armv8", "scalar64", "scalar32"},
    /* mldsa */ {"avx512", "avx2", "neon", "scalar"},
    /* sha256_x */ {"avx512", "shani", "avx2", "armv8", "neon", "single"},
};

// A kernel of the project that this build lacks (another architecture's or
// compiled out) is "not built": FC_ERR_UNSUPPORTED, as the header promises,
// and nothing changes. Names no kernel has stay FC_ERR_ARG (BadNames).
TEST(Select, KernelNotBuiltIsUnsupported) {
  ASSERT_EQ(kProjectNames.size(), (size_t)FC_OP_COUNT);
  int checked = 0;
  for (int op = 0; op < FC_OP_COUNT; op++) {
    auto list = impls((fc_op)op);
    for (const fc_impl_info &k : list)
      EXPECT_TRUE(std::count(kProjectNames[op].begin(), kProjectNames[op].end(), k.name))
          << kOpNames[op] << "/" << k.name << " is missing from the tests' list of names";
    std::string before = active((fc_op)op);
    for (const std::string &name : kProjectNames[op]) {
      if (find(list, name)) continue;
      EXPECT_STREQ(fct::err_name(fc_impl_select((fc_op)op, name.c_str())), "UNSUPPORTED")
          << kOpNames[op] << "/" << name;
      EXPECT_EQ(active((fc_op)op), before);
      checked++;
    }
  }
#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__)
  EXPECT_GT(checked, 0) << "every architecture lacks another's kernels";
#endif
}

// A kernel the CPU (after masking) cannot run is refused, and nothing changes.
void expect_unusable_refused() {
  for (int op = 0; op < FC_OP_COUNT; op++) {
    std::string before = active((fc_op)op);
    for (const fc_impl_info &k : impls((fc_op)op)) {
      if (k.usable) continue;
      EXPECT_EQ(fc_impl_select((fc_op)op, k.name), FC_ERR_UNSUPPORTED) << k.name;
      EXPECT_EQ(active((fc_op)op), before);
    }
  }
}

size_t count_unusable() {
  size_t c = 0;
  for (int op = 0; op < FC_OP_COUNT; op++)
    for (const fc_impl_info &k : impls((fc_op)op)) c += !k.usable;
  return c;
}

TEST(Select, UnusableKernelIsUnsupported) {
  if (count_unusable() == 0)
    GTEST_SKIP() << "every built kernel runs on this CPU (see InitFeatures)";
  expect_unusable_refused();
}

// ================================================================ init and features

TEST(Init, Idempotent) {
  Snapshot first = snapshot();
  for (int i = 0; i < 100; i++) ASSERT_EQ(fc_init(), first.init) << "call " << i;
  EXPECT_TRUE(snapshot() == first);
  if (!env_overrides_set()) {
    EXPECT_EQ(first.init, FC_OK);
  }
  check_invariants(first);
}

TEST(Features, SubsetOfProbed) {
  uint64_t f = fc_cpu_features(), p = fc_cpu_features_probed();
  EXPECT_EQ(f & ~p, 0u);
  EXPECT_EQ(fc_cpu_features_probed(), p) << "probe not stable";
  if (!env_overrides_set()) {
    EXPECT_EQ(f, p);
  }
#if defined(__x86_64__)
  EXPECT_TRUE(p & FC_CPU_SSE2) << "every x86-64 CPU has SSE2";
#endif
#if defined(__aarch64__)
  EXPECT_TRUE(p & FC_CPU_NEON) << "AArch64 Linux always has ASIMD";
#endif
#if !defined(__x86_64__) && !defined(__i386__)
  EXPECT_EQ(p & 0xffffffffull, 0u) << "x86 bits on a non-x86 CPU";
#endif
#if !defined(__aarch64__)
  EXPECT_EQ(p >> 32, 0u) << "AArch64 bits on a non-AArch64 CPU";
#endif
}

TEST(CpuName, ArgumentsAndTruncation) {
  char full[256];
  EXPECT_EQ(fc_cpu_name(nullptr, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_cpu_name(full, 0), FC_ERR_ARG);
  fc_err rc = fc_cpu_name(full, sizeof full);
  if (rc == FC_ERR_UNSUPPORTED) GTEST_SKIP() << "no CPU name on this target";
  ASSERT_EQ(rc, FC_OK);
  size_t flen = strnlen(full, sizeof full);
  ASSERT_LT(flen, sizeof full);
  std::cout << "[ CPU      ] " << full << "\n";
  for (size_t len : {1, 2, 3, 8, 13, 16, 47, 48, 49, 64}) {
    char buf[80];
    std::memset(buf, 0x7e, sizeof buf);
    ASSERT_EQ(fc_cpu_name(buf, len), FC_OK) << len;
    size_t l = strnlen(buf, len);
    ASSERT_LT(l, len) << "not NUL-terminated within " << len;
    EXPECT_EQ(l, std::min(flen, len - 1)) << len;
    EXPECT_EQ(std::string(buf, l), std::string(full, l)) << len;
    for (size_t i = len; i < sizeof buf; i++) ASSERT_EQ(buf[i], 0x7e) << "wrote past " << len;
  }
}

struct VbootKey {
  Bytes keyb = fct::read_file(fct::vectors_dir() + "/vboot/testkeys/key_rsa2048.keyb");
  Bytes sig = fct::read_file(fct::vectors_dir() + "/vboot/testcases/test_file.rsa2048_sha256.sig");
  Bytes digest = fct::read_file(fct::vectors_dir() + "/vboot/testcases/test_file.sha256.digest");
};

// A key keeps the kernel it was built under, whatever is selected later.
TEST(Select, KeyKeepsItsKernelAcrossSwitch) {
  VbootKey v;
  ASSERT_EQ(v.keyb.size(), 520u);
  ASSERT_EQ(v.sig.size(), 256u);
  ASSERT_EQ(v.digest.size(), 32u);
  std::vector<std::string> usable;
  for (const fc_impl_info &k : impls(FC_OP_MONT))
    if (k.usable) usable.push_back(k.name);
  ASSERT_GE(usable.size(), 2u);
  for (const std::string &a : usable) {
    fc_rsa_pubkey key;
    ASSERT_EQ(fc_impl_select(FC_OP_MONT, a.c_str()), FC_OK);
    ASSERT_EQ(fc_rsa_pubkey_from_vboot(&key, v.keyb.data(), v.keyb.size(), 65537), FC_OK);
    uint8_t em_a[256];
    ASSERT_EQ(fc_rsa_public(&key, v.sig.data(), 256, em_a), FC_OK);
    for (const std::string &b : usable) {
      SCOPED_TRACE(a + " then " + b);
      ASSERT_EQ(fc_impl_select(FC_OP_MONT, b.c_str()), FC_OK);
      EXPECT_STREQ(kernel_of(key.mont), a.c_str());
      EXPECT_EQ(fc_rsa_verify(&key, FC_SHA256, v.digest.data(), 32, v.sig.data(), 256), FC_OK);
      Bytes bad = v.sig;
      bad[100] ^= 1;
      EXPECT_EQ(fc_rsa_verify(&key, FC_SHA256, v.digest.data(), 32, bad.data(), 256), FC_ERR_SIG);
      uint8_t em[256];
      ASSERT_EQ(fc_rsa_public(&key, v.sig.data(), 256, em), FC_OK);
      EXPECT_EQ(0, std::memcmp(em, em_a, 256));
      EXPECT_STREQ(kernel_of(key.mont), a.c_str());
    }
  }
  ASSERT_EQ(fc_impl_select(FC_OP_MONT, nullptr), FC_OK);
}

// Last: fc_init_features replaces whatever fc_init (and the environment) set.
TEST(InitFeatures, NoneThenAll) {
  uint64_t probed = fc_cpu_features_probed();
  auto mont = impls(FC_OP_MONT);
  // Pin the last portable kernel, so that clearing the pin is visible when
  // the automatic portable choice is another one.
  std::string last_portable;
  for (auto &k : mont)
    if (k.needs == 0) last_portable = k.name;
  ASSERT_EQ(fc_impl_select(FC_OP_MONT, last_portable.c_str()), FC_OK);

  ASSERT_EQ(fc_init_features(0), FC_OK);
  EXPECT_EQ(fc_cpu_features(), 0u);
  EXPECT_EQ(fc_cpu_features_probed(), probed);
  for (int op = 0; op < FC_OP_COUNT; op++) {
    SCOPED_TRACE(kOpNames[op]);
    auto list = impls((fc_op)op);
    std::string want = auto_choice((fc_op)op, 0);
    EXPECT_EQ(active((fc_op)op), want) << "pins cleared, portable automatic choice";
    if (!list.empty()) {
      ASSERT_NE(want, "") << "no portable kernel for " << kOpNames[op];
      EXPECT_EQ(find(list, active((fc_op)op))->needs, 0u);
    }
    for (auto &k : list) EXPECT_EQ(k.usable != 0, k.needs == 0) << k.name;
  }
  Snapshot s0 = snapshot();
  check_invariants(s0);
  expect_unusable_refused();  // every kernel with needs != 0
  {
    VbootKey v;
    fc_rsa_pubkey key;
    ASSERT_EQ(fc_rsa_pubkey_from_vboot(&key, v.keyb.data(), v.keyb.size(), 65537), FC_OK);
    EXPECT_EQ(find(mont, kernel_of(key.mont))->needs, 0u);
    EXPECT_EQ(fc_rsa_verify(&key, FC_SHA256, v.digest.data(), 32, v.sig.data(), 256), FC_OK);
  }
  ASSERT_EQ(fc_init_features(0), FC_OK);  // again: same state
  EXPECT_TRUE(snapshot() == s0);

  // One kernel's needs only.
  for (auto &k : mont) {
    if (k.needs == 0) continue;
    ASSERT_EQ(fc_init_features(k.needs), FC_OK);
    EXPECT_EQ(fc_cpu_features(), probed & k.needs) << k.name;
    check_invariants(snapshot());
  }

  ASSERT_EQ(fc_init_features(~0ull), FC_OK);
  EXPECT_EQ(fc_cpu_features(), probed);
  for (int op = 0; op < FC_OP_COUNT; op++)
    EXPECT_EQ(active((fc_op)op), auto_choice((fc_op)op, probed)) << kOpNames[op];
  check_invariants(snapshot());
  if (count_unusable() != 0) expect_unusable_refused();
}

// FC_CPU_INTEL orders kernels and enables none: SHA-1's shani_msg (SHA1MSG2
// in every group, measured slower on an Intel Xeon) is avoided with it and
// taken without it; pinning runs it either way. After NoneThenAll.
TEST(InitFeatures, VendorBitOrdersOnly) {
  for (int op = 0; op < FC_OP_COUNT; op++)
    for (const fc_impl_info &k : impls((fc_op)op)) {
      bool msg = op == FC_OP_SHA1 && std::string(k.name) == "shani_msg";
      EXPECT_EQ(k.avoid, msg ? FC_CPU_INTEL : 0u) << kOpNames[op] << "/" << k.name;
      EXPECT_EQ(k.needs & FC_CPU_INTEL, 0u) << kOpNames[op] << "/" << k.name;
    }
  const uint64_t shani = FC_CPU_SHANI | FC_CPU_SSE41 | FC_CPU_SSSE3 | FC_CPU_SSE2;
  auto sha1 = impls(FC_OP_SHA1);
  if (find(sha1, "shani_msg") == nullptr) {
    EXPECT_EQ(find(sha1, "shani"), nullptr) << "shani built without shani_msg";
    GTEST_SKIP() << "no SHA-extension kernels in this build";
  }
  // the rule under synthetic features, whatever this CPU's vendor
  EXPECT_STREQ(fc__auto_choice_name(FC_OP_SHA1, shani), "shani_msg");
  EXPECT_STREQ(fc__auto_choice_name(FC_OP_SHA1, shani | FC_CPU_INTEL), "shani");
  EXPECT_STREQ(fc__auto_choice_name(FC_OP_SHA1, FC_CPU_INTEL | FC_CPU_SSE2), "scalar");
  EXPECT_STREQ(fc__auto_choice_name(FC_OP_SHA256, shani | FC_CPU_INTEL), "shani");
  // and on this CPU
  uint64_t probed = fc_cpu_features_probed();
  if ((probed & shani) != shani) GTEST_SKIP() << "no SHA extensions on this CPU";
  ASSERT_EQ(fc_init_features(~FC_CPU_INTEL), FC_OK);
  EXPECT_EQ(active(FC_OP_SHA1), "shani_msg");
  ASSERT_EQ(fc_init_features(~0ull), FC_OK);
  EXPECT_EQ(active(FC_OP_SHA1), (probed & FC_CPU_INTEL) ? "shani" : "shani_msg");
  ASSERT_EQ(fc_impl_select(FC_OP_SHA1, "shani_msg"), FC_OK);
  EXPECT_EQ(active(FC_OP_SHA1), "shani_msg");
  ASSERT_EQ(fc_impl_select(FC_OP_SHA1, "shani"), FC_OK);
  EXPECT_EQ(active(FC_OP_SHA1), "shani");
  ASSERT_EQ(fc_impl_select(FC_OP_SHA1, nullptr), FC_OK);
}

}  // namespace
