/*
 * Authenticode services of BaseCryptLib on libfastcrypt's authenticode
 * family: AuthenticodeVerify (a PE/COFF image's signature against a
 * trusted certificate, given the image hash) and ImageTimestampVerify (the
 * RFC 3161 timestamp countersigning it, against a TSA certificate of dbt).
 *
 * AuthData is the SignedData of the image's WIN_CERTIFICATE, untrusted.
 * It must be a ContentInfo, as the OpenSSL instance requires (it parses
 * AuthData with d2i_PKCS7, without the bare-SignedData wrapping its
 * Pkcs7Verify does). The parsed structures and the signature workspace
 * (about 30 KiB in all) come from the pool, never the stack. Chains follow
 * EDK2's policy: partial chains, no time check (FC_X509_PARTIAL_CHAIN
 * alone). Bytes after AuthData's SignedData (its WIN_CERTIFICATE padding)
 * and after the trusted certificate are ignored, as OpenSSL ignores them.
 */
#include "InternalPkcs7.h"

/*
 * Whether Der (Length bytes, Der not NULL) begins as a ContentInfo does: a
 * SEQUENCE whose first element is an OBJECT IDENTIFIER (a bare SignedData
 * begins with its version, an INTEGER). The rest is fc_pkcs7_parse's job.
 */
STATIC
BOOLEAN
IsContentInfo (
  IN  CONST UINT8  *Der,
  IN  UINTN        Length
  )
{
  UINTN  Header;

  if ((Length < 2) || (Der[0] != 0x30)) {
    return FALSE;
  }

  Header = 2;
  if ((Der[1] & 0x80) != 0) {
    Header += Der[1] & 0x7F;
  }

  return (BOOLEAN)((Header < Length) && (Der[Header] == 0x06));
}

/*
 * FcEdk2Pkcs7VerifyLoad's context for AuthData and TrustedCert, or NULL as
 * there, and also when AuthData is not a ContentInfo.
 */
STATIC
FC_EDK2_PKCS7_VERIFY *
AuthenticodeLoad (
  IN  CONST UINT8  *AuthData,
  IN  UINTN        DataSize,
  IN  CONST UINT8  *TrustedCert,
  IN  UINTN        CertSize
  )
{
  if ((AuthData == NULL) || !IsContentInfo (AuthData, DataSize)) {
    return NULL;
  }

  return FcEdk2Pkcs7VerifyLoad (AuthData, DataSize, TrustedCert, CertSize);
}

/*
 * Verifies AuthData: its content is an SpcIndirectDataContent whose digest
 * equals ImageHash, and every signer verifies over that content, chaining
 * to TrustedCert. HashSize must be the digest's length: the OpenSSL
 * instance compares only the last HashSize octets of the content with
 * ImageHash (a shorter hash, or none, compares a part), an accident of its
 * hand-made ASN.1 walk that the header's contract does not promise.
 */
BOOLEAN
EFIAPI
AuthenticodeVerify (
  IN  CONST UINT8  *AuthData,
  IN  UINTN        DataSize,
  IN  CONST UINT8  *TrustedCert,
  IN  UINTN        CertSize,
  IN  CONST UINT8  *ImageHash,
  IN  UINTN        HashSize
  )
{
  FC_EDK2_PKCS7_VERIFY  *Ctx;
  BOOLEAN               Ok;

  if ((ImageHash == NULL) || (HashSize > MAX_INT32)) {
    return FALSE;
  }

  Ctx = AuthenticodeLoad (AuthData, DataSize, TrustedCert, CertSize);
  if (Ctx == NULL) {
    return FALSE;
  }

  Ok = (fc_authenticode_verify (
          &Ctx->P7,
          ImageHash,
          HashSize,
          &Ctx->Trusted,
          1,
          FC_X509_PARTIAL_CHAIN,
          0,
          Ctx->Workspace,
          sizeof (Ctx->Workspace),
          NULL
          ) == FC_OK);

  FreePool (Ctx);
  return Ok;
}

/*
 * EFI_TIME (UTC, TimeZone 0 as the OpenSSL instance leaves it) of Time,
 * seconds since 1970; FALSE outside the years 1900 to 9999, which the
 * OpenSSL instance refuses too. 32-bit arithmetic apart from a shift and a
 * multiplication (no 64-bit division helper on IA32): Time is first made
 * seconds since 1900-01-01 (below 2^39 in range), and 86400 = 128 * 675.
 */
