"""Initial values of variables computed by the instructions the compiler emits for them (issue 19 item 4).

A value the compiler stores instead of computing at run time — D3D11_SHADER_VARIABLE_DESC.DefaultValue of a
cbuffer or global variable, the initial value of an ``fx_2_0`` effect parameter — must be the value the same
expression computes at run time. So there is no separate constant evaluator for it: the initialiser is
generated as code by the code generator (``init_value``, exactly as for a local of that type: the same
intrinsic expansions, conversions and folds of ops.fold.fold_alu), and that straight-line code is run on the
reference executor (one lane). ``sin(1.0)`` is the executor's float32 ``sincos`` sequence
(docs/transcendentals.md), ``normalize(v)`` is ``dp``/``rsq``/``mul``, ``lerp`` the compiler's ``mad``
expansion, and a denormal operand or result is flushed as at run time (``1e-45 * 1e30`` is 0).

fxc folds these in its own arithmetic (for transcendentals, closer to the exactly rounded value); where its
bits are known from its objects the difference is documented in docs/conformance.md ("Session 25, helper
FOLD"), not imitated.

An initialiser that reads anything but literals and other constants (a cbuffer variable, an input, a
resource) or whose code holds flow control is not a constant: :func:`initializer_bits` gives None.
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING

import numpy as np

from .operands import Slot, is_imm

if TYPE_CHECKING:
    from . import ast as A
    from .cgstate import CodegenContext
    from .constexpr import ConstValue
    from .types import Type

#: register files straight-line constant code may name: temps, literals, an unused destination
_CONSTANT_FILES = frozenset({"r", "l", "null"})
#: operations that are not a per-lane computation of their sources (flow control, memory, resources...)
_NOT_ARITHMETIC = frozenset({"if", "else", "endif", "loop", "endloop", "break", "breakc", "continue", "continuec",
                             "switch", "case", "default", "endswitch", "ret", "retc", "call", "callc", "fcall",
                             "label", "discard", "emit", "cut", "emit_stream", "cut_stream", "sync", "nop"})


def _snapshot(cg: CodegenContext) -> tuple:
    """What evaluating an expression may change in the code generator (see :func:`initializer_bits`)."""
    return (len(cg.code), cg.ntemps, set(cg.var_temps), dict(cg.kconst), set(cg.untracked_slots),
            len(cg.warnings), cg.expr_pos, [(r, r.used) for r in cg.resources],
            [(v, v.used) for cb in cg.cbufs for v in cb.vars], [(cb, getattr(cb, "used", None)) for cb in cg.cbufs])


def _restore(cg: CodegenContext, snap: tuple) -> None:
    n_code, ntemps, var_temps, kconst, untracked, n_warn, expr_pos, res, cbvars, cbs = snap
    del cg.code[n_code:]
    cg.ntemps, cg.var_temps, cg.kconst, cg.untracked_slots, cg.expr_pos = ntemps, var_temps, kconst, untracked, expr_pos
    del cg.warnings[n_warn:]
    for r, u in res:
        r.used = u
    for v, u in cbvars:
        v.used = u
    for cb, u in cbs:
        if u is not None:
            cb.used = u


def initializer_bits(cg: CodegenContext, init: A.Node, t: Type, pos) -> list[int] | None:
    """The 32-bit words of ``init`` converted to ``t`` (one per slot, in the code generator's slot order: a
    matrix by rows), computed by the code the compiler generates for it run on the reference executor; None when
    it is not a constant (see the module). The code generator's state is left as it was."""
    from ...errors import NotSupportedError
    from .diagnostics import HlslError

    if _reads_a_variable(cg, init):
        return None
    from .values import CARRY_CONSTANTS

    snap = _snapshot(cg)
    CARRY_CONSTANTS[0] = False  # the DefaultValue holds the words as written (values.f2b)
    try:
        try:
            v = cg.init_value(init, t, pos)
        except (HlslError, NotSupportedError, NotImplementedError, KeyError, TypeError, ValueError):
            return None
        slots = list(v.slots)
        if not slots or v.obj is not None:
            return None
        if all(is_imm(s) for s in slots):
            return [int(s[3]) & 0xFFFFFFFF for s in slots]
        return _run(cg, cg.code[snap[0]:], slots)
    finally:
        CARRY_CONSTANTS[0] = True
        _restore(cg, snap)


