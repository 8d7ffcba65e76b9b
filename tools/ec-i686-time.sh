#!/usr/bin/env bash
# ECDSA P-256/P-384 verification time of the i686 build's ec kernel
# (scalar32), run natively: bench/ec_loop.c's `time` mode (100 runs, the
# first 5 dropped, mean +- std per verification). Needs a host that executes
# 32-bit x86 binaries (tools/i686-runner.sh says whether this one does); no
# OpenSSL for i686 is installed, so there is no peer column: compare with
# fc_bench ec's scalar32 column of the same machine (x86-64).
# Usage: tools/ec-i686-time.sh [build dir]   (default build-i686-ec; configured
#        with cmake/toolchain-i686.cmake, Release, here when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build-i686-ec}
tools/deps.sh gcc-i686-linux-gnu > /dev/null
if [ ! -f "$dir/src/libfastcrypt.a" ]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchain-i686.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DFC_BUILD_TESTS=OFF -DFC_BUILD_BENCH=OFF > /dev/null
  cmake --build "$dir" --target fastcrypt > /dev/null
fi
bin=$dir/ec_loop
i686-linux-gnu-gcc -O2 -static -I include bench/ec_loop.c "$dir/src/libfastcrypt.a" -lm -o "$bin"
for bits in 256 384; do "$bin" scalar32 "$bits" 20 time; done
