"""Mutants of the shader-test corpus's effect programs, judged by Microsoft's d3dcompiler_47 (issue 15).

The effect counterpart of :mod:`pyd3d11.tools.shader_test_mutants` (whose site hashing, textual operators and
judging it reuses). Seeds are every ``[effect]`` section of the shared files plus the ``[pixel shader]``
sections of the files written in effect syntax (``effect-*``, ``fxgroup-syntax``, ``state-block*``), each
compiled as an effect at the fx targets its ``[require]`` allows (fx_2_0 below 4.0, fx_4_0, fx_4_1, fx_5_0:
``shader_runner.EFFECT_PROFILES``) and, per mutant, at one more fx target picked by hash. The operators reach
the effect grammar of the MicrosoftDocs "Effect Format" pages (direct3d9 "Effect Format", direct3d11 "Effect
Format (Direct3D 11)", "Effect Group Syntax", "Technique Syntax", "Pass Syntax", "Annotation Syntax", "Effect
States", "Sampler Type", "Shader Type", "ConstructGSWithSO"):

* ``structure``: technique / pass / fxgroup keywords, names and nesting;
* ``annotation``: annotations added on techniques, passes and variables, and the types/values of those present;
* ``state``: pass states and state-object block entries of each dialect inserted (fx_2_0's D3D9 states, fx_4/5's
  ``SetXShader`` / ``SetXState`` calls and their assignment forms, the state-object entries of each kind);
* ``value``: a state's name (case, another state), index and right-hand side changed, a state call's arguments;
* ``compile``: ``compile`` / ``CompileShader`` / ``ConstructGSWithSO`` with other targets, arguments and SO strings;
* ``variable``: global variables inserted (string, shared, numeric with initialisers, textures, samplers with
  ``sampler_state``, state objects, shader variables, NULL forms, ``asm { }``), existing object types changed;
* ``asm``: the version and instructions of ``asm { }`` blocks.

Every mutant is also subject to the shader tool's textual operators (punctuation, literals, names turned into
keywords, types, widths, modifiers, operators, declarations). Effects compile with no entry point and the seed's
``[require]`` options. The classes are the shader tool's (``agree``, ``number``, ``we-accept``, ``we-reject``,
``crash``, ``fxc-crash``; a refusal agrees with an fxc message that has no error number)::

    python -m pyd3d11.tools.effect_mutants [--per-op N] [--salt WORD] [--cache FILE] [--json OUT] [--show CLASS]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from . import shader_test_mutants as stm
from .shader_runner import EFFECT_PROFILES

CORPUS = stm.CORPUS
FX_TARGETS = ("fx_2_0", "fx_4_0", "fx_4_1", "fx_5_0")
#: files whose pixel-shader sections are written in effect syntax (compiled here as effects as well)
EFFECT_SYNTAX_FILES = re.compile(r"(^|/)(effect-[^/]*|fxgroup-syntax|state-block[^/]*)\.shader_test$")


@dataclass(frozen=True, slots=True)
class Seed:
    """One effect (or effect-syntax pixel shader) section of the corpus."""

    file: str
    line: int
    source: str
    options: int
    targets: tuple[str, ...]  # the fx targets its [require] allows


@dataclass(frozen=True, slots=True)
class Mutant:
    seed: Seed
    op: str
    source: str
    target: str


def seeds(root: Path = CORPUS) -> list[Seed]:
    """Every ``[effect]`` section, and the pixel shaders of the effect-syntax files, with their fx targets."""
    out: list[Seed] = []
    for rel, ps, options, lo, hi in stm.hlsl_sections(root):
        if ps.shader.stage != "fx" and not (ps.shader.stage == "ps" and EFFECT_SYNTAX_FILES.search(rel)):
            continue
        targets = tuple(dict.fromkeys(EFFECT_PROFILES[m] for m in EFFECT_PROFILES if lo <= m < hi))
        if targets:
            out.append(Seed(rel, ps.section.line, ps.source, options, targets))
    return out


# ---------------------------------------------------------------------------------------------------
# sites of the effect grammar

_pick, _choices, _subst = stm._rng_pick, stm._choices, stm._subst
_TECH_RE = re.compile(r"\b(technique|technique10|technique11|Technique|TECHNIQUE)\b(\s+[A-Za-z_]\w*)?(\s*<[^<>]*>)?\s*\{")
_PASS_RE = re.compile(r"\b(pass|Pass|PASS)\b(\s+[A-Za-z_]\w*)?(\s*<[^<>]*>)?\s*\{")
_GROUP_RE = re.compile(r"\bfxgroup\b(\s+[A-Za-z_]\w*)?(\s*<[^<>]*>)?\s*\{")
_OBJ_BLOCK_RE = re.compile(r"\b(BlendState|DepthStencilState|RasterizerState|SamplerState|SamplerComparisonState|"
                           r"sampler(?:1D|2D|3D|CUBE)?|sampler_state|Sampler)\b([^;{}()]*)\{")
_ANNOT_RE = re.compile(r"<([^<>{}]*)>")
_ANNOT_ITEM_RE = re.compile(r"\b([A-Za-z_]\w*)\s+([A-Za-z_]\w*)\s*(\[\d*\])?\s*=\s*([^;<>]*);")
_ASSIGN_RE = re.compile(r"^([ \t]*)([A-Za-z_]\w*)(\s*\[[^\]\n]*\])?\s*=\s*([^;\n{}]*(?:\{[^{}\n]*\})?[^;\n{}]*);",
                        re.M)
_CALL_STATE_RE = re.compile(r"^([ \t]*)(Set\w+|OMSetRenderTargets)\s*\(([^;\n]*)\)\s*;", re.M)
_COMPILE_RE = re.compile(r"\bcompile\s+([A-Za-z_]\w*)\s+([A-Za-z_]\w*)\s*\(([^()]*)\)")
_CSHADER_RE = re.compile(r"\bCompileShader\s*\(\s*([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s*\(([^()]*)\)\s*\)")
_SO_RE = re.compile(r"\bConstructGSWithSO\s*\(")
_ASM_RE = re.compile(r"\basm\s*\{([^{}]*)\}", re.I)
_OBJ_DECL_RE = re.compile(r"^([ \t]*)(Texture\w*|texture\w*|teXture|sampler\w*|Sampler\w*|BlendState|DepthStencilState|"
                          r"RasterizerState|vertexshader|verteXshadeR|pixelshader|pixeLshadeR|VertexShader|PixelShader|"
                          r"GeometryShader|HullShader|DomainShader|ComputeShader|RenderTargetView|DepthStencilView|"
                          r"string|String)(<[^>\n]*>)?\s+([A-Za-z_]\w*)", re.M)


def _brace_end(src: str, at: int) -> int | None:
    """The index of the '}' closing the '{' at ``at``."""
    return stm._matching_brace(src, at)


def _bodies(src: str, rx: re.Pattern[str]) -> list[tuple[int, int]]:
    """(after '{', at '}') of each block whose header ``rx`` matches (its match ends at the '{')."""
    out = []
    for m in rx.finditer(src):
        end = _brace_end(src, m.end() - 1)
        if end is not None:
            out.append((m.end(), end))
    return out


_PRELUDE = ("float4 VSm(float4 p : POSITION) : SV_Position { return p; }\n"
            "float4 PSm() : SV_Target { return 1; }\n"
            "[numthreads(1, 1, 1)] void CSm() { }\n"
            "struct GSv { float4 p : SV_Position; };\n"
            "[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\n")
_PRELUDE_NAMES = re.compile(r"\b(VSm|PSm|CSm|GSm)\b")


def _with_prelude(src: str) -> str:
    """``src`` with the helper shader functions an inserted text names declared before it."""
    return _PRELUDE + src if _PRELUDE_NAMES.search(src) and "float4 VSm(" not in src else src


def _tech_word(src: str, key: str) -> str:
    m = _TECH_RE.search(src)
    if m:
        return m.group(1)
    return _pick(key, ["technique", "technique10", "technique11"], 1)[0]


def _into_pass(src: str, key: str, text: str) -> str:
    """``text`` inserted at the start of a pass (one picked by hash), or in a new pass / technique."""
    passes = _bodies(src, _PASS_RE)
    if passes:
        start, _ = _pick(key, passes, 1)[0]
        return _with_prelude(_subst(src, start, start, "\n        " + text))
    techs = _bodies(src, _TECH_RE)
    if techs:
        start, _ = _pick(key, techs, 1)[0]
        return _with_prelude(_subst(src, start, start, "\n    pass P_m { " + text + " }"))
    return _with_prelude(src + f"\n{_tech_word(src, key)} T_m {{ pass P_m {{ {text} }} }}\n")


def _global(src: str, key: str, text: str) -> str:
    """``text`` as a global declaration, before the first technique / fxgroup (or at the end)."""
    firsts = [m.start() for rx in (_TECH_RE, _GROUP_RE) for m in [rx.search(src)] if m]
    at = min(firsts) if firsts else len(src)
    return _with_prelude(_subst(src, at, at, text + "\n"))


# ---------------------------------------------------------------------------------------------------
# operators

_TECH_WORDS = ("technique", "technique10", "technique11", "Technique", "TECHNIQUE", "Technique11", "technique9",
               "fxgroup", "pass")
_PASS_WORDS = ("pass", "Pass", "PASS", "technique", "pass10")
_NAMES = ("T0", "P0", "main", "pass", "technique", "float", "NULL", "compile", "ds", "t1", "a", "VertexShader",
          "string", "sampler", "fxgroup", "T_m", "group1", "tech1", "p0", "_", "BlendState")


def _keyword_and_name(src: str, m, k: str, words: tuple, n_words: int) -> Iterator[tuple[str, str]]:
    """A technique's / pass's keyword (group 1 of ``m``) replaced, and its name (group 2) removed or replaced."""
    for w in _choices(k, words, m.group(1), n_words):
        yield "structure", _subst(src, m.start(1), m.end(1), w)
    if m.group(2):
        yield "structure", _subst(src, m.start(2), m.end(2), "")
        for n in _choices(f"{k}/n", _NAMES, m.group(2).strip(), 1):
            yield "structure", _subst(src, m.start(2), m.end(2), " " + n)
    else:
        for n in _choices(f"{k}/n", _NAMES, "", 1):
            yield "structure", _subst(src, m.end(1), m.end(1), " " + n)


def op_structure(src: str, key: str) -> Iterator[tuple[str, str]]:
    """Technique / pass / fxgroup keywords, names (absent, repeated, keywords) and nesting."""
    for m in _TECH_RE.finditer(src):
        yield from _keyword_and_name(src, m, f"{key}/t{m.start()}", _TECH_WORDS, 2)
        end = _brace_end(src, m.end() - 1)
        if end is None:
            continue
        block = src[m.start():end + 1]
        yield "structure", _subst(src, end + 1, end + 1, "\n" + block)  # the same technique (and name) twice
        yield "structure", _subst(src, end + 1, end + 1, ";")
        yield "structure", _subst(src, m.start(), end + 1, "fxgroup g_m\n{\n" + block + "\n}")
        yield "structure", _subst(src, m.end(), m.end(), "\n    pass {}\n    pass {}")
        yield "structure", _subst(src, m.end(), m.end(), f"\n    {m.group(1)} inner_m {{ }}")
        yield "structure", _subst(src, m.start(), end + 1, "")
    for m in _PASS_RE.finditer(src):
        yield from _keyword_and_name(src, m, f"{key}/p{m.start()}", _PASS_WORDS, 1)
        end = _brace_end(src, m.end() - 1)
        if end is None:
            continue
        block = src[m.start():end + 1]
        yield "structure", _subst(src, end + 1, end + 1, "\n    " + block)  # a pass of the same name twice
        yield "structure", _subst(src, m.end(), m.end(), " pass inner_m { } ")
        yield "structure", _subst(src, m.start(), end + 1, "") + "\n" + block  # the pass outside its technique
        yield "structure", _subst(src, end + 1, end + 1, ";")
    for m in _GROUP_RE.finditer(src):
        yield "structure", _subst(src, m.start(), m.start() + len("fxgroup"), "technique11")
        if m.group(1):
            yield "structure", _subst(src, m.start(1), m.end(1), "")
        end = _brace_end(src, m.end() - 1)
        if end is not None:
            yield "structure", _subst(src, end + 1, end + 1, "\n" + src[m.start():end + 1])
            yield "structure", _subst(src, m.end(), m.end(), " fxgroup inner_m { } ")
            yield "structure", _subst(src, m.end(), m.end(), " pass p_m { } ")
    if not _TECH_RE.search(src) and not _GROUP_RE.search(src):
        for w in _choices(f"{key}/add", ("technique", "technique10", "technique11", "fxgroup"), "", 2):
            yield "structure", src + f"\n{w} T_m {{ }}\n"
            yield "structure", src + f"\n{w} T_m {{ pass P_m {{ }} }}\n"


_ANNOTATIONS = (
    "int a_m = 1;", 'string s_m = "x";', "float4 v_m = {1, 2, 3, 4};", "bool b_m = true;", "float a_m[2] = {1, 2};",
    "Texture2D t_m;", "int a_m = 1", "", "int a_m = 1;;", 'string s_m = "a" "b";', "float f_m = 1.#INF;",
    "uint u_m = -1;", "int a_m;", "half h_m = 1;", "double d_m = 1;", "float2x2 m_m = {1, 2, 3, 4};",
    'string s_m[2] = {"a", "b"};', "int a_m = b_m;", "int a_m = 1; int a_m = 2;", "const int a_m = 1;",
    "uniform float a_m = 1;", 'String s_m = "x";', "string s_m = 1;", 'int i_m = "x";', "VertexShader v_m = NULL;",
    "int a_m = {1};", "float a_m = {1, 2};", "bool b_m = TRUE;", "int c_m = 0x10;", "min16float m_m = 1;",
    "float3 v_m = float3(1, 2, 3);", "int a_m = 1 + 2 * 3;", "float a_m = sin(0);", "float4 v_m = 1;",
    "texture t_m = NULL;", "sampler s_m = sampler_state { };", "int a_m = 1, b_m = 2;", "int2 a_m = {1, 2, 3};",
    "static int a_m = 5;", "row_major float2x3 m_m = {1, 2, 3, 4, 5, 6};", "struct S_m { int a; } v_m = { 2 };",
    "int a_m[] = {1, 2, 3};", "float a_m = -0.0;", "matrix m_m = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};",
    "string s_m = NULL;", "float a_m = 1e40;", "dword d_m = 1;", "vector v_m = {1, 2, 3, 4};",
)
_ANNOT_TYPES = ("int", "float", "string", "bool", "uint", "half", "double", "float4", "int2", "String",
                "Texture", "float2x2", "dword", "vector", "min16float", "SamplerState", "PixelShader")
_ANNOT_VALUES = ("1", "1.5", "-1", "true", "TRUE", '"s"', "{1, 2}", "{1}", "NULL", "a", "1 + 2", "0x7fffffff",
                 "float2(1, 2)", "(1)", "1.#INF", "{}", '""', "-0.0", "3000000000", "1e40", "false")


def op_annotation(src: str, key: str) -> Iterator[tuple[str, str]]:
    """Annotations added after a technique's / pass's / variable's name, and the items of those present."""
    sites: list[int] = []
    for rx in (_TECH_RE, _PASS_RE, _GROUP_RE):
        for m in rx.finditer(src):
            if "<" not in m.group(0):
                sites.append(m.end() - 1)
    for m in _OBJ_DECL_RE.finditer(src):
        sites.append(m.end(4))
    for m in re.finditer(r"^(?:static\s+|const\s+|uniform\s+|shared\s+)*(?:float|int|uint|bool|half|string)"
                         r"[1-4]?(?:x[1-4])?\s+([A-Za-z_]\w*)(?=\s*[;=:\[])", src, re.M):
        sites.append(m.end(1))
    for at in sites:
        for text in _choices(f"{key}/s{at}", _ANNOTATIONS, "", 2):
            yield "annotation", _subst(src, at, at, f" < {text} > ")
    for m in _ANNOT_RE.finditer(src):
        body = m.start(1)
        yield "annotation", _subst(src, m.start(), m.end(), "")
        yield "annotation", _subst(src, m.end(), m.end(), " < int b_m = 2; >")
        for it in _ANNOT_ITEM_RE.finditer(m.group(1)):
            k = f"{key}/i{m.start()}/{it.start()}"
            for t in _choices(f"{k}/t", _ANNOT_TYPES, it.group(1), 2):
                yield "annotation", _subst(src, body + it.start(1), body + it.end(1), t)
            for v in _choices(f"{k}/v", _ANNOT_VALUES, it.group(4).strip(), 2):
                yield "annotation", _subst(src, body + it.start(4), body + it.end(4), v)
            yield "annotation", _subst(src, body + it.end(2), body + it.end(2), "[2]")


