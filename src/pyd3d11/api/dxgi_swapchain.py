"""IDXGISwapChain / IDXGISwapChain1 for a headless software device, plus present sinks.

Rules (MicrosoftDocs DXGI_SWAP_CHAIN_DESC, DXGI_SWAP_EFFECT, IDXGISwapChain::GetBuffer/Present/
ResizeBuffers/SetFullscreenState; HRESULTs as wine's dxgi tests observe them on Windows):

* CreateSwapChain with no device or no desc: DXGI_ERROR_INVALID_CALL. A format that is not a back-buffer
  format (DXGI_FORMAT_UNKNOWN included): E_INVALIDARG. BufferCount 0 or above 16, an unknown swap
  effect, unknown Flags or BufferUsage bits: DXGI_ERROR_INVALID_CALL. The flip model
  (FLIP_SEQUENTIAL / FLIP_DISCARD) needs 2+ buffers, one sample per pixel and one of R16G16B16A16_FLOAT,
  R10G10B10A2_UNORM, R8G8B8A8_UNORM, B8G8R8A8_UNORM (no _SRGB).
* Headless differences: OutputWindow may be None or any object (Windows needs an HWND). A zero Width or
  Height is taken from the window (attributes ``width``/``height``, ``Width``/``Height``, ``size`` or a
  ``GetClientRect()`` RECT); a window with no size, or None, gives 8 — what DXGI gives for a window
  whose client area is empty. There is no full-screen mode: Windowed=FALSE creates a windowed chain and
  sets ``creation_status`` to DXGI_STATUS_OCCLUDED (Windows' answer when full screen cannot be entered);
  SetFullscreenState(TRUE) raises DXGI_ERROR_NOT_CURRENTLY_AVAILABLE. R10G10B10_XR_BIAS_A2_UNORM (a
  full-screen-only format) is therefore refused.
* Buffers are real ID3D11Texture2D objects (BindFlags RENDER_TARGET, plus SHADER_RESOURCE /
  UNORDERED_ACCESS when BufferUsage asks). Bit-block-transfer effects present buffer 0; DISCARD exposes
  only buffer 0 to GetBuffer, SEQUENTIAL keeps the previous frames in buffers 1.. (read only). Flip
  effects rotate: GetBuffer(0) is always the current back buffer.
* Present hands the back buffer to the *present sink* as a numpy (height, width, 4) image in RGBA order:
  uint8 for the 8-bit formats (bytes as stored: sRGB formats stay sRGB-encoded), uint16 raw 10-bit
  fields (alpha 0..3) for R10G10B10A2_UNORM, float32 linear values for R16G16B16A16_FLOAT. MSAA back
  buffers are resolved first. ``last_frame()`` always returns the last presented image.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from typing import Any

import numpy as np

from pyd3d11.errors import (
    DXGI_ERROR_DEVICE_REMOVED,
    DXGI_ERROR_INVALID_CALL,
    DXGI_ERROR_NOT_CURRENTLY_AVAILABLE,
    DXGI_STATUS_OCCLUDED,
    E_INVALIDARG,
    S_OK,
    D3D11Error,
    NotSupportedError,
    error_for,
)
from pyd3d11.headers.dxgi_types import (
    DXGI_FRAME_STATISTICS,
    DXGI_MODE_DESC,
    DXGI_RATIONAL,
    DXGI_SAMPLE_DESC,
    DXGI_SWAP_CHAIN_DESC,
    DXGI_SWAP_CHAIN_DESC1,
    DXGI_SWAP_CHAIN_FULLSCREEN_DESC,
)

from .com import IID_IDXGIDeviceSubObject, IID_IDXGIObject, iid
from .device_structs import F
from .dxgi_factory import IDXGIObject

IID_IDXGISwapChain = iid("IDXGISwapChain", "310d36a0-d2e7-4c0a-aa04-6a9d23b8886a")
IID_IDXGISwapChain1 = iid("IDXGISwapChain1", "790a45f7-0d42-4876-983a-0a55cfe6f4aa")

SWAP_EFFECT_DISCARD, SWAP_EFFECT_SEQUENTIAL, SWAP_EFFECT_FLIP_SEQUENTIAL, SWAP_EFFECT_FLIP_DISCARD = 0, 1, 3, 4
_FLIP_EFFECTS = (SWAP_EFFECT_FLIP_SEQUENTIAL, SWAP_EFFECT_FLIP_DISCARD)
_SWAP_EFFECTS = (SWAP_EFFECT_DISCARD, SWAP_EFFECT_SEQUENTIAL) + _FLIP_EFFECTS
MAX_BUFFERS = 16  # DXGI_MAX_SWAP_CHAIN_BUFFERS

FMT_R16G16B16A16_FLOAT, FMT_R10G10B10A2_UNORM = 10, 24
FMT_R8G8B8A8_UNORM, FMT_R8G8B8A8_UNORM_SRGB, FMT_B8G8R8A8_UNORM, FMT_B8G8R8A8_UNORM_SRGB = 28, 29, 87, 91
FLIP_FORMATS = frozenset({FMT_R16G16B16A16_FLOAT, FMT_R10G10B10A2_UNORM, FMT_R8G8B8A8_UNORM, FMT_B8G8R8A8_UNORM})
BITBLT_FORMATS = FLIP_FORMATS | {FMT_R8G8B8A8_UNORM_SRGB, FMT_B8G8R8A8_UNORM_SRGB}
_BGRA = (FMT_B8G8R8A8_UNORM, FMT_B8G8R8A8_UNORM_SRGB)

# DXGI_USAGE bits a swap chain accepts, and the D3D11 bind flag each adds to the buffers.
USAGE_SHADER_INPUT, USAGE_RENDER_TARGET_OUTPUT, USAGE_BACK_BUFFER = 0x10, 0x20, 0x40
USAGE_READ_ONLY, USAGE_DISCARD_ON_PRESENT, USAGE_UNORDERED_ACCESS = 0x100, 0x200, 0x400
_USAGE_VALID = (USAGE_SHADER_INPUT | USAGE_RENDER_TARGET_OUTPUT | USAGE_BACK_BUFFER | USAGE_READ_ONLY
                | USAGE_DISCARD_ON_PRESENT | USAGE_UNORDERED_ACCESS)
_BIND_RENDER_TARGET, _BIND_SHADER_RESOURCE, _BIND_UNORDERED_ACCESS = 0x20, 0x8, 0x80

# DXGI_SWAP_CHAIN_FLAG: accepted (meaningless headless), flip-model-only, and not supported.
FLAG_NONPREROTATED, FLAG_ALLOW_MODE_SWITCH, FLAG_GDI_COMPATIBLE = 0x1, 0x2, 0x4
FLAG_FRAME_LATENCY_WAITABLE_OBJECT, FLAG_ALLOW_TEARING = 0x40, 0x800
_FLAGS_ACCEPTED = FLAG_NONPREROTATED | FLAG_ALLOW_MODE_SWITCH | FLAG_GDI_COMPATIBLE | \
    FLAG_FRAME_LATENCY_WAITABLE_OBJECT | FLAG_ALLOW_TEARING
_FLAGS_FLIP_ONLY = FLAG_FRAME_LATENCY_WAITABLE_OBJECT | FLAG_ALLOW_TEARING
_FLAGS_KNOWN = 0x1FFF

PRESENT_TEST, PRESENT_DO_NOT_SEQUENCE, PRESENT_RESTART, PRESENT_DO_NOT_WAIT = 0x1, 0x2, 0x4, 0x8
PRESENT_ALLOW_TEARING = 0x200
_PRESENT_KNOWN = 0x37F

_SCALING_STRETCH, _ALPHA_MODE_IGNORE, _ROTATION_IDENTITY = 0, 3, 1
HEADLESS_DEFAULT_SIZE = 8  # DXGI's buffer size for a window with an empty client area

PresentSink = Callable[[np.ndarray], Any]


def _fail(hr: int, text: str, method: str) -> D3D11Error:
    return error_for(hr, text, method)


def _window_size(window: Any) -> tuple[int, int] | None:
    """The client size of a headless stand-in window, or None when it has none."""
    if window is None:
        return None
    for wa, ha in (("width", "height"), ("Width", "Height")):
        w, h = getattr(window, wa, None), getattr(window, ha, None)
        if w is not None and h is not None and not callable(w):
            return int(w), int(h)
    size = getattr(window, "size", None)
    if isinstance(size, (tuple, list)) and len(size) == 2:
        return int(size[0]), int(size[1])
    get = getattr(window, "GetClientRect", None)
    if callable(get):
        r = get()
        return int(F(r, "right")) - int(F(r, "left")), int(F(r, "bottom")) - int(F(r, "top"))
    return None


def _size_from_window(width: int, height: int, window: Any) -> tuple[int, int]:
    """Zero Width/Height come from the window's client area; an empty one gives 8 (DXGI's minimum)."""
    if width and height:
        return width, height
    ws = _window_size(window) or (0, 0)
    w = width or ws[0] or HEADLESS_DEFAULT_SIZE
    h = height or ws[1] or HEADLESS_DEFAULT_SIZE
    return w, h


def _d3d11_device(pDevice: Any, method: str) -> Any:  # noqa: N803
    """The ID3D11Device behind ``pDevice`` (the device itself or one of its DXGI facets)."""
    if pDevice is None:
        raise _fail(DXGI_ERROR_INVALID_CALL, "pDevice is NULL", method)
    dev = getattr(pDevice, "_owner", pDevice)
    if not hasattr(dev, "CreateTexture2D"):
        raise _fail(DXGI_ERROR_INVALID_CALL, f"pDevice ({type(pDevice).__name__}) is not a Direct3D 11 device",
                    method)
    return dev


class _Config:
    """The validated, resolved state of a swap chain (shared by the DESC and DESC1 entry points)."""

    __slots__ = ("width", "height", "format", "samples", "quality", "usage", "count", "effect", "flags",
                 "refresh", "scanline", "mode_scaling", "scaling", "alpha_mode", "stereo", "window",
                 "windowed_requested")

    def __init__(self) -> None:
        self.width = self.height = self.format = self.samples = self.quality = 0
        self.usage = self.count = self.effect = self.flags = 0
        self.refresh = (0, 0)
        self.scanline = self.mode_scaling = 0
        self.scaling, self.alpha_mode, self.stereo = _SCALING_STRETCH, _ALPHA_MODE_IGNORE, 0
        self.window: Any = None
        self.windowed_requested = True


def _check_format(fmt: int, effect: int, method: str) -> None:
    allowed = FLIP_FORMATS if effect in _FLIP_EFFECTS else BITBLT_FORMATS
    if fmt not in allowed:
        model = "flip-model" if effect in _FLIP_EFFECTS else "swap-chain"
        raise _fail(E_INVALIDARG, f"DXGI_FORMAT {fmt} is not a {model} back-buffer format", method)


def _check_count(count: int, effect: int, method: str) -> None:
    if count == 0 or count > MAX_BUFFERS:
        raise _fail(DXGI_ERROR_INVALID_CALL, f"BufferCount {count} outside 1..{MAX_BUFFERS}", method)
    if effect in _FLIP_EFFECTS and count < 2:
        raise _fail(DXGI_ERROR_INVALID_CALL, "flip-model swap chains need BufferCount >= 2", method)


def _check_flags(flags: int, effect: int, method: str) -> None:
    if flags & ~_FLAGS_KNOWN:
        raise _fail(DXGI_ERROR_INVALID_CALL, f"Flags 0x{flags:X} has unknown DXGI_SWAP_CHAIN_FLAG bits", method)
    if flags & ~_FLAGS_ACCEPTED:
        raise NotSupportedError(f"DXGI_SWAP_CHAIN_FLAG 0x{flags & ~_FLAGS_ACCEPTED:X} (protected/restricted/"
                                "video swap chains)", method)
    if flags & _FLAGS_FLIP_ONLY and effect not in _FLIP_EFFECTS:
        raise _fail(DXGI_ERROR_INVALID_CALL, "FRAME_LATENCY_WAITABLE_OBJECT / ALLOW_TEARING need a flip-model "
                    "swap effect", method)


def _validate(cfg: _Config, method: str) -> None:
    """Creation rules common to CreateSwapChain and CreateSwapChainFor* (module docstring)."""
    if cfg.effect not in _SWAP_EFFECTS:
        raise _fail(DXGI_ERROR_INVALID_CALL, f"SwapEffect {cfg.effect} is not a DXGI_SWAP_EFFECT", method)
    _check_count(cfg.count, cfg.effect, method)
    _check_format(cfg.format, cfg.effect, method)
    if cfg.usage & ~_USAGE_VALID:
        raise _fail(DXGI_ERROR_INVALID_CALL, f"BufferUsage 0x{cfg.usage:X} has bits a swap chain does not take",
                    method)
    if cfg.samples == 0:
        raise _fail(DXGI_ERROR_INVALID_CALL, "SampleDesc.Count is 0", method)
    if cfg.effect in _FLIP_EFFECTS and (cfg.samples != 1 or cfg.quality != 0):
        raise _fail(DXGI_ERROR_INVALID_CALL, "flip-model swap chains cannot be multisampled (render to an MSAA "
                    "texture and ResolveSubresource into the back buffer)", method)
    if cfg.samples > 1 and cfg.usage & USAGE_UNORDERED_ACCESS:
        raise _fail(DXGI_ERROR_INVALID_CALL, "multisampled back buffers cannot have DXGI_USAGE_UNORDERED_ACCESS",
                    method)
    if cfg.stereo:
        raise NotSupportedError("stereo swap chains", method)
    _check_flags(cfg.flags, cfg.effect, method)


# ------------------------------------------------------------------------------------------------
# Present sinks
# ------------------------------------------------------------------------------------------------


def image_to_rgba8(image: np.ndarray) -> np.ndarray:
    """A present image as displayable (h, w, 4) uint8 RGBA: uint8 as is; uint16 10-bit fields scaled
    (alpha from 2 bits); float32 linear values clamped to [0, 1] and sRGB-encoded (scRGB to sRGB)."""
    if image.dtype == np.uint8:
        return image
    if image.dtype == np.uint16:
        scale = np.array([1023, 1023, 1023, 3], np.float32)
        return np.floor(image.astype(np.float32) / scale * 255 + 0.5).astype(np.uint8)
    c = np.clip(np.nan_to_num(image.astype(np.float32)), 0.0, 1.0)
    rgb = c[..., :3]
    enc = np.where(rgb <= 0.0031308, rgb * 12.92, 1.055 * np.power(rgb, 1 / 2.4) - 0.055)
    out = np.concatenate([enc, c[..., 3:]], axis=-1)
    return np.floor(out * 255 + 0.5).astype(np.uint8)


class MemorySink:
    """Keeps presented frames in memory: ``frames`` (the last ``keep``; None keeps all) and ``last``."""

    def __init__(self, keep: int | None = 1) -> None:
        self.keep = keep
        self.frames: list[np.ndarray] = []
        self.count = 0

    def __call__(self, image: np.ndarray) -> None:
        self.frames.append(image)
        self.count += 1
        if self.keep is not None and len(self.frames) > self.keep:
            del self.frames[:len(self.frames) - self.keep]

    @property
    def last(self) -> np.ndarray | None:
        return self.frames[-1] if self.frames else None


class PngSink:
    """Writes each presented frame to ``directory/pattern.format(n)`` (numbered from ``start``)
    through Pillow as what a screen shows (see :func:`image_to_rgba8`): an opaque window ignores the
    back buffer's alpha, so frames are RGB PNGs; ``alpha=True`` keeps the alpha channel (RGBA)."""

    def __init__(self, directory: str | os.PathLike, pattern: str = "frame_{:05d}.png", start: int = 0,
                 alpha: bool = False) -> None:
        self.directory = os.fspath(directory)
        self.pattern = pattern
        self.next_index = int(start)
        self.alpha = bool(alpha)
        self.paths: list[str] = []

    def __call__(self, image: np.ndarray) -> None:
        try:
            from PIL import Image
        except ImportError:  # pragma: no cover - Pillow is the optional "image" extra
            raise NotSupportedError("PngSink needs Pillow (pip install pyd3d11[image])", "Present") from None
        os.makedirs(self.directory, exist_ok=True)
        path = os.path.join(self.directory, self.pattern.format(self.next_index))
        rgba = image_to_rgba8(image)
        if self.alpha:
            Image.fromarray(np.ascontiguousarray(rgba), "RGBA").save(path)
        else:
            Image.fromarray(np.ascontiguousarray(rgba[..., :3]), "RGB").save(path)
        self.paths.append(path)
        self.next_index += 1


