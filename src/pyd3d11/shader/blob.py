"""ID3DBlob and the d3dcompiler blob functions (D3DCreateBlob, D3DGetBlobPart, D3DStripShader, …).

Signature parts come back as stand-alone DXBC containers holding just those chunks (with a valid
checksum), as d3dcompiler returns them; the other parts return the chunk payload itself.
"""

from __future__ import annotations

import os
import struct
from typing import Any

from pyd3d11.errors import D3DERR_INVALIDCALL, E_FAIL, E_INVALIDARG, D3D11Error, InvalidArgError, error_for
from pyd3d11.headers.d3dcompiler_types import (
    D3D_BLOB_ALL_SIGNATURE_BLOB,
    D3D_BLOB_DEBUG_INFO,
    D3D_BLOB_DEBUG_NAME,
    D3D_BLOB_INPUT_AND_OUTPUT_SIGNATURE_BLOB,
    D3D_BLOB_INPUT_SIGNATURE_BLOB,
    D3D_BLOB_LEGACY_SHADER,
    D3D_BLOB_OUTPUT_SIGNATURE_BLOB,
    D3D_BLOB_PATCH_CONSTANT_SIGNATURE_BLOB,
    D3D_BLOB_PDB,
    D3D_BLOB_PRIVATE_DATA,
    D3D_BLOB_ROOT_SIGNATURE,
    D3D_BLOB_TEST_ALTERNATE_SHADER,
    D3D_BLOB_TEST_COMPILE_REPORT,
    D3D_BLOB_XNA_PREPASS_SHADER,
    D3D_BLOB_XNA_SHADER,
    D3DCOMPILER_STRIP_DEBUG_INFO,
    D3DCOMPILER_STRIP_PRIVATE_DATA,
    D3DCOMPILER_STRIP_REFLECTION_DATA,
    D3DCOMPILER_STRIP_ROOT_SIGNATURE,
    D3DCOMPILER_STRIP_TEST_BLOBS,
)

from .dxbc.checksum import dxbc_checksum
from .dxbc.container import (
    INPUT_SIGNATURE_FOURCCS,
    OUTPUT_SIGNATURE_FOURCCS,
    PATCH_CONSTANT_SIGNATURE_FOURCCS,
    DxbcContainer,
    build_container,
    parse_container,
)

__all__ = [
    "ID3DBlob",
    "D3DCreateBlob",
    "D3DGetBlobPart",
    "D3DGetInputSignatureBlob",
    "D3DGetOutputSignatureBlob",
    "D3DGetInputAndOutputSignatureBlob",
    "D3DStripShader",
    "D3DSetBlobPart",
    "D3DGetDebugInfo",
    "blob_bytes",
    "read_container",
    "DXBC_FAULT_CODES",
]

