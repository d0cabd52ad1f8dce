"""Debug layer: the pipeline-state checks Windows runs at every Draw*/Dispatch* (category EXECUTION).

Called from ``ID3D11DeviceContext1._draw_cmd`` / ``_dispatch_cmd`` only on debug devices (no cost otherwise),
and by ``ID3D11Debug::ValidateContext`` / ``ValidateContextForDispatch``. Every check reports one
``D3D11_MESSAGE_ID_DEVICE_*`` message through the context's ``_report``; nothing here changes what is
rendered, except the few conditions our pipeline cannot execute (GS input primitive vs topology), where the
draw is dropped like the undefined-topology check. Per-shader facts (declared cbN sizes, t#/s#/u#
declarations, signatures, GS input primitive, HS control points) are decoded once and cached on the shader.

Message texts: the ones marked ``# text: Windows`` are the Windows debug layer's as posted in public
issues/source comments; the others could not be found and are written in the same shape (marked
``# text: shaped``). Severities follow the same sources (D3D11 Functional Spec §4.4.3 for linkage rules).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyd3d11.headers.d3dcommon import D3D_PRIMITIVE_TOPOLOGY
from pyd3d11.headers.dxgi_types import DXGI_FORMAT
from pyd3d11.pipeline.geometry import gs_accepts_topology
from pyd3d11.pipeline.primitives import PATCHLIST_1
from pyd3d11.shader import ir

from .context_state import CAT_EXECUTION, SEV_ERROR, SEV_INFO, SEV_WARNING, F

STAGE_NAMES = {"VS": "Vertex Shader", "HS": "Hull Shader", "DS": "Domain Shader", "GS": "Geometry Shader",
               "PS": "Pixel Shader", "CS": "Compute Shader"}

_CONSEQUENCE_UNUSED = ("This mismatch is invalid if the shader actually uses the view (e.g. it is not skipped due "
                       "to shader code branching).")

#: message name -> (severity, text template). Templates are str.format'ed with the keyword fields.
MESSAGES: dict[str, tuple[int, str]] = {
    # text: Windows (as remembered in public posts; the wording of D3D10/11 debug layers)
    "DEVICE_DRAW_VERTEX_SHADER_NOT_SET": (
        SEV_ERROR, "A Vertex Shader is always required when drawing, but none is currently bound."),
    # text: Windows
    "DEVICE_DRAW_INPUTLAYOUT_NOT_SET": (
        SEV_ERROR, "The Vertex Shader expects application provided input data (which is to say data other than "
        "hardware auto-generated values such as VertexID or InstanceID). Therefore an Input Assembler object is "
        "expected, but none is bound."),
    # text: shaped
    "DEVICE_DRAW_VERTEX_BUFFER_NOT_SET": (
        SEV_WARNING, "The Input Layout declares input vertex slot {slot}, but no Vertex Buffer is bound there. "
        "This is OK, as reading from an unbound Vertex Buffer is defined to return 0. However the developer "
        "probably did not intend to make use of this behavior."),
    # text: Windows
    "DEVICE_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL": (
        SEV_WARNING, "Input vertex slot {slot} has stride {stride} which is less than the minimum stride logically "
        "expected from the current Input Layout ({minimum} bytes). This is OK, as hardware is perfectly capable "
        "of reading overlapping data. However the developer probably did not intend to make use of this "
        "behavior."),
    # text: Windows
    "DEVICE_DRAW_VERTEX_BUFFER_TOO_SMALL": (
        SEV_WARNING, "Vertex Buffer at the input vertex slot {slot} is not big enough for what the Draw*() call "
        "expects to traverse. This is OK, as reading off the end of the Buffer is defined to return 0. However "
        "the developer probably did not intend to make use of this behavior."),
    # text: shaped
    "DEVICE_DRAW_INDEX_BUFFER_NOT_SET": (
        SEV_WARNING, "An Index Buffer is expected, but none is bound. This is OK, as reading from an unbound "
        "Index Buffer is defined to return 0. However the developer probably did not intend to make use of "
        "this behavior."),
    # text: Windows
    "DEVICE_DRAW_INDEX_BUFFER_TOO_SMALL": (SEV_WARNING, "Index buffer has not enough space!"),
    # text: shaped
    "DEVICE_DRAW_GS_INPUT_PRIMITIVE_MISMATCH": (
        SEV_ERROR, "The Geometry Shader expects input primitive {expected}, but the Input Assembler topology "
        "({topology}) produces a different primitive type. The draw is dropped."),
    # text: shaped
    "DEVICE_DRAW_HS_XOR_DS_MISMATCH": (
        SEV_ERROR, "Either a Hull Shader or a Domain Shader is bound, but not both. Tessellation needs both; "
        "nothing is drawn."),
    # text: shaped
    "DEVICE_DRAW_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH": (
        SEV_ERROR, "The Hull Shader expects {expected}, but the Input Assembler topology is {topology}. "
        "The draw is dropped."),
    # text: shaped
    "DEVICE_DRAW_RASTERIZING_CONTROL_POINTS": (
        SEV_ERROR, "The Input Assembler topology is a patch list ({topology}) but no Hull Shader and Domain "
        "Shader are bound, so control points would be rasterized. Nothing is drawn."),
    # text: shaped
    "DEVICE_DRAW_CONSTANT_BUFFER_NOT_SET": (
        SEV_WARNING, "The {unit} unit expects a Constant Buffer to be set at Slot {slot}, but none is bound. This "
        "is OK, as reads of an unbound Constant Buffer are defined to return 0. It is also possible the developer "
        "knows the data will not be used anyway. This is only a problem if the developer actually intended to "
        "bind a Constant Buffer here."),
    # text: Windows
    "DEVICE_DRAW_CONSTANT_BUFFER_TOO_SMALL": (
        SEV_WARNING, "The size of the Constant Buffer at slot {slot} of the {unit} unit is too small ({provided} "
        "bytes provided, {expected} bytes, at least, expected). This is OK, as out-of-bounds reads are defined to "
        "return 0. It is also possible the developer knows the missing data will not be used anyway. This is only "
        "a problem if the developer actually intended to bind a sufficiently large Constant Buffer for what the "
        "shader expects."),
    # text: Windows
    "DEVICE_DRAW_SAMPLER_NOT_SET": (
        SEV_WARNING, "The {unit} unit expects a Sampler to be set at Slot {slot}, but none is bound. This is "
        "perfectly valid, as a NULL Sampler maps to default Sampler state. However, the developer may not want "
        "to rely on the defaults."),
    # text: Windows
    "DEVICE_DRAW_SAMPLER_MISMATCH": (
        SEV_ERROR, "The {unit} unit expects a Sampler configured for {expected} filtering to be set at Slot "
        "{slot}, but the sampler bound at this slot is configured for {bound} filtering. This mismatch will "
        "produce undefined behavior if the sampler is used (e.g. it is not skipped due to shader code "
        "branching)."),
    # text: Windows
    "DEVICE_DRAW_SHADERRESOURCEVIEW_NOT_SET": (
        SEV_INFO, "The {unit} unit expects a Shader Resource View at Slot {slot}, but none is bound. This is OK, "
        "as reads of an unbound Shader Resource View are defined to return 0. It is also possible the developer "
        "knows the data will not be used anyway. This is only a problem if the developer actually intended to "
        "bind a Shader Resource View here."),
    # text: Windows
    "DEVICE_DRAW_VIEW_DIMENSION_MISMATCH": (
        SEV_ERROR, "The Shader Resource View dimension declared in the shader code ({declared}) does not match "
        "the view type bound to slot {slot} of the {unit} unit ({bound}). " + _CONSEQUENCE_UNUSED),
    # text: shaped (on the UAV message below, which is Windows')
    "DEVICE_DRAW_RESOURCE_RETURN_TYPE_MISMATCH": (
        SEV_ERROR, "The resource return type for component {component} declared in the shader code ({declared}) "
        "is not compatible with the Shader Resource View format bound to slot {slot} of the {unit} unit "
        "({bound}). " + _CONSEQUENCE_UNUSED),
    # text: Windows
    "DEVICE_DRAW_RESOURCE_SAMPLE_COUNT_MISMATCH": (
        SEV_ERROR, "The Shader Resource View in slot {slot} of the {unit} unit has a sample count of {bound}, but "
        "the shader expects the sample count to be {declared}. This is invalid if the shader actually uses the "
        "view (e.g. it is not skipped due to shader code branching)."),
    # text: shaped
    "DEVICE_UNORDEREDACCESSVIEW_NOT_SET": (
        SEV_WARNING, "The {unit} unit expects an Unordered Access View at Slot {slot}, but none is bound. This is "
        "OK, as reads of an unbound Unordered Access View are defined to return 0 and writes are discarded. It is "
        "also possible the developer knows the data will not be used anyway. This is only a problem if the "
        "developer actually intended to bind an Unordered Access View here."),
    # text: shaped
    "DEVICE_UNORDEREDACCESSVIEW_DIMENSION_MISMATCH": (
        SEV_ERROR, "The Unordered Access View dimension declared in the shader code ({declared}) does not match "
        "the view type bound to slot {slot} of the {unit} unit ({bound}). " + _CONSEQUENCE_UNUSED),
    # text: Windows
    "DEVICE_UNORDEREDACCESSVIEW_BUFFER_TYPE_MISMATCH": (
        SEV_ERROR, "The Unordered Access View in slot {slot} of the {unit} unit is a {bound} while the shader "
        "expects a {declared}. " + _CONSEQUENCE_UNUSED),
    # text: Windows
    "DEVICE_UNORDEREDACCESSVIEW_RETURN_TYPE_MISMATCH": (
        SEV_ERROR, "The resource return type for component {component} declared in the shader code ({declared}) "
        "is not compatible with the resource type bound to Unordered Access View slot {slot} of the {unit} unit "
        "({bound}). " + _CONSEQUENCE_UNUSED),
    # text: Windows
    "DEVICE_DRAW_RENDERTARGETVIEW_NOT_SET": (
        SEV_WARNING, "The Pixel Shader expects a Render Target View bound to slot {slot}, but none is bound. This "
        "is OK, as writes of an unbound Render Target View are discarded. It is also possible the developer "
        "knows the data will not be used anyway. This is only a problem if the developer actually intended to "
        "bind a Render Target View here."),
    # text: Windows
    "DEVICE_SHADER_LINKAGE_SEMANTICNAME_NOT_FOUND": (
        SEV_ERROR, "{up} - {down} linkage error: Signatures between stages are incompatible. The input stage "
        "requires Semantic/Index ({name},{index}) as input, but it is not provided by the output stage."),
    # text: Windows
    "DEVICE_SHADER_LINKAGE_REGISTERINDEX": (
        SEV_ERROR, "{up} - {down} linkage error: Signatures between stages are incompatible. Semantic '{name}' is "
        "defined for mismatched hardware registers between the output stage and input stage."),
    # text: Windows (the D3D12 twin of this check words it the same way)
    "DEVICE_SHADER_LINKAGE_REGISTERMASK": (
        SEV_ERROR, "{up} - {down} linkage error: Signatures between stages are incompatible. Semantic '{name}' of "
        "the input stage has a hardware register component mask that is not a subset of the output of the "
        "previous stage."),
    # text: shaped
    "DEVICE_SHADER_LINKAGE_COMPONENTTYPE": (
        SEV_ERROR, "{up} - {down} linkage error: Signatures between stages are incompatible. Semantic '{name}' has "
        "mismatched component types ({out_type} output, {in_type} input) between the output stage and input "
        "stage."),
    # text: shaped
    "DEVICE_SHADER_LINKAGE_SYSTEMVALUE": (
        SEV_ERROR, "{up} - {down} linkage error: Signatures between stages are incompatible. Semantic '{name}' has "
        "mismatched system value interpretations between the output stage and input stage."),
    # text: Windows (D3D12 twin)
    "DEVICE_SHADER_LINKAGE_NEVERWRITTEN_ALWAYSREADS": (
        SEV_ERROR, "{up} - {down} linkage error: Stages are incompatible with each other. Semantic '{name}' is "
        "always read by the downstream shader, but never written by the upstream shader (even though the "
        "semantic is present in its output signature)."),
}

#: messages after which the call is dropped: the state is one our pipeline cannot execute (Windows' result is
#: undefined there, and without the debug layer the pipeline raises NotSupportedError / InvalidArgError)
DROPS = frozenset({"DEVICE_DRAW_GS_INPUT_PRIMITIVE_MISMATCH", "DEVICE_DRAW_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH",
                   "DEVICE_UNORDEREDACCESSVIEW_BUFFER_TYPE_MISMATCH"})

_BUFFER_KIND_NAMES = {1: "typed Buffer", 11: "Raw Buffer", 12: "Structured Buffer"}
# D3D11_SRV_DIMENSION -> bytecode dimension (BUFFER/BUFFEREX refined by raw/structured below)
_SRV_DIM = {1: 1, 2: 2, 3: 7, 4: 3, 5: 8, 6: 4, 7: 9, 8: 5, 9: 6, 10: 10, 11: 1}
# D3D11_UAV_DIMENSION -> bytecode dimension
_UAV_DIM = {1: 1, 2: 2, 3: 7, 4: 3, 5: 8, 8: 5}
_COMPONENT_TYPES = {1: "uint", 2: "int", 3: "float"}
# D3D10_SB_PRIMITIVE (dcl_inputprimitive) -> name in messages (which topologies it accepts: pipeline.geometry)
_GS_PRIM_NAMES = {1: "point", 2: "line", 3: "triangle", 6: "lineadj", 7: "triangleadj"}
# D3D_NAME values a stage can receive without an upstream output (system generated)
_GENERATED = frozenset({6, 7, 8, 9, 10})
_GENERATED_NAMES = frozenset({"SV_VERTEXID", "SV_INSTANCEID", "SV_PRIMITIVEID", "SV_ISFRONTFACE",
                              "SV_SAMPLEINDEX", "SV_COVERAGE", "SV_GSINSTANCEID", "SV_OUTPUTCONTROLPOINTID",
                              "SV_DOMAINLOCATION", "SV_INNERCOVERAGE"})


def _topology_name(t: int) -> str:
    try:
        return D3D_PRIMITIVE_TOPOLOGY(t).name.removeprefix("D3D_PRIMITIVE_TOPOLOGY_")
    except ValueError:
        return str(t)


def _dim_name(dim: int) -> str | int:
    """A bytecode resource dimension as messages name it (TEXTURE2DMS, RAWBUFFER, …)."""
    try:
        return ir.ResourceDimension(dim).name.replace("_", "")
    except ValueError:
        return dim


# -------------------------------------------------------------------------------------------------
# per-shader facts (decoded once, cached on the shader object)
# -------------------------------------------------------------------------------------------------

@dataclass(slots=True)
class ShaderFacts:
    """What draw-time validation needs from one shader's declarations and signatures."""

    cb_sizes: dict[int, int] = field(default_factory=dict)  # slot -> bytes (cbN[size] x 16)
    srvs: dict[int, tuple[int, tuple[int, ...] | None, int]] = field(default_factory=dict)  # dim, returns, samples
    samplers: dict[int, int] = field(default_factory=dict)  # slot -> mode (0 default, 1 comparison, 2 mono)
    uavs: dict[int, tuple[int, tuple[int, ...] | None]] = field(default_factory=dict)  # dim, return types
    gs_input: int | None = None  # D3D10_SB_PRIMITIVE
    hs_input_points: int | None = None
    inputs: list[Any] = field(default_factory=list)
    outputs: list[Any] = field(default_factory=list)
    patch_constants: list[Any] = field(default_factory=list)
    targets: tuple[int, ...] = ()  # SV_Target indices a pixel shader writes


