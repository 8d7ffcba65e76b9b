#!/usr/bin/env bash
# The whole test suite: native gcc (warnings as errors), native clang,
# ASan+UBSan, AArch64 under qemu (three CPU models) and i686 under qemu.
# Usage: tools/test.sh            (from the repository root, as root on Debian 12)
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh
jobs=$(nproc)
out=${FC_TEST_BUILD_DIR:-build-test}
summary=()

run_suite() { # name, build dir, extra env..., -- cmake args
  local name=$1 dir=$2; shift 2
  local envs=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  echo "=== $name: configure"
  cmake -S . -B "$dir" -G Ninja -DFC_WERROR=ON "$@" > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
  echo "=== $name: build"
  cmake --build "$dir" -j "$jobs"
  echo "=== $name: test"
  env "${envs[@]}" ctest --test-dir "$dir" --output-on-failure -j "$jobs"
  summary+=("$name: passed")
}

mkdir -p "$out"
run_suite "x86-64 gcc" "$out/gcc" -- -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ -DFC_BUILD_BENCH=ON
run_suite "x86-64 clang" "$out/clang" -- -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DFC_BUILD_BENCH=ON
run_suite "x86-64 asan+ubsan" "$out/asan" ASAN_OPTIONS=detect_leaks=1 -- -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFC_SANITIZE=ON

# Cross suites: each script builds and runs the whole suite under qemu.
for cross in tools/test-aarch64.sh tools/test-i686.sh; do
  if [ -x "$cross" ]; then
    echo "=== $cross"
    "$cross" "$out"
    summary+=("$cross: passed")
  fi
done

printf '%s\n' "${summary[@]}"
echo "ALL SUITES PASSED"
