"""sm2/vectorize.py (merged lanes) and sm2/defpack.py (packed literals), session 27 helper MUT (issue 19 item 3).

Both rewrites must leave every value the program computes unchanged: a component-wise instruction computes each
destination lane from the same lane of its sources (Asm Shader Reference, "add - ps", "mad - ps", "cmp - ps",
...), dp3 / dp4 read lanes xyz / xyzw, dp2add xy and its third source's one component, rcp / rsq the one
component of a replicate swizzle. The oracle is a direct evaluation of those definitions on random straight-line
programs, before and after the rewrite, over every temporary register (bit for bit: neither rewrite changes any
lane's arithmetic). The target's limits are checked from the profiles' definitions too: ps_2_0 reads a replicate
or one of its four full swizzles ("Source Register Swizzling", ps_2_0), an instruction reads at most one constant
register (the read-port limit). Hand-built cases pin the merges that must happen (fewer instructions or defs)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader.sm2.d3d9 import TARGETS
from pyd3d11.shader.sm2.defpack import pack_defs
from pyd3d11.shader.sm2.program import Dst, Inst, Src
from pyd3d11.shader.sm2.tokens import DSTMOD_SATURATE, Reg, SrcMod
from pyd3d11.shader.sm2.vectorize import merge_lanes

pytestmark = pytest.mark.backend_independent  # runs no shader

PS20 = TARGETS["ps_2_0"].profile
VS20 = TARGETS["vs_2_0"].profile
PS2A = TARGETS["ps_2_a"].profile
#: ps_2_0's source swizzles besides the replicates (Asm Shader Reference, "Source Register Swizzling")
PS20_FULL = {(0, 1, 2, 3), (1, 2, 0, 3), (2, 0, 1, 3), (3, 2, 1, 0)}
REPL = [(c,) * 4 for c in range(4)]
FIRST_FREE = 12


def _f(v: float) -> int:
    return int(np.float32(v).view(np.uint32))


def _def(num: int, *vals: float) -> Inst:
    return Inst("def", Dst(Reg.CONST, num), [], values=[_f(v) for v in vals])


def _lanewise(f):
    return lambda a: f(*a)


def _dp(n):
    def ev(a):
        return np.full(4, np.float32(sum(np.float32(a[0][k] * a[1][k]) for k in range(n))), np.float32) if n > 1 else None
    return ev


_EVAL = {
    "mov": _lanewise(lambda a: a), "add": _lanewise(lambda a, b: a + b), "mul": _lanewise(lambda a, b: a * b),
    "mad": _lanewise(lambda a, b, c: a * b + c), "min": _lanewise(np.minimum), "max": _lanewise(np.maximum),
    "cmp": _lanewise(lambda a, b, c: np.where(a >= 0, b, c)),
    "slt": _lanewise(lambda a, b: (a < b).astype(np.float32)), "sge": _lanewise(lambda a, b: (a >= b).astype(np.float32)),
    "abs": _lanewise(np.abs), "frc": _lanewise(lambda a: a - np.floor(a)),
    "lrp": _lanewise(lambda s, a, b: s * (a - b) + b),
    "dp3": lambda a: np.full(4, (a[0][0] * a[1][0] + a[0][1] * a[1][1]) + a[0][2] * a[1][2], np.float32),
    "dp4": lambda a: np.full(4, ((a[0][0] * a[1][0] + a[0][1] * a[1][1]) + a[0][2] * a[1][2]) + a[0][3] * a[1][3],
                             np.float32),
    "dp2add": lambda a: np.full(4, (a[0][0] * a[1][0] + a[0][1] * a[1][1]) + a[2][0], np.float32),
    "rcp": lambda a: np.full(4, np.float32(1) / a[0][0], np.float32),
    "rsq": lambda a: np.full(4, np.float32(1) / np.sqrt(np.abs(a[0][0])), np.float32),
}


def run(body: list[Inst], r_in: np.ndarray) -> np.ndarray:
    """r0 .. r3 after the body (loaded from ``r_in``), by the instructions' definitions."""
    regs = r_in.astype(np.float32).copy()
    consts = {i.dst.num: np.array(i.values, np.uint32).view(np.float32) for i in body if i.op == "def"}
    with np.errstate(all="ignore"):
        for i in body:
            if i.op == "def":
                continue
            a = []
            for s in i.srcs:
                v = (consts[s.num] if s.reg == Reg.CONST else regs[s.num])[list(s.swizzle)].astype(np.float32)
                a.append(-v if s.mod == SrcMod.NEG else v)
            v = np.asarray(_EVAL[i.op](a), np.float32)
            if i.dst.mod & DSTMOD_SATURATE:  # _sat: clamp to [0, 1] ("Destination Register Modifiers")
                v = np.clip(v, 0, 1)
            for k in range(4):
                if i.dst.mask >> k & 1:
                    regs[i.dst.num][k] = v[k]
    return regs


