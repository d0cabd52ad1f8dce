"""The hull-shader stage (D3D11.3 §10): runs every phase of an HS over all patches of a draw.

The control-point phase runs once per output control point (lanes = patches × output control points,
``vOutputControlPointID``); without one, input control points pass through (§10.6). Fork and join
phases run with one lane per patch, once per instance (``vForkInstanceID`` / ``vJoinInstanceID``).
The final TessFactors are read from the patch-constant outputs declared with the SV_TessFactor /
SV_InsideTessFactor system names (D3D10_SB_NAME 11–22) in the order the tessellator takes them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from ..errors import E_INVALIDARG, InvalidArgError
from ..shader import ir
from ..shader.exec.hull_phases import (
    HullInfo,
    run_patch_constant_phases,
    run_phase,
    split_hull_program,
)
from .tessellator import DOMAIN_ISOLINE, DOMAIN_QUAD, DOMAIN_TRI

#: The debugger's stage hook: ``run_stage(stage, compiled, state, ident)`` must run the prepared executor
#: state exactly as ``execute`` does (it may trace lanes); ``stage`` is 'gs', 'hs' or 'ds' and ``ident`` names
#: each lane's invocation (per-lane arrays, or scalars shared by every lane).
StageRunner = Callable[[str, Any, Any, dict], None]

SN = ir.SystemName
OT = ir.OperandType
U32 = np.uint32

#: Final TessFactor system names per domain, in the tessellator's factor order.
TESS_FACTOR_NAMES: dict[int, tuple[int, ...]] = {
    DOMAIN_QUAD: (SN.FINAL_QUAD_U_EQ_0_EDGE_TESSFACTOR, SN.FINAL_QUAD_V_EQ_0_EDGE_TESSFACTOR,
                  SN.FINAL_QUAD_U_EQ_1_EDGE_TESSFACTOR, SN.FINAL_QUAD_V_EQ_1_EDGE_TESSFACTOR,
                  SN.FINAL_QUAD_U_INSIDE_TESSFACTOR, SN.FINAL_QUAD_V_INSIDE_TESSFACTOR),
    DOMAIN_TRI: (SN.FINAL_TRI_U_EQ_0_EDGE_TESSFACTOR, SN.FINAL_TRI_V_EQ_0_EDGE_TESSFACTOR,
                 SN.FINAL_TRI_W_EQ_0_EDGE_TESSFACTOR, SN.FINAL_TRI_INSIDE_TESSFACTOR),
    DOMAIN_ISOLINE: (SN.FINAL_LINE_DENSITY_TESSFACTOR, SN.FINAL_LINE_DETAIL_TESSFACTOR),
}


class HullResult(NamedTuple):
    """``control_points`` (P, OUT, regs, 4) uint32 — the output control points; ``patch_constants``
    (P, 32, 4) uint32; ``tess_factors`` (P, k) float32 in the tessellator's order for the domain."""

    control_points: np.ndarray
    patch_constants: np.ndarray
    tess_factors: np.ndarray


def hull_info(program: ir.Program) -> HullInfo:
    """Declared HS state: control-point counts, domain, partitioning, output primitive (§10.3)."""
    return split_hull_program(program)


def _as_u32(a: Any) -> np.ndarray:
    a = np.asarray(a)
    if a.dtype != U32:
        a = np.ascontiguousarray(a).view(U32) if a.dtype.itemsize == 4 else a.astype(U32)
    return a


def _native_phase(phase: Any, n: int, inputs: np.ndarray, bindings: Any, system_values: dict,
                  outputs: np.ndarray | None = None, hooks: Any = None, execute_fn: Any = None) -> np.ndarray:
    """``hull_phases.run_phase`` on the native backend where the phase compiles (else, counted, the
    reference's); the debugger's ``execute_fn`` always takes the reference."""
    if execute_fn is None:
        from ..shader.native import staged

        o = staged.run_staged(phase.program, n, inputs, bindings, system_values, outputs, hooks)
        if o is not None:
            return o
    return run_phase(phase, n, inputs, bindings, system_values, outputs, hooks, execute_fn)


