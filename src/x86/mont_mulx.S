/*
 * Montgomery product and squaring for the mulx kernel (mont_mulx.c), x86-64
 * SysV, BMI2 (MULX) and ADX (ADCX/ADOX). Algorithms and bounds are in
 * mont_mulx.c's header comment; this file holds the rows.
 *
 * A row adds x * v[0..L) to t[0..L) with two carry chains live across the
 * whole row (Intel, "New Instructions Supporting Large Integer Arithmetic
 * on Intel Architecture Processors", Gopal et al., 2012):
 *   mulx v[j] -> (lo, hi); adcx hi(j-1), lo  (CF chain); adox t[j], lo (OF
 *   chain); t[j] = lo.
 * Nothing between two steps of a row writes CF or OF: loop control uses
 * LEA, MOV and JRCXZ only. The row's carry limb is hi(L-1) + CF + OF, which
 * cannot overflow: t + x*v < 2^(64 L) + (2^64 - 1)(2^(64 L) - 1)
 * < 2^(64(L+1)); folding it with ADCX/ADOX of a zero register leaves CF and
 * OF clear.
 * Full-length rows (L = m) are written out whole for m = 16, 24, 32, 48, 64
 * limbs (1024, 1536, 2048, 3072, 4096 bits), the squaring's triangle for
 * m = 16 and 32; other m (a multiple of 4) run loops over groups of four
 * steps.
 *
 * Stack: six saved registers and 16 bytes of locals (72 bytes with the
 * return address); nothing is stored below %rsp (firmware builds have no
 * red zone). Loops depend on m only, never on operand values.
 */
	.section .note.GNU-stack,"",@progbits
	.text

/* One step at memory operands V (multiplicand) and T (accumulator). */
.macro STEP V, T, LO, HI, PREV
	mulxq	\V, \LO, \HI
	adcxq	\PREV, \LO
	adoxq	\T, \LO
	movq	\LO, \T
.endm

/*
 * Full-length row, written out: t[0..m) += rdx * v[0..m) with t at %rdi
 * and v ending at \VEND (v = VEND - 8m). Leaves %rax = t + m and the carry
 * limb in %r11, CF = OF = 0. Uses %r8-%r11.
 */
.macro ROW_FIXED m, VEND
	leaq	8*\m(%rdi), %rax
	xorl	%r11d, %r11d
	.set	.Lj, 0
	.rept	\m/4
	STEP	"8*.Lj-8*\m(\VEND)", "8*.Lj(%rdi)", %r8, %r9, %r11
	STEP	"8*.Lj+8-8*\m(\VEND)", "8*.Lj+8(%rdi)", %r10, %r11, %r9
	STEP	"8*.Lj+16-8*\m(\VEND)", "8*.Lj+16(%rdi)", %r8, %r9, %r11
	STEP	"8*.Lj+24-8*\m(\VEND)", "8*.Lj+24(%rdi)", %r10, %r11, %r9
	.set	.Lj, .Lj+4
	.endr
	adcxq	%rbx, %r11
	adoxq	%rbx, %r11
.endm

/* The same row for m = %r15 limbs (a multiple of 4, >= 4): a loop over
   groups of four steps, %rcx counting groups, %rbx and %rax walking v and
   t with base-only addresses (indexed ones measured slower). %rcx is 0 at
   the fold, which then uses it as the zero; %rbx is zeroed again after. */
.macro ROW_LOOP VEND
	movq	%r15, %rcx
	shrq	$2, %rcx
	movq	%r15, %rbx
	negq	%rbx
	leaq	(\VEND,%rbx,8), %rbx
	movq	%rdi, %rax
	xorl	%r11d, %r11d
8:
	STEP	"(%rbx)", "(%rax)", %r8, %r9, %r11
	STEP	"8(%rbx)", "8(%rax)", %r10, %r11, %r9
	STEP	"16(%rbx)", "16(%rax)", %r8, %r9, %r11
	STEP	"24(%rbx)", "24(%rax)", %r10, %r11, %r9
	leaq	32(%rbx), %rbx
	leaq	32(%rax), %rax
	leaq	-1(%rcx), %rcx
	jrcxz	9f
	jmp	8b
9:
	adcxq	%rcx, %r11
	adoxq	%rcx, %r11
	xorl	%ebx, %ebx
.endm

