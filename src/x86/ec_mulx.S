/*
 * Montgomery products of the ec mulx kernel (src/x86/ec_mulx.c) at 4 and 6
 * limbs, x86-64 SysV, BMI2 (MULX) and ADX (ADCX/ADOX):
 *   void fc__ec_mulx_mont4(uint64_t r[4], const uint64_t a[4],
 *                          const uint64_t b[4], const uint64_t m[5]);
 *   void fc__ec_mulx_mont6(uint64_t r[6], const uint64_t a[6],
 *                          const uint64_t b[6], const uint64_t m[7]);
 * r = a b / 2^(64 L) mod m for a, b < m, m odd, r < m; m[L] = -1/m mod
 * 2^64 (ec_mod's layout: the limbs, then minv). r may alias a or b (both
 * are read before r is written), not m.
 *
 * Word-serial Montgomery (CIOS; Koc, Acar and Kaliski 1996) with the whole
 * accumulator in registers: round i adds b[i] a, then q m with
 * q = t[0] (-1/m) mod 2^64, so t[0] becomes 0 and the accumulator's
 * registers rotate by one (the macros take them in the round's order).
 * Each half-round keeps two carry chains live across its row (ADOX the
 * products' low limbs, ADCX the high ones; Gopal et al., "New Instructions
 * Supporting Large Integer Arithmetic on Intel Architecture Processors",
 * Intel 2012); only MOV sits between the steps of a row. Bounds: t < 2m
 * after every round, so the L + 1 limbs t[0..L] hold it, and one
 * conditional subtraction (CMOV, constant time) ends it.
 * Stack: the six callee-saved registers and the return address, 56 bytes;
 * nothing below %rsp. Variable time nowhere (no branch on data).
 */
	.section .note.GNU-stack,"",@progbits
	.text

/* (t[0..L], TOP) += %rdx * v[0..L); CF and OF clear on entry, and after.
   Register use: %rax, %r10. */
.macro ROW4 V, T0, T1, T2, T3, T4, TOP
	mulxq	0(\V), %rax, %r10
	adoxq	%rax, \T0
	adcxq	%r10, \T1
	mulxq	8(\V), %rax, %r10
	adoxq	%rax, \T1
	adcxq	%r10, \T2
	mulxq	16(\V), %rax, %r10
	adoxq	%rax, \T2
	adcxq	%r10, \T3
	mulxq	24(\V), %rax, %r10
	adoxq	%rax, \T3
	adcxq	%r10, \T4
	movl	$0, %eax
	adoxq	%rax, \T4
	adcxq	%rax, \TOP
	adoxq	%rax, \TOP
.endm

.macro ROW6 V, T0, T1, T2, T3, T4, T5, T6, TOP
	mulxq	0(\V), %rax, %r10
	adoxq	%rax, \T0
	adcxq	%r10, \T1
	mulxq	8(\V), %rax, %r10
	adoxq	%rax, \T1
	adcxq	%r10, \T2
	mulxq	16(\V), %rax, %r10
	adoxq	%rax, \T2
	adcxq	%r10, \T3
	mulxq	24(\V), %rax, %r10
	adoxq	%rax, \T3
	adcxq	%r10, \T4
	mulxq	32(\V), %rax, %r10
	adoxq	%rax, \T4
	adcxq	%r10, \T5
	mulxq	40(\V), %rax, %r10
	adoxq	%rax, \T5
	adcxq	%r10, \T6
	movl	$0, %eax
	adoxq	%rax, \T6
	adcxq	%rax, \TOP
	adoxq	%rax, \TOP
.endm

/* One round: t += b[I] a (a at %rsi, b at %r11), then t += q m (m at
   %rcx) and t /= 2^64: T0 is 0 after it and becomes the next round's TOP. */
