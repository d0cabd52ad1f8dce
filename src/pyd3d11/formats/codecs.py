"""Vectorised element codecs for every non-video DXGI format (D3D11.3 §19.1, conversions per §3.2).

``decode(fmt, data)``: ``data`` is uint8 with last axis = bytes per element (any leading shape). Result:
``(..., 4)`` float32 for UNORM/SNORM/SRGB/FLOAT/SHAREDEXP/XR_BIAS and depth formats, uint32 for UINT,
int32 for SINT, with missing components defaulted (§19.1.3.3). Formats whose element holds several
texels insert a texel axis before the component axis: R8G8_B8G8/G8R8_G8B8 give ``(..., 2, 4)``,
R1_UNORM gives ``(..., 8, 4)`` (texel 0 = most significant bit of the byte, as DirectXTex reads it).
Block-compressed formats take blocks shaped ``(..., rows, cols, 8|16)`` and return texels
``(..., 4*rows, 4*cols, 4)`` through ``pyd3d11.formats.bc.decode_bc``.

Depth/stencil formats decode with depth (float) in R and the stencil value, converted to float, in G
(D24_UNORM_S8_UINT, D32_FLOAT_S8X24_UINT); typed SRV formats decode like shaders see them
(R24_UNORM_X8_TYPELESS: depth in R; X24_TYPELESS_G8_UINT: stencil as uint in G). The output merger uses
``decode_depth``/``decode_stencil``/``encode_depth``/``encode_stencil``, which touch one plane only.

``encode`` is the inverse (clamping and rounding per §3.2); unused X bits are written as zero. For every
format ``encode(fmt, decode(fmt, raw))`` reproduces ``raw`` in its defined bits, except SNORM's extra -1
code, NaN payloads beyond the target's mantissa, and non-canonical R9G9B9E5 codes (§19.1.2.1).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from pyd3d11.errors import E_INVALIDARG, InvalidArgError, NotSupportedError
from pyd3d11.formats import numerics as nx
from pyd3d11.formats.numerics import NumberClass
from pyd3d11.formats.table import Channel, FormatInfo, FormatKind, format_info

__all__ = [
    "decode", "encode", "decode_region", "encode_region", "decode_depth", "decode_stencil", "encode_depth",
    "encode_stencil", "number_class", "decode_dtype", "missing_defaults_for",
]

_SUBSAMPLED = (68, 69)  # R8G8_B8G8_UNORM, G8R8_G8B8_UNORM
_R1 = 66
_RGB9E5 = 67


# --------------------------------------------------------------------------------------------------
# Classification

def _check_codec(info: FormatInfo) -> None:
    if info.kind == FormatKind.VIDEO:
        raise NotSupportedError(f"format codec for {info} (video/opaque formats are not decoded)")
    if info.kind == FormatKind.UNKNOWN:
        raise InvalidArgError(E_INVALIDARG, "DXGI_FORMAT_UNKNOWN has no codec")
    if info.kind == FormatKind.TYPELESS:
        raise InvalidArgError(E_INVALIDARG, f"{info} is typeless; decode through a typed format of its family")


def number_class(fmt: int) -> NumberClass:
    """How shaders see the format: the first typed present component decides (§19.1.3.3)."""
    info = format_info(fmt)
    for ch in info.channels:
        if ch.component is None or ch.kind == FormatKind.TYPELESS:
            continue
        if info.kind in (FormatKind.DEPTH, FormatKind.DEPTH_STENCIL):
            return NumberClass.FLOAT
        if ch.kind == FormatKind.UINT:
            return NumberClass.UINT
        if ch.kind == FormatKind.SINT:
            return NumberClass.SINT
        return NumberClass.FLOAT
    return NumberClass.FLOAT


_DTYPES = {NumberClass.FLOAT: np.float32, NumberClass.UINT: np.uint32, NumberClass.SINT: np.int32}


def decode_dtype(fmt: int) -> np.dtype:
    return np.dtype(_DTYPES[number_class(fmt)])


def missing_defaults_for(fmt: int) -> np.ndarray:
    """(0, 0, 0, 1) typed as the format's shader type (§19.1.3.3)."""
    return nx.missing_defaults(number_class(fmt))


