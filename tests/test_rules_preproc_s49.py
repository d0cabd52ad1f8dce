"""The preprocessor against fxc, session 49 (issue 15, helper PRE): the eighth case table -- programs written the way a
vkd3d shader-test author writes ``[preproc]`` tests, aimed at angles no older table holds: ``#pragma message`` in every
form (its operand macro-replaced, literals joined, escapes, what stops it, where its text falls among the other
messages), the order of D3DPreprocess's warnings and errors, a ``#`` a macro puts at a line's start (``#define P
#pragma once`` / ``P``), files of blanks, comments and splices alone (main and included, with and without a last
new-line), a string a later line of an ``#if`` argument list leaves open, D3D_SHADER_MACRO definitions against
``#undef`` / ``#define`` / ``defined``, numbers and character constants in ``#if`` (suffixes, floats, octal, overflow)
and ``#pragma`` forms through macros. No program repeats an older table's source (test_rules_preproc_s42.py to
_s48.py; checked below).

Every expected value was recorded from Microsoft's d3dcompiler_47.dll 10.1 under Wine (session 49): D3DPreprocess's
whole text byte for byte (the source named ``<DIR>\\\\src\\\\t.hlsl``, D3D_COMPILE_STANDARD_FILE_INCLUDE) and the error
numbers of its messages in order (``-`` for ``#error``'s numberless one); D3DCompile's first error number of
``PREFIX`` + source at ps_4_0 under the same name; and (``BLOBS``) the lines of both message blobs
(``fxc_record_helpers.message_lines``: a placed message as its file, line and number, a ``#pragma message`` text as
printed; the compile's up to its first error) -- the order and the texts, not the columns. No row is checked against
the live DLL here (the CI time rule). The rules this session built:

- ``#pragma message ( "..." ... )`` prints its literals' text, escapes read, followed by a new-line; its operand after
  the ``(`` is macro-replaced; a name, ``##``, ``...``, an open string or the line's end after the literals prints
  nothing (ppmessage.py);
- D3DPreprocess's warnings, message texts and errors are written in the order they were read; a compile stopped by
  the preprocessor prints the warnings and texts read before its first error;
- a text line whose first token is a ``#`` a macro made is text for the compile (X3000 at the ``#``), never a
  ``#pragma`` or ``#line`` line;
- a first line the file's end closes (no new-line) returns no line end: a main file of blanks, comments or splices
  alone writes no text at all, an included one only its end's line end;
- a string left open at the end of a later line of an ``#if`` / ``#elif`` argument list holds its new-line: X1005
  there first, the next line joined and counted as it;
- an invocation an included file leaves open to the end of the main file is X1515 at the place the file opened it;
- a directive whose comment the file's end closes (no last new-line) returns its line end at the last line.
"""

from __future__ import annotations

import os

import pytest
from fxc_record_helpers import include_tree, message_lines
from test_rules_preproc_s44 import PREFIX, _compile, _preprocess

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3D11Error
from pyd3d11.headers.d3dcompiler_types import D3D_COMPILE_STANDARD_FILE_INCLUDE
from pyd3d11.shader.compile_api import D3DPreprocess

pytestmark = pytest.mark.backend_independent  # (preprocessing and compile verdicts: no shader runs)

#: the include files beside the source (``<DIR>\\src``)
INCLUDE_FILES = {
    'e49_close.h': '2) pass\n',
    'e49_cmt.h': '/* c */',
    'e49_open.h': 'F(1,\n',
    'h49_b.h': 'F("a\n',
    'h49_c.h': 'F("a\n',
    'h49_f.h': 'F("a',
    'h49_g.h': 'F(\n',
    't49_c.h': '/* c */',
    't49_c2.h': '/* a */ /* b */',
    't49_cr.h': '\r',
    't49_lc.h': '// c',
    't49_sp.h': ' ',
    't49_spl.h': '\\\n',
    't49_splsp.h': '\\\n  ',
    't49_tab.h': '\t\t',
}


