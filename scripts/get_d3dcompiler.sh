#!/bin/sh
# Fetch Microsoft's redistributable d3dcompiler_47.dll (10.1, Windows 10 SDK) and the Wine / mingw-w64 tools that
# pyd3d11.tools.wine_d3dcompiler needs; a development oracle only (never part of the repository, CI or the install).
# The DLL comes from the cefpython3 66.1 Windows wheel on PyPI, which redistributes it beside Chromium.
# Usage: sh scripts/get_d3dcompiler.sh [DEST]   then   export PYD3D11_D3DCOMPILER_DLL=DEST/d3dcompiler_47.dll
set -e
DEST=${1:-$HOME/.cache/pyd3d11/d3dcompiler}
mkdir -p "$DEST"
command -v x86_64-w64-mingw32-gcc >/dev/null && [ -x /usr/lib/wine/wine64 ] ||
  apt-get install -y --no-install-recommends wine64 gcc-mingw-w64-x86-64-win32
TMP=$(mktemp -d)
python3 -m pip download -q --no-deps --platform win_amd64 --python-version 3.7 --only-binary=:all: \
  cefpython3==66.1 -d "$TMP"
python3 -c "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); open(sys.argv[2], 'wb').write(z.read('cefpython3/d3dcompiler_47.dll'))" \
  "$TMP"/cefpython3-66.1-*.whl "$DEST/d3dcompiler_47.dll"
rm -rf "$TMP"
echo "export PYD3D11_D3DCOMPILER_DLL=$DEST/d3dcompiler_47.dll"
