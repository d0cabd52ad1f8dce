"""The ``ILDN`` chunk: the debug name fxc gives an object compiled with /Zi and a debug-name flag.

d3dcompiler_47 10.1 (under Wine, session 49) writes it after the debug-information chunk when the compile has
D3DCOMPILE_DEBUG together with D3DCOMPILE_DEBUG_NAME_FOR_SOURCE or D3DCOMPILE_DEBUG_NAME_FOR_BINARY (a debug-name
flag without D3DCOMPILE_DEBUG writes none): a 16-bit flags word (0), the name's length as a 16-bit word (without
its NUL), the name -- 32 lower-case hex digits and ``.pdb`` -- and a NUL, padded with zeros to 4 bytes.
D3DGetBlobPart(D3D_BLOB_DEBUG_NAME) answers the chunk's bytes; D3DStripShader(D3DCOMPILER_STRIP_DEBUG_INFO)
keeps it. fxc's hex digits are a hash of the source name (FOR_SOURCE) or of the binary (FOR_BINARY) whose
function is not documented; this module's are the MD5 of the same inputs (the source name and text, or the
program chunk), so a name is stable for one compile and differs where fxc's does."""

from __future__ import annotations

import hashlib
import struct

from ...headers.d3dcompiler_types import (
    D3DCOMPILE_DEBUG,
    D3DCOMPILE_DEBUG_NAME_FOR_BINARY,
    D3DCOMPILE_DEBUG_NAME_FOR_SOURCE,
)

FOURCC = "ILDN"


def wants_debug_name(flags: int) -> bool:
    """Whether a compile with ``flags`` (Flags1) writes an ILDN chunk."""
    return bool(flags & D3DCOMPILE_DEBUG) and bool(
        flags & (D3DCOMPILE_DEBUG_NAME_FOR_SOURCE | D3DCOMPILE_DEBUG_NAME_FOR_BINARY))


def debug_name(flags: int, source_name: str, source: str, code: bytes) -> str:
    """The ``<hex>.pdb`` name: of the source (its name and text) under FOR_SOURCE, of the program otherwise."""
    if flags & D3DCOMPILE_DEBUG_NAME_FOR_SOURCE:
        digest = hashlib.md5(source_name.encode("utf-8") + b"\0" + source.encode("utf-8")).hexdigest()
    else:
        digest = hashlib.md5(code).hexdigest()
    return digest + ".pdb"


def build_ildn(name: str) -> bytes:
    """The chunk's bytes for ``name``."""
    raw = name.encode("utf-8")
    data = struct.pack("<HH", 0, len(raw)) + raw + b"\0"
    return data + b"\0" * (-len(data) % 4)
