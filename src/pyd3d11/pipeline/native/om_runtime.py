"""Runs the native output merger (om_gen) on PixelFragments batches of the numpy pipeline: compiles one
function per state key, points an :class:`~.om_gen.OMContext` at the bound targets' memory and applies a
batch in place — no decoded copy of the targets. Batches it cannot take go to the numpy merger; both are
counted in :data:`stats` (reasons kept).
"""

from __future__ import annotations

import ctypes
import os
import threading
import time
from dataclasses import dataclass, field

import numpy as np

from . import om_gen

_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                       ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)


@dataclass
class OMStats:
    """Counters of the native output merger (``pyd3d11.pipeline.native.om_runtime.stats``)."""

    batches: int = 0  # fragment batches applied natively
    fragments: int = 0
    fallbacks: int = 0  # batches (or draws) that went to the numpy merger
    compiled: int = 0
    disk_hits: int = 0  # of those, loaded from the on-disk object cache
    compile_seconds: float = 0.0
    reasons: dict = field(default_factory=dict)  # fallback reason -> count

    def reset(self) -> None:
        self.__init__()

    def fallback(self, reason: str) -> None:
        self.fallbacks += 1
        self.reasons[reason] = self.reasons.get(reason, 0) + 1
        for fn in list(fallback_listeners):
            try:
                fn(reason)
            except Exception:  # a listener must never break a draw
                pass


stats = OMStats()
#: callables ``fn(reason)`` told about each fallback (the api layer turns them into debug-layer INFO messages)
fallback_listeners: list = []
_lock = threading.Lock()
_COMPILED: dict = {}  # key -> runtime.Module of the merger function


def module(key: om_gen.OMKey):
    """The compiled merger module of ``key`` (built once per process): a quick build first — LLVM's IR passes off,
    machine code at level 0: an 8-target merger's O2 build costs seconds, far past a first draw's budget — rebuilt
    at O2 in the background once it has applied runtime.TIER_UP_LANES fragments (:meth:`NativeBatch.run` counts
    them), as the fused pixel kernels are; an O2 object already on disk is taken at once. Every build computes the
    same bits (runtime.QUICK_CODEGEN)."""
    got = _COMPILED.get(key)
    if got is not None:
        return got
    with _lock:
        got = _COMPILED.get(key)
        if got is None:
            got = _COMPILED[key] = _compile(key)
    return got


def compiled(key: om_gen.OMKey):
    """The callable merger function of ``key`` as built now (the quick build until its O2 rebuild is in)."""
    m = module(key)
    return m.cfunc(m.names[0], _FN)


def _compile(key: om_gen.OMKey):
    from ...shader.native import runtime as rt

    t0 = time.perf_counter()
    llvm = rt._init_llvm()
    text, name = om_gen.om_function(key)
    m = rt.build_module(llvm, text, (name,), counted=True, codegen=0)
    stats.disk_hits += m.from_disk
    stats.compiled += 1
    stats.compile_seconds += time.perf_counter() - t0
    return m


def ir_text(key: om_gen.OMKey) -> str:
    return om_gen.om_function(key)[0]


def _ptr(a: np.ndarray) -> int:
    return a.ctypes.data


class NativeBatch:
    """Applies batches of one draw: ``ctx`` points at the targets; call :meth:`run` per batch."""

    def __init__(self, key: om_gen.OMKey, rt_bases: list, ds_base, blend_factor, stencil_ref: int) -> None:
        """``rt_bases``: 8 entries of (uint8 array whose first byte is sample 0 of pixel (0, 0), row pitch,
        sample pitch) or None; ``ds_base`` likewise for the depth-stencil view."""
        self.key = key
        self.module = module(key)
        self.ctx = om_gen.OMContext()
        self.keep = []
        for i, b in enumerate(rt_bases):
            if b is not None:
                arr, pitch, spitch = b
                self.keep.append(arr)
                self.ctx.rt[i] = _ptr(arr)
                self.ctx.rt_pitch[i] = pitch
                self.ctx.rt_sample_pitch[i] = spitch
        if ds_base is not None:
            arr, pitch, spitch = ds_base
            self.keep.append(arr)
            self.ctx.ds = _ptr(arr)
            self.ctx.ds_pitch = pitch
            self.ctx.ds_sample_pitch = spitch
        for c in range(4):
            self.ctx.blend_factor[c] = float(np.float32(blend_factor[c]))
        self.ctx.stencil_ref = int(stencil_ref) & 0xFFFFFFFF
        self.registers = om_gen.om_registers(key)
        self.face = om_gen.om_needs_face(key)

    def run(self, x: np.ndarray, y: np.ndarray, cov: np.ndarray, depth: np.ndarray, colors: np.ndarray,
            vp_min: float, vp_max: float, front: np.ndarray | None = None) -> int:
        """Apply ``n`` fragments; ``depth`` (n, S) float32, ``colors`` (K, n, 4) uint32 PS outputs. Returns the
        samples that passed."""
        n = x.shape[0]
        xi = np.ascontiguousarray(x, np.int32)
        yi = np.ascontiguousarray(y, np.int32)
        cv = np.ascontiguousarray(cov, np.uint32)
        if self.face and front is not None:
            cv = cv | np.where(front, np.uint32(0), np.uint32(0x80000000))
        # depth is read only by a depth/stencil test
        z = np.ascontiguousarray(np.asarray(depth, np.float32).T) if self.key.ds is not None else cv  # [S][n]
        R = self.registers
        col = np.zeros((max(1, R), 4, n), np.uint32)
        k = min(R, colors.shape[0])
        if k:
            col[:k] = colors[:k].transpose(0, 2, 1)
        alive = np.ones(n, np.int8)
        self.ctx.vp_min = float(vp_min)
        self.ctx.vp_max = float(vp_max)
        before = self.ctx.samples_passed
        m = self.module
        m.cfunc(m.names[0], _FN)(ctypes.addressof(self.ctx), n, _ptr(xi), _ptr(yi), _ptr(cv), _ptr(z), _ptr(col),
                                 _ptr(alive))
        m.note_use(n)
        stats.batches += 1
        stats.fragments += n
        return int(self.ctx.samples_passed - before)


#: PYD3D11_NATIVE_OM=0 keeps the numpy merger even on the native backend (A/B measurements)
ENABLED = os.environ.get("PYD3D11_NATIVE_OM", "1") != "0"
#: re-raise native compile errors instead of falling back (PYD3D11_NATIVE_STRICT=1, as the shader backend)
STRICT = os.environ.get("PYD3D11_NATIVE_STRICT", "") not in ("", "0")
