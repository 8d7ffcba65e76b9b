# ctest helper for fc_bench (bench/CMakeLists.txt): runs CMD and checks what it did.
#   cmake -DCMD=<emulator|fc_bench|args...> [-DRC=N] [-DJSON=PATH] [-DLINES=a|b]
#         [-DSTDERR=REGEX] [-DPYTHON=python3] -P check_run.cmake
# CMD: the command, its words separated by '|' (';' would split the -D value).
# RC: the exit status expected (default 0). JSON: CMD gets `--json PATH`, and
# PATH must then hold one JSON array of at least one record. LINES: stdout
# must have a line "  <word> ..." for each word (fc_bench --help's modes).
# STDERR: a regular expression stderr must match. PYTHON: also check JSON
# with `python3 -m json.tool` (stricter than string(JSON)). Nothing about time.
string(REPLACE "|" ";" cmd "${CMD}")
if(DEFINED JSON)
  file(REMOVE "${JSON}")
  list(APPEND cmd --json "${JSON}")
endif()
if(NOT DEFINED RC)
  set(RC 0)
endif()
execute_process(COMMAND ${cmd} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL RC)
  message(FATAL_ERROR "exit status ${rc}, expected ${RC}: ${cmd}\n${err}")
endif()
if(DEFINED STDERR AND NOT err MATCHES "${STDERR}")
  message(FATAL_ERROR "stderr does not match '${STDERR}':\n${err}")
endif()
string(REPLACE "|" ";" lines "${LINES}")
foreach(word IN LISTS lines)
  string(FIND "${out}" "\n  ${word} " at)
  if(at LESS 0)
    message(FATAL_ERROR "no line '  ${word} ...' in the output:\n${out}")
  endif()
endforeach()
if(DEFINED JSON)
  file(READ "${JSON}" doc)
  string(JSON type ERROR_VARIABLE bad TYPE "${doc}")
  if(bad OR NOT type STREQUAL "ARRAY")
    message(FATAL_ERROR "${JSON}: not one JSON array (${bad})")
  endif()
  string(JSON n LENGTH "${doc}")
  string(JSON first ERROR_VARIABLE bad TYPE "${doc}" 0)
  if(n LESS 1 OR NOT first STREQUAL "OBJECT")
    message(FATAL_ERROR "${JSON}: no records")
  endif()
  if(PYTHON)
    execute_process(COMMAND ${PYTHON} -m json.tool "${JSON}" RESULT_VARIABLE rc OUTPUT_QUIET
      ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${JSON}: python3 -m json.tool: ${err}")
    endif()
  endif()
  message(STATUS "${JSON}: ${n} records")
endif()
