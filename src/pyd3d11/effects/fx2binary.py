"""The ``fx_2_0`` (Direct3D 9 effect) binary: a writer for :mod:`.fx2compile` and a reader for tests.

Layout facts (from the public source of Wine's d3dx9 effect parser and vkd3d-shader's fx writer; no code
taken from either): a DWORD tag ``0xFEFF0901``, a DWORD ``size`` of the unstructured data block that
follows, the data block (type definitions, names, values; every offset in the file is relative to its
start), then the structured part: parameter count, technique count, a reserved DWORD, the object count,
each top-level parameter (type offset, value offset, flags, annotation count, the annotations' type/value
offset pairs), each technique (name offset, annotation count, pass count, annotations, passes: name
offset, annotation count, state count, annotations, states as operation/index/type offset/value offset),
and last the string table (string count, resource count, then per string its object id, byte length and
the NUL-terminated bytes padded to four).

A type definition is ``type, class, name offset, semantic offset, element count`` followed by
``columns, rows`` for numeric classes or ``member count`` and the members' definitions for structs.
Names are a DWORD length (with the NUL) and the bytes, padded to four. Object values (strings, textures,
samplers, shaders) are one object id per element; ids count from 1.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

FX2_TAG = 0xFEFF0901

#: D3DXPARAMETER_CLASS
D3DXPC_SCALAR, D3DXPC_VECTOR, D3DXPC_MATRIX_ROWS, D3DXPC_MATRIX_COLUMNS, D3DXPC_OBJECT, D3DXPC_STRUCT = range(6)
#: D3DXPARAMETER_TYPE, in the d3dx9shader.h order
D3DXPT = {name: i for i, name in enumerate((
    "VOID", "BOOL", "INT", "FLOAT", "STRING", "TEXTURE", "TEXTURE1D", "TEXTURE2D", "TEXTURE3D", "TEXTURECUBE",
    "SAMPLER", "SAMPLER1D", "SAMPLER2D", "SAMPLER3D", "SAMPLERCUBE", "PIXELSHADER", "VERTEXSHADER",
    "PIXELFRAGMENT", "VERTEXFRAGMENT", "UNSUPPORTED"))}
#: D3DX_PARAMETER_SHARED: the parameter is shared between effects of a pool ("shared" modifier)
D3DX_PARAMETER_SHARED = 1


@dataclass
class Fx2Type:
    """One type definition (D3DXPARAMETER_DESC's class/type/rows/columns/elements/members)."""

    ptype: int
    pclass: int
    name: str = ""
    semantic: str = ""
    elements: int = 0
    rows: int = 0
    cols: int = 0
    members: list[Fx2Type] = field(default_factory=list)

    def scalars(self) -> int:
        """Scalar slots of one element (numeric values are stored unpadded, four bytes each)."""
        if self.pclass == D3DXPC_STRUCT:
            return sum(m.scalars() * max(1, m.elements) for m in self.members)
        if self.pclass == D3DXPC_OBJECT:
            return 1
        return self.rows * self.cols


@dataclass
class Fx2Param:
    """A parameter or annotation: its type and its value bytes (object ids for object classes)."""

    type: Fx2Type
    value: bytes
    flags: int = 0
    annotations: list[Fx2Param] = field(default_factory=list)
    #: sampler parameters: per element, the sampler_state block's states (stored in place of a value)
    sampler_states: list[list[Fx2State]] | None = None


@dataclass
class Fx2State:
    """A state assignment: the state's operation number, its index and its value (as a parameter)."""

    operation: int
    index: int
    value: Fx2Param


@dataclass
class Fx2Resource:
    """Data a state refers to, after the string table: the state is named by technique, pass (or parameter
    and element when ``technique`` is 0xFFFFFFFF: a sampler_state block) and state index; ``usage`` 0 holds
    shader bytecode, 1 the NUL-terminated name of the parameter the state takes its value from."""

    technique: int
    index: int
    element: int
    state: int
    usage: int
    data: bytes


@dataclass
class Fx2Pass:
    name: str | None
    annotations: list[Fx2Param] = field(default_factory=list)
    states: list[Fx2State] = field(default_factory=list)


@dataclass
class Fx2Technique:
    name: str | None
    annotations: list[Fx2Param] = field(default_factory=list)
    passes: list[Fx2Pass] = field(default_factory=list)


@dataclass
class Fx2Effect:
    parameters: list[Fx2Param] = field(default_factory=list)
    techniques: list[Fx2Technique] = field(default_factory=list)
    #: object id -> string value (string parameters and annotations)
    strings: dict[int, str] = field(default_factory=dict)
    object_count: int = 1
    resources: list[Fx2Resource] = field(default_factory=list)
    #: object id -> shader bytecode of shader parameters' initial values (``VertexShader v = compile …;``);
    #: the object section holds them beside the strings
    blobs: dict[int, bytes] = field(default_factory=dict)


class _Writer:
    def __init__(self) -> None:
        self.data = bytearray(b"\0\0\0\0")  # offset 0 stays unused: no record starts there

    def u32(self, *vals: int) -> int:
        at = len(self.data)
        for v in vals:
            self.data += struct.pack("<I", v & 0xFFFFFFFF)
        return at

    def name(self, s: str | None) -> int:
        if not s:
            return self.u32(0)
        raw = s.encode() + b"\0"
        at = self.u32(len(raw))
        self.data += raw + b"\0" * (-len(raw) % 4)
        return at

    def typedef(self, t: Fx2Type) -> int:
        # a struct's member definitions follow it inline: every name of the tree is written first
        names: dict[int, tuple[int, int]] = {}
        self._names(t, names)
        at = len(self.data)
        self._inline(t, names)
        return at

    def _names(self, t: Fx2Type, names: dict[int, tuple[int, int]]) -> None:
        names[id(t)] = (self.name(t.name), self.name(t.semantic))
        for m in t.members:
            self._names(m, names)

    def _inline(self, t: Fx2Type, names: dict[int, tuple[int, int]]) -> None:
        self.u32(t.ptype, t.pclass, *names[id(t)], t.elements)
        if t.pclass == D3DXPC_STRUCT:
            self.u32(len(t.members))
            for m in t.members:
                self._inline(m, names)
        elif t.pclass != D3DXPC_OBJECT:
            self.u32(t.cols, t.rows)

    def value(self, raw: bytes) -> int:
        at = len(self.data)
        self.data += raw + b"\0" * (-len(raw) % 4)
        return at


def write_fx2(eff: Fx2Effect) -> bytes:
    """The effect's ``fx_2_0`` binary."""
    w = _Writer()
    tail = bytearray()

    def put(*vals: int) -> None:
        for v in vals:
            tail.extend(struct.pack("<I", v & 0xFFFFFFFF))

    def param(p: Fx2Param) -> None:
        if p.sampler_states is None:
            put(w.typedef(p.type), w.value(p.value))
            return
        t = w.typedef(p.type)
        # the states' own type/value records go first: the sampler's value is then one contiguous run
        recs = [[(s.operation, s.index, w.typedef(s.value.type), w.value(s.value.value)) for s in block]
                for block in p.sampler_states]
        at = len(w.data)
        for block in recs:
            w.u32(len(block))
            for rec in block:
                w.u32(*rec)
        put(t, at)

    for p in eff.parameters:
        param(p)
        put(p.flags, len(p.annotations))
        for a in p.annotations:
            param(a)
    tail_params, tail = tail, bytearray()
    for t in eff.techniques:
        put(w.name(t.name), len(t.annotations), len(t.passes))
        for a in t.annotations:
            param(a)
        for ps in t.passes:
            put(w.name(ps.name), len(ps.annotations), len(ps.states))
            for a in ps.annotations:
                param(a)
            for s in ps.states:
                put(s.operation, s.index)
                param(s.value)
    techs, tail = tail, bytearray()
    put(len(eff.strings) + len(eff.blobs), len(eff.resources))
    objects = {oid: s.encode() + b"\0" for oid, s in eff.strings.items()} | eff.blobs
    for oid, raw in sorted(objects.items()):
        put(oid, len(raw))
        tail.extend(raw + b"\0" * (-len(raw) % 4))
    for r in eff.resources:
        put(r.technique, r.index, r.element, r.state, r.usage, len(r.data))
        tail.extend(r.data + b"\0" * (-len(r.data) % 4))
    head = struct.pack("<IIII", len(eff.parameters), len(eff.techniques), 0, eff.object_count)
    return struct.pack("<II", FX2_TAG, len(w.data)) + bytes(w.data) + head + bytes(tail_params) + bytes(techs) \
        + bytes(tail)


# --- reader -------------------------------------------------------------------------------------------------
def _value_size(t: Fx2Type) -> int:
    return 4 * t.scalars() * max(1, t.elements)


class _Reader:
    def __init__(self, blob: bytes) -> None:
        tag, size = struct.unpack_from("<II", blob, 0)
        if tag != FX2_TAG:
            raise ValueError(f"not an fx_2_0 effect (tag 0x{tag:08X})")
        self.data = blob[8:8 + size]
        self.blob, self.pos = blob, 8 + size

    def u32(self) -> int:
        v = struct.unpack_from("<I", self.blob, self.pos)[0]
        self.pos += 4
        return v

    def name(self, off: int) -> str:
        n = struct.unpack_from("<I", self.data, off)[0]
        return self.data[off + 4:off + 4 + n].rstrip(b"\0").decode() if n else ""

    def typedef(self, off: int) -> tuple[Fx2Type, int]:
        ptype, pclass, name, sem, elements = struct.unpack_from("<5I", self.data, off)
        t = Fx2Type(ptype, pclass, self.name(name) if name else "", self.name(sem) if sem else "", elements)
        off += 20
        if pclass == D3DXPC_STRUCT:
            n = struct.unpack_from("<I", self.data, off)[0]
            off += 4
            for _ in range(n):
                m, off = self.typedef(off)
                t.members.append(m)
        elif pclass != D3DXPC_OBJECT:
            t.cols, t.rows = struct.unpack_from("<II", self.data, off)
            off += 8
        return t, off

    def param(self, parameter: bool = False) -> Fx2Param:
        toff, voff = self.u32(), self.u32()
        return self.param_at(toff, voff, parameter)

    def param_at(self, toff: int, voff: int, parameter: bool = False) -> Fx2Param:
        """A parameter's sampler value is its sampler_state blocks; a state's sampler value is an object id."""
        t = self.typedef(toff)[0]
        if parameter and t.pclass == D3DXPC_OBJECT and D3DXPT["SAMPLER"] <= t.ptype <= D3DXPT["SAMPLERCUBE"]:
            blocks = []
            for _ in range(max(1, t.elements)):
                n = struct.unpack_from("<I", self.data, voff)[0]
                block = []
                for i in range(n):
                    op, idx, st, sv = struct.unpack_from("<4I", self.data, voff + 4 + 16 * i)
                    block.append(Fx2State(op, idx, self.param_at(st, sv)))
                blocks.append(block)
                voff += 4 + 16 * n
            return Fx2Param(t, b"", sampler_states=blocks)
        return Fx2Param(t, bytes(self.data[voff:voff + _value_size(t)]))


def read_fx2(blob: bytes) -> Fx2Effect:
    """Parse an ``fx_2_0`` binary back into :class:`Fx2Effect` (tests and reflection)."""
    r = _Reader(blob)
    nparams, ntechs, _reserved, nobjects = (r.u32() for _ in range(4))
    eff = Fx2Effect(object_count=nobjects)
    for _ in range(nparams):
        p = r.param(parameter=True)
        p.flags, na = r.u32(), r.u32()
        p.annotations = [r.param() for _ in range(na)]
        eff.parameters.append(p)
    for _ in range(ntechs):
        name, na, npasses = r.u32(), r.u32(), r.u32()
        t = Fx2Technique(r.name(name) or None, [r.param() for _ in range(na)])
        for _ in range(npasses):
            pname, pa, ns = r.u32(), r.u32(), r.u32()
            ps = Fx2Pass(r.name(pname) or None, [r.param() for _ in range(pa)])
            for _ in range(ns):
                op, idx = r.u32(), r.u32()
                ps.states.append(Fx2State(op, idx, r.param()))
            t.passes.append(ps)
        eff.techniques.append(t)
    nstrings, nres = r.u32(), r.u32()
    shader_ids = set()
    for p in eff.parameters:
        if p.type.pclass == D3DXPC_OBJECT and p.type.ptype in (D3DXPT["VERTEXSHADER"], D3DXPT["PIXELSHADER"]):
            shader_ids.update(struct.unpack(f"<{len(p.value) // 4}I", p.value))
    for _ in range(nstrings):
        oid, n = r.u32(), r.u32()
        raw = bytes(r.blob[r.pos:r.pos + n])
        if oid in shader_ids or n == 0:  # shader bytecode, or a texture parameter's object (no data)
            eff.blobs[oid] = raw
        else:
            eff.strings[oid] = raw.rstrip(b"\0").decode()
        r.pos += n + (-n % 4)
    for _ in range(nres):
        tech, index, element, state, usage, n = (r.u32() for _ in range(6))
        eff.resources.append(Fx2Resource(tech, index, element, state, usage, bytes(r.blob[r.pos:r.pos + n])))
        r.pos += n + (-n % 4)
    return eff
