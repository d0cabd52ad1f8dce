"""Shader executors (DESIGN §3): run shader IR SIMT over N lanes with an execution mask.

Interface (used by every pipeline stage)::

    from pyd3d11.shader.exec import run_program
    res = run_program(program, n_lanes, inputs=None, bindings=None, system_values=None,
                      tgsm=None, active=None, hooks=None, helpers=None)

* ``program``: an :class:`pyd3d11.shader.ir.Program`. It is compiled once into a list of closures
  (cached per Program object); each op then runs as numpy batches over all lanes.
* ``inputs``: v# registers, (regs, N, 4) uint32 (float32 arrays are taken bit-for-bit) or a dict
  ``{reg: (N, 4) or (4,)}``. 2-D inputs (GS/HS/DS ``v[vertex][reg]``) may be given in the internal layout
  (vertices, regs, 4, N); ``inputs_component_major=True`` takes 1-D inputs already in the internal
  (regs, 4, N) layout (no transposing copy).
* ``bindings``: :class:`pyd3d11.shader.exec.bindings.Bindings` (cbuffers as uint32 words, SRV/UAV
  ViewDescriptors, samplers). UAV/TGSM writes go straight to the storage bytes.
* ``system_values``: ``{ir.OperandType: (N,) or (N, k)}`` for operand-type system values
  (vThreadID, vThreadGroupID, vThreadIDInGroup, vThreadIDInGroupFlattened, vPrim, vCoverage, …).
  Signature-mapped system values (SV_Position, SV_VertexID, …) are ordinary v# inputs.
* ``tgsm``: ``{g#: flat uint32 words}`` to supply groupshared memory; ``active``: (N,) bool initial
  execution mask (lanes that do not run at all); ``helpers``: (N,) bool pixel-shader helper lanes, which
  run (ALU, loads, sampling, derivatives) but whose UAV stores, atomics (immediate results read 0) and
  append/consume counter updates are dropped; lanes that executed ``discard`` are treated the same from
  then on (D3D11.3 §16.13).
* ``hooks``: object with ``sample(state, instruction, srcs)`` for sample/gather/lod; the default
  raises NotSupportedError naming the instruction.

Backends: ``run_program`` runs on the backend ``pyd3d11.shader.native.backend()`` selects — the native
one (pyd3d11.shader.native, LLVM) where it compiles the program, else this reference executor.

Returns :class:`ExecResult` with ``outputs`` (regs, N, 4) uint32, ``depth``/``coverage_mask``/
``stencil_ref`` ((N,) uint32 or None), and ``discarded`` (N,) bool. ``discard`` only marks lanes; they
keep executing so derivatives stay valid — the pixel stage decides what to drop. Derivatives treat
lanes in groups of 4 as 2x2 quads ordered top-left, top-right, bottom-left, bottom-right; coarse
derivatives use the top row / left column.

Internals: registers are uint32 bit patterns in component-major arrays (regs, 4, N) viewed as
float32/int32 per instruction; float rules (denormal flush, NaN min/max, ftoi saturation, …) are
applied explicitly (shader/ops: alu_float/alu_int/alu_double, shared with the compiler). Stage-specific pieces live beside the core:
GS emit/cut in ``geometry_ops`` (driven by pipeline.geometry), hull-shader phases in ``hull_phases``
(split into per-phase programs by pipeline.hull), ``fcall``/class linkage by ``interfaces.link_program``
(a program specialised for the bound class instances; an unlinked ``fcall`` raises NotSupportedError),
texture sampling and eval_* through ``hooks`` (``sample`` / ``evaluate``, provided by the pipeline).
"""

from typing import Any

from . import reference
from .reference import SamplingHooks, compile_program, execute, new_state
from .state import ExecResult, ExecState


def run_program(program: Any, n_lanes: int, *args: Any, **kw: Any) -> ExecResult:
    """Run ``program`` on the selected backend (``pyd3d11.shader.native.backend()``): the native one
    where it compiles the program, else the reference (same arguments and result)."""
    from .. import native

    if native.use_native():
        from ..native import runtime

        return runtime.run_program(program, n_lanes, *args, **kw)
    return reference.run_program(program, n_lanes, *args, **kw)


__all__ = ["run_program", "compile_program", "execute", "new_state", "ExecResult", "ExecState", "SamplingHooks"]
