"""Intrinsic functions (HLSL reference: MicrosoftDocs win32
direct3dhlsl/dx-graphics-hlsl-intrinsic-functions; object methods: objmethods.py, memory and atomics: memaccess.py)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...headers.d3dcompiler_types import D3DCOMPILE_SKIP_OPTIMIZATION
from . import ast as A
from . import floatranges, zerobits
from .check import unmappable, unmappable_after_type_rules
from .codegen import Val, f2b
from .diagnostics import HlslError
from .exprs import coerce_pair, expr, numeric
from .featuregates import (
    IMPLICIT_LOD_METHODS,
    INTRINSICS,
    PIXEL_ONLY_INTRINSICS,
    check_gate,
    denial,
)
from .memaccess import _ATOMIC, atomic
from .methodsig import arguments_first, unwritable_out_argument
from .operands import Reg, dimm, imm, is_imm
from .types import (
    BOOL,
    DOUBLE,
    FLOAT,
    INT,
    LIT_INT,
    UINT,
    VOID,
    ArrayType,
    NumType,
    ObjectType,
    StructType,
    concrete,
)
from .uncalled import is_type_error
from .values import b2f
from .voidvals import check_intrinsic_arguments

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_F = NumType(FLOAT)
#: the wording of a model refusal of an intrinsic (X3004; fxc's own text is not recorded)
_SM_MSG = "'{name}': intrinsic requires shader model {need} or later"
_UNARY_F = {"sqrt": "sqrt", "rsqrt": "rsq", "rcp": "rcp", "frac": "frc", "floor": "round_ni", "ceil": "round_pi",
            "round": "round_ne", "trunc": "round_z", "exp2": "exp", "log2": "log", "ddx": "deriv_rtx",
            "ddy": "deriv_rty", "ddx_coarse": "deriv_rtx_coarse", "ddy_coarse": "deriv_rty_coarse",
            "ddx_fine": "deriv_rtx_fine", "ddy_fine": "deriv_rty_fine"}
_UNARY_U = {"countbits": "countbits", "reversebits": "bfrev", "firstbitlow": "firstbit_lo"}
_BARRIERS = {"GroupMemoryBarrierWithGroupSync": "sync_g_t", "GroupMemoryBarrier": "sync_g",
             "DeviceMemoryBarrier": "sync_uglobal_g", "DeviceMemoryBarrierWithGroupSync": "sync_uglobal_g_t",
             "AllMemoryBarrier": "sync_uglobal_g", "AllMemoryBarrierWithGroupSync": "sync_uglobal_g_t"}



#: texture methods whose instruction computes an implicit LOD, and the intrinsics only a pixel shader has
#: instructions for (featuregates.py: their rows' stage)
_IMPLICIT_LOD = IMPLICIT_LOD_METHODS
_PIXEL_ONLY = PIXEL_ONLY_INTRINSICS

#: intrinsics with a parameter that is not a numeric template: the debug-message formats (string), the pull-model
#: attribute functions (their own X3503 check names what they need); the legacy tex* functions (a sampler) too
_TAKES_NON_NUMERIC = frozenset({"printf", "errorf", "EvaluateAttributeAtCentroid", "EvaluateAttributeCentroid",
                                "EvaluateAttributeAtSample",
                                "EvaluateAttributeSnapped"})


def _fv(cg: CodegenContext, v: Val, pos) -> Val:
    t = numeric(cg, v, pos)
    return cg.convert_base(v, FLOAT) if concrete(t.base) != FLOAT else Val(t.with_base(FLOAT), v.slots)


#: (intrinsic, argument count): the positions of its out parameters (each intrinsic's MicrosoftDocs page)
_OUT_ARGS: dict[tuple[str, int], tuple[int, ...]] = {
    ("modf", 2): (1,), ("frexp", 2): (1,), ("sincos", 3): (1, 2), ("asuint", 3): (1, 2),
}


def intrinsic(cg: CodegenContext, name: str, arg_nodes: list[A.Node], pos) -> Val:
    from .assign import designated_argument, pin_indices

    # out arguments are read and written back through their nodes: a side-effecting index runs once; a prefix
    # step or an assignment passed as an out argument is carried out first and its variable is written, as for
    # a function's out parameter (inlining.py; fxc 10.1 compiles ``modf(x, ++ip)``, ``sincos(x, ++s, c = 2)``,
    # ``frexp(x, (e += 1))``: session 37, test_rules_hlsl_fxc_mutants_s37.py)
    outs = _OUT_ARGS.get((name, len(arg_nodes)), ())
    arg_nodes = [designated_argument(cg, a) if i in outs else pin_indices(cg, a) for i, a in enumerate(arg_nodes)]
    if any(unwritable_out_argument(cg, arg_nodes[i]) for i in outs):
        raise arguments_first(cg, arg_nodes, cg.err(pos, f"'{name}': no matching {len(arg_nodes)} parameter "
                                                         "intrinsic function", 3013))
    if name in _BARRIERS:
        if arg_nodes:
            # each barrier's page: void <name>(void); the arguments are still type-checked first (X3004)
            for a in arg_nodes:
                expr(cg, a)
            raise cg.err(pos, f"'{name}': no matching {len(arg_nodes)} parameter intrinsic function", 3013)
        # the barriers' stages and models: featuregates.INTRINSICS (the group ones compute only, DeviceMemoryBarrier
        # every stage). Outside compute fxc's X3664 "ps_5_0 does not support thread synchronization operations" is
        # a refusal of the doubles' phase: after every type rule of the file, the first in source order among a
        # double's X3651, an index out of bounds, X3660 (d3dcompiler_47 10.1, session 40)
        gate = INTRINSICS[name]
        refused = denial(gate, cg.stage, cg.major, cg.minor)
        if refused is not None and refused.kind == "stage":
            from .uintrange import defer

            part = " control point" if cg.stage == "hs" else ""
            defer(cg, cg.err(pos, f"{cg.stage}_{cg.major}_{cg.minor}{part} does not support thread synchronization "
                                  "operations", refused.code))
            return Val(VOID, [])
        check_gate(cg, gate, pos, name)
        cg.emit(_BARRIERS[name])
        return Val(VOID, [])
    if name in _ATOMIC:
        try:
            return atomic(cg, name, arg_nodes, pos)
        except HlslError as exc:
            raise arguments_first(cg, arg_nodes, exc) from None
    # clip (discard) and the screen-space derivatives exist only in pixel shaders (each page's shader-type
    # table: Pixel; D3D11.3: deriv_rt* and discard are pixel-shader instructions); fxc's X4532, a
    # code-generation error, comes after the call's type rules (its arguments' included)
    pixel_only = name in _PIXEL_ONLY and cg.stage != "ps"
    try:
        if name == "asuint" and len(arg_nodes) == 3:  # asuint(double, out lo, out hi): outs are not read
            args = [expr(cg, arg_nodes[0]), Val(VOID, []), Val(VOID, [])]
        else:
            from .intrinsics_math import NAMES as MATH
            from .samplerarg import legacy_sampler_value

            # a tex* sampler that names no one sampler is X3538 once the overload is chosen (samplerarg.py)
            args = [legacy_sampler_value(cg, a) if k == 0 and name.startswith("tex") and name in MATH else expr(cg, a)
                    for k, a in enumerate(arg_nodes)]
            if known_intrinsic(name):  # a void call's value matches no overload (voidvals.py)
                check_intrinsic_arguments(cg, name, args, pos)
    except Exception as exc:
        if pixel_only and not is_type_error(exc):
            # the order of two code-generation errors (an argument's and the stage's) is not recorded;
            # the stage's is kept, as before the arguments were checked first
            raise unmappable(cg, pos, name.startswith("tex")) from None
        raise
    if name in _DERIVATIVES and not cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION and len(args) == 1 and \
            _draw_uniform(cg, args[0]):
        return _derivative_of_uniform(cg, name, args, pos)
    if name in _DERIVATIVES and cg.major < 5 and INTRINSICS[name].models.get("ps", (4, 0)) >= (5, 0):
        return _derivative_below_model(cg, name, args, pos)
    if pixel_only:
        if name == "clip" and len(args) == 1 and isinstance(args[0].type, NumType) and \
                _legacy_clip_dropped(cg, _fv(cg, args[0], pos), pos):
            return Val(VOID, [])
        if judged_after_dead_code(cg):
            return _pixel_op_elsewhere(cg, name, args, arg_nodes, pos)
        unmappable_after_type_rules(cg, pos, lambda: _apply(cg, name, args, arg_nodes, pos))
    return _apply(cg, name, args, arg_nodes, pos)


#: the stages whose derivative/clip calls are judged on the finished code (hull shaders, whose listing is built
#: per phase, and the Direct3D 9 / level-9 targets keep the immediate X4532)
_JUDGED_AFTER_DEAD_CODE = frozenset({"vs", "gs", "ds", "cs", "ps"})
_PIXEL_OPCODES = ("deriv_rt", "discard")


def _uniform_slot(s) -> bool:
    """A component the same for every invocation of a draw: a literal, or a constant-buffer (immediate constant
    buffer, tbuffer) element read at a fixed index."""
    return s[0] == "l" or (s[0] in ("cb", "icb", "tb") and s[2] is None)


#: the screen-space derivatives (each page: "Returns the partial derivative of the specified value with respect to
#: the screen-space x/y-coordinate"; fwidth is abs(ddx(x)) + abs(ddy(x)))
_DERIVATIVES = frozenset({"ddx", "ddy", "fwidth", "ddx_coarse", "ddx_fine", "ddy_coarse", "ddy_fine"})
#: instructions after which a temp's writes are no longer a straight line (a value set in a branch taken by some
#: invocations only is not uniform over the draw even when every write of it is)
_FLOW_PREFIXES = ("if_", "else", "loop", "switch", "case", "default", "break", "continue", "ret", "call", "label")
#: instructions that write two destinations (the sources follow both)
_TWO_DESTS = frozenset({"udiv", "imul", "umul", "sincos", "swapc", "uaddc", "usubb"})


def _draw_uniform(cg: CodegenContext, v: Val) -> bool:
    """Whether ``v`` is the same for every invocation of a draw: computed, in straight-line code, only from
    literals and constant-buffer values read at fixed indices. fxc 10.1 folds the derivative of such a value to 0
    before it looks at the stage or the model (session 36 INTR: ``ddx((int3)G._m00)``, ``fwidth(b)`` of a bool
    local set from a cbuffer value compile in vs_5_0, cs_5_0, ps_2_0; ``ddx_coarse(G._m00)`` at ps_4_0; at ps_5_0
    its listing has no deriv_rt* for them), unless optimisation is skipped (/Od keeps the instruction)."""
    t = v.type
    if not isinstance(t, NumType) or isinstance(t, StructType) or not v.slots:
        return False
    if all(_uniform_slot(s) for s in v.slots):
        return True
    if any(ins.op.startswith(_FLOW_PREFIXES) for ins in cg.code):
        return False
    writes: dict[int, list] = {}
    for ins in cg.code:
        nd = 2 if ins.op in _TWO_DESTS else 1
        for d in ins.args[:nd]:
            if d.file == "r":
                writes.setdefault(d.idx[0], []).append(ins.args[nd:])
    known: dict[int, bool] = {}

    def temp_uniform(t: int) -> bool:
        if t not in known:
            known[t] = True  # a temp read by its own writes (a loop's counter) is judged by its other sources
            known[t] = t in writes and all(source_uniform(a) for srcs in writes[t] for a in srcs)
        return known[t]

    def source_uniform(a: Reg) -> bool:
        if a.file in ("l", "null"):
            return True
        if a.rel is not None:
            return False
        if a.file in ("cb", "icb", "tb"):  # (a tbuffer member too: ``ddx(u)`` compiles at vs_5_0 and ps_2_0)
            return True
        return a.file == "r" and temp_uniform(a.idx[0])

    return all(_uniform_slot(s) or s[0] == "r" and s[2] is None and temp_uniform(s[1][0]) for s in v.slots)


def _derivative_of_uniform(cg: CodegenContext, name: str, args: list[Val], pos) -> Val:
    """d/dx of a value uniform over the draw (:func:`_draw_uniform`): 0 of the argument's shape in float, after
    the call's own type rules."""
    from .check import check_intrinsic_args

    check_intrinsic_args(cg, name, args, pos)
    t = args[0].type
    n = len(args[0].slots) // 2 if concrete(t.base) == DOUBLE else len(args[0].slots)  # a double: two words
    return Val(t if concrete(t.base) == FLOAT else t.with_base(FLOAT), [imm(0)] * n)


