"""Subroutines and class linkage on the native backend (issue 12 item 1), against the reference executor.

The rules, from D3D11.3: §22.7.5-7 ``label`` / ``call`` / ``callc_z|nz``: a call runs the body of ``l#``
for the calling lanes (all active ones, or those whose condition passes) and returns to the instruction
after the call; ``ret`` inside a body returns from the body (the lanes idle until the body ends), ``retc``
returns the lanes passing its test; calls nest up to 32 deep. §7.19 / §22.7.19-20 dynamic linkage: the driver
specialises a shader for its bound class instances — ``fcall fp#[i][cs]`` calls the body the instance's
function table names for call site cs, ``this[i]`` holds the instance's (cb slot, cb vector, base texture,
base sampler). The reference executor links that specialisation (exec/interfaces.link_program: literal
fcall → ``call``, dynamically indexed interface arrays → ``switch`` over the array, ``this[]`` folded or read
from appended ICB rows, ``cb[this.x + k]`` / ``t[this.z + k]`` / ``s[this.w + k]`` → ``switch`` over the
reachable slots); the native lowering inlines the calls of that linked program (lower._Lowerer.call), so
the kernel is specialised (and cached) per bound-instance set like the linked program.

Every case runs on both backends on the same random inputs, constant buffers and resources
(tools/backend_diff) and must agree bit for bit with the native kernel actually run (no fallback counted);
a call issued at 32 return addresses is skipped by both (the call asm page); inlining past 2^16 lowered operations
(a body calling itself twice) falls back visibly, with its reason."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import conformance_path

from pyd3d11.shader import native
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.exec.interfaces import ClassBinding, interface_decls, link_program
from pyd3d11.shader.native import runtime
from pyd3d11.tools.backend_diff import diff_program

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]


def _same(prog, lanes: int = 24, seed: int = 0) -> None:
    before = (runtime.stats.native_runs, runtime.stats.fallbacks)
    status, detail = diff_program(prog, lanes=lanes, seed=seed)
    assert status == "same", detail
    assert runtime.stats.fallbacks == before[1]
    assert runtime.stats.native_runs > before[0]


# ---- subroutines in assembly (the mechanism every linked program uses) ------------------------------------
HEADS = {
    "cs": "cs_5_0\ndcl_constantbuffer cb0[8], immediateIndexed\ndcl_uav_raw u0\ndcl_input vThreadID.x\n"
          "dcl_temps 6\ndcl_thread_group 16, 1, 1\nmov r0.xyzw, vThreadID.xxxx\n",
    "ps": "ps_5_0\ndcl_constantbuffer cb0[8], immediateIndexed\ndcl_input_ps linear v0.xyzw\n"
          "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_temps 6\n"
          "ftou r0.xyzw, v0.xyzw\n",
    "vs": "vs_5_0\ndcl_constantbuffer cb0[8], immediateIndexed\ndcl_input v0.xyzw\ndcl_input v1.xyzw\n"
          "dcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_temps 6\nftou r0.xyzw, v0.xyzw\n",
}
TAILS = {
    "cs": "ishl r5.x, vThreadID.x, l(5)\nstore_raw u0.xyzw, r5.x, r1.xyzw\niadd r5.x, r5.x, l(16)\n"
          "store_raw u0.xyzw, r5.x, r2.xyzw\n",
    "ps": "mov o0.xyzw, r1.xyzw\nmov o1.xyzw, r2.xyzw\n",
    "vs": "mov o0.xyzw, r1.xyzw\nmov o1.xyzw, r2.xyzw\n",
}

# (name, main body, subroutines): r0 = per-lane integers, r1 / r2 the results written out
SUBROUTINES = [
    ("call", "mov r1.xyzw, l(1,2,3,4)\ncall l1\nmov r2.xyzw, r1.yxwz\n",
     "label l1\niadd r1.xyzw, r1.xyzw, r0.xyzw\nret\n"),
    ("same body from two call sites", "mov r1.xyzw, l(0,0,0,0)\ncall l1\ncall l1\nmov r2.xyzw, r1.xxxx\n",
     "label l1\nimad r1.xyzw, r1.xyzw, l(3,3,3,3), r0.xyzw\nret\n"),
    ("callc_nz / callc_z", "and r3.x, r0.x, l(1)\nmov r1.xyzw, l(7,7,7,7)\nmov r2.xyzw, l(9,9,9,9)\n"
     "callc_nz r3.x, l1\ncallc_z r3.x, l2\n",
     "label l1\nmov r1.xy, r0.xyxx\nret\nlabel l2\nmov r2.zw, r0.zwzz\nret\n"),
    ("retc inside the body", "mov r1.xyzw, l(5,5,5,5)\nmov r2.xyzw, l(0,0,0,0)\ncall l1\nmov r2.w, l(99)\n",
     "label l1\nmov r2.x, l(1)\nand r3.x, r0.x, l(3)\nretc_z r3.x\nmov r2.y, l(2)\nieq r3.y, r3.x, l(1)\n"
     "retc_nz r3.y\nmov r2.z, l(3)\nret\n"),
    ("ret inside a loop of the body", "mov r1.xyzw, l(0,0,0,0)\ncall l1\niadd r2.xyzw, r1.xyzw, l(1,1,1,1)\n",
     "label l1\nmov r3.x, l(0)\nloop\n  iadd r1.x, r1.x, r3.x\n  iadd r3.x, r3.x, l(1)\n  uge r3.y, r3.x, r0.x\n"
     "  if_nz r3.y\n    ret\n  endif\n  uge r3.z, r3.x, l(20)\n  breakc_nz r3.z\nendloop\nmov r1.y, l(77)\nret\n"),
    ("nested calls", "mov r1.xyzw, r0.xyzw\ncall l1\nmov r2.xyzw, r1.wzyx\n",
     "label l1\niadd r1.x, r1.x, l(10)\ncall l2\niadd r1.y, r1.y, l(10)\nret\n"
     "label l2\nand r3.x, r0.x, l(2)\nretc_nz r3.x\ncall l3\nimul null, r1.z, r1.z, l(3)\nret\n"
     "label l3\nishl r1.w, r1.w, l(2)\nret\n"),
    ("call in a loop with continue and break", "mov r1.xyzw, l(0,0,0,0)\nmov r3.z, l(0)\nloop\n"
     "  iadd r3.z, r3.z, l(1)\n  uge r3.w, r3.z, l(6)\n  breakc_nz r3.w\n  and r4.x, r3.z, r0.x\n"
     "  continuec_nz r4.x\n  call l1\nendloop\nmov r2.xyzw, r1.xyxy\n",
     "label l1\niadd r1.x, r1.x, r3.z\nieq r4.y, r3.z, l(4)\nretc_nz r4.y\niadd r1.y, r1.y, l(1)\nret\n"),
    ("call inside switch and if", "mov r1.xyzw, l(0,0,0,0)\nand r3.x, r0.x, l(3)\nswitch r3.x\n"
     "  case l(0)\n  case l(2)\n    call l1\n    break\n  default\n    if_nz r3.x\n      call l2\n    endif\n"
     "    break\nendswitch\nmov r2.xyzw, r1.yxyx\n",
     "label l1\nmov r1.x, l(5)\nret\nlabel l2\nmov r1.y, r3.x\nret\n"),
    ("call through a dynamic switch (the linked fcall shape)", "mov r1.xyzw, l(0,0,0,0)\n"
     "ushr r3.x, r0.x, l(1)\nand r3.x, r3.x, l(3)\nswitch r3.x\n  case l(0)\n    call l1\n    break\n"
     "  case l(1)\n    call l2\n    break\n  case l(2)\n    break\nendswitch\nmov r2.xyzw, r1.xxyy\n",
     "label l1\nmov r1.x, cb0[1].x\nret\nlabel l2\nmov r1.y, cb0[2].y\nret\n"),
]


@pytest.mark.parametrize("stage", ["cs", "ps", "vs"])
@pytest.mark.parametrize("name, main, subs", SUBROUTINES, ids=[s[0] for s in SUBROUTINES])
def test_subroutines_native_equal_reference(stage, name, main, subs):
    src = HEADS[stage] + main + TAILS[stage] + "ret\n" + subs
    for seed in (0, 1):
        _same(assemble_program(src), seed=seed)


def test_discard_inside_a_subroutine():
    src = (HEADS["ps"] + "mov r1.xyzw, l(1,1,1,1)\nmov r2.xyzw, l(2,2,2,2)\ncall l1\n" + TAILS["ps"] + "ret\n"
           "label l1\nand r3.x, r0.x, l(1)\ndiscard_nz r3.x\nmov r1.x, l(3)\nret\n")
    _same(assemble_program(src))


def _chain(depth: int, stage: str = "cs") -> str:
    subs = "".join(f"label l{k}\niadd r1.x, r1.x, l(1)\n" + (f"call l{k + 1}\n" if k < depth else "") + "ret\n"
                   for k in range(1, depth + 1))
    return HEADS[stage] + "mov r1.xyzw, l(0,0,0,0)\nmov r2.xyzw, l(0,0,0,0)\ncall l1\n" + TAILS[stage] + "ret\n" + subs


@pytest.mark.parametrize("depth", [32, 33, 40])
def test_a_call_issued_at_32_return_addresses_is_skipped(depth):
    """The call / callc asm pages: "Subroutines can nest 32 deep"; "if there are already 32 entries on the return
    address stack and a call is issued, the call is skipped over". A chain l1 → l2 → … where each body adds 1 to
    r1.x before its call runs bodies l1..l32 only: r1.x = 32 for any chain of 32 or more (both executors; the
    native lowering inlines 32 levels and emits nothing for the skipped call)."""
    from pyd3d11.shader.native.lower import lower

    for stage in ("cs", "ps"):
        _same(assemble_program(_chain(depth, stage)))
    from pyd3d11.shader.exec import reference

    prog = assemble_program(_chain(depth, "ps"))
    lower(prog)  # compiles: no counted fallback
    out = np.asarray(reference.run_program(prog, 4, inputs=np.zeros((2, 4, 4), np.uint32)).outputs)[0]
    assert out[:, 0].tolist() == [32] * 4  # (and the native kernel's equals it: _same above)


def test_linear_recursion_runs_32_levels_on_both():
    """Recursion is not permitted (call asm page), but its result is defined by the skip rule: l1 calls itself
    while r1.x < r0.x, so r1.x = max(1, min(r0.x, 32)) with r0.x = 3 x the thread id (0..45): lanes past 32 stop
    at the depth limit."""
    src = HEADS["cs"] + "mov r1.xyzw, l(0,0,0,0)\nmov r2.xyzw, l(0,0,0,0)\nimul null, r0.x, r0.x, l(3)\ncall l1\n" + \
        TAILS["cs"] + "ret\n" + "label l1\niadd r1.x, r1.x, l(1)\nult r3.x, r1.x, r0.x\ncallc_nz r3.x, l1\nret\n"
    _same(assemble_program(src))


def test_inlining_past_the_operation_cap_falls_back_visibly(monkeypatch):
    """A body calling itself twice doubles the inlined code per level (2^32 copies at the depth limit): with
    out-of-line calls switched off (PYD3D11_NATIVE_OUTLINE_CALLS=0) the lowering stops at MAX_INLINED_OPS operations
    and the program runs on the reference, counted with its reason; the reference skips the never-taken calls."""
    from pyd3d11.shader.native import lower as lower_mod
    from pyd3d11.shader.native.lower import MAX_INLINED_OPS, Unsupported, lower

    monkeypatch.setattr(lower_mod, "OUTLINE_CALLS", False)
    src = HEADS["ps"] + "mov r1.xyzw, l(0,0,0,0)\nmov r2.xyzw, l(0,0,0,0)\ncall l1\n" + TAILS["ps"] + "ret\n" + \
        "label l1\niadd r1.x, r1.x, l(1)\ncallc_nz r2.x, l1\ncallc_nz r2.x, l1\nret\n"
    prog = assemble_program(src)
    with pytest.raises(Unsupported, match=f"past {MAX_INLINED_OPS}"):
        lower(prog)
    reason = f"inlined subroutines past {MAX_INLINED_OPS} operations"
    before = runtime.stats.reasons.get(reason, 0)
    status, detail = diff_program(prog, lanes=8)
    assert status in ("same", "fallback"), detail
    assert runtime.stats.reasons.get(reason, 0) > before


# ---- linked class-linkage programs -------------------------------------------------------------------------
def _corpus(name: str):
    root = conformance_path("dxbc-corpus", "slimshader")
    return decode_program(parse_container((root / f"{name}.o").read_bytes(), verify_checksum=False).program)


def _bindings(prog, rng, this_cb: int = 14) -> list[ClassBinding]:
    """One random choice of class (function table) per interface slot, with random this[] data."""
    d = interface_decls(prog)
    out = []
    for _fp, (size, _, choices, _) in sorted(d.interfaces.items()):
        for _ in range(size):
            out.append(ClassBinding(int(rng.choice(choices)),
                                    (int(rng.integers(0, this_cb)), int(rng.integers(0, 6)),
                                     int(rng.integers(0, 4)), int(rng.integers(0, 2)))))
    return out


CORPUS = ["HlslCrossCompiler/ps5/interfaces", "HlslCrossCompiler/ps5/interface_arrays",
          "Sdk/Direct3D11/DynamicShaderLinkage11/DynamicShaderLinkage11_PS"]


@pytest.mark.parametrize("name", CORPUS)
def test_corpus_class_linkage_native_equal_reference(name):
    prog = _corpus(name)
    rng = np.random.default_rng(len(name))
    for k in range(4):
        _same(link_program(prog, _bindings(prog, rng)), seed=k)


def test_every_function_table_of_the_sdk_sample():
    """DynamicShaderLinkage11_PS: each of the 25 function tables bound at its slot (the others fixed)."""
    prog = _corpus("Sdk/Direct3D11/DynamicShaderLinkage11/DynamicShaderLinkage11_PS")
    d = interface_decls(prog)
    base = [ClassBinding(c[0], (1, 0, 0, 0)) for _fp, (_s, _cs, c, _dyn) in sorted(d.interfaces.items())]
    for slot, (_fp, (_s, _cs, choices, _dyn)) in enumerate(sorted(d.interfaces.items())):
        for ft in choices:
            sel = list(base)
            sel[slot] = ClassBinding(ft, (2 + slot, slot, slot, 0))
            _same(link_program(prog, sel), lanes=8)


def test_unbound_slots_call_nothing_natively_too():
    prog = _corpus("HlslCrossCompiler/ps5/interfaces")
    rng = np.random.default_rng(3)
    sel = _bindings(prog, rng)
    sel[1] = None
    _same(link_program(prog, sel, unbound="skip"))


HLSL = """
interface IOp { float4 apply(float4 x); uint4 tag(); };
class cAdd : IOp { float4 k; uint id;
    float4 apply(float4 x) { return x + k; } uint4 tag() { return uint4(id, 1, 0, 0); } };
