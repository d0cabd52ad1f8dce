"""Native backend runtime: compile (lower → LLVM IR → machine code through llvmlite), cache, and run
kernels with the reference executor's calling conventions; fall back to the reference visibly.

Entry points: :func:`run_program` (same arguments and result as ``shader.exec.reference.run_program``)
and :func:`dispatch` (a whole compute dispatch, called by ``pipeline.compute.dispatch``).
"""

from __future__ import annotations

import atexit
import ctypes
import hashlib
import math
import os
import queue
import re
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import ir, watchdog
from ..exec import reference
from ..exec.state import ExecResult
from . import pool, rows
from .lower import Lowered, Unsupported, lower

OT = ir.OperandType
U32 = np.uint32
I32 = np.int32

#: bump when generated code changes meaning (part of every cache key)
BACKEND_VERSION = 5
#: lanes per tile for vertex/pixel shaders and the minimum for compute (whole thread groups)
DEFAULT_TILE = 256


@dataclass
class Stats:
    """Counters of the native backend (``pyd3d11.shader.native.stats``)."""

    compiled: int = 0  # kernels compiled
    cache_hits: int = 0  # kernels found in the in-memory cache
    disk_hits: int = 0  # kernels loaded from the on-disk object cache
    quick_disk_hits: int = 0  # quick builds (any module) whose machine code came from the on-disk object cache
    native_runs: int = 0  # runs / dispatches executed natively
    fallbacks: int = 0  # runs that went to the reference executor
    upgraded: int = 0  # quick builds rebuilt at O2 in the background (TIER)
    shared_built: int = 0  # sampling functions compiled as modules of their own (shared_function)
    shared_hits: int = 0  # a kernel's sampling function found already compiled
    compile_seconds: float = 0.0
    last_compile_ms: float = 0.0
    reasons: dict = field(default_factory=dict)  # fallback reason → count
    texture_native: int = 0  # texture instructions compiled into a kernel run (counted per run)
    texture_callbacks: int = 0  # texture instructions run through the host callback (per run)
    texture_reasons: dict = field(default_factory=dict)  # why a texture op took the callback → count

    def reset(self) -> None:
        self.__init__()


stats = Stats()
#: callables ``fn(program, reason)`` told about each fallback (the api layer turns it into a debug-layer
#: INFO message); executors never import the api
fallback_listeners: list = []

#: re-raise native compile errors instead of falling back (tests: PYD3D11_NATIVE_STRICT=1)
STRICT = os.environ.get("PYD3D11_NATIVE_STRICT", "") not in ("", "0")

_lock = threading.Lock()
_lock_up = threading.Lock()
_llvm_ready = False
_tm = None


_available: bool | None = None


#: the CPU architectures whose vector registers the generated code names (the kernels' empty inline-assembly
#: statements, llvm_arith.ArithMixin.opaque): the machine name (``platform.machine()``) -> the register
#: constraint and the float32 lanes of one register. x86-64: SSE/AVX/AVX-512 registers (``v``; lanes from the
#: CPU's features, register_lanes); AArch64: the 128-bit NEON registers (``w``, 4 lanes: LLVM splits the kernels'
#: 8-lane and wider vectors into 4-lane NEON instructions)
VECTOR_REGISTERS = {"x86_64": ("v", 0), "amd64": ("v", 0), "aarch64": ("w", 4), "arm64": ("w", 4)}


def machine() -> str:
    """This CPU's architecture name, lower case (``platform.machine()``)."""
    import platform

    return platform.machine().lower()


def available() -> bool:
    """Whether llvmlite imports and the CPU is one the generated code is written for (VECTOR_REGISTERS); asked
    once: an import statement costs microseconds, and use_native() asks at every draw; neither changes within a
    process. Elsewhere the reference executor runs every shader (set_backend('native') says why)."""
    global _available
    if _available is None:
        try:
            import llvmlite.binding  # noqa: F401
        except Exception:  # pragma: no cover - depends on the install
            _available = False
        else:
            _available = machine() in VECTOR_REGISTERS
    return _available


def vector_register() -> tuple[str, int]:
    """(inline-assembly constraint, float32 lanes) of one vector register of this CPU (VECTOR_REGISTERS)."""
    letter, lanes = VECTOR_REGISTERS[machine()]
    return letter, lanes or register_lanes()


def _init_llvm():
    global _llvm_ready, _tm
    import llvmlite.binding as llvm

    if not _llvm_ready:
        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()
        llvm.initialize_native_asmparser()  # the kernels' inline assembly (llvm_gen.Gen.opaque)
        _tm = _target_machine(llvm)  # for the optimisation pipeline; never handed to an engine
        _llvm_ready = True
    return llvm


_HOST: tuple | None = None  # (target, CPU name, feature string), read once: the host does not change


def _host_cpu(llvm) -> tuple:
    """(LLVM target of the default triple, host CPU name, host feature string). LLVM reads the CPU's features
    (cpuid) and builds the string at each call, ~0.4 ms; every module build needs them (its target machine, the
    disk cache's key), so they are read once per process."""
    global _HOST
    if _HOST is None:
        _HOST = (llvm.Target.from_default_triple(), llvm.get_host_cpu_name(),
                 _masked_features(llvm.get_host_cpu_features().flatten()))
    return _HOST


#: ``PYD3D11_NATIVE_NO_AVX512=1``: generate code as for an AVX2 host on an AVX-512 one (every ``+avx512*`` feature
#: turned off before the target machine, the lane widths and the disk cache's key see them) — to measure the
#: AVX2 kernels against llvmpipe, whose vectors are 256 bits wide, on whatever host the session has. The bits do
#: not change (the kernels' arithmetic is lane-wise IEEE float32 at every width)
NO_AVX512 = os.environ.get("PYD3D11_NATIVE_NO_AVX512", "0") not in ("", "0")


def _masked_features(features: str) -> str:
    """The host's LLVM feature string, with the AVX-512 family switched off under NO_AVX512."""
    if not NO_AVX512:
        return features
    return ",".join("-" + f[1:] if f.startswith("+avx512") else f for f in features.split(","))


def _target_machine(llvm, opt: int = 3):
    """A target machine for this CPU (its features: AVX2 / AVX-512 / NEON vectors); ``opt``: its code
    generation level (instruction selection, scheduling, register allocation)."""
    target, cpu, features = _host_cpu(llvm)
    return target.create_target_machine(cpu=cpu, features=features, opt=opt)


#: ``auto``: a module is first built with LLVM's IR passes off (machine code still optimised) and rebuilt at
#: O2 in a background thread once it has run TIER_UP_LANES lanes; ``quick`` / ``full``: one build, at that
#: level (tests). The builds compute the same bits: the IR carries no fast-math flags and the float add/mul
#: are in-order instructions (llvm_gen.Gen.arith), so no pass may change a result.
TIER = os.environ.get("PYD3D11_NATIVE_TIER", "auto")
TIER_UP_LANES = int(os.environ.get("PYD3D11_NATIVE_TIER_UP_LANES", str(2 << 20)))
#: LLVM's code generation level for quick first builds. 0 (fast instruction selection and register allocation)
#: halves their machine-code time but its vector code is much slower: it helped S3's cold first draw (compile
#: bound) and cost S5's and S1z's (the first frame runs the quick code over every pixel), so the default stays 3.
#: Code generation at any level keeps the IR's IEEE semantics (no fast-math flags, no fused multiply-add), so the
#: bits do not change
QUICK_CODEGEN = int(os.environ.get("PYD3D11_NATIVE_QUICK_CODEGEN", "3"))
#: a quick first build whose first run is at most this many lanes (a vertex batch, a small dispatch, a test) is
#: the O2 build's text compiled without IR passes at code generation level 0: its first run costs less than its
#: compile, and LLVM's machine-code time is most of a first use (the linked class-linkage pixel shader of
#: tests/test_native_class_linkage.py, 23,000 IR lines at 32 lanes, loaded 2-core host, CPU s: O2 25.5, IR passes
#: off 19.5, and at level 0 5.3). Its code runs until the O2 rebuild at TIER_UP_LANES lanes, as any quick build's
#: does; the same bits (QUICK_CODEGEN)
SMALL_FIRST_LANES = int(os.environ.get("PYD3D11_NATIVE_SMALL_FIRST_LANES", str(1 << 16)))


def small_first(lanes: int | None) -> bool:
    """Whether a quick first build for a run of ``lanes`` lanes (None: not known) is a small one, built at code
    generation level 0 (SMALL_FIRST_LANES)."""
    return lanes is not None and lanes <= SMALL_FIRST_LANES and TIER == "auto"


