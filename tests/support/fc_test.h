// Shared helpers for the fastcrypt test binaries: vector files, hex, the
// kernel lists to parameterise over, and a slow reference bignum that is
// obviously right (schoolbook, shift-and-subtract) to check kernels against.
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fastcrypt.h"

namespace fct {

using Bytes = std::vector<uint8_t>;

// Root of tests/vectors (compiled in; FC_VECTORS_DIR may override at run time).
std::string vectors_dir();
// Whole file; fails the current test (ADD_FAILURE) and returns {} if unreadable.
Bytes read_file(const std::string &path);
std::string read_text(const std::string &path);
Bytes hex(const std::string &s);  // even-length hex, whitespace ignored
std::string to_hex(const Bytes &b);

// Names of every kernel built for op (usable or not), for INSTANTIATE_TEST_SUITE_P.
std::vector<std::string> kernels(fc_op op);
bool kernel_usable(fc_op op, const std::string &name);
// gtest-safe parameter name.
std::string param_name(const std::string &name);

// Pins a kernel for the scope's lifetime; restores the automatic choice after.
struct Pin {
  fc_op op;
  fc_err rc;
  Pin(fc_op o, const std::string &name) : op(o), rc(fc_impl_select(o, name.c_str())) {}
  ~Pin() { fc_impl_select(op, nullptr); }
};

// Kernel coverage. Every per-kernel fixture calls note_kernel_attempt(op,
// name) in SetUp and note_kernel_ran(op, name) once it has pinned a usable
// kernel. At the end of the binary a global environment prints which
// kernels ran and which were unavailable ("[ KERNELS  ]" lines), and, when
// FCT_CHECK_CPUINFO=1 (native x86-64 and AArch64 runs, set by ctest), fails
// the binary if a kernel whose needs /proc/cpuinfo lists (read
// independently of the library's probe) was attempted but never ran.
void note_kernel_attempt(fc_op op, const std::string &name);
void note_kernel_ran(fc_op op, const std::string &name);

// Fixture of the tests run once per kernel of one op (the parameter is the
// kernel's name): a kernel this CPU cannot run is skipped as UNAVAILABLE,
// never counted as passed; otherwise it is pinned for the test's duration.
// Keys and contexts record the kernel active at their init: init them in
// the test body, after SetUp.
class KernelTest : public ::testing::TestWithParam<std::string> {
 protected:
  explicit KernelTest(fc_op op) : op_(op) {}
  void SetUp() override;
  const fc_op op_;
  std::unique_ptr<Pin> pin_;
};

class MontKernelTest : public KernelTest {
 protected:
  MontKernelTest() : KernelTest(FC_OP_MONT) {}
};

class EcKernelTest : public KernelTest {
 protected:
  EcKernelTest() : KernelTest(FC_OP_EC) {}
};

class MlDsaKernelTest : public KernelTest {
 protected:
  MlDsaKernelTest() : KernelTest(FC_OP_MLDSA) {}
};

// "OK", "ARG", ... for messages.
const char *err_name(fc_err rc);

// Deterministic generator (xorshift64*), seeded per test.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x9e3779b97f4a7c15ull + 1) {}
  uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545f4914f6cdd1dull;
  }
  uint32_t u32() { return (uint32_t)(next() >> 32); }
};

// Reference arithmetic on little-endian 32-bit words.
namespace ref {
using W = std::vector<uint32_t>;
// a mod n (any lengths), result has n.size() words. mod: Knuth's
// Algorithm D; mod_slow: bit-by-bit shift-and-subtract, to check it.
W mod(const W &a, const W &n);
W mod_slow(const W &a, const W &n);
W mul(const W &a, const W &b);  // full product
W mulmod(const W &a, const W &b, const W &n);
// a * 2^(32k) mod n
W shift_mod(const W &a, size_t k, const W &n);
// base^exp mod n, exp big-endian bytes
W powmod(const W &base, const Bytes &exp, const W &n);
int cmp(const W &a, const W &b);  // equal lengths not required
// Worst-case moduli of `bits` bits (2 <= bits), ceil(bits / 32) words:
// 2^bits - 1 (every carry propagates) and 2^(bits-1) + 1 (the smallest
// odd modulus of that length: a lone top bit over zeros).
W modulus_all_ones(unsigned bits);
W modulus_pow2_plus1(unsigned bits);
}  // namespace ref

}  // namespace fct
