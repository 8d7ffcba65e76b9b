# Cross build for AArch64 Linux with Debian's aarch64-linux-gnu toolchain
# (gcc-aarch64-linux-gnu, g++-aarch64-linux-gnu). Tests run under qemu-user:
# binfmt_misc is not assumed, so ctest prefixes the emulator itself (add_test
# with a target name as COMMAND does this for CMAKE_CROSSCOMPILING_EMULATOR).
#   cmake -S . -B build-aarch64 -G Ninja \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64.cmake -DFC_WITH_NEON=ON
# QEMU_CPU (e.g. max, cortex-a72) in ctest's environment picks the CPU model.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/aarch64-linux-gnu)