#: Signature parts -> the chunk groups they collect (in this order).
_SIGNATURE_PARTS: dict[int, tuple[tuple[str, ...], ...]] = {
    D3D_BLOB_INPUT_SIGNATURE_BLOB: (INPUT_SIGNATURE_FOURCCS,),
    D3D_BLOB_OUTPUT_SIGNATURE_BLOB: (OUTPUT_SIGNATURE_FOURCCS,),
    D3D_BLOB_INPUT_AND_OUTPUT_SIGNATURE_BLOB: (INPUT_SIGNATURE_FOURCCS, OUTPUT_SIGNATURE_FOURCCS),
    D3D_BLOB_PATCH_CONSTANT_SIGNATURE_BLOB: (PATCH_CONSTANT_SIGNATURE_FOURCCS,),
    D3D_BLOB_ALL_SIGNATURE_BLOB: (INPUT_SIGNATURE_FOURCCS, OUTPUT_SIGNATURE_FOURCCS,
                                  PATCH_CONSTANT_SIGNATURE_FOURCCS),
}
#: Raw parts -> chunk FourCC whose payload is returned.
_RAW_PARTS = {
    D3D_BLOB_DEBUG_INFO: "SDBG",
    D3D_BLOB_LEGACY_SHADER: "Aon9",
    D3D_BLOB_XNA_PREPASS_SHADER: "XNAP",
    D3D_BLOB_XNA_SHADER: "XNAS",
    D3D_BLOB_PDB: "SPDB",
    D3D_BLOB_PRIVATE_DATA: "PRIV",
    D3D_BLOB_ROOT_SIGNATURE: "RTS0",
    D3D_BLOB_DEBUG_NAME: "ILDN",
}
#: D3DStripShader flag -> chunks removed.
_STRIP = {
    D3DCOMPILER_STRIP_REFLECTION_DATA: ("RDEF", "STAT"),
    # the debug name (ILDN) stays: d3dcompiler_47 10.1 keeps it (session 49)
    D3DCOMPILER_STRIP_DEBUG_INFO: ("SDBG", "SPDB", "ILDB", "PYDB"),
    D3DCOMPILER_STRIP_TEST_BLOBS: ("TEST",),
    D3DCOMPILER_STRIP_PRIVATE_DATA: ("PRIV",),
    D3DCOMPILER_STRIP_ROOT_SIGNATURE: ("RTS0",),
}


class ID3DBlob(bytearray):
    """A byte buffer (ID3D10Blob). It *is* a bytearray, so the buffer protocol works everywhere
    (``memoryview(blob)``, ``numpy.frombuffer``, ``bytes(blob)``); ``GetBufferPointer()`` is a writable
    memoryview and ``GetBufferSize()`` its length."""

    def __init__(self, data: Any = b"") -> None:
        super().__init__(blob_bytes(data))
        self._refs = 1

    def GetBufferPointer(self) -> memoryview:  # noqa: N802 - COM name
        return memoryview(self)

    def GetBufferSize(self) -> int:  # noqa: N802
        return len(self)

    def AddRef(self) -> int:  # noqa: N802
        self._refs += 1
        return self._refs

    def Release(self) -> int:  # noqa: N802
        self._refs = max(0, self._refs - 1)
        return self._refs

    def __repr__(self) -> str:
        return f"ID3DBlob({len(self)} bytes)"


def blob_bytes(data: Any) -> bytes:
    """Bytes of an ID3DBlob or any buffer-protocol object."""
    if isinstance(data, ID3DBlob):
        return bytes(data)
    if isinstance(data, bytes):
        return data
    try:
        return bytes(memoryview(data).cast("B"))
    except TypeError as exc:
        raise InvalidArgError(E_INVALIDARG, f"expected a bytes-like object, got {type(data).__name__}") from exc


def D3DCreateBlob(Size: int) -> ID3DBlob:  # noqa: N802,N803
    """A zero-filled blob of ``Size`` bytes."""
    if Size < 0:
        raise InvalidArgError(E_INVALIDARG, f"negative blob size {Size}", "D3DCreateBlob")
    return ID3DBlob(bytes(Size))


#: The HRESULT each family of functions returns for each fault of the data it is given, recorded from
#: d3dcompiler_47 10.1 under Wine (session 37; tests/test_rules_d3dcompiler_api_s37_errors.py). The pages name
#: no failure codes. "null": a NULL pointer; "empty": a pointer with a size of 0; "header": anything the
#: container's header describes wrongly -- fewer than 32 bytes, a tag other than ``DXBC`` (case counts), a
#: container version other than 1, a total-size field other than the size passed, a chunk table or a chunk
#: that does not fit; "checksum": the MD5 variant of the bytes from 20 on differs from the stored one.
#: "blob": D3DReflect, D3DGetBlobPart, D3DStripShader, D3DSetBlobPart, D3DGet*SignatureBlob, D3DGetDebugInfo,
#: D3DGetTraceInstructionOffsets; "region": D3DDisassembleRegion; "disassemble": D3DDisassemble (data that is
#: no container at all is read as Direct3D 9 bytecode there first).
DXBC_FAULT_CODES: dict[str, dict[str, int]] = {
    "blob": {"null": D3DERR_INVALIDCALL, "empty": D3DERR_INVALIDCALL, "header": D3DERR_INVALIDCALL,
             "checksum": E_FAIL},
    "region": {"null": D3DERR_INVALIDCALL, "empty": E_INVALIDARG, "header": E_INVALIDARG, "checksum": E_FAIL},
    "disassemble": {"null": D3DERR_INVALIDCALL, "empty": E_INVALIDARG, "header": E_FAIL, "checksum": E_FAIL},
}


