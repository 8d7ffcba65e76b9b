/*
 * Same-process comparison of fastcrypt's LMS/HSS verification (RFC 8554)
 * with the reference implementation, Cisco's hash-sigs
 * (github.com/cisco/hash-sigs), linked in by tools/bench-lms-peer.sh, which
 * builds hash-sigs outside the repository (no hash-sigs code is in this
 * tree). hash-sigs is built as its Makefile builds hss_lib.a (-O3,
 * hss_thread_single.o: one thread, as its verify-only library hss_verify.a;
 * SHA-256 from OpenSSL's libcrypto, its default USE_OPENSSL).
 *
 * Inputs, made at run time by hash-sigs (hss_generate_private_key,
 * hss_load_private_key, hss_generate_signature) with a fixed-seed RNG
 * callback (splitmix64: reproducible, NOT a secure RNG; benchmark keys only):
 * per case one key and NSIG signatures (leaves q = 0 .. NSIG-1) of NSIG
 * different 100-byte messages. Both sides verify signature i % NSIG on call
 * i, so they see the same mix of Winternitz digit sums.
 * Cases (all LMS_SHA256_M32 with LMOTS_SHA256_N32):
 *   lms-h10-w4, lms-h10-w8:   HSS with L = 1, i.e. one LMS tree (the HSS
 *                             encoding adds u32 L to the key, u32 Nspk = 0
 *                             to the signature; hash-sigs has only HSS).
 *   hss2-h10w4-h10w4, hss2-h10w8-h10w8, hss2-h5w8-h10w8: HSS, L = 2
 *                             (top tree first).
 * Each call takes the raw encoded public key, as hss_validate_signature does:
 * fastcrypt's side is fc_hss_pubkey_init + fc_hss_verify.
 *
 * The two sides alternate round by round (bench/peer_timing.h); reported per
 * side: the median and best ns per call, and speed(fastcrypt) / speed(peer)
 * = ns(peer) / ns(fastcrypt) (> 1: fastcrypt faster). Every call's result is
 * checked (exit 1 on a failure); before timing, for every case, both
 * libraries accept every signature and refuse a signature with a flipped
 * byte in the bottom LM-OTS signature, one with a flipped byte in the last
 * authentication-path node, and a changed message.
 *
 * Usage: lms_peer_compare [-r rounds] [-t ms_per_round] [-c cpu] [-T] [filter ...]
 *   -r  rounds per case (default 31, at most PEER_MAX_ROUNDS)
 *   -t  target duration of one round of one side, ms (default 5)
 *   -c  pin the process to this CPU (default: no pinning)
 *   -T  time with the thread's CPU clock (CLOCK_THREAD_CPUTIME_ID) instead of
 *       CLOCK_MONOTONIC: on a loaded machine, time slices lost to other
 *       processes are then not counted
 *   filter: run only cases whose name contains one of these substrings
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fastcrypt.h>

#include "hss.h" /* hash-sigs, from -I its source directory */
#include "peer_timing.h"

#ifndef PEER_DESC
#define PEER_DESC "hash-sigs (unknown build)"
#endif
#ifndef FC_DESC
#define FC_DESC "unknown"
#endif

#define NSIG 8
#define MSG_LEN 100

static void die(const char *what) {
  fprintf(stderr, "FATAL: %s\n", what);
  exit(1);
}
#define CHECK(cond, what) do { if (!(cond)) die(what); } while (0)

