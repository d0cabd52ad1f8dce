"""Stream-output declaration rules of CreateGeometryShaderWithStreamOutput, restated from wine's
test_geometry_shader tables (wine-mirror/wine dlls/d3d11/tests/d3d11.c), which hold what native Windows
accepts (S_OK) and rejects (E_INVALIDARG) for a gs_4_0 shader on an 11_0 device.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3d11 import D3D11_SO_DECLARATION_ENTRY, D3D11CreateDevice
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import E_INVALIDARG, D3D11Error

NO_RASTERIZED_STREAM = 0xFFFFFFFF
# Same outputs as wine's gs_code: SV_Position, ATTRIB1 (4), attrib2 (3), ATTriB3 (2), ATTRIB4 (1).
_GS = (b"struct data { float4 position : SV_Position; float4 attrib1 : ATTRIB1; float3 attrib2 : attrib2; "
       b"float2 attrib3 : ATTriB3; float attrib4 : ATTRIB4; };\n"
       b"[maxvertexcount(1)] void main(point data i[1], inout PointStream<data> o) { o.Append(i[0]); }")

# (Stream, SemanticName, SemanticIndex, StartComponent, ComponentCount, OutputSlot)
VALID = [
[(0,"sv_position",0,0,4,0),(0,"attrib",1,0,4,0)],
[(0,"sv_position",0,0,4,0),(0,"ATTRIB",1,0,4,0)],
[(0,"SV_POSITION",0,0,4,0),(0,None,0,0,8,0),(0,"ATTRIB",1,0,4,0)],
[(0,"SV_POSITION",0,0,4,0),(0,None,0,0,4,0),(0,None,0,0,4,0),(0,"ATTRIB",1,0,4,0)],
[(0,"ATTRIB",1,0,4,0)],[(0,"ATTRIB",2,0,3,0)],[(0,"ATTRIB",3,0,2,0)],[(0,"ATTRIB",4,0,1,0)],
[(0,"ATTRIB",1,1,3,0)],[(0,"ATTRIB",1,2,2,0)],[(0,"ATTRIB",1,3,1,0)],[(0,"ATTRIB",3,1,1,0)],
[(0,"attrib",1,0,4,0)],[(0,"attrib",1,0,4,1)],[(0,"attrib",1,0,4,2)],[(0,"attrib",1,0,4,3)],
[(0,"attrib",1,0,4,0),(0,"attrib",2,0,3,1),(0,None,0,0,1,1),(0,"attrib",3,0,2,2),(0,None,0,0,2,2),(0,"attrib",4,0,1,3),(0,None,0,0,7,3)],
[(0,"attrib",1,0,4,0),(0,"attrib",2,0,3,1),(0,None,0,0,1,1),(0,"attrib",3,0,2,2),(0,None,0,0,1,2),(0,None,0,0,1,2),(0,"attrib",4,0,1,3),(0,None,0,0,3,3),(0,None,0,0,1,3),(0,None,0,0,1,3),(0,None,0,0,1,3),(0,None,0,0,1,3)],
[(0,"attrib",1,0,4,0),(0,"attrib",2,0,3,0),(0,"attrib",3,0,2,0),(0,None,0,0,1,0),(0,"attrib",4,0,1,0)],
[(0,"attrib",1,0,4,0),(0,"attrib",2,0,3,0),(0,"attrib",3,0,2,3),(0,None,0,0,1,3),(0,"attrib",4,0,1,3)],
[(0,"ATTRIB",1,0,2,0),(0,"ATTRIB",1,2,2,1)],
[(0,"ATTRIB",1,0,1,0),(0,"ATTRIB",1,1,3,0)],
]
INVALID = [
[(0,"SV_Position",0,0,4,0),(0,"ATTRIB",0,0,4,0)],
[(0,"sv_position",0,0,4,0),(0,"ATTRIB_",1,0,4,0)],
[(0,"SV_POSITION",0,0,4,0),(0,None,0,1,8,0),(0,"ATTRIB",1,0,4,0)],
[(0,"SV_POSITION",0,0,4,0),(0,None,1,0,8,0),(0,"ATTRIB",1,0,4,0)],
[(0,"SV_POSITION",0,0,4,0),(0,None,0,0,8,0),(0,None,0,0,8,0),(0,"ATTRIB",1,0,4,0)],
[(0,"ATTRIB",2,0,5,0)],[(0,"ATTRIB",2,0,4,0)],[(0,"ATTRIB",3,0,3,0)],[(0,"ATTRIB",4,0,2,0)],
[(0,"ATTRIB",1,1,4,0)],[(0,"ATTRIB",1,2,3,0)],[(0,"ATTRIB",1,3,2,0)],[(0,"ATTRIB",1,4,0,0)],[(0,"ATTRIB",1,4,1,0)],[(0,"ATTRIB",3,2,1,0)],[(0,"ATTRIB",3,2,0,0)],
[(0,"attrib",1,0,4,4)],
[(0,"attrib",1,0,4,0),(0,"attrib",2,0,3,1),(0,None,0,0,1,1),(0,"attrib",3,0,2,2),(0,None,0,0,2,2),(0,"attrib",4,0,1,3),(0,None,0,0,3,4)],
[(0,"attrib",1,0,4,0),(0,"attrib",2,0,3,0),(0,"attrib",3,0,2,0),(0,None,0,0,1,0),(0,"attrib",4,0,1,0),(0,None,0,0,3,3),(0,None,0,0,1,3),(0,None,0,0,1,3),(0,None,0,0,1,3),(0,None,0,0,1,3)],
[(0,"attrib",1,0,4,0),(0,None,0,0,3,1),(0,None,0,0,1,1),(0,None,0,0,1,2),(0,"attrib",2,0,3,3),(0,None,0,0,1,3)],
[(0,"attrib",2,0,3,3),(0,None,0,0,3,1),(0,None,0,0,1,3),(0,"attrib",1,0,4,0),(0,None,0,0,1,2),(0,None,0,0,1,1)],
[(1,"attrib",1,0,4,0)],[(4,"attrib",1,0,4,0)],
[(0,"ATTRIB",1,0,4,0),(0,"ATTRIB",1,0,4,1)],
[(0,"ATTRIB",1,0,4,0),(0,"ATTRIB",1,0,3,0)],
]


@pytest.fixture(scope="module")
def gs():
    dev, _, _ = D3D11CreateDevice(None, 1, None, 0, [0xB000], 1, 7)
    blob = D3DCompile(_GS, len(_GS), None, None, None, "main", "gs_4_0", 0, 0)
    blob = blob[0] if isinstance(blob, tuple) else blob
    code = blob.GetBufferPointer() if hasattr(blob, "GetBufferPointer") else blob
    return dev, code


def _create(gs, decl, num_strides):
    dev, code = gs
    entries = [D3D11_SO_DECLARATION_ENTRY(*e) for e in decl]
    strides = [64] * num_strides if num_strides else None
    return dev.CreateGeometryShaderWithStreamOutput(code, len(code), entries, len(entries), strides, num_strides,
                                                    NO_RASTERIZED_STREAM, None)


@pytest.mark.parametrize("index", range(len(VALID)))
def test_geometry_shader_valid_so_declarations(gs, index):
    # wine test_geometry_shader: valid_so_declarations, with no strides and with strides for every used slot
    decl = VALID[index]
    max_slot = max(e[5] for e in decl)
    for num_strides in ([0, 1, 2, 3, 4] if not max_slot else [0, max_slot + 1]):
        assert _create(gs, decl, num_strides) is not None


@pytest.mark.parametrize("index", range(len(INVALID)))
def test_geometry_shader_invalid_so_declarations(gs, index):
    # wine test_geometry_shader: invalid_so_declarations are E_INVALIDARG (gaps with a StartComponent or
    # SemanticIndex, slots holding only gaps, bad component ranges, streams > 0 on gs_4_0, repeats, ...)
    for num_strides in (1, 2):
        with pytest.raises(D3D11Error) as e:
            _create(gs, INVALID[index], num_strides)
        assert e.value.hresult & 0xFFFFFFFF == E_INVALIDARG
