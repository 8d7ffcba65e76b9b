#!/usr/bin/env bash
# Builds libfastcrypt.a for an EDK2 image: freestanding (no getenv, no
# libcpuid, no libc calls but memcpy, memset, memcmp and memmove), with the
# code-generation flags EDK2's GCC and CLANG toolchains impose on what they
# link (BaseTools/Conf/tools_def.template) where they change the ABI or the
# machine state the code may touch:
#   X64      -mno-red-zone (interrupts at boot time use the stack below
#            rsp), -mcmodel=small, position-independent (-fpie), as EDK2's
#            own X64 code is built; fastcrypt keeps the System V convention
#            (the instance's EFIAPI entry points convert);
#   IA32     -malign-double (EDK2 builds IA32 with it: the 64-bit members of
#            fastcrypt's contexts move, so both sides need it), -fno-pic;
#   AARCH64  -ffixed-x18 (the platform register), -mcmodel=small, -fno-pic.
# No stack protector (EDK2 builds its modules with -fstack-protector
# -mstack-protector-guard=global and a StackCheckLib; the archive stays out
# of it and needs no __stack_chk_guard), no unwind tables, one section per
# function and datum for the linker's --gc-sections. Then checks the
# archive's external references with nm.
# Usage: contrib/edk2/build-fastcrypt.sh X64|IA32|AARCH64 OUTDIR [BUILD_TYPE]
#   BUILD_TYPE: Release (default, -O3) or MinSizeRel (-Os, smaller, slower).
#   CC may name another compiler (e.g. clang with --target=...), as for CMake;
#   FC_CMAKE_ARGS adds CMake options.
# Output: OUTDIR/libfastcrypt.a and OUTDIR/include/fastcrypt.h and OUTDIR/include/fastcrypt/.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
arch=${1:?usage: build-fastcrypt.sh X64|IA32|AARCH64 OUTDIR [BUILD_TYPE]}
out=${2:?usage: build-fastcrypt.sh X64|IA32|AARCH64 OUTDIR [BUILD_TYPE]}
type=${3:-Release}
common="-ffunction-sections -fdata-sections -fno-stack-protector -fno-asynchronous-unwind-tables -fno-unwind-tables -fno-common"
args=(-DFC_FREESTANDING=ON -DFC_BUILD_TESTS=OFF -DFC_BUILD_BENCH=OFF -DFC_BUILD_CLI=OFF
  -DFC_WITH_ANY_EXPONENT=ON -DCMAKE_BUILD_TYPE="$type")
# FC_CMAKE_ARGS: more CMake options, split at spaces (e.g. kernels left out
# for a smaller image: -DFC_WITH_AVX512IFMA=OFF ...).
read -r -a extra <<< "${FC_CMAKE_ARGS:-}"
args+=(${extra[@]+"${extra[@]}"})
case $arch in
  X64)
    flags="$common -mno-red-zone -mcmodel=small"
    args+=(-DCMAKE_POSITION_INDEPENDENT_CODE=ON)
    ;;
  IA32)
    flags="$common -malign-double -fno-pic -fno-pie"
    args+=(-DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-i686.cmake" -DFC_WITH_SSE2=ON
      -DCMAKE_POSITION_INDEPENDENT_CODE=OFF)
    ;;
  AARCH64)
    flags="$common -ffixed-x18 -mcmodel=small -fno-pic -fno-pie"
    args+=(-DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-aarch64.cmake"
      -DCMAKE_POSITION_INDEPENDENT_CODE=OFF)
    ;;
  *)
    echo "build-fastcrypt.sh: unknown architecture $arch (X64, IA32 or AARCH64)" >&2
    exit 2
    ;;
esac
mkdir -p "$out"
cmake -S "$root" -B "$out/build" -G Ninja "${args[@]}" -DCMAKE_C_FLAGS="$flags" \
  -DCMAKE_ASM_FLAGS="$flags" > "$out/configure.log" 2>&1 || {
  cat "$out/configure.log"
  exit 1
}
cmake --build "$out/build" --target fastcrypt > "$out/build.log" 2>&1 || {
  cat "$out/build.log"
  exit 1
}
cp "$out/build/src/libfastcrypt.a" "$out/libfastcrypt.a"
mkdir -p "$out/include"
cp -r "$root/include/fastcrypt.h" "$root/include/fastcrypt" "$out/include/"

nm=nm
case $arch in
  IA32) nm=i686-linux-gnu-nm ;;
  AARCH64) nm=aarch64-linux-gnu-nm ;;
esac
# References no member defines: only the four mem* (and, position-independent
# X64, the GOT symbol the linker itself provides).
defined=$("$nm" --defined-only "$out/libfastcrypt.a" | awk 'NF == 3 {print $3}' | sort -u)
bad=$("$nm" -u "$out/libfastcrypt.a" | awk 'NF == 2 {print $2}' | sort -u |
  comm -23 - <(echo "$defined") |
  grep -v -E '^(memcpy|memset|memcmp|memmove|_GLOBAL_OFFSET_TABLE_)$' || true)
if [ -n "$bad" ]; then
  echo "build-fastcrypt.sh: $arch archive references symbols EDK2 does not provide:" >&2
  echo "$bad" >&2
  exit 1
fi
echo "build-fastcrypt.sh: $out/libfastcrypt.a ($arch, $type)"
