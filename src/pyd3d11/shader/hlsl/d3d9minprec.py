"""fxc's Direct3D 9 validator on minimum-precision code: X5003 / X5004 (pixel) and X5307 / X5308 (vertex).

At a Direct3D 9 target fxc writes its level-9 code, whose parameter tokens carry a minimum-precision mark
(bit 14, ``{min16f}`` in its disassembly) where the value is a min16float / min10float / min12int; the D3D9
validator then refuses the first marked token: "Reserved bit(s) set in destination parameter token!  Aborting
validation." (X5003 pixel / X5307 vertex) or "... in source N parameter token!" (X5004) / "... in parameter N
source token!" (X5308). The 4_0_level_9_x targets accept the marks; D3DCOMPILE_SKIP_VALIDATION skips the check.
The X3703 rules (precision.py) refuse min-precision locals, globals, returns and helper parameters first, so the
marks come from what passes them: casts, struct members, arrays, the entry point's inputs, ``inout`` and uniform
parameters.

Which tokens are marked (d3dcompiler_47 10.1 under Wine, session 47: its D3D9 code compiled with
D3DCOMPILE_SKIP_VALIDATION and disassembled, ~1,100 probe programs; tests/test_rules_hlsl_d3d9_s47.py):

- an *operation* computed at minimum precision that survives dead-code removal: an arithmetic operator,
  intrinsic, select or compound assignment whose operands are such values, literals, integers or bools and none
  of full precision (``(min16float)v + 0.5``, ``(min16float)v.x * i``, ``abs``, ``saturate``, ``length``, ``c ? m
  : 1``); a conversion to min12int; a comparison of such a value with a literal or another such value (``m >
  0.5``, ``m1 > m2``; ``m > f`` is full precision) -- where the comparison is an ``if``'s or a select's condition
  only in the forms :func:`_condition_site` names; a zero test of one (``if (m)``, ``!m``, ``m && f``, ``any(m)``).
  Not an operation: a cast or constructor (``(min16float)v``, ``(min16float)(int)v``, ``(min16float)(v > 0)``), a
  name, member or element, a negation, ``dot``, an operation with a full-precision operand (``m - f``, ``lerp(m,
  m, f)``, ``m * h`` of a half h), a constant it folds to (``g[0] * 0``); min16int / min16uint values are floats of
  D3D9 without a mark;
- a marked input element the code reads (its reads; at shader model 2 a TEXCOORD input's ``dcl`` too), a marked
  output element it writes;
- a marked constant the code reads (``min16float g[2]``, a struct member, a ``uniform min16float`` parameter;
  vs_1_1 leaves constant reads unmarked); an operation (not a comparison with a full-precision value) reading one
  copies it to a marked temporary first.

The first marked token decides the number: shader model 2 (ps_2_x, vs_2_x, vs_1_1) marks the destinations of
such values too -- a temporary, a TEXCOORD input's ``dcl``, an output -- and every such value is written before
it is read, so an operation, such an input read or an output write there is X5003 / X5307; constant reads alone (and a
vertex shader's condition ``m < K``) are X5004 / X5308. Shader model 3 marks sources only: X5004 / X5308 for each
of them, an output written from a full-precision value excepted (its literal is marked: ``o.c = 0``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...headers.d3dcompiler_types import D3DCOMPILE_SKIP_VALIDATION
from . import ast as A
from .diagnostics import HlslError
from .types import BOOL, DOUBLE, FLOAT, ArrayType, NumType, StructType, concrete

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .values import Val

#: the types whose values carry the mark: min16float, min10float and min12int (a min16int / min16uint is a float
#: of D3D9 unmarked)
_MARKED = frozenset({"min16float", "min10float", "min12int"})
#: D3D_MIN_PRECISION_FLOAT_16 / D3D_MIN_PRECISION_FLOAT_2_8 of a signature element
_MIN_FLOAT_ELEMENTS = frozenset({1, 2})
_COMPARISONS = frozenset({"==", "!=", "<", ">", "<=", ">="})
#: an expression's kind: a min-float value (a constant's own register: _MINC), full precision, or neither
_MINF, _MINC, _NEUTRAL, _FULL = "minf", "minc", "neutral", "full"
#: the condition of an early return (note_early_return)
_EARLY_RETURN = "early-return"
#: a comparison of a min-float value (kind): judged again where it is a condition (note_test)
_CMP = "cmp"
#: sites without a position, taken as surviving: a zero test (its instructions carry the enclosing expression's
#: position), and a mark on a source token alone (a vertex shader's condition ``m < K``)
_ALWAYS, _SOURCE = "always", "source"


def _min_float(t: object) -> bool:
    return isinstance(t, NumType) and t.prec in _MARKED


def _type_kind(t: object) -> str:
    """A value's kind by its type: min-float, full precision (float, half, double), or neither (an integer, a
    bool: ``m * i`` of an int i is computed at minimum precision)."""
    if not isinstance(t, NumType):
        return _NEUTRAL
    if t.prec in _MARKED:
        return _MINF
    return _FULL if concrete(t.base) in (FLOAT, DOUBLE) else _NEUTRAL


def _leaf(t: object) -> object:
    while isinstance(t, ArrayType):
        t = t.elem
    return t


def _combine(kinds: dict[int, str], nodes: list[A.Node]) -> str:
    """The precision an operation on these operands computes at: full with a full-precision operand, else
    minimum with a min-float one (literals, integers and bools take their partner's)."""
    ks = [kinds.get(id(n), _NEUTRAL if isinstance(n, A.Literal) else _FULL) for n in nodes]
    return _FULL if _FULL in ks else _MINF if _MINF in ks or _MINC in ks else _NEUTRAL


def _operands(e: A.Node) -> list[A.Node] | None:
    """The operands of an operation (None: ``e`` is no operation -- a name, member, element, cast, constructor,
    a plain assignment, a call of the program's own function)."""
    if isinstance(e, A.Assign):
        return None if e.op == "=" else [e.target, e.value]
    if isinstance(e, A.Binary):
        return [e.a, e.b]
    if isinstance(e, (A.Unary, A.Postfix)):
        return [e.a]
    if isinstance(e, A.Ternary):
        return [e.a, e.b]
    if isinstance(e, A.Call):
        return list(e.args)
    return None


def note_operation(cg: CodegenContext, e: A.Node, v: Val) -> None:
    """Record the precision ``e`` was evaluated at (read by the expression using it) and, where it is an
    operation at minimum float precision (module doc), its position: its instructions mark the program if any
    outlives dead-code removal."""
    if cg.d3d9 is None:
        return
    kinds = cg.d3d9_min_kinds
    if isinstance(e, A.Literal):
        kinds[id(e)] = _NEUTRAL
        return
    ops = None if isinstance(e, A.Call) and e.name in cg.funcs else _operands(e)
    if isinstance(e, A.Cast) and _leaf(e.type) is not None and getattr(_leaf(e.type), "prec", None) == "min12int" \
            and not v.const:
        cg.d3d9_min_sites.add(_ALWAYS)  # a conversion to min12int is an operation at its precision (no position:
        # its instruction is rebuilt by the conversion's folding)
    if ops is None:
        # a cast's or constructor's own type (the value converted keeps the generator's 32-bit type)
        kind = _type_kind(_leaf(e.type) if isinstance(e, (A.Cast, A.Construct)) else v.type)
        if isinstance(e, (A.Member, A.Index)) and kinds.get(id(e.a)) in (_MINF, _MINC) and kind == _FULL:
            kind = kinds[id(e.a)]  # a swizzle or element of an operation's result (its type keeps no precision)
        elif kind == _MINF and isinstance(e, (A.Ident, A.Member, A.Index)) and v.slots and all(isinstance(x, tuple) and x[0] == "cb" for x in v.slots):
            kind = _MINC  # a min-float constant: its register is marked where read
        kinds[id(e)] = kind
        return
    kind = _combine(kinds, ops)
    comparison = isinstance(e, A.Binary) and e.op in _COMPARISONS
    # an operation reading a min-float constant copies it to a marked temporary first, whatever it computes at
    # (``g[0] * f``: X5003 at ps_2_0, where ``return g[0];`` is X5004); a comparison with a full-precision value
    # reads it in place (``if (g[0] > f)``: X5004)
    reads_constant = any(kinds.get(id(n)) == _MINC for n in ops) and not isinstance(e, A.Unary) and not (
        comparison and kind == _FULL)
    # a negation or abs is a source modifier; dot is computed unmarked; ``&&`` / ``||`` / ``!`` / any / all test
    # their operands (note_test)
    computed = kind == _MINF and not comparison and not (
        isinstance(e, A.Unary) and e.op in ("-", "+", "!") or isinstance(e, A.Binary) and e.op in ("&&", "||")
        or isinstance(e, A.Call) and e.name in ("dot", "any", "all"))
    if isinstance(e, A.Call) and e.name in ("any", "all") and kind == _MINF:
        computed = True  # (the test of each component)
    if (computed or comparison and kind == _MINF or reads_constant) and not v.const:
        cg.d3d9_min_sites.add(cg.expr_pos)
    boolean = isinstance(v.type, NumType) and concrete(v.type.base) == BOOL
    if comparison and kind == _MINF and not v.const:
        kinds[id(e)] = _CMP  # (a condition's comparison is judged again by note_test)
        return
    kinds[id(e)] = _NEUTRAL if boolean or comparison else kind if _type_kind(v.type) != _NEUTRAL else _NEUTRAL


#: a comparison's operator with its operands swapped (``0.5 < m`` is ``m > 0.5``)
_SWAPPED = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}


