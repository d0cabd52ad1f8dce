"""The debugger (DESIGN §2 ``debug/``): per-lane shader traces and replay of captured draws/dispatches.

Typical use::

    import pyd3d11.debug as dbg
    dbg.enable_capture(context)            # opt in (off by default: no cost)
    context.Draw(3, 0)
    print(dbg.debug_pixel(context, 10, 12))  # the pixel shader's steps for that pixel
    dbg.debug_vertex(context, 0)            # the vertex shader for SV_VertexID 0
    dbg.debug_thread(context, (5, 0, 0))    # after a Dispatch: compute thread 5
    dbg.debug_geometry(context, primitive_id=2)       # GS invocation of input primitive 2
    dbg.debug_hull(context, 0, control_point=1)       # HS control-point phase; debug_hull(ctx, 0) the fork phase
    dbg.debug_domain(context, 0, point=4)             # DS invocation of domain point 4 of patch 0

Frame capture and replay (docs/debugging.md)::

    with dbg.capture(context, "frame.pyd3dcap"):   # or PYD3D11_CAPTURE_FRAME=N for frame N of a program
        ...                                        # every call made here is recorded
    cap = dbg.Capture.open("frame.pyd3dcap").replay_to(20)   # in any process
    cap.pipeline_state(); cap.texture(resource_id)
    dbg.pixel_history(cap, resource_id, x, y, sample=0)      # why is this pixel this colour?

Lower layer: :func:`trace_program` runs any program like ``run_program`` and traces chosen lanes.
"""

from .capture import Recorder, capture, start_capture
from .capture_replay import Capture, Event
from .pixel_history import BlendInfo, DepthTest, Fragment, PixelEvent, PixelHistory, StencilTest, pixel_history
from .replay import (
    debug_domain,
    debug_geometry,
    debug_hull,
    debug_invocation,
    debug_pixel,
    debug_pixel_all,
    debug_thread,
    debug_vertex,
    disable_capture,
    enable_capture,
    stage_invocations,
)
from .shader_trace import MemoryWrite, RegisterWrite, ShaderTrace, TraceStep, trace_execute, trace_program

__all__ = ["capture", "start_capture", "Recorder", "Capture", "Event", "pixel_history", "PixelHistory",
           "PixelEvent", "Fragment", "DepthTest", "StencilTest", "BlendInfo",
           "enable_capture", "disable_capture", "debug_pixel", "debug_pixel_all", "debug_vertex", "debug_thread",
           "debug_geometry", "debug_hull", "debug_domain", "debug_invocation", "stage_invocations",
           "ShaderTrace", "TraceStep", "RegisterWrite", "MemoryWrite", "trace_program", "trace_execute"]