# state lists of each dialect (the Effect States pages): pass states and state-object entries
_FX2_PASS_STATES = (
    "ZEnable = TRUE;", "ZEnable = true;", "ZENABLE = 1;", "zenable = false;", "CullMode = CCW;", "CullMode = ccw;",
    "CullMode = 3;", "AlphaBlendEnable = FALSE;", "SrcBlend = SRCALPHA;", "DestBlend = INVSRCALPHA;",
    "FillMode = WIREFRAME;", "Lighting = FALSE;", "Texture[0] = NULL;", "MinFilter[0] = LINEAR;",
    "AddressU[1] = WRAP;", "ColorOp[0] = MODULATE;", "ColorArg1[0] = TEXTURE;", "ColorWriteEnable = RED | GREEN;",
    "FogColor = 0xff00ff;", "LightEnable[0] = TRUE;", "LightDiffuse[0] = {1, 1, 1, 1};",
    "VertexShaderConstantF[0] = {1, 2, 3, 4};", "VertexShaderConstant4[2] = {1, 2, 3, 4};", "PointSize = 1.5;",
    "FooState = 1;", "ZEnable[0] = TRUE;", "ZEnable = {1, 2};", "VertexShader = NULL;", "PixelShader = NULL;",
    "VertexShader = compile vs_2_0 VSm();", "PixelShader = compile ps_2_0 PSm();",
    "PixelShader = asm { ps_2_0 mov oC0, c0 };", "StencilFunc = ALWAYS;", "BlendOp = ADD;", "ZFunc = LESSEQUAL;",
    "StencilRef = 0xff;", "AlphaRef = 0.5;", "ShadeMode = GOURAUD;", "TexCoordIndex[0] = 0;",
    "Sampler[0] = NULL;", "SetVertexShader(NULL);", "SetPixelShader(compile ps_2_0 PSm());",
    "WorldTransform[0] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};", "ProjectionTransform = 0;",
    "Wrap0 = U | V;", "SeparateAlphaBlendEnable = TRUE;", "MultiSampleAntialias = FALSE;", "Clipping = TRUE;",
    "PixelShaderConstantB[0] = TRUE;", "VertexShaderConstantI[0] = {1, 2, 3, 4};", "MaterialPower = 2;",
    "Ambient = 0x202020;", "FogEnable = FALSE;", "NormalizeNormals = TRUE;", "TexCoordIndex[8] = 0;",
    "LightEnable[8] = TRUE;", "Texture[16] = NULL;", "DepthBias = 0.5;", "ZWriteEnable = ZWriteEnable;",
)
_FX4_PASS_STATES = (
    "SetVertexShader(NULL);", "SetVertexShader(CompileShader(vs_4_0, VSm()));",
    "SetPixelShader(CompileShader(ps_4_0, PSm()));", "SetGeometryShader(NULL);",
    'SetGeometryShader(ConstructGSWithSO(CompileShader(vs_4_0, VSm()), "SV_Position.xyzw"));',
    "SetBlendState(NULL, float4(0, 0, 0, 0), 0xFFFFFFFF);", "SetDepthStencilState(NULL, 0);",
    "SetRasterizerState(NULL);", "VertexShader = NULL;", "PixelShader = compile ps_4_0 PSm();",
    "SetComputeShader(CompileShader(cs_5_0, CSm()));", "SetHullShader(NULL);", "SetDomainShader(NULL);",
    "BlendState = NULL;", "DS_StencilRef = 1;", "AB_BlendFactor = float4(1, 1, 1, 1);", "AB_SampleMask = 0xf;",
    "RasterizerState = NULL;", "SetVertexShader(0);", "SetVertexShader(1);", "SetVertexShader(null);",
    "SetPixelShader(NULL, NULL);", "SetPixelShader();", "setvertexshader(NULL);", "SETVERTEXSHADER(NULL);",
    "SetGeometryShader(CompileShader(gs_4_0, GSm()));", "SetGeometryShader(CompileShader(vs_4_0, VSm()));",
    "SetPixelShader(CompileShader(vs_4_0, VSm()));", "SetBlendState(NULL, 1, 0xFFFFFFFF);",
    "SetBlendState(NULL, float4(0, 0, 0, 0));", "SetDepthStencilState(NULL);", "SetRasterizerState(0);",
    "OMSetRenderTargets(NULL);", "OMSetRenderTargets(NULL, NULL, NULL);", "GeometryShader = NULL;",
    "ComputeShader = NULL;", "HullShader = NULL;", "DomainShader = NULL;", "DepthStencilState = NULL;",
    "AB_BlendFactor = 1;", "DS_StencilRef[0] = 1;", "VertexShader[0] = NULL;", "SetPixelShader(compile ps_4_0 PSm());",
    "SetComputeShader(NULL);", "SetVertexShader(CompileShader(vs_5_0, VSm()));",
    "SetVertexShader(CompileShader(vs_2_0, VSm()));", "SetPixelShader(CompileShader(ps_4_0_level_9_1, PSm()));",
    "SetVertexShader(CompileShader(vs_4_0, VSm(), 1));", "SetVertexShader(CompileShader(vs_4_0, PSm()));",
    "SetVertexShader(CompileShader(vs_4_0, VSm));", "Pixelshader = NULL;", "SetDepthStencilState(NULL, -1);",
    "SetDepthStencilState(NULL, 1.5);", "SetDepthStencilState(NULL, true);",
)
_OBJECT_STATES: dict[str, tuple[str, ...]] = {
    "blend": ("AlphaToCoverageEnable = FALSE;", "BlendEnable[0] = TRUE;", "SrcBlend = SRC_ALPHA;",
              "SrcBlend[0] = ONE;", "RenderTargetWriteMask[0] = 0x0F;", "BlendOp = REV_SUBTRACT;",
              "BlendEnable = TRUE;", "BlendEnable[8] = TRUE;", "BlendEnable[7] = TRUE;", "SrcBlend = one;",
              "SrcBlend = 2;", "DestBlend[7] = INV_DEST_COLOR;", "RenderTargetWriteMask[1] = 16;",
              "BlendOpAlpha = MAX;", "SrcBlendAlpha = SRC1_COLOR;", "BlendEnable[0] = 1;", "BlendEnable[0] = 2.5;",
              "IndependentBlendEnable = TRUE;", "AlphaToCoverageEnable[0] = FALSE;", "SrcBlend = BLEND_FACTOR;"),
    "depth": ("DepthEnable = FALSE;", "DepthWriteMask = ZERO;", "DepthWriteMask = ALL;", "DepthFunc = LESS_EQUAL;",
              "StencilEnable = TRUE;", "StencilReadMask = 0xff;", "FrontFaceStencilFunc = ALWAYS;",
              "BackFaceStencilPass = INCR_SAT;", "StencilWriteMask = 256;", "DepthFunc = LESSEQUAL;",
              "DepthEnable = true;", "DepthWriteMask = 1;", "FrontFaceStencilFail = KEEP;", "StencilReadMask = -1;",
              "DepthEnable[0] = TRUE;", "BackFaceStencilFunc = NEVER;", "DepthFunc = 4;", "DepthBounds = 1;"),
    "raster": ("FillMode = SOLID;", "CullMode = BACK;", "FrontCounterClockwise = TRUE;", "DepthBias = 1;",
               "DepthBiasClamp = 0.5;", "SlopeScaledDepthBias = 1.0;", "DepthClipEnable = FALSE;",
               "ScissorEnable = TRUE;", "MultisampleEnable = TRUE;", "AntialiasedLineEnable = FALSE;",
               "CullMode = CCW;", "FillMode = wireframe;", "DepthBias = 1.5;", "CullMode = 1;",
               "ForcedSampleCount = 4;", "ConservativeRaster = ON;", "FillMode[0] = SOLID;"),
    "sampler": ("Filter = MIN_MAG_MIP_LINEAR;", "Filter = ANISOTROPIC;", "AddressU = WRAP;", "AddressV = Clamp;",
                "AddressW = BORDER;", "MipLODBias = 0.5;", "MaxAnisotropy = 16;", "ComparisonFunc = LESS;",
                "BorderColor = float4(0, 0, 0, 1);", "MinLOD = 0;", "MaxLOD = 3.402823466e+38f;", "Texture = NULL;",
                "MinFilter = LINEAR;", "MagFilter = POINT;", "MipFilter = NONE;", "AddressU = MIRROR_ONCE;",
                "SRGBTexture = TRUE;", "BorderColor = 0xffffffff;", "MaxMipLevel = 0;", "MipMapLodBias = 0;",
                "Filter = COMPARISON_MIN_MAG_MIP_POINT;", "AddressU = 3;", "MaxAnisotropy = 17;",
                "BorderColor = {0, 0, 0, 1};", "AddressU[0] = WRAP;", "MinFilter = ANISOTROPIC;",
                "Texture = <t_m>;", "Texture = (t_m);", "Texture = t_m;", "ElementIndex = 1;",
                "DMapOffset = 1;", "AddressU = wrap;", "Filter = Min_Mag_Mip_Point;", "BorderColor = 1;"),
}
_OBJECT_KIND = {"BlendState": "blend", "DepthStencilState": "depth", "RasterizerState": "raster"}


