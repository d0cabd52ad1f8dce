"""Optimiser differential check: compile an HLSL entry point with and without the compiler's optimiser
(shader/hlsl/optimize.py, cse.py) and run both programs on the same random inputs, constant buffers,
resources and texel values; every output bit must agree (each optimisation keeps the bits each
instruction computes).

    python -m pyd3d11.tools.optdiff FILE.hlsl ENTRY TARGET [-D NAME=VALUE ...] [--lanes N] [--seed S]
    python -m pyd3d11.tools.optdiff --shader-test FILE.shader_test ... [-v]

Stages: vertex and pixel shaders run alone over ``lanes`` lanes (outputs, discard, depth/coverage and
UAV contents compared); compute shaders run two thread groups through pipeline.compute.dispatch
(UAV contents and hidden counters compared); geometry shaders run over ``lanes`` random primitives
through pipeline.geometry.run_geometry_shader (emitted vertices and primitives compared). Every SRV /
UAV the programs declare is bound to a small resource of the declared kind filled with mostly-small
random values (typed buffers and textures, raw, structured). Texture sampling returns a hash of the
coordinate components the view's dimension uses, so a wrong coordinate shows in the output.

A case (:func:`diff_case`) also compiles a third program: unoptimised with a register of its own for
every virtual temp (regalloc.NO_SHARING). All three run twice, with temps pre-filled with two different
words: when the unshared program's results change with the pre-fill, the source reads uninitialised
values (undefined: ``uninit``, not compared); otherwise the register-allocated unoptimised program and
the optimised one must both give its bits. Each case runs under a time limit (SIGALRM); when random
constants make a uniform loop run away, it is retried with small-integer constants and otherwise
counts as ``timeout``.

``--shader-test`` compiles every HLSL shader section of vkd3d ``.shader_test`` files at 4.0 and 5.0
(where its ``[require]`` allows and it is expected to compile) and reports each difference; sections
that fail to compile or that the executor cannot run are counted, not reported. Exit status 1 when any
difference was found."""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import NotSupportedError
from ..headers.d3dcompiler_types import D3D_COMPILE_STANDARD_FILE_INCLUDE
from ..shader import ir
from ..shader.blob import blob_bytes
from ..shader.dxbc.container import parse_container
from ..shader.dxbc.decoder import decode_program
from ..shader.exec import run_program
from ..shader.exec.bindings import Bindings
from ..shader.hlsl import optimize
from ..storage import ResourceStorage, ViewDescriptor, ViewKind

OP = ir.Opcode
PT = ir.ProgramType
RD = ir.ResourceDimension
U32 = np.uint32

#: bytecode resource dimension → (storage dimension, SRV dimension, UAV dimension, (width, height,
#: depth, mips, array size, samples), coordinates a sample/ld uses)
_DIMS: dict[int, tuple[int, int, int, tuple[int, ...], int]] = {
    RD.BUFFER: (1, 1, 1, (64, 1, 1, 1, 1, 1), 1),
    RD.TEXTURE1D: (2, 2, 2, (8, 1, 1, 2, 1, 1), 1),
    RD.TEXTURE1DARRAY: (2, 3, 3, (8, 1, 1, 2, 3, 1), 2),
    RD.TEXTURE2D: (3, 4, 4, (8, 4, 1, 2, 1, 1), 2),
    RD.TEXTURE2DARRAY: (3, 5, 5, (8, 4, 1, 2, 3, 1), 3),
    RD.TEXTURE2DMS: (3, 6, 0, (8, 4, 1, 1, 1, 4), 2),
    RD.TEXTURE2DMSARRAY: (3, 7, 0, (8, 4, 1, 1, 3, 4), 3),
    RD.TEXTURE3D: (4, 8, 8, (8, 4, 3, 2, 1, 1), 3),
    RD.TEXTURECUBE: (3, 9, 0, (4, 4, 1, 2, 6, 1), 3),
    RD.TEXTURECUBEARRAY: (3, 10, 0, (4, 4, 1, 2, 12, 1), 4),
}
_SRV_COORDS = {v[1]: v[4] for v in _DIMS.values()}
#: SRV dimension -> components of a sample_d derivative (the coordinates without the array index)
_SRV_DERIV = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 2, 8: 3, 9: 3, 10: 3}
#: declared return type → (DXGI format, bytes per element) for SRVs (4 channels) and typed UAVs (one
#: channel: D3D11 typed UAV loads work on R32 formats only)
_SRV_FMT = {ir.ReturnType.FLOAT: (2, 16), ir.ReturnType.UINT: (3, 16), ir.ReturnType.SINT: (4, 16),
            ir.ReturnType.UNORM: (28, 4), ir.ReturnType.SNORM: (31, 4)}