# --------------------------------------------------------------------------------------------------
# Channel conversions

@cache
def _small_float_lut(bits: int) -> np.ndarray:
    conv = {16: nx.f16_to_f32, 11: nx.f11_to_f32, 10: nx.f10_to_f32}[bits]
    return conv(np.arange(1 << bits, dtype=np.uint32))


@cache
def _snorm_lut(bits: int) -> np.ndarray:
    return nx.snorm_to_float(np.arange(1 << bits, dtype=np.uint32), bits)


def _decode_channel(ch: Channel, raw: np.ndarray, out_class: NumberClass) -> np.ndarray:
    k, n = ch.kind, ch.bits
    if k == FormatKind.UNORM:
        return nx.unorm_to_float(raw, n)
    if k == FormatKind.SNORM:
        return _snorm_lut(n)[raw] if n <= 8 else nx.snorm_to_float(raw, n)
    if k == FormatKind.SRGB:
        return nx.srgb_to_float(raw, n)
    if k == FormatKind.FLOAT:
        if n == 32:
            return raw.astype(np.uint32).view(np.float32)
        return _small_float_lut(n)[raw]
    if k == FormatKind.XR_BIAS:
        return nx.xr_bias_to_float(raw)
    if k == FormatKind.UINT:
        v = raw.astype(np.uint32)
        return v.astype(np.float32) if out_class == NumberClass.FLOAT else v
    if k == FormatKind.SINT:
        v = nx.sign_extend(raw, n)
        return v.astype(np.float32) if out_class == NumberClass.FLOAT else v
    raise NotSupportedError(f"channel kind {k.name}")


def _encode_channel(ch: Channel, v: np.ndarray) -> np.ndarray:
    """Values of one component -> uint32 codes of ``ch.bits`` bits."""
    k, n = ch.kind, ch.bits
    mask = np.uint32((1 << n) - 1) if n < 32 else np.uint32(0xFFFFFFFF)
    if k == FormatKind.UNORM:
        return nx.float_to_unorm(v, n)
    if k == FormatKind.SNORM:
        return nx.float_to_snorm(v, n)
    if k == FormatKind.SRGB:
        return nx.float_to_srgb(v, n)
    if k == FormatKind.FLOAT:
        if n == 32:
            return np.ascontiguousarray(np.asarray(v, dtype=np.float32)).view(np.uint32)
        return {16: nx.f32_to_f16, 11: nx.f32_to_f11, 10: nx.f32_to_f10}[n](v).astype(np.uint32)
    if k == FormatKind.XR_BIAS:
        return nx.float_to_xr_bias(v)
    if k in (FormatKind.UINT, FormatKind.SINT):
        signed = k == FormatKind.SINT
        a = np.asarray(v)
        if a.dtype.kind == "f":
            conv = nx.float_to_sint if signed else nx.float_to_uint
            iv = conv(a, n, "rne").astype(np.int64)
        else:
            iv = nx.convert_int(a, n, signed)
        return (iv & int(mask)).astype(np.uint32)
    raise NotSupportedError(f"channel kind {k.name}")


# --------------------------------------------------------------------------------------------------
# Element access

def _as_elements(info: FormatInfo, data) -> np.ndarray:
    arr = np.asarray(data)
    if arr.dtype != np.uint8:
        raise InvalidArgError(E_INVALIDARG, f"{info}: element data must be uint8, got {arr.dtype}")
    if arr.ndim == 0 or arr.shape[-1] != info.bytes_per_block:
        raise InvalidArgError(E_INVALIDARG, f"{info}: last axis must be {info.bytes_per_block} bytes, got {arr.shape}")
    return arr


def _word_size(info: FormatInfo) -> int:
    return min(4, info.bytes_per_block)


def _words(arr: np.ndarray, ws: int) -> np.ndarray:
    return np.ascontiguousarray(arr).view(f"<u{ws}")


