#!/usr/bin/env bash
# The cost of wiping secrets (docs/wiping.md "Cost"): instructions per
# call of the keyed calls from valgrind's callgrind (exact counts; under
# valgrind this CPU shows no AVX-512 and no SHA-NI, so the aesni, pclmul and
# avx2 kernels run, and the burn's AVX form), for this tree's archive and,
# if given, another one (e.g. a build of the commit before the wiping);
# then the burn alone in wall-clock time on this CPU (bench/wipe_cost.c).
# Usage: tools/wipe-cost.sh <libfastcrypt.a> [<libfastcrypt.a to compare>]
set -euo pipefail
cd "$(dirname "$0")/.."
lib=$1 other=${2:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -I include bench/wipe_cost.c "$lib" -lcpuid -o "$tmp/new"
if [ -n "$other" ]; then
  # the calls mode only: the other archive may predate fc__burn_get
  cc -O2 -DWIPE_COST_CALLS_ONLY -I include bench/wipe_cost.c "$other" -lcpuid -o "$tmp/old"
fi
count() { # binary, case, n
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$1" calls "$2" "$3" > /dev/null 2>&1 ||
    { echo "wipe_cost $2 failed under valgrind" >&2; exit 1; }
  callgrind_annotate "$tmp/cg" 2> /dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}
per_call() { # binary, case, n
  echo $((($(count "$1" "$2" $(($3 + 1))) - $(count "$1" "$2" 1)) / $3))
}
printf '| call | instructions |%s\n' "${other:+ other archive | change |}"
printf '|---|---:|%s\n' "${other:+---:|---:|}"
"$tmp/new" list | while read -r c name; do
  n=100
  [ "$c" = 8 ] && n=10
  new=$(per_call "$tmp/new" "$c" "$n")
  if [ -n "$other" ]; then
    old=$(per_call "$tmp/old" "$c" "$n")
    awk -v n="$name" -v a="$new" -v b="$old" 'BEGIN { printf "| %s | %d | %d | %+.1f%% |\n", n, a, b, (a - b) * 100 / b }'
  else
    printf '| %s | %d |\n' "$name" "$new"
  fi
done
"$tmp/new" burn