def run_hull_shader(program: ir.Program, bindings: Any, control_points: np.ndarray,
                    primitive_id: np.ndarray | int | None = None, hooks: Any = None,
                    run_stage: StageRunner | None = None) -> HullResult:
    """Run a hull shader over P patches.

    ``control_points``: (P, IN, regs, 4) uint32 (float32 taken bit for bit) — the patches' input
    control points as the VS output them (register = the HS input register). ``primitive_id``: (P,)
    SV_PrimitiveID per patch (default 0, 1, 2, …). ``run_stage`` (the debugger's hook, see
    :data:`StageRunner`) runs each phase's prepared state; lanes are named by ``patch`` (0..P-1),
    ``primitive_id`` and ``phase`` ('control_point': with ``control_point``; 'fork'/'join': with
    ``phase_index`` and ``phase_instance``)."""
    from ..shader import native

    info = split_hull_program(program)
    phase_fn = _native_phase if native.use_native() and run_stage is None else run_phase
    cp = _as_u32(control_points)
    if cp.ndim != 4:
        raise InvalidArgError(E_INVALIDARG, "run_hull_shader: control_points must be (patches, control points, regs, 4)")
    n_patches, n_in, regs_in, _ = cp.shape
    if info.input_control_points and n_in != info.input_control_points:
        raise InvalidArgError(E_INVALIDARG, f"run_hull_shader: patches have {n_in} control points, the HS declares "
                              f"{info.input_control_points}")
    n_out = info.output_control_points
    if primitive_id is None:
        prim = np.arange(n_patches, dtype=U32)
    else:
        prim = np.broadcast_to(np.asarray(primitive_id, np.int64).astype(U32), (n_patches,))

    # Control-point phase: lane = patch * OUT + output control point.
    cp_internal = cp.transpose(1, 2, 3, 0)  # (IN, regs, 4, P)
    if info.control_point_phase is not None and n_out:
        lanes = n_patches * n_out
        v = np.repeat(cp_internal, n_out, axis=3)
        sv = {OT.OUTPUT_CONTROL_POINT_ID: np.tile(np.arange(n_out, dtype=U32), n_patches),
              OT.INPUT_PRIMITIVEID: np.repeat(prim, n_out)}
        run = None
        if run_stage is not None:
            ident = {"phase": "control_point", "patch": np.repeat(np.arange(n_patches), n_out),
                     "primitive_id": sv[OT.INPUT_PRIMITIVEID], "control_point": sv[OT.OUTPUT_CONTROL_POINT_ID]}
            def run(c: Any, st: Any) -> None:
                run_stage("hs", c, st, ident)
        o = phase_fn(info.control_point_phase, lanes, np.ascontiguousarray(v), bindings, sv, hooks=hooks,
                      execute_fn=run)
        out_cp = o.reshape(o.shape[0], 4, n_patches, n_out).transpose(2, 3, 0, 1)  # (P, OUT, regs, 4)
    elif n_out:
        if n_out != n_in:
            raise InvalidArgError(E_INVALIDARG, "hull shader without a control-point phase must output its input control points")
        out_cp = cp.copy()
    else:
        out_cp = np.zeros((n_patches, 0, regs_in, 4), U32)
    out_cp = np.ascontiguousarray(out_cp)

    # Patch-constant phases: inputs vicp | vocp | vpc as one 2-D input file, lane = patch.
    regs = max(regs_in, out_cp.shape[2], 32)
    v = np.zeros((n_in + n_out + 1, regs, 4, n_patches), U32)
    v[:n_in, :regs_in] = cp_internal
    if n_out:
        v[n_in:n_in + n_out, :out_cp.shape[2]] = out_cp.transpose(1, 2, 3, 0)
    run_pc = None
    if run_stage is not None:
        def run_pc(c: Any, st: Any, which: dict) -> None:
            run_stage("hs", c, st, {**which, "patch": np.arange(n_patches), "primitive_id": prim})
    pc = run_patch_constant_phases(info, n_patches, v, bindings, {OT.INPUT_PRIMITIVEID: prim}, hooks, run_pc,
                                   phase_fn)
    patch_constants = np.ascontiguousarray(pc.transpose(2, 0, 1))  # (P, 32, 4)
    return HullResult(out_cp, patch_constants, read_tess_factors(info, patch_constants))


def read_tess_factors(info: HullInfo, patch_constants: np.ndarray) -> np.ndarray:
    """The final TessFactors (P, k) float32 from the declared SV_*TessFactor outputs (missing → 0,
    which culls the patch when it is an edge factor)."""
    names = TESS_FACTOR_NAMES.get(info.domain)
    if names is None:
        raise InvalidArgError(E_INVALIDARG, f"hull shader declares no valid tessellator domain ({info.domain})")
    out = np.zeros((patch_constants.shape[0], len(names)), np.float32)
    for k, name in enumerate(names):
        loc = info.tess_factor_outputs.get(int(name))
        if loc is not None:
            out[:, k] = patch_constants[:, loc[0], loc[1]].view(np.float32)
    return out
