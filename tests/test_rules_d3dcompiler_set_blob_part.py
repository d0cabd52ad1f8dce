"""D3DSetBlobPart (MicrosoftDocs d3dcompiler "D3DSetBlobPart function"): only D3D_BLOB_PRIVATE_DATA can be set, no
flags are defined, the result is a new shader holding the data "as arbitrary uninterpreted data", which
D3DGetBlobPart returns and D3DStripShader(D3DCOMPILER_STRIP_PRIVATE_DATA) removes. The HRESULT for another part or
nonzero flags is inferred (D3DERR_INVALIDCALL, as D3DGetBlobPart answers an unknown part); the header checks are
those of the other blob functions (tests/test_rules_d3dcompiler_errors.py)."""

from __future__ import annotations

import struct

import pytest

from pyd3d11.d3dcompiler import (
    D3D_BLOB_DEBUG_INFO,
    D3D_BLOB_INPUT_SIGNATURE_BLOB,
    D3D_BLOB_PRIVATE_DATA,
    D3DCOMPILER_STRIP_PRIVATE_DATA,
    D3DCompile,
    D3DGetBlobPart,
    D3DReflect,
    D3DSetBlobPart,
    D3DStripShader,
)
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.dxbc.container import parse_container

INVALIDCALL, E_FAIL, E_INVALIDARG = 0x8876086C, 0x80004005, 0x80070057


@pytest.fixture(scope="module")
def blob() -> bytes:
    return bytes(D3DCompile("float4 main(float4 p : P) : SV_Target { return p * 2; }", None, "t.hlsl", None, None,
                            "main", "ps_5_0"))


def _set(data: bytes, part: bytes, size: int | None = None) -> bytes:
    return bytes(D3DSetBlobPart(data, len(data), D3D_BLOB_PRIVATE_DATA, 0, part, len(part) if size is None else size))


@pytest.mark.parametrize("payload", [b"x", b"hello", b"\x00\x01\x02\x03\x04\x05\x06", bytes(range(256)) * 3])
def test_private_data_round_trips(blob, payload):
    new = _set(blob, payload)
    assert bytes(D3DGetBlobPart(new, len(new), D3D_BLOB_PRIVATE_DATA, 0)) == payload


def test_the_new_shader_is_a_valid_container_with_the_old_chunks(blob):
    new = _set(blob, b"private")
    old_c, new_c = parse_container(blob), parse_container(new)  # parse_container verifies the checksum
    assert [c.fourcc for c in new_c.chunks if c.fourcc != "PRIV"] == [c.fourcc for c in old_c.chunks]
    assert all(new_c.get(c.fourcc) == c.data for c in old_c.chunks)
    assert D3DReflect(new).GetDesc().InputParameters == 1
    assert bytes(D3DGetBlobPart(new, len(new), D3D_BLOB_INPUT_SIGNATURE_BLOB, 0)) == \
        bytes(D3DGetBlobPart(blob, len(blob), D3D_BLOB_INPUT_SIGNATURE_BLOB, 0))


def test_setting_again_replaces_the_private_data(blob):
    once = _set(blob, b"first")
    twice = _set(once, b"second!")
    assert bytes(D3DGetBlobPart(twice, len(twice), D3D_BLOB_PRIVATE_DATA, 0)) == b"second!"
    assert [c.fourcc for c in parse_container(twice).chunks].count("PRIV") == 1


def test_part_size_limits_the_data(blob):
    new = _set(blob, b"abcdef", 3)
    assert bytes(D3DGetBlobPart(new, len(new), D3D_BLOB_PRIVATE_DATA, 0)) == b"abc"


def test_strip_private_data_removes_it(blob):
    new = _set(blob, b"gone")
    stripped = bytes(D3DStripShader(new, len(new), D3DCOMPILER_STRIP_PRIVATE_DATA))
    with pytest.raises(D3D11Error) as ei:
        D3DGetBlobPart(stripped, len(stripped), D3D_BLOB_PRIVATE_DATA, 0)
    assert ei.value.hresult == E_FAIL


@pytest.mark.parametrize("part", [D3D_BLOB_INPUT_SIGNATURE_BLOB, D3D_BLOB_DEBUG_INFO, 11, 0x8000, -1])
def test_only_private_data_can_be_set(blob, part):
    with pytest.raises(D3D11Error) as ei:
        D3DSetBlobPart(blob, len(blob), part, 0, b"x", 1)
    assert ei.value.hresult == INVALIDCALL


@pytest.mark.parametrize("flags", [1, 2, 0x80000000])
def test_flags_must_be_zero(blob, flags):
    with pytest.raises(D3D11Error) as ei:
        D3DSetBlobPart(blob, len(blob), D3D_BLOB_PRIVATE_DATA, flags, b"x", 1)
    assert ei.value.hresult == INVALIDCALL


# session 37: d3dcompiler_47 10.1 under Wine answers every header fault, the tag and the version included, with
# D3DERR_INVALIDCALL (tests/test_rules_d3dcompiler_api_s37.py; these rows said E_FAIL / E_INVALIDARG)
@pytest.mark.parametrize("case,hr", [("empty", INVALIDCALL), ("not DXBC", INVALIDCALL), ("short", INVALIDCALL),
                                     ("version 2", INVALIDCALL), ("size field too big", INVALIDCALL)])
def test_bad_shader_data(blob, case, hr):
    data = {"empty": b"", "not DXBC": b"DXBD" + blob[4:], "short": blob[:20],
            "version 2": blob[:20] + struct.pack("<I", 2) + blob[24:],
            "size field too big": blob[:24] + struct.pack("<I", len(blob) + 4) + blob[28:]}[case]
    with pytest.raises(D3D11Error) as ei:
        D3DSetBlobPart(data, len(data), D3D_BLOB_PRIVATE_DATA, 0, b"x", 1)
    assert ei.value.hresult == hr
