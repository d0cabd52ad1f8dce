"""One argument-conversion layer for every public API method (issue 13 items 2, 3, 5, 7).

Each public method is declared here once, in the shape of its header declaration (``d3d11.h``,
``d3d11_1.h``, ``d3d11sdklayers.h``, ``dxgi1_2.h``); :func:`install` wraps the methods so that every call
first turns its Python arguments into the C types of that declaration, then runs the method:

* ``UINT``/``UINT8``/``UINT64``/``SIZE_T`` and enums: an integer (anything with ``__index__``); a negative
  value wraps as C's conversion does (-1 -> 0xFFFFFFFF) and then meets the method's own range checks;
  values C cannot hold (>= 2^bits, < -2^(bits-1)) are refused. ``INT``: the same range, wrapped to signed.
* ``FLOAT``: any real number (rounded to float32, as the C parameter holds it). ``BOOL``: an integer.
* ``T*``: a struct of type ``T`` (or the dict with the same keys the project accepts everywhere) whose scalar
  fields are numbers where the C field is numeric; ``T*?``: the same or None (NULL).
* ``ID3D11X*``: an object implementing ``ID3D11X`` (``?``: or None). An object of another device is refused
  (Create*: E_INVALIDARG; context calls: dropped with the corruption message).
* ``T[Count]``: a sequence holding at least ``Count`` items (only those are read, as C reads them); ``?``
  after the brackets: or None. A literal count (``FLOAT[4]``) is a fixed C array.

What C could not express gives E_INVALIDARG from HRESULT methods; void methods report a CORRUPTION message
(``D3D11_MESSAGE_ID_CORRUPTED_PARAMETERn``, n the 1-based C parameter) and drop the call. The wrapper also
keeps the rule "no raw Python exception out of a public method": an exception the method raises on its own
(TypeError, IndexError, ...) becomes E_INVALIDARG / a dropped call with a message.

Parameters whose Python default is None keep the project's documented conveniences (an omitted count is
the length of the sequence; an omitted out-pointer returns the object). Names and types are data: the
tables of ``api/declarations.py`` are the header declarations, parsed once.

Threading (item 5): device methods run under the device's lock, context methods under the context's lock
(``ID3D11Multithread::Enter`` takes the immediate context's), and the info queue under its own; see
:mod:`pyd3d11.api.threading_model`.
"""

from __future__ import annotations

import functools
import inspect
import math
import numbers
import os
import re
import struct
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pyd3d11 import storage as _storage
from pyd3d11.errors import DXGI_ERROR_INVALID_CALL, E_FAIL, E_INVALIDARG, E_OUTOFMEMORY, D3D11Error, error_for

from .declarations import (
    CLASS_LINKAGE,
    CONTEXT,
    DEBUG,
    DEVICE,
    DXGI_ADAPTER,
    DXGI_DEVICE,
    DXGI_FACTORY,
    DXGI_OBJECT,
    DXGI_OUTPUT,
    DXGI_RESOURCE,
    DXGI_SWAP_CHAIN,
    FUNCTIONS,
    INFO_QUEUE,
    MULTITHREAD,
    RESOURCE,
    UNKNOWN,
)

HRESULT_FILE_NOT_FOUND = 0x80070002  # HRESULT_FROM_WIN32(ERROR_FILE_NOT_FOUND)
SEVERITY_CORRUPTION = 0  # D3D11_MESSAGE_SEVERITY_CORRUPTION
SEVERITY_ERROR = 1  # D3D11_MESSAGE_SEVERITY_ERROR
CATEGORY_MISCELLANEOUS = 1  # D3D11_MESSAGE_CATEGORY_MISCELLANEOUS
MESSAGE_CORRUPTED_PARAMETER1 = 13  # D3D11_MESSAGE_ID_CORRUPTED_PARAMETER1 (PARAMETER2 = 14, ... PARAMETER15 = 27)
MESSAGE_CORRUPTED_PARAMETER15 = 27

# Raw Python exceptions that must never leave a public method (issue 13 item 3).
RAW_ERRORS = (TypeError, ValueError, OverflowError, AttributeError, IndexError, KeyError, struct.error,
              ZeroDivisionError, RecursionError, AssertionError, LookupError, ArithmeticError)

_F32 = struct.Struct("<f")
_INT_BITS = {"UINT": 32, "UINT8": 8, "UINT16": 16, "UINT64": 64, "SIZE_T": 64, "ULONG": 32, "DWORD": 32,
             "INT": 32, "LONG": 32, "HRESULT": 32, "ENUM": 32}
_SIGNED = {"INT", "LONG", "HRESULT"}


# Interfaces another device's object may be passed as: any IUnknown (private data), and context state
# objects, which "may be used with other devices instances too, but they track a distinct state on each
# context" (the behaviour tests/test_api_context_state_object.py pins; Windows allows it).
CROSS_DEVICE = frozenset({"IUnknown", "ID3DDeviceContextState"})


#: (method, exception type) -> how often the fence caught a raw exception the method raised itself after the
#: conversion: each is a validation rule the method lacks (the fuzz soak reports these).
FENCED: Counter[tuple[str, str]] = Counter()


class ArgError(Exception):
    """An argument C could not express (internal: the wrapper turns it into E_INVALIDARG or a drop)."""

    def __init__(self, index: int, name: str, text: str) -> None:
        super().__init__(text)
        self.index, self.name, self.text = index, name, text


