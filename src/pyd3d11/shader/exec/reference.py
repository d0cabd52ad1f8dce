"""The reference executor: compiles an IR program once into a list of closures, then runs it SIMT over
N lanes with an execution mask (DESIGN §3). See the package docstring for the calling convention."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...errors import NotSupportedError
from .. import ir
from ..ops.alu_double import DOUBLE_OPS, from_double, to_double
from ..ops.alu_float import FLOAT_OPS, dot, ftz, saturate
from ..ops.alu_int import INT_OPS
from ..ops.opcodes import DOUBLE_OPCODES, FLOAT_OPCODES, INT2_OPCODES, INT_OPCODES, INT_TO_FLOAT_OPCODES, SAT_OK
from . import flow, geometry_ops
from .operands import compile_dst, compile_dst_at, compile_src, src_comps
from .state import ExecResult, ExecState

Op = ir.Opcode
OT = ir.OperandType
U32 = np.uint32

_FLOAT, _INT_TO_FLOAT, _SAT_OK = FLOAT_OPCODES, INT_TO_FLOAT_OPCODES, SAT_OK
_INT = {**INT_OPCODES, **INT2_OPCODES}
_DOUBLE = DOUBLE_OPCODES
# abort / debug_break run as no-ops: with no shader debugger attached they do nothing ("This operation does nothing on
# rasterizers that do not support it", MicrosoftDocs "abort function"; debug_break breaks only into a debugger)
_DECLS = {o for o in Op if o.name.startswith("DCL_")} | {Op.CUSTOMDATA, Op.NOP, Op.LABEL, Op.ABORT, Op.DEBUG_BREAK}
_SAMPLE = {Op.SAMPLE, Op.SAMPLE_C, Op.SAMPLE_C_LZ, Op.SAMPLE_L, Op.SAMPLE_D, Op.SAMPLE_B, Op.GATHER4,
           Op.GATHER4_C, Op.GATHER4_PO, Op.GATHER4_PO_C, Op.LOD}


class SamplingHooks:
    """Overridable entry for texture sampling (the graphics pipeline installs its own).

    ``sample(st, instruction, srcs)`` gets the instruction and the source values (list of (4, N) uint32
    arrays, one per non-resource/non-sampler source operand in order) and returns (4, N) uint32 texels
    before the resource operand's swizzle."""

    def sample(self, st: ExecState, inst: ir.Instruction, srcs: list[np.ndarray]) -> np.ndarray:
        name = Op(inst.opcode).name.lower()
        raise NotSupportedError(f"{name}: texture sampling lands with the graphics pipeline")


@dataclass(slots=True, eq=False)
class Compiled:
    program: ir.Program
    ops: list[tuple[int, Callable]] = field(default_factory=list)  # (0 = ALU, 1 = flow), fn
    n_temps: int = 0
    n_inputs: int = 0
    n_outputs: int = 0
    indexable: dict[int, tuple[int, int]] = field(default_factory=dict)
    icb: np.ndarray = field(default_factory=lambda: np.zeros((0, 4), U32))
    tgsm: dict[int, tuple[int, int]] = field(default_factory=dict)  # g# → (bytes, structure stride or 0)
    thread_group: tuple[int, int, int] = (1, 1, 1)
    uav_stride: dict[int, int] = field(default_factory=dict)
    srv_stride: dict[int, int] = field(default_factory=dict)
    uav_decl: dict[int, ir.Instruction] = field(default_factory=dict)
    srv_decl: dict[int, ir.Instruction] = field(default_factory=dict)
    has_barrier: bool = False
    used_types: set = field(default_factory=set)
    writes: set = field(default_factory=set)
    op_inst: list[int] = field(default_factory=list)  # op index → program.instructions index (debugger)


_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _max_reg(prog: ir.Program, t: int) -> int:
    """One past the highest register of operand type ``t`` the program names (memoised per program: the draw
    path asks several times per draw)."""
    return ir.memo(prog, f"max_reg{t}", lambda p: _scan_max_reg(p, t))


def _scan_max_reg(prog: ir.Program, t: int) -> int:
    best = 0

    def walk(op: ir.Operand) -> None:
        nonlocal best
        if op.type == t and op.indices:
            i = op.indices[-1 if t == OT.INPUT and len(op.indices) == 2 else 0]
            best = max(best, i.value + 1)
        for ix in op.indices:
            if ix.rel is not None:
                walk(ix.rel)

    for inst in prog.instructions:
        if inst.opcode == Op.DCL_INDEXRANGE and inst.operands and inst.operands[0].type == t:
            o = inst.operands[0]
            best = max(best, o.indices[-1].value + (inst.extra[0] if inst.extra else 1))
        for o in inst.operands:
            walk(o)
    return best


