/*
 * A firmware-style client of a freestanding libfastcrypt.a, built by
 * tools/test-firmware.sh the way a firmware engineer would build one:
 * -nostdlib -ffreestanding, its own _start, memcpy/memset/memcmp/memmove and
 * raw system calls (write, exit_group), no C library, no libgcc. vboot's test
 * keys and signatures are embedded (fw_vectors.h, generated from
 * tests/vectors/vboot by the script).
 *
 * _start moves to a stack of its own whose top is aligned to 4 bytes only
 * (x86: entry sp is 4 mod 16, where the ABIs promise 16-byte alignment at
 * calls; AArch64 keeps the architectural 16), as coreboot's 32-bit stages
 * give. The library must not assume more.
 *
 * Usage: fw_client implicit|<mask> [kernel]
 *   implicit  no fc_init_features call: the first library call initialises,
 *             and only portable kernels may be usable (freestanding rule);
 *   <mask>    fc_init_features(mask) (hex FC_CPU_* bits) first;
 *   kernel    this Montgomery kernel must be usable and is exercised (the
 *             run fails instead of skipping it).
 * Every usable Montgomery kernel is pinned in turn; each loads every
 * embedded key (.keyb) and verifies every signature (and rejects a
 * corrupted one) with fc_rsa_verify and with fc_rsa_verify_ws on exactly
 * fc_rsa_workspace_size bytes. The stack below each call is painted and its
 * peak measured: key set-up and fc_rsa_verify (e = 2^k + 1) must each stay
 * within FW_STACK_BUDGET (8 KiB - 512 by default), and the whole run within
 * 8 KiB. Exit status 0 when every check passed.
 */
#include <stddef.h>
#include <stdint.h>

#include "fastcrypt.h"
#include "fw_vectors.h"

#ifndef FW_STACK_BUDGET
#define FW_STACK_BUDGET (8192 - 512)
#endif
#define FW_STACK_WHOLE 8192
#define FW_STACK_BYTES 16384 /* the lower half only detects overruns */

__attribute__((aligned(16), used)) uint8_t fw_stack[FW_STACK_BYTES];

/* ---------------- what a firmware C library provides ---------------- */

#include "fw_mem.h"

/* ---------------- raw system calls ---------------- */

#if defined(__x86_64__)
__asm__(".text\n.globl _start\n_start:\n\t"
        "mov %rsp, %rdi\n\t"
        "lea fw_stack+16384(%rip), %rsp\n\t"
        "sub $4, %rsp\n\t" /* the call makes it 4 mod 16 at fw_entry */
        "call fw_entry\n\t"
        "mov %eax, %edi\n\t"
        "mov $231, %eax\n\t" /* exit_group */
        "syscall\n\t"
        "hlt\n");
static long sys_write(const void *buf, size_t len) {
  long r;
  __asm__ volatile("syscall" : "=a"(r) : "a"(1L), "D"(1L), "S"(buf), "d"(len) : "rcx", "r11", "memory");
  return r;
}
#elif defined(__i386__)
__asm__(".text\n.globl _start\n_start:\n\t"
        "mov %esp, %eax\n\t"
        "lea fw_stack+16384, %esp\n\t"
        "sub $4, %esp\n\t"
        "push %eax\n\t"
        "call fw_entry\n\t" /* 4 mod 16 at fw_entry (the ABI: 12) */
        "mov %eax, %ebx\n\t"
        "mov $252, %eax\n\t" /* exit_group */
        "int $0x80\n\t"
        "hlt\n");
static long sys_write(const void *buf, size_t len) {
  long r;
  __asm__ volatile("int $0x80" : "=a"(r) : "a"(4L), "b"(1L), "c"(buf), "d"(len) : "memory");
  return r;
}
#elif defined(__aarch64__)
__asm__(".text\n.globl _start\n_start:\n\t"
        "mov x0, sp\n\t"
        "adrp x1, fw_stack+16384\n\t"
        "add x1, x1, :lo12:fw_stack+16384\n\t"
        "mov sp, x1\n\t" /* AArch64 SP is 16-byte aligned by rule */
        "bl fw_entry\n\t"
        "mov x8, #94\n\t" /* exit_group */
        "svc #0\n");
