# Host check: no object of the archive has a static initialiser or constructor
# section (.init_array, .preinit_array, .ctors; objdump -h). Code that runs
# at load time runs before any CPU check (faults on older CPUs) and before
# firmware calls fc_init() itself.
# Sanitizer builds (FC_SANITIZE in ${BIN}'s cache) are exempt only for the
# instrumentation's own module constructor, which gcc and clang place in
# .init_array.N with a priority N <= 100: priorities 0-100 are reserved for the
# implementation (gcc warns on them in user code, an error under FC_WERROR).
# A plain .init_array or a priority above 100 is user code and still fails.
# Invoked by tests/CMakeLists.txt: cmake -DLIB=<archive> -DNM=<nm> -DBIN=<build dir> -P this.
cmake_minimum_required(VERSION 3.25)
foreach(v LIB NM)
  if(NOT ${v})
    message(FATAL_ERROR "host_no_static_init: -D${v}= is required")
  endif()
endforeach()

include(${CMAKE_CURRENT_LIST_DIR}/cmake/host_common.cmake)
fc_find_objdump(OBJDUMP host_no_static_init)

set(sanitize OFF)
if(BIN AND EXISTS "${BIN}/CMakeCache.txt")
  file(STRINGS "${BIN}/CMakeCache.txt" s REGEX "^FC_SANITIZE:BOOL=")
  if(s MATCHES "=(ON|TRUE|1|YES)$")
    set(sanitize ON)
  endif()
endif()

get_filename_component(libdir "${LIB}" DIRECTORY)
get_filename_component(libname "${LIB}" NAME)
execute_process(COMMAND ${OBJDUMP} -h ${libname} WORKING_DIRECTORY ${libdir}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "host_no_static_init: ${OBJDUMP} -h ${LIB} failed (${rc}): ${err}")
endif()

set(member "")
set(nobj 0)
set(problems "")
set(sanitizer_ctors "")
string(REPLACE "\n" ";" lines "${out}")
foreach(line IN LISTS lines)
  # GNU: "dispatch.c.o:     file format ..."; LLVM: "libfastcrypt.a(dispatch.c.o):\tfile format ..."
  if(line MATCHES "^([^ \t(]*\\()?([^ \t()]+)\\)?:[ \t]+file format ")
    set(member "${CMAKE_MATCH_2}")
    math(EXPR nobj "${nobj} + 1")
  elseif(line MATCHES "^ *[0-9]+ +(\\.init_array|\\.preinit_array|\\.ctors|\\.init)([.][^ ]*)? ")
    set(sec "${CMAKE_MATCH_1}${CMAKE_MATCH_2}")
    if(sanitize AND sec MATCHES "^\\.init_array\\.0*([0-9]+)$" AND CMAKE_MATCH_1 LESS_EQUAL 100)
      list(APPEND sanitizer_ctors "${member}|${sec}")
    else()
      string(APPEND problems "  ${member}: section ${sec}\n")
    endif()
  endif()
endforeach()

if(nobj EQUAL 0)
  message(FATAL_ERROR "host_no_static_init: no object found by `${OBJDUMP} -h ${LIB}`:\n${out}${err}")
endif()
if(problems)
  message(FATAL_ERROR "host_no_static_init: static initialisers in ${LIB}:\n${problems}")
endif()
if(sanitizer_ctors)
  list(LENGTH sanitizer_ctors nsan)
  message(STATUS "host_no_static_init: ${nobj} objects: none has a constructor section but the sanitizer's own (${nsan})")
else()
  message(STATUS "host_no_static_init: ${nobj} objects: none has .init_array/.preinit_array/.ctors/.init")
endif()