def _literal_value(e: A.Node) -> float | None:
    if isinstance(e, A.Unary) and e.op == "-":
        inner = _literal_value(e.a)
        return None if inner is None else -inner
    if isinstance(e, A.Literal) and isinstance(e.value, (int, float)) and not isinstance(e.value, bool):
        return float(e.value)
    return None


def _condition_site(cg: CodegenContext, e: A.Binary) -> object | None:
    """The mark of a comparison of a min-float value consumed as a condition (an ``if``, a loop's or a select's
    test), or None: fxc tests the difference's sign (ps ``cmp``, vs ``slt`` / ``sge``) and marks only some forms
    (d3dcompiler_47 10.1, session 47, 144 probes), by the comparison made ``m OP K`` (operands swapped where the
    literal K is on the left): in a pixel shader ``==`` / ``!=``, and ``>`` / ``<=`` of a K other than 0 (its
    ``K - m`` reads the literal marked; ``m < K``, ``m >= K`` add a negated literal fxc makes unmarked); in a vertex
    shader every form, ``<`` / ``>=`` an early return's on a source alone (note_early_return); a comparison of two such values or of an operation's
    result is unmarked (fxc folds ``m + 1 < 0.5`` into ``m < -0.5``); one reading a min-float constant is marked."""
    kinds = cg.d3d9_min_kinds
    if any(kinds.get(id(x)) == _MINC for x in (e.a, e.b)):
        return _ALWAYS
    ka, kb = _literal_value(e.a), _literal_value(e.b)
    if (ka is None) == (kb is None):
        return None
    op, k, value = (e.op, kb, e.a) if kb is not None else (_SWAPPED[e.op], ka, e.b)
    if _operands(value) is not None and not isinstance(value, A.Call):
        return None  # an operation's result compared: folded into the comparison
    if cg.stage == "vs":
        return _SOURCE if op in ("<", ">=") and kinds.get(-id(e)) == _EARLY_RETURN else _ALWAYS
    return _ALWAYS if op in ("==", "!=") or op in (">", "<=") and k != 0 else None


