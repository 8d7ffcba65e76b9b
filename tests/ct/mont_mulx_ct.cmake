# Constant-time check of the mulx Montgomery kernel under valgrind memcheck
# (tests/ct/mont_mulx_ct_check.c). x86-64 native builds with the
# kernel only: valgrind cannot run a cross-built binary. A missing valgrind
# is a failing test; a CPU without BMI2/ADX is a skip (exit 77).
if(CMAKE_CROSSCOMPILING OR FC_SANITIZE OR NOT FC_WITH_MULX OR NOT FC_ARCH STREQUAL "x86_64")
  return()
endif()
get_target_property(_fct_mx_defs fastcrypt COMPILE_DEFINITIONS)
add_executable(mont_mulx_ct_check ${CMAKE_CURRENT_LIST_DIR}/mont_mulx_ct_check.c)
target_include_directories(mont_mulx_ct_check PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_compile_definitions(mont_mulx_ct_check PRIVATE ${_fct_mx_defs})
target_link_libraries(mont_mulx_ct_check PRIVATE fastcrypt)
find_program(FC_VALGRIND_EXE valgrind)
if(FC_VALGRIND_EXE)
  add_test(NAME mont_mulx_ct_valgrind COMMAND ${FC_VALGRIND_EXE} --tool=memcheck --error-exitcode=1
    --track-origins=yes --quiet $<TARGET_FILE:mont_mulx_ct_check> --require-valgrind)
  set_tests_properties(mont_mulx_ct_valgrind PROPERTIES TIMEOUT 900 SKIP_RETURN_CODE 77)
else()
  message(WARNING "valgrind not found (apt-get install valgrind): mont_mulx_ct_valgrind will fail")
  add_test(NAME mont_mulx_ct_valgrind COMMAND ${CMAKE_COMMAND} -E echo "valgrind not installed")
  set_tests_properties(mont_mulx_ct_valgrind PROPERTIES WILL_FAIL ON)
endif()
