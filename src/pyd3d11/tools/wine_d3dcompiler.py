"""Microsoft's own d3dcompiler_47.dll, run under Wine, as the oracle of the HLSL compiler (issue 15).

The issue asks the compiler to compile what fxc compiles and reject what fxc rejects. Where a machine has
Wine (Debian ``wine64``), mingw-w64 (``gcc-mingw-w64-x86-64``) and a copy of Microsoft's redistributable
``d3dcompiler_47.dll`` (named by ``$PYD3D11_D3DCOMPILER_DLL``; never part of this repository;
``scripts/get_d3dcompiler.sh`` installs the tools and fetches version 10.1 from a PyPI wheel that
redistributes it), this module
builds a small batch driver (wine_d3dcompiler_driver.c) and calls the real D3DCompile2, D3DPreprocess
and D3DDisassemble through it, so a program's verdict, its error text and its bytecode can be put
beside this project's for any source, not only for the sources a corpus happens to record.

Tests that use it record the DLL's answers as data (the verdict, the error number, the words of a
listing) so that CI, which has no DLL, still checks them; a test that needs the live DLL skips without it.

    python -m pyd3d11.tools.wine_d3dcompiler [--dll PATH] -T ps_5_0 [-E main] [-D N=V] [--flags BITS] [--asm] file.hlsl
        prints both compilers' verdicts and messages, and with --asm both listings
"""

from __future__ import annotations

import hashlib
import os
import select
import shutil
import struct
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

DRIVER_SOURCE = Path(__file__).with_name("wine_d3dcompiler_driver.c")
DLL_ENV = "PYD3D11_D3DCOMPILER_DLL"
#: another driver source to build instead of DRIVER_SOURCE (for developing the driver beside running users)
DRIVER_ENV = "PYD3D11_WINE_DRIVER_SOURCE"
MINGW = "x86_64-w64-mingw32-gcc"
TIMEOUT_S = 60.0


class WineCompilerUnavailable(RuntimeError):
    """Wine, mingw-w64 or the DLL is missing (the message says which)."""


@dataclass(frozen=True)
class Result:
    """One call's answer: the HRESULT as an unsigned 32-bit number, the result blob, the error/text blob."""

    hr: int
    blob: bytes
    text: bytes

    @property
    def ok(self) -> bool:
        return self.hr < 0x80000000

    @property
    def messages(self) -> str:
        return self.text.rstrip(b"\0").decode("latin-1")


def _wine() -> str | None:
    for name in ("wine64", "wine"):
        path = shutil.which(name)
        if path:
            return path
    for path in ("/usr/lib/wine/wine64", "/usr/lib/wine/wine"):
        if os.access(path, os.X_OK):
            return path
    return None


def _cache_dir() -> Path:
    base = os.environ.get("PYD3D11_CACHE_DIR") or os.path.join(os.path.expanduser("~"), ".cache", "pyd3d11")
    return Path(base) / "wine_d3dcompiler"


def dll_path(explicit: str | None = None) -> Path | None:
    """The d3dcompiler_47.dll to load: ``explicit``, else ``$PYD3D11_D3DCOMPILER_DLL``, else None."""
    name = explicit or os.environ.get(DLL_ENV)
    return Path(name) if name and Path(name).is_file() else None


def unavailable_reason(explicit: str | None = None) -> str | None:
    """None when the live compiler can run here, else why not (for skip messages)."""
    if dll_path(explicit) is None:
        return f"no d3dcompiler_47.dll (set ${DLL_ENV})"
    if _wine() is None:
        return "Wine is not installed (Debian: wine64)"
    if shutil.which(MINGW) is None and not _driver_exe().exists():
        return f"{MINGW} is not installed (Debian: gcc-mingw-w64-x86-64)"
    return None


def windows_path(path: str | os.PathLike) -> str:
    """A Unix absolute path as Wine's Z: drive spells it (for source names that resolve includes)."""
    return "Z:" + str(Path(path).resolve()).replace("/", "\\")


def driver_source() -> Path:
    """The driver's C source: ``$PYD3D11_WINE_DRIVER_SOURCE`` where set, else the one beside this module."""
    name = os.environ.get(DRIVER_ENV)
    return Path(name) if name else DRIVER_SOURCE


def _driver_exe() -> Path:
    digest = hashlib.sha256(driver_source().read_bytes()).hexdigest()[:16]
    return _cache_dir() / f"driver-{digest}.exe"


def _build_driver() -> Path:
    exe = _driver_exe()
    if not exe.exists():
        exe.parent.mkdir(parents=True, exist_ok=True)
        tmp = exe.with_suffix(f".{os.getpid()}.tmp.exe")
        subprocess.run([MINGW, "-O1", "-o", str(tmp), str(driver_source())], check=True, capture_output=True)
        os.replace(tmp, exe)
    return exe


def _field(data: bytes | str | None) -> bytes:
    """A length-prefixed field; None is the driver's NULL pointer (length 0xFFFFFFFF)."""
    if data is None:
        return b"\xff\xff\xff\xff"
    if isinstance(data, str):
        data = data.encode("latin-1")
    return struct.pack("<I", len(data)) + data


def _defines(defines: dict[str, str] | list[tuple[str, str]] | None) -> bytes:
    items = defines.items() if isinstance(defines, dict) else (defines or [])
    return b"".join(f"{k}={v}".encode("latin-1") + b"\0" for k, v in items)


