/** @file
  Test-only UEFI application for tools/build-edk2-platform.sh, built by
  EDK2's `build` with BaseCryptLib mapped to fastcrypt's instance. It calls
  each group of functions the instance serves on known answers computed
  outside fastcrypt (edk2_vectors.h, from contrib/edk2/test/make_vectors.py:
  Python's hashlib and hmac, openssl, NIST and Wycheproof files), first with
  the instance's automatic kernel choice, then with portable kernels only
  (FastCryptLibInitFeatures (0)), and prints one line per check on the
  console and a last line "FcTestApp: N of M checks passed".
  Returns EFI_SUCCESS when every check passed, EFI_ABORTED otherwise.
**/
#include <Uefi.h>
#include <Library/UefiLib.h>
#include <Library/BaseLib.h>
#include <Library/BaseMemoryLib.h>
#include <Library/BaseCryptLib.h>
#include <Library/FastCryptLib.h>

#include "fastcrypt.h"
#include "edk2_vectors.h"

STATIC UINTN  mChecks;
STATIC UINTN  mFailures;

STATIC
VOID
Check (
  IN BOOLEAN      Ok,
  IN CONST CHAR8  *What
  )
{
  mChecks++;
  if (!Ok) {
    mFailures++;
  }

  Print (L"%a: %a\n", Ok ? "PASS" : "FAIL", What);
}

#define SAME(a, b, n)  (CompareMem ((a), (b), (n)) == 0)

STATIC
VOID
PrintHex (
  IN CONST CHAR8  *Label,
  IN CONST UINT8  *Data,
  IN UINTN        Size
  )
{
  UINTN  Index;

  Print (L"%a ", Label);
  for (Index = 0; Index < Size; Index++) {
    Print (L"%02x", Data[Index]);
  }

  Print (L"\n");
}

STATIC
VOID
Hashes (
  VOID
  )
{
  UINT8   Md[64];
  UINT64  Ctx[64];

  Check (Sha1HashAll (kMsg, kMsg_LEN, Md) && SAME (Md, kMd_sha1, 20), "Sha1HashAll");
  Check (Sha256HashAll (kMsg, kMsg_LEN, Md) && SAME (Md, kMd_sha256, 32), "Sha256HashAll");
  Check (Sha384HashAll (kMsg, kMsg_LEN, Md) && SAME (Md, kMd_sha384, 48), "Sha384HashAll");
  Check (Sha512HashAll (kMsg, kMsg_LEN, Md) && SAME (Md, kMd_sha512, 64), "Sha512HashAll");
  Check (Sha256GetContextSize () <= sizeof (Ctx), "Sha256GetContextSize");
  Check (
    Sha256Init (Ctx) && Sha256Update (Ctx, kMsg, 333) &&
    Sha256Update (Ctx, kMsg + 333, kMsg_LEN - 333) && Sha256Final (Ctx, Md) &&
    SAME (Md, kMd_sha256, 32),
    "Sha256Init/Update/Final"
    );
  Check (
    Sha512Init (Ctx) && Sha512Update (Ctx, kMsg, 129) &&
    Sha512Update (Ctx, kMsg + 129, kMsg_LEN - 129) && Sha512Final (Ctx, Md) &&
    SAME (Md, kMd_sha512, 64),
    "Sha512Init/Update/Final"
    );
  // For the log: SHA-256 of "abc" (FIPS 180-2's example, ba7816bf...).
  if (Sha256HashAll ("abc", 3, Md)) {
    PrintHex ("Sha256(\"abc\")", Md, 32);
  }
}

