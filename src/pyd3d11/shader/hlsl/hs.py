"""Hull and domain shaders (D3D11.3 §10–§12): the HS control-point phase (the entry point) and one fork
phase (the patch-constant function), DS inputs (``OutputPatch``, ``SV_DomainLocation``, patch constants
as vpc#), the tessellator declarations from the entry's attributes, and the patch-constant signature.

Attribute rules follow fxc: domain/partitioning/outputtopology/outputcontrolpoints/patchconstantfunc
are all required on an HS entry; outputtopology must suit the domain; outputcontrolpoints ∈ [0, 32]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...headers.d3dcompiler_types import D3DCOMPILE_IEEE_STRICTNESS, D3DCOMPILE_SKIP_OPTIMIZATION
from . import ast as A
from .diagnostics import HlslError
from .operands import Reg
from .sigpack import add_decl, comp_mask, place_element
from .types import VOID, ArrayType, NumType, ObjectType, StructType, Type

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val

_DOMAINS = {"isoline": "domain_isoline", "tri": "domain_tri", "quad": "domain_quad"}
_PART = {"integer": "partitioning_integer", "fractional_even": "partitioning_fractional_even",
         "fractional_odd": "partitioning_fractional_odd", "pow2": "partitioning_pow2"}
_TOPO = {"point": "output_point", "line": "output_line", "triangle_cw": "output_triangle_cw",
         "triangle_ccw": "output_triangle_ccw"}
_TOPO_OK = {"isoline": {"point", "line"}, "tri": {"point", "triangle_cw", "triangle_ccw"},
            "quad": {"point", "triangle_cw", "triangle_ccw"}}
#: (domain, semantic, index) -> (D3D_NAME, bytecode system-value name)
_TESS = {
    ("quad", "SV_TESSFACTOR", 0): (11, "finalQuadUeq0EdgeTessFactor"),
    ("quad", "SV_TESSFACTOR", 1): (11, "finalQuadVeq0EdgeTessFactor"),
    ("quad", "SV_TESSFACTOR", 2): (11, "finalQuadUeq1EdgeTessFactor"),
    ("quad", "SV_TESSFACTOR", 3): (11, "finalQuadVeq1EdgeTessFactor"),
    ("quad", "SV_INSIDETESSFACTOR", 0): (12, "finalQuadUInsideTessFactor"),
    ("quad", "SV_INSIDETESSFACTOR", 1): (12, "finalQuadVInsideTessFactor"),
    ("tri", "SV_TESSFACTOR", 0): (13, "finalTriUeq0EdgeTessFactor"),
    ("tri", "SV_TESSFACTOR", 1): (13, "finalTriVeq0EdgeTessFactor"),
    ("tri", "SV_TESSFACTOR", 2): (13, "finalTriWeq0EdgeTessFactor"),
    ("tri", "SV_INSIDETESSFACTOR", 0): (14, "finalTriInsideTessFactor"),
    ("isoline", "SV_TESSFACTOR", 0): (16, "finalLineDensityTessFactor"),
    ("isoline", "SV_TESSFACTOR", 1): (15, "finalLineDetailTessFactor"),
}


def tess_sv(cg: CodegenContext, up: str, idx: int, pos) -> tuple[int, str]:
    sv = _TESS.get((cg.tess.domain, up, idx))
    if sv is None:
        if cg.tess.factor_error is not None:
            return _TESS[("quad", "SV_TESSFACTOR", 0)]  # refused already (check_tess_factor_outputs): raised later
        base = "SV_TessFactor" if up == "SV_TESSFACTOR" else "SV_InsideTessFactor"
        raise cg.err(pos, _factor_index_error(cg, base, up, idx, "input" if cg.stage == "ds" else "output"), 4502)
    return sv


#: (domain, semantic) -> how many factors the domain's tessellator reads (MicrosoftDocs SV_TessFactor:
#: float[4] quad, float[3] tri, float[2] isoline; SV_InsideTessFactor: float[2] quad, float tri, unused
#: for isolines; D3D11.3 §10.10)
TESS_FACTOR_COUNTS = {("quad", "SV_TESSFACTOR"): 4, ("quad", "SV_INSIDETESSFACTOR"): 2,
                      ("tri", "SV_TESSFACTOR"): 3, ("tri", "SV_INSIDETESSFACTOR"): 1,
                      ("isoline", "SV_TESSFACTOR"): 2, ("isoline", "SV_INSIDETESSFACTOR"): 0}


def _factor_index_error(cg: CodegenContext, base: str, up: str, idx: int, direction: str) -> str:
    """fxc's X4502 text for a tessfactor the domain has no place for: the index past the domain's count
    ("Legal indices are in [0,2]"), or an inside factor of an isoline domain, which has none."""
    need = TESS_FACTOR_COUNTS[(cg.tess.domain, up)]
    if need == 0:
        where = "patch constant output" if direction == "output" else "input"
        return f"invalid {cg.stage}_{cg.major}_{cg.minor} {where} semantic '{base}'"
    return f"invalid {direction} semantic '{base}{idx or ''}': Legal indices are in [0,{need - 1}]"


def check_tess_factor_outputs(cg: CodegenContext, pcf: A.FuncDef, domain: str) -> None:
    """The patch-constant function's tessellation factors, from its declared outputs (return value and
    ``out`` parameters): :func:`factor_errors`. The refusal of the elements waits in ``cg.tess.factor_error``
    (raised by gen_hs_entry after the function's body, whose type rules come first), the late one in
    ``cg.tess.late_error`` (raised last by compiler.py)."""
    elems: list = []
    try:
        if pcf.ret is not VOID and not isinstance(pcf.ret, ObjectType):
            elems += cg.elem_list(pcf.ret, pcf.semantic, pcf.pos, pcf.name, "return", func=pcf.name)
        for p in pcf.params:
            if "out" in p.mods or "inout" in p.mods:
                elems += cg.elem_list(p.type, p.semantic, p.pos, p.name, "output", func=pcf.name)
    except HlslError as exc:
        if exc.code not in (3502, 3503):
            raise
        # an output without a semantic (X3503 "'PCF': output parameter 'o' missing semantics"), after the body's
        # type rules as the elements' refusals (d3dcompiler_47 10.1, session 44)
        cg.tess.factor_error, cg.tess.late_error = exc, None
        return
    cg.tess.factor_error, cg.tess.late_error = factor_errors(cg, elems, domain, "output", pcf.pos)


def check_tess_factor_inputs(cg: CodegenContext, f: A.FuncDef, domain: str) -> None:
    """A domain shader's patch-constant inputs, judged as the hull shader's outputs are (:func:`factor_errors`,
    "input" in the texts; "ds_5_0 tessfactor inputs missing": a domain shader must declare every factor of its
    domain, ``[domain("tri")] float4 main(float3 uv : SV_DomainLocation)`` is X3502). The elements' refusal is
    reported right after the type rules (``cg.deferred_gate_error``: ``e[3]`` at an isoline beside a later
    undeclared name is X3004), the missing factors' after every other refusal (``cg.tess.late_error``)."""
    elems: list = []
    for p in f.params:
        t = p.type
        sem = (p.semantic or "").upper()
        if "out" in p.mods and "inout" not in p.mods or isinstance(t, ObjectType) or \
                sem in ("SV_DOMAINLOCATION", "SV_PRIMITIVEID"):
            continue
        try:
            elems += cg.elem_list(t, p.semantic, p.pos, p.name)
        except HlslError:
            return  # the parameter's own refusal (X3502 ...), raised where it is bound, after an earlier one's
    early, cg.tess.late_error = factor_errors(cg, elems, domain, "input", f.pos)
    cg.tess.factor_error = early
    if early is not None and cg.deferred_gate_error is None:
        cg.deferred_gate_error = early


def patch_constant_registers(elems: list) -> list[int]:
    """The register each of the patch-constant ``elems`` (elem_list's, in declaration order) takes, by the packing
    of sigpack.place_element: X3685 asks for a group's registers, not its elements, to follow each other
    (d3dcompiler_47 10.1, session 48: ``float e0 : SV_TessFactor0; float2 g : T; float e1 : SV_TessFactor1; ...``
    compiles -- g packs beside e0 in r0.yz, e1 is r1 --, ``float e0; uint w; float e1; float4 p; float e2`` is X3685:
    p opens r2 between e1 in r1 and e2 in r3)."""
    from .sigpack import ALIGN, SigPacker

    packer = SigPacker(True)
    regs: list[int] = []
    factors: set[int] = set()
    for lt, base, _idx, mods in elems:
        up = base.upper()
        closed = frozenset(factors) if up == "SV_INSIDETESSFACTOR" else frozenset()
        reg, _ = packer.place(max(1, min(lt.n, 4)), "patch constant", ALIGN in mods or up == "SV_TESSFACTOR", closed)
        if up in ("SV_TESSFACTOR", "SV_INSIDETESSFACTOR"):
            factors.add(reg)
        regs.append(reg)
    return regs


def factor_errors(cg: CodegenContext, elems: list, domain: str, direction: str, pos) -> tuple:
    """The tessfactor refusals of a hull shader's patch-constant outputs or a domain shader's patch-constant
    inputs (``elems``: elem_list's (type, semantic, index, modifiers) in declaration order), as (the elements'
    refusal, the late one). Each group is one float per register, in a fixed order (D3D11.3 §10.10; MicrosoftDocs
    SV_TessFactor / SV_InsideTessFactor: float[4] / float[2] for a quad, float[3] / float for a tri, float[2]
    for an isoline). d3dcompiler_47 10.1's rules and order (session 44, helper MUT; the docs name none of these
    numbers):

    1. an isoline's inside factor more than once (``float inside[2]``, a float2x2) is X4574 "Duplicate system
       value semantic definition";
    2. a factor of more than one component where the domain takes several (``float2 e[3]``, ``float3 e``, a quad's
       float2 inside) X4555 "invalid type used for 'SV_TessFactor' output semantics" (every element first);
    3. an index past the domain's count X4502 "invalid output semantic 'SV_TessFactor': Legal indices are in
       [0,2]", an isoline's inside factor X4502 "invalid hs_5_0 patch constant output semantic";
    4. a group not in index order or whose registers do not follow each other (``e1`` before ``e0``, ``e0, e2``,
       ``e[2], inside, e2``; an element between two factors that opens a register of its own:
       :func:`patch_constant_registers`) X3685 "tessfactor semantic out of order";
    5. late, after every other refusal of the program (the code's X4580 of an unwritten factor, the signature's
       X4502 of another element): a tri's inside factor of more than one component X4576 "type must be a scalar
       float", then a factor the domain needs that is not declared X3502 "hs_5_0 patch constant tessfactor
       outputs missing" ("hs_5_1 tessfactor outputs missing", "ds_5_0 tessfactor inputs missing")."""
    factors = [(k, lt, base, base.upper(), idx) for k, (lt, base, idx, _m) in enumerate(elems)
               if base.upper() in ("SV_TESSFACTOR", "SV_INSIDETESSFACTOR")]
    target = f"{cg.stage}_{cg.major}_{cg.minor}"

    def refuse(text: str, code: int) -> tuple:
        return cg.err(pos, text, code), None

    if domain == "isoline" and sum(up == "SV_INSIDETESSFACTOR" for _k, _lt, _b, up, _i in factors) > 1:
        return refuse(f"Duplicate system value semantic definition: {direction} semantic 'SV_InsideTessFactor' and "
                      f"{direction} semantic 'SV_InsideTessFactor'", 4574)
    for _k, lt, base, up, _idx in factors:
        if lt.n != 1 and TESS_FACTOR_COUNTS[(domain, up)] > 1:
            return refuse(f"invalid type used for '{base}' {direction} semantics", 4555)
    for _k, _lt, base, up, idx in factors:
        if idx >= TESS_FACTOR_COUNTS[(domain, up)]:
            return refuse(_factor_index_error(cg, base, up, idx, direction), 4502)
    regs = patch_constant_registers(elems)
    last: dict[str, int] = {}  # per group: the register of its last factor
    for k, _lt, base, up, idx in factors:
        if idx != sum(u == up for k2, _l2, _b2, u, _i2 in factors if k2 < k) or \
                (up in last and last[up] != regs[k] - 1):
            return refuse(f"tessfactor semantic '{base}{idx}' out of order", 3685)
        last[up] = regs[k]
    wide = next((k for k, lt, _b, _u, _i in factors if lt.n != 1), None)
    if wide is not None:  # (a tri's inside factor: the others are X4555 above)
        return None, cg.err(pos, f"{'Output' if direction == 'output' else 'Input'} signature parameter (1-based "
                                 f"Entry {wide + 1}) type must be a scalar float.", 4576)
    for up in ("SV_TESSFACTOR", "SV_INSIDETESSFACTOR"):
        if sum(u == up for _k, _l, _b, u, _i in factors) < TESS_FACTOR_COUNTS[(domain, up)]:
            what = "outputs" if direction == "output" else "inputs"
            text = f"{target} patch constant tessfactor {what} missing" if cg.stage == "hs" and cg.minor == 0 else \
                f"{target} tessfactor {what} missing"
            return None, cg.err(pos, text, 3502)
    return None, None


#: fxc 10.1's X3084 text for a hull shader attribute that is missing or unreadable (session 38, recorded in
#: tests/test_rules_hlsl_fxc_verdicts_acc38.py; X3525 here before)
HS_ATTRIBUTE_EXPECTED = {
    "domain": "'domain(domain type)' attribute expected, where 'domain type' is one of \"tri\", \"quad\", or "
              "\"isoline\"",
    "partitioning": "'partitioning(partitioning mode)' attribute expected, where 'partitioning mode' is one of "
                    "\"integer\", \"pow2\", \"fractional_even\", or \"fractional_odd\"",
    "outputtopology": "'outputtopology(topology type)' attribute expected, where 'topology type' is one of \"point\", "
                      "\"line\", \"triangle_cw\", or \"triangle_ccw\"",
    "patchconstantfunc": "'patchconstantfunc(function name)' attribute expected, where 'function name' is the name of "
                         "the patch constant value evaluation function",
    "outputcontrolpoints": "'outputcontrolpoints(count)' attribute expected, where 'count' is the number of control "
                           "points to emit",
}


def missing_attribute(prog: A.Program, entry: str, stage: str) -> HlslError | None:
    """X3084 for the first required attribute a hull (``domain``, ``partitioning``, ``outputtopology``,
    ``patchconstantfunc``, ``outputcontrolpoints``) or domain (``domain``) entry point lacks, as gen_hs_entry /
    gen_ds_entry read them (spelled, not evaluated), or None."""
    # (the first declaration's attributes, as Codegen.run takes them)
    f = next((d for d in prog.decls if isinstance(d, A.FuncDef) and d.name == entry), None)
    if f is None:
        return None
    names = ("domain", "partitioning", "outputtopology", "patchconstantfunc") if stage == "hs" else ("domain",)
    for name in names:
        v = f.attrs.get(name)
        if not v or len(v) != 1 or not isinstance(v[0], A.Literal) or not isinstance(v[0].value, str):
            return HlslError(f.pos.file, f.pos.line, f.pos.col, 3084, HS_ATTRIBUTE_EXPECTED[name])
    if stage == "hs" and len(f.attrs.get("outputcontrolpoints") or ()) != 1:
        return HlslError(f.pos.file, f.pos.line, f.pos.col, 3084, HS_ATTRIBUTE_EXPECTED["outputcontrolpoints"])
    return None


def _string_attr(cg: CodegenContext, attrs: dict, name: str, pos) -> str:
    v = attrs.get(name)
    if not v or len(v) != 1 or not isinstance(v[0], A.Literal) or not isinstance(v[0].value, str):
        raise cg.err(pos, HS_ATTRIBUTE_EXPECTED[name], 3084)
    return v[0].value


def _bind_patch(cg: CodegenContext, elem: Type, count: int, p: A.Param, file: str, outputs: bool,
                sig: list | None = None) -> Val:
    """Control points ``file[k][reg]``; registers follow the input (or output) signature by semantic."""
    from .codegen import _SV_NAMES, SigElem, Val
    from .types import BOOL, FLOAT, INT, UINT, concrete

    if sig is None:
        sig = cg.inputs
    per: list[tuple[int, int, int]] = []
    from .sysvalues import DS_CP_IN, HS_CP_IN, is_system_value_at, vertex_element_error

    point = DS_CP_IN if cg.stage == "ds" else HS_CP_IN
    from .signatures import no_double_element

    for lt, base, idx, fm in cg.elem_list(elem, p.semantic, p.pos, p.name):
        up = base.upper()
        n = lt.n
        name = base
        if not outputs:  # (an output patch's elements are the control-point outputs, checked as such)
            # a double control point is X3687 as any double input (d3dcompiler_47 10.1, session 47: an InputPatch
            # of ``double4 val : VAL`` at hs_5_0 / 5_1, the entry's or the patch-constant function's, read or not)
            try:
                no_double_element(lt, p.pos)
            except HlslError as exc:  # after the type rules, with the other elements' refusals (sigphase.py)
                from .sigphase import EARLY, refuse

                refuse(cg, exc, EARLY)
            bad = vertex_element_error(cg, base, idx, n, point)
            if bad is not None:
                raise cg.err(p.pos, bad, 4502)
        prev = next((e for e in sig if e.name.upper() == name.upper() and e.index == idx), None)
        if prev is None:
            if outputs:
                raise cg.err(p.pos, f"'{p.name}': output patch semantic '{base}{idx}' is not a control-point output",
                             4502)
            sv = _SV_NAMES.get(up) if is_system_value_at(up, point) else None
            ctype = {FLOAT: 3, INT: 2, UINT: 1, BOOL: 1}.get(concrete(lt.base), 3)
            reg, first = place_element(cg, sig, n, up, cg.interp_mode(lt, fm), fm)
            from .svtypes import integer_interpolation

            prev = SigElem(name, idx, sv[0] if sv else 0, ctype, reg, comp_mask(first, n),
                           bad_interp=integer_interpolation(lt, fm))
            sig.append(prev)
        first = (prev.mask & -prev.mask).bit_length() - 1
        add_decl(cg.in_decls, f"dcl_input {file}[{count}][{prev.reg}].{'xyzw'[first:first + n]}")
        per.append((prev.reg, first, n))
    slots: list = []
    for k in range(count):
        for reg, first, n in per:
            slots += [(file, (k, reg), None, first + c) for c in range(n)]
    # patches are read-only (fxc X3025 on `patch[0].f = 1`, DXC InputPatch-const.hlsl): the slots stay input
    # registers, so a run-time control-point index becomes relative addressing of the vertex index
    # (dynpick._vertex_element) rather than a select chain
    return Val(ArrayType(elem, count), slots, readonly=True)


def _special(cg: CodegenContext, t: Type, reg: str, comps: str = "", p: A.Param | None = None,
             point: str = "") -> Val:
    from .codegen import Val

    if p is not None and isinstance(t, NumType):
        from .gs import check_scalar_id

        check_scalar_id(cg, t, p)  # the type rule comes before the count's (svtypes.scalar_id_error)
        # one value each (D3D11.3 §23.2 PrimitiveID, §23.7 OutputControlPointID: a 32-bit scalar; the Semantics
        # table's Type "uint"); fxc 10.1 takes an integer vector SV_OutputControlPointID, every lane reading the ID
        # (``uint2 i : SV_OutputControlPointID`` compiles: session 38, tests/test_rules_hlsl_fxc_mutants_s38.py)
        from .sysvalues import input_count_error

        bad = None if reg == "vOutputControlPointID" else input_count_error(cg, p.semantic or "", t.n, point)
        if bad is not None:
            raise cg.err(p.pos, bad, 4502)
    decl = f"dcl_input {reg}{comps}"
    if decl not in cg.in_decls:
        cg.in_decls.append(decl)
    n = t.n if isinstance(t, NumType) else 1
    lanes = range(n) if comps else [0] * n
    return Val(t, cg.materialize_force([(reg, (), None, c) for c in lanes]))


def carries_semantics(t: Type) -> bool:
    """Whether a parameter without a semantic of its own still passes between stages: a struct whose every member
    has a semantic, directly or through its own struct type (MicrosoftDocs "Semantics": a semantic is attached to
    a parameter or to a structure member), or an array of such structs (every element reuses the members'
    semantics, as signatures.elem_list lays it out). NVIDIA FaceWorks' tess_hs.hlsl writes its patch constants
    through ``out PatchConstData o_pcd`` of such a struct."""
    if isinstance(t, ArrayType):
        return carries_semantics(t.elem)
    return isinstance(t, StructType) and \
        all(fsem is not None or carries_semantics(ft) for _, ft, fsem, _ in t.fields)


def _phase(cg: CodegenContext) -> dict:
    """Detach the code/decl state of the phase generated so far."""
    st = {"code": cg.code, "in": cg.in_decls, "out": cg.out_decls, "var": cg.var_temps, "x": cg.indexable}
    cg.code, cg.in_decls, cg.out_decls, cg.var_temps, cg.indexable = [], [], [], set(), {}
    return st


def check_control_point_entry(cg: CodegenContext, f: A.FuncDef, n_out: int) -> None:
    """fxc 10.1's rules for the control-point function's own shape (session 38, recorded under Wine in
    tests/test_rules_hlsl_fxc_verdicts_acc38.py; the "Hull-Shader Stage" and InputPatch pages describe a
    pass-through control point phase without stating these rules):

    - a ``void`` entry point is a pass-through control-point shader: it needs an InputPatch parameter (X3680
      "… pass-through control-point shader,you must declare an InputPatch object.", fxc's spacing), and its
      ``[outputcontrolpoints(n)]`` is 0 or the InputPatch's size (X3680 "… the number of output control points
      must be zero or must match the input patch size."); both come before the count's range (X4589);
    - an ``out`` or ``inout`` parameter is X3500 "output parameters not yet implemented for control point
      shaders" (the outputs are the return value)."""
    patches = [p for p in f.params if "uniform" not in p.mods and isinstance(p.type, ObjectType)
               and p.type.kind == "InputPatch"]
    head = f"'{f.name}': When defining a pass-through control-point shader,"
    if f.ret is VOID and not patches:
        raise cg.err(f.pos, head + "you must declare an InputPatch object.", 3680)
    if f.ret is VOID and n_out not in (0, patches[0].type.samples):  # type: ignore[union-attr]
        raise cg.err(f.pos, head + " the number of output control points must be zero or must match the input "
                                   "patch size.", 3680)
    if any("out" in p.mods or "inout" in p.mods for p in f.params):
        raise cg.err(f.pos, f"'{f.name}': output parameters not yet implemented for control point shaders", 3500)


def gen_hs_entry(cg: CodegenContext, f: A.FuncDef) -> None:
    from .codegen import Val

    attrs = cg.entry_attrs
    domain = _string_attr(cg, attrs, "domain", f.pos)
    part = _string_attr(cg, attrs, "partitioning", f.pos)
    topo = _string_attr(cg, attrs, "outputtopology", f.pos)
    pcf_name = _string_attr(cg, attrs, "patchconstantfunc", f.pos)
    if domain not in _DOMAINS or part not in _PART or topo not in _TOPO:
        # ERR_HSATTRIBUTE_INVALID 3657 (MicrosoftDocs "HLSL errors and warnings": "Expected the specified
        # parameter to be a certain value but got the specified value. Or, line or triangle output topologies
        # are only available with isoline domains. …")
        raise cg.err(f.pos, "invalid hull shader attribute value", 3657)
    if topo not in _TOPO_OK[domain]:
        raise cg.err(f.pos, f"output topology '{topo}' is not valid for the '{domain}' domain", 3657)
    ocp = attrs.get("outputcontrolpoints")
    if not ocp or len(ocp) != 1:
        raise cg.err(f.pos, HS_ATTRIBUTE_EXPECTED["outputcontrolpoints"], 3084)
    from .entryattrs import uint_attribute

    n_out = uint_attribute(cg, "outputcontrolpoints", ocp, f.pos)
    if n_out is None:
        raise cg.err(f.pos, HS_ATTRIBUTE_EXPECTED["outputcontrolpoints"], 3084)
    check_control_point_entry(cg, f, n_out)
    if not 0 <= n_out <= 32:
        # ERR_CONTROL_POINT_COUNT_EXCEEDED 4589 (MicrosoftDocs "HLSL errors and warnings")
        raise cg.err(f.pos, "outputcontrolpoints must be in [0, 32]", 4589)
    mtf = attrs.get("maxtessfactor")
    cg.tess.domain = domain
    cg.tess.partitioning = part
    if pcf_name == f.name:
        err = cg.err(f.pos, "the patch constant function cannot be the entry point", 3500)
        err.notimpl = True
        raise err
    pcfs = [x for x in cg.funcs.get(pcf_name, []) if x.body is not None and "static" not in x.mods]
    if cg.funcs.get(pcf_name) and not any(x.body is not None for x in cg.funcs[pcf_name]):
        raise HlslError("", 1, 1, 3501, f"'{pcf_name}': entrypoint not found")  # prototypes alone (session 47)
    if not pcfs and cg.funcs.get(pcf_name):
        # a function of the name that is static or only a prototype is no patch-constant function: fxc 10.1's
        # X3501 "'patch_constant': entrypoint not found", without a position, after the body's type rules (session 47)
        from .uintrange import defer

        defer(cg, HlslError("", 1, 1, 3501, f"'{pcf_name}': entrypoint not found"))
        pcfs = [x for x in cg.funcs[pcf_name] if x.body is not None]
    if not pcfs:
        raise cg.err(f.pos, f"patch constant function '{pcf_name}' not found", 3004)
    for x in pcfs:
        for p in x.params:
            patch = isinstance(p.type, ObjectType) and p.type.kind in ("InputPatch", "OutputPatch")
            if "uniform" in p.mods or (p.semantic is None and not patch and not carries_semantics(p.type)):
                if x is pcfs[-1] and "uniform" not in p.mods:
                    continue  # the chosen function's: X3502 after its body's type rules (the fork phase below)
                raise cg.err(p.pos, f"'{p.name}': invalid patch constant function parameter", 4502)
    pcf = pcfs[-1]
    from .check import check_patch_params

    check_patch_params(cg, f, pcf, n_out)
    n_in = 0
    # --- control-point phase: the entry point --------------------------------------------------------
    scope: dict[str, Val] = {}
    for p in f.params:
        t = p.type
        sem = (p.semantic or "").upper()
        if "uniform" in p.mods:
            cv = next((c for c in cg.params_cb.vars if c.decl.name == p.name), None)
            if cv is None:
                raise cg.err(p.pos, f"'{p.name}': uniform object parameters are not supported", 3000)
            scope[p.name] = cg.global_value(cv)
        elif isinstance(t, ObjectType) and t.kind == "InputPatch":
            n_in = t.samples
            if not 1 <= n_in <= 32:
                raise cg.err(p.pos, "InputPatch size must be in [1, 32]", 3000)
            scope[p.name] = _bind_patch(cg, t.elem, t.samples, p, "v", False)
        elif sem == "SV_OUTPUTCONTROLPOINTID":
            scope[p.name] = _special(cg, t, "vOutputControlPointID", p=p, point="hs_in")
        elif sem == "SV_PRIMITIVEID":
            scope[p.name] = _special(cg, t, "vPrim", p=p, point="hs_in")
        elif isinstance(t, ObjectType) and t.kind == "OutputPatch":  # fxc 10.1's words and number (session 38)
            raise cg.err(p.pos, f"'{f.name}': OutputPatch inputs can only be used in the domain shaders and a hull "
                                "shader's patch constant function", 3658)
        else:
            from .sysvalues import system_value_error

            if not p.semantic:  # (d3dcompiler_47 10.1's X3502, as at the other stages; session 44)
                raise cg.err(p.pos, f"'{f.name}': input parameter '{p.name}' missing semantics", 3502)
            bad = system_value_error(cg.stage, cg.major, cg.minor, "in", (p.semantic or "").rstrip("0123456789"), 0)
            raise cg.err(p.pos, bad or f"'{p.name}': invalid hull shader input", 4502)
    cg.scopes.append(scope)
    cg.debug_parameters(f, scope)
    cg.func_ctx.append({"entry": True, "ret": f.ret, "sem": f.semantic, "outs": [], "pos": f.pos})
    assert f.body is not None
    cg.block(f.body.stmts)
    if not cg.code or cg.code[-1].op != "ret":
        cg.write_entry_outputs(None, f.pos)
    cg.emit_final_ret()
    cg.func_ctx.pop()
    cg.scopes.pop()
    cp_phase = _phase(cg)
    # --- fork phase: the patch-constant function -----------------------------------------------------
    from .check import check_end_reachable, check_function

    check_function(cg, pcf)
    check_end_reachable(cg, pcf, entry=True)
    check_tess_factor_outputs(cg, pcf, domain)
    saved_outs, saved_owner, saved_merges = cg.outputs, cg.output_owner, cg.output_merges
    cg.outputs, cg.output_owner, cg.output_merges = cg.tess.pc_outputs, {}, {}
    cg.tess.in_pcf = True
    scope = {}
    pc_outs: list = []
    param_error = None
    for p in pcf.params:
        t = p.type
        sem = (p.semantic or "").upper()
        if "out" in p.mods and "inout" not in p.mods:
            # patch constants (tess factors included) written through out parameters, as a DS writes its
            # outputs: check_tess_factor_outputs reads them with the return value
            v = Val(t, cg.alloc_slots(t.slots, var=True))
            pc_outs.append((p, v))
            scope[p.name] = v
        elif isinstance(t, ObjectType) and t.kind == "InputPatch":
            # the input patch's size where the control-point function declares none (fxc 10.1 compiles that and
            # declares the patch constant function's count, session 38)
            n_in = n_in or t.samples
            scope[p.name] = _bind_patch(cg, t.elem, t.samples, p, "vicp", False)
        elif isinstance(t, ObjectType) and t.kind == "OutputPatch":
            if f.ret is VOID and not saved_outs:
                # a pass-through control-point function's outputs are its inputs: fxc 10.1 reads them as vicp
                # (session 38, tests/test_rules_hlsl_fxc_verdicts_acc38.py)
                scope[p.name] = _bind_patch(cg, t.elem, t.samples, p, "vicp", True, cg.inputs)
            else:
                scope[p.name] = _bind_patch(cg, t.elem, t.samples, p, "vocp", True, saved_outs)
        elif sem == "SV_PRIMITIVEID":
            scope[p.name] = _special(cg, t, "vPrim", p=p, point="pc_in")
        else:
            # judged after the function's body, whose type rules come first, before its outputs' tessfactors
            # (d3dcompiler_47 10.1, session 44: ``patch_constant(uint x)`` is X3502 "'patch_constant': input
            # parameter 'x' missing semantics", a later undeclared name in its body X3004)
            if not param_error:
                param_error = cg.err(p.pos, f"'{pcf.name}': input parameter '{p.name}' missing semantics", 3502) \
                    if not p.semantic else cg.err(p.pos, f"'{p.name}': invalid patch constant function input", 4502)
                cg.tess.factor_error = param_error
            scope[p.name] = Val(t, cg.alloc_slots(t.slots, var=True))
    cg.scopes.append(scope)
    cg.debug_parameters(pcf, scope)
    cg.func_ctx.append({"entry": True, "ret": pcf.ret, "sem": pcf.semantic, "outs": pc_outs, "pos": pcf.pos,
                        "name": pcf.name})
    cg.func_index_stack.append(cg.func_order.get(id(pcf), 0))
    assert pcf.body is not None
    cg.block(pcf.body.stmts)
    if pc_outs and (not cg.code or cg.code[-1].op != "ret"):
        cg.write_entry_outputs(None, pcf.pos)
    cg.emit_final_ret()
    cg.func_index_stack.pop()
    cg.func_ctx.pop()
    cg.scopes.pop()
    cg.tess.in_pcf = False
    if cg.tess.factor_error is not None:  # the body's type rules came first (check_tess_factor_outputs)
        raise cg.tess.factor_error
    cg.tess.pc_outputs = cg.outputs
    cg.outputs, cg.output_owner, cg.output_merges = saved_outs, saved_owner, saved_merges
    fork = _phase(cg)
    # no InputPatch in either function: fxc 10.1 declares one input control point (session 38, REFL; its
    # D3DReflect's InputPrimitive is D3D_PRIMITIVE_1_CONTROL_POINT_PATCH)
    head = ["hs_decls", f"dcl_input_control_point_count {n_in or 1}", f"dcl_output_control_point_count {n_out}",
            f"dcl_tessellator_domain {_DOMAINS[domain]}", f"dcl_tessellator_partitioning {_PART[part]}",
            f"dcl_tessellator_output_primitive {_TOPO[topo]}"]
    if mtf is not None:
        from .entryattrs import maxtessfactor_attribute

        v = maxtessfactor_attribute(cg, mtf, f.pos)
        if v is not None:
            head.append(f"dcl_hs_max_tessfactor l({v!r})")
            clamp_tess_factors(cg, fork["code"], v)
    cg.tess.hs_head = head
    cg.tess.hs_phases = [("hs_control_point_phase", cp_phase), ("hs_fork_phase", fork)]


def clamp_tess_factors(cg: CodegenContext, code: list, limit: float) -> None:
    """fxc clamps every tessellation factor the patch-constant function writes to the declared
    ``[maxtessfactor]``: each write of an SV_TessFactor / SV_InsideTessFactor output becomes ``min o#.x, value,
    l(limit)`` (d3dcompiler_47 10.1 under Wine, session 49: every domain and partitioning, a limit of 64.0
    included, constants folded -- ``o.e[2] = 20`` writes 7.5 under ``[maxtessfactor(7.5)]``; other patch
    constants and a program without the attribute are written as they are). The tessellator itself does not
    read the declaration, so the clamp is what a domain shader and the tessellation see."""
    from .operands import Ins
    from .values import f2b

    lanes = {(e.reg, c) for e in cg.tess.pc_outputs if 11 <= e.sv <= 16 for c in range(4) if e.mask >> c & 1}
    if not lanes:
        return
    bits = f2b(limit)
    for k, ins in enumerate(code):
        dst = ins.args[0] if ins.args else None
        if dst is None or dst.file != "o" or not dst.idx:
            continue
        hit = [(dst.idx[0], c) in lanes for c in dst.comps or (0,)]
        if not any(hit):
            continue
        if ins.op != "mov" or ins.suffix or not all(hit):
            # the stores of codegen.store are plain moves; anything else would need a temp first
            from ...errors import NotSupportedError

            raise NotSupportedError(f"[maxtessfactor] clamp of a tessellation factor written by '{ins.op}'")
        src = ins.args[1]
        if src.file == "l" and not src.mod:
            # a constant factor is written clamped (fxc's fold of the min: ``o.e[2] = 20`` is 7.5)
            from .values import b2f

            folded = tuple(bits if b2f(w) != b2f(w) or b2f(w) > limit else w for w in src.imm)
            code[k] = Ins("mov", [dst, Reg("l", imm=folded)], loc=ins.loc, epos=ins.epos)
            continue
        n = len(dst.comps or (0,))
        code[k] = Ins("min", [dst, src, Reg("l", imm=(bits,) * n)], loc=ins.loc, epos=ins.epos)


def gen_ds_entry(cg: CodegenContext, f: A.FuncDef) -> list[tuple[A.Param, Val]]:
    """Bind DS inputs; returns the out parameters (written like a VS's)."""
    from .codegen import Val

    attrs = cg.entry_attrs
    domain = _string_attr(cg, attrs, "domain", f.pos)
    if domain not in _DOMAINS:
        raise cg.err(f.pos, "invalid domain", 3657)  # ERR_HSATTRIBUTE_INVALID, as in the hull shader
    cg.tess.domain = domain
    scope = cg.scopes[-1]
    outs: list[tuple[A.Param, Val]] = []
    n_cp = 0
    from .check import check_patch_params

    check_patch_params(cg, f)
    check_tess_factor_inputs(cg, f, domain)
    for p in f.params:
        t = p.type
        sem = (p.semantic or "").upper()
        if "out" in p.mods and "inout" not in p.mods:
            v = Val(t, cg.alloc_slots(t.slots, var=True))
            outs.append((p, v))
            scope[p.name] = v
        elif isinstance(t, ObjectType) and t.kind == "OutputPatch":
            n_cp = t.samples
            scope[p.name] = _bind_patch(cg, t.elem, t.samples, p, "vicp", False)
        elif isinstance(t, ObjectType) and t.kind == "InputPatch":
            from .gs import patch_input_error

            raise patch_input_error(cg, t.kind, f.name, p.pos)  # (X3658)
        elif sem == "SV_DOMAINLOCATION":
            n = t.n if isinstance(t, NumType) else 0
            bad = domain_location_error(t, n, domain)
            if bad is not None:
                from .sigphase import EARLY, refuse

                refuse(cg, cg.err(p.pos, bad, 4555), EARLY)  # the signature's element types (sigphase.py)
                n = min(n, 3)
            scope[p.name] = _special(cg, t, "vDomain", "." + "xyz"[:n])
        elif sem == "SV_PRIMITIVEID":
            scope[p.name] = _special(cg, t, "vPrim", p=p, point="ds_in")
        else:
            v = _bind_patch_constants(cg, t, p)
            if "inout" in p.mods:  # an input and an output of one semantic: the output is what the body writes
                v = Val(v.type, cg.materialize_force(v.slots) if v.slots else [], v.obj)
                outs.append((p, v))
            scope[p.name] = v
    cg.tess.ds_head = [f"dcl_input_control_point_count {n_cp}", f"dcl_tessellator_domain {_DOMAINS[domain]}"]
    return outs


def domain_location_error(t: Type, n: int, domain: str) -> str | None:
    """fxc's X4555 text for a domain shader's SV_DomainLocation input of a type it refuses, or None:
    d3dcompiler_47 10.1 (session 44, helper MUT) takes one or two float components at every domain (``float``,
    ``float2``, ``half2``, ``float2x1``), three at a tri only, never four; an int or uint one is refused with
    "must be float" (MicrosoftDocs "Semantics" gives float2 / float3 and none of this)."""
    from .types import FLOAT, LIT_FLOAT, concrete

    if isinstance(t, NumType) and concrete(t.base) not in (FLOAT, LIT_FLOAT):
        return "invalid type used for 'SV_DomainLocation' input semantics, must be float"
    if n > 3 or n == 3 and domain != "tri" or n == 0:
        return "invalid type used for 'SV_DomainLocation' input semantics"
    return None


def _bind_patch_constants(cg: CodegenContext, t: Type, p: A.Param) -> Val:
    from .codegen import SigElem, Val

    slots: list = []
    from .signatures import no_double_element, sig_min_precision
    from .svtypes import tess_factor_error
    from .sysvalues import input_count_error, system_value_error
    from .types import BOOL, FLOAT, INT, UINT, concrete

    for lt, base, idx, fm in cg.elem_list(t, p.semantic, p.pos, p.name):
        up = base.upper()
        n = lt.n
        no_double_element(lt, p.pos)
        tf = tess_factor_error(base, concrete(lt.base), "input")
        if tf is not None:
            raise cg.err(p.pos, tf[1], tf[0])
        bad = system_value_error(cg.stage, cg.major, cg.minor, "in", base, idx) or \
            input_count_error(cg, base, n, "ds_in")
        if bad is not None:  # another stage's system value among the patch constants
            raise cg.err(p.pos, bad, 4502)
        reg, first = place_element(cg, cg.tess.pc_outputs, n, up, cg.interp_mode(lt, fm), fm)
        m = "xyzw"[first:first + n]
        if up in ("SV_TESSFACTOR", "SV_INSIDETESSFACTOR"):
            d3d, bc = tess_sv(cg, up, idx, p.pos)
            cg.tess.pc_outputs.append(SigElem(base, idx, d3d, 3, reg, comp_mask(first, n)))
            add_decl(cg.in_decls, f"dcl_input_siv vpc{reg}.{m}, {bc}")
        else:
            # the element's own component type, as the hull shader's output of it (d3dcompiler_47 10.1, session 48:
            # a domain shader's ``uint4 w : TEXCOORD1`` patch constant is uint in its PCSG, an int2 sint)
            ctype = {FLOAT: 3, INT: 2, UINT: 1, BOOL: 1}.get(concrete(lt.base), 3)
            cg.tess.pc_outputs.append(SigElem(base, idx, 0, ctype, reg, comp_mask(first, n),
                                              min_precision=sig_min_precision(lt), declared=concrete(lt.base)))
            add_decl(cg.in_decls, f"dcl_input vpc{reg}.{m}")
        slots += [("vpc", (reg,), None, first + c) for c in range(n)]
    _ = StructType
    return Val(t, cg.materialize_force(slots) if slots else [])


def passes_control_points_through(cg: CodegenContext, code: list) -> bool:
    """Whether the optimised control-point phase only copies each input control point to the output control point
    of its ID, register for register: fxc then writes no control-point phase (a hull shader without one passes its
    input control points through, D3D11.3 §10.5). d3dcompiler_47 10.1 under Wine, session 49: ``return ip[i];``, a
    copy into another struct of the same registers and masks (other semantic names, uint members of the float
    bits) has none; an output control-point count other than the input patch's, a subset or a narrower member
    of the inputs, other registers, a swizzle, a constant control-point index keep it (so does /Od)."""
    counts = [int(h.split()[-1]) for h in cg.tess.hs_head if h.startswith(("dcl_input_control_point_count",
                                                                            "dcl_output_control_point_count"))]
    if len(counts) != 2 or counts[0] != counts[1]:
        return False
    outs = {e.reg: e.mask for e in cg.outputs}
    if not outs or {e.reg: e.mask for e in cg.inputs} != outs or len(cg.inputs) != len(cg.outputs):
        return False
    ids: set = set()  # the temp lanes holding vOutputControlPointID (copies of it too)
    copied: dict[int, int] = {}
    for ins in code:
        if ins.op == "ret" and not ins.args:
            continue
        if ins.op != "mov" or ins.suffix or len(ins.args) != 2 or ins.args[1].mod:
            return False
        dst, src = ins.args
        if dst.file == "r" and dst.comps and len(dst.comps) == 1 and (src.file == "vOutputControlPointID" or
                                                                       src.file == "r" and src.rel is None and
                                                                       src.comps and (src.idx[0], src.comps[0]) in ids):
            ids.add((dst.idx[0], dst.comps[0]))
            continue
        if dst.file != "o" or dst.rel is not None or src.file != "v" or src.rel is None or len(src.idx) != 2 or \
                src.idx[0] != 0 or src.idx[1] != dst.idx[0] or src.rel[0] != "r" or \
                (src.rel[1][0], src.rel[3]) not in ids or not dst.comps or \
                tuple(src.comps[c] for c in range(len(dst.comps))) != tuple(dst.comps) and \
                tuple(src.comps[c] for c in dst.comps) != tuple(dst.comps):
            return False
        copied[dst.idx[0]] = copied.get(dst.idx[0], 0) | sum(1 << c for c in dst.comps)
    return copied == outs


def hs_listing(cg: CodegenContext) -> str:
    from .linkage import split_bodies
    from .optimize import optimize_in_place
    from .regalloc import allocate
    from .tbuffer import lower_tbuffer_reads
    from .uninit import check_uninitialized_reads, warn_incomplete_outputs

    for _, ph in cg.tess.hs_phases:
        lower_tbuffer_reads(cg, ph["code"])
    # X3578 on the code as generated, every phase together (the temps are numbered across them)
    warn_incomplete_outputs(cg, [ins for _, ph in cg.tess.hs_phases for ins in ph["code"]])
    if not cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION:  # fxc /Od
        from .refactor import refactoring_allowed

        for _, ph in cg.tess.hs_phases:
            optimize_in_place(ph["code"], ph["x"], refactoring_allowed(cg),
                              ieee=bool(cg.compile_flags & D3DCOMPILE_IEEE_STRICTNESS), fxc_folds=True)
    from .ifacevarying import check as check_varying_interface_index
    from .texops import check_cube_array_count_reads

    for name, ph in cg.tess.hs_phases:
        # X4598 phase by phase; fxc 10.1 names the patch-constant phase "hs_5_0 patch constant" (recorded, session 37;
        # the control-point phase's words are inferred: the plain target)
        check_cube_array_count_reads(cg, ph["code"], "" if name == "hs_control_point_phase" else " patch constant")
    for _, ph in cg.tess.hs_phases:
        check_uninitialized_reads(cg, ph["code"])  # X4000, phase by phase
        check_varying_interface_index(cg, ph["code"])  # X4603, phase by phase
    # a pass-through control-point phase is not written; its code stays in hs_phases, where the signatures' masks
    # are read (compiler._usage: fxc's ISGN / OSGN of such an object are those of the copy)
    unwritten = {"hs_control_point_phase"} if not cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION and any(
        name == "hs_control_point_phase" and passes_control_points_through(cg, ph["code"])
        for name, ph in cg.tess.hs_phases) else set()
    # declarations after optimisation: constant-buffer sizes follow the registers the phases still read
    lines = [f"{cg.stage}_{cg.major}_{cg.minor}"] + cg.tess.hs_head + cg.global_decls()
    table = None
    bodies: list[tuple[int, list[str]]] = []
    for name, ph in cg.tess.hs_phases:
        if name in unwritten:
            continue
        lines.append(name)
        alloc_debug: dict | None = {} if cg.wants_debug_info else None
        # a phase's interface-call bodies share its temps (each call site has bodies of its own)
        tmap, nregs = allocate(ph["code"], ph["var"], alloc_debug)
        lines += ph["in"] + ph["out"]
        if nregs:
            lines.append(f"dcl_temps {nregs}")
        for xr, size in ph["x"].items():
            lines.append(f"dcl_indexableTemp x{xr}[{size}], 4")
        main, own = split_bodies(ph["code"])
        if alloc_debug is not None:  # /Zi: this phase's lines and the variables its temps hold
            from .debuginfo import build_table

            table = build_table(cg, main, len(lines) - 1, tmap, alloc_debug, ph["code"], table)
        lines += [ins.render(tmap) for ins in main]
        bodies += [(k, [ins.render(tmap) for ins in body]) for k, body in own]
    # D3D11.3 §22.3.49: "In the Hull Shader ... all function bodies (label fb#) appear after all the phases
    # (as opposed to being grouped by phase)"
    for _k, body in sorted(bodies):
        lines += body
    if table is not None:
        cg.debug.table = table
    _ = Reg
    return "\n".join(lines) + "\n"
