"""Operand access compiled to closures: source fetch (swizzle, relative index, modifiers) and destination
stores (write mask, execution mask, relative index). Values are (k, N) or broadcastable (k, 1) uint32.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...errors import NotSupportedError
from .. import ir
from .state import ExecState

OT = ir.OperandType
U32 = np.uint32
SIGN = U32(0x80000000)
ABSM = U32(0x7FFFFFFF)

Getter = Callable[[ExecState], np.ndarray]

#: Input-like system-value operand types held in ``ExecState.sv`` as (4, N) registers.
SV_TYPES = {
    OT.INPUT_PRIMITIVEID, OT.INPUT_THREAD_ID, OT.INPUT_THREAD_GROUP_ID, OT.INPUT_THREAD_ID_IN_GROUP,
    OT.INPUT_THREAD_ID_IN_GROUP_FLATTENED, OT.INPUT_COVERAGE_MASK, OT.INPUT_GS_INSTANCE_ID,
    OT.INPUT_DOMAIN_POINT, OT.OUTPUT_CONTROL_POINT_ID, OT.INPUT_FORK_INSTANCE_ID, OT.INPUT_JOIN_INSTANCE_ID,
    OT.CYCLE_COUNTER, OT.INNER_COVERAGE,
}
#: Scalar special outputs held in ``ExecState.special_out`` as (1, N).
SPECIAL_OUT = {OT.OUTPUT_DEPTH, OT.OUTPUT_DEPTH_GREATER_EQUAL, OT.OUTPUT_DEPTH_LESS_EQUAL,
               OT.OUTPUT_COVERAGE_MASK, OT.OUTPUT_STENCIL_REF}


def _zero_sv(st: ExecState, t: int) -> np.ndarray:
    a = st.sv.get(t)
    if a is None:
        a = np.zeros((4, st.n), U32)
        st.sv[t] = a
    return a


def index_getter(idx: ir.Index) -> Callable[[ExecState], int | np.ndarray]:
    """An index dimension: a Python int (immediate) or an int64 per-lane array (relative)."""
    if idx.rel is None:
        v = idx.value
        return lambda st: v
    rel = compile_src(idx.rel, (idx.rel.components()[0],), "n")
    base = idx.value

    def get(st: ExecState) -> np.ndarray:
        return rel(st)[0].astype(np.int64) + base

    return get


def _gather(arr: np.ndarray, idx: np.ndarray, comps: tuple[int, ...], n: int) -> np.ndarray:
    """arr (R, 4, N) gathered per lane at register idx (N,) → (k, N); out-of-range lanes read 0."""
    R = arr.shape[0]
    ok = (idx >= 0) & (idx < R)
    ii = np.clip(idx, 0, max(R - 1, 0))
    lanes = np.arange(n)
    c = np.asarray(comps)[:, None]
    if R == 0:
        return np.zeros((len(comps), n), U32)
    out = arr[ii[None, :], c, lanes[None, :]]
    return np.where(ok[None, :], out, U32(0))


def _gather_const(table: np.ndarray, idx: np.ndarray, comps: tuple[int, ...]) -> np.ndarray:
    """table (R, 4) gathered at per-lane idx → (k, N); out-of-range → 0."""
    R = table.shape[0]
    if R == 0:
        return np.zeros((len(comps), idx.shape[0]), U32)
    ok = (idx >= 0) & (idx < R)
    ii = np.clip(idx, 0, R - 1)
    out = table[ii][:, list(comps)].T
    return np.where(ok[None, :], out, U32(0))


def _select(comps: tuple[int, ...]) -> Callable[[np.ndarray], np.ndarray]:
    k = len(comps)
    if comps == tuple(range(comps[0], comps[0] + k)):
        s = slice(comps[0], comps[0] + k)
        return lambda a: a[s]
    lst = list(comps)
    return lambda a: a[lst]


def _register_file(t: int) -> Callable[[ExecState], np.ndarray]:
    if t == OT.TEMP:
        return lambda st: st.r
    if t == OT.INPUT:
        return lambda st: st.v
    if t == OT.OUTPUT:
        return lambda st: st.o
    raise NotSupportedError(f"operand type {OT(t).name}")


def base_getter(op: ir.Operand, comps: tuple[int, ...]) -> Getter:
    """Raw (unmodified) component values of a source operand."""
    t = op.type
    sel = _select(comps)
    if t == OT.IMMEDIATE32:
        vals = list(op.values) * (4 if len(op.values) == 1 else 1)
        const = np.array([[vals[c]] for c in comps], U32)
        return lambda st: const
    if t == OT.IMMEDIATE64:
        # 64-bit immediates: (lo, hi) word pairs laid over x,y / z,w like a double register
        vals = list(op.values) * (2 if len(op.values) == 2 else 1)
        const = np.array([[vals[c]] for c in comps], U32)
        return lambda st: const
    if t in (OT.TEMP, OT.INPUT, OT.OUTPUT):
        rf = _register_file(t)
        if len(op.indices) == 2:
            if t != OT.INPUT:
                raise NotSupportedError(f"2-D index on {OT(t).name}")
            i0, i1 = index_getter(op.indices[0]), index_getter(op.indices[1])

            def get2(st: ExecState) -> np.ndarray:
                a, b = i0(st), i1(st)
                if isinstance(a, int) and isinstance(b, int):
                    return sel(st.v[a, b])
                v = st.v
                flat = v.reshape(v.shape[0] * v.shape[1], 4, v.shape[-1])
                ai = np.asarray(a, np.int64) * v.shape[1] + b
                ai = np.broadcast_to(ai, (st.n,))
                return _gather(flat, ai, comps, st.n)

            return get2
        ig = index_getter(op.indices[0])
        if op.indices[0].rel is None:
            reg = op.indices[0].value
            return lambda st: sel(rf(st)[reg])
        return lambda st: _gather(rf(st), ig(st), comps, st.n)
    if t == OT.INDEXABLE_TEMP:
        reg = op.indices[0].value
        ig = index_getter(op.indices[1])
        if op.indices[1].rel is None:
            i = op.indices[1].value
            return lambda st: sel(st.x[reg][i])
        return lambda st: _gather(st.x[reg], ig(st), comps, st.n)
    if t in (OT.CONSTANT_BUFFER, OT.IMMEDIATE_CONSTANT_BUFFER):
        if t == OT.CONSTANT_BUFFER:
            slot = op.indices[0].value
            idx = op.indices[1] if len(op.indices) > 1 else ir.Index()

            def table(st: ExecState) -> np.ndarray:
                return st.cb[slot]
        else:
            idx = op.indices[0]

            def table(st: ExecState) -> np.ndarray:
                return st.icb
        lst = list(comps)
        if idx.rel is None:
            i = idx.value

            def getc(st: ExecState) -> np.ndarray:
                tb = table(st)
                if i < tb.shape[0]:
                    return tb[i, lst][:, None]
                return np.zeros((len(lst), 1), U32)

            return getc
        ig = index_getter(idx)
        return lambda st: _gather_const(table(st), np.broadcast_to(ig(st), (st.n,)), comps)
    if t in SV_TYPES:
        return lambda st: sel(_zero_sv(st, t))
    if t in SPECIAL_OUT:
        return lambda st: st.special_out[t][[0] * len(comps)]
    raise NotSupportedError(f"source operand type {OT(t).name}")


def compile_src(op: ir.Operand, comps: tuple[int, ...], kind: str) -> Getter:
    """Fetch source ``comps`` of ``op`` with its modifier applied for operand ``kind``:
    'f' float (sign-bit ops), 'i' integer (two's complement negate / abs), 'n' none (bit patterns)."""
    g = base_getter(op, comps)
    m = op.modifier
    if m == ir.Modifier.NONE or kind == "n":
        return g
    if kind == "f":
        if m == ir.Modifier.NEG:
            return lambda st: g(st) ^ SIGN
        if m == ir.Modifier.ABS:
            return lambda st: g(st) & ABSM
        return lambda st: (g(st) & ABSM) | SIGN
    if kind == "i":
        if m == ir.Modifier.NEG:
            return lambda st: (U32(0) - g(st)).astype(U32)
        if m == ir.Modifier.ABS:
            return lambda st: np.abs(g(st).view(np.int32)).view(U32)
        return lambda st: (U32(0) - np.abs(g(st).view(np.int32)).view(U32)).astype(U32)
    raise ValueError(kind)


def src_comps(op: ir.Operand, dest_comps: tuple[int, ...]) -> tuple[int, ...]:
    sw = op.components()
    return tuple(sw[d] for d in dest_comps)


Setter = Callable[[ExecState, np.ndarray], None]


def _masked_store(arr: np.ndarray, comps: tuple[int, ...], st: ExecState, val: np.ndarray) -> None:
    if st.full:
        for j, c in enumerate(comps):
            arr[c] = val[j if val.shape[0] > 1 else 0]
    else:
        bm = st.blend_mask()
        if bm is not None:
            for j, c in enumerate(comps):
                x = np.bitwise_xor(arr[c], val[j if val.shape[0] > 1 else 0])
                x &= bm
                arr[c] ^= x
            return
        m = st.mask
        for j, c in enumerate(comps):
            np.copyto(arr[c], val[j if val.shape[0] > 1 else 0], where=m)


def _scatter_store(arr: np.ndarray, idx: np.ndarray, comps: tuple[int, ...], st: ExecState, val: np.ndarray) -> None:
    act = np.nonzero(st.mask)[0]
    ii = np.broadcast_to(idx, (st.n,))[act]
    ok = (ii >= 0) & (ii < arr.shape[0])
    act, ii = act[ok], ii[ok]
    for j, c in enumerate(comps):
        v = val[j if val.shape[0] > 1 else 0]
        v = np.broadcast_to(v, (st.n,))[act]
        arr[ii, c, act] = v


def compile_dst(op: ir.Operand) -> tuple[tuple[int, ...], Setter | None]:
    """(written components, store function); the store is None for a null destination."""
    t = op.type
    comps = op.written()
    if t == OT.NULL or not comps:
        return comps, None
    if t in (OT.TEMP, OT.OUTPUT, OT.INPUT):
        rf = _register_file(t)
        if op.indices[0].rel is None:
            reg = op.indices[0].value
            return comps, lambda st, val: _masked_store(rf(st)[reg], comps, st, val)
        ig = index_getter(op.indices[0])
        return comps, lambda st, val: _scatter_store(rf(st), ig(st), comps, st, val)
    if t == OT.INDEXABLE_TEMP:
        reg = op.indices[0].value
        if op.indices[1].rel is None:
            i = op.indices[1].value
            return comps, lambda st, val: _masked_store(st.x[reg][i], comps, st, val)
        ig = index_getter(op.indices[1])
        return comps, lambda st, val: _scatter_store(st.x[reg], ig(st), comps, st, val)
    if t in SPECIAL_OUT:
        def store(st: ExecState, val: np.ndarray) -> None:
            arr = st.special_out.get(t)
            if arr is None:
                arr = st.special_out[t] = np.zeros((1, st.n), U32)
            _masked_store(arr, (0,), st, val[:1])

        return (0,), store
    raise NotSupportedError(f"destination operand type {OT(t).name}")


AtSetter = Callable[[ExecState, np.ndarray, np.ndarray], None]


def compile_dst_at(op: ir.Operand) -> tuple[tuple[int, ...], AtSetter | None]:
    """Like :func:`compile_dst`, but the store takes values for a subset of lanes only:
    ``store(st, lanes, val)`` with ``lanes`` the ascending active-lane indices and ``val`` (k, len(lanes))
    (or broadcastable). Used by memory ops that gather only for the active lanes of a sparse mask."""
    t = op.type
    comps = op.written()
    if t == OT.NULL or not comps:
        return comps, None
    if t in (OT.TEMP, OT.OUTPUT, OT.INPUT) and op.indices[0].rel is None:
        rf = _register_file(t)
        reg = op.indices[0].value

        def store_at(st: ExecState, lanes: np.ndarray, val: np.ndarray) -> None:
            arr = rf(st)[reg]
            one = val.shape[0] == 1
            for j, c in enumerate(comps):
                arr[c][lanes] = val[0 if one else j]

        return comps, store_at
    comps, store = compile_dst(op)

    def widen(st: ExecState, lanes: np.ndarray, val: np.ndarray) -> None:
        full = np.zeros((val.shape[0], st.n), U32)
        full[:, lanes] = val
        store(st, full)  # the execution mask holds exactly ``lanes``

    return comps, widen
