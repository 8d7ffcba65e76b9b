# Host check: tests/vectors/local/wipe_secrets.txt is what its generator,
# tools/make-wipe-vectors.py, writes (the generator checks its AES, GHASH,
# SHA, HMAC and KDF code against published answers before writing).
# Invoked by tests/CMakeLists.txt: cmake -DSRC=<source dir> -DBIN=<build dir> -P this.
cmake_minimum_required(VERSION 3.25)
if(NOT SRC OR NOT BIN)
  message(FATAL_ERROR "host_wipe_vectors: -DSRC= and -DBIN= are required")
endif()
find_program(PYTHON3 python3)
if(NOT PYTHON3)
  message(FATAL_ERROR "host_wipe_vectors: python3 not found (tools/deps.sh installs it)")
endif()
set(out "${BIN}/wipe_secrets.regenerated.txt")
execute_process(COMMAND ${PYTHON3} "${SRC}/tools/make-wipe-vectors.py" OUTPUT_FILE "${out}"
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "host_wipe_vectors: the generator failed (${rc}):\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${out}"
  "${SRC}/tests/vectors/local/wipe_secrets.txt" RESULT_VARIABLE same)
if(NOT same EQUAL 0)
  message(FATAL_ERROR "host_wipe_vectors: ${out} differs from tests/vectors/local/wipe_secrets.txt")
endif()
message(STATUS "host_wipe_vectors: the generator reproduces wipe_secrets.txt")