class VideoSink:
    """Writes the presented frames as one animation or video file through imageio (the ``[video]`` extra):
    the container follows the file extension (``.gif``/``.webp``/``.apng``/``.tif`` through Pillow; ``.mp4``
    and other video containers need imageio's ffmpeg plugin). Frames are what a screen shows (RGB,
    see :func:`image_to_rgba8`); ``fps`` sets the frame time. The file is complete after :meth:`close`
    (also a context manager); ``frames`` counts the frames written."""

    def __init__(self, path: str | os.PathLike, fps: float = 30.0, **writer_kwargs: Any) -> None:
        self.path = os.fspath(path)
        self.fps = float(fps)
        self.writer_kwargs = writer_kwargs
        self.frames = 0
        self._file: Any = None
        self._kwargs: dict[str, Any] = {}

    def _open(self) -> None:
        try:
            import imageio.v3 as iio
        except ImportError:
            raise NotSupportedError("VideoSink needs imageio (pip install pyd3d11[video])", "Present") from None
        self._file = iio.imopen(self.path, "w")
        ext = os.path.splitext(self.path)[1].lower()
        if ext in (".gif", ".webp", ".apng", ".png"):
            # Pillow's plugin takes the frame time in milliseconds; loop forever as a player would
            self._kwargs = {"duration": 1000.0 / self.fps, "loop": 0}
        else:
            self._kwargs = {"fps": self.fps}
        self._kwargs.update(self.writer_kwargs)

    def __call__(self, image: np.ndarray) -> None:
        if self._file is None:
            self._open()
        self._file.write(np.ascontiguousarray(image_to_rgba8(image)[..., :3]), is_batch=False, **self._kwargs)
        self.frames += 1

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> VideoSink:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def back_buffer_image(texture: Any) -> np.ndarray:
    """The (h, w, 4) present image of a back-buffer texture (module docstring for the dtypes)."""
    st = texture._storage
    fmt = int(texture._desc.Format)
    if st.sample_count > 1:
        from pyd3d11.pipeline import copy as pcopy
        from pyd3d11.storage import ResourceStorage

        single = ResourceStorage.create(st.dimension, st.format, st.width, st.height, 1, 1, 1, 1, st.bytes_per_block)
        pcopy.resolve(single, 0, st, 0, fmt)
        st = single
    L = st.layout(0)
    raw = st.data[L.offset:L.offset + L.row_pitch * L.height].reshape(L.height, L.row_pitch)
    if fmt in (FMT_R8G8B8A8_UNORM, FMT_R8G8B8A8_UNORM_SRGB) or fmt in _BGRA:
        img = raw[:, :L.width * 4].reshape(L.height, L.width, 4)
        return img[..., [2, 1, 0, 3]].copy() if fmt in _BGRA else img.copy()
    if fmt == FMT_R10G10B10A2_UNORM:
        w = raw[:, :L.width * 4].copy().view(np.uint32)
        return np.stack([w & 0x3FF, (w >> 10) & 0x3FF, (w >> 20) & 0x3FF, w >> 30], axis=-1).astype(np.uint16)
    if fmt == FMT_R16G16B16A16_FLOAT:
        return raw[:, :L.width * 8].copy().view(np.float16).reshape(L.height, L.width, 4).astype(np.float32)
    raise NotSupportedError(f"present of back-buffer format {fmt}", "Present")  # pragma: no cover


