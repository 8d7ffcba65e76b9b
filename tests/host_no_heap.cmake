# Host check of the archive's symbols (nm):
#  - no object references the heap (malloc family), printing, abort or exit;
#  - every global symbol the archive defines starts with fc_ (public) or
#    fc__ (internal), so firmware can link us beside other crypto code.
# libcpuid allocates, but it is linked by the user, not part of the archive.
# Invoked by tests/CMakeLists.txt: cmake -DLIB=<archive> -DNM=<nm> -P this.
cmake_minimum_required(VERSION 3.25)
foreach(v LIB NM)
  if(NOT ${v})
    message(FATAL_ERROR "host_no_heap: -D${v}= is required")
  endif()
endforeach()

# -A: "archive:member: value type name" (value absent for undefined symbols).
get_filename_component(libdir "${LIB}" DIRECTORY)
get_filename_component(libname "${LIB}" NAME)
# Run in the archive's directory so the member prefix holds no path (spaces, colons).
execute_process(COMMAND ${NM} -A ${libname} WORKING_DIRECTORY ${libdir}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "host_no_heap: ${NM} -A ${LIB} failed (${rc}): ${err}")
endif()

set(forbidden
  malloc calloc realloc free aligned_alloc posix_memalign memalign valloc reallocarray
  strdup strndup
  printf fprintf vprintf vfprintf puts fputs putchar fputc putc fwrite perror
  __printf_chk __fprintf_chk __vfprintf_chk __assert_fail
  abort exit _exit _Exit quick_exit)

set(nsyms 0)
set(problems "")
string(REPLACE "\n" ";" lines "${out}")
foreach(line IN LISTS lines)
  # member: [value] type name
  if(NOT line MATCHES "^[^:]*:([^:]+): *([0-9a-fA-F]+ )?([A-Za-z?-]) (.+)$")
    continue()
  endif()
  set(member "${CMAKE_MATCH_1}")
  set(type "${CMAKE_MATCH_3}")
  set(name "${CMAKE_MATCH_4}")
  math(EXPR nsyms "${nsyms} + 1")
  if(type STREQUAL "U" OR type STREQUAL "w")
    # Versioned references (e.g. malloc@GLIBC_2.0) count too.
    string(REGEX REPLACE "@.*$" "" base "${name}")
    if(base IN_LIST forbidden)
      string(APPEND problems "  ${member}: references ${name}\n")
    endif()
  elseif(type MATCHES "^[A-Z]$" OR type STREQUAL "i" OR type STREQUAL "u")
    # A global definition: T D R B C G S V W I ... (lower case = local).
    # ASan's ODR indicator of a global carries that global's name.
    string(REGEX REPLACE "^__odr_asan[._]" "" name "${name}")
    if(NOT name MATCHES "^fc_")
      # Compiler-generated, hidden COMDAT helpers (i686 PIC) are not ours to name.
      if(name MATCHES "^__x86\\.get_pc_thunk\\.")
        continue()
      endif()
      string(APPEND problems "  ${member}: defines ${name} (type ${type}) without the fc_/fc__ prefix\n")
    endif()
  endif()
endforeach()

if(nsyms EQUAL 0)
  message(FATAL_ERROR "host_no_heap: no symbols parsed from `${NM} -A ${LIB}`:\n${out}${err}")
endif()
if(problems)
  message(FATAL_ERROR "host_no_heap: ${LIB}:\n${problems}")
endif()
message(STATUS "host_no_heap: ${nsyms} symbols checked: no heap, printing or abort references; every global starts with fc_")
