"""The Microsoft C runtime's ``qsort``, step for step: the order it leaves equal keys in is observable.

fxc's shader model 5.1 binding pass sorts the objects of a register set by their first-pass bind point, the ones
it left unplaced all carrying one key (objects.allocate_registers), then places those in the sorted order: the
order of equal keys is then the sort's, not declaration order. ``qsort`` is not stable. For up to 8 items it is a
selection sort that moves the largest (the first of equal largest ones) to the end; larger ranges are partitioned
about the median of three first. Recorded against d3dcompiler_47 10.1 under Wine (session 40, REFL): the pairs of
unplaced arrays come out in reverse declaration order, longer lists as this selection sort leaves them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

#: ranges of at most this many items are selection-sorted (the CRT's CUTOFF)
_CUTOFF = 8


def crt_qsort(items: Sequence[T], key: Callable[[T], int]) -> list[T]:
    """``items`` sorted by ``key`` as the CRT's qsort orders them (a comparison of keys)."""
    a = list(items)

    def comp(i: int, j: int) -> int:
        ki, kj = key(a[i]), key(a[j])
        return (ki > kj) - (ki < kj)

    def swap(i: int, j: int) -> None:
        a[i], a[j] = a[j], a[i]

    def shortsort(lo: int, hi: int) -> None:
        while hi > lo:
            top = lo
            for p in range(lo + 1, hi + 1):
                if comp(p, top) > 0:
                    top = p
            swap(top, hi)
            hi -= 1

    if len(a) < 2:
        return a
    stack: list[tuple[int, int]] = []
    lo, hi = 0, len(a) - 1
    while True:
        size = hi - lo + 1
        if size <= _CUTOFF:
            shortsort(lo, hi)
        else:
            mid = lo + size // 2
            if comp(lo, mid) > 0:
                swap(lo, mid)
            if comp(lo, hi) > 0:
                swap(lo, hi)
            if comp(mid, hi) > 0:
                swap(mid, hi)
            loguy, higuy = lo, hi
            while True:
                if mid > loguy:
                    loguy += 1
                    while loguy < mid and comp(loguy, mid) <= 0:
                        loguy += 1
                if mid <= loguy:
                    loguy += 1
                    while loguy <= hi and comp(loguy, mid) <= 0:
                        loguy += 1
                higuy -= 1
                while higuy > mid and comp(higuy, mid) > 0:
                    higuy -= 1
                if higuy < loguy:
                    break
                swap(loguy, higuy)
                if mid == higuy:
                    mid = loguy
            higuy += 1
            if mid < higuy:
                higuy -= 1
                while higuy > mid and comp(higuy, mid) == 0:
                    higuy -= 1
            if mid >= higuy:
                higuy -= 1
                while higuy > lo and comp(higuy, mid) == 0:
                    higuy -= 1
            # the smaller part first, the larger one saved (the CRT's order of recursion)
            if higuy - lo >= hi - loguy:
                if lo < higuy:
                    stack.append((lo, higuy))
                if loguy < hi:
                    lo = loguy
                    continue
            else:
                if loguy < hi:
                    stack.append((loguy, hi))
                if lo < higuy:
                    hi = higuy
                    continue
        if not stack:
            return a
        lo, hi = stack.pop()
