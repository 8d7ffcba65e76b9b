# Host check: each generated vector file in tests/vectors/local is what its
# generator under tools/ writes:
#  - wipe_secrets.txt, tools/make-wipe-vectors.py (the secrets test_wipe
#    scans for; the generator checks its AES, GHASH, SHA, HMAC and KDF code
#    against published answers before writing);
#  - mont_r2.txt, tools/make-mont-r2-vectors.py (R^2 mod n by Python's pow
#    for every size from 512 to 8192 bits in 32-bit steps, worst-case and
#    random moduli; the cross suites, which have no GMP, test against it).
# Invoked by tests/CMakeLists.txt: cmake -DSRC=<source dir> -DBIN=<build dir> -P this.
cmake_minimum_required(VERSION 3.25)
if(NOT SRC OR NOT BIN)
  message(FATAL_ERROR "host_local_vectors: -DSRC= and -DBIN= are required")
endif()
find_program(PYTHON3 python3)
if(NOT PYTHON3)
  message(FATAL_ERROR "host_local_vectors: python3 not found (tools/deps.sh installs it)")
endif()
foreach(pair "make-wipe-vectors.py:wipe_secrets.txt" "make-mont-r2-vectors.py:mont_r2.txt")
  string(REPLACE ":" ";" pair "${pair}")
  list(GET pair 0 gen)
  list(GET pair 1 file)
  set(out "${BIN}/${file}.regenerated")
  execute_process(COMMAND ${PYTHON3} "${SRC}/tools/${gen}" OUTPUT_FILE "${out}"
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "host_local_vectors: tools/${gen} failed (${rc}):\n${err}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${out}"
    "${SRC}/tests/vectors/local/${file}" RESULT_VARIABLE same)
  if(NOT same EQUAL 0)
    message(FATAL_ERROR "host_local_vectors: tools/${gen} writes ${out}, which differs from tests/vectors/local/${file}")
  endif()
  message(STATUS "host_local_vectors: tools/${gen} reproduces tests/vectors/local/${file}")
endforeach()
