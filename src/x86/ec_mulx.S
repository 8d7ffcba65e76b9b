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
