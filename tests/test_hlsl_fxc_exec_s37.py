"""Run-time agreement with the real fxc's objects on the shader tests' programs (issue 15, session 37, helper MRUN).

Every expected column here is d3dcompiler_47 10.1's: values recorded from Microsoft's DLL run under Wine
(tools/wine_d3dcompiler) in session 37 -- fxc's own object of the same source run on the reference executor --
and instruction mnemonics read from the DLL's listings. The rules were found by running the shared vkd3d
``[test]`` programs and value mutants of them (an operand swapped, a literal, swizzle, intrinsic, type, width or
cast changed, a statement wrapped in ``if``/``for``, a loop attribute changed) with fxc's object and with ours,
and comparing every probe bit for bit.

1. ``tanh`` (MicrosoftDocs direct3dhlsl/dx-graphics-hlsl-tanh gives no expansion): fxc writes
   ``t = x * log2(e); p = exp(t); m = exp(-t); (p - m) * (1 / (p + m))`` at every target and flag, so the result
   is NaN where ``p`` overflows (|x| past ~88.7), 0 where ``1 / (p + m)`` is a denormal (x = 88), and +0 for -0.
   A constant argument folds to the true value (``tanh(100.0)`` is 1).
2. Reciprocals (convpairs.py): fxc folds a reciprocal of a reciprocal -- ``rcp(rcp(x))``, ``1 / (1 / x)``, and the
   mixed forms -- to ``x`` (``mov``; the source's modifiers and the outer saturate kept) whenever it optimises,
   IEEE strictness included (``mov [precise]``); /Od keeps both. With refactoring allowed it also folds
   ``x * rcp(x)`` to 1 and ``rsqrt(x) * rsqrt(x)`` to ``1 / x``. A modifier between the two (``rcp(-rcp(a))``,
   ``rcp(abs(rcp(a)))``), a saturate between them, ``2 / (2 / a)`` and products of other operands stay.
   MicrosoftDocs' rcp page says nothing of this; vkd3d's rcp.shader_test (``rcp(rcp(f))``) showed it: fxc's
   object returns ``f`` exactly, ours 7.6039996 for 7.604.
3. ``sin`` / ``cos`` (and ``sincos``) of a literal fold to a literal, also at /Od (fxc's listings), so what is
   computed from them folds too: vkd3d trigonometry's ``sincos(30, s, c)`` into ``int`` outputs is ``l(0, 0)``
   in fxc's object (ours was ``round_z`` of a run-time -0.988, i.e. -0). The folded words are the executor's
   sin/cos; fxc's own folder differs from them in the last bits for some arguments (recorded below: within 2 ulps
   except sin of pi, whose true value is tiny).
4. Dot products (intrinsics._fxc_lane_order, dotforms.py): where a dot's second operand is an input or
   constant-buffer register read through a swizzle, fxc orders the terms by that swizzle's components (a selection
   sort with swaps: ``dot(a.xyz, b.zyx)`` is ``dp3 a.zyx, b.xyz``), so the sum rounds in that order; and twice a
   two-term dot (``dot(a.xy, b.xy) * 2``, ``d + d``, ``reflect`` of 2-vectors) is one ``dp4 a.xxyy, b.xxyy``
   unless the dot has another use; a sum of up to four products of lanes of the same two registers is one ``dpN``
   (its terms in that order too: ``a.z*b.z + a.x*b.x + a.y*b.y`` is ``dp3 a.xyz, b.xyz``, re-associating the sum),
   not with a subtraction or another register's term. None of it under IEEE strictness. vkd3d's reflect.shader_test showed the second
   (2 ulps); the first came from probing its neighbourhood.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.tools import wine_d3dcompiler

_LIVE = wine_d3dcompiler.unavailable_reason()
_OD = 1 << 2  # D3DCOMPILE_SKIP_OPTIMIZATION

_SRC = "uint4 main(float4 a : A, float4 b : B) : SV_Target {{ return asuint({expr}); }}"
_NAN, _INF = float("nan"), float("inf")


def _compile(expr: str, flags: int = 0, target: str = "ps_5_0") -> bytes:
    from pyd3d11.shader.blob import blob_bytes

    return bytes(blob_bytes(D3DCompile(_SRC.format(expr=expr), None, "t.hlsl", None, None, "main", target, flags)))


def _run(blob: bytes, a, b=None) -> np.ndarray:
    """The program's o0 words, one row per row of ``a`` (v0) and ``b`` (v1)."""
    from pyd3d11.shader.exec import run_program
    from pyd3d11.shader.exec.bindings import Bindings
    from pyd3d11.tools.optdiff import _program

    a = np.asarray(a, np.float32)
    b = np.zeros_like(a) if b is None else np.asarray(b, np.float32)
    inputs = np.zeros((32, len(a), 4), np.uint32)
    inputs[0] = a.view(np.uint32)
    inputs[1] = b.view(np.uint32)
    return run_program(_program(blob), len(a), inputs=inputs, bindings=Bindings()).outputs[0].astype(np.uint32)


def _mnemonics(blob: bytes) -> list[str]:
    from pyd3d11.shader.compiler_tools import disassemble_with_flags

    return [ln.split()[0] for ln in disassemble_with_flags(blob, 0, None).splitlines()
            if ln.strip() and not ln.startswith(("//", "dcl_", "ps_", "vs_", "cs_"))]


# --- 1. tanh ----------------------------------------------------------------------------------------------------
TANH_A = [[0.5, -0.5, 1e-3, 3.0], [-7.0, 20.0, 44.5, 88.0], [89.0, -100.0, 0.0, -0.0],
          [_NAN, _INF, -_INF, 1e-30], [0.25, -2.5, 10.0, -44.0]]
#: fxc's object of ``tanh(a)`` (ps_5_0, default flags) on the executor, recorded under Wine in session 37
TANH_FXC = [[0x3EEC9A9E, 0xBEEC9A9E, 0x3A8312FC, 0x3F7EBBE8], [0xBF7FFFE6, 0x3F7FFFFF, 0x3F800000, 0x00000000],
            [0xFFC00000, 0xFFC00000, 0x00000000, 0x00000000], [0x7FC00000, 0xFFC00000, 0xFFC00000, 0x00000000],
            [0x3E7ACBF6, 0xBF7C92C2, 0x3F800000, 0xBF7FFFFF]]
#: the DLL's listing of ``tanh(a)`` (ps_5_0 and ps_4_0, default, /Od gives movs between)
TANH_OPS = ["mul", "exp", "exp", "add", "add", "div", "mul", "ret"]


@pytest.mark.parametrize("target", ["ps_5_0", "ps_4_0"])
def test_tanh_is_fxcs_expansion(target):
    blob = _compile("tanh(a)", 0, target)
    assert _mnemonics(blob) == TANH_OPS
    assert _run(blob, TANH_A).tolist() == TANH_FXC


def test_tanh_at_od_differs_only_in_movs():
    got = _run(_compile("tanh(a)", _OD), TANH_A)
    want = np.array(TANH_FXC, np.uint32)
    nan = np.isnan(want.view(np.float32))
    assert (got[~nan] == want[~nan]).all()
    assert np.isnan(got.view(np.float32)[nan]).all()


#: (four literal arguments, fxc's folded words: ``mov o0, l(...)``, also at /Od), recorded under Wine in session 37
TANH_FOLDS = [
    ((0.5, -0.5, 1e-3, 3.0), (0x3EEC9A9F, 0xBEEC9A9F, 0x3A83126C, 0x3F7EBBE9)),
    ((-7.0, 20.0, 44.5, 88.0), (0xBF7FFFE4, 0x3F800000, 0x3F800000, 0x3F800000)),
    ((89.0, -100.0, 0.0, -0.0), (0x3F800000, 0xBF800000, 0x00000000, 0x80000000)),
    ((0.25, -2.5, 10.0, -44.0), (0x3E7ACBF5, 0xBF7C92C1, 0x3F800000, 0xBF800000)),
    # tanh(1.3): fxc's 0x3f5c99e4 is the double tanh of the double literal 1.3 (of float32(1.3) it rounds to ...e3):
    # the front end folds literals in double (hlsl/litfold.py, session 42 MRUN; a strict xfail before)
    ((1e-30, 0.1, 0.7, 1.3), (0x0DA24260, 0x3DCC1EBC, 0x3F1AB7D9, 0x3F5C99E4)),
]


def _tanh_of(args) -> str:
    return "tanh(float4({}))".format(", ".join(repr(x) for x in args))


@pytest.mark.parametrize(("args", "words"), TANH_FOLDS)
@pytest.mark.parametrize("flags", [0, _OD])
def test_tanh_of_literals_folds(args, words, flags):
    blob = _compile(_tanh_of(args), flags)
    assert set(_mnemonics(blob)) == {"mov", "ret"}
    assert _run(blob, [[0, 0, 0, 0]])[0].tolist() == list(words)


def test_tanh_with_one_run_time_lane_keeps_the_sequence():
    """fxc's listing of ``tanh(float4(a.x, -100.0, 0.5, -0.0))``: the whole expansion, the literals moved in."""
    blob = _compile("tanh(float4(a.x, -100.0, 0.5, -0.0))")
    assert [op for op in _mnemonics(blob) if op != "mov"] == [op for op in TANH_OPS]


