"""The text listing ``fxc /T fx_5_0 /Fc`` writes for an effect: the effect binary read back (:mod:`.binary`) and
printed as fxc prints it.

The layout follows fxc 10.1's listings of the SDK samples' effects as published (e.g. the Direct3D11TutorialsFX11
listings kept as test data by public decompiler projects): a ``FX Version`` banner; ``// N local buffer(s)`` with
each cbuffer's variables (type padded to 7 columns, initialiser values ``%.9g``, ``// Offset: %4d, size: %4d`` at
column 40); ``// N local object(s)`` with each object and its state block (``Name = type(VALUE /* n */);``, state
names padded to 8 columns, indexed states as ``Name[i]``); ``// N groups(s)`` with ``fxgroup`` blocks holding
``// N technique(s)``, ``technique11 name`` and ``pass name`` blocks whose shaders are ``asm { <the shader's
listing, indented> }`` and whose states print like the state blocks'.

Inferred (no published listing shows them; written in the same style): interface variables (``// N local
interface(s)``), ``BindInterfaces(...)`` and stream-output declarations around a pass shader, shader and string
variables' initialisers, arrays of state blocks (one block per element), fx_4_x's techniques without an
``fxgroup``, annotations of buffers and variables, tbuffers, and the hexadecimal form of large uint values beyond
``AB_SampleMask``."""

from __future__ import annotations

import struct

from . import fxlvm
from . import model as M
from . import states as S
from .binary import read_effect

_NUM_TYPE_WIDTH = 7
_COMMENT_COLUMN = 40


def _fmt_number(v: float | int, scalar: int) -> str:
    if scalar == M.EST_Float:
        return f"{float(v):.9g}"
    return str(int(v))


def _default_values(t: M.FxType, raw: bytes) -> list[str]:
    out = []
    leaves = _leaf_scalars(t)
    for i, sc in enumerate(leaves):
        if 4 * i + 4 > len(raw):
            break
        if sc == M.EST_Float:
            out.append(_fmt_number(struct.unpack_from("<f", raw, 4 * i)[0], sc))
        elif sc == M.EST_Int:
            out.append(str(struct.unpack_from("<i", raw, 4 * i)[0]))
        else:
            out.append(str(struct.unpack_from("<I", raw, 4 * i)[0]))
    return out


def _leaf_scalars(t: M.FxType) -> list[int]:
    one = [s for m in t.members for s in _leaf_scalars(m[3])] if t.var_type == M.EVT_Struct else \
        [t.scalar] * (t.rows * t.cols)
    return one * max(1, t.elements)


def _decl(t: M.FxType, name: str) -> str:
    arr = f"[{t.elements}]" if t.elements else ""
    return f"{t.name:<{_NUM_TYPE_WIDTH}} {name}{arr}"


def _with_comment(text: str, comment: str) -> str:
    return f"{text:<{_COMMENT_COLUMN}}{comment}" if len(text) < _COMMENT_COLUMN else text + comment


def _strings(values: list) -> str:
    """String values as the listing writes them. A null string (``string s = NULL;``) has no listing:
    d3dcompiler_47 10.1's D3DDisassemble fails such an effect with E_FAIL (session 45, EFX), and so does this."""
    if any(v is None for v in values):
        raise ValueError("the effect holds a null string, which fxc's disassembler does not list (E_FAIL)")
    return ", ".join(f'"{v}"' for v in values)


def _annotations(items: list[M.FxAnnotation], indent: str) -> list[str]:
    if not items:
        return []
    out = [f"{indent}<"]
    for a in items:
        if isinstance(a.value, list):
            out.append(f"{indent}    String {a.name} = {_strings(a.value)};")
        else:
            vals = _default_values(a.type, a.value)
            v = vals[0] if len(vals) == 1 else "{ " + ", ".join(vals) + " }"
            out.append(f"{indent}    {a.type.name} {a.name} = {v};")
    out.append(f"{indent}>")
    return out


