"""Which macro redefinitions fxc warns about (X1519 "'A' : macro redefinition"): every expectation recorded from
d3dcompiler_47.dll 10.1 (the Windows 10 SDK's fxc) under Wine, session 35, not from this project's code.

C99 §6.10.3p2 allows only an identical redefinition, white space and parameter names included. fxc is silent where
the replacement tokens are the same with white space ignored and parameters compared by position, and warns for any
other change (the new definition holds either way); the strict C99 mode keeps C99's reading.
"""

from __future__ import annotations

import pytest

from pyd3d11.shader.hlsl.preprocessor import preprocess

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

#: (two definitions, fxc warned X1519)
CASES = [
    ("#define A 1 + 2\n#define A 1  +  2\n", False),
    ("#define A 1 + 2\n#define A 1+2\n", False),
    ("#define A a\n#define A a /* c */\n", False),
    ("#define A\n#define A\n", False),
    ("#define F(x) x\n#define F(y) y\n", False),
    ("#define F(x, y) x y\n#define F(a, b) a b\n", False),
    ("#define A 1 + 2\n#define A 1 - 2\n", True),
    ("#define A 1\n#define A\n", True),
    ("#define F(x) x\n#define F(x, y) x\n", True),
    ("#define F(x, y) x y\n#define F(y, x) x y\n", True),
    ("#define F(x) x\n#define F (x) x\n", True),
]


@pytest.mark.parametrize(("src", "warns"), CASES)
def test_redefinition_warning(src, warns):
    res = preprocess(src, "t.hlsl")
    assert [w[2] for w in res.warnings] == ([1519] if warns else [])


def test_strict_c99_wants_identical_spelling():
    # C99 §6.10.3p2: white-space separation and parameter names are part of "identical" (the strict mode warns)
    for src in ("#define A 1 + 2\n#define A 1+2\n", "#define F(x) x\n#define F(y) y\n"):
        assert [w[2] for w in preprocess(src, "t.hlsl", strict_c99=True).warnings] == [1519]
