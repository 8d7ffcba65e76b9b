/*
 * SlhDsaNewByNid, SlhDsaFree, SlhDsaSetPubKey, SlhDsaGetPubKey,
 * SlhDsaVerify, SlhDsaGetPublicKeyFromX509: SLH-DSA (FIPS 205)
 * verification with BaseCryptLib's semantics (CryptoPkg's OpenSSL
 * instance, CryptSlhDsa.c and CryptX509.c), on fastcrypt's slhdsa family.
 *
 * BaseCryptLib.h defines one SLH-DSA NID, CRYPTO_NID_SLH_DSA_SHAKE_256S:
 * the only parameter set served, as in the OpenSSL instance (public key 64
 * bytes, signature 29,792, FIPS 205 Table 2). The other eleven sets
 * fastcrypt verifies have no NID and are refused (raw or in a certificate).
 *
 * SlhDsaVerify is pure SLH-DSA (FIPS 205 Algorithm 24, slh_verify) with
 * the caller's context string: Context may be NULL only when ContextSize
 * is 0, at most 255 bytes (FIPS 205 section 10.2; OpenSSL refuses a longer
 * one when it sets the context string), Message must not be NULL even for
 * MessageSize 0, SigSize must be the parameter set's signature length.
 * Verification runs on the stack, within FC_SLHDSA_STACK_MAX (8 KiB) bytes
 * on every kernel (docs/slhdsa.md).
 *
 * SlhDsaSetPrivKey, SlhDsaGeneratePubKey, SlhDsaSign and
 * SlhDsaGetPrivateKeyFromPem need a private key: not served (Unsupported.c).
 *
 * The context (from the pool, SlhDsaFree frees it) holds the parameter set
 * and fastcrypt's key (PK.seed || PK.root). Public data only: nothing to
 * wipe.
 */
#include "InternalX509.h"

#ifndef CRYPTO_NID_SLH_DSA_SHAKE_256S
#define CRYPTO_NID_SLH_DSA_SHAKE_256S  0x05CD
#endif

/* FIPS 205 section 10.2: |ctx| is encoded in one byte. */
#define FC_EDK2_SLHDSA_MAX_CONTEXT  255

typedef struct {
  fc_slhdsa_param     Param;
  BOOLEAN             HasKey;
  fc_slhdsa_pubkey    Key;
} FC_EDK2_SLHDSA;

/* NULL for a Nid other than CRYPTO_NID_SLH_DSA_SHAKE_256S, or no pool memory. */
VOID *
EFIAPI
SlhDsaNewByNid (
  IN UINTN  Nid
  )
{
  FC_EDK2_SLHDSA  *SlhDsa;

  if (!FcEdk2Init () || (Nid != CRYPTO_NID_SLH_DSA_SHAKE_256S)) {
    return NULL;
  }

  SlhDsa = AllocateZeroPool (sizeof (FC_EDK2_SLHDSA));
  if (SlhDsa != NULL) {
    SlhDsa->Param = FC_SLH_DSA_SHAKE_256S;
  }

  return SlhDsa;
}

/* Nothing for NULL. */
VOID
EFIAPI
SlhDsaFree (
  IN VOID  *SlhDsaContext
  )
{
  if (SlhDsaContext != NULL) {
    FreePool (SlhDsaContext);
  }
}

/*
 * The raw public key PK.seed || PK.root (FIPS 205 section 9.1),
 * PublicKeySize the parameter set's length (64 for SLH-DSA-SHAKE-256s). A
 * key already set is replaced; FALSE for NULL arguments or another size,
 * the key then unchanged.
 */
BOOLEAN
EFIAPI
SlhDsaSetPubKey (
  IN  VOID   *SlhDsaContext,
  IN  UINT8  *PublicKey,
  IN  UINTN  PublicKeySize
  )
{
  FC_EDK2_SLHDSA  *SlhDsa;

  SlhDsa = (FC_EDK2_SLHDSA *)SlhDsaContext;
  if ((SlhDsa == NULL) || (PublicKey == NULL) || (PublicKeySize != fc_slhdsa_pk_len (SlhDsa->Param))) {
    return FALSE;
  }

  /* Every byte string of the right length is a key: this succeeds. */
  SlhDsa->HasKey = (BOOLEAN)(fc_slhdsa_pubkey_init (&SlhDsa->Key, SlhDsa->Param, PublicKey, PublicKeySize) == FC_OK);
  return SlhDsa->HasKey;
}

