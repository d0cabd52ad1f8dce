"""Mutants of the shader-test corpus's HLSL programs, judged by Microsoft's d3dcompiler_47 (issue 15).

The project's measure is a set of vkd3d shader tests it has not seen; their compile expectations agree
with fxc at 4.0/4.1/5.0, so close variants of the programs it has seen (``../shared/conformance/
shader-tests``), compiled both by this project and by the real DLL (:mod:`pyd3d11.tools.wine_d3dcompiler`),
show where the two compilers' verdicts part. Each HLSL shader section is a seed; each mutation operator
below makes small textual changes of one kind (a target, a scalar type, a vector width, a literal, a
swizzle, a modifier, an intrinsic within its family, an operator, a cast, a semicolon or brace, a name
turned into a keyword, a statement wrapped in ``if``/``for``). The choice of sites is deterministic (a hash
of the seed and the operator), so two runs make the same mutants and a before/after figure compares like
with like.

Every mutant is compiled with entry ``main`` at its target (the options of the seed's ``[require]``, as the
C runner passes them) and classed: ``agree`` (both accept, or both reject with the same first error
number), ``number`` (both reject, different first numbers), ``we-accept`` (fxc rejects), ``we-reject`` (fxc
accepts), ``crash`` (our compiler raised something other than a D3D11Error, or ran past the time limit); a mutant
that crashes the DLL itself is ``fxc-crash`` and judges nothing.

The DLL's answers are cached (``--cache``) so that a second run after a compiler change costs only our
side's compiles::

    python -m pyd3d11.tools.shader_test_mutants [--per-op N] [--salt WORD] [--cache FILE] [--json OUT] [--show CLASS]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .shader_test_format import MODELS, Model, parse_file_text

REPO = Path(__file__).resolve().parents[3]
CORPUS = REPO.parent / "shared" / "conformance" / "shader-tests"
#: models d3dcompiler_47 compiles shaders for (FORMAT.md's compile-only checks cover 2.0-5.1)
TARGET_MODELS: tuple[Model, ...] = tuple(m for m in MODELS if m < (6, 0))
#: the stages that have a profile at each model: SM2/3 have only vs/ps; gs/cs from 4.0; hs/ds from 5.0
#: (MicrosoftDocs direct3dhlsl "Specifying Compiler Targets")
STAGE_MODELS: dict[str, tuple[Model, ...]] = {
    "vs": TARGET_MODELS, "ps": TARGET_MODELS,
    "gs": tuple(m for m in TARGET_MODELS if m >= (4, 0)), "cs": tuple(m for m in TARGET_MODELS if m >= (4, 0)),
    "hs": ((5, 0), (5, 1)), "ds": ((5, 0), (5, 1)),
}


@dataclass(frozen=True, slots=True)
class Seed:
    """One HLSL shader section of the corpus."""

    file: str
    line: int
    stage: str
    source: str
    options: int
    models: tuple[Model, ...]  # the models its [require] allows, among STAGE_MODELS[stage]


@dataclass(frozen=True, slots=True)
class Mutant:
    seed: Seed
    op: str
    source: str
    target: str


def hlsl_sections(root: Path = CORPUS) -> Iterator[tuple]:
    """(file, parsed section, compile options, lowest model, model bound) of every HLSL shader section of the
    corpus's files, under the ``[require]`` before it; a file the parser refuses gives none."""
    for path in sorted(root.rglob("*.shader_test")):
        rel = path.relative_to(root).as_posix()
        try:
            sections = parse_file_text(path.read_text(encoding="utf-8"))
        except Exception:  # a file the parser refuses has no seeds
            continue
        options, lo, hi = 0, (0, 0), (99, 0)
        for ps in sections:
            if ps.kind == "require" and ps.require is not None:
                options, lo, hi = ps.require.compile_options, ps.require.min_model, ps.require.max_model_exclusive
            elif ps.kind == "shader" and ps.shader is not None and ps.shader.source_format == "hlsl":
                yield rel, ps, options, lo, hi


def seeds(root: Path = CORPUS) -> list[Seed]:
    """Every HLSL vs/ps/gs/cs/hs/ds section of the corpus (effects are left out: their targets are fx_*)."""
    out: list[Seed] = []
    for rel, ps, options, lo, hi in hlsl_sections(root):
        stage = ps.shader.stage
        if stage not in STAGE_MODELS:
            continue
        models = tuple(m for m in STAGE_MODELS[stage] if lo <= m < hi)
        out.append(Seed(rel, ps.section.line, stage, ps.source, options, models))
    return out


def profile(stage: str, model: Model) -> str:
    return f"{stage}_{model[0]}_{model[1]}"


# ---------------------------------------------------------------------------------------------------
# mutation operators: each yields (operator name, new source) for the sites of one seed

_TYPE_WORDS = ("float", "int", "uint", "bool", "half", "double", "min16float", "min10float", "min16int",
               "min16uint", "dword")
_TYPE_RE = re.compile(r"\b(float|int|uint|bool|half|double|min16float|min10float|min16int|min16uint|dword)"
                      r"([1-4](?:x[1-4])?)?\b")
_NUM_RE = re.compile(r"(?<![\w.])(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?([fFhHlLuU]*)(?![\w.])")
_SWZ_RE = re.compile(r"(?<=[\w)\]])\.([xyzw]{1,4}|[rgba]{1,4})\b")
_IDENT_DECL_RE = re.compile(r"\b(?:float|int|uint|bool|half|double)(?:[1-4](?:x[1-4])?)?\s+([A-Za-z_]\w*)\s*(?=[;=,)\[:])")
_STMT_RE = re.compile(r"^([ \t]+)([^\n{}]*;)[ \t]*$", re.M)
_MODIFIERS = ("static", "const", "uniform", "precise", "row_major", "column_major", "nointerpolation",
              "volatile", "extern", "shared", "groupshared", "linear", "centroid", "noperspective", "sample",
              "in", "out", "inout", "snorm", "unorm", "inline", "static const", "const static")
_KEYWORDS = ("float", "int", "vector", "matrix", "texture", "sampler", "string", "pixelshader", "vertexshader",
             "compile", "line", "point", "triangle", "linear", "centroid", "sample", "in", "out", "register",
             "packoffset", "true", "NULL", "half", "dword", "snorm", "asm", "technique", "pass", "Buffer",
             "Texture2D", "SamplerState", "min16float", "auto", "class", "interface", "namespace", "struct",
             "template", "this", "typedef", "fxgroup", "stateblock", "decl", "sampler_state", "shared", "cbuffer",
             "tbuffer", "precise", "unsigned", "export", "inline", "discard", "lineadj", "triangleadj",
             "compile_fragment", "Texture", "texture2D", "POSITION", "main", "uint2", "abs", "sin", "max",
             "row_major", "nointerpolation", "RWTexture2D", "groupshared", "globallycoherent", "const")
