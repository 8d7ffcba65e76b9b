/* The image tools/build-ovmf-secureboot.sh signs, alters and boots under
   Secure Boot: it prints one line that the script reads from the serial
   console, and returns at once (no key press). */
#include <Uefi.h>
#include <Library/UefiLib.h>

EFI_STATUS
EFIAPI
FcHelloMain (
  IN EFI_HANDLE        ImageHandle,
  IN EFI_SYSTEM_TABLE  *SystemTable
  )
{
  Print (L"FcHello: image ran\n");
  return EFI_SUCCESS;
}