def _derivative_below_model(cg: CodegenContext, name: str, args: list[Val], pos) -> Val:
    """ddx_coarse/ddx_fine/ddy_coarse/ddy_fine below shader model 5 on a value that varies: fxc 10.1 knows the
    names at every model and refuses the instruction at code generation, after every type rule of the file and
    after the doubles gate: X4532 "cannot map expression to ps_4_0 instruction set" ("pixel shader instruction
    set" at level 9 and the Direct3D 9 targets) — not an unknown name (session 36 INTR)."""
    from .check import check_intrinsic_args

    check_intrinsic_args(cg, name, args, pos)
    if judged_after_dead_code(cg):
        # generated as a 5.0 pixel shader's, refused only if the instruction survives dead-code removal: an unused
        # ddx_fine compiles at ps_4_0 and vs_4_0 (d3dcompiler_47 10.1, session 36 AUD; check_pixel_ops_elsewhere
        # leaves the refusal to deferred_late_error, after the doubles gate)
        stage, cg.stage, cg.late_model_ok = cg.stage, "ps", True
        try:
            v = _apply(cg, name, args, [], pos)
        finally:
            cg.stage, cg.late_model_ok = stage, False
        cg.pixel_ops_elsewhere.append((pos, frozenset((ins.op, ()) for ins in cg.code[-4:]
                                                      if ins.op.startswith("deriv_rt")), True, None))
        return v
    if (cg.d3d9 or cg.level9) and cg.stage == "ps" and not cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION:
        # a Direct3D 9 / level-9 pixel shader's: X4532 only where it survives dead-code removal, in the late slot,
        # as CalculateLevelOfDetail's (objmethods._defer_unmappable): ``ddx_fine(p) * 0`` and an unread one
        # compile, a surviving one comes after the legacy phase's X3548, X4000 / X3508, the signature's X4502
        # (``ddx_fine`` of an ``sv_position`` input at ps_2_0 and level 9) and the translation's X5631 (its z / w
        # at ps_3_0); d3dcompiler_47 10.1, session 49
        # (generated as the plain derivative, which the translation maps where the target has one: a ps_3_0
        # ``dsx`` of vPos.zw is its X5631 first)
        v = _apply(cg, name[:3], args, [], pos)
        late, err = "aon9", unmappable(cg, pos)  # (after the translation: ps_3_0's vPos X5631 first)
        cg.pixel_ops_elsewhere.append((pos, frozenset((ins.op, ()) for ins in cg.code[-4:]
                                                      if ins.op.startswith("deriv_rt")), late, err))
        return v
    if cg.deferred_late_error is None:
        cg.deferred_late_error = unmappable(cg, pos)
    t = args[0].type
    if not isinstance(t, NumType) or isinstance(t, StructType):
        raise cg.err(pos, f"'{name}': no matching 1 parameter intrinsic function", 3013)
    return Val(t if concrete(t.base) == FLOAT else t.with_base(FLOAT), [imm(0)] * len(args[0].slots))


def _pixel_op_elsewhere(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos) -> Val:
    """A derivative or ``clip`` outside a pixel shader, as d3dcompiler_47 10.1 treats it: X4532 ("cannot map
    expression to vs_5_0 instruction set") only when the instruction is still there once dead code is gone.
    fxc compiles ``ddx(0.5)``, ``fwidth(float4(1, 2, 3, 4))``, ``ddy(k)`` of a cbuffer value (the derivative of a
    value uniform over the draw is 0), a derivative whose result nothing uses (DXC's ddx.compute.hlsl and
    texture.sample-invalid-implicit-lod.hlsl at cs_5_0/vs_5_0) and ``clip(1.0)``, and refuses ``clip(-1.0)`` and
    ``ddx(input)`` that reaches an output. The call is generated as a pixel shader's; the listing checks what
    survives (:func:`check_pixel_ops_elsewhere`). Tests: test_rules_hlsl_fxc_verdicts_acc.py."""
    # (a derivative of a value uniform over the draw was folded to 0 before: _derivative_of_uniform)
    # (``clip`` of a literal never below 0 needs no case of its own: the optimizer drops a discard_nz whose
    # condition is a literal 0, so nothing is left for the check)
    stage, cg.stage = cg.stage, "ps"
    try:
        v = _apply(cg, name, args, arg_nodes, pos)
    except Exception as exc:  # noqa: BLE001 - as unmappable_after_type_rules: only a type rule outranks X4532
        if is_type_error(exc):
            raise
        cg.stage = stage
        raise unmappable(cg, pos, name.startswith("tex")) from None
    finally:
        cg.stage = stage
    cg.pixel_ops_elsewhere.append((pos, None, False, None))
    return v


def judged_after_dead_code(cg: CodegenContext) -> bool:
    """Whether a "cannot map expression" (X4532) found while generating waits for dead-code removal: every
    optimised shader model 4/5 target but the hull shader's phases (whose listing is built per phase)."""
    return cg.stage in _JUDGED_AFTER_DEAD_CODE and not cg.level9 and not cg.d3d9 and \
        not cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION


def offset_error_waits(cg: CodegenContext) -> bool:
    """Whether a texel offset's X4566 waits for dead-code removal (texops.imm_offset_suffix): as other target
    refusals, except inside a loop not unrolled, where the error makes unroll.py unroll the loop first (fxc's
    X3582 "forcing loop to unroll")."""
    return judged_after_dead_code(cg) and not any(lp.get("kind") == "loop" for lp in cg.loops)


