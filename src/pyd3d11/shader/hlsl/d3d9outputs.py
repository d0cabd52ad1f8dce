"""The outputs a Direct3D 9 or level-9 vertex / pixel shader must write, as d3dcompiler_47 10.1 checks them
(recorded under Wine, session 36; tests/test_rules_hlsl_fxc_d3d9_outputs_s36.py).

The Direct3D 9 hardware consumes a vertex's position and a pixel's first color whole, so fxc refuses, once the
code is generated (no source position for the first two):

* a vertex shader (vs_1_1 … vs_3_0, vs_4_0_level_9_x) that does not write all four components of POSITION0 (at
  level 9 SV_Position; a POSITION output is only vertex data there): X4541 "vertex shader must minimally write
  all four components of POSITION";
* a pixel shader (ps_2_0 … ps_3_0, ps_4_0_level_9_x) that does not write all four components of COLOR0 /
  SV_Target0: X4530 "pixel shader must minimally write all four components of COLOR0" (DEPTH alone, ``clip``
  alone);
* a color output declared or written with fewer than four components: X4529 "COLOR1 must be a four-component
  vector" (at the entry point; checked first);
* color outputs with a gap (COLOR0 and COLOR2): X4538 "COLOR outputs must be contiguous from COLOR0 to COLORn"
  (after X4530).

The D3D9 "Semantics" page lists POSITION and COLOR as outputs without saying they are required: fxc's record is
the rule.
"""

from __future__ import annotations

from .diagnostics import HlslError, Pos
from .uninit import written_output_components


def check_required_outputs(cg, at: Pos) -> None:
    """Raise fxc's error where ``cg`` (a finished Direct3D 9 / level-9 vertex or pixel shader; code final) leaves
    a required output short (module docstring); ``at`` is the entry point's position."""
    from .library import ENTRY

    if cg.level9 is None or cg.stage not in ("vs", "ps") or cg.entry == ENTRY:
        # (a library's probe of whether a function runs in a level-9 stage compiles a wrapper that returns the
        # function's value: a library function is no complete shader; library._level9_flags)
        return
    written = written_output_components(cg.code)
    d3d9 = cg.d3d9 is not None

    def whole(e) -> bool:
        return e.mask == 0xF and all((e.reg, c) in written for c in range(4))

    if cg.stage == "vs":
        pos = [e for e in cg.outputs if e.name.upper() == "SV_POSITION"]
        if not pos or not whole(pos[0]):
            name = "POSITION" if d3d9 else "SV_Position"
            raise HlslError("", 0, 0, 4541, f"vertex shader must minimally write all four components of {name}")
        return
    word = "COLOR" if d3d9 else "SV_Target"
    colors = sorted((e for e in cg.outputs if e.name.upper() == "SV_TARGET"), key=lambda e: e.index)
    for e in colors:
        if not whole(e):
            raise HlslError(at.file, at.line, at.col, 4529, f"{word}{e.index} must be a four-component vector",
                            end=getattr(at, "end", 0))
    if not colors or colors[0].index != 0:
        raise HlslError("", 0, 0, 4530, f"pixel shader must minimally write all four components of {word}0")
    if [e.index for e in colors] != list(range(len(colors))):
        raise HlslError("", 0, 0, 4538, "COLOR outputs must be contiguous from COLOR0 to COLORn")
