#!/usr/bin/env bash
# Instructions per call of fc_rsa_verify and of the bare fc_modpow it runs,
# and their difference (what verification adds around the exponentiation:
# loading the signature, the workspace, comparing the encoded message), from
# valgrind's callgrind (exact counts; under valgrind this CPU shows neither
# AVX-512 nor ADX, so use scalar64, sse2 or scalar32). Runs
# bench/verify_icount.c with 1 and 11 calls; prints the difference / 10.
# Usage: tools/verify-icount.sh <libfastcrypt.a for x86-64> <kernel> <bits>
set -euo pipefail
cd "$(dirname "$0")/.."
lib=$1 kernel=$2 bits=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -I include bench/verify_icount.c "$lib" -lcpuid -o "$tmp/verify_icount"
count() {
  if ! FASTCRYPT_IMPL="mont=$kernel" valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" \
    "$tmp/verify_icount" "$1" "$bits" "$2" > /dev/null 2>&1; then
    echo "verify_icount $1 failed under valgrind (is $kernel usable there?)" >&2
    exit 1
  fi
  callgrind_annotate "$tmp/cg" 2> /dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}
v11=$(count verify 11)
v1=$(count verify 1)
m11=$(count modpow 11)
m1=$(count modpow 1)
v=$(((v11 - v1) / 10))
m=$(((m11 - m1) / 10))
echo "$kernel $bits: fc_rsa_verify $v, fc_modpow $m, difference $((v - m)) instructions per call"
