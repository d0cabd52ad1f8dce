"""Differential fuzzer for the HLSL preprocessor against GCC's ``cpp``, an independent implementation of
C99 §6.10 (macro replacement §6.10.3, conditional inclusion §6.10.1, ``#line`` §6.10.4, translation phases
§5.1.1.2).

Each seed gives a random program of object- and function-like macros (nested and recursive expansion,
``#``/``##`` with empty arguments, macro names as arguments, rescanning with the following text, invocations
spanning lines, comments and line splices in odd places, directives among macro arguments, ``defined`` in
``#if`` including one produced by expansion, ``#if`` arithmetic, nested conditionals, ``#undef``,
``__LINE__`` and ``#line``). Both preprocessors run it; the outputs are compared token for token (the
tokens, not the spacing: C99 preprocessing works on tokens, the text is only their carrier). A run that
fails must fail in both.

The programs stay inside what C99 defines and where fxc's documented differences do not apply:
``#if`` values stay far below 2^31 (fxc evaluates in 32-bit ``long``, cpp in ``intmax_t``: those cases are
tested from the HLSL #if page separately), no ``__VA_ARGS__`` (``generate_variadic`` has them), no ``#include``/``#pragma``. A seed where
cpp reports an invalid ``##`` result (undefined behaviour, C99 §6.10.3.3p3) is skipped.

``generate_variadic`` (``--variadic``) writes programs of variadic macros alone (C99 §6.10.3p12).

``python -m pyd3d11.tools.pp_diff [first] [count] [-v] [--variadic]`` prints the disagreeing seeds;
``--store FILE`` writes cpp's verdicts for the seeds (the stored expectations the tests use when cpp is
absent).

``--fxc`` compares the same programs with Microsoft's own D3DPreprocess instead (d3dcompiler_47.dll under Wine,
``tools/wine_d3dcompiler.py``; fxc's mode, not the strict C99 one): per measure, how many agree -- the verdict (an
error reported or none: a compile fails on any), D3DPreprocess's HRESULT, the first error number where both
fail, the tokens and the text byte for byte where neither reports an error (``compare_fxc``).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import shutil
import subprocess
import sys

from ..shader.hlsl.diagnostics import HlslError
from ..shader.hlsl.preprocessor import preprocess, tokenize_line

CPP_ARGS = ["-P", "-undef", "-nostdinc", "-std=c99", "-pedantic", "-x", "c", "-"]
#: cpp's pedantic warnings that are C99 constraint violations (a diagnostic is required; ours is an error)
CONSTRAINT_WARNINGS = ("comma operator in operand of #if",)


class _Gen:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.objs = ["OA", "OB", "OC", "OD"]
        self.funcs = {"FA": 1, "FB": 2, "FC": 0, "FD": 3, "FE": 1}
        self.plain = ["a", "b", "c", "x1", "_y"]
        self.line = 0

    # --- pieces --------------------------------------------------------------------------------------
    def ident(self) -> str:
        r = self.r.random()
        if r < 0.3:
            return self.r.choice(self.objs)
        if r < 0.6:
            return self.r.choice(list(self.funcs))
        return self.r.choice(self.plain)

    def atom(self) -> str:
        r = self.r.random()
        if r < 0.55:
            return self.ident()
        if r < 0.75:
            return str(self.r.randrange(0, 10))
        if r < 0.95:
            return self.r.choice(["+", "-", "*", "<", ">", "=", "!", ".", ";", "[", "]", "&", "|"])
        # literals whose text looks like comments, escapes and quotes (phase 3 leaves them alone)
        return self.r.choice(['"s/*x*/"', '"//"', r'"a\"b"', "'\\''", "'\"'", r'"\\"', "1.5e+3", ".5", "0x1F"])

    def sep(self) -> str:
        r = self.r.random()
        if r < 0.55:
            return " "
        if r < 0.8:
            return ""
        if r < 0.9:
            return " /* c */ "
        return "/**/"

    def body(self, params: list[str]) -> str:
        toks: list[str] = []
        depth = 0
        for _ in range(self.r.randrange(0, 7)):
            r = self.r.random()
            if params and r < 0.3:
                toks.append(self.r.choice(params))
            elif params and r < 0.38:
                toks.append("#" + self.r.choice(["", " "]) + self.r.choice(params))
            elif r < 0.5 and toks:
                left = self.r.choice(params + self.plain[:2] + ["1"]) if params else self.r.choice(self.plain)
                right = self.r.choice(params + self.plain[2:] + ["2"]) if params else self.r.choice(["z", "9"])
                toks.append(f"{left} ## {right}")
            elif r < 0.6:
                toks.append("(")
                depth += 1
            elif r < 0.68 and depth:
                toks.append(")")
                depth -= 1
            elif r < 0.72:
                toks.append(",")
            else:
                toks.append(self.atom())
        toks += [")"] * (depth if self.r.random() < 0.8 else 0)
        return " ".join(toks) if self.r.random() < 0.7 else "".join(
            t if i == 0 or not (t[0].isalnum() or t[0] == "_") or not (toks[i - 1][-1:].isalnum() or
                                                                       toks[i - 1][-1:] == "_") else " " + t
            for i, t in enumerate(toks))

    def define(self) -> str:
        if self.r.random() < 0.4:
            name = self.r.choice(self.objs)
            if self.r.random() < 0.08:  # directive-like text: not a directive once replaced (§6.10.3.4p3)
                return f"#define {name} # {self.r.choice(['define', 'undef', 'if', 'line'])} {self.atom()}"
            return f"#define {name} {self.body([])}"
        name = self.r.choice(list(self.funcs))
        n = self.funcs[name]
        params = ["p", "q", "r"][:n]
        return f"#{self.sep().strip() or ''}define {name}({', '.join(params)}) {self.body(params)}"

    def arg(self, depth: int) -> str:
        r = self.r.random()
        if r < 0.2:
            return ""
        if r < 0.45 and depth < 3:
            return self.invocation(depth + 1)
        if r < 0.55:
            return "(" + ", ".join(self.atom() for _ in range(self.r.randrange(1, 3))) + ")"
        return self.sep().join(self.atom() for _ in range(self.r.randrange(1, 3)))

    def invocation(self, depth: int = 0) -> str:
        name = self.r.choice(list(self.funcs))
        n = self.funcs[name]
        k = n if self.r.random() < 0.93 else max(0, n + self.r.choice([-1, 1]))
        args = [self.arg(depth) for _ in range(k)]
        joiner = "," if self.r.random() < 0.5 else ", "
        return name + self.sep() + "(" + joiner.join(args) + ")"

    def text_line(self) -> str:
        parts = []
        for _ in range(self.r.randrange(1, 5)):
            r = self.r.random()
            if r < 0.1:
                parts.append(self.r.choice(["STR", "XSTR"]) + "(" + self.sep().join(
                    self.arg(2) for _ in range(self.r.randrange(1, 3))) + ")")
            elif r < 0.13:
                parts.append(f"CAT({self.r.choice(self.plain + self.objs + ['', '1'])}, "
                             f"{self.r.choice(self.plain + self.objs + ['', '2'])})")
            elif r < 0.16:
                f, g = self.r.sample(list(self.funcs), 2)  # a macro name as an argument, invoked later
                parts.append(f"{f}({g}{',' * (self.funcs[f] - 1)}) ({self.arg(2)}{',' * (self.funcs[g] - 1)})")
            elif r < 0.5:
                parts.append(self.invocation())
            elif r < 0.57:
                parts.append("__LINE__")
            elif r < 0.6:
                parts.append("__FILE__")
            else:
                parts.append(self.atom())
        line = self.sep().join(parts) if self.r.random() < 0.5 else " ".join(parts)
        r = self.r.random()
        if r < 0.08 and "(" in line:
            k = line.index("(") + 1  # the argument list continues on the next line
            line = line[:k] + "\n" + line[k:]
        elif r < 0.12 and line[-1:] == ")":
            k = line.rindex("(")
            line = line[:k] + "\n" + line[k:]  # the invocation's ( on the next line
        elif r < 0.16:
            k = self.r.randrange(0, len(line) + 1)
            line = line[:k] + "\\\n" + line[k:]  # a line splice anywhere (phase 2)
        elif r < 0.2 and line.count("(") and line.endswith(")"):
            k = line.rindex(",") + 1 if "," in line else line.rindex("(") + 1
            line = line[:k] + "\n#undef OA\n#define OD 7\n" + line[k:]  # directives among the arguments
        return line

    def cond_expr(self, depth: int = 0) -> str:
        r = self.r.random()
        if depth > 2 or r < 0.3:
            s = self.r.random()
            if s < 0.4:
                return str(self.r.randrange(0, 10)) + self.r.choice(["", "", "u", "U", "L"])
            if s < 0.6:
                return self._defined()
            if s < 0.8:
                return self.r.choice(self.objs + self.plain + ["DEF"])
            return "'" + self.r.choice(["a", "0", "\\n", "\\0", "Z"]) + "'"
        if r < 0.4:
            return self.r.choice(["!", "-", "~", "+"]) + self.cond_expr(depth + 1)
        if r < 0.5:
            return f"({self.cond_expr(depth + 1)} ? {self.cond_expr(depth + 1)} : {self.cond_expr(depth + 1)})"
        op = self.r.choice(["+", "-", "*", "/", "%", "<<", ">>", "<", ">", "<=", ">=", "==", "!=", "&", "|", "^",
                            "&&", "||"])
        rhs = self.cond_expr(depth + 1)
        if op in ("<<", ">>"):
            rhs = str(self.r.randrange(0, 5))
        return f"({self.cond_expr(depth + 1)} {op} {rhs})"

    def _defined(self) -> str:
        name = self.r.choice(self.objs + list(self.funcs) + self.plain)
        return self.r.choice([f"defined {name}", f"defined({name})", f"defined ( {name} )"])

    def conditional(self, depth: int) -> list[str]:
        r = self.r.random()
        if r < 0.25:
            head = f"#ifdef {self.ident()}"
        elif r < 0.4:
            head = f"#ifndef {self.ident()}"
        else:
            head = f"#if {self.cond_expr()}"
        out = [head] + self.block(depth + 1, 2)
        for _ in range(self.r.randrange(0, 3)):
            out += [f"#elif {self.cond_expr()}"] + self.block(depth + 1, 2)
        if self.r.random() < 0.5:
            out += ["#else"] + self.block(depth + 1, 2)
        if self.r.random() < 0.03:
            out += [f"#elif {self.cond_expr()}"]  # #elif after #else: a constraint violation
        out.append("#endif")
        return out

    def block(self, depth: int, n: int) -> list[str]:
        out: list[str] = []
        for _ in range(self.r.randrange(1, n + 1)):
            r = self.r.random()
            self.line += 1
            if r < 0.3:
                out.append(self.define())
            elif r < 0.38:
                out.append(f"#undef {self.ident()}")
            elif r < 0.48 and depth < 3:
                out += self.conditional(depth)
            elif r < 0.5:
                name = self.r.choice(["", "", ' "x.h"', ' "d/y.hlsl"'])
                out.append(f"#line {self.r.randrange(1, 500)}{name}")
            else:
                out.append(f"m{self.line} " + self.text_line())
        return out

    def program(self) -> str:
        lines: list[str] = ["#define STR(p) #p", "#define XSTR(p) STR(p)", "#define CAT(p, q) p ## q"]
        if self.r.random() < 0.3:
            lines.append("#define DEF defined(OA)")  # `defined` produced by expansion (GCC's rule)
        for _ in range(self.r.randrange(3, 8)):
            lines.append(self.define())
        lines += self.block(0, 10)
        return "\n".join(lines) + "\n"


def generate(seed: int) -> str:
    """The random preprocessor program of ``seed`` (deterministic)."""
    return _Gen(seed).program()


#: what a variadic macro's invocation passes: empty, several tokens, parenthesised commas, a nested invocation
_VA_ATOMS = ["a", "", "b c", "(1,2)", "V0(q)", "  z  ", '"s"', "x"]


def generate_variadic(seed: int) -> str:
    """A random program of variadic macros (C99 §6.10.3p12, §6.10.3.1p2): named parameters before ``...``,
    ``__VA_ARGS__`` and ``#__VA_ARGS__`` in the replacement lists, one variadic macro invoking another with the
    variable arguments (their commas then separate its arguments), invocations with zero to four arguments."""
    r = random.Random(seed)
    lines: list[str] = []
    names: list[str] = []
    named: list[int] = []
    for i in range(r.randint(2, 5)):
        params = [f"p{j}" for j in range(r.randint(0, 2))]
        body: list[str] = []
        for _ in range(r.randint(1, 6)):
            k = r.random()
            if k < 0.3:
                body.append("__VA_ARGS__")
            elif k < 0.4:
                body.append("#__VA_ARGS__")
            elif k < 0.5 and params:
                body.append("#" + r.choice(params))
            elif k < 0.7 and params:
                body.append(r.choice(params))
            elif k < 0.8 and names:
                inner = r.choice(["", "__VA_ARGS__", "1, __VA_ARGS__", params[0] if params else "y"])
                body.append(f"{r.choice(names)}({inner})")
            else:
                body.append(r.choice(["x", "1", ",", "+", "(a,b)"]))
        lines.append(f"#define V{i}({', '.join(params + ['...'])}) {' '.join(body)}")
        names.append(f"V{i}")
        named.append(len(params))
    for _ in range(4):
        k = r.randrange(len(names))
        # mostly at least as many arguments as named parameters (too few is an error both sides must report)
        low = named[k] if r.random() < 0.85 else 0
        args = [r.choice(_VA_ATOMS) for _ in range(r.randint(low, low + 3))]
        lines.append(f"{names[k]}({','.join(args)}) ;")
    return "\n".join(lines) + "\n"


def tokens(text: str) -> list[str]:
    """The preprocessing tokens of a preprocessed text (``#line`` markers dropped, whitespace ignored)."""
    out: list[str] = []
    for ln in text.splitlines():
        if ln.startswith("#line"):
            continue
        out += [t for t in tokenize_line(ln, pp_numbers=True) if t != " "]  # C99 mode: cpp's pp-numbers
    return out


def run_ours(src: str) -> dict:
    try:
        res = preprocess(src, "t.hlsl", strict_c99=True)  # fxc's ## differs from C99 (tested on its own)
    except HlslError as exc:
        return {"ok": False, "error": exc.text()}
    return {"ok": True, "tokens": tokens(res.text)}


def run_cpp(src: str) -> dict | None:
    """cpp's verdict, or None where the program is outside what C99 defines (an invalid ``##`` result)."""
    p = subprocess.run(["cpp", *CPP_ARGS], input=src, capture_output=True, text=True, check=False)
    if "does not give a valid preprocessing token" in p.stderr:
        return None
    if p.returncode != 0 or any(w in p.stderr for w in CONSTRAINT_WARNINGS):
        return {"ok": False, "error": p.stderr.strip().splitlines()[0] if p.stderr.strip() else ""}
    # cpp reads the program from its standard input; ours is named t.hlsl
    return {"ok": True, "tokens": ['"t.hlsl"' if t == '"<stdin>"' else t for t in tokens(p.stdout)]}


def digest(verdict: dict | None) -> list | None:
    """A verdict as stored: None (skipped), [False] (fails), [True, sha256 of the tokens] (succeeds)."""
    if verdict is None:
        return None
    if not verdict["ok"]:
        return [False]
    return [True, hashlib.sha256("\x1f".join(verdict["tokens"]).encode()).hexdigest()[:20]]


def have_cpp() -> bool:
    return shutil.which("cpp") is not None


def agree(ours: dict, ref: dict) -> bool:
    if ours["ok"] != ref["ok"]:
        return False
    return not ours["ok"] or ours["tokens"] == ref["tokens"]


def _fxc_answer(ok: bool, text: str, messages: str) -> dict:
    errors = re.findall(r": error(?: (X\d+))?:", messages)
    return {"ok": ok, "error": bool(errors) or not ok, "first": errors[0] if errors else None, "text": text,
            "tokens": tokens(text) if ok else None}


def compare_fxc(src: str, real, name: str) -> dict[str, bool]:
    """One program through the real D3DPreprocess (``real``: a WineD3DCompiler) and this project's (both named
    ``name``): {measure: agreed} for the measures that apply."""
    from ..errors import ShaderCompileError
    from ..shader.compile_api import D3DPreprocess

    r = real.preprocess(src, name=name)
    theirs = _fxc_answer(r.ok, r.blob.rstrip(b"\0").decode("latin-1"), r.messages)
    msgs: list = []
    try:
        blob = D3DPreprocess(src, None, name, None, None, msgs)
        mine = _fxc_answer(True, bytes(blob).decode("latin-1"), "".join(bytes(m).decode() for m in msgs))
    except ShaderCompileError as exc:
        mine = _fxc_answer(False, "", exc.errors)
    res = {"verdict": theirs["error"] == mine["error"], "hr": theirs["ok"] == mine["ok"]}
    if theirs["error"] and mine["error"]:
        res["first error"] = theirs["first"] == mine["first"]
    elif not theirs["error"] and not mine["error"]:
        res["tokens"] = theirs["tokens"] == mine["tokens"]
        res["text"] = theirs["text"] == mine["text"]
    return res


def main_fxc(first: int, count: int, variadic: bool, verbose: bool) -> int:
    from .wine_d3dcompiler import WineD3DCompiler, windows_path

    totals: dict[str, list[int]] = {}
    bad: dict[str, list[int]] = {}
    name = windows_path("pp_diff.hlsl")
    with WineD3DCompiler() as real:
        for seed in range(first, first + count):
            src = generate_variadic(seed) if variadic else generate(seed)
            for k, v in compare_fxc(src, real, name).items():
                t = totals.setdefault(k, [0, 0])
                t[0] += v
                t[1] += 1
                if not v:
                    bad.setdefault(k, []).append(seed)
    for k, (agreed, n) in totals.items():
        print(f"{k}: {agreed}/{n} agree" + (f"; disagree: {bad[k][:20]}" if verbose and k in bad else ""))
    return 1 if bad.get("verdict") else 0


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    if "--fxc" in argv:
        nums = [int(a) for a in argv if a.isdigit()]
        first, count = (nums + [0, 200])[:2] if nums else (0, 200)
        return main_fxc(first, count, "--variadic" in argv, verbose)
    store = None
    if "--store" in argv:
        k = argv.index("--store")
        store = argv[k + 1]
        del argv[k:k + 2]
    variadic = "--variadic" in argv  # the programs of generate_variadic
    nums = [int(a) for a in argv if a.lstrip("-").isdigit() and a != "-v"]
    first, count = (nums + [0, 200])[:2] if nums else (0, 200)
    bad, skipped, stored = [], 0, {}
    for seed in range(first, first + count):
        src = generate_variadic(seed) if variadic else generate(seed)
        ref = run_cpp(src)
        stored[str(seed)] = digest(ref)
        if ref is None:
            skipped += 1
            continue
        ours = run_ours(src)
        if not agree(ours, ref):
            bad.append(seed)
            if verbose:
                print(f"--- seed {seed}\n{src}--- cpp: {ref}\n--- ours: {ours}\n")
    print(f"{count - skipped - len(bad)}/{count - skipped} agree ({skipped} skipped); disagree: {bad}")
    if store:
        with open(store, "w") as f:
            json.dump({"cpp": CPP_ARGS, "first": first, "count": count, "expected": stored}, f, separators=(",", ":"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


# --- #if arithmetic in 32 bits, against C compiled by gcc ---------------------------------------------------------
# The HLSL #if page: expressions are "treated as signed long values ... evaluated using the same rules as
# expressions in C++", int the same as long and unsigned int the same as unsigned long — 32-bit on Windows. cpp
# evaluates in intmax_t (64-bit), so the oracle here is C itself: each constant becomes an int32_t or
# uint32_t (int and unsigned int on the gcc targets), C's usual arithmetic conversions are C++'s, and
# -fwrapv makes signed overflow wrap as the 32-bit registers do. Shift counts stay in 0..31 and divisors
# are non-zero constants (C leaves the rest undefined).

_INT_ATOMS = ["0", "1", "2", "7", "31", "255", "0x7FFFFFFF", "2147483647", "0x80000000", "2147483648",
              "0xFFFFFFFF", "4294967295", "65536", "100000", "3u", "0u", "1U", "0x10u", "'a'", "'\\377'"]


def _if_expr(r: random.Random, depth: int = 0) -> str:
    if depth > 3 or r.random() < 0.25:
        return r.choice(_INT_ATOMS)
    k = r.random()
    if k < 0.2:
        return r.choice(["-", "~", "!", "+"]) + "(" + _if_expr(r, depth + 1) + ")"
    if k < 0.3:
        return f"(({_if_expr(r, depth + 1)}) ? ({_if_expr(r, depth + 1)}) : ({_if_expr(r, depth + 1)}))"
    op = r.choice(["+", "-", "*", "/", "%", "<<", ">>", "<", ">", "<=", ">=", "==", "!=", "&", "|", "^", "&&", "||"])
    if op in ("<<", ">>"):
        rhs = str(r.randrange(0, 32))
    elif op in ("/", "%"):
        rhs = r.choice(["1", "2", "3", "7", "10", "65536", "3u", "0x80000000", "0xFFFFFFFF"])
    else:
        rhs = _if_expr(r, depth + 1)
    return f"(({_if_expr(r, depth + 1)}) {op} ({rhs}))"


def if_exprs(seed: int, count: int) -> list[str]:
    r = random.Random(seed)
    return [_if_expr(r) for _ in range(count)]


def _c_constant(tok: str) -> str:
    if tok.startswith("'"):
        return f"((int32_t){tok})"  # char is signed on the gcc targets, as in MSVC
    body = tok.rstrip("uUlL")
    unsigned = "u" in tok[len(body):].lower() or int(body, 0) > 0x7FFFFFFF
    return f"(({'uint32_t' if unsigned else 'int32_t'}){body}{'u' if unsigned else ''})"


def run_gcc_if(exprs: list[str]) -> list[int]:
    """The value of each expression as C computes it with 32-bit int/unsigned int constants."""
    import os
    import tempfile
    lines = []
    for e in exprs:
        c = re.sub(r"'(?:\\.|[^'\\])+'|\b(?:0[xX][0-9A-Fa-f]+|\d+)[uUlL]*\b", lambda m: _c_constant(m.group()), e)
        lines.append(f'  {{ __auto_type v = ({c}); printf("%lld\\n", (long long)v); }}')
    prog = "#include <stdio.h>\n#include <stdint.h>\nint main(void) {\n" + "\n".join(lines) + "\n  return 0;\n}\n"
    with tempfile.TemporaryDirectory() as d:
        src, exe = os.path.join(d, "e.c"), os.path.join(d, "e")
        with open(src, "w") as f:
            f.write(prog)
        subprocess.run(["gcc", "-O0", "-fwrapv", "-w", "-o", exe, src], check=True)
        out = subprocess.run([exe], capture_output=True, text=True, check=True).stdout
    return [int(x) for x in out.split()]


def run_ours_if(expr: str) -> int:
    from ..shader.hlsl.preprocessor import Preprocessor
    # the strict C99 reading: the expressions use every C operator, and fxc's #if lacks %, ~, << and >>
    return Preprocessor(strict_c99=True).eval_expr(expr)


def run_cpp_if(exprs: list[str]) -> list[bool]:
    """cpp's truth value of each expression (intmax_t arithmetic: where it differs from the 32-bit one, fxc's
    32 bits hold)."""
    prog = "".join(f"#if {e}\n1\n#else\n0\n#endif\n" for e in exprs)
    p = subprocess.run(["cpp", *CPP_ARGS], input=prog, capture_output=True, text=True, check=True)
    return [t == "1" for t in tokens(p.stdout)]


def store_if(path: str, seed: int = 0, count: int = 1000) -> None:
    exprs = if_exprs(seed, count)
    with open(path, "w") as f:
        json.dump({"oracle": "gcc -fwrapv, int32_t/uint32_t constants", "seed": seed, "count": count,
                   "values": run_gcc_if(exprs)}, f, separators=(",", ":"))
