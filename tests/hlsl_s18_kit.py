"""Shared helpers of session 18's HL17 rule files (tests/test_rules_hlsl_*_s18.py): run a table of ``(expression,
expected word)`` rows in one compute shader, compile-only verdicts, and a pixel-pipeline run of shader_test text.
Expected words are written in the tables from the language definition, never read back from the compiler."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from test_rules_hlsl_types import run_words

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.tools import shader_runner as SR


def f32(x: float) -> int:
    """The float32 bits of ``x``."""
    return struct.unpack("<I", struct.pack("<f", x))[0]


def check_words(rows: list[tuple[str, int]], decls: str, cb1: bytes | None = None) -> None:
    """Each row's uint-valued expression is stored by one cs_5_0 thread; all rows must match (mod 2**32)."""
    got = [int(w) for w in run_words([r[0] for r in rows], decls, cb1=cb1)]
    want = [r[1] & 0xFFFFFFFF for r in rows]
    bad = [(r[0], hex(g), hex(w)) for r, g, w in zip(rows, got, want) if g != w]
    assert not bad, bad


def compile_error(src: str, profile: str = "ps_5_0") -> str:
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "t.hlsl", None, None, "main", profile)
    return ei.value.errors


def compiles(src: str, profile: str = "ps_5_0") -> None:
    D3DCompile(src, None, "t.hlsl", None, None, "main", profile)


def run_shader_test(tmp_path: Path, text: str) -> None:
    """Runs ``text`` (vkd3d shader_test format) through the d3d11 runner at both passes; every block passes."""
    path = tmp_path / "case.shader_test"
    path.write_text(text)
    fr = SR.run_file(path, passes=("4", "5"), check_compile=True)
    assert not fr.error, fr.error
    # the cases are SM 4.0-5.0 programs (5.1 builds a narrower set, NotSupportedError naming the rest)
    bad = [c for c in fr.compile_checks if not c.agree and "4.0" <= c.model <= "5.0"]
    assert not bad, bad
    failed = [(b.line, b.reason, [d.detail for d in b.directives if d.status == "failed"])
              for blocks in fr.passes.values() for b in blocks if b.status != "passed"]
    assert not failed, failed