_UAV_FMT = {ir.ReturnType.FLOAT: (41, 4), ir.ReturnType.UINT: (42, 4), ir.ReturnType.SINT: (43, 4),
            ir.ReturnType.UNORM: (28, 4), ir.ReturnType.SNORM: (31, 4)}
_RAW_WORDS = 256
_STRUCT_COUNT = 48


class HashSampler:
    """Texels from a hash of the source operand bits (deterministic, coordinate-sensitive). Only the
    components the instruction reads are hashed (coordinates: those of the bound view's dimension;
    scalar operands such as LOD, bias or reference: component 0), so unused register lanes (which the
    optimiser may leave different) do not show."""

    def sample(self, st, inst, srcs: list[np.ndarray]) -> np.ndarray:
        ncoord = nderiv = 4
        res = next((o for o in inst.operands if o.type == ir.OperandType.RESOURCE), None)
        if res is not None and st is not None and st.bindings is not None:
            v = st.bindings.srvs[res.register]
            if v is not None:
                ncoord, nderiv = _SRV_COORDS.get(v.dimension, 4), _SRV_DERIV.get(v.dimension, 4)
        name = OP(inst.opcode).name
        if name in ("GATHER4", "GATHER4_C"):
            # an immediate offset (aoffimmi) is hashed where gather4_po's offset operand is, so a gather at a
            # constant offset and the same gather with the offset in a register give the same texels
            # (fxc unrolls a loop of gathers into aoffimmi forms that we may keep as gather4_po)
            u, v, _w = inst.texel_offset
            off = np.zeros((4, srcs[0].shape[1]), np.uint32)
            off[0], off[1] = np.uint32(u & 0xFFFFFFFF), np.uint32(v & 0xFFFFFFFF)
            srcs = [srcs[0], off, *srcs[1:]]
            name = "GATHER4_PO" + name[7:]
        h = np.full(srcs[0].shape[1], 0x9E3779B9, np.uint32)
        for k, s in enumerate(srcs):
            if k == 0:
                # lod ignores the array index (D3D11.3 22.4.5: LOD is computed from the texture-space
                # derivatives of the coordinates alone), so it hashes only the derivative components
                comps = nderiv if name == "LOD" else ncoord
            elif name == "SAMPLE_D" and k in (1, 2):
                comps = nderiv
            elif name.startswith("GATHER4_PO") and k == 1:
                comps = 2
            else:
                comps = 1
            for c in range(min(comps, s.shape[0])):
                h = (h ^ s[c]) * np.uint32(0x85EBCA6B)
                h ^= h >> np.uint32(13)
        out = np.empty((4, h.size), np.uint32)
        for c in range(4):
            v = (h * np.uint32(2 * c + 1)) >> np.uint32(9)
            out[c] = (v.astype(np.float32) / np.float32(1 << 23)).view(np.uint32)
        return out

    def evaluate(self, st, inst, srcs):  # eval_* : not modelled
        raise NotSupportedError("optdiff: eval_* instructions")


def _compile(source: bytes, name: str, entry: str, target: str, defines: dict | None, include: Any,
             flags: int, optimise: bool, unshared: bool = False) -> bytes:
    from ..shader.compile_api import D3DCompile
    from ..shader.hlsl import regalloc

    saved = optimize.ENABLED, regalloc.NO_SHARING
    try:
        optimize.ENABLED, regalloc.NO_SHARING = optimise, unshared
        return bytes(blob_bytes(D3DCompile(source, None, name, defines, include, entry, target, flags)))
    finally:
        optimize.ENABLED, regalloc.NO_SHARING = saved


