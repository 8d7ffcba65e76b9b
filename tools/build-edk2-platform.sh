#!/usr/bin/env bash
# Builds fastcrypt's BaseCryptLib instance (contrib/edk2) with EDK2's own
# BaseTools `build`, inside a platform: a workspace in OUTDIR/ws holds
# FastCryptPkg (contrib/edk2's .inf, .dec, sources and include directory,
# copied in as README.md's "Building it into a platform" says) and FcTestPkg
# (contrib/edk2/test/platform: a minimal .dsc and FcTestApp, a UEFI
# application calling every group the instance serves on known answers from
# contrib/edk2/test/make_vectors.py). libfastcrypt.a comes from
# contrib/edk2/build-fastcrypt.sh and is linked through the .dsc's
# DLINK2_FLAGS. For each toolchain, architecture and target it runs `build`,
# then checks FcTestApp.efi: a PE32(+) image of the architecture, subsystem
# EFI application, no undefined symbol left in the linked ELF (the .dll
# GenFw converts), fastcrypt's code linked in. Then it boots each image in
# qemu (TCG, -cpu max) under the Debian packages' UEFI firmware (ovmf,
# ovmf-ia32, qemu-efi-aarch64; qemu-system-x86, qemu-system-arm) from a FAT
# directory through the UEFI shell's startup.nsh, reads the console from
# the serial port and requires "FcTestApp: N of N checks passed".
#
# Not in the test command: it needs an EDK2 tree (only MdePkg, CryptoPkg
# and BaseTools are used; no submodule is needed: the include directories
# MdePkg.dec and CryptoPkg.dec declare inside submodules are created empty
# when absent). If the tree's
# BaseTools/Source/C/bin lacks GenFw, the script builds the C tools `build`
# needs for an application (Common GenFw GenFv GenFfs GenSec GenCrc32) in
# the tree.
#
# Usage: tools/build-edk2-platform.sh EDK2_DIR [ARCH...]
#   ARCH: X64, IA32, AARCH64 (default: X64 IA32 AARCH64).
#   Environment: TOOLCHAINS (default "GCC CLANGDWARF"; CLANGDWARF builds
#   X64 only, with a clang-built archive), TARGETS (default "DEBUG RELEASE"),
#   OUTDIR (default /tmp/edk2-platform), RUN (default 1: boot in qemu when
#   the firmware is installed; 0 skips it), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
edk2=$(cd "${1:?usage: build-edk2-platform.sh EDK2_DIR [ARCH...]}" && pwd)
shift
archs=("$@")
[ ${#archs[@]} -gt 0 ] || archs=(X64 IA32 AARCH64)
read -r -a toolchains <<< "${TOOLCHAINS:-GCC CLANGDWARF}"
read -r -a targets <<< "${TARGETS:-DEBUG RELEASE}"
out=${OUTDIR:-/tmp/edk2-platform}
jobs=${JOBS:-2}
ws=$out/ws
if [ ! -f "$edk2/edksetup.sh" ] || [ ! -f "$edk2/CryptoPkg/Include/Library/BaseCryptLib.h" ]; then
  echo "build-edk2-platform.sh: $edk2 is not an EDK2 tree" >&2
  exit 1
fi
mkdir -p "$out"
echo "EDK2 tree: $(git -C "$edk2" log -1 --format='%h %cs' 2>/dev/null || echo "$edk2")"

# BaseTools' C tools, if the tree has none yet.
if [ ! -x "$edk2/BaseTools/Source/C/bin/GenFw" ]; then
  echo "building BaseTools C tools in $edk2/BaseTools/Source/C"
  make -C "$edk2/BaseTools/Source/C" -j"$jobs" Common GenFw GenFv GenFfs GenSec GenCrc32 \
    > "$out/basetools.log" 2>&1 || { tail -30 "$out/basetools.log"; exit 1; }
fi

# Include directories MdePkg.dec and CryptoPkg.dec declare inside absent
# submodules, created empty (this platform includes nothing from them).
bash tools/edk2-stub-includes.sh "$edk2" MdePkg CryptoPkg

# The workspace: FastCryptPkg as README.md says, FcTestPkg from test/platform.
bash tools/edk2-stage-pkg.sh "$ws"
rm -rf "$ws/FcTestPkg"
mkdir -p "$ws/Conf"
cp -r contrib/edk2/test/platform "$ws/FcTestPkg"
python3 contrib/edk2/test/make_vectors.py tests/vectors "$ws/FcTestPkg/FcTestApp/edk2_vectors.h"

# libfastcrypt.a per toolchain and architecture: gcc (cross for IA32 and
# AARCH64) for GCC, clang for CLANGDWARF.
lib() { # toolchain arch -> directory holding ARCH/libfastcrypt.a; status 3 when
  # this script has no recipe for the pair, 1 when the archive failed to build
  local tc=$1 arch=$2 d=$out/lib-$1 cc
  case $tc:$arch in
    GCC:X64) cc=gcc ;;
    GCC:IA32) cc=i686-linux-gnu-gcc ;;
    GCC:AARCH64) cc=aarch64-linux-gnu-gcc ;;
    CLANG*:X64) cc=clang ;;
    *) return 3 ;;
  esac
  if [ ! -f "$d/$arch/libfastcrypt.a" ]; then
    mkdir -p "$d"
    CC=$cc bash contrib/edk2/build-fastcrypt.sh "$arch" "$d/$arch" > "$d-$arch.log" 2>&1 ||
      { cat "$d-$arch.log" >&2; return 1; }
  fi
  echo "$d"
}

