"""Rules found by mutating the shader-test corpus's programs and judging the mutants with fxc (issue 15,
session 36, helper MUT; the tool is ``pyd3d11.tools.shader_test_mutants``).

Every expected column was recorded from Microsoft's d3dcompiler_47.dll 10.1 (the Windows 10 SDK's fxc) under
Wine, session 36 (``pyd3d11.tools.wine_d3dcompiler``): "ok" where it compiles, else the first error number it
prints (warnings skipped); entry point ``main``, the flags of the row. The rows sample these rules (MicrosoftDocs direct3dhlsl "Grammar"
(dx-graphics-hlsl-appendix-grammar) and "if Statement" say nothing of the first two; fxc's answer is the rule):

- Literals (lexer.py): a float suffix ``f``/``F``/``h``/``H`` needs a decimal point or an exponent; on a
  plain decimal integer it is no suffix, so ``1f`` is the integer 1 followed by the name ``f`` (X3000
  "syntax error: unexpected token 'f'"). ``1.f``, ``1e2h``, ``0x1f`` (a hex digit) and ``1l``/``1u`` are
  literals.
- ``else`` (parser.py): an ``else`` cannot follow a then-branch that ends in an unbraced ``if`` or
  ``switch``, looking through the bodies of ``for``/``while`` loops: ``if (a) if (b) s; else t; else u;`` is
  X3000 at the second ``else``, which C would accept; a block or a do loop closes the branch.
- Return paths (check.py, unroll.py): X3507 is judged on a loop's first pass where that pass surely runs
  (a constant-true condition, also with the constants the loop's initialiser or the code before it set:
  ``for (int i = 0; i < 2; ++i) { return x; }``) and returns before any ``break``/``continue``
  (``for (;;) { return 0; break; }``). In an entry point's own ``for``/``while`` loop a return inside a
  nested loop does not count (it does in a function fxc inlines and under a do loop).
- Entry points (overload.entry_overload, SEM's rule of this session; rows kept as the mutants found it): a
  ``static`` function is never the entry point (X3501 "entrypoint not found"); a non-static overload beside it
  is taken.
- Prototypes (decls.py): ``static`` on a prototype and not on a later declaration of the same signature, or
  the reverse, is X3068 "'static' mismatch between declaration and definition"; ``precise`` on one only is
  X3068 "function return value differs from prototype"; declarations after the definition are not compared
  (``float f() { ... }`` then ``int f();`` compiles).
- Uniform writes (codegen.init_statics, compatwrite.py): a uniform global is read-only at ps_2_0/ps_3_0/vs_2_0/vs_3_0
  as at 4.0 (X3025 "global variables are implicitly constant") unless the caller passes /Gec; a ``uniform``
  entry-point parameter may be written (or passed to an ``inout`` parameter) at every target.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.tools import wine_d3dcompiler
from pyd3d11.tools.shader_test_mutants import _first_error

#: (source, target, flags, fxc's verdict): float suffixes on integer, float, hex and octal literals
LITERAL_ROWS = [
    ('float4 main() : SV_Target { float a = 1f; return a; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 1f; return a; }', 'ps_2_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 1F; return a; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 1F; return a; }', 'ps_2_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 1h; return a; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 1h; return a; }', 'ps_2_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 1H; return a; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 1H; return a; }', 'ps_2_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 10f; return a; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 10f; return a; }', 'ps_2_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 0f; return a; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 0f; return a; }', 'ps_2_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 0h; return a; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 0h; return a; }', 'ps_2_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 123F; return a; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 123F; return a; }', 'ps_2_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 1.f; return a; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1.f; return a; }', 'ps_2_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1.0f; return a; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1.0f; return a; }', 'ps_2_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1e2f; return a; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1e2f; return a; }', 'ps_2_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1e2h; return a; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1e2h; return a; }', 'ps_2_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1E2H; return a; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1E2H; return a; }', 'ps_2_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1.5h; return a; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1.5h; return a; }', 'ps_2_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = .5f; return a; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = .5f; return a; }', 'ps_2_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 0x1f; return a; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 0x1f; return a; }', 'ps_2_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 0x1F; return a; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 0x1F; return a; }', 'ps_2_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1l; return a; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1l; return a; }', 'ps_2_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1u; return a; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1u; return a; }', 'ps_2_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1ul; return a; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 1ul; return a; }', 'ps_2_0', 0, 'ok'),
    ('float4 main() : SV_Target { float a = 010f; return a; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 010f; return a; }', 'ps_2_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 1d; return a; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a = 1d; return a; }', 'ps_2_0', 0, 'X3000'),
    ('float4 main() : SV_Target { return float4(2f, 0, 0, 1); }', 'ps_5_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a[4] = {0, 1, 2, 3}; return a[2f]; }', 'ps_5_0', 0, 'X3000'),
    ('float4 main() : SV_Target { return float4(3h, 0, 0, 1); }', 'ps_5_0', 0, 'X3000'),
    ('float4 main() : SV_Target { float a[4] = {0, 1, 2, 3}; return a[3h]; }', 'ps_5_0', 0, 'X3000'),
]

#: (source, target, flags, fxc's verdict): the then-branch's last statement before an else (and without one)
ELSE_ROWS = [
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) if (1) y = 1; else y = 3; return y; }', 'ps_4_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) if (1) y = 1; else y = 3; return y; }', 'vs_3_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) if (1) y = 1; return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) if (1) y = 1; else y = 2; else y = 3; return y; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) if (1) y = 1; else y = 2; else y = 3; return y; }', 'vs_3_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) if (1) y = 1; else y = 2; return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) if (1) y = 1; else ; else y = 3; return y; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) if (1) y = 1; else ; else y = 3; return y; }', 'vs_3_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) if (1) y = 1; else ; return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) if (1) y = 1; else if (x) y = 2; else y = 4; else y = 3; return y; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) if (1) y = 1; else if (x) y = 2; else y = 4; else y = 3; return y; }', 'vs_3_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) if (1) y = 1; else if (x) y = 2; else y = 4; return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) [branch] if (x) y = 1; else y = 2; else y = 3; return y; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) [branch] if (x) y = 1; else y = 2; else y = 3; return y; }', 'vs_3_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) [branch] if (x) y = 1; else y = 2; return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) switch (1) { default: y = 2; break; } else y = 3; return y; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) switch (1) { default: y = 2; break; } else y = 3; return y; }', 'vs_3_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) switch (1) { default: y = 2; break; } return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) while (y < 1) if (x) y++; else y--; else y = 3; return y; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) while (y < 1) if (x) y++; else y--; else y = 3; return y; }', 'vs_3_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) while (y < 1) if (x) y++; else y--; return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) for (; y < 1;) if (x) y++; else y--; else y = 3; return y; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) for (; y < 1;) if (x) y++; else y--; else y = 3; return y; }', 'vs_3_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) for (; y < 1;) if (x) y++; else y--; return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) for (; y < 1;) for (; y < 2;) if (x) y++; else y--; else y = 3; return y; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) for (; y < 1;) for (; y < 2;) if (x) y++; else y--; else y = 3; return y; }', 'vs_3_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) for (; y < 1;) for (; y < 2;) if (x) y++; else y--; return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) while (y < 2) switch (1) { default: y = 2; break; } else y = 3; return y; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) while (y < 2) switch (1) { default: y = 2; break; } else y = 3; return y; }', 'vs_3_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) while (y < 2) switch (1) { default: y = 2; break; } return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) if (1) y = 1; else while (y < 1) y++; else y = 3; return y; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) if (1) y = 1; else while (y < 1) y++; else y = 3; return y; }', 'vs_3_0', 0, 'X3000'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) if (1) y = 1; else while (y < 1) y++; return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) { if (1) y = 1; else y = 2; } else y = 3; return y; }', 'ps_4_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) { if (1) y = 1; else y = 2; } else y = 3; return y; }', 'vs_3_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) { if (1) y = 1; else y = 2; } return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) { switch (1) { default: y = 2; break; } } else y = 3; return y; }', 'ps_4_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) { switch (1) { default: y = 2; break; } } else y = 3; return y; }', 'vs_3_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) { switch (1) { default: y = 2; break; } } return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) do if (x) y++; else y--; while (y < 1); else y = 3; return y; }', 'ps_4_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) do if (x) y++; else y--; while (y < 1); else y = 3; return y; }', 'vs_3_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) do if (x) y++; else y--; while (y < 1); return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) while (y < 1) y++; else y = 3; return y; }', 'ps_4_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) while (y < 1) y++; else y = 3; return y; }', 'vs_3_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) while (y < 1) y++; return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) for (; y < 1;) y++; else y = 3; return y; }', 'ps_4_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) for (; y < 1;) y++; else y = 3; return y; }', 'vs_3_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) for (; y < 1;) y++; return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) do y++; while (y < 1); else y = 3; return y; }', 'ps_4_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) do y++; while (y < 1); else y = 3; return y; }', 'vs_3_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) do y++; while (y < 1); return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) ; else y = 3; return y; }', 'ps_4_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) ; else y = 3; return y; }', 'vs_3_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) ; return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) y = 1; else y = 3; return y; }', 'ps_4_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) y = 1; else y = 3; return y; }', 'vs_3_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) y = 1; return y; }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) {} else y = 3; return y; }', 'ps_4_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : POSITION { float y = 0; if (x) {} else y = 3; return y; }', 'vs_3_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : SV_Target { float y = 0; if (x) {} return y; }', 'ps_5_0', 0, 'ok'),
]

#: (source, target, flags, fxc's verdict): loops whose first pass returns, in the entry point and in a called function
LOOP_RETURN_ROWS = [
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < 2; ++i) { return x; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 3; i < 2; ++i) { return x; }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    int i = 0; for (; i < 2; ++i) { return x; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    int i; for (i = 0; i < 2; ++i) { return x; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < n; ++i) { return x; }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (uint i = 0; i < 2u; i++) return x;\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    [loop] for (int i = 0; i < 2; ++i) { return x; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    [unroll] for (int i = 0; i < 2; ++i) { return x; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < 2; ++i) { if (x) break; return x; }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (;;) { return 0; break; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    while (true) { return 0; break; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    while (true) { if (x) return 1; else return 2; break; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    float i = 0; while (i < 2) { return x; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    const int k = 2; for (int i = 0; i < k; ++i) { return x; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < 2; ++i) { if (x > 0) return x; }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < 2; ++i) { continue; return x; }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < 2; ++i) { x++; }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0, j = 0; i < 2; ++i) { return x; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < 2; ++i) { i = n; return x; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    int i = n; for (; i < 2; ++i) { return x; }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < 100000; ++i) { return x; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < 2; ++i) { x += 1; return x; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    if (x) { for (int i = 0; i < 2; ++i) { return 1; } }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    if (x) { for (int i = 0; i < 2; ++i) { return 1; } } else return 2;\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int j = 0; j < 2; ++j) { for (int i = 0; i < 2; ++i) { return 1; } }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int j = 0; j < 2; ++j) { for (int i = 0; i < 2; ++i) { return 1; } return 2; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int j = 0; j < 2; ++j) { while (true) { return 1; } }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int j = 0; j < 2; ++j) { do { return 1; } while (false); }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int j = 0; j < 2; ++j) { { return 1; } }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    while (true) { for (int i = 0; i < 2; ++i) { return 1; } }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    do { for (int i = 0; i < 2; ++i) { return 1; } } while (false);\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    while (true) { while (true) { return 1; } }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    int i = 0; do { return 1; } while (i < 3);\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < 2; ++i) { switch (i) { case 0: return 1; default: return 2; } }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < 2; ++i) { for (;;) { return 1; } }\n}', 'ps_4_0', 0, 'X3507'),
    pytest.param('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < 2; ++i) { if (i == 1) return x; }\n}', 'ps_4_0', 0, 'ok',
                 marks=pytest.mark.xfail(strict=True, reason='fxc 10.1 unrolls the constant loop for the check; the return of the second pass is not seen here (not built)')),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    while (n < 2) { return x; }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i > -1; --i) { return x; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i != 0; ++i) { return x; }\n}', 'ps_4_0', 0, 'X3507'),
    ('float f(float x) {\n    for (int i = 0; i < 2; ++i) { return x; }\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : COLOR {\n    for (int i = 0; i < 2; ++i) { return x; }\n}', 'ps_2_0', 0, 'ok'),
    ('float f(float x) {\n    while (true) { return x; break; }\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_5_0', 0, 'ok'),
    ('float4 main(float x : TEXCOORD0) : COLOR {\n    while (true) { return x; break; }\n}', 'ps_2_0', 0, 'ok'),
    ('float f(float x) {\n    for (int j = 0; j < 2; ++j) { for (int i = 0; i < 2; ++i) { return 1; } }\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_5_0', 0, 'ok'),
    pytest.param('float4 main(float x : TEXCOORD0) : COLOR {\n    for (int j = 0; j < 2; ++j) { for (int i = 0; i < 2; ++i) { return 1; } }\n}', 'ps_2_0', 0, 'ok',
                 marks=pytest.mark.xfail(strict=True, reason="fxc 10.1 at ps_2_0 unrolls every loop before the check, so a nested loop's return counts (not built)")),
    ('float f(float x) {\n    for (int j = 0; j < 2; ++j) { while (true) { return 1; } }\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_5_0', 0, 'ok'),
    pytest.param('float4 main(float x : TEXCOORD0) : COLOR {\n    for (int j = 0; j < 2; ++j) { while (true) { return 1; } }\n}', 'ps_2_0', 0, 'ok',
                 marks=pytest.mark.xfail(strict=True, reason="fxc 10.1 at ps_2_0 unrolls every loop before the check, so a nested loop's return counts (not built)")),
    ('float f(float x) {\n    for (int i = 0; i < 2; ++i) { continue; return x; }\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_5_0', 0, 'X3507'),
    ('float4 main(float x : TEXCOORD0) : COLOR {\n    for (int i = 0; i < 2; ++i) { continue; return x; }\n}', 'ps_2_0', 0, 'X3507'),
]

#: (source, target, flags, fxc's verdict): the same loops inside a run-time branch, where only the source can tell
BRANCHED_LOOP_ROWS = [
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    if (x > 0) { for (int j = 0; j < 2; ++j) { for (int i = 0; i < 2; ++i) { return 1; } } } else return 2;\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat f(float x) {\n    if (x > 0) { for (int j = 0; j < 2; ++j) { for (int i = 0; i < 2; ++i) { return 1; } } } else return 2;\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    if (x > 0) { int i; for (i = 0; i < 2; ++i) { return 1; } } else return 2;\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat f(float x) {\n    if (x > 0) { int i; for (i = 0; i < 2; ++i) { return 1; } } else return 2;\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    if (x > 0) { int i; for (i = 0, x = 1; i < 2; ++i) { return 1; } } else return 2;\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat f(float x) {\n    if (x > 0) { int i; for (i = 0, x = 1; i < 2; ++i) { return 1; } } else return 2;\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    if (x > 0) { for (int i = 0; -i > -1; ++i) { return 1; } } else return 2;\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat f(float x) {\n    if (x > 0) { for (int i = 0; -i > -1; ++i) { return 1; } } else return 2;\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    if (x > 0) { for (int i = 0; i + 1 < 3; ++i) { return 1; } } else return 2;\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat f(float x) {\n    if (x > 0) { for (int i = 0; i + 1 < 3; ++i) { return 1; } } else return 2;\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    if (x > 0) { for (int i = 0; !i; ++i) { return 1; } } else return 2;\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat f(float x) {\n    if (x > 0) { for (int i = 0; !i; ++i) { return 1; } } else return 2;\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    if (x > 0) { for (int i = 0; n < 2; ++i) { return 1; } } else return 2;\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat f(float x) {\n    if (x > 0) { for (int i = 0; n < 2; ++i) { return 1; } } else return 2;\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    if (x > 0) { for (int i = 0; i < 2; ++i) { return 1; } } else return 2;\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat f(float x) {\n    if (x > 0) { for (int i = 0; i < 2; ++i) { return 1; } } else return 2;\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    if (x > 0) { for (int i; i < 2; ++i) { return 1; } } else return 2;\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat f(float x) {\n    if (x > 0) { for (int i; i < 2; ++i) { return 1; } } else return 2;\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nstatic int i;\nfloat4 main(float x : X) : SV_Target {\n    if (x > 0) { for (i = 0; i < 2; ++i) { return 1; } } else return 2;\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nstatic int i;\nfloat f(float x) {\n    if (x > 0) { for (i = 0; i < 2; ++i) { return 1; } } else return 2;\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < 2; ++i) { if (x) x++; else x--; return x; }\n}', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat f(float x) {\n    for (int i = 0; i < 2; ++i) { if (x) x++; else x--; return x; }\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_4_0', 0, 'ok'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < 2; ++i) { if (x) x++; else break; return x; }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat f(float x) {\n    for (int i = 0; i < 2; ++i) { if (x) x++; else break; return x; }\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    for (int i = 0; i < 2; ++i) { if (x) break; else x--; return x; }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat f(float x) {\n    for (int i = 0; i < 2; ++i) { if (x) break; else x--; return x; }\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat4 main(float x : X) : SV_Target {\n    int k = 0; for (int j = k; j < 2; ++j) { for (int i = 0; i < 2; ++i) { return 1; } }\n}', 'ps_4_0', 0, 'X3507'),
    ('uniform int n;\nfloat f(float x) {\n    int k = 0; for (int j = k; j < 2; ++j) { for (int i = 0; i < 2; ++i) { return 1; } }\n}\nfloat4 main(float x : X) : SV_Target { return f(x); }', 'ps_4_0', 0, 'ok'),
]

#: (source, target, flags, fxc's verdict): static functions are never entry points (X3501)
STATIC_ENTRY_ROWS = [
    ('static float4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3501'),
    ('static float4 main() : COLOR { return 0; }', 'ps_2_0', 0, 'X3501'),
    ('[numthreads(1, 1, 1)] static void main() { }', 'cs_5_0', 0, 'X3501'),
    ('static float4 f() { return 1; }\nfloat4 main() : SV_Target { return f(); }', 'ps_4_0', 0, 'ok'),
    ('static const float4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3501'),
    ('static const float4 main() : COLOR { return 0; }', 'ps_2_0', 0, 'X3501'),
    ('[numthreads(1, 1, 1)] static const void main() { }', 'cs_5_0', 0, 'X3501'),
    ('static const float4 f() { return 1; }\nfloat4 main() : SV_Target { return f(); }', 'ps_4_0', 0, 'ok'),
    ('static inline float4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3501'),
    ('static inline float4 main() : COLOR { return 0; }', 'ps_2_0', 0, 'X3501'),
    ('[numthreads(1, 1, 1)] static inline void main() { }', 'cs_5_0', 0, 'X3501'),
    ('static inline float4 f() { return 1; }\nfloat4 main() : SV_Target { return f(); }', 'ps_4_0', 0, 'ok'),
    ('inline static float4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3501'),
    ('inline static float4 main() : COLOR { return 0; }', 'ps_2_0', 0, 'X3501'),
    ('[numthreads(1, 1, 1)] inline static void main() { }', 'cs_5_0', 0, 'X3501'),
    ('inline static float4 f() { return 1; }\nfloat4 main() : SV_Target { return f(); }', 'ps_4_0', 0, 'ok'),
    ('const float4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('const float4 main() : COLOR { return 0; }', 'ps_2_0', 0, 'ok'),
    ('[numthreads(1, 1, 1)] const void main() { }', 'cs_5_0', 0, 'ok'),
    ('const float4 f() { return 1; }\nfloat4 main() : SV_Target { return f(); }', 'ps_4_0', 0, 'ok'),
    ('inline float4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('inline float4 main() : COLOR { return 0; }', 'ps_2_0', 0, 'ok'),
    ('[numthreads(1, 1, 1)] inline void main() { }', 'cs_5_0', 0, 'ok'),
    ('inline float4 f() { return 1; }\nfloat4 main() : SV_Target { return f(); }', 'ps_4_0', 0, 'ok'),
    ('precise float4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('precise float4 main() : COLOR { return 0; }', 'ps_2_0', 0, 'ok'),
    ('[numthreads(1, 1, 1)] precise void main() { }', 'cs_5_0', 0, 'ok'),
    ('precise float4 f() { return 1; }\nfloat4 main() : SV_Target { return f(); }', 'ps_4_0', 0, 'ok'),
    ('export float4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('export float4 main() : COLOR { return 0; }', 'ps_2_0', 0, 'ok'),
    ('[numthreads(1, 1, 1)] export void main() { }', 'cs_5_0', 0, 'ok'),
    ('export float4 f() { return 1; }\nfloat4 main() : SV_Target { return f(); }', 'ps_4_0', 0, 'ok'),
    ('static float4 main(float4 p : TEXCOORD) : SV_Target { return p; }\nfloat4 main() : SV_Target { return 1; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : SV_Target { return 1; }\nstatic float4 main(float4 p : TEXCOORD) : SV_Target { return p; }', 'ps_4_0', 0, 'ok'),
    ('static float4 main() : SV_Target { return 1; }\nfloat4 g() { return main(); }', 'ps_4_0', 0, 'X3501'),
    ('static void main(out float4 o : SV_Target) { o = 0; }', 'ps_5_0', 0, 'X3501'),
    ('float f(float x); static float f(float y) { return y; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3068'),
    ('static void f(); void f() { }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3068'),
]

#: (source, target, flags, fxc's verdict): a prototype and its later declarations (static, precise, return type)
PROTOTYPE_ROWS = [
    ('static float f(); float f() { return 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3068'),
    ('float f(); static float f() { return 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3068'),
    ('static float f(); static float f() { return 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('inline float f(); float f() { return 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('static float f(); float f(int x) { return 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float f(); float f(); static float f() { return 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3068'),
    ('static float f(); float f();\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3068'),
    ('static float f() { return 1; } float f();\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('precise float f(); float f() { return 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3068'),
    ('float f(); precise float f() { return 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3068'),
    ('precise float f(); precise float f() { return 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('precise float f() { return 1; } float f();\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float f() { return 1; } int f();\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float f(); float f() { return 1; } int f();\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float f() { return 1; } static float f();\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float f(); float f(); int f() { return 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3068'),
    ('static float f(); int f() { return 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3068'),
    ('float f(); int f() { return 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3068'),
    ('float f(); half f() { return 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 0, 'X3068'),
]

#: (source, target, flags, fxc's verdict): writes to uniform globals and uniform entry parameters at the Direct3D 9
#: targets and at 4.0, without and with /Gec (0x1000, D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY)
UNIFORM_WRITE_ROWS = [
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u.x = 1;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u.x = 1;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u.x = 1;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u.x = 1;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u.x = 1;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u.x = 1;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u.x = 1;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u.x = 1;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    u.x = 1;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    u.x = 1;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    ++u.x;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    ++u.x;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    ++u.x;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    ++u.x;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    ++u.x;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    ++u.x;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    ++u.x;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    ++u.x;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    ++u.x;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    ++u.x;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u++;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u++;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u++;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u++;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u++;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u++;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u++;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u++;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    u++;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    u++;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u += 1;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u += 1;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u += 1;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u += 1;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u += 1;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u += 1;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u += 1;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u += 1;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    u += 1;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    u += 1;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    a[0] = 1;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    a[0] = 1;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    a[0] = 1;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    a[0] = 1;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    a[0] = 1;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    a[0] = 1;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    a[0] = 1;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    a[0] = 1;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    a[0] = 1;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    a[0] = 1;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    s.a.y--;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    s.a.y--;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    s.a.y--;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    s.a.y--;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    s.a.y--;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    s.a.y--;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    s.a.y--;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    s.a.y--;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    s.a.y--;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    s.a.y--;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u = u * 2;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u = u * 2;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u = u * 2;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    u = u * 2;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u = u * 2;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u = u * 2;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u = u * 2;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    u = u * 2;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    u = u * 2;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 0, 'X3025'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    u = u * 2;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    float4 t = u; t.x = 1;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 0, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    float4 t = u; t.x = 1;\n    return u + a[0] + s.a;\n}', 'ps_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    float4 t = u; t.x = 1;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 0, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : COLOR {\n    float4 t = u; t.x = 1;\n    return u + a[0] + s.a;\n}', 'ps_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    float4 t = u; t.x = 1;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 0, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    float4 t = u; t.x = 1;\n    return u + a[0] + s.a;\n}', 'vs_2_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    float4 t = u; t.x = 1;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 0, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : POSITION {\n    float4 t = u; t.x = 1;\n    return u + a[0] + s.a;\n}', 'vs_3_0', 4096, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    float4 t = u; t.x = 1;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 0, 'ok'),
    ('float4 u;\nfloat4 a[2];\nstruct S { float4 a; };\nS s;\nfloat4 main() : SV_Target {\n    float4 t = u; t.x = 1;\n    return u + a[0] + s.a;\n}', 'ps_4_0', 4096, 'ok'),
    ('static float4 u = 1;\nfloat4 main() : COLOR { u.x = 2; return u; }', 'ps_2_0', 0, 'ok'),
    ('uniform float4 u;\nfloat4 main() : COLOR { u.x = 2; return u; }', 'ps_2_0', 0, 'X3025'),
    ('const float4 u = 1;\nfloat4 main() : COLOR { u.x = 2; return u; }', 'ps_2_0', 0, 'X3025'),
    ('float4 main(uniform float4 u) : COLOR { u.x = 2; return u; }', 'ps_2_0', 0, 'ok'),
    ('static float4 u = 1;\nfloat4 main() : POSITION { u.x = 2; return u; }', 'vs_3_0', 0, 'ok'),
    ('uniform float4 u;\nfloat4 main() : POSITION { u.x = 2; return u; }', 'vs_3_0', 0, 'X3025'),
    ('const float4 u = 1;\nfloat4 main() : POSITION { u.x = 2; return u; }', 'vs_3_0', 0, 'X3025'),
    ('float4 main(uniform float4 u) : POSITION { u.x = 2; return u; }', 'vs_3_0', 0, 'ok'),
]

ALL_ROWS = (LITERAL_ROWS + ELSE_ROWS + LOOP_RETURN_ROWS + BRANCHED_LOOP_ROWS + STATIC_ENTRY_ROWS + PROTOTYPE_ROWS
            + UNIFORM_WRITE_ROWS)


def _verdict(src: str, target: str, flags: int) -> str:
    """Our first error number (warnings skipped, as in the recorded column), or "ok"."""
    try:
        D3DCompile(src.encode(), len(src), None, None, None, "main", target, flags, 0)
    except D3D11Error as exc:
        return _first_error(str(exc))
    return "ok"


@pytest.mark.parametrize("src,target,flags,expected", ALL_ROWS)
def test_verdict_as_fxc_gives_it(src: str, target: str, flags: int, expected: str) -> None:
    assert _verdict(src, target, flags) == expected


def _plain(row):
    return tuple(row.values) if hasattr(row, "values") else row


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None, reason="needs Wine and d3dcompiler_47.dll")
def test_recorded_table_matches_the_live_dll() -> None:
    real = wine_d3dcompiler.WineD3DCompiler()
    try:
        for src, target, flags, expected in map(_plain, ALL_ROWS):
            r = real.compile(src, target, "main", flags1=flags)
            assert ("ok" if r.ok else _first_error(r.messages)) == expected, (src, target)
    finally:
        real.close()
