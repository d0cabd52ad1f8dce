"""The d3dcompiler blob functions' answers to malformed and edited containers, exactly the DLL's (issue 15).

Every expected HRESULT, layout and byte count in this file was recorded from Microsoft's d3dcompiler_47.dll 10.1
under Wine, session 37 (tools/wine_d3dcompiler.py's driver, its 'A' request; ``_record`` below regenerates every
table from the live DLL and ``test_recorded_tables_match_the_live_dll`` re-checks them where the DLL is present).
The MicrosoftDocs pages (D3DGetBlobPart, D3DStripShader, D3DSetBlobPart, D3DReflect, D3DDisassemble,
D3DDisassembleRegion, D3DGetTraceInstructionOffsets) name no failure codes past "one of the Direct3D 11 return
codes", and D3DSetBlobPart's page says it "currently only supports D3D_BLOB_PRIVATE_DATA"; the DLL also sets
D3D_BLOB_DEBUG_NAME. ``BASE`` is an object the DLL compiled (ps_5_0, a cbuffer, a texture and a sampler).

Rules covered (shader/blob.py DXBC_FAULT_CODES, container_fault, read_container, _rewritten, D3DSetBlobPart;
shader/reflection.py D3DReflect; shader/compiler_tools.py): the HRESULT of each fault of the data per function
family; chunks must follow each other without a gap in table order (bytes after the last chunk are allowed); a
bad checksum is E_FAIL; D3DReflect needs the program and both signatures; D3DSetBlobPart's parts, its rejection
of empty data and its unpadded, appended chunk; D3DStripShader's unpadded rewrite that drops trailing bytes.
"""

from __future__ import annotations

import hashlib
import struct

import pytest

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import NotSupportedError
from pyd3d11.shader.dxbc.checksum import dxbc_checksum
from pyd3d11.tools import wine_d3dcompiler
from pyd3d11.tools.api_diff import api_call

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

#: the HRESULTs of the tables: D3DERR_INVALIDCALL, E_FAIL, E_INVALIDARG, S_OK
IC, EF, EA, OK = 0x8876086C, 0x80004005, 0x80070057, 0

BASE = bytes.fromhex(
    "445842431714bba77542168962a1ec38eeccfdf7010000002c030000050000003400000078010000ac010000e001000090020000524445"
    "463c01000001000000a4000000030000003c0000000005ffff0001000014010000524431313c0000001800000020000000280000002400"
    "00000c000000000000009c000000030000000000000000000000000000000000000001000000000000009e000000020000000500000004"
    "000000ffffffff00000000010000000c000000a00000000000000000000000000000000000000000000000010000000000000073007400"
    "4300ababa000000001000000bc000000100000000000000000000000e4000000000000001000000002000000f000000000000000ffffff"
    "ff00000000ffffffff000000007800666c6f61743400ababab010003000100040000000000000000000000000000000000000000000000"
    "0000e60000004d6963726f736f66742028522920484c534c2053686164657220436f6d70696c65722031302e31004953474e2c00000001"
    "00000008000000200000000000000000000000030000000000000003030000544558434f4f524400ababab4f53474e2c00000001000000"
    "0800000020000000000000000000000003000000000000000f00000053565f54617267657400abab53484558a8000000500000002a0000"
    "006a08000159000004468e200000000000010000005a000003006010000000000058180004007010000000000055550000621000033210"
    "10000000000065000003f22010000000000068000002010000004500008bc200008043551500f200100000000000461010000000000046"
    "7e100000000000006010000000000038000008f220100000000000460e100000000000468e200000000000000000003e00000153544154"
    "94000000030000000100000000000000020000000100000000000000000000000100000000000000000000000000000000000000000000"
    "00000000000100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
)


def _chunks(data: bytes) -> list[bytes]:
    """The chunks of a well-formed container, header and payload, in table order."""
    n = struct.unpack_from("<I", data, 28)[0]
    offsets = struct.unpack_from(f"<{n}I", data, 32)
    return [data[o:o + 8 + struct.unpack_from("<I", data, o + 4)[0]] for o in offsets]


