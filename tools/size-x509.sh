#!/usr/bin/env bash
# Code size of the x509 family in a verify-only firmware link (docs/x509.md
# "Authenticode speed and size"), as tools/size-firmware.sh measures RSA
# alone: a freestanding x86-64 archive (FC_FREESTANDING=ON, non-PIC,
# -ffunction-sections -fdata-sections, no unwind tables, AES off), then a
# small -nostdlib program written below (fw_size_x509.c: an EFI image's
# Authenticode check as EDK2 makes it, fc_pe_hash, fc_pe_cert_table,
# fc_pe_next_signature, fc_x509_parse, fc_pkcs7_parse,
# fc_authenticode_verify, plus fc_pkcs7_verify, fc_x509_verify_chain,
# fc_rsa_verify, fc_ecdsa_verify and fc_hash(SHA-256) called directly)
# linked with --gc-sections, and once without the library calls: the
# difference in .text, .rodata (all read-only data) and .data is what the
# library adds. Configurations: "kernels" is every kernel built (AES off),
# "portable" the firmware recipe of docs/firmware.md kept with SHA on
# (scalar32 + sse2 Montgomery, scalar SHA and Keccak, ec scalar32 with
# FC_EC_SMALL_TABLE, exponents 2^k + 1 only); each at -Os (MinSizeRel) and
# -O2. Also the added bytes per family, from the link map.
# Usage: tools/size-x509.sh <outdir>   (from anywhere; prints markdown tables;
#        FC_SIZE_JOBS=N parallel jobs, default: the online CPUs)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: tools/size-x509.sh <outdir>}
dir=$out/size-x509
mkdir -p "$dir"
jobs=${FC_SIZE_JOBS:-$(nproc)}
flags="-ffunction-sections -fdata-sections -fno-asynchronous-unwind-tables"
common=(-DFC_FREESTANDING=ON -DFC_BUILD_TESTS=OFF -DFC_BUILD_BENCH=OFF -DFC_WERROR=ON
  -DCMAKE_POSITION_INDEPENDENT_CODE=OFF -DFC_WITH_AES=OFF -DCMAKE_C_COMPILER=gcc)
portable=(-DFC_WITH_ANY_EXPONENT=OFF -DFC_WITH_SCALAR64=OFF -DFC_WITH_MULX=OFF
  -DFC_WITH_AVX512IFMA=OFF -DFC_WITH_SHANI=OFF -DFC_WITH_SHA_AVX2=OFF -DFC_WITH_KECCAK_AVX2=OFF
  -DFC_WITH_KECCAK_AVX512=OFF -DFC_EC_SMALL_TABLE=ON)

# The program: inputs are zero (a loader fills them in real firmware); it is
# measured, never run.
cat > "$dir/fw_size_x509.c" <<'EOF'
/* Written by tools/size-x509.sh: an Authenticode check and the x509
   family's other verifications, for a size measurement only. */
#include <stddef.h>
#include <stdint.h>

#include "fastcrypt.h"

#include "fw_mem.h"

volatile uint8_t image[1 << 16], ca_der[2048], digest[64], sig[512];
volatile int result;
#if !defined(FW_SIZE_BASELINE)
static fc_pkcs7 p7;
static fc_x509_cert ca;
static fc_rsa_pubkey rkey;
static fc_ec_pubkey ekey;
static uint64_t ws[(FC_X509_SIG_WORKSPACE_BYTES + 7) / 8];
#endif

void _start(void) {
#if !defined(FW_SIZE_BASELINE)
  const uint8_t *img = (const uint8_t *)image, *d = (const uint8_t *)digest;
  const uint8_t *s = (const uint8_t *)sig;
  uint8_t h[32];
  fc_slice table, p7der;
  fc_err rc = fc_x509_parse(&ca, (const uint8_t *)ca_der, sizeof ca_der);
  if (rc == FC_OK) rc = fc_pe_hash(FC_SHA256, img, sizeof image, h);
  if (rc == FC_OK) rc = fc_pe_cert_table(img, sizeof image, &table);
  if (rc == FC_OK) rc = fc_pe_next_signature(&table, &p7der);
  if (rc == FC_OK) rc = fc_pkcs7_parse(&p7, p7der.p, p7der.len);
  if (rc == FC_OK)
    rc = fc_authenticode_verify(&p7, h, sizeof h, &ca, 1, FC_X509_PARTIAL_CHAIN, 0, ws, sizeof ws, NULL);
  if (rc == FC_OK) /* a detached SignedData, as a capsule's */
    rc = fc_pkcs7_verify(&p7, img, 4096, &ca, 1, FC_X509_PARTIAL_CHAIN, 0, ws, sizeof ws, NULL);
  if (rc == FC_OK)
    rc = fc_x509_verify_chain(&p7.certs[0], p7.certs, p7.n_certs, &ca, 1, FC_X509_PARTIAL_CHAIN, 0,
                              ws, sizeof ws, NULL);
  if (rc == FC_OK) rc = fc_hash(FC_SHA256, img, sizeof image, h);
  if (rc == FC_OK) rc = fc_x509_rsa_key(&ca, &rkey);
  if (rc == FC_OK) rc = fc_rsa_verify(&rkey, FC_SHA256, h, sizeof h, s, 256);
  if (rc == FC_OK) rc = fc_x509_ec_key(&ca, &ekey);
  if (rc == FC_OK) rc = fc_ecdsa_verify(&ekey, d, 32, s, 72);
  result = rc;
#else
  result = image[0] + ca_der[0] + digest[0] + sig[0];
#endif
  for (;;) {
  }
}
EOF

