"""A preprocessor fuzzer judged by Microsoft's own compiler (issue 15): random programs of fxc's directives and
macro forms, each a pixel shader when it expands sensibly, run through the real d3dcompiler_47.dll (under Wine,
``tools/wine_d3dcompiler.py``) and through this project's D3DPreprocess and D3DCompile.

``pp_diff --fxc`` reuses a generator written for GCC's cpp and so stays inside C99; this one reaches what only fxc
decides: ``#@``, ``#include`` through an ID3DInclude (the DLL's standard file include over files written to a
folder; an in-memory handler here), ``#error``, ``#pragma``, ``#line`` with names, ``#if`` arithmetic that
overflows 32 bits, divides by zero, shifts, compares unsigned values and reads character constants, invocations
with too many or too few arguments, empty arguments, strings with quotes and backslashes stringized, comments and
line splices at any token boundary, argument lists spanning lines and directives. The D3DPreprocess page
(MicrosoftDocs win32 ``d3dcompiler/nf-d3dcompiler-d3dpreprocess``) names the text's ``#line`` markers and no more;
the #define, #if, #line, #include, #error and #pragma pages of the HLSL preprocessor reference give the directive
forms the grammar draws from.

Per program: D3DPreprocess's HRESULT, its first error number where both fail, its text byte for byte and as
tokens where both succeed; D3DCompile's verdict (ps_4_0, entry ``main``) and its first error number where both
fail.

    python -m pyd3d11.tools.pp_fuzz [first] [count] [-v] [--dump DIR] [--grammar 2]

prints agree / total per measure; ``-v`` lists the disagreeing seeds, ``--dump DIR`` writes each disagreeing
program with both answers (for clustering). ``--grammar 2`` draws the programs from the wider grammar of
``pp_fuzz_v2`` (session 39: includes through D3D_COMPILE_STANDARD_FILE_INCLUDE on both sides, odd ``#line`` and
``#pragma`` forms, directives among arguments, keyword-named macros, ...); the default keeps each seed's program.
"""

from __future__ import annotations

import os
import random
import re
import sys
import tempfile

#: the include files every program may name (a missing name is the open failure X1507)
INCLUDE_FILES = {
    "m.h": "#define IA(x) ((x) + 1)\n#define IB 3\n",
    "s.h": "v += IB;\n",
    "c.h": "#if defined(IB)\nv += 2;\n#else\nv -= 2;\n#endif\n",
    "o.h": "#if 1\nv += 1;\n",  # leaves its group open: X1502 at its end
    "n.h": "#include \"m.h\"\nv += IA(2);\n",
}


