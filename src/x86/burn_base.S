/*
 * fc__stack_burn's baseline forms on x86 (src/core/stack_burn.c): zero `bytes`
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
#include "burn_regs.h"
	.section .note.GNU-stack,"",@progbits
	.text

/* Zeroes the area with rep stosb; leaves the scratch registers zero. */
.macro BURN_BODY
#if defined(__x86_64__)
	movq	%rsp, %rdx
	movq	%rdi, %rcx
	subq	%rdi, %rsp
	movq	%rsp, %rdi
	xorl	%eax, %eax
	rep stosb
	movq	%rdx, %rsp
#else
	/* cdecl: bytes at 4(%esp); %edi is callee-saved: pushed first (top
	   is its slot) and restored. */
	pushl	%edi
	movl	8(%esp), %ecx
	movl	%esp, %edx
	subl	%ecx, %esp
	movl	%esp, %edi
	xorl	%eax, %eax
	rep stosb
	movl	%edx, %esp
	popl	%edi
#endif
	ZERO_SCRATCH_GPRS
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
	PXOR_XMMS
	ret
	.size	fc__burn_sse2, .-fc__burn_sse2
