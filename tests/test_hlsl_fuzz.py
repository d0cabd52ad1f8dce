"""Robustness fuzz of the HLSL compiler: mutated shader sources must either compile or fail with an
HRESULT exception (ShaderCompileError for E_FAIL, NotSupportedError/D3D11Error for E_NOTIMPL) --
never another exception type (IndexError, KeyError, RecursionError, ...) and never hang.

Seeds: the shader sections of the vkd3d corpus (../shared/conformance/shader-tests/hlsl) plus a few
hand-written shaders below, so the test also runs where the corpus is absent. Mutations are drawn
from a fixed seed, so every run checks the same cases."""

from __future__ import annotations

import gc
import random
import re
import signal
import time

import pytest
from conftest import CONFORMANCE

from pyd3d11.errors import D3D11Error, ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

# compiling only: no shader runs, so the outcome cannot depend on the shader backend (checked by conftest)
pytestmark = pytest.mark.backend_independent

CASES = 5200          # total fuzzed compilations (deterministic subset)
SEED = 0x5EED_D3D
CASE_BUDGET_S = 5     # per-case wall-clock budget (SIGALRM)
PROFILES = ("ps_4_0", "vs_5_0", "cs_5_0")

HAND_WRITTEN = [
    """
cbuffer cb : register(b0) { float4 color; float scale; int count; };
Texture2D<float4> tex : register(t0);
SamplerState smp : register(s0);
struct VSOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
float4 helper(float2 uv, int n)
{
    float4 acc = 0;
    for (int i = 0; i < n; ++i) { acc += tex.Sample(smp, uv * (float)i); if (acc.x > 1.0) break; }
    return acc;
}
float4 main(VSOut v) : SV_Target
{
    float4 r = helper(v.uv, count) * scale;
    r.xy = v.uv.yx;
    return lerp(r, color, saturate(dot(r, color)));
}
""",
    """
struct VSIn { float3 pos : POSITION; float3 n : NORMAL; uint id : SV_VertexID; };
struct VSOut { float4 pos : SV_Position; float3 n : NORMAL; };
cbuffer m { float4x4 world; float4x4 viewproj; };
VSOut main(VSIn i)
{
    VSOut o;
    float4 wp = mul(float4(i.pos, 1), world);
    o.pos = mul(wp, viewproj);
    o.n = normalize(mul(i.n, (float3x3)world));
    if (i.id & 1) o.n = -o.n; else o.n *= 2;
    return o;
}
""",
    """
RWStructuredBuffer<uint> buf : register(u0);
groupshared uint tmp[64];
[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{
    tmp[gi] = tid.x * 3u;
    GroupMemoryBarrierWithGroupSync();
    uint v = tmp[(gi + 1) % 64];
    [unroll] for (uint k = 0; k < 4; k++) v ^= (v << k) | (v >> (32 - k));
    InterlockedAdd(buf[0], v);
    buf[tid.x + 1] = v;
}
""",
    """
static const float weights[3] = { 0.25, 0.5, 0.25 };
float4 main(float4 pos : SV_Position, float4 c : COLOR) : SV_Target
{
    float4 s = 0;
    [loop] while (s.x < 1.0) { s += c * weights[(uint)s.y % 3]; }
    switch ((int)pos.x) { case 0: s.y = 1; break; case 1: s.z = 2; break; default: s.w = 3; break; }
    return any(s) ? s : float4(1, 0, 1, 1);
}
""",
    """
float4 main(uint vid : SV_VertexID) : SV_Position
{
    float2 uv = float2((vid << 1) & 2, vid & 2);
    return float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);
}
""",
]

_SECTION = re.compile(r"^\[(pixel|vertex|compute) shader[^\]]*\]\s*$")
_TOKEN = re.compile(r"[A-Za-z_][A-Za-z_0-9]*|\d+\.?\d*[fFuUlLhH]?|\S")
_KIND_PROFILE = {"pixel": "ps_4_0", "vertex": "vs_5_0", "compute": "cs_5_0"}
_HAND_PROFILES = ("ps_4_0", "vs_5_0", "cs_5_0", "ps_4_0", "vs_5_0")
_PUNCT = list("{}()[];,.:?<>=+-*/%&|^!~#\"'\\") + ["::", "<<=", ">>", "++", "--", "&&", "||", "==", "->"]
_KEYWORDS = ["if", "else", "for", "while", "do", "switch", "case", "default", "break", "continue",
             "return", "discard", "struct", "cbuffer", "tbuffer", "register", "packoffset", "static",
             "const", "uniform", "in", "out", "inout", "float", "float4", "int2", "uint", "bool",
             "half", "double", "matrix", "vector", "float4x4", "row_major", "column_major", "Texture2D",
             "SamplerState", "RWTexture2D", "Buffer", "typedef", "void", "true", "false", "sizeof",
             "#define", "#if", "#endif", "#include", "[unroll]", "[numthreads(1,1,1)]", "SV_Target",
             "SV_Position", "groupshared", "nointerpolation", "main", "mul", "Sample", "Load",
             "interface", "class", "namespace", "compile", "technique", "pass", "string", "snorm",
             "precise", "linear", "centroid", "sample", "inline", "extern", "volatile", "shared"]
