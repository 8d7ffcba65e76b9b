#!/usr/bin/env bash
# The i686 lane-form measurement of docs/sha3.md "Kernels": bench/keccak_lanes.c,
# built static for i686 against an i686 libfastcrypt.a and run natively (x86-64
# hosts run static i686 binaries).
# Usage: tools/keccak-lanes-i686.sh <i686 build dir>   (e.g. build-test/i686)
set -euo pipefail
cd "$(dirname "$0")/.."
lib=${1:?usage: tools/keccak-lanes-i686.sh <i686 build dir>}/src/libfastcrypt.a
[ -f "$lib" ] || { echo "keccak-lanes-i686: $lib not found"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i686-linux-gnu-gcc -O2 -static -std=gnu11 -I include -I src bench/keccak_lanes.c "$lib" -o "$tmp/keccak_lanes"
"$tmp/keccak_lanes"
