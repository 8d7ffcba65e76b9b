/*
 * Test-only stand-in for EDK2's Base.h (MdePkg): the types and macros the
 * fastcrypt BaseCryptLib instance and its tests use, declared from the UEFI
 * and EDK2 documented interface, not copied from EDK2. Firmware builds use
 * EDK2's own headers (contrib/edk2/README.md).
 *
 * EFIAPI: empty unless the build defines it, as EDK2's GCC X64 toolchains
 * do with -DEFIAPI=__attribute__((ms_abi)); the tests build both ways.
 */
#ifndef FC_EDK2_TEST_BASE_H
#define FC_EDK2_TEST_BASE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifndef EFIAPI
#define EFIAPI
#endif

typedef uint8_t UINT8;
typedef uint16_t UINT16;
typedef uint32_t UINT32;
typedef uint64_t UINT64;
typedef int8_t INT8;
typedef int16_t INT16;
typedef int32_t INT32;
typedef int64_t INT64;
typedef uintptr_t UINTN;
typedef intptr_t INTN;
typedef unsigned char BOOLEAN;
typedef char CHAR8;
typedef uint16_t CHAR16;
typedef void VOID;
typedef UINTN RETURN_STATUS;

/* EDK2's X64 GCC builds use the Microsoft va_list for EFIAPI varargs. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define FC_EDK2_MS_VA_LIST __builtin_ms_va_list
#else
#define FC_EDK2_MS_VA_LIST va_list
#endif
typedef FC_EDK2_MS_VA_LIST VA_LIST;

#define CONST const
#define STATIC static
#define IN
#define OUT
#define OPTIONAL
#define TRUE ((BOOLEAN)1)
#define FALSE ((BOOLEAN)0)
#ifndef NULL
#define NULL ((VOID *)0)
#endif

#define MAX_UINTN UINTPTR_MAX
#define MAX_INT32 ((INT32)0x7FFFFFFF)
#define BIT9 0x00000200u
#define BIT10 0x00000400u

/* RETURN_STATUS: high bit set for errors, EDK2's error numbers. */
#define FC_EDK2_ERROR_BIT ((UINTN)1 << (sizeof(UINTN) * 8 - 1))
#define RETURN_SUCCESS ((RETURN_STATUS)0)
#define RETURN_ERROR(s) (((INTN)(RETURN_STATUS)(s)) < 0)
#define RETURN_INVALID_PARAMETER ((RETURN_STATUS)(FC_EDK2_ERROR_BIT | 2))
#define RETURN_UNSUPPORTED ((RETURN_STATUS)(FC_EDK2_ERROR_BIT | 3))
#define RETURN_BUFFER_TOO_SMALL ((RETURN_STATUS)(FC_EDK2_ERROR_BIT | 5))
#define RETURN_NOT_FOUND ((RETURN_STATUS)(FC_EDK2_ERROR_BIT | 14))

#endif /* FC_EDK2_TEST_BASE_H */
