"""The HLSL preprocessor against Microsoft's own: every expected value in this file was recorded from
d3dcompiler_47.dll 10.1 (the Windows 10 SDK's fxc) under Wine, session 35 (pyd3d11.tools.wine_d3dcompiler), not
from this project's code.

Each row is a source given to D3DPreprocess and what the real compiler answered: whether D3DPreprocess returned
S_OK (``hr_ok``), the number of the first error its messages hold (a compile of the source fails on it; fxc
reports most preprocessor errors and goes on, so S_OK comes with errors), and, where it reported none, the
output's tokens. ``GENERATED`` holds the same answers for programs of pp_diff's generators (``generate`` /
``generate_variadic``, deterministic per seed). The rules they decide are listed in docs/conformance.md
(session 35, helper PP); ``test_recorded_rows_against_the_live_dll`` re-checks the table where the DLL is at hand.
"""

from __future__ import annotations

import re

import pytest
from preproc_kit import MemoryInclude

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DPreprocess
from pyd3d11.shader.hlsl.preprocessor import tokenize_line
from pyd3d11.tools import pp_diff, wine_d3dcompiler

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

#: (source, D3DPreprocess returned S_OK, first error number or None ("X?": fxc's #error has none), tokens or None)
ROWS = [
    ('#endif\npass\n', True, 'X1510', None),
    ('#else\npass\n', True, 'X1509', None),
    ('#elif 1\npass\n', True, 'X1508', None),
    ('#if 1\n#else\n#else\n#endif\npass\n', True, 'X1514', None),
    ('#if 0\n#else\n#elif 1\n#endif\npass\n', True, 'X1513', None),
    ('#if 1\npass\n', True, 'X1502', None),
    ('#if 0\npass\n', True, 'X1502', None),
    ('#foo\npass\n', True, 'X1504', None),
    ('#if 0\n#foo\n#endif\npass\n', True, None, 'pass'),
    ('#\npass\n', True, 'X1500', None),
    ('#define F(x) x\nF(a\n', True, 'X1515', None),
    ('#define F(x) x\npass F(a\n', True, 'X1515', None),
    ('#include "nofile.h"\npass\n', False, 'X1507', None),
    ('#include\npass\n', True, 'X1500', None),
    ('#include nofile.h\npass\n', True, 'X1500', None),
    ('#line\npass\n', True, 'X1500', None),
    ('#line x\npass\n', True, 'X1500', None),
    ('#line 5 foo\npass\n', True, 'X1500', None),
    ('#define\npass\n', True, 'X1500', None),
    ('#define 1\npass\n', True, 'X1500', None),
    ('#undef\npass\n', True, 'X1500', None),
    ('#ifdef\n#endif\npass\n', True, 'X1500', None),
    ('#ifdef 1\n#endif\npass\n', True, 'X1500', None),
    ('#if\n#endif\npass\n', True, 'X1500', None),
    ('#if 1 +\n#endif\npass\n', True, 'X1500', None),
    ('#if (1\n#endif\npass\n', True, 'X1500', None),
    ('#if 1 2\n#endif\npass\n', True, 'X1500', None),
    ('#define F(x,x) x\npass\n', True, 'X1511', None),
    ('#define F(x y) x\npass\n', True, 'X1500', None),
    ('#define F(x\npass\n', True, 'X1500', None),
    ('#define F(x) #y\npass\n', True, None, 'pass'),
    ('#define F(x) ## x\npass\n', True, None, 'pass'),
    ('#define A ## x\npass A\n', True, None, 'pass ## x'),
    ('"unterminated\npass\n', True, 'X1005', None),
    ("pass 'a\n", True, None, "pass ' a"),
    ('/* unterminated\npass\n', True, 'X1001', None),
    ('#if 1 // c\n#endif // c\npass\n', True, None, 'pass'),
    ('#endif x\npass\n', True, 'X1510', None),
    ('#if 1\n#endif x\npass\n', True, 'X1500', None),
    ('#ifdef A B\n#endif\npass\n', True, 'X1500', None),
    ('#undef A B\npass\n\n', True, 'X1500', None),
    ('#if 1\n#else x\n#endif\npass\n', True, 'X1500', None),
    ('#ifndef A B\n#endif\npass\n', True, 'X1500', None),
    ('#define F(x) x ##\npass\n', True, None, 'pass'),
    ('#define F(x) #\npass\n', True, None, 'pass'),
    ('#define F(x) # 1\npass\n', True, None, 'pass'),
    ('#define A __VA_ARGS__\npass A\n', True, None, 'pass __VA_ARGS__'),
    ('#define __FILE__ x\npass\n', True, None, 'pass'),
    ('#undef __LINE__\npass\n', True, None, 'pass'),
    ('#define defined 1\npass\n', True, 'X1500', None),
    ('#undef defined\npass\n', True, 'X1500', None),
    ('#define F(x) #@x\nF(a) F(ab)\n', True, None, "'a' '"),
    ('#define D defined(X)\n#if D\nfail\n#else\npass\n#endif\n', True, None, 'pass'),
    ("#if 'a' == 97\npass\n#endif\n", True, None, 'pass'),
    ("#if 'ab'\npass\n#endif\n", True, 'X1500', None),
    ('#if -1 > 0\npass\n#else\nfail\n#endif\n', True, None, 'pass'),
    ('#if -1 < 0\npass\n#else\nfail\n#endif\n', True, None, 'fail'),
    ('#if 0x7fffffff + 1 < 0\npass\n#else\nfail\n#endif\n', True, None, 'fail'),
    ('#if 4294967296 == 0\npass\n#endif\n', True, 'X1500', None),
    ('#if 1 ? 2 : 3\npass\n#endif\n', True, None, 'pass'),
    ('#if (1, 2)\npass\n#endif\n', True, 'X1500', None),
    ('#if 3 / 2 == 1\npass\n#endif\n', True, None, 'pass'),
    ('#if -3 / 2 == -1\npass\n#else\nfail\n#endif\n', True, None, 'fail'),
    ('#if 1.5\npass\n#endif\n', True, 'X1500', None),
    ('#if 1u\npass\n#endif\n', True, None, 'pass'),
    ('#if 1L\npass\n#endif\n', True, None, 'pass'),
    ('#if 0x10 == 16 && 010 == 8\npass\n#endif\n', True, None, 'pass'),
    ('#if X\n#else\npass\n#endif\n', True, None, 'pass'),
    ('#if defined X Y\n#endif\npass\n', True, 'X1500', None),
    ('#define X() 1\npass\n', True, 'X1500', None),
    ('??=define A pass\nA\n', True, None, '? ? = define A pass A'),
    ('#define A a // c\nA pass\n', True, None, 'a pass'),
    ('#define A a /* c */ b\nA pass\n', True, None, 'a b pass'),
    ('#define S(x) #x\nS(a "b\\n" \'c\') S( "\\\\" ) S(  )\n', True, 'X1516', None),
    ('pass \\\n', True, None, 'pass'),
    ('#pragma\npass\n', True, None, 'pass'),
    ('#pragma once extra\npass\n', True, None, 'pass'),
    ('#pragma message("hi")\npass\n', True, None, 'pass'),
    ('#pragma pack_matrix(foo)\npass\n', True, None, 'pass'),
    ('#pragma warning(foo)\npass\n', True, None, 'pass'),
    ('#line 0\npass\n', True, None, 'pass'),
    ('#line 4294967295\npass\n', True, None, 'pass'),
    ('#line 10 "a.h" x\npass\n', True, 'X1500', None),
    ('#define L 10\n#line L\n__LINE__\n', True, 'X1500', None),
    ('#include "a.h" x\npass\n\n', False, 'X1507', None),
    ("#if '\\377'\npass\n#endif\n", True, 'X1500', None),
    ("#if '\\n' == 10\npass\n#endif\n", True, 'X1500', None),
    ("#if '\\x41' == 65\npass\n#endif\n", True, 'X1500', None),
    ("#if '\\0' == 0\npass\n#endif\n", True, 'X1500', None),
    ("#if '\\'' == 39\npass\n#endif\n", True, 'X1500', None),
    ("#if '\\\\' == 92\npass\n#endif\n", True, 'X1500', None),
    ("#if '\\q'\npass\n#endif\n", True, 'X1500', None),
    ("#if '\\101' == 65\npass\n#endif\n", True, 'X1500', None),
    ("#if '\\a' == 7\npass\n#endif\n", True, 'X1500', None),
    ('#if \'"\' == 34\npass\n#endif\n', True, None, 'pass'),
    ("#if ''\npass\n#endif\n", True, 'X1500', None),
    ("#if '\\7' == 7\npass\n#endif\n\n", True, 'X1500', None),
    ("#if '\\' == 92\npass\n#endif\n", True, None, 'pass'),
    ("#if '\\'\npass\n#endif\n", True, None, 'pass'),
    ("#if 'a' == 97u\npass\n#endif\n\n", True, None, 'pass'),
    ('#if 1 +\n#endif\n', True, 'X1500', None),
    ('#if\n#endif\n', True, 'X1500', None),
    ('#if (1,2)\n#endif\n', True, 'X1500', None),
    ('#if 1.5\n#endif\n', True, 'X1500', None),
    ('#if defined\n#endif\n', True, 'X1500', None),
    ('#if defined(\n#endif\n', True, 'X1500', None),
    ('#if "s"\n#endif\n', True, 'X1500', None),
    ('#define F(x) x ##\nF(a) b\n', True, None, 'a ## b'),
    ('#define F(x) ## x\nF(a) b\n', True, None, '## a b'),
    ('#define __FILE__ x\n#define __LINE__ y\n__FILE__ __LINE__\n', True, None, 'x y'),
    ('#define F(x) x\n#undef F junk\nF(1)\n', True, 'X1500', None),
    ('#if 0\n#elif 1 2\na\n#endif\n', True, 'X1500', None),
    ('#define F(x) [x]\nF(1,2) after\n', True, 'X1516', None),
    ('#define F(x,y) [x]\nF(1) after\n', True, 'X1516', None),
    ('#define F(x) [x]\nF((1,2)) F([1,2]) F({1,2})\n', True, None, '[ ( 1 , 2 ) ] [ [ 1 , 2 ] ] [ { 1 , 2 } ]'),
    ('#if 1\n#elif\n#endif\n', True, 'X1500', None),
    ('#if 0\n#if 1 +\n#endif\n#endif\n\n', True, None, ''),
    ('#if 0 && 1/0\n#endif\npass\n', True, 'X1503', None),
    ('#if 1 || 1/0\n#endif\n', True, 'X1503', None),
    ('#if 0 ? 1/0 : 1\n#endif\n', True, 'X1503', None),
    ('#define F(x) [x]\n#define G F\nG\n(1)\nG(2)\n', True, None, 'F ( 1 ) [ 2 ]'),
    ('#undef __LINE__\n__LINE__ __FILE__\n', True, None, '2 "Z:\\\\tmp\\\\pp\\\\t.hlsl"'),
    ('#define __LINE__\n__LINE__\n#undef __LINE__\n__LINE__\n', True, None, '4'),
    ('#define F(x) [x]\nF (1) F/**/(2)\n', True, None, '[ 1 ] F ( 2 )'),
    ('#define F(x) [x]\nF(1\n#define Z 3\n)\n', True, None, '[ 1 ]'),
    ('#if 0\n#else\n#else\npass\n#endif\n', True, 'X1514', None),
    ('#if 1\n#elif 0\n#else\n#else\nx\n#endif\n\n', True, 'X1514', None),
    ('#define F(x,...) x __VA_ARGS__\nF(1,2)\n', True, 'X1500', None),
    ('#define F(...) __VA_ARGS__\nF(1)\n', True, 'X1500', None),
    ('#define F(x) [x]\nF()\n', True, 'X1516', None),
    ('#define F(x,y) [x|y]\nF(a,)\n', True, 'X1516', None),
    ('#define F(x,y) [x|y]\nF(,b)\n', True, 'X1516', None),
    ('#define F(x) [x]\nF(1,2)\n', True, 'X1516', None),
    ('#define F(x) [x]\nF(/**/a)\n', True, None, '[ a ]'),
    ('#define F() [x]\nF()\n', True, 'X1500', None),
    ('#if 1\n#elif ~1\n#endif\n', True, 'X1500', None),
    ('#if 1\n#elif 1/0\n#endif\n', True, 'X1503', None),
    ('#if 0\n#if ~1\n#endif\n#endif\npass\n', True, None, 'pass'),
    ('#define F(x) [x]\nF\n(a)\n', True, None, 'F ( a )'),
    ('#define F(x,y) [x|y]\nF(a,\nb) c\n', True, None, '[ a | b ] c'),
    ('#if 1 ? 2 : 3\npass\n#endif\n', True, None, 'pass'),
    ('#if -1 > 0\npass\n#endif\n', True, None, 'pass'),
    ('#if (2 || 1 / 0)\npass\n#endif\n', True, 'X1503', None),
    ('#define F(x) x\n#undef F junk\nF(1)\n\n', True, 'X1500', None),
    ('#define E\n#if E\n#endif\npass\n', False, 'X1518', None),
    ('#define E\n#if (E)\n#endif\npass\n', True, 'X1500', None),
    ('#define E\n#if E 1\n#endif\npass\n', True, None, 'pass'),
    ('#define E\n#if 0\n#elif E\n#endif\npass\n', False, 'X1518', None),
    ('#define E\n#ifdef E\n#if E\n#endif\n#endif\npass\n', False, 'X1518', None),
    ('#define E /* c */\n#if E\n#endif\npass\n\n', False, 'X1518', None),
    ('#define F(x) [x]\nF /**/ (1) F/**/ (2) F /**/(3) F\t(4)\n', True, None, 'F ( 1 ) F ( 2 ) F ( 3 ) [ 4 ]'),
    ('#define F(x) [x]\n#define G(x) x\nG(F\n(1))\n', True, None, '( 1 )'),
    ('#define F(x) [x]\n#define G(x) x\nG(F/**/(1))\n', True, None, '[ 1 ]'),
    ('#define F(x) [x]\n#define G(x) x F\nG(1)(2)\n', True, None, '1 [ 2 ]'),
    ('#define F(x) [x]\n#define G(x) x F\nG(1)\n(2)\n', True, None, '1 F ( 2 )'),
    ('#define F(x) [x]\n#define G(x) x F\nG(1) /**/ (2)\n', True, None, '1 F ( 2 )'),
    ('#define F(x) [x]\nF\\\n(1)\n', True, None, 'F ( 1 )'),
    ('#define F(x) [x]\nF /* multi\nline */ (1)\n', True, None, 'F ( 1 )'),
    ('#define F(x) [x]\n#define H F\nH(1) H /**/ (2)\n', True, None, '[ 1 ] F ( 2 )'),
    ('#define F(x) [x]\nF(1 /* c\n*/ )\n\n', True, None, '[ 1 ]'),
    ('_Pragma("pack_matrix(row_major)") pass\n', True, None, '_Pragma ( "pack_matrix(row_major)" ) pass'),
    ('a _Pragma\n("message(\\"x\\")") b\n', True, None, 'a _Pragma ( "message(\\"x\\")" ) b'),
    ('#define P _Pragma("foo")\nP pass\n\n', True, None, '_Pragma ( "foo" ) pass'),
    ('#define C ,\n#define F(x,y) [x|y]\nF(1 C 2)\n', True, None, '[ 1 | 2 ]'),
    ('#define C ,\n#define F(x) [x]\nF(1 C 2)\n', True, 'X1516', None),
    ('#define E(p) , ,\n#define F(x,y,z) [x|y|z]\nF(a,b,E(0))\n', True, 'X1516', None),
    ('#define E(p) p\n#define F(x,y,z) [x|y|z]\nF(a,b,E(0))\n', True, None, '[ a | b | 0 ]'),
    ('#define E(p) ,\n#define F(x) [x]\nF(E(0))\n', True, 'X1516', None),
    ('#define E ,\n#define F(x) [x]\nF(E)\n\n', True, 'X1516', None),
    ('#define S(x) #x\n#define A 1\nS(A) S(A + 2)\n', True, None, '"1" "1 + 2"'),
    ('#define CAT(a,b) a##b\n#define A x\nCAT(A,y)\n', True, None, 'xy'),
    ('#define F(x) [x]\n#define G(x) F(x)\nG(F(1))\n', True, None, '[ [ 1 ] ]'),
    ('#define F(x) x\n#define N(x) x N(1)\nF(N(2))\n', True, None, 'N ( 2 )'),
    ('#define S(x) #x\n#define E(p) p , p\nS(E(1))\n\n', True, 'X1516', None),
    ('#define E\n#define F(x) [x]\nF(E)\n', True, 'X1516', None),
    ('#define EMPTY\n#define F(a, b) [a|b]\nF(EMPTY, EMPTY)\n', True, 'X1516', None),
    ('#define E\n#define f(a) x ## a ## y\nf(E)\n', True, 'X1516', None),
    ('#define ONE 1\n#define c(a) #@a\nc(ONE)\n', True, None, "'1'"),
    ('#define ONE 1\n#define s(a) #a\n#define c(a) a ## 2\ns(ONE) c(ONE)\n\n', True, None, '"1" 12'),
    ('_Pragma("pack_matrix(row_major)") pass\n', True, None, '_Pragma ( "pack_matrix(row_major)" ) pass'),
    ('a _Pragma\n("message(\\"x\\")") b\n', True, None, 'a _Pragma ( "message(\\"x\\")" ) b'),
    ('#define P _Pragma("foo")\nP pass\n\n', True, None, '_Pragma ( "foo" ) pass'),
    ('#if 1\n#elif 0\n#elif 1/0\n#endif\npass\n', True, None, 'pass'),
    ('#if 0\n#elif 1\n#elif 1/0\n#endif\npass\n', True, 'X1503', None),
    ('#if 0\n#elif 1\n#elif 0\n#elif 1/0\n#endif\npass\n', True, None, 'pass'),
    ('#if 1\n#else\n#endif\n#if 1\n#elif 1/0\n#else\n#endif\n\n', True, 'X1503', None),
    ('#define G(x,y) [x|y]\nG(1,\n2) G(3,4)\n', True, None, '[ 1 | 2 ] [ 3 | 4 ]'),
    ('#define G(x,y) [x|y]\n#define A a\nG(1,\n2) A G(3,4)\n', True, None, '[ 1 | 2 ] a [ 3 | 4 ]'),
    ('#define G(x,y) [x|y]\nG(1,\\\n2) G(3,4)\n\n', True, None, '[ 1 | 2 ] [ 3 | 4 ]'),
    ('#define E(p) ,\n#define F(x, y) [x]\nF(1, E(0))\n', True, 'X1516', None),
    ('#define F(x, y) [x]\n#define H(a, b) a\nF(1, H(2, ))\n', True, 'X1516', None),
    ('#define F(x, y) [x|y]\n#define H(a, b) a\nF(1, H(2, ))\n', True, 'X1516', None),
    ('#define F(x) [x]\n#define G(x) x\n#define U(x) 0\nU(F(1,2))\n', True, 'X1516', None),
    ('#define G(x) x\n#define F(x, y) [x]\nG(F(1, F(2, )))\n', True, 'X1516', None),
    ('#define C ,\n#define F(x, y) [x]\nF(1 C 2)\n', True, None, '[ 1 ]'),
    ('#define F(x) x\n#define FB(p, q) - p ,\nFB(a, FB /**/ (FB(b,1), ))\n', True, None, '- a ,'),
    ('#define F(x) x\n#define FB(p, q) - p , q\nFB(a, FB /**/ (FB(b,1), ))\n\n', True, 'X1516', None),
    ('#pragma warning(disable: 3206)\n#pragma warning( once : 3205 ; error : 3204 )\nx\n#pragma def(vs_4_0, c0, 1, 2, 3, 4)\ny\n', True, None, '# pragma def ( vs_4_0 , c0 , 1 , 2 , 3 , 4 ) # pragma warning ( error : 3204 ) # pragma warning ( once : 3205 ) # pragma warning ( disable : 3206 ) x y'),
    ('#pragma pack_matrix( column_major )\n#define M row_major\n#pragma pack_matrix(M)\nx\n', True, None, '# pragma pack_matrix ( column_major ) x'),
    ('a\n#pragma message "hi"\nb\n', True, None, 'a b'),
    ('#define W warning\n#pragma W(disable:1)\nx\n\n', True, None, 'x'),
    ('x\n#pragma warning(disable: 3206)\ny\n', True, None, '# pragma warning ( disable : 3206 ) x y'),
    ('#pragma def(vs_4_0, c0, 1, 2, 3, 4)\nx\n', True, None, '# pragma def ( vs_4_0 , c0 , 1 , 2 , 3 , 4 ) x'),
    ('x\n#pragma def(vs_4_0, c0, 1, 2, 3, 4)\n', True, None, '# pragma def ( vs_4_0 , c0 , 1 , 2 , 3 , 4 ) x'),
    ('#pragma def(ps_4_0, c1, 1, 2, 3, 4)\n#pragma def(vs_4_0, c0, 1, 2, 3, 4)\nx\n', True, None, '# pragma def ( vs_4_0 , c0 , 1 , 2 , 3 , 4 ) # pragma def ( ps_4_0 , c1 , 1 , 2 , 3 , 4 ) x'),
    ('#pragma warning(disable: 3206)\n#pragma warning(default: 3206)\nx\n', True, None, 'x'),
    ('#pragma warning(disable: 5)\nx\n\n', True, None, '# pragma warning ( disable : 5 ) x'),
    ('#define A 1 + 2\n#define A 1  +  2\nA\n', True, None, '1 + 2'),
    ('#define A 1 + 2\n#define A 1+2\nA\n', True, None, '1 + 2'),
    ('#define F(x) x\n#define F(y) y\nF(1)\n', True, None, '1'),
    ('#define F(x) x\n#define F (x) x\nF(1)\n', True, None, '( x ) x ( 1 )'),
    ("??=define X 1\nX ??( ??) ??< ??> ??! ??' ??- ??/\n", True, None, "? ? = define X 1 X ? ? ( ? ? ) ? ? < ? ? > ? ? ! ? ? ' ? ? - ? ? /"),
    ('#define A a // c\n#define B b /* c */ // d\nA B\n', True, None, 'a b'),
    ('#if 0\n#error no\n#endif\npass\n', True, None, 'pass'),
    ('#define M hello\n#error M world\n', False, 'X?', None),
    ('#error\n', False, 'X?', None),
    ('#if 1 /* c\n*/ + 1\npass\n#endif\n', True, None, 'pass'),
    ('#define F(x) #@x\nF(a) F(1) F("s")\n', True, None, "'a' '1' '"),
    ('#define F(x) #@ x\nF(ab)\n', True, None, "'"),
    ("pass 'unterminated\n", True, None, "pass ' unterminated"),
    ('pass "a\\\nb"\n', True, None, 'pass " a \\ b "'),
    ('x = "str" \'c\' L"w" 1.0f .5 0x1Fu 1e10\n', True, None, 'x = "str" \'c\' L "w" 1.0f .5 0x1Fu 1e10'),
    ('#define F(x) x\nF("a,b", \')\')\n', True, 'X1516', None),
    ('#define F(x,y) [x|y]\nF("a,b", \')\')\n', True, None, '[ "a,b" | \')\' ]'),
    ('#define CAT(a,b) a##b\nCAT(1,2) CAT(a,1) CAT(+,=) CAT(.,5) CAT(x, ) \n', True, 'X1516', None),
    ('#define CAT(a,b) a##b\nCAT(/,/) pass\n', True, None, 'pass'),
    ('#define CAT(a,b) a##b\nCAT(-,>) CAT(<,<) CAT(1.,5)\n', True, None, '-> << 1.5'),
    ('__LINE__ \\\n__LINE__\n__LINE__\n', True, None, '1 2 3'),
    ('#line 5\n#line 7 "x.h"\n__LINE__ __FILE__\n', True, None, '7 "x.h"'),
    ('#  define  A   1\n# /* c */ if A\npass\n#endif\n', True, None, 'pass'),
    ('#define EMPTY\nEMPTY # define X 1\nX\n\n', True, None, '1'),
    ('#define A 1 + 2\n#define A 1 - 2\nA\n', True, None, '1 - 2'),
    ('#define F(x) x\n#define F(x, y) x\nF(1)\n', True, 'X1516', None),
    ('#define F(x, y) x y\n#define F(y, x) x y\n', True, None, ''),
    ('#define F(x, y) x y\n#define F(a, b) a b\n', True, None, ''),
    ('#define A 1\n#define A\n', True, None, ''),
    ('#define A\n#define A\n', True, None, ''),
    ('#define A a\n#define A a /* c */\n\n', True, None, ''),
    ('#define F(a) #@ b\nF(1)\n', True, None, "'b'"),
    ('#define F(a) #@\nF(1)\n', True, None, ''),
    ('#define F(a) #@ 1\nF(1)\n\n', True, None, "'1'"),
]