def compile_program(prog: ir.Program) -> Compiled:
    """Translate ``prog`` once (cached per Program object)."""
    try:
        c = _CACHE.get(prog)
    except TypeError:
        c = None
    if c is not None:
        return c
    c = Compiled(prog)
    _declarations(c, prog)
    c.n_temps = max(c.n_temps, _max_reg(prog, OT.TEMP))
    c.n_inputs = _max_reg(prog, OT.INPUT)
    c.n_outputs = _max_reg(prog, OT.OUTPUT)
    c.used_types = {o.type for inst in prog.instructions for o in inst.operands}
    _compile_code(c, prog)
    try:
        _CACHE[prog] = c
    except TypeError:
        pass
    return c


def _declarations(c: Compiled, prog: ir.Program) -> None:
    for inst in prog.instructions:
        o = inst.opcode
        if o == Op.DCL_TEMPS:
            c.n_temps = inst.extra[0]
        elif o == Op.DCL_INDEXABLETEMP:
            reg, size = inst.extra[0], inst.extra[1]
            c.indexable[reg] = (size, inst.extra[2] if len(inst.extra) > 2 else 4)
        elif o == Op.CUSTOMDATA and inst.controls == ir.CustomDataClass.DCL_IMMEDIATE_CONSTANT_BUFFER:
            words = np.array(inst.extra, U32)
            n = words.size // 4
            c.icb = words[: n * 4].reshape(n, 4)
        elif o == Op.DCL_TGSM_RAW:
            c.tgsm[inst.operands[0].register] = (inst.extra[0], 0)
        elif o == Op.DCL_TGSM_STRUCTURED:
            stride, count = inst.extra[0], inst.extra[1]
            c.tgsm[inst.operands[0].register] = (stride * count, stride)
        elif o == Op.DCL_THREAD_GROUP:
            c.thread_group = (inst.extra[0], inst.extra[1], inst.extra[2])
        elif o == Op.DCL_UAV_STRUCTURED:
            c.uav_stride[inst.operands[0].register] = inst.extra[0]
            c.uav_decl[inst.operands[0].register] = inst
        elif o in (Op.DCL_UAV_RAW, Op.DCL_UAV_TYPED):
            c.uav_decl[inst.operands[0].register] = inst
        elif o == Op.DCL_RESOURCE_STRUCTURED:
            c.srv_stride[inst.operands[0].register] = inst.extra[0]
            c.srv_decl[inst.operands[0].register] = inst
        elif o in (Op.DCL_RESOURCE_RAW, Op.DCL_RESOURCE):
            c.srv_decl[inst.operands[0].register] = inst
        elif o in (Op.DCL_FUNCTION_BODY, Op.DCL_FUNCTION_TABLE, Op.DCL_INTERFACE):
            raise NotSupportedError("fcall / class linkage")
        elif o in (Op.HS_DECLS, Op.HS_CONTROL_POINT_PHASE, Op.HS_FORK_PHASE, Op.HS_JOIN_PHASE):
            raise NotSupportedError("hull-shader phases in the reference executor")
        elif o == Op.SYNC:
            c.has_barrier = True


# --------------------------------------------------------------------------------------------------
# Per-instruction compilation
# --------------------------------------------------------------------------------------------------

#: below this fraction of active lanes, per-component ALU ops work on the active lanes only
SPARSE_FRACTION = 0.25


def _pick(v: np.ndarray, lanes: np.ndarray) -> np.ndarray:
    return np.take(v, lanes, axis=1) if v.shape[-1] > 1 else v


def _sparse(run: Callable, getters: list, fn: Callable, sat: bool, store, store_at) -> Callable:
    """Wrap ``run`` so that under a sparse execution mask the (lane-wise) op gathers the active lanes of
    its sources, computes on those only and scatters the result (same values as the masked full-width
    run: every op here is per lane)."""

    def run_any(st: ExecState) -> None:
        if st.full or st.count >= st.n * SPARSE_FRACTION:
            run(st)
            return
        lanes = st.active_lanes()
        v = fn(*[_pick(g(st), lanes) for g in getters])
        if sat:
            v = saturate(v)
        if v.shape[-1] == 1:
            store(st, v)
        else:
            store_at(st, lanes, v)

    return run_any


