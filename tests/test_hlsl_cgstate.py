"""The code generator's shared-state interface (cgstate.CodegenContext) is the whole of what the helper
modules use: every ``cg.X`` in them is declared there, every declared member exists on a generator, and
no helper probes for undeclared state with getattr/setattr/hasattr (issue 19, item 6)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from pyd3d11.shader.hlsl import cgstate
from pyd3d11.shader.hlsl.codegen import Codegen
from pyd3d11.shader.hlsl.lexer import lex
from pyd3d11.shader.hlsl.parser import Parser

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

HLSL_DIR = Path(cgstate.__file__).parent
#: the generator itself and its signature mixin use ``self``; everything else receives ``cg``
OWNERS = {"codegen.py", "signatures.py", "cgstate.py"}
GENERATOR_NAMES = {"cg", "pcg"}
HELPERS = sorted(p for p in HLSL_DIR.glob("*.py") if p.name not in OWNERS) + [
    HLSL_DIR.parent.parent / "effects" / "fxcompile.py"]


def declared_members() -> set[str]:
    proto = cgstate.CodegenContext
    names = set(proto.__annotations__)
    names |= {n for n, v in vars(proto).items() if not n.startswith("__") and
              (inspect.isfunction(v) or isinstance(v, (staticmethod, property)))}
    return names


def helper_uses() -> dict[str, set[str]]:
    uses: dict[str, set[str]] = {}
    for path in HELPERS:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                    node.value.id in GENERATOR_NAMES:
                uses.setdefault(node.attr, set()).add(path.name)
    return uses


def test_every_helper_access_is_declared():
    declared = declared_members()
    undeclared = {name: sorted(mods) for name, mods in helper_uses().items() if name not in declared}
    assert undeclared == {}


def test_every_declared_member_is_used_by_a_helper():
    # a declaration no helper needs belongs to the generator's private state, not the interface
    unused = declared_members() - set(helper_uses())
    assert unused == set()


def test_no_helper_probes_for_state():
    found = []
    for path in HELPERS:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id in ("getattr", "setattr", "hasattr") and node.args and \
                    isinstance(node.args[0], ast.Name) and node.args[0].id in GENERATOR_NAMES:
                found.append((path.name, node.lineno))
    assert found == []


@pytest.mark.parametrize("stage", ["vs", "ps", "gs", "hs", "ds", "cs"])
def test_a_generator_provides_every_member(stage):
    prog = Parser(lex("float4 main() : SV_Target { return 0; }", "t.hlsl"), f"{stage}_5_0").parse_program()
    cg = Codegen(prog, "main", stage, 5, 0, False)
    missing = sorted(n for n in declared_members() if not hasattr(cg, n))
    assert missing == []
    # the named parts are fresh per generator (no state shared between two compiles)
    other = Codegen(prog, "main", stage, 5, 0, False)
    for part in ("gs", "tess", "debug", "icb"):
        assert getattr(cg, part) is not getattr(other, part)
    assert cg.gs.streams_used is not other.gs.streams_used
    assert cg.tess.hs_phases is not other.tess.hs_phases


def test_parts_start_empty():
    gs, tess, dbg, icb = cgstate.GsState(), cgstate.TessState(), cgstate.DebugState(), cgstate.IcbState()
    assert (gs.maxout, gs.instances, gs.prim, gs.topology, gs.streams_used, gs.out_stream, gs.stream_count) == \
        (0, 0, "", None, set(), 0, 0)
    assert (tess.domain, tess.pc_outputs, tess.in_pcf, tess.hs_head, tess.hs_phases, tess.ds_head) == \
        ("", [], False, [], [], [])
    assert (dbg.cur_loc, dbg.vars, dbg.table, dbg.scope_ends) == (None, [], None, [])
    assert (icb.rows, icb.placed) == ([], {})