# --- 2. reciprocals ---------------------------------------------------------------------------------------------
RCP_A = [[3.0, 0.0, _INF, 1e-40], [-0.0, _NAN, 7.0, 1e38]]
RCP_B = [[2.0, 5.0, -1.0, 0.5], [0.25, 1.0, 3.0, -2.0]]
#: (expression, the arithmetic mnemonics of fxc's listing at default flags -- [] when it is movs alone --, the words
#: of fxc's object on the executor for RCP_A / RCP_B at default flags, at /Od, under IEEE strictness), recorded
#: under Wine in session 37
RCP_ROWS = [
    ('rcp(rcp(a))', [],
     (0x40400000, 0x00000000, 0x7F800000, 0x000116C2, 0x80000000, 0x7FC00000, 0x40E00000, 0x7E967699),
     (0x40400000, 0x00000000, 0x7F800000, 0x00000000, 0x80000000, 0x7FC00000, 0x40DFFFFF, 0x7F800000),
     (0x40400000, 0x00000000, 0x7F800000, 0x000116C2, 0x80000000, 0x7FC00000, 0x40E00000, 0x7E967699)),
    ('1/(1/a)', [],
     (0x40400000, 0x00000000, 0x7F800000, 0x000116C2, 0x80000000, 0x7FC00000, 0x40E00000, 0x7E967699),
     (0x40400000, 0x00000000, 0x7F800000, 0x00000000, 0x80000000, 0x7FC00000, 0x40DFFFFF, 0x7F800000),
     (0x40400000, 0x00000000, 0x7F800000, 0x000116C2, 0x80000000, 0x7FC00000, 0x40E00000, 0x7E967699)),
    ('rcp(1/a)', [],
     (0x40400000, 0x00000000, 0x7F800000, 0x000116C2, 0x80000000, 0x7FC00000, 0x40E00000, 0x7E967699),
     (0x40400000, 0x00000000, 0x7F800000, 0x00000000, 0x80000000, 0x7FC00000, 0x40DFFFFF, 0x7F800000),
     (0x40400000, 0x00000000, 0x7F800000, 0x000116C2, 0x80000000, 0x7FC00000, 0x40E00000, 0x7E967699)),
    ('1/rcp(a)', [],
     (0x40400000, 0x00000000, 0x7F800000, 0x000116C2, 0x80000000, 0x7FC00000, 0x40E00000, 0x7E967699),
     (0x40400000, 0x00000000, 0x7F800000, 0x00000000, 0x80000000, 0x7FC00000, 0x40DFFFFF, 0x7F800000),
     (0x40400000, 0x00000000, 0x7F800000, 0x000116C2, 0x80000000, 0x7FC00000, 0x40E00000, 0x7E967699)),
    ('2/(2/a)', ['div'],
     (0x40400000, 0x00000000, 0x7F800000, 0x00000000, 0x80000000, 0x7FC00000, 0x40DFFFFF, 0x7E967699),
     (0x40400000, 0x00000000, 0x7F800000, 0x00000000, 0x80000000, 0x7FC00000, 0x40DFFFFF, 0x7E967699),
     (0x40400000, 0x00000000, 0x7F800000, 0x00000000, 0x80000000, 0x7FC00000, 0x40DFFFFF, 0x7E967699)),
    ('rcp(-rcp(a))', ['rcp'],
     (0xC0400000, 0x80000000, 0xFF800000, 0x80000000, 0x00000000, 0xFFC00000, 0xC0DFFFFF, 0xFF800000),
     (0xC0400000, 0x80000000, 0xFF800000, 0x80000000, 0x00000000, 0xFFC00000, 0xC0DFFFFF, 0xFF800000),
     (0xC0400000, 0x80000000, 0xFF800000, 0x80000000, 0x00000000, 0xFFC00000, 0xC0DFFFFF, 0xFF800000)),
    ('-rcp(rcp(-a))', [],
     (0x40400000, 0x00000000, 0x7F800000, 0x000116C2, 0x80000000, 0x7FC00000, 0x40E00000, 0x7E967699),
     (0x40400000, 0x00000000, 0x7F800000, 0x00000000, 0x80000000, 0x7FC00000, 0x40DFFFFF, 0x7F800000),
     (0x40400000, 0x00000000, 0x7F800000, 0x000116C2, 0x80000000, 0x7FC00000, 0x40E00000, 0x7E967699)),
    ('rcp(rcp(a.x)).xxxx', [],
     (0x40400000, 0x40400000, 0x40400000, 0x40400000, 0x80000000, 0x80000000, 0x80000000, 0x80000000),
     (0x40400000, 0x40400000, 0x40400000, 0x40400000, 0x80000000, 0x80000000, 0x80000000, 0x80000000),
     (0x40400000, 0x40400000, 0x40400000, 0x40400000, 0x80000000, 0x80000000, 0x80000000, 0x80000000)),
    ('rcp(rcp(a)).wzyx', [],
     (0x000116C2, 0x7F800000, 0x00000000, 0x40400000, 0x7E967699, 0x40E00000, 0x7FC00000, 0x80000000),
     (0x00000000, 0x7F800000, 0x00000000, 0x40400000, 0x7F800000, 0x40DFFFFF, 0x7FC00000, 0x80000000),
     (0x000116C2, 0x7F800000, 0x00000000, 0x40400000, 0x7E967699, 0x40E00000, 0x7FC00000, 0x80000000)),
    ('saturate(rcp(rcp(a)))', [],
     (0x3F800000, 0x00000000, 0x3F800000, 0x000116C2, 0x00000000, 0x00000000, 0x3F800000, 0x3F800000),
     (0x3F800000, 0x00000000, 0x3F800000, 0x00000000, 0x00000000, 0x00000000, 0x3F800000, 0x3F800000),
     (0x3F800000, 0x00000000, 0x3F800000, 0x000116C2, 0x00000000, 0x00000000, 0x3F800000, 0x3F800000)),
    ('rcp(saturate(rcp(a)))', ['rcp'],
     (0x40400000, 0x3F800000, 0x7F800000, 0x3F800000, 0x7F800000, 0x7F800000, 0x40DFFFFF, 0x7F800000),
     (0x40400000, 0x3F800000, 0x7F800000, 0x3F800000, 0x7F800000, 0x7F800000, 0x40DFFFFF, 0x7F800000),
     (0x40400000, 0x3F800000, 0x7F800000, 0x3F800000, 0x7F800000, 0x7F800000, 0x40DFFFFF, 0x7F800000)),
    ('abs(rcp(rcp(a)))', [],
     (0x40400000, 0x00000000, 0x7F800000, 0x000116C2, 0x00000000, 0x7FC00000, 0x40E00000, 0x7E967699),
     (0x40400000, 0x00000000, 0x7F800000, 0x00000000, 0x00000000, 0x7FC00000, 0x40DFFFFF, 0x7F800000),
     (0x40400000, 0x00000000, 0x7F800000, 0x000116C2, 0x00000000, 0x7FC00000, 0x40E00000, 0x7E967699)),
    ('rcp(abs(rcp(a)))', ['rcp'],
     (0x40400000, 0x00000000, 0x7F800000, 0x00000000, 0x00000000, 0x7FC00000, 0x40DFFFFF, 0x7F800000),
     (0x40400000, 0x00000000, 0x7F800000, 0x00000000, 0x00000000, 0x7FC00000, 0x40DFFFFF, 0x7F800000),
     (0x40400000, 0x00000000, 0x7F800000, 0x00000000, 0x00000000, 0x7FC00000, 0x40DFFFFF, 0x7F800000)),
    ('a*rcp(a)', [],
     (0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000),
     (0x3F800000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0x7FC00000, 0x3F800000, 0x00000000),
     (0x3F800000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0x7FC00000, 0x3F800000, 0x00000000)),
    ('rcp(a)*a', [],
     (0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000),
     (0x3F800000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0x7FC00000, 0x3F800000, 0x00000000),
     (0x3F800000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0x7FC00000, 0x3F800000, 0x00000000)),
    ('a*(1/a)', [],
     (0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000),
     (0x3F800000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0x7FC00000, 0x3F800000, 0x00000000),
     (0x3F800000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0x7FC00000, 0x3F800000, 0x00000000)),
    ('b*rcp(a)', ['mul', 'rcp'],
     (0x3F2AAAAB, 0x7F800000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x3EDB6DB8, 0x80000000),
     (0x3F2AAAAB, 0x7F800000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x3EDB6DB8, 0x80000000),
     (0x3F2AAAAB, 0x7F800000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x3EDB6DB8, 0x80000000)),
    ('rsqrt(a)*rsqrt(a)', ['div'],
     (0x3EAAAAAB, 0x7F800000, 0x00000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x3E124925, 0x00000000),
     (0x3EAAAAAA, 0x7F800000, 0x00000000, 0x7F800000, 0x7F800000, 0x7FC00000, 0x3E124926, 0x00000000),
     (0x3EAAAAAA, 0x7F800000, 0x00000000, 0x7F800000, 0x7F800000, 0x7FC00000, 0x3E124926, 0x00000000)),
    ('rsqrt(a.x)*rsqrt(a.y)', ['mul', 'rsq'],
     (0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000),
     (0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000),
     (0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000)),
    ('rcp(rcp(a.x))*rcp(a.x)*a.x', [],
     (0x40400000, 0x40400000, 0x40400000, 0x40400000, 0x80000000, 0x80000000, 0x80000000, 0x80000000),
     (0x40400000, 0x40400000, 0x40400000, 0x40400000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0xFFC00000),
     (0x40400000, 0x40400000, 0x40400000, 0x40400000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0xFFC00000)),
    ('rcp(rcp(a*b))', ['mul'],
     (0x40C00000, 0x00000000, 0xFF800000, 0x00000000, 0x80000000, 0x7FC00000, 0x41A80000, 0xFF167699),
     (0x40C00000, 0x00000000, 0xFF800000, 0x00000000, 0x80000000, 0x7FC00000, 0x41A80000, 0xFF800000),
     (0x40C00000, 0x00000000, 0xFF800000, 0x00000000, 0x80000000, 0x7FC00000, 0x41A80000, 0xFF167699)),
    ('rcp(rcp(a)*b)', ['mul', 'rcp'],
     (0x3FC00000, 0x00000000, 0xFF800000, 0x00000000, 0x80000000, 0x7FC00000, 0x40155555, 0xFF800000),
     (0x3FC00000, 0x00000000, 0xFF800000, 0x00000000, 0x80000000, 0x7FC00000, 0x40155555, 0xFF800000),
     (0x3FC00000, 0x00000000, 0xFF800000, 0x00000000, 0x80000000, 0x7FC00000, 0x40155555, 0xFF800000)),
    ('rcp(rcp(a)) + rcp(a)*a', ['add'],
     (0x40800000, 0x3F800000, 0x7F800000, 0x3F800000, 0x3F800000, 0x7FC00000, 0x41000000, 0x7E967699),
     (0x40800000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0x7FC00000, 0x40FFFFFF, 0x7F800000),
     (0x40800000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0x7FC00000, 0x41000000, 0x7E967699)),
    ('1/(1/a.yx).yxyx', [],
     (0x40400000, 0x00000000, 0x40400000, 0x00000000, 0x80000000, 0x7FC00000, 0x80000000, 0x7FC00000),
     (0x40400000, 0x00000000, 0x40400000, 0x00000000, 0x80000000, 0x7FC00000, 0x80000000, 0x7FC00000),
     (0x40400000, 0x00000000, 0x40400000, 0x00000000, 0x80000000, 0x7FC00000, 0x80000000, 0x7FC00000)),
]
_IEEE = 1 << 13  # D3DCOMPILE_IEEE_STRICTNESS
_ARITH = ("rcp", "div", "rsq", "mul", "add")