def container_fault(data: bytes, size: int) -> str | None:
    """Why ``size`` bytes of ``data`` are not a well-formed DXBC container (the "header" faults of
    DXBC_FAULT_CODES), or None. The checksum is not looked at."""
    if size > len(data):
        return f"a size of {size} was passed with {len(data)} bytes of data"
    if size < 32:
        return f"{size} bytes is shorter than a DXBC header"
    if data[:4] != b"DXBC":
        return f"not a DXBC container (tag {data[:4]!r})"
    version, total = int.from_bytes(data[20:24], "little"), int.from_bytes(data[24:28], "little")
    if version != 1:
        return f"DXBC container version {version}, expected 1"
    if total != size:
        return f"the DXBC header says {total} bytes, {size} were passed"
    try:
        container = parse_container(data[:size], verify_checksum=False)
    except InvalidArgError as exc:
        return exc.message
    # each chunk starts where the one before it ends (the first right after the offset table), in table order;
    # bytes after the last chunk are allowed (probed: a gap of 1 or 4 bytes anywhere else, a permuted table)
    pos = 32 + 4 * len(container.chunks)
    offsets = struct.unpack_from(f"<{len(container.chunks)}I", data, 32)
    for offset, chunk in zip(offsets, container.chunks):
        if offset != pos:
            return f"chunk {chunk.fourcc!r} at byte {offset}, where the chunk before it ends at {pos}"
        pos += 8 + len(chunk.data)
    return None


def read_container(pSrcData: Any, SrcDataSize: int | None, method: str,  # noqa: N803
                   family: str = "blob") -> tuple[bytes, DxbcContainer]:
    """The checks every d3dcompiler function makes of the container it is given, in the DLL's order, failing
    with its family's HRESULT (DXBC_FAULT_CODES); then the bytes (``SrcDataSize`` of them, all when None) and
    the parsed container."""
    codes = DXBC_FAULT_CODES[family]
    if pSrcData is None:
        raise error_for(codes["null"], "NULL data", method)
    data = blob_bytes(pSrcData)
    size = len(data) if SrcDataSize is None else int(SrcDataSize)
    if size == 0:
        raise error_for(codes["empty"], "a size of 0", method)
    fault = container_fault(data, size)
    if fault:
        raise error_for(codes["header"], fault, method)
    data = data[:size]
    if dxbc_checksum(data) != data[4:20]:
        raise error_for(codes["checksum"], "the DXBC checksum does not match the data", method)
    return data, parse_container(data, verify_checksum=False)


def check_dxbc_header(data: bytes, method: str) -> None:
    """read_container's checks of ``data`` as passed whole (the "blob" family's codes)."""
    read_container(data, None, method)


def _container(pSrcData: Any, SrcDataSize: int | None, method: str) -> DxbcContainer:  # noqa: N803
    return read_container(pSrcData, SrcDataSize, method)[1]