def _assemble(chunks: list[bytes], gap_after: int | None = None, gap: int = 4, lead: int = 0, tail: int = 0,
              order: list[int] | None = None, checksum: bool = True) -> bytes:
    """A container of ``chunks`` written by hand: ``gap`` zero bytes after chunk ``gap_after``, ``lead`` bytes
    before the first chunk, ``tail`` after the last, the offset table permuted by ``order``."""
    pos = 32 + 4 * len(chunks) + lead
    body, offsets = b"\0" * lead, []
    for i, c in enumerate(chunks):
        offsets.append(pos)
        body += c
        pos += len(c)
        if gap_after == i:
            body += b"\0" * gap
            pos += gap
    body += b"\0" * tail
    if order:
        offsets = [offsets[i] for i in order]
    out = bytearray(b"DXBC" + bytes(16) + struct.pack("<3I", 1, 32 + 4 * len(chunks) + len(body), len(chunks)))
    out += struct.pack(f"<{len(chunks)}I", *offsets) + body
    if checksum:
        out[4:20] = dxbc_checksum(out)
    return bytes(out)


def _set(data: bytes, offset: int, value: int, checksum: bool = True) -> bytes:
    out = bytearray(data)
    out[offset:offset + 4] = struct.pack("<I", value)
    if checksum:
        out[4:20] = dxbc_checksum(out)
    return bytes(out)


_C = _chunks(BASE)
_N = len(_C)
_OFF0 = 32 + 4 * _N

#: name -> (data, size passed; None = its length); each a sample of one fault class of the DLL's checks
VARIANTS: dict[str, tuple[bytes | None, int | None]] = {
    "valid": (BASE, None),
    "null": (None, None),
    "size 0": (BASE, 0),
    "size 1": (BASE, 1),
    "size 4": (BASE, 4),
    "size 31": (BASE, 31),
    "size 32": (BASE, 32),
    "size one short": (BASE, len(BASE) - 1),
    "size one over": (BASE + b"\0", len(BASE) + 1),
    "tag DXBD": (b"DXBD" + BASE[4:], None),
    "tag dxbc": (b"dxbc" + BASE[4:], None),
    "version 0": (_set(BASE, 20, 0), None),
    "version 2": (_set(BASE, 20, 2), None),
    "total - 4": (_set(BASE, 24, len(BASE) - 4), None),
    "total + 4": (_set(BASE, 24, len(BASE) + 4), None),
    "checksum byte": (BASE[:4] + bytes([BASE[4] ^ 1]) + BASE[5:], None),
    "payload byte": (BASE[:-1] + bytes([BASE[-1] ^ 0x55]), None),
    "no chunks": (_assemble([]), None),
    "count + 1": (_set(BASE, 28, _N + 1), None),
    "count 1000": (_set(BASE, 28, 1000), None),
    "offset past end": (_set(BASE, 32, len(BASE) + 100), None),
    "offset + 2": (_set(BASE, 32, _OFF0 + 2), None),
    "chunk size past end": (_set(BASE, _OFF0 + 4, 0x10000), None),
    "gap of 4 after chunk 0": (_assemble(_C, gap_after=0), None),
    "gap of 1 after chunk 0": (_assemble(_C, gap_after=0, gap=1), None),
    "4 bytes before chunk 0": (_assemble(_C, lead=4), None),
    "table reversed": (_assemble(_C, order=list(reversed(range(_N)))), None),
    "4 bytes after the last chunk": (_assemble(_C, tail=4), None),
    "1 byte after the last chunk": (_assemble(_C, tail=1), None),
    "RDEF renamed": (_assemble([b"XDEF" + _C[0][4:]] + _C[1:]), None),
    "program only": (_assemble([_C[3]]), None),
    "no RDEF": (_assemble(_C[1:]), None),
    "no ISGN": (_assemble(_C[:1] + _C[2:]), None),
    "no OSGN": (_assemble(_C[:2] + _C[3:]), None),
    "no SHEX": (_assemble(_C[:3] + _C[4:]), None),
    "no STAT": (_assemble(_C[:4]), None),
    "Direct3D 9 tokens": (struct.pack("<4I", 0xFFFF0200, 0x0000FFFF, 0, 0) * 4, None),
}

