"""DirectXMath for Python: the XM functions D3D11 samples use, on numpy float32 (a Python convenience).

Conventions are DirectXMath's (MicrosoftDocs "DirectXMath Library", each function's reference page):

* An ``XMVECTOR`` is a float32 array of shape (4,); an ``XMMATRIX`` a float32 array of shape (4, 4) whose
  rows are ``r[0..3]``. Vectors are **row vectors**: ``XMVector4Transform(v, M) = v @ M``; the translation
  of ``XMMatrixTranslation`` sits in row 3; ``XMMatrixMultiply(A, B) = A @ B`` applies A first. C++'s
  ``A * B`` on matrices is ``A @ B`` in Python. Arguments may be any sequence; results are float32.
* Functions that return a scalar in every lane (``XMVector3Dot``, ``XMVector3Length``,
  ``XMMatrixDeterminant``) return the splatted vector, as in C++; ``XMVectorGetX`` takes a lane out.
* Out-parameters: ``XMMatrixInverse(pDeterminant, M)`` accepts None (as ``nullptr``), or a writable float32
  array of shape (4,) that receives the splatted determinant, or True to get ``(inverse, determinant)``.
  ``XMStoreFloat4x4(&dest, M)`` becomes ``dest = XMStoreFloat4x4(M)`` or ``XMStoreFloat4x4(dest, M)``.
* ``XMFLOAT2/3/4`` and ``XMFLOAT3X3/4X3/4X4`` are small storage types with the C field names that convert
  to numpy (``np.asarray(f)``) and bytes (``f.tobytes()``), so they drop into constant-buffer structures.
* ``Colors.MidnightBlue`` etc.: DirectXColors.h's named colours (the CSS/X11 set, /255 in float32).

Results are float32 computations of the documented formulas; they agree with the SIMD library to a few
ulps, not bit for bit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

f32 = np.float32
XMVECTOR = np.ndarray
XMMATRIX = np.ndarray

XM_PI = f32(3.141592654)
XM_2PI = f32(6.283185307)
XM_1DIVPI = f32(0.318309886)
XM_1DIV2PI = f32(0.159154943)
XM_PIDIV2 = f32(1.570796327)
XM_PIDIV4 = f32(0.785398163)


def _v(v: Any) -> np.ndarray:
    a = np.asarray(v, dtype=np.float32).reshape(-1)
    if a.size < 4:
        a = np.concatenate([a, np.zeros(4 - a.size, np.float32)])
    return a[:4].copy()


def _m(m: Any) -> np.ndarray:
    return np.asarray(m, dtype=np.float32).reshape(4, 4).copy()


def _splat(x: Any) -> np.ndarray:
    return np.full(4, x, np.float32)


# -- scalars -----------------------------------------------------------------------------------------

def XMConvertToRadians(fDegrees: float) -> np.float32:  # noqa: N802,N803
    return f32(fDegrees) * (XM_PI / f32(180.0))


def XMConvertToDegrees(fRadians: float) -> np.float32:  # noqa: N802,N803
    return f32(fRadians) * (f32(180.0) / XM_PI)


def XMScalarSinCos(Value: float) -> tuple[np.float32, np.float32]:  # noqa: N802,N803
    """(sin, cos) — C++'s two out-parameters returned."""
    return f32(math.sin(Value)), f32(math.cos(Value))


# -- vectors -----------------------------------------------------------------------------------------

def XMVectorSet(x: float, y: float, z: float, w: float) -> np.ndarray:  # noqa: N802
    return np.array([x, y, z, w], np.float32)


def XMVectorZero() -> np.ndarray:  # noqa: N802
    return np.zeros(4, np.float32)


def _constant(*v: float) -> np.ndarray:
    a = np.array(v, np.float32)
    a.flags.writeable = False  # XMGLOBALCONST: read-only
    return a


# DirectXMath's global vector constants (XMGLOBALCONST XMVECTORF32 g_XM…)
g_XMZero = _constant(0, 0, 0, 0)
g_XMOne = _constant(1, 1, 1, 1)
g_XMIdentityR0 = _constant(1, 0, 0, 0)
g_XMIdentityR1 = _constant(0, 1, 0, 0)
g_XMIdentityR2 = _constant(0, 0, 1, 0)
g_XMIdentityR3 = _constant(0, 0, 0, 1)


def XMVectorReplicate(Value: float) -> np.ndarray:  # noqa: N802,N803
    return _splat(Value)


def XMVectorSplatOne() -> np.ndarray:  # noqa: N802
    return _splat(1.0)


def XMVectorSplatX(V: Any) -> np.ndarray:  # noqa: N802,N803
    return _splat(_v(V)[0])


def XMVectorSplatY(V: Any) -> np.ndarray:  # noqa: N802,N803
    return _splat(_v(V)[1])


def XMVectorSplatZ(V: Any) -> np.ndarray:  # noqa: N802,N803
    return _splat(_v(V)[2])


def XMVectorSplatW(V: Any) -> np.ndarray:  # noqa: N802,N803
    return _splat(_v(V)[3])


def XMVectorGetX(V: Any) -> np.float32:  # noqa: N802,N803
    return f32(_v(V)[0])


def XMVectorGetY(V: Any) -> np.float32:  # noqa: N802,N803
    return f32(_v(V)[1])


def XMVectorGetZ(V: Any) -> np.float32:  # noqa: N802,N803
    return f32(_v(V)[2])


def XMVectorGetW(V: Any) -> np.float32:  # noqa: N802,N803
    return f32(_v(V)[3])


# XMVectorSelect's per-component control words (DirectXMath.h: XM_SELECT_0 = 0x00000000, XM_SELECT_1 = 0xFFFFFFFF)
XM_SELECT_0 = 0x00000000
XM_SELECT_1 = 0xFFFFFFFF