def D3DGetBlobPart(pSrcData: Any, SrcDataSize: int | None = None, Part: int | None = None,  # noqa: N802,N803
                   Flags: int = 0) -> ID3DBlob:
    """Extract one part of a DXBC blob (d3dcompiler.h D3DGetBlobPart).

    Both ``D3DGetBlobPart(data, size, part, flags)`` and ``D3DGetBlobPart(data, Part=part)`` work.
    Nonzero ``Flags`` raise D3DERR_INVALIDCALL (before the data is looked at), then the header checks of
    :func:`check_dxbc_header`, then a value outside D3D_BLOB_PART D3DERR_INVALIDCALL; a part the blob lacks
    raises E_FAIL. The part is judged after the container (d3dcompiler_47 10.1, session 46: part 13, 0x7FFF,
    0x8006 or 0xFFFFFFFF of a blob with a wrong checksum is the checksum's E_FAIL, not D3DERR_INVALIDCALL).
    """
    if Part is None:
        SrcDataSize, Part = None, SrcDataSize
    if Flags:
        raise error_for(D3DERR_INVALIDCALL, f"Flags must be 0, got {Flags}", "D3DGetBlobPart")
    c = _container(pSrcData, SrcDataSize, "D3DGetBlobPart")
    if not (0 <= Part <= D3D_BLOB_DEBUG_NAME or D3D_BLOB_TEST_ALTERNATE_SHADER <= Part <= D3D_BLOB_TEST_COMPILE_REPORT):
        raise error_for(D3DERR_INVALIDCALL, f"unknown blob part {Part}", "D3DGetBlobPart")
    if Part in _SIGNATURE_PARTS:
        chunks = []
        for group in _SIGNATURE_PARTS[Part]:
            chunk = c.get_first(group)
            if chunk is None:
                raise D3D11Error(E_FAIL, f"blob has no {'/'.join(group)} chunk", "D3DGetBlobPart")
            chunks.append(chunk)
        return ID3DBlob(build_container(chunks))
    if Part == D3D_BLOB_ROOT_SIGNATURE and c.get("RTS0") is not None:
        # a serialised root signature is a container holding RTS0 alone, as the DLL answers (d3dcompiler_47 10.1,
        # session 41: 404 bytes for a 360-byte part; a rootsig_1_1 object's part is that object again)
        return ID3DBlob(build_container([("RTS0", c.get("RTS0"))]))
    if Part in _RAW_PARTS:
        data = c.get(_RAW_PARTS[Part])
        if data is None:
            raise D3D11Error(E_FAIL, f"blob has no {_RAW_PARTS[Part]} chunk", "D3DGetBlobPart")
        return ID3DBlob(data)
    # the compiler's test parts (D3D_BLOB_TEST_*) are never in a shader blob
    raise D3D11Error(E_FAIL, f"blob has no part {Part}", "D3DGetBlobPart")


def D3DGetInputSignatureBlob(pSrcData: Any, SrcDataSize: int | None = None) -> ID3DBlob:  # noqa: N802,N803
    return D3DGetBlobPart(pSrcData, SrcDataSize, D3D_BLOB_INPUT_SIGNATURE_BLOB, 0)


def D3DGetOutputSignatureBlob(pSrcData: Any, SrcDataSize: int | None = None) -> ID3DBlob:  # noqa: N802,N803
    return D3DGetBlobPart(pSrcData, SrcDataSize, D3D_BLOB_OUTPUT_SIGNATURE_BLOB, 0)


def D3DGetInputAndOutputSignatureBlob(pSrcData: Any, SrcDataSize: int | None = None) -> ID3DBlob:  # noqa: N802,N803
    return D3DGetBlobPart(pSrcData, SrcDataSize, D3D_BLOB_INPUT_AND_OUTPUT_SIGNATURE_BLOB, 0)


def D3DGetDebugInfo(pSrcData: Any, SrcDataSize: int | None = None) -> ID3DBlob:  # noqa: N802,N803
    return D3DGetBlobPart(pSrcData, SrcDataSize, D3D_BLOB_DEBUG_INFO, 0)


