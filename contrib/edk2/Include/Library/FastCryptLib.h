/** @file
  fastcrypt's BaseCryptLib instance: the one call it adds to BaseCryptLib.

  SPDX-License-Identifier: see the fastcrypt repository's LICENSE.
**/
#ifndef FAST_CRYPT_LIB_H_
#define FAST_CRYPT_LIB_H_

/**
  Chooses which CPU features fastcrypt's kernels may use, in place of the
  instance's own choice (every probed feature; on IA32, none of the SSE
  class unless CR4.OSFXSR and CR4.OSXMMEXCPT are set). Call it before the
  first BaseCryptLib call of the image when the platform knows better, for
  example a PEIM that runs before SSE is enabled (pass 0: portable kernels
  only). Not safe concurrently with other BaseCryptLib calls.

  @param[in]  Allowed  A mask of fastcrypt's FC_CPU_* bits (fastcrypt.h);
                       features the CPU lacks are never used whatever the mask.

  @retval TRUE   The kernels were selected.
  @retval FALSE  fastcrypt could not apply the mask.
**/
BOOLEAN
EFIAPI
FastCryptLibInitFeatures (
  IN UINT64  Allowed
  );

/**
  Sets the public key of an EC context from EcNewByNid, as CryptoPkg's
  OpenSSL instance does (not every BaseCryptLib.h declares it).

  @param[in, out]  EcContext      Context from EcNewByNid.
  @param[in]       PublicKey      X || Y, each the field's length, big-endian.
  @param[in]       PublicKeySize  Twice the field's length (64 for P-256,
                                  96 for P-384).

  @retval TRUE   The key was set.
  @retval FALSE  NULL arguments, another size, or a point that is not on the
                 curve; the context is unchanged.
**/
BOOLEAN
EFIAPI
EcSetPubKey (
  IN OUT  VOID   *EcContext,
  IN      UINT8  *PublicKey,
  IN      UINTN  PublicKeySize
  );

#endif
