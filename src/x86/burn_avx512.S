/*
 * fc__stack_burn's AVX-512F form on x86-64 (src/stack_burn.c; the area
 * and its rules as in burn_base.S): 64-byte stores, then vzeroall (zmm0-15
 * whole), zmm16-31, which vzeroall leaves, k0-k7 and the call-clobbered
 * general registers. glibc's EVEX memcpy and memset keep data in
 * ymm16-31. Called only where the probe found AVX-512F enabled.
 */
#include "burn_regs.h"
	.section .note.GNU-stack,"",@progbits
	.text
	.globl	fc__burn_avx512
	.hidden	fc__burn_avx512
	.type	fc__burn_avx512, @function
fc__burn_avx512:
	ENDBR
	movq	%rsp, %rdx
	subq	%rdi, %rsp
	movq	%rsp, %rax
	vpxord	%zmm16, %zmm16, %zmm16
	jmp	2f
1:	vmovdqu64 %zmm16, (%rax)
	addq	$64, %rax
2:	cmpq	%rdx, %rax
	jb	1b
	movq	%rdx, %rsp
	vzeroall
	vpxord	%xmm17, %xmm17, %xmm17
	vpxord	%xmm18, %xmm18, %xmm18
	vpxord	%xmm19, %xmm19, %xmm19
	vpxord	%xmm20, %xmm20, %xmm20
	vpxord	%xmm21, %xmm21, %xmm21
	vpxord	%xmm22, %xmm22, %xmm22
	vpxord	%xmm23, %xmm23, %xmm23
	vpxord	%xmm24, %xmm24, %xmm24
	vpxord	%xmm25, %xmm25, %xmm25
	vpxord	%xmm26, %xmm26, %xmm26
	vpxord	%xmm27, %xmm27, %xmm27
	vpxord	%xmm28, %xmm28, %xmm28
	vpxord	%xmm29, %xmm29, %xmm29
	vpxord	%xmm30, %xmm30, %xmm30
	vpxord	%xmm31, %xmm31, %xmm31
	vpxord	%xmm16, %xmm16, %xmm16
	kxorw	%k0, %k0, %k0
	kxorw	%k1, %k1, %k1
	kxorw	%k2, %k2, %k2
	kxorw	%k3, %k3, %k3
	kxorw	%k4, %k4, %k4
	kxorw	%k5, %k5, %k5
	kxorw	%k6, %k6, %k6
	kxorw	%k7, %k7, %k7
	ZERO_SCRATCH_GPRS
	ret
	.size	fc__burn_avx512, .-fc__burn_avx512
