"""Division and remainder in HLSL expressions: the operand rules fxc applies to ``/`` and ``%`` (minimum-precision
signed integers, doubles), a divisor known to be zero (X4010 in its phase: compiler.zero_divisor_first), and the
instruction sequences of signed integer division and of the float remainder (D3D11.3 functional spec §22.13 on
``udiv``; MicrosoftDocs "Operators": ``%`` on floats keeps the dividend's sign)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .diagnostics import HlslError
from .knownzero import known_zero
from .operands import Slot, imm, is_imm
from .types import BOOL, DOUBLE, FLOAT, INT, LIT_INT, UINT, NumType

if TYPE_CHECKING:
    from .cgstate import CodegenContext


_MIN_SIGNED = frozenset({"min16int", "min12int"})


def division_operand_rules(cg: CodegenContext, op: str, ta: NumType, tb: NumType, cb: str, pos) -> None:
    """fxc's code-generation rules on ``/`` and ``%`` (DXC scalar-operators records both):
    ``%`` in double is X3684; a signed integer ``/`` or ``%`` whose operation type is min-precision
    (both operands min16int/min12int, bool or an untyped literal, at least one of them min-precision:
    ``min16int / int`` is int and passes) is X3706."""
    if op == "%" and cb == DOUBLE:
        raise cg.err(pos, "modulo cannot be used with doubles, cast to float first", 3684)
    if cb != INT or cg.d3d9:  # (a Direct3D 9 target divides floats: ``g / 2`` of a min16int constant compiles)
        return
    kinds = [t.prec if t.prec in _MIN_SIGNED else "plain" if t.base in (BOOL, LIT_INT) else None
             for t in (ta, tb)]
    if None not in kinds and any(k in _MIN_SIGNED for k in kinds):
        what = "division" if op == "/" else "remainder"
        raise cg.err(pos, f"signed integer {what} is not supported on minimum-precision types. Cast to int to "
                          "use 32-bit division.", 3706)


#: fxc's diagnostics for a divisor known to be zero: integer division (signed or not; DXBC divides integers
#: only with udiv) is an error, float division a warning (the result is an infinity or NaN by IEEE rules)
ZERO_DIVISOR = {UINT: (4010, "Unsigned integer divide by zero"), INT: (4010, "Unsigned integer divide by zero"),
                FLOAT: (4008, "floating point division by zero")}


def check_zero_divisor(cg: CodegenContext, base: str, divisor: list[Slot], pos) -> None:
    """X4010 / X4008 when any component of a ``/`` or ``%`` divisor is a known zero (a literal, a folded
    constant or a variable whose value constant propagation knows), as fxc reports it."""
    if base not in ZERO_DIVISOR:
        return
    mask = 0x7FFFFFFF if base == FLOAT else 0xFFFFFFFF  # -0.0 is a zero too
    if not any(is_imm(s) and s[3] & mask == 0 for s in divisor) and not (
            base != FLOAT and not (cg.d3d9 or cg.level9) and any(known_zero(cg, s) for s in divisor)):
        return  # (known_zero: an integer divisor fxc's simplifier proves zero, ``v ^ v``, ``v * 0``: knownzero.py)
    code, msg = ZERO_DIVISOR[base]
    if base == FLOAT or cg.d3d9 or cg.level9:
        # below shader model 4 integers are held as floats and divided as floats (d3dcompiler_47 10.1, session 37:
        # ``int i = 1 / 0;`` unused is the float warning alone, ``p * (1 / 0)`` then X4579: nonfinite.py)
        code, msg = ZERO_DIVISOR[FLOAT]
        cg.warn(pos, code, msg)
    else:
        defer_simplifier_error(cg, cg.err(pos, msg, code))


def defer_simplifier_error(cg: CodegenContext, err: HlslError) -> None:
    """Keep X4010 (an integer divisor known to be zero) or X3504 (a literal index out of bounds) for the phase fxc
    finds them in: after the type rules of the whole file, the first met of the two first (d3dcompiler_47 10.1,
    session 47: ``int k = 1 / 0; return p + undefined;`` is X3004, ``... p.xyzq`` X3018, ``... ; float4 g() {
    return undefined; }`` X3004; ``1 / 0; ... a[3]`` X4010 and the other order X3504; a run-time ``[unroll]``'s
    X3511 and an uninitialised read's X4000 after it). Inside a loop being unrolled it is raised at once
    (``cg.strict_bounds``: unroll.py ends a literal loop's copies on it)."""
    from .uintrange import stamp

    if cg.strict_bounds:
        raise err
    if cg.deferred_oob_error is None:
        cg.deferred_oob_error = stamp(cg, err)


def iabs(cg: CodegenContext, n: int, s: list) -> list:
    return cg.alu("imax", INT, n, [s, cg.alu("ineg", INT, n, [s])])


def idiv(cg: CodegenContext, n: int, a: list, b: list, rem: bool) -> list:
    """Signed division/remainder via udiv on magnitudes (DXBC has no signed divide); ``x / x`` is 1 when
    refactoring is allowed, as fxc folds it (refactor.same_value_identity; ``x % x`` stays)."""
    if not rem and a[:n] == b[:n]:
        from .refactor import refactoring_allowed

        if refactoring_allowed(cg) and not any(is_imm(s) for s in a[:n]):
            return [imm(1)] * n
    aa, ab = iabs(cg, n, a), iabs(cg, n, b)
    q = cg.alu("udiv", UINT, n, [aa, ab], dst_pos=1 if rem else 0, ndst=2)
    sign_src = a if rem else cg.alu("xor", UINT, n, [a, b])
    neg = cg.alu("ilt", INT, n, [sign_src, [imm(0)] * n])
    nq = cg.alu("ineg", INT, n, [q])
    return cg.alu("movc", UINT, n, [neg, nq, q])


def fmod(cg: CodegenContext, n: int, a: list, b: list) -> list:
    """x % y for floats: the sign of x, |x/y|'s fraction times y (fxc's sequence)."""
    d = cg.alu("div", FLOAT, n, [a, b])
    ge = cg.alu("ge", FLOAT, n, [d, d], ["", "-"])
    fr = cg.alu("frc", FLOAT, n, [d], ["abs"])
    sel = cg.alu("movc", FLOAT, n, [ge, fr, fr], ["", "", "-"])
    return cg.alu("mul", FLOAT, n, [sel, b])


def fmod_operator(cg: CodegenContext, n: int, a: list, b: list) -> list:
    """The ``%`` operator on floats, as d3dcompiler_47 10.1 builds it (its listings, session 35; the fmod
    intrinsic keeps :func:`fmod`'s division): y takes the sign that makes x / y non-negative
    (``ge x*y, -(x*y)`` picks y or -y), then ``frc(x * (1 / y')) * y'``. The two round differently from
    ``frc(|x / y|) * y`` (a reciprocal and a multiply against one division; and a zero or NaN x*y picks the
    sign the product gives), so an fxc object and ours agree bit for bit only with this sequence. ``x % x``
    is 0 when refactoring is allowed (fxc's listing: ``mov o0, l(0)``; refactor.same_value_identity)."""
    if a[:n] == b[:n] and not any(is_imm(s) for s in a[:n]):
        from .refactor import refactoring_allowed

        if refactoring_allowed(cg):
            return [imm(0)] * n
    p = cg.alu("mul", FLOAT, n, [a, b])
    ge = cg.alu("ge", FLOAT, n, [p, p], ["", "-"])
    bs = cg.alu("movc", FLOAT, n, [ge, b, b], ["", "", "-"])
    r = cg.alu("div", FLOAT, n, [[imm(0x3F800000)] * n, bs])
    fr = cg.alu("frc", FLOAT, n, [cg.alu("mul", FLOAT, n, [r, a])])
    return cg.alu("mul", FLOAT, n, [bs, fr])
