# Shared by tests/cli/test_*.sh (sourced). Each script gets the fastcrypt
# command as $1; FCT_EMU (set by ctest in cross builds) is the emulator that
# runs it. The oracles are host programs: coreutils, the openssl command.
set -euo pipefail
FCT_BIN=${1:?usage: $0 <fastcrypt binary>}
read -r -a FCT_EMU_ARGS <<< "${FCT_EMU:-}"
fct_checks=0
fct_failures=0
FCT_TMP=$(mktemp -d)
trap 'rm -rf "$FCT_TMP"' EXIT

# fct ARGS...: runs the command under test.
fct() { "${FCT_EMU_ARGS[@]}" "$FCT_BIN" "$@"; }

# pass/fail bookkeeping: every script ends with fct_done, which fails when
# a check failed or none ran.
fct_ok() { fct_checks=$((fct_checks + 1)); }
fct_fail() { fct_checks=$((fct_checks + 1)); fct_failures=$((fct_failures + 1)); echo "FAIL: $*" >&2; }

# fct_same_file LABEL EXPECTED_FILE GOT_FILE: byte-for-byte equality.
fct_same_file() {
  if cmp -s "$2" "$3"; then fct_ok; else
    fct_fail "$1: output differs"; diff <(od -c "$2") <(od -c "$3") | head -20 >&2 || true
  fi
}

# fct_status LABEL EXPECTED GOT: exit statuses.
fct_status() {
  if [ "$2" = "$3" ]; then fct_ok; else fct_fail "$1: exit status $3, expected $2"; fi
}

# fct_check_verify LABEL STATUS ARGS...: `fastcrypt verify ARGS` exits with
# STATUS, prints exactly one line on stderr and nothing on stdout.
fct_check_verify() {
  local label=$1 want=$2 st=0
  shift 2
  fct verify "$@" >"$FCT_TMP/out" 2>"$FCT_TMP/err" || st=$?
  fct_status "$label" "$want" "$st"
  if [ "$(wc -l <"$FCT_TMP/err")" -eq 1 ] && [ ! -s "$FCT_TMP/out" ]; then fct_ok; else
    fct_fail "$label: not exactly one stderr line"; cat "$FCT_TMP/err" >&2
  fi
}

fct_done() {
  if [ "$fct_checks" -eq 0 ]; then echo "FAIL: no checks ran" >&2; exit 1; fi
  if [ "$fct_failures" -ne 0 ]; then echo "$fct_failures of $fct_checks checks failed" >&2; exit 1; fi
  echo "$fct_checks checks passed"
}
