# Sourced by the suites that run static i686 binaries (tools/test-edk2.sh,
# tools/test-firmware.sh). Sets the array I686_RUN to the prefix that runs
# one on this host: empty where the kernel executes 32-bit x86 binaries,
# (qemu-i386) where it does not (a kernel built without IA32 emulation
# says "Exec format error"). qemu-i386's default model has SSE2, so the
# same kernels are reachable either way.
i686_runner() {
  local d
  d=$(mktemp -d)
  printf 'int main(void) { return 0; }\n' >"$d/t.c"
  I686_RUN=()
  if ! i686-linux-gnu-gcc -static -o "$d/t" "$d/t.c" || ! "$d/t" 2>/dev/null; then
    I686_RUN=(qemu-i386)
    echo "i686 binaries do not run natively here: running them under qemu-i386"
  fi
  rm -rf "$d"
}
i686_runner
