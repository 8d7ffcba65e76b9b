# Host check of the installed package, as a user sees it:
#  1. cmake --install ${BIN} --prefix ${BIN}/install-test;
#  2. configure and build examples/ against it (find_package(fastcrypt CONFIG),
#     fastcrypt::fastcrypt), and compile the example a second time with
#     `pkg-config --cflags --libs fastcrypt` alone;
#  3. run both on vboot's RSA-2048/SHA-256 test signature (must print OK, exit 0)
#     and on corrupted inputs (must report the error, exit 1);
#  4. run the README's quick-start examples (tests/quickstart.sh).
# Native builds only: a cross build's archive cannot be linked by the host
# compiler, and the cross suites exist to run kernels under emulation.
# A sanitizer build (FC_SANITIZE) gives the consumer the same -fsanitize
# flags: the instrumented archive needs the sanitizer runtimes.
# Invoked by tests/CMakeLists.txt: cmake -DSRC=<source> -DBIN=<build> -DCROSS=<bool> -DGENERATOR=<gen> -P this.
# -DVECTORS=<dir> overrides ${SRC}/tests/vectors/vboot.
cmake_minimum_required(VERSION 3.25)
if(CROSS)
  message(STATUS "host_install: not applicable to a cross build (the host cannot link its archive); nothing checked")
  return()
endif()
foreach(v SRC BIN GENERATOR VERSION)
  if(NOT ${v})
    message(FATAL_ERROR "host_install: -D${v}= is required")
  endif()
endforeach()
if(NOT VECTORS)
  set(VECTORS "${SRC}/tests/vectors/vboot")
endif()

function(cache_value var key default)
  file(STRINGS "${BIN}/CMakeCache.txt" line REGEX "^${key}:[A-Z]+=")
  if(line MATCHES "^[^=]*=(.*)$" AND NOT CMAKE_MATCH_1 STREQUAL "")
    set(${var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  else()
    set(${var} "${default}" PARENT_SCOPE)
  endif()
endfunction()
cache_value(cc CMAKE_C_COMPILER cc)
cache_value(libdir CMAKE_INSTALL_LIBDIR lib)
cache_value(incdir CMAKE_INSTALL_INCLUDEDIR include)
cache_value(sanitize FC_SANITIZE OFF)
set(san_flags "")
if(sanitize)
  set(san_flags -fsanitize=address,undefined)
endif()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "host_install: ${what} failed (${rc}):\n${ARGN}\n${out}${err}")
  endif()
endfunction()

# ---- 1. install ----
set(prefix "${BIN}/install-test")
file(REMOVE_RECURSE "${prefix}")
run("cmake --install" ${CMAKE_COMMAND} --install ${BIN} --prefix ${prefix})
foreach(f ${incdir}/fastcrypt.h ${incdir}/fastcrypt/core.h ${incdir}/fastcrypt/aes.h ${libdir}/libfastcrypt.a ${libdir}/cmake/fastcrypt/fastcryptConfig.cmake
    ${libdir}/cmake/fastcrypt/fastcryptConfigVersion.cmake ${libdir}/pkgconfig/fastcrypt.pc)
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "host_install: ${prefix}/${f} not installed")
  endif()
endforeach()

# ---- 2a. CMake consumer ----
set(ex "${BIN}/examples-test")
file(REMOVE_RECURSE "${ex}")
set(flags "")
if(san_flags)
  list(JOIN san_flags " " s)
  set(flags "-DCMAKE_C_FLAGS=${s}" "-DCMAKE_EXE_LINKER_FLAGS=${s}")
endif()
# find_package asks for the project's version (VERSION, from the build,
# which takes it from the header), never a literal.
run("configure examples/ against ${prefix}" ${CMAKE_COMMAND} -S ${SRC}/examples -B ${ex}
  -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=${cc}
  -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_COMPILE_WARNING_AS_ERROR=ON
  -DFASTCRYPT_MIN_VERSION=${VERSION} ${flags})
# ... and a request for the next minor version is refused (SameMinorVersion).
string(REGEX MATCH "^([0-9]+)\\.([0-9]+)\\." _ "${VERSION}")
math(EXPR next_minor "${CMAKE_MATCH_2} + 1")
set(ex_next "${BIN}/examples-test-next")
file(REMOVE_RECURSE "${ex_next}")
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SRC}/examples -B ${ex_next} -G ${GENERATOR}
    -DCMAKE_C_COMPILER=${cc} -DCMAKE_PREFIX_PATH=${prefix}
    -DFASTCRYPT_MIN_VERSION=${CMAKE_MATCH_1}.${next_minor}.0
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "host_install: find_package(fastcrypt ${CMAKE_MATCH_1}.${next_minor}.0) "
    "accepted the installed ${VERSION}")
endif()
file(STRINGS "${ex}/CMakeCache.txt" found REGEX "^fastcrypt_DIR:")
string(FIND "${found}" "=${prefix}/" at)
if(at EQUAL -1)
  message(FATAL_ERROR "host_install: find_package took fastcrypt from elsewhere: ${found}")
endif()
run("build examples/" ${CMAKE_COMMAND} --build ${ex})
set(exe_cmake "${ex}/vboot_verify")

# ---- 2b. pkg-config consumer ----
find_program(PKG_CONFIG NAMES pkg-config pkgconf NO_CACHE REQUIRED)
execute_process(COMMAND ${CMAKE_COMMAND} -E env "PKG_CONFIG_LIBDIR=${prefix}/${libdir}/pkgconfig"
    ${PKG_CONFIG} --cflags --libs fastcrypt
  RESULT_VARIABLE rc OUTPUT_VARIABLE pc ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "host_install: pkg-config --cflags --libs fastcrypt failed:\n${err}")
