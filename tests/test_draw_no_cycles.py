"""Redraws leave no reference cycles (issue 12, per-draw main-thread work): what one draw builds — its snapshot,
stage bindings, merger context, closures, the scene entry — is freed by reference counting once the draw's
tiles are done, not by Python's cyclic garbage collector. A cycle among them (session 17: each native scene
held a closure over itself, so every draw it held waited for the collector) costs every draw a share of the
collections (about 20-30 us a draw of S5's redraws) and keeps their objects alive until a collection.

Checked with the collector off: a number of identical draws and a readback, then ``gc.collect()`` must find
nothing unreachable. Both backends (the autouse backend fixture): the same api path, another pipeline.
"""

from __future__ import annotations

import gc

from test_draw_plan import _Scene


def _unreachable_after(draws: int) -> int:
    sc = _Scene()
    sc.reset()
    sc.bind(sc.ctx, sc.rtv, sc.dsvs[1.0])
    sc.draw()  # warm: compiles, plans
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(draws):
            sc.ctx.DrawIndexed(6, 0, 0)
        sc.draw()  # (clears, draws and reads every target back: the queued tiles are done)
        return gc.collect()
    finally:
        if enabled:
            gc.enable()


def test_redraws_leave_no_reference_cycles():
    assert _unreachable_after(40) == 0
