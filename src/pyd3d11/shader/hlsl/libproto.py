"""A library's exported functions: one declared and never defined, and the types their signatures may hold
(issue 15, session 48).

d3dcompiler_47 10.1 (under Wine, session 48; lib_4_0, lib_4_1, lib_5_0, lib_4_0_level_9_1) compiles an ``export``
prototype that no definition of the same name follows as a function with an empty body: ``export void f(float x);``
is a library exporting f (where it is the file's first exported function: :func:`undefined_exports`);
``export void f(out float x);`` compiles with the warning X3578 ("Output value 'x' is not
completely initialized"); ``export float f(float x);`` -- alone or beside other exported functions -- is X3507
"'f': Not all control paths return a value" at the declaration; ``export float f(Texture2D t);`` is a library
function's parameter type rule (X3710). A definition of the name anywhere in the file takes its place (``export
float f(float x); float f(float x) { ... }`` exports nothing: X3501), and an unexported prototype is no function.

An exported function's return value and parameters cross the linker's calls as D3D11_PARAMETER_DESCs (scalars,
vectors and matrices): fxc judges each exported signature where it reads it -- before the body, a syntax error in
the body included -- the return type first (``export S f(...)`` for a struct S: X3710 "'f': unsupported type for a
library function parameter 'f'", no position), then the parameters in order (X3710 at the parameter's name for a
struct, an array or an object, ``out`` too); a double scalar or vector is X3717 ("doubles cannot be used as
library function inputs or outputs ..."; a struct holding one is X3710)."""

from __future__ import annotations

import re

from ...errors import NotSupportedError
from . import ast as A
from .diagnostics import HlslError
from .lexer import lex
from .types import NumType, VoidType

_LINE = re.compile(r'#line\s+(\d+)(?:\s+"([^"]*)")?')


def undefined_exports(prog: A.Program) -> tuple[list[A.FuncDef], A.FuncDef | None]:
    """(the exported declaration without a body whose name no definition has, when it is the file's first exported
    function -- it gets an empty body --; the first other such declaration, which fxc does not find at all).

    d3dcompiler_47 10.1 (session 48) reads the exported functions in order and gives a bodiless one an empty body
    only where it is the first: ``export void a(float x);`` alone or before ``export void b(int y) {}`` compiles,
    ``export void a(float x); export void b(int y);`` and ``export void b(int y) {} export void a(float x);`` are
    X3501 "'<name>': entrypoint not found" (no position) -- after the earlier functions' own errors
    (``export float a(float x); export void b(int y);`` is a's X3507)."""
    defined = {d.name for d in prog.decls if isinstance(d, A.FuncDef) and d.body is not None}
    exported = [d for d in prog.decls if isinstance(d, A.FuncDef) and "export" in d.mods]
    first = exported[0].name if exported else None
    out: list[A.FuncDef] = []
    for d in exported:
        if d.body is None and d.name not in defined:
            if d.name != first:
                return out, d
            if not out:
                out.append(d)
    return out, None


def _offsets(text: str, file: str) -> dict[tuple[str, int], int]:
    """``{(file, line): offset of the line's first character}`` of preprocessed ``text``, its ``#line`` lines
    followed as the lexer follows them."""
    out: dict[tuple[str, int], int] = {}
    cur_file, line, at = file, 1, 0
    for raw in text.splitlines(keepends=True):
        m = _LINE.match(raw.strip())
        if m is not None:
            line, cur_file = int(m.group(1)), m.group(2) if m.group(2) is not None else cur_file
        else:
            out.setdefault((cur_file, line), at)
            line += 1
        at += len(raw)
    return out


def with_empty_bodies(text: str, file: str, prototypes: list[A.FuncDef]) -> str:
    """``text`` with the ``;`` ending each of ``prototypes`` replaced by an empty body."""
    if not prototypes:
        return text
    toks = lex(text, file)
    starts = {(p.pos.file, p.pos.line, p.pos.col) for p in prototypes}
    offsets = _offsets(text, file)
    ends: list[int] = []
    inside, depth = False, 0
    for t in toks:
        if not inside:
            inside = (t.pos.file, t.pos.line, t.pos.col) in starts
            depth = 0
        if inside:  # the declaration's own ';', outside its parentheses (default arguments, semantics)
            if t.kind == "op" and t.text in "([":
                depth += 1
            elif t.kind == "op" and t.text in ")]":
                depth -= 1
            elif t.kind == "op" and t.text == ";" and depth == 0:
                at = offsets.get((t.pos.file, t.pos.line))
                if at is None or text[at + t.pos.col - 1: at + t.pos.col] != ";":
                    raise NotSupportedError(f"library: the exported declaration of '{prototypes[0].name}' "
                                            "without a definition could not be located in the source")
                ends.append(at + t.pos.col - 1)
                inside = False
    for end in sorted(ends, reverse=True):
        text = text[:end] + "{}" + text[end + 1:]
    return text


_DOUBLES = ("doubles cannot be used as library function inputs or outputs. If you need to pass a double to a "
            "library function, you must pass it as two uints and use asuint and asdouble to convert between forms.")


def _type_error(fname: str, what: str, t, pos) -> HlslError | None:
    where = ("", 0, 0) if pos is None else (pos.file, pos.line, pos.col)
    if isinstance(t, NumType):
        return HlslError(*where, 3717, f"'{fname}': {_DOUBLES}") if t.base == "double" else None
    return HlslError(*where, 3710, f"'{fname}': unsupported type for a library function parameter '{what}'")


def check_signatures(prog: A.Program) -> None:
    """Raise the first exported function's signature error (source order; the return type, then each parameter).
    fxc judges a signature when it reads the function, so a body error of an earlier function comes first there:
    here every signature is judged before the bodies (open)."""
    for d in prog.decls:
        if not (isinstance(d, A.FuncDef) and "export" in d.mods):
            continue
        if not isinstance(d.ret, VoidType):
            err = _type_error(d.name, d.name, d.ret, None)
            if err is not None:
                raise err
        for p in d.params:
            err = _type_error(d.name, p.name, p.type, p.name_pos or p.pos)
            if err is not None:
                raise err