def _reads_a_variable(cg: CodegenContext, node) -> bool:
    """Whether ``node`` names a static global that is not ``const``: its value when the code generator reaches
    the initialiser is whatever the program last stored, not an initial value (the static's own initialiser
    runs in the program, after the constant buffer is filled)."""
    import dataclasses

    from . import ast as A

    statics = cg.scopes[0] if cg.scopes else {}
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Ident):
            v = statics.get(n.name)
            if v is not None and not v.readonly:
                return True
        if isinstance(n, A.Node):
            for f in dataclasses.fields(n):
                x = getattr(n, f.name)
                if isinstance(x, A.Node):
                    stack.append(x)
                elif isinstance(x, list):
                    stack.extend(y for y in x if isinstance(y, A.Node))
    return False


def _run(cg: CodegenContext, code: list, slots: list[Slot]) -> list[int] | None:
    """The words ``slots`` hold after the straight-line ``code`` runs on the reference executor, or None when
    the code reads anything but temps and literals (then it is not a constant). The code is first optimised as
    the compile optimises a program (unless /Od): the optimiser changes bits in places (a division by a
    constant becomes a multiply by its reciprocal, optimize._div_as_mul), and the value must be the one the
    compiled program computes. Each result is copied to an output register, which keeps it live through the
    optimiser, then renamed to a temp of its own for the run."""
    from ...headers.d3dcompiler_types import D3DCOMPILE_SKIP_OPTIMIZATION
    from .operands import Ins, Reg
    from .optimize import optimize_code
    from .refactor import refactoring_allowed

    if any(s[0] not in ("r", "l") or (s[0] == "r" and s[2] is not None) for s in slots):
        return None
    sinks = [Ins("mov", [Reg("o", (k // 4,), None, (k % 4,)), cg.src([s])]) for k, s in enumerate(slots)]
    code = [*code, *sinks, Ins("ret", [])]
    if not cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION:
        code = optimize_code(code, refactoring_allowed(cg))
    # the temps the code names, numbered from 0 (a whole program's generator may have thousands), then the sinks'
    temps: dict[int, int] = {}
    body = []
    for ins in code[:-1] if code and code[-1].op == "ret" else code:
        if ins.op in _NOT_ARITHMETIC or ins.op.startswith(("dcl_", "sample", "ld", "store", "atomic", "imm_atomic")):
            return None
        args = []
        for a in ins.args:
            if a.file == "o":  # a sink: its own temp, numbered after the others (below)
                a = Reg("o", a.idx, None, a.comps)
            elif a.file not in _CONSTANT_FILES or a.rel is not None:
                return None
            elif a.file == "r":
                a = Reg("r", (temps.setdefault(a.idx[0], len(temps)),), None, a.comps, a.mod)
            args.append(a)
        body.append(Ins(ins.op, args, ins.suffix, ins.tail))
    base = len(temps)
    body = [Ins(ins.op, [Reg("r", (base + a.idx[0],), None, a.comps) if a.file == "o" else a for a in ins.args],
                ins.suffix, ins.tail) for ins in body]
    from ..dxbc.asm import assemble_program
    from ..exec.reference import run_program

    lines = ["cs_5_0", f"dcl_temps {base + (len(slots) + 3) // 4}", "dcl_thread_group 1, 1, 1"]
    lines += [ins.render({}) for ins in body]
    lines.append("ret")
    try:
        state = run_program(assemble_program("\n".join(lines)), 1, keep_state=True).state
    except Exception:  # noqa: BLE001 - an instruction the assembler or executor does not take: not folded
        return None
    regs = np.asarray(state.r)
    return [int(regs[base + k // 4, k % 4, 0]) & 0xFFFFFFFF for k in range(len(slots))]


def bits_to_values(bits: list[int], bases: list) -> list:
    """Words as Python values of each slot's base type (float, signed or unsigned int, bool as 0/1), the form
    :class:`.constexpr.ConstValue` holds."""
    out: list = []
    for w, b in zip(bits, bases, strict=True):
        if b in ("float", "half", "min16float", "min10float") or b is None:
            out.append(struct.unpack("<f", struct.pack("<I", w))[0])
        elif b == "bool":
            out.append(1 if w else 0)
        elif b == "uint" or b == "min16uint" or b == "dword":
            out.append(w)
        else:
            out.append(w - (1 << 32) if w & 0x80000000 else w)
    return out


def values_to_bits(cv: ConstValue, bases: list) -> list[int]:
    """A constant's values as the 32-bit words registers hold (float bits, two's complement, bool as all ones)."""
    out = []
    for v, b in zip(cv.vals, bases, strict=False):
        if b in ("float", "half", "min16float", "min10float", "double"):
            out.append(struct.unpack("<I", struct.pack("<f", float(v)))[0])
        elif b == "bool":
            out.append(0xFFFFFFFF if v else 0)
        else:
            out.append(int(v) & 0xFFFFFFFF)
    return out


def _constant_codegen(consts: dict, pos) -> CodegenContext:
    """A code generator of its own (a 5.0 pixel shader's, whose arithmetic is every target's: ops.fold and the
    executors) with the constants ``consts`` (name -> :class:`.constexpr.ConstValue`) readable by name."""
    from . import ast as A
    from .codegen import Codegen
    from .constexpr import leaf_bases
    from .operands import imm
    from .values import Val

    cg = Codegen(A.Program(pos, []), "main", "ps", 5, 0, False)
    cg.global_decl_index = {}
    scope = {}
    for name, cv in consts.items():
        cb = leaf_bases(cv.type) if cv.type is not None else ["float"] * len(cv.vals)
        if cv.type is None or None in cb:
            continue
        words = _words(cv, cb)
        if words is not None:
            scope[name] = Val(cv.type, [imm(w) for w in words], readonly=True)
    cg.scopes = [scope]
    return cg


def _words(cv: ConstValue, bases: list) -> list[int] | None:
    """The slot words of a constant (a double as its low and high words, as :func:`constant_value` reads them),
    or None when the values do not fill the type (an unsized array the parser left empty)."""
    from .constexpr import ConstValue

    out: list[int] = []
    vals = iter(cv.vals)
    k = 0
    try:
        while k < len(bases):
            v = next(vals)
            if bases[k] == "double":
                out += struct.unpack("<2I", struct.pack("<d", float(v)))
                k += 2
            else:
                out += values_to_bits(ConstValue(None, [v]), [bases[k]])
                k += 1
    except StopIteration:
        return None
    return out if next(vals, None) is None else None


def _sized(cg: CodegenContext, t: Type, init: A.Node, pos) -> Type:
    """``T a[] = { … }``: the array sized by its initialiser as the compiler sizes a variable's
    (codegen.size_unsized_array: as many elements as the items' scalar components fill, counted from the items'
    types); any other type as it is. An unsized array whose initialiser is no list stays unsized."""
    from . import ast as A
    from .types import ArrayType

    if not (isinstance(t, ArrayType) and t.count == 0 and isinstance(init, A.InitList)):
        return t
    snap = _snapshot(cg)
    try:
        return cg.size_unsized_array(t, init, pos)
    except Exception:  # noqa: BLE001 - an item the code generator cannot type: the array stays unsized
        return t
    finally:
        _restore(cg, snap)


def sized_type(t: Type, init: A.Node | None, consts: dict, pos) -> Type:
    """``t`` with an implicit first dimension taken from ``init`` (see :func:`_sized`), the constants ``consts``
    readable by name (``float a[] = {K, 2};``)."""
    from . import ast as A
    from .types import ArrayType

    if not (isinstance(t, ArrayType) and t.count == 0 and isinstance(init, A.InitList)):
        return t
    return _sized(_constant_codegen(consts, pos), t, init, pos)


def constant_value(t: Type, init: A.Node, consts: dict, pos) -> ConstValue | None:
    """The value of ``init`` converted to ``t`` outside any shader — an ``fx_2_0`` effect parameter's initial
    value — by :func:`initializer_bits` on a code generator of its own (:func:`_constant_codegen`), the earlier
    constants ``consts`` (name -> :class:`.constexpr.ConstValue`) readable by name. An unsized array is sized by
    its initialiser first (the value's type is the sized one). None when it is not a constant."""
    from .constexpr import ConstValue, leaf_bases

    cg = _constant_codegen(consts, pos)
    t = _sized(cg, t, init, pos)
    bases = leaf_bases(t)
    if not bases or None in bases:
        return None
    bits = initializer_bits(cg, init, t, pos)
    if bits is None:
        return None
    if "double" not in bases:
        return ConstValue(t, bits_to_values(bits, bases))
    # a double is two consecutive words, low then high (its two slots, leaf_bases naming it twice; the functional
    # spec's double in a register pair, .xy / .zw): one value of the double
    vals: list = []
    k = 0
    while k < len(bases):
        if bases[k] == "double":
            vals.append(struct.unpack("<d", struct.pack("<2I", bits[k], bits[k + 1]))[0])
            k += 2
        else:
            vals += bits_to_values([bits[k]], [bases[k]])
            k += 1
    return ConstValue(t, vals)


def _unsigned_hex_literals(init: A.Node) -> A.Node:
    """``init`` with each hexadecimal or octal literal past INT_MAX made a ``uint`` literal: an effect's default
    value takes such a literal for its unsigned value, as C does (d3dcompiler_47 10.1, session 42 EFX, at fx_2_0 and
    fx_5_0: ``float g = 0xffffffff;`` stores 4294967296.0, ``0x80000000`` 2147483648.0, in an annotation,
    a constructor, a cast; a decimal ``4294967295`` and a ``u`` literal already do). Only the literal's type
    changes; the tree is copied where it does."""
    import dataclasses

    from . import ast as A

    if isinstance(init, A.Literal):
        if init.unsigned_spelling and init.base == "lit_int" and isinstance(init.value, int) and \
                init.value > 0x7FFFFFFF:
            return dataclasses.replace(init, base="uint")
        return init
    if not isinstance(init, A.Node):
        return init
    changes = {}
    for f in dataclasses.fields(init):
        v = getattr(init, f.name)
        if isinstance(v, A.Node):
            nv = _unsigned_hex_literals(v)
        elif isinstance(v, list) and any(isinstance(x, A.Node) for x in v):
            nv = [_unsigned_hex_literals(x) for x in v]
            nv = v if all(a is b for a, b in zip(nv, v, strict=True)) else nv
        else:
            continue
        if nv is not v:
            changes[f.name] = nv
    return dataclasses.replace(init, **changes) if changes else init


def _integer_only(init: A.Node) -> bool:
    """Whether ``init`` is integer literals under unary and binary operators only (its value is an integer; a
    name, a call or a cast may bring a float, which the range rule of effect_initial_value judges)."""
    from . import ast as A

    if isinstance(init, A.Literal):
        return init.base in ("lit_int", "int", "uint", "bool")
    if isinstance(init, A.Unary):
        return _integer_only(init.a)
    if isinstance(init, A.Binary):
        return _integer_only(init.a) and _integer_only(init.b)
    return False


def effect_initial_value(t: Type, init: A.Node, consts: dict, pos) -> ConstValue | None:
    """An effect variable's initial value (``fx_2_0`` parameters, annotations and static constants, Effects 11
    constant buffer defaults): :func:`constant_value`, doubles included, so no value comes from a second
    evaluator. The value's type is ``t`` sized by the initialiser.

    An integer component whose value as a float lies outside its type's range is converted as the compiler's
    host converts it, not as ``ftoi``/``ftou`` saturate: truncated to 64 bits (0 for NaN, infinities and
    magnitudes of 2^63 or more) and its low 32 bits kept -- d3dcompiler_47 10.1 stores ``int a = 1.#INF;`` as 0,
    ``int a = 3000000000.0;`` as 0xB2D05E00 and ``uint a = -1.5;`` as 0xFFFFFFFF at fx_2_0 and fx_5_0 alike
    (session 38, EFX)."""
    from .constexpr import leaf_bases
    from .types import ArrayType, NumType

    unsigned = _unsigned_hex_literals(init)
    cv = constant_value(t, unsigned, consts, pos)
    if cv is None or unsigned is not init or _integer_only(init):
        # (an integer value converts to an integer by its bits, not through the float range check below:
        # fxc stores 0xFFFFFFFF for ``int g = 0xffffffff;``, ``4294967295u``, ``-0x1``, ``0xfffffffe + 1`` and
        # 0x7FFFFFFF for ``int g = 0xffffffff / 2;``, 0x40000000 for ``0x80000000 / 2`` -- d3dcompiler_47 10.1 at
        # fx_2_0, session 45, after hexadecimal literals became uint: parse_exprs)
        return cv

    def as_float(x: Type) -> Type | None:
        if isinstance(x, NumType):
            return x.with_base("float") if x.base in ("int", "uint") else x
        if isinstance(x, ArrayType):
            e = as_float(x.elem)
            return None if e is None else ArrayType(e, x.count)
        return None

    bases = list(leaf_bases(cv.type))
    if not any(b in ("int", "uint") for b in bases):
        return cv
    ft = as_float(cv.type)
    fv = constant_value(ft, init, consts, pos) if ft is not None else None
    if fv is None or len(fv.vals) != len(cv.vals):
        return cv
    vals = list(cv.vals)
    for k, (b, f) in enumerate(zip(bases, fv.vals, strict=False)):
        if b not in ("int", "uint"):
            continue
        f = float(f)
        lo, hi = (-2.0 ** 31, 2.0 ** 31) if b == "int" else (0.0, 2.0 ** 32)
        if f == f and lo <= f < hi:
            continue  # in range: the saturating conversion and the host's agree
        w = 0 if f != f or abs(f) >= 2.0 ** 63 else int(f) & 0xFFFFFFFF
        vals[k] = w - (1 << 32) if b == "int" and w >= 1 << 31 else w
    return type(cv)(cv.type, vals)
