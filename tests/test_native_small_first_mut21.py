"""The runtime's small-first and tier-up bookkeeping (shader/native/runtime.py), on its functions directly: session 21
(helper MUT, issue 19) mutants that tests/test_native_small_first.py, test_native_tiers.py and
test_native_shared_tex.py did not notice. Rules, as the runtime states them:

- SMALL_FIRST_LANES: a quick first build whose first run is AT MOST that many lanes is a small one (level 0) —
  under TIER ``auto`` only, and never when the lanes are not known (#22: ``<=`` as ``<``).
- TIER: a quick build is rebuilt at O2 once it HAS RUN TIER_UP_LANES lanes (#29: ``>=`` as ``>``); its tier-up
  first queues the shared sampling functions its text declares that are neither O2 nor already queued (#31, #32:
  a full or queued function queued again — a second O2 rebuild of the same code).
- shared_function: a quick caller that is not small queues the O2 rebuild of a function a small build made, and
  only of such a one (#55, #56: a full or queued function queued again); each use of a built function counts one
  ``shared_hits`` (#58); a function a small build makes first is built at code generation level 0 and its rebuild
  is not queued (#62: level 1).

The rebuild queue is replaced by a private one and the background thread is not started: what is queued is read
back, nothing is rebuilt.
"""

from __future__ import annotations

import queue
import time
import uuid

import pytest

from pyd3d11.shader import native
from pyd3d11.shader.native import runtime

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]


@pytest.fixture
def rt(monkeypatch):
    """TIER ``auto``; a private rebuild queue (returned) and no upgrader thread; a private shared-function registry."""
    runtime.wait_upgrades()
    monkeypatch.setattr(runtime, "TIER", "auto")
    q: queue.Queue = queue.Queue()
    monkeypatch.setattr(runtime, "_upgrades", q)
    monkeypatch.setattr(runtime, "_start_upgrader", lambda: None)
    monkeypatch.setattr(runtime, "_SHARED", {})
    return q


def _queued(q: queue.Queue) -> list:
    out = []
    while not q.empty():
        out.append(q.get_nowait())
    return out


def _module(text: str = "", full: bool = False, upgrading: bool = False) -> runtime.Module:
    m = runtime.Module(text, ("f",), None, {}, full)
    m.upgrading = upgrading
    return m


def test_small_first_is_at_most_the_limit(rt, monkeypatch):
    n = runtime.SMALL_FIRST_LANES
    assert runtime.small_first(n) and runtime.small_first(1)
    assert not runtime.small_first(n + 1) and not runtime.small_first(None)
    monkeypatch.setattr(runtime, "TIER", "full")
    assert not runtime.small_first(n)


def test_tier_up_once_the_lanes_reach_the_threshold(rt, monkeypatch):
    monkeypatch.setattr(runtime, "TIER_UP_LANES", 100)
    m = _module()
    m.note_use(60)
    assert not m.upgrading and _queued(rt) == []
    m.note_use(40)  # 100 lanes run: exactly the threshold
    assert m.upgrading and _queued(rt) == [m]
    m.note_use(1000)  # queued once
    assert _queued(rt) == []


def test_tier_up_queues_only_the_declared_functions_not_yet_o2_or_queued(rt, monkeypatch):
    monkeypatch.setattr(runtime, "TIER_UP_LANES", 1)
    names = {k: f"pyd3d11_tex_{k * 8}" for k in "abcd"}
    full, queued, small = _module(full=True), _module(upgrading=True), _module()
    runtime._SHARED.update({names["a"]: full, names["b"]: queued, names["c"]: small})  # d: not built here
    text = "".join(f"declare void @{n}(ptr)\n" for n in names.values()) + "define void @kernel() {\n  ret void\n}\n"
    k = _module(text)
    k.note_use(1)
    assert _queued(rt) == [small, k], "the small build's function first, then the kernel"
    assert small.upgrading and not full.upgrading