def op_state(src: str, key: str) -> Iterator[tuple[str, str]]:
    """Pass states of both dialects, and state-object entries of the block's kind (or another kind)."""
    for i, text in enumerate(_pick(f"{key}/fx2", list(_FX2_PASS_STATES), 4)
                             + _pick(f"{key}/fx4", list(_FX4_PASS_STATES), 5)):
        yield "state", _into_pass(src, f"{key}/{i}", text)
    for m in _OBJ_BLOCK_RE.finditer(src):
        kind = _OBJECT_KIND.get(m.group(1), "sampler")
        end = _brace_end(src, m.end() - 1)
        if end is None:
            continue
        own = _pick(f"{key}/o{m.start()}", list(_OBJECT_STATES[kind]), 3)
        other = _pick(f"{key}/x{m.start()}", [s for k, v in _OBJECT_STATES.items() if k != kind for s in v], 1)
        for text in own + other:
            pre = "Texture2D t_m;\n" if "t_m" in text else ""
            yield "state", pre + _subst(src, m.end(), m.end(), "\n    " + text)


_STATE_NAMES = ("ZEnable", "CullMode", "SrcBlend", "BlendEnable", "DepthEnable", "Filter", "AddressU", "FillMode",
                "VertexShader", "PixelShader", "GeometryShader", "Texture", "MinFilter", "BorderColor",
                "RenderTargetWriteMask", "StencilRef", "DS_StencilRef", "AB_BlendFactor", "BlendState", "foo")
