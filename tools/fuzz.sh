#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/fuzz_*.c) with clang,
# -fsanitize=fuzzer,address,undefined, and runs each for a fixed number of
# executions (not a wall-clock time) from its seed corpus
# tests/fuzz/corpus/<name>/ (kept in the repository, never written: new
# inputs go to a scratch directory). A crash, leak or sanitizer report fails.
# Usage: tools/fuzz.sh <outdir> [runs-per-target]   (from tools/test.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: tools/fuzz.sh <outdir> [runs]}
runs=${2:-}
dir=$out/fuzz
mkdir -p "$dir"
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
  -DCMAKE_CXX_COMPILER=clang++ -DFC_FUZZ=ON -DFC_BUILD_TESTS=OFF -DFC_WERROR=ON \
  > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
cmake --build "$dir" -j "$(nproc)"
# Executions per target: the RSA target runs modular exponentiations (up to
# 4096 bits under ASan), the parsers are cheap (the command's PEM and sum-line
# parsers: a few seconds for these counts).
declare -A default_runs=([fuzz_der]=100000 [fuzz_vboot]=30000 [fuzz_rsa]=4000 [fuzz_pem]=200000 [fuzz_ec_key]=20000 [fuzz_ec_sig]=20000 [fuzz_x509]=200000 [fuzz_pkcs7]=100000 [fuzz_pe]=200000
  [fuzz_sum_line]=500000 [fuzz_edk2]=50000 [fuzz_mldsa]=3000 [fuzz_mldsa_key]=50000
  [fuzz_lms]=5000 [fuzz_slhdsa]=2000 [fuzz_xmss]=2000)
# Input bound: 1200 bytes, except PKCS#7 and the EDK2 instance, whose
# timestamped seeds (a SignedData with its RFC 3161 token, Microsoft's
# token) run to 6 KB; ML-DSA's key, signature and message to 16 KiB; an HSS
# key and signature with up to three levels to 4 KiB; SLH-DSA's to 50 KiB
# (a 256f signature); XMSS's to 8 KiB (XMSS^MT 20/4 seeds: 5.5 KB).
declare -A max_len=([fuzz_pkcs7]=8192 [fuzz_edk2]=8192 [fuzz_mldsa]=16384 [fuzz_lms]=4096
  [fuzz_slhdsa]=51200 [fuzz_xmss]=8192)
n=0
for src in tests/fuzz/fuzz_*.c; do
  name=$(basename "$src" .c)
  corpus=tests/fuzz/corpus/${name#fuzz_}
  [ -d "$corpus" ] && [ -n "$(ls -A "$corpus")" ] || { echo "fuzz: $name has no seed corpus in $corpus"; exit 1; }
  scratch=$dir/new-${name#fuzz_}
  rm -rf "$scratch"
  mkdir -p "$scratch"
  r=${runs:-${default_runs[$name]:-20000}}
  echo "=== fuzz: $name, $r executions, seeds $corpus"
  t0=$SECONDS
  "$dir/tests/fuzz/$name" -runs="$r" -seed=1 -max_len="${max_len[$name]:-1200}" -print_final_stats=1 \
    "$scratch" "$corpus" > "$dir/$name.log" 2>&1 || { tail -50 "$dir/$name.log"; echo "fuzz: $name FAILED"; exit 1; }
  grep -E "stat::number_of_executed_units" "$dir/$name.log"
  echo "=== fuzz: $name passed ($((SECONDS - t0)) s)"
  n=$((n + 1))
done
[ "$n" -gt 0 ] || { echo "fuzz: no targets found"; exit 1; }
echo "=== fuzz: $n targets passed"
