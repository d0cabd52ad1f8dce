"""D3DCompile / D3DCompile2 / D3DCompileFromFile / D3DPreprocess (d3dcompiler.h signatures).

Failures raise :class:`pyd3d11.errors.ShaderCompileError` (E_FAIL) whose ``errors`` text uses fxc's
``file(line,col): error X####: message`` format."""

from __future__ import annotations

import codecs
import os
import re
from typing import Any, NoReturn

from ..errors import (
    D3DERR_INVALIDCALL,
    D3DXERR_INVALIDDATA,
    E_FAIL,
    E_INVALIDARG,
    NotSupportedError,
    ShaderCompileError,
)
from .blob import ID3DBlob, blob_bytes
from .hlsl.compiler import compile_hlsl
from .hlsl.diagnostics import HlslError, has_place, located
from .hlsl.ppdefines import DefinitionError, Definitions
from .hlsl.ppmessage import PRAGMA_MESSAGE, in_order
from .hlsl.pptext import full_path, fxc_pragma_layout
from .hlsl.preprocessor import preprocess
from .hlsl.targets import EFFECT_TARGETS, ArgumentsRejected, check_target, hresult_of


def _byte_chars(exc: UnicodeError) -> tuple[str, int]:
    """A decoding error handler: bytes that are not UTF-8 are read one character per byte, as fxc's reader reads
    them (d3dcompiler_47 10.1, session 46: a compile's ``#if '\\xe9' == -23`` takes its group as D3DPreprocess's
    does; U+FFFD, the "replace" handler's, was 65533)."""
    assert isinstance(exc, UnicodeDecodeError)
    return exc.object[exc.start:exc.end].decode("latin-1"), exc.end


codecs.register_error("pyd3d11-bytes", _byte_chars)


def _source_text(pSrcData: Any, SrcDataSize: int | None, keep_nul: bool = False,  # noqa: N803
                 encoding: str = "utf-8") -> str:
    """The source's text: ``SrcDataSize`` bytes. fxc's preprocessor reads past a NUL (a token of its own, written in
    D3DPreprocess's text; the compiler's lexer ends there, see lexer.lex): ``keep_nul``; otherwise the text stops
    at the first NUL (the effect, root signature and library paths, unprobed). ``encoding`` "latin-1": one
    character per byte (D3DPreprocess, see there)."""
    if isinstance(pSrcData, str):
        data = pSrcData.encode("utf-8", "replace")
    else:
        data = blob_bytes(pSrcData)
    if SrcDataSize is not None:
        data = data[:SrcDataSize]
    return (data if keep_nul else data.split(b"\0", 1)[0]).decode(encoding, "pyd3d11-bytes")


_UTF8_BOM = b"\xef\xbb\xbf"


def _read_source_file(path: str) -> bytes:
    """A source file's bytes without the UTF-8 byte order mark an editor may have put first."""
    with open(path, "rb") as f:
        data = f.read()
    return data[len(_UTF8_BOM):] if data.startswith(_UTF8_BOM) else data


def _defines(pDefines: Any) -> dict[str, str]:  # noqa: N803
    out = Definitions()
    if not pDefines:
        return out
    items = pDefines.items() if isinstance(pDefines, dict) else pDefines
    for m in items:
        if isinstance(m, tuple):
            name, val = m
        else:
            name, val = getattr(m, "Name", None), getattr(m, "Definition", None)
        if name is None:
            break
        out.give(str(name), "1" if val is None else str(val))
    return out


def resolve_include_path(base: str, name: str) -> str | None:
    """The file ``#include "name"`` names relative to ``base``, found as Windows finds it: ``\\`` separates
    folders and names match without regard to case (sources written on Windows include
    "Shader_include.hlsl" for shader_include.hlsl). None when there is no such file."""
    name = name.replace("\\", "/")
    path = name if os.path.isabs(name) else os.path.join(base, name)
    if os.path.isfile(path):
        return path
    cur = os.sep if os.path.isabs(path) else ""
    for part in os.path.normpath(path).split(os.sep):
        if not part:
            continue
        cand = os.path.join(cur, part) if cur else part
        if not os.path.exists(cand):
            try:
                entries = os.listdir(cur or ".")
            except OSError:
                return None
            match = next((e for e in entries if e.lower() == part.lower()), None)
            if match is None:
                return None
            cand = os.path.join(cur, match) if cur else match
        cur = cand
    return cur if os.path.isfile(cur) else None