/*
 * The raw public key into PublicKey, as the OpenSSL instance orders its
 * checks: FALSE for a NULL context or PublicKeySize; a NULL PublicKey
 * returns FALSE with *PublicKeySize 0; no key set returns FALSE with
 * *PublicKeySize unchanged; *PublicKeySize below the key's length returns
 * FALSE with *PublicKeySize set to it (the size query: any non-NULL buffer
 * with a size too small, 0 included). Otherwise TRUE with *PublicKeySize
 * the key's length.
 */
BOOLEAN
EFIAPI
SlhDsaGetPubKey (
  IN      VOID   *SlhDsaContext,
  OUT     UINT8  *PublicKey,
  IN OUT  UINTN  *PublicKeySize
  )
{
  FC_EDK2_SLHDSA  *SlhDsa;
  UINTN           Length;

  SlhDsa = (FC_EDK2_SLHDSA *)SlhDsaContext;
  if ((SlhDsa == NULL) || (PublicKeySize == NULL)) {
    return FALSE;
  }

  if (PublicKey == NULL) {
    *PublicKeySize = 0;
    return FALSE;
  }

  if (!SlhDsa->HasKey) {
    return FALSE;
  }

  Length = fc_slhdsa_pk_len (SlhDsa->Param);
  if (*PublicKeySize < Length) {
    *PublicKeySize = Length;
    return FALSE;
  }

  CopyMem (PublicKey, SlhDsa->Key.pk, Length);
  *PublicKeySize = Length;
  return TRUE;
}

/*
 * TRUE only for a valid pure SLH-DSA signature of Message under the
 * context's key and the context string Context[0..ContextSize). FALSE for
 * any other input: NULL context, Message or Signature, Context NULL with
 * ContextSize > 0, ContextSize > 255, no key set, SigSize other than the
 * parameter set's signature length (0 included).
 */
BOOLEAN
EFIAPI
SlhDsaVerify (
  IN  VOID         *SlhDsaContext,
  IN  UINT8        *Context,
  IN  UINTN        ContextSize,
  IN  CONST UINT8  *Message,
  IN  UINTN        MessageSize,
  IN  UINT8        *Signature,
  IN  UINTN        SigSize
  )
{
  FC_EDK2_SLHDSA  *SlhDsa;

  SlhDsa = (FC_EDK2_SLHDSA *)SlhDsaContext;
  if ((SlhDsa == NULL) || (Message == NULL) || (Signature == NULL) || !SlhDsa->HasKey) {
    return FALSE;
  }

  if ((ContextSize > 0) && (Context == NULL)) {
    return FALSE;
  }

  if ((ContextSize > FC_EDK2_SLHDSA_MAX_CONTEXT) || (SigSize != fc_slhdsa_sig_len (SlhDsa->Param))) {
    return FALSE;
  }

  return fc_slhdsa_verify (
           &SlhDsa->Key,
           Message,
           MessageSize,
           ContextSize == 0 ? NULL : Context,
           ContextSize,
           Signature,
           SigSize
           ) == FC_OK;
}

/*
 * A context from SlhDsaNewByNid holding the certificate's
 * SLH-DSA-SHAKE-256s key (its SubjectPublicKeyInfo: id-slh-dsa-shake-256s,
 * 2.16.840.1.101.3.4.3.30, parameters absent, the raw key in the BIT
 * STRING); SlhDsaFree frees it. FALSE for NULL arguments, a
 * certificate fc_x509_parse refuses, another key type, and the other
 * eleven SLH-DSA sets (BaseCryptLib has no NID for them). CertSize 0 also
 * sets *SlhDsaContext to NULL, as the OpenSSL instance. The certificate's
 * own signature is not checked (neither instance checks it here).
 */
BOOLEAN
EFIAPI
SlhDsaGetPublicKeyFromX509 (
  IN   CONST UINT8  *Cert,
  IN   UINTN        CertSize,
  OUT  VOID         **SlhDsaContext
  )
{
  fc_x509_cert    Parsed;
  FC_EDK2_SLHDSA  *SlhDsa;

  if (!FcX509ParseForKey (Cert, CertSize, SlhDsaContext, &Parsed)) {
    return FALSE;
  }

  SlhDsa = SlhDsaNewByNid (CRYPTO_NID_SLH_DSA_SHAKE_256S);
  if (SlhDsa == NULL) {
    return FALSE;
  }

  if ((fc_slhdsa_pubkey_from_der (&SlhDsa->Key, Parsed.spki.p, Parsed.spki.len) != FC_OK) ||
      (fc_slhdsa_pubkey_param (&SlhDsa->Key) != SlhDsa->Param))
  {
    SlhDsaFree (SlhDsa);
    return FALSE;
  }

  SlhDsa->HasKey = TRUE;
  *SlhDsaContext = SlhDsa;
  return TRUE;
}
