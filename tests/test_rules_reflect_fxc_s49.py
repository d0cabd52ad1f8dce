"""Session 49, helper REFL: what fxc's objects hold and the d3dcompiler API around them (issue 15, round 12).

Every expectation in ``tests/data/reflect_fxc_s49.json`` is the answer of Microsoft's d3dcompiler_47.dll 10.1 run
under Wine (tools/wine_d3dcompiler.py), recorded once by ``record()`` below -- no live calls in the default run:

* ``mtf``: a hull shader's ``[maxtessfactor(x)]``: a floating-point constant (``half`` and ``double`` ones too)
  declares ``dcl_hs_max_tessfactor``; outside [1, 64] it is X3657; an integer or bool argument (whatever its value:
  ``0``, ``64``, ``100``, ``true``, a ``static const int``) or a string is two X3554 warnings and no declaration
  (``hlsl/entryattrs.maxtessfactor_attribute``). The column: the first error number, or ``ok`` and the declared
  value (``-`` where none is).
* ``clamp``: fxc clamps every tessellation factor the patch-constant function writes to the declared maximum
  (``min o#.x, value, l(max)``; other patch constants and a program without the attribute are written as they
  are; ``hlsl/hs.clamp_tess_factors``). The column: the SHA-1 of the patch constants and of the final tessellation
  factors that fxc's object gives on the reference executor (tools/optdiff's hull-shader run, 4 patches, seed 0);
  our object must give the same words.
* ``passcp``: a control-point function that only copies each input control point to the output of its ID,
  register for register (``return ip[i];``, a copy into another struct of the same registers and masks), with as
  many output control points as the input patch has, is no control-point phase in fxc's object (a hull shader
  without one passes its control points through); the signatures keep the copy's masks; /Od, a subset, a
  narrower member, a swizzle, other registers or counts keep the phase (``hlsl/hs.passes_control_points_through``).
  The column: whether the listing has ``hs_control_point_phase``, and D3DReflect's signature lines.
* ``consume``: fxc reads a ConsumeStructuredBuffer's element one 32-bit component at a time (a double's two words
  together) into the lanes of one register: ``Consume()`` of a float3 is three ``ld_structured`` (STAT texload 3,
  no mov), a float4x4 sixteen (``hlsl/memaccess.mem_load(word_by_word=True)`` from ``bufmethods``). The column:
  D3DReflect's TextureLoadInstructions of the object.
* ``api``: /Zi objects and the d3dcompiler functions around them: fxc writes its debug information in an SPDB
  chunk (D3DGetBlobPart(D3D_BLOB_PDB) answers it; D3D_BLOB_DEBUG_INFO and D3DGetDebugInfo fail) and, with
  D3DCOMPILE_DEBUG and a debug-name flag, an ILDN chunk after it (none at level 9; D3DGetBlobPart(D3D_BLOB_DEBUG_NAME)
  answers it, ``<32 hex digits>.pdb``); D3DStripShader(D3DCOMPILER_STRIP_DEBUG_INFO) removes SPDB and keeps ILDN
  (``shader/dxbc/pydb.py``, ``shader/dxbc/debugname.py``, ``shader/blob.py``). The column: the object's chunk list
  and, per call of ``tools/api_diff.CALLS`` (D3DReflect excepted), the HRESULT and whether a part came back (the
  chunk list of a stripped object; the debug name's bytes with its 32 hex digits written ``<hash>``). The PDB's
  own bytes are not compared (this compiler's SPDB holds its JSON), nor the debug name's digits.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from fxc_record_helpers import check_live_table, dll_verdict, mutant_verdict

from pyd3d11 import d3dcompiler as dc
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.tools import wine_d3dcompiler
from pyd3d11.tools.api_diff import CALLS, api_call, reflection_dump

DATA_PATH = Path(__file__).parent / "data" / "reflect_fxc_s49.json"
DATA = {k: [] for k in ("mtf", "clamp", "passcp", "consume", "api")} | (json.loads(DATA_PATH.read_text())
                                                               if DATA_PATH.exists() else {})


# --- the answers, read the same way from either compiler's object ------------------------------------------------

def mtf_answer(verdict: str, listing: str) -> str:
    """``mtf``'s column: the first error, or ``ok`` and the declared maximum (``-``: no declaration)."""
    if verdict != "ok":
        return verdict
    m = re.search(r"dcl_hs_max_tessfactor l\(([^)]*)\)", listing)
    return "ok " + (m.group(1) if m else "-")


