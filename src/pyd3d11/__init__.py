"""pyd3d11: Direct3D 11 (11.1) in Python with a software GPU.

Ports of C++ code use the three header modules::

    from pyd3d11.d3d11 import *
    from pyd3d11.dxgi import *
    from pyd3d11.d3dcompiler import *
"""

__version__ = "0.1.0"