# EDK2's environment, once (edksetup.sh makes WORKSPACE the current directory).
cd "$ws"
export PACKAGES_PATH=$ws:$edk2 EDK_TOOLS_PATH=$edk2/BaseTools
export GCC_AARCH64_PREFIX=${GCC_AARCH64_PREFIX:-aarch64-linux-gnu-}
export CLANG_BIN=${CLANG_BIN:-}
edk_env() { # no arguments: edksetup.sh reads the sourcing shell's "$@"
  # shellcheck disable=SC1091
  . "$edk2/edksetup.sh"
}
set +eu
edk_env > "$out/edksetup.log" 2>&1
rc=$?
set -eu
if [ $rc != 0 ] || ! command -v build > /dev/null; then
  cat "$out/edksetup.log"
  exit 1
fi
cd "$root"

results=()
efis=()
for tc in "${toolchains[@]}"; do
  for arch in "${archs[@]}"; do
    rc=0
    libdir=$(lib "$tc" "$arch") || rc=$?
    if [ $rc = 3 ]; then
      results+=("$tc-$arch: skipped (no libfastcrypt.a recipe here for this pair)")
      continue
    elif [ $rc != 0 ]; then
      echo "build-edk2-platform.sh: libfastcrypt.a for $tc $arch failed" >&2
      exit 1
    fi
    for target in "${targets[@]}"; do
      name=$tc-$arch-$target
      log=$out/build-$name.log
      if ! (cd "$ws" && build -p FcTestPkg/FcTestPkg.dsc -a "$arch" -t "$tc" -b "$target" -n "$jobs" \
        -D FASTCRYPT_LIB="$libdir") > "$log" 2>&1; then
        grep -E "error|Error|undefined" "$log" | grep -v '^"' | tail -20 || true
        echo "build-edk2-platform.sh: $name failed (log: $log)" >&2
        exit 1
      fi
      bdir=$ws/Build/FcTestPkg/${target}_$tc/$arch
      efi=$bdir/FcTestApp.efi
      dll=$(find "$ws/Build/FcTestPkg/${target}_$tc/$arch" -path '*/FcTestApp/DEBUG/FcTestApp.dll' | head -1)
      if [ ! -f "$efi" ] || [ ! -f "$dll" ]; then
        echo "$name: no FcTestApp.efi/.dll" >&2
        exit 1
      fi
      # The image: PE32+ (X64, AARCH64) or PE32 (IA32), EFI application.
      case $arch in
        X64) want="PE32\+ executable.*EFI application.*x86-64" ;;
        IA32) want="PE32 executable.*EFI application.*Intel 80386" ;;
        AARCH64) want="PE32\+ executable.*EFI application.*Aarch64" ;;
      esac
      desc=$(file -b "$efi")
      [[ $desc =~ $want ]] || { echo "$name: $efi is '$desc'" >&2; exit 1; }
      undef=$(nm -u "$dll")
      [ -z "$undef" ] || { echo "$name: undefined symbols in $dll:"; echo "$undef"; exit 1; }
      # The archive was linked: fastcrypt's own symbols are in the image.
      syms=$(nm "$dll")
      grep -q ' fc_init_features$' <<< "$syms" || { echo "$name: fc_init_features not linked" >&2; exit 1; }
      size=$(stat -c %s "$efi")
      results+=("$name: built, FcTestApp.efi $size bytes")
      efis+=("$name:$efi")
    done
  done