class Module:
    """One compiled LLVM module of a kernel or a fused variant: its engine and exported functions' addresses.
    ``full``: built at O2 (else the quick build, upgraded by :meth:`note_use`). Callers read :meth:`addr` /
    :meth:`cfunc` per draw; a replaced engine is kept alive (a draw on another thread may still run it)."""

    def __init__(self, text: str, names: tuple, engine: Any, addrs: dict, full: bool) -> None:
        self.text, self.names = text, names
        self.engine, self.addrs, self.full = engine, addrs, full
        self.used = 0
        self.from_disk = False
        self.upgrading = False
        # the text the O2 rebuild compiles when it differs from the quick build's (a kernel whose quick build
        # samples at QUICK_TEX_WIDTH lanes: runtime._compile); None: ``text``
        self.upgrade_text: str | None = None
        self.retired: list = []
        self._cf: dict = {}
        # called with the module after its O2 rebuild is swapped in (a shared function re-registers its symbol)
        self.relink: Any = None

    def addr(self, name: str) -> int:
        return self.addrs[name]

    def cfunc(self, name: str, proto: Any) -> Any:
        key = (name, self.addrs[name])
        f = self._cf.get(key)
        if f is None:
            f = self._cf[key] = proto(self.addrs[name])
        return f

    def note_use(self, lanes: int) -> None:
        """Count lanes run on the quick build; past TIER_UP_LANES queue its O2 rebuild."""
        if self.full or self.upgrading or TIER != "auto":
            return
        self.used += lanes
        if self.used >= TIER_UP_LANES:
            # the shared sampling functions it calls first (a small first build's are level-0 builds not yet
            # queued, shared_function): the rebuilds run in queue order, so the O2 kernel links their O2 code
            for name in _SHARED_DECL.findall(self.upgrade_text or self.text):
                dep = _SHARED.get(name)
                if dep is not None and not (dep.full or dep.upgrading):
                    dep.upgrading = True
                    _upgrades.put(dep)
            self.upgrading = True
            _upgrades.put(self)
            _start_upgrader()


_upgrades: queue.Queue = queue.Queue()
_CONTEXTS: list = []  # the rebuilds' private LLVM contexts
_upgrader: threading.Thread | None = None
_stopping = False


def _start_upgrader() -> None:
    global _upgrader
    with _lock_up:
        if _upgrader is None:
            _upgrader = threading.Thread(target=_upgrade_loop, name="pyd3d11-tier-up", daemon=True)
            _upgrader.start()
            atexit.register(_stop_upgrader)


def _stop_upgrader() -> None:
    """At exit: let a rebuild in progress finish before LLVM's globals are torn down."""
    global _stopping
    _stopping = True
    _upgrades.put(None)
    if _upgrader is not None:
        _upgrader.join(timeout=30)


def _upgrade_loop() -> None:
    try:  # the lowest priority for this thread only (Linux): draws keep the cores
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
    except (AttributeError, OSError):
        pass
    while True:
        m = _upgrades.get()
        try:
            if m is None or _stopping:
                return
            upgrade(m)
        except Exception:  # the quick build stays: the same bits, a little slower
            if STRICT:
                raise
        finally:
            _upgrades.task_done()


def upgrader_cpu_seconds() -> float:
    """CPU time the background O2-rebuild thread has used so far (0 before it starts; benchmarks separate it from
    a draw's own latency). Its thread CPU clock, so a rebuild still running is counted up to now."""
    t = _upgrader
    if t is None or t.ident is None:
        return 0.0
    try:
        return time.clock_gettime(time.pthread_getcpuclockid(t.ident))
    except (AttributeError, OSError):  # a platform without per-thread CPU clocks
        return 0.0


def wait_upgrades() -> None:
    """Block until every queued O2 rebuild is swapped in (benchmarks: steady-state frames; tests)."""
    _upgrades.join()


def upgrade(m: Module) -> None:
    """Rebuild ``m`` at O2 in a private LLVM context (safe beside compiles on other threads) and swap it in."""
    llvm = _init_llvm()
    ctx = llvm.create_context()
    mod = llvm.parse_assembly(m.upgrade_text or m.text, context=ctx)
    # stored under the quick build's text: a later process finds this O2 object for that text at its first
    # build (build_module), also where it was compiled from upgrade_text (the same function and bits); a second
    # module of the same text queued before the first's rebuild was stored loads that object instead
    engine, _ = _engine(llvm, mod, _disk_path(m.text), 3, _target_machine(llvm))
    addrs = {n: engine.get_function_address(n) for n in m.names}
    _CONTEXTS.append(ctx)  # never disposed: an engine must be disposed before the context of its module
    m.retired.append(m.engine)
    m.engine, m.addrs, m.full, m.upgrade_text = engine, addrs, True, None
    if m.relink is not None:
        m.relink(m)
    stats.upgraded += 1


def _engine(llvm, mod, path, level: int, o2: Any = None) -> tuple[Any, bool]:
    """(MCJIT engine, whether its object came from disk) of parsed module ``mod``: the object stored at ``path`` (the
    object cache; None: no cache) when there is one, else ``mod`` is compiled — after the O2 passes when ``o2`` is
    given (the target machine they tune for; True: the shared one) — with machine code at ``level`` and stored."""
    stored = path is not None and path.exists()
    if not stored:
        mod.verify()
        if o2 is not None:
            _optimise(llvm, mod, None if o2 is True else o2)
    # an execution engine owns the target machine it is given (llvmlite): each gets its own
    engine = llvm.create_mcjit_compiler(mod, _target_machine(llvm, level))
    if path is not None:
        engine.set_object_cache(lambda _m, buf: _disk_store(path, buf),
                                lambda _m: path.read_bytes() if stored else None)
    engine.finalize_object()
    return engine, stored


def o2_engine(llvm, text: str) -> tuple[Any, bool]:
    """(MCJIT engine, whether its object came from disk) of LLVM IR ``text`` at O2: the object from the on-disk
    cache (keyed by the IR, backend version, LLVM and CPU) when present, else optimised and stored there."""
    return _engine(llvm, llvm.parse_assembly(text), _disk_path(text), 3, True)


def build_module(llvm, text: str, names: tuple, counted: bool = False, codegen: int | None = None) -> Module:
    """Compile one module (LLVM IR ``text``) exporting functions ``names``: from the on-disk object cache
    (an O2 object) when present; else quickly (IR passes off; machine code at level ``codegen``, default
    QUICK_CODEGEN) under TIER ``quick``, or ``auto`` when the caller counts the lanes it runs (``counted``:
    :meth:`Module.note_use` upgrades it); else at O2."""
    quick = TIER == "quick" or (TIER == "auto" and counted)
    path = _disk_path(text) if quick else None
    if quick and not (path is not None and path.exists()):
        level = QUICK_CODEGEN if codegen is None else codegen
        # quick objects are stored too, under a key of their own (the level is part of it): a text built again
        # (another draw's variant with the same text, another process, a test worker beside this one) loads its
        # machine code instead of generating it — LLVM's code generation is most of a quick build
        engine, stored = _engine(llvm, llvm.parse_assembly(text), _disk_path(text, f"quick{level}"), level)
        cached = False  # (an O2 object from disk: Module.full, from_disk)
        stats.quick_disk_hits += stored
    else:
        engine, cached = o2_engine(llvm, text)
    if cached:
        stats.disk_hits += 1
    m = Module(text, names, engine, {n: engine.get_function_address(n) for n in names}, cached or not quick)
    m.from_disk = cached
    return m


#: sampling functions (pipeline/native/sampler_gen.py) compiled as modules of their own, shared by every kernel
#: that calls them; ``PYD3D11_NATIVE_SHARED_TEX=0`` compiles them into each kernel instead
SHARED_TEX = os.environ.get("PYD3D11_NATIVE_SHARED_TEX", "1") != "0"
_SHARED: dict = {}  # function name (a hash of its module's text) → Module
# every shared module ever built, never freed: a kernel links against the symbol's address (also when an O2
# rebuild relinks it later), so the code must outlive any registry a caller (a test) swaps out
_SHARED_ALL: list = []
_lock_shared = threading.Lock()