def _returns(token: int) -> tuple[int, ...]:
    return tuple(token >> (4 * i) & 0xF for i in range(4))


def _signature(sig: Any) -> list[Any]:
    if sig is None:
        return []
    return list(getattr(sig, "elements", sig))


def shader_facts(shader: Any) -> ShaderFacts:
    """Facts of ``shader`` (cached on it as ``_validation_facts``)."""
    facts = getattr(shader, "_validation_facts", None)
    if facts is not None:
        return facts
    O = ir.Opcode
    facts = ShaderFacts()
    for inst in shader._program.instructions:
        op = inst.opcode
        if op == O.DCL_CONSTANTBUFFER:
            o = inst.operands[0]
            if len(o.indices) >= 2:
                facts.cb_sizes[o.indices[0].value] = o.indices[1].value * 16
        elif op == O.DCL_RESOURCE:
            dim = inst.controls & 0x1F
            samples = inst.controls >> 5 & 0x7F if dim in (4, 9) else 0
            rets = _returns(inst.extra[0]) if inst.extra else None
            facts.srvs[inst.operands[0].register] = (dim, rets, samples)
        elif op == O.DCL_RESOURCE_RAW:
            facts.srvs[inst.operands[0].register] = (11, None, 0)
        elif op == O.DCL_RESOURCE_STRUCTURED:
            facts.srvs[inst.operands[0].register] = (12, None, 0)
        elif op == O.DCL_SAMPLER:
            facts.samplers[inst.operands[0].register] = inst.controls & 0xF
        elif op == O.DCL_UAV_TYPED:
            rets = _returns(inst.extra[0]) if inst.extra else None
            facts.uavs[inst.operands[0].register] = (inst.controls & 0x1F, rets)
        elif op == O.DCL_UAV_RAW:
            facts.uavs[inst.operands[0].register] = (11, None)
        elif op == O.DCL_UAV_STRUCTURED:
            facts.uavs[inst.operands[0].register] = (12, None)
        elif op == O.DCL_GS_INPUT_PRIMITIVE:
            facts.gs_input = inst.controls & 0x3F
        elif op == O.DCL_INPUT_CONTROL_POINT_COUNT and facts.hs_input_points is None:
            facts.hs_input_points = inst.controls & 0x3F
    facts.inputs = _signature(getattr(shader, "_input_signature", None))
    facts.outputs = _signature(getattr(shader, "_output_signature", None))
    facts.patch_constants = _signature(getattr(shader, "_patch_constant_signature", None))
    if shader._program.program_type == ir.ProgramType.PIXEL:
        facts.targets = tuple(sorted(e.semantic_index for e in facts.outputs
                                     if e.semantic_name.upper() == "SV_TARGET" and e.mask))
    shader._validation_facts = facts
    return facts


