#!/usr/bin/env python3
"""Writes src/x86/keccak_avx512.S: Keccak-f[1600] (FIPS 202 section 3) on one
state for the avx512 kernel (src/x86/keccak_avx512.c), each of the 25 lanes in
qword 0 of its own xmm register, with every register chosen here.

Why assembly: the C form of the round (src/keccak_round.h) keeps more than
32 values live at its peak; gcc 12 spills about a dozen a round and clang 14
none, and neither orders the round as below. Measured on the Zen 5 EPYC of
docs/performance.md, SHA3-256 at 16 KiB: 1.10x OpenSSL's throughput from
gcc's C, 1.18x from clang's, 1.23x from this file.
- Lanes are renamed, never moved: pi only says which register holds which
  lane next, rho rotates in place, chi writes each output over one of its
  own inputs. Each loop pass runs ROUNDS_PER_LOOP rounds, then moves return
  every lane to xmm<lane> (one round a pass measured 3% to 4% faster than
  two or four, the moves included).
- theta: the five parities (two VPTERNLOGQ 0x96 each), then D[x] =
  C[x-1] ^ rol(C[x+1], 1) in five registers, in an order that frees each
  parity as soon as both its uses are done (peak: 25 lanes + 5 + 2).
- Then plane by plane: theta (five VPXORQ with D) and rho (five VPROLQ) on
  the lanes that pi sends to the plane, issued one plane ahead of chi, so
  one plane's rotations overlap the previous plane's chi. Other forms
  measured slower per permutation here: the same without the plane ahead
  (3% to 4%), theta and rho on all lanes first with chi after (with D
  formed, or folded into one three-input VPTERNLOGQ per lane: the same
  time, 1.2x), and the three-input form as a DAG in an order list-scheduled
  for 4 pipes of latency 2 (1.1x to 1.3x). The three-input form does not
  fit the plane order, which would need 5 parities and 5 rotated parities
  beside the lanes.
- chi (b0 ^ (~b1 & b2)) is one VPTERNLOGQ whose destination may hold any of
  its three inputs (the immediate follows the roles); chi_plan() searches
  the order of a plane's five outputs and the inputs they overwrite that
  needs the fewest copies (two).
- iota is VPXORQ with the round constant broadcast from memory ({1to2}: an
  8-byte load of fc__keccak_rc, whose address the caller passes).
A round is 95 logic and rotate instructions, 15 register copies and 24
moves back to xmm<lane>. The cycles a block (about 30 a round, where 95
instructions at four a cycle would take 24) and what was tried are in
docs/sha3.md and docs/performance.md.

Run: python3 tools/gen-keccak-avx512.py > src/x86/keccak_avx512.S
(tests/host_generated.cmake fails when the two differ).
"""
import importlib.util
import itertools
import os

# rho's offsets R[x + 5y] and pi's src_of from the C rounds' generator
_spec = importlib.util.spec_from_file_location(
    "gen_keccak_rounds", os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen-keccak-rounds.py"))
_rounds = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_rounds)
R = _rounds.R
# SRC[X + 5Y]: the lane (x + 5y) that pi sends to B(X, Y)
SRC = [x + 5 * y for Y in range(5) for X in range(5) for x, y in [_rounds.src_of(X, Y)]]


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


ROUNDS_PER_LOOP = 1


def chi_plan():
    """Order of the outputs o0..o4 of one plane (o_k = chi(b_k, b_k+1,
    b_k+2)) and, for each, the input it overwrites or None (a copy first);
    fewest copies."""
    best = None
    for order in itertools.permutations(range(5)):
        for dests in itertools.product(range(4), repeat=5):
            plan, ok, copies = [], True, 0
            alive = [True] * 5         # b_j still holds its value
            for step, k in enumerate(order):
                ins = [(k + i) % 5 for i in range(3)]
                if any(not alive[j] for j in ins):
                    ok = False
                    break
                d = dests[step]
                if d == 3:
                    plan.append((k, None))
                    copies += 1
                    continue
                j = ins[d]
                later = [order[s] for s in range(step + 1, 5)]
                if any(j in [(m + i) % 5 for i in range(3)] for m in later):
                    ok = False
                    break
                alive[j] = False
                plan.append((k, d))
            if ok and (best is None or copies < best[0]):
                best = (copies, plan)
    return best[1]


CHI_PLAN = chi_plan()


