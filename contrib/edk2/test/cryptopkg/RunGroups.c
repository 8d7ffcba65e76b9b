/*
 * A host runner for EDK2's own CryptoPkg BaseCryptLib unit tests
 * (the *Tests.c files of CryptoPkg/Test/UnitTest/Library/BaseCryptLib/),
 * built with that tree's real headers against contrib/edk2's instance by
 * tools/test-edk2-cryptopkg.sh. It stands in for UnitTestLib (only the
 * asserts and the log those files call), DebugLib's assert (reported,
 * not fatal), MemoryAllocationLib, the few BaseMemoryLib/BaseLib functions
 * they call and, on IA32 and X64, AsmReadCr4 (CR4
 * with OSFXSR and OSXMMEXCPT set). It runs each test of the groups the
 * instance serves (TEST_DESC: PreReq, Func, CleanUp) and prints PASS or
 * FAIL per test, then "N of M failed".
 * Usage: run [portable]   (portable: FastCryptLibInitFeatures (0) first)
 * Exit: 0 when exactly the tests README.md lists as failing by design
 * failed, 1 otherwise.
 */
#include "TestBaseCryptLib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <Library/FastCryptLib.h>

/* ParallelhashTests.c's table: TestBaseCryptLib.h does not declare it. */
extern TEST_DESC  mParallelhashTest[];
extern UINTN      mParallelhashTestNum;

static BOOLEAN Report (BOOLEAN Ok, CONST CHAR8 *Function, UINTN Line, CONST CHAR8 *What)
{
  if (!Ok) {
    printf ("    assert failed: %s:%lu %s\n", Function, (unsigned long)Line, What);
  }
  return Ok;
}

BOOLEAN EFIAPI UnitTestAssertTrue (BOOLEAN E, CONST CHAR8 *Fn, UINTN Ln, CONST CHAR8 *File, CONST CHAR8 *D)
{
  return Report (E, Fn, Ln, D);
}

BOOLEAN EFIAPI UnitTestAssertFalse (BOOLEAN E, CONST CHAR8 *Fn, UINTN Ln, CONST CHAR8 *File, CONST CHAR8 *D)
{
  return Report (!E, Fn, Ln, D);
}

BOOLEAN EFIAPI UnitTestAssertEqual (UINT64 A, UINT64 B, CONST CHAR8 *Fn, UINTN Ln, CONST CHAR8 *File, CONST CHAR8 *Da, CONST CHAR8 *Db)
{
  return Report (A == B, Fn, Ln, Da);
}

BOOLEAN EFIAPI UnitTestAssertNotEqual (UINT64 A, UINT64 B, CONST CHAR8 *Fn, UINTN Ln, CONST CHAR8 *File, CONST CHAR8 *Da, CONST CHAR8 *Db)
{
  return Report (A != B, Fn, Ln, Da);
}

BOOLEAN EFIAPI UnitTestAssertMemEqual (VOID *A, VOID *B, UINTN N, CONST CHAR8 *Fn, UINTN Ln, CONST CHAR8 *File, CONST CHAR8 *Da, CONST CHAR8 *Db)
{
  return Report (memcmp (A, B, N) == 0, Fn, Ln, Da);
}

BOOLEAN EFIAPI UnitTestAssertNotEfiError (EFI_STATUS S, CONST CHAR8 *Fn, UINTN Ln, CONST CHAR8 *File, CONST CHAR8 *D)
{
  return Report (!EFI_ERROR (S), Fn, Ln, D);
}

BOOLEAN EFIAPI UnitTestAssertStatusEqual (EFI_STATUS S, EFI_STATUS E, CONST CHAR8 *Fn, UINTN Ln, CONST CHAR8 *File, CONST CHAR8 *D)
{
  return Report (S == E, Fn, Ln, D);
}

BOOLEAN EFIAPI UnitTestAssertNotNull (VOID *P, CONST CHAR8 *Fn, UINTN Ln, CONST CHAR8 *File, CONST CHAR8 *D)
{
  return Report (P != NULL, Fn, Ln, D);
}

/* X509Tests.c asserts through DebugLib: reported, never fatal here. */
BOOLEAN EFIAPI DebugAssertEnabled (VOID) { return FALSE; }
VOID EFIAPI DebugAssert (CONST CHAR8 *File, UINTN Line, CONST CHAR8 *What)
{
  printf ("    ASSERT %s:%lu %s\n", File, (unsigned long)Line, What);
}

