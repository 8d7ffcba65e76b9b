#!/usr/bin/env bash
# Creates, empty, the include directories that EDK2 packages declare inside
# git submodules (mipisyst, openssl, mbedtls, ...) or generated trees, when
# the tree lacks them: `build` stops at a missing one even when the platform
# includes nothing from it. Used by tools/build-edk2-platform.sh and
# tools/build-ovmf-secureboot.sh on trees cloned without submodules.
# Usage: tools/edk2-stub-includes.sh EDK2_DIR PKG...   (e.g. MdePkg CryptoPkg)
set -euo pipefail
edk2=${1:?usage: edk2-stub-includes.sh EDK2_DIR PKG...}
shift
for pkg in "$@"; do
  tr -d '\r' < "$edk2/$pkg/$pkg.dec" |
    awk '/^\[/ {inc = ($0 ~ /^\[Includes/); next} inc && NF == 1 && $1 !~ /^#/ {print $1}' |
    while read -r d; do
      [ -d "$edk2/$pkg/$d" ] || { mkdir -p "$edk2/$pkg/$d"; echo "created empty $pkg/$d (a submodule's, absent)"; }
    done
done