def D3DStripShader(pShaderBytecode: Any, BytecodeLength: int | None = None,  # noqa: N802,N803
                   uStripFlags: int | None = None) -> ID3DBlob:
    """Remove the chunk groups named by D3DCOMPILER_STRIP_* flags; returns a re-checksummed blob.

    Both ``D3DStripShader(data, length, flags)`` and ``D3DStripShader(data, uStripFlags=flags)`` work.
    No data raises D3DERR_INVALIDCALL; a bad header fails as :func:`check_dxbc_header` says.
    """
    if uStripFlags is None:
        BytecodeLength, uStripFlags = None, BytecodeLength or 0
    data, c = read_container(pShaderBytecode, BytecodeLength, "D3DStripShader")
    drop = {fc for bit, fcs in _STRIP.items() if uStripFlags & bit for fc in fcs}
    return ID3DBlob(_rewritten(data, [ch for ch in c.chunks if ch.fourcc not in drop]))


def _rewritten(data: bytes, chunks: list) -> bytes:
    """d3dcompiler_47's container writer, as D3DStripShader and D3DSetBlobPart use it (recorded under Wine):
    the chunks back to back with no padding, bytes past the last chunk dropped; a result whose bytes equal
    the input's keeps the input's stored checksum (FxDis test_PS.o's is kept so)."""
    out = build_container(chunks)
    return data if out[20:] == data[20:] else out


#: The parts D3DSetBlobPart writes and their chunks: the page's "currently only supports D3D_BLOB_PRIVATE_DATA"
#: is older than d3dcompiler_47 10.1, which also sets D3D_BLOB_DEBUG_NAME (ILDN; recorded under Wine, session 37).
_SETTABLE_PARTS = {D3D_BLOB_PRIVATE_DATA: "PRIV", D3D_BLOB_DEBUG_NAME: "ILDN"}


def D3DSetBlobPart(pSrcData: Any, SrcDataSize: int | None, Part: int, Flags: int, pPart: Any,  # noqa: N802,N803
                   PartSize: int | None = None) -> ID3DBlob:
    """A copy of the shader with the chunk of ``Part`` holding the bytes of ``pPart`` (d3dcompiler.h
    D3DSetBlobPart), as d3dcompiler_47 10.1 writes it (recorded under Wine, session 37): D3D_BLOB_PRIVATE_DATA
    (``PRIV``) and D3D_BLOB_DEBUG_NAME (``ILDN``, the bytes as given) only; another part, nonzero flags, no part
    data or a size of 0 are D3DERR_INVALIDCALL; then the container checks (``read_container``). Any chunk of
    that tag is removed and the new one appended, unpadded, after the others (``_rewritten``)."""
    method = "D3DSetBlobPart"
    if Flags:
        raise error_for(D3DERR_INVALIDCALL, f"Flags must be 0, got {Flags}", method)
    if Part not in _SETTABLE_PARTS and Part != D3D_BLOB_ROOT_SIGNATURE:
        raise error_for(D3DERR_INVALIDCALL, f"part {Part} cannot be set (D3D_BLOB_PRIVATE_DATA, "
                        "D3D_BLOB_DEBUG_NAME and D3D_BLOB_ROOT_SIGNATURE can)", method)
    part = blob_bytes(pPart) if pPart is not None else b""
    if PartSize is not None:
        if PartSize > len(part):
            raise error_for(D3DERR_INVALIDCALL, f"PartSize {PartSize} exceeds the {len(part)} bytes passed", method)
        part = part[:PartSize]
    if not part:
        raise error_for(D3DERR_INVALIDCALL, "no part data", method)
    if Part == D3D_BLOB_ROOT_SIGNATURE:
        # fxc /setrootsignature: the part is a serialised root signature, a container (a rootsig_1_x object, or
        # any object, whose RTS0 is taken); other bytes are D3DERR_INVALIDCALL, a container without RTS0 E_FAIL
        # (d3dcompiler_47 10.1 under Wine, session 41)
        try:
            rts0 = parse_container(part).get("RTS0")
        except D3D11Error:
            raise error_for(D3DERR_INVALIDCALL, "the root signature part is not a DXBC container", method) from None
        if rts0 is None:
            raise D3D11Error(E_FAIL, "the root signature part's container has no RTS0 chunk", method)
        part = rts0
    data, c = read_container(pSrcData, SrcDataSize, method)
    fourcc = _SETTABLE_PARTS.get(Part, "RTS0")
    return ID3DBlob(_rewritten(data, [ch for ch in c.chunks if ch.fourcc != fourcc] + [(fourcc, part)]))