STATIC
VOID
Macs (
  VOID
  )
{
  UINT8  Out[128];
  UINT8  Prk[64];
  VOID   *Hmac;

  Check (
    HmacSha256All (kMsg, kMsg_LEN, kHmacKey, kHmacKey_LEN, Out) && SAME (Out, kHmac_sha256, 32),
    "HmacSha256All"
    );
  Hmac = HmacSha256New ();
  Check (
    Hmac != NULL && HmacSha256SetKey (Hmac, kHmacKey, kHmacKey_LEN) &&
    HmacSha256Update (Hmac, kMsg, 100) && HmacSha256Update (Hmac, kMsg + 100, kMsg_LEN - 100) &&
    HmacSha256Final (Hmac, Out) && SAME (Out, kHmac_sha256, 32),
    "HmacSha256New/SetKey/Update/Final"
    );
  HmacSha256Free (Hmac);
  Check (
    HmacSha384All (kMsg, kMsg_LEN, kHmacKey, kHmacKey_LEN, Out) && SAME (Out, kHmac_sha384, 48),
    "HmacSha384All"
    );
  Check (
    HkdfSha256ExtractAndExpand (
      kIkm, kIkm_LEN, kSalt, kSalt_LEN, kInfo, kInfo_LEN, Out, kOkm_sha256_LEN
      ) && SAME (Out, kOkm_sha256, kOkm_sha256_LEN),
    "HkdfSha256ExtractAndExpand"
    );
  Check (
    HkdfSha384Extract (kIkm, kIkm_LEN, kSalt, kSalt_LEN, Prk, 48) && SAME (Prk, kPrk_sha384, 48) &&
    HkdfSha384Expand (Prk, 48, kInfo, kInfo_LEN, Out, kOkm_sha384_LEN) &&
    SAME (Out, kOkm_sha384, kOkm_sha384_LEN),
    "HkdfSha384Extract/Expand"
    );
  Check (
    Pkcs5HashPassword (8, "password", 9, (CONST UINT8 *)"NaCl salt", 100, 20, 40, Out) &&
    SAME (Out, kPbkdf2_sha1, 40),
    "Pkcs5HashPassword SHA-1"
    );
  Check (
    Pkcs5HashPassword (8, "password", 9, (CONST UINT8 *)"NaCl salt", 100, 32, 40, Out) &&
    SAME (Out, kPbkdf2_sha256, 40),
    "Pkcs5HashPassword SHA-256"
    );
}

STATIC
VOID
Ciphers (
  VOID
  )
{
  UINT64  Ctx[512];
  UINT8   Out[64];
  UINT8   Back[64];
  UINT8   Tag[16];
  UINTN   Size;

  Check (AesGetContextSize () <= sizeof (Ctx), "AesGetContextSize");
  Check (
    AesInit (Ctx, kAesKey, 128) && AesCbcEncrypt (Ctx, kAesPlain, 64, kAesIv, Out) &&
    SAME (Out, kAesCbc, 64) && AesCbcDecrypt (Ctx, Out, 64, kAesIv, Back) &&
    SAME (Back, kAesPlain, 64),
    "AesInit/AesCbcEncrypt/AesCbcDecrypt"
    );
  Check (
    AesEncrypt (Ctx, kAesPlain, Out) && AesDecrypt (Ctx, Out, Back) && SAME (Back, kAesPlain, 16),
    "AesEncrypt/AesDecrypt"
    );
  Size = sizeof (Out);
  Check (
    AeadAesGcmEncrypt (
      kGcmKey, kGcmKey_LEN, kGcmIV, kGcmIV_LEN, kGcmAAD, kGcmAAD_LEN, kGcmPT, kGcmPT_LEN,
      Tag, 16, Out, &Size
      ) && Size == kGcmPT_LEN && SAME (Out, kGcmCT, kGcmCT_LEN) && SAME (Tag, kGcmTag, 16),
    "AeadAesGcmEncrypt"
    );
  Size = sizeof (Back);
  Check (
    AeadAesGcmDecrypt (
      kGcmKey, kGcmKey_LEN, kGcmIV, kGcmIV_LEN, kGcmAAD, kGcmAAD_LEN, kGcmCT, kGcmCT_LEN,
      kGcmTag, 16, Back, &Size
      ) && SAME (Back, kGcmPT, kGcmPT_LEN),
    "AeadAesGcmDecrypt"
    );
  CopyMem (Tag, kGcmTag, 16);
  Tag[3] ^= 1;
  Size = sizeof (Back);
  Check (
    !AeadAesGcmDecrypt (
       kGcmKey, kGcmKey_LEN, kGcmIV, kGcmIV_LEN, kGcmAAD, kGcmAAD_LEN, kGcmCT, kGcmCT_LEN,
       Tag, 16, Back, &Size
       ),
    "AeadAesGcmDecrypt rejects a changed tag"
    );
}

