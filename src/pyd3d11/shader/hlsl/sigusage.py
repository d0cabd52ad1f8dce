"""Which signature components a generated program really reads and writes (the signature "Used" /
ReadWriteMask byte fxc stores: components read for inputs, components never written for outputs).

Input reads come from a component-level liveness pass over the generated instruction list: an
instruction counts when it has an effect (writes an output or memory, controls flow, emits) or when a
component it writes to a temp is needed by a counted instruction. The pass is flow-insensitive (the
code generator gives nearly every value its own virtual temp), so it can only over-report, never
miss a read. Component lanes follow the bytecode rule: destination lane i reads swizzle lane i (a
short swizzle repeats its last component)."""

from __future__ import annotations

from ..dxbc.opcodes import BY_NAME
from .operands import Ins, Reg

#: files of input registers whose reads are reported, and the signature they belong to
INPUT_FILES = ("v", "vicp", "vpc")
#: the Register of a signature element that has no v#/o# register (oDepth, a GS's SV_PrimitiveID in vPrim)
REGISTERLESS = 0xFFFFFFFF
#: register-less input files with a signature element: their reads count as reads of register REGISTERLESS
#: (a geometry shader's ``vPrim``, gs.py; the hull and domain shaders' vPrim has no element)
_REGISTERLESS_INPUTS = frozenset({"vPrim"})
#: system input registers without a number or a signature element: their reads are reported as ``(file, 0)`` (the
#: declarations' masks, iodecls.py)
SYSTEM_INPUTS = frozenset({"vThreadID", "vThreadGroupID", "vThreadIDInGroup", "vThreadIDInGroupFlattened", "vDomain",
                           "vCoverage", "vInnerCoverage", "vGSInstanceID", "vOutputControlPointID", "vForkInstanceID",
                           "vJoinInstanceID"})
#: operations that are computed per component (destination lane i reads source lane i)
_COMPONENTWISE_CLASSES = {"float", "int", "uint", "bit", "convert"}
#: per-component ops whose class the opcode table files elsewhere, and horizontal ops that do not
#: qualify despite their class
_DOT = {"dp2": 2, "dp3": 3, "dp4": 4}
_NOT_COMPONENTWISE = frozenset({"bufinfo", "resinfo", "sampleinfo", "samplepos"})
#: temp-like destinations: writing them has no effect by itself
_PURE_DST = frozenset({"r", "x", "null"})


def _padded(r: Reg) -> tuple[int, ...]:
    if r.comps is None or not r.comps:
        return (0, 1, 2, 3)
    c = tuple(r.comps)
    return (c + (c[-1],) * 4)[:4]


def _dst_lanes(r: Reg) -> tuple[int, ...]:
    return (0, 1, 2, 3) if r.comps is None else tuple(r.comps)


def _num_dst(ins: Ins) -> int:
    info = BY_NAME.get(ins.op)
    if info is not None:
        return info.num_dst
    if ins.op.startswith("imm_atomic_"):
        return 1
    return 0  # unknown: every operand counts as read


def _componentwise(op: str) -> bool:
    info = BY_NAME.get(op)
    # double operations pair components (lanes xy / zw hold one value): read every source lane
    return (info is not None and op not in _NOT_COMPONENTWISE and str(info.cls) in _COMPONENTWISE_CLASSES
            and "d" not in info.src_types + info.dst_types)


def _key(r: Reg) -> tuple:
    """Liveness key of a temp-like register: ('r', n) per virtual temp, ('x', n) per whole array."""
    return (r.file, r.idx[0] if r.idx else 0)