def clamp_answer(blob: bytes) -> list[str]:
    """``clamp``'s column: SHA-1 of the patch constants and of the final tessellation factors of ``blob`` run on
    the reference executor (4 patches, optdiff's seed 0)."""
    import numpy as np

    from pyd3d11.tools import optdiff
    from pyd3d11.tools.fxc_oracle import _reference_backend

    with _reference_backend():
        res = optdiff._run_all([blob], 4, 0, 1, False)[0]
    return [hashlib.sha1(np.ascontiguousarray(np.asarray(res[k])).view(np.uint32).tobytes()).hexdigest()
            for k in ("patch constants", "tess factors")]


def api_answer(blob: bytes, call) -> dict:
    """``api``'s column for an object: its chunk list and, per call, [HRESULT, part returned / stripped chunks].
    ``call(function, blob, a, b)`` -> (hr, returned bytes)."""
    out = []
    for fn, a, b in CALLS:
        if fn == "D3DReflect":
            continue
        hr, got = call(fn, blob, a, b)
        if fn == "D3DStripShader" and hr == 0:
            kind = [c.fourcc for c in parse_container(got)]
        elif (fn, a) == ("D3DGetBlobPart", 12):  # D3D_BLOB_DEBUG_NAME: the name's form, not its digits
            kind = re.sub(rb"[0-9a-f]{32}\.pdb", b"<hash>.pdb", bytes(got)).hex()
        else:
            kind = bool(got)
        out.append([fn, a, b, hr, kind])
    return {"chunks": [c.fourcc for c in parse_container(blob)], "calls": out}


def _compile(src: str, target: str, flags: int, name: str | None = None) -> bytes:
    return bytes(dc.D3DCompile(src.encode(), len(src), name, None, None, "main", target, flags, 0))


# --- the tables ----------------------------------------------------------------------------------------------------

@pytest.mark.backend_independent
@pytest.mark.parametrize("row", DATA["mtf"], ids=lambda r: r["name"])
def test_maxtessfactor_takes_a_float_constant(row):
    src = row["src"]
    verdict = mutant_verdict(src, "hs_5_0", 0)
    listing = ""
    if verdict == "ok":
        blob = _compile(src, "hs_5_0", 0)
        listing = bytes(dc.D3DDisassemble(blob, len(blob), 0, None)).decode("latin-1")
    assert mtf_answer(verdict, listing) == row["expected"]


@pytest.mark.parametrize("row", DATA["clamp"], ids=lambda r: r["name"])
def test_tess_factors_are_clamped_to_maxtessfactor(row):
    assert clamp_answer(_compile(row["src"], row["target"], row["flags"])) == row["expected"]


def passcp_answer(blob: bytes, listing: str, dump: str) -> list:
    """``passcp``'s column: [the listing has a control-point phase, the dump's signature lines]."""
    return ["hs_control_point_phase" in listing,
            [ln for ln in dump.splitlines() if ln.startswith(("input[", "output[", "patch["))]]


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", DATA["passcp"], ids=lambda r: r["name"])
def test_a_pass_through_control_point_phase_is_not_written(row):
    blob = _compile(row["src"], "hs_5_0", row["flags"])
    listing = bytes(dc.D3DDisassemble(blob, len(blob), 0, None)).decode("latin-1")
    assert passcp_answer(blob, listing, reflection_dump(blob)[1]) == row["expected"]


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", DATA["consume"], ids=lambda r: r["name"])
def test_consume_reads_word_by_word(row):
    blob = _compile(row["src"], row["target"], 0)
    assert dc.D3DReflect(blob).GetDesc().TextureLoadInstructions == row["expected"]


def _our_call(fn: str, blob: bytes, a: int, b: int) -> tuple[int, bytes]:
    hr, got, _ = api_call(fn, blob, a, b)
    return hr, got


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", DATA["api"], ids=lambda r: f"{r['name']}-{r['target']}-{r['flags']:x}")
def test_debug_objects_answer_the_blob_functions_as_fxc_s(row):
    blob = _compile(row["src"], row["target"], row["flags"], "probe49.hlsl")
    assert api_answer(blob, _our_call) == row["expected"]


