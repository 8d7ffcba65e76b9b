// Bad input on every AES entry point: NULL with a nonzero length, key
// lengths other than 16/24/32, ECB/CBC lengths not a multiple of 16,
// tag_len out of 4..16, iv_len 0, overlapping buffers, keys and contexts
// that were never (or no longer) initialised. Each gets its code and
// nothing is written. Failure paths start from a valid state.
#include <gtest/gtest.h>

#include <cstring>

#include "aes_test.h"

namespace {

using fct::Bytes;

struct Fixture {
  fc_aes_key key;
  Bytes in = Bytes(64, 0x11), out = Bytes(80, 0x22), iv = Bytes(16, 0x33), tag = Bytes(16, 0x44);
  Fixture() {
    Bytes k(16, 9);
    EXPECT_EQ(fc_aes_init(&key, k.data(), 16), FC_OK);
  }
  void untouched() {
    EXPECT_EQ(out, Bytes(80, 0x22));
    EXPECT_EQ(iv, Bytes(16, 0x33));
    EXPECT_EQ(in, Bytes(64, 0x11));
  }
};

TEST(AesArgs, InitRejectsBadKeysAndLeavesKeyUnusable) {
  Bytes k(33, 1);
  for (size_t len : {0, 1, 15, 17, 23, 25, 31, 33}) {
    Fixture f;
    EXPECT_EQ(fc_aes_init(&f.key, k.data(), len), FC_ERR_ARG) << len;
    EXPECT_EQ(fc_aes_ecb_encrypt(&f.key, f.in.data(), f.out.data(), 16), FC_ERR_ARG);
    EXPECT_EQ(fc_aes_gcm_encrypt(&f.key, f.iv.data(), 12, nullptr, 0, f.in.data(), f.out.data(),
                                 16, f.tag.data(), 16),
              FC_ERR_ARG);
    f.untouched();
    Bytes zero(sizeof(fc_aes_key), 0);
    EXPECT_EQ(std::memcmp(&f.key, zero.data(), sizeof(fc_aes_key)), 0) << "cleared";
  }
  Fixture f;
  EXPECT_EQ(fc_aes_init(&f.key, nullptr, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_ecb_encrypt(&f.key, f.in.data(), f.out.data(), 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_init(nullptr, k.data(), 16), FC_ERR_ARG);
  f.untouched();
}

TEST(AesArgs, ClearedKeyIsRejected) {
  Fixture f;
  fc_aes_clear(&f.key);
  fc_aes_clear(nullptr);
  EXPECT_EQ(fc_aes_ecb_encrypt(&f.key, f.in.data(), f.out.data(), 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_cbc_decrypt(&f.key, f.iv.data(), f.in.data(), f.out.data(), 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_ctr(&f.key, f.iv.data(), f.in.data(), f.out.data(), 5), FC_ERR_ARG);
  f.untouched();
}

TEST(AesArgs, BlockModes) {
  Fixture f;
  fc_aes_key *k = &f.key;
  uint8_t *in = f.in.data(), *out = f.out.data(), *iv = f.iv.data();
  for (size_t len : {1, 15, 17, 31, 33}) {
    EXPECT_EQ(fc_aes_ecb_encrypt(k, in, out, len), FC_ERR_ARG);
    EXPECT_EQ(fc_aes_ecb_decrypt(k, in, out, len), FC_ERR_ARG);
    EXPECT_EQ(fc_aes_cbc_encrypt(k, iv, in, out, len), FC_ERR_ARG);
    EXPECT_EQ(fc_aes_cbc_decrypt(k, iv, in, out, len), FC_ERR_ARG);
  }
  EXPECT_EQ(fc_aes_ecb_encrypt(nullptr, in, out, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_ecb_encrypt(k, nullptr, out, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_ecb_decrypt(k, in, nullptr, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_cbc_encrypt(k, nullptr, in, out, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_cbc_decrypt(k, iv, nullptr, out, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_ctr(k, nullptr, in, out, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_ctr(k, iv, in, nullptr, 1), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_ctr(nullptr, iv, in, out, 1), FC_ERR_ARG);
  // partial overlap (in place is fine, shifted is not)
  EXPECT_EQ(fc_aes_ecb_encrypt(k, out, out + 16, 32), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_ctr(k, iv, out + 1, out, 32), FC_ERR_ARG);
  f.untouched();
  // zero length with NULL buffers is a no-op
  EXPECT_EQ(fc_aes_ecb_encrypt(k, nullptr, nullptr, 0), FC_OK);
  EXPECT_EQ(fc_aes_cbc_decrypt(k, iv, nullptr, nullptr, 0), FC_OK);
  EXPECT_EQ(fc_aes_ctr(k, iv, nullptr, nullptr, 0), FC_OK);
  f.untouched();
}

TEST(AesArgs, Padding) {
  Fixture f;
  fc_aes_key *k = &f.key;
  uint8_t *in = f.in.data(), *out = f.out.data(), *iv = f.iv.data();
  size_t ol = 99;
  EXPECT_EQ(fc_aes_cbc_encrypt_pad(k, iv, in, 16, out, 31, &ol), FC_ERR_ARG);  // needs 32
  EXPECT_EQ(fc_aes_cbc_encrypt_pad(k, iv, nullptr, 5, out, 80, &ol), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_cbc_encrypt_pad(k, iv, in, 5, nullptr, 80, &ol), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_cbc_encrypt_pad(k, iv, in, 5, out, 80, nullptr), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_cbc_encrypt_pad(k, nullptr, in, 5, out, 80, &ol), FC_ERR_ARG);
  for (size_t len : {0, 15, 17})
    EXPECT_EQ(fc_aes_cbc_decrypt_unpad(k, iv, in, out, len, &ol), FC_ERR_ARG) << len;
  EXPECT_EQ(fc_aes_cbc_decrypt_unpad(k, iv, in, out, 16, nullptr), FC_ERR_ARG);
  EXPECT_EQ(ol, 99u);
  f.untouched();
  // empty plaintext pads to one whole block; in place with room
  EXPECT_EQ(fc_aes_cbc_encrypt_pad(k, iv, nullptr, 0, out, 16, &ol), FC_OK);
  EXPECT_EQ(ol, 16u);
  Bytes buf(48, 0x5C), v(16, 1), v2(16, 1);
  ASSERT_EQ(fc_aes_cbc_encrypt_pad(k, v.data(), buf.data(), 32, buf.data(), 48, &ol), FC_OK);
  EXPECT_EQ(ol, 48u);
  ASSERT_EQ(fc_aes_cbc_decrypt_unpad(k, v2.data(), buf.data(), buf.data(), 48, &ol), FC_OK);
  EXPECT_EQ(ol, 32u);
  EXPECT_EQ(Bytes(buf.begin(), buf.begin() + 32), Bytes(32, 0x5C));
}

// Every padding byte value 0..255 in the last block, and every position of
// a wrong byte: only 1..16 with all pad bytes equal is accepted.
TEST(AesArgs, PaddingCheckEveryValue) {
  Fixture f;
  for (int p = 0; p < 256; p++)
    for (int wrong = -1; wrong < 16; wrong++) {
      if (wrong == 0) continue;  // the last byte is p itself
      Bytes plain(32, 0xEE);
      for (int i = 0; i < 16; i++) plain[31 - i] = (uint8_t)p;
      if (wrong >= 0) plain[31 - wrong] ^= 0x80;
      bool valid = p >= 1 && p <= 16 && (wrong < 0 || wrong >= p);
      Bytes ct(32), v(16, 3), v2(16, 3);
      ASSERT_EQ(fc_aes_cbc_encrypt(&f.key, v.data(), plain.data(), ct.data(), 32), FC_OK);
      size_t ol = 77;
      fc_err rc = fc_aes_cbc_decrypt_unpad(&f.key, v2.data(), ct.data(), ct.data(), 32, &ol);
      ASSERT_EQ(rc, valid ? FC_OK : FC_ERR_AUTH) << p << " " << wrong;
      ASSERT_EQ(ol, valid ? 32u - p : 0u);
      // chaining: the last ciphertext block when valid; as before when not
      ASSERT_EQ(v2, valid ? Bytes(v.begin(), v.end()) : Bytes(16, 3)) << p << " " << wrong;
      if (!valid) {
        ASSERT_EQ(ct, Bytes(32, 0)) << "out zeroed";
      }
    }
}

// The iv or counter inside in or out: refused, nothing written (an update
// of the chaining value would otherwise land in the data, or the reverse).
TEST(AesArgs, ChainingBlockApartFromData) {
  Fixture f;
  fc_aes_key *k = &f.key;
  uint8_t *in = f.in.data(), *out = f.out.data();
  size_t ol = 99;
  for (size_t at : {0, 1, 15, 16, 47}) {
    EXPECT_EQ(fc_aes_cbc_encrypt(k, out + at, in, out, 64), FC_ERR_ARG) << at;
    EXPECT_EQ(fc_aes_cbc_decrypt(k, out + at, in, out, 64), FC_ERR_ARG) << at;
    EXPECT_EQ(fc_aes_ctr(k, out + at, in, out, 50), FC_ERR_ARG) << at;
    EXPECT_EQ(fc_aes_cbc_encrypt_pad(k, out + at, in, 60, out, 80, &ol), FC_ERR_ARG) << at;
    EXPECT_EQ(fc_aes_cbc_decrypt_unpad(k, out + at, in, out, 64, &ol), FC_ERR_ARG) << at;
    // the same inside the input (in place and apart)
    EXPECT_EQ(fc_aes_cbc_decrypt(k, in + at, in, out, 64), FC_ERR_ARG) << at;
    EXPECT_EQ(fc_aes_ctr(k, in + at, in, in, 64), FC_ERR_ARG) << at;
  }
  // one byte short of touching: allowed
  Bytes buf(96, 0x11);
  EXPECT_EQ(fc_aes_ctr(k, buf.data() + 80, buf.data(), buf.data(), 80), FC_OK);
  EXPECT_EQ(fc_aes_cbc_encrypt(k, buf.data(), buf.data() + 16, buf.data() + 16, 80), FC_OK);
  EXPECT_EQ(ol, 99u);
  f.untouched();
}

// Lengths no buffer can have (the range wraps the address space): refused
// before anything is read or written, in place or not.
TEST(AesArgs, LengthsPastTheAddressSpace) {
  Fixture f;
  fc_aes_key *k = &f.key;
  uint8_t *in = f.in.data(), *out = f.out.data(), *iv = f.iv.data();
  size_t huge = SIZE_MAX / 16 * 16, ol = 99;
  EXPECT_EQ(fc_aes_ecb_encrypt(k, out, out, huge), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_cbc_decrypt(k, iv, out, out, huge), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_ctr(k, iv, out, out, SIZE_MAX), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_cbc_encrypt_pad(k, iv, in, SIZE_MAX - 19, out, SIZE_MAX, &ol), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_cbc_decrypt_unpad(k, iv, out, out, huge, &ol), FC_ERR_ARG);
  EXPECT_EQ(ol, 99u);
  f.untouched();
}

TEST(AesArgs, Gcm) {
  Fixture f;
  fc_aes_key *k = &f.key;
  uint8_t *in = f.in.data(), *out = f.out.data(), *iv = f.iv.data(), *tag = f.tag.data();
  uint8_t aad[4] = {1, 2, 3, 4};
  for (size_t tl : {0, 1, 3, 17, 32}) {
    EXPECT_EQ(fc_aes_gcm_encrypt(k, iv, 12, aad, 4, in, out, 16, tag, tl), FC_ERR_ARG) << tl;
    EXPECT_EQ(fc_aes_gcm_decrypt(k, iv, 12, aad, 4, in, out, 16, tag, tl), FC_ERR_ARG) << tl;
  }
  EXPECT_EQ(fc_aes_gcm_encrypt(k, iv, 0, aad, 4, in, out, 16, tag, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_gcm_decrypt(k, iv, 0, aad, 4, in, out, 16, tag, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_gcm_encrypt(k, nullptr, 12, aad, 4, in, out, 16, tag, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_gcm_encrypt(k, iv, 12, nullptr, 4, in, out, 16, tag, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_gcm_encrypt(k, iv, 12, aad, 4, nullptr, out, 16, tag, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_gcm_encrypt(k, iv, 12, aad, 4, in, nullptr, 16, tag, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_gcm_encrypt(k, iv, 12, aad, 4, in, out, 16, nullptr, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_gcm_decrypt(k, iv, 12, aad, 4, in, out, 16, nullptr, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_gcm_decrypt(nullptr, iv, 12, aad, 4, in, out, 16, tag, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_gcm_encrypt(k, iv, 12, aad, 4, out + 1, out, 16, tag, 16), FC_ERR_ARG);
  EXPECT_EQ(f.tag, Bytes(16, 0x44));
  f.untouched();
  // empty everything is fine
  EXPECT_EQ(fc_aes_gcm_encrypt(k, iv, 12, nullptr, 0, nullptr, nullptr, 0, tag, 16), FC_OK);
  EXPECT_EQ(fc_aes_gcm_decrypt(k, iv, 12, nullptr, 0, nullptr, nullptr, 0, tag, 16), FC_OK);
}

// GCM overlaps (fastcrypt.h): one shot, the IV may not overlap in or out,
// neither aad nor tag may overlap out, and an encryption tag (an output)
// may overlap no input; refused with FC_ERR_ARG and nothing written.
// Inputs may share bytes: those calls give the answer of disjoint
// buffers. Streaming init copies the IV, so its buffer may later be out.
TEST(AesArgs, GcmOverlaps) {
  Fixture f;
  fc_aes_key *k = &f.key;
  Bytes iv(12, 0x31), aad(20, 0x41), pt(48, 0x51);
  // The answer with every buffer apart.
  Bytes ct(48), tag(16);
  ASSERT_EQ(fc_aes_gcm_encrypt(k, iv.data(), 12, aad.data(), 20, pt.data(), ct.data(), 48,
                               tag.data(), 16),
            FC_OK);
  Bytes buf(128, 0x77);
  uint8_t *b = buf.data();
  auto refused = [&](const char *what, fc_err rc) {
    EXPECT_EQ(rc, FC_ERR_ARG) << what;
    EXPECT_EQ(buf, Bytes(128, 0x77)) << what << ": something was written";
  };
  Bytes t(16, 0x99);
  // IV inside out, inside in (encrypt, decrypt), in place too.
  for (size_t at : {0, 1, 36}) {
    refused("iv in out",
            fc_aes_gcm_encrypt(k, b + at, 12, aad.data(), 20, pt.data(), b, 48, t.data(), 16));
    refused("iv in out (dec)",
            fc_aes_gcm_decrypt(k, b + at, 12, aad.data(), 20, ct.data(), b, 48, tag.data(), 16));
    refused("iv in in (in place)",
            fc_aes_gcm_encrypt(k, b + at, 12, aad.data(), 20, b, b, 48, t.data(), 16));
    refused("aad in out",
            fc_aes_gcm_encrypt(k, iv.data(), 12, b + at, 20, pt.data(), b, 48, t.data(), 16));
    refused("aad in out (dec)",
            fc_aes_gcm_decrypt(k, iv.data(), 12, b + at, 20, ct.data(), b, 48, tag.data(), 16));
    refused("tag in out",
            fc_aes_gcm_encrypt(k, iv.data(), 12, aad.data(), 20, pt.data(), b, 48, b + at, 16));
  }
  EXPECT_EQ(t, Bytes(16, 0x99));
  // A decryption tag inside out: a valid message is refused, not judged.
  std::memcpy(b + 32, tag.data(), 16);
  Bytes keep = buf;
  EXPECT_EQ(fc_aes_gcm_decrypt(k, iv.data(), 12, aad.data(), 20, ct.data(), b, 48, b + 32, 16),
            FC_ERR_ARG);
  EXPECT_EQ(buf, keep);
  // An encryption tag over an input (in, aad, iv): refused, inputs intact.
  Bytes in2 = pt, aad2 = aad, iv2 = iv, out(48, 0x22);
  EXPECT_EQ(fc_aes_gcm_encrypt(k, iv.data(), 12, aad.data(), 20, in2.data(), out.data(), 48,
                               in2.data() + 8, 16),
            FC_ERR_ARG);
  EXPECT_EQ(fc_aes_gcm_encrypt(k, iv.data(), 12, aad2.data(), 20, pt.data(), out.data(), 48,
                               aad2.data() + 4, 16),
            FC_ERR_ARG);
  EXPECT_EQ(fc_aes_gcm_encrypt(k, iv2.data(), 12, aad.data(), 20, pt.data(), out.data(), 48,
                               iv2.data(), 16),
            FC_ERR_ARG);
  EXPECT_EQ(in2, pt);
  EXPECT_EQ(aad2, aad);
  EXPECT_EQ(iv2, iv);
  EXPECT_EQ(out, Bytes(48, 0x22));
  // One byte short of touching out: allowed, the disjoint answer.
  Bytes big(16 + 48 + 16);
  std::memcpy(big.data() + 64, tag.data(), 16);
  std::memcpy(big.data(), iv.data(), 12);
  ASSERT_EQ(fc_aes_gcm_decrypt(k, big.data(), 12, aad.data(), 20, ct.data(), big.data() + 16, 48,
                               big.data() + 64, 16),
            FC_OK);
  EXPECT_EQ(Bytes(big.begin() + 16, big.begin() + 64), pt);
  // Inputs sharing bytes give the answer of apart copies. wire = IV || AAD
  // || ciphertext || tag in one buffer.
  Bytes wire(12 + 20 + 48 + 16);
  std::memcpy(wire.data(), iv.data(), 12);
  std::memcpy(wire.data() + 12, aad.data(), 20);
  Bytes ivc(wire.begin(), wire.begin() + 12), aad32(wire.begin(), wire.begin() + 32);
  Bytes ct32(48), tag32(16), ct2(48), tag2(16);
  ASSERT_EQ(fc_aes_gcm_encrypt(k, ivc.data(), 12, aad32.data(), 32, pt.data(), ct32.data(), 48,
                               tag32.data(), 16),
            FC_OK);
  // the AAD wire[0..32) covers the IV
  ASSERT_EQ(fc_aes_gcm_encrypt(k, wire.data(), 12, wire.data(), 32, pt.data(), ct2.data(), 48,
                               tag2.data(), 16),
            FC_OK);
  EXPECT_EQ(ct2, ct32);
  EXPECT_EQ(tag2, tag32);
  // the AAD wire[0..48) covers the IV and the first ciphertext block; the
  // tag lies in the same buffer
  std::memcpy(wire.data() + 32, ct32.data(), 48);
  Bytes aad48(wire.begin(), wire.begin() + 48), ct48(48), tag48(16), dec(48);
  ASSERT_EQ(fc_aes_gcm_encrypt(k, ivc.data(), 12, aad48.data(), 48, pt.data(), ct48.data(), 48,
                               tag48.data(), 16),
            FC_OK);
  EXPECT_EQ(ct48, ct32) << "the ciphertext does not depend on the AAD";
  std::memcpy(wire.data() + 80, tag48.data(), 16);
  EXPECT_EQ(fc_aes_gcm_decrypt(k, wire.data(), 12, wire.data(), 48, wire.data() + 32, dec.data(),
                               48, wire.data() + 80, 16),
            FC_OK);
  EXPECT_EQ(dec, pt);
  // Streaming: the IV is copied at init, so its bytes may be out later.
  fc_aes_gcm_ctx ctx;
  Bytes sbuf(48);
  std::memcpy(sbuf.data(), iv.data(), 12);
  ASSERT_EQ(fc_aes_gcm_init(&ctx, k, sbuf.data(), 12), FC_OK);
  ASSERT_EQ(fc_aes_gcm_aad(&ctx, aad.data(), 20), FC_OK);
  ASSERT_EQ(fc_aes_gcm_encrypt_update(&ctx, pt.data(), sbuf.data(), 48), FC_OK);
  Bytes st(16);
  ASSERT_EQ(fc_aes_gcm_encrypt_final(&ctx, st.data(), 16), FC_OK);
  EXPECT_EQ(sbuf, ct);
  EXPECT_EQ(st, tag);
}

TEST(AesArgs, GcmStreamingStates) {
  Fixture f;
  fc_aes_gcm_ctx ctx;
  uint8_t *in = f.in.data(), *out = f.out.data(), *iv = f.iv.data(), *tag = f.tag.data();
  EXPECT_EQ(fc_aes_gcm_init(nullptr, &f.key, iv, 12), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_gcm_init(&ctx, &f.key, iv, 0), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_gcm_aad(&ctx, in, 1), FC_ERR_ARG) << "failed init leaves it unusable";
  ASSERT_EQ(fc_aes_gcm_init(&ctx, &f.key, iv, 12), FC_OK);
  EXPECT_EQ(fc_aes_gcm_aad(&ctx, nullptr, 3), FC_ERR_ARG);
  ASSERT_EQ(fc_aes_gcm_encrypt_update(&ctx, in, out, 5), FC_OK);
  EXPECT_EQ(fc_aes_gcm_aad(&ctx, in, 1), FC_ERR_ARG) << "AAD after text";
  EXPECT_EQ(fc_aes_gcm_decrypt_update(&ctx, in, out, 1), FC_ERR_ARG) << "direction change";
  EXPECT_EQ(fc_aes_gcm_decrypt_final(&ctx, tag, 16), FC_ERR_ARG);
  EXPECT_EQ(fc_aes_gcm_encrypt_final(&ctx, tag, 3), FC_ERR_ARG);
  EXPECT_EQ(f.tag, Bytes(16, 0x44));
  ASSERT_EQ(fc_aes_gcm_encrypt_final(&ctx, tag, 16), FC_OK);
  EXPECT_EQ(fc_aes_gcm_encrypt_update(&ctx, in, out, 1), FC_ERR_ARG) << "after final";
  EXPECT_EQ(fc_aes_gcm_encrypt_final(&ctx, tag, 16), FC_ERR_ARG) << "after final";
  ASSERT_EQ(fc_aes_gcm_init(&ctx, &f.key, iv, 12), FC_OK);
  fc_aes_gcm_clear(&ctx);
  EXPECT_EQ(fc_aes_gcm_aad(&ctx, in, 1), FC_ERR_ARG) << "after clear";
  fc_aes_gcm_clear(nullptr);
}

}  // namespace