class ForeignObject(ArgError):
    """An interface of another device (issue 13 item 7)."""



# -- parsing --------------------------------------------------------------------------------------------
_PARAM = re.compile(r"^(?P<type>\w+)(?P<ptr>\*)?(?P<enull>\?)?(?:\[(?P<count>\w+)\])?(?P<null>\?)?\s+(?P<name>\w+)$")
_DECL = re.compile(r"^(?P<ret>\w+)\s+(?P<name>\w+)\((?P<params>.*)\)$")


@dataclass(frozen=True, slots=True)
class Param:
    index: int  # 1-based C parameter number (the CORRUPTED_PARAMETERn message)
    name: str
    ctype: str
    pointer: bool
    nullable: bool  # the value (or, for arrays, each element) may be NULL
    count: str | None  # array: the count parameter's name or a literal
    array_nullable: bool


@dataclass(frozen=True, slots=True)
class Declaration:
    name: str
    returns: str
    params: tuple[Param, ...]

    @property
    def void(self) -> bool:
        """Whether a rejected call is dropped (void and non-HRESULT returns) rather than raised."""
        return self.returns != "HRESULT"


def parse(table: str) -> dict[str, Declaration]:
    """Parse header-style declarations (one per line) into :class:`Declaration` records."""
    out: dict[str, Declaration] = {}
    for line in table.strip().splitlines():
        m = _DECL.match(line.strip())
        if m is None:
            raise SyntaxError(f"bad declaration: {line!r}")
        params = []
        text = m["params"].strip()
        for i, part in enumerate([p.strip() for p in text.split(",")] if text else [], start=1):
            pm = _PARAM.match(part)
            if pm is None:
                raise SyntaxError(f"bad parameter {part!r} in {line!r}")
            arr = pm["count"] is not None
            params.append(Param(i, pm["name"], pm["type"], bool(pm["ptr"]),
                                bool(pm["enull"]) if arr else bool(pm["enull"] or pm["null"]),
                                pm["count"], bool(pm["null"]) if arr else False))
        out[m["name"]] = Declaration(m["name"], m["ret"], tuple(params))
    return out


# -- conversion -----------------------------------------------------------------------------------------
def _headers() -> Any:
    import pyd3d11.headers as h

    return h


def _is_interface_name(ctype: str) -> bool:
    return ctype.startswith(("ID3D", "IDXGI", "IUnknown"))


def to_int(value: Any, ctype: str, where: str) -> int:
    """C integer conversion: an index-able value in the range of ``ctype``, negative values wrapped."""
    if isinstance(value, (str, bytes, bytearray)) or value is None:
        raise TypeError(f"{where}: {type(value).__name__} where {ctype} is declared")
    try:
        v = int(value.__index__())
    except AttributeError:
        if isinstance(value, float) and value.is_integer():  # bool/float: C converts an integral double
            v = int(value)
        else:
            raise TypeError(f"{where}: {type(value).__name__} {value!r} where {ctype} is declared") from None
    bits = _INT_BITS.get(ctype, 32)  # enums are 32-bit
    # narrower parameters (UINT8 Stencil) take any 32-bit int and keep the low bits, as C's conversion does
    limit = max(bits, 32)
    if not -(1 << (limit - 1)) <= v < (1 << limit):
        raise OverflowError(f"{where}: {v} does not fit {ctype}")
    v &= (1 << bits) - 1
    if ctype in _SIGNED and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


def to_float(value: Any, where: str) -> float:
    """C FLOAT: any real number, held as float32 (a double beyond FLT_MAX becomes +-inf, as C converts)."""
    if isinstance(value, (str, bytes, bytearray)) or value is None or not isinstance(value, numbers.Real):
        raise TypeError(f"{where}: {type(value).__name__} where FLOAT is declared")
    x = float(value)
    try:
        return _F32.unpack(_F32.pack(x))[0]  # round to nearest binary32
    except OverflowError:  # rounds beyond FLT_MAX
        return math.copysign(math.inf, x)


@functools.cache
def _struct_class(ctype: str) -> Any:
    h = _headers()
    cls = getattr(h, ctype, None)
    return cls if isinstance(cls, type) and hasattr(cls, "__struct_fields__") else None


@functools.cache
def _type_traits(tp: type) -> tuple[bool, bool, bool]:
    """(a string, bytes or number; a Mapping; a Sequence) for values of type ``tp``: the abstract-base-class
    checks of check_struct and _field, decided once per type (an ABC isinstance is a Python-level call, and a
    struct argument's fields took dozens of them per API call)."""
    return issubclass(tp, (str, bytes, bytearray, numbers.Number)), issubclass(tp, Mapping), issubclass(tp, Sequence)


def check_struct(value: Any, ctype: str, where: str) -> None:
    """A struct argument: an object or dict with the fields of ``ctype`` whose scalars are numbers where the
    C field is numeric (zero-valued defaults say which: ``0`` an integer, ``0.0`` a float)."""
    scalar, mapping, sequence = _type_traits(type(value))
    if value is None or scalar or _is_com(value):
        raise TypeError(f"{where}: {type(value).__name__} where {ctype}* is declared")
    cls = _struct_class(ctype)
    if cls is None:
        return
    if not mapping:
        if sequence:
            raise TypeError(f"{where}: a {type(value).__name__} where {ctype}* is declared")
        if not isinstance(value, cls) and not all(hasattr(value, f) for f in cls.__struct_fields__):
            raise TypeError(f"{where}: {type(value).__name__} is not a {ctype}")
    _check_fields(value, cls, where, 0)


