"""Issue 15 (session 48, the lead): ``register(...)`` and ``packoffset(...)`` on every kind of declaration.

A generated probe -- 37 binding clauses (every register class, a profile-qualified ``register(ps_5_0, t1)`` of the
target and of another stage, a bare stage ``register(ps, t1)``, an unknown profile, two clauses, slot limits t127 /
t128 / s16 / u8 / b14 / b15, ``space1`` below 5.1, components ``c0.y``, malformed ``t``, ``t-1``, ``t0x1`` ...) x 7
declarations (float4, Texture2D, SamplerState, RWBuffer, a cbuffer, a texture array, a cbuffer member) at ps_5_0 /
vs_5_0, 370 programs -- agreed with d3dcompiler_47 10.1 at 368 before this session; the two left were a cbuffer's
own ``: packoffset(c0)``, X3091 "packoffset is only allowed in a constant buffer" at the clause (parser.parse_cbuffer
through parse_types.reject_packoffset; was X3000). This table keeps every packoffset program and 70 others drawn at
random as guards of the rules the probe found already built.

Every expected column was recorded from d3dcompiler_47 10.1 under Wine, session 48
(tests/data/fxc10_registers_s48.json); none comes from this compiler.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import mutant_verdict

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_registers_s48.json").read_text())["rows"]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("src", "target", "want"), [pytest.param(*r, id=f"{k}-{r[1]}") for k, r in enumerate(DATA)])
def test_binding_clause_as_fxc(src: str, target: str, want: str):
    assert mutant_verdict(src, target, 0) == want


def test_the_table_holds_the_clauses():
    assert len(DATA) == 80
    assert sum("packoffset" in s for s, _t, _w in DATA) == 10
    assert {"X3530", "X3091", "X3515", "ok"} <= {w for *_r, w in DATA}
