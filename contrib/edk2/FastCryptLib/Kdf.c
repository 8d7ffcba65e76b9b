/*
 * HkdfSha256* and HkdfSha384* (ExtractAndExpand, Extract, Expand; RFC
 * 5869) and Pkcs5HashPassword (PBKDF2, RFC 8018).
 *
 * Salt and Info may be NULL when their size is 0 (an empty salt is
 * HashLen zero bytes, as RFC 5869 says). Out may overlap any input, as with
 * the OpenSSL instance: fastcrypt reads Key, Salt and Prk before it writes
 * Out, but reads Info for every block and refuses an output on it, so an
 * Info that Out overlaps is first copied to pool memory (InfoSize bytes,
 * freed before return; FALSE if the pool has none). Extract writes HashLen bytes and
 * needs PrkOutSize >= HashLen; Expand and ExtractAndExpand produce 1 to
 * 255 * HashLen bytes. Extract's PRK, the one key-derived value this file
 * holds on its own stack, is wiped before return.
 */
#include "InternalFastCryptLib.h"

/* A[0 .. ASize) and B[0 .. BSize) share a byte. */
STATIC
BOOLEAN
Overlaps (
  CONST VOID  *A,
  UINTN       ASize,
  CONST VOID  *B,
  UINTN       BSize
  )
{
  if ((A == NULL) || (B == NULL) || (ASize == 0) || (BSize == 0)) {
    return FALSE;
  }

  return (BOOLEAN)(((UINTN)A < (UINTN)B + BSize) && ((UINTN)B < (UINTN)A + ASize));
}

/*
 * fc_hkdf (Key, Salt) or, when ExpandOnly, fc_hkdf_expand (Prk), with Info
 * copied to pool memory first when Out overlaps it.
 */
STATIC
BOOLEAN
HkdfRun (
  BOOLEAN      ExpandOnly,
  fc_hash_alg  Alg,
  CONST UINT8  *Key,
  UINTN        KeySize,
  CONST UINT8  *Salt,
  UINTN        SaltSize,
  CONST UINT8  *Prk,
  UINTN        PrkSize,
  CONST UINT8  *Info,
  UINTN        InfoSize,
  UINT8        *Out,
  UINTN        OutSize
  )
{
  UINT8   *Copy;
  fc_err  Rc;

  Copy = NULL;
  if (Overlaps (Out, OutSize, Info, InfoSize)) {
    Copy = AllocateZeroPool (InfoSize);
    if (Copy == NULL) {
      return FALSE;
    }

    CopyMem (Copy, Info, InfoSize);
    Info = Copy;
  }

  if (!ExpandOnly) {
    Rc = fc_hkdf (Alg, Salt, SaltSize, Key, KeySize, Info, InfoSize, Out, OutSize);
  } else {
    Rc = fc_hkdf_expand (Alg, Prk, PrkSize, Info, InfoSize, Out, OutSize);
  }

  if (Copy != NULL) {
    FcEdk2Wipe (Copy, InfoSize);
    FreePool (Copy);
  }

  return (BOOLEAN)(Rc == FC_OK);
}

STATIC
BOOLEAN
HkdfExtractAndExpand (
  fc_hash_alg  Alg,
  CONST UINT8  *Key,
  UINTN        KeySize,
  CONST UINT8  *Salt,
  UINTN        SaltSize,
  CONST UINT8  *Info,
  UINTN        InfoSize,
  UINT8        *Out,
  UINTN        OutSize
  )
{
  if (((Key == NULL) && (KeySize != 0)) || ((Salt == NULL) && (SaltSize != 0)) ||
      ((Info == NULL) && (InfoSize != 0)) || (Out == NULL))
  {
    return FALSE;
  }

  if (!FcEdk2Init ()) {
    return FALSE;
  }

  return HkdfRun (FALSE, Alg, Key, KeySize, Salt, SaltSize, NULL, 0, Info, InfoSize, Out, OutSize);
}