def XMVectorSelectControl(VectorIndex0: int, VectorIndex1: int, VectorIndex2: int,  # noqa: N802,N803
                          VectorIndex3: int) -> np.ndarray:
    """The control vector for XMVectorSelect: component i all ones where VectorIndexi is 1 (take V2), zero where
    it is 0 (take V1); as uint32 words."""
    idx = (VectorIndex0, VectorIndex1, VectorIndex2, VectorIndex3)
    return np.array([XM_SELECT_1 if i else XM_SELECT_0 for i in idx], np.uint32)


def XMVectorSelect(V1: Any, V2: Any, Control: Any) -> np.ndarray:  # noqa: N802,N803
    """Bitwise select: (V1 & ~Control) | (V2 & Control) on the float words (DirectXMath's XMVectorSelect), so a
    component of V2 replaces V1's where the control word is XM_SELECT_1. Control is 4 uint32 words (an
    XMVECTORU32, e.g. from XMVectorSelectControl) or a float vector whose bits are used as they are."""
    c = np.asarray(Control)
    c = c.astype(np.uint32) if c.dtype.kind in "ui" else _v(c).view(np.uint32)
    a, b = _v(V1).view(np.uint32), _v(V2).view(np.uint32)
    return ((a & ~c) | (b & c)).view(np.float32)


def _set_lane(V: Any, i: int, value: float) -> np.ndarray:  # noqa: N803
    out = _v(V)
    out[i] = value
    return out


def XMVectorSetX(V: Any, x: float) -> np.ndarray:  # noqa: N802,N803
    return _set_lane(V, 0, x)


def XMVectorSetY(V: Any, y: float) -> np.ndarray:  # noqa: N802,N803
    return _set_lane(V, 1, y)


def XMVectorSetZ(V: Any, z: float) -> np.ndarray:  # noqa: N802,N803
    return _set_lane(V, 2, z)


def XMVectorSetW(V: Any, w: float) -> np.ndarray:  # noqa: N802,N803
    return _set_lane(V, 3, w)


def XMVectorAdd(V1: Any, V2: Any) -> np.ndarray:  # noqa: N802,N803
    return _v(V1) + _v(V2)


def XMVectorSubtract(V1: Any, V2: Any) -> np.ndarray:  # noqa: N802,N803
    return _v(V1) - _v(V2)


def XMVectorMultiply(V1: Any, V2: Any) -> np.ndarray:  # noqa: N802,N803
    return _v(V1) * _v(V2)


def XMVectorDivide(V1: Any, V2: Any) -> np.ndarray:  # noqa: N802,N803
    with np.errstate(divide="ignore", invalid="ignore"):
        return _v(V1) / _v(V2)


def XMVectorMultiplyAdd(V1: Any, V2: Any, V3: Any) -> np.ndarray:  # noqa: N802,N803
    return _v(V1) * _v(V2) + _v(V3)


def XMVectorScale(V: Any, ScaleFactor: float) -> np.ndarray:  # noqa: N802,N803
    return _v(V) * f32(ScaleFactor)


def XMVectorNegate(V: Any) -> np.ndarray:  # noqa: N802,N803
    return -_v(V)


def XMVectorAbs(V: Any) -> np.ndarray:  # noqa: N802,N803
    return np.abs(_v(V))


def XMVectorMin(V1: Any, V2: Any) -> np.ndarray:  # noqa: N802,N803
    return np.minimum(_v(V1), _v(V2))


def XMVectorMax(V1: Any, V2: Any) -> np.ndarray:  # noqa: N802,N803
    return np.maximum(_v(V1), _v(V2))


def XMVectorSaturate(V: Any) -> np.ndarray:  # noqa: N802,N803
    return np.clip(_v(V), 0, 1).astype(np.float32)


def XMVectorLerp(V0: Any, V1: Any, t: float) -> np.ndarray:  # noqa: N802,N803
    a = _v(V0)
    return a + (_v(V1) - a) * f32(t)


def XMVectorReciprocal(V: Any) -> np.ndarray:  # noqa: N802,N803
    with np.errstate(divide="ignore"):
        return f32(1) / _v(V)


def XMVectorSqrt(V: Any) -> np.ndarray:  # noqa: N802,N803
    with np.errstate(invalid="ignore"):
        return np.sqrt(_v(V))


def _dot(a: np.ndarray, b: np.ndarray, n: int) -> np.float32:
    return f32(np.sum(a[:n] * b[:n], dtype=np.float32))


def XMVector2Dot(V1: Any, V2: Any) -> np.ndarray:  # noqa: N802,N803
    return _splat(_dot(_v(V1), _v(V2), 2))


def XMVector3Dot(V1: Any, V2: Any) -> np.ndarray:  # noqa: N802,N803
    return _splat(_dot(_v(V1), _v(V2), 3))


def XMVector4Dot(V1: Any, V2: Any) -> np.ndarray:  # noqa: N802,N803
    return _splat(_dot(_v(V1), _v(V2), 4))


def XMVector3Cross(V1: Any, V2: Any) -> np.ndarray:  # noqa: N802,N803
    a, b = _v(V1), _v(V2)
    return np.array([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0], 0], np.float32)


def _length(V: Any, n: int) -> np.ndarray:  # noqa: N803
    a = _v(V)
    return _splat(np.sqrt(_dot(a, a, n)))


def XMVector2Length(V: Any) -> np.ndarray:  # noqa: N802,N803
    return _length(V, 2)


def XMVector3Length(V: Any) -> np.ndarray:  # noqa: N802,N803
    return _length(V, 3)


def XMVector4Length(V: Any) -> np.ndarray:  # noqa: N802,N803
    return _length(V, 4)


def XMVector3LengthSq(V: Any) -> np.ndarray:  # noqa: N802,N803
    a = _v(V)
    return _splat(_dot(a, a, 3))


