/*
 * A module's view of the instance, for tools/test-edk2.sh: built with
 * EDK2's code-generation flags for X64 (EFIAPI = ms_abi, no red zone),
 * IA32 (-malign-double) or AARCH64 (-ffixed-x18), as the instance and
 * libfastcrypt are (contrib/edk2/build-fastcrypt.sh), it calls each group
 * of BaseCryptLib functions the instance serves on known answers computed
 * outside fastcrypt (edk2_vectors.h, from make_vectors.py).
 * Usage: Client [portable | mismatch | absent]
 *   portable  FastCryptLibInitFeatures (0) first: portable kernels only;
 *   absent    libfastcrypt.a built for Secure Boot modules (FC_WITH_AES,
 *             FC_WITH_MLDSA, FC_WITH_HASHSIG and FC_WITH_EC_SCALAR32 off):
 *             hashes, MACs and RSA as usual, the absent families' calls
 *             return FALSE where a full archive succeeds;
 *   mismatch  this client and the instance were built with another struct
 *             layout than libfastcrypt: every call must fail.
 * Exit status 0 when every check passed.
 */
#include <stdio.h>
#include <string.h>

#include <Library/BaseCryptLib.h>

#include "StandIn.h"
#include "edk2_vectors.h"
#include "fastcrypt.h"

static int failures, checks;

static void check(int ok, const char *what) {
  checks++;
  if (!ok) {
    failures++;
    printf("FAIL: %s\n", what);
  }
}

#define SAME(a, b, n) (memcmp((a), (b), (n)) == 0)

static void hashes(void) {
  UINT8 md[64];
  UINT64 ctx[64];
  check(Sha1HashAll(kMsg, kMsg_LEN, md) && SAME(md, kMd_sha1, 20), "Sha1HashAll");
  check(Sha256HashAll(kMsg, kMsg_LEN, md) && SAME(md, kMd_sha256, 32), "Sha256HashAll");
  check(Sha384HashAll(kMsg, kMsg_LEN, md) && SAME(md, kMd_sha384, 48), "Sha384HashAll");
  check(Sha512HashAll(kMsg, kMsg_LEN, md) && SAME(md, kMd_sha512, 64), "Sha512HashAll");
  check(Sha256GetContextSize() <= sizeof(ctx), "Sha256GetContextSize");
  check(Sha256Init(ctx) && Sha256Update(ctx, kMsg, 333) && Sha256Update(ctx, kMsg + 333, kMsg_LEN - 333) &&
            Sha256Final(ctx, md) && SAME(md, kMd_sha256, 32),
        "Sha256 Init/Update/Final");
  check(Sha512Init(ctx) && Sha512Update(ctx, kMsg, 129) && Sha512Update(ctx, kMsg + 129, kMsg_LEN - 129) &&
            Sha512Final(ctx, md) && SAME(md, kMd_sha512, 64),
        "Sha512 Init/Update/Final");
}

