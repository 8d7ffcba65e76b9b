// NIST SHAVS (byte-oriented) known answers for SHA-1/224/256/384/512 through
// fc__hash, for every kernel of each hash op: ShortMsg, LongMsg and the Monte
// Carlo test (SHAVS section 6.4). Files: tests/vectors/nist/sha, parsed once.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <memory>
#include <ostream>

#include "fc_test.h"
#include "rsp.h"
// fc_internal.h has no extern "C" guard of its own.
extern "C" {
#include "hash/hash_internal.h"
}

using fct::Bytes;

namespace {

struct Alg {
  const char *file;  // SHA1, SHA224, ... as in the file names
  fc_hash_alg alg;
  fc_op op;                        // the op whose kernel computes it
  size_t short_count, long_count;  // vectors per file (nist/README.md)
};
const Alg kAlgs[] = {
    {"SHA1", FC_SHA1, FC_OP_SHA1, 65, 64},         {"SHA224", FC_SHA224, FC_OP_SHA256, 65, 64},
    {"SHA256", FC_SHA256, FC_OP_SHA256, 65, 64},   {"SHA384", FC_SHA384, FC_OP_SHA512, 129, 128},
    {"SHA512", FC_SHA512, FC_OP_SHA512, 129, 128},
};

struct MsgCase {
  Bytes msg, md;
  size_t line;
};

struct MsgFile {
  std::vector<MsgCase> cases;
  std::string error;
};

// ShortMsg / LongMsg: [L = digest bytes], then Len (bits), Msg, MD.
const MsgFile &msg_file(const std::string &name, size_t digest_len) {
  static std::map<std::string, MsgFile> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  MsgFile &mf = cache[name];
  try {
    std::string text = fct::read_text(fct::vectors_dir() + "/nist/sha/" + name);
    if (text.empty()) throw std::runtime_error("empty or unreadable");
    for (const auto &r : fct::rsp::records(fct::rsp::parse(text), "MD")) {
      if (std::stoul(r.section.at("L")) != digest_len)
        throw std::runtime_error("[L] is not the digest length");
      unsigned long bits = std::stoul(r.at("Len"));
      if (bits % 8) throw std::runtime_error("Len not a whole number of bytes");
      MsgCase c;
      c.line = r.lineno;
      c.msg = fct::hex_strict(r.at("Msg"));
      if (bits == 0) {  // written as Msg = 00: the empty message
        if (c.msg != Bytes{0}) throw std::runtime_error("Len = 0 without Msg = 00");
        c.msg.clear();
      }
      if (c.msg.size() != bits / 8)
        throw std::runtime_error("Msg length != Len at line " + std::to_string(r.lineno));
      c.md = fct::hex_strict(r.at("MD"));
      if (c.md.size() != digest_len) throw std::runtime_error("MD length");
      mf.cases.push_back(std::move(c));
    }
  } catch (const std::exception &ex) {
    mf.error = name + ": " + ex.what();
  }
  return mf;
}

struct MonteFile {
  Bytes seed;
  std::vector<Bytes> md;  // checkpoints COUNT = 0..99
  std::string error;
};

const MonteFile &monte_file(const std::string &name, size_t digest_len) {
  static std::map<std::string, MonteFile> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  MonteFile &mf = cache[name];
  try {
    std::string text = fct::read_text(fct::vectors_dir() + "/nist/sha/" + name);
    if (text.empty()) throw std::runtime_error("empty or unreadable");
    for (const auto &r : fct::rsp::records(fct::rsp::parse(text), "MD", {"Seed"})) {
      if (std::stoul(r.section.at("L")) != digest_len)
        throw std::runtime_error("[L] is not the digest length");
      if (mf.md.empty()) mf.seed = fct::hex_strict(r.at("Seed"));
      if (std::stoul(r.at("COUNT")) != mf.md.size())
        throw std::runtime_error("COUNT out of sequence");
      mf.md.push_back(fct::hex_strict(r.at("MD")));
      if (mf.md.back().size() != digest_len) throw std::runtime_error("MD length");
    }
    if (mf.seed.size() != digest_len) throw std::runtime_error("Seed length");
  } catch (const std::exception &ex) {
    mf.error = name + ": " + ex.what();
  }
  return mf;
}

Bytes hash(fc_hash_alg alg, const Bytes &m) {
  Bytes d(fc_hash_len(alg));
  EXPECT_EQ(fc__hash(alg, m.empty() ? nullptr : m.data(), m.size(), d.data()), FC_OK);
  return d;
}

struct Param {
  fc_op op;
  std::string kernel;
};

std::vector<Param> params() {
  std::vector<Param> v;
  for (fc_op op : {FC_OP_SHA1, FC_OP_SHA256, FC_OP_SHA512})
    for (const std::string &k : fct::kernels(op)) v.push_back({op, k});
  return v;
}

const char *op_name(fc_op op) {
  return op == FC_OP_SHA1 ? "sha1" : op == FC_OP_SHA256 ? "sha256" : "sha512";
}

// gtest prints the parameter of a failing test with this.
void PrintTo(const Param &p, std::ostream *os) { *os << op_name(p.op) << "/" << p.kernel; }

class Shavs : public ::testing::TestWithParam<Param> {
 protected:
  void SetUp() override {
    const Param &p = GetParam();
    fct::note_kernel_attempt(p.op, p.kernel);
    if (!fct::kernel_usable(p.op, p.kernel))
      GTEST_SKIP() << "UNAVAILABLE on this CPU: " << p.kernel;
    pin_ = std::make_unique<fct::Pin>(p.op, p.kernel);
    ASSERT_EQ(pin_->rc, FC_OK);
    ASSERT_STREQ(fc_impl_active(p.op), p.kernel.c_str());
    fct::note_kernel_ran(p.op, p.kernel);
  }
  std::unique_ptr<fct::Pin> pin_;
};

void run_msg(const Alg &a, const std::string &kind, size_t want) {
  std::string name = std::string(a.file) + kind + ".rsp";
  const MsgFile &mf = msg_file(name, fc_hash_len(a.alg));
  ASSERT_TRUE(mf.error.empty()) << mf.error;
  size_t ok = 0;
  for (const MsgCase &c : mf.cases) {
    Bytes got = hash(a.alg, c.msg);
    EXPECT_EQ(fct::to_hex(got), fct::to_hex(c.md))
        << name << " line " << c.line << " (" << c.msg.size() << " bytes)";
    ok += got == c.md;
  }
  EXPECT_EQ(mf.cases.size(), want) << name << ": vector count";
  std::printf("[ shavs ] %-18s %zu vectors, %zu match\n", name.c_str(), mf.cases.size(), ok);
}

TEST_P(Shavs, ShortMsg) {
  int n = 0;
  for (const Alg &a : kAlgs)
    if (a.op == GetParam().op) {
      run_msg(a, "ShortMsg", a.short_count);
      n++;
    }
  EXPECT_GT(n, 0);
}

TEST_P(Shavs, LongMsg) {
  int n = 0;
  for (const Alg &a : kAlgs)
    if (a.op == GetParam().op) {
      run_msg(a, "LongMsg", a.long_count);
      n++;
    }
  EXPECT_GT(n, 0);
}

// SHAVS 6.4: MD0 = MD1 = MD2 = Seed; MDi = SHA(MD(i-3) || MD(i-2) || MD(i-1))
// for i = 3..1002; checkpoint = MD1002, which seeds the next round.
// Time budget (qemu runs): the first kMonteRounds of the 100 checkpoints,
// i.e. 1000 * kMonteRounds chained hashes per algorithm.
const size_t kMonteRounds = 10;

TEST_P(Shavs, Monte) {
  int n = 0;
  for (const Alg &a : kAlgs) {
    if (a.op != GetParam().op) continue;
    n++;
    std::string name = std::string(a.file) + "Monte.rsp";
    size_t dl = fc_hash_len(a.alg);
    const MonteFile &mf = monte_file(name, dl);
    ASSERT_TRUE(mf.error.empty()) << mf.error;
    ASSERT_EQ(mf.md.size(), 100u) << name;
    Bytes seed = mf.seed, buf(3 * dl);
    size_t ok = 0;
    for (size_t j = 0; j < kMonteRounds; j++) {
      // buf holds MD(i-3) || MD(i-2) || MD(i-1)
      for (int k = 0; k < 3; k++) std::copy(seed.begin(), seed.end(), buf.begin() + (long)(k * dl));
      Bytes md(dl);
      for (int i = 3; i <= 1002; i++) {
        ASSERT_EQ(fc__hash(a.alg, buf.data(), buf.size(), md.data()), FC_OK);
        std::copy(buf.begin() + (long)dl, buf.end(), buf.begin());
        std::copy(md.begin(), md.end(), buf.begin() + (long)(2 * dl));
      }
      EXPECT_EQ(fct::to_hex(md), fct::to_hex(mf.md[j])) << name << " COUNT = " << j;
      ok += md == mf.md[j];
      seed = md;
    }
    std::printf("[ shavs ] %-18s %zu of 100 checkpoints run (x1000 hashes), %zu match\n",
                name.c_str(), kMonteRounds, ok);
  }
  EXPECT_GT(n, 0);
}

INSTANTIATE_TEST_SUITE_P(Kernels, Shavs, ::testing::ValuesIn(params()),
                         [](const ::testing::TestParamInfo<Param> &i) {
                           return std::string(op_name(i.param.op)) + "_" +
                                  fct::param_name(i.param.kernel);
                         });

}  // namespace
