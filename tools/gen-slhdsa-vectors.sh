#!/usr/bin/env bash
# Regenerates tests/vectors/slhdsa/noble_slhdsa.json (and its SHA256SUMS): SLH-DSA
# (FIPS 205) verification vectors for the twelve parameter sets made by an independent
# implementation, @noble/post-quantum: pure SLH-DSA, HashSLH-DSA (pre-hash), invalid
# signatures derived from valid ones, and SPKI DER public keys.
# The output is committed; this script is only needed to regenerate or audit it.
# Output is deterministic (fixed seed, SHAKE256 byte stream, FIPS 205 deterministic
# signing): re-running it with the pinned versions below reproduces the same bytes.
# Takes a few minutes: noble signs the 's' sets slowly.
#
# Usage: tools/gen-slhdsa-vectors.sh
#   Needs node >= 20.19 and npm (the npm registry). Installs the pinned packages
#   into ${FC_NOBLE_PREFIX:-${TMPDIR:-/tmp}/fc-noble}, never into the repository.
set -euo pipefail

NOBLE_PQ_VERSION=0.7.1
NOBLE_HASHES_VERSION=2.4.0 # the exact version @noble/post-quantum 0.7.1 depends on

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix=${FC_NOBLE_PREFIX:-${TMPDIR:-/tmp}/fc-noble}
outdir="$root/tests/vectors/slhdsa"

mkdir -p "$prefix" "$outdir"
npm install --prefix "$prefix" --save-exact --no-audit --no-fund --ignore-scripts \
  --loglevel=error \
  "@noble/post-quantum@$NOBLE_PQ_VERSION" "@noble/hashes@$NOBLE_HASHES_VERSION" >&2

tmp=$(mktemp "$outdir/.noble_slhdsa.json.XXXXXX")
trap 'rm -f "$tmp"' EXIT
# ES modules ignore NODE_PATH: the generator imports from $FC_NOBLE_PREFIX itself.
FC_NOBLE_PREFIX="$prefix" \
  FC_NOBLE_PQ_VERSION="$NOBLE_PQ_VERSION" \
  FC_NOBLE_HASHES_VERSION="$NOBLE_HASHES_VERSION" \
  node "$root/tools/gen_slhdsa_vectors.mjs" "$tmp"
chmod 644 "$tmp"
mv "$tmp" "$outdir/noble_slhdsa.json"
trap - EXIT
(cd "$outdir" && sha256sum noble_slhdsa.json >SHA256SUMS)
echo "wrote $outdir/noble_slhdsa.json and $outdir/SHA256SUMS" >&2
