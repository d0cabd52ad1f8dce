"""RDEF chunk (resource definitions): parse and build (spec-facts §2.4).

Layout written by :func:`build_rdef` follows fxc (verified byte for byte on the slimshader corpus):

1. header (7 dwords) and, for 5.x targets, the 'RD11' header extension (8 dwords);
2. the binding array, then the binding names;
3. the constant-buffer array; then per constant buffer: its name (when not already written), its
   variable array, and per variable: name, type (recursively: type name, sub-types, member names
   and member types, member array, type record), default value;
4. the creator string.

Strings are one pool deduplicated over the whole chunk (first writer wins); strings are packed
unaligned and 0xAB padding is inserted only before a dword-aligned record. Type records are shared
between variables with equal types.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from pyd3d11.errors import E_INVALIDARG, InvalidArgError

from .signature import read_cstring

RD11_MAGIC = 0x31314452  # 'RD11'
RD11_MAGIC_51 = 0x25441313

#: Program types in the RDEF target dword (high 16 bits).
RDEF_PROGRAM_TYPE = {0: 0xFFFF, 1: 0xFFFE, 2: 0x4753, 3: 0x4853, 4: 0x4453, 5: 0x4353}
PROGRAM_TYPE_FROM_RDEF = {v: k for k, v in RDEF_PROGRAM_TYPE.items()}

# D3D_SHADER_VARIABLE_CLASS values needed here (d3dcommon.h).
D3D_SVC_STRUCT = 5
D3D_CT_RESOURCE_BIND_INFO = 3
D3D_SVC_INTERFACE_CLASS = 6
D3D_SVC_INTERFACE_POINTER = 7


def _bad(message: str) -> InvalidArgError:
    return InvalidArgError(E_INVALIDARG, message, "parse_rdef")


@dataclass(slots=True, eq=False)
class RdefMember:
    name: str
    type: RdefType
    offset: int = 0


@dataclass(slots=True, eq=False)
class RdefType:
    """D3D11_SHADER_TYPE_DESC content plus members. SM5 records add: sub type (an interface
    pointer's interface class), base class (a class's parent, also its ``$super`` member) and the
    list of interfaces a class implements."""

    var_class: int = 0  # D3D_SHADER_VARIABLE_CLASS
    var_type: int = 0  # D3D_SHADER_VARIABLE_TYPE
    rows: int = 0
    columns: int = 0
    elements: int = 0
    members: list[RdefMember] = field(default_factory=list)
    name: str = ""  # SM5 only
    sub_type: RdefType | None = None
    base_class: RdefType | None = None
    interfaces: list[RdefType] = field(default_factory=list)
    member_list: bool = False  # member offset recorded even with zero members (interface classes)

    def key(self) -> tuple:
        """Structural identity, used to share type records like fxc does."""
        return (self.var_class, self.var_type, self.rows, self.columns, self.elements, self.name,
                tuple((m.name, m.offset, m.type.key()) for m in self.members),
                self.sub_type.key() if self.sub_type else None,
                self.base_class.key() if self.base_class else None,
                tuple(i.key() for i in self.interfaces), self.member_list)


@dataclass(slots=True, eq=False)
class RdefVariable:
    name: str
    start_offset: int = 0
    size: int = 0
    flags: int = 0  # D3D_SHADER_VARIABLE_FLAGS (USED = 2)
    type: RdefType = field(default_factory=RdefType)
    default_value: bytes | None = None
    start_texture: int = 0xFFFFFFFF  # SM5 only
    texture_size: int = 0
    start_sampler: int = 0xFFFFFFFF
    sampler_size: int = 0


@dataclass(slots=True, eq=False)
class RdefConstantBuffer:
    name: str
    variables: list[RdefVariable] = field(default_factory=list)
    size: int = 0
    flags: int = 0
    type: int = 0  # D3D_CBUFFER_TYPE


@dataclass(slots=True, eq=False)
class RdefBinding:
    name: str
    input_type: int = 0  # D3D_SHADER_INPUT_TYPE
    return_type: int = 0  # D3D_RESOURCE_RETURN_TYPE
    dimension: int = 0  # D3D_SRV_DIMENSION
    num_samples: int = 0
    bind_point: int = 0
    bind_count: int = 1
    flags: int = 0  # D3D_SHADER_INPUT_FLAGS
    space: int = 0  # 5.1 only
    id: int = 0  # 5.1 only


@dataclass(slots=True, eq=False)
class Rdef:
    constant_buffers: list[RdefConstantBuffer] = field(default_factory=list)
    bindings: list[RdefBinding] = field(default_factory=list)
    target: int = 0  # (program type << 16) | (major << 8) | minor
    flags: int = 0  # compile flags
    creator: str = ""
    rd11: tuple[int, ...] | None = None  # the 8-dword RD11 extension as stored (5.x targets)

    @property
    def major(self) -> int:
        return (self.target >> 8) & 0xFF

    @property
    def minor(self) -> int:
        return self.target & 0xFF

    @property
    def program_type(self) -> int:
        """D3D11_SHADER_VERSION_TYPE (PS 0, VS 1, GS 2, HS 3, DS 4, CS 5); -1 if unknown."""
        return PROGRAM_TYPE_FROM_RDEF.get(self.target >> 16, -1)

    @property
    def is_sm5(self) -> bool:
        return (self.target & 0xFFFF) >= 0x500

    def to_bytes(self) -> bytes:
        return build_rdef(self)


def default_rd11(target: int) -> tuple[int, ...]:
    """The RD11 extension fxc writes for a 5.x target (5.1 uses other magic/binding size)."""
    if (target & 0xFFFF) >= 0x501:
        return (RD11_MAGIC_51, 60, 24, 40, 40, 36, 12, 0)
    return (RD11_MAGIC, 60, 24, 32, 40, 36, 12, 0)


# ------------------------------------------------------------------------------------------------
# parsing


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def u32s(self, off: int, n: int, what: str) -> tuple[int, ...]:
        if off < 0 or off + 4 * n > len(self.data):
            raise _bad(f"RDEF {what} at offset {off} ({4 * n} bytes) runs past the {len(self.data)}-byte chunk")
        return struct.unpack_from(f"<{n}I", self.data, off)

    def string(self, off: int, what: str) -> str:
        return read_cstring(self.data, off, f"RDEF {what}")


def parse_rdef(data: bytes) -> Rdef:
    """Parse an RDEF payload (4.0/4.1/5.0/5.1 layouts)."""
    r = _Reader(bytes(data))
    ncb, cb_off, nbind, bind_off, target, flags, creator_off = r.u32s(0, 7, "header")
    sm5 = (target & 0xFFFF) >= 0x500
    sm51 = (target & 0xFFFF) >= 0x501
    rd11 = r.u32s(28, 8, "RD11 header") if sm5 else None
    rdef = Rdef(target=target, flags=flags, creator=r.string(creator_off, "creator") if creator_off else "",
                rd11=rd11)
    bsize = 40 if sm51 else 32
    if nbind > len(r.data) // bsize or ncb > len(r.data) // 24:
        raise _bad(f"RDEF counts ({ncb} cbuffers, {nbind} bindings) do not fit the chunk")
    for i in range(nbind):
        w = r.u32s(bind_off + i * bsize, bsize // 4, f"binding {i}")
        b = RdefBinding(r.string(w[0], f"binding {i} name"), *w[1:8])
        if sm51:
            b.space, b.id = w[8], w[9]
        else:
            b.id = b.bind_point
        rdef.bindings.append(b)
    types: dict[int, RdefType] = {}
    vsize = 40 if sm5 else 24
    for i in range(ncb):
        name_off, nvar, var_off, size, cflags, ctype = r.u32s(cb_off + i * 24, 6, f"cbuffer {i}")
        if nvar > len(r.data) // vsize:
            raise _bad(f"RDEF cbuffer {i} variable count {nvar} does not fit the chunk")
        cb = RdefConstantBuffer(r.string(name_off, f"cbuffer {i} name"), [], size, cflags, ctype)
        for j in range(nvar):
            w = r.u32s(var_off + j * vsize, vsize // 4, f"variable {j} of cbuffer {i}")
            v = RdefVariable(r.string(w[0], "variable name"), w[1], w[2], w[3],
                             _parse_type(r, w[4], sm5, types, 0))
            if w[5]:
                if w[5] + w[2] > len(r.data):
                    raise _bad(f"RDEF default value of {v.name!r} runs past the chunk")
                v.default_value = r.data[w[5] : w[5] + w[2]]
            if sm5:
                v.start_texture, v.texture_size, v.start_sampler, v.sampler_size = w[6:10]
            cb.variables.append(v)
        rdef.constant_buffers.append(cb)
    return rdef


def _parse_type(r: _Reader, off: int, sm5: bool, cache: dict[int, RdefType], depth: int) -> RdefType:
    if off in cache:
        return cache[off]
    if depth > 32:
        raise _bad("RDEF type nesting deeper than 32 levels (cyclic type?)")
    w = r.u32s(off, 9 if sm5 else 4, "type")
    t = RdefType(w[0] & 0xFFFF, w[0] >> 16, w[1] & 0xFFFF, w[1] >> 16, w[2] & 0xFFFF)
    cache[off] = t
    nmem, mem_off = w[2] >> 16, w[3]
    t.member_list = bool(mem_off) and nmem == 0
    if nmem > len(r.data) // 12:
        raise _bad(f"RDEF type member count {nmem} does not fit the chunk")
    if sm5:
        if off in (w[4], w[5]):
            raise _bad("RDEF type refers to itself")
        if w[4]:
            t.sub_type = _parse_type(r, w[4], sm5, cache, depth + 1)
        if w[5]:
            t.base_class = _parse_type(r, w[5], sm5, cache, depth + 1)
        if w[6] > len(r.data) // 4:
            raise _bad(f"RDEF type interface count {w[6]} does not fit the chunk")
        for ioff in r.u32s(w[7], w[6], "interface list") if w[6] else ():
            if ioff == off:
                raise _bad("RDEF type implements itself")
            t.interfaces.append(_parse_type(r, ioff, sm5, cache, depth + 1))
        t.name = r.string(w[8], "type name") if w[8] else ""
    for k in range(nmem):
        name_off, type_off, moff = r.u32s(mem_off + 12 * k, 3, "type member")
        if type_off == off:
            raise _bad("RDEF struct type contains itself")
        t.members.append(RdefMember(r.string(name_off, "member name"), _parse_type(r, type_off, sm5, cache, depth + 1),
                                    moff))
    return t


# ------------------------------------------------------------------------------------------------
# building


class _Writer:
    def __init__(self) -> None:
        self.buf = bytearray()
        self.strings: dict[str, int] = {}
        self.types: dict[tuple, int] = {}
        self.member_lists: dict[bytes, int] = {}

    def align(self) -> int:
        self.buf += b"\xab" * (-len(self.buf) % 4)
        return len(self.buf)

    def string(self, s: str) -> int:
        if s not in self.strings:
            self.strings[s] = len(self.buf)
            self.buf += s.encode("latin-1") + b"\0"
        return self.strings[s]

    def reserve(self, nbytes: int) -> int:
        off = self.align()
        self.buf += b"\0" * nbytes
        return off

    def put(self, off: int, fmt: str, *values: int) -> None:
        struct.pack_into(fmt, self.buf, off, *(v & 0xFFFFFFFF for v in values))

    def shared_list(self, blob: bytes) -> int:
        """Write a dword list once; fxc reuses identical member/interface lists."""
        off = self.member_lists.get(blob, -1)
        if off < 0:
            off = self.member_lists[blob] = self.align()
            self.buf += blob
        return off

    def type(self, t: RdefType, sm5: bool, scope: str = "var") -> int:
        # fxc interns plain types per scope; every array declaration gets its own record.
        key = (scope, t.key()) if not t.elements else (id(t),)
        if key in self.types:
            return self.types[key]
        name_off = self.string(t.name) if sm5 and t.name else 0
        sub_off = self.type(t.sub_type, sm5, "var") if sm5 and t.sub_type is not None else 0
        base_off = self.type(t.base_class, sm5, "member") if sm5 and t.base_class is not None else 0
        ifc_off = 0
        if sm5 and t.interfaces:
            ifc_off = self.shared_list(b"".join(struct.pack("<I", self.type(i, sm5, "var")) for i in t.interfaces))
        member_refs = []
        for m in t.members:
            moff = self.string(m.name)
            member_refs.append((moff, self.type(m.type, sm5, "member"), m.offset))
        mem_off = 0
        if member_refs or t.member_list:
            # fxc shares identical member arrays (interface classes all point at one empty list).
            mem_off = self.shared_list(b"".join(struct.pack("<3I", *ref) for ref in member_refs))
        off = self.align()
        self.buf += struct.pack("<4I", t.var_class | (t.var_type << 16), t.rows | (t.columns << 16),
                                t.elements | (len(t.members) << 16), mem_off)
        if sm5:
            self.buf += struct.pack("<5I", sub_off, base_off, len(t.interfaces), ifc_off, name_off)
        self.types[key] = off
        return off


def build_rdef(rdef: Rdef) -> bytes:
    """Write an RDEF payload in fxc's layout (see the module docstring)."""
    sm5 = (rdef.target & 0xFFFF) >= 0x500
    sm51 = (rdef.target & 0xFFFF) >= 0x501
    w = _Writer()
    header = w.reserve(28)
    if sm5:
        rd11 = rdef.rd11 if rdef.rd11 is not None else default_rd11(rdef.target)
        w.buf += struct.pack("<8I", *rd11)
    bsize = 40 if sm51 else 32
    bind_off = w.reserve(bsize * len(rdef.bindings))
    for i, b in enumerate(rdef.bindings):
        vals = [w.string(b.name), b.input_type, b.return_type, b.dimension, b.num_samples, b.bind_point,
                b.bind_count, b.flags]
        if sm51:
            vals += [b.space, b.id]
        w.put(bind_off + i * bsize, f"<{len(vals)}I", *vals)
    cb_off = w.reserve(24 * len(rdef.constant_buffers)) if rdef.constant_buffers else 0
    vsize = 40 if sm5 else 24
    for i, cb in enumerate(rdef.constant_buffers):
        name = w.string(cb.name)
        var_off = w.reserve(vsize * len(cb.variables))
        w.put(cb_off + 24 * i, "<6I", name, len(cb.variables), var_off, cb.size, cb.flags, cb.type)
        for j, v in enumerate(cb.variables):
            vname = w.string(v.name)
            toff = w.type(v.type, sm5, "var" if cb.type != D3D_CT_RESOURCE_BIND_INFO else "rbi")
            doff = 0
            if v.default_value is not None:
                doff = w.align()
                w.buf += v.default_value
            vals = [vname, v.start_offset, v.size, v.flags, toff, doff]
            if sm5:
                vals += [v.start_texture, v.texture_size, v.start_sampler, v.sampler_size]
            w.put(var_off + vsize * j, f"<{len(vals)}I", *vals)
    creator = w.string(rdef.creator)
    w.align()
    w.put(header, "<7I", len(rdef.constant_buffers), cb_off, len(rdef.bindings), bind_off, rdef.target,
          rdef.flags, creator)
    return bytes(w.buf)
