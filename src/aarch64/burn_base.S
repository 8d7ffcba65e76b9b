/*
 * fc__stack_burn's form on AArch64 (src/core/stack_burn.c): zero `bytes` (x0:
 * a multiple of 64, at most FC__BURN_MAX) of stack directly below the
 * caller's stack pointer, then v0-v7, v16-v31, the upper halves of v8-v15
 * (the ABI has the callee keep their lower halves) and x0-x17.
 * sp is moved below the area before the first store (it stays 16-byte
 * aligned), so an exception taken meanwhile runs below it. A leaf:
 * nothing is called.
 */
	.section .note.GNU-stack,"",@progbits
	.text
	.globl	fc__burn_base
	.hidden	fc__burn_base
	.type	fc__burn_base, %function
fc__burn_base:
	mov	x1, sp
	sub	x2, x1, x0
	mov	sp, x2
	b	2f
1:	stp	xzr, xzr, [x2]
	stp	xzr, xzr, [x2, #16]
	stp	xzr, xzr, [x2, #32]
	stp	xzr, xzr, [x2, #48]
	add	x2, x2, #64
2:	cmp	x2, x1
	b.lo	1b
	mov	sp, x1
	movi	v0.16b, #0
	movi	v1.16b, #0
	movi	v2.16b, #0
	movi	v3.16b, #0
	movi	v4.16b, #0
	movi	v5.16b, #0
	movi	v6.16b, #0
	movi	v7.16b, #0
	mov	v8.d[1], xzr
	mov	v9.d[1], xzr
	mov	v10.d[1], xzr
	mov	v11.d[1], xzr
	mov	v12.d[1], xzr
	mov	v13.d[1], xzr
	mov	v14.d[1], xzr
	mov	v15.d[1], xzr
	movi	v16.16b, #0
	movi	v17.16b, #0
	movi	v18.16b, #0
	movi	v19.16b, #0
	movi	v20.16b, #0
	movi	v21.16b, #0
	movi	v22.16b, #0
	movi	v23.16b, #0
	movi	v24.16b, #0
	movi	v25.16b, #0
	movi	v26.16b, #0
	movi	v27.16b, #0
	movi	v28.16b, #0
	movi	v29.16b, #0
	movi	v30.16b, #0
	movi	v31.16b, #0
	mov	x0, xzr
	mov	x1, xzr
	mov	x2, xzr
	mov	x3, xzr
	mov	x4, xzr
	mov	x5, xzr
	mov	x6, xzr
	mov	x7, xzr
	mov	x8, xzr
	mov	x9, xzr
	mov	x10, xzr
	mov	x11, xzr
	mov	x12, xzr
	mov	x13, xzr
	mov	x14, xzr
	mov	x15, xzr
	mov	x16, xzr
	mov	x17, xzr
	ret
	.size	fc__burn_base, .-fc__burn_base