def test_shared_function_hits_and_requeues(rt):
    """Functions already built: each use a hit; a quick (not small) caller queues only a small build's rebuild."""
    full, queued, small = _module(full=True), _module(upgrading=True), _module()
    runtime._SHARED.update({"f_full": full, "f_queued": queued, "f_small": small})
    before = runtime.stats.shared_hits
    for name in ("f_full", "f_queued"):
        runtime.shared_function("", name, quick=True)
    assert _queued(rt) == [] and not full.upgrading
    runtime.shared_function("", "f_small", quick="small")  # another small caller: still waits
    assert _queued(rt) == [] and not small.upgrading
    runtime.shared_function("", "f_small", quick=True)
    assert _queued(rt) == [small] and small.upgrading
    runtime.shared_function("", "f_small", quick=True)  # queued once
    assert _queued(rt) == []
    assert runtime.stats.shared_hits - before == 5


def _fn_text(name: str) -> str:
    return f"define i32 @{name}(i32 %x) {{\n  %y = add i32 %x, 1\n  ret i32 %y\n}}\n"


@pytest.mark.parametrize("quick,level,queued", [("small", 0, False), (True, "quick", True)])
def test_a_new_shared_function_of_a_quick_caller(rt, monkeypatch, quick, level, queued):
    """Built now: at level 0 for a small caller with no rebuild queued; at QUICK_CODEGEN for a quick caller with its
    rebuild queued at once."""
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    levels: list[int] = []
    real = runtime._target_machine

    def recording(llvm, opt: int = 3):
        levels.append(opt)
        return real(llvm, opt)

    runtime._init_llvm()
    monkeypatch.setattr(runtime, "_target_machine", recording)
    name = f"pyd3d11_mut21_{uuid.uuid4().hex}"
    runtime.shared_function(_fn_text(name), name, quick=quick)
    m = runtime._SHARED[name]
    assert not m.full
    assert levels == [runtime.QUICK_CODEGEN if level == "quick" else level]
    assert _queued(rt) == ([m] if queued else [])


# -- runtime._compile's choice of widths, texture width and code generation level, as a table -------------------
# (llvm_gen.generate and build_module stubbed: the arguments _compile passes are the rules' outcome)
#: rows: (quick, TIER, first-run lanes, register lanes, TEX_WIDTH, textured) ->
#:       (first text's width, its texture width, quick_shared, code generation level, wide rebuild text generated)
COMPILE = [
    # a quick first build of a textured kernel samples and steps at QUICK_TEX_WIDTH (stepping too since session
    # 24, S3); its O2 rebuild at the full width
    ((True, "auto", None, 16, 64, True), (16, 16, True, None, True)),
    # TIER full: no quick first build, so no narrowing and no rebuild text (runtime #97: first = quick OR auto)
    ((True, "full", None, 16, 64, True), (64, None, False, None, False)),
    ((True, "quick", None, 16, 64, True), (64, None, False, None, False)),
    # a caller that does not count its lanes: no quick first build either
    ((False, "auto", None, 16, 64, True), (64, None, False, None, False)),
    # TEX_WIDTH no wider than QUICK_TEX_WIDTH: nothing to narrow (runtime #104: > as >=)
    ((True, "auto", None, 16, 16, True), (64, None, True, None, False)),
    ((True, "auto", None, 16, 32, True), (16, 16, True, None, True)),
    # no textures: nothing to narrow
    ((True, "auto", None, 16, 64, False), (64, None, True, None, False)),
    # AVX2: a quick first build steps one register (8 lanes); 8-lane sampling is not wider than 16
    ((True, "auto", None, 8, 64, True), (8, None, True, None, True)),
    # a small first run: level 0, shared functions "small", one register wide (AVX2 8 lanes, AVX-512 16) with the
    # full-width rebuild text (session 28: LLVM's time follows the machine code)
    ((True, "auto", 4096, 8, 64, True), (8, None, "small", 0, True)),
    ((True, "auto", 4096, 8, 64, False), (8, None, "small", 0, True)),
    ((True, "auto", 4096, 16, 64, True), (16, None, "small", 0, True)),
    ((True, "auto", 4096, 16, 64, False), (16, None, "small", 0, True)),
    # past SMALL_FIRST_LANES: an ordinary quick first build
    ((True, "auto", 1 << 20, 16, 64, True), (16, 16, True, None, True)),
]


