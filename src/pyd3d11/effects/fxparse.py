"""The effect-file grammar on top of the HLSL parser: techniques (``technique``/``technique10``/
``technique11``), ``fxgroup``, passes, state-block initialisers of state-object variables
(``BlendState b { ... };``, ``sampler s = sampler_state { ... };``) and annotations, recorded instead of
skipped (MicrosoftDocs "Effect Format", "Effect State Groups", "Annotation Syntax").

The plain HLSL parser (shader/hlsl/parser.py) parses the same syntax and throws it away, so the shaders
of an effect compile exactly as they do for a vs/ps target; this subclass keeps what it sees."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..shader.hlsl import ast as A
from ..shader.hlsl.parser import Parser
from ..shader.hlsl.types import Type


@dataclass
class Annotation:
    name: str
    type: Type
    value: A.Node | None
    pos: object = None


@dataclass
class StateEntry:
    """``name[index] = value;`` or a pass function call ``SetBlendState(a, b, c);`` (``call`` True)."""

    name: str
    index: int | None
    value: A.Node | None
    args: list = field(default_factory=list)
    call: bool = False
    pos: object = None


@dataclass
class PassDecl:
    name: str | None
    annotations: list[Annotation]
    entries: list[StateEntry]
    pos: object = None


@dataclass
class TechniqueDecl:
    name: str | None
    keyword: str
    annotations: list[Annotation]
    passes: list[PassDecl]
    group: str | None = None
    pos: object = None


@dataclass
class GroupDecl:
    name: str | None
    annotations: list[Annotation]
    techniques: list[TechniqueDecl]
    pos: object = None


def _after(a, b) -> bool:
    return (a.line, a.col) >= (b.line, b.col)


class EffectParser(Parser):
    """Parser that records the effect constructs while ``parse_program`` runs: ``techniques`` (those
    outside any fxgroup), ``groups`` (fxgroup blocks, in source order), ``var_blocks`` (variable name ->
    its state-block entry lists, one per array element), ``var_annotations`` and ``cb_annotations``."""

    def __init__(self, tokens):
        super().__init__(tokens)
        self.techniques: list[TechniqueDecl] = []
        self.groups: list[GroupDecl] = []
        self.var_blocks: dict[str, list[list[StateEntry]]] = {}
        self.var_annotations: dict[str, list[Annotation]] = {}
        self.cb_annotations: dict[str, list[Annotation]] = {}
        self._annots: list[tuple[object, list[Annotation]]] = []
        self._blocks: list[tuple[object, list[StateEntry]]] = []
        self._last_annotations: list[Annotation] = []
        self._log: list[tuple[object, list[Annotation]]] = []  # every annotation list, in source order
        #: ids of the hexadecimal integer literals parsed: fxc stores a hex constant of a state assignment as
        #: EST_UInt and a decimal one as EST_Int (its fx_5_0 objects of DXDecompiler's AdvancedEffect.fx:
        #: ``RenderTargetWriteMask[0] = 0x0F`` -> UInt 15, ``DepthBias = 5`` -> Int 5), which the AST does not keep
        self.hex_literals: set[int] = set()

    def parse_primary(self) -> A.Node:
        hex_token = self.tok.kind == "int" and self.tok.text.lower().startswith("0x")
        node = super().parse_primary()
        if hex_token:
            self.hex_literals.add(id(node))
        return node

    # --- annotations ------------------------------------------------------------------------------
    def skip_annotations(self) -> None:
        if not self.at("<"):
            self._last_annotations = []
            return
        start = self.next().pos
        out: list[Annotation] = []
        while not self.accept(">"):
            out += self.annotation_declaration(out)
        self._last_annotations = out
        self._annots.append((start, out))
        self._log.append((start, out))

    def annotation_declaration(self, earlier: list[Annotation]) -> list[Annotation]:
        """One ``type name[…] = value;`` of an annotation list (fx_4/fx_5: one declarator; ``earlier`` holds the
        list's annotations so far, for the fx_2_0 parser's rules)."""
        pos = self.tok.pos
        t = self.parse_type()
        name_tok = self.ident()
        name = name_tok.text
        if any(a.name == name for a in earlier):  # 10.1: X3003 in the annotations of any object kind
            raise self.error(f"redefinition of '{name}'", name_tok, 3003)
        t = self.parse_array_suffix(t)
        self.expect("=")
        value = self.parse_initializer() if self.at("{") else self.parse_assign()
        self.expect(";")
        return [Annotation(name, t, value, pos)]

    def parse_cbuffer(self, hoisted: list[A.Node]) -> A.CBufferDecl:
        """``cbuffer name [: register(bN)] [<annotations>] { ... }``: the buffer's own annotations are the
        first list parsed before its first member (functions and nested buffers go to ``hoisted``, as in HLSL)."""
        mark = len(self._log)
        cb = super().parse_cbuffer(hoisted)
        first = cb.members[0].pos if cb.members else None
        for where, items in self._log[mark:]:
            if first is None or not _after(where, first):
                self.cb_annotations[cb.name] = items
                break
        return cb

    # --- variables with state blocks ----------------------------------------------------------------
    def parse_var_list(self, base: Type, mods: set, pos) -> list[A.Node]:
        saved_a, saved_b = self._annots, self._blocks
        self._annots, self._blocks = [], []
        try:
            out = super().parse_var_list(base, mods, pos)
            decls = [d for d in out if isinstance(d, A.VarDecl)]
            for where, items in self._annots:
                owner = None
                for d in decls:
                    if _after(where, d.pos):
                        owner = d
                if owner is not None:
                    self.var_annotations[owner.name] = items
            for where, entries in self._blocks:
                owner = None
                for d in decls:
                    if _after(where, d.pos):
                        owner = d
                if owner is not None:
                    self.var_blocks.setdefault(owner.name, []).append(entries)
            return out
        finally:
            self._annots, self._blocks = saved_a, saved_b

    def _state_block_entries(self) -> list[StateEntry]:  # type: ignore[override]
        start = self.tok.pos
        entries: list[StateEntry] = []
        while not self.accept("}"):
            name = self.state_name()
            if self.at("("):
                args = self.parse_args()
                self.check_state_call(name, args)
                entries.append(StateEntry(name.text, None, None, args, True, name.pos))
                self.expect(";")
                continue
            index = None
            if self.accept("["):
                tok = self.next()
                if tok.kind != "int":
                    raise self.error(tok=tok)
                index = int(tok.text.rstrip("uUlL"), 0)
                self.expect("]")
            self.expect("=")
            if self.at("compile"):
                value = self.parse_primary()
            elif self.at("<"):  # ``Filter = <ANISOTROPIC>;`` (old syntax): the name inside the brackets
                self.next()
                value = self.parse_postfix(self.parse_primary())  # ``<g_vLightPos[0]>``: an element too
                self.expect(">")
            elif self.at("{"):
                value = self.parse_initializer()
            elif self.tok.kind == "id" and self.peek().text == ";" and self.tok.text not in ("true", "false"):
                # one word: a value name, also where it spells a type (D3D9 ``ColorArg1[0] = Texture;``, D3DTA_TEXTURE)
                value = A.Ident(self.tok.pos, self.next().text)
            else:
                value = self.parse_assign()
            self.expect(";")
            entries.append(StateEntry(name.text, index, value, [], False, name.pos))
        self._blocks.append((start, entries))
        return entries

    # --- techniques, passes, groups -----------------------------------------------------------------
    def parse_technique(self) -> None:
        kw = self.next()
        name = None
        if self.tok.kind == "id" and not self.at("{") and not self.at("<"):
            name = self.next().text
        self.skip_annotations()
        annots = self._last_annotations
        if kw.text == "fxgroup":
            self.expect("{")
            group = GroupDecl(name, annots, [], kw.pos)
            while not self.accept("}"):
                if self.tok.text not in ("technique10", "technique11"):
                    raise self.error("fxgroup may only hold technique10/technique11 blocks", self.tok, 3000)
                tech = self._technique_body(self.next())
                tech.group = name
                group.techniques.append(tech)
            self.accept(";")
            self.groups.append(group)
            return
        self.techniques.append(self._technique_rest(kw, name, annots))
        self.accept(";")

    def _technique_body(self, kw) -> TechniqueDecl:
        name = None
        if self.tok.kind == "id" and not self.at("{") and not self.at("<"):
            name = self.next().text
        self.skip_annotations()
        annots = self._last_annotations
        tech = self._technique_rest(kw, name, annots)
        self.accept(";")
        return tech

    def _technique_rest(self, kw, name, annots) -> TechniqueDecl:
        self.expect("{")
        tech = TechniqueDecl(name, kw.text, annots, [], None, kw.pos)
        while not self.accept("}"):
            p = self.expect_pass()
            pname = None
            if self.tok.kind == "id" and not self.at("{") and not self.at("<"):
                pname = self.next().text
            self.skip_annotations()
            pannots = self._last_annotations
            self.expect("{")
            saved = self._blocks
            self._blocks = []
            entries = self._state_block_entries()
            self._blocks = saved
            tech.passes.append(PassDecl(pname, pannots, entries, p.pos))
        return tech


def literal_number(n: A.Node):
    """The Python number a constant state value spells (``1``, ``-0.5f``, ``true``, ``0xFF``), or None."""
    if isinstance(n, A.Literal):
        if isinstance(n.value, bool):
            return int(n.value)
        return n.value
    if isinstance(n, A.Unary) and n.op in "-+" and n.op:
        v = literal_number(n.a)
        if v is None:
            return None
        return -v if n.op == "-" else v
    if isinstance(n, A.Cast):
        return literal_number(n.a)
    return None
