/*
 * X509ConstructCertificateStackV, X509ConstructCertificateStack,
 * X509StackFree (X509.c describes the X.509 files; InternalX509.h the
 * stack's layout). The stack owns the X509 objects in it.
 */
#include "InternalX509.h"

/* Appends Obj, which the stack then owns; FALSE (Obj not taken) when out of pool. */
STATIC
BOOLEAN
StackPush (
  FC_EDK2_X509_STACK  *Stack,
  FC_EDK2_X509        *Obj
  )
{
  FC_EDK2_X509  **Certs;
  UINTN         Capacity;

  if (Stack->Count == Stack->Capacity) {
    Capacity = Stack->Capacity == 0 ? 4 : 2 * Stack->Capacity;
    if (Capacity > MAX_UINTN / sizeof (*Certs)) {
      return FALSE;
    }

    Certs = AllocateZeroPool (Capacity * sizeof (*Certs));
    if (Certs == NULL) {
      return FALSE;
    }

    if (Stack->Certs != NULL) {
      CopyMem (Certs, Stack->Certs, Stack->Count * sizeof (*Certs));
      FreePool (Stack->Certs);
    }

    Stack->Certs    = Certs;
    Stack->Capacity = Capacity;
  }

  Stack->Certs[Stack->Count++] = Obj;
  return TRUE;
}

/* Frees the objects past the first Keep. */
STATIC
VOID
StackTruncate (
  FC_EDK2_X509_STACK  *Stack,
  UINTN               Keep
  )
{
  while (Stack->Count > Keep) {
    X509Free (Stack->Certs[--Stack->Count]);
  }
}

/*
 * The stack *X509Stack names, or a new empty one when it is NULL; NULL
 * when out of pool or *X509Stack is not a stack of this instance.
 */
STATIC
FC_EDK2_X509_STACK *
StackOpen (
  UINT8  **X509Stack
  )
{
  FC_EDK2_X509_STACK  *Stack;

  Stack = (FC_EDK2_X509_STACK *)*X509Stack;
  if (Stack == NULL) {
    Stack = AllocateZeroPool (sizeof (*Stack));
    if (Stack != NULL) {
      Stack->Signature = FC_EDK2_X509_STACK_SIGNATURE;
    }
  } else if (Stack->Signature != FC_EDK2_X509_STACK_SIGNATURE) {
    Stack = NULL;
  }

  return Stack;
}

/* One pair of the list; FALSE, with nothing added, when it does not parse or the pool is out. */
STATIC
BOOLEAN
StackAdd (
  FC_EDK2_X509_STACK  *Stack,
  CONST UINT8         *Cert,
  UINTN               CertSize
  )
{
  UINT8  *Obj;

  Obj = NULL;
  if (!X509ConstructCertificate (Cert, CertSize, &Obj)) {
    return FALSE;
  }

  if (!StackPush (Stack, (FC_EDK2_X509 *)Obj)) {
    X509Free (Obj);
    return FALSE;
  }

  return TRUE;
}

/*
 * Ends a call that opened Stack from *X509Stack when it held Before
 * certificates; Ok says whether the call's list was taken. See
 * X509ConstructCertificateStackV for the result.
 */
STATIC
BOOLEAN
StackClose (
  UINT8               **X509Stack,
  FC_EDK2_X509_STACK  *Stack,
  UINTN               Before,
  BOOLEAN             Ok
  )
{
  if (!Ok) {
    StackTruncate (Stack, Before);
    if ((UINT8 *)Stack != *X509Stack) {
      X509StackFree (Stack);
    }

    return FALSE;
  }

  *X509Stack = (UINT8 *)Stack;
  return TRUE;
}

/*
 * Adds the (Cert, CertSize) pairs of Args, up to a NULL Cert or a 0
 * CertSize, to *X509Stack, or to a new stack when it is NULL. TRUE when at
 * least one certificate was added and none failed, as OpenSSL's instance.
 * On failure the certificates this call added are dropped, a stack it
 * created is freed and *X509Stack is unchanged: OpenSSL's instance frees
 * the whole stack, the caller's existing one included, and leaves
 * *X509Stack pointing at it, which the header's contract does not ask for.
 */
