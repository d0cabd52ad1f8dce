"""Session 38, helper REFL (issue 15): the STAT counters (D3D11_SHADER_DESC's statistics) as d3dcompiler_47 counts them.

``tests/data/stat_counting_s38_fxc10_1.json`` holds programs written to reach each STAT counting rule of
``stat.program_stats`` (the D3D11_SHADER_DESC statistics and the ID3D11ShaderReflection Get*InstructionCount
getters): each row is Microsoft's d3dcompiler_47.dll 10.1's own program for the source (compiled under Wine,
tools/wine_d3dcompiler.py, session 38; its listing written by this project's disassembler) and the counters the
DLL wrote in its STAT chunk -- recorded from the DLL, never from the code under test. The test assembles the
listing and counts it: the counting rules are checked on fxc's instruction stream, apart from this compiler's
instruction choice. The live re-check runs where the DLL is installed and skips elsewhere.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.stat import program_stats
from pyd3d11.tools import wine_d3dcompiler

ROWS = json.loads((Path(__file__).parent / "data" / "stat_counting_s38_fxc10_1.json").read_text())


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['rule']}-{r['target']}" for r in ROWS])
def test_stat_counters_of_fxcs_program(row: dict):
    st = program_stats(assemble_program("\n".join(row["listing"])))
    assert {f: getattr(st, f) for f in row["stat"]} == row["stat"]


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None,
                    reason=str(wine_d3dcompiler.unavailable_reason()))
def test_stat_table_matches_the_live_dll():
    from pyd3d11.shader.dxbc.decoder import decode_program
    from pyd3d11.shader.dxbc.disasm import disassemble_program

    real = wine_d3dcompiler.shared()
    for row in ROWS:
        r = real.compile(row["source"], row["target"], "main")
        assert r.ok, row["rule"]
        c = parse_container(r.blob, verify_checksum=False)
        assert disassemble_program(decode_program(c.program)) == row["listing"], row["rule"]
        assert {f: getattr(c.stats, f) for f in row["stat"]} == row["stat"], row["rule"]
