/*
 * Same-process comparison of fastcrypt's XMSS verification (RFC 8391) with
 * Botan 2's (Botan::XMSS_PublicKey and Botan::PK_Verifier), built by
 * tools/bench-xmss-botan.sh against the system's Botan (Debian:
 * libbotan-2-dev). No Botan code is in this tree.
 *
 * Inputs, made at run time by Botan: per parameter set one key
 * (XMSS_PrivateKey from a ChaCha_RNG with a fixed seed: reproducible keys,
 * benchmark only) and NSIG = 4 signatures (leaves 0 .. 3) of NSIG
 * different 100-byte messages; both sides verify signature i % NSIG on
 * call i. Botan 2's raw_public_key() is RFC 8391's encoding with the
 * 4-byte OID prefix (u32 OID || root || SEED; checked at start-up), which
 * fc_xmss_pubkey_init takes as is; the signatures are RFC 8391's
 * (idx_sig || r || WOTS+ signature || authentication path).
 * Cases, per set (XMSS-SHA2_10_256, XMSS-SHAKE_10_256):
 *   <set>-verify-warm:  the key loaded once (fc_xmss_pubkey_init; Botan: one
 *                       PK_Verifier on one XMSS_PublicKey), then per call
 *                       fc_xmss_verify / PK_Verifier::verify_message.
 *   <set>-raw+verify:   per call the raw key loaded (fc_xmss_pubkey_init;
 *                       Botan: XMSS_PublicKey(raw) + PK_Verifier), then the
 *                       verification.
 * While include/fastcrypt/xmss.h is absent (or the script finds no
 * fc_xmss_verify in libfastcrypt.a: -DCMP_NO_FC_XMSS), only Botan is timed
 * (its ns per call, no ratio).
 *
 * The two sides alternate round by round (bench/peer_timing.h). Every
 * call's result is checked (exit 1 on a failure); before timing, both
 * libraries accept every signature and refuse one with a flipped byte in
 * the WOTS+ signature, one with a flipped last authentication-path byte,
 * and a changed message.
 *
 * Usage: xmss_peer_compare [-r rounds] [-t ms_per_round] [-c cpu] [-T] [filter ...]
 *   -r  rounds per case (default 31, at most PEER_MAX_ROUNDS)
 *   -t  target duration of one round of one side, ms (default 5)
 *   -c  pin the process to this CPU (default: no pinning)
 *   -T  time with the thread's CPU clock (CLOCK_THREAD_CPUTIME_ID) instead of
 *       CLOCK_MONOTONIC: on a loaded machine, time slices lost to other
 *       processes are then not counted
 */
#include <sched.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <botan/chacha_rng.h>
#include <botan/pubkey.h>
#include <botan/version.h>
#include <botan/xmss.h>

#include <fastcrypt.h>
#if __has_include("fastcrypt/xmss.h") && !defined(CMP_NO_FC_XMSS)
#define CMP_FC_XMSS 1
#endif

#include "peer_timing.h"

#ifndef FC_DESC
#define FC_DESC "unknown"
#endif

