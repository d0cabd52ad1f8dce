"""The domain-shader stage (D3D11.3 §12): one invocation per tessellator domain point.

Inputs are ``vDomain`` (the point's u, v[, w]), the patch's output control points (``vicp``) and
patch constants (``vpc``), and ``vPrim``. Lanes of all patches run together, in batches that bound the
memory of the per-lane control-point copies.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import E_INVALIDARG, InvalidArgError
from ..shader import ir
from ..shader.exec.hull_phases import split_domain_program
from ..shader.exec.reference import execute, new_state

OT = ir.OperandType
U32 = np.uint32

#: Upper bound of lanes × per-lane input words processed at once (bounds the gathered input file).
_BATCH_WORDS = 1 << 24


def run_domain_shader(program: ir.Program, bindings: Any, domain_points: np.ndarray, point_patch: np.ndarray,
                      control_points: np.ndarray, patch_constants: np.ndarray,
                      primitive_id: np.ndarray | None = None, hooks: Any = None,
                      run_stage: Any = None) -> np.ndarray:
    """Run a domain shader once per domain point; returns outputs (regs, M, 4) uint32.

    ``domain_points`` (M, 2|3) float32 and ``point_patch`` (M,) come from the tessellator
    (:class:`pyd3d11.pipeline.tessellator.Tessellation` ``.points`` / ``.point_patch``);
    ``control_points`` (P, CP, regs, 4) and ``patch_constants`` (P, 32, 4) from the hull shader;
    ``primitive_id`` (P,) the patches' SV_PrimitiveID (default 0, 1, 2, …). ``run_stage`` is the debugger's
    hook (:data:`pyd3d11.pipeline.hull.StageRunner`); lanes are named by ``point`` (index into
    ``domain_points``), ``patch``, ``primitive_id`` and ``domain`` (the point's u, v[, w])."""
    pts = np.asarray(domain_points, np.float32)
    patch = np.asarray(point_patch, np.int64).reshape(-1)
    cp = np.asarray(control_points)
    pc = np.asarray(patch_constants)
    if cp.dtype != U32:
        cp = np.ascontiguousarray(cp).view(U32)
    if pc.dtype != U32:
        pc = np.ascontiguousarray(pc).view(U32)
    if pts.shape[0] != patch.shape[0]:
        raise InvalidArgError(E_INVALIDARG, "run_domain_shader: one patch index per domain point is required")
    n_patches, n_cp = cp.shape[0], cp.shape[1]
    info = split_domain_program(program, n_cp)
    c = info.compiled
    prim = np.arange(n_patches, dtype=U32) if primitive_id is None else np.asarray(primitive_id).astype(U32)
    m = pts.shape[0]
    regs = max(1, c.n_inputs)
    # Per-patch input file (CP + 1 vertex slots: control points, then patch constants), trimmed to the
    # registers the shader can address.
    per_patch = np.zeros((n_patches, n_cp + 1, regs, 4), U32)
    r_cp = min(regs, cp.shape[2])
    per_patch[:, :n_cp, :r_cp] = cp[:, :, :r_cp]
    r_pc = min(regs, pc.shape[1])
    per_patch[:, n_cp, :r_pc] = pc[:, :r_pc]
    from ..shader import native
    from ..shader.native import staged

    use_native = native.use_native() and run_stage is None
    out = None
    batch = max(1, _BATCH_WORDS // ((n_cp + 1) * regs * 4))
    for lo in range(0, max(m, 1), batch):
        hi = min(m, lo + batch)
        n = hi - lo
        if n <= 0:
            break
        pp = patch[lo:hi]
        sv = {OT.INPUT_DOMAIN_POINT: pts[lo:hi], OT.INPUT_PRIMITIVEID: prim[pp]}
        o = None
        if use_native:  # lanes padded to whole 16-lane vectors: the kernel reads this file in place
            vp = np.zeros((n_cp + 1, regs, 4, -(-n // 16) * 16), U32)
            vp[..., :n] = per_patch[pp].transpose(1, 2, 3, 0)
            o = staged.run_staged(info.program, n, vp, bindings, sv, None, hooks)
        if o is None:
            v = np.ascontiguousarray(per_patch[pp].transpose(1, 2, 3, 0))  # (CP + 1, regs, 4, n)
            st = new_state(c, n, v, bindings, sv, None, hooks)
            if run_stage is None:
                execute(c, st)
            else:
                run_stage("ds", c, st, {"point": np.arange(lo, hi), "patch": pp, "primitive_id": prim[pp],
                                        "domain": pts[lo:hi]})
            o = st.o
        if out is None:
            out = np.zeros((o.shape[0], m, 4), U32)
        out[:, lo:hi] = o.transpose(0, 2, 1)
    if out is None:
        out = np.zeros((c.n_outputs, 0, 4), U32)
    return out
