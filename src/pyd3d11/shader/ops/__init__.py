"""The arithmetic of the instruction set, defined once (D3D11.3 §3.1 float rules, §22 instruction pages).

The tables map an instruction name to its numpy definition on uint32 lane words: ``alu_float.FLOAT_OPS``,
``alu_int.INT_OPS``, ``alu_double.DOUBLE_OPS``. The executors (``shader.exec``) run them and the HLSL compiler
folds constants with them (``ops.fold.fold_alu``), so a folded constant is the value the instruction
computes at run time. A leaf: it imports nothing of the project.
"""
