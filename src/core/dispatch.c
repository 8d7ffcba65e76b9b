/*
 * The dispatcher: one-time initialisation, the automatic choice, pins,
 * calibrated choices per size class and the environment overrides.
 * Built for the baseline ISA: it runs before anything is known of the CPU.
 *
 * Each op's family hands it a best-first list of the kernels compiled in
 * (fc__op_tables, src/families.c); the automatic choice is the first whose
 * needs are all in the (masked) CPU features and whose avoid bits are not.
 * The table of active kernels is built in a local variable and published
 * once (GMP's cpuvec). It names no family and no kernel.
 */
#if defined(__AVX__) || defined(__ARM_FEATURE_CRYPTO) || defined(__ARM_FEATURE_AES)
#error "dispatch.c must be built for the baseline ISA"
#endif

#include <stdatomic.h>
#if !defined(FC_FREESTANDING) /* freestanding: no hosted header, no str* call */
#include <stdlib.h>
#include <string.h>
#endif

#include "core/fc_internal.h"

/* Names of the ops (FC_OP_*) for FASTCRYPT_IMPL: hosted builds only (no
   environment in firmware), so a firmware link keeps none of the strings. */
#if !defined(FC_FREESTANDING)
static const char *const op_names[FC_OP_COUNT] = {
    [FC_OP_MONT] = "mont",     [FC_OP_SHA1] = "sha1", [FC_OP_SHA256] = "sha256",
    [FC_OP_SHA512] = "sha512", [FC_OP_AES] = "aes",   [FC_OP_GHASH] = "ghash",
    [FC_OP_KECCAK] = "keccak", [FC_OP_KECCAK_X] = "keccak_x", [FC_OP_EC] = "ec",
    [FC_OP_MLDSA] = "mldsa",   [FC_OP_SHA256_X] = "sha256_x",
};
#endif

#define OP(op) (fc__op_tables[op])

/*
 * Features an implicit fc_init may select kernels for. A freestanding build
 * cannot know whether the firmware has enabled the register state that SIMD
 * instructions need (CR4.OSFXSR on x86, CPACR_EL1.FPEN on AArch64) or wants
 * them before silicon init, so it starts with portable kernels only (the
 * mask is 0: every FC_CPU_* bit but FC_CPU_INTEL, which enables nothing, is
 * an ISA extension); fc_init_features(mask)
 * makes the kernels whose needs are in mask eligible. A new kernel needs
 * nothing more: its needs decide.
 */
#if defined(FC_FREESTANDING)
#define IMPLICIT_FEATURES ((uint64_t)0)
#else
#define IMPLICIT_FEATURES (~(uint64_t)0)
#endif

/* Published state. active[] is written only under the init protocol or by
   fc_impl_select (documented as not concurrent with computations). */
static _Atomic int init_state; /* 0 none, 1 running, 2 done */
static fc_err init_result;
static uint64_t probed_features;
static uint64_t features;
static _Atomic(const fc__kernel_head *) active[FC_OP_COUNT];
/* Per op with size classes: the calibrated kernel of each class (NULL: not
   calibrated), used unless a kernel of the op is pinned (pinned[op]). */
static _Atomic(const fc__kernel_head *) calib[FC_OP_COUNT][FC__MAX_CLASSES];
static _Atomic int pinned[FC_OP_COUNT];

static int usable(const fc__kernel_head *k, uint64_t feat) {
  return (k->needs & ~feat) == 0;
}

static uint64_t avoid_of(fc_op op, const fc__kernel_head *k) {
  const fc__avoid *a = OP(op)->avoided;
  for (size_t i = 0; a != NULL && a[i].k != NULL; i++)
    if (a[i].k == k) return a[i].avoid;
  return 0;
}

static const fc__kernel_head *auto_choice(fc_op op, uint64_t feat) {
  for (size_t i = 0; i < OP(op)->count; i++) {
    const fc__kernel_head *k = OP(op)->list[i];
    if (usable(k, feat) && (avoid_of(op, k) & feat) == 0) return k;
  }
  return NULL;
}

#if !defined(FC_FREESTANDING)
/* The automatic choice under any feature mask (tests: the vendor bit's
   order on every host). */
const char *fc__auto_choice_name(fc_op op, uint64_t feat) {
  if ((unsigned)op >= FC_OP_COUNT) return NULL;
  const fc__kernel_head *k = auto_choice(op, feat);
  return k ? k->name : NULL;
}
#endif

