/*
 * AES (AesGetContextSize, AesInit, AesCbcEncrypt, AesCbcDecrypt,
 * AesEncrypt, AesDecrypt) and AES-GCM (AeadAesGcmEncrypt,
 * AeadAesGcmDecrypt).
 *
 * An AES context is a caller-allocated blob of AesGetContextSize () bytes
 * holding an fc_aes_key (the round keys and the GCM hash key; 8-byte
 * alignment). It holds secrets: the caller wipes it (ZeroMem) before
 * freeing it. A context whose AesInit failed is zeroed, and every call with
 * it returns FALSE. Overlaps: Input and Output may be the same buffer; a
 * partial overlap of Input and Output returns FALSE. The CBC Ivec may
 * overlap Input or Output (it is copied before either is touched). For
 * GCM, fastcrypt's one-shot rules apply (docs/api.md): Iv overlapping
 * DataIn or DataOut, AData or Tag overlapping DataOut, or an encryption's
 * TagOut overlapping DataIn, AData or Iv, return FALSE.
 */
#include "InternalFastCryptLib.h"

UINTN
EFIAPI
AesGetContextSize (
  VOID
  )
{
  return sizeof (fc_aes_key);
}

/* KeyLength is in bits: 128, 192 or 256. */
BOOLEAN
EFIAPI
AesInit (
  OUT  VOID         *AesContext,
  IN   CONST UINT8  *Key,
  IN   UINTN        KeyLength
  )
{
  if (AesContext == NULL) {
    return FALSE;
  }

  //
  // Every failure leaves the context zeroed (unusable), as a failed
  // fc_aes_init does, whatever key it held before.
  //
  if ((Key == NULL) || ((KeyLength != 128) && (KeyLength != 192) && (KeyLength != 256)) ||
      !FcEdk2Init ())
  {
    FcEdk2Wipe (AesContext, sizeof (fc_aes_key));
    return FALSE;
  }

  return (BOOLEAN)(fc_aes_init ((fc_aes_key *)AesContext, Key, KeyLength / 8) == FC_OK);
}

/*
 * Ivec is CONST (it may be in read-only memory) and stays unchanged:
 * fastcrypt's CBC calls update an IV, so they get a copy.
 */
STATIC
BOOLEAN
AesCbc (
  BOOLEAN      Encrypt,
  VOID         *AesContext,
  CONST UINT8  *Input,
  UINTN        InputSize,
  CONST UINT8  *Ivec,
  UINT8        *Output
  )
{
  UINT8   Iv[AES_BLOCK_SIZE];
  fc_err  Err;

  if ((AesContext == NULL) || (Input == NULL) || (Ivec == NULL) || (Output == NULL) ||
      ((InputSize % AES_BLOCK_SIZE) != 0))
  {
    return FALSE;
  }

  CopyMem (Iv, Ivec, sizeof (Iv));
  if (Encrypt) {
    Err = fc_aes_cbc_encrypt ((CONST fc_aes_key *)AesContext, Iv, Input, Output, InputSize);
  } else {
    Err = fc_aes_cbc_decrypt ((CONST fc_aes_key *)AesContext, Iv, Input, Output, InputSize);
  }

  FcEdk2Wipe (Iv, sizeof (Iv));
  return (BOOLEAN)(Err == FC_OK);
}

BOOLEAN
EFIAPI
AesCbcEncrypt (
  IN   VOID         *AesContext,
  IN   CONST UINT8  *Input,
  IN   UINTN        InputSize,
  IN   CONST UINT8  *Ivec,
  OUT  UINT8        *Output
  )
{
  return AesCbc (TRUE, AesContext, Input, InputSize, Ivec, Output);
}

BOOLEAN
EFIAPI
AesCbcDecrypt (
  IN   VOID         *AesContext,
  IN   CONST UINT8  *Input,
  IN   UINTN        InputSize,
  IN   CONST UINT8  *Ivec,
  OUT  UINT8        *Output
  )
{
  return AesCbc (FALSE, AesContext, Input, InputSize, Ivec, Output);
}

/* One 16-byte block, through fastcrypt's ECB. */
STATIC
BOOLEAN
AesBlock (
  BOOLEAN      Encrypt,
  VOID         *AesContext,
  CONST UINT8  *Input,
  UINT8        *Output
  )
{
  if ((AesContext == NULL) || (Input == NULL) || (Output == NULL)) {
    return FALSE;
  }

  if (Encrypt) {
    return (BOOLEAN)(fc_aes_ecb_encrypt ((CONST fc_aes_key *)AesContext, Input, Output, AES_BLOCK_SIZE) == FC_OK);
  }

  return (BOOLEAN)(fc_aes_ecb_decrypt ((CONST fc_aes_key *)AesContext, Input, Output, AES_BLOCK_SIZE) == FC_OK);
}

