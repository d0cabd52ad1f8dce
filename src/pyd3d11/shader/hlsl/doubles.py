"""Double precision in the HLSL compiler (SM5 ``double``; D3D11.3 functional spec §22.15 "Double
Precision Floating Point Instructions").

A double value occupies two 32-bit slots, low word first, so a ``double`` Val has ``2 * n`` slots and
one register holds at most a double2 (.xy and .zw). The d* instructions work on lane pairs:

* double -> double (dadd, dmul, ddiv, dmin, dmax, dmov, drcp, dfma): destination pairs and source
  swizzle lanes line up, exactly like the 32-bit ops that :meth:`Codegen.op` emits;
* double -> 32-bit (deq/dne/dlt/dge, dtof, dtoi, dtou): the k-th written component takes the k-th
  double of the sources (swizzle lanes 2k, 2k+1);
* 32-bit -> double (ftod, itod, utod): the k-th written pair takes the k-th source component;
* dmovc: the k-th pair takes condition component k.

Every emitted double instruction sets ``dcl_globalFlags enableDoublePrecisionFloatOps`` (SFI0
D3D_SHADER_REQUIRES_DOUBLES); ddiv, drcp, dfma, dtoi, dtou, itod and utod are the D3D11.1 double
extensions and also set ``enable11_1DoubleExtensions`` (SFI0 0x20). Constant operands fold with
numpy float64 (IEEE binary64, denormals kept, as the spec requires for doubles)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .operands import Reg, Slot, imm, is_imm
from .types import BOOL, DOUBLE, FLOAT, INT, LIT_FLOAT, LIT_INT, UINT, NumType

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val

#: instructions that need the D3D11.1 double extensions (D3D11_FEATURE_DATA_D3D11_OPTIONS
#: ExtendedDoublesShaderInstructions)
EXTENDED = frozenset({"ddiv", "drcp", "dfma", "dtoi", "dtou", "itod", "utod"})
#: dcl_globalFlags names in their bit order (asm syntax)
_FLAG_ORDER = ("enableDoublePrecisionFloatOps", "enable11_1DoubleExtensions")

_CMP = {"==": ("deq", False), "!=": ("dne", False), "<": ("dlt", False), ">=": ("dge", False),
        ">": ("dlt", True), "<=": ("dge", True)}
_TO32 = {FLOAT: "dtof", INT: "dtoi", UINT: "dtou"}
_FROM32 = {FLOAT: "ftod", INT: "itod", UINT: "utod"}


def _val(t, slots: list) -> Val:
    from .codegen import Val

    return Val(t, slots)


# --- flags and profile checks ----------------------------------------------------------------------
def check_profile(cg: CodegenContext, pos, code: int | None = None, pending: bool = False) -> None:
    """fxc accepts ``double`` only for shader model 5 targets (featuregates.LANGUAGE['double']). Below, the
    words and number name the target's family (d3dcompiler_47 10.1, session 35 INTR): X3651 "ps_4_0 does not
    support doubles" at the 4.x targets, X3684 "ps_4_0_level_9_3 does not support double-precision
    floating-point" at the 4_0_level_9_x and Direct3D 9 targets (which compile through a 4_0 program here).
    fxc reports this after every type rule of the file (``double a = x; S_ r = 1;`` at ps_4_0 is X3017, an
    undeclared name in a function nothing calls X3004; session 36 INTR): the first refusal is kept in
    ``cg.deferred_double_error`` and raised by compiler._compile_hlsl once the whole file is checked. ``code``
    names the refusal where the construct decides it rather than the target (session 37 INTR): asdouble's and
    the three-argument asuint's are X3651 "ps_3_0 does not support doubles" at every target, asuint's of a value
    converted to double X3684 at 4.x."""
    from .featuregates import LANGUAGE, gate_error
    from .uintrange import stamp

    held = cg.deferred_double_error
    if gate_error(cg, LANGUAGE["double"], pos, "double") is None or \
            held is not None and (pending or getattr(held, "met", None) is not None):
        return
    legacy = cg.d3d9 or cg.level9
    if held is not None and code in (None, held.code):
        stamp(cg, held)  # a conversion's refusal waiting for its value to be read (below)
        return
    if code is not None:
        target = legacy or f"{cg.stage}_{cg.major}_{cg.minor}"
        words = "doubles" if code == 3651 else "double-precision floating-point"
        err = cg.err(pos, f"{target} does not support {words}", code)
    else:
        # a double value made by a cast, a constructor or a literal (``(double)x``, ``double4(1, 2, 3, 4)``,
        # ``1.0L``) is X3684 at 4.x too; the declarations that hold doubles say X3651 (:func:`check_declared`)
        err = cg.err(pos, f"{legacy or f'{cg.stage}_{cg.major}_{cg.minor}'} does not "
                          "support double-precision floating-point", 3684)
    # at the legacy targets a value converted to double is refused only where an operation reads it or a
    # variable takes it (:func:`read_double`); until then the refusal waits, after every refusal met
    cg.deferred_double_error = err if pending else stamp(cg, err)


def read_double(cg: CodegenContext, pos=None) -> None:
    """A double value read by an operation, stored in a variable, passed or returned, at the Direct3D 9 and
    4_0_level_9_x targets: where the X3684 of a conversion to double is met.

    d3dcompiler_47 10.1 (under Wine, session 44, D9) refuses a double there where an operation reads one, not
    where a value is converted to double, in its evaluation order with the legacy phase's X3548 / X3543 / X3704
    (uintrange.stamp): ``(float)((double)a.x + (uint)a.y)``, ``(float)(uint)(double)a.y``, ``(float)max((double)
    a.x, (double)(uint)a.y)``, ``double2(a.x, (uint)a.y)`` and ``(float)(1.0L + (uint)a.y)`` are X3548, while
    ``(float)(double)a.x + (uint)a.y``, ``(int)(double)a.y``, a condition ``(double)a.x ? (uint)a.y : 1``, ``double
    d = a.x;`` (a dead local too), ``s.d = a.x``, ``(S)0`` of a struct holding one, a double parameter's argument
    and a double function's return are X3684 first. A dead conversion's value is never read (``(double)a.x;``
    compiles). 4.x refuses the conversion itself (check_profile's callers)."""
    if not (cg.d3d9 or cg.level9):
        return
    held = cg.deferred_double_error
    if held is not None and getattr(held, "met", None) is None:
        from .uintrange import stamp

        stamp(cg, held)
    elif held is None and pos is not None:
        check_profile(cg, pos)


def holds_double(t) -> bool:
    """Whether a value of type ``t`` holds a double component."""
    from .codegen import leaf_bases

    return DOUBLE in leaf_bases(t)


def check_declared(cg: CodegenContext, t, pos) -> None:
    """At 4.x a local of a type holding doubles, and a call of a function whose parameters or return type hold
    one, are X3651 "ps_4_0 does not support doubles" where the code reaches them -- an initialised declaration
    before its initialiser, one without an initialiser where the code first reads or writes it (``double d;``
    alone is nothing), a static local at the function's start (its initialisation runs first), the call before
    its arguments: ``double b = (double)x;`` and ``g((double)x)`` of ``float g(double d)`` are X3651, ``float f =
    (float)(double)x; double a = 1;`` and ``double d; … (double)x …`` X3684 (d3dcompiler_47 10.1 under Wine,
    session 42, helper MUT; the level-9 and Direct3D 9 targets are left as they were, X3684)."""
    if declares_double(cg, [t]):
        check_profile(cg, pos, 3651)


def check_static_locals(cg: CodegenContext, body) -> None:
    """The entry's static locals are initialised before its code runs: one holding doubles is X3651 before any
    double the code makes (``float4 r = (double)x; static double d = 1;`` is X3651, fxc 10.1, session 42)."""
    from . import ast as A

    stack = [body]
    while stack and cg.deferred_double_error is None:
        n = stack.pop()
        if isinstance(n, A.VarDecl) and "static" in n.mods:
            check_declared(cg, n.type, n.pos)
        stack.extend(reversed(list(A.children(n))))


def declares_double(cg: CodegenContext, types: list) -> bool:
    """Whether one of ``types`` holds a double at a 4.x target (:func:`check_declared`)."""
    from .codegen import leaf_bases

    return not (cg.d3d9 or cg.level9) and any(DOUBLE in leaf_bases(t) for t in types)


def storage_error(cg: CodegenContext):
    """fxc 10.1 refuses a global variable of a double scalar, vector or matrix type below shader model 5
    (uniform, ``static``, ``static const`` or a ``cbuffer`` member, used or not): X3651 "'d': ps_4_0 does not
    support doubles as a storage type", at level 9 and the Direct3D 9 targets too, naming the target as written.
    Arrays and structs holding doubles are not refused by this rule (probed with the DLL, session 36 INTR). The
    first such declaration in the file is named; None where there is none or the target has doubles."""
    from . import ast as A
    from .diagnostics import Pos
    from .featuregates import LANGUAGE, gate_error

    if gate_error(cg, LANGUAGE["double"], Pos("", 1, 1), "double") is None:
        return None
    target = cg.d3d9 or cg.level9 or f"{cg.stage}_{cg.major}_{cg.minor}"
    found = (m for d in cg.prog.decls for m in (d.members if isinstance(d, A.CBufferDecl) else [d])
             if isinstance(m, A.VarDecl))
    for decl in found:  # in the file's order
        if isinstance(decl.type, NumType) and decl.type.base == DOUBLE:
            return cg.err(decl.pos, f"'{decl.name}': {target} does not support doubles as a storage type", 3651)
    return None


def _note(cg: CodegenContext, name: str) -> None:
    flags = cg.double_flags
    flags.add("enableDoublePrecisionFloatOps")
    if name in EXTENDED:
        flags.add("enable11_1DoubleExtensions")


#: every double-precision instruction (D3D11.3 functional spec §22.15, the 11.1 extensions included)
_DOUBLE_OPS = frozenset({"dadd", "dmax", "dmin", "dmul", "deq", "dge", "dlt", "dne", "dmov", "dmovc", "dtof", "ftod",
                         *EXTENDED})


def global_flags(cg: CodegenContext) -> list[str]:
    """The dcl_globalFlags names the double instructions left in the program need (after refactoringAllowed): those
    dead-code removal took do not count (d3dcompiler_47 10.1 under Wine, session 43: ``double d = (double)a.x *
    (double)a.y; return a;`` sets no flag, ``if (a.x > 5) { double d = (double)a.x / (double)a.y; }`` neither
    D3D_SHADER_REQUIRES_DOUBLES nor the 11.1 extensions, ``d = x / y; d = 1.0L; return (float)d;`` the doubles'
    alone). ``cg.double_flags`` holds what generation emitted; only flags it holds are written."""
    ops = {ins.op for ins in cg.code} & _DOUBLE_OPS
    flags = set()
    if ops:
        flags.add("enableDoublePrecisionFloatOps")
    if ops & EXTENDED:
        flags.add("enable11_1DoubleExtensions")
    return [f for f in _FLAG_ORDER if f in flags & cg.double_flags]


# --- constants ------------------------------------------------------------------------------------
def _all_imm(srcs: list[list[Slot]]) -> bool:
    return all(all(is_imm(s) for s in sl) for sl in srcs)


def d_of(slots: list[Slot]) -> np.ndarray:
    """float64 values of immediate double slots (pairs lo, hi)."""
    w = np.array([s[3] for s in slots], np.uint64)
    return (w[0::2] | (w[1::2] << np.uint64(32))).view(np.float64)


def d_imm(values) -> list[Slot]:
    """Immediate slots (lo, hi pairs) holding the given float64 values."""
    out: list[Slot] = []
    for b in np.asarray(values, np.float64).reshape(-1).view(np.uint64):
        out += [imm(int(b) & 0xFFFFFFFF), imm(int(b) >> 32)]
    return out


def _u32(slots: list[Slot]) -> np.ndarray:
    return np.array([s[3] for s in slots], np.uint32)


def _f32_to_d(bits: np.ndarray) -> np.ndarray:
    """float32 -> double as ftod does: denormal inputs are flushed first (they are float32 operands)."""
    bits = np.where((bits & 0x7F800000) == 0, bits & 0x80000000, bits).astype(np.uint32)
    return bits.view(np.float32).astype(np.float64)


#: the double operations fxc folds on constants; not ``dfma``: d3dcompiler_47 10.1 keeps ``fma`` of constant doubles
#: as an instruction (session 47 MRUN: ``uint z = (int)fma(0.0L, 0.0L, 0.0L); a / z`` compiles, where ``(int)(0.0L *
#: 0.0L + 0.0L)``, ``mad`` of doubles, ``min`` / ``max`` / ``rcp`` / ``/`` of constants are X4010)
_FOLD = {
    "dadd": lambda a, b: a + b, "dmul": lambda a, b: a * b, "ddiv": lambda a, b: a / b,
    "dmin": np.fmin, "dmax": np.fmax, "drcp": lambda a: 1.0 / a,
}


# --- emission --------------------------------------------------------------------------------------
def dop(cg: CodegenContext, name: str, nd: int, srcs: list[list[Slot]], mods: list[str] | None = None,
        sat: bool = False) -> list[Slot]:
    """double -> double instruction over ``nd`` doubles (sources of ``2 * nd`` slots each)."""
    read_double(cg)
    if not mods or all(m == "" for m in mods):
        fn = _FOLD.get(name)
        if fn is not None and _all_imm(srcs) and not sat:
            with np.errstate(all="ignore"):
                return d_imm(fn(*[d_of(s) for s in srcs]))
    _note(cg, name)
    return cg.op(name, 2 * nd, srcs, mods, sat)


def dmov(cg: CodegenContext, nd: int, s: list[Slot], mod: str = "", sat: bool = False) -> list[Slot]:
    if _all_imm([s]) and not sat:
        v = d_of(s)
        v = {"": v, "-": -v, "abs": np.abs(v), "-abs": -np.abs(v)}[mod]
        return d_imm(v)
    return dop(cg, "dmov", nd, [s], [mod], sat)


def _emit_pairs(cg: CodegenContext, name: str, n_out: int, dst_lanes: int, srcs: list[tuple[list[Slot], int]],
                mods: list[str] | None = None) -> list[Slot]:
    """Emit ``name`` in chunks of two doubles. ``srcs``: (slots, lanes per double) per source;
    ``dst_lanes``: destination lanes per double (1: 32-bit results, 2: double results)."""
    _note(cg, name)
    mods = mods or [""] * len(srcs)
    out: list[Slot] = []
    for i in range(0, n_out, 2):
        k = min(2, n_out - i)
        t = cg.temp()
        dst = Reg("r", (t,), None, tuple(range(k * dst_lanes)))
        ops = [cg.src(s[i * w:(i + k) * w], m) for (s, w), m in zip(srcs, mods, strict=True)]
        cg.emit(name, dst, *ops)
        out += [("r", (t,), None, c) for c in range(k * dst_lanes)]
    return out


def to32(cg: CodegenContext, name: str, nd: int, s: list[Slot]) -> list[Slot]:
    """dtof/dtoi/dtou: ``nd`` doubles -> ``nd`` 32-bit slots."""
    if _all_imm([s]):
        from ..ops.alu_double import DOUBLE_OPS

        return [imm(int(b)) for b in np.atleast_1d(DOUBLE_OPS[name][2](d_of(s)))]
    return _emit_pairs(cg, name, nd, 1, [(s, 2)])


def from32(cg: CodegenContext, name: str, n: int, s: list[Slot]) -> list[Slot]:
    """ftod/itod/utod: ``n`` 32-bit slots -> ``n`` doubles."""
    if _all_imm([s]):
        u = _u32(s)
        vals = {"ftod": lambda: _f32_to_d(u), "itod": lambda: u.view(np.int32).astype(np.float64),
                "utod": lambda: u.astype(np.float64)}[name]()
        return d_imm(vals)
    out = _emit_pairs(cg, name, n, 2, [(s, 1)])
    if cg.d3d9 or cg.level9:
        from .uintrange import slot_range

        kind = {"ftod": "f", "itod": "i", "utod": "u"}[name]
        for k in range(n):  # what is known of the value's sign passes to the double (_dtou_refusal)
            if slot_range(cg, s[k], kind)[0] >= 0:
                cg.ranges[("double", out[2 * k][1][0], out[2 * k][3])] = (0.0, float("inf"))
    return out


def _dtou_refusal(cg: CodegenContext, s: list[Slot]) -> None:
    """X3548 for a double made a uint at the legacy targets unless it is known not to be negative: a constant, or a
    conversion of a 32-bit value known so (uintrange's rule: ``(uint)(double)a.y`` is X3548, judged before the
    double's X3684 of the same conversion; ``(uint)(double)abs(a.y)`` passes to X3684; fxc 10.1, session 44)."""
    from .uintrange import defer, refusal

    for k in range(0, len(s) - 1, 2):
        lo, hi = s[k], s[k + 1]
        if is_imm(lo) and is_imm(hi):
            if d_of([lo, hi])[0] >= 0:
                continue
        elif lo[0] == "r" and ("double", lo[1][0], lo[3]) in cg.ranges:
            continue
        defer(cg, refusal(cg, None))
        return


def compare(cg: CodegenContext, name: str, nd: int, a: list[Slot], b: list[Slot]) -> list[Slot]:
    read_double(cg)
    if _all_imm([a, b]):
        x, y = d_of(a), d_of(b)
        r = {"deq": x == y, "dne": x != y, "dlt": x < y, "dge": x >= y}[name]
        return [imm(0xFFFFFFFF if v else 0) for v in r]
    return _emit_pairs(cg, name, nd, 1, [(a, 2), (b, 2)])


def movc(cg: CodegenContext, nd: int, c: list[Slot], a: list[Slot], b: list[Slot]) -> list[Slot]:
    read_double(cg)
    if all(is_imm(s) for s in c):
        out: list[Slot] = []
        for k, s in enumerate(c):
            out += (a if s[3] else b)[2 * k:2 * k + 2]
        return out
    return _emit_pairs(cg, "dmovc", nd, 2, [(c, 1), (a, 2), (b, 2)])


# --- conversions -----------------------------------------------------------------------------------
def convert_base(cg: CodegenContext, v: Val, frm: str, to: str, nt: NumType) -> Val:
    """Component type conversion where one side is double (``frm``/``to`` are concrete bases)."""
    from .diagnostics import Pos

    # (Codegen.convert placed it first where it has a position; a double literal converted is X3651 there too)
    if frm == DOUBLE and to == UINT and (cg.d3d9 or cg.level9):
        _dtou_refusal(cg, v.slots)
    check_profile(cg, Pos("", 1, 1), lead_literal_code(cg, [v]) if frm == DOUBLE else None,
                  pending=frm != DOUBLE and bool(cg.d3d9 or cg.level9))
    s = v.slots
    if frm == DOUBLE:
        if len(s) % 2:
            from ...errors import NotSupportedError

            raise NotSupportedError("HLSL double component split across an aggregate conversion")
        nd = len(s) // 2
        if to == BOOL:
            return _val(nt, compare(cg, "dne", nd, s, d_imm(np.zeros(nd))))
        return _val(nt, to32(cg, _TO32[to], nd, s))
    n = len(s)
    if frm == BOOL:
        # true is ~0: masking the high word with 1.0's gives exactly 1.0 / 0.0 (no double op needed)
        hi = cg.alu("and", UINT, n, [s, [imm(0x3FF00000)] * n])
        out: list[Slot] = []
        for k in range(n):
            out += [imm(0), hi[k]]
        return _val(nt, out)
    return _val(nt, from32(cg, _FROM32[frm], n, s))


def convert_shape(cg: CodegenContext, v: Val, to: NumType, pos, explicit: bool) -> Val:
    """Numeric conversion from a double value: the shape rules of :meth:`Codegen.convert` applied to
    whole doubles (slot pairs), then the component conversion."""
    src = v.type
    pairs = [tuple(v.slots[i:i + 2]) for i in range(0, len(v.slots), 2)]
    proxy = _val(src, pairs)
    shaped = cg.convert(proxy, to.with_base(DOUBLE), pos, explicit)  # moves pairs as opaque slots
    flat: list[Slot] = [x for p in shaped.slots for x in p]
    return cg.convert_base(_val(shaped.type, flat), to.base)


# --- operators -------------------------------------------------------------------------------------
def binary(cg: CodegenContext, op: str, a: Val, b: Val, rt: NumType, pos) -> Val:
    """Arithmetic on doubles (operands already converted to ``rt``)."""
    check_profile(cg, pos, lead_literal_code(cg, [a, b]))
    nd = rt.n
    if op == "+":
        return _val(rt, dop(cg, "dadd", nd, [a.slots, b.slots]))
    if op == "-":
        if all(is_imm(s) for s in b.slots):
            return _val(rt, dop(cg, "dadd", nd, [a.slots, dmov(cg, nd, b.slots, "-")]))
        return _val(rt, dop(cg, "dadd", nd, [a.slots, b.slots], ["", "-"]))
    if op == "*":
        return _val(rt, dop(cg, "dmul", nd, [a.slots, b.slots]))
    if op == "/":
        return _val(rt, dop(cg, "ddiv", nd, [a.slots, b.slots]))
    if op == "%":
        from ...errors import NotSupportedError

        raise NotSupportedError("HLSL double modulus")
    raise cg.err(pos, f"unsupported operator '{op}' on double operands", 3000)


def comparison(cg: CodegenContext, op: str, a: Val, b: Val, rt: NumType, pos) -> Val:
    check_profile(cg, pos, lead_literal_code(cg, [a, b]))
    name, swap = _CMP[op]
    x, y = (b, a) if swap else (a, b)
    return _val(rt.with_base(BOOL), compare(cg, name, rt.n, x.slots, y.slots))


def negate(cg: CodegenContext, v: Val, pos) -> Val:
    check_profile(cg, pos, lead_literal_code(cg, [v]))  # ``-1.5L``: X3651
    return _val(v.type, dmov(cg, v.type.n, v.slots, "-"))


def select(cg: CodegenContext, c: list[Slot], a: Val, b: Val, rt: NumType) -> Val:
    return _val(rt, movc(cg, rt.n, c, a.slots, b.slots))


# --- intrinsics ------------------------------------------------------------------------------------
def is_double(v: Val) -> bool:
    return isinstance(v.type, NumType) and v.type.base == DOUBLE


def lead_literal_code(cg: CodegenContext, args: list) -> int | None:
    """X3651 where an operation's first operand is a double constant (``1.0L * 2``, ``max(1.0L, x)``, ``abs(1.0L)``)
    and no double was made before it: fxc meets the literal before any conversion (``x + 1.0L``, ``min(x, 1.0L)``
    convert ``x`` first: X3684; d3dcompiler_47 10.1, session 42); None (the default, X3684 at 4.x) otherwise."""
    lead = args[0] if args and not (cg.d3d9 or cg.level9) else None  # level 9 / Direct3D 9: X3684 as before
    if lead is not None and is_double(lead) and lead.slots and all(is_imm(s) for s in lead.slots):
        return 3651
    return None


def _asdouble_literals(cg: CodegenContext, args: list, arg_nodes: list, pos) -> None:
    """An untyped decimal int literal argument of asdouble (``1``, ``0``, ``-1``, ``1 + 1``) is X3543 "asdouble
    can only be used on uint values on ps_5_0" in fxc 10.1, after the type rules, where an int variable is X3013
    (check.py); a hex or octal one (``0x1``, ``017``, ``-0x1``) is a uint there, as ``1u`` is (session 37 INTR)."""
    from . import ast as A

    for a, node in zip(args, arg_nodes, strict=True):
        while isinstance(node, A.Unary) and node.op in ("-", "+"):
            node = node.a
        if isinstance(a.type, NumType) and a.type.base == LIT_INT and cg.deferred_late_error is None and \
                not (isinstance(node, A.Literal) and node.unsigned_spelling):
            # after the type rules (``S_ r = asdouble(1, 1);`` is X3017 naming 'double')
            cg.deferred_late_error = cg.err(
                pos, f"asdouble can only be used on uint values on {cg.stage}_{cg.major}_{cg.minor}", 3543)


def _asuint_outs(cg: CodegenContext, t: NumType, arg_nodes: list, pos) -> None:
    """asuint(double, out uint lo, out uint hi)'s outs share the argument's template, as frexp's out does
    (check._check_out_template; fxc 10.1, session 37 INTR): ``asuint(f3, lo, hi)`` with ``uint lo`` or a 2x3
    argument with ``uint`` outs is X3017 "cannot convert output parameter", a float1x4 argument with uint4 outs
    (or a float4 with uint1x4 ones) X3013; uint2 outs of a float3 truncate (X3206). The outs are not read: their
    types come from the storage they name."""
    from .assign import lvalue
    from .check import _check_out_template

    outs = [lvalue(cg, node) for node in arg_nodes[1:3]]
    types = [lv[0] for lv in outs if isinstance(lv, tuple) and len(lv) == 2 and isinstance(lv[0], NumType)]
    if len(types) == 2:
        _check_out_template(cg, "asuint", [t, *types], (1, 2), pos)


def intrinsic(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list, pos) -> Val | None:
    """asdouble, asuint(double, out lo, out hi) and the double forms of abs/min/max/saturate/clamp;
    None when ``name`` with these arguments is not a double intrinsic."""
    from .assign import assign_to
    from .exprs import coerce_pair, numeric

    if name == "asdouble":
        if len(args) != 2:
            raise cg.err(pos, f"'asdouble': no matching {len(args)} parameter intrinsic function", 3013)
        check_profile(cg, pos, 3651)
        if cg.deferred_double_error is None:  # below shader model 5 the doubles' refusal is fxc's (X3651)
            _asdouble_literals(cg, args, arg_nodes, pos)
        lo, hi, rt = coerce_pair(cg, args[0], args[1], pos, UINT, intrinsic=True)
        out: list[Slot] = []
        for k in range(rt.n):
            out += [lo.slots[k], hi.slots[k]]
        return _val(rt.with_base(DOUBLE), out)
    if name == "asuint" and len(args) == 3:
        # asuint(double, out uint, out uint) is the only three-argument overload: any other number converts to
        # double first (fxc 10.1 compiles ``asuint(1.5f, lo, hi)`` and ``asuint(true, lo, hi)``; session 35, INTR)
        t = numeric(cg, args[0], pos)
        _asuint_outs(cg, t, arg_nodes, pos)
        # an untyped float literal is refused as a double at 4.x (X3651, session 37), a value converted X3684
        check_profile(cg, pos, 3684 if t.base not in (DOUBLE, LIT_FLOAT) and not (cg.d3d9 or cg.level9) else 3651)
        if t.base == LIT_FLOAT and cg.deferred_double_error is None:
            # at shader model 5 an untyped float literal is refused, a float variable converts (fxc 10.1)
            raise cg.err(pos, f"asuint can only be used on double values on {cg.stage}_{cg.major}_{cg.minor}", 3543)
        if t.base != DOUBLE:
            t = t.with_base(DOUBLE)
        s = cg.convert(args[0], t, pos).slots
        ut = t.with_base(UINT)
        assign_to(cg, arg_nodes[1], _val(ut, s[0::2]), pos)
        assign_to(cg, arg_nodes[2], _val(ut, s[1::2]), pos)
        from .types import VOID

        return _val(VOID, [])
    if name == "fma":  # double only (HLSL reference: fma, SM 5.0)
        if len(args) != 3 or not any(is_double(a) for a in args):
            raise cg.err(pos, f"'fma': no matching {len(args)} parameter intrinsic function", 3013)
        check_profile(cg, pos, lead_literal_code(cg, args))
        a, b, rt = coerce_pair(cg, args[0], args[1], pos, DOUBLE, intrinsic=True)
        c = cg.convert(args[2], rt, pos)
        return _val(rt, dop(cg, "dfma", rt.n, [a.slots, b.slots, c.slots]))
    if not any(is_double(a) for a in args):
        return None
    if name == "transpose" and len(args) == 1:
        t = numeric(cg, args[0], pos)
        check_profile(cg, pos, lead_literal_code(cg, args))
        return transpose(args[0], t)
    if name == "abs" and len(args) == 1:
        check_profile(cg, pos, lead_literal_code(cg, args))
        return _val(args[0].type, dmov(cg, args[0].type.n, args[0].slots, "abs"))
    if name == "rcp" and len(args) == 1:
        # rcp of a double stays double: d3dcompiler_47 10.1 emits drcp (a D3D11.1 double extension; session 35
        # INTR: `drcp r0.xyzw, r0.xyzw` in its listing of rcp(double4)), not float's rcp
        check_profile(cg, pos, lead_literal_code(cg, args))
        return _val(args[0].type, dop(cg, "drcp", args[0].type.n, [args[0].slots]))
    if name == "saturate" and len(args) == 1:
        check_profile(cg, pos, lead_literal_code(cg, args))
        v = args[0]
        if all(is_imm(s) for s in v.slots):
            return _val(v.type, d_imm(np.where(d_of(v.slots) > 0, np.minimum(d_of(v.slots), 1.0), 0.0)))
        return _val(v.type, dop(cg, "dmov", v.type.n, [v.slots], sat=True))
    if name in ("min", "max") and len(args) == 2:
        check_profile(cg, pos, lead_literal_code(cg, args))
        a, b, rt = coerce_pair(cg, args[0], args[1], pos, DOUBLE, intrinsic=True)
        return _val(rt, dop(cg, "d" + name, rt.n, [a.slots, b.slots]))
    if name == "clamp" and len(args) == 3:
        check_profile(cg, pos, lead_literal_code(cg, args))
        # min(max(x, lo), hi) in double whichever argument is the double one (``clamp(int3, int3, double3)``
        # passes fxc 10.1 as a double3; the max of two non-doubles is not a double intrinsic)
        a, b, rt = coerce_pair(cg, args[0], args[1], pos, DOUBLE, intrinsic=True)
        mx = _val(rt, dop(cg, "dmax", rt.n, [a.slots, b.slots]))
        m, c, rt = coerce_pair(cg, mx, args[2], pos, DOUBLE, intrinsic=True)
        return _val(rt, dop(cg, "dmin", rt.n, [m.slots, c.slots]))
    if name in ("asuint", "asint", "asfloat") and len(args) == 1:
        raise cg.err(pos, f"'{name}': no matching 1 parameter intrinsic function", 3013)
    if name in ("dot", "mad", "sign", "mul"):
        return _numeric_double(cg, name, args, pos)
    # other intrinsics have no double forms: their double arguments convert to float
    return None


def _numeric_double(cg: CodegenContext, name: str, args: list[Val], pos) -> Val:
    """dot, mad, sign and mul take any numeric component type, double included (the intrinsic
    table's ``numeric`` template: the HLSL reference page of each, and DXC's fxc-derived gen_intrin_main.txt);
    computed with dmul/dadd/dlt so that a double never passes through int or float (matrix mul: _mul)."""
    from .exprs import binary, coerce_pair, numeric

    need = {"dot": 2, "mad": 3, "sign": 1, "mul": 2}[name]
    if len(args) != need:
        raise cg.err(pos, f"'{name}': no matching {len(args)} parameter intrinsic function", 3013)
    types = [numeric(cg, a, pos) for a in args]
    check_profile(cg, pos, lead_literal_code(cg, args))
    if name == "mul" and (types[0].n == 1 or types[1].n == 1):
        return binary(cg, "*", args[0], args[1], pos)
    if name == "mul":
        return _mul(cg, args[0], args[1], types[0], types[1])
    if name == "dot" and any(t.shape == "m" for t in types):  # as for float matrices (check_intrinsic_args)
        raise cg.err(pos, "'dot': no matching 2 parameter intrinsic function", 3013)
    if name == "sign":
        t = types[0]
        z = d_imm(np.zeros(t.n))
        above = compare(cg, "dlt", t.n, z, args[0].slots)
        below = compare(cg, "dlt", t.n, args[0].slots, z)
        return _val(t.with_base(INT), cg.alu("iadd", INT, t.n, [above, below], ["-", ""]))
    a, b, rt = coerce_pair(cg, args[0], args[1], pos, DOUBLE, intrinsic=True)
    if name == "mad":  # the widest of the three operands, as the float form
        c, _, rt = coerce_pair(cg, args[2], _val(rt, a.slots), pos, DOUBLE, intrinsic=True)
        a, b = cg.convert(a, rt, pos), cg.convert(b, rt, pos)
        return _val(rt, dop(cg, "dadd", rt.n, [dop(cg, "dmul", rt.n, [a.slots, b.slots]), c.slots]))
    m = dop(cg, "dmul", rt.n, [a.slots, b.slots])
    acc = m[0:2]
    for k in range(1, rt.n):
        acc = dop(cg, "dadd", 1, [acc, m[2 * k:2 * k + 2]])
    return _val(NumType(DOUBLE), acc)


def _mul(cg: CodegenContext, a: Val, b: Val, ta: NumType, tb: NumType) -> Val:
    """``mul`` with a double operand and no scalar one (HLSL reference "mul": a left vector is a row, a right
    vector a column; the inner dimension is the smaller of the two, as the float form truncates). Each result
    row is sum over x of a[i][x] * b[x][:], built with dmul and dadd in x order (no dfma: that is a D3D11.1
    extension)."""
    a, b = cg.convert_base(a, DOUBLE), cg.convert_base(b, DOUBLE)
    ar, ac = (1, ta.n) if ta.shape == "v" else (ta.rows, ta.cols)
    br, bc = (tb.n, 1) if tb.shape == "v" else (tb.rows, tb.cols)
    k = min(ac, br)

    def el(v: Val, i: int) -> list[Slot]:
        return v.slots[2 * i:2 * i + 2]

    out: list[Slot] = []
    for i in range(ar):
        acc: list[Slot] = []
        for x in range(k):
            row = [sl for j in range(bc) for sl in el(b, x * bc + j)]
            p = dop(cg, "dmul", bc, [el(a, i * ac + x) * bc, row])
            acc = p if not acc else dop(cg, "dadd", bc, [acc, p])
        out += acc
    if ta.shape == "v" and tb.shape == "v":
        return _val(NumType(DOUBLE), out)
    if ta.shape == "v":
        return _val(NumType(DOUBLE, 1, bc, "v"), out)
    if tb.shape == "v":
        return _val(NumType(DOUBLE, 1, ar, "v"), out)
    return _val(NumType(DOUBLE, ar, bc, "m"), out)


def transpose(v: Val, t: NumType) -> Val:
    """transpose of a double matrix: element pairs move whole."""
    s = v.slots
    return _val(NumType(DOUBLE, t.cols, t.rows, "m"),
                [x for c in range(t.cols) for r in range(t.rows) for x in s[2 * (r * t.cols + c):2 * (r * t.cols + c) + 2]])
