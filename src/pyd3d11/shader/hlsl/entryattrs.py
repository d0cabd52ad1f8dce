"""Integer arguments of entry-point attributes (``[maxvertexcount(n)]``, ``[instance(n)]``,
``[outputcontrolpoints(n)]``) read as fxc reads them.

An argument is any expression fxc folds to a constant — a literal, arithmetic on literals, a ``static const``
variable or a component of one (DXC's SemaHLSL attributes test: ``[maxvertexcount(sc_count + 3)]`` and
``[maxvertexcount(sc_count4.w)]`` pass fxc). fxc's verdicts there for an argument that is not a non-negative
integer constant:

- a negative integer: ``error X3084: cannot match attribute maxvertexcount, non-uint parameters found``;
- an integer that is not constant (a uniform): ``error X3084: non-literal parameter(s) found for attribute
  maxvertexcount``;
- a float (literal, ``static const`` or uniform): two ``warning X3554`` ("cannot match attribute …, parameter 1
  is expected to be of type int" and "unknown attribute …, or attribute invalid for this statement") and the
  attribute is ignored, so a required one is then missing (``X3514 … must have a max vertex count``).

Attributes of functions other than the entry point are not read at all (the same test: fxc accepts
``[domain("blerch")]``, ``[outputcontrolpoints(-1)]``, ``[numthreads]`` on ordinary functions)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import numpy as np

from ...errors import NotSupportedError
from . import ast as A
from .diagnostics import HlslError, Pos
from .featuregates import NUMTHREADS_LIMITS
from .types import BOOL, DOUBLE, FLOAT, INT, UINT, NumType, concrete

if TYPE_CHECKING:
    from .cgstate import CodegenContext

T = TypeVar("T")

def uint_attribute(cg: CodegenContext, name: str, args: list[A.Node], pos: Pos, index: int = 0) -> int | None:
    """The value of integer argument ``index`` of entry attribute ``name``; None when fxc ignores the
    attribute (a float argument, with its warnings). Raises fxc's X3084 for a negative or non-constant
    integer."""
    arg = args[index]
    v = cg.expr(arg)
    t = v.type
    # a scalar: a one-component vector (``uint1(1)``) is refused as a float is (vkd3d's
    # numthreads.shader_test, Windows-verified: `[numthreads(uint1(1), 1, 1)]` fails)
    integral = isinstance(t, NumType) and t.shape == "s" and concrete(t.base) in (INT, UINT, BOOL)
    if not integral or not v.const or len(v.slots) < 1:
        if integral:
            raise cg.err(pos, f"non-literal parameter(s) found for attribute {name}", 3084)
        cg.warn(pos, 3554, f"cannot match attribute {name}, parameter {index + 1} is expected to be of type int")
        cg.warn(arg.pos, 3554, f"unknown attribute {name}, or attribute invalid for this statement")
        return None
    bits = v.slots[0][3]
    base = concrete(t.base)
    value = int(bits) if base == UINT else int(np.array(bits, np.uint32).view(np.int32))
    if value < 0 or base == BOOL:
        # a constant bool (``true``, ``4 > 3``, a static const bool) is no uint either: X3084 as a negative
        # integer is (d3dcompiler_47 10.1 under Wine, session 42, helper MUT); ``(int)true`` and ``true + 1`` pass
        raise cg.err(pos, f"cannot match attribute {name}, non-uint parameters found", 3084)
    return value


#: [numthreads] limits per compute model: featuregates.NUMTHREADS_LIMITS


#: the last dimension fxc allows at every compute model (D3D11_CS_THREAD_GROUP_MAX_Z)
_FXC_MAX_Z = 64


def numthreads_attribute(cg: CodegenContext, attrs: dict, pos: Pos) -> tuple[int, int, int]:
    """``[numthreads(X, Y, Z)]`` of a compute entry point, each argument read as ``uint_attribute``
    reads one. A missing attribute, one with another number of arguments (fxc: X3554 "unknown
    attribute", then ignored) or a float argument (X3554, ignored) is X3084 "'numthreads(X,Y,Z)' attribute
    expected" — d3dcompiler_47 6.3.9600 and 10.1 both, where the error list names ERR_THREAD_GROUP_SIZE_MISSING
    3656 (MicrosoftDocs "HLSL errors and warnings"); fxc's number wins. A size is X3655 (ERR_THREAD_GROUP_SIZE_
    INVALID) in fxc 10.1's order and words: a product below 1, a product above the model's thread count
    (768 at cs_4_x, 1024 at cs_5_0), then a last dimension above 64 — at cs_4_x too, where D3D11's
    D3D11_CS_4_X_THREAD_GROUP_MAX_Z is 1 but fxc compiles ``numthreads(1, 1, 64)`` (session 35,
    test_rules_hlsl_fxc_verdicts_acc)."""
    args = attrs.get("numthreads")
    vals: list[int | None] = []
    if args is not None and len(args) != 3:
        cg.warn(pos, 3554, "unknown attribute numthreads, or attribute invalid for this statement")
    elif args is not None:
        vals = [uint_attribute(cg, "numthreads", args, pos, k) for k in range(3)]
    if len(vals) != 3 or any(v is None for v in vals):
        return after_type_rules(cg, cg.err(pos, "'numthreads(X,Y,Z)' attribute expected, where 'X,Y,Z' are the "
                                           "dimensions of the thread group", 3084), (1, 1, 1))
    x, y, z = (int(v) for v in vals)  # type: ignore[arg-type]
    most = NUMTHREADS_LIMITS[min(max(cg.major, 4), 5)][3]
    size = f"numthreads({x},{y},{z})"
    if x * y * z < 1:
        return after_type_rules(cg, cg.err(pos, f"the product of the arguments of {size} must be at least 1", 3655),
                                (1, 1, 1))
    if x * y * z > most:
        return after_type_rules(cg, cg.err(pos, f"the product of the arguments of {size} must be less than or equal "
                                           f"to {most}", 3655), (1, 1, 1))
    if z > _FXC_MAX_Z:
        return after_type_rules(cg, cg.err(pos, f"the final dimension specified ({z}) for numthreads must be less "
                                           f"than or equal to {_FXC_MAX_Z}", 3655), (1, 1, 1))
    return x, y, z


#: the stages whose entry points evaluate each count / tessellation attribute; at another stage fxc 10.1 warns X3554
#: "unknown attribute numthreads, or attribute invalid for this statement, valid attributes are: earlydepthstencil,
#: RootSignature" and reads none of its arguments (``[numthreads(x++, 1, 1)]`` compiles at ps_5_1, session 48)
_ATTRIBUTE_STAGES = {"numthreads": ("cs",), "maxvertexcount": ("gs",), "instance": ("gs",), "domain": ("hs", "ds"),
                     "partitioning": ("hs",), "outputtopology": ("hs",), "outputcontrolpoints": ("hs",),
                     "patchconstantfunc": ("hs",), "maxtessfactor": ("hs",)}


def evaluated_at(name: str, stage: str) -> bool:
    """Whether an entry point of ``stage`` evaluates attribute ``name`` (:data:`_ATTRIBUTE_STAGES`)."""
    return stage in _ATTRIBUTE_STAGES.get(name, (stage,))


def after_type_rules(cg: CodegenContext, err: HlslError, stand_in: T) -> T:
    """An entry point's missing or invalid count attribute (numthreads X3084 / X3655, maxvertexcount X3514) is
    judged after the type rules of the whole file: d3dcompiler_47 10.1 reports a body's ``undeclared`` (X3004), a
    const l-value (X3025), a void function's value (X3079), a dead branch's or a function nothing calls type error
    first, at cs_4_0 / cs_5_0 / gs_4_0 / gs_5_0 (session 47: DXC FunctionTest's ``void caller() { ps(1.0f); }``
    compiled as a compute entry is X3025), and itself before the later phases (a signature's X3503, X3511, X4000).
    It is held as the deferred gate (compiler.py raises it after those rules, before the later phases) and the
    code generation goes on with ``stand_in`` for the attribute's value."""
    if cg.deferred_gate_error is None:
        cg.deferred_gate_error = err
    return stand_in


def maxtessfactor_attribute(cg: CodegenContext, args: list[A.Node], pos: Pos) -> float | None:
    """``[maxtessfactor(f)]`` of a hull shader: one floating-point constant (literal, ``static const`` or an
    expression of them, ``half`` and ``double`` ones too); outside [1, 64] is X3657 (MicrosoftDocs "HLSL errors
    and warnings", ERR_HSATTRIBUTE_INVALID: "the maximum tesselation factor must be in the range [1,64]").
    An integer or bool argument (``7``, ``7u``, ``true``, ``int(7)``, a ``static const int``) or a string is
    fxc's two X3554 warnings and the attribute is ignored, whatever its value (``[maxtessfactor(100)]`` and
    ``(0)`` compile with no declaration: d3dcompiler_47 10.1, session 49); another number of arguments draws
    X3554 and the attribute is ignored; a value that is not constant is X3084 as for the integer attributes."""
    if len(args) != 1:
        cg.warn(pos, 3554, f"can't match attribute maxtessfactor, 1 parameter(s) expected, found {len(args)}")
        return None
    v = cg.expr(args[0])
    t = v.type
    if not isinstance(t, NumType) or t.shape != "s" or concrete(t.base) not in (FLOAT, DOUBLE):
        cg.warn(pos, 3554, "cannot match attribute maxtessfactor, parameter 1 is expected to be of type float")
        cg.warn(args[0].pos, 3554, "unknown attribute maxtessfactor, or attribute invalid for this statement")
        return None
    if not v.const:
        raise cg.err(pos, "non-literal parameter(s) found for attribute maxtessfactor", 3084)
    value = float(np.array(cg.convert_base(v, FLOAT).slots[0][3], np.uint32).view(np.float32))
    if not 1.0 <= value <= 64.0:
        raise cg.err(pos, "maximum tessellation factor must be in the range [1,64]", 3657)
    return value


#: fxc's texts for a [clipplanes] argument it refuses (DXC's SemaHLSL attributes.hlsl, from fxc's output on
#: each form: a literal or static const anywhere, ``?:``, a binary operator; an index that is no literal)
_CLIP_NONLITERAL = "Clip plane attribute parameters must be non-literal constants"
_CLIP_INDEXED = "Indexed expressions are illegal as attribute parameters"


def _clip_argument_error(e: A.Node, statics: set[str]) -> tuple[A.Node, str] | None:
    """The first part of a [clipplanes] argument fxc refuses, with its text, or None. Allowed: a global
    (uniform) reference, an array element at a literal index, a member, a swizzle, a vector/matrix index,
    a constructor of allowed parts (the same file's "Things we can do in clipplanes")."""
    if isinstance(e, A.Literal) or isinstance(e, A.Ident) and e.name in statics:
        return e, _CLIP_NONLITERAL
    if isinstance(e, (A.Binary, A.Ternary)):
        return e, _CLIP_NONLITERAL
    if isinstance(e, A.Index):
        if not isinstance(e.index, A.Literal):
            return e, _CLIP_INDEXED
        return _clip_argument_error(e.a, statics)
    if isinstance(e, A.Member):
        return _clip_argument_error(e.a, statics)
    if isinstance(e, (A.Construct, A.Cast)):
        for a in (e.args if isinstance(e, A.Construct) else [e.a]):
            hit = _clip_argument_error(a, statics)
            if hit is not None:
                return hit
    return None


def clipplanes_attribute(cg: CodegenContext, attrs: dict, pos: Pos) -> None:
    """``[clipplanes(p0, …)]`` of a vertex-shader entry point (MicrosoftDocs "User clip planes on feature
    level 9 hardware": up to six float4 plane constants, any vs_4_0+ target, the same shader object running
    on every feature level — on 10+ hardware through SV_ClipDistance, the page's "Background"). Each argument
    is checked as fxc checks it (X3084, texts above; calls are X3682, check_attr_side_effects); the valid
    planes are kept in ``cg.clip_planes`` for :func:`bind_clip_distances`."""
    args = attrs.get("clipplanes")
    if args is None or cg.stage != "vs":
        return
    statics = {d.name for d in cg.prog.decls if isinstance(d, A.VarDecl) and "static" in d.mods}
    for a in args:
        hit = _clip_argument_error(a, statics)
        if hit is not None:
            raise cg.err(getattr(hit[0], "pos", None) or pos, hit[1], 3084)
    if cg.level9:  # the 9_x part's clip planes (the D3D9-style encoding the page describes) are not built
        raise NotSupportedError(f"{pos.file}({pos.line},{pos.col}): the [clipplanes] attribute on a "
                                f"{cg.level9} target (the feature level 9 part's user clip planes) is not built")
    if len(args) > 6:  # the page: "up to 6"; fxc's verdict on a seventh is not recorded
        raise NotSupportedError(f"{pos.file}({pos.line},{pos.col}): more than six [clipplanes] planes")
    cg.clip_planes = list(args)


def bind_clip_distances(cg: CodegenContext, pos: Pos) -> None:
    """The clip distances of ``[clipplanes]``: plane i's distance is ``dot(position, plane_i)`` — the
    homogeneous clip-space position (SV_Position) against the plane's four coefficients, D3D9's user clip
    plane test (a vertex is kept where the dot product is >= 0, D3D11.3 functional spec §15.4 "Clip
    distances": a distance below 0 is clipped). The distances are SV_ClipDistance outputs, four to a
    register (SV_ClipDistance0 holds planes 0–3, SV_ClipDistance1 planes 4–5; §15.4: at most 8 clip/cull
    distances in two registers). Without a four-component SV_Position output there is nothing to test:
    X4502 (the project's number for this signature error; DXC's text, fxc's own is not recorded)."""
    from .intrinsics import intrinsic_vals
    from .values import Val

    position = cg.clip_pos
    if position is None:
        raise cg.err(pos, "Cannot use clipplanes attribute without specifying a 4-component SV_Position output",
                     4502)
    float4 = NumType(FLOAT, 1, 4, "v")
    dists = [intrinsic_vals(cg, "dot", [Val(float4, list(position)), cg.convert(cg.expr(a), float4, pos)], pos)
             .slots[0] for a in cg.clip_planes]
    owner = cg.out_owner
    cg.out_owner = "$clipplanes"
    for reg, first in enumerate(range(0, len(dists), 4)):
        part = dists[first:first + 4]
        t = NumType(FLOAT, 1, len(part), "v") if len(part) > 1 else NumType(FLOAT)
        cg.bind_output(t, f"SV_ClipDistance{reg}", Val(t, part), pos)
    cg.out_owner = owner


#: errors of fxc's front end, reported before X4615 (d3dcompiler_47 10.1, session 40 ACC: ``[RootSignature("")]`` at
#: ps_4_0 beside one error each): the type rules (uncalled.TYPE_RULE_CODES: X3004, X3013, X3017, X3018, X3020, X3025
#: ...) and the checks of attributes and declarations (X3084 numthreads missing, X3655 its sizes, X3524 a duplicate,
#: X3076 a void function's semantic, X3530 a register's class, X3003 / X3083 redefinitions). X3514 is both: the
#: maximum vertex count's comes first, a geometry-shader parameter's after (:func:`_front_end_error`)
FRONT_END_CODES = frozenset({3084, 3655, 3524, 3076, 3530, 3003, 3083})


def _front_end_error(e: HlslError) -> bool:
    from .uncalled import TYPE_RULE_CODES

    return e.code in TYPE_RULE_CODES or e.code in FRONT_END_CODES or (e.code == 3514 and "max vertex count" in e.message)


def root_signature_first(cg: CodegenContext, attrs: dict, pos: Pos, e: HlslError) -> None:
    """fxc judges the root signature's target (X4615) between its front end and its code generation: an entry
    point's own code-generation error (a signature's X4502 / X3502 / X3503, a geometry shader's X3513 / X3507,
    X3504, X4010, X3512, X3500, X3660, X3511 ...) is reported after it, a front-end error before it
    (:data:`FRONT_END_CODES`; DXC's MiniEngine and RootSignature samples at 4.0: 48 jobs whose X3000 / X3660 /
    X4532 / X3512 / X3503 were fxc's X4615). Raises X4615 where it applies; the caller re-raises ``e`` otherwise."""
    if not _front_end_error(e):
        check_root_signature_target(cg, attrs, pos)


def check_root_signature_target(cg: CodegenContext, attrs: dict, pos: Pos) -> None:
    """X4615 "RootSignature is allowed only for 5.0+ targets": the entry point's first declaration carries
    ``[RootSignature("…")]`` (spelled so, with one string argument) and the target is below shader model 5
    (4.x, level 9, Direct3D 9). d3dcompiler_47 10.1 (session 38, tests/test_rules_hlsl_fxc_verdicts_acc38.py)
    judges it after the body's own errors; ``[rootsignature("")]``, ``[RootSignature]`` and ``[RootSignature(1)]``
    are ignored, and so is the attribute on any other function. At 5.0 and 5.1 the signature itself is parsed,
    checked and written once the program is built (:func:`attach_root_signature`)."""
    _check_attribute_names(cg, attrs.get("rootsignature") or [])
    if _root_signature_text(attrs) is None:
        return
    if cg.major < 5 or cg.level9 or cg.d3d9:
        held = cg.deferred_gate_error
        if held is not None and _front_end_error(held):  # a count attribute's refusal (after_type_rules) first
            raise held
        raise cg.err(pos, "RootSignature is allowed only for 5.0+ targets", 4615)
    cg.root_signature_pos = pos


def _check_attribute_names(cg: CodegenContext, args: list) -> None:
    """fxc reads ``[RootSignature(…)]``'s argument as an expression: a name nothing declares is X3004 there, before
    the target's X4615 (``[RootSignature(XX)]``, ``XX + 1``, ``f()``: d3dcompiler_47 10.1, session 41); a number or
    another non-string argument is ignored."""
    def walk(node) -> None:
        if isinstance(node, A.Ident) and node.name not in cg.globals:
            raise cg.err(Pos(node.pos.file, node.pos.line, node.pos.col, node.pos.col + len(node.name) - 1),
                         f"undeclared identifier '{node.name}'", 3004)
        if isinstance(node, A.Call) and node.name not in cg.funcs:
            raise cg.err(node.pos, f"undeclared identifier '{node.name}'", 3004)
        for item in A.children(node):
            walk(item)

    for arg in args:
        walk(arg)


def _root_signature_text(attrs: dict) -> str | None:
    args = attrs.get("rootsignature")
    if args is None or len(args) != 1 or not (isinstance(args[0], A.Literal) and isinstance(args[0].value, str)):
        return None
    return args[0].value


def attach_root_signature(cg: CodegenContext, blob: bytes, flags2: int) -> bytes:
    """The object of a 5.x entry point with ``[RootSignature("…")]``, its RTS0 part added (hlsl/rootsig.py): version
    1.1 unless D3DCOMPILE_FLAGS2_FORCE_ROOT_SIGNATURE_1_0 (0x10). d3dcompiler_47 10.1 judges the signature after
    the program's own errors (a signature error with X3503 / X3080 in the body reports those): its grammar's errors
    (X4612, X4613, X4616, X4617, X4619, X4620) at the entry point's body, D3D12's checks of the description and of
    the program's bindings against it (X4614) at the attribute's argument."""
    text = _root_signature_text(cg.entry_attrs)
    if text is None or cg.major < 5 or cg.level9 or cg.d3d9:
        return blob
    from ..dxbc.container import build_container, parse_container
    from ..dxbc.rdef import parse_rdef
    from . import rootsig

    version = 1 if flags2 & 0x10 else 2
    container = parse_container(blob)
    try:
        rs = rootsig.parse(text, version)
        rdef = container.get("RDEF")
        bindings = [(b.input_type, b.space, b.bind_point, b.bind_count)
                    for b in (parse_rdef(rdef).bindings if rdef is not None else [])]
        rootsig.verify_bindings(rs, cg.stage, bindings)
    except rootsig.RootSigError as e:
        arg = cg.entry_attrs["rootsignature"][0]
        raise cg.err(arg.pos if e.at_argument else cg.root_signature_pos, e.message, e.code) from None
    chunks = [(c.fourcc, c.data) for c in container.chunks]
    return build_container([*chunks, ("RTS0", rootsig.serialize(rs, version))])


#: the entry point compiled for a ``rootsig_1_x`` target (its name is this compiler's; fxc's is not visible)
_ROOTSIG_ENTRY = "__pyd3d11_root_signature"


def compile_root_signature(source: str, file: str, define: str, target: str, defines: dict[str, str] | None,
                           include_open, flags: int) -> bytes:
    """A ``rootsig_1_0`` / ``rootsig_1_1`` target: the object holding only the RTS0 part of the root signature the
    ``#define`` named ``define`` spells (fxc.exe /T rootsig_1_1 /E MyRS1). d3dcompiler_47 10.1 compiles the source
    with ``[RootSignature(define)]`` and an empty function after it, two lines below the text (its errors name
    line 4 of a one-line file: column 16 is the name, so ``XX`` undefined is X3004 there, an empty define X3000 at
    its ')'); the whole source is parsed and checked (a syntax error in it is reported), a define that is not a
    string compiles to an empty object, and the target alone picks the version (Flags2 is not read)."""
    from ..dxbc.container import build_container, parse_container
    from .compiler import compile_hlsl

    text = source + "\n\n" + f"[RootSignature({define})] void {_ROOTSIG_ENTRY}() {{}}\n"
    res = compile_hlsl(text, file, _ROOTSIG_ENTRY, "vs_5_0", defines, include_open, flags,
                       flags2=0x10 if target == "rootsig_1_0" else 0)
    part = parse_container(res.blob).get("RTS0")
    if part is None:  # the define is not a string (``#define RS 1``): fxc answers S_OK with an empty object
        return b""
    return build_container([("RTS0", part)])
