// Every AES kernel against `ct`, every (AES, GHASH) pair against `ct/ct`
// and against an independent GCM reference written here (SP 800-38D
// algorithms 1-4 bit by bit over ECB): random keys, IVs, AAD and lengths
// 0..4096, in place and out of place, counters carrying across 32, 64 and
// 128 bits, GCM's inc32 wrapping inside a message.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <iostream>

#include "aes_test.h"

namespace {

using fct::Bytes;

Bytes rnd(fct::Rng &r, size_t n) {
  Bytes b(n);
  for (auto &x : b) x = (uint8_t)r.next();
  return b;
}

// Key with a given AES kernel (the fixture's pin is put back afterwards).
void init_with(fc_aes_key *key, const char *aes, const char *ghash, const Bytes &k,
               const std::string &restore_aes, const std::string &restore_ghash) {
  ASSERT_EQ(fc_impl_select(FC_OP_AES, aes), FC_OK);
  ASSERT_EQ(fc_impl_select(FC_OP_GHASH, ghash), FC_OK);
  ASSERT_EQ(fc_aes_init(key, k.data(), k.size()), FC_OK);
  ASSERT_EQ(fc_impl_select(FC_OP_AES, restore_aes.c_str()), FC_OK);
  ASSERT_EQ(fc_impl_select(FC_OP_GHASH, restore_ghash.empty() ? nullptr : restore_ghash.c_str()),
            FC_OK);
}

class AesKernel : public fct::AesKernelTest {};

enum Mode { kEcbEnc, kEcbDec, kCbcEnc, kCbcDec, kCtr };

fc_err run(Mode m, const fc_aes_key *k, uint8_t *iv, const uint8_t *in, uint8_t *out, size_t n) {
  switch (m) {
    case kEcbEnc: return fc_aes_ecb_encrypt(k, in, out, n);
    case kEcbDec: return fc_aes_ecb_decrypt(k, in, out, n);
    case kCbcEnc: return fc_aes_cbc_encrypt(k, iv, in, out, n);
    case kCbcDec: return fc_aes_cbc_decrypt(k, iv, in, out, n);
    case kCtr: return fc_aes_ctr(k, iv, in, out, n);
  }
  return FC_ERR_ARG;
}

TEST_P(AesKernel, MatchesCtOnRandomInputs) {
  fct::Rng r(0xae5 ^ std::hash<std::string>()(GetParam()));
  for (int it = 0; it < 120; it++) {
    size_t klen = 16 + 8 * (it % 3);
    Bytes k = rnd(r, klen);
    fc_aes_key key, ref;
    init_with(&ref, "ct", "ct", k, GetParam(), "");
    ASSERT_EQ(fc_aes_init(&key, k.data(), k.size()), FC_OK);
    ASSERT_STREQ(fct::aes_kernel_of(key), GetParam().c_str());
    for (Mode m : {kEcbEnc, kEcbDec, kCbcEnc, kCbcDec, kCtr}) {
      size_t len = r.next() % 4097;
      if (it < 20) len = (size_t)it * 16 + (m == kCtr ? it % 16 : 0); // every small count
      if (m != kCtr) len -= len % 16;
      Bytes in = rnd(r, len), iv = rnd(r, 16);
      if (m == kCtr && it % 4 != 0) {  // counters that carry across 32, 64 and 128 bits
        int word = 1 + (it / 4) % 3;   // 1: low 32 bits, 2: 64, 3: 128
        for (int i = 16 - 4 * word; i < 16; i++) iv[i] = 0xFF;
        iv[15] = (uint8_t)(0x100 - (r.next() % 200));
      }
      Bytes want(len), ref_iv = iv;
      ASSERT_EQ(run(m, &ref, ref_iv.data(), in.data(), want.data(), len), FC_OK);
      for (int inplace = 0; inplace < 2; inplace++) {
        SCOPED_TRACE("mode " + std::to_string(m) + " len " + std::to_string(len) +
                     (inplace ? " in place" : ""));
        Bytes buf = in, out(len + 1, 0xC3), v = iv;
        uint8_t *o = inplace ? buf.data() : out.data();
        ASSERT_EQ(run(m, &key, v.data(), buf.data(), o, len), FC_OK);
        ASSERT_EQ(fct::to_hex(Bytes(o, o + len)), fct::to_hex(want));
        ASSERT_EQ(fct::to_hex(v), fct::to_hex(ref_iv));
        if (!inplace) {
          ASSERT_EQ(out[len], 0xC3) << "wrote past the end";
        }
      }
    }
    fc_aes_clear(&key);
    fc_aes_clear(&ref);
  }
}

// The counter after fc_aes_ctr, computed here: ctr + ceil(len/16) mod 2^128.
TEST_P(AesKernel, CounterCarriesAndWraps) {
  Bytes k(16, 7);
  fc_aes_key key, ref;
  init_with(&ref, "ct", "ct", k, GetParam(), "");
  ASSERT_EQ(fc_aes_init(&key, k.data(), k.size()), FC_OK);
  for (int word : {1, 2, 3, 4}) {
    for (size_t nb : {1, 2, 3, 7, 8, 9, 15, 16, 17, 33, 64, 65}) {
      Bytes ctr(16, 0x5A);
      for (int i = 16 - 4 * word; i < 16; i++) ctr[i] = 0xFF;
      ctr[15] = (uint8_t)(0x100 - nb / 2);  // wraps after nb/2 blocks
      Bytes in(16 * nb, 0), out(16 * nb), want(16 * nb), c = ctr, rc = ctr;
      ASSERT_EQ(fc_aes_ctr(&key, c.data(), in.data(), out.data(), in.size()), FC_OK);
      ASSERT_EQ(fc_aes_ctr(&ref, rc.data(), in.data(), want.data(), in.size()), FC_OK);
      EXPECT_EQ(fct::to_hex(out), fct::to_hex(want)) << word << " " << nb;
      // expected counter, big-endian add by hand
      Bytes e = ctr;
      unsigned carry = (unsigned)nb;
      for (int i = 15; i >= 0; i--) {
        carry += e[i];
        e[i] = (uint8_t)carry;
        carry >>= 8;
      }
      EXPECT_EQ(fct::to_hex(c), fct::to_hex(e)) << word << " " << nb;
      // and each keystream block is E(counter) by ECB
      Bytes cb = ctr, ks(16);
      for (size_t b = 0; b < nb; b++) {
        ASSERT_EQ(fc_aes_ecb_encrypt(&ref, cb.data(), ks.data(), 16), FC_OK);
        ASSERT_EQ(fct::to_hex(ks), fct::to_hex(Bytes(out.begin() + 16 * b, out.begin() + 16 * b + 16)));
        for (int i = 15; i >= 0 && ++cb[i] == 0; i--) {
        }
      }
    }
  }
}

// A key keeps the kernels of its init: re-selecting afterwards changes
// nothing for it (results and recorded names), for every usable pair.
TEST(AesKeys, KeyKeepsItsKernelsAcrossSwitch) {
  Bytes k(32, 0x42), in(1000, 0x17), iv(12, 9);
  std::vector<std::string> outs;
  for (const std::string &a : fct::kernels(FC_OP_AES))
    for (const std::string &g : fct::kernels(FC_OP_GHASH)) {
      if (!fct::kernel_usable(FC_OP_AES, a) || !fct::kernel_usable(FC_OP_GHASH, g)) continue;
      fc_aes_key key;
      ASSERT_EQ(fc_impl_select(FC_OP_AES, a.c_str()), FC_OK);
      ASSERT_EQ(fc_impl_select(FC_OP_GHASH, g.c_str()), FC_OK);
      ASSERT_EQ(fc_aes_init(&key, k.data(), k.size()), FC_OK);
      ASSERT_EQ(fc_impl_select(FC_OP_AES, "ct"), FC_OK);  // switch after init
      ASSERT_EQ(fc_impl_select(FC_OP_GHASH, "ct"), FC_OK);
      Bytes out(in.size() + 16);
      ASSERT_EQ(fc_aes_gcm_encrypt(&key, iv.data(), 12, nullptr, 0, in.data(), out.data(),
                                   in.size(), out.data() + in.size(), 16),
                FC_OK);
      EXPECT_STREQ(fct::aes_kernel_of(key), a.c_str());
      EXPECT_STREQ(fct::ghash_kernel_of(key), g.c_str());
      outs.push_back(fct::to_hex(out));
      EXPECT_EQ(outs.back(), outs.front()) << a << "/" << g;
    }
  ASSERT_EQ(fc_impl_select(FC_OP_AES, nullptr), FC_OK);
  ASSERT_EQ(fc_impl_select(FC_OP_GHASH, nullptr), FC_OK);
  EXPECT_GE(outs.size(), 1u);
}

// The AArch64 order (docs/kernels.md): `armv8`, then `neon` (it passed the
// instruction-count rule against `ct`), then `ct`. Without the AES
// instructions (a qemu model without them, or FASTCRYPT_CPU=-aes) and with
// ASIMD, `neon` is the automatic choice.
TEST(AesOrder, NeonAfterArmv8BeforeCt) {
  std::vector<std::string> l = fct::kernels(FC_OP_AES);
  auto pos = [&](const char *n) { return std::find(l.begin(), l.end(), n) - l.begin(); };
  const long npos = (long)l.size();
  if (pos("neon") == npos) GTEST_SKIP() << "SKIPPED: this build has no `neon` AES kernel";
  EXPECT_LT(pos("neon"), pos("ct"));
  if (pos("armv8") != npos) {
    EXPECT_LT(pos("armv8"), pos("neon"));
  }
  ASSERT_EQ(fc_impl_select(FC_OP_AES, nullptr), FC_OK);
  const char *chosen = fc_impl_active(FC_OP_AES);
  ASSERT_NE(chosen, nullptr);
  std::cout << "[ AUTO     ] aes: " << chosen << "\n";
  if (!fct::kernel_usable(FC_OP_AES, "armv8") && fct::kernel_usable(FC_OP_AES, "neon")) {
    EXPECT_STREQ(chosen, "neon");
  }
  Bytes k(16, 0), pt(16, 0), ct(16);  // all-zero key and block: the chosen kernel runs
  fc_aes_key key;
  ASSERT_EQ(fc_aes_init(&key, k.data(), 16), FC_OK);
  EXPECT_STREQ(fct::aes_kernel_of(key), chosen);
  ASSERT_EQ(fc_aes_ecb_encrypt(&key, pt.data(), ct.data(), 16), FC_OK);
  EXPECT_EQ(fct::to_hex(ct), "66e94bd4ef8a2c3b884cfa59ca342b2e");
}

INSTANTIATE_TEST_SUITE_P(AllKernels, AesKernel, ::testing::ValuesIn(fct::kernels(FC_OP_AES)),
                         [](const auto &i) { return fct::param_name(i.param); });

// ---------------------------------------------------------------- GCM

// SP 800-38D algorithm 1, bit by bit: X * Y in GF(2^128), bit 0 = MSB of byte 0.
Bytes gf_mul(const Bytes &x, const Bytes &y) {
  Bytes z(16, 0), v = y;
  for (int i = 0; i < 128; i++) {
    if (x[i / 8] >> (7 - i % 8) & 1)
      for (int j = 0; j < 16; j++) z[j] ^= v[j];
    bool lsb = v[15] & 1;
    for (int j = 15; j > 0; j--) v[j] = (uint8_t)(v[j] >> 1 | v[j - 1] << 7);
    v[0] >>= 1;
    if (lsb) v[0] ^= 0xE1;
  }
  return z;
}

void ref_ghash(const Bytes &h, Bytes &y, const Bytes &data) {
  for (size_t i = 0; i < data.size(); i += 16) {
    for (size_t j = 0; j < 16 && i + j < data.size(); j++) y[j] ^= data[i + j];
    y = gf_mul(y, h);
  }
}

Bytes be64(uint64_t v) {
  Bytes b(8);
  for (int i = 7; i >= 0; i--, v >>= 8) b[i] = (uint8_t)v;
  return b;
}

// GCM-AE from ECB of the `ct` key: returns ciphertext || 16-byte tag.
Bytes ref_gcm(const fc_aes_key *ecb, const Bytes &iv, const Bytes &aad, const Bytes &pt) {
  Bytes zero(16, 0), h(16), j0(16, 0), y(16, 0);
  EXPECT_EQ(fc_aes_ecb_encrypt(ecb, zero.data(), h.data(), 16), FC_OK);
  if (iv.size() == 12) {
    std::memcpy(j0.data(), iv.data(), 12);
    j0[15] = 1;
  } else {
    Bytes s = iv;
    s.resize((iv.size() + 15) / 16 * 16 + 8, 0);
    Bytes l = be64(iv.size() * 8);
    s.insert(s.end(), l.begin(), l.end());
    ref_ghash(h, j0, s);
  }
  Bytes out(pt.size()), cb = j0, ks(16);
  for (size_t i = 0; i < pt.size(); i += 16) {
    for (int b = 15; b >= 12 && ++cb[b] == 0; b--) {  // inc32
    }
    EXPECT_EQ(fc_aes_ecb_encrypt(ecb, cb.data(), ks.data(), 16), FC_OK);
    for (size_t j = 0; j < 16 && i + j < pt.size(); j++) out[i + j] = pt[i + j] ^ ks[j];
  }
  ref_ghash(h, y, aad);
  ref_ghash(h, y, out);
  Bytes lens = be64(aad.size() * 8), l2 = be64(pt.size() * 8);
  lens.insert(lens.end(), l2.begin(), l2.end());
  ref_ghash(h, y, lens);
  EXPECT_EQ(fc_aes_ecb_encrypt(ecb, j0.data(), ks.data(), 16), FC_OK);
  for (int j = 0; j < 16; j++) y[j] ^= ks[j];
  out.insert(out.end(), y.begin(), y.end());
  return out;
}

class GcmPair : public fct::GcmPairTest {};

// Streams (aad, text) in random pieces.
void gcm_stream(fc_aes_key *key, const Bytes &iv, const Bytes &aad, const Bytes &in, Bytes &out,
                Bytes &tag, bool enc, fct::Rng &r, fc_err *final_rc) {
  fc_aes_gcm_ctx ctx;
  ASSERT_EQ(fc_aes_gcm_init(&ctx, key, iv.data(), iv.size()), FC_OK);
  for (size_t i = 0; i < aad.size();) {
    size_t n = std::min(aad.size() - i, (size_t)(r.next() % 40));
    ASSERT_EQ(fc_aes_gcm_aad(&ctx, aad.data() + i, n), FC_OK);
    i += n;
  }
  out.assign(in.size(), 0);
  for (size_t i = 0; i < in.size();) {
    size_t n = std::min(in.size() - i, (size_t)(r.next() % 300));
    ASSERT_EQ((enc ? fc_aes_gcm_encrypt_update : fc_aes_gcm_decrypt_update)(
                  &ctx, in.data() + i, out.data() + i, n),
              FC_OK);
    i += n;
  }
  *final_rc = enc ? fc_aes_gcm_encrypt_final(&ctx, tag.data(), tag.size())
                  : fc_aes_gcm_decrypt_final(&ctx, tag.data(), tag.size());
  EXPECT_EQ(ctx.state, 0u) << "final wipes the context";
}

TEST_P(GcmPair, MatchesReferenceOnRandomInputs) {
  fct::Rng r(0x6c3 ^ std::hash<std::string>()(GetParam()));
  for (int it = 0; it < 60; it++) {
    SCOPED_TRACE("iteration " + std::to_string(it));
    Bytes k = rnd(r, 16 + 8 * (it % 3));
    fc_aes_key key, ref;
    init_with(&ref, "ct", "ct", k, aes_, ghash_);
    ASSERT_EQ(fc_aes_init(&key, k.data(), k.size()), FC_OK);
    ASSERT_STREQ(fct::aes_kernel_of(key), aes_.c_str());
    ASSERT_STREQ(fct::ghash_kernel_of(key), ghash_.c_str());
    size_t iv_len = it % 3 == 0 ? 12 : 1 + r.next() % 64;
    size_t len = it < 10 ? (size_t)it * 17 : r.next() % 4097;
    Bytes iv = rnd(r, iv_len), aad = rnd(r, r.next() % 300), pt = rnd(r, len);
    Bytes want = ref_gcm(&ref, iv, aad, pt);
    Bytes wct(want.begin(), want.begin() + len), wtag(want.end() - 16, want.end());
    size_t tag_len = 4 + it % 13;
    for (int inplace = 0; inplace < 2; inplace++) {
      Bytes buf = pt, out(len + 1, 0x11), tag(tag_len);
      uint8_t *o = inplace ? buf.data() : out.data();
      ASSERT_EQ(fc_aes_gcm_encrypt(&key, iv.data(), iv.size(), aad.data(), aad.size(), buf.data(),
                                   o, len, tag.data(), tag_len),
                FC_OK);
      ASSERT_EQ(fct::to_hex(Bytes(o, o + len)), fct::to_hex(wct));
      ASSERT_EQ(fct::to_hex(tag), fct::to_hex(Bytes(wtag.begin(), wtag.begin() + tag_len)));
      // decrypt back in place / out of place
      Bytes d(len + 1, 0x22), c(o, o + len);
      uint8_t *od = inplace ? c.data() : d.data();
      ASSERT_EQ(fc_aes_gcm_decrypt(&key, iv.data(), iv.size(), aad.data(), aad.size(), c.data(),
                                   od, len, tag.data(), tag_len),
                FC_OK);
      ASSERT_EQ(fct::to_hex(Bytes(od, od + len)), fct::to_hex(pt));
      // one flipped tag bit: FC_ERR_AUTH and zeroed output
      Bytes bad = tag;
      bad[r.next() % tag_len] ^= (uint8_t)(1u << (r.next() % 8));
      c.assign(wct.begin(), wct.end());
      ASSERT_EQ(fc_aes_gcm_decrypt(&key, iv.data(), iv.size(), aad.data(), aad.size(), c.data(),
                                   c.data(), len, bad.data(), tag_len),
                FC_ERR_AUTH);
      ASSERT_EQ(c, Bytes(len, 0));
    }
    // streaming in random pieces
    Bytes out, tag(16);
    fc_err frc;
    gcm_stream(&key, iv, aad, pt, out, tag, true, r, &frc);
    ASSERT_EQ(frc, FC_OK);
    ASSERT_EQ(fct::to_hex(out), fct::to_hex(wct));
    ASSERT_EQ(fct::to_hex(tag), fct::to_hex(wtag));
    gcm_stream(&key, iv, aad, wct, out, tag, false, r, &frc);
    ASSERT_EQ(frc, FC_OK);
    ASSERT_EQ(fct::to_hex(out), fct::to_hex(pt));
    tag[0] ^= 1;
    gcm_stream(&key, iv, aad, wct, out, tag, false, r, &frc);
    ASSERT_EQ(frc, FC_ERR_AUTH);
    fc_aes_clear(&key);
    fc_aes_clear(&ref);
  }
}

// An IV whose J0 ends in ff ff ff fb under this key (found offline by
// search), so inc32 wraps after 4 blocks of a 4 KiB message: the upper
// 96 bits must not change.
TEST_P(GcmPair, Inc32WrapsInsideAMessage) {
  const Bytes k = fct::hex("000102030405060708090a0b0c0d0e0f");
  const Bytes iv = fct::hex("b9542668000000000000000000000000");
  fc_aes_key key, ref;
  init_with(&ref, "ct", "ct", k, aes_, ghash_);
  ASSERT_EQ(fc_aes_init(&key, k.data(), k.size()), FC_OK);
  fct::Rng r(77);
  for (size_t len : {64, 65, 80, 4096, 4093}) {
    Bytes pt = rnd(r, len), aad = rnd(r, 20);
    Bytes want = ref_gcm(&ref, iv, aad, pt), out(len), tag(16);
    ASSERT_EQ(fc_aes_gcm_encrypt(&key, iv.data(), iv.size(), aad.data(), aad.size(), pt.data(),
                                 out.data(), len, tag.data(), 16),
              FC_OK);
    out.insert(out.end(), tag.begin(), tag.end());
    EXPECT_EQ(fct::to_hex(out), fct::to_hex(want)) << len;
  }
}

// The one-shot calls with a 96-bit IV (the path a one-shot kernel takes
// when the pair has one): every length up to 600 bytes and a few past the
// 512-byte bulk threshold, AAD of 0..40 and 520 bytes, both directions, in
// place and apart, the full and a short tag, and a wrong tag.
TEST_P(GcmPair, TwelveByteIvEveryLength) {
  fct::Rng r(0x12b ^ std::hash<std::string>()(GetParam()));
  std::vector<size_t> lens;
  for (size_t n = 0; n <= 600; n++) lens.push_back(n);
  for (size_t n : {1023, 1024, 1025, 1535, 1536, 2047, 2048, 4096, 4111}) lens.push_back(n);
  for (int kl = 0; kl < 3; kl++) {
    Bytes k = rnd(r, 16 + 8 * kl);
    fc_aes_key key, ref;
    init_with(&ref, "ct", "ct", k, aes_, ghash_);
    ASSERT_EQ(fc_aes_init(&key, k.data(), k.size()), FC_OK);
    for (size_t i = 0; i < lens.size(); i++) {
      if (kl != 0 && i % 7 != 0) continue;  // AES-192 and -256: a seventh of the lengths
      size_t len = lens[i], alen = i % 5 == 0 ? 520 : i % 41;
      SCOPED_TRACE("key " + std::to_string(k.size()) + " len " + std::to_string(len) + " aad " +
                   std::to_string(alen));
      Bytes iv = rnd(r, 12), aad = rnd(r, alen), pt = rnd(r, len);
      Bytes want = ref_gcm(&ref, iv, aad, pt);
      Bytes wct(want.begin(), want.begin() + len), wtag(want.end() - 16, want.end());
      size_t tag_len = i % 3 == 0 ? 4 + i % 12 : 16;
      int inplace = (int)(i % 2);
      Bytes buf = pt, out(len + 1, 0x5A), tag(tag_len);
      uint8_t *o = inplace ? buf.data() : out.data();
      ASSERT_EQ(fc_aes_gcm_encrypt(&key, iv.data(), 12, aad.data(), alen, buf.data(), o, len,
                                   tag.data(), tag_len),
                FC_OK);
      ASSERT_EQ(fct::to_hex(Bytes(o, o + len)), fct::to_hex(wct));
      ASSERT_EQ(fct::to_hex(tag), fct::to_hex(Bytes(wtag.begin(), wtag.begin() + tag_len)));
      if (!inplace) {
        ASSERT_EQ(out[len], 0x5A) << "wrote past the end";
      }
      Bytes c = wct, p(len + 1, 0x5A);
      uint8_t *po = inplace ? c.data() : p.data();
      ASSERT_EQ(fc_aes_gcm_decrypt(&key, iv.data(), 12, aad.data(), alen, c.data(), po, len,
                                   tag.data(), tag_len),
                FC_OK);
      ASSERT_EQ(fct::to_hex(Bytes(po, po + len)), fct::to_hex(pt));
      if (!inplace) {
        ASSERT_EQ(p[len], 0x5A) << "wrote past the end";
      }
      tag[i % tag_len] ^= 0x80;
      Bytes c2 = wct, p2(len, 0x33);
      ASSERT_EQ(fc_aes_gcm_decrypt(&key, iv.data(), 12, aad.data(), alen, c2.data(), p2.data(),
                                   len, tag.data(), tag_len),
                FC_ERR_AUTH);
      ASSERT_EQ(p2, Bytes(len, 0)) << "out not zeroed after a wrong tag";
    }
    fc_aes_clear(&key);
    fc_aes_clear(&ref);
  }
}

// A key initialised in place over a used key of another size (and over a
// failed init) computes as a fresh key: no round key, H or power of H of
// the old key survives in the precomputed material.
TEST_P(GcmPair, ReinitInPlace) {
  fct::Rng r(0x4e1 ^ std::hash<std::string>()(GetParam()));
  const size_t sizes[] = {32, 16, 24, 16, 32};
  fc_aes_key key;
  ASSERT_EQ(fc_aes_init(&key, rnd(r, 24).data(), 24), FC_OK);
  for (int round = 0; round < 10; round++) {
    size_t kl = sizes[round % 5];
    Bytes k = rnd(r, kl);
    if (round % 2 == 1) {  // a failed init over the used key first
      ASSERT_EQ(fc_aes_init(&key, k.data(), 17), FC_ERR_ARG);
      uint8_t t[16];
      ASSERT_EQ(fc_aes_gcm_encrypt(&key, k.data(), 12, nullptr, 0, nullptr, nullptr, 0, t, 16),
                FC_ERR_ARG);
    }
    ASSERT_EQ(fc_aes_init(&key, k.data(), kl), FC_OK);  // over the used (or failed) key
    fc_aes_key ref;
    init_with(&ref, "ct", "ct", k, aes_, ghash_);
    for (size_t len : {0, 16, 47, 256, 600, 1024, 1420, 5000}) {
      SCOPED_TRACE("round " + std::to_string(round) + " len " + std::to_string(len));
      Bytes iv = rnd(r, len % 3 == 0 ? 12 : 20), aad = rnd(r, len % 50), pt = rnd(r, len);
      Bytes want = ref_gcm(&ref, iv, aad, pt), out(len), tag(16);
      ASSERT_EQ(fc_aes_gcm_encrypt(&key, iv.data(), iv.size(), aad.data(), aad.size(), pt.data(),
                                   out.data(), len, tag.data(), 16),
                FC_OK);
      out.insert(out.end(), tag.begin(), tag.end());
      ASSERT_EQ(fct::to_hex(out), fct::to_hex(want));
      Bytes sout(len), stag(16);
      fc_err frc = FC_ERR_ENV;
      gcm_stream(&key, iv, aad, pt, sout, stag, true, r, &frc);
      ASSERT_EQ(frc, FC_OK);
      sout.insert(sout.end(), stag.begin(), stag.end());
      ASSERT_EQ(fct::to_hex(sout), fct::to_hex(want)) << "streaming";
    }
    fc_aes_clear(&ref);
  }
  fc_aes_clear(&key);
}

INSTANTIATE_TEST_SUITE_P(AllPairs, GcmPair, ::testing::ValuesIn(fct::aes_ghash_pairs()),
                         [](const auto &i) { return fct::param_name(i.param); });

}  // namespace
