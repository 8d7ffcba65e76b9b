#!/usr/bin/env bash
# fastcrypt against the pq-crystals reference AVX2 implementation of ML-DSA
# (github.com/pq-crystals/dilithium, directory avx2/) in one process
# (bench/mldsa_peer_compare.c): ML-DSA-44/65/87 verification, warm key
# and key from raw + verify, on bench/mldsa_data.h's signature per parameter
# set; the two libraries alternate round by round, every result is checked
# first; then the stack high-water mark of one verification on each side.
# mldsa-native's x86-64 AVX2 backend derives from this code, but this is not
# mldsa-native: it stands in for "mldsa-native's AVX2 build" where no
# mldsa-native tree with its native backend is at hand
# (tools/bench-mldsa-native.sh builds such a tree when there is one).
# Not part of the test command: it needs a pq-crystals/dilithium checkout
# outside the repository (no pq-crystals code is in this tree). It builds the
# peer itself into a temporary directory, with its own Makefile's flags
# (avx2/Makefile CFLAGS minus the warnings: -mavx2 -mpopcnt -march=native
# -mtune=native -O3; PEER_CFLAGS="..." replaces them):
#   - per DILITHIUM_MODE 2/3/5 (ML-DSA-44/65/87): sign.c packing.c
#     polyvec.c poly.c ntt.S invntt.S pointwise.S shuffle.S consts.c
#     rejsample.c rounding.c symmetric-shake.c (its symbols are namespaced
#     per mode: pqcrystals_dilithiumN_avx2_*);
#   - once: fips202.c fips202x4.c f1600x4.S (pqcrystals_dilithium_fips202*).
# randombytes() (keygen and signing only) is a stub that aborts.
# Usage: tools/bench-mldsa-avx2-peer.sh PEER_DIR [FC_BUILD_DIR] [-- mldsa_peer_compare args]
#   PEER_DIR      pq-crystals/dilithium checkout (its commit is printed), or its avx2/
#   FC_BUILD_DIR  a Release build of this tree (default build-bench; built here
#                 with --target fastcrypt if missing)
#   args          -r rounds (41), -t ms per round (2), -c cpu, -K mldsa kernel,
#                 case filters (e.g. verify-warm, mldsa65)
# FASTCRYPT_IMPL=mldsa=avx2 (or -K avx2) pins fastcrypt's avx2 kernel.
set -euo pipefail
cd "$(dirname "$0")/.."
peer=${1:?usage: tools/bench-mldsa-avx2-peer.sh PEER_DIR [FC_BUILD_DIR] [-- args]}
peer=$(cd "$peer" && pwd)
shift
[ -f "$peer/avx2/sign.c" ] && peer=$peer/avx2
if [ ! -f "$peer/sign.c" ] || [ ! -f "$peer/ntt.S" ] || ! grep -q DILITHIUM_MODE "$peer/config.h" 2> /dev/null; then
  echo "bench-mldsa-avx2-peer: $peer: not a pq-crystals dilithium avx2/ directory" >&2
  exit 1
fi
if [ "$(uname -m)" != x86_64 ]; then
  echo "bench-mldsa-avx2-peer: x86-64 only" >&2
  exit 1
fi
fcb=build-bench
if [ $# -gt 0 ] && [ "$1" != "--" ]; then fcb=$1; shift; fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
if [ ! -f "$fcb/src/libfastcrypt.a" ]; then
  cmake -S . -B "$fcb" -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
  cmake --build "$fcb" --target fastcrypt
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-cc}
read -r -a pflags <<< "${PEER_CFLAGS:--mavx2 -mpopcnt -march=native -mtune=native -O3}"
commit=$(git -C "$peer" rev-parse HEAD 2> /dev/null || echo unknown)
objs=()
compile() { # src obj [defs...]
  local src=$1 obj=$2
  shift 2
  "$cc" "${pflags[@]}" "$@" -I "$peer" -c "$src" -o "$obj"
}
mkdir -p "$tmp/common"
for f in fips202.c fips202x4.c f1600x4.S; do
  compile "$peer/$f" "$tmp/common/${f%.*}.o"
  objs+=("$tmp/common/${f%.*}.o")
done
for mode in 2 3 5; do
  d="$tmp/mode$mode"
  mkdir -p "$d"
  for f in sign.c packing.c polyvec.c poly.c ntt.S invntt.S pointwise.S shuffle.S consts.c \
    rejsample.c rounding.c symmetric-shake.c; do
    compile "$peer/$f" "$d/${f%.*}.o" -DDILITHIUM_MODE=$mode
    objs+=("$d/${f%.*}.o")
  done
  nm --defined-only "$d/sign.o" > "$tmp/sign-nm.txt"
  if ! grep -q " T pqcrystals_dilithium${mode}_avx2_verify$" "$tmp/sign-nm.txt"; then
    echo "bench-mldsa-avx2-peer: mode $mode: no pqcrystals_dilithium${mode}_avx2_verify" >&2
    exit 1
  fi
done
stub=
nm "${objs[@]}" > "$tmp/peer-nm.txt" 2> /dev/null || true
if grep -q ' U randombytes$' "$tmp/peer-nm.txt"; then stub=-DPEER_RANDOMBYTES_STUB; fi
cpuid=
nm "$fcb/src/libfastcrypt.a" > "$tmp/nm.txt" 2> /dev/null || true
if grep -q ' U cpu_identify\| U cpuid_\| U cpu_exec_cpuid' "$tmp/nm.txt"; then cpuid=-lcpuid; fi
fc_desc="$(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo +dirty), $fcb"
peer_desc="pq-crystals/dilithium commit $commit, avx2/, $cc $("$cc" -dumpfullversion 2> /dev/null || "$cc" -dumpversion), flags: ${pflags[*]}"
"$cc" -O2 -std=c11 -Wall -Wextra -DFC_DESC="\"$fc_desc\"" -DPEER_DESC="\"$peer_desc\"" $stub \
  -I include bench/mldsa_peer_compare.c -o "$tmp/mldsa_peer_compare" "${objs[@]}" \
  "$fcb/src/libfastcrypt.a" $cpuid
"$tmp/mldsa_peer_compare" "$@"
