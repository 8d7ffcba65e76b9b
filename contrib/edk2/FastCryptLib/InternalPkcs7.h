/*
 * What the PKCS#7 and Authenticode files of fastcrypt's BaseCryptLib
 * instance share (Pkcs7.c defines it; Pkcs7Signers.c and Authenticode.c
 * use it).
 */
#ifndef FAST_CRYPT_LIB_INTERNAL_PKCS7_H_
#define FAST_CRYPT_LIB_INTERNAL_PKCS7_H_

#include "InternalFastCryptLib.h"

/*
 * The length of the DER element Der begins with (tag, length and content),
 * when its length is definite and the element lies inside Der's Length
 * bytes; Length otherwise, for the parser to refuse. Der is not NULL.
 * What follows the element is ignored, as OpenSSL's d2i_* functions ignore
 * it: EDK2's DxeImageVerificationLib passes an Authenticode signature with
 * its WIN_CERTIFICATE padding, and CryptoPkg's own test signatures and
 * certificates carry trailing bytes, which fastcrypt's parsers refuse.
 */
UINTN
FcEdk2DerPrefix (
  IN  CONST UINT8  *Der,
  IN  UINTN        Length
  );

/*
 * P7Data (a ContentInfo holding a SignedData, or a bare SignedData; bytes
 * after it ignored) parsed into a pool fc_pkcs7 (free it with FreePool),
 * or NULL when it does not parse, P7Length is over MAX_INT32 (the OpenSSL
 * instance's bound), the instance failed to initialise or the pool is
 * empty. P7Data is not NULL and must outlive the result.
 */
fc_pkcs7 *
FcEdk2Pkcs7Load (
  IN  CONST UINT8  *P7Data,
  IN  UINTN        P7Length
  );

#endif
