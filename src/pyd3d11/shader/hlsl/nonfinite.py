"""fxc's error X4579 "NaN and infinity literals not allowed by shader model" at the Direct3D 9 and 4_0_level_9_x
targets (MicrosoftDocs "HLSL errors and warnings" lists the number without a rule; the rule below is
d3dcompiler_47 10.1's, probed under Wine in session 37: tests/test_hlsl_fxc_nonfinite_s37.py).

Shader model 2/3 bytecode has no way to spell an infinite or NaN constant, so fxc refuses a program whose
optimised code still holds one where a float is computed or written: ``p * 1e40``, ``return 0.0 / 0.0;``,
``p / 0`` (a reciprocal of 0), ``x ? p : 1e40``, a folded intrinsic (``exp(100)``, ``log(0.0)``, ``sqrt(-1.0)``,
``pow(10, 40)``, ``rcp(0.0)``), a ``static const`` initialised so, a lane written with one. What its optimiser
removes first compiles: an unused constant, a product with a literal 0 (``p + 1e40 * 0``), ``min(x, +inf)`` and
``max(x, -inf)`` (the other operand), a comparison with one (fxc folds ``x < 1e40`` to true). A constant of a
uniform global (``float k = 1e40;``) is no literal of the program. ``asfloat`` of an integer constant is the
integer's value below shader model 4 (fxc's listing of ``asfloat(0x7f800000)`` at ps_2_0 is ``2.13909504e+009``),
never infinite, so the bits it gives are not judged here (``cg.reinterpreted_bits``)."""

from __future__ import annotations

from ..dxbc.opcodes import BY_NAME
from .operands import Ins

#: comparisons: fxc folds a comparison with an infinite or NaN constant, so the constant never reaches the code
_COMPARES = frozenset({"lt", "ge", "eq", "ne"})
#: operations that pass a value on whatever its type (a mov's, a select's value operands): their constants are
#: judged by where the value goes
_TYPELESS = {"mov": (1,), "movc": (2, 3), "swapc": (3, 4)}
_POS_INF = 0x7F800000
_NEG_INF = 0xFF800000


def nonfinite(bits: int) -> bool:
    """Whether a 32-bit pattern is an IEEE infinity or NaN."""
    return (bits >> 23) & 0xFF == 0xFF


def _lanes(ins: Ins, k: int) -> list[int]:
    """The 32-bit constants operand ``k`` (an immediate) feeds to the lanes the instruction computes."""
    a = ins.args[k]
    vals = list(a.imm)
    if a.comps is not None and len(vals) == 4:
        vals = [vals[c] for c in a.comps]
    if a.mod in ("abs", "-abs"):
        vals = [v & 0x7FFFFFFF for v in vals]
    if a.mod in ("-", "-abs"):
        vals = [v ^ 0x80000000 for v in vals]
    return vals


def nonfinite_operation(name: str, srcs: list[list]) -> bool:
    """Whether an operation on immediates makes an infinity below shader model 4, where integers are floats: an
    integer division or remainder by 0 (a float division there). The code generator does not fold it there."""
    if name in ("udiv", "urem"):
        return len(srcs) > 1 and any(s[3] == 0 for s in srcs[1])
    return False


def _float_operands(ins: Ins) -> list[int]:
    """Source operands of ``ins`` read as floats by an operation that computes with them."""
    info = BY_NAME.get(ins.op)
    if info is None or info.num_operands != len(ins.args) or ins.op in _COMPARES or ins.op in _TYPELESS:
        return []
    types = info.operand_types
    return [k for k in range(info.num_dst, len(ins.args)) if k < len(types) and types[k] == "f"]


def _judged(ins: Ins, k: int, bits: int) -> bool:
    """Whether the non-finite constant ``bits`` in operand ``k`` survives fxc's optimiser: ``min`` with +inf and
    ``max`` with -inf are their other operand."""
    if ins.op == "min" and bits == _POS_INF or ins.op == "max" and bits == _NEG_INF:
        return False
    return True


def _reaches_float(code: list[Ins], i: int, lanes: set[tuple[int, int]], outputs: dict[int, int], depth: int = 0) -> bool:
    """Whether the temp components ``lanes`` written by ``code[i]`` (a typeless copy of a constant) are next read
    as floats: by a float operation, or copied on into a float output (the signature's component type 3)."""
    if depth > 8 or not lanes:
        return False
    live = set(lanes)
    for ins in code[i + 1:]:
        if not live:
            return False
        fl = set(_float_operands(ins))
        typeless = _TYPELESS.get(ins.op, ())
        for k, a in enumerate(ins.args[1:], start=1):
            if a.file != "r" or not a.idx:
                continue
            comps = a.comps if a.comps is not None else (0, 1, 2, 3)
            if not any((a.idx[0], c) in live for c in comps):
                continue
            if k in fl:
                return True
            if k in typeless:
                d = ins.args[0]
                if d.file == "o" and d.idx and outputs.get(d.idx[0]) == 3:
                    return True
                if d.file == "r" and d.idx:
                    dl = {(d.idx[0], c) for c in (d.comps if d.comps is not None else (0, 1, 2, 3))}
                    if _reaches_float(code, code.index(ins, i + 1), dl, outputs, depth + 1):
                        return True
        d = ins.args[0] if ins.args else None
        if d is not None and d.file == "r" and d.idx and d.rel is None:
            live -= {(d.idx[0], c) for c in (d.comps if d.comps is not None else (0, 1, 2, 3))}
    return False


