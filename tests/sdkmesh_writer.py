"""An independent .sdkmesh writer for tests: the structures of DXUT's SDKmesh.h (version 101, #pragma pack(8))
packed field by field with ``struct`` from the C declarations — not from pyd3d11.dxtk.sdkmesh's tables.

Sizes by the C rules (pack 8, natural alignment): SDKMESH_HEADER 104, SDKMESH_VERTEX_BUFFER_HEADER 288,
SDKMESH_INDEX_BUFFER_HEADER 32, SDKMESH_MESH 224, SDKMESH_SUBSET 144, SDKMESH_FRAME 184, SDKMESH_MATERIAL 1256."""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

import numpy as np

INVALID = 0xFFFFFFFF


@dataclass
class VB:
    data: bytes
    stride: int
    decl: list[tuple[int, int, int, int, int, int]]  # (Stream, Offset, Type, Method, Usage, UsageIndex)


@dataclass
class IB:
    data: bytes
    index_type: int  # 0 = 16-bit, 1 = 32-bit


@dataclass
class Mesh:
    name: str
    vbs: list[int]
    ib: int
    subsets: list[int]
    influences: list[int] = field(default_factory=list)


@dataclass
class Subset:
    name: str
    material: int
    prim: int
    index_start: int
    index_count: int
    vertex_start: int
    vertex_count: int


@dataclass
class Frame:
    name: str
    mesh: int
    parent: int
    child: int
    sibling: int
    matrix: np.ndarray
    anim: int = INVALID


@dataclass
class Material:
    name: str
    diffuse: str = ""
    normal: str = ""
    specular: str = ""
    colours: tuple = ((1, 1, 1, 1), (0, 0, 0, 1), (1, 1, 1, 1), (0, 0, 0, 1))
    power: float = 1.0


def _name(s: str, n: int) -> bytes:
    b = s.encode("latin-1")
    return b + b"\0" * (n - len(b))


def _decl(elems: list[tuple[int, ...]]) -> bytes:
    out = b"".join(struct.pack("<HHBBBB", *e) for e in elems)
    out += struct.pack("<HHBBBB", 0xFF, 0, 17, 0, 0, 0)  # D3DDECL_END
    rest = 32 - len(elems) - 1
    return out + struct.pack("<HHBBBB", 0, 0, 0, 0, 0, 0) * rest


def write(vbs: list[VB], ibs: list[IB], meshes: list[Mesh], subsets: list[Subset], frames: list[Frame],
          materials: list[Material], version: int = 101) -> bytes:
    """The file image: header, the six arrays, the per-mesh subset and influence lists, then the buffers."""
    off_vb = 104
    off_ib = off_vb + 288 * len(vbs)
    off_mesh = off_ib + 32 * len(ibs)
    off_sub = off_mesh + 224 * len(meshes)
    off_frame = off_sub + 144 * len(subsets)
    off_mat = off_frame + 184 * len(frames)
    header_size = off_mesh  # DXUT files: the header and the buffer headers
    lists_at = off_mat + 1256 * len(materials)
    lists = b""
    mesh_list_offsets = []
    for m in meshes:
        so = lists_at + len(lists)
        lists += struct.pack(f"<{len(m.subsets)}I", *m.subsets)
        fo = lists_at + len(lists)
        lists += struct.pack(f"<{len(m.influences)}I", *m.influences)
        mesh_list_offsets.append((so, fo))
    non_buffer = lists_at + len(lists) - header_size
    buf_at = header_size + non_buffer
    blobs, data_offsets = b"", []
    for b in [v.data for v in vbs] + [i.data for i in ibs]:
        data_offsets.append(buf_at + len(blobs))
        blobs += b
        blobs += b"\0" * (-len(blobs) % 16)
    out = struct.pack("<IB3xQQQIIIIIIQQQQQQ", version, 0, header_size, non_buffer, len(blobs), len(vbs), len(ibs),
                      len(meshes), len(subsets), len(frames), len(materials), off_vb, off_ib, off_mesh, off_sub,
                      off_frame, off_mat)
    assert len(out) == 104
    for k, v in enumerate(vbs):
        rec = struct.pack("<QQQ", len(v.data) // v.stride, len(v.data), v.stride) + _decl(v.decl) + \
            struct.pack("<Q", data_offsets[k])
        assert len(rec) == 288
        out += rec
    for k, ib in enumerate(ibs):
        n = len(ib.data) // (2 if ib.index_type == 0 else 4)
        rec = struct.pack("<QQI4xQ", n, len(ib.data), ib.index_type, data_offsets[len(vbs) + k])
        assert len(rec) == 32
        out += rec
    for m, (so, fo) in zip(meshes, mesh_list_offsets):
        vb16 = list(m.vbs) + [0] * (16 - len(m.vbs))
        rec = _name(m.name, 100) + struct.pack("<B3x16IIII3f3f4xQQ", len(m.vbs), *vb16, m.ib, len(m.subsets),
                                               len(m.influences), 0, 0, 0, 0, 0, 0, so, fo)
        assert len(rec) == 224, len(rec)
        out += rec
    for s in subsets:
        rec = _name(s.name, 100) + struct.pack("<II4xQQQQ", s.material, s.prim, s.index_start, s.index_count,
                                               s.vertex_start, s.vertex_count)
        assert len(rec) == 144
        out += rec
    for f in frames:
        rec = _name(f.name, 100) + struct.pack("<IIII16fI", f.mesh, f.parent, f.child, f.sibling,
                                               *np.asarray(f.matrix, np.float32).reshape(16), f.anim)
        assert len(rec) == 184
        out += rec
    for m in materials:
        rec = _name(m.name, 100) + _name("", 260) + _name(m.diffuse, 260) + _name(m.normal, 260) + \
            _name(m.specular, 260) + struct.pack("<16ff", *[c for col in m.colours for c in col], m.power) + \
            struct.pack("<6Q", 0, 0, 0, 0, 0, 0)
        assert len(rec) == 1256, len(rec)
        out += rec
    out += lists
    assert len(out) == buf_at
    return out + blobs


def single_mesh(vertices: np.ndarray, indices: np.ndarray, decl: list[tuple[int, ...]], diffuse: str = "",
                name: str = "mesh") -> bytes:
    """One vertex buffer, one index buffer (16-bit when the indices fit), one mesh of one triangle-list subset
    with material 0, one frame holding the mesh with an identity matrix."""
    idx_type = 0 if indices.max() < 0xFFFF else 1
    idx = indices.astype("<u2" if idx_type == 0 else "<u4").tobytes()
    return write([VB(vertices.tobytes(), vertices.dtype.itemsize, decl)], [IB(idx, idx_type)],
                 [Mesh(name, [0], 0, [0])], [Subset("subset", 0, 0, 0, len(indices), 0, len(vertices))],
                 [Frame("root", 0, INVALID, INVALID, INVALID, np.eye(4))], [Material("material", diffuse)])


#: the declaration of struct { float3 Pos; float3 Norm; float2 Tex; } (the layout the SDK tutorials declare)
POS_NORM_TEX = [(0, 0, 2, 0, 0, 0), (0, 12, 2, 0, 3, 0), (0, 24, 1, 0, 5, 0)]
