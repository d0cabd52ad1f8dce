"""Compute thread IDs, a pixel shader's SV_InstanceID input and double signature elements, against
d3dcompiler_47 10.1 (hlsl/svtypes.py ``compute_id_error``, ``check_signature_types``; signatures.py
``no_double_element``).

``tests/data/sv_types_s36_fxc10_1.json``: verdicts recorded from d3dcompiler_47 10.1 under Wine, session 36 (helper
SEM) -- every expected column is the first error number Microsoft's compiler gave (``ok`` where it compiled).
The rows: SV_DispatchThreadID / SV_GroupThreadID / SV_GroupID / SV_GroupIndex declared as 27 scalar, vector and
matrix types (float, half, min-precision and bool ones, too wide ones), with a spelled index, as arrays, as struct
members, at cs_5_0 and cs_4_0; a pixel shader's SV_InstanceID input of 14 types at ps_4_0 / ps_4_1 / ps_5_0, read
or not; double inputs and outputs at vs / ps / gs, 3_0 to 5_0. The "Semantics" page lists uint3 / uint for the
compute IDs and nothing on other types: fxc's record is the rule. Asserted per row: the verdict and the number.
"""

import json
from pathlib import Path

import pytest
from fxc_record_helpers import first_error

ROWS = json.loads((Path(__file__).with_name("data") / "sv_types_s36_fxc10_1.json").read_text())["rows"]


def test_the_record():
    assert len(ROWS) == 214
    assert {r[2] for r in ROWS} == {"ok", "X4502", "X4555", "X3687"}


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,target,fxc", ROWS, ids=[f"{i}-{r[1]}-{r[2]}" for i, r in enumerate(ROWS)])
def test_system_value_type_as_fxc(src: str, target: str, fxc: str):
    assert first_error(src, target) == fxc


@pytest.mark.backend_independent
@pytest.mark.parametrize("decl,words", [
    ("float t : SV_GroupID", "invalid type used for 'SV_GroupID' input semantics, must be integral"),
    ("uint4 t : SV_DispatchThreadID", "invalid type used for 'SV_DispatchThreadID' input semantics"),
    ("uint t : SV_GroupIndex1", "invalid input semantic 'SV_GroupIndex1': Legal indices are in [0,0]"),
])
def test_compute_id_messages(decl: str, words: str):
    """fxc 10.1's words (recorded with the table); the too-wide message ends after 'semantics'."""
    from pyd3d11 import d3dcompiler as dc
    from pyd3d11.errors import D3D11Error

    src = f"RWBuffer<float> u; [numthreads(1,1,1)] void main({decl}) {{ u[0] = 1; }}"
    msgs: list = []
    with pytest.raises(D3D11Error):
        dc.D3DCompile(src.encode(), len(src), None, None, None, "main", "cs_5_0", 0, 0, msgs)
    text = b"".join(bytes(m) if not isinstance(m, bytes) else m for m in msgs).decode("latin-1")
    assert words in text
    if words.endswith("semantics"):
        assert "must be integral" not in text
