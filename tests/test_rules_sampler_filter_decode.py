"""Every D3D11_FILTER value decoded into its minification / magnification / mip filters, anisotropy and reduction
(pipeline/sampler.sampler_params), case by case over the enumeration.

The expected decode of each value comes from its documented *name* (D3D11_FILTER, Microsoft's d3d11.h docs:
``D3D11_FILTER_[COMPARISON_|MINIMUM_|MAXIMUM_]MIN_<f>_MAG_<f>_MIP_<f>`` with adjacent axes sharing one filter
word, and ``..._ANISOTROPIC``, which filters every axis linearly through the anisotropic footprint — D3D11.3
7.18.7), not from the bit encoding the code reads: a swapped bit or a wrong reduction field fails here."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pyd3d11.formats.numerics import NumberClass
from pyd3d11.headers.d3d11_enums import D3D11_FILTER
from pyd3d11.headers.dxgi_types import DXGI_FORMAT
from pyd3d11.pipeline.sampler import sampler_params

_REDUCTION = {"COMPARISON": 1, "MINIMUM": 2, "MAXIMUM": 3}


def decode_name(name: str) -> tuple[bool, bool, bool, bool, int]:
    """(min linear, mag linear, mip linear, anisotropic, reduction) from a D3D11_FILTER name."""
    words = name.removeprefix("D3D11_FILTER_").split("_")
    reduction = _REDUCTION.get(words[0], 0)
    if reduction:
        words = words[1:]
    if words == ["ANISOTROPIC"]:
        return True, True, True, True, reduction
    linear, pending = {}, []
    for w in words:
        if w in ("MIN", "MAG", "MIP"):
            pending.append(w)
        else:
            assert w in ("POINT", "LINEAR"), name
            linear.update({axis: w == "LINEAR" for axis in pending})
            pending = []
    assert sorted(linear) == ["MAG", "MIN", "MIP"] and not pending, name
    return linear["MIN"], linear["MAG"], linear["MIP"], False, reduction


FILTERS = list(D3D11_FILTER)


def test_the_enumeration_has_every_combination():
    # 8 point/linear combinations + anisotropic, for each of the 4 reductions
    assert len(FILTERS) == 36
    assert len({decode_name(f.name) for f in FILTERS}) == 36


@pytest.mark.parametrize("f", FILTERS, ids=[f.name.removeprefix("D3D11_FILTER_") for f in FILTERS])
def test_filter_value_decodes_as_its_name(f):
    tex = SimpleNamespace(number_class=NumberClass.FLOAT, fmt=int(DXGI_FORMAT.DXGI_FORMAT_R32G32B32A32_FLOAT))
    p = sampler_params({"Filter": int(f)}, tex)
    assert (p.min_linear, p.mag_linear, p.mip_linear, p.aniso, p.reduction) == decode_name(f.name)
