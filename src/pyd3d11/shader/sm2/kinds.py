"""What each temp value of an SM4 program holds -- an integer, or something else -- for the level-9 translation.

SM4 registers are typeless (D3D11.3 functional spec 22.1.4: "registers are untyped 32-bit"); shader model 2
registers hold floats only, so the translation keeps an integer as the float of its value and must know, for
every value, whether it is one. The instruction that writes a value or reads it says so for typed
instructions (``iadd`` writes and reads integers, ``add`` floats, ``ilt`` reads integers and writes a
comparison mask); moves (``mov``, ``movc``) and immediates carry no type, so their kind comes from the values
they copy and from where the copies are read.

The analysis: reaching definitions over the program's control-flow graph (every structured construct of
SM4: if / else, loop with break / continue, switch with its cases, ret / retc), iterated to a fixpoint; then
every definition that reaches a read is joined with the other definitions reaching the same read (the value
at a merge point -- after a branch, at a loop head -- is one value) and with the sources a move copies
(union-find). Each class collects the evidence of its typed definitions and reads; a class is an integer
exactly when it has integer evidence and no float / mask evidence. A class with both (a reinterpreted bit
pattern, asfloat / asint) is neither: the translation refuses it with fxc's X4532 as before.
"""

from __future__ import annotations

from .. import ir
from .base import _NO_DST, _TWO_DST

O = ir.Opcode
T = ir.OperandType

#: typed definitions: instructions whose results are integers
INT_DEFS = {O.IADD, O.IMUL, O.UMUL, O.IMAD, O.UMAD, O.INEG, O.IMIN, O.IMAX, O.UMIN, O.UMAX, O.ISHL, O.ISHR,
            O.USHR, O.UDIV, O.FTOI, O.FTOU}
#: typed reads: instructions whose sources are integers
INT_USES = {O.IADD, O.IMUL, O.UMUL, O.IMAD, O.UMAD, O.INEG, O.IMIN, O.IMAX, O.UMIN, O.UMAX, O.ISHL, O.ISHR,
            O.USHR, O.UDIV, O.IEQ, O.INE, O.ILT, O.IGE, O.ULT, O.UGE, O.ITOF, O.UTOF, O.SWITCH}
#: comparisons: their results are masks (0 / 0xFFFFFFFF), not numbers
MASK_DEFS = {O.LT, O.GE, O.EQ, O.NE, O.IEQ, O.INE, O.ILT, O.IGE, O.ULT, O.UGE}
#: instructions that copy their sources' bits (operand indices of the copied sources)
COPIES = {O.MOV: (1,), O.MOVC: (2, 3)}
#: float instructions (results and sources are floats)
FLOAT_OPS = {O.ADD, O.MUL, O.MAD, O.MIN, O.MAX, O.FRC, O.DP2, O.DP3, O.DP4, O.RCP, O.RSQ, O.EXP, O.LOG, O.SQRT,
             O.DIV, O.ROUND_NI, O.ROUND_PI, O.ROUND_NE, O.ROUND_Z, O.SINCOS, O.DERIV_RTX, O.DERIV_RTY,
             O.DERIV_RTX_COARSE, O.DERIV_RTY_COARSE, O.DERIV_RTX_FINE, O.DERIV_RTY_FINE, O.LT, O.GE, O.EQ, O.NE,
             O.SAMPLE, O.SAMPLE_B, O.SAMPLE_C, O.SAMPLE_C_LZ, O.SAMPLE_D}
_WHOLE = {O.DP2: (0, 1), O.DP3: (0, 1, 2), O.DP4: (0, 1, 2, 3)}  # sources read whatever the mask

INT, OTHER, MASK = 1, 2, 4  # evidence bits: an integer, a float, a comparison mask (0 / 0xFFFFFFFF)

Def = tuple[int, int, int]  # (instruction index, register, component)


def integer_word(word: int) -> bool:
    """A 32-bit literal that only an integer writes (IEEE 754 binary32: sign, 8-bit exponent field, 23-bit
    fraction). A float literal's exponent field is nonzero unless the value is +-0.0 or a denormal (below
    2^-126), and all ones only for +-infinity / NaN; a bool's word is 0 or 0xFFFFFFFF. So 1 .. 2^23 - 1 (exponent
    field 0: a denormal's bits) and -2 .. -(2^23 - 1) (0xFF800001 .. 0xFFFFFFFE: a NaN's bits) come from
    integers. 0 (also 0.0 and false), -1 (also true) and every other word say nothing."""
    word &= 0xFFFFFFFF
    return 1 <= word <= 0x7FFFFF or 0xFF800001 <= word <= 0xFFFFFFFE


def n_dst(op: int) -> int:
    return 0 if op in _NO_DST else (2 if op in _TWO_DST else 1)


