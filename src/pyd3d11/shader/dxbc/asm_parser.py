"""Parse fxc's SM4/SM5 listing syntax into the shared IR (inverse of ``disasm``).

Forgiving about whitespace and case of hex digits; accepts decimal, hex and float immediates in
``l(…)``/``d(…)``, ``icb[…]``, relative indices ``r0.x + 3``. Instruction lengths and opcode tokens are
computed by the encoder, never typed. Errors raise ``InvalidArgError`` naming the line.
"""

from __future__ import annotations

import re
import struct

import numpy as np

from ...errors import E_INVALIDARG, InvalidArgError
from .. import ir
from ..ir import OperandType as T
from . import asm_syntax as S

_PREFIX_TO_TYPE = {v: k for k, v in S.REGISTER_PREFIX.items()}
# fxc's capitalised range names (``T0[5]``, ``CB0[1][0]``; shader model 5.1 listings, and d3dcompiler_47's CB in 5.0
# declarations): the same register files, the ID as the first index
_PREFIX_TO_TYPE.update({"T": T.RESOURCE, "S": T.SAMPLER, "U": T.UNORDERED_ACCESS_VIEW, "CB": T.CONSTANT_BUFFER})
_VERSION_RE = re.compile(r"^(ps|vs|gs|hs|ds|cs)_(\d+)_(\d+)$")
_REG_RE = re.compile(r"^([A-Za-z_]+?)(\d*)$")
# files whose operands without a component suffix are 1-component
_ONE_COMPONENT = {T.INPUT_PRIMITIVEID, T.OUTPUT_CONTROL_POINT_ID, T.OUTPUT_DEPTH, T.OUTPUT_DEPTH_GREATER_EQUAL,
                  T.OUTPUT_DEPTH_LESS_EQUAL, T.INPUT_COVERAGE_MASK, T.OUTPUT_COVERAGE_MASK, T.OUTPUT_STENCIL_REF,
                  T.INPUT_GS_INSTANCE_ID, T.CYCLE_COUNTER, T.INNER_COVERAGE}
_ONE_COMPONENT_DCL = {T.INPUT_COVERAGE_MASK, T.OUTPUT_DEPTH, T.OUTPUT_DEPTH_GREATER_EQUAL, T.OUTPUT_DEPTH_LESS_EQUAL,
                      T.OUTPUT_COVERAGE_MASK, T.OUTPUT_STENCIL_REF, T.INNER_COVERAGE}
_MIN_PRECISION = S.invert(S.MIN_PRECISION)
_PRECISIONS = frozenset(_MIN_PRECISION) | {"def32"}
#: a trailing operand annotation: ``{min16f}``, ``{nonuniform}``, ``{def32 as min16f}``
_TAG = re.compile(r"\s*\{\s*([a-z0-9_]+(?:\s+as\s+[a-z0-9_]+)?)\s*\}\s*$")
_RESOURCE_DIM = S.invert(S.RESOURCE_DIMENSION)
_RETURN_TYPE = S.invert(S.RETURN_TYPE)
_SYSTEM_NAME = {k.lower(): v for k, v in S.invert(S.SYSTEM_NAME).items()}
_INTERP = S.invert(S.INTERPOLATION)
_GLOBAL_FLAGS = {n.lower(): b for b, n in S.GLOBAL_FLAGS}
_SAMPLER_MODE = S.invert(S.SAMPLER_MODE)
_MESSAGE_IDS = S.invert(S.MESSAGE_IDS)


class AsmError(InvalidArgError):
    pass


def _bad(msg: str, line: int | None = None) -> AsmError:
    where = f"line {line}: " if line is not None else ""
    return AsmError(E_INVALIDARG, where + msg, "assemble_program")


def split_top(text: str, sep: str = ",") -> list[str]:
    """Split at ``sep`` outside (), [], {} and quotes."""
    out, depth, cur, quote = [], 0, [], False
    for ch in text:
        if ch == '"':
            quote = not quote
        elif not quote and ch in "([{":
            depth += 1
        elif not quote and ch in ")]}":
            depth -= 1
        if ch == sep and depth == 0 and not quote:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    tail = "".join(cur).strip()
    if tail or out:
        out.append(tail)
    return out


def _f32_bits(x: float) -> int:
    return int(np.array(x, dtype=np.float32).view(np.uint32))