# -------------------------------------------------------------------------------------------------
# reporting
# -------------------------------------------------------------------------------------------------

class _Reporter:
    """Formats and sends messages for one validated call; remembers whether the draw must be dropped."""

    __slots__ = ("context", "prefix", "dropped", "quiet")

    def __init__(self, context: Any, prefix: str, quiet: bool = False) -> None:
        self.context, self.prefix, self.dropped, self.quiet = context, prefix, False, quiet

    def __call__(self, message: str, /, **fields: Any) -> None:
        severity, template = MESSAGES[message]
        if not self.quiet:  # quiet: no debug layer, so no message — only whether the call is dropped
            self.context._report(severity, CAT_EXECUTION, f"{self.prefix}: {template.format(**fields)}", message)
        if message in DROPS:
            self.dropped = True


# -------------------------------------------------------------------------------------------------
# checks
# -------------------------------------------------------------------------------------------------

def _format_kinds(fmt: int) -> tuple[str, ...] | None:
    """Per shader component (r, g, b, a) numeric kind of a DXGI format ('float'/'unorm'/... or '')."""
    from pyd3d11.formats import table
    from pyd3d11.formats.table import COMPONENT_INDEX, FormatKind

    try:
        info = table.format_info(int(fmt))
    except Exception:
        return None
    kinds = [""] * 4
    for ch in info.channels:
        idx = COMPONENT_INDEX.get(ch.name)
        if idx is None or ch.kind == FormatKind.TYPELESS:
            continue
        k = ch.kind
        kinds[idx] = ("unorm" if k in (FormatKind.UNORM, FormatKind.SRGB, FormatKind.XR_BIAS) else
                      "float" if k in (FormatKind.FLOAT, FormatKind.SHAREDEXP) else k.value.lower())
    return tuple(kinds)