def shared_function(text: str, name: str, quick: bool | str = False) -> None:
    """Compile module ``text`` exporting function ``name`` once per process (at O2, through the disk cache)
    and make ``name`` resolvable by the modules compiled after it (LLVM's process symbol table). The name
    is derived from the text by the caller, so one name is one body; kernels declare it and call it.

    ``quick``: the caller is a quick first build (TIER ``auto``): a module not yet built is then built quickly
    too and its O2 rebuild queued at once on the background thread, which re-registers the symbol when it is
    done, so modules linked later call the O2 code. The quick callers keep the quick code until their own O2
    rebuilds, which the thread runs later in queue order (so they link the O2 function; a narrow kernel's
    rebuild has its own sampling functions inside, _compile). A caller that is not quick gets the O2 build
    (built now if only the quick one exists). ``quick="small"``: the caller is a small first build
    (SMALL_FIRST_LANES): a new module is built at code generation level 0 and its O2 rebuild is queued only when
    a caller's own rebuild is (Module.note_use) or a quick caller that is not small uses it."""
    def built() -> bool:  # (TIER quick builds every module quickly: the one build there is)
        m = _SHARED.get(name)
        return m is not None and (m.full or bool(quick) or TIER == "quick")

    if built():
        m = _SHARED[name]
        if quick is True and not (m.full or m.upgrading) and TIER == "auto":
            _queue_shared(m)  # a small build's rebuild, now that a caller that is not small links it
        stats.shared_hits += 1
        return
    with _lock_shared:
        if built():
            return
        llvm = _init_llvm()
        # its time counts in the calling kernel's compile
        small = quick == "small"
        m = build_module(llvm, text, (name,), counted=bool(quick) and TIER == "auto", codegen=0 if small else None)
        llvm.add_symbol(name, m.addr(name))
        _SHARED_ALL.append(m)
        _SHARED[name] = m
        stats.shared_built += 1
        if not m.full:
            m.relink = lambda mod: llvm.add_symbol(name, mod.addr(name))
            if not small:
                _queue_shared(m)


def _queue_shared(m: Module) -> None:
    m.upgrading = True
    _upgrades.put(m)
    _start_upgrader()


#: a shared sampling function as a kernel's text declares it (sampler_gen.SampleEmitter.function)
_SHARED_DECL = re.compile(r"^declare [^@\n]*@(pyd3d11_tex_[0-9a-f]+)\(", re.M)


_KERNEL_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


@dataclass
class Kernel:
    module: Module
    layout: Any
    lw: Lowered
    tile: int
    ir_text: str = ""
    key: tuple = ()  # its key in the kernel cache (get_kernel): a holder checks it is still the cache's

    @property
    def fn(self) -> Any:
        return self.module.cfunc("kernel", _KERNEL_FN)

    @property
    def engine(self) -> Any:
        return self.module.engine


_KERNELS: dict = {}  # (program key, tile) → Kernel | Unsupported message
_PROG_KEY: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_LOWERED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def program_key(prog: ir.Program) -> str:
    """Content key of a program (its IR), stable across Program objects with the same code."""
    try:
        k = _PROG_KEY.get(prog)
    except TypeError:
        k = None
    if k is None:
        h = hashlib.sha256(repr((prog.program_type, prog.major, prog.minor, prog.instructions)).encode())
        k = h.hexdigest()
        try:
            _PROG_KEY[prog] = k
        except TypeError:
            pass
    return k


def lowered(prog: ir.Program) -> Lowered | str:
    """The lowered program, or the reason it is not compiled (cached per Program object)."""
    try:
        r = _LOWERED.get(prog)
    except TypeError:
        r = None
    if r is None:
        try:
            r = lower(prog)
        except Unsupported as e:
            r = str(e)
        try:
            _LOWERED[prog] = r
        except TypeError:
            pass
    return r


_AVX512: bool | None = None


#: lanes per loop step of a pixel-shader kernel on AVX-512 hosts: four registers per operation. A pixel shader's
#: dependency chains (a transcendental's polynomial is ~25 dependent operations) leave a one-register step
#: latency-bound; LLVM splits each 64-lane operation into four independent register operations it interleaves, so
#: the core overlaps four chains (S1z single-threaded: 16 lanes 182 ms/frame, 32 lanes 150, 64 lanes 130, 128
#: lanes 136 — spills)
PIXEL_WIDTH = 64
#: the same on AVX2 hosts (16 ymm registers of 8 lanes): four registers per operation again. S1z single-threaded on
#: the 2-core AVX2 host (bench/min_frame.py, least CPU per frame of 2 draws): 8 lanes 31–33 ms, 16 lanes 26–28,
#: 32 lanes 23.1–23.6, 64 lanes 25.4–25.7 (spills); S3 101–103 → 79–81 at 32
PIXEL_WIDTH_AVX2 = 32
#: the step of a quick first build (TIER ``auto``) on AVX2 hosts: one register. LLVM's machine-code time grows with
#: the kernel's IR, four times longer at 32 lanes (S1z's first draw of a new shader, loaded 2-core host: 39 ms CPU at
#: 8 lanes against 86 at 32); the O2 rebuild steps PIXEL_WIDTH_AVX2 lanes
QUICK_WIDTH_AVX2 = 8
#: the widest step of a ``wide`` texture emitter (sampler_gen.SampleEmitter; llvm_gen.Gen.emit_tex calls it per part
#: of this width in a wider kernel). At 64 lanes S3 costs 30–37 ms CPU per frame against 41–43 at 32 and ~53 at 16,
#: but its out-of-line sampling function, straight-line code over every lane, takes ~170 ms to compile at O2 (a
#: configuration's first use in a process without the disk cache: S3 250–270 ms against 130–139 at 16);
#: ``PYD3D11_NATIVE_TEX_WIDTH=16`` trades the steady frame for that first compile
TEX_WIDTH = int(os.environ.get("PYD3D11_NATIVE_TEX_WIDTH", "64"))
#: the texture width of a quick first build (TIER ``auto``) when TEX_WIDTH is wider: its sampling functions compile
#: in a fraction of the time (S3's first draw with a sampler setup new to the process, loaded 2-core machine: 189–216
#: ms CPU against 274–307), and the O2 rebuild samples at TEX_WIDTH
QUICK_TEX_WIDTH = int(os.environ.get("PYD3D11_NATIVE_QUICK_TEX_WIDTH", "16"))


_HOST_FEATURES: frozenset | None = None


def host_features() -> frozenset:
    """The host CPU's LLVM feature flags that are on (``+avx2``, ``+fma``, ``+avx512f``, …): the target machine is
    the host's, so these decide which instructions the generators may emit."""
    global _HOST_FEATURES
    if _HOST_FEATURES is None:
        flags = _host_cpu(_init_llvm())[2].split(",")
        _HOST_FEATURES = frozenset(f for f in flags if f.startswith("+"))
    return _HOST_FEATURES


#: guarded float add/mul of kernels as x86 instructions (llvm_arith.ArithMixin.x86_arith) where the host has AVX;
#: PYD3D11_NATIVE_X86_OPS=0: the portable compare-and-select form everywhere (A/B, mutation checks)
X86_OPS = os.environ.get("PYD3D11_NATIVE_X86_OPS", "1") != "0"


def x86_ops() -> bool:
    """Whether generated kernels may write float add/mul as x86 VEX instructions: an x86 host with AVX and without
    AVX-512 (the target machine is the host's; the statements are VEX-encoded ymm operations, and an AVX-512
    host's 16-lane registers would need EVEX forms, not built), and X86_OPS."""
    feats = host_features()
    return X86_OPS and machine() in ("x86_64", "amd64") and "+avx" in feats and "+avx512f" not in feats


def register_lanes() -> int:
    """Float lanes of one vector register of this CPU: 16 with AVX-512F, else 8 (AVX2 ymm)."""
    global _AVX512
    if _AVX512 is None:
        _AVX512 = "+avx512f" in host_features()
    return 16 if _AVX512 else 8


def vector_width(lw: Lowered, tile: int) -> int:
    """Lanes per vector step of a kernel: 16 where the CPU has AVX-512F (one zmm instruction per op instead
    of two ymm ones) for programs without atomics or counters (those walk lanes one by one over whole
    vectors) and tiles of 16 lanes — PIXEL_WIDTH for pixel programs where the tile allows; else 8. On AVX2
    hosts pixel programs take PIXEL_WIDTH_AVX2 (four ymm registers per operation: independent chains the core
    overlaps), the others 8.
    ``PYD3D11_NATIVE_WIDTH`` (8, 16, 32 or 64) sets it where the program and tile allow that width (8 always;
    compute at most 16: wider compute steps are untested). The results are the same bits at any width: every
    operation is lane-wise, or per quad; compute group ids and groupshared bases are computed per lane, so a
    step may span thread groups."""
    env = os.environ.get("PYD3D11_NATIVE_WIDTH", "")
    if env == "8":
        return 8
    avx512 = register_lanes() == 16
    pixel = lw.program_type == ir.ProgramType.PIXEL
    if tile % 16 or not (avx512 or pixel or env in ("16", "32", "64")):
        return 8
    if lw.uav_atomic or any(op.kind in ("atomic", "counter") for op in lw.ops):
        return 8
    want = int(env) if env in ("16", "32", "64") else (
        (PIXEL_WIDTH if avx512 else PIXEL_WIDTH_AVX2) if pixel else 16)
    if lw.program_type == ir.ProgramType.COMPUTE:
        want = min(want, 16)
    while tile % want:
        want //= 2
    return want


