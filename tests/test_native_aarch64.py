"""The native backend's kernels for AArch64 (issue 12: "4-wide NEON"), checked on any host by compiling them for that
target with LLVM's AArch64 back end (llvmlite's wheel carries every target).

On AArch64 the kernels keep their 8-lane (and wider) vectors; LLVM splits each operation into 128-bit NEON
instructions of four float lanes. The one target-specific piece of the generated IR is the empty inline-assembly
statement that hides an operand from LLVM's folds (llvm_arith.ArithMixin.opaque): its operand must be one register
of the target's vector file, so on AArch64 it names NEON registers (constraint ``w``) four lanes at a time
(runtime.VECTOR_REGISTERS). With the x86 constraint ``v`` LLVM aborts the process while selecting instructions
(seen under qemu-aarch64 before session 45), so these tests compile the kernels for the target instead of trusting
the text. Running them: the suite's native tests under qemu-aarch64 (docs/features.md, "AArch64").
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.native import llvm_gen, runtime

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

NEON = ("w", 4)

# a pixel shader of S1z's shape (sincos chains, guarded add / mul with NaN-opaque operands, a dot product)
PIXEL = """ps_4_0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 2
mul r0.xy, v1.xyxx, l(6.283185, 6.283185, 6.283185, 6.283185)
sincos r0.z, null, r0.x
mul r1.x, r0.z, v1.y
add r0.x, r1.x, v1.x
dp3 r0.w, r0.xyzx, l(0.299000, 0.587000, 0.114000, 0.114000)
max r0.y, r0.w, v1.y
ftoi r1.y, r0.y
itof r0.z, r1.y
mov o0.xyzw, r0.xyzw
ret
"""

COMPUTE = """cs_5_0
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 2
dcl_thread_group 64, 1, 1
ishl r0.x, vThreadID.x, l(2)
ld_raw r1.x, r0.x, u0.x
mul r1.x, r1.x, r1.x
add r1.x, r1.x, l(1.000000)
store_raw u0.x, r0.x, r1.x
ret
"""


def _aarch64_assembly(text: str) -> str:
    llvm = runtime._init_llvm()
    llvm.initialize_all_targets()
    llvm.initialize_all_asmprinters()
    target = llvm.Target.from_triple("aarch64-unknown-linux-gnu")
    tm = target.create_target_machine(cpu="generic", features="+neon", opt=2)
    mod = llvm.parse_assembly(text.replace(llvm.get_process_triple(), "aarch64-unknown-linux-gnu"))
    mod.triple = "aarch64-unknown-linux-gnu"
    mod.verify()
    return tm.emit_assembly(mod)


@pytest.mark.parametrize("width", [8, 32])
@pytest.mark.parametrize("src", [PIXEL, COMPUTE], ids=["pixel", "compute"])
def test_kernels_compile_to_four_lane_neon(src: str, width: int):
    prog = assemble_program(src)
    tile = 64
    text, _ = llvm_gen.generate(runtime.lowered(prog), tile, None, width, reg_lanes=8, x86_ops=False,
                                asm_register=NEON)
    asm = _aarch64_assembly(text)
    # float arithmetic in 128-bit NEON registers, four float32 lanes each
    assert re.search(r"\bfmul\s+v\d+\.4s", asm), asm[:2000]
    assert re.search(r"\bfadd\s+v\d+\.4s", asm), asm[:2000]
    assert "ymm" not in asm and "xmm" not in asm


def test_opaque_statements_name_one_neon_register():
    """Every hiding statement of an AArch64 kernel takes one <4 x float> NEON register (``w``), whatever the width."""
    prog = assemble_program(PIXEL)
    for width in (8, 16, 32, 64):
        text, _ = llvm_gen.generate(runtime.lowered(prog), 64, None, width, reg_lanes=8, x86_ops=False,
                                    asm_register=NEON)
        statements = re.findall(r'call (<\d+ x float>) asm "", "=(\w),0"', text)
        assert statements and set(statements) == {("<4 x float>", "w")}, width


def test_the_x86_constraint_is_what_aarch64_cannot_take():
    """The rule the table guards: the same kernel with x86's ``v`` statements is refused by the AArch64 back end
    (checked in a child process: LLVM reports it by aborting)."""
    import subprocess
    import sys
    import textwrap

    code = textwrap.dedent("""
        import sys
        sys.path[:0] = sys.argv[1:]
        from test_native_aarch64 import PIXEL, _aarch64_assembly
        from pyd3d11.shader.dxbc.asm import assemble_program
        from pyd3d11.shader.native import llvm_gen, runtime
        text, _ = llvm_gen.generate(runtime.lowered(assemble_program(PIXEL)), 64, None, 8, reg_lanes=8,
                                    x86_ops=False, asm_register=("v", 8))
        _aarch64_assembly(text)
        print("compiled")
    """)
    import pathlib

    here = pathlib.Path(__file__).resolve().parent
    try:
        r = subprocess.run([sys.executable, "-c", code, str(here), str(here.parent / "src")], capture_output=True,
                           text=True, timeout=120)
    except OSError as exc:  # (under qemu-user the interpreter cannot be started directly)
        pytest.skip(f"cannot start a child interpreter: {exc}")
    assert "compiled" not in r.stdout and r.returncode != 0


def test_supported_architectures():
    assert runtime.VECTOR_REGISTERS["aarch64"] == NEON and runtime.VECTOR_REGISTERS["x86_64"][0] == "v"


def _lane_clamp_function(monkeypatch, hide: bool) -> str:
    """A LaneIR function clamping eight lanes to [0, 1] with NaN -> 0 (the UNORM encode's first step, maxps then
    minps) as the typed-UAV / output-merger codecs emit it, with LaneIR's compares hidden or not."""
    from pyd3d11.pipeline.native import lane_ir

    monkeypatch.setattr(lane_ir, "hide_compares", lambda: hide)
    monkeypatch.setattr(lane_ir, "_vector_register", lambda: NEON)
    monkeypatch.setattr(lane_ir, "host_avx", lambda: False)
    decls: set[str] = set()
    B = lane_ir.LaneIR(8, "mm", decls)
    x = B.asf(B.lane_load("%in", "i32", 4, "0"))
    r = B.minps(B.maxps(x, B.sp("float", 0.0)), B.sp("float", 1.0))
    B.e(f"store <8 x i32> {B.asi(r)}, ptr %out, align 4")
    body = "\n".join("  " + ln for ln in B.lines)
    return "\n".join(sorted(decls)) + f"\ndefine void @mm(ptr %in, ptr %out) {{\nentry:\n{body}\n  ret void\n}}\n"


@pytest.mark.parametrize("hide", [True, False])
def test_lane_clamps_keep_the_select_rule_on_aarch64(monkeypatch, hide: bool):
    """LLVM's AArch64 back end folds ``select (fcmp ogt x, 0), x, 0`` into FMAXNM, which gives a NaN for a
    signalling-NaN ``x`` where the select gives 0 (an R16_UNORM store of 0x7F800001 was 0xFFFF, not 0, under
    qemu-aarch64): LaneIR hides its compare masks there (lane_ir.hide_compares), and the clamp stays compares and
    bit-selects. Without the hiding the fold appears (the rule the test guards)."""
    asm = _aarch64_assembly(_lane_clamp_function(monkeypatch, hide))
    folded = re.search(r"\bf(max|min)(nm)?\s+v\d+\.4s", asm) is not None
    assert folded is not hide, asm[:2000]
