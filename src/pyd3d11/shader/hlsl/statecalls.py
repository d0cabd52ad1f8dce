"""The calls in an effect state-block value, as d3dcompiler_47 reduces them while it parses (issue 15, session 41).

At a shader target (``ps_5_0``, ``vs_4_0`` ...) a state block's values -- ``sampler s = sampler_state { foo =
bar(); };``, ``float f { foo = sin(1); };`` -- are read for syntax and type-checked, never compiled; fxc checks a
call as soon as its ``)`` is read, so its errors come before a later syntax error (``foo = bar()+;`` is X3004) and
before the rest of the file:

- a name that is neither a function declared above, an intrinsic nor an effect builtin (``CompileShader``) is
  X3004 "undeclared identifier 'bar'" (a bare unknown name is a state constant: ``foo = bar;`` compiles);
- a pass's state function (``foo = SetPixelShader(NULL);``) is X3000, as in a function body;
- an intrinsic called with a number of arguments none of its overloads takes is X3013 "'sin': no matching 0
  parameter intrinsic function";
- an intrinsic of :data:`UNFOLDABLE` called with its count is X3093 "out of memory while parsing": fxc tries to
  evaluate a state value's call while parsing and fails on these (the SM4-era bit and conversion intrinsics,
  ``rcp``, ``trunc``, ``mad``, the attribute evaluators, ``noise``) -- the DLL's answer, reproduced as it is.

MicrosoftDocs ("Effect States", "Sampler Type") is silent; the counts and the set are d3dcompiler_47 10.1's
answers for each intrinsic called with 0-4 literal arguments in a sampler_state at ps_5_0 (session 41, helper
MUT; tests/test_rules_hlsl_fxc_mutants_s41.py). Argument *types* are not matched here (``tex2D(1, 1)``,
``frexp(1, 2)``'s out argument: fxc's X3013 / X3025; ``fma``, ``printf``, ``errorf`` and the ``tex*`` lookups,
which no literal arguments fit, have no count here), nor are the effect (fx_*) targets, whose front end is
``effects/``.
"""

from __future__ import annotations

from . import ast as A

#: argument counts the intrinsics' overloads take, by count (the names an effect state value may call)
_COUNTS: dict[tuple[int, ...], str] = {
    (0,): "GetRenderTargetSampleCount abort GroupMemoryBarrier GroupMemoryBarrierWithGroupSync AllMemoryBarrier "
          "DeviceMemoryBarrier DeviceMemoryBarrierWithGroupSync AllMemoryBarrierWithGroupSync",
    (1,): "CheckAccessFullyMapped D3DCOLORtoUBYTE4 EvaluateAttributeCentroid GetRenderTargetSamplePosition abs acos "
          "all any asfloat asin asint atan ceil clip cos cosh countbits ddx ddx_coarse ddx_fine ddy ddy_coarse "
          "ddy_fine degrees determinant exp exp2 f16tof32 f32tof16 firstbithigh firstbitlow floor frac fwidth "
          "isfinite isinf isnan length log log10 log2 normalize radians rcp reversebits round rsqrt saturate sign sin "
          "sinh sqrt tan tanh transpose trunc noise",
    (2,): "AddUint64 EvaluateAttributeAtSample EvaluateAttributeSnapped asdouble atan2 cross distance dot dst fmod "
          "frexp ldexp max min modf mul pow reflect step",
    (3,): "clamp faceforward lerp lit mad msad4 refract sincos smoothstep InterlockedExchange InterlockedCompareStore",
    (4,): "ProcessIsolineTessFactors InterlockedCompareExchange",
    (1, 3): "asuint",
    (2, 3): "InterlockedAdd InterlockedMax InterlockedMin InterlockedOr InterlockedAnd InterlockedXor",
}
COUNTS: dict[str, tuple[int, ...]] = {n: k for k, names in _COUNTS.items() for n in names.split()}
#: intrinsics no literal arguments fit (their counts are not recorded: no check); with COUNTS, every name fxc
#: knows here -- ``EvaluateAttributeAtCentroid``, ``WaveGetLaneCount``, ``tex2Dcmp`` are X3004 like any unknown name
UNCOUNTED = frozenset(["fma", "printf", "errorf"] + [f"tex{d}{m}" for d in ("1D", "2D", "3D", "CUBE")
                                                      for m in ("", "bias", "grad", "lod", "proj")])

#: intrinsic -> the argument count at which fxc 10.1 fails a state value's call with X3093 (above)
UNFOLDABLE: dict[str, int] = {
    **{n: 1 for n in "CheckAccessFullyMapped EvaluateAttributeCentroid GetRenderTargetSamplePosition asfloat asint "
                     "asuint countbits f16tof32 f32tof16 firstbithigh firstbitlow rcp reversebits trunc noise".split()},
    **{n: 2 for n in "AddUint64 EvaluateAttributeAtSample EvaluateAttributeSnapped asdouble InterlockedAdd "
                     "InterlockedMax InterlockedMin InterlockedOr InterlockedAnd InterlockedXor".split()},
    "GetRenderTargetSampleCount": 0, "mad": 3, "msad4": 3, "InterlockedCompareStore": 3,
}


def call_error(call: A.Call, declared: set[str], builtins: frozenset[str],
               state_funcs: dict[str, tuple[int, int]]) -> tuple[int, str] | None:
    """fxc's (error number, message) for ``call`` in a state value, or None where it passes. ``declared``: the
    functions declared above it; ``builtins``: the effect calls that are no functions (CompileShader ...);
    ``state_funcs``: a pass's state functions (SetPixelShader ...) and their argument counts, which are no values:
    X3000 "parameter count mismatch (SetPixelShader)", else "this FX API is not available in this part your program
    (SetPixelShader)", as in a function body (inlining.py)."""
    name, n = call.name, len(call.args)
    if name in declared or name in builtins:
        return None  # a user function's overloads are matched with the value's types later (check.py)
    if name in state_funcs:
        lo, hi = state_funcs[name]
        if not lo <= n <= hi:
            return 3000, f"parameter count mismatch ({name})"
        return 3000, f"this FX API is not available in this part your program ({name})"
    counts = COUNTS.get(name)
    if counts is None and name not in UNCOUNTED:
        return 3004, f"undeclared identifier '{name}'"
    if counts is not None and n not in counts:
        return 3013, f"'{name}': no matching {n} parameter intrinsic function"
    if UNFOLDABLE.get(name) == n:
        return 3093, "out of memory while parsing"
    return None


def intrinsic_count_error(n: A.Node, declared: set[str]):
    """X3013 for ``n``, a call of an intrinsic (no function of the name declared) with an argument count none of its
    overloads takes, as call_error reports it; None otherwise. The effect (fx_*) front end's parse-time check of a
    state value: the call's count comes before a write on its result and a later syntax error (d3dcompiler_47 10.1,
    session 49 EFX: ``Filter = sin(1, 2)++;``, ``Filter = max(1) 2;`` X3013 at fx_2_0 and fx_5_0, as at ps_4_0)."""
    from .diagnostics import HlslError

    if not isinstance(n, A.Call) or n.name in declared:
        return None
    counts = COUNTS.get(n.name)
    if counts is None or len(n.args) in counts:
        return None
    return HlslError(n.pos.file, n.pos.line, n.pos.col, 3013,
                     f"'{n.name}': no matching {len(n.args)} parameter intrinsic function")