def _zero_division(ins: Ins) -> bool:
    """A float ``div`` by an immediate 0, or a ``udiv`` by an immediate 0 in some lane (below shader model 4: a float division giving an infinity): a
    quotient, or the remainder of a constant (fxc folds ``1 % 0`` to a NaN; ``i % 0`` of a run-time ``i``
    compiles with the warning alone)."""
    if ins.op == "div" and len(ins.args) == 3 and ins.args[2].file == "l":
        # a float division is a product with the reciprocal there, also at /Od (``p / 0`` is X4579)
        return any(b & 0x7FFFFFFF == 0 for b in _lanes(ins, 2))
    if ins.op != "udiv" or len(ins.args) != 4 or ins.args[3].file != "l":
        return False
    if ins.args[0].file == "null" and ins.args[2].file != "l":
        return False
    return any(b == 0 for b in _lanes(ins, 3))


def judges_nonfinite(cg) -> bool:
    """Whether the target refuses non-finite float constants (X4579): the Direct3D 9 and level-9 targets."""
    return bool(cg.d3d9 or cg.level9)


def gather_after_check(cg, refactor: bool, ieee: bool) -> None:
    """fxc judges X4579 before it gathers constant chains (constchain.py): ``p * 1e38 * 1e38`` compiles at ps_2_0
    and ps_4_0_level_9_1 and both programs multiply by ``1.#INF`` (``-(p * 1e38) * 1e38`` by ``-1.#INF``,
    ``(p + 3e38) + 3e38`` adds it; d3dcompiler_47 10.1's listings, session 41), while ``p * (1e20 * 1e20)``, folded
    by the front end, is X4579. So at the judged targets the optimiser first withholds the gathers that would make
    a non-finite constant (optimize_code's ``finite``), :func:`check_nonfinite_literals` judges that code, and the
    withheld gathers are made here, after it."""
    if not judges_nonfinite(cg) or not refactor:
        return
    from .constchain import fold_constant_chains
    from .optimize import optimize_code

    if fold_constant_chains(list(cg.code))[1]:
        cg.code[:] = optimize_code(cg.code, refactor, ieee)


def check_nonfinite_literals(cg, code: list[Ins] | None = None) -> None:
    """Raise X4579 at the first instruction of ``code`` (the optimised program) that computes with, or writes
    to a float output, an infinite or NaN float constant; only at the Direct3D 9 and level-9 targets."""
    if not judges_nonfinite(cg):
        return
    code = cg.code if code is None else code
    exempt = cg.reinterpreted_bits
    outputs = {e.reg: e.ctype for e in cg.outputs}
    for i, ins in enumerate(code):
        hit = _zero_division(ins)
        for k in [] if hit else _float_operands(ins):
            if ins.args[k].file == "l":
                hit = any(nonfinite(b) and b not in exempt and _judged(ins, k, b) for b in _lanes(ins, k))
                if hit:
                    break
        if not hit and ins.op in _TYPELESS:
            for k in _TYPELESS[ins.op]:
                if k < len(ins.args) and ins.args[k].file == "l" and any(
                        nonfinite(b) and b not in exempt for b in _lanes(ins, k)):
                    d = ins.args[0]
                    if d.file == "o" and d.idx and outputs.get(d.idx[0]) == 3:
                        hit = True
                    elif d.file == "r" and d.idx:
                        comps = d.comps if d.comps is not None else (0, 1, 2, 3)
                        hit = _reaches_float(code, i, {(d.idx[0], c) for c in comps}, outputs)
                if hit:
                    break
        if hit:
            _refuse(cg, ins)
    from .twovalued import first_nonfinite_select

    # a select of two constants, one of them folded to an infinity or NaN (twovalued.py; pixel shaders)
    ins = first_nonfinite_select(code, cg.bool_cb_slots) if cg.stage == "ps" else None
    if ins is not None:
        _refuse(cg, ins)


def _refuse(cg, ins: Ins) -> None:
    pos = ins.epos
    if pos is None:
        from .overload import entry_definition

        entry = entry_definition(cg)
        pos = entry.pos if entry is not None else None
    raise cg.err(pos, "NaN and infinity literals not allowed by shader model", 4579)