ROWS = [
    ('defx', '#if defined X\npass\n#endif\n', (('X', '1'),), '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n\n', ()),
    ('defx', '#define X (1)\nX pass\n', (('X', '1'),), '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n( 1 ) pass \n', ()),
    ('defx', '#if defined(X) && X == 1\npass\n#endif\n', (('X', '1'),), '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n\n', ()),
    ('defx', '#define X 1 \nX pass\n', (('X', '1'),), '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n1 pass \n', ()),
    ('defx2', 'F(x) pass\n', (('F(a)', '#a'),), '#line 1 "<DIR>\\\\src\\\\t.hlsl"\nF ( x ) pass \n', ()),
    ('defx2', '#if X == 3\npass\n#endif\n', (('X', '1+2'),), '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n\n', ()),
    ('defx2', '#if X == 16\npass\n#endif\n', (('X', '0x10'),), '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n\n', ()),
    ('defx2', 'F()\n', (('F()', 'pass'),), '#line 1 "<DIR>\\\\src\\\\t.hlsl"\nF ( ) \n', ()),
    ('defx2', '#pragma once\nX pass\n', (('X', '1'),), '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\n1 pass \n', ()),
    ('defx2', '#if defined(X)\npass\n#endif\n', (('X', ''),), '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n\n', ()),
    ('ifnum', '#if 00\npass\n#else\nfail\n#endif\n', None, '#line 3 "<DIR>\\\\src\\\\t.hlsl"\n\nfail \n\n', ()),
    ('ifnum', '#if 1i32\npass\n#else\nfail\n#endif\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n\n#line 5\n\n', ('X1500',)),
    ('ifnum', "#if '\\777'\npass\n#else\nfail\n#endif\n", None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n\nfail \n\n', ('X1500', 'X1509', 'X1510')),
    ('ifnum', '#if (0 && 1/0)\npass\n#else\nfail\n#endif\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n\nfail \n\n', ('X1503', 'X1509', 'X1510')),
    ('ifnum', '#if defined()\npass\n#else\nfail\n#endif\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n\nfail \n\n', ('X1500', 'X1509', 'X1510')),
    ('ifnum', "#if '\\'\npass\n#else\nfail\n#endif\n", None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n\n#line 5\n\n', ()),
    ('empty', '#include "e49_cmt.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1 "e49_cmt.h"\n\n\n#line 2 "<DIR>\\\\src\\\\t.hlsl"\npass \n', ()),
    ('empty', '\r', None, '', ()),
    ('empty', ' ', None, '', ()),
    ('empty', '\\\n\\\n', None, '', ()),
    ('empty', '/**/', None, '', ()),
    ('empty', '/* c */', None, '', ()),
    ('empty', '// c', None, '', ()),
    ('pragma', '#define P #pragma once\nP\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n# pragma once \npass \n', ()),
    ('pragma', '#define S "hi"\n#pragma message(S)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\npass \n', ()),
    ('pragma', '#pragma message("x\\n")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('pragma', '#pragma message(__LINE__)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n', ()),
    ('pragma', '#pragma region\npass\n#pragma endregion\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n\n\n#line 3\n\n', ()),
    ('pragma', '#pragma warning(push)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n', ()),
    ('hashline', '#define L #line 5\nL\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n# line 5 \npass \n', ()),
    ('hashline', '#define P #pragma warning(disable: 3206)\nP\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n# pragma warning ( disable : 3206 ) \npass \n', ()),
    ('hashline', '#define P #pragma once\n  P\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n# pragma once \npass \n', ()),
    ('hashline', '#define P #pragmaX\nP\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n# pragmaX \npass \n', ()),
    ('hashline', '#define P #pragma pack_matrix(row_major)\nP\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n# pragma pack_matrix ( row_major ) \npass \n', ()),
    ('hashline', '#define L #line 5 "q.h"\nL\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n# line 5 "q.h" \npass \n', ()),
    ('hashline', '#define L #line\nL 5\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n# line 5 \npass \n', ()),
    ('hashline', '#define P #pragma once\nP\n#define Q 1\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n# pragma once \n\npass \n', ()),
    ('hashline', '#define L #line 5\n L\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n# line 5 \npass \n', ()),
    ('hashline', '#define P(x) x\nP(#pragma once)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\nP ', ('X1515',)),
    ('hashline', '#define P #pragma once\nP pass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n# pragma once pass \n', ()),
    ('hashline', '#define P #pragma\nP once\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n# pragma once \npass \n', ()),
    ('tokenless', '\\\n\\', None, '#line 2 "<DIR>\\\\src\\\\t.hlsl"\n\\ ', ()),
    ('tokenless', '\x0b', None, '', ()),
    ('tokenless', '\t', None, '', ()),
    ('tokenless', '\r\r', None, '', ()),
    ('tokenless', '  \\\n  ', None, '', ()),
    ('tokenless', '\x0c', None, '', ()),
    ('tokenless', '/* a\nb */', None, '', ()),
    ('tokenless', '/* c */ ', None, '', ()),
    ('tokenless', '/* c */\\\n', None, '', ()),
    ('inctokenless', '#include "t49_c2.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1 "t49_c2.h"\n\n\n#line 2 "<DIR>\\\\src\\\\t.hlsl"\npass \n', ()),
    ('inctokenless', '#include "t49_splsp.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 2 "t49_splsp.h"\n\n\n#line 2 "<DIR>\\\\src\\\\t.hlsl"\npass \n', ()),
    ('inctokenless', '#include "t49_sp.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1 "t49_sp.h"\n\n\n#line 2 "<DIR>\\\\src\\\\t.hlsl"\npass \n', ()),
    ('inctokenless', '#include "t49_cr.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1 "t49_cr.h"\n\n\n#line 2 "<DIR>\\\\src\\\\t.hlsl"\npass \n', ()),
    ('inctokenless', '#include "t49_lc.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1 "t49_lc.h"\n\n\n#line 2 "<DIR>\\\\src\\\\t.hlsl"\npass \n', ()),
    ('inctokenless', '#include "t49_c.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1 "t49_c.h"\n\n\n#line 2 "<DIR>\\\\src\\\\t.hlsl"\npass \n', ()),
    ('inctokenless', '#include "t49_tab.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1 "t49_tab.h"\n\n\n#line 2 "<DIR>\\\\src\\\\t.hlsl"\npass \n', ()),
    ('inctokenless2', 'x\n#include "t49_c2.h"\n#include "t49_c2.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\nx \n\n\n#line 1 "t49_c2.h"\n\n\n#line 3 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1 "t49_c2.h"\n\n\n#line 4 "<DIR>\\\\src\\\\t.hlsl"\npass \n', ()),
    ('inctokenless2', 'x\n#include "t49_spl.h"\n#include "t49_spl.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\nx \n\n\n#line 2 "t49_spl.h"\n\n\n#line 3 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 2 "t49_spl.h"\n\n\n#line 4 "<DIR>\\\\src\\\\t.hlsl"\npass \n', ()),
    ('inctokenless2', 'x\n#include "t49_splsp.h"\n#include "t49_splsp.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\nx \n\n\n#line 2 "t49_splsp.h"\n\n\n#line 3 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 2 "t49_splsp.h"\n\n\n#line 4 "<DIR>\\\\src\\\\t.hlsl"\npass \n', ()),
    ('inctokenless2', 'x\n#include "t49_lc.h"\n#include "t49_lc.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\nx \n\n\n#line 1 "t49_lc.h"\n\n\n#line 3 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1 "t49_lc.h"\n\n\n#line 4 "<DIR>\\\\src\\\\t.hlsl"\npass \n', ()),
    ('pmsg', '#define S\n#pragma message(S)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\npass \n', ()),
    ('pmsg', '#define S "hi"\n#pragma message (S)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\npass \n', ()),
    ('pmsg', '#define M(x) x\n#pragma message(M("a"))\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\npass \n', ()),
    ('pmsg', '#define S "hi"\n#pragma message(S);\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n#line 2\n\npass \n', ()),
    ('pmsg', '#define S "hi"\nfloat4 main():SV_Target{\n#pragma message(S)\nreturn 0;}\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\nfloat4 main ( ) : SV_Target { \n    \n    return 0 ; } \n', ()),
    ('pmsg', '#define S "a\\tb"\n#pragma message(S)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\npass \n', ()),
    ('pmsg', '#define S "hi"\n#pragma message(S S)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\npass \n', ()),
    ('pmsg', '#define S "hi"\n#define T S\n#pragma message(T)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\npass \n', ()),
    ('msg', '#pragma message("\\xfff")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('msg', '#pragma message("\\x")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('msg', '#pragma message("yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('msg', '#pragma message("x" __FILE__)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n', ()),
    ('msg', '#pragma message("a\\0b")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('msg', '#pragma message("a\\nb\\n")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('msg', '#pragma message("tab\tx")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('msg', '#pragma message("")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('msg', '#pragma message("\\x41\\101\\"\\\\")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('msg', '#pragma message("" "" "")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('msg', '#pragma message("\\q")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('msg', '#pragma message("\\n")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('msg', '#pragma message("a"\\\n"b")\npass\n', None, '#line 2 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('msg', '#pragma message( "a" )\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('msgorder', '#pragma message("m")\n#line 7 "z.h"\n#pragma message("n")\nfloat4 main() : SV_Target { return u; }\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 6 "z.h"\n\n\nfloat4 main ( ) : SV_Target { return u ; } \n', ()),
    ('msgorder', '#pragma message("m")\n#pragma foo\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n#line 2\n\npass \n', ()),
    ('msgorder', '#pragma message("m")\n#define X 1\n#define X 2\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\npass \n', ()),
    ('msgorder', '#define E\n#pragma message(E "e" E)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\npass \n', ()),
    ('msgorder', '#define Q(x) #x\n#pragma message(Q(a b) Q(c))\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\npass \n', ()),
    ('msgorder', '#define X 1\n#define X 2\n#pragma message("m")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\npass \n', ()),
    ('msgorder', '#define F(x) x\nF(\n#pragma message("in")\n)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\nF \n#line 4\n\npass \n', ('X1516',)),
    ('msgorder', '#define C )\n#pragma message("a" C\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\npass \n', ()),
    ('msgorder', '#pragma message("one")\n#pragma message("two")\n#pragma once\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n\n#line 3\n\npass \n', ()),
    ('msgorder', '#pragma foo\n#pragma message("m")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\n\npass \n', ()),
    ('msgorder', '#pragma message("m")\nfloat4 main() : SV_Target { return undefined_x; }\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\nfloat4 main ( ) : SV_Target { return undefined_x ; } \n', ()),
    ('msgorder', '#pragma message("m")\nfloat4 main() : SV_Target { float f; return f; }\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\nfloat4 main ( ) : SV_Target { float f ; return f ; } \n', ()),
    ('msgorder', '#pragma message("m")\n#include "nope49.h"\npass\n', None, None, ('X1507',)),
    ('msgid', '#pragma message("a" =)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n', ()),
    ('msgid', '#pragma message("a" ()\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n', ()),
    ('msgid', '#pragma message("a" X)\npass\n', (('X', ''),), '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\npass \n', ()),
    ('msgid', '#pragma message("a" \\)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n', ()),
    ('msgid', '#pragma message("a" #)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n', ()),
    ('msgid', '#pragma message("a" 0x1)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n', ()),
    ('msgid', '#pragma message("a" x)\n#pragma message("b")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\n\npass \n', ()),
    ('msgid', '#pragma message("a" [)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n', ()),
    ('msgid', '#pragma message("a" __LINE__)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n', ()),
    ('msgid', '#pragma message("a" ,x)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n', ()),
    ('msgid', '#pragma message("a" +)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n', ()),
    ('msgid', '#pragma message("a" .)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n', ()),
    ('msgid', '#pragma message("a" @)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\npass \n', ()),
    ('mix', '#pragma warning(disable: 3568)\n#pragma foo\n#error e\n', None, None, ('-',)),
    ('mix', '#pragma message("m")\n#define X 1\n#define X 2\n#if 1/0\n#endif\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n\n\npass \n', ('X1503', 'X1510')),
    ('mix', '#pragma warning(disable: 1519)\n#define X 1\n#define X 2\n#pragma message("m")\npass\n', None, '#pragma warning (disable:1519)\n#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n\npass \n', ()),
    ('mix', '#if 1/0\n#endif\n#pragma message("m")\n#error e\n', None, None, ('X1503', 'X1510', '-')),
    ('mix', '#define X 1\n#define X 2\n#error e\n', None, None, ('-',)),
    ('mix', '#pragma message("m")\n#pragma foo\n#if 1/0\n#endif\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n#line 2\n\n\n\npass \n', ('X1503', 'X1510')),
    ('mix', '#define X 1\n#define X 2\n#if 1/0\n#endif\n#pragma message("m")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n\n\npass \n', ('X1503', 'X1510')),
    ('mix', '#define X 1\n#define X 2\n#if 1/0\n#endif\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n\npass \n', ('X1503', 'X1510')),
    ('mix', '#define X 1\n#define X 2\n#if 1/0\n#endif\n#error e\n', None, None, ('X1503', 'X1510', '-')),
    ('mix', '#pragma message("m")\n#error e\n#pragma message("n")\n', None, None, ('-',)),
    ('ifarg', '#define F(x) x\n#if 1\n#elif F(\n"a\n)\npass\n#endif\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n\npass \n\n', ('X1005', 'X1500')),
    ('ifarg', '#define F(x) x\n#if F(\n"a\n1)\npass\n#endif\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\npass \n\n', ('X1005', 'X1500', 'X1510')),
    ('ifarg', '#define F(x) x\n#if F(\n"a\n)\n#endif\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n\npass \n', ('X1005', 'X1500', 'X1510')),
    ('ifarg', '#define F(x) x\n#if F(\n"a\n) == 1\npass\n#endif\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\npass \n\n', ('X1005', 'X1500', 'X1510')),
    ('ifarg', '#define F(x) x\n#if F(\n"a\n"b\n)\npass\n#endif\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\npass \n\n', ('X1005', 'X1005', 'X1500', 'X1510')),
    ('ifarg', '#define F(x) x\n#if F(\n1\n"a\n)\npass\n#endif\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 4\n\npass \n\n', ('X1005', 'X1500')),
    ('ifarg', '#define F(x) x\n#if F(1,\n"a\n)\npass\n#endif\n', None, None, ('X1005', 'X1516', 'X1518')),
    ('ifarg', '#define F(x) x\n#if 0\n#elif F(\n"a\n)\npass\n#endif\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 6\n\n', ('X1005', 'X1500')),
    ('ifarg', '#define F(x) x\n#if F(\n"a\n)\npass\n#else\nfail\n#endif\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\npass \n\nfail \n\n', ('X1005', 'X1500', 'X1509', 'X1510')),
    ('ifarg', '#define F(x) x\n#if F(\nx "a\n)\npass\n#endif\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 5\n\n', ('X1005', 'X1500')),
    ('ifarg', '#define F(x) x\n#ifdef F\n#if F(\n"a\n)\n#endif\n#endif\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n\n\n\npass \n', ('X1005', 'X1500', 'X1510')),
    ('ifarg', '#define F(x) x\n#if F(\n"a\n\n)\npass\n#endif\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 4\n\npass \n\n', ('X1005', 'X1500', 'X1510')),
    ('incheld', '#define F(x) x\n#include "h49_b.h"\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n#line 1 "h49_b.h"\nF ', ('X1005', 'X1515')),
    ('incheld', '#define F(x) x\n#include "h49_g.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n#line 1 "h49_g.h"\nF ', ('X1515',)),
    ('incheld', '#define F(x) x\n#include "h49_b.h"\n)\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n"a\n \npass \n', ('X1005',)),
    ('incheld', '#define F(x) x\n#include "h49_f.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n#line 1 "h49_f.h"\nF ', ('X1006', 'X1515')),
    ('tokenless', '#define X /* c\n */', None, '#line 2 "<DIR>\\\\src\\\\t.hlsl"\n\n', ()),
]


GAPS = [
    ('empty', '#define F(x) x\n#include "e49_open.h"\n#include "e49_close.h"\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n#line 1 "e49_open.h"\nF \n#line 1 "e49_close.h"\npass \n\n', ('X1516',)),
    ('empty', '#define F(a,b) a b\nF(1,\n#include "e49_close.h"\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1 "e49_close.h"\n1 2 pass \n\n', ()),
    ('msgorder', '#define F(x) x\n#pragma message(F(\n"a"))\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\npass \n', ()),
    ('msgid', '#pragma message("a" ")\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n#line 1\n\n', ('X1005',)),
    ('incheld', '#define F(x) x\n#include "h49_g.h"\n)pass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n#line 1 "h49_g.h"\nF \n#line 3 "<DIR>\\\\src\\\\t.hlsl"\npass \n', ('X1516',)),
    ('incheld', '#define F(x) x\n#include "h49_b.h"\n#include "h49_c.h"\npass\n', None, '#line 1 "<DIR>\\\\src\\\\t.hlsl"\n\n\n\n#line 1 "h49_b.h"\nF ', ('X1005', 'X1005', 'X1515', 'X1515')),
]


COMPILES = [
    ('#if defined X\npass\n#endif\n', (('X', '1'),), 'ok'),
    ('#define X (1)\nX pass\n', (('X', '1'),), 'X3000'),
    ('#if defined(X) && X == 1\npass\n#endif\n', (('X', '1'),), 'ok'),
    ('#define X 1 \nX pass\n', (('X', '1'),), 'X3000'),
    ('F(x) pass\n', (('F(a)', '#a'),), 'X3000'),
    ('#if X == 3\npass\n#endif\n', (('X', '1+2'),), 'ok'),
    ('#if X == 16\npass\n#endif\n', (('X', '0x10'),), 'ok'),
    ('F()\n', (('F()', 'pass'),), 'X3000'),
    ('#pragma once\nX pass\n', (('X', '1'),), 'X3000'),
    ('#if defined(X)\npass\n#endif\n', (('X', ''),), 'ok'),
    ('#if 00\npass\n#else\nfail\n#endif\n', None, 'X3000'),
    ('#if 1i32\npass\n#else\nfail\n#endif\n', None, 'X1500'),
    ("#if '\\777'\npass\n#else\nfail\n#endif\n", None, 'X1500'),
    ('#if (0 && 1/0)\npass\n#else\nfail\n#endif\n', None, 'X1503'),
    ('#if defined()\npass\n#else\nfail\n#endif\n', None, 'X1500'),
    ("#if '\\'\npass\n#else\nfail\n#endif\n", None, 'ok'),
    ('#define F(x) x\n#include "e49_open.h"\n#include "e49_close.h"\n', None, 'X1516'),
    ('#define F(a,b) a b\nF(1,\n#include "e49_close.h"\n', None, 'X3000'),
    ('#include "e49_cmt.h"\npass\n', None, 'ok'),
    ('\r', None, 'X3501'),
    (' ', None, 'X3501'),
    ('\\\n\\\n', None, 'X3501'),
    ('/**/', None, 'X3501'),
    ('/* c */', None, 'X3501'),
    ('// c', None, 'X3501'),
    ('#define P #pragma once\nP\npass\n', None, 'X3000'),
    ('#define S "hi"\n#pragma message(S)\npass\n', None, 'ok'),
    ('#pragma message("x\\n")\npass\n', None, 'ok'),
    ('#pragma message(__LINE__)\npass\n', None, 'ok'),
    ('#pragma region\npass\n#pragma endregion\n', None, 'ok'),
    ('#pragma warning(push)\npass\n', None, 'ok'),
    ('#define L #line 5\nL\npass\n', None, 'X3000'),
    ('#define P #pragma warning(disable: 3206)\nP\npass\n', None, 'X3000'),
    ('#define P #pragma once\n  P\npass\n', None, 'X3000'),
    ('#define P #pragmaX\nP\npass\n', None, 'X3000'),
    ('#define P #pragma pack_matrix(row_major)\nP\npass\n', None, 'X3000'),
    ('#define L #line 5 "q.h"\nL\npass\n', None, 'X3000'),
    ('#define L #line\nL 5\npass\n', None, 'X3000'),
    ('#define P #pragma once\nP\n#define Q 1\npass\n', None, 'X3000'),
    ('#define L #line 5\n L\npass\n', None, 'X3000'),
    ('#define P(x) x\nP(#pragma once)\npass\n', None, 'X1515'),
    ('#define P #pragma once\nP pass\n', None, 'X3000'),
    ('#define P #pragma\nP once\npass\n', None, 'X3000'),
    ('#define X /* c\n */', None, 'X3501'),
    ('\\\n\\', None, 'X3000'),
    ('\x0b', None, 'X3501'),
    ('\t', None, 'X3501'),
    ('\r\r', None, 'X3501'),
    ('  \\\n  ', None, 'X3501'),
    ('\x0c', None, 'X3501'),
    ('/* a\nb */', None, 'X3501'),
    ('/* c */ ', None, 'X3501'),
    ('/* c */\\\n', None, 'X3501'),
    ('#include "t49_c2.h"\npass\n', None, 'ok'),
    ('#include "t49_splsp.h"\npass\n', None, 'ok'),
    ('#include "t49_sp.h"\npass\n', None, 'ok'),
    ('#include "t49_cr.h"\npass\n', None, 'ok'),
    ('#include "t49_lc.h"\npass\n', None, 'ok'),
    ('#include "t49_c.h"\npass\n', None, 'ok'),
    ('#include "t49_tab.h"\npass\n', None, 'ok'),
    ('x\n#include "t49_c2.h"\n#include "t49_c2.h"\npass\n', None, 'X3000'),
    ('x\n#include "t49_spl.h"\n#include "t49_spl.h"\npass\n', None, 'X3000'),
    ('x\n#include "t49_splsp.h"\n#include "t49_splsp.h"\npass\n', None, 'X3000'),
    ('x\n#include "t49_lc.h"\n#include "t49_lc.h"\npass\n', None, 'X3000'),
    ('#define S\n#pragma message(S)\npass\n', None, 'ok'),
    ('#define S "hi"\n#pragma message (S)\npass\n', None, 'ok'),
    ('#define M(x) x\n#pragma message(M("a"))\npass\n', None, 'ok'),
    ('#define S "hi"\n#pragma message(S);\npass\n', None, 'ok'),
    ('#define S "hi"\nfloat4 main():SV_Target{\n#pragma message(S)\nreturn 0;}\n', None, 'ok'),
    ('#define S "a\\tb"\n#pragma message(S)\npass\n', None, 'ok'),
    ('#define S "hi"\n#pragma message(S S)\npass\n', None, 'ok'),
    ('#define S "hi"\n#define T S\n#pragma message(T)\npass\n', None, 'ok'),
    ('#pragma message("\\xfff")\npass\n', None, 'ok'),
    ('#pragma message("\\x")\npass\n', None, 'ok'),
    ('#pragma message("yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy")\npass\n', None, 'ok'),
    ('#pragma message("x" __FILE__)\npass\n', None, 'ok'),
    ('#pragma message("a\\0b")\npass\n', None, 'ok'),
    ('#pragma message("a\\nb\\n")\npass\n', None, 'ok'),
    ('#pragma message("tab\tx")\npass\n', None, 'ok'),
    ('#pragma message("")\npass\n', None, 'ok'),
    ('#pragma message("\\x41\\101\\"\\\\")\npass\n', None, 'ok'),
    ('#pragma message("" "" "")\npass\n', None, 'ok'),
    ('#pragma message("\\q")\npass\n', None, 'ok'),
    ('#pragma message("\\n")\npass\n', None, 'ok'),
    ('#pragma message("a"\\\n"b")\npass\n', None, 'ok'),
    ('#pragma message( "a" )\npass\n', None, 'ok'),
    ('#pragma message("m")\n#line 7 "z.h"\n#pragma message("n")\nfloat4 main() : SV_Target { return u; }\n', None, 'X3004'),
    ('#pragma message("m")\n#pragma foo\npass\n', None, 'ok'),
    ('#pragma message("m")\n#define X 1\n#define X 2\npass\n', None, 'ok'),
    ('#define E\n#pragma message(E "e" E)\npass\n', None, 'ok'),
    ('#define Q(x) #x\n#pragma message(Q(a b) Q(c))\npass\n', None, 'ok'),
    ('#define X 1\n#define X 2\n#pragma message("m")\npass\n', None, 'ok'),
    ('#define F(x) x\nF(\n#pragma message("in")\n)\npass\n', None, 'X1516'),
    ('#define C )\n#pragma message("a" C\npass\n', None, 'ok'),
    ('#pragma message("one")\n#pragma message("two")\n#pragma once\npass\n', None, 'ok'),
    ('#pragma foo\n#pragma message("m")\npass\n', None, 'ok'),
    ('#pragma message("m")\nfloat4 main() : SV_Target { return undefined_x; }\n', None, 'X3004'),
    ('#pragma message("m")\nfloat4 main() : SV_Target { float f; return f; }\n', None, 'ok'),
    ('#pragma message("m")\n#include "nope49.h"\npass\n', None, 'X1507'),
    ('#pragma message("a" ")\npass\n', None, 'X1005'),
    ('#pragma message("a" =)\npass\n', None, 'ok'),
    ('#pragma message("a" ()\npass\n', None, 'ok'),
    ('#pragma message("a" X)\npass\n', (('X', ''),), 'ok'),
    ('#pragma message("a" \\)\npass\n', None, 'ok'),
    ('#pragma message("a" #)\npass\n', None, 'ok'),
    ('#pragma message("a" 0x1)\npass\n', None, 'ok'),
    ('#pragma message("a" x)\n#pragma message("b")\npass\n', None, 'ok'),
    ('#pragma message("a" [)\npass\n', None, 'ok'),
    ('#pragma message("a" __LINE__)\npass\n', None, 'ok'),
    ('#pragma message("a" ,x)\npass\n', None, 'ok'),
    ('#pragma message("a" +)\npass\n', None, 'ok'),
    ('#pragma message("a" .)\npass\n', None, 'ok'),
    ('#pragma message("a" @)\npass\n', None, 'ok'),
    ('#pragma warning(disable: 3568)\n#pragma foo\n#error e\n', None, '-'),
    ('#pragma message("m")\n#define X 1\n#define X 2\n#if 1/0\n#endif\npass\n', None, 'X1503'),
    ('#pragma warning(disable: 1519)\n#define X 1\n#define X 2\n#pragma message("m")\npass\n', None, 'ok'),
    ('#if 1/0\n#endif\n#pragma message("m")\n#error e\n', None, 'X1503'),
    ('#define X 1\n#define X 2\n#error e\n', None, '-'),
    ('#pragma message("m")\n#pragma foo\n#if 1/0\n#endif\npass\n', None, 'X1503'),
    ('#define X 1\n#define X 2\n#if 1/0\n#endif\n#pragma message("m")\npass\n', None, 'X1503'),
    ('#define X 1\n#define X 2\n#if 1/0\n#endif\npass\n', None, 'X1503'),
    ('#define X 1\n#define X 2\n#if 1/0\n#endif\n#error e\n', None, 'X1503'),
    ('#pragma message("m")\n#error e\n#pragma message("n")\n', None, '-'),
    ('#define F(x) x\n#if 1\n#elif F(\n"a\n)\npass\n#endif\n', None, 'X1005'),
    ('#define F(x) x\n#if F(\n"a\n1)\npass\n#endif\n', None, 'X1005'),
    ('#define F(x) x\n#if F(\n"a\n)\n#endif\npass\n', None, 'X1005'),
    ('#define F(x) x\n#if F(\n"a\n) == 1\npass\n#endif\n', None, 'X1005'),
    ('#define F(x) x\n#if F(\n"a\n"b\n)\npass\n#endif\n', None, 'X1005'),
    ('#define F(x) x\n#if F(\n1\n"a\n)\npass\n#endif\n', None, 'X1005'),
    ('#define F(x) x\n#if F(1,\n"a\n)\npass\n#endif\n', None, 'X1005'),
    ('#define F(x) x\n#if 0\n#elif F(\n"a\n)\npass\n#endif\n', None, 'X1005'),
    ('#define F(x) x\n#if F(\n"a\n)\npass\n#else\nfail\n#endif\n', None, 'X1005'),
    ('#define F(x) x\n#if F(\nx "a\n)\npass\n#endif\n', None, 'X1005'),
    ('#define F(x) x\n#ifdef F\n#if F(\n"a\n)\n#endif\n#endif\npass\n', None, 'X1005'),
    ('#define F(x) x\n#if F(\n"a\n\n)\npass\n#endif\n', None, 'X1005'),
    ('#define F(x) x\n#include "h49_g.h"\n)pass\n', None, 'X1516'),
    ('#define F(x) x\n#include "h49_b.h"\n#include "h49_c.h"\npass\n', None, 'X1005'),
    ('#define F(x) x\n#include "h49_b.h"\n', None, 'X1005'),
    ('#define F(x) x\n#include "h49_g.h"\npass\n', None, 'X1515'),
    ('#define F(x) x\n#include "h49_b.h"\n)\npass\n', None, 'X1005'),
    ('#define F(x) x\n#include "h49_f.h"\npass\n', None, 'X1006'),
]


COMPILE_GAPS = [
    ('#define F(x) x\n#pragma message(F(\n"a"))\npass\n', None, 'ok'),
]


BLOBS = [
    ('#if defined X\npass\n#endif\n', (('X', '1'),), (), ()),
    ('#define X (1)\nX pass\n', (('X', '1'),), ('<DIR>\\src\\t.hlsl(1): warning X1519',), ('<DIR>\\src\\t.hlsl(3): warning X1519', '<DIR>\\src\\t.hlsl(4): error X3000')),
    ('#if defined(X) && X == 1\npass\n#endif\n', (('X', '1'),), (), ()),
    ('#define X 1 \nX pass\n', (('X', '1'),), (), ('<DIR>\\src\\t.hlsl(4): error X3000',)),
    ('F(x) pass\n', (('F(a)', '#a'),), (), ('<DIR>\\src\\t.hlsl(3): error X3000',)),
    ('#if X == 3\npass\n#endif\n', (('X', '1+2'),), (), ()),
    ('#if X == 16\npass\n#endif\n', (('X', '0x10'),), (), ()),
    ('F()\n', (('F()', 'pass'),), (), ('<DIR>\\src\\t.hlsl(3): error X3000',)),
    ('#pragma once\nX pass\n', (('X', '1'),), ('<DIR>\\src\\t.hlsl(1): warning X3568',), ('<DIR>\\src\\t.hlsl(3): warning X3568', '<DIR>\\src\\t.hlsl(4): error X3000')),
    ('#if defined(X)\npass\n#endif\n', (('X', ''),), (), ()),
    ('#if 00\npass\n#else\nfail\n#endif\n', None, (), ('<DIR>\\src\\t.hlsl(6): error X3000',)),
    ('#if 1i32\npass\n#else\nfail\n#endif\n', None, ('<DIR>\\src\\t.hlsl(1): error X1500',), ('<DIR>\\src\\t.hlsl(3): error X1500',)),
    ("#if '\\777'\npass\n#else\nfail\n#endif\n", None, ('<DIR>\\src\\t.hlsl(1): error X1500', '<DIR>\\src\\t.hlsl(3): error X1509', '<DIR>\\src\\t.hlsl(5): error X1510'), ('<DIR>\\src\\t.hlsl(3): error X1500',)),
    ('#if (0 && 1/0)\npass\n#else\nfail\n#endif\n', None, ('<DIR>\\src\\t.hlsl(1): error X1503', '<DIR>\\src\\t.hlsl(3): error X1509', '<DIR>\\src\\t.hlsl(5): error X1510'), ('<DIR>\\src\\t.hlsl(3): error X1503',)),
    ('#if defined()\npass\n#else\nfail\n#endif\n', None, ('<DIR>\\src\\t.hlsl(1): error X1500', '<DIR>\\src\\t.hlsl(3): error X1509', '<DIR>\\src\\t.hlsl(5): error X1510'), ('<DIR>\\src\\t.hlsl(3): error X1500',)),
    ("#if '\\'\npass\n#else\nfail\n#endif\n", None, (), ()),
    ('#include "e49_cmt.h"\npass\n', None, (), ()),
    ('\r', None, (), ('error X3501',)),
    (' ', None, (), ('error X3501',)),
    ('\\\n\\\n', None, (), ('error X3501',)),
    ('/**/', None, (), ('error X3501',)),
    ('/* c */', None, (), ('error X3501',)),
    ('// c', None, (), ('error X3501',)),
    ('#define P #pragma once\nP\npass\n', None, (), ('<DIR>\\src\\t.hlsl(4): error X3000',)),
    ('#define S "hi"\n#pragma message(S)\npass\n', None, ('hi',), ('hi',)),
    ('#pragma message("x\\n")\npass\n', None, ('x', ''), ('x', '')),
    ('#pragma message(__LINE__)\npass\n', None, (), ()),
    ('#pragma region\npass\n#pragma endregion\n', None, ('<DIR>\\src\\t.hlsl(1): warning X3568', '<DIR>\\src\\t.hlsl(3): warning X3568'), ('<DIR>\\src\\t.hlsl(3): warning X3568', '<DIR>\\src\\t.hlsl(5): warning X3568')),
    ('#pragma warning(push)\npass\n', None, (), ()),
    ('#define L #line 5\nL\npass\n', None, (), ('<DIR>\\src\\t.hlsl(4): error X3000',)),
    ('#define P #pragma warning(disable: 3206)\nP\npass\n', None, (), ('<DIR>\\src\\t.hlsl(4): error X3000',)),
    ('#define P #pragma once\n  P\npass\n', None, (), ('<DIR>\\src\\t.hlsl(4): error X3000',)),
    ('#define P #pragmaX\nP\npass\n', None, (), ('<DIR>\\src\\t.hlsl(4): error X3000',)),
    ('#define P #pragma pack_matrix(row_major)\nP\npass\n', None, (), ('<DIR>\\src\\t.hlsl(4): error X3000',)),
    ('#define L #line 5 "q.h"\nL\npass\n', None, (), ('<DIR>\\src\\t.hlsl(4): error X3000',)),
    ('#define L #line\nL 5\npass\n', None, (), ('<DIR>\\src\\t.hlsl(4): error X3000',)),
    ('#define P #pragma once\nP\n#define Q 1\npass\n', None, (), ('<DIR>\\src\\t.hlsl(4): error X3000',)),
    ('#define L #line 5\n L\npass\n', None, (), ('<DIR>\\src\\t.hlsl(4): error X3000',)),
    ('#define P(x) x\nP(#pragma once)\npass\n', None, ('<DIR>\\src\\t.hlsl(2): warning X3568', '<DIR>\\src\\t.hlsl(2): error X1515'), ('<DIR>\\src\\t.hlsl(4): warning X3568', '<DIR>\\src\\t.hlsl(4): error X1515')),
    ('#define P #pragma once\nP pass\n', None, (), ('<DIR>\\src\\t.hlsl(4): error X3000',)),
    ('#define P #pragma\nP once\npass\n', None, (), ('<DIR>\\src\\t.hlsl(4): error X3000',)),
    ('#define X /* c\n */', None, (), ('error X3501',)),
    ('\x0b', None, (), ('error X3501',)),
    ('\t', None, (), ('error X3501',)),
    ('\r\r', None, (), ('error X3501',)),
    ('  \\\n  ', None, (), ('error X3501',)),
    ('\x0c', None, (), ('error X3501',)),
    ('/* a\nb */', None, (), ('error X3501',)),
    ('/* c */ ', None, (), ('error X3501',)),
    ('/* c */\\\n', None, (), ('error X3501',)),
    ('#include "t49_c2.h"\npass\n', None, (), ()),
    ('#include "t49_splsp.h"\npass\n', None, (), ()),
    ('#include "t49_sp.h"\npass\n', None, (), ()),
    ('#include "t49_cr.h"\npass\n', None, (), ()),
    ('#include "t49_lc.h"\npass\n', None, (), ()),
    ('#include "t49_c.h"\npass\n', None, (), ()),
    ('#include "t49_tab.h"\npass\n', None, (), ()),
    ('x\n#include "t49_c2.h"\n#include "t49_c2.h"\npass\n', None, (), ('<DIR>\\src\\t.hlsl(3): error X3000',)),
    ('x\n#include "t49_spl.h"\n#include "t49_spl.h"\npass\n', None, (), ('<DIR>\\src\\t.hlsl(3): error X3000',)),
    ('x\n#include "t49_splsp.h"\n#include "t49_splsp.h"\npass\n', None, (), ('<DIR>\\src\\t.hlsl(3): error X3000',)),
    ('x\n#include "t49_lc.h"\n#include "t49_lc.h"\npass\n', None, (), ('<DIR>\\src\\t.hlsl(3): error X3000',)),
    ('#define S\n#pragma message(S)\npass\n', None, (), ()),
    ('#define S "hi"\n#pragma message (S)\npass\n', None, ('hi',), ('hi',)),
    ('#define M(x) x\n#pragma message(M("a"))\npass\n', None, ('a',), ('a',)),
    ('#define S "hi"\n#pragma message(S);\npass\n', None, ('hi',), ('hi',)),
    ('#define S "hi"\nfloat4 main():SV_Target{\n#pragma message(S)\nreturn 0;}\n', None, ('hi',), ('hi',)),
    ('#define S "a\\tb"\n#pragma message(S)\npass\n', None, ('a\tb',), ('a\tb',)),
    ('#define S "hi"\n#pragma message(S S)\npass\n', None, ('hihi',), ('hihi',)),
    ('#define S "hi"\n#define T S\n#pragma message(T)\npass\n', None, ('hi',), ('hi',)),
    ('#pragma message("\\xfff")\npass\n', None, ('ÿ',), ('ÿ',)),
    ('#pragma message("\\x")\npass\n', None, ('x',), ('x',)),
    ('#pragma message("yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy")\npass\n', None, ('yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy',), ('yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy',)),
    ('#pragma message("x" __FILE__)\npass\n', None, ('x',), ('x',)),
    ('#pragma message("a\\0b")\npass\n', None, ('a',), ('a',)),
    ('#pragma message("a\\nb\\n")\npass\n', None, ('a', 'b', ''), ('a', 'b', '')),
    ('#pragma message("tab\tx")\npass\n', None, ('tab\tx',), ('tab\tx',)),
    ('#pragma message("")\npass\n', None, ('',), ('',)),
    ('#pragma message("\\x41\\101\\"\\\\")\npass\n', None, ('AA"\\',), ('AA"\\',)),
    ('#pragma message("" "" "")\npass\n', None, ('',), ('',)),
    ('#pragma message("\\q")\npass\n', None, ('q',), ('q',)),
    ('#pragma message("\\n")\npass\n', None, ('', ''), ('', '')),
    ('#pragma message("a"\\\n"b")\npass\n', None, ('ab',), ('ab',)),
    ('#pragma message( "a" )\npass\n', None, ('a',), ('a',)),
    ('#pragma message("m")\n#line 7 "z.h"\n#pragma message("n")\nfloat4 main() : SV_Target { return u; }\n', None, ('m', 'n'), ('m', 'n', 'z.h(8): error X3004')),
    ('#pragma message("m")\n#pragma foo\npass\n', None, ('m', '<DIR>\\src\\t.hlsl(2): warning X3568'), ('m', '<DIR>\\src\\t.hlsl(4): warning X3568')),
    ('#pragma message("m")\n#define X 1\n#define X 2\npass\n', None, ('m', '<DIR>\\src\\t.hlsl(3): warning X1519'), ('m', '<DIR>\\src\\t.hlsl(5): warning X1519')),
    ('#define E\n#pragma message(E "e" E)\npass\n', None, ('e',), ('e',)),
    ('#define Q(x) #x\n#pragma message(Q(a b) Q(c))\npass\n', None, ('a bc',), ('a bc',)),
    ('#define X 1\n#define X 2\n#pragma message("m")\npass\n', None, ('<DIR>\\src\\t.hlsl(2): warning X1519', 'm'), ('<DIR>\\src\\t.hlsl(4): warning X1519', 'm')),
    ('#define F(x) x\nF(\n#pragma message("in")\n)\npass\n', None, ('in', '<DIR>\\src\\t.hlsl(2): error X1516'), ('in', '<DIR>\\src\\t.hlsl(4): error X1516')),
    ('#define C )\n#pragma message("a" C\npass\n', None, ('a',), ('a',)),
    ('#pragma message("one")\n#pragma message("two")\n#pragma once\npass\n', None, ('one', 'two', '<DIR>\\src\\t.hlsl(3): warning X3568'), ('one', 'two', '<DIR>\\src\\t.hlsl(5): warning X3568')),
    ('#pragma foo\n#pragma message("m")\npass\n', None, ('<DIR>\\src\\t.hlsl(1): warning X3568', 'm'), ('<DIR>\\src\\t.hlsl(3): warning X3568', 'm')),
    ('#pragma message("m")\nfloat4 main() : SV_Target { return undefined_x; }\n', None, ('m',), ('m', '<DIR>\\src\\t.hlsl(4): error X3004')),
    ('#pragma message("m")\nfloat4 main() : SV_Target { float f; return f; }\n', None, ('m',), ('m', '<DIR>\\src\\t.hlsl(4): warning X3578')),
    ('#pragma message("m")\n#include "nope49.h"\npass\n', None, ('m', '<DIR>\\src\\t.hlsl(2): error X1507'), ('m', '<DIR>\\src\\t.hlsl(4): error X1507')),
    ('#pragma message("a" ")\npass\n', None, ('<DIR>\\src\\t.hlsl(1): error X1005',), ('<DIR>\\src\\t.hlsl(3): error X1005',)),
    ('#pragma message("a" =)\npass\n', None, ('a',), ('a',)),
    ('#pragma message("a" ()\npass\n', None, ('a',), ('a',)),
    ('#pragma message("a" X)\npass\n', (('X', ''),), ('a',), ('a',)),
    ('#pragma message("a" \\)\npass\n', None, ('a',), ('a',)),
    ('#pragma message("a" #)\npass\n', None, ('a',), ('a',)),
    ('#pragma message("a" 0x1)\npass\n', None, ('a',), ('a',)),
    ('#pragma message("a" x)\n#pragma message("b")\npass\n', None, ('b',), ('b',)),
    ('#pragma message("a" [)\npass\n', None, ('a',), ('a',)),
    ('#pragma message("a" __LINE__)\npass\n', None, ('a',), ('a',)),
    ('#pragma message("a" ,x)\npass\n', None, ('a',), ('a',)),
    ('#pragma message("a" +)\npass\n', None, ('a',), ('a',)),
    ('#pragma message("a" .)\npass\n', None, ('a',), ('a',)),
    ('#pragma message("a" @)\npass\n', None, ('a',), ('a',)),
    ('#pragma warning(disable: 3568)\n#pragma foo\n#error e\n', None, ('<DIR>\\src\\t.hlsl(3): error',), ('<DIR>\\src\\t.hlsl(5): error',)),
    ('#pragma message("m")\n#define X 1\n#define X 2\n#if 1/0\n#endif\npass\n', None, ('m', '<DIR>\\src\\t.hlsl(3): warning X1519', '<DIR>\\src\\t.hlsl(4): error X1503', '<DIR>\\src\\t.hlsl(5): error X1510'), ('m', '<DIR>\\src\\t.hlsl(5): warning X1519', '<DIR>\\src\\t.hlsl(6): error X1503')),
    ('#pragma warning(disable: 1519)\n#define X 1\n#define X 2\n#pragma message("m")\npass\n', None, ('m',), ('m',)),
    ('#if 1/0\n#endif\n#pragma message("m")\n#error e\n', None, ('<DIR>\\src\\t.hlsl(1): error X1503', '<DIR>\\src\\t.hlsl(2): error X1510', 'm', '<DIR>\\src\\t.hlsl(4): error'), ('<DIR>\\src\\t.hlsl(3): error X1503',)),
    ('#define X 1\n#define X 2\n#error e\n', None, ('<DIR>\\src\\t.hlsl(2): warning X1519', '<DIR>\\src\\t.hlsl(3): error'), ('<DIR>\\src\\t.hlsl(4): warning X1519', '<DIR>\\src\\t.hlsl(5): error')),
    ('#pragma message("m")\n#pragma foo\n#if 1/0\n#endif\npass\n', None, ('m', '<DIR>\\src\\t.hlsl(2): warning X3568', '<DIR>\\src\\t.hlsl(3): error X1503', '<DIR>\\src\\t.hlsl(4): error X1510'), ('m', '<DIR>\\src\\t.hlsl(4): warning X3568', '<DIR>\\src\\t.hlsl(5): error X1503')),
    ('#define X 1\n#define X 2\n#if 1/0\n#endif\n#pragma message("m")\npass\n', None, ('<DIR>\\src\\t.hlsl(2): warning X1519', '<DIR>\\src\\t.hlsl(3): error X1503', '<DIR>\\src\\t.hlsl(4): error X1510', 'm'), ('<DIR>\\src\\t.hlsl(4): warning X1519', '<DIR>\\src\\t.hlsl(5): error X1503')),
    ('#define X 1\n#define X 2\n#if 1/0\n#endif\npass\n', None, ('<DIR>\\src\\t.hlsl(2): warning X1519', '<DIR>\\src\\t.hlsl(3): error X1503', '<DIR>\\src\\t.hlsl(4): error X1510'), ('<DIR>\\src\\t.hlsl(4): warning X1519', '<DIR>\\src\\t.hlsl(5): error X1503')),
    ('#define X 1\n#define X 2\n#if 1/0\n#endif\n#error e\n', None, ('<DIR>\\src\\t.hlsl(2): warning X1519', '<DIR>\\src\\t.hlsl(3): error X1503', '<DIR>\\src\\t.hlsl(4): error X1510', '<DIR>\\src\\t.hlsl(5): error'), ('<DIR>\\src\\t.hlsl(4): warning X1519', '<DIR>\\src\\t.hlsl(5): error X1503')),
    ('#pragma message("m")\n#error e\n#pragma message("n")\n', None, ('m', '<DIR>\\src\\t.hlsl(2): error'), ('m', '<DIR>\\src\\t.hlsl(4): error')),
    ('#define F(x) x\n#if 1\n#elif F(\n"a\n)\npass\n#endif\n', None, ('<DIR>\\src\\t.hlsl(4): error X1005', '<DIR>\\src\\t.hlsl(3): error X1500'), ('<DIR>\\src\\t.hlsl(6): error X1005',)),
    ('#define F(x) x\n#if F(\n"a\n1)\npass\n#endif\n', None, ('<DIR>\\src\\t.hlsl(3): error X1005', '<DIR>\\src\\t.hlsl(2): error X1500', '<DIR>\\src\\t.hlsl(5): error X1510'), ('<DIR>\\src\\t.hlsl(5): error X1005',)),
    ('#define F(x) x\n#if F(\n"a\n)\n#endif\npass\n', None, ('<DIR>\\src\\t.hlsl(3): error X1005', '<DIR>\\src\\t.hlsl(2): error X1500', '<DIR>\\src\\t.hlsl(4): error X1510'), ('<DIR>\\src\\t.hlsl(5): error X1005',)),
    ('#define F(x) x\n#if F(\n"a\n) == 1\npass\n#endif\n', None, ('<DIR>\\src\\t.hlsl(3): error X1005', '<DIR>\\src\\t.hlsl(2): error X1500', '<DIR>\\src\\t.hlsl(5): error X1510'), ('<DIR>\\src\\t.hlsl(5): error X1005',)),
    ('#define F(x) x\n#if F(\n"a\n"b\n)\npass\n#endif\n', None, ('<DIR>\\src\\t.hlsl(3): error X1005', '<DIR>\\src\\t.hlsl(3): error X1005', '<DIR>\\src\\t.hlsl(2): error X1500', '<DIR>\\src\\t.hlsl(5): error X1510'), ('<DIR>\\src\\t.hlsl(5): error X1005',)),
    ('#define F(x) x\n#if F(\n1\n"a\n)\npass\n#endif\n', None, ('<DIR>\\src\\t.hlsl(4): error X1005', '<DIR>\\src\\t.hlsl(2): error X1500'), ('<DIR>\\src\\t.hlsl(6): error X1005',)),
    ('#define F(x) x\n#if F(1,\n"a\n)\npass\n#endif\n', None, ('<DIR>\\src\\t.hlsl(3): error X1005', '<DIR>\\src\\t.hlsl(2): error X1516', '<DIR>\\src\\t.hlsl(2): error X1518'), ('<DIR>\\src\\t.hlsl(5): error X1005',)),
    ('#define F(x) x\n#if 0\n#elif F(\n"a\n)\npass\n#endif\n', None, ('<DIR>\\src\\t.hlsl(4): error X1005', '<DIR>\\src\\t.hlsl(3): error X1500'), ('<DIR>\\src\\t.hlsl(6): error X1005',)),
    ('#define F(x) x\n#if F(\n"a\n)\npass\n#else\nfail\n#endif\n', None, ('<DIR>\\src\\t.hlsl(3): error X1005', '<DIR>\\src\\t.hlsl(2): error X1500', '<DIR>\\src\\t.hlsl(5): error X1509', '<DIR>\\src\\t.hlsl(7): error X1510'), ('<DIR>\\src\\t.hlsl(5): error X1005',)),
    ('#define F(x) x\n#if F(\nx "a\n)\npass\n#endif\n', None, ('<DIR>\\src\\t.hlsl(3): error X1005', '<DIR>\\src\\t.hlsl(2): error X1500'), ('<DIR>\\src\\t.hlsl(5): error X1005',)),
    ('#define F(x) x\n#ifdef F\n#if F(\n"a\n)\n#endif\n#endif\npass\n', None, ('<DIR>\\src\\t.hlsl(4): error X1005', '<DIR>\\src\\t.hlsl(3): error X1500', '<DIR>\\src\\t.hlsl(6): error X1510'), ('<DIR>\\src\\t.hlsl(6): error X1005',)),
    ('#define F(x) x\n#if F(\n"a\n\n)\npass\n#endif\n', None, ('<DIR>\\src\\t.hlsl(3): error X1005', '<DIR>\\src\\t.hlsl(2): error X1500', '<DIR>\\src\\t.hlsl(6): error X1510'), ('<DIR>\\src\\t.hlsl(5): error X1005',)),
    ('#define F(x) x\n#include "h49_b.h"\n', None, ('h49_b.h(1): error X1005', 'h49_b.h(1): error X1515'), ('h49_b.h(1): error X1005',)),
    ('#define F(x) x\n#include "h49_g.h"\npass\n', None, ('h49_g.h(1): error X1515',), ('h49_g.h(1): error X1515',)),
    ('#define F(x) x\n#include "h49_b.h"\n)\npass\n', None, ('h49_b.h(1): error X1005',), ('h49_b.h(1): error X1005',)),
    ('#define F(x) x\n#include "h49_f.h"\npass\n', None, ('h49_f.h(1): error X1006', 'h49_f.h(1): error X1515'), ('h49_f.h(1): error X1006',)),
]


BLOB_GAPS = [
    ('#define F(x) x\n#include "e49_open.h"\n#include "e49_close.h"\n', None, ('e49_open.h(1): error X1516',), ('e49_open.h(1): error X1516',)),
    ('#define F(a,b) a b\nF(1,\n#include "e49_close.h"\n', None, (), ('e49_close.h(1): error X3000',)),
    ('\\\n\\', None, (), ('<DIR>\\src\\t.hlsl(4): error X3000',)),
    ('#define F(x) x\n#pragma message(F(\n"a"))\npass\n', None, ('a',), ('a',)),
    ('#define F(x) x\n#include "h49_g.h"\n)pass\n', None, ('h49_g.h(1): error X1516',), ('h49_g.h(1): error X1516',)),
    ('#define F(x) x\n#include "h49_b.h"\n#include "h49_c.h"\npass\n', None, ('h49_b.h(1): error X1005', 'h49_c.h(1): error X1005', 'h49_c.h(1): error X1515', 'h49_b.h(1): error X1515'), ('h49_b.h(1): error X1005',)),
]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return include_tree(tmp_path_factory, "pre49", INCLUDE_FILES)


@pytest.mark.parametrize(("group", "src", "defines", "text", "errors"), ROWS)
def test_preprocess_as_fxc(group, src, defines, text, errors, folder):
    assert _preprocess(src, defines, folder) == (text, errors)


@pytest.mark.xfail(strict=True, reason="not built: see GAPS")
@pytest.mark.parametrize(("group", "src", "defines", "text", "errors"), GAPS)
def test_preprocess_gaps(group, src, defines, text, errors, folder):
    assert _preprocess(src, defines, folder) == (text, errors)


@pytest.mark.parametrize(("src", "defines", "expected"), COMPILES)
def test_compile_as_fxc(src, defines, expected, folder):
    assert _compile(src, defines, "ps_4_0", D3D_COMPILE_STANDARD_FILE_INCLUDE, folder)[0] == expected


@pytest.mark.xfail(strict=True, reason="not built: see COMPILE_GAPS")
@pytest.mark.parametrize(("src", "defines", "expected"), COMPILE_GAPS)
def test_compile_gaps(src, defines, expected, folder):
    assert _compile(src, defines, "ps_4_0", D3D_COMPILE_STANDARD_FILE_INCLUDE, folder)[0] == expected


def _blobs(src, defines, folder):
    """The lines of D3DPreprocess's message blob and of D3DCompile's up to its first error (message_lines)."""
    name = os.path.join(folder, "src", "t.hlsl")
    msgs: list = []
    data = src.encode("latin-1")
    try:
        D3DPreprocess(data, len(data), name, defines, D3D_COMPILE_STANDARD_FILE_INCLUDE, msgs)
    except D3D11Error:
        pass
    pp = message_lines("".join(bytes(m).decode("latin-1") for m in msgs), folder)
    data = (PREFIX + src).encode("latin-1")
    msgs = []
    try:
        dc.D3DCompile(data, len(data), name, defines, D3D_COMPILE_STANDARD_FILE_INCLUDE, "main", "ps_4_0", 0, 0, msgs)
    except D3D11Error:
        pass
    return pp, message_lines("".join(bytes(m).decode("latin-1") for m in msgs), folder, upto_error=True)


@pytest.mark.parametrize(("src", "defines", "pp", "compiled"), BLOBS)
def test_message_blobs_as_fxc(src, defines, pp, compiled, folder):
    assert _blobs(src, defines, folder) == (pp, compiled)


@pytest.mark.xfail(strict=True, reason="not built: see BLOB_GAPS")
@pytest.mark.parametrize(("src", "defines", "pp", "compiled"), BLOB_GAPS)
def test_message_blobs_gaps(src, defines, pp, compiled, folder):
    assert _blobs(src, defines, folder) == (pp, compiled)


def test_no_row_repeats_an_older_table():
    import test_rules_preproc_s42 as s42
    import test_rules_preproc_s43 as s43
    import test_rules_preproc_s44 as s44
    import test_rules_preproc_s45 as s45
    import test_rules_preproc_s46 as s46
    import test_rules_preproc_s47 as s47
    import test_rules_preproc_s48 as s48

    tables = (s42, s43, s44, s45, s46, s47, s48)
    older = {r[1] for m in tables for r in m.ROWS + m.GAPS}
    older |= {r[0] for m in tables for r in m.COMPILES + m.COMPILE_GAPS}
    older |= {r[0] for r in s44.PLACES + s44.PLACE_GAPS + s47.CUSTOM + s47.CUSTOM_GAPS + s48.MESSAGES + s48.MESSAGE_GAPS}
    mine = {r[1] for r in ROWS + GAPS} | {r[0] for r in COMPILES + COMPILE_GAPS + BLOBS + BLOB_GAPS}
    assert not older & mine
    assert len(mine) <= 150


#: (source, the X1005 lines of its D3DPreprocess message blob, columns and wording as fxc writes them): the strings a
#: later line of an ``#if`` argument list leaves open, the second one's column going on from the first's (recorded
#: from the DLL, session 49)
HELD_LINES = [
    ('#define F(x) x\n#if F(\n"a\n"b\n)\npass\n#endif\n',
     ('<DIR>\\src\\t.hlsl(3,1): error X1005: string continues past end of line',
      '<DIR>\\src\\t.hlsl(3,4): error X1005: string continues past end of line')),
    ('#define F(x) x\n#if F(\nx "a\n)\npass\n#endif\n',
     ('<DIR>\\src\\t.hlsl(3,3): error X1005: string continues past end of line',)),
    ('#define F(x) x\n#if 1\n#elif F(\n"a\n)\npass\n#endif\n',
     ('<DIR>\\src\\t.hlsl(4,1): error X1005: string continues past end of line',)),
]


@pytest.mark.parametrize(("src", "lines"), HELD_LINES)
def test_held_string_lines(src, lines, folder):
    msgs: list = []
    data = src.encode("latin-1")
    D3DPreprocess(data, len(data), os.path.join(folder, "src", "t.hlsl"), None, D3D_COMPILE_STANDARD_FILE_INCLUDE, msgs)
    text = "".join(bytes(m).decode("latin-1") for m in msgs).replace(folder, "<DIR>").replace("/", "\\")
    assert tuple(ln for ln in text.splitlines() if "X1005" in ln) == lines


#: (source, flags, compiles, message blob) of D3DCompile under D3DCOMPILE_WARNINGS_ARE_ERRORS: a ``#pragma message``
#: text is no warning -- printed, never an error, whatever ``#pragma warning`` says of 4000 (recorded from the DLL,
#: session 49; an unknown pragma's X3568 fails the compile there as X3129 then X3568)
WX_ROWS = [
    ('#pragma message("m")\npass\n', True, 'm\n'),
    ('#pragma warning(error: 4000)\n#pragma message("m")\npass\n', True, 'm\n'),
    ('#pragma warning(disable: 4000)\n#pragma message("m")\npass\n', True, 'm\n'),
]


@pytest.mark.parametrize(("src", "compiles", "messages"), WX_ROWS)
def test_message_under_warnings_are_errors(src, compiles, messages, folder):
    from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_WARNINGS_ARE_ERRORS

    data = (PREFIX + src).encode("latin-1")
    msgs: list = []
    try:
        dc.D3DCompile(data, len(data), os.path.join(folder, "src", "t.hlsl"), None, D3D_COMPILE_STANDARD_FILE_INCLUDE,
                      "main", "ps_4_0", D3DCOMPILE_WARNINGS_ARE_ERRORS, 0, msgs)
        ok = True
    except D3D11Error:
        ok = False
    assert (ok, "".join(bytes(m).decode("latin-1") for m in msgs)) == (compiles, messages)