def compile_both(source: bytes, name: str, entry: str, target: str, defines: dict | None,
                 include=None, flags: int = 0) -> tuple[bytes, bytes]:
    """(optimised, unoptimised) bytecode of one entry point."""
    return tuple(_compile(source, name, entry, target, defines, include, flags, opt)  # type: ignore[return-value]
                 for opt in (True, False))


def compile_unshared(source: bytes, name: str, entry: str, target: str, defines: dict | None,
                     include=None, flags: int = 0) -> bytes:
    """The unoptimised program with a register of its own for every virtual temp (regalloc.NO_SHARING):
    run with different temp pre-fills, it shows whether the source reads never-written values."""
    return _compile(source, name, entry, target, defines, include, flags, False, unshared=True)


def _program(blob: bytes) -> ir.Program:
    chunk = next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX"))
    return decode_program(chunk.data)


def _random_words(rng: np.random.Generator, n: int, ints_only: bool = False) -> np.ndarray:
    """Half small integers (loop bounds, indices), half floats in [-2, 2); ``ints_only``: small integers
    only (a float's bits read as an integer loop bound run for ~10^9 iterations)."""
    ints = rng.integers(0, 4, n).astype(np.uint32)
    floats = (rng.random(n, np.float32) * 4 - 2).astype(np.float32).view(np.uint32)
    return np.where(rng.random(n) < (2.0 if ints_only else 0.5), ints, floats).astype(np.uint32)


# ---------------------------------------------------------------------------------------------------
# resources

@dataclass(slots=True)
class _Res:
    """A template resource: bound as a fresh copy for each run."""

    kind: ViewKind
    slot: int
    view: ViewDescriptor