class WineD3DCompiler:
    """A running driver process; calls are serialised (one request at a time per instance)."""

    def __init__(self, dll: str | None = None, timeout_s: float = TIMEOUT_S) -> None:
        why = unavailable_reason(dll)
        if why:
            raise WineCompilerUnavailable(why)
        self.dll = dll_path(dll)
        self.timeout_s = timeout_s
        self._lock = threading.Lock()
        self._proc: subprocess.Popen | None = None

    def _start(self) -> subprocess.Popen:
        if self._proc is None or self._proc.poll() is not None:
            env = dict(os.environ, WINEDEBUG="-all")
            env.setdefault("WINEPREFIX", str(_cache_dir() / "prefix"))
            self._proc = subprocess.Popen([_wine(), str(_build_driver()), windows_path(self.dll)],
                                          stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.DEVNULL, env=env)
        return self._proc

    def _read(self, proc: subprocess.Popen, n: int) -> bytes:
        out = bytearray()
        fd = proc.stdout.fileno()
        while len(out) < n:
            ready, _, _ = select.select([fd], [], [], self.timeout_s)
            if not ready:
                self.close()
                raise TimeoutError(f"d3dcompiler_47.dll gave no answer in {self.timeout_s:g} s")
            chunk = os.read(fd, n - len(out))
            if not chunk:
                self.close()
                raise RuntimeError("the Wine driver exited")
            out += chunk
        return bytes(out)

    def _call(self, request: bytes) -> Result:
        with self._lock:
            proc = self._start()
            proc.stdin.write(request)
            proc.stdin.flush()
            (hr,) = struct.unpack("<I", self._read(proc, 4))
            (n,) = struct.unpack("<I", self._read(proc, 4))
            blob = self._read(proc, n)
            (n,) = struct.unpack("<I", self._read(proc, 4))
            return Result(hr, blob, self._read(proc, n))

    def compile(self, source: str | bytes, target: str | None, entry: str | None = "main", flags1: int = 0,
                flags2: int = 0, defines: dict[str, str] | None = None, name: str | None = None) -> Result:
        """D3DCompile2 (no secondary data); None passes NULL (``entry`` for effect targets, ``name``)."""
        return self._call(b"C" + _field(source) + _field(name) + _field(entry) + _field(target)
                          + _field(_defines(defines)) + struct.pack("<II", flags1, flags2))

    def preprocess(self, source: str | bytes, defines: dict[str, str] | None = None, name: str | None = None) -> Result:
        """D3DPreprocess: ``blob`` is the preprocessed text."""
        return self._call(b"P" + _field(source) + _field(name) + _field(_defines(defines)))

    def disassemble(self, obj: bytes, flags: int = 0, comments: str | None = None) -> Result:
        """D3DDisassemble: ``blob`` is the listing."""
        return self._call(b"D" + _field(obj) + struct.pack("<I", flags) + _field(comments))

    def api(self, function: str, data: bytes | None, a: int = 0, b: int = 0, extra: bytes | None = None,
            size: int | None = None) -> Result:
        """One of the other d3dcompiler functions by name (the driver's 'A' request; its header lists them):
        ``data`` is the object (None passes NULL), ``size`` the byte count passed (default its length), ``a``
        and ``b`` the function's integer arguments and ``extra`` its second buffer. D3DReflect answers with a
        text dump of the reflection in ``text`` (``reflection_dump`` writes ours in the same form)."""
        return self._call(b"A" + _field(function) + _field(data)
                          + struct.pack("<III", 0xFFFFFFFF if size is None else size, a, b) + _field(extra))

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            try:
                proc.stdin.write(b"Q")
                proc.stdin.flush()
                proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                proc.kill()

    def __enter__(self) -> WineD3DCompiler:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_shared: WineD3DCompiler | None = None
_shared_lock = threading.Lock()


def shared() -> WineD3DCompiler:
    """One process per Python process (tests and tools share it)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = WineD3DCompiler()
        return _shared


def main(argv: list[str] | None = None) -> int:
    import argparse

    from pyd3d11 import d3dcompiler as dc

    ap = argparse.ArgumentParser(prog="python -m pyd3d11.tools.wine_d3dcompiler")
    ap.add_argument("file")
    ap.add_argument("-T", dest="target", required=True)
    ap.add_argument("-E", dest="entry", default="main")
    ap.add_argument("-D", dest="defines", action="append", default=[])
    ap.add_argument("--flags", type=lambda s: int(s, 0), default=0, help="D3DCOMPILE_* bits")
    ap.add_argument("--dll", default=None)
    ap.add_argument("--asm", action="store_true", help="print both listings")
    args = ap.parse_args(argv)
    src = Path(args.file).read_bytes()
    defines = dict(d.split("=", 1) if "=" in d else (d, "1") for d in args.defines)
    entry = None if args.target.startswith("fx_") else args.entry
    with WineD3DCompiler(args.dll) as real:
        got = real.compile(src, args.target, entry, args.flags, 0, defines, windows_path(args.file))
        print(f"d3dcompiler_47: hr=0x{got.hr:08x}")
        if got.messages:
            print(got.messages)
        if args.asm and got.ok:
            print(real.disassemble(got.blob).blob.rstrip(b"\0").decode("latin-1"))
    macros = [(k, v) for k, v in defines.items()] or None
    msgs: list = []
    try:
        code = dc.D3DCompile(src, len(src), args.file, macros, None, entry, args.target, args.flags, 0, msgs)
        print("pyd3d11: hr=0x00000000")
    except dc.D3D11Error as e:
        print(f"pyd3d11: hr=0x{e.hresult:08x}")
        code = None
    for m in msgs:
        print(bytes(m.GetBufferPointer()).rstrip(b"\0").decode("latin-1"))
    if args.asm and code is not None:
        listing = dc.D3DDisassemble(code.GetBufferPointer(), code.GetBufferSize(), 0, None)
        print(bytes(listing.GetBufferPointer()).rstrip(b"\0").decode("latin-1"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
