"""System values declared with the wrong type, against d3dcompiler_47 10.1 (hlsl/svtypes.py).

``tests/data/sv_types_fxc10_1.json``: programs putting SV_Position, SV_Target*, SV_Depth*, SV_Coverage,
SV_StencilRef, SV_ClipDistance*, SV_CullDistance, the index values and the compute IDs (30 spellings) on inputs and
outputs of float / float2 / float4 / int / uint / uint3 / bool at vs/ps/gs/cs 4.0-5.0, each with the first error
number Microsoft's compiler gave under Wine (session 35). Asserted for every row: compiles where fxc compiles; and
for each row fxc refuses with the signature-type errors (X4555 "must be integral", X4576 "type must be a scalar
uint" / "float32 and mask must be xyzw" / "float32", X8000 the validator's depth / coverage / stencil types), this
compiler refuses it too (the number asserted for X8000 and the clip / cull index X4502; an earlier X4502 rule of
this compiler may answer first for the others). The two gaps session 35 left (compute thread IDs declared float /
bool, a pixel shader's SV_InstanceID input) were built in session 36 (tests/test_rules_hlsl_svtypes_s36.py).
"""

import json
from pathlib import Path

import pytest
from fxc_record_helpers import first_error

ROWS = json.loads((Path(__file__).with_name("data") / "sv_types_fxc10_1.json").read_text())["rows"]


def test_the_record():
    assert len(ROWS) == 891
    assert {r[2] for r in ROWS} == {"ok", "X4502", "X4555", "X4576", "X8000"}


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,target,fxc", ROWS, ids=[f"{i}-{r[1]}-{r[2]}" for i, r in enumerate(ROWS)])
def test_system_value_type_as_fxc(src: str, target: str, fxc: str):
    ours = first_error(src, target)
    assert (ours == "ok") == (fxc == "ok"), (ours, fxc)
    if fxc == "X8000" or (fxc == "X4502" and ours != "ok"):
        assert ours == fxc  # the validator's depth / coverage / stencil types; the clip / cull index rule
