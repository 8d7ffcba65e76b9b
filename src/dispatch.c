/*
 * Kernel lists, one-time initialisation and the environment overrides.
 * Built for the baseline ISA: it runs before anything is known of the CPU.
 *
 * Each op has a best-first list of the kernels compiled in; the automatic
 * choice is the first whose needs are all in the (masked) CPU features. The
 * table is built in a local variable and published once (GMP's cpuvec).
 */
#if defined(__AVX__) || defined(__ARM_FEATURE_CRYPTO) || defined(__ARM_FEATURE_AES)
#error "dispatch.c must be built for the baseline ISA"
#endif

#include <stdatomic.h>
#if !defined(FC_FREESTANDING) /* freestanding: no hosted header, no str* call */
#include <stdlib.h>
#include <string.h>
#endif

#include "fc_internal.h"

/* Best first; the order follows measurement (docs/kernels.md "The order and why"). */
static const fc__kernel_head *const mont_list[] = {
#if defined(__i386__)
#if defined(FC_HAVE_SSE2)
    &fc__mont_sse2.h,
#endif
    &fc__mont_scalar32.h,
#if defined(FC_HAVE_SCALAR64)
    &fc__mont_scalar64.h,
#endif
#else
#if defined(FC_HAVE_AVX512IFMA)
    &fc__mont_avx512ifma.h,
#endif
#if defined(FC_HAVE_MULX)
    &fc__mont_mulx.h,
#endif
#if defined(FC_HAVE_SCALAR64)
    &fc__mont_scalar64.h,
#endif
#if defined(FC_HAVE_SSE2)
    &fc__mont_sse2.h,
#endif
#if defined(FC_HAVE_NEON)
    &fc__mont_neon.h,
#endif
    &fc__mont_scalar32.h,
#endif
};
/* AES and GHASH: order measured, see docs/kernels.md "The order and why". FC_WITH_AES=OFF (a
   verification-only firmware build) compiles both ops out. */
#if defined(FC_HAVE_AES)
static const fc__kernel_head *const aes_list[] = {
#if defined(FC_HAVE_VAES)
    &fc__aes_vaes.h,
#endif
#if defined(FC_HAVE_VAES256)
    &fc__aes_vaes256.h,
#endif
#if defined(FC_HAVE_AESNI)
    &fc__aes_aesni.h,
#endif
#if defined(FC_HAVE_ARMV8_AES)
    &fc__aes_armv8.h,
#endif
#if defined(FC_HAVE_AES_NEON)
    &fc__aes_neon.h,
#endif
    &fc__aes_ct.h,
};
static const fc__kernel_head *const ghash_list[] = {
#if defined(FC_HAVE_VPCLMUL)
    &fc__ghash_vpclmul.h,
#endif
#if defined(FC_HAVE_PCLMUL)
    &fc__ghash_pclmul.h,
#endif
#if defined(FC_HAVE_PMULL)
    &fc__ghash_pmull.h,
#endif
    &fc__ghash_ct.h,
};
#define AES_LIST(name, l) LIST(name, l)
#else
#define AES_LIST(name, l) NO_LIST(name)
#endif

/*
 * Every kernel name the project has for an op, on any architecture and in
 * any build configuration. A name here that is not in this build's list is
 * "not built" (FC_ERR_UNSUPPORTED, as for a kernel this CPU cannot run); a
 * name in neither is unknown (FC_ERR_ARG, or FC_ERR_ENV in FASTCRYPT_IMPL).
 */
static const char *const mont_names[] = {"avx512ifma", "mulx", "scalar64", "sse2",
                                         "neon", "scalar32", NULL};
static const char *const sha1_names[] = {"shani_msg", "shani", "armv8", "scalar", NULL};
static const char *const sha256_names[] = {"shani", "avx2", "armv8", "scalar", NULL};
static const char *const sha512_names[] = {"avx512", "avx2", "armv8", "scalar", NULL};
static const char *const aes_names[] = {"vaes", "vaes256", "aesni", "armv8", "neon", "ct", NULL};
static const char *const ghash_names[] = {"vpclmul", "pclmul", "pmull", "ct", NULL};
static const char *const keccak_names[] = {"avx512", "armv8", "scalar", NULL};
static const char *const keccak_x_names[] = {"avx512", "avx2", "scalar", NULL};
static const char *const *const known_names[FC_OP_COUNT] = {
    [FC_OP_MONT] = mont_names,     [FC_OP_SHA1] = sha1_names, [FC_OP_SHA256] = sha256_names,
    [FC_OP_SHA512] = sha512_names, [FC_OP_AES] = aes_names,   [FC_OP_GHASH] = ghash_names,
    [FC_OP_KECCAK] = keccak_names, [FC_OP_KECCAK_X] = keccak_x_names,
};