_INTRINSIC_FAMILIES = (
    ("sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh"),
    ("exp", "exp2", "log", "log2", "log10", "sqrt", "rsqrt", "rcp"),
    ("frac", "floor", "ceil", "round", "trunc", "abs", "saturate", "sign"),
    ("ddx", "ddy", "ddx_fine", "ddy_coarse", "fwidth"),
    ("min", "max", "step", "pow", "atan2", "fmod", "ldexp", "dot", "distance", "cross", "reflect"),
    ("lerp", "clamp", "smoothstep", "mad", "fma"),
    ("all", "any", "isnan", "isinf", "isfinite"),
    ("asfloat", "asint", "asuint"),
    ("length", "normalize", "determinant", "transpose"),
    ("countbits", "firstbithigh", "firstbitlow", "reversebits"),
    ("f32tof16", "f16tof32"),
)
_FAMILY_OF = {name: fam for fam in _INTRINSIC_FAMILIES for name in fam}
_CALL_RE = re.compile(r"\b(" + "|".join(sorted(_FAMILY_OF, key=len, reverse=True)) + r")(?=\s*\()")
_BINOPS = ("+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "&&", "||", "<", ">", "<=", ">=", "==", "!=",
           ",")
_BINOP_RE = re.compile(r"(?<=[\w)\]])\s*(<<|>>|&&|\|\||<=|>=|==|!=|[-+*/%&|^<>])\s*(?=[\w(.])")
_ASSIGN_RE = re.compile(r"(?<=[\w)\]])\s*(\+=|-=|\*=|/=|%=|&=|\|=|\^=|<<=|>>=|=)(?!=)\s*")
_CAST_RE = re.compile(r"\((?:float|int|uint|bool|half|double)(?:[1-4](?:x[1-4])?)?\)")
_CASTS = ("(float)", "(int)", "(uint)", "(bool)", "(half)", "(double)", "(float4)", "(int2)", "(bool3)",
          "(float2x2)", "(min16float)", "(uint4)", "(float1)", "(float1x1)")
_LITERALS = ("0", "1", "-1", "0x1", "0xffffffff", "0x100000000", "4294967296", "2147483648", "-2147483648",
             "010", "08", "1e40", "1e-50", "1.5f", "1.5h", "1.5l", "1.5L", "1.5lf", "1u", "1U", "1l", "1ul",
             "1.", ".5", "1e3", "1.0e", "0.0f", "-0.0", "1.#INF", "true", "false", "1h", "1f", "0x1u", "1ll",
             "3000000000", "1.5e+3f", "0b1", "1_0", "'a'", "\"s\"")


def _rng_pick(key: str, items: list, n: int) -> list:
    """``n`` of ``items`` chosen by a hash of ``key`` (deterministic, spread over the list)."""
    if len(items) <= n:
        return list(items)
    ranked = sorted(range(len(items)), key=lambda i: hashlib.sha1(f"{key}/{i}".encode()).digest())
    return [items[i] for i in sorted(ranked[:n])]


def _subst(src: str, start: int, end: int, text: str) -> str:
    return src[:start] + text + src[end:]


def _choices(key: str, options: tuple[str, ...] | list[str], exclude: str, n: int = 2) -> list[str]:
    return _rng_pick(key, [o for o in options if o != exclude], n)


def op_type(src: str, key: str) -> Iterator[tuple[str, str]]:
    for m in _TYPE_RE.finditer(src):
        for t in _choices(f"{key}/{m.start()}", _TYPE_WORDS, m.group(1), 2):
            yield "type", _subst(src, m.start(1), m.end(1), t)


def op_width(src: str, key: str) -> Iterator[tuple[str, str]]:
    widths = ("", "1", "2", "3", "4", "1x1", "2x2", "3x4", "4x1", "1x4", "4x4", "5", "0", "2x")
    for m in _TYPE_RE.finditer(src):
        for w in _choices(f"{key}/{m.start()}", widths, m.group(2) or "", 2):
            yield "width", _subst(src, m.start(), m.end(), m.group(1) + w)


def op_literal(src: str, key: str) -> Iterator[tuple[str, str]]:
    for m in _NUM_RE.finditer(src):
        if src[max(0, m.start() - 9):m.start()].rstrip().endswith(("register(", "[", "numthreads(")):
            pass  # still mutated: array sizes and register numbers are rules too
        for lit in _choices(f"{key}/{m.start()}", _LITERALS, m.group(0), 3):
            yield "literal", _subst(src, m.start(), m.end(), lit)


def op_swizzle(src: str, key: str) -> Iterator[tuple[str, str]]:
    swz = ("x", "xy", "xyz", "xyzw", "w", "wzyx", "xx", "rgba", "r", "xg", "xyzwx", "q", "_m00", "_11", "a",
           "yw", "zzzz", "xyzx", "_m00_m11", "s")
    for m in _SWZ_RE.finditer(src):
        for s in _choices(f"{key}/{m.start()}", swz, m.group(1), 2):
            yield "swizzle", _subst(src, m.start(1), m.end(1), s)


def op_modifier(src: str, key: str) -> Iterator[tuple[str, str]]:
    for m in _TYPE_RE.finditer(src):
        for mod in _choices(f"{key}/{m.start()}", _MODIFIERS, "", 2):
            yield "modifier", _subst(src, m.start(), m.start(), mod + " ")
    for m in re.finditer(r"\b(static|const|uniform|precise|row_major|column_major|nointerpolation|in|out|inout|"
                         r"groupshared|linear|centroid|noperspective)\s+", src):
        yield "modifier", _subst(src, m.start(), m.end(), "")
        yield "modifier", _subst(src, m.start(), m.start(), m.group(0))  # duplicated


def op_intrinsic(src: str, key: str) -> Iterator[tuple[str, str]]:
    for m in _CALL_RE.finditer(src):
        for name in _choices(f"{key}/{m.start()}", _FAMILY_OF[m.group(1)], m.group(1), 2):
            yield "intrinsic", _subst(src, m.start(), m.end(), name)


