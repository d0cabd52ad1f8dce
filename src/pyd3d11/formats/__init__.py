"""DXGI formats: the declarative table, the spec's conversion numerics and vectorised codecs.

* :mod:`.table`    one row per DXGI_FORMAT (layout, kind, typeless family) and lookups
* :mod:`.support`  CheckFormatSupport / CheckFormatSupport2 / multisample answers per feature level
* :mod:`.numerics` D3D11.3 §3.2 conversions (float16/11/10, UNORM/SNORM/SRGB, RGB9E5, integers)
* :mod:`.codecs`   decode/encode of elements and regions, depth/stencil plane access
* ``bc``           BC1–BC7 decode (separate module, imported lazily by the codecs)
"""

from pyd3d11.formats.codecs import (
    decode,
    decode_depth,
    decode_dtype,
    decode_region,
    decode_stencil,
    encode,
    encode_depth,
    encode_region,
    encode_stencil,
    missing_defaults_for,
    number_class,
)
from pyd3d11.formats.support import (
    format_support,
    is_format_supported,
    max_multisample_count,
    multisample_quality_levels,
    supported_sample_counts,
)
from pyd3d11.formats.table import (
    FORMATS,
    Channel,
    FormatInfo,
    FormatKind,
    bits_per_pixel,
    bytes_per_element,
    depth_srv_formats,
    family_members,
    format_info,
    format_name,
    format_value,
    has_stencil,
    is_compressed,
    is_depth_stencil,
    is_srgb,
    is_typeless,
    is_video,
    linear_to_srgb_format,
    same_family,
    srgb_to_linear_format,
    typeless_group,
)

__all__ = [
    "FORMATS", "Channel", "FormatInfo", "FormatKind", "bits_per_pixel", "bytes_per_element", "decode",
    "decode_depth", "decode_dtype", "decode_region", "decode_stencil", "depth_srv_formats", "encode",
    "encode_depth", "encode_region", "encode_stencil", "family_members", "format_info", "format_name",
    "format_support", "format_value", "has_stencil", "is_compressed", "is_depth_stencil", "is_format_supported",
    "is_srgb", "is_typeless", "is_video", "linear_to_srgb_format", "max_multisample_count",
    "missing_defaults_for", "multisample_quality_levels", "number_class", "same_family",
    "srgb_to_linear_format", "supported_sample_counts", "typeless_group",
]
