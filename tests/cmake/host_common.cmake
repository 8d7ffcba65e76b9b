# Helpers shared by the host_*.cmake scripts (kept out of their glob).

# fc_find_objdump(<out-var> <who>): objdump beside NM, with the same prefix
# (i686-linux-gnu-nm -> i686-linux-gnu-objdump, llvm-nm-14 -> llvm-objdump-14).
function(fc_find_objdump out who)
  get_filename_component(nm_dir "${NM}" DIRECTORY)
  get_filename_component(nm_name "${NM}" NAME)
  string(REGEX REPLACE "nm([^/]*)$" "objdump\\1" od_name "${nm_name}")
  find_program(od NAMES ${od_name} HINTS ${nm_dir} NO_CACHE)
  if(NOT od)
    message(FATAL_ERROR "${who}: no ${od_name} beside ${NM}")
  endif()
  set(${out} "${od}" PARENT_SCOPE)
endfunction()
