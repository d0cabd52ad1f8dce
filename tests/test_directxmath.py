"""pyd3d11.directxmath against properties the DirectXMath documentation states, checked by independent
computation (float64 geometry, hand-worked values), not by re-evaluating the library's formulas."""

import math

import numpy as np
import pytest

from pyd3d11.directxmath import *

TOL = dict(rtol=1e-5, atol=1e-5)


def close(a, b, **k):
    return np.allclose(np.asarray(a, np.float64), np.asarray(b, np.float64), **(k or TOL))


def project(p, m):
    """Row vector (x, y, z, 1) times m, divided by w, in float64."""
    v = np.array([*p, 1.0]) @ np.asarray(m, np.float64)
    return v[:3] / v[3]


def test_constants_and_conversions():
    assert XM_PI == np.float32(math.pi) and XM_2PI == np.float32(2 * math.pi)
    assert XM_PIDIV2 == np.float32(math.pi / 2) and XM_PIDIV4 == np.float32(math.pi / 4)
    assert XM_1DIVPI == np.float32(1 / math.pi) and XM_1DIV2PI == np.float32(1 / (2 * math.pi))
    assert close(XMConvertToRadians(180.0), math.pi) and close(XMConvertToDegrees(math.pi / 2), 90.0)


def test_vector_basics():
    v = XMVectorSet(1, 2, 3, 4)
    assert v.dtype == np.float32 and v.tolist() == [1, 2, 3, 4]
    assert XMVectorGetZ(v) == 3 and XMVectorSetW(v, 9).tolist() == [1, 2, 3, 9]
    assert XMVectorSplatY(v).tolist() == [2] * 4 and XMVectorReplicate(5).tolist() == [5] * 4
    assert XMVectorAdd(v, v).tolist() == [2, 4, 6, 8] and XMVectorSubtract(v, v).tolist() == [0] * 4
    assert XMVectorScale(v, 0.5).tolist() == [0.5, 1, 1.5, 2] and XMVectorNegate(v)[0] == -1
    assert XMVectorLerp(XMVectorZero(), v, 0.25).tolist() == [0.25, 0.5, 0.75, 1]
    assert XMVectorMultiplyAdd(v, v, v).tolist() == [2, 6, 12, 20]
    # dot products return the scalar in every lane: 1*1 + 2*2 + 3*3 = 14
    assert XMVector3Dot(v, v).tolist() == [14] * 4 and XMVector4Dot(v, v).tolist() == [30] * 4
    assert XMVector2Dot(v, v).tolist() == [5] * 4
    assert close(XMVector3Length(v), [math.sqrt(14)] * 4) and XMVector3LengthSq(v)[0] == 14


def test_cross_is_right_handed_and_normalize():
    x, y, z = XMVectorSet(1, 0, 0, 0), XMVectorSet(0, 1, 0, 0), XMVectorSet(0, 0, 1, 0)
    assert XMVector3Cross(x, y).tolist() == [0, 0, 1, 0] and XMVector3Cross(y, z).tolist() == [1, 0, 0, 0]
    a, b = np.array([1.5, -2.0, 0.25]), np.array([0.5, 3.0, -1.0])
    assert close(XMVector3Cross(a, b)[:3], np.cross(a, b))
    n = XMVector3Normalize([3, 4, 0, 7])
    assert close(n, [0.6, 0.8, 0, 1.4])  # every lane divided by the 3D length
    assert XMVector3Normalize([0, 0, 0, 0]).tolist() == [0, 0, 0, 0]
    assert np.isnan(XMVector3Normalize([np.inf, 0, 0, 0])).all()


