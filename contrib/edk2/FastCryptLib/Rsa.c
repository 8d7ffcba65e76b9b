/*
 * RsaNew, RsaFree, RsaSetKey, RsaGetKey, RsaPkcs1Verify, RsaPssVerify,
 * RsaPssVerifyDigest.
 *
 * The context (from the pool, about 30 KiB) stores every component
 * RsaSetKey is given (N, E, D, P, Q, Dp, Dq, QInv) as a minimal big-endian
 * number of at most 1,024 bytes (8192 bits), and verifies with N and E
 * only: the fastcrypt key is built from them at the first verification
 * after either changes, and the exponentiation's workspace is part of the
 * context, so verification needs no large stack frame. Exponents of any
 * size are taken (fastcrypt built with FC_WITH_ANY_EXPONENT=ON, its
 * default). Private components are wiped when cleared or replaced and when
 * the context is freed.
 */
#include "InternalFastCryptLib.h"

#define FC_EDK2_RSA_TAGS  8

typedef struct {
  UINTN            Size[FC_EDK2_RSA_TAGS];    // bytes in Number[tag]; 0: not set or cleared
  UINT8            Number[FC_EDK2_RSA_TAGS][FC_RSA_MAX_BYTES];
  BOOLEAN          KeyReady;                  // Key holds the current N and E
  fc_rsa_pubkey    Key;
  UINT64           Workspace[(FC_RSA_VERIFY_WORKSPACE_BYTES (FC_RSA_MAX_BITS) + 7) / 8];
} FC_EDK2_RSA;

VOID *
EFIAPI
RsaNew (
  VOID
  )
{
  return AllocateZeroPool (sizeof (FC_EDK2_RSA));
}

VOID
EFIAPI
RsaFree (
  IN  VOID  *RsaContext
  )
{
  if (RsaContext != NULL) {
    FcEdk2Wipe (RsaContext, sizeof (FC_EDK2_RSA));
    FreePool (RsaContext);
  }
}

/*
 * BigNumber NULL clears the component (TRUE). Leading zero bytes are
 * dropped; FALSE, with the component unchanged, for an unknown tag or a
 * number over 1,024 bytes.
 */
BOOLEAN
EFIAPI
RsaSetKey (
  IN OUT  VOID         *RsaContext,
  IN      RSA_KEY_TAG  KeyTag,
  IN      CONST UINT8  *BigNumber,
  IN      UINTN        BnSize
  )
{
  FC_EDK2_RSA  *Rsa;
  UINTN        Tag;

  Rsa = (FC_EDK2_RSA *)RsaContext;
  Tag = (UINTN)KeyTag;
  if ((Rsa == NULL) || (Tag >= FC_EDK2_RSA_TAGS)) {
    return FALSE;
  }

  if (BigNumber == NULL) {
    BnSize = 0;
  }

  while ((BnSize > 0) && (BigNumber[0] == 0)) {
    BigNumber++;
    BnSize--;
  }

  if (BnSize > FC_RSA_MAX_BYTES) {
    return FALSE;
  }

  FcEdk2Wipe (Rsa->Number[Tag], sizeof (Rsa->Number[Tag]));
  if (BnSize > 0) {
    CopyMem (Rsa->Number[Tag], BigNumber, BnSize);
  }

  Rsa->Size[Tag] = BnSize;
  if ((KeyTag == RsaKeyN) || (KeyTag == RsaKeyE)) {
    Rsa->KeyReady = FALSE;
  }

  return TRUE;
}

/*
 * A component not set or cleared: TRUE, *BnSize = 0. *BnSize below the
 * component's size: FALSE, *BnSize = the size needed (a size query).
 * BigNumber NULL with *BnSize large enough: FALSE.
 */
BOOLEAN
EFIAPI
RsaGetKey (
  IN OUT  VOID         *RsaContext,
  IN      RSA_KEY_TAG  KeyTag,
  OUT     UINT8        *BigNumber,
  IN OUT  UINTN        *BnSize
  )
{
  FC_EDK2_RSA  *Rsa;
  UINTN        Tag;
  UINTN        Size;

  Rsa = (FC_EDK2_RSA *)RsaContext;
  Tag = (UINTN)KeyTag;
  if ((Rsa == NULL) || (BnSize == NULL) || (Tag >= FC_EDK2_RSA_TAGS)) {
    return FALSE;
  }

  Size = Rsa->Size[Tag];
  if (Size == 0) {
    *BnSize = 0;
    return TRUE;
  }

  if (*BnSize < Size) {
    *BnSize = Size;
    return FALSE;
  }

  if (BigNumber == NULL) {
    return FALSE;
  }

  CopyMem (BigNumber, Rsa->Number[Tag], Size);
  *BnSize = Size;
  return TRUE;
}