def note_early_return(cg: CodegenContext, s: A.If) -> None:
    """Before an ``if``'s condition is generated: note an early return -- no else part, the then part a ``return``
    alone (``if (m < 0.5) return a; return bb;``) -- whose vertex-shader condition ``m < K`` / ``m >= K`` fxc tests
    with its result unmarked, the compared value read in place: a source mark alone (X5308 at vs_2_0; vs_1_1, whose
    constant reads are unmarked, compiles it). Every other form of that condition -- an assignment in the then
    part, an else part, a select ``m < K ? a : b`` -- writes the comparison to a marked temporary: X5307 at shader
    model 2 (d3dcompiler_47 10.1, session 48: vs_1_1 / vs_2_0 / vs_3_0)."""
    part = s.then
    while isinstance(part, A.Block) and len(part.stmts) == 1:
        part = part.stmts[0]
    if cg.d3d9 is not None and s.other is None and isinstance(part, A.Return):
        cg.d3d9_min_kinds[-id(s.cond)] = _EARLY_RETURN  # (a negative key: no expression's id)


def note_test(cg: CodegenContext, e: A.Node, v: Val, condition: bool = False) -> None:
    """A zero test of ``e`` (a condition, ``!``, ``&&`` / ``||``, a conversion to bool): of a min-float value, an
    operation at minimum precision. ``condition``: an ``if``'s, a loop's or a select's test, where a comparison
    is marked only in some forms (:func:`_condition_site`)."""
    if cg.d3d9 is None or v.const:
        return
    kind = cg.d3d9_min_kinds.get(id(e))
    if kind in (_MINF, _MINC):
        # the test's instructions carry the enclosing expression's position (a select's, a ``!``'s: dead with it);
        # a statement's condition has none and is taken as surviving
        cg.d3d9_min_sites.add(cg.expr_pos if cg.expr_pos is not None else _ALWAYS)
    elif kind == _CMP and condition and isinstance(e, A.Binary):
        from .exprs import span_pos

        pos = span_pos(e)  # (the comparison's own instructions)
        cg.d3d9_min_sites.discard(pos)
        site = _condition_site(cg, e)
        if site is _SOURCE:
            cg.d3d9_min_sites.add(_SOURCE)
        elif site is not None:
            cg.d3d9_min_sites.add(pos if pos is not None else _ALWAYS)


