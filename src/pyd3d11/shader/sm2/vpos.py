"""ps_3_0's vPos register: its declaration's mask and the validator's refusal of its z / w (issue 15, session 48).

"Registers - ps_3_0" (MicrosoftDocs direct3dhlsl): vPos holds the pixel's (x, y); its z and w are not defined.
fxc declares of it the components the finished program reads (``dcl vPos.x`` for ``p.x``, ``dcl vPos.y``,
``dcl vPos.xy``; ``dcl vPos`` for all four) and its Direct3D 9 validator refuses a read of .z or .w, X5631 "z or w
components of vPos register are not available in this shader version, and cannot be dcl'd." -- a judgement of the
final program, which D3DCOMPILE_SKIP_VALIDATION skips: the shader then compiles, declaring and reading them
(d3dcompiler_47 10.1 under Wine, session 48: ``return p.w`` gives ``dcl vPos.w``, ``dot(p, p)`` ``dcl vPos``,
``p.z > 0 ? p.x : 1`` ``dcl vPos.xz``)."""

from __future__ import annotations

from ...headers.d3dcompiler_types import D3DCOMPILE_SKIP_VALIDATION
from ..hlsl.diagnostics import HlslError
from .lanes import lanes_read
from .program import Dst, Inst
from .tokens import Reg

_VPOS = 0  # MISCTYPE register 0 (vFace is 1)


def read_mask(body: list[Inst]) -> int:
    """The vPos components ``body`` reads: each source's swizzle at the lanes its instruction reads
    (sm2/lanes.py)."""
    mask = 0
    for inst in body:
        if inst.op == "dcl":
            continue
        for i, s in enumerate(inst.srcs):
            if s.reg == Reg.MISCTYPE and s.num == _VPOS:
                for lane in lanes_read(inst.op, i, inst.dst.mask if inst.dst is not None else None):
                    mask |= 1 << s.swizzle[lane]
    return mask


def settle_vpos(body: list[Inst], flags: int, file: str) -> None:
    """Give ``dcl vPos`` the components ``body`` reads; raise X5631 where they include z or w, unless the compile
    skips validation."""
    decl = next((i for i in body if i.op == "dcl" and i.dst is not None and i.dst.reg == Reg.MISCTYPE
                 and i.dst.num == _VPOS), None)
    if decl is None:
        return
    mask = read_mask(body)
    if mask & 0xC and not flags & D3DCOMPILE_SKIP_VALIDATION:
        raise HlslError(file, 1, 1, 5631, "z or w components of vPos register are not available in this shader "
                        "version, and cannot be dcl'd.")
    decl.dst = Dst(Reg.MISCTYPE, _VPOS, mask or 0x3)