_SPECIAL_FLOATS = {"1.#inf00": float("inf"), "-1.#inf00": float("-inf"), "1.#qnan0": float("nan"),
                   "-1.#qnan0": float("nan"), "inf": float("inf"), "-inf": float("-inf"), "nan": float("nan")}


def parse_number(text: str, vtype: str = "x") -> int:
    """One 32-bit immediate: hex, signed/unsigned decimal, or float (float ops read bare integers as floats)."""
    t = text.strip().lower()
    try:
        if t in _SPECIAL_FLOATS:
            return _f32_bits(_SPECIAL_FLOATS[t])
        if t.startswith(("0x", "-0x")):
            return int(t, 16) & 0xFFFFFFFF
        if re.fullmatch(r"[-+]?\d+", t) and vtype != "f":
            v = int(t)
            if not -(1 << 31) <= v < (1 << 32):
                raise ValueError
            return v & 0xFFFFFFFF
        return _f32_bits(float(t.rstrip("f")))
    except ValueError:
        raise _bad(f"bad immediate {text!r}") from None


def _parse_components(text: str) -> list[int]:
    comps = []
    for ch in text:
        i = S.COMPONENTS.find(ch)
        if i < 0:
            i = "rgba".find(ch)
        if i < 0:
            raise _bad(f"bad component letter {ch!r} in .{text}")
        comps.append(i)
    return comps


class _OperandParser:
    def __init__(self, line: int):
        self.line = line

    def operand(self, text: str, role: str, vtype: str = "x") -> ir.Operand:
        """role: 'dst', 'src', 'dcl' or 'rel' (relative index)."""
        text = text.strip()
        mp = 0
        nonuniform = False

        def tags(text: str) -> str:
            """Strip trailing ``{...}`` annotations: ``{nonuniform}``, a precision ``{min16f}``, or fxc's
            ``{def32 as min16f}`` (the operand's own precision is the first name; the second is the
            instruction's, which the destination carries)."""
            nonlocal mp, nonuniform
            m = _TAG.search(text)
            while m:
                tag = m.group(1)
                if tag == "nonuniform":
                    nonuniform = True
                else:
                    own = tag.split(" as ")[0].strip() if " as " in tag else tag
                    if own == "def32" and " as " in tag:
                        mp = 0
                    elif own in _MIN_PRECISION and (" as " not in tag or
                                                    tag.split(" as ")[1].strip() in _PRECISIONS):
                        mp = _MIN_PRECISION[own]
                    else:
                        raise _bad(f"unknown operand annotation {{{tag}}}", self.line)
                text = text[: m.start()].rstrip()
                m = _TAG.search(text)
            return text

        text = tags(text)
        mod = ir.Modifier.NONE
        if text.startswith("-|") and text.endswith("|"):
            mod, text = ir.Modifier.ABSNEG, text[2:-1]
        elif text.startswith("|") and text.endswith("|"):
            mod, text = ir.Modifier.ABS, text[1:-1]
        elif text.startswith("-"):
            mod, text = ir.Modifier.NEG, text[1:].lstrip()
        text = tags(text.strip())  # fxc prints the precision inside the |...| of an absolute value
        if re.match(r"^[ld]\s*\(", text) and text.endswith(")"):
            op = self.immediate(text, vtype)
        else:
            op = self.register(text, role)
        op.modifier = mod
        op.min_precision = mp
        op.nonuniform = nonuniform
        return op

    def immediate(self, text: str, vtype: str) -> ir.Operand:
        kind = text[0]
        body = text[text.index("(") + 1 : -1]
        items = split_top(body)
        if kind == "d":
            words: list[int] = []
            for it in items:
                # the listing writes a double with fxc's ``l`` suffix (``d(2.000000l, 0.000000l)``)
                lo, hi = struct.unpack("<II", struct.pack("<d", float(it.strip().removesuffix("l"))))
                words += [lo, hi]
            if len(items) not in (1, 2):
                raise _bad("d(…) takes 1 or 2 doubles", self.line)
            return ir.Operand(T.IMMEDIATE64, 1 if len(items) == 1 else 4, mask=0, values=words)
        if len(items) not in (1, 4):
            raise _bad(f"l(…) takes 1 or 4 values, got {len(items)}", self.line)
        vals = [parse_number(it, vtype) for it in items]
        return ir.Operand(T.IMMEDIATE32, len(vals), mask=0, values=vals)

    def index(self, text: str) -> ir.Index:
        text = text.strip()
        if re.fullmatch(r"\d+", text):
            return ir.Index(ir.IndexRep.IMMEDIATE32, int(text))
        parts = split_top(text, "+")
        rel = self.operand(parts[0], "rel")
        if len(parts) == 1:
            return ir.Index(ir.IndexRep.RELATIVE, 0, rel)
        if len(parts) != 2 or not re.fullmatch(r"\d+", parts[1]):
            raise _bad(f"bad index [{text}]", self.line)
        value = int(parts[1])
        # fxc writes a pure relative index as "+ 0"
        return ir.Index(ir.IndexRep.IMMEDIATE32_PLUS_RELATIVE if value else ir.IndexRep.RELATIVE, value, rel)

    def register(self, text: str, role: str) -> ir.Operand:
        # split "name[idx][idx].comps"
        m = re.match(r"^([A-Za-z_]+\d*)", text)
        if not m:
            raise _bad(f"bad operand {text!r}", self.line)
        head = m.group(1)
        rest = text[m.end() :]
        brackets: list[str] = []
        while rest.startswith("["):
            depth, end = 0, len(rest) - 1
            for pos, ch in enumerate(rest):
                depth += ch == "["
                depth -= ch == "]"
                if depth == 0:
                    end = pos
                    break
            brackets.append(rest[1:end])
            rest = rest[end + 1 :]
        comps = ""
        if rest.startswith("."):
            comps = rest[1:].strip()
        elif rest.strip():
            raise _bad(f"unexpected {rest!r} after operand {text!r}", self.line)
        otype, number = self._file(head)
        indices = [] if number is None else [ir.Index(ir.IndexRep.IMMEDIATE32, number)]
        indices += [self.index(b) for b in brackets]
        op = ir.Operand(otype, indices=indices)
        if not comps:
            one = _ONE_COMPONENT_DCL if role == "dcl" else _ONE_COMPONENT
            op.num_components = 1 if otype in one else 0
            return op
        sel = _parse_components(comps)
        op.num_components = 4
        if role in ("dst", "dcl"):
            mask = 0
            for c in sel:
                mask |= 1 << c
            op.selection, op.mask = ir.SelectionMode.MASK, mask
        elif len(sel) == 1:
            op.selection, op.swizzle = ir.SelectionMode.SELECT_1, (sel[0],) * 4
        else:
            sel = (sel + [sel[-1]] * 4)[:4]  # short swizzles repeat the last component
            op.selection, op.swizzle = ir.SelectionMode.SWIZZLE, tuple(sel)  # type: ignore[assignment]
        return op

    def _file(self, head: str) -> tuple[int, int | None]:
        if head in _PREFIX_TO_TYPE:
            return _PREFIX_TO_TYPE[head], None
        m = _REG_RE.match(head)
        if m and m.group(1) in _PREFIX_TO_TYPE and m.group(2):
            return _PREFIX_TO_TYPE[m.group(1)], int(m.group(2))
        raise _bad(f"unknown register {head!r}", self.line)


