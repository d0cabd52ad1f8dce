"""The native lowering's subroutine labels (shader/native/lower.py ``run``; session 21, helper MUT, issue 19).

Rule (D3D11.3 §22.7.4 label; the label / dcl_function_body asm pages): ``label l#`` starts a subroutine body that
``call l#`` / ``callc`` may run; ``label fb#`` starts a class-linkage function body, reached only through an
interface call (``fcall``) after linking, and is not a subroutine of the same number. The native lowering compiles
linked programs only, so a program holding a ``label fb#`` — with or without its ``dcl_function_body``, which
fxc always writes but the assembler does not require — is not compiled (lower.Unsupported, so the reference
runs it), and neither is a label instruction without its operand (not a label at all; built by hand, the decoder
never makes one). lower.py #135 (session 19's #132: ``lab is None or lab.type != LABEL`` as ``and``) compiled the
first and crashed on the second (AttributeError instead of Unsupported), and let ``call l0`` run the body of
``label fb0``.
"""

from __future__ import annotations

import dataclasses

import pytest

from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.native.lower import Op, Unsupported, lower

pytestmark = pytest.mark.backend_independent  # runs no shader (lowering only)

H = "cs_5_0\ndcl_thread_group 1, 1, 1\ndcl_temps 1\n"


@pytest.mark.parametrize("src", [
    H + "mov r0.x, l(1)\nret\nlabel fb0\nmov r0.x, l(2)\nret\n",
    H + "call l0\nret\nlabel fb0\nmov r0.x, l(2)\nret\n",  # fb0 is not l0
    H + "call l1\nret\nlabel l1\nmov r0.x, l(3)\nret\nlabel fb0\nmov r0.x, l(2)\nret\n",
], ids=["unreferenced", "call-of-the-same-number", "beside-a-subroutine"])
def test_a_function_body_label_is_not_compiled(src: str):
    with pytest.raises(Unsupported, match="function body"):
        lower(assemble_program(src))


def test_a_label_without_its_operand_is_not_compiled():
    prog = assemble_program(H + "mov r0.x, l(1)\nret\nlabel l0\nret\n")
    i = next(k for k, x in enumerate(prog.instructions) if x.opcode == Op.LABEL)
    prog.instructions[i] = dataclasses.replace(prog.instructions[i], operands=())
    with pytest.raises(Unsupported):
        lower(prog)


def test_subroutine_labels_still_compile():
    lw = lower(assemble_program(H + "call l1\nret\nlabel l1\nmov r0.x, l(3)\nret\n"))
    assert [op.kind for op in lw.ops][:2] == ["if", "mov"]
