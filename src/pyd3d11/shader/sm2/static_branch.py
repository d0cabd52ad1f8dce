"""Static branches on bool constants (``if b#`` / ``else`` / ``endif``) for the Direct3D 9 targets with static
flow control (vs_2_0, vs_2_a, vs_3_0, ps_3_0): a mixin of translate._Translator, used by flow.py's walk.

"if bool - vs" / "if bool - ps": the block runs when the constant Boolean register b# is true, the else part
otherwise; b# is loaded by the application (SetVertexShaderConstantB / SetPixelShaderConstantB), so the
condition is the same for every vertex / pixel of a draw. fxc puts a bool constant that only steers branches in
b# and emits ``if b#`` (its listings of the DirectX SDK samples: BasicHLSL ps_3_0 ``if b0`` on ``$bTexture``;
DXDecompiler's boolconst vs_2_0 ``if b0`` / ``else`` / ``endif``). The SM4 program the translation reads tests
such a bool as ``ine rT.c, cbX[R].c, l(0)`` + ``if_nz rT.c`` (or ``if_nz cbX[R].c``); here that ``if`` becomes
``if b#`` instead of a flattened select, when

- the translation is for a D3D9 target (``bool_branches``; the 10Level9 Aon9 chunk has no b# mapping: its
  tables map constant buffers to c# and loop counts to i# only, so the level-9 programs keep the selects);
- the branch samples a texture, or the compile skips optimization (``bool_branches == "all"``): fxc flattens
  the other bool branches into arithmetic selects with the bool in c#. Inferred from every bool branch of the
  DXDecompiler corpus (fxc 10.1 listings of the DirectX SDK samples): ``if b#`` where a part holds tex2D
  (BasicHLSL ps_3_0, LDPRT ps_3_0 twice) or under /Od (boolconst vs_2_0); c# and no branch where the parts are
  arithmetic (NdotL, PRT, SHIrradianceEnvMap, MeshFromObj vs_2_0, BasicHLSL vs_3_0: ``mul oT0.xy, v2, c8.x``
  for ``if (bTexture) uv = tc; else uv = 0;``; ConfigSystem and ParallaxOcclusionMapping ps_3_0);
- it is not inside a flattened branch, a rep loop, a switch, or after an early return (where every write is
  predicated on lanes);
- the branch holds no loop, switch, break, continue or conditional return, and a ``ret`` only as the last
  instruction of a part with nothing but ``ret`` after the construct (``if (b) return x; else return y;``);
- the nesting limits hold ("Flow Control Nesting Limits" / "Flow Control Limitations"): vs_2_0 and vs_2_x
  count ``if bool``, its ``else``, rep, loop and call against a static flow count of 16; vs_3_0, ps_2_x and
  ps_3_0 allow a static nesting of 24;
- a then-part that runs when the bool is false has no SM4 else part (it is emitted as the ``else`` part of an
  empty ``if b#``).

Otherwise the branch is flattened as before; compiler.d3d9_bytecode translates again without static branches
when a bool ends up read as a value too (sm2/d3d9.py assigns one register set per constant). Inside a static
branch nothing written is folded as a known value (both parts are translated once), values known before it
that a part writes are stored first, and the comparison-mask / integer kinds of the two parts are merged at the
endif (they must agree).
"""

from __future__ import annotations

from .. import ir
from .base import _NO_DST, _TWO_DST, O, T, _unsupported
from .program import Inst, Src
from .tokens import Reg
from .types import BOOL

#: "Flow Control Nesting Limits" (vs_2_0, vs_2_x): the static flow count (if bool, its else, rep, loop, call)
STATIC_FLOW_COUNT = 16
#: vs_3_0, ps_2_x, ps_3_0 ("Flow Control Limitations"): static nesting (if bool ... endif)
STATIC_NESTING = 24
_SAMPLES = {O.SAMPLE, O.SAMPLE_B, O.SAMPLE_C, O.SAMPLE_C_LZ, O.SAMPLE_D, O.SAMPLE_L}


