/*
 * fc__stack_burn's AVX form on x86 (src/core/stack_burn.c; the area and its
 * rules as in burn_base.S): 32-byte stores, then vzeroall and the
 * call-clobbered general registers. The C library's memcpy and memset may
 * move secrets through ymm registers, which baseline code cannot clear.
 * Called only where the probe found AVX enabled by the OS.
 */
#include "burn_regs.h"
	.section .note.GNU-stack,"",@progbits
	.text
	.globl	fc__burn_avx
	.hidden	fc__burn_avx
	.type	fc__burn_avx, @function
fc__burn_avx:
	ENDBR
	LOAD_LEN
	MOV	SP, TOP
	SUB	LEN, SP
	MOV	SP, CUR
	vpxor	%xmm0, %xmm0, %xmm0
	jmp	2f
1:	vmovdqu	%ymm0, (CUR)
	vmovdqu	%ymm0, 32(CUR)
	ADD	$64, CUR
2:	CMP	TOP, CUR
	jb	1b
	MOV	TOP, SP
	vzeroall
	ZERO_SCRATCH_GPRS
	ret
	.size	fc__burn_avx, .-fc__burn_avx
