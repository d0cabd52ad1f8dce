"""pyd3d11.dxtk.sdkmesh: the DXUT .sdkmesh format (SDKmesh.h, version 101) and CDXUTSDKMesh (SDKmesh.cpp).

Files are built by tests/sdkmesh_writer.py, packed with ``struct`` from SDKmesh.h's C declarations; expected
values are the writer's inputs or computed here (bounding boxes, frame matrices). The SDK's tiny.sdkmesh is
read when PYD3D11_SDK_SAMPLES names a checkout with its Media folder."""

from __future__ import annotations

import os
import struct
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from sdkmesh_writer import IB, INVALID, POS_NORM_TEX, VB, Frame, Material, Mesh, Subset, single_mesh, write

from pyd3d11.d3d11 import (
    D3D11_CPU_ACCESS_READ,
    D3D11_MAP_READ,
    D3D11_SDK_VERSION,
    D3D11_USAGE_STAGING,
    D3D_DRIVER_TYPE_HARDWARE,
    D3D11CreateDevice,
)
from pyd3d11.dxtk import sdkmesh as sm
from pyd3d11.errors import D3D11Error, NotSupportedError

V = np.dtype([("Pos", "<f4", 3), ("Norm", "<f4", 3), ("Tex", "<f4", 2)])


@pytest.fixture
def device():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, 0, D3D11_SDK_VERSION)
    return dev, ctx