static void macs(void) {
  UINT8 out[128], prk[64];
  VOID *h = HmacSha256New();
  check(HmacSha256All(kMsg, kMsg_LEN, kHmacKey, kHmacKey_LEN, out) && SAME(out, kHmac_sha256, 32), "HmacSha256All");
  check(h && HmacSha256SetKey(h, kHmacKey, kHmacKey_LEN) && HmacSha256Update(h, kMsg, 100) &&
            HmacSha256Update(h, kMsg + 100, kMsg_LEN - 100) && HmacSha256Final(h, out) && SAME(out, kHmac_sha256, 32),
        "HmacSha256 New/SetKey/Update/Final");
  HmacSha256Free(h);
  check(HmacSha384All(kMsg, kMsg_LEN, kHmacKey, kHmacKey_LEN, out) && SAME(out, kHmac_sha384, 48), "HmacSha384All");
  check(HkdfSha256ExtractAndExpand(kIkm, kIkm_LEN, kSalt, kSalt_LEN, kInfo, kInfo_LEN, out, kOkm_sha256_LEN) &&
            SAME(out, kOkm_sha256, kOkm_sha256_LEN),
        "HkdfSha256ExtractAndExpand");
  check(HkdfSha384Extract(kIkm, kIkm_LEN, kSalt, kSalt_LEN, prk, 48) && SAME(prk, kPrk_sha384, 48) &&
            HkdfSha384Expand(prk, 48, kInfo, kInfo_LEN, out, kOkm_sha384_LEN) && SAME(out, kOkm_sha384, kOkm_sha384_LEN),
        "HkdfSha384Extract/Expand");
  check(Pkcs5HashPassword(8, "password", 9, (const UINT8 *)"NaCl salt", 100, 20, 40, out) &&
            SAME(out, kPbkdf2_sha1, 40),
        "Pkcs5HashPassword SHA-1");
  check(Pkcs5HashPassword(8, "password", 9, (const UINT8 *)"NaCl salt", 100, 32, 40, out) &&
            SAME(out, kPbkdf2_sha256, 40),
        "Pkcs5HashPassword SHA-256");
}

static void ciphers(void) {
  UINT64 ctx[512];
  UINT8 out[64], back[64], tag[16];
  UINTN n = sizeof(out);
  check(AesGetContextSize() <= sizeof(ctx), "AesGetContextSize");
  check(AesInit(ctx, kAesKey, 128) && AesCbcEncrypt(ctx, kAesPlain, 64, kAesIv, out) && SAME(out, kAesCbc, 64) &&
            AesCbcDecrypt(ctx, out, 64, kAesIv, back) && SAME(back, kAesPlain, 64),
        "AesCbcEncrypt/Decrypt");
  check(AesEncrypt(ctx, kAesPlain, out) && AesDecrypt(ctx, out, back) && SAME(back, kAesPlain, 16), "AesEncrypt/Decrypt");
  check(AeadAesGcmEncrypt(kGcmKey, kGcmKey_LEN, kGcmIV, kGcmIV_LEN, kGcmAAD, kGcmAAD_LEN, kGcmPT, kGcmPT_LEN, tag, 16,
                          out, &n) &&
            n == kGcmPT_LEN && SAME(out, kGcmCT, kGcmCT_LEN) && SAME(tag, kGcmTag, 16),
        "AeadAesGcmEncrypt");
  n = sizeof(back);
  check(AeadAesGcmDecrypt(kGcmKey, kGcmKey_LEN, kGcmIV, kGcmIV_LEN, kGcmAAD, kGcmAAD_LEN, kGcmCT, kGcmCT_LEN, kGcmTag,
                          16, back, &n) &&
            SAME(back, kGcmPT, kGcmPT_LEN),
        "AeadAesGcmDecrypt");
}

static void rsa(void) {
  UINT8 d[32];
  UINT8 bad[kRsaSig_LEN];
  VOID *r = RsaNew();
  check(r != NULL && RsaSetKey(r, RsaKeyN, kRsaN, kRsaN_LEN) && RsaSetKey(r, RsaKeyE, kRsaE, kRsaE_LEN) &&
            Sha256HashAll(kRsaMsg, kRsaMsg_LEN, d) && RsaPkcs1Verify(r, d, 32, kRsaSig, kRsaSig_LEN),
        "RsaPkcs1Verify");
  memcpy(bad, kRsaSig, sizeof(bad));
  bad[100] ^= 4;
  check(!RsaPkcs1Verify(r, d, 32, bad, sizeof(bad)), "RsaPkcs1Verify rejects a changed signature");
  check(RsaSetKey(r, RsaKeyN, kPssN, kPssN_LEN) && RsaSetKey(r, RsaKeyE, kPssE, kPssE_LEN) &&
            RsaPssVerify(r, kPssMsg, kPssMsg_LEN, kPssSig, kPssSig_LEN, 32, 32),
        "RsaPssVerify (e not 2^k + 1)");
  check(Sha256HashAll(kPssMsg, kPssMsg_LEN, d) && RsaPssVerifyDigest(r, d, 32, kPssSig, kPssSig_LEN),
        "RsaPssVerifyDigest");
  RsaFree(r);
}