#: (generator, seed, D3DPreprocess returned S_OK, first error number or None)
GENERATED = [
    ('main', 0, True, 'X1500'), ('main', 1, True, 'X1500'), ('main', 2, False, 'X1500'), ('main', 3, True, 'X1503'),
    ('main', 4, True, 'X1500'), ('main', 5, True, 'X1500'), ('main', 6, True, 'X1500'), ('main', 7, True, 'X1500'),
    ('main', 8, True, 'X1500'), ('main', 9, True, 'X1500'), ('main', 10, True, None), ('main', 11, True, 'X1516'),
    ('main', 12, True, 'X1500'), ('main', 13, True, 'X1500'), ('main', 14, True, 'X1500'),
    ('main', 15, True, 'X1500'), ('main', 16, True, 'X1500'), ('main', 17, True, 'X1500'),
    ('main', 18, True, 'X1500'), ('main', 19, True, 'X1500'), ('main', 20, True, 'X1516'),
    ('main', 21, True, 'X1500'), ('main', 22, True, 'X1500'), ('main', 23, True, 'X1516'),
    ('main', 24, True, 'X1500'), ('main', 25, True, None), ('main', 26, True, 'X1516'), ('main', 27, True, 'X1516'),
    ('main', 28, True, 'X1500'), ('main', 29, True, 'X1516'), ('main', 30, True, 'X1500'), ('main', 31, True, None),
    ('main', 32, True, None), ('main', 33, True, 'X1500'), ('main', 34, True, 'X1500'), ('main', 35, True, None),
    ('main', 36, True, 'X1500'), ('main', 37, True, None), ('main', 38, True, 'X1500'), ('main', 39, True, 'X1500'),
    ('main', 40, True, 'X1500'), ('main', 41, True, 'X1500'), ('main', 42, True, None), ('main', 43, True, 'X1500'),
    ('main', 44, True, 'X1500'), ('main', 45, True, 'X1500'), ('main', 46, True, 'X1500'),
    ('main', 47, True, 'X1500'), ('main', 48, True, 'X1500'), ('main', 49, True, 'X1500'),
    ('main', 50, True, 'X1500'), ('main', 51, True, 'X1500'), ('main', 52, True, 'X1516'),
    ('main', 53, True, 'X1516'), ('main', 54, True, 'X1500'), ('main', 55, True, None), ('main', 56, True, 'X1500'),
    ('main', 57, True, None), ('main', 58, True, 'X1516'), ('main', 59, True, 'X1500'), ('main', 60, True, None),
    ('main', 61, True, 'X1500'), ('main', 62, True, 'X1500'), ('main', 63, True, 'X1500'), ('main', 64, True, None),
    ('main', 65, True, None), ('main', 66, True, 'X1516'), ('main', 67, True, 'X1500'), ('main', 68, True, 'X1500'),
    ('main', 69, True, 'X1500'), ('main', 70, True, 'X1500'), ('main', 71, True, 'X1500'),
    ('main', 72, True, 'X1500'), ('main', 73, True, 'X1500'), ('main', 74, True, 'X1500'),
    ('main', 75, True, 'X1500'), ('main', 76, True, 'X1516'), ('main', 77, True, 'X1516'),
    ('main', 78, True, 'X1500'), ('main', 79, True, 'X1500'), ('main', 80, True, 'X1500'),
    ('main', 81, True, 'X1500'), ('main', 82, True, 'X1500'), ('main', 83, True, 'X1500'), ('main', 84, True, None),
    ('main', 85, True, 'X1500'), ('main', 86, True, 'X1500'), ('main', 87, True, None), ('main', 88, True, 'X1500'),
    ('main', 89, True, 'X1500'), ('main', 90, True, 'X1500'), ('main', 91, True, 'X1500'),
    ('main', 92, True, 'X1500'), ('main', 93, True, 'X1500'), ('main', 94, True, 'X1500'),
    ('main', 95, True, 'X1500'), ('main', 96, True, 'X1500'), ('main', 97, True, 'X1500'),
    ('main', 98, True, 'X1500'), ('main', 99, True, 'X1500'), ('main', 100, True, 'X1516'), ('main', 101, True, None),
    ('main', 102, True, 'X1500'), ('main', 103, True, 'X1500'), ('main', 104, True, 'X1516'),
    ('main', 105, True, 'X1500'), ('main', 106, True, None), ('main', 107, False, 'X1500'), ('main', 108, True, None),
    ('main', 109, True, 'X1500'), ('main', 110, True, 'X1516'), ('main', 111, True, 'X1500'),
    ('main', 112, True, 'X1500'), ('main', 113, True, 'X1516'), ('main', 114, True, 'X1500'),
    ('main', 115, True, 'X1516'), ('main', 116, True, 'X1500'), ('main', 117, True, None),
    ('main', 118, True, 'X1500'), ('main', 119, True, None), ('main', 120, True, None), ('main', 121, True, None),
    ('main', 122, True, 'X1500'), ('main', 123, True, 'X1500'), ('main', 124, True, 'X1516'),
    ('main', 125, True, 'X1500'), ('main', 126, True, 'X1500'), ('main', 127, True, None),
    ('main', 128, True, 'X1500'), ('main', 129, True, 'X1500'), ('main', 130, True, 'X1500'),
    ('main', 131, True, 'X1500'), ('main', 132, True, 'X1500'), ('main', 133, True, 'X1500'),
    ('main', 134, True, None), ('main', 135, True, 'X1500'), ('main', 136, True, 'X1500'),
    ('main', 137, True, 'X1500'), ('main', 138, True, 'X1500'), ('main', 139, True, 'X1500'),
    ('main', 140, True, 'X1500'), ('main', 141, True, None), ('main', 142, True, 'X1500'),
    ('main', 143, True, 'X1500'), ('main', 144, True, 'X1500'), ('main', 145, True, 'X1516'),
    ('main', 146, True, 'X1500'), ('main', 147, True, 'X1500'), ('main', 148, True, 'X1516'),
    ('main', 149, True, 'X1516'), ('main', 150, True, None), ('main', 151, True, 'X1516'),
    ('main', 152, True, 'X1500'), ('main', 153, True, 'X1516'), ('main', 154, True, 'X1500'),
    ('main', 155, True, 'X1500'), ('main', 156, True, 'X1516'), ('main', 157, True, 'X1500'),
    ('main', 158, True, 'X1500'), ('main', 159, True, 'X1500'), ('main', 160, True, 'X1500'),
    ('main', 161, True, 'X1500'), ('main', 162, True, 'X1516'), ('main', 163, True, 'X1500'),
    ('main', 164, True, 'X1500'), ('main', 165, True, 'X1500'), ('main', 166, True, None), ('main', 167, True, None),
    ('main', 168, True, None), ('main', 169, True, 'X1516'), ('main', 170, True, 'X1500'),
    ('main', 171, True, 'X1516'), ('main', 172, True, 'X1500'), ('main', 173, True, 'X1500'),
    ('main', 174, True, 'X1500'), ('main', 175, True, 'X1516'), ('main', 176, True, 'X1516'),
    ('main', 177, True, 'X1500'), ('main', 178, True, 'X1500'), ('main', 179, True, None),
    ('main', 180, True, 'X1500'), ('main', 181, True, 'X1500'), ('main', 182, True, 'X1500'),
    ('main', 183, True, 'X1516'), ('main', 184, True, 'X1500'), ('main', 185, True, 'X1500'),
    ('main', 186, True, 'X1500'), ('main', 187, True, 'X1516'), ('main', 188, True, 'X1500'),
    ('main', 189, True, 'X1500'), ('main', 190, True, 'X1500'), ('main', 191, True, None), ('main', 192, True, None),
    ('main', 193, True, 'X1500'), ('main', 194, False, 'X1500'), ('main', 195, True, None),
    ('main', 196, True, 'X1500'), ('main', 197, True, 'X1500'), ('main', 198, True, 'X1500'),
    ('main', 199, True, 'X1500'), ('main', 200, True, 'X1500'), ('main', 201, True, 'X1500'),
    ('main', 202, True, 'X1500'), ('main', 203, True, None), ('main', 204, True, None), ('main', 205, True, 'X1500'),
    ('main', 206, True, 'X1500'), ('main', 207, True, 'X1515'), ('main', 208, True, 'X1500'),
    ('main', 209, True, 'X1500'), ('main', 210, True, 'X1516'), ('main', 211, True, 'X1500'),
    ('main', 212, True, 'X1500'), ('main', 213, True, 'X1500'), ('main', 214, True, 'X1500'),
    ('main', 215, True, 'X1515'), ('main', 216, True, 'X1500'), ('main', 217, True, 'X1500'),
    ('main', 218, True, 'X1516'), ('main', 219, True, 'X1500'), ('main', 220, True, 'X1516'),
    ('main', 221, True, 'X1516'), ('main', 222, True, 'X1516'), ('main', 223, True, 'X1516'),
    ('main', 224, True, None), ('main', 225, True, 'X1516'), ('main', 226, True, 'X1500'), ('main', 227, True, None),
    ('main', 228, True, 'X1500'), ('main', 229, True, 'X1500'), ('main', 230, True, None),
    ('main', 231, True, 'X1500'), ('main', 232, True, 'X1516'), ('main', 233, True, 'X1500'),
    ('main', 234, True, 'X1500'), ('main', 235, True, 'X1500'), ('main', 236, True, 'X1500'),
    ('main', 237, True, 'X1500'), ('main', 238, True, 'X1500'), ('main', 239, True, 'X1500'),
    ('main', 240, True, None), ('main', 241, True, 'X1500'), ('main', 242, True, None), ('main', 243, True, 'X1500'),
    ('main', 244, True, 'X1500'), ('main', 245, True, 'X1500'), ('main', 246, True, 'X1500'),
    ('main', 247, True, 'X1503'), ('main', 248, True, 'X1516'), ('main', 249, True, None), ('main', 250, True, None),
    ('main', 251, True, 'X1500'), ('main', 252, True, 'X1500'), ('main', 253, True, 'X1500'),
    ('main', 254, True, 'X1500'), ('main', 255, True, 'X1516'), ('main', 256, True, 'X1500'),
    ('main', 257, True, None), ('main', 258, True, None), ('main', 259, True, 'X1500'), ('main', 260, True, 'X1500'),
    ('main', 261, True, 'X1500'), ('main', 262, True, 'X1500'), ('main', 263, True, 'X1500'),
    ('main', 264, True, 'X1500'), ('main', 265, True, 'X1500'), ('main', 266, True, 'X1516'),
    ('main', 267, True, 'X1516'), ('main', 268, True, 'X1516'), ('main', 269, True, 'X1500'),
    ('main', 270, True, 'X1516'), ('main', 271, True, 'X1500'), ('main', 272, True, 'X1500'),
    ('main', 273, True, 'X1500'), ('main', 274, True, None), ('main', 275, True, 'X1500'),
    ('main', 276, True, 'X1500'), ('main', 277, True, 'X1516'), ('main', 278, True, 'X1500'),
    ('main', 279, True, None), ('main', 280, True, 'X1500'), ('main', 281, True, 'X1500'),
    ('main', 282, True, 'X1500'), ('main', 283, True, 'X1500'), ('main', 284, True, 'X1516'),
    ('main', 285, True, 'X1500'), ('main', 286, True, 'X1516'), ('main', 287, True, None),
    ('main', 288, True, 'X1516'), ('main', 289, True, None), ('main', 290, True, 'X1515'), ('main', 291, True, None),
    ('main', 292, True, 'X1503'), ('main', 293, True, 'X1516'), ('main', 294, True, 'X1500'),
    ('main', 295, True, 'X1500'), ('main', 296, True, 'X1500'), ('main', 297, True, None),
    ('main', 298, True, 'X1500'), ('main', 299, True, None), ('main', 300, True, 'X1500'),
    ('main', 301, True, 'X1500'), ('main', 302, True, 'X1516'), ('main', 303, True, 'X1500'),
    ('main', 304, True, 'X1516'), ('main', 305, True, 'X1500'), ('main', 306, True, 'X1500'),
    ('main', 307, True, 'X1500'), ('main', 308, True, 'X1500'), ('main', 309, True, 'X1516'),
    ('main', 310, True, 'X1516'), ('main', 311, True, 'X1500'), ('main', 312, True, 'X1500'),
    ('main', 313, True, 'X1516'), ('main', 314, True, None), ('main', 315, True, 'X1516'),
    ('main', 316, True, 'X1500'), ('main', 317, True, 'X1500'), ('main', 318, True, 'X1500'),
    ('main', 319, True, 'X1500'), ('main', 320, True, 'X1500'), ('main', 321, True, None),
    ('main', 322, True, 'X1516'), ('main', 323, True, None), ('main', 324, True, None), ('main', 325, True, None),
    ('main', 326, True, 'X1500'), ('main', 327, True, None), ('main', 328, True, None), ('main', 329, True, 'X1516'),
    ('main', 330, True, None), ('main', 331, True, 'X1500'), ('main', 332, True, 'X1516'),
    ('main', 333, True, 'X1500'), ('main', 334, True, 'X1500'), ('main', 335, True, 'X1500'),
    ('main', 336, True, 'X1500'), ('main', 337, True, 'X1516'), ('main', 338, True, 'X1500'),
    ('main', 339, True, None), ('main', 340, True, 'X1500'), ('main', 341, True, 'X1500'),
    ('main', 342, True, 'X1500'), ('main', 343, True, None), ('main', 344, True, 'X1516'),
    ('main', 345, True, 'X1500'), ('main', 346, True, 'X1500'), ('main', 347, True, 'X1500'),
    ('main', 348, True, 'X1516'), ('main', 349, True, 'X1500'), ('main', 350, True, 'X1500'),
    ('main', 351, True, None), ('main', 352, True, 'X1500'), ('main', 353, True, 'X1500'),
    ('main', 354, True, 'X1500'), ('main', 355, True, 'X1516'), ('main', 356, True, 'X1500'),
    ('main', 357, True, None), ('main', 358, True, 'X1516'), ('main', 359, True, 'X1516'), ('main', 360, True, None),
    ('main', 361, True, 'X1500'), ('main', 362, True, 'X1500'), ('main', 363, True, 'X1500'),
    ('main', 364, True, 'X1500'), ('main', 365, True, 'X1500'), ('main', 366, True, 'X1516'),
    ('main', 367, True, 'X1500'), ('main', 368, True, 'X1500'), ('main', 369, True, 'X1500'),
    ('main', 370, True, 'X1500'), ('main', 371, True, 'X1500'), ('main', 372, True, 'X1500'),
    ('main', 373, True, 'X1500'), ('main', 374, True, 'X1500'), ('main', 375, True, 'X1500'),
    ('main', 376, True, 'X1500'), ('main', 377, True, 'X1516'), ('main', 378, True, 'X1516'),
    ('main', 379, True, 'X1500'), ('main', 380, True, 'X1500'), ('main', 381, True, 'X1500'),
    ('main', 382, True, 'X1500'), ('main', 383, True, 'X1500'), ('main', 384, True, 'X1500'),
    ('main', 385, True, None), ('main', 386, True, 'X1500'), ('main', 387, True, 'X1500'),
    ('main', 388, True, 'X1516'), ('main', 389, True, 'X1516'), ('main', 390, True, 'X1515'),
    ('main', 391, True, 'X1500'), ('main', 392, True, None), ('main', 393, True, 'X1500'),
    ('main', 394, True, 'X1516'), ('main', 395, True, 'X1516'), ('main', 396, True, 'X1500'),
    ('main', 397, True, 'X1500'), ('main', 398, True, 'X1516'), ('main', 399, True, 'X1500'),
    ('var', 0, True, 'X1500'), ('var', 1, True, 'X1500'), ('var', 2, True, 'X1500'), ('var', 3, True, 'X1500'),
    ('var', 4, True, 'X1500'), ('var', 5, True, 'X1500'), ('var', 6, True, 'X1500'), ('var', 7, True, 'X1500'),
    ('var', 8, True, 'X1500'), ('var', 9, True, 'X1500'), ('var', 10, True, 'X1500'), ('var', 11, True, 'X1500'),
    ('var', 12, True, 'X1500'), ('var', 13, True, 'X1500'), ('var', 14, True, 'X1500'), ('var', 15, True, 'X1500'),
    ('var', 16, True, 'X1500'), ('var', 17, True, 'X1500'), ('var', 18, True, 'X1500'), ('var', 19, True, 'X1500'),
    ('var', 20, True, 'X1500'), ('var', 21, True, 'X1500'), ('var', 22, True, 'X1500'), ('var', 23, True, 'X1500'),
    ('var', 24, True, 'X1500'), ('var', 25, True, 'X1500'), ('var', 26, True, 'X1500'), ('var', 27, True, 'X1500'),
    ('var', 28, True, 'X1500'), ('var', 29, True, 'X1500'), ('var', 30, True, 'X1500'), ('var', 31, True, 'X1500'),
    ('var', 32, True, 'X1500'), ('var', 33, True, 'X1500'), ('var', 34, True, 'X1500'), ('var', 35, True, 'X1500'),
    ('var', 36, True, 'X1500'), ('var', 37, True, 'X1500'), ('var', 38, True, 'X1500'), ('var', 39, True, 'X1500'),
    ('var', 40, True, 'X1500'), ('var', 41, True, 'X1500'), ('var', 42, True, 'X1500'), ('var', 43, True, 'X1500'),
    ('var', 44, True, 'X1500'), ('var', 45, True, 'X1500'), ('var', 46, True, 'X1500'), ('var', 47, True, 'X1500'),
    ('var', 48, True, 'X1500'), ('var', 49, True, 'X1500'), ('var', 50, True, 'X1500'), ('var', 51, True, 'X1500'),
    ('var', 52, True, 'X1500'), ('var', 53, True, 'X1500'), ('var', 54, True, 'X1500'), ('var', 55, True, 'X1500'),
    ('var', 56, True, 'X1500'), ('var', 57, True, 'X1500'), ('var', 58, True, 'X1500'), ('var', 59, True, 'X1500'),
]