.macro ROUND4 I, T0, T1, T2, T3, T4, TOP
	movq	8*\I(%r11), %rdx
	xorq	\TOP, \TOP
	ROW4	%rsi, \T0, \T1, \T2, \T3, \T4, \TOP
	movq	\T0, %rdx
	imulq	32(%rcx), %rdx
	xorl	%eax, %eax
	ROW4	%rcx, \T0, \T1, \T2, \T3, \T4, \TOP
.endm

.macro ROUND6 I, T0, T1, T2, T3, T4, T5, T6, TOP
	movq	8*\I(%r11), %rdx
	xorq	\TOP, \TOP
	ROW6	%rsi, \T0, \T1, \T2, \T3, \T4, \T5, \T6, \TOP
	movq	\T0, %rdx
	imulq	48(%rcx), %rdx
	xorl	%eax, %eax
	ROW6	%rcx, \T0, \T1, \T2, \T3, \T4, \T5, \T6, \TOP
.endm

/* r = (R0..R(L-1), RL) - m when that is not negative, else R0..: the
   registers are stored first, subtracted, and CMOVC restores the stored
   limbs on a borrow. */
.macro FINAL4 R0, R1, R2, R3, R4
	movq	\R0, 0(%rdi)
	movq	\R1, 8(%rdi)
	movq	\R2, 16(%rdi)
	movq	\R3, 24(%rdi)
	subq	0(%rcx), \R0
	sbbq	8(%rcx), \R1
	sbbq	16(%rcx), \R2
	sbbq	24(%rcx), \R3
	sbbq	$0, \R4
	cmovcq	0(%rdi), \R0
	cmovcq	8(%rdi), \R1
	cmovcq	16(%rdi), \R2
	cmovcq	24(%rdi), \R3
	movq	\R0, 0(%rdi)
	movq	\R1, 8(%rdi)
	movq	\R2, 16(%rdi)
	movq	\R3, 24(%rdi)
.endm

.macro FINAL6 R0, R1, R2, R3, R4, R5, R6
	movq	\R0, 0(%rdi)
	movq	\R1, 8(%rdi)
	movq	\R2, 16(%rdi)
	movq	\R3, 24(%rdi)
	movq	\R4, 32(%rdi)
	movq	\R5, 40(%rdi)
	subq	0(%rcx), \R0
	sbbq	8(%rcx), \R1
	sbbq	16(%rcx), \R2
	sbbq	24(%rcx), \R3
	sbbq	32(%rcx), \R4
	sbbq	40(%rcx), \R5
	sbbq	$0, \R6
	cmovcq	0(%rdi), \R0
	cmovcq	8(%rdi), \R1
	cmovcq	16(%rdi), \R2
	cmovcq	24(%rdi), \R3
	cmovcq	32(%rdi), \R4
	cmovcq	40(%rdi), \R5
	movq	\R0, 0(%rdi)
	movq	\R1, 8(%rdi)
	movq	\R2, 16(%rdi)
	movq	\R3, 24(%rdi)
	movq	\R4, 32(%rdi)
	movq	\R5, 40(%rdi)
.endm

.macro SAVE
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
.endm

.macro RESTORE
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
.endm

/* Accumulator: %r8 %r9 %rbx %rbp %r12 %r13 (%r14 %r15 at 6 limbs),
   rotating; b moves to %r11 to free %rdx for MULX. */
	.globl	fc__ec_mulx_mont4
	.hidden	fc__ec_mulx_mont4
	.type	fc__ec_mulx_mont4, @function
	.p2align 4