/* Calls that succeed on a full archive (the AES answers above; any
   2,592-byte string is an ML-DSA-87 key, any 64-byte one an
   SLH-DSA-SHAKE-256s key) and must fail on one without the family. */
static void absent(void) {
  static UINT8 pk[2592];
  UINT64 ctx[512];
  UINT8 out[64], tag[16];
  UINTN n = sizeof(out);
  fc_impl_info ec[8];
  size_t i, k;
  VOID *m;
  check(!AesInit(ctx, kAesKey, 128), "AesInit fails (FC_WITH_AES=OFF)");
  check(!AeadAesGcmEncrypt(kGcmKey, kGcmKey_LEN, kGcmIV, kGcmIV_LEN, kGcmAAD, kGcmAAD_LEN, kGcmPT, kGcmPT_LEN, tag,
                           16, out, &n),
        "AeadAesGcmEncrypt fails (FC_WITH_AES=OFF)");
  unsigned freed_nonzero = FcEdk2TestFreedNonZero; /* the two contexts below hold public data only */
  m = MlDsaNewByNid(0x05B3);
  check(m == NULL || !MlDsaSetPubKey(m, pk, 2592), "MlDsaSetPubKey fails (FC_WITH_MLDSA=OFF)");
  MlDsaFree(m);
  m = SlhDsaNewByNid(0x05CD);
  check(m == NULL || !SlhDsaSetPubKey(m, pk, 64), "SlhDsaSetPubKey fails (FC_WITH_HASHSIG=OFF)");
  SlhDsaFree(m);
  FcEdk2TestFreedNonZero = freed_nonzero;
  check(fc_impls(FC_OP_AES, NULL, 0) == 0 && fc_impls(FC_OP_MLDSA, NULL, 0) == 0 &&
            fc_impls(FC_OP_SHA256_X, NULL, 0) == 0,
        "no aes, mldsa or sha256_x kernel listed");
  k = fc_impls(FC_OP_EC, ec, 8);
  check(k > 0 && k <= 8, "ec kernels listed");
  for (i = 0; i < k && i < 8; i++) check(strcmp(ec[i].name, "scalar32") != 0, "no ec scalar32 (FC_WITH_EC_SCALAR32=OFF)");
}

/* The active kernel's name, "(none)" for an op compiled out. */
static const char *active(fc_op op) {
  const char *name = fc_impl_active(op);
  return name ? name : "(none)";
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  if (strcmp(mode, "mismatch") == 0) {
    UINT8 md[32];
    check(!FastCryptLibInitFeatures(~(UINT64)0), "FastCryptLibInitFeatures sees the layout mismatch");
    check(!Sha256HashAll(kMsg, kMsg_LEN, md), "Sha256HashAll fails");
    check(!HmacSha256All(kMsg, kMsg_LEN, kHmacKey, kHmacKey_LEN, md), "HmacSha256All fails");
  } else {
    if (strcmp(mode, "portable") == 0) check(FastCryptLibInitFeatures(0), "FastCryptLibInitFeatures (0)");
    hashes();
    macs();
    if (strcmp(mode, "absent") == 0)
      absent();
    else
      ciphers();
    rsa();
    check(FcEdk2TestAllocs == FcEdk2TestFrees && FcEdk2TestFreedNonZero == 0, "every context wiped and freed");
    printf("edk2 client: kernels mont %s, sha256 %s, sha512 %s, aes %s, ghash %s\n", active(FC_OP_MONT),
           active(FC_OP_SHA256), active(FC_OP_SHA512), active(FC_OP_AES), active(FC_OP_GHASH));
  }
  printf("edk2 client (%s): %d of %d checks passed\n", *mode ? mode : "automatic", checks - failures, checks);
  return failures != 0;
}
