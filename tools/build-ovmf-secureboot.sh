#!/usr/bin/env bash
# OVMF with Secure Boot on fastcrypt's BaseCryptLib instance, end to end.
#
# 1. Builds OVMF X64 (OvmfPkg/OvmfPkgX64.dsc, or with PLATFORM=Ia32X64
#    OvmfPkgIa32X64.dsc: PEI in IA32, DXE and SMM in X64; SECURE_BOOT_ENABLE and
#    SMM_REQUIRE: the authenticated-variable driver runs in SMM, where the
#    instance serves it) from EDK2_DIR, with every BaseCryptLib class the
#    .dsc maps for DXE, SMM, standalone MM, UEFI drivers and applications
#    replaced by FastCryptPkg/FastCryptLib/FastCryptLib.inf. OpenSSL is not
#    linked into any module: the instance does not serve SEC, PEIMs before
#    permanent memory or DXE_RUNTIME_DRIVERs (contrib/edk2/README.md says
#    why), and OVMF's users of those classes (SecMain's and the PEI phase's
#    TDX measurement, which only hash on a TDX guest) get CryptoPkg's
#    BaseCryptLibNull. The
#    script checks from the build report which modules link which instance.
#    PROFILE=small adds the test PEIM contrib/edk2/test/ovmf/FcPei to
#    PEIFV (dispatched after permanent memory, on the instance; an IA32
#    PEIM with PLATFORM=Ia32X64), whose checks must all pass in the first
#    boot.
# 2. Makes test keys with openssl (PK, KEK, db, tools, another key), signs
#    the test image (contrib/edk2/test/ovmf/FcHello) with sbsign, and makes
#    authenticated variables (EFI_VARIABLE_AUTHENTICATION_2, PKCS#7) with
#    efitools. db holds the image key, the tools key (the UEFI shell, which
#    OvmfPkg leaves out of a Secure Boot flash, boots from the disk signed
#    by it) and Microsoft Corporation UEFI CA 2011 (taken from shim's first
#    signature and checked against its published fingerprint).
# 3. Boots the firmware under qemu (q35, SMM, TCG) twice from a FAT
#    directory with a startup.nsh:
#    a) setup mode: enrolls db, KEK, then PK through FcSetVar
#       (contrib/edk2/test/ovmf: SetVariable from an .auth file);
#    b) user mode (Secure Boot on), each image through FcLoad (LoadImage,
#       then StartImage if allowed): the signed image; the unsigned one, the
#       one signed by another key, the signed one with a byte of .text
#       altered; a KEK-signed append to db, then the same append tampered;
#       Debian's shimx64.efi.signed (it runs, and complains that it finds
#       no grubx64.efi); a KEK-signed append to dbx of the image key's
#       certificate hash (EFI_CERT_X509_SHA256); the signed image again.
#    Each outcome is read from the firmware's own serial console.
# 4. Does the same with Debian's OVMF (package ovmf: OVMF_CODE_4M.secboot.fd,
#    built on EDK2's OpenSSL instance) and requires the same outcomes, and
#    the expected ones.
# 5. Boots the fastcrypt firmware once more, in setup mode: FcCapsule
#    (contrib/edk2/test/ovmf) hands FMP capsule images signed by EDK2's
#    test key to SecurityPkg's FmpAuthenticationLibPkcs7 (valid, payload or
#    monotonic count changed, another root trusted), OpenSSL checks the
#    same signature; then it runs EDK2's
#    own BaseCryptLib unit tests (CryptoPkg's TestBaseCryptLibShell, built
#    in the same platform on the instance, with UnitTestFrameworkPkg's
#    UnitTestLib and its console report): every test of a group the
#    instance serves must pass, except the ones failing by design that
#    contrib/edk2/test/cryptopkg/RunGroups.c lists (they sign or generate
#    keys), which must fail; groups of functions it does not serve are
#    reported only.
# 6. Reports the size of the security modules (SecurityStubDxe, which holds
#    DxeImageVerificationLib; VariableSmm, which holds AuthVariableLib;
#    SecureBootConfigDxe) in both flash images (PE32 sections extracted
#    with UEFIExtract), and how much of each is libfastcrypt.a's (the
#    module's linker map).
#
# Not in the test command (it needs an EDK2 tree). Time here (2 vCPUs):
# about 2 minutes for BaseTools' C tools (once per tree), then about 3
# for OVMF, the five boots (about 10 s each) and the size report.
# Installs what it needs from Debian's packages when missing.
#
# Usage: tools/build-ovmf-secureboot.sh EDK2_DIR
#   Environment: PROFILE (kernels: libfastcrypt.a as build-fastcrypt.sh
#   makes it, every kernel, -O3; small: -Os, only the families Secure Boot
#   calls (AES, ML-DSA and the hash-based signatures left out: their
#   BaseCryptLib calls return FALSE), without the MULX, AVX-512 IFMA,
#   AVX2/AVX-512 SHA-2 and Keccak kernels, the SSE2 Montgomery kernel or
#   EC scalar32, the small EC table, FC_COMPACT's smaller code),
#   PLATFORM (X64, the default, or Ia32X64),
#   OUTDIR (default /tmp/ovmf-sb), TARGET (RELEASE or DEBUG,
#   default RELEASE; DEBUG also logs the firmware's debug port to
#   OUTDIR/run-*/debug.log), JOBS (default 2), BUILD (default 1; 0 reuses
#   the firmware already built in OUTDIR).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
edk2=$(cd "${1:?usage: build-ovmf-secureboot.sh EDK2_DIR}" && pwd)
out=${OUTDIR:-/tmp/ovmf-sb}
target=${TARGET:-RELEASE}
profile=${PROFILE:-kernels}
# PLATFORM=X64: OvmfPkgX64.dsc; Ia32X64: OvmfPkgIa32X64.dsc, whose PEI
# phase runs in IA32 (DXE and SMM, where Secure Boot verifies, in X64; EDK2
# c5aa7e7d has no all-IA32 OVMF), so FcPei runs the IA32 instance.
platform=${PLATFORM:-X64}
case $platform in
  X64) archs=(X64) pei_arch=X64 ;;
  Ia32X64) archs=(IA32 X64) pei_arch=IA32 ;;
  *) echo "build-ovmf-secureboot.sh: PLATFORM is X64 or Ia32X64" >&2; exit 2 ;;
