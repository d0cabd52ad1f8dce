"""/Zi debug information (the SPDB chunk, shader/dxbc/pydb.py) beyond one file of locals (issue 18 item 4):

* every file of the compile is in the chunk with its text — the main file and each ``#include``d file — and
  the line table names the file each instruction came from (a function defined in an include steps there);
* the entry point's parameters are variables in scope over the whole function, and the members of
  struct-typed variables are watchable as ``name.member`` (``v[2].val`` for arrays of structs).

Expected values: the files' texts as written by the test, line numbers counted in them, variable values
computed by hand (float32) from the draw's inputs (pixel centres, vertex data).
"""

from __future__ import annotations

import struct

import numpy as np
import pytest

import pyd3d11.debug as dbg
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile, D3DCompileFromFile, D3DGetBlobPart
from pyd3d11.headers.d3dcompiler_types import D3D_COMPILE_STANDARD_FILE_INCLUDE
from pyd3d11.shader.dxbc import pydb

DEBUG, SKIP_OPT = 0x1, 0x4
F32 = np.float32


def bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", float(F32(x))))[0]


COMMON = """// shared helpers
float scale(float x)
{
    float twice = x * 2.0;
    return twice + 0.25;
}
"""
MAIN = """#include "common.hlsli"
struct P { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
float4 main(P p, float k : KAY) : SV_Target
{
    float s = scale(p.pos.x);
    return float4(s, p.uv.y, k, 1);
}
"""
VS = """struct VIn { float2 xy : POSITION; float2 uv : TEXCOORD0; float k : KAY; };
struct P { float4 pos : SV_Position; float2 uv : TEXCOORD0; float k : KAY; };
P main(VIn i)
{
    P o;
    o.pos = float4(i.xy, 0.5, 1);
    o.uv = i.uv;
    o.k = i.k;
    return o;
}
"""
# a full-target triangle; uv.y and k constant (0.75, 3.5) so every pixel sees the same values
VERTS = np.array([[-1, 1, 0, 0.75, 3.5], [3, 1, 0, 0.75, 3.5], [-1, -3, 0, 0.75, 3.5]], np.float32)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("inc")
    (d / "common.hlsli").write_text(COMMON)
    (d / "main.hlsl").write_text(MAIN)
    return d


def _ps(files, flags=DEBUG | SKIP_OPT):
    return D3DCompileFromFile(str(files / "main.hlsl"), None, D3D_COMPILE_STANDARD_FILE_INCLUDE, "main", "ps_5_0",
                              flags, 0)


def _info(blob) -> pydb.DebugInfo:
    return pydb.decode(bytes(D3DGetBlobPart(blob, 9)))  # D3D_BLOB_PDB (fxc's SPDB chunk, session 49)


def _name(info: pydb.DebugInfo, base: str) -> str:
    hits = [f for f in info.files if f.replace("\\", "/").rsplit("/", 1)[-1] == base]
    assert len(hits) == 1, info.files
    return hits[0]


def test_every_file_of_the_compile_is_in_the_chunk(files):
    info = _info(_ps(files))
    main, common = _name(info, "main.hlsl"), _name(info, "common.hlsli")
    assert info.sources[main] == MAIN and info.sources[common] == COMMON
    # the helper's instructions are on its lines in the include, the entry point's in the main file
    used = {(f, ln) for f, ln in (info.line_of(k) or ("", 0) for k in range(len(info.lines))) if f}
    assert {(common, 4), (common, 5)} <= used
    assert {(main, 5), (main, 6)} <= used
    assert all(ln <= len((MAIN if f == main else COMMON).splitlines()) for f, ln in used)


def test_an_included_file_that_emits_no_code_is_still_listed(tmp_path):
    (tmp_path / "consts.hlsli").write_text("#define K 3.0\n")
    (tmp_path / "m.hlsl").write_text('#include "consts.hlsli"\nfloat4 main() : SV_Target { return K; }\n')
    blob = D3DCompileFromFile(str(tmp_path / "m.hlsl"), None, D3D_COMPILE_STANDARD_FILE_INCLUDE, "main", "ps_5_0",
                              DEBUG, 0)
    info = _info(blob)
    assert info.sources[_name(info, "consts.hlsli")] == "#define K 3.0\n"


