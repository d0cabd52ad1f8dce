"""Native runs of the stages whose input file is two-dimensional (vertices x registers): hull-shader phases and
domain shaders (:func:`run_staged`, as shader/exec/hull_phases rewrites them) and geometry shaders
(:func:`run_geometry`, D3D11.3 §13 and §14 stage semantics kept by the reference executor they mirror).

Split from runtime.py (which re-exports the entry points): runtime compiles, caches and calls kernels; this module
only lays out a staged run's inputs, outputs and GS emit buffers around those calls.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import ir
from . import runtime as rt
from .lower import Lowered, Unsupported

OT = ir.OperandType
U32 = np.uint32
I32 = np.int32



def _flat_inputs(lw: Lowered, inputs: np.ndarray, n: int, ng: int) -> np.ndarray:
    """(vertices, regs, 4, N) inputs as the kernel's flat rows (vertices × R, 4, Ng), R = lw.v2d_regs:
    registers past R are never named by the program (immediate indices), missing ones read 0."""
    kv, regs = inputs.shape[0], inputs.shape[1]
    R = lw.v2d_regs
    v4 = np.zeros((kv, R, 4, ng), U32)
    r = min(R, regs)
    v4[:, :r, :, :n] = inputs[:, :r, :, :n]
    return v4


def _bind_stage(program: ir.Program, lw: Lowered, n: int, inputs: np.ndarray, bindings: Any,
                system_values: dict, hooks: Any, o_rows: int):
    """Compile and bind a kernel for one run of a 2-D-input program; (kernel, args, v4, o, ng, plan, after) or
    None after a counted rt.fallback."""
    reason = None
    if lw.has_deriv:
        reason = "derivatives outside the pixel shader"
    elif lw.v2d_rel_reg and inputs.shape[1] != lw.v2d_regs:
        reason = "relative register index into a 2-D input file of another register count"
    got = rt._graphics_kernel(program, lw, n, bindings, hooks, reason)
    if got is None:
        return None
    k, plan = got
    w = k.layout.width
    ng = (n + w - 1) // w * w
    A = rt._Args(k.layout)
    try:
        after = rt._bind_common(A, k, bindings)
    except Unsupported as e:
        rt.fallback(program, str(e))
        return None
    if plan is not None:
        plan.bind(A)
    if (inputs.shape[1] == lw.v2d_regs and inputs.shape[-1] >= ng and inputs.shape[-1] % w == 0
            and inputs.dtype == U32 and inputs.flags.c_contiguous):
        ng = inputs.shape[-1]  # the caller padded the lanes (pipeline.domain): the kernel reads it in place
        v4 = inputs
    else:
        v4 = _flat_inputs(lw, inputs, n, ng)
    v = v4.reshape(-1, 4, ng)  # v[j][r] is row j·R + r (lower._Lowerer.gs_input)
    A.ptr("v", v)
    A.set("nv", v.shape[0])
    o = np.zeros((max(o_rows, lw.n_outputs, 1), 4, ng), U32)
    A.ptr("o", o)
    A.set("no", o_rows)  # relative o# indices are bounded by the reference's output file
    act = np.zeros(ng, I32)
    act[:n] = -1
    A.ptr("active", act)
    A.set("n", n)
    A.set("ng", ng)
    for t in lw.sv_types:
        A.ptr(f"sv{t}", rt._sv_array(system_values.get(t), n, ng))
    A.ptr("discarded", np.zeros(ng, I32))
    return k, A, v4, o, ng, plan, after


def _run_bound(program, k: rt.Kernel, A: rt._Args, v4, o, bindings, system_values, hooks, n: int, plan, after) -> None:
    host = None
    if rt.needs_host(k.lw, plan):
        host = rt._Host(program, k, A, v4, o, bindings, system_values, hooks, n)
        A.set("host", ctypes.cast(host.cfunc, ctypes.c_void_p).value)
    rt._call(k, A)
    if host is not None and host.error is not None:
        raise host.error
    for fn in after:
        fn()
    rt.stats.native_runs += 1


def run_staged(program: ir.Program, n: int, inputs: np.ndarray, bindings: Any, system_values: dict,
               outputs: np.ndarray | None = None, hooks: Any = None) -> np.ndarray | None:
    """A hull phase or domain shader (as shader/exec/hull_phases rewrites them) over ``n`` lanes with the
    reference's arguments (``hull_phases.run_phase``): ``inputs`` (vertices, regs, 4, N) — N may exceed
    ``n`` (padding lanes, never run; read in place when N is a multiple of the vector width); ``outputs``
    ((regs, 4, N), optional) the output file the run writes into (registers it does not write keep their
    values). Returns the output file (regs, 4, N), or None when the program is not compiled (a counted
    rt.fallback: the caller runs the reference)."""
    lw = rt.lowered(program)
    if isinstance(lw, str):
        rt.fallback(program, lw)
        return None
    from ..exec.reference import _max_reg

    c_out = _max_reg(program, OT.OUTPUT)
    rows = max(c_out, outputs.shape[0] if outputs is not None else 0)
    got = _bind_stage(program, lw, n, inputs, bindings, system_values, hooks, rows)
    if got is None:
        return None
    k, A, v4, o, ng, plan, after = got
    if outputs is not None:
        o[: outputs.shape[0], :, :n] = outputs
    _run_bound(program, k, A, v4, o, bindings, system_values, hooks, n, plan, after)
    return o[:rows, :, :n]


# ----------------------------------------------------------------------------------------------
# Geometry shaders: run_geometry
# ----------------------------------------------------------------------------------------------

@dataclass
class GSRun:
    """What one native GS batch emitted, per lane (invocation) in emit order: ``count`` (N,) vertices,
    and for the ``count[i]`` first of the lane's ``max_vertices`` slots ``stream``/``strip`` (N, maxout)
    and ``data`` (regs, Ng·maxout, 4), slot lane·maxout + k — the o# file at the emit (every register, as
    the reference copies it; the pipeline applies the stream's declared components)."""

    count: np.ndarray
    stream: np.ndarray
    strip: np.ndarray
    data: np.ndarray


