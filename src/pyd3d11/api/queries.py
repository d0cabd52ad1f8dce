"""Queries, predicates and counters (ID3D11Asynchronous family) and D3D11_QUERY_DESC validation.

The device creates these objects; the device context (Begin/End/GetData) drives them through two
fields this module defines:

* ``_state``: one of ``"idle"`` (never begun / data read), ``"building"`` (between Begin and End),
  ``"issued"`` (End called, result pending) and ``"signaled"`` (result available);
* ``_data``: the result payload as ``bytes`` of exactly :meth:`GetDataSize` bytes once signaled,
  else None.

Data sizes: spec-facts §3 "Query payloads" (EVENT/predicates: BOOL; OCCLUSION/TIMESTAMP: UINT64;
TIMESTAMP_DISJOINT: UINT64 + BOOL padded to 16; PIPELINE_STATISTICS 11×UINT64; SO_STATISTICS 2×UINT64).
"""

from __future__ import annotations

from typing import Any

from . import device_consts as C
from .caps import FeatureLevelCaps
from .com import ID3D11DeviceChild, iid
from .device_structs import D3D11_COUNTER_DESC, D3D11_QUERY_DESC, coerce, reject

QUERY_DATA_SIZE = {C.QUERY_EVENT: 4, C.QUERY_OCCLUSION: 8, C.QUERY_TIMESTAMP: 8, C.QUERY_TIMESTAMP_DISJOINT: 16,
                   C.QUERY_PIPELINE_STATISTICS: 88, C.QUERY_OCCLUSION_PREDICATE: 4, C.QUERY_SO_STATISTICS: 16,
                   C.QUERY_SO_OVERFLOW_PREDICATE: 4}
for _s in range(4):
    QUERY_DATA_SIZE[8 + 2 * _s] = 16  # SO_STATISTICS_STREAMn
    QUERY_DATA_SIZE[9 + 2 * _s] = 4  # SO_OVERFLOW_PREDICATE_STREAMn

PREDICATE_QUERIES = frozenset({C.QUERY_OCCLUSION_PREDICATE, C.QUERY_SO_OVERFLOW_PREDICATE, 9, 11, 13, 15})
# CreatePredicate takes only these two; the per-stream overflow predicates come from CreateQuery alone
# (they still answer ID3D11Predicate) -- wine test_create_query, verified on Windows.
CREATE_PREDICATE_QUERIES = frozenset({C.QUERY_OCCLUSION_PREDICATE, C.QUERY_SO_OVERFLOW_PREDICATE})
_SO_QUERIES = frozenset({C.QUERY_SO_STATISTICS, C.QUERY_SO_OVERFLOW_PREDICATE} | set(range(8, 16)))


class ID3D11Asynchronous(ID3D11DeviceChild):
    _iid = iid("ID3D11Asynchronous", "4b35d0cd-1e15-4258-9c98-1b1333f6dd3b")
    _size = 0

    def __init__(self, device: Any, desc: Any) -> None:
        super().__init__(device)
        self._desc = desc
        self._state = "idle"
        self._data: bytes | None = None

    def GetDataSize(self) -> int:
        return self._size

    def GetDesc(self) -> Any:
        return coerce(type(self._desc), self._desc)


class ID3D11Query(ID3D11Asynchronous):
    _iid = iid("ID3D11Query", "d6c00747-87b7-425e-b84d-44d108560afd")

    def __init__(self, device: Any, desc: Any) -> None:
        super().__init__(device, desc)
        self._size = QUERY_DATA_SIZE[int(desc.Query)]


class ID3D11Query1(ID3D11Query):
    _iid = iid("ID3D11Query1", "631b4766-36dc-461d-8db6-c47e13e60916")

    def GetDesc1(self) -> Any:
        return self.GetDesc()


class ID3D11Predicate(ID3D11Query):
    _iid = iid("ID3D11Predicate", "9eb576dd-9f77-4d86-81aa-8bab5fe490e2")


class ID3D11Counter(ID3D11Asynchronous):
    _iid = iid("ID3D11Counter", "6e8c49fb-a371-4770-b440-29086022b741")


def validate_query(caps: FeatureLevelCaps, pQueryDesc: Any, predicate: bool) -> Any:  # noqa: N803
    P = "CREATEQUERYORPREDICATE_"
    if pQueryDesc is None:
        raise reject("pQueryDesc is NULL", P + "INVALIDQUERY")
    desc = coerce(D3D11_QUERY_DESC, pQueryDesc)
    q, misc = int(desc.Query), int(desc.MiscFlags)
    if q not in QUERY_DATA_SIZE:
        raise reject(f"Query {q} is not a D3D11_QUERY", P + "INVALIDQUERY")
    if misc & ~C.QUERY_MISC_PREDICATEHINT:
        raise reject(f"MiscFlags 0x{misc:X} has unknown bits", P + "INVALIDMISCFLAGS")
    if misc & C.QUERY_MISC_PREDICATEHINT and q not in PREDICATE_QUERIES:
        raise reject("D3D11_QUERY_MISC_PREDICATEHINT is only valid on predicate queries", P + "INVALIDMISCFLAGS")
    if predicate and q not in CREATE_PREDICATE_QUERIES:
        raise reject(f"CreatePredicate needs an OCCLUSION_PREDICATE or SO_OVERFLOW_PREDICATE query (got {q})",
                     P + "INVALIDQUERY")
    if q in _SO_QUERIES and not caps.stream_output:
        raise reject(f"stream-output queries need feature level 10_0 (device is {caps.name})", P + "INVALIDQUERY")
    if q in (C.QUERY_OCCLUSION, C.QUERY_OCCLUSION_PREDICATE) and not caps.occlusion_queries:
        raise reject(f"occlusion queries need feature level 9_2 (device is {caps.name})", P + "INVALIDQUERY")
    return desc


def validate_counter(pCounterDesc: Any) -> Any:  # noqa: N803
    """No device-dependent counters exist: D3D11_COUNTER_DEVICE_DEPENDENT_0+ → DXGI_ERROR_UNSUPPORTED."""
    from pyd3d11.errors import DXGI_ERROR_UNSUPPORTED

    if pCounterDesc is None:
        raise reject("pCounterDesc is NULL")
    desc = coerce(D3D11_COUNTER_DESC, pCounterDesc)
    if int(desc.MiscFlags):
        raise reject(f"MiscFlags {int(desc.MiscFlags)} must be 0")
    if int(desc.Counter) >= 0x40000000:  # D3D11_COUNTER_DEVICE_DEPENDENT_0
        raise reject(f"counter 0x{int(desc.Counter):X}: this device has no device-dependent counters",
                     hresult=DXGI_ERROR_UNSUPPORTED)
    raise reject(f"Counter {int(desc.Counter)} is not a D3D11_COUNTER")
