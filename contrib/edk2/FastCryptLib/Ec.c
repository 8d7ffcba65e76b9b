/*
 * EcNewByNid, EcFree, EcSetPubKey, EcGetPubKey, EcDsaVerify: ECDSA
 * verification on P-256 and P-384 with BaseCryptLib's semantics (CryptoPkg's
 * OpenSSL instance, CryptEc.c). P-521 (CRYPTO_NID_SECP521R1) is not built:
 * EcNewByNid returns NULL for it. Key generation, ECDH, signing and the
 * EC_GROUP / EC_POINT calls stay unsupported (Unsupported.c).
 *
 * The context (from the pool) holds the curve, the public key as
 * BaseCryptLib gives it (X || Y, each the field's length) and fastcrypt's
 * key made from it. Public data only: nothing to wipe.
 */
#include "InternalFastCryptLib.h"

#ifndef CRYPTO_NID_SHA256
#define CRYPTO_NID_SHA256     0x0001
#define CRYPTO_NID_SHA384     0x0002
#define CRYPTO_NID_SHA512     0x0003
#define CRYPTO_NID_SECP256R1  0x0204
#define CRYPTO_NID_SECP384R1  0x0205
#endif

typedef struct {
  fc_curve        Curve;
  UINTN           HalfSize;                 // 32 or 48
  BOOLEAN         HasKey;
  UINT8           PublicKey[2 * FC_EC_MAX_BYTES];
  fc_ec_pubkey    Key;
} FC_EDK2_EC;

/* NULL for a Nid other than SECP256R1 and SECP384R1. */
VOID *
EFIAPI
EcNewByNid (
  IN UINTN  Nid
  )
{
  FC_EDK2_EC  *Ec;
  fc_curve    Curve;

  if (!FcEdk2Init ()) {
    return NULL;
  }

  if (Nid == CRYPTO_NID_SECP256R1) {
    Curve = FC_P256;
  } else if (Nid == CRYPTO_NID_SECP384R1) {
    Curve = FC_P384;
  } else {
    return NULL;
  }

  Ec = AllocateZeroPool (sizeof (FC_EDK2_EC));
  if (Ec != NULL) {
    Ec->Curve    = Curve;
    Ec->HalfSize = Curve == FC_P256 ? 32 : 48;
  }

  return Ec;
}

VOID
EFIAPI
EcFree (
  IN  VOID  *EcContext
  )
{
  if (EcContext != NULL) {
    FreePool (EcContext);
  }
}

/* Declared, with its contract, in Library/FastCryptLib.h. */
BOOLEAN
EFIAPI
EcSetPubKey (
  IN OUT  VOID   *EcContext,
  IN      UINT8  *PublicKey,
  IN      UINTN  PublicKeySize
  )
{
  FC_EDK2_EC    *Ec;
  UINT8         Point[1 + 2 * FC_EC_MAX_BYTES];
  fc_ec_pubkey  Key;

  Ec = (FC_EDK2_EC *)EcContext;
  if ((Ec == NULL) || (PublicKey == NULL) || (PublicKeySize != 2 * Ec->HalfSize)) {
    return FALSE;
  }

  Point[0] = 0x04;
  CopyMem (Point + 1, PublicKey, PublicKeySize);
  if (fc_ec_pubkey_init (&Key, Ec->Curve, Point, 1 + PublicKeySize) != FC_OK) {
    return FALSE;
  }

  CopyMem (Ec->PublicKey, PublicKey, PublicKeySize);
  CopyMem (&Ec->Key, &Key, sizeof (Key));
  Ec->HasKey = TRUE;
  return TRUE;
}

/*
 * X || Y into PublicKey. *PublicKeySize below twice the field's length:
 * FALSE, with *PublicKeySize set to it. FALSE when no key is set.
 */
BOOLEAN
EFIAPI
EcGetPubKey (
  IN OUT  VOID   *EcContext,
  OUT     UINT8  *PublicKey,
  IN OUT  UINTN  *PublicKeySize
  )
{
  FC_EDK2_EC  *Ec;

  Ec = (FC_EDK2_EC *)EcContext;
  if ((Ec == NULL) || (PublicKeySize == NULL)) {
    return FALSE;
  }

  if ((PublicKey == NULL) && (*PublicKeySize != 0)) {
    return FALSE;
  }

  if (*PublicKeySize < 2 * Ec->HalfSize) {
    *PublicKeySize = 2 * Ec->HalfSize;
    return FALSE;
  }

  *PublicKeySize = 2 * Ec->HalfSize;
  if (!Ec->HasKey) {
    return FALSE;
  }

  CopyMem (PublicKey, Ec->PublicKey, 2 * Ec->HalfSize);
  return TRUE;
}

/*
 * HashNid: CRYPTO_NID_SHA256, SHA384 or SHA512, HashSize its digest length;
 * Signature: r || s, SigSize twice the field's length. TRUE only for a
 * valid signature; FALSE for any other input, a context without a key
 * included.
 */
BOOLEAN
EFIAPI
EcDsaVerify (
  IN  VOID         *EcContext,
  IN  UINTN        HashNid,
  IN  CONST UINT8  *MessageHash,
  IN  UINTN        HashSize,
  IN  CONST UINT8  *Signature,
  IN  UINTN        SigSize
  )
{
  FC_EDK2_EC  *Ec;
  UINTN       Want;

  Ec = (FC_EDK2_EC *)EcContext;
  if ((Ec == NULL) || (MessageHash == NULL) || (Signature == NULL) || !Ec->HasKey) {
    return FALSE;
  }

  if (SigSize != 2 * Ec->HalfSize) {
    return FALSE;
  }

  switch (HashNid) {
    case CRYPTO_NID_SHA256:
      Want = 32;
      break;
    case CRYPTO_NID_SHA384:
      Want = 48;
      break;
    case CRYPTO_NID_SHA512:
      Want = 64;
      break;
    default:
      return FALSE;
  }

  if (HashSize != Want) {
    return FALSE;
  }

  return fc_ecdsa_verify_raw (&Ec->Key, MessageHash, HashSize, Signature, SigSize) == FC_OK;
}