def get_kernel(prog: ir.Program, tile: int, plan: Any = None, quick: bool = False,
               first_lanes: int | Callable[[], int] | None = None) -> Kernel | str:
    """Compiled kernel for (program, tile, texture plan variant), or the reason it is not compiled.
    ``quick``: the caller reports the lanes it runs (``kernel.module.note_use``), so a new kernel may be
    built quickly first (TIER); ``first_lanes``: the lanes of the run it is built for (SMALL_FIRST_LANES), or a
    function giving them (called only when the kernel is compiled)."""
    width = os.environ.get("PYD3D11_NATIVE_WIDTH", "")
    key = (program_key(prog), tile, BACKEND_VERSION, plan.key if plan is not None else None, width)
    k = _KERNELS.get(key)
    if k is not None:
        stats.cache_hits += 1
        return k
    lw = lowered(prog)
    if isinstance(lw, str):
        _KERNELS[key] = lw
        return lw
    with _lock:
        k = _KERNELS.get(key)
        if k is None:
            try:
                k = _compile(lw, tile, plan.emitters if plan is not None else None, quick, first_lanes)
                k.key = key
            except Exception as e:  # a generator gap must not break a draw: the reference runs instead
                if STRICT:
                    raise
                k = f"native compile error: {type(e).__name__}: {e}"
            _KERNELS[key] = k
    return k


def _compile(lw: Lowered, tile: int, tex: dict | None = None, quick: bool = False,
             first_lanes: int | Callable[[], int] | None = None) -> Kernel:
    from .llvm_gen import generate

    t0 = time.perf_counter()
    llvm = _init_llvm()
    width = vector_width(lw, tile)
    first = quick and TIER == "auto"
    small = first and small_first(first_lanes() if callable(first_lanes) else first_lanes)
    # a quick first build steps one register wide on AVX2 hosts (QUICK_WIDTH_AVX2), a small one on every host: LLVM's
    # time grows with the machine code, a 32-lane pixel step is four ymm operations per IR operation (64 lanes four
    # zmm ones), and a small run gains nothing from the wider step (the class-linkage pixel shader of
    # tests/test_native_class_linkage.py at level 0, AVX2: 37 -> 14 s CPU). The O2 rebuild steps ``width`` lanes
    qwidth = min(width, QUICK_WIDTH_AVX2) if first and not small and register_lanes() == 8 else width
    if small and not os.environ.get("PYD3D11_NATIVE_WIDTH"):  # a width asked for is the width a small run checks
        qwidth = min(width, register_lanes())
    narrow = bool(tex) and first and not small and min(qwidth, TEX_WIDTH) > QUICK_TEX_WIDTH
    if narrow and QUICK_TEX_WIDTH % 8 == 0:
        # such a kernel also steps QUICK_TEX_WIDTH lanes: its machine code is about a quarter of a 64-lane step's
        # (S3's first draw with a new sampler setup, AVX-512 host, kernel build 40 -> 17 ms, the draw 173 -> 148
        # ms CPU; Session 24, S3); the O2 rebuild steps ``width``
        qwidth = QUICK_TEX_WIDTH
    # a quick first build's shared sampling functions may be quick builds too (shared_function)
    # (a small first run's shared sampling functions are level-0 builds whose O2 rebuilds wait for a caller's:
    # runtime.shared_function)
    text, layout = generate(lw, tile, tex, qwidth, tex_width=QUICK_TEX_WIDTH if narrow else None,
                            quick_shared="small" if small else first, reg_lanes=register_lanes())
    # callers size register-file rows for the O2 rebuild's width, a multiple of the quick build's: either kernel
    # runs on them (and so does an O2 object of either width from the disk cache)
    layout.width = width
    upgrade = None
    if narrow or qwidth != width:
        # the O2 rebuild samples at TEX_WIDTH and steps ``width`` lanes; its sampling functions are compiled into
        # the rebuilt module (the rebuild runs in its own LLVM context on a background thread, where building
        # shared modules in the process context is not safe). Generated here, on the compiling thread: the
        # emitters are not shared with another thread. Its arguments are numbered as the quick build's
        wide, wide_layout = generate(lw, tile, tex, width, shared_tex=False, reg_lanes=register_lanes(),
                                     slots=layout.slots)
        if wide_layout.slots == layout.slots:
            upgrade = wide
            # the O2 object is stored under the quick build's text (upgrade): the text names what it is built from
            text += f"\n; O2 rebuild: {hashlib.sha256(wide.encode()).hexdigest()}\n"
        # else the rebuild compiles ``text`` and links the shared functions' O2 builds: theirs were queued
        # first (shared_function) and the background thread rebuilds in queue order
    # quick first builds only where a caller counts the lanes run (note_use): the fused pixel path
    module = build_module(llvm, text, ("kernel",), counted=quick, codegen=0 if small else None)
    if upgrade is not None and not module.full:
        module.upgrade_text = upgrade
    dt = time.perf_counter() - t0
    stats.compiled += 1
    stats.compile_seconds += dt
    stats.last_compile_ms = dt * 1000
    return Kernel(module, layout, lw, tile, text)


def _optimise(llvm, mod, tm: Any = None) -> None:
    """LLVM's default O2 pipeline on ``mod``. The pass manager, pass builder and tuning options are
    disposed explicitly in that order: left to the garbage collector, llvmlite may free the builder
    before the manager built from it (a use after free that crashed later compiles)."""
    pto = llvm.create_pipeline_tuning_options(speed_level=2)
    pb = llvm.create_pass_builder(_tm if tm is None else tm, pto)
    mpm = pb.getModulePassManager()
    try:
        mpm.run(mod, pb)
    finally:
        mpm.close()
        pb.close()
        pto.close()


def _disk_dir():
    """Folder of the on-disk object cache (``PYD3D11_CACHE_DIR``, else ~/.cache/pyd3d11/native); None when
    ``PYD3D11_NATIVE_DISK_CACHE=0``."""
    from pathlib import Path

    if os.environ.get("PYD3D11_NATIVE_DISK_CACHE", "1") == "0":
        return None
    base = os.environ.get("PYD3D11_CACHE_DIR")
    return Path(base) if base else Path.home() / ".cache" / "pyd3d11" / "native"


def _disk_path(text: str, build: str = "o2"):
    """Cache file of one module: keyed by the LLVM IR, the build (``o2``, or ``quick<level>``: IR passes off, code
    generation at that level), the backend version, LLVM and the host CPU."""
    d = _disk_dir()
    if d is None:
        return None
    llvm = _init_llvm()
    h = hashlib.sha256()
    _, cpu, features = _host_cpu(llvm)
    # (an O2 object's key has no build part: the objects stored before quick ones were keep their names)
    for part in (str(BACKEND_VERSION), str(llvm.llvm_version_info), cpu, features, text) + \
            (() if build == "o2" else (build,)):
        h.update(part.encode())
        h.update(b"\0")
    return d / f"{h.hexdigest()}.o"


def _disk_store(path, buf: bytes) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(buf)
        os.replace(tmp, path)
    except OSError:  # a read-only home: the cache is only an optimisation
        pass


def fallback(prog: ir.Program, reason: str) -> None:
    stats.fallbacks += 1
    stats.reasons[reason] = stats.reasons.get(reason, 0) + 1
    for fn in list(fallback_listeners):
        try:
            fn(prog, reason)
        except Exception:  # a listener must never break a draw
            pass


# ----------------------------------------------------------------------------------------------
# Argument marshalling
# ----------------------------------------------------------------------------------------------

_BYTE = ctypes.c_byte


def address(arr: np.ndarray) -> int:
    """``arr.ctypes.data`` at a fraction of its cost (numpy builds a ctypes helper object per ``.ctypes``; a draw
    takes a dozen addresses): the address of a byte over the array's buffer; read-only or empty arrays, whose
    buffer ctypes does not take, the numpy way."""
    try:
        return ctypes.addressof(_BYTE.from_buffer(arr))
    except (TypeError, ValueError, BufferError):
        return arr.ctypes.data


class _Args:
    """The int64 argument array plus the numpy arrays it points into (kept alive for the call)."""

    def __init__(self, layout, words: np.ndarray | None = None) -> None:
        self.layout = layout
        self.a = own_lines(max(1, len(layout.slots)), np.int64) if words is None else words
        self.keep: list = []
        self.ptr_names: list[str] = []

    def set(self, name: str, value: int) -> None:
        i = self.layout.slots.get(name)
        if i is not None:
            self.a[i] = value

    def ptr(self, name: str, arr: np.ndarray) -> None:
        i = self.layout.slots.get(name)
        if i is not None:
            assert arr.flags.c_contiguous or arr.size == 0
            self.keep.append(arr)
            self.ptr_names.append(name)
            self.a[i] = address(arr)

    def wants(self, name: str) -> bool:
        return name in self.layout.slots


