// SLH-DSA (FIPS 205) verification, all twelve parameter sets:
// - tests/vectors/slhdsa/noble_slhdsa.json (@noble/post-quantum; README
//   there): pure and HashSLH-DSA signatures, valid and tampered (R, FORS,
//   first and last hypertree layer, truncated, extended, other context,
//   message, key), and SubjectPublicKeyInfo keys;
// - every byte of R and a sample of every other part of a 128s and a 128f
//   signature changed;
// - lengths, argument errors, SPKI parsing, contexts, streamed == one-shot
//   on random splits;
// - the stack bound FC_SLHDSA_STACK_MAX (support/stack_depth.h, printed as
//   "[ STACK ]" lines for docs/slhdsa.md; skipped under sanitizers).
#include <map>
#include <random>
#include <string>

#include "fastcrypt/slhdsa.h"
#include "fc_test.h"
#include "json.h"
#include "stack_depth.h"

namespace {

using fct::Bytes;

const uint8_t *ptr(const Bytes &b) {
  static const uint8_t dummy = 0;
  return b.empty() ? &dummy : b.data();
}

const char *const kNames[12] = {
    "SLH-DSA-SHA2-128s",  "SLH-DSA-SHA2-128f",  "SLH-DSA-SHA2-192s",  "SLH-DSA-SHA2-192f",
    "SLH-DSA-SHA2-256s",  "SLH-DSA-SHA2-256f",  "SLH-DSA-SHAKE-128s", "SLH-DSA-SHAKE-128f",
    "SLH-DSA-SHAKE-192s", "SLH-DSA-SHAKE-192f", "SLH-DSA-SHAKE-256s", "SLH-DSA-SHAKE-256f"};

fc_slhdsa_param param_of(const std::string &name) {
  for (int i = 0; i < 12; i++)
    if (name == kNames[i]) return (fc_slhdsa_param)(FC_SLH_DSA_SHA2_128S + i);
  ADD_FAILURE() << "unknown parameter set " << name;
  return (fc_slhdsa_param)0;
}

int ph_of(const std::string &h) {
  if (h == "SHA2-224") return FC_SHA224;
  if (h == "SHA2-256") return FC_SHA256;
  if (h == "SHA2-384") return FC_SHA384;
  if (h == "SHA2-512") return FC_SHA512;
  if (h == "SHA2-512/224") return FC_SHA512_224;
  if (h == "SHA2-512/256") return FC_SHA512_256;
  if (h == "SHA3-224") return FC_SHA3_224;
  if (h == "SHA3-256") return FC_SHA3_256;
  if (h == "SHA3-384") return FC_SHA3_384;
  if (h == "SHA3-512") return FC_SHA3_512;
  if (h == "SHAKE-128") return FC_SLHDSA_PH_SHAKE128;
  if (h == "SHAKE-256") return FC_SLHDSA_PH_SHAKE256;
  ADD_FAILURE() << "unknown hash " << h;
  return 0;
}

struct Vec {
  int64_t id;
  fc_slhdsa_param param;
  std::string mode, hash, result, comment;
  Bytes pk, msg, ctx, digest, sig;
};

// The vectors with every signature materialised (invalid entries edit the
// signature of the valid entry they name).
const std::vector<Vec> &vectors() {
  static std::vector<Vec> all = [] {
    auto doc = fct::json::parse(fct::read_text(fct::vectors_dir() + "/slhdsa/noble_slhdsa.json"));
    std::vector<Vec> v;
    std::map<int64_t, Bytes> sigs;
    for (const auto &t : doc["tests"].items()) {
      Vec e;
      e.id = t["id"].as_int();
      e.param = param_of(t["param"].as_string());
      e.mode = t["mode"].as_string();
      e.result = t["result"].as_string();
      e.comment = t["comment"].as_string();
      e.pk = fct::hex(t["pk"].as_string());
      e.msg = fct::hex(t["msg"].as_string());
      e.ctx = fct::hex(t["ctx"].as_string());
      if (t.find("hash")) e.hash = t["hash"].as_string();
      if (t.find("digest")) e.digest = fct::hex(t["digest"].as_string());
      if (t.find("sig")) {
        e.sig = fct::hex(t["sig"].as_string());
        sigs[e.id] = e.sig;
      } else {
        e.sig = sigs.at(t["sig_from"].as_int());
        if (t.find("flip")) {
          const auto &f = t["flip"].items();
          e.sig.at((size_t)f[0].as_int()) ^= (uint8_t)f[1].as_int();
        }
        if (t.find("sig_len")) e.sig.resize((size_t)t["sig_len"].as_int());
        if (t.find("sig_append")) {
          Bytes x = fct::hex(t["sig_append"].as_string());
          e.sig.insert(e.sig.end(), x.begin(), x.end());
        }
      }
      v.push_back(std::move(e));
    }
    return v;
  }();
  return all;
}

fc_err verify(const fc_slhdsa_pubkey &key, const Vec &e, const Bytes &sig) {
  if (e.mode == "prehash")
    return fc_slhdsa_verify_prehash(&key, ph_of(e.hash), ptr(e.digest), e.digest.size(),
                                    ptr(e.ctx), e.ctx.size(), ptr(sig), sig.size());
  return fc_slhdsa_verify(&key, ptr(e.msg), e.msg.size(), ptr(e.ctx), e.ctx.size(), ptr(sig),
                          sig.size());
}

fc_err verify_streamed(const fc_slhdsa_pubkey &key, const Vec &e, const Bytes &sig,
                       std::mt19937 &rng) {
  fc_slhdsa_stream st;
  fc_err rc = fc_slhdsa_stream_init(&st, &key, ptr(sig), sig.size(), ptr(e.ctx), e.ctx.size());
  if (rc != FC_OK) return rc;
  size_t at = 0;
  while (at < e.msg.size()) {
    size_t take = std::uniform_int_distribution<size_t>(0, e.msg.size() - at)(rng);
    rc = fc_slhdsa_stream_update(&st, e.msg.data() + at, take);
    if (rc != FC_OK) return rc;
    at += take;
  }
  return fc_slhdsa_stream_final(&st);
}

// Sets 1-6 are SHA2, 7-12 SHAKE (fc_slhdsa_param).
int shake_of(int param) { return param >= 7; }

// shake: -1 every set, else only the SHA2 (0) or SHAKE (1) sets.
void noble_vectors(int shake) {
  std::mt19937 rng(205);
  int valid[13] = {0}, invalid[13] = {0}, prehash[13] = {0};
  for (const Vec &e : vectors()) {
    if (shake >= 0 && shake_of(e.param) != shake) continue;
    SCOPED_TRACE("id " + std::to_string(e.id) + " " + kNames[e.param - 1] + ": " + e.comment);
    fc_slhdsa_pubkey key;
    ASSERT_EQ(fc_slhdsa_pubkey_init(&key, e.param, ptr(e.pk), e.pk.size()), FC_OK);
    fc_err want = e.result == "valid" ? FC_OK : FC_ERR_SIG;
    EXPECT_EQ(verify(key, e, e.sig), want);
    if (e.mode == "pure") {
      EXPECT_EQ(verify_streamed(key, e, e.sig, rng), want);
    }
    (e.result == "valid" ? valid : invalid)[e.param]++;
    if (e.mode == "prehash" && e.result == "valid") prehash[e.param]++;
  }
  for (int p = 1; p <= 12; p++) {
    if (shake >= 0 && shake_of(p) != shake) continue;
    EXPECT_GE(valid[p], 3) << kNames[p - 1];
    EXPECT_GE(prehash[p], 1) << kNames[p - 1];
    EXPECT_GE(invalid[p], 10) << kNames[p - 1];
  }
}

TEST(SlhDsa, NobleVectors) { noble_vectors(-1); }

TEST(SlhDsa, SpkiKeys) {
  auto doc = fct::json::parse(fct::read_text(fct::vectors_dir() + "/slhdsa/noble_slhdsa.json"));
  int n = 0;
  for (const auto &k : doc["keys_der"].items()) {
    fc_slhdsa_param P = param_of(k["param"].as_string());
    Bytes pk = fct::hex(k["pk"].as_string()), der = fct::hex(k["pk_der"].as_string());
    SCOPED_TRACE(k["param"].as_string());
    fc_slhdsa_pubkey a, b;
    ASSERT_EQ(fc_slhdsa_pubkey_from_der(&a, der.data(), der.size()), FC_OK);
    ASSERT_EQ(fc_slhdsa_pubkey_init(&b, P, pk.data(), pk.size()), FC_OK);
    EXPECT_EQ(fc_slhdsa_pubkey_param(&a), P);
    EXPECT_EQ(0, memcmp(&a, &b, sizeof a));
    // OID arc 20 + (P - 1), 9 content bytes after 30 len 30 len 06 09
    ASSERT_EQ(der[4], 0x06);
    ASSERT_EQ(der[5], 0x09);
    EXPECT_EQ(der[14], 20 + (P - 1));
    for (const Vec &e : vectors()) {
      if (e.param == P && e.result == "valid" && e.mode == "pure" && e.pk == pk) {
        EXPECT_EQ(verify(a, e, e.sig), FC_OK);
        break;
      }
    }
    // Refusals: other OIDs, trailing bytes, a truncated key, unused bits.
    for (int arc : {17, 19, 32, 35}) {
      Bytes d = der;
      d[14] = (uint8_t)arc;
      EXPECT_EQ(fc_slhdsa_pubkey_from_der(&a, d.data(), d.size()), FC_ERR_DER) << arc;
      EXPECT_EQ(fc_slhdsa_pubkey_param(&a), 0);
    }
    Bytes d = der;
    d.push_back(0);
    EXPECT_EQ(fc_slhdsa_pubkey_from_der(&a, d.data(), d.size()), FC_ERR_DER);
    d = der;
    d[d.size() - pk.size() - 1] = 1;  // unused bits
    EXPECT_EQ(fc_slhdsa_pubkey_from_der(&a, d.data(), d.size()), FC_ERR_DER);
    // a key one byte short: lengths re-encoded (all short form here)
    d = der;
    d.pop_back();
    d[1]--;
    d[d.size() - pk.size() + 1 - 2]--;  // BIT STRING length
    EXPECT_EQ(fc_slhdsa_pubkey_from_der(&a, d.data(), d.size()), FC_ERR_KEY);
    EXPECT_EQ(fc_slhdsa_pubkey_from_der(&a, der.data(), der.size() - 1), FC_ERR_DER);
    EXPECT_EQ(fc_slhdsa_pubkey_from_der(&a, nullptr, 0), FC_ERR_ARG);
    EXPECT_EQ(fc_slhdsa_pubkey_from_der(nullptr, der.data(), der.size()), FC_ERR_ARG);
    n++;
  }
  EXPECT_EQ(n, 12);
}

TEST(SlhDsa, LengthsAndArguments) {
  const size_t pk[12] = {32, 32, 48, 48, 64, 64, 32, 32, 48, 48, 64, 64};
  const size_t sig[12] = {7856, 17088, 16224, 35664, 29792, 49856,
                          7856, 17088, 16224, 35664, 29792, 49856};
  for (int i = 0; i < 12; i++) {
    fc_slhdsa_param P = (fc_slhdsa_param)(FC_SLH_DSA_SHA2_128S + i);
    EXPECT_EQ(fc_slhdsa_pk_len(P), pk[i]);
    EXPECT_EQ(fc_slhdsa_sig_len(P), sig[i]);
  }
  EXPECT_EQ(fc_slhdsa_pk_len((fc_slhdsa_param)0), 0u);
  EXPECT_EQ(fc_slhdsa_sig_len((fc_slhdsa_param)13), 0u);
  const Vec *v = nullptr;
  for (const Vec &e : vectors())
    if (e.result == "valid" && e.mode == "pure" && !e.ctx.empty()) {
      v = &e;
      break;
    }
  ASSERT_NE(v, nullptr);
  fc_slhdsa_pubkey key, unset;
  memset(&unset, 0, sizeof unset);
  EXPECT_EQ(fc_slhdsa_pubkey_init(&key, v->param, v->pk.data(), v->pk.size() - 1), FC_ERR_KEY);
  EXPECT_EQ(fc_slhdsa_pubkey_param(&key), 0);
  EXPECT_EQ(fc_slhdsa_pubkey_init(&key, (fc_slhdsa_param)13, v->pk.data(), v->pk.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_pubkey_init(&key, v->param, nullptr, 32), FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_pubkey_init(nullptr, v->param, v->pk.data(), v->pk.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_pubkey_param(nullptr), 0);
  ASSERT_EQ(fc_slhdsa_pubkey_init(&key, v->param, v->pk.data(), v->pk.size()), FC_OK);
  const Bytes &s = v->sig;
  auto pure = [&](const fc_slhdsa_pubkey *k, const uint8_t *ctx, size_t cl, const uint8_t *sg,
                  size_t sl) { return fc_slhdsa_verify(k, ptr(v->msg), v->msg.size(), ctx, cl, sg, sl); };
  EXPECT_EQ(pure(&key, v->ctx.data(), v->ctx.size(), s.data(), s.size()), FC_OK);
  // wrong lengths: FC_ERR_SIG
  for (size_t l : {(size_t)0, (size_t)1, s.size() - 1, s.size() + 1, (size_t)FC_SLHDSA_SIG_MAX}) {
    Bytes t = s;
    t.resize(l);
    EXPECT_EQ(pure(&key, v->ctx.data(), v->ctx.size(), ptr(t), l), FC_ERR_SIG) << l;
  }
  // arguments
  Bytes big(256, 0);
  EXPECT_EQ(pure(&key, big.data(), 256, s.data(), s.size()), FC_ERR_ARG);
  EXPECT_EQ(pure(&key, nullptr, 1, s.data(), s.size()), FC_ERR_ARG);
  EXPECT_EQ(pure(&key, v->ctx.data(), v->ctx.size(), nullptr, s.size()), FC_ERR_ARG);
  EXPECT_EQ(pure(&unset, v->ctx.data(), v->ctx.size(), s.data(), s.size()), FC_ERR_ARG);
  EXPECT_EQ(pure(nullptr, v->ctx.data(), v->ctx.size(), s.data(), s.size()), FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_verify(&key, nullptr, 1, nullptr, 0, s.data(), s.size()), FC_ERR_ARG);
  // contexts: every other length and a changed byte refuse
  for (size_t cl : {(size_t)0, v->ctx.size() - 1, (size_t)255}) {
    Bytes c = v->ctx;
    c.resize(cl);
    if (cl == v->ctx.size()) continue;
    EXPECT_EQ(pure(&key, ptr(c), cl, s.data(), s.size()), FC_ERR_SIG) << cl;
  }
  // pre-hash arguments
  uint8_t dg[64] = {0};
  EXPECT_EQ(fc_slhdsa_verify_prehash(&key, FC_SHA1, dg, 20, nullptr, 0, s.data(), s.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_verify_prehash(&key, FC_SHA256, dg, 31, nullptr, 0, s.data(), s.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_verify_prehash(&key, FC_SLHDSA_PH_SHAKE128, dg, 64, nullptr, 0, s.data(),
                                     s.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_verify_prehash(&key, 0x102, dg, 64, nullptr, 0, s.data(), s.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_verify_prehash(&key, FC_SHA256, nullptr, 32, nullptr, 0, s.data(),
                                     s.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_verify_prehash(&key, FC_SHA256, dg, 32, big.data(), 256, s.data(),
                                     s.size()),
            FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_verify_prehash(&key, FC_SHA256, dg, 32, nullptr, 0, s.data(), s.size()),
            FC_ERR_SIG);
  EXPECT_EQ(fc_slhdsa_verify_prehash(&key, FC_SLHDSA_PH_SHAKE256, dg, 64, nullptr, 0, s.data(),
                                     s.size() - 1),
            FC_ERR_SIG);
}

TEST(SlhDsa, Stream) {
  std::mt19937 rng(1);
  const Vec *v = nullptr;
  for (const Vec &e : vectors())
    if (e.result == "valid" && e.mode == "pure" && e.msg.size() > 20) {
      v = &e;
      break;
    }
  ASSERT_NE(v, nullptr);
  fc_slhdsa_pubkey key;
  ASSERT_EQ(fc_slhdsa_pubkey_init(&key, v->param, v->pk.data(), v->pk.size()), FC_OK);
  for (int i = 0; i < 8; i++) EXPECT_EQ(verify_streamed(key, *v, v->sig, rng), FC_OK);
  Bytes bad = v->sig;
  bad.back() ^= 1;
  EXPECT_EQ(verify_streamed(key, *v, bad, rng), FC_ERR_SIG);
  bad = v->sig;
  bad.pop_back();
  EXPECT_EQ(verify_streamed(key, *v, bad, rng), FC_ERR_SIG);
  EXPECT_EQ(verify_streamed(key, *v, Bytes(), rng), FC_ERR_SIG);
  fc_slhdsa_stream st;
  ASSERT_EQ(fc_slhdsa_stream_init(&st, &key, v->sig.data(), v->sig.size(), ptr(v->ctx),
                                  v->ctx.size()),
            FC_OK);
  ASSERT_EQ(fc_slhdsa_stream_update(&st, v->msg.data(), v->msg.size()), FC_OK);
  EXPECT_EQ(fc_slhdsa_stream_final(&st), FC_OK);
  EXPECT_EQ(fc_slhdsa_stream_final(&st), FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_stream_update(&st, v->msg.data(), 1), FC_ERR_ARG);
  Bytes big(256, 0);
  EXPECT_EQ(fc_slhdsa_stream_init(&st, &key, v->sig.data(), v->sig.size(), big.data(), 256),
            FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_stream_final(&st), FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_stream_init(nullptr, &key, v->sig.data(), v->sig.size(), nullptr, 0),
            FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_stream_init(&st, nullptr, v->sig.data(), v->sig.size(), nullptr, 0),
            FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_stream_update(nullptr, v->msg.data(), 1), FC_ERR_ARG);
  EXPECT_EQ(fc_slhdsa_stream_final(nullptr), FC_ERR_ARG);
}

// Every byte of R, and bytes across the rest (every STEP-th, offset
// varying), each changed: none verifies.
void flips(fc_slhdsa_param P, size_t step) {
  const Vec *v = nullptr;
  for (const Vec &e : vectors())
    if (e.param == P && e.result == "valid" && e.mode == "pure") {
      v = &e;
      break;
    }
  ASSERT_NE(v, nullptr);
  fc_slhdsa_pubkey key;
  ASSERT_EQ(fc_slhdsa_pubkey_init(&key, P, v->pk.data(), v->pk.size()), FC_OK);
  size_t n = v->pk.size() / 2;
  Bytes s = v->sig;
  int tried = 0;
  for (size_t i = 0; i < s.size(); i += (i < n || step == 1 ? 1 : step + (i % 3))) {
    uint8_t mask = (uint8_t)(1u << (i % 8));
    s[i] ^= mask;
    EXPECT_EQ(verify(key, *v, s), FC_ERR_SIG) << "byte " << i;
    s[i] ^= mask;
    tried++;
  }
  EXPECT_EQ(verify(key, *v, s), FC_OK);
  std::cout << "[ FLIPS    ] " << kNames[P - 1] << ": " << tried << " of " << s.size()
            << " bytes\n";
}

TEST(SlhDsa, FlipsSha2_128s) { flips(FC_SLH_DSA_SHA2_128S, 1); }
TEST(SlhDsa, FlipsShake128f) { flips(FC_SLH_DSA_SHAKE_128F, 6); }

// ---- stack ------------------------------------------------------------------------------

struct Call {
  const fc_slhdsa_pubkey *key;
  const Vec *v;
  fc_err rc;
} g;

__attribute__((noinline)) void body_verify() {
  g.rc = fc_slhdsa_verify(g.key, ptr(g.v->msg), g.v->msg.size(), ptr(g.v->ctx), g.v->ctx.size(),
                          ptr(g.v->sig), g.v->sig.size());
}
__attribute__((noinline)) void body_prehash() {
  g.rc = fc_slhdsa_verify_prehash(g.key, ph_of(g.v->hash), ptr(g.v->digest), g.v->digest.size(),
                                  ptr(g.v->ctx), g.v->ctx.size(), ptr(g.v->sig),
                                  g.v->sig.size());
}
__attribute__((noinline)) void body_stream() {
  fc_slhdsa_stream st;
  g.rc = fc_slhdsa_stream_init(&st, g.key, ptr(g.v->sig), g.v->sig.size(), ptr(g.v->ctx),
                               g.v->ctx.size());
  if (g.rc == FC_OK) g.rc = fc_slhdsa_stream_update(&st, ptr(g.v->msg), g.v->msg.size());
  if (g.rc == FC_OK) g.rc = fc_slhdsa_stream_final(&st);
}

[[maybe_unused]] void stack_check(int shake, const std::string &kernel) {
  for (int p = 1; p <= 12; p++) {
    if (shake >= 0 && shake_of(p) != shake) continue;
    const Vec *pure = nullptr, *ph = nullptr;
    for (const Vec &e : vectors())
      if (e.param == p && e.result == "valid") {
        if (e.mode == "pure" && !pure) pure = &e;
        if (e.mode == "prehash" && !ph) ph = &e;
      }
    ASSERT_TRUE(pure && ph) << kNames[p - 1];
    static fc_slhdsa_pubkey key;
    ASSERT_EQ(fc_slhdsa_pubkey_init(&key, (fc_slhdsa_param)p, pure->pk.data(), pure->pk.size()),
              FC_OK);
    size_t d[3];
    void (*bodies[3])() = {body_verify, body_prehash, body_stream};
    for (int b = 0; b < 3; b++) {
      g = Call{&key, b == 1 ? ph : pure, FC_ERR_ARG};
      d[b] = fct::stack_depth_net(bodies[b]);
      EXPECT_EQ(g.rc, FC_OK) << kNames[p - 1] << " body " << b;
      EXPECT_LE(d[b], (size_t)FC_SLHDSA_STACK_MAX) << kNames[p - 1] << " body " << b;
      EXPECT_GT(d[b], 256u) << kNames[p - 1] << ": implausibly small: did it run?";
    }
    std::cout << "[ STACK    ] " << kNames[p - 1] << " (" << kernel << "): verify " << d[0] << " B, prehash "
              << d[1] << " B, stream " << d[2] << " B\n";
  }
}

TEST(SlhDsa, Stack) {
#if defined(FCT_ASAN)
  GTEST_SKIP() << "stack depths are meaningless under AddressSanitizer (redzones, fake stacks)";
#else
  stack_check(-1, "automatic kernels");
#endif
}

// F, and the FORS levels, are hashed many at a time on FC_OP_SHA256_X (SHA2
// sets) or FC_OP_KECCAK_X (SHAKE sets): the vectors and the stack on each.
class SlhDsaSha256X : public fct::KernelTest {
 protected:
  SlhDsaSha256X() : KernelTest(FC_OP_SHA256_X) {}
};
class SlhDsaKeccakX : public fct::KernelTest {
 protected:
  SlhDsaKeccakX() : KernelTest(FC_OP_KECCAK_X) {}
};
TEST_P(SlhDsaSha256X, VectorsAndStack) {
  noble_vectors(0);
#if !defined(FCT_ASAN)
  stack_check(0, "sha256_x " + GetParam());
#endif
}
TEST_P(SlhDsaKeccakX, VectorsAndStack) {
  noble_vectors(1);
#if !defined(FCT_ASAN)
  stack_check(1, "keccak_x " + GetParam());
#endif
}
INSTANTIATE_TEST_SUITE_P(AllKernels, SlhDsaSha256X,
                         ::testing::ValuesIn(fct::kernels(FC_OP_SHA256_X)),
                         [](const auto &i) { return fct::param_name(i.param); });
INSTANTIATE_TEST_SUITE_P(AllKernels, SlhDsaKeccakX,
                         ::testing::ValuesIn(fct::kernels(FC_OP_KECCAK_X)),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