def op_operator(src: str, key: str) -> Iterator[tuple[str, str]]:
    for m in _BINOP_RE.finditer(src):
        # leave '<'/'>' of templates (Texture2D<float4>) and the '-' of negative literals after 'e' alone
        if m.group(1) in "<>" and re.search(r"[A-Z]\w*\s*<[^;()]*$", src[max(0, m.start() - 40):m.end()]):
            continue
        for op in _choices(f"{key}/{m.start()}", _BINOPS, m.group(1), 2):
            yield "operator", _subst(src, m.start(1), m.end(1), op)
    assigns = ("=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=")
    for m in _ASSIGN_RE.finditer(src):
        for op in _choices(f"{key}/a{m.start()}", assigns, m.group(1), 1):
            yield "operator", _subst(src, m.start(1), m.end(1), op)
    for m in re.finditer(r"(?<=[=(,]) *(?=[A-Za-z_(])", src):
        for u in _choices(f"{key}/u{m.start()}", ("-", "!", "~", "+", "++", "--"), "", 1):
            yield "operator", _subst(src, m.end(), m.end(), u)


def op_cast(src: str, key: str) -> Iterator[tuple[str, str]]:
    for m in _CAST_RE.finditer(src):
        yield "cast", _subst(src, m.start(), m.end(), "")
        for c in _choices(f"{key}/{m.start()}", _CASTS, m.group(0), 1):
            yield "cast", _subst(src, m.start(), m.end(), c)
    for m in re.finditer(r"(?<=[=(,]) *(?=[A-Za-z_(])", src):
        for c in _choices(f"{key}/c{m.start()}", _CASTS, "", 1):
            yield "cast", _subst(src, m.end(), m.end(), c)


def op_punct(src: str, key: str) -> Iterator[tuple[str, str]]:
    for m in re.finditer(r";", src):
        yield "punct", _subst(src, m.start(), m.end(), "")
        yield "punct", _subst(src, m.start(), m.end(), ";;")
    for m in re.finditer(r"\}", src):
        yield "punct", _subst(src, m.end(), m.end(), ";")
        yield "punct", _subst(src, m.start(), m.end(), "")
    for m in re.finditer(r"\{", src):
        yield "punct", _subst(src, m.end(), m.end(), "{}")
        yield "punct", _subst(src, m.end(), m.end(), "{")
    yield "punct", ";" + src
    yield "punct", src + "\n;\n"


def op_rename(src: str, key: str) -> Iterator[tuple[str, str]]:
    names = sorted({m.group(1) for m in _IDENT_DECL_RE.finditer(src)} - {"main"})
    for name in names:
        for kw in _choices(f"{key}/{name}", _KEYWORDS, name, 3):
            yield "rename", re.sub(rf"\b{re.escape(name)}\b", kw, src)


def op_wrap(src: str, key: str) -> Iterator[tuple[str, str]]:
    wraps = ("if (true) {{ {s} }}", "if (0) {{ {s} }}", "for (int i_w = 0; i_w < 2; ++i_w) {{ {s} }}",
             "[unroll] for (uint i_w = 0; i_w < 1; i_w++) {{ {s} }}", "do {{ {s} }} while (false);",
             "while (false) {{ {s} }}", "{{ {s} }}", "if (1) {s} else ;", "[branch] if (false) {s}",
             "[loop] for (;;) {{ {s} break; }}", "switch (0) {{ case 0: {s} break; }}")
    for m in _STMT_RE.finditer(src):
        for w in _choices(f"{key}/{m.start()}", wraps, "", 2):
            yield "wrap", _subst(src, m.start(2), m.end(2), w.format(s=m.group(2)))


# ---------------------------------------------------------------------------------------------------
# round 2 (session 37): function-, declaration-, statement- and expression-level mutants

_FUNC_RE = re.compile(r"^[ \t]*((?:\[[^\]\n]*\][ \t]*\n?[ \t]*)*)((?:(?:static|inline|precise|export)\s+)*)"
                      r"([A-Za-z_]\w*(?:<[^>\n]*>)?)\s+([A-Za-z_]\w*)\s*\(([^(){};]*)\)\s*(:\s*\w+\s*)?(?=\{)", re.M)
_SEMANTIC_RE = re.compile(r":\s*([A-Za-z_]\w*?)(\d*)\b(?=\s*[;,){=])")
_SEMANTICS = ("SV_Target", "SV_Target1", "SV_Position", "SV_POSITION", "COLOR", "COLOR1", "TEXCOORD0", "TEXCOORD9",
              "SV_Depth", "POSITION", "SV_IsFrontFace", "SV_VertexID", "SV_InstanceID", "SV_PrimitiveID", "FOO",
              "SV_DispatchThreadID", "SV_Coverage", "VPOS", "DEPTH", "PSIZE", "SV_ClipDistance0", "FOG", "sv_target")
_PARAM_MODS = ("in", "out", "inout", "uniform", "const", "in out", "static", "precise", "nointerpolation",
               "centroid", "linear")
_RET_TYPES = ("void", "float", "float4", "int", "uint2", "bool", "half3", "float4x4", "min16float4", "double")
_ARRAY_RE = re.compile(r"\b([A-Za-z_]\w*)\s*\[\s*([^\[\]\n]*)\s*\](?=\s*[;=,:)\[])")
_REGISTER_RE = re.compile(r"\bregister\s*\(\s*([^()]*)\)")
_PACKOFFSET_RE = re.compile(r"\bpackoffset\s*\(\s*([^()]*)\)")
_GLOBAL_DECL_RE = re.compile(r"^((?:uniform\s+|static\s+|const\s+|row_major\s+|column_major\s+)*)"
                             r"([A-Za-z_]\w*(?:<[^>\n]*>)?)\s+([A-Za-z_]\w*)\s*(\[[^\]\n]*\])?\s*(:[^;=\n]*)?"
                             r"(=[^;]*)?;[ \t]*$", re.M)
_LOCAL_DECL_RE = re.compile(r"^([ \t]+)((?:static\s+|const\s+)*)((?:float|int|uint|bool|half|double)(?:[1-4](?:x[1-4])?)?)"
                            r"\s+([A-Za-z_]\w*)\s*(\[[^\]\n]*\])?\s*(=[^;]*)?;", re.M)
