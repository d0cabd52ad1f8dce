"""The bytecode validator's rule for a pixel shader's conservative depth output (issue 15, session 48).

fxc runs its bytecode validator on the program it wrote, and a pixel shader that writes SV_DepthGreaterEqual or
SV_DepthLessEqual (``oDepthGE`` / ``oDepthLE``) while it reads SV_Position interpolated at the pixel centre fails
there: X8000 "Interpolation mode for PS input position must be linear_noperspective_centroid or
linear_noperspective_sample when outputting oDepthGE or oDepthLE and not running at sample frequency (which is
forced by inputting SV_SampleIndex or declaring an input linear_sample or linear_noperspective_sample)."

Its extent as d3dcompiler_47 10.1 answers it (session 48, 60 programs at ps_5_0 / ps_5_1, default flags, /Od and
SKIP_VALIDATION alike): the rule reads the finished program's declarations, not the source -- a position the program
does not read is not declared and compiles; a ``centroid`` or ``sample`` position compiles; so does any other input
declared with sample interpolation (``sample float4 c``, ``sample linear float c``) or SV_SampleIndex, but only where
the program reads it (an unread one is not declared, so the shader is not at sample frequency); a ``nointerpolation
sample`` input is constant, not sample; SV_Coverage does not count; SV_Depth is not concerned."""

from __future__ import annotations

from .diagnostics import HlslError

_MESSAGE = ("D3D11 Internal Compiler Error: Invalid Bytecode: Interpolation mode for PS input position must be "
            "linear_noperspective_centroid or linear_noperspective_sample when outputting oDepthGE or oDepthLE and "
            "not running at sample frequency (which is forced by inputting SV_SampleIndex or declaring an input "
            "linear_sample or linear_noperspective_sample). ")


def _interpolation(decl: str) -> list[str]:
    """The interpolation words of a ``dcl_input_ps*`` line (``linear noperspective centroid``)."""
    return decl.split(" v", 1)[0].split()[1:]


def check_conservative_depth(stage: str, in_decls: list[str], out_decls: list[str]) -> None:
    """Raise X8000 when a pixel shader's finished declarations (the narrowed ones: what the program reads and
    writes) output oDepthGE / oDepthLE, declare SV_Position interpolated neither centroid nor sample, and declare
    no input that puts the shader at sample frequency."""
    if stage != "ps" or not any(d.split()[-1] in ("oDepthGE", "oDepthLE") for d in out_decls if d.split()):
        return
    position = [d for d in in_decls if d.startswith("dcl_input_ps_siv") and d.endswith(", position")]
    if not position or {"centroid", "sample"} & set(_interpolation(position[0])):
        return
    for d in in_decls:
        if d.endswith(", sampleIndex"):
            return
        if d.startswith("dcl_input_ps ") and "sample" in _interpolation(d):
            return
    raise HlslError("", 0, 0, 8000, _MESSAGE)
