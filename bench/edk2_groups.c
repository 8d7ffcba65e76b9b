/*
 * One execution of each CryptoPkg BaseCryptLib unit-test group, reduced to
 * the calls contrib/edk2's instance serves (EDK2 tree c5aa7e7d, 2026-08-06,
 * CryptoPkg/Test/UnitTest/Library/BaseCryptLib/, the *Tests.c files), with the sizes
 * those tests use. The data are not EDK2's: RFC 4231/5869/6070 patterns
 * where the tests use those RFCs' sizes, NIST SigVer records for RSA
 * (edk2_data.h), other bytes elsewhere; timing depends on sizes only.
 *
 *  mHashTest (Sha1, Sha256, Sha384, Sha512; not SM3, which the instance
 *    does not serve): GetContextSize, Init twice, Update (3 bytes),
 *    Duplicate, Final twice, HashAll (3 bytes). Contexts are the caller's.
 *  mHmacTest (HmacSha256, HmacSha384): New twice, SetKey twice (20-byte
 *    key), Update (8 bytes), Duplicate, Final twice, All (8 bytes), Free twice.
 *  mHkdfTest: HkdfSha256 Extract (22-byte key, 13-byte salt), Expand
 *    (10-byte info, 42 bytes out), ExtractAndExpand; HkdfSha384 the same
 *    with 16-byte key, 16-byte salt, 20-byte info, 64 bytes out.
 *  mPkcs5Test: Pkcs5HashPassword, HMAC-SHA-1, 8-byte password, 4-byte salt,
 *    2 iterations, 20 bytes out.
 *  mAeadAesGcmTest: AeadAesGcmEncrypt and Decrypt, AES-256, 12-byte IV,
 *    16-byte AAD, 16-byte message, 16-byte tag.
 *  mBlockCipherTest (its one enabled case, AES-128-CBC): AesGetContextSize,
 *    AesInit, AesCbcEncrypt and AesCbcDecrypt of 32 bytes.
 *  mRsaTest (what TestVerifyRsaPkcs1SignVerify does but signing):
 *    RsaSetKey N, E and D, Sha1HashAll of the message, RsaPkcs1Verify;
 *    1024-bit key, e = 0x11.
 *  mRsaPssTest (TestVerifyRsaPssSignVerify and ...SignVerifyDigest but
 *    signing): RsaSetKey N, E, D; RsaPssVerify twice; RsaSetKey N, E, D;
 *    Sha256HashAll; RsaPssVerifyDigest three times, the second on a
 *    corrupted signature (FALSE expected); 2048-bit key, e = 0x10E43F,
 *    SHA-256, 32-byte salt, 128-byte message.
 *  mEcTest (TestVerifyEcDsa and the key export and import of
 *    TestVerifyEcBasic, without key generation, ECDH and signing, which the
 *    instance does not serve): per curve, P-256 with SHA-256 and P-384 with
 *    SHA-384, EcNewByNid, EcSetPubKey, EcGetPubKey, Sha256HashAll or
 *    Sha384HashAll of the message, EcDsaVerify, EcFree (Wycheproof keys and
 *    signatures: edk2_ec_data.h).
 * The RSA contexts (RsaNew/RsaFree, the tests' set-up and clean-up) are
 * made once, outside the timed executions.
 */
#include <stdio.h>
#include <string.h>

#include <Library/BaseCryptLib.h>
#include <Library/FastCryptLib.h> /* EcSetPubKey: not in every BaseCryptLib.h */

#include "edk2_data.h"
#include "edk2_ec_data.h"
#include "edk2_groups.h"
#include "fastcrypt.h"

static void fold(edk2_fold *out, const void *p, size_t n) {
  const uint8_t *b = (const uint8_t *)p;
  for (size_t i = 0; i < n; i++) out->b[i % 64] = (uint8_t)((out->b[i % 64] << 1 | out->b[i % 64] >> 7) ^ b[i]);
}

