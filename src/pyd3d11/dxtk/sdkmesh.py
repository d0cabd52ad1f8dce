# ruff: noqa: N802, N803, N815  (DXUT's names, so that sample code ports line by line)
"""The DXUT ``.sdkmesh`` format (version 101) and ``CDXUTSDKMesh``, the loader the DirectX SDK samples use
(walbourn/directx-sdk-samples, DXUT/Optional/SDKmesh.h/.cpp; DirectXTK's Model::CreateFromSDKMESH reads the
same files). A Python convenience, not part of Direct3D.

The file is the C structures of SDKmesh.h written with ``#pragma pack(8)``, little-endian:

* ``SDKMESH_HEADER`` (104 bytes) at offset 0: version, the sizes of the header, of the non-buffer data and of
  the buffer data, the counts, and the offsets of the six arrays below;
* ``SDKMESH_VERTEX_BUFFER_HEADER`` (288 bytes: counts, stride, a 32-entry D3D9 vertex declaration, the data
  offset) and ``SDKMESH_INDEX_BUFFER_HEADER`` (32 bytes: count, size, 16- or 32-bit, data offset);
* ``SDKMESH_MESH`` (224: name, vertex-buffer indices, index buffer, subset and bone lists, bounding box),
  ``SDKMESH_SUBSET`` (144: material, primitive type, index and vertex ranges), ``SDKMESH_FRAME`` (184: the
  frame hierarchy with a row-major 4x4 matrix each) and ``SDKMESH_MATERIAL`` (1256: texture file names and
  colours);
* then the vertex and index data the buffer headers point at (absolute file offsets).

``read_sdkmesh`` parses a file into numpy structured arrays (``SDKMeshData``); ``CDXUTSDKMesh`` is the DXUT
class: ``Create(device, file)`` makes one D3D11 buffer per vertex/index buffer (USAGE_DEFAULT, as
CDXUTSDKMesh::CreateVertexBuffer does), loads each material's textures from the mesh's folder (diffuse as
sRGB, through DirectXTK's DDS/WIC loaders as DXUT's resource cache does; a texture that fails to load becomes
``ERROR_RESOURCE_VALUE``), and offers the accessors and ``Render``/``RenderMesh``/``RenderFrame`` of SDKmesh.h.
``input_layout_from_decl`` turns a buffer's D3D9 declaration into D3D11 input elements (what DirectXTK's
loader does; DXUT samples write their layouts by hand).
Errors are DXUT's HRESULTs as ``D3D11Error``: a file shorter than its header or than HeaderSize +
NonBufferDataSize → E_FAIL; a version other than 101 → E_NOINTERFACE; a missing file → DXUTERR_MEDIANOTFOUND.
Offsets outside the file (which DXUT would read out of bounds) are E_FAIL here. Animation files
(``.sdkmesh_anim``) are not read (NotSupportedError).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import E_FAIL, E_NOINTERFACE, D3D11Error, NotSupportedError

SDKMESH_FILE_VERSION = 101
MAX_VERTEX_ELEMENTS = 32
MAX_VERTEX_STREAMS = 16
MAX_FRAME_NAME = MAX_MESH_NAME = MAX_SUBSET_NAME = MAX_MATERIAL_NAME = 100
MAX_PATH = 260
MAX_TEXTURE_NAME = MAX_MATERIAL_PATH = MAX_PATH
INVALID_FRAME = INVALID_MESH = INVALID_MATERIAL = INVALID_SUBSET = 0xFFFFFFFF
INVALID_ANIMATION_DATA = INVALID_SAMPLER_SLOT = 0xFFFFFFFF
#: DXUTERR_MEDIANOTFOUND (DXUT.h: MAKE_HRESULT(SEVERITY_ERROR, 0x901, 0x0C02))
DXUTERR_MEDIANOTFOUND = 0x89010C02

# SDKMESH_PRIMITIVE_TYPE (the C++ enum cast ``(SDKMESH_PRIMITIVE_TYPE)x`` is ``SDKMESH_PRIMITIVE_TYPE(x)``)
SDKMESH_PRIMITIVE_TYPE = int
(PT_TRIANGLE_LIST, PT_TRIANGLE_STRIP, PT_LINE_LIST, PT_LINE_STRIP, PT_POINT_LIST, PT_TRIANGLE_LIST_ADJ,
 PT_TRIANGLE_STRIP_ADJ, PT_LINE_LIST_ADJ, PT_LINE_STRIP_ADJ, PT_QUAD_PATCH_LIST, PT_TRIANGLE_PATCH_LIST) = range(11)
# SDKMESH_INDEX_TYPE
IT_16BIT, IT_32BIT = 0, 1
# FRAME_TRANSFORM_TYPE
FTT_RELATIVE, FTT_ABSOLUTE = 0, 1


class _ErrorResource:
    """DXUT's ERROR_RESOURCE_VALUE ((T)1): a material texture that failed to load."""

    def __repr__(self) -> str:
        return "ERROR_RESOURCE_VALUE"