_NUMBERS = ["0", "1", "-1", "4294967295", "2147483648", "1e38", "1e-45", "0x7fffffff", "0.5f", "3.h",
            "1.#INF", "017", "9999999999999999999999", ".5", "1e", "0x", "1u", "65536", "-0"]


def _corpus_sources() -> list[tuple[str, str]]:
    """(label, source) of every pixel/vertex/compute HLSL section of the corpus (empty if absent)."""
    folder = CONFORMANCE / "shader-tests" / "hlsl"
    out: list[tuple[str, str]] = []
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.shader_test")):
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        cur: list[str] | None = None
        kind = ""
        for line in lines + ["[end]"]:
            if line.startswith("["):
                if cur is not None and any(s.strip() for s in cur):
                    out.append((f"{path.stem}:{kind}", "\n".join(cur)))
                m = _SECTION.match(line)
                cur, kind = ([], _KIND_PROFILE[m.group(1)]) if m else (None, "")
            elif cur is not None:
                cur.append(line)
    return out


def _nested(rng: random.Random) -> str:
    depth = rng.choice([200, 600, 2000])
    kind = rng.randrange(4)
    if kind == 0:
        body = "(" * depth + "1" + ")" * depth
        return f"float4 main() : SV_Target {{ return {body}; }}"
    if kind == 1:
        return "float4 main() : SV_Target { float x = 0; " + "{" * depth + "x += 1;" + "}" * depth + \
            " return x; }"
    if kind == 2:
        return "float4 main() : SV_Target { float x = 0; " + "if (x < 1) " * depth + "x = 2; return x; }"
    return "float4 main() : SV_Target { return " + "-" * depth + "1 + " + "1 + " * depth + "1; }"


def _mutate(src: str, rng: random.Random) -> str:
    """One to three random mutations of ``src``."""
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(12)
        if op < 6:
            spans = [m.span() for m in _TOKEN.finditer(src)] or [(0, 0)]
            a, b = spans[rng.randrange(len(spans))]
            tok = src[a:b]
            if op == 0:
                src = src[:a] + src[b:]
            elif op == 1:
                src = src[:b] + " " + tok + src[b:]
            elif op == 2:
                c, d = spans[rng.randrange(len(spans))]
                if (c, d) > (a, b):
                    (a, b), (c, d) = (c, d), (a, b)
                # (c, d) comes first now; swap the two tokens' text
                src = src[:c] + src[a:b] + src[d:a] + src[c:d] + src[b:] if d <= a else src
            elif op == 3:
                src = src[:a] + rng.choice(_PUNCT) + " " + src[a:]
            elif op == 4:
                src = src[:a] + rng.choice(_KEYWORDS) + " " + src[a:]
            else:
                src = src[:a] + rng.choice(_NUMBERS) + src[b:]
        elif op < 9:
            lines = src.splitlines() or [""]
            i = rng.randrange(len(lines))
            if op == 6:
                del lines[i]
            elif op == 7:
                lines.insert(i, lines[i])
            else:
                j = rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
            src = "\n".join(lines)
        elif op == 9:
            src = src[:rng.randrange(len(src) + 1)]
        elif op == 10:
            pos = rng.randrange(len(src) + 1)
            src = src[:pos] + rng.choice(["{", "}", "(", ")", "[", "]", "{{", "))", "/*", "\""]) + src[pos:]
        else:
            ids = [m for m in _TOKEN.finditer(src) if m.group(0)[0].isalpha()]
            if ids:
                m = rng.choice(ids)
                long_id = (m.group(0) * 20000)[:rng.choice([300, 3000, 20000])]
                src = src[:m.start()] + long_id + src[m.end():]
    return src


def fuzz_cases(n: int = CASES, seed: int = SEED) -> list[tuple[str, str, str]]:
    """(label, source, profile) of ``n`` deterministic fuzz cases."""
    rng = random.Random(seed)
    seeds = [(f"hand{i}:{p}", s) for i, (s, p) in enumerate(zip(HAND_WRITTEN, _HAND_PROFILES))]
    seeds += _corpus_sources()
    cases = []
    for k in range(n):
        if k % 50 == 49:
            cases.append((f"nest{k}", _nested(rng), PROFILES[k % len(PROFILES)]))
            continue
        label, src = seeds[rng.randrange(len(seeds))]
        # mostly the section's own stage; sometimes another one (stage-specific checks)
        profile = label.rsplit(":", 1)[1] if rng.random() < 0.8 else rng.choice(PROFILES)
        cases.append((f"{label}#{k}", _mutate(src, rng), profile))
    return cases


