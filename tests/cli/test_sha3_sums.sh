# fastcrypt sha3-224sum ... sha3-512sum against the openssl command (the
# oracle: `openssl dgst -sha3-N -r`; coreutils has no SHA-3 sums). The
# option parsing, escaping and checking logic is the SHA-2 sums' (checked
# against coreutils in test_sums.sh); here: the digests at lengths around
# every SHA-3 rate, the line formats (plain, -b, --tag as OpenSSL and BSD
# write it, stdin), --check of our lines and of lines built from OpenSSL's
# digests, a mismatch, another hash's tag line, and --help. Run by ctest as
# cli_sha3_sums.
source "$(dirname "$0")/lib.sh"
export LC_ALL=C
W=$FCT_TMP/w
mkdir "$W"
cd "$W" || exit 1

# Lengths around the rates (144, 136, 104, 72 bytes) and their multiples.
files=()
for n in 0 1 71 72 73 103 104 105 135 136 137 143 144 145 208 272 288 1000 4096; do
  head -c "$n" /dev/urandom >"s$n"
  files+=("s$n")
done
head -c 1048576 /dev/urandom >big
printf 'abc' >abc
printf 'x' >'with space'
files+=(big abc 'with space')

# expect FMT FILE...: the lines openssl's digests give in our format
# (FMT: gnu "HEX  NAME", bin "HEX *NAME", tag "TAG (NAME) = HEX").
expect() {
  local fmt=$1 f h
  shift
  for f in "$@"; do
    h=$(openssl dgst "-$alg" -r -- "$f" | cut -d' ' -f1)
    [ ${#h} -eq $((2 * bits / 8)) ] || { echo "openssl gave '$h' for $f" >&2; return 1; }
    case $fmt in
      gnu) printf '%s  %s\n' "$h" "$f" ;;
      bin) printf '%s *%s\n' "$h" "$f" ;;
      tag) printf '%s (%s) = %s\n' "$tag" "$f" "$h" ;;
    esac
  done
}

# run LABEL WANT_STATUS EXPECTED_STDOUT_FILE ARGS...
run() {
  local label=$1 want=$2 exp=$3 st=0
  shift 3
  fct "${alg}sum" "$@" >"$FCT_TMP/g.out" 2>"$FCT_TMP/g.err" || st=$?
  fct_status "${alg}sum $label" "$want" "$st"
  fct_same_file "${alg}sum $label: stdout" "$exp" "$FCT_TMP/g.out"
}

for bits in 224 256 384 512; do
  alg=sha3-$bits
  tag=SHA3-$bits
  expect gnu "${files[@]}" >e.gnu
  run 'print' 0 e.gnu -- "${files[@]}"
  expect bin "${files[@]}" >e.bin
  run '-b' 0 e.bin -b -- "${files[@]}"
  expect tag "${files[@]}" >e.tag
  run '--tag' 0 e.tag --tag -- "${files[@]}"
  { expect gnu abc | sed 's/  abc$/  -/'; } >e.stdin
  run 'stdin' 0 e.stdin <abc
  # Against OpenSSL's own --tag-like line (spacing differs: "SHA3-256(abc)= ").
  want=$(openssl dgst "-$alg" abc | sed 's/^\([A-Z0-9-]*\)(\(.*\))= /\1 (\2) = /')
  got=$(fct "${alg}sum" --tag abc)
  if [ "$want" = "$got" ]; then fct_ok; else fct_fail "$alg --tag: '$got', openssl '$want'"; fi

  # --check: OpenSSL's digests in both formats, then ours.
  { expect gnu "${files[@]}"; expect tag abc 'with space'; } >ok.sum
  printf '%s: OK\n' "${files[@]}" abc 'with space' >e.ok
  run 'check OpenSSL digests' 0 e.ok -c ok.sum
  fct "${alg}sum" --tag -- "${files[@]}" >ours.sum
  printf '%s: OK\n' "${files[@]}" >e.ours
  run 'check its own --tag lines' 0 e.ours --check ours.sum
  # One digit changed: FAILED, status 1, coreutils' warning.
  h=$(expect gnu abc | cut -d' ' -f1)
  printf '%s  abc\n' "$(echo "$h" | tr 0-9a-f 1-9a-f0)" >bad.sum
  printf 'abc: FAILED\n' >e.bad
  run 'check mismatch' 1 e.bad -c bad.sum
  if grep -qx "fastcrypt: ${alg}sum: WARNING: 1 computed checksum did NOT match" "$FCT_TMP/g.err"; then fct_ok; else
    fct_fail "$alg check mismatch: stderr"; cat "$FCT_TMP/g.err" >&2
  fi
  # Another hash's tag line (SHA2 name, right length for SHA-256) is not ours.
  printf 'SHA256 (abc) = %s\n' "$(sha256sum abc | cut -d' ' -f1)" >other.sum
  : >e.none
  run 'check another hash tag, --strict' 1 e.none --strict -c other.sum
  # A digest one hex digit short is improperly formatted.
  printf '%s  abc\n' "${h:1}" >short.sum
  run 'check short digest' 1 e.none -c short.sum
done

out=$(fct sha3-256sum --help) && st=0 || st=$?
fct_status 'sha3-256sum --help' 0 "$st"
case "$out" in *"SHA3-256 (FILE) = DIGEST"*) fct_ok ;; *) fct_fail "--help: no SHA3-256 tag format" ;; esac
st=0; fct sha3-128sum abc >/dev/null 2>&1 || st=$?
fct_status 'sha3-128sum is unknown' 2 "$st"
fct_done