def test_transform_family():
    m = XMMatrixMultiply(XMMatrixScaling(2, 3, 4), XMMatrixTranslation(10, 20, 30))  # scale, then move
    assert XMVector3Transform([1, 1, 1], m).tolist() == [12, 23, 34, 1]
    assert XMVector3TransformNormal([1, 1, 1], m).tolist() == [2, 3, 4, 0]  # no translation
    assert XMVector4Transform([1, 1, 1, 0], m).tolist() == [2, 3, 4, 0]
    p = XMMatrixPerspectiveFovLH(XM_PIDIV2, 1.0, 1.0, 10.0)
    raw = XMVector3Transform([0, 0, 10], p)
    assert close(XMVector3TransformCoord([0, 0, 10], p), raw / raw[3])


def test_translation_scaling_and_row_vector_order():
    t = XMMatrixTranslation(1, 2, 3)
    assert t[3].tolist() == [1, 2, 3, 1]  # translation in row 3: row vectors
    assert close(project((0, 0, 0), t), (1, 2, 3))
    assert XMMatrixScaling(2, 3, 4).diagonal().tolist() == [2, 3, 4, 1]
    assert (XMMatrixTranslationFromVector([1, 2, 3, 0]) == t).all()
    assert (XMMatrixScalingFromVector([2, 3, 4, 0]) == XMMatrixScaling(2, 3, 4)).all()
    # Multiply(A, B) applies A first: translate then rotate 90 degrees about Z moves (1,0,0) to (0,2,0)
    m = XMMatrixMultiply(XMMatrixTranslation(1, 0, 0), XMMatrixRotationZ(XM_PIDIV2))
    assert close(project((1, 0, 0), m), (0, 2, 0))
    assert (XMMatrixTranspose(t) == np.asarray(t).T).all()
    assert close(XMMatrixMultiplyTranspose(t, t), (np.asarray(t, np.float64) @ t).T)


@pytest.mark.parametrize("fn, axis", [(XMMatrixRotationX, (1, 0, 0)), (XMMatrixRotationY, (0, 1, 0)),
                                      (XMMatrixRotationZ, (0, 0, 1))])
def test_axis_rotations_are_left_handed_clockwise(fn, axis):
    # DirectXMath: angles measured clockwise looking along the axis toward the origin (left-handed):
    # +90 degrees about X takes +Y to +Z, about Y takes +Z to +X, about Z takes +X to +Y.
    src = {(1, 0, 0): (0, 1, 0), (0, 1, 0): (0, 0, 1), (0, 0, 1): (1, 0, 0)}[axis]
    dst = {(1, 0, 0): (0, 0, 1), (0, 1, 0): (1, 0, 0), (0, 0, 1): (0, 1, 0)}[axis]
    m = fn(XM_PIDIV2)
    assert close(project(src, m), dst)
    assert close(m, XMMatrixRotationAxis([2 * a for a in axis], XM_PIDIV2))  # RotationAxis normalizes
    assert close(XMMatrixDeterminant(m), [1] * 4)


def test_rotation_axis_general_preserves_axis_and_angle():
    axis = np.array([1.0, 2.0, 2.0]) / 3.0
    m = np.asarray(XMMatrixRotationNormal(axis, 0.7), np.float64)
    assert close(axis @ m[:3, :3], axis)  # the axis is fixed
    v = np.cross(axis, [0.0, 0.0, 1.0])
    v /= np.linalg.norm(v)
    assert close(math.acos(np.clip(np.dot(v, v @ m[:3, :3]), -1, 1)), 0.7)  # rotated by the angle
    assert close(m[:3, :3] @ m[:3, :3].T, np.eye(3))


def test_roll_pitch_yaw_order_and_quaternion():
    pitch, yaw, roll = 0.3, -0.8, 1.1
    m = XMMatrixRotationRollPitchYaw(pitch, yaw, roll)
    expected = np.asarray(XMMatrixRotationZ(roll), np.float64) @ XMMatrixRotationX(pitch) @ XMMatrixRotationY(yaw)
    assert close(m, expected)  # roll, then pitch, then yaw
    assert close(XMMatrixRotationRollPitchYawFromVector([pitch, yaw, roll, 0]), m)
    q = XMQuaternionRotationRollPitchYaw(pitch, yaw, roll)
    assert close(XMMatrixRotationQuaternion(q), m)