def _resource(kind: ViewKind, inst: ir.Instruction, rng: np.random.Generator,
              ints_only: bool = False) -> ViewDescriptor | None:
    o = inst.opcode
    if o in (OP.DCL_RESOURCE_RAW, OP.DCL_UAV_RAW):
        st = ResourceStorage.create(1, 0, _RAW_WORDS * 4)
        st.data.view(U32)[:] = _random_words(rng, _RAW_WORDS, ints_only)
        return ViewDescriptor(kind, st, 39, 11 if kind == ViewKind.SRV else 1, num_elements=_RAW_WORDS,
                              element_size=4, flags=1, raw=True)
    if o in (OP.DCL_RESOURCE_STRUCTURED, OP.DCL_UAV_STRUCTURED):
        stride = inst.extra[0]
        st = ResourceStorage.create(1, 0, stride * _STRUCT_COUNT, structure_stride=stride)
        st.data.view(U32)[:] = _random_words(rng, stride * _STRUCT_COUNT // 4, ints_only)
        return ViewDescriptor(kind, st, 0, 1, num_elements=_STRUCT_COUNT, element_size=stride, structured=True)
    dim = inst.controls & 0x1F
    if dim not in _DIMS or not inst.extra:
        return None
    sdim, srv_dim, uav_dim, (w, h, d, mips, arr, samples), _n = _DIMS[dim]
    vdim = srv_dim if kind == ViewKind.SRV else uav_dim
    rtype = inst.extra[0] & 0xF
    fmt, bpe = (_SRV_FMT if kind == ViewKind.SRV else _UAV_FMT).get(rtype, (0, 0))
    if not vdim or not fmt:
        return None
    if sdim == 1:
        st = ResourceStorage.create(1, 0, w * bpe)
        st.data.view(U32)[:] = _random_words(rng, w * bpe // 4, ints_only)
        return ViewDescriptor(kind, st, fmt, vdim, num_elements=w, element_size=bpe)
    if kind == ViewKind.UAV:
        mips = 1
    st = ResourceStorage.create(sdim, fmt, w, h, d, mips, arr, samples, bytes_per_block=bpe)
    if bpe == 16:
        st.data.view(U32)[:] = _random_words(rng, st.data.size // 4, ints_only)
    else:
        st.data[:] = rng.integers(0, 256, st.data.size, dtype=np.uint8)
    v = ViewDescriptor(kind, st, fmt, vdim, mip_count=mips, slice_count=d if sdim == 4 and kind == ViewKind.UAV
                       else arr)
    return v


def _resources(programs: list[ir.Program], seed: int, ints_only: bool = False) -> list[_Res]:
    """One template resource per SRV/UAV slot declared by any of ``programs`` (contents from ``seed`` and
    the slot alone, so both programs see the same bytes)."""
    decls: dict[tuple[ViewKind, int], ir.Instruction] = {}
    srv_ops = (OP.DCL_RESOURCE, OP.DCL_RESOURCE_RAW, OP.DCL_RESOURCE_STRUCTURED)
    uav_ops = (OP.DCL_UAV_TYPED, OP.DCL_UAV_RAW, OP.DCL_UAV_STRUCTURED)
    for p in programs:
        for inst in p.instructions:
            if inst.opcode in srv_ops + uav_ops and inst.operands:
                kind = ViewKind.SRV if inst.opcode in srv_ops else ViewKind.UAV
                decls.setdefault((kind, inst.operands[0].register), inst)
    out = []
    for (kind, slot), inst in sorted(decls.items()):
        rng = np.random.default_rng([seed, int(kind), slot])
        v = _resource(kind, inst, rng, ints_only)
        if v is not None:
            out.append(_Res(kind, slot, v))
    return out


def _bind(cbuffers: list[np.ndarray], res: list[_Res]) -> tuple[Bindings, list[ViewDescriptor]]:
    b = Bindings()
    for slot, words in enumerate(cbuffers):
        b.cbuffers[slot] = words
    uavs = []
    for r in res:
        st = r.view.storage
        copy = ResourceStorage(st.dimension, st.format, st.width, st.height, st.depth, st.mip_levels,
                               st.array_size, st.sample_count, st.structure_stride, st.bytes_per_block,
                               st.block_size, st.block_width, st.block_height, list(st.subresources),
                               st.data.copy())
        v = r.view
        view = ViewDescriptor(v.kind, copy, v.format, v.dimension, v.first_mip, v.mip_count, v.first_slice,
                              v.slice_count, v.first_element, v.num_elements, v.element_size, v.flags,
                              v.structured, v.raw, [3])
        if r.kind == ViewKind.SRV:
            b.srvs[r.slot] = view
        else:
            b.uavs[r.slot] = view
            uavs.append(view)
    return b, uavs


# ---------------------------------------------------------------------------------------------------
# per-stage runs: each returns the named result arrays of one program

def _uav_results(uavs: list[ViewDescriptor]) -> dict[str, np.ndarray]:
    out = {}
    for i, v in enumerate(uavs):
        out[f"UAV#{i} word"] = v.storage.data.view(U32) if v.storage.data.size % 4 == 0 else v.storage.data
        out[f"UAV#{i} counter"] = np.array(v.counter, np.int64)
    return out


def _run_vs_ps(p: ir.Program, lanes: int, inputs: np.ndarray, cbs, res) -> dict[str, np.ndarray]:
    b, uavs = _bind(cbs, res)
    r = run_program(p, lanes, inputs=inputs, bindings=b, hooks=HashSampler())
    out = {f"o{i}": r.outputs[i] for i in range(r.outputs.shape[0])}
    out["discard"] = r.discarded
    for what in ("depth", "coverage_mask", "stencil_ref"):
        if getattr(r, what) is not None:
            out[what] = getattr(r, what)
    return out | _uav_results(uavs)


def _run_cs(p: ir.Program, groups: int, cbs, res) -> dict[str, np.ndarray]:
    from ..pipeline.compute import dispatch

    b, uavs = _bind(cbs, res)
    dispatch(p, b, groups, 1, 1, hooks=HashSampler())
    return _uav_results(uavs)


def _run_gs(p: ir.Program, verts: np.ndarray, k: int, cbs, res) -> dict[str, np.ndarray]:
    from ..pipeline.geometry import run_geometry_shader

    P = verts.shape[1] // k
    rows = np.arange(P * k).reshape(P, k)
    b, uavs = _bind(cbs, res)
    g = run_geometry_shader(p, b, rows, verts, np.arange(P, dtype=U32), HashSampler())
    out = {"emitted vertices per invocation": g.emitted_vertices}
    for s, st in sorted(g.streams.items()):
        for what in ("rows", "outputs", "source_primitive", "primitive_id"):
            out[f"stream {s} {what}"] = getattr(st, what)
    return out | _uav_results(uavs)


def _run_all(blobs: list[bytes], lanes: int, seed: int, groups: int, ints_only: bool,
             int_inputs: bool = False) -> list[dict[str, np.ndarray]]:
    """Run each program of ``blobs`` (one stage) on the same inputs; their results in order."""
    return run_programs([_program(x) for x in blobs], lanes, seed, groups, ints_only, int_inputs)


def run_programs(progs: list[ir.Program], lanes: int, seed: int, groups: int,
                 ints_only: bool, int_inputs: bool = False) -> list[dict[str, np.ndarray]]:
    """Run each of ``progs`` (one stage) on the same random inputs, constant buffers and resources; their
    named result arrays in order (also used by tools/backend_diff to compare executors). ``int_inputs``:
    vertex/pixel inputs hold small integers only too (a loop bound read from an input)."""
    stage = progs[0].program_type
    if any(p.program_type != stage for p in progs):
        raise ValueError("programs of different stages")
    rng = np.random.default_rng(seed)
    inputs = None
    if stage in (PT.VERTEX, PT.PIXEL):  # inputs first: the random stream of earlier versions
        inputs = _random_words(rng, 32 * lanes * 4, int_inputs).reshape(32, lanes, 4)
        _front_face_words(progs, inputs)
    cbs = [_random_words(rng, 4096 * 4, ints_only) for _ in range(14)]
    res = _resources(progs, seed, ints_only)
    if stage in (PT.VERTEX, PT.PIXEL):
        return [_run_vs_ps(p, lanes, inputs, cbs, res) for p in progs]
    if stage == PT.COMPUTE:
        return [_run_cs(p, groups, cbs, res) for p in progs]
    if stage == PT.GEOMETRY:
        from ..pipeline.geometry import gs_info

        k = max(1, gs_info(progs[0]).input_vertices)
        verts = _random_words(rng, 32 * lanes * k * 4).reshape(32, lanes * k, 4)
        return [_run_gs(p, verts, k, cbs, res) for p in progs]
    if stage == PT.HULL:
        from ..pipeline.hull import hull_info

        n_in = max(1, hull_info(progs[0]).input_control_points)
        cp = _random_words(rng, lanes * n_in * 32 * 4, ints_only).reshape(lanes, n_in, 32, 4)
        return [_run_hs(p, cp, cbs, res) for p in progs]
    if stage == PT.DOMAIN:
        from ..shader.exec.hull_phases import split_domain_program

        n_cp = max(1, split_domain_program(progs[0]).input_control_points)
        cp = _random_words(rng, lanes * n_cp * 32 * 4, ints_only).reshape(lanes, n_cp, 32, 4)
        pc = _random_words(rng, lanes * 32 * 4, ints_only).reshape(lanes, 32, 4)
        pts = _domain_points(rng, lanes)
        return [_run_ds(p, pts, cp, pc, cbs, res) for p in progs]
    raise NotSupportedError(f"optdiff: {stage.name.lower()} shaders")


def _domain_points(rng: np.random.Generator, patches: int) -> np.ndarray:
    """Four (u, v, w) domain locations a patch: the corners and edges a tessellator gives (0, 1, 1/2) and random
    barycentric ones (w = 1 - u - v; a quad / isoline domain reads u, v only)."""
    edge = np.array([[0, 0, 1], [1, 0, 0], [0.5, 0.5, 0], [0, 1, 0]], np.float32)
    uv = rng.random((patches * 4, 2)).astype(np.float32) * 0.5
    pts = np.concatenate([uv, (1 - uv.sum(1, keepdims=True)).astype(np.float32)], 1)
    pts[: patches * 2] = np.tile(edge, (-(-patches // 2), 1))[: patches * 2]
    return pts


def _run_hs(p: ir.Program, cp: np.ndarray, cbs, res) -> dict[str, np.ndarray]:
    """A hull shader over one patch a lane: its output control points, patch constants and final TessFactors."""
    from ..pipeline.hull import run_hull_shader

    b, uavs = _bind(cbs, res)
    r = run_hull_shader(p, b, cp, hooks=HashSampler())
    out = {"control points": r.control_points, "patch constants": r.patch_constants,
           "tess factors": np.ascontiguousarray(r.tess_factors).view(U32)}
    return out | _uav_results(uavs)


def _run_ds(p: ir.Program, pts: np.ndarray, cp: np.ndarray, pc: np.ndarray, cbs, res) -> dict[str, np.ndarray]:
    """A domain shader at four domain points of each patch (random control points and patch constants)."""
    from ..pipeline.domain import run_domain_shader

    b, uavs = _bind(cbs, res)
    patch = np.arange(pts.shape[0]) // 4
    o = run_domain_shader(p, b, pts, patch, cp, pc, hooks=HashSampler())
    return {"domain outputs": np.asarray(o)} | _uav_results(uavs)


def _front_face_words(progs: list[ir.Program], inputs: np.ndarray) -> None:
    """SV_IsFrontFace arrives as 0 or 0xFFFFFFFF (a 32-bit boolean, as pipeline/draw.py gives it): the components
    any program declares as is_front_face get one of those two words (from the random word's low bit),
    so a program that uses the documented encoding directly (fxc's ``and r, v.y, l(1.0)``) is compared on
    inputs the pipeline can give."""
    from ..pipeline.shader_io import input_decls

    for p in progs:
        for d in input_decls(p):
            if d.system_name == ir.SystemName.IS_FRONT_FACE and d.register < inputs.shape[0]:
                for c in range(4):
                    if d.mask >> c & 1:
                        inputs[d.register, :, c] = np.where(inputs[d.register, :, c] & 1, U32(0xFFFFFFFF), U32(0))


def _first_difference(ra: dict[str, np.ndarray], rb: dict[str, np.ndarray]) -> str | None:
    if ra.keys() != rb.keys():
        return f"results differ in kind: {sorted(ra.keys() ^ rb.keys())}"
    for what, a in ra.items():
        b = rb[what]
        if a.shape != b.shape:
            return f"{what}: shapes {a.shape} and {b.shape}"
        if not np.array_equal(a, b):
            idx = tuple(int(i) for i in np.argwhere(a != b)[0])
            if what.startswith("o") and a.ndim == 2:  # (lanes, 4) output register: show the lane as floats
                lane = idx[0]
                return (f"{what} lane {lane}: optimised {a[lane].view(np.float32)} "
                        f"unoptimised {b[lane].view(np.float32)}")
            va, vb = a[idx], b[idx]
            if a.dtype == U32:
                return f"{what} {idx}: optimised 0x{int(va):08x} unoptimised 0x{int(vb):08x}"
            return f"{what} {idx}: optimised {va!r} unoptimised {vb!r}"
    return None


@contextlib.contextmanager
def prefilled_temps(word: int | None) -> Iterator[None]:
    """Start every run with temps (r#, x#) holding ``word`` instead of 0 (None: unchanged). A program
    whose outputs change with ``word`` reads registers it never wrote: its source reads an
    uninitialised variable, whose value is undefined, so optimised and unoptimised may differ."""
    from ..shader.exec import reference

    saved = reference.TEMP_FILL
    reference.TEMP_FILL = word if word is None else int(word) & 0xFFFFFFFF
    try:
        yield
    finally:
        reference.TEMP_FILL = saved


def run_same_inputs(on: bytes, off: bytes, lanes: int = 16, seed: int = 0, groups: int = 2,
                    ints_only: bool = False) -> str | None:
    """None when both programs produce the same output bits, else a description of the first difference.
    ``ints_only``: constant buffers and resources hold small integers only (uniform loop bounds).

    Hull and domain shaders run alone on random control points, patch constants and domain locations (session 48)."""
    ra, rb = _run_all([on, off], lanes, seed, groups, ints_only)
    return _first_difference(ra, rb)


def _snapshot(blob: bytes, lanes: int, seed: int, ints_only: bool) -> dict[str, np.ndarray]:
    return _run_all([blob], lanes, seed, 2, ints_only)[0]


# ---------------------------------------------------------------------------------------------------
# time limit and case runner

class CaseTimeout(Exception):
    """A case ran past its time limit."""


@contextlib.contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """SIGALRM-based limit (main thread only); 0 = none."""
    if seconds <= 0:
        yield
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise CaseTimeout()

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def diff_case(source: str | bytes, entry: str, target: str, *, name: str = "source.hlsl",
              defines: dict | None = None, include: Any = None, flags: int = 0, lanes: int = 16, seed: int = 0,
              timeout: int = 20) -> tuple[str, str]:
    """(outcome, detail): outcome is ``same``, ``diff``, ``nocompile`` (either compile failed),
    ``unrunnable`` (the executor could not run the unoptimised program), ``uninit`` (the source reads
    uninitialised values: undefined results, not compared), ``nanbits`` (the only differences are NaN
    words with other NaN bits), ``timeout`` or ``crash`` (only the optimised program raised)."""
    data = source.encode() if isinstance(source, str) else source
    try:
        with time_limit(timeout):
            on, off = compile_both(data, name, entry, target, defines, include, flags)
            ref = compile_unshared(data, name, entry, target, defines, include, flags)
    except CaseTimeout:
        return "timeout", f"compiling: > {timeout} s"
    except Exception as e:  # noqa: BLE001 - a source that does not compile is not our case
        return "nocompile", f"{type(e).__name__}: {e}"[:200]
    for ints_only in (False, True):
        try:
            with time_limit(timeout):
                res = _run_case(on, off, ref, lanes, seed, ints_only)
        except CaseTimeout:
            if ints_only:
                return "timeout", f"> {timeout} s (also with integer-only constants)"
            continue
        return res
    raise AssertionError("unreachable")


#: temp pre-fill words of the two runs that detect reads of uninitialised registers (both large positive
#: integers: a counting loop from an uninitialised variable ends at once instead of running ~2^31 times)
_FILL_A, _FILL_B = 0x3F9E0651, 0x40B1EB85


def _run_case(on: bytes, off: bytes, ref: bytes, lanes: int, seed: int, ints_only: bool) -> tuple[str, str]:
    """Runs with temps pre-filled with two different words: the unshared unoptimised program ``ref``
    (twice with the first word: determinism) says whether the source reads never-written values;
    then the unoptimised and optimised programs must match it and each other."""
    try:
        with prefilled_temps(_FILL_A):
            ref_a, ref_a2, off_a, on_a = _run_all([ref, ref, off, on], lanes, seed, 2, ints_only)
        with prefilled_temps(_FILL_B):
            ref_b, off_b, on_b = _run_all([ref, off, on], lanes, seed, 2, ints_only)
    except CaseTimeout:
        raise
    except Exception as e:  # noqa: BLE001
        try:
            _run_all([ref, off], lanes, seed, 2, ints_only)
        except CaseTimeout:
            raise
        except Exception:  # noqa: BLE001
            return "unrunnable", f"{type(e).__name__}: {e}"[:200]
        return "crash", f"optimised program: {type(e).__name__}: {e}"[:200]
    if d := _first_difference(ref_a, ref_a2):
        return "unrunnable", f"not deterministic: {d}"
    if _first_difference(ref_a, ref_b):
        return "uninit", "results depend on never-written registers (the source reads uninitialised values)"
    if d := _first_difference(off_a, ref_a) or _first_difference(off_b, ref_b):
        return "diff", f"register allocation: {d}".replace("optimised", "allocated")
    if d := _first_difference(on_a, off_a) or _first_difference(on_b, off_b):
        if _only_nan_bits(on_a, off_a) and _only_nan_bits(on_b, off_b):
            return "nanbits", d  # D3D11 leaves the sign and payload of a NaN result open
        return "diff", d
    return "same", ""


def _only_nan_bits(ra: dict[str, np.ndarray], rb: dict[str, np.ndarray]) -> bool:
    """Every differing 32-bit word is a NaN on both sides (floats; only the NaN's bits differ)."""
    for what, a in ra.items():
        b = rb.get(what)
        if b is None or a.shape != b.shape or a.dtype != U32:
            if b is None or not np.array_equal(a, b):
                return False
            continue
        ne = a != b
        if ne.any() and not (np.isnan(a[ne].view(np.float32)).all() and np.isnan(b[ne].view(np.float32)).all()):
            return False
    return True


# ---------------------------------------------------------------------------------------------------
# .shader_test mode

def shader_test_cases(path: str | Path) -> list[tuple[str, str, str, int]]:
    """(label, source, profile, compile flags) of every HLSL shader section of a .shader_test file that
    is expected to compile at 4.0 / 5.0 (the runner's compile models, within its [require])."""
    from .shader_test_format import Requirements, parse_file_text

    text = Path(path).read_text(encoding="utf-8", errors="replace")
    out = []
    req = Requirements()
    for ps in parse_file_text(text):
        if ps.kind == "require":
            req = ps.require or Requirements()
        elif ps.kind == "shader" and ps.shader is not None and ps.shader.source_format == "hlsl" and not ps.error:
            stage = ps.shader.stage
            if stage not in ("vs", "ps", "cs", "gs"):
                continue
            for m in ((4, 0), (5, 0)):
                if m < req.min_model or m >= req.max_model_exclusive or ps.shader.expected_hr(m) != 0:
                    continue
                out.append((f"{Path(path).name}:{ps.section.line}", ps.source, f"{stage}_{m[0]}_{m[1]}",
                            req.compile_options))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pyd3d11.tools.optdiff")
    ap.add_argument("args", nargs="*", help="FILE ENTRY TARGET, or .shader_test files with --shader-test")
    ap.add_argument("--shader-test", action="store_true")
    ap.add_argument("-D", action="append", default=[])
    ap.add_argument("--lanes", type=int, default=16)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("-v", action="store_true", help="also list sections that did not compile or run")
    a = ap.parse_args(argv)
    if a.shader_test:
        counts: dict[str, int] = {}
        files = [p for f in a.args for p in (sorted(Path(f).glob("*.shader_test")) if Path(f).is_dir() else [Path(f)])]
        for f in files:
            try:
                cases = shader_test_cases(f)
            except Exception as e:  # noqa: BLE001
                print(f"{f.name}: unreadable: {e}")
                continue
            for label, src, prof, flags in cases:
                outcome, detail = diff_case(src, "main", prof, flags=flags, lanes=a.lanes, seed=a.seed,
                                            timeout=a.timeout)
                counts[outcome] = counts.get(outcome, 0) + 1
                if outcome in ("diff", "crash", "timeout") or a.v:
                    print(f"{label} {prof}: {outcome} {detail}", flush=True)
        print(", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
        return 1 if counts.get("diff") or counts.get("crash") else 0
    if len(a.args) != 3:
        ap.error("FILE ENTRY TARGET expected")
    file, entry, target = a.args
    defines = dict(d.split("=", 1) if "=" in d else (d, "1") for d in a.D)
    path = Path(file)

    outcome, detail = diff_case(path.read_bytes(), entry, target, name=str(path), defines=defines or None,
                                include=D3D_COMPILE_STANDARD_FILE_INCLUDE, lanes=a.lanes, seed=a.seed, timeout=a.timeout)
    print(f"{outcome} {detail}".strip())
    return 1 if outcome in ("diff", "crash") else 0


if __name__ == "__main__":
    sys.exit(main())