def _normalize(V: Any, n: int) -> np.ndarray:  # noqa: N803
    """V / |V| over n lanes (the others scaled too); a zero vector stays zero, an infinite length gives NaN
    (the XMVector*Normalize remarks)."""
    a = _v(V)
    length = np.sqrt(_dot(a, a, n))
    if length == 0:
        return np.zeros(4, np.float32)
    if np.isinf(length):
        return np.full(4, np.nan, np.float32)
    return a / length


def XMVector2Normalize(V: Any) -> np.ndarray:  # noqa: N802,N803
    return _normalize(V, 2)


def XMVector3Normalize(V: Any) -> np.ndarray:  # noqa: N802,N803
    return _normalize(V, 3)


def XMVector4Normalize(V: Any) -> np.ndarray:  # noqa: N802,N803
    return _normalize(V, 4)


def XMVector3Transform(V: Any, M: Any) -> np.ndarray:  # noqa: N802,N803
    """(x, y, z, 1) @ M — the full 4D result (w not divided)."""
    a, m = _v(V), _m(M)
    return a[0] * m[0] + a[1] * m[1] + a[2] * m[2] + m[3]


def XMVector3TransformCoord(V: Any, M: Any) -> np.ndarray:  # noqa: N802,N803
    """(x, y, z, 1) @ M divided by its w."""
    r = XMVector3Transform(V, M)
    with np.errstate(divide="ignore", invalid="ignore"):
        return r / r[3]


def XMVector3TransformNormal(V: Any, M: Any) -> np.ndarray:  # noqa: N802,N803
    """(x, y, z, 0) @ M: rows 0-2 only, no translation."""
    a, m = _v(V), _m(M)
    return a[0] * m[0] + a[1] * m[1] + a[2] * m[2]


def XMVector4Transform(V: Any, M: Any) -> np.ndarray:  # noqa: N802,N803
    a, m = _v(V), _m(M)
    return a[0] * m[0] + a[1] * m[1] + a[2] * m[2] + a[3] * m[3]


def XMVector2Transform(V: Any, M: Any) -> np.ndarray:  # noqa: N802,N803
    a, m = _v(V), _m(M)
    return a[0] * m[0] + a[1] * m[1] + m[3]


# -- matrices ----------------------------------------------------------------------------------------

def XMMatrixIdentity() -> np.ndarray:  # noqa: N802
    return np.eye(4, dtype=np.float32)


def XMMatrixSet(*m: float) -> np.ndarray:  # noqa: N802
    if len(m) != 16:
        raise TypeError("XMMatrixSet takes 16 values (m00 .. m33)")
    return np.array(m, np.float32).reshape(4, 4)


def XMMatrixMultiply(M1: Any, M2: Any) -> np.ndarray:  # noqa: N802,N803
    return (_m(M1) @ _m(M2)).astype(np.float32)


def XMMatrixMultiplyTranspose(M1: Any, M2: Any) -> np.ndarray:  # noqa: N802,N803
    return XMMatrixMultiply(M1, M2).T.copy()


def XMMatrixTranspose(M: Any) -> np.ndarray:  # noqa: N802,N803
    return _m(M).T.copy()


def _adjugate_det(m: np.ndarray) -> tuple[np.ndarray, float]:
    """Adjugate and determinant by cofactors (float64)."""
    m64 = m.astype(np.float64)
    cof = np.empty((4, 4))
    for i in range(4):
        for j in range(4):
            minor = np.delete(np.delete(m64, i, 0), j, 1)
            cof[i, j] = (-1) ** (i + j) * np.linalg.det(minor)
    det = float(np.dot(m64[0], cof[0]))
    return cof.T, det


def XMMatrixDeterminant(M: Any) -> np.ndarray:  # noqa: N802,N803
    return _splat(_adjugate_det(_m(M))[1])


def XMMatrixInverse(*args: Any) -> Any:  # noqa: N802
    """XMMatrixInverse(pDeterminant, M) or XMMatrixInverse(M): adjugate / determinant; a singular matrix gives
    infinities and NaNs as in C++ ("If there is no inverse, returns an infinite matrix"). pDeterminant:
    None, a float32 (4,) array filled in place with the splatted determinant, or True -> (inverse, det)."""
    if len(args) == 1:
        p_det, M = None, args[0]
    elif len(args) == 2:
        p_det, M = args
    else:
        raise TypeError("XMMatrixInverse(pDeterminant, M)")
    adj, det = _adjugate_det(_m(M))
    with np.errstate(divide="ignore", invalid="ignore"):
        inv = (adj * (np.float64(1.0) / np.float64(det) if det != 0 else np.inf)).astype(np.float32)
    det_v = _splat(det)
    if isinstance(p_det, np.ndarray):
        p_det[...] = det_v[:p_det.size].reshape(p_det.shape)
    elif p_det is True:
        return inv, det_v
    return inv


def XMMatrixTranslation(OffsetX: float, OffsetY: float, OffsetZ: float) -> np.ndarray:  # noqa: N802,N803
    m = np.eye(4, dtype=np.float32)
    m[3, :3] = (OffsetX, OffsetY, OffsetZ)
    return m


def XMMatrixTranslationFromVector(Offset: Any) -> np.ndarray:  # noqa: N802,N803
    o = _v(Offset)
    return XMMatrixTranslation(o[0], o[1], o[2])


def XMMatrixScaling(ScaleX: float, ScaleY: float, ScaleZ: float) -> np.ndarray:  # noqa: N802,N803
    return np.diag(np.array([ScaleX, ScaleY, ScaleZ, 1], np.float32))


def XMMatrixScalingFromVector(Scale: Any) -> np.ndarray:  # noqa: N802,N803
    s = _v(Scale)
    return XMMatrixScaling(s[0], s[1], s[2])


def XMMatrixRotationX(Angle: float) -> np.ndarray:  # noqa: N802,N803
    s, c = XMScalarSinCos(Angle)
    return np.array([[1, 0, 0, 0], [0, c, s, 0], [0, -s, c, 0], [0, 0, 0, 1]], np.float32)


