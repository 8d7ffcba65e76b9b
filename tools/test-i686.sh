#!/usr/bin/env bash
# 32-bit x86 cross suite: builds <outdir>/i686 with Debian's i686-linux-gnu
# toolchain (cmake/toolchain-i686.cmake) and runs the whole ctest suite under
# qemu-i386 twice:
#   1. qemu's default CPU model (max: SSE2 and up), so the sse2 kernel runs;
#   2. QEMU_CPU=pentium2 (P6: CMOV and MMX, no SSE/SSE2), so the CPUID probe
#      finds no SSE2, the portable kernels are chosen and the sse2 tests skip
#      as UNAVAILABLE. (qemu's "pentium" model lacks CMOV, which the i686
#      baseline and Debian's i386 libraries use: it dies with SIGILL.)
# A one-test probe after each run proves which path ran.
# Usage: tools/test-i686.sh <outdir>   (from tools/test.sh, which installs the packages)
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/emulated-filter.sh
out=${1:?usage: tools/test-i686.sh <outdir>}
dir=$out/i686
jobs=$(nproc)
sysroot=/usr/i686-linux-gnu
low_cpu=pentium2
mkdir -p "$out"

t0=$SECONDS
lap() { echo "--- i686: $1 took $((SECONDS - t0)) s"; t0=$SECONDS; }

echo "=== i686: configure"
cmake -S . -B "$dir" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchain-i686.cmake" \
  -DCMAKE_BUILD_TYPE=Release -DFC_WERROR=ON -DFC_WITH_SSE2=ON -DFC_BUILD_BENCH=OFF \
  > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
echo "=== i686: build"
cmake --build "$dir" -j "$jobs"
lap build

# probe <QEMU_CPU or ""> <expect: ran|unavailable>: one sse2 test case.
probe() {
  local log=$dir/probe-${1:-default}.log
  env ${1:+QEMU_CPU=$1} qemu-i386 -L "$sysroot" -E LD_LIBRARY_PATH="$sysroot/lib" "$dir/tests/test_mont" \
    --gtest_filter='*MontKernel.ModpowEdgeExponentsAndAliasing/sse2' > "$log" 2>&1 || { cat "$log"; exit 1; }
  if [ "$2" = ran ]; then
    grep -q '^\[  PASSED  \] 1 test' "$log" && ! grep -q SKIPPED "$log"
  else
    grep -q 'UNAVAILABLE' "$log" && grep -q '^\[  SKIPPED \] 1 test' "$log"
  fi || { echo "i686: the sse2 kernel was expected to be $2 under QEMU_CPU=${1:-default}:"; cat "$log"; exit 1; }
}

echo "=== i686: test (qemu-i386, default CPU model)"
# With tools/emulated-filter.sh's GoogleTest filter.
GTEST_FILTER="$FC_EMULATED_GTEST_FILTER" \
  ctest --test-dir "$dir" --output-on-failure --no-tests=error -j "$jobs"
probe "" ran
lap "ctest, default CPU"

echo "=== i686: test (qemu-i386, QEMU_CPU=$low_cpu: no SSE2)"
# test_mont_worst (every modulus size, every kernel) ran in the first pass,
# where every kernel is usable; without SSE2 it would repeat scalar32 and
# scalar64 exactly. The fastcrypt command's tests (cli_*) also ran there:
# its own code is the same under either model. So did ML-DSA's and the
# hash-based signatures' tests (test_mldsa*, test_lms, test_slhdsa,
# test_xmss): they run every usable kernel of their ops, and the ones this
# model leaves (scalar, single) ran under the default model too; their
# portable code is the same binary. Likewise the RSA and EC vector suites
# (test_rsa_vectors, test_rsa_pss, test_ec_vectors, test_ec_model) and the EDK2 instance's
# (test_edk2*): every kernel this model leaves them ran under the default one.
QEMU_CPU=$low_cpu ctest --test-dir "$dir" --output-on-failure --no-tests=error -j "$jobs" \
  -E '^(test_mont_worst|cli_.*|test_mldsa.*|test_lms|test_slhdsa|test_xmss|test_rsa_vectors|test_rsa_pss|test_ec_vectors|test_ec_model|test_edk2.*)$'
probe "$low_cpu" unavailable
lap "ctest, QEMU_CPU=$low_cpu"
echo "=== i686: passed"