.macro ROW m, VEND
	.ifeq \m
	ROW_LOOP \VEND
	.else
	ROW_FIXED \m, \VEND
	.endif
.endm

/*
 * t[i + m] += c + cb with the carry (0 or 1) into cb = %r14, c = %r11,
 * %rax = t + i + m. The carry into t[i + m + 1] is deferred: the next row
 * adds it (rows only touch t[i + 1 .. i + m + 1)).
 */
.macro ADD_TOP
	addq	%r14, %r11
	movl	$0, %r14d
	adcq	$0, %r14
	addq	%r11, (%rax)
	adcq	$0, %r14
.endm

/*
 * Multiplication rows (HAC Alg. 14.36, word-serial): for i = 0..m-1,
 * t[i..i+m) += a_i * b, then q = t[i] * n0 and t[i..i+m) += q * n.
 * %rdi = t + i, %rsi = a + i, %rbp = rows left.
 */
.macro MUL_ROWS m
7:
	movq	(%rsi), %rdx
	ROW	\m, %r12
	movq	%r11, (%rax)
	movq	(%rdi), %rdx
	imulq	(%rsp), %rdx
	ROW	\m, %r13
	ADD_TOP
	leaq	8(%rdi), %rdi
	leaq	8(%rsi), %rsi
	decq	%rbp
	jnz	7b
.endm

/* Reduction rows of the squaring: for i = 0..m-1, q = t[i] * n0,
   t[i..i+m) += q * n. %rdi = t + i. */
.macro RED_ROWS m
7:
	movq	(%rdi), %rdx
	imulq	(%rsp), %rdx
	ROW	\m, %r13
	ADD_TOP
	leaq	8(%rdi), %rdi
	decq	%rbp
	jnz	7b
.endm

/*
 * Off-diagonal triangle for m limbs, written out: row i (i = 0..m-2) adds
 * a_i * a[i+1..m) at t + 2i + 1 and stores its carry limb in t[i+m].
 * %rsi = a, %rdi = t. The HI register alternates with the step's parity.
 */
.macro TRI_FIXED m
	.set	.Li, 0
	.rept	\m-1
	movq	8*.Li(%rsi), %rdx
	xorl	%r11d, %r11d
	.set	.Lk, .Li+1
	.rept	\m-1-.Li
	.if	(.Lk-.Li) & 1
	STEP	"8*.Lk(%rsi)", "8*.Li+8*.Lk(%rdi)", %r8, %r9, %r11
	.else
	STEP	"8*.Lk(%rsi)", "8*.Li+8*.Lk(%rdi)", %r10, %r11, %r9
	.endif
	.set	.Lk, .Lk+1
	.endr
	.if	(\m-1-.Li) & 1
	adcxq	%rbx, %r9
	adoxq	%rbx, %r9
	movq	%r9, 8*.Li+8*\m(%rdi)
	.else
	adcxq	%rbx, %r11
	adoxq	%rbx, %r11
	movq	%r11, 8*.Li+8*\m(%rdi)
	.endif
	.set	.Li, .Li+1
	.endr
.endm

/* Branch to \label\()N for the unrolled sizes, else fall through. */
.macro SIZE_SWITCH prefix
	cmpq	$32, %r15
	je	\prefix\()32
	cmpq	$64, %r15
	je	\prefix\()64
	cmpq	$48, %r15
	je	\prefix\()48
	cmpq	$16, %r15
	je	\prefix\()16
	cmpq	$24, %r15
	je	\prefix\()24
.endm

.macro PROLOGUE
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	subq	$16, %rsp
.endm

.macro EPILOGUE
	addq	$16, %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	ret
.endm

/*
 * void fc__mulx_mul(uint64_t *t, const uint64_t *a, const uint64_t *b,
 *                   const uint64_t *n, uint64_t n0, size_t m);
 * t[m..2m] = a*b/2^(64m) + (0 or n), < 2n, with t[2m] in {0, 1}; t has
 * 2m + 1 limbs; a, b < n < 2^(64m), n odd, n0 = -1/n mod 2^64, m a
 * multiple of 4, 4 <= m. t must not overlap a, b or n.
 */
	.globl	fc__mulx_mul
	.hidden	fc__mulx_mul
	.type	fc__mulx_mul, @function
	.p2align 5