def XMMatrixRotationY(Angle: float) -> np.ndarray:  # noqa: N802,N803
    s, c = XMScalarSinCos(Angle)
    return np.array([[c, 0, -s, 0], [0, 1, 0, 0], [s, 0, c, 0], [0, 0, 0, 1]], np.float32)


def XMMatrixRotationZ(Angle: float) -> np.ndarray:  # noqa: N802,N803
    s, c = XMScalarSinCos(Angle)
    return np.array([[c, s, 0, 0], [-s, c, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]], np.float32)


def XMMatrixRotationNormal(NormalAxis: Any, Angle: float) -> np.ndarray:  # noqa: N802,N803
    """Rotation by Angle (radians, clockwise looking along the axis toward the origin, left-handed) about a
    unit axis: (1 - c) n n^T + c I + s [n]x in row-vector form."""
    x, y, z = (float(t) for t in _v(NormalAxis)[:3])
    s, c = math.sin(Angle), math.cos(Angle)
    t = 1 - c
    return np.array([[t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0],
                     [t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0],
                     [t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0],
                     [0, 0, 0, 1]], np.float32)


def XMMatrixRotationAxis(Axis: Any, Angle: float) -> np.ndarray:  # noqa: N802,N803
    return XMMatrixRotationNormal(XMVector3Normalize(Axis), Angle)


def XMMatrixRotationRollPitchYaw(Pitch: float, Yaw: float, Roll: float) -> np.ndarray:  # noqa: N802,N803
    """Roll (about Z) first, then pitch (about X), then yaw (about Y)."""
    return XMMatrixRotationZ(Roll) @ XMMatrixRotationX(Pitch) @ XMMatrixRotationY(Yaw)


def XMMatrixRotationRollPitchYawFromVector(Angles: Any) -> np.ndarray:  # noqa: N802,N803
    a = _v(Angles)
    return XMMatrixRotationRollPitchYaw(a[0], a[1], a[2])


def XMMatrixRotationQuaternion(Quaternion: Any) -> np.ndarray:  # noqa: N802,N803
    x, y, z, w = (float(t) for t in _v(Quaternion))
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0],
                     [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0],
                     [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0],
                     [0, 0, 0, 1]], np.float32)


def XMMatrixLookToLH(EyePosition: Any, EyeDirection: Any, UpDirection: Any) -> np.ndarray:  # noqa: N802,N803
    """View matrix: the camera's right/up/forward axes as columns, the eye moved to the origin."""
    r2 = XMVector3Normalize(EyeDirection)
    r0 = XMVector3Normalize(XMVector3Cross(UpDirection, r2))
    r1 = XMVector3Cross(r2, r0)
    neg_eye = -_v(EyePosition)
    m = np.eye(4, dtype=np.float32)
    m[:3, 0], m[:3, 1], m[:3, 2] = r0[:3], r1[:3], r2[:3]
    m[3, :3] = (_dot(r0, neg_eye, 3), _dot(r1, neg_eye, 3), _dot(r2, neg_eye, 3))
    return m


def XMMatrixLookToRH(EyePosition: Any, EyeDirection: Any, UpDirection: Any) -> np.ndarray:  # noqa: N802,N803
    return XMMatrixLookToLH(EyePosition, -_v(EyeDirection), UpDirection)


def XMMatrixLookAtLH(EyePosition: Any, FocusPosition: Any, UpDirection: Any) -> np.ndarray:  # noqa: N802,N803
    return XMMatrixLookToLH(EyePosition, _v(FocusPosition) - _v(EyePosition), UpDirection)


def XMMatrixLookAtRH(EyePosition: Any, FocusPosition: Any, UpDirection: Any) -> np.ndarray:  # noqa: N802,N803
    return XMMatrixLookToLH(EyePosition, _v(EyePosition) - _v(FocusPosition), UpDirection)


def XMMatrixPerspectiveFovLH(FovAngleY: float, AspectRatio: float, NearZ: float, FarZ: float) -> np.ndarray:  # noqa: N802,N803
    s, c = math.sin(0.5 * FovAngleY), math.cos(0.5 * FovAngleY)
    h = c / s
    w = h / AspectRatio
    r = FarZ / (FarZ - NearZ)
    return np.array([[w, 0, 0, 0], [0, h, 0, 0], [0, 0, r, 1], [0, 0, -r * NearZ, 0]], np.float32)


def XMMatrixPerspectiveFovRH(FovAngleY: float, AspectRatio: float, NearZ: float, FarZ: float) -> np.ndarray:  # noqa: N802,N803
    s, c = math.sin(0.5 * FovAngleY), math.cos(0.5 * FovAngleY)
    h = c / s
    w = h / AspectRatio
    r = FarZ / (NearZ - FarZ)
    return np.array([[w, 0, 0, 0], [0, h, 0, 0], [0, 0, r, -1], [0, 0, r * NearZ, 0]], np.float32)


def XMMatrixPerspectiveLH(ViewWidth: float, ViewHeight: float, NearZ: float, FarZ: float) -> np.ndarray:  # noqa: N802,N803
    r = FarZ / (FarZ - NearZ)
    return np.array([[2 * NearZ / ViewWidth, 0, 0, 0], [0, 2 * NearZ / ViewHeight, 0, 0], [0, 0, r, 1],
                     [0, 0, -r * NearZ, 0]], np.float32)


def XMMatrixPerspectiveRH(ViewWidth: float, ViewHeight: float, NearZ: float, FarZ: float) -> np.ndarray:  # noqa: N802,N803
    r = FarZ / (NearZ - FarZ)
    return np.array([[2 * NearZ / ViewWidth, 0, 0, 0], [0, 2 * NearZ / ViewHeight, 0, 0], [0, 0, r, -1],
                     [0, 0, r * NearZ, 0]], np.float32)


