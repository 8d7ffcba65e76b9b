/*
 * PKCS#7 SignedData services of BaseCryptLib on libfastcrypt's pkcs7
 * family: Pkcs7Verify, Pkcs7GetAttachedContent, VerifyEKUsInPkcs7Signature,
 * and the parsing the PKCS#7 and Authenticode files share
 * (InternalPkcs7.h). Pkcs7Signers.c serves the certificate lists.
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
 * The parsed SignedData (an fc_pkcs7, about 5 KiB) and the signature
 * workspace (FC_X509_SIG_WORKSPACE_BYTES, about 20 KiB) come from the pool,
 * never the stack. Verification follows EDK2's policy: partial chains, no
 * time check, any purpose (FC_X509_PARTIAL_CHAIN alone).
 */
#include "InternalPkcs7.h"

/* VerifyEKUsInPkcs7Signature takes required EKUs of up to this many DER content octets. */
#define FC_EDK2_EKU_OID_BYTES  128

/* InternalPkcs7.h */
UINTN
FcEdk2DerPrefix (
  IN  CONST UINT8  *Der,
  IN  UINTN        Length
  )
{
  UINT8  Tag;
  UINTN  Header;
  UINTN  Content;

  if (!FcEdk2DerHeader (Der, Length, &Tag, &Header, &Content)) {
    return Length;
  }

  return Header + Content;
}

/* InternalPkcs7.h */
fc_pkcs7 *
FcEdk2Pkcs7Load (
  IN  CONST UINT8  *P7Data,
  IN  UINTN        P7Length
  )
{
  fc_pkcs7  *P7;

  if ((P7Length > MAX_INT32) || !FcEdk2Init ()) {
    return NULL;
  }

  P7 = AllocatePool (sizeof (fc_pkcs7));
  if (P7 == NULL) {
    return NULL;
  }

  if (fc_pkcs7_parse (P7, P7Data, FcEdk2DerPrefix (P7Data, P7Length)) != FC_OK) {
    FreePool (P7);
    return NULL;
  }

  return P7;
}

/* InternalPkcs7.h */
FC_EDK2_PKCS7_VERIFY *
FcEdk2Pkcs7VerifyLoad (
  IN  CONST UINT8  *P7Data,
  IN  UINTN        P7Length,
  IN  CONST UINT8  *TrustedCert,
  IN  UINTN        CertLength
  )
{
  FC_EDK2_PKCS7_VERIFY  *Ctx;

  if ((P7Data == NULL) || (TrustedCert == NULL) || (P7Length > MAX_INT32) ||
      (CertLength > MAX_INT32) || !FcEdk2Init ())
  {
    return NULL;
  }

  Ctx = AllocatePool (sizeof (FC_EDK2_PKCS7_VERIFY));
  if (Ctx == NULL) {
    return NULL;
  }

  if ((fc_pkcs7_parse (&Ctx->P7, P7Data, FcEdk2DerPrefix (P7Data, P7Length)) != FC_OK) ||
      (fc_x509_parse (&Ctx->Trusted, TrustedCert, FcEdk2DerPrefix (TrustedCert, CertLength)) != FC_OK))
  {
    FreePool (Ctx);
    return NULL;
  }

  return Ctx;
}

/*
 * Verifies every signer of P7Data over InData (detached content: when
 * P7Data also carries content, the two must be equal) and its chain to
 * TrustedCert, with P7Data's certificates as intermediates.
 */
