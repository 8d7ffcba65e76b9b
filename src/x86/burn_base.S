/*
 * fc__stack_burn's baseline forms on x86 (src/stack_burn.c): zero `bytes`
 * of stack directly below the caller's frame, then the call-clobbered
 * registers. One argument, bytes: a multiple of 64, at most FC__BURN_MAX.
 *
 * The area is [top - bytes, top), top = the stack pointer at entry (the
 * return address's slot; on i686 the saved %edi's). The stack pointer is
 * moved below the area before the first store, so a signal or interrupt
 * taken meanwhile runs below it, and no frame of the burn's own sits
 * inside it with unwritten padding. Leaf functions: nothing is called.
 *
 *   fc__burn_base  rep stosb, general registers only (i686 without SSE2:
 *                  baseline code there has no vector registers);
 *   fc__burn_sse2  the same, then pxor on xmm0-15 (xmm0-7 on i686).
 */
	.section .note.GNU-stack,"",@progbits
/* Indirect-branch tracking (-fcf-protection): the burn is called through a pointer. */
#if defined(__CET__) && (__CET__ & 1)
#if defined(__x86_64__)
#define ENDBR endbr64
#else
#define ENDBR endbr32
#endif
#else
#define ENDBR
#endif
	.text

#if defined(__x86_64__)

.macro BURN_BODY
	movq	%rsp, %rdx
	movq	%rdi, %rcx
	subq	%rdi, %rsp
	movq	%rsp, %rdi
	xorl	%eax, %eax
	rep stosb
	movq	%rdx, %rsp
	xorl	%ecx, %ecx
	xorl	%edx, %edx
	xorl	%esi, %esi
	xorl	%edi, %edi
	xorl	%r8d, %r8d
	xorl	%r9d, %r9d
	xorl	%r10d, %r10d
	xorl	%r11d, %r11d
.endm

	.globl	fc__burn_base
	.hidden	fc__burn_base
	.type	fc__burn_base, @function
fc__burn_base:
	ENDBR
	BURN_BODY
	ret
	.size	fc__burn_base, .-fc__burn_base

	.globl	fc__burn_sse2
	.hidden	fc__burn_sse2
	.type	fc__burn_sse2, @function
fc__burn_sse2:
	ENDBR
	BURN_BODY
	pxor	%xmm0, %xmm0
	pxor	%xmm1, %xmm1
	pxor	%xmm2, %xmm2
	pxor	%xmm3, %xmm3
	pxor	%xmm4, %xmm4
	pxor	%xmm5, %xmm5
	pxor	%xmm6, %xmm6
	pxor	%xmm7, %xmm7
	pxor	%xmm8, %xmm8
	pxor	%xmm9, %xmm9
	pxor	%xmm10, %xmm10
	pxor	%xmm11, %xmm11
	pxor	%xmm12, %xmm12
	pxor	%xmm13, %xmm13
	pxor	%xmm14, %xmm14
	pxor	%xmm15, %xmm15
	ret
	.size	fc__burn_sse2, .-fc__burn_sse2

#elif defined(__i386__)

/* cdecl: bytes at 4(%esp); %edi is callee-saved, so it is pushed first
   (top = its slot) and restored. */
.macro BURN_BODY
	pushl	%edi
	movl	8(%esp), %ecx
	movl	%esp, %edx
	subl	%ecx, %esp
	movl	%esp, %edi
	xorl	%eax, %eax
	rep stosb
	movl	%edx, %esp
	popl	%edi
	xorl	%ecx, %ecx
	xorl	%edx, %edx
.endm

	.globl	fc__burn_base
	.hidden	fc__burn_base
	.type	fc__burn_base, @function
fc__burn_base:
	ENDBR
	BURN_BODY
	ret
	.size	fc__burn_base, .-fc__burn_base

	.globl	fc__burn_sse2
	.hidden	fc__burn_sse2
	.type	fc__burn_sse2, @function
fc__burn_sse2:
	ENDBR
	BURN_BODY
	pxor	%xmm0, %xmm0
	pxor	%xmm1, %xmm1
	pxor	%xmm2, %xmm2
	pxor	%xmm3, %xmm3
	pxor	%xmm4, %xmm4
	pxor	%xmm5, %xmm5
	pxor	%xmm6, %xmm6
	pxor	%xmm7, %xmm7
	ret
	.size	fc__burn_sse2, .-fc__burn_sse2

#endif
