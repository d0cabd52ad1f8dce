"""One tile pass over the chunks of a draw whose front end ran in parallel (issue 12; pipeline/front_chunks.py).

The parallel front end cuts a large list draw into chunks of whole primitives; each chunk's front end bins its
pieces into per-tile lists of its own. Launching each chunk's tiles as a job after the previous chunk's merge
visits every tile once per chunk with a barrier between chunks (session 18: S2 at 16 threads slower than
without chunks). Here the chunks' tile work becomes the draws of one scene (scene.py): once the chunks' front
ends are done, every tile worker takes a screen tile and walks that tile's list of chunk 0, then chunk 1, ...
— each chunk's per-tile function flushes its last batch through the merger before it returns, so a pixel sees
chunk 0's primitives (in their own submission order, binning.py's stable lists) before chunk 1's: D3D11.3 §3.4's
per-pixel submission order. Tiles are disjoint pixel sets of one grid, so no output bit depends on the thread
count, on which worker runs which tile, or on where the chunks were cut.

Only tile work that can neither fail nor call back into Python (fused._quiet, no UAVs) goes into such a pass;
the others keep their own launch (fused._run's captured launch). The pass is launched like a deferred pass
(fused.defer_passes): the draw's last join finishes it, and its per-chunk pixel counts arrive then.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from ...shader.native.pool import threads
from . import fused, worker_rows
from .scene import Entry, Scene


@dataclass(slots=True, eq=False)
class ChunkDraw:
    """What fused._run derived for one captured chunk whose tiles may join a tile pass: the variant and its
    modules, the kernel and texture plan, the D array and what it keeps alive, the merger context and key, the
    target / written / read storages, the geometry entry, the draw state and the chunk's statistics."""

    key: Any
    comp: Any
    kernel: Any
    plan: Any
    D: Any
    keep: list
    ctx: Any
    okey: Any
    targets: list
    touched: list
    reads: list
    geo: Any
    grid: tuple  # (tile edge, target width, target height)
    state: Any
    stats_out: Any
    has_ps: bool


class TilePass:
    """The chunks of one draw collected in chunk order (:meth:`add`) and run as one scene (:meth:`launch`)."""

    def __init__(self) -> None:
        self.scene: Scene | None = None
        self.template: list = [None]  # the bound pixel-shader arguments shared by the chunks (fused._thread_args)
        self.bound: dict = {}  # (variant, kernel, plan, state) -> the workers' T arrays the chunks share
        self.chunks = 0

    def add(self, c: ChunkDraw) -> None:
        """Bind chunk ``c``'s tile work as the next draw of the pass (a pass on another grid is launched first)."""
        sc = self.scene
        if sc is not None and sc.grid != c.grid:
            self.launch()
            sc = None
        if sc is None:
            # the previous pass's or draw's tiles are merged before any of this pass's (per-pixel order)
            fused.join()
            n_tiles = c.geo.n_tiles
            sc = self.scene = Scene(c.grid, n_tiles, max(1, min(threads(), n_tiles)))
            # (the scene's dict, not the scene: no reference cycle through a closure)
            sc.release = functools.partial(fused._give_back_sets, sc.buffers)
        ctx, okey, om = c.ctx, c.okey, c.state.om
        for i, rk in enumerate(okey.rts):
            if rk is not None:
                ctx.rt[i], ctx.rt_pitch[i], ctx.rt_sample_pitch[i] = fused._target_memory(om.rtvs[i])
        if okey.ds is not None:
            ctx.ds, ctx.ds_pitch, ctx.ds_sample_pitch = fused._target_memory(om.dsv)
        fused._set_row_bounds(ctx, om, okey, c.key.tile)
        for st in c.touched:
            st.touch()
        # The chunks of one draw bind the same pixel shader, resources and texture plan: each worker's T array
        # (lane buffers, pixel-shader arguments, invocation counter) is bound once, by the first such chunk, and
        # walked by every later one (a worker runs a tile's chunks one after the other). Binding per chunk and
        # worker cost ~0.7 ms a chunk on the calling thread at 16 threads, after the front ends were done.
        share = (c.key, id(c.kernel), id(c.plan), id(c.state))
        bound = self.bound.get(share)
        owner = bound is None
        if owner:
            after: list = []
            Ts, t_addrs, live_lanes = worker_rows.bind_workers(sc, c.key, c.kernel, c.state, c.plan,
                                                               fused._buffer_key(c.key), self.template, after,
                                                               c.keep)
            bound = self.bound[share] = (Ts, t_addrs, live_lanes, after, c.keep)
        Ts, t_addrs, live_lanes, after, _ = bound
        c.keep.append(c.targets)
        stats_out, has_ps = c.stats_out, c.has_ps

        def finish() -> None:
            if owner:
                # (the shared counters hold the invocations of every chunk walking these T arrays: the draw's
                # total is their sum over its chunks, which is what the caller adds up)
                for fn in after:
                    fn()
                if has_ps:
                    stats_out.ps_invocations += live_lanes()
            stats_out.samples_passed += int(ctx.samples_passed)

        sc.add(Entry(c.comp.tile, c.D, Ts, c.keep, finish, None, t_addrs), c.touched, c.reads)
        self.chunks += 1

    def launch(self) -> None:
        """Start the collected chunks' tiles on the workers; a deferred pass (fused.defer_passes) is finished by
        the next join, else here."""
        sc, self.scene = self.scene, None
        self.bound = {}  # (a T array is one scene's: the next pass binds its own)
        if sc is None:
            return
        fused.join()  # (nothing runs between add and here on this thread; cheap when nothing is pending)
        sc.launch()
        fused.stats.fused_draws += len(sc)
        if getattr(fused._deferral, "on", False):
            fused._deferral.pending = sc.finish
            fused._deferral.pending_targets = sc.targets
            fused._deferral.pending_quiet = True
            return
        sc.finish()
