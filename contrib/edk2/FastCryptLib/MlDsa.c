/*
 * MlDsaNewByNid, MlDsaFree, MlDsaSetPubKey, MlDsaGetPubKey, MlDsaVerify,
 * MlDsaGetPublicKeyFromX509: ML-DSA (FIPS 204) verification with
 * BaseCryptLib's semantics (CryptoPkg's OpenSSL instance, CryptMlDsa.c and
 * CryptX509.c), on fastcrypt's mldsa family.
 *
 * BaseCryptLib.h defines one ML-DSA NID, CRYPTO_NID_ML_DSA_87: the only
 * parameter set served, as in the OpenSSL instance. ML-DSA-44 and -65 keys
 * (raw or in a certificate) have no NID and are refused.
 *
 * MlDsaVerify is pure ML-DSA (FIPS 204 Algorithm 3) with the caller's
 * context string: Context may be NULL only when ContextSize is 0, at most
 * 255 bytes (FIPS 204; a longer one returns FALSE, as OpenSSL refuses it),
 * Message must not be NULL even for MessageSize 0, SigSize must be the
 * parameter set's signature length (4627). Verification runs on the stack,
 * within FC_MLDSA_STACK_MAX (16 KiB) bytes on every kernel.
 *
 * MlDsaSetPrivKey, MlDsaGeneratePubKey, MlDsaSign and
 * MlDsaGetPrivateKeyFromPem need a private key: not served (Unsupported.c).
 *
 * The context (from the pool, MlDsaFree frees it) holds the parameter set
 * and fastcrypt's key (the encoded key and its hash tr). Public data only:
 * nothing to wipe.
 */
#include "InternalX509.h"

#ifndef CRYPTO_NID_ML_DSA_87
#define CRYPTO_NID_ML_DSA_87  0x05B3
#endif

typedef struct {
  fc_mldsa_param     Param;
  BOOLEAN            HasKey;
  fc_mldsa_pubkey    Key;
} FC_EDK2_MLDSA;

/* NULL for a Nid other than CRYPTO_NID_ML_DSA_87, or no pool memory. */
VOID *
EFIAPI
MlDsaNewByNid (
  IN UINTN  Nid
  )
{
  FC_EDK2_MLDSA  *MlDsa;

  if (!FcEdk2Init () || (Nid != CRYPTO_NID_ML_DSA_87)) {
    return NULL;
  }

  MlDsa = AllocateZeroPool (sizeof (FC_EDK2_MLDSA));
  if (MlDsa != NULL) {
    MlDsa->Param = FC_ML_DSA_87;
  }

  return MlDsa;
}

VOID
EFIAPI
MlDsaFree (
  IN VOID  *MlDsaContext
  )
{
  if (MlDsaContext != NULL) {
    FreePool (MlDsaContext);
  }
}

/*
 * The raw public key (FIPS 204 pkEncode), PublicKeySize the parameter set's
 * length (2592 for ML-DSA-87). A key already set is replaced; FALSE for
 * NULL arguments or another size, the key then unchanged.
 */
BOOLEAN
EFIAPI
MlDsaSetPubKey (
  IN  VOID   *MlDsaContext,
  IN  UINT8  *PublicKey,
  IN  UINTN  PublicKeySize
  )
{
  FC_EDK2_MLDSA  *MlDsa;

  MlDsa = (FC_EDK2_MLDSA *)MlDsaContext;
  if ((MlDsa == NULL) || (PublicKey == NULL) || (PublicKeySize != fc_mldsa_pk_len (MlDsa->Param))) {
    return FALSE;
  }

  /* Every byte string of the right length is a key: this succeeds. */
  MlDsa->HasKey = (BOOLEAN)(fc_mldsa_pubkey_init (&MlDsa->Key, MlDsa->Param, PublicKey, PublicKeySize) == FC_OK);
  return MlDsa->HasKey;
}

/*
 * The raw public key into PublicKey, as the OpenSSL instance orders its
 * checks: FALSE for a NULL context or PublicKeySize; a NULL PublicKey
 * returns FALSE with *PublicKeySize 0 (EDK2's own test expects that); no key
 * set returns FALSE with *PublicKeySize unchanged; *PublicKeySize below the
 * key's length returns FALSE with *PublicKeySize set to it (the size query:
 * any non-NULL buffer with a size too small, 0 included). Otherwise TRUE
 * with *PublicKeySize the key's length.
 */