STATIC
VOID
Rsa (
  VOID
  )
{
  UINT8  Digest[32];
  UINT8  Bad[kRsaSig_LEN];
  UINT8  N[kRsaN_LEN];
  UINTN  NSize;
  VOID   *Key;

  Key = RsaNew ();
  Check (
    Key != NULL && RsaSetKey (Key, RsaKeyN, kRsaN, kRsaN_LEN) &&
    RsaSetKey (Key, RsaKeyE, kRsaE, kRsaE_LEN) && Sha256HashAll (kRsaMsg, kRsaMsg_LEN, Digest) &&
    RsaPkcs1Verify (Key, Digest, 32, kRsaSig, kRsaSig_LEN),
    "RsaNew/RsaSetKey/RsaPkcs1Verify"
    );
  CopyMem (Bad, kRsaSig, sizeof (Bad));
  Bad[100] ^= 4;
  Check (!RsaPkcs1Verify (Key, Digest, 32, Bad, sizeof (Bad)), "RsaPkcs1Verify rejects a changed signature");
  NSize = 0;
  Check (
    !RsaGetKey (Key, RsaKeyN, NULL, &NSize) && NSize > 0 && NSize <= sizeof (N) &&
    RsaGetKey (Key, RsaKeyN, N, &NSize) &&
    SAME (N, kRsaN + (kRsaN_LEN - NSize), NSize),
    "RsaGetKey (size query, then N)"
    );
  Check (
    RsaSetKey (Key, RsaKeyN, kPssN, kPssN_LEN) && RsaSetKey (Key, RsaKeyE, kPssE, kPssE_LEN) &&
    RsaPssVerify (Key, kPssMsg, kPssMsg_LEN, kPssSig, kPssSig_LEN, 32, 32),
    "RsaPssVerify"
    );
  Check (
    Sha256HashAll (kPssMsg, kPssMsg_LEN, Digest) &&
    RsaPssVerifyDigest (Key, Digest, 32, kPssSig, kPssSig_LEN),
    "RsaPssVerifyDigest"
    );
  RsaFree (Key);
}

STATIC
VOID
RunAll (
  IN CONST CHAR8  *Mode
  )
{
  Print (
    L"FcTestApp (%a): kernels mont %a, sha256 %a, sha512 %a, aes %a, ghash %a\n",
    Mode,
    fc_impl_active (FC_OP_MONT),
    fc_impl_active (FC_OP_SHA256),
    fc_impl_active (FC_OP_SHA512),
    fc_impl_active (FC_OP_AES),
    fc_impl_active (FC_OP_GHASH)
    );
  Hashes ();
  Macs ();
  Ciphers ();
  Rsa ();
}

EFI_STATUS
EFIAPI
FcTestAppMain (
  IN EFI_HANDLE        ImageHandle,
  IN EFI_SYSTEM_TABLE  *SystemTable
  )
{
  UINT8  Md[32];

  // The first BaseCryptLib call makes the instance choose its kernels.
  Check (Sha256HashAll (kMsg, kMsg_LEN, Md) && SAME (Md, kMd_sha256, 32), "first call");
  RunAll ("automatic");
  Check (FastCryptLibInitFeatures (0), "FastCryptLibInitFeatures (0)");
  RunAll ("portable");
  Print (L"FcTestApp: %d of %d checks passed\n", (UINT32)(mChecks - mFailures), (UINT32)mChecks);
  return mFailures == 0 ? EFI_SUCCESS : EFI_ABORTED;
}