def _arith(blob: bytes) -> list[str]:
    return sorted({op.removesuffix("_sat") for op in _mnemonics(blob)} & set(_ARITH))


@pytest.mark.parametrize(("expr", "ops", "folded", "od", "ieee"), RCP_ROWS, ids=[r[0] for r in RCP_ROWS])
def test_reciprocal_pairs(expr, ops, folded, od, ieee):
    blob = _compile(expr)
    assert _arith(blob) == sorted(set(ops)), expr
    for flags, want in ((0, folded), (_OD, od), (_IEEE, ieee)):
        got = _run(_compile(expr, flags), RCP_A, RCP_B).ravel().tolist()
        assert got == list(want), (expr, hex(flags))


def test_reciprocal_rows_tell_the_fold_apart():
    """The inputs separate each rule's fold from the two instructions (else the rows would test nothing): the
    folded words differ from /Od's, where both instructions run."""
    rows = {r[0]: r for r in RCP_ROWS}
    for expr in ("rcp(rcp(a))", "1/(1/a)", "a*rcp(a)", "rsqrt(a)*rsqrt(a)", "rcp(rcp(a.x))*rcp(a.x)*a.x"):
        _e, _ops, folded, od, _ieee = rows[expr]
        assert folded != od, expr


def test_reciprocal_pairs_across_a_branch_and_a_rewrite():
    """A variable holding rcp(a), rewritten under an ``if``, is no reciprocal of a after it (fxc 10.1's listing of
    ``r = rcp(a); if (b.x > 0) r = b; return rcp(r)``: rcp, movc, rcp); one that is not rewritten is."""
    body = "float4 r = rcp(a); if (b.x > 0) r = b; return asuint(rcp(r));"
    blob = bytes(__import__("pyd3d11.shader.blob", fromlist=["blob_bytes"]).blob_bytes(D3DCompile(
        f"uint4 main(float4 a : A, float4 b : B) : SV_Target {{ {body} }}", None, "t.hlsl", None, None, "main",
        "ps_5_0", 0)))
    assert _mnemonics(blob).count("rcp") == 2
    got = _run(blob, [[3.0, 3.0, 3.0, 3.0]], [[-1.0, 0, 0, 0]]).view(np.float32)[0]
    assert got.tolist() == [float(np.float32(1) / (np.float32(1) / np.float32(3)))] * 4


# --- 3. sin / cos of literals -----------------------------------------------------------------------------------
#: (function, four literal arguments, fxc's folded words -- its listing is one ``mov`` at default flags and /Od),
#: recorded under Wine in session 37
TRIG_FOLDS = [
    ("sin", (30.0, 0.5, -2.0, 1e5), (0xBF7CEFA4, 0x3EF57744, 0xBF68C7B7, 0x3D126D55)),
    ("sin", (100.0, 0.1, -0.0, 1.0), (0xBF01A12E, 0x3DCC7576, 0x80000000, 0x3F576AA4)),
    ("sin", (2.0, 10.0, -7.5, 30.0), (0x3F68C7B7, 0xBF0B44F8, 0xBF7020C4, 0xBF7CEFA4)),
    ("cos", (30.0, 0.5, -2.0, 1e5), (0x3E1DF418, 0x3F60A940, 0xBED51133, 0xBF7FD61C)),
    ("cos", (3.14159274, 100.0, 0.1, -0.0), (0xBF800000, 0x3F5CC0EE, 0x3F7EB898, 0x3F800000)),
    ("cos", (1.0, 2.0, 10.0, -7.5), (0x3F0A5140, 0xBED51133, 0xBF56CD64, 0x3EB17A2F)),
]


def _trig_of(fn: str, args) -> str:
    return "{}(float4({}))".format(fn, ", ".join(repr(x) for x in args))


@pytest.mark.parametrize(("fn", "args", "words"), TRIG_FOLDS)
@pytest.mark.parametrize("flags", [0, _OD])
def test_sin_and_cos_of_literals_fold(fn, args, words, flags):
    blob = _compile(_trig_of(fn, args), flags)
    assert "sincos" not in _mnemonics(blob)
    got = _run(blob, [[0, 0, 0, 0]])[0].astype(np.int64)
    # the executor's sin/cos keep D3D11.3 §22.10.20's absolute error bound: at 1e5 (sin 0.0357) the folded word is
    # 174 ulps from fxc's folder, which there gives the double-precision value rounded
    near = np.abs(np.array(args)) < 1000
    assert (np.abs(got - np.array(words, np.int64))[near] <= 2).all(), [hex(w) for w in got]


