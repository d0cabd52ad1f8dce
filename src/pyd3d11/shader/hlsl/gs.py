"""Geometry-shader entry points (D3D11.3 §13): primitive input arrays ``point|line|triangle|lineadj|
triangleadj T v[N]`` (and SM5 ``InputPatch<T, N>``), ``inout PointStream|LineStream|TriangleStream<T>``
output objects with ``Append``/``RestartStrip``, ``[maxvertexcount(n)]``, ``[instance(n)]``,
``SV_PrimitiveID`` / ``SV_GSInstanceID`` inputs. The validation rules follow fxc's (error numbers as
fxc prints them where known)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .compat import compat_semantic
from .constprop import assigned_names
from .diagnostics import HlslError
from .featuregates import LANGUAGE, denial, gate_error
from .operands import Reg
from .signatures import check_clip_cull
from .sigpack import add_decl, comp_mask, place_element
from .sigusage import REGISTERLESS
from .svtypes import integer_interpolation
from .sysvalues import GS_V_IN, input_count_error, is_system_value_at, system_value_error, vertex_element_error
from .types import STREAM_KINDS, VOID, ArrayType, NumType, ObjectType, StructType, Type, array_leaf

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val

#: primitive modifier -> (vertex count, dcl_inputprimitive token)
GS_PRIMS = {"point": (1, "point"), "line": (2, "line"), "triangle": (3, "triangle"), "lineadj": (4, "lineadj"),
            "triangleadj": (6, "triangleadj")}
_BY_COUNT = {1: "point", 2: "line", 3: "triangle", 4: "lineadj", 6: "triangleadj"}
_GS_SPECIAL = {"SV_PRIMITIVEID": "vPrim", "SV_GSINSTANCEID": "vGSInstanceID"}


def _stream_type(t: Type) -> ObjectType | None:
    """A stream-output object, also inside single-element arrays / structs (fxc accepts those)."""
    if isinstance(t, ObjectType) and t.kind in STREAM_KINDS:
        return t
    if isinstance(t, ArrayType) and t.count == 1:
        return _stream_type(t.elem)
    if isinstance(t, StructType) and len(t.fields) == 1:
        return _stream_type(t.fields[0][1])
    return None


def _contains_stream(t: Type) -> bool:
    if isinstance(t, ObjectType):
        return t.kind in STREAM_KINDS
    if isinstance(t, ArrayType):
        return _contains_stream(t.elem)
    if isinstance(t, StructType):
        return any(_contains_stream(f[1]) for f in t.fields)
    return False


#: an entry input's refusals fxc reports after the body's type rules (gen_gs_entry)
_LATE_PARAM_CODES = frozenset({3507, 3513, 3514, 4502})


def uniform_param(cg: CodegenContext, f: A.FuncDef, p: A.Param, prims: list[str], scope: dict) -> None:
    """A ``uniform`` parameter of the GS entry is a constant as any entry's is (d3dcompiler_47 10.1, session 46:
    ``uniform float4 u`` compiles); with a geometry specifier it is X3514 "input parameter '$vin' cannot have a
    geometry specifier", fxc naming the constant with its '$'."""
    from .codegen import Val
    from .objects import param_value

    if prims:
        raise cg.err(p.pos, f"'{f.name}': input parameter '${p.name}' cannot have a geometry specifier", 3514)
    cv = next((c for c in cg.params_cb.vars if c.decl.name == p.name), None)
    if cv is None and p.name in cg.param_objects:
        scope[p.name] = param_value(cg, p, Val(p.type, []))
        return
    if cv is None:
        if any(isinstance(n, A.Ident) and n.name == p.name for n in A.walk(f.body)):
            from ...errors import NotSupportedError

            raise NotSupportedError(f"a uniform geometry-shader parameter of type '{p.type}' read by the body")
        from .uncalled import _param_value

        scope[p.name] = _param_value(cg, p)  # unread: its type alone matters (``uniform s vin`` alone is X3514)
        return
    cg.globals.setdefault("$param:" + p.name, cv)
    scope[p.name] = cg.global_value(cv)


