"""Shader model 2.x (Direct3D 9) bytecode: the program inside the ``Aon9`` chunk of 4_0_level_9_x shaders.

Modules: ``tokens`` (the D3D9 token tables, data), ``program`` (the SM2 program IR and its token encoder /
decoder), ``disasm`` (fxc-style listing), ``translate`` (SM4 program -> SM2 program: operands, registers and
instructions), ``flow`` (its flow control: unrolling, rep loops, flattened branches, switch, returns),
``base`` (their shared opcode groups, constants, mapping records and refusals), ``types`` (integer / bool
constants, inputs and outputs from RDEF / ISGN / OSGN), ``fold`` (compile-time evaluation), ``optimize``
(dead code, register allocation) and ``profile`` (the per-profile limits of ps_2_0 / ps_2_x / vs_2_0 / vs_2_x
as the level-9 targets use them). The Direct3D 9 targets of D3DCompile (vs_2_0 ... ps_3_0) reuse the
translation: ``d3d9`` (their profiles, register assignment and the D3D9 program), ``ctab`` (the CTAB constant
table) and ``peephole`` (their straight-line rewrites).
"""
