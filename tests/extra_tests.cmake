# Extra ctest entries, included at the end of tests/CMakeLists.txt.
#
# FASTCRYPT_CPU / FASTCRYPT_IMPL are read once per process by fc_init, so each
# case is its own process: test_dispatch run with the variables set and a
# filter on Env.DISABLED_Overrides, which checks the FC_EXPECT_* variables of
# the same entry (see tests/core/test_dispatch.cpp for their syntax). COMMAND names
# the target, so cross builds get the emulator prefix. A filter that matched
# nothing would pass vacuously: PASS_REGULAR_EXPRESSION demands one passed test.

if(NOT TARGET test_dispatch)
  return()
endif()

# Which kernels this build has (src/CMakeLists.txt's conditions), for the
# list check in Impls.ListsEveryBuiltKernel.
set(_fct_x86 OFF)
if(FC_ARCH STREQUAL "x86_64" OR FC_ARCH STREQUAL "x86")
  set(_fct_x86 ON)
endif()
set(_fct_sse2 OFF)
set(_fct_mulx OFF)
set(_fct_neon OFF)
set(_fct_avx512ifma OFF)
if(FC_ARCH STREQUAL "x86_64" AND FC_WITH_AVX512IFMA)
  set(_fct_avx512ifma ON)
endif()
if(_fct_x86 AND FC_WITH_SSE2)
  set(_fct_sse2 ON)
endif()
if(FC_ARCH STREQUAL "x86_64" AND FC_WITH_MULX)
  set(_fct_mulx ON)
endif()
if(FC_ARCH STREQUAL "aarch64" AND FC_WITH_NEON)
  set(_fct_neon ON)
endif()
set(_fct_defs FCT_BUILD_INFO=1)
foreach(k sse2 mulx neon avx512ifma)
  if(_fct_${k})
    string(TOUPPER ${k} _K)
    list(APPEND _fct_defs FCT_BUILT_${_K}=1)
  endif()
endforeach()
target_compile_definitions(test_dispatch PRIVATE ${_fct_defs})

set(_fct_pass "\\[  PASSED  \\] 1 test\\.")
set(_fct_fail "\\[  FAILED  \\]|Sanitizer|runtime error")

# fc_env_case(<name> <filter> <env>...): env entries are VAR=value strings.
# Nothing may skip: Init.Concurrent fails where threads cannot be created.
function(fc_env_case name filter)
  set(test test_dispatch_${name})
  set(pass "${_fct_pass}")
  add_test(NAME ${test} COMMAND test_dispatch --gtest_also_run_disabled_tests
           --gtest_filter=${filter})
  set_tests_properties(${test} PROPERTIES
    ENVIRONMENT "${ARGN}"
    PASS_REGULAR_EXPRESSION "${pass}"
    FAIL_REGULAR_EXPRESSION "${_fct_fail}"
    TIMEOUT 300)
endfunction()

# fc_env(<name> <FASTCRYPT_CPU value or UNSET> <FASTCRYPT_IMPL value or UNSET>
#        <FC_EXPECT_INIT> <FC_EXPECT_FEATURES> <FC_EXPECT_ACTIVE>)
# The expectation values must not contain ';'.
function(fc_env name cpu impl init features active)
  set(env "FC_EXPECT_INIT=${init}" "FC_EXPECT_FEATURES=${features}" "FC_EXPECT_ACTIVE=${active}")
  if(NOT cpu STREQUAL "UNSET")
    list(APPEND env "FASTCRYPT_CPU=${cpu}")
  endif()
  if(NOT impl STREQUAL "UNSET")
    list(APPEND env "FASTCRYPT_IMPL=${impl}")
  endif()
  fc_env_case(env_${name} "Env.DISABLED_Overrides" ${env})
endfunction()

# ---- FASTCRYPT_CPU, every architecture ----
fc_env(cpu_none          "none"    UNSET OK none "*=portable")
fc_env(cpu_none_auto     "none"    UNSET OK none "*=auto")
fc_env(cpu_minus_sse2    "-sse2"   UNSET OK "-sse2" "*=auto")
fc_env(cpu_minus_avx2_sse2 "-avx2,-sse2" UNSET OK "-avx2,-sse2" "*=auto")
fc_env(cpu_minus_neon    "-neon"   UNSET OK "-neon" "*=auto")
fc_env(cpu_minus_asimd_bmi2 "-asimd,-bmi2" UNSET OK "-neon,-bmi2" "*=auto")
# the vendor bit orders kernels only: on an Intel CPU, masking it takes SHA-1's shani_msg
fc_env(cpu_minus_intel   "-intel"  UNSET OK "-intel" "*=auto")
# +intel sets the vendor bit on any CPU (it enables no instruction): the Intel
# order on every host; "auto" is the rule, first usable kernel not avoided
fc_env(cpu_plus_intel    "+intel"  UNSET OK "+intel" "*=auto")
# on an x86 CPU with SHA extensions: shani under the Intel bit, shani_msg
# without it (builds without the SHA-NI kernels have neither name)
if(_fct_x86 AND FC_WITH_SHA AND FC_WITH_SHANI)
  fc_env(cpu_plus_intel_sha1 "+intel" UNSET OK "+intel" "sha1=shani?,*=auto")
  fc_env(cpu_minus_intel_sha1 "-intel" UNSET OK "-intel" "sha1=shani_msg?,*=auto")
