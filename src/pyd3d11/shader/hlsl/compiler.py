"""Driver: preprocess -> parse -> codegen -> assemble -> DXBC container (RDEF, ISGN, OSGN, SHDR/SHEX,
SFI0, STAT)."""

from __future__ import annotations

import hashlib
import re
import struct
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from ...errors import NotSupportedError
from ...headers.d3dcommon import (
    D3D_SHADER_REQUIRES_LEVEL_9_COMPARISON_FILTERING,
    D3D_SHADER_REQUIRES_MINIMUM_PRECISION,
    D3D_SHADER_REQUIRES_TYPED_UAV_LOAD_ADDITIONAL_FORMATS,
)
from ...headers.d3dcompiler_types import (
    D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY,
    D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR,
    D3DCOMPILE_PACK_MATRIX_ROW_MAJOR,
    D3DCOMPILE_SKIP_OPTIMIZATION,
    D3DCOMPILE_WARNINGS_ARE_ERRORS,
)
from ..dxbc.asm import assemble_program
from ..dxbc.container import build_container
from ..dxbc.encoder import encode_program
from ..dxbc.rdef import RDEF_PROGRAM_TYPE, Rdef
from ..dxbc.signature import Signature, SignatureElement, build_signature
from ..dxbc.stat import build_sfi0, build_stat, program_feature_flags, program_stats
from . import ast as A
from . import regsyntax
from .arraysizes import check_unsized_arrays
from .bufmethods import counter_direction_error
from .codegen import Codegen
from .deadres import dead_resources
from .decls import check_declarations
from .diagnostics import HlslError, Pos, located
from .layout import mark_read_cb_variables
from .lexer import lex
from .parse_stmts import MAX_NESTING
from .parser import Parser
from .ppmessage import PRAGMA_MESSAGE
from .preprocessor import preprocess
from .reflect import build_rdef_for
from .sigpack import signature_order
from .sigphase import instead as signature_instead
from .sigusage import INPUT_FILES, element_never_written, element_read_mask, input_reads, output_writes
from .targets import D3D9_TARGETS
from .typepass import first_type_error, is_later_phase
from .warnpragma import WarningPolicy

_PROFILE = re.compile(r"^(vs|ps|gs|hs|ds|cs)_(4|5)_(0|1)$")
#: the 10Level9 targets: the SM4 program plus an Aon9 chunk with its shader-model-2 equivalent (sm2/)
_LEVEL9 = re.compile(r"^(vs|ps)_4_0_level_9_[13]$")
#: the Direct3D 9 targets built (raw D3D9 bytecode with a CTAB block: sm2/d3d9.py)
_D3D9 = re.compile("^(" + "|".join(sorted(D3D9_TARGETS)) + ")$")


def is_shader_profile(target: str) -> bool:
    """Whether ``target`` is a shader profile this compiler builds from one entry point (SM4/5, level 9, D3D9)."""
    return any(p.match(target or "") for p in (_PROFILE, _LEVEL9, _D3D9))

#: targets d3dcompiler_47 accepts that this compiler does not build yet (E_NOTIMPL, never a wrong blob)
_NOT_BUILT = [
    (re.compile(r"^fx_(2_0|4_0|4_1|5_0)$"), "effects (fx_* targets)"),
    # tx_1_0: texture shaders for D3DXCreateTextureShader / D3DXFillTextureTX, a D3DX-private program format
    # the documentation does not define (and no D3DX9 texture filler here runs one)
    (re.compile(r"^tx_1_0$"), "D3DX9 texture shaders (tx_1_0, for D3DXFillTextureTX: a D3DX-private "
                              "format)"),
    # the lib_* targets are compiled by D3DCompile through library.py, never as one entry point
    (re.compile(r"^lib_(4_0|4_1|5_0)(_level_9_[13](_vs_only|_ps_only)?)?$"),
     "shader libraries as an entry-point compile (D3DCompile builds lib_* targets: hlsl/library.py)"),
    # documented targets of d3dcompiler_47 that are not built: the Direct3D 9 software targets
    # (Specifying Compiler Targets: ps_2_sw, vs_2_sw, ps_3_sw, vs_3_sw) and the 9_0 level-9 profiles (the
    # Shader Models vs Shader Profiles page lists ps/vs_4_0_level_9_0 beside _9_1 and _9_3)
    (re.compile(r"^(vs|ps)_(2|3)_sw$"), "Direct3D 9 software-processing targets (*_sw)"),
    (re.compile(r"^(vs|ps)_4_0_level_9_0$"), "the 4_0_level_9_0 profiles (built: _level_9_1 and _level_9_3)"),
]
_SUPPORTED_STAGES = {"vs", "ps", "cs", "gs", "hs", "ds"}


@dataclass
class CompileResult:
    blob: bytes
    listing: str
    program: object
    #: fxc-format warning lines (``file(line,col): warning X####: …``), what D3DCompile's ppErrorMsgs receives
    warnings: list[str] = field(default_factory=list)


#: Python frames the recursive-descent parser and the tree-walking code generator may use: the parser's
#: MAX_NESTING levels cost about 16 frames each (one per precedence level)
_RECURSION_LIMIT = 16 * MAX_NESTING + 6000


def render_warning(p: Pos, code: int, msg: str) -> str:
    if code == PRAGMA_MESSAGE:
        return msg  # (#pragma message's text, written bare: ppmessage.py)
    return f"{located(p.file, p.line, p.col, getattr(p, 'end', 0))}warning X{code}: {msg}"


def attach_warnings(exc: HlslError, found: list[tuple[Pos, int, str]]) -> None:
    """Give a failed compile's error the warnings emitted before it (fxc prints them with it); a warning
    promoted to this very error is not repeated."""
    exc.warnings = [render_warning(p, code, msg) for p, code, msg in found
                    if (p.file, p.line, p.col, code) != (exc.file, exc.line, exc.col, exc.code)]


class _ObjectGate(Exception):
    """A target refusal of a bound object, to be judged again once the dead resources are known (compile_hlsl)."""

    def __init__(self, error: HlslError) -> None:
        super().__init__(str(error))
        self.error = error