def test_quaternions():
    q1 = XMQuaternionRotationAxis([0, 0, 3], 0.5)
    assert close(q1, [0, 0, math.sin(0.25), math.cos(0.25)])
    assert close(XMMatrixRotationQuaternion(q1), XMMatrixRotationZ(0.5))
    q2 = XMQuaternionRotationNormal([1, 0, 0], 1.2)
    # Multiply(Q1, Q2) is Q1 followed by Q2, like the matrices
    assert close(XMMatrixRotationQuaternion(XMQuaternionMultiply(q1, q2)),
                 np.asarray(XMMatrixRotationQuaternion(q1), np.float64) @ XMMatrixRotationQuaternion(q2))
    assert close(XMQuaternionMultiply(q1, XMQuaternionInverse(q1)), XMQuaternionIdentity())
    assert close(XMQuaternionConjugate([1, 2, 3, 4]), [-1, -2, -3, 4])
    half = XMQuaternionSlerp(XMQuaternionIdentity(), XMQuaternionRotationNormal([0, 0, 1], 1.0), 0.5)
    assert close(XMMatrixRotationQuaternion(half), XMMatrixRotationZ(0.5))
    assert close(XMQuaternionLength(XMQuaternionNormalize([1, 1, 1, 1])), [1] * 4)


def test_inverse_and_determinant():
    m = XMMatrixMultiply(XMMatrixRotationRollPitchYaw(0.1, 0.2, 0.3), XMMatrixTranslation(4, -5, 6))
    m = XMMatrixMultiply(XMMatrixScaling(2, 3, 4), m)
    det = np.zeros(4, np.float32)
    inv = XMMatrixInverse(det, m)
    assert close(np.asarray(inv, np.float64) @ m, np.eye(4), atol=1e-5)
    assert close(det, [24] * 4, rtol=1e-5)  # rotations and translations keep the scaling's determinant
    inv2, det2 = XMMatrixInverse(True, m)
    assert close(inv2, inv) and close(det2, det)
    assert close(XMMatrixInverse(None, m), inv) and close(XMMatrixInverse(m), inv)
    sing = XMMatrixInverse(None, XMMatrixScaling(1, 0, 1))
    assert not np.isfinite(sing).all()  # "returns an infinite matrix"


def test_perspective_fov_maps_frustum_to_clip_volume():
    fov, aspect, n, f = XM_PIDIV4, 16 / 9, 0.5, 100.0
    lh = XMMatrixPerspectiveFovLH(fov, aspect, n, f)
    assert close(project((0, 0, n), lh)[2], 0.0) and close(project((0, 0, f), lh)[2], 1.0)
    top = n * math.tan(fov / 2)
    right = top * aspect
    assert close(project((right, top, n), lh)[:2], (1, 1))
    rh = XMMatrixPerspectiveFovRH(fov, aspect, n, f)
    assert close(project((0, 0, -n), rh)[2], 0.0) and close(project((0, 0, -f), rh)[2], 1.0)
    assert close(project((right, top, -n), rh)[:2], (1, 1))
    w, h = 2.0, 1.0
    p = XMMatrixPerspectiveLH(w, h, n, f)
    assert close(project((w / 2, h / 2, n), p), (1, 1, 0)) and close(project((0, 0, f), p)[2], 1.0)
    pr = XMMatrixPerspectiveRH(w, h, n, f)
    assert close(project((w / 2, h / 2, -n), pr), (1, 1, 0))


