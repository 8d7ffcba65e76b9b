/*
 * Every BaseCryptLib function this instance does not serve (MD5, SM3, Camellia, RSA signing, key
 * generation and key checks, OAEP, PKCS#7 signing,
 * DH, random numbers, big numbers, EC beyond verification, EdDSA, ML-DSA beyond
 * verification (MlDsa.c), SLH-DSA beyond verification (SlhDsa.c)):
 * each returns FALSE, 0, NULL or RETURN_UNSUPPORTED (BigNumToBin -1,
 * X509CompareDateTime -3, the values BaseCryptLibNull returns), so the
 * instance links into any module and a caller sees the failure its code
 * already handles. No ASSERT: a module may probe a function and fall back,
 * and an ASSERT would halt DEBUG builds where RELEASE builds go on (README.md).
 * Parameters are unused by design.
 */
#include "InternalFastCryptLib.h"

#ifdef ENABLE_MD5_DEPRECATED_INTERFACES
UINTN EFIAPI Md5GetContextSize (VOID) { return 0; }
BOOLEAN EFIAPI Md5Init (VOID *a0) { return FALSE; }
BOOLEAN EFIAPI Md5Duplicate (CONST VOID *a0, VOID *a1) { return FALSE; }
BOOLEAN EFIAPI Md5Update (VOID *a0, CONST VOID *a1, UINTN a2) { return FALSE; }
BOOLEAN EFIAPI Md5Final (VOID *a0, UINT8 *a1) { return FALSE; }
BOOLEAN EFIAPI Md5HashAll (CONST VOID *a0, UINTN a1, UINT8 *a2) { return FALSE; }
#endif
UINTN EFIAPI Sm3GetContextSize (VOID) { return 0; }
BOOLEAN EFIAPI Sm3Init (VOID *a0) { return FALSE; }
BOOLEAN EFIAPI Sm3Duplicate (CONST VOID *a0, VOID *a1) { return FALSE; }
BOOLEAN EFIAPI Sm3Update (VOID *a0, CONST VOID *a1, UINTN a2) { return FALSE; }
BOOLEAN EFIAPI Sm3Final (VOID *a0, UINT8 *a1) { return FALSE; }
BOOLEAN EFIAPI Sm3HashAll (CONST VOID *a0, UINTN a1, UINT8 *a2) { return FALSE; }
UINTN EFIAPI CamelliaGetContextSize (VOID) { return 0; }
BOOLEAN EFIAPI CamelliaInit (VOID *a0, CONST UINT8 *a1, UINTN a2) { return FALSE; }
BOOLEAN EFIAPI CamelliaEncrypt (VOID *a0, CONST UINT8 *a1, UINT8 *a2) { return FALSE; }
BOOLEAN EFIAPI CamelliaDecrypt (VOID *a0, CONST UINT8 *a1, UINT8 *a2) { return FALSE; }
BOOLEAN EFIAPI RsaGenerateKey (VOID *a0, UINTN a1, CONST UINT8 *a2, UINTN a3) { return FALSE; }
BOOLEAN EFIAPI RsaCheckKey (VOID *a0) { return FALSE; }
BOOLEAN EFIAPI RsaPkcs1Sign (VOID *a0, CONST UINT8 *a1, UINTN a2, UINT8 *a3, UINTN *a4) { return FALSE; }
BOOLEAN EFIAPI RsaPssSign (VOID *a0, CONST UINT8 *a1, UINTN a2, UINT16 a3, UINT16 a4, UINT8 *a5, UINTN *a6) { return FALSE; }
BOOLEAN EFIAPI RsaPssSignDigest (VOID *a0, CONST UINT8 *a1, UINTN a2, UINT8 *a3, UINTN *a4) { return FALSE; }
BOOLEAN EFIAPI RsaGetPrivateKeyFromPem (CONST UINT8 *a0, UINTN a1, CONST CHAR8 *a2, VOID **a3) { return FALSE; }
BOOLEAN EFIAPI Pkcs1v2Encrypt (CONST UINT8 *a0, UINTN a1, UINT8 *a2, UINTN a3, CONST UINT8 *a4, UINTN a5, UINT8 **a6, UINTN *a7) { return FALSE; }
BOOLEAN EFIAPI RsaOaepEncrypt (VOID *a0, UINT8 *a1, UINTN a2, CONST UINT8 *a3, UINTN a4, UINT16 a5, UINT8 **a6, UINTN *a7) { return FALSE; }
BOOLEAN EFIAPI Pkcs1v2Decrypt (CONST UINT8 *a0, UINTN a1, UINT8 *a2, UINTN a3, UINT8 **a4, UINTN *a5) { return FALSE; }
BOOLEAN EFIAPI RsaOaepDecrypt (VOID *a0, UINT8 *a1, UINTN a2, UINT16 a3, UINT8 **a4, UINTN *a5) { return FALSE; }
BOOLEAN EFIAPI Pkcs7Sign (CONST UINT8 *a0, UINTN a1, CONST UINT8 *a2, UINT8 *a3, UINTN a4, UINT8 *a5, UINT8 *a6, UINT8 **a7, UINTN *a8) { return FALSE; }
VOID * EFIAPI DhNew (VOID) { return NULL; }
VOID EFIAPI DhFree (VOID *a0) { }
BOOLEAN EFIAPI DhGenerateParameter (VOID *a0, UINTN a1, UINTN a2, UINT8 *a3) { return FALSE; }
BOOLEAN EFIAPI DhSetParameter (VOID *a0, UINTN a1, UINTN a2, CONST UINT8 *a3) { return FALSE; }
BOOLEAN EFIAPI DhGenerateKey (VOID *a0, UINT8 *a1, UINTN *a2) { return FALSE; }
BOOLEAN EFIAPI DhComputeKey (VOID *a0, CONST UINT8 *a1, UINTN a2, UINT8 *a3, UINTN *a4) { return FALSE; }
BOOLEAN EFIAPI RandomSeed (CONST UINT8 *a0, UINTN a1) { return FALSE; }
BOOLEAN EFIAPI RandomBytes (UINT8 *a0, UINTN a1) { return FALSE; }
VOID * EFIAPI BigNumInit (VOID) { return NULL; }
VOID * EFIAPI BigNumFromBin (CONST UINT8 *a0, UINTN a1) { return NULL; }
INTN EFIAPI BigNumToBin (CONST VOID *a0, UINT8 *a1) { return -1; }
VOID EFIAPI BigNumFree (VOID *a0, BOOLEAN a1) { }
BOOLEAN EFIAPI BigNumAdd (CONST VOID *a0, CONST VOID *a1, VOID *a2) { return FALSE; }
BOOLEAN EFIAPI BigNumSub (CONST VOID *a0, CONST VOID *a1, VOID *a2) { return FALSE; }
BOOLEAN EFIAPI BigNumMul (CONST VOID *a0, CONST VOID *a1, VOID *a2) { return FALSE; }
BOOLEAN EFIAPI BigNumMod (CONST VOID *a0, CONST VOID *a1, VOID *a2) { return FALSE; }
BOOLEAN EFIAPI BigNumExpMod (CONST VOID *a0, CONST VOID *a1, CONST VOID *a2, VOID *a3) { return FALSE; }
BOOLEAN EFIAPI BigNumInverseMod (CONST VOID *a0, CONST VOID *a1, VOID *a2) { return FALSE; }
BOOLEAN EFIAPI BigNumDiv (CONST VOID *a0, CONST VOID *a1, VOID *a2) { return FALSE; }
BOOLEAN EFIAPI BigNumDiv2 (CONST VOID *a0, CONST VOID *a1, VOID *a2, VOID *a3) { return FALSE; }
BOOLEAN EFIAPI BigNumMulMod (CONST VOID *a0, CONST VOID *a1, CONST VOID *a2, VOID *a3) { return FALSE; }
BOOLEAN EFIAPI BigNumGcd (CONST VOID *a0, CONST VOID *a1, VOID *a2) { return FALSE; }
INTN EFIAPI BigNumCmp (CONST VOID *a0, CONST VOID *a1) { return -1; }
UINTN EFIAPI BigNumBits (CONST VOID *a0) { return 0; }
UINTN EFIAPI BigNumBytes (CONST VOID *a0) { return 0; }
BOOLEAN EFIAPI BigNumIsWord (CONST VOID *a0, UINTN a1) { return FALSE; }
BOOLEAN EFIAPI BigNumIsOdd (CONST VOID *a0) { return FALSE; }
VOID * EFIAPI BigNumCopy (VOID *a0, CONST VOID *a1) { return NULL; }
CONST VOID * EFIAPI BigNumValueOne (VOID) { return NULL; }
BOOLEAN EFIAPI BigNumRShift (CONST VOID *a0, UINTN a1, VOID *a2) { return FALSE; }
VOID EFIAPI BigNumConstTime (VOID *a0) { }
BOOLEAN EFIAPI BigNumSqrMod (CONST VOID *a0, CONST VOID *a1, VOID *a2) { return FALSE; }
VOID * EFIAPI BigNumNewContext (VOID) { return NULL; }
VOID EFIAPI BigNumContextFree (VOID *a0) { }
VOID EFIAPI BigNumContextStart (VOID *a0) { }
VOID EFIAPI BigNumContextEnd (VOID *a0) { }
VOID * EFIAPI BigNumContextGet (VOID *a0) { return NULL; }
BOOLEAN EFIAPI BigNumSetUint (VOID *a0, UINTN a1) { return FALSE; }
BOOLEAN EFIAPI BigNumAddMod (CONST VOID *a0, CONST VOID *a1, CONST VOID *a2, VOID *a3) { return FALSE; }
VOID * EFIAPI EcGroupInit (UINTN a0) { return NULL; }
VOID * EFIAPI EcGroupInitGFp (VOID *a0, VOID *a1, VOID *a2, VOID *a3) { return NULL; }
BOOLEAN EFIAPI EcGroupGetCurve (CONST VOID *a0, VOID *a1, VOID *a2, VOID *a3, VOID *a4) { return FALSE; }
BOOLEAN EFIAPI EcGroupGetOrder (VOID *a0, VOID *a1) { return FALSE; }
VOID EFIAPI EcGroupFree (VOID *a0) { }
BOOLEAN EFIAPI EcGroupSetGenerator (VOID *a0, CONST VOID *a1, CONST VOID *a2, CONST VOID *a3) { return FALSE; }
VOID * EFIAPI EcPointInit (CONST VOID *a0) { return NULL; }
VOID EFIAPI EcPointDeInit (VOID *a0, BOOLEAN a1) { }
BOOLEAN EFIAPI EcPointGetAffineCoordinates (CONST VOID *a0, CONST VOID *a1, VOID *a2, VOID *a3, VOID *a4) { return FALSE; }
BOOLEAN EFIAPI EcPointSetAffineCoordinates (CONST VOID *a0, VOID *a1, CONST VOID *a2, CONST VOID *a3, VOID *a4) { return FALSE; }
BOOLEAN EFIAPI EcPointAdd (CONST VOID *a0, VOID *a1, CONST VOID *a2, CONST VOID *a3, VOID *a4) { return FALSE; }
BOOLEAN EFIAPI EcPointMul (CONST VOID *a0, VOID *a1, CONST VOID *a2, CONST VOID *a3, VOID *a4) { return FALSE; }
BOOLEAN EFIAPI EcPointMul2 (CONST VOID *a0, VOID *a1, CONST VOID *a2, CONST VOID *a3, CONST VOID *a4, VOID *a5) { return FALSE; }
BOOLEAN EFIAPI EcPointsMul (CONST VOID *a0, VOID *a1, CONST VOID *a2, UINTN a3, CONST VOID *a4[], CONST VOID *a5[], VOID *a6) { return FALSE; }
BOOLEAN EFIAPI EcPointInvert (CONST VOID *a0, VOID *a1, VOID *a2) { return FALSE; }
BOOLEAN EFIAPI EcPointIsOnCurve (CONST VOID *a0, CONST VOID *a1, VOID *a2) { return FALSE; }
BOOLEAN EFIAPI EcPointIsAtInfinity (CONST VOID *a0, CONST VOID *a1) { return FALSE; }
BOOLEAN EFIAPI EcPointEqual (CONST VOID *a0, CONST VOID *a1, CONST VOID *a2, VOID *a3) { return FALSE; }
BOOLEAN EFIAPI EcPointSetCompressedCoordinates (CONST VOID *a0, VOID *a1, CONST VOID *a2, UINT8 a3, VOID *a4) { return FALSE; }
BOOLEAN EFIAPI EcGenerateKey (VOID *a0, UINT8 *a1, UINTN *a2) { return FALSE; }
BOOLEAN EFIAPI EcDhComputeKey (VOID *a0, CONST UINT8 *a1, UINTN a2, CONST INT32 *a3, UINT8 *a4, UINTN *a5) { return FALSE; }
BOOLEAN EFIAPI EcGetPrivateKeyFromPem (CONST UINT8 *a0, UINTN a1, CONST CHAR8 *a2, VOID **a3) { return FALSE; }
BOOLEAN EFIAPI EcDsaSign (VOID *a0, UINTN a1, CONST UINT8 *a2, UINTN a3, UINT8 *a4, UINTN *a5) { return FALSE; }
VOID * EFIAPI EdDsaNewByNid (UINTN a0) { return NULL; }
VOID EFIAPI EdDsaFree (VOID *a0) { }
BOOLEAN EFIAPI EdDsaSetPrivKey (VOID *a0, UINT8 *a1, UINTN a2) { return FALSE; }
BOOLEAN EFIAPI EdDsaGeneratePubKey (VOID *a0, UINT8 *a1, UINTN a2) { return FALSE; }
BOOLEAN EFIAPI EdDsaSetPubKey (VOID *a0, CONST UINT8 *a1, UINTN a2) { return FALSE; }
BOOLEAN EFIAPI EdDsaGetPubKey (VOID *a0, UINT8 *a1, UINTN *a2) { return FALSE; }
BOOLEAN EFIAPI EdDsaSign (VOID *a0, CONST UINT8 *a1, UINTN a2, CONST UINT8 *a3, UINTN a4, UINT8 *a5, UINTN *a6) { return FALSE; }
BOOLEAN EFIAPI EdDsaVerify (VOID *a0, CONST UINT8 *a1, UINTN a2, CONST UINT8 *a3, UINTN a4, UINT8 *a5, UINTN a6) { return FALSE; }
BOOLEAN EFIAPI EdDsaGetPrivateKeyFromPem (CONST UINT8 *a0, UINTN a1, CONST CHAR8 *a2, VOID **a3) { return FALSE; }
BOOLEAN EFIAPI EdDsaGetPublicKeyFromX509 (CONST UINT8 *a0, UINTN a1, VOID **a2) { return FALSE; }
BOOLEAN EFIAPI MlDsaSetPrivKey (VOID *a0, UINT8 *a1, UINTN a2) { return FALSE; }
BOOLEAN EFIAPI MlDsaGeneratePubKey (VOID *a0, UINT8 *a1, UINTN a2) { return FALSE; }
BOOLEAN EFIAPI MlDsaSign (VOID *a0, UINT8 *a1, UINTN a2, CONST UINT8 *a3, UINTN a4, UINT8 *a5, UINTN *a6) { return FALSE; }
BOOLEAN EFIAPI MlDsaGetPrivateKeyFromPem (CONST UINT8 *a0, UINTN a1, CONST CHAR8 *a2, VOID **a3) { return FALSE; }
BOOLEAN EFIAPI SlhDsaSetPrivKey (VOID *a0, UINT8 *a1, UINTN a2) { return FALSE; }
BOOLEAN EFIAPI SlhDsaGeneratePubKey (VOID *a0, UINT8 *a1, UINTN a2) { return FALSE; }
BOOLEAN EFIAPI SlhDsaSign (VOID *a0, UINT8 *a1, UINTN a2, CONST UINT8 *a3, UINTN a4, UINT8 *a5, UINTN *a6) { return FALSE; }
BOOLEAN EFIAPI SlhDsaGetPrivateKeyFromPem (CONST UINT8 *a0, UINTN a1, CONST CHAR8 *a2, VOID **a3) { return FALSE; }