fc__ec_mulx_mont4:
	SAVE
	movq	%rdx, %r11
	xorl	%r8d, %r8d
	xorl	%r9d, %r9d
	xorl	%ebx, %ebx
	xorl	%ebp, %ebp
	xorl	%r12d, %r12d
	ROUND4	0, %r8, %r9, %rbx, %rbp, %r12, %r13
	ROUND4	1, %r9, %rbx, %rbp, %r12, %r13, %r8
	ROUND4	2, %rbx, %rbp, %r12, %r13, %r8, %r9
	ROUND4	3, %rbp, %r12, %r13, %r8, %r9, %rbx
	FINAL4	%r12, %r13, %r8, %r9, %rbx
	RESTORE
	ret
	.size	fc__ec_mulx_mont4, .-fc__ec_mulx_mont4

	.globl	fc__ec_mulx_mont6
	.hidden	fc__ec_mulx_mont6
	.type	fc__ec_mulx_mont6, @function
	.p2align 4
fc__ec_mulx_mont6:
	SAVE
	movq	%rdx, %r11
	xorl	%r8d, %r8d
	xorl	%r9d, %r9d
	xorl	%ebx, %ebx
	xorl	%ebp, %ebp
	xorl	%r12d, %r12d
	xorl	%r13d, %r13d
	xorl	%r14d, %r14d
	ROUND6	0, %r8, %r9, %rbx, %rbp, %r12, %r13, %r14, %r15
	ROUND6	1, %r9, %rbx, %rbp, %r12, %r13, %r14, %r15, %r8
	ROUND6	2, %rbx, %rbp, %r12, %r13, %r14, %r15, %r8, %r9
	ROUND6	3, %rbp, %r12, %r13, %r14, %r15, %r8, %r9, %rbx
	ROUND6	4, %r12, %r13, %r14, %r15, %r8, %r9, %rbx, %rbp
	ROUND6	5, %r13, %r14, %r15, %r8, %r9, %rbx, %rbp, %r12
	FINAL6	%r14, %r15, %r8, %r9, %rbx, %rbp, %r12
	RESTORE
	ret
	.size	fc__ec_mulx_mont6, .-fc__ec_mulx_mont6

/*
 * void fc__ec_mulx_p256(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]):
 * fc__ec_mulx_mont4 at P-256's p = 2^256 - 2^224 + 2^192 + 2^96 - 1, whose
 * -1/p mod 2^64 is 1: q = t[0], and t + q p = t - q + q 2^96 + q (2^64 -
 * 2^32 + 1) 2^192 clears t[0] with one product (q by p's top limb) and two
 * shifts instead of a row (Gueron and Krasnov, "Fast prime field
 * elliptic-curve cryptography with 256-bit primes", J. Cryptogr. Eng. 2015,
 * section 4). Same bounds and stack as fc__ec_mulx_mont4.
 */
.macro RED_P256 T0, T1, T2, T3, T4, TOP
	movq	\T0, %rdx
	mulxq	.Lp256_3(%rip), %rcx, %r10
	movq	%rdx, %rax
	shlq	$32, %rax
	shrq	$32, %rdx
	addq	%rax, \T1
	adcq	%rdx, \T2
	adcq	%rcx, \T3
	adcq	%r10, \T4
	adcq	$0, \TOP
.endm

.macro ROUND_P256 I, T0, T1, T2, T3, T4, TOP
	movq	8*\I(%r11), %rdx
	xorq	\TOP, \TOP
	ROW4	%rsi, \T0, \T1, \T2, \T3, \T4, \TOP
	RED_P256 \T0, \T1, \T2, \T3, \T4, \TOP
.endm

	.globl	fc__ec_mulx_p256
	.hidden	fc__ec_mulx_p256
	.type	fc__ec_mulx_p256, @function
	.p2align 4
fc__ec_mulx_p256:
	SAVE
	movq	%rdx, %r11
	xorl	%r8d, %r8d
	xorl	%r9d, %r9d
	xorl	%ebx, %ebx
	xorl	%ebp, %ebp
	xorl	%r12d, %r12d
	ROUND_P256 0, %r8, %r9, %rbx, %rbp, %r12, %r13
	ROUND_P256 1, %r9, %rbx, %rbp, %r12, %r13, %r8
	ROUND_P256 2, %rbx, %rbp, %r12, %r13, %r8, %r9
	ROUND_P256 3, %rbp, %r12, %r13, %r8, %r9, %rbx
	leaq	.Lp256(%rip), %rcx
	FINAL4	%r12, %r13, %r8, %r9, %rbx
	RESTORE
	ret
	.size	fc__ec_mulx_p256, .-fc__ec_mulx_p256

