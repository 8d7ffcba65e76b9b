# fastcrypt sha1sum ... sha512sum against GNU coreutils' commands of the same
# names (the oracle): stdout byte for byte, stderr with our "fastcrypt: "
# prefix removed, exit statuses. Run by ctest as cli_sums.
source "$(dirname "$0")/lib.sh"
export LC_ALL=C # coreutils' messages and quoting in the C locale, as ours
src=$(cd "$(dirname "$0")/../.." && pwd)
W=$FCT_TMP/w
mkdir "$W"
cd "$W" || exit 1

# same ALG LABEL ARGS...: coreutils' ALG and ours with ARGS, standard input
# from $IN (a file; piped through cat when PIPE=1). Compares the three.
IN=/dev/null
PIPE=0
same() {
  local alg=$1 label=$2 es=0 gs=0
  shift 2
  if [ "$PIPE" = 1 ]; then
    cat "$IN" | "$alg" "$@" >"$FCT_TMP/e.out" 2>"$FCT_TMP/e.err" || es=$?
    cat "$IN" | fct "$alg" "$@" >"$FCT_TMP/g.out" 2>"$FCT_TMP/g.raw" || gs=$?
  else
    "$alg" "$@" <"$IN" >"$FCT_TMP/e.out" 2>"$FCT_TMP/e.err" || es=$?
    fct "$alg" "$@" <"$IN" >"$FCT_TMP/g.out" 2>"$FCT_TMP/g.raw" || gs=$?
  fi
  sed -e "s/^fastcrypt: $alg: /$alg: /" -e "s/^Try 'fastcrypt $alg --help'/Try '$alg --help'/" \
    "$FCT_TMP/g.raw" >"$FCT_TMP/g.err"
  fct_same_file "$alg $label: stdout" "$FCT_TMP/e.out" "$FCT_TMP/g.out"
  fct_same_file "$alg $label: stderr" "$FCT_TMP/e.err" "$FCT_TMP/g.err"
  fct_status "$alg $label" "$es" "$gs"
}

# Inputs: sizes around the 64- and 128-byte blocks (and their length
# fields), a few KiB, 1 MiB of random bytes.
sizes=()
for n in 0 1 55 56 63 64 65 111 112 119 120 127 128 129 191 192 255 256 257 1000 4096 5000; do
  head -c "$n" /dev/urandom >"s$n"
  sizes+=("s$n")
