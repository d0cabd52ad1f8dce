"""Which draws the fused native pixel pipeline takes (issue 12, point 2): the supported set of states, targets and
pixel shaders (:func:`unsupported_reason`, each refusal a counted reason of ``fused.stats``), the draw's raster
sample pattern and the memoised output-merger key. fused.py runs the draws this module accepts."""

from __future__ import annotations

import numpy as np

from ...shader import ir
from ...shader.native import runtime as nrt
from ...storage import StorageDimension
from ..rasterizer import D3D11_STANDARD_MULTISAMPLE_PATTERN, sample_offsets
from ..shader_io import (
    DECLARATIONS,
    EARLY_DEPTH_STENCIL_FLAG,
    global_flags,
    input_decls,
    memo,
    uses_sample_frequency,
)
from . import fused_uav, om_gen

SN = ir.SystemName
IM = ir.InterpolationMode
OT = ir.OperandType
_UAV_WRITE_OPS = {ir.Opcode[n] for n in dir(ir.Opcode) if n.startswith(("STORE_", "ATOMIC_", "IMM_ATOMIC_"))}


def _size(view) -> tuple[int, int]:
    L = view.storage.layout(view.storage.subresource_index(view.first_mip, view.first_slice))
    return L.width, L.height


def _writes_uavs(program: ir.Program) -> bool:
    return memo(program, "uav_writes", lambda p: any(inst.opcode in _UAV_WRITE_OPS for inst in p.instructions))


def _view_ok(view, samples: int = 1) -> str | None:
    st = view.storage
    if st.dimension != StorageDimension.TEXTURE2D:
        return "a render-target/depth view that is not of a 2D texture"
    if st.sample_count != samples or view.slice_count != 1:
        return "a multi-slice target view, or one whose sample count is not the draw's"
    return None


#: sample counts the fused lane rasterizes (fused_gen.FusedKey.samples; om_gen merges them)
MSAA_COUNTS = (2, 4, 8, 16)


def sample_pattern(state) -> tuple:
    """The draw's raster sample offsets (1/256 pixel from the centre) as FusedKey.samples: () for one sample;
    the output pattern of the view's quality (draw._raster_pattern without ForcedSampleCount, §3.5.6)."""
    S = state.sample_count
    if S == 1:
        return ()
    q = state.sample_quality if state.sample_quality in (0xFFFFFFFF, 0xFFFFFFFE) else \
        D3D11_STANDARD_MULTISAMPLE_PATTERN
    return tuple((int(a), int(b)) for a, b in sample_offsets(S, q))


# ------------------------------------------------------------------------------------------------
# Selection
# ------------------------------------------------------------------------------------------------

_OM_KEYS: dict = {}  # om_gen.om_key's inputs -> (its key, the state descriptions the entry keeps alive)


def _om_key(state, declared_targets: int):
    """om_gen.om_key of the draw's output-merger state, memoised: the blend and depth-stencil descriptions
    are the state objects' own (immutable, keyed by id and kept alive by the entry, so while the entry lives
    no other object has those ids: an id match is the same object); the formats, view flags and sample mask
    are compared by value."""
    om = state.om
    rt_formats = tuple(v.format if v is not None else None for v in om.rtvs)
    ds_format = om.dsv.format if om.dsv is not None else None
    memo = (id(om.blend), id(om.depth_stencil), rt_formats, ds_format,
            int(getattr(om.dsv, "flags", 0) or 0) if om.dsv is not None else 0, int(om.sample_mask), declared_targets,
            state.sample_count)
    got = _OM_KEYS.get(memo)
    if got is not None:
        return got[0]
    key = om_gen.om_key(om, list(rt_formats), ds_format, state.sample_count, written_targets=declared_targets)
    if len(_OM_KEYS) > 256:
        _OM_KEYS.clear()
    _OM_KEYS[memo] = (key, (om.blend, om.depth_stencil))
    return key


_REASONS: dict = {}  # the inputs of unsupported_reason by identity -> (reason, the objects named by id)


