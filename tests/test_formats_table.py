"""Format table rows, lookups and per-feature-level support answers."""

from __future__ import annotations

import pytest

from pyd3d11.errors import InvalidArgError
from pyd3d11.formats import support as S
from pyd3d11.formats import table as T

FL9_1, FL9_3, FL10_0, FL10_1, FL11_0, FL11_1 = 0x9100, 0x9300, 0xA000, 0xA100, 0xB000, 0xB100


def v(name: str) -> int:
    return T.format_value(name)


def test_every_defined_value_has_a_row():
    expected = set(range(0, 116)) | {130, 131, 132, 189, 190, 191}
    assert set(T.FORMATS) == expected
    for bad in (116, 129, 133, 188, 192, -1, "x"):
        with pytest.raises(InvalidArgError):
            T.format_info(bad)


@pytest.mark.parametrize("name,value", [
    ("R32G32B32A32_TYPELESS", 1), ("R11G11B10_FLOAT", 26), ("R8G8B8A8_UNORM_SRGB", 29), ("D24_UNORM_S8_UINT", 45),
    ("R1_UNORM", 66), ("BC1_UNORM", 71), ("B8G8R8A8_UNORM", 87), ("R10G10B10_XR_BIAS_A2_UNORM", 89),
    ("BC7_UNORM_SRGB", 99), ("NV12", 103), ("B4G4R4A4_UNORM", 115), ("V408", 132), ("A4B4G4R4_UNORM", 191),
])
def test_names_and_values(name, value):
    assert T.format_value(name) == value
    assert T.format_value("DXGI_FORMAT_" + name) == value
    assert T.format_name(value) == name


@pytest.mark.parametrize("name,group", [
    ("R8G8B8A8_UNORM_SRGB", "R8G8B8A8_TYPELESS"), ("D24_UNORM_S8_UINT", "R24G8_TYPELESS"),
    ("X24_TYPELESS_G8_UINT", "R24G8_TYPELESS"), ("BC1_UNORM", "BC1_TYPELESS"), ("D32_FLOAT", "R32_TYPELESS"),
    ("D16_UNORM", "R16_TYPELESS"), ("D32_FLOAT_S8X24_UINT", "R32G8X24_TYPELESS"),
    ("B8G8R8A8_UNORM_SRGB", "B8G8R8A8_TYPELESS"), ("B8G8R8X8_UNORM", "B8G8R8X8_TYPELESS"),
    ("R10G10B10_XR_BIAS_A2_UNORM", "R10G10B10A2_TYPELESS"), ("BC6H_SF16", "BC6H_TYPELESS"),
    ("R11G11B10_FLOAT", "R11G11B10_FLOAT"), ("A8_UNORM", "A8_UNORM"),
])
def test_typeless_groups(name, group):
    assert T.typeless_group(v(name)) == v(group)


def test_sizes_and_blocks():
    assert T.bytes_per_element(v("R32G32B32_FLOAT")) == 12
    assert T.bytes_per_element(v("BC1_UNORM")) == 8 and T.bytes_per_element(v("BC3_UNORM")) == 16
    info = T.format_info(v("BC4_SNORM"))
    assert (info.block_width, info.block_height, info.block_size, info.bits_per_pixel) == (4, 4, 4, 4)
    info = T.format_info(v("R8G8_B8G8_UNORM"))
    assert (info.block_width, info.bytes_per_block, info.bits_per_pixel, info.row_pitch(5)) == (2, 4, 16, 12)
    info = T.format_info(v("R1_UNORM"))
    assert (info.bits_per_pixel, info.row_pitch(9)) == (1, 2)
    assert T.format_info(v("BC2_UNORM")).row_pitch(5) == 32 and T.format_info(v("BC2_UNORM")).rows(5) == 2
    assert T.format_info(v("YUY2")).block_width == 2


def test_channel_layouts_and_kinds():
    d24 = T.format_info(v("D24_UNORM_S8_UINT"))
    assert [(c.name, c.bits, c.offset, c.kind) for c in d24.channels] == [
        ("D", 24, 0, T.FormatKind.UNORM), ("S", 8, 24, T.FormatKind.UINT)]
    assert d24.kind == T.FormatKind.DEPTH_STENCIL and d24.is_depth_stencil and d24.has_stencil
    b565 = T.format_info(v("B5G6R5_UNORM"))
    assert [(c.name, c.offset) for c in b565.channels] == [("B", 0), ("G", 5), ("R", 11)]
    srgb = T.format_info(v("R8G8B8A8_UNORM_SRGB"))
    assert [c.kind for c in srgb.channels] == [T.FormatKind.SRGB] * 3 + [T.FormatKind.UNORM]  # alpha linear
    assert T.format_info(v("R24_UNORM_X8_TYPELESS")).kind == T.FormatKind.UNORM
    assert T.format_info(v("X32_TYPELESS_G8X24_UINT")).kind == T.FormatKind.UINT
    assert T.format_info(v("D32_FLOAT")).kind == T.FormatKind.DEPTH
    assert T.format_info(v("AYUV")).kind == T.FormatKind.VIDEO