def _same(before: list[Inst], after: list[Inst], seed: int) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(3):
        r = rng.normal(size=(4, 4)).astype(np.float32)
        r[rng.random((4, 4)) < 0.2] = 0.0
        np.testing.assert_array_equal(run(after, r), run(before, r))


def _legal(body: list[Inst], prof) -> None:
    for i in body:
        if i.op == "def":
            continue
        assert len({s.num for s in i.srcs if s.reg == Reg.CONST}) <= 1, i  # one constant register
        assert len({s.num for s in i.srcs if s.reg == Reg.TEMP}) <= 3, i
        if not (prof.arbitrary_swizzle or prof.kind == "vs"):
            for s in i.srcs:
                assert s.swizzle in PS20_FULL or len(set(s.swizzle)) == 1, i


# --- random programs ---------------------------------------------------------------------------------------------

_COMPWISE = [("mov", 1), ("add", 2), ("mul", 2), ("mad", 3), ("min", 2), ("max", 2), ("cmp", 3), ("slt", 2),
             ("sge", 2), ("abs", 1), ("frc", 1), ("lrp", 3)]
_WORDS = [0.0, 0.5, 1.0, 2.0, -1.0, 3.0, 0.25, 7.0]


def _defs(rng) -> list[Inst]:
    out = []
    for num in range(4, 10):
        if rng.random() < 0.6:
            w = _WORDS[rng.integers(len(_WORDS))]
            out.append(_def(num, w, w, w, w))  # a splatted literal, as the translation writes one
        else:
            out.append(_def(num, *(_WORDS[k] for k in rng.integers(len(_WORDS), size=4))))
    return out


def _swz(rng, legal_only: bool):
    if rng.random() < 0.5 or legal_only:
        pool = REPL + sorted(PS20_FULL)
        return pool[rng.integers(len(pool))]
    return tuple(int(c) for c in rng.integers(4, size=4))


def _src(rng, const_num, legal_only):
    mod = SrcMod.NEG if rng.random() < 0.25 else 0
    if const_num is not None:
        return Src(Reg.CONST, const_num, _swz(rng, legal_only), mod)
    return Src(Reg.TEMP, int(rng.integers(4)), _swz(rng, legal_only), mod)


def _inst(rng, legal_only: bool) -> Inst:
    op, n = _COMPWISE[rng.integers(len(_COMPWISE))]
    c = int(rng.integers(4, 10))
    which = int(rng.integers(-1, n))  # the one source that reads a constant (-1: none)
    srcs = [_src(rng, c if k == which else None, legal_only) for k in range(n)]
    mask = int(rng.integers(1, 16))
    return Inst(op, Dst(Reg.TEMP, int(rng.integers(3)), mask), srcs)


def _pairs_program(rng, legal_only: bool) -> list[Inst]:
    """Straight-line code rich in mergeable pairs: an instruction, maybe unrelated ones, then the same operation
    on the same register's other lanes (sources of the same registers or def constants)."""
    body = _defs(rng)
    for _ in range(6):
        first = _inst(rng, legal_only)
        body.append(first)
        for _ in range(int(rng.integers(3))):
            body.append(_inst(rng, legal_only))
        free = 15 & ~first.dst.mask
        if free:
            mask = free & int(rng.integers(1, 16)) or free
            srcs = [Src(s.reg, s.num if s.reg == Reg.TEMP or rng.random() < 0.5 else int(rng.integers(4, 10)),
                        _swz(rng, legal_only), s.mod) for s in first.srcs]
            body.append(Inst(first.op, Dst(Reg.TEMP, first.dst.num, mask), srcs))
    return body


