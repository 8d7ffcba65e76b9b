/*
 * X.509 services of BaseCryptLib on libfastcrypt's x509 family, with the
 * semantics of CryptoPkg's OpenSSL instance (Pk/CryptX509.c) where that
 * instance follows BaseCryptLib.h, and the header's contract where it
 * shows an accident of OpenSSL (each such place says so). Five files:
 *
 *   X509.c        X509 objects, public keys, X509GetTBSCert, Asn1GetTag,
 *                 and the helpers the others share
 *   X509Stack.c   certificate stacks
 *   X509Chain.c   X509VerifyCert, X509VerifyCertChain, X509GetCertFromCertChain
 *   X509Name.c    subject and issuer names, common and organization names
 *   X509Fields.c  version, serial, signature algorithm, extensions, key
 *                 usages, basic constraints, validity and DateTime objects
 *
 * Objects handed out (layouts in InternalX509.h), from the pool:
 *
 *   X509 object (X509ConstructCertificate): FC_EDK2_X509, a header and a
 *   copy of the certificate's DER in one allocation; freed by X509Free.
 *   Certificate stack (X509ConstructCertificateStack[V]): FC_EDK2_X509_STACK
 *   and its array of X509 objects, which it owns; X509StackFree frees the
 *   objects, the array and the stack.
 *   RSA and EC contexts (RsaGetPublicKeyFromX509, EcGetPublicKeyFromX509):
 *   made by RsaNew + RsaSetKey and EcNewByNid + EcSetPubKey; the caller
 *   frees them with RsaFree and EcFree.
 *   DateTime objects are FC_EDK2_DATE_TIME in buffers of the caller's.
 *
 * Certificates are public: variable time, nothing wiped. Every input is
 * untrusted; fc_x509_parse checks the DER, and the few walks done here
 * (FcEdk2DerHeader) check every length against what is left.
 */
#include "InternalX509.h"

/* Whether a length read so far can take one more octet without overflowing a UINTN. */
#define FC_EDK2_LENGTH_FITS(Value)  ((Value) <= (MAX_UINTN >> 8))

BOOLEAN
FcEdk2DerHeader (
  CONST UINT8  *Der,
  UINTN        Avail,
  UINT8        *Tag,
  UINTN        *HeaderSize,
  UINTN        *Length
  )
{
  UINTN  Pos;
  UINTN  Count;
  UINTN  Value;

  if ((Der == NULL) || (Avail < 2) || ((Der[0] & 0x1F) == 0x1F)) {
    return FALSE;
  }

  Value = Der[1];
  Pos   = 2;
  if ((Value & 0x80) != 0) {
    Count = Value & 0x7F;
    if ((Count == 0) || (Count > Avail - Pos)) {
      return FALSE;                           // indefinite, or cut short
    }

    for (Value = 0; Count > 0; Count--) {
      if (!FC_EDK2_LENGTH_FITS (Value)) {
        return FALSE;
      }

      Value = (Value << 8) | Der[Pos++];
    }
  }

  if (Value > Avail - Pos) {
    return FALSE;
  }

  *Tag        = Der[0];
  *HeaderSize = Pos;
  *Length     = Value;
  return TRUE;
}

/* The size of the SEQUENCE TLV at Der[0..Avail); 0 when there is none. */
STATIC
UINTN
FirstSequenceSize (
  CONST UINT8  *Der,
  UINTN        Avail
  )
{
  UINT8  Tag;
  UINTN  Header;
  UINTN  Length;

  if (!FcEdk2DerHeader (Der, Avail, &Tag, &Header, &Length) || (Tag != 0x30)) {
    return 0;
  }

  return Header + Length;
}

BOOLEAN
FcX509Parse (
  CONST UINT8   *Cert,
  UINTN         CertSize,
  fc_x509_cert  *Parsed
  )
{
  UINTN  Size;

  if ((Cert == NULL) || !FcEdk2Init ()) {
    return FALSE;
  }

  Size = FirstSequenceSize (Cert, CertSize);
  return (BOOLEAN)((Size != 0) && (fc_x509_parse (Parsed, Cert, Size) == FC_OK));
}

BOOLEAN
FcX509ParseForKey (
  CONST UINT8   *Cert,
  UINTN         CertSize,
  VOID          **Context,
  fc_x509_cert  *Parsed
  )
{
  if ((Cert == NULL) || (Context == NULL)) {
    return FALSE;
  }

  if (CertSize == 0) {
    *Context = NULL;
    return FALSE;
  }

  return FcX509Parse (Cert, CertSize, Parsed);
}

/*
 * The next TLV of Cursor[0..*Left), which must carry Tag: the cursor moves
 * past it, then *Value and *Length receive its contents. Value and Length
 * may be Cursor and Left themselves: that steps into the TLV.
 */
