"""Which stage may read or write which system value, and from which shader model (MicrosoftDocs
direct3dhlsl "Semantics", System-Value Semantics table; D3D11.3 functional spec §23 "System Generated
Values" / "System Interpreted Values"). Only misuses the documentation rules out are listed: a value that
is merely passed between stages as an ordinary attribute (SV_VertexID written by a vertex shader, say)
stays legal.
"""

from __future__ import annotations

#: outputs only a pixel shader writes
PS_ONLY_OUTPUTS = frozenset({"SV_TARGET", "SV_DEPTH", "SV_DEPTHGREATEREQUAL", "SV_DEPTHLESSEQUAL", "SV_STENCILREF",
                             "SV_COVERAGE"})
#: inputs only a compute shader reads
CS_ONLY_INPUTS = frozenset({"SV_DISPATCHTHREADID", "SV_GROUPID", "SV_GROUPTHREADID", "SV_GROUPINDEX"})
#: (semantic, direction) -> lowest pixel-shader model (major, minor) that has it
PS_MIN_MODEL = {
    ("SV_DEPTHGREATEREQUAL", "out"): (5, 0), ("SV_DEPTHLESSEQUAL", "out"): (5, 0), ("SV_STENCILREF", "out"): (5, 0),
    ("SV_COVERAGE", "in"): (5, 0), ("SV_COVERAGE", "out"): (4, 1), ("SV_SAMPLEINDEX", "in"): (4, 1),
}
#: system values only some stages may read or write (the System-Value Semantics table: SV_DomainLocation
#: "available as input to the domain shader"; SV_GSInstanceID "available as input to the geometry shader";
#: SV_OutputControlPointID "can be used only as input to the hull shader"; SV_TessFactor and
#: SV_InsideTessFactor "available in the hull shader for writing, and available in the domain shader for
#: reading"; SV_PrimitiveID "can be read by the following shaders: geometry, pixel, hull, domain. Can be
#: written by the geometry shader"): semantic -> (stages that read it, stages that write it)
STAGE_SYSTEM_VALUES = {
    "SV_DOMAINLOCATION": (frozenset({"ds"}), frozenset()),
    "SV_GSINSTANCEID": (frozenset({"gs"}), frozenset()),
    "SV_OUTPUTCONTROLPOINTID": (frozenset({"hs"}), frozenset()),
    "SV_TESSFACTOR": (frozenset({"ds"}), frozenset({"hs"})),
    "SV_INSIDETESSFACTOR": (frozenset({"ds"}), frozenset({"hs"})),
    "SV_PRIMITIVEID": (frozenset({"gs", "ps", "hs", "ds"}), frozenset({"gs"})),
    # "Available to all shaders to be read or written to, except the vertex shader which can write the value
    # but not take it as input"
    "SV_CLIPDISTANCE": (frozenset({"gs", "ps", "hs", "ds"}), frozenset({"vs", "gs", "hs", "ds"})),
    "SV_CULLDISTANCE": (frozenset({"gs", "ps", "hs", "ds"}), frozenset({"vs", "gs", "hs", "ds"})),
    # SV_Coverage: "a mask that can be specified on input, output, or both of a pixel shader"; SV_SampleIndex:
    # "available to be read or written to by the pixel shader only"; SV_InnerCoverage: "can be read or
    # written by the pixel shader" (its outputs: PS_ONLY_OUTPUTS and the signature code)
    "SV_COVERAGE": (frozenset({"ps"}), frozenset()),
    "SV_SAMPLEINDEX": (frozenset({"ps"}), frozenset()),
    "SV_INNERCOVERAGE": (frozenset({"ps"}), frozenset()),
}
#: SV_Target0 … SV_Target7: one per render target slot (D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT)
MAX_TARGET_INDEX = 7


def system_value_error(stage: str, major: int, minor: int, direction: str, name: str, idx: int) -> str | None:
    """Why semantic ``name`` cannot be a ``direction`` ('in'/'out') of this stage, or None."""
    target = f"{stage}_{major}_{minor}"
    up = name.upper()
    if direction == "out" and up in PS_ONLY_OUTPUTS and stage != "ps":
        return f"invalid {target} output semantic '{name}'"
    if direction == "in" and up in CS_ONLY_INPUTS and stage != "cs":
        return f"invalid {target} input semantic '{name}'"
    rule = STAGE_SYSTEM_VALUES.get(up)
    # (a pixel shader writes only targets, depth, coverage and stencil: the signature code reports the rest)
    if rule is not None and stage not in rule[0 if direction == "in" else 1] and (stage, direction) != ("ps", "out"):
        return f"invalid {target} {'output' if direction == 'out' else 'input'} semantic '{name}'"
    if stage == "ps":
        need = PS_MIN_MODEL.get((up, direction))
        if need is not None and (major, minor) < need:
            return f"invalid {target} {'output' if direction == 'out' else 'input'} semantic '{name}' " \
                   f"(needs ps_{need[0]}_{need[1]})"
        if direction == "out" and up == "SV_TARGET" and idx > MAX_TARGET_INDEX:
            return f"invalid {target} output semantic '{name}{idx}': legal indices are in [0,{MAX_TARGET_INDEX}]"
    return None
