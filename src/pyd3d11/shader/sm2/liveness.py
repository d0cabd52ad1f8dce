"""Which temp writes of an SM4 program need no predication when the translation flattens its flow control.

Shader model 2 has no dynamic branches at ps_2_0 and the vertex targets (and ps_2_x / ps_3_0 flatten small
ones too): a branch on a shader value runs on every lane and each write it makes is selected into its register
only where the branch is taken (translate._predicated: ``cmp`` in a pixel shader, a clamped multiply-select in
a vertex shader, 2 to 7 instructions per write). The select keeps the old value for the lanes that do not take
the branch; it is needed only where such a lane can read that old value again. A lane that skips a write
inside a flattened construct (a branch's other part, a loop copy after it left the loop or continued, a
switch case it did not take or broke out of) reads its registers next where the construct is entered again
or left: at the construct's start (the other part of the if / another case of the switch / the next copy of
the loop) or after its end. A lane that returned reads no temp again. So a temp component that is live
(read before written on some path; standard backward liveness over the SM4 control-flow graph,
kinds.successors) neither at the start nor after the end of any construct enclosing the write can be written
unconditionally: the lanes that run the write compute exactly the SM4 value, and the value a skipping lane
gets there is never read by it.

fxc writes such intra-branch temporaries unpredicated as well: its vs_2_0 listings of SkinnedMesh_VS and
MultiAnimation_SkinningVS (DXDecompiler's ShadersDX9) select with ``lrp`` / ``mad`` only the accumulated
values of their uniform-bounded loops (Pos, Normal, the weight sum), while the per-bone ``dp4`` / ``dp3``
products are computed into plain temps (about 85 and 70 slots; before this rule ours were 623 and 538).
"""

from __future__ import annotations

from .. import ir
from .kinds import FLOAT_OPS, INT_DEFS, MASK_DEFS, n_dst, successors

O = ir.Opcode
T = ir.OperandType

#: instructions whose destination lane x reads only lane x of each source (the rest read every component of
#: their sources' swizzles: dot products, sampling coordinates, sincos ...)
_PER_LANE = (FLOAT_OPS - {O.DP2, O.DP3, O.DP4, O.SAMPLE, O.SAMPLE_B, O.SAMPLE_C, O.SAMPLE_C_LZ, O.SAMPLE_D}) \
    | (INT_DEFS - {O.IMUL, O.UMUL, O.UDIV}) | MASK_DEFS \
    | {O.MOV, O.MOVC, O.AND, O.OR, O.XOR, O.NOT, O.ITOF, O.UTOF}

_OPEN = (O.IF, O.LOOP, O.SWITCH)
_CLOSE = (O.ENDIF, O.ENDLOOP, O.ENDSWITCH)


def _bits(reg: int, comps) -> int:
    out = 0
    for c in comps:
        out |= 1 << (reg * 4 + c)
    return out


def _uses_defs(inst: ir.Instruction) -> tuple[int, int]:
    """(temp components read, temp components written) of one instruction, as bit sets (bit 4 * r + c)."""
    nd = n_dst(inst.opcode)
    ops = inst.operands
    use = kill = 0
    lanes: tuple[int, ...] = (0, 1, 2, 3)
    if inst.opcode in _PER_LANE and nd == 1 and ops and ops[0].type != T.NULL:
        lanes = ops[0].written()
    for k, o in enumerate(ops):
        for idx in o.indices:  # a relative index reads its register wherever the operand is
            if idx.rel is not None and idx.rel.type == T.TEMP:
                use |= _bits(idx.rel.register, idx.rel.components()[:1])
        if o.type != T.TEMP:
            continue
        if k < nd:
            kill |= _bits(o.register, o.written())
        else:
            sw = o.components()
            use |= _bits(o.register, {sw[ln] for ln in lanes})
    return use, kill


class Locality:
    """For each instruction of ``body`` (the SM4 code the translation walks), whether a temp component it
    writes may be written without predication (see the module docstring)."""

    def __init__(self, body: list[ir.Instruction]):
        self.index = {id(inst): i for i, inst in enumerate(body)}
        self.body = body
        n = len(body)
        succ = successors(body)
        ud = [_uses_defs(inst) for inst in body]
        live = [0] * (n + 1)  # live[i]: before instruction i; live[n] (the end): nothing
        changed = True
        while changed:
            changed = False
            for i in range(n - 1, -1, -1):
                out = 0
                for s in succ[i]:
                    out |= live[s]
                use, kill = ud[i]
                v = use | (out & ~kill)
                if v != live[i]:
                    live[i] = v
                    changed = True
        # the start and the point after the end of every construct enclosing each instruction
        self._around: list[int] = []
        opened: list[int] = []
        close: dict[int, int] = {}
        stack: list[int] = []
        for i, inst in enumerate(body):
            if inst.opcode in _OPEN:
                stack.append(i)
            elif inst.opcode in _CLOSE and stack:
                close[stack.pop()] = i
        in_else: set[int] = set()  # the ifs whose else part the walk is in
        for i, inst in enumerate(body):
            if inst.opcode in _CLOSE and opened:
                in_else.discard(opened.pop())
            elif inst.opcode == O.ELSE and opened:
                in_else.add(opened[-1])
            mask = 0
            for s in opened:
                end = live[min(close.get(s, n - 1) + 1, n)]  # after the construct
                if body[s].opcode == O.IF and len(succ[s]) == 2:
                    # an if is flattened in program order, its then part first (flow.py): a lane that skips a
                    # then-part write runs the else part next, from its start (succ[s][1]; the end when there
                    # is none), whose liveness holds what it reads there and after the end; one that skips an
                    # else-part write ran the then part before and reads next after the end. Neither enters
                    # the then part again. (Lanes that skip a write because they left a loop or a switch, or
                    # continued, read where that construct's own entry below says.)
                    mask |= end if s in in_else else live[succ[s][1]]
                else:
                    for t in succ[s]:  # where each part begins: a loop's next copy, a switch's cases
                        mask |= live[t]
                    mask |= end
            self._around.append(mask)
            if inst.opcode in _OPEN:
                opened.append(i)

    def unpredicated(self, inst: ir.Instruction | None, reg: int, mask: int) -> bool:
        """True when ``inst`` (an instruction of the body) writes components ``mask`` of SM4 temp r``reg``
        and none of them is live where a lane that skips the write would read it again."""
        i = self.index.get(id(inst)) if inst is not None else None
        if i is None:
            return False
        if not any(o.type == T.TEMP and o.register == reg for o in inst.operands[:n_dst(inst.opcode)]):
            return False  # an x# element (a temp of the translation's own) or a register the body never names
        return not self._around[i] & _bits(reg, [c for c in range(4) if mask >> c & 1])