def _field(value: Any, name: str) -> Any:
    return value.get(name) if _type_traits(type(value))[1] else getattr(value, name, None)


def _check_fields(value: Any, cls: type, where: str, depth: int) -> None:
    if depth > 4:
        return
    defaults = _defaults(cls)
    for name, (kind, typ, _count) in cls.__struct_fields__.items():
        v = _field(value, name)
        if v is None:
            continue
        here = f"{where}.{name}"
        if kind == "struct" and isinstance(typ, type):
            if isinstance(v, (str, bytes, numbers.Number)):
                raise TypeError(f"{here}: {type(v).__name__} is not a {typ.__name__}")
            _check_fields(v, typ, here, depth + 1)
        elif kind == "array":
            if isinstance(v, (str, bytes)) or not isinstance(v, (Sequence, np.ndarray)):
                raise TypeError(f"{here}: {type(v).__name__} is not an array")
            for e in list(v)[:64]:
                if isinstance(typ, type) and hasattr(typ, "__struct_fields__"):
                    _check_fields(e, typ, here, depth + 1)
                else:
                    _check_scalar(e, typ, here)
        else:
            _check_scalar(v, defaults.get(name), here)


@functools.cache
def _defaults(cls: type) -> dict[str, Any]:
    """The zero value of each field of a header struct (shared; never modified)."""
    try:
        inst = cls()
    except Exception:  # pragma: no cover - every header struct has zero defaults
        return {}
    return {n: getattr(inst, n, None) for n in cls.__struct_fields__}


#: the integers a numeric field takes: a 64-bit field, signed or unsigned (INT64 / UINT64 both fit), the widest
#: a header struct declares; the fast path below and the check after it read the one range
FIELD_INT_MIN, FIELD_INT_END = -(1 << 63), 1 << 64


def _check_scalar(v: Any, default: Any, where: str) -> None:
    tv = type(v)
    if tv is float or (tv is int and FIELD_INT_MIN <= v < FIELD_INT_END):
        return  # the common values: a number no field type refuses (what the checks below conclude for them)
    if isinstance(default, bool) or default is None or isinstance(default, (str, bytes)):
        return  # BOOL fields accept any truthy value; strings/pointers are the method's business
    if isinstance(default, (int, float)):
        if isinstance(v, (str, bytes, bytearray)) or not isinstance(v, (numbers.Number, np.generic)):
            raise TypeError(f"{where}: {type(v).__name__} where a number is declared")
        if isinstance(default, int) and isinstance(v, numbers.Integral) and not FIELD_INT_MIN <= int(v) < FIELD_INT_END:
            raise OverflowError(f"{where}: {int(v)} does not fit the field")


_CLASSES: dict[str, type] = {}


def _cls(name: str) -> type:
    """IUnknown / ID3D11Device, imported once (api modules import this one)."""
    c = _CLASSES.get(name)
    if c is None:
        from .com import IUnknown
        from .device import ID3D11Device

        _CLASSES.update(IUnknown=IUnknown, ID3D11Device=ID3D11Device)
        c = _CLASSES[name]
    return c


def _is_com(value: Any) -> bool:
    return isinstance(value, _cls("IUnknown"))


# Interface inheritance of the headers (d3d11.h): a derived interface is accepted where its base is declared.
DERIVED = {
    "ID3D11Asynchronous": ("ID3D11Query", "ID3D11Predicate", "ID3D11Counter"),
    "ID3D11Query": ("ID3D11Predicate",),
    "ID3D11Resource": ("ID3D11Buffer", "ID3D11Texture1D", "ID3D11Texture2D", "ID3D11Texture3D"),
    "ID3D11View": ("ID3D11ShaderResourceView", "ID3D11RenderTargetView", "ID3D11DepthStencilView",
                   "ID3D11UnorderedAccessView"),
}


def implements(value: Any, iface: str) -> bool:
    """Whether ``value`` implements interface ``iface``: by class name through the MRO, the later versions
    (ID3D11DeviceContext1 for ID3D11DeviceContext) and the derived interfaces of :data:`DERIVED`."""
    return _implements(type(value), iface)


@functools.lru_cache(maxsize=4096)
def _implements(cls: type, iface: str) -> bool:
    if iface == "IUnknown":
        return issubclass(cls, _cls("IUnknown"))
    names = {c.__name__ for c in cls.__mro__}
    accepted = (iface, *DERIVED.get(iface, ()))
    return any(a in names or a + "1" in names or a + "2" in names or a + "3" in names for a in accepted)


def _owner_device(obj: Any) -> Any:
    """The device an API object belongs to (the device itself for device methods), or None."""
    if isinstance(obj, _cls("ID3D11Device")):
        return obj
    dev = getattr(obj, "_device", None)
    return dev if dev is not None and hasattr(dev, "_report") and not hasattr(dev, "_device") else None


def convert_one(p: Param, value: Any, bound: Mapping[str, Any], owner: Any, default_none: bool) -> Any:
    """Convert one argument to its C type (raises :class:`ArgError`)."""
    where = p.name
    try:
        if p.count is not None:
            return _convert_array(p, value, bound, owner, default_none)
        return _convert_scalar(p, value, owner, default_none, where)
    except ArgError:
        raise
    except RAW_ERRORS as e:
        raise ArgError(p.index, p.name, str(e)) from None


