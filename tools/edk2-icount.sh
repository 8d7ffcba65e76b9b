#!/usr/bin/env bash
# Guest instructions one execution of each CryptoPkg test group takes through
# contrib/edk2's instance on AArch64, NoAccel (FastCryptLibInitFeatures (0))
# against Accel (the automatic kernels), under qemu-aarch64 -cpu max: qemu's
# timings mean nothing, so this counts instead (contrib/edk2/README.md,
# Speed). Counting as tools/neon-icount.sh: -d in_asm,exec,nochain, the
# instructions of each executed block summed; runs of bench/edk2_icount.c
# with 1 and 11 repetitions, the difference / 10.
# The archive is contrib/edk2/build-fastcrypt.sh AARCH64's; the instance and
# the bench code are compiled with the flags tools/test-edk2.sh uses.
# Usage: tools/edk2-icount.sh [OUTDIR]   (default /tmp/edk2-icount)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/edk2-icount}
cc=aarch64-linux-gnu-gcc
flags="-ffixed-x18 -fno-short-enums -funsigned-char -mcmodel=small -fno-pic -fno-pie"
inc="-Icontrib/edk2/test/include -Icontrib/edk2/Include -Iinclude"
mkdir -p "$out/obj"
CC=$cc bash contrib/edk2/build-fastcrypt.sh AARCH64 "$out/lib" > "$out/lib.log" 2>&1 ||
  { cat "$out/lib.log"; exit 1; }
objs=()
for f in Init Hash Hmac Kdf Cipher Rsa Unsupported; do
  # shellcheck disable=SC2086
  $cc -O3 -ffreestanding -fno-builtin -fno-strict-aliasing -fno-common $flags $inc \
    -c "contrib/edk2/FastCryptLib/$f.c" -o "$out/obj/$f.o"
  objs+=("$out/obj/$f.o")
done
for f in edk2_icount edk2_groups edk2_standin; do
  # shellcheck disable=SC2086
  $cc -O2 $flags $inc -c "bench/$f.c" -o "$out/obj/$f.o"
  objs+=("$out/obj/$f.o")
done
bin=$out/edk2_icount
$cc -static -o "$bin" "${objs[@]}" "$out/lib/libfastcrypt.a"

count() { # group, mode, reps
  QEMU_CPU=max qemu-aarch64 -d in_asm,exec,nochain -D /dev/stdout "$bin" "$@" 2>/dev/null |
    awk -f tools/qemu-icount.awk | cut -d' ' -f1
}
per_exec() { # group, mode
  QEMU_CPU=max qemu-aarch64 "$bin" "$1" "$2" 1 > /dev/null || { echo "edk2-icount: $1 $2 failed" >&2; exit 1; }
  local n1 n11
  n1=$(count "$1" "$2" 1)
  n11=$(count "$1" "$2" 11)
  echo $(((n11 - n1) / 10))
}
QEMU_CPU=max qemu-aarch64 "$bin" mHashTest noaccel 1
QEMU_CPU=max qemu-aarch64 "$bin" mHashTest accel 1
echo
echo "| TestName | NoAccel (instructions) | Accel (instructions) | Improvement |"
echo "|---|---:|---:|---:|"
for g in mHashTest mHmacTest mHkdfTest mPkcs5Test mAeadAesGcmTest mBlockCipherTest mRsaTest mRsaPssTest; do
  a=$(per_exec "$g" noaccel)
  b=$(per_exec "$g" accel)
  awk -v g="$g" -v a="$a" -v b="$b" 'BEGIN { printf "| %s | %d | %d | %+.1f%% |\n", g, a, b, 100 * (b - a) / a }'
done
