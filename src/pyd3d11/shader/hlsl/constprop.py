"""Constant propagation through local variables (what lets fxc accept ``tex.Load(c, a.xy)`` with
``int4 a = {1, 2, i, i}`` and index arrays with the counter of an unrolled loop).

The codegen keeps ``cg.kconst``: variable-temp slot -> 32-bit value for every local/static component
whose current value is a known constant at the point being generated. ``track_store`` maintains it on
every store; reads of an identifier go through :func:`known_value`, which substitutes immediates for
those slots. Control flow keeps it sound: an ``if`` merges the two branch states, and a loop, switch
or once-loop (inlined function with early return) keeps after it only the entries its code did not
write (:func:`forget_written`). The stores are still emitted, so raw reads of the registers (values
read back by a dynamic-index select, for instance) stay correct. Elements of local arrays (indexable temps
x#) are tracked the same way but substituted only where an element is read with a literal index
(:func:`known_elements`); a write at a run-time index forgets the whole array."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...headers.d3dcompiler_types import D3DCOMPILE_SKIP_OPTIMIZATION
from . import ast as A
from .operands import Slot, imm, is_imm
from .values import CARRY_CONSTANTS

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val


def state(cg: CodegenContext) -> dict[Slot, int]:
    return cg.kconst


def track_store(cg: CodegenContext, dst: list[Slot], src: list[Slot]) -> None:
    """Record (or forget) the constant values stored into variable temps (last write wins)."""
    k = state(cg)
    untracked = cg.untracked_slots
    for d, s in zip(dst, src, strict=False):
        if d[0] == "x":  # an indexable temp (a local array): see known_elements
            if d[2] is not None:  # a run-time index may write any element of the array
                for key in [key for key in k if key[0] == "x" and key[1][0] == d[1][0]]:
                    del k[key]
            elif s[0] == "l" and d not in untracked:
                k[d] = s[3]
            else:
                k.pop(d, None)
            continue
        if d[0] != "r" or d[2] is not None:
            continue
        if s[0] == "l" and d[1][0] in cg.var_temps and d not in untracked:
            k[d] = s[3]
        else:
            k.pop(d, None)


def untrack(cg: CodegenContext, slots: list[Slot]) -> None:
    """Never treat ``slots`` as known constants: a function's static locals, which any inlined call
    (in a loop, a branch) may change where the caller's bookkeeping cannot see it."""
    cg.untracked_slots.update(slots)
    k = state(cg)
    for s in slots:
        k.pop(s, None)


def canonical_float(bits: int) -> int:
    """A float constant as fxc's optimiser carries it in a variable: -0 and the values below the normal range are
    +0 (other bits, NaN payloads included, are kept)."""
    return 0 if bits & 0x7F800000 == 0 else bits


def carries_canonical(cg: CodegenContext) -> bool:
    """Whether float constants read from variables are canonical (:func:`canonical_float`): whenever fxc optimises
    -- every /O level and IEEE strictness alike --, not at /Od (d3dcompiler_47 10.1 under Wine, session 37)."""
    # (asked for most operations a compile generates: the names are bound at module level, not imported per call;
    # CARRY_CONSTANTS is values.py's one list, set in place by foldinit.py)
    return CARRY_CONSTANTS[0] and not cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION


def canonical_return(cg: CodegenContext, v: Val) -> Val:
    """An entry point's returned value that is wholly constant, as fxc's optimiser writes it: its float components
    canonical (:func:`canonical_float`: -0 and denormals as +0). d3dcompiler_47 10.1 under Wine, session 42 MRUN:
    ``return -0.0;``, ``return float4(-0.0, 1, -0.0, 2);``, ``return ceil(-0.5);``, ``return float4(sqrt(-0.0), 1, 1,
    1);`` write +0 (the whole value moves as one constant), while ``return float4(-0.0, -0.0, -0.0, a.w);`` and
    ``float4(a.x, -0.0, a.z, a.w)`` keep -0 (a lane of a value that is not all constant); /Od keeps every -0."""
    if not v.slots or not all(is_imm(s) for s in v.slots) or not carries_canonical(cg) or cg.d3d9 or cg.level9:
        return v  # the Direct3D 9 and level-9 targets were not probed
    floats, _doubles = _float_components(v)
    new = [imm(canonical_float(s[3])) if i in floats else s for i, s in enumerate(v.slots)]
    if new == v.slots:
        return v
    from .codegen import Val

    return Val(v.type, new, v.obj, v.lv, v.readonly)


