// Concurrency: 8 threads released together make the process's first
// fc_init, then list and inspect kernels, then verify with keys shared
// between them (one per usable Montgomery kernel, each also once with
// fc_rsa_pubkey_prepare's constants: 8 threads verifying with one prepared
// key) at the same time.
// Built in every suite; tools/test.sh also runs it under ThreadSanitizer
// (FC_TSAN=ON), which reports any data race in the library.
// No fastcrypt call may happen before the test body (no parameterised
// suites in this file): the first fc_init must be the threads' race.
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "fc_test.h"

using fct::Bytes;

namespace {

constexpr int kThreads = 8;
constexpr int kVerifies = 6;  // per thread and key

// All threads wait here until `count` of them have arrived.
struct Gate {
  std::atomic<int> arrived{0};
  void pass(int count) {
    arrived.fetch_add(1, std::memory_order_acq_rel);
    while (arrived.load(std::memory_order_acquire) < count) std::this_thread::yield();
  }
};

struct Seen {
  fc_err init = FC_ERR_AUTH;
  std::vector<std::string> active;
  std::vector<size_t> counts;
  int verified = 0, refused = 0, wrong = 0;
};

TEST(Threads, InitListVerifyFromEightThreads) {
  std::string vb = fct::vectors_dir() + "/vboot/";
  Bytes keyb = fct::read_file(vb + "testkeys/key_rsa2048.keyb");
  Bytes sig = fct::read_file(vb + "testcases/test_file.rsa2048_sha256.sig");
  Bytes dig = fct::read_file(vb + "testcases/test_file.sha256.digest");
  ASSERT_EQ(sig.size(), 256u);
  Bytes bad = sig;
  bad[17] ^= 4;

  Gate start, listed, keys_ready;
  std::vector<fc_rsa_pubkey> keys;  // filled by the main thread between gates
  std::vector<Seen> seen(kThreads);
  std::vector<std::thread> ts;
  for (int t = 0; t < kThreads; t++)
    ts.emplace_back([&, t] {
      Seen &s = seen[t];
      start.pass(kThreads);
      s.init = fc_init();
      for (int op = 0; op < FC_OP_COUNT; op++) {
        fc_impl_info info[32];
        s.counts.push_back(fc_impls((fc_op)op, info, 32));
        const char *a = fc_impl_active((fc_op)op);
        s.active.push_back(a ? a : "");
      }
      listed.pass(kThreads + 1);
      keys_ready.pass(kThreads + 1);
      for (int i = 0; i < kVerifies; i++)
        for (const fc_rsa_pubkey &k : keys) {
          bool good = (i + t) % 2 == 0;
          fc_err rc = fc_rsa_verify(&k, FC_SHA256, dig.data(), 32, good ? sig.data() : bad.data(), 256);
          if (rc == (good ? FC_OK : FC_ERR_SIG))
            (good ? s.verified : s.refused)++;
          else
            s.wrong++;
        }
    });

  listed.pass(kThreads + 1);
  // Every thread has returned from fc_init: build one key per usable kernel.
  fc_impl_info info[32];
  size_t n = fc_impls(FC_OP_MONT, info, 32);
  for (size_t i = 0; i < n && i < 32; i++) {
    if (!info[i].usable) continue;
    fc_rsa_pubkey k;
    EXPECT_EQ(fc_impl_select(FC_OP_MONT, info[i].name), FC_OK);
    EXPECT_EQ(fc_rsa_pubkey_from_vboot(&k, keyb.data(), keyb.size(), 65537), FC_OK);
    keys.push_back(k);
    EXPECT_EQ(fc_rsa_pubkey_prepare(&k), FC_OK);  // before sharing, as documented
    keys.push_back(k);
  }
  EXPECT_EQ(fc_impl_select(FC_OP_MONT, nullptr), FC_OK);
  ASSERT_GE(keys.size(), 2u) << "two portable kernels at least";
  keys_ready.pass(kThreads + 1);
  for (auto &th : ts) th.join();

  for (int t = 0; t < kThreads; t++) {
    SCOPED_TRACE("thread " + std::to_string(t));
    EXPECT_EQ(seen[t].init, fc_init());
    EXPECT_EQ(seen[t].active, seen[0].active);
    EXPECT_EQ(seen[t].counts, seen[0].counts);
    EXPECT_EQ(seen[t].wrong, 0);
    EXPECT_EQ(seen[t].verified + seen[t].refused, kVerifies * (int)keys.size());
    EXPECT_GT(seen[t].verified, 0);
    EXPECT_GT(seen[t].refused, 0);
  }
  for (int op = 0; op < FC_OP_COUNT; op++) {
    const char *a = fc_impl_active((fc_op)op);
    EXPECT_EQ(seen[0].active[op], a ? a : "") << "op " << op;
  }
}

}  // namespace