#: (function, a, b, extra) as tools/api_diff.api_call and the driver's 'A' request take them
FUNCTIONS = [
    ("D3DReflect", 0, 0, None),
    ("D3DGetBlobPart", 0, 0, None),
    ("D3DGetBlobPart", 4, 0, None),
    ("D3DStripShader", 1, 0, None),
    ("D3DGetInputSignatureBlob", 0, 0, None),
    ("D3DGetDebugInfo", 0, 0, None),
    ("D3DSetBlobPart", 10, 0, b"abcd"),
    ("D3DGetTraceInstructionOffsets", 0, 0, struct.pack("<I", 100)),
    ("D3DDisassembleRegion", 0, 0, struct.pack("<I", 100)),
    ("D3DDisassemble", 0, 0, None),
]

#: the parts D3DSetBlobPart is asked to write: (part, flags, data)
SET_CASES = [(part, flags, b"abcd") for part in (*range(14), 0x8000) for flags in (0, 1)] + [
    (10, 0, b""), (12, 0, b""), (10, 0, None), (12, 0, b"a"), (12, 0, b"ab\0cd"), (10, 0, b"abcde"),
    (10, 0, bytes(range(7))),
]


def _layout(data: bytes) -> str:
    """A container's size, ``FOURCC@offset+payload size`` of each chunk, and the SHA-256 of all its bytes
    (first 16 hex digits: the checksum included, so equal layouts with equal digests are equal bytes)."""
    n = struct.unpack_from("<I", data, 28)[0]
    offsets = struct.unpack_from(f"<{n}I", data, 32)
    chunks = " ".join(f"{data[o:o + 4].decode('latin-1')}@{o}+{struct.unpack_from('<I', data, o + 4)[0]}"
                      for o in offsets)
    return f"{len(data)}: {chunks} sha {hashlib.sha256(data).hexdigest()[:16]}"


def _edits(set_part) -> dict[str, bytes]:
    """Containers made by successive D3DSetBlobPart calls (``set_part(data, part, bytes)`` -> bytes)."""
    a = set_part(BASE, 10, b"abcde")
    b = set_part(a, 12, b"xyz")
    return {"PRIV 5": a, "PRIV 5 + ILDN 3": b, "PRIV 5 + ILDN 3, PRIV 1": set_part(b, 10, b"q")}


def _record(real) -> dict:
    """Every table of this file, asked of the live DLL."""
    faults = {}
    for name, (data, size) in VARIANTS.items():
        for fn, a, b, extra in FUNCTIONS:
            faults[name, fn, a] = real.api(fn, data, a, b, extra, size).hr
    sets = {}
    for part, flags, data in SET_CASES:
        r = real.api("D3DSetBlobPart", BASE, part, flags, data)
        sets[part, flags, data] = (r.hr, _layout(r.blob) if r.ok else None)
    edits = _edits(lambda d, p, x: real.api("D3DSetBlobPart", d, p, 0, x).blob)
    strips = {}
    for name, data in {**edits, "4 bytes after the last chunk": VARIANTS["4 bytes after the last chunk"][0]}.items():
        for flags in (0, 1, 8, 16):
            r = real.api("D3DStripShader", data, flags)
            strips[name, flags] = (r.hr, _layout(r.blob) if r.ok else None)
    return {"faults": faults, "sets": sets, "edits": {k: _layout(v) for k, v in edits.items()}, "strips": strips}


