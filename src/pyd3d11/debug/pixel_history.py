"""Exact pixel history over a capture (issue 18 item 3; docs/debugging.md).

``pixel_history(cap, resource, x, y, sample=0, subresource=0)`` replays the capture event by event and
lists every event that changed (or wrote to) that texel: clears, copies, updates, dispatches and draws,
with the value before and after. For each draw that renders to the texel through a render-target view
it lists every fragment that reached the sample, in order, with its fate:

* ``scissored`` / ``culled`` / ``cull_distance`` / ``clipped`` / ``clip_distance`` — found by what-if replays
  of the draw on scratch copies: the same draw with the scissor test off, then also with face culling off,
  then also without SV_CullDistance culling, then also with depth clipping off, then also without
  SV_ClipDistance clipping (§15.4); a fragment that appears only once a test is relaxed was removed by that
  test (fragments are listed in primitive order, the order of the most relaxed run);
* ``discarded`` — the pixel shader executed ``discard`` for it;
* ``sample_masked`` — the sample was covered but the blend state's sample mask, the shader's ``oMask``
  or alpha-to-coverage removed it;
* ``failed_stencil`` / ``failed_depth`` — with the values compared (:class:`DepthTest`, :class:`StencilTest`);
* ``written`` / ``written_masked`` (some channels kept by the write mask) / ``write_masked`` (none written)
  — with the shader's output before the output merger, the blend inputs, factors and result
  (:class:`BlendInfo`) and the target's value after the fragment.

A texel of a depth-stencil resource gets the fragments of the draws that bind it through the
depth-stencil view: ``before``/``after`` are (depth in the buffer's domain, stencil or None) and a
fragment that passed is ``written`` (something changed) or ``passed``.

Everything is observed from the pipeline itself: the draw runs through the reference executor on a
scratch copy of its inputs with two debugging hooks (``GraphicsState.stage_runner`` sees the
pixel-shader lanes, ``GraphicsState.output_merger`` substitutes an :class:`OutputMerger` subclass that
records the texel's fragments around each application); the replayed resources are untouched.

With ``[earlydepthstencil]`` the depth/stencil fates come from the test before the shader (a failed
fragment has no shader output). Any texel of any texture is covered: array slices and mips are subresources,
a Texture3D's W slice is ``z`` (a draw reaches it through an RTV's W range), and a block-compressed or 2x1
packed format's texel is decoded from its element (copies and updates write whole elements, so they are
reported as touching every texel of the elements they write). Buffers are refused (NotSupportedError).
At sample-frequency shading a sample the sample mask removes has no invocation: a what-if replay with the mask
relaxed finds its fragments (``sample_masked``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import NotSupportedError
from ..formats import codecs
from ..pipeline import blend as bl
from ..pipeline.depth_stencil import compare
from ..pipeline.output_merger import OutputMerger
from ..shader.exec import run_program
from ..storage import StorageDimension
from .capture_replay import WORK_METHODS, Capture


@dataclass(slots=True)
class DepthTest:
    """The depth test of one sample: ``fragment`` (the fragment's depth after the viewport clamp, in the
    buffer's domain: UNORM integer or float32) compared by ``func`` (D3D11_COMPARISON_FUNC) with ``stored``."""

    func: int
    fragment: Any
    stored: Any
    passed: bool
    fragment_float: float


@dataclass(slots=True)
class StencilTest:
    """``(ref & read_mask) func (stored & read_mask)`` on the face the primitive shows."""

    func: int
    ref: int
    read_mask: int
    stored: int
    passed: bool
    front_face: bool


@dataclass(slots=True)
class BlendInfo:
    """The blend of one sample (§17.4): ``source`` (PS output, clamped to the target's range),
    ``destination`` (the target before), the colour/alpha factors and operations, and ``result``
    (before conversion to the target format; the stored value is the fragment's ``after``)."""

    source: tuple
    destination: tuple
    blend_factor: tuple
    src_factor: tuple
    dst_factor: tuple
    src_alpha_factor: float
    dst_alpha_factor: float
    op: int
    op_alpha: int
    result: tuple


@dataclass(slots=True)
class Fragment:
    """One fragment of a draw at the texel's sample (see the module docstring for ``fate``)."""

    fate: str
    order: int  # its place among the draw's fragments at this sample (0 = first)
    coverage: int = 0  # raster coverage bits of the pixel
    shader_output: tuple | None = None  # o<rt slot> as the format kind reads it (floats or ints)
    shader_output_bits: tuple | None = None
    depth: DepthTest | None = None
    stencil: StencilTest | None = None
    blend: BlendInfo | None = None
    write_mask: int = 0xF
    before: tuple | None = None
    after: tuple | None = None


@dataclass(slots=True)
class PixelEvent:
    """An event that touched the texel: its index, method, value before/after, and fragments for draws."""

    event: int
    method: str
    before: tuple
    after: tuple
    fragments: list[Fragment] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return _bits(self.before) != _bits(self.after)


@dataclass(slots=True)
class PixelHistory:
    resource: int
    subresource: int
    x: int
    y: int
    sample: int
    initial: tuple | None
    events: list[PixelEvent]
    z: int = 0  # W slice of a Texture3D

    def draws(self) -> list[PixelEvent]:
        return [e for e in self.events if e.method.startswith("Draw") or e.fragments]

    def format(self) -> str:
        """The history as text, one line per event and per fragment (for notebooks and logs)."""
        def v(t: tuple | None) -> str:
            return "-" if t is None else "(" + ", ".join(f"{x:.6g}" if isinstance(x, float) else str(x)
                                                         for x in t) + ")"

        where = f"({self.x}, {self.y})" if not self.z else f"({self.x}, {self.y}, {self.z})"
        lines = [f"texel {where} sample {self.sample} of resource {self.resource} "
                 f"subresource {self.subresource}; initially {v(self.initial)}"]
        for e in self.events:
            lines.append(f"event {e.event} {e.method}: {v(e.before)} -> {v(e.after)}"
                         + ("" if e.changed else " (unchanged)"))
            for f in e.fragments:
                detail = []
                if f.shader_output is not None:
                    detail.append(f"ps {v(f.shader_output)}")
                if f.depth is not None:
                    detail.append(f"depth {f.depth.fragment} vs {f.depth.stored} func {f.depth.func}"
                                  f" {'pass' if f.depth.passed else 'fail'}")
                if f.stencil is not None:
                    detail.append(f"stencil ref {f.stencil.ref} vs {f.stencil.stored} func {f.stencil.func}"
                                  f" {'pass' if f.stencil.passed else 'fail'}")
                if f.blend is not None:
                    detail.append(f"blend src {v(f.blend.source)} * {v(f.blend.src_factor)} + dst "
                                  f"{v(f.blend.destination)} * {v(f.blend.dst_factor)} = {v(f.blend.result)}")
                if f.write_mask != 0xF:
                    detail.append(f"write mask 0x{f.write_mask:X}")
                if f.after is not None and f.fate.startswith("writ"):
                    detail.append(f"-> {v(f.after)}")
                lines.append(f"  fragment {f.order}: {f.fate}" + (": " + "; ".join(detail) if detail else ""))
        return "\n".join(lines)


def _bits(v: tuple | None) -> Any:
    if v is None:
        return None
    return tuple(np.asarray(v).view(np.uint32).tolist()) if np.asarray(v).dtype.itemsize == 4 else tuple(v)


def _tuple(a: np.ndarray) -> tuple:
    return tuple(x.item() for x in np.asarray(a).reshape(-1))


# ---------------------------------------------------------------------------------------------------
# reading one texel
# ---------------------------------------------------------------------------------------------------

def _block(st: Any, sub: int, x: int, y: int, sample: int, z: int) -> np.ndarray:
    """The bytes of the element (block) holding the texel: (bytes per block,) view into the storage."""
    if st.dimension == StorageDimension.BUFFER:
        raise NotSupportedError("pixel history of a buffer (use Capture.resource_bytes)")
    L = st.layout(sub)
    if not (0 <= x < L.width and 0 <= y < L.height and 0 <= sample < st.sample_count and 0 <= z < L.depth):
        raise IndexError(f"texel ({x}, {y}, {z}) sample {sample} outside {L.width}x{L.height}x{L.depth}"
                         f"x{st.sample_count}")
    return st.subresource_blocks(sub)[sample, z, y // st.block_height, x // st.block_width]


def _texel(st: Any, sub: int, x: int, y: int, sample: int, z: int = 0) -> tuple:
    """The texel's value: decoded by the resource's format (a block-compressed or 2x1/8x1 packed element is
    decoded whole and the texel taken from it), or its bytes for a typeless resource."""
    raw = _block(st, sub, x, y, sample, z)
    bw, bh = st.block_width, st.block_height
    try:
        if bw == 1 and bh == 1:
            return _tuple(codecs.decode(st.format, raw.reshape(1, -1))[0])
        texels = codecs.decode_region(st.format, np.ascontiguousarray(raw), bw, bh)  # (1, bh, bw, 4)
        return _tuple(texels[0, y % bh, x % bw])
    except Exception:  # a typeless resource: its bytes (the decoded value needs a view's format)
        return _tuple(raw)


# ---------------------------------------------------------------------------------------------------
# one draw, instrumented
# ---------------------------------------------------------------------------------------------------

DEPTH_SLOT = -1  # _Target.slot of the depth-stencil view


@dataclass(slots=True)
class _Target:
    slot: int  # render-target slot of the view on the texel's subresource
    rt_slice: int  # render-target array index of the subresource in that view


def _find_target(cmd: Any, storage: Any, sub: int, z: int = 0) -> _Target | None:
    """The render-target slot (or the depth-stencil view) that binds the texel's subresource, and the texel's
    render-target array index in that view (for a Texture3D view: its W slice less FirstWSlice)."""
    for slot, v in enumerate(cmd.state.om.rtvs):
        if v is None or v.storage is not storage:
            continue
        if storage.dimension == StorageDimension.TEXTURE3D:
            if v.first_mip == sub and v.first_slice <= z < v.first_slice + v.slice_count:
                return _Target(slot, z - v.first_slice)
            continue
        for i in range(v.slice_count):
            if storage.subresource_index(v.first_mip, v.first_slice + i) == sub:
                return _Target(slot, i)
    v = cmd.state.om.dsv
    if v is not None and v.storage is storage:
        for i in range(v.slice_count):
            if storage.subresource_index(v.first_mip, v.first_slice + i) == sub:
                return _Target(DEPTH_SLOT, i)
    return None


class _Probe:
    """What one instrumented run saw at the texel: PS lanes (in order) and OM fragments (in order)."""

    def __init__(self, x: int, y: int, sample: int, target: _Target) -> None:
        self.x, self.y, self.sample, self.target = x, y, sample, target
        self.lanes: list[dict] = []
        self.om: list[Fragment] = []
        self.early: list[dict] = []  # [earlydepthstencil]: the texel's tests before the shader, in order

    def runner(self) -> Any:
        probe = self

        class Runner:
            def run_vs(self, program: Any, n_lanes: int, stream: Any, **kw: Any) -> Any:
                return run_program(program, n_lanes, **kw)

            def run_ps(self, program: Any, n_lanes: int, lanes: Any, **kw: Any) -> Any:
                res = run_program(program, n_lanes, **kw)
                px, py = lanes.px.reshape(-1), lanes.py.reshape(-1)
                for lane in np.flatnonzero((px == probe.x) & (py == probe.y)):
                    rcov, ocov = int(lanes.rcov[lane]), int(lanes.ocov[lane])
                    sidx = None if lanes.sidx is None else int(lanes.sidx[lane // 4])
                    if rcov == 0 and ocov == 0:
                        continue  # a helper lane
                    k = probe.target.slot
                    bits = res.outputs[k, lane].copy() if 0 <= k < res.outputs.shape[0] else np.zeros(4, np.uint32)
                    probe.lanes.append({"rcov": rcov, "ocov": ocov, "sidx": sidx, "bits": bits,
                                        "discarded": bool(res.discarded[lane])})
                return res

        return Runner()

    def merger(self) -> type:
        probe = self

        class Merger(OutputMerger):
            def _apply(self, f: Any, idx: Any, key: Any) -> None:
                rows = np.arange(f.x.shape[0]) if idx is None else np.asarray(idx)
                at = rows[(f.x[rows] == probe.x) & (f.y[rows] == probe.y) & (f.slice[rows] == probe.target.rt_slice)]
                if at.size == 0:
                    OutputMerger._apply(self, f, idx, key)
                    return
                r = int(at[0])  # a layer holds at most one fragment per texel
                pre = probe.before_state(self)
                OutputMerger._apply(self, f, idx, key)
                probe.om.append(probe.describe(self, f, r, pre))

            def early_depth_stencil(self, f: Any, lanes: Any, n: int) -> Any:
                self._early = (f, lanes)
                try:
                    return OutputMerger.early_depth_stencil(self, f, lanes, n)
                finally:
                    self._early = None

            def _depth_stencil(self, f: Any, idx: Any, covered: Any, sl: Any, y: Any, x: Any) -> Any:
                early = getattr(self, "_early", None)
                if early is None:
                    return OutputMerger._depth_stencil(self, f, idx, covered, sl, y, x)
                rows = np.arange(f.x.shape[0]) if idx is None else np.asarray(idx)
                hit = np.flatnonzero((f.x[rows] == probe.x) & (f.y[rows] == probe.y)
                                     & (f.slice[rows] == probe.target.rt_slice))
                pre = probe.before_state(self) if hit.size else None
                passed = OutputMerger._depth_stencil(self, f, idx, covered, sl, y, x)
                if hit.size:
                    r = int(rows[hit[0]])
                    tested = _ds_tests(self, f, r, probe.sample, pre)
                    ok = bool(passed[hit[0], probe.sample]) if passed.shape[1] > probe.sample else bool(passed[hit[0], 0])
                    probe.early.append({"tests": tested, "passed": ok, "any_passed": bool(passed[hit[0]].any()),
                                        "covered": bool(covered[hit[0], min(probe.sample, covered.shape[1] - 1)])})
                return passed

        return Merger

    # -- the OM's view of one fragment -------------------------------------------------------------
    def before_state(self, om: OutputMerger) -> dict:
        s, t = self.sample, self.target
        out: dict[str, Any] = {}
        if t.slot != DEPTH_SLOT:
            out["color"] = om.targets[t.slot].texel(t.rt_slice, s, self.y, self.x)
        if om.ds is not None:
            at = np.array([om.ds.linear(t.rt_slice, s, self.y, self.x)], np.int64)
            out["depth"] = om.ds.read_depth(at)[0]
            if om.ds.has_stencil:
                out["stencil"] = int(om.ds.read_stencil(at)[0])
        return out

    def describe(self, om: OutputMerger, f: Any, r: int, pre: dict) -> Fragment:
        st, s, t = om.state, self.sample, self.target
        S = om.samples
        frag = Fragment("written", 0, coverage=int(f.coverage[r]))
        if t.slot == DEPTH_SLOT:  # (depth in the buffer's domain, stencil or None)
            frag.before = (pre["depth"].item(), pre.get("stencil"))
            after = self.before_state(om)
            frag.after = (after["depth"].item(), after.get("stencil"))
            ct = None
        else:
            ct = om.targets[t.slot]
            frag.before = _tuple(pre["color"])
            frag.after = _tuple(ct.texel(t.rt_slice, s, self.y, self.x))
        cov = int(f.coverage[r]) & st.sample_mask & ((1 << S) - 1)
        k = t.slot
        bits = f.colors[k, r] if 0 <= k < f.colors.shape[0] else np.zeros(4, np.uint32)
        if f.omask is not None:
            cov &= int(f.omask[r])
        elif st.blend is not None and st.blend.AlphaToCoverageEnable:
            a = f.colors[0, r, 3].view(np.float32) if f.colors.shape[0] else np.float32(0)
            n = int(np.clip(np.floor(float(np.nan_to_num(a)) * S + 0.5), 0, S))
            cov &= (1 << n) - 1
        if not (int(f.coverage[r]) >> s) & 1:
            frag.fate = "not_covered"
            return frag
        if not (cov >> s) & 1:
            frag.fate = "sample_masked"
            return frag
        tested = None if f.pretested else _ds_tests(om, f, r, s, pre)  # early: tested before the shader
        if tested is not None:
            frag.depth, frag.stencil = tested
            if frag.stencil is not None and not frag.stencil.passed:
                frag.fate = "failed_stencil"
                return frag
            if frag.depth is not None and not frag.depth.passed:
                frag.fate = "failed_depth"
                return frag
        if ct is None:  # the depth-stencil target: passed every test; written or left as it was
            frag.fate = "written" if frag.after != frag.before else "passed"
            return frag
        rt = om._rt_desc(k)
        frag.write_mask = int(rt.RenderTargetWriteMask) & 0xF if rt is not None else 0xF
        src = bits.view(np.float32).reshape(1, 4)
        if ct.lo is not None:
            src = np.clip(src, np.float32(ct.lo), np.float32(ct.hi))
        if rt is not None and rt.BlendEnable and ct.kind.name not in ("UINT", "SINT"):
            src1 = f.colors[1, r].view(np.float32).reshape(1, 4) if f.colors.shape[0] > 1 else src
            if ct.lo is not None:
                src1 = np.clip(src1, np.float32(ct.lo), np.float32(ct.hi))
            dst = np.asarray(pre["color"], np.float32).reshape(1, 4)
            bf = om.bf if ct.lo is None else np.clip(om.bf, np.float32(ct.lo), np.float32(ct.hi))
            sf = bl.factor(rt.SrcBlend, src, src1, dst, bf, False)
            df = bl.factor(rt.DestBlend, src, src1, dst, bf, False)
            sa = bl.factor(rt.SrcBlendAlpha, src, src1, dst, bf, True)
            da = bl.factor(rt.DestBlendAlpha, src, src1, dst, bf, True)
            res = bl.blend(rt, src, src1, dst, bf)
            frag.blend = BlendInfo(_tuple(src), _tuple(dst), _tuple(bf), _tuple(sf), _tuple(df), float(sa[0, 0]),
                                   float(da[0, 0]), int(rt.BlendOp), int(rt.BlendOpAlpha), _tuple(res))
        frag.fate = "written" if frag.write_mask == 0xF else ("write_masked" if frag.write_mask == 0 else "written_masked")
        return frag


def _ds_tests(om: OutputMerger, f: Any, r: int, s: int, pre: dict) -> tuple | None:
    """(DepthTest | None, StencilTest | None) of fragment ``r`` at sample ``s`` against the values ``pre``
    held before it (None: no depth/stencil test applies). Same order as the OM: stencil, then depth."""
    st = om.state
    desc = st.depth_stencil
    if om.ds is None or desc is None or not (desc.DepthEnable or (desc.StencilEnable and om.ds.has_stencil)):
        return None
    depth = stencil = None
    z = np.float32(f.depth[r, s])
    z = np.float32(min(max(z, f.vp_min[r]), f.vp_max[r]))
    q = om.ds.quantize(np.array([z], np.float32))[0]
    if desc.DepthEnable:
        passed = bool(compare(desc.DepthFunc, np.array([q]), np.array([pre["depth"]]))[0])
        depth = DepthTest(int(desc.DepthFunc), q.item(), pre["depth"].item(), passed, float(z))
    if desc.StencilEnable and om.ds.has_stencil:
        front = bool(f.front[r])
        face = desc.FrontFace if front else desc.BackFace
        ref, rm = st.stencil_ref & 0xFF, desc.StencilReadMask & 0xFF
        passed = bool(compare(face.StencilFunc, np.array([np.uint8(ref & rm)]),
                              np.array([np.uint8(pre["stencil"] & rm)]))[0])
        stencil = StencilTest(int(face.StencilFunc), ref, rm, pre["stencil"], passed, front)
    return depth, stencil


def _run(snapshot: Any, probe: _Probe, raster_changes: dict | None) -> None:
    from .replay import _fresh

    cmd, runtime = _fresh(snapshot)
    st = cmd.state
    if raster_changes:
        import copy

        changes = dict(raster_changes)
        st.relax = frozenset(changes.pop("relax", ()))
        if "sample_mask" in changes:
            st.om = copy.copy(st.om)
            st.om.sample_mask = changes.pop("sample_mask")
        st.rasterizer = copy.copy(st.rasterizer)
        for k, v in changes.items():
            setattr(st.rasterizer, k, v)
    st.stage_runner = probe.runner()
    st.output_merger = probe.merger()
    cmd.execute(runtime)


def _draw_fragments(snapshot: Any, target: _Target, x: int, y: int, sample: int) -> list[Fragment]:
    from ..pipeline.shader_io import EARLY_DEPTH_STENCIL_FLAG, global_flags, uses_sample_frequency

    ps = snapshot.cmd.state.ps
    early_z = ps is not None and bool(global_flags(ps.program) & EARLY_DEPTH_STENCIL_FLAG) \
        and snapshot.cmd.state.om.depth_stencil is not None and snapshot.cmd.state.om.dsv is not None
    real = _Probe(x, y, sample, target)
    _run(snapshot, real, None)
    out: list[Fragment] = []
    om = iter(real.om)
    early = iter(real.early)
    for lane in real.lanes:
        e = next(early, None) if early_z and lane["ocov"] != 0 else None
        alive = lane["ocov"] != 0 and not lane["discarded"]
        if e is not None:
            # the early test left the lane live only if some sample passed (§16.12 [earlydepthstencil])
            alive = alive and bool(e["any_passed"])
        f = next(om, None) if alive else None  # the OM receives the live lanes, in order
        if (lane["sidx"] is not None and lane["sidx"] != sample) or not (lane["rcov"] >> sample) & 1:
            continue
        if e is not None and e["tests"] is not None and e["covered"] and not e["passed"]:
            depth, stencil = e["tests"]
            fate = "failed_stencil" if stencil is not None and not stencil.passed else "failed_depth"
            out.append(Fragment(fate, 0, coverage=lane["rcov"], depth=depth, stencil=stencil))
            continue  # never shaded: the lane ran as a helper only
        if e is not None and not e["covered"] and not lane["discarded"]:
            f = Fragment("sample_masked", 0, coverage=lane["rcov"])  # removed by the sample mask before the test
        elif f is None:
            f = Fragment("discarded" if lane["discarded"] else "sample_masked", 0, coverage=lane["rcov"])
        elif e is not None and e["tests"] is not None:
            f.depth, f.stencil = e["tests"]
        f.shader_output_bits = _tuple(lane["bits"])
        f.shader_output = _tuple(lane["bits"].view(np.float32))
        out.append(f)
    if ps is None:
        out = [f for f in real.om if f.fate != "not_covered"]
    # what-if replays: each relaxation adds the fragments its test removed
    has_ps = ps is not None
    tagged = list(zip(out, _fp_list(real, sample, has_ps)))
    prev = Counter(fp for _, fp in tagged)
    changes: dict[str, Any] = {}
    order: list = []
    relaxations = _RELAXATIONS
    if ps is not None and uses_sample_frequency(ps.program) and not (int(snapshot.cmd.state.om.sample_mask) >> sample) & 1:
        # at sample frequency a masked sample gets no invocation at all: the fragments the mask removed appear
        # once it is relaxed (at pixel frequency the real run already reports them)
        relaxations = (("sample_masked", {"sample_mask": 0xFFFFFFFF}), *relaxations)
    for fate, change in relaxations:
        if "relax" in change:
            if not _writes_distances(snapshot.cmd, change["relax"][-1]):
                continue  # the draw has no such output: relaxing it changes nothing (skip the replay)
            change = {"relax": change["relax"]}
        changes = {**changes, **change}
        probe = _Probe(x, y, sample, target)
        _run(snapshot, probe, changes)
        order = _fp_list(probe, sample, has_ps)
        now = Counter(order)
        coverage = dict(zip(order, _coverage_list(probe, sample, has_ps)))
        for fp, n in (now - prev).items():
            tagged += [(Fragment(fate, 0, coverage=coverage.get(fp, 0)), fp) for _ in range(n)]
        prev = now
    # The most relaxed run holds every fragment in primitive order: list them in that order (fragments
    # with identical fingerprints are indistinguishable, so their relative order does not matter).
    slots: dict[Any, list[int]] = {}
    for pos, fp in enumerate(order):
        slots.setdefault(fp, []).append(pos)
    ranked = []
    for i, (f, fp) in enumerate(tagged):
        free = slots.get(fp)
        ranked.append((free.pop(0) if free else len(order) + i, f))
    out = [f for _, f in sorted(ranked, key=lambda t: t[0])]
    for i, f in enumerate(out):
        f.order = i
    return out


#: the what-if replays, in order; each keeps the relaxations before it. A fragment removed by several tests
#: is reported with the last of them (it appears only once that one is relaxed too).
_RELAXATIONS = (("scissored", {"ScissorEnable": False}), ("culled", {"CullMode": 1}),
                ("cull_distance", {"relax": ("cull_distance",)}),
                ("clipped", {"DepthClipEnable": False}),
                ("clip_distance", {"relax": ("cull_distance", "clip_distance")}))


def _writes_distances(cmd: Any, which: str) -> bool:
    """Whether the last stage before the rasterizer of a draw outputs SV_ClipDistance / SV_CullDistance."""
    from ..pipeline.shader_io import output_decls
    from ..shader import ir

    st = cmd.state
    last = next((s for s in (st.gs, st.ds, st.vs) if s is not None and s.program is not None
                 and s.program.program_type != ir.ProgramType.PIXEL), None)
    if last is None:
        return False
    name = ir.SystemName.CLIP_DISTANCE if which == "clip_distance" else ir.SystemName.CULL_DISTANCE
    try:
        return any(d.system_name == name for d in output_decls(last.program))
    except Exception:  # noqa: BLE001 - a stage whose outputs cannot be listed: replay to be sure
        return True


def _fp_list(probe: _Probe, sample: int, has_ps: bool) -> list:
    """Fingerprints of the fragments a run saw at the texel's sample, in the order they arrived. The pixel's
    other samples are left out: a relaxed test (a clip distance at subsample resolution, §15.4.1) may add
    coverage of other samples to a fragment that reached this one in the real run too."""
    if has_ps:
        return [(lane["bits"].tobytes(), lane["discarded"]) for lane in _sample_lanes(probe, sample)]
    return [f.depth.fragment_float if f.depth else None for f in probe.om if f.fate != "not_covered"]


def _sample_lanes(probe: _Probe, sample: int) -> list[dict]:
    return [lane for lane in probe.lanes
            if (lane["sidx"] is None or lane["sidx"] == sample) and (lane["rcov"] >> sample) & 1]


def _coverage_list(probe: _Probe, sample: int, has_ps: bool) -> list[int]:
    """The raster coverage of each fragment of :func:`_fp_list`, in the same order."""
    if has_ps:
        return [lane["rcov"] for lane in _sample_lanes(probe, sample)]
    return [f.coverage for f in probe.om if f.fate != "not_covered"]


def _touches(cmd: Any, st: Any, sub: int, x: int, y: int, sample: int, ctx: Any, z: int = 0) -> bool:
    """Whether a (non-draw) command writes the texel: it runs twice on scratch copies whose texel holds
    two different sentinels; any change of either means the command wrote it (whatever value it wrote).
    For block-compressed and packed formats the sentinel is the whole element: a copy or update writes whole
    blocks."""
    import copy

    from .replay import _ReplayRuntime

    for flip in (0xFF, 0x5A):
        memo: dict[int, Any] = {id(o): o for o in _keep_shared(cmd)}
        clone = copy.deepcopy(cmd, memo)
        cst = memo.get(id(st))
        if cst is None:
            return False  # the command does not reference the resource at all
        texel = _block(cst, sub, x, y, sample, z)
        sentinel = texel ^ np.uint8(flip)
        texel[...] = sentinel
        cst.touch()
        clone.execute(_ReplayRuntime(dict(ctx._so_filled)))
        if not np.array_equal(texel, sentinel):
            return True
    return False


def _keep_shared(cmd: Any) -> list[Any]:
    """Objects a scratch copy shares with ``cmd`` (programs keep their compiled form cached per object)."""
    from pyd3d11.api.commands import DispatchCmd, DrawCmd

    from .replay import _shared_objects

    return _shared_objects(cmd) if isinstance(cmd, (DrawCmd, DispatchCmd)) else []


def _unmaps(cap: Capture, ev: Any, st: Any, sub: int) -> bool:
    """An Unmap of a write map of the subresource rewrites all of it."""
    if "unmap_data" not in ev.raw:
        return False
    res, s = ev.raw["args"][0], (ev.raw["args"][1] if len(ev.raw["args"]) > 1 else 0)
    return isinstance(res, dict) and cap.object(res.get("obj", -1))._storage is st and int(s) == sub


# ---------------------------------------------------------------------------------------------------
# the whole capture
# ---------------------------------------------------------------------------------------------------

def pixel_history(cap: Capture, resource: int, x: int, y: int, sample: int = 0, subresource: int = 0,
                  upto: int | None = None, z: int = 0) -> PixelHistory:
    """Every event of ``cap`` (through event ``upto``, default all) that touched texel (``x``, ``y``) /
    ``sample`` of subresource ``subresource`` of the resource with capture id ``resource``; ``z`` is the W
    slice of a Texture3D (whose subresources are its mips; array slices are subresources)."""
    from .replay import _clone, _shared_objects

    last = len(cap.events) - 1 if upto is None else (upto + len(cap.events) if upto < 0 else upto)
    created = next((e.index for e in cap.events if e.created == resource), None)
    if created is None:
        raise LookupError(f"capture object {resource} is not a resource created in the capture")
    cap.replay_to(created)
    st = cap.object(resource)._storage
    initial = _texel(st, subresource, x, y, sample, z)
    events: list[PixelEvent] = []
    for ev in cap.events[created + 1:last + 1]:
        if ev.method not in WORK_METHODS:
            cap.replay_to(ev.index)
            continue
        cap.replay_to(ev.index - 1)
        before = _texel(st, subresource, x, y, sample, z)
        grabbed: list[Any] = []
        ctx = cap.context

        def grab(cmd: Any, grabbed: list = grabbed, ctx: Any = ctx) -> None:
            from pyd3d11.api.commands import DrawCmd

            if isinstance(cmd, DrawCmd):
                target = _find_target(cmd, st, subresource, z)
                if target is not None:
                    grabbed.append(("draw", _clone(cmd, _shared_objects(cmd), dict(ctx._so_filled)), target))
                    return
            grabbed.append(("other", _touches(cmd, st, subresource, x, y, sample, ctx, z), None))

        ctx._capture_hook = grab
        try:
            cap.replay_to(ev.index)
        finally:
            ctx._capture_hook = None
        after = _texel(st, subresource, x, y, sample, z)
        frags: list[Fragment] = []
        touched = ev.method == "Unmap" and _unmaps(cap, ev, st, subresource)
        for kind, item, target in grabbed:
            if kind == "draw":
                frags += _draw_fragments(item, target, x, y, sample)
            else:
                touched = touched or item
        for i, f in enumerate(frags):
            f.order = i
        pe = PixelEvent(ev.index, ev.method, before, after, frags)
        if pe.changed or frags or touched:
            events.append(pe)
    return PixelHistory(resource, subresource, x, y, sample, initial, events, z)