STATIC
BOOLEAN
HkdfExtract (
  fc_hash_alg  Alg,
  CONST UINT8  *Key,
  UINTN        KeySize,
  CONST UINT8  *Salt,
  UINTN        SaltSize,
  UINT8        *PrkOut,
  UINTN        PrkOutSize
  )
{
  UINT8    Prk[FC_HASH_MAX_LEN];
  UINTN    HashLen;
  BOOLEAN  Ok;

  HashLen = fc_hash_len (Alg);
  if (((Key == NULL) && (KeySize != 0)) || ((Salt == NULL) && (SaltSize != 0)) ||
      (PrkOut == NULL) || (PrkOutSize < HashLen))
  {
    return FALSE;
  }

  if (!FcEdk2Init ()) {
    return FALSE;
  }

  //
  // PRK = HMAC(salt, IKM); an empty HMAC key is the same as HashLen zeros.
  //
  Ok = (BOOLEAN)(fc_hmac (Alg, Salt, SaltSize, Key, KeySize, Prk) == FC_OK);
  if (Ok) {
    CopyMem (PrkOut, Prk, HashLen);
  }

  FcEdk2Wipe (Prk, sizeof (Prk));
  return Ok;
}

/* fastcrypt's fc_hkdf_expand checks the same bounds (NULL only with size 0, 1 to 255 * HashLen bytes). */
STATIC
BOOLEAN
HkdfExpand (
  fc_hash_alg  Alg,
  CONST UINT8  *Prk,
  UINTN        PrkSize,
  CONST UINT8  *Info,
  UINTN        InfoSize,
  UINT8        *Out,
  UINTN        OutSize
  )
{
  if (!FcEdk2Init ()) {
    return FALSE;
  }

  return HkdfRun (TRUE, Alg, NULL, 0, NULL, 0, Prk, PrkSize, Info, InfoSize, Out, OutSize);
}

#define FC_EDK2_HKDF(Name, Alg)                                                           \
  BOOLEAN EFIAPI Name##ExtractAndExpand (IN CONST UINT8 *Key, IN UINTN KeySize,           \
                                         IN CONST UINT8 *Salt, IN UINTN SaltSize,         \
                                         IN CONST UINT8 *Info, IN UINTN InfoSize,         \
                                         OUT UINT8 *Out, IN UINTN OutSize)                \
  { return HkdfExtractAndExpand (Alg, Key, KeySize, Salt, SaltSize, Info, InfoSize, Out, OutSize); } \
  BOOLEAN EFIAPI Name##Extract (IN CONST UINT8 *Key, IN UINTN KeySize, IN CONST UINT8 *Salt, \
                                IN UINTN SaltSize, OUT UINT8 *PrkOut, UINTN PrkOutSize)    \
  { return HkdfExtract (Alg, Key, KeySize, Salt, SaltSize, PrkOut, PrkOutSize); }          \
  BOOLEAN EFIAPI Name##Expand (IN CONST UINT8 *Prk, IN UINTN PrkSize, IN CONST UINT8 *Info, \
                               IN UINTN InfoSize, OUT UINT8 *Out, IN UINTN OutSize)        \
  { return HkdfExpand (Alg, Prk, PrkSize, Info, InfoSize, Out, OutSize); }

FC_EDK2_HKDF (HkdfSha256, FC_SHA256)
FC_EDK2_HKDF (HkdfSha384, FC_SHA384)

/*
 * PBKDF2-HMAC with SHA-1 (DigestSize 20) or SHA-256 (32), the two the
 * header allows. Password, Salt and OutKey must not be NULL; empty
 * passwords and salts are accepted (RFC 8018 allows them). FALSE for
 * IterationCount 0 or over 2^32 - 1, KeyLength 0, any other DigestSize.
 */
BOOLEAN
EFIAPI
Pkcs5HashPassword (
  IN  UINTN        PasswordLength,
  IN  CONST CHAR8  *Password,
  IN  UINTN        SaltLength,
  IN  CONST UINT8  *Salt,
  IN  UINTN        IterationCount,
  IN  UINTN        DigestSize,
  IN  UINTN        KeyLength,
  OUT UINT8        *OutKey
  )
{
  if ((Password == NULL) || (Salt == NULL) || (OutKey == NULL) || (KeyLength == 0) ||
      (IterationCount == 0) || ((IterationCount >> 16 >> 16) != 0) ||
      ((DigestSize != SHA1_DIGEST_SIZE) && (DigestSize != SHA256_DIGEST_SIZE)))
  {
    return FALSE;
  }

  if (!FcEdk2Init ()) {
    return FALSE;
  }

  return (BOOLEAN)(fc_pbkdf2 (
                     FcEdk2HashBySize (DigestSize),
                     (CONST UINT8 *)Password,
                     PasswordLength,
                     Salt,
                     SaltLength,
                     (uint32_t)IterationCount,
                     OutKey,
                     KeyLength
                     ) == FC_OK);
}