@functools.cache
def _kind(t: str, pointer: bool) -> str:
    """The conversion a declared type needs: any, int, float, bool, str, guid, interface or struct."""
    if t in ("ANY", "OUT"):
        return "any"
    if t in ("FLOAT", "BOOL", "LPCSTR"):
        return {"FLOAT": "float", "BOOL": "bool", "LPCSTR": "str"}[t]
    if t in ("REFIID", "REFGUID"):
        return "guid"
    if t == "DATA":
        return "data"
    if _is_interface_name(t) and pointer:
        return "interface"
    if t in _INT_BITS or (not pointer and _struct_class(t) is None):
        return "int"
    return "struct"


def _convert_scalar(p: Param, value: Any, owner: Any, default_none: bool, where: str) -> Any:
    t = p.ctype
    kind = _kind(t, p.pointer)
    if kind == "any":
        return value
    if value is None and (p.nullable or default_none):
        return None
    if kind == "int":
        if type(value) is int and 0 <= value < 0x80000000:
            return value  # the common case, already a valid C value of every integer type
        return to_int(value, t, where)
    if kind == "data":  # const void*: memory (the buffer protocol: bytes, memoryview, numpy); NULL: the method's rule
        if value is None or isinstance(value, (np.ndarray, bytes, bytearray, memoryview)):
            return value
        try:
            memoryview(value)
        except TypeError:
            raise TypeError(f"{where}: {type(value).__name__} is not memory (a buffer-protocol object)") from None
        return value
    if t == "FLOAT":
        return to_float(value, where)
    if t == "BOOL":
        if isinstance(value, (bool, np.bool_)):
            return bool(value)
        return bool(to_int(value, "INT", where))
    if t == "LPCSTR":
        if not isinstance(value, (str, bytes)):
            raise TypeError(f"{where}: {type(value).__name__} where a string is declared")
        return value
    if t in ("REFIID", "REFGUID"):
        from .com import _guid

        try:
            _guid(value)
        except D3D11Error:
            raise TypeError(f"{where}: {value!r} is not a GUID") from None
        return value
    if _is_interface_name(t):
        if value is None:
            raise TypeError(f"{where}: NULL where {t}* is required")
        if not implements(value, t):
            raise TypeError(f"{where}: {type(value).__name__} is not an {t}")
        if owner is not None and t not in CROSS_DEVICE:
            dev = _owner_device(value)
            if dev is not None and dev is not owner:
                raise ForeignObject(p.index, p.name, f"{where}: the {t} was created by another device")
        return value
    check_struct(value, t, where)
    return value


@functools.cache
def _element(p: Param) -> Param:
    """The declaration of one element of array parameter ``p``."""
    return Param(p.index, p.name, p.ctype, p.pointer, p.nullable, None, False)


def _convert_array(p: Param, value: Any, bound: Mapping[str, Any], owner: Any, default_none: bool) -> Any:
    if value is None:
        if p.array_nullable or default_none:
            return None
        raise TypeError(f"{p.name}: NULL where an array is required")
    if isinstance(value, (str, bytes, bytearray, numbers.Number)) or _is_com(value) or isinstance(value, Mapping):
        raise TypeError(f"{p.name}: {type(value).__name__} where an array is declared")
    try:
        items = list(value)
    except TypeError:
        raise TypeError(f"{p.name}: {type(value).__name__} is not a sequence") from None
    if p.count.isdigit():
        n = int(p.count)
    else:
        n = bound.get(p.count)  # an omitted count (Python convenience) is the sequence's length
        n = len(items) if n is None else int(n)
    if len(items) < n:
        raise IndexError(f"{p.name}: {len(items)} items where {p.count} = {n} are read")
    items = items[:n]
    elem = _element(p)
    out = [_convert_scalar(elem, x, owner, False, f"{p.name}[{i}]") for i, x in enumerate(items)]
    if p.ctype in ("FLOAT", "UINT") or _struct_class(p.ctype) is not None:
        return out if not isinstance(value, tuple) else tuple(out)
    return out


class CallPlan:
    """What one method's conversion needs, computed once: its Python parameters in order, their defaults, the
    declared parameters (counts first: arrays read their count's converted value) and, for the common
    positional call, each position's declaration."""

    __slots__ = ("decl", "sig", "names", "defaults", "order", "positional", "has_arrays", "ints", "all_ints", "fast",
                 "fast_fn")

    def __init__(self, decl: Declaration, sig: inspect.Signature) -> None:
        self.decl, self.sig = decl, sig
        self.names = tuple(n for n, q in sig.parameters.items() if q.kind in (q.POSITIONAL_ONLY, q.POSITIONAL_OR_KEYWORD))
        self.defaults = {n: q.default for n, q in sig.parameters.items()}
        self.order = tuple(q for q in sorted(decl.params, key=lambda q: q.count is not None)
                           if q.name in sig.parameters)
        by_name = {q.name: q for q in decl.params}
        self.positional = tuple((by_name.get(n), self.defaults[n] is None) for n in self.names)
        self.has_arrays = any(q.count is not None for q in decl.params)
        #: per position: a declared integer scalar (_convert_scalar's "int" kind), whose common value — a Python
        #: int in [0, 2^31) — converts to itself (checked inline by convert_call: Draw* take several a call)
        self.ints = tuple(q is not None and q.count is None and _kind(q.ctype, q.pointer) == "int"
                          for q, _ in self.positional)
        self.all_ints = bool(self.ints) and all(self.ints)
        self.fast = _fast_ops(self)
        # (the wrappers' converter: bound once, not looked up per call)
        self.fast_fn = functools.partial(_fast_convert, self.fast) if self.fast is not None else None