@pytest.mark.backend_independent
@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None, reason="needs d3dcompiler_47 under Wine")
def test_live_maxtessfactor_rows_are_the_dll_s():
    real = wine_d3dcompiler.shared()

    def verdict(r) -> str:
        return mtf_answer(dll_verdict(r), real.disassemble(r.blob).blob.decode("latin-1") if r.ok else "")

    check_live_table([(r["src"], "hs_5_0", 0, r["expected"]) for r in DATA["mtf"]], verdict=verdict)


def test_coverage():
    assert [len(DATA[k]) for k in ("mtf", "clamp", "passcp", "consume", "api")] == [24, 16, 21, 12, 30]


# --- the record (run by hand with the DLL: python tests/test_rules_reflect_fxc_s49.py) -----------------------------

_HS = """struct CP {{ float3 p : POS; float2 uv : TEXCOORD0; }};
cbuffer K : register(b0) {{ float4 f; float4 g; }};
{pre}
{pc}
{pcf}
[domain("{domain}")] [partitioning("{part}")] [outputtopology("{topo}")] [outputcontrolpoints({n})]
[patchconstantfunc("pcf")] {attr}
CP main(InputPatch<CP, {n}> ip, uint i : SV_OutputControlPointID) {{ return ip[i]; }}
"""
_TRI = "struct PC { float e[3] : SV_TessFactor; float inner : SV_InsideTessFactor; };"
_TRI_BODY = ("PC pcf(InputPatch<CP, 3> ip) { PC o; o.e[0] = f.x * 40; o.e[1] = f.y * 40; o.e[2] = 20; "
             "o.inner = g.x * 40; return o; }")


def hs_source(attr: str, pre: str = "", pc: str = _TRI, pcf: str = _TRI_BODY, domain: str = "tri",
              part: str = "integer", topo: str = "triangle_cw", n: int = 3) -> str:
    return _HS.format(pre=pre, pc=pc, pcf=pcf, domain=domain, part=part, topo=topo, n=n, attr=attr)


_MTF_ARGS = ["7.5", "1.0", "64.0", "63.99", "0.99", "64.001", "-2.5", "0.0", "7.5h", "7.5L", "(float)9", "12.0 / 8",
             "SF", "SF * 2", "SI", "SI * 1.0", "9", "0", "100", "9u", "false", "int(9)", '"9.0"', "9.0, 2.0"]

_QUAD = "struct PC { float e[4] : SV_TessFactor; float inner[2] : SV_InsideTessFactor; float4 c : CENTER; };"
_QUAD_BODY = ("PC pcf(InputPatch<CP, 4> ip) { PC o; o.e[0] = f.x * 30; o.e[1] = f.y * 30; o.e[2] = f.z * 30; "
              "o.e[3] = f.w * 30; o.inner[0] = max(o.e[0], o.e[2]); o.inner[1] = g.y * 30; o.c = g * 30; return o; }")
_ISO = "struct PC { float e[2] : SV_TessFactor; float2 w : WEIGHTS; };"
_ISO_BODY = "PC pcf(InputPatch<CP, 2> ip) { PC o; o.e[0] = f.x * 50; o.e[1] = 64; o.w = f.zw * 50; return o; }"
_OUTS = ("void pcf(InputPatch<CP, 3> ip, out float e[3] : SV_TessFactor, out float inner : SV_InsideTessFactor, "
         "out float3 t : TANGENT) { e[0] = f.x * 10; e[1] = f.y * 10; e[2] = f.z * 10; inner = 1.0 / f.w; "
         "t = g.xyz * 10; }")
_BRANCH = ("PC pcf(InputPatch<CP, 3> ip, uint id : SV_PrimitiveID) { PC o; if (g.w > 0) { o.e[0] = o.e[1] = "
           "o.e[2] = f.x * 25; o.inner = 30; } else { o.e[0] = 2; o.e[1] = 3; o.e[2] = 4; o.inner = f.y * 25; } "
           "return o; }")
_LOOP = ("PC pcf(InputPatch<CP, 3> ip) { PC o; [unroll] for (int k = 0; k < 3; k++) o.e[k] = "
         "length(ip[k].p - ip[(k + 1) % 3].p) * f[k] * 20; o.inner = (o.e[0] + o.e[1] + o.e[2]) / 3; return o; }")
