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
        err = cg.err(pos, f"signed integer {what} is not supported on minimum-precision types. Cast to int to "
                          "use 32-bit division.", 3706)
        if not cg.level9:
            raise err
        level9_sm4_part(cg, err)


def level9_sm4_part(cg: CodegenContext, err: HlslError) -> None:
    """Keep a refusal of a 4_0_level_9_x object's shader-model-4 part -- X3706 of a signed min-precision division,
    X4010 of an integer remainder by zero -- for after every refusal of its level-9 part (compiler.py): fxc reports
    them after the signature's X4502 (``float4 main() : COLOR { return gk[0] / 2; }``), a vertex shader's unwritten
    SV_Position X4541 and a read non-finite constant's X4579, and after the legacy phase's X3548 (d3dcompiler_47
    10.1, session 49); the first met of them."""
    if cg.level9_sm4_error is None:
        cg.level9_sm4_error = err


#: fxc's diagnostics for a divisor known to be zero: integer division (signed or not; DXBC divides integers
#: only with udiv) is an error, float division a warning (the result is an infinity or NaN by IEEE rules)
ZERO_DIVISOR = {UINT: (4010, "Unsigned integer divide by zero"), INT: (4010, "Unsigned integer divide by zero"),
                FLOAT: (4008, "floating point division by zero")}


def check_zero_divisor(cg: CodegenContext, base: str, divisor: list[Slot], pos, op: str = "/",
                       signed: bool = True) -> None:
    """X4010 / X4008 when any component of a ``/`` or ``%`` divisor is a known zero (a literal, a folded
    constant or a variable whose value constant propagation knows), as fxc reports it. At the 4_0_level_9_x
    targets an integer remainder's is the shader-model-4 part's X4010 after the float warning (``gi % 0``,
    ``gu % 0`` of a min16uint, ``int k = gi % z;`` unread, ``gi % (gj * 0)``), where the quotient's is the
    legacy part's float division (X4579 where it is read) and a Direct3D 9 target compiles both remainders
    (d3dcompiler_47 10.1, session 49; ``signed``: a uint's is not, its divisor's X3548 comes first; a constant
    dividend's too, ``int k = 5 % 0;`` unread, where a read one, ``return 5 % 0;``, is the folded X4579 first;
    kept by :func:`level9_sm4_part`)."""
    if base not in ZERO_DIVISOR:
        return
    mask = 0x7FFFFFFF if base == FLOAT else 0xFFFFFFFF  # -0.0 is a zero too
    level9_rem = bool(cg.level9) and not cg.d3d9 and op == "%" and base != FLOAT and signed
    sm4_part = not cg.d3d9 and (not cg.level9 or level9_rem)
    if not any(is_imm(s) and s[3] & mask == 0 for s in divisor) and not (
            base != FLOAT and sm4_part and any(known_zero(cg, s) for s in divisor)):
        return  # (known_zero: an integer divisor fxc's simplifier proves zero, ``v ^ v``, ``v * 0``: knownzero.py)
    code, msg = ZERO_DIVISOR[base]
    if level9_rem:
        cg.warn(pos, *ZERO_DIVISOR[FLOAT])
        # (a constant dividend's remainder is folded to a NaN by the legacy part: X4579 where it is read first)
        level9_sm4_part(cg, cg.err(pos, msg, code))
    elif base == FLOAT or cg.d3d9 or cg.level9:
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


def legacy_zero_lanes(cg: CodegenContext, base: str, n: int, a: list, b: list) -> tuple[list, set[int]]:
    """Below shader model 4 a remainder by a known zero is 0 in that lane (fxc's float remainder folds ``frc(x *
    (1 / 0)) * 0`` to 0: ``var.x % 0``, ``var % float4(0, 1, 2, 0)``'s x and w, ``gi % 0`` at ps_2_0 compile; its
    listings, d3dcompiler_47 10.1, session 49; a constant dividend's is folded, ``5 % 0`` X4579): the divisor
    with those lanes made 1, and the lanes."""
    if not (cg.d3d9 or cg.level9):
        return b, set()
    mask = 0x7FFFFFFF if base == FLOAT else 0xFFFFFFFF
    lanes = {i for i, s in enumerate(b[:n]) if is_imm(s) and s[3] & mask == 0 and not is_imm(a[i])}
    if not lanes or base == FLOAT and any(i not in lanes and not is_imm(a[i]) for i in range(n)):
        # a float remainder of run-time lanes by zero and non-zero divisors is one vector sequence in fxc's
        # optimiser, its reciprocal constant holding the infinity: X4579 (``v % float4(0, 1, 2, 0)``; an integer
        # one's lanes fold apart: ``(int4)v % int4(0, 3, 0, -2)`` compiles)
        return b, set()
    one = imm(0x3F800000 if base == FLOAT else 1)
    return [one if i in lanes else s for i, s in enumerate(b[:n])], lanes


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
