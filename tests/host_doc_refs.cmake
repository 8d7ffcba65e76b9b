# Host check: what the docs name still exists (tools/check-doc-refs.py:
# files and folders named in README.md, CHANGELOG.md, docs/ and the other
# READMEs; README sections that code comments refer to).
# Invoked by tests/CMakeLists.txt: cmake -DSRC=<source dir> -P this.
cmake_minimum_required(VERSION 3.25)
if(NOT SRC)
  message(FATAL_ERROR "host_doc_refs: -DSRC= is required")
endif()
find_program(PYTHON3 python3)
if(NOT PYTHON3)
  message(FATAL_ERROR "host_doc_refs: python3 not found (tools/deps.sh installs it)")
endif()
execute_process(COMMAND ${PYTHON3} "${SRC}/tools/check-doc-refs.py" "${SRC}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "host_doc_refs: the docs name what does not exist:\n${out}${err}")
endif()
message(STATUS "host_doc_refs: every path and README section the docs and code name exists")
