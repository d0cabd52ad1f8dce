"""Statement syntax: blocks, the statement forms (if/else, loops, switch, jumps, declarations as statements) and their
attributes (HLSL reference: MicrosoftDocs win32 direct3dhlsl dx-graphics-hlsl-statements and each statement's page)."""

from __future__ import annotations

from . import ast as A
from . import modifiers as M
from .diagnostics import HlslError
from .salvage import salvage_block, salvage_inside, salvage_statement
from .types import (
    StructType,
    Type,
)

#: deepest nesting of statements/expressions accepted; deeper input is a clean X1000-style error (fxc
#: itself gives up on pathological nesting) instead of exhausting the Python stack
MAX_NESTING = 256


def _ends_in_selection(stmt: A.Node) -> bool:
    """Whether ``stmt`` ends in an if or switch statement, looking through the bodies of for/while loops (a
    do-while and a block end in their own tokens). fxc refuses an ``else`` after such a then-branch."""
    while isinstance(stmt, (A.For, A.While)):
        stmt = stmt.body
    return isinstance(stmt, (A.If, A.Switch))


class StatementParser:
    """The parser's statement half (a mixin of parser.Parser, as parse_exprs.ExprParser is for expressions)."""

    # --- statements -------------------------------------------------------------------------------
    def parse_block(self) -> A.Block:
        """A ``{ }`` block: the types it declares and the type names its variables take end with it."""
        pos = self.expect("{").pos
        stmts = []
        types, shadowed, ns_locals = dict(self.types), set(self.shadowed), set(self.ns_locals)
        values = set(self.value_names)
        self.type_scopes.append(set())
        self.block_depth += 1
        try:
            while not self.at("}"):
                if self.tok.kind == "eof":
                    raise self.error()
                stmts.append(self.parse_stmt())
            close = self.next().pos  # (where the block ends: check._sb_local scopes a state value by it)
        except HlslError as exc:
            salvage_block(exc, pos, stmts)  # what fxc had type-checked when it failed (salvage.py)
            raise
        finally:
            self.block_depth -= 1
            self.type_scopes.pop()
            self.types, self.shadowed, self.ns_locals, self.value_names = types, shadowed, ns_locals, values
        block = A.Block(pos, stmts)
        block.close = (close.line, close.col)
        return block

    def _enter(self) -> None:
        self.nesting += 1
        if self.nesting > MAX_NESTING:
            raise self.error(f"nesting too deep (more than {MAX_NESTING} levels of statements or expressions)",
                             code=1000)

    def parse_stmt(self) -> A.Node:
        self._enter()
        try:
            return self._parse_stmt()
        finally:
            self.nesting -= 1

    def _parse_stmt(self) -> A.Node:
        pos = self.tok.pos
        mark, start = len(self.expr_log), self.i
        try:
            return self._parse_stmt_body(pos)
        except HlslError as exc:
            salvage_statement(self, exc, mark, pos, start)  # what fxc had type-checked when it failed (salvage.py)
            raise

    def _parse_stmt_body(self, pos) -> A.Node:
        attrs = self.parse_attributes(statement=True)
        t = self.tok
        if t.kind == "pragma":
            self.next()
            return A.ExprStmt(pos, None)
        if t.text == "{" and t.kind == "op":
            return self.parse_block()
        if t.kind == "op" and t.text == ";":
            self.next()
            return A.ExprStmt(pos, None)
        if t.kind == "id":
            k = t.text
            if k == "if":
                self.next()
                self.expect("(")
                c = self.parse_expr()
                self.expect(")")
                th = salvage_inside(self, self.parse_stmt, lambda b: A.If(pos, c, A.Block(pos, b), None, {}))
                if self.at("else") and _ends_in_selection(th):
                    # fxc's grammar gives an 'else' only to an if whose then-branch does not end in an unbraced
                    # if or switch (a loop's body counts): 'if (a) if (b) s; else t; else u;' is X3000 at the second
                    # 'else' (d3dcompiler_47 10.1 under Wine, session 36; C would accept it)
                    raise self.error()
                el = salvage_inside(self, self.parse_stmt, lambda b: A.If(pos, c, th, A.Block(pos, b), {})) \
                    if self.accept("else") else None
                return A.If(pos, c, th, el, attrs)
            if k == "for":
                self.next()
                self.expect("(")
                init: A.Node | None = None
                if not self.accept(";"):
                    if self.is_decl_start():
                        init = self.parse_decl_stmt("loop")
                    else:
                        init = A.ExprStmt(self.tok.pos, self.parse_expr())
                        self.expect(";")

                def header() -> tuple:
                    cond = None if self.at(";") else self.parse_expr()
                    self.expect(";")
                    step = None if self.at(")") else self.parse_expr()
                    self.expect(")")
                    return cond, step

                # a partial header keeps the counter its init declared in scope for what was read after it
                cond, step = salvage_inside(self, header, lambda b: A.Block(pos, [init, *b] if init else b))
                return A.For(pos, init, cond, step,
                             salvage_inside(self, self.parse_stmt,
                                            lambda b: A.For(pos, init, cond, step, A.Block(pos, b), {})), attrs)
            if k == "while":
                self.next()
                self.expect("(")
                c = self.parse_expr()
                self.expect(")")
                return A.While(pos, c, salvage_inside(self, self.parse_stmt,
                                                      lambda b: A.While(pos, c, A.Block(pos, b), {})), attrs)
            if k == "do":
                self.next()
                body = salvage_inside(self, self.parse_stmt, lambda b: A.Block(pos, b))

                def condition() -> A.Node:
                    self.expect("while")
                    self.expect("(")
                    c = self.parse_expr()
                    self.expect(")")
                    self.expect(";")
                    return c

                # the body is reduced (type-checked) before the condition is read
                c = salvage_inside(self, condition, lambda b: A.Block(pos, [body, *b]))
                return A.DoWhile(pos, body, c, attrs)
            if k == "switch":
                self.next()
                self.expect("(")
                e = self.parse_expr()
                self.expect(")")
                self.expect("{")
                cases: list[tuple[list, list]] = []
                label_pos: list = []
                while True:
                    if self.at("}"):
                        # fxc's grammar wants a statement after the last label, and a label in the body: ``case 2:
                        # }`` and ``switch (x) { }`` are X3000 at the '}' (d3dcompiler_47 10.1, session 35)
                        if not cases or not cases[-1][1]:
                            raise self.error()
                        self.next()
                        break
                    if self.at("case") or self.at("default"):
                        label_pos.append(self.tok.pos)
                        labels = []
                        while self.at("case") or self.at("default"):
                            if self.accept("default"):
                                labels.append(None)
                            else:
                                self.next()
                                labels.append(self.parse_ternary())
                            self.expect(":")
                        cases.append((labels, []))
                    else:
                        if not cases:
                            raise self.error()
                        done = [s for _labels, body in cases for s in body]
                        cases[-1][1].append(salvage_inside(
                            self, self.parse_stmt, lambda b, done=done: A.Block(pos, [A.ExprStmt(pos, e), *done, *b])))
                return A.Switch(pos, e, cases, attrs, label_pos)
            if k == "break":
                self.next()
                self.expect(";")
                return A.Break(pos)
            if k == "continue":
                self.next()
                self.expect(";")
                return A.Continue(pos)
            if k == "discard":
                self.next()
                self.expect(";")
                return A.Discard(pos)
            if k == "return":
                self.next()
                v = None if self.at(";") else self.parse_expr()
                self.expect(";")
                return A.Return(pos, v)
            if k == "typedef":
                self.parse_toplevel()
                return A.ExprStmt(pos, None)
            if self.is_decl_start():
                return self.parse_decl_stmt()
            if self.peek().text == ":" and self.peek().kind == "op" and k not in ("case", "default"):
                # a C label (``my_label: i = 1;``): fxc 10.1's X3000 at its name, declared or not (session 45;
                # DXC cpp-errors' "label is unsupported in HLSL")
                raise self.error(f"unrecognized identifier '{k}'", t, 3000)
        e = self.parse_expr()
        self.expect(";")
        return A.ExprStmt(pos, e)

    def is_decl_start(self) -> bool:
        k = 0
        while self.peek(k).kind == "id" and self.peek(k).text in M.MODIFIER_WORDS and self.peek(k + 1).kind == "id" and \
                not (self.peek(k).text in M.CONTEXTUAL_MODIFIERS and self.peek(k).text in self.types):  # parse_mods
            k += 1
        if self.peek(k).text == "struct" or self.peek(k).text == "class" and self.peek(k + 1).kind == "id" and \
                self.peek(k + 2).text in ("{", ":"):
            return True
        if self.at_d3d12_buffer(k):
            return True  # a local ConstantBuffer<S> / TextureBuffer<S> (parse_decl_stmt)
        if not self.is_type_start(k):
            return False
        nxt = self.peek(k + 1)
        # `float4(...)` is a constructor expression, `float4 x` a declaration
        return nxt.kind == "id" or nxt.text == "<" or (nxt.text in M.MODIFIER_WORDS)

    def parse_decl_stmt(self, kind: str = "local") -> A.DeclStmt:
        pos = self.tok.pos
        mods = self.parse_mods()
        if self.at("struct") and (self.peek().text == "{" or self.peek(2).text in ("{", ":")) and \
                not (self.peek().kind == "id" and self._struct_has_methods()):
            st = self.parse_struct()
            if not st.name and self.at(";"):
                raise self.error("an anonymous struct must declare a variable", code=3000)
            if self.accept(";"):
                return A.DeclStmt(pos, [])
            base: Type = st
        elif (self.at("class") or self.at("struct") and self._struct_has_methods()) and self.peek().kind == "id" and \
                self.peek(2).text in ("{", ":"):
            # a local class definition, as a local struct one (DXC CodeGenSPIRV type.class.hlsl: ``class R
            # { float2 rVal; } r0;`` in a function), optionally declaring variables; a local struct with methods too
            # (fxc 10.1, session 45 ACC: DXC cpp-errors' ``struct CInternal { int fn() { return this.i; } };``)
            from .classes import parse_type_decl

            found = parse_type_decl(self, mods, pos)
            # kept for the type check of its methods nothing calls (uncalled._methods: fxc 10.1 checks them)
            self.local_types.extend(d for d in found if isinstance(d, A.TypeDecl))
            decls = [d for d in found if isinstance(d, A.VarDecl)]
            for d in decls:
                self.check_mods(kind, mods, d.name, d.pos, d.init is not None)
            return A.DeclStmt(pos, decls)
        elif self.at_d3d12_buffer():
            # a local ConstantBuffer<S> makes no buffer: it acts as a constant S (vkd3d cbuffer.shader_test, fxc
            # at 5.1: read after ``= (s)1``, an assignment to a member fails)
            base = self.parse_constant_buffer_type()
            mods = {*mods, "const"}
        else:
            type_tok = self.tok
            base = self.parse_type()
            self.check_type_mods(mods, base, type_tok)
        mods |= self.post_type_mods()
        decls = self.parse_var_list(base, mods, pos)
        for d in decls:
            if isinstance(d, A.VarDecl):
                self.check_mods(kind, mods, d.name, d.pos, d.init is not None, d.type)
                if d.semantic is not None and not isinstance(d.type, StructType) or \
                        getattr(d, "registers", None) or getattr(d, "inactive_registers", None):
                    # a register() binding is one too, of any type, static or not, this profile's or another's
                    # (``float a : register(c0) = 1;``, ``Texture2D t : register(t0);``: d3dcompiler_47 10.1, session 48)
                    raise HlslError(d.pos.file, d.pos.line, d.pos.col, 3043,
                                    f"'{d.name}': local variables cannot have semantics")
        return A.DeclStmt(pos, [d for d in decls if isinstance(d, A.VarDecl)])

    # (expressions: parse_exprs.ExprParser)