def _marked_words(cg: CodegenContext, t: object, off: int, out: set[tuple[int, int]]) -> None:
    """The (register, component) words of a constant of type ``t`` at byte ``off`` that hold min-float values."""
    if isinstance(t, StructType):
        offsets, _ = cg.field_offsets(t)
        for (_name, ft, *_rest), fo in zip(t.fields, offsets):
            _marked_words(cg, ft, off + fo, out)
    elif isinstance(t, ArrayType):
        size, _ = cg.cb_size(t.elem)
        stride = (size + 15) // 16 * 16
        for k in range(t.count or 0):
            _marked_words(cg, t.elem, off + k * stride, out)
    elif _min_float(t):
        out.update(cg.cb_slots(t, off))


def _reads_marked_constant(cg: CodegenContext) -> bool:
    from .layout import cb_reads

    reads = cb_reads(cg).words
    for cb in cg.cbufs:
        if cb.slot < 0 or cb.slot not in reads:
            continue
        words: set[tuple[int, int]] = set()
        for cv in cb.vars:
            _marked_words(cg, cv.decl.type, cv.offset, words)
        if words & reads[cb.slot]:
            return True
    return False


def _first_site(cg: CodegenContext):
    """The position of the first surviving operation at minimum float precision, _ALWAYS (a zero test) or
    _SOURCE (a mark on a source token alone), or None where none survives."""
    sites = cg.d3d9_min_sites
    for ins in cg.code:
        if ins.epos is not None and ins.epos in sites and not (ins.op == "mov" and ins.args[1].file == "l"):
            return ins.epos
    return _ALWAYS if _ALWAYS in sites else _SOURCE if _SOURCE in sites else None


