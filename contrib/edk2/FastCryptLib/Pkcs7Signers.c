/*
 * The certificate lists of BaseCryptLib's PKCS#7 services on libfastcrypt:
 * Pkcs7GetSigners, Pkcs7FreeSigners, Pkcs7GetCertificatesList.
 *
 * Every input may come from an attacker (authenticated variables, capsules,
 * images). P7Data may be a ContentInfo holding a SignedData or a bare
 * SignedData: fc_pkcs7_parse takes both; bytes after it are ignored, as
 * OpenSSL ignores them (FcEdk2DerPrefix). The OpenSSL instance instead
 * wraps a bare SignedData in a ContentInfo header with 16-bit lengths,
 * chosen by looking at fixed offsets, so there a SignedData over 64 KiB or
 * a ContentInfo with other than two-octet lengths does not parse: an
 * accident of its implementation, not the header's contract, not
 * reproduced.
 *
 * The lists handed to the caller are EFI_CERT_STACK buffers (BaseCryptLib.h:
 * a UINT8 count, then per certificate a UINT32 length and its DER) from
 * AllocatePool, freed with Pkcs7FreeSigners; their order is the OpenSSL
 * instance's. The parsed SignedData comes from the pool too.
 */
#include "InternalPkcs7.h"

/*
 * An EFI_CERT_STACK (UINT8 count, then per certificate a UINT32 length and
 * its DER) of Certs[0 .. Count) in that order, from the pool; *Size its
 * length. NULL when the pool is empty or the size overflows. Count is at
 * most 255 (the count is one octet).
 */
STATIC
UINT8 *
CertStackNew (
  IN  CONST fc_x509_cert  **Certs,
  IN  UINTN               Count,
  OUT UINTN               *Size
  )
{
  UINT8   *Stack;
  UINT8   *Out;
  UINTN   Total;
  UINTN   Index;
  UINT32  Length;

  Total = sizeof (UINT8);
  for (Index = 0; Index < Count; Index++) {
    if (Certs[Index]->der.len > MAX_UINTN - Total - sizeof (UINT32)) {
      return NULL;
    }

    Total += sizeof (UINT32) + Certs[Index]->der.len;
  }

  Stack = AllocatePool (Total);
  if (Stack == NULL) {
    return NULL;
  }

  Stack[0] = (UINT8)Count;
  Out      = Stack + sizeof (UINT8);
  for (Index = 0; Index < Count; Index++) {
    Length = (UINT32)Certs[Index]->der.len;
    CopyMem (Out, &Length, sizeof (UINT32));
    CopyMem (Out + sizeof (UINT32), Certs[Index]->der.p, Length);
    Out += sizeof (UINT32) + Length;
  }

  *Size = Total;
  return Stack;
}

/*
 * The certificates of P7Data's signers, one per SignerInfo, as an
 * EFI_CERT_STACK in *CertStack: last signer first, as the OpenSSL instance
 * lists them. *TrustedCert: a copy of the first signer's certificate. Both
 * from the pool, for Pkcs7FreeSigners; both NULL on failure. FALSE when a
 * signer's certificate is not in P7Data.
 */
BOOLEAN
EFIAPI
Pkcs7GetSigners (
  IN  CONST UINT8  *P7Data,
  IN  UINTN        P7Length,
  OUT UINT8        **CertStack,
  OUT UINTN        *StackLength,
  OUT UINT8        **TrustedCert,
  OUT UINTN        *CertLength
  )
{
  fc_pkcs7            *P7;
  CONST fc_x509_cert  *Signers[FC_PKCS7_MAX_SIGNERS];
  UINTN               Count;
  UINTN               Index;
  UINT8               *Stack;
  UINT8               *First;
  UINTN               StackSize;

  if ((P7Data == NULL) || (CertStack == NULL) || (StackLength == NULL) ||
      (TrustedCert == NULL) || (CertLength == NULL))
  {
    return FALSE;
  }

  *CertStack   = NULL;
  *TrustedCert = NULL;
  P7           = FcEdk2Pkcs7Load (P7Data, P7Length);
  if (P7 == NULL) {
    return FALSE;
  }

  Count = P7->n_signers;                 // 1 .. FC_PKCS7_MAX_SIGNERS once parsed
  for (Index = 0; Index < Count; Index++) {
    Signers[Count - 1 - Index] = fc_pkcs7_signer_cert (P7, &P7->signers[Index]);
    if (Signers[Count - 1 - Index] == NULL) {
      FreePool (P7);
      return FALSE;
    }
  }

  Stack = CertStackNew (Signers, Count, &StackSize);
  First = (Stack == NULL) ? NULL : AllocatePool (Signers[Count - 1]->der.len);
  if (First == NULL) {
    if (Stack != NULL) {
      FreePool (Stack);
    }

    FreePool (P7);
    return FALSE;
  }

  CopyMem (First, Signers[Count - 1]->der.p, Signers[Count - 1]->der.len);
  *CertStack   = Stack;
  *StackLength = StackSize;
  *TrustedCert = First;
  *CertLength  = Signers[Count - 1]->der.len;
  FreePool (P7);
  return TRUE;
}