_NO_VALUES: dict[str, Any] = {}
_INT_TYPE = {int}


def convert_call(plan: CallPlan, args: tuple, kwargs: dict, owner: Any) -> tuple[tuple, dict]:
    """Convert a call's arguments; returns the converted (args, kwargs) to call the method with. Omitted
    parameters keep their Python defaults (valid values by construction)."""
    positional = not kwargs and len(args) <= len(plan.names)
    if positional and plan.all_ints:
        # every parameter an integer scalar (Draw*): the common values — ints (not bools) in [0, 2^31) — pass
        # unchanged (_convert_scalar's test), checked by C calls
        if {*map(type, args)} == _INT_TYPE and min(args) >= 0 and max(args) < 0x80000000:
            return args, {}
    if positional and _FAST_CALLS and plan.fast_fn is not None:
        out = plan.fast_fn(args, owner)
        if out is not None:
            return out, {}
    return convert_call_general(plan, args, kwargs, owner, positional)


def convert_call_general(plan: CallPlan, args: tuple, kwargs: dict, owner: Any,
                         positional: bool | None = None) -> tuple[tuple, dict]:
    """:func:`convert_call` without the fast path of positional calls with arrays (the differential tests'
    oracle for it)."""
    if positional is None:
        positional = not kwargs and len(args) <= len(plan.names)
    if positional and not plan.has_arrays:  # the common case: no binding, no count lookups
        out = list(args)
        ints = plan.ints
        for i, (p, default_none) in enumerate(plan.positional[:len(args)]):
            if p is not None:
                v = out[i]
                if ints[i] and type(v) is int and 0 <= v < 0x80000000:
                    continue  # (what _convert_scalar returns for it)
                out[i] = convert_one(p, v, _NO_VALUES, owner, default_none)
        return tuple(out), {}
    if positional:
        values = dict(zip(plan.names, args))
    else:
        try:
            values = dict(plan.sig.bind(*args, **kwargs).arguments)
        except TypeError as e:
            raise ArgError(0, "", f"arguments do not match the declaration: {e}") from None
    given = dict(values)
    for p in plan.order:
        if p.name in given:
            values[p.name] = convert_one(p, given[p.name], values if p.count is not None else given, owner,
                                         plan.defaults[p.name] is None)
    if positional:
        return tuple(values[n] for n in plan.names[:len(args)]), {}
    return (), values


# -- the common positional call, without the general machinery ------------------------------------------------
# A state setter's arrays (views, samplers, buffers, strides, viewports) went through a dict of bound values and
# per-element conversions, its interfaces through the general scalar conversion: most of a setter's cost. The operations below accept only the common values -- ints in
# [0, 2^31), lists/tuples long enough, interfaces of the declared kind and this device, NULL where allowed, header
# structs of the declared class with plain number fields -- and give exactly what the general path gives for them;
# any other value returns None and the general path converts the call (and raises its errors).
# PYD3D11_FAST_CALLS=0 turns it off (the differential test compares the two).
_FAST_CALLS = os.environ.get("PYD3D11_FAST_CALLS", "1") != "0"
_NOT_COMMON = object()
_UNKNOWN = object()


@functools.cache
def _flat_struct(ctype: str) -> tuple[type, tuple[str, ...]] | None:
    """A header struct whose fields are all scalars, with its field names; None for any other."""
    cls = _struct_class(ctype)
    if cls is None or any(_type_traits(cls)) or issubclass(cls, _cls("IUnknown")):
        return None
    if any(kind != "scalar" for kind, _t, _n in cls.__struct_fields__.values()):
        return None
    return cls, tuple(cls.__struct_fields__)


# Each position's conversion is a function (value, converted scalars of the call, owner) -> value or _NOT_COMMON,
# made once per method: a call runs one function per argument instead of a chain of kind tests.
def _fast_int(v: Any, out: list, owner: Any) -> Any:
    return v if type(v) is int and 0 <= v < 0x80000000 else _NOT_COMMON


def _fast_float(p: Param, null_ok: bool) -> Callable:
    general = _fast_general(p, null_ok)

    def conv(v: Any, out: list, owner: Any) -> Any:
        if type(v) is float:  # (to_float's value for a Python float: rounded to binary32)
            try:
                return _F32.unpack(_F32.pack(v))[0]
            except OverflowError:
                return _NOT_COMMON
        return general(v, out, owner)
    return conv


def _fast_iface(ctype: str, null_ok: bool, cross: bool) -> Callable:
    known: dict = {}  # class -> implements the interface and is no device (a device is its own owner)

    def conv(v: Any, out: list, owner: Any) -> Any:
        if v is None:
            return None if null_ok else _NOT_COMMON
        ok = known.get(type(v))
        if ok is None:
            ok = known[type(v)] = implements(v, ctype) and not isinstance(v, _cls("ID3D11Device"))
        if not ok or not (cross or owner is None or getattr(v, "_device", None) is owner):
            return _NOT_COMMON
        return v
    return conv