#: variant -> the HRESULT of each of FUNCTIONS, in order (recorded)
RECORDED_FAULTS = {
    'valid': (OK, OK, EF, OK, OK, EF, OK, OK, OK, OK),
    'null': (IC, IC, IC, IC, IC, IC, IC, IC, IC, IC),
    'size 0': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EA),
    'size 1': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'size 4': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'size 31': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'size 32': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'size one short': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'size one over': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'tag DXBD': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'tag dxbc': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'version 0': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'version 2': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'total - 4': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'total + 4': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'checksum byte': (EF, EF, EF, EF, EF, EF, EF, EF, EF, EF),
    'payload byte': (EF, EF, EF, EF, EF, EF, EF, EF, EF, EF),
    'no chunks': (EA, EF, EF, OK, EF, EF, OK, EF, EF, EF),
    'count + 1': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'count 1000': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'offset past end': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'offset + 2': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'chunk size past end': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'gap of 4 after chunk 0': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'gap of 1 after chunk 0': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    '4 bytes before chunk 0': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    'table reversed': (IC, IC, IC, IC, IC, IC, IC, IC, EA, EF),
    '4 bytes after the last chunk': (OK, OK, EF, OK, OK, EF, OK, OK, OK, OK),
    '1 byte after the last chunk': (OK, OK, EF, OK, OK, EF, OK, OK, OK, OK),
    'RDEF renamed': (OK, OK, EF, OK, OK, EF, OK, OK, OK, OK),
    'program only': (EA, EF, EF, OK, EF, EF, OK, OK, OK, OK),
    'no RDEF': (OK, OK, EF, OK, OK, EF, OK, OK, OK, OK),
    'no ISGN': (EA, EF, EF, OK, EF, EF, OK, OK, OK, OK),
    'no OSGN': (EA, OK, EF, OK, OK, EF, OK, OK, OK, OK),
    'no SHEX': (EA, OK, EF, OK, OK, EF, OK, EF, EF, EF),
    'no STAT': (OK, OK, EF, OK, OK, EF, OK, OK, OK, OK),
    'Direct3D 9 tokens': (IC, IC, IC, IC, IC, IC, IC, IC, EA, OK),
}
#: (part, flags, data) -> (HRESULT, layout of the result) (recorded)
RECORDED_SETS = {
    (0, 0, b'abcd'): (IC, None),
    (0, 1, b'abcd'): (IC, None),
    (1, 0, b'abcd'): (IC, None),
    (1, 1, b'abcd'): (IC, None),
    (2, 0, b'abcd'): (IC, None),
    (2, 1, b'abcd'): (IC, None),
    (3, 0, b'abcd'): (IC, None),
    (3, 1, b'abcd'): (IC, None),
    (4, 0, b'abcd'): (IC, None),
    (4, 1, b'abcd'): (IC, None),
    (5, 0, b'abcd'): (IC, None),
    (5, 1, b'abcd'): (IC, None),
    (6, 0, b'abcd'): (IC, None),
    (6, 1, b'abcd'): (IC, None),
    (7, 0, b'abcd'): (IC, None),
    (7, 1, b'abcd'): (IC, None),
    (8, 0, b'abcd'): (IC, None),
    (8, 1, b'abcd'): (IC, None),
    (9, 0, b'abcd'): (IC, None),
    (9, 1, b'abcd'): (IC, None),
    (10, 0, b'abcd'): (
        OK,
        '828: RDEF@56+316 ISGN@380+44 OSGN@432+44 SHEX@484+168 STAT@660+148 PRIV@816+4 sha 20afb594c6a825de'),
    (10, 1, b'abcd'): (IC, None),
    (11, 0, b'abcd'): (IC, None),
    (11, 1, b'abcd'): (IC, None),
    (12, 0, b'abcd'): (
        OK,
        '828: RDEF@56+316 ISGN@380+44 OSGN@432+44 SHEX@484+168 STAT@660+148 ILDN@816+4 sha 13064e2c1b24a6ca'),
    (12, 1, b'abcd'): (IC, None),
    (13, 0, b'abcd'): (IC, None),
    (13, 1, b'abcd'): (IC, None),
    (32768, 0, b'abcd'): (IC, None),
    (32768, 1, b'abcd'): (IC, None),
    (10, 0, b''): (IC, None),
    (12, 0, b''): (IC, None),
    (10, 0, None): (IC, None),
    (12, 0, b'a'): (
        OK,
        '825: RDEF@56+316 ISGN@380+44 OSGN@432+44 SHEX@484+168 STAT@660+148 ILDN@816+1 sha 5d45574ce2324530'),
    (12, 0, b'ab\x00cd'): (
        OK,
        '829: RDEF@56+316 ISGN@380+44 OSGN@432+44 SHEX@484+168 STAT@660+148 ILDN@816+5 sha 51aedc9be7ec77da'),
    (10, 0, b'abcde'): (
        OK,
        '829: RDEF@56+316 ISGN@380+44 OSGN@432+44 SHEX@484+168 STAT@660+148 PRIV@816+5 sha 49df03e8f539d0aa'),
    (10, 0, b'\x00\x01\x02\x03\x04\x05\x06'): (
        OK,
        '831: RDEF@56+316 ISGN@380+44 OSGN@432+44 SHEX@484+168 STAT@660+148 PRIV@816+7 sha d407e8d7f0e0afa9'),
}
#: the containers _edits makes (recorded)
RECORDED_EDITS = {
    'PRIV 5':
        '829: RDEF@56+316 ISGN@380+44 OSGN@432+44 SHEX@484+168 STAT@660+148 PRIV@816+5 sha 49df03e8f539d0aa',
    'PRIV 5 + ILDN 3':
        '844: RDEF@60+316 ISGN@384+44 OSGN@436+44 SHEX@488+168 STAT@664+148 PRIV@820+5 ILDN@833+3 sha c271cade6d7da9bc',
    'PRIV 5 + ILDN 3, PRIV 1':
        '840: RDEF@60+316 ISGN@384+44 OSGN@436+44 SHEX@488+168 STAT@664+148 ILDN@820+3 PRIV@831+1 sha bec6242392baded0',
}
#: (container, strip flags) -> (HRESULT, layout) (recorded)
RECORDED_STRIPS = {
    ('PRIV 5', 0): (
        OK,
        '829: RDEF@56+316 ISGN@380+44 OSGN@432+44 SHEX@484+168 STAT@660+148 PRIV@816+5 sha 49df03e8f539d0aa'),
    ('PRIV 5', 1): (
        OK,
        '341: ISGN@48+44 OSGN@100+44 SHEX@152+168 PRIV@328+5 sha 9c874e35e5685a03'),
    ('PRIV 5', 8): (
        OK,
        '812: RDEF@52+316 ISGN@376+44 OSGN@428+44 SHEX@480+168 STAT@656+148 sha 02f38ce00c318e1b'),
    ('PRIV 5', 16): (
        OK,
        '829: RDEF@56+316 ISGN@380+44 OSGN@432+44 SHEX@484+168 STAT@660+148 PRIV@816+5 sha 49df03e8f539d0aa'),
    ('PRIV 5 + ILDN 3', 0): (
        OK,
        '844: RDEF@60+316 ISGN@384+44 OSGN@436+44 SHEX@488+168 STAT@664+148 PRIV@820+5 ILDN@833+3 sha c271cade6d7da9bc'),
    ('PRIV 5 + ILDN 3', 1): (
        OK,
        '356: ISGN@52+44 OSGN@104+44 SHEX@156+168 PRIV@332+5 ILDN@345+3 sha af157b5c3dcdac8b'),
    ('PRIV 5 + ILDN 3', 8): (
        OK,
        '827: RDEF@56+316 ISGN@380+44 OSGN@432+44 SHEX@484+168 STAT@660+148 ILDN@816+3 sha f4201283faef5a6a'),
    ('PRIV 5 + ILDN 3', 16): (
        OK,
        '844: RDEF@60+316 ISGN@384+44 OSGN@436+44 SHEX@488+168 STAT@664+148 PRIV@820+5 ILDN@833+3 sha c271cade6d7da9bc'),
    ('PRIV 5 + ILDN 3, PRIV 1', 0): (
        OK,
        '840: RDEF@60+316 ISGN@384+44 OSGN@436+44 SHEX@488+168 STAT@664+148 ILDN@820+3 PRIV@831+1 sha bec6242392baded0'),
    ('PRIV 5 + ILDN 3, PRIV 1', 1): (
        OK,
        '352: ISGN@52+44 OSGN@104+44 SHEX@156+168 ILDN@332+3 PRIV@343+1 sha d2ad157dfb778dfa'),
    ('PRIV 5 + ILDN 3, PRIV 1', 8): (
        OK,
        '827: RDEF@56+316 ISGN@380+44 OSGN@432+44 SHEX@484+168 STAT@660+148 ILDN@816+3 sha f4201283faef5a6a'),
    ('PRIV 5 + ILDN 3, PRIV 1', 16): (
        OK,
        '840: RDEF@60+316 ISGN@384+44 OSGN@436+44 SHEX@488+168 STAT@664+148 ILDN@820+3 PRIV@831+1 sha bec6242392baded0'),
    ('4 bytes after the last chunk', 0): (
        OK,
        '812: RDEF@52+316 ISGN@376+44 OSGN@428+44 SHEX@480+168 STAT@656+148 sha 02f38ce00c318e1b'),
    ('4 bytes after the last chunk', 1): (
        OK,
        '324: ISGN@44+44 OSGN@96+44 SHEX@148+168 sha a30edef94bb6e333'),
    ('4 bytes after the last chunk', 8): (
        OK,
        '812: RDEF@52+316 ISGN@376+44 OSGN@428+44 SHEX@480+168 STAT@656+148 sha 02f38ce00c318e1b'),
    ('4 bytes after the last chunk', 16): (
        OK,
        '812: RDEF@52+316 ISGN@376+44 OSGN@428+44 SHEX@480+168 STAT@656+148 sha 02f38ce00c318e1b'),
}