def XMMatrixOrthographicLH(ViewWidth: float, ViewHeight: float, NearZ: float, FarZ: float) -> np.ndarray:  # noqa: N802,N803
    r = 1.0 / (FarZ - NearZ)
    return np.array([[2 / ViewWidth, 0, 0, 0], [0, 2 / ViewHeight, 0, 0], [0, 0, r, 0], [0, 0, -r * NearZ, 1]],
                    np.float32)


def XMMatrixOrthographicRH(ViewWidth: float, ViewHeight: float, NearZ: float, FarZ: float) -> np.ndarray:  # noqa: N802,N803
    r = 1.0 / (NearZ - FarZ)
    return np.array([[2 / ViewWidth, 0, 0, 0], [0, 2 / ViewHeight, 0, 0], [0, 0, r, 0], [0, 0, r * NearZ, 1]],
                    np.float32)


def XMMatrixOrthographicOffCenterLH(ViewLeft: float, ViewRight: float, ViewBottom: float, ViewTop: float,  # noqa: N802,N803
                                    NearZ: float, FarZ: float) -> np.ndarray:  # noqa: N803
    rw, rh, r = 1.0 / (ViewRight - ViewLeft), 1.0 / (ViewTop - ViewBottom), 1.0 / (FarZ - NearZ)
    return np.array([[2 * rw, 0, 0, 0], [0, 2 * rh, 0, 0], [0, 0, r, 0],
                     [-(ViewLeft + ViewRight) * rw, -(ViewTop + ViewBottom) * rh, -r * NearZ, 1]], np.float32)


def XMMatrixOrthographicOffCenterRH(ViewLeft: float, ViewRight: float, ViewBottom: float, ViewTop: float,  # noqa: N802,N803
                                    NearZ: float, FarZ: float) -> np.ndarray:  # noqa: N803
    rw, rh, r = 1.0 / (ViewRight - ViewLeft), 1.0 / (ViewTop - ViewBottom), 1.0 / (NearZ - FarZ)
    return np.array([[2 * rw, 0, 0, 0], [0, 2 * rh, 0, 0], [0, 0, r, 0],
                     [-(ViewLeft + ViewRight) * rw, -(ViewTop + ViewBottom) * rh, r * NearZ, 1]], np.float32)


# -- quaternions (x, y, z, w) ------------------------------------------------------------------------

def XMQuaternionIdentity() -> np.ndarray:  # noqa: N802
    return np.array([0, 0, 0, 1], np.float32)


def XMQuaternionMultiply(Q1: Any, Q2: Any) -> np.ndarray:  # noqa: N802,N803
    """The rotation Q1 followed by Q2 (the Hamilton product Q2 * Q1)."""
    x1, y1, z1, w1 = (float(t) for t in _v(Q1))
    x2, y2, z2, w2 = (float(t) for t in _v(Q2))
    return np.array([w2 * x1 + x2 * w1 + y2 * z1 - z2 * y1,
                     w2 * y1 - x2 * z1 + y2 * w1 + z2 * x1,
                     w2 * z1 + x2 * y1 - y2 * x1 + z2 * w1,
                     w2 * w1 - x2 * x1 - y2 * y1 - z2 * z1], np.float32)


def XMQuaternionConjugate(Q: Any) -> np.ndarray:  # noqa: N802,N803
    q = _v(Q)
    return np.array([-q[0], -q[1], -q[2], q[3]], np.float32)


def XMQuaternionDot(Q1: Any, Q2: Any) -> np.ndarray:  # noqa: N802,N803
    return XMVector4Dot(Q1, Q2)


def XMQuaternionLength(Q: Any) -> np.ndarray:  # noqa: N802,N803
    return XMVector4Length(Q)


def XMQuaternionNormalize(Q: Any) -> np.ndarray:  # noqa: N802,N803
    return XMVector4Normalize(Q)


def XMQuaternionInverse(Q: Any) -> np.ndarray:  # noqa: N802,N803
    q = _v(Q)
    n = _dot(q, q, 4)
    if n <= np.finfo(np.float32).eps:
        return np.zeros(4, np.float32)
    return XMQuaternionConjugate(q) / n


def XMQuaternionRotationNormal(NormalAxis: Any, Angle: float) -> np.ndarray:  # noqa: N802,N803
    n = _v(NormalAxis)
    s, c = math.sin(0.5 * Angle), math.cos(0.5 * Angle)
    return np.array([n[0] * s, n[1] * s, n[2] * s, c], np.float32)


def XMQuaternionRotationAxis(Axis: Any, Angle: float) -> np.ndarray:  # noqa: N802,N803
    return XMQuaternionRotationNormal(XMVector3Normalize(Axis), Angle)


def XMQuaternionRotationRollPitchYaw(Pitch: float, Yaw: float, Roll: float) -> np.ndarray:  # noqa: N802,N803
    """Roll about Z, then pitch about X, then yaw about Y (as XMMatrixRotationRollPitchYaw)."""
    qz = XMQuaternionRotationNormal((0, 0, 1), Roll)
    qx = XMQuaternionRotationNormal((1, 0, 0), Pitch)
    qy = XMQuaternionRotationNormal((0, 1, 0), Yaw)
    return XMQuaternionMultiply(XMQuaternionMultiply(qz, qx), qy)


def XMQuaternionSlerp(Q0: Any, Q1: Any, t: float) -> np.ndarray:  # noqa: N802,N803
    """Spherical interpolation along the shorter arc; linear when the quaternions are nearly equal."""
    a, b = _v(Q0).astype(np.float64), _v(Q1).astype(np.float64)
    cos_omega = float(np.dot(a, b))
    if cos_omega < 0:
        cos_omega, b = -cos_omega, -b
    if cos_omega > 1 - 1e-6:
        s0, s1 = 1 - t, t
    else:
        omega = math.acos(cos_omega)
        sin_omega = math.sin(omega)
        s0, s1 = math.sin((1 - t) * omega) / sin_omega, math.sin(t * omega) / sin_omega
    return (a * s0 + b * s1).astype(np.float32)