_CLAMP = {
    "tri_int": (hs_source("[maxtessfactor(5.5)]"), 0),
    "tri_none": (hs_source(""), 0),
    "tri_int_arg": (hs_source("[maxtessfactor(5)]"), 0),
    "tri_64": (hs_source("[maxtessfactor(64.0)]"), 0),
    "tri_odd_1": (hs_source("[maxtessfactor(1.0)]", part="fractional_odd"), 0),
    "tri_even_od": (hs_source("[maxtessfactor(4.25)]", part="fractional_even"), 4),
    "tri_pow2": (hs_source("[maxtessfactor(16.0)]", part="pow2"), 0),
    "quad": (hs_source("[maxtessfactor(9.0)]", pc=_QUAD, pcf=_QUAD_BODY, domain="quad", n=4), 0),
    "quad_odd": (hs_source("[maxtessfactor(2.5)]", pc=_QUAD, pcf=_QUAD_BODY, domain="quad", part="fractional_odd",
                           n=4), 0),
    "iso": (hs_source("[maxtessfactor(6.0)]", pc=_ISO, pcf=_ISO_BODY, domain="isoline", topo="line", n=2), 0),
    "iso_point": (hs_source("[maxtessfactor(3.0)]", pc=_ISO, pcf=_ISO_BODY, domain="isoline", topo="point", n=2),
                  0),
    "out_params": (hs_source("[maxtessfactor(3.5)]", pcf=_OUTS), 0),
    "branch": (hs_source("[maxtessfactor(8.0)]", pcf=_BRANCH), 0),
    "loop": (hs_source("[maxtessfactor(6.5)]", pcf=_LOOP), 0),
    "static_const": (hs_source("[maxtessfactor(M / 2)]", pre="static const float M = 7.0;"), 0),
    "ieee": (hs_source("[maxtessfactor(2.0)]", pcf=_LOOP), 1 << 13),
}

_PCP_CP = "struct CP { float4 p : POS; float2 uv : TEXCOORD0; float3 n : NORMAL; };"
_PCP_PC = ("struct PC {{ float e[4] : SV_TessFactor; float inner[2] : SV_InsideTessFactor; }};\n"
           "PC pcf(InputPatch<CP, {n}> ip, uint pid : SV_PrimitiveID) {{ PC o; o.e[0] = f.x; o.e[1] = f.y; o.e[2] = f.z; "
           "o.e[3] = ip[0].p.w; o.inner[0] = o.inner[1] = f.w; return o; }}")
