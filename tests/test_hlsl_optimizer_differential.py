"""The optimiser keeps every output bit: each SlimShader corpus vertex/pixel shader is compiled with and
without optimize.py's passes and both programs run on the same random inputs, constant buffers and
hashed texels (pyd3d11.tools.optdiff). This found a CSE copy that read the wrong lanes (``mov r.yz,
first.yz`` is the swizzle yzzz) and a parser slip that made ``in out`` parameters out-only."""

from __future__ import annotations

import pytest
from conftest import conformance_path
from test_hlsl_slimshader import DEFINES, ENTRIES, ROOT, FolderInclude, profile_of, source_for

from pyd3d11.tools.optdiff import compile_both, run_same_inputs

#: entries whose inputs cannot be random: POM_PS loops lerp(g_nMaxSamples, g_nMinSamples, …) times;
#: DynamicShaderLinkage11_PS needs bound class instances (fcall)
_SKIP = {"POM_PS.o", "DynamicShaderLinkage11_PS.o"}


def _vs_ps(obj: str) -> bool:
    """Vertex and pixel shaders only: the reference executor runs those stages alone (an absent corpus
    keeps every entry so that conformance_path skips them)."""
    o = ROOT / obj
    return not o.exists() or profile_of(o)[:2] in ("vs", "ps")


_CASES = [(o, e) for o, e, _ in ENTRIES if o.rsplit("/", 1)[-1] not in _SKIP and _vs_ps(o)]


@pytest.mark.parametrize(("obj", "entry"), _CASES, ids=[c[0].rsplit("/", 1)[-1] for c in _CASES])
def test_optimised_and_unoptimised_programs_agree(obj: str, entry: str):
    o = conformance_path("dxbc-corpus", "slimshader", obj)
    prof = profile_of(o)
    h = source_for(o)
    on, off = compile_both(h.read_bytes(), h.name, entry, prof, DEFINES.get(o.name), FolderInclude(o.parent))
    assert on != off  # the optimiser did something to compare
    assert run_same_inputs(on, off, lanes=8, seed=1) is None