def compile_hlsl(source: str, file: str, entry: str, target: str, defines: dict[str, str] | None = None,
                 include_open: Callable | None = None, flags: int = 0,
                 program_hook: Callable | None = None, file_target: str | None = None,
                 preshader: bool = False, flags2: int = 0) -> CompileResult:
    """``program_hook(program)`` (optional) edits each parsed program before code generation: the effects
    compiler binds ``CompileShader(vs_5_0, VS(1, true))``'s uniform arguments through it. ``file_target``
    (optional) is the target the file's declarations are judged for where it is not ``target``: fxc parses an
    effect file once, for the effect's ``fx_4_x`` target, whatever profile each CompileShader names.
    ``preshader``: a Direct3D 9 target compiled inside an ``fx_2_0`` effect with preshaders on (sm2/preshader.py);
    only the effect compiler asks for it (fxc writes no preshader in a stand-alone shader). ``flags2``: D3DCompile's
    Flags2 (D3DCOMPILE_FLAGS2_FORCE_ROOT_SIGNATURE_1_0 picks the RTS0 part's version)."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, _RECURSION_LIMIT))
    spelling: dict[str, list[HlslError]] = {}  # the parse's register() spelling errors (regsyntax.py)
    try:
        res = _compile_hlsl(source, file, entry, target, defines, include_open, flags, program_hook, file_target,
                            preshader, spelling, flags2)
    except RecursionError:
        # backstop: nesting the parser limit does not see (macro expansion, generated trees)
        raise HlslError(file, 1, 1, 1000, "nesting too deep: compiler stack exhausted") from None
    except HlslError as exc:
        err = _judge_registers(spelling, exc)
        if err is not exc:
            raise err from None
        raise
    except NotSupportedError:
        # a feature not built here, in a program fxc refuses for its register() spelling: fxc's error
        err = _judge_registers(spelling, None)
        if err is not None:
            raise err from None
        raise
    finally:
        sys.setrecursionlimit(old)
    err = _judge_registers(spelling, None)
    if err is not None:
        raise err
    return res


def _judge_registers(spelling: dict, exc: HlslError | None) -> HlslError | None:
    """The error a compile reports given what it raised and the register() / packoffset() errors its parse and its
    constant-buffer layout recorded (regsyntax.py, bufregs.py): the global names, the buffers' registers and the
    packoffsets in source order, then the buffers that mix packoffset members with others."""
    names = sorted(spelling.get("name", []) + spelling.get("layout", []) + spelling.get("fit", []),
                   key=lambda e: (e.line, e.col))
    return regsyntax.judge(spelling.get("profile", []), names, exc, spelling.get("mix", []))


def _compile_hlsl(source: str, file: str, entry: str, target: str, defines: dict[str, str] | None,
                  include_open: Callable | None, flags: int, program_hook: Callable | None = None,
                  file_target: str | None = None, preshader: bool = False,
                  spelling: dict | None = None, flags2: int = 0) -> CompileResult:
    """``spelling``: filled with the register() spelling errors of the target's parse (regsyntax.py), which
    compile_hlsl judges against the compile's outcome."""
    orig_flags = flags
    d3d9 = target if _D3D9.match(target or "") else None
    if d3d9:
        from ..sm2.d3d9 import TARGETS

        # compiled as the matching level-9 target, with D3D9 semantics (POSITION, COLOR, ...) and layout
        target = TARGETS[d3d9].level9
        flags |= D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
    level9 = target if _LEVEL9.match(target or "") else None
    if level9:
        target = target[:6]  # compile the SM4 program as vs_4_0 / ps_4_0, then add the Aon9 chunk
    m = _PROFILE.match(target or "")
    for pattern, what in _NOT_BUILT:
        if pattern.match(target or ""):
            raise NotSupportedError(f"HLSL compilation for {target}: {what}")
    if not m:
        raise HlslError(file, 1, 1, 3000, f"invalid target '{target}' (unsupported profile)")
    stage, major, minor = m.group(1), int(m.group(2)), int(m.group(3))
    if stage not in _SUPPORTED_STAGES:
        raise NotSupportedError(f"HLSL compilation for {target}")
    try:
        pp = preprocess(source, file, defines, include_open)
    except HlslError as exc:
        # the preprocessor's warnings and #pragma message texts read before its first error are printed with it
        # (d3dcompiler_47 10.1, session 49: ``#pragma message("m")`` / ``#include "nope.h"`` is ``m`` then X1507)
        read = getattr(exc, "pp_warnings", None)
        if read is not None and not exc.warnings:
            specs = getattr(exc, "pp_warning_specs", {})
            attach_warnings(exc, [(Pos(f, line, 1), code, msg) for (f, line, code, msg), at in
                                  zip(read, getattr(read, "after", [None] * len(read)))
                                  if at is None and specs.get(code) != "disable"])
        raise
    row_major = bool(flags & D3DCOMPILE_PACK_MATRIX_ROW_MAJOR)
    flag_pack = True if row_major else False if flags & D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR else None
    try:
        tokens = lex(pp.text, file, pp.open_end)  # lexed once: every parse below reads the same list (Parser copies it)
    except HlslError as exc:
        from .salvage import before_bad_character

        found = before_bad_character(pp.text, file, exc, target)
        attach_warnings(found or exc, [(Pos(f, line, 1), code, msg) for f, line, code, msg in pp.warnings
                                       if pp.warning_specs.get(code) != "disable"])
        if found is not None:  # the text before the character had an error (salvage.py)
            raise found from None
        raise
    policy: list[WarningPolicy] = []  # ``#pragma warning`` state by position, once the first parse has run

    from .check import void_return_first
    from .salvage import earlier_declaration_error

    def parse(profile: str):
        parser = Parser(tokens, profile, flag_pack)
        parser.file_target = file_target or profile
        parser.d3d9_target = d3d9  # the Direct3D 9 target the level-9 profile stands for (parse_cbuffer)
        try:
            prog = parser.parse_program()
        except HlslError as exc:  # a register() profile earlier in the text is reported first (regsyntax.py)
            raise regsyntax.after_parse_error(parser.register_profile_errors, exc) from None
        if spelling is not None and profile == target and "profile" not in spelling:
            spelling["profile"] = list(parser.register_profile_errors)
            spelling["name"] = sorted(parser.register_name_errors + [e for f, e in parser.register_param_errors
                                                                     if f == entry], key=lambda e: (e.line, e.col))
            spelling["layout"] = list(parser.layout_errors)  # and the members' fit (cg_resources, below)
            spelling["mix"] = list(parser.mix_errors)
        if not policy:
            policy.append(WarningPolicy(tokens, prog.func_bodies))
        try:
            check_declarations(prog)
        except HlslError as exc:  # (a global defined twice: an earlier declaration's type error first, salvage.py)
            raise earlier_declaration_error(prog, exc, row_major) or exc from None
        check_unsized_arrays(prog, profile.endswith("_5_1"))  # X3074 / X3072 (arraysizes.py)
        if program_hook is not None:
            program_hook(prog)
        return prog

    def generate(dead: frozenset[str], gate: str = "raise") -> tuple[Codegen, str]:
        try:
            return _generate(dead, gate)
        except HlslError as exc:
            if (major, minor) == (5, 1) and exc.code == 3512 and "resource array index" in str(exc):
                # 5.1 indexes resource arrays at run time ("Dynamic indexing using HLSL 5.1"); not built here
                raise NotSupportedError("shader model 5.1: run-time indexing of resource arrays is not built") \
                    from None
            raise

    def _generate(dead: frozenset[str], gate: str = "raise") -> tuple[Codegen, str]:
        """``gate``: what to do with a target refusal of the objects bound (cg_resources.assign_bindings):
        "raise" it, "defer" (raise it as _ObjectGate, to be judged again without the dead resources), "skip"."""
        cg = None
        try:
            cg = Codegen(parse(target), entry, stage, major, minor, row_major)
            if spelling is not None and "fit" not in spelling:  # the first generation's packoffset fit (bufregs.py)
                spelling["fit"] = cg.layout_errors
            cg.compile_flags = flags
            cg.requested_flags = orig_flags
            cg.level9 = level9
            cg.d3d9 = d3d9
            cg.dead_resources = dead
            cg.skip_target_error = gate == "skip"
            cg.run()
        except NotSupportedError:
            if cg is not None and cg.void_return_error is not None:  # a type rule, before what is not built
                raise failed(cg, cg.void_return_error) from None
            if cg is not None and any(cg.signature_errors):  # a refusal the binding made first (sigphase.py)
                raise failed(cg, next(e for e in cg.signature_errors if e is not None)) from None
            if cg is not None and cg.deferred_call_error is not None:  # X3510 met first: fxc refuses the program
                raise failed(cg, cg.deferred_call_error) from None
            raise
        except NotImplementedError as exc:
            if cg is not None and any(cg.signature_errors):
                raise failed(cg, next(e for e in cg.signature_errors if e is not None)) from None
            raise NotSupportedError(str(exc)) from None
        except HlslError as exc:
            if cg is None:
                attach_warnings(exc, pp_warnings())
                raise
            earlier = earlier_declaration_error(cg.prog, exc, row_major)
            if earlier is not None:  # an earlier declaration's type error is fxc's first (salvage.py)
                raise failed(cg, earlier) from None
            held = void_return_first(cg, exc)
            if held is not None:  # ``return value;`` in a void function, judged after its value (check.py)
                raise failed(cg, held) from None
            sig = signature_instead(cg, exc)
            if sig is not None:  # the signature's refusal recorded while binding comes first (sigphase.py)
                raise failed(cg, sig) from None
            nested = cg.deferred_gate_error
            if nested is not None and (exc.code >= 3500 or exc.code == 3084 and nested.code == 3103) and \
                    exc is not nested and exc.code != 4615:
                # (an undefined static member's X3103, read at the file's end, also precedes the entry attributes'
                # X3084: d3dcompiler_47 10.1, session 45, a hull shader without outputcontrolpoints)
                # a resource holding objects (X3683 / X3020, templates.py) or gs_4_x instancing (X3514, gs.py) comes
                # after the type rules (X3000-X3499), before the phases that follow: a loop's unrolling, a double's
                # refusal, the target's object gates; a root signature's X4615 first (d3dcompiler_47 10.1, session 42)
                raise failed(cg, gate_or_index(cg)) from None
            call = cg.deferred_call_error
            if call is not None and exc.code >= 3500 and exc is not call and exc.code != 4615:
                # a call without a definition met before this later phase's refusal (inlining.missing_implementation;
                # at 4.0+ the value's missing semantics, X3503, is recorded before the body: check.py; the D3D9 and
                # level-9 targets judge it after, ``float4 main() { return f(); }`` is X3510 at ps_2_0), or a zero
                # divisor met before the call
                call = zero_divisor_first(cg) or call
                raise failed(cg, call) from None
            if gate == "defer" and exc is cg.deferred_target_error and not cg.level9 and not cg.d3d9:
                raise _ObjectGate(failed(cg, exc)) from None
            legacy = cg.deferred_legacy_error
            if legacy is not None and exc.code >= 3500 and exc.code != 3703 and exc is not cg.deferred_double_error \
                    and not (exc.code == 4615 and legacy.code in (3660, 3549, 3512, 3500)):  # a root signature's X4615 first
                # an error of a later phase found after a kept legacy-target refusal (uintrange.defer): the
                # refusal (or a double's met before it), earlier, is fxc's; a type rule (X3000-X3499) and X3703
                # still come first
                from .uintrange import earliest

                raise failed(cg, zero_divisor_first(cg) or earliest(legacy, cg.deferred_double_error)) from None
            if exc.code == 3687 and (cg.d3d9 or cg.level9) and cg.deferred_double_error is not None:
                # a double output at the Direct3D 9 / level-9 targets: the body's double refusal (X3684 of the
                # value converted or written for it, asdouble's X3651; signatures.bind_output) is fxc's, not the
                # signature's X3687 -- an input's X3687 still comes first, every 4.0+ target keeps X3687
                raise failed(cg, cg.deferred_double_error) from None
            oob = cg.deferred_oob_error
            if oob is not None and exc.code >= 3500 and exc is not oob and exc.code != 4615:
                # (X4615, the root signature's target, precedes code generation: entryattrs.root_signature_first)
                # a literal index out of bounds (exprs.out_of_bounds) comes after the type rules (X3000-X3499)
                # and a double's refusal, before the phases that follow (X4000 ...)
                raise failed(cg, double_or_oob(cg)) from None
            raise failed(cg, exc) from None
        except Exception:
            if cg is not None and cg.deferred_gate_error is not None:
                # the code generation of a resource holding objects is not built: the program is refused (X3683)
                raise failed(cg, cg.deferred_gate_error) from None
            if cg is not None and any(cg.signature_errors):  # (the binding refused the program first)
                raise failed(cg, next(e for e in cg.signature_errors if e is not None)) from None
            if cg is not None and cg.deferred_call_error is not None:  # (X3510 met first)
                raise failed(cg, cg.deferred_call_error) from None
            raise
        if cg.void_return_error is not None or cg.deferred_double_error is not None or \
                cg.deferred_legacy_error is not None or cg.deferred_oob_error is not None or cg.deferred_gate_error is not None or \
                cg.signature_errors[0] is not None or cg.deferred_call_error is not None or \
                cg.gs.stream_target_error is not None:
            return cg, ""  # refused once the uncalled functions are checked (below)
        for pos, code, msg, as_error in issued(cg):
            if as_error:  # the first warning reported as an error ends the compile, those before it printed
                raise HlslError(pos.file, pos.line, pos.col, code, msg, end=getattr(pos, "end", 0))
        try:
            text = cg.listing()[0]
        except HlslError as exc:  # errors judged on the finished code (X4000, X4575) follow their warnings
            raise failed(cg, signature_instead(cg, exc) or exc) from None
        for pos, code, msg, as_error in issued(cg):  # warnings judged on the finished code (X3578)
            if as_error:
                err = HlslError(pos.file, pos.line, pos.col, code, msg, end=getattr(pos, "end", 0))
                attach_warnings(err, all_warnings(cg))
                raise err
        return cg, text

    def gate_or_index(cg: Codegen) -> HlslError | None:
        """The deferred gate (X3523 / X3683 / X3514: Codegen.deferred_gate_error), or a resource array's run-time
        index (X3512 / X3500, exprs.index) the code generation met before a stamped one: d3dcompiler_47 10.1 reports
        ``tt[n].Sample(s, uv); tex2D(s, uv);`` as X3512, the other order X3523 (session 45)."""
        gate, index = cg.deferred_gate_error, cg.deferred_legacy_error
        if gate is not None and index is not None and index.code in (3500, 3512) and \
                getattr(gate, "met", None) is not None and getattr(index, "met", 0) < gate.met:
            return index
        return gate

    def zero_divisor_first(cg: Codegen) -> HlslError | None:
        """A known-zero integer divisor's X4010 where the code generation met it before every other refusal of its
        phase: a double's (X3651 / X3684), the legacy phase's (a stage's barrier X3664, the numberless "invalid
        sequence/cast expression", X3548 ...: uintrange.defer) and a call without a definition (X3510) --
        d3dcompiler_47 10.1, sessions 47-48: ``int k = 1 / 0; double d = p.x;`` at ps_4_0 is X4010, the other order
        X3651; ``GroupMemoryBarrier(); ... i % 0`` at ps_5_0 X3664, the other order X4010; ``x = x / 0; return
        f();`` X4010 where ``f`` has no body, the other order X3510. An index's X3504 waits behind the doubles'
        whatever the order (exprs.out_of_bounds)."""
        from .uintrange import earliest

        oob, legacy = cg.deferred_oob_error, cg.deferred_legacy_error
        if oob is None or oob.code != 4010:
            return None
        return oob if earliest(oob, cg.deferred_double_error, legacy, cg.deferred_call_error) is oob else None

    def double_or_oob(cg: Codegen) -> HlslError | None:
        return zero_divisor_first(cg) or cg.deferred_double_error or cg.deferred_oob_error

    def first_refusal(cg: Codegen) -> HlslError | None:
        """The first of a double's X3684 / X3651, a Direct3D 9 min-precision local's X3703 and the legacy targets'
        X3548 / X3543 / X3704 (uintrange.defer): d3dcompiler_47 10.1 reports them in one phase after the type rules
        (session 37, INTR: ``(uint)a.y; min16float m;`` is X3548, ``min16float m; (uint)m`` X3703, ``asint(a.x);
        double d = a.x;`` X3543, ``double d = a.x; (uint)a.x`` X3684). The double's and the legacy phase's are
        taken in the order code generation met them (uintrange.stamp: ``(double)(uint)a.x`` is X3548; session 44,
        D9), that one against a min-precision declaration by source position."""
        from .precision import local_refusal
        from .uintrange import earliest

        first = earliest(cg.deferred_legacy_error, cg.deferred_double_error)
        if first is None:  # X3703 alone is raised with the listing (Codegen.listing)
            return None
        mp = local_refusal(cg)
        return mp if mp is not None and (mp.line, mp.col) < (first.line, first.col) else first

    def failed(cg: Codegen, exc: HlslError) -> HlslError:
        """The error a failed code generation reports: ``exc`` with the warnings issued before it, or, where one
        of those is reported as an error (/WX, ``#pragma warning(error: …)``), that warning — the first warning
        reported as an error ends the compile (DXC issue 5040's X4000 warning precedes its X4575 error)."""
        found = issued(cg)
        for k, (pos, code, msg, as_error) in enumerate(found):
            if as_error:
                err = HlslError(pos.file, pos.line, pos.col, code, msg, end=getattr(pos, "end", 0))
                attach_warnings(err, [(p, c, m) for p, c, m, _e in found[:k]])
                return err
        attach_warnings(exc, [(p, c, m) for p, c, m, _e in found])
        return exc

    def current_policy() -> WarningPolicy:
        return policy[0] if policy else WarningPolicy(tokens)

    def pp_warnings() -> list[tuple[Pos, int, str]]:
        found = [(Pos(f, line, 1), code, msg) for f, line, code, msg in pp.warnings]
        return [(p, c, m) for p, c, m, _e in current_policy().apply(found)]

    def issued(cg: Codegen) -> list[tuple[Pos, int, str, bool]]:
        """The preprocessor's warnings, then the compiler's, as the ``#pragma warning`` in force where each
        was raised leaves them (warnpragma.py), each with whether it is reported as an error."""
        found = [(Pos(f, line, 1), code, msg) for f, line, code, msg in pp.warnings] + list(cg.warnings)
        return current_policy().apply(found, bool(flags & D3DCOMPILE_WARNINGS_ARE_ERRORS))

    def all_warnings(cg: Codegen) -> list[tuple[Pos, int, str]]:
        return [(p, c, m) for p, c, m, _e in issued(cg)]

    def probe_codegen(p_stage: str, p_major: int, p_minor: int) -> Codegen:
        if (major, minor) == (5, 1) and (p_major, p_minor) == (5, 0):
            p_minor = 1  # register spaces parse at 5.1 only: a 5.1 compile probes at 5.1
        pcg = Codegen(parse(f"{p_stage}_{p_major}_{p_minor}"), entry, p_stage, p_major, p_minor, row_major)
        pcg.compile_flags = flags
        return pcg

    memo = (hashlib.sha256(pp.text.encode()).hexdigest(), file, flags, row_major, file_target, (major, minor) == (5, 1))
    try:
        try:
            cg, text = generate(frozenset(), "defer")
        except _ObjectGate as refused:
            # the objects' model gates (a UAV outside cs below 5.0, TextureCubeArray at 4.0, ...) are judged on the
            # resources fxc binds, after dead-code removal: d3dcompiler_47 10.1 compiles ``c = tca.SampleLevel(s,
            # p, 0);`` at vs_4_0 when nothing reads ``c`` (session 36, helper AUD). Generate once past the refusal to
            # find the dead resources, then again without them; a refusal left is raised.
            try:
                dead = dead_resources(*generate(frozenset(), "skip"))
            except HlslError:
                dead = frozenset()
            if not dead:
                raise refused.error from None
            cg, text = generate(dead)
    except (HlslError, NotSupportedError) as exc:
        if isinstance(exc, HlslError):
            from .entryorder import type_rules_first

            earlier = type_rules_first(exc, parse, entry, stage, major, minor, row_major, flags)
            if earlier is not None:  # a missing entry / hull / domain attribute after the type rules (entryorder.py)
                raise earlier from None
        # fxc type-checks every function body before the phases that follow (typepass.py): a later phase's
        # refusal met while generating, or a feature not built, gives way to a type error anywhere in the file
        if not is_later_phase(exc):
            raise
        found = first_type_error(probe_codegen, memo, entry, program_hook is not None)
        if found is None:
            raise
        attach_warnings(found, pp_warnings())
        raise found from None
    from .bufchecks import check_cb_slots, check_register_overlap_reads, check_tbuffer_overlaps
    from .deadcode import check_dead_branches
    from .doubles import storage_error
    from .objects import check_register_overlaps
    from .uncalled import check_uncalled

    try:
        functions = [d for d in cg.prog.decls if isinstance(d, A.FuncDef)]
        try:
            check_uncalled(probe_codegen, cg.called_funcs, memo, entry, program_hook is not None, functions,
                           [d for d in cg.prog.decls if isinstance(d, A.TypeDecl)] + cg.prog.local_types)
            check_dead_branches(cg, probe_codegen, memo)  # a branch pruned as constant is type-checked (deadcode.py)
        except HlslError as exc:  # a return the code generation never reached, before a later type error
            held = void_return_first(cg, exc)
            if held is None:
                raise
            raise failed(cg, held) from None
        if cg.void_return_error is not None:  # (check.check_function)
            raise failed(cg, cg.void_return_error)
        # doubles below shader model 5: after every type rule of the file, a double global first (doubles.py)
        # the signature's element types after the type rules, its semantics after the optimiser's refusals (sigphase)
        late = cg.deferred_late_error
        refusal = storage_error(cg) or gate_or_index(cg) or cg.signature_errors[0] or zero_divisor_first(cg) or \
            cg.deferred_call_error or first_refusal(cg) or counter_direction_error(cg) or \
            cg.deferred_oob_error or (late if late is not None and late.code < 4000 else None) or \
            cg.signature_errors[1] or cg.gs.stream_target_error or late or \
            cg.tess.late_error  # (hs.check_tess_factor_outputs)
        refusal = refusal or cg.level9_sm4_error  # (divisions.level9_sm4_part: last)
        if refusal is not None:
            raise refusal
        if not d3d9 and file_target is None and not orig_flags & D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY and \
                (pp.fxc_text or "").startswith("#pragma def ("):
            # a #pragma def fxc read whole (the line its D3DPreprocess writes ahead of the text) at a 4.0+ or level-9
            # target, after every other error (d3dcompiler_47 10.1, session 38; none in compatibility mode, nor for a
            # def with three values or a token after it)
            raise HlslError("", 0, 0, 3589, "'#pragma def' is no longer supported on DX10+ and 10level9 targets.  "
                            "Use compatibility mode to allow compilation for now.")
    except HlslError as exc:
        attach_warnings(exc, all_warnings(cg))
        raise
    dead = dead_resources(cg, text)
    if dead:  # fxc binds resources after dead-code removal: generate again without them (deadres.py)
        cg, text = generate(dead)
    try:
        if (major, minor) < (5, 1):  # 5.1 binds constant buffers by range: no 14 slots
            check_cb_slots(cg)  # a link-time error: after the code's own (X3502, X4502, X3511, X4010, a double's ...)
        check_tbuffer_overlaps(cg)
        check_register_overlaps(cg)
    except HlslError as exc:
        attach_warnings(exc, all_warnings(cg))
        raise
    mark_read_cb_variables(cg)  # RDEF's per-variable used flags follow the optimised code (layout.py)
    try:
        check_register_overlap_reads(cg)  # X4019 on those flags (check.py)
    except HlslError as exc:
        attach_warnings(exc, all_warnings(cg))
        raise
    program = program50 = assemble_program(text)
    ranges = None
    if (major, minor) == (5, 1):  # the 5.0 program in the 5.1 register form (hlsl/sm51.py, dxbc/sm51.py)
        from ..dxbc.sm51 import to_sm51
        from ..ir import Opcode
        from .linkage import build_ifce as ifce_for
        from .sm51 import register_ranges

        if ifce_for(cg) is not None or program50.find(Opcode.DCL_INTERFACE, Opcode.DCL_FUNCTION_BODY):
            # SM5.1's register ranges have no form for class linkage's this[]/fp registers here
            raise NotSupportedError("shader model 5.1: interfaces (dynamic class linkage) are not built")
        ranges = register_ranges(cg)
        program = to_sm51(program50, ranges[0])
    from .debuginfo import debug_info

    blob = build_blob(cg, program, debug_info(cg, source, file, pp.sources), program50, ranges, (file, source))
    for late in (cg.gs.stream_kind_error, cg.unmapped_stage_error, cg.gs.output_limit_error):  # after every other error
        if late is not None:
            attach_warnings(late, all_warnings(cg))
            raise late
    if cg.root_signature_pos is not None:  # [RootSignature("…")] at 5.x: the RTS0 part (entryattrs, rootsig.py)
        from .entryattrs import attach_root_signature

        try:
            blob = attach_root_signature(cg, blob, flags2)
        except HlslError as exc:
            attach_warnings(exc, all_warnings(cg))
            raise
    if d3d9:
        # fxc keeps a constant's component index (register * 4) in 32 bits: c4294967296 is c0, c4294967295 c1073741823
        # (d3dcompiler_47 10.1, session 40: X4509 names that slot, c4294967298 overlaps a register(c2))
        explicit = {cv.decl.name: cv.decl.register[1] % (1 << 30) for cb in cg.cbufs if cb.name == "$Globals"
                    for cv in cb.vars if cv.decl.register is not None and cv.decl.register[0] == "c"}
        # the entry point's uniform object parameters are named $name in the constant table, like its values
        entries = [d for d in cg.prog.decls if isinstance(d, A.FuncDef) and d.name == entry and d.body is not None]
        params = {p.name for d in entries[:1] for p in d.params}
        from .check import d3d9_other_set_reservations
        from .objects import leaf_count

        # the b# of each RDEF constant buffer in order (reflect.build_rdef_for lists the used ones so)
        cb_slots = tuple(cb.slot for cb in cg.cbufs if cb.slot >= 0 and cb.used)
        # the globals in source order with their register(s#) and element count, for fxc's D3D9 sampler
        # registers (sm2/d3d9.py _allocate_samplers)
        globals_order = tuple((d.name, d.register[1] if d.register is not None and d.register[0] == "s" else None,
                               leaf_count(d.type)) for d in cg.prog.decls if isinstance(d, A.VarDecl))
        from .intrinsics import check_pixel_ops_after_aon9

        try:
            blob = d3d9_bytecode(blob, program, d3d9, file, explicit, orig_flags, params,
                                 d3d9_other_set_reservations(cg), cb_slots, preshader, globals_order)
        except NotSupportedError:
            check_pixel_ops_after_aon9(cg)  # (a surviving ``ddx_fine``: after the translation's X5631 / X4502)
            raise
        check_pixel_ops_after_aon9(cg)
        from .d3d9minprec import validator_error

        late = validator_error(cg)  # the validator's min-precision marks, after every compile error
        if late is not None:
            attach_warnings(late, all_warnings(cg))
            raise late
    elif level9:
        from .intrinsics import check_pixel_ops_after_aon9

        try:
            blob = add_level9_chunk(blob, program, level9, file)
        except NotSupportedError:
            # the translation stopped at an instruction the level-9 part has none for: a derivative or method
            # left to this slot (a surviving ``ddx_fine``'s X4532, intrinsics._derivative_below_model)
            check_pixel_ops_after_aon9(cg)
            raise
        check_pixel_ops_after_aon9(cg)  # (X4582 of a sampled integer texture: objmethods.method)
    warnings = [render_warning(p, code, msg) for p, code, msg in all_warnings(cg)]
    return CompileResult(blob, text, program, warnings)