INTN EFIAPI CompareMem (CONST VOID *A, CONST VOID *B, UINTN N)
{
  CONST UINT8  *X = A, *Y = B;

  for (UINTN I = 0; I < N; I++) {
    if (X[I] != Y[I]) {
      return (INTN)X[I] - (INTN)Y[I];
    }
  }
  return 0;
}

VOID EFIAPI UnitTestLog (UINTN Level, CONST CHAR8 *Format, ...)
{
}

VOID *EFIAPI AllocatePool (UINTN N) { return malloc (N ? N : 1); }
VOID *EFIAPI AllocateZeroPool (UINTN N) { return calloc (1, N ? N : 1); }
VOID EFIAPI FreePool (VOID *P) { free (P); }
UINTN EFIAPI AsciiStrLen (CONST CHAR8 *S) { return strlen (S); }

/* MlDsaTests.c copies its message with it (in a test that signs first). */
RETURN_STATUS EFIAPI AsciiStrCpyS (CHAR8 *D, UINTN N, CONST CHAR8 *S)
{
  UINTN  L = strlen (S);

  if ((D == NULL) || (L >= N)) {
    return RETURN_INVALID_PARAMETER;
  }
  memcpy (D, S, L + 1);
  return RETURN_SUCCESS;
}

/* Byte loops: the instance's MemMove.c defines memmove on CopyMem. */
VOID *EFIAPI ZeroMem (VOID *P, UINTN N)
{
  volatile UINT8  *B = P;

  while (N--) {
    B[N] = 0;
  }
  return P;
}

VOID *EFIAPI CopyMem (VOID *D, CONST VOID *S, UINTN N)
{
  volatile UINT8  *To   = D;
  CONST UINT8     *From = S;
  UINTN           I;

  if (To < From) {
    for (I = 0; I < N; I++) {
      To[I] = From[I];
    }
  } else {
    while (N--) {
      To[N] = From[N];
    }
  }
  return D;
}

#if defined (MDE_CPU_IA32) || defined (MDE_CPU_X64)
UINTN EFIAPI AsmReadCr4 (VOID) { return BIT9 | BIT10; }
#endif

/* README.md "What it does not provide": these sign, generate keys or use SM3
   (TestVerifyRsaCertPkcs1SignVerify and TestVerifyEcKey load a private key
   and sign before they verify; TestVerifyPkcs7SignVerify* call Pkcs7Sign;
   TestVerifyEcDh generates keys), or use the big-number and EC point
   arithmetic API (TestVerifyEcBasic), which the instance does not serve.
   TestVerifyParallelHash256HashAll expects 0xd0 at byte 51 of SP 800-185's
   sample #1, where the standard's value is 0xdd (EDK2 builds that file into
   no test module, so the slip stands); test_edk2 checks all three samples.
   The twelve TestVerifyMlDsa* listed load ML-DSA-87's private key with
   MlDsaGetPrivateKeyFromPem (not served) as their first step, and all but
   GetPubKeyNullBuffer, KeyReplacement, GetPubKeyRepeated and GetPubKey then
   sign with MlDsaSign; test_edk2 (edk2_mldsa_cases.cpp) runs their
   verification and key steps on signatures made elsewhere. The twelve
   TestVerifySlhDsa* listed do the same with SLH-DSA-SHAKE-256s's key
   (SlhDsaGetPrivateKeyFromPem; all but the same four then SlhDsaSign);
   edk2_slhdsa_cases.cpp runs their verification and key steps. */