def _draw(ps_blob):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    vs = D3DCompile(VS, None, "vs.hlsl", None, None, "main", "vs_5_0", DEBUG | SKIP_OPT, 0)
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    ctx.PSSetShader(dev.CreatePixelShader(ps_blob, None))
    els = [D3D11_INPUT_ELEMENT_DESC(SemanticName=n, SemanticIndex=0, Format=f, InputSlot=0,  # noqa: F405
                                    AlignedByteOffset=o, InputSlotClass=0, InstanceDataStepRate=0)
           for n, f, o in (("POSITION", 16, 0), ("TEXCOORD", 16, 8), ("KAY", 41, 16))]  # R32G32 / R32 float
    ctx.IASetInputLayout(dev.CreateInputLayout(els, 3, vs))
    vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=VERTS.nbytes, BindFlags=1),  # noqa: F405
                          D3D11_SUBRESOURCE_DATA(pSysMem=VERTS.tobytes()))  # noqa: F405
    ctx.IASetVertexBuffers(0, 1, [vb], [20], [0])
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=8, Height=4, MipLevels=1, ArraySize=1, Format=2,  # noqa: F405
                                                   SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=0x20))  # noqa: F405
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, 8, 4, 0, 1)])  # noqa: F405
    ctx.IASetPrimitiveTopology(4)
    dbg.enable_capture(ctx)
    ctx.Draw(3, 0)
    return dev, ctx


@pytest.mark.parametrize("x", [0, 5])
def test_stepping_enters_the_included_function(files, x):
    _dev, ctx = _draw(_ps(files))
    t = dbg.debug_pixel(ctx, x, 2)
    info = t.debug_info
    main, common = _name(info, "main.hlsl"), _name(info, "common.hlsli")
    seq = [(h.file, h.line) for h in t.hlsl_steps()]
    # s = scale(p.pos.x) runs the helper's two lines (inlined), then the return of main
    assert (common, 4) in seq and (common, 5) in seq and seq[-1] == (main, 6)
    assert seq.index((common, 4)) < seq.index((common, 5)) < seq.index((main, 6))
    h4 = next(h for h in t.hlsl_steps() if (h.file, h.line) == (common, 4))
    assert h4.text == "    float twice = x * 2.0;"
    twice = F32(x + 0.5) * F32(2.0)
    assert t.variables(h4.last)["twice"] == [bits(twice)]
    back = [h for h in t.hlsl_steps() if (h.file, h.line) == (main, 5)][-1]  # back in main: s is assigned
    assert t.variables(back.last)["s"] == [bits(F32(twice + F32(0.25)))]


def test_entry_parameters_and_their_members_are_variables(files):
    _dev, ctx = _draw(_ps(files))
    t = dbg.debug_pixel(ctx, 5, 2)
    first = next(h for h in t.hlsl_steps() if h.line == 5 and h.file.endswith("main.hlsl"))
    got = t.variables(first.last)
    # SV_Position of pixel (5, 2) is its centre (5.5, 2.5), z 0.5, w 1 (D3D11.3 §16.3.1); uv.y and k as drawn
    pos = [bits(5.5), bits(2.5), bits(0.5), bits(1.0)]
    assert got["p.pos"] == pos
    assert got["p.uv"][1] == bits(0.75)
    assert got["p"][:4] == pos and len(got["p"]) == 6
    assert got["k"] == [bits(3.5)]


@pytest.mark.parametrize("vid", [0, 1, 2])
def test_vertex_shader_struct_parameter(files, vid):
    _dev, ctx = _draw(_ps(files))
    t = dbg.debug_vertex(ctx, vid)
    steps = t.hlsl_steps()
    assert [h.line for h in steps] == [6, 7, 8, 9]
    got = t.variables(steps[0].last)
    assert got["i.xy"] == [bits(VERTS[vid, 0]), bits(VERTS[vid, 1])]
    assert got["i.uv"] == [bits(VERTS[vid, 2]), bits(VERTS[vid, 3])]
    assert got["i.k"] == [bits(VERTS[vid, 4])]
    end = t.variables(steps[-2].last)  # after o.k = i.k: the output struct's members
    assert end["o.pos"] == [bits(VERTS[vid, 0]), bits(VERTS[vid, 1]), bits(0.5), bits(1.0)]
    assert end["o.k"] == [bits(VERTS[vid, 4])]


def test_the_chunk_says_which_variables_are_parameters(files):
    info = _info(_ps(files))
    params = {v["name"] for v in info.variables if v.get("parameter")}
    assert params == {"p", "k", "x"} or params == {"p", "k"}  # the inlined helper's parameter may be a local
    p = next(v for v in info.variables if v["name"] == "p")
    assert [(m["name"], m["offset"], m["count"]) for m in p["members"]] == [("pos", 0, 4), ("uv", 4, 2)]


def test_older_chunks_still_decode():
    old = b'{"format":"pyd3d11-debug","version":1,"files":["a"],"sources":{"a":"x"},"lines":[null,[0,1]],' \
          b'"variables":[]}'
    info = pydb.decode(old)
    assert info.line_of(1) == ("a", 1) and info.line_of(0) is None
    with pytest.raises(ValueError):
        pydb.decode(old.replace(b'"version":1', b'"version":99'))