done
head -c 1048576 /dev/urandom >big
printf 'abc' >abc
# Names coreutils escapes (backslash, newline, carriage return) or quotes.
weird=('with space' 'back\slash' $'new\nline' $'carriage\rreturn' $'both\\\nx' ' lead' '-dash'
       "it's" 'star*' $'tab\there' 'trail\')
for f in "${weird[@]}"; do printf '%s' "$f" >"$f"; done
mkdir dir
missing=(nofile 'no file' "no'file" $'no\nfile' $'it\'s\n' ':colon' '#hash' '~tilde' 'a=b' '{' \
         $'\xc3\xa9t\xc3\xa9' 'a\b' '$x' 'a]b' "a'\$b" $'\ttab')
zeros=00000000000000000000

for alg in sha1sum sha224sum sha256sum sha384sum sha512sum; do
  # --- printing ---
  same $alg sizes "${sizes[@]}" big abc
  IN=big; same $alg 'stdin, no FILE'
  same $alg 'stdin as -, twice' - abc -
  PIPE=1; same $alg 'piped stdin'; same $alg 'piped stdin as -, -b' -b -; PIPE=0
  IN=/dev/null
  same $alg 'escaped names' -- "${weird[@]}"
  same $alg '--tag' --tag -- abc "${weird[@]}"
  same $alg '-z' -z -- abc "${weird[@]}"
  same $alg '-b, options after files' abc 'with space' $'new\nline' -b
  same $alg '-t' -t abc 'back\slash'
  same $alg '-bz' -bz abc $'new\nline'
  same $alg '--tag -z' --tag -z abc $'new\nline'
  same $alg '-t --tag --binary' -t --tag --binary abc
  same $alg '--zero --text abbreviated' --ze --te abc 'back\slash'
  same $alg 'missing, quoted names, directory' abc "${missing[@]}" dir s0
  same $alg '-- ends options' -- -dash --tag

  # --- checking ---
  "$alg" -- "${sizes[@]}" abc "${weird[@]}" >ok.sum
  "$alg" --tag -b -- abc "${weird[@]}" >tag.sum
  same $alg 'check: all OK' -c ok.sum
  same $alg 'check: --tag lines, --quiet' --check --quiet tag.sum
  # A mismatch (also for a name with a newline), a missing file, a directory,
  # bad lines of every kind, comments, CRLF, upper-case hex, escapes.
  h=$(head -n 1 ok.sum | cut -d' ' -f1) # the empty file's digest
  bad=$(echo "$h" | tr 0-9a-f 1-9a-f0)  # every digit changed
  {
    head -n 3 ok.sum
    printf '%s  abc\n' "$bad"
    printf '\\%s  %s\n' "$bad" 'new\nline'
    printf '%s  nofile\n%s  dir\n' "$h" "$h"
    printf '# a comment\n\n\r\ngarbage\n'
    printf '%s  short\n' "${zeros:0:20}"
    printf '%s  %s\r\n' "$(cut -d' ' -f1 < <("$alg" abc) | tr a-f A-F)" abc
    printf '\\%s  bad\\qescape\n' "$h"
    printf '%s  trailing-backslash\\\n' "$h" | sed 's/^/\\/'
    printf 'SHA1024 (abc) = %s\n' "$h"
    grep -F '(abc)' tag.sum | sed 's/ = / =/'
    grep -F '(abc)' tag.sum | sed 's/) = /)  =  /'
    grep -F '(abc)' tag.sum | sed 's/ = .*/ = 12/'
    printf 'x%s  abc\n' "$h"
    printf '%s\tabc\n' "$(cut -d' ' -f1 < <("$alg" abc))"
  } >mixed.sum
  same $alg 'check: mixed' -c mixed.sum
  for opt in -w --strict --quiet --status --ignore-missing '--ignore-missing --quiet' \
             '-w --status' '--status -w' '--quiet --warn --strict'; do
    # shellcheck disable=SC2086
    same $alg "check: mixed $opt" -c $opt mixed.sum
  done
  { cat ok.sum; echo garbage; } >strict.sum
  same $alg 'check: one bad line' -c strict.sum
  same $alg 'check: one bad line, --strict' --strict -c strict.sum
  head -n 2 ok.sum | sed 's/  s[0-9]*$/  gone/' >missing.sum
  same $alg 'check: only missing, --ignore-missing' -c --ignore-missing missing.sum
  same $alg 'check: only missing' -c missing.sum
  printf 'garbage\n\n# c\n' >none.sum
  same $alg 'check: no valid line' -c none.sum /dev/null
  same $alg 'check: missing and directory sum files' -c nosuch.sum dir ok.sum
  "$alg" abc | sed 's/  / /' >reversed.sum
  "$alg" 'with space' | sed 's/  / /' >>reversed.sum
  "$alg" abc >>reversed.sum
  same $alg 'check: "hex name" lines, then GNU' -c reversed.sum ok.sum
  IN=ok.sum; same $alg 'check: sum file on stdin' -c; same $alg 'check: sum file as -' -c -
  PIPE=1; same $alg 'check: piped sum file' -c --quiet; PIPE=0
  "$alg" - <abc | cat - ok.sum >dash.sum
  IN=dash.sum; same $alg 'check: "-" line in a sum file on stdin' -c
  IN=abc; same $alg 'check: "-" line reads stdin' -c dash.sum
  IN=/dev/null

  # --- usage (every case for sha256sum, a few for the others) ---
  usage=('--tag -c' '-c -z' '--foo')
  [ $alg = sha256sum ] && usage=('--tag -c' '-c --tag' '-c -b' '-c -t' '-c -z' '--tag -t' \
              '--tag -t -z -c' \
              '--quiet' '--status' '--strict' '-w' '--ignore-missing' '--status --quiet' \
              '--warn --strict' '-x' '-bq' '--foo' '--foo=bar' '--st' '--t=1' '--tag=1' \
              '--che=3' '--bogus --help')
  for args in "${usage[@]}"; do
    # shellcheck disable=SC2086
    same $alg "usage: $args" $args abc
  done
done

# A full standard output.
es=0; gs=0
sha256sum abc >/dev/full 2>"$FCT_TMP/e.err" || es=$?
fct sha256sum abc >/dev/full 2>"$FCT_TMP/g.raw" || gs=$?
sed 's/^fastcrypt: //' "$FCT_TMP/g.raw" >"$FCT_TMP/g.err"
fct_same_file 'write error: stderr' "$FCT_TMP/e.err" "$FCT_TMP/g.err"
fct_status 'write error' "$es" "$gs"

# --help and --version are ours: exit 0, usage text; the library's version
# as the header states it.
out=$(fct sha256sum --help) && st=0 || st=$?
fct_status '--help' 0 "$st"
case "$out" in *--check*--ignore-missing*) fct_ok ;; *) fct_fail "--help: no option list" ;; esac
want="fastcrypt $(sed -n 's/^#define FC_VERSION_STRING "\(.*\)"/\1/p' "$src/include/fastcrypt/core.h")"
out=$(fct sha1sum --version abc) && st=0 || st=$?
fct_status '--version' 0 "$st"
if [ "$out" = "$want" ]; then fct_ok; else fct_fail "--version: '$out', expected '$want'"; fi
fct_done
