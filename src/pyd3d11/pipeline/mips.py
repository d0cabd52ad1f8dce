"""ID3D11DeviceContext::GenerateMips filtering (D3D11.3 §5 / API docs): fill mips first_mip+1 .. of an
SRV's range from the mip above with a 2x2 (x2 for 3D) box filter in linear space.

Texels are decoded to float (sRGB formats decode to linear, so averaging happens in linear space) and
re-encoded with the format's conversion rules. Odd source sizes use the clamped 2x2 footprint
(texels 2i and 2i+1, the last column/row/slice repeated when the source is 1 texel wide), which is the
usual box filter; the exact kernel for non-power-of-two sizes is implementation-defined.
"""

from __future__ import annotations

import numpy as np

from pyd3d11.errors import NotSupportedError
from pyd3d11.formats import codecs
from pyd3d11.formats.table import format_info
from pyd3d11.storage import ViewDescriptor

from .texture_cache import DIM_INFO


def _box_axis(a: np.ndarray, axis: int, n_out: int) -> np.ndarray:
    """Average pairs 2i, 2i+1 (clamped) along ``axis`` down to ``n_out`` entries."""
    n = a.shape[axis]
    i0 = np.minimum(2 * np.arange(n_out), n - 1)
    i1 = np.minimum(2 * np.arange(n_out) + 1, n - 1)
    return (np.take(a, i0, axis=axis) + np.take(a, i1, axis=axis)) * 0.5


def generate_mips(view: ViewDescriptor) -> None:
    """Regenerate mips ``first_mip+1 .. first_mip+mip_count-1`` of the view's slices from the view's top
    mip (writes the storage bytes and bumps its version)."""
    st = view.storage
    fmt = view.format
    info = format_info(fmt)
    if info.compressed:
        raise NotSupportedError(f"GenerateMips on block-compressed format {info}")
    if view.dimension not in DIM_INFO:
        raise NotSupportedError(f"GenerateMips on SRV dimension {view.dimension}")
    kind, _, arrayed = DIM_INFO[view.dimension]
    last = min(view.first_mip + view.mip_count, st.mip_levels)
    if kind == "3d":
        slices = [0]
    else:
        count = 6 if (kind == "cube" and not arrayed) else (view.slice_count if arrayed else 1)
        slices = range(view.first_slice, min(view.first_slice + count, st.array_size))
    integer = codecs.decode_dtype(fmt) != np.float32
    for s in slices:
        for m in range(view.first_mip + 1, last):
            src_sub = st.subresource_index(m - 1, s)
            dst_sub = st.subresource_index(m, s)
            S = st.layout(src_sub)
            D = st.layout(dst_sub)
            raw = st.data[S.offset:S.offset + S.depth_pitch * S.depth]
            tex = codecs.decode_region(fmt, raw, S.width, S.height, S.depth, S.row_pitch, S.depth_pitch)
            acc = tex.astype(np.float64)
            acc = _box_axis(acc, 2, D.width)
            acc = _box_axis(acc, 1, D.height)
            acc = _box_axis(acc, 0, D.depth)
            if integer:
                out = np.floor(acc).astype(tex.dtype)
            else:
                out = acc.astype(np.float32)
            enc = codecs.encode_region(fmt, out)
            st.data[D.offset:D.offset + enc.size] = enc
    st.touch()
