/*
 * What the X.509 files of the instance share (X509.c, X509Stack.c,
 * X509Chain.c, X509Name.c, X509Fields.c): the objects handed to callers
 * and the DER and parsing helpers. X509.c's header comment describes the objects'
 * ownership.
 */
#ifndef FAST_CRYPT_LIB_INTERNAL_X509_H_
#define FAST_CRYPT_LIB_INTERNAL_X509_H_

#include "InternalFastCryptLib.h"

/*
 * EDK2's Base.h and BaseCryptLib.h define these; the test-only stand-ins
 * for them (contrib/edk2/test/include, test_edk2) do not yet.
 */
#ifndef RETURN_INVALID_PARAMETER
  #define RETURN_INVALID_PARAMETER  ((RETURN_STATUS)(FC_EDK2_ERROR_BIT | 2))
  #define RETURN_BUFFER_TOO_SMALL   ((RETURN_STATUS)(FC_EDK2_ERROR_BIT | 5))
  #define RETURN_NOT_FOUND          ((RETURN_STATUS)(FC_EDK2_ERROR_BIT | 14))
#endif
#ifndef CRYPTO_NID_SECP256R1
  #define CRYPTO_NID_SECP256R1  0x0204
  #define CRYPTO_NID_SECP384R1  0x0205
#endif
#ifndef VA_START
  #if defined (__x86_64__)
    #define VA_START(Marker, Parameter)  __builtin_ms_va_start (Marker, Parameter)
    #define VA_END(Marker)               __builtin_ms_va_end (Marker)
  #else
    #define VA_START(Marker, Parameter)  va_start (Marker, Parameter)
    #define VA_END(Marker)               va_end (Marker)
  #endif
  #define VA_ARG(Marker, TYPE)  __builtin_va_arg (Marker, TYPE)
#endif

#define FC_EDK2_X509_SIGNATURE        0x35584346u    // "FCX5"
#define FC_EDK2_X509_STACK_SIGNATURE  0x53584346u    // "FCXS"
#define FC_EDK2_DATE_TIME_SIGNATURE   0x54444346u    // "FCDT"

/*
 * An "X509 object" (X509ConstructCertificate): one pool allocation holding
 * this header, then DerSize bytes, a copy of the certificate's DER.
 * Parsed's slices point into that copy, so the object stands alone.
 */
typedef struct {
  UINT32          Signature;                  // FC_EDK2_X509_SIGNATURE
  UINT32          Reserved;
  UINTN           DerSize;
  fc_x509_cert    Parsed;
} FC_EDK2_X509;

#define FC_EDK2_X509_DER(Obj)  ((UINT8 *)((FC_EDK2_X509 *)(Obj) + 1))

/*
 * A certificate stack (X509ConstructCertificateStack): Certs holds
 * Capacity pointers (a pool allocation of its own, NULL while Capacity is
 * 0), of which the first Count are X509 objects the stack owns, in the
 * order they were added.
 */
typedef struct {
  UINT32          Signature;                  // FC_EDK2_X509_STACK_SIGNATURE
  UINT32          Reserved;
  UINTN           Count;
  UINTN           Capacity;
  FC_EDK2_X509    **Certs;
} FC_EDK2_X509_STACK;

/*
 * A "DateTime object" (X509GetValidity, X509FormatDateTime), in a buffer of
 * the caller's, which need not be aligned: read and written with CopyMem.
 */
typedef struct {
  UINT32    Signature;                        // FC_EDK2_DATE_TIME_SIGNATURE
  UINT32    Reserved;                         // 0
  INT64     Seconds;                          // since 1970-01-01T00:00:00Z
} FC_EDK2_DATE_TIME;


/*
 * Parses the certificate at the start of Cert[0..CertSize): the first
 * SEQUENCE, bytes after it ignored (OpenSSL's d2i_X509 reads one object
 * from a buffer the same way). Parsed's slices point into Cert. FALSE for
 * NULL Cert, a failed FcEdk2Init, or what fc_x509_parse refuses.
 */
BOOLEAN
FcX509Parse (
  CONST UINT8   *Cert,
  UINTN         CertSize,
  fc_x509_cert  *Parsed
  );

/*
 * The first steps of the *GetPublicKeyFromX509 functions: FALSE for a NULL
 * Cert or Context, for CertSize 0 (which also sets *Context to NULL, as
 * the OpenSSL instance does) and for what FcX509Parse refuses.
 */
BOOLEAN
FcX509ParseForKey (
  CONST UINT8   *Cert,
  UINTN         CertSize,
  VOID          **Context,
  fc_x509_cert  *Parsed
  );

#endif