_FLOATISH = frozenset({"float", "unorm", "snorm"})
_RET_KIND = {1: "unorm", 2: "snorm", 3: "sint", 4: "uint", 5: "float"}


def _return_mismatch(rets: tuple[int, ...] | None, fmt: int, exact: bool) -> tuple[int, str, str] | None:
    """First component whose declared return type cannot read ``fmt``: (component, declared, bound)."""
    if rets is None:
        return None
    kinds = _format_kinds(fmt)
    if kinds is None:
        return None
    for c, (r, k) in enumerate(zip(rets, kinds)):
        want = _RET_KIND.get(r)
        if not k or want is None:
            continue  # component absent from the format, or a return type (mixed/double) not checked
        ok = want == k if exact else (want == k or (want in _FLOATISH and k in _FLOATISH))
        if not ok:
            return c, ir.ReturnType(r).name, k.upper()
    return None


def _view_dim(view: Any, table: dict[int, int]) -> int:
    dim = table.get(int(view.dimension), 0)
    if dim == 1:
        if view.raw:
            return 11
        if view.structured:
            return 12
    return dim


def _check_resources(rep: _Reporter, stage: str, facts: ShaderFacts, st: Any) -> None:
    """cb/t/s declarations of one stage against its bindings (Draw*/Dispatch* remarks)."""
    unit = STAGE_NAMES[stage]
    for slot, need in facts.cb_sizes.items():
        buf = st.cbs[slot] if slot < len(st.cbs) else None
        if buf is None:
            rep("DEVICE_DRAW_CONSTANT_BUFFER_NOT_SET", unit=unit, slot=slot)
            continue
        width = int(buf._storage.width)
        provided = max(0, min(st.cb_num[slot] * 16, width - st.cb_first[slot] * 16))
        if provided < need:
            rep("DEVICE_DRAW_CONSTANT_BUFFER_TOO_SMALL", unit=unit, slot=slot, provided=provided, expected=need)
    for slot, (dim, rets, samples) in facts.srvs.items():
        v = st.srvs[slot] if slot < len(st.srvs) else None
        if v is None:
            rep("DEVICE_DRAW_SHADERRESOURCEVIEW_NOT_SET", unit=unit, slot=slot)
            continue
        view = v._view
        bound = _view_dim(view, _SRV_DIM)
        if bound != dim:
            rep("DEVICE_DRAW_VIEW_DIMENSION_MISMATCH", unit=unit, slot=slot, declared=_dim_name(dim),
                bound=_dim_name(bound))
            continue
        if samples and view.storage.sample_count != samples:
            rep("DEVICE_DRAW_RESOURCE_SAMPLE_COUNT_MISMATCH", unit=unit, slot=slot, bound=view.storage.sample_count,
                declared=samples)
        bad = _return_mismatch(rets, view.format, exact=False)
        if bad is not None:
            rep("DEVICE_DRAW_RESOURCE_RETURN_TYPE_MISMATCH", unit=unit, slot=slot, component=bad[0],
                declared=bad[1], bound=bad[2])
    for slot, mode in facts.samplers.items():
        s = st.samplers[slot] if slot < len(st.samplers) else None
        if s is None:
            rep("DEVICE_DRAW_SAMPLER_NOT_SET", unit=unit, slot=slot)
            continue
        comparison = (int(F(s._desc, "Filter")) >> 7 & 3) == 1  # D3D11_FILTER_COMPARISON_* (0x80)
        if mode in (0, 1) and comparison != (mode == 1):
            names = ("default", "comparison")
            rep("DEVICE_DRAW_SAMPLER_MISMATCH", unit=unit, slot=slot, expected=names[mode], bound=names[comparison])