def XMQuaternionRotationMatrix(M: Any) -> np.ndarray:  # noqa: N802,N803
    """The unit quaternion of the rotation part of M (rows 0-2, assumed orthonormal), w >= 0 branch first."""
    m = _m(M).astype(np.float64)
    trace = m[0, 0] + m[1, 1] + m[2, 2]
    if trace > 0:
        s = math.sqrt(trace + 1.0) * 2
        q = [(m[1, 2] - m[2, 1]) / s, (m[2, 0] - m[0, 2]) / s, (m[0, 1] - m[1, 0]) / s, 0.25 * s]
    elif m[0, 0] > m[1, 1] and m[0, 0] > m[2, 2]:
        s = math.sqrt(1.0 + m[0, 0] - m[1, 1] - m[2, 2]) * 2
        q = [0.25 * s, (m[0, 1] + m[1, 0]) / s, (m[0, 2] + m[2, 0]) / s, (m[1, 2] - m[2, 1]) / s]
    elif m[1, 1] > m[2, 2]:
        s = math.sqrt(1.0 + m[1, 1] - m[0, 0] - m[2, 2]) * 2
        q = [(m[0, 1] + m[1, 0]) / s, 0.25 * s, (m[1, 2] + m[2, 1]) / s, (m[2, 0] - m[0, 2]) / s]
    else:
        s = math.sqrt(1.0 + m[2, 2] - m[0, 0] - m[1, 1]) * 2
        q = [(m[0, 2] + m[2, 0]) / s, (m[1, 2] + m[2, 1]) / s, 0.25 * s, (m[0, 1] - m[1, 0]) / s]
    return np.array(q, np.float32)


def XMVector3Rotate(V: Any, RotationQuaternion: Any) -> np.ndarray:  # noqa: N802,N803
    """V (w ignored) rotated by the quaternion: conj(Q) * V * Q in XMQuaternionMultiply order (w = 0)."""
    v = _v(V)
    v[3] = 0
    q = _v(RotationQuaternion)
    return XMQuaternionMultiply(XMQuaternionMultiply(XMQuaternionConjugate(q), v), q)


def XMVector3InverseRotate(V: Any, RotationQuaternion: Any) -> np.ndarray:  # noqa: N802,N803
    v = _v(V)
    v[3] = 0
    q = _v(RotationQuaternion)
    return XMQuaternionMultiply(XMQuaternionMultiply(q, v), XMQuaternionConjugate(q))


def XMMatrixDecompose(M: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # noqa: N802,N803
    """(scale, rotation quaternion, translation) — C++'s three out-parameters in order — of an affine
    M = Scaling @ Rotation @ Translation (a negative determinant flips the X scale)."""
    m = _m(M).astype(np.float64)
    rows = m[:3, :3].copy()
    scale = np.sqrt((rows ** 2).sum(1))
    if np.linalg.det(rows) < 0:
        scale[0] = -scale[0]
    with np.errstate(divide="ignore", invalid="ignore"):
        rot = np.eye(4)
        rot[:3, :3] = rows / np.where(scale == 0, 1, scale)[:, None]
    return (np.array([*scale, 0], np.float32), XMQuaternionRotationMatrix(rot),
            np.array([*m[3, :3], 1], np.float32))


def XMVector3Project(V: Any, ViewportX: float, ViewportY: float, ViewportWidth: float,  # noqa: N802,N803
                     ViewportHeight: float, ViewportMinZ: float, ViewportMaxZ: float,  # noqa: N803
                     Projection: Any, View: Any, World: Any) -> np.ndarray:  # noqa: N803
    """Object space -> screen: TransformCoord by World @ View @ Projection, then the viewport transform
    (y down, z mapped into [MinZ, MaxZ])."""
    p = XMVector3TransformCoord(V, _m(World) @ _m(View) @ _m(Projection))
    hw, hh = ViewportWidth * 0.5, ViewportHeight * 0.5
    return np.array([p[0] * hw + ViewportX + hw, -p[1] * hh + ViewportY + hh,
                     p[2] * (ViewportMaxZ - ViewportMinZ) + ViewportMinZ, 0], np.float32)


def XMVector3Unproject(V: Any, ViewportX: float, ViewportY: float, ViewportWidth: float,  # noqa: N802,N803
                       ViewportHeight: float, ViewportMinZ: float, ViewportMaxZ: float,  # noqa: N803
                       Projection: Any, View: Any, World: Any) -> np.ndarray:  # noqa: N803
    """The inverse of XMVector3Project."""
    v = _v(V)
    hw, hh = ViewportWidth * 0.5, ViewportHeight * 0.5
    ndc = [(v[0] - ViewportX - hw) / hw, -(v[1] - ViewportY - hh) / hh,
           (v[2] - ViewportMinZ) / (ViewportMaxZ - ViewportMinZ), 0]
    inv = XMMatrixInverse(None, _m(World) @ _m(View) @ _m(Projection))
    r = XMVector3TransformCoord(ndc, inv)
    r[3] = 0
    return r


# -- storage types -----------------------------------------------------------------------------------

class _FloatN:
    """XMFLOATn: x, y[, z[, w]] float fields; np.asarray(f) gives float32; tobytes() the C layout."""

    __slots__: tuple[str, ...] = ()
    _fields: tuple[str, ...] = ()

    def __init__(self, *values: float) -> None:
        if len(values) == 1 and not np.isscalar(values[0]):
            values = tuple(np.asarray(values[0], np.float32).reshape(-1)[:len(self._fields)])
        if len(values) not in (0, len(self._fields)):
            raise TypeError(f"{type(self).__name__} takes {len(self._fields)} values")
        for name, v in zip(self._fields, values or (0.0,) * len(self._fields)):
            setattr(self, name, float(f32(v)))

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return np.array([getattr(self, n) for n in self._fields], dtype or np.float32)

    def __iter__(self) -> Any:
        return iter(getattr(self, n) for n in self._fields)

    def __eq__(self, other: object) -> bool:
        return bool(np.array_equal(np.asarray(self), np.asarray(other, np.float32)))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(repr(getattr(self, n)) for n in self._fields)})"

    def tobytes(self) -> bytes:
        return np.asarray(self).tobytes()


