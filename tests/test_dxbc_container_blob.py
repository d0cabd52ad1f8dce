"""d3dcompiler blob API: ID3DBlob, D3DGetBlobPart and friends, D3DStripShader."""

from __future__ import annotations

import struct

import pytest
from conftest import conformance_path

from pyd3d11.errors import D3DERR_INVALIDCALL, E_FAIL, D3D11Error, InvalidArgError
from pyd3d11.shader.blob import (
    D3DCreateBlob,
    D3DGetBlobPart,
    D3DGetDebugInfo,
    D3DGetInputAndOutputSignatureBlob,
    D3DGetInputSignatureBlob,
    D3DGetOutputSignatureBlob,
    D3DStripShader,
    ID3DBlob,
)
from pyd3d11.shader.dxbc.checksum import dxbc_checksum
from pyd3d11.shader.dxbc.container import build_container

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _raw_chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """Chunks read straight from the header (independent of parse_container)."""
    n = struct.unpack_from("<I", data, 28)[0]
    out = []
    for off in struct.unpack_from(f"<{n}I", data, 32):
        size = struct.unpack_from("<I", data, off + 4)[0]
        out.append((data[off:off + 4], data[off + 8:off + 8 + size]))
    return out


def _hs() -> bytes:
    return (conformance_path("dxbc-corpus", "slimshader") / "Sdk/Direct3D11/SubD11/SubD11_HS.o").read_bytes()


def test_blob_object():
    b = D3DCreateBlob(8)
    assert b.GetBufferSize() == 8 and len(b) == 8 and bytes(b) == bytes(8)
    b.GetBufferPointer()[0:2] = b"\x01\x02"
    assert bytes(b)[:3] == b"\x01\x02\x00"
    assert ID3DBlob(b"abc") == b"abc" and ID3DBlob(b"abc") == ID3DBlob(bytearray(b"abc"))
    with pytest.raises(InvalidArgError):
        D3DCreateBlob(-1)


@pytest.mark.parametrize("part, getter, wanted", [
    (0, D3DGetInputSignatureBlob, [b"ISGN"]),
    (1, D3DGetOutputSignatureBlob, [b"OSGN"]),
    (2, D3DGetInputAndOutputSignatureBlob, [b"ISGN", b"OSGN"]),
    (3, None, [b"PCSG"]),
    (4, None, [b"ISGN", b"OSGN", b"PCSG"]),
])
def test_signature_parts(part, getter, wanted):
    data = _hs()
    src = dict(_raw_chunks(data))
    for blob in [D3DGetBlobPart(data, len(data), part, 0), D3DGetBlobPart(data, Part=part)] + (
            [getter(data), getter(data, len(data))] if getter else []):
        out = bytes(blob)
        assert out[:4] == b"DXBC" and dxbc_checksum(out) == out[4:20]
        assert struct.unpack_from("<I", out, 24)[0] == len(out)
        assert _raw_chunks(out) == [(fc, src[fc]) for fc in wanted]


def test_missing_and_bad_parts():
    data = _hs()
    for part in (5, 6, 9, 10, 11, 12):  # the corpus blob has no SDBG/Aon9/SPDB/PRIV/RTS0/ILDN
        with pytest.raises(D3D11Error) as exc:
            D3DGetBlobPart(data, Part=part)
        assert exc.value.hresult == E_FAIL
    with pytest.raises(D3D11Error):
        D3DGetDebugInfo(data)
    # d3dcompiler_47 (as Wine's d3dcompiler implementation of D3DGetBlobPart reproduces it): nonzero
    # flags and a value outside D3D_BLOB_PART are D3DERR_INVALIDCALL, data without the DXBC tag E_FAIL
    with pytest.raises(D3D11Error) as exc:
        D3DGetBlobPart(data, len(data), 0, 1)
    assert exc.value.hresult == D3DERR_INVALIDCALL
    with pytest.raises(D3D11Error) as exc:
        D3DGetBlobPart(data, Part=99)
    assert exc.value.hresult == D3DERR_INVALIDCALL
    with pytest.raises(D3D11Error) as exc:
        D3DGetBlobPart(b"garbage" * 8, Part=0)
    # d3dcompiler_47 10.1 itself (under Wine, session 37): data without the tag is D3DERR_INVALIDCALL, not Wine's
    # reimplementation's E_FAIL (tests/test_rules_d3dcompiler_api_s37.py)
    assert exc.value.hresult == D3DERR_INVALIDCALL
    vs_only = build_container([("SHDR", b"\0" * 8)])
    with pytest.raises(D3D11Error):
        D3DGetInputSignatureBlob(vs_only)


def test_raw_parts_return_payload():
    blob = build_container([("ISGN", struct.pack("<2I", 0, 8)), ("SDBG", b"dbg!"), ("PRIV", b"private"),
                            ("RTS0", b"rs"), ("Aon9", b"sm2 code")])
    assert bytes(D3DGetDebugInfo(blob)) == b"dbg!"
    assert bytes(D3DGetBlobPart(blob, Part=10)) == b"private"
    # D3D_BLOB_ROOT_SIGNATURE is a container holding RTS0 alone (d3dcompiler_47 10.1, session 41 REFL:
    # tests/test_rules_reflect_fxc_s41.py's blob_api rows; this line expected the bare payload before)
    assert bytes(D3DGetBlobPart(blob, Part=11)) == build_container([("RTS0", b"rs")])
    assert bytes(D3DGetBlobPart(blob, Part=6)) == b"sm2 code"


def test_strip_shader():
    data = _hs()
    stripped = bytes(D3DStripShader(data, len(data), 1))
    assert [fc for fc, _ in _raw_chunks(stripped)] == [b"ISGN", b"OSGN", b"PCSG", b"SHEX"]
    assert dxbc_checksum(stripped) == stripped[4:20]
    assert bytes(D3DStripShader(data, uStripFlags=2)) == data  # nothing to strip: identical blob
    blob = build_container([("RDEF", b"\0" * 28), ("SDBG", b"x"), ("PRIV", b"p"), ("RTS0", b"r"), ("SHDR", b"")])
    fourccs = lambda b: [fc for fc, _ in _raw_chunks(bytes(b))]  # noqa: E731
    assert fourccs(D3DStripShader(blob, uStripFlags=2 | 8)) == [b"RDEF", b"RTS0", b"SHDR"]
    assert fourccs(D3DStripShader(blob, uStripFlags=16 | 1)) == [b"SDBG", b"PRIV", b"SHDR"]
    assert fourccs(D3DStripShader(ID3DBlob(blob), uStripFlags=0)) == fourccs(blob)