static const char *const  mByDesign[] = {
  "TestVerifySm3()", "TestVerifyRsaGenerateKeyComponents()", "TestVerifyRsaPkcs1SignVerify()",
  "TestVerifyRsaPssSignVerify()", "TestVerifyRsaPssSignVerifyDigest()",
  "TestVerifyParallelHash256HashAll()", "TestVerifyRsaCertPkcs1SignVerify()",
  "TestVerifyPkcs7SignVerify()", "TestVerifyPkcs7SignVerifyNonSelfIssued()",
  "TestVerifyEcBasic()", "TestVerifyEcDh()", "TestVerifyEcKey()",
  "TestVerifyMlDsaPemX509()", "TestVerifyMlDsaSignVerifyWithContext()",
  "TestVerifyMlDsaGetPubKey()", "TestVerifyMlDsaTamperedData()",
  "TestVerifyMlDsaInvalidContextParams()", "TestVerifyMlDsaGetPubKeyNullBuffer()",
  "TestVerifyMlDsaSignatureSizeExact()", "TestVerifyMlDsaEmptyMessage()",
  "TestVerifyMlDsaMaxContextString()", "TestVerifyMlDsaKeyReplacement()",
  "TestVerifyMlDsaMultipleSignatures()", "TestVerifyMlDsaGetPubKeyRepeated()",
  "TestVerifySlhDsaPemX509()", "TestVerifySlhDsaSignVerifyWithContext()",
  "TestVerifySlhDsaGetPubKey()", "TestVerifySlhDsaTamperedData()",
  "TestVerifySlhDsaInvalidContextParams()", "TestVerifySlhDsaGetPubKeyNullBuffer()",
  "TestVerifySlhDsaSignatureSizeExact()", "TestVerifySlhDsaEmptyMessage()",
  "TestVerifySlhDsaMaxContextString()", "TestVerifySlhDsaKeyReplacement()",
  "TestVerifySlhDsaMultipleSignatures()", "TestVerifySlhDsaGetPubKeyRepeated()",
};


/* MlDsaTests.c's ML-DSA-87 certificate (MlDsaTestVectors.h), self-signed. */
extern CONST UINT8  mMlDsa87TestCert[];

/* The TLV at *Pos in Der[0..End): its content's offset and length; FALSE if malformed. */
static BOOLEAN DerNext (CONST UINT8 *Der, UINTN End, UINTN *Pos, UINT8 *Tag, UINTN *Body, UINTN *Len)
{
  UINTN  P = *Pos, L, N;

  if ((P >= End) || (End - P < 2)) {
    return FALSE;
  }
  *Tag = Der[P];
  L    = Der[P + 1];
  P   += 2;
  if (L & 0x80) {
    N = L & 0x7F;
    if ((N == 0) || (N > 3) || (End - P < N)) {
      return FALSE;
    }
    for (L = 0; N > 0; N--) {
      L = (L << 8) | Der[P++];
    }
  }
  if (L > End - P) {
    return FALSE;
  }
  *Body = P;
  *Len  = L;
  *Pos  = P + L;
  return TRUE;
}

/*
 * The signature BIT STRING of the certificate at Cert (30 82 xx xx: 256 to
 * 65,535 bytes of contents): TRUE with *CertSize and *SigPos (the
 * signature's first byte) when it is SigLen bytes with no unused bits.
 */
static BOOLEAN CertSignature (CONST UINT8 *Cert, UINTN SigLen, UINTN *CertSize, UINTN *SigPos)
{
  UINTN  Pos, Body, Len;
  UINT8  Tag;

  *CertSize = 4 + ((UINTN)Cert[2] << 8 | Cert[3]);
  Pos       = 0;
  if ((Cert[1] != 0x82) || !DerNext (Cert, *CertSize, &Pos, &Tag, &Body, &Len)) {
    return FALSE;
  }
  Pos = Body;                                           // tbs, algorithm, signature
  for (int I = 0; I < 3; I++) {
    if (!DerNext (Cert, *CertSize, &Pos, &Tag, &Body, &Len)) {
      return FALSE;
    }
  }
  *SigPos = Body + 1;
  return (Tag == 0x03) && (Len == 1 + SigLen) && (Cert[Body] == 0);
}

/*
 * Not one of EDK2's tests: every test of MlDsaTests.c that reads
 * mMlDsa87TestCert successfully loads the private key from PEM first, so it
 * fails by design before it gets there. Here the instance takes the
 * certificate's key (MlDsaGetPublicKeyFromX509) and verifies the
 * certificate's own signature (pure ML-DSA-87, empty context, over the TBS
 * from X509GetTBSCert); a changed TBS, a changed signature and a context
 * must fail.
 */
