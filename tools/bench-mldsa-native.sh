#!/usr/bin/env bash
# fastcrypt against mldsa-native (pq-code-package) in one process
# (bench/mldsa_peer_compare.c): ML-DSA-44/65/87 verification, warm key
# and key from raw + verify, on bench/mldsa_data.h's signature per parameter
# set; the two libraries alternate round by round, every result is checked
# first; then the stack high-water mark of one verification on each side.
# Not part of the test command: it needs an mldsa-native source tree outside
# the repository (no mldsa-native code is in this tree). It builds
# mldsa-native itself, once per parameter set, into a temporary directory:
#   - a tree with mldsa/mldsa_native.c (the single compilation unit of later
#     releases): one build per parameter set with
#     -DMLD_CONFIG_PARAMETER_SET=NN and its own namespace prefix
#     (-DMLD_CONFIG_NAMESPACE_PREFIX=fcbNN, so the three builds share no
#     symbol), and on x86-64 with the native AVX2 backend
#     (-DMLD_CONFIG_USE_NATIVE_BACKEND_ARITH -DMLD_CONFIG_USE_NATIVE_BACKEND_FIPS202,
#     mldsa_native.S, -mavx2 -mbmi2 -mpopcnt) unless MLN_BACKEND=ref;
#   - an early tree (mldsa/sign.c, DILITHIUM_MODE in mldsa/config.h; e.g.
#     e0080e72 of February 2025): mldsa/*.c per mode 2/3/5 and
#     mldsa/fips202/*.c once; these trees have only the C reference code, no
#     native backend, so the comparison is with mldsa-native's C code.
# Its flags are its own Makefile's: -O3 -fomit-frame-pointer (plus the AVX2
# ones above). The verify function of each build is found with nm.
# Usage: tools/bench-mldsa-native.sh MLN_DIR [FC_BUILD_DIR] [-- mldsa_peer_compare args]
#   MLN_DIR       mldsa-native source tree (a git checkout: its commit is printed)
#   FC_BUILD_DIR  a Release build of this tree (default build-bench; built here
#                 with --target fastcrypt if missing)
#   args          -r rounds (41), -t ms per round (2), -c cpu, -K mldsa kernel,
#                 case filters (e.g. mldsa65)
#   MLN_BACKEND=ref  build a mldsa_native.c tree without the native backend
set -euo pipefail
cd "$(dirname "$0")/.."
mln=${1:?usage: tools/bench-mldsa-native.sh MLN_DIR [FC_BUILD_DIR] [-- args]}
mln=$(cd "$mln" && pwd)
shift
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
base_flags=(-O3 -fomit-frame-pointer -std=c99)
commit=$(git -C "$mln" rev-parse HEAD 2> /dev/null || echo unknown)
arch=$(uname -m)
objs=()
declare -A fn

# The one verify entry point among an object set's defined symbols.
find_verify() {
  nm --defined-only "$@" 2> /dev/null | awk '$2 == "T" {print $3}' |
    grep -E '(^|_)verify$' | grep -Ev 'internal|extmu|pre_?hash|_mu_' | sort -u
}

