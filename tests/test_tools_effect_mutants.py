"""tools/effect_mutants.py: the effect mutants of the shared shader tests (session 38, helper EFX).

The seeds are the ``[effect]`` sections of the shared files and the pixel shaders of the effect-syntax files, each at
the fx targets its ``[require]`` allows (shader_runner.EFFECT_PROFILES); the mutants are deterministic for a salt
(so before/after figures compare like with like) and another salt gives others; a refusal agrees with an fxc message
that carries no error number."""

from __future__ import annotations

import pytest

from pyd3d11.tools import effect_mutants as em

pytestmark = pytest.mark.skipif(not em.CORPUS.exists(), reason="needs the shared shader tests")


def test_seeds_are_the_effect_sections_at_their_fx_targets() -> None:
    seeds = em.seeds()
    assert len(seeds) >= 37  # the nine effect files' 37 [effect] sections, and more
    assert all(set(s.targets) <= set(em.FX_TARGETS) and s.targets for s in seeds)
    fx2_only = [s for s in seeds if s.file.endswith("effect-initial-values-fx_2.shader_test")]
    assert fx2_only and all(s.targets == ("fx_2_0",) for s in fx2_only)  # "shader model < 3.0"
    assert any(s.file.endswith("fxgroup-syntax.shader_test") for s in seeds)
    assert not any(s.file.endswith("cbuffer.shader_test") for s in seeds)  # no effect syntax there


def test_mutants_are_deterministic_per_salt() -> None:
    seeds = em.seeds()[:4]
    a = [(m.op, m.target, m.source) for m in em.mutants(seeds, per_op=2)]
    b = [(m.op, m.target, m.source) for m in em.mutants(seeds, per_op=2)]
    c = [(m.op, m.target, m.source) for m in em.mutants(seeds, per_op=2, salt="other")]
    assert a == b and a != c
    assert {m[0] for m in a} >= {"target", "structure", "state", "variable"}


@pytest.mark.parametrize("ours,fxc,cls", [("X3000", "-", "agree"), ("ok", "-", "we-accept"), ("crash", "-", "crash"),
                                          ("X3000", "X3004", "number"), ("ok", "ok", "agree"), ("X3004", "ok", "we-reject")])
def test_judge(ours: str, fxc: str, cls: str) -> None:
    assert em.judge(ours, fxc) == cls
