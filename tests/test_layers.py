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
ALLOWED = {("shader/ops", "formats/numerics")}


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
            if any(pkg == a and (imp == m or imp.startswith(m + "/")) for a, m in ALLOWED):
                continue
            for f in FORBIDDEN[pkg]:
                if imp == f or imp.startswith(f + "/"):
                    bad.append(f"{path.relative_to(SRC)} imports {imp}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("pkg,module", sorted(ALLOWED))
def test_allowed_exceptions_are_leaves(pkg, module):
    """An allowed module imports no project module at all, so allowing it cannot open a path to any layer."""
    assert _imports(SRC / f"{module}.py") == []