ERROR_RESOURCE_VALUE = _ErrorResource()


def IsErrorResource(data: Any) -> bool:
    return data is ERROR_RESOURCE_VALUE


def _struct(fields: list[tuple[str, Any, int]], size: int) -> np.dtype:
    """A C structure as a numpy dtype with explicit offsets (the pack(8) layout, checked against its size)."""
    names = [f[0] for f in fields]
    formats = [f[1] for f in fields]
    offsets = [f[2] for f in fields]
    return np.dtype({"names": names, "formats": formats, "offsets": offsets, "itemsize": size})


u4, u8, f4 = np.dtype("<u4"), np.dtype("<u8"), np.dtype("<f4")

#: D3DVERTEXELEMENT9 (d3d9types.h): WORD Stream, WORD Offset, BYTE Type, Method, Usage, UsageIndex
D3DVERTEXELEMENT9 = np.dtype([("Stream", "<u2"), ("Offset", "<u2"), ("Type", "u1"), ("Method", "u1"),
                              ("Usage", "u1"), ("UsageIndex", "u1")])

SDKMESH_HEADER = _struct([
    ("Version", u4, 0), ("IsBigEndian", "u1", 4), ("HeaderSize", u8, 8), ("NonBufferDataSize", u8, 16),
    ("BufferDataSize", u8, 24), ("NumVertexBuffers", u4, 32), ("NumIndexBuffers", u4, 36), ("NumMeshes", u4, 40),
    ("NumTotalSubsets", u4, 44), ("NumFrames", u4, 48), ("NumMaterials", u4, 52),
    ("VertexStreamHeadersOffset", u8, 56), ("IndexStreamHeadersOffset", u8, 64), ("MeshDataOffset", u8, 72),
    ("SubsetDataOffset", u8, 80), ("FrameDataOffset", u8, 88), ("MaterialDataOffset", u8, 96)], 104)

SDKMESH_VERTEX_BUFFER_HEADER = _struct([
    ("NumVertices", u8, 0), ("SizeBytes", u8, 8), ("StrideBytes", u8, 16),
    ("Decl", (D3DVERTEXELEMENT9, MAX_VERTEX_ELEMENTS), 24), ("DataOffset", u8, 280)], 288)

SDKMESH_INDEX_BUFFER_HEADER = _struct([
    ("NumIndices", u8, 0), ("SizeBytes", u8, 8), ("IndexType", u4, 16), ("DataOffset", u8, 24)], 32)

SDKMESH_MESH = _struct([
    ("Name", f"S{MAX_MESH_NAME}", 0), ("NumVertexBuffers", "u1", 100), ("VertexBuffers", (u4, MAX_VERTEX_STREAMS), 104),
    ("IndexBuffer", u4, 168), ("NumSubsets", u4, 172), ("NumFrameInfluences", u4, 176),
    ("BoundingBoxCenter", (f4, 3), 180), ("BoundingBoxExtents", (f4, 3), 192), ("SubsetOffset", u8, 208),
    ("FrameInfluenceOffset", u8, 216)], 224)

SDKMESH_SUBSET = _struct([
    ("Name", f"S{MAX_SUBSET_NAME}", 0), ("MaterialID", u4, 100), ("PrimitiveType", u4, 104),
    ("IndexStart", u8, 112), ("IndexCount", u8, 120), ("VertexStart", u8, 128), ("VertexCount", u8, 136)], 144)

SDKMESH_FRAME = _struct([
    ("Name", f"S{MAX_FRAME_NAME}", 0), ("Mesh", u4, 100), ("ParentFrame", u4, 104), ("ChildFrame", u4, 108),
    ("SiblingFrame", u4, 112), ("Matrix", (f4, (4, 4)), 116), ("AnimationDataIndex", u4, 180)], 184)

SDKMESH_MATERIAL = _struct([
    ("Name", f"S{MAX_MATERIAL_NAME}", 0), ("MaterialInstancePath", f"S{MAX_MATERIAL_PATH}", 100),
    ("DiffuseTexture", f"S{MAX_TEXTURE_NAME}", 360), ("NormalTexture", f"S{MAX_TEXTURE_NAME}", 620),
    ("SpecularTexture", f"S{MAX_TEXTURE_NAME}", 880), ("Diffuse", (f4, 4), 1140), ("Ambient", (f4, 4), 1156),
    ("Specular", (f4, 4), 1172), ("Emissive", (f4, 4), 1188), ("Power", f4, 1204),
    ("Force64", (u8, 6), 1208)], 1256)

