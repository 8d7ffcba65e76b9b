/*
 * Field arithmetic of the ec armv8 kernel (src/aarch64/ec_armv8.c) at 4 and
 * 6 limbs, AAPCS64, base ARMv8-A (MUL, UMULH, ADDS/ADCS):
 *   void fc__ec_armv8_mont4(uint64_t r[4], const uint64_t a[4],
 *                           const uint64_t b[4], const uint64_t m[5]);
 *   void fc__ec_armv8_mont6(r, a, b, m): the same at 6 limbs;
 *     r = a b / 2^(64 L) mod m for a, b < m, m odd, r < m; m[L] = -1/m
 *     mod 2^64 (ec_mod's layout). r may alias a or b, not m.
 *   void fc__ec_armv8_add4(r, a, b, m), _add6: r = a + b mod m;
 *   void fc__ec_armv8_sub4(r, a, b, m), _sub6: r = a - b mod m;
 *     a, b < m; r may alias a or b.
 * Word-serial Montgomery (CIOS; Koc, Acar and Kaliski 1996) with a, m and
 * the accumulator in registers: round i adds b[i] a, then q m with
 * q = t[0] (-1/m) mod 2^64, so t[0] becomes 0 and the accumulator's
 * registers rotate by one (the macros take them in the round's order). A
 * row is two carry chains, the low halves (MUL) and then the high halves
 * (UMULH); neither product writes the flags, so each interleaves with its
 * chain. t < 2m after every round: L + 1 limbs hold it, and one
 * conditional subtraction (CSEL) ends it. No branch on data.
 * Stack: the products save x19-x26 (64 bytes); add and sub use none.
 */
	.section .note.GNU-stack,"",@progbits
	.text

/* (T0..TL, TOP) += B * (V0..V(L-1)); x1 is the scratch. */
.macro ROW4 B, T0, T1, T2, T3, T4, TOP, V0, V1, V2, V3
	mul	x1, \V0, \B
	adds	\T0, \T0, x1
	mul	x1, \V1, \B
	adcs	\T1, \T1, x1
	mul	x1, \V2, \B
	adcs	\T2, \T2, x1
	mul	x1, \V3, \B
	adcs	\T3, \T3, x1
	adcs	\T4, \T4, xzr
	adc	\TOP, \TOP, xzr
	umulh	x1, \V0, \B
	adds	\T1, \T1, x1
	umulh	x1, \V1, \B
	adcs	\T2, \T2, x1
	umulh	x1, \V2, \B
	adcs	\T3, \T3, x1
	umulh	x1, \V3, \B
	adcs	\T4, \T4, x1
	adc	\TOP, \TOP, xzr
.endm

.macro ROW6 B, T0, T1, T2, T3, T4, T5, T6, TOP, V0, V1, V2, V3, V4, V5
	mul	x1, \V0, \B
	adds	\T0, \T0, x1
	mul	x1, \V1, \B
	adcs	\T1, \T1, x1
	mul	x1, \V2, \B
	adcs	\T2, \T2, x1
	mul	x1, \V3, \B
	adcs	\T3, \T3, x1
	mul	x1, \V4, \B
	adcs	\T4, \T4, x1
	mul	x1, \V5, \B
	adcs	\T5, \T5, x1
	adcs	\T6, \T6, xzr
	adc	\TOP, \TOP, xzr
	umulh	x1, \V0, \B
	adds	\T1, \T1, x1
	umulh	x1, \V1, \B
	adcs	\T2, \T2, x1
	umulh	x1, \V2, \B
	adcs	\T3, \T3, x1
	umulh	x1, \V3, \B
	adcs	\T4, \T4, x1
	umulh	x1, \V4, \B
	adcs	\T5, \T5, x1
	umulh	x1, \V5, \B
	adcs	\T6, \T6, x1
	adc	\TOP, \TOP, xzr
.endm

/* One round: t += b[I] a, then t += q m; T0 is 0 after it.
   a in x4.., m in x10.. (6 limbs) or x10..x13 (4), -1/m in x16, b at x2. */
