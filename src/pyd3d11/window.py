"""A present sink that shows frames in a real window (Python convenience; the ``[window]`` extra).

    from pyd3d11.window import WindowSink
    swap_chain.set_present_sink(WindowSink(title="Tutorial 4"))

Windowing library: pygame (SDL2). Chosen because it needs no OpenGL: the frame is copied into an SDL
surface and blitted in software, so it works with any X server, Wayland, Windows or macOS and under Xvfb in
CI, where glfw and pyglet would need a working OpenGL driver just to put pixels on screen; pygame ships
SDL2 inside its wheels (no system packages), is maintained, and exists for every platform pyd3d11 runs on.
rendercanvas targets wgpu/GPU canvases, which the software device does not need.

Behaviour: the window is created at the first presented frame with the frame's size (``scale`` enlarges
it, nearest-neighbour); each Present shows what a screen shows (:func:`pyd3d11.dxgi.image_to_rgba8`: the
stored bytes of 8-bit formats, sRGB-encoded float scRGB, alpha ignored as by an opaque window) and pumps the
window's events; closing the window sets ``closed`` (the tutorials' message loops stop on it). ``fps``
(default None: as fast as frames come) throttles the presents like a vsync'ed SyncInterval 1.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from pyd3d11.errors import NotSupportedError


class WindowSink:
    """Shows each presented frame in a pygame window (module docstring)."""

    def __init__(self, title: str = "pyd3d11", scale: int = 1, fps: float | None = None) -> None:
        self.title = title
        self.scale = max(1, int(scale))
        self.fps = fps
        self.closed = False
        self.frames = 0
        self._screen: Any = None
        self._pygame: Any = None
        self._last_time = 0.0

    def _open(self, width: int, height: int) -> None:
        try:
            import pygame
        except ImportError:
            raise NotSupportedError("WindowSink needs pygame (pip install pyd3d11[window])", "Present") from None
        self._pygame = pygame
        pygame.display.init()
        self._screen = pygame.display.set_mode((width * self.scale, height * self.scale))
        pygame.display.set_caption(self.title)

    def __call__(self, image: np.ndarray) -> None:
        if self.closed:
            return
        from pyd3d11.api.dxgi_swapchain import image_to_rgba8

        rgb = np.ascontiguousarray(image_to_rgba8(image)[..., :3])
        if self.scale > 1:
            rgb = rgb.repeat(self.scale, 0).repeat(self.scale, 1)
        h, w = rgb.shape[:2]
        if self._screen is None or self._screen.get_size() != (w, h):
            self._open(w // self.scale, h // self.scale)
        pg = self._pygame
        pg.surfarray.blit_array(self._screen, rgb.swapaxes(0, 1))
        pg.display.flip()
        self.frames += 1
        for event in pg.event.get():
            if event.type == pg.QUIT:
                self.close()
        if self.fps:
            wait = self._last_time + 1.0 / self.fps - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            self._last_time = time.perf_counter()

    def close(self) -> None:
        if self._pygame is not None and not self.closed:
            self._pygame.display.quit()
        self.closed = True


__all__ = ["WindowSink"]
