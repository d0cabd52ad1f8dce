"""The parallel front end of a large list draw (issue 12, llvmpipe's threaded setup and binning).

A list-topology draw far larger than one thread's share is cut into chunks of whole primitives in submission
order; each chunk's front end — input assembly, vertex shader, primitive assembly, clipping, triangle setup,
binning into its own per-tile lists and its attribute planes (pipeline.draw._draw_pass up to the fused lane's
launch) — runs as an item on the worker pool, many chunks at once (the native stages release the GIL). The
calling thread takes the chunks' tile work in chunk order into ONE tile pass (native/chunk_tiles.py, session 19):
once every chunk's front end is done, each tile worker walks a tile's list of chunk 0, then chunk 1, ..., so
every pixel sees the primitives in submission order (D3D11.3 §3.4) and every output bit is independent of the
thread count and of the chunk size. Tile work that may fail or call back into Python (fused._quiet) keeps a
launch of its own, after the pass collected before it and after the previous chunk's tiles are merged
(fused.join, as for the deferred passes of pipeline.draw); ``PYD3D11_ONE_TILE_PASS=0`` launches every chunk so
(session 18's way). SV_PrimitiveID and SV_VertexID continue across chunks exactly as across passes
(pipeline.draw._pass_args).

A chunk whose primitives do not take the fused lane (fused.NotCaptured: nothing of it was written) ends the
parallel part: the chunks before it are launched, then that chunk and every later one are drawn one after the
other on the calling thread, as without chunking. The vertex front end's memo (front_memo) is not consulted
by chunks (its single entry is the previous draw's; chunks would replace it concurrently).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

from ..shader.native import pool
from .native import chunk_tiles, fused

#: off by default (``PYD3D11_PARALLEL_FRONT_END=1`` turns it on): measured on the 16-core host at session 18's end,
#: S2 at 16 threads ran 2.1-2.5 Mtri/s with it and 3.4-4.3 without (each chunk's tiles were a job of their own,
#: launched after the previous chunk's merge, so the tile work of one draw serialised chunk by chunk). Session 19
#: runs the chunks' tiles as one tile pass (native/chunk_tiles.py); whether that pays at 16 threads is the
#: lead's device measurement (bench/thread_scaling.py --variant), so the default is unchanged
ENABLED = os.environ.get("PYD3D11_PARALLEL_FRONT_END", "0") == "1"
#: least vertices per chunk: a chunk's front end costs some 0.3 ms of Python whatever its size, so smaller
#: draws keep one pass (draws of fewer vertices than twice this are not chunked at all)
CHUNK_MIN_VERTICES = int(os.environ.get("PYD3D11_FRONT_CHUNK_VERTICES", str(3 << 14)))
#: chunks per worker thread (more than one: chunks differ in cost, and the caller collects them in order).
#: Each chunk still costs some tile work: in the one tile pass a tile runs each chunk's list with a batch of its
#: own (partly filled at the list's end); session 18's chunk-by-chunk launches (13 chunks instead of 4 cost
#: ~25 % more tile CPU on S2, 2-core host) added a job and a barrier per chunk on top
CHUNKS_PER_THREAD = int(os.environ.get("PYD3D11_FRONT_CHUNKS_PER_THREAD", "2"))
#: chunks whose front end ran on the pool and whose tiles were launched from it (tests and benchmarks read it)
launched_chunks = 0
#: launched chunks whose tiles ran in a tile pass shared with the draw's other chunks (native/chunk_tiles.py)
one_pass_chunks = 0
#: chunks drawn again on the calling thread after a chunk did not take the fused lane
redone_chunks = 0


def chunk_vertices(vc: int, k: int, step: int, indexed: bool = False) -> int | None:
    """Vertices per chunk (a multiple of ``k``, the vertices of one primitive, at most ``step``, the pass
    size) for a list draw of ``vc`` vertices, or None when it is not split (one thread, fewer than two chunks).

    An indexed draw's chunks are its passes (``step``): the vertex shader runs once per distinct index of a
    pass (the post-transform reuse the reference has), so VSInvocations depends on where passes end, and
    chunk boundaries that moved with the thread count would move it."""
    n_threads = pool.threads()
    if not ENABLED or n_threads < 2 or k <= 0:
        return None
    c = step if indexed else min(max(CHUNK_MIN_VERTICES, -(-vc // (CHUNKS_PER_THREAD * n_threads))), step)
    c -= c % k
    if c < k or vc < 2 * c:
        return None
    return c


def run(count: int, front: Callable[[int], object], redo: Callable[[int], list]) -> list:
    """``front(i)`` for the ``count`` chunks on the pool (its fused launches collected), then each chunk's
    launches in chunk order on this thread: a chunk_tiles.ChunkDraw joins the one tile pass, launched at the end;
    any other launch is called after the pass collected before it is launched. Returns the chunks' results in
    order. ``redo(i)``: chunks ``i`` onward drawn on this thread (their results), when chunk ``i`` did not take
    the fused lane (the pass of the chunks before it is launched first)."""
    global launched_chunks, redone_chunks
    results: list = [None] * count
    done = [threading.Event() for _ in range(count)]

    def item(i: int) -> None:
        launches: list = []
        fused.capture(launches)
        try:
            results[i] = (front(i), launches)
        except BaseException as exc:  # noqa: BLE001 - handed to the calling thread in chunk order
            results[i] = exc
        finally:
            fused.capture(None)
            done[i].set()

    job = pool.start(count, item)
    out: list = []
    tiles = chunk_tiles.TilePass()
    try:
        for i in range(count):
            while not done[i].is_set():
                # this thread sets up chunks too until the next one to launch is ready
                if not job.run_one():
                    done[i].wait()
            r = results[i]
            results[i] = None  # (its arrays go as soon as its tiles are done)
            if isinstance(r, fused.NotCaptured):
                job.finish()
                _launch_pass(tiles)  # the chunks before it first (their tiles merge before its pixels)
                redone_chunks += count - i
                out.extend(redo(i))
                return out
            if isinstance(r, BaseException):
                raise r
            value, launches = r
            for launch in launches:
                if isinstance(launch, chunk_tiles.ChunkDraw):
                    tiles.add(launch)  # the next draw of the one tile pass, in chunk order
                else:
                    _launch_pass(tiles)
                    launch()  # joins the previous chunk's tiles first (per-pixel submission order)
            out.append(value)
            launched_chunks += 1
    finally:
        job.finish()
        _launch_pass(tiles)  # (also when a chunk raised: the chunks before it are drawn, as without chunks)
    return out


def _launch_pass(tiles: chunk_tiles.TilePass) -> None:
    """Launch the chunks collected into the one tile pass (counted in :data:`one_pass_chunks`)."""
    global one_pass_chunks
    n = tiles.chunks
    tiles.chunks = 0
    one_pass_chunks += n
    tiles.launch()