_STATE_VALUES = ("TRUE", "true", "FALSE", "1", "0", "-1", "1.5", "NULL", "null", "0x0F", "ONE", "one", "ZERO",
                 "SRC_ALPHA", "INV_SRC_ALPHA", "ADD", "MIN", "BACK", "NONE", "ALWAYS", "LESS_EQUAL",
                 "float4(1, 1, 1, 1)", "{1, 2, 3, 4}", "{1}", "(1)", "1 - 1", "2 * 3", '"s"', "WRAP", "LINEAR",
                 "CCW", "MIN_MAG_MIP_POINT", "ZERO | ONE", "!TRUE", "0u", "(bool)1", "1.#INF", "{TRUE}", "float2(1, 2)")
_INDICES = ("", "[0]", "[1]", "[7]", "[8]", "[-1]", "[1.5]", "[ ]", "[1 + 1]", "[0][0]", "[true]", "[15]", "[16]")
_CALL_ARGS = ("NULL", "0", "1 - 1", "null", "(NULL)", "NULL, NULL", "", "1", "float4(0, 0, 0, 0)", "0xFFFFFFFF",
              "2.5", "-1", "true", "{1, 2, 3, 4}")


def _case(word: str, k: str) -> str:
    return _pick(k, [word.lower(), word.upper(), word[:1].lower() + word[1:], word.swapcase()], 1)[0]