class _CaseTimeout(Exception):
    pass


def _on_alarm(signum, frame):  # noqa: ANN001
    raise _CaseTimeout()


def compile_outcome(src: str, profile: str) -> str:
    """'ok', 'error' (an HRESULT exception) -- anything else propagates."""
    try:
        D3DCompile(src, None, "fuzz.hlsl", None, None, "main", profile)
    except (ShaderCompileError, D3D11Error):
        return "error"
    return "ok"


def _second_try(src: str, profile: str, budget: int) -> str | None:
    """What is wrong with a case that ran past its budget, tried again with the cycle collector off (None: nothing):
    a full collection in a process holding millions of objects (a worker late in the whole suite) can pause for
    seconds, which is not a hang; a case that loops runs past the budget again."""
    gc.collect()
    gc.disable()
    signal.alarm(budget)
    try:
        compile_outcome(src, profile)
    except _CaseTimeout:
        return f"hang (> {budget} s, twice)"
    except Exception as exc:  # noqa: BLE001 - the point is to catch everything else
        return f"{type(exc).__name__}: {exc}"
    finally:
        signal.alarm(0)
        gc.enable()
    return None


def run_cases(cases, budget: int = CASE_BUDGET_S) -> tuple[dict[str, int], list[str]]:
    counts = {"ok": 0, "error": 0}
    bad: list[str] = []
    old = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        for label, src, profile in cases:
            signal.alarm(budget)
            try:
                counts[compile_outcome(src, profile)] += 1
            except _CaseTimeout:
                wrong = _second_try(src, profile, budget)
                if wrong:
                    bad.append(f"{label} {profile}: {wrong}"[:300])
            except Exception as exc:  # noqa: BLE001 - the point is to catch everything else
                bad.append(f"{label} {profile}: {type(exc).__name__}: {exc}"[:300])
            finally:
                signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, old)
    return counts, bad


def test_fuzz_cases_are_deterministic_and_mutated():
    a = fuzz_cases(60)
    assert a == fuzz_cases(60)
    originals = set(HAND_WRITTEN) | {s for _, s in _corpus_sources()}
    assert sum(src not in originals for _, src, _ in a) >= 55


def test_hand_written_seeds_compile():
    """The unmutated seeds compile, so mutations start from valid programs."""
    for src, profile in zip(HAND_WRITTEN, _HAND_PROFILES):
        assert compile_outcome(src, profile) == "ok"


@pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="needs SIGALRM")
def test_fuzzed_sources_compile_or_fail_cleanly():
    cases = fuzz_cases()
    assert len(cases) >= 5000
    t0 = time.monotonic()
    counts, bad = run_cases(cases)
    assert not bad, f"{len(bad)} cases raised a non-HRESULT exception or hung:\n" + "\n".join(bad[:40])
    # the fuzz exercises both outcomes (a generator that only produced garbage would test little)
    assert counts["ok"] > 100 and counts["error"] > 1000, counts
    assert time.monotonic() - t0 < 240


@pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="needs SIGALRM")
@pytest.mark.parametrize("depth", [100, 5000])
@pytest.mark.parametrize("shape", ["parens", "braces", "ifs", "unary", "brackets"])
def test_deep_nesting_is_a_clean_error_or_compiles(shape: str, depth: int):
    body = {
        "parens": "return " + "(" * depth + "1" + ")" * depth + ";",
        "braces": "float x = 0;" + "{" * depth + "x += 1;" + "}" * depth + " return x;",
        "ifs": "float x = 0;" + "if (x < 1) " * depth + "x = 2; return x;",
        "unary": "return " + "-" * depth + "1;",
        "brackets": "float a[2] = {0, 1}; return a[" * 1 + "a[" * depth + "0" + "]" * depth + "];",
    }[shape]
    src = "float4 main() : SV_Target { " + body + " }"
    counts, bad = run_cases([(shape, src, "ps_4_0")], budget=20)
    assert not bad, bad
    if depth == 5000:
        # far past any nesting limit: must be a clean error (fxc runs out of stack similarly)
        assert counts["error"] == 1


if __name__ == "__main__":  # exploration: python tests/test_hlsl_fuzz.py [N] [SEED]
    import collections
    import sys

    n = int(sys.argv[1]) if len(sys.argv) > 1 else CASES
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else SEED
    t = time.monotonic()
    c, b = run_cases(fuzz_cases(n, seed))
    print(c, f"{time.monotonic() - t:.1f}s", len(b), "bad")
    kinds = collections.Counter(x.split(": ")[1] if ": " in x else x for x in b)
    print(kinds.most_common())
    for x in b[:60]:
        print(x)