def _ours(fn: str, data: bytes | None, a: int, b: int, extra: bytes | None, size: int | None) -> int:
    try:
        return api_call(fn, data, a, b, extra, size)[0]
    except NotSupportedError:
        return -1


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_fault_hresults(variant):
    """Each function's HRESULT for each sample of the DLL's container checks, as recorded."""
    data, size = VARIANTS[variant]
    got = tuple(_ours(fn, data, a, b, extra, size) for fn, a, b, extra in FUNCTIONS)
    assert got == RECORDED_FAULTS[variant]


@pytest.mark.parametrize("case", list(SET_CASES), ids=repr)
def test_set_blob_part(case):
    """D3DSetBlobPart: which parts and flags are accepted, and the bytes of the result (an unpadded chunk
    appended after the others; empty data refused)."""
    part, flags, data = case
    hr, blob, _ = api_call("D3DSetBlobPart", BASE, part, flags, data)
    assert (hr, _layout(blob) if hr == OK else None) == RECORDED_SETS[case]


def _set_part(data: bytes, part: int, payload: bytes) -> bytes:
    return bytes(dc.D3DSetBlobPart(data, len(data), part, 0, payload, len(payload)))


@pytest.mark.parametrize("name", list(RECORDED_EDITS))
def test_set_blob_part_replaces_and_appends(name):
    """A second D3DSetBlobPart of a part removes its chunk and appends the new one after the others."""
    assert _layout(_edits(_set_part)[name]) == RECORDED_EDITS[name]