@pytest.mark.parametrize("prof", [PS20, VS20, PS2A], ids=["ps_2_0", "vs_2_0", "ps_2_a"])
def test_merged_lanes_compute_the_same_on_random_programs(prof):
    legal_only = not (prof.arbitrary_swizzle or prof.kind == "vs")
    merges = 0
    for seed in range(60):
        rng = np.random.default_rng(seed)
        body = _pairs_program(rng, legal_only)
        out = merge_lanes(list(body), prof, FIRST_FREE)
        _same(body, out, seed)
        _legal(out, prof)
        code_in = [i for i in body if i.op != "def"]
        code_out = [i for i in out if i.op != "def"]
        assert len(code_out) <= len(code_in)
        new = [i for i in out if i.op == "def" and i.dst.num >= FIRST_FREE]
        assert [i.dst.num for i in new] == list(range(FIRST_FREE, FIRST_FREE + len(new)))  # numbered from first_free
        merges += len(code_in) - len(code_out)
    assert merges >= 20  # (the programs are built of mergeable pairs: the rule must find some)


def _scalar_program(rng) -> list[Inst]:
    """Reads of defs as the translation writes them: component-wise ops, dp3 / dp4 / dp2add, rcp / rsq of a
    replicate, at most one constant register per instruction."""
    body = _defs(rng)
    for _ in range(10):
        kind = rng.random()
        c = int(rng.integers(4, 10))
        if kind < 0.6:
            body.append(_inst(rng, True))
            continue
        if kind < 0.75:
            op = ("dp3", "dp4")[int(rng.integers(2))]
            srcs = [Src(Reg.TEMP, int(rng.integers(4))), Src(Reg.CONST, c, _swz(rng, True))]
        elif kind < 0.87:
            op = "dp2add"
            srcs = [Src(Reg.TEMP, int(rng.integers(4))), Src(Reg.CONST, c, _swz(rng, True)),
                    Src(Reg.CONST, c, REPL[rng.integers(4)])]
        else:
            op = ("rcp", "rsq")[int(rng.integers(2))]
            srcs = [Src(Reg.CONST, c, REPL[rng.integers(4)])]
        body.append(Inst(op, Dst(Reg.TEMP, int(rng.integers(3)), int(rng.integers(1, 16))), srcs))
    return body


@pytest.mark.parametrize("arbitrary", [False, True])
def test_packed_defs_compute_the_same_on_random_programs(arbitrary):
    saved = 0
    for seed in range(80):
        rng = np.random.default_rng(1000 + seed)
        body = _scalar_program(rng)
        out = pack_defs(list(body), FIRST_FREE, arbitrary)
        _same(body, out, seed)
        _legal(out, VS20 if arbitrary else PS20)
        n_in = sum(i.op == "def" for i in body)
        n_out = sum(i.op == "def" for i in out)
        assert n_out <= n_in
        if out != body:
            assert n_out < n_in  # changed only where a register is saved
            moved = [i for i in out if i.op == "def" and i.dst.num >= FIRST_FREE]
            assert [i.dst.num for i in moved] == list(range(FIRST_FREE, FIRST_FREE + len(moved)))
            # no word is stored twice among the new defs (each word once; padding repeats the last word)
            for d in moved:
                words = d.values
                assert len(set(words)) == len(set(words[:len(set(words))]))
        saved += n_in - n_out
    assert saved >= 40


# --- merges that must happen (the module's rule: same operation, same destination register and modifiers,
# disjoint masks, sources one operand can read) ------------------------------------------------------------------

def _mov(num: int, mask: int, src: Src, mod: int = 0) -> Inst:
    return Inst("mov", Dst(Reg.TEMP, num, mask, mod), [src])