BOOLEAN
EFIAPI
AesEncrypt (
  IN   VOID         *AesContext,
  IN   CONST UINT8  *Input,
  OUT  UINT8        *Output
  )
{
  return AesBlock (TRUE, AesContext, Input, Output);
}

BOOLEAN
EFIAPI
AesDecrypt (
  IN   VOID         *AesContext,
  IN   CONST UINT8  *Input,
  OUT  UINT8        *Output
  )
{
  return AesBlock (FALSE, AesContext, Input, Output);
}

/*
 * AES-GCM, one shot: KeySize 16, 24 or 32; IvSize 12; TagSize 12 to 16.
 * AData and DataIn may be NULL when their size is 0, DataOut when DataInSize
 * is 0. DataOutSize may be NULL; otherwise it must hold at least DataInSize
 * on entry and receives DataInSize on success. The expanded key lives on
 * this call's stack (about 1.6 KiB) and is wiped before return. Decrypt
 * with a wrong tag returns FALSE with DataOut zeroed.
 */
STATIC
BOOLEAN
AesGcm (
  BOOLEAN      Encrypt,
  CONST UINT8  *Key,
  UINTN        KeySize,
  CONST UINT8  *Iv,
  UINTN        IvSize,
  CONST UINT8  *AData,
  UINTN        ADataSize,
  CONST UINT8  *DataIn,
  UINTN        DataInSize,
  UINT8        *Tag,
  UINTN        TagSize,
  UINT8        *DataOut,
  UINTN        *DataOutSize
  )
{
  fc_aes_key  AesKey;
  fc_err      Err;

  if ((Key == NULL) || ((KeySize != 16) && (KeySize != 24) && (KeySize != 32)) ||
      (Iv == NULL) || (IvSize != 12) || (Tag == NULL) || (TagSize < 12) || (TagSize > 16) ||
      ((AData == NULL) && (ADataSize != 0)) || ((DataIn == NULL) && (DataInSize != 0)) ||
      ((DataOut == NULL) && (DataInSize != 0)) ||
      ((DataOutSize != NULL) && (*DataOutSize < DataInSize)))
  {
    return FALSE;
  }

  if (!FcEdk2Init ()) {
    return FALSE;
  }

  Err = fc_aes_init (&AesKey, Key, KeySize);
  if (Err == FC_OK) {
    if (Encrypt) {
      Err = fc_aes_gcm_encrypt (&AesKey, Iv, IvSize, AData, ADataSize, DataIn, DataOut, DataInSize, Tag, TagSize);
    } else {
      Err = fc_aes_gcm_decrypt (&AesKey, Iv, IvSize, AData, ADataSize, DataIn, DataOut, DataInSize, Tag, TagSize);
    }
  }

  fc_aes_clear (&AesKey);
  if ((Err == FC_OK) && (DataOutSize != NULL)) {
    *DataOutSize = DataInSize;
  }

  return (BOOLEAN)(Err == FC_OK);
}

BOOLEAN
EFIAPI
AeadAesGcmEncrypt (
  IN   CONST UINT8  *Key,
  IN   UINTN        KeySize,
  IN   CONST UINT8  *Iv,
  IN   UINTN        IvSize,
  IN   CONST UINT8  *AData,
  IN   UINTN        ADataSize,
  IN   CONST UINT8  *DataIn,
  IN   UINTN        DataInSize,
  OUT  UINT8        *TagOut,
  IN   UINTN        TagSize,
  OUT  UINT8        *DataOut,
  OUT  UINTN        *DataOutSize
  )
{
  return AesGcm (TRUE, Key, KeySize, Iv, IvSize, AData, ADataSize, DataIn, DataInSize, TagOut, TagSize, DataOut, DataOutSize);
}

BOOLEAN
EFIAPI
AeadAesGcmDecrypt (
  IN   CONST UINT8  *Key,
  IN   UINTN        KeySize,
  IN   CONST UINT8  *Iv,
  IN   UINTN        IvSize,
  IN   CONST UINT8  *AData,
  IN   UINTN        ADataSize,
  IN   CONST UINT8  *DataIn,
  IN   UINTN        DataInSize,
  IN   CONST UINT8  *Tag,
  IN   UINTN        TagSize,
  OUT  UINT8        *DataOut,
  OUT  UINTN        *DataOutSize
  )
{
  return AesGcm (FALSE, Key, KeySize, Iv, IvSize, AData, ADataSize, DataIn, DataInSize, (UINT8 *)Tag, TagSize, DataOut, DataOutSize);
}