@pytest.mark.parametrize("key", list(RECORDED_STRIPS), ids=repr)
def test_strip_shader_rewrites_unpadded(key):
    """D3DStripShader writes the chunks it keeps back to back (unaligned ones too) and drops trailing bytes."""
    name, flags = key
    data = {**_edits(_set_part), "4 bytes after the last chunk": VARIANTS["4 bytes after the last chunk"][0]}[name]
    hr, blob, _ = api_call("D3DStripShader", data, flags)
    assert (hr, _layout(blob) if hr == OK else None) == RECORDED_STRIPS[key]


def test_our_containers_have_no_gaps():
    """build_container writes chunks back to back (the DLL refuses a gap): an unaligned chunk (a library's, a
    /Zi program's PYDB) is followed directly by the next, so the DLL's checks accept this project's objects."""
    from pyd3d11.shader.blob import container_fault
    from pyd3d11.shader.dxbc.container import build_container

    blob = build_container([("ABCD", b"\x01\x02\x03"), ("WXYZ", b"")])
    assert struct.unpack_from("<2I", blob, 32) == (40, 40 + 8 + 3) and len(blob) == 40 + 11 + 8
    assert container_fault(blob, len(blob)) is None
    src = b"float4 main(float4 p : P) : SV_Target { float4 q = p * 2; return q; }"
    obj = bytes(dc.D3DCompile(src, len(src), "t.hlsl", None, None, "main", "ps_5_0", dc.D3DCOMPILE_DEBUG, 0, None))
    assert container_fault(obj, len(obj)) is None
    dc.D3DReflect(obj)