BOOLEAN
EFIAPI
MlDsaGetPubKey (
  IN      VOID   *MlDsaContext,
  OUT     UINT8  *PublicKey,
  IN OUT  UINTN  *PublicKeySize
  )
{
  FC_EDK2_MLDSA  *MlDsa;

  MlDsa = (FC_EDK2_MLDSA *)MlDsaContext;
  if ((MlDsa == NULL) || (PublicKeySize == NULL)) {
    return FALSE;
  }

  if (PublicKey == NULL) {
    *PublicKeySize = 0;
    return FALSE;
  }

  if (!MlDsa->HasKey) {
    return FALSE;
  }

  if (*PublicKeySize < MlDsa->Key.pk_len) {
    *PublicKeySize = MlDsa->Key.pk_len;
    return FALSE;
  }

  CopyMem (PublicKey, MlDsa->Key.pk, MlDsa->Key.pk_len);
  *PublicKeySize = MlDsa->Key.pk_len;
  return TRUE;
}

/*
 * TRUE only for a valid pure ML-DSA signature of Message under the
 * context's key and the context string Context[0..ContextSize). FALSE for
 * any other input: NULL context, Message or Signature, Context NULL with
 * ContextSize > 0, ContextSize > 255, no key set, SigSize other than the
 * parameter set's signature length.
 */
BOOLEAN
EFIAPI
MlDsaVerify (
  IN  VOID         *MlDsaContext,
  IN  UINT8        *Context,
  IN  UINTN        ContextSize,
  IN  CONST UINT8  *Message,
  IN  UINTN        MessageSize,
  IN  UINT8        *Signature,
  IN  UINTN        SigSize
  )
{
  FC_EDK2_MLDSA  *MlDsa;

  MlDsa = (FC_EDK2_MLDSA *)MlDsaContext;
  if ((MlDsa == NULL) || (Message == NULL) || (Signature == NULL) || !MlDsa->HasKey) {
    return FALSE;
  }

  if ((ContextSize > 0) && (Context == NULL)) {
    return FALSE;
  }

  if ((ContextSize > 255) || (SigSize != fc_mldsa_sig_len (MlDsa->Param))) {
    return FALSE;
  }

  return fc_mldsa_verify (
           &MlDsa->Key,
           Message,
           MessageSize,
           ContextSize == 0 ? NULL : Context,
           ContextSize,
           Signature,
           SigSize
           ) == FC_OK;
}

/*
 * A context from MlDsaNewByNid holding the certificate's ML-DSA-87 key
 * (its SubjectPublicKeyInfo: id-ml-dsa-87, 2.16.840.1.101.3.4.3.19,
 * parameters absent, the raw key in the BIT STRING); MlDsaFree frees it.
 * FALSE for NULL arguments, a certificate fc_x509_parse refuses, another
 * key type, and ML-DSA-44 or -65 keys (BaseCryptLib has no NID for them).
 * CertSize 0 also sets *MlDsaContext to NULL, as the OpenSSL instance.
 */
BOOLEAN
EFIAPI
MlDsaGetPublicKeyFromX509 (
  IN   CONST UINT8  *Cert,
  IN   UINTN        CertSize,
  OUT  VOID         **MlDsaContext
  )
{
  fc_x509_cert   Parsed;
  FC_EDK2_MLDSA  *MlDsa;

  if (!FcX509ParseForKey (Cert, CertSize, MlDsaContext, &Parsed)) {
    return FALSE;
  }

  MlDsa = MlDsaNewByNid (CRYPTO_NID_ML_DSA_87);
  if (MlDsa == NULL) {
    return FALSE;
  }

  if ((fc_mldsa_pubkey_from_der (&MlDsa->Key, Parsed.spki.p, Parsed.spki.len) != FC_OK) ||
      (fc_mldsa_pubkey_param (&MlDsa->Key) != MlDsa->Param))
  {
    MlDsaFree (MlDsa);
    return FALSE;
  }

  MlDsa->HasKey = TRUE;
  *MlDsaContext = MlDsa;
  return TRUE;
}
