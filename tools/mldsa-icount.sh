#!/usr/bin/env bash
# Guest instructions one ML-DSA verification (fc_mldsa_verify, pure mode)
# takes under qemu-aarch64, per mldsa kernel and parameter set (an operation
# count: there is no AArch64 hardware here, and qemu's timings mean nothing).
# Counting as tools/ec-icount.sh does (tools/qemu-icount.awk over -d
# in_asm,exec,nochain): bench/mldsa_loop.c run with 1 and 3 verifications,
# the kernel pinned with FASTCRYPT_IMPL=mldsa=<kernel>; prints the
# difference / 2, and each kernel's ratio to scalar's.
# The signature: the first valid pure-mode entry with a 1-byte message of
# each parameter set in tests/vectors/mldsa/noble_mldsa.json.
# Usage: tools/mldsa-icount.sh <libfastcrypt.a for aarch64> [kernels...]
#        (default kernels: scalar neon)
set -euo pipefail
cd "$(dirname "$0")/.."
lib=$1
shift
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(scalar neon)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/mldsa_loop
aarch64-linux-gnu-gcc -O2 -static -I include bench/mldsa_loop.c "$lib" -o "$bin"
python3 - "$tmp" <<'EOF'
import json, sys
tmp = sys.argv[1]
tests = json.load(open("tests/vectors/mldsa/noble_mldsa.json"))["tests"]
for p in (44, 65, 87):
    t = next(t for t in tests if t["param"] == p and t["mode"] == "pure"
             and t["result"] == "valid" and len(t["msg"]) == 2)
    for f in ("pk", "msg", "ctx", "sig"):
        open(f"{tmp}/{p}.{f}", "wb").write(bytes.fromhex(t[f]))
EOF
count() { # kernel param reps
  FASTCRYPT_IMPL=mldsa=$1 QEMU_CPU=max qemu-aarch64 -d in_asm,exec,nochain -D /dev/stdout \
    "$bin" "$2" "$tmp/$2.pk" "$tmp/$2.msg" "$tmp/$2.ctx" "$tmp/$2.sig" "$3" 2>/dev/null |
    awk -f tools/qemu-icount.awk
}
declare -A per
for p in 44 65 87; do
  for k in "${kernels[@]}"; do
    # A refused pin or a failed verification must not be counted as cheap.
    FASTCRYPT_IMPL=mldsa=$k QEMU_CPU=max qemu-aarch64 "$bin" "$p" "$tmp/$p.pk" "$tmp/$p.msg" \
      "$tmp/$p.ctx" "$tmp/$p.sig" 1 2>"$tmp/err" ||
      { echo "mldsa_loop $k $p failed (status $?)" >&2; exit 1; }
    grep -qx "mldsa kernel: $k" "$tmp/err" || { echo "mldsa_loop: $k not active" >&2; exit 1; }
    read -r n1 _ < <(count "$k" "$p" 1)
    read -r n3 _ < <(count "$k" "$p" 3)
    per[$k.$p]=$(((n3 - n1) / 2))
    line="$k ML-DSA-$p verify: ${per[$k.$p]} instructions"
    if [ -n "${per[scalar.$p]:-}" ] && [ "$k" != scalar ]; then
      line+=" ($(python3 -c "print(f'{${per[$k.$p]} / ${per[scalar.$p]}:.3f}')") x scalar)"
    fi
    echo "$line"
  done
done