@pytest.mark.parametrize("flags", [0, _OD])
def test_integer_sincos_of_a_literal_is_zero(flags):
    """vkd3d trigonometry.shader_test's ``int s, c; sincos(30, s, c); return float4(s, c, 0, 0)``: fxc's object
    writes ``l(0, 0, 0, 0)`` (+0: the conversions fold with the sine), not ``round_z``'s -0."""
    from pyd3d11.shader.blob import blob_bytes

    src = ("uint4 main(float4 a : A) : SV_Target { int s, c; sincos(30, s, c); "
           "return asuint(float4(s, c, (int)sin(30.0), (int)cos(30.0))); }")
    blob = bytes(blob_bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", flags)))
    assert _run(blob, [[0, 0, 0, 0]])[0].tolist() == [0, 0, 0, 0]


def test_sin_of_a_run_time_lane_stays_an_instruction():
    assert "sincos" in _mnemonics(_compile("sin(float4(a.x, 1.0, 2.0, 3.0))"))


# --- 4. dot products --------------------------------------------------------------------------------------------
def _words(text: str) -> tuple[int, ...]:
    return tuple(int(w, 16) for w in text.split())


#: eight rows of inputs (float words: seeded random values of mixed magnitudes, so that sums round by their order)
DOT_A = _words(
    "3c1370ac bd3bc022 c64d536a 3d86e6bb 46154909 4251da38 c1cca95b c4bfeaeb "
    "476fb312 416f193b bfbf4e79 3a7e5d71 3a92ae45 432e1b14 c4a76445 bf23eb97 "
    "c70d680a 442cb9bf 3db82f16 bdca1b4c c61f9601 b8127e2c bc8f3fcd 3f7228ad "
    "c529c6c7 c42f0866 bc7319e2 46645e38 bf70523f 4196d92e 416dcca6 44e5d784")
DOT_B = _words(
    "419baae6 c5b7f439 3e191dbd c335401e c2db9089 432f066e c61c8146 ba5cb0a1 "
    "c026a2e6 bf5321de c643a13f bc277514 c188065a 44bd2431 3bfc34e6 436265a3 "
    "c607e867 46874bc7 3cd26c89 459ea620 3a3d386f c828dd13 48102369 baad8c3b "
    "befe91df 3ccfae41 c26adf34 c49d6618 c06f709b c4f2b1ce ba93d1b0 4434e97f")
#: (expression, the words of fxc's object on the executor for DOT_A / DOT_B at default flags, under IEEE
#: strictness), recorded under Wine in session 37
DOT_ROWS = [
    ('dot(a.xyz, b.zyx)', _words(
        "c87971b1 c87971b1 c87971b1 c87971b1 ccb681ed ccb681ed ccb681ed ccb681ed "
        "ce372c61 ce372c61 ce372c61 ce372c61 488bc0c8 488bc0c8 488bc0c8 488bc0c8 "
        "4b368b79 4b368b79 4b368b79 4b368b79 ceb3b4e7 ceb3b4e7 ceb3b4e7 ceb3b4e7 "
        "481bbf4a 481bbf4a 481bbf4a 481bbf4a c70f39ae c70f39ae c70f39ae c70f39ae"), _words(
        "c87971b1 c87971b1 c87971b1 c87971b1 ccb681ed ccb681ed ccb681ed ccb681ed "
        "ce372c61 ce372c61 ce372c61 ce372c61 488bc0c8 488bc0c8 488bc0c8 488bc0c8 "
        "4b368b79 4b368b79 4b368b79 4b368b79 ceb3b4e7 ceb3b4e7 ceb3b4e7 ceb3b4e7 "
        "481bbf49 481bbf49 481bbf49 481bbf49 c70f39ae c70f39ae c70f39ae c70f39ae")),
    ('dot(a.zyx, b.xyz)', _words(
        "c87971b1 c87971b1 c87971b1 c87971b1 ccb681ed ccb681ed ccb681ed ccb681ed "
        "ce372c61 ce372c61 ce372c61 ce372c61 488bc0c8 488bc0c8 488bc0c8 488bc0c8 "
        "4b368b79 4b368b79 4b368b79 4b368b79 ceb3b4e7 ceb3b4e7 ceb3b4e7 ceb3b4e7 "
        "481bbf4a 481bbf4a 481bbf4a 481bbf4a c70f39ae c70f39ae c70f39ae c70f39ae"), _words(
        "c87971b1 c87971b1 c87971b1 c87971b1 ccb681ed ccb681ed ccb681ed ccb681ed "
        "ce372c61 ce372c61 ce372c61 ce372c61 488bc0c8 488bc0c8 488bc0c8 488bc0c8 "
        "4b368b79 4b368b79 4b368b79 4b368b79 ceb3b4e7 ceb3b4e7 ceb3b4e7 ceb3b4e7 "
        "481bbf4a 481bbf4a 481bbf4a 481bbf4a c70f39ae c70f39ae c70f39ae c70f39ae")),
    ('dot(a.zw, b.yx)', _words(
        "4c938a82 4c938a82 4c938a82 4c938a82 48203aeb 48203aeb 48203aeb 48203aeb "
        "3f9d7434 3f9d7434 3f9d7434 3f9d7434 c9f7590b c9f7590b c9f7590b c9f7590b "
        "4516fd49 4516fd49 4516fd49 4516fd49 453cfb29 453cfb29 453cfb29 453cfb29 "
        "c5e3179d c5e3179d c5e3179d c5e3179d c70b9779 c70b9779 c70b9779 c70b9779"), _words(
        "4c938a82 4c938a82 4c938a82 4c938a82 48203aeb 48203aeb 48203aeb 48203aeb "
        "3f9d7434 3f9d7434 3f9d7434 3f9d7434 c9f7590b c9f7590b c9f7590b c9f7590b "
        "4516fd49 4516fd49 4516fd49 4516fd49 453cfb29 453cfb29 453cfb29 453cfb29 "
        "c5e3179d c5e3179d c5e3179d c5e3179d c70b9779 c70b9779 c70b9779 c70b9779")),
    ('dot(a.zxy, b.yzx)', _words(
        "4c938a82 4c938a82 4c938a82 4c938a82 ccb68cc8 ccb68cc8 ccb68cc8 ccb68cc8 "
        "ce372c62 ce372c62 ce372c62 ce372c62 c9f7b5e5 c9f7b5e5 c9f7b5e5 c9f7b5e5 "
        "cab7609c cab7609c cab7609c cab7609c ceb3b4cf ceb3b4cf ceb3b4cf ceb3b4cf "
        "481c1ac0 481c1ac0 481c1ac0 481c1ac0 c6e1fdb5 c6e1fdb5 c6e1fdb5 c6e1fdb5"), _words(
        "4c938a82 4c938a82 4c938a82 4c938a82 ccb68cc8 ccb68cc8 ccb68cc8 ccb68cc8 "
        "ce372c62 ce372c62 ce372c62 ce372c62 c9f7b5e5 c9f7b5e5 c9f7b5e5 c9f7b5e5 "
        "cab7609c cab7609c cab7609c cab7609c ceb3b4cf ceb3b4cf ceb3b4cf ceb3b4cf "
        "481c1ac0 481c1ac0 481c1ac0 481c1ac0 c6e1fdb5 c6e1fdb5 c6e1fdb5 c6e1fdb5")),
    ('dot(b.yx, a.zw)', _words(
        "4c938a82 4c938a82 4c938a82 4c938a82 48203aeb 48203aeb 48203aeb 48203aeb "
        "3f9d7434 3f9d7434 3f9d7434 3f9d7434 c9f7590b c9f7590b c9f7590b c9f7590b "
        "4516fd49 4516fd49 4516fd49 4516fd49 453cfb29 453cfb29 453cfb29 453cfb29 "
        "c5e3179d c5e3179d c5e3179d c5e3179d c70b9779 c70b9779 c70b9779 c70b9779"), _words(
        "4c938a82 4c938a82 4c938a82 4c938a82 48203aeb 48203aeb 48203aeb 48203aeb "
        "3f9d7434 3f9d7434 3f9d7434 3f9d7434 c9f7590b c9f7590b c9f7590b c9f7590b "
        "4516fd49 4516fd49 4516fd49 4516fd49 453cfb29 453cfb29 453cfb29 453cfb29 "
        "c5e3179d c5e3179d c5e3179d c5e3179d c70b9779 c70b9779 c70b9779 c70b9779")),
    ('dot(a.xyz, b.yxx)', _words(
        "c879c29d c879c29d c879c29d c879c29d 49cbc522 49cbc522 49cbc522 49cbc522 "
        "c745d352 c745d352 c745d352 c745d352 469ac58e 469ac58e 469ac58e 469ac58e "
        "ce16e648 ce16e648 ce16e648 ce16e648 4ed28882 4ed28882 4ed28882 4ed28882 "
        "438ba030 438ba030 438ba030 438ba030 44d40fe3 44d40fe3 44d40fe3 44d40fe3"), _words(
        "c879c29d c879c29d c879c29d c879c29d 49cbc522 49cbc522 49cbc522 49cbc522 "
        "c745d353 c745d353 c745d353 c745d353 469ac58e 469ac58e 469ac58e 469ac58e "
        "ce16e648 ce16e648 ce16e648 ce16e648 4ed28882 4ed28882 4ed28882 4ed28882 "
        "438ba030 438ba030 438ba030 438ba030 44d40fe3 44d40fe3 44d40fe3 44d40fe3")),
    ('dot(a.xyz, b.zzx)', _words(
        "c879b526 c879b526 c879b526 c879b526 ccb786ff ccb786ff ccb786ff ccb786ff "
        "ce3737cc ce3737cc ce3737cc ce3737cc 46b1e586 46b1e586 46b1e586 46b1e586 "
        "c4d3cb6f c4d3cb6f c4d3cb6f c4d3cb6f ceb3b4e7 ceb3b4e7 ceb3b4e7 ceb3b4e7 "
        "4843e94c 4843e94c 4843e94c 4843e94c c25e7f59 c25e7f59 c25e7f59 c25e7f59"), _words(
        "c879b526 c879b526 c879b526 c879b526 ccb786ff ccb786ff ccb786ff ccb786ff "
        "ce3737cc ce3737cc ce3737cc ce3737cc 46b1e586 46b1e586 46b1e586 46b1e586 "
        "c4d3cb6f c4d3cb6f c4d3cb6f c4d3cb6f ceb3b4e7 ceb3b4e7 ceb3b4e7 ceb3b4e7 "
        "4843e94b 4843e94b 4843e94b 4843e94b c25e7f59 c25e7f59 c25e7f59 c25e7f59")),
    ('dot(a, b.wzyx)', _words(
        "4c938a82 4c938a82 4c938a82 4c938a82 c8b0796f c8b0796f c8b0796f c8b0796f "
        "c837534e c837534e c837534e c837534e c9f758fe c9f758fe c9f758fe c9f758fe "
        "cd2f435b cd2f435b cd2f435b cd2f435b 453d810e 453d810e 453d810e 453d810e "
        "4a52d607 4a52d607 4a52d607 4a52d607 c70e3ed2 c70e3ed2 c70e3ed2 c70e3ed2"), _words(
        "4c938a82 4c938a82 4c938a82 4c938a82 c8b07971 c8b07971 c8b07971 c8b07971 "
        "c837534e c837534e c837534e c837534e c9f758fe c9f758fe c9f758fe c9f758fe "
        "cd2f435b cd2f435b cd2f435b cd2f435b 453d810d 453d810d 453d810d 453d810d "
        "4a52d607 4a52d607 4a52d607 4a52d607 c70e3ed3 c70e3ed3 c70e3ed3 c70e3ed3")),
    ('dot(a.yxwz, b.wzyx)', _words(
        "c87a1402 c87a1402 c87a1402 c87a1402 ccb7099f ccb7099f ccb7099f ccb7099f "
        "ce372c61 ce372c61 ce372c61 ce372c61 476f2192 476f2192 476f2192 476f2192 "
        "4a55e000 4a55e000 4a55e000 4a55e000 ceb3b9e5 ceb3b9e5 ceb3b9e5 ceb3b9e5 "
        "497e4400 497e4400 497e4400 497e4400 ca591107 ca591107 ca591107 ca591107"), _words(
        "c87a1402 c87a1402 c87a1402 c87a1402 ccb7099f ccb7099f ccb7099f ccb7099f "
        "ce372c61 ce372c61 ce372c61 ce372c61 476f2192 476f2192 476f2192 476f2192 "
        "4a55e000 4a55e000 4a55e000 4a55e000 ceb3b9e5 ceb3b9e5 ceb3b9e5 ceb3b9e5 "
        "497e43ff 497e43ff 497e43ff 497e43ff ca591107 ca591107 ca591107 ca591107")),
    ('length(a.zyx)', _words(
        "464d536a 464d536a 464d536a 464d536a 461549c0 461549c0 461549c0 461549c0 "
        "476fb313 476fb313 476fb313 476fb313 44a8ccee 44a8ccee 44a8ccee 44a8ccee "
        "470d6ea2 470d6ea2 470d6ea2 470d6ea2 461f9601 461f9601 461f9601 461f9601 "
        "452f532e 452f532e 452f532e 452f532e 41c0387a 41c0387a 41c0387a 41c0387a"), _words(
        "464d536a 464d536a 464d536a 464d536a 461549c0 461549c0 461549c0 461549c0 "
        "476fb313 476fb313 476fb313 476fb313 44a8ccee 44a8ccee 44a8ccee 44a8ccee "
        "470d6ea2 470d6ea2 470d6ea2 470d6ea2 461f9601 461f9601 461f9601 461f9601 "
        "452f532e 452f532e 452f532e 452f532e 41c0387b 41c0387b 41c0387b 41c0387b")),
    ('distance(a.zyx, b.xzy)', _words(
        "46614356 46614356 46614356 46614356 465702e3 465702e3 465702e3 465702e3 "
        "4774a725 4774a725 4774a725 4774a725 44fc1cec 44fc1cec 44fc1cec 44fc1cec "
        "4753d093 4753d093 4753d093 4753d093 485686d7 485686d7 485686d7 485686d7 "
        "452e725d 452e725d 452e725d 452e725d 44f2998d 44f2998d 44f2998d 44f2998d"), _words(
        "46614356 46614356 46614356 46614356 465702e3 465702e3 465702e3 465702e3 "
        "4774a725 4774a725 4774a725 4774a725 44fc1cec 44fc1cec 44fc1cec 44fc1cec "
        "4753d093 4753d093 4753d093 4753d093 485686d7 485686d7 485686d7 485686d7 "
        "452e725d 452e725d 452e725d 452e725d 44f2998d 44f2998d 44f2998d 44f2998d")),
    ('dot(a.xy, b.xy) * 2', _words(
        "4406ffdf 4406ffdf 4406ffdf 4406ffdf c9fdd5a2 c9fdd5a2 c9fdd5a2 c9fdd5a2 "
        "c89c09b8 c89c09b8 c89c09b8 c89c09b8 4900a29a 4900a29a 4900a29a 4900a29a "
        "4e1bd90b 4e1bd90b 4e1bd90b 4e1bd90b c02a9cee c02a9cee c02a9cee c02a9cee "
        "45269bfb 45269bfb 45269bfb 45269bfb c78efe90 c78efe90 c78efe90 c78efe90"), _words(
        "4406ffdf 4406ffdf 4406ffdf 4406ffdf c9fdd5a2 c9fdd5a2 c9fdd5a2 c9fdd5a2 "
        "c89c09b9 c89c09b9 c89c09b9 c89c09b9 4900a29a 4900a29a 4900a29a 4900a29a "
        "4e1bd90a 4e1bd90a 4e1bd90a 4e1bd90a c02a9cf0 c02a9cf0 c02a9cf0 c02a9cf0 "
        "45269bfb 45269bfb 45269bfb 45269bfb c78efe90 c78efe90 c78efe90 c78efe90")),
    ('2 * dot(a.xy, b.xy)', _words(
        "4406ffdf 4406ffdf 4406ffdf 4406ffdf c9fdd5a2 c9fdd5a2 c9fdd5a2 c9fdd5a2 "
        "c89c09b8 c89c09b8 c89c09b8 c89c09b8 4900a29a 4900a29a 4900a29a 4900a29a "
        "4e1bd90b 4e1bd90b 4e1bd90b 4e1bd90b c02a9cee c02a9cee c02a9cee c02a9cee "
        "45269bfb 45269bfb 45269bfb 45269bfb c78efe90 c78efe90 c78efe90 c78efe90"), _words(
        "4406ffdf 4406ffdf 4406ffdf 4406ffdf c9fdd5a2 c9fdd5a2 c9fdd5a2 c9fdd5a2 "
        "c89c09b9 c89c09b9 c89c09b9 c89c09b9 4900a29a 4900a29a 4900a29a 4900a29a "
        "4e1bd90a 4e1bd90a 4e1bd90a 4e1bd90a c02a9cf0 c02a9cf0 c02a9cf0 c02a9cf0 "
        "45269bfb 45269bfb 45269bfb 45269bfb c78efe90 c78efe90 c78efe90 c78efe90")),
    ('dot(a.xy, b.xy) + dot(a.xy, b.xy)', _words(
        "4406ffdf 4406ffdf 4406ffdf 4406ffdf c9fdd5a2 c9fdd5a2 c9fdd5a2 c9fdd5a2 "
        "c89c09b8 c89c09b8 c89c09b8 c89c09b8 4900a29a 4900a29a 4900a29a 4900a29a "
        "4e1bd90b 4e1bd90b 4e1bd90b 4e1bd90b c02a9cee c02a9cee c02a9cee c02a9cee "
        "45269bfb 45269bfb 45269bfb 45269bfb c78efe90 c78efe90 c78efe90 c78efe90"), _words(
        "4406ffdf 4406ffdf 4406ffdf 4406ffdf c9fdd5a2 c9fdd5a2 c9fdd5a2 c9fdd5a2 "
        "c89c09b9 c89c09b9 c89c09b9 c89c09b9 4900a29a 4900a29a 4900a29a 4900a29a "
        "4e1bd90a 4e1bd90a 4e1bd90a 4e1bd90a c02a9cf0 c02a9cf0 c02a9cf0 c02a9cf0 "
        "45269bfb 45269bfb 45269bfb 45269bfb c78efe90 c78efe90 c78efe90 c78efe90")),
    ('2 * dot(abs(a.xy), b.xy)', _words(
        "c406d30b c406d30b c406d30b c406d30b c9fdd5a2 c9fdd5a2 c9fdd5a2 c9fdd5a2 "
        "c89c09b8 c89c09b8 c89c09b8 c89c09b8 4900a29a 4900a29a 4900a29a 4900a29a "
        "ce106fe7 ce106fe7 ce106fe7 ce106fe7 402a9cee 402a9cee 402a9cee 402a9cee "
        "c5269bfb c5269bfb c5269bfb c5269bfb c78f0596 c78f0596 c78f0596 c78f0596"), _words(
        "c406d30b c406d30b c406d30b c406d30b c9fdd5a2 c9fdd5a2 c9fdd5a2 c9fdd5a2 "
        "c89c09b9 c89c09b9 c89c09b9 c89c09b9 4900a29a 4900a29a 4900a29a 4900a29a "
        "ce106fe8 ce106fe8 ce106fe8 ce106fe8 402a9cf0 402a9cf0 402a9cf0 402a9cf0 "
        "c5269bfb c5269bfb c5269bfb c5269bfb c78f0596 c78f0596 c78f0596 c78f0596")),
    ('float4(reflect(a.xy, b.xy), reflect(a.zw, b.zw))', _words(
        "c6242e0d 4a420365 c64416a8 c92ef44d cd59b2bd 4dad8b6c 4f98fbcb c489fc8f "
        "c93c27fe c880aec9 4ddf6f3b 43bf4221 4b08b326 ce3e1473 c4a717c9 478950ce "
        "54a579e0 d524bb2d 41ce9f25 4a9b3d5f c61f95ff c8e114a5 4e35a5fc c0bc70fe "
        "c4addfdb c43fed97 cf00d243 d12ca895 c885beac cd078ff4 453c8143 cee591c4"), _words(
        "c6242e0d 4a420365 c64416a8 c92ef44d cd59b2bd 4dad8b6c 4f98fbcc c489fc8f "
        "c93c2800 c880aeca 4ddf6f3b 43bf4221 4b08b326 ce3e1473 c4a717c9 478950cf "
        "54a579df d524bb2c 41ce9f25 4a9b3d5f c61f95ff c8e114a7 4e35a5fb c0bc70fd "
        "c4addfdb c43fed97 cf00d244 d12ca897 c885beac cd078ff4 453c8143 cee591c4")),
    ('dot(a.xyz, b.xyz) * 2', _words(
        "c553dd71 c553dd71 c553dd71 c553dd71 c9bf465c c9bf465c c9bf465c c9bf465c "
        "c889c390 c889c390 c889c390 c889c390 4900a150 4900a150 4900a150 4900a150 "
        "4e1bd90a 4e1bd90a 4e1bd90a 4e1bd90a c5a164bc c5a164bc c5a164bc c5a164bc "
        "4526b7dc 4526b7dc 4526b7dc 4526b7dc c78efe94 c78efe94 c78efe94 c78efe94"), _words(
        "c553dd71 c553dd71 c553dd71 c553dd71 c9bf465c c9bf465c c9bf465c c9bf465c "
        "c889c390 c889c390 c889c390 c889c390 4900a150 4900a150 4900a150 4900a150 "
        "4e1bd90a 4e1bd90a 4e1bd90a 4e1bd90a c5a164bc c5a164bc c5a164bc c5a164bc "
        "4526b7dc 4526b7dc 4526b7dc 4526b7dc c78efe94 c78efe94 c78efe94 c78efe94")),
    ('dot(a.xy, b.xy) * 3', _words(
        "444a7fce 444a7fce 444a7fce 444a7fce ca3e603a ca3e603a ca3e603a ca3e603a "
        "c8ea0e96 c8ea0e96 c8ea0e96 c8ea0e96 4940f3e7 4940f3e7 4940f3e7 4940f3e7 "
        "4e69c58f 4e69c58f 4e69c58f 4e69c58f c07feb68 c07feb68 c07feb68 c07feb68 "
        "4579e9f8 4579e9f8 4579e9f8 4579e9f8 c7d67dd8 c7d67dd8 c7d67dd8 c7d67dd8"), _words(
        "444a7fce 444a7fce 444a7fce 444a7fce ca3e603a ca3e603a ca3e603a ca3e603a "
        "c8ea0e96 c8ea0e96 c8ea0e96 c8ea0e96 4940f3e7 4940f3e7 4940f3e7 4940f3e7 "
        "4e69c58f 4e69c58f 4e69c58f 4e69c58f c07feb68 c07feb68 c07feb68 c07feb68 "
        "4579e9f8 4579e9f8 4579e9f8 4579e9f8 c7d67dd8 c7d67dd8 c7d67dd8 c7d67dd8")),
]

#: sums of products (dotforms.form_dots): (expression, fxc's words on DOT_A / DOT_B at default flags, under IEEE
#: strictness), recorded under Wine in session 37; the subtraction and the third register's addend stay mul/mad
SUM_ROWS = [
    ('a.x*b.x + a.y*b.y', _words(
        "4386ffdf 4386ffdf 4386ffdf 4386ffdf c97dd5a2 c97dd5a2 c97dd5a2 c97dd5a2 "
        "c81c09b9 c81c09b9 c81c09b9 c81c09b9 4880a29a 4880a29a 4880a29a 4880a29a "
        "4d9bd90a 4d9bd90a 4d9bd90a 4d9bd90a bfaa9cf0 bfaa9cf0 bfaa9cf0 bfaa9cf0 "
        "44a69bfb 44a69bfb 44a69bfb 44a69bfb c70efe90 c70efe90 c70efe90 c70efe90"), _words(
        "4386ffdf 4386ffdf 4386ffdf 4386ffdf c97dd5a2 c97dd5a2 c97dd5a2 c97dd5a2 "
        "c81c09b9 c81c09b9 c81c09b9 c81c09b9 4880a29a 4880a29a 4880a29a 4880a29a "
        "4d9bd90a 4d9bd90a 4d9bd90a 4d9bd90a bfaa9cf0 bfaa9cf0 bfaa9cf0 bfaa9cf0 "
        "44a69bfb 44a69bfb 44a69bfb 44a69bfb c70efe90 c70efe90 c70efe90 c70efe90")),
    ('a.x*b.x + a.y*b.y + a.z*b.z', _words(
        "c4d3dd71 c4d3dd71 c4d3dd71 c4d3dd71 c93f465c c93f465c c93f465c c93f465c "
        "c809c390 c809c390 c809c390 c809c390 4880a150 4880a150 4880a150 4880a150 "
        "4d9bd90a 4d9bd90a 4d9bd90a 4d9bd90a c52164bc c52164bc c52164bc c52164bc "
        "44a6b7dc 44a6b7dc 44a6b7dc 44a6b7dc c70efe94 c70efe94 c70efe94 c70efe94"), _words(
        "c4d3dd71 c4d3dd71 c4d3dd71 c4d3dd71 c93f465c c93f465c c93f465c c93f465c "
        "c809c390 c809c390 c809c390 c809c390 4880a150 4880a150 4880a150 4880a150 "
        "4d9bd90a 4d9bd90a 4d9bd90a 4d9bd90a c52164bc c52164bc c52164bc c52164bc "
        "44a6b7dc 44a6b7dc 44a6b7dc 44a6b7dc c70efe94 c70efe94 c70efe94 c70efe94")),
    ('(a.x*b.x + a.y*b.y) + (a.z*b.z + a.w*b.w)', _words(
        "c4d55b7d c4d55b7d c4d55b7d c4d55b7d c93f4647 c93f4647 c93f4647 c93f4647 "
        "c809c390 c809c390 c809c390 c809c390 48808f31 48808f31 48808f31 48808f31 "
        "4d9bd8fa 4d9bd8fa 4d9bd8fa 4d9bd8fa c52164c1 c52164c1 c52164c1 c52164c1 "
        "cb8c6640 cb8c6640 cb8c6640 cb8c6640 499df537 499df537 499df537 499df537"), _words(
        "c4d55b7d c4d55b7d c4d55b7d c4d55b7d c93f4647 c93f4647 c93f4647 c93f4647 "
        "c809c390 c809c390 c809c390 c809c390 48808f31 48808f31 48808f31 48808f31 "
        "4d9bd8fa 4d9bd8fa 4d9bd8fa 4d9bd8fa c52164c1 c52164c1 c52164c1 c52164c1 "
        "cb8c6641 cb8c6641 cb8c6641 cb8c6641 499df538 499df538 499df538 499df538")),
    ('a.x*b.x + (a.y*b.y + a.z*b.z)', _words(
        "c4d3dd71 c4d3dd71 c4d3dd71 c4d3dd71 c93f465c c93f465c c93f465c c93f465c "
        "c809c390 c809c390 c809c390 c809c390 4880a150 4880a150 4880a150 4880a150 "
        "4d9bd90a 4d9bd90a 4d9bd90a 4d9bd90a c52164bc c52164bc c52164bc c52164bc "
        "44a6b7dc 44a6b7dc 44a6b7dc 44a6b7dc c70efe94 c70efe94 c70efe94 c70efe94"), _words(
        "c4d3dd72 c4d3dd72 c4d3dd72 c4d3dd72 c93f465c c93f465c c93f465c c93f465c "
        "c809c390 c809c390 c809c390 c809c390 4880a150 4880a150 4880a150 4880a150 "
        "4d9bd90a 4d9bd90a 4d9bd90a 4d9bd90a c52164bc c52164bc c52164bc c52164bc "
        "44a6b7dc 44a6b7dc 44a6b7dc 44a6b7dc c70efe94 c70efe94 c70efe94 c70efe94")),
    ('a.z*b.z + a.x*b.x + a.y*b.y', _words(
        "c4d3dd71 c4d3dd71 c4d3dd71 c4d3dd71 c93f465c c93f465c c93f465c c93f465c "
        "c809c390 c809c390 c809c390 c809c390 4880a150 4880a150 4880a150 4880a150 "
        "4d9bd90a 4d9bd90a 4d9bd90a 4d9bd90a c52164bc c52164bc c52164bc c52164bc "
        "44a6b7dc 44a6b7dc 44a6b7dc 44a6b7dc c70efe94 c70efe94 c70efe94 c70efe94"), _words(
        "c4d3dd72 c4d3dd72 c4d3dd72 c4d3dd72 c93f465c c93f465c c93f465c c93f465c "
        "c809c390 c809c390 c809c390 c809c390 4880a151 4880a151 4880a151 4880a151 "
        "4d9bd90a 4d9bd90a 4d9bd90a 4d9bd90a c52164bc c52164bc c52164bc c52164bc "
        "44a6b7dc 44a6b7dc 44a6b7dc 44a6b7dc c70efe94 c70efe94 c70efe94 c70efe94")),
    ('a.z*b.x + a.x*b.z + a.y*b.y', _words(
        "c87971b1 c87971b1 c87971b1 c87971b1 ccb681ed ccb681ed ccb681ed ccb681ed "
        "ce372c61 ce372c61 ce372c61 ce372c61 488bc0c8 488bc0c8 488bc0c8 488bc0c8 "
        "4b368b79 4b368b79 4b368b79 4b368b79 ceb3b4e7 ceb3b4e7 ceb3b4e7 ceb3b4e7 "
        "481bbf4a 481bbf4a 481bbf4a 481bbf4a c70f39ae c70f39ae c70f39ae c70f39ae"), _words(
        "c87971b1 c87971b1 c87971b1 c87971b1 ccb681ed ccb681ed ccb681ed ccb681ed "
        "ce372c61 ce372c61 ce372c61 ce372c61 488bc0c8 488bc0c8 488bc0c8 488bc0c8 "
        "4b368b79 4b368b79 4b368b79 4b368b79 ceb3b4e7 ceb3b4e7 ceb3b4e7 ceb3b4e7 "
        "481bbf49 481bbf49 481bbf49 481bbf49 c70f39ad c70f39ad c70f39ad c70f39ad")),
    ('b.x*a.x + a.y*b.y', _words(
        "4386ffdf 4386ffdf 4386ffdf 4386ffdf c97dd5a2 c97dd5a2 c97dd5a2 c97dd5a2 "
        "c81c09b9 c81c09b9 c81c09b9 c81c09b9 4880a29a 4880a29a 4880a29a 4880a29a "
        "4d9bd90a 4d9bd90a 4d9bd90a 4d9bd90a bfaa9cf0 bfaa9cf0 bfaa9cf0 bfaa9cf0 "
        "44a69bfb 44a69bfb 44a69bfb 44a69bfb c70efe90 c70efe90 c70efe90 c70efe90"), _words(
        "4386ffdf 4386ffdf 4386ffdf 4386ffdf c97dd5a2 c97dd5a2 c97dd5a2 c97dd5a2 "
        "c81c09b9 c81c09b9 c81c09b9 c81c09b9 4880a29a 4880a29a 4880a29a 4880a29a "
        "4d9bd90a 4d9bd90a 4d9bd90a 4d9bd90a bfaa9cf0 bfaa9cf0 bfaa9cf0 bfaa9cf0 "
        "44a69bfb 44a69bfb 44a69bfb 44a69bfb c70efe90 c70efe90 c70efe90 c70efe90")),
    ('a.x*b.x + b.y*a.y + a.z*b.z', _words(
        "c4d3dd71 c4d3dd71 c4d3dd71 c4d3dd71 c93f465c c93f465c c93f465c c93f465c "
        "c809c390 c809c390 c809c390 c809c390 4880a150 4880a150 4880a150 4880a150 "
        "4d9bd90a 4d9bd90a 4d9bd90a 4d9bd90a c52164bc c52164bc c52164bc c52164bc "
        "44a6b7dc 44a6b7dc 44a6b7dc 44a6b7dc c70efe94 c70efe94 c70efe94 c70efe94"), _words(
        "c4d3dd71 c4d3dd71 c4d3dd71 c4d3dd71 c93f465c c93f465c c93f465c c93f465c "
        "c809c390 c809c390 c809c390 c809c390 4880a150 4880a150 4880a150 4880a150 "
        "4d9bd90a 4d9bd90a 4d9bd90a 4d9bd90a c52164bc c52164bc c52164bc c52164bc "
        "44a6b7dc 44a6b7dc 44a6b7dc 44a6b7dc c70efe94 c70efe94 c70efe94 c70efe94")),
    ('a.w*b.w + a.z*b.z + a.y*b.y + a.x*b.x', _words(
        "c4d55b7d c4d55b7d c4d55b7d c4d55b7d c93f4647 c93f4647 c93f4647 c93f4647 "
        "c809c390 c809c390 c809c390 c809c390 48808f31 48808f31 48808f31 48808f31 "
        "4d9bd8fa 4d9bd8fa 4d9bd8fa 4d9bd8fa c52164c1 c52164c1 c52164c1 c52164c1 "
        "cb8c6640 cb8c6640 cb8c6640 cb8c6640 499df537 499df537 499df537 499df537"), _words(
        "c4d55b7e c4d55b7e c4d55b7e c4d55b7e c93f4647 c93f4647 c93f4647 c93f4647 "
        "c809c390 c809c390 c809c390 c809c390 48808f31 48808f31 48808f31 48808f31 "
        "4d9bd8fb 4d9bd8fb 4d9bd8fb 4d9bd8fb c52164c1 c52164c1 c52164c1 c52164c1 "
        "cb8c6641 cb8c6641 cb8c6641 cb8c6641 499df537 499df537 499df537 499df537")),
    ('a.x*b.x + a.y*b.y + a.x', _words(
        "43870106 43870106 43870106 43870106 c97b807e c97b807e c97b807e c97b807e "
        "c7c039e9 c7c039e9 c7c039e9 c7c039e9 4880a29a 4880a29a 4880a29a 4880a29a "
        "4d9bd49f 4d9bd49f 4d9bd49f 4d9bd49f c61f9b56 c61f9b56 c61f9b56 c61f9b56 "
        "c4acf193 c4acf193 c4acf193 c4acf193 c70eff80 c70eff80 c70eff80 c70eff80"), _words(
        "43870106 43870106 43870106 43870106 c97b807e c97b807e c97b807e c97b807e "
        "c7c039e9 c7c039e9 c7c039e9 c7c039e9 4880a29a 4880a29a 4880a29a 4880a29a "
        "4d9bd49f 4d9bd49f 4d9bd49f 4d9bd49f c61f9b56 c61f9b56 c61f9b56 c61f9b56 "
        "c4acf193 c4acf193 c4acf193 c4acf193 c70eff80 c70eff80 c70eff80 c70eff80")),
    ('a.x*b.x - a.y*b.y + a.z*b.z', _words(
        "c50ba916 c50ba916 c50ba916 c50ba916 c943c228 c943c228 c943c228 c943c228 "
        "c809bd66 c809bd66 c809bd66 c809bd66 c880a3e6 c880a3e6 c880a3e6 c880a3e6 "
        "4d906fe8 4d906fe8 4d906fe8 4d906fe8 c52225fe c52225fe c52225fe c52225fe "
        "44ab27d4 44ab27d4 44ab27d4 44ab27d4 470f0592 470f0592 470f0592 470f0592"), _words(
        "c50ba916 c50ba916 c50ba916 c50ba916 c943c228 c943c228 c943c228 c943c228 "
        "c809bd66 c809bd66 c809bd66 c809bd66 c880a3e6 c880a3e6 c880a3e6 c880a3e6 "
        "4d906fe8 4d906fe8 4d906fe8 4d906fe8 c52225fe c52225fe c52225fe c52225fe "
        "44ab27d4 44ab27d4 44ab27d4 44ab27d4 470f0592 470f0592 470f0592 470f0592")),
    ('a.y*b.x + a.x*b.x', _words(
        "bf378183 bf378183 bf378183 bf378183 c980bdc0 c980bdc0 c980bdc0 c980bdc0 "
        "c81c105e c81c105e c81c105e c81c105e c53905b7 c53905b7 c53905b7 c53905b7 "
        "4d9346e3 4d9346e3 4d9346e3 4d9346e3 c0ebe9d9 c0ebe9d9 c0ebe9d9 c0ebe9d9 "
        "44d4577b 44d4577b 44d4577b 44d4577b c28610e8 c28610e8 c28610e8 c28610e8"), _words(
        "bf378183 bf378183 bf378183 bf378183 c980bdc0 c980bdc0 c980bdc0 c980bdc0 "
        "c81c105e c81c105e c81c105e c81c105e c53905b7 c53905b7 c53905b7 c53905b7 "
        "4d9346e3 4d9346e3 4d9346e3 4d9346e3 c0ebe9d9 c0ebe9d9 c0ebe9d9 c0ebe9d9 "
        "44d4577b 44d4577b 44d4577b 44d4577b c28610e8 c28610e8 c28610e8 c28610e8")),
    ('dot(a.xyz, b.xyz) + a.w*b.w', _words(
        "c4d55b7d c4d55b7d c4d55b7d c4d55b7d c93f4647 c93f4647 c93f4647 c93f4647 "
        "c809c390 c809c390 c809c390 c809c390 48808f31 48808f31 48808f31 48808f31 "
        "4d9bd8fa 4d9bd8fa 4d9bd8fa 4d9bd8fa c52164c1 c52164c1 c52164c1 c52164c1 "
        "cb8c6640 cb8c6640 cb8c6640 cb8c6640 499df537 499df537 499df537 499df537"), _words(
        "c4d55b7d c4d55b7d c4d55b7d c4d55b7d c93f4647 c93f4647 c93f4647 c93f4647 "
        "c809c390 c809c390 c809c390 c809c390 48808f31 48808f31 48808f31 48808f31 "
        "4d9bd8fa 4d9bd8fa 4d9bd8fa 4d9bd8fa c52164c1 c52164c1 c52164c1 c52164c1 "
        "cb8c6640 cb8c6640 cb8c6640 cb8c6640 499df537 499df537 499df537 499df537")),
    ('a.x*a.x + (a.z*a.z + a.y*a.y)', _words(
        "4d24aeb3 4d24aeb3 4d24aeb3 4d24aeb3 4cae1ddd 4cae1ddd 4cae1ddd 4cae1ddd "
        "4f606fda 4f606fda 4f606fda 4f606fda 49de9b3a 49de9b3a 49de9b3a 49de9b3a "
        "4e9c461c 4e9c461c 4e9c461c 4e9c461c 4cc6f75a 4cc6f75a 4cc6f75a 4cc6f75a "
        "4af025a9 4af025a9 4af025a9 4af025a9 441054c4 441054c4 441054c4 441054c4"), _words(
        "4d24aeb3 4d24aeb3 4d24aeb3 4d24aeb3 4cae1ddd 4cae1ddd 4cae1ddd 4cae1ddd "
        "4f606fda 4f606fda 4f606fda 4f606fda 49de9b3a 49de9b3a 49de9b3a 49de9b3a "
        "4e9c461c 4e9c461c 4e9c461c 4e9c461c 4cc6f75a 4cc6f75a 4cc6f75a 4cc6f75a "
        "4af025a9 4af025a9 4af025a9 4af025a9 441054c5 441054c5 441054c5 441054c5")),
    ('(a.x*b.x + a.y*b.y) + (a.z*b.z + a.w*b.w) + a.x*b.y', _words(
        "c4dbfaa0 c4dbfaa0 c4dbfaa0 c4dbfaa0 4958fc6d 4958fc6d 4958fc6d 4958fc6d "
        "c83b2fa4 c83b2fa4 c83b2fa4 c83b2fa4 48808f67 48808f67 48808f67 48808f67 "
        "cd8f15e8 cd8f15e8 cd8f15e8 cd8f15e8 4ed2886e 4ed2886e 4ed2886e 4ed2886e "
        "cb8c6662 cb8c6662 cb8c6662 cb8c6662 499e2e2c 499e2e2c 499e2e2c 499e2e2c"), _words(
        "c4dbfaa0 c4dbfaa0 c4dbfaa0 c4dbfaa0 4958fc6d 4958fc6d 4958fc6d 4958fc6d "
        "c83b2fa4 c83b2fa4 c83b2fa4 c83b2fa4 48808f67 48808f67 48808f67 48808f67 "
        "cd8f15e8 cd8f15e8 cd8f15e8 cd8f15e8 4ed2886e 4ed2886e 4ed2886e 4ed2886e "
        "cb8c6663 cb8c6663 cb8c6663 cb8c6663 499e2e2d 499e2e2d 499e2e2d 499e2e2d")),
]


def _dot_inputs() -> tuple[np.ndarray, np.ndarray]:
    return (np.array(DOT_A, np.uint32).view(np.float32).reshape(8, 4),
            np.array(DOT_B, np.uint32).view(np.float32).reshape(8, 4))


@pytest.mark.parametrize(("expr", "folded", "ieee"), DOT_ROWS + SUM_ROWS, ids=[r[0] for r in DOT_ROWS + SUM_ROWS])
def test_dot_forms(expr, folded, ieee):
    a, b = _dot_inputs()
    for flags, want in ((0, folded), (_IEEE, ieee)):
        got = _run(_compile(expr, flags), a, b).ravel().tolist()
        assert got == list(want), (expr, hex(flags))


def test_dot_rows_tell_the_order_apart():
    """The inputs make the orders round differently: a source-order dp3 of ``dot(a.xyz, b.zyx)`` and 2·dp2 of
    ``dot(a.xy, b.xy) * 2`` (computed here in numpy, term by term in float32) differ from fxc's words."""
    a, b = _dot_inputs()
    rows = {r[0]: r for r in DOT_ROWS}
    p = a[:, :3] * b[:, [2, 1, 0]]
    source_order = ((p[:, 0] + p[:, 1]) + p[:, 2]).astype(np.float32)
    assert source_order.view(np.uint32).tolist() != list(rows["dot(a.xyz, b.zyx)"][1][::4])
    q = a[:, :2] * b[:, :2]
    twice = ((q[:, 0] + q[:, 1]) * np.float32(2)).astype(np.float32)
    assert twice.view(np.uint32).tolist() != list(rows["dot(a.xy, b.xy) * 2"][1][::4])


def test_a_doubled_dot_with_another_use_stays():
    """fxc's listing of ``float d = dot(a.xy, b.xy); return float4(d * 2, d, 0, 1)``: dp2, add, mov."""
    from pyd3d11.shader.blob import blob_bytes

    src = ("float4 main(float4 a : A, float4 b : B) : SV_Target { float d = dot(a.xy, b.xy); "
           "return float4(d * 2, d, 0, 1); }")
    ops = _mnemonics(bytes(blob_bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", 0))))
    assert "dp2" in ops and "dp4" not in ops


def test_doubled_dot_pass_on_instruction_lists():
    """dotforms.fold_doubled_dots on hand-made code: the rewrite, and the cases it must leave -- a dot that read the
    register it writes, a dot whose operand changes before the doubling, a doubling by 3."""
    from pyd3d11.shader.hlsl.dotforms import fold_doubled_dots
    from pyd3d11.shader.hlsl.operands import Ins, Reg

    def r(t, comps):
        return Reg("r", (t,), None, comps)

    cb = Reg("cb", (0, 1), None, (0, 1))
    two = Reg("l", imm=(0x40000000,))
    plain = [Ins("dp2", [r(0, (0,)), r(1, (0, 1)), cb]), Ins("mul", [r(2, (0,)), r(0, (0,)), two])]
    out, changed = fold_doubled_dots(plain)
    assert changed and out[1].op == "dp4" and out[1].args[1].comps == (0, 0, 1, 1)
    own = [Ins("dp2", [r(0, (0,)), r(0, (0, 1)), cb]), Ins("add", [r(2, (0,)), r(0, (0,)), r(0, (0,))])]
    assert not fold_doubled_dots(own)[1]
    moved = [plain[0], Ins("mov", [r(1, (0,)), cb]), plain[1]]
    assert not fold_doubled_dots(moved)[1]
    three = [plain[0], Ins("mul", [r(2, (0,)), r(0, (0,)), Reg("l", imm=(0x40400000,))])]
    assert not fold_doubled_dots(three)[1]


#: /Od and IEEE strictness, constant-buffer operands: (expression, the dp's operand swizzles in fxc 10.1's listing --
#: the used lanes --, flags), recorded under Wine in session 37 (the optimiser does not run at /Od and does not order
#: under IEEE strictness: the order is the code generator's)
OD_DOT_ORDER = [
    ("dot(a.xyz, b.zyx)", "dp3", "zyx", "xyz", _OD),
    ("dot(a.xyz, b.yxx)", "dp3", "yzx", "xxy", _OD),
    ("dot(a.zw, b.yx)", "dp2", "wz", "xy", _OD),
    ("dot(a.xyz, b.zyx)", "dp3", "xyz", "zyx", _IEEE),  # IEEE strictness: the source order (``dp3 [precise]``)
]


@pytest.mark.parametrize(("expr", "op", "sa", "sb", "flags"), OD_DOT_ORDER,
                         ids=[f"{r[0]}-{r[4]:#x}" for r in OD_DOT_ORDER])
def test_dot_order_at_od(expr, op, sa, sb, flags):
    from pyd3d11.shader.blob import blob_bytes
    from pyd3d11.shader.compiler_tools import disassemble_with_flags

    src = f"cbuffer K {{ float4 a, b; }}; float4 main() : SV_Target {{ return {expr}; }}"
    blob = bytes(blob_bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", flags)))
    line = next(ln for ln in disassemble_with_flags(blob, 0, None).splitlines() if ln.strip().startswith(op))
    _dst, a, b = (x.strip() for x in line.split(None, 1)[1].split(","))
    n = len(sa)
    assert (a.split(".")[1][:n], b.split(".")[1][:n]) == (sa, sb), line


@pytest.mark.skipif(_LIVE is not None, reason=f"live d3dcompiler_47: {_LIVE}")
def test_recorded_rows_against_the_live_dll():
    real = wine_d3dcompiler.shared()
    got = real.compile(_SRC.format(expr="tanh(a)"), "ps_5_0", "main", 0)
    assert got.ok, got.messages
    assert _mnemonics(got.blob) == TANH_OPS
    assert _run(got.blob, TANH_A).tolist() == TANH_FXC
    for args, words in [getattr(p, "values", p) for p in TANH_FOLDS]:
        got = real.compile(_SRC.format(expr=_tanh_of(args)), "ps_5_0", "main", 0)
        assert _run(got.blob, [[0, 0, 0, 0]])[0].tolist() == list(words)
    for expr, _ops, folded, od, ieee in RCP_ROWS:
        for flags, want in ((0, folded), (_OD, od), (_IEEE, ieee)):
            got = real.compile(_SRC.format(expr=expr), "ps_5_0", "main", flags)
            assert got.ok, got.messages
            assert _run(got.blob, RCP_A, RCP_B).ravel().tolist() == list(want), (expr, flags)
    for fn, args, words in TRIG_FOLDS:
        for flags in (0, _OD):
            got = real.compile(_SRC.format(expr=_trig_of(fn, args)), "ps_5_0", "main", flags)
            assert _run(got.blob, [[0, 0, 0, 0]])[0].tolist() == list(words), (fn, args)
    a, b = _dot_inputs()
    for expr, folded, ieee in DOT_ROWS + SUM_ROWS:
        for flags, want in ((0, folded), (_IEEE, ieee)):
            got = real.compile(_SRC.format(expr=expr), "ps_5_0", "main", flags)
            assert _run(got.blob, a, b).ravel().tolist() == list(want), (expr, flags)