.macro ROUND4 I, T0, T1, T2, T3, T4, TOP
	ldr	x17, [x2, #8*\I]
	mov	\TOP, xzr
	ROW4	x17, \T0, \T1, \T2, \T3, \T4, \TOP, x4, x5, x6, x7
	mul	x17, \T0, x16
	ROW4	x17, \T0, \T1, \T2, \T3, \T4, \TOP, x10, x11, x12, x13
.endm

.macro ROUND6 I, T0, T1, T2, T3, T4, T5, T6, TOP
	ldr	x17, [x2, #8*\I]
	mov	\TOP, xzr
	ROW6	x17, \T0, \T1, \T2, \T3, \T4, \T5, \T6, \TOP, x4, x5, x6, x7, x8, x9
	mul	x17, \T0, x16
	ROW6	x17, \T0, \T1, \T2, \T3, \T4, \T5, \T6, \TOP, x10, x11, x12, x13, x14, x15
.endm

.macro SAVE
	stp	x19, x20, [sp, #-64]!
	stp	x21, x22, [sp, #16]
	stp	x23, x24, [sp, #32]
	stp	x25, x26, [sp, #48]
.endm

.macro RESTORE
	ldp	x21, x22, [sp, #16]
	ldp	x23, x24, [sp, #32]
	ldp	x25, x26, [sp, #48]
	ldp	x19, x20, [sp], #64
.endm


	.globl	fc__ec_armv8_mont4
	.hidden	fc__ec_armv8_mont4
	.type	fc__ec_armv8_mont4, %function
	.p2align 4
fc__ec_armv8_mont4:
	SAVE
	ldp	x4, x5, [x1]
	ldp	x6, x7, [x1, #16]
	ldp	x10, x11, [x3]
	ldp	x12, x13, [x3, #16]
	ldr	x16, [x3, #32]
	mov	x19, xzr
	mov	x20, xzr
	mov	x21, xzr
	mov	x22, xzr
	mov	x23, xzr
	ROUND4	0, x19, x20, x21, x22, x23, x24
	ROUND4	1, x20, x21, x22, x23, x24, x19
	ROUND4	2, x21, x22, x23, x24, x19, x20
	ROUND4	3, x22, x23, x24, x19, x20, x21
	/* t - m in x4..x7 (a is spent); kept when it does not borrow */
	subs	x4, x23, x10
	sbcs	x5, x24, x11
	sbcs	x6, x19, x12
	sbcs	x7, x20, x13
	sbcs	xzr, x21, xzr
	csel	x4, x23, x4, cc
	csel	x5, x24, x5, cc
	csel	x6, x19, x6, cc
	csel	x7, x20, x7, cc
	stp	x4, x5, [x0]
	stp	x6, x7, [x0, #16]
	RESTORE
	ret
	.size	fc__ec_armv8_mont4, .-fc__ec_armv8_mont4

	.globl	fc__ec_armv8_mont6
	.hidden	fc__ec_armv8_mont6
	.type	fc__ec_armv8_mont6, %function
	.p2align 4
fc__ec_armv8_mont6:
	SAVE
	ldp	x4, x5, [x1]
	ldp	x6, x7, [x1, #16]
	ldp	x8, x9, [x1, #32]
	ldp	x10, x11, [x3]
	ldp	x12, x13, [x3, #16]
	ldp	x14, x15, [x3, #32]
	ldr	x16, [x3, #48]
	mov	x19, xzr
	mov	x20, xzr
	mov	x21, xzr
	mov	x22, xzr
	mov	x23, xzr
	mov	x24, xzr
	mov	x25, xzr
	ROUND6	0, x19, x20, x21, x22, x23, x24, x25, x26
	ROUND6	1, x20, x21, x22, x23, x24, x25, x26, x19
	ROUND6	2, x21, x22, x23, x24, x25, x26, x19, x20
	ROUND6	3, x22, x23, x24, x25, x26, x19, x20, x21
	ROUND6	4, x23, x24, x25, x26, x19, x20, x21, x22
	ROUND6	5, x24, x25, x26, x19, x20, x21, x22, x23
	subs	x4, x25, x10
	sbcs	x5, x26, x11
	sbcs	x6, x19, x12
	sbcs	x7, x20, x13
	sbcs	x8, x21, x14
	sbcs	x9, x22, x15
	sbcs	xzr, x23, xzr
	csel	x4, x25, x4, cc
	csel	x5, x26, x5, cc
	csel	x6, x19, x6, cc
	csel	x7, x20, x7, cc
	csel	x8, x21, x8, cc
	csel	x9, x22, x9, cc
	stp	x4, x5, [x0]
	stp	x6, x7, [x0, #16]
	stp	x8, x9, [x0, #32]
	RESTORE
	ret
	.size	fc__ec_armv8_mont6, .-fc__ec_armv8_mont6

	.globl	fc__ec_armv8_add4
	.hidden	fc__ec_armv8_add4
	.type	fc__ec_armv8_add4, %function
	.p2align 4
fc__ec_armv8_add4:
	ldp	x4, x5, [x1]
	ldp	x6, x7, [x1, #16]
	ldp	x10, x11, [x2]
	ldp	x12, x13, [x2, #16]
	adds	x4, x4, x10
	adcs	x5, x5, x11
	adcs	x6, x6, x12
	adcs	x7, x7, x13
	adc	x16, xzr, xzr
	ldp	x10, x11, [x3]
	ldp	x12, x13, [x3, #16]
	subs	x10, x4, x10
	sbcs	x11, x5, x11
	sbcs	x12, x6, x12
	sbcs	x13, x7, x13
	sbcs	xzr, x16, xzr
	csel	x4, x4, x10, cc
	csel	x5, x5, x11, cc
	csel	x6, x6, x12, cc
	csel	x7, x7, x13, cc
	stp	x4, x5, [x0]
	stp	x6, x7, [x0, #16]
	ret
	.size	fc__ec_armv8_add4, .-fc__ec_armv8_add4

	.globl	fc__ec_armv8_sub4
	.hidden	fc__ec_armv8_sub4
	.type	fc__ec_armv8_sub4, %function
	.p2align 4
fc__ec_armv8_sub4:
	ldp	x4, x5, [x1]
	ldp	x6, x7, [x1, #16]
	ldp	x10, x11, [x2]
	ldp	x12, x13, [x2, #16]
	subs	x4, x4, x10
	sbcs	x5, x5, x11
	sbcs	x6, x6, x12
	sbcs	x7, x7, x13
	sbc	x16, xzr, xzr /* -borrow: m is added masked by it */
	ldp	x10, x11, [x3]
	ldp	x12, x13, [x3, #16]
	and	x10, x10, x16
	and	x11, x11, x16
	and	x12, x12, x16
	and	x13, x13, x16
	adds	x4, x4, x10
	adcs	x5, x5, x11
	adcs	x6, x6, x12
	adcs	x7, x7, x13
	stp	x4, x5, [x0]
	stp	x6, x7, [x0, #16]
	ret
	.size	fc__ec_armv8_sub4, .-fc__ec_armv8_sub4

	.globl	fc__ec_armv8_add6
	.hidden	fc__ec_armv8_add6
	.type	fc__ec_armv8_add6, %function
	.p2align 4
fc__ec_armv8_add6:
	ldp	x4, x5, [x1]
	ldp	x6, x7, [x1, #16]
	ldp	x8, x9, [x1, #32]
	ldp	x10, x11, [x2]
	ldp	x12, x13, [x2, #16]
	ldp	x14, x15, [x2, #32]
	adds	x4, x4, x10
	adcs	x5, x5, x11
	adcs	x6, x6, x12
	adcs	x7, x7, x13
	adcs	x8, x8, x14
	adcs	x9, x9, x15
	adc	x16, xzr, xzr
	ldp	x10, x11, [x3]
	ldp	x12, x13, [x3, #16]
	ldp	x14, x15, [x3, #32]
	subs	x10, x4, x10
	sbcs	x11, x5, x11
	sbcs	x12, x6, x12
	sbcs	x13, x7, x13
	sbcs	x14, x8, x14
	sbcs	x15, x9, x15
	sbcs	xzr, x16, xzr
	csel	x4, x4, x10, cc
	csel	x5, x5, x11, cc
	csel	x6, x6, x12, cc
	csel	x7, x7, x13, cc
	csel	x8, x8, x14, cc
	csel	x9, x9, x15, cc
	stp	x4, x5, [x0]
	stp	x6, x7, [x0, #16]
	stp	x8, x9, [x0, #32]
	ret
	.size	fc__ec_armv8_add6, .-fc__ec_armv8_add6

	.globl	fc__ec_armv8_sub6
	.hidden	fc__ec_armv8_sub6
	.type	fc__ec_armv8_sub6, %function
	.p2align 4
fc__ec_armv8_sub6:
	ldp	x4, x5, [x1]
	ldp	x6, x7, [x1, #16]
	ldp	x8, x9, [x1, #32]
	ldp	x10, x11, [x2]
	ldp	x12, x13, [x2, #16]
	ldp	x14, x15, [x2, #32]
	subs	x4, x4, x10
	sbcs	x5, x5, x11
	sbcs	x6, x6, x12
	sbcs	x7, x7, x13
	sbcs	x8, x8, x14
	sbcs	x9, x9, x15
	sbc	x16, xzr, xzr /* -borrow: m is added masked by it */
	ldp	x10, x11, [x3]
	ldp	x12, x13, [x3, #16]
	ldp	x14, x15, [x3, #32]
	and	x10, x10, x16
	and	x11, x11, x16
	and	x12, x12, x16
	and	x13, x13, x16
	and	x14, x14, x16
	and	x15, x15, x16
	adds	x4, x4, x10
	adcs	x5, x5, x11
	adcs	x6, x6, x12
	adcs	x7, x7, x13
	adcs	x8, x8, x14
	adcs	x9, x9, x15
	stp	x4, x5, [x0]
	stp	x6, x7, [x0, #16]
	stp	x8, x9, [x0, #32]
	ret
	.size	fc__ec_armv8_sub6, .-fc__ec_armv8_sub6
