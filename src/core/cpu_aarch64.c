/*
 * AArch64 feature probe. Linux: getauxval(AT_HWCAP) (arch/arm64 hwcap bits).
 * Freestanding (FC_FREESTANDING): MRS of ID_AA64ISAR0_EL1 (Arm ARM D19.2),
 * AES [7:4] (1 = AES, 2 = AES+PMULL), SHA1 [11:8], SHA2 [15:12]
 * (1 = SHA-256, 2 = SHA-256 and SHA-512), SHA3 [35:32] (1 = EOR3, RAX1, XAR,
 * BCAX); Advanced SIMD is assumed present
 * unless ID_AA64PFR0_EL1.AdvSIMD [23:20] reads 0xF.
 */
#include "core/fc_internal.h"

#if !defined(FC_FREESTANDING)
#include <sys/auxv.h>
#define HWCAP_ASIMD_ (1ul << 1)
#define HWCAP_AES_ (1ul << 3)
#define HWCAP_PMULL_ (1ul << 4)
#define HWCAP_SHA1_ (1ul << 5)
#define HWCAP_SHA2_ (1ul << 6)
#define HWCAP_SHA512_ (1ul << 21)
#define HWCAP_SHA3_ (1ul << 17)

uint64_t fc__cpu_probe(void) {
  unsigned long hw = getauxval(AT_HWCAP);
  uint64_t f = 0;
  if (hw & HWCAP_ASIMD_) f |= FC_CPU_NEON;
  if (hw & HWCAP_AES_) f |= FC_CPU_ARM_AES;
  if (hw & HWCAP_PMULL_) f |= FC_CPU_ARM_PMULL;
  if (hw & HWCAP_SHA1_) f |= FC_CPU_ARM_SHA1;
  if (hw & HWCAP_SHA2_) f |= FC_CPU_ARM_SHA2;
  if (hw & HWCAP_SHA512_) f |= FC_CPU_ARM_SHA512;
  if (hw & HWCAP_SHA3_) f |= FC_CPU_ARM_SHA3;
  return f;
}
#else
uint64_t fc__cpu_probe(void) {
  uint64_t isar0, pfr0, f = 0;
  __asm__ volatile("mrs %0, ID_AA64ISAR0_EL1" : "=r"(isar0));
  __asm__ volatile("mrs %0, ID_AA64PFR0_EL1" : "=r"(pfr0));
  if (((pfr0 >> 20) & 0xf) != 0xf) f |= FC_CPU_NEON;
  unsigned aes = (isar0 >> 4) & 0xf, sha1 = (isar0 >> 8) & 0xf, sha2 = (isar0 >> 12) & 0xf;
  if (aes >= 1) f |= FC_CPU_ARM_AES;
  if (aes >= 2) f |= FC_CPU_ARM_PMULL;
  if (sha1 >= 1) f |= FC_CPU_ARM_SHA1;
  if (sha2 >= 1) f |= FC_CPU_ARM_SHA2;
  if (sha2 >= 2) f |= FC_CPU_ARM_SHA512;
  if (((isar0 >> 32) & 0xf) >= 1) f |= FC_CPU_ARM_SHA3;
  return f;
}
#endif

fc_err fc__cpu_name(char *buf, size_t len) {
  const char *s = "AArch64";
  size_t i = 0;
  for (; s[i] && i + 1 < len; i++) buf[i] = s[i];
  buf[i] = '\0';
  return FC_OK;
}