def test_orthographic_maps_box():
    lh = XMMatrixOrthographicLH(4.0, 2.0, 1.0, 11.0)
    assert close(project((2, 1, 1), lh), (1, 1, 0)) and close(project((-2, -1, 11), lh), (-1, -1, 1))
    rh = XMMatrixOrthographicRH(4.0, 2.0, 1.0, 11.0)
    assert close(project((2, 1, -1), rh), (1, 1, 0)) and close(project((-2, -1, -11), rh), (-1, -1, 1))
    oc = XMMatrixOrthographicOffCenterLH(10, 30, -5, 5, 0, 2)
    assert close(project((10, -5, 0), oc), (-1, -1, 0)) and close(project((30, 5, 2), oc), (1, 1, 1))
    ocr = XMMatrixOrthographicOffCenterRH(10, 30, -5, 5, 0, 2)
    assert close(project((30, 5, -2), ocr), (1, 1, 1))


def test_look_at_and_look_to():
    eye, at, up = XMVectorSet(0, 1, -5, 0), XMVectorSet(0, 1, 0, 0), XMVectorSet(0, 1, 0, 0)
    v = XMMatrixLookAtLH(eye, at, up)
    assert close(project((0, 1, -5), v), (0, 0, 0))  # the eye goes to the origin
    assert close(project((0, 1, 0), v), (0, 0, 5))  # the focus point lies on +Z at its distance
    assert close(project((0, 2, -5), v), (0, 1, 0))  # up stays up
    assert close(project((1, 1, -5), v), (1, 0, 0))  # LH: world +X is to the right
    assert close(XMMatrixLookToLH(eye, XMVectorSubtract(at, eye), up), v)
    r = XMMatrixLookAtRH(eye, at, up)
    assert close(project((0, 1, 0), r), (0, 0, -5))  # RH: the focus is on -Z
    assert close(project((1, 1, -5), r), (-1, 0, 0))
    assert close(XMMatrixLookToRH(eye, XMVectorSubtract(at, eye), up), r)
    # general position: the view matrix is a rigid motion with orthonormal rows
    g = np.asarray(XMMatrixLookAtLH([3, 4, 5, 0], [-1, 0.5, 2, 0], [0, 1, 0, 0]), np.float64)
    assert close(g[:3, :3] @ g[:3, :3].T, np.eye(3))


def test_storage_types_and_load_store():
    f3 = XMFLOAT3(1, 2, 3)
    assert (f3.x, f3.y, f3.z) == (1, 2, 3) and np.asarray(f3).dtype == np.float32
    assert f3.tobytes() == np.float32([1, 2, 3]).tobytes()
    assert XMLoadFloat3(f3).tolist() == [1, 2, 3, 0] and XMLoadFloat2(XMFLOAT2(5, 6)).tolist() == [5, 6, 0, 0]
    v = XMVectorSet(7, 8, 9, 10)
    assert XMStoreFloat4(v) == XMFLOAT4(7, 8, 9, 10)
    dest = XMFLOAT3()
    assert XMStoreFloat3(dest, v) is dest and list(dest) == [7, 8, 9]
    m = XMMatrixTranslation(1, 2, 3)
    f44 = XMStoreFloat4x4(XMMatrixTranspose(m))
    assert f44._14 == 1 and f44._24 == 2 and f44(2, 3) == 3 and f44.tobytes() == np.asarray(m).T.tobytes()
    f44._11 = 5
    assert f44.m[0, 0] == 5 and (XMLoadFloat4x4(XMFLOAT4X4(m)) == m).all()
    l33 = XMLoadFloat3x3(XMFLOAT3X3(*range(9)))
    assert l33[3].tolist() == [0, 0, 0, 1] and l33[:3, :3].reshape(-1).tolist() == list(range(9))
    assert XMStoreFloat4x3(m).m.shape == (4, 3) and XMLoadFloat4x3(XMStoreFloat4x3(m)).tolist() == m.tolist()
    cb = np.zeros(1, [("mWorld", "<f4", (4, 4)), ("vColor", "<f4", 4)])
    cb["mWorld"] = np.asarray(f44)
    cb["vColor"] = XMFLOAT4(1, 0, 0, 1)
    assert cb.tobytes()[:64] == f44.tobytes()