# D3DDECLTYPE -> DXGI_FORMAT (the D3D9 -> D3D10 format table of "Considerations: Direct3D 9 to 10"; DEC3N has
# no DXGI twin). Values: DXGI_FORMAT enum.
_DECLTYPE_FORMAT = {
    0: 41,   # FLOAT1 -> R32_FLOAT
    1: 16,   # FLOAT2 -> R32G32_FLOAT
    2: 6,    # FLOAT3 -> R32G32B32_FLOAT
    3: 2,    # FLOAT4 -> R32G32B32A32_FLOAT
    4: 87,   # D3DCOLOR -> B8G8R8A8_UNORM
    5: 30,   # UBYTE4 -> R8G8B8A8_UINT
    6: 38,   # SHORT2 -> R16G16_SINT
    7: 14,   # SHORT4 -> R16G16B16A16_SINT
    8: 28,   # UBYTE4N -> R8G8B8A8_UNORM
    9: 37,   # SHORT2N -> R16G16_SNORM
    10: 13,  # SHORT4N -> R16G16B16A16_SNORM
    11: 35,  # USHORT2N -> R16G16_UNORM
    12: 11,  # USHORT4N -> R16G16B16A16_UNORM
    13: 25,  # UDEC3 -> R10G10B10A2_UINT
    15: 34,  # FLOAT16_2 -> R16G16_FLOAT
    16: 10,  # FLOAT16_4 -> R16G16B16A16_FLOAT
}
D3DDECLTYPE_UNUSED = 17
# D3DDECLUSAGE -> the HLSL semantic of the same name
_DECLUSAGE_SEMANTIC = ("POSITION", "BLENDWEIGHT", "BLENDINDICES", "NORMAL", "PSIZE", "TEXCOORD", "TANGENT",
                       "BINORMAL", "TESSFACTOR", "POSITIONT", "COLOR", "FOG", "DEPTH", "SAMPLE")

# SDKMESH_PRIMITIVE_TYPE -> D3D11_PRIMITIVE_TOPOLOGY (CDXUTSDKMesh::GetPrimitiveType11: anything else, the
# two patch types included, stays TRIANGLELIST)
_PRIMITIVE_TOPOLOGY = {PT_TRIANGLE_LIST: 4, PT_TRIANGLE_STRIP: 5, PT_LINE_LIST: 2, PT_LINE_STRIP: 3,
                       PT_POINT_LIST: 1, PT_TRIANGLE_LIST_ADJ: 12, PT_TRIANGLE_STRIP_ADJ: 13,
                       PT_LINE_LIST_ADJ: 10, PT_LINE_STRIP_ADJ: 11}
_ADJACENT = {4: 12, 5: 13, 2: 10, 3: 11}


def GetPrimitiveType11(PrimType: int) -> int:
    """SDKMESH_PRIMITIVE_TYPE -> D3D11_PRIMITIVE_TOPOLOGY, as CDXUTSDKMesh::GetPrimitiveType11."""
    return _PRIMITIVE_TOPOLOGY.get(int(PrimType), 4)


def input_layout_from_decl(decl: np.ndarray) -> list[Any]:
    """D3D11_INPUT_ELEMENT_DESCs for a vertex buffer's D3DVERTEXELEMENT9 array (up to D3DDECL_END: stream 0xFF
    or type UNUSED). Per-vertex data, input slot = the element's stream."""
    from ..headers.d3d11_structs import D3D11_INPUT_ELEMENT_DESC  # lazy: parsing needs no D3D names

    out = []
    for e in decl:
        if int(e["Stream"]) == 0xFF or int(e["Type"]) == D3DDECLTYPE_UNUSED:
            break
        t, usage = int(e["Type"]), int(e["Usage"])
        if t not in _DECLTYPE_FORMAT:
            raise NotSupportedError(f"D3DDECLTYPE {t} (DEC3N has no DXGI format)", "input_layout_from_decl")
        if usage >= len(_DECLUSAGE_SEMANTIC):
            raise D3D11Error(E_FAIL, f"unknown D3DDECLUSAGE {usage}", "input_layout_from_decl")
        out.append(D3D11_INPUT_ELEMENT_DESC(_DECLUSAGE_SEMANTIC[usage], int(e["UsageIndex"]), _DECLTYPE_FORMAT[t],
                                            int(e["Stream"]), int(e["Offset"]), 0, 0))
    return out


