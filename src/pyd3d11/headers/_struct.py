"""Struct and enum machinery shared by the header modules (DESIGN §1).

Structs are ``@dataclass(slots=True)`` classes with the C field names and zero defaults (C's ``= {}``).
Field kinds are recorded per class so that :func:`as_struct` can build a struct from a dict with the
same keys, :func:`struct_copy` can deep-copy one and :func:`struct_key` can turn one into a hashable
tuple (the device uses it to hand back the same state object for identical descs).

* nested structs: ``nested(T)`` — a fresh zero ``T`` per instance;
* fixed arrays: ``array(T_or_zero, n)`` — a list of ``n`` zero elements;
* anonymous unions of scalars (``D3D11_BUFFER_SRV.FirstElement``/``ElementOffset``): ``aliases=`` on
  :func:`struct`, the alias is a property reading and writing the same storage, as in C;
* unions of structs (``D3D11_SHADER_RESOURCE_VIEW_DESC.Buffer``/``Texture2D``/…): every member is its
  own attribute; the dimension field says which one is meaningful.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np

__all__ = ["as_struct", "struct_copy", "struct_key", "is_struct", "struct_fields"]

T = TypeVar("T")

# Per-field kinds stored in cls.__struct_fields__: name -> (kind, element type, count)
_SCALAR = "scalar"
_NESTED = "struct"
_ARRAY = "array"


def nested(cls: type) -> Any:
    """A nested struct field: defaults to a fresh zero instance of ``cls``."""
    return field(default_factory=cls, metadata={"kind": _NESTED, "type": cls})


def array(elem: Any, count: int) -> Any:
    """A fixed C array of ``count`` elements; ``elem`` is a struct class or a zero scalar (0, 0.0)."""
    if isinstance(elem, type):
        def factory() -> list:
            return [elem() for _ in range(count)]
    else:
        def factory() -> list:
            return [elem] * count
    return field(default_factory=factory, metadata={"kind": _ARRAY, "type": elem, "count": count})


def struct(cls: type | None = None, *, aliases: Mapping[str, str] | None = None) -> Any:
    """Class decorator: make ``cls`` a slotted dataclass and record its field kinds."""

    def wrap(c: type) -> type:
        d = dataclass(slots=True)(c)
        kinds: dict[str, tuple[str, Any, int]] = {}
        for f in d.__dataclass_fields__.values():
            kind = f.metadata.get("kind", _SCALAR)
            kinds[f.name] = (kind, f.metadata.get("type"), f.metadata.get("count", 0))
        d.__struct_fields__ = kinds
        d.__struct_name__ = d.__name__
        d.__struct_aliases__ = dict(aliases or {})
        if aliases:
            _add_aliases(d, dict(aliases))
        return d

    return wrap(cls) if cls is not None else wrap


def _add_aliases(cls: type, aliases: dict[str, str]) -> None:
    for alias, target in aliases.items():
        def getter(self: Any, _t: str = target) -> Any:
            return getattr(self, _t)

        def setter(self: Any, value: Any, _t: str = target) -> None:
            setattr(self, _t, value)

        setattr(cls, alias, property(getter, setter, doc=f"Union alias of {target} (same storage)."))
    init = cls.__init__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        for alias, target in aliases.items():
            if alias in kwargs:
                if target in kwargs:
                    raise TypeError(f"{cls.__name__}: {alias} and {target} share storage; give one")
                kwargs[target] = kwargs.pop(alias)
        init(self, *args, **kwargs)

    __init__.__doc__ = init.__doc__
    cls.__init__ = __init__


def is_struct(obj: Any) -> bool:
    """True for instances (or classes) made by :func:`struct`."""
    return hasattr(obj, "__struct_fields__")


def struct_fields(cls_or_obj: Any) -> tuple[str, ...]:
    """The C field names in declaration order (aliases excluded)."""
    return tuple(cls_or_obj.__struct_fields__)


def as_struct(cls: type[T], value: Any) -> T | None:
    """Accept an instance of ``cls``, a dict with the same keys (recursively) or None.

    Dicts may omit fields (they stay zero, like C's ``= {}``); arrays may be given shorter than the
    C array (the rest stays zero). Any other value, or an unknown key, raises TypeError naming it.
    """
    if value is None:
        return None
    return _convert(cls, value, cls.__name__)


def _convert(cls: type, value: Any, path: str) -> Any:
    if isinstance(value, cls):
        return value
    if not isinstance(value, Mapping):
        raise TypeError(f"{path}: expected {cls.__name__} or dict, got {type(value).__name__}")
    kinds = cls.__struct_fields__
    aliases = cls.__struct_aliases__
    obj = cls()
    for key, v in value.items():
        name = aliases.get(key, key)
        if name not in kinds:
            raise TypeError(f"{path}: {cls.__name__} has no field {key!r}")
        kind, typ, count = kinds[name]
        sub = f"{path}.{key}"
        if kind == _NESTED:
            if v is None:
                raise TypeError(f"{sub}: expected {typ.__name__} or dict, got None")
            v = _convert(typ, v, sub)
        elif kind == _ARRAY:
            v = _convert_array(typ, count, v, sub)
        setattr(obj, name, v)
    return obj


def _convert_array(elem: Any, count: int, value: Any, path: str) -> list:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (Sequence, np.ndarray)):
        raise TypeError(f"{path}: expected a sequence of at most {count} elements, got {type(value).__name__}")
    items = list(value)
    if len(items) > count:
        raise TypeError(f"{path}: at most {count} elements, got {len(items)}")
    if isinstance(elem, type):
        out = [_convert(elem, v, f"{path}[{i}]") for i, v in enumerate(items)]
        out += [elem() for _ in range(count - len(items))]
    else:
        out = items + [elem] * (count - len(items))
    return out


def struct_copy(obj: T) -> T:
    """Deep copy of a struct: nested structs and arrays are copied; leaf values (ints, floats,
    strings, and buffer objects such as ``pSysMem``) are shared."""
    if obj is None:
        return None
    cls = type(obj)
    new = cls.__new__(cls)
    for name, (kind, _typ, _count) in cls.__struct_fields__.items():
        v = getattr(obj, name)
        if kind == _NESTED:
            v = struct_copy(v)
        elif kind == _ARRAY:
            v = [struct_copy(x) if is_struct(x) else x for x in v]
        setattr(new, name, v)
    return new


def _leaf_key(v: Any) -> Any:
    if isinstance(v, enum.Enum):
        return int(v.value) if isinstance(v.value, int) else v.value
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, float):
        # C descs hold FLOAT (float32): compare their bit patterns, as memcmp would (0.0 != -0.0,
        # NaN == NaN with the same bits).
        return ("f", int(np.array(v, dtype=np.float32).view(np.uint32)))
    if isinstance(v, (np.floating, np.integer)):
        return _leaf_key(v.item())
    if is_struct(v):
        return struct_key(v)
    if isinstance(v, (list, tuple)):
        return tuple(_leaf_key(x) for x in v)
    try:
        hash(v)
    except TypeError:
        return ("id", id(v))
    return v


def struct_key(obj: Any) -> tuple:
    """A hashable tuple of every field (recursively); equal for equal descs of the same struct."""
    if obj is None:
        return (None,)
    cls = type(obj)
    return (cls.__struct_name__,) + tuple(_leaf_key(getattr(obj, n)) for n in cls.__struct_fields__)


def export_enum(namespace: dict[str, Any], cls: type[enum.Enum]) -> None:
    """Export every member of ``cls`` (aliases included) as a module-level name, as C does."""
    names = namespace.setdefault("__all__", [])
    if cls.__name__ not in names:
        names.append(cls.__name__)
    for name, member in cls.__members__.items():
        if name in namespace and namespace[name] is not member:
            raise NameError(f"{name} exported twice with different values")
        namespace[name] = member
        names.append(name)


def export_enums(namespace: dict[str, Any], *classes: type[enum.Enum]) -> None:
    for cls in classes:
        export_enum(namespace, cls)
