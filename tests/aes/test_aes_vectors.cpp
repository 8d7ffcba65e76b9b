// AES known answers on every usable kernel: NIST AESAVS KAT, MMT and MCT
// (ECB, CBC), the SP 800-38A F.5 CTR examples, CAVP GCM encrypt/decrypt
// (failing tags included), Wycheproof aes_gcm_test.json and
// aes_cbc_pkcs5_test.json with their verdicts. Every file's record count is
// asserted. Each vector runs out of place and in place.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <set>

#include "aes_test.h"
#include "json.h"
#include "rsp.h"

namespace {

using fct::Bytes;

struct Rec {
  std::string section;                      // "ENCRYPT"/"DECRYPT" or GCM's section line
  std::map<std::string, std::string> sect;  // GCM headers ([Taglen = 128] ...)
  std::map<std::string, std::string> f;
  std::set<std::string> flags;
  Bytes at(const std::string &k) const {
    auto it = f.find(k);
    if (it == f.end()) throw std::runtime_error("record lacks " + k);
    return fct::hex_strict(it->second);
  }
};

// A record starts at its count field ("COUNT" or "Count").
std::vector<Rec> load(const std::string &rel, const std::string &count_key) {
  std::string text = fct::read_text(fct::vectors_dir() + "/" + rel);
  std::vector<Rec> out;
  Rec cur;
  std::string section;
  std::map<std::string, std::string> sect;
  bool open = false;
  for (const fct::rsp::Line &l : fct::rsp::parse(text)) {
    if (l.kind == fct::rsp::Line::kSection) {
      if (l.value.empty()) section = l.key;
      sect[l.key] = l.value;
      continue;
    }
    if (l.kind == fct::rsp::Line::kField && l.key == count_key) {
      if (open) out.push_back(cur);
      cur = Rec();
      cur.section = section;
      cur.sect = sect;
      open = true;
    }
    if (l.kind == fct::rsp::Line::kFlag)
      cur.flags.insert(l.key);
    else
      cur.f[l.key] = l.value;
  }
  if (open) out.push_back(cur);
  return out;
}

class AesVectors : public fct::AesKernelTest {};

// ECB or CBC one record, both directions' files.
void run_block_record(const Rec &r, bool cbc) {
  Bytes k = r.at("KEY"), pt = r.at("PLAINTEXT"), ct = r.at("CIPHERTEXT");
  Bytes iv = cbc ? r.at("IV") : Bytes(16, 0);
  bool enc = r.section == "ENCRYPT";
  ASSERT_TRUE(enc || r.section == "DECRYPT");
  fc_aes_key key;
  ASSERT_EQ(fc_aes_init(&key, k.data(), k.size()), FC_OK);
  const Bytes &in = enc ? pt : ct, &want = enc ? ct : pt;
  for (int inplace = 0; inplace < 2; inplace++) {
    Bytes buf = in, out(in.size(), 0xAA), v = iv;
    uint8_t *o = inplace ? buf.data() : out.data();
    fc_err rc;
    if (cbc)
      rc = enc ? fc_aes_cbc_encrypt(&key, v.data(), buf.data(), o, buf.size())
               : fc_aes_cbc_decrypt(&key, v.data(), buf.data(), o, buf.size());
    else
      rc = enc ? fc_aes_ecb_encrypt(&key, buf.data(), o, buf.size())
               : fc_aes_ecb_decrypt(&key, buf.data(), o, buf.size());
    ASSERT_EQ(rc, FC_OK);
    Bytes got(o, o + in.size());
    EXPECT_EQ(fct::to_hex(got), fct::to_hex(want)) << (inplace ? "in place" : "out of place");
    if (cbc) {
      EXPECT_EQ(fct::to_hex(v), fct::to_hex(Bytes(ct.end() - 16, ct.end())));
    }
  }
  fc_aes_clear(&key);
}

const std::vector<std::pair<std::string, size_t>> kBlockFiles = {
    {"kat/CBCGFSbox128.rsp", 14}, {"kat/CBCGFSbox192.rsp", 12}, {"kat/CBCGFSbox256.rsp", 10},
    {"kat/CBCKeySbox128.rsp", 42}, {"kat/CBCKeySbox192.rsp", 48}, {"kat/CBCKeySbox256.rsp", 32},
    {"kat/CBCVarKey128.rsp", 256}, {"kat/CBCVarKey192.rsp", 384}, {"kat/CBCVarKey256.rsp", 512},
    {"kat/CBCVarTxt128.rsp", 256}, {"kat/CBCVarTxt192.rsp", 256}, {"kat/CBCVarTxt256.rsp", 256},
    {"kat/ECBGFSbox128.rsp", 14}, {"kat/ECBGFSbox192.rsp", 12}, {"kat/ECBGFSbox256.rsp", 10},
    {"kat/ECBKeySbox128.rsp", 42}, {"kat/ECBKeySbox192.rsp", 48}, {"kat/ECBKeySbox256.rsp", 32},
    {"kat/ECBVarKey128.rsp", 256}, {"kat/ECBVarKey192.rsp", 384}, {"kat/ECBVarKey256.rsp", 512},
    {"kat/ECBVarTxt128.rsp", 256}, {"kat/ECBVarTxt192.rsp", 256}, {"kat/ECBVarTxt256.rsp", 256},
    {"mmt/CBCMMT128.rsp", 20},     {"mmt/CBCMMT192.rsp", 20},     {"mmt/CBCMMT256.rsp", 20},
    {"mmt/ECBMMT128.rsp", 20},     {"mmt/ECBMMT192.rsp", 20},     {"mmt/ECBMMT256.rsp", 20},
};

TEST_P(AesVectors, KatAndMmt) {
  for (const auto &fc : kBlockFiles) {
    SCOPED_TRACE(fc.first);
    std::vector<Rec> recs = load("nist/aes/" + fc.first, "COUNT");
    ASSERT_EQ(recs.size(), fc.second);
    bool cbc = fc.first.find("/CBC") != std::string::npos;
    for (const Rec &r : recs) {
      SCOPED_TRACE(r.section + " COUNT " + r.f.at("COUNT"));
      run_block_record(r, cbc);
      if (HasFatalFailure()) return;
    }
  }
}

// AESAVS section 6.4 Monte Carlo: 100 outer steps of 1000 operations; the
// key is updated with the last 1, 1.5 or 2 outputs.
void next_key(Bytes &k, const Bytes &prev, const Bytes &last) {
  Bytes tail;
  if (k.size() == 24) tail.insert(tail.end(), prev.end() - 8, prev.end());
  if (k.size() == 32) tail = prev;
  tail.insert(tail.end(), last.begin(), last.end());
  for (size_t i = 0; i < k.size(); i++) k[i] ^= tail[i];
}

void run_mct(const std::vector<Rec> &recs, bool cbc) {
  for (const std::string dir : {"ENCRYPT", "DECRYPT"}) {
    SCOPED_TRACE(dir);
    bool enc = dir == "ENCRYPT";
    const char *in_name = enc ? "PLAINTEXT" : "CIPHERTEXT", *out_name = enc ? "CIPHERTEXT" : "PLAINTEXT";
    std::vector<const Rec *> rs;
    for (const Rec &r : recs)
      if (r.section == dir) rs.push_back(&r);
    ASSERT_EQ(rs.size(), 100u);
    Bytes k = rs[0]->at("KEY"), iv = cbc ? rs[0]->at("IV") : Bytes(), x = rs[0]->at(in_name);
    for (size_t i = 0; i < 100; i++) {
      SCOPED_TRACE("COUNT " + std::to_string(i));
      ASSERT_EQ(fct::to_hex(k), fct::to_hex(rs[i]->at("KEY")));
      ASSERT_EQ(fct::to_hex(x), fct::to_hex(rs[i]->at(in_name)));
      if (cbc) {
        ASSERT_EQ(fct::to_hex(iv), fct::to_hex(rs[i]->at("IV")));
      }
      fc_aes_key key;
      ASSERT_EQ(fc_aes_init(&key, k.data(), k.size()), FC_OK);
      Bytes out(16), prev(16), v = iv, in = x;
      for (int j = 0; j < 1000; j++) {
        prev = out;
        if (!cbc) {
          ASSERT_EQ((enc ? fc_aes_ecb_encrypt : fc_aes_ecb_decrypt)(&key, in.data(), out.data(), 16),
                    FC_OK);
          in = out;
        } else {
          Bytes before = v;  // the chaining value this block used (IV or previous CT)
          if (enc)
            ASSERT_EQ(fc_aes_cbc_encrypt(&key, v.data(), in.data(), out.data(), 16), FC_OK);
          else
            ASSERT_EQ(fc_aes_cbc_decrypt(&key, v.data(), in.data(), out.data(), 16), FC_OK);
          // encrypt: PT[j+1] = CT[j-1] (IV for j = 0); decrypt: CT[j+1] = PT[j-1] (IV for j = 0)
          in = enc ? before : (j == 0 ? iv : prev);
        }
      }
      ASSERT_EQ(fct::to_hex(out), fct::to_hex(rs[i]->at(out_name)));
      next_key(k, prev, out);
      if (cbc) {
        iv = out;
        x = prev;
      } else {
        x = out;
      }
      fc_aes_clear(&key);
    }
  }
}

TEST_P(AesVectors, MonteCarlo) {
  for (const std::string f : {"ECBMCT128", "ECBMCT192", "ECBMCT256", "CBCMCT128", "CBCMCT192",
                              "CBCMCT256"}) {
    SCOPED_TRACE(f);
    std::vector<Rec> recs = load("nist/aes/mct/" + f + ".rsp", "COUNT");
    ASSERT_EQ(recs.size(), 200u);
    run_mct(recs, f[0] == 'C');
    if (HasFatalFailure()) return;
  }
}

// SP 800-38A appendix F.5.1-F.5.6.
TEST_P(AesVectors, Sp800_38aCtr) {
  const Bytes ctr0 = fct::hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
  const Bytes pt = fct::hex(
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
      "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");
  const struct {
    const char *key, *ct;
  } cases[] = {
      {"2b7e151628aed2a6abf7158809cf4f3c",
       "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
       "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee"},
      {"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
       "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e94"
       "1e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050"},
      {"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
       "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
       "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"},
  };
  for (const auto &c : cases) {
    Bytes k = fct::hex(c.key), want = fct::hex(c.ct);
    fc_aes_key key;
    ASSERT_EQ(fc_aes_init(&key, k.data(), k.size()), FC_OK);
    ASSERT_STREQ(fct::aes_kernel_of(key), GetParam().c_str());
    for (int dir = 0; dir < 2; dir++) {  // F.5.odd encrypt, F.5.even decrypt
      const Bytes &in = dir ? want : pt, &exp = dir ? pt : want;
      Bytes out(64), ctr = ctr0;
      ASSERT_EQ(fc_aes_ctr(&key, ctr.data(), in.data(), out.data(), 64), FC_OK);
      EXPECT_EQ(fct::to_hex(out), fct::to_hex(exp));
      EXPECT_EQ(fct::to_hex(ctr), "f0f1f2f3f4f5f6f7f8f9fafbfcfdff03");
      // in place, one block then the rest with a ragged split
      Bytes buf = in;
      ctr = ctr0;
      ASSERT_EQ(fc_aes_ctr(&key, ctr.data(), buf.data(), buf.data(), 16), FC_OK);
      ASSERT_EQ(fc_aes_ctr(&key, ctr.data(), buf.data() + 16, buf.data() + 16, 48), FC_OK);
      EXPECT_EQ(fct::to_hex(buf), fct::to_hex(exp));
    }
    fc_aes_clear(&key);
  }
}

// Wycheproof aes_cbc_pkcs5_test.json: valid ones decrypt to msg and
// encrypt (with padding) to ct; invalid ones fail with FC_ERR_AUTH.
TEST_P(AesVectors, WycheproofCbcPkcs5) {
  auto doc = fct::json::parse(
      fct::read_text(fct::vectors_dir() + "/wycheproof/testvectors_v1/aes_cbc_pkcs5_test.json"));
  size_t n = 0, valid = 0, invalid = 0;
  for (const auto &g : doc["testGroups"].items())
    for (const auto &t : g["tests"].items()) {
      SCOPED_TRACE("tcId " + std::to_string(t["tcId"].as_int()));
      n++;
      Bytes k = fct::hex(t["key"].as_string()), iv = fct::hex(t["iv"].as_string());
      Bytes msg = fct::hex(t["msg"].as_string()), ct = fct::hex(t["ct"].as_string());
      std::string res = t["result"].as_string();
      fc_aes_key key;
      ASSERT_EQ(fc_aes_init(&key, k.data(), k.size()), FC_OK);
      Bytes buf = ct, v = iv;
      size_t out_len = 12345;
      fc_err rc = ct.empty() || ct.size() % 16
                      ? FC_ERR_ARG
                      : fc_aes_cbc_decrypt_unpad(&key, v.data(), buf.data(), buf.data(), buf.size(),
                                                 &out_len);
      if (res == "valid") {
        valid++;
        ASSERT_EQ(rc, FC_OK);
        EXPECT_EQ(fct::to_hex(Bytes(buf.begin(), buf.begin() + out_len)), fct::to_hex(msg));
        Bytes out(msg.size() + 16);
        v = iv;
        ASSERT_EQ(fc_aes_cbc_encrypt_pad(&key, v.data(), msg.data(), msg.size(), out.data(),
                                         out.size(), &out_len),
                  FC_OK);
        out.resize(out_len);
        EXPECT_EQ(fct::to_hex(out), fct::to_hex(ct));
      } else {
        invalid++;
        ASSERT_EQ(res, "invalid");
        if (!ct.empty() && ct.size() % 16 == 0) {
          EXPECT_EQ(rc, FC_ERR_AUTH);
          EXPECT_EQ(out_len, 0u);
          EXPECT_EQ(buf, Bytes(ct.size(), 0)) << "out zeroed on bad padding";
        } else {
          EXPECT_EQ(rc, FC_ERR_ARG);
        }
      }
      fc_aes_clear(&key);
    }
  EXPECT_EQ(n, 216u);
  EXPECT_EQ(valid, 72u);
  EXPECT_EQ(invalid, 144u);
  EXPECT_EQ((size_t)doc["numberOfTests"].as_int(), n);
}

INSTANTIATE_TEST_SUITE_P(AllKernels, AesVectors, ::testing::ValuesIn(fct::kernels(FC_OP_AES)),
                         [](const auto &i) { return fct::param_name(i.param); });

// ---------------------------------------------------------------- GCM

class GcmVectors : public fct::GcmPairTest {};

// One GCM case both ways, one shot (out of place, in place) and streaming
// (split at `split`). want_ok: the tag is right.
void gcm_case(const Bytes &k, const Bytes &iv, const Bytes &aad, const Bytes &pt, const Bytes &ct,
              const Bytes &tag, bool want_ok, bool can_encrypt, size_t split) {
  fc_aes_key key;
  ASSERT_EQ(fc_aes_init(&key, k.data(), k.size()), FC_OK);
  if (can_encrypt) {
    Bytes out(pt.size() + 1), t(tag.size());
    ASSERT_EQ(fc_aes_gcm_encrypt(&key, iv.data(), iv.size(), aad.data(), aad.size(), pt.data(),
                                 out.data(), pt.size(), t.data(), t.size()),
              FC_OK);
    out.resize(pt.size());
    EXPECT_EQ(fct::to_hex(out), fct::to_hex(ct));
    EXPECT_EQ(fct::to_hex(t), fct::to_hex(tag));
    Bytes buf = pt;
    ASSERT_EQ(fc_aes_gcm_encrypt(&key, iv.data(), iv.size(), aad.data(), aad.size(), buf.data(),
                                 buf.data(), buf.size(), t.data(), t.size()),
              FC_OK);
    EXPECT_EQ(fct::to_hex(buf), fct::to_hex(ct)) << "in place";
    // streaming, AAD and text each in two pieces
    fc_aes_gcm_ctx ctx;
    size_t sa = split % (aad.size() + 1), sp = split % (pt.size() + 1);
    Bytes so(pt.size() + 1);
    ASSERT_EQ(fc_aes_gcm_init(&ctx, &key, iv.data(), iv.size()), FC_OK);
    ASSERT_EQ(fc_aes_gcm_aad(&ctx, aad.data(), sa), FC_OK);
    ASSERT_EQ(fc_aes_gcm_aad(&ctx, aad.data() + sa, aad.size() - sa), FC_OK);
    ASSERT_EQ(fc_aes_gcm_encrypt_update(&ctx, pt.data(), so.data(), sp), FC_OK);
    ASSERT_EQ(fc_aes_gcm_encrypt_update(&ctx, pt.data() + sp, so.data() + sp, pt.size() - sp),
              FC_OK);
    ASSERT_EQ(fc_aes_gcm_encrypt_final(&ctx, t.data(), t.size()), FC_OK);
    so.resize(pt.size());
    EXPECT_EQ(fct::to_hex(so), fct::to_hex(ct)) << "streaming";
    EXPECT_EQ(fct::to_hex(t), fct::to_hex(tag)) << "streaming";
  }
  Bytes out(ct.size() + 1, 0x5A);
  fc_err rc = fc_aes_gcm_decrypt(&key, iv.data(), iv.size(), aad.data(), aad.size(), ct.data(),
                                 out.data(), ct.size(), tag.data(), tag.size());
  out.resize(ct.size());
  if (want_ok) {
    EXPECT_EQ(rc, FC_OK);
    EXPECT_EQ(fct::to_hex(out), fct::to_hex(pt));
  } else {
    EXPECT_EQ(rc, FC_ERR_AUTH);
    EXPECT_EQ(out, Bytes(ct.size(), 0)) << "out zeroed on a wrong tag";
  }
  Bytes buf = ct;
  rc = fc_aes_gcm_decrypt(&key, iv.data(), iv.size(), aad.data(), aad.size(), buf.data(),
                          buf.data(), buf.size(), tag.data(), tag.size());
  EXPECT_EQ(rc, want_ok ? FC_OK : FC_ERR_AUTH) << "in place";
  EXPECT_EQ(fct::to_hex(buf), fct::to_hex(want_ok ? pt : Bytes(ct.size(), 0))) << "in place";
  fc_aes_clear(&key);
}

TEST_P(GcmVectors, CavpEncrypt) {
  for (const char *f : {"gcmEncryptExtIV128", "gcmEncryptExtIV192", "gcmEncryptExtIV256"}) {
    SCOPED_TRACE(f);
    std::vector<Rec> recs = load(std::string("nist/aes/gcm/") + f + ".rsp", "Count");
    ASSERT_EQ(recs.size(), 1050u);
    size_t i = 0;
    for (const Rec &r : recs) {
      SCOPED_TRACE("line Count " + r.f.at("Count") + " IVlen " + r.sect.at("IVlen") + " PTlen " +
                   r.sect.at("PTlen") + " AADlen " + r.sect.at("AADlen"));
      gcm_case(r.at("Key"), r.at("IV"), r.at("AAD"), r.at("PT"), r.at("CT"), r.at("Tag"), true,
               true, i++ * 7);
      if (HasFatalFailure()) return;
    }
  }
}

TEST_P(GcmVectors, CavpDecrypt) {
  const std::pair<const char *, size_t> files[] = {
      {"gcmDecrypt128", 544}, {"gcmDecrypt192", 505}, {"gcmDecrypt256", 532}};
  for (const auto &fc : files) {
    SCOPED_TRACE(fc.first);
    std::vector<Rec> recs = load(std::string("nist/aes/gcm/") + fc.first + ".rsp", "Count");
    ASSERT_EQ(recs.size(), 1050u);
    size_t fails = 0;
    for (const Rec &r : recs) {
      SCOPED_TRACE("Count " + r.f.at("Count") + " IVlen " + r.sect.at("IVlen") + " PTlen " +
                   r.sect.at("PTlen"));
      bool fail = r.flags.count("FAIL") != 0;
      fails += fail;
      Bytes ct = r.at("CT");
      gcm_case(r.at("Key"), r.at("IV"), r.at("AAD"), fail ? ct : r.at("PT"), ct, r.at("Tag"),
               !fail, false, 0);
      if (HasFatalFailure()) return;
    }
    EXPECT_EQ(fails, fc.second);
  }
}

TEST_P(GcmVectors, WycheproofGcm) {
  auto doc = fct::json::parse(
      fct::read_text(fct::vectors_dir() + "/wycheproof/testvectors_v1/aes_gcm_test.json"));
  size_t n = 0, valid = 0, invalid = 0, zero_iv = 0;
  for (const auto &g : doc["testGroups"].items())
    for (const auto &t : g["tests"].items()) {
      SCOPED_TRACE("tcId " + std::to_string(t["tcId"].as_int()));
      n++;
      Bytes k = fct::hex(t["key"].as_string()), iv = fct::hex(t["iv"].as_string());
      Bytes aad = fct::hex(t["aad"].as_string()), msg = fct::hex(t["msg"].as_string());
      Bytes ct = fct::hex(t["ct"].as_string()), tag = fct::hex(t["tag"].as_string());
      std::string res = t["result"].as_string();
      if (iv.empty()) {  // GCM needs a nonempty IV: refused before anything is done
        zero_iv++;
        invalid += res == "invalid";
        fc_aes_key key;
        ASSERT_EQ(fc_aes_init(&key, k.data(), k.size()), FC_OK);
        Bytes out(ct.size() + 1, 0x5A), t2(16);
        uint8_t dummy = 0;
        EXPECT_EQ(fc_aes_gcm_decrypt(&key, &dummy, 0, aad.data(), aad.size(), ct.data(),
                                     out.data(), ct.size(), tag.data(), tag.size()),
                  FC_ERR_ARG);
        EXPECT_EQ(out, Bytes(ct.size() + 1, 0x5A));
        continue;
      }
      if (res == "valid") {
        valid++;
        gcm_case(k, iv, aad, msg, ct, tag, true, true, n * 5);
      } else {
        invalid++;
        ASSERT_EQ(res, "invalid");
        gcm_case(k, iv, aad, ct, ct, tag, false, false, 0);
      }
      if (HasFatalFailure()) return;
    }
  EXPECT_EQ(n, 316u);
  EXPECT_EQ(valid, 229u);
  EXPECT_EQ(invalid, 87u);
  EXPECT_EQ(zero_iv, 6u);
  EXPECT_EQ((size_t)doc["numberOfTests"].as_int(), n);
}

INSTANTIATE_TEST_SUITE_P(AllPairs, GcmVectors, ::testing::ValuesIn(fct::aes_ghash_pairs()),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
