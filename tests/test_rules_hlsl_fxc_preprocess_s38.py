"""fxc's preprocessor rules found by the pp_fuzz fuzzer (tools/pp_fuzz.py), session 38 (issue 15).

Every expected value here -- D3DPreprocess's whole text, byte for byte, and its first error number -- was recorded
from Microsoft's d3dcompiler_47.dll 10.1 under Wine (``pyd3d11.tools.wine_d3dcompiler``), session 38, with the
source named ``C:\\s38\\t.hlsl`` (a full path, so the text's first ``#line`` does not depend on the current
directory). The Microsoft pages are silent on all of it: the D3DPreprocess page says only that the text keeps the
source's line numbering through ``#line``; the #define page names ``#``, ``##`` and ``#@``; the #ifdef page says a
name is defined "by a #define directive". Each group is one rule, probed with variants until its extent was known:
- ``INDENT``: D3DPreprocess's text indents by the braces it holds: after each new-line four blanks per ``{`` not yet closed (a stray ``}`` leaves 0), a ``}`` on a line of indent alone takes four back; no indent after the new-line before a ``#line`` marker or after a ``pack_matrix`` line.
- ``PARAM_CYCLE``: a parameter of a function-like macro that is also a macro's name gives the invocation up where the macros its name leads to lead back to a walked name or to a macro the invocation is inside, whatever the argument.
- ``DEFINE_NUMBERS``: in a ``#define``'s replacement list a number takes the identifier characters (and the digits an octal number stops before) that follow it with no blank between as one token, never replaced.
- ``OCTAL``: in the file an integer that begins with 0 is octal: an 8 or a 9 begins another number (a float keeps them).
- ``IFDEF_CYCLE``: ``#ifdef`` / ``#ifndef`` / ``defined`` count a macro whose replacement lists lead back to a walked name as not defined.
- ``PREDEFINED_SPACING``: ``__LINE__`` in an argument is a replacement: ``#`` spells it between blanks.
- ``FILE``: ``__FILE__`` is the name the text's ``#line`` gives the file: the main file's full path, a ``#line``'s name as written.
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.shader.compile_api import D3DPreprocess
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

CASES = [(g, *row) for g, rows in (("INDENT", INDENT), ("PARAM_CYCLE", PARAM_CYCLE), ("DEFINE_NUMBERS", DEFINE_NUMBERS), ("OCTAL", OCTAL), ("IFDEF_CYCLE", IFDEF_CYCLE), ("PREDEFINED_SPACING", PREDEFINED_SPACING), ("FILE", FILE)) for row in rows]


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


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None, reason="no live d3dcompiler_47 (Wine)")
def test_recorded_rows_against_the_live_dll():
    real = wine_d3dcompiler.shared()
    for _group, src, text, error in CASES:
        r = real.preprocess(src, name=NAME)
        m = re.search(r"error (X\d+)", r.messages)
        assert (r.blob.rstrip(b"\0").decode("latin-1") if r.ok else None, m.group(1) if m else None) == (text, error), src
