"""Class linkage in the executor: fcall through bound class instances, and the ``this[]`` register.

D3D11.3 spec 7.19 describes dynamic linkage as a *driver-side* specialisation: when a shader is bound
with its class instances, the driver resolves every ``fcall fp#[arrayIndex][callSite]`` to the
function body the bound instance's function table names, and inlines the ``this[]`` data. We do the
same at the IR level: :func:`link_program` returns a specialised :class:`~pyd3d11.shader.ir.Program`
(cached per program and binding) in which

* ``fcall fp#[i][cs]`` with a literal ``i`` becomes ``call l#`` to the selected body (22.7.19: slot =
  fp# + i; body = table[cs]); a dynamically indexed fcall (``fp#[r.x + i]``) becomes a
  ``switch r.x`` with one ``case`` per slot of the interface array, each calling that slot's body;
* ``label fb#`` becomes an ordinary ``label l#`` numbered above every subroutine label, so the
  reference executor's call/ret machinery (subroutine nesting limit included) runs function bodies;
* ``this[n]`` (22.7.20: x = cb slot, y = cb offset in vectors, z = base texture, w = base sampler)
  becomes an immediate; ``this[r.x + n]`` reads rows appended to the immediate constant buffer;
* an operand ``cb[r.x + k][...]`` (constant-buffer slot chosen at run time, how class methods
  reach instance data through ``this[].x``) is lowered into a ``switch`` over the program's
  declared cb slots, each case running the instruction with a literal slot;
* the dcl_function_body / dcl_function_table / dcl_interface declarations are consumed.

The executor therefore needs no fcall opcode of its own; an unlinked program still fails with
NotSupportedError("fcall / class linkage") as before. An fcall through a slot with no class instance
raises InvalidArgError unless ``unbound="skip"`` (the API layer's choice: it reports it instead).
"""

from __future__ import annotations

import copy
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...errors import E_INVALIDARG, InvalidArgError, NotSupportedError
from .. import ir

Op = ir.Opcode
OT = ir.OperandType

#: Flow-control opcodes: a dynamic-cb-slot operand in one of these cannot be wrapped in a switch.
_FLOW = {Op.IF, Op.ELSE, Op.ENDIF, Op.LOOP, Op.ENDLOOP, Op.BREAK, Op.BREAKC, Op.CONTINUE, Op.CONTINUEC,
         Op.SWITCH, Op.CASE, Op.DEFAULT, Op.ENDSWITCH, Op.RET, Op.RETC, Op.CALL, Op.CALLC, Op.DISCARD,
         Op.INTERFACE_CALL, Op.LABEL}
_LINK_DECLS = {Op.DCL_FUNCTION_BODY, Op.DCL_FUNCTION_TABLE, Op.DCL_INTERFACE}


@dataclass(frozen=True, slots=True)
class ClassBinding:
    """What one interface slot is bound to: the function table ft# its class instance selects and the
    instance's ``this`` data (cb slot, cb vector offset, base texture, base sampler)."""

    table: int
    this: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass(slots=True)
class InterfaceDecls:
    """The class-linkage declarations of a program (spec 22.3.49-51)."""

    bodies: list[int] = field(default_factory=list)
    tables: dict[int, list[int]] = field(default_factory=dict)  # ft# -> [fb# per call site]
    #: fp# -> (array size, call sites, [ft# choices], dynamically indexed)
    interfaces: dict[int, tuple[int, int, list[int], bool]] = field(default_factory=dict)

    @property
    def slot_count(self) -> int:
        """Number of interface slots (= this[] entries): the sum of the array sizes."""
        return sum(a for a, _, _, _ in self.interfaces.values())

    def interface_of(self, slot: int) -> int | None:
        """The fp# whose array covers ``slot``."""
        for fp, (size, _, _, _) in self.interfaces.items():
            if fp <= slot < fp + size:
                return fp
        return None


def interface_decls(program: ir.Program) -> InterfaceDecls:
    """Read dcl_function_body/table and dcl_interface (IR ``extra`` layouts: body [fb]; table
    [ft, n, fb...]; interface [fp, call sites, array size << 16 | n, ft...], controls bit 0 =
    dynamically indexed)."""
    d = InterfaceDecls()
    for inst in program.instructions:
        o, e = inst.opcode, inst.extra
        if o == Op.DCL_FUNCTION_BODY:
            d.bodies.append(e[0])
        elif o == Op.DCL_FUNCTION_TABLE:
            d.tables[e[0]] = list(e[2:2 + e[1]])
        elif o == Op.DCL_INTERFACE:
            n = e[2] & 0xFFFF
            d.interfaces[e[0]] = (e[2] >> 16, e[1], list(e[3:3 + n]), bool(inst.controls & 1))
    return d


