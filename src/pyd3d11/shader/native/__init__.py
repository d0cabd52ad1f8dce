"""Native shader backend (issue 12): shader IR compiled to machine code through LLVM (llvmlite), run SIMT
over tiles of lanes with execution masks exactly like the reference executor, bit for bit.

* :mod:`.lower` — front half: IR → a lowered program (plain data; another code generator can consume it).
* :mod:`.llvm_gen` — LLVM IR generator (8-lane vectors; 16, or 64 for pixel shaders, on AVX-512 hosts; LLVM's
  host target), with its arithmetic (:mod:`.llvm_arith`), flow control (:mod:`.llvm_flow`), memory access
  (:mod:`.llvm_memory`), doubles (:mod:`.llvm_double`) and transcendental sequences (:mod:`.llvm_seq`).
* :mod:`.runtime` — compile cache, argument marshalling, :func:`run_program` / :func:`dispatch`, fallback.

Selection: :func:`backend` — ``PYD3D11_BACKEND=reference`` selects the reference executor, ``native``
forces this one; default native where llvmlite imports (the ``fast`` extra). :func:`set_backend`
overrides it for the process. Programs (or bindings) this backend does not compile run on the reference;
each such run counts in ``stats.fallbacks`` (``stats.reasons`` says why) and is reported to
``fallback_listeners``.
"""

from __future__ import annotations

from .runtime import BACKEND_VERSION, Stats, available, backend_from_env, fallback_listeners, stats

__all__ = ["BACKEND_VERSION", "Stats", "available", "backend", "set_backend", "stats", "fallback_listeners",
           "use_native"]

_override: str | None = None


def set_backend(name: str | None) -> None:
    """'native', 'reference', or None (back to ``PYD3D11_BACKEND`` / the default)."""
    global _override
    if name is not None and name not in ("native", "reference"):
        raise ValueError(f"unknown shader backend {name!r} (native or reference)")
    if name == "native" and not available():
        from ...errors import NotSupportedError
        from .runtime import VECTOR_REGISTERS, machine

        if machine() not in VECTOR_REGISTERS:
            raise NotSupportedError(f"the native shader backend on a {machine()} CPU (built for x86-64 and AArch64)")
        raise NotSupportedError("the native shader backend needs llvmlite (pip install pyd3d11[fast])")
    _override = name


def backend() -> str:
    """The backend in use now: 'native' or 'reference'."""
    if _override is not None:
        return _override
    return backend_from_env()


def use_native() -> bool:
    return backend() == "native"
