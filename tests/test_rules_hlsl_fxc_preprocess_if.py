"""fxc's #if, message for message: every expectation recorded from d3dcompiler_47.dll 10.1 (the Windows 10 SDK's
fxc) under Wine, session 35 -- D3DPreprocess's HRESULT, its messages without their positions, and the words of its
text -- not from this project's code. The rules (ppexpr.py): X1500 for every syntax error, its words naming what
the grammar met (a constant spelled by its value: 1e3 is the float '1000', 0x100000000 the integer
'4294967296u64'), one-character constants only, 32-bit integers, division by zero X1503 evaluated or not, the
#elif right after a taken group evaluated, an expression that replacement empties X1518 (D3DPreprocess fails).
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DPreprocess

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

#: (source, D3DPreprocess returned S_OK, its messages without "file(line,col): ", the words of its text)
ROWS = [
    ('#if 1 ? 2 ? 0 : 1 : 1\n#endif\n', True, ["error X1500: syntax error : unexpected token '?'", 'error X1510: unexpected #endif'], ''),
    ('#if 0 ? 1 : 0 ? 2 : 3\npass\n#endif\n', True, [], 'pass'),
    ('#if 1 ? (2 ? 0 : 1) : 1\n#endif\npass\n', True, [], 'pass'),
    ('#if 0X1f == 31\n#endif\n', True, ["error X1500: syntax error : unexpected token 'X1f'"], ''),
    ('#if 0X0\n#endif\n', True, ["error X1500: syntax error : unexpected token 'X0'"], ''),
    ('#if 1 ? 2 : 3 ? 4 : 5\npass\n#endif\n', True, [], 'pass'),
    ('#if (1 ? 2 : 3) ? 4 : 5\npass\n#endif\n', True, [], 'pass'),
    ('#if 1 ? 2 || 3 : 4\npass\n#endif\n', True, [], 'pass'),
    ('#if 0 ? 1 : 2, 3\n#endif\n\n', True, ["error X1500: syntax error : unexpected token ','"], ''),
    ('#if 1 2147483647\n#endif\n', True, ["error X1500: syntax error : unexpected integer '2147483647l'"], ''),
    ('#if 1 2147483648\n#endif\n', True, ["error X1500: syntax error : unexpected integer '-2147483648l'"], ''),
    ('#if 1 4294967295\n#endif\n', True, ["error X1500: syntax error : unexpected integer '-1l'"], ''),
    ('#if 1 0\n#endif\n', True, ["error X1500: syntax error : unexpected integer '0l'"], ''),
    ('#if 1 00\n#endif\n', True, ["error X1500: syntax error : unexpected integer '0l'"], ''),
    ('#if 1 2u\n#endif\n', True, ["error X1500: syntax error : unexpected integer '2ul'"], ''),
    ('#if 1 0xFFFFFFFF\n#endif\n', True, ["error X1500: syntax error : unexpected integer '4294967295ul'"], ''),
    ('#if 1 07\n#endif\n\n', True, ["error X1500: syntax error : unexpected integer '7ul'"], ''),
    ('#if 1 2\n#endif\n', True, ["error X1500: syntax error : unexpected integer '2l'"], ''),
    ('#if 0\n#elif 1 2\n#endif\n', True, ["error X1500: syntax error : unexpected integer '2l'"], ''),
    ('#if 0\n#elif 1 22\n#endif\n', True, ["error X1500: syntax error : unexpected integer '22l'"], ''),
    ('#if 0\n#elif 1 x\n#endif\n', True, ["error X1500: syntax error : unexpected token 'x'"], ''),
    ('#if 1 0x2\n#endif\n\n', True, ["error X1500: syntax error : unexpected integer '2ul'"], ''),
    ('#if 4294967295 == 0xFFFFFFFF\npass\n#endif\n', True, [], 'pass'),
    ('#if 4294967296\n#endif\n', True, ["error X1500: syntax error : unexpected integer '4294967296'", 'error X1510: unexpected #endif'], ''),
    ('#if 037777777777 == 4294967295\npass\n#endif\n', True, [], 'pass'),
    ('#if 040000000000\n#endif\n', True, ["error X1500: syntax error : unexpected integer '4294967296u64'", 'error X1510: unexpected #endif'], ''),
    ('#if 0x100000000\n#endif\n', True, ["error X1500: syntax error : unexpected integer '4294967296u64'", 'error X1510: unexpected #endif'], ''),
    ('#if 1.5\n#endif\n', True, ["error X1500: syntax error : unexpected float '1.5'", 'error X1510: unexpected #endif'], ''),
    ('#if 1e3\n#endif\n', True, ["error X1500: syntax error : unexpected float '1000'", 'error X1510: unexpected #endif'], ''),
    ('#if .5\n#endif\n', True, ["error X1500: syntax error : unexpected float '0.5'", 'error X1510: unexpected #endif'], ''),
    ('#if 0x1e3 == 483\npass\n#endif\n', True, [], 'pass'),
    ('#if "s"\n#endif\n', True, ['error X1500: syntax error : unexpected string constant', 'error X1510: unexpected #endif'], ''),
    ("#if 'ab'\n#endif\n", True, ["error X1500: syntax error : unexpected token '''", 'error X1510: unexpected #endif'], ''),
    ('#if ~1\n#endif\n', True, ["error X1500: syntax error : unexpected token '~'", 'error X1510: unexpected #endif'], ''),
    ('#if 1 +\n#endif\n', True, ['error X1500: syntax error : unexpected end of line', 'error X1510: unexpected #endif'], ''),
    ('#if (1\n#endif\n', True, ['error X1500: syntax error : unexpected end of line', 'error X1510: unexpected #endif'], ''),
    ('#if 1 ? 2\n#endif\n', True, ['error X1500: syntax error : unexpected end of line', 'error X1510: unexpected #endif'], ''),
    ('#if defined(\n#endif\n\n', True, ['error X1500: syntax error : unexpected end of line', 'error X1510: unexpected #endif'], ''),
    ("#if '\\377'\npass\n#endif\n", True, ["error X1500: syntax error : unexpected token '''", 'error X1510: unexpected #endif'], 'pass'),
    ("#if '\\n' == 10\npass\n#endif\n", True, ["error X1500: syntax error : unexpected token '''", 'error X1510: unexpected #endif'], 'pass'),
    ("#if '\\x41' == 65\npass\n#endif\n", True, ["error X1500: syntax error : unexpected token '''", 'error X1510: unexpected #endif'], 'pass'),
    ("#if '\\0' == 0\npass\n#endif\n", True, ["error X1500: syntax error : unexpected token '''", 'error X1510: unexpected #endif'], 'pass'),
    ("#if '\\'' == 39\npass\n#endif\n", True, ["error X1500: syntax error : unexpected token '''"], 'pass'),
    ("#if '\\\\' == 92\npass\n#endif\n", True, ["error X1500: syntax error : unexpected token '''", 'error X1510: unexpected #endif'], 'pass'),
    ("#if '\\q'\npass\n#endif\n", True, ["error X1500: syntax error : unexpected token '''", 'error X1510: unexpected #endif'], 'pass'),
    ("#if '\\101' == 65\npass\n#endif\n", True, ["error X1500: syntax error : unexpected token '''", 'error X1510: unexpected #endif'], 'pass'),
    ("#if '\\a' == 7\npass\n#endif\n", True, ["error X1500: syntax error : unexpected token '''", 'error X1510: unexpected #endif'], 'pass'),
    ('#if \'"\' == 34\npass\n#endif\n', True, [], 'pass'),
    ("#if ''\npass\n#endif\n", True, ["error X1500: syntax error : unexpected token '''", 'error X1510: unexpected #endif'], 'pass'),
    ("#if '\\7' == 7\npass\n#endif\n\n", True, ["error X1500: syntax error : unexpected token '''", 'error X1510: unexpected #endif'], 'pass'),
    ("#if '\\' == 92\npass\n#endif\n", True, [], 'pass'),
    ("#if '\\'\npass\n#endif\n", True, [], 'pass'),
    ("#if 'a' == 97u\npass\n#endif\n\n", True, [], 'pass'),
    ('#if 1 +\n#endif\n', True, ['error X1500: syntax error : unexpected end of line', 'error X1510: unexpected #endif'], ''),
    ('#if\n#endif\n', True, ['error X1500: syntax error : unexpected end of line', 'error X1510: unexpected #endif'], ''),
    ('#if (1,2)\n#endif\n', True, ["error X1500: syntax error : unexpected token ','", 'error X1510: unexpected #endif'], ''),
    ('#if 1.5\n#endif\n', True, ["error X1500: syntax error : unexpected float '1.5'", 'error X1510: unexpected #endif'], ''),
    ('#if defined\n#endif\n', True, ['error X1500: syntax error : unexpected end of line', 'error X1510: unexpected #endif'], ''),
    ('#if defined(\n#endif\n', True, ['error X1500: syntax error : unexpected end of line', 'error X1510: unexpected #endif'], ''),
    ('#if "s"\n#endif\n', True, ['error X1500: syntax error : unexpected string constant', 'error X1510: unexpected #endif'], ''),
    ('#if 0\n#elif 1 2\na\n#endif\n', True, ["error X1500: syntax error : unexpected integer '2l'"], 'a'),
    ('#if 1\n#elif\n#endif\n', True, ['error X1500: syntax error : unexpected end of line'], ''),
    ('#if 0\n#if 1 +\n#endif\n#endif\n\n', True, [], ''),
    ('#define E\n#if E\n#endif\npass\n', False, ['error X1518: invalid or unsupported integer constant expression'], ''),
    ('#define E\n#if (E)\n#endif\npass\n', True, ["error X1500: syntax error : unexpected token ')'", 'error X1510: unexpected #endif'], 'pass'),
    ('#define E\n#if E 1\n#endif\npass\n', True, [], 'pass'),
    ('#define E\n#if 0\n#elif E\n#endif\npass\n', False, ['error X1518: invalid or unsupported integer constant expression'], ''),
    ('#define E\n#ifdef E\n#if E\n#endif\n#endif\npass\n', False, ['error X1518: invalid or unsupported integer constant expression'], ''),
    ('#define E /* c */\n#if E\n#endif\npass\n\n', False, ['error X1518: invalid or unsupported integer constant expression'], ''),
    ('#if 1\n#elif 0\n#elif 1/0\n#endif\npass\n', True, [], 'pass'),
    ('#if 0\n#elif 1\n#elif 1/0\n#endif\npass\n', True, ['error X1503: division by zero in preprocessor expression'], 'pass'),
    ('#if 0\n#elif 1\n#elif 0\n#elif 1/0\n#endif\npass\n', True, [], 'pass'),
    ('#if 1\n#else\n#endif\n#if 1\n#elif 1/0\n#else\n#endif\n\n', True, ['error X1503: division by zero in preprocessor expression'], ''),
]


def _messages(text: str) -> list[str]:
    return [re.sub(r"^.*?\(\d+(?:,\d+(?:-\d+)?)?\): ", "", ln) for ln in text.strip().splitlines() if ln.strip()]


@pytest.mark.parametrize(("src", "ok", "messages", "words"), ROWS)
def test_if_answer(src, ok, messages, words):
    msgs: list = []
    try:
        blob = D3DPreprocess(src, None, "t.hlsl", None, None, msgs)
    except ShaderCompileError as exc:
        assert not ok
        assert _messages(exc.errors) == messages
        return
    assert ok
    assert _messages("".join(bytes(m).decode() for m in msgs)) == messages
    text = bytes(blob).decode()
    assert " ".join(w for ln in text.splitlines() if not ln.startswith("#line") for w in ln.split()) == words