def unsupported_reason(state, pre_decls, cls_triangle: bool, prep, forced: int,
                       declared_targets: int) -> str | None:
    """Why this draw cannot take the fused lane (None: it can), memoised: every input is an object the draw
    shares with the previous draws (the primitives ``prep`` and their output declarations, the pixel shader,
    the views, the blend and depth-stencil descriptions: compared by identity and kept alive by the entry) or a
    plain value."""
    if prep.quads is not None or prep.lane_alpha is not None:
        # lines (also wireframe triangles without MultisampleEnable) under ForcedSampleCount arrive as fragments,
        # not pieces (the others were made one-pixel pieces in try_draw); points and quadrilateral lines
        # (MultisampleEnable) are triangle pieces (setup.prepare_points / _line_pieces) and take the lane like
        # triangles
        return "aliased or alpha-antialiased lines with ForcedSampleCount"
    om = state.om
    ps = state.ps.program if state.ps is not None else None
    # (``prep`` itself is not kept: its arrays are carved from the front end's reusable arena, which a kept
    # reference would stop reusing)
    refs = (ps, om.blend, om.depth_stencil, om.dsv, *om.rtvs)
    key = (tuple(map(id, refs)), any(d.system_name == SN.CLIP_DISTANCE for d in pre_decls), forced,
           state.sample_count, state.stage_runner is None, state.output_merger is None, int(om.sample_mask),
           declared_targets)
    got = _REASONS.get(key)
    if got is None:
        got = (_unsupported_reason(state, pre_decls, forced, declared_targets), refs)
        if len(_REASONS) > 64:
            _REASONS.clear()
        _REASONS[key] = got
    if got[0] is not None:
        return got[0]
    vp = prep.vp
    if vp.shape[0] > 1 and vp.strides[0] != 0 and not (np.all(vp[:, 4] == vp[0, 4]) and np.all(vp[:, 5] == vp[0, 5])):
        return "viewports with different depth ranges in one draw"
    return None


def _unsupported_reason(state, pre_decls, forced: int, declared_targets: int) -> str | None:  # noqa: C901
    """unsupported_reason's checks of the state (not of the primitives)."""
    if state.sample_count != 1 and state.sample_count not in MSAA_COUNTS:
        return "ForcedSampleCount, or a sample count the lane does not rasterize"
    if forced and (r := _forced_reason(state, forced)) is not None:
        return r
    if state.stage_runner is not None or state.output_merger is not None:
        return "a debugging hook (stage runner / pixel history)"
    om = state.om
    ps = state.ps.program if state.ps is not None else None
    if ps is not None:
        if _writes_uavs(ps) and (r := fused_uav.order_reason(ps)) is not None:
            return r  # only UAV results independent of the invocation order (fused_uav.py) take the lane
        lw = nrt.lowered(ps)
        if isinstance(lw, str):
            return f"pixel shader not compiled: {lw}"
        if lw.special_out:
            r = _special_out_reason(ps, lw, om)
            if r is not None:
                return r
        if global_flags(ps) & EARLY_DEPTH_STENCIL_FLAG and (
                lw.has_discard or (om.blend is not None and om.blend.AlphaToCoverageEnable)):
            # [earlydepthstencil] (§16.12 / draw._PixelContext.shade): the test runs before the shader. Without
            # UAV writes, oDepth/oMask, discard and alpha to coverage it tests and updates exactly the samples a
            # late test would, so such shaders merge late here; with discard or alpha to coverage, samples the
            # shader drops still update depth/stencil, which the late merger cannot do.
            return "[earlydepthstencil] with discard or alpha to coverage"
        if not lw.sv_types <= {int(OT.INPUT_COVERAGE_MASK), int(OT.INPUT_PRIMITIVEID)}:
            return "pixel shader reads system-value operands other than vCoverage / vPrim"
        for d in input_decls(ps):
            if d.operand_type in (OT.INPUT_COVERAGE_MASK, OT.INPUT_PRIMITIVEID):
                continue  # system-value operands (vCoverage, vPrim): filled per lane, see _sv_kinds
            if d.operand_type != OT.INPUT:
                return f"pixel shader input {OT(d.operand_type).name}"
            if d.system_name not in (SN.UNDEFINED, SN.POSITION, SN.IS_FRONT_FACE, SN.PRIMITIVE_ID,
                                     SN.RENDER_TARGET_ARRAY_INDEX, SN.SAMPLE_INDEX) and d.interpolation != IM.CONSTANT:
                return f"pixel shader input {SN(d.system_name).name}"
            if d.system_name == SN.VIEWPORT_ARRAY_INDEX:
                return "SV_ViewportArrayIndex input"
    size = None
    for v in list(om.rtvs) + [om.dsv]:
        if v is None:
            continue
        r = _view_ok(v, state.sample_count)
        if r:
            return r
        if size is not None and _size(v) != size:
            return "targets of different sizes"
        size = _size(v)
    if size is None and not (ps is not None and _writes_uavs(ps)):
        return "no render-target or depth-stencil view (the raster area is the viewport alone)"
    if _om_key(state, declared_targets) is None:
        return "output-merger state not built natively (om_gen)"
    return None