def uses_interfaces(program: ir.Program) -> bool:
    return any(i.opcode in _LINK_DECLS or i.opcode == Op.INTERFACE_CALL for i in program.instructions)


# ------------------------------------------------------------------------------------------------
# IR helpers
# ------------------------------------------------------------------------------------------------

def _label(n: int) -> ir.Operand:
    return ir.Operand(type=OT.LABEL, num_components=0, indices=[ir.Index(value=n)])


def _imm1(v: int) -> ir.Operand:
    return ir.Operand(type=OT.IMMEDIATE32, num_components=1, values=[v & 0xFFFFFFFF])


def _switch_open(sel: ir.Operand) -> ir.Instruction:
    s = copy.deepcopy(sel)
    if s.num_components == 4 and s.selection != ir.SelectionMode.SELECT_1:
        s.selection, s.swizzle = ir.SelectionMode.SELECT_1, (s.swizzle[0],) * 4
    return ir.Instruction(Op.SWITCH, [s])


def _walk(op: ir.Operand):
    yield op
    for ix in op.indices:
        if ix.rel is not None:
            yield from _walk(ix.rel)


def _has(inst: ir.Instruction, pred) -> bool:
    return any(pred(o) for top in inst.operands for o in _walk(top))


def _is_this(o: ir.Operand) -> bool:
    return o.type == OT.THIS_POINTER


def _is_dyn_slot(o: ir.Operand) -> bool:
    """A constant buffer, texture or sampler whose slot is chosen at run time: cb[this.x + 0][...],
    t[this.z + k], s[this.w + k] (class-instance data and objects, §22.7.20 / §7.11)."""
    return o.type in (OT.CONSTANT_BUFFER, OT.RESOURCE, OT.SAMPLER) and bool(o.indices) and \
        o.indices[0].rel is not None


#: this[] component holding the base slot of each file (§22.7.20: x cb, z texture, w sampler)
_THIS_COMPONENT = {OT.CONSTANT_BUFFER: 0, OT.RESOURCE: 2, OT.SAMPLER: 3}
#: a slot past every binding point (§7.11.2: an out-of-range index reads as an unbound slot)
_PAST = {OT.CONSTANT_BUFFER: 15, OT.RESOURCE: 128, OT.SAMPLER: 16}


# ------------------------------------------------------------------------------------------------
# Linking
# ------------------------------------------------------------------------------------------------

