"""Words the HLSL reference reserves (MicrosoftDocs win32, direct3dhlsl "Reserved Words"): none may name a
variable, function, parameter, member or type. fxc's grammar gives four of the listed words a meaning of
their own and they are left to it: ``case``/``default`` (switch labels), ``unsigned`` (a type modifier) and
``class`` (SM5 classes); ``this`` names the object inside an SM5 class method."""

from __future__ import annotations

#: the "Reserved Words" page's list, less the words the grammar itself uses (see the module docstring)
RESERVED_WORDS = frozenset({
    "auto", "catch", "char", "const_cast", "delete", "dynamic_cast", "enum", "explicit", "friend", "goto",
    "long", "mutable", "new", "operator", "private", "protected", "public", "reinterpret_cast", "short",
    "signed", "sizeof", "static_cast", "template", "throw", "try", "typename", "union", "using", "virtual",
})
