"""DXBC container checksum (spec-facts §2.1).

The checksum is MD5's compression function and initial state run over the container bytes from
offset 20 (just after the stored checksum) to the end, with a nonstandard final padding: the bit
length goes in the first dword of the last block and ``2 * L + 1`` in its last dword. ``hashlib``
cannot be told to pad differently, so the compression function is implemented here (RFC 1321).
"""

from __future__ import annotations

import math
import struct

_MASK = 0xFFFFFFFF
# RFC 1321 round constants: floor(abs(sin(i + 1)) * 2**32).
_K = tuple(int(abs(math.sin(i + 1)) * 2**32) & _MASK for i in range(64))
_S = (7, 12, 17, 22) * 4 + (5, 9, 14, 20) * 4 + (4, 11, 16, 23) * 4 + (6, 10, 15, 21) * 4
# Message-word index used in step i.
_G = tuple(
    i if i < 16 else (5 * i + 1) % 16 if i < 32 else (3 * i + 5) % 16 if i < 48 else (7 * i) % 16 for i in range(64)
)
_STEPS = tuple(zip(range(64), _K, _S, _G))
_INIT = (0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476)
_WORDS16 = struct.Struct("<16I")

#: Byte offset in the container where checksummed data starts.
CHECKSUM_START = 20


def _compress(state: tuple[int, int, int, int], block: bytes | memoryview) -> tuple[int, int, int, int]:
    """One MD5 compression of a 64-byte block."""
    x = _WORDS16.unpack(block)
    a, b, c, d = state
    for i, k, s, g in _STEPS:
        if i < 16:
            f = d ^ (b & (c ^ d))
        elif i < 32:
            f = c ^ (d & (b ^ c))
        elif i < 48:
            f = b ^ c ^ d
        else:
            f = c ^ (b | (~d & _MASK))
        t = (a + f + k + x[g]) & _MASK
        a, d, c = d, c, b
        b = (b + ((t << s) | (t >> (32 - s)))) & _MASK
    return (
        (state[0] + a) & _MASK,
        (state[1] + b) & _MASK,
        (state[2] + c) & _MASK,
        (state[3] + d) & _MASK,
    )


def dxbc_checksum_of(data: bytes | bytearray | memoryview) -> bytes:
    """D3D's MD5 variant over ``data`` (already the checksummed range); returns the 16 stored bytes."""
    mv = memoryview(data).cast("B")
    length = len(mv)
    full = length - length % 64
    state = _INIT
    for off in range(0, full, 64):
        state = _compress(state, mv[off : off + 64])
    rest = bytes(mv[full:])
    bits = struct.pack("<I", (length * 8) & _MASK)
    tail = struct.pack("<I", (2 * length + 1) & _MASK)
    if len(rest) < 56:
        block = bits + rest + b"\x80"
        block += b"\x00" * (60 - len(block)) + tail
        state = _compress(state, block)
    else:
        block = rest + b"\x80"
        block += b"\x00" * (64 - len(block))
        state = _compress(state, block)
        state = _compress(state, bits + b"\x00" * 56 + tail)
    return struct.pack("<4I", *state)


def dxbc_checksum(container: bytes | bytearray | memoryview) -> bytes:
    """Checksum of a whole container blob (covers bytes ``[20, end)``)."""
    return dxbc_checksum_of(memoryview(container).cast("B")[CHECKSUM_START:])