def test_colors():
    assert Colors.MidnightBlue.dtype == np.float32
    assert Colors.MidnightBlue.tolist() == np.float32([25 / 255, 25 / 255, 112 / 255, 1]).tolist()
    assert Colors.CornflowerBlue.tolist() == np.float32([100 / 255, 149 / 255, 237 / 255, 1]).tolist()
    assert Colors.Transparent.tolist() == [0, 0, 0, 0] and Colors.White.tolist() == [1, 1, 1, 1]
    names = [n for n in dir(Colors) if not n.startswith("_")]
    assert len(names) == 141  # DirectXColors.h: 140 named colours and Transparent


def test_quaternion_from_matrix_rotate_and_decompose():
    for pitch, yaw, roll in [(0.3, -0.8, 1.1), (3.0, 0.1, -2.9), (0.0, math.pi, 0.0), (1.5, 0.0, 0.2)]:
        m = XMMatrixRotationRollPitchYaw(pitch, yaw, roll)
        q = XMQuaternionRotationMatrix(m)
        assert close(XMMatrixRotationQuaternion(q), m, atol=1e-5)
        v = np.array([0.3, -1.2, 2.0, 0.0])
        assert close(XMVector3Rotate(v, q)[:3], v[:3] @ np.asarray(m, np.float64)[:3, :3], atol=1e-5)
        assert close(XMVector3InverseRotate(XMVector3Rotate(v, q), q)[:3], v[:3], atol=1e-5)
    m = XMMatrixMultiply(XMMatrixMultiply(XMMatrixScaling(2, 3, 0.5), XMMatrixRotationAxis([1, 1, 0], 0.9)),
                         XMMatrixTranslation(4, 5, 6))
    s, q, t = XMMatrixDecompose(m)
    assert close(s[:3], [2, 3, 0.5]) and close(t[:3], [4, 5, 6])
    assert close(XMMatrixRotationQuaternion(q), XMMatrixRotationAxis([1, 1, 0], 0.9), atol=1e-5)


def test_project_unproject():
    world = XMMatrixRotationY(0.4)
    view = XMMatrixLookAtLH([0, 2, -6, 0], [0, 0, 0, 0], [0, 1, 0, 0])
    proj = XMMatrixPerspectiveFovLH(XM_PIDIV4, 4 / 3, 0.1, 50.0)
    p = np.array([0.5, -0.25, 1.0, 0.0])
    s = XMVector3Project(p, 10, 20, 640, 480, 0.0, 1.0, proj, view, world)
    clip = np.array([*p[:3], 1.0]) @ (np.asarray(world, np.float64) @ view @ proj)
    ndc = clip[:3] / clip[3]
    # viewport transform of the spec: x right, y down from the top-left corner
    assert close(s[:3], [10 + (ndc[0] + 1) * 320, 20 + (1 - ndc[1]) * 240, ndc[2]], atol=1e-3)
    back = XMVector3Unproject(s, 10, 20, 640, 480, 0.0, 1.0, proj, view, world)
    assert close(back[:3], p[:3], atol=1e-4)


def test_colors_linear_and_srgb_conversions():
    # 25/255 = 0.0980 -> ((0.0980 + 0.055) / 1.055) ** 2.4 = 0.00972; 112/255 = 0.4392 -> 0.1620
    assert close(ColorsLinear.MidnightBlue, [0.009721, 0.009721, 0.162029, 1.0], atol=2e-6)
    assert ColorsLinear.White.tolist() == [1, 1, 1, 1] and ColorsLinear.Black.tolist() == [0, 0, 0, 1]
    assert close(XMColorRGBToSRGB(XMColorSRGBToRGB(Colors.CornflowerBlue)), Colors.CornflowerBlue, atol=1e-6)
    assert close(XMColorSRGBToRGB([0.02, 0.5, 1.0, 0.3]), [0.02 / 12.92, 0.214041, 1.0, 0.3], atol=1e-6)