def _signature(fourcc: str, elems, output: bool, usage=None) -> Signature:
    """``usage``: input reads (``{(file, reg): mask}``, ``output`` False) or output writes (``{reg: mask}``)."""
    sig = Signature(fourcc)
    for e in signature_order(elems):
        if usage is None:
            rw = 0 if output else e.mask
        elif output:
            rw = element_never_written(usage, e.reg, e.mask)
        else:
            rw = element_read_mask(usage, INPUT_FILES, e.reg, e.mask)
        sig.elements.append(SignatureElement(e.name, e.index, e.sv, e.ctype, e.reg, e.mask, rw,
                                             getattr(e, "stream", 0), getattr(e, "min_precision", 0)))
    if any(el.min_precision for el in sig.elements):
        # a signature with a minimum-precision element is written in the D3D11.1 format that records it
        sig.fourcc = _MIN_PRECISION_FOURCC[fourcc]
    return sig


#: the D3D11.1 signature chunk that records each element's minimum precision, for each older one
_MIN_PRECISION_FOURCC = {"ISGN": "ISG1", "OSGN": "OSG1", "OSG5": "OSG1", "PCSG": "PSG1"}


def _usage(cg: Codegen) -> tuple[dict, dict, dict, dict]:
    """(input reads, output writes, patch-constant reads (DS), patch-constant writes (HS))."""
    if cg.stage == "hs":
        phases = [ph["code"] for _name, ph in cg.tess.hs_phases]
        reads: dict = {}
        for code in phases:
            for k, m in input_reads(code).items():
                reads[k] = reads.get(k, 0) | m
        return reads, output_writes(phases[0]), {}, output_writes([i for c in phases[1:] for i in c])
    reads = input_reads(cg.code)
    return reads, output_writes(cg.code), {(f, r): m for (f, r), m in reads.items() if f == "vpc"}, {}