def _include_opener(pInclude: Any, source_name: str, encoding: str = "utf-8"):  # noqa: N803
    """Adapt an ID3DInclude-like object (Open(IncludeType, FileName, ParentData) -> text/bytes, Close(data))
    or D3D_COMPILE_STANDARD_FILE_INCLUDE (files relative to the initial source file's folder, then the current
    directory). ``encoding``: how a file's bytes are read (D3DPreprocess: "latin-1", one character per byte)."""
    if pInclude is None:
        return None
    if repr(pInclude) == "D3D_COMPILE_STANDARD_FILE_INCLUDE":
        def open_std(kind: int, name: str, parent: str) -> tuple[str, str]:
            # what the D3DCompile page names, "files that are relative to the current directory and files that are
            # relative to the directory of the initial source file", and nothing else: d3dcompiler_47 10.1 (session
            # 35) looks in the initial source file's folder first, then the current directory, for a nested
            # include too (sub/b.h's #include "a.h" opens the source folder's a.h, never sub/a.h)
            base = os.path.dirname(source_name or "")
            bases = dict.fromkeys([base, os.getcwd()])
            name = name.rstrip(" ")  # (Windows opens "a.h  " as a.h: an open #include name keeps its blanks)
            path = next((p for b in bases if (p := resolve_include_path(b, name))), None) or os.path.join(base, name)
            # the file's bytes as they are: a byte order mark is three characters of the source, as in the source
            # given in memory (d3dcompiler_47 10.1, session 44: an included file that begins with one is "ï » ¿" in
            # D3DPreprocess's text and X3000 "Illegal character" in a compile)
            with open(path, "rb") as f:
                return f.read().decode(encoding, "pyd3d11-bytes"), path
        return open_std

    # ID3DInclude::Open's pParentData is the data Open returned for the file that holds the #include
    # (NULL for the source passed to D3DCompile), so a handler can resolve nested includes relative
    # to their parent; Close(data) follows once the compiler is done with that file.
    opened: dict[str, Any] = {}

    def open_obj(kind: int, name: str, parent: str) -> tuple[str, str, Any]:
        data = pInclude.Open(kind, name, opened.get(parent) if parent != source_name else None)
        if isinstance(data, tuple):
            data = data[0]
        if isinstance(data, str):  # (a Python handler's text: its UTF-8 bytes, read as the encoding reads bytes)
            text = data if encoding == "utf-8" else data.encode("utf-8").decode(encoding)
        else:
            text = blob_bytes(data).decode(encoding, "pyd3d11-bytes")
        previous = opened.get(name)
        opened[name] = data

        def done() -> None:
            if previous is None:
                opened.pop(name, None)
            else:
                opened[name] = previous
            close = getattr(pInclude, "Close", None)
            if close is not None:
                close(data)
        return text.split("\0", 1)[0], name, done
    return open_obj


def _fail(text: str, hresult: int, ppErrorMsgs: list | None) -> NoReturn:  # noqa: N803
    """A failed compile: the message blob (the C out-parameter) and the exception with fxc's HRESULT."""
    if ppErrorMsgs is not None:
        ppErrorMsgs.append(ID3DBlob(_message_bytes(text + "\n")))
    raise ShaderCompileError(text + "\n", hresult) from None


def _message_bytes(text: str) -> bytes:
    """A message blob's bytes: the source's characters as the bytes they were read from (a compile reads its source
    one character per byte, so a message quoting ``Ã©`` holds the source's two bytes, as fxc's does); a message
    with a character no byte spells (a Python str handed in) keeps UTF-8."""
    try:
        return text.encode("latin-1")
    except UnicodeEncodeError:
        return text.encode()


def _reading_order(text: str, name: str) -> dict[tuple[str, int], int]:
    """Each presumed (file, line) of a preprocessed ``text`` (its ``#line`` markers read) -> the index of the first
    text line that holds it: the order in which fxc's parser, pulling tokens from the preprocessor, reaches them."""
    order: dict[tuple[str, int], int] = {}
    file, line = name, 1
    for k, ln in enumerate(text.split("\n")):
        m = re.match(r'#line (\d+)(?: "(.*)")?\s*$', ln)
        if m:
            file, line = (m.group(2) if m.group(2) is not None else file), int(m.group(1))
            continue
        order.setdefault((file, line), k)
        line += 1
    return order