static UNIT_TEST_STATUS EFIAPI InstanceMlDsaCert (UNIT_TEST_CONTEXT Context)
{
  CONST UINT8  *Cert = mMlDsa87TestCert;
  UINTN        CertSize, SigPos;
  UINT8        *Tbs, *Sig, Copy[8192];
  UINTN        TbsSize;
  VOID         *Key;
  BOOLEAN      Ok;

  if (!CertSignature (Cert, 4627, &CertSize, &SigPos)) {
    return UNIT_TEST_ERROR_TEST_FAILED;
  }
  Key    = NULL;
  if (!Report (MlDsaGetPublicKeyFromX509 (Cert, CertSize, &Key), __func__, __LINE__, "MlDsaGetPublicKeyFromX509") ||
      !Report (X509GetTBSCert (Cert, CertSize, &Tbs, &TbsSize), __func__, __LINE__, "X509GetTBSCert") ||
      (TbsSize > sizeof Copy))
  {
    MlDsaFree (Key);
    return UNIT_TEST_ERROR_TEST_FAILED;
  }
  memcpy (Copy, Cert + SigPos, 4627);
  Sig = Copy;
  Ok  = MlDsaVerify (Key, NULL, 0, Tbs, TbsSize, Sig, 4627) &&
        !MlDsaVerify (Key, (UINT8 *)"x", 1, Tbs, TbsSize, Sig, 4627);
  Sig[100] ^= 1;
  Ok = Ok && !MlDsaVerify (Key, NULL, 0, Tbs, TbsSize, Sig, 4627);
  Sig[100] ^= 1;
  Ok = Ok && !MlDsaVerify (Key, NULL, 0, Tbs, TbsSize - 1, Sig, 4627) &&
       MlDsaVerify (Key, NULL, 0, Tbs, TbsSize, Sig, 4627);
  MlDsaFree (Key);
  return Report (Ok, __func__, __LINE__, "verification of the certificate's signature") ?
         UNIT_TEST_PASSED : UNIT_TEST_ERROR_TEST_FAILED;
}

/* SlhDsaTests.c's SLH-DSA-SHAKE-256s certificate (SlhDsaTestVectors.h), self-signed. */
extern CONST UINT8  mSlhDsaShake256sTestCert[];

/*
 * Not one of EDK2's tests either, for the same reason: every test of
 * SlhDsaTests.c that reads mSlhDsaShake256sTestCert loads the private key
 * from PEM first. The instance takes the certificate's key
 * (SlhDsaGetPublicKeyFromX509), reads it back (SlhDsaGetPubKey: 64 bytes,
 * the certificate's BIT STRING), and verifies the certificate's own
 * signature (pure SLH-DSA-SHAKE-256s, empty context, 29,792 bytes, over the
 * TBS from X509GetTBSCert); a changed TBS, a signature changed in R, in
 * FORS and at its last byte, and a context must fail.
 */
static UNIT_TEST_STATUS EFIAPI InstanceSlhDsaCert (UNIT_TEST_CONTEXT Context)
{
  static UINT8  Copy[29792];
  CONST UINT8   *Cert = mSlhDsaShake256sTestCert;
  UINTN         CertSize, SigPos, TbsSize, PkSize;
  UINT8         *Tbs, Pk[80];
  VOID          *Key;
  BOOLEAN       Ok, Found;

  if (!CertSignature (Cert, sizeof Copy, &CertSize, &SigPos)) {
    return UNIT_TEST_ERROR_TEST_FAILED;
  }
  Key = NULL;
  if (!Report (SlhDsaGetPublicKeyFromX509 (Cert, CertSize, &Key), __func__, __LINE__, "SlhDsaGetPublicKeyFromX509") ||
      !Report (X509GetTBSCert (Cert, CertSize, &Tbs, &TbsSize), __func__, __LINE__, "X509GetTBSCert"))
  {
    SlhDsaFree (Key);
    return UNIT_TEST_ERROR_TEST_FAILED;
  }
  PkSize = sizeof Pk;
  Ok     = Report (SlhDsaGetPubKey (Key, Pk, &PkSize) && PkSize == 64, __func__, __LINE__, "SlhDsaGetPubKey");
  /* the SubjectPublicKeyInfo's BIT STRING ends the TBS's key: 03 41 00 || pk */
  Found = FALSE;
  for (UINTN I = 0; Ok && !Found && I + 67 <= TbsSize; I++) {
    Found = (Tbs[I] == 0x03) && (Tbs[I + 1] == 0x41) && (Tbs[I + 2] == 0x00) && (memcmp (Tbs + I + 3, Pk, 64) == 0);
  }
  Ok = Report (Ok && Found, __func__, __LINE__, "the key read back is the certificate's");
  memcpy (Copy, Cert + SigPos, sizeof Copy);
  Ok = Ok && SlhDsaVerify (Key, NULL, 0, Tbs, TbsSize, Copy, sizeof Copy) &&
       !SlhDsaVerify (Key, (UINT8 *)"x", 1, Tbs, TbsSize, Copy, sizeof Copy);
  for (UINTN I = 0; Ok && I < 3; I++) {
    UINTN  At = I == 0 ? 0 : I == 1 ? 5000 : sizeof Copy - 1;

    Copy[At] ^= 1;
    Ok        = !SlhDsaVerify (Key, NULL, 0, Tbs, TbsSize, Copy, sizeof Copy);
    Copy[At] ^= 1;
  }
  Ok = Ok && !SlhDsaVerify (Key, NULL, 0, Tbs, TbsSize - 1, Copy, sizeof Copy) &&
       !SlhDsaVerify (Key, NULL, 0, Tbs, TbsSize, Copy, sizeof Copy - 1) &&
       SlhDsaVerify (Key, NULL, 0, Tbs, TbsSize, Copy, sizeof Copy);
  SlhDsaFree (Key);
  return Report (Ok, __func__, __LINE__, "verification of the certificate's signature") ?
         UNIT_TEST_PASSED : UNIT_TEST_ERROR_TEST_FAILED;
}