namespace {

constexpr int NSIG = 4; /* Botan 2 signs slowly (a tree hash per signature) */
constexpr size_t MSG_LEN = 100;

[[noreturn]] void die(const char *what) {
  std::fprintf(stderr, "FATAL: %s\n", what);
  std::exit(1);
}
#define CHECK(cond, what) do { if (!(cond)) die(what); } while (0)

struct XmssCase {
  XmssCase(const char *s, Botan::XMSS_Parameters::xmss_algorithm_t a) : set(s), algo(a) {}
  const char *set; /* "xmss-sha2_10_256" */
  Botan::XMSS_Parameters::xmss_algorithm_t algo;
  std::vector<uint8_t> raw_pk;
  std::vector<uint8_t> msg[NSIG], sig[NSIG];
  std::unique_ptr<Botan::XMSS_PublicKey> bt_key;
  std::unique_ptr<Botan::PK_Verifier> bt_warm;
#ifdef CMP_FC_XMSS
  fc_xmss_pubkey fc_warm = {};
#endif
};

void make_case(XmssCase &c, Botan::RandomNumberGenerator &rng) {
  Botan::XMSS_PrivateKey sk(c.algo, rng);
  c.raw_pk = sk.raw_public_key();
  const size_t n = sk.xmss_parameters().element_size();
  CHECK(c.raw_pk.size() == 4 + 2 * n, "Botan raw_public_key: not u32 OID || root || SEED");
  const uint32_t oid = (uint32_t)c.raw_pk[0] << 24 | (uint32_t)c.raw_pk[1] << 16 |
                       (uint32_t)c.raw_pk[2] << 8 | c.raw_pk[3];
  CHECK(oid == (uint32_t)c.algo, "Botan raw_public_key: OID prefix");
  CHECK(std::memcmp(c.raw_pk.data() + 4, sk.root().data(), n) == 0 &&
            std::memcmp(c.raw_pk.data() + 4 + n, sk.public_seed().data(), n) == 0,
        "Botan raw_public_key: root and SEED order");
  Botan::PK_Signer signer(sk, rng, "");
  for (int i = 0; i < NSIG; i++) {
    c.msg[i].resize(MSG_LEN);
    rng.randomize(c.msg[i].data(), MSG_LEN);
    c.sig[i] = signer.sign_message(c.msg[i], rng);
  }
  c.bt_key.reset(new Botan::XMSS_PublicKey(c.raw_pk));
  c.bt_warm.reset(new Botan::PK_Verifier(*c.bt_key, ""));
#ifdef CMP_FC_XMSS
  CHECK(fc_xmss_pubkey_init(&c.fc_warm, c.raw_pk.data(), c.raw_pk.size()) == FC_OK,
        "fc_xmss_pubkey_init refused Botan's raw_public_key()");
#endif
}

bool bt_raw(const XmssCase &c, const std::vector<uint8_t> &msg, const std::vector<uint8_t> &sig) {
  Botan::XMSS_PublicKey k(c.raw_pk);
  Botan::PK_Verifier v(k, "");
  return v.verify_message(msg, sig);
}
bool bt_warm(const XmssCase &c, const std::vector<uint8_t> &msg, const std::vector<uint8_t> &sig) {
  return c.bt_warm->verify_message(msg, sig);
}
void bt_raw_side(const void *a, long iters) {
  const XmssCase &c = *static_cast<const XmssCase *>(a);
  for (long i = 0; i < iters; i++)
    CHECK(bt_raw(c, c.msg[i % NSIG], c.sig[i % NSIG]), "Botan XMSS verify (raw) failed");
}
void bt_warm_side(const void *a, long iters) {
  const XmssCase &c = *static_cast<const XmssCase *>(a);
  for (long i = 0; i < iters; i++)
    CHECK(bt_warm(c, c.msg[i % NSIG], c.sig[i % NSIG]), "Botan XMSS verify (warm) failed");
}

#ifdef CMP_FC_XMSS
fc_err fc_warm(const XmssCase &c, const std::vector<uint8_t> &msg,
               const std::vector<uint8_t> &sig) {
  return fc_xmss_verify(&c.fc_warm, msg.data(), msg.size(), sig.data(), sig.size());
}
fc_err fc_raw(const XmssCase &c, const std::vector<uint8_t> &msg,
              const std::vector<uint8_t> &sig) {
  fc_xmss_pubkey k;
  fc_err rc = fc_xmss_pubkey_init(&k, c.raw_pk.data(), c.raw_pk.size());
  return rc != FC_OK ? rc : fc_xmss_verify(&k, msg.data(), msg.size(), sig.data(), sig.size());
}
void fc_raw_side(const void *a, long iters) {
  const XmssCase &c = *static_cast<const XmssCase *>(a);
  for (long i = 0; i < iters; i++)
    CHECK(fc_raw(c, c.msg[i % NSIG], c.sig[i % NSIG]) == FC_OK, "fc_xmss_verify (raw) failed");
}
void fc_warm_side(const void *a, long iters) {
  const XmssCase &c = *static_cast<const XmssCase *>(a);
  for (long i = 0; i < iters; i++)
    CHECK(fc_warm(c, c.msg[i % NSIG], c.sig[i % NSIG]) == FC_OK, "fc_xmss_verify (warm) failed");
}
#endif

/* both accept every signature; both refuse the three corruptions */
void check_case(const XmssCase &c) {
  for (int i = 0; i < NSIG; i++) {
    CHECK(bt_raw(c, c.msg[i], c.sig[i]) && bt_warm(c, c.msg[i], c.sig[i]),
          "check: Botan refused its own signature");
#ifdef CMP_FC_XMSS
    CHECK(fc_raw(c, c.msg[i], c.sig[i]) == FC_OK && fc_warm(c, c.msg[i], c.sig[i]) == FC_OK,
          "check: fastcrypt refused a valid (Botan) signature");
#endif
  }
  const size_t len = c.sig[0].size();
  const size_t flips[2] = {len / 3, len - 1}; /* inside the WOTS+ signature; the last path node */
  for (size_t at : flips) {
    std::vector<uint8_t> bad = c.sig[0];
    bad[at] ^= 0x01;
    CHECK(!bt_raw(c, c.msg[0], bad) && !bt_warm(c, c.msg[0], bad),
          "check: Botan accepted a corrupted signature");
#ifdef CMP_FC_XMSS
    CHECK(fc_raw(c, c.msg[0], bad) == FC_ERR_SIG, "check: fastcrypt accepted a corrupted signature");
#endif
  }
  std::vector<uint8_t> m = c.msg[0];
  m[MSG_LEN / 2] ^= 0x80;
  CHECK(!bt_raw(c, m, c.sig[0]), "check: Botan accepted a changed message");
#ifdef CMP_FC_XMSS
  CHECK(fc_raw(c, m, c.sig[0]) == FC_ERR_SIG, "check: fastcrypt accepted a changed message");
#endif
}

#ifndef CMP_FC_XMSS
/* Botan alone: the median and best of `rounds` runs */
void time_alone(const char *name, peer_side_fn f, const void *arg, int rounds, double target_ns) {
  peer_result r;
  peer_time_pair(f, f, arg, rounds, target_ns, &r); /* Botan on both sides: a sanity band */
  std::printf("%-34s %11s %11s | %11.0f %11.0f | %6s %6s\n", name, "-", "-", r.med_b, r.best_b,
              "-", "-");
  std::fflush(stdout);
}
#endif

bool matches(const std::string &name, const std::vector<std::string> &filters) {
  if (filters.empty()) return true;
  for (const auto &f : filters)
    if (name.find(f) != std::string::npos) return true;
  return false;
}

} // namespace

