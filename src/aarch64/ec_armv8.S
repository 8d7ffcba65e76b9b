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

/*
 * void fc__ec_armv8_p256(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]),
 * void fc__ec_armv8_p256_sqr(uint64_t r[4], const uint64_t a[4]):
 * fc__ec_armv8_mont4 at P-256's p = 2^256 - 2^224 + 2^192 + 2^96 - 1, and
 * its square. -1/p mod 2^64 is 1, so q = t[0], and t + q p = t - q
 * + q 2^96 + q (2^64 - 2^32 + 1) 2^192 clears t[0] with two shifts and one
 * product by p's top limb instead of a row (Gueron and Krasnov, "Fast
 * prime field elliptic-curve cryptography with 256-bit primes", J.
 * Cryptogr. Eng. 2015, section 4). The square: the six products a_i a_j
 * (i < j) doubled and the four a_i^2 (HAC 14.16), its low half reduced by
 * four such steps over a rotating window (each limb enters at 0, so no
 * carry leaves it: the result is at most p), the high half (below p)
 * added, one conditional subtraction. p in x10, x11, (0), x13.
 * Stack: 64 bytes (x19-x26).
 */
.macro P256_CONST
	mov	x10, #-1
	mov	x11, #0xffffffff
	mov	x13, #0xffffffff00000001
.endm

/* (T0..T4, TOP) += q p with q = T0 (T0 is 0 after it, not written). */
.macro RED_P256 T0, T1, T2, T3, T4, TOP
	lsl	x1, \T0, #32
	lsr	x17, \T0, #32
	mul	x3, \T0, x13
	umulh	x16, \T0, x13
	adds	\T1, \T1, x1
	adcs	\T2, \T2, x17
	adcs	\T3, \T3, x3
	adcs	\T4, \T4, x16
	adc	\TOP, \TOP, xzr
.endm

.macro ROUND_P256 I, T0, T1, T2, T3, T4, TOP
	ldr	x17, [x2, #8*\I]
	mov	\TOP, xzr
	ROW4	x17, \T0, \T1, \T2, \T3, \T4, \TOP, x4, x5, x6, x7
	RED_P256 \T0, \T1, \T2, \T3, \T4, \TOP
.endm

/* r = (R0..R3, R4) - p when that does not borrow, else R0..R3 */
.macro FINAL_P256 R0, R1, R2, R3, R4
	subs	x4, \R0, x10
	sbcs	x5, \R1, x11
	sbcs	x6, \R2, xzr
	sbcs	x7, \R3, x13
	sbcs	xzr, \R4, xzr
	csel	x4, \R0, x4, cc
	csel	x5, \R1, x5, cc
	csel	x6, \R2, x6, cc
	csel	x7, \R3, x7, cc
	stp	x4, x5, [x0]
	stp	x6, x7, [x0, #16]
.endm


	.globl	fc__ec_armv8_p256
	.hidden	fc__ec_armv8_p256
	.type	fc__ec_armv8_p256, %function
	.p2align 4
fc__ec_armv8_p256:
	SAVE
	P256_CONST
	ldp	x4, x5, [x1]
	ldp	x6, x7, [x1, #16]
	mov	x19, xzr
	mov	x20, xzr
	mov	x21, xzr
	mov	x22, xzr
	mov	x23, xzr
	ROUND_P256	0, x19, x20, x21, x22, x23, x24
	ROUND_P256	1, x20, x21, x22, x23, x24, x19
	ROUND_P256	2, x21, x22, x23, x24, x19, x20
	ROUND_P256	3, x22, x23, x24, x19, x20, x21
	FINAL_P256	x23, x24, x19, x20, x21
	RESTORE
	ret
	.size	fc__ec_armv8_p256, .-fc__ec_armv8_p256

/* low half's step over the window W0..W3: W0 leaves, its q p added, and
   W0 returns as the window's new top limb (hi + carry, no carry out) */
.macro RED_LOW W0, W1, W2, W3
	lsl	x1, \W0, #32
	lsr	x2, \W0, #32
	mul	x3, \W0, x13
	umulh	x8, \W0, x13
	adds	\W1, \W1, x1
	adcs	\W2, \W2, x2
	adcs	\W3, \W3, x3
	adc	\W0, x8, xzr
.endm

	.globl	fc__ec_armv8_p256_sqr
	.hidden	fc__ec_armv8_p256_sqr
	.type	fc__ec_armv8_p256_sqr, %function
	.p2align 4
fc__ec_armv8_p256_sqr:
	SAVE
	P256_CONST
	ldp	x4, x5, [x1]
	ldp	x6, x7, [x1, #16]
	/* triangle: t1..t6 in x20..x25 */
	mul	x20, x4, x5
	umulh	x21, x4, x5
	mul	x1, x4, x6
	umulh	x22, x4, x6
	mul	x2, x4, x7
	umulh	x23, x4, x7
	adds	x21, x21, x1
	adcs	x22, x22, x2
	adc	x23, x23, xzr
	mul	x1, x5, x6
	umulh	x2, x5, x6
	mul	x3, x5, x7
	umulh	x24, x5, x7
	adds	x22, x22, x1
	adcs	x23, x23, x2
	adc	x24, x24, xzr
	adds	x23, x23, x3
	adc	x24, x24, xzr
	mul	x1, x6, x7
	umulh	x25, x6, x7
	adds	x24, x24, x1
	adc	x25, x25, xzr
	/* doubled (t7 in x26), the diagonal (t0 in x19) */
	adds	x20, x20, x20
	adcs	x21, x21, x21
	adcs	x22, x22, x22
	adcs	x23, x23, x23
	adcs	x24, x24, x24
	adcs	x25, x25, x25
	adc	x26, xzr, xzr
	mul	x19, x4, x4
	umulh	x1, x4, x4
	mul	x2, x5, x5
	umulh	x3, x5, x5
	adds	x20, x20, x1
	adcs	x21, x21, x2
	adcs	x22, x22, x3
	mul	x1, x6, x6
	umulh	x2, x6, x6
	adcs	x23, x23, x1
	adcs	x24, x24, x2
	mul	x1, x7, x7
	umulh	x2, x7, x7
	adcs	x25, x25, x1
	adc	x26, x26, x2
	RED_LOW	x19, x20, x21, x22
	RED_LOW	x20, x21, x22, x19
	RED_LOW	x21, x22, x19, x20
	RED_LOW	x22, x19, x20, x21
	adds	x19, x19, x23
	adcs	x20, x20, x24
	adcs	x21, x21, x25
	adcs	x22, x22, x26
	adc	x8, xzr, xzr
	FINAL_P256	x19, x20, x21, x22, x8
	RESTORE
	ret
	.size	fc__ec_armv8_p256_sqr, .-fc__ec_armv8_p256_sqr