/* NUL-terminated a equals [b, b+len)? */
static int name_is(const char *a, const char *b, size_t len) {
  size_t i = 0;
  for (; i < len; i++)
    if (a[i] == '\0' || a[i] != b[i]) return 0;
  return a[i] == '\0';
}

static const fc__kernel_head *find(fc_op op, const char *name, size_t len) {
  for (size_t i = 0; i < OP(op)->count; i++)
    if (name_is(OP(op)->list[i]->name, name, len)) return OP(op)->list[i];
  return NULL;
}

/* A kernel of the project not in this build (other architecture, or
   compiled out). */
static int known_elsewhere(fc_op op, const char *name, size_t len) {
  for (const char *const *n = fc__op_known[op]; n != NULL && *n; n++)
    if (name_is(*n, name, len)) return 1;
  return 0;
}

#if !defined(FC_FREESTANDING) /* no environment in freestanding builds */
/* ---------------- FASTCRYPT_CPU ---------------- */

static const struct {
  const char *name;
  uint64_t bit;
} feature_names[] = {
    {"sse2", FC_CPU_SSE2},       {"ssse3", FC_CPU_SSSE3},
    {"sse4.1", FC_CPU_SSE41},    {"sse41", FC_CPU_SSE41},
    {"avx", FC_CPU_AVX},         {"avx2", FC_CPU_AVX2},
    {"bmi2", FC_CPU_BMI2},       {"adx", FC_CPU_ADX},
    {"aesni", FC_CPU_AESNI},     {"pclmul", FC_CPU_PCLMUL},
    {"intel", FC_CPU_INTEL},
    {"shani", FC_CPU_SHANI},     {"sha", FC_CPU_SHANI | FC_CPU_ARM_SHA1 | FC_CPU_ARM_SHA2 | FC_CPU_ARM_SHA512 | FC_CPU_ARM_SHA3},
    {"avx512f", FC_CPU_AVX512F}, {"avx512vl", FC_CPU_AVX512VL},
    {"avx512bw", FC_CPU_AVX512BW}, {"avx512ifma", FC_CPU_AVX512IFMA},
    {"vaes", FC_CPU_VAES},       {"vpclmul", FC_CPU_VPCLMUL},
    {"vpclmulqdq", FC_CPU_VPCLMUL},
    {"neon", FC_CPU_NEON},       {"asimd", FC_CPU_NEON},
    {"aes", FC_CPU_AESNI | FC_CPU_ARM_AES},
    {"pmull", FC_CPU_ARM_PMULL}, {"sha1", FC_CPU_ARM_SHA1},
    {"sha2", FC_CPU_ARM_SHA2},   {"sha256", FC_CPU_ARM_SHA2},
    {"sha512", FC_CPU_ARM_SHA512}, {"sha3", FC_CPU_ARM_SHA3},
};

/* Token boundaries: [s, s+len). Returns 0 and sets *mask on success. */
static int feature_bits(const char *s, size_t len, uint64_t *bits) {
  for (size_t i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++)
    if (name_is(feature_names[i].name, s, len)) {
      *bits = feature_names[i].bit;
      return 0;
    }
  return -1;
}

/*
 * "none" or a comma-separated list of "-feature" and "+intel". A "-" token
 * removes; "+intel" is the one addition: the vendor bit orders kernels
 * (fc_impl_info.avoid) and enables no instruction, so setting it on any CPU
 * is safe, and it lets the vendor's order be exercised on every host. A
 * value can never switch on a feature the CPU lacks. Whole value or
 * nothing: on error *remove and *add are left untouched.
 */
static fc_err parse_cpu_env(const char *v, uint64_t *remove, uint64_t *add) {
  uint64_t acc = 0, plus = 0;
  if (strcmp(v, "none") == 0) {
    *remove = ~(uint64_t)0;
    return FC_OK;
  }
  const char *p = v;
  for (;;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    uint64_t bits;
    if (len == 6 && memcmp(p, "+intel", 6) == 0) {
      plus |= FC_CPU_INTEL;
    } else {
      if (len < 2 || p[0] != '-' || feature_bits(p + 1, len - 1, &bits) != 0) return FC_ERR_ENV;
      acc |= bits;
    }
    if (!end) break;
    p = end + 1;
  }
  if (acc & plus) return FC_ERR_ENV; /* "-intel,+intel" */
  *remove = acc;
  *add = plus;
  return FC_OK;
}