def _min12int_semantics(entry: A.FuncDef | None) -> set[tuple[str, int]]:
    """(upper semantic name, index) of the entry point's min12int parameters and struct members: their signature
    elements are SINT_16 like a min16int's, but only they carry the mark."""
    from .values import split_semantic

    out: set[tuple[str, int]] = set()

    def visit(t: object, sem: str | None) -> None:
        if isinstance(t, StructType):
            for f in t.fields:
                visit(f[1], f[2] or sem)
            return
        count = t.count if isinstance(t, ArrayType) else 1
        if sem and getattr(_leaf(t), "prec", None) == "min12int":
            name, index = split_semantic(sem)
            out.update((name.upper(), index + k) for k in range(count or 1))

    for p in entry.params if entry is not None else ():
        visit(p.type, p.semantic)
    return out


def _marked_elements(elements: list, min12: set[tuple[str, int]]) -> dict[int, int]:
    """{register: mask} of the signature elements whose values carry the mark (min16float / min10float / min12int)."""
    out: dict[int, int] = {}
    for e in elements:
        if e.min_precision in _MIN_FLOAT_ELEMENTS or (e.name.upper(), e.index) in min12:
            out[e.reg] = out.get(e.reg, 0) | e.mask
    return out


def judge(cg: CodegenContext, entry: A.FuncDef | None) -> None:
    """After dead-code removal (cglisting): note the validator's X5003 / X5004 / X5307 / X5308 of a Direct3D 9
    target's program in ``cg.d3d9_min_error``, raised once the D3D9 code is written (compiler.py: every other
    error comes first)."""
    cg.d3d9_min_error = None
    if cg.d3d9 is None or cg.compile_flags & D3DCOMPILE_SKIP_VALIDATION:
        return
    from .sigusage import INPUT_FILES, input_reads, output_writes

    min12 = _min12int_semantics(entry)
    reads = input_reads(cg.code)
    read = {r for r, m in _marked_elements(cg.inputs, min12).items() for f in INPUT_FILES
            if reads.get((f, r), 0) & m or reads.get((f, -1), 0) & m}
    read_input = bool(read)
    # shader model 2 marks the ``dcl`` of a TEXCOORD input alone (a destination); POSITION, NORMAL, COLOR inputs
    # are marked where read (vs_2_0 ``return pos;`` of a min16float4 POSITION: X5308, of a TEXCOORD0: X5307)
    texcoord_read = any(e.reg in read and e.name.upper() == "TEXCOORD" for e in cg.inputs)
    min_outputs = _marked_elements(cg.outputs, min12)
    writes = output_writes(cg.code)
    written = any(writes.get(r, 0) & m for r, m in min_outputs.items())
    literal_written = any(
        ins.args and ins.args[0].file == "o" and ins.args[0].idx and ins.args[0].idx[0] in min_outputs
        and all(a.file == "l" for a in ins.args[1:]) for ins in cg.code)
    site = _first_site(cg)
    if site is _SOURCE and cg.d3d9 == "vs_1_1":
        site = None  # (the compared constant read in place: vs_1_1 leaves constant reads unmarked)
    sm2 = not cg.d3d9.endswith("_3_0")
    constant = cg.d3d9 != "vs_1_1" and _reads_marked_constant(cg)
    vertex = cg.stage == "vs"
    if sm2 and (site not in (None, _SOURCE) or texcoord_read or written):
        code = 5307 if vertex else 5003
        msg = "Reserved bit(s) set in destination parameter token!  Aborting validation."
    elif site is not None or read_input or constant or literal_written:
        code = 5308 if vertex else 5004
        msg = ("Reserved bit(s) set in parameter 1 source token!  Aborting validation." if vertex else
               "Reserved bit(s) set in source 1 parameter token!  Aborting validation.")
    else:
        return
    pos = site if site not in (None, _ALWAYS, _SOURCE) else entry.pos if entry is not None else None
    cg.d3d9_min_error = cg.err(pos, msg, code) if pos is not None else HlslError("", 1, 1, code, msg)


def validator_error(cg: CodegenContext) -> HlslError | None:
    """The error :func:`judge` noted, if any."""
    return cg.d3d9_min_error
