"""The ``dcl_globalFlags`` declaration of a compiled program (D3D11.3 spec §22.3.2 global flags; fxc's
choices read from the corpus listings).

- ``refactoringAllowed``: fxc sets it unless D3DCOMPILE_IEEE_STRICTNESS forbids reordering arithmetic; a 4.0
  vertex / pixel / geometry shader writes it only beside another flag (global_flags_decl).
- ``enableDoublePrecisionFloatOps`` / ``enable11_1DoubleExtensions``: double instructions (doubles.py).
- ``forceEarlyDepthStencil``: ``[earlydepthstencil]`` on a pixel shader entry point (SM 5.0).
- ``enableRawAndStructuredBuffers``: a non-compute shader of model 4.x that declares a raw or
  structured buffer (they are optional on 10.x hardware; ParticleDraw_VS of the corpus shows it).
- ``enable11_1ShaderExtensions``: the D3D11.1 instructions (msad).
- ``skipOptimization``: D3DCOMPILE_SKIP_OPTIMIZATION (fxc /Od) from shader model 4.1 (fxc 10.1; a 4.0 compute
  shader too).
- ``allResourcesBound``: D3DCOMPILE_ALL_RESOURCES_BOUND (fxc /all_resources_bound) at shader model 5.1 -- the
  D3DCOMPILE constants page: "Directs the compiler to ensure all resources are bound", "Only applies to DirectX 12 /
  Shader Model 5.1"; the program's D3D12_SB_GLOBAL_FLAG_ALL_RESOURCES_BOUND (D3D12TokenizedProgramFormat.hpp,
  bit 19). Below 5.1 the flag is ignored (inferred from the page's note: no 11.x bit exists for it).
- ``enableMinimumPrecision``: the program's interface holds a minimum-precision type (min16float, min10float,
  min16int, min12int, min16uint: MicrosoftDocs "Scalar Types" and "Using HLSL minimum precision" — D3D11.1;
  ``half`` is float on SM4/5 and sets nothing) -- a signature element, a constant or resource read -- or the
  code computes a value of one (uses_min_precision, min_precision_operation; fxc 10.1, session 38). Its SFI0 bit is
  D3D_SHADER_REQUIRES_MINIMUM_PRECISION (stat.program_feature_flags). The arithmetic itself stays 32-bit,
  which the docs allow ("at least" that precision) and which this device reports (its
  D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT is 0: full precision only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...headers.d3dcompiler_types import (
    D3DCOMPILE_ALL_RESOURCES_BOUND,
    D3DCOMPILE_IEEE_STRICTNESS,
    D3DCOMPILE_SKIP_OPTIMIZATION,
)
from . import ast as A
from .types import FLOAT, MIN_PRECISION, ArrayType, NumType, ObjectType, StructType, concrete
from .values import scoped

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .values import Val

#: the minimum-precision scalar types (``half`` is not one of them on SM4/5)
MIN_PRECISION_TYPES = frozenset(MIN_PRECISION)

_RAW_OR_STRUCTURED = ("dcl_resource_raw", "dcl_resource_structured", "dcl_uav_raw", "dcl_uav_structured")
_EXTENSION_OPS = frozenset({"msad"})
#: asm names in bit order (the order fxc prints them)
_ORDER = ("refactoringAllowed", "enableDoublePrecisionFloatOps", "forceEarlyDepthStencil",
          "enableRawAndStructuredBuffers", "skipOptimization", "enableMinimumPrecision", "enable11_1DoubleExtensions",
          "enable11_1ShaderExtensions", "allResourcesBound")


def _min_precision(t, seen: set[int] | None = None) -> bool:
    seen = set() if seen is None else seen
    if id(t) in seen:
        return False
    seen.add(id(t))
    if isinstance(t, NumType):
        return t.prec in MIN_PRECISION_TYPES
    if isinstance(t, ArrayType):
        return _min_precision(t.elem, seen)
    if isinstance(t, StructType):
        return any(_min_precision(f[1], seen) for f in t.fields)
    if isinstance(t, ObjectType) and t.elem is not None:
        # a resource of minimum-precision elements (``Texture2D<min16float4>``): fxc 10.1 sets the flag when
        # one is used (session 38, REFL)
        return _min_precision(t.elem, seen)
    return False


def uses_min_precision(cg: CodegenContext, names: set[str], fdef: A.FuncDef) -> bool:
    """Whether the program's interface holds a minimum-precision value: a parameter or the return value of the
    entry point ``fdef`` (or of a hull shader's patch-constant function) -- its signatures -- or a global it reads
    (``names``: a constant, a resource of minimum-precision elements). fxc 10.1 (session 38, REFL) sets the flag
    for those and for an operation computed at minimum precision (min_precision_operation), not for a local, a
    cast or a helper's parameter whose value is only converted (``min16float4 m = a; return m;`` sets none)."""
    from .layout import global_var_decls

    funcs = [fdef]
    pcf = fdef.attrs.get("patchconstantfunc")
    if pcf and isinstance(pcf[0], A.Literal) and isinstance(pcf[0].value, str):
        funcs += [f for f in cg.funcs.get(pcf[0].value, []) if f.body is not None]
    for f in funcs:
        if _min_precision(f.ret) or any(_min_precision(p.type) for p in f.params):
            return True
    return any(d.name in names and _min_precision(d.type) for d in global_var_decls(cg.prog))


#: expressions that compute a value (an operation), as opposed to naming, converting or constructing one
_OPERATIONS = (A.Binary, A.Unary, A.Postfix, A.Call, A.Ternary, A.Assign)
_MIN, _FULL, _LITERAL = "min", "full", "literal"


def _combine(kinds: list[str]) -> str:
    """The precision an operation on operands of these kinds computes at: full if any operand is full precision,
    minimum if one is (a literal takes its partner's precision: ``i * 2`` of a min16int is min16int)."""
    return _FULL if _FULL in kinds else _MIN if _MIN in kinds else _LITERAL


def _operands(e: A.Node) -> list[A.Node]:
    """The operands whose precision an operation computes at. A shift's is its value's alone (the result has the
    left operand's type): ``(min16uint)u << w`` is computed at minimum precision, ``u << (min16uint)w`` is not
    (fxc 10.1, session 39)."""
    if isinstance(e, A.Binary) and e.op in ("<<", ">>"):
        return [e.a]
    if isinstance(e, A.Assign) and e.op in ("<<=", ">>="):
        return [e.target]
    if isinstance(e, A.Binary):
        return [e.a, e.b]
    if isinstance(e, (A.Unary, A.Postfix)):
        return [e.a]
    if isinstance(e, A.Ternary):
        return [e.a, e.b]
    if isinstance(e, A.Call):
        return list(e.args)
    if isinstance(e, A.Assign):
        return [e.target, e.value]
    return []


_COMPARISONS = frozenset({"==", "!=", "<", ">", "<=", ">="})


def _modifier_only(e: A.Node, v: Val) -> bool:
    """A float negation or abs: a source modifier of the instruction using it, no operation of its own; and
    ``dot``, whose dp2 / dp3 / dp4 fxc computes without the flag (``dot(m, m)`` sets none, ``length(m)`` does)."""
    is_float = isinstance(v.type, NumType) and concrete(v.type.base) == FLOAT
    return isinstance(e, A.Call) and e.name == "dot" or is_float and (
        isinstance(e, A.Unary) and e.op in ("-", "+") or isinstance(e, A.Call) and e.name == "abs")


def _declared_kind(cg: CodegenContext, e: A.Node) -> str:
    """The precision of a variable named by ``e`` (a name, a swizzle or element of one) as declared: the base
    of a swizzle is read without an evaluation of its own."""
    from .values import CbVar

    while isinstance(e, (A.Member, A.Index)):
        e = e.a
    if not isinstance(e, A.Ident):
        return _FULL
    found = scoped(cg.scopes, e.name)
    if found is None:
        g = cg.globals.get(e.name)
        found = g.decl if isinstance(g, CbVar) else None
    t = getattr(found, "type", None)
    return _MIN if isinstance(t, NumType) and t.prec in MIN_PRECISION_TYPES else _FULL


def note_min_precision(cg: CodegenContext, e: A.Node, v: Val) -> None:
    """Record the precision ``e`` was evaluated at (``cg.min_precision_kinds``, read by the expression using it)
    and set ``cg.min_precision_ops`` when ``e`` computed a minimum-precision value at run time -- the rule fxc
    10.1 follows (session 38, recorded in tests/data/reflection_s38_fxc10_1.json):

    - an operator, an intrinsic or a compound assignment all of whose non-literal operands are min16float,
      min10float, min16int, min12int or min16uint (a literal takes its partner's precision) and whose result is
      no constant (fxc folds constants away);
    - a comparison only of such a value with a literal (``m.x < 0.5``; two such values compare unflagged);
    - not a name, member, element, cast or constructor of such a type (``min16float4 m = a; return m;``), nor an
      operation with a full-precision operand (``m / p``), a float negation or abs (a source modifier), ``dot``,
      or a call of the program's own function (its body's operations are judged one by one)."""
    kinds = cg.min_precision_kinds
    if isinstance(e, A.Literal):
        kinds[id(e)] = _LITERAL
        return
    own_call = isinstance(e, A.Call) and e.name in cg.funcs
    if isinstance(e, (A.Member, A.Index)) and _MIN in (kinds.get(id(e.a)), _declared_kind(cg, e.a)):
        kind = _MIN  # a swizzle, member or element of a minimum-precision value
    elif isinstance(e, _OPERATIONS) and not own_call and not (isinstance(e, A.Assign) and e.op == "="):
        # an operand some lowering read without an evaluation of its own is judged by its declaration
        operands = [kinds.get(id(x)) or (_LITERAL if isinstance(x, A.Literal) else _declared_kind(cg, x))
                    for x in _operands(e)]
        kind = _combine(operands)
        if isinstance(e, A.Binary) and e.op in _COMPARISONS:
            computed = sorted(operands) == [_LITERAL, _MIN]
            kind = _FULL
        else:
            computed = kind == _MIN and not _modifier_only(e, v)
        if computed and not v.const:
            _computed_here(cg)
        if kind == _LITERAL and isinstance(v.type, NumType) and v.type.prec in MIN_PRECISION_TYPES:
            kind = _MIN
    elif isinstance(e, A.Ident):
        kind = _declared_kind(cg, e)
    elif isinstance(e, (A.Cast, A.Construct)):
        # a conversion to (or constructor of) a minimum-precision type is such a value, whatever precision the
        # compiler's own value keeps: ``(min16uint)u + (min16uint)w`` is computed at minimum precision (fxc 10.1,
        # session 39; tests/test_rules_d3dcompiler_refl_s39.py)
        t = e.type
        while isinstance(t, ArrayType):
            t = t.elem
        kind = _MIN if isinstance(t, NumType) and t.prec in MIN_PRECISION_TYPES else _FULL
    else:
        kind = _MIN if isinstance(v.type, NumType) and v.type.prec in MIN_PRECISION_TYPES else _FULL
    kinds[id(e)] = kind


def note_min_precision_array(cg: CodegenContext, t: ArrayType) -> None:
    """A run-time index into an array of minimum-precision values (read or written: ``min16uint arr[4]; arr[i] =
    x;``, ``return arr[i];``) is an operation at minimum precision: fxc 10.1 sets the flag whatever the index
    reaches (session 39; tests/test_rules_d3dcompiler_refl_s39.py). An array of structs holding such a member
    does not."""
    e = t.elem
    while isinstance(e, ArrayType):
        e = e.elem
    if isinstance(e, NumType) and e.prec in MIN_PRECISION_TYPES:
        _computed_here(cg)


def note_min_precision_conversion(cg: CodegenContext, v: Val, t: object, out: Val) -> None:
    """A cast of an integer or bool value to min16float / min10float (``(min16float)u.x``, ``(min16float2)i.xy``,
    ``(min16float)(bool)b``) is an operation at minimum precision (its itof / utof / and), where a float made a
    minimum-precision float or any value made a min16int / min16uint is not (d3dcompiler_47 10.1 under Wine,
    session 43: ``return (float)(min16float)u.x;`` sets the flag, ``(float)(min16int)p.x`` none). Only the cast: an
    implicit conversion (``min16float v = u.x;``, flagged by fxc too) is not judged."""
    s = v.type
    while isinstance(t, ArrayType):
        t = t.elem
    if isinstance(t, NumType) and isinstance(s, NumType) and t.prec in _MIN_FLOATS and not out.const and \
            concrete(s.base) != FLOAT and s.prec not in _MIN_FLOATS:
        _computed_here(cg)


#: the minimum-precision float types
_MIN_FLOATS = frozenset({"min16float", "min10float"})


def _computed_here(cg: CodegenContext) -> None:
    """The expression being evaluated computes a minimum-precision value: its instructions (those carrying its
    position, ``Ins.epos``) set the flag if any of them outlives dead-code removal (:func:`settle_min_precision`)."""
    cg.min_precision_ops = True
    cg.min_precision_sites.add(cg.expr_pos)


def settle_min_precision(cg: CodegenContext) -> None:
    """After dead-code removal: the flag for operations stands only where an instruction of a minimum-precision
    operation is left in the program (a constant it folded to, a ``mov`` of a literal, is none). d3dcompiler_47 10.1
    under Wine, session 43: ``min16float m = (min16float)a.x * (min16float)a.y; return a;`` -- and the same in an
    ``if`` arm, or overwritten, or ``return m * 0`` -- sets neither the flag (SFI0's
    D3D_SHADER_REQUIRES_MINIMUM_PRECISION) nor the ISG1 / OSG1 signature forms; ``return m;`` sets both (random
    programs of tools/hlsl_gen declare such locals in dead code, half of them differed). An operation whose
    position is unknown keeps the flag."""
    sites = cg.min_precision_sites
    if not cg.min_precision_ops or None in sites:
        return
    cg.min_precision_ops = any(ins.epos in sites and not (ins.op == "mov" and ins.args[1].file == "l")
                               for ins in cg.code)


def global_flags_decl(cg: CodegenContext, decls: list[str]) -> list[str]:
    """The declaration line (or none when no flag applies) for ``cg``'s program whose other
    declarations are ``decls``."""
    from .doubles import global_flags

    flags = set(global_flags(cg))
    if not cg.compile_flags & D3DCOMPILE_IEEE_STRICTNESS:
        flags.add("refactoringAllowed")
    if cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION and cg.major >= 4:
        # fxc 10.1 writes it at 4.1 and 5.x and for a 4.0 compute shader (session 38, REFL); see the 4.0 rule below
        flags.add("skipOptimization")
    if cg.stage == "ps" and "earlydepthstencil" in cg.entry_attrs and cg.major >= 5:
        # an SM 5 flag: fxc 10.1 ignores the attribute on a ps_4_0 entry (DXDecompiler's 3Dmigoto resource_types_4:
        # ``[earlydepthstencil]``, globalFlags without it; the docs' attribute page names Shader Model 5)
        flags.add("forceEarlyDepthStencil")
    if cg.major == 4 and cg.stage != "cs" and any(d.startswith(_RAW_OR_STRUCTURED) for d in decls):
        flags.add("enableRawAndStructuredBuffers")
    if any(ins.op in _EXTENSION_OPS for ins in cg.code):
        flags.add("enable11_1ShaderExtensions")
    if cg.min_precision_used or cg.min_precision_ops:
        flags.add("enableMinimumPrecision")
    if cg.compile_flags & D3DCOMPILE_ALL_RESOURCES_BOUND and (cg.major, cg.minor) >= (5, 1):
        flags.add("allResourcesBound")
    if (cg.major, cg.minor) == (4, 0) and cg.stage != "cs" and not flags - {"refactoringAllowed", "skipOptimization"}:
        # a shader model 4.0 vertex, pixel or geometry shader (level 9 too) declares neither refactoringAllowed nor
        # skipOptimization (/Od) unless another flag is declared: fxc 10.1 (session 38, REFL) and 9.30 (the
        # SlimShader corpus' 4_0 listings) alike; a 4.0 compute shader and every 4.1 / 5.x program declare them
        return []
    ordered = [f for f in _ORDER if f in flags]
    return ["dcl_globalFlags " + " | ".join(ordered)] if ordered else []