class _Gen:
    """One program of ``seed``: macro definitions, conditional nests and statements of a pixel shader."""

    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.objs = ["O0", "O1", "O2", "O3"]
        self.funcs = {"F0": 0, "F1": 1, "F2": 2, "F3": 3, "G1": 1}
        self.line = 0
        # half the programs keep to forms that expand to expressions: most of those compile
        self.sane = self.r.random() < 0.5
        if self.sane:
            del self.funcs["F0"]  # (a list of no parameters is fxc's X1500)

    def pick(self, *items, w=None):
        return self.r.choices(items, weights=w)[0] if w else self.r.choice(items)

    # --- pieces -----------------------------------------------------------------------------------------------
    def number(self) -> str:
        return self.pick("0", "1", "2", "7", "10", "255", "0x10", "010", "1u", "3U", "2l", "1.5", ".5f", "1e2",
                         "0xFFFFFFFF", "2147483647", "2147483648", "4294967296", "1.5h", "08")

    def gap(self) -> str:
        """White space between two tokens: blanks, comments, a splice, rarely a comment over lines."""
        return self.pick(" ", "", "  ", "/**/", " /* c */ ", "\t", "\\\n", " /* a\nb */ ",
                         w=[40, 25, 5, 6, 6, 4, 5, 2])

    def sane_expr(self, params: list[str], depth: int = 0) -> str:
        """An expression of numbers, parameters and invocations with the right argument counts."""
        r = self.r.random()
        if depth > 2 or r < 0.35:
            if params and self.r.random() < 0.6:
                return "(" + self.r.choice(params) + ")"
            return self.pick("1", "2", "0x10", "3u", "1.5", "7", "010", "'a'", "__LINE__")
        if r < 0.55:
            name = self.r.choice(list(self.funcs))
            args = [self.sane_expr(params, depth + 1) for _ in range(self.funcs[name])]
            return f"{name}({', '.join(args)})"
        if r < 0.62:
            return self.r.choice(self.objs)
        if r < 0.7:
            return f"XCAT({self.pick('1', '2', '0x')}, {self.pick('0', '1', '5')})"
        return f"({self.sane_expr(params, depth + 1)} {self.pick('+', '-', '*')} {self.sane_expr(params, depth + 1)})"

    def arg_atom(self, depth: int) -> str:
        if self.sane:
            return self.sane_expr([], depth + 1)
        r = self.r.random()
        if r < 0.3:
            return self.number()
        if r < 0.45 and depth < 3:
            return self.invocation(depth + 1)
        if r < 0.55:
            return self.r.choice(self.objs)
        if r < 0.62:
            return self.pick('"s"', r'"a\"b"', r'"\\"', "'a'", r"'\''", "'\"'", r'"x\\y"', r"'\n'")
        if r < 0.7:
            return "(" + self.arg_atom(depth + 1) + ", " + self.arg_atom(depth + 1) + ")"
        if r < 0.76:
            return self.pick("F1", "F2", "G1", "S", "CH")  # a function-like name as an argument
        return self.arg_atom(depth + 1) + self.pick(" + ", "*", " - ", "-") + self.number()

    def arg(self, depth: int) -> str:
        if self.sane:
            return self.sane_expr([], depth) + ("\n" if self.r.random() < 0.05 else "")
        if self.r.random() < 0.1:
            return self.pick("", " ")  # an empty argument
        s = self.arg_atom(depth)
        if self.r.random() < 0.06:
            s = s + "\n"  # the list goes on over a line
        if self.r.random() < 0.03:
            s = s + "\n" + self.pick("#define O3 4", "#undef O1", "#if 1", "#endif") + "\n"
        return s

    def invocation(self, depth: int = 0) -> str:
        if self.sane:
            return self.sane_expr([], max(depth, 1) - 1) if depth else self.sane_expr([], 0)
        name = self.r.choice(list(self.funcs) + ["S", "XS", "CH", "CAT", "XCAT"])
        n = {"S": 1, "XS": 1, "CH": 1, "CAT": 2, "XCAT": 2}.get(name, self.funcs.get(name, 0))
        k = n if self.r.random() < 0.9 else max(0, n + self.pick(-1, 1, 2))
        args = [self.arg(depth) for _ in range(k)]
        return name + self.pick("", "", " ", "/**/", "\n") + "(" + self.pick(",", ", ", " ,").join(args) + ")"

    def body(self, params: list[str]) -> str:
        if self.sane:
            return self.sane_expr(params)
        toks: list[str] = []
        for _ in range(self.r.randrange(0, 6)):
            r = self.r.random()
            if params and r < 0.3:
                toks.append(self.r.choice(params))
            elif params and r < 0.36:
                toks.append(self.pick("#", "# ", "#@") + self.r.choice(params))
            elif r < 0.46 and toks:
                left = toks.pop()
                right = self.r.choice(params + ["1", "x", "O0", "F1"]) if params else self.pick("1", "x", "O0")
                toks.append(left + self.pick(" ## ", "##") + right)
            elif r < 0.58:
                toks.append(self.pick("+", "-", "*", "/", "(", ")", ",", "(1)", "|", "<<"))
            elif r < 0.72:
                toks.append(self.r.choice(self.objs + list(self.funcs)))  # nested, maybe recursive
            elif r < 0.8:
                toks.append(self.invocation(2).replace("\n", " "))
            else:
                toks.append(self.number())
        return " ".join(toks)

    def define(self) -> str:
        return self.define_named(self.r.choice(self.objs) if self.r.random() < 0.4 else
                                 self.r.choice(list(self.funcs)))

    def define_named(self, name: str) -> str:
        if name in self.objs:
            return f"#define {name} {self.body([])}"
        params = ["a", "b", "c"][:self.funcs[name]]
        sp = self.pick("", "", " ")
        return f"#{sp}define {name}({self.pick(',', ', ').join(params)}) {self.body(params)}"

    def cond_atom(self) -> str:
        r = self.r.random()
        if r < 0.35:
            return self.number().replace("1.5h", "1").replace(".5f", "5").replace("1.5", "3").replace("1e2", "4")
        if r < 0.55:
            name = self.r.choice(self.objs + list(self.funcs) + ["IB", "IA", "nope", "__LINE__"])
            return self.pick(f"defined {name}", f"defined({name})", f"defined ( {name} )", f"!defined {name}")
        if r < 0.7:
            return self.r.choice(self.objs + ["nope", "__LINE__", "IB"])
        if r < 0.8:
            return self.pick("'a'", "'\\n'", "'\\x41'", "'ab'", "'\\0'", "'\\377'", "'Z'")
        return self.invocation(2).replace("\n", " ")

    def cond_expr(self, depth: int = 0) -> str:
        r = self.r.random()
        if self.sane:
            if depth > 2 or r < 0.4:
                return self.pick("0", "1", "2u", "0x10", "'a'", "defined(O1)", "defined F2", "!defined(IB)", "nope",
                                 "__LINE__", "(1 ? 2 : 3)", "4294967295", "2147483647", "-1")
            op = self.pick("+", "-", "*", "/", "<", ">", "<=", ">=", "==", "!=", "&", "|", "^", "&&", "||")
            return f"({self.cond_expr(depth + 1)} {op} {self.cond_expr(depth + 1)})".replace("/ 0)", "/ 1)")
        if depth > 2 or r < 0.3:
            return self.cond_atom()
        if r < 0.4:
            return self.pick("!", "-", "~", "+") + self.cond_expr(depth + 1)
        if r < 0.47:
            return f"({self.cond_expr(depth + 1)} ? {self.cond_expr(depth + 1)} : {self.cond_expr(depth + 1)})"
        op = self.pick("+", "-", "*", "/", "%", "<<", ">>", "<", ">", "<=", ">=", "==", "!=", "&", "|", "^",
                       "&&", "||")
        return f"({self.cond_expr(depth + 1)} {op} {self.cond_expr(depth + 1)})"

    def conditional(self, depth: int) -> list[str]:
        r = self.r.random()
        if r < 0.2:
            head = f"#ifdef {self.r.choice(self.objs + list(self.funcs))}"
        elif r < 0.3:
            head = f"#ifndef {self.r.choice(self.objs + list(self.funcs))}"
        else:
            head = f"#if {self.cond_expr()}"
        out = [head] + self.block(depth + 1, 2, self.code)
        for _ in range(self.r.randrange(0, 3)):
            out += [f"#elif {self.cond_expr()}"] + self.block(depth + 1, 2, self.code)
        if self.r.random() < 0.4:
            out += ["#else"] + self.block(depth + 1, 2, self.code)
        if self.r.random() < 0.03:
            out.append(self.pick("#elif 1", "#else"))  # after #else
        if self.r.random() < 0.98:
            out.append(self.pick("#endif", "#endif", "#endif // x", "#endif x" if not self.sane else "#endif"))
        return out

    def statement(self) -> str:
        r = self.r.random()
        if r < 0.55:
            expr = self.gap().join(self.invocation() if self.r.random() < 0.7 else self.arg_atom(1)
                                   for _ in range(self.r.randrange(1, 3)))
            return f"v += {expr};"
        if r < 0.65:
            return f"v += {self.r.choice(self.objs)}{self.gap()};"
        if r < 0.72:
            if self.sane:
                return self.pick("v += __LINE__;", "v += F1(__LINE__);", "v += CH(a);")
            return self.pick("v += __LINE__;", "v += F1(__LINE__);", "v += XS(__FILE__)[0] == 0;",
                             "v += S(__LINE__)[0] == 0;")
        return f"v {self.gap()}+={self.gap()}{self.arg_atom(0)}{self.gap()};"

    def directive(self, depth: int) -> list[str]:
        r = self.r.random()
        if self.sane and 0.8 <= r < 0.86:
            r = 0.9  # no error directives
        if r < 0.35:
            return [self.define()]
        if r < 0.45:
            name = self.r.choice(self.objs + list(self.funcs) + ['S'])
            if self.sane:  # defined again at once: the statements name it
                return [f"#undef {name}", self.define_named(name) if name != "S" else "#define S(x) #x"]
            return [f"#undef {name}"]
        if r < 0.55:
            return [self.pick("#line 40", '#line 7 "x.h"', "#line 0x20", "#line 5 \"a\\\\b.hlsl\"", "#line 1 x",
                              "#line", "#line 010")]
        if r < 0.67 and self.sane:
            return [self.pick("#pragma pack_matrix(row_major)", "#pragma warning(disable: 3206)", "#pragma once",
                              '#pragma message("hi")', "#pragma pack_matrix(column_major)")]
        if r < 0.67:
            return [self.pick("#pragma pack_matrix(row_major)", "#pragma warning(disable: 3206)", "#pragma once",
                              "#pragma foo bar", "#pragma def(ps_4_0, c0, 1, 2, 3, 4)", '#pragma message("hi")',
                              "#pragma pack_matrix(column_major) x", "#pragma warning(push)", "#pragma")]
        if r < 0.8:
            name = self.pick("m.h", "s.h", "c.h", "n.h", "o.h", "none.h", w=[4, 4, 3, 3, 0, 0] if self.sane else
                             [4, 4, 3, 3, 1, 1])
            if not self.code:
                name = "m.h"  # (the others hold statements)
            if self.sane:
                return [f'#include "{name}"']
            return [self.pick(f'#include "{name}"', f"#include <{name}>", f'#include"{name}"',
                              f'#include "{name}" x', w=[8, 2, 1, 1])]
        if r < 0.83:
            return [self.pick("#error stop here", '#error "quoted"', "#error")]
        if r < 0.86:
            return [self.pick("#", "# /* c */", "#foo", "#ifdef", "#if", "#elif 1", "#endif", "#define",
                              "#define 1", "#define F(a, a) a", "#define F(a", "#undef 1")]
        if depth < 3:
            return self.conditional(depth)
        return [self.define()]

    def block(self, depth: int, n: int, code: bool = True) -> list[str]:
        out: list[str] = []
        for _ in range(self.r.randrange(1, n + 1)):
            self.line += 1
            if not code and self.r.random() < 0.2:
                out.append(f"float n{self.line} < string s = {self.pick('S', 'XS')}({self.arg(2)}); > = 1;")
            elif not code or self.r.random() < 0.5:
                out += self.directive(depth)
            else:
                out.append(self.statement())
        if self.r.random() < 0.2:
            out.append("")  # blank lines shape the text
        return out

    def program(self) -> str:
        lines = ["#define S(x) #x", "#define XS(x) S(x)", "#define CH(x) #@x", "#define CAT(a, b) a ## b",
                 "#define XCAT(a, b) CAT(a, b)"]
        if self.sane:  # every name defined ahead of its use
            lines += [self.define_named(n) for n in self.objs + list(self.funcs)]
        for _ in range(self.r.randrange(2, 6)):
            lines.append(self.define())
        self.code = False  # ahead of main: directives alone
        head = self.block(0, 4, False)
        self.code = True
        # the error directives stay rare outside a skipped group: most programs should reach the compiler
        lines += [ln for ln in head if not ln.startswith("#error") or self.r.random() < 0.3]
        lines += ["float4 main() : SV_Target", "{", "    float v = 0;"]
        for ln in self.block(0, 10):
            lines.append(ln if ln.startswith("#") or ln.startswith("float ") else "    " + ln)
        lines += ["    return v;", "}"]
        text = "\n".join(lines) + self.pick("\n", "\n", "\n", "", "\n\n")
        return text