def _alu(dst: ir.Operand, srcs: list[ir.Operand], kind: str, fn: Callable, sat: bool) -> Callable:
    comps, store = compile_dst(dst)
    if store is None:
        return lambda st: None
    getters = [compile_src(s, src_comps(s, comps), kind) for s in srcs]
    _, store_at = compile_dst_at(dst)
    return _sparse(_alu_dense(getters, fn, sat, store), getters, fn, sat, store, store_at)


def _alu_dense(getters: list, fn: Callable, sat: bool, store) -> Callable:
    if len(getters) == 1:
        g0 = getters[0]
        if sat:
            return lambda st: store(st, saturate(fn(g0(st))))
        return lambda st: store(st, fn(g0(st)))
    if len(getters) == 2:
        g0, g1 = getters
        if sat:
            return lambda st: store(st, saturate(fn(g0(st), g1(st))))
        return lambda st: store(st, fn(g0(st), g1(st)))
    if sat:
        return lambda st: store(st, saturate(fn(*[g(st) for g in getters])))
    return lambda st: store(st, fn(*[g(st) for g in getters]))


def _alu2(dsts: list[ir.Operand], srcs: list[ir.Operand], fn: Callable, kind: str = "i") -> Callable:
    """Two-destination ops (imul/umul/udiv/uaddc/usubb/sincos/swapc-style): all sources read first."""
    parts = []
    for k, d in enumerate(dsts):
        comps, store = compile_dst(d)
        if store is None:
            continue
        getters = [compile_src(s, src_comps(s, comps), kind) for s in srcs]
        parts.append((k, store, getters))

    def run(st: ExecState) -> None:
        results = [(store, fn(*[g(st) for g in getters])[k]) for k, store, getters in parts]
        for store, val in results:
            store(st, val)

    return run


def _identity(a: np.ndarray) -> np.ndarray:
    return a


def _copy(a: np.ndarray) -> np.ndarray:
    return a.copy()


def _may_alias(dst: ir.Operand, src: ir.Operand) -> bool:
    """Whether a multi-component ``mov`` reads the register it writes (the source fetch may be a view)."""
    if dst.type != src.type or len(dst.written()) < 2:
        return False
    if any(i.rel is not None for i in list(dst.indices) + list(src.indices)):
        return True
    return [i.value for i in dst.indices] == [i.value for i in src.indices]