def _parser_error_first(exc: HlslError, cexc: HlslError, text: str, name: str) -> bool:
    """Whether fxc reports the compile error ``cexc`` before the preprocessor error ``exc`` it went on after: its
    parser reads the tokens the preprocessor hands it, so a syntax or semantic error (X3000-X3499) met on an earlier
    line of the reading order comes first (d3dcompiler_47 10.1, session 38: ``v`` on line 2 then a stray ``#endif``
    on line 3 is X3000 then X1510; after ``#line 50`` / ``#line 10`` the order is the reading order, not the
    numbers); errors of the program as a whole (no line; X3500 on) come after every preprocessor error."""
    if not cexc.file or not 3000 <= cexc.code < 3500:
        # (a compile error in a file #line named "" stays after: the reading order below keys lines by name, and
        # two "" regions share it -- pp_fuzz 48043's #line 3 "" / #line 1 x)
        return False
    order = _reading_order(text, name)
    # (an error whose place is not where the preprocessor met it -- X1006 of a string ``#`` made names the macro's
    # #define -- carries the invocation's line and name: ``met_at``, ppexpand._stringized)
    met_file, met_line, met_name, met_col = getattr(exc, "met_at", (exc.file, exc.line, None, None))
    at_c, at_p = order.get((cexc.file, cexc.line)), order.get((met_file, met_line))
    if at_c is not None and at_c == at_p:
        # on one line the order is the tokens' (d3dcompiler_47 10.1, session 45: "x y F(1)" of a two-parameter F is
        # X3000 at x then X1516, "F(1) x y" X1516 first): the macro the error names stands where the preprocessor
        # met it, the text keeping its name
        # (an invocation left open at the end of the file, X1515, names none: its name ends the line's text --
        # "x F(y F(" is X3000 at x, then X1515)
        if met_col is not None:
            return cexc.col <= met_col  # (the invocation's place in the source line)
        line = text.split("\n")[at_p]
        named = re.search(r"macro '(\w+)'", exc.message)
        named = named.group(1) if named else met_name
        where = re.search(r"(?<!\w)" + re.escape(named) + r"(?!\w)", line) if named else \
            re.search(r"\w+\s*$", line) if exc.code == 1515 else None
        return where is not None and cexc.col <= where.start()
    return at_c is not None and at_p is not None and at_c < at_p


def _parser_error_before_stop(exc: HlslError, stop: HlslError, name: str, pEntrypoint: str,  # noqa: N803
                              pTarget: str, Flags1: int) -> None:  # noqa: N803
    """fxc's parser reads the tokens the preprocessor hands it, so an error it meets in the text read before a
    stopping preprocessor error (#error, an #include that fails, ...) is reported first (d3dcompiler_47 10.1,
    session 45: "x" then "#error stop" is X3000 then the #error's message; a function before it that uses an
    undeclared name X3004): the text read until the stop (``stop.partial_text``) is compiled, and an error of the
    parser or of a whole function there, before ``exc`` in the reading order, is set as ``exc.parser_first``. The
    end of that text is no error of fxc's (its parser has not reached it: "{ return 1;" / "#error" is the #error)."""
    partial = getattr(stop, "partial_text", None)
    if partial is None:
        return
    entry = pEntrypoint or ""
    try:
        try:
            compile_hlsl(partial, name, entry, pTarget or "", None, None, Flags1)
        except HlslError as first:
            if first.code != 3501:
                raise
            # the entry point is defined after the stop: the functions read so far are judged all the same (fxc's
            # parser reports an undeclared name as it reads the function: d3dcompiler_47 10.1, session 47, a
            # function before an open string), so a stand-in entry ends the text
            entry = "pp_partial_entry_"
            compile_hlsl(partial + f"\nvoid {entry}() {{}}\n", name, entry, pTarget or "", None, None, Flags1)
    except HlslError as cexc:
        if not has_place(cexc.file) or not 3000 <= cexc.code < 3500 or cexc.message.endswith("unexpected end of file"):
            return  # (the text's end, where the stop cut a function, is no error of fxc's parser: see above)
        order = _reading_order(partial, name)
        at_c = order.get((cexc.file, cexc.line))
        end = max(order.values(), default=0) + 1  # (past every line of the text read)
        at_p = end if exc.code == stop.code and exc.line == stop.line else order.get((exc.file, exc.line))
        if at_c is not None and at_p is not None and at_c < at_p:
            exc.parser_first = cexc
    except Exception:  # noqa: BLE001,S110 (a text the compiler cannot take says nothing of the order)
        pass


