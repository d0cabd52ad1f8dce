"""fxc's preprocessor rules found by the pp_fuzz fuzzer (tools/pp_fuzz.py), session 39 (issue 15).

Every expected value here -- D3DPreprocess's whole text, byte for byte, and the error numbers of its messages in
order; D3DCompile's verdict and first error number -- was recorded from Microsoft's d3dcompiler_47.dll 10.1 under
Wine (``pyd3d11.tools.wine_d3dcompiler``), session 39, with the source named ``C:\\s39\\t.hlsl`` (a full path, so
the text's first ``#line`` does not depend on the current directory). The Microsoft pages are silent on all of it
(the #if page: integer constants are "treated as signed long values"; the #else / #endif pages: a directive alone on
its line). Each group is one rule, probed with variants until its extent was known:
- ``OVERFLOW``: an integer constant whose value passes 64 bits is reported by fxc's lexer -- X1002 "hex value
  truncated to 64 bits", X1003 octal, X1004 decimal -- wherever the lexer reads it (the file's text, a skipped
  group's text lines, a ``#define``'s list, an argument, a pasted token, an ``#if`` / an evaluated ``#elif``, the
  tail of any ``#else`` / ``#endif``, of ``#ifdef`` / ``#undef`` / ``#include`` / ``#line`` and of the pragmas fxc
  reads); not in a comment, a string, a float, ``#error``, an unknown directive or pragma, nor a directive of a
  skipped group but ``#else`` / ``#endif``. D3DPreprocess still succeeds; the value goes on truncated to 64 bits
  (``#if 18446744073709551617`` is 1). A compile fails on it. The lexer reads a directive only as far as its parser
  goes: a number after the token an ``#if``'s syntax error names, or after a ``#define`` / ``#undef`` without a
  name, is not reported.
- ``TOKENS``: only a lower-case ``0x`` begins a hexadecimal number (``0X10`` is ``0`` ``X10``, in the text, ``#if``
  and a compile); a character constant is one character (a quote too, not a lone backslash) or a backslash and one
  character between quotes: anything else is a lone ``'`` and what follows it (``'ab'`` is ``'`` ``ab`` ``'``).
- ``PRAGMA_DEF_VALUES``: ``#pragma def`` values written ahead of the text as the DLL's ``%g`` writes them (a
  three-digit exponent), an integer truncated to 64 bits.
- ``LINE_TOKEN``: ``#line N`` with anything after the number writes its marker at once: a file name's ``#line N-1
  "f"``, any other token's (X1500) ``#line N-2`` (the directive's own line; the next is N-1); a marker's number is
  unsigned 32-bit (``#line 0 x`` writes 4294967294), as ``__LINE__`` is (0 after line 4294967295).
- ``PASTE_RELEX``: ``##`` makes the text of its two tokens read again: one token, or whatever tokens the text reads
  as, replaced again (``0 ## 0x1`` is ``00`` ``x1``; a replacement list's glued ``1x`` pasted to ``2`` is ``1``
  ``x2``, which ``#define x2 YES`` replaces); where they read as the two tokens they were, those stay.
- ``PACK_MATRIX_TOKEN``: ``#pragma pack_matrix(`` followed by a token other than a name stops the pragma there: the
  line end is returned twice (the text moves on with a ``#line``); a ``)`` there does not.
- ``IF_OPEN_LIST``: an ``#if`` / ``#elif`` whose line leaves an argument list open reads it on to the end of the
  file, the directives there taking effect (an ``#elif`` / ``#else`` / ``#endif`` that closes no group open there is
  X1508-X1510, a group opened there and left open X1502), then stops with X1515 and X1518 (D3DPreprocess fails); a
  syntax error in the tokens before the open invocation comes first and alone (``#if < F(``: X1500, the run goes on).
- ``DEFINE_GLUE``: in a ``#define``'s list a number glued to identifier characters (session 38) reads on through a
  ``.`` and what follows it (``0x.5``, ``1x.y``, ``0x..5``, ``1e.5`` one token each; ``0x1.5``, ``1.5.5`` and the
  file's own ``0x.5`` not).
- ``STRAY_TAIL``: an ``#else`` / ``#endif`` that no group is open for (X1509 / X1510) reads its line on: a token
  after it is X1500.
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.shader.compile_api import D3DCompile, D3DPreprocess
from pyd3d11.tools import wine_d3dcompiler

NAME = "C:\\s39\\t.hlsl"

#: (source, D3DPreprocess's text or None where it fails, its error numbers in order)
OVERFLOW = [
    # (a GAPS row until session 42: fxc's second X1500 names the token after the bad parameter, see
    # test_rules_preproc_s42.py)
    ('#define A(99999999999999999999) x',
     '', ('X1004', 'X1500', 'X1500')),
    ('x 18446744073709551615\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 18446744073709551615 \n', ()),
    ('x 18446744073709551616\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 18446744073709551616 \n', ('X1004',)),
    ('x 99999999999999999999u\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 99999999999999999999u \n', ('X1004',)),
    ('x 184467440737095516160l\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 184467440737095516160l \n', ('X1004',)),
    ('x 0xFFFFFFFFFFFFFFFF\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 0xFFFFFFFFFFFFFFFF \n', ()),
    ('x 0x10000000000000000\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 0x10000000000000000 \n', ('X1002',)),
    ('x 0X1FFFFFFFFFFFFFFFFul\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 0 X1FFFFFFFFFFFFFFFFul \n', ()),
    ('x 0x00000000000000000001\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 0x00000000000000000001 \n', ('X1002',)),
    ('x 01777777777777777777777\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 01777777777777777777777 \n', ()),
    ('x 02000000000000000000000\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 02000000000000000000000 \n', ('X1003',)),
    ('x 07777777777777777777777777u\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 07777777777777777777777777u \n', ('X1003',)),
    ('x 099999999999999999999\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 0 99999999999999999999 \n', ('X1004',)),
    ('x 99999999999999999999.5\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 99999999999999999999.5 \n', ()),
    ('x 1e99999999999999999999\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 1e99999999999999999999 \n', ()),
    ('x 0x99999999999999999999.5\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 0x99999999999999999999 .5 \n', ('X1002',)),
    ('x 99999999999999999999h\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 99999999999999999999 h \n', ('X1004',)),
    ('#if 0\n99999999999999999999\n#endif\n',
     '#line 3 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004',)),
    ('#if 0\n#if 1\nx 99999999999999999999 \'a\' "99999999999999999999"\n#endif\n#endif\n',
     '#line 5 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004',)),
    ('// 99999999999999999999\n/* 99999999999999999999 */ "99999999999999999999" \'99999999999999999999\'\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n"99999999999999999999" \' 99999999999999999999 \' \n', ('X1004',)),
    ('#define A 99999999999999999999\nA\nA\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n99999999999999999999 \n99999999999999999999 \n', ('X1004',)),
    ('#define A 99999999999999999999x\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004',)),
    ('#define F(a) a\nF(99999999999999999999)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n99999999999999999999 \n', ('X1004',)),
    ('#define F(a)\nF(99999999999999999999)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n', ('X1004',)),
    ('#define F(a) a\nF(1,\n99999999999999999999)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\nF \n\n', ('X1004', 'X1516')),
    ('#define F(a, b) a b\nF(1,\n99999999999999999999)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n1 99999999999999999999 \n\n', ('X1004',)),
    ('#define S(a) #a\nS(99999999999999999999)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n"99999999999999999999" \n', ('X1004',)),
    ('#define C(a, b) a##b\nC(9999999999, 9999999999)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n99999999999999999999 \n', ('X1004',)),
    ('#define C(a, b) a##b\nC(1844674407370955161, 5)\nC(1844674407370955161, 6)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n18446744073709551615 \n18446744073709551616 \n', ('X1004',)),
    ('#define C(a, b) a##b\nC(0x1000000000000000, 0)\nC(0x100000000000000, 0)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n0x10000000000000000 \n0x1000000000000000 \n', ('X1002',)),
    ('#define P 9999999999 ## 9999999999\nP\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n9999999999 ## 9999999999 \n', ()),
    ('#define F(a) #a\n#define G(a) a##9999999999\nF(G(9999999999))\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n"99999999999999999999" \n', ('X1004',)),
    ('#if 99999999999999999999\n#endif\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n', ('X1004', 'X1500', 'X1510')),
    ('#if 18446744073709551617\na\n#endif\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\na \n\n', ('X1004',)),
    ('#if 0x10000000000000001 == 1\na\n#endif\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\na \n\n', ('X1002',)),
    ('#if 0x10000000000000000\na\n#else\nb\n#endif\n',
     '#line 3 "C:\\\\s39\\\\t.hlsl"\n\nb \n\n', ('X1002',)),
    ('#if 1 || 99999999999999999999\n#endif\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n', ('X1004', 'X1500', 'X1510')),
    ('#if 0\n#elif 99999999999999999999\n#endif\n',
     '#line 3 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004', 'X1500')),
    ('#if 1\n#elif 99999999999999999999\n#endif\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n\n', ('X1004', 'X1500')),
    ('#if 1\n#elif 0\n#elif 99999999999999999999\n#endif\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n#line 4\n\n', ()),
    ('#if 0\n#if 0\n#elif 99999999999999999999\n#endif\n#endif\n',
     '#line 5 "C:\\\\s39\\\\t.hlsl"\n\n', ()),
    ('#if 0\n#if 99999999999999999999\n#endif\n#endif\n',
     '#line 4 "C:\\\\s39\\\\t.hlsl"\n\n', ()),
    ('#if 0\n#if 0\n#else 99999999999999999999\n#endif 99999999999999999999\n#endif\n',
     '#line 5 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004', 'X1004')),
    ('#if 1\n#else 99999999999999999999\n#endif 99999999999999999999\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n\n', ('X1004', 'X1500', 'X1004')),
    ('#if 0\n#else 99999999999999999999\n#endif\n',
     '#line 2 "C:\\\\s39\\\\t.hlsl"\n\n\n', ('X1004',)),
    ('#ifdef A 99999999999999999999\n#endif\n',
     '#line 2 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004', 'X1500')),
    ('#ifndef A 99999999999999999999\n#endif\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n', ('X1004', 'X1500')),
    ('#if 0\n#ifdef A 99999999999999999999\n#endif\n#endif\n',
     '#line 4 "C:\\\\s39\\\\t.hlsl"\n\n', ()),
    ('#undef A 99999999999999999999\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004', 'X1500')),
    ('#endif 99999999999999999999\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1510', 'X1004', 'X1500')),
    ('#line 99999999999999999999\nx\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\nx \n', ('X1004', 'X1500')),
    ('#pragma pack_matrix(row_major) 99999999999999999999\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n#line 1\n\n', ('X1004',)),
    ('#pragma message(99999999999999999999)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n#line 1\n\n', ('X1004',)),
    ('#pragma once 99999999999999999999\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n#line 1\n\n', ()),
    ('#pragma foo 99999999999999999999\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n#line 1\n\n', ()),
    ('#pragma def(ps_4_0, c0, 99999999999999999999, 1, 2, 3)\n',
     '#pragma def (ps_4_0, c0, 7.76628e+018, 1, 2, 3)\n#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004',)),
    ('#if 0\n#pragma message 99999999999999999999\n#define A 99999999999999999999\n#line 99999999999999999999\n#undef A 99999999999999999999\n#endif\n',
     '#line 6 "C:\\\\s39\\\\t.hlsl"\n\n', ()),
    ('# 99999999999999999999\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004', 'X1500')),
    ('#99999999999999999999\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004', 'X1500')),
    ('#if 0\n#99999999999999999999\n#endif\n',
     '#line 3 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004',)),
    ('#foo 99999999999999999999\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1504',)),
    ('#error 99999999999999999999\n',
     None, ()),
    ('x 99999999999999999999 99999999999999999999\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 99999999999999999999 99999999999999999999 \n', ('X1004', 'X1004')),
    ('x \\\n99999999999999999999\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx \n99999999999999999999 \n', ('X1004',)),
    ('#if>99999999999999999999\n#endif',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1500', 'X1510')),
    ('#if 99999999999999999999 > \n#endif',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004', 'X1500', 'X1510')),
    ('#if (1 99999999999999999999 99999999999999999999\n#endif',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004', 'X1500', 'X1510')),
    ('#if 1 + ( 2 99999999999999999999\n#endif',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004', 'X1500', 'X1510')),
    ('#if 99999999999999999999 == 1 +\n#endif',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1004', 'X1500', 'X1510')),
    ('#if 1 ) 99999999999999999999\n#endif',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1500',)),
    ('#if 0\n#elif * 99999999999999999999\n#endif',
     '', ('X1500',)),
    ('#define#0x00000000000000000',
     '', ('X1500',)),
    ('#define 1 99999999999999999999',
     '', ('X1500',)),
    ('#undef "a" 99999999999999999999',
     '', ('X1500',)),
    ('#if 0x10000000000000000 +\n#endif\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n', ('X1002', 'X1500', 'X1510')),
]

STRAY_TAIL = [
    ('#endif 1\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1510', 'X1500')),
    ('#else x\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1509', 'X1500')),
    ('#endif x\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1510', 'X1500')),
    ('#if 1\n#endif\n#endif "s"\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n\n', ('X1510', 'X1500')),
    ('#else\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1509',)),
    ('#endif // c\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1510',)),
    ('#elif 1 2\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1508', 'X1500')),
    ('#if 1\n#endif\n#else 1.5\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n\n', ('X1509', 'X1500')),
    ('#if 0\n#endif\n#endif +\n',
     '#line 2 "C:\\\\s39\\\\t.hlsl"\n\n\n', ('X1510', 'X1500')),
]

TOKENS = [
    ('x 0X10 0x10 0XaF 0xAF 0X 0x\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 0 X10 0x10 0 XaF 0xAF 0 X 0 x \n', ()),
    ('x 0X10u 0x10U 0XFFFFFFFF\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx 0 X10u 0x10U 0 XFFFFFFFF \n', ()),
    ('#if 0X10\n#endif\n',
     '#line 2 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1500',)),
    ('#if 0x10 == 16\na\n#endif\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\na \n\n', ()),
    ('#define A 0X10\nA\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n0X10 \n', ()),
    ('#define C(a, b) a##b\nC(0, X10)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n0 X10 \n', ()),
    ('#line 0X10\nx\n',
     '#line 4294967294 "C:\\\\s39\\\\t.hlsl"\n\nx \n', ('X1500',)),
    ("x 'a' 'ab' 'abc' '1' '12'\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx \'a\' \' ab \' \' abc \' \' 1 \' \' 12 \' \n', ()),
    ("x '' y ''' z\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx \' \' y \'\'\' z \n', ()),
    ("x 'ab' '' 'c'\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx \' ab \' \' \' \' c \' \n', ()),
    ("x '\\' y\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx \' \\ \' y \n', ()),
    ("x '\\\\' '\\a' '\\'\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx \'\\\\\' \'\\a\' \' \\ \' \n', ()),
    ("x '\\n' '\\x41' '\\0' '\\377' '\\''\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx \'\\n\' \'\\x41\' \'\\0\' \'\\377\' \'\\\'\' \n', ()),
    ("x 'a\ny 'ab\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx \' a \ny \' ab \n', ()),
    ("x ' y\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx \' y \n', ()),
    ("x 'a' 'b\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx \'a\' \' b \n', ()),
    ("x ' ' '\t'\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx \' \' \'\t\' \n', ()),
    ("#define F(a) a\nF('ab') 'ab' 'c'\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\' ab \' \' ab \' \' c \' \n', ()),
    ("#define S(a) #a\nS('ab') S('12') S('\\n') S('')\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n"\'ab\'" "\'12\'" "\'\\n\'" "\'\'" \n', ()),
    ("#define F(x) #@x\nF(') pass\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\'\'\' pass \n', ()),
    ("#if 'ab'\n#endif\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n', ('X1500', 'X1510')),
    ("#if ''' == 39\na\n#endif\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\na \n\n', ()),
    ("#if ' ' == 32\na\n#endif\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\na \n\n', ()),
    ("#if '\\n'\n#endif\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n', ('X1500', 'X1510')),
    ('x \'"\' "\'"\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx \'"\' "\'" \n', ()),
    ("#define F(a, b) a b\nF('a,'b)\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\' a \' b \n', ()),
    ("#define F(a, b) a b\nF(',',x)\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\',\' x \n', ()),
]

PRAGMA_DEF_VALUES = [
    ('#pragma def(ps_4_0, c0, 1e-5, 1e20, 1, 2)',
     '#pragma def (ps_4_0, c0, 1e-005, 1e+020, 1, 2)\n#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ()),
    ('#pragma def(ps_4_0, c0, 1e300, 0x10000000000000001, 1, 2)\n',
     '#pragma def (ps_4_0, c0, 1e+300, 1, 1, 2)\n#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1002',)),
]

LINE_TOKEN = [
    ('#line 5 99999999999999999999\nx\n',
     '#line 3 "C:\\\\s39\\\\t.hlsl"\n\nx \n', ('X1004', 'X1500')),
    ('#line 5 6\nx\n',
     '#line 3 "C:\\\\s39\\\\t.hlsl"\n\nx \n', ('X1500',)),
    ('#line 5 x\nx\n',
     '#line 3 "C:\\\\s39\\\\t.hlsl"\n\nx \n', ('X1500',)),
    ('#line 0 x\nx\n',
     '#line 4294967294 "C:\\\\s39\\\\t.hlsl"\n\nx \n', ('X1500',)),
    ('#line 1 x\nx\n',
     '#line 4294967295 "C:\\\\s39\\\\t.hlsl"\n\nx \n', ('X1500',)),
    ('#line 2 x\nx\n',
     '#line 0 "C:\\\\s39\\\\t.hlsl"\n\nx \n', ('X1500',)),
    ('a\n#line 9 x\nb\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\n#line 7\n\nb \n', ('X1500',)),
    ('a\n\n\n#line 20 +\nb\n__LINE__\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\n#line 18\n\nb \n20 \n', ('X1500',)),
    ('#line 5 "f" 6\nx\n',
     '#line 4 "f"\n\nx \n', ('X1500',)),
    ('#line 0 "f"\nx\n',
     '#line 4294967295 "f"\n\nx \n', ()),
    ('#line 1 "f"\nx\n',
     '#line 0 "f"\n\nx \n', ()),
    ("a\n#line 7 'c'\nb\n",
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\n#line 5\n\nb \n', ('X1500',)),
    ('a\n#line 7 x y\nb\n#line 30\nc\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\n#line 5\n\nb \n\n\n#line 30\nc \n', ('X1500',)),
    ('#if 0\n#line 7 x\n#endif\na\n',
     '#line 3 "C:\\\\s39\\\\t.hlsl"\n\na \n', ()),
    ('#line 0\nx\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n#line 0\nx \n', ()),
    ('a\n#line 4294967295 x\nb\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\n#line 4294967293\n\nb \n', ('X1500',)),
    ('#line 4294967295\n__LINE__\n__LINE__',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n#line 4294967295\n4294967295 \n0 ', ()),
    ('#line 4294967295 x\n__LINE__\n__LINE__',
     '#line 4294967293 "C:\\\\s39\\\\t.hlsl"\n\n4294967294 \n4294967295 ', ('X1500',)),
    ('#line 4294967295\n#if __LINE__ == 0\nzero\n#endif',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ()),
    ('#line 4294967294 "f"\na\n__LINE__ __LINE__\n',
     '#line 4294967293 "f"\n\na \n4294967295 4294967295 \n', ()),
]

PASTE_RELEX = [
    ('#define CAT(a,b) a##b\nCAT(0,0x1) CAT(2, X) CAT(+, -) CAT(1, .5) CAT(a, "s") CAT(.,5) CAT(1,e+) CAT(x, \'a\') CAT(0x, .5)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n00 x1 2 X + - 1.5 a "s" .5 1 e + x \'a\' 0 x .5 \n', ()),
    ('#define C(a,b) a ## b\n#define A 1x\nC(1x, 2) C(A, 2) C(1, x2)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n1 x2 1 x2 1 x2 \n', ()),
    ('#define C(a,b) a ## b\n#define x2 YES\n#define O 5\nC(1x, 2) C(O, O) C(1, O)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n\n1 YES 55 15 \n', ()),
    ('#define C(a,b) a ## b\n#define F(a) [a]\nC(1 F, (2)) C(1x F, (2))\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n1 [ 2 ] 1 x [ 2 ] \n', ()),
    ('#define C(a,b) a ## b\nC(0, 9) C(0, 8u) C(01, 9) C(1.5, f) C(1.5f, h) C(1u, u) C(0x, 1g)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n0 9 0 8u 01 9 1.5f 1.5f h 1u u 0 x1 g \n', ()),
    ('#define C(a,b) a ## b\nC(., .) C(.., .) C(<, <=) C(-, >) C(&, &&) C(|, |)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n. . . . . <<= -> && & || \n', ()),
    ('#define C(a,b) a ## b\n#define B x\nC(a, 1B) C(1, 1B)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\na1 x 11 x \n', ()),
    ('#define C(a,b) a ## b\n#define G(x) C(x, 1e)\nG(2) G(2.)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n21 e 2.1 e \n', ()),
    ('#define C(a,b) a ## b\nC("a", "b") C(\'a\', \'b\') C(\', \')\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n"a" "b" \'a\' \'b\' \' \' \n', ()),
    ('#define C(a,b,c) a ## b ## c\nC(1, x, 2) C(0, x, 1) C(1, ., 5)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n1 x2 0 x1 1.5 \n', ()),
    ('#define C(a,b) a ## b\n#define x1 ONE\nC(0, x1) C(00, x1)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n0 ONE 00 ONE \n', ()),
    ('#define C(a,b) a ## b\n#define E\nC(E, x) C(x, E) C(E, E) [C(E, 1)]',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\nC C C [ C ] ', ('X1516', 'X1516', 'X1516', 'X1516')),
    ('#define C(a,b) a ## b\n#define E\n#define x 5\nC(E, x) C(x, E) C(y, E)',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n\nC C C ', ('X1516', 'X1516', 'X1516')),
    ('#define C(a,b) a ## b ## E\n#define E\nC(1, 2)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n12 \n', ()),
]

PACK_MATRIX_TOKEN = [
    ('#pragma pack_matrix(99999999999999999999)\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n#line 1\n\n', ('X1004',)),
    ('a\n#pragma pack_matrix(9\nb\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\n\n#line 2\n\nb \n', ()),
    ('a\n#pragma pack_matrix(9)\nb\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\n\n#line 2\n\nb \n', ()),
    ('a\n#pragma pack_matrix(1.5)\nb\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\n\n#line 2\n\nb \n', ()),
    ('a\n#pragma pack_matrix("s")\nb\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\n\n#line 2\n\nb \n', ()),
    ('a\n#pragma pack_matrix(+)\nb\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\n\n#line 2\n\nb \n', ()),
    ('a\n#pragma pack_matrix(x\nb\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\nb \n', ()),
    ('a\n#pragma pack_matrix(row_major\nb\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\nb \n', ()),
    ('a\n\n\n#pragma pack_matrix(9)\nb\nc\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\n#line 4\n\n\n#line 4\n\nb \nc \n', ()),
    ('a\n#pragma pack_matrix()\nb\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\nb \n', ()),
    ('a\n#pragma pack_matrix((row_major))\nb\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\na \n\n\n#line 2\n\nb \n', ()),
    ('#pragma pack_matrix(0)\nfloat4x4 m;\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n#line 1\n\nfloat4x4 m ; \n', ()),
]

IF_OPEN_LIST = [
    # (a GAPS row until session 42: an argument list closed on a later line, no directive before it, is read into
    # the expression, see test_rules_preproc_s42.py)
    ('#define F(a, b) a\n#if defined(F) && F(1,\n2)\n#endif',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n\n', ()),
    ('#define F(a) a\n#if F(\n#endif',
     None, ('X1510', 'X1515', 'X1518')),
    ('#define F(a) a\n#if F(1\na\n#endif\nb',
     None, ('X1510', 'X1515', 'X1518')),
    ('#define F(a) a\n#if F(1, 2\n#endif',
     None, ('X1510', 'X1515', 'X1518')),
    ('#define F(a) a\n#if 1 + F(1\n#else\nc\n#endif',
     None, ('X1509', 'X1510', 'X1515', 'X1518')),
    ('#define F(a) a\n#if 1 + F(1\n#if 0\n#else\n#endif\n#elif 1',
     None, ('X1508', 'X1515', 'X1518')),
    ('#define F(a) a\n#if F(1\n#if 0',
     None, ('X1502', 'X1515', 'X1518')),
    ('#define F(a) a\n#if 1\n#if F(1\n#endif\n#endif\n#endif',
     None, ('X1510', 'X1510', 'X1515', 'X1518')),
    ('#define F(a) a\n#if 0\n#elif F(1\n#endif\n#endif',
     None, ('X1510', 'X1515', 'X1518')),
    ('#define F(a) a\n#ifdef A\n#else\n#if F(1\n#endif\n#endif\n#else\n#endif\n',
     None, ('X1510', 'X1509', 'X1510', 'X1515', 'X1518')),
    ('#define F2(b)\n#if<F2(',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n', ('X1500',)),
    ('#define F(b) b\n#if 1 2 F(\n#endif',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n', ('X1500',)),
    ('#define F(b) b\n#if 1 ) F(\n#endif',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n', ('X1500',)),
    ('#define F(b) b\n#if * F(\n#endif',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n', ('X1500', 'X1510')),
    ('#define F(b) b\n#if 1 + F(\n#endif',
     None, ('X1510', 'X1515', 'X1518')),
    ('#define F(b) b\n#if ! F(\n#endif',
     None, ('X1510', 'X1515', 'X1518')),
    ('#define F(b) b\n#if defined F(\n#endif\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n\n', ('X1500',)),
]

DEFINE_GLUE = [
    ('#define A 0x.5 0x.5f 0x1.5 1x.5 0x.x 0x. 1.5.5 1..2 1x.y .5.5\nA',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n0x.5 0x.5f 0x1 .5 1x.5 0x.x 0x. 1.5 .5 1. .2 1x.y .5 .5 ', ()),
    ('#define A 0x+.5 0x..5 1e.5 1x1.5 0x1p3 x.5\nA',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n0x + .5 0x..5 1e.5 1x1.5 0x1p3 x .5 ', ()),
    ('#define A 1x.5.5 09.5 019.5 1uu.5 1.5fh.5 0X.5 1e+.5\nA',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n1x.5.5 09.5 019.5 1uu.5 1.5fh.5 0X.5 1e + .5 ', ()),
    ('#define C(a, b) a ## b\n#define A 0x.5\nC(A, 1) C(1, A)',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n\n\n0 x .51 10 x .5 ', ()),
    ('0x.5 1.5.5 1..2\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\n0 x .5 1.5 .5 1. .2 \n', ()),
]

#: (session 43) a string left open at a text line's end is one token that holds the new-line
STRING_RUNS_ON = [
    ('x \'a"b\' "c"\n',
     '#line 1 "C:\\\\s39\\\\t.hlsl"\nx \' a "b\' " c "\n ', ('X1005',)),
]

CASES = [(g, *row) for g, rows in (("STRING_RUNS_ON", STRING_RUNS_ON), ("DEFINE_GLUE", DEFINE_GLUE), ("IF_OPEN_LIST", IF_OPEN_LIST), ("LINE_TOKEN", LINE_TOKEN), ("PASTE_RELEX", PASTE_RELEX),
                                   ("PACK_MATRIX_TOKEN", PACK_MATRIX_TOKEN), ("OVERFLOW", OVERFLOW), ("STRAY_TAIL", STRAY_TAIL), ("TOKENS", TOKENS),
                                   ("PRAGMA_DEF_VALUES", PRAGMA_DEF_VALUES)) for row in rows]

#: recorded the same way, not built (see docs/conformance.md, session 39); session 43 built its one row (a ``"`` left
#: open at a line's end after a lone ``'``: the string's token holds the new-line), moved to STRING_RUNS_ON
GAPS: list = []


def _ours(src: str) -> tuple[str | None, tuple[str, ...]]:
    msgs: list = []
    try:
        text = bytes(D3DPreprocess(src, None, NAME, None, None, msgs)).decode("latin-1")
    except Exception:  # noqa: BLE001 -- a failed D3DPreprocess has no text (fxc's E_FAIL)
        text = None
    return text, tuple(re.findall(r"error (X\d+)", "".join(bytes(b).decode("latin-1") for b in msgs)))


@pytest.mark.parametrize(("group", "src", "text", "errors"), CASES)
def test_text_and_errors_as_fxc(group, src, text, errors):
    assert _ours(src) == (text, errors)



#: the lines of D3DPreprocess's errors for an #if's open argument list (recorded from the DLL, session 39): the
#: directives the list reads through are reported at their own lines, after a #line too, X1502 at the file's end
IF_OPEN_LINES = [
    ('#define F(a) a\n#if F(1\na\n#endif\nb',
     ((4, 'X1510'), (2, 'X1515'), (2, 'X1518'))),
    ('#define F(a) a\n#line 20\n#if 1 + F(1\n#else\nc\n#endif',
     ((21, 'X1509'), (23, 'X1510'), (20, 'X1515'), (20, 'X1518'))),
    ('#define F(a) a\n#if F(1\n#if 0\n',
     ((4, 'X1502'), (2, 'X1515'), (2, 'X1518'))),
    ('#define F(a) a\n#line 7\n#if 1\n#if F(1\n#endif\n#endif\n\n#endif\n',
     ((10, 'X1510'), (12, 'X1510'), (8, 'X1515'), (8, 'X1518'))),
    ('#define F(a) a\n#if F(1\n#if 0\n#if 1',
     ((4, 'X1502'), (2, 'X1515'), (2, 'X1518'))),
]


@pytest.mark.parametrize(("src", "errors"), IF_OPEN_LINES)
def test_open_list_errors_at_fxcs_lines(src, errors):
    msgs: list = []
    with pytest.raises(Exception):  # noqa: B017,PT011 -- D3DPreprocess fails (E_FAIL): the messages are what is checked
        D3DPreprocess(src, None, NAME, None, None, msgs)
    text = "".join(bytes(b).decode("latin-1") for b in msgs)
    assert tuple((int(a), b) for a, b in re.findall(r"\((\d+),[\d-]+\): error (X\d+)", text)) == errors

@pytest.mark.xfail(strict=True, reason="not built: see GAPS")
@pytest.mark.parametrize(("src", "text", "errors"), GAPS)
def test_gaps_not_built(src, text, errors):
    assert _ours(src) == (text, errors)


#: D3DCompile at ps_4_0 (recorded from the DLL, session 39): (source, compiles, first error number)
COMPILES = [
    ('float4 main():SV_Target{return 1;}\n#if 0\n99999999999999999999\n#endif\n', False, 'X1004'),
    ('float4 main():SV_Target{return 1;}\n#if 0\n18446744073709551615\n#endif\n', True, None),
    ('float4 main():SV_Target{return 18446744073709551616;}\n', False, 'X1004'),
    ('float4 main():SV_Target{return 0x10000000000000000;}\n', False, 'X1002'),
    ('#if 18446744073709551617\nfloat4 main():SV_Target{return 1;}\n#endif\n', False, 'X1004'),
    ('float4 main():SV_Target{return 1;}\n#endif\n', False, 'X1510'),
    ('float4 main():SV_Target{return 1;}\n#endif x\n', False, 'X1510'),
    ('float4 main():SV_Target{return 1;}\n#pragma once 99999999999999999999\n', True, None),
    ('float4 main():SV_Target{return 1;}\n#error 99999999999999999999\n', False, None),
    ('float4 main():SV_Target{return 0X10;}\n', False, 'X3000'),
    ('float4 main():SV_Target{return 0x10;}\n', True, None),
    ('float4 main():SV_Target{int X10 = 2; return 0X10;}\n', False, 'X3000'),
    ("float4 main():SV_Target{return 'ab';}\n", False, 'X3000'),
    ("float4 main():SV_Target{return 'a';}\n", True, None),
    ("float4 main():SV_Target{return '\\n';}\n", True, None),
    ("float4 main():SV_Target{return ''';}\n", True, None),
    ("float4 main():SV_Target{return '';}\n", False, 'X3000'),
    ('float4 main():SV_Target{ return 1 + ; } float y = w;', False, 'X3000'),
    ('float4 main():SV_Target{ float a = 1 return w; }', False, 'X3000'),
]


def _compile(src: str) -> tuple[bool, str | None]:
    msgs: list = []
    try:
        D3DCompile(src, None, NAME, None, None, "main", "ps_4_0", 0, 0, msgs)
        return True, None
    except Exception:  # noqa: BLE001 -- a failed compile: its first error number is compared
        found = re.findall(r"error (X\d+)", "".join(bytes(b).decode("latin-1") for b in msgs))
        return False, found[0] if found else None


@pytest.mark.parametrize(("src", "ok", "error"), COMPILES)
def test_compile_as_fxc(src, ok, error):
    assert _compile(src) == (ok, error)


#: recorded the same way: fxc's parser looks a name up as it reduces it, so an undeclared identifier (X3004) met
#: before a syntax error is the first error, and the syntax error after it is not reported (a syntax error met first
#: is X3000, and a later undeclared name is still reported after it). A compile rule, not the preprocessor's
#: (session 39 PPF's finding for the X3004 / X3000 first errors of pp_fuzz); built in session 40 (helper MUT,
#: salvage.py), so these rows left the strict xfails
COMPILE_GAPS = [
    ('float4 main():SV_Target{ return v + ; }', False, 'X3004'),
    ('float4 main():SV_Target{ float a = v; return a + ; }', False, 'X3004'),
    ('float4 main():SV_Target{ return v; } float x = ;', False, 'X3004'),
    ('float4 main():SV_Target{ return w + 1 }', False, 'X3004'),
    ('float4 main():SV_Target{ return (w) 1; }', False, 'X3004'),
    ('float n():t{v+\n', False, 'X3004'),
]


@pytest.mark.parametrize(("src", "ok", "error"), COMPILE_GAPS)
def test_compile_gaps_as_fxc(src, ok, error):
    assert _compile(src) == (ok, error)


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None, reason="no live d3dcompiler_47 (Wine)")
def test_recorded_rows_against_the_live_dll():
    real = wine_d3dcompiler.shared()
    for _group, src, text, errors in CASES + [("GAPS", *row) for row in GAPS]:
        r = real.preprocess(src, name=NAME)
        got = (r.blob.rstrip(b"\0").decode("latin-1") if r.ok else None, tuple(re.findall(r"error (X\d+)", r.messages)))
        assert got == (text, errors), src
    for src, ok, error in COMPILES + COMPILE_GAPS:
        r = real.compile(src, "ps_4_0", "main", name=NAME)
        found = re.findall(r"error (X\d+)", r.messages)
        assert (r.ok, found[0] if found else None) == (ok, error), src
