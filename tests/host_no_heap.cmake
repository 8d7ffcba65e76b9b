# Host check of the archive's symbols (nm):
#  - every symbol an object references is defined by the archive or is on
#    the allowlist below (mem*, the env parsing's str*, the probes' libc and
#    libcpuid calls, compiler runtime helpers): so no heap, no printing, no
#    abort or exit, nothing new without this list saying so;
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

# Allowlist: the only symbols the archive may reference without defining
# them. Anything else (malloc, printf, abort, exit, a thread library, a new
# libc call...) fails the check, named with the member that references it.
set(allowed
  memcpy memset memcmp memmove memchr bcmp  # mem* (clang turns memcmp()==0 into bcmp)
  strlen strchr strcmp getenv               # FASTCRYPT_CPU / FASTCRYPT_IMPL parsing (hosted)
  getauxval                                 # AArch64 HWCAP probe (hosted)
  clock_gettime                             # fc_calibrate's timer (hosted)
  cpu_exec_cpuid cpuid_get_raw_data cpu_identify  # libcpuid (x86-64 hosted)
  _GLOBAL_OFFSET_TABLE_                     # i686 PIC
  __udivdi3 __umoddi3 __divdi3 __moddi3     # libgcc 64-bit division on i686
  __stack_chk_fail __stack_chk_guard)       # a toolchain's default stack protector
# Pattern-allowed: sanitizer runtimes (instrumented builds only), i686 PIC
# thunks, and libgcc's AArch64 outline atomics (hosted builds; docs/firmware.md's
# freestanding check refuses them).
set(allowed_regex "^(__(asan|ubsan|sanitizer|tsan|msan)_|__x86\\.get_pc_thunk\\.|__aarch64_(cas|swp|ldadd|ldclr|ldeor|ldset)[0-9]+_(relax|acq|rel|acq_rel|sync)$|__aarch64_have_lse_atomics$)")

set(nsyms 0)
set(problems "")
set(defined "")
set(undefined "")
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
    # Versioned references (e.g. memcpy@GLIBC_2.0) count by their base name.
    string(REGEX REPLACE "@.*$" "" base "${name}")
    list(APPEND undefined "${member}|${base}")
  elseif(type MATCHES "^[A-Z]$" OR type STREQUAL "i" OR type STREQUAL "u")
    # A global definition: T D R B C G S V W I ... (lower case = local).
    list(APPEND defined "${name}")
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
set(nref 0)
foreach(ref IN LISTS undefined)
  string(REGEX MATCH "^([^|]*)\\|(.*)$" _ "${ref}")
  set(member "${CMAKE_MATCH_1}")
  set(base "${CMAKE_MATCH_2}")
  math(EXPR nref "${nref} + 1")
  if(base IN_LIST defined OR base IN_LIST allowed OR base MATCHES "${allowed_regex}")
    continue()
  endif()
  string(APPEND problems "  ${member}: references ${base}, which is not on the allowlist\n")
endforeach()

if(nsyms EQUAL 0)
  message(FATAL_ERROR "host_no_heap: no symbols parsed from `${NM} -A ${LIB}`:\n${out}${err}")
endif()
if(problems)
  message(FATAL_ERROR "host_no_heap: ${LIB}:\n${problems}")
endif()
if(nref EQUAL 0)
  message(FATAL_ERROR "host_no_heap: no undefined symbol parsed: the nm output was not understood")
endif()
message(STATUS "host_no_heap: ${nsyms} symbols checked: ${nref} references, each to the archive itself or to the allowlist; every global starts with fc_")