def fxc_round_z(bits: int) -> int:
    """``round_z`` of a constant as fxc's optimiser folds it: through a 32-bit integer, as C's cast truncates on x86
    -- -0.5 and -0.0 give +0, and a value outside the int range or a NaN gives -2^31 (the "integer indefinite";
    d3dcompiler_47 10.1 under Wine, session 37: ``float a = 2147483648.0; return trunc(a);`` is -2147483648.0,
    ``trunc(-0.5)`` is 0); an infinity likewise. /Od keeps the instruction (IEEE: -0.5 gives -0)."""
    import math

    import numpy as np

    x = float(np.array(bits & 0xFFFFFFFF, np.uint32).view(np.float32))
    if math.isnan(x) or not -2147483648.0 <= x < 2147483648.0:
        return 0xCF000000
    return int(np.array(float(math.trunc(x)), np.float32).view(np.uint32))  # a zero is +0: an integer has no sign


def _float_components(v: Val) -> tuple[set[int], set[int]]:
    """Indices of ``v``'s slots that hold float components, and of the low slots of its double components."""
    from .codegen import component_bases
    from .types import FLOAT, concrete

    floats: set[int] = set()
    doubles: set[int] = set()
    k = 0
    for b in component_bases(v.type):
        w = 2 if b == "double" else 1
        if w == 2:
            doubles.add(k)
        elif concrete(b) == FLOAT:
            floats.add(k)
        k += w
    return floats, doubles


def _canonical_doubles(k: dict, slots: list, new: list, lows: set[int]) -> None:
    """A double constant read from a variable: -0 is +0 in fxc's objects (d3dcompiler_47 10.1, session 37:
    ``asdouble(0u, 0x80000000u)`` or ``-0.0L`` held in a variable reads as +0), while a double below the normal
    range keeps its bits (``asdouble(0x1000u, 0x80001000u)`` stays)."""
    for i in lows:
        if i + 1 < len(slots) and all(s in k and s[0] != "x" for s in slots[i:i + 2]):
            if k[slots[i]] == 0 and k[slots[i + 1]] == 0x80000000:
                new[i], new[i + 1] = imm(0), imm(0)


def known_value(cg: CodegenContext, v: Val) -> Val:
    """``v`` with its known-constant variable components replaced by immediates. A float component's constant is
    read as fxc's optimiser carries it: -0 and values below the normal range are +0 (``float x = -0.0f; return
    asuint(x);`` is 0, ``1 / x`` +inf in fxc's object; /Od keeps the bits; tests/test_hlsl_fxc_zero_bits_s37.py)."""
    k = cg.kconst
    if not k or not v.slots or cg.unfolded_reads:  # (the operand of an /Od float test: odbool.py)
        return v
    floats, doubles = _float_components(v) if carries_canonical(cg) else (set(), set())
    # array elements (x#) stay registers here: a run-time index keeps its relative addressing; a literal
    # index substitutes them (known_elements); fxc keeps an element's -0 (``float a[2] = {-0.0, 1}``)
    new = [imm(canonical_float(k[s]) if i in floats else k[s]) if s in k and s[0] != "x" else s
           for i, s in enumerate(v.slots)]
    if doubles:
        _canonical_doubles(k, v.slots, new, doubles)
    if new == v.slots:
        return v
    from .codegen import Val

    return Val(v.type, new, v.obj, v.lv, v.readonly)


def known_elements(cg: CodegenContext, v: Val) -> Val:
    """An array element read with a literal index: its known-constant components as immediates. fxc folds
    such reads (DXC's sample-offset-imm-test04: ``int2 offset[2] = {int2(0, 1), int2(1, 0)}`` gives
    ``int2(offset[1].x, offset[0].y)`` as a literal texel offset) because its optimiser propagates the
    constants an array was initialised with until something writes it; a run-time-indexed write forgets
    the whole array (track_store)."""
    k = cg.kconst
    if not k or not any(s[0] == "x" and s[2] is None and s in k for s in v.slots):
        return v
    from .codegen import Val

    return Val(v.type, [imm(k[s]) if s[0] == "x" and s[2] is None and s in k else s for s in v.slots],
               v.obj, v.lv, v.readonly)