STATIC
BOOLEAN
TimeToEfiTime (
  IN  INT64     Time,
  OUT EFI_TIME  *EfiTime
  )
{
  UINT64  Since1900;
  UINT32  Days;
  UINT32  Seconds;
  UINT32  Era;
  UINT32  DayOfEra;
  UINT32  YearOfEra;
  UINT32  DayOfYear;
  UINT32  MonthIndex;
  UINT32  Year;

  if ((Time < -2208988800LL) || (Time - (-2208988800LL) >= (1LL << 39))) {
    return FALSE;
  }

  Since1900 = (UINT64)(Time + 2208988800LL);
  Days      = (UINT32)(Since1900 >> 7) / 675;
  Seconds   = (UINT32)(Since1900 - (UINT64)Days * 86400);

  //
  // Civil date from a day count (H. Hinnant's days-to-civil), counting from
  // 0000-03-01 so that leap days end each 400-year era's years.
  //
  Days      += 693901;
  Era        = Days / 146097;
  DayOfEra   = Days - Era * 146097;
  YearOfEra  = (DayOfEra - DayOfEra / 1460 + DayOfEra / 36524 - DayOfEra / 146096) / 365;
  DayOfYear  = DayOfEra - (365 * YearOfEra + YearOfEra / 4 - YearOfEra / 100);
  MonthIndex = (5 * DayOfYear + 2) / 153;
  Year       = YearOfEra + Era * 400 + ((MonthIndex >= 10) ? 1 : 0);
  if (Year > 9999) {
    return FALSE;
  }

  ZeroMem (EfiTime, sizeof (EFI_TIME));
  EfiTime->Year   = (UINT16)Year;
  EfiTime->Month  = (UINT8)((MonthIndex < 10) ? MonthIndex + 3 : MonthIndex - 9);
  EfiTime->Day    = (UINT8)(DayOfYear - (153 * MonthIndex + 2) / 5 + 1);
  EfiTime->Hour   = (UINT8)(Seconds / 3600);
  EfiTime->Minute = (UINT8)(Seconds / 60 % 60);
  EfiTime->Second = (UINT8)(Seconds % 60);
  return TRUE;
}

/*
 * Verifies the RFC 3161 timestamp of AuthData's one signer (its unsigned
 * attribute 1.3.6.1.4.1.311.3.3.1, a ContentInfo): the TSTInfo's
 * messageImprint is the digest of the signer's signature, the token's
 * signer chains to TsaCert, its certificate carries id-kp-timeStamping.
 * AuthData's own signature is not checked (AuthenticodeVerify does that).
 * *SigningTime (may be NULL) receives genTime, zeroed once the token is
 * reached and left so on failure.
 * Stricter than the OpenSSL instance, by the RFC: an imprint whose length
 * differs from the digest's fails (OpenSSL's instance compares the bytes
 * only when the lengths are equal), the timeStamping EKU is required (it
 * accepts any purpose), two timestamp attributes fail (it takes the last).
 */
BOOLEAN
EFIAPI
ImageTimestampVerify (
  IN  CONST UINT8  *AuthData,
  IN  UINTN        DataSize,
  IN  CONST UINT8  *TsaCert,
  IN  UINTN        CertSize,
  OUT EFI_TIME     *SigningTime
  )
{
  FC_EDK2_PKCS7_VERIFY  *Ctx;
  CONST fc_pkcs7_signer *Signer;
  fc_slice              Token;
  fc_pkcs7              *TokenP7;
  int64_t               GenTime;       // fastcrypt's type: INT64 is long long on LP64
  BOOLEAN               Ok;

  Ctx = AuthenticodeLoad (AuthData, DataSize, TsaCert, CertSize);
  if (Ctx == NULL) {
    return FALSE;
  }

  Signer = &Ctx->P7.signers[0];
  Ok     = (Ctx->P7.n_signers == 1) &&
           (fc_authenticode_timestamp_token (Signer, &Token) == FC_OK);
  if (Ok && (SigningTime != NULL)) {
    ZeroMem (SigningTime, sizeof (EFI_TIME));
  }

  TokenP7 = (Ok && IsContentInfo (Token.p, Token.len)) ? FcEdk2Pkcs7Load (Token.p, Token.len) : NULL;
  Ok      = (TokenP7 != NULL) &&
       (fc_timestamp_verify (
          TokenP7,
          Signer,
          &Ctx->Trusted,
          1,
          FC_X509_PARTIAL_CHAIN,
          0,
          Ctx->Workspace,
          sizeof (Ctx->Workspace),
          &GenTime
          ) == FC_OK);
  if (Ok && (SigningTime != NULL)) {
    Ok = TimeToEfiTime (GenTime, SigningTime);
  }

  if (TokenP7 != NULL) {
    FreePool (TokenP7);
  }

  FreePool (Ctx);
  return Ok;
}