def test_predicates_and_srgb_twins():
    assert T.is_depth_stencil(v("D16_UNORM")) and not T.is_depth_stencil(v("R16_UNORM"))
    assert T.is_compressed(v("BC5_SNORM")) and not T.is_compressed(v("R8_UNORM"))
    assert T.is_srgb(v("BC7_UNORM_SRGB")) and not T.is_srgb(v("BC7_UNORM"))
    assert T.srgb_to_linear_format(v("B8G8R8A8_UNORM_SRGB")) == v("B8G8R8A8_UNORM")
    assert T.linear_to_srgb_format(v("BC1_UNORM")) == v("BC1_UNORM_SRGB")
    assert T.linear_to_srgb_format(v("R16_UNORM")) == v("R16_UNORM")
    assert T.same_family(v("R32_FLOAT"), v("D32_FLOAT")) and not T.same_family(v("R32_FLOAT"), v("R16G16_FLOAT"))
    assert T.depth_srv_formats(v("D24_UNORM_S8_UINT")) == (v("R24_UNORM_X8_TYPELESS"), v("X24_TYPELESS_G8_UINT"))


# ------------------------------------------------------------------------------------------ support

def has(fmt, fl, bits):
    return (S.format_support(v(fmt), fl)[0] & bits) == bits


def test_support_basic_facts():
    # R8G8B8A8_UNORM: renderable, blendable, displayable everywhere (D3D11 format-support pages)
    for fl in (FL9_1, FL10_0, FL11_0):
        assert has("R8G8B8A8_UNORM", fl, S.TEXTURE2D | S.RENDER_TARGET | S.BLENDABLE | S.SHADER_SAMPLE | S.DISPLAY)
    assert has("R8G8B8A8_UNORM", FL10_0, S.SHADER_LOAD) and not has("R8G8B8A8_UNORM", FL9_1, S.SHADER_LOAD)
    # Depth formats: depth-stencil targets at every level, sampleable through typed views only from 10_0
    assert has("D24_UNORM_S8_UINT", FL9_1, S.DEPTH_STENCIL)
    assert not has("D24_UNORM_S8_UINT", FL11_0, S.SHADER_SAMPLE)
    assert has("R24_UNORM_X8_TYPELESS", FL10_0, S.SHADER_SAMPLE | S.SHADER_SAMPLE_COMPARISON)
    # BC6H/BC7 arrive with 11_0
    assert S.format_support(v("BC7_UNORM"), FL10_1) == (0, 0)
    assert has("BC7_UNORM", FL11_0, S.TEXTURE2D | S.SHADER_SAMPLE)
    assert not S.is_format_supported(v("BC6H_UF16"), FL10_0) and S.is_format_supported(v("BC6H_UF16"), FL11_0)
    # Index buffers: R16_UINT / R32_UINT only
    assert has("R16_UINT", FL9_1, S.IA_INDEX_BUFFER) and has("R32_UINT", FL10_0, S.IA_INDEX_BUFFER)
    assert not has("R16_SINT", FL11_0, S.IA_INDEX_BUFFER)
    # Typed UAVs and atomics are 11_0 features
    s1, s2 = S.format_support(v("R32_UINT"), FL11_0)
    assert s1 & S.TYPED_UNORDERED_ACCESS_VIEW
    assert s2 & (S.UAV_ATOMIC_ADD | S.UAV_TYPED_LOAD | S.UAV_TYPED_STORE) == 0xC1
    assert S.format_support(v("R32_UINT"), FL10_0)[1] & S.UAV_ATOMIC_ADD == 0
    assert not has("R32_UINT", FL10_0, S.TYPED_UNORDERED_ACCESS_VIEW)
    # No video engine: never reported
    assert not has("R8G8B8A8_UNORM", FL11_0, S.VIDEO_PROCESSOR_OUTPUT)
    assert S.format_support(v("NV12"), FL11_1) == (0, 0) or not has("NV12", FL11_1, S.DECODER_OUTPUT)
    # D3D12-era additions report nothing
    assert S.format_support(v("A4B4G4R4_UNORM"), FL11_1) == (0, 0)


def test_support_rejects_bad_arguments():
    with pytest.raises(InvalidArgError):
        S.format_support(v("R8_UNORM"), 0xC000)
    with pytest.raises(InvalidArgError):
        S.format_support(400, FL11_0)


def test_multisample_counts():
    assert S.supported_sample_counts(v("R8G8B8A8_UNORM"), FL11_0) == (1, 2, 4, 8)
    assert S.multisample_quality_levels(v("R8G8B8A8_UNORM"), 4, FL11_0) == 1
    assert S.multisample_quality_levels(v("R8G8B8A8_UNORM"), 16, FL11_0) == 0
    assert S.multisample_quality_levels(v("R8G8B8A8_UNORM"), 3, FL11_0) == 0
    assert S.multisample_quality_levels(v("D24_UNORM_S8_UINT"), 8, FL11_0) == 1
    assert S.supported_sample_counts(v("R8G8B8A8_UNORM"), FL9_1) == (1,)  # MSAA offered from 10_1
    assert S.max_multisample_count(v("BC1_UNORM"), FL11_0) == 0  # not renderable
    assert S.multisample_quality_levels(v("R32G32B32A32_FLOAT"), 4, FL11_0) == 1
    assert has("R8G8B8A8_UNORM", FL11_0, S.MULTISAMPLE_RENDERTARGET | S.MULTISAMPLE_RESOLVE | S.MULTISAMPLE_LOAD)
    assert not has("R8G8B8A8_UINT", FL11_0, S.MULTISAMPLE_RESOLVE)  # integer formats cannot be resolved
