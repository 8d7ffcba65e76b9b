/*
 * X509GetVersion, X509GetSerialNumber, X509GetSignatureAlgorithm,
 * X509GetExtensionData, X509GetExtendedKeyUsage,
 * X509GetExtendedBasicConstraints, X509GetKeyUsage, X509GetValidity,
 * X509FormatDateTime, X509CompareDateTime (X509.c describes the X.509
 * files; InternalX509.h the DateTime object).
 */
#include "InternalX509.h"

STATIC CONST UINT8  mOidExtKeyUsage[]      = { 0x55, 0x1D, 0x25 };
STATIC CONST UINT8  mOidBasicConstraints[] = { 0x55, 0x1D, 0x13 };

/* The version field's value: 0 for v1, 2 for v3 (X509_get_version's). */
BOOLEAN
EFIAPI
X509GetVersion (
  IN      CONST UINT8  *Cert,
  IN      UINTN        CertSize,
  OUT     UINTN        *Version
  )
{
  fc_x509_cert  Parsed;

  if ((Version == NULL) || !FcX509Parse (Cert, CertSize, &Parsed)) {
    return FALSE;
  }

  *Version = Parsed.version - 1;
  return TRUE;
}

/*
 * The serial as OpenSSL's ASN1_INTEGER holds it (which is what its
 * instance returns): the magnitude, big-endian, without the sign octet
 * DER adds (a negative serial's sign is lost, as there). Written to Out
 * when not NULL; returns its size. Precondition: Serial is a minimal DER
 * INTEGER's contents (fc_x509_parse checked it), at least one octet.
 */
STATIC
UINTN
SerialMagnitude (
  fc_slice  Serial,
  UINT8     *Out
  )
{
  CONST UINT8  *Digits;
  UINTN        Size;
  UINTN        Index;
  BOOLEAN      Negative;
  UINTN        Carry;

  Digits   = Serial.p;
  Size     = Serial.len;
  Negative = (BOOLEAN)((Digits[0] & 0x80) != 0);
  Index    = 1;
  if ((Size > 1) && (Digits[0] == 0xFF)) {
    //
    // 0xFF is a sign octet unless every later octet is 0 (-256, -65536...).
    //
    while ((Index < Size) && (Digits[Index] == 0)) {
      Index++;
    }
  }

  if ((Size > 1) && ((Digits[0] == 0x00) || ((Digits[0] == 0xFF) && (Index < Size)))) {
    Digits++;
    Size--;
  }

  if (Out != NULL) {
    Carry = 1;
    for (Index = Size; Index-- > 0; ) {
      if (Negative) {
        Carry     += (UINT8) ~Digits[Index];
        Out[Index] = (UINT8)Carry;
        Carry    >>= 8;
      } else {
        Out[Index] = Digits[Index];
      }
    }
  }

  return Size;
}

/*
 * *SerialNumberSize below the serial's size: FALSE with the size. Else
 * *SerialNumberSize is set to it, and TRUE only when SerialNumber is not
 * NULL. An invalid certificate sets *SerialNumberSize to 0.
 */
BOOLEAN
EFIAPI
X509GetSerialNumber (
  IN      CONST UINT8 *Cert,
  IN      UINTN CertSize,
  OUT     UINT8 *SerialNumber, OPTIONAL
  IN OUT  UINTN         *SerialNumberSize
  )
{
  fc_x509_cert  Parsed;
  UINTN         Size;

  if ((Cert == NULL) || (SerialNumberSize == NULL)) {
    return FALSE;
  }

  if (!FcX509Parse (Cert, CertSize, &Parsed)) {
    *SerialNumberSize = 0;
    return FALSE;
  }

  Size = SerialMagnitude (Parsed.serial, NULL);
  if (*SerialNumberSize < Size) {
    *SerialNumberSize = Size;
    return FALSE;
  }

  *SerialNumberSize = Size;
  if (SerialNumber == NULL) {
    return FALSE;
  }

  SerialMagnitude (Parsed.serial, SerialNumber);
  return TRUE;
}

/*
 * The signature algorithm's OID (content octets). *OidSize below its size:
 * FALSE with the size; else TRUE, also when Oid is NULL, as OpenSSL's
 * instance. That instance returns only OIDs OpenSSL knows (FALSE with
 * *OidSize 0 for others); this one returns any.
 */
