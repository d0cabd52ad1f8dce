#!/usr/bin/env python3
"""Per-function and per-instruction CPU profile of the JIT-compiled fused lane (issue 12: per-pixel cost).

Runs one scene of bench_graphics.py in this process: warm frames (quick builds upgraded to O2), then
``perf record -e cpu-clock`` attached to this process for ``--frames`` frames. Every address LLVM hands out
(``ExecutionEngine.get_function_address``) is recorded, so samples in JIT code are attributed to the
exported function they fall in (a module's internal functions count with the exported one before them; code
before a module's first exported function is reported as ``<name>[internal]`` — an O2 kernel's own sampling
functions, Session 17 — and shared sampling modules are registered by their names);
samples elsewhere go to perf's own symbols (libpython, numpy, libc). ``--asm DIR`` also writes each hot JIT
function's machine code disassembled (objdump on the bytes read from memory) with its samples per
instruction, and ``--ir DIR`` the fused variant's three modules' LLVM IR.

Needs ``perf`` with the cpu-clock software event (hardware counters are not required).

Usage: PYTHONPATH=src python bench/perf_jit.py --scene S5 [--frames 3] [--threads 1] [--top 25]
       [--asm DIR] [--ir DIR] [--freq 4000]
"""

from __future__ import annotations

import argparse
import bisect
import collections
import ctypes
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_ADDRS: dict[int, str] = {}


def _hook_llvm() -> None:
    import llvmlite.binding as llvm

    orig = llvm.ExecutionEngine.get_function_address

    def get_function_address(self, name):
        a = orig(self, name)
        if a:
            _ADDRS[a] = name
        return a

    llvm.ExecutionEngine.get_function_address = get_function_address


def _mappings() -> list[tuple[int, int]]:
    out = []
    for line in Path("/proc/self/maps").read_text().splitlines():
        lo, hi = (int(v, 16) for v in line.split()[0].split("-"))
        out.append((lo, hi))
    return sorted(out)


def _function_ranges() -> list[tuple[int, int, str]]:
    """(start, end, name) per recorded function: up to the next recorded start or its mapping's end."""
    maps = _mappings()
    starts = sorted(_ADDRS)
    out = []
    for i, a in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else a + (1 << 16)
        for lo, hi in maps:
            if lo <= a < hi:
                end = min(end, hi)
                break
        out.append((a, min(end, a + (1 << 18)), _ADDRS[a]))
    # code before a module's first exported function in its mapping: that module's internal functions (a
    # kernel's O2 rebuild carries its sampling functions inside, emitted before ``kernel``)
    firsts: dict = {}
    for a, _e, name in out:
        for lo, hi in maps:
            if lo <= a < hi:
                if lo < a and (lo, hi) not in firsts:
                    firsts[(lo, hi)] = (a, name)
                break
    for (lo, _hi), (a, name) in firsts.items():
        if a - lo <= (1 << 18):
            out.append((lo, a, name + "[internal]"))
    return sorted(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scene", default="S5")
    ap.add_argument("--frames", type=int, default=3)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--freq", type=int, default=4000)
    ap.add_argument("--asm", default=None, help="directory for the hot functions' annotated disassembly")
    ap.add_argument("--ir", default=None, help="directory for the fused variant's LLVM IR")
    args = ap.parse_args()
    os.environ["PYD3D11_THREADS"] = str(args.threads)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    _hook_llvm()
    import bench_graphics as bg

    peer = bg.load_peer()
    sc = bg.Scene(peer)
    frame, work, _unit = bg.SCENES[args.scene](sc)
    for _ in range(2):
        frame()
    bg._wait_upgrades()
    frame()
    from pyd3d11.shader.native import runtime as _rt

    for m in _rt._SHARED_ALL:  # shared sampling modules (their addresses after any O2 swap)
        for n, a in getattr(m, "addrs", {}).items():
            if a:
                _ADDRS[a] = n
    ranges = _function_ranges()
    if args.ir:
        from pyd3d11.pipeline.native import fused

        d = Path(args.ir)
        d.mkdir(parents=True, exist_ok=True)
        for i, c in enumerate(v for v in fused._CACHE.values() if not isinstance(v, str)):
            (d / f"{args.scene}_variant{i}.ll").write_text(c.text if hasattr(c, "text") else str(c))
    data = Path(tempfile.mkdtemp(prefix="perf_jit_")) / "perf.data"
    rec = subprocess.Popen(["perf", "record", "-e", "cpu-clock", "-F", str(args.freq), "-o", str(data),
                            "-p", str(os.getpid())], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    t0 = time.process_time()
    for _ in range(args.frames):
        frame()
    cpu = time.process_time() - t0
    rec.send_signal(signal.SIGINT)
    rec.wait()
    script = subprocess.run(["perf", "script", "-i", str(data), "-F", "ip,sym,dso"], capture_output=True,
                            text=True, check=False).stdout
    starts = [r[0] for r in ranges]
    per_fn: collections.Counter = collections.Counter()
    per_ip: collections.Counter = collections.Counter()
    total = 0
    for line in script.splitlines():
        parts = line.split(None, 1)
        if not parts:
            continue
        try:
            ip = int(parts[0], 16)
        except ValueError:
            continue
        total += 1
        i = bisect.bisect_right(starts, ip) - 1
        if i >= 0 and ranges[i][0] <= ip < ranges[i][1]:
            per_fn["jit:" + ranges[i][2]] += 1
            per_ip[ip] += 1
            continue
        rest = parts[1] if len(parts) > 1 else "?"
        sym, _, dso = rest.rpartition(" (")
        dso = Path(dso.rstrip(")")).name
        per_fn[f"{dso}:{sym.split('+')[0].strip() or '?'}"] += 1
    units = work * 1e6 * args.frames  # pixels (S1, S1z, S3, S5) or triangles (S2) in the measured frames
    print(f"scene {args.scene}: {args.frames} frames, process CPU {cpu * 1e3 / args.frames:.1f} ms/frame, "
          f"{cpu * 1e9 / units:.2f} ns per {'triangle' if args.scene == 'S2' else 'pixel'}; {total} samples")
    for name, n in per_fn.most_common(args.top):
        print(f"{100.0 * n / max(total, 1):6.2f} %  {cpu * 1e9 * n / max(total, 1) / units:6.3f} ns  {name}")
    if args.asm:
        d = Path(args.asm)
        d.mkdir(parents=True, exist_ok=True)
        for lo, hi, name in ranges:
            hits = {ip: n for ip, n in per_ip.items() if lo <= ip < hi}
            if sum(hits.values()) < total * 0.005:
                continue
            raw = ctypes.string_at(lo, hi - lo)
            binf = d / f"{name}.bin"
            binf.write_bytes(raw)
            dis = subprocess.run(["objdump", "-D", "-b", "binary", "-mi386:x86-64", f"--adjust-vma={lo:#x}",
                                  str(binf)], capture_output=True, text=True, check=False).stdout
            out = []
            for line in dis.splitlines():
                head = line.split(":", 1)[0].strip()
                try:
                    ip = int(head, 16)
                except ValueError:
                    out.append(line)
                    continue
                out.append(f"{hits.get(ip, 0):6d} {line}")
            (d / f"{name}.s").write_text("\n".join(out) + "\n")
            binf.unlink()


if __name__ == "__main__":
    main()
