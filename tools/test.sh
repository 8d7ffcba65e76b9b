#!/usr/bin/env bash
# The whole test suite: native gcc (warnings as errors), native clang
# (with the firmware size options FC_COMPACT and FC_EC_SMALL_TABLE),
# ASan+UBSan, ThreadSanitizer (the concurrency test), the libFuzzer targets
# (fixed execution counts), AArch64 under qemu (three CPU models), i686
# under qemu, and the firmware clients (-nostdlib, freestanding archives,
# x86-64 and i686 native, AArch64 under qemu; tools/test-firmware.sh), and
# contrib/edk2 built with EDK2's flags for X64, IA32 and AARCH64
# (tools/test-edk2.sh). Every suite listed in SUITES must run and pass: a suite that
# is skipped, missing or not executable fails the whole run.
# Usage: tools/test.sh            (from the repository root, as root on Debian 12)
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh
jobs=$(nproc)
out=${FC_TEST_BUILD_DIR:-build-test}
SUITES=("x86-64 gcc" "x86-64 clang" "x86-64 asan+ubsan" "x86-64 tsan" "fuzz" "aarch64" "i686" "firmware" "edk2")
passed=()
t_all=$SECONDS

pass() { passed+=("$1"); echo "=== $1: passed ($2 s)"; }

# ctest that must run at least one test and pass them all.
run_ctest() { # dir, env...
  local dir=$1
  shift
  env "$@" ctest --test-dir "$dir" --output-on-failure --no-tests=error -j "$jobs"
}

run_suite() { # name, build dir, extra env..., -- cmake args
  local name=$1 dir=$2 t0=$SECONDS
  shift 2
  local envs=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  echo "=== $name: configure"
  cmake -S . -B "$dir" -G Ninja -DFC_WERROR=ON "$@" > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
  echo "=== $name: build"
  cmake --build "$dir" -j "$jobs"
  echo "=== $name: test"
  run_ctest "$dir" "${envs[@]}"
  pass "$name" $((SECONDS - t0))
}

# ThreadSanitizer: the concurrency test alone (tests/core/test_threads.cpp).
run_tsan() {
  local dir=$out/tsan t0=$SECONDS
  echo "=== x86-64 tsan: configure"
  cmake -S . -B "$dir" -G Ninja -DFC_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DFC_TSAN=ON \
    > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
  cmake --build "$dir" -j "$jobs" --target test_threads
  TSAN_OPTIONS="halt_on_error=1 exitcode=66" "$dir/tests/test_threads" > "$dir.log" 2>&1 || { cat "$dir.log"; exit 1; }
  grep -q '^\[  PASSED  \] 1 test' "$dir.log" || { cat "$dir.log"; echo "tsan: the test did not run"; exit 1; }
  pass "x86-64 tsan" $((SECONDS - t0))
}

# A cross or extra suite script: run with bash whatever its mode bits, and
# fail if it is missing.
run_script() { # name, script, args...
  local name=$1 script=$2 t0=$SECONDS
  shift 2
  [ -f "$script" ] || { echo "=== $name: $script is missing"; exit 1; }
  echo "=== $name: $script"
  bash "$script" "$@"
  pass "$name" $((SECONDS - t0))
}

mkdir -p "$out"
run_suite "x86-64 gcc" "$out/gcc" -- -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ -DFC_BUILD_BENCH=ON
# clang builds the firmware options' code forms, which no other suite
# builds: FC_COMPACT (ec scalar kernels once for both curves, Keccak-f and
# SHA-1 one round per loop) and FC_EC_SMALL_TABLE (wNAF width 4 over G).
run_suite "x86-64 clang" "$out/clang" -- -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DFC_BUILD_BENCH=ON \
  -DFC_COMPACT=ON -DFC_EC_SMALL_TABLE=ON
# The tests' C++ at -O1 with line tables only (-g1): ASan's reports keep
# their file:line, and the suite builds in about half the time of -O2 -g;
# the library's C keeps RelWithDebInfo's -O2 -g.
run_suite "x86-64 asan+ubsan" "$out/asan" ASAN_OPTIONS=detect_leaks=1 -- -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFC_SANITIZE=ON \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
run_tsan
run_script "fuzz" tools/fuzz.sh "$out"
run_script "aarch64" tools/test-aarch64.sh "$out"
run_script "i686" tools/test-i686.sh "$out"
run_script "firmware" tools/test-firmware.sh "$out"
run_script "edk2" tools/test-edk2.sh "$out"

# Every listed suite must have passed (a suite whose step was skipped
# would be missing here).
missing=()
for s in "${SUITES[@]}"; do
  found=0
  for p in "${passed[@]}"; do [ "$p" = "$s" ] && found=1; done
  [ $found = 1 ] || missing+=("$s")
done
if [ ${#missing[@]} -gt 0 ] || [ ${#passed[@]} -ne ${#SUITES[@]} ]; then
  echo "SUITES THAT DID NOT RUN: ${missing[*]:-} (ran: ${passed[*]})"
  exit 1
fi
printf '%s: passed\n' "${passed[@]}"
echo "${#passed[@]} suites passed in $((SECONDS - t_all)) s"
echo "ALL SUITES PASSED"