def op_value(src: str, key: str) -> Iterator[tuple[str, str]]:
    """A state's name (case, another name), its index and its value; a state call's name and arguments."""
    for m in _ASSIGN_RE.finditer(src):
        k = f"{key}/a{m.start()}"
        name, idx, value = m.group(2), m.group(3) or "", m.group(4).strip()
        if name in ("return",):
            continue
        yield "value", _subst(src, m.start(2), m.end(2), _case(name, f"{k}/c"))
        for n in _choices(f"{k}/n", _STATE_NAMES, name, 1):
            yield "value", _subst(src, m.start(2), m.end(2), n)
        for ix in _choices(f"{k}/i", _INDICES, idx.strip(), 2):
            yield "value", _subst(src, m.end(2), m.end(3) if m.group(3) else m.end(2), ix)
        for v in _choices(f"{k}/v", _STATE_VALUES, value, 3):
            yield "value", _subst(src, m.start(4), m.end(4), v)
        if re.fullmatch(r"[A-Za-z_]\w*", value):
            yield "value", _subst(src, m.start(4), m.end(4), _case(value, f"{k}/vc"))
    for m in _CALL_STATE_RE.finditer(src):
        k = f"{key}/c{m.start()}"
        yield "value", _subst(src, m.start(2), m.end(2), _case(m.group(2), f"{k}/c"))
        args = [a.strip() for a in m.group(3).split(",")] if m.group(3).strip() else []
        for i in range(len(args)):
            for v in _choices(f"{k}/{i}", _CALL_ARGS, args[i], 1):
                new = args[:i] + ([v] if v else []) + args[i + 1:]
                yield "value", _subst(src, m.start(3), m.end(3), ", ".join(new))
        if args:
            yield "value", _subst(src, m.start(3), m.end(3), ", ".join(args[:-1]))
        yield "value", _subst(src, m.start(3), m.end(3), ", ".join([*args, "0"]))
        for other in _choices(f"{k}/o", ("SetVertexShader", "SetPixelShader", "SetGeometryShader", "SetHullShader",
                                          "SetDomainShader", "SetComputeShader", "SetBlendState", "SetRasterizerState",
                                          "SetDepthStencilState", "OMSetRenderTargets", "SetStreamOutput"),
                              m.group(2), 1):
            yield "value", _subst(src, m.start(2), m.end(2), other)


_PROFILES = ("vs_1_1", "vs_2_0", "vs_2_a", "vs_3_0", "vs_4_0", "vs_4_1", "vs_4_0_level_9_1", "vs_5_0", "ps_2_0",
             "ps_2_b", "ps_3_0", "ps_4_0", "ps_4_1", "ps_5_0", "gs_4_0", "gs_5_0", "cs_4_0", "cs_5_0", "hs_5_0",
             "ds_5_0", "fx_5_0", "ps_6_0", "vs_5_1", "PS_4_0", "tx_1_0", "ps_1_1", "ps_4_0_level_9_3", "lib_4_0",
             "ps_1_4", "vs_4_0_level_9_2")
