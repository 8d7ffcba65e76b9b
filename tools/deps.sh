#!/usr/bin/env bash
# Installs what the build, the tests and the bench need on Debian 12 (as root).
# Skips apt-get entirely when every package is already installed.
# Usage: tools/deps.sh [extra packages...]   (tools/bench.sh adds gnuplot-nox)
set -euo pipefail
pkgs=(cmake ninja-build gcc g++ clang pkg-config libcpuid-dev libgtest-dev googletest libssl-dev
      gcc-aarch64-linux-gnu g++-aarch64-linux-gnu gcc-i686-linux-gnu g++-i686-linux-gnu qemu-user
      binutils libclang-rt-14-dev valgrind libgmp-dev python3 openssl coreutils jq
      sbsigntool osslsigncode pesign shim-signed "$@")
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# Debian's signed GRUB and kernel for the Authenticode tests (downloaded, not installed)
"$(dirname "$0")/fetch-debian-signed.sh"