def _constant(lv: S.LValue, value: list) -> str:
    """A state's constant: ``uint(NAME /* n */)``, ``bool(TRUE /* 1 */)``, ``float(2)``, ``float4(0, 0, 0, 0)``."""
    nums = [v for _est, v in value]
    if lv.type == S.SVT_FLOAT:
        body = ", ".join(f"{float(v):.9g}" for v in nums)
        return f"float{lv.cols if lv.cols > 1 else ''}({body})"
    kind = "bool" if lv.type == S.SVT_BOOL else "int" if lv.type == S.SVT_INT else "uint"
    parts = []
    for v in nums:
        iv = int(v) & 0xFFFFFFFF
        if lv.type == S.SVT_BOOL:
            iv = 1 if iv else 0
            parts.append(f"{'TRUE' if iv else 'FALSE'} /* {iv} */")
            continue
        name = next((k for k, x in (lv.values or {}).items() if x == iv), None)
        if name is not None:
            parts.append(f"{name.upper()} /* {iv} */")
        elif iv >= 0x10000:
            parts.append(f"0x{iv:08x}")
        else:
            parts.append(str(iv))
    return f"{kind}{lv.cols if lv.cols > 1 else ''}({', '.join(parts)})"


def _shader(sh: M.FxShader, indent: str) -> list[str]:
    from ..shader.dxbc.disasm import disassemble

    if not sh.bytecode:
        return ["NULL"]
    inner = indent + "    "
    text = disassemble(sh.bytecode).rstrip("\n").split("\n")
    lines = ["asm {"] + [(inner + ln).rstrip() if ln.strip() else inner for ln in text]
    lines.append(inner + " " * 12)
    lines.append(f"{indent}}}")
    for i, decl in enumerate(sh.so_decls):
        if decl:
            lines[-1] += f" /* stream {i} out: \"{decl}\" */"
    if sh.so_decls:
        lines[-1] += f" /* rasterized stream {sh.rasterized_stream} */"
    if sh.interface_bindings:
        binds = ", ".join(n if i == 0xFFFFFFFF else f"{n}[{i}]" for n, i in sh.interface_bindings)
        lines[0] = "BindInterfaces(" + lines[0]
        lines[-1] += f", {binds})"
    return lines


def _assignments(items: list[M.FxAssignment], indent: str) -> list[str]:
    out = []
    for a in items:
        lv = S.LVALUES[a.state]
        name = f"{lv.name}[{a.index}]" if lv.indices > 1 else lv.name
        head = f"{indent}{name:<8} = "
        if a.kind == M.ECAT_Constant:
            if lv.type in (S.SVT_VERTEXSHADER, S.SVT_PIXELSHADER, S.SVT_GEOMETRYSHADER, S.SVT_HULLSHADER,
                           S.SVT_DOMAINSHADER, S.SVT_COMPUTESHADER, S.SVT_RASTERIZER, S.SVT_DEPTHSTENCIL,
                           S.SVT_BLEND, S.SVT_RENDERTARGETVIEW, S.SVT_DEPTHSTENCILVIEW, S.SVT_TEXTURE):
                out.append(head + "NULL;")
            else:
                out.append(head + _constant(lv, a.value) + ";")
        elif a.kind == M.ECAT_Variable:
            out.append(head + f"{a.value};")
        elif a.kind == M.ECAT_ConstIndex:
            out.append(head + f"{a.value[0]}[{a.value[1]}];")
        elif a.kind == M.ECAT_VariableIndex:
            out.append(head + f"{a.value[0]}[{a.value[1]}];")
        elif a.kind in (M.ECAT_Expression, M.ECAT_ExpressionIndex):
            # FXLVM code, as fxc prints it: ``eval(iadd expr.x, i.x, (2))``, continuation lines under the first
            code = a.value if a.kind == M.ECAT_Expression else a.value[1]
            text = fxlvm.listing(fxlvm.decode(code))
            lead = head + ("eval(" if a.kind == M.ECAT_Expression else f"{a.value[0]}[eval(")
            pad = " " * (len(indent) + 16)
            close = ");" if a.kind == M.ECAT_Expression else ")];"
            body = [lead + text[0]] + [pad + t for t in text[1:]]
            body[-1] += close
            out += body
        else:  # an inline shader
            lines = _shader(a.value, indent)
            out.append(head + lines[0])
            out += lines[1:-1]
            out.append(lines[-1] + ";")
    return out