@pytest.mark.parametrize("num", [0, 1, 5])
@pytest.mark.parametrize("mod", [0, DSTMOD_SATURATE])
def test_a_pair_merges_on_any_register_with_its_modifier(num, mod):
    """``add r#.x, r2, c4`` then ``add r#.y, r2, c4`` (the same modifier): one ``add r#.xy`` on every register."""
    body = [_def(4, 0.25, 2, -3, 0.5),
            Inst("add", Dst(Reg.TEMP, num, 0x1, mod), [Src(Reg.TEMP, 2), Src(Reg.CONST, 4)]),
            Inst("add", Dst(Reg.TEMP, num, 0x2, mod), [Src(Reg.TEMP, 2), Src(Reg.CONST, 4)])]
    for prof in (PS20, VS20):
        out = merge_lanes(list(body), prof, FIRST_FREE)
        code = [i for i in out if i.op != "def"]
        assert len(code) == 1 and code[0].dst == Dst(Reg.TEMP, num, 0x3, mod)
        r = np.random.default_rng(num).normal(size=(8, 4)).astype(np.float32)
        np.testing.assert_array_equal(_run_wide(out, r), _run_wide(body, r))


def test_different_modifiers_do_not_merge():
    body = [_mov(1, 0x1, Src(Reg.TEMP, 2), DSTMOD_SATURATE), _mov(1, 0x2, Src(Reg.TEMP, 2))]
    assert len(merge_lanes(list(body), VS20, FIRST_FREE)) == 2


def _run_wide(body, r):
    """As :func:`run`, over as many temporaries as ``r`` has rows."""
    regs = r.astype(np.float32).copy()
    consts = {i.dst.num: np.array(i.values, np.uint32).view(np.float32) for i in body if i.op == "def"}
    for i in body:
        if i.op == "def":
            continue
        a = [((consts[s.num] if s.reg == Reg.CONST else regs[s.num])[list(s.swizzle)]) for s in i.srcs]
        v = np.asarray(_EVAL[i.op](a), np.float32)
        if i.dst.mod & DSTMOD_SATURATE:
            v = np.clip(v, 0, 1)
        for k in range(4):
            if i.dst.mask >> k & 1:
                regs[i.dst.num][k] = v[k]
    return regs


def test_ps_2_a_reads_arbitrary_swizzles():
    """ps_2_a has arbitrary swizzles (D3DPS20CAPS_ARBITRARYSWIZZLE; "ps_2_x": "Arbitrary swizzle"):
    ``mov r0.x, r1.y`` + ``mov r0.y, r1.x`` merge there as at vs_2_0 (r1.yx..), not at ps_2_0."""
    body = [_mov(0, 0x1, Src(Reg.TEMP, 1, (1,) * 4)), _mov(0, 0x2, Src(Reg.TEMP, 1, (0,) * 4))]
    assert len(merge_lanes(list(body), PS20, FIRST_FREE)) == 2
    for prof in (PS2A, VS20):
        out = merge_lanes(list(body), prof, FIRST_FREE)
        assert len(out) == 1
        r = np.arange(16, dtype=np.float32).reshape(4, 4)
        np.testing.assert_array_equal(run(out, r)[0, :2], run(body, r)[0, :2])


@pytest.mark.parametrize("arbitrary", [False, True])
def test_two_scalar_defs_become_one(arbitrary):
    """Two literals each in a def of its own, read as scalars (``add r0, r1, c4.x``, ``mul r0, r0, c5.y``): one def
    holds both, a register saved (the least the packing saves: "unchanged where the packing would not save a
    register")."""
    body = [_def(4, 2, 2, 2, 2), _def(5, 0.5, 3, 0.5, 0.5),
            Inst("add", Dst(Reg.TEMP, 0), [Src(Reg.TEMP, 1), Src(Reg.CONST, 4, (0,) * 4)]),
            Inst("mul", Dst(Reg.TEMP, 0), [Src(Reg.TEMP, 0), Src(Reg.CONST, 5, (1,) * 4)])]
    out = pack_defs(list(body), FIRST_FREE, arbitrary)
    defs = [i for i in out if i.op == "def"]
    assert len(defs) == 1 and defs[0].dst.num == FIRST_FREE
    assert sorted(set(defs[0].values)) == sorted({_f(2), _f(3)})
    _same(body, out, 5)