@dataclass(slots=True)
class _Linker:
    program: ir.Program
    decls: InterfaceDecls
    slots: Sequence[ClassBinding | None]
    unbound: str
    fb_base: int = 0
    this_base: int = 0  # first ICB row of the this[] table (rows after the program's own ICB)
    this_used: bool = False  # a relative this[] was rewritten: the table must be appended
    cb_slots: list[int] = field(default_factory=list)

    def this_row(self, slot: int) -> tuple[int, int, int, int]:
        b = self.slots[slot] if 0 <= slot < len(self.slots) else None
        return b.this if b is not None else (0, 0, 0, 0)

    def body_for(self, slot: int, call_site: int, where: str) -> int | None:
        """fb# an fcall through interface slot ``slot`` runs (None: unbound and skipped)."""
        fp = self.decls.interface_of(slot)
        b = self.slots[slot] if 0 <= slot < len(self.slots) else None
        if b is None:
            if self.unbound == "skip":
                return None
            raise InvalidArgError(E_INVALIDARG, f"{where}: interface slot {slot} has no class instance bound",
                                  "link_program")
        if fp is not None and b.table not in self.decls.interfaces[fp][2]:
            raise InvalidArgError(E_INVALIDARG, f"{where}: function table ft{b.table} is not one of fp{fp}'s "
                                  f"choices {self.decls.interfaces[fp][2]}", "link_program")
        body = self.decls.tables.get(b.table)
        if body is None or call_site >= len(body):
            raise InvalidArgError(E_INVALIDARG, f"{where}: ft{b.table} has no call site {call_site}",
                                  "link_program")
        return body[call_site]

    # -- this[] ------------------------------------------------------------------------------
    def this_operand(self, o: ir.Operand) -> ir.Operand:
        idx = o.indices[0]
        if idx.rel is None:
            # the swizzle is folded into the immediate (identity swizzle), as fxc would print it
            row = self.this_row(idx.value)
            return ir.Operand(type=OT.IMMEDIATE32, num_components=4, selection=ir.SelectionMode.SWIZZLE,
                              values=[row[c] for c in o.components()], modifier=o.modifier)
        # this[r.x + n] -> icb[r.x + (n + base)]: the rows are appended to the ICB in link()
        self.this_used = True
        rel = self.rewrite_operand(idx.rel)
        return ir.Operand(type=OT.IMMEDIATE_CONSTANT_BUFFER, num_components=4, selection=o.selection, mask=o.mask,
                          swizzle=o.swizzle, modifier=o.modifier,
                          indices=[ir.Index(ir.IndexRep.IMMEDIATE32_PLUS_RELATIVE, idx.value + self.this_base, rel)])

    def rewrite_operand(self, o: ir.Operand) -> ir.Operand:
        if _is_this(o):
            return self.this_operand(o)
        if not any(ix.rel is not None for ix in o.indices):
            return o
        new = copy.copy(o)
        new.indices = [ir.Index(ix.rep, ix.value, self.rewrite_operand(ix.rel)) if ix.rel is not None else ix
                       for ix in o.indices]
        return new

    # -- dynamic cb / texture / sampler slot --------------------------------------------------
    def slot_candidates(self, t: int, offset: int) -> list[int]:
        """The slots a run-time index of file ``t`` can reach: the base each this[] row gives
        (bound instances and the zero rows of unbound slots) plus the operand's immediate offset, and
        for constant buffers the declared slots too."""
        rows = [self.this_row(s) for s in range(max(len(self.slots), self.decls.slot_count))] or [(0, 0, 0, 0)]
        got = {(r[_THIS_COMPONENT[t]] + offset) & 0xFFFFFFFF for r in rows} | {offset}
        if t == OT.CONSTANT_BUFFER:
            got |= set(self.cb_slots)
        return sorted(got)

    def lower_dyn_cb(self, inst: ir.Instruction, out: list[ir.Instruction]) -> None:
        """An instruction reading cb[r.x + k], t[r.x + k] or s[r.x + k] becomes a ``switch`` on the
        register with one case per slot it can reach, each running the instruction with that literal
        slot; any other value runs it with a slot past the binding points (an unbound slot, §7.11.2)."""
        k = next((j for j, top in enumerate(inst.operands) if _is_dyn_slot(top)), None)
        if k is None:
            out.append(inst)
            return
        top = inst.operands[k]
        if inst.opcode in _FLOW:
            raise NotSupportedError("dynamically indexed constant-buffer / resource slot in a flow-control "
                                    "instruction")
        idx = top.indices[0]
        sel = idx.rel
        if sel.type == OT.IMMEDIATE32:  # e.g. cb[this[0].x] after this[] became an immediate
            slot = sel.values[sel.components()[0] if len(sel.values) == 4 else 0] + idx.value
            self.lower_dyn_cb(self.with_cb_slot(inst, k, slot & 0xFFFFFFFF), out)
            return
        out.append(_switch_open(sel))
        for slot in self.slot_candidates(top.type, idx.value):
            out.append(ir.Instruction(Op.CASE, [_imm1(slot - idx.value)]))
            self.lower_dyn_cb(self.with_cb_slot(inst, k, slot), out)
            out.append(ir.Instruction(Op.BREAK))
        out.append(ir.Instruction(Op.DEFAULT))
        self.lower_dyn_cb(self.with_cb_slot(inst, k, _PAST[top.type]), out)
        out.append(ir.Instruction(Op.BREAK))
        out.append(ir.Instruction(Op.ENDSWITCH))

    @staticmethod
    def with_cb_slot(inst: ir.Instruction, k: int, slot: int) -> ir.Instruction:
        new = copy.copy(inst)
        new.operands = list(inst.operands)
        op = copy.copy(inst.operands[k])
        op.indices = [ir.Index(ir.IndexRep.IMMEDIATE32, slot)] + list(op.indices[1:])
        new.operands[k] = op
        return new

    # -- fcall ------------------------------------------------------------------------------
    def lower_fcall(self, inst: ir.Instruction, out: list[ir.Instruction]) -> None:
        fp_op = inst.operands[0]
        fp, idx = fp_op.indices[0].value, fp_op.indices[1]
        call_site = inst.extra[0] if inst.extra else 0
        where = f"fcall fp{fp}[...][{call_site}]"
        if idx.rel is None:
            body = self.body_for(fp + idx.value, call_site, where)
            if body is not None:
                out.append(ir.Instruction(Op.CALL, [_label(self.fb_base + body)]))
            return
        size = self.decls.interfaces.get(fp, (1, 0, [], True))[0]
        out.append(_switch_open(self.rewrite_operand(idx.rel)))
        for k in range(size):  # slot fp + k is reached when the register holds k - base
            body = self.body_for(fp + k, call_site, where) if (0 <= fp + k < len(self.slots) and
                                                               self.slots[fp + k] is not None) else None
            out.append(ir.Instruction(Op.CASE, [_imm1(k - idx.value)]))
            if body is not None:
                out.append(ir.Instruction(Op.CALL, [_label(self.fb_base + body)]))
            out.append(ir.Instruction(Op.BREAK))
        out.append(ir.Instruction(Op.ENDSWITCH))

    def link(self) -> ir.Program:
        prog = self.program
        labels = [o.register for i in prog.instructions if i.opcode in (Op.LABEL, Op.CALL, Op.CALLC)
                  for o in i.operands if o.type == OT.LABEL]
        self.fb_base = max(labels, default=-1) + 1
        self.cb_slots = sorted(i.operands[0].register for i in prog.instructions
                               if i.opcode == Op.DCL_CONSTANTBUFFER and i.operands)
        icb = next((i for i in prog.instructions if i.opcode == Op.CUSTOMDATA
                    and i.controls == ir.CustomDataClass.DCL_IMMEDIATE_CONSTANT_BUFFER), None)
        self.this_base = -(-len(icb.extra) // 4) if icb is not None else 0
        out: list[ir.Instruction] = []
        for inst in prog.instructions:
            o = inst.opcode
            if o in _LINK_DECLS:
                continue
            if o == Op.LABEL and inst.operands and inst.operands[0].type == OT.FUNCTION_BODY:
                out.append(ir.Instruction(Op.LABEL, [_label(self.fb_base + inst.operands[0].register)]))
                continue
            if _has(inst, _is_this):
                inst = copy.copy(inst)
                inst.operands = [self.rewrite_operand(x) for x in inst.operands]
            if o == Op.INTERFACE_CALL:
                self.lower_fcall(inst, out)
            elif any(_is_dyn_slot(top) for top in inst.operands):
                self.lower_dyn_cb(inst, out)
            else:
                out.append(inst)
        if self.this_used:
            out = self.append_this_rows(out)
        return ir.Program(prog.program_type, prog.major, prog.minor, out)

    def append_this_rows(self, out: list[ir.Instruction]) -> list[ir.Instruction]:
        """Append the this[] table to the program's ICB (rows from ``this_base`` on)."""
        icb_at = next((k for k, i in enumerate(out) if i.opcode == Op.CUSTOMDATA
                       and i.controls == ir.CustomDataClass.DCL_IMMEDIATE_CONSTANT_BUFFER), None)
        words = list(out[icb_at].extra) if icb_at is not None else []
        words += [0] * (4 * self.this_base - len(words))
        for s in range(max(len(self.slots), self.decls.slot_count)):
            words += list(self.this_row(s))
        icb = ir.Instruction(Op.CUSTOMDATA, controls=ir.CustomDataClass.DCL_IMMEDIATE_CONSTANT_BUFFER, extra=words)
        if icb_at is not None:
            out[icb_at] = icb
        else:
            out.insert(0, icb)
        return out


_LINKED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def link_program(program: ir.Program, slots: Sequence[ClassBinding | None], unbound: str = "raise") -> ir.Program:
    """The program specialised for the class instances bound to its interface slots (``slots[i]``
    binds slot i = this[i]; None = nothing bound). Programs without interfaces come back unchanged.
    Cached per (program, bindings); the result runs on any executor like an ordinary program."""
    if not uses_interfaces(program):
        return program
    key = (tuple(slots), unbound)
    try:
        per = _LINKED.setdefault(program, {})
    except TypeError:
        per = {}
    hit = per.get(key)
    if hit is not None:
        return hit
    linked = _Linker(program, interface_decls(program), list(slots), unbound).link()
    per[key] = linked
    return linked


def this_table(slots: Sequence[ClassBinding | None]) -> np.ndarray:
    """(slots, 4) uint32 ``this[]`` register contents (zeros for unbound slots)."""
    return np.array([b.this if b is not None else (0, 0, 0, 0) for b in slots], np.uint32).reshape(-1, 4)


def run_linked(program: ir.Program, slots: Sequence[ClassBinding | None], n_lanes: int, **kw: Any) -> Any:
    """``run_program`` on the program linked with ``slots`` (convenience for tests and tools)."""
    from .reference import run_program

    return run_program(link_program(program, slots), n_lanes, **kw)
