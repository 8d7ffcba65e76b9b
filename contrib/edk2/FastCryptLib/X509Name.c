/*
 * X509GetSubjectName, X509GetIssuerName, X509GetCommonName,
 * X509GetOrganizationName (X509.c describes the X.509 files).
 */
#include "InternalX509.h"

STATIC CONST UINT8  mOidCommonName[]       = { 0x55, 0x04, 0x03 };
STATIC CONST UINT8  mOidOrganizationName[] = { 0x55, 0x04, 0x0A };

/*
 * A whole Name (its DER, tag and length included) into Out, with the size
 * query convention of X509GetSubjectName: *OutSize below the Name's size
 * gives FALSE and the size; otherwise *OutSize is set to it, and TRUE only
 * when Out is not NULL.
 */
STATIC
BOOLEAN
CopyName (
  fc_slice  Name,
  UINT8     *Out,
  UINTN     *OutSize
  )
{
  if (*OutSize < Name.len) {
    *OutSize = Name.len;
    return FALSE;
  }

  *OutSize = Name.len;
  if (Out == NULL) {
    return FALSE;
  }

  CopyMem (Out, Name.p, Name.len);
  return TRUE;
}

BOOLEAN
EFIAPI
X509GetSubjectName (
  IN      CONST UINT8  *Cert,
  IN      UINTN        CertSize,
  OUT     UINT8        *CertSubject,
  IN OUT  UINTN        *SubjectSize
  )
{
  fc_x509_cert  Parsed;

  if ((Cert == NULL) || (SubjectSize == NULL) || !FcX509Parse (Cert, CertSize, &Parsed)) {
    return FALSE;
  }

  return CopyName (Parsed.subject, CertSubject, SubjectSize);
}

/*
 * The issuer's Name, as BaseCryptLib.h documents. OpenSSL's instance
 * returns the subject's here (it calls X509_get_subject_name): for a
 * self-issued certificate the two agree.
 */
BOOLEAN
EFIAPI
X509GetIssuerName (
  IN      CONST UINT8  *Cert,
  IN      UINTN        CertSize,
  OUT     UINT8        *CertIssuer,
  IN OUT  UINTN        *CertIssuerSize
  )
{
  fc_x509_cert  Parsed;

  if ((Cert == NULL) || (CertIssuerSize == NULL) || !FcX509Parse (Cert, CertSize, &Parsed)) {
    return FALSE;
  }

  return CopyName (Parsed.issuer, CertIssuer, CertIssuerSize);
}

/*
 * Appends code point Code as UTF-8: the bytes that fit below Cap go to
 * Out (NULL when Cap is 0), *Length counts them all.
 */
STATIC
VOID
PutUtf8 (
  UINT32  Code,
  CHAR8   *Out,
  UINTN   Cap,
  UINTN   *Length
  )
{
  UINT8  Bytes[4];
  UINTN  Count;
  UINTN  Index;

  if (Code < 0x80) {
    Bytes[0] = (UINT8)Code;
    Count    = 1;
  } else if (Code < 0x800) {
    Bytes[0] = (UINT8)(0xC0 | (Code >> 6));
    Count    = 2;
  } else if (Code < 0x10000) {
    Bytes[0] = (UINT8)(0xE0 | (Code >> 12));
    Count    = 3;
  } else {
    Bytes[0] = (UINT8)(0xF0 | (Code >> 18));
    Count    = 4;
  }

  for (Index = 1; Index < Count; Index++) {
    Bytes[Index] = (UINT8)(0x80 | ((Code >> (6 * (Count - 1 - Index))) & 0x3F));
  }

  for (Index = 0; Index < Count; Index++, (*Length)++) {
    if (*Length < Cap) {
      Out[*Length] = (CHAR8)Bytes[Index];
    }
  }
}

/*
 * The code point of the UTF-8 sequence at Value[*Pos..Size), *Pos moved
 * past it; MAX_UINT32 for a malformed, overlong or truncated sequence.
 */
STATIC
UINT32
GetUtf8 (
  CONST UINT8  *Value,
  UINTN        Size,
  UINTN        *Pos
  )
{
  UINT32  Code;
  UINT32  Min;
  UINTN   More;

  Code = Value[(*Pos)++];
  if (Code < 0x80) {
    return Code;
  }

  if ((Code & 0xE0) == 0xC0) {
    More = 1;
    Min  = 0x80;
  } else if ((Code & 0xF0) == 0xE0) {
    More = 2;
    Min  = 0x800;
  } else if ((Code & 0xF8) == 0xF0) {
    More = 3;
    Min  = 0x10000;
  } else {
    return 0xFFFFFFFF;
  }

  Code &= 0x3F >> More;                       // the lead octet's payload

  for ( ; More > 0; More--) {
    if ((*Pos >= Size) || ((Value[*Pos] & 0xC0) != 0x80)) {
      return 0xFFFFFFFF;
    }

    Code = (Code << 6) | (Value[(*Pos)++] & 0x3F);
  }

  return Code < Min ? 0xFFFFFFFF : Code;
}

