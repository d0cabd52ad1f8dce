"""The numeric components of an HLSL type in slot order: what an initialiser list counts, what a flattened value
holds (the "Variable Syntax" page's initialiser rules read a struct or array as its components in order)."""

from __future__ import annotations

from dataclasses import dataclass

from .types import DOUBLE, ArrayType, NumType, StructType, Type


@dataclass(frozen=True)
class FlatType(Type):
    """A value of numeric components of these kinds, in slot order (an aggregate initialiser's flattened value)."""

    bases: tuple

    def __init__(self, bases: list[str]):
        object.__setattr__(self, "bases", tuple(bases))

    @property
    def slots(self) -> int:  # type: ignore[override]
        return len(self.bases)


def flat_numeric(t: Type) -> list[NumType]:
    """Numeric leaf types of ``t`` in slot order."""
    if isinstance(t, FlatType):
        return [NumType(b) for b in t.bases]
    if isinstance(t, NumType):
        return [NumType(t.base)] * t.slots
    if isinstance(t, ArrayType):
        return flat_numeric(t.elem) * t.count
    if isinstance(t, StructType):
        out: list[NumType] = []
        for f in t.fields:
            out += flat_numeric(f[1])
        return out
    return []


def leaf_bases(t: Type) -> list[str]:
    return [x.base for x in flat_numeric(t)]


def component_bases(t: Type) -> list[str]:
    """Numeric component kinds of ``t`` in order, one per component (a double is one component in two
    slots): what an initialiser list counts."""
    if isinstance(t, FlatType):
        return list(t.bases)
    if isinstance(t, NumType):
        return [t.base] * t.n
    if isinstance(t, ArrayType):
        return component_bases(t.elem) * t.count
    if isinstance(t, StructType):
        return [b for f in t.fields for b in component_bases(f[1])]
    return []


def component_units(t: Type, slots: list) -> list[tuple[str, list]]:
    """``(base, slots)`` of each numeric component of a value of type ``t`` held in ``slots``, in order (a
    double component owns two slots)."""
    out: list[tuple[str, list]] = []
    k = 0
    for b in component_bases(t):
        w = 2 if b == DOUBLE else 1
        out.append((b, slots[k:k + w]))
        k += w
    return out