_SLACK = 16  # words past the end of scratch arrays (one-lane accesses read a whole 8-lane vector)


#: the granule of :func:`own_lines`: a cache line pair (the adjacent-line prefetcher fetches lines in pairs)
LINE_PAIR = 128


def own_lines(shape: int | tuple, dtype: Any = U32) -> np.ndarray:
    """Zeros in memory of their own: the data starts on a LINE_PAIR boundary and no other array's bytes share
    its last LINE_PAIR block. Per-worker buffers that tile kernels write every batch (lane buffers, scratch,
    argument words) would otherwise share their edge lines with the next allocation, often another worker's
    buffer: cache lines passed between cores on every batch (false sharing), which independent processes never
    pay."""
    dt = _DTYPES.get(dtype) or _DTYPES.setdefault(dtype, np.dtype(dtype))
    count = shape if type(shape) is int else math.prod(shape)
    n = count * dt.itemsize
    raw = np.zeros(n + 2 * LINE_PAIR - 1 - (n - 1) % LINE_PAIR, np.uint8)
    off = -address(raw) % LINE_PAIR
    flat = raw[off:off + n].view(dt)
    return flat if type(shape) is int else flat.reshape(shape)


_DTYPES: dict = {}


def _scratch(words: int, cache: dict | None = None, name: str = "") -> np.ndarray:
    if cache is None:
        return own_lines(words + _SLACK)
    got = cache.get((name, words))
    if got is None:
        got = cache[(name, words)] = own_lines(words + _SLACK)
    return got


def _bind_common(A: _Args, k: Kernel, bindings: Any, scratch: dict | None = None) -> list:
    """Scratch, constant buffers and buffer views; returns callbacks to run after the kernel. ``scratch``: see
    :func:`_scratch_args`."""
    from ..exec.bindings import Bindings

    _scratch_args(k, A, scratch)
    return bind_resources(A, k, bindings if bindings is not None else Bindings())


def bind_resources(A: _Args, k: Kernel, b: Any) -> list:
    """The run's own arguments of ``A``: the temps' fill word, constant buffers (their words as bound now) and
    buffer views (their storages' bytes now); returns callbacks to run after the kernel. Every slot it writes
    is written on every call, so arguments copied from an earlier run's are brought up to date."""
    lw = k.lw
    fill = reference.TEMP_FILL
    A.set("fill", 0 if fill is None else int(fill) & 0xFFFFFFFF)
    for slot in lw.cb_slots:
        t = np.ascontiguousarray(b.cb_registers(slot), U32)
        A.ptr(f"cb{slot}", t if t.size else np.zeros(4, U32))
        A.set(f"cbrows{slot}", t.shape[0])
    after: list = []
    if not (lw.uavs or lw.srvs or lw.uav_written):
        return after  # (no views: most pixel shaders)
    from ..exec import memory

    for kind, slots, views, strides in (("u", lw.uavs, b.uavs, lw.uav_stride), ("t", lw.srvs, b.srvs, lw.srv_stride)):
        for slot in slots:
            view = views[slot] if slot < len(views) else None
            p = f"{kind}{slot}"
            if view is None:
                A.ptr(p + "w", np.zeros(8, U32))
                for s in ("nw", "count", "bufinfo", "bound"):
                    A.set(p + s, 0)
                A.set(p + "stride", strides.get(slot, 0))
                A.ptr(p + "counter", np.zeros(8, U32))
                continue
            words = memory._view_words(view)
            if words.size and (words.ctypes.data % 4 or not words.flags.c_contiguous):
                raise Unsupported("misaligned buffer view")
            A.ptr(p + "w", words if words.size else np.zeros(8, U32))
            A.set(p + "nw", words.size)
            A.set(p + "stride", view.element_size if view.structured else strides.get(slot, 0))
            A.set(p + "count", view.num_elements)
            A.set(p + "bufinfo", view.num_elements * (4 if view.raw else 1))
            A.set(p + "bound", 1)
            if kind == "u" and A.wants(p + "counter"):
                cell = np.zeros(8, U32)
                cell[0] = view.counter[0] & 0xFFFFFFFF
                A.ptr(p + "counter", cell)
                after.append(lambda view=view, cell=cell: view.counter.__setitem__(0, int(cell[0])))
            if kind == "u" and slot in lw.uav_written:
                after.append(view.storage.touch)
    for slot in sorted((lw.uav_written - lw.uavs) & lw.uav_typed):  # typed writes (uav_gen's emitters)
        view = b.uavs[slot] if slot < len(b.uavs) else None
        if view is not None:
            after.append(view.storage.touch)
    return after


def _runtime_unsupported(lw: Lowered, bindings: Any) -> str | None:
    """Bindings the compiled code does not handle (the reference runs instead)."""
    if not lw.uav_atomic or bindings is None:
        return None
    for slot in lw.uavs - lw.uav_typed:  # atomics on a typed declaration are typed-UAV host ops (uav_gen)
        view = bindings.uavs[slot] if slot < len(bindings.uavs) else None
        if view is None:
            continue
        if not view.raw and not view.structured:
            return "atomics on a typed UAV"
        if view.structured and slot not in lw.uav_stride:
            return "structured view on a raw UAV declaration with atomics"
    return None


# ----------------------------------------------------------------------------------------------
# Compute
# ----------------------------------------------------------------------------------------------

def order_bound(lw: Lowered) -> bool:
    """Whether the thread groups of a dispatch can observe each other's order in a way D3D defines.

    UAV atomics and append/consume counters do (``imm_atomic_*`` return values and counter slots depend on
    the order), and so does reading a globallycoherent UAV while the dispatch writes UAVs (7.14.4: that is
    how groups communicate). Any other read of data another group writes in the same dispatch is undefined
    (7.14.4: "this form of cross-thread group data sharing will produce undefined results"; 18.6.x: no
    ordering between thread groups), so such dispatches may run their groups in any order and in
    parallel."""
    return lw.uav_atomic or bool(lw.uav_coherent & lw.uav_read and lw.uav_written)


def compute_tile(lw: Lowered, T: int, per_batch: int, groups: int | None = None) -> int | None:
    """Lanes per tile: whole thread groups, a multiple of 8. When groups can observe each other's order
    (:func:`order_bound`) a tile is exactly the reference's batch, so results stay bit-identical to the
    reference — or, when the dispatch's ``groups`` fit in one reference batch, any tile holding them all
    (the power of two at or above its lanes, at least 8: few kernel variants); None when neither holds."""
    if order_bound(lw):
        lanes = per_batch * T
        if lanes % 8 == 0:
            return lanes
        if groups is not None and groups <= per_batch:
            return max(8, 1 << (groups * T - 1).bit_length())
        return None
    k = 1
    while k * T < DEFAULT_TILE or (k * T) % 8:
        k += 1
    return k * T


#: tiles a parallel dispatch is split into per worker thread (uneven groups balance over the pool)
ITEMS_PER_THREAD = 4