def _split_mnemonic(text: str) -> tuple[str, str]:
    depth = 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch.isspace() and depth == 0:
            return text[:i], text[i:].strip()
    return text, ""


def _paren_groups(text: str) -> tuple[str, list[str], str]:
    """'base(a)(b)tail' -> ('base', ['a', 'b'], 'tail')."""
    i = text.find("(")
    if i < 0:
        return text, [], ""
    base, groups, rest = text[:i], [], text[i:]
    while rest.startswith("("):
        j = rest.index(")")
        groups.append(rest[1:j])
        rest = rest[j + 1 :]
    return base, groups, rest


def _return_type_token(text: str, line: int) -> int:
    names = [n.strip() for n in text.split(",")]
    if len(names) != 4 or any(n not in _RETURN_TYPE for n in names):
        raise _bad(f"bad resource return type ({text})", line)
    return sum(_RETURN_TYPE[n] << (4 * i) for i, n in enumerate(names))


def _lookup(name: str, table: dict[str, int], what: str, line: int) -> int:
    key = name.strip()
    if key in table:
        return table[key]
    low = {k.lower(): v for k, v in table.items()}
    if key.lower() in low:
        return low[key.lower()]
    if re.fullmatch(r"\d+", key):
        return int(key)
    raise _bad(f"unknown {what} {name!r}", line)