def check_pixel_ops_elsewhere(cg: CodegenContext) -> None:
    """X4532 at the first call judged after dead code (:func:`_pixel_op_elsewhere`, :func:`method`,
    :func:`_derivative_below_model`) whose instruction survived dead-code removal: a derivative/discard opcode for
    an intrinsic outside ps (``None``), else the (opcode, t#) resource accesses a method emitted or the
    (opcode, ()) a model lacks; the error is X4532 unless the call recorded its own (a texel offset's X4566). A
    model's refusal of a derivative waits in deferred_late_error (after the doubles gate)."""
    pixel = any(ins.op.startswith(_PIXEL_OPCODES) for ins in cg.code)
    present = {(ins.op, a.idx[:1]) for ins in cg.code for a in ins.args if a.file == "t"}
    present |= {(ins.op, ()) for ins in cg.code}
    for pos, emitted, late, error in cg.pixel_ops_elsewhere:
        if not (pixel if emitted is None else emitted & present) or late == "aon9":
            continue
        if not late:
            raise error or unmappable(cg, pos)
        if cg.deferred_late_error is None:
            cg.deferred_late_error = unmappable(cg, pos)


def check_pixel_ops_after_aon9(cg: CodegenContext) -> None:
    """The refusals :func:`check_pixel_ops_elsewhere` leaves to the end of a level-9 or Direct3D 9 compile (``late``
    "aon9": a sample of an integer texture's X4582, objmethods.method; a legacy pixel shader's ``ddx_fine``,
    :func:`_derivative_below_model`), raised where the access survived dead-code removal, after the translation's
    own refusals."""
    present = {(ins.op, a.idx[:1]) for ins in cg.code for a in ins.args if a.file == "t"}
    present |= {(ins.op, ()) for ins in cg.code}  # (a derivative's: _derivative_below_model)
    for _pos, emitted, late, error in cg.pixel_ops_elsewhere:
        if late == "aon9" and emitted & present:
            raise error


def known_intrinsic(name: str) -> bool:
    """Whether some intrinsic has the name (the tables _apply dispatches on)."""
    from .intrinsics_extra import NAMES as EXTRA
    from .intrinsics_math import NAMES

    return name in INTRINSICS or name in _HANDLERS or name in NAMES or name in EXTRA or name.startswith("tex") or \
        name == "noise"


def _apply(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos) -> Val:
    """The intrinsic ``name`` on its evaluated arguments: overload checks, then the instructions."""
    n_args = len(args)
    if not known_intrinsic(name):  # no intrinsic's name (``_Static_assert(c, "text")``): undeclared whatever its arguments
        raise cg.err(pos, f"undeclared identifier '{name}'", 3004)  # (fxc 10.1, session 42; DXC const-expr)
    if name not in _TAKES_NON_NUMERIC and not name.startswith("tex") and any(isinstance(a.type, (StructType, ArrayType, ObjectType)) for a in args):
        # every numeric intrinsic's parameters are scalar/vector/matrix templates: a struct, array, object or
        # string argument matches no overload (fxc: X3013 "no matching N parameter intrinsic function")
        raise cg.err(pos, f"'{name}': no matching {n_args} parameter intrinsic function", 3013)
    from .check import check_intrinsic_args

    check_intrinsic_args(cg, name, args, pos)
    from .doubles import intrinsic as double_intrinsic

    dres = double_intrinsic(cg, name, args, arg_nodes, pos)
    if dres is not None:
        return dres

    def need(k: int) -> None:
        if n_args != k:
            raise cg.err(pos, f"'{name}': no matching {len(args)} parameter intrinsic function", 3013)

    from .litfold import fold_call

    handler = _HANDLERS.get(name)
    if handler is not None:
        return _result_spelling(name, _keep_literal(cg, name, args, _keep_precision(
            name, args, fold_call(cg, name, arg_nodes, handler(cg, name, args, arg_nodes, pos, need)))))
    from .intrinsics_extra import NAMES as EXTRA
    from .intrinsics_extra import extra_intrinsic
    from .intrinsics_math import NAMES, math_intrinsic

    if name in NAMES:
        return _result_spelling(name, _keep_literal(cg, name, args, _keep_precision(
            name, args, fold_call(cg, name, arg_nodes, math_intrinsic(cg, name, args, arg_nodes, pos)))))
    if name in EXTRA:
        return _result_spelling(name, _keep_literal(cg, name, args, _keep_precision(
            name, args, fold_call(cg, name, arg_nodes, extra_intrinsic(cg, name, args, arg_nodes, pos)))))
    if name == "noise":
        # an intrinsic of the texture-fill shaders: one scalar or vector argument type-checks (another count is
        # X3013), and the shader targets have no instruction for it -- X4532, after the file's type rules (d3dcompiler_47
        # 10.1, session 46, at ps_2_0 .. cs_5_0: ``noise(v); … undeclared`` is X3004; was X3004 "only valid in tx_1_0")
        need(1)
        from .check import unmappable

        if cg.unmapped_stage_error is None:
            cg.unmapped_stage_error = unmappable(cg, pos)
        return Val(NumType(FLOAT), [imm(0)])  # (a stand-in value: the compile fails)
    raise cg.err(pos, f"undeclared identifier '{name}'", 3004)


#: intrinsics whose result component type is their arguments' (``$type1`` / ``$match`` templates of the intrinsic
#: table: sqrt(half) is a half, max(min16int, min16int) a min16int); the others return a fixed type (bool for
#: isnan/any, int for sign, uint for countbits/firstbit*/f32tof16, float for f16tof32)
_SAME_TYPE_RESULT = frozenset("""abs acos asin atan atan2 ceil clamp cos cosh cross ddx ddx_coarse ddx_fine ddy ddy_coarse
    ddy_fine degrees determinant distance dot dst exp exp2 faceforward floor fmod frac frexp fwidth ldexp length lerp
    lit log log10 log2 mad max min modf mul normalize pow radians rcp reflect refract round rsqrt saturate sin sinh
    smoothstep sqrt step tan tanh transpose trunc EvaluateAttributeAtCentroid EvaluateAttributeCentroid
    EvaluateAttributeAtSample
    EvaluateAttributeSnapped""".split())
_PREC_CLASS = {"half": FLOAT, "min16float": FLOAT, "min10float": FLOAT, "min16int": INT, "min12int": INT,
               "min16uint": UINT}


def _keep_precision(name: str, args: list[Val], res: Val) -> Val:
    """Give a ``_SAME_TYPE_RESULT`` intrinsic's result the spelled low-precision type its typed arguments share
    (untyped literals adapt; half with float promotes to float). Only overload ranking reads it (types.NumType)."""
    t = res.type
    if name not in _SAME_TYPE_RESULT or not isinstance(t, NumType) or t.prec is not None:
        return res
    precs = {a.type.prec for a in args if isinstance(a.type, NumType) and a.type.base not in ("lit_int", "lit_float")}
    if len(precs) != 1:
        return res
    p = next(iter(precs))
    if p is None or _PREC_CLASS.get(p) != concrete(t.base):
        return res
    return Val(NumType(t.base, t.rows, t.cols, t.shape, t.row_major, prec=p, alias=None), res.slots)


#: the vector functions: their templates are vectors, so a scalar argument makes a one-component vector
_VECTOR_RESULT = frozenset({"normalize", "reflect", "refract", "faceforward"})


def _result_spelling(name: str, res: Val) -> Val:
    """The result type as d3dcompiler_47 10.1 spells it (session 35's type probe, ``S_ r = f(...)``: its X3017
    names the call's type; session 37 INTR): normalize / reflect / refract / faceforward of scalars return a
    one-component vector (``float1``, ``half1``; of a double ``float1``), f16tof32 / f32tof16 of a 1x1 matrix a
    scalar. The components are unchanged; the spelling reaches overload ranking, shapes beside matrices and
    messages."""
    t = res.type
    if not isinstance(t, NumType):
        return res
    if name in _VECTOR_RESULT and t.shape == "s":
        return Val(NumType(t.base, 1, 1, "v", prec=t.prec), res.slots)  # a literal stays one (X3067)
    if name in ("f16tof32", "f32tof16") and t.shape == "m" and t.n == 1:
        return Val(NumType(t.base), res.slots)
    return res


def _keep_literal(cg: CodegenContext, name: str, args: list[Val], res: Val) -> Val:
    """A ``_SAME_TYPE_RESULT`` intrinsic whose arguments are all untyped literals, one of them a float literal,
    returns an untyped float literal: ``abs(-1.5)``, ``sqrt(0.75)``, ``min(1.5, 2)``, ``lerp(0.75, 2, 2)`` stay
    between float and double, so a call overloaded on both is ambiguous (X3067) -- d3dcompiler_47 10.1 under Wine,
    session 36, for all 66 such intrinsics (tests/test_rules_hlsl_operator_operands.py LITERAL_CALLS). Integer
    literals alone keep the integer literal where the intrinsic takes integers (abs(2), max(2, 2), and dst(2, 2),
    which the handler computes in float) and become float where it takes floats only (sqrt(2) is a float)."""
    t = res.type
    if name == "dst" and isinstance(t, NumType) and args and \
            all(isinstance(a.type, NumType) and a.type.base == "lit_int" for a in args):
        return Val(t.with_base("lit_int"), cg.convert_base(res, INT).slots)
    if name not in _SAME_TYPE_RESULT or not isinstance(t, NumType) or concrete(t.base) != FLOAT or \
            not args or not all(isinstance(a.type, NumType) and a.type.base in ("lit_int", "lit_float") for a in args) \
            or not any(a.type.base == "lit_float" for a in args):
        return res
    return Val(t.with_base("lit_float"), res.slots)


