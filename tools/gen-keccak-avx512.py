#!/usr/bin/env python3
"""Writes src/x86/keccak_avx512.S: Keccak-f[1600] (FIPS 202 section 3) on one
state for the avx512 kernel (src/x86/keccak_avx512.c), each of the 25 lanes in
qword 0 of its own xmm register, with every register chosen here.

Why assembly: the C form of the round (src/hash/keccak_round.h) keeps more than
32 values live at its peak; gcc 12 spills about a dozen a round and clang 14
none, and neither orders the round as below. Measured on the Zen 5 EPYC of
docs/performance.md, SHA3-256 at 16 KiB: 1.10x OpenSSL's throughput from
gcc's C, 1.18x from clang's; this file's figure is in docs/sha3.md.

The round is written as a list of operations in program order (round_ops),
then registers are assigned in that order (allocate):
- theta: the five parities (two VPTERNLOGQ 0x96 each), then D[x] =
  C[x-1] ^ rol(C[x+1], 1) in the order x = 0, 2, 4, 1, 3, which frees a
  parity as soon as both its uses are done (peak: 25 lanes + 5 + 2).
- Then plane by plane: theta (five VPXORQ with D) and rho (five VPROLQ) on
  the five lanes that pi sends to the plane, issued two planes ahead of
  that plane's chi (AHEAD), so rotations overlap the chi of earlier planes.
  One plane ahead measured 2% to 3% slower, three or four ahead no
  faster. Theta and rho on all lanes first with chi after
  (with D formed, or folded into one three-input VPTERNLOGQ per lane) and
  list-scheduled orders measured slower still (1.1x to 1.3x).
- chi (b0 ^ (~b1 & b2)) is one VPTERNLOGQ. Its destination is the input
  computed last in program order: on this EPYC a VPTERNLOGQ's result is
  ready 2 cycles after its destination operand and 3 after its other two
  (dependency chains measured outside the tree; VPXORQ and VPROLQ take 2
  from either). Where that input is still needed by a later operation it is
  copied first (a register-to-register VMOVDQA64, which costs no issue slot
  here). The same rule picks the parities' destinations. This rule and
  the second plane ahead took 4% to 5% off a block against the previous
  form (one plane ahead, chi writing over inputs chosen for the fewest
  copies).
- pi only renames: each value stays in the register it was computed in.
- iota is VPXORQ with the round constant broadcast from memory ({1to2}: an
  8-byte load of fc__keccak_rc, whose address the caller passes).
A round is 95 logic and rotate instructions and, for the registers, copies
and moves back to xmm<lane> at the end of each loop pass (one round a pass:
two or four measured 3% to 4% slower with the previous form).

Run: python3 tools/gen-keccak-avx512.py > src/x86/keccak_avx512.S
(tests/host_generated.cmake fails when the two differ).
"""
import importlib.util
import itertools
import os

# rho's offsets R and pi's sources SRC from the C rounds' generator
_spec = importlib.util.spec_from_file_location(
    "gen_keccak_rounds", os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen-keccak-rounds.py"))
_rounds = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_rounds)
R, SRC = _rounds.R, _rounds.SRC

AHEAD = 2        # planes whose theta and rho are issued before a plane's chi


def imm_of(f, roles):
    """VPTERNLOGQ immediate for f(v0, v1, v2) when the operands (dst, src2,
    src3) hold the values v[roles[0]], v[roles[1]], v[roles[2]]; bit index
    is 4 dst + 2 src2 + src3 (Intel SDM vol. 2, VPTERNLOGD/Q)."""
    imm = 0
    for a, b, c in itertools.product([0, 1], repeat=3):
        v = [0, 0, 0]
        v[roles[0]], v[roles[1]], v[roles[2]] = a, b, c
        if f(*v):
            imm |= 1 << (4 * a + 2 * b + c)
    return imm


def chi(b0, b1, b2):
    return b0 ^ ((1 - b1) & b2)


def xor3(a, b, c):
    return a ^ b ^ c


def round_ops():
    """One round in program order: (kind, out, ins, arg) with kind "t"
    (VPTERNLOGQ, arg the function), "x" (VPXORQ), "r" (VPROLQ, arg the
    count) or "i" (iota). Values are named: "L<i>" lane i at the round's
    start, "O<i>" lane i at its end."""
    ops = []
    A = [f"L{i}" for i in range(25)]
    C = []
    for x in range(5):
        ops.append(("t", f"P{x}", [A[x], A[x + 5], A[x + 10]], xor3))
        ops.append(("t", f"C{x}", [f"P{x}", A[x + 15], A[x + 20]], xor3))
        C.append(f"C{x}")
    D = [f"D{x}" for x in range(5)]
    for x in (0, 2, 4, 1, 3):
        ops.append(("r", f"RC{x}", [C[(x + 1) % 5]], 1))
        ops.append(("x", D[x], [C[(x - 1) % 5], f"RC{x}"], None))

    def theta_rho(Y):
        b = []
        for X in range(5):
            lane = SRC[X + 5 * Y]
            ops.append(("x", f"T{lane}", [A[lane], D[lane % 5]], None))
            b.append(f"T{lane}")
        for X in range(5):
            lane = SRC[X + 5 * Y]
            if R[lane]:
                ops.append(("r", f"B{lane}", [b[X]], R[lane]))
                b[X] = f"B{lane}"
        return b

    planes = {Y: theta_rho(Y) for Y in range(AHEAD)}
    for Y in range(5):
        if Y + AHEAD < 5:
            planes[Y + AHEAD] = theta_rho(Y + AHEAD)
        b = planes[Y]
        for k in range(5):
            out = f"O{k + 5 * Y}" if k + 5 * Y else "OI"
            ops.append(("t", out, [b[k], b[(k + 1) % 5], b[(k + 2) % 5]], chi))
            if out == "OI":
                ops.append(("i", "O0", ["OI"], None))
    return ops


