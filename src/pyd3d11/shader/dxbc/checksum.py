"""DXBC container checksum (spec-facts §2.1).

The checksum is MD5's compression function and initial state run over the container bytes from
offset 20 (just after the stored checksum) to the end, with a nonstandard final padding: the bit
length goes in the first dword of the last block and ``2 * L + 1`` in its last dword. ``hashlib``
cannot be told to pad differently, so the compression function is implemented here (RFC 1321), and the
whole blocks run through OpenSSL's MD5 where the interpreter's ``hashlib`` is built on it (its low-level
``MD5_Update``, reached through ``_hashlib``'s own libcrypto): every compile builds a
container and every shader creation verifies one, and the Python compression function runs at about
1 MB/s. Both give the same bits (checked once when the library is loaded, and by the tests).
"""

from __future__ import annotations

import ctypes
import functools
import math
import struct
from collections.abc import Callable

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


class _Md5Ctx(ctypes.Structure):
    """OpenSSL's ``MD5_CTX`` (openssl/md5.h): the state words A-D, the bit count, a partial block."""

    _fields_ = [("state", ctypes.c_uint32 * 4), ("nl", ctypes.c_uint32), ("nh", ctypes.c_uint32),
                ("data", ctypes.c_uint32 * 16), ("num", ctypes.c_uint)]


def _load_openssl():
    """``MD5_Update`` of the libcrypto the interpreter's ``_hashlib`` links, or None."""
    try:
        import _hashlib

        update = ctypes.CDLL(_hashlib.__file__).MD5_Update  # a lookup through this handle searches its libcrypto
    except (ImportError, OSError, AttributeError):
        return None
    update.argtypes = [ctypes.POINTER(_Md5Ctx), ctypes.c_char_p, ctypes.c_size_t]
    update.restype = ctypes.c_int
    return update


def _blocks_python(state: tuple[int, int, int, int], blocks: bytes | memoryview) -> tuple[int, int, int, int]:
    for off in range(0, len(blocks), 64):
        state = _compress(state, blocks[off : off + 64])
    return state


def _blocks_openssl(state: tuple[int, int, int, int], blocks: bytes | memoryview,
                    update: Callable) -> tuple[int, int, int, int]:
    ctx = _Md5Ctx()
    ctx.state[:] = state
    if blocks:
        update(ctx, bytes(blocks), len(blocks))  # whole blocks only: nothing is left buffered in ctx
    return tuple(ctx.state)  # type: ignore[return-value]


def _agreeing(update: Callable | None) -> Callable:
    """The whole-block compression to use: ``_blocks_openssl`` through ``update`` (``MD5_Update``, or None) where it
    exists and gives RFC 1321's chained state on a probe from two start states, else ``_blocks_python`` (a libcrypto
    whose ``MD5_CTX`` layout differed from _Md5Ctx would fail the probe, not the checksums)."""
    if update is None:
        return _blocks_python
    fast = functools.partial(_blocks_openssl, update=update)
    ok = all(fast(s, _PROBE) == _blocks_python(s, _PROBE) for s in (_INIT, (1, 2, 3, 4)))
    return fast if ok else _blocks_python


_OPENSSL = _load_openssl()
_PROBE = bytes(range(256)) * 2
_blocks = _agreeing(_OPENSSL)


def dxbc_checksum_of(data: bytes | bytearray | memoryview) -> bytes:
    """D3D's MD5 variant over ``data`` (already the checksummed range); returns the 16 stored bytes."""
    mv = memoryview(data).cast("B")
    length = len(mv)
    full = length - length % 64
    state = _blocks(_INIT, mv[:full])
    rest = bytes(mv[full:])
    bits = struct.pack("<I", (length * 8) & _MASK)
    tail = struct.pack("<I", (2 * length + 1) & _MASK)
    if len(rest) < 56:
        block = bits + rest + b"\x80"
        block += b"\x00" * (60 - len(block)) + tail
    else:
        block = rest + b"\x80"
        block += b"\x00" * (64 - len(block))
        block += bits + b"\x00" * 56 + tail
    state = _blocks(state, block)
    return struct.pack("<4I", *state)


def dxbc_checksum(container: bytes | bytearray | memoryview) -> bytes:
    """Checksum of a whole container blob (covers bytes ``[20, end)``)."""
    return dxbc_checksum_of(memoryview(container).cast("B")[CHECKSUM_START:])
