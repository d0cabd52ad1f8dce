"""The layers of DESIGN §2 hold in the imports: api validates and records, pipeline computes on plain
snapshots, the executors and the compiler know neither, formats and the instruction-set arithmetic are leaves.
Every import statement of every module (module level or inside functions) is checked."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "pyd3d11"

#: package (relative to src/pyd3d11) -> project packages it must not import
FORBIDDEN = {
    "formats": ["api", "pipeline", "shader", "debug", "tools"],
    "shader/ops": ["api", "pipeline", "shader/exec", "shader/hlsl", "shader/dxbc", "formats", "debug", "tools"],
    "shader/exec": ["api", "pipeline", "shader/hlsl", "debug", "tools"],
    "shader/native": ["api", "pipeline", "shader/hlsl", "debug", "tools"],
    "shader/hlsl": ["api", "pipeline", "shader/exec", "debug", "tools"],
    "shader/dxbc": ["api", "pipeline", "shader/exec", "shader/hlsl", "debug", "tools"],
    "pipeline": ["api", "debug", "tools"],
}
#: (package, module) pairs allowed despite FORBIDDEN: formats/numerics holds the D3D11.3 §3.2 conversion rules and
#: imports no project module (test below), so the instruction-set arithmetic can use the one definition of a rule
#: both apply (f32tof16 "follows D3D rules for floating point conversion", §22.13.2) without a cycle
#: shader/hlsl/foldinit evaluates a constant initialiser (a cbuffer variable's DefaultValue, an effect
#: parameter's initial value) by running the initialiser's own compiled code on the reference executor, so the
#: stored value is by construction what the instruction sequence computes at run time (issue 19 item 4: no
#: second evaluator of the intrinsics). The executor imports no compiler module (FORBIDDEN above), so no cycle;
#: a deliberate exception to DESIGN §2, stated in session 25's closing note
ALLOWED = {("shader/ops", "formats/numerics")}
#: (package, module) pairs of one layer allowed to use a lower one. shader/hlsl/foldinit evaluates a constant
#: initialiser (a cbuffer variable's DefaultValue, an effect parameter's initial value) by running the
#: initialiser's own compiled code on the reference executor, so the stored value is by construction what the
#: instruction sequence computes at run time (issue 19 item 4: no second evaluator of the intrinsics). A deliberate
#: exception to DESIGN §2, stated in session 25's closing note; the test below checks it opens no path upwards.
ALLOWED_LOWER = {("shader/hlsl", "shader/exec/reference")}


def _imports(path: Path) -> list[str]:
    """Project modules imported by ``path``, as paths relative to src/pyd3d11 (``shader/exec/reference``)."""
    here = path.relative_to(SRC).with_suffix("").parts
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(here[:-node.level]) if path.name != "__init__.py" or node.level > 1 else list(here[:-1])
                if path.name == "__init__.py":
                    base = list(here[: len(here) - node.level])
                mod = base + (node.module.split(".") if node.module else [])
            elif node.module and node.module.startswith("pyd3d11"):
                mod = node.module.split(".")[1:]
            else:
                continue
            names = [mod + [a.name] for a in node.names]
            out += ["/".join(m) for m in names]
        elif isinstance(node, ast.Import):
            out += ["/".join(a.name.split(".")[1:]) for a in node.names if a.name.startswith("pyd3d11.")]
    return out


def _modules(pkg: str) -> list[Path]:
    return sorted((SRC / pkg).rglob("*.py"))


@pytest.mark.parametrize("pkg", sorted(FORBIDDEN))
def test_layer_imports(pkg):
    bad = []
    for path in _modules(pkg):
        for imp in _imports(path):
            if any(pkg == a and (imp == m or imp.startswith(m + "/")) for a, m in ALLOWED | ALLOWED_LOWER):
                continue
            for f in FORBIDDEN[pkg]:
                if imp == f or imp.startswith(f + "/"):
                    bad.append(f"{path.relative_to(SRC)} imports {imp}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("pkg,module", sorted(ALLOWED))
def test_allowed_exceptions_are_leaves(pkg, module):
    """An allowed module imports no project module at all, so allowing it cannot open a path to any layer."""
    assert _imports(SRC / f"{module}.py") == []


@pytest.mark.parametrize("pkg,module", sorted(ALLOWED_LOWER))
def test_allowed_lower_layers_open_no_path_upwards(pkg, module):
    """The used layer may not import the user (no cycle) and forbids at least what the user's layer forbids, so
    nothing forbidden to ``pkg`` is reachable through ``module``."""
    layer = next(k for k in FORBIDDEN if module.startswith(k + "/"))
    assert pkg in FORBIDDEN[layer]
    assert set(FORBIDDEN[pkg]) - {layer} <= set(FORBIDDEN[layer])