/* The fastcrypt key for the context's N and E; NULL if they do not make one. */
STATIC
CONST fc_rsa_pubkey *
RsaKey (
  FC_EDK2_RSA  *Rsa
  )
{
  if (!Rsa->KeyReady) {
    if (!FcEdk2Init ()) {
      return NULL;
    }

    if (fc_rsa_pubkey_init (
          &Rsa->Key,
          Rsa->Number[RsaKeyN],
          Rsa->Size[RsaKeyN],
          Rsa->Number[RsaKeyE],
          Rsa->Size[RsaKeyE]
          ) != FC_OK)
    {
      return NULL;
    }

    Rsa->KeyReady = TRUE;
  }

  return &Rsa->Key;
}

/* HashSize 20, 32, 48 or 64: SHA-1, SHA-256, SHA-384, SHA-512 (no MD5). */
BOOLEAN
EFIAPI
RsaPkcs1Verify (
  IN  VOID         *RsaContext,
  IN  CONST UINT8  *MessageHash,
  IN  UINTN        HashSize,
  IN  CONST UINT8  *Signature,
  IN  UINTN        SigSize
  )
{
  FC_EDK2_RSA          *Rsa;
  CONST fc_rsa_pubkey  *Key;
  fc_hash_alg          Alg;

  Rsa = (FC_EDK2_RSA *)RsaContext;
  Alg = FcEdk2HashBySize (HashSize);
  if ((Rsa == NULL) || (MessageHash == NULL) || (Signature == NULL) || (Alg == 0)) {
    return FALSE;
  }

  Key = RsaKey (Rsa);
  return (BOOLEAN)((Key != NULL) &&
                   (fc_rsa_verify_ws (Key, Alg, MessageHash, HashSize, Signature, SigSize, Rsa->Workspace, sizeof (Rsa->Workspace)) == FC_OK));
}

/* PSS over DigestSize-byte digests (32, 48, 64), MGF1 with the same hash. */
STATIC
BOOLEAN
RsaPss (
  FC_EDK2_RSA  *Rsa,
  CONST UINT8  *Digest,
  UINTN        DigestSize,
  UINTN        SaltLen,
  CONST UINT8  *Signature,
  UINTN        SigSize
  )
{
  CONST fc_rsa_pubkey  *Key;
  fc_hash_alg          Alg;

  Alg = FcEdk2HashBySize (DigestSize);
  if ((Alg == 0) || (Alg == FC_SHA1)) {
    return FALSE;
  }

  Key = RsaKey (Rsa);
  return (BOOLEAN)((Key != NULL) &&
                   (fc_rsa_verify_pss_ws (Key, Alg, Alg, SaltLen, Digest, DigestSize, Signature, SigSize, Rsa->Workspace, sizeof (Rsa->Workspace)) == FC_OK));
}

/*
 * The message is hashed with the DigestLen-byte hash (32, 48, 64); SaltLen
 * must equal DigestLen, as the header says and the OpenSSL instance
 * requires. Message may be NULL only when MsgSize is 0.
 */
BOOLEAN
EFIAPI
RsaPssVerify (
  IN  VOID         *RsaContext,
  IN  CONST UINT8  *Message,
  IN  UINTN        MsgSize,
  IN  CONST UINT8  *Signature,
  IN  UINTN        SigSize,
  IN  UINT16       DigestLen,
  IN  UINT16       SaltLen
  )
{
  UINT8        Digest[FC_HASH_MAX_LEN];
  fc_hash_alg  Alg;

  Alg = FcEdk2HashBySize (DigestLen);
  if ((RsaContext == NULL) || ((Message == NULL) && (MsgSize != 0)) || (Signature == NULL) ||
      (SaltLen != DigestLen) || (Alg == 0) || (Alg == FC_SHA1))
  {
    return FALSE;
  }

  if (!FcEdk2Init ()) {
    return FALSE;
  }

  if (fc_hash (Alg, Message, MsgSize, Digest) != FC_OK) {
    return FALSE;
  }

  return RsaPss ((FC_EDK2_RSA *)RsaContext, Digest, DigestLen, SaltLen, Signature, SigSize);
}

/* The salt is DigestSize bytes long, as in the OpenSSL instance. */
BOOLEAN
EFIAPI
RsaPssVerifyDigest (
  IN  VOID         *RsaContext,
  IN  CONST UINT8  *Digest,
  IN  UINTN        DigestSize,
  IN  CONST UINT8  *Signature,
  IN  UINTN        SigSize
  )
{
  if ((RsaContext == NULL) || (Digest == NULL) || (Signature == NULL)) {
    return FALSE;
  }

  return RsaPss ((FC_EDK2_RSA *)RsaContext, Digest, DigestSize, DigestSize, Signature, SigSize);
}