STATIC
BOOLEAN
DerNext (
  CONST UINT8  **Cursor,
  UINTN        *Left,
  UINT8        Tag,
  CONST UINT8  **Value,
  UINTN        *Length
  )
{
  UINT8        Found;
  UINTN        Header;
  UINTN        Size;
  CONST UINT8  *Contents;

  if (!FcEdk2DerHeader (*Cursor, *Left, &Found, &Header, &Size) || (Found != Tag)) {
    return FALSE;
  }

  Contents = *Cursor + Header;
  *Cursor += Header + Size;
  *Left   -= Header + Size;
  *Value   = Contents;
  *Length  = Size;
  return TRUE;
}

/*
 * The subjectPublicKey bits of a SubjectPublicKeyInfo (a whole TLV), the
 * unused-bits octet dropped (it must be 0).
 */
STATIC
BOOLEAN
SpkiKeyBits (
  fc_slice     Spki,
  CONST UINT8  **Bits,
  UINTN        *Size
  )
{
  CONST UINT8  *Cursor;
  UINTN        Left;
  CONST UINT8  *Value;
  UINTN        Length;

  Cursor = Spki.p;
  Left   = Spki.len;
  if (!DerNext (&Cursor, &Left, 0x30, &Cursor, &Left) ||       // into the SEQUENCE
      !DerNext (&Cursor, &Left, 0x30, &Value, &Length) ||      // AlgorithmIdentifier
      !DerNext (&Cursor, &Left, 0x03, &Value, &Length) ||
      (Length < 1) || (Value[0] != 0))
  {
    return FALSE;
  }

  *Bits = Value + 1;
  *Size = Length - 1;
  return TRUE;
}

/*
 * Precondition: Parsed holds an rsaEncryption key. Its modulus and
 * exponent (INTEGER contents, which must be positive) into a new context.
 */
STATIC
VOID *
RsaContextFromCert (
  CONST fc_x509_cert  *Parsed
  )
{
  CONST UINT8  *Cursor;
  UINTN        Left;
  CONST UINT8  *N;
  UINTN        NSize;
  CONST UINT8  *E;
  UINTN        ESize;
  VOID         *Rsa;

  if (!SpkiKeyBits (Parsed->spki, &Cursor, &Left) ||
      !DerNext (&Cursor, &Left, 0x30, &Cursor, &Left) ||        // RSAPublicKey
      !DerNext (&Cursor, &Left, 0x02, &N, &NSize) ||
      !DerNext (&Cursor, &Left, 0x02, &E, &ESize) ||
      (NSize == 0) || (ESize == 0) || ((N[0] & 0x80) != 0) || ((E[0] & 0x80) != 0))
  {
    return NULL;
  }

  Rsa = RsaNew ();
  if ((Rsa != NULL) && (!RsaSetKey (Rsa, RsaKeyN, N, NSize) || !RsaSetKey (Rsa, RsaKeyE, E, ESize))) {
    RsaFree (Rsa);
    Rsa = NULL;
  }

  return Rsa;
}

/*
 * A context from RsaNew holding the certificate's modulus and exponent
 * (RsaFree frees it). FALSE for another key type, as OpenSSL's instance
 * (RSASSA-PSS keys included), or a number RsaSetKey refuses (over 8192
 * bits). CertSize 0 also sets *RsaContext to NULL, as there.
 */
BOOLEAN
EFIAPI
RsaGetPublicKeyFromX509 (
  IN   CONST UINT8  *Cert,
  IN   UINTN        CertSize,
  OUT  VOID         **RsaContext
  )
{
  fc_x509_cert  Parsed;
  VOID          *Rsa;

  if (!FcX509ParseForKey (Cert, CertSize, RsaContext, &Parsed) || (Parsed.key_kind != FC_KEY_RSA)) {
    return FALSE;
  }

  Rsa = RsaContextFromCert (&Parsed);
  if (Rsa == NULL) {
    return FALSE;
  }

  *RsaContext = Rsa;
  return TRUE;
}

/*
 * A context from EcNewByNid holding the certificate's P-256 or P-384 key
 * (EcFree frees it). FALSE for another key type or curve (P-521 is not
 * built), a point off the curve, and a compressed point (OpenSSL's
 * instance takes it; EcSetPubKey needs Y, and libfastcrypt does not hand
 * out the Y it recovers). CertSize 0 also sets *EcContext to NULL.
 */