def ours(src: str) -> tuple[bool, str | None, str | None]:
    """(S_OK?, the first error number, the output's tokens when there is no error) from this project's D3DPreprocess."""
    msgs: list = []
    try:
        blob = D3DPreprocess(src, None, "t.hlsl", None, MemoryInclude({}), msgs)
    except ShaderCompileError as exc:
        m = re.search(r": error(?: (X\d+))?:", exc.errors)
        return False, (m.group(1) or "X?") if m else "X?", None
    text = "".join(bytes(m).decode() for m in msgs)
    m = re.search(r": error(?: (X\d+))?:", text)
    if m:
        return True, m.group(1) or "X?", None
    out = bytes(blob).decode()
    toks = " ".join(t for ln in out.splitlines() if not ln.startswith("#line") for t in tokenize_line(ln)
                    if not t.isspace())
    return True, None, toks


def _same_error(mine: str | None, fxc: str | None) -> bool:
    # fxc's #error message has no number ("error: text"), as this project's since session 38 (X1003 before, still
    # the strict C99 mode's)
    return mine == fxc or (fxc == "X?" and mine == "X1003")


@pytest.mark.parametrize(("src", "hr_ok", "error", "tokens"), ROWS)
def test_recorded_preprocess_answer(src, hr_ok, error, tokens):
    got_ok, got_error, got_tokens = ours(src)
    assert got_ok == hr_ok
    assert (got_error is None) == (error is None), (got_error, error)
    assert _same_error(got_error, error)
    if tokens is not None:
        assert got_tokens == tokens


