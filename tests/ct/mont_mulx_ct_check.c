/*
 * Constant-time check of the mulx Montgomery kernel (src/x86/mont_mulx.S)
 * under valgrind memcheck (the ctgrind method: Langley, 2010): the operands
 * of fc_mont_mul and the base of a modpow are marked undefined with
 * VALGRIND_MAKE_MEM_UNDEFINED, so memcheck reports any conditional jump or
 * memory index that depends on them, in the assembly rows, the final
 * subtraction and the C frame around them. Sizes cover the written-out
 * rows (1024, 1536, 2048, 3072, 4096 bits) and the loops (512, 2080, 2560,
 * 8192 bits). The results are then declared defined and compared with
 * scalar32 (exit status 1 on a mismatch).
 * Run as `valgrind --error-exitcode=1 mont_mulx_ct_check --require-valgrind`.
 * valgrind runs MULX/ADCX/ADOX but hides ADX from CPUID, so the kernel is
 * called through its descriptor, not through fc_impl_select; whether the
 * CPU has BMI2 and ADX is read from /proc/cpuinfo (native Linux runs only):
 * without them it prints UNAVAILABLE and exits 77 (a skip, never a pass).
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "bn/bn_internal.h"

static int cpu_has(const char *flag) {
  static char line[8192];
  FILE *f = fopen("/proc/cpuinfo", "r");
  int found = 0;
  if (!f) return 0;
  size_t fl = strlen(flag);
  while (!found && fgets(line, sizeof line, f)) {
    if (strncmp(line, "flags", 5) != 0) continue;
    for (char *p = strstr(line, flag); p; p = strstr(p + 1, flag))
      if (p[-1] == ' ' && (p[fl] == ' ' || p[fl] == '\n')) found = 1;
    break;
  }
  fclose(f);
  return found;
}

static fc_mont_ctx ctx, ref;
static uint8_t ws[16 * 4096];

static int check(unsigned bits) {
  size_t nw = bits / 32;
  uint32_t n[FC_MONT_MAX_WORDS], a[FC_MONT_MAX_WORDS], b[FC_MONT_MAX_WORDS];
  uint32_t r[FC_MONT_MAX_WORDS], p[FC_MONT_MAX_WORDS], want_r[FC_MONT_MAX_WORDS], want_p[FC_MONT_MAX_WORDS];
  static const uint8_t f4[3] = {1, 0, 1};
  uint32_t x = bits;
  for (size_t i = 0; i < nw; i++) {
    x = x * 1103515245u + 12345u;
    n[i] = x ^ (x >> 11);
    a[i] = x * 2654435761u;
    b[i] = ~x;
  }
  n[0] |= 1;
  n[nw - 1] |= 0x80000000u;
  a[nw - 1] &= 0x7fffffff; /* a, b < n */
  b[nw - 1] &= 0x7fffffff;
  if (fc_mont_init(&ref, n, nw) != FC_OK) return 1;
  ref.kernel = &fc__mont_scalar32;
  fc__mont_scalar32.prepare(&ref);
  fc__mont_scalar32.mont_mul(&ref, want_r, a, b);
  if (fc__mont_scalar32.modpow(&ref, want_p, a, f4, 3, ws, sizeof ws) != FC_OK) return 1;
  ctx = ref;
  ctx.kernel = &fc__mont_mulx;
  fc__mont_mulx.prepare(&ctx);
  VALGRIND_MAKE_MEM_UNDEFINED(a, 4 * nw);
  VALGRIND_MAKE_MEM_UNDEFINED(b, 4 * nw);
  fc__mont_mulx.mont_mul(&ctx, r, a, b);
  fc__mont_mulx.mont_mul(&ctx, r, r, r);
  fc__mont_scalar32.mont_mul(&ref, want_r, want_r, want_r);
  if (fc__mont_mulx.modpow(&ctx, p, a, f4, 3, ws, sizeof ws) != FC_OK) return 1;
  VALGRIND_MAKE_MEM_DEFINED(r, 4 * nw);
  VALGRIND_MAKE_MEM_DEFINED(p, 4 * nw);
  if (memcmp(r, want_r, 4 * nw) != 0 || memcmp(p, want_p, 4 * nw) != 0) {
    printf("mulx: %u bits: result differs from scalar32\n", bits);
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  static const unsigned sizes[] = {512, 1024, 1536, 2048, 2080, 2560, 3072, 4096, 8192};
  if (argc > 1 && strcmp(argv[1], "--require-valgrind") == 0 && !RUNNING_ON_VALGRIND) {
    printf("not running under valgrind\n");
    return 1;
  }
  if (!cpu_has("bmi2") || !cpu_has("adx")) {
    printf("mulx: UNAVAILABLE (no BMI2/ADX in /proc/cpuinfo)\n");
    return 77;
  }
  if (fc_init() != FC_OK) return 1;
  int bad = 0;
  for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) bad |= check(sizes[i]);
  if (!bad) printf("mulx: %zu sizes checked\n", sizeof(sizes) / sizeof(sizes[0]));
  return bad;
}