fc__mulx_mul:
	PROLOGUE
	movq	%r8, (%rsp)
	movq	%r9, %r15
	leaq	(%rdx,%r9,8), %r12
	leaq	(%rcx,%r9,8), %r13
	xorl	%ebx, %ebx
	xorl	%r14d, %r14d
	movq	%r9, %rbp
	movq	%rdi, %rax
	movq	%r9, %rcx
1:	movq	%rbx, (%rax)
	leaq	8(%rax), %rax
	decq	%rcx
	jnz	1b
	SIZE_SWITCH .Lmul_
	MUL_ROWS 0
	jmp	.Lmul_done
.irp s, 16, 24, 32, 48, 64
.Lmul_\s:
	MUL_ROWS \s
	jmp	.Lmul_done
.endr
.Lmul_done:
	movq	%r14, 8(%rax)
	EPILOGUE
	.size	fc__mulx_mul, .-fc__mulx_mul

/*
 * void fc__mulx_sqr(uint64_t *t, const uint64_t *a, const uint64_t *n,
 *                   uint64_t n0, size_t m);
 * The same for a*a: off-diagonal triangle, doubling and diagonal in one
 * pass (HAC Alg. 14.16), then m reduction rows.
 */
	.globl	fc__mulx_sqr
	.hidden	fc__mulx_sqr
	.type	fc__mulx_sqr, @function
	.p2align 5
fc__mulx_sqr:
	PROLOGUE
	movq	%rcx, (%rsp)
	movq	%rsi, 8(%rsp)
	movq	%r8, %r15
	leaq	(%rdx,%r8,8), %r13
	xorl	%ebx, %ebx
	/* t[0..m) = 0 and t[2m-1] = 0: the triangle reads those before any
	   row writes them; its rows store t[m..2m-1) whole. */
	movq	%rdi, %rax
	movq	%r8, %rcx
1:	movq	%rbx, (%rax)
	leaq	8(%rax), %rax
	decq	%rcx
	jnz	1b
	movq	%rbx, -8(%rax,%r8,8)

	/* Triangle: row i (L = m-1-i limbs, i = 0..m-2) adds
	   a_i * a[i+1..m) at t + 2i + 1; its carry limb is t[i+m].
	   %r12 = a + i, %rbp = t + 2i + 1, %r14 = L; in a row %rsi and %rax
	   walk a and t and %rcx counts ceil(L/4) groups of four steps, the
	   first entered at step 4 - L % 4 (when L % 4 != 0) with both
	   pointers moved back to match. Written out at 1024 and 2048 bits
	   only: at 4096 bits that would add about 55 KB of code. */
	cmpq	$32, %r15
	je	.Ltri_32
	cmpq	$16, %r15
	je	.Ltri_16
	leaq	-1(%r8), %r14
	movq	%rsi, %r12
	leaq	8(%rdi), %rbp
2:
	movq	(%r12), %rdx
	leaq	8(%r12), %rsi
	movq	%rbp, %rax
	leaq	3(%r14), %rcx
	shrq	$2, %rcx
	movl	%r14d, %r10d
	andl	$3, %r10d
	cmpl	$2, %r10d
	je	.Ltri_e2
	ja	.Ltri_e3
	testl	%r10d, %r10d
	jnz	.Ltri_e1
	xorl	%r11d, %r11d
	jmp	.Ltri_s0
.Ltri_e1:
	leaq	-24(%rsi), %rsi
	leaq	-24(%rax), %rax
	xorl	%r9d, %r9d
	jmp	.Ltri_s3
.Ltri_e2:
	leaq	-16(%rsi), %rsi
	leaq	-16(%rax), %rax
	xorl	%r11d, %r11d
	jmp	.Ltri_s2
.Ltri_e3:
	leaq	-8(%rsi), %rsi
	leaq	-8(%rax), %rax
	xorl	%r9d, %r9d
	jmp	.Ltri_s1
.Ltri_s0:
	STEP	"(%rsi)", "(%rax)", %r8, %r9, %r11
.Ltri_s1:
	STEP	"8(%rsi)", "8(%rax)", %r10, %r11, %r9
.Ltri_s2:
	STEP	"16(%rsi)", "16(%rax)", %r8, %r9, %r11
.Ltri_s3:
	STEP	"24(%rsi)", "24(%rax)", %r10, %r11, %r9
	leaq	32(%rsi), %rsi
	leaq	32(%rax), %rax
	leaq	-1(%rcx), %rcx
	jrcxz	6f
	jmp	.Ltri_s0