BOOLEAN
EFIAPI
X509GetSignatureAlgorithm (
  IN CONST UINT8 *Cert,
  IN       UINTN CertSize,
  OUT   UINT8 *Oid, OPTIONAL
  IN OUT   UINTN       *OidSize
  )
{
  fc_x509_cert  Parsed;

  if ((Cert == NULL) || (OidSize == NULL) || (CertSize == 0) || !FcX509Parse (Cert, CertSize, &Parsed)) {
    return FALSE;
  }

  if (*OidSize < Parsed.sig_alg.oid.len) {
    *OidSize = Parsed.sig_alg.oid.len;
    return FALSE;
  }

  if (Oid != NULL) {
    CopyMem (Oid, Parsed.sig_alg.oid.p, Parsed.sig_alg.oid.len);
  }

  *OidSize = Parsed.sig_alg.oid.len;
  return TRUE;
}

/*
 * The extnValue contents of the extension with this OID (content octets).
 * As OpenSSL's instance: no extensions at all, or an invalid certificate,
 * give FALSE with *ExtensionDataSize 0; extensions without this one give
 * TRUE with *ExtensionDataSize 0 (callers such as libspdm read that as
 * "absent"); *ExtensionDataSize below the value's size gives FALSE with
 * the size. ExtensionData NULL with a size large enough gives FALSE and
 * the size (OpenSSL's instance copies to NULL there).
 */
BOOLEAN
EFIAPI
X509GetExtensionData (
  IN     CONST UINT8  *Cert,
  IN     UINTN        CertSize,
  IN     CONST UINT8  *Oid,
  IN     UINTN        OidSize,
  OUT UINT8           *ExtensionData,
  IN OUT UINTN        *ExtensionDataSize
  )
{
  fc_x509_cert  Parsed;
  fc_slice      Value;

  if ((Cert == NULL) || (CertSize == 0) || (Oid == NULL) || (OidSize == 0) || (ExtensionDataSize == NULL)) {
    return FALSE;
  }

  if (!FcX509Parse (Cert, CertSize, &Parsed) || (Parsed.extensions.len == 0)) {
    *ExtensionDataSize = 0;
    return FALSE;
  }

  if (fc_x509_ext (&Parsed, Oid, OidSize, NULL, &Value) != FC_OK) {
    *ExtensionDataSize = 0;
    return TRUE;
  }

  if ((*ExtensionDataSize < Value.len) || ((ExtensionData == NULL) && (Value.len > 0))) {
    *ExtensionDataSize = Value.len;
    return FALSE;
  }

  if (Value.len > 0) {
    CopyMem (ExtensionData, Value.p, Value.len);
  }

  *ExtensionDataSize = Value.len;
  return TRUE;
}

/* extKeyUsage's value (the SEQUENCE OF KeyPurposeId), as X509GetExtensionData. */
BOOLEAN
EFIAPI
X509GetExtendedKeyUsage (
  IN     CONST UINT8  *Cert,
  IN     UINTN        CertSize,
  OUT UINT8           *Usage,
  IN OUT UINTN        *UsageSize
  )
{
  return X509GetExtensionData (Cert, CertSize, mOidExtKeyUsage, sizeof (mOidExtKeyUsage), Usage, UsageSize);
}

/*
 * basicConstraints' value, as X509GetExtensionData: TRUE with size 0 when
 * the certificate has extensions but not this one, as OpenSSL's instance
 * (BaseCryptLib.h lists "no Extension entry match oid" under FALSE; the
 * instance and its callers do otherwise).
 */
BOOLEAN
EFIAPI
X509GetExtendedBasicConstraints             (
  CONST UINT8  *Cert,
  UINTN        CertSize,
  UINT8        *BasicConstraints,
  UINTN        *BasicConstraintsSize
  )
{
  if ((Cert == NULL) || (CertSize == 0) || (BasicConstraintsSize == NULL)) {
    return FALSE;
  }

  return X509GetExtensionData (
           Cert,
           CertSize,
           mOidBasicConstraints,
           sizeof (mOidBasicConstraints),
           BasicConstraints,
           BasicConstraintsSize
           );
}

