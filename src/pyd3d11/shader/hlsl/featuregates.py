"""What each HLSL construct needs of the target: the lowest shader model per stage, as one table (data).

Every gate the compiler applies for a profile (``vs|hs|ds|gs|ps|cs`` × ``4_0|4_1|5_0``) is a row here, and the
code that rejects a construct looks its row up (:func:`denial`) instead of spelling a model or a stage itself.
Each row names its source:

* the "Minimum shader model" column of MicrosoftDocs direct3dhlsl "Intrinsic Functions"
  (dx-graphics-hlsl-intrinsic-functions.md: :data:`DOCS_INTRINSIC_MINIMUM`) and each intrinsic's or method's own
  page (its "Minimum Shader Model" table and its shader-type table);
* the D3D11.3 functional specification: §18.7.2 (compute shader 4.x: no atomics, append/consume, typed UAVs or
  doubles, a single UAV, 16 KB of groupshared memory, 768 threads), §22 (each instruction's stage), §23-§24 (system
  values);
* MicrosoftDocs direct3d11 "Compute Shaders on Downlevel Hardware" (one RWStructuredBuffer / RWByteAddressBuffer
  UAV, no typed UAVs, no UAV in a 4.x pixel shader);
* fxc's recorded behaviour where it departs from the documentation (the Windows-verified vkd3d shader tests): such
  a row keeps the documented model in ``docs`` and the accepted one in ``models``, with the evidence in ``source``.

``code`` is fxc's error number for a target below the model, ``stage_code`` for a stage without the construct;
``None`` means fxc's number is not recorded anywhere this project can read: the compiler then answers X3000 (a
system value: X4502, as its neighbours) and the tests check accept/reject only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

Model = tuple[int, int]
STAGES = ("vs", "hs", "ds", "gs", "ps", "cs")
#: the lowest model of each stage (hull and domain shaders are shader model 5 stages)
FIRST_MODEL: dict[str, Model] = {"vs": (4, 0), "hs": (5, 0), "ds": (5, 0), "gs": (4, 0), "ps": (4, 0),
                                 "cs": (4, 0)}
STAGE_NAMES = {"vs": "vertex", "hs": "hull", "ds": "domain", "gs": "geometry", "ps": "pixel", "cs": "compute"}
#: the error number a gate without a recorded one answers with
UNRECORDED_CODE = 3000


class GateTarget(Protocol):
    """What a gate reads of the code generator: the target and its error factory."""

    stage: str
    major: int
    minor: int

    def err(self, pos, msg: str, code: int) -> Exception: ...


@dataclass(frozen=True)
class Gate:
    """One construct's requirement: ``models`` maps each stage that has it to the lowest model that does (a stage
    not listed does not have it)."""

    models: Mapping[str, Model]
    code: int | None
    stage_code: int | None
    source: str
    #: the documented minimum where fxc's recorded behaviour differs (None: the same as ``models``)
    docs: Model | None = None
    tags: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Denial:
    """Why a gate refuses a target: ``kind`` 'stage' (the stage lacks it) or 'model' (``need`` is the lowest
    model of this stage that has it); ``code`` the error number to answer with."""

    kind: str
    need: Model | None
    code: int
    recorded: bool


def _every(model: Model, *stages: str) -> dict[str, Model]:
    """``model`` (raised to each stage's first model) for ``stages``, by default all six."""
    return {s: max(model, FIRST_MODEL[s]) for s in (stages or STAGES)}


def denial(gate: Gate, stage: str, major: int, minor: int) -> Denial | None:
    """The reason ``gate`` refuses ``{stage}_{major}_{minor}``, or None where the target has the construct.
    A stage without it is reported before a model too low (a vertex shader's ddx_coarse is the stage's error at
    every model)."""
    need = gate.models.get(stage)
    if need is None:
        code = gate.stage_code
        return Denial("stage", None, code if code is not None else UNRECORDED_CODE, code is not None)
    if (major, minor) < need:
        code = gate.code
        return Denial("model", need, code if code is not None else UNRECORDED_CODE, code is not None)
    return None


def model_text(m: Model) -> str:
    return f"{m[0]}.{m[1]}"


# --- intrinsic functions --------------------------------------------------------------------------------------

#: MicrosoftDocs direct3dhlsl "Intrinsic Functions", "Minimum shader model" column, as printed (1¹ and 2¹: "this
#: function is supported in shader model 4+ too"; every value <= 4 is available to all the 4_0 profiles)
DOCS_INTRINSIC_MINIMUM: dict[str, int] = {
    name: int(m) for m, names in {
        "1": """abs acos all any asin atan atan2 ceil clamp clip cos cosh cross D3DCOLORtoUBYTE4 degrees determinant
            distance dot exp exp2 faceforward floor fmod frac isfinite isinf isnan ldexp length lerp lit log log10
            log2 max min modf mul noise normalize pow radians reflect refract round rsqrt saturate sign sin sincos
            sinh smoothstep sqrt step tan tanh tex1D tex1Dbias tex1Dgrad tex1Dlod tex1Dproj tex2D tex2Dbias
            tex2Dgrad tex2Dlod tex2Dproj tex3D tex3Dbias tex3Dgrad tex3Dlod tex3Dproj texCUBE texCUBEbias texCUBEgrad
            texCUBElod texCUBEproj transpose trunc""",
        "2": "ddx ddy frexp fwidth",
        "4": """abort asfloat asint asuint errorf GetRenderTargetSampleCount GetRenderTargetSamplePosition
            printf""",
        "5": """AllMemoryBarrier AllMemoryBarrierWithGroupSync asdouble CheckAccessFullyMapped countbits ddx_coarse
            ddx_fine ddy_coarse ddy_fine DeviceMemoryBarrier DeviceMemoryBarrierWithGroupSync dst
            EvaluateAttributeAtCentroid EvaluateAttributeCentroid EvaluateAttributeAtSample EvaluateAttributeSnapped
            f16tof32 f32tof16 firstbithigh firstbitlow fma GroupMemoryBarrier GroupMemoryBarrierWithGroupSync
            InterlockedAdd InterlockedAnd InterlockedCompareExchange InterlockedCompareStore InterlockedExchange
            InterlockedMax InterlockedMin InterlockedOr InterlockedXor mad msad4 Process2DQuadTessFactorsAvg
            Process2DQuadTessFactorsMax Process2DQuadTessFactorsMin ProcessIsolineTessFactors
            ProcessQuadTessFactorsAvg ProcessQuadTessFactorsMax ProcessQuadTessFactorsMin ProcessTriTessFactorsAvg
            ProcessTriTessFactorsMax ProcessTriTessFactorsMin rcp reversebits""",
    }.items() for name in names.split()
}

_PIXEL_PAGE = ("its page's shader-type table: Pixel only; D3D11.3 §22.5.1 discard and the deriv_rtx/deriv_rty pair "
               "are pixel-shader instructions")
_VKD3D_SM4 = ("fxc compiles it for ps_4_0: the Windows-verified vkd3d shader tests run it at the runner's minimum "
              "profile ps_4_0 ({test})")

#: intrinsic name -> its gate (an intrinsic not listed is available in every stage of every 4.0+ profile)
INTRINSICS: dict[str, Gate] = {
    # derivatives and discard: pixel shaders only; fxc's X4532 "cannot map expression to <target> instruction set"
    **{n: Gate(_every((4, 0), "ps"), None, 4532, f"{n}: {_PIXEL_PAGE} (deriv_rtx/deriv_rty, discard)",
               tags=frozenset({"pixel"})) for n in ("clip", "ddx", "ddy", "fwidth")},
    # below 5.0 fxc 10.1 knows the names: X4532 at code generation, a uniform argument folded to 0 first
    # (intrinsics._derivative_below_model, session 36 INTR)
    **{n: Gate(_every((5, 0), "ps"), 4532, 4532,
               f"{n}: page 'Minimum Shader Model 5', Pixel; D3D11.3 §22.5.2-§22.5.5 deriv_rt*_coarse/_fine",
               tags=frozenset({"pixel"})) for n in ("ddx_coarse", "ddx_fine", "ddy_coarse", "ddy_fine")},
    # pull-model attribute evaluation: the eval_* instructions (D3D11.3 §22.4.23-§22.4.25); elsewhere fxc 10.1's
    # X3672 "<target> does not support pull-model attribute evaluation" -- every stage and model but ps_5_x, D3D9 and
    # level 9 included, after the argument count's X3013 (session 39 ACC; it was taken for X3004)
    **{n: Gate(_every((5, 0), "ps"), 3672, 3672,
               f"{n}: page 'Minimum Shader Model 5', Pixel; D3D11.3 §22.4.23-§22.4.25 eval_*; fxc 10.1's X3672")
       for n in ("EvaluateAttributeAtCentroid", "EvaluateAttributeCentroid", "EvaluateAttributeAtSample",
                 "EvaluateAttributeSnapped")},
    # sampleinfo/samplepos on the rasterizer (D3D11.3 §22.4.21-§22.4.22): 4.1 per the pages and vkd3d
    **{n: Gate(_every((4, 1), "ps"), 3004, 3004,
               f"{n}: page lists ps_4_1 and later; D3D11.3 §22.4.21-§22.4.22 sampleinfo/samplepos; "
               "vkd3d rt-get-sample-info.shader_test [require] shader model >= 4.1", docs=(4, 0))
       for n in ("GetRenderTargetSampleCount", "GetRenderTargetSamplePosition")},
    # X3535 "ps_4_0 does not support msad4" after the type rules (fxc 10.1, session 36 INTR: intrinsics_extra._msad4)
    "msad4": Gate(_every((5, 0)), 3535, None, "msad4: page 'Minimum Shader Model 5'; D3D11.3 §22.12.15 msad (5.0)"),
    # X3535 "AddUint64 requires shader model 5 or higher" (fxc 10.1, session 40 ACC: intrinsics_extra._add_uint64)
    "AddUint64": Gate(_every((5, 0)), 3535, None, "AddUint64: no page; fxc 10.1's verdicts (uaddc is SM 5)"),
    # X3535 "CheckAccessFullyMapped requires shader model 5 or higher" at every earlier target, Direct3D 9 and level 9
    # included (fxc 10.1, session 37 OBJ: intrinsics._i_check_access_fully_mapped; X3004 before)
    "CheckAccessFullyMapped": Gate(_every((5, 0)), 3535, None,
                                   "CheckAccessFullyMapped: page 'Minimum Shader Model 5' (tiled resources)"),
    # atomics: Interlocked* pages 'Shader Model 5'; D3D11.3 §18.7.2.5: cs_4_x has no atomic operations
    # (below 5.0 fxc 10.1's X3660 "<target> does not support interlocked operations", before the destination's
    # rule, in every stage; session 36 AUD)
    **{n: Gate(_every((5, 0)), 3660, None, f"{n}: page 'Minimum Shader Model 5'; D3D11.3 §18.7.2.5 (cs_4_x: none)")
       for n in ("InterlockedAdd", "InterlockedAnd", "InterlockedCompareExchange", "InterlockedCompareStore",
                 "InterlockedExchange", "InterlockedMax", "InterlockedMin", "InterlockedOr", "InterlockedXor")},
    # barriers: the group ones and AllMemoryBarrier* are compute only (each page's shader-type table); cs_4_x has
    # sync[_uglobal|_ugroup][_g][_t] (D3D11.3 §18.7.2.5 lists it for cs_4_0/cs_4_1): the 4.x compute
    # profiles keep them (the pages' 'Shader Model 5' is the graphics stages')
    # (another stage: X3664 "ps_5_0 does not support thread synchronization operations", d3dcompiler_47 10.1,
    # session 40: intrinsics.py defers it to the doubles' phase)
    **{n: Gate(_every((4, 0), "cs"), None, 3664, f"{n}: page: Compute only; cs_4_x: D3D11.3 §18.7.2.5 sync",
               docs=(5, 0))
       for n in ("GroupMemoryBarrier", "GroupMemoryBarrierWithGroupSync", "AllMemoryBarrier",
                 "AllMemoryBarrierWithGroupSync", "DeviceMemoryBarrierWithGroupSync")},
    # DeviceMemoryBarrier: Pixel and Compute (its page); fxc compiles it at every stage from 4.0 (a ps_4_0 pixel
    # shader: vkd3d barriers.shader_test, 'shader model >= 4.0', a [pixel shader] block without fail; vs / gs / hs /
    # ds at 4.0 and 5.0: d3dcompiler_47 10.1, session 40, which writes no sync there)
    "DeviceMemoryBarrier": Gate(_every((4, 0)), None, 3000,
                                "DeviceMemoryBarrier: page 'Shader Model 5', Pixel and Compute; fxc compiles it in a "
                                "ps_4_0 pixel shader: vkd3d barriers.shader_test ('shader model >= 4.0', a [pixel "
                                "shader] block without fail), and in the other stages (fxc 10.1, session 40)",
                                docs=(5, 0)),
    # the tessellation-factor helpers: Hull only (each page)
    **{n: Gate(_every((5, 0), "hs"), None, 4532, f"{n}: page 'Minimum Shader Model 5', Hull only")
       for n in DOCS_INTRINSIC_MINIMUM if n.startswith("Process")},
    # doubles: the double type itself is gated (LANGUAGE['double'], X3651) before the call is reached
    **{n: Gate(_every((5, 0)), 3651, None, f"{n}: page 'Minimum Shader Model 5' (double precision)")
       for n in ("asdouble", "fma")},
    # documented as shader model 5 but compiled by fxc for 4.0 (recorded behaviour outranks the table)
    **{n: Gate(_every((4, 0)), None, None, f"{n}: " + _VKD3D_SM4.format(test=t), docs=(5, 0))
       for n, t in (("countbits", "bitwise.shader_test"), ("firstbithigh", "bitwise.shader_test"),
                    ("firstbitlow", "bitwise.shader_test"),
                    ("reversebits", "the countbits/firstbit family: bitwise.shader_test"),
                    ("f32tof16", "f32tof16.shader_test, 'shader model >= 4.0'"),
                    ("f16tof32", "the f32tof16 family: f32tof16.shader_test"), ("rcp", "rcp.shader_test"))},
    "mad": Gate(_every((4, 0)), None, None, "mad: the float form is the SM4 mad instruction (D3D11.3 §22.10.9); "
                "the integer form the SM4 imad/umad (§22.12.3, §22.12.10): the list's 5 is stale, the page says "
                "'Shader Model 2 and higher' since MicrosoftDocs win32 25055fcf63", docs=(5, 0)),
    "dst": Gate(_every((4, 0)), None, None, "dst: compiled as arithmetic at every model (the D3D9 dst "
                "instruction's definition); the table's 5 is unconfirmed by any recorded fxc run", docs=(5, 0)),
    # noise: texture-fill shaders (tx_1_0) only: no 4.x/5.x stage has it -- fxc type-checks the call and reports X4532
    # "cannot map expression" after the type rules (d3dcompiler_47 10.1, session 46; intrinsics._apply)
    "noise": Gate({}, None, 4532, "noise: page: 'only valid in texture fill (tx_1_0) shaders'"),
}


def intrinsic_gate(name: str) -> Gate | None:
    return INTRINSICS.get(name)


#: intrinsics that only a pixel shader has instructions for (their stage error is X4532, after the type rules)
PIXEL_ONLY_INTRINSICS = frozenset(n for n, g in INTRINSICS.items() if "pixel" in g.tags)


# --- object methods --------------------------------------------------------------------------------------------

#: method name -> its gate on the texture objects that have it (methodsig.py says which)
METHODS: dict[str, Gate] = {
    # gather4 (D3D11.3 §22.4.2): 4.1 per its page; the channel select, gather4_c and gather4_po (§22.4.3-§22.4.5)
    # are shader model 5 (the pages)
    # the numbers below a form's model are fxc 10.1's (session 35): X4532 "cannot map expression" for the gather4
    # forms (gather4, gather4_c) and lod, X3535 "<name> requires shader model 5 or higher" for a channel select
    "Gather": Gate(_every((4, 1)), 4532, None, "Gather: page lists vs/ps/gs_4_1 (D3D10.1 gather4)"),
    "GatherRed": Gate(_every((4, 1)), 4532, None, "GatherRed: page 'Shader Model 5', but fxc compiles it for 4.1 as "
                      "plain gather4 (vkd3d gather.shader_test, shader model >= 4.1)", docs=(5, 0)),
    **{n: Gate(_every((5, 0)), 3535, None, f"{n}: page 'Shader Model 5' (gather4 channel select)")
       for n in ("GatherGreen", "GatherBlue", "GatherAlpha")},
    **{n: Gate(_every((5, 0)), 4532, None, f"{n}: page 'Shader Model 5' (gather4_c)")
       for n in ("GatherCmp", "GatherCmpRed", "GatherCmpGreen", "GatherCmpBlue", "GatherCmpAlpha")},
    # lod (D3D11.3 §22.5.6, a pixel-shader instruction: its implicit derivatives); 4.1 per the page
    **{n: Gate(_every((4, 1), "ps"), 4532, 4532, f"{n}: page lists ps_4_1; D3D11.3 §22.5.6 lod: Pixel Shader",
               tags=frozenset({"pixel"})) for n in ("CalculateLevelOfDetail", "CalculateLevelOfDetailUnclamped")},
    # implicit-LOD sampling: D3D11.3 §22.4.15, §22.4.16, §22.4.19 Stage(s): Pixel Shader
    **{n: Gate(_every((4, 0), "ps"), None, 4532, f"{n}: D3D11.3 §22.4.15/§22.4.16/§22.4.19 sample, sample_b, sample_c: Pixel Shader",
               tags=frozenset({"pixel"})) for n in ("Sample", "SampleBias", "SampleCmp")},
    # samplepos on a multisampled resource (D3D11.3 §22.4.22); 4.1 per the page
    "GetSamplePosition": Gate(_every((4, 1)), None, None, "Texture2DMS GetSamplePosition: page lists the 4_1 "
                              "profiles; D3D11.3 §22.4.22 samplepos"),
}

#: fxc 10.1's words where a method's gate refuses the model (its number is the gate's)
METHOD_MODEL_MESSAGES = {4532: "cannot map expression to {target} instruction set",
                         3535: "{name} requires shader model 5 or higher"}

#: methods whose instruction takes its LOD from screen-space derivatives (pixel shaders only)
IMPLICIT_LOD_METHODS = frozenset(n for n, g in METHODS.items() if "pixel" in g.tags)


# --- object types ----------------------------------------------------------------------------------------------

_TYPED_UAVS = ("RWBuffer", "RWTexture1D", "RWTexture1DArray", "RWTexture2D", "RWTexture2DArray", "RWTexture3D")
_DOWNLEVEL = "Compute Shaders on Downlevel Hardware"

#: object kind -> its gate where a shader uses it (a declared, unused object costs nothing)
OBJECTS: dict[str, Gate] = {
    "TextureCubeArray": Gate(_every((4, 1)), 4539, None, "TextureCubeArray: 'available in Shader Model 4.1 or "
                             "higher' (footnote of the Sample/Gather/CalculateLevelOfDetail pages); fxc 10.1's X4539"),
    # below 5.0 a used UAV's number depends on the stage (X4585 outside cs, X3666 typed in cs_4_x, X3660 append /
    # consume: d3dcompiler_47 10.1, session 35), given by check._uav_model_numbers before these gates: no one code
    **{k: Gate(_every((5, 0)), None, None, f"{k}: {_DOWNLEVEL}: typed UAVs are not supported below 5.0; D3D11.3 "
               "§18.7.2.2, §18.7.2.5; UAVs in the vertex/hull/domain/geometry stages at 5.0 are the 11.1 feature")
       for k in _TYPED_UAVS},
    **{k: Gate({**_every((5, 0)), "cs": (4, 0)}, None, None, f"{k}: {_DOWNLEVEL}: raw and structured UAVs in "
               "cs_4_x; no UAV in a 4.x pixel shader (D3D11.3 §18.7.2.2)") for k in ("RWStructuredBuffer", "RWByteAddressBuffer")},
    **{k: Gate(_every((5, 0)), None, None, f"{k}: {_DOWNLEVEL}: only RWStructuredBuffer and RWByteAddressBuffer "
               "UAVs in cs_4_x; D3D11.3 §18.7.2.5: 'the absence of ... append/consume'") for k in ("AppendStructuredBuffer", "ConsumeStructuredBuffer")},
}

#: the number of UAVs a compute shader 4.x may use (D3D11.3 §18.7.2.5: "The output is a single UAV"; §18.7.2.2:
#: only a single UAV can be bound at a time)
CS4_MAX_UAVS = 1


# --- language features -----------------------------------------------------------------------------------------

LANGUAGE: dict[str, Gate] = {
    "double": Gate(_every((5, 0)), 3651, None, "double: D3D11.3 §22.14 double-precision instructions; §18.7.2.5: no 4_x shader exposes doubles; "
                   "d3dcompiler_47 10.1: X3651 'ps_4_0 does not support doubles' (X3684 at level 9 and "
                   "Direct3D 9 targets: doubles.check_profile)"),
    "sample": Gate({**_every((4, 0)), "ps": (4, 1)}, 4568, None, "the 'sample' interpolation modifier (struct "
                   "page, Interpolation Modifiers table): 'Available in shader model 4.1 and later' — a pixel "
                   "shader input's mode (linear_sample is a 4.1 dcl_input_ps mode); fxc 10.1's X4568 'Sample "
                   "interpolation usage unsupported on ps_4_0', an integer input's too (session 39 ACC)"),
    # (gs_4_x: fxc 10.1's X3514 "gs_4_0 does not allow instancing" after the type rules, gs.py; session 42)
    "instance": Gate(_every((5, 0), "gs"), 3514, None, "[instance(n)] geometry-shader instancing: D3D11.3 §13.2.1 "
                     "and §22.3.7 (GS instance id)"),
    "streams": Gate(_every((5, 0), "gs"), 4570, None, "more than one geometry-shader output stream: D3D11.3 §13.5.2 "
                    "(multiple output streams; 4.x: one)"),
    "gs_patch": Gate(_every((5, 0), "gs"), 3658, None, "an InputPatch geometry-shader input: the InputPatch object is shader model 5 (its page)"),
    "interfaces": Gate(_every((5, 0)), 3544, None, "abstract interfaces: 'HLSL errors and warnings' X3544; D3D11.3 "
                       "§7.19 interfaces, §22.7.19 fcall"),
    "programmable_offset": Gate(_every((5, 0)), None, None, "a texel offset that is not a literal (or one outside "
                                "[-8, 7]): gather4_po (D3D11.3 §22.4.4); the Gather page: 'previous shader model "
                                "shaders: offsets need to be immediate integers between -8 and 7'"),
    "buffer_info": Gate(_every((5, 0)), 3018, None, "GetDimensions of a buffer (Buffer, the byte-address and "
                        "structured buffers, their RW forms): bufinfo is a D3D11 instruction (D3D11.3 ch. 22 "
                        "'New instructions for D3D11: bufinfo'); cs_4_x 'takes the VS_4_0 instruction set' plus "
                        "raw/structured loads and stores only (§18.7.2.5); the Buffer page: 'Buffer type as it "
                        "exists in Shader Model 4 plus ... buffer info', its GetDimensions a Shader Model 5 method, "
                        "and the 4.x GetDimensions page lists texture objects only"),
    "feedback_overloads": Gate(_every((5, 0)), None, None, "the Sample/Load overloads with a clamp or a status "
                               "argument: each overload's page 'Minimum Shader Model 5' (tiled resources)"),
    # X3668 "stores to group shared memory for cs_4_0 targets must be indexed by an SV_GroupIndex only" (fxc 10.1,
    # session 40 ACC; X3000 before)
    "groupshared_any_write": Gate(_every((5, 0), "cs"), 3668, 3000, "a groupshared write other than to the writing "
                                  "thread's own element: D3D11.3 §18.7.2.8-9 (cs_4_x: store_structured at "
                                  "vThreadIDInGroupFlattened = SV_GroupIndex with a literal offset only)"),
    # (outside compute a groupshared global is an ordinary static, X3579: an atomic on it is fxc 10.1's X3549
    # "interlocked targets must be groupshared or UAV elements", session 42)
    "groupshared": Gate(_every((4, 0), "cs"), None, 3549, "groupshared: D3D11.3 §18.6.9 thread-group shared memory is "
                        "the compute shader's"),
}

#: D3D11.3 §18.7.2.8 table: bytes of groupshared memory one thread of a cs_4_x group may write (its own region),
#: by the group's thread count (upper bounds of the ranges)
CS4_TGSM_BYTES_PER_THREAD: tuple[tuple[int, int], ...] = (
    (64, 256), (68, 240), (72, 224), (76, 208), (84, 192), (92, 176), (100, 160), (112, 144), (128, 128),
    (144, 112), (168, 96), (204, 80), (256, 64), (340, 48), (512, 32), (768, 16))


def cs4_tgsm_bytes_per_thread(threads: int) -> int:
    """The §18.7.2.8 per-thread writable region for a cs_4_x group of ``threads`` threads (0 above 768)."""
    return next((b for most, b in CS4_TGSM_BYTES_PER_THREAD if threads <= most), 0)


#: D3D11.3 §18.7.2.7 ('only 16kB ... as opposed to 32kB for D3D11 HW'): bytes of groupshared memory per thread group, per major model
GROUPSHARED_BYTES: dict[int, int] = {4: 16384, 5: 32768}
#: [numthreads] limits per major model, X, Y, Z and X*Y*Z (MicrosoftDocs "numthreads": cs_4_x Z = 1 and X*Y*Z <=
#: 768; D3D11.3 §18.7.2.6 gives 768 for X, Y and the product but leaves Z at 64: the page's Z = 1 is kept, as
#: vkd3d numthreads.shader_test records)
NUMTHREADS_LIMITS: dict[int, tuple[int, int, int, int]] = {4: (768, 768, 1, 768), 5: (1024, 1024, 64, 1024)}


# --- system values ---------------------------------------------------------------------------------------------

#: (semantic, direction) -> the gate of a pixel shader's system value (the stage/point rules are sysvalues.py's)
PS_SYSTEM_VALUES: dict[tuple[str, str], Gate] = {
    ("SV_COVERAGE", "out"): Gate(_every((4, 1), "ps"), 4503, None, "SV_Coverage output: Semantics table '4.1'; "
                                 "D3D11.3 §16.9.4 oMask; fxc 10.1's X4503 (signatures.bind_output)"),
    ("SV_SAMPLEINDEX", "in"): Gate(_every((4, 1), "ps"), 4502, None, "SV_SampleIndex: Semantics table '4.1'; "
                                   "D3D11.3 §23.6 sampleIndex"),
    ("SV_COVERAGE", "in"): Gate(_every((5, 0), "ps"), 4502, None, "SV_Coverage input: Semantics table '5.0'; "
                                "D3D11.3 §23.4 inputCoverage"),
    ("SV_DEPTHGREATEREQUAL", "out"): Gate(_every((5, 0), "ps"), 4502, None, "SV_DepthGreaterEqual: Semantics "
                                          "table '5.0'; D3D11.3 §24.6, §16.9.3"),
    ("SV_DEPTHLESSEQUAL", "out"): Gate(_every((5, 0), "ps"), 4502, None, "SV_DepthLessEqual: Semantics table "
                                       "'5.0'; D3D11.3 §24.7, §16.9.3"),
    ("SV_STENCILREF", "out"): Gate(_every((5, 0), "ps"), 4502, None, "SV_StencilRef: Semantics table '5.0' (the "
                                   "11.3 oStencilRef operand of ps_5_0)"),
    ("SV_INNERCOVERAGE", "in"): Gate(_every((5, 0), "ps"), None, None, "SV_InnerCoverage: its page (see also "
                                     "'Shader Model 5'); the 11.3 vInnerCoverage operand of ps_5_0"),
}

# (no gate for SV_GSInstanceID: the Semantics table's "5.0" is not fxc's rule -- d3dcompiler_47 10.1 compiles it at
# gs_4_0 / gs_4_1 as ``dcl_input vGSInstanceID``, session 49; the [instance] attribute stays 5.0, LANGUAGE above)


def ps_system_value_model(name: str, direction: str) -> Model | None:
    """The lowest pixel-shader model having system value ``name`` as a ``direction`` ('in'/'out'), or None where
    the table has no row (every 4.0 pixel shader has it, or the point rules refuse it)."""
    g = PS_SYSTEM_VALUES.get((name.upper(), direction))
    return None if g is None else g.models["ps"]


def all_tables() -> dict[str, Mapping[str, Gate] | Mapping[tuple[str, str], Gate]]:
    """Every gate table by name (the tests walk them)."""
    return {"intrinsics": INTRINSICS, "methods": METHODS, "objects": OBJECTS, "language": LANGUAGE,
            "ps_system_values": PS_SYSTEM_VALUES}


def gate_error(cg: GateTarget, gate: Gate, pos, name: str, model_msg: str | None = None,
               stage_msg: str | None = None) -> Exception | None:
    """The compile error (to raise) of ``gate`` refusing ``cg``'s target, or None. The messages may use
    ``{name}``, ``{target}``, ``{stage}``, ``{stages}`` (the stages having it, in words) and ``{need}`` (the lowest
    model, as 'M.m'); the error number is the
    row's (X3000 where fxc's is not recorded)."""
    d = denial(gate, cg.stage, cg.major, cg.minor)
    if d is None:
        return None
    if d.kind == "stage":
        text = stage_msg or "'{name}' is only valid in {stages} shaders ({target})"
    else:
        text = model_msg or "'{name}' requires shader model {need} or later ({target})"
    target = f"{cg.stage}_{cg.major}_{cg.minor}"
    need = model_text(d.need) if d.need is not None else ""
    stages = " and ".join(STAGE_NAMES[s] for s in STAGES if s in gate.models) or "no 4.0-5.0"
    return cg.err(pos, text.format(name=name, target=target, stage=cg.stage, need=need, stages=stages), d.code)


def check_gate(cg: GateTarget, gate: Gate, pos, name: str, model_msg: str | None = None,
               stage_msg: str | None = None) -> None:
    """Raise :func:`gate_error`'s error, if any."""
    exc = gate_error(cg, gate, pos, name, model_msg, stage_msg)
    if exc is not None:
        raise exc
