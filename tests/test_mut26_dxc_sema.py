"""Session 26 (helper MUT): tools/dxc_sema's procedure, pinned from its definition — DXC's
utils/hct/VerifierHelper.py (microsoft/DirectXShaderCompiler): ``rxDiag`` reads ``fxc-(error|warning|pass)
{{...}}`` notes; TryFxc compiles the file (``/E _test_main /T cs_5_1`` and an appended empty compute entry point,
or the ``:FXC_VERIFY_ARGUMENTS:`` line's arguments; fxc's default entry point is ``main``), takes the first error
by line, comments that statement out (CommentStatementOrBlock: lines prefixed ``//  `` until the statement ends
with ``;`` / opens a block and ``()``, ``{}``, ``[]`` balance, a line ending in ``\\`` continuing it; strings and
comments do not count) and compiles again until no error is left. The tally counts annotated lines: fxc errors
we report (agree) or not (missed; a known difference is still a miss, counted apart), fxc passes/warnings we
accept (agree) or reject, and lines whose first error is a not-built feature."""

from __future__ import annotations

import pytest

from pyd3d11.errors import NotSupportedError, ShaderCompileError
from pyd3d11.tools import dxc_sema as S

pytestmark = pytest.mark.backend_specific


@pytest.mark.parametrize("lines,start,end", [
    (["float a = 1;", "float b;"], 0, 1),
    (["float f()", "{", "  return 1;", "}", "float c;"], 0, 4),
    (["float a = (1 +", "  2);", "float c;"], 0, 2),
    (["struct S {", "  float a;", "};", "float c;"], 0, 3),
    (["float a[2] = {1,", "  2};", "float c;"], 0, 2),
    (["float a = 1; \\", "float b = 2;", "float c;"], 0, 2),  # a continued line
    (['string s = "{(";', "float c;"], 0, 1),  # brackets in a string do not count
    (["float a; // {", "float c;"], 0, 1),  # ... nor in a comment
    (["float a; /* ( */", "float c;"], 0, 1),
    (["float x;", "float f() {", "  return 1;", "}", "float c;"], 1, 4),
    (["", "float c;"], 0, 1),  # an empty line is a statement of its own
])
def test_statement_end_follows_comment_statement_or_block(lines, start, end):
    assert S._statement_end(lines, start) == end


def test_fxc_expectations_read_the_fxc_notes():
    lines = ["float a; /* fxc-error {{X3000: syntax error}} */",
             "float b; // fxc-pass {{}}",
             "float c; // fxc-warning {{X3206: implicit truncation}}",
             "float d; // fxc-warning {{X3206: w}} fxc-error {{X3018: e}}",
             "// float e; // fxc-error {{X3000: never compiled}}",
             "float f; // expected-error {{clang's note only}}",
             "float g; // fxc-pass{{}}"]
    assert S.fxc_expectations(lines) == {1: "error", 2: "accept", 3: "accept", 4: "error", 7: "accept"}


@pytest.mark.parametrize("args,want", [
    (None, ("_test_main", "cs_5_0", 0)),
    ("/E main /T ps_5_1", ("main", "ps_5_0", 0)),
    ("/T vs_5_0", ("main", "vs_5_0", 0)),  # fxc's default entry point
    ("/T cs_5_0 /E f /Gec", ("f", "cs_5_0", S.D.D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY)),
    ("/E main /T", ("main", "ps_5_0", 0)),  # a dangling switch is ignored
    ("/E", ("main", "ps_5_0", 0)),
])
def test_target_from_verify_arguments(args, want):
    assert S._target(args) == want


def test_tally_and_disagreements():
    r = S.FileResult("x.hlsl", {1: "error", 2: "error", 3: "accept", 4: "accept", 5: "error", 6: "error"},
                     ours={1: "X3000", 3: "X3004"}, notimpl={6}, known={5: "sm5.1-only"})
    assert r.tally() == {"err_agree": 1, "err_missed": 2, "err_known": 1, "acc_agree": 1, "acc_rejected": 1,
                         "notimpl": 1}
    assert r.disagreements() == {2: "missed", 3: "rejected", 5: "missed"}


_FILE = """float4 a = 1; // fxc-pass {{}}
undefined_type b; // fxc-error {{X3000: unrecognized identifier 'undefined_type'}}
float4 c = 2; // fxc-pass {{}}
undefined_type d = (1 +
   2); // fxc-error {{X3000: ...}}
"""


def test_run_file_comments_out_each_first_error_until_none(tmp_path):
    p = tmp_path / "t.hlsl"
    p.write_text(_FILE)
    r = S.run_file(p)
    assert r.expected == {1: "accept", 2: "error", 3: "accept", 5: "error"}
    assert set(r.ours) == {2, 4} and not r.crash and not r.notimpl
    # the statement of lines 4-5 (its error on line 4) was commented out whole: line 5 alone would fail next and
    # count as found; fxc's note sits on line 5, so it is a miss
    assert r.tally() == {"err_agree": 1, "err_missed": 1, "acc_agree": 2, "acc_rejected": 0, "notimpl": 0}


@pytest.mark.parametrize("exc", [
    NotSupportedError("t.hlsl(2,1): the feature X is not built"),
    ShaderCompileError("t.hlsl(2,1): error X3000: not built here", hresult=0x80004001),
])
def test_run_file_counts_a_not_built_line_apart(tmp_path, monkeypatch, exc):
    import pyd3d11.shader.compile_api as api

    calls = []

    def fake(src, *args):
        calls.append(src)
        if len(calls) == 1:
            raise exc

    monkeypatch.setattr(api, "D3DCompile", fake)
    p = tmp_path / "t.hlsl"
    p.write_text(_FILE)
    r = S.run_file(p)
    assert r.notimpl == {2} and len(calls) == 2 and calls[1].split("\n")[1].startswith("//  ")


def test_main_over_a_repository_of_annotated_files(tmp_path, capsys):
    d = tmp_path / "tools" / "clang" / "test" / "SemaHLSL"
    d.mkdir(parents=True)
    (d / "a.hlsl").write_text(_FILE)
    (d / "b.hlsl").write_text("float x; // expected-error {{no fxc note}}\n")
    assert [p.name for p in S.sema_files(tmp_path)] == ["a.hlsl"]
    assert S.main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "a.hlsl: errors 1/2, accepts 2/2" in out
    assert "fxc-annotated lines: 3/4 agree; fxc errors found 1/2, fxc accepts kept 2/2, not built 0" in out
    assert S.main([]) == 2