BOOLEAN
EFIAPI
X509ConstructCertificateStackV (
  IN OUT  UINT8    **X509Stack,
  IN      VA_LIST  Args
  )
{
  FC_EDK2_X509_STACK  *Stack;
  UINTN               Before;
  UINT8               *Cert;
  UINTN               CertSize;
  BOOLEAN             Ok;

  Stack = X509Stack == NULL ? NULL : StackOpen (X509Stack);
  if (Stack == NULL) {
    return FALSE;
  }

  Before = Stack->Count;
  Ok     = FALSE;
  for ( ; ; ) {
    Cert = VA_ARG (Args, UINT8 *);
    if (Cert == NULL) {
      break;
    }

    CertSize = VA_ARG (Args, UINTN);
    if (CertSize == 0) {
      break;
    }

    Ok = StackAdd (Stack, Cert, CertSize);
    if (!Ok) {
      break;
    }
  }

  return StackClose (X509Stack, Stack, Before, Ok);
}

/*
 * FC_EDK2_EFIAPI_EMPTY is 1 when EFIAPI expands to nothing (it pastes
 * EFIAPI's first token to FC_EDK2_PROBE_; __attribute__ makes the probe
 * 0). On X64 that is a System V build (host tests), where EDK2's Base.h
 * still gives VA_LIST the Microsoft layout unless NO_MSABI_VA_FUNCS is
 * defined: a System V function cannot start such a list (GCC misreads the
 * arguments, Clang refuses), so X509ConstructCertificateStack then walks
 * its arguments with the compiler's own va_list.
 */
#define FC_EDK2_PROBE_                      1
#define FC_EDK2_PROBE___attribute__(Attrs)  0
#define FC_EDK2_PROBE_WITH(Expanded)        FC_EDK2_PROBE_ ## Expanded
#define FC_EDK2_PROBE_EXPANDED(Macro)       FC_EDK2_PROBE_WITH (Macro)
#define FC_EDK2_EFIAPI_EMPTY                FC_EDK2_PROBE_EXPANDED (EFIAPI)

#if defined (__x86_64__) && !defined (NO_MSABI_VA_FUNCS) && FC_EDK2_EFIAPI_EMPTY

/* X509ConstructCertificateStackV's walk over this call's arguments. */
BOOLEAN
EFIAPI
X509ConstructCertificateStack (
  IN OUT  UINT8  **X509Stack,
  ...
  )
{
  __builtin_va_list   Args;
  FC_EDK2_X509_STACK  *Stack;
  UINTN               Before;
  UINT8               *Cert;
  UINTN               CertSize;
  BOOLEAN             Ok;

  Stack = X509Stack == NULL ? NULL : StackOpen (X509Stack);
  if (Stack == NULL) {
    return FALSE;
  }

  Before = Stack->Count;
  Ok     = FALSE;
  __builtin_va_start (Args, X509Stack);
  for ( ; ; ) {
    Cert = __builtin_va_arg (Args, UINT8 *);
    if (Cert == NULL) {
      break;
    }

    CertSize = __builtin_va_arg (Args, UINTN);
    if (CertSize == 0) {
      break;
    }

    Ok = StackAdd (Stack, Cert, CertSize);
    if (!Ok) {
      break;
    }
  }

  __builtin_va_end (Args);
  return StackClose (X509Stack, Stack, Before, Ok);
}

#else

/* X509ConstructCertificateStackV on this call's arguments. */
BOOLEAN
EFIAPI
X509ConstructCertificateStack (
  IN OUT  UINT8  **X509Stack,
  ...
  )
{
  VA_LIST  Args;
  BOOLEAN  Ok;

  VA_START (Args, X509Stack);
  Ok = X509ConstructCertificateStackV (X509Stack, Args);
  VA_END (Args);
  return Ok;
}

#endif

VOID
EFIAPI
X509StackFree (
  IN  VOID  *X509Stack
  )
{
  FC_EDK2_X509_STACK  *Stack;

  Stack = (FC_EDK2_X509_STACK *)X509Stack;
  if ((Stack == NULL) || (Stack->Signature != FC_EDK2_X509_STACK_SIGNATURE)) {
    return;
  }

  StackTruncate (Stack, 0);
  if (Stack->Certs != NULL) {
    FreePool (Stack->Certs);
  }

  Stack->Signature = 0;
  FreePool (Stack);
}