def _compound_object_gate(cg: CodegenContext, p: A.Param, every_model: bool = False) -> None:
    """Below 5.0 an entry parameter whose struct holds a stream, a texture or a sampler is the compound-object rule's
    X3090 (layout.check_compound_objects), after the file's type rules and before the parameter's own refusals --
    X3514's geometry specifier, an in-stream's inout (d3dcompiler_47 10.1, sessions 45 / 46: a body's X3004 first;
    ``struct s { Texture2D t; }`` as ``struct s vout``, ``inout s vout``, ``in struct s vout[1]`` at gs_4_0 / 4_1);
    ``every_model``: the vertices of the input primitive (``point s vin[1]``, ``InputPatch<s, 3>``), X3090 at 5.0
    and 5.1 too."""
    if (cg.major < 5 or every_model) and cg.deferred_gate_error is None:
        cg.deferred_gate_error = cg.err(p.pos, f"gs_{cg.major}_{cg.minor} does not allow textures or samplers to be "
                                               "members of compound types", 3090)


def stream_part(cg: CodegenContext, base, name: str | None, pos):
    """The member ``name`` (None: the element) of a stream parameter wrapped in a one-element struct or array
    (``vout.so.Append(v)``, ``vout[0].Append(v)``: d3dcompiler_47 10.1 compiles both at gs_5_0, session 45): the
    same stream, of the part's type. A member the struct lacks is the usual X3018."""
    from .codegen import Val

    t = base.type
    if name is None and isinstance(t, ArrayType):
        return Val(t.elem, [], base.obj)
    if name is not None and isinstance(t, StructType) and t.fields and t.fields[0][0] == name:
        return Val(t.fields[0][1], [], base.obj)
    raise cg.err(pos, f"invalid subscript '{name}'", 3018)