def run_geometry(program: ir.Program, n: int, inputs: np.ndarray, bindings: Any, system_values: dict,
                 hooks: Any, streams: set) -> GSRun | None:
    """One batch of GS invocations natively (``inputs`` (vertices, regs, 4, N) uint32, the reference's
    GS input layout; ``streams`` the declared output streams); None when the program is not compiled
    (counted as a rt.fallback: the caller runs the reference)."""
    lw = rt.lowered(program)
    if isinstance(lw, str):
        rt.fallback(program, lw)
        return None
    if not lw.gs_streams <= set(streams):
        rt.fallback(program, "emit/cut on an undeclared stream")
        return None
    got = _bind_stage(program, lw, n, inputs, bindings, system_values, hooks, lw.n_outputs)
    if got is None:
        return None
    k, A, v4, o, ng, plan, after = got
    O = lw.n_outputs
    mx = lw.gs_max
    count = np.zeros(ng, I32)
    cut = np.zeros((4, ng), I32)
    data = np.zeros(ng * mx * O * 4 + rt._SLACK, U32)
    stream = np.zeros(ng * mx + rt._SLACK, I32)
    strip = np.zeros(ng * mx + rt._SLACK, I32)
    A.ptr("gscount", count)
    A.ptr("gscut", cut)
    A.ptr("gsdata", data)
    A.ptr("gsstream", stream)
    A.ptr("gsstrip", strip)
    _run_bound(program, k, A, v4, o, bindings, system_values, hooks, n, plan, after)
    return GSRun(count[:n].astype(np.int64), stream[:n * mx].reshape(n, mx), strip[:n * mx].reshape(n, mx),
                 data[:ng * mx * O * 4].reshape(O, ng * mx, 4))
