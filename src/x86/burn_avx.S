/*
 * fc__stack_burn's AVX form on x86 (src/stack_burn.c; the area and its
 * rules as in burn_base.S): 32-byte stores, then vzeroall and the
 * call-clobbered general registers. The C library's memcpy and memset may
 * move secrets through ymm registers, which baseline code cannot clear.
 * Called only where the probe found AVX enabled by the OS.
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
	.globl	fc__burn_avx
	.hidden	fc__burn_avx
	.type	fc__burn_avx, @function
fc__burn_avx:
	ENDBR
#if defined(__x86_64__)
	movq	%rsp, %rdx
	subq	%rdi, %rsp
	movq	%rsp, %rax
	vpxor	%xmm0, %xmm0, %xmm0
	jmp	2f
1:	vmovdqu	%ymm0, (%rax)
	vmovdqu	%ymm0, 32(%rax)
	addq	$64, %rax
2:	cmpq	%rdx, %rax
	jb	1b
	movq	%rdx, %rsp
	vzeroall
	xorl	%eax, %eax
	xorl	%ecx, %ecx
	xorl	%edx, %edx
	xorl	%esi, %esi
	xorl	%edi, %edi
	xorl	%r8d, %r8d
	xorl	%r9d, %r9d
	xorl	%r10d, %r10d
	xorl	%r11d, %r11d
#elif defined(__i386__)
	movl	4(%esp), %ecx
	movl	%esp, %edx
	subl	%ecx, %esp
	movl	%esp, %eax
	vpxor	%xmm0, %xmm0, %xmm0
	jmp	2f
1:	vmovdqu	%ymm0, (%eax)
	vmovdqu	%ymm0, 32(%eax)
	addl	$64, %eax
2:	cmpl	%edx, %eax
	jb	1b
	movl	%edx, %esp
	vzeroall
	xorl	%eax, %eax
	xorl	%ecx, %ecx
	xorl	%edx, %edx
#endif
	ret
	.size	fc__burn_avx, .-fc__burn_avx
