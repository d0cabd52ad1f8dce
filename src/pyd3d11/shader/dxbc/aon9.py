"""The ``Aon9`` chunk of 4_0_level_9_x shaders: which 10Level9 level its shader-model-2 program targets.

fxc's ``*_4_0_level_9_1`` targets emit vs_2_0 / ps_2_0 programs and ``*_4_0_level_9_3`` targets vs_2_x /
ps_2_x (version 2.1); the program begins with the D3D9 version token (0xFFFE<major><minor> for vertex,
0xFFFF<major><minor> for pixel shaders), found after the chunk's own header words.
"""

from __future__ import annotations

import struct

FL_9_1, FL_9_3 = 0x9100, 0x9300


def aon9_level(chunk: bytes | None) -> int | None:
    """D3D_FEATURE_LEVEL of an Aon9 chunk payload (None for no chunk; 9_1 when no version token is found)."""
    if chunk is None:
        return None
    data = bytes(chunk)
    for (word,) in struct.iter_unpack("<I", data[: len(data) // 4 * 4]):
        if word >> 16 in (0xFFFE, 0xFFFF) and (word >> 8) & 0xFF == 2:
            return FL_9_3 if word & 0xFF >= 1 else FL_9_1
    return FL_9_1