def _extract(arr: np.ndarray, words: np.ndarray | None, ws: int, ch: Channel) -> np.ndarray:
    if ch.bits == 8 and ch.offset % 8 == 0:
        return arr[..., ch.offset // 8]  # byte-aligned fast path
    wbits = ws * 8
    w = words[..., ch.offset // wbits]
    sh = ch.offset % wbits
    if sh:
        w = w >> w.dtype.type(sh)
    if ch.bits < wbits:
        w = w & w.dtype.type((1 << ch.bits) - 1)
    return w


def _needs_words(info: FormatInfo) -> bool:
    return any(not (c.bits == 8 and c.offset % 8 == 0) for c in info.channels if c.component is not None)


# --------------------------------------------------------------------------------------------------
# decode / encode

def decode(fmt: int, data) -> np.ndarray:
    """Decode elements; see the module docstring for shapes and types."""
    info = format_info(fmt)
    if info.compressed:
        _check_codec(info)
        return _decode_bc(info, data)
    _check_codec(info)
    arr = _as_elements(info, data)
    cls = number_class(fmt)
    if info.value in _SUBSAMPLED:
        return _decode_subsampled(info, arr)
    if info.value == _R1:
        shifts = np.arange(7, -1, -1, dtype=np.uint8)
        bits = (arr[..., 0:1] >> shifts) & np.uint8(1)
        out = np.zeros(arr.shape[:-1] + (8, 4), np.float32)
        out[..., 0] = bits
        out[..., 3] = 1.0
        return out
    out = np.empty(arr.shape[:-1] + (4,), _DTYPES[cls])
    present = {c.component for c in info.channels if c.component is not None}
    if info.value == _RGB9E5:
        present = {0, 1, 2}
    defaults = nx.missing_defaults(cls)
    for comp in range(4):
        if comp not in present:
            out[..., comp] = defaults[comp]
    ws = _word_size(info)
    words = _words(arr, ws) if _needs_words(info) else None
    if info.value == _RGB9E5:
        out[..., :3] = nx.rgb9e5_to_f32(words[..., 0])
        return out
    if _is_rgba8_unorm(info):
        # Whole-element fast path: one IEEE float32 division per byte (§3.2.3.5).
        np.divide(arr, np.float32(255), out=out, dtype=np.float32)
        return out
    for ch in info.channels:
        comp = ch.component
        if comp is None:
            continue
        raw = _extract(arr, words, ws, ch)
        if ch.kind == FormatKind.UNORM:
            np.divide(raw, np.float32((1 << ch.bits) - 1), out=out[..., comp], dtype=np.float32)
        else:
            out[..., comp] = _decode_channel(ch, raw, cls)
    return out


def _is_rgba8_unorm(info: FormatInfo) -> bool:
    return (info.bytes_per_block == 4 and len(info.channels) == 4
            and all(c.kind == FormatKind.UNORM and c.bits == 8 and c.component == i and c.offset == 8 * i
                    for i, c in enumerate(info.channels)))


def _decode_subsampled(info: FormatInfo, arr: np.ndarray) -> np.ndarray:
    # §19.4: each 2x1 element holds R (even texel), B (odd texel) and one G per texel.
    f = nx.unorm_to_float(arr, 8)
    if info.value == 68:  # bytes R, G0, B, G1
        r, g0, b, g1 = (f[..., i] for i in range(4))
    else:  # G8R8_G8B8: bytes G0, R, G1, B
        g0, r, g1, b = (f[..., i] for i in range(4))
    out = np.empty(arr.shape[:-1] + (2, 4), np.float32)
    out[..., 0] = r[..., None]
    out[..., 2] = b[..., None]
    out[..., 0, 1] = g0
    out[..., 1, 1] = g1
    out[..., 3] = 1.0
    return out


def _decode_bc(info: FormatInfo, data) -> np.ndarray:
    from pyd3d11.formats import bc  # lazy: BC tables are only built when a BC texture is decoded
    arr = np.asarray(data)
    if arr.dtype != np.uint8 or arr.ndim < 3 or arr.shape[-1] != info.bytes_per_block:
        raise InvalidArgError(E_INVALIDARG, f"{info}: blocks must be uint8 (..., rows, cols, {info.bytes_per_block})")
    return bc.decode_bc(info.value, arr)


def encode(fmt: int, values) -> np.ndarray:
    """Encode typed values ``(..., 4)`` (``(..., 2, 4)`` / ``(..., 8, 4)`` for the multi-texel formats)
    to uint8 elements ``(..., bytes_per_element)``."""
    info = format_info(fmt)
    _check_codec(info)
    if info.compressed:
        raise NotSupportedError(f"block-compressed encode for {info}")
    v = np.asarray(values)
    if v.ndim == 0 or v.shape[-1] != 4:
        raise InvalidArgError(E_INVALIDARG, f"{info}: values need a last axis of 4 components, got {v.shape}")
    if info.value in _SUBSAMPLED:
        return _encode_subsampled(info, v)
    if info.value == _R1:
        if v.ndim < 2 or v.shape[-2] != 8:
            raise InvalidArgError(E_INVALIDARG, "R1_UNORM encodes groups of 8 texels: shape (..., 8, 4)")
        bits = nx.float_to_unorm(v[..., 0], 1).astype(np.uint8)
        byte = (bits << np.arange(7, -1, -1, dtype=np.uint8)).sum(axis=-1, dtype=np.uint8)
        return byte[..., None]
    lead = v.shape[:-1]
    order = _unorm8_order(info)
    if order is not None:
        # byte-per-channel UNORM formats (RGBA8, BGRA8, R8, RG8, A8, ...): one vectorised pass straight to
        # bytes; identical codes to the per-channel path (§3.2.3.6)
        if order == (0, 1, 2, 3):
            return nx.float_to_unorm(v, 8, np.uint8)
        return nx.float_to_unorm(v[..., list(order)], 8, np.uint8)
    ws = _word_size(info)
    wt = np.dtype(f"<u{ws}")
    words = np.zeros(lead + (info.bytes_per_block // ws,), wt)
    if info.value == _RGB9E5:
        words[..., 0] = nx.f32_to_rgb9e5(v[..., :3])
    else:
        for ch in info.channels:
            if ch.component is None:
                continue
            code = _encode_channel(ch, v[..., ch.component])
            wbits = ws * 8
            words[..., ch.offset // wbits] |= (code.astype(np.uint32) << np.uint32(ch.offset % wbits)).astype(wt)
    return words.view(np.uint8).reshape(lead + (info.bytes_per_block,))


@cache
def _unorm8_order_of(fmt: int) -> tuple[int, ...] | None:
    info = format_info(fmt)
    chans = sorted((c for c in info.channels), key=lambda c: c.offset)
    if info.block_width != 1 or len(chans) != info.bytes_per_block:
        return None
    for i, c in enumerate(chans):
        if c.component is None or c.kind != FormatKind.UNORM or c.bits != 8 or c.offset != 8 * i:
            return None
    return tuple(c.component for c in chans)


def _unorm8_order(info: FormatInfo) -> tuple[int, ...] | None:
    """Component per byte when every byte of the element is one 8-bit UNORM channel, else None."""
    return _unorm8_order_of(info.value)


def _encode_subsampled(info: FormatInfo, v: np.ndarray) -> np.ndarray:
    if v.ndim < 2 or v.shape[-2] != 2:
        raise InvalidArgError(E_INVALIDARG, f"{info} encodes texel pairs: shape (..., 2, 4)")
    r = nx.float_to_unorm(v[..., 0, 0], 8)
    b = nx.float_to_unorm(v[..., 1, 2], 8)
    g0 = nx.float_to_unorm(v[..., 0, 1], 8)
    g1 = nx.float_to_unorm(v[..., 1, 1], 8)
    order = (r, g0, b, g1) if info.value == 68 else (g0, r, g1, b)
    return np.stack(order, axis=-1).astype(np.uint8)


# --------------------------------------------------------------------------------------------------
# Regions (subresources)

def _region_view(info: FormatInfo, raw, width: int, height: int, depth: int, row_pitch: int | None,
                 depth_pitch: int | None) -> np.ndarray:
    buf = np.frombuffer(raw, dtype=np.uint8) if not isinstance(raw, np.ndarray) else raw.reshape(-1).view(np.uint8)
    nbx = -(-width // info.block_width)
    nby = -(-height // info.block_height)
    bpb = info.bytes_per_block
    rp = nbx * bpb if row_pitch is None else row_pitch
    dp = rp * nby if depth_pitch is None else depth_pitch
    if rp < nbx * bpb or (nby > 1 and dp < rp * nby and depth > 1):
        raise InvalidArgError(E_INVALIDARG, f"{info}: pitches too small for {width}x{height}")
    need = (depth - 1) * dp + (nby - 1) * rp + nbx * bpb if width and height and depth else 0
    if buf.size < need:
        raise InvalidArgError(E_INVALIDARG, f"{info}: {buf.size} bytes given, {need} needed for {width}x{height}x{depth}")
    return np.lib.stride_tricks.as_strided(buf, shape=(depth, nby, nbx, bpb),
                                           strides=(dp, rp, bpb, 1), writeable=False)


def decode_region(fmt: int, raw_bytes, width: int, height: int, depth: int = 1, row_pitch: int | None = None,
                  depth_pitch: int | None = None) -> np.ndarray:
    """Decode a (sub)resource region to ``(depth, height, width, 4)`` texels (BC via the bc module,
    2x1 sub-sampled and R1_UNORM unpacked; pitches in bytes of rows of elements/blocks)."""
    info = format_info(fmt)
    _check_codec(info)
    blocks = _region_view(info, raw_bytes, width, height, depth, row_pitch, depth_pitch)
    if info.compressed:
        return _decode_bc(info, blocks)[:, :height, :width]
    out = decode(fmt, blocks)
    if info.block_width > 1:
        d, h, nbx, per, c = out.shape
        out = out.reshape(d, h, nbx * per, c)
    return out[:, :height, :width]


def encode_region(fmt: int, texels) -> np.ndarray:
    """Encode ``(depth, height, width, 4)`` typed texels to tightly packed bytes (flat uint8 array).

    Widths that do not fill the last 2x1 / 8x1 element are padded with zeros."""
    info = format_info(fmt)
    _check_codec(info)
    if info.compressed:
        raise NotSupportedError(f"block-compressed encode for {info}")
    t = np.asarray(texels)
    if t.ndim != 4 or t.shape[-1] != 4:
        raise InvalidArgError(E_INVALIDARG, f"texels must be (depth, height, width, 4), got {t.shape}")
    d, h, w, _ = t.shape
    bw = info.block_width
    if bw > 1:
        nbx = -(-w // bw)
        if nbx * bw != w:
            pad = np.zeros((d, h, nbx * bw - w, 4), t.dtype)
            t = np.concatenate([t, pad], axis=2)
        t = t.reshape(d, h, nbx, bw, 4)
    return encode(fmt, t).reshape(-1)


# --------------------------------------------------------------------------------------------------
# Depth / stencil planes (output merger, clears, depth SRVs)

_DEPTH_OF_FAMILY = {44: 45, 19: 20, 39: 40, 53: 55}


def _depth_format(fmt: int) -> FormatInfo:
    info = format_info(fmt)
    dfmt = _DEPTH_OF_FAMILY.get(info.typeless)
    if dfmt is None:
        raise InvalidArgError(E_INVALIDARG, f"{info} has no depth/stencil layout")
    return format_info(dfmt)


def decode_depth(fmt: int, data) -> np.ndarray:
    """Depth plane of depth-family elements (D24S8/R24G8 family, D32S8X24, D32, D16) as float32."""
    info = _depth_format(fmt)
    arr = _as_elements(info, data)
    ch = info.channel("D")
    words = _words(arr, _word_size(info))
    return _decode_channel(ch, _extract(arr, words, _word_size(info), ch), NumberClass.FLOAT)


def decode_stencil(fmt: int, data) -> np.ndarray:
    """Stencil plane as uint8 (zeros for formats without stencil bits)."""
    info = _depth_format(fmt)
    arr = _as_elements(info, data)
    ch = info.channel("S")
    if ch is None:
        return np.zeros(arr.shape[:-1], np.uint8)
    return arr[..., ch.offset // 8].copy()


def encode_depth(fmt: int, data, depth) -> np.ndarray:
    """New element bytes with the depth plane replaced by ``depth`` and every other bit kept.

    UNORM depth rounds to nearest (§15.x OM: +0.5, truncate); float depth stores the float32 bits."""
    info = _depth_format(fmt)
    arr = _as_elements(info, data)
    ch = info.channel("D")
    ws = _word_size(info)
    out = np.array(arr, dtype=np.uint8, copy=True, order="C")
    words = out.view(f"<u{ws}")
    code = _encode_channel(ch, np.broadcast_to(np.asarray(depth, np.float32), arr.shape[:-1]))
    wt = words.dtype.type
    keep = wt(((1 << (ws * 8)) - 1) ^ (((1 << ch.bits) - 1) << ch.offset))
    words[..., 0] = (words[..., 0] & keep) | code.astype(words.dtype)
    return out


def encode_stencil(fmt: int, data, stencil) -> np.ndarray:
    """New element bytes with the stencil plane replaced (low 8 bits of ``stencil``), depth bits kept."""
    info = _depth_format(fmt)
    arr = _as_elements(info, data)
    ch = info.channel("S")
    out = np.array(arr, dtype=np.uint8, copy=True, order="C")
    if ch is None:
        return out
    s = np.broadcast_to(np.asarray(stencil).astype(np.int64) & 0xFF, arr.shape[:-1])
    out[..., ch.offset // 8] = s.astype(np.uint8)
    return out


_ROUNDTRIP: dict[int, bool] = {}


def roundtrip_exact(fmt: int) -> bool:
    """Whether ``encode(decode(e)) == e`` for *every* element bit pattern ``e`` of ``fmt``.

    Then a consumer may keep stored codes next to their decoded values instead of re-encoding the
    values (the output merger does, §17). Decided by exhaustive enumeration where that is complete:
    formats whose channels (unused bits included) are all byte-aligned 8-bit fields, or all
    16-bit-aligned 16-bit fields, with one texel per element; every other format answers False.
    Counter-examples the enumeration finds: SNORM's two codes for -1.0 (§3.2.3.3), X bits, NaN payloads.
    """
    got = _ROUNDTRIP.get(fmt)
    if got is None:
        got = _ROUNDTRIP[fmt] = _roundtrip_exact(format_info(fmt))
    return got


def _roundtrip_exact(info: FormatInfo) -> bool:
    if info.compressed or info.block_width != 1 or info.block_height != 1 or info.bytes_per_block > 8 \
            or info.value in _SUBSAMPLED or info.value in (_R1, _RGB9E5) or not info.channels:
        return False
    bits = {c.bits for c in info.channels}
    if bits == {8} and all(c.offset % 8 == 0 for c in info.channels):
        codes = np.arange(256, dtype=np.uint8)
        elements = np.repeat(codes[:, None], info.bytes_per_block, 1)
    elif bits == {16} and all(c.offset % 16 == 0 for c in info.channels) and info.bytes_per_block % 2 == 0:
        codes = np.arange(1 << 16, dtype=np.uint16)
        words = np.repeat(codes[:, None], info.bytes_per_block // 2, 1)
        elements = np.ascontiguousarray(words.astype("<u2")).view(np.uint8)
    else:
        return False
    if sum(c.bits for c in info.channels) != 8 * info.bytes_per_block:
        return False  # bits outside every channel would not be enumerated
    try:
        with np.errstate(all="ignore"):
            back = encode(info.value, decode(info.value, elements))
    except (NotSupportedError, InvalidArgError):
        return False
    return back.shape == elements.shape and bool(np.array_equal(back, elements))