if [ -f "$mln/mldsa/mldsa_native.c" ]; then
  layout="mldsa/mldsa_native.c"
  backend=ref
  flags=()
  if [ "${MLN_BACKEND:-native}" != ref ] && [ "$arch" = x86_64 ]; then
    backend="native x86_64 AVX2 (arith + fips202)"
    flags=(-DMLD_CONFIG_USE_NATIVE_BACKEND_ARITH -DMLD_CONFIG_USE_NATIVE_BACKEND_FIPS202
      -mavx2 -mbmi2 -mpopcnt)
  fi
  for l in 44 65 87; do
    d="$tmp/mln$l"
    mkdir -p "$d"
    defs=(-DMLD_CONFIG_PARAMETER_SET=$l -DMLD_CONFIG_NAMESPACE_PREFIX=fcb$l)
    "$cc" "${base_flags[@]}" "${flags[@]}" "${defs[@]}" -I "$mln/mldsa" -c \
      "$mln/mldsa/mldsa_native.c" -o "$d/mldsa_native.o"
    set_objs=("$d/mldsa_native.o")
    if [ ${#flags[@]} -gt 0 ] && [ -f "$mln/mldsa/mldsa_native.S" ]; then
      "$cc" "${flags[@]}" "${defs[@]}" -I "$mln/mldsa" -c "$mln/mldsa/mldsa_native.S" \
        -o "$d/mldsa_native_S.o"
      set_objs+=("$d/mldsa_native_S.o")
    fi
    fn[$l]=$(find_verify "${set_objs[@]}")
    objs+=("${set_objs[@]}")
  done
elif [ -f "$mln/mldsa/sign.c" ] && grep -q DILITHIUM_MODE "$mln/mldsa/config.h" 2> /dev/null; then
  layout="mldsa/*.c with DILITHIUM_MODE (early tree)"
  backend="C reference (this tree has no native backend)"
  mkdir -p "$tmp/fips202"
  for f in "$mln"/mldsa/fips202/*.c; do
    "$cc" "${base_flags[@]}" -I "$mln/mldsa" -c "$f" -o "$tmp/fips202/$(basename "$f" .c).o"
    objs+=("$tmp/fips202/$(basename "$f" .c).o")
  done
  for m in 2:44 3:65 5:87; do
    mode=${m%%:*} l=${m##*:}
    d="$tmp/mln$l"
    mkdir -p "$d"
    set_objs=()
    for f in "$mln"/mldsa/*.c; do
      o="$d/$(basename "$f" .c).o"
      "$cc" "${base_flags[@]}" -DDILITHIUM_MODE=$mode -I "$mln/mldsa" -c "$f" -o "$o"
      set_objs+=("$o")
    done
    fn[$l]=$(find_verify "${set_objs[@]}")
    objs+=("${set_objs[@]}")
  done
else
  echo "bench-mldsa-native: $mln: neither mldsa/mldsa_native.c nor an early mldsa/sign.c tree" >&2
  exit 1
fi
for l in 44 65 87; do
  if [ -z "${fn[$l]}" ] || [ "$(printf '%s\n' "${fn[$l]}" | wc -l)" != 1 ]; then
    echo "bench-mldsa-native: ML-DSA-$l: no single verify function among: ${fn[$l]:-none}" >&2
    exit 1
  fi
done
stub=
nm "${objs[@]}" > "$tmp/mln-nm.txt" 2> /dev/null || true
if grep -q ' U randombytes$' "$tmp/mln-nm.txt"; then stub=-DPEER_RANDOMBYTES_STUB; fi
cpuid=
nm "$fcb/src/libfastcrypt.a" > "$tmp/nm.txt" 2> /dev/null || true
if grep -q ' U cpu_identify\| U cpuid_\| U cpu_exec_cpuid' "$tmp/nm.txt"; then cpuid=-lcpuid; fi
fc_desc="$(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo +dirty), $fcb"
mln_desc="commit $commit, $layout, backend: $backend, flags: ${base_flags[*]} ${flags[*]:-}"
"$cc" -O2 -std=c11 -Wall -Wextra -DFC_DESC="\"$fc_desc\"" -DPEER_NAME="\"mldsa-native\"" -DPEER_DESC="\"$mln_desc\"" \
  -DPEER_VERIFY44="${fn[44]}" -DPEER_VERIFY65="${fn[65]}" -DPEER_VERIFY87="${fn[87]}" $stub \
  -I include bench/mldsa_peer_compare.c -o "$tmp/mldsa_peer_compare" "${objs[@]}" \
  "$fcb/src/libfastcrypt.a" $cpuid
"$tmp/mldsa_peer_compare" "$@"