# -- files (d3dcompiler_44+: D3DReadFileToBlob / D3DWriteBlobToFile) ---------------------------------------
#: HRESULT_FROM_WIN32 of the Win32 errors CreateFile reports (winerror.h: ERROR_FILE_NOT_FOUND 2,
#: ERROR_PATH_NOT_FOUND 3, ERROR_ACCESS_DENIED 5, ERROR_FILE_EXISTS 80).
HRESULT_FILE_NOT_FOUND, HRESULT_PATH_NOT_FOUND = 0x80070002, 0x80070003
HRESULT_ACCESS_DENIED, HRESULT_FILE_EXISTS = 0x80070005, 0x80070050


def _file_error(exc: OSError, method: str) -> D3D11Error:
    from pyd3d11.errors import error_for

    hr = {FileNotFoundError: HRESULT_FILE_NOT_FOUND, FileExistsError: HRESULT_FILE_EXISTS,
          PermissionError: HRESULT_ACCESS_DENIED, NotADirectoryError: HRESULT_PATH_NOT_FOUND,
          IsADirectoryError: HRESULT_ACCESS_DENIED}.get(type(exc), E_FAIL)
    if hr == HRESULT_FILE_NOT_FOUND and exc.filename is not None and \
            not os.path.isdir(os.path.dirname(os.path.abspath(os.fsdecode(exc.filename)))):
        # POSIX says ENOENT for a missing folder as for a missing file; CreateFile tells them apart: a folder of
        # the path that does not exist is ERROR_PATH_NOT_FOUND (winerror.h: "The system cannot find the path
        # specified"), only a missing last component ERROR_FILE_NOT_FOUND
        hr = HRESULT_PATH_NOT_FOUND
    return error_for(hr, f"{exc.strerror or exc}: {exc.filename}", method)


def _file_name(pFileName: Any, method: str) -> Any:  # noqa: N803
    """A file name as the C LPCWSTR: NULL or anything but a path is E_INVALIDARG, which is
    HRESULT_FROM_WIN32(ERROR_INVALID_PARAMETER) (0x80070057)."""
    if not isinstance(pFileName, (str, bytes, os.PathLike)):
        raise error_for(E_INVALIDARG, f"file name {pFileName!r} is not a path", method)
    return pFileName


def D3DReadFileToBlob(pFileName: Any) -> ID3DBlob:  # noqa: N802,N803
    """The whole file as a blob; a missing file fails with HRESULT_FROM_WIN32(ERROR_FILE_NOT_FOUND)."""
    pFileName = _file_name(pFileName, "D3DReadFileToBlob")
    try:
        with open(pFileName, "rb") as f:
            return ID3DBlob(f.read())
    except OSError as exc:
        raise _file_error(exc, "D3DReadFileToBlob") from None


def D3DWriteBlobToFile(pBlob: Any, pFileName: Any, bOverwrite: bool) -> None:  # noqa: N802,N803
    """Write the blob's bytes; with ``bOverwrite`` FALSE an existing file is left alone and the call fails
    with HRESULT_FROM_WIN32(ERROR_FILE_EXISTS) (CreateFile CREATE_NEW vs CREATE_ALWAYS)."""
    data = blob_bytes(pBlob)
    pFileName = _file_name(pFileName, "D3DWriteBlobToFile")
    try:
        with open(pFileName, "wb" if bOverwrite else "xb") as f:
            f.write(data)
    except OSError as exc:
        raise _file_error(exc, "D3DWriteBlobToFile") from None


__all__ += ["D3DReadFileToBlob", "D3DWriteBlobToFile"]
