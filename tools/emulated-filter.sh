# shellcheck shell=bash
# Sourced by tools/test-aarch64.sh and tools/test-i686.sh: the GoogleTest
# filter of the emulated runs. It leaves out the hash-based signatures'
# byte-flip loops (Lms.EveryByteFlipped, SlhDsa.Flips*,
# Xmss.EveryByteFlipped): they repeat the failure paths of portable code
# that the native suites (gcc, clang, ASan) run in full, at about half of
# those tests' time under qemu.
# shellcheck disable=SC2034  # used by the scripts that source this file
FC_EMULATED_GTEST_FILTER='-Lms.EveryByteFlipped:SlhDsa.Flips*:Xmss.EveryByteFlipped'