_PASSCP = {  # name: (output struct declaration, body, input patch size, output control points, flags)
    "return": ("typedef CP OUT;", "return ip[i];", 4, 4, 0),
    "local": ("typedef CP OUT;", "OUT o = ip[i]; return o;", 4, 4, 0),
    "members": ("struct OUT { float4 p : POS; float2 uv : TEXCOORD0; float3 n : NORMAL; };",
                "OUT o; o.n = ip[i].n; o.p = ip[i].p; o.uv = ip[i].uv; return o;", 4, 4, 0),
    "other_names": ("struct OUT { float4 a : SV_Position; float2 b : TEX; float3 c : NRM; };",
                    "OUT o; o.a = ip[i].p; o.b = ip[i].uv; o.c = ip[i].n; return o;", 4, 4, 0),
    "int_bits": ("struct OUT { float4 p : POS; int2 uv : TEXCOORD0; float3 n : NORMAL; };",
                 "OUT o; o.p = ip[i].p; o.uv = asint(ip[i].uv); o.n = ip[i].n; return o;", 4, 4, 0),
    "id_copy": ("typedef CP OUT;", "uint j = i; uint k = j; return ip[k];", 4, 4, 0),
    "skip_opt": ("typedef CP OUT;", "return ip[i];", 4, 4, 4),
    "fewer_out": ("typedef CP OUT;", "return ip[i];", 4, 2, 0),
    "more_out": ("typedef CP OUT;", "return ip[i % 4];", 4, 6, 0),
    "subset": ("struct OUT { float4 p : POS; float2 uv : TEXCOORD0; };",
               "OUT o; o.p = ip[i].p; o.uv = ip[i].uv; return o;", 4, 4, 0),
    "narrow": ("struct OUT { float4 p : POS; float2 uv : TEXCOORD0; float2 n : NORMAL; };",
               "OUT o; o.p = ip[i].p; o.uv = ip[i].uv; o.n = ip[i].n.xy; return o;", 4, 4, 0),
    "reordered": ("struct OUT { float3 n : NORMAL; float4 p : POS; float2 uv : TEXCOORD0; };",
                  "OUT o; o.p = ip[i].p; o.uv = ip[i].uv; o.n = ip[i].n; return o;", 4, 4, 0),
    "swizzle": ("typedef CP OUT;", "CP o = ip[i]; o.n = o.n.zyx; return o;", 4, 4, 0),
    "negated": ("typedef CP OUT;", "CP o = ip[i]; o.uv = -o.uv; return o;", 4, 4, 0),
    "const_index": ("typedef CP OUT;", "return ip[2];", 4, 4, 0),
    "other_point": ("typedef CP OUT;", "return ip[3 - i];", 4, 4, 0),
    "saturated": ("typedef CP OUT;", "CP o = ip[i]; o.p = saturate(o.p); return o;", 4, 4, 0),
    "uv_swap": ("typedef CP OUT;", "CP o = ip[i]; o.uv = o.uv.yx; return o;", 4, 4, 0),
    "partial": ("typedef CP OUT;", "CP o; o.p = ip[i].p; o.uv = ip[i].uv; o.n.xy = ip[i].n.xy; o.n.z = ip[i].p.x; "
                "return o;", 4, 4, 0),
    "crossed": ("typedef CP OUT;", "CP o = ip[i]; o.uv = ip[i].p.xy; return o;", 4, 4, 0),
    "cbuffer_read": ("typedef CP OUT;", "CP o = ip[i]; o.p += f * 0; return o;", 4, 4, 1 << 13),
}


def passcp_source(out: str, body: str, n: int, ocp: int) -> str:
    return (f"{_PCP_CP}\n{out}\nfloat4 f;\n{_PCP_PC.format(n=n)}\n[domain(\"quad\")] [partitioning(\"integer\")] "
            f"[outputtopology(\"triangle_cw\")] [outputcontrolpoints({ocp})] [patchconstantfunc(\"pcf\")]\n"
            f"OUT main(InputPatch<CP, {n}> ip, uint i : SV_OutputControlPointID) {{ {body} }}\n")


_CONSUME_PRE = ("struct S2 { float a; float3 b; float2 c; }; struct N { float2 p; S2 s; };\n"
                "RWStructuredBuffer<float4> o : register(u1);\n")
_CONSUME = {  # name: (element type, body, target)
    "float": ("float", "o[i] = cb.Consume();", "cs_5_0"),
    "float3": ("float3", "o[i] = cb.Consume().xyzz;", "cs_5_0"),
    "uint2": ("uint2", "o[i] = asfloat(cb.Consume().xyxy);", "cs_5_0"),
    "int4": ("int4", "o[i] = cb.Consume();", "cs_5_0"),
    "struct_member": ("S2", "o[i] = cb.Consume().b.zyxx;", "cs_5_0"),
    "nested": ("N", "N n = cb.Consume(); o[i] = float4(n.p, n.s.c);", "cs_5_0"),
    "matrix": ("float3x2", "o[i] = cb.Consume()[2].xyxy;", "cs_5_0"),
    "double2": ("double2", "o[i] = (float)(cb.Consume().y);", "cs_5_0"),
    "min16": ("min16float3", "o[i] = cb.Consume().xyzz;", "cs_5_0"),
    "loop": ("float2", "float4 s = 0; [loop] for (int k = 0; k < 3; k++) s.xy += cb.Consume(); o[i] = s;", "cs_5_0"),
    "cs51": ("float3", "o[i] = cb.Consume().zyxx;", "cs_5_1"),
    "pixel": ("float4", "o[i] = cb.Consume();", "ps_5_0"),
}


