"""Issue 15 (session 27, helper HLD): a ``const groupshared`` variable is read-only.

Rule: MicrosoftDocs direct3dhlsl dx-graphics-hlsl-variable-syntax, Type Modifiers: "const — Mark a variable that
cannot be changed by the shader, therefore, it must be initialized in the variable declaration"; the storage
class (groupshared) does not lift it. Writing such a variable is fxc's X3025 "l-value specifies const object",
as for a static const or a const local (DXC SemaHLSL const-assign.hlsl's fxc annotations for those). Found by
``tools/dxc_corpus``: DXC's HLSLFileCheck atomic_restypes.hlsl (DEST=gs_var / gs_arr, both RUN lines expect an
error) compiled here, every write to the const groupshared destination accepted.
"""

from __future__ import annotations

import pytest

from pyd3d11.shader.hlsl.compiler import compile_hlsl
from pyd3d11.shader.hlsl.diagnostics import HlslError

pytestmark = pytest.mark.backend_independent

DECLS = """struct S { uint a; uint b; };
const groupshared uint g = 0;
const groupshared uint ga[4] = {0, 1, 2, 3};
const groupshared S gs = {1, 2};
groupshared uint w;
groupshared uint wa[4];
RWStructuredBuffer<uint> rw;
void set(out uint x) { x = 7; }
void bump(inout uint x) { x += 1; }
"""


def _compile(body: str) -> None:
    src = DECLS + f"[numthreads(4, 1, 1)] void main(uint i : SV_GroupIndex) {{ uint o = 0; {body} rw[i] = o; }}"
    compile_hlsl(src, "t.hlsl", "main", "cs_5_0")


WRITES = {
    "assign scalar": "g = 5;",
    "assign element": "ga[1] = 5;",
    "assign run-time element": "ga[i] = 5;",
    "assign member": "gs.b = 5;",
    "assign swizzle-free whole struct": "S t = {3, 4}; gs = t;",
    "out argument": "set(g);",
    "inout argument": "bump(ga[2]);",
}
#: an atomic on it: fxc 10.1's X3549 "interlocked targets must be groupshared or UAV elements" (Wine, session 42 MUT;
#: X3025 was inferred from the assignments)
ATOMICS = {
    "InterlockedAdd scalar": "InterlockedAdd(g, 1);",
    "InterlockedExchange element": "InterlockedExchange(ga[0], 1, o);",
    "InterlockedCompareStore": "InterlockedCompareStore(g, 0, 1);",
    "InterlockedMax member": "InterlockedMax(gs.a, 3, o);",
}


@pytest.mark.parametrize("body", list(WRITES.values()), ids=list(WRITES))
def test_a_write_to_a_const_groupshared_variable_is_x3025(body):
    with pytest.raises(HlslError) as ei:
        _compile(body)
    # an out argument: fxc 10.1's words (Wine, session 45 ACC: "out parameters require l-value arguments", judged
    # before the call's conversions; it says so for the inout argument too, where this compiler's words are still
    # the assignment's)
    words = "out parameters require l-value arguments" if body == WRITES["out argument"] else \
        "l-value specifies const object"
    assert ei.value.code == 3025 and words in str(ei.value), str(ei.value)


@pytest.mark.parametrize("body", list(ATOMICS.values()), ids=list(ATOMICS))
def test_an_atomic_on_a_const_groupshared_variable_is_x3549(body):
    with pytest.raises(HlslError) as ei:
        _compile(body)
    assert ei.value.code == 3549, str(ei.value)


@pytest.mark.parametrize("body", [
    "o = g + ga[i] + gs.b;",  # reading stays legal
    "w = g; wa[i] = ga[i]; InterlockedAdd(w, 1, o); InterlockedExchange(wa[1], o, o);",  # the non-const neighbours
    "uint g = 3; g = 4; InterlockedAdd(w, g);",  # a local of the same name hides the global
    "set(o); bump(o);",
])
def test_reads_and_other_writes_still_compile(body):
    _compile(body)


def test_a_const_groupshared_needs_its_initializer():
    # the same page's "therefore, it must be initialized in the variable declaration": X3012
    with pytest.raises(HlslError) as ei:
        compile_hlsl("const groupshared uint g;\n[numthreads(1, 1, 1)] void main() {}", "t.hlsl", "main", "cs_5_0")
    assert ei.value.code == 3012
