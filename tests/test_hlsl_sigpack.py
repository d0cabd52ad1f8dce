"""Signature register packing (pyd3d11.shader.hlsl.sigpack) and the signature usage masks, checked
against fxc: every signature table of the fxc listings in ../shared/conformance/dxbc-corpus is an
independent oracle for the packer, and compiled VS -> PS pairs must still link by register."""

from __future__ import annotations

import re

import numpy as np
import pytest
from conftest import conformance_path
from gfx_util import blob_program

from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.signature import ELEMENT_LAYOUT, parse_signature
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.hlsl.sigpack import SigPacker, add_decl, pack_signature, packing_class

# --- the packer on hand-transcribed declarations (struct fields in source order) --------------------


def test_worst_fit_not_first_fit_cascaded_shadow_maps():
    """RenderCascadeScene VS_OUTPUT: float3, float2, float4, float4 (SV_POSITION), float4, float.
    fxc: the trailing float goes to the float2's register .z, not to the float3's .w."""
    elems = [(3, "linear", True), (2, "linear", False), (4, "linear", False), (4, "linear", False),
             (4, "linear", False), (1, "linear", False)]
    assert pack_signature(elems) == [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (1, 2)]


def test_pom_vs_output():
    """POM.hlsl VS_OUTPUT: float2, float3, float3, float2, float3, float3, float4 (SV_POSITION)."""
    sizes = [2, 3, 3, 2, 3, 3, 4]
    elems = [(n, "linear", i == 0) for i, n in enumerate(sizes)]
    assert pack_signature(elems) == [(0, 0), (1, 0), (2, 0), (0, 2), (3, 0), (4, 0), (5, 0)]


def test_array_elements_and_tess_factors_start_registers():
    """PNTriangles HS_ConstantOutput: float[3] tess factors, float inside factor (aligned), then
    float3s that fill the factors' .yzw."""
    elems = [(1, "linear", True)] * 4 + [(3, "linear", False)] * 9
    got = pack_signature(elems)
    assert got[:4] == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert got[4:8] == [(0, 1), (1, 1), (2, 1), (3, 1)]
    assert got[8:] == [(4, 0), (5, 0), (6, 0), (7, 0), (8, 0)]


def test_classes_do_not_share_and_generated_values_stay_apart():
    """FxDis test_PS parameter order: rtai, cull, vai, sample index, front face, clip, primitive id."""
    decl = [("SV_RENDERTARGETARRAYINDEX", "constant"), ("SV_CULLDISTANCE", "linear"),
            ("SV_VIEWPORTARRAYINDEX", "constant"), ("SV_SAMPLEINDEX", "constant"),
            ("SV_ISFRONTFACE", "constant"), ("SV_CLIPDISTANCE", "linear"), ("SV_PRIMITIVEID", "constant")]
    p = SigPacker()
    for _ in range(3):
        p.place(4, "linear")
    got = [p.place(1, packing_class("ps", up, mode)) for up, mode in decl]
    assert got == [(3, 0), (4, 0), (3, 1), (5, 0), (5, 1), (4, 1), (3, 2)]


def test_unpacked_mode_gives_one_register_per_element():
    assert pack_signature([(1, "", False), (2, "", False), (1, "", False)], pack=False) == [(0, 0), (1, 0), (2, 0)]


def test_declarations_sorted_by_register_then_component():
    decls = ["dcl_input vCoverage"]
    for d in ["dcl_output o2.xyzw", "dcl_output o1.z", "dcl_output o0.xyz", "dcl_output o1.xy", "dcl_output o1.z"]:
        add_decl(decls, d)
    assert decls == ["dcl_input vCoverage", "dcl_output o0.xyz", "dcl_output o1.xy", "dcl_output o1.z",
                     "dcl_output o2.xyzw"]


# --- every signature table of the corpus listings ------------------------------------------------------

_ROW = re.compile(r"^// (\S+)\s+(\d+)\s+([xyzw ]{4})\s+(\d+)\s+(\S+)\s+(\S+)\s*[xyzw ]*$")
_TABLE = re.compile(r"// (Input|Output|Patch Constant) signature:\n//\n// Name.*\n// -.*\n((?://.+\n)*)")
_DCL_MODE = re.compile(r"^dcl_input_ps(?:_siv|_sgv)? ((?:linear|constant)[a-z ]*?) v(\d+)\.", re.M)


def _tables():
    root = conformance_path("dxbc-corpus")
    for f in sorted(root.rglob("*.asm")):
        txt = f.read_text(errors="replace")
        m = re.search(r"^(vs|ps|gs|hs|ds|cs)_\d_\d", txt, re.M)
        if m is None:
            continue
        stage = m.group(1)
        modes = {int(r): mode.strip() for mode, r in _DCL_MODE.findall(txt)}
        for t in _TABLE.finditer(txt):
            rows = [r.groups() for r in map(_ROW.match, t.group(2).splitlines()) if r]
            if (stage, t.group(1)) in (("vs", "Input"), ("ps", "Output")) or not rows:
                continue  # not packed
            yield f.relative_to(root), stage, t.group(1), rows, modes


#: semantics declared as arrays (their first element starts a register too), from the corpus sources
_ARRAYS = {"SubD11": {"TANGENT", "TEXCOORD", "TANUCORNER", "TANVCORNER"}}