def gen_gs_entry(cg: CodegenContext, f: A.FuncDef) -> dict:
    """Validate and bind a GS entry point's parameters; returns the scope for the body."""
    from .codegen import Val
    from .entryattrs import after_type_rules, uint_attribute

    mvc = f.attrs.get("maxvertexcount")
    n = uint_attribute(cg, "maxvertexcount", mvc, f.pos) if mvc and len(mvc) == 1 else None
    if n is None:  # (after the file's type rules: entryattrs.after_type_rules)
        n = after_type_rules(cg, cg.err(f.pos, f"'{f.name}' must have a max vertex count", 3514), 1)
    if n == 0:  # fxc 10.1's words (session 35; "then" sic)
        n = after_type_rules(cg, cg.err(f.pos, f"'{f.name}' must have a max vertex count greater then 0", 3514), 1)
    if n > 1024:
        # fxc accepts the attribute and its bytecode validator refuses the dcl_maxout (D3D11.3 §22.3.26: 1024 at
        # most), an X8000 without a source position; the "Opcode #k" fxc appends is not reproduced. fxc reports it
        # before an input parameter's X4502 (vkd3d geometry-shader-syntax's ``[maxvertexcount(1025)]`` with an
        # SV_Coverage input) but after an input signature's X4576 (a float SV_Position: not built, raised here
        # first; session 42)
        raise HlslError("", 0, 0, 8000, "D3D11 Internal Compiler Error: Invalid Bytecode: GS output vertex count "
                                        f"declaration can't be more than 1024 vertices ({n} specified).")
    cg.gs.maxout = n
    inst = f.attrs.get("instance")
    refused = gate_error(cg, LANGUAGE["instance"], f.pos, "instance", "{target} does not allow instancing") \
        if inst is not None else None
    if refused is not None:
        # X3514 after the type rules, before the phases that follow (a missing primitive type's X3xxx too;
        # d3dcompiler_47 10.1, session 42): it waits with the other late refusals (compiler.py)
        if cg.deferred_gate_error is None:
            cg.deferred_gate_error = refused
    elif inst is not None:
        v = uint_attribute(cg, "instance", inst, f.pos) if len(inst) == 1 else None
        if v is not None:
            # fxc 10.1's numbers and words (session 35; test_rules_hlsl_fxc_verdicts_acc GS_ENTRY_ROWS)
            if v < 1:
                raise cg.err(f.pos, "GS instance count must be at least 1", 3514)
            if v > 32:
                raise cg.err(f.pos, f"gs_{cg.major}_{cg.minor} only allows up to 32 instances", 3514)
            # instance count x max vertex count over 1024 (D3D11_GS_MAX_OUTPUT_VERTEX_COUNT_ACROSS_INSTANCES) is not
            # refused: d3dcompiler_47 10.1 compiles ``[maxvertexcount(1024)] [instance(32)]`` (Wine, session 42)
            cg.gs.instances = v
    if f.ret is not VOID:
        # d3dcompiler_47 10.1 (session 44, helper MUT): X3507 "Geometry shaders can't return values, outputs must be
        # written to streams." with the signature's semantics (sigphase.LATE): after the type rules, the inputs'
        # X3502, the value's own X3503 (check.missing_return_semantics) and the optimiser's refusals (X3511, a
        # double's X3684), before the later phases; the body is generated on (its returns write nothing fxc keeps)
        from .sigphase import LATE, refuse

        refuse(cg, cg.err(f.pos, f"'{f.name}': Geometry shaders can't return values, outputs must be written to "
                                 "streams.", 3507), LATE)
    scope: dict[str, Val] = {}
    prim: tuple[str, int] | None = None
    prim_elem = None
    streams = 0
    from .codegen import walk

    used = {n.obj.name for n in walk(f.body) if isinstance(n, A.MethodCall) and isinstance(n.obj, A.Ident)}

    def bind(p: A.Param) -> None:
        nonlocal prim, prim_elem, streams
        mods = p.mods
        pm = [m for m in mods if m in GS_PRIMS]
        t = p.type
        if "uniform" in mods and not _contains_stream(t):
            uniform_param(cg, f, p, pm, scope)
            return
        st = _stream_type(t)
        if st is not None or _contains_stream(t):
            if st is None:  # more than one element (the parser's X3128, unless an attribute computes)
                raise cg.err(p.pos, "stream parameters can only be single-element types", 3128)
            if not (isinstance(t, ObjectType) or isinstance(t, ArrayType) and isinstance(t.elem, ObjectType)):
                _compound_object_gate(cg, p)
            if "inout" not in mods:  # fxc's words, trailing space included
                word = "output" if "out" in mods else "input"
                raise cg.err(p.pos, f"'{f.name}': stream {word} parameter '{p.name}' must be an inout parameter ", 3514)
            scope[p.name] = Val(t, [], ("stream", streams, st, p.pos))
            streams += 1
            if p.name in used:
                cg.gs.stream_count += 1
            return
        from .objects import has_object

        vertex = t.elem if isinstance(t, ObjectType) and t.kind == "InputPatch" and t.elem is not None else t
        compound = isinstance(array_leaf(vertex), StructType) and has_object(vertex)  # a struct holding an object
        if isinstance(t, ObjectType) and t.kind == "OutputPatch" and "uniform" not in mods:
            raise patch_input_error(cg, t.kind, f.name, p.pos)  # (X3658)
        if "out" in mods and "inout" not in mods:
            raise cg.err(p.pos, f"'{f.name}': Geometry shaders can't return values, outputs must be written to "
                         "streams.", 3507)
        if isinstance(t, ObjectType) and t.kind == "InputPatch":
            count, elem = t.samples, t.elem
            if pm and GS_PRIMS[pm[0]][0] != count:
                # the modifier's size, as for an array, before the model's patch rule (d3dcompiler_47 10.1, session
                # 46: ``line InputPatch<D, 3>`` is X3513 at gs_4_0 and gs_5_0)
                raise cg.err(p.pos, f"array dimension for {pm[0]} must be {GS_PRIMS[pm[0]][0]}", 3513)
            err = patch_input_error(cg, t.kind, f.name, p.pos)
            if err is not None:
                raise err
            name = pm[0] if pm else _BY_COUNT.get(count, f"patch{count}")
            if not pm and not 1 <= count <= 32:
                raise cg.err(p.pos, "invalid patch size", 3000)
            if compound:
                _compound_object_gate(cg, p, True)
        elif pm:
            if not isinstance(t, ArrayType):
                raise cg.err(p.pos, "input types for geometry shader must be arrays", 3513)
            count, elem, name = t.count, t.elem, pm[0]
            if prim is not None and prim[0] != name:
                # another primitive than an earlier input's: the conflict before this one's dimension (d3dcompiler_47
                # 10.1, session 49: ``point V a[1], triangle V b[1]`` is X3514, then X3513)
                raise cg.err(p.pos, f"'{f.name}': input parameter '{p.name}' conflicts with geometry specifier of "
                             "previous input parameters", 3514)
            if GS_PRIMS[name][0] != count:
                raise cg.err(p.pos, f"array dimension for {name} must be {GS_PRIMS[name][0]}", 3513)
            if compound:
                _compound_object_gate(cg, p, True)
        else:
            if compound:
                _compound_object_gate(cg, p)  # (session 46: before X3514's geometry specifier, after X3513's shape)
            from .values import split_semantic

            if not p.semantic:
                # no semantic (a struct's: a member without one): X3502 before the geometry-specifier rule
                # (d3dcompiler_47 10.1, session 49: ``float4 t`` and ``W t`` of ``struct W { float4 q; }``)
                if not isinstance(array_leaf(t), StructType):
                    raise cg.err(p.pos, f"'{f.name}': input parameter '{p.name}' missing semantics", 3502)
                try:
                    cg.elem_list(t, None, p.pos, p.name)
                except HlslError as exc:
                    if exc.code == 3502:
                        raise
            base, idx = split_semantic(p.semantic or "")
            special = _GS_SPECIAL.get(base.upper())
            leaf = array_leaf(t)
            if special is None or not isinstance(leaf, NumType):
                # every input but the register-less two needs a geometry specifier -- another stage's system value
                # too, before its X4502 (d3dcompiler_47 10.1, session 49: ``float4 t : SV_Target`` X3514)
                raise cg.err(p.pos, f"'{f.name}': input parameter '{p.name}' must have a geometry specifier", 3514)
            # a numbered one (``SV_PrimitiveID1``) is X4502's [0,0] (session 46)
            bad = system_value_error(cg.stage, cg.major, cg.minor, "in", base, idx) if idx else None
            if bad is not None:
                raise cg.err(p.pos, bad, 4502)
            check_scalar_id(cg, leaf, p)  # the type rule comes before the count's (svtypes.scalar_id_error)
            # one value each (D3D11.3 §23.2 PrimitiveID: a 32-bit scalar; the Semantics table's Type "uint" for
            # SV_PrimitiveID and SV_GSInstanceID): ``uint2 i : SV_GSInstanceID`` is refused as elsewhere
            bad = input_count_error(cg, (p.semantic or "").rstrip("0123456789"), leaf.n, "gs_in")
            if bad is not None:
                raise cg.err(p.pos, bad, 4502)
            # (gs_4_0 / gs_4_1 take SV_GSInstanceID too -- ``dcl_input vGSInstanceID``, one instance without an
            # [instance] attribute, which stays 5.0: d3dcompiler_47 10.1, session 49, against the Semantics table's
            # "5.0")
            decl = f"dcl_input {special}"
            if decl not in cg.in_decls:
                cg.in_decls.append(decl)
                if special == "vPrim":
                    prim_elem = _primitive_id_element(cg, p.semantic or "")
            # an array of them is accepted, every element the one value (fxc 10.1, session 49: ``uint t[2] :
            # SV_PrimitiveID`` reads vPrim for t[1])
            scope[p.name] = Val(t, cg.materialize_force([(special, (), None, 0)] * t.slots))
            return
        name = ("patch:" if isinstance(t, ObjectType) else "") + name
        if prim is not None and prim != (name, count):
            raise cg.err(p.pos, f"'{f.name}': input parameter '{p.name}' conflicts with geometry specifier of "
                         "previous input parameters", 3514)
        prim = (name, count)
        scope[p.name] = bind_gs_array(cg, elem, count, p, f.body)
        if name.startswith("patch:"):  # an InputPatch is read-only (fxc X3025, DXC InputPatch-const.hlsl)
            scope[p.name].readonly = True
    refused = False
    for p in f.params:
        try:
            bind(p)
        except HlslError as exc:
            if exc.code not in _LATE_PARAM_CODES:
                raise
            # an input's refusal -- no geometry specifier, no array, an output or a non-inout stream, another
            # stage's system value -- comes after the body's type rules (d3dcompiler_47 10.1, session 46: ``void
            # main(gs_data vin, …) { undeclared = 1; }`` is X3004), with the file's other late refusals; the body
            # reads a stand-in of the parameter's type meanwhile (uncalled._param_value)
            from .uncalled import _param_value

            if cg.deferred_gate_error is None:
                cg.deferred_gate_error = exc
            scope[p.name] = _param_value(cg, p)
            refused = True
    if prim is None and refused:
        prim = ("point", 1)  # (the refused input's)
    if prim is None:
        # after the whole file's type rules as the missing max vertex count (d3dcompiler_47 10.1, session 48: a
        # pixel body compiled at gs_4_0 reports its X3013 / X3017 / X3020 / X3067 first); point meanwhile
        from .entryattrs import after_type_rules

        prim = after_type_rules(cg, cg.err(f.pos, f"'{f.name}': no input primitive specified, if your shader doesn't "
                                           "require inputs, then define an empty struct and give it the proper "
                                           "primitive type.", 3514), ("point", 1))
    if prim_elem is not None:  # after the vertex elements: it takes no register of theirs
        cg.inputs.append(prim_elem)
    # an InputPatch<T, N> is a patch of N control points whatever its modifier (fxc 10.1: ``dcl_inputprimitive
    # patch3`` for ``triangle InputPatch<V, 3>`` too; session 38, REFL)
    cg.gs.prim = f"patch{prim[1]}" if prim[0].startswith("patch:") else prim[0]
    return scope


