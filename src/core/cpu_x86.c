/*
 * x86 feature probe: a few CPUID leaves (0, 1, 7, 0x80000001) decoded here,
 * plus XCR0 through XGETBV. Built for the baseline ISA (it runs before
 * dispatch). With libcpuid (FC_USE_LIBCPUID) the CPUID instruction is
 * executed through cpu_exec_cpuid and cpu_identify names the CPU; otherwise a
 * built-in cpuid is used (freestanding builds, i686).
 *
 * Why not libcpuid's decoded flags: libcpuid 0.6 misses AVX512F on some AMD
 * parts, does not decode AVX512-IFMA, VAES or VPCLMULQDQ, and a full
 * cpuid_get_raw_data + cpu_identify costs about 1 ms in a VM (every CPUID
 * traps, ~7 us each). Four leaves cost tens of microseconds.
 *
 * Bit positions: Intel SDM vol. 2A, CPUID; XCR0: SDM vol. 1, 13.3.
 */
#if defined(__AVX__)
#error "cpu_x86.c must be built for the baseline ISA"
#endif

#include "core/fc_internal.h"

#if defined(FC_USE_LIBCPUID)
#include <libcpuid/libcpuid.h>
static void cpuid(uint32_t leaf, uint32_t r[4]) {
  cpu_exec_cpuid(leaf, r); /* EBX, ECX, EDX zero on entry: subleaf 0 */
}
#else
static void cpuid(uint32_t leaf, uint32_t r[4]) {
  uint32_t a, b, c, d;
  __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(leaf), "c"(0));
  r[0] = a;
  r[1] = b;
  r[2] = c;
  r[3] = d;
}
#endif

#if defined(__i386__)
/* On i686 CPUID itself may be absent (pre-586): EFLAGS.ID must toggle. */
static int have_cpuid(void) {
  uint32_t a, b;
  __asm__ volatile(
      "pushfl\n\t"
      "pushfl\n\t"
      "popl %0\n\t"
      "movl %0, %1\n\t"
      "xorl $0x200000, %0\n\t"
      "pushl %0\n\t"
      "popfl\n\t"
      "pushfl\n\t"
      "popl %0\n\t"
      "popfl\n\t"
      : "=&r"(a), "=&r"(b));
  return ((a ^ b) & 0x200000) != 0;
}
#else
static int have_cpuid(void) { return 1; }
#endif

/* XGETBV with ECX = 0, encoded as bytes so no -mxsave is needed. */
static uint64_t xgetbv0(void) {
  uint32_t lo, hi;
  __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) : "c"(0));
  return ((uint64_t)hi << 32) | lo;
}

#define BIT(x, n) (((x) >> (n)) & 1u)

uint64_t fc__cpu_probe(void) {
  uint32_t r[4], l1[4], l7[4] = {0, 0, 0, 0};
  uint64_t f = 0;
  if (!have_cpuid()) return 0;
  cpuid(0, r);
  uint32_t max_leaf = r[0];
  if (max_leaf < 1) return 0;
  /* "GenuineIntel" in EBX, EDX, ECX */
  if (r[1] == 0x756e6547u && r[3] == 0x49656e69u && r[2] == 0x6c65746eu) f |= FC_CPU_INTEL;
  cpuid(1, l1);
  if (max_leaf >= 7) cpuid(7, l7);

  if (BIT(l1[3], 26)) f |= FC_CPU_SSE2; /* EDX.26; OS support for SSE is universal since the 90s */
  if (BIT(l1[2], 9)) f |= FC_CPU_SSSE3;
  if (BIT(l1[2], 19)) f |= FC_CPU_SSE41;
  if (BIT(l1[2], 25)) f |= FC_CPU_AESNI;
  if (BIT(l1[2], 1)) f |= FC_CPU_PCLMUL;
  if (BIT(l7[1], 8)) f |= FC_CPU_BMI2;
  if (BIT(l7[1], 19)) f |= FC_CPU_ADX;
  if (BIT(l7[1], 29)) f |= FC_CPU_SHANI;

  /* AVX family: CPUID bit, OSXSAVE, and XCR0 enabling the register state. */
  if (BIT(l1[2], 27)) { /* OSXSAVE: XGETBV is usable */
    uint64_t xcr0 = xgetbv0();
    int ymm = (xcr0 & 0x6) == 0x6;       /* XMM (bit 1) and YMM (bit 2) */
    int zmm = ymm && (xcr0 & 0xe0) == 0xe0; /* opmask, ZMM_Hi256, Hi16_ZMM */
    if (ymm && BIT(l1[2], 28)) {
      f |= FC_CPU_AVX;
      if (BIT(l7[1], 5)) f |= FC_CPU_AVX2;
      if (BIT(l7[2], 9)) f |= FC_CPU_VAES;
      if (BIT(l7[2], 10)) f |= FC_CPU_VPCLMUL;
    }
    if (zmm && BIT(l7[1], 16)) {
      f |= FC_CPU_AVX512F;
      if (BIT(l7[1], 31)) f |= FC_CPU_AVX512VL;
      if (BIT(l7[1], 30)) f |= FC_CPU_AVX512BW;
      if (BIT(l7[1], 21)) f |= FC_CPU_AVX512IFMA;
    }
  }
  return f;
}

fc_err fc__cpu_name(char *buf, size_t len) {
#if defined(FC_USE_LIBCPUID)
  struct cpu_raw_data_t raw;
  struct cpu_id_t id;
  if (cpuid_get_raw_data(&raw) != 0 || cpu_identify(&raw, &id) != 0) return FC_ERR_UNSUPPORTED;
  size_t i = 0;
  const char *parts[3] = {id.vendor_str, " ", id.brand_str};
  for (int p = 0; p < 3; p++)
    for (const char *s = parts[p]; *s && i + 1 < len; s++) buf[i++] = *s;
  buf[i] = '\0';
  return FC_OK;
#else
  uint32_t r[4];
  size_t i = 0;
  if (!have_cpuid()) return FC_ERR_UNSUPPORTED;
  cpuid(0x80000000u, r);
  if (r[0] < 0x80000004u) return FC_ERR_UNSUPPORTED;
  for (uint32_t leaf = 0x80000002u; leaf <= 0x80000004u; leaf++) {
    cpuid(leaf, r);
    for (int k = 0; k < 16 && i + 1 < len; k++) {
      char c = (char)(r[k / 4] >> (8 * (k % 4)));
      if (c) buf[i++] = c;
    }
  }
  buf[i] = '\0';
  return FC_OK;
#endif
}
