#!/usr/bin/env bash
# The benchmark: every usable Montgomery kernel and OpenSSL 3, as markdown
# tables on stdout and JSON records in bench.json (warm loops: fc_bench
# verify), bench-oneshot.json (key set-up + one verification: fc_bench
# oneshot), bench-ec.json (ECDSA P-256/P-384: fc_bench ec),
# bench-pkcs7.json (detached PKCS#7 with a 2-certificate chain: fc_bench pkcs7),
# bench-authenticode.json (Debian's signed shim: fc_bench authenticode) and
# bench-mldsa.json (ML-DSA-44/65/87 per mldsa kernel, and the stack one
# verification uses: fc_bench mldsa), bench-hashsig.json (SLH-DSA, LMS/HSS,
# XMSS per many-stream hash kernel: fc_bench hashsig) and bench-sha256x.json
# (many SHA-256 streams against one: fc_bench sha256x).
# Usage: tools/bench.sh [fc_bench verify options]
#        (from the repository root, as root on Debian 12; e.g. --runs 20,
#        --filter rsa_verify, --kernels scalar32,openssl, --clock thread;
#        `fc_bench verify --help` lists them)
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh gnuplot-nox
out=${FC_BENCH_BUILD_DIR:-build-bench}
args=(-DCMAKE_BUILD_TYPE=Release -DFC_BUILD_BENCH=ON -DFC_BUILD_TESTS=OFF)
case "$(uname -m)" in
  x86_64 | amd64 | i?86) args+=(-DFC_WITH_SSE2=ON) ;;
esac
mkdir -p "$out"
cmake -S . -B "$out" -G Ninja "${args[@]}" > "$out/configure.log" 2>&1 || {
  cat "$out/configure.log"
  exit 1
}
cmake --build "$out" --target fc_bench
json="$PWD/bench.json"
"$out/bench/fc_bench" verify --json "$json" "$@"
echo "JSON records: $json"
# What a caller pays from its first call: key set-up + one verification.
"$out/bench/fc_bench" oneshot --json "$PWD/bench-oneshot.json"
echo "JSON records: $PWD/bench-oneshot.json"
# ECDSA P-256 and P-384: warm key, and key from DER + verification.
"$out/bench/fc_bench" ec --json "$PWD/bench-ec.json"
echo "JSON records: $PWD/bench-ec.json"
# PKCS#7 as EDK2's Pkcs7Verify: RSA-2048 and P-256 chains of two certificates.
"$out/bench/fc_bench" pkcs7 --json "$PWD/bench-pkcs7.json"
echo "JSON records: $PWD/bench-pkcs7.json"
# Authenticode as EDK2's AuthenticodeVerify, on shim-signed's shimx64.efi.signed
# (tools/deps.sh installs it): PE hash vs SHA-256, verification vs OpenSSL.
"$out/bench/fc_bench" authenticode --json "$PWD/bench-authenticode.json"
echo "JSON records: $PWD/bench-authenticode.json"
# ML-DSA-44/65/87 verification per mldsa kernel: warm key, key from raw +
# verification; the stack high-water mark of one verification (no OpenSSL
# column: OpenSSL 3.0 has no ML-DSA; see tools/bench-boringssl.sh and
# tools/bench-mldsa-native.sh for peers).
"$out/bench/fc_bench" mldsa --json "$PWD/bench-mldsa.json"
echo "JSON records: $PWD/bench-mldsa.json"
# Hash-based signatures (SLH-DSA, LMS/HSS, XMSS) per sha256_x / keccak_x
# kernel, the single-stream column beside the many-stream ones, and the
# stack of one verification; many SHA-256 streams against one (peers:
# tools/bench-boringssl.sh, tools/bench-lms-peer.sh, tools/bench-xmss-botan.sh).
"$out/bench/fc_bench" hashsig --json "$PWD/bench-hashsig.json"
echo "JSON records: $PWD/bench-hashsig.json"
"$out/bench/fc_bench" sha256x --json "$PWD/bench-sha256x.json"
echo "JSON records: $PWD/bench-sha256x.json"
