"""Lane-masked register writes of a native kernel compile to whole-vector stores (issue 12, S5 on AVX2 hosts).

A kernel writes a register component under the execution mask as load, select, store (shader/native/llvm_gen.py).
LLVM's x86 back end folds store(select(m, x, load p), p) into a masked store, which on AVX2 is ``vpmaskmovd`` /
``vmaskmovps``: AMD Zen cores run its store form microcoded, and in S5's pixel shader four of them per 8 lanes were
16 % of the frame. ``Gen.unmasked`` hides the load behind a ``freeze`` so the fold does not apply. This checks the
property itself on the machine code LLVM emits here, for the pixel shader the S5 scene runs (o0 from the
interpolated uv and constants) and one that discards; results are the other native tests' business."""

from __future__ import annotations

import re

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.native import runtime

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

# AT&T syntax: the store forms have the memory operand last (a masked move into a register is a load, allowed)
_MASKED_STORE = re.compile(r"\b(v?p?maskmov\w*)\s+%[xyz]mm\d+,\s*%[xyz]mm\d+,\s*[-\w]*\(")
_K_STORE = re.compile(r"\bvmov\w*\s+%[xyz]mm\d+,\s*[-\w]*\([^)]*\)\s*\{%k\d\}")

PS_UV = """ps_4_0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
mov o0.xy, v1.xyxx
mov o0.zw, l(0, 0, 0.5, 0.1)
ret
"""

PS_DISCARD = """ps_4_0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 1
lt r0.x, v1.x, l(0.5)
discard_nz r0.x
mul o0.xyzw, v1.xyxy, l(2.0, 2.0, 0.5, 0.5)
ret
"""


@pytest.fixture(autouse=True)
def _native():
    native.set_backend("native")
    yield
    native.set_backend(None)


def _x86() -> bool:
    llvm = runtime._init_llvm()
    return llvm.get_process_triple().startswith(("x86_64", "i686", "i386"))


@pytest.mark.parametrize("src", [PS_UV, PS_DISCARD], ids=["uv", "discard"])
def test_register_writes_are_not_masked_stores(src):
    if not _x86():
        pytest.skip("x86 machine code only")
    runtime._KERNELS.clear()
    n = 64
    inputs = np.zeros((2, n, 4), np.float32)
    inputs[1, :, 0] = np.linspace(0, 1, n)
    inputs[1, :, 1] = np.linspace(1, 0, n)
    runtime.run_program(assemble_program(src), n, inputs=inputs.view(np.uint32))
    kernels = [k for k in runtime._KERNELS.values() if not isinstance(k, str)]
    assert kernels, runtime.stats.reasons
    llvm = runtime._init_llvm()
    for k in kernels:
        mod = llvm.parse_assembly(k.module.text)
        mod.verify()
        runtime._optimise(llvm, mod)
        asm = runtime._target_machine(llvm).emit_assembly(mod)
        bad = [ln.strip() for ln in asm.splitlines() if _MASKED_STORE.search(ln) or _K_STORE.search(ln)]
        assert not bad, bad[:4]
