"""Signature chunks ISGN/OSGN/PCSG/OSG5/ISG1/OSG1/PSG1 (spec-facts §2.3).

Header: u32 element count, u32 offset of the first element (8). Elements are 24 bytes (ISGN, OSGN,
PCSG), 28 with a leading stream index (OSG5) or 32 with stream and a trailing minimum-precision
dword (ISG1/OSG1/PSG1). Names are a deduplicated string pool after the elements, in first-use
order, padded with 0xAB to 4 bytes, as fxc writes it.

``rw_mask`` (byte 1 of the mask dword) means "components read" for input signatures and
"components never written" for output signatures (fxc inverts it).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from pyd3d11.errors import E_INVALIDARG, InvalidArgError

#: Element size per FourCC, and whether it carries a stream / min-precision field.
ELEMENT_LAYOUT: dict[str, tuple[int, bool, bool]] = {
    "ISGN": (24, False, False),
    "OSGN": (24, False, False),
    "PCSG": (24, False, False),
    "OSG5": (28, True, False),
    "ISG1": (32, True, True),
    "OSG1": (32, True, True),
    "PSG1": (32, True, True),
}

# D3D_NAME values (d3dcommon.h) for the names fxc stores as 0 in SM4/5 signatures.
_NAME_FROM_SEMANTIC = {
    "SV_TARGET": 64,
    "SV_DEPTH": 65,
    "SV_COVERAGE": 66,
    "SV_DEPTHGREATEREQUAL": 67,
    "SV_DEPTHLESSEQUAL": 68,
    "SV_STENCILREF": 69,
    "SV_INNERCOVERAGE": 70,
}


def _bad(message: str) -> InvalidArgError:
    return InvalidArgError(E_INVALIDARG, message, "parse_signature")


@dataclass(slots=True)
class SignatureElement:
    semantic_name: str
    semantic_index: int = 0
    system_value: int = 0  # D3D_NAME as stored (0 for SV_Target and friends)
    component_type: int = 0  # D3D_REGISTER_COMPONENT_TYPE
    register: int = 0
    mask: int = 0
    rw_mask: int = 0
    stream: int = 0
    min_precision: int = 0  # D3D_MIN_PRECISION (*1 chunks only)
    reserved: int = 0  # bytes 2-3 of the mask dword (zero in fxc output, kept for round trips)

    @property
    def d3d_name(self) -> int:
        """D3D_NAME as reflection reports it: derived from the semantic for SV_Target etc."""
        if self.system_value == 0:
            return _NAME_FROM_SEMANTIC.get(self.semantic_name.upper(), 0)
        return self.system_value


@dataclass(slots=True)
class Signature:
    fourcc: str = "ISGN"
    elements: list[SignatureElement] = field(default_factory=list)

    def __iter__(self):
        return iter(self.elements)

    def __len__(self) -> int:
        return len(self.elements)

    def to_bytes(self) -> bytes:
        return build_signature(self)


def read_cstring(data: bytes, off: int, what: str = "string") -> str:
    """NUL-terminated string at ``off``; InvalidArgError when unterminated or out of range."""
    if off < 0 or off >= len(data):
        raise InvalidArgError(E_INVALIDARG, f"{what} offset {off} out of range (chunk is {len(data)} bytes)",
                              "parse_dxbc")
    end = data.find(b"\0", off)
    if end < 0:
        raise InvalidArgError(E_INVALIDARG, f"{what} at offset {off} is not NUL-terminated", "parse_dxbc")
    return data[off:end].decode("latin-1")


def parse_signature(data: bytes, fourcc: str = "ISGN") -> Signature:
    """Parse a signature chunk payload."""
    if fourcc not in ELEMENT_LAYOUT:
        raise _bad(f"{fourcc!r} is not a signature chunk")
    data = bytes(data)
    size, has_stream, has_prec = ELEMENT_LAYOUT[fourcc]
    if len(data) < 8:
        raise _bad(f"{fourcc} chunk too short ({len(data)} bytes)")
    count, first = struct.unpack_from("<2I", data, 0)
    if first > len(data) or count > (len(data) - first) // size:
        raise _bad(f"{fourcc}: {count} elements at offset {first} do not fit in {len(data)} bytes")
    elements = []
    for i in range(count):
        off = first + i * size
        stream = 0
        if has_stream:
            stream = struct.unpack_from("<I", data, off)[0]
            off += 4
        name_off, sem_idx, sysval, ctype, reg, maskword = struct.unpack_from("<6I", data, off)
        prec = struct.unpack_from("<I", data, off + 24)[0] if has_prec else 0
        elements.append(SignatureElement(
            read_cstring(data, name_off, f"{fourcc} element {i} name"), sem_idx, sysval, ctype, reg,
            maskword & 0xFF, (maskword >> 8) & 0xFF, stream, prec, maskword >> 16,
        ))
    return Signature(fourcc, elements)


class StringPool:
    """fxc-style string pool: deduplicated, in first-use order, appended after a fixed area."""

    def __init__(self, base: int) -> None:
        self.base = base
        self.data = bytearray()
        self.offsets: dict[str, int] = {}

    def add(self, s: str) -> int:
        if s not in self.offsets:
            self.offsets[s] = self.base + len(self.data)
            self.data += s.encode("latin-1") + b"\0"
        return self.offsets[s]

    def add_unique(self, s: str) -> int:
        """Append without deduplication."""
        off = self.base + len(self.data)
        self.data += s.encode("latin-1") + b"\0"
        return off


def pad_ab(buf: bytearray) -> bytearray:
    """Pad to a multiple of 4 with 0xAB, as fxc does."""
    buf += b"\xab" * (-len(buf) % 4)
    return buf


def build_signature(sig: Signature) -> bytes:
    """Write a signature chunk payload (fxc's exact byte layout)."""
    if sig.fourcc not in ELEMENT_LAYOUT:
        raise InvalidArgError(E_INVALIDARG, f"{sig.fourcc!r} is not a signature chunk", "build_signature")
    size, has_stream, has_prec = ELEMENT_LAYOUT[sig.fourcc]
    pool = StringPool(8 + size * len(sig.elements))
    out = bytearray(struct.pack("<2I", len(sig.elements), 8))
    for e in sig.elements:
        if has_stream:
            out += struct.pack("<I", e.stream)
        maskword = (e.mask & 0xFF) | ((e.rw_mask & 0xFF) << 8) | ((e.reserved & 0xFFFF) << 16)
        out += struct.pack("<6I", pool.add(e.semantic_name), e.semantic_index, e.system_value, e.component_type,
                           e.register & 0xFFFFFFFF, maskword)
        if has_prec:
            out += struct.pack("<I", e.min_precision)
    out += pool.data
    return bytes(pad_ab(out))