class BoolBranches:
    """Needs the translator's ``bool_branches``, ``bool_maps``, ``bool_tests``, ``static_ifs``, ``static_flow``,
    ``types``, ``prof``, ``body``, ``known`` (and its companions), ``masks``, ``intf``, ``written``,
    ``scratch_base``, ``x_base`` / ``x_size``, ``rep_depth``, ``sub_walks``, ``p``, ``_gated`` and
    ``_materialize``."""

    def note_bool_test(self, inst: ir.Instruction) -> None:
        """Track ``ine / ieq rT.c, cbX[R].c', l(0)``: rT.c holds the truth of a bool constant (or its negation)
        until rT.c is written again; ``ine / ieq rU.c, rT.c, l(0)`` of such a truth passes it on (``!b``: the
        HLSL front end's ``ieq r0.y, r0.x, l(0)``)."""
        ops = inst.operands
        ndst = 0 if inst.opcode in _NO_DST else (2 if inst.opcode in _TWO_DST else 1)
        found = None
        if inst.opcode in (O.INE, O.IEQ) and len(ops) == 3 and ops[0].type == T.TEMP and len(ops[0].written()) == 1:
            lane = ops[0].written()[0]
            for a, b in ((ops[1], ops[2]), (ops[2], ops[1])):
                if b.type != T.IMMEDIATE32 or set(b.values) != {0} or b.modifier != ir.Modifier.NONE:
                    continue
                src = self._bool_constant(a, lane)
                if src is not None:
                    found = (*src, inst.opcode == O.INE)
                elif a.type == T.TEMP and a.modifier == ir.Modifier.NONE:
                    prev = self.bool_tests.get((a.register, a.components()[lane]))
                    if prev is not None:
                        found = (*prev[:3], prev[3] == (inst.opcode == O.INE))
                if found is not None:
                    break
        for o in ops[:ndst]:
            if o.type == T.TEMP:
                for ln in o.written():
                    self.bool_tests.pop((o.register, ln), None)
        if found is not None:
            self.bool_tests[(ops[0].register, ops[0].written()[0])] = found

    def _bool_constant(self, o: ir.Operand, lane: int) -> tuple[int, int, int] | None:
        """(buffer, register, component) of a plain read of a bool constant-buffer component."""
        if o.type != T.CONSTANT_BUFFER or o.modifier != ir.Modifier.NONE or any(i.rel is not None
                                                                                 for i in o.indices):
            return None
        buf, reg, comp = o.indices[0].value, o.indices[1].value, o.components()[lane]
        return (buf, reg, comp) if self.types.conversions(buf, reg)[comp] == BOOL else None

    def static_if(self, body: list[ir.Instruction], match: dict, pc: int) -> dict | None:
        """The frame of an ``if`` emitted as ``if b#`` (see the module docstring), or None to flatten it."""
        if self.bool_branches is None or self._gated() or self.rep_depth or self.sub_walks:
            return None
        inst = body[pc]
        o = inst.operands[0]
        lane = 0
        if o.type == T.TEMP:
            test = self.bool_tests.get((o.register, o.components()[lane]))
        else:
            const = self._bool_constant(o, lane)
            test = None if const is None else (*const, True)
        if test is None:
            return None
        buf, reg, comp, is_ine = test
        then_when_true = is_ine == inst.test_nonzero
        else_pc, end = match[pc]
        if not then_when_true and else_pc is not None:
            return None
        depth, has_ret = 0, False
        if self.bool_branches != "all" and not any(i.opcode in _SAMPLES for i in body[pc + 1: end]):
            return None
        for k in range(pc + 1, end):
            op = body[k].opcode
            if op in (O.LOOP, O.SWITCH, O.BREAK, O.BREAKC, O.CONTINUE, O.CONTINUEC, O.RETC, O.CALL, O.CALLC):
                return None
            depth += (op == O.IF) - (op == O.ENDIF)
            if op == O.RET:
                if depth or body[k + 1].opcode not in (O.ELSE, O.ENDIF) or k + 1 not in (else_pc, end):
                    return None
                has_ret = True
        if has_ret and (self.static_ifs or any(i.opcode not in (O.RET, O.CUSTOMDATA) for i in body[end + 1:])):
            return None
        emitted = 1 if then_when_true and else_pc is None else 2  # if (+ else, counted when emitted)
        if self.prof.sm2.startswith("vs_2"):
            loops = sum(1 for i in self.p.instructions if i.opcode == O.LOOP)  # each may become a rep
            if self.static_flow + emitted + loops > STATIC_FLOW_COUNT:
                return None
        elif self.static_ifs + 1 > STATIC_NESTING:
            return None
        self._store_known_written(body[pc + 1: end])
        key = (buf, reg, comp)
        b = next((m[3] for m in self.bool_maps if m[:3] == key), None)
        if b is None:
            b = len(self.bool_maps)
            self.bool_maps.append((*key, b))
        self.body.append(Inst("if", None, [Src(Reg.CONSTBOOL, b)]))
        if not then_when_true:
            self.body.append(Inst("else"))
        self.static_ifs += 1
        self.static_flow += 1 if then_when_true else 2
        return {"kind": "bool", "saved_masks": set(self.masks), "saved_intf": set(self.intf),
                "written_entry": set(self.written)}

    def _store_known_written(self, region: list[ir.Instruction]) -> None:
        """Values known now that the branch writes: stored in their registers first (after the endif the
        register holds one part's value or the value from before)."""
        written: set[tuple[int, int]] = set()
        for inst in region:
            ndst = 0 if inst.opcode in _NO_DST or O.DCL_RESOURCE <= inst.opcode <= O.DCL_GLOBALFLAGS else (
                2 if inst.opcode in _TWO_DST else 1)
            for o in inst.operands[:ndst]:
                if o.type == T.TEMP:
                    written.update((o.register, ln) for ln in o.written())
                elif o.type == T.INDEXABLE_TEMP and o.indices[0].value in self.x_base:
                    xb = self.x_base[o.indices[0].value]
                    written.update((xb + e, ln) for e in range(self.x_size[o.indices[0].value]) for ln in o.written())
        by_reg: dict[int, list[int]] = {}
        for r, c in sorted(written):
            if (r, c) in self.known:
                by_reg.setdefault(r, []).append(c)
        for r, comps in by_reg.items():
            self._materialize(r, comps)
            for c in comps:
                self.known.pop((r, c), None)
                self.known_int.discard((r, c))
                self.known_mask.discard((r, c))
                self.materialized.discard((r, c))

    def _kept_writes(self) -> set:
        """Registers that stay written whatever part ran: outputs and the per-instruction scratch temps."""
        return {w for w in self.written if w[0] != Reg.TEMP or w[1] >= self.scratch_base}

    def static_else(self, f: dict) -> None:
        self.body.append(Inst("else"))
        self.static_flow += 1
        f["then"] = (set(self.masks), set(self.intf), set(self.written))
        self.masks, self.intf = set(f["saved_masks"]), set(f["saved_intf"])
        self.written = f["written_entry"] | self._kept_writes()

    def static_endif(self, f: dict) -> None:
        """After the endif a component is a mask / an integer only if it is one on both paths."""
        self.body.append(Inst("endif"))
        self.static_ifs -= 1
        then = f.get("then", (self.masks, self.intf, self.written))
        other = (self.masks, self.intf, self.written) if "then" in f else (
            f["saved_masks"], f["saved_intf"], f["written_entry"])
        if then[1] ^ other[1]:
            raise _unsupported("a value that is an integer on one path of a static branch and not on the other")
        kept = self._kept_writes()
        self.masks = then[0] & other[0]
        self.written = f["written_entry"] | (then[2] & other[2]) | kept
