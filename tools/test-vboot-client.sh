#!/usr/bin/env bash
# vboot's own digest and verification code calling contrib/vboot's hooks:
# contrib/vboot/check/vboot_client.c, linked with vboot's 2sha_utility.c,
# 2sha1.c, 2sha256.c, 2sha512.c, 2rsa.c, 2common.c, 2crypto.c and
# 2stub_hwcrypto.c (its weak hooks, overridden), compiled from a vboot tree
# with its real headers and its firmware warning flags, plus both hook files
# and libfastcrypt.a (freestanding, as firmware builds it). Checks every result against vboot's software path
# (hardware crypto forbidden); with --bench, also times vb2_hash_calculate
# through the hooks per fastcrypt SHA kernel beside vboot's software and,
# on x86-64, vboot's own SHA-NI SHA-256 (2hwcrypto.c, 2sha256_x86.c, their
# hook symbols renamed so that both sit in one binary).
# x86-64 natively; ARCH=i686 builds with i686-linux-gnu-gcc and runs natively
# (static); ARCH=aarch64 builds with aarch64-linux-gnu-gcc and runs the checks
# under qemu-aarch64 (cpu max, then cortex-a57 without FP/SIMD).
# Not in the test command: it needs a vboot tree, e.g.
#   git clone --depth 1 https://chromium.googlesource.com/chromiumos/platform/vboot_reference /tmp/vboot
# vboot's sources are compiled with VBOOT_CFLAGS (default "-Os -DUNROLL_LOOPS":
# vboot's own Makefile's optimisation, and the unrolled SHA-256 that
# libpayload's build selects); libfastcrypt.a is a Release build.
# Usage: tools/test-vboot-client.sh VBOOT_DIR [--bench]
set -euo pipefail
cd "$(dirname "$0")/.."
vboot=$(cd "${1:?usage: test-vboot-client.sh VBOOT_DIR [--bench]}" && pwd)
bench=${2:-}
read -r -a vflags <<< "${VBOOT_CFLAGS:--Os -DUNROLL_LOOPS}"
lib=$vboot/firmware/2lib
[ -f "$lib/2sha_utility.c" ] || { echo "no $lib/2sha_utility.c" >&2; exit 1; }
echo "vboot tree: $(git -C "$vboot" log -1 --format='%h %cs' 2>/dev/null || echo "$vboot")"
arch=${ARCH:-x86_64}
cc=gcc
cmake_args=()
run=()
case $arch in
  x86_64) ;;
  i686)
    cc=i686-linux-gnu-gcc
    cmake_args=(-DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchain-i686.cmake" -DFC_WITH_SSE2=ON)
    ;;
  aarch64)
    cc=aarch64-linux-gnu-gcc
    cmake_args=(-DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchain-aarch64.cmake")
    run=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
    ;;
  *) echo "ARCH is x86_64, i686 or aarch64" >&2; exit 2 ;;
esac
out=/tmp/vboot-client-$arch
mkdir -p "$out"
cmake -S . -B "$out/fc" -G Ninja -DCMAKE_BUILD_TYPE=Release -DFC_BUILD_TESTS=OFF \
  -DFC_BUILD_BENCH=OFF -DFC_FREESTANDING=ON "${cmake_args[@]}" > "$out/configure.log" 2>&1 || {
  cat "$out/configure.log"
  exit 1
}
cmake --build "$out/fc" --target fastcrypt > "$out/build.log" 2>&1 || {
  cat "$out/build.log"
  exit 1
}
warn=(-Wall -Werror -Wstrict-prototypes -Wtype-limits -Wundef -Wmissing-prototypes
  -Wredundant-decls -Wshadow -Wwrite-strings -Wstrict-aliasing -Wint-conversion)
inc=(-I"$lib/include" -I"$vboot/firmware/include" -Iinclude -Icontrib/vboot)
objs=()
for f in 2sha_utility 2sha1 2sha256 2sha512 2rsa 2common 2crypto 2stub_hwcrypto; do
  "$cc" -std=gnu11 "${vflags[@]}" -w "${inc[@]}" -c "$lib/$f.c" -o "$out/$f.o" # vboot's: its warnings are not ours
  objs+=("$out/$f.o")