endif()
separate_arguments(pc_flags UNIX_COMMAND "${pc}")
execute_process(COMMAND ${CMAKE_COMMAND} -E env "PKG_CONFIG_LIBDIR=${prefix}/${libdir}/pkgconfig"
    ${PKG_CONFIG} --modversion fastcrypt
  RESULT_VARIABLE rc OUTPUT_VARIABLE pcver OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0 OR NOT pcver STREQUAL VERSION)
  message(FATAL_ERROR "host_install: fastcrypt.pc says version '${pcver}', the build ${VERSION}")
endif()
file(STRINGS "${prefix}/${incdir}/fastcrypt/core.h" hver REGEX "^#define FC_VERSION_STRING ")
if(NOT hver STREQUAL "#define FC_VERSION_STRING \"${VERSION}\"")
  message(FATAL_ERROR "host_install: the installed header says '${hver}', the build ${VERSION}")
endif()
set(exe_pc "${ex}/vboot_verify_pc")
execute_process(COMMAND ${cc} -std=c11 -Wall -Wextra -Werror ${san_flags} ${SRC}/examples/vboot_verify.c
    ${pc_flags} -o ${exe_pc}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  file(READ "${prefix}/${libdir}/pkgconfig/fastcrypt.pc" pcfile)
  message(FATAL_ERROR "host_install: compiling the example with `pkg-config --cflags --libs fastcrypt` "
    "(${pc}) failed (${rc}):\n${out}${err}\nfastcrypt.pc:\n${pcfile}")
endif()

# ---- 3. run on real and corrupted vboot files ----
set(key "${VECTORS}/testkeys/key_rsa2048.sha256.vbpubk")
set(digest "${VECTORS}/testcases/test_file.sha256.digest")
set(sig "${VECTORS}/testcases/test_file.rsa2048_sha256.sig")
set(other_sig "${VECTORS}/testcases/test_file.rsa2048_exp3_sha256.sig")
set(sha1_digest "${VECTORS}/testcases/test_file.sha1.digest")
foreach(f key digest sig other_sig sha1_digest)
  if(NOT EXISTS "${${f}}")
    message(FATAL_ERROR "host_install: vector ${${f}} missing")
  endif()
endforeach()

# The signature with one bit of its middle byte flipped. CMake writes bytes
# 1..255 (string(ASCII)); this vector holds no zero byte, which is checked.
file(READ "${sig}" hex HEX)
string(LENGTH "${hex}" hexlen)
math(EXPR nbytes "${hexlen} / 2")
math(EXPR flip "${nbytes} / 2")
set(codes "")
foreach(i RANGE 0 ${nbytes})
  if(i EQUAL nbytes)
    break()
  endif()
  math(EXPR at "2 * ${i}")
  string(SUBSTRING "${hex}" ${at} 2 byte)
  math(EXPR b "0x${byte}")
  if(i EQUAL flip)
    math(EXPR b "${b} ^ 0x10")
  endif()
  if(b EQUAL 0)
    message(FATAL_ERROR "host_install: ${sig} byte ${i} would be zero: cannot write it from CMake")
  endif()
  list(APPEND codes ${b})
endforeach()
string(ASCII ${codes} flipped)
set(bad "${ex}/bad")
file(MAKE_DIRECTORY "${bad}")
file(WRITE "${bad}/flipped.sig" "${flipped}")
file(SIZE "${bad}/flipped.sig" fsize)
if(NOT fsize EQUAL nbytes)
  message(FATAL_ERROR "host_install: wrote ${fsize} bytes of flipped.sig, expected ${nbytes}")
endif()
# The signature with one byte appended (wrong length).
file(COPY_FILE "${sig}" "${bad}/long.sig")
file(APPEND "${bad}/long.sig" "x")

# expect(<label> <exe> <exit code> <output regex> <args...>)
set(report "")
function(expect label exe want regex)
  execute_process(COMMAND ${exe} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  get_filename_component(n "${exe}" NAME)
  if(NOT rc STREQUAL "${want}" OR NOT out MATCHES "${regex}")
    message(FATAL_ERROR "host_install: ${label}: ${n} ${ARGN}\n  exit ${rc} (want ${want}), output: ${out}${err}\n"
      "  (want output matching ${regex})")
  endif()
  set(report "${report}  ${n}, ${label}: exit ${rc}: ${out}\n" PARENT_SCOPE)
endfunction()

foreach(exe ${exe_cmake} ${exe_pc})
  expect("valid signature" ${exe} 0 "^OK: RSA-2048 SHA-256 " ${key} ${digest} ${sig})
  expect("one bit flipped" ${exe} 1 "^FAILED: FC_ERR_SIG" ${key} ${digest} ${bad}/flipped.sig)
endforeach()
expect("another key's signature" ${exe_cmake} 1 "^FAILED: FC_ERR_SIG" ${key} ${digest} ${other_sig})
expect("one byte appended" ${exe_cmake} 1 "^FAILED: FC_ERR_SIG" ${key} ${digest} ${bad}/long.sig)
expect("SHA-1 digest" ${exe_cmake} 1 "^FAILED: FC_ERR_ARG" ${key} ${sha1_digest} ${sig})
expect("usage" ${exe_cmake} 2 "" ${key} ${digest})

# ---- 4. the README's quick-start examples, against real clients ----
execute_process(COMMAND bash ${SRC}/tests/quickstart.sh ${ex} ${SRC}
  RESULT_VARIABLE rc OUTPUT_VARIABLE qs ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "host_install: tests/quickstart.sh failed (${rc}):\n${qs}${err}")
endif()
set(report "${report}  ${qs}")

message(STATUS "host_install: installed to ${prefix}; examples built with find_package and with pkg-config (${pc}):\n${report}")
