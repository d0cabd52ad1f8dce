"""Which ALU table entry each instruction opcode runs (shared by every executor: the reference and the native
backend name the same operation the same way, so both compute it from one definition)."""

from __future__ import annotations

from ..ir import Opcode as Op

#: per-component float ops with float modifiers and _sat → FLOAT_OPS name
FLOAT_OPCODES = {
    Op.ADD: "add", Op.MUL: "mul", Op.DIV: "div", Op.MAD: "mad", Op.MIN: "min", Op.MAX: "max",
    Op.EXP: "exp", Op.LOG: "log", Op.SQRT: "sqrt", Op.RSQ: "rsq", Op.RCP: "rcp", Op.FRC: "frc",
    Op.ROUND_NE: "round_ne", Op.ROUND_NI: "round_ni", Op.ROUND_PI: "round_pi", Op.ROUND_Z: "round_z",
    Op.EQ: "eq", Op.NE: "ne", Op.LT: "lt", Op.GE: "ge", Op.FTOI: "ftoi", Op.FTOU: "ftou",
    Op.F32TOF16: "f32tof16",
}
#: float-output ops with integer sources (their source modifiers are integer ones)
INT_TO_FLOAT_OPCODES = {Op.ITOF: "itof", Op.UTOF: "utof", Op.F16TOF32: "f16tof32"}
#: the float results _sat applies to
SAT_OK = frozenset({"add", "mul", "div", "mad", "min", "max", "exp", "log", "sqrt", "rsq", "rcp", "frc",
                    "round_ne", "round_ni", "round_pi", "round_z", "itof", "utof", "f16tof32"})
#: integer ops with one result → INT_OPS name
INT_OPCODES = {
    Op.IADD: "iadd", Op.IMAD: "imad", Op.UMAD: "umad", Op.INEG: "ineg", Op.AND: "and", Op.OR: "or",
    Op.XOR: "xor", Op.NOT: "not", Op.ISHL: "ishl", Op.ISHR: "ishr", Op.USHR: "ushr", Op.IEQ: "ieq",
    Op.INE: "ine", Op.ILT: "ilt", Op.IGE: "ige", Op.ULT: "ult", Op.UGE: "uge", Op.IMIN: "imin",
    Op.IMAX: "imax", Op.UMIN: "umin", Op.UMAX: "umax", Op.UBFE: "ubfe", Op.IBFE: "ibfe", Op.BFI: "bfi",
    Op.BFREV: "bfrev", Op.COUNTBITS: "countbits", Op.FIRSTBIT_HI: "firstbit_hi", Op.FIRSTBIT_LO: "firstbit_lo",
    Op.FIRSTBIT_SHI: "firstbit_shi", Op.MSAD: "msad",
}
#: integer ops with two results (hi/lo, quotient/remainder, sum/carry) → INT_OPS name
INT2_OPCODES = {Op.IMUL: "imul", Op.UMUL: "umul", Op.UDIV: "udiv", Op.UADDC: "uaddc", Op.USUBB: "usubb"}
#: UAV / groupshared atomics (with and without the returned old value) → the operation's name
ATOMIC_OPCODES = {
    Op.ATOMIC_AND: "and", Op.ATOMIC_OR: "or", Op.ATOMIC_XOR: "xor", Op.ATOMIC_CMP_STORE: "cmp",
    Op.ATOMIC_IADD: "add", Op.ATOMIC_IMAX: "imax", Op.ATOMIC_IMIN: "imin", Op.ATOMIC_UMAX: "umax",
    Op.ATOMIC_UMIN: "umin",
    Op.IMM_ATOMIC_IADD: "add", Op.IMM_ATOMIC_AND: "and", Op.IMM_ATOMIC_OR: "or", Op.IMM_ATOMIC_XOR: "xor",
    Op.IMM_ATOMIC_EXCH: "exch", Op.IMM_ATOMIC_CMP_EXCH: "cmp", Op.IMM_ATOMIC_IMAX: "imax",
    Op.IMM_ATOMIC_IMIN: "imin", Op.IMM_ATOMIC_UMAX: "umax", Op.IMM_ATOMIC_UMIN: "umin",
}
#: double-precision ops → alu_double.DOUBLE_OPS name (dmovc is separate: a raw select)
DOUBLE_OPCODES = {
    Op.DADD: "dadd", Op.DMUL: "dmul", Op.DDIV: "ddiv", Op.DMIN: "dmin", Op.DMAX: "dmax", Op.DFMA: "dfma",
    Op.DRCP: "drcp", Op.DMOV: "dmov", Op.DEQ: "deq", Op.DNE: "dne", Op.DLT: "dlt", Op.DGE: "dge",
    Op.DTOF: "dtof", Op.DTOI: "dtoi", Op.DTOU: "dtou", Op.FTOD: "ftod", Op.ITOD: "itod", Op.UTOD: "utod",
}
