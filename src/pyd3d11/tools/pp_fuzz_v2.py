"""The second grammar of the preprocessor fuzzer (``python -m pyd3d11.tools.pp_fuzz FIRST COUNT --grammar 2``, issue 15,
session 39): the first grammar's programs (``pp_fuzz._Gen``, whose seeds keep their programs) widened where they were
narrow. The forms come from the HLSL preprocessor reference's directive pages (#include, #line, #pragma, #define,
#if) and from what C leaves to the implementation:

- ``#include`` through D3D_COMPILE_STANDARD_FILE_INCLUDE over a folder (the D3DCompile page: files "relative to the
  directory of the initial source file"): nested includes, a sub-folder whose own include names a file of the
  source's folder, ``../``, a backslash, a name a macro gives, a file marked ``#pragma once`` included again;
- ``#line`` with odd operands (0, 4294967295, ``0X10``, a name a macro gives, a token after the number, an empty
  or escaped file name);
- ``#pragma`` forms: ``pack_matrix`` spelled with blanks or by a macro, ``warning`` with several numbers and each
  specifier, ``message`` with several strings, ``once``, ``def`` with hexadecimal, signed and suffixed values;
- directives inside a macro's arguments (``#ifdef``, ``#else``, ``#pragma``, ``#line``, ``#undef`` of the macro
  being invoked);
- macros named as HLSL keywords, intrinsics and types (``sin``, ``max``, ``half``, ``true``, ``float``), used;
- ``defined`` that an expansion produces (``#define D defined(O1)``, ``#define DF(x) defined(x)``);
- ``#if`` on character constants of every length and escape and on numbers past 32 and 64 bits, ``0X`` spellings;
- a program that ends inside a string, a comment, a conditional, an argument list or ``#if F``;
- ``__LINE__`` in invocations over several lines, glued numbers in replacement lists (``1x``, ``0x.5``, ``1.5e+``).
"""

from __future__ import annotations

import os

from .pp_fuzz import INCLUDE_FILES, _Gen

#: the source's folder holds INCLUDE_FILES and these; ``up.h`` lies one folder above it (``../up.h``)
INCLUDE_FILES_V2 = {
    **INCLUDE_FILES,
    "e.h": "#define EH 5\n",
    "sub/d.h": "#include \"e.h\"\nv += EH;\n",  # (the standard include opens the source folder's e.h)
    "sub/e.h": "#define EH 7\n",
    "once.h": "#pragma once\n#define ONCE_N 2\nv += ONCE_N;\n",
    "big.h": "#define BIG 99999999999999999999\n",
    "deep.h": "#include \"n.h\"\n#include \"sub/d.h\"\n",
}
UP_FILE = "#define UP 9\n"

#: HLSL names defined as macros and a use of each that still compiles in a pixel shader
_KEYWORD_MACROS = [
    ("#define sin(x) (x)", "v += sin(1.0);"),
    ("#define max(a, b) ((a) > (b) ? (a) : (b))", "v += max(1, 2);"),
    ("#define half float", "half h = 1; v += h;"),
    ("#define true 1", "v += true;"),
    ("#define abs(x) x", "v += abs(-2);"),
    ("#define float4 float4", "v += (float4)1;"),
    ("#define lerp(a, b, t) ((a) + (t) * ((b) - (a)))", "v += lerp(1, 2, 0.5);"),
    ("#define uint int", "uint u = 3; v += u;"),
    ("#define return return", "if (v > 100) return v;"),
    ("#define saturate(x) x\n#define clamp(x, a, b) saturate(x)", "v += clamp(2, 0, 1);"),
]