def build_blob(cg: Codegen, program, debug=None, program50=None, ranges=None, named=None) -> bytes:
    """``program50``/``ranges``: a shader-model-5.1 compile's program in the 5.0 register form and its register
    ranges (hlsl/sm51.py), from which the RDEF bindings and the typed-UAV-load flag are read."""
    target = RDEF_PROGRAM_TYPE[int(program.program_type)] << 16 | program.major << 8 | program.minor
    rdef: Rdef = build_rdef_for(cg, target)
    if ranges is not None:
        from .sm51 import rdef_bindings

        rdef_bindings(rdef, *ranges)
    reads, writes, pc_reads, pc_writes = _usage(cg)
    in_reads = {k: m for k, m in reads.items() if k[0] != "vpc"}
    isgn = _signature("ISGN", cg.inputs, False, in_reads)
    osgn = _signature("OSG5" if cg.stage == "gs" and cg.major >= 5 else "OSGN", cg.outputs, True, writes)
    if cg.level9 is None and cg.d3d9 is None:
        from .svtypes import check_signature_types

        check_signature_types(signature_order(cg.inputs), False, cg.stage)
        check_signature_types(signature_order(cg.outputs), True, cg.stage)
    pcsg = _signature("PCSG", cg.tess.pc_outputs, cg.stage == "hs",
                      pc_writes if cg.stage == "hs" else {("v", r): m for (_f, r), m in pc_reads.items()})
    flags = program_feature_flags(program) | _typed_uav_load_flag(cg, program50 if program50 is not None else program)
    if flags & D3D_SHADER_REQUIRES_MINIMUM_PRECISION:
        # fxc (d3dcompiler_47 10.1) writes every signature of a program that requires minimum precision in the
        # format that records it (ISG1 / OSG1 / PSG1), whatever its elements' types (session 38, REFL)
        for sig in (isgn, osgn, pcsg):
            sig.fourcc = _MIN_PRECISION_FOURCC.get(sig.fourcc, sig.fourcc)
    chunks = [("RDEF", rdef.to_bytes()), (isgn.fourcc, build_signature(isgn))]
    if cg.stage == "ds":
        chunks.append((pcsg.fourcc, build_signature(pcsg)))
    chunks.append((osgn.fourcc, build_signature(osgn)))
    if cg.stage == "hs":
        chunks.append((pcsg.fourcc, build_signature(pcsg)))
    from ..dxbc.ifce import build_ifce
    from .linkage import build_ifce as ifce_for

    ifce = ifce_for(cg)  # class linkage tables (SM5 interfaces), between the signatures and SHEX
    if ifce is not None:
        chunks.append(("IFCE", build_ifce(ifce)))
    chunks.append(("SHEX" if program.major >= 5 else "SHDR", encode_program(program)))
    if flags:
        chunks.append(("SFI0", build_sfi0(flags)))
    chunks.append(("STAT", build_stat(program_stats(program))))
    if debug is not None:  # D3DCOMPILE_DEBUG: the line table and variable locations (shader/dxbc/pydb.py)
        from ..dxbc import debugname, pydb

        chunks.append((pydb.FOURCC, pydb.encode(debug)))
        # /Zi with a debug-name flag; a 4_0_level_9_x object has none (d3dcompiler_47 10.1, session 49)
        if named is not None and debugname.wants_debug_name(cg.compile_flags) and cg.level9 is None:
            name = debugname.debug_name(cg.compile_flags, named[0], named[1],
                                           next(d for f, d in chunks if f in ("SHEX", "SHDR")))
            chunks.append((debugname.FOURCC, debugname.build_ildn(name)))
    return build_container(chunks)




