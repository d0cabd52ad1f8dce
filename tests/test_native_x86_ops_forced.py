"""The x86 form of the guarded float add/mul (llvm_arith.ArithMixin.x86_arith) run natively on any x86 host with AVX,
AVX-512 hosts included (session 21, helper MUT, issue 19).

runtime.x86_ops() chooses the form only on AVX2 hosts without AVX-512, so on an AVX-512 host (where most of this
project's tests run) tests/test_native_x86_ops.py's native runs check the portable form, and only its
generation-only tests see the x86 statements. The ``{vex3} vaddps / vmulps`` statements are VEX ymm instructions,
which every AVX-512 CPU executes too: here the kernels are built as an AVX2 host builds them (``reg_lanes`` 8,
x86 statements) and run, and the same definition tables as tests/test_native_x86_ops.py decide every lane
(alu_float.nan_first: a NaN first operand quieted, else a NaN second operand quieted, else the IEEE result or the
default NaN 0xFFC00000; Intel SDM Vol. 1 §4.8.3.5 table 4-7 is that rule in hardware; sin / cos of +-INF the
default NaN, D3D11.3 §22.10.20). Each run also asserts that its kernel really holds the x86 statements.
"""

from __future__ import annotations

import platform

import pytest
import test_native_x86_ops as base

from pyd3d11.shader import native
from pyd3d11.shader.native import runtime


def _avx_host() -> bool:
    return (native.available() and platform.machine().lower() in ("x86_64", "amd64")
            and "+avx" in runtime.host_features())


pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not _avx_host(), reason="an x86 host with AVX (the statements are VEX instructions)")]


@pytest.fixture
def x86_form(monkeypatch):
    """Kernels built as on an AVX2 host (8-lane registers, x86 statements); the kernel cache (whose key does not
    name the form) is emptied before and restored after, and the disk cache is off."""
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "x86_ops", lambda: True)
    monkeypatch.setattr(runtime, "register_lanes", lambda: 8)
    runtime.wait_upgrades()
    saved = dict(runtime._KERNELS)
    runtime._KERNELS.clear()
    yield monkeypatch
    runtime.wait_upgrades()
    runtime._KERNELS.clear()
    runtime._KERNELS.update(saved)


def _texts() -> list[str]:
    """The IR of the kernels built so far in the test (a test that built none checks nothing)."""
    built = [k.ir_text for k in runtime._KERNELS.values() if not isinstance(k, str)]
    assert built
    return built


@pytest.mark.parametrize("width", ["8", "32"])
def test_first_nan_operand_in_every_register(x86_form, width):
    """32 lanes put sources in ymm8-15, where LLVM's assembler would swap a VEX source pair without {vex3}."""
    base.test_first_nan_operand_in_every_register(width, x86_form)
    assert all("{vex3} vaddps" in t and "{vex3} vmulps" in t for t in _texts())


@pytest.mark.parametrize("width", ["8", "16"])
@pytest.mark.parametrize("op,col", [("add", 2), ("mul", 3)])
def test_guarded_op_table(x86_form, op, col, width):
    base.test_guarded_op_table(op, col, width, x86_form)
    assert all(f"{{vex3}} v{op}ps" in t for t in _texts())


def test_sincos_special_values(x86_form):
    """The reduction's INF - INF is the default NaN on x86, so its +-INF select is left out (llvm_seq)."""
    base.test_sincos_special_values("32", x86_form)
    assert all("fcmp oeq" not in t for t in _texts()), "the x86 form's sincos has no +-INF compare"