/* An op's kernels, best first. Op names are apart (op_names, hosted builds
   only): a table that names nothing keeps the names' strings out of a
   firmware link that never looks a kernel up by name. */
typedef struct {
  const fc__kernel_head *const *list;
  size_t count;
} op_kernels;

#define LIST(name, l) {l, sizeof(l) / sizeof(l[0])}
#define NO_LIST(name) {NULL, 0} /* op compiled out (FC_WITH_<OP>=OFF) */

#if defined(FC_HAVE_SHA)
/* SHA: hardware instructions first, then AVX-512VL, AVX2, then scalar
   (docs/kernels.md "The order and why"). */
static const fc__kernel_head *const sha1_list[] = {
#if defined(FC_HAVE_SHANI)
    &fc__sha1_shani_msg.h, /* avoided on Intel (avoided[] below) */
    &fc__sha1_shani.h,
#endif
#if defined(FC_HAVE_SHA_ARMV8)
    &fc__sha1_armv8.h,
#endif
    &fc__sha1_scalar.h};
static const fc__kernel_head *const sha256_list[] = {
#if defined(FC_HAVE_SHANI)
    &fc__sha256_shani.h,
#endif
#if defined(FC_HAVE_SHA_AVX2)
    &fc__sha256_avx2.h,
#endif
#if defined(FC_HAVE_SHA_ARMV8)
    &fc__sha256_armv8.h,
#endif
    &fc__sha256_scalar.h};
static const fc__kernel_head *const sha512_list[] = {
#if defined(FC_HAVE_SHA_AVX2)
    &fc__sha512_avx512.h,
    &fc__sha512_avx2.h,
#endif
#if defined(FC_HAVE_SHA512_ARMV8)
    &fc__sha512_armv8.h,
#endif
    &fc__sha512_scalar.h};
/* Keccak: AVX-512 (planes in zmm registers) or the ARMv8.2 SHA3
   instructions, then scalar; many states: AVX-512's eight lanes, AVX2's
   four, then scalar one state after another (docs/kernels.md). */
static const fc__kernel_head *const keccak_list[] = {
#if defined(FC_HAVE_KECCAK_AVX512)
    &fc__keccak_avx512.h,
#endif
#if defined(FC_HAVE_KECCAK_ARMV8)
    &fc__keccak_armv8.h,
#endif
    &fc__keccak_scalar.h};
static const fc__kernel_head *const keccak_x_list[] = {
#if defined(FC_HAVE_KECCAK_AVX512)
    &fc__keccak_x_avx512.h,
#endif
#if defined(FC_HAVE_KECCAK_AVX2)
    &fc__keccak_x_avx2.h,
#endif
    &fc__keccak_x_scalar.h};
#define SHA_LIST(name, l) LIST(name, l)
#else
#define SHA_LIST(name, l) NO_LIST(name)
#endif

static const op_kernels ops[FC_OP_COUNT] = {
    [FC_OP_MONT] = LIST("mont", mont_list),
    [FC_OP_SHA1] = SHA_LIST("sha1", sha1_list),
    [FC_OP_SHA256] = SHA_LIST("sha256", sha256_list),
    [FC_OP_SHA512] = SHA_LIST("sha512", sha512_list),
    [FC_OP_AES] = AES_LIST("aes", aes_list),
    [FC_OP_GHASH] = AES_LIST("ghash", ghash_list),
    [FC_OP_KECCAK] = SHA_LIST("keccak", keccak_list),
    [FC_OP_KECCAK_X] = SHA_LIST("keccak_x", keccak_x_list),
};

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
/* Montgomery per size class (issue 9): the calibrated kernel of each class
   (NULL: not calibrated), used unless a kernel is pinned (mont_pinned). */
static _Atomic(const fc__kernel_head *) mont_calib[FC_MONT_CLASSES];
static _Atomic int mont_pinned;

static int usable(const fc__kernel_head *k, uint64_t feat) {
  return (k->needs & ~feat) == 0;
}

/* Kernels the automatic choice passes over when the features hold any of
   the bits (fc_impl_info.avoid): measured slower there than the next
   usable kernel of their op (docs/kernels.md "The order and why"). */
static const struct {
  const fc__kernel_head *k;
  uint64_t avoid;
} avoided[] = {
#if defined(FC_HAVE_SHA) && defined(FC_HAVE_SHANI)
    /* SHA1MSG2 in every group: the SHA unit's bound on an Emerald Rapids
       Xeon (src/x86/sha1_shani.c), the faster schedule on the Zen 5 EPYC */
    {&fc__sha1_shani_msg.h, FC_CPU_INTEL},
#endif
    {NULL, 0}};