def _i_unary_f(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    if name in INTRINSICS and not cg.late_model_ok:  # the coarse/fine derivatives are shader model 5
        check_gate(cg, INTRINSICS[name], pos, name, _SM_MSG)
    v = _fv(cg, args[0], pos)
    from .values import CARRY_CONSTANTS

    if name == "round" and v.const and CARRY_CONSTANTS[0]:
        # fxc folds round of a literal expression as floor(x + 0.5) (d3dcompiler_47 10.1 under Wine, session 37:
        # round(2.5) is 3, round(-1.5) -1, round(-0.4) +0, also at /Od); a variable's constant goes through the
        # instruction (round_ne: ``float x = -0.4; round(x)`` is -0). A const variable's literal value and the
        # intrinsics the front end folds count as literal (session 47 MRUN: ``const float k = 2.5; round(k)`` 3,
        # ``round(sqrt(6.25))`` 3, ``const float k = -0.0; round(k)`` +0 at /Od)
        from .litfold import literal_values

        # the Direct3D 9 and level-9 targets were not probed: they keep the literal-only test
        lit = None if cg.d3d9 or cg.level9 else literal_values(cg, arg_nodes[0])
        if lit is not None and len(lit[0]) not in (1, len(v.slots)):
            lit = None
        if lit is not None or _literal_only(arg_nodes[0]):
            xs = [_f(s[3]) for s in v.slots] if lit is None else \
                (lit[0] * len(v.slots) if len(lit[0]) == 1 else lit[0])
            return Val(v.type, [imm(f2b(math.floor(x + 0.5))) if math.isfinite(x) else s
                                for x, s in zip(xs, v.slots, strict=True)])
    if name == "rcp" and v.const:
        import numpy as np

        from ..ops.fold import fold_alu
        from .constprop import canonical_float, carries_canonical

        if carries_canonical(cg):  # fxc's optimiser gives +0 for a reciprocal below the normal range (rcp(-1e38))
            got = fold_alu("rcp", [np.array([s[3] for s in v.slots], np.uint32)])
            if got is not None:
                return Val(v.type, [imm(canonical_float(int(b)) if math.isfinite(_f(s[3])) else int(b))
                                    for b, s in zip(got, v.slots, strict=True)])
    return Val(v.type, cg.alu(_UNARY_F[name], FLOAT, len(v.slots), [v.slots]))


def _literal_only(node: A.Node) -> bool:
    """Whether an expression is one fxc's front end folds: literals, operators, casts and constructors, naming no
    variable and calling no function (``round(float4(-1.5, asfloat(0x80000000u), 1, 1))`` goes through the
    instruction in fxc's object: -2, ties to even; d3dcompiler_47 10.1 under Wine, session 37)."""
    from .codegen import walk

    return not any(isinstance(n, (A.Ident, A.Call, A.MethodCall, A.Evaluated)) for n in walk(node))


def _i_unary_u(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    t = numeric(cg, args[0], pos)
    v = _uint_arg(cg, args[0], pos)
    res = cg.alu(_UNARY_U[name], UINT, t.n, [v.slots])
    return Val(t.with_base(UINT), _legacy_bits(cg, name, v.slots, res, pos))


def _uint_arg(cg: CodegenContext, a: Val, pos) -> Val:
    """An intrinsic's argument converted to its uint parameter; below shader model 4 the conversion is judged as
    a cast is (X3548 unless a float or int is known not to be negative; d3dcompiler_47 10.1, session 37:
    ``countbits(ci)``, ``f16tof32(cf)`` refused, ``countbits(abs(ci))`` compiles)."""
    from .uintrange import check_not_negative, min16uint_values

    base = concrete(a.type.base) if isinstance(a.type, NumType) else None
    held = min16uint_values(cg, a.slots)  # a minimum-precision integer: the float it is held in (session 48)
    if base in (FLOAT, INT) or held:
        check_not_negative(cg, a.slots, "f" if base == FLOAT or held else "i", pos)
    return cg.convert_base(a, UINT)


def _legacy_bits(cg: CodegenContext, name: str, arg: list, res: list, pos) -> list:
    """countbits / reversebits / firstbitlow / firstbithigh below shader model 4, as d3dcompiler_47 10.1 treats
    them (under Wine, session 37, helper INTR; tests/test_rules_hlsl_fxc_intrinsics_s37.py): the argument's
    conversion to uint is judged as any (X3548 unless known not to be negative: ``countbits(ci)``,
    ``countbits(cf)``); then firstbithigh is always X3548 (``firstbithigh(5u)``, ``firstbithigh(true)``),
    reversebits and firstbitlow are X3548 unless their argument is a constant (``reversebits(cu)``,
    ``firstbitlow(abs(ci))``; a folded result below 0 too: ``firstbitlow(0u)``), and countbits compiles. fxc's
    Direct3D 9 code holds 0 for every result that compiles (``countbits(7u)``, ``countbits(cu) + 1`` is 1,
    ``firstbitlow(8u)``): that value is given here; a 4_0_level_9_x object's shader model 4 part holds the true
    fold, and a countbits of a run-time value there is still refused (fxc fails it with no message; X4532)."""
    if not (cg.d3d9 or cg.level9):
        return res
    from .uintrange import defer, refusal

    if name == "firstbithigh" or name != "countbits" and not all(is_imm(s) for s in arg):
        defer(cg, refusal(cg, pos))
    elif name == "firstbitlow" and any(s[3] & 0xFFFFFFFF == 0 for s in arg):
        defer(cg, refusal(cg, pos))  # no bit set: the folded -1 is not a uint there
    return [imm(0)] * len(res) if cg.d3d9 else res


def _i_firstbithigh(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    t = numeric(cg, args[0], pos)
    # fxc 10.1 (session 35, INTR): the signed overload (firstbit_shi) for every argument but a uint one — a
    # float converts with ftoi, a bool to 0 / 1 — and a uint result either way (the page's "int
    # firstbithigh(int)" aside): no bit found is 0xFFFFFFFF, which reads as 4294967296.0 as a float, not -1.0
    op = "firstbit_hi" if concrete(t.base) == UINT else "firstbit_shi"
    v = cg.convert_base(args[0], INT if op == "firstbit_shi" else UINT)
    fb = cg.alu(op, UINT, t.n, [v.slots])
    # firstbit_hi counts from the MSB; HLSL's result is the bit index (31 - n), -1 kept (as fxc emits)
    rev = cg.alu("iadd", INT, t.n, [fb, [imm(31)] * t.n], ["-", ""])
    none = cg.alu("ieq", INT, t.n, [fb, [imm(-1)] * t.n])
    res = cg.alu("movc", UINT, t.n, [none, [imm(-1)] * t.n, rev])
    return Val(t.with_base(UINT), _legacy_bits(cg, name, v.slots, res, pos))


def _const_variable(cg: CodegenContext, e: A.Node) -> bool:
    """``e`` names a ``const`` variable -- a global or local ``static const``, a ``const`` local (read-only, its
    initial value; not a const parameter): fxc's front end folds with its value."""
    if not isinstance(e, A.Ident):
        return False
    for sc in reversed(cg.scopes):
        if e.name in sc:
            v = sc[e.name]
            return isinstance(v, Val) and v.readonly and not getattr(v, "param", False)
    return False


def _i_abs(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    t = numeric(cg, args[0], pos)
    if concrete(t.base) in (FLOAT, BOOL):  # abs(bool) takes the float overload (_numeric_pair): 1.0 / 0.0
        v = _fv(cg, args[0], pos)
        if _const_variable(cg, arg_nodes[0]) and all(is_imm(x) for x in v.slots):
            # fxc folds a static const's abs as C's fabs (``static const float s = 0.0; abs(s)`` +0, of a
            # denormal +0; a local static const's too: test_rules_hlsl_intrinsics_s18's literal rows), where a
            # constant variable's |x| is folded to -0 (instfold.fold_abs; session 44)
            return Val(v.type, [imm(f2b(abs(b2f(x[3]))) if x[3] & 0x7F800000 else 0) for x in v.slots])
        return Val(v.type, cg.op("mov", t.n, [v.slots], ["abs"]))
    from .uintrange import keep_min_ints

    if concrete(t.base) == UINT and not _signed_min_ints(cg, args[0].slots, t):  # (min16uint below SM4: an int's abs)
        return args[0]
    v = cg.convert_base(args[0], INT)
    # a literal argument keeps its literal type (``abs(-1)`` is a literal int; DXC intrinsic-examples
    # records fxc's X3067 for ``f(1.0 * abs(-1))`` between f(float) and f(double), as for ``f(1.0)``)
    rt = t if t.base == LIT_INT or concrete(t.base) == UINT else v.type
    out = cg.alu("imax", INT, t.n, [v.slots, cg.alu("ineg", INT, t.n, [v.slots])])
    return Val(rt, keep_min_ints(cg, concrete(t.base) == UINT, out))


def _i_saturate(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    v = _fv(cg, args[0], pos)
    if all(is_imm(s) for s in v.slots):
        return Val(v.type, [imm(fold_clamp(s[3], 0, 0x3F800000)) for s in v.slots])
    return Val(v.type, cg.op("mov", len(v.slots), [v.slots], sat=True))


def _numeric_pair(cg: CodegenContext, x: Val, y: Val, pos) -> tuple[Val, Val, NumType]:
    """Two arguments of a ``numeric`` template intrinsic (abs, min, max, clamp, mad, dot) in their common type.
    These have int, uint, float, double and min-precision overloads but no bool one: where the arguments meet
    as bool, fxc 10.1 takes the float overload (``max(bool3, bool3)`` is a float3, ``dot(bool4, bool4)`` of
    four trues is 4.0, ``mad(true, true, true)`` 2.0: ``movc`` to 1.0 / 0.0 first; session 35, INTR); a bool
    beside an int is an int (``max(bool3, int3)``: int3)."""
    a, b, rt = coerce_pair(cg, x, y, pos, intrinsic=True)
    if concrete(rt.base) == BOOL:
        rt = NumType(FLOAT, rt.rows, rt.cols, rt.shape)
        a, b = cg.convert(a, rt, pos), cg.convert(b, rt, pos)
    return a, b, rt


def _i_min(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(2)
    a, b, rt = _numeric_pair(cg, args[0], args[1], pos)
    cb = concrete(rt.base)
    if cb == FLOAT and all(is_imm(s) for s in a.slots + b.slots):
        return Val(rt, [imm(fold_min_max(name, x[3], y[3])) for x, y in zip(a.slots, b.slots, strict=True)])
    op = name if cb == FLOAT else ("i" if cb == INT else "u") + name
    picks = floatranges.decided(cg, name, a.slots, b.slots) if cb == FLOAT else None
    if picks is not None:  # fxc's value ranges decide lanes of it (floatranges.py)
        left = [k for k, p in enumerate(picks) if p is None]
        done = cg.alu(op, cb, len(left), [[a.slots[k] for k in left], [b.slots[k] for k in left]]) if left else []
        rest = iter(done)
        return Val(rt, [p if p is not None else next(rest) for p in picks])
    return Val(rt, cg.alu(op, cb, rt.n, [a.slots, b.slots]))


def _f(bits: int) -> float:
    from .values import b2f

    return b2f(bits)


def fold_min_max(name: str, x: int, y: int) -> int:
    """min / max of two float constants as fxc folds them (d3dcompiler_47 10.1 under Wine, session 37; also at /Od):
    a NaN operand gives the other, else ``x < y ? x : y`` (max: ``>``), so of two zeros the second wins --
    ``min(-0.0, 0.0)`` is +0, ``max(0.0, -0.0)`` -0 (the instruction's D3D11.3 3.1.3 order would give -0 / +0)."""
    a, b = _f(x), _f(y)
    if a != a:
        return y
    if b != b:
        return x
    return x if (a < b if name == "min" else a > b) else y


def fold_clamp(x: int, lo: int, hi: int) -> int:
    """clamp / saturate of float constants as fxc folds them: ``x < lo ? lo : x > hi ? hi : x``, a NaN giving lo
    (d3dcompiler_47 10.1 under Wine, session 37: ``saturate(-0.0)`` and ``clamp(-0.0, 0.0, 1.0)`` are -0,
    ``saturate(NaN)`` 0)."""
    v = _f(x)
    if v != v or v < _f(lo):
        return lo
    return hi if v > _f(hi) else x


def _i_clamp(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(3)
    from .litfold import literal_values

    # fxc's front-end fold of literal expressions (and every constant below shader model 4, session 37); constants
    # of variables, ``asfloat`` and earlier folds are max then min (``float x = 3, y = 2; clamp(mad(x, y, x),
    # asfloat(0x7f800000u), 1.0)`` is 1.0 in d3dcompiler_47 10.1's object, the front end's form gives inf; session 43)
    if all(isinstance(a.type, NumType) and concrete(a.type.base) == FLOAT and a.const for a in args) and \
            len({len(a.slots) for a in args}) == 1 and \
            (cg.d3d9 or cg.level9 or all(literal_values(cg, n) is not None for n in arg_nodes)):
        x, lo, hi = args
        return Val(x.type, [imm(fold_clamp(*(s[3] for s in t))) for t in zip(x.slots, lo.slots, hi.slots, strict=True)])
    mx = intrinsic_vals(cg, "max", [args[0], args[1]], pos)
    return intrinsic_vals(cg, "min", [mx, args[2]], pos)


def _i_lerp(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(3)
    a, b, rt = coerce_pair(cg, args[0], args[1], pos, intrinsic=True)
    c, _, rt = coerce_pair(cg, args[2], Val(rt, a.slots), pos, intrinsic=True)  # the widest of the three operands
    a, b = cg.convert(a, rt, pos), cg.convert(b, rt, pos)
    if name == "lerp" and concrete(rt.base) != FLOAT:  # lerp only has float overloads
        a, b, c = (_fv(cg, x, pos) for x in (a, b, c))
        rt = a.type
    if name == "mad":
        if concrete(rt.base) == BOOL:  # no bool overload: three bools meet as float (_numeric_pair)
            rt = NumType(FLOAT, rt.rows, rt.cols, rt.shape)
            a, b, c = (cg.convert(x, rt, pos) for x in (a, b, c))
        if concrete(rt.base) == FLOAT:
            return Val(rt, cg.alu("mad", FLOAT, rt.n, [a.slots, b.slots, c.slots]))
        m = cg.alu("imul", INT, rt.n, [a.slots, b.slots], dst_pos=1, ndst=2)
        return Val(rt, cg.alu("iadd", INT, rt.n, [m, c.slots]))
    a, b, c = (_fv(cg, x, pos) for x in (a, b, c))
    d = cg.alu("add", FLOAT, rt.n, [b.slots, a.slots], ["", "-"])
    return Val(a.type, cg.alu("mad", FLOAT, rt.n, [c.slots, d, a.slots]))


def _i_dot(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(2)
    a, b, rt = _numeric_pair(cg, args[0], args[1], pos)
    if concrete(rt.base) != FLOAT:
        m = cg.alu("imul", INT, rt.n, [a.slots, b.slots], dst_pos=1, ndst=2)
        acc = [m[0]]
        for k in range(1, rt.n):
            acc = cg.alu("iadd", INT, 1, [acc, [m[k]]])
        return Val(NumType(rt.base), acc)
    return Val(_F, dot(cg, a.slots, b.slots))


def _i_length(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    if name == "distance":
        need(2)
        a, b, rt = coerce_pair(cg, _fv(cg, args[0], pos), _fv(cg, args[1], pos), pos, intrinsic=True)
        if rt.n == 1 and _same_value(cg, a.slots, b.slots):
            # fxc 10.1 folds distance(x, x) of one component to -0 for every x (session 37 INTR, its object over
            # sixteen edge values); of a vector the folded difference gives 0
            return Val(_F, [imm(0x80000000)])
        v = Val(rt, cg.alu("add", FLOAT, rt.n, [a.slots, b.slots], ["", "-"]))
    else:
        need(1)
        v = _fv(cg, args[0], pos)
    if name == "normalize" and (cg.d3d9 or cg.level9):
        # shader model 4+: a literal argument is litfold's (in double, also at /Od); a constant local's value is
        # the dp / rsq / mul instructions folded (instfold's rsq: ``float3 v = float3(0.1, 0.3, 0.7);
        # normalize(v).x`` is 0x3e05503f where the double quotient is ...3e; a zero local vector is NaN, a
        # (1e20, 1e20, 0) one 0: dp overflows; session 44). Below shader model 4 not probed: the double fold stays
        from .refactor import fold_constant_normalize

        folded = fold_constant_normalize(cg, v.slots)
        if folded is not None:
            return Val(v.type, folded)
    if name != "normalize" and len(v.slots) == 1:
        # the length of one component is its magnitude: fxc 10.1 writes |x| (|b - a| for distance), no dp/sqrt, so
        # a denormal keeps its bits and 1e30 does not overflow through its square (session 36 INTR)
        return Val(_F, cg.op("mov", 1, [v.slots], ["abs"]))
    d = dot(cg, v.slots, v.slots)
    if name == "normalize":
        r = cg.alu("rsq", FLOAT, 1, [d])
        return Val(v.type, cg.alu("mul", FLOAT, len(v.slots), [v.slots, r * len(v.slots)]))
    return Val(_F, cg.alu("sqrt", FLOAT, 1, [d]))


def _i_cross(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(2)
    f3 = NumType(FLOAT, 1, 3, "v")
    a, b = (cg.convert(_fv(cg, x, pos), f3, pos) for x in args)
    x, y = a.slots, b.slots
    m = cg.alu("mul", FLOAT, 3, [[x[2], x[0], x[1]], [y[1], y[2], y[0]]])
    r = cg.alu("mad", FLOAT, 3, [[x[1], x[2], x[0]], [y[2], y[0], y[1]], m], ["", "", "-"])
    return Val(NumType(FLOAT, 1, 3, "v"), r)


def _i_sin(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    v = _fv(cg, args[0], pos)
    return Val(v.type, cg.alu("sincos", FLOAT, len(v.slots), [v.slots], dst_pos=0 if name == "sin" else 1,
                              ndst=2))


def _i_tan(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    v = _fv(cg, args[0], pos)
    s = cg.alu("sincos", FLOAT, len(v.slots), [v.slots], dst_pos=0, ndst=2)
    c = cg.alu("sincos", FLOAT, len(v.slots), [v.slots], dst_pos=1, ndst=2)
    return Val(v.type, cg.alu("div", FLOAT, len(v.slots), [s, c]))


def _i_sincos(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(3)
    from .assign import assign_to

    v = _fv(cg, args[0], pos)
    s = cg.alu("sincos", FLOAT, len(v.slots), [v.slots], dst_pos=0, ndst=2)
    c = cg.alu("sincos", FLOAT, len(v.slots), [v.slots], dst_pos=1, ndst=2)
    assign_to(cg, arg_nodes[1], Val(v.type, s), pos)
    assign_to(cg, arg_nodes[2], Val(v.type, c), pos)
    return Val(VOID, [])


#: exp's, log's and log10's constants: log2 e, ln 2, log10 2
LOG2E, LN2, LOG10_2 = 1.4426950408889634, 0.6931471805599453, 0.30102999566398120


def _i_exp(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    v = _fv(cg, args[0], pos)
    n = len(v.slots)
    if name == "exp":
        # log2 e, ln 2 and log10 2 are kept in double when fxc folds the instruction (operands.DoubleImm)
        m = cg.alu("mul", FLOAT, n, [v.slots, [dimm(LOG2E)] * n])
        return Val(v.type, cg.alu("exp", FLOAT, n, [m]))
    lg = cg.alu("log", FLOAT, n, [v.slots])
    k = LN2 if name == "log" else LOG10_2
    return Val(v.type, cg.alu("mul", FLOAT, n, [lg, [dimm(k)] * n]))


def _i_pow(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(2)
    a, b, rt = coerce_pair(cg, _fv(cg, args[0], pos), _fv(cg, args[1], pos), pos, intrinsic=True)
    from .refactor import fold_constant_pow, pow_by_multiplies

    folded = fold_constant_pow(cg, rt.n, a.slots, b.slots)
    if folded is not None:
        return Val(rt, folded)
    if all(is_imm(s) and s[3] & 0x7F800000 == 0 for s in a.slots) and not (cg.d3d9 or cg.level9) and (
            not cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION or _literal_zero(cg, arg_nodes[0])):
        # a base that is zero in every lane (0.0, -0.0, 0, a denormal literal) with a run-time exponent: fxc's
        # object is the constant +0, also at /Od (d3dcompiler_47 10.1 under Wine, session 42 MRUN: ``pow(0.0, a)``
        # is ``mov o0, l(0,0,0,0)``, where log/mul/exp gives NaN at a = 0 and inf below); a base with one non-zero
        # lane keeps the sequence (``pow(float4(0, 2, 0, 1), a)``)
        return Val(rt, [imm(0)] * rt.n)
    muls = pow_by_multiplies(cg, rt.n, a.slots, b.slots)
    if muls is not None:
        return Val(rt, muls)
    # log2 of the base itself, not of |base|: fxc 10.1's ps_5_0 listing is ``log; mul; exp`` (with warning X3571
    # "pow(f, e) will not work for negative f"), so pow(-2, y) is NaN for every y (session 36 INTR)
    lg = cg.alu("log", FLOAT, rt.n, [a.slots])
    m = cg.alu("mul", FLOAT, rt.n, [lg, b.slots])
    return Val(rt, cg.alu("exp", FLOAT, rt.n, [m]))


def _literal_zero(cg: CodegenContext, e: A.Node) -> bool:
    """Whether ``e`` is a literal expression (litfold.literal_values): at /Od fxc folds pow's zero base only then
    (``float z = 0; pow(z, a)`` keeps log/mul/exp at /Od, folds to 0 when optimising)."""
    from .litfold import literal_values

    return literal_values(cg, e) is not None


def _i_fmod(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(2)
    from .divisions import fmod

    a, b, rt = coerce_pair(cg, _fv(cg, args[0], pos), _fv(cg, args[1], pos), pos, intrinsic=True)
    if _same_value(cg, a.slots, b.slots):
        # fmod(x, x) is 0 in fxc 10.1's object for every x, -2, 0, inf and NaN included (session 37 INTR:
        # its listing is ``mov o0, l(0)``), as the ``%`` operator's x % x (divisions.fmod_operator)
        return Val(rt, [imm(0)] * rt.n)
    return Val(rt, fmod(cg, rt.n, a.slots, b.slots))


def _same_value(cg: CodegenContext, a: list, b: list) -> bool:
    """Both arguments are one run-time value (the same components) and fxc's algebraic folds apply (not under
    /Od or IEEE strictness: refactor.refactoring_allowed)."""
    from .refactor import refactoring_allowed

    return a == b and not any(is_imm(s) for s in a) and refactoring_allowed(cg)


def _i_step(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(2)
    a, b, rt = coerce_pair(cg, _fv(cg, args[0], pos), _fv(cg, args[1], pos), pos, intrinsic=True)
    ge = cg.alu("ge", FLOAT, rt.n, [b.slots, a.slots])
    return Val(rt, cg.alu("and", UINT, rt.n, [ge, [imm(f2b(1.0))] * rt.n]))


def _i_smoothstep(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(3)
    # one template type for all three (DXC gen_intrin_main: smoothstep(a, $type1 b, $type1 x)): scalars
    # broadcast to the widest shape, so smoothstep(0, 1, float4) is a float4
    a, b, rt = coerce_pair(cg, _fv(cg, args[0], pos), _fv(cg, args[1], pos), pos, intrinsic=True)
    x, _, rt = coerce_pair(cg, _fv(cg, args[2], pos), Val(rt, a.slots), pos, intrinsic=True)
    a, b = cg.convert(a, rt, pos), cg.convert(b, rt, pos)
    n = rt.n
    # fxc 10.1 writes t = saturate((x - a) * (1 / (b - a))): a ``div`` of 1, then ``mul_sat`` (its listings at
    # every SM4+ target and flag, session 40); the quotient (x - a) / (b - a) rounds otherwise (1-3 ulps)
    den = cg.alu("add", FLOAT, n, [b.slots, a.slots], ["", "-"])
    inv = cg.alu("div", FLOAT, n, [[imm(f2b(1.0))] * n, den])
    num = cg.alu("add", FLOAT, n, [x.slots, a.slots], ["", "-"])
    t = cg.alu("mul", FLOAT, n, [inv, num], sat=True)
    k = cg.alu("mad", FLOAT, n, [t, [imm(f2b(-2.0))] * n, [imm(f2b(3.0))] * n])
    t2 = cg.alu("mul", FLOAT, n, [t, t])
    return Val(rt, cg.alu("mul", FLOAT, n, [t2, k]))


def _signed_min_ints(cg: CodegenContext, slots: list, t) -> bool:
    """A min16uint argument below shader model 4, which fxc computes as an int (uintrange.signed_min_ints):
    ``abs`` and ``sign`` of it are an int's (``sign((min16uint)v.x)`` is -1 for v.x = -1)."""
    from .uintrange import MIN_INTS, active, signed_min_ints

    return signed_min_ints(cg, slots) or active(cg) and t.prec in MIN_INTS


def _i_sign(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    t = numeric(cg, args[0], pos)
    n = t.n
    if concrete(t.base) == FLOAT:
        z = [imm(0)] * n
        p = cg.alu("lt", FLOAT, n, [z, args[0].slots])
        m = cg.alu("lt", FLOAT, n, [args[0].slots, z])
    elif concrete(t.base) == UINT and not _signed_min_ints(cg, args[0].slots, t):
        # a uint is never below zero: fxc 10.1 compares unsigned (``ult 0, x``), so sign(0x80000000u) is 1
        # (a signed compare would give -1; session 35, INTR)
        z = [imm(0)] * n
        p = cg.alu("ult", UINT, n, [z, args[0].slots])
        return Val(t.with_base(INT), cg.alu("iadd", INT, n, [p, z], ["-", ""]))
    else:
        v = cg.convert_base(args[0], INT)
        z = [imm(0)] * n
        p = cg.alu("ilt", INT, n, [z, v.slots])
        m = cg.alu("ilt", INT, n, [v.slots, z])
    r = cg.alu("iadd", INT, n, [p, m], ["-", ""])
    if concrete(t.base) == UINT:  # (a min16uint below SM4: _signed_min_ints)
        from .uintrange import note_min_int_sign

        note_min_int_sign(cg, args[0].slots, r)
    return Val(t.with_base(INT), r)


def _i_any(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    v = cg.convert_base(args[0], BOOL)
    acc = [v.slots[0]]
    for s in v.slots[1:]:
        acc = cg.alu("or" if name == "any" else "and", UINT, 1, [acc, [s]])
    return Val(NumType(BOOL), acc)


def _i_asuint(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    if len(args) != 1:
        raise cg.err(pos, f"'{name}': no matching {len(args)} parameter intrinsic function", 3013)
    if name != "asfloat":
        _legacy_gate(cg, pos, 3543, "{name} cannot be used on {target}", name)
    t = numeric(cg, args[0], pos)
    slots = cg.convert_base(args[0], t.base).slots if t.base in ("lit_int", "lit_float") else args[0].slots
    if name == "asfloat" and concrete(t.base) != FLOAT:
        # below shader model 4 fxc takes an integer constant's value, never an infinity or NaN (nonfinite.py)
        cg.reinterpreted_bits.update(s[3] for s in slots if s[0] == "l" and (s[3] >> 23) & 0xFF == 0xFF)
    if name == "asfloat":
        from .constprop import canonical_float, carries_canonical

        if carries_canonical(cg):  # a constant made a float is carried as one (-0 and denormals +0; constprop)
            slots = [imm(canonical_float(s[3])) if s[0] == "l" else s for s in slots]
        slots = zerobits.float_values(cg, slots)  # a value whose exponent fxc knows is 0: +0 (zerobits.py)
    return Val(t.with_base({"asuint": UINT, "asint": INT, "asfloat": FLOAT}[name]), slots)


def _legacy_gate(cg: CodegenContext, pos, code: int, text: str, name: str) -> None:
    """Below shader model 4 (the Direct3D 9 targets and 4_0_level_9_x) a call of ``asint`` / ``asuint`` is fxc's
    X3543 "<name> cannot be used on <target>" and one of ``f32tof16`` / ``f16tof32`` its X3704 "<target> does not
    support 16-bit float conversions", E_FAIL, wherever codegen emits the call (an unused local's initialiser
    included; a branch pruned as constant-false compiles) -- d3dcompiler_47 10.1 under Wine, session 36
    (tests/test_level9_ints_loops.py LEGACY_GATES). ``asfloat`` compiles there (a float is its own bits)."""
    target = cg.d3d9 or cg.level9
    if target:  # judged with X3548, after the type rules (uintrange.defer)
        from .uintrange import defer

        defer(cg, cg.err(pos, text.format(name=name, target=target), code))


def _i_f32tof16(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    _legacy_gate(cg, pos, 3704, "{target} does not support 16-bit float conversions", name)
    v = _fv(cg, args[0], pos)
    return Val(v.type.with_base(UINT), cg.alu("f32tof16", FLOAT, len(v.slots), [v.slots]))


def _i_f16tof32(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    t = numeric(cg, args[0], pos)
    v = _uint_arg(cg, args[0], pos)  # its X3548 precedes the X3704 (fxc 10.1: f16tof32(int) is X3548)
    _legacy_gate(cg, pos, 3704, "{target} does not support 16-bit float conversions", name)
    return Val(t.with_base(FLOAT), cg.alu("f16tof32", UINT, t.n, [v.slots]))


def _i_clip(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    t = args[0].type
    v = _fv(cg, args[0], pos)
    if isinstance(t, NumType) and concrete(t.base) in (BOOL, UINT):
        # a bool (0.0 or 1.0) or a uint is never below 0: fxc 10.1 drops the discard, so clip(b) compiles in a
        # vertex or compute shader too (session 36 INTR; fxc also drops it for abs(x) or ``c ? 1 : 0``, a range
        # analysis not built here: those keep the instruction)
        return Val(VOID, [])
    n = len(v.slots)
    if _legacy_clip_dropped(cg, v, pos):
        return Val(VOID, [])
    lt = cg.alu("lt", FLOAT, n, [v.slots, [imm(0)] * n])
    acc = [lt[0]]
    for s in lt[1:]:
        acc = cg.alu("or", UINT, 1, [acc, [s]])
    cg.emit("discard", cg.src(acc), suffix="_nz")
    return Val(VOID, [])


def _legacy_clip_dropped(cg: CodegenContext, v: Val, pos) -> bool:
    """Below shader model 4, fxc 10.1 (session 37 INTR) drops the discard of a value its intervals show is never
    below 0 (``clip(abs(m))``, ``clip(exp(x))``, a constant; uintrange's analysis) -- so such a clip compiles in
    a vertex shader too -- and refuses one of more than four components, which texkill cannot test: X4500 "clip
    can only be used with 1 to 4 components in ps_3_0" (a float3x3, float2x3; in vs_3_0 before the stage's
    X4532; a bool3x3 is dropped first). Whether the discard is dropped (at shader model 4 and 5 fxc's analysis
    is not built: only a bool or uint argument drops it there)."""
    target = cg.d3d9 or cg.level9
    if not target:
        return False
    from .uintrange import slot_range

    if all(slot_range(cg, s)[0] >= 0 for s in v.slots):
        return True
    if len(v.slots) > 4:
        raise cg.err(pos, f"clip can only be used with 1 to 4 components in {target}", 4500)
    return False


def _i_isnan(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    v = _fv(cg, args[0], pos)
    n = len(v.slots)
    if name == "isnan":
        r = cg.alu("ne", FLOAT, n, [v.slots, v.slots])
    else:
        from .nanprops import FINITE, NOT_INF, holds
        from .refactor import refactoring_allowed

        # fxc folds isinf (false) of a value it takes for not infinite, isfinite (true) of one it takes for
        # finite, component by component (nanprops.py)
        mark, folded = (NOT_INF, imm(0)) if name == "isinf" else (FINITE, imm(0xFFFFFFFF))
        keep = [not (refactoring_allowed(cg) and holds(cg, s, mark)) for s in v.slots]
        live = [s for s, k in zip(v.slots, keep, strict=True) if k]
        if live:
            m = len(live)
            e = cg.alu("and", UINT, m, [live, [imm(0x7FFFFFFF)] * m])
            if name == "isinf":
                got = cg.alu("ieq", INT, m, [e, [imm(0x7F800000)] * m])
            else:
                got = cg.alu("ult", UINT, m, [e, [imm(0x7F800000)] * m])
        it = iter(got if live else [])
        r = [next(it) if k else folded for k in keep]
    return Val(v.type.with_base(BOOL), r)


def _i_mul(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(2)
    return mul(cg, args[0], args[1], pos)


def _i_transpose(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    t = numeric(cg, args[0], pos)
    s = args[0].slots
    return Val(NumType(t.base, t.cols, t.rows, "m"), [s[r * t.cols + c] for c in range(t.cols) for r in range(t.rows)])


def _i_determinant(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(1)
    v = _fv(cg, args[0], pos)
    t = v.type
    s = v.slots
    if t.shape == "s":
        return Val(_F, s[:1])
    if t.shape != "m":
        raise cg.err(pos, "'determinant': no matching 1 parameter intrinsic function", 3013)
    # non-square (fxc): the leading square sub-matrix
    k = min(t.rows, t.cols)
    s = [s[r * t.cols + c] for r in range(k) for c in range(k)]
    if k == 1:
        return Val(_F, s[:1])
    if k == 2:
        m = cg.alu("mul", FLOAT, 1, [[s[1]], [s[2]]])
        return Val(_F, cg.alu("mad", FLOAT, 1, [[s[0]], [s[3]], m], ["", "", "-"]))
    from .intrinsics_math import determinant4, determinant_vectors

    # fxc's expansions over the matrix's rows or columns as it holds them (determinant_vectors)
    v = determinant_vectors(s, k, arg_nodes[0] if arg_nodes else None)
    if k == 3:
        c = intrinsic_vals(cg, "cross", [Val(NumType(FLOAT, 1, 3, "v"), v[1]), Val(NumType(FLOAT, 1, 3, "v"),
                                                                                   v[2])], pos)
        return Val(_F, dot(cg, c.slots, v[0]))
    return Val(_F, determinant4(cg, v))


def _i_reflect(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(2)
    i, nn = same_shape(cg, [_fv(cg, a, pos) for a in args], pos)
    si, sn = i.slots, nn.slots
    n = len(si)
    d = dot(cg, si, sn)
    d2 = cg.alu("add", FLOAT, 1, [d, d])
    return Val(i.type, cg.alu("mad", FLOAT, n, [d2 * n, sn, si], ["-", "", ""]))


def _i_faceforward(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
        need: Callable[[int], None]) -> Val:
    need(3)
    nn, i, ng = same_shape(cg, [_fv(cg, x, pos) for x in args], pos)
    d = dot(cg, i.slots, ng.slots)
    n = len(nn.slots)
    c = cg.alu("lt", FLOAT, 1, [d, [imm(0)]])
    if all(is_imm(s) for s in nn.slots):  # a constant normal folds: its value is a constant fxc carries (constprop)
        neg = [imm(s[3] ^ 0x80000000) for s in nn.slots]
    else:
        neg = cg.op("mov", n, [nn.slots], ["-"])
    return Val(nn.type, cg.alu("movc", FLOAT, n, [c * n, nn.slots, neg]))


def same_shape(cg: CodegenContext, vals: list[Val], pos) -> list[Val]:
    """The arguments of a ``$type1`` intrinsic family (reflect, refract's vectors, faceforward) in their one common
    shape: a scalar broadcasts, vectors truncate to the shortest with fxc's X3206 warning (the conversion rules of
    an implicit cast, as for the binary operators)."""
    from .exprs import intrinsic_shape

    t = numeric(cg, vals[0], pos)
    for v in vals[1:]:
        t = intrinsic_shape(cg, t, numeric(cg, v, pos), pos)
    t = NumType(FLOAT, t.rows, t.cols, t.shape)
    return [cg.convert(v, t, pos) for v in vals]


def _i_check_access_fully_mapped(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos,
                                 need: Callable) -> Val:
    """``bool CheckAccessFullyMapped(uint status)`` (MicrosoftDocs direct3dhlsl; shader model 5): the
    ``check_access_fully_mapped`` instruction on a status from the residency-reporting method overloads
    (texops.access). Like them it makes the program require tiled resources (SFI0), which this device does
    not offer (TiledResourcesTier 0), so such a program compiles but no shader object can be created from it."""
    need(1)
    t = args[0].type
    check_gate(cg, INTRINSICS[name], pos, name, "{name} requires shader model 5 or higher")  # fxc 10.1's words
    if not isinstance(t, NumType) or t.shape == "m" or t.n != 1:
        raise cg.err(pos, f"'{name}': no matching 1 parameter intrinsic function", 3013)
    v = cg.convert(args[0], NumType(UINT), pos)
    dst = cg.temp()
    cg.emit("check_access_fully_mapped", Reg("r", (dst,), None, (0,)), cg.src(v.slots))
    return Val(NumType(BOOL), [("r", (dst,), None, 0)])


#: intrinsic name -> its code generator (one function per intrinsic or family; arity checked by ``need``)
_HANDLERS: dict[str, Callable[..., Val]] = {}
for _names, _fn in (
    (tuple(_UNARY_F), _i_unary_f),
    (tuple(_UNARY_U), _i_unary_u),
    ('firstbithigh', _i_firstbithigh),
    ('abs', _i_abs),
    ('CheckAccessFullyMapped', _i_check_access_fully_mapped),
    ('saturate', _i_saturate),
    (('min', 'max'), _i_min),
    ('clamp', _i_clamp),
    (('lerp', 'mad'), _i_lerp),
    ('dot', _i_dot),
    (('length', 'normalize', 'distance'), _i_length),
    ('cross', _i_cross),
    (('sin', 'cos'), _i_sin),
    ('tan', _i_tan),
    ('sincos', _i_sincos),
    (('exp', 'log', 'log10'), _i_exp),
    ('pow', _i_pow),
    ('fmod', _i_fmod),
    ('step', _i_step),
    ('smoothstep', _i_smoothstep),
    ('sign', _i_sign),
    (('any', 'all'), _i_any),
    (('asuint', 'asint', 'asfloat'), _i_asuint),
    ('f32tof16', _i_f32tof16),
    ('f16tof32', _i_f16tof32),
    ('clip', _i_clip),
    (('isnan', 'isinf', 'isfinite'), _i_isnan),
    ('mul', _i_mul),
    ('transpose', _i_transpose),
    ('determinant', _i_determinant),
    ('reflect', _i_reflect),
    ('faceforward', _i_faceforward),
):
    for _n in (_names if isinstance(_names, tuple) else (_names,)):
        _HANDLERS.setdefault(_n, _fn)  # the first family that names an intrinsic handles it


#: intrinsics outside the handler table: doubles.py answers asdouble and fma
_OTHER_INTRINSICS = frozenset(_HANDLERS) | {"asdouble", "fma"}


def is_intrinsic(name: str) -> bool:
    from .intrinsics_extra import NAMES as EXTRA
    from .intrinsics_math import NAMES

    return name in _OTHER_INTRINSICS or name in NAMES or name in EXTRA


def intrinsic_vals(cg: CodegenContext, name: str, vals: list[Val], pos) -> Val:
    """Call an intrinsic on already-evaluated values (wraps them in synthetic nodes)."""
    nodes = [_Pre(pos, v) for v in vals]
    from . import exprs

    old = exprs.expr

    def patched(cg2, e):
        return e.v if isinstance(e, _Pre) else old(cg2, e)

    import sys

    mod = sys.modules[__name__]
    saved = mod.expr
    mod.expr = patched  # type: ignore[assignment]
    try:
        return intrinsic(cg, name, nodes, pos)  # type: ignore[arg-type]
    finally:
        mod.expr = saved  # type: ignore[assignment]


class _Pre(A.Node):
    def __init__(self, pos, v: Val):
        super().__init__(pos)
        self.v = v


def dot(cg: CodegenContext, a: list, b: list) -> list:
    n = len(a)
    if n == 1 and not (is_imm(a[0]) and is_imm(b[0])):
        return cg.alu("mul", FLOAT, 1, [a, b])
    if n > 4:
        raise NotImplementedError("dot of more than 4 components")
    if all(s[0] == "l" for s in a) and all(s[0] == "l" for s in b):
        return _fold_dot(cg, a, b)
    a, b = _fxc_lane_order(cg, a, b)
    t = cg.temp()
    cg.emit(f"dp{n}", Reg("r", (t,), None, (0,)), cg.src(a), cg.src(b))
    return [("r", (t,), None, 0)]


def _fxc_lane_order(cg: CodegenContext, a: list, b: list) -> tuple[list, list]:
    """The terms of a dot product in fxc 10.1's order (its listings, session 37): where the second operand is read
    from one input, constant-buffer or other non-temp register through a swizzle, the term pairs are reordered by
    that swizzle's components, ascending, as a selection sort with swaps orders them (``dot(a.xyz, b.zyx)`` is
    ``dp3 a.zyx, b.xyz``; ``b.yxx`` gives ``a.yzx, b.xxy``; ``b.zzx`` gives ``a.zyx, b.xzz``), also at /Od. The
    sum's rounding follows the order. IEEE strictness (and ``precise``) keeps the source order; a second operand
    in a temp, a literal or several registers is left as it is (the optimiser's dotforms.order_dot_lanes orders a
    dp that copy propagation leaves reading such a register; ``dot(a, -b.wzyx)``'s negated copy stays a temp)."""
    from ...headers.d3dcompiler_types import D3DCOMPILE_IEEE_STRICTNESS
    from .refactor import uses_precise

    if cg.compile_flags & D3DCOMPILE_IEEE_STRICTNESS or any(s[0] in ("l", "r", "x") for s in b):
        return a, b
    if len({s[:3] for s in b}) != 1 or uses_precise(cg):
        return a, b
    from .dotforms import selection_order

    order = selection_order([s[3] for s in b])
    return [a[k] for k in order], [b[k] for k in order]


def _fold_dot(cg: CodegenContext, a: list, b: list) -> list:
    """A dot product of constants as fxc folds it: the products summed onto +0 (d3dcompiler_47 10.1 under Wine,
    session 37: ``dot(float3(-0.0, -0.0, -0.0), 1)`` and ``dot(-0.0, 1.0)`` are +0 also at /Od)."""
    m = cg.alu("mul", FLOAT, len(a), [a, b])
    acc = [imm(0)]
    for s in m:
        acc = cg.alu("add", FLOAT, 1, [acc, [s]])
    return acc


def mul(cg: CodegenContext, a: Val, b: Val, pos) -> Val:
    ta, tb = numeric(cg, a, pos), numeric(cg, b, pos)
    if ta.shape == "s" or tb.shape == "s":
        from .exprs import binary

        v = binary(cg, "*", a, b, pos)
        other = tb if ta.shape == "s" else ta
        if other.n == 1 and isinstance(v.type, NumType):
            # the product takes the other argument's shape: mul(float, float1) is a float1, mul(float, float1x1) a
            # 1x1 (fxc 10.1, session 36 INTR), where the operator's two one-component operands take the left's
            return Val(NumType(v.type.base, other.rows, other.cols, other.shape), v.slots)
        return v
    base = FLOAT if FLOAT in (concrete(ta.base), concrete(tb.base)) else concrete(ta.base)
    if base != FLOAT:
        ib = UINT if UINT in (concrete(ta.base), concrete(tb.base)) else INT
        a, b = cg.convert_base(a, ib), cg.convert_base(b, ib)

        def idot(x: list, y: list) -> list:
            m = cg.alu("imul", INT, len(x), [x, y], dst_pos=1, ndst=2)
            acc = [m[0]]
            for q in m[1:]:
                acc = cg.alu("iadd", INT, 1, [acc, [q]])
            return acc
        dotf = idot
        rbase = ib
    else:
        a, b = _fv(cg, a, pos), _fv(cg, b, pos)
        dotf = None
        rbase = FLOAT
    # shapes: vector a is a row (1 x n), vector b a column (n x 1)
    ar, ac = (1, ta.n) if ta.shape == "v" else (ta.rows, ta.cols)
    br, bc = (tb.n, 1) if tb.shape == "v" else (tb.rows, tb.cols)
    k = min(ac, br)
    if dotf is None and (ta.shape == "v") != (tb.shape == "v"):
        from .matmul import combine_registers

        lin = combine_registers(cg, a.slots, b.slots, ta.shape == "v", ar, ac, bc, k)
        if lin is not None:
            return Val(NumType(rbase, 1, len(lin), "v"), lin)
    out = []
    for i in range(ar):
        for j in range(bc):
            row = [a.slots[i * ac + x] for x in range(k)]
            col = [b.slots[x * bc + j] for x in range(k)]
            out += dotf(row, col) if dotf is not None else dot(cg, row, col)
    if ta.shape == "v" and tb.shape == "v":
        return Val(NumType(rbase), out[:1])
    if ta.shape == "v":
        return Val(NumType(rbase, 1, bc, "v"), out)
    if tb.shape == "v":
        return Val(NumType(rbase, 1, ar, "v"), out)
    return Val(NumType(rbase, ar, bc, "m"), out)