@dataclass
class SDKMeshData:
    """A parsed .sdkmesh: the header and the arrays as structured numpy records, the raw vertex and index
    bytes of each buffer, and each mesh's subset and frame-influence index lists."""

    header: np.void
    vertex_buffers: np.ndarray
    index_buffers: np.ndarray
    meshes: np.ndarray
    subsets: np.ndarray
    frames: np.ndarray
    materials: np.ndarray
    vertices: list[bytes]
    indices: list[bytes]
    mesh_subsets: list[np.ndarray]
    mesh_influences: list[np.ndarray]


def _array(data: bytes, offset: int, dtype: np.dtype, count: int, what: str) -> np.ndarray:
    end = offset + dtype.itemsize * count
    if count and (offset < 0 or end > len(data)):
        raise D3D11Error(E_FAIL, f"{what} lies outside the file ({offset}..{end} of {len(data)} bytes)",
                         "CDXUTSDKMesh::Create")
    return np.frombuffer(data, dtype, count, offset).copy() if count else np.zeros(0, dtype)


def _bytes(data: bytes, offset: int, size: int, what: str) -> bytes:
    if offset + size > len(data):
        raise D3D11Error(E_FAIL, f"{what} lies outside the file ({offset}+{size} of {len(data)} bytes)",
                         "CDXUTSDKMesh::Create")
    return bytes(data[offset:offset + size])


def read_sdkmesh(data: bytes | bytearray | memoryview) -> SDKMeshData:
    """Parse an .sdkmesh image (CDXUTSDKMesh::CreateFromMemory's reading, without a device)."""
    data = bytes(data)
    if len(data) < SDKMESH_HEADER.itemsize:
        raise D3D11Error(E_FAIL, f"{len(data)} bytes is shorter than SDKMESH_HEADER", "CDXUTSDKMesh::Create")
    h = np.frombuffer(data, SDKMESH_HEADER, 1)[0]
    if int(h["HeaderSize"]) + int(h["NonBufferDataSize"]) > len(data):
        raise D3D11Error(E_FAIL, "the file is shorter than HeaderSize + NonBufferDataSize", "CDXUTSDKMesh::Create")
    if int(h["Version"]) != SDKMESH_FILE_VERSION:
        raise D3D11Error(E_NOINTERFACE, f"sdkmesh version {int(h['Version'])}, not {SDKMESH_FILE_VERSION}",
                         "CDXUTSDKMesh::Create")
    if h["IsBigEndian"]:
        raise NotSupportedError("big-endian .sdkmesh files", "CDXUTSDKMesh::Create")
    vbs = _array(data, int(h["VertexStreamHeadersOffset"]), SDKMESH_VERTEX_BUFFER_HEADER,
                 int(h["NumVertexBuffers"]), "the vertex buffer headers")
    ibs = _array(data, int(h["IndexStreamHeadersOffset"]), SDKMESH_INDEX_BUFFER_HEADER,
                 int(h["NumIndexBuffers"]), "the index buffer headers")
    meshes = _array(data, int(h["MeshDataOffset"]), SDKMESH_MESH, int(h["NumMeshes"]), "the meshes")
    subsets = _array(data, int(h["SubsetDataOffset"]), SDKMESH_SUBSET, int(h["NumTotalSubsets"]), "the subsets")
    frames = _array(data, int(h["FrameDataOffset"]), SDKMESH_FRAME, int(h["NumFrames"]), "the frames")
    materials = _array(data, int(h["MaterialDataOffset"]), SDKMESH_MATERIAL, int(h["NumMaterials"]),
                       "the materials")
    vertices = [_bytes(data, int(v["DataOffset"]), int(v["SizeBytes"]), f"vertex buffer {i}")
                for i, v in enumerate(vbs)]
    indices = [_bytes(data, int(b["DataOffset"]), int(b["SizeBytes"]), f"index buffer {i}")
               for i, b in enumerate(ibs)]
    mesh_subsets = [_array(data, int(m["SubsetOffset"]), u4, int(m["NumSubsets"]), f"mesh {i}'s subsets")
                    for i, m in enumerate(meshes)]
    mesh_influences = [_array(data, int(m["FrameInfluenceOffset"]), u4, int(m["NumFrameInfluences"]),
                              f"mesh {i}'s frame influences") for i, m in enumerate(meshes)]
    for i, m in enumerate(meshes):
        bad = [int(s) for s in mesh_subsets[i] if int(s) >= len(subsets)]
        if bad or int(m["IndexBuffer"]) >= max(len(ibs), 1) or int(m["NumVertexBuffers"]) > MAX_VERTEX_STREAMS or any(
                int(v) >= len(vbs) for v in m["VertexBuffers"][:int(m["NumVertexBuffers"])]):
            raise D3D11Error(E_FAIL, f"mesh {i} names a buffer or subset the file does not have",
                             "CDXUTSDKMesh::Create")
    return SDKMeshData(h, vbs, ibs, meshes, subsets, frames, materials, vertices, indices, mesh_subsets,
                       mesh_influences)


