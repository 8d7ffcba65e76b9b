/* FcLoad FILE: loads FILE through gBS->LoadImage, which runs the platform's
   image verification (DxeImageVerificationLib under Secure Boot), and
   starts it when that succeeds. Prints "FcLoad: FILE: LoadImage <status>"
   and returns that status, so that a refused image neither ends the shell
   script (as a refused command does) nor hides why it was refused. */
#include <Uefi.h>
#include <Library/ShellLib.h>
#include <Library/UefiBootServicesTableLib.h>
#include <Library/UefiLib.h>

INTN
EFIAPI
ShellAppMain (
  IN UINTN   Argc,
  IN CHAR16  **Argv
  )
{
  EFI_STATUS                Status;
  EFI_DEVICE_PATH_PROTOCOL  *Path;
  EFI_HANDLE                Image;

  if (Argc != 2) {
    Print (L"usage: FcLoad FILE\n");
    return EFI_INVALID_PARAMETER;
  }

  Path = gEfiShellProtocol->GetDevicePathFromFilePath (Argv[1]);
  if (Path == NULL) {
    Print (L"FcLoad: %s: no such file\n", Argv[1]);
    return EFI_NOT_FOUND;
  }

  Image  = NULL;
  Status = gBS->LoadImage (FALSE, gImageHandle, Path, NULL, 0, &Image);
  Print (L"FcLoad: %s: LoadImage %r\n", Argv[1], Status);
  if (!EFI_ERROR (Status)) {
    Status = gBS->StartImage (Image, NULL, NULL);
  } else if (Image != NULL) {
    gBS->UnloadImage (Image);
  }

  return Status;
}