def _mul_lo(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a * b  # uint32 × uint32 wraps modulo 2^32


def _movc(inst: ir.Instruction) -> Callable:
    dst, c, a, b = inst.operands
    comps, store = compile_dst(dst)
    if store is None:
        return lambda st: None
    gc = compile_src(c, src_comps(c, comps), "n")
    ga = compile_src(a, src_comps(a, comps), "f")
    gb = compile_src(b, src_comps(b, comps), "f")
    sat = inst.saturate

    def run(st: ExecState) -> None:
        v = np.where(gc(st) != 0, ga(st), gb(st)).astype(U32)
        store(st, saturate(v) if sat else v)

    return run


def _swapc(inst: ir.Instruction) -> Callable:
    d0, d1, c, a, b = inst.operands

    def fn(cv, av, bv):
        t = cv != 0
        return np.where(t, bv, av).astype(U32), np.where(t, av, bv).astype(U32)

    return _alu2([d0, d1], [c, a, b], fn, "f")


def _dot(inst: ir.Instruction, n: int) -> Callable:
    dst, a, b = inst.operands
    comps, store = compile_dst(dst)
    if store is None:
        return lambda st: None
    ga = [compile_src(a, (a.components()[i],), "f") for i in range(n)]
    gb = [compile_src(b, (b.components()[i],), "f") for i in range(n)]
    sat = inst.saturate

    def run(st: ExecState) -> None:
        v = dot([g(st) for g in ga], [g(st) for g in gb])
        store(st, saturate(v) if sat else v)

    return run


def _double(inst: ir.Instruction, name: str) -> Callable:
    kinds, out, fn = DOUBLE_OPS[name]
    dst = inst.operands[0]
    srcs = inst.operands[1:]
    comps, store = compile_dst(dst)
    if store is None:
        return lambda st: None

    def pair_src(s: ir.Operand, pos: int) -> Callable:
        sw = s.components()
        lo = compile_src(s, (sw[pos], sw[pos + 1]), "n")
        mod = s.modifier

        def g(st: ExecState) -> np.ndarray:
            v = lo(st)
            hi = v[1]
            if mod == ir.Modifier.NEG:
                hi = hi ^ U32(0x80000000)
            elif mod == ir.Modifier.ABS:
                hi = hi & U32(0x7FFFFFFF)
            elif mod == ir.Modifier.ABSNEG:
                hi = hi | U32(0x80000000)
            return to_double(v[0], hi)

        return g

    def single_src(s: ir.Operand, pos: int, k: str) -> Callable:
        g = compile_src(s, (s.components()[pos],), "f" if k == "f" else "i")
        return lambda st: g(st)[0]

    if out == "d":
        # one double per written pair; sources positional (pair at .xy reads swizzle 0,1; .zw reads 2,3)
        pairs = [p for p in (0, 2) if p in comps]
        jobs = []
        for n_, p in enumerate(pairs):
            getters = [pair_src(s, p) if k == "d" else single_src(s, n_, k) for s, k in zip(srcs, kinds)]
            jobs.append(getters)
        sat = inst.saturate

        def run(st: ExecState) -> None:
            vals = []
            for getters in jobs:
                r = fn(*[g(st) for g in getters])
                if sat:
                    r = np.where(r > 0, np.minimum(r, 1.0), 0.0)
                vals.extend(from_double(np.asarray(r, np.float64)))
            store(st, np.stack(np.broadcast_arrays(*vals)))

        return run
    # 32-bit results: the n-th written component takes the n-th double of the sources
    jobs = []
    for n_ in range(len(comps)):
        jobs.append([pair_src(s, 2 * (n_ % 2)) for s in srcs])

    def run32(st: ExecState) -> None:
        vals = [fn(*[g(st) for g in getters]) for getters in jobs]
        store(st, np.stack(np.broadcast_arrays(*vals)))

    return run32


#: a double source modifier as an operation on the high word's sign bit (dmovc: "modifiers other than
#: swizzle assume the data is double"; without one the bits move unaltered)
_DOUBLE_SIGN = {ir.Modifier.NEG: lambda hi: hi ^ U32(0x80000000), ir.Modifier.ABS: lambda hi: hi & U32(0x7FFFFFFF),
                ir.Modifier.ABSNEG: lambda hi: hi | U32(0x80000000)}


def _dmovc(inst: ir.Instruction) -> Callable:
    """dmovc[_sat] (sm5 asm reference): the n-th 32-bit condition of src0 picks the n-th double of src1 or
    src2 (post-swizzle); their -, |.| modifiers act on the double's sign (the high word's top bit) and
    _sat clamps the chosen double to [0, 1] (NaN → 0) like every double _sat; otherwise the words move
    unaltered (no flush, no NaN rule)."""
    dst, c, a, b = inst.operands
    comps, store = compile_dst(dst)
    if store is None:
        return lambda st: None

    def pair(s: ir.Operand, p: int) -> Callable:
        g = compile_src(s, (s.components()[p], s.components()[p + 1]), "n")
        sign = _DOUBLE_SIGN.get(s.modifier)
        if sign is None:
            return g
        return lambda st: (lambda v: np.stack(np.broadcast_arrays(v[0], sign(v[1]))))(g(st))

    jobs = []
    for n_, p in enumerate(q for q in (0, 2) if q in comps):
        jobs.append((compile_src(c, (c.components()[n_],), "n"), pair(a, p), pair(b, p)))
    sat = inst.saturate

    def run(st: ExecState) -> None:
        out = []
        for gc, ga, gb in jobs:
            v = np.where(gc(st) != 0, ga(st), gb(st)).astype(U32)
            if sat:
                r = to_double(v[0], v[1])
                v = np.stack(from_double(np.where(r > 0, np.minimum(r, 1.0), 0.0)))
            out.append(v)
        store(st, np.concatenate(np.broadcast_arrays(*out), axis=0))

    return run


def _sincos(inst: ir.Instruction) -> Callable:
    """sincos: each non-null destination computes only its own function (a null one costs nothing); the
    source is read for both before either is written."""
    ds, dc, src = inst.operands
    parts = []
    for d, name in ((ds, "sin"), (dc, "cos")):
        comps, store = compile_dst(d)
        if store is not None:
            parts.append((store, compile_src(src, src_comps(src, comps), "f"), FLOAT_OPS[name][1]))
    sat = inst.saturate

    def run(st: ExecState) -> None:
        vals = [(store, fn(g(st))) for store, g, fn in parts]
        for store, v in vals:
            store(st, saturate(v) if sat else v)

    return run


def _deriv(inst: ir.Instruction, axis: str, fine: bool) -> Callable:
    dst, src = inst.operands
    comps, store = compile_dst(dst)
    if store is None:
        return lambda st: None
    g = compile_src(src, src_comps(src, comps), "f")
    sat = inst.saturate

    def run(st: ExecState) -> None:
        if st.n % 4:
            raise NotSupportedError("derivatives need lanes in 2x2 quads (N multiple of 4)")
        v = np.broadcast_to(g(st), (len(comps), st.n))
        q = ftz(np.ascontiguousarray(v)).view(np.float32).reshape(len(comps), -1, 4)  # TL TR BL BR
        if axis == "x":
            if fine:
                top, bot = q[:, :, 1] - q[:, :, 0], q[:, :, 3] - q[:, :, 2]
                d = np.stack([top, top, bot, bot], axis=2)
            else:
                top = q[:, :, 1] - q[:, :, 0]
                d = np.repeat(top[:, :, None], 4, axis=2)
        else:
            if fine:
                left, right = q[:, :, 2] - q[:, :, 0], q[:, :, 3] - q[:, :, 1]
                d = np.stack([left, right, left, right], axis=2)
            else:
                left = q[:, :, 2] - q[:, :, 0]
                d = np.repeat(left[:, :, None], 4, axis=2)
        out = ftz(np.ascontiguousarray(d.reshape(len(comps), st.n), np.float32).view(U32))
        store(st, saturate(out) if sat else out)

    return run


def _sample(inst: ir.Instruction) -> Callable:
    dst = inst.operands[0]
    comps, store = compile_dst(dst)
    res = next((o for o in inst.operands[1:] if o.type == OT.RESOURCE), None)
    srcs = [compile_src(o, o.components(), "f") for o in inst.operands[1:]
            if o.type not in (OT.RESOURCE, OT.SAMPLER)]
    sw = res.components() if res is not None else (0, 1, 2, 3)

    def run(st: ExecState) -> None:
        texel = st.hooks.sample(st, inst, [np.broadcast_to(g(st), (4, st.n)) for g in srcs])
        if store is not None:
            store(st, texel[[sw[c] for c in comps]])

    return run


def _evaluate(inst: ir.Instruction) -> Callable:
    """eval_snapped / eval_sample_index / eval_centroid (§16.5): the pixel stage's hooks interpolate the
    attribute operand at the requested location; the result goes through the attribute's swizzle."""
    comps, store = compile_dst(inst.operands[0])
    sw = inst.operands[1].components()
    srcs = [compile_src(o, o.components(), "n") for o in inst.operands[2:]]

    def run(st: ExecState) -> None:
        evaluate = getattr(st.hooks, "evaluate", None)
        if evaluate is None:
            raise NotSupportedError(f"{Op(inst.opcode).name.lower()}: pull-model evaluation outside a pixel shader draw")
        vals = evaluate(st, inst, [np.broadcast_to(g(st), (4, st.n)) for g in srcs])
        if store is not None:
            store(st, vals[[sw[c] for c in comps]])

    return run


def _compile_code(c: Compiled, prog: ir.Program) -> None:
    from . import memory

    ops = c.ops
    labels: dict[int, int] = {}
    open_: list[tuple[str, int, Any]] = []  # (kind, op index, info)
    patch: list[Callable[[], None]] = []

    def add(kind: int, fn: Callable) -> int:
        ops.append((kind, fn))
        c.op_inst.append(inst_index)
        return len(ops) - 1

    for inst_index, inst in enumerate(prog.instructions):  # noqa: B007 (read by add())
        o = inst.opcode
        ops_ = inst.operands
        nz = inst.test_nonzero
        if o in _DECLS:
            if o == Op.LABEL:
                labels[ops_[0].register] = len(ops)
            continue
        if o in _FLOAT:
            name = _FLOAT[o]
            fn = FLOAT_OPS[name][1]
            add(0, _alu(ops_[0], ops_[1:], "f", fn, inst.saturate and name in _SAT_OK))
        elif o in _INT_TO_FLOAT:
            name = _INT_TO_FLOAT[o]
            add(0, _alu(ops_[0], ops_[1:], "i", FLOAT_OPS[name][1], inst.saturate))
        elif o in _INT:
            name = _INT[o]
            nsrc, ndst, fn = INT_OPS[name]
            if ndst == 1:
                add(0, _alu(ops_[0], ops_[1:], "i", fn, False))
            elif name in ("imul", "umul") and ops_[0].type == OT.NULL:
                # only the low 32 bits wanted (how fxc emits an int multiply): the wrapping uint32
                # product has the same bits as the low half of the 64-bit product, signed or unsigned
                add(0, _alu(ops_[1], ops_[2:], "i", _mul_lo, False))
            else:
                add(0, _alu2(ops_[:2], ops_[2:], fn))
        elif o == Op.MOV:
            # a source swizzle can hand out a view of the destination register (mov r0.yw, r0.xxzy):
            # copy first, or lane w would read the y just written
            fn = _copy if _may_alias(ops_[0], ops_[1]) else _identity
            add(0, _alu(ops_[0], ops_[1:], "f", fn, inst.saturate))
        elif o == Op.MOVC:
            add(0, _movc(inst))
        elif o == Op.SWAPC:
            add(0, _swapc(inst))
        elif o in (Op.DP2, Op.DP3, Op.DP4):
            add(0, _dot(inst, {Op.DP2: 2, Op.DP3: 3, Op.DP4: 4}[o]))
        elif o == Op.SINCOS:
            add(0, _sincos(inst))
        elif o in _DOUBLE:
            add(0, _double(inst, _DOUBLE[o]))
        elif o == Op.DMOVC:
            add(0, _dmovc(inst))
        elif o in (Op.DERIV_RTX, Op.DERIV_RTX_COARSE, Op.DERIV_RTX_FINE, Op.DERIV_RTY, Op.DERIV_RTY_COARSE,
                   Op.DERIV_RTY_FINE):
            axis = "x" if o in (Op.DERIV_RTX, Op.DERIV_RTX_COARSE, Op.DERIV_RTX_FINE) else "y"
            add(0, _deriv(inst, axis, o in (Op.DERIV_RTX_FINE, Op.DERIV_RTY_FINE)))
        elif o in _SAMPLE:
            add(0, _sample(inst))
        elif o in (Op.EVAL_SNAPPED, Op.EVAL_SAMPLE_INDEX, Op.EVAL_CENTROID):
            add(0, _evaluate(inst))
        # ---- flow control -------------------------------------------------------------------
        elif o == Op.IF:
            cond = flow.cond_fn(compile_src(ops_[0], (ops_[0].components()[0],), "n"), nz)
            i = add(1, None)
            open_.append(("if", i, [cond, None]))
        elif o == Op.ELSE:
            i = add(1, None)
            open_[-1][2][1] = i
        elif o == Op.ENDIF:
            kind, i, (cond, e) = open_.pop()
            end = add(1, flow.op_endif)
            ops[i] = (1, flow.op_if(cond, e, end))
            if e is not None:
                ops[e] = (1, flow.op_else(end))
        elif o == Op.LOOP:
            i = add(1, None)
            open_.append(("loop", i, None))
        elif o == Op.ENDLOOP:
            kind, i, _ = open_.pop()
            end = add(1, flow.op_endloop)
            ops[i] = (1, flow.op_loop(end + 1))
        elif o in (Op.BREAK, Op.BREAKC):
            cond = None if o == Op.BREAK else flow.cond_fn(
                compile_src(ops_[0], (ops_[0].components()[0],), "n"), nz)
            add(1, flow.op_break(cond))
        elif o in (Op.CONTINUE, Op.CONTINUEC):
            cond = None if o == Op.CONTINUE else flow.cond_fn(
                compile_src(ops_[0], (ops_[0].components()[0],), "n"), nz)
            add(1, flow.op_continue(cond))
        elif o == Op.SWITCH:
            sel = compile_src(ops_[0], (ops_[0].components()[0],), "n")
            i = add(1, None)
            open_.append(("switch", i, [sel, [], []]))  # selector, case values, case op indices
        elif o in (Op.CASE, Op.DEFAULT):
            info = open_[-1][2]
            i = add(1, None)
            val = ops_[0].values[0] if o == Op.CASE else None
            if val is not None:
                info[1].append(val)
            info[2].append((i, val))
        elif o == Op.ENDSWITCH:
            kind, i, (sel, values, cases) = open_.pop()
            end = add(1, flow.op_endswitch)
            ops[i] = (1, flow.op_switch(sel, end + 1))
            for ci, val in cases:
                ops[ci] = (1, flow.op_case(val, values))
        elif o == Op.RET:
            add(1, flow.op_function_end if not open_ else flow.op_ret_lanes(None))
        elif o == Op.RETC:
            add(1, flow.op_ret_lanes(flow.cond_fn(compile_src(ops_[0], (ops_[0].components()[0],), "n"), nz)))
        elif o in (Op.CALL, Op.CALLC):
            lab = ops_[-1].register
            cond = None if o == Op.CALL else flow.cond_fn(
                compile_src(ops_[0], (ops_[0].components()[0],), "n"), nz)

            def target(lab=lab) -> int:
                if lab not in labels:
                    raise NotSupportedError(f"call to undefined label l{lab}")
                return labels[lab]

            add(1, flow.op_call(cond, target))
        elif o == Op.DISCARD:
            add(1, flow.op_discard(flow.cond_fn(compile_src(ops_[0], (ops_[0].components()[0],), "n"), nz)))
        elif o == Op.INTERFACE_CALL:
            raise NotSupportedError("fcall / class linkage")
        elif o in geometry_ops.GS_OPS:
            # GS emit/cut family: recorded through hooks.gs_emitter (pipeline.geometry installs it)
            add(0, geometry_ops.compile_gs_op(inst))
        else:
            fn = memory.compile_memory_op(c, inst)
            if fn is None:
                raise NotSupportedError(f"instruction {Op(o).name.lower()} in the reference executor")
            add(2 if o == Op.SYNC else 0, fn)
    del patch


# --------------------------------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------------------------------

def _as_regs(a: Any, n: int, regs: int) -> np.ndarray:
    """Caller layout (regs, N, 4) (uint32 or float32 bits) → internal (regs, 4, N)."""
    if a is None:
        return np.zeros((regs, 4, n), U32)
    if isinstance(a, dict):
        m = max([regs] + [k + 1 for k in a])
        out = np.zeros((m, 4, n), U32)
        for k, v in a.items():
            v = np.asarray(v)
            if v.dtype != U32:
                v = np.ascontiguousarray(v).view(U32) if v.dtype.itemsize == 4 else v.astype(U32)
            out[k] = np.broadcast_to(v.reshape(-1, 4) if v.ndim > 1 else v.reshape(1, 4), (n, 4)).T
        return out
    v = np.asarray(a)
    if v.dtype != U32:
        v = np.ascontiguousarray(v).view(U32)
    out = np.zeros((max(regs, v.shape[0]), 4, n), U32)
    out[: v.shape[0]] = v.transpose(0, 2, 1)
    return out


#: word every temp (r#, x#) starts with; None: 0. A testing switch (tools/optdiff runs a program with two
#: fills: outputs that change read registers the program never wrote, i.e. uninitialised variables)
TEMP_FILL: int | None = None


def _temps(shape: tuple[int, ...]) -> np.ndarray:
    return np.zeros(shape, U32) if TEMP_FILL is None else np.full(shape, TEMP_FILL, U32)


def new_state(c: Compiled, n: int, inputs: Any, bindings: Any, system_values: dict | None,
              active: np.ndarray | None, hooks: Any = None, sv_internal: bool = False,
              inputs_component_major: bool = False, helpers: np.ndarray | None = None) -> ExecState:
    """Fresh state; ``sv_internal`` means system values are already (4, N) uint32;
    ``inputs_component_major``: ``inputs`` is already the internal (regs, 4, N) uint32 file (used as is,
    no transposing copy; regs beyond the array read 0); ``helpers``: (N,) bool pixel-shader helper lanes
    that execute but never write memory (D3D11.3 §16.13)."""
    if inputs_component_major:
        vfile = np.asarray(inputs)
        vfile = vfile if vfile.dtype == U32 else np.ascontiguousarray(vfile).view(U32)
        if vfile.shape[0] < c.n_inputs:
            grown = np.zeros((c.n_inputs, 4, n), U32)
            grown[: vfile.shape[0]] = vfile
            vfile = grown
    elif isinstance(inputs, np.ndarray) and inputs.ndim == 4:
        vfile = inputs  # GS/HS/DS internal (vertices, regs, 4, N)
    else:
        vfile = _as_regs(inputs, n, c.n_inputs)
    from .bindings import Bindings

    b = bindings if bindings is not None else Bindings()
    cbs = [b.cb_registers(i) for i in range(len(b.cbuffers))]
    sv = {}
    for k, v in (system_values or {}).items():
        v = np.asarray(v)
        if v.dtype != U32:
            v = np.ascontiguousarray(v).view(U32) if v.dtype.itemsize == 4 else v.astype(U32)
        if sv_internal:
            arr = v  # already in the internal (4, N) layout
        elif v.ndim == 1:
            arr = np.zeros((4, n), U32)
            arr[0] = v
        else:
            arr = np.zeros((4, n), U32)
            arr[: v.shape[1]] = v.T
        sv[int(k)] = arr
    mask = np.ones(n, bool) if active is None else np.asarray(active, bool).copy()
    st = ExecState(
        n=n,
        r=_temps((c.n_temps, 4, n)),
        v=vfile,
        o=np.zeros((c.n_outputs, 4, n), U32),
        x={reg: _temps((size, 4, n)) for reg, (size, _) in c.indexable.items()},
        mask=mask, cb=cbs, icb=c.icb, bindings=b, sv=sv, special_out={},
        discarded=np.zeros(n, bool), hooks=hooks or SamplingHooks(),
    )
    st.set_mask(mask)
    if helpers is not None:
        h = np.asarray(helpers, bool)
        st.helper = h if h.any() else None
    return st


def execute(c: Compiled, st: ExecState, start: int = 0, stop_at_barrier: bool = False) -> int | None:
    """Run ops from ``start``; returns the op index after a barrier when ``stop_at_barrier`` (so compute
    can run phases), or None when the program finished."""
    ops = c.ops
    n_ops = len(ops)
    pc = start
    with np.errstate(all="ignore"):
        try:
            while pc < n_ops:
                kind, fn = ops[pc]
                if kind == 0:
                    if st.any:
                        fn(st)
                    pc += 1
                elif kind == 1:
                    pc = fn(st, pc)
                else:
                    fn(st)
                    pc += 1
                    if stop_at_barrier:
                        return pc
        except flow.Halt:
            return None
    return None


def run_program(program: ir.Program, n_lanes: int, inputs: Any = None, bindings: Any = None,
                system_values: dict | None = None, tgsm: dict | None = None, active: np.ndarray | None = None,
                hooks: Any = None, keep_state: bool = False, inputs_component_major: bool = False,
                helpers: np.ndarray | None = None) -> ExecResult:
    """Run ``program`` over ``n_lanes`` lanes; see :mod:`pyd3d11.shader.exec`. ``inputs_component_major``:
    ``inputs`` is given in the internal (regs, 4, N) layout (saves the transposing copy); ``helpers``:
    (N,) bool lanes that run without memory side effects (pixel-shader helper lanes)."""
    c, st = prepare_run(program, n_lanes, inputs, bindings, system_values, tgsm, active, hooks,
                        inputs_component_major, helpers)
    execute(c, st)
    return finish(st, keep_state)


def prepare_run(program: ir.Program, n_lanes: int, inputs: Any = None, bindings: Any = None,
                system_values: dict | None = None, tgsm: dict | None = None, active: np.ndarray | None = None,
                hooks: Any = None, inputs_component_major: bool = False,
                helpers: np.ndarray | None = None) -> tuple[Compiled, ExecState]:
    """The compiled program and a fresh state ready to execute (``run_program``'s arguments; one
    thread group of groupshared memory)."""
    c = compile_program(program)
    st = new_state(c, n_lanes, inputs, bindings, system_values, active, hooks,
                   inputs_component_major=inputs_component_major, helpers=helpers)
    if tgsm:
        st.tgsm.update(tgsm)
    memory.prepare_tgsm(c, st, 1)
    return c, st


def finish(st: ExecState, keep_state: bool = False) -> ExecResult:
    so = st.special_out

    def sp(*types: int) -> np.ndarray | None:
        for t in types:
            if t in so:
                return so[t][0]
        return None

    return ExecResult(
        outputs=st.o.transpose(0, 2, 1),
        depth=sp(OT.OUTPUT_DEPTH, OT.OUTPUT_DEPTH_GREATER_EQUAL, OT.OUTPUT_DEPTH_LESS_EQUAL),
        coverage_mask=sp(OT.OUTPUT_COVERAGE_MASK),
        stencil_ref=sp(OT.OUTPUT_STENCIL_REF),
        discarded=st.discarded,
        state=st if keep_state else None,
    )


from . import memory  # noqa: E402  (memory imports names defined above)