static uint64_t g_rng = 0x6c6d735f62656e63ull; /* "lms_benc" */
static uint64_t splitmix64(void) {
  uint64_t z = (g_rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
/* hash-sigs' generate_random callback: reproducible, benchmark only */
static bool bench_random(void *out, size_t len) {
  uint8_t *p = out;
  for (size_t i = 0; i < len; i++) p[i] = (uint8_t)(splitmix64() >> 56);
  return true;
}

struct lms_case {
  const char *name;
  unsigned levels;
  param_set_t lm[2], ots[2];
  /* filled by make_case */
  uint8_t pk[64];
  size_t pk_len, sig_len;
  uint8_t *sig[NSIG];
  uint8_t msg[NSIG][MSG_LEN];
};

#define CASE(nm, l, lm0, ots0, lm1, ots1) \
  {.name = nm, .levels = l, .lm = {lm0, lm1}, .ots = {ots0, ots1}}
static struct lms_case g_cases[] = {
    CASE("lms-h10-w4", 1, LMS_SHA256_N32_H10, LMOTS_SHA256_N32_W4, 0, 0),
    CASE("lms-h10-w8", 1, LMS_SHA256_N32_H10, LMOTS_SHA256_N32_W8, 0, 0),
    CASE("hss2-h10w4-h10w4", 2, LMS_SHA256_N32_H10, LMOTS_SHA256_N32_W4, LMS_SHA256_N32_H10,
         LMOTS_SHA256_N32_W4),
    CASE("hss2-h10w8-h10w8", 2, LMS_SHA256_N32_H10, LMOTS_SHA256_N32_W8, LMS_SHA256_N32_H10,
         LMOTS_SHA256_N32_W8),
    CASE("hss2-h5w8-h10w8", 2, LMS_SHA256_N32_H5, LMOTS_SHA256_N32_W8, LMS_SHA256_N32_H10,
         LMOTS_SHA256_N32_W8),
};
#define NCASES (sizeof g_cases / sizeof g_cases[0])

static void make_case(struct lms_case *c) {
  struct hss_extra_info info;
  hss_init_extra_info(&info);
  hss_extra_info_set_threads(&info, 1);
  uint8_t priv[HSS_MAX_PRIVATE_KEY_LEN];
  static uint8_t aux[1 << 16];
  c->pk_len = hss_get_public_key_len(c->levels, c->lm, c->ots);
  c->sig_len = hss_get_signature_len(c->levels, c->lm, c->ots);
  CHECK(c->pk_len > 0 && c->pk_len <= sizeof c->pk && c->sig_len > 0, "hash-sigs: lengths");
  CHECK(hss_generate_private_key(bench_random, c->levels, c->lm, c->ots, NULL, priv, c->pk,
                                 c->pk_len, aux, sizeof aux, &info),
        "hss_generate_private_key failed");
  struct hss_working_key *w = hss_load_private_key(NULL, priv, 0, aux, sizeof aux, &info);
  CHECK(w != NULL, "hss_load_private_key failed");
  for (int i = 0; i < NSIG; i++) {
    bench_random(c->msg[i], MSG_LEN);
    c->sig[i] = malloc(c->sig_len);
    CHECK(c->sig[i] != NULL, "malloc");
    CHECK(hss_generate_signature(w, NULL, priv, c->msg[i], MSG_LEN, c->sig[i], c->sig_len, &info),
          "hss_generate_signature failed");
  }
  hss_free_working_key(w);
}

static fc_err fc_once(const struct lms_case *c, const uint8_t *msg, const uint8_t *sig) {
  fc_hss_pubkey k;
  fc_err rc = fc_hss_pubkey_init(&k, c->pk, c->pk_len);
  return rc != FC_OK ? rc : fc_hss_verify(&k, msg, MSG_LEN, sig, c->sig_len);
}
static bool hs_once(const struct lms_case *c, const uint8_t *msg, const uint8_t *sig) {
  struct hss_extra_info info;
  hss_init_extra_info(&info);
  return hss_validate_signature(c->pk, msg, MSG_LEN, sig, c->sig_len, &info);
}

static void fc_side(const void *a, long iters) {
  const struct lms_case *c = a;
  for (long i = 0; i < iters; i++)
    CHECK(fc_once(c, c->msg[i % NSIG], c->sig[i % NSIG]) == FC_OK, "fc_hss_verify failed");
}
static void hs_side(const void *a, long iters) {
  const struct lms_case *c = a;
  for (long i = 0; i < iters; i++)
    CHECK(hs_once(c, c->msg[i % NSIG], c->sig[i % NSIG]), "hss_validate_signature failed");
}

/* both accept every signature; both refuse the three corruptions */
static void check_case(const struct lms_case *c) {
  uint8_t *bad = malloc(c->sig_len);
  uint8_t msg[MSG_LEN];
  CHECK(bad != NULL, "malloc");
  for (int i = 0; i < NSIG; i++) {
    CHECK(fc_once(c, c->msg[i], c->sig[i]) == FC_OK, "check: fc refused a valid signature");
    CHECK(hs_once(c, c->msg[i], c->sig[i]), "check: hash-sigs refused a valid signature");
  }
  /* the bottom LMS signature is the signature's tail: u32 q || LM-OTS
     signature (u32 type || C || y[p]) || u32 type || path[h]; byte
     sig_len - 32*h - 4 - 16 is inside the last y[i], the last byte is the
     last path node's. */
  param_set_t bottom = c->lm[c->levels - 1];
  CHECK(bottom == LMS_SHA256_N32_H5 || bottom == LMS_SHA256_N32_H10, "check: bottom tree type");
  size_t h = bottom == LMS_SHA256_N32_H5 ? 5 : 10;
  size_t flips[2] = {c->sig_len - 32 * h - 4 - 16, c->sig_len - 1};
  for (int f = 0; f < 2; f++) {
    memcpy(bad, c->sig[0], c->sig_len);
    bad[flips[f]] ^= 0x01;
    CHECK(fc_once(c, c->msg[0], bad) == FC_ERR_SIG, "check: fc accepted a corrupted signature");
    CHECK(!hs_once(c, c->msg[0], bad), "check: hash-sigs accepted a corrupted signature");
  }
  memcpy(msg, c->msg[0], MSG_LEN);
  msg[MSG_LEN / 2] ^= 0x80;
  CHECK(fc_once(c, msg, c->sig[0]) == FC_ERR_SIG, "check: fc accepted a changed message");
  CHECK(!hs_once(c, msg, c->sig[0]), "check: hash-sigs accepted a changed message");
  free(bad);
}

static int matches(const char *name, char **filters, int nf) {
  if (nf == 0) return 1;
  for (int i = 0; i < nf; i++)
    if (strstr(name, filters[i])) return 1;
  return 0;
}

int main(int argc, char **argv) {
  int rounds = 31, cpu = -1, nf = 0;
  double ms = 5.0;
  char **filters = calloc((size_t)argc, sizeof(char *));
  CHECK(filters != NULL, "calloc");
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-r") && i + 1 < argc) rounds = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-t") && i + 1 < argc) ms = atof(argv[++i]);
    else if (!strcmp(argv[i], "-c") && i + 1 < argc) cpu = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-T")) peer_clock = CLOCK_THREAD_CPUTIME_ID;
    else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      printf("usage: %s [-r rounds(31)] [-t ms_per_round(5)] [-c cpu] [-T] [filter ...]\n", argv[0]);
      return 0;
    } else filters[nf++] = argv[i];
  }
  if (rounds < 1 || rounds > PEER_MAX_ROUNDS || ms <= 0) die("bad -r or -t");
  if (cpu >= 0) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) perror("sched_setaffinity");
  }
  fc_err irc = fc_init();
  printf("# fastcrypt %s (%s), fc_init()=%d, sha256 kernel %s", fc_version(), FC_DESC, (int)irc,
         fc_impl_active(FC_OP_SHA256));
#ifdef CMP_SHA256_X /* the script's: core.h has FC_OP_SHA256_X */
  printf(", sha256_x kernel %s", fc_impl_active(FC_OP_SHA256_X));
#endif
  printf("\n");
  printf("# peer: %s\n", PEER_DESC);
  printf("# clock: %s\n", peer_clock == CLOCK_MONOTONIC ? "CLOCK_MONOTONIC" : "CLOCK_THREAD_CPUTIME_ID");
  printf("# %d rounds x ~%.1f ms per side, sides alternate; %d signatures per case, "
         "%d-byte messages; fastcrypt: fc_hss_pubkey_init + fc_hss_verify, "
         "hash-sigs: hss_validate_signature\n",
         rounds, ms, NSIG, MSG_LEN);
  peer_print_header("fastcrypt", "hash-sigs");
  for (size_t i = 0; i < NCASES; i++) {
    struct lms_case *c = &g_cases[i];
    if (!matches(c->name, filters, nf)) continue;
    make_case(c);
    check_case(c);
    peer_result r;
    peer_time_pair(fc_side, hs_side, c, rounds, ms * 1e6, &r);
    peer_print_row(c->name, &r);
  }
  free(filters);
  return 0;
}
