"""IFCE chunk: the class-linkage tables fxc writes for SM5 shaders that use interfaces (spec 7.19).

Layout (little-endian; offsets are from the start of the chunk payload), read off the corpus and
cross-checked with SlimShader's reader (tgjones/slimshader, src/SlimShader/Chunks/Ifce):

* header, 7 dwords: class-instance count, class-type count, interface-slot record count, total
  interface slots (the "Interface slots, N total" figure, = sum of record spans), then the offsets
  of the instance records, the type records and the slot records; then 8 bytes fxc always fills
  with ``'OSGN' 20 00 10 00`` (meaning unknown; kept raw).
* slot records, 4 dwords each: slot span (an interface array covers several consecutive slots),
  entry count, offset of ``count`` u16 class-type IDs, offset of ``count`` u32 function-table IDs.
* class types, 3 dwords each: name offset, then u16 fields (ID, CB stride in 16-byte vectors,
  texture count, sampler count). fxc stores 0 in the ID field; listings number types by position.
* class instances, 4 dwords each: name offset, u16 type ID, u16 (1 in every fxc blob), u16 cb slot,
  u16 cb offset (vectors), u16 texture slot, u16 sampler slot (0xFFFF = none, printed "-").
* then per slot record: its type-ID u16 list (padded to 4 bytes with 0xAB) and table-ID list;
  then the instance names, then the type names (each NUL-terminated, padded to 4 with 0xAB).

``parse_ifce``/``build_ifce`` round-trip every corpus chunk byte for byte.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from pyd3d11.errors import E_INVALIDARG, InvalidArgError

_HEADER = struct.Struct("<7I")
_SLOT = struct.Struct("<4I")
_TYPE = struct.Struct("<I4H")
_INSTANCE = struct.Struct("<I6H")
#: the 8 bytes fxc writes after the header (meaning unknown; identical in every corpus blob)
FXC_RESERVED = b"OSGN" + struct.pack("<I", 0x00100020)
NO_SLOT = 0xFFFF  # texture/sampler slot of an instance without one


@dataclass(slots=True)
class IfceClassType:
    """One "Available Class Types" row; its ID is its position in :attr:`Ifce.class_types`."""

    name: str
    cb_stride: int = 0  # 16-byte vectors of instance data
    texture: int = 0  # texture count
    sampler: int = 0  # sampler count
    id_field: int = 0  # the stored u16 ID field (fxc writes 0)


@dataclass(slots=True)
class IfceClassInstance:
    """One "Available Class Instances" row: a global class variable that has data."""

    name: str
    type_id: int
    constant_buffer: int = 0
    cb_offset: int = 0  # in 16-byte vectors
    texture: int = NO_SLOT
    sampler: int = NO_SLOT
    flag: int = 1  # u16 after the type ID; 1 in every fxc blob


@dataclass(slots=True)
class IfceSlot:
    """An interface-slot record: ``span`` consecutive slots that accept the class types
    ``type_ids[i]``, calling through function table ``table_ids[i]``."""

    span: int = 1
    type_ids: list[int] = field(default_factory=list)
    table_ids: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Ifce:
    class_types: list[IfceClassType] = field(default_factory=list)
    class_instances: list[IfceClassInstance] = field(default_factory=list)
    slots: list[IfceSlot] = field(default_factory=list)
    reserved: bytes = FXC_RESERVED

    @property
    def slot_count(self) -> int:
        """Total interface slots (sum of record spans)."""
        return sum(s.span for s in self.slots)

    def slot_ranges(self) -> list[tuple[int, IfceSlot]]:
        """(first slot number, record) for every record, in order."""
        out, first = [], 0
        for s in self.slots:
            out.append((first, s))
            first += s.span
        return out

    def slot_record(self, slot: int) -> IfceSlot | None:
        """The record that covers interface slot ``slot``."""
        for first, s in self.slot_ranges():
            if first <= slot < first + s.span:
                return s
        return None

    def type_id(self, name: str) -> int | None:
        for i, t in enumerate(self.class_types):
            if t.name == name:
                return i
        return None


def _bad(msg: str) -> InvalidArgError:
    return InvalidArgError(E_INVALIDARG, f"IFCE: {msg}", "parse_ifce")


def _cstr(data: bytes, off: int) -> str:
    if not 0 <= off < len(data):
        raise _bad(f"name offset {off} outside the chunk")
    end = data.find(b"\0", off)
    if end < 0:
        raise _bad(f"unterminated name at {off}")
    return data[off:end].decode("latin-1")


def _unpack(st: struct.Struct, data: bytes, off: int, what: str) -> tuple:
    if off < 0 or off + st.size > len(data):
        raise _bad(f"{what} at {off} does not fit the {len(data)}-byte chunk")
    return st.unpack_from(data, off)


def parse_ifce(data: bytes) -> Ifce:
    """Parse an IFCE chunk payload."""
    data = bytes(data)
    n_inst, n_types, n_slots, _total, inst_off, type_off, slot_off = _unpack(_HEADER, data, 0, "header")
    out = Ifce(reserved=data[_HEADER.size:min(slot_off, _HEADER.size + 8)] if slot_off >= _HEADER.size else b"")
    if max(n_inst, n_types, n_slots) > len(data):
        raise _bad("record counts exceed the chunk size")
    for k in range(n_slots):
        span, count, types_at, tables_at = _unpack(_SLOT, data, slot_off + k * _SLOT.size, "slot record")
        if count > len(data):
            raise _bad("slot entry count exceeds the chunk size")
        if count and (types_at + 2 * count > len(data) or tables_at + 4 * count > len(data)):
            raise _bad("slot lists do not fit the chunk")
        types = list(struct.unpack_from(f"<{count}H", data, types_at)) if count else []
        tables = list(struct.unpack_from(f"<{count}I", data, tables_at)) if count else []
        out.slots.append(IfceSlot(span, types, tables))
    for k in range(n_types):
        name_at, tid, stride, tex, samp = _unpack(_TYPE, data, type_off + k * _TYPE.size, "class type")
        out.class_types.append(IfceClassType(_cstr(data, name_at), stride, tex, samp, tid))
    for k in range(n_inst):
        name_at, typ, flag, cb, cbo, tex, samp = _unpack(_INSTANCE, data, inst_off + k * _INSTANCE.size,
                                                         "class instance")
        out.class_instances.append(IfceClassInstance(_cstr(data, name_at), typ, cb, cbo, tex, samp, flag))
    return out


def _pad(buf: bytearray) -> None:
    buf += b"\xab" * (-len(buf) % 4)


def build_ifce(ifce: Ifce) -> bytes:
    """Serialise ``ifce`` in fxc's layout (see the module docstring)."""
    reserved = ifce.reserved
    slot_off = _HEADER.size + len(reserved)
    type_off = slot_off + _SLOT.size * len(ifce.slots)
    inst_off = type_off + _TYPE.size * len(ifce.class_types)
    tail = bytearray()
    base = inst_off + _INSTANCE.size * len(ifce.class_instances)
    slot_recs = []
    for s in ifce.slots:
        types_at = base + len(tail)
        tail += struct.pack(f"<{len(s.type_ids)}H", *s.type_ids)
        _pad(tail)
        tables_at = base + len(tail)
        tail += struct.pack(f"<{len(s.table_ids)}I", *s.table_ids)
        slot_recs.append(_SLOT.pack(s.span, len(s.type_ids), types_at, tables_at))

    def name(text: str) -> int:
        at = base + len(tail)
        tail.extend(text.encode("latin-1") + b"\0")
        _pad(tail)
        return at

    inst_recs = [_INSTANCE.pack(name(i.name), i.type_id, i.flag, i.constant_buffer, i.cb_offset, i.texture,
                                i.sampler) for i in ifce.class_instances]
    type_recs = [_TYPE.pack(name(t.name), t.id_field, t.cb_stride, t.texture, t.sampler)
                 for t in ifce.class_types]
    head = _HEADER.pack(len(ifce.class_instances), len(ifce.class_types), len(ifce.slots), ifce.slot_count,
                        inst_off, type_off, slot_off)
    return head + reserved + b"".join(slot_recs) + b"".join(type_recs) + b"".join(inst_recs) + bytes(tail)