def _bounding_box(d: SDKMeshData, mesh: int) -> tuple[np.ndarray, np.ndarray]:
    """CreateFromMemory's box over the first vertex stream's float3 at offset 0 of each indexed vertex (the
    subsets' index ranges; VertexStart is not added, as in DXUT). Returns (center, extents)."""
    m = d.meshes[mesh]
    vb = d.vertex_buffers[int(m["VertexBuffers"][0])]
    stride = int(vb["StrideBytes"])
    raw = np.frombuffer(d.vertices[int(m["VertexBuffers"][0])], np.uint8)
    ib = d.index_buffers[int(m["IndexBuffer"])]
    idx = np.frombuffer(d.indices[int(m["IndexBuffer"])], "<u2" if int(ib["IndexType"]) == IT_16BIT else "<u4")
    lower = np.full(3, np.finfo(np.float32).max, np.float32)
    upper = -lower
    for s in d.mesh_subsets[mesh]:
        sub = d.subsets[int(s)]
        sel = idx[int(sub["IndexStart"]):int(sub["IndexStart"]) + int(sub["IndexCount"])].astype(np.int64)
        sel = sel[(sel + 1) * stride <= len(raw)] if stride else sel[:0]
        if len(sel):
            rows = raw[(sel[:, None] * stride + np.arange(12)[None, :])].copy().view("<f4").reshape(-1, 3)
            lower = np.minimum(lower, rows.min(0))
            upper = np.maximum(upper, rows.max(0))
    half = ((upper - lower) * np.float32(0.5)).astype(np.float32)
    return (lower + half).astype(np.float32), half