done
for f in fastcrypt_hwcrypto fastcrypt_hwcrypto_digest; do
  "$cc" -std=gnu11 -O2 "${warn[@]}" "${inc[@]}" -c "contrib/vboot/$f.c" -o "$out/$f.o"
  objs+=("$out/$f.o")
done
defs=()
if [ "$arch" = x86_64 ]; then # vboot's own SHA-NI digest, renamed
  "$cc" -std=gnu11 "${vflags[@]}" -w "${inc[@]}" -DX86_SHA_EXT -c "$lib/2hwcrypto.c" -o "$out/2hwcrypto.o"
  "$cc" -std=gnu11 "${vflags[@]}" -w "${inc[@]}" -DX86_SHA_EXT -mssse3 -mno-avx -msha \
    -c "$lib/2sha256_x86.c" -o "$out/2sha256_x86.o"
  objcopy --redefine-sym vb2ex_hwcrypto_digest_init=vboot_shani_digest_init \
    --redefine-sym vb2ex_hwcrypto_digest_extend=vboot_shani_digest_extend \
    --redefine-sym vb2ex_hwcrypto_digest_finalize=vboot_shani_digest_finalize \
    "$out/2hwcrypto.o" "$out/2hwcrypto-renamed.o"
  objs+=("$out/2hwcrypto-renamed.o" "$out/2sha256_x86.o")
  defs=(-DVBOOT_SHA_NI)
fi
"$cc" -std=gnu11 -O2 "${warn[@]}" -Wno-missing-prototypes "${defs[@]}" "${inc[@]}" \
  -c contrib/vboot/check/vboot_client.c -o "$out/vboot_client.o"
"$cc" -static -o "$out/vboot_client" "$out/vboot_client.o" "${objs[@]}" "$out/fc/src/libfastcrypt.a"
# vboot's own unit test of its hardware digest (tests/vb2_sha256_x86_tests.c,
# with its tests/common/tests.c and firmware/2lib/2stub.c), linked against
# the hooks instead of 2hwcrypto.c: x86 only (it asks CPUID for SHA-NI and
# exits 254 without it); fastcrypt is not initialised, so the hooks run
# fastcrypt's portable SHA-256.
if [ "$arch" != aarch64 ] && [ -f "$vboot/tests/vb2_sha256_x86_tests.c" ]; then
  tinc=(-I"$vboot/tests" -I"$vboot")
  "$cc" -std=gnu11 "${vflags[@]}" -w "${inc[@]}" "${tinc[@]}" -c "$vboot/tests/vb2_sha256_x86_tests.c" \
    -o "$out/vb2_sha256_x86_tests.o"
  "$cc" -std=gnu11 "${vflags[@]}" -w "${inc[@]}" "${tinc[@]}" -c "$vboot/tests/common/tests.c" -o "$out/tests.o"
  "$cc" -std=gnu11 "${vflags[@]}" -w "${inc[@]}" -c "$lib/2stub.c" -o "$out/2stub.o"
  "$cc" -static -o "$out/vb2_sha256_x86_tests" "$out/vb2_sha256_x86_tests.o" "$out/tests.o" \
    "$out/2stub.o" "${objs[@]}" "$out/fc/src/libfastcrypt.a" 2> "$out/link.log" ||
    { cat "$out/link.log"; exit 1; }
  rc=0
  "$out/vb2_sha256_x86_tests" > "$out/vb2_sha256_x86_tests.log" 2>&1 || rc=$?
  if [ $rc = 254 ]; then
    echo "vboot's vb2_sha256_x86_tests: not run (no SHA-NI on this CPU)"
  elif [ $rc != 0 ]; then
    grep -a FAILED "$out/vb2_sha256_x86_tests.log" >&2 || cat "$out/vb2_sha256_x86_tests.log" >&2
    echo "vboot's vb2_sha256_x86_tests failed on the hooks" >&2
    exit 1
  else
    echo "vboot's vb2_sha256_x86_tests on the hooks: $(grep -ac PASSED "$out/vb2_sha256_x86_tests.log") checks passed"
  fi
fi
if [ "$arch" = aarch64 ]; then
  for cpu in max cortex-a57,neon=off,vfp=off; do
    echo "== QEMU_CPU=$cpu"
    QEMU_CPU=$cpu "${run[@]}" "$out/vboot_client" tests/vectors/vboot
  done
else
  "$out/vboot_client" tests/vectors/vboot $bench
fi
