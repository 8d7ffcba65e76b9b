#!/usr/bin/env bash
# Regenerates tests/vectors/slhdsa_pki/ (and its SHA256SUMS): SLH-DSA certificates
# (RFC 9909: root SLH-DSA-SHA2-128s -> inter SLH-DSA-SHAKE-128f -> leaf
# SLH-DSA-SHA2-128s, plus broken variants) and CMS SignedData (RFC 9814: signed by
# the leaf with and without signed attributes, SHA-256, SHA-512 and SHA-224 digests;
# signed by the intermediate with SHAKE128), signed by an independent implementation,
# @noble/post-quantum, with every DER byte encoded by tools/gen_slhdsa_pki.mjs
# itself. The output is committed; this script is only needed to regenerate or audit
# it. Output is deterministic (fixed seed, SHAKE256 byte stream, FIPS 205
# deterministic signing): the script generates twice and requires byte-identical
# results. About two minutes (noble signs SLH-DSA-SHA2-128s in about 4 s).
#
# Checks besides the generator's own (it verifies every signature it makes with
# noble before writing): when the openssl command is installed, every DER file must
# parse with `openssl asn1parse`, the certificates with `openssl x509` and the
# SignedData with `openssl cms -cmsout -print`, and the messageDigest attributes must
# equal `openssl dgst` of content.bin (SHA-256, SHA-512, SHA-224, SHAKE128 with
# -xoflen 32; cms_wrongdigest: of content.bin with its last byte XOR 0x01). OpenSSL
# cannot check the signatures themselves: SLH-DSA arrived in OpenSSL 3.5, and the
# host's is 3.0.
#
# Usage: tools/gen-slhdsa-pki.sh
#   Needs node >= 20.19 and npm (the npm registry). Installs the pinned packages
#   into ${FC_NOBLE_PREFIX:-${TMPDIR:-/tmp}/fc-noble}, never into the repository.
set -euo pipefail

NOBLE_PQ_VERSION=0.7.1
NOBLE_HASHES_VERSION=2.4.0 # the exact version @noble/post-quantum 0.7.1 depends on

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix=${FC_NOBLE_PREFIX:-${TMPDIR:-/tmp}/fc-noble}
outdir="$root/tests/vectors/slhdsa_pki"
FILES=(root.der inter.der leaf.der leaf_bad.der leaf_mismatch.der content.bin
  cms_attrs.der cms_noattrs.der cms_attrs_bad.der cms_wrongdigest.der cms_sha512.der
  cms_sha224.der cms_shake.der cms_shake_noattrs.der)

mkdir -p "$prefix" "$outdir"
npm install --prefix "$prefix" --save-exact --no-audit --no-fund --ignore-scripts \
  --loglevel=error \
  "@noble/post-quantum@$NOBLE_PQ_VERSION" "@noble/hashes@$NOBLE_HASHES_VERSION" >&2

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fc-slhdsa-pki.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# ES modules ignore NODE_PATH: the generator imports from $FC_NOBLE_PREFIX itself.
for run in a b; do
  FC_NOBLE_PREFIX="$prefix" \
    FC_NOBLE_PQ_VERSION="$NOBLE_PQ_VERSION" \
    FC_NOBLE_HASHES_VERSION="$NOBLE_HASHES_VERSION" \
    node "$root/tools/gen_slhdsa_pki.mjs" "$tmp/$run"
done
for f in "${FILES[@]}"; do
  cmp "$tmp/a/$f" "$tmp/b/$f" || { echo "$f: two runs differ" >&2; exit 1; }
done

if command -v openssl >/dev/null; then
  cd "$tmp/a"
  for f in *.der; do
    openssl asn1parse -inform DER -in "$f" >/dev/null || { echo "$f: openssl asn1parse refuses it" >&2; exit 1; }
  done
  for f in root.der inter.der leaf.der leaf_bad.der leaf_mismatch.der; do
    # 3.0 prints "Unable to load Public Key" for the unknown key type and still parses
    openssl x509 -inform DER -in "$f" -noout -text >/dev/null 2>&1 ||
      { echo "$f: openssl x509 refuses it" >&2; exit 1; }
  done
  md() { # the messageDigest attribute of a SignedData, lowercase hex
    openssl asn1parse -inform DER -in "$1" | grep -A2 ':messageDigest$' |
      sed -n 's/.*OCTET STRING *\[HEX DUMP\]://p' | tr 'A-F' 'a-f'
  }
  dgst() { openssl dgst "$@" -r | cut -d' ' -f1; }
  last=$(tail -c 1 content.bin | od -An -tu1 | tr -d ' ')
  other() { head -c 299 content.bin; printf %b "\\0$(printf %03o $((last ^ 1)))"; }
  for f in cms_*.der; do
    openssl cms -cmsout -print -noout -inform DER -in "$f" >/dev/null ||
      { echo "$f: openssl cms refuses it" >&2; exit 1; }
  done
  check() { # file, expected digest
    [ "$(md "$1")" = "$2" ] || { echo "$1: messageDigest is not the expected digest" >&2; exit 1; }
  }
  check cms_attrs.der "$(dgst -sha256 <content.bin)"
  check cms_attrs_bad.der "$(dgst -sha256 <content.bin)"
  check cms_wrongdigest.der "$(other | dgst -sha256)"
  check cms_sha512.der "$(dgst -sha512 <content.bin)"
  check cms_sha224.der "$(dgst -sha224 <content.bin)"
  check cms_shake.der "$(dgst -shake128 -xoflen 32 <content.bin)"
  for f in cms_noattrs.der cms_shake_noattrs.der; do
    [ -z "$(md "$f")" ] || { echo "$f: has signed attributes" >&2; exit 1; }
  done
  cd - >/dev/null
  echo "openssl $(openssl version | cut -d' ' -f2): every file parses, messageDigests match" >&2
else
  echo "openssl not installed: DER not cross-checked" >&2
fi

for f in "${FILES[@]}"; do
  chmod 644 "$tmp/a/$f"
  mv "$tmp/a/$f" "$outdir/$f"
done
(cd "$outdir" && sha256sum "${FILES[@]}" >SHA256SUMS)
echo "wrote ${#FILES[@]} files and SHA256SUMS to $outdir" >&2