def check_scalar_id(cg: CodegenContext, t: NumType, p: A.Param) -> None:
    """Refuse an SV_PrimitiveID, SV_GSInstanceID or SV_OutputControlPointID parameter (a register-less scalar
    input) of a type fxc refuses (svtypes.scalar_id_error)."""
    from .signatures import no_double_element
    from .svtypes import scalar_id_error
    from .types import concrete

    no_double_element(t, p.pos)
    bad = scalar_id_error((p.semantic or "").rstrip("0123456789"), concrete(t.base), t.n, cg.stage,
                          len(cg.inputs) + 1)
    if bad is not None:
        raise cg.err(p.pos, bad[1], bad[0])


def _primitive_id_element(cg: CodegenContext, semantic: str):
    """The input-signature element of a geometry shader's SV_PrimitiveID parameter. The value lives in the
    register-less ``vPrim`` (D3D11.3 §13.8: the GS receives the primitive ID as a scalar input of its own), but
    fxc 10.1 (d3dcompiler_47) still lists it in the input signature: register 0xFFFFFFFF, D3D_NAME_PRIMITIVE_ID,
    uint, mask x (listing ``N/A primID PRIMID uint``) -- DXDecompiler's 3Dmigoto signatures_gs.o / _gs5.o. A
    hull or domain shader's vPrim gets no element (3Dmigoto signatures_hs.o reads vPrim with none); a pixel
    shader's SV_PrimitiveID is an ordinary v# element (signatures.py). Read mask: sigusage's vPrim reads."""
    from .codegen import _SV_NAMES, SigElem, split_semantic

    base, idx = split_semantic(semantic)
    base = compat_semantic(cg, base, False, idx)
    return SigElem(base, idx, _SV_NAMES["SV_PRIMITIVEID"][0], 1, REGISTERLESS, 1)