def _fast_struct(cls: type, null_ok: bool, fields: tuple) -> Callable:
    def conv(v: Any, out: list, owner: Any) -> Any:
        if type(v) is not cls:
            return None if v is None and null_ok else _NOT_COMMON
        for name in fields:
            f = getattr(v, name, None)
            tf = type(f)
            if not (tf is float or f is None or (tf is int and FIELD_INT_MIN <= f < FIELD_INT_END)):
                return _NOT_COMMON
        return v
    return conv


def _fast_general(p: Param, null_ok: bool) -> Callable:
    def conv(v: Any, out: list, owner: Any) -> Any:
        if v is None:
            return None if null_ok else _NOT_COMMON
        try:
            return _convert_scalar(p, v, owner, null_ok, p.name)
        except Exception:  # the general path raises the error it reports
            return _NOT_COMMON
    return conv


def _scalar_conv(p: Param, null_ok: bool) -> Callable | None:
    """The conversion of one scalar parameter; None where the value passes unchanged."""
    kind = _kind(p.ctype, p.pointer)
    if kind == "any":
        return None
    if kind == "int":
        return _fast_int
    if kind == "float":
        return _fast_float(p, null_ok)
    if kind == "interface":
        return _fast_iface(p.ctype, null_ok, p.ctype in CROSS_DEVICE)
    if kind == "struct" and _flat_struct(p.ctype) is not None:
        cls, fields = _flat_struct(p.ctype)
        return _fast_struct(cls, null_ok, fields)
    return _fast_general(p, null_ok)


def _fast_array(fixed: bool, count: int, null_ok: bool, elem: Callable | None, keep_tuple: bool) -> Callable:
    """An array parameter: its count ``count`` items (a position of the call's converted scalars unless
    ``fixed``; the sequence's length where that position is absent or None), each converted by ``elem``."""
    def conv(v: Any, out: list, owner: Any) -> Any:
        if v is None:
            return None if null_ok else _NOT_COMMON
        tv = type(v)
        if tv is not list and tv is not tuple:
            return _NOT_COMMON
        if fixed:
            n = count
        else:
            n = out[count] if count < len(out) and out[count] is not None else len(v)
        if len(v) < n:
            return _NOT_COMMON
        if elem is None:
            res = list(v[:n])
        else:
            res = []
            for x in v[:n]:
                c = elem(x, out, owner)
                if c is _NOT_COMMON:
                    return _NOT_COMMON
                res.append(c)
        return tuple(res) if keep_tuple and tv is tuple else res
    return conv


def _fast_ops(plan: CallPlan) -> tuple | None:
    """(position, conversion) of a positional call's parameters that need one, scalars first (an array reads its
    count's converted value), or None where a count is no positional parameter (the general path)."""
    scalars, arrays = [], []
    for i, (p, default_none) in enumerate(plan.positional):
        if p is None:
            continue
        if p.count is None:
            f = _scalar_conv(p, p.nullable or default_none)
            if f is not None:
                scalars.append((i, f))
            continue
        if p.count.isdigit():
            fixed, count = True, int(p.count)
        elif p.count in plan.names:
            fixed, count = False, plan.names.index(p.count)
        else:
            return None
        keep_tuple = p.ctype in ("FLOAT", "UINT") or _struct_class(p.ctype) is not None
        arrays.append((i, _fast_array(fixed, count, p.array_nullable or default_none,
                                      _scalar_conv(_element(p), p.nullable), keep_tuple)))
    return tuple(scalars + arrays)


def _fast_convert(ops: tuple | None, args: tuple, owner: Any) -> tuple | None:
    """The converted arguments of a positional call (:func:`convert_call`'s result), or None where a value is not
    one of the common ones."""
    if ops is None:
        return None
    out = list(args)
    n = len(args)
    for i, conv in ops:
        if i < n:
            c = conv(args[i], out, owner)
            if c is _NOT_COMMON:
                return None
            out[i] = c
    return tuple(out)


# -- installing the wrappers ------------------------------------------------------------------------------
def _interface_name(obj: Any) -> str:
    for c in type(obj).__mro__:
        if c.__name__.startswith(("ID3D", "IDXGI")):
            return c.__name__.rstrip("0123456789") if c.__name__.endswith("1") else c.__name__
    return type(obj).__name__


def _drop(obj: Any, method: str, index: int, text: str) -> None:
    """A void method refused an argument: CORRUPTION message (CORRUPTED_PARAMETERn) and no effect."""
    mid = MESSAGE_CORRUPTED_PARAMETER1 + index - 1 if 1 <= index <= 15 else 0
    dev = _owner_device(obj)
    line = f"{_interface_name(obj)}::{method}: {text}. The call is dropped."
    if dev is not None:
        dev._report(SEVERITY_CORRUPTION, CATEGORY_MISCELLANEOUS, mid, line)


def _fail(obj: Any, method: str, index: int, text: str, hresult: int = E_INVALIDARG) -> D3D11Error:
    dev = _owner_device(obj)
    line = f"{_interface_name(obj)}::{method}: {text}"
    if dev is not None and index:
        mid = MESSAGE_CORRUPTED_PARAMETER1 + index - 1 if 1 <= index <= 15 else 0
        dev._report(SEVERITY_CORRUPTION, CATEGORY_MISCELLANEOUS, mid, line)
    return error_for(hresult, text, method)


def _lock_of(obj: Any, kind: str) -> Any:
    global _lock_for
    if _lock_for is None:
        from .threading_model import lock_for

        _lock_for = lock_for
    return _lock_for(obj, kind)