esac
deb_code=/usr/share/OVMF/OVMF_CODE_4M.secboot.fd deb_vars=/usr/share/OVMF/OVMF_VARS_4M.fd
jobs=${JOBS:-2}
ws=$out/ws
mkdir -p "$out"
pkgs=(nasm acpica-tools uuid-dev qemu-system-x86 ovmf efitools sbsigntool shim-signed uefitool-cli)
missing=()
for p in "${pkgs[@]}"; do dpkg -s "$p" > /dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq && apt-get install -y -qq "${missing[@]}" > "$out/apt.log" 2>&1 ||
    { cat "$out/apt.log"; exit 1; }
fi
[ -f "$edk2/OvmfPkg/OvmfPkg$platform.dsc" ] || { echo "build-ovmf-secureboot.sh: $edk2 has no OvmfPkg$platform.dsc" >&2; exit 1; }
echo "EDK2 tree: $(git -C "$edk2" log -1 --format='%h %cs' 2>/dev/null || echo "$edk2")"
fw=$ws/Build/OvmfFc$platform/${target}_GCC/FV
bin=$ws/Build/OvmfFc$platform/${target}_GCC/X64

# c_arrays HEADER NAME=FILE...: each file's bytes as a C array NAME.
c_arrays() {
  local header=$1
  shift
  python3 - "$@" > "$header" <<'PY'
import sys
print('/* Generated by tools/build-ovmf-secureboot.sh: do not edit. */')
for arg in sys.argv[1:]:
    name, path = arg.split('=', 1)
    data = open(path, 'rb').read()
    print('STATIC CONST UINT8  %s[] = { %s };' % (name, ', '.join('0x%02x' % b for b in data)))
PY
}

# flip_last_byte IN OUT: IN with its last byte changed.
flip_last_byte() {
  python3 -c "import sys; d = bytearray(open(sys.argv[1], 'rb').read()); d[-1] ^= 1; open(sys.argv[2], 'wb').write(d)" "$1" "$2"
}

# pei_vectors HEADER: FcPei's RSA and PKCS#7 signatures, made with openssl.
pei_vectors() {
  local v=$out/pei-vectors
  rm -rf "$v" && mkdir -p "$v"
  openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 3650 -subj "/CN=fastcrypt OVMF PEI test/" \
    -keyout "$v/key.pem" -out "$v/cert.pem" 2> /dev/null
  openssl x509 -in "$v/cert.pem" -outform DER -out "$v/cert.der"
  python3 -c "import sys; open(sys.argv[1], 'wb').write(b'fastcrypt PEI capsule payload ' * 40)" "$v/msg"
  openssl dgst -sha256 -sign "$v/key.pem" -out "$v/rsa.sig" "$v/msg"
  openssl cms -sign -binary -in "$v/msg" -signer "$v/cert.pem" -inkey "$v/key.pem" -outform DER -out "$v/p7.der"
  openssl rsa -in "$v/key.pem" -noout -modulus | cut -d= -f2 |
    python3 -c "import sys; sys.stdout.buffer.write(bytes.fromhex(sys.stdin.read().strip()))" > "$v/n.bin"
  printf '\001\000\001' > "$v/e.bin"
  c_arrays "$1" mFcPeiMessage="$v/msg" mFcPeiRsaN="$v/n.bin" mFcPeiRsaE="$v/e.bin" mFcPeiRsaSig="$v/rsa.sig" \
    mFcPeiCert="$v/cert.der" mFcPeiP7="$v/p7.der"
}