class _Replayed:
    """An include opener whose files a second preprocessing run reads again without asking the handler: fxc reads
    the source once, so its ID3DInclude sees one Open / Close per ``#include`` (d3dcompiler_47 10.1, session 47: a
    compile whose included file ends in an open comment opened it twice here). Each (kind, name, parent) call of the
    first run is kept in order -- a failed Open too -- and handed out again once ``replay`` is set; a call past them
    asks the handler."""

    def __init__(self, opener: Any) -> None:
        self.opener, self.replay, self.kept, self.given = opener, False, [], {}

    def again(self) -> _Replayed:
        """Set for a further run: the kept files are handed out from the first again."""
        self.replay, self.given = True, {}
        return self

    def __call__(self, kind: int, name: str, parent: str) -> tuple:
        key = (kind, name, parent)
        if self.replay:
            at = self.given.get(key, 0)
            got = [r for k, r in self.kept if k == key]
            if at < len(got):
                self.given[key] = at + 1
                r = got[at]
                if isinstance(r, Exception):
                    raise r  # (an Open that failed fails again without asking: fxc asked once)
                return r if len(r) < 3 else (*r[:2], lambda: None)
        try:
            r = self.opener(kind, name, parent)
        except Exception as exc:
            if not self.replay:
                self.kept.append((key, exc))
            raise
        if not self.replay:
            self.kept.append((key, r))
        return r


#: a string or character constant closed on its line (an open one is what X1005 / X1006 report)
_CLOSED_QUOTE = re.compile(r""""(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'""")


def _parser_error_before_open(exc: HlslError, text: str, name: str, pDefines: Any, opener: Any,  # noqa: N803
                              pEntrypoint: str, pTarget: str, Flags1: int) -> None:  # noqa: N803
    """An error of fxc's parser in the text before a string or comment left open comes first (d3dcompiler_47 10.1,
    session 47: ``x "open`` is X3000 "unrecognized identifier 'x'" then X1005, ``x /* open`` at the end X3000 then
    X1001, a function before it that uses an undeclared name X3004 first, in an included file too; ``"open`` alone,
    ``float f = 1 "open`` -- the parser meets the error at the string itself -- and ``int a; /* open`` stay X1005 /
    X1001): the text up to the open string or comment, its line included, is compiled as the text read before a
    stop is (``_parser_error_before_stop``)."""
    try:
        res = preprocess(text, name, _defines(pDefines), opener and opener.again(), keep_errors=True)
    except HlslError:
        return
    if not res.errors or (res.errors[0].code, res.errors[0].line) != (exc.code, exc.line):
        return
    lines = res.text.split("\n")
    at_p = _reading_order(res.text, name).get((exc.file, exc.line))
    if at_p is None:
        return
    stop = HlslError(exc.file, exc.line, exc.col, exc.code, exc.message)
    # (the compile's text holds the tokens before an open string, the string left out: Preprocessor.process)
    stop.partial_text = "\n".join(lines[:at_p + 1]) + "\n"
    _parser_error_before_stop(exc, stop, name, pEntrypoint, pTarget, Flags1)