def bind_gs_array(cg: CodegenContext, elem: Type, count: int, p: A.Param, body: A.Node | None = None) -> Val:
    """Inputs of every vertex: slot ('v', (vertex, reg), None, comp); per-vertex order = element order."""
    from .codegen import _SV_NAMES, SigElem, Val, split_semantic
    from .signatures import no_double_element
    from .types import BOOL, FLOAT, INT, UINT, concrete

    per_vertex: list = []
    for lt, base, idx, fm in cg.elem_list(elem, p.semantic, p.pos, p.name):
        no_double_element(lt, p.pos)  # X3687 (fxc 10.1, session 36)
        base = compat_semantic(cg, base, False, idx)
        up = base.upper()
        n = lt.n
        if up in _GS_SPECIAL:  # a per-primitive value is a parameter of its own (fxc 10.1's words, session 46)
            spelled = "SV_PrimitiveId" if up == "SV_PRIMITIVEID" else "SV_GSInstanceID"  # fxc 10.1's spelling
            raise cg.err(p.pos, f"{spelled} is an invalid input semantic for geometry shader primitives, it "
                                "must be its own parameter.", 3514)
        bad = vertex_element_error(cg, base, idx, n, GS_V_IN)
        if bad is not None:  # another stage's system value inside the vertex array
            raise cg.err(p.pos, bad, 4502)
        reg, first = place_element(cg, cg.inputs, n, up, cg.interp_mode(lt, fm | p.mods), fm)
        sv = _SV_NAMES.get(up) if is_system_value_at(up, GS_V_IN) else None
        ctype = {FLOAT: 3, INT: 2, UINT: 1, BOOL: 1}.get(concrete(lt.base), 3)
        cg.inputs.append(SigElem(base, idx, sv[0] if sv else 0, ctype, reg, comp_mask(first, n),
                                 declared=concrete(lt.base), bad_interp=integer_interpolation(lt, fm | p.mods)))
        check_clip_cull(cg, cg.inputs, "in", p.pos)
        m = "xyzw"[first:first + n]
        if sv and up == "SV_POSITION":
            add_decl(cg.in_decls, f"dcl_input_siv v[{count}][{reg}].{m}, position")
        else:
            add_decl(cg.in_decls, f"dcl_input v[{count}][{reg}].{m}")
        per_vertex.append((reg, first, n))
    _ = split_semantic
    slots: list = []
    for k in range(count):
        for reg, first, n in per_vertex:
            slots += [("v", (k, reg), None, first + c) for c in range(n)]
    at = ArrayType(elem, count)
    # inputs are writable in HLSL: a written array is copied into temps; one only read stays in the input
    # registers, so a run-time vertex index becomes relative addressing (dynpick._vertex_element)
    written = body is None or p.name in assigned_names(cg, body)
    return Val(at, cg.materialize_force(slots) if slots and written else slots)


