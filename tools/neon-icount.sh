#!/usr/bin/env bash
# Guest instructions one Montgomery operation takes under qemu-aarch64 (an
# operation count for the neon kernel: there is no AArch64 hardware here, and
# qemu's timings mean nothing). qemu logs every translated block (-d in_asm)
# and every block it executes (-d exec, nochain: no block chaining, so each
# execution is logged); the instructions of each executed block are summed.
# Runs bench/neon_icount.c with 1 and 11 repetitions; prints the difference / 10
# (all instructions, and the UMLAL/UMLAL2 among them: two 32x32 products each).
# Usage: tools/neon-icount.sh <libfastcrypt.a for aarch64> <kernel> <bits> <mul|f4|e3|win>
set -euo pipefail
cd "$(dirname "$0")/.."
lib=$1 kernel=$2 bits=$3 op=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/neon_icount
aarch64-linux-gnu-gcc -O2 -static -I include bench/neon_icount.c "$lib" -o "$bin"
count() {
  QEMU_CPU=max qemu-aarch64 -d in_asm,exec,nochain -D /dev/stdout "$bin" "$kernel" "$bits" "$op" "$1" 2>/dev/null |
    awk -f tools/qemu-icount.awk
}
read -r n1 m1 < <(count 1)
read -r n11 m11 < <(count 11)
echo "$kernel $bits $op: $(((n11 - n1) / 10)) instructions, $(((m11 - m1) / 10)) UMLAL/UMLAL2 per operation"
