"""XMVectorSelect / XMVectorSelectControl (DirectXMath.h: a bitwise select on the float words, XM_SELECT_0 = 0,
XM_SELECT_1 = 0xFFFFFFFF); values worked out by hand."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.directxmath import XM_SELECT_0, XM_SELECT_1, XMVectorSelect, XMVectorSelectControl, XMVectorSet


@pytest.mark.parametrize("ctrl", [(0, 0, 0, 0), (1, 1, 1, 1), (0, 0, 0, 1), (1, 0, 1, 0)])
def test_select_takes_v2_where_the_control_is_one(ctrl):
    v1, v2 = XMVectorSet(1, 2, 3, 4), XMVectorSet(-5, 6.5, -7, 8)
    got = XMVectorSelect(v1, v2, XMVectorSelectControl(*ctrl))
    assert got.tolist() == [b if c else a for a, b, c in zip(v1.tolist(), v2.tolist(), ctrl, strict=True)]


def test_constants_and_bitwise_mix():
    assert (XM_SELECT_0, XM_SELECT_1) == (0, 0xFFFFFFFF)
    # a control word of 0x80000000 takes only the sign bit from V2: 1.0 with -2.0's sign is -1.0
    ctrl = np.array([0x80000000, 0, 0, 0], np.uint32)
    assert XMVectorSelect(XMVectorSet(1, 1, 1, 1), XMVectorSet(-2, 2, 2, 2), ctrl).tolist() == [-1, 1, 1, 1]
    # the skybox idiom: row 3 of a view matrix with x, y, z zeroed and w kept
    row = XMVectorSet(10, -20, 30, 1)
    keep_w = np.array([XM_SELECT_0, XM_SELECT_0, XM_SELECT_0, XM_SELECT_1], np.uint32)
    assert XMVectorSelect(XMVectorSet(0, 0, 0, 0), row, keep_w).tolist() == [0, 0, 0, 1]