/*
 * keyUsage as CRYPTO_X509_KU_* bits (OpenSSL's KU_*: the BIT STRING's
 * first octet as it stands, digitalSignature 0x80 ... encipherOnly 0x01,
 * and decipherOnly 0x8000). As OpenSSL's instance: without the extension
 * every usage is allowed, 0xFFFFFFFF and TRUE; an extension with no bit
 * set gives FALSE.
 */
BOOLEAN
EFIAPI
X509GetKeyUsage (
  IN    CONST UINT8  *Cert,
  IN    UINTN        CertSize,
  OUT   UINTN        *Usage
  )
{
  fc_x509_cert  Parsed;
  UINTN         Bits;
  UINTN         Bit;

  if ((Cert == NULL) || (Usage == NULL) || !FcX509Parse (Cert, CertSize, &Parsed)) {
    return FALSE;
  }

  if ((Parsed.flags & FC_X509_KEY_USAGE) == 0) {
    *Usage = 0xFFFFFFFF;
    return TRUE;
  }

  Bits = 0;
  for (Bit = 0; Bit < 8; Bit++) {
    if ((Parsed.key_usage & (1u << Bit)) != 0) {
      Bits |= (UINTN)0x80 >> Bit;
    }
  }

  if ((Parsed.key_usage & FC_KU_DECIPHER_ONLY) != 0) {
    Bits |= 0x8000;
  }

  *Usage = Bits;
  return (BOOLEAN)(Bits != 0);
}

/*
 * A DateTime object for Seconds into Out, with the size query convention
 * of X509FormatDateTime: *OutSize below the object's size gives FALSE and
 * the size; else TRUE, also when Out is NULL (nothing written then).
 */
STATIC
BOOLEAN
PutDateTime (
  INT64  Seconds,
  VOID   *Out,
  UINTN  *OutSize
  )
{
  FC_EDK2_DATE_TIME  Time;

  if (*OutSize < sizeof (Time)) {
    *OutSize = sizeof (Time);
    return FALSE;
  }

  *OutSize = sizeof (Time);
  if (Out != NULL) {
    Time.Signature = FC_EDK2_DATE_TIME_SIGNATURE;
    Time.Reserved  = 0;
    Time.Seconds   = Seconds;
    CopyMem (Out, &Time, sizeof (Time));
  }

  return TRUE;
}

/*
 * notBefore into From and notAfter into To, each with PutDateTime's
 * convention (From is done first: when it fails To is untouched).
 */
BOOLEAN
EFIAPI
X509GetValidity (
  IN     CONST UINT8  *Cert,
  IN     UINTN        CertSize,
  IN     UINT8        *From,
  IN OUT UINTN        *FromSize,
  IN     UINT8        *To,
  IN OUT UINTN        *ToSize
  )
{
  fc_x509_cert  Parsed;

  if ((Cert == NULL) || (FromSize == NULL) || (ToSize == NULL) || (CertSize == 0) ||
      !FcX509Parse (Cert, CertSize, &Parsed))
  {
    return FALSE;
  }

  return (BOOLEAN)(PutDateTime (Parsed.not_before, From, FromSize) &&
                   PutDateTime (Parsed.not_after, To, ToSize));
}

/* Count decimal digits at Text into *Value; FALSE when one is not a digit. */
STATIC
BOOLEAN
Digits (
  CONST CHAR8  *Text,
  UINTN        Count,
  INT32        *Value
  )
{
  for (*Value = 0; Count > 0; Count--, Text++) {
    if ((*Text < '0') || (*Text > '9')) {
      return FALSE;
    }

    *Value = *Value * 10 + (*Text - '0');
  }

  return TRUE;
}

/*
 * Days from 1970-01-01 to Year-Month-Day in the proleptic Gregorian
 * calendar (years 0 to 9999), counted through 400-year eras that start on
 * March 1st. 32-bit arithmetic: IA32 builds have no 64-bit division.
 */