def successors(body: list[ir.Instruction]) -> list[list[int]]:
    """The control-flow successors of each instruction (index len(body) = the program's end)."""
    end = len(body)
    succ: list[list[int]] = [[] for _ in body]
    stack: list[list] = []  # open constructs: [opcode, start index, [else / case indices]]
    close: dict[int, int] = {}
    parts: dict[int, list[int]] = {}
    for i, inst in enumerate(body):
        op = inst.opcode
        if op in (O.IF, O.LOOP, O.SWITCH):
            stack.append([op, i, []])
        elif op in (O.ELSE, O.CASE, O.DEFAULT) and stack:
            stack[-1][2].append(i)
        elif op in (O.ENDIF, O.ENDLOOP, O.ENDSWITCH) and stack:
            _, start, inner = stack.pop()
            close[start] = i
            parts[start] = inner
    owner: list[list[int]] = []  # enclosing construct starts per instruction, innermost last
    opened: list[int] = []
    for i, inst in enumerate(body):
        op = inst.opcode
        if op in (O.ENDIF, O.ENDLOOP, O.ENDSWITCH) and opened:
            opened.pop()
        owner.append(list(opened))
        if op in (O.IF, O.LOOP, O.SWITCH):
            opened.append(i)

    opener = {end: start for start, end in close.items()}

    def innermost(i: int, kinds: tuple[int, ...]) -> int | None:
        return next((s for s in reversed(owner[i]) if body[s].opcode in kinds), None)

    for i, inst in enumerate(body):
        op = inst.opcode
        nxt = [i + 1]
        if op == O.IF and i in close:
            els = [k for k in parts[i] if body[k].opcode == O.ELSE]
            nxt = [i + 1, (els[0] + 1) if els else close[i]]
        elif op == O.ELSE:
            s = innermost(i, (O.IF,))
            nxt = [close[s]] if s is not None and s in close else [i + 1]
        elif op == O.ENDLOOP:  # back to the top of the loop it closes (not in owner[i]: it ends there)
            s = opener.get(i)
            nxt = [s + 1] if s is not None else [i + 1]
        elif op in (O.BREAK, O.BREAKC, O.CONTINUE, O.CONTINUEC):
            kinds = (O.LOOP,) if op in (O.CONTINUE, O.CONTINUEC) else (O.LOOP, O.SWITCH)
            s = innermost(i, kinds)
            if s is not None and s in close:
                target = s + 1 if op in (O.CONTINUE, O.CONTINUEC) else close[s] + 1
                nxt = [target, i + 1] if op in (O.BREAKC, O.CONTINUEC) else [target]
        elif op == O.SWITCH and i in close:
            cases = [k for k in parts[i] if body[k].opcode in (O.CASE, O.DEFAULT)]
            nxt = cases + ([] if any(body[k].opcode == O.DEFAULT for k in cases) else [close[i]])
        elif op == O.RET:
            nxt = [end]
        elif op == O.RETC:
            nxt = [end, i + 1]
        succ[i] = [min(n, end) for n in nxt]
    return succ


class _Union:
    def __init__(self) -> None:
        self.parent: dict = {}

    def find(self, x):
        self.parent.setdefault(x, x)
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:
            self.parent[x], x = root, self.parent[x]
        return root

    def union(self, a, b) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb


class Kinds:
    """The integer / non-integer kind of every temp definition of ``body`` (see the module docstring)."""

    def __init__(self, body: list[ir.Instruction]):
        self.body = body
        self.index = {id(inst): i for i, inst in enumerate(body)}
        self._evidence: dict = {}
        self._reads_at: dict = {}  # (instruction index, register, component) read -> a definition reaching it
        self._uf = _Union()
        self._analyse()

    def is_int(self, inst: ir.Instruction, comp: int) -> bool:
        """The value ``inst`` writes to component ``comp`` of its (first) temp destination is an integer."""
        return self._def_evidence(inst, comp) == INT

    def is_mask(self, inst: ir.Instruction, comp: int) -> bool:
        """... is a comparison mask (a bool: 0 / 0xFFFFFFFF), used as nothing else."""
        return self._def_evidence(inst, comp) == MASK

    def _def_evidence(self, inst: ir.Instruction, comp: int) -> int:
        i = self.index.get(id(inst))
        if i is None:
            return 0
        for d in inst.operands[:n_dst(inst.opcode)]:
            if d.type == T.TEMP and comp in d.written():
                return self._evidence.get(self._uf.find((i, d.register, comp)), 0)
        return 0

    def read_evidence(self, inst: ir.Instruction, reg: int, comp: int) -> int:
        """The evidence bits (INT / OTHER, both for a reinterpreted value) of the value ``inst`` reads from
        component ``comp`` of r``reg``; 0 when nothing reaches the read or nothing types it."""
        i = self.index.get(id(inst))
        node = self._reads_at.get((i, reg, comp))
        return 0 if node is None else self._evidence.get(self._uf.find(node), 0)

    # --- analysis ----------------------------------------------------------------------------------------
    def _reads(self, inst: ir.Instruction):
        """(operand index, lane, register, component read) of every temp source component (operand index -1:
        a relative-addressing index register)."""
        op = inst.opcode
        nd = n_dst(op)
        ops = inst.operands
        lanes = ops[0].written() if nd and ops and ops[0].type != T.NULL else (0, 1, 2, 3)
        if nd == 2 and ops[0].type == T.NULL and len(ops) > 1:
            lanes = ops[1].written()
        if op in _WHOLE:
            lanes = _WHOLE[op]
        if op in (O.IF, O.BREAKC, O.CONTINUEC, O.RETC, O.DISCARD, O.SWITCH):
            lanes = (0,)
        for k, o in enumerate(ops[nd:], nd):
            if o.type == T.TEMP:
                sw = o.components()
                for ln in lanes:
                    yield k, ln, o.register, sw[ln]
            for idx in o.indices:  # relative addressing: the index register holds an integer
                if idx.rel is not None and idx.rel.type == T.TEMP:
                    yield -1, 0, idx.rel.register, idx.rel.components()[0]

    def _analyse(self) -> None:
        body = self.body
        succ = successors(body)
        n = len(body)
        defs_of: list[list[tuple[int, int]]] = []
        for inst in body:
            out = []
            for d in inst.operands[:n_dst(inst.opcode)]:
                if d.type == T.TEMP:
                    out += [(d.register, c) for c in d.written()]
            defs_of.append(out)
        # reaching definitions: state per instruction entry, (register, component) -> definition indices
        entry: list[dict | None] = [None] * (n + 1)
        entry[0] = {}
        work = [0]
        while work:
            i = work.pop()
            if i >= n:
                continue
            state = dict(entry[i])  # type: ignore[arg-type]
            for key in defs_of[i]:
                state[key] = frozenset((i,))
            for s in succ[i]:
                old = entry[s]
                if old is None:
                    entry[s] = dict(state)
                    work.append(s)
                    continue
                changed = False
                merged = dict(old)
                for key, ds in state.items():
                    cur = merged.get(key)
                    if cur is None or not ds <= cur:
                        merged[key] = ds | cur if cur else ds
                        changed = True
                if changed:
                    entry[s] = merged
                    work.append(s)
        uf, ev = self._uf, self._evidence

        def note(node, bit: int) -> None:
            root = uf.find(node)
            ev[root] = ev.get(root, 0) | bit

        for i, inst in enumerate(body):
            op = inst.opcode
            state = entry[i] or {}
            ops = inst.operands
            for key in defs_of[i]:  # typed definitions
                node = (i, *key)
                uf.find(node)
                if op in INT_DEFS:
                    note(node, INT)
                elif op in MASK_DEFS or op in (O.OR, O.NOT):  # or / not of numbers are bit-level: X4532
                    note(node, MASK)
                elif op in COPIES:
                    if any(integer_word(w) for w in self._copied_words(inst, key[1])):
                        note(node, INT)  # an integer literal copied (``found = 1``)
                elif op not in COPIES:
                    if op == O.AND and not self._and_one(inst):
                        continue  # masks combined, or mask ? number : 0: the operands decide
                    note(node, OTHER)
            for k, ln, reg, comp in self._reads(inst):  # one value per read: every definition reaching it
                reaching = sorted(state.get((reg, comp), ()))
                nodes = [(d, reg, comp) for d in reaching]
                for a in nodes[1:]:
                    uf.union(nodes[0], a)
                if not nodes:
                    continue
                self._reads_at[(i, reg, comp)] = nodes[0]
                if op in (O.IEQ, O.INE) and self._zero_test(inst):
                    continue  # x == 0 / x != 0: a truth test, of a mask as much as of an integer
                if k < 0 or op in INT_USES:
                    note(nodes[0], INT)
                elif op in FLOAT_OPS:
                    note(nodes[0], OTHER)
                elif op in COPIES and k in COPIES[op] and ops[0].type == T.TEMP and ln in ops[0].written():
                    uf.union(nodes[0], (i, ops[0].register, ln))
                elif op == O.MOVC and k == 1 or op in (O.IF, O.BREAKC, O.CONTINUEC, O.RETC, O.DISCARD, O.OR,
                                                       O.NOT):
                    note(nodes[0], MASK)  # a condition / an operand of a logical or / not
        # evidence gathered on roots that were later joined: fold it onto the final roots
        for node in list(ev):
            root = uf.find(node)
            if root != node:
                ev[root] = ev.get(root, 0) | ev.pop(node)

    @staticmethod
    def _copied_words(inst: ir.Instruction, comp: int) -> list[int]:
        """The immediate words a move (mov / movc) copies into component ``comp`` of its destination."""
        words = []
        for k in COPIES[inst.opcode]:
            if k < len(inst.operands) and inst.operands[k].type == T.IMMEDIATE32:
                vals = inst.operands[k].values
                words.append(vals[comp] if len(vals) == 4 else vals[0])
        return words

    @staticmethod
    def _and_one(inst: ir.Instruction) -> bool:
        """``and r, mask, asuint(1.0)``: the bool -> float conversion (its result is the float 1.0 / 0.0)."""
        if inst.opcode != O.AND:
            return False
        return any(o.type == T.IMMEDIATE32 and set(o.values) <= {0x3F800000} for o in inst.operands[1:])

    @staticmethod
    def _zero_test(inst: ir.Instruction) -> bool:
        return any(o.type == T.IMMEDIATE32 and set(o.values) <= {0} for o in inst.operands[1:])
