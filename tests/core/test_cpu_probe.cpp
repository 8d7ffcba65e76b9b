// The freestanding AArch64 probe (MRS of ID_AA64ISAR0_EL1 and
// ID_AA64PFR0_EL1, src/core/cpu_aarch64.c built with FC_FREESTANDING) run in user
// space: Linux and qemu-user emulate EL0 reads of the ID registers (Linux
// Documentation/arch/arm64/cpu-feature-registers.rst), so it must decode the
// same features as the hosted HWCAP probe this binary's library uses. Run
// under qemu-aarch64 with each CPU model (tools/test-aarch64.sh): `max` has
// SHA-512, `cortex-a72` has SHA-256 but not SHA-512.
// Other architectures: skipped (NOT AARCH64), never counted as passed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "fastcrypt.h"

#if defined(__aarch64__)
// The library's freestanding probe, compiled into this test under another
// name (the archive itself holds the HWCAP probe).
extern "C" {
#define FC_FREESTANDING 1
#define fc__cpu_probe fct_mrs_probe
#define fc__cpu_name fct_mrs_cpu_name
#include "core/cpu_aarch64.c"
#undef fc__cpu_probe
#undef fc__cpu_name
#undef FC_FREESTANDING
}
#endif

namespace {

#if defined(__aarch64__)
constexpr uint64_t kArmBits = FC_CPU_NEON | FC_CPU_ARM_AES | FC_CPU_ARM_PMULL | FC_CPU_ARM_SHA1 |
                              FC_CPU_ARM_SHA2 | FC_CPU_ARM_SHA512 | FC_CPU_ARM_SHA3;

std::string names(uint64_t f) {
  const struct {
    uint64_t bit;
    const char *name;
  } t[] = {{FC_CPU_NEON, "neon"},   {FC_CPU_ARM_AES, "aes"},   {FC_CPU_ARM_PMULL, "pmull"},
           {FC_CPU_ARM_SHA1, "sha1"}, {FC_CPU_ARM_SHA2, "sha2"}, {FC_CPU_ARM_SHA512, "sha512"},
           {FC_CPU_ARM_SHA3, "sha3"}};
  std::string s;
  for (auto &e : t)
    if (f & e.bit) s += std::string(s.empty() ? "" : " ") + e.name;
  return s.empty() ? "none" : s;
}
#endif

TEST(CpuProbe, MrsMatchesHwcap) {
#if !defined(__aarch64__)
  GTEST_SKIP() << "NOT AARCH64: the MRS probe is AArch64 code";
#else
  uint64_t hw = fc_cpu_features_probed() & kArmBits;
  uint64_t mrs = fct_mrs_probe() & kArmBits;
  const char *model = std::getenv("QEMU_CPU");
  std::cout << "[ PROBE    ] QEMU_CPU=" << (model ? model : "(unset)") << " HWCAP: " << names(hw)
            << "; MRS: " << names(mrs) << "\n";
  // qemu-user reports HWCAP_ASIMD even when the model has Advanced SIMD off
  // (tools/test-aarch64.sh), while ID_AA64PFR0_EL1 says it is absent:
  // compare NEON only where the model keeps it.
  uint64_t cmp = kArmBits;
  if (model && std::strstr(model, "neon=off")) cmp &= ~FC_CPU_NEON;
  EXPECT_EQ(names(mrs & cmp), names(hw & cmp));
  if (model && std::strncmp(model, "max", 3) == 0) {
    EXPECT_TRUE(mrs & FC_CPU_ARM_SHA512) << "max has SHA-512";
    EXPECT_TRUE(mrs & FC_CPU_ARM_SHA3) << "max has SHA3 (EOR3, RAX1, XAR, BCAX)";
    EXPECT_TRUE(mrs & FC_CPU_ARM_PMULL);
  }
  if (model && std::strcmp(model, "cortex-a72") == 0) {
    EXPECT_FALSE(mrs & FC_CPU_ARM_SHA512) << "cortex-a72 has no SHA-512";
    EXPECT_FALSE(mrs & FC_CPU_ARM_SHA3) << "cortex-a72 has no SHA3";
    EXPECT_TRUE(mrs & FC_CPU_ARM_SHA2) << "cortex-a72 has SHA-256";
    EXPECT_TRUE(mrs & FC_CPU_ARM_AES);
  }
#endif
}

}  // namespace
