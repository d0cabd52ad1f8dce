"""A sampling call's sampler that names no one sampler: fxc's X3538 (issue 15, session 45, helper ACC).

d3dcompiler_47 10.1 (under Wine, at ps_4_0 / ps_5_0 / vs / cs alike) refuses the sampler argument of Sample,
SampleLevel, SampleBias, SampleGrad, SampleCmp(LevelZero), Gather* and CalculateLevelOfDetail* with X3538
"Sampler parameter must come from a literal expression." when the argument resolves to no sampler at compile
time: a SamplerState local never assigned (``SamplerState s; t.Sample(s, uv)``) or set to NULL, a struct's
sampler member never assigned, NULL itself (``t.Sample(NULL, uv)``), a sampler parameter given NULL, a run-time
choice between samplers (``t.Sample(c ? a : b, uv)``) -- also where the sample is dead (``float4 r = t.Sample(s,
uv); return 0;``). A sampler assigned on one path only (``if (c) s = g;``) is that sampler (compiled). An
unassigned texture stays X4000 (``Texture2D t; t.Load(0)``). The MicrosoftDocs "HLSL errors and warnings" page
lists X3538 without the rule; fxc's answers are the rule (tests/test_rules_hlsl_dxc_s45.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .diagnostics import HlslError
from .types import SAMPLER_KINDS, ObjectType

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .values import Val

MESSAGE = "Sampler parameter must come from a literal expression."


def sampler_value(cg: CodegenContext, node: A.Node) -> Val:
    """The sampler argument ``node`` evaluated; X3538 (module doc) where it names no one sampler."""
    from .exprs import expr

    try:
        v = expr(cg, node)
    except HlslError as exc:
        t = getattr(exc, "unbound_object", None)
        if isinstance(t, ObjectType) and t.kind in SAMPLER_KINDS:
            raise cg.err(node.pos, MESSAGE, 3538) from None
        raise
    if isinstance(v.type, ObjectType) and v.type.kind == "null":
        raise cg.err(node.pos, MESSAGE, 3538)
    return v