def _typed_uav_load_flag(cg: Codegen, program) -> int:
    """D3D_SHADER_REQUIRES_TYPED_UAV_LOAD_ADDITIONAL_FORMATS when an ld_uav_typed of a UAV whose element type is
    more than one 32-bit component remains in the program (memaccess._typed_uav_load_check)."""
    from ..ir import Opcode, OperandType

    if not cg.wide_typed_uavs:
        return 0
    for inst in program.instructions:
        if inst.opcode == Opcode.LD_UAV_TYPED and any(
                o.type == OperandType.UNORDERED_ACCESS_VIEW and o.register in cg.wide_typed_uavs
                for o in inst.operands):
            return D3D_SHADER_REQUIRES_TYPED_UAV_LOAD_ADDITIONAL_FORMATS
    return 0


def add_level9_chunk(blob: bytes, program, target: str, file: str) -> bytes:
    """``blob`` with the Aon9 chunk of ``target`` (vs/ps_4_0_level_9_1/_3), in fxc's chunk order; raises the
    compile error of the first level-9 rule the program breaks (sm2/profile.py)."""
    from ..dxbc.aon9 import Aon9Chunk, build_aon9
    from ..dxbc.container import parse_container
    from ..sm2.profile import PROFILES
    from ..sm2.program import encode_program as encode_sm2
    from ..sm2.program import to_bytes

    prof = PROFILES[target]
    tr, _refl, _prog = translate_level9(blob, program, prof, file)
    chunk = Aon9Chunk(tr.program.version_token, to_bytes(encode_sm2(tr.program)),
                      [(m.buffer, m.start, m.count, m.target, m.conversions) for m in tr.cb_mappings],
                      [(m.resource, m.sampler, m.target) for m in tr.sampler_mappings], tr.runtime_constants,
                      [struct.pack("<4H", *m) for m in tr.loop_mappings])
    chunks = [(c.fourcc, c.data) for c in parse_container(blob)]
    from ..dxbc.stat import build_sfi0
    from ..ir import Opcode

    if program.find(Opcode.SAMPLE_C, Opcode.SAMPLE_C_LZ):  # SampleCmp at 9_x: D3D9 shadow support required
        flag = D3D_SHADER_REQUIRES_LEVEL_9_COMPARISON_FILTERING
        sfi0 = [i for i, (f, _) in enumerate(chunks) if f == "SFI0"]
        if sfi0:
            old = int.from_bytes(chunks[sfi0[0]][1][:8], "little")
            chunks[sfi0[0]] = ("SFI0", build_sfi0(old | flag))
        else:
            chunks.insert([f for f, _ in chunks].index("STAT"), ("SFI0", build_sfi0(flag)))
    return build_container([("Aon9", build_aon9(chunk)), *sorted(chunks, key=_level9_chunk_rank)])