def _oracle_elements(path, stage, kind, rows, modes):
    """Listing rows (register order) as packer input. Array elements: the _ARRAYS table, else
    consecutive semantic indices of one name and size; interpolation classes come from the
    dcl_input_ps lines (otherwise constant for integers, linear for floats)."""
    arrays = set().union(*(v for k, v in _ARRAYS.items() if path.name.startswith(k)))
    elems, prev = [], None
    for name, idx, mask, reg, _sv, fmt in rows:
        n = len(mask.replace(" ", ""))
        up = name.upper()
        array = up in arrays or prev is not None and prev[0] == up and int(idx) == prev[1] + 1 and prev[2] == n
        mode = "constant" if fmt in ("uint", "int") else "linear"
        if stage == "ps" and kind == "Input":
            mode = modes.get(int(reg), mode)
        align = array or up in ("SV_TESSFACTOR", "SV_INSIDETESSFACTOR")
        elems.append((n, packing_class(stage if kind == "Input" else "", up, mode), align))
        prev = (up, int(idx), n)
    return elems


def test_packer_reproduces_every_corpus_signature_table():
    tables = list(_tables())
    assert len(tables) > 100
    bad = []
    for path, stage, kind, rows, modes in tables:
        got = pack_signature(_oracle_elements(path, stage, kind, rows, modes))
        want = [(int(r[3]), "xyzw".index(r[2].strip()[0])) for r in rows]
        if got != want:
            bad.append(f"{path} {kind}: {got} != {want}")
    assert not bad, "\n".join(bad)


# --- compiled shaders: layout, usage masks, and linking by register ------------------------------------


def _compile(src: str, target: str, entry: str = "main") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, entry, target))


def _sig(blob: bytes, prefix: str):
    for c in parse_container(blob).chunks:
        if c.fourcc in ELEMENT_LAYOUT and c.fourcc.startswith(prefix):
            return [(e.semantic_name, e.register, e.mask, e.rw_mask) for e in parse_signature(c.data, c.fourcc)]
    raise AssertionError(f"no {prefix} signature")


def _program(blob: bytes):
    return blob_program(blob)


VS = """
struct O { float4 p : SV_Position; float2 t : T0; float3 n : N; float2 u : T1; float k : K; };
O main(float4 a : A, float4 b : B) {
    O o; o.p = a; o.t = b.xy; o.n = a.zyx; o.u = b.zw * 2; o.k = a.x + b.w; return o;
}"""
PS = """
struct O { float4 p : SV_Position; float2 t : T0; float3 n : N; float2 u : T1; float k : K; };
float4 main(O i) : SV_Target { return float4(i.t.y, i.n.z, i.u.x - i.k, i.u.y); }"""


def test_vs_outputs_are_packed_with_fxc_never_written_masks():
    sig = _sig(_compile(VS, "vs_4_0"), "O")
    # p r0; t r1.xy; n r2.xyz (r1 has 2 free); u r1.zw (worst fit); k r2.w
    assert sig == [("SV_Position", 0, 0xF, 0), ("T", 1, 0x3, 0xC), ("T", 1, 0xC, 0x3), ("N", 2, 0x7, 0x8),
                   ("K", 2, 0x8, 0x7)]


def test_ps_inputs_are_packed_with_read_masks():
    sig = _sig(_compile(PS, "ps_4_0"), "I")
    # position never read; t.y, n.z, u.xy and k are read
    assert sig == [("SV_Position", 0, 0xF, 0), ("T", 1, 0x3, 0x2), ("T", 1, 0xC, 0xC), ("N", 2, 0x7, 0x4),
                   ("K", 2, 0x8, 0x8)]


def test_packed_vs_to_ps_link_by_register():
    rng = np.random.default_rng(7)
    a = rng.uniform(-4, 4, (6, 4)).astype(np.float32)
    b = rng.uniform(-4, 4, (6, 4)).astype(np.float32)
    vs = run_program(_program(_compile(VS, "vs_4_0")), 6, inputs={0: a.view(np.uint32), 1: b.view(np.uint32)},
                     bindings=Bindings())
    regs = {r: vs.outputs[r] for r in range(3)}
    ps = run_program(_program(_compile(PS, "ps_4_0")), 6, inputs=regs, bindings=Bindings())
    out = ps.outputs[0].view(np.float32)
    k = a[:, 0] + b[:, 3]
    u = b[:, 2:4] * np.float32(2)
    expect = np.stack([b[:, 1], a[:, 0], u[:, 0] - k, u[:, 1]], axis=1)
    np.testing.assert_array_equal(out, expect)


def test_vs_inputs_are_never_packed():
    blob = _compile("float4 main(float a : A, float b : B, float2 c : C) : SV_Position { return float4(a, b, c); }",
                    "vs_4_0")
    assert [(r, m) for _n, r, m, _rw in _sig(blob, "I")] == [(0, 1), (1, 1), (2, 3)]


@pytest.mark.parametrize("target", ["gs_4_0", "gs_5_0"])
def test_gs_packs_per_vertex_inputs_and_outputs(target):
    src = """
    struct V { float4 p : SV_Position; float2 a : A; float2 b : B; };
    [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { s.Append(v[0]); }"""
    blob = _compile(src, target)
    assert [(n, r, m) for n, r, m, _ in _sig(blob, "I")] == [("SV_Position", 0, 15), ("A", 1, 3), ("B", 1, 12)]
    assert [(n, r, m) for n, r, m, _ in _sig(blob, "O")] == [("SV_Position", 0, 15), ("A", 1, 3), ("B", 1, 12)]
    assert any(c.fourcc == ("OSG5" if target == "gs_5_0" else "OSGN") for c in parse_container(blob).chunks)
