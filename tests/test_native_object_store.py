"""The on-disk object cache (shader/native/runtime._disk_path) beyond a first O2 build (session 28: a cold CI run
spent 417 s building texts it had built before):

* an O2 rebuild (runtime.upgrade) of a module whose text another module's rebuild already stored loads that
  object instead of optimising and compiling the text again (the shader-test corpus queued the same quick text's
  rebuild twice when two draws built it before the first rebuild ended);
* a quick build (IR passes off, code generation at a level) is stored under a key of its own that names the
  level; the same text built again at that level loads the machine code; another level, or an O2 object, is
  another key.

A loaded object is the same function: its results are the first build's."""

from __future__ import annotations

import ctypes

import pytest

from pyd3d11.shader import native
from pyd3d11.shader.native import runtime

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

#: a function whose result shows which text was compiled: (x * 3 + k) as a 32-bit integer
_IR = """define i32 @{name}(i32 %x) {{
  %a = mul i32 %x, 3
  %b = add i32 %a, {k}
  ret i32 %b
}}
"""


@pytest.fixture
def stored(monkeypatch, tmp_path):
    """An empty object cache of the test's own; records each module the O2 pipeline optimises."""
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "1")
    monkeypatch.setenv("PYD3D11_CACHE_DIR", str(tmp_path))
    optimised: list[str] = []
    real = runtime._optimise
    monkeypatch.setattr(runtime, "_optimise",
                        lambda llvm, mod, tm=None: (optimised.append(str(mod)), real(llvm, mod, tm))[1])
    return optimised


def _built(name: str, k: int, level: int = 0):
    """A counted build of _IR (a quick one under TIER auto unless the text's O2 object is stored) at ``level``."""
    return runtime.build_module(runtime._init_llvm(), _IR.format(name=name, k=k), (name,), counted=True, codegen=level)


def _quick(name: str, k: int):
    m = _built(name, k)
    assert not m.full
    return m


def _call(m, name: str, x: int) -> int:
    return m.cfunc(name, ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_int32))(x)


@pytest.mark.parametrize("k", [7, 1000])
def test_a_second_rebuild_of_the_same_text_loads_the_stored_object(stored, monkeypatch, k):
    monkeypatch.setattr(runtime, "TIER", "auto")
    name = f"pyd3d11_upgrade_stored_{k}"
    first, second = _quick(name, k), _quick(name, k)  # two modules of one text, both quick (nothing stored yet)
    assert not stored
    runtime.upgrade(first)
    assert first.full and len(stored) == 1, "the first rebuild optimises the text"
    assert runtime._disk_path(first.text).exists()
    runtime.upgrade(second)
    assert second.full and len(stored) == 1, "the second loads the stored object"
    assert _call(first, name, 5) == _call(second, name, 5) == 5 * 3 + k


def test_without_a_stored_object_each_rebuild_optimises(stored, monkeypatch):
    """Different texts: nothing to load, each rebuild optimises its own (the cache key is the text)."""
    monkeypatch.setattr(runtime, "TIER", "auto")
    a, b = _quick("pyd3d11_upgrade_stored_a", 1), _quick("pyd3d11_upgrade_stored_b", 2)
    runtime.upgrade(a)
    runtime.upgrade(b)
    assert len(stored) == 2
    assert (_call(a, "pyd3d11_upgrade_stored_a", 4), _call(b, "pyd3d11_upgrade_stored_b", 4)) == (13, 14)


def test_with_the_cache_off_every_rebuild_optimises(stored, monkeypatch):
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "TIER", "auto")
    name = "pyd3d11_upgrade_stored_off"
    first, second = _quick(name, 3), _quick(name, 3)
    runtime.upgrade(first)
    runtime.upgrade(second)
    assert len(stored) == 2 and _call(second, name, 2) == 9


def test_a_quick_build_of_a_stored_text_loads_its_machine_code(stored, monkeypatch):
    monkeypatch.setattr(runtime, "TIER", "auto")
    name = "pyd3d11_object_store_quick"
    hits = runtime.stats.quick_disk_hits
    first = _built(name, 11, 0)
    assert runtime.stats.quick_disk_hits == hits and runtime._disk_path(first.text, "quick0").exists()
    second = _built(name, 11, 0)
    assert runtime.stats.quick_disk_hits == hits + 1
    assert not second.full and not second.from_disk, "a quick object is not an O2 one"
    assert _call(first, name, 6) == _call(second, name, 6) == 6 * 3 + 11
    assert not stored, "quick builds run no IR passes"


def test_each_code_generation_level_is_a_key_of_its_own(stored, monkeypatch):
    monkeypatch.setattr(runtime, "TIER", "auto")
    name = "pyd3d11_object_store_levels"
    hits = runtime.stats.quick_disk_hits
    a = _built(name, 5, 0)
    b = _built(name, 5, 3)
    assert runtime.stats.quick_disk_hits == hits, "level 3 is not level 0's object"
    assert runtime._disk_path(a.text, "quick0") != runtime._disk_path(a.text, "quick3") != runtime._disk_path(a.text)
    assert _call(b, name, 1) == 8


def test_an_o2_object_of_the_text_comes_first(stored, monkeypatch):
    """Once the text's O2 object is stored (its rebuild), a quick build of it loads the O2 object instead."""
    monkeypatch.setattr(runtime, "TIER", "auto")
    name = "pyd3d11_object_store_o2_first"
    first = _built(name, 2, 0)
    runtime.upgrade(first)
    again = _built(name, 2, 0)
    assert again.full and again.from_disk and _call(again, name, 3) == 11


def test_with_the_cache_off_quick_builds_are_not_stored(stored, monkeypatch):
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "TIER", "auto")
    hits = runtime.stats.quick_disk_hits
    _built("pyd3d11_object_store_off", 1, 0)
    _built("pyd3d11_object_store_off", 1, 0)
    assert runtime.stats.quick_disk_hits == hits
