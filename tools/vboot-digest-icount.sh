#!/usr/bin/env bash
# contrib/vboot's digest hooks as qemu-aarch64 guest instruction counts (an
# operation count, not a time: there is no AArch64 hardware here): one
# execution of init + one extend + finalize, per SHA kernel usable under
# QEMU_CPU=max, at 4 KiB and 1 MiB, from bench/vboot_digest_icount.c run with
# 1 and 11 repetitions (the difference / 10), counted by tools/qemu-icount.awk.
# Instructions per byte, and against `scalar` (the portable kernel, which
# stands in for vboot's software SHA). Prints a markdown table.
# Usage: tools/vboot-digest-icount.sh [OUTDIR]   (default /tmp/vboot-digest-icount)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/vboot-digest-icount}
cc=aarch64-linux-gnu-gcc
cmake -S . -B "$out/fc" -G Ninja -DCMAKE_BUILD_TYPE=Release -DFC_BUILD_TESTS=OFF -DFC_BUILD_BENCH=OFF \
  -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchain-aarch64.cmake" > "$out.configure.log" 2>&1 ||
  { cat "$out.configure.log"; exit 1; }
cmake --build "$out/fc" --target fastcrypt > "$out.build.log" 2>&1 || { cat "$out.build.log"; exit 1; }
bin=$out/vboot_digest_icount
$cc -O2 -static -Iinclude -Icontrib/vboot/test -Icontrib/vboot bench/vboot_digest_icount.c \
  contrib/vboot/fastcrypt_hwcrypto_digest.c "$out/fc/src/libfastcrypt.a" -o "$bin"
count() { # alg, kernel, bytes, reps
  QEMU_CPU=max qemu-aarch64 -d in_asm,exec,nochain -D /dev/stdout "$bin" "$@" 2>/dev/null |
    awk -f tools/qemu-icount.awk | cut -d' ' -f1
}
echo "| algorithm | bytes | kernel | instructions | per byte | against scalar |"
echo "|---|---:|---|---:|---:|---:|"
for alg in sha1 sha256 sha512; do
  for bytes in 4096 1048576; do
    for k in armv8 scalar; do
      QEMU_CPU=max qemu-aarch64 "$bin" "$alg" "$k" 64 1 > /dev/null 2>&1 || continue
      n=$((($(count "$alg" "$k" "$bytes" 11) - $(count "$alg" "$k" "$bytes" 1)) / 10))
      echo "$alg $bytes $k $n"
    done | sort -k3,3 | awk -v b="$bytes" '{ r[NR] = $0; if ($3 == "scalar") s = $4 }
      END { for (i = 1; i <= NR; i++) { split(r[i], f, " ");
        printf "| %s | %s | %s | %d | %.2f | %s |\n", f[1], f[2], f[3], f[4], f[4] / b,
          f[3] == "scalar" ? "1.00x" : sprintf("%.2fx fewer", s / f[4]) } }'
  done
done
