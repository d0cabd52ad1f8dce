"""Constant folding by the instruction set's own arithmetic: the compilers (hlsl/optimize.py, hlsl/codegen.py,
the level-9 translation's sm2/fold.py) evaluate operations on known values with the tables the executors run,
so a folded constant has the bits the instruction computes at run time (issue 19 item 4)."""

from __future__ import annotations

import numpy as np

from .alu_float import FLOAT_OPS
from .alu_int import INT_OPS


def fold_alu(name: str, vals: list[np.ndarray]) -> np.ndarray | None:
    """``name`` applied to uint32 immediates by the executors' arithmetic (the tables of this package), or None when
    it is not an ALU operation the tables define. Besides the tables' names: ``neg`` (the float negate
    modifier: a sign-bit flip), ``movc``, ``urem`` (udiv's second result); ``imul``/``umul`` give the low
    word and ``udiv`` the quotient, the results the code generator reads."""
    with np.errstate(all="ignore"):
        if name == "neg" and len(vals) == 1:
            return vals[0] ^ np.uint32(0x80000000)
        if name == "movc" and len(vals) == 3:
            return np.where(vals[0] != 0, vals[1], vals[2]).astype(np.uint32)
        if name == "urem" and len(vals) == 2:
            return np.asarray(INT_OPS["udiv"][2](*vals)[1], np.uint32)
        if name in FLOAT_OPS and FLOAT_OPS[name][0] == len(vals):
            return np.asarray(FLOAT_OPS[name][1](*vals), np.uint32)
        if name in INT_OPS and INT_OPS[name][0] == len(vals):
            nout, fn = INT_OPS[name][1], INT_OPS[name][2]
            res = fn(*vals)
            if nout == 2:
                res = res[0] if name == "udiv" else res[1]
            return np.asarray(res, np.uint32)
    return None