/*
 * void fc__ec_mulx_p256_sqr(uint64_t r[4], const uint64_t a[4]): r = a^2 /
 * 2^256 mod p at P-256's p, a < p, r may alias a. The square whole (the
 * triangle of the six products a_i a_j, i < j, doubled, then the four
 * a_i^2: HAC 14.16), then Montgomery reduction of its low half by the
 * shifts of RED_P256 (4 rounds over a rotating window, each limb entering
 * at 0 so no carry leaves it), the high half added and one conditional
 * subtraction: the low half's reduction is at most p and the high half
 * below p. 14 products against fc__ec_mulx_p256's 20. Stack as it.
 */
.macro RED_LOW W0, W1, W2, W3
	movq	\W0, %rdx
	mulxq	.Lp256_3(%rip), %rcx, %rax
	movq	%rdx, %rbp
	shlq	$32, %rbp
	shrq	$32, %rdx
	xorl	%ebx, %ebx
	movq	%rbx, \W0
	addq	%rbp, \W1
	adcq	%rdx, \W2
	adcq	%rcx, \W3
	adcq	%rax, \W0
.endm

	.globl	fc__ec_mulx_p256_sqr
	.hidden	fc__ec_mulx_p256_sqr
	.type	fc__ec_mulx_p256_sqr, @function
	.p2align 4
fc__ec_mulx_p256_sqr:
	SAVE
	/* triangle: t1..t6 in %r9 %r10 %r11 %r12 %r13 %r14 */
	movq	0(%rsi), %rdx
	mulxq	8(%rsi), %r9, %r10
	mulxq	16(%rsi), %rax, %r11
	addq	%rax, %r10
	mulxq	24(%rsi), %rax, %r12
	adcq	%rax, %r11
	adcq	$0, %r12
	movq	8(%rsi), %rdx
	mulxq	16(%rsi), %rax, %rcx
	mulxq	24(%rsi), %rbx, %r13
	addq	%rax, %r11
	adcq	%rcx, %r12
	adcq	$0, %r13
	addq	%rbx, %r12
	adcq	$0, %r13
	movq	16(%rsi), %rdx
	mulxq	24(%rsi), %rax, %r14
	addq	%rax, %r13
	adcq	$0, %r14
	/* doubled, t7 in %r15; then the diagonal, t0 in %r8 */
	xorl	%r15d, %r15d
	addq	%r9, %r9
	adcq	%r10, %r10
	adcq	%r11, %r11
	adcq	%r12, %r12
	adcq	%r13, %r13
	adcq	%r14, %r14
	adcq	$0, %r15
	movq	0(%rsi), %rdx
	mulxq	%rdx, %r8, %rax
	movq	8(%rsi), %rdx
	mulxq	%rdx, %rbx, %rcx
	addq	%rax, %r9
	adcq	%rbx, %r10
	adcq	%rcx, %r11
	movq	16(%rsi), %rdx
	mulxq	%rdx, %rbx, %rcx
	adcq	%rbx, %r12
	adcq	%rcx, %r13
	movq	24(%rsi), %rdx
	mulxq	%rdx, %rbx, %rcx
	adcq	%rbx, %r14
	adcq	%rcx, %r15
	/* low half's reduction, then the high half */
	RED_LOW	%r8, %r9, %r10, %r11
	RED_LOW	%r9, %r10, %r11, %r8
	RED_LOW	%r10, %r11, %r8, %r9
	RED_LOW	%r11, %r8, %r9, %r10
	xorl	%eax, %eax
	addq	%r12, %r8
	adcq	%r13, %r9
	adcq	%r14, %r10
	adcq	%r15, %r11
	adcq	$0, %rax
	leaq	.Lp256(%rip), %rcx
	FINAL4	%r8, %r9, %r10, %r11, %rax
	RESTORE
	ret
	.size	fc__ec_mulx_p256_sqr, .-fc__ec_mulx_p256_sqr