def effect_listing(blob: bytes) -> str:
    """The fxc-style listing of an effect binary (fx_4_0, fx_4_1, fx_5_0)."""
    eff = read_effect(blob)
    fx5 = eff.target == "fx_5_0"
    out = ["//", f"// FX Version: {eff.target}", "//"]
    out += [f"// {len(eff.cbuffers)} local buffer(s)", "//"]
    for cb in eff.cbuffers:
        kw = "tbuffer" if cb.flags & 1 else "cbuffer"
        reg = f" : register({'t' if cb.flags & 1 else 'b'}{cb.bind_point})" if cb.bind_point != 0xFFFFFFFF else ""
        out.append(f"{kw} {cb.name}{reg}")
        out += _annotations(cb.annotations, "")
        out.append("{")
        for v in cb.variables:
            text = "    " + _decl(v.type, v.name)
            if v.semantic:
                text += f" : {v.semantic}"
            if v.default is not None:
                vals = _default_values(v.type, v.default)
                text += " = " + (vals[0] if len(vals) == 1 else "{ " + ", ".join(vals) + " }")
            out.append(_with_comment(text + ";", f"// Offset: {v.offset:4d}, size: {v.type.total_size:4d}"))
            out += _annotations(v.annotations, "    ")
        out += ["}", ""]
    out += ["//", f"// {len(eff.objects)} local object(s)", "//"]
    for o in eff.objects:
        arr = f"[{o.type.elements}]" if o.type.elements else ""
        eot = o.type.object_type
        type_name = o.type.name
        head = f"{type_name} {o.name}{arr}"
        if eot in M.STATE_EOTS:
            out.append(head)
            out += _annotations(o.annotations, "")
            for k, blk in enumerate(o.blocks):
                if len(o.blocks) > 1:
                    out.append(f"// [{k}]")
                out.append("{")
                out += _assignments(blk, "    ")
                out.append("};")
        elif eot in M.SHADER_EOTS:
            for k, sh in enumerate(o.shaders):
                name = f"{o.name}[{k}]" if len(o.shaders) > 1 else o.name
                lines = _shader(sh, "")
                out.append(f"{type_name} {name} = " + lines[0])
                out += lines[1:-1]
                out.append(lines[-1] + ";")
        elif eot == M.EOT["String"]:
            vals = _strings(o.strings)
            out.append(f"{head} = {vals if len(o.strings) == 1 else '{ ' + vals + ' }'};")
        else:
            reg = ""
            if o.bind_point != 0xFFFFFFFF:
                reg = f" : register({'u' if eot in M.UAV_EOTS else 't'}{o.bind_point})"
            out.append(head + reg + ";")
            out += _annotations(o.annotations, "")
    out.append("")
    if eff.interfaces:
        out += ["//", f"// {len(eff.interfaces)} local interface(s)", "//"]
        for iv in eff.interfaces:
            arr = f"[{iv.type.elements}]" if iv.type.elements else ""
            init = ""
            if iv.defaults:
                names = [n if i == 0xFFFFFFFF else f"{n}[{i}]" for n, i in iv.defaults]
                init = " = " + (names[0] if len(names) == 1 else "{ " + ", ".join(names) + " }")
            out.append(f"{iv.type.name} {iv.name}{arr}{init};")
        out.append("")
    if fx5:
        out += ["//", f"// {len(eff.groups)} groups(s)", "//"]
    for g in eff.groups:
        ind = "    " if fx5 else ""
        if fx5:
            out.append("fxgroup" + (f" {g.name}" if g.name else ""))
            out += _annotations(g.annotations, "")
            out.append("{")
        out += [f"{ind}//", f"{ind}// {len(g.techniques)} technique(s)", f"{ind}//"]
        for t in g.techniques:
            out.append(f"{ind}{'technique11' if fx5 else 'technique10'} {t.name or ''}".rstrip())
            out += _annotations(t.annotations, ind)
            out.append(f"{ind}{{")
            for p in t.passes:
                out.append(f"{ind}    pass {p.name or ''}".rstrip())
                out += _annotations(p.annotations, ind + "    ")
                out.append(f"{ind}    {{")
                out += _assignments(p.assignments, ind + "        ")
                out += [f"{ind}    }}", ""]
            out += [f"{ind}}}", ""]
        if fx5:
            out += ["}", ""]
    return "\n".join(out) + "\n"
