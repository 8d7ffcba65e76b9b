# Host check: the arrows of docs/architecture.md point one way.
#  - src/core/ knows no family: none of its files includes a family's
#    internal header (bn/, rsa/, hash/, aes/) or public header (fastcrypt.h,
#    fastcrypt/bn.h, ...);
#  - the dispatcher names no Montgomery function, kernel or constant;
#  - a family includes core/, its own folder, and only the families it is
#    built on (rsa: bn and hash), never one above it;
#  - an ISA kernel (src/x86, src/aarch64) includes core/ and the one family
#    its name says (<family>_<isa>: mont_ and bn_ are bn, sha and keccak
#    are hash, aes, gcm and ghash are aes, burn is core).
# Reads the sources only, so it runs in every build.
# Invoked by tests/CMakeLists.txt: cmake -DSRC=<source dir> -P this.
cmake_minimum_required(VERSION 3.25)
if(NOT SRC)
  message(FATAL_ERROR "host_layers: -DSRC= is required")
endif()

set(problems "")
set(checked 0)
# fam -> families it may include besides core and itself
set(may_bn "")
set(may_hash "")
set(may_aes "")
set(may_rsa bn hash)
set(may_ec hash)
set(may_mldsa hash)
set(may_hashsig hash)
set(may_x509 rsa ec mldsa hashsig hash bn)
set(may_core "")
set(families core bn rsa hash aes ec mldsa hashsig x509)

function(check_file path fam)
  file(STRINGS "${path}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  set(allowed core ${fam} ${may_${fam}})
  foreach(l IN LISTS lines)
    string(REGEX MATCH "\"([^\"]+)\"" m "${l}")
    set(inc "${CMAKE_MATCH_1}")
    if(inc MATCHES "^(core|bn|rsa|hash|aes|ec|mldsa|hashsig|x509)/")
      string(REGEX REPLACE "/.*" "" to "${inc}")
      list(FIND allowed ${to} i)
      if(i LESS 0)
        string(APPEND problems "  ${path}: ${fam} includes ${inc}\n")
      endif()
    elseif(inc MATCHES "^fastcrypt(\\.h|/(bn|rsa|hash|aes|ec|mldsa|lms|xmss|slhdsa|x509|pkcs7|authenticode)\\.h)$")
      if(fam STREQUAL "core")
        string(APPEND problems "  ${path}: core includes ${inc}\n")
      endif()
    endif()
  endforeach()
  set(problems "${problems}" PARENT_SCOPE)
endfunction()

foreach(fam IN LISTS families)
  file(GLOB files "${SRC}/src/${fam}/*.[chS]")
  if(NOT files)
    string(APPEND problems "  src/${fam}/: no source (a family folder moved?)\n")
  endif()
  foreach(f IN LISTS files)
    check_file("${f}" ${fam})
    math(EXPR checked "${checked} + 1")
  endforeach()
endforeach()

file(GLOB kernels "${SRC}/src/x86/*.[chS]" "${SRC}/src/aarch64/*.[chS]")
foreach(f IN LISTS kernels)
  get_filename_component(n "${f}" NAME)
  if(n MATCHES "^ec_")
    set(fam ec)
  elseif(n MATCHES "^mldsa_")
    set(fam mldsa)
  elseif(n MATCHES "^(mont|bn)_")
    set(fam bn)
  elseif(n MATCHES "^(sha|keccak)")
    set(fam hash)
  elseif(n MATCHES "^(aes|gcm|ghash)")
    set(fam aes)
  elseif(n MATCHES "^burn")
    set(fam core)
  else()
    string(APPEND problems "  ${f}: no family in its name (<family>_<isa>)\n")
    continue()
  endif()
  check_file("${f}" ${fam})
  math(EXPR checked "${checked} + 1")
endforeach()

# The dispatcher reaches Montgomery kernels through FC_OP_MONT's table only.
file(READ "${SRC}/src/core/dispatch.c" d)
string(REGEX MATCHALL "fc__mont[a-z0-9_]*|FC_MONT[A-Z0-9_]*|mont_[a-z0-9_]+" named "${d}")
if(named)
  list(REMOVE_DUPLICATES named)
  string(APPEND problems "  src/core/dispatch.c names ${named}\n")
endif()

if(problems)
  message(FATAL_ERROR "host_layers: arrows pointing the wrong way:\n${problems}")
endif()
if(checked LESS 100)
  message(FATAL_ERROR "host_layers: only ${checked} files checked (expected over 100)")
endif()
message(STATUS "host_layers: ${checked} files, every include points down")