def _stubbed(monkeypatch, row, vector: int = 64) -> tuple[list, list]:
    """``row``'s settings (COMPILE's columns) with the generator and build_module stubbed: the lists they record,
    (width, texture width, quick_shared, shared_tex) per generated text and (counted, codegen) per build."""
    from types import SimpleNamespace

    from pyd3d11.shader.native import llvm_gen

    _quick, tier, _lanes, reg, tex_width, _textured = row
    monkeypatch.setattr(runtime, "TIER", tier)
    monkeypatch.setattr(runtime, "TEX_WIDTH", tex_width)
    monkeypatch.setattr(runtime, "QUICK_TEX_WIDTH", 16)
    monkeypatch.setattr(runtime, "register_lanes", lambda: reg)
    monkeypatch.setattr(runtime, "vector_width", lambda lw, tile: vector)
    gens: list = []
    levels: list = []

    def generate(lw, tile, tex, width, tex_width=None, shared_tex=None, quick_shared=False, reg_lanes=16,
                 slots=None, x86_ops=None):
        gens.append((width, tex_width, quick_shared, shared_tex))
        return f"; text {len(gens)}\n", SimpleNamespace(slots={"a": 0}, width=width)

    def build_module(llvm, text, names, counted=False, codegen=None):
        levels.append((counted, codegen))
        return SimpleNamespace(full=False, upgrade_text=None)

    monkeypatch.setattr(llvm_gen, "generate", generate)
    monkeypatch.setattr(runtime, "build_module", build_module)
    return gens, levels


@pytest.mark.parametrize("reg", [8, 16])
def test_a_small_build_keeps_a_width_asked_for(monkeypatch, reg):
    """PYD3D11_NATIVE_WIDTH set: a small first build steps that width (tests that ask for 32 lanes check 32-lane
    code), not one register; a larger first run on AVX2 still steps one register (QUICK_WIDTH_AVX2)."""
    from types import SimpleNamespace

    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", "32")
    for row, want in (((True, "auto", 4096, reg, 64, False), 32), ((True, "auto", 1 << 20, 8, 64, False), 8)):
        gens, _levels = _stubbed(monkeypatch, row, 32)
        runtime._compile(SimpleNamespace(), 64, None, True, row[2])
        assert gens[0][0] == want


@pytest.mark.parametrize("row,want", COMPILE)
def test_compile_choices(monkeypatch, row, want):
    from types import SimpleNamespace

    quick, tier, lanes, reg, tex_width, textured = row
    gens, levels = _stubbed(monkeypatch, row)
    tex = {0: object()} if textured else None
    st = runtime.stats
    before = (st.compiled, st.compile_seconds)
    t0 = time.perf_counter()
    k = runtime._compile(SimpleNamespace(), 64, tex, quick, lanes)
    elapsed = time.perf_counter() - t0
    # the statistics: one kernel compiled, its time (within the call's) in seconds and as the last one in ms
    dt = st.compile_seconds - before[1]
    assert st.compiled - before[0] == 1 and 0 <= dt <= elapsed
    assert st.last_compile_ms == pytest.approx(dt * 1000, rel=1e-6, abs=1e-6)
    width, twidth, qshared, level, rebuild = want
    assert gens[0][:3] == (width, twidth, qshared)
    assert levels == [(quick, level)]
    assert len(gens) == (2 if rebuild else 1)
    if rebuild:  # the rebuild: the full width, its sampling compiled in (not shared), the same argument slots
        assert gens[1][0] == 64 and gens[1][1] is None and gens[1][3] is False
        assert k.module.upgrade_text == "; text 2\n"
    else:
        assert k.module.upgrade_text is None
    assert k.layout.width == 64
