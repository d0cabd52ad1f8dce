"""fxc's type checks of the text read before a parse error (issue 15, session 40).

d3dcompiler_47's parser checks each construct as it reduces it: a name is looked up, a member or method
resolved, a call's overloads and a constructor's width matched, a declaration's initialiser converted, a
global's name compared with the names before it -- all while the rest of the file is still unread. So a type
error that stands before a syntax error is the first error fxc reports (``float4 r = v; return r +;`` is X3004
at ``v``, not X3000 at ``;``), and an error the parser raises at a name (X3003 for ``float4 half;`` at global
scope) comes after a type error earlier in the text. This compiler parses the whole file before any name is
looked up; when its parser fails, this module rebuilds what fxc had reduced by then and type-checks it:

- every top-level declaration completed before the error, as parsed;
- the function being read, its statements completed before the error, and of the statement the error stopped
  (``salvage_statement``): the declarators whose initialiser was complete (fxc reduces ``float4 r = float3(1, 2,
  3)`` when the token after it cannot continue the expression: X3017 before the X3000 of a missing ``;``), then
  each largest expression completed before the error, as an expression statement of its own (``return v +;``
  checks ``v``; ``float4 r = float3(1, 2, 3) +;`` checks ``float3(1, 2, 3)`` but not the conversion, which
  fxc makes only once the initialiser is reduced); an ``if`` / ``for`` / ``while`` / ``do`` / ``switch`` whose
  header was read keeps it around the salvaged body (the ``for``'s declared counter stays in scope);
- a global declaration the error stopped: its completed declarators, and its completed expressions in a
  function of their own.

The rebuilt program is checked as uncalled functions are (uncalled.py: each function generated in throw-away
ps_5_0 and cs_5_0 generators, an error counting only when both report it, type rules only), its globals'
initialisers as a code generator prepares them, and its declarations by decls.check_declarations. The first
such error in the text before the parser's error is the compile's error; else the parser's stands.

MicrosoftDocs is silent on the order; the rule is d3dcompiler_47 10.1's (tests/test_rules_hlsl_fxc_mutants_s40.py).
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from . import ast as A
from .diagnostics import HlslError

#: the statement forms the salvage may build around a body (see salvage_inside)
Wrap = Callable[[list[A.Node]], A.Node]


def completed_expressions(log: list[A.Node]) -> list[A.Node]:
    """The largest of the expressions ``log`` lists (the parser logs each as it completes it, an operand
    before the expression holding it): those no later logged expression holds, in the order read."""
    inner: set[int] = set()
    for n in log:
        stack = list(A.children(n))
        while stack:
            c = stack.pop()
            if id(c) in inner:
                continue
            inner.add(id(c))
            stack.extend(A.children(c))
    seen: set[int] = set()
    out = []
    for n in log:
        if id(n) not in inner and id(n) not in seen:
            seen.add(id(n))
            out.append(n)
    return out


def _expression_statements(log: list[A.Node]) -> list[A.Node]:
    """The completed expressions as statements to check; a compile stands for its call's arguments, the operands
    fxc checked (shaderobj.operands: the profile is a token, the call a binding of uniform parameters)."""
    from .shaderobj import object_name, operands

    out: list[A.Node] = []
    for n in completed_expressions(log):
        out += [A.ExprStmt(a.pos, a) for a in operands(n)] if object_name(n) is not None else [A.ExprStmt(n.pos, n)]
    return out


def salvage_statement(parser, exc: HlslError, mark: int, pos, start: int) -> None:
    """Record on ``exc`` what fxc had reduced of the statement that failed (the innermost one: an enclosing
    statement finds the record made). ``mark``: the parser's expression log length when the statement began;
    ``start``: the index of its first token."""
    if hasattr(exc, "salvage"):
        return
    toks = parser.toks
    if start + 2 < len(toks) and toks[start].text == "for" and toks[start + 1].text == "(":
        start += 2  # a for's init is a declaration's place too
    if start + 1 < len(toks) and toks[start].kind == "id" and toks[start + 1].kind == "id" and \
            (toks[start + 1].pos.line, toks[start + 1].pos.col) == (exc.line, exc.col):
        # ``nothere x = p;``, ``for (int0 i = 0; …)``: fxc reads a leading name before another name as a type it
        # does not know (X3000 "unrecognized identifier"), not as an expression to look up
        exc.salvage = []
        return
    stmts: list[A.Node] = []
    vars_ = getattr(exc, "salvage_vars", None)
    if vars_ is not None:
        decls, after = vars_
        if decls:
            stmts.append(A.DeclStmt(pos, list(decls)))
            _declaration_rules(parser, exc, "local", decls)
        mark = max(mark, after)
        del exc.salvage_vars
    stmts += _expression_statements(parser.expr_log[mark:])
    exc.salvage = stmts


def _declaration_rules(parser, exc: HlslError, kind: str, decls: list[A.Node]) -> None:
    """The parser's rules of each reduced declarator (modifiers, an initialiser an object needs: X3012), which it
    checks once the whole declaration is read: fxc judges each declarator as it reduces it."""
    for d in decls:
        if isinstance(d, A.VarDecl):
            try:
                parser.check_mods(kind, set(d.mods), d.name, d.pos, d.init is not None, d.type)
            except HlslError as e:
                exc.salvage_errors = [*getattr(exc, "salvage_errors", []), e]
                return


def salvage_inside(parser, read: Callable[[], A.Node], wrap: Wrap) -> A.Node:
    """``read()`` the body of a statement whose header was read; if it fails, the salvaged body is kept inside
    ``wrap`` (the header around a block of the salvaged statements)."""
    mark = len(parser.expr_log)
    try:
        return read()
    except HlslError as exc:
        if not hasattr(exc, "salvage"):
            exc.salvage = _expression_statements(parser.expr_log[mark:])
        exc.salvage = [wrap(exc.salvage)]
        raise


def salvage_block(exc: HlslError, pos, stmts: list[A.Node]) -> None:
    """A block that failed: its completed statements, then what the failed one salvaged."""
    exc.salvage = [A.Block(pos, list(stmts) + list(getattr(exc, "salvage", [])))]


def salvage_function(exc: HlslError, func: A.FuncDef) -> None:
    """A function whose body failed: the body salvaged (parse_block's record) as its body."""
    body = getattr(exc, "salvage", None)
    if body and isinstance(body[0], A.Block) and not hasattr(exc, "salvage_top"):
        func.body = body[0]
        exc.salvage_top = [func]


def salvage_var_list(exc: HlslError, decls: list[A.Node], parser) -> None:
    """A declaration that failed after ``decls`` were complete (the innermost such list)."""
    if not hasattr(exc, "salvage_vars") and not hasattr(exc, "salvage"):
        exc.salvage_vars = (list(decls), parser.var_list_mark if decls else 0)


def unreducible_name(parser, name: str) -> bool:
    """A name this parser reads as an operand where fxc's grammar cannot: a keyword or modifier (``return
    volatile float4(…)``) or a type's name (``((bool)s)0`` of a struct s) -- fxc's syntax error is there, so
    nothing after it was type-checked."""
    from . import modifiers as M
    from .keywords import KEYWORD_NAMES, RESERVED_WORDS
    from .parser import _RESERVED, PRIMITIVE_MODIFIERS

    return name in parser.types and name not in parser.func_names or name in _RESERVED or name in RESERVED_WORDS or name in KEYWORD_NAMES or \
        name in PRIMITIVE_MODIFIERS or name in M.MODIFIER_WORDS and name not in M.CONTEXTUAL_MODIFIERS


def salvage_program(parser, exc: HlslError, decls: list[A.Node], start, mark: int) -> None:
    """Record on ``exc`` the program fxc had reduced: the completed top-level declarations and what the failed
    one salvaged. ``mark``: the expression log's length when the failed declaration began."""
    if hasattr(exc, "salvage_program"):
        return
    tops = list(getattr(exc, "salvage_top", []))
    vars_ = getattr(exc, "salvage_vars", None)
    if not tops and vars_ is not None:  # a global declaration that failed
        got, after = vars_
        tops += [d for d in got if isinstance(d, A.VarDecl)]
        _declaration_rules(parser, exc, "global", tops)
        # (a compile, finished or not, left its call's arguments only: parser.parse_compile_args)
        loose = _expression_statements(parser.expr_log[max(mark, after):])
        if loose:  # a global's partial initialiser: its completed expressions, checked in a function of their own
            from .types import VOID

            tops.append(A.FuncDef(loose[0].pos, "__salvaged_global", VOID, [], None, A.Block(loose[0].pos, loose)))
    buf = getattr(exc, "salvage_buffer", None)
    if buf is not None and buf.members:  # a buffer that failed: the members before the failed one
        tops.insert(0, buf)
    # the state values read so far, a failed block's reduced expressions too (parse_effects), are typed as the
    # values of a whole file are (check.check_state_values); an effect's front end salvages its own (fxsalvage.py)
    values = [] if parser.effect_declarations or (parser.file_target or "").startswith("fx_") else \
        list(parser.state_values) + list(getattr(exc, "salvage_state_values", []))
    exc.salvage_program = A.Program(start, list(decls) + tops, parser.pack_row_major, values, [], [], True,
                                    member_refs=parser.member_refs)
    exc.salvage_cut = parser.salvage_cut


def earlier_declaration_error(prog: A.Program, exc: HlslError, row_major: bool = False) -> HlslError | None:
    """A type error of a declaration before the one ``exc`` (a type error, a redefinition's X3003, an initialiser's
    X3011) stands in, or None. fxc type-checks each declaration as it reduces it, so of two declarations' errors
    the one earlier in the text is its first -- whatever order this compiler judges them in (the uniforms'
    initialisers and a function defined twice are judged before any body): d3dcompiler_47 10.1 answers
    ``float4 g() { return nothere; }`` then ``float2 k = {1, 2, 3};``, ``Texture2D t = 4;``, ``float4 a; float4 a;``
    or a function defined twice with X3004 (session 43, EFX). The declarations before ``exc`` are checked as the
    text before a syntax error is (_check)."""
    from .uncalled import is_type_error

    if not (is_type_error(exc) or exc.code in (3003, 3011, 3079, 3080)):
        # (a return's X3079 / X3080 too: ``void u() { float y = undeclared; }`` before a called ``void g() { return
        # 1; }`` is X3004: d3dcompiler_47 10.1, session 48)
        return None
    decls: list[A.Node] = []
    at_start = False
    for d in prog.decls:
        p = d.pos
        if p.file == exc.file and (p.line, p.col) >= (exc.line, exc.col):
            at_start = (p.line, p.col) == (exc.line, exc.col)
            break
        decls.append(d)
    if decls and not at_start:
        held = decls.pop()  # the declaration holding ``exc``: its own errors are this compiler's to order ...
        if exc.code == 3003 and isinstance(held, A.FuncDef) and held.body is not None:
            # ... but a local declared twice (decls.py, judged before any body) stands where fxc reduces the second
            # declaration: the statements before it in its function were type-checked by then (d3dcompiler_47 10.1,
            # session 45: ``float2 p = m._11_m00; float2 p = …;`` is the first initialiser's X3018)
            cut = copy.copy(held)
            cut.body = A.Block(held.body.pos, _statements_before(held.body.stmts, exc))
            decls.append(cut)
    if not any(isinstance(d, A.FuncDef) and d.body is not None or getattr(d, "init", None) is not None or
               isinstance(d, A.CBufferDecl) for d in decls):
        return None  # nothing before it with a type to check
    found: list[HlslError] = []
    try:
        _check(A.Program(prog.pos, decls, prog.pack_row_major, [], [], [], True, member_refs=prog.member_refs),
               row_major, found, exc)
    except RecursionError:
        return None
    found = [e for e in found if _before(e, exc)]
    return min(found, key=lambda e: (e.line, e.col)) if found else None


def _statements_before(stmts: list[A.Node], exc: HlslError) -> list[A.Node]:
    """The statements of a body that begin before ``exc``; of a declaration there, the declarators before it, of a
    block, its statements before it."""
    out = [s for s in stmts if s.pos.file == exc.file and (s.pos.line, s.pos.col) < (exc.line, exc.col)]
    if out and isinstance(out[-1], A.DeclStmt):
        last = copy.copy(out[-1])
        last.decls = [d for d in last.decls if (d.pos.line, d.pos.col) < (exc.line, exc.col)]
        out[-1] = last
    elif out and isinstance(out[-1], A.Block):
        out[-1] = A.Block(out[-1].pos, _statements_before(out[-1].stmts, exc))
    return out


def cut_text(text: str, pos) -> str | None:
    """The preprocessed ``text`` before the token at ``pos`` (its ``#line`` marks followed as lexer.lex follows
    them), or None when no line of the text is that position's."""
    line_no, cur_file = 1, None
    out: list[str] = []
    for raw in text.split("\n"):
        s = raw.strip()
        if s.startswith("#") and s[1:].lstrip().startswith("line"):
            parts = s.split()
            if len(parts) >= 2 and parts[1].isdigit():
                line_no = int(parts[1])
                if len(parts) >= 3:
                    cur_file = parts[2].strip('"')
                out.append(raw)
                continue
        if line_no == pos.line and (cur_file is None or cur_file == pos.file):
            out.append(raw[:pos.col - 1])
            return "\n".join(out)
        out.append(raw)
        line_no += 1
    return None


def before_bad_character(text: str, file: str, exc: HlslError, profile: str | None = None) -> HlslError | None:
    """The lexer's ``exc`` (a character that begins no token, ``$``) is met by fxc only when its parser reaches it:
    the text before it was parsed and type-checked by then (10.1: ``float4 g() { return nothere; } $`` is X3004,
    ``float2 f = {1, 2, 3} $`` X3017, ``float4 h = 1 + ; $`` the X3000 at ``;``). That text is parsed here: its
    syntax error (not the end of the text) or its first type error (earlier_type_error) is the answer; None leaves
    the lexer's. The effect compiler has its own (effects/fxsalvage.lex_effect)."""
    from .lexer import lex
    from .parser import Parser

    prefix = cut_text(text, exc)
    if prefix is None or not prefix.strip():
        return None
    if "unexpected character '`'" in exc.message:
        # a backtick is a token to fxc's lexer ("unexpected token '`'"), one that does not end the expression before
        # it: ``float4 h = float3(1, 2, 3) `` is X3000, not the initialiser's X3017 (10.1; fitted: read as a ``+``)
        prefix += " +"
    try:
        parser = Parser(lex(prefix, file), profile)
        start = parser.tok.pos
        prog = parser.parse_program()
    except HlslError as inner:
        if inner.code == 3000 and "end of file" in inner.message:
            return None  # the declaration the character stopped (its type errors were raised, not this)
        return inner
    except Exception:  # noqa: BLE001 - a prefix this parser cannot read proves nothing
        return None
    limit = HlslError(exc.file, exc.line, exc.col, exc.code, exc.message)
    salvage_program(parser, limit, prog.decls, start, len(parser.expr_log))
    return earlier_type_error(limit)


def _copy_tree(v):
    """A copy of the AST ``v`` for one code generator (they annotate nodes): nodes, lists, tuples and dicts
    copied, everything else -- types above all, compared by identity (``f.ret is VOID``) -- shared."""
    if isinstance(v, A.Node):
        out = copy.copy(v)
        for k, x in vars(v).items():
            setattr(out, k, _copy_tree(x))
        return out
    if isinstance(v, list):
        return [_copy_tree(x) for x in v]
    if isinstance(v, tuple):
        return tuple(_copy_tree(x) for x in v)
    if isinstance(v, dict):
        return {k: _copy_tree(x) for k, x in v.items()}
    return v


def _before(err: HlslError, limit: HlslError) -> bool:
    # (a write to a global's X3025 too: ``v.x = 1; return 0 +;`` is X3025 in d3dcompiler_47 10.1, session 45)
    cut = getattr(limit, "salvage_cut", None)
    if cut is not None and (err.file, err.line, err.col) >= (cut.file, cut.line, cut.col):
        return False
    return err.file == limit.file and (err.line, err.col) < (limit.line, limit.col)


#: checks a code generator's uniform initialisers (and parameter defaults), raising the first error
Initialisers = Callable[[object], None]


def earlier_type_error(exc: HlslError, row_major: bool = False,
                       initialisers: Initialisers | None = None) -> HlslError | None:
    """The first type error fxc finds in the text before the parser's error ``exc`` (module doc), or None.
    ``initialisers``: the rules of the uniform globals' initialisers (default: the shader targets',
    initshape.check_initializer_shapes; an effect passes its own)."""
    prog = getattr(exc, "salvage_program", None)
    if prog is None:
        return None
    found: list[HlslError] = list(getattr(exc, "salvage_errors", []))
    try:
        _check(prog, row_major, found, exc, initialisers)
    except RecursionError:
        return None
    found = [e for e in found if _before(e, exc)]
    return min(found, key=lambda e: (e.line, e.col)) if found else None


def _check_state_values(make_codegen, found: list[HlslError]) -> None:
    """The salvaged program's state values, typed by the state-value rules (check.check_state_values)."""
    from .check import check_state_values
    from .uncalled import is_type_error

    try:
        cg = make_codegen("ps", 5, 0)
        cg.collect()
        check_state_values(cg)
    except HlslError as e:
        if is_type_error(e):
            found.append(e)
    except Exception:  # noqa: BLE001, S110 - a value this probe cannot prepare proves nothing
        pass


def _check(prog: A.Program, row_major: bool, found: list[HlslError], limit: HlslError,
           initialisers: Initialisers | None = None) -> None:
    from .codegen import Codegen
    from .decls import check_declarations
    from .initshape import check_initializer_shapes
    from .uncalled import _both_stages, _modelled, func_key, is_type_error

    try:
        check_declarations(_copy_tree(prog))
    except HlslError as e:
        found.append(e)

    def make_codegen(stage: str, major: int, minor: int) -> Codegen:
        return Codegen(_copy_tree(prog), "__salvaged_entry", stage, major, minor, row_major)

    try:
        # a uniform global's (a cbuffer member's, a parameter's default) initialiser is converted as fxc reduces
        # its declarator -- a brace list at its ``}``, whatever follows (10.1: ``float2 f = {1, 2, 3} + ;`` is X3017,
        # ``float b = a }`` of a uniform ``a`` X3011, ``float2 f = {1, nothere}; float q = ;`` X3004), though no
        # code is generated for it (initshape.py)
        cg = make_codegen("ps", 5, 0)
        cg.collect()
        cg.func_index_stack = [1 << 30]
        cg.assign_bindings()
        cg.scopes = [{}]
        (initialisers or check_initializer_shapes)(cg)
    except HlslError as e:
        if is_type_error(e) or e.code == 3011:
            found.append(e)
    except Exception:  # noqa: BLE001, S110 - an initialiser this probe cannot prepare proves nothing
        pass
    try:  # the globals' initialisers, as a code generator prepares them before any function
        cg = make_codegen("ps", 5, 0)
        cg.collect()
        cg.func_index_stack = [1 << 30]
        cg.assign_bindings()
        cg.scopes = [{}]
        cg.init_statics()
    except HlslError as e:
        if is_type_error(e):
            found.append(e)
    except Exception:  # noqa: BLE001, S110 - a global this probe cannot prepare proves nothing
        pass
    if prog.state_values:
        _check_state_values(make_codegen, found)
    cache: dict[str, object] = {}
    for f in prog.decls:
        if not isinstance(f, A.FuncDef) or f.body is None or not _modelled(f):
            continue
        if found and min((e.line, e.col) for e in found) < (f.pos.line, f.pos.col):
            break  # an error before this function already stands
        try:
            err = _both_stages(make_codegen, func_key(f), cache)
        except Exception:  # noqa: BLE001 - a probe that trips over an unbuilt path proves nothing
            err = None
        if err is not None:
            found.append(err)