_SO_STRINGS = ('"SV_Position.xyzw"', '""', '"SV_Position.xy"', '"SV_Position"', '"POSITION.xyzw"', '"FOO.x"',
               '"0:SV_Position.xyzw"', '"SV_Position.xyzw; $SKIP.x"', '"SV_Position.xyzw", NULL, NULL, NULL, 0',
               '"SV_Position.xyzw", "", "", "", 1', '"SV_Position.xyzw", NULL, NULL, NULL, -1', 'NULL',
               '"SV_Position.xyzw", NULL', '"SV_Position.xyzw", "SV_Position.xyzw"', '"SV_Position.xyzw", NULL, '
               'NULL, NULL, 4', '1', '"SV_Position.xyzw" "x"')


def op_compile(src: str, key: str) -> Iterator[tuple[str, str]]:
    """``compile`` / ``CompileShader`` targets and arguments, the two forms swapped, ConstructGSWithSO's strings."""
    for m in _COMPILE_RE.finditer(src):
        k = f"{key}/m{m.start()}"
        for p in _choices(f"{k}/p", _PROFILES, m.group(1), 3):
            yield "compile", _subst(src, m.start(1), m.end(1), p)
        yield "compile", _subst(src, m.start(), m.end(), f"CompileShader({m.group(1)}, {m.group(2)}({m.group(3)}))")
        args = m.group(3)
        yield "compile", _subst(src, m.start(3), m.end(3), (args + ", 1") if args.strip() else "1")
        if args.strip():
            yield "compile", _subst(src, m.start(3), m.end(3), ", ".join(args.split(",")[:-1]))
    for m in _CSHADER_RE.finditer(src):
        k = f"{key}/s{m.start()}"
        for p in _choices(f"{k}/p", _PROFILES, m.group(1), 3):
            yield "compile", _subst(src, m.start(1), m.end(1), p)
        yield "compile", _subst(src, m.start(), m.end(), f"compile {m.group(1)} {m.group(2)}({m.group(3)})")
        yield "compile", _subst(src, m.start(), m.end(), f"CompileShader({m.group(1)}, {m.group(2)}({m.group(3)}), 1)")
    for m in _SO_RE.finditer(src):
        close = src.find(")", src.find(")", m.end()) + 1)  # past CompileShader(…, F())
        comma = src.find('"', m.end())
        if 0 < comma < close:
            for s in _choices(f"{key}/so{m.start()}", _SO_STRINGS, "", 3):
                yield "compile", _subst(src, comma, close, s)
    # inserted: a shader compiled at a target picked by hash, in the assignment and the call form
    for i, p in enumerate(_pick(f"{key}/ins", list(_PROFILES), 3)):
        fn = {"v": "VSm", "p": "PSm", "g": "GSm", "c": "CSm", "h": "VSm", "d": "VSm"}.get(p[0].lower(), "PSm")
        stage = {"v": "Vertex", "p": "Pixel", "g": "Geometry", "c": "Compute", "h": "Hull", "d": "Domain"}.get(
            p[0].lower(), "Pixel")
        yield "compile", _into_pass(src, f"{key}/ins{i}a", f"{stage}Shader = compile {p} {fn}();")
        yield "compile", _into_pass(src, f"{key}/ins{i}b", f"Set{stage}Shader(CompileShader({p}, {fn}()));")
    for i, s in enumerate(_pick(f"{key}/so", list(_SO_STRINGS), 2)):
        yield "compile", _global(src, f"{key}/so{i}",
                                 f"GeometryShader g_m = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), {s});")


_VARIABLES = (
    'string s_m = "abc";', "string s_m;", 'String s_m = "x";', 'string s_m[2] = {"a", "b"};', "string s_m = 1;",
    "shared float f_m = 1;", "shared Texture2D t_m;", "shared cbuffer cb_m { float f_m; };",
    "float4 f_m : SEM_M = {1, 2, 3, 4};", 'float f_m < string UIName = "x"; > = 1;', "Texture2D t_m;",
    'texture t_m < string name = "a.dds"; >;', "texture t_m; sampler s_m = sampler_state { Texture = <t_m>; };",
    "SamplerState s_m { Filter = MIN_MAG_MIP_POINT; };", "sampler2D s_m;",
    "BlendState b_m { BlendEnable[0] = TRUE; };",
    "BlendState b_m[2] = { { BlendEnable[0] = TRUE; }, { SrcBlend = ONE; } };",
    "DepthStencilState d_m { DepthEnable = FALSE; };", "RasterizerState r_m { CullMode = NONE; };",
    "VertexShader v_m = NULL;", "PixelShader p_m[2] = { NULL, NULL };", "VertexShader v_m = compile vs_2_0 VSm();",
    "VertexShader v_m = CompileShader(vs_4_0, VSm());",
    'GeometryShader g_m = ConstructGSWithSO(CompileShader(vs_4_0, VSm()), "SV_Position.xyzw");',
    "GeometryShader g_m = NULL;", "ComputeShader c_m = CompileShader(cs_5_0, CSm());", "RenderTargetView rtv_m;",
    "DepthStencilView dsv_m;", "int i_m = 1; float4 v_m = i_m;", "static const float k_m = 2;",
    "float4x4 m_m = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};", "bool b_m = TRUE;", "bool b_m = true;",
    "float f_m = NULL;", "uint u_m = 0xffffffff;", "half h_m = 1.5;", "double d_m = 1;", "min16float mf_m = 1;",
    "struct S_m { float a; int b; }; S_m s_m = { 1, 2 };", "float a_m[3] = { 1, 2, 3 };", "float a_m[] = { 1, 2 };",
    "Texture t_m;", "PixelShader p_m = asm { ps_2_0 mov oC0, c0 };",
    "VertexShader v_m = asm { vs_2_0 dcl_position v0 mov oPos, v0 };", "interface I_m { float f(); };",
    "RWTexture2D<float4> u_m;", "Buffer<float4> b_m;", "cbuffer cb_m { float c_m; };", "tbuffer tb_m { float t_m; };",
    "sampler s_m = sampler_state { MinFilter = LINEAR; AddressU = WRAP; };", "VertexShader v_m[2];",
    "SamplerComparisonState c_m { ComparisonFunc = LESS; };", "PixelShader p_m = 0;", "VertexShader v_m = 1 - 1;",
    "BlendState b_m = NULL;", "Texture2D t_m = NULL;", "string s_m = NULL;", "shared string s_m = \"a\";",
    'float f_m = "a";', "int i_m = 1.5;", "float4 f_m = {1, 2};", "float2 f_m = {1, 2, 3};", "bool2 b_m = 3;",
    "int i_m[2] = 1;", "float f_m : register(c0) = 1;", "Texture2D t_m : register(t3);",
    "sampler s_m : register(s1) = sampler_state { MinFilter = POINT; };", "uniform float u_m = 1;",
    "extern float e_m = 2;", "const float c_m = 1;", "static float s_m = 1;", "volatile float v_m;",
    "shared BlendState b_m { };", "stateblock sb_m = stateblock_state { ZEnable = TRUE; };",
    "float f_m < int a = 1; > < int b = 2; > = 1;", "vertexfragment vf_m = compile_fragment vs_2_0 VSm();",
)
_OBJ_TYPES = ("Texture", "texture", "Texture1D", "Texture2D", "Texture3D", "TextureCube", "Texture2DArray",
              "Texture2DMS<float4, 4>", "sampler", "sampler2D", "SamplerState", "BlendState", "DepthStencilState",
              "RasterizerState", "VertexShader", "PixelShader", "GeometryShader", "HullShader", "ComputeShader",
              "string", "String", "float4", "RenderTargetView", "DepthStencilView", "vertexshader", "PIXELSHADER",
              "Buffer<float4>", "RWTexture2D<float>", "sampler_state", "SamplerComparisonState", "TEXTURE")


