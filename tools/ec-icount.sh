#!/usr/bin/env bash
# Guest instructions one ECDSA verification takes under qemu-aarch64, per ec
# kernel (an operation count: there is no AArch64 hardware here, and qemu's
# timings mean nothing). Counting as tools/neon-icount.sh does
# (tools/qemu-icount.awk over -d in_asm,exec,nochain), bench/ec_icount.c
# run with 1 and 3 verifications; prints the difference / 2.
# Usage: tools/ec-icount.sh <libfastcrypt.a for aarch64> [kernels...]
#        (default kernels: armv8 scalar64 scalar32; both curves each)
set -euo pipefail
cd "$(dirname "$0")/.."
lib=$1
shift
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(armv8 scalar64 scalar32)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/ec_loop
aarch64-linux-gnu-gcc -O2 -static -I include bench/ec_loop.c "$lib" -lm -o "$bin"
count() {
  QEMU_CPU=max qemu-aarch64 -d in_asm,exec,nochain -D /dev/stdout "$bin" "$@" 2>/dev/null |
    awk -f tools/qemu-icount.awk
}
for k in "${kernels[@]}"; do
  for bits in 256 384; do
    # A refused kernel or a failed verification must not be counted as cheap.
    QEMU_CPU=max qemu-aarch64 "$bin" "$k" "$bits" 1 ||
      { echo "ec_loop $k $bits failed (status $?)" >&2; exit 1; }
    read -r n1 _ < <(count "$k" "$bits" 1)
    read -r n3 _ < <(count "$k" "$bits" 3)
    echo "$k P-$bits verify: $(((n3 - n1) / 2)) instructions"
  done
done