/*
 * "op=kernel[,op=kernel...]". Unknown op or kernel name, or bad syntax:
 * FC_ERR_ENV and nothing is pinned. A known kernel this CPU cannot run is
 * not pinned and gives FC_ERR_UNSUPPORTED; the other pins still apply.
 */
static fc_err parse_impl_env(const char *v, const fc__kernel_head **table, uint64_t feat,
                             int *pin) {
  const fc__kernel_head *pins[FC_OP_COUNT] = {0};
  fc_err rc = FC_OK;
  const char *p = v;
  if (*p == '\0') return FC_ERR_ENV;
  for (;;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    const char *eq = memchr(p, '=', len);
    if (!eq) return FC_ERR_ENV;
    size_t oplen = (size_t)(eq - p);
    int op = -1;
    for (int i = 0; i < FC_OP_COUNT; i++)
      if (name_is(op_names[i], p, oplen)) op = i;
    if (op < 0) return FC_ERR_ENV;
    const fc__kernel_head *k = find((fc_op)op, eq + 1, len - oplen - 1);
    if (!k && !known_elsewhere((fc_op)op, eq + 1, len - oplen - 1)) return FC_ERR_ENV;
    if (k && usable(k, feat))
      pins[op] = k;
    else
      rc = FC_ERR_UNSUPPORTED;
    if (!end) break;
    p = end + 1;
  }
  for (int i = 0; i < FC_OP_COUNT; i++)
    if (pins[i]) {
      table[i] = pins[i];
      pin[i] = 1;
    }
  return rc;
}

#endif /* !FC_FREESTANDING */

/* Builds the whole table locally, then publishes it. */
static fc_err build(uint64_t allowed, int read_env) {
  const fc__kernel_head *table[FC_OP_COUNT];
  fc_err rc = FC_OK;
  int pin[FC_OP_COUNT] = {0};
  uint64_t feat = probed_features & allowed;
#if !defined(FC_FREESTANDING)
  if (read_env) {
    const char *cpu = getenv("FASTCRYPT_CPU");
    uint64_t remove = 0, add = 0;
    if (cpu && parse_cpu_env(cpu, &remove, &add) != FC_OK) rc = FC_ERR_ENV;
    feat = (feat & ~remove) | add;
  }
#else
  (void)read_env;
#endif
  for (int i = 0; i < FC_OP_COUNT; i++) table[i] = auto_choice((fc_op)i, feat);
#if !defined(FC_FREESTANDING)
  if (read_env) {
    const char *impl = getenv("FASTCRYPT_IMPL");
    if (impl) {
      fc_err r = parse_impl_env(impl, table, feat, pin);
      if (r != FC_OK && rc == FC_OK) rc = r;
    }
  }
#endif
  features = feat;
  for (int i = 0; i < FC_OP_COUNT; i++) {
    atomic_store_explicit(&active[i], table[i], memory_order_relaxed);
    for (int c = 0; c < FC__MAX_CLASSES; c++)
      atomic_store_explicit(&calib[i][c], NULL, memory_order_relaxed);
    atomic_store_explicit(&pinned[i], pin[i], memory_order_relaxed);
  }
  return rc;
}

static fc_err calibrate_now(fc_op op);

/* Spin-wait hint: PAUSE (x86, encoded as REP NOP, so valid on every i686)
   or YIELD (AArch64) tells the core another thread holds what we wait for. */
static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __asm__ __volatile__("pause" ::: "memory");
#elif defined(__aarch64__)
  __asm__ __volatile__("yield" ::: "memory");
#else
  __asm__ __volatile__("" ::: "memory");
#endif
}

#if !defined(FC_FREESTANDING)
/*
 * Binds the C library functions the keyed calls use (memcpy, memmove,
 * memset, memcmp and the bcmp compilers make of it) now, while no register
 * holds a secret: a lazily bound function's first call runs the dynamic
 * linker, which saves the whole register file on the stack, and inside a
 * keyed call that save area may lie below the reach of the call's burn
 * (fc_internal.h, "Wiping secrets"). The length is opaque, so these are
 * real calls.
 */