# capsule_vectors HEADER: FcCapsule's FMP image, assembled with EDK2's own
# FmpAuthHeaderClass and signed as EDK2's capsule tools sign (openssl smime
# over the payload and the monotonic count) by EDK2's test key TestCert
# (issued by TestSub, issued by TestRoot); TestRoot's DER; another root.
capsule_vectors() {
  local v=$out/capsule-vectors keys=$edk2/BaseTools/Source/Python/Pkcs7Sign
  rm -rf "$v" && mkdir -p "$v"
  python3 -c "import struct, sys
payload = b'fastcrypt FMP payload. ' * 64
open(sys.argv[1], 'wb').write(payload)
open(sys.argv[2], 'wb').write(payload + struct.pack('<Q', 7))" "$v/payload" "$v/signed"
  openssl smime -sign -binary -signer "$keys/TestCert.pem" -outform DER -md sha256 \
    -certfile "$keys/TestSub.pub.pem" -in "$v/signed" -out "$v/p7.der"
  openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 3650 -subj "/CN=fastcrypt OVMF other root/" \
    -keyout "$v/other.key" -outform DER -out "$v/other.der" 2> /dev/null
  python3 - "$v" "$edk2/BaseTools/Source/Python" <<'PY'
import sys
v = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from Common.Uefi.Capsule.FmpAuthHeader import FmpAuthHeaderClass
h = FmpAuthHeaderClass()
h.MonotonicCount = 7
h.CertData = open(v + '/p7.der', 'rb').read()
h.Payload = open(v + '/payload', 'rb').read()
open(v + '/image', 'wb').write(h.Encode())
PY
  c_arrays "$1" mFcCapsuleImage="$v/image" mFcCapsuleRoot="$keys/TestRoot.cer" mFcCapsuleOtherRoot="$v/other.der"
}