static long sys_write(const void *buf, size_t len) {
  register long x0 __asm__("x0") = 1;
  register const void *x1 __asm__("x1") = buf;
  register size_t x2 __asm__("x2") = len;
  register long x8 __asm__("x8") = 64;
  __asm__ volatile("svc #0" : "+r"(x0) : "r"(x1), "r"(x2), "r"(x8) : "memory");
  return x0;
}
#else
#error "fw_client: x86-64, i686 or AArch64"
#endif

/* ---------------- output ---------------- */

static size_t slen(const char *s) {
  size_t n = 0;
  while (s[n]) n++;
  return n;
}
static void put(const char *s) { sys_write(s, slen(s)); }
static void put_dec(unsigned long v) { /* no 64-bit division: no libgcc on i686 */
  char b[24];
  int i = 23;
  b[i] = 0;
  do {
    b[--i] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  put(b + i);
}
static const char *err_name(fc_err rc) {
  switch (rc) {
    case FC_OK: return "OK";
    case FC_ERR_ARG: return "ARG";
    case FC_ERR_KEY: return "KEY";
    case FC_ERR_DER: return "DER";
    case FC_ERR_SIG: return "SIG";
    case FC_ERR_UNSUPPORTED: return "UNSUPPORTED";
    case FC_ERR_ENV: return "ENV";
    default: return "?";
  }
}

static int failures;
static void fail(const char *what, const char *kernel, const char *vec, fc_err rc) {
  failures++;
  put("FAIL ");
  put(what);
  put(" kernel ");
  put(kernel);
  put(" ");
  put(vec);
  put(": ");
  put(err_name(rc));
  put("\n");
}

/* ---------------- painted stack ---------------- */

#define PAINT 0xa5

/* Paints fw_stack from its bottom up to 256 bytes below the caller's frame. */
__attribute__((noinline)) static void paint(void) {
  volatile uint8_t *p = fw_stack;
  uint8_t *lim = (uint8_t *)__builtin_frame_address(0) - 256;
  while (p < lim) *p++ = PAINT;
}
/* Bytes between `from` and the deepest byte no longer painted. */
static size_t used_below(const uint8_t *from) {
  const uint8_t *p = fw_stack;
  while (p < from && *p == PAINT) p++;
  return (size_t)(from - p);
}

/* ---------------- the client ---------------- */

static fc_rsa_pubkey key; /* firmware keeps its big objects out of the stack */
static uint8_t sigbuf[FC_RSA_MAX_BYTES];
static uint8_t wsbuf[FC_RSA_VERIFY_WORKSPACE_BYTES(FC_RSA_MAX_BITS) + 64];

typedef struct {
  const char *what;
  size_t load, verify, verify_ws;
} peaks;

static fc_err load(const fw_vector *v) {
  return fc_rsa_pubkey_from_vboot(&key, v->keyb, v->keyb_len, v->e);
}

/* About the caller's stack pointer (its frame less a return address and a
   saved frame pointer): where the stack of a call made next begins. */
__attribute__((noinline)) static const uint8_t *caller_sp(void) {
  return (const uint8_t *)__builtin_frame_address(0);
}

static size_t whole_run; /* deepest point from the stack's top */

static void note_whole(const uint8_t *base, size_t d) {
  size_t w = (size_t)(fw_stack + FW_STACK_BYTES - base) + d;
  if (w > whole_run) whole_run = w;
}

static void run_kernel(const char *kname, peaks *pk) {
  for (size_t i = 0; i < sizeof(fw_vectors) / sizeof(fw_vectors[0]); i++) {
    const fw_vector *v = &fw_vectors[i];
    const uint8_t *base = caller_sp();
    paint();
    fc_err rc = load(v);
    size_t d_load = used_below(base);
    if (rc != FC_OK) {
      fail("load", kname, v->name, rc);
      continue;
    }
    paint();
    rc = fc_rsa_verify(&key, v->hash, v->digest, v->digest_len, v->sig, v->sig_len);
    size_t d_verify = used_below(base);
    if (rc != FC_OK) fail("verify", kname, v->name, rc);

    size_t need = fc_rsa_workspace_size(&key);
    if (need == 0 || need > sizeof(wsbuf) - 1) {
      fail("fc_rsa_workspace_size", kname, v->name, FC_ERR_ARG);
      continue;
    }
    paint();
    rc = fc_rsa_verify_ws(&key, v->hash, v->digest, v->digest_len, v->sig, v->sig_len, wsbuf + 1,
                          need); /* odd address: no alignment promised */
    size_t d_ws = used_below(base);
    if (rc != FC_OK) fail("verify_ws", kname, v->name, rc);

    memcpy(sigbuf, v->sig, v->sig_len);
    sigbuf[v->sig_len / 2] ^= 0x01;
    rc = fc_rsa_verify(&key, v->hash, v->digest, v->digest_len, sigbuf, v->sig_len);
    if (rc != FC_ERR_SIG) fail("corrupted signature accepted or wrong code", kname, v->name, rc);

    note_whole(base, d_load);
    note_whole(base, d_verify);
    note_whole(base, d_ws);
    if (d_load > pk->load) pk->load = d_load;
    if (d_ws > pk->verify_ws) pk->verify_ws = d_ws;
    if (v->e != 3 && v->e != 65537) continue; /* the bound is for e = 2^k + 1 */
    if (d_verify > pk->verify) pk->verify = d_verify;
  }
}

static uint64_t parse_hex(const char *s, int *ok) {
  uint64_t v = 0;
  *ok = *s != 0;
  if (s[0] == '0' && s[1] == 'x') s += 2;
  for (; *s; s++) {
    int d = *s >= '0' && *s <= '9' ? *s - '0' : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10 : -1;
    if (d < 0) *ok = 0;
    v = v << 4 | (uint64_t)(d & 15);
  }
  return v;
}

static int str_eq(const char *a, const char *b) {
  while (*a && *a == *b) a++, b++;
  return *a == *b;
}

/* sp0: the process's initial stack (argc, argv[], NULL, envp...). */
__attribute__((used)) int fw_entry(uintptr_t *sp0) {
  int argc = (int)sp0[0];
  char **argv = (char **)(sp0 + 1);
  if (argc < 2) {
    put("usage: fw_client implicit|<hex mask> [kernel]\n");
    return 2;
  }
  const char *want = argc > 2 ? argv[2] : NULL;
  int implicit = str_eq(argv[1], "implicit");
  if (!implicit) {
    int ok;
    uint64_t mask = parse_hex(argv[1], &ok);
    if (!ok) {
      put("bad mask\n");
      return 2;
    }
    fc_err rc = fc_init_features(mask);
    if (rc != FC_OK) fail("fc_init_features", "-", argv[1], rc);
  }

  static fc_impl_info impls[16];
  size_t n = fc_impls(FC_OP_MONT, impls, 16);
  if (n > 16) n = 16;
  if (implicit) {
    /* freestanding: the implicit init enables no ISA extension */
    if (fc_cpu_features() != 0) fail("implicit init left features on", "-", "-", FC_OK);
    for (size_t i = 0; i < n; i++) {
      if (impls[i].usable && impls[i].needs != 0) fail("usable without fc_init_features", impls[i].name, "-", FC_OK);
      if (impls[i].needs != 0 && fc_impl_select(FC_OP_MONT, impls[i].name) != FC_ERR_UNSUPPORTED)
        fail("pinned without fc_init_features", impls[i].name, "-", FC_OK);
    }
    /* A later fc_init_features still sees the CPU (the implicit init does
       not probe in freestanding builds): every CPU here has SSE2 or NEON.
       Then back to portable kernels for the rest of the run. */
    fc_err rc = fc_init_features(~(uint64_t)0);
    if (rc != FC_OK || fc_cpu_features() == 0 || fc_cpu_features() != fc_cpu_features_probed())
      fail("fc_init_features after the implicit init", "-", "-", rc);
    if (fc_init_features(0) != FC_OK || fc_cpu_features() != 0)
      fail("fc_init_features(0)", "-", "-", FC_OK);
  }

  /* The build's options: FW_F4_ONLY (FC_WITH_ANY_EXPONENT=OFF) refuses a
     key whose exponent is not 2^k + 1 and leaves it cleared; FW_NO_SHA
     (FC_WITH_SHA=OFF, FC_WITH_AES=OFF) lists no hash or AES kernel. */
  {
    static uint8_t n_be[256];
    static const uint8_t e_other[] = {0x01, 0x00, 0x00, 0x01, 0x01}; /* 2^32 + 2^8 + 1 */
    const fw_vector *v = &fw_vectors[3];                            /* rsa2048_sha1 */
    for (size_t i = 0; i < 256; i++) n_be[i] = v->keyb[8 + 255 - i];
    fc_err rc = fc_rsa_pubkey_init(&key, n_be, sizeof n_be, e_other, sizeof e_other);
#if defined(FW_F4_ONLY)
    if (rc != FC_ERR_UNSUPPORTED || fc_rsa_workspace_size(&key) != 0)
      fail("e = 2^32 + 2^8 + 1 not refused (FC_WITH_ANY_EXPONENT=OFF)", "-", v->name, rc);
#else
    if (rc != FC_OK) fail("e = 2^32 + 2^8 + 1 refused", "-", v->name, rc);
#endif
#if defined(FW_NO_SHA)
    if (fc_impls(FC_OP_SHA256, NULL, 0) != 0) fail("SHA-256 kernels listed (FC_WITH_SHA=OFF)", "-", "-", FC_OK);
    if (fc_impls(FC_OP_AES, NULL, 0) != 0) fail("AES kernels listed (FC_WITH_AES=OFF)", "-", "-", FC_OK);
    /* The families left out keep their APIs: FC_ERR_UNSUPPORTED, output
       cleared (each would succeed on these inputs in a full build). */
    static fc_aes_key ak;
    static fc_mldsa_pubkey mk;
    static fc_slhdsa_pubkey sk;
    static const uint8_t zeros[2592];
    ak.rounds = mk.param = sk.param = 7;
    if ((rc = fc_aes_init(&ak, zeros, 16)) != FC_ERR_UNSUPPORTED || ak.rounds != 0)
      fail("fc_aes_init not FC_ERR_UNSUPPORTED, or key not cleared", "-", "-", rc);
    if ((rc = fc_mldsa_pubkey_init(&mk, FC_ML_DSA_87, zeros, 2592)) != FC_ERR_UNSUPPORTED || mk.param != 0)
      fail("fc_mldsa_pubkey_init not FC_ERR_UNSUPPORTED, or key not cleared", "-", "-", rc);
    if ((rc = fc_slhdsa_pubkey_init(&sk, FC_SLH_DSA_SHAKE_256S, zeros, 64)) != FC_ERR_UNSUPPORTED || sk.param != 0)
      fail("fc_slhdsa_pubkey_init not FC_ERR_UNSUPPORTED, or key not cleared", "-", "-", rc);
    if (fc_mldsa_sig_len(FC_ML_DSA_87) != 0 || fc_slhdsa_sig_len(FC_SLH_DSA_SHAKE_256S) != 0)
      fail("signature length of an absent family not 0", "-", "-", FC_OK);
#else
    if (fc_impls(FC_OP_SHA256, NULL, 0) == 0) fail("no SHA-256 kernel listed", "-", "-", FC_OK);
#endif
  }

  int saw_want = 0;
  for (size_t i = 0; i < n; i++) {
    if (!impls[i].usable) continue;
    fc_err rc = fc_impl_select(FC_OP_MONT, impls[i].name);
    if (rc != FC_OK) {
      fail("select", impls[i].name, "-", rc);
      continue;
    }
    if (want && str_eq(want, impls[i].name)) saw_want = 1;
    peaks pk = {impls[i].name, 0, 0, 0};
    run_kernel(impls[i].name, &pk);
    put("[ FW ] ");
    put(argv[1]);
    put(" ");
    put(impls[i].name);
    put(": stack peak key set-up ");
    put_dec(pk.load);
    put(", fc_rsa_verify (e = 3, 65537) ");
    put_dec(pk.verify);
    put(", fc_rsa_verify_ws ");
    put_dec(pk.verify_ws);
    put(" bytes\n");
    if (pk.load > FW_STACK_BUDGET) fail("key set-up stack over budget", impls[i].name, "-", FC_OK);
    if (pk.verify > FW_STACK_BUDGET) fail("fc_rsa_verify stack over budget", impls[i].name, "-", FC_OK);
  }
  if (want && !saw_want) fail("expected kernel not usable (not exercised)", want, "-", FC_ERR_UNSUPPORTED);

  /* The whole run, client frames included, within an 8 KiB stack. */
  put("[ FW ] whole run: ");
  put_dec(whole_run);
  put(" bytes of stack\n");
  if (whole_run > FW_STACK_WHOLE) fail("whole run over 8 KiB of stack", "-", "-", FC_OK);
  put(failures ? "[ FW ] FAILED\n" : "[ FW ] PASSED\n");
  return failures ? 1 : 0;
}
