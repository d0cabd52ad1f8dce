"""fxc's preprocessor rules found by the pp_fuzz fuzzer (tools/pp_fuzz.py), session 38 (issue 15).

Every expected value here -- D3DPreprocess's whole text, byte for byte, and its first error number -- was recorded
from Microsoft's d3dcompiler_47.dll 10.1 under Wine (``pyd3d11.tools.wine_d3dcompiler``), session 38, with the
source named ``C:\\s38\\t.hlsl`` (a full path, so the text's first ``#line`` does not depend on the current
directory). The Microsoft pages are silent on all of it: the D3DPreprocess page says only that the text keeps the
source's line numbering through ``#line``; the #define page names ``#``, ``##`` and ``#@``; the #ifdef page says a
name is defined "by a #define directive". Each group is one rule, probed with variants until its extent was known:
- ``INDENT``: D3DPreprocess's text indents by the braces it holds: after each new-line four blanks per ``{`` not yet
  closed (a stray ``}`` leaves 0), a ``}`` on a line of indent alone takes four back; no indent after the new-line
  before a ``#line`` marker or after a ``pack_matrix`` line.
- ``PARAM_CYCLE``: (a case of LIST_CYCLE) a parameter of a function-like macro that is also a macro's name gives the
  invocation up where the macros its name leads to lead back to a walked name or to a macro the invocation is inside,
  whatever the argument.
- ``DEFINE_NUMBERS``: in a ``#define``'s replacement list a number takes the identifier characters (and the digits an
  octal number stops before) that follow it with no blank between as one token, never replaced.
- ``OCTAL``: in the file an integer that begins with 0 is octal: an 8 or a 9 begins another number (a float keeps
  them).
- ``IFDEF_CYCLE``: ``#ifdef`` / ``#ifndef`` / ``defined`` count a macro whose replacement lists lead back to a walked
  name as not defined.
- ``PREDEFINED_SPACING``: ``__LINE__`` in an argument is a replacement: ``#`` spells it between blanks.
- ``FILE``: ``__FILE__`` is the name the text's ``#line`` gives the file: the main file's full path, a ``#line``'s
  name as written.
- ``IF_X1518``: ``#if`` / ``#elif`` stop with X1518 where a function-like macro's name is left without its argument
  list or the line ends in an empty replacement.
- ``GIVEN_UP``: an invocation given up for a recursion writes its name and, after it, the tokens it took as fxc
  replaced them while reading the argument list (an inner invocation given up in its turn).
- ``LINE_NAME``: ``#line``'s file name is read with one escape, a doubled backslash, and written doubled again.
- ``LIST_CYCLE``: any name of a replacement list (object- or function-like) that leads, through the lists it reaches,
  back to a walked name or to a macro the invocation is inside gives the invocation up, a function-like name without
  ``(`` walked too.
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.shader.compile_api import D3DCompile, D3DPreprocess
from pyd3d11.tools import wine_d3dcompiler

NAME = "C:\\s38\\t.hlsl"

INDENT = [
    ('{\na\n{\nb\n}\nc\n}\nd\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n    a \n    { \n        b \n    } \n    c \n} \nd \n', None),
    ('{ { a } b\nc }\nd\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ { a } b \n    c } \nd \n', None),
    ('}\na\n{\nb\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n} \na \n{ \n    b \n    ', None),
    ('{\n\n\n\nb\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n    \n#line 5\n    b \n    ', None),
    ('#define L {\n#define R }\nL\na\nR\nb\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n{ \n    a \n} \nb \n', None),
    ('{\n#if 0\n#endif\na\n}',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n    \n    \n    a \n} ', None),
    ('a {\n\'{\' "{" b\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\na { \n    \'{\' "{" b \n} \n', None),
    ('{\n#line 9\na\n#line 20 "x.h"\nb\n}\nc',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n    \n    \n#line 9\n    a \n    \n#line 19 "x.h"\n    \n    b \n} \nc ', None),
    ('} } {\na\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n} } { \n    a \n    ', None),
    ('{{{{{{{{{{\na\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ { { { { { { { { { \n                                        a \n                                        ', None),
    ('{\n{\na\n} }\nb',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n    { \n        a \n    } } \nb ', None),
    ('{\n\n\n\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n    \n#line 5\n} \n', None),
    ('{\n  /* c */ }\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n} \n', None),
    ('#define R }\n{\nR\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n{ \n} \n', None),
    ('{\n} {\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n} { \n} \n', None),
    ('{\n}}\na\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n} } \na \n', None),
    ('}}}\n{\na\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n} } } \n{ \n    a \n    ', None),
    ('{\n}\n}\n{\na',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n} \n} \n{ \n    a ', None),
    ('#pragma pack_matrix(row_major)\n{\na\n#pragma pack_matrix(column_major)\nb\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n#pragma pack_matrix(row_major)\n{ \n#line 2\n    \n    a \n    \n    #pragma pack_matrix(column_major)\nb \n#line 5\n    \n} \n', None),
    ('#pragma def(ps_4_0, c0, 1, 2, 3, 4)\n{\na\n',
     '#pragma def (ps_4_0, c0, 1, 2, 3, 4)\n#line 1 "C:\\\\s38\\\\t.hlsl"\n\n{ \n    a \n    ', None),
    ('{\n}}\n{\na\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n} } \n{ \n    a \n    ', None),
    ('{{\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ { \n    } \n    ', None),
    ('{{\n\n\n\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ { \n        \n#line 5\n    } \n    ', None),
    ('#pragma pack_matrix(row_major)\n{\n#pragma pack_matrix(column_major)\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n#pragma pack_matrix(row_major)\n{ \n#line 2\n    \n    \n    #pragma pack_matrix(column_major)\n} \n#line 4\n\n', None),
    ('#pragma pack_matrix(row_major)\n{\n\n\n#pragma pack_matrix(column_major)\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n#pragma pack_matrix(row_major)\n{ \n#line 2\n    \n    \n#line 5\n    \n    #pragma pack_matrix(column_major)\n} \n#line 6\n\n', None),
    ('{\n#pragma pack_matrix(column_major)\na\n\n\n\nb\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n    \n    #pragma pack_matrix(column_major)\na \n#line 3\n    \n    \n#line 7\n    b \n    ', None),
    ('{\n#line 7 "q.h"\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n    \n#line 6 "q.h"\n    \n} \n', None),
    ('{\na // c\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n    a \n} \n', None),
    ('{\na /* x\ny */ b\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n    a \n    b \n} \n', None),
    ('{\n#define F(x) x\nF(\n1)\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n    \n    1 \n    \n} \n', None),
    ('float4 main() : SV_Target\n{\n    float v = 0;\n    if (v > 0) { v = 1; }\n    else\n    {\n        v = 2;\n    }\n    return v;\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\nfloat4 main ( ) : SV_Target \n{ \n    float v = 0 ; \n    if ( v > 0 ) { v = 1 ; } \n    else \n    { \n        v = 2 ; \n    } \n    return v ; \n} \n', None),
    ('{\n\t\ta\n  {\n b }\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n{ \n    a \n    { \n        b } \n} \n', None),
    ('#define B { a }\n{\nB\nB c\n}\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n{ \n    { a } \n    { a } c \n} \n', None),
]

PARAM_CYCLE = [
    ('#define x )x\n#define XS(x) [x]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nXS ( u ) \n', None),
    ('#define x 1\n#define XS(x) [x]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n[ u ] \n', None),
    ('#define x\n#define XS(x) [x]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n[ u ] \n', None),
    ('#define x y\n#define XS(x) [x]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n[ u ] \n', None),
    ('#define x y\n#define XS(a, x) [x]\nXS(u, v)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n[ v ] \n', None),
    ('#define F(a) a\n#define XS(F) [F]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n[ u ] \n', None),
    ('#define XS(x) [x]\n#define x y\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n[ u ] \n', None),
    ('#define x x\n#define XS(x) [x]\nXS(u) x\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nXS ( u ) x \n', None),
    ('#define x XS\n#define XS(x) [x]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nXS ( u ) \n', None),
    ('#define x XS(1)\n#define XS(x) [x]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nXS ( u ) \n', None),
    ('#define x ( x\n#define XS(x) [x]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nXS ( u ) \n', None),
    ('#define x a x\n#define XS(x) [#x]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nXS ( u ) \n', None),
    ('#define x a x\n#define XS(x) [x ## 1]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nXS ( u ) \n', None),
    ('#define x a x\n#define XS(x) [1]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n[ 1 ] \n', None),
    ('#define x a x\n#define XS(y) [y]\nXS(x)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n[ x ] \n', None),
    ('#define z a z\n#define x z\n#define XS(x) [x]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nXS ( u ) \n', None),
    ('#define x x\n#define XS(x) [x]\n#define G(a) <XS(a)>\nG(u) + XS(v)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nG ( u ) + XS ( v ) \n', None),
    ('#define x x\n#define XS(x) [x]\n#define G(a) <a>\nG(XS(u))\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n< XS ( u ) > \n', None),
    ('#define x x\n#define XS(x, y) [y]\nXS(u, v)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n[ v ] \n', None),
    ('#define x(q) x\n#define XS(x) [x]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nXS ( u ) \n', None),
    ('#define x(q) x\n#define XS(x) [x(1)]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nXS ( u ) \n', None),
    ('#define x(q) q\n#define XS(x) [x(XS)]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nXS ( u ) \n', None),
    ('#define x(q) q\n#define XS(x) [x(1)]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n[ u ( 1 ) ] \n', None),
    ('#define y a y\n#define x y\n#define XS(x) [1]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n[ 1 ] \n', None),
    ('#define y(a) a y\n#define x y\n#define XS(x) [x]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nXS ( u ) \n', None),
    ('#define y(a) a y\n#define x y(1)\n#define XS(x) [x]\nXS(u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nXS ( u ) \n', None),
    ('#define x x\n#define XS(x) [x]\na XS(u) b\nc XS(u) d\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\na XS ( u ) b \nc XS ( u ) d \n', None),
    ('#define b c\n#define c b\n#define F(a, b) a b\nF(1, 2)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nF ( 1 , 2 ) \n', None),
    ('#define b c\n#define c d\n#define F(a, b) a b\nF(1, 2)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n1 2 \n', None),
    ('#define a a\n#define F(a, b) b\nF(1, 2) F(3, 4)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n2 4 \n', None),
]

DEFINE_NUMBERS = [
    ('#define A 1a_b\nA\n#define F(p) 1a_b p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1a_b \n\n1a_b 1 \n', None),
    ('#define A 2_\nA\n#define F(p) 2_ p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n2_ \n\n2_ 1 \n', None),
    ('#define A .5fx\nA\n#define F(p) .5fx p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n.5fx \n\n.5fx 1 \n', None),
    ('#define A 1.5x\nA\n#define F(p) 1.5x p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1.5x \n\n1.5x 1 \n', None),
    ('#define A 12.5e3x\nA\n#define F(p) 12.5e3x p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n12.5e3x \n\n12.5e3x 1 \n', None),
    ('#define A 123x\nA\n#define F(p) 123x p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n123x \n\n123x 1 \n', None),
    ('#define A 0x\nA\n#define F(p) 0x p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n0x \n\n0x 1 \n', None),
    ('#define A 09x\nA\n#define F(p) 09x p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n09x \n\n09x 1 \n', None),
    ('#define A 1uu\nA\n#define F(p) 1uu p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1uu \n\n1uu 1 \n', None),
    ('#define A 1FD\nA\n#define F(p) 1FD p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1FD \n\n1FD 1 \n', None),
    ('#define A 0xg\nA\n#define F(p) 0xg p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n0xg \n\n0xg 1 \n', None),
    ('#define A 1.5fh\nA\n#define F(p) 1.5fh p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1.5fh \n\n1.5fh 1 \n', None),
    ('#define A 0x1g\nA\n#define F(p) 0x1g p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n0x1g \n\n0x1g 1 \n', None),
    ('#define A 1x\nA\n#define F(p) 1x p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1x \n\n1x 1 \n', None),
    ('#define A 0 x\nA\n#define F(p) 0 x p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n0 x \n\n0 x 1 \n', None),
    ('#define A 08\nA\n#define F(p) 08 p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n08 \n\n08 1 \n', None),
    ('#define A 019\nA\n#define F(p) 019 p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n019 \n\n019 1 \n', None),
    ('#define A 1e\nA\n#define F(p) 1e p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1e \n\n1e 1 \n', None),
    ('#define A 1.x\nA\n#define F(p) 1.x p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1.x \n\n1.x 1 \n', None),
    ('#define A +0x\nA\n#define F(p) +0x p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n+ 0x \n\n+ 0x 1 \n', None),
    ('#define A .5x\nA\n#define F(p) .5x p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n.5x \n\n.5x 1 \n', None),
    ('#define A 1e+x\nA\n#define F(p) 1e+x p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1e + x \n\n1e + x 1 \n', None),
    ('#define A 1x+2\nA\n#define F(p) 1x+2 p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1x + 2 \n\n1x + 2 1 \n', None),
    ('#define A 1p+3\nA\n#define F(p) 1p+3 p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1p + 3 \n\n1p + 3 1 \n', None),
    ('#define A 1_a\nA\n#define F(p) 1_a p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1_a \n\n1_a 1 \n', None),
    ('#define A 0x1e+3\nA\n#define F(p) 0x1e+3 p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n0x1e + 3 \n\n0x1e + 3 1 \n', None),
    ('#define A 1e-5f\nA\n#define F(p) 1e-5f p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1e-5f \n\n1e-5f 1 \n', None),
    ('#define A 1E+\nA\n#define F(p) 1E+ p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1E + \n\n1E + 1 \n', None),
    ('#define A 1.2.3\nA\n#define F(p) 1.2.3 p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1.2 .3 \n\n1.2 .3 1 \n', None),
    ('#define A a1.5\nA\n#define F(p) a1.5 p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\na1 .5 \n\na1 .5 1 \n', None),
    ('#define A 1..2\nA\n#define F(p) 1..2 p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1. .2 \n\n1. .2 1 \n', None),
    ("#define A 1'a'\nA\n#define F(p) 1'a' p\nF(1)\n",
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1 \'a\' \n\n1 \'a\' 1 \n', None),
    ('#define A 1"s"\nA\n#define F(p) 1"s" p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1 "s" \n\n1 "s" 1 \n', None),
    ('#define A 1e+e+1\nA\n#define F(p) 1e+e+1 p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1e + e + 1 \n\n1e + e + 1 1 \n', None),
    ('#define A 1pp+1\nA\n#define F(p) 1pp+1 p\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1pp + 1 \n\n1pp + 1 1 \n', None),
    ('#define x 5\n#define A 1x\nA\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n1x \n', None),
    ('#define F(x) 1x [x]\nF(7)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n1x [ 7 ] \n', None),
    ('#define F(x) 0x1.5 1.5e+3x 0x1p3 [x]\nF(7)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n0x1 .5 1.5e+3x 0x1p3 [ 7 ] \n', None),
    ('#define S(p) #p\n#define F(p) S(1x p)\nF(2)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n"1x 2" \n', None),
    ('#define x 5\n#define C(a) [a]\n#define F(p) C(1x)\nF(2)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n[ 1x ] \n', None),
    ('#define C(a, b) [a b]\n#define F(p) C(1x, p)\nF(2)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n[ 1x 2 ] \n', None),
]

OCTAL = [
    ('019\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n01 9 \n', None),
    ('0189\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n01 89 \n', None),
    ('08.5\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n08.5 \n', None),
    ('09.5\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n09.5 \n', None),
    ('0.8\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n0.8 \n', None),
    ('08e1\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n08e1 \n', None),
    ('08u\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n0 8u \n', None),
    ('0777\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n0777 \n', None),
    ('007\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n007 \n', None),
    ('0x8\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n0x8 \n', None),
    ('08f\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n0 8 f \n', None),
    ('079.\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n079. \n', None),
    ('08\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n0 8 \n', None),
    ('09x\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n0 9 x \n', None),
    ('0 8\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n0 8 \n', None),
    ('00x\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n00 x \n', None),
    ('01L\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n01L \n', None),
    ('018u\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n01 8u \n', None),
    ('0l9\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n0l 9 \n', None),
]

IFDEF_CYCLE = [
    ('#define A A\n#ifdef A\nyes\n#endif\n#ifndef A\nno\n#endif\n#if defined(A)\nd\n#endif\nA\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n#line 4\n\n\nno \n\n\n#line 10\n\nA \n', None),
    ('#define A B\n#define B A\n#ifdef A\nyes\n#endif\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n#line 5\n\n', None),
    ('#define A 1 A\n#ifdef A\nyes\n#endif\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n#line 4\n\n', None),
    ('#define A(x) A\n#ifdef A\nyes\n#endif\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n#line 4\n\n', None),
    ('#define A(x) x\n#ifdef A\nyes\n#endif\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nyes \n\n', None),
    ('#define A B\n#ifdef A\nyes\n#endif\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nyes \n\n', None),
    ('#define B C\n#define A B\n#ifdef A\nyes\n#endif\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nyes \n\n', None),
    ('#define A A\n#undef A\n#ifdef A\nyes\n#endif\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n#line 5\n\n', None),
    ('#define B B\n#define A B\n#ifdef A\nyes\n#endif\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n#line 5\n\n', None),
    ('#define B B\n#define A x B\n#if defined A\nyes\n#endif\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n#line 5\n\n', None),
    ('#define A A\n#ifdef A\n#else\nno\n#endif\n#if !defined(A)\nnd\n#endif\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nno \n\n\nnd \n\n', None),
    ('#define A A\n#define Q defined(A)\n#if Q\nq\n#endif\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n#line 5\n\n', None),
    ('#define A(x) B(x)\n#define B(y) A(y)\n#ifdef B\nb\n#endif\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n#line 5\n\n', None),
    ('#define A(x) x x\n#ifndef A\nn\n#else\ny\n#endif\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n#line 4\n\ny \n\n', None),
    ('#ifdef nope\ny\n#endif\n#if defined(nope)\nz\n#endif\n',
     '#line 3 "C:\\\\s38\\\\t.hlsl"\n\n\n#line 6\n\n', None),
    ('#ifdef __LINE__\ny\n#endif\n#if defined __FILE__\nz\n#endif\n',
     '#line 3 "C:\\\\s38\\\\t.hlsl"\n\n\n#line 6\n\n', None),
    ('#define A a\n#define a b\n#define b A\n#if defined(a) || defined(A)\ny\n#endif\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n\n#line 6\n\n', None),
]

PREDEFINED_SPACING = [
    ('#define S(x) #x\nS((__LINE__))\nS(a__LINE__ b)\nS(a __LINE__b)\nS(__LINE__)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n"( 2 )" \n"a__LINE__ b" \n"a __LINE__b" \n"5" \n', None),
    ('#define S(x) #x\n#define O 1\nS((O))\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n"( 1 )" \n', None),
    ('#define S(x) #x\n#define XS(x) S(x)\nXS(a __LINE__ b)\nXS([__LINE__])\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n"a 3 b" \n"[ 4 ]" \n', None),
    ('#define S(x) #x\nS(x __LINE__+__LINE__)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n"x 2 + 2" \n', None),
]

FILE = [
    ('__FILE__\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n"C:\\\\s38\\\\t.hlsl" \n', None),
    ('a\n#line 5 "x.h"\n__FILE__\n#line 9\n__FILE__\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\na \n\n#line 4 "x.h"\n\n"x.h" \n\n\n#line 9\n"x.h" \n', None),
    ('#define S(x) #x\n#define XS(x) S(x)\nXS(__FILE__)\nS(x(__FILE__))\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n"\\"C:\\\\\\\\s38\\\\\\\\t.hlsl\\"" \n"x( \\"C:\\\\\\\\s38\\\\\\\\t.hlsl\\" )" \n', None),
    ('#define F __FILE__\nF\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n"C:\\\\s38\\\\t.hlsl" \n', None),
    ('#undef __FILE__\n__FILE__\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n"C:\\\\s38\\\\t.hlsl" \n', None),
    ('#line 3 "C:\\a\\b.h"\n__FILE__\n',
     '#line 2 "C:\\\\a\\\\b.h"\n\n"C:\\\\a\\\\b.h" \n', None),
]

IF_X1518 = [
    ('#define E\n#if E\n#endif\nx\n',
     None, 'X1518'),
    ('#define F(x)\n#if F\n#endif\nx\n',
     None, 'X1518'),
    ('#define F(x) 1\n#if F\n#endif\nx\n',
     None, 'X1518'),
    ('#define F(x) 1\n#if F(2)\ny\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\ny \n\nx \n', None),
    ('#define F(x)\n#if F(2)\ny\n#endif\nx\n',
     None, 'X1518'),
    ('#define E\n#if 1 + E\n#endif\nx\n',
     None, 'X1518'),
    ('#define E\n#if (E)\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nx \n', 'X1500'),
    ('#if\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nx \n', 'X1500'),
    ('#define E\n#if E 1\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nx \n', None),
    ('#define E\n#if E E\n#endif\nx\n',
     None, 'X1518'),
    ('#if 0\n#elif\n#endif\nx\n',
     '#line 3 "C:\\\\s38\\\\t.hlsl"\n\nx \n', 'X1500'),
    ('#define E\n#if 0\n#elif E\n#endif\nx\n',
     None, 'X1518'),
    ('#define E /* c */\n#if E\n#endif\nx\n',
     None, 'X1518'),
    ('#define F(x) x\n#if F()\n#endif\nx\n',
     None, 'X1516'),
    ('#define F(x) x\n#if F\n#endif\nx\n',
     None, 'X1518'),
    ('#if nope\n#endif\nx\n',
     '#line 2 "C:\\\\s38\\\\t.hlsl"\n\nx \n', None),
    ('#define G(x) x\n#define E G\n#if E\n#endif\nx\n',
     None, 'X1518'),
    ('#define E\n#if 1 || E\n#endif\nx\n',
     None, 'X1518'),
    ('#define E\n#if E == 0\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nx \n', 'X1500'),
    ('#define E\n#if !E\n#endif\nx\n',
     None, 'X1518'),
    ('#if 1 +\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nx \n', 'X1500'),
    ('#if !\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nx \n', 'X1500'),
    ('#define E\n#if 1 + E 2\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nx \n', None),
    ('#define E\n#if E + 1\ny\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\ny \n\nx \n', None),
    ('#define E\n#if E 1\ny\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\ny \n\nx \n', None),
    ('#define F(x) x\n#if 1 + F\n#endif\nx\n',
     None, 'X1518'),
    ('#define F(x) x\n#if F + 1\ny\n#endif\nx\n',
     None, 'X1518'),
    ('#define F(x) x\n#if F 1\ny\n#endif\nx\n',
     None, 'X1518'),
    ('#define E\n#if (1 + E\n#endif\nx\n',
     None, 'X1518'),
    ('#define E\n#if 1 ? E\n#endif\nx\n',
     None, 'X1518'),
    ('#define E\n#if 1 ? 2 : E\n#endif\nx\n',
     None, 'X1518'),
    ('#define O 1 +\n#if O\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nx \n', 'X1500'),
    ('#define O (\n#if O\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nx \n', 'X1500'),
    ('#define E\n#define O 1 + E\n#if O\n#endif\nx\n',
     None, 'X1518'),
    ('#define E\n#if E E 1\ny\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\ny \n\nx \n', None),
    ('#define E\n#if defined(E) E\ny\n#endif\nx\n',
     None, 'X1518'),
    ('#define E\n#define D E\n#if 1 + D\n#endif\nx\n',
     None, 'X1518'),
    ('#define F(x) x\n#if 0\n#elif F\n#endif\nx\n',
     None, 'X1518'),
    ('#define F(x) x\n#if 0\n#if F\n#endif\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n#line 5\n\nx \n', None),
    ('#define F(x) x\n#if defined F\ny\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\ny \n\nx \n', None),
    ('#define OC\n#if 0\n#elif|OC\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n#line 4\n\nx \n', 'X1500'),
    ('#define OA[FB\n#define FB(q)\n#if OA\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n\nx \n', 'X1500'),
    ('#define OD#FB\n#define FB(q)\n#if(OD\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n\nx \n', 'X1500'),
    ('#define F(x) x\n#if 1 || F\ny\n#endif\nx\n',
     None, 'X1518'),
    ('#define F(x) x\n#if 0 && (1 / F)\ny\n#endif\nx\n',
     None, 'X1518'),
    ('#define E\n#if (1) E\ny\n#endif\nx\n',
     None, 'X1518'),
    ('#define CH(x)\n#if 0\n#elif(0?CH/**/(h))\n#endif\nx\n',
     None, 'X1518'),
    ('#define CH(x)\n#if CH/**/(h)\n#endif\nx\n',
     None, 'X1518'),
    ('#define CH(x) 1\n#if CH /**/ (h)\n#endif\nx\n',
     None, 'X1518'),
    ('#define XCAT(a,b)\n#if XCAT/**/(5,3))\n#endif\nx\n',
     None, 'X1518'),
    ('#define F(x) 1\n#if F\n(1)\n#endif\nx\n',
     None, 'X1518'),
    ('#define F(x) 1\n#if F /* c */\ny\n#endif\nx\n',
     None, 'X1518'),
    ('#define CH(x)\n#elif(B?CH/**/(h)\n',
     None, 'X1518'),
    ('#define XCAT(a,b)\n#elif XCAT/**/(5,3))\n',
     None, 'X1518'),
    ('#define F2(a,b)\n#elif+F2/**/(U,())\n',
     None, 'X1518'),
    ('#define F2(a,b) 1\n#elif F2/**/(1,2)\nx\n',
     None, 'X1518'),
    ('#define F2(a,b) 1\n#elif F2(1,2)\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nx \n', 'X1508'),
    ('#define F(x) 1\n#if F(/**/1) /**/ + 1\ny\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\ny \n\nx \n', None),
    ('#define F(x) 1\n#if defined /**/ F\ny\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\ny \n\nx \n', None),
    ('#define A B\n#define B A\n#if 1 + A\ny\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\ny \n\nx \n', None),
    ('#define A B C\n#define C A\n#if 1 + A\ny\n#endif\nx\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\ny \n\nx \n', None),
    ('#define E\n#define F(x) x\n#if F(E)\ny\n#endif\nx\n',
     None, 'X1516'),
]

GIVEN_UP = [
    ('#define F(a) F\nF(__LINE__)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\nF ( 2 ) \n', None),
    ('#define O 1\n#define F(a) F\nF(O)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nF ( 1 ) \n', None),
    ('#define O 1\n#define F(a, b) F\nF(O,O + 2)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nF ( 1 , 1 + 2 ) \n', None),
    ('#define O 1\n#define F(a) F\nF( O   +  O )\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nF ( 1 + 1 ) \n', None),
    ('#define O 1\n#define G(a) [a]\n#define F(a) F\nF(G(O))\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nF ( [ 1 ] ) \n', None),
    ('#define O 1\n#define F(a) F\nx F(O) y F(O)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nx F ( 1 ) y F ( 1 ) \n', None),
    ('#define O 1\n#define F(a) G(a)\n#define G(a) F(a)\nF(O) F(O)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nF ( 1 ) F ( 1 ) \n', None),
    ('#define O 1\n#define F(a) a F\nF(O)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nF ( 1 ) \n', None),
    ('#define O 1\n#define F(a) a\n#define H(a) H\nF(H(O))\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nH ( 1 ) \n', None),
    ('#define O 1\n#define F(a) F\n#define S(x) #x\n#define XS(x) S(x)\nXS(F(O))\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n\n"F( 1 )" \n', None),
    ('#define O 1\n#define F(a) G(a)\n#define G(a) F(a)\nF(F(O))\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nF ( F ( 1 ) ) \n', None),
    ('#define F(a) G(a)\n#define G(a) F(a)\nF(F(1)) F(2)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nF ( F ( 1 ) ) F ( 2 ) \n', None),
    ('#define F(a) a F\nF(F(1))\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\nF ( F ( 1 ) ) \n', None),
    ('#define f(a) a*g\n#define g(a) f(a)\n#define O 9\nf(2)(O)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nf ( 2 ) ( 9 ) \n', None),
    ('#define X(a) X ## a\n#define O 1\nX(O)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nX ( 1 ) \n', None),
    ('#define F(a) G(a)\n#define G(a) F(a)\n#define S(x) #x\n#define XS(x) S(x)\nXS(F(1))\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n\n"F(1)" \n', None),
    ('#define O3 F3\n#define F3(a,b,c)O3\nF3(__LINE__,1,u)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nF3 ( 3 , 1 , u ) \n', None),
    ('#define F2 F2\n#define F3(a,b,c)F2\nF3(__LINE__,0,1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nF3 ( 3 , 0 , 1 ) \n', None),
    ('#define G1(a)F1\n#define F1(a)G1(1)\n#define F2(a,b)7\nF1(F2(u,5))\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nF1 ( 7 ) \n', None),
    ('#define A a A\n#define F(x) x A\n#define O 2\nF(O) + F(3)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nF ( 2 ) + F ( 3 ) \n', None),
]

LINE_NAME = [
    ('#line 5 "a\\b.hlsl"\nx\n__FILE__\n',
     '#line 4 "a\\\\b.hlsl"\n\nx \n"a\\\\b.hlsl" \n', None),
    ('#line 5 "a\\\\b.hlsl"\nx\n',
     '#line 4 "a\\\\b.hlsl"\n\nx \n', None),
    ('#line 5 "a/b.hlsl"\nx\n',
     '#line 4 "a/b.hlsl"\n\nx \n', None),
    ('#line 5 "a\\\\\\\\b"\nx\n',
     '#line 4 "a\\\\\\\\b"\n\nx \n', None),
    ('#line 5 "a\\\\b\\c"\nx\n#line 9\ny\n',
     '#line 4 "a\\\\b\\c"\n\nx \n\n\n#line 9\ny \n', None),
    ('#line 5 "\\\\"\n\n',
     '#line 4 "\\\\"\n\n', None),
]

LIST_CYCLE = [
    ('#define O0 G1\n#define G1(a) O0\nO0\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nO0 \n', None),
    ('#define O0 G1\n#define G1(a) x\nO0\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nG1 ', None),
    ('#define O0 [G1]\n#define G1(a) O0\nO0\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nO0 \n', None),
    ('#define O0 G1 x\n#define G1(a) y G1\nO0\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nO0 \n', None),
    ('#define F(a) [G1 a]\n#define G1(a) y G1\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nF ( 1 ) \n', None),
    ('#define F(a) [G1 a]\n#define G1(a) F\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nF ( 1 ) \n', None),
    ('#define O2 F3(0,F1(2))\n#define F1(a) F1\n#define F3(a,b)\nO2\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\nO2 \n', None),
    ('#define O2 F3(0, 2)\n#define F1(a) F1\n#define F3(a,b)\nO2\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n\n', None),
    ('#define Y Y\n#define O a Y\nO b\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nO b \n', None),
    ('#define O a ## Y\n#define Y O\nO\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nO \n', None),
    ('#define F(a) a ## Y\n#define Y F\nF(1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nF ( 1 ) \n', None),
    ('#define O G1\n#define G1(a) a\nO(O)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nG1 ', None),
    ('#define A B\n#define B(x) x\nA(A)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nB ', None),
    ('#define O0 G1\n#define G1(a) O0\nG1(1) + O0\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\nG1 ( 1 ) + O0 \n', None),
    ('#define O0 G1\n#define G1(a) O0\n#define S(x) #x\n#define XS(x) S(x)\nXS(O0 + 1)\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n\n"O0 + 1" \n', None),
    ('#define A B C\n#define B 1\n#define C(a) D\n#define D C\nA + B\n',
     '#line 1 "C:\\\\s38\\\\t.hlsl"\n\n\n\n\nA + 1 \n', None),
]

CASES = [(g, *row) for g, rows in (("INDENT", INDENT), ("PARAM_CYCLE", PARAM_CYCLE), ("DEFINE_NUMBERS", DEFINE_NUMBERS), ("OCTAL", OCTAL), ("IFDEF_CYCLE", IFDEF_CYCLE), ("PREDEFINED_SPACING", PREDEFINED_SPACING), ("FILE", FILE), ("IF_X1518", IF_X1518), ("GIVEN_UP", GIVEN_UP), ("LINE_NAME", LINE_NAME), ("LIST_CYCLE", LIST_CYCLE)) for row in rows]


def _ours(src: str) -> tuple[str | None, str | None]:
    msgs: list = []
    try:
        text = bytes(D3DPreprocess(src, None, NAME, None, None, msgs)).decode("latin-1")
    except Exception:  # noqa: BLE001 -- a failed D3DPreprocess has no text (fxc's E_FAIL)
        text = None
    m = re.search(r"error (X\d+)", "".join(bytes(b).decode("latin-1") for b in msgs))
    return text, m.group(1) if m else None


@pytest.mark.parametrize(("group", "src", "text", "error"), CASES)
def test_text_and_first_error_as_fxc(group, src, text, error):
    assert _ours(src) == (text, error)


#: ``#error``'s whole message as D3DPreprocess reports it (recorded from the DLL, session 38): ``error:`` without a
#: number, the columns of the word ``error``, the text after it as written (comments and trailing blanks kept, a
#: line splice dropped, no macro replaced); the preprocessor stops (E_FAIL)
ERROR_MESSAGES = [
    ('#error stop here\n', 'C:\\s38\\t.hlsl(1,2-6): error: stop here\n'),
    ('#error "quoted"\n', 'C:\\s38\\t.hlsl(1,2-6): error: "quoted"\n'),
    ('#error\n', 'C:\\s38\\t.hlsl(1,2-6): error: \n'),
    ('#define F(x) got x\n#error F(1)\n', 'C:\\s38\\t.hlsl(2,2-6): error: F(1)\n'),
    ('  #  error   a   b  \n', 'C:\\s38\\t.hlsl(1,6-10): error: a   b  \n'),
    ('#error a /* c */ b\n', 'C:\\s38\\t.hlsl(1,2-6): error: a /* c */ b\n'),
    ("#error 'x' \\\n y\n", "C:\\s38\\t.hlsl(1,2-6): error: 'x'  y\n"),
    ('#define WHY missing feature\n#error WHY here\n', 'C:\\s38\\t.hlsl(2,2-6): error: WHY here\n'),
    ('#define F(x) got x\n#error F(1\n', 'C:\\s38\\t.hlsl(2,2-6): error: F(1\n'),
    ('\n\n#error stop here\n', 'C:\\s38\\t.hlsl(3,2-6): error: stop here\n'),
    ('#error\tx\n', 'C:\\s38\\t.hlsl(1,2-6): error: x\n'),
    ('#if 0\n#error no\n#endif\n#error yes\n', 'C:\\s38\\t.hlsl(4,2-6): error: yes\n'),
    ('# error x // c\n', 'C:\\s38\\t.hlsl(1,3-7): error: x // c\n'),
]


@pytest.mark.parametrize(("src", "message"), ERROR_MESSAGES)
def test_error_directive_message_as_fxc(src, message):
    msgs: list = []
    with pytest.raises(Exception):  # noqa: B017,PT011 -- D3DPreprocess fails (E_FAIL): the message is what is checked
        D3DPreprocess(src, None, NAME, None, None, msgs)
    assert "".join(bytes(b).decode("latin-1") for b in msgs) == message


#: D3DCompile and ``#pragma def`` (recorded from the DLL, session 38): a def fxc reads whole is X3589 at a 4.0+ or
#: level-9 target, after every other error, none in compatibility mode (0x1000), at a Direct3D 9 target, in a skipped
#: group, or for a def with three values, a ``+`` sign or a token after it -- (source, target, flags, compiles, error)
PRAGMA_DEF = [
    ('#pragma def(ps_4_0,c0,1,2,3)\nfloat4 main():SV_Target{return 0;}', 'ps_4_0', 0x0, True, None),
    ('#pragma def(ps_4_0,c0,1,2,3,4) x\nfloat4 main():SV_Target{return 0;}', 'ps_4_0', 0x0, True, None),
    ('#pragma def(ps_4_0,c0,1,2,3,4)\nfloat4 main():SV_Target{return 0;}', 'ps_4_0', 0x1000, True, None),
    ('#pragma def(ps_4_0,c0,1,2,3,4)\nfloat4 main():SV_Target{return 0;}', 'ps_4_0_level_9_1', 0x0, False, 'X3589'),
    ('#pragma def(ps_4_0,c0,1,2,3,4)\nfloat4 main():SV_Target{return 0;}', 'ps_5_0', 0x0, False, 'X3589'),
    ('#pragma def(ps_4_0,c0,1,2,3,4)\nfloat4 main():SV_Target{return x;}', 'ps_4_0', 0x0, False, 'X3004'),
    ('float4 main():SV_Target{return 0;}\n#pragma def(ps_4_0,c0,1,2,3,4)\n', 'ps_4_0', 0x0, False, 'X3589'),
    ('#if 0\n#pragma def(ps_4_0,c0,1,2,3,4)\n#endif\nfloat4 main():SV_Target{return 0;}', 'ps_4_0', 0x0, True, None),
    ('#pragma def(_,c,1,2,3,4)\nfloat4 main():SV_Target{return 0;}', 'ps_4_0', 0x0, False, 'X3589'),
    ('#pragma def(vs_2_0, c3, 1.5, -2, 0x10, 1e2)\nfloat4 main():SV_Position{return 0;}', 'vs_4_0', 0x0, False, 'X3589'),
    ('#pragma def(ps_4_0,c0,1,2,3,4)\nfloat4 main():SV_Target{return 0;}', 'ps_3_0', 0x0, True, None),
    ('#pragma def(ps_4_0,c0,1,2,3,4)\n[numthreads(1,1,1)] void main(){}', 'cs_5_0', 0x0, False, 'X3589'),
    ('#pragma def(ps_4_0,c0,1,2,3,4)\nfloat4 main():SV_Target{return 0;}', 'ps_4_1', 0x0, False, 'X3589'),
    ('#pragma def(ps_4_0,c0,1,+2,3,4)\nfloat4 main():SV_Target{return 0;}', 'ps_4_0', 0x0, True, None),
]


@pytest.mark.parametrize(("src", "target", "flags", "ok", "error"), PRAGMA_DEF)
def test_pragma_def_at_a_dx10_target_as_fxc(src, target, flags, ok, error):
    msgs: list = []
    try:
        D3DCompile(src, None, NAME, None, None, "main", target, flags, 0, msgs)
        got = (True, None)
    except Exception:  # noqa: BLE001 -- a failed compile: its first error number is compared
        found = re.findall(r"error (X\d+)", "".join(bytes(b).decode("latin-1") for b in msgs))
        got = (False, found[0] if found else None)
    assert got == (ok, error)


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None, reason="no live d3dcompiler_47 (Wine)")
def test_recorded_rows_against_the_live_dll():
    real = wine_d3dcompiler.shared()
    for _group, src, text, error in CASES:
        r = real.preprocess(src, name=NAME)
        m = re.search(r"error (X\d+)", r.messages)
        assert (r.blob.rstrip(b"\0").decode("latin-1") if r.ok else None, m.group(1) if m else None) == (text, error), src
