/*
 * Set-up rows of src/bn/bn_util.c in x86-64 SysV assembly with BMI2 (MULX)
 * and ADX (ADCX/ADOX); bn_util.c calls them only when the selected
 * features (fc__features) have both: one digit step of the long division
 * behind R^2 mod n (step64), and one step of the Montgomery reduction that
 * checks a vboot key's rr (mont_reduce64).
 *
 * uint64_t fc__bn_divstep_adx(uint64_t *x, const uint64_t *n, size_t m,
 *                             uint64_t q);
 *   x[0..m) = (X 2^64 - q N) mod 2^(64 m), X = x[0..m), N = n[0..m);
 *   returns limb m of X 2^64 - q N, mod 2^64 (the caller's top: 0, -1 or
 *   -2 when q is the step's quotient estimate). m >= 1. x and n must not
 *   overlap.
 *
 * Two carry chains run across the whole row (Gopal et al., "New
 * Instructions Supporting Large Integer Arithmetic on Intel Architecture
 * Processors", 2012), as in mont_mulx.S:
 *   P_i = lo(q n_i) + hi(q n_{i-1}) + CF  (ADCX: the product row q N);
 *   x_i = x_{i-1} + ~P_i + OF             (ADOX: X 2^64 - P = X 2^64 + ~P + 1,
 *                                          the + 1 is OF's initial value).
 * NOT, MOV, LEA and JRCXZ leave both flags alone, so nothing between two
 * steps writes CF or OF.
 * The %r9/%r11 and %r10/%rax pairs swap roles step by step.
 * Stack: one saved register (16 bytes with the return address); nothing is
 * stored below %rsp. The loop depends on m only: n and the quotient are
 * public (moduli), x is R^2 in the making.
 */
	.section .note.GNU-stack,"",@progbits
	.text

/* One step at byte offset OFF: PREV holds x_{i-1} (old), HIP hi(q n_{i-1});
   it loads x_i into CUR and leaves hi(q n_i) in HI. Two steps with the
   roles swapped leave the registers as they were. */
.macro STEP OFF, PREV, CUR, HIP, HI
	movq	\OFF(%rdi), \CUR
	mulxq	\OFF(%rsi), %r8, \HI
	adcxq	\HIP, %r8
	notq	%r8
	adoxq	\PREV, %r8
	movq	%r8, \OFF(%rdi)
.endm

	.globl	fc__bn_divstep_adx
	.hidden	fc__bn_divstep_adx
	.type	fc__bn_divstep_adx, @function
	.p2align 5
fc__bn_divstep_adx:
	pushq	%rbx
	movq	%rcx, %rax
	movq	%rdx, %rbx
	movq	%rax, %rdx		/* q, MULX's implicit operand */
	movq	%rbx, %rcx
	andl	$3, %ecx		/* single steps first */
	shrq	$2, %rbx		/* then groups of four */
	xorl	%r9d, %r9d		/* x_{-1} = 0 */
	xorl	%r10d, %r10d		/* hi(q n_{-1}) = 0; CF = OF = 0 */
	movq	$-1, %rax
	adoxq	%rax, %rax		/* OF = 1, CF still 0 */
	jrcxz	2f
1:	STEP	0, %r9, %r11, %r10, %rax
	movq	%r11, %r9
	movq	%rax, %r10
	leaq	8(%rdi), %rdi
	leaq	8(%rsi), %rsi
	leaq	-1(%rcx), %rcx
	jrcxz	2f
	jmp	1b
2:	movq	%rbx, %rcx
	jmp	5f
3:	STEP	0, %r9, %r11, %r10, %rax
	STEP	8, %r11, %r9, %rax, %r10
	STEP	16, %r9, %r11, %r10, %rax
	STEP	24, %r11, %r9, %rax, %r10
	leaq	32(%rdi), %rdi
	leaq	32(%rsi), %rsi
	leaq	-1(%rcx), %rcx
5:	jrcxz	4f		/* JRCXZ reaches 127 bytes only */
	jmp	3b
4:	movl	$0, %eax		/* limb m: x_{m-1} + ~(hi(q n_{m-1}) + CF) + OF */
	adcxq	%rax, %r10
	notq	%r10
	adoxq	%r9, %r10
	movq	%r10, %rax
	popq	%rbx
	ret
	.size	fc__bn_divstep_adx, .-fc__bn_divstep_adx

/*
 * uint64_t fc__bn_redc_step_adx(uint64_t *a, const uint64_t *n, size_t m,
 *                               uint64_t q, uint64_t top);
 *   (A + q N) / 2^64 with A = a[0..m) + top 2^(64 m), top in {0, 1}, and
 *   q = -a[0] / n[0] mod 2^64 (so the low limb is 0): written to a[0..m),
 *   returns its limb m (0 or 1: the caller keeps A < 2N). m >= 1; a and n
 *   must not overlap.
 * Rows as above: P_j = lo(q n_j) + hi(q n_{j-1}) + CF (ADCX), then + a_j +
 * OF (ADOX), stored one limb down. Stack: 16 bytes.
 */
.macro RSTEP OFF, HIP, HI
	mulxq	\OFF(%rsi), %r9, \HI
	adcxq	\HIP, %r9
	adoxq	\OFF(%rdi), %r9
	movq	%r9, \OFF-8(%rdi)
.endm

	.globl	fc__bn_redc_step_adx
	.hidden	fc__bn_redc_step_adx
	.type	fc__bn_redc_step_adx, @function
	.p2align 5
fc__bn_redc_step_adx:
	pushq	%rbx
	leaq	-1(%rdx), %rbx
	movq	%rcx, %rdx		/* q, MULX's implicit operand */
	movq	%rbx, %rcx
	andl	$3, %ecx		/* limbs 1 .. m-1: single steps first */
	shrq	$2, %rbx		/* then groups of four */
	xorl	%r10d, %r10d		/* CF = OF = 0; from here no flag writes */
	mulxq	(%rsi), %r9, %r10	/* limb 0: a_0 + lo(q n_0) = 0 mod 2^64 */
	adoxq	(%rdi), %r9		/* its carry, into OF */
	leaq	8(%rsi), %rsi
	leaq	8(%rdi), %rdi
	jmp	2f
1:	RSTEP	0, %r10, %rax
	movq	%rax, %r10
	leaq	8(%rsi), %rsi
	leaq	8(%rdi), %rdi
	leaq	-1(%rcx), %rcx
2:	jrcxz	3f
	jmp	1b
3:	movq	%rbx, %rcx
	jmp	5f
4:	RSTEP	0, %r10, %rax
	RSTEP	8, %rax, %r10
	RSTEP	16, %r10, %rax
	RSTEP	24, %rax, %r10
	leaq	32(%rsi), %rsi
	leaq	32(%rdi), %rdi
	leaq	-1(%rcx), %rcx
5:	jrcxz	6f
	jmp	4b
6:	movl	$0, %eax		/* limb m: hi(q n_{m-1}) + CF + top + OF */
	adcxq	%rax, %r10
	adoxq	%r8, %r10
	movq	%r10, -8(%rdi)
	seto	%al
	popq	%rbx
	ret
	.size	fc__bn_redc_step_adx, .-fc__bn_redc_step_adx

