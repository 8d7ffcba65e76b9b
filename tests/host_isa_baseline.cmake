# Host check: the baseline objects of the archive use the baseline ISA only.
# Baseline objects are the sources of src/'s family folders (core/, bn/,
# rsa/, hash/, aes/: dispatcher, CPU probes, public API, portable kernels)
# and src/families.c; ISA kernels live in src/x86/ and src/aarch64/
# with per-file flags (STYLE.md "Whole-file ISA flags leak"). objdump -d each
# baseline object and look for:
#  - i686: any SSE/MMX register (%xmm, %mm): SSE2 is not baseline there;
#  - x86 (both): AVX/AVX-512 registers (%ymm, %zmm, %k0-7), VEX/EVEX
#    (v-prefixed) mnemonics, BMI1/2, ADX, and SSE3..SSE4.2 instructions;
#  - AArch64: crypto-extension instructions (AES, PMULL, SHA1/2/512, SHA3).
# Invoked by tests/CMakeLists.txt: cmake -DBIN=<build dir> -DNM=<nm> -P this.
cmake_minimum_required(VERSION 3.25)
foreach(v BIN NM)
  if(NOT ${v})
    message(FATAL_ERROR "host_isa_baseline: -D${v}= is required")
  endif()
endforeach()

include(${CMAKE_CURRENT_LIST_DIR}/cmake/host_common.cmake)
fc_find_objdump(OBJDUMP host_isa_baseline)

set(objdir "${BIN}/src/CMakeFiles/fastcrypt.dir")
file(GLOB objs "${objdir}/*.o" "${objdir}/core/*.o" "${objdir}/bn/*.o" "${objdir}/rsa/*.o"
  "${objdir}/hash/*.o" "${objdir}/aes/*.o")
if(NOT objs)
  message(FATAL_ERROR "host_isa_baseline: no object in ${objdir}")
endif()
list(GET objs 0 first)
execute_process(COMMAND ${OBJDUMP} -f ${first} OUTPUT_VARIABLE f RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT f MATCHES "file format ([^ \t\n]+)")
  message(FATAL_ERROR "host_isa_baseline: `${OBJDUMP} -f ${first}` failed:\n${f}")
endif()
set(format "${CMAKE_MATCH_1}")

# An instruction line: "   4:\tpush   %rbp" (GNU) or "       4:      \tpushq\t%rbp" (LLVM).
set(insn "\n *[0-9a-f]+:[ \t]+")
set(vmx "verr|verw|vmcall|vmlaunch|vmresume|vmxoff|vmxon|vmread|vmwrite|vmptrld|vmptrst|vmclear|vmfunc|vmrun|vmload|vmsave|vmmcall")
set(x86_ext
  # BMI1, BMI2, ADX, LZCNT/POPCNT, MOVBE, CRC32
  andn bextr blsi blsmsk blsr bzhi mulx pdep pext rorx sarx shlx shrx adcx adox lzcnt popcnt movbe crc32
  # SSE3, SSSE3
  addsubps addsubpd haddps haddpd hsubps hsubpd movddup movshdup movsldup lddqu fisttp
  pshufb palignr phaddw phaddd phsubw phsubd pmaddubsw pmulhrsw psignb psignw psignd pabsb pabsw pabsd
  # SSE4.1, SSE4.2
  pmulld pmuldq pminsb pminsd pminuw pminud pmaxsb pmaxsd pmaxuw pmaxud pblendw pblendvb blendps blendpd
  blendvps blendvpd ptest pinsrb pinsrd pinsrq pextrb pextrd pextrq pcmpeqq pcmpgtq packusdw roundps roundpd
  roundss roundsd dpps dppd insertps extractps mpsadbw phminposuw movntdqa pcmpestri pcmpestrm pcmpistri pcmpistrm
  pmovzxbw pmovzxbd pmovzxbq pmovzxwd pmovzxwq pmovzxdq pmovsxbw pmovsxbd pmovsxbq pmovsxwd pmovsxwq pmovsxdq)
string(REPLACE ";" "|" x86_ext "${x86_ext}")
set(arm_crypto "aese|aesd|aesmc|aesimc|pmull2?|sha1[chmp]|sha1su[01]|sha256h2?|sha256su[01]|sha512h2?|sha512su[01]|eor3|rax1|xar|bcax|sm3[a-z0-9]*|sm4e|sm4ekey")

if(format STREQUAL "elf32-i386")
  set(arch i686)
  set(forbidden_regs "%([xyz]mm[0-9]|mm[0-7]|k[0-7])")
  set(forbidden_insn "(v[a-z0-9]+|${x86_ext})")
elseif(format STREQUAL "elf64-x86-64")
  set(arch x86-64)
  set(forbidden_regs "%([yz]mm[0-9]|k[0-7])")
  set(forbidden_insn "(v[a-z0-9]+|${x86_ext})")
elseif(format MATCHES "aarch64")
  set(arch aarch64)
  set(forbidden_regs "")
  set(forbidden_insn "(${arm_crypto})")
else()
  message(STATUS "host_isa_baseline: not applicable to ${format} (checks x86 and AArch64 baselines)")
  return()
endif()

# The files that must be baseline are there (a renamed object dir would
# otherwise make this test vacuous).
set(required core/dispatch.c.o bn/mont.c.o rsa/rsa_verify.c.o bn/mont_scalar32.c.o families.c.o)
if(arch STREQUAL "aarch64")
  list(APPEND required core/cpu_aarch64.c.o)
else()
  list(APPEND required core/cpu_x86.c.o)
endif()
foreach(r IN LISTS required)
  if(NOT EXISTS "${objdir}/${r}")
    message(FATAL_ERROR "host_isa_baseline: ${objdir}/${r} missing")
  endif()
endforeach()

set(problems "")
set(names "")
foreach(obj IN LISTS objs)
  get_filename_component(name "${obj}" NAME)
  list(APPEND names "${name}")
  execute_process(COMMAND ${OBJDUMP} -d --no-show-raw-insn ${obj}
    OUTPUT_VARIABLE dis ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "host_isa_baseline: ${OBJDUMP} -d ${obj} failed: ${err}")
  endif()
  # Every line ends in a blank, so a mnemonic is always followed by [ \t]
  # without the match eating the next line's "\n".
  string(REPLACE "\n" " \n" dis "${dis}")
  set(hits "")
  if(forbidden_regs)
    string(REGEX MATCHALL "${insn}[^\n]*${forbidden_regs}" r "${dis}")
    list(APPEND hits ${r})
  endif()
  string(REGEX MATCHALL "${insn}${forbidden_insn}[ \t][^\n]*" m "${dis}")
  foreach(h IN LISTS m)
    string(REGEX MATCH "${insn}([a-z0-9]+)" _ "${h}")
    if(NOT CMAKE_MATCH_1 MATCHES "^(${vmx})$")
      list(APPEND hits "${h}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES hits)
  if(hits)
    list(LENGTH hits nh)
    list(SUBLIST hits 0 5 shown)
    string(REPLACE ";" "" shown "${shown}")
    string(REGEX REPLACE "[ \t]+" " " shown "${shown}")
    string(APPEND problems "  ${name}: ${nh} instruction(s) beyond the ${arch} baseline, e.g.:${shown}\n")
  endif()
endforeach()

list(JOIN names " " names)
if(problems)
  message(FATAL_ERROR "host_isa_baseline: ${arch} baseline objects in ${objdir}:\n${problems}")
endif()
message(STATUS "host_isa_baseline: ${arch}: baseline-only code in ${names}")
