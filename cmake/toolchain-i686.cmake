# 32-bit x86 (i686) cross build with Debian's i686-linux-gnu toolchain
# (gcc-i686-linux-gnu, g++-i686-linux-gnu: they coexist with the AArch64
# cross compilers, unlike gcc-multilib). Tests run under qemu-i386 (package
# qemu-user) with the target's libraries from /usr/i686-linux-gnu; no
# binfmt_misc is needed. Set QEMU_CPU (e.g. pentium2, no SSE2) to pick the
# emulated CPU model.
#
#   cmake -S . -B build-i686 -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-i686.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)

set(CMAKE_C_COMPILER i686-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER i686-linux-gnu-g++)

set(FC_I686_SYSROOT /usr/i686-linux-gnu)
set(CMAKE_FIND_ROOT_PATH ${FC_I686_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# -L maps the ELF interpreter to the sysroot's ld.so, but ld.so still reads
# the host's /etc/ld.so.cache, which on Debian hosts with libc6-i386 (pulled
# in by clang's libclang-rt-14-dev) points at /lib32/libc.so.6 of another glibc
# build: that ld.so/libc mismatch hangs pthread_create. LD_LIBRARY_PATH is
# searched before the cache, so every library comes from the sysroot.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-i386;-L;${FC_I686_SYSROOT};-E;LD_LIBRARY_PATH=${FC_I686_SYSROOT}/lib)