/*
 * void fc__ec_mulx_add4(r, a, b, m), fc__ec_mulx_add6: r = a + b mod m;
 * void fc__ec_mulx_sub4(r, a, b, m), fc__ec_mulx_sub6: r = a - b mod m;
 * a, b < m, r < m; r may alias a or b. The sum (difference) and its
 * correction by m both in registers, one chosen by CMOV: constant time,
 * and no store read back. Stack: the saved registers (16 bytes at 4
 * limbs, 48 at 6) and the return address.
 */
/* X0.. = A + B (memory at %rsi, %rdx), carry in %rax; C0.. = a copy */
.macro SUM4 X0, X1, X2, X3, C0, C1, C2, C3
	movq	0(%rsi), \X0
	movq	8(%rsi), \X1
	movq	16(%rsi), \X2
	movq	24(%rsi), \X3
	xorl	%eax, %eax
	addq	0(%rdx), \X0
	adcq	8(%rdx), \X1
	adcq	16(%rdx), \X2
	adcq	24(%rdx), \X3
	adcq	$0, %rax
	movq	\X0, \C0
	movq	\X1, \C1
	movq	\X2, \C2
	movq	\X3, \C3
.endm

.macro STORE4 X0, X1, X2, X3
	movq	\X0, 0(%rdi)
	movq	\X1, 8(%rdi)
	movq	\X2, 16(%rdi)
	movq	\X3, 24(%rdi)
.endm

	.globl	fc__ec_mulx_add4
	.hidden	fc__ec_mulx_add4
	.type	fc__ec_mulx_add4, @function
	.p2align 4
fc__ec_mulx_add4:
	pushq	%rbx
	pushq	%rbp
	SUM4	%r8, %r9, %r10, %r11, %rsi, %rdx, %rbx, %rbp
	subq	0(%rcx), %r8
	sbbq	8(%rcx), %r9
	sbbq	16(%rcx), %r10
	sbbq	24(%rcx), %r11
	sbbq	$0, %rax
	cmovcq	%rsi, %r8
	cmovcq	%rdx, %r9
	cmovcq	%rbx, %r10
	cmovcq	%rbp, %r11
	STORE4	%r8, %r9, %r10, %r11
	popq	%rbp
	popq	%rbx
	ret
	.size	fc__ec_mulx_add4, .-fc__ec_mulx_add4

/* a - b, then + m; the sum is kept when the difference borrowed (the
   borrow mask %rax non-zero), the difference otherwise. */
	.globl	fc__ec_mulx_sub4
	.hidden	fc__ec_mulx_sub4
	.type	fc__ec_mulx_sub4, @function
	.p2align 4
fc__ec_mulx_sub4:
	pushq	%rbx
	pushq	%rbp
	movq	0(%rsi), %r8
	movq	8(%rsi), %r9
	movq	16(%rsi), %r10
	movq	24(%rsi), %r11
	subq	0(%rdx), %r8
	sbbq	8(%rdx), %r9
	sbbq	16(%rdx), %r10
	sbbq	24(%rdx), %r11
	sbbq	%rax, %rax
	movq	%r8, %rsi
	movq	%r9, %rdx
	movq	%r10, %rbx
	movq	%r11, %rbp
	addq	0(%rcx), %r8
	adcq	8(%rcx), %r9
	adcq	16(%rcx), %r10
	adcq	24(%rcx), %r11
	testq	%rax, %rax
	cmovzq	%rsi, %r8
	cmovzq	%rdx, %r9
	cmovzq	%rbx, %r10
	cmovzq	%rbp, %r11
	STORE4	%r8, %r9, %r10, %r11
	popq	%rbp
	popq	%rbx
	ret
	.size	fc__ec_mulx_sub4, .-fc__ec_mulx_sub4

