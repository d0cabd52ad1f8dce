"""D3DReadFileToBlob / D3DWriteBlobToFile and the release of
interfaces stored with SetPrivateDataInterface (issue 16 item 7; MicrosoftDocs pages of each). ID3D11Multithread is
tested in test_api_threading.py."""

from __future__ import annotations

import uuid

import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DReadFileToBlob, D3DWriteBlobToFile, ID3DBlob
from pyd3d11.errors import D3D11Error


def _device(flags=0):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, flags, [0xB000], 1, 7)  # noqa: F405
    return dev, ctx


# --- ID3DUserDefinedAnnotation: tests/test_debug_capture.py (recorded while the frame recorder captures) ----

# --- D3DReadFileToBlob / D3DWriteBlobToFile --------------------------------------------------------------

def test_write_then_read_blob_round_trip(tmp_path):
    p = tmp_path / "shader.cso"
    D3DWriteBlobToFile(ID3DBlob(b"\x01\x02\x03"), str(p), True)
    blob = D3DReadFileToBlob(str(p))
    assert isinstance(blob, ID3DBlob) and bytes(blob) == b"\x01\x02\x03" and blob.GetBufferSize() == 3


def test_write_blob_without_overwrite_keeps_existing_file(tmp_path):
    p = tmp_path / "x.bin"
    p.write_bytes(b"old")
    with pytest.raises(D3D11Error) as e:
        D3DWriteBlobToFile(b"new", str(p), False)
    assert e.value.hresult == 0x80070050  # HRESULT_FROM_WIN32(ERROR_FILE_EXISTS)
    assert p.read_bytes() == b"old"
    D3DWriteBlobToFile(b"new", str(p), True)
    assert p.read_bytes() == b"new"


def test_read_missing_file_is_file_not_found(tmp_path):
    with pytest.raises(D3D11Error) as e:
        D3DReadFileToBlob(str(tmp_path / "missing.cso"))
    assert e.value.hresult == 0x80070002  # HRESULT_FROM_WIN32(ERROR_FILE_NOT_FOUND)


# --- SetPrivateDataInterface ------------------------------------------------------------------------------

def _refs(obj):
    n = obj.AddRef()
    obj.Release()
    return n - 1


def test_private_data_interface_released_when_owner_destroyed():
    dev, ctx = _device()
    owner = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=1))  # noqa: F405
    held = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=1))  # noqa: F405
    guid = uuid.uuid4()
    owner.SetPrivateDataInterface(guid, held)
    assert _refs(held) == 2
    assert owner.Release() == 0  # destroyed
    assert _refs(held) == 1


def test_private_data_interface_released_when_replaced_or_cleared():
    dev, ctx = _device()
    owner = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=1))  # noqa: F405
    a = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=1))  # noqa: F405
    guid = uuid.uuid4()
    owner.SetPrivateDataInterface(guid, a)
    owner.SetPrivateDataInterface(guid, None)
    assert _refs(a) == 1
    owner.SetPrivateDataInterface(guid, a)
    owner.SetPrivateData(guid, 4, b"abcd")  # replacing with bytes releases too
    assert _refs(a) == 1


def test_private_data_interface_kept_while_owner_bound():
    dev, ctx = _device()
    owner = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=1))  # noqa: F405
    held = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=1))  # noqa: F405
    owner.SetPrivateDataInterface(uuid.uuid4(), held)
    ctx.IASetVertexBuffers(0, 1, [owner], [16], [0])
    owner.Release()  # public count 0, still bound: not destroyed yet
    assert _refs(held) == 2
    ctx.IASetVertexBuffers(0, 1, [None], [0], [0])
    assert _refs(held) == 1