_STRUCT_RE = re.compile(r"\bstruct\s+([A-Za-z_]\w*)\s*(?::\s*\w+\s*)?\{([^{}]*)\}")
_CBUFFER_RE = re.compile(r"\b(cbuffer|tbuffer)(\s+[A-Za-z_]\w*\s*(?::[^{]*)?)\{([^{}]*)\}\s*;?")
_ATTRIBUTES = ("[unroll]", "[loop]", "[branch]", "[flatten]", "[unroll(2)]", "[unroll(0)]", "[fastopt]",
               "[allow_uav_condition]", "[call]", "[forcecase]", "[loop(2)]", "[unroll(1.5)]", "[foo]")
_FUNC_ATTRIBUTES = ("[numthreads(1, 1, 1)]", "[numthreads(4, 2, 1)]", "[earlydepthstencil]", "[maxvertexcount(3)]",
                    "[domain(\"tri\")]", "[numthreads(0, 1, 1)]", "[unroll]", "[instance(2)]", "[foo]")
_JUMPS = ("return;", "return 0;", "return 1.0;", "discard;", "break;", "continue;", "return (float4)0;", "clip(-1);")
_OPERAND_RE = re.compile(r"(?<=[=(,?])(\s*)([A-Za-z_]\w*(?:\[[^\[\]\n]*\])?(?:\.[A-Za-z_]\w*)?|\d+(?:\.\d*)?f?)"
                         r"(?=\s*[;,)+\-*/<>?:])")
_CTOR_RE = re.compile(r"\b(float|int|uint|bool|half|double)([1-4])(x[1-4])?\s*(?=\()")


def _split_params(text: str) -> list[tuple[int, int]]:
    """(start, end) of each comma-separated parameter of a parameter list (no nested parentheses: see _FUNC_RE)."""
    spans, start = [], 0
    for i, ch in enumerate(text + ","):
        if ch == ",":
            if text[start:i].strip():
                spans.append((start, i))
            start = i + 1
    return spans


def op_function(src: str, key: str) -> Iterator[tuple[str, str]]:
    """Parameter modifiers, return types, function semantics, static/inline helpers, overloads, attributes."""
    for m in _FUNC_RE.finditer(src):
        k = f"{key}/{m.start()}"
        base = m.start(5)
        for i, (a, b) in enumerate(_split_params(m.group(5))):
            param = m.group(5)[a:b]
            lead = len(param) - len(param.lstrip())
            for mod in _choices(f"{k}/p{i}", _PARAM_MODS, "", 1):
                yield "function", _subst(src, base + a + lead, base + a + lead, mod + " ")
            mm = re.match(r"\s*(in\s+out|inout|in|out|uniform|const)\s+", param)
            if mm:
                yield "function", _subst(src, base + a + mm.start(1), base + a + mm.end(), "")
            if ":" not in param and m.group(4) == "main":
                for sem in _choices(f"{k}/ps{i}", _SEMANTICS, "", 1):
                    yield "function", _subst(src, base + b, base + b, " : " + sem)
        for t in _choices(f"{k}/r", _RET_TYPES, m.group(3), 1):
            yield "function", _subst(src, m.start(3), m.end(3), t)
        if m.group(6):
            yield "function", _subst(src, m.start(6), m.end(6), "")
            for sem in _choices(f"{k}/s", _SEMANTICS, "", 1):
                yield "function", _subst(src, m.start(6), m.end(6), f": {sem} ")
        elif m.group(3) != "void":
            for sem in _choices(f"{k}/s", _SEMANTICS, "", 1):
                yield "function", _subst(src, m.end(5) + 1, m.end(5) + 1, f" : {sem}")
        if m.group(4) != "main":
            for word in _choices(f"{k}/w", ("static", "inline", "static inline", "precise", "export"), "", 1):
                yield "function", _subst(src, m.start(3), m.start(3), word + " ")
            # an overload: the same function with its first parameter's scalar type changed, or a plain prototype
            end = _matching_brace(src, m.end())
            if end is not None:
                body = src[m.start(3):end + 1]
                tm = _TYPE_RE.search(m.group(5))
                if tm:
                    for t in _choices(f"{k}/o", ("int", "uint", "bool", "half", "double", "float"), tm.group(1), 1):
                        other = _subst(m.group(5), tm.start(1), tm.end(1), t)
                        twin = body.replace("(" + m.group(5) + ")", "(" + other + ")", 1)
                        yield "function", src[:end + 1] + "\n" + twin + src[end + 1:]
                yield "function", _subst(src, m.start(3), m.start(3),
                                         f"{m.group(3)} {m.group(4)}({m.group(5)}){(m.group(6) or '').rstrip()};\n")
        for att in _choices(f"{k}/a", _FUNC_ATTRIBUTES, "", 1):
            yield "function", _subst(src, m.start(2) if not m.group(1) else m.start(1), m.start(2) if not m.group(1)
                                     else m.start(1), att + "\n")
    for m in _SEMANTIC_RE.finditer(src):
        if src[max(0, m.start() - 12):m.start()].rstrip().endswith(("register", "packoffset")):
            continue
        for sem in _choices(f"{key}/sem{m.start()}", _SEMANTICS, m.group(1) + m.group(2), 1):
            yield "function", _subst(src, m.start(1), m.end(2), sem)