def _check_uavs(rep: _Reporter, stage: str, facts: ShaderFacts, uavs: list[Any]) -> None:
    unit = STAGE_NAMES[stage]
    for slot, (dim, rets) in facts.uavs.items():
        v = uavs[slot] if slot < len(uavs) else None
        if v is None:
            rep("DEVICE_UNORDEREDACCESSVIEW_NOT_SET", unit=unit, slot=slot)
            continue
        view = v._view
        bound = _view_dim(view, _UAV_DIM)
        if bound != dim:
            if dim in _BUFFER_KIND_NAMES and bound in _BUFFER_KIND_NAMES:
                rep("DEVICE_UNORDEREDACCESSVIEW_BUFFER_TYPE_MISMATCH", unit=unit, slot=slot,
                    declared=_BUFFER_KIND_NAMES[dim], bound=_BUFFER_KIND_NAMES[bound])
            else:
                rep("DEVICE_UNORDEREDACCESSVIEW_DIMENSION_MISMATCH", unit=unit, slot=slot,
                    declared=_dim_name(dim), bound=_dim_name(bound))
                if dim and bound and (dim in _BUFFER_KIND_NAMES) != (bound in _BUFFER_KIND_NAMES):
                    rep.dropped = True  # a buffer view for a texture declaration or the reverse: not executable
            continue
        bad = _return_mismatch(rets, view.format, exact=True)
        if bad is not None:
            rep("DEVICE_UNORDEREDACCESSVIEW_RETURN_TYPE_MISMATCH", unit=unit, slot=slot, component=bad[0],
                declared=bad[1], bound=bad[2])


