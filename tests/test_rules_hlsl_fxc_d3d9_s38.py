"""Issue 15 (session 38, helper D9): the Direct3D 9 (vs/ps 2.0, 3.0) and 4_0_level_9_x targets as Microsoft's own
compiler decides them -- verdicts, the D3D9 register tables and the values of integer pixel inputs.

Every expected column was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 38
(tools/wine_d3dcompiler.py), in tests/data/fxc10_d3d9_s38.json; none comes from this compiler. vkd3d's shader tests
run each program at shader models 2 and 3 too (their ``[test]`` blocks at the lowest model a file allows), which
is why these rules matter. Tables (the MicrosoftDocs pages -- "switch Statement", "Semantics", "Direct3D feature
levels", the D3D9 "Registers" pages -- say nothing of any of them, so fxc's answer is the rule):

- ``switch_and_counters`` (cgstmts.switch, uintrange.loop_counters / enter_loop, the ``x - x`` fold): below shader
  model 4 fxc makes a switch selector a uint, so the known-positive rule judges an int one as it judges a float
  one (X3548 for ``i``, ``-1``, ``(int)v.x``, ``i + 1``; ``abs(i)``, ``max(i, 0)``, ``i * i``, ``(int)u`` and a
  literal 1 compile), and it knows a loop counter stepped up from 0 or down to a literal bound (``for (int k = 0;
  k < 3; k++) switch (k)``; a counter from -1 is X3548); ``i4.y - i4.y`` of one integer is 0; ``loop_counters``
  probes the counter rule's edges (``k > 0`` / ``0 < k`` bounds, steps by literals, a run-time bound or start);
- ``duplicate_inputs`` (signatures.bind_input): two parameters of one input semantic may differ in type and size
  at the Direct3D 9 targets, both reading the one register (vkd3d entry-point-semantics.shader_test: "SM1 is
  permissive"); level 9 and 4.0 keep X3536, a min-precision float counting as another type;
- ``integer_pixel_inputs`` (signatures.bind_input): a level-9 pixel shader takes no integer input element and no
  ``nointerpolation`` one (X4568 "integer inputs unsupported on ps_4_0_level_9_x", reported after the type rules
  and the X3548 / X3543 phase, before a derivative's X4532); vertex shaders and the D3D9 targets take them;
- ``compound_objects`` (layout.check_compound_objects): at the Direct3D 9 targets too a global (a cbuffer member,
  an array of them, a struct nesting one), or an entry-point parameter, whose struct holds a sampler, texture or
  shader object is X3090 "<target> does not allow textures or samplers to be members of compound types", read or
  not; a local of such a type and a struct type no variable has compile;
- ``constant_registers`` (sm2/d3d9._assign): a ``register(c#)`` variable reserves its whole size, read or not,
  and the other float constants take, largest first, the lowest free run (vkd3d sm1-const-allocation.shader_test:
  "If there is a register reservation, the whole variable size is reserved, even if unused"); the value is fxc's
  own listing's register table (name:register/count);
- ``sampler_registers`` (sm2/d3d9._allocate_samplers): samplers likewise -- an explicit ``register(s#)`` reserves
  the whole array, the rest largest first (the count up to the last element read), declaration order among equals,
  one table entry per array;
- ``input_values`` (sm2/translate.py): fxc's D3D9 code reads an integer texture coordinate as the float it carries
  (``mov r0.xy, t0``, no rounding), also an int beside a float of one semantic: fxc's objects run on the test-side
  SM2 interpreter (tests/sm2_interp.py) with fixed t0 / t1 values; the recorded output words are compared with this
  compiler's objects run the same way.

Rows this compiler still answers otherwise are strict xfails with the reason (GAPS).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from fxc_record_helpers import check_live_table

from pyd3d11.d3dcompiler import D3DCompile, D3DDisassemble
from pyd3d11.errors import D3D11Error
from pyd3d11.tools import wine_d3dcompiler

COMPILE_ONLY = pytest.mark.backend_independent  # the tables compile only (the values run the test interpreter)

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_d3d9_s38.json").read_text())
VERDICT_TABLES = ("switch_and_counters", "loop_counters", "duplicate_inputs", "integer_pixel_inputs", "compound_objects")
#: a loop fxc judges after unrolling it although its start is a run-time value (``for (int k = abs(i); k < 3; k++)``);
#: the other loops fxc unrolls before its known-positive check are judged on trial copies here since session 39
#: (unroll._judge_unrolled)
_UNROLLED_COUNTERS = ("k = abs(i)",)
REGISTER_TABLES = ("constant_registers", "sampler_registers")
_ERROR = re.compile(r"error (X\d+)")
_REGISTER_ROW = re.compile(r"//   (\w+)\s+([cs]\d+)\s+(\d+)")


def _gap(table: str, src: str, target: str) -> str | None:
    """Why this compiler answers a recorded row otherwise (None: it must agree)."""
    if table == "switch_and_counters" and "b ? 1 : 2" in src and "level_9" in target:
        return ("fxc's own internal error 'blob content mismatch between level9 and d3d10 shader' for a constant "
                "selector picking a case (not built: the same family as do { return x; } while (false))")
    if table == "loop_counters" and any(c in src for c in _UNROLLED_COUNTERS):
        return ("fxc knows a counter started from abs(i) is at least 0 in a loop whose copies do not fold; the "
                "counter rule here keeps abs's sign only")
    if table == "compound_objects" and "PixelShader s;" in src and ("main(S s)" in src or "uniform S u" in src):
        return "an entry-point parameter's struct holding a PixelShader member is not judged (only resource objects)"
    if table == "integer_pixel_inputs" and "min16uint" in src and "level_9" in target:
        return "fxc's X4568 comes before the min16uint input's X3703 here; this compiler reports X3703 first"
    return None


def answer(src: str, target: str) -> str:
    try:
        D3DCompile(src.encode(), None, "t.hlsl", None, None, "main", target, 0, 0, [])
        return "ok"
    except D3D11Error as exc:
        found = _ERROR.findall(str(exc))
        return found[0] if found else "-"


def register_table(src: str, target: str) -> str:
    """The listing's ``Registers`` table as name:register/count words (fxc's own listing printed alike)."""
    try:
        blob = bytes(D3DCompile(src.encode(), None, "t.hlsl", None, None, "main", target, 0, 0, []))
    except D3D11Error as exc:
        return f"refused: {str(exc)[:120]}"
    text = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode(errors="replace")
    return " ".join(f"{a}:{b}/{c}" for a, b, c in _REGISTER_ROW.findall(text))


def _rows(tables: tuple[str, ...]):
    for table in tables:
        for k, (src, target, want) in enumerate(DATA[table]):
            why = _gap(table, src, target)
            marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
            yield pytest.param(table, src, target, want, id=f"{table}-{k}-{target}", marks=marks)


@COMPILE_ONLY
@pytest.mark.parametrize(("table", "src", "target", "want"), list(_rows(VERDICT_TABLES)))
def test_verdict_as_fxc_gives_it(table: str, src: str, target: str, want: str):
    assert answer(src, target) == want


@COMPILE_ONLY
@pytest.mark.parametrize(("table", "src", "target", "want"), list(_rows(REGISTER_TABLES)))
def test_d3d9_registers_as_fxc_assigns_them(table: str, src: str, target: str, want: str):
    assert register_table(src, target) == want


@COMPILE_ONLY
def test_tables_shape():
    assert {k: len(v) for k, v in DATA.items() if k != "_source" and k != "inputs"} == {
        "switch_and_counters": 357, "duplicate_inputs": 240, "integer_pixel_inputs": 322, "constant_registers": 150,
        "sampler_registers": 126, "input_values": 18, "compound_objects": 216, "loop_counters": 75}
    # each rule's table holds both answers (a table of one verdict would not tell the rule from its absence)
    for table in VERDICT_TABLES:
        assert len({want == "ok" for _s, _t, want in DATA[table]}) == 2, table


def _run_d3d9(blob: bytes) -> list:
    """Output words of a ps_2_0 / ps_3_0 object on the test interpreter with the recorded t0 / t1 (every input
    register the program declares: TEXCOORD0 -- t0, or the v# declared with usage index 0 at ps_3_0 -- reads the
    first set, the others the second)."""
    from sm2_interp import Sm2Machine

    from pyd3d11.shader.sm2.program import decode_program
    from pyd3d11.shader.sm2.tokens import Reg

    t0, t1 = (np.array(words, np.uint32).view(np.float32) for words in DATA["inputs"])
    prog = decode_program(blob)
    def index(i) -> int:  # the semantic index: the dcl token's usage index at ps_3_0, the t# number at ps_2_0
        return (i.decl or 0) >> 16 & 0xF if prog.major >= 3 else i.dst.num

    inputs = {(i.dst.reg, i.dst.num): (t0 if index(i) == 0 else t1) for i in prog.instructions
              if i.op == "dcl" and i.dst is not None and i.dst.reg != Reg.SAMPLER}
    m = Sm2Machine(prog, len(t0), inputs, np.zeros((32, 4), np.float32)).run()
    return m.out(Reg.COLOROUT, 0).view(np.uint32).tolist()


@pytest.mark.parametrize(("src", "target", "want"), [pytest.param(*r, id=f"{k}-{r[1]}")
                                                     for k, r in enumerate(DATA["input_values"])])
def test_integer_and_duplicated_pixel_inputs_compute_fxcs_words(src: str, target: str, want: list):
    blob = bytes(D3DCompile(src.encode(), None, "t.hlsl", None, None, "main", target, 0, 0, []))
    assert _run_d3d9(blob) == want


def test_an_integer_texture_coordinate_is_not_rounded():
    """The rule in one row, independently of the recording: 0.25 * 3 stays 0.75 (no rounding to 0)."""
    src = "float4 main(int2 a : TEXCOORD0) : COLOR { return float4(a, a) * 3; }"
    blob = bytes(D3DCompile(src.encode(), None, "t.hlsl", None, None, "main", "ps_2_0", 0, 0, []))
    out = np.array(_run_d3d9(blob), np.uint32).view(np.float32)
    assert out[0, 0] == np.float32(0.75) and out[0, 1] == np.float32(-5.25)


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None,
                    reason=str(wine_d3dcompiler.unavailable_reason()))
def test_recorded_rows_match_the_live_dll():
    """Where the DLL can run, every 10th recorded verdict row is asked again."""
    check_live_table([(src, target, 0, want) for table in VERDICT_TABLES for src, target, want in DATA[table][::10]],
                     name="t.hlsl")