def _hresult_after_preprocessor(exc: HlslError, text: str, name: str, pDefines: Any, opener: Any,  # noqa: N803
                                pEntrypoint: str, pTarget: str, Flags1: int) -> int:  # noqa: N803
    """D3DCompile's HRESULT when ``exc`` is a preprocessor error fxc goes on after (``Preprocessor.tolerate``): fxc
    compiles the text anyway and returns D3DXERR_INVALIDDATA where that compile succeeds, E_FAIL where it fails too
    (d3dcompiler_47 10.1 under Wine, session 37: a stray ``#endif``, ``#foo``, ``#undef`` alone, ``#if 1/0`` after a
    valid shader are 0x88760B59; ``F(1,2)`` of a one-parameter F, which leaves ``F`` in the text, is E_FAIL, as
    are ``#error`` and a file that fails to open, which stop the preprocessor). A string left open (X1005 / X1006)
    still reaches fxc's parser, which refuses it (X3000): E_FAIL."""
    if (exc.code in (1005, 1006) and not hasattr(exc, "met_at")) or getattr(exc, "open_at_end", False):
        # (a string ``#`` made is closed in the text: its line is compiled, see _parser_error_first)
        _parser_error_before_open(exc, text, name, pDefines, opener, pEntrypoint, pTarget, Flags1)
        if exc.code != 1001 or hasattr(exc, "parser_first"):
            return E_FAIL  # (a comment open at the end: the text is compiled for the HRESULT, below)
    try:
        res = preprocess(text, name, _defines(pDefines), opener and opener.again(), keep_errors=True)
    except HlslError as stop:
        _parser_error_before_stop(exc, stop, name, pEntrypoint, pTarget, Flags1)
        return E_FAIL  # an error that stops the preprocessor
    if not res.errors or (res.errors[0].code, res.errors[0].line) != (exc.code, exc.line):
        return E_FAIL
    try:
        # the text carries the #line markers and the pragma lines: the compiler reads it as it read the source
        compile_hlsl(res.text, name, pEntrypoint or "", pTarget or "", None, None, Flags1)
    except HlslError as cexc:
        if _parser_error_first(exc, cexc, res.text, name):
            exc.parser_first = cexc  # (D3DCompile reports it first)
        else:
            # fxc's parser judges each statement as it reads it: an error of the text before the preprocessor's
            # error comes first though the whole text's first error is a later one (d3dcompiler_47 10.1, session 45,
            # pp_fuzz 45148: X3004 on line 19 before X1500 on line 20 and a later syntax error)
            at_p = _reading_order(res.text, name).get((exc.file, exc.line))
            if at_p is not None:
                stop = HlslError(exc.file, exc.line, exc.col, exc.code, exc.message)
                stop.partial_text = "\n".join(res.text.split("\n")[:at_p]) + "\n"
                _parser_error_before_stop(exc, stop, name, pEntrypoint, pTarget, Flags1)
        return E_FAIL
    except Exception:  # noqa: BLE001 (any failure of the second compile is fxc's E_FAIL)
        return E_FAIL
    return D3DXERR_INVALIDDATA


#: the Flags2 bits an fx_4_x / fx_5_0 compile takes: D3DCOMPILE_EFFECT_CHILD_EFFECT (1), _ALLOW_SLOW_OPS (2) and 8
#: (no header names it); any other is D3DERR_INVALIDCALL. fx_2_0 and the shader targets ignore Flags2.
_EFFECT_FLAGS2 = 0x1 | 0x2 | 0x8
#: D3DCOMPILE_SECDATA_MERGE_UAV_SLOTS, _PRESERVE_TEMPLATE_SLOTS, _REQUIRE_TEMPLATE_MATCH
_SECDATA_FLAGS = 0x1 | 0x2 | 0x4


