"""Native (LLVM-compiled) fixed-function stages of the pipeline (issue 12): rasterization, interpolation,
texture sampling, output merger and the fused per-tile pixel pipeline. Each module emits LLVM IR for one state
variant and is bit-identical to the numpy stage it replaces; the numpy stages stay the reference.
"""

from .fused import stats  # noqa: E402 - the fused lane's counters (fused draws, fallbacks by reason)

__all__ = ["stats"]