def _check_linkage(rep: _Reporter, up_stage: str, outputs: list[Any], down_stage: str, inputs: list[Any]) -> None:
    """Stage-to-stage signature linkage (spec §4.4.3.2: o# feeds v# directly, so the registers must agree).

    Like Windows, one message per stage pair: the first incompatible input element (in signature order)."""
    problem = _linkage_problem(up_stage, outputs, down_stage, inputs)
    if problem is not None:
        rep(problem[0], **problem[1])


def _linkage_problem(up_stage: str, outputs: list[Any], down_stage: str,
                     inputs: list[Any]) -> tuple[str, dict[str, Any]] | None:
    """The first linkage message (name, fields) for ``inputs`` fed by ``outputs``, or None."""
    by_name = {(e.semantic_name.upper(), e.semantic_index): e for e in outputs if e.stream == 0}
    up, down = STAGE_NAMES[up_stage], STAGE_NAMES[down_stage]
    for e in inputs:
        if not e.rw_mask & e.mask and e.system_value not in _GENERATED:
            # An element the stage never reads (fxc keeps such elements, e.g. a clip distance packed in
            # another register) cannot be fed wrongly: any valid signature links.
            continue
        name = e.semantic_name
        where = dict(up=up, down=down, name=name)
        o = by_name.get((name.upper(), e.semantic_index))
        if o is None:
            if e.system_value in _GENERATED or name.upper() in _GENERATED_NAMES:
                continue  # supplied by the hardware, not by the upstream stage
            return "DEVICE_SHADER_LINKAGE_SEMANTICNAME_NOT_FOUND", dict(where, index=e.semantic_index)
        if o.register != e.register:
            return "DEVICE_SHADER_LINKAGE_REGISTERINDEX", where
        if e.mask & ~o.mask & 0xF:
            return "DEVICE_SHADER_LINKAGE_REGISTERMASK", where
        if o.system_value != e.system_value:
            return "DEVICE_SHADER_LINKAGE_SYSTEMVALUE", where
        if o.component_type and e.component_type and o.component_type != e.component_type:
            return "DEVICE_SHADER_LINKAGE_COMPONENTTYPE", dict(
                where, out_type=_COMPONENT_TYPES.get(o.component_type, o.component_type),
                in_type=_COMPONENT_TYPES.get(e.component_type, e.component_type))
        if e.rw_mask & e.mask & o.rw_mask & o.mask:
            # input rw = components read; output rw = components never written (signature chunk layout)
            return "DEVICE_SHADER_LINKAGE_NEVERWRITTEN_ALWAYSREADS", where
    return None