def patch_input_error(cg, kind: str, func: str, pos) -> HlslError | None:
    """An InputPatch / OutputPatch entry parameter of a stage that takes none: X3658 (d3dcompiler_47 10.1, session
    41): an InputPatch outside the hull shader and the 5.x geometry shader ("'main': InputPatch inputs can only be
    used in hull and geometry (5_0+) shaders": vertex, pixel, compute, domain, gs_4_x), an OutputPatch outside the
    domain shader and the hull shader's patch-constant function -- judged with the entry's signature, parameter by
    parameter (a missing semantic of an earlier parameter, X3502, comes first); a ``uniform`` one compiles."""
    if kind == "InputPatch" and not (cg.stage == "hs" or cg.stage == "gs" and cg.major >= 5):
        return cg.err(pos, f"'{func}': InputPatch inputs can only be used in hull and geometry (5_0+) shaders", 3658)
    if kind == "OutputPatch" and cg.stage not in ("ds", "hs"):
        return cg.err(pos, f"'{func}': OutputPatch inputs can only be used in the domain shaders and a hull shader's "
                           "patch constant function", 3658)
    return None


def _stream_call_error(cg: CodegenContext, st: ObjectType, name: str, arg_nodes: list[A.Node], pos) -> HlslError | None:
    """A stream method call fxc matches no intrinsic method to: a name the streams lack, X3088 "PointStream<struct D>
    object does not have method 'Store'" (case-sensitive: ``append``); Append with other than one argument or an
    array, RestartStrip with any, X3013 "'Append': no matching 2 parameter intrinsic method" (d3dcompiler_47 10.1,
    session 46; a number converts to the vertex or is X3017)."""
    if name not in ("Append", "RestartStrip"):
        return cg.err(pos, f"{st} object does not have method '{name}'", 3088)
    wanted = 1 if name == "Append" else 0
    if len(arg_nodes) != wanted or wanted and isinstance(cg.expr(arg_nodes[0]).type, ArrayType):
        return cg.err(pos, f"'{name}': no matching {len(arg_nodes)} parameter intrinsic method", 3013)
    return None


