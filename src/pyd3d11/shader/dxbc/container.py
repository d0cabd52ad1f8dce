"""DXBC container: parse and build (spec-facts §2.1, §2.2).

Layout (little-endian): 'DXBC', 16-byte checksum, u32 version (1), u32 total size, u32 chunk count,
chunk offsets; each chunk is FourCC + u32 payload size + payload. Chunks are kept as raw bytes in
file order; unknown chunks survive a parse→build round trip unchanged. Chunk-specific parsers live
in rdef.py, signature.py and stat.py; the helper properties below call them lazily.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pyd3d11.errors import E_INVALIDARG, InvalidArgError

from .checksum import dxbc_checksum

if TYPE_CHECKING:
    from .rdef import Rdef
    from .signature import Signature
    from .stat import ShaderStats

DXBC_MAGIC = b"DXBC"
HEADER_SIZE = 32
CONTAINER_VERSION = 1

#: Chunk FourCCs (spec-facts §2.2).
FOURCC_RDEF = "RDEF"
FOURCC_ISGN = "ISGN"
FOURCC_OSGN = "OSGN"
FOURCC_OSG5 = "OSG5"
FOURCC_PCSG = "PCSG"
FOURCC_ISG1 = "ISG1"
FOURCC_OSG1 = "OSG1"
FOURCC_PSG1 = "PSG1"
FOURCC_SHDR = "SHDR"
FOURCC_SHEX = "SHEX"
FOURCC_STAT = "STAT"
FOURCC_SFI0 = "SFI0"
FOURCC_IFCE = "IFCE"
FOURCC_AON9 = "Aon9"
FOURCC_SDBG = "SDBG"
FOURCC_SPDB = "SPDB"
FOURCC_RTS0 = "RTS0"
FOURCC_PRIV = "PRIV"
FOURCC_ILDB = "ILDB"
FOURCC_ILDN = "ILDN"
FOURCC_XNAP = "XNAP"
FOURCC_XNAS = "XNAS"

INPUT_SIGNATURE_FOURCCS = (FOURCC_ISGN, FOURCC_ISG1)
OUTPUT_SIGNATURE_FOURCCS = (FOURCC_OSGN, FOURCC_OSG5, FOURCC_OSG1)
PATCH_CONSTANT_SIGNATURE_FOURCCS = (FOURCC_PCSG, FOURCC_PSG1)
PROGRAM_FOURCCS = (FOURCC_SHEX, FOURCC_SHDR)

_U32 = struct.Struct("<I")


def _bad(message: str, method: str = "parse_container") -> InvalidArgError:
    return InvalidArgError(E_INVALIDARG, message, method)


def _fourcc_str(raw: bytes) -> str:
    return raw.decode("latin-1")


@dataclass(slots=True)
class DxbcChunk:
    """One chunk: FourCC (4-character str) and raw payload bytes."""

    fourcc: str
    data: bytes

    def __iter__(self) -> Iterator[Any]:  # allows ``fourcc, data = chunk``
        yield self.fourcc
        yield self.data


class DxbcContainer:
    """A parsed DXBC blob: ordered chunks plus the stored header fields."""

    __slots__ = ("chunks", "checksum", "version", "_cache")

    def __init__(self, chunks: Iterable[DxbcChunk | tuple[str, bytes]] = (), checksum: bytes = b"\0" * 16,
                 version: int = CONTAINER_VERSION) -> None:
        self.chunks: list[DxbcChunk] = [_as_chunk(c) for c in chunks]
        self.checksum = bytes(checksum)
        self.version = version
        self._cache: dict[str, Any] = {}

    # -- chunk access -------------------------------------------------------------------------
    def get(self, fourcc: str) -> bytes | None:
        """Payload of the first chunk with this FourCC, or None."""
        for c in self.chunks:
            if c.fourcc == fourcc:
                return c.data
        return None

    def get_chunk(self, fourcc: str) -> DxbcChunk | None:
        for c in self.chunks:
            if c.fourcc == fourcc:
                return c
        return None

    def get_first(self, fourccs: Iterable[str]) -> DxbcChunk | None:
        """First chunk (in file order) whose FourCC is any of ``fourccs``."""
        wanted = set(fourccs)
        for c in self.chunks:
            if c.fourcc in wanted:
                return c
        return None

    def __contains__(self, fourcc: object) -> bool:
        return any(c.fourcc == fourcc for c in self.chunks)

    def __iter__(self) -> Iterator[DxbcChunk]:
        return iter(self.chunks)

    def __len__(self) -> int:
        return len(self.chunks)

    @property
    def fourccs(self) -> list[str]:
        return [c.fourcc for c in self.chunks]

    def to_bytes(self) -> bytes:
        return build_container(self.chunks)

    # -- decoded chunks (lazy) ----------------------------------------------------------------
    @property
    def program(self) -> bytes | None:
        """SHEX or SHDR payload (the tokenized program), or None."""
        c = self.get_first(PROGRAM_FOURCCS)
        return c.data if c else None

    def _decoded(self, key: str, fourccs: tuple[str, ...], parser: Any) -> Any:
        if key not in self._cache:
            c = self.get_first(fourccs)
            self._cache[key] = parser(c.data, c.fourcc) if c else None
        return self._cache[key]

    @property
    def rdef(self) -> Rdef | None:
        from .rdef import parse_rdef

        return self._decoded("rdef", (FOURCC_RDEF,), lambda d, _f: parse_rdef(d))

    @property
    def input_signature(self) -> Signature | None:
        from .signature import parse_signature

        return self._decoded("isgn", INPUT_SIGNATURE_FOURCCS, parse_signature)

    @property
    def output_signature(self) -> Signature | None:
        from .signature import parse_signature

        return self._decoded("osgn", OUTPUT_SIGNATURE_FOURCCS, parse_signature)

    @property
    def patch_constant_signature(self) -> Signature | None:
        from .signature import parse_signature

        return self._decoded("pcsg", PATCH_CONSTANT_SIGNATURE_FOURCCS, parse_signature)

    @property
    def stats(self) -> ShaderStats | None:
        from .stat import parse_stat

        return self._decoded("stat", (FOURCC_STAT,), lambda d, _f: parse_stat(d))

    @property
    def feature_flags(self) -> int:
        """SFI0 flags (D3D_SHADER_REQUIRES_*), 0 when the chunk is absent."""
        from .stat import parse_sfi0

        d = self.get("SFI0")
        return parse_sfi0(d) if d is not None else 0

    def __repr__(self) -> str:
        inner = ", ".join(f"{c.fourcc}[{len(c.data)}]" for c in self.chunks)
        return f"DxbcContainer({inner})"


def _as_chunk(c: DxbcChunk | tuple[str, bytes]) -> DxbcChunk:
    if isinstance(c, DxbcChunk):
        return c
    fourcc, data = c
    if isinstance(fourcc, bytes):
        fourcc = _fourcc_str(fourcc)
    return DxbcChunk(fourcc, bytes(data))


def parse_container(data: bytes | bytearray | memoryview, verify_checksum: bool = True) -> DxbcContainer:
    """Parse a DXBC blob. Any malformation raises :class:`InvalidArgError` naming the problem.

    The header's size field may be smaller than ``data`` (callers often pass a larger buffer); bytes
    past it are ignored. Chunks may not extend past the size field.
    """
    try:
        mv = memoryview(data).cast("B")
    except TypeError as exc:
        raise _bad(f"shader bytecode must be a bytes-like object, got {type(data).__name__}") from exc
    n = len(mv)
    if n < HEADER_SIZE:
        raise _bad(f"DXBC blob too short: {n} bytes, the header alone is {HEADER_SIZE}")
    if bytes(mv[0:4]) != DXBC_MAGIC:
        raise _bad(f"bad DXBC magic {bytes(mv[0:4])!r} (expected b'DXBC')")
    version, total, count = struct.unpack_from("<3I", mv, 20)
    if version != CONTAINER_VERSION:
        raise _bad(f"unsupported DXBC container version {version} (expected 1)")
    if total < HEADER_SIZE or total > n:
        raise _bad(f"DXBC size field {total} does not fit the {n}-byte blob")
    if count > (total - HEADER_SIZE) // 4:
        raise _bad(f"DXBC chunk count {count} does not fit in {total} bytes")
    mv = mv[:total]
    if verify_checksum:
        actual = dxbc_checksum(mv)
        if actual != bytes(mv[4:20]):
            raise _bad(f"DXBC checksum mismatch: stored {bytes(mv[4:20]).hex()}, computed {actual.hex()}")
    offsets = struct.unpack_from(f"<{count}I", mv, HEADER_SIZE)
    first_data = HEADER_SIZE + 4 * count
    chunks: list[DxbcChunk] = []
    for i, off in enumerate(offsets):
        if off < first_data or off > total - 8:
            raise _bad(f"DXBC chunk {i} offset {off} is outside the chunk area [{first_data}, {total - 8}]")
        size = _U32.unpack_from(mv, off + 4)[0]
        if size > total - off - 8:
            raise _bad(f"DXBC chunk {i} ({_fourcc_str(bytes(mv[off:off + 4]))!r}) at offset {off}: "
                       f"payload size {size} runs past the end of the {total}-byte blob")
        chunks.append(DxbcChunk(_fourcc_str(bytes(mv[off : off + 4])), bytes(mv[off + 8 : off + 8 + size])))
    return DxbcContainer(chunks, bytes(mv[4:20]), version)


def build_container(chunks: Iterable[DxbcChunk | tuple[str, bytes]]) -> bytes:
    """Write a DXBC blob: header, chunk offsets, chunks, checksum. Each chunk starts right after the last
    payload byte of the one before, unpadded: d3dcompiler_47 10.1 writes them so (D3DStripShader, D3DSetBlobPart)
    and refuses a container with a gap between chunks (D3DERR_INVALIDCALL; recorded under Wine, session 37)."""
    items = [_as_chunk(c) for c in chunks]
    for c in items:
        if len(c.fourcc.encode("latin-1")) != 4:
            raise _bad(f"chunk FourCC {c.fourcc!r} is not 4 characters", "build_container")
    pos = HEADER_SIZE + 4 * len(items)
    offsets = []
    body = bytearray()
    for c in items:
        offsets.append(pos + len(body))
        body += c.fourcc.encode("latin-1") + _U32.pack(len(c.data)) + c.data
    total = pos + len(body)
    out = bytearray(DXBC_MAGIC + b"\0" * 16)
    out += struct.pack("<3I", CONTAINER_VERSION, total, len(items))
    out += struct.pack(f"<{len(items)}I", *offsets)
    out += body
    out[4:20] = dxbc_checksum(out)
    return bytes(out)
