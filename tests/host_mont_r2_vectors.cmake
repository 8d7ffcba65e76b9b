# Host check: tests/vectors/local/mont_r2.txt is what its generator,
# tools/make-mont-r2-vectors.py, writes (R^2 mod n by Python's pow, for
# every size from 512 to 8192 bits in 32-bit steps: worst-case and random
# moduli; the cross suites, which have no GMP, test against it).
# Invoked by tests/CMakeLists.txt: cmake -DSRC=<source dir> -DBIN=<build dir> -P this.
cmake_minimum_required(VERSION 3.25)
if(NOT SRC OR NOT BIN)
  message(FATAL_ERROR "host_mont_r2_vectors: -DSRC= and -DBIN= are required")
endif()
find_program(PYTHON3 python3)
if(NOT PYTHON3)
  message(FATAL_ERROR "host_mont_r2_vectors: python3 not found (tools/deps.sh installs it)")
endif()
set(out "${BIN}/mont_r2.regenerated.txt")
execute_process(COMMAND ${PYTHON3} "${SRC}/tools/make-mont-r2-vectors.py" OUTPUT_FILE "${out}"
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "host_mont_r2_vectors: the generator failed (${rc}):\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${out}"
  "${SRC}/tests/vectors/local/mont_r2.txt" RESULT_VARIABLE same)
if(NOT same EQUAL 0)
  message(FATAL_ERROR "host_mont_r2_vectors: ${out} differs from tests/vectors/local/mont_r2.txt")
endif()
message(STATUS "host_mont_r2_vectors: the generator reproduces mont_r2.txt")