static TEST_DESC  mInstanceTest[] = {
  { "InstanceMlDsaCertSelfSignature()", "FastCryptLib.MlDsa", InstanceMlDsaCert, NULL, NULL, NULL },
  { "InstanceSlhDsaCertSelfSignature()", "FastCryptLib.SlhDsa", InstanceSlhDsaCert, NULL, NULL, NULL },
};
static UINTN      mInstanceTestNum = 2;

#define GROUP(x)  { #x, &x##Num, x }

int
main (int argc, char **argv)
{
  struct {
    const char    *Name;
    UINTN         *Num;
    TEST_DESC     *Tests;
  } Groups[] = {
    GROUP (mHashTest), GROUP (mHmacTest), GROUP (mHkdfTest), GROUP (mPkcs5Test),
    GROUP (mAeadAesGcmTest), GROUP (mBlockCipherTest), GROUP (mRsaTest), GROUP (mRsaPssTest),
    GROUP (mParallelhashTest), GROUP (mX509Test), GROUP (mRsaCertTest), GROUP (mPkcs7Test),
    GROUP (mPkcs7EkuTest), GROUP (mPkcs7ContentTest), GROUP (mAuthenticodeTest),
    GROUP (mImageTimestampTest), GROUP (mEcTest), GROUP (mMlDsaTest), GROUP (mSlhDsaTest),
    GROUP (mInstanceTest),
  };
  int  Total = 0, Failed = 0, Unexpected = 0;

  if ((argc > 1) && (strcmp (argv[1], "portable") == 0)) {
    (VOID)FastCryptLibInitFeatures (0);
  }
  for (unsigned G = 0; G < sizeof Groups / sizeof Groups[0]; G++) {
    for (UINTN K = 0; K < *Groups[G].Num; K++) {
      TEST_DESC         *T     = &Groups[G].Tests[K];
      UNIT_TEST_STATUS  Status = UNIT_TEST_PASSED;
      int               Expected = 0;

      if (T->PreReq != NULL) {
        Status = T->PreReq (T->Context);
      }
      if (Status == UNIT_TEST_PASSED) {
        Status = T->Func (T->Context);
      }
      if (T->CleanUp != NULL) {
        T->CleanUp (T->Context);
      }
      for (unsigned I = 0; I < sizeof mByDesign / sizeof mByDesign[0]; I++) {
        Expected |= strcmp (T->Description, mByDesign[I]) == 0;
      }
      Total++;
      Failed     += Status != UNIT_TEST_PASSED;
      Unexpected += (Status != UNIT_TEST_PASSED) != Expected;
      printf ("%s %s / %s%s\n", Status == UNIT_TEST_PASSED ? "PASS" : "FAIL", Groups[G].Name,
              T->Description, Expected ? " (fails by design)" : "");
    }
  }
  printf ("%d of %d failed; %d not as expected\n", Failed, Total, Unexpected);
  return Unexpected != 0 || Total == 0;
}
