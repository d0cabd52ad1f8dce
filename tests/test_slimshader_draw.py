"""Every graphics shader of the SlimShader corpus runs on a suitable draw (issue requirement).

For each vs/ps/gs/hs/ds blob: partner pass-through stages are generated as assembly, vertex data from
the input signature, constant buffers sized from RDEF (floats 0.5, integers 1: benign and loop-safe),
SRVs/samplers for declared resources (small textures of the matching dimension), render targets from
the PS output signature, and the topology the stage needs (patch lists for HS/DS, the GS's input
primitive). Success means: the draw completes without raising; at least one invocation of the shader
under test is counted where the stage reports invocations.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from conftest import CONFORMANCE

from pyd3d11.errors import NotSupportedError
from pyd3d11.formats.table import bytes_per_element
from pyd3d11.pipeline.draw import GraphicsState, RasterizerState, StageState, Viewport, draw
from pyd3d11.pipeline.hull import hull_info
from pyd3d11.pipeline.input_assembler import DrawArgs, InputElement, VertexBufferBinding
from pyd3d11.pipeline.output_merger import OMState
from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader import ir
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.exec.interfaces import ClassBinding, interface_decls, link_program, uses_interfaces
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

PT = ir.ProgramType
ROOT = CONFORMANCE / "dxbc-corpus" / "slimshader"
SIZE = 8
F4, U4, S4 = 2, 3, 4  # R32G32B32A32_{FLOAT,UINT,SINT}
D32_FLOAT = 40

# Shaders that cannot draw yet, with the reason (kept honest: each is re-checked to still fail).
XFAIL: dict[str, str] = {}


def _graphics_blobs() -> list[Path]:
    if not ROOT.exists():
        return []
    out = []
    for p in sorted(ROOT.rglob("*.o")):
        try:
            c = parse_container(p.read_bytes())
            prog = decode_program(c.program)
        except Exception:  # not a shader blob the decoder reads: covered by the dxbc tests
            continue
        if prog.program_type != PT.COMPUTE:
            out.append(p)
    return out


BLOBS = _graphics_blobs()


# --- generated partner stages ------------------------------------------------------------------------

_MASK = "xyzw"
_CTYPE_FORMAT = {1: U4, 2: S4, 3: F4}  # D3D_REGISTER_COMPONENT_TYPE -> fetch / target format
_SV_ASM = {1: "position", 2: "clip_distance", 3: "cull_distance", 4: "rendertarget_array_index",
           5: "viewport_array_index", 7: "primitive_id"}


def _mask_str(mask: int) -> str:
    return "".join(_MASK[c] for c in range(4) if mask >> c & 1) or "xyzw"


def _value(ctype: int) -> str:
    return "l(1, 1, 1, 1)" if ctype in (1, 2) else "l(0.5, 0.5, 0.5, 1.0)"


def _writes(regs: dict[int, tuple[int, int, int]], ptype: str, head: list[str], pos_from: str | None,
            value: str | None = None) -> str:
    """A shader writing each output register ``reg -> (mask, ctype, system value)``."""
    lines = head[:]
    body = []
    for r, (mask, ctype, sv) in sorted(regs.items()):
        m = _mask_str(mask)
        if sv in _SV_ASM:
            lines.append(f"dcl_output_siv o{r}.{m}, {_SV_ASM[sv]}")
        else:
            lines.append(f"dcl_output o{r}.{m}")
        if sv == 1 and pos_from is not None:
            body.append(f"mov o{r}.{m}, {pos_from}")
        elif sv in (4, 5, 7):
            body.append(f"mov o{r}.{m}, l(0, 0, 0, 0)")
        else:
            body.append(f"mov o{r}.{m}, {value or _value(ctype)}")
    return "\n".join([ptype] + lines + body + ["ret", ""])


def _outputs_for(sig, need_position: bool) -> dict[int, tuple[int, int, int]]:
    """Registers a partner must write to feed signature ``sig`` (system-generated inputs excluded)."""
    regs: dict[int, list[int]] = {}
    for e in sig.elements if sig is not None else []:
        if e.system_value in (6, 8, 9, 10) or e.register == 0xFFFFFFFF:  # VertexID, InstanceID, IsFrontFace, SampleIndex
            continue
        if e.semantic_name.upper() in ("SV_COVERAGE", "SV_INNERCOVERAGE", "SV_PRIMITIVEID") and e.system_value in (0, 7):
            if e.semantic_name.upper() != "SV_PRIMITIVEID" or e.system_value == 7:
                continue
        cur = regs.setdefault(e.register, [0, e.component_type, e.system_value])
        cur[0] |= e.mask
        if e.system_value:
            cur[2] = e.system_value
    out = {r: (m, t, s) for r, (m, t, s) in regs.items()}
    if need_position and not any(s == 1 for _, _, s in out.values()):
        out[max(out, default=-1) + 1] = (0xF, 3, 1)
    return out


def partner_vs(sig, need_position: bool, value: str | None = None) -> str:
    """VS: v0 = float4 position (a full-screen triangle), every needed output written. Control points
    for HS/DS/GS get ``value`` (integer 4): such shaders often reinterpret float data as counts
    (SubD11 reads a valence from its control points), and small integers keep their loops short."""
    return _writes(_outputs_for(sig, need_position), "vs_5_0", ["dcl_input v0.xyzw"], "v0.xyzw", value)


CP_VALUE = "l(4, 4, 4, 4)"


PS_SIMPLE = "ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)\nret\n"

_DOMAIN = {1: "isoline", 2: "tri", 3: "quad"}
# (domain, D3D_NAME, semantic index) -> bytecode tess-factor name
_TF = {**{(3, 11, i): n for i, n in enumerate(("finalQuadUeq0EdgeTessFactor", "finalQuadVeq0EdgeTessFactor",
                                               "finalQuadUeq1EdgeTessFactor", "finalQuadVeq1EdgeTessFactor"))},
       (3, 12, 0): "finalQuadUInsideTessFactor", (3, 12, 1): "finalQuadVInsideTessFactor",
       **{(2, 13, i): n for i, n in enumerate(("finalTriUeq0EdgeTessFactor", "finalTriVeq0EdgeTessFactor",
                                               "finalTriWeq0EdgeTessFactor"))},
       (2, 14, 0): "finalTriInsideTessFactor"}
_LINE_TF = {15: "finalLineDetailTessFactor", 16: "finalLineDensityTessFactor"}


def partner_ds(domain: int, n_cp: int) -> str:
    comps = "xyz" if domain == 2 else "xy"
    return "\n".join(["ds_5_0", f"dcl_input_control_point_count {n_cp}", f"dcl_tessellator_domain domain_{_DOMAIN[domain]}",
                      f"dcl_input vDomain.{comps}", "dcl_output_siv o0.xyzw, position",
                      "mad o0.xy, vDomain.xyxx, l(2.0, -2.0, 0, 0), l(-1.0, 1.0, 0, 0)",
                      "mov o0.zw, l(0, 0, 0.5, 1.0)", "ret", ""])


def partner_hs(domain: int, n_cp: int, pcsg) -> str:
    """Pass-through HS (no control-point phase) writing every patch constant the DS reads; factors 2."""
    lines = ["hs_5_0", "hs_decls", f"dcl_input_control_point_count {n_cp}", f"dcl_output_control_point_count {n_cp}",
             f"dcl_tessellator_domain domain_{_DOMAIN[domain]}", "dcl_tessellator_partitioning partitioning_integer",
             "dcl_tessellator_output_primitive " + ("output_line" if domain == 1 else "output_triangle_cw"),
             "hs_fork_phase"]
    body = []
    for e in pcsg.elements if pcsg is not None else []:
        m = _mask_str(e.mask)
        name = _LINE_TF.get(e.system_value) if domain == 1 else _TF.get((domain, e.system_value, e.semantic_index))
        lines.append(f"dcl_output_siv o{e.register}.{m}, {name}" if name else f"dcl_output o{e.register}.{m}")
        body.append(f"mov o{e.register}.{m}, {_value(e.component_type)}".replace("0.5, 0.5, 0.5, 1.0", "2.0, 2.0, 2.0, 2.0"))
    return "\n".join(lines + body + ["ret", ""])


# --- resources ---------------------------------------------------------------------------------------

def _cbuffer_words(cb) -> np.ndarray:
    words = np.zeros(max(4, -(-cb.size // 16) * 4), np.uint32)
    for v in cb.variables:
        n = v.size // 4
        start = v.start_offset // 4
        integer = v.type.var_type in (1, 2, 19, 20)  # BOOL, INT, UINT, UINT8
        words[start:start + n] = 1 if integer else np.float32(0.5).view(np.uint32)
    return words


# D3D_SRV_DIMENSION -> (storage dimension, width, height, depth, array)
_SRV_SHAPE = {2: (2, 4, 1, 1, 1), 3: (2, 4, 1, 1, 2), 4: (3, 4, 4, 1, 1), 5: (3, 4, 4, 1, 2), 6: (3, 4, 4, 1, 1),
              7: (3, 4, 4, 1, 2), 8: (4, 4, 4, 4, 1), 9: (3, 4, 4, 1, 6), 10: (3, 4, 4, 1, 12)}
_RETURN_FORMAT = {3: S4, 4: U4}  # SINT, UINT; UNORM/SNORM/FLOAT/MIXED -> float


def _srv(b) -> ViewDescriptor:
    fmt = _RETURN_FORMAT.get(b.return_type, F4)
    if b.dimension in (1, 11) or b.input_type in (1, 5, 7):  # buffers: typed, structured, raw
        st = ResourceStorage.create(1, 0, 4096)
        # Integer data gets small counts (shaders index and loop with it: SubD11 reads valences).
        st.data.view(np.uint32)[:] = 4 if fmt != F4 else np.float32(0.5).view(np.uint32)
        if b.input_type == 7:
            return ViewDescriptor(ViewKind.SRV, st, 39, 11, num_elements=1024, element_size=4, flags=1, raw=True)
        if b.input_type == 5:
            stride = max(4, b.num_samples)  # RDEF stores the structure stride in num_samples
            return ViewDescriptor(ViewKind.SRV, st, 0, 11, num_elements=4096 // stride, element_size=stride,
                                  structured=True)
        return ViewDescriptor(ViewKind.SRV, st, fmt, 1, num_elements=256, element_size=16)
    dim, w, h, d, arr = _SRV_SHAPE[b.dimension]
    samples = 4 if b.dimension in (6, 7) else 1
    st = ResourceStorage.create(dim, fmt, w, h, d, 1, arr, samples, bytes_per_block=bytes_per_element(fmt))
    st.data.view(np.float32 if fmt == F4 else np.uint32)[:] = 0.5 if fmt == F4 else 1
    return ViewDescriptor(ViewKind.SRV, st, fmt, b.dimension, slice_count=arr)


def _uav(b) -> ViewDescriptor:
    st = ResourceStorage.create(1, 0, 4096)
    if b.input_type == 8:
        return ViewDescriptor(ViewKind.UAV, st, 39, 1, num_elements=1024, element_size=4, flags=1, raw=True)
    if b.input_type in (6, 9, 10, 11):
        stride = max(4, b.num_samples)
        return ViewDescriptor(ViewKind.UAV, st, 0, 1, num_elements=4096 // stride, element_size=stride, structured=True)
    return ViewDescriptor(ViewKind.UAV, st, _RETURN_FORMAT.get(b.return_type, F4), 1, num_elements=256, element_size=16)


def _sampler(comparison: bool):
    return SimpleNamespace(Filter=0x80 if comparison else 0x15, AddressU=3, AddressV=3, AddressW=3, MipLODBias=0.0,
                           MaxAnisotropy=1, ComparisonFunc=2 if comparison else 1, BorderColor=[0.0] * 4,
                           MinLOD=0.0, MaxLOD=3.4e38)


def _linked(program: ir.Program) -> ir.Program:
    """Shaders with interfaces draw with a class instance bound to every slot: the first class each
    interface allows (what SetShader with class instances selects; see exec.interfaces)."""
    if not uses_interfaces(program):
        return program
    decls = interface_decls(program)
    slots: list[ClassBinding | None] = [None] * decls.slot_count
    for fp, (size, _sites, choices, _dyn) in decls.interfaces.items():
        for k in range(size):
            slots[fp + k] = ClassBinding(choices[0])
    return link_program(program, slots)


def stage(container, program: ir.Program) -> StageState:
    s = StageState(_linked(program))
    rdef = container.rdef
    if rdef is None:
        return s
    cbs = {cb.name: cb for cb in rdef.constant_buffers}
    for b in rdef.bindings:
        for k in range(max(1, b.bind_count)):
            slot = b.bind_point + k
            if b.input_type == 0 and b.name in cbs:
                s.bindings.set_cbuffer(slot, _cbuffer_words(cbs[b.name]))
            elif b.input_type in (1, 2, 5, 7):  # tbuffer, texture, structured, byte-address
                s.bindings.srvs[slot] = _srv(b)
            elif b.input_type == 3:
                s.bindings.samplers[slot] = _sampler(bool(b.flags & 0x2))
            elif b.input_type >= 4:
                s.bindings.uavs[slot] = _uav(b)
    return s


def generated(text: str) -> StageState:
    return StageState(assemble_program(text))


# --- the draw ----------------------------------------------------------------------------------------

def _target(fmt: int) -> ViewDescriptor:
    st = ResourceStorage.create(3, fmt, SIZE, SIZE, 1, 1, 1, 1, bytes_per_block=bytes_per_element(fmt))
    return ViewDescriptor(ViewKind.RTV, st, fmt, 4)


def _om_for(ps_container) -> OMState:
    om = OMState()
    for e in ps_container.output_signature.elements if ps_container.output_signature else []:
        name = e.semantic_name.upper()
        if name == "SV_TARGET":
            om.rtvs[e.register] = _target(_CTYPE_FORMAT.get(e.component_type, F4))
        elif name.startswith("SV_DEPTH"):
            ds = ResourceStorage.create(3, D32_FLOAT, SIZE, SIZE, 1, 1, 1, 1, bytes_per_block=4)
            om.dsv = ViewDescriptor(ViewKind.DSV, ds, D32_FLOAT, 3)
            face = SimpleNamespace(StencilFailOp=1, StencilDepthFailOp=1, StencilPassOp=1, StencilFunc=8)
            om.depth_stencil = SimpleNamespace(DepthEnable=True, DepthWriteMask=1, DepthFunc=8, StencilEnable=False,
                                               StencilReadMask=0xFF, StencilWriteMask=0xFF, FrontFace=face,
                                               BackFace=face)
    if all(v is None for v in om.rtvs) and om.dsv is None:
        om.rtvs[0] = _target(F4)
    return om


def _vertex_input(vs_container, n: int):
    """Vertex buffer + elements for every VS input register (format from the component type)."""
    elements, offset, regs = [], 0, {}
    for e in vs_container.input_signature.elements if vs_container.input_signature else []:
        if e.system_value in (6, 8):  # SV_VertexID / SV_InstanceID are generated
            continue
        regs.setdefault(e.register, (e.mask, e.component_type))
    for r, (_mask, ct) in sorted(regs.items()):
        elements.append(InputElement(r, 0xF, _CTYPE_FORMAT.get(ct, F4), 0, offset))
        offset += 16
    stride = max(offset, 16)
    data = np.zeros((n, stride // 4), np.float32)
    if regs:
        data[:] = 0.5
    # The first float4 of the partner-driven cases is a clip position of a full-screen triangle.
    tri = np.array([[-1, -1, 0.5, 1], [-1, 3, 0.5, 1], [3, -1, 0.5, 1]], np.float32)
    data[:, :4] = np.resize(tri, (n, 4))
    for r, (_, ct) in sorted(regs.items()):
        if ct in (1, 2):
            col = list(sorted(regs)).index(r) * 4
            data[:, col:col + 4] = np.array([1, 1, 1, 1], np.uint32).view(np.float32)
    vb = ResourceStorage.create(1, 0, data.nbytes)
    vb.data[:] = data.view(np.uint8).ravel()
    return [VertexBufferBinding(vb, stride, 0)], elements


_GS_TOPOLOGY = {1: 1, 2: 2, 3: 4, 6: 10, 7: 12}
_GS_VERTS = {1: 1, 2: 2, 3: 3, 6: 4, 7: 6}


def build_draw(path: Path):
    return build_draw_blob(path.read_bytes())


def build_draw_blob(blob: bytes):
    c = parse_container(blob)
    prog = decode_program(c.program)
    t = prog.program_type
    st = GraphicsState(rasterizer=RasterizerState(CullMode=1), viewports=[Viewport(0, 0, SIZE, SIZE, 0, 1)],
                       sampling_hooks=TextureSampler())
    n = 3
    if t == PT.VERTEX:
        st.vs = stage(c, prog)
        st.ps = generated(PS_SIMPLE)
        st.topology = 4
        vs_c = c
    else:
        vs_c = None
    if t == PT.PIXEL:
        st.ps = stage(c, prog)
        st.vs = generated(partner_vs(c.input_signature, True))
        st.topology = 4
        st.om = _om_for(c)
    else:
        st.om = OMState(rtvs=[_target(F4)] + [None] * 7)
    if t == PT.GEOMETRY:
        st.gs = stage(c, prog)
        prim = next(i.controls & 0x3F for i in prog.instructions if i.opcode == ir.Opcode.DCL_GS_INPUT_PRIMITIVE)
        st.topology = _GS_TOPOLOGY.get(prim, 32 + prim - 7)
        n = _GS_VERTS.get(prim, prim - 7) * 2
        st.vs = generated(partner_vs(c.input_signature, False, CP_VALUE))
        st.ps = generated(PS_SIMPLE)
    if t == PT.HULL:
        info = hull_info(prog)
        st.hs = stage(c, prog)
        st.ds = generated(partner_ds(info.domain, info.output_control_points))
        st.vs = generated(partner_vs(c.input_signature, False, CP_VALUE))
        st.ps = generated(PS_SIMPLE)
        st.topology = 32 + info.input_control_points
        n = info.input_control_points * 2
    if t == PT.DOMAIN:
        n_cp = next(i.controls for i in prog.instructions if i.opcode == ir.Opcode.DCL_INPUT_CONTROL_POINT_COUNT)
        domain = next(i.controls for i in prog.instructions if i.opcode == ir.Opcode.DCL_TESS_DOMAIN)
        st.ds = stage(c, prog)
        st.hs = generated(partner_hs(domain, n_cp, c.patch_constant_signature))
        st.vs = generated(partner_vs(c.input_signature, False, CP_VALUE))
        st.ps = generated(PS_SIMPLE)
        st.topology = 32 + n_cp
        n = n_cp * 2
    if vs_c is None:
        vs_c = SimpleNamespace(input_signature=SimpleNamespace(elements=[SimpleNamespace(
            semantic_name="POSITION", system_value=0, register=0, mask=0xF, component_type=3)]))
    st.vertex_buffers, st.elements = _vertex_input(vs_c, n)
    return st, n, t


@pytest.mark.skipif(not ROOT.exists(), reason="conformance data not present")
@pytest.mark.parametrize("path", BLOBS, ids=[str(p.relative_to(ROOT)) for p in BLOBS])
def test_slimshader_graphics_shader_draws(path: Path):
    key = str(path.relative_to(ROOT))
    st, n, t = build_draw(path)
    if key in XFAIL:
        with pytest.raises(NotSupportedError):  # still unsupported; remove from XFAIL when it draws
            draw(st, DrawArgs(n))
        pytest.xfail(XFAIL[key])
    stats = draw(st, DrawArgs(n))
    counted = {PT.VERTEX: stats.vs_invocations, PT.GEOMETRY: stats.gs_invocations, PT.HULL: stats.hs_invocations,
               PT.DOMAIN: stats.ds_invocations}
    if t in counted:
        assert counted[t] > 0
    else:
        assert stats.ps_invocations > 0
