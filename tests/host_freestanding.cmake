# Host check of the freestanding build: configures and builds the library
# alone (-DFC_FREESTANDING=ON, no tests, no bench) into ${BIN}/freestanding,
# with the same toolchain (cross toolchain file or compiler), build type,
# warning and kernel options as ${BIN}, then nm's its archive:
#  - no getenv/getauxval, no libcpuid symbol (cpu_*, cpuid_*), no heap, no
#    printing, no abort/exit, no threads library;
#  - more strictly, every undefined symbol not defined by the archive itself
#    is one a freestanding environment provides: the mem*/str* functions the
#    library uses (firmware C libraries have them; gcc may emit mem* calls
#    even with -ffreestanding), libgcc helpers, the stack protector hooks and
#    the i686 PIC GOT symbol.
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

set(forbidden "^(getenv|secure_getenv|getauxval|elf_aux_info|cpu_[a-z_]+|cpuid_[a-z_]+|malloc|calloc|realloc|free|aligned_alloc|posix_memalign|memalign|valloc|strdup|strndup|printf|fprintf|vfprintf|puts|fputs|putchar|perror|__printf_chk|__fprintf_chk|__assert_fail|abort|exit|_exit|pthread_[a-z_]+|dlsym|sysconf|__errno_location)$")
set(allowed "^(memcpy|memmove|memset|memcmp|memchr|strlen|strcmp|strncmp|strchr|__stack_chk_fail|__stack_chk_fail_local|__stack_chk_guard|_GLOBAL_OFFSET_TABLE_|__x86\\.get_pc_thunk\\..*|__(u?(div|mod|mul)|udivmod|divmod)[dt]i[34]|__(clz|ctz|popcount|bswap)[sdt]i2|__aarch64_[a-z0-9_]+)$")

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
  if(name MATCHES "${forbidden}")
    string(APPEND problems "  ${member}: references ${name} (not in a freestanding build)\n")
  elseif(NOT name MATCHES "${allowed}")
    string(APPEND problems "  ${member}: references ${name} (not provided by a freestanding environment)\n")
  endif()
endforeach()
list(REMOVE_DUPLICATES external)
list(SORT external)
list(JOIN external " " external)
if(problems)
  message(FATAL_ERROR "host_freestanding: ${lib}:\n${problems}(all external references: ${external})")
endif()
message(STATUS "host_freestanding: ${lib} references only: ${external}")