BOOLEAN
EFIAPI
Pkcs7Verify (
  IN  CONST UINT8  *P7Data,
  IN  UINTN        P7Length,
  IN  CONST UINT8  *TrustedCert,
  IN  UINTN        CertLength,
  IN  CONST UINT8  *InData,
  IN  UINTN        DataLength
  )
{
  FC_EDK2_PKCS7_VERIFY  *Ctx;
  BOOLEAN               Ok;

  if ((InData == NULL) || (DataLength > MAX_INT32)) {
    return FALSE;
  }

  Ctx = FcEdk2Pkcs7VerifyLoad (P7Data, P7Length, TrustedCert, CertLength);
  if (Ctx == NULL) {
    return FALSE;
  }

  Ok = (fc_pkcs7_verify (
          &Ctx->P7,
          InData,
          DataLength,
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
 * The content P7Data carries, copied to the pool (*Content, for FreePool):
 * TRUE with *Content NULL and *ContentSize 0 for a detached or empty
 * content. FALSE when P7Data does not parse or its content is not an
 * OCTET STRING (as the OpenSSL instance: an Authenticode
 * SpcIndirectDataContent, a SEQUENCE, is not returned).
 */
BOOLEAN
EFIAPI
Pkcs7GetAttachedContent (
  IN  CONST UINT8  *P7Data,
  IN  UINTN        P7Length,
  OUT VOID         **Content,
  OUT UINTN        *ContentSize
  )
{
  fc_pkcs7  *P7;
  BOOLEAN   Ok;

  if ((P7Data == NULL) || (Content == NULL) || (ContentSize == NULL)) {
    return FALSE;
  }

  *Content     = NULL;
  *ContentSize = 0;
  P7           = FcEdk2Pkcs7Load (P7Data, P7Length);
  if (P7 == NULL) {
    return FALSE;
  }

  Ok = TRUE;
  if (P7->content_whole.len > 0) {
    Ok = (P7->content_whole.p[0] == 0x04);
    if (Ok && (P7->content.len > 0)) {
      *Content = AllocatePool (P7->content.len);
      Ok       = (*Content != NULL);
      if (Ok) {
        CopyMem (*Content, P7->content.p, P7->content.len);
        *ContentSize = P7->content.len;
      }
    }
  }

  FreePool (P7);
  return Ok;
}

/*
 * Whether the one signer's certificate of Pkcs7Signature lists every OID
 * of RequiredEKUs (dotted text) in its extKeyUsage, or with
 * RequireAllPresent FALSE at least one. Checks no signature.
 * RETURN_INVALID_PARAMETER: NULL or empty arguments, a SignedData that does
 * not parse, has no certificates, not exactly one signer or not its
 * certificate, an OID that is not dotted text (OpenSSL's OBJ_txt2obj would
 * also take a name such as "codeSigning": the header asks for OIDs) or
 * encodes to over 128 octets. RETURN_NOT_FOUND: the rule fails, also
 * without extKeyUsage. With RequireAllPresent FALSE the OpenSSL instance
 * stops at the first OID the certificate lacks, so it finds only a leading
 * one; this follows the header ("succeed if we find any").
 */
RETURN_STATUS
EFIAPI
VerifyEKUsInPkcs7Signature (
  IN  CONST UINT8   *Pkcs7Signature,
  IN  CONST UINT32  SignatureSize,
  IN  CONST CHAR8   *RequiredEKUs[],
  IN  CONST UINT32  RequiredEKUsSize,
  IN  BOOLEAN       RequireAllPresent
  )
{
  fc_pkcs7       *P7;
  UINT8          Oid[FC_EDK2_EKU_OID_BYTES];
  fc_slice       Eku;
  UINT32         Index;
  UINT32         Found;
  RETURN_STATUS  Status;

  if ((Pkcs7Signature == NULL) || (SignatureSize == 0) || (RequiredEKUs == NULL) ||
      (RequiredEKUsSize == 0))
  {
    return RETURN_INVALID_PARAMETER;
  }

  P7 = FcEdk2Pkcs7Load (Pkcs7Signature, SignatureSize);
  if (P7 == NULL) {
    return RETURN_INVALID_PARAMETER;
  }

  Status = RETURN_SUCCESS;
  if ((P7->n_certs == 0) || (P7->n_signers != 1) ||
      (fc_pkcs7_signer_cert (P7, &P7->signers[0]) == NULL))
  {
    Status = RETURN_INVALID_PARAMETER;
  }

  Found = 0;
  for (Index = 0; (Index < RequiredEKUsSize) && !RETURN_ERROR (Status); Index++) {
    if ((RequiredEKUs[Index] == NULL) ||
        (fc_oid_from_text (RequiredEKUs[Index], Oid, sizeof (Oid), &Eku.len) != FC_OK))
    {
      Status = RETURN_INVALID_PARAMETER;
      break;
    }

    Eku.p = Oid;
    if (fc_pkcs7_check_ekus (P7, &Eku, 1, 1) == FC_OK) {
      Found++;
    }
  }

  FreePool (P7);
  if (RETURN_ERROR (Status)) {
    return Status;
  }

  if (RequireAllPresent ? (Found == RequiredEKUsSize) : (Found > 0)) {
    return RETURN_SUCCESS;
  }

  return RETURN_NOT_FOUND;
}
