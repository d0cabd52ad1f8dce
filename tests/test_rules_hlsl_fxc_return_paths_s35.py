"""Return paths as d3dcompiler_47 10.1 judges them (issue 15, session 35 helper AUDIT).

Every expected column in this file was recorded from Microsoft's d3dcompiler_47.dll 10.1 (the Windows 10
SDK's fxc) under Wine, session 35 (``pyd3d11.tools.wine_d3dcompiler``): "ok" where it compiles, else the
first error number it prints. The rule the rows sample (shader/hlsl/check.py):

- X3507 "Not all control paths return a value" is judged only on a function that is compiled (the entry
  point and what it calls) and after constants fold: ``float f(float x) { if (x > 0) return 1; }`` compiles
  when nothing calls it and when it is called as ``f(1)``, and fails as ``f(-1)`` or ``f(a)``. A body with
  no return at all is X3507 too (not X3080), and nothing when uncalled. MicrosoftDocs "HLSL errors and
  warnings" lists X3507 without saying when it is checked; DXC's SemaHLSL varmods-syntax.hlsl records X3080
  for functions nothing calls, which fxc 10.1 does not do.
- A constant ``if`` condition keeps the branch it takes, a constant switch selector its case; a loop returns
  when its first pass surely runs and returns. An endless loop counts as returning in a function fxc
  inlines, not in the entry point's own body.
- A bare ``return;`` in a function with a result is X3080 and ``return value;`` in a void function X3079, at
  the statement, in every function, called or not.

The rows where this compiler still differs are strict xfails naming what fxc does.
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.tools import wine_d3dcompiler

# (source, first error number or "ok"): the f(x) bodies crossed with four callers (none, f(1), f(-1), f(a)),
# then entry-point bodies and return statements; compiled as ps_5_0 with entry point main
ROWS = [
    ('float f(float x) { }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { }\nfloat4 main() : SV_Target { return f(1); }', 'X3507'),
    ('float f(float x) { }\nfloat4 main() : SV_Target { return f(-1); }', 'X3507'),
    ('float f(float x) { }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float f(float x) { x += 1; }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { x += 1; }\nfloat4 main() : SV_Target { return f(1); }', 'X3507'),
    ('float f(float x) { x += 1; }\nfloat4 main() : SV_Target { return f(-1); }', 'X3507'),
    ('float f(float x) { x += 1; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float f(float x) { if (x > 0) return 1; }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { if (x > 0) return 1; }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { if (x > 0) return 1; }\nfloat4 main() : SV_Target { return f(-1); }', 'X3507'),
    ('float f(float x) { if (x > 0) return 1; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float f(float x) { if (x > 0) return 1; else x = 2; }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { if (x > 0) return 1; else x = 2; }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { if (x > 0) return 1; else x = 2; }\nfloat4 main() : SV_Target { return f(-1); }', 'X3507'),
    ('float f(float x) { if (x > 0) return 1; else x = 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float f(float x) { if (x > 0) return 1; else return 2; }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { if (x > 0) return 1; else return 2; }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { if (x > 0) return 1; else return 2; }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { if (x > 0) return 1; else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { if (x > 0) { return 1; } else { } }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { if (x > 0) { return 1; } else { } }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { if (x > 0) { return 1; } else { } }\nfloat4 main() : SV_Target { return f(-1); }', 'X3507'),
    ('float f(float x) { if (x > 0) { return 1; } else { } }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float f(float x) { if (x > 0) return 1; else if (x < 0) return 2; }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { if (x > 0) return 1; else if (x < 0) return 2; }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { if (x > 0) return 1; else if (x < 0) return 2; }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { if (x > 0) return 1; else if (x < 0) return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float f(float x) { if (x > 0) return 1; if (x <= 0) return 2; }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { if (x > 0) return 1; if (x <= 0) return 2; }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { if (x > 0) return 1; if (x <= 0) return 2; }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { if (x > 0) return 1; if (x <= 0) return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float f(float x) { if (true) return x; }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { if (true) return x; }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { if (true) return x; }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { if (true) return x; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { if (1 > 0) return x; }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { if (1 > 0) return x; }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { if (1 > 0) return x; }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { if (1 > 0) return x; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { if (0 > 1) return x; }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { if (0 > 1) return x; }\nfloat4 main() : SV_Target { return f(1); }', 'X3507'),
    ('float f(float x) { if (0 > 1) return x; }\nfloat4 main() : SV_Target { return f(-1); }', 'X3507'),
    ('float f(float x) { if (0 > 1) return x; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float f(float x) { [branch] if (2 > 1) return x; }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { [branch] if (2 > 1) return x; }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { [branch] if (2 > 1) return x; }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { [branch] if (2 > 1) return x; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { if (false) return x; else return 2; }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { if (false) return x; else return 2; }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { if (false) return x; else return 2; }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { if (false) return x; else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { { return x; } }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { { return x; } }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { { return x; } }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { { return x; } }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { while (true) { return x; } }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { while (true) { return x; } }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { while (true) { return x; } }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { while (true) { return x; } }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { for (;;) { return x; } }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { for (;;) { return x; } }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { for (;;) { return x; } }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { for (;;) { return x; } }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { do { return x; } while (x > 0); }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { do { return x; } while (x > 0); }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { do { return x; } while (x > 0); }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { do { return x; } while (x > 0); }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { while (true) { if (x > 0) return 1; } }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { while (true) { if (x > 0) return 1; } }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    pytest.param('float f(float x) { while (true) { if (x > 0) return 1; } }\nfloat4 main() : SV_Target { return f(-1); }', 'X3696',
                 marks=pytest.mark.xfail(strict=True, reason="fxc 10.1: X3696, the loop never ends once f's argument folds (not built)")),
    ('float f(float x) { while (true) { if (x > 0) return 1; } }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { do { if (x > 0) return 1; } while (true); }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { do { if (x > 0) return 1; } while (true); }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    pytest.param('float f(float x) { do { if (x > 0) return 1; } while (true); }\nfloat4 main() : SV_Target { return f(-1); }', 'X3696',
                 marks=pytest.mark.xfail(strict=True, reason="fxc 10.1: X3696, the loop never ends once f's argument folds (not built)")),
    ('float f(float x) { do { if (x > 0) return 1; } while (true); }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { while (x > 5) { return 1; } }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { while (x > 5) { return 1; } }\nfloat4 main() : SV_Target { return f(1); }', 'X3507'),
    ('float f(float x) { while (x > 5) { return 1; } }\nfloat4 main() : SV_Target { return f(-1); }', 'X3507'),
    ('float f(float x) { while (x > 5) { return 1; } }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float f(float x) { switch ((int)x) { case 0: return 1; } }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { switch ((int)x) { case 0: return 1; } }\nfloat4 main() : SV_Target { return f(1); }', 'X3507'),
    ('float f(float x) { switch ((int)x) { case 0: return 1; } }\nfloat4 main() : SV_Target { return f(-1); }', 'X3507'),
    ('float f(float x) { switch ((int)x) { case 0: return 1; } }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float f(float x) { switch ((int)x) { case 0: return 1; default: return 2; } }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { switch ((int)x) { case 0: return 1; default: return 2; } }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { switch ((int)x) { case 0: return 1; default: return 2; } }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { switch ((int)x) { case 0: return 1; default: return 2; } }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { switch ((int)x) { case 0: case 1: return 1; default: return 2; } }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { switch ((int)x) { case 0: case 1: return 1; default: return 2; } }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { switch ((int)x) { case 0: case 1: return 1; default: return 2; } }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { switch ((int)x) { case 0: case 1: return 1; default: return 2; } }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { switch ((int)x) { case 0: return 1; default: break; } }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { switch ((int)x) { case 0: return 1; default: break; } }\nfloat4 main() : SV_Target { return f(1); }', 'X3507'),
    ('float f(float x) { switch ((int)x) { case 0: return 1; default: break; } }\nfloat4 main() : SV_Target { return f(-1); }', 'X3507'),
    ('float f(float x) { switch ((int)x) { case 0: return 1; default: break; } }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float f(float x) { switch (1) { case 1: return x; } }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { switch (1) { case 1: return x; } }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { switch (1) { case 1: return x; } }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { switch (1) { case 1: return x; } }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { switch (2) { case 1: return x; } }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { switch (2) { case 1: return x; } }\nfloat4 main() : SV_Target { return f(1); }', 'X3507'),
    ('float f(float x) { switch (2) { case 1: return x; } }\nfloat4 main() : SV_Target { return f(-1); }', 'X3507'),
    ('float f(float x) { switch (2) { case 1: return x; } }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float f(float x) { switch (2) { case 1: return x; default: return 3; } }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { switch (2) { case 1: return x; default: return 3; } }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { switch (2) { case 1: return x; default: return 3; } }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { switch (2) { case 1: return x; default: return 3; } }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { switch (1) { case 0: case 1: return x; } }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { switch (1) { case 0: case 1: return x; } }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { switch (1) { case 0: case 1: return x; } }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { switch (1) { case 0: case 1: return x; } }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float f(float x) { return x; x += 1; }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('float f(float x) { return x; x += 1; }\nfloat4 main() : SV_Target { return f(1); }', 'ok'),
    ('float f(float x) { return x; x += 1; }\nfloat4 main() : SV_Target { return f(-1); }', 'ok'),
    ('float f(float x) { return x; x += 1; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float4 main() : SV_Target { }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { a += 1; }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { if (a > 0) return 1; }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { if (a > 0) return 1; else return 2; }', 'ok'),
    ('float4 main() : SV_Target { if (true) return 1; }', 'ok'),
    ('float4 main() : SV_Target { if (1 > 0) return 1; }', 'ok'),
    ('float4 main() : SV_Target { if (0 > 1) return 1; }', 'X3507'),
    ('float4 main() : SV_Target { [branch] if (1 > 0) return 1; }', 'ok'),
    ('float4 main(float a : A) : SV_Target { if (a > 0) { if (true) return 1; } else return 2; }', 'ok'),
    ('float4 main(float a : A) : SV_Target { if (a > 0) return 1; discard; }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { while (true) { if (a > 0) return 1; } }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { for (;;) { if (a > 0) return 1; } }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { do { if (a > 0) return 1; } while (true); }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { while (true) { if (a > 0) break; return 2; } }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { while (true) { return a; } }', 'ok'),
    ('float4 main(float a : A) : SV_Target { do { return a; } while (a > 0); }', 'ok'),
    ('float4 main() : SV_Target { while (1 > 0) { } }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { switch (1) { case 1: return 1; } }', 'ok'),
    ('float4 main(float a : A) : SV_Target { switch (3) { case 1: return 1; } }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { switch ((int)a) { case 1: return 1; default: return 0; } }', 'ok'),
    ('float4 main(float a : A) : SV_Target { switch ((int)a) { case 1: return 1; } }', 'X3507'),
    ('float4 main() : SV_Target { float x = 1; if (x > 0) return 1; }', 'ok'),
    ('static const bool b = true;\nfloat4 main() : SV_Target { if (b) return 1; }', 'ok'),
    ('bool b;\nfloat4 main() : SV_Target { if (b) return 1; }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { int k = 1; switch (k) { case 1: return 1; case 2: return 2; } }', 'ok'),
    ('float4 main() : SV_Target { return; }', 'X3080'),
    ('float4 main(float a : A) : SV_Target { if (a > 0) return; return 1; }', 'X3080'),
    ('float f(float x) { return; }\nfloat4 main() : SV_Target { return 0; }', 'X3080'),
    ('float f(float x) { if (x > 0) return; return 1; }\nfloat4 main() : SV_Target { return 0; }', 'X3080'),
    ('float f(float x) { if (x > 0) return; return 1; }\nfloat4 main() : SV_Target { return f(2); }', 'X3080'),
    ('void f(float x) { return 1; }\nfloat4 main() : SV_Target { return 0; }', 'X3079'),
    ('void f(float x) { return x; }\nfloat4 main() : SV_Target { f(1); return 0; }', 'X3079'),
    ('void f(float x) { if (x > 0) return; }\nfloat4 main() : SV_Target { f(1); return 0; }', 'ok'),
    ('void f(float x) { }\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('void h() {}\nvoid g() { return h(); }\nfloat4 main() : SV_Target { g(); return 0; }', 'X3079'),
    ('void h() {}\nvoid g() { return h(); }\nfloat4 main() : SV_Target { return 0; }', 'X3079'),
    ('float f(float x);\nfloat4 main() : SV_Target { return 0; }', 'ok'),
    ('void main() { }', 'ok'),
    ('void main(out float4 o : SV_Target) { o = 1; return; }', 'ok'),
    ('struct S { float v; float get() { if (v > 0) return v; } };\nfloat4 main() : SV_Target { S s; s.v = 1; return 0; }', 'ok'),
    ('struct S { float v; float get() { if (v > 0) return v; } };\nfloat4 main(float a : A) : SV_Target { S s; s.v = a; return s.get(); }', 'X3507'),
    # fxc 10.1: X3080, a bare return in a method nothing calls (methods probed since session 46: uncalled._methods)
    ('struct S { float v; float get() { return; } };\nfloat4 main() : SV_Target { return 0; }', 'X3080'),
]

#: (source, verdict): the same rules where only the source can tell (a constant switch or loop inside a run-time
#: branch, in the entry point and in a called function): fxc folds a switch only for a non-negative constant a
#: label names
NESTED_ROWS = [
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { switch (1) { case 1: return 1; } } else return 2; }', 'ok'),
    ('float f(float a) { float x; if (a > 0) { switch (1) { case 1: return 1; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { switch (-1) { case 0xFFFFFFFF: return 1; } } else return 2; }', 'X3507'),
    ('float f(float a) { float x; if (a > 0) { switch (-1) { case 0xFFFFFFFF: return 1; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { switch (4294967295) { case -1: return 1; } } else return 2; }', 'X3507'),
    ('float f(float a) { float x; if (a > 0) { switch (4294967295) { case -1: return 1; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { switch (-2) { case -2: return 1; } } else return 2; }', 'X3507'),
    ('float f(float a) { float x; if (a > 0) { switch (-2) { case -2: return 1; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { switch (-2) { case 4294967294: return 1; case 0: break; } } else return 2; }', 'X3507'),
    ('float f(float a) { float x; if (a > 0) { switch (-2) { case 4294967294: return 1; case 0: break; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { switch (2) { case 1: return 1; case 2: case 3: return 3; } } else return 2; }', 'ok'),
    ('float f(float a) { float x; if (a > 0) { switch (2) { case 1: return 1; case 2: case 3: return 3; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { switch (3) { case 1: return 1; case 2: break; } } else return 2; }', 'X3507'),
    ('float f(float a) { float x; if (a > 0) { switch (3) { case 1: return 1; case 2: break; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { switch (5) { case 1: return 1; default: return 4; } } else return 2; }', 'ok'),
    ('float f(float a) { float x; if (a > 0) { switch (5) { case 1: return 1; default: return 4; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { switch (2) { case 1: return 1; case 2: break; default: return 3; } } else return 2; }', 'X3507'),
    ('float f(float a) { float x; if (a > 0) { switch (2) { case 1: return 1; case 2: break; default: return 3; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { switch (2) { case 1: break; case 2: case 3: break; default: return 3; } } else return 2; }', 'X3507'),
    ('float f(float a) { float x; if (a > 0) { switch (2) { case 1: break; case 2: case 3: break; default: return 3; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { switch (0) { case 0: case 1: case 2: return 1; } } else return 2; }', 'ok'),
    ('float f(float a) { float x; if (a > 0) { switch (0) { case 0: case 1: case 2: return 1; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    pytest.param('float4 main(float a : A) : SV_Target { float x; if (a > 0) { switch (7) { default: case 1: return 1; } } else return 2; }', 'X3507',
                 marks=pytest.mark.xfail(strict=True, reason="fxc 10.1: X3507 for a constant selector only a default grouped with a label takes (not built)")),
    pytest.param('float f(float a) { float x; if (a > 0) { switch (7) { default: case 1: return 1; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507',
                 marks=pytest.mark.xfail(strict=True, reason="fxc 10.1: X3507 for a constant selector only a default grouped with a label takes (not built)")),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { switch (1) { case 1: x = 1; case 2: return 2; } } else return 2; }', 'X3533'),
    ('float f(float a) { float x; if (a > 0) { switch (1) { case 1: x = 1; case 2: return 2; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3533'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { while (true) { return 1; } } else return 2; }', 'ok'),
    ('float f(float a) { float x; if (a > 0) { while (true) { return 1; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { do { if (a > 1) break; return 1; } while (true); } else return 2; }', 'X3507'),
    ('float f(float a) { float x; if (a > 0) { do { if (a > 1) break; return 1; } while (true); } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { for (;;) { return 1; } } else return 2; }', 'ok'),
    ('float f(float a) { float x; if (a > 0) { for (;;) { return 1; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { while (1 > 2) { return 1; } } else return 2; }', 'X3507'),
    ('float f(float a) { float x; if (a > 0) { while (1 > 2) { return 1; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'X3507'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { do { return 1; } while (false); } else return 2; }', 'ok'),
    ('float f(float a) { float x; if (a > 0) { do { return 1; } while (false); } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
    ('float4 main(float a : A) : SV_Target { float x; if (a > 0) { while (true) { if (a > 1) return 1; } } else return 2; }', 'X3507'),
    ('float f(float a) { float x; if (a > 0) { while (true) { if (a > 1) return 1; } } else return 2; }\nfloat4 main(float a : A) : SV_Target { return f(a); }', 'ok'),
]


def _verdict(src: str, target: str = "ps_5_0") -> str:
    try:
        D3DCompile(src, None, "r.hlsl", None, None, "main", target)
        return "ok"
    except D3D11Error as exc:
        codes = re.findall(r"error (X\d+)", getattr(exc, "errors", "") or str(exc))
        return codes[0] if codes else "fail"


@pytest.mark.parametrize("src,expected", ROWS + NESTED_ROWS)
def test_return_paths_as_fxc_judges_them(src: str, expected: str) -> None:
    assert _verdict(src) == expected


def test_x3507_names_the_function_in_fxc_words() -> None:
    with pytest.raises(D3D11Error) as info:
        D3DCompile("float f(float x) { if (x > 0) return 1; }\nfloat4 main(float a : A) : SV_Target "
                   "{ return f(a); }", None, "r.hlsl", None, None, "main", "ps_5_0")
    assert "error X3507: 'f': Not all control paths return a value" in info.value.errors


def test_return_statement_errors_name_the_function() -> None:
    for src, words in [
        ("float f(float x) { return; }\nfloat4 main() : SV_Target { return 0; }",
         "error X3080: 'f': function must return a value"),
        ("void f(float x) { return 1; }\nfloat4 main() : SV_Target { return 0; }",
         "error X3079: 'f': void functions cannot return a value"),
    ]:
        with pytest.raises(D3D11Error) as info:
            D3DCompile(src, None, "r.hlsl", None, None, "main", "ps_5_0")
        assert words in info.value.errors, src


def _live(src: str) -> str:
    r = wine_d3dcompiler.shared().compile(src, "ps_5_0", "main", name="r.hlsl")
    if r.ok:
        return "ok"
    found = re.findall(r"error (X\d+)", r.messages)
    return found[0] if found else "fail"


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None, reason="needs Wine and d3dcompiler_47.dll")
def test_recorded_rows_are_the_live_dll_answers() -> None:
    for row in ROWS + NESTED_ROWS:
        src, expected = row.values if hasattr(row, "values") else row
        assert _live(src) == expected, src
