"""``d3d11.h`` for Python: ``from pyd3d11.d3d11 import *`` gives every D3D11/D3D11.1 enum, struct, constant,
CD3D11 helper, interface class and D3D11CreateDevice, as a C++ port expects (DESIGN §1)."""

from pyd3d11.api import *
from pyd3d11.api.annotation import ID3DUserDefinedAnnotation
from pyd3d11.api.context import ID3D11CommandList, ID3D11DeviceContext1
from pyd3d11.api.shaders import (
    ID3D11ClassInstance,
    ID3D11ClassLinkage,
    ID3D11ComputeShader,
    ID3D11DomainShader,
    ID3D11GeometryShader,
    ID3D11HullShader,
    ID3D11InputLayout,
    ID3D11PixelShader,
    ID3D11VertexShader,
)
from pyd3d11.errors import *
from pyd3d11.headers import *

ID3D11DeviceContext = ID3D11DeviceContext1

# minwindef.h's BOOL values, which d3d11.h code uses everywhere (DepthClipEnable = TRUE, Windowed = TRUE)
TRUE = 1
FALSE = 0
