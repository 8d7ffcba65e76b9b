#!/usr/bin/env bash
# AArch64 suite: cross build with cmake/toolchain-aarch64.cmake, then the whole
# ctest suite under qemu-user (ctest prefixes qemu-aarch64 itself, no
# binfmt_misc) with three CPU models:
#   max                          every feature qemu has (AES, PMULL, SHA1/2, SHA-512)
#   cortex-a72                   AES, PMULL, SHA1, SHA-256; no SHA-512
#   cortex-a57,neon=off,vfp=off  no AES/PMULL/SHA1/SHA2/SHA-512 hwcaps: the portable
#                                crypto fallbacks run. qemu-user (7.2 and later)
#                                always reports HWCAP_FP|HWCAP_ASIMD and still
#                                executes FP/SIMD, so ASIMD (FC_CPU_NEON) stays on:
#                                the automatic AES kernel is `neon` here (as with
#                                FASTCRYPT_CPU=-aes), which needs no extra run.
# Usage: tools/test-aarch64.sh <outdir>   (from the repository root; builds <outdir>/aarch64)
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/emulated-filter.sh
out=${1:?usage: tools/test-aarch64.sh <outdir>}
dir=$out/aarch64
jobs=$(nproc)
mkdir -p "$out"

step() { # name, command...
  local name=$1 t0=$SECONDS
  shift
  echo "=== aarch64: $name"
  "$@"
  echo "=== aarch64: $name: $((SECONDS - t0)) s"
}

configure() {
  cmake -S . -B "$dir" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchain-aarch64.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DFC_WERROR=ON -DFC_WITH_NEON=ON -DFC_BUILD_BENCH=OFF \
    > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; return 1; }
}

step configure configure
step build cmake --build "$dir" -j "$jobs"
# Every model runs even after a failure; the exit status reports any.
failed=()
for cpu in max cortex-a72 cortex-a57,neon=off,vfp=off; do
  t0=$SECONDS
  echo "=== aarch64: test QEMU_CPU=$cpu"
  # test_mont_worst (every modulus size, every kernel) runs under the first
  # model only: every Montgomery kernel is usable there, and the later models
  # change nothing it exercises (same binary, same kernels). So do the
  # fastcrypt command's tests (cli_*): they test the command's own code,
  # which is the same under every model (the kernels it calls are the
  # library tests' business). And the ec tests (test_ec_*): the ec kernels
  # (armv8, scalar64, scalar32) need no hwcap, so every model runs the same code.
  # And the hash-based signatures (test_lms, test_slhdsa, test_xmss): their
  # own code is portable, they run on every usable sha256_x and keccak_x
  # kernel under max (armv8, neon, single, scalar: every kernel of those ops that
  # the later models have), and the kernels themselves are test_sha256_x's,
  # test_sha's and test_sha3's business under every model. Likewise the RSA
  # vector suites (test_rsa_vectors, test_rsa_pss), ML-DSA's (test_mldsa*)
  # and the EDK2 instance's (test_edk2*): they run every usable kernel of
  # their ops under max, which has them all; a later model only drops some.
  # Every model runs with tools/emulated-filter.sh's GoogleTest filter.
  skip=()
  [ "$cpu" = max ] ||
    skip=(-E '^(test_mont_worst|test_ec_.*|cli_.*|test_lms|test_slhdsa|test_xmss|test_rsa_vectors|test_rsa_pss|test_mldsa.*|test_edk2.*)$')
  if QEMU_CPU="$cpu" GTEST_FILTER="$FC_EMULATED_GTEST_FILTER" ctest --test-dir "$dir" --output-on-failure --no-tests=error -j 2 "${skip[@]}"; then
    echo "=== aarch64: QEMU_CPU=$cpu passed ($((SECONDS - t0)) s)"
  else
    echo "=== aarch64: QEMU_CPU=$cpu FAILED ($((SECONDS - t0)) s)"
    failed+=("$cpu")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "=== aarch64: FAILED with QEMU_CPU=${failed[*]}"
  exit 1
fi
echo "=== aarch64: all three CPU models passed"
