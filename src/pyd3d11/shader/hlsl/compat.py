"""D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY: the Direct3D 9 semantic names a shader of model 4/5 may
use for system values (fxc /Gec; d3dcompiler.h). POSITION becomes SV_Position where the rasterizer
reads or produces it, and a pixel shader's COLOR/DEPTH outputs become SV_Target/SV_Depth. Vertex
shader inputs keep POSITION: there it names a vertex attribute."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY

if TYPE_CHECKING:
    from .cgstate import CodegenContext

#: (stage, is_output, legacy name) -> system-value semantic
_LEGACY = {
    ("vs", True, "POSITION"): "SV_Position",
    ("gs", False, "POSITION"): "SV_Position",
    ("gs", True, "POSITION"): "SV_Position",
    ("ps", False, "POSITION"): "SV_Position",
    ("ps", True, "COLOR"): "SV_Target",
    ("ps", True, "DEPTH"): "SV_Depth",
}


#: the pixel-shader system values of the Direct3D 9 targets themselves (vs_2_0 ... ps_3_0, sm2/d3d9.py): VPOS
#: and VFACE ("Semantics": the Direct3D 9 names of SV_Position and SV_IsFrontFace); a pixel shader's SV_Depth
#: input is the DEPTH usage there (d3dcompiler_47 10.1 compiles ``float x : SV_Depth`` into ps_3_0, session 36)
_D3D9 = {("ps", False, "VPOS"): "SV_Position", ("ps", False, "VFACE"): "SV_IsFrontFace",
         ("ps", False, "SV_DEPTH"): "DEPTH"}


def compat_semantic(cg: CodegenContext, base: str, output: bool, index: int) -> str:
    """The semantic name ``base`` (index ``index``) means under the compile flags. Only POSITION0 is the
    rasterizer's position: POSITION1 ... are ordinary attributes ("Semantics": POSITION[n], a Direct3D 9 vertex
    shader's ``dcl_position1 o1``), while COLORn of a pixel shader is render target n."""
    if cg.d3d9 is not None:
        name = _D3D9.get((cg.stage, output, base.upper()))
        if name is not None:
            return name
        if cg.stage == "ps" and not output and base.upper() == "POSITION":
            # a Direct3D 9 pixel shader's position is VPOS: POSITION0 read there is fxc's X4502 "Legal indices
            # are in [1,15]" (sm2/d3d9.py), not the rasterizer's position /Gec makes it at SM4
            return base
    if not cg.compile_flags & D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY:
        return base
    if index and base.upper() == "POSITION":
        return base
    return _LEGACY.get((cg.stage, output, base.upper()), base)
