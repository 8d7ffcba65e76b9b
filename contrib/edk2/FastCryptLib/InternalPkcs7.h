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

/*
 * One verification's pool memory: the signature workspace first (libfastcrypt
 * needs it 8-byte aligned, which pool allocations are, while a UINT64 member
 * further in is only 4-byte aligned in an IA32 build without -malign-double),
 * the parsed SignedData and the trusted certificate.
 */
typedef struct {
  UINT64          Workspace[(FC_X509_SIG_WORKSPACE_BYTES + 7) / 8];
  fc_pkcs7        P7;
  fc_x509_cert    Trusted;
} FC_EDK2_PKCS7_VERIFY;

/*
 * P7Data parsed into a new context's P7 as FcEdk2Pkcs7Load parses it, and
 * TrustedCert (bytes after it ignored) into its Trusted: the context (free
 * it with FreePool), or NULL: a NULL pointer, a size over MAX_INT32, the
 * instance failed to initialise, either does not parse, the pool is empty.
 * Both buffers must outlive the context.
 */
FC_EDK2_PKCS7_VERIFY *
FcEdk2Pkcs7VerifyLoad (
  IN  CONST UINT8  *P7Data,
  IN  UINTN        P7Length,
  IN  CONST UINT8  *TrustedCert,
  IN  UINTN        CertLength
  );

#endif