def stream_method(cg: CodegenContext, obj: Val, name: str, arg_nodes: list[A.Node], pos) -> Val:
    from .codegen import Val

    _tag, sid, st, ppos = obj.obj
    if not isinstance(obj.type, ObjectType):  # the wrapper itself (``vout.Append`` of a struct s1 vout): X3088
        from .objmethods import no_methods

        raise no_methods(cg, obj.type, name, arg_nodes, pos)
    refused = _stream_call_error(cg, st, name, arg_nodes, pos)
    if refused is not None:
        for a in arg_nodes:  # the arguments' own errors first (``s.RestartStrip(undeclared)`` is X3004)
            cg.expr(a)
        raise refused
    topo = STREAM_KINDS[st.kind]
    if sid >= 4 or sid > 0 and denial(LANGUAGE["streams"], cg.stage, cg.major, cg.minor) is not None:
        # a stream past the target's (the parameter's place among the streams): X4570 "gs_4_0 can only emit to 1
        # stream" / "gs_5_0 can only emit to streams 0-3" at that parameter, in a late phase of its own (compiler.py:
        # after the body's refusals -- X3504, X3510, X3511, X3512, X3535, X3664, a double's, X4010 -- and the
        # signature's semantics X4502 / X4574, whatever their order; before the finished code's X4000 and the
        # validator's X8000; d3dcompiler_47 10.1, sessions 41 and 49) -- judged before the other streams' kinds
        # (X4592), so nothing else of the call is
        target = f"{cg.stage}_{cg.major}_{cg.minor}"
        if cg.gs.stream_target_error is None:
            cg.gs.stream_target_error = cg.err(ppos, f"{target} can only emit to 1 stream" if cg.major < 5 else
                                               f"{target} can only emit to streams 0-3",
                                               LANGUAGE["streams"].code or 4570)
        for a in arg_nodes:
            cg.expr(a)
        return Val(VOID, [])
    if cg.gs.stream_count > 1 and topo != "pointlist":
        # ERR_MULTI_SO_NOT_POINT 4592 (MicrosoftDocs "HLSL errors and warnings"), reported once the code is done:
        # after the type rules, the signature's X3502, an input signature's X4576, a division by zero's X4010 and
        # gs_4_x's X4570 of the second stream (d3dcompiler_47 10.1, session 43; compiler.py raises it with the
        # validator's X8000)
        if cg.gs.stream_kind_error is None:  # (a stream past the target's, X4570 above, comes first)
            cg.gs.stream_kind_error = cg.err(pos, "when multiple GS output streams are used they must be pointlists",
                                             4592)
    elif cg.gs.stream_kind_error is None and cg.gs.topology is not None and cg.gs.topology != topo:
        raise cg.err(pos, "all output streams must have the same primitive type", 3000)
    cg.gs.topology = topo
    cg.gs.streams_used.add(sid)
    stream = Reg("m", (sid,))
    if name == "Append":
        v = cg.expr(arg_nodes[0])
        et = st.elem if st.elem is not None else v.type
        if isinstance(v.type, StructType) != isinstance(et, StructType):
            # a vertex struct into a numeric stream or a number into a struct one: no conversion either way
            # (d3dcompiler_47 10.1, session 46: ``TriangleStream<float4>`` of a struct, ``Append(v.pos)``)
            spell = [f"struct {x.name}" if isinstance(x, StructType) else str(x) for x in (v.type, et)]
            raise cg.err(pos, f"'Append': cannot convert from '{spell[0]}' to '{spell[1]}'", 3017)
        v = cg.convert(v, et, pos)
        from .constprop import root_name

        cg.gs.stream_types[sid] = et  # check.gs_stream_components
        cg.gs.out_stream = sid
        cg.bind_output(et, None, v, pos)
        if cg.major >= 5:
            cg.emit("emit_stream", stream)
        else:
            cg.emit("emit")
        if isinstance(arg_nodes[0], A.Ident):  # a vertex variable: judged once the body is generated (uninit X4000)
            cg.gs.appends.append((pos, list(v.slots), root_name(arg_nodes[0]), cg.code[-1]))
        return Val(VOID, [])
    if name == "RestartStrip":
        if cg.major >= 5:
            cg.emit("cut_stream", stream)
        else:
            cg.emit("cut")
        return Val(VOID, [])
    raise AssertionError(name)  # (_stream_call_error refused every other name)