class CDXUTSDKMesh:
    """DXUT's SDK mesh class (SDKmesh.h) over pyd3d11: buffers, materials, frames and rendering."""

    def __init__(self) -> None:
        self.data: SDKMeshData | None = None
        self.m_strPath = ""
        self._vb11: list[Any] = []
        self._ib11: list[Any] = []
        self._materials: list[SDKMaterial] = []
        self.m_pBindPoseFrameMatrices: np.ndarray | None = None

    # --- creation -------------------------------------------------------------------------------------
    def Create(self, pDev11: Any, szFileName: str | Path | bytes | bytearray | memoryview,
               bCopyStatic: bool = False) -> None:
        """Create(device, file name) or Create(device, file bytes): CreateFromFile / CreateFromMemory. A file name
        is found through DXUTFindDXSDKMediaFileCch when examples' DXUT module set a media path; textures are
        looked for in the mesh file's folder."""
        if isinstance(szFileName, (bytes, bytearray, memoryview)):
            self.m_strPath = ""
            self._create_from_memory(pDev11, bytes(szFileName))
            return
        path = _find_media(str(szFileName))
        if path is None:
            raise D3D11Error(DXUTERR_MEDIANOTFOUND, f"{szFileName} not found", "CDXUTSDKMesh::Create")
        self.m_strPath = str(path.parent)
        self._create_from_memory(pDev11, path.read_bytes())

    def _create_from_memory(self, dev: Any, raw: bytes) -> None:
        from ..d3d11 import (
            D3D11_BIND_INDEX_BUFFER,
            D3D11_BIND_VERTEX_BUFFER,
            D3D11_BUFFER_DESC,
            D3D11_SUBRESOURCE_DATA,
            D3D11_USAGE_DEFAULT,
        )

        d = read_sdkmesh(raw)
        self.data = d
        self._vb11, self._ib11 = [], []
        if dev is not None:
            for hdr, blob, bind in [(v, b, D3D11_BIND_VERTEX_BUFFER) for v, b in zip(d.vertex_buffers, d.vertices)] + \
                                   [(i, b, D3D11_BIND_INDEX_BUFFER) for i, b in zip(d.index_buffers, d.indices)]:
                desc = D3D11_BUFFER_DESC(ByteWidth=int(hdr["SizeBytes"]), Usage=D3D11_USAGE_DEFAULT, BindFlags=bind)
                buf = dev.CreateBuffer(desc, D3D11_SUBRESOURCE_DATA(np.frombuffer(blob, np.uint8)))
                (self._vb11 if bind == D3D11_BIND_VERTEX_BUFFER else self._ib11).append(buf)
        self._materials = [SDKMaterial(m) for m in d.materials]
        if dev is not None:
            for mat in self._materials:
                mat.load(dev, self.m_strPath)
        for i in range(len(d.meshes)):
            if len(d.mesh_subsets[i]):
                center, extents = _bounding_box(d, i)
                d.meshes[i]["BoundingBoxCenter"] = center
                d.meshes[i]["BoundingBoxExtents"] = extents
        self.m_pBindPoseFrameMatrices = np.zeros((len(d.frames), 4, 4), np.float32)

    def Destroy(self) -> None:
        self.__init__()

    # --- accessors (SDKmesh.h) ---------------------------------------------------------------------------
    def _d(self) -> SDKMeshData:
        if self.data is None:
            raise D3D11Error(E_FAIL, "the mesh was not created", "CDXUTSDKMesh")
        return self.data

    def GetNumMeshes(self) -> int:
        return len(self._d().meshes) if self.data is not None else 0

    def GetNumMaterials(self) -> int:
        return len(self._d().materials) if self.data is not None else 0

    def GetNumVBs(self) -> int:
        return len(self._d().vertex_buffers)

    def GetNumIBs(self) -> int:
        return len(self._d().index_buffers)

    def GetNumFrames(self) -> int:
        return len(self._d().frames)

    def GetMesh(self, iMesh: int) -> np.void:
        return self._d().meshes[iMesh]

    def GetNumSubsets(self, iMesh: int) -> int:
        return int(self._d().meshes[iMesh]["NumSubsets"])

    def GetSubset(self, iMesh: int, iSubset: int) -> np.void:
        d = self._d()
        return d.subsets[int(d.mesh_subsets[iMesh][iSubset])]

    def GetMaterial(self, iMaterial: int) -> SDKMaterial:
        return self._materials[iMaterial]

    def GetFrame(self, iFrame: int) -> np.void:
        return self._d().frames[iFrame]

    def GetVB11(self, iMesh: int, iVB: int) -> Any:
        return self._vb11[int(self._d().meshes[iMesh]["VertexBuffers"][iVB])]

    def GetIB11(self, iMesh: int) -> Any:
        return self._ib11[int(self._d().meshes[iMesh]["IndexBuffer"])]

    def GetVertexStride(self, iMesh: int, iVB: int) -> int:
        d = self._d()
        return int(d.vertex_buffers[int(d.meshes[iMesh]["VertexBuffers"][iVB])]["StrideBytes"])

    def GetNumVertices(self, iMesh: int, iVB: int) -> int:
        d = self._d()
        return int(d.vertex_buffers[int(d.meshes[iMesh]["VertexBuffers"][iVB])]["NumVertices"])

    def GetNumIndices(self, iMesh: int) -> int:
        d = self._d()
        return int(d.index_buffers[int(d.meshes[iMesh]["IndexBuffer"])]["NumIndices"])

    def GetIndexType(self, iMesh: int) -> int:
        d = self._d()
        return int(d.index_buffers[int(d.meshes[iMesh]["IndexBuffer"])]["IndexType"])

    def GetIBFormat11(self, iMesh: int) -> int:
        """DXGI_FORMAT_R32_UINT (42) for IT_32BIT, else R16_UINT (57)."""
        return 42 if self.GetIndexType(iMesh) == IT_32BIT else 57

    def GetVBBufferDecl(self, iMesh: int, iVB: int) -> np.ndarray:
        d = self._d()
        return d.vertex_buffers[int(d.meshes[iMesh]["VertexBuffers"][iVB])]["Decl"]

    def GetRawVerticesAt(self, iVB: int) -> bytes:
        return self._d().vertices[iVB]

    def GetRawIndicesAt(self, iIB: int) -> bytes:
        return self._d().indices[iIB]

    def GetMeshBBoxCenter(self, iMesh: int) -> np.ndarray:
        return np.array(self._d().meshes[iMesh]["BoundingBoxCenter"], np.float32)

    def GetMeshBBoxExtents(self, iMesh: int) -> np.ndarray:
        return np.array(self._d().meshes[iMesh]["BoundingBoxExtents"], np.float32)

    GetPrimitiveType11 = staticmethod(GetPrimitiveType11)

    # --- frames ---------------------------------------------------------------------------------------------
    def TransformBindPose(self, world: Any) -> None:
        """Bind-pose world matrices of every frame: frame matrix times the parent's, siblings sharing the parent
        (CDXUTSDKMesh::TransformBindPoseFrame from frame 0; row vectors, DirectXMath's XMMatrixMultiply)."""
        d = self._d()
        if not len(d.frames):
            return
        stack = [(0, np.asarray(world, np.float32).reshape(4, 4))]
        seen = set()
        while stack:
            i, parent = stack.pop()
            if i == INVALID_FRAME or i in seen or i >= len(d.frames):
                continue
            seen.add(i)
            local = (d.frames[i]["Matrix"].astype(np.float32) @ parent).astype(np.float32)
            self.m_pBindPoseFrameMatrices[i] = local
            stack.append((int(d.frames[i]["SiblingFrame"]), parent))
            stack.append((int(d.frames[i]["ChildFrame"]), local))

    def GetBindPoseFrameMatrix(self, iFrame: int) -> np.ndarray:
        return self.m_pBindPoseFrameMatrices[iFrame]

    # --- rendering ------------------------------------------------------------------------------------------
    def Render(self, pd3dDeviceContext: Any, iDiffuseSlot: int = INVALID_SAMPLER_SLOT,
               iNormalSlot: int = INVALID_SAMPLER_SLOT, iSpecularSlot: int = INVALID_SAMPLER_SLOT) -> None:
        self.RenderFrame(0, False, pd3dDeviceContext, iDiffuseSlot, iNormalSlot, iSpecularSlot)

    def RenderAdjacent(self, pd3dDeviceContext: Any, iDiffuseSlot: int = INVALID_SAMPLER_SLOT,
                       iNormalSlot: int = INVALID_SAMPLER_SLOT, iSpecularSlot: int = INVALID_SAMPLER_SLOT) -> None:
        raise NotSupportedError("CDXUTSDKMesh adjacency index buffers (LoadAdjacent)", "CDXUTSDKMesh::RenderAdjacent")

    def RenderFrame(self, iFrame: int, bAdjacent: bool, ctx: Any, iDiffuseSlot: int, iNormalSlot: int,
                    iSpecularSlot: int) -> None:
        """The frame's mesh, then its children, then its siblings (SDKmesh.cpp's order)."""
        d = self.data
        if d is None or not len(d.frames):
            return
        stack, seen = [iFrame], set()
        while stack:
            i = stack.pop()
            if i == INVALID_FRAME or i in seen or i >= len(d.frames):
                continue
            seen.add(i)
            f = d.frames[i]
            if int(f["Mesh"]) != INVALID_MESH:
                self.RenderMesh(int(f["Mesh"]), bAdjacent, ctx, iDiffuseSlot, iNormalSlot, iSpecularSlot)
            stack.append(int(f["SiblingFrame"]))  # popped after the children
            stack.append(int(f["ChildFrame"]))

    def RenderMesh(self, iMesh: int, bAdjacent: bool, ctx: Any, iDiffuseSlot: int = INVALID_SAMPLER_SLOT,
                   iNormalSlot: int = INVALID_SAMPLER_SLOT, iSpecularSlot: int = INVALID_SAMPLER_SLOT) -> None:
        """Bind the mesh's vertex buffers (offsets 0) and index buffer, then per subset: its topology, the
        material's diffuse/normal/specular views at the given PS slots (unless INVALID_SAMPLER_SLOT or a failed
        load) and DrawIndexed(IndexCount, IndexStart, VertexStart)."""
        if bAdjacent:
            raise NotSupportedError("CDXUTSDKMesh adjacency index buffers (LoadAdjacent)", "CDXUTSDKMesh::RenderMesh")
        d = self._d()
        m = d.meshes[iMesh]
        n = int(m["NumVertexBuffers"])
        if n > MAX_VERTEX_STREAMS:
            return
        vbs = [self._vb11[int(m["VertexBuffers"][i])] for i in range(n)]
        strides = [int(d.vertex_buffers[int(m["VertexBuffers"][i])]["StrideBytes"]) for i in range(n)]
        ctx.IASetVertexBuffers(0, n, vbs, strides, [0] * n)
        ctx.IASetIndexBuffer(self.GetIB11(iMesh), self.GetIBFormat11(iMesh), 0)
        for s in d.mesh_subsets[iMesh]:
            sub = d.subsets[int(s)]
            ctx.IASetPrimitiveTopology(GetPrimitiveType11(int(sub["PrimitiveType"])))
            mat = self._materials[int(sub["MaterialID"])]
            for slot, view in ((iDiffuseSlot, mat.pDiffuseRV11), (iNormalSlot, mat.pNormalRV11),
                               (iSpecularSlot, mat.pSpecularRV11)):
                if slot != INVALID_SAMPLER_SLOT and not IsErrorResource(view):
                    ctx.PSSetShaderResources(slot, 1, [view])
            ctx.DrawIndexed(int(sub["IndexCount"]), int(sub["IndexStart"]), int(sub["VertexStart"]))


