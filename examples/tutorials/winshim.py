"""Win32 stand-ins for the tutorial ports (not D3D): a window, the message loop, timing, present sinks.
Named ``winshim`` so that it never shadows pywin32's ``win32`` package.

The SDK tutorials are Win32 programs. Their D3D11 code ports line by line; the few Win32 calls around it
map to these helpers:

* ``CreateWindow(title, width, height)`` -> an ``HWND`` whose client rectangle ``GetClientRect`` reports.
  The swap chain takes its size from it; nothing is shown unless a present sink says so.
* the ``PeekMessage``/``Render`` loop -> ``message_loop(render, frames)``: ``frames`` frames, then WM_QUIT.
* ``GetTickCount64`` reads ``clock`` (seconds, ``time.perf_counter`` by default); tests set ``clock`` to fix
  the animation time of the frame they check.
* command line: ``--frames N`` (default 1), ``--out frame.png`` (save_png of the last frame),
  ``--video clip.gif`` (VideoSink), ``--window`` (WindowSink, the ``[window]`` extra).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any

clock = time.perf_counter


@dataclass
class RECT:
    left: int = 0
    top: int = 0
    right: int = 0
    bottom: int = 0


@dataclass
class HWND:
    title: str
    width: int
    height: int

    def GetClientRect(self) -> RECT:  # noqa: N802 - the Win32 name, used by DXGI for a zero-size desc
        return RECT(0, 0, self.width, self.height)


def CreateWindow(title: str, width: int, height: int) -> HWND:  # noqa: N802
    return HWND(title, int(width), int(height))


def GetClientRect(hWnd: HWND) -> RECT:  # noqa: N802,N803
    return hWnd.GetClientRect()


def GetTickCount64() -> int:  # noqa: N802
    return int(clock() * 1000)


def parse_args(argv: list[str] | None, default_size: tuple[int, int] = (800, 600)) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    p.add_argument("--frames", type=int, default=1)
    p.add_argument("--size", type=int, nargs=2, default=list(default_size), metavar=("W", "H"))
    p.add_argument("--out", default=None, help="write the last frame as PNG")
    p.add_argument("--video", default=None, help="write every frame to an animation/video (imageio)")
    p.add_argument("--window", action="store_true", help="show the frames in a window (pyd3d11[window])")
    p.add_argument("--texture", default=None, help="Tutorial07: the DDS file to load instead of seafloor.dds")
    p.add_argument("--debug", action="store_true",
                   help="the C++ _DEBUG build: shaders get D3DCOMPILE_DEBUG (HLSL-level debugging) and no optimisation")
    args = p.parse_args(argv)
    global _DEBUG
    _DEBUG = bool(args.debug)
    return args


_DEBUG = False


def is_debug_build() -> bool:
    """``#ifdef _DEBUG`` of the C++ samples (``--debug`` on the command line)."""
    return _DEBUG


def present_sinks(args: argparse.Namespace, extra: Any = None) -> tuple[Any, list[Any]]:
    """One callable fanning each presented frame out to the sinks the command line asks for."""
    from pyd3d11.dxgi import MemorySink, VideoSink

    sinks: list[Any] = [MemorySink(keep=1)]
    if args.video:
        sinks.append(VideoSink(args.video))
    if args.window:
        from pyd3d11.window import WindowSink

        sinks.append(WindowSink(title="pyd3d11"))
    if extra is not None:
        sinks.append(extra)

    def fan_out(image: Any) -> None:
        for s in sinks:
            s(image)

    return fan_out, sinks


def message_loop(render: Any, frames: int, sinks: list[Any] | None = None) -> None:
    """Render ``frames`` frames (the idle-time Render() of the Win32 loop), or until a window sink is closed."""
    n = 0
    while n < frames:
        render()
        n += 1
        if sinks and any(getattr(s, "closed", False) for s in sinks):
            break


def finish(args: argparse.Namespace, sinks: list[Any]) -> None:
    for s in sinks:
        if hasattr(s, "close"):
            s.close()
    if args.out and sinks and sinks[0].last is not None:
        from PIL import Image

        from pyd3d11.dxgi import image_to_rgba8

        Image.fromarray(image_to_rgba8(sinks[0].last)[..., :3], "RGB").save(args.out)
        print(f"wrote {args.out}")