def _check_input_assembler(rep: _Reporter, s: Any, vs_facts: ShaderFacts, args: Any) -> None:
    needs_input = any(e.system_value not in _GENERATED and e.semantic_name.upper() not in _GENERATED_NAMES
                      for e in vs_facts.inputs)
    layout = s.ia_layout
    if layout is None:
        if needs_input:
            rep("DEVICE_DRAW_INPUTLAYOUT_NOT_SET")
        return
    from .device_formats import format_facts

    slot_min: dict[int, int] = {}
    slot_rate: dict[int, tuple[int, int]] = {}
    for e in layout._elements:
        slot = int(e.InputSlot)
        f = format_facts(int(e.Format))
        end = (int(e.AlignedByteOffset) & 0xFFFFFFFF) + (f.bytes_per_block if f else 0)
        slot_min[slot] = max(slot_min.get(slot, 0), end)
        slot_rate[slot] = (int(e.InputSlotClass), int(e.InstanceDataStepRate))
    for slot in sorted(slot_min):
        buf = s.ia_vbs[slot]
        if buf is None:
            rep("DEVICE_DRAW_VERTEX_BUFFER_NOT_SET", slot=slot)
            continue
        stride, offset, minimum = int(s.ia_strides[slot]), int(s.ia_offsets[slot]), slot_min[slot]
        if 0 < stride < minimum:
            rep("DEVICE_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL", slot=slot, stride=stride, minimum=minimum)
        if args is None or args.vertex_count <= 0 or args.instance_count <= 0:
            continue  # indirect/auto draws and ValidateContext: counts unknown
        per_instance, rate = slot_rate[slot]
        if per_instance:
            last = args.start_instance + ((args.instance_count - 1) // rate if rate else 0)
        elif args.indexed:
            continue  # the largest index is unknown without reading the index buffer
        else:
            last = args.start_vertex + args.vertex_count - 1
        if offset + last * stride + minimum > int(buf._storage.width):
            rep("DEVICE_DRAW_VERTEX_BUFFER_TOO_SMALL", slot=slot)


def _check_index_buffer(rep: _Reporter, s: Any, args: Any) -> None:
    if s.ia_ib is None:
        rep("DEVICE_DRAW_INDEX_BUFFER_NOT_SET")
        return
    if args is None or args.vertex_count <= 0:
        return
    size = 2 if int(s.ia_ib_format) == DXGI_FORMAT.DXGI_FORMAT_R16_UINT else 4
    if int(s.ia_ib_offset) + (args.start_index + args.vertex_count) * size > int(s.ia_ib._storage.width):
        rep("DEVICE_DRAW_INDEX_BUFFER_TOO_SMALL")


def _check_topology(rep: _Reporter, s: Any, facts: dict[str, ShaderFacts]) -> None:
    topology = int(s.ia_topology)
    hs, ds, gs = facts.get("HS"), facts.get("DS"), facts.get("GS")
    if (hs is None) != (ds is None):
        rep("DEVICE_DRAW_HS_XOR_DS_MISMATCH")
        return
    patch = topology >= PATCHLIST_1
    if hs is not None:
        points = topology - PATCHLIST_1 + 1
        if not patch or (hs.hs_input_points is not None and hs.hs_input_points != points):
            want = (f"{hs.hs_input_points}_CONTROL_POINT_PATCHLIST" if hs.hs_input_points is not None
                    else "a patch list")
            rep("DEVICE_DRAW_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH", expected=want, topology=_topology_name(topology))
        return  # with tessellation the GS sees the tessellator's primitives
    gs_input = gs.gs_input if gs is not None else None
    if gs_input is None:
        if patch:
            rep("DEVICE_DRAW_RASTERIZING_CONTROL_POINTS", topology=_topology_name(topology))
        return
    # the pipeline's own rule (a GS may consume patches directly when tessellation is off: patch n <- patchlist n)
    if not gs_accepts_topology(s.stages["GS"].shader._program, topology):
        name = f"patch{gs_input - 7}" if gs_input >= 8 else _GS_PRIM_NAMES.get(gs_input, "?")
        rep("DEVICE_DRAW_GS_INPUT_PRIMITIVE_MISMATCH", expected=name, topology=_topology_name(topology))


# -------------------------------------------------------------------------------------------------
# entry points
# -------------------------------------------------------------------------------------------------

def validate_draw(context: Any, method: str, args: Any, prefix: str = "ID3D11DeviceContext") -> bool:
    """Run the draw-time checks on ``context``'s bound state; False when the draw must be dropped.

    ``args`` is the draw's ``DrawArgs`` (None for ValidateContext, which skips the size checks).
    """
    rep = _Reporter(context, f"{prefix}::{method}")
    s = context._state
    vs = s.stages["VS"].shader
    if vs is None:
        rep("DEVICE_DRAW_VERTEX_SHADER_NOT_SET")
        return True  # the pipeline draws nothing without a VS
    facts = {name: shader_facts(st.shader) for name, st in s.stages.items() if name != "CS" and st.shader is not None}
    _check_input_assembler(rep, s, facts["VS"], args)
    if args is not None and args.indexed:
        _check_index_buffer(rep, s, args)
    _check_topology(rep, s, facts)
    for name, f in facts.items():
        _check_resources(rep, name, f, s.stages[name])
    # stage-to-stage linkage along the active chain
    chain = [n for n in ("VS", "HS", "DS", "GS", "PS") if n in facts]
    for up, down in zip(chain, chain[1:]):
        _check_linkage(rep, up, facts[up].outputs, down, facts[down].inputs)
        if up == "HS" and down == "DS":
            _check_linkage(rep, up, facts[up].patch_constants, down, facts[down].patch_constants)
    for name, f in facts.items():  # the OM UAV slots are visible to every graphics stage (D3D11.3 §5.3.9)
        if f.uavs:
            _check_uavs(rep, name, f, s.om_uavs)
    ps = facts.get("PS")
    if ps is not None:
        for t in ps.targets:
            if t >= len(s.om_rtvs) or s.om_rtvs[t] is None:
                rep("DEVICE_DRAW_RENDERTARGETVIEW_NOT_SET", slot=t)
    return not rep.dropped


def draw_uavs_usable(context: Any) -> bool:
    """Whether every UAV a bound graphics shader declares is bound in a form that declaration can use (the
    quiet half of :func:`validate_draw` for a device without the debug layer: no messages, only the drop).
    A typed/raw/structured buffer declaration meeting another buffer kind, or a texture declaration meeting a
    buffer view (or the reverse), leaves the results undefined on Windows; the draw is dropped as a Dispatch
    is (:func:`validate_dispatch`). Its inputs are the bound shaders and OM UAVs, which the draw plan's
    fingerprint covers (api/draw_plan.py): the context computes it once per plan, not per draw."""
    rep = _Reporter(context, "", quiet=True)
    s = context._state
    for name in ("VS", "HS", "DS", "GS", "PS"):
        shader = s.stages[name].shader
        # (the context tests' stand-in shaders carry no code to check)
        if shader is None or not hasattr(getattr(shader, "_program", None), "instructions"):
            continue
        f = shader_facts(shader)
        if f.uavs:
            _check_uavs(rep, name, f, s.om_uavs)
    return not rep.dropped


def validate_dispatch(context: Any, method: str, prefix: str = "ID3D11DeviceContext", quiet: bool = False) -> bool:
    """Run the dispatch-time checks (CS constant buffers, SRVs, samplers, UAVs); False to drop (``quiet``: no
    messages, the device has no debug layer)."""
    rep = _Reporter(context, f"{prefix}::{method}", quiet)
    st = context._state.stages["CS"]
    if st.shader is None:
        return True  # the context already reports and drops a dispatch without a compute shader
    f = shader_facts(st.shader)
    if not quiet:  # without messages only a drop matters, and of the dispatch checks only the UAV ones drop
        _check_resources(rep, "CS", f, st)
    _check_uavs(rep, "CS", f, context._state.cs_uavs)
    return not rep.dropped