build_firmware() {
  # BaseTools' C tools: all but BrotliCompress (a submodule; OVMF's flash
  # layout compresses with LZMA).
  if [ ! -x "$edk2/BaseTools/Source/C/bin/VfrCompile" ]; then
    echo "building BaseTools C tools"
    make -C "$edk2/BaseTools/Source/C" -j"$jobs" Common VfrCompile EfiRom GenFfs GenFv GenFw GenSec \
      GenCrc32 LzmaCompress TianoCompress VolInfo DevicePath > "$out/basetools.log" 2>&1 ||
      { tail -30 "$out/basetools.log"; exit 1; }
  fi
  bash tools/edk2-stub-includes.sh "$edk2" MdePkg CryptoPkg MdeModulePkg SecurityPkg UnitTestFrameworkPkg
  local a
  for a in "${archs[@]}"; do
    [ -f "$out/lib-$profile/$a/libfastcrypt.a" ] && continue
    case $profile in
      kernels) lib_type=Release lib_args= ;;
      small) lib_type=MinSizeRel
        lib_args="-DFC_WITH_MULX=OFF -DFC_WITH_AVX512IFMA=OFF -DFC_WITH_SHA_AVX2=OFF -DFC_WITH_KECCAK_AVX2=OFF"
        lib_args+=" -DFC_WITH_KECCAK_AVX512=OFF -DFC_WITH_VAES=OFF -DFC_WITH_MLDSA_X86=OFF -DFC_EC_SMALL_TABLE=ON"
        lib_args+=" -DFC_WITH_AES=OFF -DFC_WITH_MLDSA=OFF -DFC_WITH_HASHSIG=OFF -DFC_WITH_EC_SCALAR32=OFF"
        lib_args+=" -DFC_WITH_SSE2=OFF -DFC_COMPACT=ON" ;;
      *) echo "build-ovmf-secureboot.sh: PROFILE is kernels or small" >&2; exit 2 ;;
    esac
    # IA32: build-fastcrypt.sh keeps the SSE2 Montgomery kernel there.
    CC=$([ "$a" = IA32 ] && echo i686-linux-gnu-gcc || echo gcc) FC_CMAKE_ARGS=$lib_args \
      bash contrib/edk2/build-fastcrypt.sh "$a" "$out/lib-$profile/$a" "$lib_type" > "$out/lib-$a.log" 2>&1 ||
      { cat "$out/lib-$a.log"; exit 1; }
  done
  bash tools/edk2-stage-pkg.sh "$ws"
  rm -rf "$ws/FcOvmfPkg"
  mkdir -p "$ws/FcOvmfPkg" "$ws/Conf"
  cp -r contrib/edk2/test/ovmf/FcHello contrib/edk2/test/ovmf/FcSetVar contrib/edk2/test/ovmf/FcLoad \
    contrib/edk2/test/ovmf/FcCapsule "$ws/FcOvmfPkg/"
  capsule_vectors "$ws/FcOvmfPkg/FcCapsule/FcCapsuleVectors.h"
  # PROFILE=small also puts the test PEIM FcPei into PEIFV (the kernels
  # archive, about 727 KB in a module, exceeds the 605 KB PEIFV has free).
  local fdf=OvmfPkg/OvmfPkg$platform.fdf pei=
  if [ "$profile" = small ]; then
    cp -r contrib/edk2/test/ovmf/FcPei "$ws/FcOvmfPkg/"
    pei_vectors "$ws/FcOvmfPkg/FcPei/FcPeiVectors.h"
    tr -d '\r' < "$edk2/$fdf" | awk '{ print } /^INF +OvmfPkg\/PlatformPei\/PlatformPei\.inf/ {
      print "INF  FcOvmfPkg/FcPei/FcPei.inf" }' > "$ws/FcOvmfPkg/OvmfFc.fdf"
    grep -q FcPei.inf "$ws/FcOvmfPkg/OvmfFc.fdf"
    fdf=FcOvmfPkg/OvmfFc.fdf pei=FcOvmfPkg/FcPei/FcPei.inf
  fi
  # OvmfPkg$platform.dsc with the BaseCryptLib classes remapped, its own
  # output directory, each architecture's archive on its link lines (modules
  # that call no fastcrypt function pull nothing from it), the X64 test
  # applications FcHello, FcSetVar, FcLoad, FcCapsule (contrib/edk2/test/ovmf)
  # and EDK2's TestBaseCryptLibShell, and FcPei in the PEI architecture.
  tr -d '\r' < "$edk2/OvmfPkg/OvmfPkg$platform.dsc" |
    awk -v fdf="$fdf" -v pei="$pei" -v plat="$platform" -v archs="${archs[*]}" -v pei_arch="$pei_arch" '
    /^ *OUTPUT_DIRECTORY *=/ { print "  OUTPUT_DIRECTORY               = Build/OvmfFc" plat; next }
    /^ *FLASH_DEFINITION *=/ { print "  FLASH_DEFINITION               = " fdf; next }
    /BaseCryptLib\|CryptoPkg\/Library\/BaseCryptLib\/(Sec|Pei|Runtime)CryptLib\.inf/ {
      sub(/CryptoPkg\/Library\/BaseCryptLib\/[A-Za-z]+\.inf/, "CryptoPkg/Library/BaseCryptLibNull/BaseCryptLibNull.inf") }
    /BaseCryptLib\|CryptoPkg\/Library\/BaseCryptLib\/[A-Za-z]+\.inf/ {
      sub(/CryptoPkg\/Library\/BaseCryptLib\/[A-Za-z]+\.inf/, "FastCryptPkg/FastCryptLib/FastCryptLib.inf") }
    { print }
    END {
      print ""
      print "[BuildOptions]"
      n = split(archs, a, " ")
      for (i = 1; i <= n; i++) {
        print "  GCC:*_*_" a[i] "_DLINK_FLAGS  = -Wl,-u,memcpy,-u,memset,-u,memcmp,-u,memmove"
        print "  GCC:*_*_" a[i] "_DLINK2_FLAGS = $(FASTCRYPT_LIB)/" a[i] "/libfastcrypt.a"
      }
      print ""
      print "[Components.X64]"
      print "  FcOvmfPkg/FcHello/FcHello.inf"
      print "  FcOvmfPkg/FcSetVar/FcSetVar.inf"
      print "  FcOvmfPkg/FcLoad/FcLoad.inf"
      print "  FcOvmfPkg/FcCapsule/FcCapsule.inf {"
      print "    <LibraryClasses>"
      print "      FmpAuthenticationLib|SecurityPkg/Library/FmpAuthenticationLibPkcs7/FmpAuthenticationLibPkcs7.inf"
      print "  }"
      print "  CryptoPkg/Test/UnitTest/Library/BaseCryptLib/TestBaseCryptLibShell.inf {"
      print "    <LibraryClasses>"
      print "      UnitTestLib|UnitTestFrameworkPkg/Library/UnitTestLib/UnitTestLib.inf"
      print "      UnitTestPersistenceLib|UnitTestFrameworkPkg/Library/UnitTestPersistenceLibNull/UnitTestPersistenceLibNull.inf"
      print "      UnitTestResultReportLib|UnitTestFrameworkPkg/Library/UnitTestResultReportLib/UnitTestResultReportLibConOut.inf"
      print "  }"
      if (pei != "") {
        print "[Components." pei_arch "]"
        print "  " pei " {"
        print "    <LibraryClasses>"
        print "      BaseCryptLib|FastCryptPkg/FastCryptLib/FastCryptLib.inf"
        print "  }"
      }
    }' > "$ws/FcOvmfPkg/OvmfFc.dsc"
  grep -q "FastCryptLib.inf" "$ws/FcOvmfPkg/OvmfFc.dsc"
  (
    cd "$ws"
    export PACKAGES_PATH=$ws:$edk2 EDK_TOOLS_PATH=$edk2/BaseTools
    set +eu
    # shellcheck disable=SC1091
    . "$edk2/edksetup.sh" > "$out/edksetup.log" 2>&1
    set -eu
    build -p FcOvmfPkg/OvmfFc.dsc $(printf -- '-a %s ' "${archs[@]}") -t GCC -b "$target" -n "$jobs" \
      -D SECURE_BOOT_ENABLE=TRUE -D SMM_REQUIRE=TRUE -D NETWORK_ENABLE=FALSE \
      -D FASTCRYPT_LIB="$out/lib-$profile" -y "$out/report.txt" -Y LIBRARY
  ) > "$out/build.log" 2>&1 || {
    grep -E "error|Error|undefined" "$out/build.log" | tail -30
    echo "build-ovmf-secureboot.sh: OVMF build failed (log: $out/build.log)" >&2
    exit 1
  }
}

