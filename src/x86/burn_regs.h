/*
 * Register clearing shared by the stack burn's x86 forms (burn_base.S,
 * burn_avx.S, burn_avx512.S) and the assembly kernels' own wipes
 * (keccak_avx512.S), as assembler macros, and the ENDBR marker the burn's
 * entry points begin with (indirect-branch tracking under -fcf-protection:
 * the burn is called through a pointer).
 */
#if defined(__CET__) && (__CET__ & 1)
#if defined(__x86_64__)
#define ENDBR endbr64
#else
#define ENDBR endbr32
#endif
#else
#define ENDBR
#endif

/* The burn's registers: the length (argument), the area's top and the
   store pointer, all call-clobbered. */
#if defined(__x86_64__)
#define SP %rsp
#define LEN %rdi
#define TOP %rdx
#define CUR %rax
#define LOAD_LEN
#define MOV movq
#define SUB subq
#define ADD addq
#define CMP cmpq
#else
#define SP %esp
#define LEN %ecx
#define TOP %edx
#define CUR %eax
#define LOAD_LEN movl 4(%esp), %ecx /* cdecl */
#define MOV movl
#define SUB subl
#define ADD addl
#define CMP cmpl
#endif

/* The call-clobbered general registers (x86-64 SysV; i686: eax, ecx, edx). */
.macro ZERO_SCRATCH_GPRS
#if defined(__x86_64__)
	xorl	%eax, %eax
	xorl	%ecx, %ecx
	xorl	%edx, %edx
	xorl	%esi, %esi
	xorl	%edi, %edi
	xorl	%r8d, %r8d
	xorl	%r9d, %r9d
	xorl	%r10d, %r10d
	xorl	%r11d, %r11d
#else
	xorl	%eax, %eax
	xorl	%ecx, %ecx
	xorl	%edx, %edx
#endif
.endm

/* xmm0-15 (xmm0-7 on i686) with legacy-SSE pxor (no AVX needed). */
.macro PXOR_XMMS
	pxor	%xmm0, %xmm0
	pxor	%xmm1, %xmm1
	pxor	%xmm2, %xmm2
	pxor	%xmm3, %xmm3
	pxor	%xmm4, %xmm4
	pxor	%xmm5, %xmm5
	pxor	%xmm6, %xmm6
	pxor	%xmm7, %xmm7
#if defined(__x86_64__)
	pxor	%xmm8, %xmm8
	pxor	%xmm9, %xmm9
	pxor	%xmm10, %xmm10
	pxor	%xmm11, %xmm11
	pxor	%xmm12, %xmm12
	pxor	%xmm13, %xmm13
	pxor	%xmm14, %xmm14
	pxor	%xmm15, %xmm15
#endif
.endm

/* zmm16-31, which vzeroall leaves (x86-64, AVX-512F: the 512-bit forms,
   which need AVX-512F alone). */
.macro ZERO_ZMM16_31
	vpxord	%zmm16, %zmm16, %zmm16
	vpxord	%zmm17, %zmm17, %zmm17
	vpxord	%zmm18, %zmm18, %zmm18
	vpxord	%zmm19, %zmm19, %zmm19
	vpxord	%zmm20, %zmm20, %zmm20
	vpxord	%zmm21, %zmm21, %zmm21
	vpxord	%zmm22, %zmm22, %zmm22
	vpxord	%zmm23, %zmm23, %zmm23
	vpxord	%zmm24, %zmm24, %zmm24
	vpxord	%zmm25, %zmm25, %zmm25
	vpxord	%zmm26, %zmm26, %zmm26
	vpxord	%zmm27, %zmm27, %zmm27
	vpxord	%zmm28, %zmm28, %zmm28
	vpxord	%zmm29, %zmm29, %zmm29
	vpxord	%zmm30, %zmm30, %zmm30
	vpxord	%zmm31, %zmm31, %zmm31
.endm
