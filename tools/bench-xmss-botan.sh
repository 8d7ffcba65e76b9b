#!/usr/bin/env bash
# fastcrypt against Botan 2 in one process (bench/xmss_peer_compare.cpp):
# XMSS verification (RFC 8391) for XMSS-SHA2_10_256 and XMSS-SHAKE_10_256,
# the key loaded once (-verify-warm) and the raw key loaded per call
# (-raw+verify), on keys and signatures Botan makes at run time (its
# raw_public_key() is RFC 8391's u32 OID || root || SEED, which fastcrypt
# takes as is); the two libraries alternate round by round, every result is
# checked first (valid accepted, corrupted signatures and a changed message
# refused, by both). Until this tree's libfastcrypt.a has fc_xmss_verify,
# Botan is timed alone.
# Not part of the test command: it needs the system's Botan 2 (Debian:
# apt-get install libbotan-2-dev; found with pkg-config botan-2). No Botan
# code is in this tree.
# Usage: tools/bench-xmss-botan.sh [FC_BUILD_DIR] [-- xmss_peer_compare args]
#   FC_BUILD_DIR  a Release build of this tree (default build-bench; built here
#                 with --target fastcrypt if missing)
#   args          -r rounds (31), -t ms per round (5), -c cpu, -T (thread CPU
#                 clock), case filters
#                 (sha2_10_256, shake_10_256, verify-warm, raw+verify)
set -euo pipefail
cd "$(dirname "$0")/.."
fcb=build-bench
if [ $# -gt 0 ] && [ "$1" != "--" ]; then fcb=$1; shift; fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
pkg-config --exists botan-2 || { echo "bench-xmss-botan: no botan-2 (apt-get install libbotan-2-dev)" >&2; exit 1; }
if [ ! -f "$fcb/src/libfastcrypt.a" ]; then
  cmake -S . -B "$fcb" -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
  cmake --build "$fcb" --target fastcrypt
fi
tmp=$(mktemp -d /tmp/fc-xmss-botan.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
nm "$fcb/src/libfastcrypt.a" > "$tmp/nm.txt" 2> /dev/null || true
cpuid=
if grep -q ' U cpu_identify\| U cpuid_\| U cpu_exec_cpuid' "$tmp/nm.txt"; then cpuid=-lcpuid; fi
noxmss=
grep -q ' T fc_xmss_verify$' "$tmp/nm.txt" || noxmss=-DCMP_NO_FC_XMSS
# print the multi-stream SHA-256 kernel too where this tree has that op
sha256x=
grep -q FC_OP_SHA256_X include/fastcrypt/core.h && sha256x=-DCMP_SHA256_X
fc_desc="$(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo +dirty), $fcb"
# shellcheck disable=SC2046
c++ -O2 -std=c++17 -Wall -Wextra $noxmss $sha256x -DFC_DESC="\"$fc_desc\"" -I include -I bench \
  $(pkg-config --cflags botan-2) bench/xmss_peer_compare.cpp -o "$tmp/xmss_peer_compare" \
  "$fcb/src/libfastcrypt.a" $cpuid $(pkg-config --libs botan-2)
"$tmp/xmss_peer_compare" "$@"