/* Frees a buffer of Pkcs7GetSigners or Pkcs7GetCertificatesList; NULL is ignored. */
VOID
EFIAPI
Pkcs7FreeSigners (
  IN  UINT8  *Certs
  )
{
  if (Certs != NULL) {
    FreePool (Certs);
  }
}

/*
 * P7Data's certificates in two EFI_CERT_STACKs, as the OpenSSL instance
 * splits them: *SignerChainCerts, the chain from the one signer's
 * certificate upwards (each next link the first unused certificate whose
 * subject matches the previous link's issuer; no signature checked),
 * listed top first and the signer last; *UnchainCerts, the others, in
 * reverse order (NULL, length 0, when there are none). Both from the pool,
 * for Pkcs7FreeSigners. FALSE unless P7Data has exactly one signer whose
 * certificate it carries.
 */
BOOLEAN
EFIAPI
Pkcs7GetCertificatesList (
  IN  CONST UINT8  *P7Data,
  IN  UINTN        P7Length,
  OUT UINT8        **SignerChainCerts,
  OUT UINTN        *ChainLength,
  OUT UINT8        **UnchainCerts,
  OUT UINTN        *UnchainLength
  )
{
  fc_pkcs7            *P7;
  CONST fc_x509_cert  *Signer;
  CONST fc_x509_cert  *Chain[FC_PKCS7_MAX_CERTS];
  CONST fc_x509_cert  *Others[FC_PKCS7_MAX_CERTS];
  BOOLEAN             Used[FC_PKCS7_MAX_CERTS];
  UINTN               Links;
  UINTN               Count;
  UINTN               Index;
  BOOLEAN             Ok;

  if ((P7Data == NULL) || (SignerChainCerts == NULL) || (ChainLength == NULL) ||
      (UnchainCerts == NULL) || (UnchainLength == NULL))
  {
    return FALSE;
  }

  *SignerChainCerts = NULL;
  *ChainLength      = 0;
  *UnchainCerts     = NULL;
  *UnchainLength    = 0;
  P7                = FcEdk2Pkcs7Load (P7Data, P7Length);
  if (P7 == NULL) {
    return FALSE;
  }

  Signer = (P7->n_signers == 1) ? fc_pkcs7_signer_cert (P7, &P7->signers[0]) : NULL;
  if (Signer == NULL) {
    FreePool (P7);
    return FALSE;
  }

  ZeroMem (Used, sizeof (Used));
  Used[Signer - P7->certs] = TRUE;
  Chain[0]                 = Signer;
  for (Links = 1; Links < P7->n_certs; Links++) {
    for (Index = 0; Index < P7->n_certs; Index++) {
      if (!Used[Index] && fc_x509_name_match (P7->certs[Index].subject, Chain[Links - 1]->issuer)) {
        break;
      }
    }

    if (Index == P7->n_certs) {
      break;
    }

    Used[Index]  = TRUE;
    Chain[Links] = &P7->certs[Index];
  }

  for (Index = 0; Index < Links / 2; Index++) {
    Signer                   = Chain[Index];
    Chain[Index]             = Chain[Links - 1 - Index];
    Chain[Links - 1 - Index] = Signer;
  }

  Count = 0;
  for (Index = P7->n_certs; Index > 0; Index--) {
    if (!Used[Index - 1]) {
      Others[Count++] = &P7->certs[Index - 1];
    }
  }

  *SignerChainCerts = CertStackNew (Chain, Links, ChainLength);
  Ok                = (*SignerChainCerts != NULL);
  if (Ok && (Count > 0)) {
    *UnchainCerts = CertStackNew (Others, Count, UnchainLength);
    Ok            = (*UnchainCerts != NULL);
  }

  if (!Ok) {
    Pkcs7FreeSigners (*SignerChainCerts);
    *SignerChainCerts = NULL;
    *ChainLength      = 0;
    *UnchainLength    = 0;
  }

  FreePool (P7);
  return Ok;
}