/* 6 limbs: X in %r8 %r9 %r10 %r11 %rbx %rbp, the copy in %rsi %rdx %r12
   %r13 %r14 %r15 (a and b are read before their pointers are reused). */
.macro LOAD6
	movq	0(%rsi), %r8
	movq	8(%rsi), %r9
	movq	16(%rsi), %r10
	movq	24(%rsi), %r11
	movq	32(%rsi), %rbx
	movq	40(%rsi), %rbp
.endm

.macro COPY6
	movq	%r8, %rsi
	movq	%r9, %rdx
	movq	%r10, %r12
	movq	%r11, %r13
	movq	%rbx, %r14
	movq	%rbp, %r15
.endm

.macro STORE6
	movq	%r8, 0(%rdi)
	movq	%r9, 8(%rdi)
	movq	%r10, 16(%rdi)
	movq	%r11, 24(%rdi)
	movq	%rbx, 32(%rdi)
	movq	%rbp, 40(%rdi)
.endm

	.globl	fc__ec_mulx_add6
	.hidden	fc__ec_mulx_add6
	.type	fc__ec_mulx_add6, @function
	.p2align 4
fc__ec_mulx_add6:
	SAVE
	LOAD6
	xorl	%eax, %eax
	addq	0(%rdx), %r8
	adcq	8(%rdx), %r9
	adcq	16(%rdx), %r10
	adcq	24(%rdx), %r11
	adcq	32(%rdx), %rbx
	adcq	40(%rdx), %rbp
	adcq	$0, %rax
	COPY6
	subq	0(%rcx), %r8
	sbbq	8(%rcx), %r9
	sbbq	16(%rcx), %r10
	sbbq	24(%rcx), %r11
	sbbq	32(%rcx), %rbx
	sbbq	40(%rcx), %rbp
	sbbq	$0, %rax
	cmovcq	%rsi, %r8
	cmovcq	%rdx, %r9
	cmovcq	%r12, %r10
	cmovcq	%r13, %r11
	cmovcq	%r14, %rbx
	cmovcq	%r15, %rbp
	STORE6
	RESTORE
	ret
	.size	fc__ec_mulx_add6, .-fc__ec_mulx_add6

	.globl	fc__ec_mulx_sub6
	.hidden	fc__ec_mulx_sub6
	.type	fc__ec_mulx_sub6, @function
	.p2align 4
fc__ec_mulx_sub6:
	SAVE
	LOAD6
	subq	0(%rdx), %r8
	sbbq	8(%rdx), %r9
	sbbq	16(%rdx), %r10
	sbbq	24(%rdx), %r11
	sbbq	32(%rdx), %rbx
	sbbq	40(%rdx), %rbp
	sbbq	%rax, %rax
	COPY6
	addq	0(%rcx), %r8
	adcq	8(%rcx), %r9
	adcq	16(%rcx), %r10
	adcq	24(%rcx), %r11
	adcq	32(%rcx), %rbx
	adcq	40(%rcx), %rbp
	testq	%rax, %rax
	cmovzq	%rsi, %r8
	cmovzq	%rdx, %r9
	cmovzq	%r12, %r10
	cmovzq	%r13, %r11
	cmovzq	%r14, %rbx
	cmovzq	%r15, %rbp
	STORE6
	RESTORE
	ret
	.size	fc__ec_mulx_sub6, .-fc__ec_mulx_sub6

	.section .rodata
	.p2align 5
.Lp256:
	.quad	0xffffffffffffffff, 0x00000000ffffffff, 0x0000000000000000, 0xffffffff00000001
.Lp256_3 = .Lp256 + 24