def generate(seed: int) -> str:
    """The random program of ``seed`` (deterministic)."""
    return _Gen(seed).program()


class _Files:
    """This project's ID3DInclude over INCLUDE_FILES (a missing name fails to open, as the DLL's does)."""

    def Open(self, kind, name, parent):  # noqa: N802
        if name not in INCLUDE_FILES:
            raise FileNotFoundError(name)
        return INCLUDE_FILES[name].encode()

    def Close(self, data):  # noqa: N802
        pass


def _first_error(messages: str) -> str | None:
    m = re.search(r"error (X\d+)", messages)
    return m.group(1) if m else ("error" if "error" in messages else None)


def ours(src: str, name: str, include: object = None) -> dict:
    """This project's D3DPreprocess and D3DCompile answers (``include``: the ID3DInclude, INCLUDE_FILES by default)."""
    from ..errors import D3D11Error
    from ..shader.compile_api import D3DCompile, D3DPreprocess

    out: dict = {}
    msgs: list = []
    try:
        blob = D3DPreprocess(src, None, name, None, include or _Files(), msgs)
        out["pp_ok"], out["text"] = True, bytes(blob).rstrip(b"\0").decode("latin-1")
    except D3D11Error:
        out["pp_ok"], out["text"] = False, ""
    out["pp_msgs"] = "".join(bytes(m).decode("latin-1") for m in msgs)
    msgs = []
    try:
        D3DCompile(src, None, name, None, include or _Files(), "main", "ps_4_0", 0, 0, msgs)
        out["c_ok"] = True
    except D3D11Error:
        out["c_ok"] = False
    except Exception as exc:  # noqa: BLE001 -- an internal error is a disagreement to report, not a crash
        out["c_ok"] = None
        msgs.append(f"internal: {type(exc).__name__}: {exc}".encode())
    out["c_msgs"] = "".join(bytes(m).decode("latin-1") for m in msgs)
    return out


