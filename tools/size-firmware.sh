#!/usr/bin/env bash
# Code size of fastcrypt in a firmware link (docs/firmware.md "Code size").
# For each architecture and configuration: a freestanding archive
# (FC_FREESTANDING=ON, MinSizeRel = -Os, non-PIC, -ffunction-sections
# -fdata-sections, no unwind tables), then tests/firmware/fw_size.c linked
# against it with -nostdlib --gc-sections (a program that loads a .keyb and
# calls fc_rsa_verify), and once without the library calls: the difference
# in text (code + read-only data, `size`'s berkeley "text") is what the
# library adds to the link. Also each kernel object's .text in the archive.
# With --check, fails if i686 scalar32 + sse2 adds more than 8.5 KiB;
# --check-only measures and checks that configuration alone (the firmware
# suite of tools/test.sh runs it).
# Usage: tools/size-firmware.sh <outdir> [--check | --check-only]   (prints a markdown table)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: tools/size-firmware.sh <outdir> [--check]}
check=${2:-}
root=$PWD
dir=$out/size
mkdir -p "$dir"
jobs=$(nproc)
common=(-DFC_FREESTANDING=ON -DFC_BUILD_TESTS=OFF -DFC_BUILD_BENCH=OFF -DFC_WERROR=ON
  -DCMAKE_BUILD_TYPE=MinSizeRel -DCMAKE_POSITION_INDEPENDENT_CODE=OFF)
fail=0

# measure <arch> <label> <cmake options...>
measure() {
  local arch=$1 label=$2 cc size tc=()
  shift 2
  case $arch in
    x86_64) cc=gcc; size=size ;;
    i686) cc=i686-linux-gnu-gcc; size=i686-linux-gnu-size; tc=(-DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-i686.cmake") ;;
    aarch64) cc=aarch64-linux-gnu-gcc; size=aarch64-linux-gnu-size; tc=(-DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-aarch64.cmake") ;;
  esac
  local b=$dir/$arch-$label flags="-ffunction-sections -fdata-sections -fno-asynchronous-unwind-tables"
  rm -rf "$b" # no objects of an earlier configuration
  cmake -S . -B "$b" -G Ninja -DCMAKE_C_COMPILER="$cc" "${common[@]}" "${tc[@]}" "-DCMAKE_C_FLAGS=$flags" "$@" \
    > "$b.configure.log" 2>&1 || { cat "$b.configure.log"; return 1; }
  cmake --build "$b" -j "$jobs" --target fastcrypt > "$b.build.log" 2>&1 || { cat "$b.build.log"; return 1; }
  local cflags=(-std=c11 -Os -ffreestanding -fno-builtin -fno-tree-loop-distribute-patterns
    -fno-stack-protector -fno-pie -fno-pic $flags -I include)
  $cc "${cflags[@]}" tests/firmware/fw_size.c "$b/src/libfastcrypt.a" -nostdlib -static -no-pie \
    -Wl,--gc-sections -Wl,-Map,"$b/fw_size.map" -o "$b/fw_size"
  $cc "${cflags[@]}" -DFW_SIZE_BASELINE tests/firmware/fw_size.c -nostdlib -static -no-pie \
    -Wl,--gc-sections -o "$b/fw_base"
  local t1 t0 kernels
  t1=$($size "$b/fw_size" | awk 'NR == 2 {print $1}')
  t0=$($size "$b/fw_base" | awk 'NR == 2 {print $1}')
  kernels=$(find "$b/src" \( -name 'mont_*.c.o' -o -name 'mont_*.S.o' \) ! -name 'mont_r*' ! -name 'mont_kernels*' ! -name 'mont_calibrate*' | sort | xargs $size |
    awk 'NR > 1 {n = $6; sub(/.*\//, "", n); sub(/\.c\.o$/, "", n); sub(/\.o$/, "", n); printf "%s %d, ", n, $1}' | sed 's/, $//')
  echo "| $arch | $label | $((t1 - t0)) | $kernels |"
  if [ "$check" != "" ] && [ "$arch-$label" = "i686-scalar32+sse2" ] && [ $((t1 - t0)) -gt 8704 ]; then
    echo "size-firmware: i686 scalar32 + sse2 adds $((t1 - t0)) bytes, more than 8.5 KiB" >&2
    fail=1
  fi
}

echo "| arch | configuration | text added to a verify-only link (bytes) | kernel objects' text (bytes) |"
echo "|---|---|---:|---|"
min=(-DFC_WITH_SHA=OFF -DFC_WITH_AES=OFF -DFC_WITH_EC=OFF -DFC_WITH_ANY_EXPONENT=OFF -DFC_WITH_SCALAR64=OFF)
if [ "$check" = --check-only ]; then
  measure i686 scalar32+sse2 "${min[@]}"
  exit $fail
fi
measure i686 default
measure i686 no-sha-aes -DFC_WITH_SHA=OFF -DFC_WITH_AES=OFF
measure i686 no-sha-aes-f4only -DFC_WITH_SHA=OFF -DFC_WITH_AES=OFF -DFC_WITH_ANY_EXPONENT=OFF
measure i686 scalar32+sse2 "${min[@]}"
measure i686 scalar32 "${min[@]}" -DFC_WITH_SSE2=OFF
measure x86_64 default
measure x86_64 scalar32+sse2 "${min[@]}" -DFC_WITH_MULX=OFF -DFC_WITH_AVX512IFMA=OFF
measure x86_64 scalar32 "${min[@]}" -DFC_WITH_MULX=OFF -DFC_WITH_AVX512IFMA=OFF -DFC_WITH_SSE2=OFF
measure aarch64 default
measure aarch64 scalar32+neon "${min[@]}"
measure aarch64 scalar32 "${min[@]}" -DFC_WITH_NEON=OFF
exit $fail