static uint64_t avoid_of(const fc__kernel_head *k) {
  for (size_t i = 0; avoided[i].k != NULL; i++)
    if (avoided[i].k == k) return avoided[i].avoid;
  return 0;
}

static const fc__kernel_head *auto_choice(fc_op op, uint64_t feat) {
  for (size_t i = 0; i < ops[op].count; i++) {
    const fc__kernel_head *k = ops[op].list[i];
    if (usable(k, feat) && (avoid_of(k) & feat) == 0) return k;
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
  for (size_t i = 0; i < ops[op].count; i++)
    if (name_is(ops[op].list[i]->name, name, len)) return ops[op].list[i];
  return NULL;
}

/* A kernel of the project not in this build (other architecture, or
   compiled out). */
static int known_elsewhere(fc_op op, const char *name, size_t len) {
  for (const char *const *n = known_names[op]; *n; n++)
    if (name_is(*n, name, len)) return 1;
  return 0;
}

#if !defined(FC_FREESTANDING) /* no environment in freestanding builds */
static const char *const op_names[FC_OP_COUNT] = {
    [FC_OP_MONT] = "mont",     [FC_OP_SHA1] = "sha1", [FC_OP_SHA256] = "sha256",
    [FC_OP_SHA512] = "sha512", [FC_OP_AES] = "aes",   [FC_OP_GHASH] = "ghash",
    [FC_OP_KECCAK] = "keccak", [FC_OP_KECCAK_X] = "keccak_x",
};
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
                             int *mont_pin) {
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
    if (pins[i]) table[i] = pins[i];
  *mont_pin = pins[FC_OP_MONT] != NULL;
  return rc;
}

#endif /* !FC_FREESTANDING */

/* Builds the whole table locally, then publishes it. */
static fc_err build(uint64_t allowed, int read_env) {
  const fc__kernel_head *table[FC_OP_COUNT];
  fc_err rc = FC_OK;
  int mont_pin = 0;
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
      fc_err r = parse_impl_env(impl, table, feat, &mont_pin);
      if (r != FC_OK && rc == FC_OK) rc = r;
    }
  }
#endif
  features = feat;
  for (int i = 0; i < FC_OP_COUNT; i++)
    atomic_store_explicit(&active[i], table[i], memory_order_relaxed);
  for (int c = 0; c < FC_MONT_CLASSES; c++)
    atomic_store_explicit(&mont_calib[c], NULL, memory_order_relaxed);
  atomic_store_explicit(&mont_pinned, mont_pin, memory_order_relaxed);
  return rc;
}

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
       a link that never calls fc_init_features leaves it out (issue 6's
       size). */
    init_result = build(IMPLICIT_FEATURES, 1);
#if !defined(FC_FREESTANDING)
    const char *cal = getenv("FASTCRYPT_CALIBRATE");
    if (cal && strcmp(cal, "1") == 0)
      fc__mont_calibrate_now(); /* a failure leaves the static order in force */
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
  for (size_t i = 0; i < ops[op].count && i < max; i++) {
    out[i].name = ops[op].list[i]->name;
    out[i].needs = ops[op].list[i]->needs;
    out[i].usable = usable(ops[op].list[i], features);
    out[i].avoid = avoid_of(ops[op].list[i]);
  }
  return ops[op].count;
}

fc_err fc_impl_select(fc_op op, const char *name) {
  fc_init();
  if ((unsigned)op >= FC_OP_COUNT) return FC_ERR_ARG;
  if (name == NULL) {
    const fc__kernel_head *k = auto_choice(op, features);
    atomic_store_explicit(&active[op], k, memory_order_release);
    if (op == FC_OP_MONT) atomic_store_explicit(&mont_pinned, 0, memory_order_release);
    return k ? FC_OK : FC_ERR_UNSUPPORTED;
  }
  size_t len = 0;
  while (name[len] != '\0') len++;
  const fc__kernel_head *k = find(op, name, len);
  if (!k) return known_elsewhere(op, name, len) ? FC_ERR_UNSUPPORTED : FC_ERR_ARG;
  if (!usable(k, features)) return FC_ERR_UNSUPPORTED;
  atomic_store_explicit(&active[op], k, memory_order_release);
  if (op == FC_OP_MONT) atomic_store_explicit(&mont_pinned, 1, memory_order_release);
  return FC_OK;
}

