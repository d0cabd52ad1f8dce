"""Parsing of the effect syntax a shader source may carry (``technique`` / ``technique10`` / ``technique11`` /
``fxgroup`` blocks and their passes, the entries of state blocks): read for syntax when a shader target compiles an
effect file, built by ``effects/`` for the fx targets (MicrosoftDocs "Effect Format (Direct3D 11)", "Effect
Technique Syntax"). A mixin of :class:`.parser.Parser`, split out of parser.py unchanged.
"""

from __future__ import annotations

from . import ast as A
from .lexer import Token
from .types import ObjectType

#: effect state-block functions -> (min, max) argument counts
_STATE_FUNCS = {"SetBlendState": (3, 3), "SetDepthStencilState": (2, 2), "SetRasterizerState": (1, 1),
                "SetVertexShader": (1, 1), "SetDomainShader": (1, 1), "SetHullShader": (1, 1),
                "SetGeometryShader": (1, 1), "SetPixelShader": (1, 1), "SetComputeShader": (1, 1),
                "OMSetRenderTargets": (2, 9)}
#: the effect framework's shader-building calls, which are no undefined functions on a state's right-hand side:
#: ``VertexShader = CompileShader(vs_4_0, VS());`` is the assignment form of SetVertexShader's argument, and the
#: same expression that initialises a shader variable (MicrosoftDocs "Effect Format", "Shader Type"; the
#: fx_5_0 ``BindInterfaces`` and ``ConstructGSWithSO`` likewise)
_EFFECT_SHADER_BUILTINS = frozenset({"CompileShader", "ConstructGSWithSO", "BindInterfaces"})


class EffectSyntaxParser:
    """Technique and state-block syntax (its methods read the token stream of :class:`.parser.Parser`)."""

    def parse_technique(self) -> None:
        """``technique[10|11] [name] [<annotations>] { pass [name] [<...>] { state entries } ... }`` (fxgroups
        hold techniques). Effects are parsed for syntax only."""
        kw = self.next().text
        if self.tok.kind == "id":
            self.next()
        self.skip_annotations()
        self.expect("{")
        while not self.accept("}"):
            if kw == "fxgroup":
                if self.tok.text not in ("technique10", "technique11"):
                    raise self.error()
                self.parse_technique()
                continue
            self.expect_pass()
            if self.tok.kind == "id":
                self.next()
            self.skip_annotations()
            self.expect("{")
            self._state_block_entries()
        self.accept(";")

    def state_name(self) -> Token:
        """The name of a state-block entry: any identifier, effect keywords included (``PixelShader =
        compile ps_4_0 PS();``), which ``ident`` refuses as variable names."""
        if self.tok.kind != "id":
            raise self.error()
        return self.next()

    def _state_block_entries(self) -> None:
        while not self.accept("}"):
            name = self.state_name()
            if self.at("("):
                lo_hi = _STATE_FUNCS.get(name.text)
                if lo_hi is None:
                    raise self.error(f"unknown state block function '{name.text}'", name, 3000)
                args = self.parse_args()
                if not lo_hi[0] <= len(args) <= lo_hi[1]:
                    raise self.error(f"'{name.text}': wrong number of arguments", name, 3000)
                self.expect(";")
                continue
            if self.accept("["):
                if self.tok.kind != "int":
                    raise self.error()
                self.next()
                self.expect("]")
            self.expect("=")
            if self.at("compile"):
                self.state_values.append(self.parse_primary())
            elif self.at("<"):
                self.skip_annotations()
            elif self.at("{"):
                self.parse_initializer()
            elif self.tok.text == "stateblock_state" and self.peek().text == "{":  # D3D9 inline block: syntax only
                self.i += 2
                self._state_block_entries()
            elif self.tok.text.lower() == "texture" and self.peek().text == ";":
                # D3D9 effect states name D3DTA_TEXTURE "Texture" (``ColorArg1[0] = Texture;``, the DirectX SDK's
                # ConfigSystem main.fx): a state enumeration value, not the type keyword
                tok = self.next()
                self.state_values.append(A.Ident(tok.pos, tok.text))
            else:
                v = self.parse_assign()
                from .codegen import walk

                for n in walk(v):
                    if isinstance(n, A.Call) and n.name not in self.func_names and \
                            n.name not in _EFFECT_SHADER_BUILTINS or \
                            isinstance(n, A.Cast) and isinstance(n.type, ObjectType):
                        raise self.error("invalid state block value", name, 3000)
                self.state_values.append(v)
            self.expect(";")
