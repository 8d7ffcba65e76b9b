# Constant-time check of the AES/GHASH kernels under valgrind memcheck
# (tests/ct/aes_ct_check.c). Native builds only: valgrind cannot run a
# cross-built binary. A missing valgrind is a failing test, not a skip.
if(CMAKE_CROSSCOMPILING OR FC_SANITIZE)
  return()
endif()
get_target_property(_fct_ct_defs fastcrypt COMPILE_DEFINITIONS)
add_executable(aes_ct_check ${CMAKE_CURRENT_LIST_DIR}/aes_ct_check.c
  ${PROJECT_SOURCE_DIR}/src/aes/aes.c ${PROJECT_SOURCE_DIR}/src/aes/aes_gcm.c)
target_include_directories(aes_ct_check PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_compile_definitions(aes_ct_check PRIVATE ${_fct_ct_defs} FC_VALGRIND)
target_link_libraries(aes_ct_check PRIVATE fastcrypt)
find_program(FC_VALGRIND_EXE valgrind)
if(FC_VALGRIND_EXE)
  # The verdict is the exit status (no PASS_REGULAR_EXPRESSION: ctest would
  # then ignore it): valgrind's 1 on any error, the program's on a failure.
  add_test(NAME aes_ct_valgrind COMMAND ${FC_VALGRIND_EXE} --tool=memcheck --error-exitcode=1
    --track-origins=yes --quiet $<TARGET_FILE:aes_ct_check> --require-valgrind)
  set_tests_properties(aes_ct_valgrind PROPERTIES TIMEOUT 900)
else()
  message(WARNING "valgrind not found (apt-get install valgrind): aes_ct_valgrind will fail")
  add_test(NAME aes_ct_valgrind COMMAND ${CMAKE_COMMAND} -E echo "valgrind not installed")
  set_tests_properties(aes_ct_valgrind PROPERTIES WILL_FAIL ON)
endif()
