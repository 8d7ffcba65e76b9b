#!/usr/bin/env bash
# Guest instructions one operation takes under qemu-aarch64 (an operation
# count for the AArch64 kernels: there is no AArch64 hardware here, and
# qemu's timings mean nothing). qemu logs every translated block (-d in_asm)
# and every block it executes (-d exec, nochain: no block chaining, so each
# execution is logged); the instructions of each executed block are summed.
# Runs bench/neon_icount.c with 1 and 11 repetitions; prints the difference / 10.
#   Montgomery (op mul|f4|e3|win, <bits> of modulus): all instructions, and
#     the UMLAL/UMLAL2 among them (two 32x32 products each);
#   AES (op ctr|cbcdec, <bits> of key): all instructions per 16 KiB
#     fc_aes_ctr or fc_aes_cbc_decrypt call (the kernel `neon` or `ct`, ...);
#   many SHA-256 streams (op sha256x, <bits> of each message): all
#     instructions per 16 messages through the sha256_x kernel (`neon`,
#     `single`: one stream after another on the sha256 kernel, `armv8` under
#     QEMU_CPU=max).
# Usage: tools/neon-icount.sh <libfastcrypt.a for aarch64> <kernel> <bits> <mul|f4|e3|win|ctr|cbcdec|sha256x>
set -euo pipefail
cd "$(dirname "$0")/.."
lib=$1 kernel=$2 bits=$3 op=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/neon_icount
aarch64-linux-gnu-gcc -O2 -static -I include -I src bench/neon_icount.c "$lib" -o "$bin"
# A refused kernel or argument must not be counted as a cheap operation.
QEMU_CPU=max qemu-aarch64 "$bin" "$kernel" "$bits" "$op" 1 ||
  { echo "neon_icount $kernel $bits $op failed (status $?)" >&2; exit 1; }
count() {
  QEMU_CPU=max qemu-aarch64 -d in_asm,exec,nochain -D /dev/stdout "$bin" "$kernel" "$bits" "$op" "$1" 2>/dev/null |
    awk -f tools/qemu-icount.awk
}
read -r n1 m1 < <(count 1)
read -r n11 m11 < <(count 11)
case $op in
  ctr | cbcdec) echo "$kernel aes$bits $op 16 KiB: $(((n11 - n1) / 10)) instructions per call" ;;
  sha256x) echo "$kernel sha256x 16 x $((bits / 8)) bytes: $(((n11 - n1) / 10)) instructions per 16 messages" ;;
  *) echo "$kernel $bits $op: $(((n11 - n1) / 10)) instructions, $(((m11 - m1) / 10)) UMLAL/UMLAL2 per operation" ;;
esac
