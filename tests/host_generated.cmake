# Host check: every generated file is what its generator under tools/
# writes today, so an edit to either side alone fails here:
#  - the sources keccak_round.h, keccak_avx512.S, keccak_x_avx2.S and
#    aes_neon_tab.h;
#  - tests/vectors/local/wipe_secrets.txt, tools/make-wipe-vectors.py (the
#    secrets test_wipe scans for; the generator checks its AES, GHASH, SHA,
#    HMAC and KDF code against published answers before writing);
#  - tests/vectors/local/mont_r2.txt, tools/make-mont-r2-vectors.py (R^2
#    mod n by Python's pow for every size from 512 to 8192 bits in 32-bit
#    steps, worst-case and random moduli; the cross suites, which have no
#    GMP, test against it);
#  - tests/vectors/lms/sparse_tall.txt and tests/vectors/xmss/sparse_tall.txt,
#    tools/gen-lms-sparse-vectors.py and tools/gen-xmss-sparse-vectors.py
#    (tall-tree signatures from sparse-tree signers).
# Invoked by tests/CMakeLists.txt: cmake -DSRC=<source dir> -DBIN=<build dir> -P this.
cmake_minimum_required(VERSION 3.25)
if(NOT SRC OR NOT BIN)
  message(FATAL_ERROR "host_generated: -DSRC= and -DBIN= are required")
endif()
find_program(PYTHON3 python3)
if(NOT PYTHON3)
  message(FATAL_ERROR "host_generated: python3 not found (tools/deps.sh installs it)")
endif()
set(pairs
  "tools/gen-keccak-rounds.py=src/hash/keccak_round.h"
  "tools/gen-keccak-avx512.py=src/x86/keccak_avx512.S"
  "tools/gen-keccak-x-avx2.py=src/x86/keccak_x_avx2.S"
  "tools/gen-vpaes-tables.py=src/aarch64/aes_neon_tab.h"
  "tools/gen-ec-tables.py=src/ec/ec_tables.h"
  "tools/make-wipe-vectors.py=tests/vectors/local/wipe_secrets.txt"
  "tools/make-mont-r2-vectors.py=tests/vectors/local/mont_r2.txt"
  "tools/gen-lms-sparse-vectors.py=tests/vectors/lms/sparse_tall.txt"
  "tools/gen-xmss-sparse-vectors.py=tests/vectors/xmss/sparse_tall.txt")
set(checked 0)
foreach(pair ${pairs})
  string(REPLACE "=" ";" p "${pair}")
  list(GET p 0 gen)
  list(GET p 1 file)
  get_filename_component(name "${file}" NAME)
  get_filename_component(gname "${gen}" NAME_WE)
  set(out "${BIN}/host_generated_${gname}_${name}")
  execute_process(COMMAND ${PYTHON3} "${SRC}/${gen}" OUTPUT_FILE "${out}"
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "host_generated: ${gen} failed (${rc}):\n${err}")
  endif()
  file(SHA256 "${out}" want)
  file(SHA256 "${SRC}/${file}" have)
  if(NOT want STREQUAL have)
    message(FATAL_ERROR "host_generated: ${file} differs from what ${gen} writes (${out}); "
      "rerun the generator or revert the edit")
  endif()
  math(EXPR checked "${checked} + 1")
endforeach()
message(STATUS "host_generated: ${checked} generated files match their generators")