class SDKMaterial:
    """An SDKMESH_MATERIAL with its loaded views (pDiffuseRV11, pNormalRV11, pSpecularRV11: a view, None when
    the name is empty, ERROR_RESOURCE_VALUE when loading failed) and the record's fields as attributes."""

    def __init__(self, rec: np.void) -> None:
        self.record = rec
        self.Name = _text(rec["Name"])
        self.MaterialInstancePath = _text(rec["MaterialInstancePath"])
        self.DiffuseTexture = _text(rec["DiffuseTexture"])
        self.NormalTexture = _text(rec["NormalTexture"])
        self.SpecularTexture = _text(rec["SpecularTexture"])
        self.Diffuse, self.Ambient = np.array(rec["Diffuse"]), np.array(rec["Ambient"])
        self.Specular, self.Emissive = np.array(rec["Specular"]), np.array(rec["Emissive"])
        self.Power = float(rec["Power"])
        self.pDiffuseRV11: Any = None
        self.pNormalRV11: Any = None
        self.pSpecularRV11: Any = None

    def load(self, dev: Any, folder: str) -> None:
        """CDXUTSDKMesh::LoadMaterials without callbacks: each named texture from the mesh's folder, the diffuse
        one as sRGB (DXUT's resource cache: DDS by extension through CreateDDSTextureFromFileEx, else WIC)."""
        self.pDiffuseRV11 = _load_texture(dev, folder, self.DiffuseTexture, True)
        self.pNormalRV11 = _load_texture(dev, folder, self.NormalTexture, False)
        self.pSpecularRV11 = _load_texture(dev, folder, self.SpecularTexture, False)