[ "${BUILD:-1}" = 0 ] || build_firmware
[ -f "$fw/OVMF_CODE.fd" ] || { echo "build-ovmf-secureboot.sh: no $fw/OVMF_CODE.fd" >&2; exit 1; }
# Which modules link which crypto library (the build report's library
# section): OpenSSL in none, fastcrypt in the verifying ones.
awk '/^Module Name:/ {m = $3} /FastCryptLib\.inf/ {f[m] = 1} /BaseCryptLibNull\.inf/ {n[m] = 1}
  /OpensslLib[A-Za-z]*\.inf/ {o[m] = 1}
  END {
    for (k in f) fc = fc " " k
    for (k in n) nl = nl " " k
    for (k in o) os = os " " k
    print "modules on fastcrypt:" fc
    print "modules on BaseCryptLibNull:" nl
    if (os != "") { print "modules linking OpenSSL:" os; exit 1 }
  }' "$out/report.txt" || { echo "build-ovmf-secureboot.sh: OpenSSL is linked" >&2; exit 1; }
for m in SecurityStubDxe VariableSmm SecureBootConfigDxe BaseCryptLibUnitTestShell FcCapsule; do
  awk -v m="$m" '/^Module Name:/ {cur = $3} cur == m && /FastCryptLib\.inf/ {found = 1} END {exit !found}' \
    "$out/report.txt" || { echo "build-ovmf-secureboot.sh: $m does not link the fastcrypt instance" >&2; exit 1; }
done

# ---- keys, images and authenticated variables ----------------------------
k=$out/keys
rm -rf "$k" && mkdir -p "$k"
owner=5f8e4a2c-9d1b-4e6f-a3c7-0b2d4f6e8a10
for n in PK KEK db tools other db2; do
  openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 3650 -subj "/CN=fastcrypt OVMF test $n/" \
    -keyout "$k/$n.key" -out "$k/$n.crt" 2> /dev/null
  openssl x509 -in "$k/$n.crt" -outform DER -out "$k/$n.der"
  cert-to-efi-sig-list -g "$owner" "$k/$n.crt" "$k/$n.esl" > /dev/null
done
# Microsoft Corporation UEFI CA 2011, as shim's first signature carries it
# (checked against its published SHA-1 fingerprint).
shim=/usr/lib/shim/shimx64.efi.signed
python3 - "$shim" "$k/shimsig" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
pe = struct.unpack_from('<I', d, 0x3c)[0]
dd = pe + 24 + (112 if struct.unpack_from('<H', d, pe + 24)[0] == 0x20b else 96)
off, size = struct.unpack_from('<II', d, dd + 4 * 8)
p, i = off, 0
while p < off + size:
    length = struct.unpack_from('<I', d, p)[0]
    open('%s%d.p7' % (sys.argv[2], i), 'wb').write(d[p + 8:p + length])
    p, i = p + ((length + 7) & ~7), i + 1
PY
openssl pkcs7 -inform DER -in "$k/shimsig0.p7" -print_certs |
  awk '/^subject=.*CN *= *Microsoft Corporation UEFI CA 2011/ {f = 1} f; /END CERTIFICATE/ {f = 0}' > "$k/msca2011.crt"
fp=$(openssl x509 -in "$k/msca2011.crt" -noout -fingerprint -sha1 | cut -d= -f2)
[ "$fp" = 46:DE:F6:3B:5C:E6:1C:F8:BA:0D:E2:E6:63:9C:10:19:D0:ED:14:F3 ] ||
  { echo "build-ovmf-secureboot.sh: Microsoft UEFI CA 2011 not found in $shim ($fp)" >&2; exit 1; }
cert-to-efi-sig-list -g 77fa9abd-0359-4d32-bd60-28f4e78f784b "$k/msca2011.crt" "$k/msca2011.esl" > /dev/null
# db: the test images' key, the test tools' key (the shell, FcSetVar and
# FcLoad must still start once the images' key is revoked) and Microsoft's.
cat "$k/db.esl" "$k/tools.esl" "$k/msca2011.esl" > "$k/db-all.esl"
sign() { # signer var esl auth [-a]
  sign-efi-sig-list ${5:-} -g "$owner" -k "$k/$1.key" -c "$k/$1.crt" "$2" "$3" "$4" > /dev/null
}
sign PK PK "$k/PK.esl" "$k/PK.auth"
sign PK KEK "$k/KEK.esl" "$k/KEK.auth"
sign KEK db "$k/db-all.esl" "$k/db.auth"
sign KEK db "$k/db2.esl" "$k/db2.auth" -a
# The same append with one byte of the signed data (the certificate's last
# byte) changed: the PKCS#7 signature no longer matches.
flip_last_byte "$k/db2.auth" "$k/db2-tampered.auth"
# dbx: the db certificate's TBSCertificate SHA-256 (EFI_CERT_X509_SHA256,
# revoked since time zero).
cert-to-efi-hash-list -g "$owner" -s 256 "$k/db.crt" "$k/dbx.esl" > /dev/null
sign KEK dbx "$k/dbx.esl" "$k/dbx.auth" -a
hello=$bin/FcHello.efi
img=$out/images
rm -rf "$img" && mkdir -p "$img"
cp "$hello" "$img/unsigned.efi"
sbsign --key "$k/db.key" --cert "$k/db.crt" --output "$img/signed.efi" "$hello" 2> /dev/null
sbsign --key "$k/other.key" --cert "$k/other.crt" --output "$img/otherkey.efi" "$hello" 2> /dev/null
# One byte of the signed image's code changed (the hash no longer matches).
python3 - "$img/signed.efi" "$img/altered.efi" <<'PY'
import struct, sys
d = bytearray(open(sys.argv[1], 'rb').read())
pe = struct.unpack_from('<I', d, 0x3c)[0]
nsec = struct.unpack_from('<H', d, pe + 6)[0]
sec = pe + 24 + struct.unpack_from('<H', d, pe + 20)[0]
for i in range(nsec):
    name = bytes(d[sec + 40 * i:sec + 40 * i + 8]).rstrip(b'\0')
    raw = struct.unpack_from('<I', d, sec + 40 * i + 20)[0]
    if name == b'.text':
        d[raw + 16] ^= 0x01
        break
