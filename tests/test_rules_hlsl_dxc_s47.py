"""Accept/reject rules found by judging DXC's test corpora with Microsoft's own compiler, round 11 (session 47,
helper ACC; issue 15): the clusters of the round's new source -- the HLSL programs DXC's C++ unit tests hold
(``tools/clang/unittests/HLSL*``: string literals of CompilerTest, ValidationTest, ExtensionTest, PixTest,
DXIsenseTest, ExecutionTest ..., the programs Objects.cpp and FunctionTest.cpp generate, FunctionTest's root
signature strings) -- and the open items of round 10.

Every expected verdict (``ok`` or fxc's first error number; ``-`` for fxc's numberless internal error) in
tests/data/fxc10_verdicts_acc47.json was recorded from d3dcompiler_47 10.1 under Wine
(``pyd3d11.tools.wine_d3dcompiler``) for the programs the generators below build; the rows cover each rule's
extent, not only the lines that showed it:

* a root signature clause reads a register token only of the classes it can name: b for RootConstants, b / t / u
  for a root CBV / SRV / UAV, all four in a descriptor table's range, s for a static sampler; another letter is an
  unexpected token (X4612), a read class of the wrong kind X4617, a second register the parameter given twice
  (X4612); a float parameter (mipLODBias, minLOD, maxLOD) that is no number is fxc's numberless internal error
  (rootsig.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import mutant_verdict, named_params

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

DATA = Path(__file__).parent / "data" / "fxc10_verdicts_acc47.json"


# --- root signature register tokens -----------------------------------------------------------------------------------
def root_signature_rows() -> list[tuple[str, str, str]]:
    sigs = {
        "cbv_s": "CBV(s2)", "srv_s": "SRV(s2)", "uav_s_space": "UAV(space=1, s2)", "cbv_s_unclosed": "CBV(s2",
        "cbv_t": "CBV(t2)", "uav_b": "UAV(b2)",
        "const_s": "RootConstants(num32BitConstants=1, s2)", "const_t": "RootConstants(num32BitConstants=1, t2)",
        "const_b_t": "RootConstants(num32BitConstants=1, b2, t3)", "const_b_b": "RootConstants(b1, num32BitConstants=1, b2)",
        "cbv_b_s": "CBV(b2, s3)", "cbv_b_t": "CBV(b2, t3)", "srv_t_u": "SRV(t2, u3)", "cbv_b_b": "CBV(b2, b3)",
        "table_cbv_s": "DescriptorTable(CBV(s2))", "table_sampler_b": "DescriptorTable(Sampler(b2))",
        "table_cbv_b_s": "DescriptorTable(CBV(b1, s2))", "sampler_t": "StaticSampler(t2)",
        "sampler_s_s": "StaticSampler(s0, s2)", "sampler_s_t": "StaticSampler(s1, t2)",
        "sampler_upper": "StaticSampler(S2)", "sampler_dup_compare": "StaticSampler(s2, ComparisonFunc = "
                                                                     "COMPARISON_NEVER, comparisonfunc = COMPARISON_LESS)",
        "bias_empty": "StaticSampler(s2, mipLODBias=)", "bias_name": "StaticSampler(s2, mipLODBias=abc)",
        "minlod_name": "StaticSampler(s2, minLOD=x)", "maxlod_comma": "StaticSampler(s2, maxLOD=, s2)",
        "bias_sign": "StaticSampler(s2, mipLODBias=-)", "bias_ok": "StaticSampler(s2, mipLODBias=-1.5)",
    }
    rows = [(f"rootsig_{k}", "ps_5_0", f'[RootSignature("{v}")]\nfloat4 main() : SV_Target {{ return 0; }}')
            for k, v in sigs.items()]
    rows += [(f"rootsig_target_{k}", "rootsig_1_1", f'#define main "{sigs[k]}"\n')
             for k in ("cbv_s", "const_t", "sampler_s_s", "bias_name")]
    return rows


def all_rows() -> list[tuple[str, str, str]]:
    rows = root_signature_rows()
    assert len({r[0] for r in rows}) == len(rows), "row names are the recorded table's keys"
    return rows


#: rows where this compiler still differs from fxc (strict xfails)
KNOWN_DIFFERENCES: frozenset[str] = frozenset()


def _recorded() -> dict[str, str]:
    return json.loads(DATA.read_text())


def _params():
    return named_params(all_rows(), _recorded(), KNOWN_DIFFERENCES)


@pytest.mark.parametrize("src, target, flags, expected", _params())
def test_verdict_matches_fxc(src, target, flags, expected):
    assert mutant_verdict(src, target, flags) == expected


def test_every_row_has_a_recorded_verdict():
    assert {r[0] for r in all_rows()} == set(_recorded())