def test_reflection_lookups_return_the_same_objects():
    """The DLL hands out one object per member type, variable type, base class (its dump's ``same=1`` for
    every member looked up by index and by name, recorded over the SlimShader corpus)."""
    src = b"""struct S { float a; float3 b[2]; };
    cbuffer C { float4 x; S s; }
    float4 main() : SV_Target { return x + s.b[1].x + s.a; }"""
    r = dc.D3DReflect(dc.D3DCompile(src, len(src), "t.hlsl", None, None, "main", "ps_5_0", 0, 0, None))
    v = r.GetVariableByName("s")
    t = v.GetType()
    assert v.GetType() is t
    for i, name in enumerate(("a", "b")):
        assert t.GetMemberTypeByIndex(i) is t.GetMemberTypeByName(name) is t.GetMemberTypeByIndex(i)
    assert r.GetConstantBufferByName("C").GetVariableByIndex(1) is v


def test_disassemble_of_an_effect_is_not_built():
    """The DLL lists an fx_4_0 object (a technique/pass view); this project's listing of one is not built."""
    from pyd3d11.shader.compiler_tools import _EFFECT_TAGS

    for tag in _EFFECT_TAGS:
        with pytest.raises(NotSupportedError, match="effect"):
            dc.D3DDisassemble(tag + bytes(60), 64, 0, None)


@pytest.mark.xfail(strict=True, reason="the DLL accepts FxDis test_PS.o's stored checksum, which neither its "
                   "writer nor this project's MD5 variant produces for those bytes (not reproduced)")
def test_hand_edited_slimshader_object_reflects():
    from conftest import conformance_path

    path = conformance_path("dxbc-corpus", "slimshader") / "FxDis" / "test_PS.o"
    if not path.exists():
        pytest.skip("no conformance data")
    dc.D3DReflect(path.read_bytes())


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None,
                    reason=str(wine_d3dcompiler.unavailable_reason()))
def test_recorded_tables_match_the_live_dll():
    got = _record(wine_d3dcompiler.shared())
    assert got["faults"] == {(v, fn, a): RECORDED_FAULTS[v][i] for v in VARIANTS
                             for i, (fn, a, _b, _e) in enumerate(FUNCTIONS)}
    assert got["sets"] == RECORDED_SETS
    assert got["edits"] == RECORDED_EDITS
    assert got["strips"] == RECORDED_STRIPS