class Gen:
    def __init__(self):
        self.out = []
        self.reg = list(range(25))          # lane -> register
        self.free = list(range(25, 32))

    def emit(self, s):
        self.out.append("\t" + s)

    def take(self):
        return self.free.pop(0)

    def give(self, r):
        self.free.append(r)

    def tern(self, f, dst_val, dst, others):
        """dst = f(...) with dst holding value role dst_val; others: list of
        (role, register) for the two remaining roles in src2, src3 order."""
        roles = (dst_val, others[0][0], others[1][0])
        self.emit(f"vpternlogq\t$0x{imm_of(f, roles):02x}, %xmm{others[1][1]}, "
                  f"%xmm{others[0][1]}, %xmm{dst}")

    def round(self, r):
        """Round r (iota's constant at 8 (r mod ROUNDS_PER_LOOP) off %r9).
        theta's D[x] = C[x-1] ^ rol(C[x+1], 1) is formed in five registers;
        then plane by plane: theta and rho on the plane's five source lanes
        (pi), chi over them."""
        A = self.reg
        C = []
        for x in range(5):
            c = self.take()
            self.emit(f"vmovdqa64\t%xmm{A[x]}, %xmm{c}")
            self.tern(xor3, 0, c, [(1, A[x + 5]), (2, A[x + 10])])
            self.tern(xor3, 0, c, [(1, A[x + 15]), (2, A[x + 20])])
            C.append(c)
        # this order frees a parity before the next D needs a register: the
        # peak is 25 lanes + 5 parities + 2
        D = [None] * 5
        uses = {}
        for x in (0, 2, 4, 1, 3):
            t = self.take()
            self.emit(f"vprolq\t$1, %xmm{C[(x + 1) % 5]}, %xmm{t}")
            self.emit(f"vpxorq\t%xmm{C[(x - 1) % 5]}, %xmm{t}, %xmm{t}")
            D[x] = t
            for c in (C[(x + 1) % 5], C[(x - 1) % 5]):
                uses[c] = uses.get(c, 0) + 1
                if uses[c] == 2:
                    self.give(c)
        new = [None] * 25

        def theta_rho(Y):
            """theta's XORs on the five lanes pi sends to plane Y, then
            their rotations; returns their registers in X order."""
            b = [A[SRC[X + 5 * Y]] for X in range(5)]
            for X in range(5):
                lane = SRC[X + 5 * Y]
                self.emit(f"vpxorq\t%xmm{D[lane % 5]}, %xmm{b[X]}, %xmm{b[X]}")
            for X in range(5):
                lane = SRC[X + 5 * Y]
                if R[lane]:
                    self.emit(f"vprolq\t${R[lane]}, %xmm{b[X]}, %xmm{b[X]}")
            return b

        def chi_plane(Y, b):
            for k, d in CHI_PLAN:
                ins = [b[(k + i) % 5] for i in range(3)]
                if d is None:
                    dst = self.take()
                    self.emit(f"vmovdqa64\t%xmm{ins[0]}, %xmm{dst}")
                    self.tern(chi, 0, dst, [(1, ins[1]), (2, ins[2])])
                else:
                    dst = ins[d]
                    self.tern(chi, d, dst, [(i, ins[i]) for i in range(3) if i != d])
                new[k + 5 * Y] = dst
            for reg in b:
                if reg not in new[5 * Y: 5 * Y + 5]:
                    self.give(reg)
            if Y == 0:
                self.emit(f"vpxorq\t{8 * (r % ROUNDS_PER_LOOP)}(%r9){{1to2}}, "
                          f"%xmm{new[0]}, %xmm{new[0]}")

        # one plane ahead: plane Y + 1's theta and rho are issued before
        # plane Y's chi (in place, so no register more)
        b = theta_rho(0)
        for Y in range(5):
            nb = theta_rho(Y + 1) if Y < 4 else None
            chi_plane(Y, b)
            b = nb
        for d in D:
            self.give(d)
        self.reg = new
        assert len(self.free) == 7 and len(set(new)) == 25


def main():
    g = Gen()
    for r in range(ROUNDS_PER_LOOP):
        g.round(r)
    for s in restore_moves(g.reg):
        g.emit(s)
    print(HEADER)
    print(PROLOGUE)
    print(f"\tmovq\t%r8, %r9\n\tmovl\t${24 // ROUNDS_PER_LOOP}, %eax\n.Lround:")
    print("\n".join(g.out))
    print(f"\taddq\t${8 * ROUNDS_PER_LOOP}, %r9\n\tdecl\t%eax\n\tjnz\t.Lround")
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
 * (secrets issue: src/vwipe.h's rule, here in assembly).
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