else:
    sys.exit('no .text section')
open(sys.argv[2], 'wb').write(d)
PY
# The UEFI shell, which runs startup.nsh, boots from the disk signed by the
# tools key (OvmfPkg leaves it out of the flash when Secure Boot is enabled).
mkdir -p "$img/EFI/BOOT"
sbsign --key "$k/tools.key" --cert "$k/tools.crt" --output "$img/EFI/BOOT/BOOTX64.EFI" "$bin/Shell.efi" 2> /dev/null
cp "$shim" "$img/shimx64.efi"
for t in FcSetVar FcLoad; do
  sbsign --key "$k/tools.key" --cert "$k/tools.crt" --output "$img/$t.efi" \
    "$bin/$t.efi" 2> /dev/null
done
cp "$k"/*.auth "$img/"
cp "$bin/BaseCryptLibUnitTestShell.efi" "$bin/FcCapsule.efi" "$img/"

# ---- boots ------------------------------------------------------------------
# boot NAME CODE VARS NSH: runs the firmware with VARS (changed in place)
# on a FAT directory holding the images and NSH as startup.nsh; prints the
# console's lines, terminal escapes removed.
boot() {
  local d=$out/run-$1
  rm -rf "$d" && mkdir -p "$d" && cp -r "$img" "$d/fat"
  printf '%s\r\n' "fs0:" "${@:4}" "reset -s" > "$d/fat/startup.nsh"
  timeout 900 qemu-system-x86_64 -machine q35,smm=on -global driver=cfi.pflash01,property=secure,value=on \
    -cpu max -m 512 -nographic -no-reboot -net none \
    -drive "if=pflash,format=raw,unit=0,readonly=on,file=$2" -drive "if=pflash,format=raw,unit=1,file=$3" \
    -drive "file=fat:rw:$d/fat,format=raw,media=disk" -serial "file:$d/serial.log" -monitor none \
    -debugcon "file:$d/debug.log" -global isa-debugcon.iobase=0x402 > "$d/qemu.log" 2>&1 || true
  tr -d '\r' < "$d/serial.log" | sed 's/\x1b\[[0-9;?]*[A-Za-z]//g' > "$d/console.log"
}
# Each step prints its marker line, then the shell's status of the command.
step() { printf '%s\r\n' "$2" "echo \"FCSB $1 %lasterror%\""; }
enroll=("$(step enroll-db 'FcSetVar.efi db db.auth')" "$(step enroll-KEK 'FcSetVar.efi KEK KEK.auth')"
  "$(step enroll-PK 'FcSetVar.efi PK PK.auth')")
# Images go through FcLoad: the shell ends a script at a command it cannot
# start, FcLoad prints LoadImage's status and goes on.
checks=("$(step signed 'FcLoad.efi signed.efi')" "$(step unsigned 'FcLoad.efi unsigned.efi')"
  "$(step otherkey 'FcLoad.efi otherkey.efi')" "$(step altered 'FcLoad.efi altered.efi')"
  "$(step var-append 'FcSetVar.efi -a db db2.auth')" "$(step var-tampered 'FcSetVar.efi -a db db2-tampered.auth')"
  "$(step shim 'FcLoad.efi shimx64.efi')" "$(step dbx-write 'FcSetVar.efi -a dbx dbx.auth')"
  "$(step signed-in-dbx 'FcLoad.efi signed.efi')")
run_platform() { # name code vars-template
  cp "$3" "$out/$1-vars.fd"
  boot "$1-enroll" "$2" "$out/$1-vars.fd" "${enroll[@]}"
  boot "$1-secure" "$2" "$out/$1-vars.fd" "${checks[@]}"
}
# outcomes NAME: one line a step, "step: <status of LoadImage or
# SetVariable>", with "+ran" when the image then printed its own line
# (FcHello's, or shim's complaint that it found no grubx64.efi to load).
outcomes() {
  cat "$out/run-$1-enroll/console.log" "$out/run-$1-secure/console.log" | awk '
    /^FcLoad: .*: LoadImage / { sub(/^FcLoad: [^:]*: LoadImage /, ""); r = $0; ran = ""; next }
    /^FcSetVar: [A-Za-z]+: / { sub(/^FcSetVar: [A-Za-z]+: /, ""); r = $0; ran = ""; next }
    /^FcHello: image ran$/ || /^Failed to load image .grubx64\.efi/ { ran = "+ran"; next }
    /^FCSB / { print $2 ": " (r == "" ? "no result" : r ran); r = ""; ran = "" }'
}
expected="enroll-db: Success
enroll-KEK: Success
enroll-PK: Success
signed: Success+ran
unsigned: Access Denied
otherkey: Access Denied
altered: Access Denied
var-append: Success
var-tampered: Security Violation
shim: Success+ran
dbx-write: Success
signed-in-dbx: Access Denied"

run_platform fastcrypt "$fw/OVMF_CODE.fd" "$fw/OVMF_VARS.fd"
outcomes fastcrypt > "$out/outcomes-fastcrypt.txt"
rc=0
if [ "$profile" = small ]; then
  # FcPei, dispatched in the first boot's PEI phase: its last line.
  pei_line=$(grep -a '^FcPei: [0-9]* of [0-9]* checks passed' "$out/run-fastcrypt-enroll/console.log" | head -1)
  echo "PEIM on the instance: ${pei_line:-no FcPei result in the serial log}"
  [ "$pei_line" = "FcPei: 8 of 8 checks passed" ] || { grep -a '^FcPei: FAIL' "$out/run-fastcrypt-enroll/console.log"; rc=1; }
fi
if [ -f "$deb_code" ]; then
  run_platform openssl "$deb_code" "$deb_vars"
  outcomes openssl > "$out/outcomes-openssl.txt"
  paste -d'|' "$out/outcomes-fastcrypt.txt" "$out/outcomes-openssl.txt" |
    awk -F'|' 'BEGIN {printf "%-36s %s\n", "fastcrypt OVMF", "Debian OVMF (EDK2 OpenSSL instance)"} {printf "%-36s %s\n", $1, $2}'
  cmp -s "$out/outcomes-fastcrypt.txt" "$out/outcomes-openssl.txt" ||
    { echo "build-ovmf-secureboot.sh: the two firmwares disagree" >&2; rc=1; }
else
  cat "$out/outcomes-fastcrypt.txt"
  echo "build-ovmf-secureboot.sh: Debian's OVMF (package ovmf) is not installed: no comparison" >&2
  rc=1
fi
# ---- EDK2's own BaseCryptLib unit tests (TestBaseCryptLibShell) on the instance
# A fresh variable store: setup mode, so the unsigned test application runs.
# Every test of a group the instance serves passes, except the ones
# contrib/edk2/test/cryptopkg/RunGroups.c lists as failing by design (they
# sign or generate keys first; contrib/edk2/README.md says why, one by one),
# and TestVerifyMd5, which OVMF's build options compile in (no MD5 here);
# those must fail. Groups of functions it does not serve (DH, PRNG, OAEP,
# big numbers, EdDSA; with PROFILE=small also the families that archive
# leaves out) are reported, not judged. The run must reach its totals.
cp "$fw/OVMF_VARS.fd" "$out/unit-vars.fd"
boot unit "$fw/OVMF_CODE.fd" "$out/unit-vars.fd" "FcCapsule.efi" "BaseCryptLibUnitTestShell.efi"
# FcCapsule (same boot): FMP images through FmpAuthenticationLibPkcs7.
capsule=$(grep -a '^FcCapsule: ' "$out/run-unit/console.log" || true)
echo "PKCS#7-signed FMP images through FmpAuthenticationLibPkcs7:"
sed 's/^FcCapsule: /  /' <<< "$capsule"
[ "$capsule" = "FcCapsule: valid: Success
FcCapsule: payload: Security Violation
FcCapsule: count: Security Violation
FcCapsule: otherroot: Security Violation" ] || { echo "build-ovmf-secureboot.sh: FcCapsule not as expected" >&2; rc=1; }
# The same signature through OpenSSL (cms -verify, EDK2's policy: no time
# check, any purpose): the signed bytes verify, one changed byte does not.
cv=$out/capsule-vectors
openssl x509 -inform DER -in "$edk2/BaseTools/Source/Python/Pkcs7Sign/TestRoot.cer" -out "$cv/root.pem"
flip_last_byte "$cv/signed" "$cv/signed-changed"
ossl_cms() { openssl cms -verify -binary -inform DER -in "$cv/p7.der" -content "$1" -CAfile "$cv/root.pem" \
  -purpose any -no_check_time -out /dev/null > /dev/null 2>&1; }
if ossl_cms "$cv/signed" && ! ossl_cms "$cv/signed-changed"; then
  echo "  OpenSSL on the same signature: valid verifies, a changed byte does not"
else
  echo "build-ovmf-secureboot.sh: OpenSSL disagrees on FcCapsule's signature" >&2; rc=1
fi
unserved="DH verify tests|PRNG verify tests|OAEP encrypt verify tests|Bn verify tests|ED-DSA verify tests"
[ "$profile" = small ] &&
  unserved+="|BlockCipher verify tests|Aead AES Gcm tests|ML-DSA verify tests|SLH-DSA verify tests"
python3 - "$out/run-unit/console.log" contrib/edk2/test/cryptopkg/RunGroups.c "$unserved" <<'PY' || rc=1
import re, sys
log = open(sys.argv[1], errors='replace').read()
src = open(sys.argv[2]).read()
by_design = set(re.findall(r'"([^"]+)"', src[src.index('mByDesign[]'):src.index('};', src.index('mByDesign[]'))]))
# OVMF's .dsc includes NetworkPkg/NetworkBuildOptions.dsc.inc, which
# defines ENABLE_MD5_DEPRECATED_INTERFACES and so adds this test (the host
# runner builds without it); the instance builds no MD5.
by_design.add('TestVerifyMd5()')
unserved = set(sys.argv[3].split('|'))
suite, test, rows = None, None, []
for line in log.splitlines():
    if line.startswith('  SUITE: '):
        suite = line[9:].strip()
    elif line.startswith('  TEST:'):
        test = line[7:].strip()
    elif line.startswith('  STATUS:'):
        rows.append((suite, test, line[9:].strip()))
bad, judged, passed, designed, other = [], 0, 0, 0, {}
for suite, test, status in rows:
    if suite in unserved:
        other.setdefault(suite, [0, 0])[status == 'PASSED' and 0 or 1] += 1
        continue
    judged += 1
    if test in by_design:
        designed += 1
        if status == 'PASSED':
            bad.append('%s / %s passed, but is listed as failing by design' % (suite, test))
    elif status == 'PASSED':
        passed += 1
    else:
        bad.append('%s / %s: %s' % (suite, test, status))
if 'Total Stats' not in log or not rows:
    bad.append('the run did not reach its totals (%d results read)' % len(rows))
print('EDK2 BaseCryptLib unit tests under OVMF (TestBaseCryptLibShell): %d tests in the served groups, '
      '%d passed, %d failed by design (as listed)' % (judged, passed, designed))
for suite in sorted(other):
    print('  not served, reported only: %s: %d passed, %d not' % (suite, other[suite][0], other[suite][1]))
for b in bad:
    print('  NOT AS EXPECTED: ' + b)
sys.exit(1 if bad else 0)
PY

# ---- sizes ---------------------------------------------------------------------
# pe_sizes NAME FD: "module bytes" for the security modules' PE32 sections.
pe_sizes() {
  local d=$out/extract-$1 m f
  rm -rf "$d" && mkdir -p "$d" && cp "$2" "$d/fw.fd"
  (cd "$d" && UEFIExtract fw.fd all > /dev/null 2>&1) || true
  for m in SecurityStubDxe VariableSmm SecureBootConfigDxe; do
    f=$(find "$d/fw.fd.dump" -path "*/[0-9]* $m/[0-9]* PE32 image section/body.bin" | head -1)
    echo "$m ${f:+$(stat -c %s "$f")}"
  done
}
# libfastcrypt.a's share of a module: its input sections in the linker map.
fc_share() {
  local map
  map=$(find "$bin" -path "*/$1/DEBUG/$1.map" | head -1)
  [ -n "$map" ] || { echo "?"; return; }
  python3 - "$map" <<'PY'
import sys
on, total = False, 0
for line in open(sys.argv[1], errors='replace'):
    if line.startswith('Linker script and memory map'):
        on = True
    f = line.split()
    if on and 'libfastcrypt.a(' in line and len(f) >= 3 and f[-2].startswith('0x'):
        total += int(f[-2], 16)
print(total)
PY
}
echo "Security modules, PE32 bytes (fastcrypt OVMF $target, PROFILE=$profile, EDK2 $(git -C "$edk2" log -1 --format=%h 2>/dev/null || echo tree);"
echo "Debian's $(basename "$deb_code"), $(dpkg-query -W -f='${Version}' ovmf 2>/dev/null), EDK2 2022.11 with OpenSSL):"
paste <(pe_sizes fastcrypt "$fw/OVMF_CODE.fd") <(pe_sizes openssl "$deb_code") |
  while read -r m a _ b; do
    printf '  %-20s fastcrypt %8s (libfastcrypt.a %s)   OpenSSL %8s\n' "$m" "$a" "$(fc_share "$m")" "$b"
  done

[ "$(cat "$out/outcomes-fastcrypt.txt")" = "$expected" ] ||
  { echo "build-ovmf-secureboot.sh: fastcrypt's OVMF did not give the expected outcomes:"; echo "$expected"; rc=1; } >&2
[ $rc = 0 ] && echo "build-ovmf-secureboot.sh: Secure Boot outcomes as expected, and as with EDK2's OpenSSL instance; EDK2's unit tests as expected"
exit $rc