@pytest.mark.parametrize(("kind", "seed", "hr_ok", "error"), GENERATED)
def test_recorded_generated_verdicts(kind, seed, hr_ok, error):
    src = (pp_diff.generate if kind == "main" else pp_diff.generate_variadic)(seed)
    got_ok, got_error, _ = ours(src)
    assert got_ok == hr_ok
    assert (got_error is None) == (error is None), (got_error, error)


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None, reason="no live d3dcompiler_47 (Wine)")
def test_recorded_rows_against_the_live_dll():
    real = wine_d3dcompiler.shared()
    for src, hr_ok, error, _tokens in ROWS:
        r = real.preprocess(src, name="t.hlsl")
        m = re.search(r": error(?: (X\d+))?:", r.messages)
        assert r.ok == hr_ok and ((m.group(1) or "X?") if m else None) == error, src


def test_pp_diff_fxc_measures_with_a_recorded_answer():
    """tools/pp_diff.py --fxc's comparison, given one of the answers recorded above in place of the live DLL."""
    from pyd3d11.tools.wine_d3dcompiler import Result

    class Recorded:
        def __init__(self, hr: int, text: bytes, messages: bytes):
            self.answer = Result(hr, text, messages)

        def preprocess(self, src, name=""):
            return self.answer

    ok = Recorded(0, b'#line 1 "t.hlsl"\n\n[ 1 | 2 ] \n\0', b"")
    assert pp_diff.compare_fxc("#define C ,\n#define F(x,y) [x|y]\nF(1 C 2)\n", ok, "t.hlsl") == {
        "verdict": True, "hr": True, "tokens": True, "text": False}
    failed = Recorded(0, b"", b"t.hlsl(2,1): error X1516: not enough actual parameters for macro 'F'\n")
    assert pp_diff.compare_fxc("#define F(x) [x]\nF()\n", failed, "t.hlsl") == {
        "verdict": True, "hr": True, "first error": True}
    assert pp_diff.compare_fxc("#define F(x) [x]\nF(1)\n", failed, "t.hlsl")["verdict"] is False
