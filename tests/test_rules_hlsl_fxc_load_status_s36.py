"""A resource Load with its status argument below shader model 5, against d3dcompiler_47 10.1
(methodsig.tail_roles, texops.drop_unread_feedback).

``tests/data/load_status_s36_fxc10_1.json``: verdicts recorded from d3dcompiler_47 10.1 under Wine, session 36
(helper SEM): ``Load(…, out uint status)`` of Texture1D/2D/3D, their arrays, the multisampled textures (with and
without an offset) and Buffer at ps_4_0, ps_4_1, vs_4_0 and ps_5_0, the status unread, read, branched on and given
to CheckAccessFullyMapped. The Load pages list the status overload under shader model 5; fxc compiles it below
5.0 while the status is never read (the plain ``ld``) and its bytecode validator refuses a read one (X8000
"ld_s instruction requires shader model 5 or higher."). Asserted: every verdict, and the number of every row
fxc compiles or refuses with X8000 (its CheckAccessFullyMapped X3535 and the multisample rows' own numbers are
not this rule's).
"""

import json
from pathlib import Path

import pytest
from test_rules_hlsl_fxc_dup_outputs_s36 import _first_error, _messages

ROWS = json.loads((Path(__file__).with_name("data") / "load_status_s36_fxc10_1.json").read_text())["rows"]


def test_the_record():
    assert len(ROWS) == 160
    assert sum(r[2] == "ok" for r in ROWS) == 52 and sum(r[2] == "X8000" for r in ROWS) == 40


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,target,fxc", ROWS, ids=[f"{i}-{r[1]}-{r[2]}" for i, r in enumerate(ROWS)])
def test_load_status_as_fxc(src: str, target: str, fxc: str):
    ours = _first_error(src, target)
    assert (ours == "ok") == (fxc == "ok")
    if fxc in ("ok", "X8000"):
        assert ours == fxc


@pytest.mark.backend_independent
def test_unread_status_is_the_plain_load_and_the_read_one_names_ld_s():
    from pyd3d11.shader.hlsl.compiler import compile_hlsl

    src = "Texture2D t; float4 main() : SV_Target { uint s; return t.Load(int3(0,0,0), int2(1,0), s); }"
    text = compile_hlsl(src, "t.hlsl", "main", "ps_4_0").listing
    # fxc 10.1's ps_4_0 object for it: ``ld_aoffimmi(1,0,0) r0.xyzw, l(0, 0, 0, 0), t0.xyzw`` (recorded)
    assert "ld_s" not in text
    assert "ld_aoffimmi(1,0,0) r0.xyzw, l(0x00000000, 0x00000000, 0x00000000, 0x00000000), t0.xyzw" in text
    read = "Texture2D t; float4 main() : SV_Target { uint s; float4 v = t.Load(int3(0,0,0), int2(0,0), s); return v + s; }"
    assert "error X8000: D3D11 Internal Compiler Error: Invalid Bytecode: ld_s instruction requires shader model 5 " \
           "or higher." in _messages(read, "ps_4_0")
