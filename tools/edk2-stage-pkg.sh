#!/usr/bin/env bash
# Stages FastCryptPkg in an EDK2 workspace as contrib/edk2/README.md lays
# it out: the instance's .inf and sources, its .dec and Include directory,
# and fastcrypt's public headers under Include. Replaces an earlier copy.
# Used by tools/build-edk2-platform.sh and tools/build-ovmf-secureboot.sh.
# Usage: tools/edk2-stage-pkg.sh WORKSPACE   (from the repository root)
set -euo pipefail
ws=${1:?usage: edk2-stage-pkg.sh WORKSPACE}
rm -rf "$ws/FastCryptPkg"
mkdir -p "$ws/FastCryptPkg"
cp -r contrib/edk2/FastCryptLib contrib/edk2/Include contrib/edk2/FastCryptPkg.dec "$ws/FastCryptPkg/"
cp -r include/fastcrypt.h include/fastcrypt "$ws/FastCryptPkg/Include/"
