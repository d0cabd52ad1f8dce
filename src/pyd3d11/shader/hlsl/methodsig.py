"""The overloads of the resource-object methods: which trailing arguments each call shape carries.

Every texture method is a fixed head (sampler, location, and the method's own operands: bias, LOD,
compare value, gradients; a multisampled Load's sample index) followed by one of a few documented
tails (MicrosoftDocs win32 direct3dhlsl, one page per method and object; DXC's intrinsic table
utils/hct/gen_intrin_main.txt lists the same overloads):

- ``offset`` — an immediate texel offset; cube textures have none;
- ``clamp`` — a minimum-LOD clamp (Sample, SampleBias, SampleCmp, SampleGrad; shader model 5);
- ``status`` — ``out uint``: the tiled-resource residency of the access, for CheckAccessFullyMapped
  (shader model 5; the ``*_s`` instructions of D3D11.2);
- four offsets, one per gathered texel (GatherRed/Green/Blue/Alpha and the GatherCmp channel forms).

A call whose argument count matches no overload is fxc's X3013 "no matching N parameter intrinsic method".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cgstate import CodegenContext

CUBE_KINDS = frozenset({"TextureCube", "TextureCubeArray"})
MS_KINDS = frozenset({"Texture2DMS", "Texture2DMSArray"})

#: arguments before the tail, per method
HEAD = {"Sample": 2, "SampleBias": 3, "SampleCmp": 3, "SampleCmpLevelZero": 3, "SampleGrad": 4, "SampleLevel": 3,
        "Gather": 2, "GatherRed": 2, "GatherGreen": 2, "GatherBlue": 2, "GatherAlpha": 2,
        "GatherCmp": 3, "GatherCmpRed": 3, "GatherCmpGreen": 3, "GatherCmpBlue": 3, "GatherCmpAlpha": 3}

_O, _C, _S = "offset", "clamp", "status"
_CLAMPED = ((), (_O,), (_O, _C), (_O, _C, _S))  # Sample, SampleBias, SampleCmp, SampleGrad
_UNCLAMPED = ((), (_O,), (_O, _S))  # SampleLevel, SampleCmpLevelZero, Gather, GatherCmp, texture Load
_FOUR = ((), (_O,), (_O, _S), (_O,) * 4, (_O,) * 4 + (_S,))  # the channel-selecting gathers
_TAILS = {"Sample": _CLAMPED, "SampleBias": _CLAMPED, "SampleCmp": _CLAMPED, "SampleGrad": _CLAMPED,
          "SampleLevel": _UNCLAMPED, "SampleCmpLevelZero": _UNCLAMPED, "Gather": _UNCLAMPED, "GatherCmp": _UNCLAMPED}


def tails(kind: str, name: str) -> tuple[tuple[str, ...], ...]:
    """The documented tails of ``kind.name`` (sampling and gathering methods)."""
    t = _TAILS.get(name, _FOUR if name.startswith("Gather") else ())
    if kind in CUBE_KINDS:  # no texel offsets on cube textures
        t = tuple(dict.fromkeys(tuple(r for r in tail if r != _O) for tail in t))
    return t


def load_head(kind: str) -> int:
    """Arguments of Load before its tail: the location, and the sample index of a multisampled texture."""
    return 2 if kind in MS_KINDS else 1


def load_tails(kind: str) -> tuple[tuple[str, ...], ...]:
    """Textures with mips or samples take an offset; buffers, RW resources and raw/structured buffers do not."""
    if kind.startswith("RW") or kind in ("Buffer", "StructuredBuffer", "ByteAddressBuffer"):
        return ((), (_S,))
    return _UNCLAMPED


def no_matching(cg: CodegenContext, name: str, nargs: int, pos):
    """fxc's X3013 for a built-in object method called with an argument count no overload has, in fxc's wording
    (DXC SemaHLSL records it: ``'Load': no matching 1 parameter intrinsic method``). Returned for ``raise``."""
    return cg.err(pos, f"'{name}': no matching {nargs} parameter intrinsic method", 3013)


def check_numeric_parameter(cg: CodegenContext, name: str, v, n: int, nargs: int, pos, exact: bool = False,
                            kind: str = "method") -> None:
    """fxc 10.1's overload matching of one numeric argument of a resource method or an Interlocked* function against
    a parameter of ``n`` components (session 38, every object method's parameters x 15 argument shapes, recorded in
    tests/test_rules_hlsl_fxc_verdicts_acc38.py; the methods' pages give only the parameter types):

    - a matrix (``float1x1`` too), a structure or an object matches no numeric parameter;
    - a vector parameter (``n`` > 1: a location, an offset, Store2-4's value) takes a scalar or a vector of at least
      ``n`` components -- not a one-component vector;
    - a scalar parameter takes any vector (truncated) where fxc's table declares it so (a Buffer's location, a sample
      index, a LOD, bias, compare value or clamp), only a true scalar where ``exact`` (a byte address and the values
      of Store and the Interlocked* operations, a RW buffer's or structured buffer's Load location, a mip level).

    Anything else is X3013 "'name': no matching N parameter intrinsic method" (``kind`` "function" for the
    Interlocked* functions)."""
    from .types import NumType, StructType

    t = v.type
    if not isinstance(t, NumType) or isinstance(t, StructType) or t.shape == "m":
        ok = False
    elif n > 1:
        ok = t.shape == "s" or t.n >= n
    else:
        ok = not exact or t.shape == "s"
    if not ok:
        raise cg.err(pos, f"'{name}': no matching {nargs} parameter intrinsic {kind}", 3013)


def tail_roles(cg: CodegenContext, kind: str, name: str, head: int, options: tuple, nargs: int, pos) -> tuple:
    """The roles of the arguments after the head, or X3013 when no overload has ``nargs`` arguments. The
    clamp and status overloads are shader model 5 ones."""
    from .featuregates import LANGUAGE, denial

    sm5 = denial(LANGUAGE["feedback_overloads"], cg.stage, cg.major, cg.minor) is None
    for tail in options:
        # below 5.0 a Load's status form is taken and judged on the finished code: fxc 10.1 compiles it while the
        # status is unread (texops.drop_unread_feedback)
        if head + len(tail) == nargs and (sm5 or not (set(tail) & {_C, _S}) or (name == "Load" and _C not in tail)):
            return tail
    if not sm5 and name != "Load" and any(head + len(t) == nargs and {_C, _S} & set(t) for t in options):
        # the argument count is a clamp or status overload's: fxc 10.1 names the model (session 35, recorded under
        # Wine: "Texture1D Sample method for tiled resources requires shader model 5 or higher"; a cube's third
        # argument is its clamp; Gather is spelled GatherRed; Load's status form reaches fxc's validator instead)
        spelled = "GatherRed" if name == "Gather" else name
        raise cg.err(pos, f"{kind} {spelled} method for tiled resources requires shader model 5 or higher", 3535)
    raise no_matching(cg, name, nargs, pos)


def out_arg_type(cg: CodegenContext, node):
    """The type of the l-value ``node`` names (None: no l-value, or storage without a numeric type)."""
    from .assign import lvalue
    from .diagnostics import HlslError
    from .types import NumType

    try:
        lv = lvalue(cg, node)
    except HlslError:
        return None
    if read_only_memory(lv):
        return None
    t = lv[0] if isinstance(lv, tuple) and isinstance(lv[0], NumType) else \
        getattr(lv[1], "type", None) if isinstance(lv, tuple) and len(lv) > 1 else None
    return t if isinstance(t, NumType) else None


def read_only_memory(lv) -> bool:
    """Whether an l-value (assign.lvalue's answer) is an element of a read-only resource (a StructuredBuffer's
    ``sb[0]``, t#): no storage an out parameter can take (fxc 10.1, session 43, helper ACC: ``t.GetDimensions(
    sb[0])`` and ``sincos(x, sb[0], c)`` are X3013, as for a const variable; DXC write-const-arrays at 4.0)."""
    if not (isinstance(lv, tuple) and len(lv) == 2 and lv[0] == "mem"):
        return False
    obj = getattr(lv[1], "obj", None)
    return isinstance(obj, tuple) and len(obj) > 2 and obj[0] == "mem" and obj[2] == "t"


def unwritable_out_argument(cg: CodegenContext, node) -> bool:
    """Whether ``node``, passed to an intrinsic function's out parameter (sincos, modf, frexp, asuint's double form,
    an Interlocked* original value), matches no overload: anything but a literal that names no writable storage --
    a const local or parameter, a uniform global or cbuffer member, ``-1``, ``1 + 1``, ``(float)1``, ``float2(1,
    2).x``, ``a.x + 1``, ``x++``, ``a.xx``, ``c ? 1 : 2`` -- is fxc's X3013 "no matching N parameter intrinsic
    function"; a bare literal (``1``, ``(1)``, ``true``, ``1.5f``) matches and is refused when stored, X3025
    (d3dcompiler_47 10.1, session 43, helper ACC, every model; DXC SemaHLSL write-const-arrays). A cast of a
    variable (``(float)x``), an assignment and a prefix step are l-values and compile."""
    import re

    from . import ast as A
    from .assign import lvalue
    from .diagnostics import HlslError
    from .types import NumType, StructType

    if isinstance(node, A.Literal):  # (an assignment or prefix step arrives designated: its variable)
        return False
    try:
        if read_only_memory(lvalue(cg, node)):
            return True
        if isinstance(node, A.Member):  # a swizzle naming a component twice (``v.xx``) writes nowhere
            base = lvalue(cg, node.a)
            t = base[0] if isinstance(base, tuple) and base else None
            comps = re.findall(r"_m?\d\d", node.name) if node.name.startswith("_") else list(node.name)
            return isinstance(t, NumType) and not isinstance(t, StructType) and len(comps) != len(set(comps))
    except HlslError as exc:
        # X3500 "array reference cannot be used as an l-value; not natively addressable" (a row of a matrix picked
        # at run time, ``m[i].zx``) is storage to fxc's type rules; its code generation refuses the write later
        # (d3dcompiler_47 10.1, session 45: ``setv(m[q.x % 3].zx, 1)`` of ``out int2`` is X3500, X3511 in a loop)
        return exc.code < 4000 and exc.code != 3500
    return False


def is_plain(t, base: str) -> bool:
    """``t`` is the scalar ``base`` itself: not a one-component vector (``uint1``), not a minimum-precision type."""
    return t is not None and t.shape == "s" and t.base == base and t.prec is None


def out_uint_lvalue(cg: CodegenContext, node) -> bool:
    """Whether ``node`` is an l-value of type ``uint`` exactly -- what an ``out uint status`` parameter matches
    (``uint1``, ``min16uint``, ``int``, ``bool`` do not: fxc 10.1's X3013, session 37)."""
    from .types import UINT

    return is_plain(out_arg_type(cg, node), UINT)


def check_scalar_outputs(cg: CodegenContext, name: str, nodes: list, nargs: int, pos, floats: bool = True) -> None:
    """GetDimensions' outputs are ``out uint`` / ``out float`` scalars: an argument that is a vector (``uint1``,
    ``uint2``), a matrix or no l-value (``a + 1``) matches no overload -- fxc 10.1's X3013 (session 37, recorded in
    tests/test_rules_hlsl_fxc_objects_s37.py); a scalar of any numeric type converts. A literal is left to the
    store's X3025 -- an integer one always, a float one where a float overload takes it (``floats``: textures;
    a buffer's outputs are ``out uint`` only, so ``b.GetDimensions(1.5)`` is X3013). A buffer's output takes a
    ``uint`` (``dword``) variable only: ``int``, ``bool``, ``float``, ``half``, ``double`` and the minimum-precision
    types are X3013 there (fxc 10.1, Buffer / StructuredBuffer / RWByteAddressBuffer at ps_5_0 and cs_5_0, session
    39 ACC), while a texture's takes any numeric scalar."""
    from . import ast as A
    from .types import UINT

    for node in nodes:
        if isinstance(node, A.Literal) and (floats or node.base in ("lit_int", "int", "uint")):
            continue
        t = out_arg_type(cg, node)
        if t is None or t.shape != "s" or not (floats or is_plain(t, UINT)):
            raise no_matching(cg, name, nargs, pos)


def cube_array_uint_overload(types: list) -> bool:
    """Whether TextureCubeArray.GetDimensions' ``uint`` overload wins over its ``float`` one for out arguments of
    ``types`` (d3dcompiler_47 10.1 under Wine, session 37: all 125 combinations of uint / int / float / bool /
    min16uint at ps_5_0, and half, min16float, double, min16int, min12int, uint1 beside them, recorded in
    tests/test_rules_hlsl_fxc_objects_s37.py): no float-kind argument and no one-component vector, and either a
    plain ``uint`` among them or both a plain ``int`` and a ``min16uint``; any other mix ranks the float overload
    first (``int, int, int`` and ``min16uint`` x3 included). fxc's ranking itself is not documented."""
    from .types import DOUBLE, FLOAT, INT, UINT

    if any(t is None or t.shape != "s" or t.base in (FLOAT, DOUBLE) for t in types):
        return False
    if any(is_plain(t, UINT) for t in types):
        return True
    return any(is_plain(t, INT) for t in types) and any(t.base == UINT and t.prec == "min16uint" for t in types)


def check_status_argument(cg: CodegenContext, name: str, node, nargs: int, pos) -> None:
    """A method's ``out uint status`` argument matches only a ``uint`` l-value: any other type -- int, float, bool,
    a vector, a matrix, an array -- or an expression that is no l-value (``(uint)0``, ``v + 1``, ``int2(0, 0)``) is
    fxc 10.1's X3013 "no matching N parameter intrinsic method" (session 37, recorded in
    tests/test_rules_hlsl_fxc_objects_s37.py; the pages' "out uint status" says only the type). An integer
    literal (``0``, ``0u``) is matched and then refused as a constant, X3025, when the status is stored
    (assign.assign_to); a float literal is X3013."""
    from . import ast as A

    if isinstance(node, A.Literal) and node.base in ("lit_int", "int", "uint") or out_uint_lvalue(cg, node):
        return
    raise no_matching(cg, name, nargs, pos)


def check_raw_load_args(cg: CodegenContext, name: str, nargs: int, pos, counts: frozenset[int]) -> None:
    """A byte-address method's argument count is one of ``counts``; X3013 otherwise. A Load*'s (address, out status)
    overload is taken below 5.0 too and judged on the finished code as a texture Load's (texops.drop_unread_feedback:
    fxc 10.1 compiles ``o.Load4(0, st)`` at ps_4_0 / vs_4_0 / cs_4_0 while ``st`` is unread and refuses ``ld_raw_s``
    with its validator's X8000 where it is read; session 37, tests/test_rules_hlsl_fxc_objects_s37.py)."""
    if nargs not in counts:
        raise no_matching(cg, name, nargs, pos)


def check_buffer_info(cg: CodegenContext, pos) -> None:
    """GetDimensions of a buffer object compiles to bufinfo, which only shader model 5 has
    (featuregates.LANGUAGE['buffer_info']). Below it fxc 10.1 knows the method: where the target's refusals wait
    for dead-code removal the call is generated and only a bufinfo that survives is X4532 "cannot map expression
    to ps_4_0 instruction set" (``b.GetDimensions(w)`` with ``w`` unread compiles at ps_4_0 / vs_4_0 / cs_4_1, a
    read one is X4532, a float ``w`` still X3013; session 39 ACC, tests/test_rules_hlsl_fxc_verdicts_acc39.py)."""
    from .check import unmappable
    from .featuregates import LANGUAGE, gate_error
    from .intrinsics import judged_after_dead_code

    exc = gate_error(cg, LANGUAGE["buffer_info"], pos, "GetDimensions",
                     "invalid subscript '{name}' ({target} has no buffer-size query)")
    if exc is None:
        return
    if not judged_after_dead_code(cg):
        raise exc
    # every bufinfo is such a call below 5.0: the first recorded call's position stands for any survivor
    cg.pixel_ops_elsewhere.append((pos, frozenset({("bufinfo", ())}), False, unmappable(cg, pos)))


#: the residency-reporting (D3D11.2 "_s") form of each access instruction; sample, sample_b, sample_c and
#: sample_d exist only with a clamp operand in that form (an absent clamp is 0, no clamp)
FEEDBACK = {"ld": "ld_s", "ldms": "ldms_s", "ld_uav_typed": "ld_uav_typed_s", "ld_raw": "ld_raw_s",
            "ld_structured": "ld_structured_s", "sample": "sample_cl_s", "sample_b": "sample_b_cl_s",
            "sample_d": "sample_d_cl_s", "sample_c": "sample_c_cl_s", "sample_l": "sample_l_s",
            "sample_c_lz": "sample_c_lz_s", "gather4": "gather4_s", "gather4_c": "gather4_c_s",
            "gather4_po": "gather4_po_s", "gather4_po_c": "gather4_po_c_s"}
#: feedback forms that carry a clamp operand after the others
CLAMPED_FEEDBACK = frozenset({"sample_cl_s", "sample_b_cl_s", "sample_d_cl_s", "sample_c_cl_s"})

_SAMPLING = frozenset({"Sample", "SampleBias", "SampleCmp", "SampleCmpLevelZero", "SampleGrad", "SampleLevel",
                       "CalculateLevelOfDetail", "CalculateLevelOfDetailUnclamped"})
_GATHER = frozenset(n for n in HEAD if n.startswith("Gather"))
#: the methods each texture object has (the reference's page of each object); Gather exists for the 2-D and
#: cube forms only, Load for everything but cubes, GetSamplePosition for multisampled textures only, the
#: comparison samples for everything but Texture3D
_TEXTURE_METHODS = {
    "Texture1D": _SAMPLING | {"GetDimensions", "Load"},
    "Texture1DArray": _SAMPLING | {"GetDimensions", "Load"},
    "Texture2D": _SAMPLING | _GATHER | {"GetDimensions", "Load"},
    "Texture2DArray": _SAMPLING | _GATHER | {"GetDimensions", "Load"},
    # no comparison sampling of volumes: the SampleCmp/SampleCmpLevelZero pages list 1D, 2D and cube textures and
    # their arrays, sample_c's resource is no Texture3D (D3D11.3 §22.4.19), DXC's table gives Texture3D neither
    "Texture3D": (_SAMPLING - {"SampleCmp", "SampleCmpLevelZero"}) | {"GetDimensions", "Load"},
    "TextureCube": _SAMPLING | _GATHER | {"GetDimensions"},
    "TextureCubeArray": _SAMPLING | _GATHER | {"GetDimensions"},
    "Texture2DMS": frozenset({"GetDimensions", "GetSamplePosition", "Load"}),
    "Texture2DMSArray": frozenset({"GetDimensions", "GetSamplePosition", "Load"}),
    "Buffer": frozenset({"GetDimensions", "Load"}),
}


def has_method(kind: str, name: str) -> bool | None:
    """Whether texture/typed-buffer ``kind`` has method ``name`` (RW forms: GetDimensions and Load only);
    None for other objects (their own modules decide)."""
    if kind.startswith("RW") and kind[2:] in _TEXTURE_METHODS:
        return name in ("GetDimensions", "Load")
    methods = _TEXTURE_METHODS.get(kind)
    return None if methods is None else name in methods


def arguments_first(cg: CodegenContext, arg_nodes: list, exc: Exception) -> Exception:
    """The error of a built-in object method or Interlocked* call that matched no overload (X3013) or named no
    method (X3088): fxc type-checks every argument, left to right, before it matches the call, so an argument's own
    error comes first -- ``t.GetDimensions(local[0])`` with ``local`` undeclared is X3004, ``t.Foo(float2(1, 2,
    3))`` X3014, ``t.GetDimensions(w, a.q)`` X3018 (d3dcompiler_47 10.1, session 43, helper ACC; DXC SemaHLSL
    write-const-arrays). Only the type rules' errors (X3000-X3499) count: the later phases (a target's gate, X3676
    for a typed UAV read at cs_4_0; flow errors, X4000 and later) are judged after the match. Returned for
    ``raise``."""
    from .diagnostics import HlslError
    from .exprs import expr

    if not isinstance(exc, HlslError) or exc.code not in (3013, 3088):
        return exc
    for a in arg_nodes:
        try:
            expr(cg, a)
        except HlslError as inner:
            if inner.code < 3500:
                return inner
    return exc