def _text(b: bytes) -> str:
    return bytes(b).split(b"\0", 1)[0].decode("latin-1")


def _load_texture(dev: Any, folder: str, name: str, srgb: bool) -> Any:
    if not name:
        return None
    from .dds_loader import DDS_LOADER_DEFAULT, DDS_LOADER_FORCE_SRGB, CreateDDSTextureFromFileEx
    from .wic_loader import WIC_LOADER_DEFAULT, WIC_LOADER_FORCE_SRGB, CreateWICTextureFromFileEx

    path = find_file(Path(folder), name) or Path(folder) / name.replace("\\", "/")
    try:
        if path.suffix.lower() == ".dds":
            _, view = CreateDDSTextureFromFileEx(dev, str(path), 0, 0, 0x8, 0, 0,
                                                 DDS_LOADER_FORCE_SRGB if srgb else DDS_LOADER_DEFAULT)
        else:
            _, view = CreateWICTextureFromFileEx(dev, str(path), 0, 0, 0x8, 0, 0,
                                                 WIC_LOADER_FORCE_SRGB if srgb else WIC_LOADER_DEFAULT)
        return view
    except (D3D11Error, OSError):
        return ERROR_RESOURCE_VALUE


_media_path: list[Path] = []


def set_media_search_path(*folders: str | Path) -> None:
    """Folders DXUTFindDXSDKMediaFileCch searches (examples/samples/dxut.py sets them)."""
    _media_path[:] = [Path(f) for f in folders]


def find_file(folder: Path, rel: str | Path) -> Path | None:
    """``folder / rel`` matched component by component without regard to case, as on Windows' file systems
    (the samples name ``misc\\Particle.dds`` for ``Media/Misc``); '\\' separators accepted."""
    parts = Path(str(rel).replace("\\", "/")).parts
    cur = Path(folder)
    for i, part in enumerate(parts):
        nxt = cur / part
        if not nxt.exists():
            try:
                match = next((c for c in cur.iterdir() if c.name.lower() == part.lower()), None)
            except OSError:
                return None
            if match is None:
                return None
            nxt = match
        cur = nxt
        if i < len(parts) - 1 and not cur.is_dir():
            return None
    return cur if cur.is_file() else None


def _find_media(name: str) -> Path | None:
    rel = Path(name.replace("\\", "/"))
    if rel.is_absolute() or not _media_path:
        return rel if rel.is_file() else None
    for folder in _media_path:
        found = find_file(folder, rel)
        if found is not None:
            return found
    return rel if rel.is_file() else None


__all__ = [n for n in dir() if n.isupper() or n.startswith(("CDXUT", "SDKMESH", "D3DVERTEX", "IsError", "PT_",
                                                               "IT_", "FTT_", "GetPrimitive", "read_sdkmesh",
                                                               "input_layout", "SDKM", "set_media"))]