endif()
fc_env(cpu_plus_intel_minus_avx2 "-avx2,+intel" UNSET OK "-avx2,+intel" "*=auto")
fc_env(cpu_none_plus_intel_bad "none,+intel" UNSET ENV probed "*=auto")
fc_env(cpu_bad_both_intel "-intel,+intel" UNSET ENV probed "*=auto")
fc_env(cpu_bad_plus_feature "+avx2" UNSET ENV probed "*=auto")
fc_env(impl_pin_under_intel "+intel" "sha1=scalar" OK "+intel" "sha1=scalar,*=auto")
# malformed: FC_ERR_ENV, nothing of the variable applies
fc_env(cpu_bad_no_minus  "sse2"    UNSET ENV probed "*=auto")
fc_env(cpu_bad_unknown   "-nosuchfeature" UNSET ENV probed "*=auto")
fc_env(cpu_bad_dash      "-"       UNSET ENV probed "*=auto")
fc_env(cpu_bad_empty_item "-sse2,,"  UNSET ENV probed "*=auto")
fc_env(cpu_bad_trailing_comma "-sse2," UNSET ENV probed "*=auto")
fc_env(cpu_bad_comma     ","       UNSET ENV probed "*=auto")
fc_env(cpu_bad_mixed     "-sse2,avx2" UNSET ENV probed "*=auto")
fc_env(cpu_bad_none_list "none,-sse2" UNSET ENV probed "*=auto")
fc_env(cpu_bad_case      "NONE"    UNSET ENV probed "*=auto")
fc_env(cpu_bad_empty     ""        UNSET ENV probed "*=auto")

# ---- FASTCRYPT_IMPL, every architecture ----
fc_env(impl_scalar32     UNSET "mont=scalar32" OK probed "mont=scalar32,*=auto")
fc_env(impl_two          UNSET "mont=scalar64,sha256=scalar" OK probed "mont=scalar64,sha256=scalar,*=auto")
fc_env(impl_bad_kernel   UNSET "mont=nosuch" ENV probed "*=auto")
fc_env(impl_bad_op       UNSET "nosuchop=scalar32" ENV probed "*=auto")
fc_env(impl_bad_no_eq    UNSET "mont" ENV probed "*=auto")
fc_env(impl_bad_no_name  UNSET "mont=" ENV probed "*=auto")
fc_env(impl_bad_no_op    UNSET "=scalar32" ENV probed "*=auto")
fc_env(impl_bad_empty    UNSET "" ENV probed "*=auto")
fc_env(impl_bad_trailing UNSET "mont=scalar32," ENV probed "*=auto")
fc_env(impl_bad_second   UNSET "mont=scalar32,sha256=nosuch" ENV probed "*=auto")
fc_env(impl_bad_wrong_op UNSET "sha256=scalar32" ENV probed "*=auto")
# a sibling hash op's kernel (SHA-1 has no avx2): unknown, and the good pin before it does not apply
fc_env(impl_bad_sibling_op UNSET "sha256=avx2,sha1=avx2" ENV probed "*=auto")
# the variables are independent: a bad FASTCRYPT_CPU leaves FASTCRYPT_IMPL in force
fc_env(bad_cpu_good_impl "bogus" "mont=scalar32" ENV probed "mont=scalar32,*=auto")
fc_env(none_and_pin      "none" "mont=scalar32" OK none "mont=scalar32,*=auto")
fc_env(good_cpu_bad_impl "-sse2" "mont=nosuch" ENV "-sse2" "*=auto")

# ---- a kernel of another architecture (not built here) is FC_ERR_UNSUPPORTED,
#      like a kernel this CPU cannot run; other pins still apply ----
if(FC_ARCH STREQUAL "aarch64")
  set(_fct_foreign mulx)
else()
  set(_fct_foreign neon)
endif()
fc_env(impl_other_arch   UNSET "mont=${_fct_foreign}" UNSUPPORTED probed "*=auto")
fc_env(impl_other_arch_and_pin UNSET "mont=${_fct_foreign},sha256=scalar" UNSUPPORTED probed
       "sha256=scalar,*=auto")
fc_env(impl_wrong_op_name UNSET "sha256=sse2" ENV probed "*=auto")