# ------------------------------------------------------------------------------------------------
# The swap chain
# ------------------------------------------------------------------------------------------------


class IDXGISwapChain1(IDXGIObject):
    """A headless swap chain (answers IDXGISwapChain and IDXGISwapChain1). GetParent: the factory."""

    _iid = IID_IDXGISwapChain1

    def __init__(self, factory: Any, device: Any, cfg: _Config, composition: bool = False) -> None:
        super().__init__()
        self._parent = factory
        self._device = device
        factory.AddRef()  # the chain holds its factory and device (as the refcounts on Windows show)
        device.AddRef()
        self._cfg = cfg
        self._composition = composition
        self._buffers: list[Any] = []
        self._current = 0
        self._present_count = 0
        self._sink: PresentSink | None = None
        self._last: np.ndarray | None = None
        self._background = (0.0, 0.0, 0.0, 0.0)
        self.creation_status = S_OK if cfg.windowed_requested else DXGI_STATUS_OCCLUDED
        self._make_buffers()
        if os.environ.get("PYD3D11_CAPTURE_FRAME"):  # frame capture of an unmodified program (docs/debugging.md)
            from pyd3d11.debug.capture import on_swap_chain_created

            on_swap_chain_created(self)

    def _interfaces(self) -> dict[uuid.UUID, Any]:
        out = super()._interfaces()
        out[IID_IDXGISwapChain] = out[IID_IDXGIDeviceSubObject] = out[IID_IDXGIObject] = self
        return out

    # -- buffers ------------------------------------------------------------------------------------
    def _make_buffers(self) -> None:
        from pyd3d11.headers import D3D11_TEXTURE2D_DESC

        c = self._cfg
        bind = _BIND_RENDER_TARGET
        if c.usage & USAGE_SHADER_INPUT:
            bind |= _BIND_SHADER_RESOURCE
        if c.usage & USAGE_UNORDERED_ACCESS:
            bind |= _BIND_UNORDERED_ACCESS
        desc = D3D11_TEXTURE2D_DESC(Width=c.width, Height=c.height, MipLevels=1, ArraySize=1, Format=c.format,
                                    SampleDesc=DXGI_SAMPLE_DESC(Count=c.samples, Quality=c.quality), Usage=0,
                                    BindFlags=bind, CPUAccessFlags=0, MiscFlags=0)
        buffers: list[Any] = []
        for _ in range(c.count):
            try:
                tex = self._device.CreateTexture2D(desc)
            except Exception:
                self._release_buffers(buffers)  # the old buffers stay (ResizeBuffers restores the config)
                raise
            tex._dxgi_parent = self  # IDXGISurface/IDXGIResource.GetParent -> the swap chain
            tex._dxgi_usage = c.usage | USAGE_RENDER_TARGET_OUTPUT | USAGE_BACK_BUFFER
            # The chain holds its buffers internally: public count 0 (GetBuffer hands out the first public
            # reference), so the buffers add nothing to the device's public count either.
            tex._add_int_ref()
            tex.Release()
            buffers.append(tex)
        old, self._buffers = self._buffers, buffers
        self._current = 0
        self._release_buffers(old)

    @staticmethod
    def _release_buffers(buffers: list[Any]) -> None:
        for tex in buffers:
            tex._release_int_ref()

    def _buffers_referenced(self) -> bool:
        """Whether anything but the chain references a buffer: a public reference (GetBuffer, QueryInterface)
        or another internal one (a live or bound view of it) — the direct and indirect references
        IDXGISwapChain::ResizeBuffers requires released."""
        return any(b._refcount > 0 or b._intref > 1 for b in self._buffers)

    def _final_release(self) -> None:
        # The chain's references: its buffers (internal), its device and its factory.
        buffers, self._buffers = self._buffers, []
        self._release_buffers(buffers)
        self._device.Release()
        self._parent.Release()
        self._released = True

    def _public_revived(self) -> None:
        # A Python caller AddRef'ing the chain after its final release: take its references again.
        if getattr(self, "_released", False):
            self._released = False
            self._parent.AddRef()
            self._device.AddRef()
            self._make_buffers()

    def GetBuffer(self, Buffer: int, riid: Any = None) -> Any:  # noqa: N802,N803
        """Buffer ``Buffer`` as ``riid`` (default ID3D11Texture2D). DISCARD: only 0; flip models count
        from the current back buffer. Out of range: DXGI_ERROR_INVALID_CALL."""
        i, n = int(Buffer), len(self._buffers)
        limit = 1 if self._cfg.effect == SWAP_EFFECT_DISCARD else n
        if not 0 <= i < limit:
            raise _fail(DXGI_ERROR_INVALID_CALL, f"buffer {i} is not accessible (0..{limit - 1})", "GetBuffer")
        tex = self._buffers[(self._current + i) % n]
        if riid is None:
            tex.AddRef()
            return tex
        return tex.QueryInterface(riid)

    # -- present -----------------------------------------------------------------------------------
    def set_present_sink(self, sink: PresentSink | None) -> None:
        """Python convenience: ``sink(image)`` is called with each presented frame (None: no sink)."""
        if sink is not None and not callable(sink):
            raise TypeError("the present sink must be callable (image) -> Any")
        self._sink = sink

    def get_present_sink(self) -> PresentSink | None:
        return self._sink

    def _repr_png_(self) -> bytes | None:
        """Jupyter hook (Python convenience, not DXGI): the last presented frame as a screen shows it
        (RGB, see :func:`image_to_rgba8`); before the first Present, the current back buffer."""
        from pyd3d11.api.convenience import png_bytes

        image = self.last_frame()
        if image is None and self._buffers:
            image = back_buffer_image(self._buffers[0])
        if image is None:
            return None
        try:
            return png_bytes(image_to_rgba8(image))
        except ImportError:
            return None

    def last_frame(self) -> np.ndarray | None:
        """The image handed over by the last Present (None before the first)."""
        return self._last

    def Present(self, SyncInterval: int = 0, Flags: int = 0) -> int:  # noqa: N802,N803
        """Present the back buffer to the sink. SyncInterval 0..4; DXGI_PRESENT_TEST presents nothing.
        Returns S_OK (nothing waits: there is no display to synchronise with)."""
        sync, flags = int(SyncInterval), int(Flags)
        if not 0 <= sync <= 4:
            raise _fail(DXGI_ERROR_INVALID_CALL, f"SyncInterval {sync} outside 0..4", "Present")
        if flags & ~_PRESENT_KNOWN:
            raise _fail(DXGI_ERROR_INVALID_CALL, f"Flags 0x{flags:X} has unknown DXGI_PRESENT bits", "Present")
        if flags & PRESENT_ALLOW_TEARING and (sync != 0 or not self._cfg.flags & FLAG_ALLOW_TEARING):
            raise _fail(DXGI_ERROR_INVALID_CALL, "DXGI_PRESENT_ALLOW_TEARING needs SyncInterval 0 and a chain "
                        "created with DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING", "Present")
        removed = getattr(self._device, "_removed_reason", 0)
        if removed:
            raise _fail(DXGI_ERROR_DEVICE_REMOVED, "the device was removed", "Present")
        if flags & PRESENT_TEST:
            return S_OK
        n = len(self._buffers)
        back = self._buffers[self._current]
        image = back_buffer_image(back)
        self._last = image
        self._present_count += 1
        if self._sink is not None:
            self._sink(image)
        if os.environ.get("PYD3D11_CAPTURE_FRAME"):
            from pyd3d11.debug.capture import on_present

            on_present(self, self._present_count)
        if self._cfg.effect in _FLIP_EFFECTS:
            self._current = (self._current + 1) % n  # the next buffer becomes the back buffer
        elif self._cfg.effect == SWAP_EFFECT_SEQUENTIAL and n > 1:
            # Buffers 1.. hold the previous frames, newest first.
            for i in range(n - 1, 0, -1):
                self._buffers[i]._storage.data[...] = self._buffers[i - 1]._storage.data
                self._buffers[i]._storage.touch()
        return S_OK

    def Present1(self, SyncInterval: int, PresentFlags: int, pPresentParameters: Any = None) -> int:  # noqa: N802,N803
        """Dirty/scroll rectangles are hints: the whole buffer is presented."""
        return self.Present(SyncInterval, PresentFlags)

    def GetLastPresentCount(self) -> int:  # noqa: N802
        return self._present_count

    def GetFrameStatistics(self) -> DXGI_FRAME_STATISTICS:  # noqa: N802
        """Every present is shown at once on the headless output's refresh count."""
        n = self._present_count
        return DXGI_FRAME_STATISTICS(PresentCount=n, PresentRefreshCount=n, SyncRefreshCount=n, SyncQPCTime=0,
                                     SyncGPUTime=0)

    # -- resize ------------------------------------------------------------------------------------
    def ResizeBuffers(self, BufferCount: int, Width: int, Height: int, NewFormat: int,  # noqa: N802,N803
                      SwapChainFlags: int = 0) -> None:  # noqa: N803
        """Recreate the buffers. 0 keeps BufferCount / DXGI_FORMAT_UNKNOWN keeps the format; a zero size is
        the window's (headless: no window size keeps the current size). Fails with
        DXGI_ERROR_INVALID_CALL while any buffer is still referenced directly (a public reference: GetBuffer /
        QueryInterface results) or indirectly (views of it, alive or bound), as on Windows."""
        m = "ResizeBuffers"
        if getattr(self._device, "_removed_reason", 0):
            # "Handle device removed scenarios": ResizeBuffers and Present report the removal
            raise _fail(DXGI_ERROR_DEVICE_REMOVED, "the device was removed", m)
        c = self._cfg
        if self._buffers_referenced():
            raise _fail(DXGI_ERROR_INVALID_CALL, "a back buffer is still referenced (Release the GetBuffer "
                        "results and the views created on them, and unbind those views, first)", m)
        count = int(BufferCount) or c.count
        fmt = int(NewFormat) or c.format
        _check_count(count, c.effect, m)
        _check_format(fmt, c.effect, m)
        flags = int(SwapChainFlags)
        _check_flags(flags, c.effect, m)
        w, h = int(Width), int(Height)
        if not (w and h):
            ws = _window_size(c.window)
            if ws is None or not ws[0] or not ws[1]:
                ws = (c.width, c.height)
            w, h = w or ws[0], h or ws[1]
        old = (c.count, c.format, c.width, c.height, c.flags)
        c.count, c.format, c.width, c.height, c.flags = count, fmt, w, h, flags
        try:
            self._make_buffers()
        except Exception:
            c.count, c.format, c.width, c.height, c.flags = old
            raise

    def ResizeTarget(self, pNewTargetParameters: Any) -> None:  # noqa: N802,N803
        """Headless windows have nothing to resize; a window object with ``resize(w, h)`` is asked to."""
        if pNewTargetParameters is None:
            raise _fail(DXGI_ERROR_INVALID_CALL, "pNewTargetParameters is NULL", "ResizeTarget")
        resize = getattr(self._cfg.window, "resize", None)
        if callable(resize):
            resize(int(F(pNewTargetParameters, "Width")), int(F(pNewTargetParameters, "Height")))

    # -- descriptions ------------------------------------------------------------------------------
    def GetDesc(self) -> DXGI_SWAP_CHAIN_DESC:  # noqa: N802
        c = self._cfg
        mode = DXGI_MODE_DESC(Width=c.width, Height=c.height, RefreshRate=DXGI_RATIONAL(*c.refresh), Format=c.format,
                              ScanlineOrdering=c.scanline, Scaling=c.mode_scaling)
        return DXGI_SWAP_CHAIN_DESC(BufferDesc=mode, SampleDesc=DXGI_SAMPLE_DESC(c.samples, c.quality),
                                    BufferUsage=c.usage, BufferCount=c.count, OutputWindow=c.window, Windowed=1,
                                    SwapEffect=c.effect, Flags=c.flags)

    def GetDesc1(self) -> DXGI_SWAP_CHAIN_DESC1:  # noqa: N802
        c = self._cfg
        return DXGI_SWAP_CHAIN_DESC1(Width=c.width, Height=c.height, Format=c.format, Stereo=c.stereo,
                                     SampleDesc=DXGI_SAMPLE_DESC(c.samples, c.quality), BufferUsage=c.usage,
                                     BufferCount=c.count, Scaling=c.scaling, SwapEffect=c.effect,
                                     AlphaMode=c.alpha_mode, Flags=c.flags)

    def GetFullscreenDesc(self) -> DXGI_SWAP_CHAIN_FULLSCREEN_DESC:  # noqa: N802
        c = self._cfg
        return DXGI_SWAP_CHAIN_FULLSCREEN_DESC(RefreshRate=DXGI_RATIONAL(*c.refresh), ScanlineOrdering=c.scanline,
                                               Scaling=c.mode_scaling, Windowed=1)

    def GetHwnd(self) -> Any:  # noqa: N802
        if self._composition:
            raise _fail(DXGI_ERROR_INVALID_CALL, "a composition swap chain has no window", "GetHwnd")
        return self._cfg.window

    def GetCoreWindow(self, refiid: Any = None) -> Any:  # noqa: N802
        raise _fail(DXGI_ERROR_INVALID_CALL, "the swap chain was not created for a CoreWindow", "GetCoreWindow")

    # -- full screen (headless: never) -------------------------------------------------------------
    def GetFullscreenState(self) -> tuple[bool, Any]:  # noqa: N802
        """(Fullscreen, pTarget): always (False, None)."""
        return False, None

    def SetFullscreenState(self, Fullscreen: bool, pTarget: Any = None) -> None:  # noqa: N802,N803
        if Fullscreen:
            raise _fail(DXGI_ERROR_NOT_CURRENTLY_AVAILABLE, "the headless output cannot be taken full screen",
                        "SetFullscreenState")

    def GetContainingOutput(self) -> Any:  # noqa: N802
        return self._parent.EnumAdapters(0).EnumOutputs(0)

    # -- misc IDXGISwapChain1 ----------------------------------------------------------------------
    def GetDevice(self, riid: Any) -> Any:  # noqa: N802
        return self._device.QueryInterface(riid)

    def IsTemporaryMonoSupported(self) -> bool:  # noqa: N802
        return False

    def GetRestrictToOutput(self) -> Any:  # noqa: N802
        return None

    def SetBackgroundColor(self, pColor: Any) -> None:  # noqa: N802,N803
        self._background = tuple(float(F(pColor, k, 0.0)) for k in ("r", "g", "b", "a"))

    def GetBackgroundColor(self) -> Any:  # noqa: N802
        from pyd3d11.headers.dxgi_types import D3DCOLORVALUE

        return D3DCOLORVALUE(*self._background)

    def SetRotation(self, Rotation: int) -> None:  # noqa: N802,N803
        if int(Rotation) != _ROTATION_IDENTITY:
            raise NotSupportedError("IDXGISwapChain1.SetRotation (rotated outputs)", "SetRotation")

    def GetRotation(self) -> int:  # noqa: N802
        return _ROTATION_IDENTITY


