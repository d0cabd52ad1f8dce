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

Session 46: the refusal belongs to the phase after the type rules (the first met of it and X3523 is reported; a
type error anywhere comes first, an unrolling failure or X4000 after), and the D3D9-style tex* intrinsics' sampler
follows the same rule at every target (tests/test_rules_hlsl_dxc_s46.py).
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

#: the ``obj`` of :func:`legacy_sampler_value`'s stand-in: a tex* sampler argument that names no one sampler
NO_SAMPLER = ("no sampler",)


def legacy_sampler_value(cg: CodegenContext, node: A.Node) -> Val:
    """A tex* intrinsic's sampler argument ``node`` evaluated; where it names no one sampler (the cases of the
    module doc, and a ``static`` sampler never assigned), a stand-in of the declared sampler type whose ``obj`` is
    :data:`NO_SAMPLER`: fxc chooses the overload first (a sampler of another dimension or a missing argument is
    X3013) and then refuses the argument with X3538 in the phase after the type rules, as it does X3523 -- the first
    of the two met is reported, a later type error (X3004, X3017) comes before both, X3511 / X4000 after
    (d3dcompiler_47 10.1 at ps_2_0, ps_3_0, vs_3_0, ps_4_0_level_9_1, ps_4_0, ps_5_0, with and without
    backwards compatibility; session 46). intrinsics_math.legacy_tex records the refusal."""
    from .exprs import expr
    from .values import Val

    try:
        v = expr(cg, node)
    except HlslError as exc:
        t = getattr(exc, "unbound_object", None)
        if isinstance(t, ObjectType) and t.kind in SAMPLER_KINDS:
            return Val(t, [], NO_SAMPLER)
        raise
    if isinstance(v.type, ObjectType) and v.type.kind == "null":
        return Val(v.type, [], NO_SAMPLER)
    return v


def defer_no_sampler(cg: CodegenContext, arg: Val, pos) -> Val:
    """A sampling method's sampler argument once its overload is chosen: the stand-in of
    :func:`legacy_sampler_value` records X3538 (the first refusal met of the phase after the type rules, beside
    X3523: ``t.Sample(s, uv); return r + undeclared;`` is X3004, ``... float q; return r + q;`` X3538; session 46)
    and becomes a sampler of no register for the rest of the code generation, which the refusal ends."""
    if arg.obj is not NO_SAMPLER:
        return arg
    from .uintrange import stamp
    from .values import Resource, Val

    if cg.deferred_gate_error is None:
        cg.deferred_gate_error = stamp(cg, cg.err(pos, MESSAGE, 3538))
    kind = arg.type.kind if isinstance(arg.type, ObjectType) and arg.type.kind in SAMPLER_KINDS else "SamplerState"
    return Val(ObjectType(kind), [], Resource("$no_sampler", ObjectType(kind), "s"))