class XMFLOAT2(_FloatN):
    __slots__ = ("x", "y")
    _fields = ("x", "y")


class XMFLOAT3(_FloatN):
    __slots__ = ("x", "y", "z")
    _fields = ("x", "y", "z")


class XMFLOAT4(_FloatN):
    __slots__ = ("x", "y", "z", "w")
    _fields = ("x", "y", "z", "w")


XMFLOAT2A, XMFLOAT3A, XMFLOAT4A = XMFLOAT2, XMFLOAT3, XMFLOAT4


class _FloatMxN:
    """XMFLOATmXn: a float32 (rows, cols) array ``m`` with the C accessors ``_11`` .. ``_44`` and ``(r, c)``."""

    rows = cols = 4

    def __init__(self, *values: Any) -> None:
        if len(values) == 1:
            self.m = np.asarray(values[0], np.float32).reshape(self.rows, self.cols).copy()
        elif len(values) == self.rows * self.cols:
            self.m = np.array(values, np.float32).reshape(self.rows, self.cols)
        elif not values:
            self.m = np.zeros((self.rows, self.cols), np.float32)
        else:
            raise TypeError(f"{type(self).__name__} takes {self.rows * self.cols} values or one array")

    def __call__(self, row: int, column: int) -> float:
        return float(self.m[row, column])

    def __getattr__(self, name: str) -> float:
        if len(name) == 3 and name[0] == "_" and name[1:].isdigit():
            return float(self.m[int(name[1]) - 1, int(name[2]) - 1])
        raise AttributeError(name)

    def __setattr__(self, name: str, value: Any) -> None:
        if len(name) == 3 and name[0] == "_" and name[1:].isdigit():
            self.m[int(name[1]) - 1, int(name[2]) - 1] = value
        else:
            object.__setattr__(self, name, value)

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return self.m.astype(dtype or np.float32)

    def __eq__(self, other: object) -> bool:
        return bool(np.array_equal(self.m, np.asarray(other, np.float32)))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.m.tolist()})"

    def tobytes(self) -> bytes:
        return self.m.tobytes()


class XMFLOAT4X4(_FloatMxN):
    rows, cols = 4, 4


class XMFLOAT4X3(_FloatMxN):
    rows, cols = 4, 3


class XMFLOAT3X3(_FloatMxN):
    rows, cols = 3, 3


XMFLOAT4X4A = XMFLOAT4X4


def XMLoadFloat2(pSource: Any) -> np.ndarray:  # noqa: N802,N803
    a = np.asarray(pSource, np.float32).reshape(-1)
    return np.array([a[0], a[1], 0, 0], np.float32)


def XMLoadFloat3(pSource: Any) -> np.ndarray:  # noqa: N802,N803
    a = np.asarray(pSource, np.float32).reshape(-1)
    return np.array([a[0], a[1], a[2], 0], np.float32)


def XMLoadFloat4(pSource: Any) -> np.ndarray:  # noqa: N802,N803
    return np.asarray(pSource, np.float32).reshape(-1)[:4].copy()


def XMLoadFloat4x4(pSource: Any) -> np.ndarray:  # noqa: N802,N803
    return np.asarray(pSource, np.float32).reshape(4, 4).copy()


def XMLoadFloat3x3(pSource: Any) -> np.ndarray:  # noqa: N802,N803
    m = np.zeros((4, 4), np.float32)
    m[:3, :3] = np.asarray(pSource, np.float32).reshape(3, 3)
    m[3, 3] = 1
    return m


def XMLoadFloat4x3(pSource: Any) -> np.ndarray:  # noqa: N802,N803
    m = np.zeros((4, 4), np.float32)
    m[:, :3] = np.asarray(pSource, np.float32).reshape(4, 3)
    m[3, 3] = 1
    return m


def _store(cls: type, args: Sequence[Any], take: Any) -> Any:
    """XMStore*(pDestination, V) fills the destination and returns it; XMStore*(V) returns a new one."""
    if len(args) == 2:
        dest, src = args
        value = take(src)
        if isinstance(dest, _FloatMxN):
            dest.m[...] = value
        elif isinstance(dest, _FloatN):
            for name, v in zip(dest._fields, value):
                setattr(dest, name, float(v))
        else:
            np.asarray(dest)[...] = value
        return dest
    if len(args) == 1:
        return cls(take(args[0]))
    raise TypeError("XMStore*(pDestination, V) or XMStore*(V)")


def XMStoreFloat2(*args: Any) -> XMFLOAT2:  # noqa: N802
    return _store(XMFLOAT2, args, lambda v: _v(v)[:2])


def XMStoreFloat3(*args: Any) -> XMFLOAT3:  # noqa: N802
    return _store(XMFLOAT3, args, lambda v: _v(v)[:3])


def XMStoreFloat4(*args: Any) -> XMFLOAT4:  # noqa: N802
    return _store(XMFLOAT4, args, lambda v: _v(v))


def XMStoreFloat4x4(*args: Any) -> XMFLOAT4X4:  # noqa: N802
    return _store(XMFLOAT4X4, args, lambda m: _m(m))


def XMStoreFloat3x3(*args: Any) -> XMFLOAT3X3:  # noqa: N802
    return _store(XMFLOAT3X3, args, lambda m: _m(m)[:3, :3])


def XMStoreFloat4x3(*args: Any) -> XMFLOAT4X3:  # noqa: N802
    return _store(XMFLOAT4X3, args, lambda m: _m(m)[:, :3])


# -- Colors ------------------------------------------------------------------------------------------

