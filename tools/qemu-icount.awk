# Guest instruction counts from qemu's log with -d in_asm,exec,nochain
# (tools/neon-icount.sh, tools/edk2-icount.sh): in_asm lists each translated
# block once ("IN:" then one line per instruction), exec logs every
# execution of a block ("Trace ..." with its pc); nochain makes each
# execution appear. Prints the instructions executed and, among them, the
# UMLAL/UMLAL2 (two 32x32 products each).
function key(x) { sub(/^0x/, "", x); sub(/:$/, "", x); sub(/^0+/, "", x); return x }
/^IN:/ { intb = 1; pc = ""; next }
intb && /^0x[0-9a-f]+:/ {
  if (pc == "") { pc = key($1); len[pc] = 0; mla[pc] = 0 }
  len[pc]++
  if ($3 ~ /^umlal/) mla[pc]++
  next
}
intb && /^$/ { intb = 0; next }
/^Trace/ { split($4, f, "/"); k = key(f[2]); n += len[k] + 0; m += mla[k] + 0 }
END { print n + 0, m + 0 }