#: fxc's chunk order in a 4_0_level_9_x object: Aon9, the program, its debug data, STAT, SFI0, then the
#: reflection and the signatures (RDEF, ISGN / ISG1, OSGN / OSG1) -- not the shader model 4 object's order with
#: Aon9 in front (d3dcompiler_47 10.1, session 47: ps / vs 9_1 and 9_3, with /Zi, SampleCmp's SFI0 and min
#: precision's ISG1 / OSG1; every one so)
_LEVEL9_CHUNK_RANKS = {"SHDR": 0, "SHEX": 0, "SPDB": 1, "PYDB": 1, "STAT": 2, "SFI0": 3}


def _level9_chunk_rank(chunk: tuple[str, bytes]) -> int:
    return _LEVEL9_CHUNK_RANKS.get(chunk[0], 4)  # (sorted() keeps the rest -- RDEF, signatures -- in their order)


def translate_level9(blob: bytes, program, prof, file: str, finish: Callable | None = None,
                     no_mapped_counts: bool = False, bool_branches: str | None = None):
    """The shader-model-2 translation of ``program`` (whose SM4 blob is ``blob``) under profile ``prof``, the
    blob's (RDEF, ISGN, OSGN), parsed, and the final program; raises the compile error of the first profile rule
    the final program breaks (sm2/profile.py), after retrying counted loops as rep loops where the profile has
    loops. ``finish(translation, reflection)``: the final program made of a translation (the Direct3D 9
    program, sm2/d3d9.py); without it the translation's own program. ``no_mapped_counts``, ``bool_branches``:
    see translate."""
    from ..dxbc.container import parse_container
    from ..dxbc.rdef import parse_rdef
    from ..dxbc.signature import parse_signature
    from ..sm2.optimize import allocate_registers, remove_dead_code
    from ..sm2.profile import profile_errors
    from ..sm2.translate import translate
    from ..sm2.types import shader_types

    parsed = parse_container(blob)
    rdef = parsed.get("RDEF")
    ifc = "ISG1" if parsed.get("ISG1") is not None else "ISGN"
    ofc = "OSG1" if parsed.get("OSG1") is not None else "OSGN"
    isgn, osgn = parsed.get(ifc), parsed.get(ofc)
    refl = (parse_rdef(rdef) if rdef is not None else None,
            parse_signature(isgn, ifc) if isgn is not None else None,
            parse_signature(osgn, ofc) if osgn is not None else None)
    types = shader_types(*refl)

    def final(t):
        return finish(t, refl) if finish is not None else t.program

    def check(p) -> list[tuple[int, str]]:
        return profile_errors(p, prof, by_dimension=finish is not None, d3d9=finish is not None)

    tr = translate(program, prof, file, types, no_mapped_counts=no_mapped_counts, bool_branches=bool_branches)
    tr.program = allocate_registers(remove_dead_code(tr.program), prof.temps)

    prog = final(tr)
    errs = check(prog)
    if errs and prof.static_flow_depth:  # unrolled loops too long: keep the counted ones as rep loops
        try:
            again = translate(program, prof, file, types, prefer_rep=True, no_mapped_counts=no_mapped_counts,
                              bool_branches=bool_branches)
        except (HlslError, NotSupportedError):
            again = None
        if again is not None:
            again.program = allocate_registers(remove_dead_code(again.program), prof.temps)
            again_prog = final(again)
            if not check(again_prog):
                tr, prog, errs = again, again_prog, []
    if errs and finish is None:
        # still over a limit: the Direct3D 9 targets' peepholes (sm2/peephole.py: mul + add -> mad, moves folded
        # into the instruction that computes them), which fxc's own level-9 code shows (DirectXTK
        # EnvironmentMapEffect PSEnvMapSpherePixelLightingFresnel: mad throughout, 47 arithmetic slots). Programs
        # that fit without them keep their form.
        from ..sm2.peephole import optimize as peephole
        from ..sm2.program import Sm2Program

        p = tr.program
        fused = allocate_registers(remove_dead_code(Sm2Program(p.kind, p.major, p.minor,
                                                               peephole(list(p.instructions), prof))), prof.temps)
        if not check(fused):
            tr.program = prog = fused
            errs = []
    if errs:
        code, msg = errs[0]
        raise HlslError(file, 1, 1, code, msg)
    return tr, refl, prog


