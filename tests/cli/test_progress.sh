#!/usr/bin/env bash
# Progress on stderr: shown for inputs over 64 MiB when stderr is a
# terminal (a pty from script(1), util-linux's bsdutils, which Debian
# always installs), never when stderr is a file or pipe, never for smaller
# inputs; the digest and the ciphertext are the same either way.
source "$(dirname "$0")/lib.sh"
command -v script > /dev/null || { fct_fail "script(1) not found (Debian: bsdutils)"; fct_done; }

big=$FCT_TMP/big
small=$FCT_TMP/small
truncate -s 70M "$big"      # sparse: zeros, over the 64 MiB threshold
truncate -s 60M "$small"    # under it
head -c 16 /dev/urandom > "$FCT_TMP/key"
emu=${FCT_EMU:-}

# on_tty CMD...: runs CMD with stdout and stderr on a pty; prints what it wrote.
on_tty() { script -qec "$emu $(printf '%q ' "$@")" /dev/null; }

out=$(on_tty "$FCT_BIN" sha256sum "$big")
if grep -q '% (64 / 70 MiB)' <<< "$out"; then fct_ok; else fct_fail "sha256sum on a tty: no progress line: $out"; fi
want=$(sha256sum "$big")
if grep -qF "$want" <<< "$(tr '\r' '\n' <<< "$out")"; then fct_ok; else fct_fail "sha256sum on a tty: digest line missing"; fi

fct sha256sum "$big" > "$FCT_TMP/out" 2> "$FCT_TMP/err"
fct_same_file "sha256sum with stderr to a file: stdout" <(echo "$want") "$FCT_TMP/out"
if [ -s "$FCT_TMP/err" ]; then fct_fail "progress written to a file: $(head -c 200 "$FCT_TMP/err")"; else fct_ok; fi

out=$(on_tty "$FCT_BIN" sha256sum "$small")
if grep -q 'MiB' <<< "$out"; then fct_fail "progress shown for a 60 MiB file"; else fct_ok; fi

out=$(on_tty "$FCT_BIN" gcm-encrypt --key-file "$FCT_TMP/key" --iv 000102030405060708090a0b "$big" "$FCT_TMP/ct")
if grep -q '% (64 / 70 MiB)' <<< "$out"; then fct_ok; else fct_fail "gcm-encrypt on a tty: no progress line: $out"; fi
fct gcm-encrypt --key-file "$FCT_TMP/key" --iv 000102030405060708090a0b "$big" "$FCT_TMP/ct2" 2> "$FCT_TMP/err"
fct_same_file "gcm-encrypt: the same output with and without a tty" "$FCT_TMP/ct" "$FCT_TMP/ct2"
if [ -s "$FCT_TMP/err" ]; then fct_fail "gcm-encrypt wrote to a non-tty stderr"; else fct_ok; fi
fct_done