def input_reads(code: list[Ins], live: bool = True) -> dict[tuple[str, int], int]:
    """``{(file, register): component mask}`` of the input registers that counted instructions read.
    A relative register index reports the components for every register of the file (-1). ``live=False``: every
    instruction counts with all its destination lanes, dead or not (what the code names at all: iodecls at /Od)."""
    demand: dict[tuple, int] = {}
    counted = [False] * len(code)
    dsts = [_num_dst(ins) for ins in code]

    def read(r: Reg, lanes: set[int], out: dict) -> None:
        if r.rel is not None and r.rel[0] == "r":
            k = ("r", r.rel[1][0])
            out[k] = out.get(k, 0) | 1 << r.rel[3]
        if r.file in _REGISTERLESS_INPUTS:
            k = (r.file, REGISTERLESS)
            out[k] = out.get(k, 0) | 1
        elif r.file in ("r", "x") or r.file in INPUT_FILES or r.file in SYSTEM_INPUTS:
            sw = _padded(r)
            mask = 0
            for ln in lanes:
                mask |= 1 << sw[ln]
            if r.file in INPUT_FILES:
                # a run-time index of the register reaches every register; one of the control point / vertex
                # (``v[r0.x + 0][1]``, the rel's 5th field 0) reads that register only (d3dcompiler_47 10.1, session
                # 49: an unread member of a hull shader's control point has ReadWriteMask 0)
                vertex = r.rel is not None and len(r.rel) > 4 and r.rel[4] == 0 and len(r.idx) == 2
                reg = -1 if r.rel is not None and not vertex else r.idx[-1]
                k = (r.file, reg)
            elif r.file in SYSTEM_INPUTS:
                k = (r.file, 0)
            else:
                k = _key(r)
            out[k] = out.get(k, 0) | mask

    changed = True
    while changed:
        changed = False
        for pc in range(len(code) - 1, -1, -1):
            ins = code[pc]
            nd = dsts[pc]
            ds, ss = ins.args[:nd], ins.args[nd:]
            live_lanes: set[int] = set()
            effect = nd == 0 or ins.op.startswith(("imm_atomic", "store", "atomic"))
            for d in ds:
                if d.file not in _PURE_DST:
                    effect = True
                    live_lanes |= set(_dst_lanes(d))
                elif d.file != "null":
                    need = demand.get(_key(d), 0)
                    if d.file == "x":
                        need = 0xF if need else 0
                    live_lanes |= {ln for ln in _dst_lanes(d) if need >> ln & 1}
            if effect or not live:
                live_lanes = {0, 1, 2, 3} if not ds else live_lanes | set().union(*(_dst_lanes(d) for d in ds))
            if not live_lanes and not effect:
                continue
            new: dict = {}
            for d in ds:  # relative indices of destinations are reads
                if d.rel is not None and d.rel[0] == "r":
                    k = ("r", d.rel[1][0])
                    new[k] = new.get(k, 0) | 1 << d.rel[3]
            if ins.op in _DOT:
                lanes = set(range(_DOT[ins.op]))
                for s in ss:
                    read(s, lanes, new)
            elif _componentwise(ins.op) and ds:
                for s in ss:
                    read(s, live_lanes, new)
            else:
                for s in ss:
                    read(s, {0, 1, 2, 3}, new)
            counted[pc] = True
            for k, m in new.items():
                if demand.get(k, 0) | m != demand.get(k, 0):
                    demand[k] = demand.get(k, 0) | m
                    changed = True
    return {k: m for k, m in demand.items() if k[0] in INPUT_FILES or k[0] in _REGISTERLESS_INPUTS or
            k[0] in SYSTEM_INPUTS}


def output_writes(code: list[Ins]) -> dict[int, int]:
    """``{register: component mask}`` written to o# registers anywhere in ``code``."""
    out: dict[int, int] = {}
    for ins in code:
        for d in ins.args[:_num_dst(ins)]:
            if d.file == "o" and d.idx:
                m = 0
                for c in _dst_lanes(d):
                    m |= 1 << c
                reg = -1 if d.rel is not None else d.idx[0]
                out[reg] = out.get(reg, 0) | m
    return out


def element_read_mask(reads: dict[tuple[str, int], int], files: tuple[str, ...], reg: int, mask: int) -> int:
    m = 0
    if reg == REGISTERLESS:
        for f in _REGISTERLESS_INPUTS:
            m |= reads.get((f, reg), 0)
        return m & mask
    for f in files:
        m |= reads.get((f, reg), 0) | reads.get((f, -1), 0)
    return m & mask


def element_never_written(writes: dict[int, int], reg: int, mask: int) -> int:
    """fxc's output byte: the components of the register this element never writes."""
    if reg == REGISTERLESS:
        # an output with no register (oDepth, oDepthGE/LE, oMask, oStencilRef: one component, mask 1) stores the
        # other three as never written, 0xE: inferred from 13 fxc objects of DXDecompiler's and SlimShader's corpora
        # (SV_Depth 1, SV_Coverage 4, SV_DepthGreaterEqual 3, SV_DepthLessEqual 3, SV_StencilRef 2; none has 0)
        return 0xF & ~mask
    return 0xF & ~(writes.get(reg, 0) & mask)