static __attribute__((noinline)) void bind_mem_functions(void) {
  unsigned char a[4] = {1, 2, 3, 4}, b[4] = {0};
  size_t n = 2;
  FC__OPAQUE(n);
  memcpy(a, b, n);
  memmove(a + 1, a, n);
  memset(b, 7, n);
  if (memcmp(a, b, n) == 0) a[3] = 0;
  if (memcmp(a, b, n) < 0) a[2] = 0;
  __asm__ __volatile__("" : : "r"(a), "r"(b) : "memory");
}
#endif

fc_err fc_init(void) {
  int s = atomic_load_explicit(&init_state, memory_order_acquire);
  if (s == 2) return init_result;
  int expected = 0;
  if (atomic_compare_exchange_strong_explicit(&init_state, &expected, 1, memory_order_acq_rel,
                                              memory_order_acquire)) {
#if !defined(FC_FREESTANDING)
    bind_mem_functions();
    probed_features = fc__cpu_probe();
#endif
    /* Freestanding: the implicit mask is 0, so the probe is not needed and
       a link that never calls fc_init_features leaves it out
       (docs/firmware.md's size). */
    init_result = build(IMPLICIT_FEATURES, 1);
#if !defined(FC_FREESTANDING)
    const char *cal = getenv("FASTCRYPT_CALIBRATE");
    if (cal && strcmp(cal, "1") == 0) {
      for (int i = 0; i < FC_OP_COUNT; i++)
        if (OP(i)->calibrate) calibrate_now((fc_op)i); /* a failure keeps the static order */
    }
    else if (cal && strcmp(cal, "0") != 0 && init_result == FC_OK)
      init_result = FC_ERR_ENV;
#endif
    atomic_store_explicit(&init_state, 2, memory_order_release);
    return init_result;
  }
  /* Another thread is probing: the probe takes microseconds. */
  while (atomic_load_explicit(&init_state, memory_order_acquire) != 2) cpu_relax();
  return init_result;
}

fc_err fc_init_features(uint64_t allowed) {
  int expected = 0;
  if (atomic_compare_exchange_strong_explicit(&init_state, &expected, 1, memory_order_acq_rel,
                                              memory_order_acquire)) {
    probed_features = fc__cpu_probe();
  } else {
    while (atomic_load_explicit(&init_state, memory_order_acquire) == 1) cpu_relax();
    atomic_store_explicit(&init_state, 1, memory_order_relaxed);
#if defined(FC_FREESTANDING)
    probed_features = fc__cpu_probe(); /* the implicit fc_init did not probe */
#endif
  }
  init_result = build(allowed, 0);
  atomic_store_explicit(&init_state, 2, memory_order_release);
  return init_result;
}

size_t fc_impls(fc_op op, fc_impl_info *out, size_t max) {
  fc_init();
  if ((unsigned)op >= FC_OP_COUNT) return 0;
  if (out == NULL) max = 0;
  for (size_t i = 0; i < OP(op)->count && i < max; i++) {
    const fc__kernel_head *k = OP(op)->list[i];
    out[i].name = k->name;
    out[i].needs = k->needs;
    out[i].usable = usable(k, features);
    out[i].avoid = avoid_of(op, k);
  }
  return OP(op)->count;
}

fc_err fc_impl_select(fc_op op, const char *name) {
  fc_init();
  if ((unsigned)op >= FC_OP_COUNT) return FC_ERR_ARG;
  if (name == NULL) {
    const fc__kernel_head *k = auto_choice(op, features);
    atomic_store_explicit(&active[op], k, memory_order_release);
    atomic_store_explicit(&pinned[op], 0, memory_order_release);
    return k ? FC_OK : FC_ERR_UNSUPPORTED;
  }
  size_t len = 0;
  while (name[len] != '\0') len++;
  const fc__kernel_head *k = find(op, name, len);
  if (!k) return known_elsewhere(op, name, len) ? FC_ERR_UNSUPPORTED : FC_ERR_ARG;
  if (!usable(k, features)) return FC_ERR_UNSUPPORTED;
  atomic_store_explicit(&active[op], k, memory_order_release);
  atomic_store_explicit(&pinned[op], 1, memory_order_release);
  return FC_OK;
}

unsigned fc__class_of(fc_op op, uint32_t bits) {
  const fc__op_kernels *t = OP(op);
  unsigned c = 0;
  while (c + 1 < t->classes && bits > t->class_max[c]) c++;
  return c;
}

