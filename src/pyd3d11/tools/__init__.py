"""Command-line tools (DESIGN §2 ``tools/``): ``shader_runner`` (vkd3d .shader_test files through the D3D11
API), ``dxbc`` (container / signature / reflection / disassembly dump) and ``fxc`` (fxc.exe-style compiler
front end). Run each with ``python -m pyd3d11.tools.<name> --help``."""
