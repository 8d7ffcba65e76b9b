#!/usr/bin/env bash
# Fetches Debian's signed GRUB (grub-efi-amd64-signed) and signed kernel
# (the image linux-image-amd64 depends on) into DIR, default
# /var/cache/fastcrypt/debian-signed, for tests/cli/test_authenticode.sh:
#   DIR/grubx64.efi.signed, DIR/vmlinuz (both signed by "Debian Secure Boot CA").
# The packages are downloaded and unpacked (apt-get download, dpkg-deb -x),
# not installed: their maintainer scripts would touch the boot setup.
# Does nothing when both files are present.
set -euo pipefail
dir=${1:-/var/cache/fastcrypt/debian-signed}
[ -s "$dir/grubx64.efi.signed" ] && [ -s "$dir/vmlinuz" ] && exit 0
mkdir -p "$dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
kernel_pkg() { apt-cache depends linux-image-amd64 2>/dev/null | sed -n 's/^ *Depends: \(linux-image-[0-9].*-amd64\)$/\1/p' | head -1; }
kernel=$(kernel_pkg || true)
if [ -z "$kernel" ]; then # package lists absent (a cleaned image): fetch them once
  apt-get update -qq
  kernel=$(kernel_pkg || true)
fi
[ -n "$kernel" ] || { echo "fetch-debian-signed: no kernel package behind linux-image-amd64" >&2; exit 1; }
(cd "$work" && apt-get download -q grub-efi-amd64-signed "$kernel" 2>&1 | grep -v "unsandboxed" >&2 || true)
ls "$work"/*.deb >/dev/null 2>&1 || { echo "fetch-debian-signed: apt-get download failed" >&2; exit 1; }
for deb in "$work"/*.deb; do dpkg-deb -x "$deb" "$work/root"; done
cp "$work/root/usr/lib/grub/x86_64-efi-signed/grubx64.efi.signed" "$dir/grubx64.efi.signed"
cp "$work"/root/boot/vmlinuz-* "$dir/vmlinuz"
echo "fetch-debian-signed: grubx64.efi.signed and vmlinuz ($kernel) in $dir"
