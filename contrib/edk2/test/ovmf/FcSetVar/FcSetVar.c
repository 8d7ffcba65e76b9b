/* FcSetVar [-a] NAME FILE: writes the Secure Boot variable NAME (PK, KEK,
   db, dbx) from FILE, an EFI_VARIABLE_AUTHENTICATION_2 descriptor followed
   by the signature lists (efitools' sign-efi-sig-list makes it), as a
   time-based authenticated, non-volatile, boot- and runtime-access write;
   -a appends. Prints "FcSetVar: NAME: <status>" and returns the status of
   SetVariable, which tools/build-ovmf-secureboot.sh reads. */
#include <Uefi.h>
#include <Guid/GlobalVariable.h>
#include <Guid/ImageAuthentication.h>
#include <Library/BaseLib.h>
#include <Library/MemoryAllocationLib.h>
#include <Library/ShellLib.h>
#include <Library/UefiLib.h>
#include <Library/UefiRuntimeServicesTableLib.h>

INTN
EFIAPI
ShellAppMain (
  IN UINTN   Argc,
  IN CHAR16  **Argv
  )
{
  EFI_STATUS         Status;
  SHELL_FILE_HANDLE  File;
  UINT64             Size;
  UINTN              ReadSize;
  VOID               *Data;
  UINT32             Attributes;
  UINTN              Arg;
  EFI_GUID           *Guid;

  Attributes = EFI_VARIABLE_NON_VOLATILE | EFI_VARIABLE_BOOTSERVICE_ACCESS |
               EFI_VARIABLE_RUNTIME_ACCESS | EFI_VARIABLE_TIME_BASED_AUTHENTICATED_WRITE_ACCESS;
  Arg = 1;
  if ((Argc > 1) && (StrCmp (Argv[1], L"-a") == 0)) {
    Attributes |= EFI_VARIABLE_APPEND_WRITE;
    Arg = 2;
  }

  if (Argc != Arg + 2) {
    Print (L"usage: FcSetVar [-a] PK|KEK|db|dbx FILE\n");
    return EFI_INVALID_PARAMETER;
  }

  if ((StrCmp (Argv[Arg], L"PK") == 0) || (StrCmp (Argv[Arg], L"KEK") == 0)) {
    Guid = &gEfiGlobalVariableGuid;
  } else if ((StrCmp (Argv[Arg], L"db") == 0) || (StrCmp (Argv[Arg], L"dbx") == 0)) {
    Guid = &gEfiImageSecurityDatabaseGuid;
  } else {
    Print (L"FcSetVar: %s is not PK, KEK, db or dbx\n", Argv[Arg]);
    return EFI_INVALID_PARAMETER;
  }

  Status = ShellOpenFileByName (Argv[Arg + 1], &File, EFI_FILE_MODE_READ, 0);
  if (EFI_ERROR (Status)) {
    Print (L"FcSetVar: %s: %r\n", Argv[Arg + 1], Status);
    return Status;
  }

  Status = ShellGetFileSize (File, &Size);
  Data   = EFI_ERROR (Status) ? NULL : AllocatePool ((UINTN)Size);
  if (Data == NULL) {
    ShellCloseFile (&File);
    return EFI_OUT_OF_RESOURCES;
  }

  ReadSize = (UINTN)Size;
  Status   = ShellReadFile (File, &ReadSize, Data);
  ShellCloseFile (&File);
  if (!EFI_ERROR (Status)) {
    Status = gRT->SetVariable (Argv[Arg], Guid, Attributes, ReadSize, Data);
  }

  FreePool (Data);
  Print (L"FcSetVar: %s: %r\n", Argv[Arg], Status);
  return Status;
}