def op_variable(src: str, key: str) -> Iterator[tuple[str, str]]:
    """Global variables of every kind inserted; an object variable's type changed, arrayed, made shared."""
    for i, text in enumerate(_pick(f"{key}/v", list(_VARIABLES), 8)):
        yield "variable", _global(src, f"{key}/{i}", text)
    for m in _OBJ_DECL_RE.finditer(src):
        k = f"{key}/o{m.start()}"
        for t in _choices(k, _OBJ_TYPES, m.group(2) + (m.group(3) or ""), 2):
            yield "variable", _subst(src, m.start(2), m.end(3) if m.group(3) else m.end(2), t)
        yield "variable", _subst(src, m.end(4), m.end(4), "[2]")
        yield "variable", _subst(src, m.start(2), m.start(2), "shared ")
        end = src.find(";", m.end())
        if end > 0 and "=" not in src[m.end():end] and "{" not in src[m.end():end]:
            for v in _choices(f"{k}/i", ("NULL", "0", "1", "{NULL}", "null", '"s"', "{}"), "", 1):
                yield "variable", _subst(src, end, end, " = " + v)


_ASM_VERSIONS = ("vs_1_1", "vs_2_0", "vs_3_0", "ps_1_1", "ps_1_4", "ps_2_0", "ps_2_x", "ps_3_0", "vs_2_x",
                 "ps_4_0", "tx_1_0", "")
_ASM_LINES = ("mov oC0, c0", "mov r0, c0", "dcl_2d s0", "texld r0, t0, s0", "mov oC0, v0", "def c0, 1, 0, 0, 1",
              "mov oPos, c0", "add r0, r0, r0", "nop", "dcl_texcoord v0", "mov oC0, r0", "foo r0", "mov oC1, c0",
              "mov oDepth, c0.x", "rcp r0, c0.x", "mov oC0, c256")


def op_asm(src: str, key: str) -> Iterator[tuple[str, str]]:
    """The version and instructions of ``asm { }`` blocks (inserted where the seed has none)."""
    blocks = list(_ASM_RE.finditer(src))
    if not blocks:
        for i, text in enumerate(_pick(f"{key}/new", ["PixelShader = asm { ps_2_0 mov oC0, c0 };",
                                                     "VertexShader = asm { vs_2_0 dcl_position v0 mov oPos, v0 };",
                                                     "PixelShader = asm { ps_3_0 def c0, 1, 0, 0, 1 mov oC0, c0 };",
                                                     "PixelShader = ASM { ps_1_1 mov r0, c0 };"], 2)):
            yield "asm", _into_pass(src, f"{key}/n{i}", text)
        return
    for m in blocks:
        body = m.group(1)
        vm = re.search(r"\b(vs|ps|tx)_\w+", body)
        k = f"{key}/b{m.start()}"
        if vm:
            for v in _choices(k, _ASM_VERSIONS, vm.group(0), 2):
                yield "asm", _subst(src, m.start(1) + vm.start(), m.start(1) + vm.end(), v)
        for line in _choices(f"{k}/l", _ASM_LINES, "", 2):
            yield "asm", _subst(src, m.end(1), m.end(1), " " + line + " ")
        yield "asm", _subst(src, m.start(1), m.end(1), body + " ; comment")


OPERATORS: dict[str, Callable[[str, str], Iterator[tuple[str, str]]]] = {
    "structure": op_structure, "annotation": op_annotation, "state": op_state, "value": op_value,
    "compile": op_compile, "variable": op_variable, "asm": op_asm,
    # the shader tool's textual kinds that reach effect text
    "punct": stm.op_punct, "literal": stm.op_literal, "rename": stm.op_rename, "type": stm.op_type,
    "width": stm.op_width, "modifier": stm.op_modifier, "operator": stm.op_operator,
    "declaration": stm.op_declaration,
}


def mutants(seed_list: list[Seed], per_op: int = 6, salt: str = "") -> list[Mutant]:
    """Each seed at each of its fx targets, and ``per_op`` mutants of each operator per seed, each compiled at one
    of the seed's targets and at one fx target of any model (both picked by hash)."""
    out: list[Mutant] = []
    seen: set[tuple[str, str, int]] = set()

    def add(seed: Seed, op: str, src: str, target: str) -> None:
        if (src, target, seed.options) not in seen:
            seen.add((src, target, seed.options))
            out.append(Mutant(seed, op, src, target))

    for seed in seed_list:
        key = f"{seed.file}:{seed.line}" + (f"#{salt}" if salt else "")
        for t in FX_TARGETS:
            add(seed, "target", seed.source, t)
        for name, fn in OPERATORS.items():
            made = list(dict.fromkeys(s for _, s in fn(seed.source, f"{key}/{name}") if s != seed.source))
            for i, src in enumerate(_pick(f"{key}/{name}", made, per_op)):
                add(seed, name, src, _pick(f"{key}/{name}/{i}/own", list(seed.targets), 1)[0])
                add(seed, name, src, _pick(f"{key}/{name}/{i}/any", list(FX_TARGETS), 1)[0])
    return out


# ---------------------------------------------------------------------------------------------------
# judging (effects compile with no entry point)