def _matching_brace(src: str, at: int) -> int | None:
    """The index of the '}' closing the '{' at ``at``."""
    depth = 0
    for i in range(at, len(src)):
        if src[i] == "{":
            depth += 1
        elif src[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return None


def op_declaration(src: str, key: str) -> Iterator[tuple[str, str]]:
    """Struct member types, array sizes, register/packoffset bindings, cbuffer/tbuffer wrappers, typedefs,
    initialisers."""
    for m in _STRUCT_RE.finditer(src):
        body_at = m.start(2)
        for tm in _TYPE_RE.finditer(m.group(2)):
            for t in _choices(f"{key}/st{m.start()}/{tm.start()}", ("float2x2", "int3", "bool", "half4",
                              "Texture2D", "SamplerState", m.group(1), "float4[2]", "double2", "min16float2",
                              "uint", "vector<float, 3>", "matrix<int, 2, 2>"), tm.group(0), 1):
                yield "declaration", _subst(src, body_at + tm.start(), body_at + tm.end(), t)
        end = m.end()
        yield "declaration", _subst(src, end, end, f"\nstruct {m.group(1)}_t : {m.group(1)} {{ float extra_t; }};")
    for m in _ARRAY_RE.finditer(src):
        sizes = ("0", "1", "-1", "2", "3", "65", "1.5", "2u", "true", "", "4097", "N_t", "2 + 1", "(3)")
        for n in _choices(f"{key}/ar{m.start()}", sizes, m.group(2), 2):
            yield "declaration", _subst(src, m.start(2), m.end(2), n)
        yield "declaration", _subst(src, m.end(), m.end(), "[2]")
    for m in _REGISTER_RE.finditer(src):
        regs = ("c0", "c1", "b0", "b14", "b15", "t0", "t128", "s0", "s16", "u0", "u1", "u8", "x0", "c0.y",
                "ps_5_0, t1", "vs, c3", "t0, space1", "b0, space0", "", "c", "s0[1]", "C2", "space1")
        for r in _choices(f"{key}/rg{m.start()}", regs, m.group(1), 2):
            yield "declaration", _subst(src, m.start(1), m.end(1), r)
        yield "declaration", _subst(src, m.start(), m.end(), "")
    for m in _PACKOFFSET_RE.finditer(src):
        packs = ("c0", "c0.y", "c1.w", "c0.yz", "c0.xz", "b0", "c2", "c0.a", "c", "c0.x, c1", "c1000")
        for r in _choices(f"{key}/po{m.start()}", packs, m.group(1), 2):
            yield "declaration", _subst(src, m.start(1), m.end(1), r)
        yield "declaration", _subst(src, m.start(), m.end(), "")
    for m in _CBUFFER_RE.finditer(src):
        yield "declaration", _subst(src, m.start(1), m.end(1), "tbuffer" if m.group(1) == "cbuffer" else "cbuffer")
        yield "declaration", _subst(src, m.start(), m.end(), m.group(3))  # the wrapper removed
    for m in _GLOBAL_DECL_RE.finditer(src):
        if m.group(2) in ("return", "typedef", "struct"):
            continue
        k = f"{key}/g{m.start()}"
        text = m.group(0)
        yield "declaration", _subst(src, m.start(), m.end(), "cbuffer cb_t\n{\n    " + text + "\n};")
        yield "declaration", _subst(src, m.start(), m.end(), "tbuffer tb_t\n{\n    " + text + "\n};")
        yield "declaration", _subst(src, m.start(), m.start(), f"typedef {m.group(2)} T_t;\n").replace(
            m.group(0), _subst(m.group(0), m.start(2) - m.start(), m.end(2) - m.start(), "T_t"), 1)
        if not m.group(6):
            for init in _choices(f"{k}/i", ("= 0", "= {0}", "= {1, 2}", "= {}", "= { {1} }", "= 1.5",
                                            "= (float4)1", "= {1, 2, 3, 4}"), "", 1):
                yield "declaration", _subst(src, m.end(m.lastindex or 3), m.end(m.lastindex or 3), " " + init)
        if not m.group(5):
            for r in _choices(f"{k}/r", (" : register(c3)", " : register(t2)", " : register(s1)", " : register(b1)",
                                         " : packoffset(c1)", " : register(u1)"), "", 1):
                yield "declaration", _subst(src, m.end(3) if not m.group(4) else m.end(4),
                                            m.end(3) if not m.group(4) else m.end(4), r)
    for m in _LOCAL_DECL_RE.finditer(src):
        k = f"{key}/l{m.start()}"
        if m.group(6):
            init = m.group(6)[1:].strip()
            for new in _choices(f"{k}/i", ("{" + init + "}", "{" + init + ", " + init + "}", "{}",
                                           "{ {" + init + "} }", init + ", " + m.group(4) + "_t = 1"), "", 1):
                yield "declaration", _subst(src, m.start(6) + 1, m.end(6), " " + new)
        else:
            for new in _choices(f"{k}/n", (" = 0", " = {0}", " = {1, 2}", " = {}", " = 1.#INF"), "", 1):
                yield "declaration", _subst(src, m.end(4), m.end(4), new)
        yield "declaration", _subst(src, m.start(3), m.start(3), "typedef ") + ""  # local typedef of the name
        yield "declaration", _subst(src, m.end(4), m.end(4), "[2]")


def op_statement(src: str, key: str) -> Iterator[tuple[str, str]]:
    """Attributes on statements and functions, jumps inserted, a statement duplicated or moved."""
    for m in re.finditer(r"(?<![\w\]])(for|while|if|do|switch)\b(?=\s*[({])", src):
        for att in _choices(f"{key}/at{m.start()}", _ATTRIBUTES, "", 2):
            yield "statement", _subst(src, m.start(), m.start(), att + " ")
    for m in re.finditer(r"\[(unroll|loop|branch|flatten|fastopt|call|forcecase|allow_uav_condition)"
                         r"(?:\([^)]*\))?\]\s*", src):
        yield "statement", _subst(src, m.start(), m.end(), "")
    stmts = list(_STMT_RE.finditer(src))
    for i, m in enumerate(stmts):
        k = f"{key}/j{m.start()}"
        for jump in _choices(k, _JUMPS, "", 1):
            yield "statement", _subst(src, m.start(2), m.start(2), jump + " ")
        yield "statement", _subst(src, m.end(2), m.end(2), " " + m.group(2))  # duplicated
        if i + 1 < len(stmts) and src[m.end():stmts[i + 1].start()].strip() == "":
            n = stmts[i + 1]
            yield "statement", src[:m.start(2)] + n.group(2) + src[m.end(2):n.start(2)] + m.group(2) + src[n.end(2):]


def op_expression(src: str, key: str) -> Iterator[tuple[str, str]]:
    """Comma, ternary, compound assignment, ++/--, casts to struct/array types, constructors of other widths."""
    structs = [m.group(1) for m in _STRUCT_RE.finditer(src)]
    forms = ("(0, {e})", "({e}, {e})", "(true ? {e} : {e})", "({e} ? {e} : 0)", "{e}++", "++{e}", "{e}--",
             "({e} += 1)", "({e} = {e})", "float4({e})", "float2({e}, {e})", "(float[2]){e}", "(float4x4){e}",
             "int3({e}, 1)", "({e}).x", "{e}[0]", "(-{e})", "(bool2){e}", "float4({e}, {e}, {e}, {e}, {e})")
    if structs:
        forms += (f"({structs[0]}){{e}}",)
    for m in _OPERAND_RE.finditer(src):
        e = m.group(2)
        if e in ("return", "in", "out", "inout", "uniform", "const", "static") or src[m.end():].lstrip()[:1] == "(":
            continue
        for f in _choices(f"{key}/e{m.start()}", forms, "", 2):
            yield "expression", _subst(src, m.start(2), m.end(2), f.format(e=e))
    for m in _CTOR_RE.finditer(src):
        widths = ("1", "2", "3", "4", "2x2", "1x4", "4x4")
        for w in _choices(f"{key}/c{m.start()}", widths, m.group(2) + (m.group(3) or ""), 2):
            yield "expression", _subst(src, m.start(2), m.end(3) if m.group(3) else m.end(2), w)


OPERATORS: dict[str, Callable[[str, str], Iterator[tuple[str, str]]]] = {
    "type": op_type, "width": op_width, "literal": op_literal, "swizzle": op_swizzle, "modifier": op_modifier,
    "intrinsic": op_intrinsic, "operator": op_operator, "cast": op_cast, "punct": op_punct, "rename": op_rename,
    "wrap": op_wrap, "function": op_function, "declaration": op_declaration, "statement": op_statement,
    "expression": op_expression,
}


# ---------------------------------------------------------------------------------------------------
# round 11 (session 46): what a test author changes in a call or an object declaration -- opt-in (EXTRA_OPERATORS,
# named in --ops), so the default sample and every earlier salt's figures stay as they were

#: words before '(' that begin no call whose arguments are worth moving
_NOT_CALLS = frozenset({"if", "for", "while", "switch", "return", "register", "packoffset", "numthreads",
                        "maxvertexcount", "domain", "partitioning", "outputtopology", "outputcontrolpoints",
                        "patchconstantfunc", "unroll", "loop", "branch", "flatten", "instance", "maxtessfactor",
                        "earlydepthstencil", "sizeof", "do"})
_CALL_OPEN_RE = re.compile(r"(?<![\w\[])(\.?)([A-Za-z_]\w*)\s*\(")


def _call_args(src: str, open_at: int) -> tuple[int, list[tuple[int, int]]] | None:
    """(index of the ')' closing the '(' at ``open_at``, (start, end) of each top-level argument), or None."""
    depth, start, spans = 0, open_at + 1, []
    for i in range(open_at, len(src)):
        ch = src[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                if src[start:i].strip():
                    spans.append((start, i))
                return i, spans
        elif ch == "," and depth == 1:
            spans.append((start, i))
            start = i + 1
        elif ch == ";" and depth <= 1:
            return None
    return None


def _merge_templates(src: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The argument spans with a template's comma (``OutputPatch<D, 3> p``) joined back."""
    out: list[tuple[int, int]] = []
    for a, b in spans:
        if out and src[out[-1][0]:out[-1][1]].count("<") > src[out[-1][0]:out[-1][1]].count(">"):
            out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return out


def op_args(src: str, key: str) -> Iterator[tuple[str, str]]:
    """A call's arguments (an intrinsic's, a method's, a constructor's, a user function's -- and a definition's
    parameters): two swapped, the last dropped, one more added (the last repeated, a literal, a float4)."""
    for m in _CALL_OPEN_RE.finditer(src):
        if m.group(2) in _NOT_CALLS:
            continue
        got = _call_args(src, m.end() - 1)
        if got is None:
            continue
        close, spans = got[0], _merge_templates(src, got[1])
        k = f"{key}/{m.start()}"
        forms: list[str] = []
        texts = [src[a:b].strip() for a, b in spans]
        for i in range(len(texts) - 1):
            if texts[i] != texts[i + 1]:
                forms.append(f"swap{i}")
        before = re.search(r"([\w>\]])\s*$", src[:m.start()])
        definition = not m.group(1) and before is not None and \
            re.search(r"\b(return|else|case|do|in|out|inout)\s*$", src[:m.start()]) is None
        if texts:
            forms.append("drop")
        if not definition:  # a definition's parameter list takes a swap or a drop only
            forms += ["repeat", "add0", "add4"] if texts else ["add0", "add4"]
        for f in _choices(k, forms, "", 1):
            if f.startswith("swap"):
                i = int(f[4:])
                (a0, b0), (a1, b1) = spans[i], spans[i + 1]
                lead0, lead1 = src[a0:b0][:len(src[a0:b0]) - len(src[a0:b0].lstrip())], \
                    src[a1:b1][:len(src[a1:b1]) - len(src[a1:b1].lstrip())]
                yield "args", src[:a0] + lead0 + texts[i + 1] + src[b0:a1] + lead1 + texts[i] + src[b1:]
            elif f == "drop":
                a, b = spans[-1]
                cut = a - 1 if len(spans) > 1 else a  # the comma before it too
                yield "args", src[:cut] + src[b:]
            else:
                extra = {"repeat": texts[-1] if texts else "0", "add0": "0", "add4": "float4(0, 0, 0, 0)"}[f]
                yield "args", src[:close] + (", " if texts else "") + extra + src[close:]

def _family_of(families: tuple[tuple[str, ...], ...]) -> dict[str, tuple[str, ...]]:
    """Each name's family: the first of ``families`` that lists it."""
    out: dict[str, tuple[str, ...]] = {}
    for fam in families:
        for name in fam:
            out.setdefault(name, fam)
    return out


_OBJECT_FAMILIES = (
    ("Texture1D", "Texture2D", "Texture3D", "TextureCube", "Texture2DArray", "Texture2DMS", "Texture1DArray",
     "TextureCubeArray", "Texture2DMSArray", "Buffer", "RWTexture2D", "texture", "StructuredBuffer"),
    ("RWBuffer", "RWTexture1D", "RWTexture2D", "RWTexture3D", "RWStructuredBuffer", "RWByteAddressBuffer",
     "Buffer", "AppendStructuredBuffer", "RasterizerOrderedBuffer", "RWTexture2DArray", "Texture2D"),
    ("SamplerState", "SamplerComparisonState", "sampler", "sampler2D", "samplerCUBE",
     "sampler1D", "sampler3D", "Texture2D"),
    ("TriangleStream", "PointStream", "LineStream", "InputPatch", "OutputPatch"),
    ("InputPatch", "OutputPatch", "TriangleStream"),
    ("ConstantBuffer", "TextureBuffer", "StructuredBuffer"),
)
_OBJECT_FAMILY = _family_of(_OBJECT_FAMILIES)
_OBJECT_RE = re.compile(r"\b(" + "|".join(sorted(_OBJECT_FAMILY, key=len, reverse=True)) + r")\b(\s*<([^<>;(){}]*)>)?")
_ELEMENTS = ("float", "float4", "int2", "uint", "bool", "double", "float4x4", "min16float4", "float4, 4", "float, 0",
             "float[2]", "uint4", "half3", "S_t", "vector<float, 3>", "")
_METHOD_FAMILIES = (
    ("Sample", "SampleLevel", "SampleBias", "SampleGrad", "SampleCmp", "SampleCmpLevelZero", "Load", "Gather",
     "GatherRed", "GatherCmp", "CalculateLevelOfDetail", "GetDimensions", "sample", "mips"),
    ("Load", "Load2", "Load4", "Store", "Sample", "GetDimensions", "Consume", "InterlockedAdd"),
    ("Append", "RestartStrip", "Consume", "Store"),
    ("GatherRed", "GatherGreen", "GatherBlue", "GatherAlpha", "Gather", "GatherCmpRed"),
    ("CalculateLevelOfDetail", "CalculateLevelOfDetailUnclamped", "SampleLevel"),
)
_METHOD_FAMILY = _family_of(_METHOD_FAMILIES)
_METHOD_RE = re.compile(r"(?<=\.)(" + "|".join(sorted(_METHOD_FAMILY, key=len, reverse=True)) + r")(?=\s*\()")


def op_object(src: str, key: str) -> Iterator[tuple[str, str]]:
    """An object's kind within its family (a texture's dimension, a sampler's kind, a stream's topology), its
    template argument (another element type, a sample count, none), a method within its family."""
    for m in _OBJECT_RE.finditer(src):
        k = f"{key}/{m.start()}"
        for kind in _choices(k, _OBJECT_FAMILY[m.group(1)], m.group(1), 1):
            yield "object", _subst(src, m.start(1), m.end(1), kind)
        if m.group(2):
            for el in _choices(f"{k}/t", _ELEMENTS, m.group(3).strip(), 1):
                yield "object", _subst(src, m.start(2), m.end(2), f"<{el}>" if el else "")
    for m in _METHOD_RE.finditer(src):
        for name in _choices(f"{key}/m{m.start()}", _METHOD_FAMILY[m.group(1)], m.group(1), 1):
            yield "object", _subst(src, m.start(1), m.end(1), name)


# round 12 (session 47): a test author's other stage -- the same program under another ``[... shader]`` line (a
# vkd3d file reuses one body as vertex and pixel shader, or tries a compute / geometry body at the pixel stage)

def op_stage(src: str, key: str) -> Iterator[tuple[str, str]]:
    """No textual change: :func:`stage_targets` picks the seed's other-stage profiles (``mutants``)."""
    return iter(())


def stage_targets(seed: Seed, key: str, n: int) -> list[str]:
    """``n`` profiles of stages other than the seed's, at SM 4/5 models of its [require] range that stage has."""
    options = [profile(st, m) for st in STAGE_MODELS if st != seed.stage
               for m in seed.models if m >= (4, 0) and m in STAGE_MODELS[st]]
    return _rng_pick(key, options, n)


#: operators a run takes only when --ops names them (round 11; the default sample stays the rounds' before it)
EXTRA_OPERATORS: dict[str, Callable[[str, str], Iterator[tuple[str, str]]]] = {"args": op_args, "object": op_object,
                                                                                "stage": op_stage}


def _pick_target(seed: Seed, key: str, low: bool) -> str | None:
    """One model of the seed's [require] range: an SM2/3 one where ``low`` (vs/ps only), else an SM4/5 one."""
    models = [m for m in seed.models if (m < (4, 0)) == low]
    if not models:
        return None
    return profile(seed.stage, _rng_pick(key, models, 1)[0])


def mutants(seed_list: list[Seed], per_op: int = 6, salt: str = "", extra: tuple[str, ...] = ()) -> list[Mutant]:
    """The retargeted seeds (every stage/model profile) and ``per_op`` textual mutants of each operator per seed,
    each compiled at one SM4/5 model of its [require] range and, for vs/ps, one SM2/3 model.

    ``salt`` enters every hash that picks sites and replacements: the default (empty) makes the mutants the
    rules were built on; another salt makes fresh ones of the same kinds, never seen while building. ``extra``:
    the EXTRA_OPERATORS to run after OPERATORS (an operator's sites depend only on its own name, so the others'
    mutants stay the same)."""
    out: list[Mutant] = []
    seen: set[tuple[str, str, int]] = set()

    def add(seed: Seed, op: str, src: str, target: str | None) -> None:
        if target is None or (src, target, seed.options) in seen:
            return
        seen.add((src, target, seed.options))
        out.append(Mutant(seed, op, src, target))

    def textual(seed: Seed, key: str, ops) -> None:
        for name, fn in ops:
            made = [s for _, s in fn(seed.source, f"{key}/{name}") if s != seed.source]
            for i, src in enumerate(_rng_pick(f"{key}/{name}", made, per_op)):
                add(seed, name, src, _pick_target(seed, f"{key}/{name}/{i}/hi", False))
                add(seed, name, src, _pick_target(seed, f"{key}/{name}/{i}/lo", True))

    for seed in seed_list:
        key = f"{seed.file}:{seed.line}" + (f"#{salt}" if salt else "")
        for m in STAGE_MODELS[seed.stage]:
            add(seed, "target", seed.source, profile(seed.stage, m))
        textual(seed, key, OPERATORS.items())
    for seed in seed_list:  # after every seed's others: they stay the mutants a run without ``extra`` makes
        key = f"{seed.file}:{seed.line}" + (f"#{salt}" if salt else "")
        textual(seed, key, [(x, EXTRA_OPERATORS[x]) for x in extra])
        if "stage" in extra:
            for target in stage_targets(seed, f"{key}/stage", per_op):
                add(seed, "stage", seed.source, target)
    return out


# ---------------------------------------------------------------------------------------------------
# judging

CLASSES = ("agree", "number", "we-accept", "we-reject", "crash", "fxc-crash")
_NUMBER_RE = re.compile(r"\b(X\d{4})\b")


def _first_error(text: str) -> str:
    """The first error number of a message text (a warning's number is skipped)."""
    for line in text.splitlines():
        if "error" in line:
            m = _NUMBER_RE.search(line)
            if m:
                return m.group(1)
    return "-"


def options_at(options: int, target: str) -> int:
    """The C runner drops D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY at 5.1 (see shader_runner.options_at)."""
    return options & ~0x1000 if target.endswith("5_1") else options


def ours(src: str, target: str, flags: int, timeout: float = 30.0) -> tuple[str, str]:
    """This project's verdict: ('ok', '') / ('X####' or '-', message) / ('crash', what)."""
    from pyd3d11 import d3dcompiler as dc
    from pyd3d11.errors import D3D11Error

    from .shader_runner import BlockTimeout, time_limit

    data = src.encode()
    try:
        with time_limit(timeout):
            dc.D3DCompile(data, len(data), None, None, None, "main", target, flags, 0)
    except D3D11Error as e:
        text = str(e)
        return _first_error(text), text.strip()[:400]
    except BlockTimeout:
        return "crash", f"time limit {timeout} s"
    except RecursionError:
        return "crash", "RecursionError"
    except Exception as e:  # a raw Python exception is a compiler bug (the report's 'crash' class)
        return "crash", f"{type(e).__name__}: {e}"[:400]
    return "ok", ""


def judge(our: str, theirs: str) -> str:
    if theirs == "fxc-crash":
        return "fxc-crash"
    if our == "crash":
        return "crash"
    if our == "ok":
        return "agree" if theirs == "ok" else "we-accept"
    if theirs == "ok":
        return "we-reject"
    return "agree" if our == theirs else "number"


class FxcCache:
    """The DLL's verdicts by (source, target, flags) hash, kept in a JSON file between runs."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.data: dict[str, list[str]] = {}
        if path is not None and path.exists():
            self.data = json.loads(path.read_text(encoding="utf-8"))
        self._real = None

    @staticmethod
    def key(src: str, target: str, flags: int) -> str:
        return hashlib.sha1(f"{target}\0{flags}\0{src}".encode()).hexdigest()

    def verdict(self, src: str, target: str, flags: int) -> tuple[str, str]:
        k = self.key(src, target, flags)
        if k not in self.data:
            if self._real is None:
                from .wine_d3dcompiler import WineD3DCompiler

                self._real = WineD3DCompiler()
            try:
                r = self._real.compile(src, target, "main", flags1=flags)
            except (RuntimeError, TimeoutError) as e:  # the DLL itself crashed or hung (the driver restarts)
                self.data[k] = ["fxc-crash", str(e)]
            else:
                self.data[k] = ["ok" if r.ok else _first_error(r.messages), r.messages.strip()[:400]]
        v = self.data[k]
        return v[0], v[1]

    def save(self) -> None:
        if self.path is not None:
            self.path.write_text(json.dumps(self.data), encoding="utf-8")

    def close(self) -> None:
        if self._real is not None:
            self._real.close()


def run(muts: list[Mutant], cache: FxcCache, progress: bool = False) -> list[dict]:
    rows = []
    for i, m in enumerate(muts):
        flags = options_at(m.seed.options, m.target)
        fx, fx_msg = cache.verdict(m.source, m.target, flags)
        us, us_msg = ours(m.source, m.target, flags)
        rows.append({"file": m.seed.file, "line": m.seed.line, "op": m.op, "target": m.target, "flags": flags,
                     "class": judge(us, fx), "ours": us, "fxc": fx, "ours_msg": us_msg, "fxc_msg": fx_msg,
                     "source": m.source})
        if progress and i % 500 == 499:
            print(f"  {i + 1}/{len(muts)}", file=sys.stderr, flush=True)
            cache.save()
    cache.save()
    return rows


def target_model(target: str) -> Model:
    """``ps_4_1`` -> (4, 1); the level-9 profiles (``ps_4_0_level_9_3``) are 4.0 targets."""
    parts = target.split("_")
    return int(parts[1]), int(parts[2])


def _model_arg(text: str) -> Model:
    major, _, minor = text.partition(".")
    return int(major), int(minor or 0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pyd3d11.tools.shader_test_mutants", description=__doc__.split("\n")[0])
    ap.add_argument("--per-op", type=int, default=6, help="textual mutants per operator per seed")
    ap.add_argument("--cache", type=Path, default=Path("/tmp/shader_test_mutants_fxc.json"))
    ap.add_argument("--json", type=Path, help="write every row (class, verdicts, messages, source) here")
    ap.add_argument("--corpus", type=Path, default=CORPUS, help="the shader-test folder (default: ../shared's)")
    ap.add_argument("--only", help="only seeds whose file name contains this")
    ap.add_argument("--ops", help="comma-separated operators (default: OPERATORS', plus 'target'; the EXTRA_OPERATORS "
                    "'args', 'object' and 'stage' only when named)")
    ap.add_argument("--salt", default="", help="a word mixed into the site hashes: fresh mutants (default: none)")
    ap.add_argument("--show", default="", help="comma-separated classes whose rows to print")
    ap.add_argument("--min-model", type=_model_arg, help="only targets of this model or later, e.g. 4.0")
    ap.add_argument("--max-model", type=_model_arg, help="only targets of this model or earlier, e.g. 3.0")
    a = ap.parse_args(argv)
    seed_list = [s for s in seeds(a.corpus) if not a.only or a.only in s.file]
    keep = set(a.ops.split(",")) if a.ops else set()
    muts = mutants(seed_list, a.per_op, a.salt, tuple(x for x in EXTRA_OPERATORS if x in keep))
    if a.ops:
        muts = [m for m in muts if m.op in keep]
    if a.min_model or a.max_model:
        muts = [m for m in muts if (a.min_model or (0, 0)) <= target_model(m.target) <= (a.max_model or (99, 0))]
    print(f"{len(seed_list)} seeds, {len(muts)} mutants", file=sys.stderr)
    cache = FxcCache(a.cache)
    try:
        rows = run(muts, cache, progress=True)
    finally:
        cache.close()
    if a.json:
        a.json.write_text(json.dumps(rows, indent=0), encoding="utf-8")
    report(rows, a.show, [*OPERATORS, *(x for x in EXTRA_OPERATORS if x in keep)])
    return 0


def report(rows: list[dict], show: str, operators) -> None:
    """Print the rows of the classes named in ``show`` (comma-separated), then the count per class and per
    operator and class (the mutation kinds ``operators``, after the target mutants)."""
    wanted = set(filter(None, show.split(",")))
    for r in rows:
        if r["class"] in wanted:
            print(f"{r['class']}: {r['file']}:{r['line']} {r['op']} {r['target']} ours={r['ours']} fxc={r['fxc']}"
                  f" | {r['ours_msg'][:150]!r} | {r['fxc_msg'][:150]!r}")
    by_class = Counter(r["class"] for r in rows)
    by_op = Counter((r["op"], r["class"]) for r in rows)
    for c in CLASSES:
        print(f"{c}: {by_class.get(c, 0)}")
    for op in ["target", *operators]:
        line = " ".join(f"{c}={by_op.get((op, c), 0)}" for c in CLASSES)
        print(f"  {op}: {line}")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
