"""fxc's checks of the effect text read before a parse error (issue 15, session 42, helper EFX).

d3dcompiler_47 parses an effect file with its HLSL front end, which type-checks every construct as it reduces it
(shader/hlsl/salvage.py): so in an effect file, too, an error that a declaration completed before a syntax error
raises is fxc's first error, not the syntax error further on (10.1: ``technique < int a = 1, b = a;; > {}`` is
X3011 at ``b``, not X3000 at the second ``;``; ``sampler s { cat = foobar.y; };`` before ``fxgroup g { }`` X3018;
a function whose body misses its ``}`` its X3064 / X3004 before the end of file). In an effect the checks made
while parsing are not only the shader front end's: the effect compiler's own rules on a declaration -- an
annotation's value (X3011 "value must be a literal expression", X3017), a shader variable's initialiser (X3011,
X3017), a state object's block (X3004 of an unknown state in a brace list), a compile's uniform argument count
(X3013) -- stand before the later syntax error too.

This compiler parses the whole effect before any of those checks, so when its effect parser fails, this module
rebuilds what fxc had checked by then:

- the declarations completed before the failed one: the text before it, compiled as an effect of its own (every
  check of the effect compiler, in its order); an error of a parse-time kind (``parse_time``) in it counts;
- the failed declaration as far as it was read: salvage.py's record (a function's completed statements, a
  global's completed declarators and expressions), checked by salvage.earlier_type_error; the compiles named in
  it so far (their argument counts: fxfuncs.check_compile_arguments) and its annotation lists completed so far.

The first such error before the parser's error is the compile's error; else the parser's stands. MicrosoftDocs is
silent on the order; the rule is d3dcompiler_47 10.1's (tests/test_rules_effects_fxc_s42.py).
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import NotSupportedError
from ..shader.hlsl.diagnostics import HlslError, Pos
from ..shader.hlsl.salvage import cut_text, earlier_type_error
from ..shader.hlsl.uncalled import is_type_error

#: error numbers the effect compiler raises for a declaration that fxc raises while it reduces that declaration
#: (besides the type rules, uncalled.is_type_error): X3011 (an annotation's / initialiser's value no literal) and
#: X3003 (a name defined twice). Not X3080: 10.1 reports ``float4 g() { float4 x = 1; }`` before ``float q = ;`` as
#: the syntax error (a missing return value is judged after the parse)
_PARSE_TIME_CODES = frozenset({3003, 3011})

#: a salvage running: the prefix compile's own parse error is not salvaged again (its text is shorter: the
#: parser's error of a prefix of complete declarations is no error of the file's)
_ACTIVE: list[bool] = []


def parse_time(err: BaseException) -> bool:
    """Whether fxc reports ``err`` while it parses the declaration it is about (see module doc). The effect
    compiler's X3004 "unrecognized state" / "invalid value for state" are not: fxc names a state when it builds
    the effect, after the parse (10.1: a later function's X3080 comes first)."""
    if isinstance(err, HlslError) and err.code == 3004 and not err.message.startswith("undeclared identifier"):
        return False
    if isinstance(err, HlslError) and err.message == "cannot implicitly convert to 'const string'":
        return False  # fx_2_0's string parameter built by the D3DX compiler (fx2compile): 10.1 `string s = NULL;`
        # before a syntax error is the syntax error
    return isinstance(err, HlslError) and (is_type_error(err) or err.code in _PARSE_TIME_CODES)


def _stream_index(toks: list, err: HlslError) -> int:
    """Where ``err`` stands in the token stream ``toks``: fxc meets errors in the order it reads the tokens,
    which ``#line`` marks and included files take out of (line, column) order. An error not at a token's start is
    placed at the first token of its file after it (or the stream's end)."""
    after = len(toks)
    for i, tok in enumerate(toks):
        p = tok.pos
        if p.file == err.file:
            if (p.line, p.col) == (err.line, err.col):
                return i
            if (p.line, p.col) > (err.line, err.col):
                after = min(after, i)
    return after


def _before(toks: list, err: HlslError, limit: HlslError) -> bool:
    return _stream_index(toks, err) < _stream_index(toks, limit)


def lex_effect(text: str, file: str, compile_prefix: Callable[[str], object]) -> list:
    """``lex(text, file)``; where a character begins no token, an error fxc found in the text before it comes
    first: fxc reads its tokens as it parses (10.1: ``float4 g() { return nothere; }`` before ``float h = 1 $ 2;`` is
    X3004), so the text before the character is compiled (``compile_prefix``) and its parse-time error, if any,
    is the answer."""
    from ..shader.hlsl.lexer import lex

    try:
        return lex(text, file)
    except HlslError as exc:
        prefix = None if _ACTIVE else cut_text(text, Pos(exc.file, exc.line, exc.col))
        if prefix is None or not prefix.strip():
            raise
        try:
            compile_prefix(prefix)
        except HlslError as e:
            if parse_time(e):  # (every error of the prefix stands before the character)
                raise e from None
        except Exception:  # noqa: BLE001, S110 - a prefix the effect compiler cannot build proves nothing
            pass
        raise


def check_names_in_order(prog, exc_text: str, compile_prefix: Callable[[str], object]) -> None:
    """Two globals of one name (decls.check_declarations) and a function defined twice with one signature are
    X3003 at the second declaration, which fxc meets as it parses: what it found in the text before that comes
    first (10.1: ``float4 g() { return nothere; }`` before ``float4 a; float4 a;`` is X3004, ``sampler s { cat =
    foobar.y; };`` before a function defined twice X3018, at fx_2_0 and fx_5_0 alike; fx_2_0 had not reported the
    function at all). That text is compiled as an effect of its own (``compile_prefix``) and its parse-time error,
    if any, is raised instead."""
    from ..shader.hlsl import ast as A
    from ..shader.hlsl.decls import check_declarations
    from ..shader.hlsl.overload import signature

    try:
        check_declarations(prog)
        bodies: set[tuple] = set()
        for d in prog.decls:
            if isinstance(d, A.FuncDef) and d.body is not None:
                key = (d.name, signature(d))
                if key in bodies:  # (codegen.collect's rule; an effect compiles no entry point to meet it)
                    raise HlslError(d.pos.file, d.pos.line, d.pos.col, 3003, f"redefinition of '{d.name}'")
                bodies.add(key)
    except HlslError as exc:
        raise earlier_in_text(exc, exc_text, compile_prefix) or exc from None


def earlier_in_text(exc: HlslError, text: str, compile_prefix: Callable[[str], object]) -> HlslError | None:
    """The parse-time error fxc meets in the text before ``exc`` -- an error this compiler raises after the parse
    for a declaration fxc judges as it reduces it (X3003 of a name defined twice, X3011 of a shader variable's
    initialiser) -- or None: the text before it compiled as an effect of its own (``compile_prefix``)."""
    prefix = cut_text(text, Pos(exc.file, exc.line, exc.col))
    prefix = _whole_declarations(prefix) if prefix is not None else None
    if prefix is None or not prefix.strip():
        return None
    try:
        compile_prefix(prefix)
    except HlslError as e:
        if parse_time(e) and (e.file, e.line, e.col) != (exc.file, exc.line, exc.col):
            return e
    except Exception:  # noqa: BLE001, S110 - a prefix the effect compiler cannot build proves nothing
        pass
    return None


def _whole_declarations(text: str) -> str:
    """``text`` up to the end of its last complete top-level declaration (its last ``;`` or ``}`` outside any
    bracket), so that it compiles without a syntax error of its own (a salvage running makes no salvage of it)."""
    depth, end, quote = 0, 0, ""
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote and text[i - 1] != "\\" else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
            if depth == 0 and ch == "}":
                end = i + 1
        elif ch == ";" and depth == 0:
            end = i + 1
    return text[:end]


def first_parse_time_error(exc: HlslError, parser, text: str,
                           compile_prefix: Callable[[str], object]) -> HlslError | None:
    """The first error fxc finds before the effect parser's error ``exc`` (module doc), or None. ``parser``: the
    effect parser that failed; ``text``: the preprocessed source it read; ``compile_prefix(text)``: the effect
    compile of a shorter text (raises its first error)."""
    if _ACTIVE:
        return None
    found: list[HlslError] = []
    _ACTIVE.append(True)
    try:
        err = earlier_type_error(exc, initialisers=_effect_initialisers)
        if err is not None and not _name_before_name(parser, exc, err):
            found.append(err)
        first = getattr(exc, "salvage_first_token", None)
        if first is not None:
            cut = parser.toks[first].pos
            prefix = cut_text(text, cut)
            if prefix is not None and prefix.strip():
                try:
                    compile_prefix(prefix)
                except HlslError as e:
                    if parse_time(e):
                        found.append(e)
                except (NotSupportedError, RecursionError):
                    pass
                except Exception:  # noqa: BLE001, S110 - a prefix the effect compiler cannot build proves nothing
                    pass
            _failed_declaration(parser, exc, cut, found)
    finally:
        _ACTIVE.pop()
    limit = _effect_keyword(parser, getattr(exc, "salvage_first_token", None), exc)
    found = [e for e in found if _before(parser.toks, e, limit)]
    return min(found, key=lambda e: _stream_index(parser.toks, e)) if found else None


def _effect_initialisers(cg) -> None:
    """The uniform initialisers' rules of an effect (fxfuncs: objects counted by objinit.py, compiles in brace lists
    left to the shader-expression rules), raising the first error: the failed declaration's declarators reduced
    before the error are judged by them (10.1: ``PixelShader pa[2] = {NULL} $`` is X3017)."""
    from .fxfuncs import _first_uniform_initialiser_error

    err = _first_uniform_initialiser_error(cg)
    if err is not None:
        raise err


def _failed_declaration(parser, exc: HlslError, cut: Pos, found: list[HlslError]) -> None:
    """The checks fxc made of the failed declaration's parts completed before ``exc``: its state values, by the
    state-value rules (fxfuncs._state_value_error: an unknown name is a ``const int``), its annotations, by the
    annotation rules (fxannot.check_annotation_names: X3011 for a name of the same list, X3004), and its compiles'
    argument counts (X3013)."""
    from ..shader.hlsl import ast as A
    from ..shader.hlsl.codegen import Codegen
    from .fxfuncs import _state_value_error, check_compile_arguments

    def inside(p: Pos) -> bool:
        return p.file == cut.file and (cut.line, cut.col) <= (p.line, p.col) < (exc.line, exc.col)

    prog = getattr(exc, "salvage_program", None)
    if prog is None:
        return
    values = [v for v in getattr(parser, "salvage_state_values", []) if inside(v.pos)]
    if values:
        with_values = A.Program(prog.pos, prog.decls, prog.pack_row_major, values, [], [], False)
        try:
            err = _state_value_error(Codegen(with_values, "", "ps", 5, 0, False))
        except Exception:  # noqa: BLE001 - a program this probe cannot prepare proves nothing
            err = None
        if err is not None:
            found.append(err)
    from .fxannot import check_annotation_names, global_names, static_const_names

    for items in getattr(parser, "salvage_annotations", []):
        items = [a for a in items if a.pos is not None and inside(a.pos)]
        if items:
            try:
                check_annotation_names(items, static_const_names(prog.decls), global_names(prog.decls), exc.file)
            except HlslError as e:
                found.append(e)
                break
    # a compile is checked when fxc reduces it, at its ``)``: one the error stopped inside (``CompileShader(ps_2_0,
    # f(a, b), 1)``, ``f(nothere)``'s X3004) was not
    calls = [c for c in getattr(parser, "compile_calls", [])
             if inside(c.pos) and getattr(c, "end", None) is not None and (c.end[0], c.end[1]) < (exc.line, exc.col)]
    if calls:
        funcs = A.Program(prog.pos, [d for d in prog.decls if isinstance(d, A.FuncDef)], False, [], [], [], False)
        try:
            check_compile_arguments(calls, funcs)
        except HlslError as e:
            found.append(e)


#: words fxc's effect lexer makes keywords that begin a top-level block: inside another declaration (a function
#: missing its ``}``) its syntax error stands at the word, and nothing after it was checked
_BLOCK_WORDS = frozenset({"technique", "technique10", "technique11", "fxgroup"})


def _effect_keyword(parser, first: int | None, exc: HlslError) -> HlslError:
    """``exc``, or a stand-in at the first block keyword inside the failed declaration before it."""
    if first is None:
        return exc
    for tok in parser.toks[first + 1:_stream_index(parser.toks, exc)]:
        p = tok.pos
        if tok.kind == "id" and tok.text.lower() in _BLOCK_WORDS:
            return HlslError(p.file, p.line, p.col, 3000, f"syntax error: unexpected token '{tok.text}'")
    return exc


def _name_before_name(parser, exc: HlslError, err: HlslError) -> bool:
    """``err`` is an undeclared name read right before the name the parser failed at (``compile_fragment vs_2_0
    f()``): fxc reads a name before a name as a type and a declarator, so the name was never looked up."""
    toks = parser.toks
    for i in range(1, len(toks)):
        p = toks[i].pos
        if (p.file, p.line, p.col) == (exc.file, exc.line, exc.col):
            q = toks[i - 1].pos
            return toks[i].kind == "id" and toks[i - 1].kind == "id" and err.code == 3004 and \
                (q.file, q.line, q.col) == (err.file, err.line, err.col)
    return False