IDXGISwapChain = IDXGISwapChain1


# ------------------------------------------------------------------------------------------------
# Creation entry points (called by IDXGIFactory2 and D3D11CreateDeviceAndSwapChain)
# ------------------------------------------------------------------------------------------------


def create_swap_chain(factory: Any, pDevice: Any, pDesc: Any) -> IDXGISwapChain1:  # noqa: N803
    """IDXGIFactory::CreateSwapChain(pDevice, DXGI_SWAP_CHAIN_DESC)."""
    m = "CreateSwapChain"
    device = _d3d11_device(pDevice, m)
    if pDesc is None:
        raise _fail(DXGI_ERROR_INVALID_CALL, "pDesc is NULL", m)
    bd, sd = F(pDesc, "BufferDesc", None), F(pDesc, "SampleDesc", None)
    cfg = _Config()
    cfg.format = int(F(bd, "Format", 0))
    rr = F(bd, "RefreshRate", None)
    cfg.refresh = (int(F(rr, "Numerator", 0)), int(F(rr, "Denominator", 0)))
    cfg.scanline, cfg.mode_scaling = int(F(bd, "ScanlineOrdering", 0)), int(F(bd, "Scaling", 0))
    cfg.samples, cfg.quality = int(F(sd, "Count", 0)), int(F(sd, "Quality", 0))
    cfg.usage, cfg.count = int(F(pDesc, "BufferUsage", 0)), int(F(pDesc, "BufferCount", 0))
    cfg.effect, cfg.flags = int(F(pDesc, "SwapEffect", 0)), int(F(pDesc, "Flags", 0))
    cfg.window = F(pDesc, "OutputWindow", None)
    cfg.windowed_requested = bool(F(pDesc, "Windowed", 1))
    _validate(cfg, m)
    cfg.width, cfg.height = _size_from_window(int(F(bd, "Width", 0)), int(F(bd, "Height", 0)), cfg.window)
    return IDXGISwapChain1(factory, device, cfg)