# sections <elf>: ".text .rodata .data" byte counts (.rodata: every
# read-only data section; .data: .data and .data.rel.ro)
sections() {
  size -A "$1" | awk '$1 == ".text" {t += $2} $1 ~ /^\.rodata/ {r += $2}
    $1 ~ /^\.data/ {d += $2} END {print t + 0, r + 0, d + 0}'
}

# family <map>: the library's bytes in the link per family, from the map's
# input sections (an object's name gives its family: src/<family>/), then
# " | " and the library's own .bss (the program's buffers left out).
family() {
  awk '
    function hex(s, v, i) { v = 0; s = tolower(substr(s, 3))
      for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
      return v }
    /^Linker script and memory map/ {on = 1}
    !on {next}
    /^ (\.(text|rodata|data|bss)|COMMON)/ {
      if (NF == 1) { getline nxt; $0 = $0 " " nxt }
      if ($4 ~ /libfastcrypt\.a\(/) {
        o = $4; sub(/.*\(/, "", o); sub(/\.[cS]\.o\)$/, "", o)
        f = "core"
        if (o ~ /^(x509|pkcs7|pe_image|authenticode|timestamp)/) f = "x509"
        else if (o ~ /^(rsa|der$)/) f = "rsa"
        else if (o ~ /^(mont|modpow|bn_)/) f = "bn"
        else if (o ~ /^ec/) f = "ec"
        else if (o ~ /^(sha|hash|hmac|keccak|parallelhash)/) f = "hash"
        if ($1 ~ /^(\.bss|COMMON)/) bss += hex($3); else n[f] += hex($3)
      }
    }
    END {s = ""; split("x509 rsa bn ec hash core", k, " ")
      for (i = 1; i <= 6; i++) s = s sprintf("%s%s %d", i > 1 ? ", " : "", k[i], n[k[i]])
      print s " | " bss + 0}' "$1"
}

# measure <label> <O2|Os> <cmake options...>
measure() {
  local label=$1 opt=$2 b=$dir/$1-$2 bt=() copt
  shift 2
  case $opt in
    Os) bt=(-DCMAKE_BUILD_TYPE=MinSizeRel); copt=-Os ;;
    O2) bt=(-DCMAKE_BUILD_TYPE=Release "-DCMAKE_C_FLAGS_RELEASE=-O2 -DNDEBUG"); copt=-O2 ;;
  esac
  rm -rf "$b"
  cmake -S . -B "$b" -G Ninja "${common[@]}" "${bt[@]}" "-DCMAKE_C_FLAGS=$flags" "$@" \
    > "$b.configure.log" 2>&1 || { cat "$b.configure.log"; return 1; }
  cmake --build "$b" -j "$jobs" --target fastcrypt > "$b.build.log" 2>&1 || { cat "$b.build.log"; return 1; }
  local cflags=(-std=c11 "$copt" -Wall -Wextra -Werror -ffreestanding -fno-builtin
    -fno-tree-loop-distribute-patterns -fno-stack-protector -fno-pie -fno-pic $flags -I include
    -I tests/firmware)
  gcc "${cflags[@]}" "$dir/fw_size_x509.c" "$b/src/libfastcrypt.a" -nostdlib -static -no-pie \
    -Wl,--gc-sections -Wl,-Map,"$b/fw_size_x509.map" -o "$b/fw_size_x509"
  gcc "${cflags[@]}" -DFW_SIZE_BASELINE "$dir/fw_size_x509.c" -nostdlib -static -no-pie \
    -Wl,--gc-sections -o "$b/fw_base"
  local a z
  read -r -a a <<< "$(sections "$b/fw_size_x509")"
  read -r -a z <<< "$(sections "$b/fw_base")"
  local t=$((a[0] - z[0])) r=$((a[1] - z[1])) d=$((a[2] - z[2]))
  echo "| x86_64 | $label | -$opt | $t | $r | $d | $((t + r + d)) | $(family "$b/fw_size_x509.map") |"
}

echo "| arch | configuration | opt | .text | .rodata | .data | added (bytes) | per family (text + rodata + data) | library .bss |"
echo "|---|---|---|---:|---:|---:|---:|---|---:|"
measure kernels Os
measure kernels O2
measure portable Os "${portable[@]}"
measure portable O2 "${portable[@]}"