/* Pinned kernel, else the calibrated one of the class, else the static choice. */
static const fc__kernel_head *for_bits(fc_op op, uint32_t bits) {
  const fc__kernel_head *k = atomic_load_explicit(&active[op], memory_order_acquire);
  if (OP(op)->classes == 0 || atomic_load_explicit(&pinned[op], memory_order_acquire)) return k;
  const fc__kernel_head *c =
      atomic_load_explicit(&calib[op][fc__class_of(op, bits)], memory_order_acquire);
  return c ? c : k;
}

const fc__kernel_head *fc__active(fc_op op) {
  fc_init();
  return atomic_load_explicit(&active[op], memory_order_acquire);
}

const fc__kernel_head *fc__active_for_bits(fc_op op, uint32_t bits) {
  fc_init();
  return for_bits(op, bits);
}

const char *fc_impl_active(fc_op op) {
  fc_init();
  if ((unsigned)op >= FC_OP_COUNT) return NULL;
  const fc__kernel_head *k = for_bits(op, OP(op)->default_bits);
  return k ? k->name : NULL;
}

const char *fc_impl_active_for_bits(fc_op op, uint32_t bits) {
  fc_init();
  if ((unsigned)op >= FC_OP_COUNT) return NULL;
  const fc__kernel_head *k = for_bits(op, bits);
  return k ? k->name : NULL;
}

size_t fc_impl_classes(fc_op op, fc_impl_class *out, size_t max) {
  fc_init();
  if ((unsigned)op >= FC_OP_COUNT) return 0;
  const fc__op_kernels *t = OP(op);
  size_t n = t->classes ? t->classes : 1;
  if (out == NULL) max = 0;
  for (size_t i = 0; i < n && i < max; i++) {
    if (t->classes) {
      const fc__kernel_head *k = for_bits(op, t->class_max[i]);
      out[i].max_bits = t->class_max[i];
      out[i].name = k ? k->name : NULL;
      out[i].calibrated = atomic_load_explicit(&calib[op][i], memory_order_acquire) != NULL &&
                          !atomic_load_explicit(&pinned[op], memory_order_acquire);
    } else {
      out[i].max_bits = 0;
      out[i].name = fc_impl_active(op);
      out[i].calibrated = 0;
    }
  }
  return n;
}

size_t fc__usable(fc_op op, const fc__kernel_head **out, size_t max) {
  size_t n = 0;
  for (size_t i = 0; i < OP(op)->count; i++)
    if (usable(OP(op)->list[i], features) && n < max) out[n++] = OP(op)->list[i];
  return n;
}

void fc__set_calibration(fc_op op, const fc__kernel_head *const *choice) {
  for (unsigned c = 0; c < OP(op)->classes && c < FC__MAX_CLASSES; c++)
    atomic_store_explicit(&calib[op][c], choice[c], memory_order_release);
}

/* Times op's usable kernels now, without fc_init (it runs inside it too),
   and publishes the picks. */
#define MAX_KERNELS 16
static fc_err calibrate_now(fc_op op) {
  const fc__kernel_head *list[MAX_KERNELS], *choice[FC__MAX_CLASSES] = {0};
  size_t count = fc__usable(op, list, MAX_KERNELS);
  fc_err rc = OP(op)->calibrate(list, count, choice);
  if (rc == FC_OK) fc__set_calibration(op, choice);
  return rc;
}

fc_err fc_calibrate(fc_op op) {
  fc_init();
  if ((unsigned)op >= FC_OP_COUNT) return FC_ERR_ARG;
  if (OP(op)->calibrate == NULL) return FC_ERR_UNSUPPORTED;
  return calibrate_now(op);
}

uint64_t fc_cpu_features(void) {
  fc_init();
  return features;
}

/* For library code that fc_init itself may run (a calibration's key
   set-ups): no fc_init, which would wait for itself. */
uint64_t fc__features(void) { return features; }

uint64_t fc_cpu_features_probed(void) {
#if defined(FC_FREESTANDING)
  return fc__cpu_probe(); /* the implicit fc_init does not probe */
#else
  fc_init();
  return probed_features;
#endif
}

fc_err fc_cpu_name(char *buf, size_t len) {
  if (buf == NULL || len == 0) return FC_ERR_ARG;
  return fc__cpu_name(buf, len);
}