6:	adcxq	%rbx, %r11
	adoxq	%rbx, %r11
	movq	%r11, (%rax)
	leaq	8(%r12), %r12
	leaq	16(%rbp), %rbp
	decq	%r14
	jnz	2b
	jmp	.Ldiag
.irp s, 16, 32
.Ltri_\s:
	TRI_FIXED \s
	jmp	.Ldiag
.endr
.Ldiag:

	/* t = 2 t + sum a_i^2 2^(128 i): the doubling on the CF chain, the
	   squares on the OF chain. 2 t < a^2 and the sum is a^2 < 2^(128 m),
	   so both chains end with no carry. */
	movq	8(%rsp), %rsi
	movq	%rdi, %rax
	movq	%r15, %rcx
	xorl	%r8d, %r8d
3:	jrcxz	4f
	movq	(%rsi), %rdx
	mulxq	%rdx, %r8, %r9
	movq	(%rax), %r10
	movq	8(%rax), %r11
	adcxq	%r10, %r10
	adcxq	%r11, %r11
	adoxq	%r8, %r10
	adoxq	%r9, %r11
	movq	%r10, (%rax)
	movq	%r11, 8(%rax)
	leaq	8(%rsi), %rsi
	leaq	16(%rax), %rax
	leaq	-1(%rcx), %rcx
	jmp	3b
4:
	xorl	%r14d, %r14d
	movq	%r15, %rbp
	SIZE_SWITCH .Lsqr_
	RED_ROWS 0
	jmp	.Lsqr_done
.irp s, 16, 24, 32, 48, 64
.Lsqr_\s:
	RED_ROWS \s
	jmp	.Lsqr_done
.endr
.Lsqr_done:
	movq	%r14, 8(%rax)
	EPILOGUE
	.size	fc__mulx_sqr, .-fc__mulx_sqr

/*
 * void fc__mulx_sub(uint64_t *r, const uint64_t *t, uint64_t top,
 *                   const uint64_t *n, size_t m);
 * r = t + top 2^(64m) - n if that is >= 0, else t; for t + top 2^(64m)
 * < 2n, top in {0, 1}, m a multiple of 4, r not overlapping t (it may
 * overlap nothing else either). Constant time: both passes run whole and
 * the choice is a mask. Leaf, no stack.
 */
	.globl	fc__mulx_sub
	.hidden	fc__mulx_sub
	.type	fc__mulx_sub, @function
	.p2align 5
fc__mulx_sub:
	leaq	(%rdi,%r8,8), %rdi
	leaq	(%rsi,%r8,8), %rsi
	leaq	(%rcx,%r8,8), %r10
	movq	%r8, %rcx
	negq	%rcx
	movq	%rcx, %r9
	clc
1:	/* r = t - n, borrow in CF across the loop */
	movq	(%rsi,%rcx,8), %rax
	sbbq	(%r10,%rcx,8), %rax
	movq	%rax, (%rdi,%rcx,8)
	movq	8(%rsi,%rcx,8), %rax
	sbbq	8(%r10,%rcx,8), %rax
	movq	%rax, 8(%rdi,%rcx,8)
	movq	16(%rsi,%rcx,8), %rax
	sbbq	16(%r10,%rcx,8), %rax
	movq	%rax, 16(%rdi,%rcx,8)
	movq	24(%rsi,%rcx,8), %rax
	sbbq	24(%r10,%rcx,8), %rax
	movq	%rax, 24(%rdi,%rcx,8)
	leaq	4(%rcx), %rcx
	jrcxz	2f
	jmp	1b
2:	/* keep t (mask all ones) iff top - borrow < 0 */
	sbbq	$0, %rdx
	sbbq	%rax, %rax
3:	movq	(%rsi,%r9,8), %rdx
	movq	(%rdi,%r9,8), %r11
	xorq	%r11, %rdx
	andq	%rax, %rdx
	xorq	%rdx, %r11
	movq	%r11, (%rdi,%r9,8)
	movq	8(%rsi,%r9,8), %rdx
	movq	8(%rdi,%r9,8), %r11
	xorq	%r11, %rdx
	andq	%rax, %rdx
	xorq	%rdx, %r11
	movq	%r11, 8(%rdi,%r9,8)
	addq	$2, %r9
	jnz	3b
	ret
	.size	fc__mulx_sub, .-fc__mulx_sub