def tri_vertices(n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    v = np.zeros(n, V)
    v["Pos"] = rng.uniform(-5, 5, (n, 3))
    v["Norm"] = rng.uniform(-1, 1, (n, 3))
    v["Tex"] = rng.uniform(0, 1, (n, 2))
    return v


def read_buffer(dev, ctx, buf) -> bytes:
    desc = buf.GetDesc()
    desc.Usage, desc.BindFlags, desc.CPUAccessFlags, desc.MiscFlags = D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0
    st = dev.CreateBuffer(desc, None)
    ctx.CopyResource(st, buf)
    m = ctx.Map(st, 0, D3D11_MAP_READ, 0)
    out = bytes(m.pData)[:desc.ByteWidth]
    ctx.Unmap(st, 0)
    return out


def two_mesh_file() -> tuple[bytes, dict]:
    """Two vertex buffers, a 16-bit and a 32-bit index buffer, two meshes (the second with two subsets of
    different materials and primitive types), three frames (root -> child, root's sibling) and two materials."""
    va, vb = tri_vertices(6, 1), tri_vertices(9, 2)
    ia = np.array([0, 1, 2, 3, 4, 5], "<u2")
    ib = np.array([0, 1, 2, 2, 1, 3, 4, 5, 6, 7, 8], "<u4")
    m_root = np.diag([2.0, 2.0, 2.0, 1.0])
    m_root[3, :3] = [1, 2, 3]
    m_child = np.eye(4)
    m_child[3, :3] = [10, 0, 0]
    m_sib = np.diag([1.0, 3.0, 1.0, 1.0])
    info = dict(va=va, vb=vb, ia=ia, ib=ib, m_root=m_root, m_child=m_child, m_sib=m_sib)
    data = write(
        [VB(va.tobytes(), 32, POS_NORM_TEX), VB(vb.tobytes(), 32, POS_NORM_TEX)],
        [IB(ia.tobytes(), 0), IB(ib.tobytes(), 1)],
        [Mesh("first", [0], 0, [0]), Mesh("second", [1], 1, [1, 2], [0, 2])],
        [Subset("s0", 0, sm.PT_TRIANGLE_LIST, 0, 6, 0, 6), Subset("s1", 1, sm.PT_TRIANGLE_LIST, 0, 6, 0, 4),
         Subset("s2", 0, sm.PT_LINE_STRIP, 6, 5, 2, 7)],
        [Frame("root", 0, INVALID, 1, 2, m_root), Frame("child", 1, 0, INVALID, INVALID, m_child),
         Frame("sibling", INVALID, INVALID, INVALID, INVALID, m_sib)],
        [Material("red", "red.png", "", "missing.dds", power=16.0), Material("plain")])
    return data, info


def test_header_and_arrays_parse_as_written():
    data, info = two_mesh_file()
    d = sm.read_sdkmesh(data)
    assert int(d.header["Version"]) == 101
    assert (int(d.header["NumVertexBuffers"]), int(d.header["NumIndexBuffers"]), int(d.header["NumMeshes"]),
            int(d.header["NumTotalSubsets"]), int(d.header["NumFrames"]), int(d.header["NumMaterials"])) == \
        (2, 2, 2, 3, 3, 2)
    assert d.vertices[0] == info["va"].tobytes() and d.vertices[1] == info["vb"].tobytes()
    assert d.indices[0] == info["ia"].tobytes() and d.indices[1] == info["ib"].tobytes()
    assert [int(x) for x in d.vertex_buffers["StrideBytes"]] == [32, 32]
    assert [int(x) for x in d.vertex_buffers["NumVertices"]] == [6, 9]
    assert [int(x) for x in d.index_buffers["IndexType"]] == [0, 1]
    assert [int(x) for x in d.index_buffers["NumIndices"]] == [6, 11]
    assert [bytes(n) for n in d.meshes["Name"]] == [b"first", b"second"]
    assert d.mesh_subsets[1].tolist() == [1, 2] and d.mesh_influences[1].tolist() == [0, 2]
    s2 = d.subsets[2]
    assert (int(s2["MaterialID"]), int(s2["PrimitiveType"]), int(s2["IndexStart"]), int(s2["IndexCount"]),
            int(s2["VertexStart"]), int(s2["VertexCount"])) == (0, sm.PT_LINE_STRIP, 6, 5, 2, 7)
    assert [int(x) for x in d.frames["ChildFrame"]] == [1, INVALID, INVALID]
    assert [int(x) for x in d.frames["SiblingFrame"]] == [2, INVALID, INVALID]
    np.testing.assert_array_equal(d.frames[0]["Matrix"], info["m_root"])
    assert bytes(d.materials[0]["DiffuseTexture"]) == b"red.png"
    assert float(d.materials[0]["Power"]) == 16.0


def test_structure_sizes_are_the_pack8_sizes():
    assert [t.itemsize for t in (sm.SDKMESH_HEADER, sm.SDKMESH_VERTEX_BUFFER_HEADER, sm.SDKMESH_INDEX_BUFFER_HEADER,
                                 sm.SDKMESH_MESH, sm.SDKMESH_SUBSET, sm.SDKMESH_FRAME, sm.SDKMESH_MATERIAL)] == \
        [104, 288, 32, 224, 144, 184, 1256]


def test_create_makes_default_vertex_and_index_buffers_with_the_file_bytes(device):
    dev, ctx = device
    data, info = two_mesh_file()
    mesh = sm.CDXUTSDKMesh()
    mesh.Create(dev, data)
    assert mesh.GetNumMeshes() == 2 and mesh.GetNumMaterials() == 2 and mesh.GetNumFrames() == 3
    vb = mesh.GetVB11(1, 0)
    desc = vb.GetDesc()
    assert (desc.ByteWidth, desc.Usage, desc.BindFlags, desc.CPUAccessFlags) == (9 * 32, 0, 0x1, 0)
    assert read_buffer(dev, ctx, vb) == info["vb"].tobytes()
    ibuf = mesh.GetIB11(1)
    assert ibuf.GetDesc().BindFlags == 0x2
    assert read_buffer(dev, ctx, ibuf) == info["ib"].tobytes()
    assert mesh.GetIBFormat11(0) == 57 and mesh.GetIBFormat11(1) == 42  # R16_UINT, R32_UINT
    assert mesh.GetVertexStride(0, 0) == 32 and mesh.GetNumVertices(1, 0) == 9 and mesh.GetNumIndices(1) == 11
    assert mesh.GetNumSubsets(1) == 2
    assert int(mesh.GetSubset(1, 1)["PrimitiveType"]) == sm.PT_LINE_STRIP


def test_bounding_box_is_over_the_indexed_positions(device):
    dev, _ = device
    data, info = two_mesh_file()
    mesh = sm.CDXUTSDKMesh()
    mesh.Create(dev, data)
    for k, (verts, idx, ranges) in enumerate([(info["va"], info["ia"], [(0, 6)]),
                                              (info["vb"], info["ib"], [(0, 6), (6, 5)])]):
        used = np.concatenate([idx[s:s + n] for s, n in ranges]).astype(int)
        p = verts["Pos"][used].astype(np.float64)
        lo, hi = p.min(0), p.max(0)
        np.testing.assert_allclose(mesh.GetMeshBBoxCenter(k), (lo + hi) / 2, rtol=1e-6, atol=1e-6)
        np.testing.assert_allclose(mesh.GetMeshBBoxExtents(k), (hi - lo) / 2, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("prim,topology", [
    (sm.PT_TRIANGLE_LIST, 4), (sm.PT_TRIANGLE_STRIP, 5), (sm.PT_LINE_LIST, 2), (sm.PT_LINE_STRIP, 3),
    (sm.PT_POINT_LIST, 1), (sm.PT_TRIANGLE_LIST_ADJ, 12), (sm.PT_TRIANGLE_STRIP_ADJ, 13), (sm.PT_LINE_LIST_ADJ, 10),
    (sm.PT_LINE_STRIP_ADJ, 11),
    # SDKmesh.cpp's switch has no case for the patch types: they stay TRIANGLELIST
    (sm.PT_QUAD_PATCH_LIST, 4), (sm.PT_TRIANGLE_PATCH_LIST, 4)])
def test_primitive_type_table(prim, topology):
    assert sm.CDXUTSDKMesh.GetPrimitiveType11(prim) == topology


# D3DDECLTYPE -> DXGI_FORMAT (Microsoft's "Mapping D3D9 formats to D3D10/11"), D3DDECLUSAGE -> semantic
@pytest.mark.parametrize("decltype,fmt", [
    (0, 41), (1, 16), (2, 6), (3, 2), (4, 87), (5, 30), (6, 38), (7, 14), (8, 28), (9, 37), (10, 13), (11, 35),
    (12, 11), (13, 25), (15, 34), (16, 10)])
def test_declaration_types_become_dxgi_formats(decltype, fmt):
    decl = np.frombuffer(struct.pack("<HHBBBB", 1, 20, decltype, 0, 5, 3) + struct.pack("<HHBBBB", 0xFF, 0, 17, 0, 0, 0),
                         sm.D3DVERTEXELEMENT9)
    (e,) = sm.input_layout_from_decl(decl)
    assert (e.SemanticName, e.SemanticIndex, e.Format, e.InputSlot, e.AlignedByteOffset) == ("TEXCOORD", 3, fmt, 1, 20)


@pytest.mark.parametrize("usage,name", list(enumerate(["POSITION", "BLENDWEIGHT", "BLENDINDICES", "NORMAL", "PSIZE",
                                                       "TEXCOORD", "TANGENT", "BINORMAL", "TESSFACTOR", "POSITIONT",
                                                       "COLOR", "FOG", "DEPTH", "SAMPLE"])))
def test_declaration_usages_become_semantics(usage, name):
    decl = np.frombuffer(struct.pack("<HHBBBB", 0, 0, 2, 0, usage, 0), sm.D3DVERTEXELEMENT9)
    assert sm.input_layout_from_decl(decl)[0].SemanticName == name


def test_dec3n_has_no_dxgi_format():
    decl = np.frombuffer(struct.pack("<HHBBBB", 0, 0, 14, 0, 3, 0), sm.D3DVERTEXELEMENT9)
    with pytest.raises(NotSupportedError):
        sm.input_layout_from_decl(decl)


def test_the_file_declaration_gives_the_tutorial_layout():
    d = sm.read_sdkmesh(two_mesh_file()[0])
    lay = sm.input_layout_from_decl(d.vertex_buffers[0]["Decl"])
    assert [(e.SemanticName, e.Format, e.AlignedByteOffset) for e in lay] == \
        [("POSITION", 6, 0), ("NORMAL", 6, 12), ("TEXCOORD", 16, 24)]


class Recorder:
    """A context that records the calls RenderMesh makes."""

    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        return lambda *a: self.calls.append((name, a))


def test_render_walks_frames_mesh_children_siblings_and_binds_materials(device, tmp_path):
    dev, _ = device
    data, _ = two_mesh_file()
    Image.new("RGB", (2, 2), (255, 0, 0)).save(tmp_path / "red.png")
    (tmp_path / "m.sdkmesh").write_bytes(data)
    mesh = sm.CDXUTSDKMesh()
    mesh.Create(dev, str(tmp_path / "m.sdkmesh"))
    mat0, mat1 = mesh.GetMaterial(0), mesh.GetMaterial(1)
    assert mat0.Name == "red" and mat0.Power == 16.0
    assert mat0.pDiffuseRV11.GetDesc().Format == 29  # R8G8B8A8_UNORM_SRGB: DXUT loads diffuse maps as sRGB
    assert mat0.pNormalRV11 is None  # no name
    assert sm.IsErrorResource(mat0.pSpecularRV11)  # named but missing
    assert mat1.pDiffuseRV11 is None
    rec = Recorder()
    mesh.Render(rec, 0, 1, 2)
    draws = [(n, a) for n, a in rec.calls if n in ("DrawIndexed", "IASetPrimitiveTopology", "IASetIndexBuffer")]
    # frame 0 holds mesh 0 (one subset), its child frame 1 holds mesh 1 (two subsets); sibling frame 2 none
    assert [(n, a[1] if n == "IASetIndexBuffer" else a) for n, a in draws] == [
        ("IASetIndexBuffer", 57), ("IASetPrimitiveTopology", (4,)), ("DrawIndexed", (6, 0, 0)),
        ("IASetIndexBuffer", 42), ("IASetPrimitiveTopology", (4,)), ("DrawIndexed", (6, 0, 0)),
        ("IASetPrimitiveTopology", (3,)), ("DrawIndexed", (5, 6, 2))]
    srv = [(a[0], a[2][0]) for n, a in rec.calls if n == "PSSetShaderResources"]
    # material 0: diffuse at slot 0 (normal: none loaded -> None view is still bound, as DXUT binds a null
    # pointer; specular failed -> skipped); material 1: null diffuse/normal/specular views bound
    assert (0, mat0.pDiffuseRV11) in srv and all(slot != 2 or v is None for slot, v in srv)
    vbs = [a for n, a in rec.calls if n == "IASetVertexBuffers"]
    assert vbs[0][1] == 1 and vbs[0][3] == [32] and vbs[0][4] == [0]


def test_invalid_slot_binds_nothing(device):
    dev, _ = device
    mesh = sm.CDXUTSDKMesh()
    mesh.Create(dev, two_mesh_file()[0])
    rec = Recorder()
    mesh.Render(rec)
    assert not [c for c in rec.calls if c[0] == "PSSetShaderResources"]


def test_bind_pose_composes_frame_matrices_down_the_hierarchy(device):
    dev, _ = device
    data, info = two_mesh_file()
    mesh = sm.CDXUTSDKMesh()
    mesh.Create(dev, data)
    world = np.eye(4)
    world[3, :3] = [0, 0, 5]
    mesh.TransformBindPose(world.astype(np.float32))
    root = info["m_root"] @ world  # row vectors: local * parent
    np.testing.assert_allclose(mesh.GetBindPoseFrameMatrix(0), root, rtol=1e-6)
    np.testing.assert_allclose(mesh.GetBindPoseFrameMatrix(1), info["m_child"] @ root, rtol=1e-6)
    np.testing.assert_allclose(mesh.GetBindPoseFrameMatrix(2), info["m_sib"] @ world, rtol=1e-6)


def test_errors_are_dxuts_hresults(device, tmp_path):
    dev, _ = device
    data = single_mesh(tri_vertices(3), np.array([0, 1, 2]), POS_NORM_TEX)
    with pytest.raises(D3D11Error) as e:
        sm.CDXUTSDKMesh().Create(dev, data[:50])
    assert e.value.hresult == 0x80004005  # E_FAIL: shorter than the header
    with pytest.raises(D3D11Error) as e:
        sm.CDXUTSDKMesh().Create(dev, data[:300])
    assert e.value.hresult == 0x80004005  # shorter than HeaderSize + NonBufferDataSize
    old = struct.pack("<I", 100) + data[4:]
    with pytest.raises(D3D11Error) as e:
        sm.CDXUTSDKMesh().Create(dev, old)
    assert e.value.hresult == 0x80004002  # E_NOINTERFACE: not version 101
    with pytest.raises(D3D11Error) as e:
        sm.CDXUTSDKMesh().Create(dev, str(tmp_path / "nothing.sdkmesh"))
    assert e.value.hresult == sm.DXUTERR_MEDIANOTFOUND
    # a buffer offset beyond the end of the file
    bad = bytearray(data)
    struct.pack_into("<Q", bad, 104 + 280, len(data) + 100)
    with pytest.raises(D3D11Error) as e:
        sm.CDXUTSDKMesh().Create(dev, bytes(bad))
    assert e.value.hresult == 0x80004005


def test_media_search_path_finds_relative_names(device, tmp_path):
    dev, _ = device
    (tmp_path / "Sub").mkdir()
    (tmp_path / "Sub" / "m.sdkmesh").write_bytes(single_mesh(tri_vertices(3), np.array([0, 1, 2]), POS_NORM_TEX))
    sm.set_media_search_path(tmp_path)
    try:
        mesh = sm.CDXUTSDKMesh()
        mesh.Create(dev, "Sub\\m.sdkmesh")
        assert Path(mesh.m_strPath) == tmp_path / "Sub"
    finally:
        sm.set_media_search_path()


SDK = os.environ.get("PYD3D11_SDK_SAMPLES")
TINY = Path(SDK or "", "Media", "Tiny", "tiny.sdkmesh")


@pytest.mark.skipif(not SDK or not TINY.is_file(), reason="set PYD3D11_SDK_SAMPLES to a checkout with Media")
def test_sdk_tiny_mesh_loads(device):
    dev, ctx = device
    mesh = sm.CDXUTSDKMesh()
    mesh.Create(dev, str(TINY))
    raw = TINY.read_bytes()
    assert mesh.GetNumMeshes() >= 1
    stride = mesh.GetVertexStride(0, 0)
    assert stride == 32  # Tutorial11-14.cpp's layout: float3 POSITION, float3 NORMAL, float2 TEXCOORD
    lay = sm.input_layout_from_decl(mesh.GetVBBufferDecl(0, 0))
    assert [e.SemanticName for e in lay] == ["POSITION", "NORMAL", "TEXCOORD"]
    assert mesh.GetNumVertices(0, 0) * stride == len(read_buffer(dev, ctx, mesh.GetVB11(0, 0)))
    n_idx = mesh.GetNumIndices(0)
    assert n_idx % 3 == 0
    sub = mesh.GetSubset(0, 0)
    assert int(sub["IndexStart"]) + int(sub["IndexCount"]) <= n_idx
    # every index addresses a vertex of the buffer
    ib = np.frombuffer(read_buffer(dev, ctx, mesh.GetIB11(0)), "<u2" if mesh.GetIBFormat11(0) == 57 else "<u4")
    assert int(ib[:n_idx].max()) < mesh.GetNumVertices(0, 0)
    # the material's diffuse texture (Tiny_skin.dds) loads as an sRGB view
    view = mesh.GetMaterial(int(sub["MaterialID"])).pDiffuseRV11
    assert not sm.IsErrorResource(view) and view is not None
    assert len(raw) > 0
