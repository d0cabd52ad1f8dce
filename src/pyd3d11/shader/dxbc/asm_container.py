"""Build a complete DXBC blob for an assembled listing (spec-facts §2.1–§2.5).

Signatures and RDEF come from the listing's header comments when it has them (``listing_header.parse_listing_header``); otherwise they are synthesised from the declarations:
plain v#/o# registers become TEXCOORD<n>, pixel-shader outputs SV_Target<n>, system values their
SV_ names; RDEF gets one cbuffer per dcl_constantbuffer (sized from it) and one binding per
declared resource, sampler and UAV, named after their registers (cb0, t0, s0, u0).
"""

from __future__ import annotations

from .. import ir
from ..ir import Opcode as O
from ..ir import OperandType as T
from .container import build_container
from .encoder import encode_program
from .listing_header import parse_listing_header
from .opcodes import OPCODES, OpClass
from .rdef import RDEF_PROGRAM_TYPE, Rdef, RdefBinding, RdefConstantBuffer, RdefType, RdefVariable, build_rdef
from .signature import Signature, SignatureElement, build_signature
from .stat import build_sfi0, build_stat, program_feature_flags, program_stats

# bytecode D3D10_SB_NAME -> (semantic name, D3D_NAME, semantic index)
_SV = {
    1: ("SV_Position", 1, 0), 2: ("SV_ClipDistance", 2, 0), 3: ("SV_CullDistance", 3, 0),
    4: ("SV_RenderTargetArrayIndex", 4, 0), 5: ("SV_ViewportArrayIndex", 5, 0), 6: ("SV_VertexID", 6, 0),
    7: ("SV_PrimitiveID", 7, 0), 8: ("SV_InstanceID", 8, 0), 9: ("SV_IsFrontFace", 9, 0),
    10: ("SV_SampleIndex", 10, 0),
    11: ("SV_TessFactor", 11, 0), 12: ("SV_TessFactor", 11, 1), 13: ("SV_TessFactor", 11, 2),
    14: ("SV_TessFactor", 11, 3), 15: ("SV_InsideTessFactor", 12, 0), 16: ("SV_InsideTessFactor", 12, 1),
    17: ("SV_TessFactor", 13, 0), 18: ("SV_TessFactor", 13, 1), 19: ("SV_TessFactor", 13, 2),
    20: ("SV_InsideTessFactor", 14, 0), 21: ("SV_TessFactor", 15, 0), 22: ("SV_TessFactor", 16, 1),
}
_UINT_SV = {6, 7, 8, 9, 10}  # integer system values (component type uint)
_DEPTH_OUT = {T.OUTPUT_DEPTH: "SV_Depth", T.OUTPUT_DEPTH_GREATER_EQUAL: "SV_DepthGreaterEqual",
              T.OUTPUT_DEPTH_LESS_EQUAL: "SV_DepthLessEqual", T.OUTPUT_COVERAGE_MASK: "SV_Coverage",
              T.OUTPUT_STENCIL_REF: "SV_StencilRef"}
# bytecode resource dimension -> D3D_SRV_DIMENSION (spec-facts §2.6)
_SRV_DIM = {1: 1, 2: 2, 3: 4, 4: 6, 5: 8, 6: 9, 7: 3, 8: 5, 9: 7, 10: 10, 11: 11, 12: 1}
_UAV_DIM = {1: 1, 2: 2, 3: 4, 5: 8, 7: 3, 8: 5, 11: 6, 12: 1}  # D3D_UAV_DIMENSION: BUFFER 1 ... TEX3D 8


def _is_pcsg_input(op: ir.Operand, ptype: int) -> bool:
    return ptype == ir.ProgramType.DOMAIN and op.type == T.INPUT_PATCH_CONSTANT