class cMul : IOp { float4 k; float4 m;
    float4 apply(float4 x) { return x * k + m; } uint4 tag() { return uint4(asuint(m.x), 2, 0, 0); } };
class cTex : IOp { float4 w; Texture2D<float4> a; Texture2D<float4> b;
    float4 apply(float4 x) { return a.Load(int3(uint2(x.xy) & 3, 0)) + b.Load(int3(1, 2, 0)) * w; }
    uint4 tag() { uint wd, ht; b.GetDimensions(wd, ht); return uint4(wd, ht, 3, 0); } };
class cLoop : IOp { uint n;
    float4 apply(float4 x) { float4 s = 0; for (uint i = 0; i < n % 5; ++i) { if (s.x > 3) return s; s += x; } return s; }
    uint4 tag() { return uint4(n, 4, 0, 0); } };
IOp g_one;
IOp g_arr[3];
cbuffer cbSel : register(b0) { uint g_index; uint g_index2; };
cbuffer cbInst : register(b1) { cAdd i_add; cMul i_mul; cTex i_tex; cLoop i_loop; };
"""
BODIES = {
    "ps": ("float4 main(float4 p : SV_Position, float4 c : COLOR, nointerpolation uint sel : SEL) : SV_Target {\n"
           "  float4 r = g_one.apply(c);\n  r = g_arr[g_index2 % 3].apply(r) * (float)sel;\n  r += g_arr[g_index].apply(c.wzyx);\n"
           "  return r + (float4)(g_arr[g_index2 % 3].tag() + g_one.tag());\n}\n", "ps_5_0"),
    "vs": ("float4 main(float4 c : COLOR, uint sel : SEL, out float4 o : O) : SV_Position {\n"
           "  o = g_arr[g_index2].apply(g_one.apply(c)) + (float4)g_arr[1].tag() + sel;\n  return g_arr[g_index].apply(c);\n}\n",
           "vs_5_0"),
    "cs": ("RWStructuredBuffer<float4> u : register(u0);\n[numthreads(16, 1, 1)]\n"
           "void main(uint3 id : SV_DispatchThreadID) {\n  float4 c = float4(id.x, id.x * 0.5, 2, -1);\n"
           "  float4 r = g_arr[g_index2 % 3].apply(g_one.apply(c));\n"
           "  u[id.x] = r + (float4)g_arr[g_index % 3].tag();\n}\n", "cs_5_0"),
}


def _without_textures(src: str) -> str:
    """HLSL without the texture-holding class: the executor-level harness gives compute shaders no sampling
    hook (their texture access is the pipeline's: tests/test_native_compute_textures.py)."""
    start = src.index("class cTex")
    end = src.index("class cLoop")
    return (src[:start] + src[end:]).replace(" cTex i_tex;", "")


def _hlsl(stage: str):
    body, target = BODIES[stage]
    src = _without_textures(HLSL) if stage == "cs" else HLSL
    blob = bytes(D3DCompile(src + body, None, "t.hlsl", None, None, "main", target))
    return decode_program(parse_container(blob).program)


@pytest.mark.parametrize("stage", ["ps", "vs", "cs"])
def test_hlsl_interfaces_native_equal_reference(stage):
    """Literal fcall (g_one, g_arr[1]), interface arrays indexed by constant-buffer values (g_arr[g_index],
    g_arr[g_index2 % 3]: fxc's X4603 refuses varying indices; per-lane selection is the switch case above), this[]
    reads of instance data at random cb slots / vectors, texture members at t[this.z + k], every class at
    every slot (the combinations drawn at random, each distinct set its own linked program and kernel)."""
    prog = _hlsl(stage)
    d = interface_decls(prog)
    assert d.interfaces and any(dyn for _s, _c, _ch, dyn in d.interfaces.values())
    rng = np.random.default_rng({"ps": 1, "vs": 2, "cs": 3}[stage])
    for k in range(6):
        _same(link_program(prog, _bindings(prog, rng)), seed=k)


def test_linked_kernels_are_cached_per_binding_set():
    prog = _hlsl("ps")
    rng = np.random.default_rng(9)
    sel = _bindings(prog, rng)
    a = link_program(prog, sel)
    assert link_program(prog, list(sel)) is a  # the same linked program: the same cached kernel
    _same(a)
    compiled = runtime.stats.native_runs
    _same(link_program(prog, list(sel)))
    assert runtime.stats.native_runs > compiled
