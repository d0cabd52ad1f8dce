"""Plain binding snapshot a shader stage runs against (DESIGN §2: the pipeline sees no COM objects).

``Bindings`` holds, per stage invocation:

* ``cbuffers[slot]``: the constant buffer contents as a flat ``uint32`` word array (or ``None``);
  :meth:`Bindings.cb_registers` views it as ``(registers, 4)``.
* ``srvs[slot]`` / ``uavs[slot]``: :class:`pyd3d11.storage.ViewDescriptor` or ``None``.
* ``samplers[slot]``: a sampler-desc snapshot (any object; the sampling code reads its fields) or ``None``.

Slot counts follow spec-facts §1.16 (14 API + 1 hardware cb slot, 128 SRVs, 16 samplers, 64 UAVs).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pyd3d11.storage import ViewDescriptor

CB_SLOTS = 15
SRV_SLOTS = 128
SAMPLER_SLOTS = 16
UAV_SLOTS = 64


def _slots(n: int) -> list[Any]:
    return [None] * n


@dataclass(slots=True, eq=False)
class Bindings:
    cbuffers: list[np.ndarray | None] = field(default_factory=lambda: _slots(CB_SLOTS))
    srvs: list[ViewDescriptor | None] = field(default_factory=lambda: _slots(SRV_SLOTS))
    uavs: list[ViewDescriptor | None] = field(default_factory=lambda: _slots(UAV_SLOTS))
    samplers: list[Any] = field(default_factory=lambda: _slots(SAMPLER_SLOTS))
    sample_count: int = 1  # the rasterizer's sample count (sampleinfo / samplepos on ``rasterizer``)
    # the rasterizer's quality level (its render targets' DXGI_SAMPLE_DESC.Quality): samplepos on ``rasterizer``
    # reads the centre pattern's positions for D3D11_CENTER_MULTISAMPLE_PATTERN (memory.sample_positions)
    sample_quality: int = 0

    @classmethod
    def of(cls, srvs: Any = (), samplers: Any = (), uavs: Any = ()) -> Bindings:
        """Bindings with the given leading SRV, sampler and UAV slots (the rest empty) and no constant buffers:
        what ``Bindings()`` and slice assignments give, built without the per-field factories (every draw builds
        one per stage)."""
        return cls.shared(*padded_slots(srvs, samplers, uavs))

    @classmethod
    def shared(cls, srvs: list, samplers: list, uavs: list) -> Bindings:
        """Bindings over full-length SRV, sampler and UAV slot lists (SRV_SLOTS, SAMPLER_SLOTS, UAV_SLOTS entries)
        that the caller shares between snapshots and nobody changes (a draw plan's, api/draw_plan.py), and no
        constant buffers."""
        b = cls.__new__(cls)
        b.cbuffers = [None] * CB_SLOTS
        b.srvs, b.samplers, b.uavs = srvs, samplers, uavs
        b.sample_count = 1
        b.sample_quality = 0
        return b

    def set_cbuffer(self, slot: int, data: Any) -> None:
        """Bind constant-buffer contents given as any buffer-protocol object (bytes, numpy)."""
        if data is None:
            self.cbuffers[slot] = None
            return
        raw = np.frombuffer(memoryview(data).cast("B"), np.uint8)
        pad = (-raw.size) % 16
        if pad:
            raw = np.concatenate([raw, np.zeros(pad, np.uint8)])
        self.cbuffers[slot] = raw.view(np.uint32).copy()

    def cb_registers(self, slot: int) -> np.ndarray:
        """``(registers, 4)`` uint32 view of cb slot ``slot`` (0 registers when unbound)."""
        words = self.cbuffers[slot] if 0 <= slot < len(self.cbuffers) else None
        if words is None:
            return np.zeros((0, 4), np.uint32)
        w = np.asarray(words, np.uint32).ravel()
        n = -(-w.size // 4)
        if w.size != n * 4:
            w = np.concatenate([w, np.zeros(n * 4 - w.size, np.uint32)])
        return w.reshape(n, 4)


def padded_slots(srvs: Any = (), samplers: Any = (), uavs: Any = ()) -> tuple[list, list, list]:
    """Leading SRV, sampler and UAV slots as full-length lists (SRV_SLOTS, SAMPLER_SLOTS, UAV_SLOTS; the rest
    empty): what :meth:`Bindings.of` binds and a draw plan shares (api/draw_plan.py)."""
    return ([*srvs, *[None] * (SRV_SLOTS - len(srvs))], [*samplers, *[None] * (SAMPLER_SLOTS - len(samplers))],
            [*uavs, *[None] * (UAV_SLOTS - len(uavs))])