def create_swap_chain1(factory: Any, pDevice: Any, hWnd: Any, pDesc: Any, pFullscreenDesc: Any,  # noqa: N803
                       composition: bool = False) -> IDXGISwapChain1:
    """IDXGIFactory2::CreateSwapChainForHwnd / ForComposition (DXGI_SWAP_CHAIN_DESC1)."""
    m = "CreateSwapChainForComposition" if composition else "CreateSwapChainForHwnd"
    device = _d3d11_device(pDevice, m)
    if pDesc is None:
        raise _fail(DXGI_ERROR_INVALID_CALL, "pDesc is NULL", m)
    sd = F(pDesc, "SampleDesc", None)
    cfg = _Config()
    cfg.format, cfg.stereo = int(F(pDesc, "Format", 0)), int(F(pDesc, "Stereo", 0))
    cfg.samples, cfg.quality = int(F(sd, "Count", 0)), int(F(sd, "Quality", 0))
    cfg.usage, cfg.count = int(F(pDesc, "BufferUsage", 0)), int(F(pDesc, "BufferCount", 0))
    cfg.effect, cfg.flags = int(F(pDesc, "SwapEffect", 0)), int(F(pDesc, "Flags", 0))
    cfg.scaling, cfg.alpha_mode = int(F(pDesc, "Scaling", 0)), int(F(pDesc, "AlphaMode", 0))
    cfg.window = hWnd
    if pFullscreenDesc is not None:
        rr = F(pFullscreenDesc, "RefreshRate", None)
        cfg.refresh = (int(F(rr, "Numerator", 0)), int(F(rr, "Denominator", 0)))
        cfg.scanline = int(F(pFullscreenDesc, "ScanlineOrdering", 0))
        cfg.mode_scaling = int(F(pFullscreenDesc, "Scaling", 0))
        cfg.windowed_requested = bool(F(pFullscreenDesc, "Windowed", 1))
    if composition:
        # Composition chains: flip model, STRETCH scaling and an explicit size (CreateSwapChainForComposition).
        if cfg.effect not in _FLIP_EFFECTS or cfg.scaling != _SCALING_STRETCH:
            raise _fail(DXGI_ERROR_INVALID_CALL, "composition swap chains need a flip model and DXGI_SCALING_STRETCH",
                        m)
        if not int(F(pDesc, "Width", 0)) or not int(F(pDesc, "Height", 0)):
            raise _fail(DXGI_ERROR_INVALID_CALL, "composition swap chains need a nonzero Width and Height", m)
    _validate(cfg, m)
    cfg.width, cfg.height = _size_from_window(int(F(pDesc, "Width", 0)), int(F(pDesc, "Height", 0)), hWnd)
    return IDXGISwapChain1(factory, device, cfg, composition=composition)


def create_swap_chain_for_device(device: Any, pDesc: Any) -> IDXGISwapChain1:  # noqa: N803
    """D3D11CreateDeviceAndSwapChain's swap chain: made by the factory of the device's adapter."""
    from .dxgi_factory import adapter_of

    return create_swap_chain(adapter_of(device)._parent, device, pDesc)


__all__ = ["IDXGISwapChain", "IDXGISwapChain1", "MemorySink", "PngSink", "VideoSink", "back_buffer_image", "image_to_rgba8",
           "create_swap_chain", "create_swap_chain1", "create_swap_chain_for_device"]
