#!/usr/bin/env bash
# fastcrypt against BoringSSL in one process (bench/boringssl_compare.c): AES-GCM
# seal and open (16 B to 16 KiB), streaming GCM against the one-shot call,
# SHA-1/256/512 and HMAC-SHA-256 at 64 B and 16 KiB, RSA-2048/4096 key from DER
# + verify and warm verify, ECDSA P-256/P-384 key from SubjectPublicKeyInfo +
# verify and warm verify, ML-DSA-65/87 (FIPS 204, pure; a BoringSSL with
# include/openssl/mldsa.h: MLDSA65_verify, MLDSA87_verify) key from the raw
# encoding + verify (mldsa65-parse-raw+verify: fc_mldsa_pubkey_init against
# MLDSA65_parse_public_key) and warm verify (mldsa65-verify-warm), on the
# one signature per parameter set of bench/mldsa_data.h (generated from
# tests/vectors/mldsa/noble_mldsa.json; `-- mldsa` runs only those; fastcrypt
# uses its automatic mldsa kernel, printed in the header), and SLH-DSA
# (FIPS 205, pure, empty context; a BoringSSL with include/openssl/slhdsa.h)
# SHA2-128s (SLHDSA_SHA2_128S_verify) and SHAKE-256f (SLHDSA_SHAKE_256F_verify,
# when slhdsa.h has it; BoringSSL has no SHAKE-128s), the raw key loaded on
# every call on both sides (slhdsa-sha2-128s-raw+verify: fc_slhdsa_pubkey_init
# + fc_slhdsa_verify), on bench/slhdsa_data.h's signatures (generated from
# tests/vectors/slhdsa/noble_slhdsa.json; `-- slhdsa` runs only those). The two
# libraries alternate round by round; every result is checked, and outputs
# are compared between them before timing.
# Not part of the test command: it needs a BoringSSL built outside the
# repository (no BoringSSL code is in this tree), e.g.
#   cmake -S boringssl -B boringssl/build -G Ninja -DCMAKE_BUILD_TYPE=Release
#   cmake --build boringssl/build --target crypto
# Usage: tools/bench-boringssl.sh BSSL_DIR [FC_BUILD_DIR] [-- boringssl_compare args]
#   BSSL_DIR      BoringSSL source tree with build/libcrypto.a
#   FC_BUILD_DIR  a Release build of this tree (default build-bench; built here
#                 with --target fastcrypt if missing)
#   args          -r rounds (41), -t ms per round (2), -c cpu, -T (thread CPU
#                 clock), -l, case filters
set -euo pipefail
cd "$(dirname "$0")/.."
bssl=${1:?usage: tools/bench-boringssl.sh BSSL_DIR [FC_BUILD_DIR] [-- args]}
shift
fcb=build-bench
if [ $# -gt 0 ] && [ "$1" != "--" ]; then fcb=$1; shift; fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
[ -f "$bssl/build/libcrypto.a" ] || { echo "bench-boringssl: $bssl/build/libcrypto.a not found"; exit 1; }
if [ ! -f "$fcb/src/libfastcrypt.a" ]; then
  cmake -S . -B "$fcb" -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
  cmake --build "$fcb" --target fastcrypt
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# RSA keys and signatures from the openssl command (e = 65537)
printf 'fastcrypt vs boringssl rsa benchmark message\n' > "$tmp/msg.bin"
openssl dgst -sha256 -binary "$tmp/msg.bin" > "$tmp/msg.sha256"
for b in 2048 4096; do
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:$b -pkeyopt rsa_keygen_pubexp:65537 \
    -out "$tmp/rsa$b.key.pem" 2> /dev/null
  openssl pkey -in "$tmp/rsa$b.key.pem" -pubout -outform DER -out "$tmp/rsa$b.spki.der"
  openssl rsa -in "$tmp/rsa$b.key.pem" -RSAPublicKey_out -outform DER -out "$tmp/rsa$b.pkcs1.der" 2> /dev/null
  openssl dgst -sha256 -sign "$tmp/rsa$b.key.pem" -out "$tmp/rsa$b.sig" "$tmp/msg.bin"
done
# ECDSA keys and DER signatures from the openssl command
openssl dgst -sha384 -binary "$tmp/msg.bin" > "$tmp/msg.sha384"
for c in 256:prime256v1:sha256 384:secp384r1:sha384; do
  IFS=: read -r b curve h <<< "$c"
  openssl ecparam -name "$curve" -genkey -noout -out "$tmp/ec$b.key.pem" 2> /dev/null
  openssl ec -in "$tmp/ec$b.key.pem" -pubout -outform DER -out "$tmp/ec$b.spki.der" 2> /dev/null
  openssl dgst -"$h" -sign "$tmp/ec$b.key.pem" -out "$tmp/ec$b.sig" "$tmp/msg.bin"
done
cpuid=
nm "$fcb/src/libfastcrypt.a" > "$tmp/nm.txt" 2> /dev/null || true
if grep -q ' U cpu_identify\| U cpuid_\| U cpu_exec_cpuid' "$tmp/nm.txt"; then cpuid=-lcpuid; fi
bssl_commit=$(git -C "$bssl" rev-parse HEAD 2> /dev/null || cat "$bssl/COMMIT" 2> /dev/null || echo unknown)
# print the multi-stream SHA-256 kernel too where this tree has that op
sha256x=
grep -q FC_OP_SHA256_X include/fastcrypt/core.h && sha256x=-DCMP_SHA256_X
fc_desc="$(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo +dirty), $fcb"
cc -O2 -std=c11 -Wall -Wextra $sha256x -DCMP_KEYDIR="\"$tmp\"" -DBSSL_COMMIT="\"$bssl_commit\"" \
  -DFC_DESC="\"$fc_desc\"" -I include -I "$bssl/include" bench/boringssl_compare.c \
  -o "$tmp/boringssl_compare" "$fcb/src/libfastcrypt.a" $cpuid "$bssl/build/libcrypto.a" \
  -lstdc++ -lpthread
"$tmp/boringssl_compare" "$@"
