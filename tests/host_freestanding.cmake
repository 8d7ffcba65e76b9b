# Host check of the freestanding build: configures and builds the library
# alone (-DFC_FREESTANDING=ON, no tests, no bench) into ${BIN}/freestanding,
# with the same toolchain (cross toolchain file or compiler), build type,
# warning and kernel options as ${BIN}, then nm's its archive:
#  - the sources compile with -nostdinc and only the compiler's own include
#    directory (stddef.h, stdint.h, stdatomic.h, intrinsics): no hosted
#    header is reachable, not even through an intrinsics header;
#  - an allowlist: every undefined symbol not defined by the archive itself
#    is memcpy, memset, memcmp or memmove (gcc may emit those even with
#    -ffreestanding; every firmware has them) or the i686 PIC GOT symbol,
#    which the linker defines. Nothing else: no str*, no libgcc helper, no
#    stack protector hook, no __aarch64_* outline atomic, no libc service.
# Applies to native and cross builds alike.
# Invoked by tests/CMakeLists.txt: cmake -DSRC=<source> -DBIN=<build> -DNM=<nm> -DGENERATOR=<gen> -P this.
cmake_minimum_required(VERSION 3.25)
foreach(v SRC BIN NM GENERATOR)
  if(NOT ${v})
    message(FATAL_ERROR "host_freestanding: -D${v}= is required")
  endif()
endforeach()

# Settings of the build under test, carried over.
set(args -G "${GENERATOR}" -DFC_FREESTANDING=ON -DFC_BUILD_TESTS=OFF -DFC_BUILD_BENCH=OFF
  -DFC_SANITIZE=OFF)
file(STRINGS "${BIN}/CMakeCache.txt" cache
  REGEX "^(CMAKE_TOOLCHAIN_FILE|CMAKE_C_COMPILER|CMAKE_BUILD_TYPE|FC_WERROR|FC_WITH_[A-Z0-9_]+):[A-Z]+=")
set(have_toolchain OFF)
foreach(line IN LISTS cache)
  if(line MATCHES "^CMAKE_TOOLCHAIN_FILE:")
    set(have_toolchain ON)
  endif()
endforeach()
foreach(line IN LISTS cache)
  string(REGEX MATCH "^([^:]+):[A-Z]+=(.*)$" _ "${line}")
  set(k "${CMAKE_MATCH_1}")
  set(val "${CMAKE_MATCH_2}")
  if(k STREQUAL "CMAKE_C_COMPILER" AND have_toolchain)
    continue() # the toolchain file names it
  endif()
  if(NOT val STREQUAL "")
    list(APPEND args "-D${k}=${val}")
  endif()
endforeach()

set(fbin "${BIN}/freestanding")
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SRC} -B ${fbin} ${args}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "host_freestanding: configure failed (${args}):\n${out}${err}")
endif()
# The compiler's own headers only: reconfigure with -nostdinc.
# (the compiler CMake found: with a toolchain file it is not in the cache)
file(GLOB ccfile "${fbin}/CMakeFiles/*/CMakeCCompiler.cmake")
if(NOT ccfile)
  message(FATAL_ERROR "host_freestanding: no CMakeCCompiler.cmake under ${fbin}/CMakeFiles")
endif()
list(GET ccfile 0 ccfile)
file(STRINGS "${ccfile}" cc REGEX "^set\\(CMAKE_C_COMPILER \"")
string(REGEX REPLACE "^set\\(CMAKE_C_COMPILER \"([^\"]*)\"\\)$" "\\1" cc "${cc}")
execute_process(COMMAND ${cc} -print-file-name=include OUTPUT_VARIABLE ccinc
  OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT IS_DIRECTORY "${ccinc}")
  message(FATAL_ERROR "host_freestanding: no include directory from `${cc} -print-file-name=include`")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} "-DCMAKE_C_FLAGS=-nostdinc -isystem ${ccinc}" ${fbin}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "host_freestanding: reconfigure with -nostdinc failed:\n${out}${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${fbin} --target fastcrypt --parallel 2
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "host_freestanding: build failed:\n${out}${err}")
endif()
file(GLOB_RECURSE lib "${fbin}/src/libfastcrypt.a")
if(NOT lib)
  message(FATAL_ERROR "host_freestanding: no libfastcrypt.a under ${fbin}/src")
endif()

get_filename_component(libdir "${lib}" DIRECTORY)
execute_process(COMMAND ${NM} -A libfastcrypt.a WORKING_DIRECTORY ${libdir}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "host_freestanding: ${NM} -A ${lib} failed: ${err}")
endif()

set(defined "")
set(undef "") # "member|name" pairs
string(REPLACE "\n" ";" lines "${out}")
foreach(line IN LISTS lines)
  if(NOT line MATCHES "^[^:]*:([^:]+): *([0-9a-fA-F]+ )?([A-Za-z?-]) (.+)$")
    continue()
  endif()
  set(member "${CMAKE_MATCH_1}")
  set(type "${CMAKE_MATCH_3}")
  string(REGEX REPLACE "@.*$" "" name "${CMAKE_MATCH_4}")
  if(type STREQUAL "U" OR type STREQUAL "w")
    list(APPEND undef "${member}|${name}")
  elseif(type MATCHES "^[A-Z]$")
    list(APPEND defined "${name}")
  endif()
endforeach()
if(NOT defined)
  message(FATAL_ERROR "host_freestanding: no symbols parsed from `${NM} -A ${lib}`:\n${out}")
endif()

set(allowed "^(memcpy|memmove|memset|memcmp|_GLOBAL_OFFSET_TABLE_)$")

set(problems "")
set(external "")
foreach(pair IN LISTS undef)
  string(REPLACE "|" ";" pair "${pair}")
  list(GET pair 0 member)
  list(GET pair 1 name)
  if(name IN_LIST defined)
    continue()
  endif()
  list(APPEND external "${name}")
  if(NOT name MATCHES "${allowed}")
    string(APPEND problems "  ${member}: references ${name} (not memcpy/memset/memcmp/memmove)\n")
  endif()
endforeach()
list(REMOVE_DUPLICATES external)
list(SORT external)
list(JOIN external " " external)
if(problems)
  message(FATAL_ERROR "host_freestanding: ${lib}:\n${problems}(all external references: ${external})")
endif()
message(STATUS "host_freestanding: ${lib} references only: ${external}")