_lock_for: Any = None


_DROPPED_VALUE = {"FLOAT": 0.0, "BOOL": False}  # what a dropped non-void, non-HRESULT call returns


_STATE_SETTER = re.compile(r"(IA|VS|HS|DS|GS|PS|CS|RS|OM|SO)Set[A-Z]")


#: clears that may join the queued tiles as tile fills (pipeline/native/fused.py ``scene_clear``); where they do
#: not, their fill reads the storage's bytes, which finishes the queued work that writes them first
_QUEUED_CLEARS = frozenset({"ClearRenderTargetView", "ClearDepthStencilView"})


def queue_safe(name: str) -> bool:
    """Whether an api method may run while a draw's tiles are still queued: draws (they join before their own
    tiles start), the context's state setters (they change bindings, never resource bytes, and the queued
    draw took its own snapshot) and the whole-view clears (_QUEUED_CLEARS)."""
    return name.startswith("Draw") or _STATE_SETTER.match(name) is not None or name in _QUEUED_CLEARS


def wrap(fn: Callable[..., Any], decl: Declaration | None, lock_kind: str,
         hresult: int = E_INVALIDARG) -> Callable[..., Any]:
    """The converting, exception-fencing, locking wrapper of one public method."""
    sig = inspect.signature(fn)
    sig_no_self = sig.replace(parameters=list(sig.parameters.values())[1:])
    plan = CallPlan(decl, sig_no_self) if decl is not None else None
    name = fn.__name__ if decl is None else decl.name
    void = decl.void if decl is not None else False
    dropped = _DROPPED_VALUE.get(decl.returns) if decl is not None else None
    needs_owner = decl is not None and any(_kind(q.ctype, q.pointer) == "interface" for q in decl.params)
    per_object = lock_kind in ("device", "context", "queue", "object")
    joins = not queue_safe(name)
    fast_fn = plan.fast_fn if plan is not None and _FAST_CALLS else None
    n_names = len(plan.names) if plan is not None else 0

    @functools.wraps(fn)
    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        if joins and _storage.pending_finish is not None:
            # a draw's tiles still running (pipeline/native/fused.py queue_pending) finish before any call
            # that could see or change what they touch
            _storage.finish_pending_writes()
        # the per-object lock is created once (threading_model) and then read straight from the object
        lock = (self.__dict__.get("_api_lock") if per_object else None) or _lock_of(self, lock_kind)
        with lock:
            if decl is not None:
                owner = None
                if needs_owner:
                    # (an object's device never changes: found once per object, not per call)
                    owner = self.__dict__.get("_cargs_owner", _UNKNOWN)
                    if owner is _UNKNOWN:
                        owner = _owner_device(self)
                        if owner is not None and owner is not self:
                            self.__dict__["_cargs_owner"] = owner
                out = fast_fn(args, owner) if fast_fn is not None and not kwargs and len(args) <= n_names else None
                try:
                    if out is not None:
                        args = out
                    else:
                        args, kwargs = convert_call(plan, args, kwargs, owner)
                except ArgError as e:
                    if void:
                        _drop(self, name, e.index, e.text)
                        return dropped
                    raise _fail(self, name, e.index, e.text, hresult) from None
            try:
                return fn(self, *args, **kwargs)
            except D3D11Error:
                raise
            except MemoryError as e:
                if void:
                    _drop(self, name, 0, f"out of memory ({e})")
                    return None
                raise _fail(self, name, 0, f"out of memory ({e})", E_OUTOFMEMORY) from None
            except RAW_ERRORS as e:
                FENCED[(name, type(e).__name__)] += 1
                text = f"invalid argument ({type(e).__name__}: {e})"
                if void:
                    _drop(self, name, 0, text)
                    return dropped
                raise _fail(self, name, 0, text, hresult) from None

    method.__cargs__ = decl  # type: ignore[attr-defined]
    method.__wrapped_original__ = fn  # type: ignore[attr-defined]
    return method


def install(cls: type, table: Mapping[str, Declaration], lock_kind: str, hresult: int = E_INVALIDARG,
            locks: Mapping[str, str] | None = None) -> None:
    """Wrap ``cls``'s public methods: those declared in ``table`` convert their arguments; every other
    public method (getters without parameters) is fenced and locked only. Inherited wrappers stay."""
    names = set(table) | {n for n in dir(cls) if n[:1].isupper()}
    for n in sorted(names):
        fn = inspect.getattr_static(cls, n, None)
        if not inspect.isfunction(fn):
            continue
        if getattr(fn, "__cargs_owner__", None) is cls and getattr(fn, "__cargs__", None) is table.get(n):
            continue
        if hasattr(fn, "__wrapped_original__") and n not in table:
            continue  # inherited from a class already installed
        original = getattr(fn, "__wrapped_original__", fn)
        w = wrap(original, table.get(n), (locks or {}).get(n, lock_kind), hresult)
        w.__name__ = n
        w.__cargs_owner__ = cls  # type: ignore[attr-defined]
        setattr(cls, n, w)


