"""The border colour as filtering sees it (D3D11.3 §7.18.9.1), and the tie rule of min/max reduction filters.

§7.18.9.1: only the components present in the format are used (the others get the format's defaults, 0 0 0 1),
and each is "taken as floating-point data and clamped into the range of the format before filtering". The ranges,
from the format definitions (§3.2 / the DXGI format docs): UNORM [0, 1], SNORM [-1, 1], float16 ±65504, the
unsigned 11-bit float (6-bit mantissa) [0, 65024] and 10-bit float (5-bit mantissa) [0, 64512], RGB9E5 [0, 65408]
(9-bit mantissa, maximum exponent 15: 511/512 * 2^16), the XR_BIAS 10-bit channels (code - 384) / 510 over codes
0..1023 = [-384/510, 639/510], UINT [0, 2^n - 1], SINT [-2^(n-1), 2^(n-1) - 1], float32 unclamped.

Min/max reduction (D3D11_FILTER_REDUCTION_TYPE_MINIMUM/MAXIMUM) leaves equal taps of different bits (±0) open; pyd3d11
fixes one rule in both backends (pipeline/sampler.reduce_pick): the earlier tap is kept on a tie.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline.sampler import REDUCE_MAXIMUM, REDUCE_MINIMUM, border_values

BIG = 1.0e9
# (DXGI format, present components, per-component (lo, hi) of the format's range)
_RANGES = [
    (28, "RGBA", [(0.0, 1.0)] * 4),  # R8G8B8A8_UNORM
    (63, "R", [(-1.0, 1.0)]),  # R8_SNORM (the spec's own example)
    (51, "RG", [(-1.0, 1.0)] * 2),  # R8G8_SNORM
    (10, "RGBA", [(-65504.0, 65504.0)] * 4),  # R16G16B16A16_FLOAT
    (26, "RGB", [(0.0, 65024.0), (0.0, 65024.0), (0.0, 64512.0)]),  # R11G11B10_FLOAT
    (67, "RGB", [(0.0, 65408.0)] * 3),  # R9G9B9E5_SHAREDEXP
    (89, "RGBA", [(-384.0 / 510.0, 639.0 / 510.0)] * 3 + [(0.0, 1.0)]),  # R10G10B10_XR_BIAS_A2_UNORM
    (62, "R", [(0.0, 255.0)]),  # R8_UINT
    (59, "R", [(-32768.0, 32767.0)]),  # R16_SINT
    (24, "RGBA", [(0.0, 1.0)] * 4),  # R10G10B10A2_UNORM
]
_DEFAULTS = (0.0, 0.0, 0.0, 1.0)


@pytest.mark.parametrize(("fmt", "present", "ranges"), _RANGES, ids=[str(r[0]) for r in _RANGES])
@pytest.mark.parametrize("side", ["above", "below", "inside"])
def test_border_colour_is_clamped_to_the_format_range(fmt, present, ranges, side):
    comps = "RGBA"
    if side == "above":
        rgba = (BIG,) * 4
    elif side == "below":
        rgba = (-BIG,) * 4
    else:
        rgba = (0.25, 0.5, 0.125, 0.75)
    got = np.asarray(border_values(rgba, fmt), np.float64)
    want = list(_DEFAULTS)
    ri = 0
    for c in range(4):
        if comps[c] in present:
            lo, hi = ranges[ri]
            ri += 1
            want[c] = float(np.clip(rgba[c], lo, hi))
            if fmt in (62, 59):  # integer formats: the value as an integer
                want[c] = float(np.trunc(want[c]))
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=0, err_msg=f"fmt {fmt} {side}")


def test_border_colour_float32_is_not_clamped_and_nan_reads_zero():
    got = np.asarray(border_values((BIG, -BIG, float("nan"), 3.0), 2), np.float64)  # R32G32B32A32_FLOAT
    assert list(got) == [BIG, -BIG, 0.0, 3.0]


@pytest.mark.parametrize(("reduction", "smaller_wins"), [(REDUCE_MINIMUM, True), (REDUCE_MAXIMUM, False)])
def test_reduction_tie_keeps_the_earlier_tap(reduction, smaller_wins):
    from pyd3d11.pipeline.sampler import reduce_pick

    acc = np.array([-0.0, 0.0, 1.0, 2.0, 5.0], np.float32)
    v = np.array([0.0, -0.0, 1.0, 3.0, 4.0], np.float32)
    got = reduce_pick(reduction, acc, v)
    # ties (the first three lanes) keep acc's bits; otherwise the smaller (min) or larger (max) value
    want = acc.copy()
    for i in (3, 4):
        want[i] = min(acc[i], v[i]) if smaller_wins else max(acc[i], v[i])
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32)), (got, want)


@pytest.mark.parametrize(("fmt", "keeps_sign"), [(28, False), (31, False), (63, False), (26, False), (67, False),
                                                 (24, False), (62, False), (59, False), (10, True), (2, True),
                                                 (41, True), (95, False), (96, True)])
def test_negative_zero_border_snaps_to_the_formats_zeros(fmt, keeps_sign):
    # §7.18.9.1: the border colour is snapped to the format's filtering precision: only signed float formats
    # (float16, float32, BC6H_SF16) have a -0; UNORM, SNORM, the unsigned small floats, RGB9E5 and integers do not
    got = np.asarray(border_values((-0.0, -0.0, -0.0, -0.0), fmt))
    have = np.asarray(border_values((1.0, 1.0, 1.0, 1.0), fmt)) != np.asarray(border_values((0.0,) * 4, fmt))
    zeros = got[have]
    assert zeros.size and np.all(zeros == 0)
    assert np.all(np.signbit(zeros.astype(np.float64)) == keeps_sign), (fmt, got)