def gs_decls(cg: CodegenContext) -> list[str]:
    """Declarations fxc places after the temps: input primitive, stream, output topology."""
    out = [f"dcl_inputprimitive {cg.gs.prim}"]
    if cg.gs.topology is None:
        # nothing is appended: fxc (d3dcompiler_47 10.1) declares no stream and no output topology, and its STAT
        # and D3DReflect's GSOutputTopology are 0 (session 38, REFL)
        return out
    topo = f"dcl_outputtopology {cg.gs.topology}"
    streams = sorted(cg.gs.streams_used or {0})
    if cg.major >= 5 and len(streams) > 1:
        # outputs declared after a dcl_stream belong to that stream, and every stream needs its own
        # topology (§22.3.9), so each stream gets its block with its own output declarations (registers
        # may repeat across streams); codegen then skips out_decls (gs_multi_stream)
        for sid in streams:
            out += [f"dcl_stream m{sid}", topo] + cg.gs.stream_decls.get(sid, [])
        return out
    if cg.major >= 5:
        for sid in streams:
            out.append(f"dcl_stream m{sid}")
    out.append(topo)
    return out


def gs_multi_stream(cg: CodegenContext) -> bool:
    """Whether gs_decls already placed the output declarations (one block per stream)."""
    return cg.major >= 5 and len(cg.gs.streams_used or ()) > 1


def gs_output_component_check(cg: CodegenContext, pos) -> None:
    """maxvertexcount × output scalar components must stay ≤ 1024 (§22.3.5)."""
    regs: dict[int, int] = {}
    for e in cg.outputs:
        if e.reg == 0xFFFFFFFF:
            continue
        regs[e.reg] = regs.get(e.reg, 0) | e.mask  # packed elements share a register
    comps = sum(bin(m).count("1") for m in regs.values())
    streams = cg.gs.stream_types
    if len(streams) > 1:
        from .check import gs_stream_components

        comps = max(comps, gs_stream_components(cg, list(streams.values()), pos))
    total = cg.gs.maxout * max(comps, 1)
    if total > 1024 and cg.gs.output_limit_error is None:
        # not the ERR_MAX_OUTPUT_EXCEEDED 4571 of MicrosoftDocs "HLSL errors and warnings": d3dcompiler_47 10.1
        # compiles the shader and its bytecode validator refuses it, X8000 after every other error (an
        # uninitialised output's X4000 too), at gs_4_x and gs_5_0 alike (Wine, session 42, helper MUT)
        cg.gs.output_limit_error = HlslError(
            "", 0, 0, 8000, f"Validation Error: Declared output vertex count ({cg.gs.maxout}) multiplied by the total "
            f"number of declared scalar components of output data ({comps}) equals {total}.  This value cannot be "
            "greater than 1024.")


def non_gs_parameter_error(cg: CodegenContext, f: A.FuncDef, p: A.Param) -> None:
    """A parameter of an entry point of another stage than gs: a geometry specifier is X3514 (d3dcompiler_47 10.1,
    session 41: in the entry's signature; a modifier word where the name stands, ``float2 triangleadj : T``, the
    parameter unnamed here, is fxc's syntax error at it), as a stream is (:func:`stream_parameter_error`)."""
    if any(m in p.mods for m in ("point", "line", "triangle", "lineadj", "triangleadj")):
        if p.name.startswith("__p"):
            raise cg.err(p.pos, "syntax error: unexpected token in a parameter's name", 3000)
        raise cg.err(p.pos, f"'{f.name}': input parameter '{p.name}' cannot have a geometry specifier", 3514)
    stream_parameter_error(cg, f, p)


def stream_parameter_error(cg: CodegenContext, f: A.FuncDef, p: A.Param) -> None:
    """An entry point's stream parameter outside a geometry shader (a PointStream / LineStream / TriangleStream,
    alone or in a struct, ``uniform`` aside) is X3514 "'main': stream input parameter 's' can only be used in
    geometry shaders" ("stream output parameter" for ``out``), in the parameters' order before their semantics
    (X3502 / X3503) and before the body's type rules but its undeclared names (d3dcompiler_47 10.1, session 48,
    at vs_4_0 / vs_5_0 / ps_4_1; at cs / hs / ds the missing attribute comes first)."""
    from .objects import leaves
    from .types import STREAM_KINDS

    if "uniform" in p.mods or not any(leaf.kind in STREAM_KINDS for _path, leaf in leaves(p.type)):
        return
    word = "output" if "out" in p.mods and "inout" not in p.mods else "input"
    raise cg.err(p.pos, f"'{f.name}': stream {word} parameter '{p.name}' can only be used in geometry shaders", 3514)