def group_ranges(groups: int, tile_groups: int, threads: int) -> list[tuple[int, int]]:
    """(first group, group count) items of a parallel dispatch: whole tiles, about
    ``ITEMS_PER_THREAD * threads`` items (fewer when there are fewer tiles)."""
    tiles = -(-groups // tile_groups)
    n_items = max(1, min(tiles, threads * ITEMS_PER_THREAD))
    per = -(-tiles // n_items) * tile_groups
    return [(g, min(per, groups - g)) for g in range(0, groups, per)]


def dispatch(program: ir.Program, bindings: Any, x: int, y: int, z: int, T: int, per_batch: int,
             hooks: Any = None) -> bool:
    """Run a whole dispatch natively; False when the program is not compiled (the caller runs the
    reference). Texture instructions are compiled by the sampling hook's native plan (``hooks``, see
    :func:`texture_plan`); a dispatch with one the plan does not compile runs on the reference (compute
    kernels have no host callback)."""
    lw = lowered(program)
    if isinstance(lw, str):
        fallback(program, lw)
        return False
    reason = _runtime_unsupported(lw, bindings)
    if reason is not None:
        fallback(program, reason)
        return False
    tile = compute_tile(lw, T, per_batch, x * y * z)
    if tile is None:
        fallback(program, "a dispatch batch that is not a multiple of 8 lanes")
        return False
    seen = dict(stats.texture_reasons)
    plan = texture_plan(lw, bindings, hooks)
    if needs_host(lw, plan):
        why = sorted(k for k, v in stats.texture_reasons.items() if v != seen.get(k, 0)) or ["a host op"]
        fallback(program, "texture access the native sampler does not compile, in a compute shader ("
                 + "; ".join(why) + ")")
        return False
    groups = x * y * z
    k = get_kernel(program, tile, plan, quick=True, first_lanes=groups * T)
    if isinstance(k, str):
        fallback(program, k)
        return False
    k.module.note_use(groups * T)
    A = _Args(k.layout)
    try:
        after = _bind_common(A, k, bindings)
    except Unsupported as e:
        fallback(program, str(e))
        return False
    if plan is not None:
        plan.bind(A)
    A.set("n", groups * T)
    A.set("ng", 0)
    A.ptr("active", np.full(8, -1, I32))
    A.set("gbase", 0)
    A.set("gx", x)
    A.set("gy", y)
    for t in lw.sv_types:
        if t not in (OT.INPUT_THREAD_ID, OT.INPUT_THREAD_GROUP_ID, OT.INPUT_THREAD_ID_IN_GROUP,
                     OT.INPUT_THREAD_ID_IN_GROUP_FLATTENED):
            fallback(program, f"system value {OT(t).name} in a compute shader")
            return False
    if k.lw.has_discard or lw.special_out:
        fallback(program, "pixel-shader outputs in a compute shader")
        return False
    workers = pool.threads()
    items = group_ranges(groups, tile // T, workers) if workers > 1 and not order_bound(lw) else []
    if len(items) > 1:
        _call_items(k, A, items, T)
    else:
        _call(k, A)
    for fn in after:
        fn()
    stats.native_runs += 1
    return True


def _scratch_args(k: Kernel, A: _Args, cache: dict | None = None) -> None:
    """Tile-local scratch (temps, indexable temps, masks, groupshared memory) in ``A``: fresh, or from ``cache``
    (a dict owned by one thread's calls that run one after the other, e.g. a worker's lane-buffer set in the
    fused lane: every tile starts by writing what it reads of its scratch — the temps' fill word, the tile's
    execution mask —, so a later call may take the arrays an earlier one used; names keep the arrays of one
    call distinct)."""
    lw, lay, TP = k.lw, k.layout, k.tile
    A.ptr("r", _scratch(max(1, lw.n_temps) * 4 * TP, cache, "r"))
    A.ptr("x", _scratch(max(1, lay.x_regs) * 4 * TP, cache, "x"))
    A.ptr("masks", _scratch(lw.n_mask_slots * TP + 3 * TP, cache, "masks"))
    if lw.call_bodies:  # out-of-line subroutines' call stack: 32 entries (llvm_flow.call_frame_words)
        words = 4 + max(n for _, n, _ in lw.call_bodies.values()) * TP
        A.ptr("cstack", _scratch(32 * words, cache, "cstack"))
    for reg, words in lay.tgsm_words.items():
        groups = max(1, TP // (lw.thread_group[0] * lw.thread_group[1] * lw.thread_group[2]))
        A.ptr(f"tgsm{reg}", _scratch(words * groups))


def _run_on_pool(k: Kernel, A: _Args, n_items: int, fill: Callable[[_Args, int], None]) -> None:
    """Call kernel ``k`` once per item on the worker pool (ctypes releases the GIL during each call): each item
    gets a copy of ``A``'s arguments with its own scratch, which ``fill(args, item)`` completes; a kernel that
    polls the watchdog gets its own guard, and a signal handler raising inside a poll is re-raised here."""
    import sys

    if not A.wants("poll"):
        # every item's arguments made here, the calls on the crew (rows.py: no Python between the items)
        items = []
        for i in range(n_items):
            a = _Args(A.layout)
            a.a[:] = A.a
            a.keep = []
            _scratch_args(k, a)
            fill(a, i)
            items.append(a)
        table = np.empty((n_items, 2), np.int64)
        table[:, 0] = rows.function_address(k.fn)
        table[:, 1] = [address(a.a) for a in items]
        rows.run_rows(table)
        return
    errors: list[BaseException] = []
    guards: list[_Interrupted] = []

    def run(i: int) -> None:
        a = _Args(A.layout)
        a.a[:] = A.a
        a.keep = []  # A keeps the shared resources alive; a keeps its own scratch
        _scratch_args(k, a)
        fill(a, i)
        if a.wants("poll"):
            guard = _Interrupted()
            guards.append(guard)
            a.set("poll", ctypes.cast(guard.cfunc, ctypes.c_void_p).value)
            a.ptr("pollflag", guard.flag)
        k.fn(a.a.ctypes.data)

    old = sys.unraisablehook
    sys.unraisablehook = lambda u: errors.append(u.exc_value)  # a signal handler raising in a poll
    try:
        pool.parallel_for(n_items, run)
    finally:
        sys.unraisablehook = old
    if errors:
        raise errors[0]
    for g in guards:
        g.raise_if_stopped()  # a kernel stopped by the watchdog (shader/watchdog.py)


def _call_items(k: Kernel, A: _Args, items: list[tuple[int, int]], T: int) -> None:
    """Run group ranges of one dispatch on the worker pool. Every item gets its own argument array and
    scratch; resources are shared (items write disjoint results wherever D3D defines them, see
    :func:`order_bound`)."""

    def fill(a: _Args, i: int) -> None:
        g, count = items[i]
        a.set("n", count * T)
        a.set("gbase", g)

    _run_on_pool(k, A, len(items), fill)


_POLL_FN = ctypes.CFUNCTYPE(None)


class _Interrupted:
    """The poll callback kernels make every 2^16 loop iterations. Running Python code there lets pending
    signal handlers run (KeyboardInterrupt, SIGALRM time limits); a handler that raises does so on
    entry, before the callback sets its flag, so the kernel sees the flag clear and stops. ctypes hands
    the exception to ``sys.unraisablehook``, where it is caught and raised again when the kernel returns."""

    def __init__(self) -> None:
        self.flag = np.zeros(1, I32)
        self.error: BaseException | None = None
        self.stopped = False  # a poll was refused: the command ran past its watchdog budget
        self.cfunc = _POLL_FN(self._poll)

    def _poll(self) -> None:
        if watchdog.expired():
            self.stopped = True
            return  # the flag stays clear: the kernel stops (the caller raises ShaderTimeout)
        self.flag[0] = 1

    def raise_if_stopped(self) -> None:
        """After the kernel returned: a kernel the watchdog stopped left its work unfinished."""
        if self.stopped:
            raise watchdog.ShaderTimeout("a shader loop ran past the draw/dispatch time budget")

    def hook(self, unraisable) -> None:
        if self.error is None:
            self.error = unraisable.exc_value


def _call(k: Kernel, A: _Args) -> None:
    if not A.wants("poll"):
        k.fn(A.a.ctypes.data)
        return
    import sys

    guard = _Interrupted()
    A.set("poll", ctypes.cast(guard.cfunc, ctypes.c_void_p).value)
    A.ptr("pollflag", guard.flag)
    old = sys.unraisablehook
    sys.unraisablehook = guard.hook
    try:
        k.fn(A.a.ctypes.data)
    finally:
        sys.unraisablehook = old
    if guard.error is not None:
        raise guard.error
    guard.raise_if_stopped()  # a kernel stopped by the watchdog (shader/watchdog.py)


# ----------------------------------------------------------------------------------------------
# Vertex / pixel shaders: run_program
# ----------------------------------------------------------------------------------------------

def _padded_file(inputs: Any, n: int) -> np.ndarray | None:
    """The C-contiguous (regs, 4, M) uint32 array, M >= n, whose first n lanes ``inputs`` is (the input
    assembler's padded component-major file), or None."""
    if not isinstance(inputs, np.ndarray) or inputs.ndim != 3 or inputs.dtype != U32 or inputs.shape[2] != n:
        return None
    b = inputs.base
    if not isinstance(b, np.ndarray) or b.dtype != U32 or b.ndim != 3 or not b.flags.c_contiguous:
        return None
    if b.shape[:2] != inputs.shape[:2] or b.shape[2] < n or b.strides != inputs.strides \
            or b.ctypes.data != inputs.ctypes.data:
        return None
    return b


def _regs_internal(inputs: Any, n: int, ng: int, regs: int, component_major: bool) -> np.ndarray:
    """Inputs in the internal (regs, 4, Ng) uint32 layout (copied only when needed)."""
    if component_major:
        v = np.asarray(inputs)
        v = v if v.dtype == U32 else np.ascontiguousarray(v).view(U32)
    else:
        v = reference._as_regs(inputs, n, regs)
    if v.shape[0] >= regs and v.shape[2] == ng and v.flags.c_contiguous:
        return v
    out = np.zeros((max(regs, v.shape[0], 1), 4, ng), U32)
    out[: v.shape[0], :, :n] = v
    return out


def run_program(program: ir.Program, n_lanes: int, inputs: Any = None, bindings: Any = None,
                system_values: dict | None = None, tgsm: dict | None = None, active: np.ndarray | None = None,
                hooks: Any = None, keep_state: bool = False, inputs_component_major: bool = False,
                helpers: np.ndarray | None = None) -> ExecResult:
    """``shader.exec.reference.run_program`` natively where the program compiles, else on the reference."""
    res = _try_native(program, n_lanes, inputs, bindings, system_values, tgsm, active, keep_state,
                      inputs_component_major, hooks, helpers)
    if res is not None:
        return res
    return reference.run_program(program, n_lanes, inputs, bindings, system_values, tgsm, active, hooks, keep_state,
                                 inputs_component_major, helpers)


#: largest tile for programs with host callbacks (the numpy code they call wants big batches)
HOST_TILE_MAX = 1 << 16
#: largest batch a UAV-writing graphics program runs natively in one tile (the pipeline's pixel-shader batches,
#: draw._PS_BATCH_LANES, are at most this; a larger batch runs on the reference, counted)
UAV_TILE_MAX = 1 << 18


def needs_host(lw: Lowered, plan: Any = None) -> bool:
    """Whether a kernel of ``lw`` still calls back into the reference: host ops no texture emitter of
    ``plan`` (the sampling hook's native plan, :func:`texture_plan`) compiles."""
    return len(lw.host_ops) > (len(plan.emitters) if plan is not None else 0)


def _graphics_tile(lw: Lowered, n: int, plan: Any = None) -> int | None:
    """Lanes per tile of a graphics kernel: DEFAULT_TILE, or for programs that call back into the
    reference (texture sampling) the batch rounded up to a power of two (at most HOST_TILE_MAX), so
    each callback sees as many lanes as the reference would (a few kernel variants per program).
    Host ops compiled by an injected texture emitter (the plan's) need no callback.

    A GS/HS/DS that writes UAVs runs its whole batch in one tile, so every store and atomic happens for
    all invocations before the next instruction, in lane order, as in the reference: racing writes of
    different invocations (undefined in D3D) and atomic return values come out the same. None: the
    batch exceeds UAV_TILE_MAX lanes."""
    whole = min(HOST_TILE_MAX, max(DEFAULT_TILE, 1 << max(0, n - 1).bit_length()))
    if lw.uav_written or lw.uav_atomic:
        return max(DEFAULT_TILE, 1 << max(0, n - 1).bit_length()) if n <= UAV_TILE_MAX else None
    if not needs_host(lw, plan):
        return DEFAULT_TILE
    return whole


def _try_native(program, n, inputs, bindings, system_values, tgsm, active, keep_state, component_major,
                hooks=None, helpers=None):
    if program.program_type not in (ir.ProgramType.VERTEX, ir.ProgramType.PIXEL, ir.ProgramType.COMPUTE):
        return None  # other stages have their own drivers; not counted as fallbacks
    lw = lowered(program)
    if isinstance(lw, str):
        fallback(program, lw)
        return None
    reason = None
    if keep_state:
        reason = "keep_state (the caller inspects the reference's state)"
    elif tgsm:
        reason = "caller-supplied groupshared memory"
    elif isinstance(inputs, np.ndarray) and inputs.ndim == 4:
        reason = "2-D inputs"
    elif lw.has_deriv and n % 4:
        reason = "derivatives with lanes not in quads"
    elif program.program_type == ir.ProgramType.COMPUTE:
        reason = "compute programs run natively through pipeline.compute.dispatch"
    got = _graphics_kernel(program, lw, n, bindings, hooks, reason)
    if got is None:
        return None
    k, plan = got
    if n == 0:  # nothing to run; the reference builds the empty result (inputs in the caller's layout)
        return reference.run_program(program, 0, inputs, bindings, system_values, None, active, None, False,
                                     component_major)
    c_in = reference._max_reg(program, OT.INPUT)
    c_out = reference._max_reg(program, OT.OUTPUT)
    if c_out < k.lw.n_outputs or c_in < k.lw.n_inputs:
        fallback(program, "register count mismatch")
        return None
    w = k.layout.width
    ng = (n + w - 1) // w * w  # whole vector steps in every register-file row
    padded = _padded_file(inputs, n) if component_major else None
    if padded is not None and padded.shape[2] % w == 0 and padded.shape[0] >= c_in:
        inputs, ng = padded, padded.shape[2]  # rows of whole vector steps already (lanes past n are inactive)
    A = _Args(k.layout)
    try:
        after = _bind_common(A, k, bindings)
    except Unsupported as e:
        fallback(program, str(e))
        return None
    if plan is not None:
        plan.bind(A)
    v = _regs_internal(inputs, n, ng, c_in, component_major)
    A.ptr("v", v)
    A.set("nv", v.shape[0])
    o = pool.zeros((max(c_out, 1), 4, ng), U32)  # (large files cleared on the workers)
    A.ptr("o", o)
    act = np.zeros(ng, I32)
    if active is None:
        act[:n] = -1
    else:
        act[:n] = np.where(np.asarray(active, bool), -1, 0)
    A.ptr("active", act)
    A.set("n", n)
    A.set("ng", ng)
    sv = system_values or {}
    lane_arrays = {"v": v, "o": o, "active": act}  # lane-indexed (rows of ng words): see _call_lanes
    for t in k.lw.sv_types:
        val = sv.get(t)
        lane_arrays[f"sv{t}"] = _sv_array(sv.get(OT(t)) if val is None else val, n, ng)
        A.ptr(f"sv{t}", lane_arrays[f"sv{t}"])
    so = {}
    for t in k.lw.special_out:
        so[t] = np.zeros(ng + 1, U32)  # last word: "an op wrote it" flag
        A.ptr(f"so{t}", so[t])
    disc = np.zeros(ng, I32)
    A.ptr("discarded", disc)
    hw = None
    if A.wants("helpers") or k.lw.quiet:
        # pixel-shader helper lanes (the pipeline's ``helpers``): they run, their memory writes are dropped
        hw = np.zeros(ng, I32)
        if helpers is not None:
            hw[:n] = np.where(np.asarray(helpers, bool)[:n], -1, 0)
        A.ptr("helpers", hw)
    host = None
    if needs_host(k.lw, plan):
        host = _Host(program, k, A, v, o, bindings, system_values, hooks, n)
        if k.lw.quiet:
            host.quiet = (disc, hw)
        A.set("host", ctypes.cast(host.cfunc, ctypes.c_void_p).value)
    items = vertex_items(program, k, plan, n) if host is None and hw is None and not so else []
    if len(items) > 1:
        lane_arrays["discarded"] = disc
        _call_lanes(k, A, items, lane_arrays)
    else:
        _call(k, A)
    if host is not None and host.error is not None:
        raise host.error
    for fn in after:  # UAV writes of a vertex shader: the storages' versions move
        fn()
    stats.native_runs += 1

    def sp(*types: int):
        for t in types:
            if t in so and so[t][ng]:
                return so[t][:n]
        return None

    return ExecResult(
        outputs=o[:c_out, :, :n].transpose(0, 2, 1),
        depth=sp(OT.OUTPUT_DEPTH, OT.OUTPUT_DEPTH_GREATER_EQUAL, OT.OUTPUT_DEPTH_LESS_EQUAL),
        coverage_mask=sp(OT.OUTPUT_COVERAGE_MASK),
        stencil_ref=sp(OT.OUTPUT_STENCIL_REF),
        discarded=disc[:n] != 0,
        state=None,
    )


#: lanes per item when a vertex-shader run is split over the worker pool (whole tiles); a run of fewer than two
#: items' lanes is one call on the calling thread (a pool hand-off costs more than it saves)
VS_ITEM_LANES = 1 << 14


def vertex_items(program: ir.Program, k: Kernel, plan: Any, n: int) -> list[tuple[int, int]]:
    """Lane ranges [a, b) of a vertex-shader run for the worker pool (issue 12: the vertex shader off the main
    thread), or [] to run it in one call. Vertex-shader invocations are independent (no derivatives, no
    groupshared memory; D3D11.3 §8.x defines no order between them), so any split gives the same bits as long
    as nothing but the lane-indexed arrays is written: runs with UAV writes or atomics (shared counters and
    racing stores keep the one-call order), host callbacks or a texture plan's emitters (state bound once per
    run) stay one call. Every range starts on a tile boundary, so each tile holds the lanes it holds in the
    one-call run."""
    if program.program_type != ir.ProgramType.VERTEX or n < 2 * VS_ITEM_LANES:
        return []
    lw = k.lw
    if lw.uav_written or lw.uav_atomic or lw.special_out or (plan is not None and getattr(plan, "emitters", None)):
        return []
    workers = pool.threads()
    if workers <= 1:
        return []
    tiles = -(-n // k.tile)
    parts = min(workers * ITEMS_PER_THREAD, n // VS_ITEM_LANES)
    per = -(-tiles // max(parts, 1)) * k.tile
    items = [(a, min(a + per, n)) for a in range(0, n, per)]
    return items if len(items) > 1 else []


def _call_lanes(k: Kernel, A: _Args, items: list[tuple[int, int]], lane_arrays: dict) -> None:
    """Run lane ranges of one graphics run on the worker pool: each item calls the kernel with its own scratch
    and the lane-indexed arrays (``lane_arrays``: name -> array whose rows are Ng words, lane i at word i of a
    row) advanced to its first lane, so it reads and writes exactly its own lanes' words."""
    slots = [(A.layout.slots[name], arr.ctypes.data) for name, arr in lane_arrays.items() if name in A.layout.slots]

    def fill(a: _Args, i: int) -> None:
        lo, hi = items[i]
        for slot, base in slots:
            a.a[slot] = base + 4 * lo  # 4-byte words
        a.set("n", hi - lo)

    _run_on_pool(k, A, len(items), fill)


# ----------------------------------------------------------------------------------------------
# Graphics kernels shared by the one-dimensional runs and the staged ones (shader/native/staged.py)
# ----------------------------------------------------------------------------------------------

def _graphics_kernel(program, lw, n: int, bindings, hooks, reason: str | None):
    """(kernel, texture plan) for a graphics run, or None after a counted fallback: ``reason`` already found,
    or the kernel cannot be built."""
    if reason is None:
        reason = _runtime_unsupported(lw, bindings)
    if reason is not None:
        fallback(program, reason)
        return None
    plan = texture_plan(lw, bindings, hooks)
    tile = _graphics_tile(lw, n, plan)
    if tile is None:
        fallback(program, f"UAV writes over more than {UAV_TILE_MAX} invocations in one batch")
        return None
    k = get_kernel(program, tile, plan, quick=True, first_lanes=n)
    if isinstance(k, str):
        fallback(program, k)
        return None
    k.module.note_use(n)
    return k, plan


def _sv_array(val, n: int, ng: int) -> np.ndarray:
    """A system value's lanes as the kernel reads them: 4 x ng words, one component per row (zeros where the
    stage did not supply it); 4-byte values keep their bits, others convert to uint32."""
    arr = np.zeros((4, ng), U32)
    if val is not None:
        vv = np.asarray(val)
        if vv.dtype != U32:
            vv = np.ascontiguousarray(vv).view(U32) if vv.dtype.itemsize == 4 else vv.astype(U32)
        if vv.ndim == 1:
            arr[0, :n] = vv
        else:
            arr[: vv.shape[1], :n] = vv.T
    return arr


def texture_plan(lw: Lowered, bindings: Any, hooks: Any) -> Any:
    """The sampling hook's native texture plan for this run (None: every host op calls back).

    A hook that can compile texture access offers ``native_texture(lowered, bindings)`` returning an object
    with ``key`` (hashable: the compile-time facts the generated code depends on; part of the kernel key),
    ``emitters`` (host-op id → llvm_gen.TextureEmitter), ``reasons`` (host-op id → why it stays a callback)
    and ``bind(args)`` (fills the argument slots the emitters named, per run). The executor layer knows
    only this interface; the pipeline implements it."""
    if not lw.host_ops:
        return None
    make = getattr(hooks, "native_texture", None)
    plan = make(lw, bindings) if make is not None else None
    native = count_texture_plan(lw, plan)
    return plan if native else None


def count_texture_plan(lw: Lowered, plan: Any) -> dict:
    """Count a run's texture ops as compiled or calling back (stats) under ``plan`` (also for a plan a caller
    kept from an earlier run, pipeline/native/fused_replay.py); returns the plan's emitters ({} for none)."""
    if lw.tex_ids is None or lw.tex_ids[0] != len(lw.ops):
        # (a scan of every op of the program: once per program, not on every draw that replays it)
        lw.tex_ids = (len(lw.ops), tuple(op.info["id"] for op in lw.ops
                                         if op.kind == "host" and op.info.get("tex") is not None))
    tex_ids = lw.tex_ids[1]
    native = plan.emitters if plan is not None else {}
    for i in tex_ids:
        if i in native:
            stats.texture_native += 1
        else:
            stats.texture_callbacks += 1
            why = (plan.reasons.get(i) if plan is not None else None) or "no native sampling hook"
            stats.texture_reasons[why] = stats.texture_reasons.get(why, 0) + 1
    return native


_HOST_FN = ctypes.CFUNCTYPE(None, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64)


class _Host:
    """The callback a kernel makes for an instruction it does not compile (texture access, doubles, …):
    the reference executor's own closure for that instruction runs on an ExecState whose registers are
    views of the kernel's tile (same lanes, same execution mask), so the result is the reference's."""

    def __init__(self, program, k: Kernel, A: _Args, v, o, bindings, system_values, hooks, n: int) -> None:
        from ..exec.bindings import Bindings

        c = reference.compile_program(program)
        self.fns = [c.ops[c.op_inst.index(i)][1] for i in k.lw.host_ops]
        lay, TP, lw = k.layout, k.tile, k.lw
        named = dict(zip(A.ptr_names, A.keep))
        self.r, self.x, self.masks = named["r"], named["x"], named["masks"]
        self.R = self.r[: max(1, lw.n_temps) * 4 * TP].reshape(max(1, lw.n_temps), 4, TP)[: lw.n_temps]
        self.X = self.x[: max(1, lay.x_regs) * 4 * TP].reshape(max(1, lay.x_regs), 4, TP)
        self.xs = {reg: (lay.x_base[reg], size) for reg, size in lw.indexable.items()}
        self.v, self.o, self.c, self.hooks = v, o, c, hooks
        self.b = bindings if bindings is not None else Bindings()
        self.cbs = [self.b.cb_registers(i) for i in range(len(self.b.cbuffers))]
        tmp = reference.new_state(c, n, None, self.b, system_values, None, hooks)
        self.sv = tmp.sv  # (4, n) per operand type, as the reference builds them
        self.error: BaseException | None = None
        self.quiet: tuple | None = None  # (discard words, helper words) of a pixel shader that writes memory
        self.cfunc = _HOST_FN(self._run)

    def _run(self, op_id: int, tb: int, L: int) -> None:
        from ..exec.state import ExecState

        if self.error is not None:
            return
        try:
            mask = self.masks[:L] != 0  # execution mask: slot 0 of the tile's mask arrays
            st = ExecState(
                n=L, r=self.R[:, :, :L], v=self.v[..., tb:tb + L], o=self.o[:, :, tb:tb + L],
                x={reg: self.X[base:base + size, :, :L] for reg, (base, size) in self.xs.items()},
                mask=mask, cb=self.cbs, icb=self.c.icb, bindings=self.b,
                sv={t: a[:, tb:tb + L] for t, a in self.sv.items()}, special_out={},
                discarded=np.zeros(L, bool), hooks=self.hooks or reference.SamplingHooks())
            st.set_mask(mask)
            if self.quiet is not None:  # the reference's own closure drops quiet lanes' writes (ExecState.quiet)
                disc, hw = self.quiet
                st.discarded = disc[tb:tb + L] != 0
                st.discard_ran = True
                h = hw[tb:tb + L] != 0
                st.helper = h if h.any() else None
            if st.any:
                with np.errstate(all="ignore"):
                    self.fns[op_id](st)
        except BaseException as e:  # raised again when the kernel returns
            self.error = e


# os.environ's own mapping and its key for PYD3D11_BACKEND (what ``os.environ.get`` reads, in one C call: every
# draw reads the variable, and the Mapping's get/__getitem__/encode are a few dozen bytecodes)
_ENV_DATA = getattr(os.environ, "_data", None)
_ENV_KEY = os.environ.encodekey("PYD3D11_BACKEND") if hasattr(os.environ, "encodekey") else None


def backend_from_env() -> str:
    """'native' or 'reference': ``PYD3D11_BACKEND`` when set, else native where llvmlite imports."""
    if type(_ENV_DATA) is dict and _ENV_KEY is not None:
        raw = _ENV_DATA.get(_ENV_KEY)
        v = "" if raw is None else os.environ.decodevalue(raw).strip().lower()
    else:
        v = os.environ.get("PYD3D11_BACKEND", "").strip().lower()
    if v in ("reference", "ref", "numpy"):
        return "reference"
    if v == "native":
        return "native"
    return "native" if available() else "reference"