def ours(src: str, target: str, flags: int, timeout: float = 30.0) -> tuple[str, str, bytes | None]:
    """This project's verdict and object: ('ok', '', blob) / ('X####' or '-', message, None) / ('crash', …)."""
    from pyd3d11 import d3dcompiler as dc
    from pyd3d11.errors import D3D11Error

    from .shader_runner import BlockTimeout, time_limit

    data = src.encode()
    msgs: list = []
    try:
        with time_limit(timeout):
            blob = dc.D3DCompile(data, len(data), None, None, None, None, target, flags, 0, msgs)
    except D3D11Error as e:
        text = str(e) + "".join(bytes(m.GetBufferPointer()).decode("latin-1") for m in msgs)
        return stm._first_error(text), text.strip()[:400], None
    except BlockTimeout:
        return "crash", f"time limit {timeout} s", None
    except RecursionError:
        return "crash", "RecursionError", None
    except Exception as e:  # a raw Python exception is a compiler bug (the report's 'crash' class)
        return "crash", f"{type(e).__name__}: {e}"[:400], None
    return "ok", "", bytes(blob.GetBufferPointer())


def judge(our: str, theirs: str) -> str:
    """The shader tool's classes, except that a refusal agrees with one of fxc's effect-compiler messages that
    carry no error number (D3DX's "Unrecognized state", "There were no techniques", …): there is none to match."""
    if theirs == "-" and our not in ("ok", "crash"):
        return "agree"
    return stm.judge(our, theirs)


class FxcEffectCache(stm.FxcCache):
    """The shader tool's cache of the DLL's verdicts, compiling with no entry point; keeps fxc's objects too
    (hex, for the binary comparison) when ``objects`` is set."""

    def __init__(self, path: Path | None, objects: bool = False) -> None:
        super().__init__(path)
        self.objects = objects

    def verdict(self, src: str, target: str, flags: int) -> tuple[str, str]:
        k = self.key(src, target, flags)
        if k not in self.data or (self.objects and self.data[k][0] == "ok" and len(self.data[k]) < 3):
            if self._real is None:
                from .wine_d3dcompiler import WineD3DCompiler

                self._real = WineD3DCompiler()
            try:
                r = self._real.compile(src, target, None, flags1=flags)
            except (RuntimeError, TimeoutError) as e:  # the DLL itself crashed or hung (the driver restarts)
                self.data[k] = ["fxc-crash", str(e)]
            else:
                self.data[k] = ["ok" if r.ok else stm._first_error(r.messages), r.messages.strip()[:400]]
                if self.objects and r.ok and r.blob:
                    self.data[k].append(bytes(r.blob).hex())
        v = self.data[k]
        return v[0], v[1]

    def blob(self, src: str, target: str, flags: int) -> bytes | None:
        v = self.data.get(self.key(src, target, flags))
        return bytes.fromhex(v[2]) if v and len(v) > 2 else None


def binary_facts(blob: bytes, target: str) -> list | None:
    """What an effect object says, comparably between the two compilers: fx_5_0 through
    ``dxd_corpus.effect_facts``, fx_2_0 through the fx_2_0 reader's parameters / techniques; fx_4_x none (this
    project writes FX11's layout for it, fxc the Direct3D 10 one)."""
    if target == "fx_5_0":
        from .dxd_corpus import effect_facts

        return [repr(x) for x in effect_facts(blob)]
    if target == "fx_2_0":
        from pyd3d11.effects.fx2binary import read_fx2

        eff = read_fx2(blob)
        return ([repr(p) for p in eff.parameters] + [repr(t) for t in eff.techniques]
                + [repr(sorted(eff.strings.values()))])
    return None


def run(muts: list[Mutant], cache: FxcEffectCache, progress: bool = False) -> list[dict]:
    rows = []
    for i, m in enumerate(muts):
        fx, fx_msg = cache.verdict(m.source, m.target, m.seed.options)
        us, us_msg, blob = ours(m.source, m.target, m.seed.options)
        row = {"file": m.seed.file, "line": m.seed.line, "op": m.op, "target": m.target, "flags": m.seed.options,
               "class": judge(us, fx), "ours": us, "fxc": fx, "ours_msg": us_msg, "fxc_msg": fx_msg,
               "source": m.source}
        if cache.objects and us == "ok" and fx == "ok":
            theirs = cache.blob(m.source, m.target, m.seed.options)
            try:
                a = binary_facts(blob, m.target) if blob else None
                b = binary_facts(theirs, m.target) if theirs else None
            except Exception as e:  # a reader refusing one of the objects is a difference worth listing
                a, b = [f"reader: {type(e).__name__}: {e}"], []
            if a is not None and b is not None:
                row["binary"] = "equal" if a == b else "differ"
                if a != b:
                    row["binary_diff"] = [x for x in a if x not in b][:6] + ["--"] + [x for x in b if x not in a][:6]
        rows.append(row)
        if progress and i % 500 == 499:
            print(f"  {i + 1}/{len(muts)}", file=sys.stderr, flush=True)
            cache.save()
    cache.save()
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pyd3d11.tools.effect_mutants", description=__doc__.split("\n")[0])
    ap.add_argument("--per-op", type=int, default=6, help="mutants per operator per seed")
    ap.add_argument("--cache", type=Path, default=Path("/tmp/effect_mutants_fxc.json"))
    ap.add_argument("--json", type=Path, help="write every row (class, verdicts, messages, source) here")
    ap.add_argument("--corpus", type=Path, default=CORPUS, help="the shader-test folder (default: ../shared's)")
    ap.add_argument("--only", help="only seeds whose file name contains this")
    ap.add_argument("--ops", help="comma-separated operators (default: all, plus 'target')")
    ap.add_argument("--salt", default="", help="a word mixed into the site hashes: fresh mutants (default: none)")
    ap.add_argument("--binary", action="store_true", help="compare the objects both compilers make (fx_2_0, fx_5_0)")
    ap.add_argument("--show", default="", help="comma-separated classes whose rows to print")
    a = ap.parse_args(argv)
    seed_list = [s for s in seeds(a.corpus) if not a.only or a.only in s.file]
    muts = mutants(seed_list, a.per_op, a.salt)
    if a.ops:
        keep = set(a.ops.split(","))
        muts = [m for m in muts if m.op in keep]
    print(f"{len(seed_list)} seeds, {len(muts)} mutants", file=sys.stderr)
    cache = FxcEffectCache(a.cache, objects=a.binary)
    try:
        rows = run(muts, cache, progress=True)
    finally:
        cache.close()
    if a.json:
        a.json.write_text(json.dumps(rows, indent=0), encoding="utf-8")
    stm.report(rows, a.show, OPERATORS)
    binary = Counter(r["binary"] for r in rows if "binary" in r)
    if binary:
        print(f"binary: equal {binary['equal']} / compared {binary['equal'] + binary['differ']}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
