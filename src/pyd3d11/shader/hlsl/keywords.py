"""Words the HLSL reference reserves (MicrosoftDocs win32, direct3dhlsl "Reserved Words"): none may name a
variable, function, parameter, member or type. fxc's grammar gives four of the listed words a meaning of
their own and they are left to it: ``case``/``default`` (switch labels), ``unsigned`` (a type modifier) and
``class`` (SM5 classes); ``this`` names the object inside an SM5 class method.

Where the page and Microsoft's compiler part, the compiler wins (issue 15): d3dcompiler_47 10.1, run under
Wine in session 35, compiles ``char``, ``long`` and ``short`` as the name of a global, local, parameter,
function, struct, member and typedef, so they are no reserved words here although the page lists them.
The same runs found words the page does not reserve that fxc's grammar does (``KEYWORD_NAMES``)."""

from __future__ import annotations

#: the "Reserved Words" page's list, less the words the grammar itself uses and the three fxc takes as names
#: (see the module docstring)
RESERVED_WORDS = frozenset({
    "auto", "catch", "const_cast", "delete", "dynamic_cast", "enum", "explicit", "friend", "goto",
    "mutable", "new", "operator", "private", "protected", "public", "reinterpret_cast",
    "signed", "sizeof", "static_cast", "template", "throw", "try", "typename", "union", "using", "virtual",
})


#: words of the "Keywords" page that no identifier may spell although the grammar reads them only in one
#: place: ``class``/``interface`` (SM5 classes), ``namespace``, ``register`` and ``packoffset`` (the binding
#: clauses ``: register(b0)``, ``: packoffset(c0)``). DXC, which follows fxc's keyword set, makes each of
#: them a keyword too (TokenKinds.def: packoffset, interface KEYHLSL; class, namespace, register C++
#: keywords, ``register`` "reserved for HLSL" in ParseDecl.cpp), so ``float register;`` is X3000 at the word.
#: d3dcompiler_47 10.1 (session 35, under Wine) adds ``unsigned`` (X3000 as a function, member or typedef name as
#: well as a variable's) and ``asm_fragment`` (X3000 as any name).
KEYWORD_NAMES = frozenset({"class", "interface", "namespace", "register", "packoffset", "unsigned", "asm_fragment"})