_COLOR_TABLE = """
AliceBlue:f0f8ff AntiqueWhite:faebd7 Aqua:00ffff Aquamarine:7fffd4 Azure:f0ffff Beige:f5f5dc Bisque:ffe4c4
Black:000000 BlanchedAlmond:ffebcd Blue:0000ff BlueViolet:8a2be2 Brown:a52a2a BurlyWood:deb887
CadetBlue:5f9ea0 Chartreuse:7fff00 Chocolate:d2691e Coral:ff7f50 CornflowerBlue:6495ed Cornsilk:fff8dc
Crimson:dc143c Cyan:00ffff DarkBlue:00008b DarkCyan:008b8b DarkGoldenrod:b8860b DarkGray:a9a9a9
DarkGreen:006400 DarkKhaki:bdb76b DarkMagenta:8b008b DarkOliveGreen:556b2f DarkOrange:ff8c00
DarkOrchid:9932cc DarkRed:8b0000 DarkSalmon:e9967a DarkSeaGreen:8fbc8f DarkSlateBlue:483d8b
DarkSlateGray:2f4f4f DarkTurquoise:00ced1 DarkViolet:9400d3 DeepPink:ff1493 DeepSkyBlue:00bfff DimGray:696969
DodgerBlue:1e90ff Firebrick:b22222 FloralWhite:fffaf0 ForestGreen:228b22 Fuchsia:ff00ff Gainsboro:dcdcdc
GhostWhite:f8f8ff Gold:ffd700 Goldenrod:daa520 Gray:808080 Green:008000 GreenYellow:adff2f Honeydew:f0fff0
HotPink:ff69b4 IndianRed:cd5c5c Indigo:4b0082 Ivory:fffff0 Khaki:f0e68c Lavender:e6e6fa LavenderBlush:fff0f5
LawnGreen:7cfc00 LemonChiffon:fffacd LightBlue:add8e6 LightCoral:f08080 LightCyan:e0ffff
LightGoldenrodYellow:fafad2 LightGreen:90ee90 LightGray:d3d3d3 LightPink:ffb6c1 LightSalmon:ffa07a
LightSeaGreen:20b2aa LightSkyBlue:87cefa LightSlateGray:778899 LightSteelBlue:b0c4de LightYellow:ffffe0
Lime:00ff00 LimeGreen:32cd32 Linen:faf0e6 Magenta:ff00ff Maroon:800000 MediumAquamarine:66cdaa
MediumBlue:0000cd MediumOrchid:ba55d3 MediumPurple:9370db MediumSeaGreen:3cb371 MediumSlateBlue:7b68ee
MediumSpringGreen:00fa9a MediumTurquoise:48d1cc MediumVioletRed:c71585 MidnightBlue:191970 MintCream:f5fffa
MistyRose:ffe4e1 Moccasin:ffe4b5 NavajoWhite:ffdead Navy:000080 OldLace:fdf5e6 Olive:808000 OliveDrab:6b8e23
Orange:ffa500 OrangeRed:ff4500 Orchid:da70d6 PaleGoldenrod:eee8aa PaleGreen:98fb98 PaleTurquoise:afeeee
PaleVioletRed:db7093 PapayaWhip:ffefd5 PeachPuff:ffdab9 Peru:cd853f Pink:ffc0cb Plum:dda0dd PowderBlue:b0e0e6
Purple:800080 Red:ff0000 RosyBrown:bc8f8f RoyalBlue:4169e1 SaddleBrown:8b4513 Salmon:fa8072 SandyBrown:f4a460
SeaGreen:2e8b57 SeaShell:fff5ee Sienna:a0522d Silver:c0c0c0 SkyBlue:87ceeb SlateBlue:6a5acd SlateGray:708090
Snow:fffafa SpringGreen:00ff7f SteelBlue:4682b4 Tan:d2b48c Teal:008080 Thistle:d8bfd8 Tomato:ff6347
Turquoise:40e0d0 Violet:ee82ee Wheat:f5deb3 White:ffffff WhiteSmoke:f5f5f5 Yellow:ffff00 YellowGreen:9acd32
"""


class Colors:
    """DirectX::Colors — each an RGBA float32 vector (components code/255, alpha 1; Transparent is 0)."""

    Transparent = np.zeros(4, np.float32)


def XMColorSRGBToRGB(srgb: Any) -> np.ndarray:  # noqa: N802
    """sRGB-encoded colour -> linear (the sRGB curve on r, g, b; alpha unchanged)."""
    c = _v(srgb).astype(np.float64)
    rgb = np.where(c[:3] <= 0.04045, c[:3] / 12.92, ((c[:3] + 0.055) / 1.055) ** 2.4)
    return np.array([*rgb, c[3]], np.float32)


def XMColorRGBToSRGB(rgb: Any) -> np.ndarray:  # noqa: N802
    """Linear colour -> sRGB-encoded (clamped to [0, 1]; alpha unchanged)."""
    c = _v(rgb).astype(np.float64)
    x = np.clip(c[:3], 0.0, 1.0)
    enc = np.where(x <= 0.0031308, x * 12.92, 1.055 * np.power(x, 1 / 2.4) - 0.055)
    return np.array([*enc, c[3]], np.float32)


class ColorsLinear:
    """DirectX::ColorsLinear — the same named colours converted to linear light (XMColorSRGBToRGB)."""

    Transparent = np.zeros(4, np.float32)


for _entry in _COLOR_TABLE.split():
    _name, _hex = _entry.split(":")
    setattr(Colors, _name, np.array([int(_hex[i:i + 2], 16) / 255.0 for i in (0, 2, 4)] + [1.0], np.float32))
    setattr(ColorsLinear, _name, XMColorSRGBToRGB(getattr(Colors, _name)))
del _entry, _name, _hex

__all__ = [n for n in dir() if n.startswith(("XM", "Colors", "g_XM"))]