int main(int argc, char **argv) {
  int rounds = 31, cpu = -1;
  double ms = 5.0;
  std::vector<std::string> filters;
  for (int i = 1; i < argc; i++) {
    if (!std::strcmp(argv[i], "-r") && i + 1 < argc) rounds = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "-t") && i + 1 < argc) ms = std::atof(argv[++i]);
    else if (!std::strcmp(argv[i], "-c") && i + 1 < argc) cpu = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "-T")) peer_clock = CLOCK_THREAD_CPUTIME_ID;
    else if (!std::strcmp(argv[i], "-h") || !std::strcmp(argv[i], "--help")) {
      std::printf("usage: %s [-r rounds(31)] [-t ms_per_round(5)] [-c cpu] [-T] [filter ...]\n", argv[0]);
      return 0;
    } else filters.push_back(argv[i]);
  }
  if (rounds < 1 || rounds > PEER_MAX_ROUNDS || ms <= 0) die("bad -r or -t");
  if (cpu >= 0) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) std::perror("sched_setaffinity");
  }
  fc_err irc = fc_init();
  std::printf("# fastcrypt %s (%s), fc_init()=%d, sha256 kernel %s, keccak kernel %s",
              fc_version(), FC_DESC, (int)irc, fc_impl_active(FC_OP_SHA256),
              fc_impl_active(FC_OP_KECCAK));
#ifdef CMP_SHA256_X /* the script's: core.h has FC_OP_SHA256_X */
  std::printf(", sha256_x kernel %s", fc_impl_active(FC_OP_SHA256_X));
#endif
#ifndef CMP_FC_XMSS
  std::printf(" (NO fastcrypt XMSS in this build: Botan timed alone)");
#endif
  std::printf("\n");
  std::printf("# peer: Botan %s\n", Botan::version_cstr());
  std::printf("# clock: %s\n",
              peer_clock == CLOCK_MONOTONIC ? "CLOCK_MONOTONIC" : "CLOCK_THREAD_CPUTIME_ID");
  std::printf("# %d rounds x ~%.1f ms per side, sides alternate; %d signatures per case, "
              "%zu-byte messages\n",
              rounds, ms, NSIG, MSG_LEN);
  peer_print_header("fastcrypt", "Botan");
  std::vector<uint8_t> seed(32, 0x58); /* 'X': fixed, benchmark keys only */
  Botan::ChaCha_RNG rng(Botan::secure_vector<uint8_t>(seed.begin(), seed.end()));
  /* local, so that the keys and verifiers go before Botan's own statics */
  XmssCase cases[] = {
      {"xmss-sha2_10_256", Botan::XMSS_Parameters::XMSS_SHA2_10_256},
      {"xmss-shake_10_256", Botan::XMSS_Parameters::XMSS_SHAKE_10_256},
  };
  for (XmssCase &c : cases) {
    const std::string warm = std::string(c.set) + "-verify-warm";
    const std::string raw = std::string(c.set) + "-raw+verify";
    if (!matches(warm, filters) && !matches(raw, filters)) continue;
    make_case(c, rng);
    check_case(c);
    peer_result r;
#ifdef CMP_FC_XMSS
    if (matches(warm, filters)) {
      peer_time_pair(fc_warm_side, bt_warm_side, &c, rounds, ms * 1e6, &r);
      peer_print_row(warm.c_str(), &r);
    }
    if (matches(raw, filters)) {
      peer_time_pair(fc_raw_side, bt_raw_side, &c, rounds, ms * 1e6, &r);
      peer_print_row(raw.c_str(), &r);
    }
#else
    (void)r;
    if (matches(warm, filters)) time_alone(warm.c_str(), bt_warm_side, &c, rounds, ms * 1e6);
    if (matches(raw, filters)) time_alone(raw.c_str(), bt_raw_side, &c, rounds, ms * 1e6);
#endif
  }
  return 0;
}