def theirs(src: str, real, name: str) -> dict:
    """The DLL's answers (``name`` a Windows path in the folder holding INCLUDE_FILES)."""
    p = real.preprocess(src, name=name)
    c = real.compile(src, "ps_4_0", "main", name=name)
    return {"pp_ok": p.ok, "text": p.blob.rstrip(b"\0").decode("latin-1") if p.ok else "", "pp_msgs": p.messages,
            "c_ok": c.ok, "c_msgs": c.messages}


def compare(mine: dict, ref: dict) -> dict[str, bool]:
    """{measure: agreed} for the measures that apply to one program."""
    from .pp_diff import tokens

    res = {"pp hr": mine["pp_ok"] == ref["pp_ok"], "compile verdict": mine["c_ok"] == ref["c_ok"]}
    pe_m, pe_r = _first_error(mine["pp_msgs"]), _first_error(ref["pp_msgs"])
    res["pp error"] = pe_m == pe_r
    if mine["pp_ok"] and ref["pp_ok"] and pe_r is None and pe_m is None:
        res["text"] = mine["text"] == ref["text"]
        res["tokens"] = tokens(mine["text"].replace("\\\n", "")) == tokens(ref["text"].replace("\\\n", ""))
    if mine["c_ok"] is False and ref["c_ok"] is False:
        res["compile error"] = _first_error(mine["c_msgs"]) == _first_error(ref["c_msgs"])
    return res


