/*
 * X509VerifyCert, X509VerifyCertChain, X509GetCertFromCertChain (X509.c
 * describes the X.509 files).
 *
 * Verification is fc_x509_verify_chain under EDK2's policy, the one
 * OpenSSL's instance sets on its X509_STORE: a partial chain (any trusted
 * certificate ends it, the certificate itself included), no time check,
 * any purpose. Each issuer in a chain must be a CA (basicConstraints cA,
 * keyCertSign when keyUsage is present, pathLenConstraint honoured; a
 * trusted anchor without basicConstraints that is a v1 root or holds
 * keyCertSign is accepted, as OpenSSL does) and no certificate may carry
 * an unknown critical extension.
 */
#include "InternalX509.h"

/*
 * TRUE when Cert chains to CACert. The signature workspace (about 20 KiB,
 * an RSA key of up to 8192 bits and its exponentiation) comes from the pool.
 */
BOOLEAN
EFIAPI
X509VerifyCert (
  IN  CONST UINT8  *Cert,
  IN  UINTN        CertSize,
  IN  CONST UINT8  *CACert,
  IN  UINTN        CACertSize
  )
{
  fc_x509_cert  Leaf;
  fc_x509_cert  Ca;
  VOID          *Workspace;
  BOOLEAN       Ok;

  if ((Cert == NULL) || (CACert == NULL) || !FcX509Parse (Cert, CertSize, &Leaf) ||
      !FcX509Parse (CACert, CACertSize, &Ca))
  {
    return FALSE;
  }

  Workspace = AllocateZeroPool (FC_X509_SIG_WORKSPACE_BYTES);
  if (Workspace == NULL) {
    return FALSE;
  }

  Ok = (BOOLEAN)(fc_x509_verify_chain (
                   &Leaf,
                   NULL,
                   0,
                   &Ca,
                   1,
                   FC_X509_PARTIAL_CHAIN,
                   0,
                   Workspace,
                   FC_X509_SIG_WORKSPACE_BYTES,
                   NULL
                   ) == FC_OK);
  FreePool (Workspace);
  return Ok;
}

/*
 * The size of the certificate-shaped TLV (a SEQUENCE) at Chain[0..Left);
 * 0 at the end of the chain or at anything else, where walks stop, as
 * OpenSSL's instance stops where ASN1_get_object fails or finds another tag.
 */
STATIC
UINTN
ChainEntrySize (
  CONST UINT8  *Chain,
  UINTN        Left
  )
{
  UINT8  Tag;
  UINTN  Header;
  UINTN  Length;

  if (!FcEdk2DerHeader (Chain, Left, &Tag, &Header, &Length) || (Tag != 0x30)) {
    return 0;
  }

  return Header + Length;
}

/*
 * CertChain: DER certificates back to back, the first issued by RootCert
 * (or equal to it), each later one by the one before. TRUE when the walk
 * verified at least one certificate and every one it met. Like OpenSSL's
 * instance, the walk stops at the first bytes that are not a SEQUENCE, and
 * ignores them.
 */
BOOLEAN
EFIAPI
X509VerifyCertChain (
  IN CONST UINT8  *RootCert,
  IN UINTN        RootCertLength,
  IN CONST UINT8  *CertChain,
  IN UINTN        CertChainLength
  )
{
  CONST UINT8  *Issuer;
  UINTN        IssuerSize;
  CONST UINT8  *Current;
  UINTN        Left;
  UINTN        Size;
  BOOLEAN      Verified;

  if ((RootCert == NULL) || (CertChain == NULL)) {
    return FALSE;
  }

  Issuer     = RootCert;
  IssuerSize = RootCertLength;
  Current    = CertChain;
  Left       = CertChainLength;
  Verified   = FALSE;
  for ( ; ; ) {
    Size = ChainEntrySize (Current, Left);
    if (Size == 0) {
      break;
    }

    Verified = X509VerifyCert (Current, Size, Issuer, IssuerSize);
    if (!Verified) {
      break;
    }

    Issuer     = Current;
    IssuerSize = Size;
    Current   += Size;
    Left      -= Size;
  }

  return Verified;
}

/*
 * The CertIndex-th certificate of CertChain (from 0; -1: the last) as a
 * pointer into it and its size. The entries are not parsed, only walked.
 */
BOOLEAN
EFIAPI
X509GetCertFromCertChain (
  IN CONST UINT8   *CertChain,
  IN UINTN         CertChainLength,
  IN CONST INT32   CertIndex,
  OUT CONST UINT8  **Cert,
  OUT UINTN        *CertLength
  )
{
  CONST UINT8  *Current;
  CONST UINT8  *Last;
  UINTN        Left;
  UINTN        Size;
  UINTN        LastSize;
  INT32        Index;

  if ((CertChain == NULL) || (Cert == NULL) || (CertLength == NULL) || (CertIndex < -1)) {
    return FALSE;
  }

  Current  = CertChain;
  Left     = CertChainLength;
  Last     = NULL;
  LastSize = 0;
  for (Index = 0; ; Index++) {
    Size = ChainEntrySize (Current, Left);
    if ((Size == 0) || (Index == 0x7FFFFFFF)) {
      break;                                  // the end, or past any INT32 index
    }

    if (Index == CertIndex) {
      *Cert       = Current;
      *CertLength = Size;
      return TRUE;
    }

    Last     = Current;
    LastSize = Size;
    Current += Size;
    Left    -= Size;
  }

  if ((CertIndex == -1) && (Last != NULL)) {
    *Cert       = Last;
    *CertLength = LastSize;
    return TRUE;
  }

  return FALSE;
}
