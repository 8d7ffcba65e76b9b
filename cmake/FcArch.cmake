# FC_ARCH: x86_64, x86 (i686) or aarch64, from the target processor.
string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" _fc_proc)
if(_fc_proc MATCHES "^(x86_64|amd64)$")
  set(FC_ARCH x86_64)
elseif(_fc_proc MATCHES "^(i[3-6]86|x86)$")
  set(FC_ARCH x86)
elseif(_fc_proc MATCHES "^(aarch64|arm64)$")
  set(FC_ARCH aarch64)
else()
  set(FC_ARCH generic)
endif()
message(STATUS "fastcrypt: target architecture ${FC_ARCH}")

# fc_isa_flags(<file> <flags...>): ISA flags for one kernel file only.
function(fc_isa_flags file)
  set_source_files_properties(${file} PROPERTIES COMPILE_OPTIONS "${ARGN}")
endfunction()