def allocate(ops):
    """Registers for ops in program order; a VPTERNLOGQ's destination is the
    input computed last (a round input counts as computed at its position
    in the previous round), or when that one is needed later and no
    register is free, the last computed of those it consumes. Returns the
    instructions and, per lane, the register that holds it at the end."""
    pos = {out: j for j, (_, out, _, _) in enumerate(ops)}
    last = {}
    for j, (_, _, ins, _) in enumerate(ops):
        for v in ins:
            last[v] = j

    def when(v):
        return pos[v] if v in pos else pos["O" + v[1:]] - len(ops)

    where = {f"L{i}": i for i in range(25)}
    free = list(range(25, 32))
    lines = []
    for j, (kind, out, ins, arg) in enumerate(ops):
        dying = [v for v in ins if last[v] == j]
        if kind == "t":
            order = sorted(range(3), key=lambda k: (when(ins[k]), -k), reverse=True)
            d = order[0]
            if ins[d] not in dying and not free:
                d = next(k for k in order if ins[k] in dying)
            if ins[d] in dying:
                reg = where[ins[d]]
            else:
                reg = free.pop(0)
                lines.append(f"vmovdqa64\t%xmm{where[ins[d]]}, %xmm{reg}")
            o = [k for k in range(3) if k != d]
            lines.append(f"vpternlogq\t$0x{imm_of(arg, (d, o[0], o[1])):02x}, "
                         f"%xmm{where[ins[o[1]]]}, %xmm{where[ins[o[0]]]}, %xmm{reg}")
            for v in dying:
                if where[v] != reg:
                    free.append(where[v])
                del where[v]
        else:
            src = [where[v] for v in ins]
            for v in dying:
                free.insert(0, where.pop(v))
            reg = free.pop(0)
            if kind == "x":
                lines.append(f"vpxorq\t%xmm{src[1]}, %xmm{src[0]}, %xmm{reg}")
            elif kind == "r":
                lines.append(f"vprolq\t${arg}, %xmm{src[0]}, %xmm{reg}")
            else:
                lines.append(f"vpxorq\t(%r9){{1to2}}, %xmm{src[0]}, %xmm{reg}")
        where[out] = reg
        assert len(where) + len(free) == 32
    return lines, [where[f"O{i}"] for i in range(25)]


def main():
    lines, perm = allocate(round_ops())
    body = lines + restore_moves(perm)
    print(HEADER)
    print(PROLOGUE)
    print("\tmovq\t%r8, %r9\n\tmovl\t$24, %eax\n.Lround:")
    print("\n".join("\t" + s for s in body))
    print("\taddq\t$8, %r9\n\tdecl\t%eax\n\tjnz\t.Lround")
    print(EPILOGUE)


def restore_moves(perm):
    """perm[lane] = register holding lane; moves that leave lane i in
    register i for every i < 25 (a cycle is broken through a register that
    holds no lane)."""
    moves = []
    at = list(perm)
    while True:
        held = {r: l for l, r in enumerate(at)}
        todo = [l for l in range(25) if at[l] != l]
        if not todo:
            return moves
        ready = [l for l in todo if l not in held]
        if ready:
            for l in ready:
                moves.append(f"vmovdqa64\t%xmm{at[l]}, %xmm{l}")
                at[l] = l
            continue
        l = todo[0]             # register l holds another lane: park it
        spare = next(r for r in range(32) if r not in held)
        moves.append(f"vmovdqa64\t%xmm{l}, %xmm{spare}")
        at[held[l]] = spare


HEADER = '''/* Generated by tools/gen-keccak-avx512.py: do not edit. See the generator
   for the register plan. */'''

PROLOGUE = r'''#include "burn_regs.h"
	.section .note.GNU-stack,"",@progbits
	.text

/*
 * void fc__keccak_avx512_absorb(uint64_t st[25], const uint8_t *in,
 *                               size_t nblocks, size_t rate,
 *                               const uint64_t rc[24]);
 * For each of nblocks blocks: XOR rate bytes of in (a multiple of 8, at
 * most 168; in NULL: nothing) into the state, then the 24 rounds. x86-64
 * SysV, AVX-512F and AVX-512VL. No stack; zmm0-31 are zero on return
 * (secrets issue: src/core/vwipe.h's rule, here in assembly).
 */
	.globl	fc__keccak_avx512_absorb
	.hidden	fc__keccak_avx512_absorb
	.type	fc__keccak_avx512_absorb, @function
	.p2align 5
fc__keccak_avx512_absorb:
''' + "\n".join(f"\tvmovq\t{8 * i}(%rdi), %xmm{i}" for i in range(25)) + r'''
	testq	%rdx, %rdx
	jz	.Lstore
.Lblock:
	testq	%rsi, %rsi
	jz	.Lrounds
''' + "\n".join(f"\tcmpq\t${8 * i}, %rcx\n\tjbe\t.Lnext\n\tvpxorq\t{8 * i}(%rsi){{1to2}}, %xmm{i}, %xmm{i}"
                for i in range(21)) + r'''
.Lnext:
	addq	%rcx, %rsi
.Lrounds:'''

EPILOGUE = r'''	decq	%rdx
	jnz	.Lblock
.Lstore:
''' + "\n".join(f"\tvmovq\t%xmm{i}, {8 * i}(%rdi)" for i in range(25)) + r'''
	vzeroall
	ZERO_ZMM16_31
	ret
	.size	fc__keccak_avx512_absorb, .-fc__keccak_avx512_absorb'''

if __name__ == "__main__":
    main()