BOOLEAN
EFIAPI
EcGetPublicKeyFromX509 (
  IN   CONST UINT8  *Cert,
  IN   UINTN        CertSize,
  OUT  VOID         **EcContext
  )
{
  fc_x509_cert  Parsed;
  fc_ec_pubkey  Key;
  CONST UINT8   *Point;
  UINTN         PointSize;
  UINTN         Half;
  VOID          *Ec;

  if (!FcX509ParseForKey (Cert, CertSize, EcContext, &Parsed) || (Parsed.key_kind != FC_KEY_EC) ||
      (fc_x509_ec_key (&Parsed, &Key) != FC_OK) || !SpkiKeyBits (Parsed.spki, &Point, &PointSize))
  {
    return FALSE;
  }

  Half = Key.nbytes;
  if ((PointSize != 1 + 2 * Half) || (Point[0] != 0x04)) {
    return FALSE;
  }

  Ec = EcNewByNid (fc_ec_pubkey_curve (&Key) == FC_P256 ? CRYPTO_NID_SECP256R1 : CRYPTO_NID_SECP384R1);
  if ((Ec != NULL) && !EcSetPubKey (Ec, (UINT8 *)Point + 1, 2 * Half)) {
    EcFree (Ec);
    Ec = NULL;
  }

  if (Ec == NULL) {
    return FALSE;
  }

  *EcContext = Ec;
  return TRUE;
}

/*
 * An X509 object (FC_EDK2_X509) for the certificate at the start of Cert
 * (bytes after its SEQUENCE are ignored, as d2i_X509 ignores them);
 * X509Free frees it.
 */
BOOLEAN
EFIAPI
X509ConstructCertificate (
  IN   CONST UINT8  *Cert,
  IN   UINTN        CertSize,
  OUT  UINT8        **SingleX509Cert
  )
{
  FC_EDK2_X509  *Obj;
  UINTN         Size;

  if ((Cert == NULL) || (SingleX509Cert == NULL) || !FcEdk2Init ()) {
    return FALSE;
  }

  Size = FirstSequenceSize (Cert, CertSize);
  if ((Size == 0) || (Size > MAX_UINTN - sizeof (FC_EDK2_X509))) {
    return FALSE;
  }

  Obj = AllocateZeroPool (sizeof (FC_EDK2_X509) + Size);
  if (Obj == NULL) {
    return FALSE;
  }

  CopyMem (FC_EDK2_X509_DER (Obj), Cert, Size);
  if (fc_x509_parse (&Obj->Parsed, FC_EDK2_X509_DER (Obj), Size) != FC_OK) {
    FreePool (Obj);
    return FALSE;
  }

  Obj->Signature  = FC_EDK2_X509_SIGNATURE;
  Obj->DerSize    = Size;
  *SingleX509Cert = (UINT8 *)Obj;
  return TRUE;
}

VOID
EFIAPI
X509Free (
  IN  VOID  *X509Cert
  )
{
  if (X509Cert != NULL) {
    ((FC_EDK2_X509 *)X509Cert)->Signature = 0;
    FreePool (X509Cert);
  }
}

/*
 * *TBSCert points into Cert at the TBSCertificate TLV (*TBSCertSize bytes
 * with its tag and length). Like OpenSSL's instance this reads the two
 * outer headers only: the certificate is not parsed.
 */
BOOLEAN
EFIAPI
X509GetTBSCert (
  IN  CONST UINT8  *Cert,
  IN  UINTN        CertSize,
  OUT UINT8        **TBSCert,
  OUT UINTN        *TBSCertSize
  )
{
  UINT8  Tag;
  UINTN  Header;
  UINTN  Length;
  UINTN  Size;

  if ((Cert == NULL) || (TBSCert == NULL) || (TBSCertSize == NULL) ||
      !FcEdk2DerHeader (Cert, CertSize, &Tag, &Header, &Length) || (Tag != 0x30))
  {
    return FALSE;
  }

  Size = FirstSequenceSize (Cert + Header, Length);
  if (Size == 0) {
    return FALSE;
  }

  *TBSCert     = (UINT8 *)Cert + Header;
  *TBSCertSize = Size;
  return TRUE;
}

/*
 * Reads the TLV header at *Ptr (before End): TRUE when its tag number and
 * class equal Tag's (the constructed bit is not compared, as OpenSSL's
 * instance does not) and its contents fit before End; then *Ptr moves past
 * the header and *Length is the contents' size. FALSE leaves *Ptr alone.
 * Stricter than ASN1_get_object: an indefinite length and a high tag
 * number are refused (neither occurs in DER certificates).
 */
BOOLEAN
EFIAPI
Asn1GetTag (
  IN OUT UINT8    **Ptr,
  IN CONST UINT8  *End,
  OUT UINTN       *Length,
  IN     UINT32   Tag
  )
{
  UINT8  Found;
  UINTN  Header;
  UINTN  Size;

  if ((Ptr == NULL) || (*Ptr == NULL) || (End == NULL) || (Length == NULL) || (End < *Ptr) ||
      !FcEdk2DerHeader (*Ptr, (UINTN)(End - *Ptr), &Found, &Header, &Size) ||
      ((Found & 0xDF) != (Tag & 0xDF)))
  {
    return FALSE;
  }

  *Ptr   += Header;
  *Length = Size;
  return TRUE;
}
