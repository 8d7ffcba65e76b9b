/** @file
  Test-only PEIM for tools/build-ovmf-secureboot.sh. Dispatched once
  permanent memory is installed (its depex), it calls fastcrypt's
  BaseCryptLib instance as PEI-phase verifiers do (Tcg2Pei and FvReportPei
  hash; the PEI capsule and recovery paths check RSA and PKCS#7
  signatures):
  - Sha1HashAll, Sha256HashAll, Sha384HashAll and Sha512HashAll of "abc"
    against FIPS 180-4's published digests;
  - RsaPkcs1Verify of an RSA-2048 PKCS#1 v1.5 SHA-256 signature, and
    Pkcs7Verify of a detached CMS signature by a self-signed certificate
    (both made by openssl when the script builds the firmware:
    FcPeiVectors.h), each also with one byte of the message changed,
    which must fail.
  It writes a line per check and "FcPei: N of M checks passed" to the
  serial port, and returns EFI_SUCCESS either way (the boot goes on).
**/
#include <PiPei.h>
#include <Library/BaseCryptLib.h>
#include <Library/BaseMemoryLib.h>
#include <Library/PrintLib.h>
#include <Library/SerialPortLib.h>

#include "FcPeiVectors.h"

STATIC UINTN  mChecks;
STATIC UINTN  mFailures;

STATIC
VOID
Check (
  IN BOOLEAN      Ok,
  IN CONST CHAR8  *What
  )
{
  CHAR8  Line[128];
  UINTN  Length;

  mChecks++;
  if (!Ok) {
    mFailures++;
  }

  Length = AsciiSPrint (Line, sizeof (Line), "FcPei: %a: %a\r\n", Ok ? "PASS" : "FAIL", What);
  SerialPortWrite ((UINT8 *)Line, Length);
}

/* FIPS 180-4 (and its examples) digests of "abc". */
STATIC CONST UINT8  mSha1Abc[20] = {
  0xa9, 0x99, 0x3e, 0x36, 0x47, 0x06, 0x81, 0x6a, 0xba, 0x3e, 0x25, 0x71, 0x78, 0x50, 0xc2, 0x6c,
  0x9c, 0xd0, 0xd8, 0x9d
};
STATIC CONST UINT8  mSha256Abc[32] = {
  0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
  0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad
};
STATIC CONST UINT8  mSha384Abc[48] = {
  0xcb, 0x00, 0x75, 0x3f, 0x45, 0xa3, 0x5e, 0x8b, 0xb5, 0xa0, 0x3d, 0x69, 0x9a, 0xc6, 0x50, 0x07,
  0x27, 0x2c, 0x32, 0xab, 0x0e, 0xde, 0xd1, 0x63, 0x1a, 0x8b, 0x60, 0x5a, 0x43, 0xff, 0x5b, 0xed,
  0x80, 0x86, 0x07, 0x2b, 0xa1, 0xe7, 0xcc, 0x23, 0x58, 0xba, 0xec, 0xa1, 0x34, 0xc8, 0x25, 0xa7
};
STATIC CONST UINT8  mSha512Abc[64] = {
  0xdd, 0xaf, 0x35, 0xa1, 0x93, 0x61, 0x7a, 0xba, 0xcc, 0x41, 0x73, 0x49, 0xae, 0x20, 0x41, 0x31,
  0x12, 0xe6, 0xfa, 0x4e, 0x89, 0xa9, 0x7e, 0xa2, 0x0a, 0x9e, 0xee, 0xe6, 0x4b, 0x55, 0xd3, 0x9a,
  0x21, 0x92, 0x99, 0x2a, 0x27, 0x4f, 0xc1, 0xa8, 0x36, 0xba, 0x3c, 0x23, 0xa3, 0xfe, 0xeb, 0xbd,
  0x45, 0x4d, 0x44, 0x23, 0x64, 0x3c, 0xe8, 0x0e, 0x2a, 0x9a, 0xc9, 0x4f, 0xa5, 0x4c, 0xa4, 0x9f
};

STATIC
VOID
Hashes (
  VOID
  )
{
  UINT8  Md[64];

  Check (Sha1HashAll ("abc", 3, Md) && CompareMem (Md, mSha1Abc, 20) == 0, "Sha1HashAll");
  Check (Sha256HashAll ("abc", 3, Md) && CompareMem (Md, mSha256Abc, 32) == 0, "Sha256HashAll");
  Check (Sha384HashAll ("abc", 3, Md) && CompareMem (Md, mSha384Abc, 48) == 0, "Sha384HashAll");
  Check (Sha512HashAll ("abc", 3, Md) && CompareMem (Md, mSha512Abc, 64) == 0, "Sha512HashAll");
}

STATIC
VOID
Signatures (
  VOID
  )
{
  STATIC UINT8  Changed[sizeof (mFcPeiMessage)];
  UINT8         Digest[32];
  VOID          *Rsa;
  BOOLEAN       Ok;

  CopyMem (Changed, mFcPeiMessage, sizeof (Changed));
  Changed[0] ^= 1;

  Rsa = RsaNew ();
  Ok  = (BOOLEAN)(Rsa != NULL && RsaSetKey (Rsa, RsaKeyN, mFcPeiRsaN, sizeof (mFcPeiRsaN)) &&
                  RsaSetKey (Rsa, RsaKeyE, mFcPeiRsaE, sizeof (mFcPeiRsaE)) &&
                  Sha256HashAll (mFcPeiMessage, sizeof (mFcPeiMessage), Digest));
  Check (Ok && RsaPkcs1Verify (Rsa, Digest, 32, mFcPeiRsaSig, sizeof (mFcPeiRsaSig)), "RsaPkcs1Verify");
  Ok = (BOOLEAN)(Ok && Sha256HashAll (Changed, sizeof (Changed), Digest));
  Check (Ok && !RsaPkcs1Verify (Rsa, Digest, 32, mFcPeiRsaSig, sizeof (mFcPeiRsaSig)), "RsaPkcs1Verify refuses a changed message");
  if (Rsa != NULL) {
    RsaFree (Rsa);
  }

  Check (
    Pkcs7Verify (mFcPeiP7, sizeof (mFcPeiP7), mFcPeiCert, sizeof (mFcPeiCert), mFcPeiMessage, sizeof (mFcPeiMessage)),
    "Pkcs7Verify"
    );
  Check (
    !Pkcs7Verify (mFcPeiP7, sizeof (mFcPeiP7), mFcPeiCert, sizeof (mFcPeiCert), Changed, sizeof (Changed)),
    "Pkcs7Verify refuses a changed message"
    );
}

EFI_STATUS
EFIAPI
FcPeiEntry (
  IN       EFI_PEI_FILE_HANDLE  FileHandle,
  IN CONST EFI_PEI_SERVICES     **PeiServices
  )
{
  CHAR8  Line[64];
  UINTN  Length;

  SerialPortInitialize ();
  Hashes ();
  Signatures ();
  Length = AsciiSPrint (
             Line,
             sizeof (Line),
             "FcPei: %d of %d checks passed\r\n",
             (UINT32)(mChecks - mFailures),
             (UINT32)mChecks
             );
  SerialPortWrite ((UINT8 *)Line, Length);
  return EFI_SUCCESS;
}
