"""The sub-sampled formats' encode takes texel pairs only (seed-19 survivor formats/codecs.py:323, issue 19).

DXGI_FORMAT_R8G8_B8G8_UNORM (68) and DXGI_FORMAT_G8R8_G8B8_UNORM (69) store two texels per 32-bit element, the
red and blue shared between them and a green for each (MicrosoftDocs "DXGI_FORMAT"), so ``codecs.encode``
takes values shaped ``(..., 2, 4)``. Any other shape is the caller's error: E_INVALIDARG, never a silent
encoding of the wrong components or a raw IndexError.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.errors import InvalidArgError
from pyd3d11.formats import codecs

R8G8_B8G8_UNORM, G8R8_G8B8_UNORM = 68, 69

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


@pytest.mark.parametrize("fmt", [R8G8_B8G8_UNORM, G8R8_G8B8_UNORM])
@pytest.mark.parametrize("shape", [(4,), (3, 4), (5, 1, 4), (2, 3, 4)])
def test_values_not_in_pairs_are_rejected(fmt: int, shape: tuple[int, ...]) -> None:
    with pytest.raises(InvalidArgError):
        codecs.encode(fmt, np.zeros(shape, np.float32))


@pytest.mark.parametrize("fmt,order", [(R8G8_B8G8_UNORM, "r g0 b g1"), (G8R8_G8B8_UNORM, "g0 r g1 b")])
def test_a_pair_encodes_to_its_byte_order(fmt: int, order: str) -> None:
    """One pair sharing its red and blue (which texel they are taken from when the two differ is not defined
    by the format, so both texels carry the same), each texel's own green (UNORM8: v * 255 exactly here)."""
    v = np.array([[[20 / 255, 40 / 255, 80 / 255, 1.0], [20 / 255, 60 / 255, 80 / 255, 1.0]]], np.float32)
    got = codecs.encode(fmt, v)
    want = {"r": 20, "g0": 40, "b": 80, "g1": 60}
    assert got.shape == (1, 4)
    assert list(got[0]) == [want[k] for k in order.split()]
