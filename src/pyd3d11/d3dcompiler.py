"""``d3dcompiler.h`` for Python: D3DCompile/D3DReflect/D3DDisassemble and the blob functions, plus the
clearly marked extension ``assemble_shader`` (Windows has no SM4/5 assembler)."""

from pyd3d11.errors import *
from pyd3d11.errors import D3DERR_INVALIDCALL, D3D11Error
from pyd3d11.headers.d3dcompiler_types import *
from pyd3d11.shader.blob import *
from pyd3d11.shader.blob import ID3DBlob
from pyd3d11.shader.compile_api import *
from pyd3d11.shader.compiler_tools import *
from pyd3d11.shader.compiler_tools import disassemble_with_flags, source_bytes
from pyd3d11.shader.dxbc.asm import assemble_shader
from pyd3d11.shader.library_reflection import D3D_RETURN_PARAMETER_INDEX
from pyd3d11.shader.reflection import *


def D3DDisassemble(pSrcData, SrcDataSize=None, Flags=0, szComments=None):  # noqa: N802,N803
    """The listing text of a compiled shader, as an ID3DBlob (fxc's /Fc format), under the D3D_DISASM_* flags
    (compiler_tools.disassemble_with_flags says which are built).

    Data that is no shader (no SHDR/SHEX chunk, a malformed container or program, a bad checksum) fails with
    E_FAIL, the HRESULT d3dcompiler returns for input it cannot disassemble; NULL data is D3DERR_INVALIDCALL and
    a size of 0 E_INVALIDARG (d3dcompiler_47 10.1 under Wine, session 37; blob.DXBC_FAULT_CODES)."""
    if pSrcData is None:
        raise D3D11Error(D3DERR_INVALIDCALL, "NULL data", "D3DDisassemble")
    data = source_bytes(pSrcData, SrcDataSize)
    return ID3DBlob(disassemble_with_flags(data, Flags or 0, szComments).encode() + b"\0")


from pyd3d11.api.cargs import wrap_module_functions as _wrap_module_functions  # noqa: E402

_wrap_module_functions(globals())  # arguments converted to the header's C types (api/cargs.py)