def run(first: int, count: int, verbose: bool = False, dump: str | None = None,
        grammar: int = 1) -> dict[str, list[int]]:
    """Compare seeds first..first+count-1; prints and returns {measure: [agreed, total]}."""
    from .wine_d3dcompiler import WineD3DCompiler, windows_path

    folder = tempfile.mkdtemp(prefix="pp_fuzz_")
    make, include, our_name = generate, None, None
    if grammar == 2:
        from ..headers.d3dcompiler_types import D3D_COMPILE_STANDARD_FILE_INCLUDE
        from .pp_fuzz_v2 import generate2, write_files

        # both sides read the same files through the standard include; this side names the source by its POSIX
        # path, which fxc's text spells on Wine's Z: drive as the DLL's name is (pptext.full_path)
        make, include = generate2, D3D_COMPILE_STANDARD_FILE_INCLUDE
        our_name = write_files(folder)
        name = windows_path(our_name)
    else:
        for fname, text in INCLUDE_FILES.items():
            with open(os.path.join(folder, fname), "w", newline="") as f:
                f.write(text)
        name = windows_path(os.path.join(folder, "t.hlsl"))
    totals: dict[str, list[int]] = {}
    bad: dict[str, list[int]] = {}
    with WineD3DCompiler() as real:
        for seed in range(first, first + count):
            src = make(seed)
            ref = theirs(src, real, name)
            mine = ours(src, our_name or name, include)
            res = compare(mine, ref)
            for k, v in res.items():
                t = totals.setdefault(k, [0, 0])
                t[0] += v
                t[1] += 1
                if not v:
                    bad.setdefault(k, []).append(seed)
            if dump and not all(res.values()):
                with open(os.path.join(dump, f"{seed}.txt"), "w") as f:
                    f.write(f"== {sorted(k for k, v in res.items() if not v)}\n== source\n{src}\n"
                            f"== fxc pp {ref['pp_ok']} {ref['pp_msgs']}\n{ref['text']}\n"
                            f"== ours pp {mine['pp_ok']} {mine['pp_msgs']}\n{mine['text']}\n"
                            f"== fxc compile {ref['c_ok']} {ref['c_msgs']}\n"
                            f"== ours compile {mine['c_ok']} {mine['c_msgs']}\n")
    for k in ("pp hr", "pp error", "text", "tokens", "compile verdict", "compile error"):
        if k in totals:
            agreed, n = totals[k]
            print(f"{k}: {agreed}/{n} agree" + (f"; disagree: {bad[k][:30]}" if verbose and k in bad else ""))
    return totals


def main(argv: list[str]) -> int:
    dump = None
    if "--dump" in argv:
        k = argv.index("--dump")
        dump = argv[k + 1]
        del argv[k:k + 2]
        os.makedirs(dump, exist_ok=True)
    grammar = 1
    if "--grammar" in argv:
        k = argv.index("--grammar")
        grammar = int(argv[k + 1])
        del argv[k:k + 2]
    nums = [int(a) for a in argv if a.isdigit()]
    first, count = (nums + [0, 200])[:2] if nums else (0, 200)
    totals = run(first, count, "-v" in argv, dump, grammar)
    return 0 if all(a == n for a, n in totals.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