class Gen2(_Gen):
    """A program of the second grammar (deterministic per seed)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.extra_uses: list[str] = []

    # --- pieces -----------------------------------------------------------------------------------------------
    def number(self) -> str:
        if self.r.random() < 0.15:
            return self.pick("18446744073709551615", "18446744073709551616", "99999999999999999999", "0X10",
                             "0x10000000000000000", "0xFFFFFFFFFFFFFFFF", "02000000000000000000000", "0x.5", "1x",
                             "1.5e+", "4294967295u", "0x00000000000000000001")
        return super().number()

    def cond_atom(self) -> str:
        r = self.r.random()
        if r < 0.12:
            return self.pick("'ab'", "'''", "'\\x41'", "'\\101'", "'\\''", "''", "' '", "'\\\\'", "'\\q'", "'abcde'")
        if r < 0.2:
            return self.pick("18446744073709551617", "0x10000000000000001", "4294967296", "0X10", "99999999999999999999",
                             "4294967295", "0xFFFFFFFF", "2147483648")
        if r < 0.28:
            return self.pick("DEFD", "DEFF(O1)", "DEFF(nope)", "DEFN O2", "!DEFD", "DEFF(F1) && 1")
        return super().cond_atom()

    def cond_expr(self, depth: int = 0) -> str:
        if self.sane and self.r.random() < 0.15:
            return self.pick("DEFD", "DEFF(O1)", "'a' == 97", "''' == 39", "18446744073709551617 == 1", "0x7FFFFFFF")
        return super().cond_expr(depth)

    def arg(self, depth: int) -> str:
        if self.r.random() < 0.06:
            inner = self.pick("#ifdef O1\n1\n#else\n2\n#endif", "#pragma message(\"in\")\n3", "#line 90\n__LINE__",
                              "#undef O2\n4", "#define O3 8\nO3", "#if 0\n5\n#endif\n6", "#pragma pack_matrix(row_major)\n7")
            return "\n" + inner + "\n"
        if self.r.random() < 0.05:
            return "__LINE__\n" + self.pick("", "\n", "\n\n") + "__LINE__" if not self.sane else "__LINE__\n"
        return super().arg(depth)

    def body(self, params: list[str]) -> str:
        if not self.sane and self.r.random() < 0.1:
            glued = self.pick("1x", "0x.5", "1.5e+", "09x", "1uu", "0X1", "1.x", ".5x")
            return (super().body(params) + " " + glued).strip()
        return super().body(params)

    def statement(self) -> str:
        r = self.r.random()
        if r < 0.08:
            name = self.pick("F1", "F2") if self.sane else self.pick("F1", "F2", "XS", "CAT")
            n = {"F1": 1, "F2": 2, "XS": 1, "CAT": 2}[name]
            args = [self.pick("__LINE__", "__LINE__\n", "\n__LINE__", "1") for _ in range(n)]
            return f"v += {name}({', '.join(args)});"
        if r < 0.12 and self.extra_uses:
            return self.r.choice(self.extra_uses)
        return super().statement()

    def directive(self, depth: int) -> list[str]:
        r = self.r.random()
        if r < 0.1:
            return self._include()
        if r < 0.17:
            return [self._line()]
        if r < 0.26:
            return [self._pragma()]
        if r < 0.3 and self.code:
            define, use = self.r.choice(_KEYWORD_MACROS)
            self.extra_uses.append(use)
            return define.split("\n") + ([] if self.r.random() < 0.3 else ["    " + use])
        return super().directive(depth)

    def _include(self) -> list[str]:
        names = ["m.h", "e.h", "big.h"] if not self.code else ["m.h", "e.h", "sub/d.h", "once.h", "deep.h", "n.h",
                                                              "../up.h", "big.h", "sub\\d.h", "./s.h"]
        name = self.r.choice(names)
        if self.r.random() < 0.2:
            return [f'#define INC "{name}"', "#include INC"]
        if self.r.random() < 0.15 and not self.sane:
            return [self.pick(f"#include <{name}>", f'#include "{name}" // c', f'#  include  "{name}"',
                              f'#include "{name}" 99999999999999999999')]
        return [f'#include "{name}"']

    def _line(self) -> str:
        return self.pick("#line 0", "#line 4294967295", "#line 0X10", "#line 5 x", "#line 7 6", '#line 3 ""',
                         '#line 12 "dir\\\\f.h"', '#line 8 "a.h" x', "#define LN 70\n#line LN", "#line 1",
                         '#line 2 "t.hlsl"', "#line 0x10", "#line 5 'c'")

    def _pragma(self) -> str:
        return self.pick("#pragma pack_matrix( row_major )", "#pragma pack_matrix (column_major)",
                         "#define PM row_major\n#pragma pack_matrix(PM)", "#pragma warning(disable: 3206 3556)",
                         "#pragma warning(once: 3205)", "#pragma warning(default: 3206)",
                         "#pragma warning(error: 3206)", "#pragma warning(disable: 3206; once: 3205)",
                         '#pragma message("a" "b")', '#pragma message ("hi")', "#pragma once",
                         "#pragma def(ps_4_0, c0, 0x10, -2, 1.5f, 3u)", "#pragma def(vs_2_0, c5, 1, 2, 3, 4)",
                         "#pragma pack_matrix(99)", "#pragma warning(push)\n#pragma warning(pop)",
                         "#pragma", "#pragma PM")

    def program(self) -> str:
        head = ["#define DEFD defined(O1)", "#define DEFF(x) defined(x)", "#define DEFN defined"]
        text = super().program()
        text = "\n".join(head) + "\n" + text
        r = self.r.random()
        if r < 0.12 and not self.sane:
            # a program that ends inside something (no new-line after it, or one)
            text += self.pick('"open', "/* open", "#if 1\nv", "F2(1,", "'a", "#if F1", "#define Q \"x",
                              "#if 0\n", "#ifdef O1", "v += XS(a\n") + self.pick("", "\n")
        return text


def generate2(seed: int) -> str:
    """The random program of ``seed`` in the second grammar (deterministic)."""
    return Gen2(seed).program()


def write_files(folder: str) -> str:
    """The include files of the second grammar under ``folder`` (the source's folder is ``folder/src``); returns the
    source's path."""
    src = os.path.join(folder, "src")
    for fname, text in INCLUDE_FILES_V2.items():
        path = os.path.join(src, *fname.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", newline="") as f:
            f.write(text)
    with open(os.path.join(folder, "up.h"), "w", newline="") as f:
        f.write(UP_FILE)
    return os.path.join(src, "t.hlsl")
