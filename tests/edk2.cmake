# contrib/edk2's BaseCryptLib instance, built into test_edk2
# against the test-only stand-in for EDK2's headers (contrib/edk2/test).
# On x86-64 a second binary, test_edk2_msabi, builds the instance and the
# stand-in with EFIAPI = __attribute__((ms_abi)), as EDK2's GCC X64
# toolchains do, while libfastcrypt keeps the System V convention.
set(_fc_edk2 ${PROJECT_SOURCE_DIR}/contrib/edk2)
set(_fc_edk2_sources
  ${_fc_edk2}/FastCryptLib/Init.c ${_fc_edk2}/FastCryptLib/Hash.c
  ${_fc_edk2}/FastCryptLib/Hmac.c ${_fc_edk2}/FastCryptLib/Kdf.c
  ${_fc_edk2}/FastCryptLib/Cipher.c ${_fc_edk2}/FastCryptLib/Rsa.c ${_fc_edk2}/FastCryptLib/Ec.c
  ${_fc_edk2}/FastCryptLib/MlDsa.c ${_fc_edk2}/FastCryptLib/SlhDsa.c
  ${_fc_edk2}/FastCryptLib/X509.c ${_fc_edk2}/FastCryptLib/X509Stack.c
  ${_fc_edk2}/FastCryptLib/X509Chain.c ${_fc_edk2}/FastCryptLib/X509Name.c
  ${_fc_edk2}/FastCryptLib/X509Fields.c ${_fc_edk2}/FastCryptLib/Pkcs7.c
  ${_fc_edk2}/FastCryptLib/Pkcs7Signers.c ${_fc_edk2}/FastCryptLib/Authenticode.c
  ${_fc_edk2}/FastCryptLib/Unsupported.c ${_fc_edk2}/FastCryptLib/MemMove.c
  ${_fc_edk2}/test/StandIn.c)

function(fc_edk2_test target efiapi)
  if(NOT TARGET ${target})
    add_executable(${target} ${CMAKE_CURRENT_SOURCE_DIR}/clients/test_edk2.cpp)
    target_link_libraries(${target} PRIVATE fc_test_support)
    add_test(NAME ${target} COMMAND ${target})
    set_tests_properties(${target} PROPERTIES TIMEOUT 1200)
    if(NOT CMAKE_CROSSCOMPILING)
      set_tests_properties(${target} PROPERTIES ENVIRONMENT "FCT_CHECK_CPUINFO=1")
    endif()
  endif()
  # the X.509 / PKCS#7 / Authenticode cases, the ML-DSA and the SLH-DSA ones: more sources of the binary
  target_sources(${target} PRIVATE ${_fc_edk2_sources}
    ${CMAKE_CURRENT_SOURCE_DIR}/clients/edk2_pkcs7_cases.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/clients/edk2_mldsa_cases.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/clients/edk2_slhdsa_cases.cpp)
  target_include_directories(${target} PRIVATE
    ${_fc_edk2}/test/include ${_fc_edk2}/test ${_fc_edk2}/Include)
  if(efiapi)
    target_compile_definitions(${target} PRIVATE "EFIAPI=__attribute__((ms_abi))" FCT_EDK2_MSABI=1)
  endif()
  # MemMove.c's memmove under another name: the tests call it, and the C
  # library's memmove stays the process's.
  set_source_files_properties(${_fc_edk2}/FastCryptLib/MemMove.c TARGET_DIRECTORY ${target}
    PROPERTIES COMPILE_DEFINITIONS "memmove=FcEdk2TestMemMove")
  set_source_files_properties(${_fc_edk2}/FastCryptLib/Unsupported.c TARGET_DIRECTORY ${target}
    PROPERTIES COMPILE_OPTIONS "-Wno-unused-parameter")
endfunction()

if(TARGET test_edk2)
  fc_edk2_test(test_edk2 OFF)
  if(FC_ARCH STREQUAL "x86_64")
    fc_edk2_test(test_edk2_msabi ON)
  endif()
  # On x86 the instance reads CR4 at its first call: with OSFXSR clear it
  # must choose portable kernels only (a process of its own: the choice is
  # made once). On AArch64 the same entry checks that CR4 is not consulted.
  add_test(NAME test_edk2_no_sse COMMAND test_edk2
    --gtest_also_run_disabled_tests --gtest_filter=Edk2FirstCall.DISABLED_Cr4DecidesSseOnX86)
  set_tests_properties(test_edk2_no_sse PROPERTIES ENVIRONMENT "FCT_EDK2_CR4=0"
    PASS_REGULAR_EXPRESSION "\\[  PASSED  \\] 1 test")
endif()