#: the pixel shader's scalar outputs the lane applies (fused_gen.FusedKey.so): oDepth in its three forms (the
#: conservative ones are plain oDepth to the reference: its value is the fragment's depth) and oMask
_SO_KIND = {int(OT.OUTPUT_DEPTH): "depth", int(OT.OUTPUT_DEPTH_GREATER_EQUAL): "depth",
            int(OT.OUTPUT_DEPTH_LESS_EQUAL): "depth", int(OT.OUTPUT_COVERAGE_MASK): "mask"}
_FLOW_OPS = {ir.Opcode.IF, ir.Opcode.ELSE, ir.Opcode.ENDIF, ir.Opcode.LOOP, ir.Opcode.ENDLOOP, ir.Opcode.BREAK,
             ir.Opcode.BREAKC, ir.Opcode.CONTINUE, ir.Opcode.CONTINUEC, ir.Opcode.SWITCH, ir.Opcode.CASE,
             ir.Opcode.DEFAULT, ir.Opcode.ENDSWITCH, ir.Opcode.RET, ir.Opcode.RETC, ir.Opcode.CALL,
             ir.Opcode.CALLC, ir.Opcode.LABEL}


def _special_out_reason(ps, lw, om) -> str | None:
    """Why the shader's special outputs keep the draw off the lane (None: oDepth / oMask it applies).

    The executors report a special output for a batch only when a store to it ran there (its other lanes then
    read 0), else the batch keeps the interpolated depth / its coverage. The lane's batches are not the
    reference's, so it takes only shaders whose first store to each such output comes before any flow control:
    that store runs for every lane of every batch. oStencilRef is not applied by the reference merger (it uses
    the state's reference), so such shaders stay with the reference; so does oMask with alpha to coverage (the
    reference's merger turns alpha to coverage off only for batches whose oMask store ran)."""
    if not set(lw.special_out) <= set(_SO_KIND):
        return "pixel shader writes oStencilRef"
    if global_flags(ps) & EARLY_DEPTH_STENCIL_FLAG:
        return "[earlydepthstencil] with oDepth / oMask"
    if int(OT.OUTPUT_COVERAGE_MASK) in lw.special_out and om.blend is not None and om.blend.AlphaToCoverageEnable:
        return "oMask with alpha to coverage"
    pending = set(lw.special_out)
    for inst in ps.instructions:
        if inst.opcode in _FLOW_OPS:
            break
        if inst.opcode in DECLARATIONS:  # dcl_output oDepth declares, it does not store
            continue
        for op in inst.operands:
            pending.discard(int(op.type))
        if not pending:
            return None
    return "oDepth / oMask written under flow control"


def _so_slots(kernel) -> tuple:
    """FusedKey.so: (kind, operand type) of each special output the kernel writes."""
    if kernel is None:
        return ()
    return tuple(sorted((_SO_KIND[t], t) for t in kernel.lw.special_out))


def _forced_reason(state, forced: int) -> str | None:
    """The ForcedSampleCount (target-independent rasterization, §3.5.6) draws the lane takes: the forced pattern
    rasterizes (coverage words of ``forced`` bits), one output sample per pixel written when any raster sample is
    covered, occlusion counting the raster samples (fused_gen ``FusedKey.forced``). Outside: states whose output
    coverage would need more (a multisampled or depth target — D3D11.1 requires neither —, alpha to coverage,
    SampleMask without sample 0, which leaves no lane to shade) and sample-frequency shaders."""
    om = state.om
    ps = state.ps.program if state.ps is not None else None
    if forced not in (1,) + MSAA_COUNTS or state.sample_count != 1:
        return "ForcedSampleCount, or a sample count the lane does not rasterize"
    if om.dsv is not None or (om.blend is not None and om.blend.AlphaToCoverageEnable) or not int(om.sample_mask) & 1:
        return "ForcedSampleCount with a depth-stencil view, alpha to coverage or SampleMask without sample 0"
    if ps is not None and uses_sample_frequency(ps):
        return "ForcedSampleCount with a sample-frequency pixel shader"
    return None


def _forced(state) -> int:
    return int(getattr(state.rasterizer, "ForcedSampleCount", 0) or 0)