STATIC
INT32
DaysFromCivil (
  INT32  Year,
  INT32  Month,
  INT32  Day
  )
{
  INT32  Era;
  INT32  YearOfEra;
  INT32  DayOfYear;

  if (Month <= 2) {
    Year--;
  }

  Era       = (Year >= 0 ? Year : Year - 399) / 400;
  YearOfEra = Year - Era * 400;
  DayOfYear = (153 * (Month > 2 ? Month - 3 : Month + 9) + 2) / 5 + Day - 1;
  return Era * 146097 + YearOfEra * 365 + YearOfEra / 4 - YearOfEra / 100 + DayOfYear - 719468;
}

/*
 * "YYMMDDhhmmssZ" (UTCTime: YY 50-99 is 19YY, else 20YY) or
 * "YYYYMMDDhhmmssZ" (GeneralizedTime) naming a real date and time, as
 * seconds since 1970. Other forms ASN1_TIME_set_string_X509 takes
 * (fractions of a second, offsets from UTC) are refused: BaseCryptLib.h
 * documents YYYYMMDDhhmmssZ.
 */
STATIC
BOOLEAN
ParseTimeText (
  CONST CHAR8  *Text,
  INT64        *Seconds
  )
{
  STATIC CONST UINT8  DaysIn[12] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
  UINTN               Length;
  INT32               Year;
  INT32               Field[5];                 // month, day, hour, minute, second
  UINTN               Index;
  BOOLEAN             Leap;

  for (Length = 0; Length < 16 && Text[Length] != '\0'; Length++) {
  }

  if ((Length != 13) && (Length != 15)) {
    return FALSE;
  }

  if (!Digits (Text, Length - 11, &Year) || (Text[Length - 1] != 'Z')) {
    return FALSE;
  }

  if (Length == 13) {
    Year += Year < 50 ? 2000 : 1900;
  }

  for (Index = 0; Index < 5; Index++) {
    if (!Digits (Text + Length - 11 + 2 * Index, 2, &Field[Index])) {
      return FALSE;
    }
  }

  Leap = (BOOLEAN)(((Year % 4 == 0) && (Year % 100 != 0)) || (Year % 400 == 0));
  if ((Field[0] < 1) || (Field[0] > 12) || (Field[1] < 1) || (Field[1] > DaysIn[Field[0] - 1]) ||
      ((Field[0] == 2) && (Field[1] == 29) && !Leap) || (Field[2] > 23) || (Field[3] > 59) || (Field[4] > 59))
  {
    return FALSE;
  }

  *Seconds = (INT64)DaysFromCivil (Year, Field[0], Field[1]) * 86400 + Field[2] * 3600 + Field[3] * 60 + Field[4];
  return TRUE;
}

/*
 * A DateTime object for DateTimeStr (ParseTimeText's forms), with
 * PutDateTime's size convention. FALSE for NULL arguments or a string that
 * does not name a valid UTC time.
 */
BOOLEAN
EFIAPI
X509FormatDateTime (
  IN  CONST  CHAR8  *DateTimeStr,
  OUT VOID          *DateTime,
  IN OUT UINTN      *DateTimeSize
  )
{
  INT64  Seconds;

  if ((DateTimeStr == NULL) || (DateTimeSize == NULL) || !ParseTimeText (DateTimeStr, &Seconds)) {
    return FALSE;
  }

  return PutDateTime (Seconds, DateTime, DateTimeSize);
}

/*
 * -1, 0 or 1 as DateTime1 is before, equal to or after DateTime2; -2 when
 * either is NULL or not a DateTime object of this instance (ASN1_TIME_compare
 * returns -2 for what it cannot read).
 */
INT32
EFIAPI
X509CompareDateTime (
  IN CONST  VOID  *DateTime1,
  IN CONST  VOID  *DateTime2
  )
{
  FC_EDK2_DATE_TIME  Time1;
  FC_EDK2_DATE_TIME  Time2;

  if ((DateTime1 == NULL) || (DateTime2 == NULL)) {
    return -2;
  }

  CopyMem (&Time1, DateTime1, sizeof (Time1));
  CopyMem (&Time2, DateTime2, sizeof (Time2));
  if ((Time1.Signature != FC_EDK2_DATE_TIME_SIGNATURE) || (Time2.Signature != FC_EDK2_DATE_TIME_SIGNATURE)) {
    return -2;
  }

  if (Time1.Seconds == Time2.Seconds) {
    return 0;
  }

  return Time1.Seconds < Time2.Seconds ? -1 : 1;
}
