"""The per-worker arguments of a scene draw as two matrices (issue 12: per-draw work that does not grow with the
thread count).

Every worker of a scene runs every draw of it (scene.py), so each draw needs, per worker, a T array (the lane
buffer addresses, the pixel-shader argument array's address, two counter words) and a pixel-shader argument
array: the draw's own words (constant buffers, views, texture plan — bound once, for the first worker, by
fused._thread_args) with that worker's scratch and lane buffers in some slots. Which slots, and what goes in
them, depends only on the kernel's argument layout and the worker's buffer set, both fixed for the scene's
draws of one variant layout: so they are found once per scene (:func:`_overlay`) and each draw then fills every
other worker's words with three numpy operations instead of a Python loop over the workers (at 16 threads that
loop was ~0.5 ms of the drawing thread's time a draw, the largest serial part of S1z and S5 frames).

The words are exactly those the per-worker loop wrote (the same slots, the same addresses), so the tiles run
the same code on the same data: the bits do not change.
"""

from __future__ import annotations

import weakref

import numpy as np

from ...shader.native import runtime as nrt
from . import fused
from . import fused_gen as fg


def _overlay(key, kernel, bufs: dict) -> tuple[list, list, list]:
    """The (slots, words, arrays to keep) a worker with the buffer set ``bufs`` puts over the first worker's
    pixel-shader arguments of ``kernel``: its scratch (runtime._scratch_args) and lane buffers. Kept in the
    buffer set per kernel (a set outlives its scene: the next scene usually takes the same sets back)."""
    kept = bufs.setdefault("overlays", {})
    got = kept.get(id(kernel))
    if got is not None and got[0]() is kernel:  # (a weak reference: a set kept free holds no kernel alive)
        return got[1]
    if len(kept) >= 8:
        kept.clear()
    A = nrt._Args(kernel.layout)
    nrt._scratch_args(kernel, A, bufs.setdefault("scratch", {}))
    A.ptr("v", bufs["v"])
    A.ptr("o", bufs["o"])
    A.ptr("active", bufs["active"])
    A.ptr("discarded", bufs["disc"])
    A.ptr("helpers", bufs["helpers"])
    for t, kind in fused._SV_KIND.items():
        if kind in key.sv:
            A.ptr(f"sv{t}", bufs["sv" + kind])
    for kind, t in key.so:
        A.ptr(f"so{t}", bufs["so" + kind])
    slots = [kernel.layout.slots[n] for n in A.ptr_names]
    got = slots, [int(A.a[i]) for i in slots], A.keep
    kept[id(kernel)] = (weakref.ref(kernel), got)
    return got


def _padded(words: int) -> int:
    """``words`` rounded up to whole line pairs (runtime.LINE_PAIR bytes) of int64 words."""
    per = nrt.LINE_PAIR // 8
    return -(-words // per) * per


class Rows:
    """One scene's fixed per-worker words for draws of one buffer layout and kernel (workers 1..n-1): the T
    arrays' words but the two addresses a draw sets (a template with the counters at 0), and each worker's
    pixel-shader argument words at the overlay slots (``over``, where ``mask`` is set; the draw's own words
    elsewhere)."""

    __slots__ = ("TW", "mask", "over", "keep", "offs_t", "offs_a", "t_base")

    def __init__(self, key, kernel, sets: list) -> None:
        m = len(sets)
        TB = np.stack([b["T"] for b in sets])  # (m, nT): each worker's lane buffer addresses
        nT = TB.shape[1]
        # rows padded to whole line pairs: the kernels write a row's counters (and the argument rows' stride
        # word) every batch, and a row sharing a line with the next worker's would pass it between cores
        self.TW = np.zeros((m, _padded(nT + 2)), np.int64)
        self.TW[:, :nT] = TB
        self.t_base = 8 * nT  # (the counters' offset in a row)
        self.offs_t = np.arange(m, dtype=np.int64) * (8 * self.TW.shape[1])
        self.keep: list = []
        self.mask = self.over = self.offs_a = None
        if kernel is not None:
            L = _padded(max(1, len(kernel.layout.slots)))
            self.mask = np.zeros((m, L), bool)
            self.over = np.zeros((m, L), np.int64)
            for w, b in enumerate(sets):
                slots, words, keep = _overlay(key, kernel, b)
                self.keep.append(keep)
                self.mask[w, slots] = True
                self.over[w, slots] = words
            self.offs_a = np.arange(m, dtype=np.int64) * (8 * L)


def bind_workers(sc, key, kernel, state, plan, bk: tuple, template, after: list, keep: list):
    """Every worker's T array for a draw added to scene ``sc``: (Ts, their addresses, the live-lane counter
    reader). Worker 0 binds the draw's pixel-shader arguments (fused._thread_args, with ``template``); the others
    take copies of those words with their own scratch and lane buffers over them (:class:`Rows`)."""
    t_addrs: list = []
    bufs = sc.buffers.get((bk, 0))
    if bufs is None:
        bufs = sc.buffers[(bk, 0)] = fused._take_buffers(key)
    T0, cnt0, k0, _host, _ = fused._thread_args(key, kernel, state, after, plan, bufs, template, t_addrs)
    keep.append(k0)
    if sc.workers == 1:
        return [T0], t_addrs, lambda: int(cnt0[0])
    rows = sc.rows.get((bk, id(kernel)))  # (the scene's entries keep the kernel alive: its id stays its)
    if rows is None:
        missing = [w for w in range(1, sc.workers) if (bk, w) not in sc.buffers]
        for w, b in zip(missing, fused._take_scene_sets(key, len(missing)), strict=True):
            sc.buffers[(bk, w)] = b
        sets = [sc.buffers[(bk, w)] for w in range(1, sc.workers)]
        # kept in the first other worker's buffer set too, for these exact sets: the next scene usually takes the
        # same sets back (fused._take_buffers), and building the words again cost ~0.1-0.4 ms of the drawing
        # thread a scene (S3 draws one scene a frame)
        kept = sets[0].setdefault("rows", {})
        ident = (id(kernel), tuple(id(b) for b in sets))
        got = kept.get(ident)
        if got is not None and got[0]() is kernel:
            rows = got[1]
        else:
            if len(kept) >= 8:
                kept.clear()
            rows = Rows(key, kernel, sets)
            if kernel is not None:
                kept[ident] = (weakref.ref(kernel), rows)
        sc.rows[(bk, id(kernel))] = rows
    sl = fg.slots().t
    TW = nrt.own_lines(rows.TW.shape, np.int64)
    TW[:] = rows.TW
    base = nrt.address(TW)
    TW[:, sl["count"]] = rows.offs_t + (base + rows.t_base)
    if kernel is not None:
        AW = nrt.own_lines(rows.mask.shape, np.int64)
        a0 = k0[-1].a
        AW[:, :len(a0)] = a0  # (the first worker's words, each worker's own over them)
        np.copyto(AW, rows.over, where=rows.mask)
        TW[:, sl["ps_args"]] = rows.offs_a + nrt.address(AW)
        keep.append(AW)
    keep.append(TW)
    keep.append(rows)  # (its overlay arrays: the scratch the words point at stays in the buffer sets)
    t_addrs.extend((rows.offs_t + base).tolist())
    Ts = [T0]
    Ts.extend(TW)
    col = TW[:, rows.t_base // 8]
    return Ts, t_addrs, lambda: int(cnt0[0]) + int(col.sum())