def D3DCompile(pSrcData: Any, SrcDataSize: int | None, pSourceName: str | None, pDefines: Any, pInclude: Any,  # noqa: N802,N803
               pEntrypoint: str, pTarget: str, Flags1: int = 0, Flags2: int = 0,
               ppErrorMsgs: list | None = None) -> ID3DBlob:
    """Compile HLSL source to a DXBC blob (vs/ps/gs/hs/ds/cs _4_0, _4_1, _5_0).

    ``ppErrorMsgs`` mirrors the C out-parameter: pass a list and the message blob (warnings on success,
    errors on failure; fxc's text format) is appended to it when there is one."""
    name = pSourceName or "source"
    lead: list[str] = []
    if pTarget in ("rootsig_1_0", "rootsig_1_1") and pEntrypoint is None:  # fxc's words for this target
        _fail("D3DCompile: Entry point must specify the RootSignature define name", D3DERR_INVALIDCALL, ppErrorMsgs)
    if isinstance(pTarget, str):
        try:
            pTarget, lead = check_target(pTarget, pEntrypoint, Flags1)
        except ArgumentsRejected as exc:  # fxc's words, without a file (most without an X number)
            _fail(exc.text, D3DERR_INVALIDCALL, ppErrorMsgs)
        except HlslError as exc:
            _fail(exc.text(), hresult_of(exc, pTarget), ppErrorMsgs)
    full = _source_text(pSrcData, SrcDataSize, keep_nul=True)  # (d3dcompiler_47 10.1, session 43: see _source_text)
    text = full.split("\0", 1)[0]
    if pTarget in ("fx_4_0", "fx_4_1", "fx_5_0"):
        if (Flags2 or 0) & ~_EFFECT_FLAGS2:  # (no message: d3dcompiler_47 10.1, session 47, each bit at fx_4_0 / 5_0)
            raise ShaderCompileError("", D3DERR_INVALIDCALL)
        return _compile_effect(text, name, pDefines, pInclude, pTarget, Flags1, ppErrorMsgs, Flags2)
    if pTarget == "fx_2_0":
        return _compile_effect_fx2(text, name, pDefines, pInclude, Flags1, ppErrorMsgs)
    if pTarget in ("rootsig_1_0", "rootsig_1_1"):  # a root signature alone: its RTS0 part (hlsl/entryattrs.py)
        from .hlsl.entryattrs import compile_root_signature

        try:
            return ID3DBlob(compile_root_signature(text, name, pEntrypoint, pTarget, _defines(pDefines),
                                                   _include_opener(pInclude, name), Flags1))
        except HlslError as exc:
            _fail(exc.report(), hresult_of(exc, pTarget), ppErrorMsgs)
    from .hlsl.library import LIBRARY_TARGET, compile_library

    if LIBRARY_TARGET.match(pTarget or ""):  # a shader library: the entry point is not used
        warnings: list[str] = []
        try:
            blob = compile_library(text, name, pTarget, _defines(pDefines), _include_opener(pInclude, name), Flags1,
                                   warnings)
        except HlslError as exc:
            _fail(exc.report(), hresult_of(exc, pTarget), ppErrorMsgs)
        if warnings and ppErrorMsgs is not None:
            ppErrorMsgs.append(ID3DBlob(("\n".join(warnings) + "\n").encode()))
        return ID3DBlob(blob)
    # a shader's compile reads bytes as D3DPreprocess does (d3dcompiler_47 10.1, session 47: a UTF-8 character in
    # an ``#if`` character constant is two characters there, X1500 -- the compile had decoded it first), and the
    # include handler is asked once per file though a tolerated error runs the preprocessor again (_Replayed)
    full = _source_text(pSrcData, SrcDataSize, keep_nul=True, encoding="latin-1")
    plain = _include_opener(pInclude, name, "latin-1")
    opener = None if plain is None else _Replayed(plain)
    try:
        res = compile_hlsl(full, name, pEntrypoint or "", pTarget or "", _defines(pDefines), opener, Flags1,
                           flags2=Flags2 or 0)
    except HlslError as exc:
        exc.warnings[:0] = lead
        hr = hresult_of(exc, pTarget)
        if hr == E_FAIL:
            hr = _hresult_after_preprocessor(exc, full, name, pDefines, opener, pEntrypoint, pTarget, Flags1)
        first = getattr(exc, "parser_first", None)
        _fail(exc.report() if first is None else "\n".join([*exc.warnings, first.text(), exc.text()]), hr,
              ppErrorMsgs)
    warnings = lead + res.warnings
    if warnings and ppErrorMsgs is not None:
        ppErrorMsgs.append(ID3DBlob(_message_bytes("\n".join(warnings) + "\n")))
    return ID3DBlob(res.blob)


def _compile_effect(text: str, name: str, pDefines: Any, pInclude: Any, target: str, flags: int,  # noqa: N803
                    ppErrorMsgs: list | None, flags2: int = 0) -> ID3DBlob:  # noqa: N803
    """fx_4_0/fx_4_1/fx_5_0: the effect binary FX11 reads (pyd3d11.effects; the entry point is ignored, as
    fxc ignores it for effect targets); ``flags2`` the D3DCOMPILE_EFFECT_* bits."""
    from ..effects.binary import write_effect
    from ..effects.fxcompile import compile_effect

    try:
        eff = compile_effect(text, name, target, _defines(pDefines), _include_opener(pInclude, name), flags,
                             flags2)
    except HlslError as exc:
        _fail(exc.text(), hresult_of(exc), ppErrorMsgs)
    return ID3DBlob(write_effect(eff))