def written_slots(code: list) -> set[Slot]:
    """Temp components an instruction range may write: every temp component it names (reads of known
    constants never reach the code, so a named component is a written one or an unknown one)."""
    out: set[Slot] = set()
    for ins in code:
        for r in ins.args:
            if r.file == "x" and r.idx:
                out.add(("x*", (r.idx[0],), None, None))  # any element of that array (conservative)
                continue
            if r.file != "r":
                continue
            comps = r.comps if r.comps is not None else (0, 1, 2, 3)
            for c in comps:
                out.add(("r", r.idx, None, c))
    return out


def forget_written(cg: CodegenContext, start: int) -> None:
    """Drop the entries written by ``cg.code[start:]`` (after a loop, switch or once-loop)."""
    k = state(cg)
    if not k:
        return
    w = written_slots(cg.code[start:])
    for s in [s for s in k if s in w or s[0] == "x" and ("x*", (s[1][0],), None, None) in w]:
        del k[s]


def merge(a: dict[Slot, int], b: dict[Slot, int]) -> dict[Slot, int]:
    """State after two paths join: the entries both agree on."""
    return {s: v for s, v in a.items() if b.get(s) == v}


# --- AST pre-scan: variables a loop assigns (dropped before its first pass) --------------------------
_OUT_INTRINSICS = frozenset({"sincos", "modf", "frexp", "GetDimensions", "InterlockedAdd", "InterlockedAnd",
                             "InterlockedOr", "InterlockedXor", "InterlockedMin", "InterlockedMax",
                             "InterlockedExchange", "InterlockedCompareExchange", "InterlockedCompareStore"})


def root_name(e: A.Node) -> str | None:
    """The variable an l-value expression roots in, through members and indices (None for anything else)."""
    while isinstance(e, (A.Member, A.Index)):
        e = e.a
    return e.name if isinstance(e, A.Ident) else None


def written_roots(node: A.Node, call_targets) -> set[str]:
    """Names ``node`` writes: the roots of assignment targets, of ``++``/``--`` operands and of the arguments
    ``call_targets(n)`` names for each other node ``n`` (the calls that may write an argument)."""
    from .codegen import walk

    out: set[str] = set()
    for n in walk(node):
        if isinstance(n, A.Assign):
            targets = [n.target]
        elif isinstance(n, (A.Unary, A.Postfix)) and n.op in ("++", "--"):
            targets = [n.a]
        else:
            targets = call_targets(n)
        out |= {r for t in targets if (r := root_name(t)) is not None}
    return out


def assigned_names(cg: CodegenContext, node: A.Node) -> set[str]:
    """Identifiers ``node`` may assign: targets of =, op=, ++/--, the arguments a user function takes as
    ``out``/``inout`` in any of its overloads, and the arguments of out-parameter intrinsics (a conservative
    superset). An ``in`` argument is copied into the callee, so passing a variable keeps its known value (a
    ``static const`` flag handed down to helpers inside a loop still folds their branches, as fxc folds them:
    the DirectX SDK sample HDAO10.1 calls ``Texture2D.Gather`` only under such a flag at ps_4_0)."""

    def call_targets(n: A.Node) -> list[A.Node]:
        if isinstance(n, A.Call) and n.name in cg.funcs:
            return [a for i, a in enumerate(n.args) if _written_argument(cg.funcs[n.name], i)]
        if isinstance(n, A.Call) and n.name in _OUT_INTRINSICS:
            return list(n.args)
        if isinstance(n, A.MethodCall) and (n.name in _OUT_INTRINSICS or n.name in ("Load", "Sample")):
            return list(n.args)
        return []

    return written_roots(node, call_targets)


def _written_argument(overloads: list[A.FuncDef], i: int) -> bool:
    """Whether some overload takes its ``i``-th argument as ``out`` or ``inout`` (a call's overload is not
    resolved here)."""
    return any(i < len(f.params) and f.params[i].mods & {"out", "inout"} for f in overloads)


def drop_names(cg: CodegenContext, names: set[str]) -> None:
    """Forget the known values of the variables ``names`` resolve to now (locals and statics)."""
    k = state(cg)
    if not k or not names:
        return
    for name in names:
        v = None
        for sc in reversed(cg.scopes):
            if name in sc:
                v = sc[name]
                break
        if v is None:
            g = cg.globals.get(name)
            if isinstance(g, tuple) and g and g[0] == "staticval":
                v = g[1]
        if v is None:
            continue
        for s in v.slots:
            k.pop(s, None)