const char *fc_impl_active(fc_op op) {
  fc_init();
  if ((unsigned)op >= FC_OP_COUNT) return NULL;
  if (op == FC_OP_MONT) return fc__mont_active()->h.name;
  const fc__kernel_head *k = atomic_load_explicit(&active[op], memory_order_acquire);
  return k ? k->name : NULL;
}

/* Upper bounds (bits) of the Montgomery size classes. */
static const uint32_t class_max[FC_MONT_CLASSES] = {1536, 3072, FC_MONT_MAX_BITS};

unsigned fc__mont_class(uint32_t bits) {
  unsigned c = 0;
  while (c + 1 < FC_MONT_CLASSES && bits > class_max[c]) c++;
  return c;
}

/* Pinned kernel, else the calibrated one of the class, else the static choice. */
static const fc__kernel_head *mont_for_bits(uint32_t bits) {
  const fc__kernel_head *k = atomic_load_explicit(&active[FC_OP_MONT], memory_order_acquire);
  if (atomic_load_explicit(&mont_pinned, memory_order_acquire)) return k;
  const fc__kernel_head *c =
      atomic_load_explicit(&mont_calib[fc__mont_class(bits)], memory_order_acquire);
  return c ? c : k;
}

const char *fc_impl_active_for_bits(fc_op op, uint32_t bits) {
  fc_init();
  if ((unsigned)op >= FC_OP_COUNT) return NULL;
  if (op == FC_OP_MONT) return fc__mont_active_for_bits(bits)->h.name;
  return fc_impl_active(op);
}

size_t fc_impl_classes(fc_op op, fc_impl_class *out, size_t max) {
  fc_init();
  if ((unsigned)op >= FC_OP_COUNT) return 0;
  size_t n = op == FC_OP_MONT ? FC_MONT_CLASSES : 1;
  if (out == NULL) max = 0;
  for (size_t i = 0; i < n && i < max; i++) {
    if (op == FC_OP_MONT) {
      out[i].max_bits = class_max[i];
      out[i].name = mont_for_bits(class_max[i])->name;
      out[i].calibrated =
          atomic_load_explicit(&mont_calib[i], memory_order_acquire) != NULL &&
          !atomic_load_explicit(&mont_pinned, memory_order_acquire);
    } else {
      out[i].max_bits = 0;
      out[i].name = fc_impl_active(op);
      out[i].calibrated = 0;
    }
  }
  return n;
}

size_t fc__mont_usable(const fc__mont_kernel **out, size_t max) {
  size_t n = 0;
  for (size_t i = 0; i < ops[FC_OP_MONT].count; i++)
    if (usable(ops[FC_OP_MONT].list[i], features) && n < max)
      out[n++] = (const fc__mont_kernel *)ops[FC_OP_MONT].list[i];
  return n;
}

void fc__mont_set_calibration(const fc__mont_kernel *const choice[FC_MONT_CLASSES]) {
  for (int c = 0; c < FC_MONT_CLASSES; c++)
    atomic_store_explicit(&mont_calib[c], choice[c] ? &choice[c]->h : NULL,
                          memory_order_release);
}

uint64_t fc_cpu_features(void) {
  fc_init();
  return features;
}

/* For library code that fc_init itself may run (calibration's key set-ups):
   no fc_init, which would wait for itself. */
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

const fc__mont_kernel *fc__mont_active(void) { return fc__mont_active_for_bits(2048); }

const fc__mont_kernel *fc__mont_active_for_bits(uint32_t bits) {
  fc_init();
  /* h is the first member: the head pointer is the descriptor's address. */
  return (const fc__mont_kernel *)mont_for_bits(bits);
}

const fc__sha_kernel *fc__sha_active(fc_op op) {
  fc_init();
  return (const fc__sha_kernel *)atomic_load_explicit(&active[op], memory_order_acquire);
}

const fc__aes_kernel *fc__aes_active(void) {
  fc_init();
  return (const fc__aes_kernel *)atomic_load_explicit(&active[FC_OP_AES], memory_order_acquire);
}

const fc__ghash_kernel *fc__ghash_active(void) {
  fc_init();
  return (const fc__ghash_kernel *)atomic_load_explicit(&active[FC_OP_GHASH],
                                                        memory_order_acquire);
}

const fc__keccak_kernel *fc__keccak_active(void) {
  fc_init();
  return (const fc__keccak_kernel *)atomic_load_explicit(&active[FC_OP_KECCAK],
                                                         memory_order_acquire);
}

const fc__keccak_x_kernel *fc__keccak_x_active(void) {
  fc_init();
  return (const fc__keccak_x_kernel *)atomic_load_explicit(&active[FC_OP_KECCAK_X],
                                                           memory_order_acquire);
}