def _compile_effect_fx2(text: str, name: str, pDefines: Any, pInclude: Any, flags: int,  # noqa: N803
                        ppErrorMsgs: list | None) -> ID3DBlob:  # noqa: N803
    """fx_2_0: the Direct3D 9 effect binary (pyd3d11.effects.fx2compile; the entry point is ignored)."""
    from ..effects.fx2binary import write_fx2
    from ..effects.fx2compile import compile_fx2

    try:
        eff = compile_fx2(text, name, _defines(pDefines), _include_opener(pInclude, name), flags)
    except HlslError as exc:
        _fail(exc.text(), hresult_of(exc), ppErrorMsgs)
    return ID3DBlob(write_fx2(eff))


def D3DCompile2(pSrcData: Any, SrcDataSize: int | None, pSourceName: str | None, pDefines: Any, pInclude: Any,  # noqa: N802,N803
                pEntrypoint: str, pTarget: str, Flags1: int = 0, Flags2: int = 0, SecondaryDataFlags: int = 0,
                pSecondaryData: Any = None, SecondaryDataSize: int = 0, ppErrorMsgs: list | None = None) -> ID3DBlob:
    """D3DCompile with secondary data. The secondary data (D3DCOMPILE_SECDATA_*: UAV slots merged from, or
    template slots matched against, a previously compiled shader) steer slot assignment in ways pyd3d11 has
    not built: such data raises NotSupportedError naming it; without data the call is D3DCompile.

    d3dcompiler_47 10.1 (session 47) checks the secondary arguments before anything else, without a message:
    SecondaryDataFlags beyond the three SECDATA bits, data with no flag, or a flag for an effect target
    (fx_2_0 ... fx_5_0) are E_INVALIDARG; a flag without data compiles the object D3DCompile gives."""
    sec = SecondaryDataFlags or 0
    if sec & ~_SECDATA_FLAGS or (pSecondaryData is not None and not sec) or (sec and pTarget in EFFECT_TARGETS):
        raise ShaderCompileError("", E_INVALIDARG, method="D3DCompile2")
    if pSecondaryData is not None:
        raise NotSupportedError(f"D3DCompile2 secondary data (SecondaryDataFlags 0x{sec:X})", "D3DCompile2")
    return D3DCompile(pSrcData, SrcDataSize, pSourceName, pDefines, pInclude, pEntrypoint, pTarget, Flags1, Flags2,
                      ppErrorMsgs)


def D3DCompileFromFile(pFileName: str, pDefines: Any, pInclude: Any, pEntrypoint: str, pTarget: str,  # noqa: N802,N803
                       Flags1: int = 0, Flags2: int = 0, ppErrorMsgs: list | None = None) -> ID3DBlob:
    """D3DCompile of a file's contents. A UTF-8 byte order mark opening the file is no source text: the file
    reader drops it (SharpDX issue 952: D3DCompileFromFile compiles such a file while D3DCompile of the
    same bytes from memory fails; the in-memory path keeps them, fxc's X3000)."""
    data = _read_source_file(pFileName)
    return D3DCompile(data, len(data), pFileName, pDefines, pInclude, pEntrypoint, pTarget, Flags1, Flags2,
                      ppErrorMsgs)


def _pragma_filtered(res, name: str) -> list[tuple[str, int, int, str]]:
    """The preprocessor's warnings the ``#pragma warning`` lines before each leave issued (warnpragma.py)."""
    from .hlsl.diagnostics import Pos
    from .hlsl.lexer import lex
    from .hlsl.warnpragma import WarningPolicy

    try:
        policy = WarningPolicy(lex(res.text, name))
    except HlslError:  # text the compiler's lexer refuses: only the pragmas' last word per number
        return [w for w in res.warnings if res.warning_specs.get(w[2]) != "disable"]
    kept = policy.apply([(Pos(f, line, 1), code, msg) for f, line, code, msg in res.warnings])
    return [(p.file, p.line, code, msg) for p, code, msg, _e in kept]