def d3d9_bytecode(blob: bytes, program, target: str, file: str, explicit: dict[str, int], flags: int,
                  params: set[str] | frozenset[str] = frozenset(),
                  other_sets: dict[str, str] | None = None, cb_slots: tuple[int, ...] = (),
                  preshader: bool = False, globals_order: tuple[tuple[str, int | None, int], ...] = ()) -> bytes:
    """The Direct3D 9 bytecode (CTAB comment, then the program) of a vs_2_0 / vs_2_a / ps_2_0 / ps_2_a / ps_2_b
    compile whose SM4 program and blob are ``program`` / ``blob`` (sm2/d3d9.py); raises the first profile rule
    the final program breaks. ``preshader``: see compile_hlsl."""
    from .. import ir
    from ..sm2.d3d9 import TARGETS, BothUses, check_sm3, native_program
    from ..sm2.program import encode_program as encode_sm2
    from ..sm2.program import to_bytes

    prof = TARGETS[target].profile
    check_sm3(program, target, file)

    def finish(tr, refl):
        rdef, isgn, osgn = refl
        if preshader:
            try:
                return native_program(tr, rdef, isgn, osgn, target, file, explicit, flags, params, other_sets,
                                      cb_slots, True, globals_order=globals_order)
            except HlslError as e:
                if e.code not in (4507, 5200):
                    raise
                # the preshader's outputs took the constant registers the target lacks (X4507; past ps_2_x's c31 its
                # validator's X5200, sm2/d3d9.validator_constant_error): the shader keeps its code
        return native_program(tr, rdef, isgn, osgn, target, file, explicit, flags, params, other_sets, cb_slots,
                              preshader, move=False, globals_order=globals_order)

    if prof.static_flow_depth and any(i.opcode == ir.Opcode.IF for i in program.instructions):
        # branches on bool constants as ``if b#`` (sm2/static_branch.py), as fxc emits them; where that fails (a
        # bool also read as a value, a limit) the branches are flattened as at the targets without flow control
        try:
            how = "all" if flags & D3DCOMPILE_SKIP_OPTIMIZATION else "sampling"
            _tr, _refl, prog = translate_level9(blob, program, prof, file, finish, bool_branches=how)
            return to_bytes(encode_sm2(prog))
        except (HlslError, NotSupportedError):
            pass
    try:
        _tr, _refl, prog = translate_level9(blob, program, prof, file, finish)
    except BothUses:
        if not prof.dynamic_flow_depth:
            raise
        # the loop count is also a value: the loop is left on its own test against the float register instead
        _tr, _refl, prog = translate_level9(blob, program, prof, file, finish, no_mapped_counts=True)
    return to_bytes(encode_sm2(prog))