def consume_source(elem: str, body: str, target: str) -> str:
    if target.startswith("ps"):
        return (_CONSUME_PRE + f"ConsumeStructuredBuffer<{elem}> cb : register(u2);\n"
                f"float4 main(float4 p : SV_Position) : SV_Target {{ uint i = (uint)p.x; {body} return 1; }}\n")
    return (_CONSUME_PRE + f"ConsumeStructuredBuffer<{elem}> cb : register(u0);\n"
            f"[numthreads(4, 1, 1)] void main(uint i : SV_GroupIndex) {{ {body} }}\n")


_API_SRC = {
    "vs": ("float4x4 m; float4 main(float4 p : POSITION, float3 n : NORMAL) : SV_Position "
           "{ return mul(p, m) + n.xyzz; }", ["vs_5_0", "vs_4_0_level_9_1"]),
    "ps": ("Texture2D t; SamplerState s; float4 main(float2 uv : TEXCOORD1) : SV_Target "
           "{ float4 c = t.Sample(s, uv); clip(c.a - 0.25); return c * c; }", ["ps_4_1", "ps_5_1"]),
    "cs": ("RWBuffer<uint> b; groupshared uint g[8]; [numthreads(8, 1, 1)] void main(uint i : SV_GroupIndex) "
           "{ g[i] = i; GroupMemoryBarrierWithGroupSync(); b[i] = g[7 - i]; }", ["cs_5_0"]),
    "hs": (hs_source("[maxtessfactor(6.0)]"), ["hs_5_0"]),
}
_API_FLAGS = [1, 1 | (1 << 22), 1 | (1 << 23), 1 << 23, 1 | (1 << 2) | (1 << 22)]


def record() -> dict:
    """fxc's answers for every row (needs the DLL: $PYD3D11_D3DCOMPILER_DLL)."""
    real = wine_d3dcompiler.shared()
    out: dict = {"mtf": [], "clamp": [], "passcp": [], "consume": [], "api": []}
    for k, arg in enumerate(_MTF_ARGS):
        src = hs_source(f"[maxtessfactor({arg})]", pre="static const float SF = 6.0; static const int SI = 6;")
        r = real.compile(src, "hs_5_0", "main")
        listing = real.disassemble(r.blob).blob.decode("latin-1") if r.ok else ""
        out["mtf"].append({"name": f"{k}-{arg}", "src": src, "expected": mtf_answer(dll_verdict(r), listing)})
    for name, (src, flags) in _CLAMP.items():
        r = real.compile(src, "hs_5_0", "main", flags1=flags)
        assert r.ok, (name, r.messages)
        out["clamp"].append({"name": name, "src": src, "target": "hs_5_0", "flags": flags,
                             "expected": clamp_answer(r.blob)})

    for name, (decl, body, n, ocp, flags) in _PASSCP.items():
        src = passcp_source(decl, body, n, ocp)
        r = real.compile(src, "hs_5_0", "main", flags1=flags)
        assert r.ok, (name, r.messages)
        listing = real.disassemble(r.blob).blob.decode("latin-1")
        out["passcp"].append({"name": name, "src": src, "flags": flags,
                              "expected": passcp_answer(r.blob, listing, real.api("D3DReflect", r.blob).text.decode())})
    for name, (elem, body, target) in _CONSUME.items():
        src = consume_source(elem, body, target)
        r = real.compile(src, target, "main")
        assert r.ok, (name, r.messages)
        texload = int(re.search(r"texload=(\d+)", real.api("D3DReflect", r.blob).text.decode()).group(1))
        out["consume"].append({"name": name, "src": src, "target": target, "expected": texload})

    def dll_call(fn: str, blob: bytes, a: int, b: int) -> tuple[int, bytes]:
        got = real.api(fn, blob, a, b)
        return got.hr, got.blob

    for name, (src, targets) in _API_SRC.items():
        for target in targets:
            for flags in _API_FLAGS:
                r = real.compile(src, target, "main", flags1=flags, name="probe49.hlsl")
                assert r.ok, (name, target, r.messages)
                out["api"].append({"name": name, "src": src, "target": target, "flags": flags,
                                   "expected": api_answer(r.blob, dll_call)})
    return out


if __name__ == "__main__":
    rec = record()
    DATA_PATH.write_text("{\n" + ",\n".join(f"{json.dumps(k)}: [\n" + ",\n".join(json.dumps(r) for r in rows) + "\n]"
                                            for k, rows in rec.items()) + "\n}\n")
