#!/usr/bin/env bash
# contrib/edk2 built as an EDK2 platform builds it (contrib/edk2/README.md):
# for X64 (gcc, then clang), IA32 and AARCH64, libfastcrypt.a from
# contrib/edk2/build-fastcrypt.sh (EDK2's code-generation flags, external
# references checked), the instance and contrib/edk2/test/Client.c compiled
# with EDK2's flags for that architecture (X64: EFIAPI = ms_abi, no red
# zone; IA32: -malign-double; AARCH64: -ffixed-x18) against the test-only
# stand-in headers, linked, and run (x86 natively, AArch64 under
# qemu-aarch64): known answers from Python's hashlib/hmac, openssl and the
# NIST/Wycheproof files, with the automatic kernels and with
# FastCryptLibInitFeatures (0); X64 (gcc) also against the archive for
# Secure Boot modules (families left out: their calls must fail). IA32 also links an instance built without
# -malign-double against the -malign-double archive: every call must fail.
# test_edk2 (ctest, every suite) covers each kernel and the semantics.
# Usage: tools/test-edk2.sh <outdir>
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: tools/test-edk2.sh <outdir>}/edk2
root=$PWD
mkdir -p "$out"
python3 contrib/edk2/test/make_vectors.py tests/vectors "$out/edk2_vectors.h"
shim=(Init Hash Hmac Kdf Cipher Rsa Ec MlDsa SlhDsa X509 X509Stack X509Chain X509Name X509Fields Pkcs7 Pkcs7Signers Authenticode
  Unsupported)
edk2_common="-Os -ffreestanding -fno-builtin -fno-strict-aliasing -fno-common -ffunction-sections -fdata-sections -Wall -Werror"

run_arch() { # name, arch, cc, cflags, runner (may be empty)
  local name=$1 arch=$2 cc=$3 cflags=$4 runner=$5 d=$out/$1
  echo "=== edk2 $name: libfastcrypt.a"
  mkdir -p "$d/obj"
  CC=$cc bash contrib/edk2/build-fastcrypt.sh "$arch" "$d/lib" > "$d/lib.log" 2>&1 || { cat "$d/lib.log"; exit 1; }
  compile_and_run "$name" "$cc" "$cflags" "$runner" "$d/lib/libfastcrypt.a" "" auto portable
}

compile_and_run() { # name, cc, cflags, runner, archive, suffix, modes...
  local name=$1 cc=$2 cflags=$3 runner=$4 lib=$5 sfx=$6 d=$out/$1
  shift 6
  local objs=() f
  for f in "${shim[@]}"; do
    # shellcheck disable=SC2086
    "$cc" $edk2_common $cflags -Icontrib/edk2/test/include -Icontrib/edk2/Include -Iinclude \
      $([ "$f" = Unsupported ] && echo -Wno-unused-parameter) \
      -c "contrib/edk2/FastCryptLib/$f.c" -o "$d/obj/$f$sfx.o"
    objs+=("$d/obj/$f$sfx.o")
  done
  # shellcheck disable=SC2086
  "$cc" -O2 $cflags -Icontrib/edk2/test/include -Icontrib/edk2/test -Iinclude -I"$out" \
    -c contrib/edk2/test/StandIn.c -o "$d/obj/StandIn$sfx.o"
  # shellcheck disable=SC2086
  "$cc" -O2 $cflags -Icontrib/edk2/test/include -Icontrib/edk2/test -Iinclude -I"$out" \
    -c contrib/edk2/test/Client.c -o "$d/obj/Client$sfx.o"
  # shellcheck disable=SC2086
  "$cc" $cflags $([ -z "$runner" ] || [ "$runner" = qemu-i386 ] && echo -static) -o "$d/client$sfx" "$d/obj/Client$sfx.o" "${objs[@]}" \
    "$d/obj/StandIn$sfx.o" "$lib"
  local m
  for m in "$@"; do
    # shellcheck disable=SC2086
    $runner "$d/client$sfx" $([ "$m" = auto ] || echo "$m") > "$d/run-$m$sfx.log" 2>&1 ||
      { cat "$d/run-$m$sfx.log"; echo "edk2 $name: the client failed ($m)"; exit 1; }
    tail -1 "$d/run-$m$sfx.log"
  done
  local shim_text
  shim_text=$(size -t "${objs[@]}" | awk 'END {print $1 + $2}')
  echo "--- edk2 $name: instance $shim_text bytes of code and data; libfastcrypt.a $(size -t "$lib" | awk 'END {print $1 + $2}') (every member)"
}

x64="-m64 -DEFIAPI=__attribute__((ms_abi)) -mno-red-zone -mcmodel=small -fpie"
ia32="-malign-double -march=i586 -fno-pic -fno-pie"
aa64="-ffixed-x18 -fno-short-enums -funsigned-char -mcmodel=small -fno-pic -fno-pie"
t0=$SECONDS
run_arch X64-gcc X64 gcc "$x64" ""
echo "=== edk2 X64-gcc: the archive for Secure Boot modules (AES, ML-DSA, hash-based signatures, EC scalar32 left out; FC_COMPACT)"
mkdir -p "$out/X64-gcc/lib-sb"
CC=gcc FC_CMAKE_ARGS="-DFC_WITH_AES=OFF -DFC_WITH_MLDSA=OFF -DFC_WITH_HASHSIG=OFF -DFC_WITH_EC_SCALAR32=OFF -DFC_COMPACT=ON" \
  bash contrib/edk2/build-fastcrypt.sh X64 "$out/X64-gcc/lib-sb" > "$out/X64-gcc/lib-sb.log" 2>&1 ||
  { cat "$out/X64-gcc/lib-sb.log"; exit 1; }
compile_and_run X64-gcc gcc "$x64" "" "$out/X64-gcc/lib-sb/libfastcrypt.a" -sb absent
run_arch X64-clang X64 clang "$x64" ""
source tools/i686-runner.sh
run_arch IA32 IA32 i686-linux-gnu-gcc "$ia32" "${I686_RUN[*]}"
run_arch AARCH64 AARCH64 aarch64-linux-gnu-gcc "$aa64" "qemu-aarch64 -L /usr/aarch64-linux-gnu"
echo "=== edk2 IA32: an instance built without -malign-double, against the -malign-double archive"
compile_and_run IA32 i686-linux-gnu-gcc "-march=i586 -fno-pic -fno-pie" "${I686_RUN[*]}" "$out/IA32/lib/libfastcrypt.a" -nodouble mismatch
echo "=== edk2: passed ($((SECONDS - t0)) s)"
