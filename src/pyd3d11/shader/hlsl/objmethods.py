"""Resource-object methods: Sample*/Gather*/Load/GetDimensions/CalculateLevelOfDetail and the raw-buffer methods
(MicrosoftDocs win32 direct3dhlsl d3d11-graphics-reference-sm5-objects and each method's page)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .check import unmappable, unmappable_after_type_rules
from .codegen import _DIM, Val
from .diagnostics import HlslError
from .exprs import expr
from .featuregates import (
    LANGUAGE,
    METHOD_MODEL_MESSAGES,
    METHODS,
    gate_error,
)
from .intrinsics import _F, _IMPLICIT_LOD, _fv, judged_after_dead_code, offset_error_waits
from .memaccess import (
    _bound,
    _elem_type,
    _object_operand,
    _res_operand,
    _typed_uav_load_check,
    atomic_on,
    mem_load,
)
from .methodsig import check_buffer_info, check_numeric_parameter, check_raw_load_args, no_matching
from .operands import Reg, imm
from .sm51 import mem_operand, reg_of, regs_of
from .types import (
    BOOL,
    EFFECT_KINDS,
    FLOAT,
    INT,
    SAMPLER_KINDS,
    STREAM_KINDS,
    UINT,
    VOID,
    ArrayType,
    NumType,
    ObjectType,
    StructType,
    Type,
    concrete,
)

if TYPE_CHECKING:
    from .cgstate import CodegenContext


def _vector_parameter(cg: CodegenContext, name: str, v: Val, n: int, nargs: int, pos) -> None:
    """A method's vector parameter of ``n`` components (a Sample* location, a SampleGrad gradient) matches a
    scalar or a vector of at least ``n`` components, of any numeric type; a shorter vector (a float1 for a float2)
    or any matrix (a float1x2, a float2x1, a float1x1 too) matches no overload: X3013 "'Sample': no matching 2
    parameter intrinsic method" (d3dcompiler_47 10.1 under Wine, session 36 INTR: every texture kind's
    Sample/SampleLevel/SampleGrad; the implicit conversions of an assignment would take them); a structure too
    (session 38: methodsig.check_numeric_parameter)."""
    check_numeric_parameter(cg, name, v, n, nargs, pos)


def _coord_dims(kind: str) -> int:
    k = kind[2:] if kind.startswith("RW") else kind
    return _DIM[k][1]


#: the fewest arguments of each texture method's overloads (longer names first)
_MIN_METHOD_ARGS = (("SampleCmpLevelZero", 3), ("SampleCmp", 3), ("SampleLevel", 3), ("SampleBias", 3),
                    ("SampleGrad", 4), ("Sample", 2), ("GatherCmp", 3), ("Gather", 2), ("CalculateLevelOfDetail", 2),
                    ("GetSamplePosition", 1), ("Load", 1))


def method(cg: CodegenContext, obj: Val, name: str, arg_nodes: list[A.Node], pos) -> Val:
    """An object's method call. A texture method the target has no instruction for (implicit-LOD sampling
    outside a pixel shader, Gather at 4.0, GatherCmp below 5.0, CalculateLevelOfDetail at 4.0, SampleCmp of an
    array at 4.0) is generated anyway when :func:`judged_after_dead_code`, and its X4532 raised only if its
    access survives dead-code removal: d3dcompiler_47 10.1 compiles ``float4 c = t.Sample(s, uv);`` in a vertex
    or compute shader when nothing uses ``c`` and refuses it once ``c`` reaches an output (session 36, helper
    AUD; tests/test_rules_hlsl_fxc_dead_unmappable_s36.py)."""
    start, stage, deferred = len(cg.code), cg.stage, cg.unmappable_deferred
    cg.unmappable_deferred = False
    try:
        if (cg.d3d9 or cg.level9) and reads_unsigned(obj, name):
            _unsigned_result(cg, pos)
        try:
            v = _method(cg, obj, name, arg_nodes, pos)
        except HlslError as exc:
            from .methodsig import arguments_first

            raise arguments_first(cg, arg_nodes, exc) from None
        if not cg.d3d9 and samples_integers(obj, name):
            # X4582 "cannot sample from non-floating point texture formats." where the sample survives dead-code
            # removal, after the doubles' X3684 (d3dcompiler_47 10.1 under Wine, session 44, D9: ``ti.Sample(s,
            # uv)`` of a Texture2D<int4> / <uint> / <min16int> / <bool> at ps_4_0, ps_5_0 and level 9 -- SampleBias,
            # SampleGrad, SampleCmp(LevelZero) too; ``int4 v = ti.Sample(s, uv); return p;`` compiles; Gather and
            # Load read integers; the Direct3D 9 targets sample them, ps_3_0 compiles ``ti.Sample(s, uv)``)
            err = cg.err(pos, "cannot sample from non-floating point texture formats.", 4582)
            # (at level 9 after the level-9 translation's refusals: ``SampleLevel``'s texlod X4532, a Texture2DArray's
            # X4545, the validator's X5190 of SampleGrad come first; intrinsics.check_pixel_ops_after_aon9)
            cg.pixel_ops_elsewhere.append((pos, frozenset((ins.op, a.idx[:1]) for ins in cg.code[start:]
                                                          for a in ins.args if a.file == "t"),
                                           "aon9" if cg.level9 else False, err))
        if cg.unmappable_deferred:
            err = cg.unmappable_deferred if isinstance(cg.unmappable_deferred, Exception) else None
            late: object = cg.unmappable_deferred == _LEGACY_LATE
            if late and cg.level9:  # after the level-9 translation's refusals (an SV_Position read's X4502)
                late, err = "aon9", unmappable(cg, pos)
            cg.pixel_ops_elsewhere.append((pos, frozenset((ins.op, a.idx[:1]) for ins in cg.code[start:]
                                                          for a in ins.args if a.file == "t"), late, err))
        return v
    finally:
        cg.stage, cg.unmappable_deferred = stage, deferred


def samples_integers(obj: Val, name: str) -> bool:
    """Whether ``obj.name(...)`` samples (filters) a texture of integer or bool elements (X4582, :func:`method`)."""
    t = obj.type
    elem = getattr(t, "elem", None)
    return isinstance(t, ObjectType) and t.kind.startswith("Texture") and isinstance(elem, NumType) and \
        concrete(elem.base) in (INT, UINT, BOOL) and name.startswith("Sample")


def reads_unsigned(obj: Val, name: str) -> bool:
    """Whether ``obj.name(...)`` reads an element of a uint resource (Load, Sample*, Gather*)."""
    t = obj.type
    elem = getattr(t, "elem", None)
    return isinstance(t, ObjectType) and isinstance(elem, NumType) and elem.base == UINT and \
        name.startswith(("Load", "Sample", "Gather"))


def _unsigned_result(cg: CodegenContext, pos) -> None:
    """X3548 at the Direct3D 9 and 4_0_level_9_x targets for a resource access that makes a uint: d3dcompiler_47
    10.1 (under Wine, session 44, D9) refuses a Load, Sample, SampleLevel or Gather of a uint element (``Texture2D<uint>``,
    ``Buffer<uint>``, ``Texture2DMS<uint>``) and GetDimensions into a uint variable there -- a value it cannot show
    to be at least 0 (uintrange.py) -- where code generation meets the call (a dead one too: ``uint v = t.Load(c);
    return p;``), before the access's own X4532 / X4580 / X4539; a float or int element or a float GetDimensions
    output is no such value (``tf.Load(c)`` stays X4532)."""
    from .uintrange import defer, refusal

    defer(cg, refusal(cg, pos))


#: cg.unmappable_deferred of a legacy pixel shader's method X4532: raised late (:func:`_defer_unmappable`)
_LEGACY_LATE = "legacy-late"


def _defer_unmappable(cg: CodegenContext, legacy: bool = False) -> bool:
    """Whether this method call's X4532 waits for dead-code removal (:func:`method`); the call then goes on as a
    pixel shader's. A Direct3D 9 / level-9 pixel shader's CalculateLevelOfDetail (``legacy``) waits too, and then
    for the late slot: ``t.CalculateLevelOfDetail(s, p.xy) * 0`` and an unread one compile there, a surviving one
    is X4532 after the legacy phase's X3548 / X3543 / X3684, X4000, X3508 and the signature's X4502 (an
    ``sv_position`` input at ps_2_0, a POSITION output), d3dcompiler_47 10.1, session 48."""
    if (cg.d3d9 or cg.level9) and cg.stage == "ps" and legacy:
        cg.unmappable_deferred = _LEGACY_LATE
        return True
    if not judged_after_dead_code(cg):
        return False
    cg.unmappable_deferred = True
    cg.stage = "ps"
    return True


def _gate_or_defer(cg: CodegenContext, name: str, pos) -> None:
    """The model/stage gate of a Gather or CalculateLevelOfDetail form; its X4532 may wait (:func:`method`)."""
    gate = METHODS[name]
    exc = gate_error(cg, gate, pos, name, METHOD_MODEL_MESSAGES[gate.code])
    # (at the legacy targets a Gather waits as CalculateLevelOfDetail does, whatever its offset: ``t.Gather(s, uv) *
    # 0``, ``t.Gather(s, uv, o) * 0`` of a uniform or an out-of-range offset compile; a surviving one is X4532
    # after X3548 and an sv_position input's X4502 -- no X4566 of its offset; d3dcompiler_47 10.1, session 49)
    legacy = name.startswith(("CalculateLevelOfDetail", "Gather"))
    if exc is not None and not (getattr(exc, "code", None) == 4532 and _defer_unmappable(cg, legacy)):
        raise exc


def _method(cg: CodegenContext, obj: Val, name: str, arg_nodes: list[A.Node], pos) -> Val:  # noqa: C901
    from .assign import pin_indices

    arg_nodes = [pin_indices(cg, a) for a in arg_nodes]  # out arguments (GetDimensions, status): once
    t = obj.type
    if isinstance(t, ObjectType) and t.kind in STREAM_KINDS and obj.obj is None:
        from pyd3d11.errors import NotSupportedError

        # a stream local (``TriangleStream<D> v = s; v.Append(x)``): fxc 10.1 drops the call from the code, then
        # reports X4577 when no other Append wrote the outputs, an internal error for two, or X4000 for a local
        # never assigned (session 47 probes) -- not modelled here
        raise NotSupportedError(f"HLSL: '{name}' of a local {t.kind} variable")
    if not isinstance(t, ObjectType) or obj.obj is None:
        raise cg.err(pos, f"'{name}': method call on a non-object", 3018)
    r = obj.obj
    k = t.kind
    if k in ("ByteAddressBuffer", "RWByteAddressBuffer"):
        return raw_method(cg, obj, name, arg_nodes, pos)
    if name.startswith("Interlocked"):
        return atomic_on(cg, ("raw", r), name, arg_nodes, pos)
    from .methodsig import has_method

    if has_method(k, name) is False:
        raise no_such_method(cg, t, name, pos)
    from .bufmethods import counter_method, is_counter_method

    # methods with out or side-effecting arguments evaluate their own argument nodes (once)
    if is_counter_method(k, name):
        return counter_method(cg, obj, name, arg_nodes, pos)
    if name == "GetDimensions" and get_dimensions_arg_counts(k) is not None:
        return get_dimensions(cg, obj, arg_nodes, pos)
    need = next((n for prefix, n in _MIN_METHOD_ARGS if name.startswith(prefix)), 0)
    if len(arg_nodes) < need:
        raise no_matching(cg, name, len(arg_nodes), pos)
    from .methodsig import HEAD, load_head, load_tails, tail_roles, tails
    from .texops import access, imm_offset_suffix

    texture = k in _DIM or k.startswith("RW") and k[2:] in _DIM
    roles: tuple = ()
    if texture and name in HEAD and k in _DIM:
        roles = tail_roles(cg, k, name, HEAD[name], tails(k, name), len(arg_nodes), pos)
    elif name == "Load" and (texture or k in ("StructuredBuffer", "RWStructuredBuffer")):
        roles = tail_roles(cg, k, name, load_head(k), load_tails(k), len(arg_nodes), pos)
    status_node = arg_nodes[-1] if roles[-1:] == ("status",) else None
    if status_node is not None:
        from .methodsig import check_status_argument

        check_status_argument(cg, name, status_node, len(arg_nodes), pos)
    from .samplerarg import defer_no_sampler, legacy_sampler_value

    # a sampling method's sampler names one sampler at compile time (X3538, samplerarg.py)
    sampling = texture and (name in HEAD or name.startswith("CalculateLevelOfDetail"))
    args = [legacy_sampler_value(cg, a) if k == 0 and sampling else expr(cg, a)
            for k, a in enumerate(arg_nodes[:-1] if status_node is not None else arg_nodes)]
    if sampling:
        # the sampler's kind is part of the overload (X3013), a type rule checked before the stage's
        # code-generation limit below, so a function nothing calls is checked as one a pixel shader calls;
        # NULL passes for any sampler (X3538)
        if not (isinstance(args[0].type, ObjectType) and args[0].type.kind == "null"):
            _check_sampler(cg, name, args[0], len(arg_nodes), pos)
        args[0] = defer_no_sampler(cg, args[0], pos)
    if name in _IMPLICIT_LOD and cg.stage != "ps" and not _defer_unmappable(cg):
        # sample, sample_b, sample_c and lod take their LOD from screen-space derivatives: D3D11.3 §22.4.15,
        # 22.4.16, 22.4.19 and lod list Stage(s): Pixel Shader (sample_l/sample_d/sample_c_lz/gather4: All);
        # fxc's X4532 as for the derivative intrinsics — a code-generation error, so found after the type
        # check of the arguments (an undeclared name among them is X3004 in any stage; the call is completed
        # as a pixel shader's for its remaining type rules)
        unmappable_after_type_rules(cg, pos, lambda: method(cg, obj, name, arg_nodes, pos),
                                    lookup=True)  # (CalculateLevelOfDetail too: X4545 at vs_2_0, session 40)
    et = _elem_type(t)
    if k in _DIM and (name.startswith("Gather") or name.startswith("CalculateLevelOfDetail")):
        return gather_or_lod(cg, obj, name, args, pos, roles, status_node)
    if texture:
        dims = _coord_dims(k)
        if name in ("Sample", "SampleLevel", "SampleBias", "SampleGrad", "SampleCmp", "SampleCmpLevelZero"):
            s = args[0].obj
            if not _bound(s):
                if isinstance(args[0].type, ObjectType) and "ampler" in str(getattr(args[0].type, "kind", "")):
                    # a sampler reaching here without a register: an entry-point object parameter
                    raise NotImplementedError("sampler entry-point parameters")
                raise pos.error(f"'{name}': no matching method: argument 1 is not a sampler", 3013)
            _vector_parameter(cg, name, args[1], dims, len(args), pos)
            coord = _fv(cg, cg.convert(args[1], NumType(FLOAT, 1, dims, "v"), pos), pos)
            extra: list[Reg] = []
            op = {"Sample": "sample", "SampleLevel": "sample_l", "SampleBias": "sample_b", "SampleGrad": "sample_d",
                  "SampleCmp": "sample_c", "SampleCmpLevelZero": "sample_c_lz"}[name]
            if op.startswith("sample_c") and k in ("Texture1DArray", "Texture2DArray") and (cg.major, cg.minor) < (4, 1):
                # comparison sampling of a texture array is a 4.1 (D3D10.1) capability: fxc 10.1's X4532 at 4.0
                # (TextureCube and the non-array textures compile there; session 35, recorded under Wine)
                if not _defer_unmappable(cg):
                    raise cg.err(pos, f"cannot map expression to {cg.stage}_{cg.major}_{cg.minor} instruction set",
                                 4532)
            for a in args[2:HEAD[name]]:
                if op == "sample_d":
                    gdims = _GRAD_DIMS.get(k, dims)  # no array index
                    _vector_parameter(cg, name, a, gdims, len(args), pos)
                    gv = cg.convert(a, NumType(FLOAT, 1, gdims, "v") if gdims > 1 else _F, pos)
                    extra.append(cg.src(gv.slots))
                else:  # a LOD, bias or compare value: a scalar parameter that truncates a vector
                    check_numeric_parameter(cg, name, a, 1, len(arg_nodes), pos)
                    extra.append(cg.src(cg.convert(a, _F, pos).slots))
            tail = dict(zip(roles, args[HEAD[name]:], strict=False))
            for role, want in (("offset", _GRAD_DIMS.get(k, dims)), ("clamp", 1)):
                if role in tail:
                    check_numeric_parameter(cg, name, tail[role], want, len(arg_nodes), pos)
            suffix = ""
            if "offset" in tail:
                # the offset parameter is an int of the coordinate's dimension without the array index (each
                # method's page: int2 Offset for Texture2D[Array]); converting first makes a value of another
                # type a type error (X3017), found before the literal-range rule (X4566) and in any function
                suffix = imm_offset_suffix(cg, tail["offset"], _GRAD_DIMS.get(k, dims), pos)
            clamp = cg.convert(tail["clamp"], _F, pos) if "clamp" in tail else None
            dst = cg.temp()
            samp = _object_operand(s, None)
            access(cg, op, Reg("r", (dst,), None, (0, 1, 2, 3)),
                   [cg.src(coord.slots), _res_operand(obj.obj), samp, *extra], suffix, clamp, status_node, pos)
            n = 1 if op in ("sample_c", "sample_c_lz") else et.n
            rt = NumType(FLOAT) if n == 1 else NumType(et.base, 1, n, "v")
            return Val(rt, [("r", (dst,), None, c) for c in range(n)])
        if name == "Load":
            ms = k in ("Texture2DMS", "Texture2DMSArray")
            has_mip = not (k == "Buffer" or ms or k.startswith("RW"))
            cn = dims + (1 if has_mip else 0)
            # a RW buffer's location is a true scalar, a Buffer's truncates a vector (fxc 10.1, session 38)
            check_numeric_parameter(cg, name, args[0], cn, len(arg_nodes), pos, exact=k.startswith("RW"))
            c = cg.convert(args[0], NumType(INT, 1, cn, "v"), pos)
            dst = cg.temp()
            d = Reg("r", (dst,), None, (0, 1, 2, 3))
            tail = dict(zip(roles, args[load_head(k):], strict=False))
            if ms:
                check_numeric_parameter(cg, name, args[1], 1, len(arg_nodes), pos)
            if "offset" in tail:  # a multisampled texture's offset is an int2, its array index left out
                odims = 2 if ms else _GRAD_DIMS.get(k, dims)
                check_numeric_parameter(cg, name, tail["offset"], odims, len(arg_nodes), pos)
            if k.startswith("RW"):
                access(cg, "ld_uav_typed", d, [cg.src(c.slots), _res_operand(r)], "", None, status_node, pos)
                # after the status argument's own errors (X3025 / X3013 first at fxc 10.1, session 37); below 5.0 a
                # status form is the back end's, where the target's typed-UAV refusal (X4585 / X3666, deferred)
                # answers before X3676 (tests/test_rules_hlsl_fxc_objects_s37.py)
                if status_node is None or cg.major >= 5:
                    for one in regs_of(r):
                        _typed_uav_load_check(cg, et, one)
            elif ms:
                from .texops import imm_offset_suffix, literal_sample_index

                si = literal_sample_index(cg, cg.convert(args[1], NumType(INT), pos).slots, pos)
                suffix = imm_offset_suffix(cg, tail["offset"], 2, pos) if "offset" in tail else ""
                # fxc's spelling (the assembler knows no "ld_ms"): ldms[_aoffimmi]
                access(cg, "ldms", d, [cg.src(c.slots), _res_operand(r), cg.src(si)], suffix, None, status_node, pos)
            else:
                suffix = ""
                if "offset" in tail:  # as Sample's: an int of the dimension without the array index
                    suffix = imm_offset_suffix(cg, tail["offset"], _GRAD_DIMS.get(k, dims), pos)
                access(cg, "ld", d, [cg.src(c.slots), _res_operand(r)], suffix, None, status_node, pos)
            return Val(et, [("r", (dst,), None, i) for i in range(et.n)])
        if name == "GetDimensions":
            return get_dimensions(cg, obj, arg_nodes, pos)
        if name == "GetSamplePosition" and k in ("Texture2DMS", "Texture2DMSArray"):
            from .texops import sample_position

            return sample_position(cg, r, args, pos)
    if k in ("StructuredBuffer", "RWStructuredBuffer") and name == "Load":
        check_numeric_parameter(cg, name, args[0], 1, len(arg_nodes), pos, exact=True)
        idx = cg.convert(args[0], NumType(UINT), pos)
        start = len(cg.code)
        v = mem_load(cg, Val(t.elem, [], ("mem", "struct", r.file, reg_of(r), idx.slots[0], 0)))
        if status_node is not None:
            from .texops import upgrade_to_feedback

            upgrade_to_feedback(cg, status_node, pos, "ld_structured", start)
        return v
    if k in _STRUCTURED and name == "GetDimensions":
        return get_dimensions(cg, obj, arg_nodes, pos)
    raise no_such_method(cg, t, name, pos)


#: fxc's spelling of an object type in its messages where it differs from the declaration's keyword
_FXC_OBJECT_NAMES = {"Texture2DMSArray": "Texture2DArrayMS"}
#: the element type fxc prints for the objects that take none
_FXC_DEFAULT_ELEMENT = {"ByteAddressBuffer": "uint", "RWByteAddressBuffer": "uint"}


def fxc_object_spelling(t: ObjectType) -> str:
    """An object type as fxc 10.1 prints it in X3088 / X3013: ``Texture2D<float4>`` for a bare ``Texture2D``,
    ``Texture2DMS<float4>`` without its sample count, ``Texture2DArrayMS`` for Texture2DMSArray,
    ``ByteAddressBuffer<uint>`` (session 35, recorded under Wine)."""
    elem = t.elem if t.elem is not None else _FXC_DEFAULT_ELEMENT.get(t.kind, "float4")
    return f"{_FXC_OBJECT_NAMES.get(t.kind, t.kind)}<{elem}>"


def no_such_method(cg: CodegenContext, t: ObjectType, name: str, pos) -> Exception:
    """X3088: the object type has no method of that name (checked before the target's model gates: fxc 10.1)."""
    return cg.err(pos, f"{fxc_object_spelling(t)} object does not have method '{name}'", 3088)


def no_methods(cg: CodegenContext, t: Type, name: str, arg_nodes: list[A.Node], pos) -> Exception:
    """A method call on a value that is no object (d3dcompiler_47 10.1, session 41; DXC SemaHLSL's
    lib_struct_member_unconditional / library_recursion files): a struct's (also one with methods, through a
    typedef, an anonymous one) is X3088 "struct S does not have method 'func'", a numeric value's or an array's
    X3087 "float4 object does not have methods" (``struct S[2]``, ``float[2]``, a literal's ``int``). The call's
    arguments are checked first (``s.func(undeclared)`` is X3004). An effect object's, a string's and NULL's
    are X3087 too, fxc naming the state objects by their effect-state word ("Blend object does not have methods",
    "PixelShader", "string", "null"; session 45)."""
    from .exprs import expr

    for a in arg_nodes:
        expr(cg, a)
    if isinstance(t, StructType):
        return cg.err(pos, f"struct {t.name or '<unnamed>'} does not have method '{name}'", 3088)
    dims = ""
    while isinstance(t, ArrayType):
        dims, t = dims + f"[{t.count}]", t.elem
    spelled = f"struct {t.name or '<unnamed>'}" if isinstance(t, StructType) else \
        _EFFECT_SPELLING.get(t.kind.lower(), t.kind) if isinstance(t, ObjectType) else str(t)
    return cg.err(pos, f"{spelled}{dims} object does not have methods", 3087)


#: fxc 10.1's words for the effect objects in X3087 (the rest spell their type's name, the shaders capitalised)
_EFFECT_SPELLING = {"texture": "texture", "sampler": "SamplerState", "blendstate": "Blend", "rasterizerstate": "Rasterizer", "depthstencilstate": "DepthStencil",
                    "pixelshader": "PixelShader", "vertexshader": "VertexShader", "geometryshader": "GeometryShader"}


def has_no_methods(t: Type) -> bool:
    """A value no method may be called on (:func:`no_methods`): not an object, or an effect object, a string, NULL,
    the Direct3D 9 ``texture`` (``Texture``; X3087 "texture object does not have methods", d3dcompiler_47 10.1,
    session 46), and a sampler of any kind (``samp.Foo()``, ``s.Sample(uv)`` of a SamplerComparisonState, a
    ``sampler2D``'s: X3087 "SamplerState object does not have methods", the untyped ``sampler`` spelled SamplerState;
    DXC's ExtensionTest, session 47)."""
    return not isinstance(t, ObjectType) or t.kind in EFFECT_KINDS or t.kind in ("string", "null", "texture", "Texture") \
        or t.kind in SAMPLER_KINDS


_GATHER_CH = {"": 0, "Red": 0, "Green": 1, "Blue": 2, "Alpha": 3}
#: components of a derivative / texel offset: the address without the array index
_GRAD_DIMS = {"Texture1D": 1, "Texture1DArray": 1, "Texture2D": 2, "Texture2DArray": 2, "Texture3D": 3,
              "TextureCube": 3, "TextureCubeArray": 3}


def _check_sampler(cg: CodegenContext, name: str, arg: Val, nargs: int, pos) -> None:
    """The first argument of a sampling method is a sampler of the method's kind: SamplerComparisonState for
    SampleCmp*, GatherCmp*, a non-comparison sampler (SamplerState, or the untyped ``sampler``) for the others (the
    sampler parameter of each method's page). X3013 otherwise, a texture or a number included, and a dimensioned
    D3D9 sampler (``sampler2D``, ``samplerCUBE``: d3dcompiler_47 10.1, session 46, at ps_2_0 .. cs_5_0)."""
    kind = getattr(arg.type, "kind", None) if isinstance(arg.type, ObjectType) else None
    want_cmp = name.startswith(("SampleCmp", "GatherCmp"))

    if kind not in ("SamplerState", "sampler", "SamplerComparisonState") or \
            (kind == "SamplerComparisonState") != want_cmp:
        raise no_matching(cg, name, nargs, pos)


def gather_or_lod(cg: CodegenContext, obj: Val, name: str, args: list[Val], pos, roles: tuple = (),
                  status_node: A.Node | None = None) -> Val:
    """Gather[Red|Green|Blue|Alpha], GatherCmp[...] (gather4[_po][_c] with the channel chosen by the
    sampler swizzle, SM4.1/SM5) and CalculateLevelOfDetail[Unclamped] (lod .x / .y). ``roles`` names the
    arguments after the head (methodsig.tails)."""
    from .texops import access, offset_suffix, offset_values

    t = obj.type
    k = t.kind
    if len(args) < 2 or not isinstance(args[0].type, ObjectType) or args[0].obj is None:
        raise cg.err(pos, f"'{name}': no matching method on '{t}'", 3018)
    s = args[0].obj
    dims = _coord_dims(k)
    if name.startswith("CalculateLevelOfDetail"):
        # the location of a LOD query has no array index (the reference's CalculateLevelOfDetail page:
        # float for 1-D textures, float2 for 2-D ones, float3 for 3-D and cube ones, arrays included)
        dims = _GRAD_DIMS[k]
    nargs = len(args) + (status_node is not None)
    check_numeric_parameter(cg, name, args[1], dims, nargs, pos)
    coord = _fv(cg, cg.convert(args[1], NumType(FLOAT, 1, dims, "v") if dims > 1 else _F, pos), pos)
    dst = cg.temp()
    d = Reg("r", (dst,), None, (0, 1, 2, 3))
    if name.startswith("CalculateLevelOfDetail"):
        _gate_or_defer(cg, name, pos)
        if len(args) != 2:
            raise no_matching(cg, name, len(args), pos)
        cg.emit("lod", d, cg.src(coord.slots), _res_operand(obj.obj), _object_operand(s))
        return Val(_F, [("r", (dst,), None, 1 if name.endswith("Unclamped") else 0)])
    cmp = name.startswith("GatherCmp")
    ch = _GATHER_CH.get(name[9:] if cmp else name[6:])
    # the model of each Gather form: featuregates.METHODS (GatherRed is plain gather4, so 4.1 has it too)
    if ch is None or name not in METHODS:
        raise no_such_method(cg, t, name, pos)
    if cmp and ch and cg.major < 5 and t.kind in ("Texture2DArray", "TextureCubeArray"):
        # an array texture's GatherCmpGreen/Blue/Alpha below 5.0 is refused as the plain channel select is, where
        # it is written (d3dcompiler_47 10.1: "GatherGreen requires shader model 5 or higher", X3535), the other
        # textures' as gather4_c is (X4532, judged after dead code); session 36, helper AUD
        raise cg.err(pos, f"Gather{name[9:]} requires shader model 5 or higher", 3535)
    _gate_or_defer(cg, name, pos)
    # a legacy pixel shader's Gather is refused whatever its offset: no offset is judged there (X4566)
    legacy = bool(cg.d3d9 or cg.level9) and cg.stage == "ps"
    rest = args[2:]
    extra: list[Reg] = []
    if cmp:
        check_numeric_parameter(cg, name, rest[0], 1, nargs, pos)
        extra.append(cg.src(cg.convert(rest[0], _F, pos).slots))
        rest = rest[1:]
    et = _elem_type(t)
    offsets = rest[:roles.count("offset")]
    odims = _GRAD_DIMS[k]
    for off_arg in offsets:
        check_numeric_parameter(cg, name, off_arg, odims, nargs, pos)

    def one(off_arg: Val | None, d: Reg, status: A.Node | None = None) -> None:
        suffix = ""
        op = "gather4_c" if cmp else "gather4"
        offset: Reg | None = None
        if off_arg is not None and legacy:  # (refused as a Gather: the offset's form does not matter)
            off = cg.convert(off_arg, NumType(INT, 1, odims, "v") if odims >= 2 else NumType(INT), pos)
            op, offset = ("gather4_po_c" if cmp else "gather4_po"), cg.src(off.slots)
        elif off_arg is not None:
            off = cg.convert(off_arg, NumType(INT, 1, odims, "v") if odims >= 2 else NumType(INT), pos)
            po = LANGUAGE["programmable_offset"]
            has_po = po.models.get(cg.stage, (9, 9)) <= (cg.major, cg.minor)
            if off.const and (not has_po or all(-8 <= v <= 7 for v in offset_values(off))):
                try:  # without gather4_po an out-of-range constant is X4566 there (if the access survives)
                    suffix = offset_suffix(off, pos)
                except HlslError as exc:
                    if exc.code != 4566 or not offset_error_waits(cg):
                        raise
                    cg.unmappable_deferred = cg.unmappable_deferred or exc
            else:  # a run-time or out-of-range offset: gather4_po (SM5)
                if gate_error(cg, po, pos, name) is not None:
                    # below 5.0 fxc 10.1's X4566 (X4532 at 4.0, whose Gather is refused first), judged after dead
                    # code: an unused one compiles (session 36 AUD)
                    from .check import texel_offset_error

                    if not offset_error_waits(cg):
                        raise texel_offset_error(pos)
                    cg.unmappable_deferred = cg.unmappable_deferred or texel_offset_error(pos)
                op = "gather4_po_c" if cmp else "gather4_po"
                offset = cg.src(off.slots)
        samp = _object_operand(s, (ch,))
        ops = [cg.src(coord.slots)] + ([offset] if offset is not None else []) + [_res_operand(obj.obj), samp]
        access(cg, op, d, ops + extra, suffix, None, status, pos)

    if len(offsets) == 4:
        from .texops import gather_per_texel

        return Val(NumType(et.base, 1, 4, "v"), gather_per_texel(cg, offsets, one, status_node, pos))
    one(offsets[0] if offsets else None, d, status_node)
    return Val(NumType(et.base, 1, 4, "v"), [("r", (dst,), None, c) for c in range(4)])


#: structured buffers, whose GetDimensions reports (numStructs, stride): the append/consume ones too (their pages)
_STRUCTURED = frozenset({"StructuredBuffer", "RWStructuredBuffer", "AppendStructuredBuffer", "ConsumeStructuredBuffer"})
#: GetDimensions' size outputs per resource type (the reference's GetDimensions page of each object)
_SIZE_OUTPUTS = {"Texture1D": 1, "Texture1DArray": 2, "Texture2D": 2, "Texture2DArray": 3, "Texture3D": 3,
                 "TextureCube": 2, "TextureCubeArray": 3, "Texture2DMS": 2, "Texture2DMSArray": 3}


def get_dimensions_arg_counts(kind: str) -> frozenset[int] | None:
    """The argument counts of GetDimensions' overloads on ``kind`` (None: a kind not listed here). Buffer,
    RWBuffer and the byte-address buffers: (out dim); structured buffers: (out numStructs, out stride);
    RW textures: the sizes only; multisampled textures: the sizes and the sample count; the other textures:
    the sizes, or (MipLevel, sizes…, NumberOfLevels). The uint and float forms of each take the same count."""
    if kind in ("Buffer", "RWBuffer", "ByteAddressBuffer", "RWByteAddressBuffer"):
        return frozenset({1})
    if kind in _STRUCTURED:
        return frozenset({2})
    if kind.startswith("RW") and kind[2:] in _SIZE_OUTPUTS:
        return frozenset({_SIZE_OUTPUTS[kind[2:]]})
    if kind in ("Texture2DMS", "Texture2DMSArray"):
        return frozenset({_SIZE_OUTPUTS[kind] + 1})
    if kind in _SIZE_OUTPUTS:
        return frozenset({_SIZE_OUTPUTS[kind], _SIZE_OUTPUTS[kind] + 2})
    return None


def get_dimensions(cg: CodegenContext, obj: Val, arg_nodes: list[A.Node], pos) -> Val:
    from .assign import assign_to

    t, r = obj.type, obj.obj
    k = t.kind
    counts = get_dimensions_arg_counts(k)
    if counts is None:  # the untyped d3d9 `texture` has no GetDimensions
        raise cg.err(pos, f"'GetDimensions': no matching method on '{t}'", 3018)
    if len(arg_nodes) not in counts:
        raise no_matching(cg, "GetDimensions", len(arg_nodes), pos)
    from .assign import designated_argument
    from .exprs import _designating

    # an assignment or prefix step as an output is carried out and designates its variable, as for an intrinsic's
    # out parameter (d3dcompiler_47 10.1, session 44: ``t.GetDimensions(w = 1, h)``, ``(++w, h)`` and ``(a.x = 1,
    # h)`` compile; they were X3013)
    arg_nodes = [designated_argument(cg, a) if _designating(a) else a for a in arg_nodes]
    dst = cg.temp()
    d = Reg("r", (dst,), None, (0, 1, 2, 3))
    if k in ("Buffer", "RWBuffer", "ByteAddressBuffer", "RWByteAddressBuffer") or k in _STRUCTURED:
        check_buffer_info(cg, pos)
        from .methodsig import check_scalar_outputs

        check_scalar_outputs(cg, "GetDimensions", arg_nodes, len(arg_nodes), pos, floats=False)
        cg.emit("bufinfo", d, _res_operand(r))
        outs = [("r", (dst,), None, 0)]
        if k in _STRUCTURED:
            outs.append(imm(r.stride))
    else:
        ms = "MS" in k
        size_dims = {"Texture1D": 1, "Texture1DArray": 2, "Texture2D": 2, "Texture2DArray": 3, "Texture3D": 3,
                     "TextureCube": 2, "TextureCubeArray": 3, "Texture2DMS": 2, "Texture2DMSArray": 3}[
            k[2:] if k.startswith("RW") else k]
        # the overload with a mip level: (MipLevel, sizes..., NumberOfLevels)
        has_mip_arg = not ms and not k.startswith("RW") and len(arg_nodes) == size_dims + 2
        mip = [imm(0)]
        nodes = list(arg_nodes)
        if has_mip_arg:
            level = expr(cg, nodes[0])
            check_numeric_parameter(cg, "GetDimensions", level, 1, len(arg_nodes), pos, exact=True)
            mip = cg.convert(level, NumType(UINT), pos).slots
            nodes = nodes[1:]
        cg.emit("resinfo", d, cg.src(mip), _res_operand(r), suffix="_uint")
        outs = [("r", (dst,), None, c) for c in range(size_dims)]
        from .methodsig import check_scalar_outputs, cube_array_uint_overload, out_arg_type

        check_scalar_outputs(cg, "GetDimensions", nodes, len(arg_nodes), pos)
        if k == "TextureCubeArray" and not cube_array_uint_overload([out_arg_type(cg, n) for n in nodes]):
            cg.cube_array_counts.append((dst, pos))  # the float overload: its count read is X4598 (texops)
        if ms:
            d2 = cg.temp()
            cg.emit("sampleinfo", Reg("r", (d2,), None, (0,)), _res_operand(r), suffix="_uint")
            outs.append(("r", (d2,), None, 0))
        elif not k.startswith("RW"):
            outs.append(("r", (dst,), None, 3))
        arg_nodes = nodes
    if cg.d3d9 or cg.level9:
        from .methodsig import out_arg_type

        if any(getattr(out_arg_type(cg, n), "base", None) == UINT for n in arg_nodes):
            _unsigned_result(cg, pos)
    for node, s in zip(arg_nodes, outs, strict=False):
        assign_to(cg, node, Val(NumType(UINT), [s]), pos)
    return Val(VOID, [])


#: argument counts of the byte-address buffer methods (Load*: address [, out status]; Store*: address, value)
_RAW_ARGS = {**{f"Load{n}": frozenset({1, 2}) for n in ("", "2", "3", "4")},
             **{f"Store{n}": frozenset({2}) for n in ("", "2", "3", "4")}}


def raw_method(cg: CodegenContext, obj: Val, name: str, arg_nodes: list[A.Node], pos) -> Val:
    r = obj.obj
    if name == "GetDimensions":
        return get_dimensions(cg, obj, arg_nodes, pos)
    if name.startswith("Interlocked"):
        return atomic_on(cg, ("raw", r), name, arg_nodes, pos)
    counts = _RAW_ARGS.get(name)
    if counts is None or (name.startswith("Store") and r.file != "u"):
        # a ByteAddressBuffer (an SRV) is read-only: its page lists GetDimensions and Load* only
        raise no_such_method(cg, obj.type, name, pos)
    check_raw_load_args(cg, name, len(arg_nodes), pos, counts)
    status_node = arg_nodes[1] if name.startswith("Load") and len(arg_nodes) == 2 else None
    if status_node is not None:
        from .methodsig import check_status_argument

        check_status_argument(cg, name, status_node, len(arg_nodes), pos)
    args = [expr(cg, a) for a in arg_nodes[:1 if status_node is not None else None]]
    # the address is a true scalar: no truncation, no uint1 (fxc, DXC intrinsic-examples.hlsl:
    # RWByteAddressBuffer.Load(uint2) is X3013); Store's value is one too, Store2-4's a vector of 2-4 or a scalar
    check_numeric_parameter(cg, name, args[0], 1, len(arg_nodes), pos, exact=True)
    addr = cg.convert(args[0], NumType(UINT), pos)
    if name.startswith("Load"):
        n = int(name[4:] or 1)
        dst = cg.temp()
        from .texops import access

        access(cg, "ld_raw", Reg("r", (dst,), None, tuple(range(n))), [cg.src(addr.slots),
               mem_operand(r.file, reg_of(r), tuple(range(n)))], "", None, status_node, pos)
        return Val(NumType(UINT, 1, n, "v" if n > 1 else "s"), [("r", (dst,), None, c) for c in range(n)])
    if name.startswith("Store"):
        n = int(name[5:] or 1)
        check_numeric_parameter(cg, name, args[1], n, len(arg_nodes), pos, exact=True)
        v = cg.convert(args[1], NumType(UINT, 1, n, "v" if n > 1 else "s"), pos)
        cg.emit("store_raw", mem_operand("u", reg_of(r), tuple(range(n))), cg.src(addr.slots), cg.src(v.slots))
        return Val(VOID, [])
    raise no_such_method(cg, obj.type, name, pos)
