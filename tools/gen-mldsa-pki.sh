#!/usr/bin/env bash
# Regenerates tests/vectors/mldsa/pki/ (and its SHA256SUMS): ML-DSA certificates
# (RFC 9881: root87 -> inter65 -> leaf44, plus broken variants) and CMS SignedData
# signed by leaf44 (RFC 9882: with and without signed attributes, plus broken
# variants), signed by an independent implementation, @noble/post-quantum, with
# every DER byte encoded by tools/gen_mldsa_pki.mjs itself.
# The output is committed; this script is only needed to regenerate or audit it.
# Output is deterministic (fixed seed, SHAKE256 byte stream, FIPS 204 deterministic
# signing): the script generates twice and requires byte-identical results, and
# re-running it with the pinned versions below reproduces the same bytes.
#
# Checks besides the generator's own (it verifies every signature it makes with
# noble before writing): when the openssl command is installed, every DER file must
# parse with `openssl asn1parse` (OpenSSL 3.0 cannot check ML-DSA signatures, but
# it parses any DER), the certificates with `openssl x509` and the SignedData with
# `openssl cms -cmsout -print`, and the messageDigest attributes must equal
# `openssl dgst -sha512` of content.bin (cms_wrongdigest: of content.bin with its
# last byte XOR 0x01).
#
# Usage: tools/gen-mldsa-pki.sh
#   Needs node >= 20.19 and npm (the npm registry). Installs the pinned packages
#   into ${FC_NOBLE_PREFIX:-${TMPDIR:-/tmp}/fc-noble}, never into the repository.
set -euo pipefail

NOBLE_PQ_VERSION=0.7.1
NOBLE_HASHES_VERSION=2.4.0 # the exact version @noble/post-quantum 0.7.1 depends on

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix=${FC_NOBLE_PREFIX:-${TMPDIR:-/tmp}/fc-noble}
outdir="$root/tests/vectors/mldsa/pki"
FILES=(root87.der inter65.der leaf44.der leaf44_bad.der leaf87_selfsig.der content.bin
  cms_attrs.der cms_noattrs.der cms_attrs_bad.der cms_wrongdigest.der)

mkdir -p "$prefix" "$outdir"
npm install --prefix "$prefix" --save-exact --no-audit --no-fund --ignore-scripts \
  --loglevel=error \
  "@noble/post-quantum@$NOBLE_PQ_VERSION" "@noble/hashes@$NOBLE_HASHES_VERSION" >&2

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fc-mldsa-pki.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# ES modules ignore NODE_PATH: the generator imports from $FC_NOBLE_PREFIX itself.
for run in a b; do
  FC_NOBLE_PREFIX="$prefix" \
    FC_NOBLE_PQ_VERSION="$NOBLE_PQ_VERSION" \
    FC_NOBLE_HASHES_VERSION="$NOBLE_HASHES_VERSION" \
    node "$root/tools/gen_mldsa_pki.mjs" "$tmp/$run"
done
for f in "${FILES[@]}"; do
  cmp "$tmp/a/$f" "$tmp/b/$f" || { echo "$f: two runs differ" >&2; exit 1; }
done

if command -v openssl >/dev/null; then
  cd "$tmp/a"
  for f in *.der; do
    openssl asn1parse -inform DER -in "$f" >/dev/null || { echo "$f: openssl asn1parse refuses it" >&2; exit 1; }
  done
  for f in root87.der inter65.der leaf44.der leaf44_bad.der leaf87_selfsig.der; do
    # 3.0 prints "Unable to load Public Key" for the unknown key type and still parses
    openssl x509 -inform DER -in "$f" -noout -text >/dev/null 2>&1 ||
      { echo "$f: openssl x509 refuses it" >&2; exit 1; }
  done
  md() { # the messageDigest attribute of a SignedData, lowercase hex
    openssl asn1parse -inform DER -in "$1" | grep -A2 ':messageDigest$' |
      sed -n 's/.*OCTET STRING *\[HEX DUMP\]://p' | tr 'A-F' 'a-f'
  }
  sha512() { openssl dgst -sha512 -r | cut -d' ' -f1; }
  want=$(sha512 <content.bin)
  last=$(tail -c 1 content.bin | od -An -tu1 | tr -d ' ')
  other=$({ head -c 299 content.bin; printf %b "\\0$(printf %03o $((last ^ 1)))"; } | sha512)
  for f in cms_attrs.der cms_noattrs.der cms_attrs_bad.der cms_wrongdigest.der; do
    openssl cms -cmsout -print -noout -inform DER -in "$f" >/dev/null ||
      { echo "$f: openssl cms refuses it" >&2; exit 1; }
  done
  for f in cms_attrs.der cms_attrs_bad.der; do
    [ "$(md "$f")" = "$want" ] || { echo "$f: messageDigest is not SHA-512(content.bin)" >&2; exit 1; }
  done
  [ "$(md cms_wrongdigest.der)" = "$other" ] ||
    { echo "cms_wrongdigest.der: messageDigest is not SHA-512 of the changed content" >&2; exit 1; }
  [ -z "$(md cms_noattrs.der)" ] || { echo "cms_noattrs.der: has signed attributes" >&2; exit 1; }
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