def wrap_function(fn: Callable[..., Any], decl: Declaration) -> Callable[..., Any]:
    """The converting, exception-fencing wrapper of a header's free function (all return HRESULTs)."""
    plan = CallPlan(decl, inspect.signature(fn))

    @functools.wraps(fn)
    def function(*args: Any, **kwargs: Any) -> Any:
        try:
            args, kwargs = convert_call(plan, args, kwargs, None)
        except ArgError as e:
            raise error_for(E_INVALIDARG, e.text, decl.name) from None
        try:
            return fn(*args, **kwargs)
        except D3D11Error:
            raise
        except MemoryError as e:
            raise error_for(E_OUTOFMEMORY, f"out of memory ({e})", decl.name) from None
        except FileNotFoundError as e:  # D3DCompileFromFile: HRESULT_FROM_WIN32(ERROR_FILE_NOT_FOUND)
            raise error_for(HRESULT_FILE_NOT_FOUND, str(e), decl.name) from None
        except OSError as e:
            raise error_for(E_FAIL, str(e), decl.name) from None
        except RAW_ERRORS as e:
            FENCED[(decl.name, type(e).__name__)] += 1
            raise error_for(E_INVALIDARG, f"invalid argument ({type(e).__name__}: {e})", decl.name) from None

    function.__cargs__ = decl  # type: ignore[attr-defined]
    function.__wrapped_original__ = fn  # type: ignore[attr-defined]
    return function


def wrap_module_functions(namespace: dict[str, Any]) -> None:
    """Replace the declared free functions found in a header module's namespace by their wrappers."""
    for name, decl in parse(FUNCTIONS).items():
        fn = namespace.get(name)
        if fn is not None and inspect.isfunction(fn) and not hasattr(fn, "__wrapped_original__"):
            namespace[name] = wrap_function(fn, decl)


_INSTALLED = False


def install_all() -> None:
    """Install the wrappers on every public interface class (idempotent; api/__init__ calls it once)."""
    global _INSTALLED
    if _INSTALLED:
        return
    _INSTALLED = True
    from . import com, dxgi_factory, dxgi_swapchain, queries, resources, shaders, states, views
    from . import context as ctx
    from . import context_state as cstate
    from .debug import ID3D11Debug, ID3D11InfoQueue
    from .device import ID3D11Device
    from .threading_model import ID3D11Multithread, lock_private

    t = declared_methods()
    lock_private(ID3D11InfoQueue, ("_report",), "queue")
    lock_private(ID3D11Device, ("_register_child", "_live_children"), "com")  # contexts register children too
    # counts have their own leaf lock (com.py); private data is per object
    install(com.IUnknown, t["unknown"], "object", locks={"AddRef": "none", "Release": "none",
                                                         "QueryInterface": "none"})
    install(ID3D11Device, t["device"], "device")
    install(ctx.ID3D11DeviceContext1, t["context"], "context")
    install(ID3D11InfoQueue, t["info_queue"], "queue")
    install(ID3D11Debug, t["debug"], "none")
    install(ID3D11Multithread, t["multithread"], "none")
    install(shaders.ID3D11ClassLinkage, t["class_linkage"], "object")
    install(resources.ID3D11Resource, t["resource"], "none")
    own = [c for m in (states, views, queries, resources, shaders) for c in vars(m).values()
           if isinstance(c, type) and issubclass(c, com.IUnknown) and c.__module__ == m.__name__]
    for cls in (com.ID3D11DeviceChild, ctx.ID3D11CommandList, cstate.ID3DDeviceContextState, *own):
        if cls is not shaders.ID3D11ClassLinkage:
            install(cls, {}, "none")
    # DXGI methods answer bad arguments with DXGI_ERROR_INVALID_CALL (IDXGIFactory::CreateSwapChain etc.)
    bad = DXGI_ERROR_INVALID_CALL
    install(dxgi_factory.IDXGIObject, t["dxgi_object"], "object", bad)
    install(dxgi_factory.IDXGIFactory2, {**t["dxgi_object"], **t["dxgi_factory"]}, "object", bad)
    install(dxgi_factory.IDXGIAdapter2, {**t["dxgi_object"], **t["dxgi_adapter"]}, "object", bad)
    install(dxgi_factory.IDXGIOutput1, {**t["dxgi_object"], **t["dxgi_output"]}, "object", bad)
    install(dxgi_swapchain.IDXGISwapChain1, {**t["dxgi_object"], **t["dxgi_swap_chain"]}, "object", bad)
    install(com.IDXGIDevice1, {**t["dxgi_object"], **t["dxgi_device"]}, "object", bad)
    install(com.IDXGIResource, t["dxgi_resource"], "object", bad)
    install(com._DXGIFacet, {"QueryInterface": t["unknown"]["QueryInterface"]}, "none")
    install(com.IDXGISurface1, {}, "none", bad)


def declared_methods() -> dict[str, dict[str, Declaration]]:
    """The declaration tables by interface group (tests and the fuzz suite iterate these)."""
    return {name: parse(text) for name, text in (
        ("context", CONTEXT), ("device", DEVICE), ("unknown", UNKNOWN), ("resource", RESOURCE),
        ("class_linkage", CLASS_LINKAGE), ("debug", DEBUG), ("info_queue", INFO_QUEUE),
        ("multithread", MULTITHREAD), ("dxgi_factory", DXGI_FACTORY), ("dxgi_adapter", DXGI_ADAPTER),
        ("dxgi_output", DXGI_OUTPUT), ("dxgi_swap_chain", DXGI_SWAP_CHAIN), ("dxgi_object", DXGI_OBJECT),
        ("dxgi_device", DXGI_DEVICE), ("dxgi_resource", DXGI_RESOURCE), ("functions", FUNCTIONS))}
