"""Backend differential check: run a program on the reference executor and on the native backend
(pyd3d11.shader.native) with the same random inputs, constant buffers and resources (tools/optdiff's
harness) and compare every result bit: outputs, discard, depth/coverage, UAV words and hidden counters.

Programs come from DXBC files (``--files``), or from :func:`random_program`, a generator of random but
well-formed shader assembly (float/int ALU with modifiers, swizzles, masks and _sat, relative indexing of
indexable temps and constant buffers, if/else, bounded loops with break/continue, switch, retc, discard,
and for compute raw/structured UAV loads and stores, atomics, counters and groupshared memory with
barriers).

    python -m pyd3d11.tools.backend_diff --random 2000 [--seed S] [--stage cs|ps|vs|all]
    python -m pyd3d11.tools.backend_diff --files a.o b.o ...

A difference where both words are NaNs is reported as ``nanbits`` (D3D11 leaves NaN payloads open), not
as a failure. Exit status 1 when any real difference was found.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from ..errors import NotSupportedError
from ..shader import ir, native
from ..shader.dxbc.asm import assemble_program
from ..shader.native import pool, runtime
from .optdiff import CaseTimeout, _first_difference, _only_nan_bits, _program, run_programs, time_limit

_SW = "xyzw"


class _Gen:
    """Random shader assembly for one stage ('cs', 'ps' or 'vs')."""

    TEMPS = 4  # r0..r3 carry data; r6/r7 loop counters; r8 addresses

    def __init__(self, rng: np.random.Generator, stage: str, n_ops: int) -> None:
        self.rng = rng
        self.stage = stage
        self.n_ops = n_ops
        self.lines: list[str] = []
        self.depth = 0
        self.loops = 0

    # ---- operands -------------------------------------------------------------------------------
    def r(self, k: int) -> int:
        return int(self.rng.integers(k))

    def swz(self, n: int = 4) -> str:
        if n == 1:
            return "." + _SW[self.r(4)]
        return "." + "".join(_SW[self.r(4)] for _ in range(4))

    def mask(self) -> str:
        m = self.r(15) + 1
        return "." + "".join(_SW[i] for i in range(4) if m >> i & 1)

    def imm(self, kind: str) -> str:
        if kind == "f":
            vals = [f"{float(v):.6g}" for v in self.rng.choice(
                [0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 3.5, -7.25, 1e-40, 1e30, -1e30, 0.1], 4)]
        else:
            vals = [str(int(v)) for v in self.rng.choice([0, 1, 2, 3, 5, 31, 32, 33, -1, -2, 255, 65536], 4)]
        return f"l({', '.join(vals)})"

    def src(self, kind: str, scalar: bool = False) -> str:
        c = self.r(10)
        if c < 5:
            base = f"r{self.r(self.TEMPS)}"
        elif c < 7:
            base = f"cb0[{self.r(8)}]"
        elif c == 7:
            base = f"x0[r{self.r(self.TEMPS)}.{_SW[self.r(4)]} + {self.r(3)}]"
        elif c == 8 and self.stage in ("ps", "vs"):
            base = f"v{self.r(4)}"
        elif c == 8:
            base = f"cb0[r{self.r(self.TEMPS)}.{_SW[self.r(4)]} + {self.r(4)}]"
        else:
            return self.imm(kind)
        s = base + self.swz(1 if scalar else 4)
        m = self.r(8)
        if m == 0:
            s = "-" + s
        elif m == 1 and kind == "f":
            s = f"|{s}|"
        elif m == 2 and kind == "f":
            s = f"-|{s}|"
        return s

    def dst(self) -> str:
        if self.r(8) == 0:
            return f"x0[r{self.r(self.TEMPS)}.{_SW[self.r(4)]} + {self.r(3)}]{self.mask()}"
        return f"r{self.r(self.TEMPS)}{self.mask()}"

    def sdst(self) -> str:
        return f"r{self.r(self.TEMPS)}.{_SW[self.r(4)]}"

    # ---- statements -----------------------------------------------------------------------------
    F1 = ["sqrt", "rsq", "rcp", "exp", "log", "frc", "round_ne", "round_ni", "round_pi", "round_z", "mov",
          "f32tof16"]
    F1I = ["ftoi", "ftou"]
    F2 = ["add", "mul", "div", "min", "max"]
    FC = ["eq", "ne", "lt", "ge"]
    I1 = ["ineg", "not", "bfrev", "countbits", "firstbit_hi", "firstbit_lo", "firstbit_shi"]
    I1F = ["itof", "utof", "f16tof32"]
    I2 = ["iadd", "and", "or", "xor", "ishl", "ishr", "ushr", "ieq", "ine", "ilt", "ige", "ult", "uge", "imin",
          "imax", "umin", "umax"]
    I3 = ["imad", "umad", "ubfe", "ibfe", "msad"]

    def emit(self, s: str) -> None:
        self.lines.append("  " * self.depth + s)

    def alu(self) -> None:
        c = self.r(16)
        sat = "_sat" if self.r(6) == 0 else ""
        if c < 3:
            self.emit(f"{self.rng.choice(self.F2)}{sat} {self.dst()}, {self.src('f')}, {self.src('f')}")
        elif c == 3:
            self.emit(f"mad{sat} {self.dst()}, {self.src('f')}, {self.src('f')}, {self.src('f')}")
        elif c < 6:
            self.emit(f"{self.rng.choice(self.F1)}{sat} {self.dst()}, {self.src('f')}")
        elif c == 6:
            self.emit(f"{self.rng.choice(self.F1I)} {self.dst()}, {self.src('f')}")
        elif c == 7:
            self.emit(f"{self.rng.choice(self.FC)} {self.dst()}, {self.src('f')}, {self.src('f')}")
        elif c < 10:
            self.emit(f"{self.rng.choice(self.I2)} {self.dst()}, {self.src('i')}, {self.src('i')}")
        elif c == 10:
            op = self.rng.choice(self.I1 + self.I1F)
            self.emit(f"{op} {self.dst()}, {self.src('i')}")
        elif c == 11:
            op = self.rng.choice(self.I3)
            self.emit(f"{op} {self.dst()}, {self.src('i')}, {self.src('i')}, {self.src('i')}")
        elif c == 12:
            k = self.r(5)
            if k == 0:
                self.emit(f"bfi {self.dst()}, {self.src('i')}, {self.src('i')}, {self.src('i')}, {self.src('i')}")
            elif k == 1:
                op = self.rng.choice(["imul", "umul", "udiv"])
                d1 = "null" if self.r(2) else self.sdst()
                self.emit(f"{op} {d1}, {self.sdst()}, {self.src('i', True)}, {self.src('i', True)}")
            elif k == 2:
                op = self.rng.choice(["uaddc", "usubb"])
                self.emit(f"{op} {self.sdst()}, {self.sdst()}, {self.src('i', True)}, {self.src('i', True)}")
            elif k == 3:
                self.emit(f"swapc {self.sdst()}, {self.sdst()}, {self.src('f', True)}, {self.src('f', True)}, "
                          f"{self.src('f', True)}")
            else:
                d0 = "null" if self.r(3) == 0 else self.sdst()
                d1 = "null" if d0 != "null" and self.r(3) == 0 else self.sdst()
                self.emit(f"sincos{sat} {d0}, {d1}, {self.src('f', True)}")
        elif c == 13:
            n = 2 + self.r(3)
            self.emit(f"dp{n}{sat} {self.dst()}, {self.src('f')}, {self.src('f')}")
        elif c == 14:
            self.emit(f"movc{sat} {self.dst()}, {self.src('i')}, {self.src('f')}, {self.src('f')}")
        else:
            self.emit(f"mov {self.dst()}, {self.src('f')}")

    def memory(self) -> None:
        c = self.r(7)
        a = f"r{self.r(self.TEMPS)}.{_SW[self.r(4)]}"
        if c == 0:
            self.emit(f"ld_raw {self.sdst()}, {a}, u0.{_SW[self.r(4)]}")
        elif c == 1:
            self.emit(f"store_raw u0.x, {a}, {self.src('i', True)}")
        elif c == 2:
            self.emit(f"ld_structured {self.dst()}, {a}, l({4 * self.r(3)}), u1{self.swz()}")
        elif c == 3:
            self.emit(f"store_structured u1.x, {a}, l({4 * self.r(2)}), {self.src('i', True)}")
        elif c == 4:
            op = self.rng.choice(["iadd", "and", "or", "xor", "imax", "imin", "umax", "umin"])
            if self.r(2):
                self.emit(f"imm_atomic_{op} {self.sdst()}, u2, {a}, {self.src('i', True)}")
            else:
                self.emit(f"atomic_{op} u2, {a}, {self.src('i', True)}")
        elif c == 5:
            k = self.r(3)
            if k == 0:
                self.emit(f"imm_atomic_exch {self.sdst()}, u2, {a}, {self.src('i', True)}")
            elif k == 1:
                self.emit(f"imm_atomic_cmp_exch {self.sdst()}, u2, {a}, {self.src('i', True)}, {self.src('i', True)}")
            else:
                self.emit(f"imm_atomic_{'alloc' if self.r(2) else 'consume'} {self.sdst()}, u1")
        else:
            self.emit(f"ld_raw {self.sdst()}, {a}, t0.{_SW[self.r(4)]}")

    def block(self, budget: int) -> None:
        while budget > 0:
            c = self.r(20)
            if c < 2 and self.depth < 3:
                self.emit(f"if_{'nz' if self.r(2) else 'z'} r{self.r(self.TEMPS)}.{_SW[self.r(4)]}")
                self.depth += 1
                n = 1 + self.r(max(1, budget // 2))
                self.block(n)
                if self.r(2):
                    self.depth -= 1
                    self.emit("else")
                    self.depth += 1
                    self.block(1 + self.r(3))
                self.depth -= 1
                self.emit("endif")
                budget -= n
            elif c == 2 and self.loops < 2 and self.depth < 3:
                ctr = f"r{6 + self.loops}"
                self.emit(f"mov {ctr}.w, l(0)")
                self.emit("loop")
                self.depth += 1
                self.loops += 1
                self.emit(f"uge {ctr}.z, {ctr}.w, l({1 + self.r(4)})")
                self.emit(f"breakc_nz {ctr}.z")
                self.emit(f"iadd {ctr}.w, {ctr}.w, l(1)")
                n = 1 + self.r(max(1, budget // 2))
                self.block(n)
                self.loops -= 1
                self.depth -= 1
                self.emit("endloop")
                budget -= n
            elif c == 3 and self.loops:
                self.emit(f"{self.rng.choice(['breakc', 'continuec'])}_{'nz' if self.r(2) else 'z'} "
                          f"r{self.r(self.TEMPS)}.{_SW[self.r(4)]}")
            elif c == 4 and self.depth < 3:
                self.emit(f"switch r{self.r(self.TEMPS)}.{_SW[self.r(4)]}")
                self.depth += 1
                for v in self.rng.choice(4, 1 + self.r(3), replace=False):
                    self.emit(f"case l({int(v)})")
                    self.depth += 1
                    self.block(1 + self.r(2))
                    self.emit("break")
                    self.depth -= 1
                if self.r(2):
                    self.emit("default")
                    self.depth += 1
                    self.block(1)
                    self.emit("break")
                    self.depth -= 1
                self.depth -= 1
                self.emit("endswitch")
                budget -= 2
            elif c == 5 and self.r(4) == 0:
                self.emit(f"retc_{'nz' if self.r(2) else 'z'} r{self.r(self.TEMPS)}.{_SW[self.r(4)]}")
            elif c == 6 and self.stage == "ps" and self.r(2) == 0:
                self.emit(f"discard_{'nz' if self.r(2) else 'z'} r{self.r(self.TEMPS)}.{_SW[self.r(4)]}")
            elif c in (7, 8) and self.stage == "cs":
                self.memory()
            elif c == 9 and self.stage == "cs" and self.depth == 0:
                a = f"r{self.r(self.TEMPS)}.{_SW[self.r(4)]}"
                self.emit(f"store_raw g0.x, {a}, {self.src('i', True)}")
                self.emit("sync_g_t")
                self.emit(f"ld_raw {self.sdst()}, {a}, g0.{_SW[self.r(4)]}")
            else:
                self.alu()
            budget -= 1

    def program(self) -> str:
        st = self.stage
        head = [f"{st}_5_0", "dcl_globalFlags refactoringAllowed", "dcl_constantbuffer cb0[16], dynamicIndexed"]
        if st == "cs":
            head += ["dcl_resource_raw t0", "dcl_uav_raw u0", "dcl_uav_structured u1, 12", "dcl_uav_raw u2",
                     "dcl_input vThreadIDInGroupFlattened", "dcl_input vThreadGroupID.x", "dcl_input vThreadID.xyz",
                     "dcl_tgsm_raw g0, 64"]
        elif st == "ps":
            head += [f"dcl_input_ps linear v{i}.xyzw" for i in range(4)] + [f"dcl_output o{i}.xyzw" for i in range(4)]
        else:
            head += [f"dcl_input v{i}.xyzw" for i in range(4)] + [f"dcl_output o{i}.xyzw" for i in range(4)]
        head += ["dcl_temps 9", "dcl_indexableTemp x0[4], 4"]
        if st == "cs":
            head.append("dcl_thread_group 4, 2, 1")
        # initial values: temps from inputs / thread ids so lanes differ
        init = []
        for k in range(self.TEMPS):
            if st == "cs":
                init.append(f"imad r{k}.xyzw, vThreadID.xyzx, cb0[{8 + k}], cb0[{12 + k}]")
            else:
                init.append(f"mov r{k}.xyzw, v{k}.xyzw")
        self.block(self.n_ops)
        tail = []
        if st == "cs":
            tail += ["imad r8.x, vThreadGroupID.x, l(8), vThreadIDInGroupFlattened.x", "ishl r8.x, r8.x, l(6)"]
            for k in range(self.TEMPS):
                tail.append(f"store_raw u0.xyzw, r8.x, r{k}.xyzw")
                tail.append("iadd r8.x, r8.x, l(16)")
        else:
            tail += [f"mov o{k}.xyzw, r{k}.xyzw" for k in range(self.TEMPS)]
        return "\n".join(head + init + self.lines + tail + ["ret"]) + "\n"


def random_program(rng: np.random.Generator, stage: str = "cs", n_ops: int = 24) -> str:
    """Random well-formed shader assembly for ``stage`` ('cs', 'ps' or 'vs')."""
    return _Gen(rng, stage, n_ops).program()


def diff_program(prog: ir.Program, lanes: int = 16, seed: int = 0, groups: int = 2,
                 ints_only: bool = True) -> tuple[str, str]:
    """('same' | 'nanbits' | 'diff' | 'race' | 'fallback' | 'timeout', detail) for one program on both backends.

    Compute programs run natively on one worker thread first (thread groups in the reference's order: the
    only order in which racing non-atomic writes of different groups have one answer), and that must equal
    the reference bit for bit; then on the pool's threads, where a different result is reported as ``race``
    (D3D11 leaves the outcome of racing writes from different groups undefined)."""
    prev, prev_threads = native.backend(), pool._override
    compute = prog.program_type == ir.ProgramType.COMPUTE
    threaded = None
    try:
        native.set_backend("reference")
        with time_limit(20):
            ref = run_programs([prog], lanes, seed, groups, ints_only)[0]
        native.set_backend("native")
        if compute:
            pool.set_threads(1)
        before = (runtime.stats.native_runs, runtime.stats.fallbacks, dict(runtime.stats.reasons))
        nat = run_programs([prog], lanes, seed, groups, ints_only)[0]
        after = (runtime.stats.native_runs, runtime.stats.fallbacks)
        if compute and after[1] == before[1]:
            pool.set_threads(prev_threads)
            threaded = run_programs([prog], lanes, seed, groups, ints_only)[0]
    except CaseTimeout as e:
        return "timeout", str(e)
    finally:
        native.set_backend(prev)
        pool.set_threads(prev_threads)
    if after[1] != before[1] or after[0] == before[0]:
        reasons = ", ".join(sorted(k for k, v in runtime.stats.reasons.items() if v != before[2].get(k, 0)))
        return "fallback", reasons
    d = _first_difference(nat, ref)
    if d is None:
        if threaded is not None:
            t = _first_difference(threaded, nat)
            if t is not None:
                return "race", "threaded dispatch differs from the serial one: " + \
                    t.replace("optimised", "threaded").replace("unthreaded", "serial")
        return "same", ""
    if _only_nan_bits(nat, ref):
        return "nanbits", d
    return "diff", d.replace("optimised", "native").replace("unnative", "reference")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--random", type=int, default=0, help="number of random programs")
    ap.add_argument("--stage", default="all", choices=("cs", "ps", "vs", "all"))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ops", type=int, default=24)
    ap.add_argument("--files", nargs="*", default=[])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    counts: dict[str, int] = {}
    bad = 0
    stages = ("cs", "ps", "vs") if args.stage == "all" else (args.stage,)
    for i in range(args.random):
        rng = np.random.default_rng([args.seed, i])
        st = stages[i % len(stages)]
        text = random_program(rng, st, args.ops)
        status, detail = diff_program(assemble_program(text), seed=i)
        counts[status] = counts.get(status, 0) + 1
        if status in ("diff", "race", "fallback") or args.verbose:
            print(f"random #{i} ({st}): {status} {detail}")
            if status == "diff":
                bad += 1
                if args.verbose:
                    print(text)
    for f in args.files:
        try:
            prog = _program(Path(f).read_bytes())
        except Exception as e:  # not a shader blob
            print(f"{f}: unreadable ({e})")
            continue
        try:
            status, detail = diff_program(prog)
        except NotSupportedError as e:  # the reference refuses it too (class linkage, ...): nothing to compare
            status, detail = "unsupported", str(e)
        except Exception as e:  # the harness cannot run it (a stage it does not drive): not compared
            status, detail = "unrunnable", f"{type(e).__name__}: {e}"[:200]
        counts[status] = counts.get(status, 0) + 1
        if status != "same" or args.verbose:
            print(f"{f}: {status} {detail}")
        bad += status == "diff"
    print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