/*
 * A string attribute's value (content octets, ASN.1 tag Tag) as UTF-8,
 * converted as OpenSSL's ASN1_STRING_to_UTF8 converts it: UTF8String
 * checked; NumericString, PrintableString, T61String, IA5String,
 * VisibleString (and the two time types) one octet per character, as
 * Latin-1; BMPString two, UniversalString four, big-endian. Other tags, a
 * malformed string and code points that are surrogates or above 0x10FFFF
 * give -1. Writes the first Cap bytes to Out (NULL when Cap is 0); returns
 * the whole length.
 */
STATIC
INTN
StringToUtf8 (
  UINT8        Tag,
  CONST UINT8  *Value,
  UINTN        Size,
  CHAR8        *Out,
  UINTN        Cap
  )
{
  UINTN   Width;
  UINTN   Pos;
  UINTN   Index;
  UINTN   Length;
  UINT32  Code;

  switch (Tag) {
    case 0x0C:
      Width = 0;
      break;
    case 0x12: case 0x13: case 0x14: case 0x16: case 0x17: case 0x18: case 0x1A:
      Width = 1;
      break;
    case 0x1E:
      Width = 2;
      break;
    case 0x1C:
      Width = 4;
      break;
    default:
      return -1;
  }

  if ((Width > 1) && (Size % Width != 0)) {
    return -1;
  }

  Length = 0;
  for (Pos = 0; Pos < Size; ) {
    if (Width == 0) {
      Code = GetUtf8 (Value, Size, &Pos);
    } else {
      for (Code = 0, Index = 0; Index < Width; Index++) {
        Code = (Code << 8) | Value[Pos++];
      }
    }

    if ((Code > 0x10FFFF) || ((Code >= 0xD800) && (Code < 0xE000))) {
      return -1;
    }

    PutUtf8 (Code, Out, Cap, &Length);
  }

  return (INTN)Length;
}

/*
 * The first attribute of type Oid in the subject, as a NUL-terminated
 * UTF-8 string, with the return values BaseCryptLib.h gives
 * X509GetCommonName. A Name too long for Name is cut to *NameSize - 1
 * bytes (possibly inside a character), as OpenSSL's instance cuts it.
 */
STATIC
RETURN_STATUS
GetSubjectString (
  CONST UINT8  *Cert,
  UINTN        CertSize,
  CONST UINT8  *Oid,
  UINTN        OidSize,
  CHAR8        *Name,
  UINTN        *NameSize
  )
{
  fc_x509_cert  Parsed;
  fc_slice      Value;
  UINT8         Tag;
  INTN          Length;
  UINTN         Written;

  if ((Cert == NULL) || (NameSize == NULL) || ((Name != NULL) && (*NameSize == 0)) ||
      !FcX509Parse (Cert, CertSize, &Parsed))
  {
    return RETURN_INVALID_PARAMETER;
  }

  if (fc_x509_name_attr (Parsed.subject, Oid, OidSize, &Value, &Tag) != FC_OK) {
    *NameSize = 0;
    return RETURN_NOT_FOUND;
  }

  Length = StringToUtf8 (Tag, Value.p, Value.len, NULL, 0);
  if (Length < 0) {
    *NameSize = 0;
    return RETURN_INVALID_PARAMETER;
  }

  if (Name == NULL) {
    *NameSize = (UINTN)Length + 1;
    return RETURN_BUFFER_TOO_SMALL;
  }

  Written = (UINTN)Length < *NameSize - 1 ? (UINTN)Length : *NameSize - 1;
  StringToUtf8 (Tag, Value.p, Value.len, Name, Written);
  Name[Written] = '\0';
  *NameSize     = Written + 1;
  return RETURN_SUCCESS;
}

RETURN_STATUS
EFIAPI
X509GetCommonName (
  IN      CONST UINT8  *Cert,
  IN      UINTN        CertSize,
  OUT     CHAR8        *CommonName   OPTIONAL,
  IN OUT  UINTN        *CommonNameSize
  )
{
  return GetSubjectString (Cert, CertSize, mOidCommonName, sizeof (mOidCommonName), CommonName, CommonNameSize);
}

RETURN_STATUS
EFIAPI
X509GetOrganizationName (
  IN      CONST UINT8  *Cert,
  IN      UINTN        CertSize,
  OUT     CHAR8        *NameBuffer   OPTIONAL,
  IN OUT  UINTN        *NameBufferSize
  )
{
  return GetSubjectString (Cert, CertSize, mOidOrganizationName, sizeof (mOidOrganizationName), NameBuffer, NameBufferSize);
}