done

# Boot each image under the Debian firmware packages' UEFI (ovmf,
# ovmf-ia32, qemu-efi-aarch64) in qemu (TCG, -cpu max: AES-NI, PCLMULQDQ,
# BMI2 on x86; the crypto extensions on AArch64), FcTestApp.efi and a
# startup.nsh on a FAT directory; the console is the serial port.
firmware() { # arch -> "code vars qemu machine-options..."
  case $1 in
    X64) echo "/usr/share/OVMF/OVMF_CODE_4M.fd /usr/share/OVMF/OVMF_VARS_4M.fd qemu-system-x86_64 -machine q35 -cpu max" ;;
    IA32) echo "/usr/share/OVMF/OVMF32_CODE_4M.secboot.fd /usr/share/OVMF/OVMF32_VARS_4M.fd qemu-system-i386 -machine q35,smm=on -global driver=cfi.pflash01,property=secure,value=on -cpu max" ;;
    AARCH64) echo "/usr/share/AAVMF/AAVMF_CODE.fd /usr/share/AAVMF/AAVMF_VARS.fd qemu-system-aarch64 -machine virt -cpu max" ;;
  esac
}
if [ "${RUN:-1}" = 1 ]; then
  for e in "${efis[@]}"; do
    name=${e%%:*} efi=${e#*:}
    arch=$(echo "$name" | cut -d- -f2)
    read -r code vars qemu machine <<< "$(firmware "$arch")"
    if [ ! -f "$code" ] || ! command -v "$qemu" > /dev/null; then
      results+=("$name: not run ($code or $qemu missing)")
      continue
    fi
    d=$out/run-$name
    rm -rf "$d" && mkdir -p "$d/fat"
    cp "$efi" "$d/fat/FcTestApp.efi"
    printf 'fs0:\r\nFcTestApp.efi\r\nreset -s\r\n' > "$d/fat/startup.nsh"
    cp "$vars" "$d/vars.fd"
    disk=(-drive "file=fat:rw:$d/fat,format=raw,media=disk")
    if [ "$arch" = AARCH64 ]; then # virt has no IDE/AHCI
      disk=(-drive "file=fat:rw:$d/fat,format=raw,if=none,id=fat" -device "virtio-blk-device,drive=fat")
    fi
    # shellcheck disable=SC2086
    timeout 600 "$qemu" $machine -m 512 -nographic -no-reboot -net none \
      -drive "if=pflash,format=raw,unit=0,readonly=on,file=$code" -drive "if=pflash,format=raw,unit=1,file=$d/vars.fd" \
      "${disk[@]}" -serial "file:$d/serial.log" -monitor none > "$d/qemu.log" 2>&1 || true
    # The console mixes in terminal escapes: keep the app's lines.
    tr -d '\r' < "$d/serial.log" | sed 's/\x1b\[[0-9;?]*[A-Za-z]//g' |
      grep -a -E '^(PASS|FAIL|FcTestApp|Sha256)' > "$d/app.log" || true
    last=$(grep -a '^FcTestApp: ' "$d/app.log" | tail -1 || true)
    if [[ $last =~ ^FcTestApp:\ ([0-9]+)\ of\ ([0-9]+)\ checks\ passed$ ]] &&
      [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]; then
      results+=("$name: ran under UEFI ($qemu -cpu max), $last")
      while read -r line; do results+=("  $line"); done < <(grep -a 'kernels' "$d/app.log")
    else
      cat "$d/app.log"
      echo "build-edk2-platform.sh: $name under UEFI: '${last:-no result}' (serial: $d/serial.log)" >&2
      exit 1
    fi
  done
fi
printf '%s\n' "${results[@]}"
echo "build-edk2-platform.sh: done"
