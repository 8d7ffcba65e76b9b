#!/usr/bin/env bash
# EDK2's own CryptoPkg BaseCryptLib unit tests against contrib/edk2's
# instance: the *Tests.c files of the groups the instance serves (mHashTest,
# mHmacTest, mHkdfTest, mPkcs5Test, mAeadAesGcmTest, mBlockCipherTest,
# mRsaTest, mRsaPssTest, mParallelhashTest, mX509Test, mRsaCertTest,
# mPkcs7Test, mPkcs7EkuTest, mPkcs7ContentTest, mAuthenticodeTest,
# mImageTimestampTest, mEcTest, mMlDsaTest, mSlhDsaTest), compiled from an EDK2 tree with its real headers
# (MdePkg/Include, CryptoPkg/Include), with contrib/edk2/test/cryptopkg/RunGroups.c
# standing in for UnitTestLib and the memory libraries, linked against the
# instance (also compiled with the real headers) and
# contrib/edk2/build-fastcrypt.sh's archive; run with the automatic kernels
# and with portable ones. X64 (System V and ms_abi EFIAPI), IA32
# (-malign-double), AARCH64 under qemu-aarch64 (cpu max, cortex-a53, cortex-a57).
# Passes when exactly the tests README.md lists fail.
# Not in the test command: it needs an EDK2 tree, e.g.
#   git clone --depth 1 https://github.com/tianocore/edk2 /tmp/edk2
# Usage: tools/test-edk2-cryptopkg.sh EDK2_DIR [OUTDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
edk2=$(cd "${1:?usage: test-edk2-cryptopkg.sh EDK2_DIR [OUTDIR]}" && pwd)
out=${2:-/tmp/edk2-cryptopkg}
tests=$edk2/CryptoPkg/Test/UnitTest/Library/BaseCryptLib
[ -f "$tests/HashTests.c" ] || { echo "no $tests/HashTests.c" >&2; exit 1; }
groups=(HashTests HmacTests HkdfTests Pkcs5Pbkdf2Tests AeadAesGcmTests BlockCipherTests RsaTests RsaPssTests
  ParallelhashTests X509Tests RsaPkcs7Tests Pkcs7EkuTests Pkcs7AttachedContentTest AuthenticodeTests TSTests EcTests
  MlDsaTests SlhDsaTests)
shim=(Init Hash Hmac Kdf Cipher Rsa Ec MlDsa SlhDsa X509 X509Stack X509Chain X509Name X509Fields Pkcs7 Pkcs7Signers Authenticode
  Unsupported MemMove)
echo "EDK2 tree: $(git -C "$edk2" log -1 --format='%h %cs' 2>/dev/null || echo "$edk2")"

run() { # name, cc, arch include dir, cflags, archive, runners...
  local name=$1 cc=$2 inc=$3 cflags=$4 lib=$5 d=$out/$1 f
  shift 5
  mkdir -p "$d"
  local common=(-fshort-wchar -I"$edk2/MdePkg/Include" -I"$edk2/MdePkg/Include/$inc"
    -I"$edk2/CryptoPkg/Include" -Icontrib/edk2/Include -Iinclude)
  local objs=()
  for f in "${groups[@]}"; do # EDK2's files: its warnings are not ours
    # shellcheck disable=SC2086
    "$cc" -O1 -w $cflags "${common[@]}" -I"$tests" -c "$tests/$f.c" -o "$d/$f.o"
    objs+=("$d/$f.o")
  done
  # shellcheck disable=SC2086
  "$cc" -O1 -Wall -Werror -Wno-unused-parameter $cflags "${common[@]}" -I"$tests" \
    -c contrib/edk2/test/cryptopkg/RunGroups.c -o "$d/RunGroups.o"
  for f in "${shim[@]}"; do
    # shellcheck disable=SC2086,SC2046
    "$cc" -Os -ffreestanding -fno-builtin -Wall -Werror $([ "$f" = Unsupported ] && echo -Wno-unused-parameter) \
      $cflags "${common[@]}" -c "contrib/edk2/FastCryptLib/$f.c" -o "$d/instance_$f.o"
    objs+=("$d/instance_$f.o")
  done
  "$cc" -static -o "$d/run" "$d/RunGroups.o" "${objs[@]}" "$lib"
  local r m
  for r in "$@"; do
    for m in auto portable; do
      # shellcheck disable=SC2086,SC2046
      $r "$d/run" $([ $m = portable ] && echo portable) > "$d/$m.log" ||
        { cat "$d/$m.log"; echo "cryptopkg $name ($r, $m): not as expected"; exit 1; }
      echo "$name ${r:-native} $m: $(tail -1 "$d/$m.log")"
    done
  done
}

mkdir -p "$out"
for a in X64:gcc IA32:i686-linux-gnu-gcc AARCH64:aarch64-linux-gnu-gcc; do
  CC=${a#*:} bash contrib/edk2/build-fastcrypt.sh "${a%%:*}" "$out/lib-${a%%:*}" > "$out/lib-${a%%:*}.log" 2>&1 ||
    { cat "$out/lib-${a%%:*}.log"; exit 1; }
done
run X64-sysv gcc X64 "-mno-red-zone" "$out/lib-X64/libfastcrypt.a" ""
run X64-ms_abi gcc X64 "-mno-red-zone -DEFIAPI=__attribute__((ms_abi))" "$out/lib-X64/libfastcrypt.a" ""
run IA32 i686-linux-gnu-gcc Ia32 "-malign-double -march=i586" "$out/lib-IA32/libfastcrypt.a" ""
run AARCH64 aarch64-linux-gnu-gcc AArch64 "-ffixed-x18" "$out/lib-AARCH64/libfastcrypt.a" \
  "env QEMU_CPU=max qemu-aarch64" "env QEMU_CPU=cortex-a53 qemu-aarch64" "env QEMU_CPU=cortex-a57 qemu-aarch64"
echo "cryptopkg: EDK2's tests passed but the 36 that fail by design (README.md)"