/* Caller-allocated contexts, aligned as AllocatePool's. */
static UINT64 ctx_a[1024], ctx_b[1024];
static const char kAbc[] = "abc", kHiThere[] = "Hi There";

#define HASH_CASE(P, size)                                                              \
  do {                                                                                  \
    UINT8 d1[64], d2[64], d3[64];                                                       \
    if (P##GetContextSize() > sizeof(ctx_a)) return 1;                                  \
    bad |= !P##Init(ctx_a) || !P##Init(ctx_b) || !P##Update(ctx_a, kAbc, 3) ||         \
           !P##Duplicate(ctx_a, ctx_b) || !P##Final(ctx_a, d1) || !P##Final(ctx_b, d2) || \
           !P##HashAll(kAbc, 3, d3);                                                    \
    bad |= memcmp(d1, d2, size) != 0 || memcmp(d1, d3, size) != 0;                      \
    fold(out, d1, size);                                                                \
  } while (0)

static int hash_group(edk2_fold *out) {
  int bad = 0;
  HASH_CASE(Sha1, 20);
  HASH_CASE(Sha256, 32);
  HASH_CASE(Sha384, 48);
  HASH_CASE(Sha512, 64);
  return bad;
}

static const UINT8 kHmacKey[20] = {0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b,
                                   0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b};

#define HMAC_CASE(P, size)                                                                   \
  do {                                                                                       \
    UINT8 d1[64], d2[64], d3[64];                                                            \
    VOID *c1 = P##New(), *c2 = P##New();                                                     \
    bad |= c1 == NULL || c2 == NULL;                                                         \
    if (!bad) {                                                                              \
      bad |= !P##SetKey(c1, kHmacKey, 20) || !P##SetKey(c2, kHmacKey, 20) ||                 \
             !P##Update(c1, kHiThere, 8) || !P##Duplicate(c1, c2) || !P##Final(c1, d1) ||    \
             !P##Final(c2, d2) || !P##All(kHiThere, 8, kHmacKey, 20, d3);                    \
      bad |= memcmp(d1, d2, size) != 0 || memcmp(d1, d3, size) != 0;                         \
      fold(out, d1, size);                                                                   \
    }                                                                                        \
    P##Free(c1);                                                                             \
    P##Free(c2);                                                                             \
  } while (0)

static int hmac_group(edk2_fold *out) {
  int bad = 0;
  HMAC_CASE(HmacSha256, 32);
  HMAC_CASE(HmacSha384, 48);
  return bad;
}

/* RFC 5869 test case 1's shapes for SHA-256; other bytes, the SHA-384 sizes. */
static const UINT8 kIkm[22] = {0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b,
                               0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b};
static const UINT8 kSalt[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
static const UINT8 kInfo[20] = {0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9,
                                0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff, 0xe0, 0xe1, 0xe2, 0xe3};

#define HKDF_CASE(P, ikm, salt, info, prk, okm)                                            \
  do {                                                                                     \
    UINT8 k[prk], o1[okm], o2[okm];                                                        \
    bad |= !P##Extract(kIkm, ikm, kSalt, salt, k, prk) ||                                  \
           !P##Expand(k, prk, kInfo, info, o1, okm) ||                                     \
           !P##ExtractAndExpand(kIkm, ikm, kSalt, salt, kInfo, info, o2, okm);             \
    bad |= memcmp(o1, o2, okm) != 0;                                                       \
    fold(out, o1, okm);                                                                    \
  } while (0)

static int hkdf_group(edk2_fold *out) {
  int bad = 0;
  HKDF_CASE(HkdfSha256, 22, 13, 10, 32, 42);
  HKDF_CASE(HkdfSha384, 16, 16, 20, 48, 64);
  return bad;
}

static int pkcs5_group(edk2_fold *out) {
  UINT8 key[20];
  int bad = !Pkcs5HashPassword(8, "password", 4, (const UINT8 *)"salt", 2, 20, 20, key);
  fold(out, key, 20);
  return bad;
}

static const UINT8 kKey32[32] = {0xfe, 0xff, 0xe9, 0x92, 0x86, 0x65, 0x73, 0x1c, 0x6d, 0x6a, 0x8f,
                                 0x94, 0x67, 0x30, 0x83, 0x08, 0xfe, 0xff, 0xe9, 0x92, 0x86, 0x65,
                                 0x73, 0x1c, 0x6d, 0x6a, 0x8f, 0x94, 0x67, 0x30, 0x83, 0x08};
static const UINT8 kIv[16] = {0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad,
                              0xde, 0xca, 0xf8, 0x88, 0x3c, 0x4d, 0x59, 0x60};
static const UINT8 kData[32] = {0xd9, 0x31, 0x32, 0x25, 0xf8, 0x84, 0x06, 0xe5, 0xa5, 0x59, 0x09,
                                0xc5, 0xaf, 0xf5, 0x26, 0x9a, 0x86, 0xa7, 0xa9, 0x53, 0x15, 0x34,
                                0xf7, 0xda, 0x2e, 0x4c, 0x30, 0x3d, 0x8a, 0x31, 0x8a, 0x72};

static int gcm_group(edk2_fold *out) {
  UINT8 ct[16], pt[16], tag[16];
  UINTN ct_len = sizeof ct, pt_len = sizeof pt;
  int bad = !AeadAesGcmEncrypt(kKey32, 32, kIv, 12, kSalt, 16, kData, 16, tag, 16, ct, &ct_len);
  bad |= !AeadAesGcmDecrypt(kKey32, 32, kIv, 12, kSalt, 16, ct, 16, tag, 16, pt, &pt_len);
  bad |= ct_len != 16 || pt_len != 16 || memcmp(pt, kData, 16) != 0;
  fold(out, ct, 16);
  fold(out, tag, 16);
  return bad;
}

static int block_group(edk2_fold *out) {
  UINT8 enc[32], dec[32];
  if (AesGetContextSize() > sizeof(ctx_a)) return 1;
  int bad = !AesInit(ctx_a, kKey32, 128) || !AesCbcEncrypt(ctx_a, kData, 32, kIv, enc) ||
         !AesCbcDecrypt(ctx_a, enc, 32, kIv, dec);
  bad |= memcmp(dec, kData, 32) != 0;
  fold(out, enc, 32);
  return bad;
}

static VOID *rsa_ctx, *pss_ctx;
static UINT8 fake_d[256]; /* D's length; the instance never uses it */

static int rsa_group(edk2_fold *out) {
  UINT8 md[20];
  int bad = !RsaSetKey(rsa_ctx, RsaKeyN, kEdk2RsaN, sizeof kEdk2RsaN) ||
            !RsaSetKey(rsa_ctx, RsaKeyE, kEdk2RsaE, sizeof kEdk2RsaE) ||
            !RsaSetKey(rsa_ctx, RsaKeyD, fake_d, sizeof kEdk2RsaN);
  bad |= !Sha1HashAll(kEdk2RsaMsg, sizeof kEdk2RsaMsg, md);
  bad |= !RsaPkcs1Verify(rsa_ctx, md, 20, kEdk2RsaSig, sizeof kEdk2RsaSig);
  fold(out, md, 20);
  return bad;
}

static UINT8 pss_bad_sig[256];

static int pss_set_key(void) {
  return !RsaSetKey(pss_ctx, RsaKeyN, kEdk2PssN, sizeof kEdk2PssN) ||
         !RsaSetKey(pss_ctx, RsaKeyE, kEdk2PssE, sizeof kEdk2PssE) ||
         !RsaSetKey(pss_ctx, RsaKeyD, fake_d, sizeof kEdk2PssN);
}

static int pss_group(edk2_fold *out) {
  UINT8 md[32];
  const UINTN n = sizeof kEdk2PssSig;
  int bad = pss_set_key();
  bad |= !RsaPssVerify(pss_ctx, kEdk2PssMsg, sizeof kEdk2PssMsg, kEdk2PssSig, n, 32, 32);
  bad |= !RsaPssVerify(pss_ctx, kEdk2PssMsg, sizeof kEdk2PssMsg, kEdk2PssSig, n, 32, 32);
  bad |= pss_set_key();
  bad |= !Sha256HashAll(kEdk2PssMsg, sizeof kEdk2PssMsg, md);
  bad |= !RsaPssVerifyDigest(pss_ctx, md, 32, kEdk2PssSig, n);
  bad |= RsaPssVerifyDigest(pss_ctx, md, 32, pss_bad_sig, n); /* must fail */
  bad |= !RsaPssVerifyDigest(pss_ctx, md, 32, kEdk2PssSig, n);
  fold(out, md, 32);
  return bad;
}

static int ec_curve(edk2_fold *out, UINTN nid, const UINT8 *xy, UINTN xy_len, const UINT8 *msg,
                    UINTN msg_len, const UINT8 *sig, UINTN sig_len, int sha384) {
  UINT8 pub[96], md[48];
  UINTN n = sizeof pub, md_len = sha384 ? 48 : 32;
  VOID *ec = EcNewByNid(nid);
  if (ec == NULL) return 1;
  int bad = !EcSetPubKey(ec, (UINT8 *)xy, xy_len) || !EcGetPubKey(ec, pub, &n) || n != xy_len;
  bad |= sha384 ? !Sha384HashAll(msg, msg_len, md) : !Sha256HashAll(msg, msg_len, md);
  bad |= !EcDsaVerify(ec, sha384 ? 0x0002 : 0x0001, md, md_len, sig, sig_len);
  EcFree(ec);
  fold(out, pub, n <= sizeof pub ? n : sizeof pub);
  return bad;
}

static int ec_group(edk2_fold *out) {
  return ec_curve(out, 0x0204, kEdk2EcP256Xy, sizeof kEdk2EcP256Xy, kEdk2EcP256Msg,
                  sizeof kEdk2EcP256Msg, kEdk2EcP256Sig, sizeof kEdk2EcP256Sig, 0) |
         ec_curve(out, 0x0205, kEdk2EcP384Xy, sizeof kEdk2EcP384Xy, kEdk2EcP384Msg,
                  sizeof kEdk2EcP384Msg, kEdk2EcP384Sig, sizeof kEdk2EcP384Sig, 1);
}

const edk2_group edk2_groups[EDK2_NGROUPS] = {
    {"mHashTest", hash_group},         {"mHmacTest", hmac_group},
    {"mHkdfTest", hkdf_group},         {"mPkcs5Test", pkcs5_group},
    {"mAeadAesGcmTest", gcm_group},    {"mBlockCipherTest", block_group},
    {"mRsaTest", rsa_group},           {"mRsaPssTest", pss_group},
    {"mEcTest", ec_group},
};

int edk2_groups_setup(void) {
  for (size_t i = 0; i < sizeof fake_d; i++) fake_d[i] = (uint8_t)(i * 29 + 7);
  memcpy(pss_bad_sig, kEdk2PssSig, sizeof pss_bad_sig);
  pss_bad_sig[0] ^= 0xff;
  rsa_ctx = RsaNew();
  pss_ctx = RsaNew();
  return rsa_ctx == NULL || pss_ctx == NULL;
}

void edk2_groups_teardown(void) {
  RsaFree(rsa_ctx);
  RsaFree(pss_ctx);
  rsa_ctx = pss_ctx = NULL;
}

void edk2_print_kernels(const char *mode) {
  printf("%s kernels: mont %s (1024 bits), %s (2048 bits); sha1 %s, sha256 %s, sha512 %s; aes %s, "
         "ghash %s; ec %s\n",
         mode, fc_impl_active_for_bits(FC_OP_MONT, 1024), fc_impl_active_for_bits(FC_OP_MONT, 2048),
         fc_impl_active(FC_OP_SHA1), fc_impl_active(FC_OP_SHA256), fc_impl_active(FC_OP_SHA512),
         fc_impl_active(FC_OP_AES), fc_impl_active(FC_OP_GHASH), fc_impl_active(FC_OP_EC));
}
