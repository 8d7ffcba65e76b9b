#!/usr/bin/env bash
# fastcrypt against the LMS/HSS reference implementation, Cisco's hash-sigs
# (github.com/cisco/hash-sigs), in one process (bench/lms_peer_compare.c):
# LMS_SHA256_M32_H10 with LMOTS_SHA256_N32_W4 and W8 (as HSS with L = 1) and
# two-level HSS (H10/W4 + H10/W4, H10/W8 + H10/W8, H5/W8 + H10/W8)
# verification, on keys and signatures hash-sigs makes at run time; the two
# libraries alternate round by round, every result is checked first (valid
# accepted, corrupted signatures and a changed message refused, by both).
# Not part of the test command: it needs a hash-sigs checkout (or `git
# archive`) outside the repository (no hash-sigs code is in this tree). It
# copies it to a temporary directory and builds hss_lib.a there with
# hash-sigs' own Makefile, as tools/gen-lms-vectors.sh builds its demo
# (flags -Wall -O3, single-threaded hss_thread_single.o, SHA-256 from
# OpenSSL's libcrypto: needs gcc, make and libssl-dev).
# Usage: tools/bench-lms-peer.sh HASH_SIGS_DIR [FC_BUILD_DIR] [-- lms_peer_compare args]
#   HASH_SIGS_DIR  hash-sigs source (its commit: git rev-parse, else a file COMMIT)
#   FC_BUILD_DIR   a Release build of this tree (default build-bench; built here
#                  with --target fastcrypt if missing)
#   args           -r rounds (31), -t ms per round (5), -c cpu, -T (thread CPU
#                  clock), case filters
#                  (lms-h10-w4, lms-h10-w8, hss2-h10w4-h10w4, hss2-h10w8-h10w8,
#                  hss2-h5w8-h10w8)
set -euo pipefail
cd "$(dirname "$0")/.."
hs=${1:?usage: tools/bench-lms-peer.sh HASH_SIGS_DIR [FC_BUILD_DIR] [-- args]}
hs=$(cd "$hs" && pwd)
shift
fcb=build-bench
if [ $# -gt 0 ] && [ "$1" != "--" ]; then fcb=$1; shift; fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
if [ ! -f "$hs/hss_verify.c" ] || [ ! -f "$hs/hss.h" ]; then
  echo "bench-lms-peer: $hs: not a hash-sigs tree" >&2
  exit 1
fi
if [ ! -f "$fcb/src/libfastcrypt.a" ]; then
  cmake -S . -B "$fcb" -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
  cmake --build "$fcb" --target fastcrypt
fi
tmp=$(mktemp -d /tmp/fc-lms-peer.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cp -r "$hs"/. "$tmp/hs"
rm -f "$tmp/hs"/*.o "$tmp/hs"/*.a
# hash-sigs calls OpenSSL 3's deprecated SHA256_Init/Update/Final: its
# warnings are not ours.
(cd "$tmp/hs" && make -s hss_lib.a > /dev/null 2>&1) || { echo "bench-lms-peer: building hss_lib.a failed" >&2; exit 1; }
commit=$(git -C "$hs" rev-parse HEAD 2> /dev/null || cat "$hs/COMMIT" 2> /dev/null || echo unknown)
cpuid=
nm "$fcb/src/libfastcrypt.a" > "$tmp/nm.txt" 2> /dev/null || true
if grep -q ' U cpu_identify\| U cpuid_\| U cpu_exec_cpuid' "$tmp/nm.txt"; then cpuid=-lcpuid; fi
peer_desc="cisco/hash-sigs $commit, hss_lib.a (Makefile: gcc -Wall -O3, hss_thread_single, OpenSSL $(openssl version | cut -d' ' -f2) SHA-256)"
# print the multi-stream SHA-256 kernel too where this tree has that op
sha256x=
grep -q FC_OP_SHA256_X include/fastcrypt/core.h && sha256x=-DCMP_SHA256_X
fc_desc="$(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo +dirty), $fcb"
cc -O2 -std=c11 -Wall -Wextra $sha256x -DPEER_DESC="\"$peer_desc\"" -DFC_DESC="\"$fc_desc\"" \
  -I include -I bench -I "$tmp/hs" bench/lms_peer_compare.c -o "$tmp/lms_peer_compare" \
  "$fcb/src/libfastcrypt.a" $cpuid "$tmp/hs/hss_lib.a" -lcrypto
"$tmp/lms_peer_compare" "$@"