def _synth_signatures(prog: ir.Program) -> tuple[Signature, Signature, Signature | None]:
    ptype = prog.program_type
    isgn, osgn, pcsg = Signature("ISGN"), Signature("OSGN"), Signature("PCSG")
    counters: dict[tuple[int, str], int] = {}
    in_fork = False

    def add(sig: Signature, which: int, name: str, sv: int, ctype: int, reg: int, mask: int, output: bool,
            index: int | None = None) -> None:
        if index is None:
            index = counters.get((which, name), 0)
            counters[(which, name)] = index + 1
        rw = (0xF & ~mask) if output else mask
        if any(e.register == reg and e.mask == mask and reg != 0xFFFFFFFF for e in sig.elements):
            return
        sig.elements.append(SignatureElement(name, index, sv, ctype, reg, mask, rw))

    for inst in prog.instructions:
        op = inst.opcode
        if op in (O.HS_FORK_PHASE, O.HS_JOIN_PHASE):
            in_fork = True
        if not inst.operands or OPCODES[op].cls != OpClass.DECL:
            continue
        o = inst.operands[0]
        sv_code = inst.extra[0] & 0xFFFF if inst.extra and op in (
            O.DCL_INPUT_SIV, O.DCL_INPUT_SGV, O.DCL_INPUT_PS_SIV, O.DCL_INPUT_PS_SGV, O.DCL_OUTPUT_SIV,
            O.DCL_OUTPUT_SGV) else 0
        mask = o.mask if o.num_components == 4 else 1
        reg = o.indices[-1].value if o.indices else 0
        if op in (O.DCL_INPUT, O.DCL_INPUT_SIV, O.DCL_INPUT_SGV, O.DCL_INPUT_PS, O.DCL_INPUT_PS_SIV,
                  O.DCL_INPUT_PS_SGV):
            if o.type not in (T.INPUT, T.INPUT_CONTROL_POINT, T.INPUT_PATCH_CONSTANT):
                continue
            target = pcsg if _is_pcsg_input(o, ptype) else isgn
            which = 2 if target is pcsg else 0
            if sv_code:
                name, d3d, index = _SV.get(sv_code, ("SV_Unknown", 0, 0))
                add(target, which, name, d3d, 1 if sv_code in _UINT_SV else 3, reg, mask, False,
                    index if sv_code >= 11 else None)
            else:
                add(target, which, "TEXCOORD", 0, 3, reg, mask, False)
        elif op in (O.DCL_OUTPUT, O.DCL_OUTPUT_SIV, O.DCL_OUTPUT_SGV):
            if o.type in _DEPTH_OUT:
                ctype = 1 if o.type in (T.OUTPUT_COVERAGE_MASK, T.OUTPUT_STENCIL_REF) else 3
                add(osgn, 1, _DEPTH_OUT[o.type], 0, ctype, 0xFFFFFFFF, 1, True, 0)
                continue
            if o.type != T.OUTPUT:
                continue
            target = pcsg if (ptype == ir.ProgramType.HULL and in_fork) else osgn
            which = 2 if target is pcsg else 1
            if sv_code:
                name, d3d, index = _SV.get(sv_code, ("SV_Unknown", 0, 0))
                add(target, which, name, d3d, 1 if sv_code in _UINT_SV else 3, reg, mask, True,
                    index if sv_code >= 11 else None)
            elif ptype == ir.ProgramType.PIXEL:
                add(target, which, "SV_Target", 0, 3, reg, mask, True, reg)
            else:
                add(target, which, "TEXCOORD", 0, 3, reg, mask, True)
    for sig in (isgn, osgn, pcsg):
        sig.elements.sort(key=lambda e: (e.register, e.mask))
    if ptype == ir.ProgramType.GEOMETRY and prog.major >= 5:
        osgn.fourcc = "OSG5"
    has_pcsg = bool(pcsg.elements) or ptype in (ir.ProgramType.HULL, ir.ProgramType.DOMAIN)
    return isgn, osgn, (pcsg if has_pcsg else None)