def _pp_messages(errors: list, warnings: list, kept: list) -> str:
    """D3DPreprocess's message text: the preprocessor's ``errors`` and the ``kept`` ones of its ``warnings`` in the
    order fxc read them (ppmessage.in_order), a ``#pragma message`` text bare."""
    out = []
    for kind, item in in_order(errors, warnings, kept):
        if kind == "error":
            out.append(item.text() + "\n")
        else:
            f, line, code, msg = item
            out.append(msg + "\n" if code == PRAGMA_MESSAGE else f"{located(f, line, 1)}warning X{code}: {msg}\n")
    return "".join(out)


def D3DPreprocess(pSrcData: Any, SrcDataSize: int | None, pSourceName: str | None, pDefines: Any,  # noqa: N802,N803
                  pInclude: Any, ppErrorMsgs: list | None = None) -> ID3DBlob:
    """The preprocessed text as a blob (with ``#line`` markers, like fxc /P).

    ``ppErrorMsgs`` is the C out-parameter ("errors and warnings that occur during preprocessing"): pass a
    list and the message blob, in fxc's ``file(line,col): error X####: message`` format, is appended when
    preprocessing fails, or with the warnings (an unknown ``#pragma``: X3568) when it succeeds."""
    name = pSourceName or "source"
    # fxc's preprocessor reads bytes: each byte of 0x80 on outside a comment or string is a token of its own, a
    # byte order mark (UTF-8's or UTF-16's) three or two of them, and D3DPreprocess's text holds the bytes as read
    # (d3dcompiler_47 10.1, session 44: "\xef\xbb\xbfpass" is "ï » ¿ pass", "\xc3\xa9" outside a string "Ã ©", in
    # one unchanged; #error's text too): the source is read one character per byte and written back so
    enc = "latin-1"
    try:
        res = preprocess(_source_text(pSrcData, SrcDataSize, keep_nul=True, encoding=enc), name, _defines(pDefines),
                         _include_opener(pInclude, name, enc),
                         keep_errors=True,
                         # fxc's text names the file by its full path; a NULL name is "<memory>" there (d3dcompiler_47
                         # 10.1, session 37: Z:\work\main\<memory>)
                         shown_name=full_path("<memory>" if pSourceName is None else pSourceName))
    except HlslError as exc:
        # (the errors the preprocessor went on after come first: Preprocessor.run's prior_errors; the warnings and
        # #pragma message texts read before the stop among them)
        read = getattr(exc, "pp_warnings", [])
        specs = getattr(exc, "pp_warning_specs", {})
        text = _pp_messages([*getattr(exc, "prior_errors", ()), exc], read,
                            [w for w in read if specs.get(w[2]) != "disable"])
        # (and what fxc reports after a stopping error on the same line: ppcond's X1500 after X1518)
        text += "".join(e.text() + "\n" for e in getattr(exc, "followed_by", ()))
        if ppErrorMsgs is not None:
            ppErrorMsgs.append(ID3DBlob(text.encode(enc, "replace")))
        # (a definition fxc cannot read fails D3DPreprocess with D3DXERR_INVALIDDATA, not E_FAIL: d3dcompiler_47 10.1,
        # session 44, "/* open" and '"open' as a D3D_SHADER_MACRO's Definition)
        hr = D3DXERR_INVALIDDATA if isinstance(exc, DefinitionError) else E_FAIL
        raise ShaderCompileError(text, hr, method="D3DPreprocess") from None
    if res.empty_include:
        # (an #include read an empty file: fxc's D3DPreprocess fails without a message; Preprocessor.include)
        raise ShaderCompileError("", E_INVALIDARG, method="D3DPreprocess")
    found = _pragma_filtered(res, name)
    # the errors fxc's preprocessor goes on after: d3dcompiler_47 10.1 (session 35) returns S_OK and the text,
    # the errors in the message blob (a compile of the same source fails on them), among the warnings
    text = _pp_messages(res.errors, res.warnings, found)
    if text and ppErrorMsgs is not None:
        ppErrorMsgs.append(ID3DBlob(text.encode(enc, "replace")))
    # fxc's own layout of the text (pptext.FxcText); the strict mode's text has only its pragma lines rewritten
    text = res.fxc_text if res.fxc_text is not None else fxc_pragma_layout(res.text)
    return ID3DBlob(text.encode(enc, "replace"))


__all__ = ["D3DCompile", "D3DCompile2", "D3DCompileFromFile", "D3DPreprocess"]
