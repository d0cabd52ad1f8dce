"""HRESULTs of D3DReflect, D3DGetBlobPart and D3DStripShader for bad input, case by case.

Source: d3dcompiler_47's behaviour as Wine's d3dcompiler implementation reproduces it (dlls/d3dcompiler_43
blob.c / reflection.c, the D3D_COMPILER_VERSION >= 46 branches): D3DERR_INVALIDCALL (0x8876086C) for no
data, a short header, a header size field that differs from the size passed, nonzero D3DGetBlobPart flags
and a part outside D3D_BLOB_PART; E_FAIL for data without the ``DXBC`` tag and for an absent part;
E_INVALIDARG for a container version other than 1 and for a D3DReflect interface other than
ID3D11ShaderReflection. Expected values are the constants of winerror.h / d3d9.h, not the code under test.

Session 37: Microsoft's d3dcompiler_47 10.1 itself (under Wine, tests/test_rules_d3dcompiler_api_s37.py) answers
data without the ``DXBC`` tag and a container version other than 1 with D3DERR_INVALIDCALL, as every other
fault of the header; those rows are rewritten to the DLL's answers (Wine's reimplementation said E_FAIL and
E_INVALIDARG).
"""

from __future__ import annotations

import struct

import pytest

from pyd3d11.errors import D3D11Error
from pyd3d11.shader.blob import D3DGetBlobPart, D3DStripShader
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

INVALIDCALL, E_FAIL, E_INVALIDARG = 0x8876086C, 0x80004005, 0x80070057


@pytest.fixture(scope="module")
def blob() -> bytes:
    return bytes(D3DCompile("float4 main(float4 p : P) : SV_Target { return p; }", None, "t.hlsl", None, None,
                            "main", "ps_5_0"))


def _with(data: bytes, offset: int, value: int) -> bytes:
    return data[:offset] + struct.pack("<I", value) + data[offset + 4:]


def _bad_inputs(data: bytes) -> dict[str, tuple[bytes, int | None]]:
    """name -> (data, size passed or None for all of it)."""
    return {
        "empty": (b"", None),
        "not DXBC": (b"DXBD" + data[4:], None),
        "garbage": (b"garbage!" * 8, None),
        "short": (data[:20], None),
        "version 2": (_with(data, 20, 2), None),
        "size field too big": (_with(data, 24, len(data) + 4), None),
        "size passed too small": (data, len(data) - 4),
    }


#: case -> expected HRESULT, per function
REFLECT = {"empty": INVALIDCALL, "not DXBC": INVALIDCALL, "garbage": INVALIDCALL, "short": INVALIDCALL,
           "version 2": INVALIDCALL, "size field too big": INVALIDCALL, "size passed too small": INVALIDCALL}
BLOB_PART = {"empty": INVALIDCALL, "not DXBC": INVALIDCALL, "garbage": INVALIDCALL, "short": INVALIDCALL,
             "version 2": INVALIDCALL, "size field too big": INVALIDCALL, "size passed too small": INVALIDCALL}


@pytest.mark.parametrize("case", list(REFLECT))
def test_d3dreflect_bad_data(blob, case):
    data, size = _bad_inputs(blob)[case]
    with pytest.raises(D3D11Error) as ei:
        D3DReflect(data, size) if size is not None else D3DReflect(data)
    assert ei.value.hresult == REFLECT[case]


@pytest.mark.parametrize("case", list(BLOB_PART))
def test_d3dgetblobpart_bad_data(blob, case):
    data, size = _bad_inputs(blob)[case]
    with pytest.raises(D3D11Error) as ei:
        D3DGetBlobPart(data, len(data) if size is None else size, 0, 0)
    assert ei.value.hresult == BLOB_PART[case]


@pytest.mark.parametrize("case", list(BLOB_PART))
def test_d3dstripshader_bad_data(blob, case):
    data, size = _bad_inputs(blob)[case]
    with pytest.raises(D3D11Error) as ei:
        D3DStripShader(data, len(data) if size is None else size, 0)
    assert ei.value.hresult == BLOB_PART[case]


@pytest.mark.parametrize("part,hr", [(13, INVALIDCALL), (0x7FFF, INVALIDCALL), (0x8004, INVALIDCALL),
                                     (-1, INVALIDCALL), (5, E_FAIL), (0x8000, E_FAIL), (0x8002, E_FAIL)])
def test_d3dgetblobpart_part_values(blob, part, hr):
    """Outside D3D_BLOB_PART: D3DERR_INVALIDCALL before the data is read; a valid part the blob lacks
    (SDBG debug info, the compiler's test parts): E_FAIL."""
    with pytest.raises(D3D11Error) as ei:
        D3DGetBlobPart(blob, len(blob), part, 0)
    assert ei.value.hresult == hr


@pytest.mark.parametrize("flags", [1, 2, 0x80000000])
def test_d3dgetblobpart_flags_must_be_zero(blob, flags):
    with pytest.raises(D3D11Error) as ei:
        D3DGetBlobPart(blob, len(blob), 0, flags)
    assert ei.value.hresult == INVALIDCALL


def test_d3dgetblobpart_checks_flags_before_data():
    with pytest.raises(D3D11Error) as ei:
        D3DGetBlobPart(b"garbage!" * 8, 64, 0, 1)
    assert ei.value.hresult == INVALIDCALL


def test_d3dreflect_wrong_interface_is_invalidarg(blob):
    with pytest.raises(D3D11Error) as ei:
        D3DReflect(blob, len(blob), "00000000-0000-0000-0000-000000000001")
    assert ei.value.hresult == E_INVALIDARG


def test_d3dreflect_checks_size_before_interface(blob):
    with pytest.raises(D3D11Error) as ei:
        D3DReflect(blob[:16], 16, "00000000-0000-0000-0000-000000000001")
    assert ei.value.hresult == INVALIDCALL


def test_valid_calls_still_work(blob):
    assert bytes(D3DGetBlobPart(blob, len(blob), 0, 0))[:4] == b"DXBC"
    assert bytes(D3DStripShader(blob, len(blob), 1))[:4] == b"DXBC"
    assert D3DReflect(blob).GetDesc().InputParameters == 1
