"""LLVM IR as text: the emission helpers every generator of the native backend shares (the shader kernels of
llvm_gen.py, the fused pixel pipeline's tile function) — fresh value and label names, instruction lines,
labels and branches."""

from __future__ import annotations


class IrText:
    """Lines of one LLVM function body under construction; value names are ``%<prefix><n>``."""

    prefix = "t"

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.n = 0

    def tmp(self) -> str:
        self.n += 1
        return f"%{self.prefix}{self.n}"

    def label(self, base: str) -> str:
        self.n += 1
        return f"{base}{self.n}"

    def e(self, s: str) -> None:
        self.lines.append("  " + s)

    def v(self, s: str) -> str:
        """Emit ``%new = s`` and return ``%new``."""
        t = self.tmp()
        self.e(f"{t} = {s}")
        return t

    def put_label(self, lab: str) -> None:
        self.lines.append(f"{lab}:")

    def br(self, lab: str) -> None:
        self.e(f"br label %{lab}")
