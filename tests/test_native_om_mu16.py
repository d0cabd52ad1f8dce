"""The native merger's colour-format layouts (pipeline/native/om_gen.rt_layout; seed-16 mutation round, issue 19).

rt_layout(format) is the native merger's encoding of a render-target format: bytes per pixel, word size and
per channel (component, word, shift, bits, kind), plus the blend-input clamp; None for a format it does not
encode. The expected layouts below are written from the DXGI format definitions (MicrosoftDocs "DXGI_FORMAT":
components are named from the least significant bits up; UNORM / SNORM / UNORM_SRGB / FLOAT / UINT / SINT;
D3D11.3 §17 blending: the source and blend factor are clamped to the target format's range, [0, 1] on UNORM
and sRGB targets, [-1, 1] on SNORM ones, not at all on float targets). A TYPELESS format has no numeric
interpretation (§19.1 formats: a typeless resource is given a type by its views), so it has no encoding:
rt_layout answers None for it. (Through the API a render-target view always has a typed format — typeless
RTVs are refused at creation — and uav_gen filters typeless formats out before asking, so this pins the
function's contract; the seed-16 mutant #62, which accepted every 8-bit channel whatever its kind, gave
R8G8B8A8_TYPELESS and its relatives a layout of untyped channels.)
"""

from __future__ import annotations

import pytest

from pyd3d11.pipeline.native.om_gen import rt_layout

pytestmark = pytest.mark.backend_independent

TYPELESS = {"R32G32B32A32_TYPELESS": 1, "R16G16B16A16_TYPELESS": 9, "R32G32_TYPELESS": 15,
            "R32G8X24_TYPELESS": 19, "R10G10B10A2_TYPELESS": 23, "R8G8B8A8_TYPELESS": 27, "R16G16_TYPELESS": 33,
            "R32_TYPELESS": 39, "R24G8_TYPELESS": 44, "R8G8_TYPELESS": 48, "R16_TYPELESS": 53, "R8_TYPELESS": 60,
            "B8G8R8A8_TYPELESS": 90, "B8G8R8X8_TYPELESS": 92}

UNIT, SIGNED = (0.0, 1.0), (-1.0, 1.0)
#: name: (format, bytes per pixel, word size, ((component, word, shift, bits, kind), ...), clamp)
LAYOUTS = {
    "R32G32B32A32_FLOAT": (2, 16, 4, tuple((c, c, 0, 32, "float") for c in range(4)), None),
    "R16G16B16A16_FLOAT": (10, 8, 4, ((0, 0, 0, 16, "float"), (1, 0, 16, 16, "float"), (2, 1, 0, 16, "float"),
                                      (3, 1, 16, 16, "float")), None),
    "R10G10B10A2_UNORM": (24, 4, 4, ((0, 0, 0, 10, "unorm"), (1, 0, 10, 10, "unorm"), (2, 0, 20, 10, "unorm"),
                                     (3, 0, 30, 2, "unorm")), UNIT),
    "R11G11B10_FLOAT": (26, 4, 4, ((0, 0, 0, 11, "float"), (1, 0, 11, 11, "float"), (2, 0, 22, 10, "float")), None),
    "R8G8B8A8_UNORM": (28, 4, 4, tuple((c, 0, 8 * c, 8, "unorm") for c in range(4)), UNIT),
    # sRGB applies to the colour channels; alpha stays linear UNORM
    "R8G8B8A8_UNORM_SRGB": (29, 4, 4, (*((c, 0, 8 * c, 8, "srgb") for c in range(3)), (3, 0, 24, 8, "unorm")), UNIT),
    "R8G8B8A8_UINT": (30, 4, 4, tuple((c, 0, 8 * c, 8, "uint") for c in range(4)), None),
    "R8G8B8A8_SNORM": (31, 4, 4, tuple((c, 0, 8 * c, 8, "snorm") for c in range(4)), SIGNED),
    "R8G8B8A8_SINT": (32, 4, 4, tuple((c, 0, 8 * c, 8, "sint") for c in range(4)), None),
    "R32_FLOAT": (41, 4, 4, ((0, 0, 0, 32, "float"),), None),
    "R8_UNORM": (61, 1, 1, ((0, 0, 0, 8, "unorm"),), UNIT),
    "A8_UNORM": (65, 1, 1, ((3, 0, 0, 8, "unorm"),), UNIT),
    "B5G6R5_UNORM": (85, 2, 2, ((2, 0, 0, 5, "unorm"), (1, 0, 5, 6, "unorm"), (0, 0, 11, 5, "unorm")), UNIT),
    "B8G8R8A8_UNORM": (87, 4, 4, ((2, 0, 0, 8, "unorm"), (1, 0, 8, 8, "unorm"), (0, 0, 16, 8, "unorm"),
                                  (3, 0, 24, 8, "unorm")), UNIT),
    "B8G8R8A8_UNORM_SRGB": (91, 4, 4, ((2, 0, 0, 8, "srgb"), (1, 0, 8, 8, "srgb"), (0, 0, 16, 8, "srgb"),
                                       (3, 0, 24, 8, "unorm")), UNIT),
}


@pytest.mark.parametrize("fmt", list(TYPELESS.values()), ids=list(TYPELESS))
def test_typeless_formats_have_no_encoding(fmt):
    assert rt_layout(fmt) is None


@pytest.mark.parametrize("name", list(LAYOUTS))
def test_render_target_layouts_follow_the_format_definition(name):
    fmt, bpe, ws, chans, clamp = LAYOUTS[name]
    got = rt_layout(fmt)
    assert got is not None
    g_bpe, g_ws, g_chans, g_clamp = got
    assert (g_bpe, g_ws, g_clamp) == (bpe, ws, clamp)
    named = tuple((c.component, c.word, c.shift, c.bits, c.kind) for c in g_chans if c.component is not None)
    assert named == chans
