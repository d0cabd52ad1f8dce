"""D3DPreprocess's text as Microsoft's compiler writes it: the ``#pragma`` lines (recorded from d3dcompiler_47.dll
10.1 under Wine, session 35; the D3DPreprocess page says only that the result is the preprocessed text).

The preprocessor's own text (preprocessor.py) keeps every ``#pragma`` line where it stood, since the compiler
applies ``pack_matrix`` and ``warning`` from their positions. fxc's D3DPreprocess writes instead:

- ``#pragma pack_matrix(row_major)`` / ``(column_major)`` where it stood;
- an empty line for any other pragma (``message``, ``once``, ``warning``, ``def``, an unknown one), as for a
  directive.

fxc also writes some ``#pragma def (...)`` / ``#pragma warning (specifier:number)`` lines ahead of the first
``#line`` marker, but not all of them: of ``def(ps_4_0, ...)`` then ``def(vs_4_0, ...)`` only the first, of one
``def`` or one ``warning`` alone none, of ``warning(disable: 3206)`` then ``warning(once: 3205; error: 3204)``
all three numbers in rising order. That rule is not known yet, so none is written here (the compiler, not this
text, applies them).
"""

from __future__ import annotations

from .preprocessor import tokenize_line


def fxc_pragma_layout(text: str) -> str:
    """``text`` (a PreprocessResult's) with its ``#pragma`` lines as fxc's D3DPreprocess writes them."""
    out: list[str] = []
    for ln in text.split("\n"):
        s = ln.strip()
        if not s.startswith("#pragma"):
            out.append(ln)
            continue
        toks = [t for t in tokenize_line(s[len("#pragma"):].strip()) if t != " "]
        out.append(s if toks[:1] == ["pack_matrix"] else "")
    return "\n".join(out)
