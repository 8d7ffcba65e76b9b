#!/usr/bin/env bash
# What contrib/vboot's hooks add to a firmware link, per architecture and
# configuration: each hook group's object(s), compiled against a vboot
# tree's headers (-Os, freestanding, -ffunction-sections -fdata-sections, no
# unwind tables), linked with -nostdlib --gc-sections from the group's
# symbols with a freestanding MinSizeRel libfastcrypt.a; `size`'s berkeley
# text (code + read-only data) and bss. Prints a markdown table.
# Configurations: "default" (every option on), "no AES" (-DFC_WITH_AES=OFF),
# "firmware" (-DFC_WITH_AES=OFF, x86-64 also without the avx512ifma and
# mulx kernels), and "firmware-no-avx" (x86 also -DFC_WITH_SHA_AVX2=OFF: the
# portable, SSE2 and SHA-NI kernels, for stages that never enable AVX state).
# Usage: tools/size-vboot-hooks.sh VBOOT_DIR [OUTDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
V=$(cd "${1:?usage: size-vboot-hooks.sh VBOOT_DIR [OUTDIR]}" && pwd)/firmware
out=${2:-/tmp/size-vboot-hooks}
mkdir -p "$out"
flags="-ffunction-sections -fdata-sections -fno-asynchronous-unwind-tables"
u_rsa=(-Wl,-u,vb2ex_hwcrypto_modexp -Wl,-u,vb2ex_hwcrypto_rsa_verify_digest)
u_dig=(-Wl,-u,vb2ex_hwcrypto_digest_init -Wl,-u,vb2ex_hwcrypto_digest_extend
  -Wl,-u,vb2ex_hwcrypto_digest_finalize)
echo "| arch | configuration | modexp only: text, bss | RSA hooks: text, bss | digest hooks: text, bss | all four: text, bss |"
echo "|---|---|---:|---:|---:|---:|"
for arch in x86_64 i686 aarch64; do
  tc=()
  case $arch in
    x86_64) cc=gcc sz=size ;;
    i686) cc=i686-linux-gnu-gcc sz=i686-linux-gnu-size
      tc=(-DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchain-i686.cmake" -DFC_WITH_SSE2=ON) ;;
    aarch64) cc=aarch64-linux-gnu-gcc sz=aarch64-linux-gnu-size
      tc=(-DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchain-aarch64.cmake") ;;
  esac
  for f in fastcrypt_hwcrypto fastcrypt_hwcrypto_digest; do
    $cc -std=gnu11 -Os -ffreestanding -fno-builtin -fno-stack-protector $flags \
      -I"$V/2lib/include" -I"$V/include" -Iinclude -Icontrib/vboot \
      -c contrib/vboot/$f.c -o "$out/$arch-$f.o"
  done
  for cfg in default no-aes firmware firmware-no-avx; do
    [ $cfg = firmware-no-avx ] && [ $arch = aarch64 ] && continue
    opt=()
    case $cfg in
      no-aes) opt=(-DFC_WITH_AES=OFF) ;;
      firmware) opt=(-DFC_WITH_AES=OFF)
        [ $arch = x86_64 ] && opt+=(-DFC_WITH_AVX512IFMA=OFF -DFC_WITH_MULX=OFF) ;;
      firmware-no-avx) opt=(-DFC_WITH_AES=OFF -DFC_WITH_SHA_AVX2=OFF)
        [ $arch = x86_64 ] && opt+=(-DFC_WITH_AVX512IFMA=OFF -DFC_WITH_MULX=OFF) ;;
    esac
    b=$out/$arch-$cfg
    rm -rf "$b"
    cmake -S . -B "$b" -G Ninja -DCMAKE_BUILD_TYPE=MinSizeRel -DFC_FREESTANDING=ON \
      -DFC_BUILD_TESTS=OFF -DFC_BUILD_BENCH=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=OFF \
      "-DCMAKE_C_FLAGS=$flags" "${tc[@]}" "${opt[@]}" > "$b.log" 2>&1 || { cat "$b.log"; exit 1; }
    cmake --build "$b" --target fastcrypt >> "$b.log" 2>&1 || { cat "$b.log"; exit 1; }
    row="| $arch | $cfg |"
    for g in modexp rsa digest all; do
      objs=("$out/$arch-fastcrypt_hwcrypto.o") u=()
      case $g in
        modexp) u=(-Wl,-u,vb2ex_hwcrypto_modexp) ;;
        rsa) u=("${u_rsa[@]}") ;;
        digest) objs=("$out/$arch-fastcrypt_hwcrypto_digest.o") u=("${u_dig[@]}") ;;
        all) objs+=("$out/$arch-fastcrypt_hwcrypto_digest.o") u=("${u_rsa[@]}" "${u_dig[@]}") ;;
      esac
      $cc -nostdlib -static -Wl,--gc-sections -Wl,-e,0 "${u[@]}" -Wl,--unresolved-symbols=ignore-all \
        -o "$out/$arch-$cfg-$g.elf" "${objs[@]}" "$b/src/libfastcrypt.a"
      row+=" $($sz -B "$out/$arch-$cfg-$g.elf" | awk 'NR==2{printf "%d, %d", $1, $3}') |"
    done
    echo "$row"
  done
done