def _synth_rdef(prog: ir.Program, target: int) -> Rdef:
    rdef = Rdef(target=target, flags=0x100, creator="pyd3d11 assembler")
    binds: list[RdefBinding] = []
    cbufs: list[RdefConstantBuffer] = []
    for inst in prog.instructions:
        op, c, x = inst.opcode, inst.controls, inst.extra
        if not inst.operands or OPCODES[op].cls != OpClass.DECL:
            continue
        reg = inst.operands[0].register
        if op == O.DCL_CONSTANTBUFFER:
            count = inst.operands[0].indices[1].value if len(inst.operands[0].indices) > 1 else 0
            vtype = RdefType(var_class=1, var_type=3, rows=1, columns=4, elements=count, name="float4")
            var = RdefVariable(f"cb{reg}_data", 0, 16 * count, 2, vtype)
            cbufs.append(RdefConstantBuffer(f"cb{reg}", [var], 16 * count))
            binds.append(RdefBinding(f"cb{reg}", 0, 0, 0, 0, reg, 1, 0))
        elif op == O.DCL_SAMPLER:
            binds.append(RdefBinding(f"s{reg}", 3, 0, 0, 0, reg, 1, 2 if (c & 0xF) == 1 else 0))
        elif op == O.DCL_RESOURCE:
            dim = c & 0x1F
            samples = c >> 5 & 0x7F if dim in (4, 9) else 0xFFFFFFFF
            binds.append(RdefBinding(f"t{reg}", 2, x[0] & 0xF if x else 5, _SRV_DIM.get(dim, 0), samples, reg, 1,
                                     0xC))
        elif op == O.DCL_RESOURCE_RAW:
            binds.append(RdefBinding(f"t{reg}", 7, 6, 11, 0, reg, 1, 0))
        elif op == O.DCL_RESOURCE_STRUCTURED:
            binds.append(RdefBinding(f"t{reg}", 5, 6, 1, x[0] if x else 0, reg, 1, 0))
        elif op == O.DCL_UAV_TYPED:
            binds.append(RdefBinding(f"u{reg}", 4, x[0] & 0xF if x else 5, _UAV_DIM.get(c & 0x1F, 0), 0xFFFFFFFF,
                                     reg, 1, 0xC))
        elif op == O.DCL_UAV_RAW:
            binds.append(RdefBinding(f"u{reg}", 8, 6, 1, 0, reg, 1, 0))
        elif op == O.DCL_UAV_STRUCTURED:
            kind = 11 if c >> 12 & 1 else 6
            binds.append(RdefBinding(f"u{reg}", kind, 6, 1, x[0] if x else 0, reg, 1, 0))
    order = {3: 0, 2: 1, 7: 1, 5: 1, 4: 2, 6: 2, 8: 2, 11: 2, 0: 3}
    rdef.bindings = sorted(binds, key=lambda b: (order.get(b.input_type, 4), b.bind_point))
    rdef.constant_buffers = cbufs
    return rdef


def build_shader_blob(text: str, prog: ir.Program) -> bytes:
    """DXBC container for ``prog``: RDEF, ISGN, OSGN/OSG5, [PCSG], SHDR/SHEX, [SFI0], STAT."""
    target = RDEF_PROGRAM_TYPE[int(prog.program_type)] << 16 | prog.major << 8 | prog.minor
    header_lines: list[str] = []
    for line in text.splitlines():
        s = line.strip()
        if s and not s.startswith("//"):
            break
        header_lines.append(line)
    isgn = osgn = pcsg = None
    rdef = None
    if any("signature:" in h for h in header_lines) or any("Buffer Definitions" in h for h in header_lines):
        hdr = parse_listing_header(header_lines, target)
        rdef, isgn, osgn, pcsg = hdr.rdef, hdr.input_signature, hdr.output_signature, \
            hdr.patch_constant_signature
    s_isgn, s_osgn, s_pcsg = _synth_signatures(prog)
    if isgn is None or (not isgn.elements and s_isgn.elements and not any("Input signature" in h
                                                                         for h in header_lines)):
        isgn = s_isgn
    if osgn is None or (not osgn.elements and s_osgn.elements and not any("Output signature" in h
                                                                          for h in header_lines)):
        osgn = s_osgn
    if pcsg is None:
        pcsg = s_pcsg
    if rdef is None or (not rdef.bindings and not any("Resource Bindings" in h for h in header_lines)):
        rdef = _synth_rdef(prog, target)
    chunks: list[tuple[str, bytes]] = [("RDEF", build_rdef(rdef)), ("ISGN", build_signature(isgn))]
    if pcsg is not None and prog.program_type == ir.ProgramType.DOMAIN:
        chunks.append(("PCSG", build_signature(pcsg)))
    chunks.append((osgn.fourcc, build_signature(osgn)))
    if pcsg is not None and prog.program_type == ir.ProgramType.HULL:
        chunks.append(("PCSG", build_signature(pcsg)))
    chunks.append(("SHEX" if prog.major >= 5 else "SHDR", encode_program(prog)))
    flags = program_feature_flags(prog)
    if flags:
        chunks.append(("SFI0", build_sfi0(flags)))
    chunks.append(("STAT", build_stat(program_stats(prog))))
    return build_container(chunks)
