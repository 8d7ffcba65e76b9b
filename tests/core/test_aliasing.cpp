// Outputs that overlap inputs (docs/api.md "Overlapping buffers"), on every
// SHA-1/SHA-2 kernel and on the Keccak kernel for SHA-3: for each call that
// hashes, MACs or derives, and each input it has, the output placed on that
// input exactly, starting 7 bytes before it and 7 bytes after it. Where the
// rule allows the overlap, the output must equal the one computed from
// separate buffers (the separate-buffer path is what the Wycheproof and
// CAVP vectors check); where it refuses it (HKDF's okm on info), the call
// returns FC_ERR_ARG and leaves the buffer as it was (an output that
// shares no byte with it, 7 bytes past a 3-byte info, is accepted). HKDF and PBKDF2
// outputs span several hash blocks, the last one partial.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "fc_test.h"
#include "hash_kernel.h"

using fct::Bytes;

namespace {

struct Input {
  const char *name;
  size_t len;
};

// One call: its inputs, its output length and the call on pointers to them.
struct Call {
  const char *name;
  std::vector<Input> inputs;
  size_t out_len;
  std::function<fc_err(const std::vector<const uint8_t *> &in, uint8_t *out)> run;
  const char *refused;  // the input an overlapping output is refused on, or nullptr
};

Bytes pattern(size_t n, uint8_t seed) {
  Bytes b(n);
  for (size_t i = 0; i < n; i++) b[i] = (uint8_t)(seed + 31 * i + (i >> 3));
  return b;
}

void check_call(const Call &c, const std::string &what) {
  std::vector<Bytes> data;
  std::vector<const uint8_t *> sep;
  for (size_t i = 0; i < c.inputs.size(); i++) data.push_back(pattern(c.inputs[i].len, (uint8_t)(17 * i + 3)));
  for (const Bytes &b : data) sep.push_back(b.data());
  Bytes ref(c.out_len, 0xee);
  ASSERT_EQ(c.run(sep, ref.data()), FC_OK) << what << " " << c.name;
  for (size_t i = 0; i < c.inputs.size(); i++) {
    for (long off : {-7L, 0L, 7L}) {
      // buf holds input i at `at` and the output at `at + off`.
      const size_t at = 16;
      Bytes buf(at + std::max(data[i].size(), c.out_len) + 32, 0x5a);
      std::memcpy(buf.data() + at, data[i].data(), data[i].size());
      const Bytes before = buf;
      std::vector<const uint8_t *> in = sep;
      in[i] = buf.data() + at;
      uint8_t *out = buf.data() + at + off;
      std::string where = what + " " + c.name + ": output at " + c.inputs[i].name +
                          (off < 0 ? " - 7" : off > 0 ? " + 7" : "");
      fc_err rc = c.run(in, out);
      const bool shared = off < (long)data[i].size() && off + (long)c.out_len > 0;
      if (c.refused != nullptr && std::strcmp(c.refused, c.inputs[i].name) == 0 && shared) {
        EXPECT_EQ(rc, FC_ERR_ARG) << where;
        EXPECT_TRUE(buf == before) << where << ": refused, yet written";
      } else {
        ASSERT_EQ(rc, FC_OK) << where;
        EXPECT_EQ(fct::to_hex(Bytes(out, out + c.out_len)), fct::to_hex(ref)) << where;
      }
    }
  }
}

std::vector<Call> calls(fc_hash_alg alg) {
  const size_t hl = fc_hash_len(alg);
  const size_t okm = 3 * hl + 5, dk = 2 * hl + 7;
  std::vector<Call> v;
  v.push_back({"fc_hash", {{"msg", 200}}, hl,
               [alg](const std::vector<const uint8_t *> &in, uint8_t *out) {
                 return fc_hash(alg, in[0], 200, out);
               },
               nullptr});
  v.push_back({"fc_hmac", {{"key", 45}, {"msg", 200}}, hl,
               [alg](const std::vector<const uint8_t *> &in, uint8_t *out) {
                 return fc_hmac(alg, in[0], 45, in[1], 200, out);
               },
               nullptr});
  v.push_back({"fc_hmac (long key)", {{"key", 300}, {"msg", 20}}, hl,
               [alg](const std::vector<const uint8_t *> &in, uint8_t *out) {
                 return fc_hmac(alg, in[0], 300, in[1], 20, out);
               },
               nullptr});
  v.push_back({"fc_hkdf", {{"salt", 33}, {"ikm", 70}, {"info", 90}}, okm,
               [alg, okm](const std::vector<const uint8_t *> &in, uint8_t *out) {
                 return fc_hkdf(alg, in[0], 33, in[1], 70, in[2], 90, out, okm);
               },
               "info"});
  v.push_back({"fc_hkdf (short info)", {{"salt", 33}, {"ikm", 70}, {"info", 3}}, okm,
               [alg, okm](const std::vector<const uint8_t *> &in, uint8_t *out) {
                 return fc_hkdf(alg, in[0], 33, in[1], 70, in[2], 3, out, okm);
               },
               "info"});
  v.push_back({"fc_hkdf_expand", {{"prk", hl}, {"info", 90}}, okm,
               [alg, hl, okm](const std::vector<const uint8_t *> &in, uint8_t *out) {
                 return fc_hkdf_expand(alg, in[0], hl, in[1], 90, out, okm);
               },
               "info"});
  v.push_back({"fc_pbkdf2", {{"pw", 40}, {"salt", 24}}, dk,
               [alg, dk](const std::vector<const uint8_t *> &in, uint8_t *out) {
                 return fc_pbkdf2(alg, in[0], 40, in[1], 24, 3, out, dk);
               },
               nullptr});
  return v;
}

class Aliasing : public fct::HashKernelTest {};

TEST_P(Aliasing, EveryInputOfEveryKeyedCall) {
  for (fc_hash_alg alg : algs())
    for (const Call &c : calls(alg)) check_call(c, "alg " + std::to_string((int)alg));
}

INSTANTIATE_TEST_SUITE_P(Kernels, Aliasing, ::testing::ValuesIn(fct::hash_params()),
                         fct::hash_param_name);

// SHA-3 takes the sponge paths of HMAC and PBKDF2; SHAKE and ParallelHash
// write their output after reading every input.
TEST(AliasingSha3, EveryInputOfEveryCall) {
  for (fc_hash_alg alg : {FC_SHA3_224, FC_SHA3_256, FC_SHA3_384, FC_SHA3_512})
    for (const Call &c : calls(alg)) check_call(c, "alg " + std::to_string((int)alg));
  check_call({"fc_xof SHAKE128", {{"msg", 300}}, 400,
              [](const std::vector<const uint8_t *> &in, uint8_t *out) {
                return fc_xof(FC_SHAKE128, in[0], 300, out, 400);
              },
              nullptr},
             "shake");
  check_call({"fc_parallelhash256", {{"msg", 700}, {"custom", 40}}, 300,
              [](const std::vector<const uint8_t *> &in, uint8_t *out) {
                return fc_parallelhash256(in[0], 700, 64, in[1], 40, out, 300);
              },
              nullptr},
             "parallelhash");
}

// The refusal is for any shared byte: okm's last byte on info's first,
// and info's last byte on okm's first; one byte apart is accepted.
TEST(AliasingHkdf, OneSharedByteIsRefused) {
  Bytes buf(400, 0x33);
  const size_t okm = 70;
  uint8_t *info = buf.data() + 200;
  EXPECT_EQ(fc_hkdf(FC_SHA256, nullptr, 0, buf.data(), 10, info, 50, info - okm + 1, okm), FC_ERR_ARG);
  EXPECT_EQ(fc_hkdf(FC_SHA256, nullptr, 0, buf.data(), 10, info, 50, info + 49, okm), FC_ERR_ARG);
  EXPECT_EQ(fc_hkdf_expand(FC_SHA256, buf.data(), 32, info, 50, info - okm + 1, okm), FC_ERR_ARG);
  EXPECT_EQ(fc_hkdf_expand(FC_SHA256, buf.data(), 32, info, 50, info + 49, okm), FC_ERR_ARG);
  Bytes ref(okm), sep_info(info, info + 50);
  ASSERT_EQ(fc_hkdf(FC_SHA256, nullptr, 0, buf.data(), 10, sep_info.data(), 50, ref.data(), okm), FC_OK);
  EXPECT_EQ(fc_hkdf(FC_SHA256, nullptr, 0, buf.data(), 10, info, 50, info - okm, okm), FC_OK);
  EXPECT_EQ(fct::to_hex(Bytes(info - okm, info)), fct::to_hex(ref));
  EXPECT_EQ(fc_hkdf(FC_SHA256, nullptr, 0, buf.data(), 10, info, 50, info + 50, okm), FC_OK);
  EXPECT_EQ(fct::to_hex(Bytes(info + 50, info + 50 + okm)), fct::to_hex(ref));
  // Empty info overlaps nothing.
  EXPECT_EQ(fc_hkdf_expand(FC_SHA256, buf.data(), 32, info, 0, info, okm), FC_OK);
}

}  // namespace
