#!/usr/bin/env bash
# Runs the README's quick-start examples (examples/verify_file.c,
# sha256_file.c, gcm_open.c, sha3_file.c), built against the installed
# package by tests/host_install.cmake, with real clients as the oracles: a
# key and signatures made by the openssl command, digests from coreutils'
# sha256sum and from openssl dgst (SHA3-256, SHAKE256), a NIST CAVP
# AES-256-GCM known answer and SP 800-185's ParallelHash256 sample.
# Usage: tests/quickstart.sh <dir with the example binaries> <source dir>
set -euo pipefail
bin=${1:?usage: quickstart.sh <bin dir> <source dir>}
src=${2:?usage: quickstart.sh <bin dir> <source dir>}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
checks=0
fail() { echo "quickstart: FAIL: $*" >&2; exit 1; }
expect() { # <label> <exit status> <command...>
  local label=$1 want=$2 rc=0
  shift 2
  "$@" > "$tmp/out" 2> "$tmp/err" || rc=$?
  [ "$rc" = "$want" ] || fail "$label: exit $rc, expected $want: $(cat "$tmp/out" "$tmp/err")"
  checks=$((checks + 1))
}

# sha256_file against sha256sum, on an empty, a one-block and a large file.
: > "$tmp/empty"
printf abc > "$tmp/abc"
head -c 1000003 /dev/urandom > "$tmp/big"
for f in "$tmp/empty" "$tmp/abc" "$tmp/big"; do
  expect "sha256_file $(basename "$f")" 0 "$bin/sha256_file" "$f"
  [ "$(cat "$tmp/out")" = "$(sha256sum "$f")" ] || fail "sha256_file $f: $(cat "$tmp/out")"
done

# sha3_file against openssl dgst (SHA3-256, SHAKE256 to 64 bytes) on the same
# files, and its ParallelHash256 line on SP 800-185's sample #1 (B = 8, S = "").
for f in "$tmp/empty" "$tmp/abc" "$tmp/big"; do
  expect "sha3_file $(basename "$f")" 0 "$bin/sha3_file" "$f"
  want=$(openssl dgst -sha3-256 -r "$f" | cut -d' ' -f1)
  grep -qx "SHA3-256 $want" "$tmp/out" || fail "sha3_file $f: $(cat "$tmp/out"), openssl $want"
  want=$(openssl dgst -shake256 -xoflen 64 -r "$f" | cut -d' ' -f1)
  grep -qx "SHAKE256 $want" "$tmp/out" || fail "sha3_file $f: $(cat "$tmp/out"), openssl $want"
done
printf '\x00\x01\x02\x03\x04\x05\x06\x07\x10\x11\x12\x13\x14\x15\x16\x17\x20\x21\x22\x23\x24\x25\x26\x27' > "$tmp/ph"
expect "sha3_file ParallelHash sample" 0 "$bin/sha3_file" "$tmp/ph" 8
grep -qx "ParallelHash256 bc1ef124da34495e948ead207dd9842235da432d2bbc54b4c110e64c451105531b7f2a3e0ce055c02805e7c2de1fb746af97a1dd01f43b824e31b87612410429" "$tmp/out" ||
  fail "sha3_file ParallelHash sample: $(cat "$tmp/out")"

# verify_file on signatures by the openssl command.
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$tmp/key.pem" 2> /dev/null
openssl pkey -in "$tmp/key.pem" -pubout -outform DER -out "$tmp/key.der"
openssl dgst -sha256 -sign "$tmp/key.pem" -out "$tmp/big.sig" "$tmp/big"
openssl dgst -sha256 -sign "$tmp/key.pem" -out "$tmp/abc.sig" "$tmp/abc"
expect "verify_file valid" 0 "$bin/verify_file" "$tmp/key.der" "$tmp/big.sig" "$tmp/big"
grep -qx "signature OK" "$tmp/out" || fail "verify_file valid: $(cat "$tmp/out")"
expect "verify_file another file's signature" 1 "$bin/verify_file" "$tmp/key.der" "$tmp/abc.sig" "$tmp/big"
cp "$tmp/big" "$tmp/big2"
printf x >> "$tmp/big2"
expect "verify_file changed file" 1 "$bin/verify_file" "$tmp/key.der" "$tmp/big.sig" "$tmp/big2"
expect "verify_file not a key" 2 "$bin/verify_file" "$tmp/big.sig" "$tmp/big.sig" "$tmp/big"

# gcm_open on a NIST CAVP record: AES-256, 96-bit IV, no AAD, 128-bit tag, a plaintext.
rec=$(awk '/^\[Keylen = 256\]/{k=1} /^\[Keylen = /&&!/256/{k=0}
  /^\[IVlen = /{iv=($0 ~ /= 96\]/)} /^\[AADlen = /{aad=($0 ~ /= 0\]/)} /^\[Taglen = /{tl=($0 ~ /= 128\]/)}
  /^\[PTlen = /{pl=($0 !~ /= 0\]/)}
  k&&iv&&aad&&tl&&pl&&/^Key = /{key=$3} k&&iv&&aad&&tl&&pl&&/^IV = /{ivv=$3}
  k&&iv&&aad&&tl&&pl&&/^CT = /{ct=$3} k&&iv&&aad&&tl&&pl&&/^Tag = /{tag=$3}
  k&&iv&&aad&&tl&&pl&&/^PT = /{print key, ivv, ct, tag, $3; exit}' \
  "$src/tests/vectors/nist/aes/gcm/gcmDecrypt256.rsp")
read -r key iv ct tag pt <<< "$rec"
[ -n "${pt:-}" ] || fail "no NIST record found"
unhex() { python3 -c 'import sys; sys.stdout.buffer.write(bytes.fromhex(sys.argv[1]))' "$1"; }
unhex "$key" > "$tmp/k"
unhex "$iv$ct$tag" > "$tmp/blob"
unhex "$pt" > "$tmp/pt"
expect "gcm_open NIST" 0 "$bin/gcm_open" "$tmp/k" "$tmp/blob" "$tmp/plain"
cmp -s "$tmp/plain" "$tmp/pt" || fail "gcm_open: plaintext differs from NIST's"
# The same blob with its last tag byte changed: refused, nothing written.
unhex "$iv$ct${tag%??}$(printf '%02x' $(( (0x${tag: -2} ^ 1) )))" > "$tmp/blob.bad"
expect "gcm_open bad tag" 1 "$bin/gcm_open" "$tmp/k" "$tmp/blob.bad" "$tmp/plain.bad"
[ ! -e "$tmp/plain.bad" ] || fail "gcm_open wrote output for a bad tag"
echo "quickstart: $checks checks passed"