# ---- kernels with CPU needs: a known kernel the CPU cannot run is
#      FC_ERR_UNSUPPORTED, other pins still apply ----
if(_fct_sse2)
  fc_env(impl_sse2       UNSET "mont=sse2" "OK?" probed "mont=sse2?,*=auto")
  fc_env(impl_sse2_masked "-sse2" "mont=sse2" UNSUPPORTED "-sse2" "*=auto")
  fc_env(impl_sse2_masked_other "-sse2" "mont=sse2,sha256=scalar" UNSUPPORTED "-sse2"
         "sha256=scalar,*=auto")
  fc_env(impl_sse2_none  "none" "sha1=scalar,mont=sse2" UNSUPPORTED none "*=auto")
endif()
if(_fct_mulx)
  fc_env(impl_mulx       UNSET "mont=mulx" "OK?" probed "mont=mulx?,*=auto")
  fc_env(impl_mulx_masked "-bmi2" "mont=mulx" UNSUPPORTED "-bmi2" "*=auto")
  fc_env(impl_mulx_masked_adx "-adx" "mont=mulx,sha512=scalar" UNSUPPORTED "-adx"
         "sha512=scalar,*=auto")
  fc_env(cpu_minus_adx   "-adx" UNSET OK "-adx" "*=auto")
endif()
if(_fct_neon)
  fc_env(impl_neon       UNSET "mont=neon" "OK?" probed "mont=neon?,*=auto")
  fc_env(impl_neon_masked "-neon" "mont=neon" UNSUPPORTED "-neon" "*=auto")
  fc_env(impl_neon_masked_asimd "-asimd" "mont=neon,sha256=scalar" UNSUPPORTED "-neon"
         "sha256=scalar,*=auto")
endif()

# The NEON vector-permute AES (AArch64): without the AES feature it is the
# automatic choice (it needs ASIMD only, which qemu-user keeps in every model);
# pinned, it runs wherever ASIMD does.
if(FC_ARCH STREQUAL "aarch64" AND FC_WITH_AES AND FC_WITH_AES_NEON)
  fc_env(cpu_minus_aes_neon "-aes" UNSET OK "-aes" "aes=neon,*=auto")
  fc_env(impl_aes_neon   UNSET "aes=neon" "OK?" probed "aes=neon?,*=auto")
  fc_env(impl_aes_neon_masked "-neon" "aes=neon" UNSUPPORTED "-neon" "aes=ct,*=auto")
endif()

# The AVX-512 Keccak kernels (x86-64): pinned, they run where AVX-512F and
# VL do; with AVX-512F masked off the pin is refused and the automatic
# choices stand (scalar and avx2).
if(FC_ARCH STREQUAL "x86_64" AND FC_WITH_SHA AND FC_WITH_KECCAK_AVX512)
  fc_env(impl_keccak_avx512 UNSET "keccak=avx512,keccak_x=avx512" "OK?" probed
         "keccak=avx512?,keccak_x=avx512?,*=auto")
  fc_env(impl_keccak_avx512_masked "-avx512f" "keccak_x=avx2,keccak=avx512" UNSUPPORTED
         "-avx512f" "keccak_x=avx2,*=auto")
endif()

# ---- the first fc_init raced by 8 threads, in fresh processes ----
fc_env_case(init_race "Init.Concurrent")
fc_env_case(init_race_env "Init.Concurrent" "FASTCRYPT_CPU=sse2" "FC_EXPECT_INIT=ENV"
            "FC_EXPECT_FEATURES=probed" "FC_EXPECT_ACTIVE=*=auto")
fc_env_case(init_race_pin "Init.Concurrent" "FASTCRYPT_CPU=none" "FASTCRYPT_IMPL=mont=scalar32"
            "FC_EXPECT_INIT=OK" "FC_EXPECT_FEATURES=none" "FC_EXPECT_ACTIVE=mont=scalar32,*=auto")

# ---- the whole binary with the SIMD features masked off: kernels that need
#      them become unusable, so Select.UnusableKernelIsUnsupported runs for
#      real instead of skipping on a CPU that has everything ----
add_test(NAME test_dispatch_masked COMMAND test_dispatch)
set_tests_properties(test_dispatch_masked PROPERTIES
  ENVIRONMENT "FASTCRYPT_CPU=-sse2,-bmi2,-neon"
  FAIL_REGULAR_EXPRESSION "${_fct_fail}"
  TIMEOUT 300)

# ---- FASTCRYPT_CALIBRATE: read once by fc_init, so own processes ----
if(TARGET test_calibrate)
  foreach(_c "env;1;InitCalibrates" "env_bad;yes;BadValueIsEnvError")
    list(GET _c 0 _n)
    list(GET _c 1 _v)
    list(GET _c 2 _t)
    add_test(NAME test_calibrate_${_n} COMMAND test_calibrate --gtest_also_run_disabled_tests
             --gtest_filter=CalibrateEnv.DISABLED_${_t})
    set_tests_properties(test_calibrate_${_n} PROPERTIES
      ENVIRONMENT "FASTCRYPT_CALIBRATE=${_v}"
      PASS_REGULAR_EXPRESSION "${_fct_pass}"
      FAIL_REGULAR_EXPRESSION "${_fct_fail}"
      TIMEOUT 300)
  endforeach()
endif()
