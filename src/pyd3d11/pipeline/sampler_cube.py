"""TextureCube coordinate handling (D3D11.3 §5.3.8, §7.18.7, §7.18.11, §7.18.12).

Face order +X, -X, +Y, -Y, +Z, -Z. Each face has a normal N, and axes S (sc) and T (tc) such that a
direction ``ma*N + sc*S + tc*T`` maps to face coordinates ``s = sc/ma*0.5 + 0.5``, ``t = tc/ma*0.5 + 0.5``.
Bilinear taps that fall one texel off a face are rolled over the edge onto the neighbouring face; at
corners the 4th texel does not exist (callers redistribute its weight over the other three).
"""

from __future__ import annotations

import numpy as np

F32 = np.float32

FACE_N = np.array([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]], F32)
FACE_S = np.array([[0, 0, -1], [0, 0, 1], [1, 0, 0], [1, 0, 0], [1, 0, 0], [-1, 0, 0]], F32)
FACE_T = np.array([[0, -1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1], [0, -1, 0], [0, -1, 0]], F32)


def select_face(x: np.ndarray, y: np.ndarray, z: np.ndarray) -> np.ndarray:
    """Major axis = largest magnitude, ties broken Z > Y > X (§7.18.7); returns face index 0..5."""
    ax, ay, az = np.abs(x), np.abs(y), np.abs(z)
    zmaj = (az >= ay) & (az >= ax)
    ymaj = ~zmaj & (ay >= ax)
    face = np.where(zmaj, np.where(z < 0, 5, 4), np.where(ymaj, np.where(y < 0, 3, 2), np.where(x < 0, 1, 0)))
    return face.astype(np.int64)


def face_components(face: np.ndarray, x, y, z) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(ma, sc, tc) of direction(s) on the given faces (ma signed along the face normal)."""
    def dot(tab: np.ndarray) -> np.ndarray:
        t = tab[face]
        return (x * t[:, 0] + y * t[:, 1] + z * t[:, 2]).astype(F32)

    return dot(FACE_N), dot(FACE_S), dot(FACE_T)


def project(x: np.ndarray, y: np.ndarray, z: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Direction -> (face, s, t) with s, t in [0, 1] (NaN for a zero vector; the caller sanitises)."""
    face = select_face(x, y, z)
    ma, sc, tc = face_components(face, x, y, z)
    with np.errstate(all="ignore"):
        s = (sc / ma) * F32(0.5) + F32(0.5)
        t = (tc / ma) * F32(0.5) + F32(0.5)
    return face, s.astype(F32), t.astype(F32)


def derivatives(face: np.ndarray, c: np.ndarray, dx: np.ndarray, dy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """§7.18.11: derivative vectors (3, N) of the direction -> derivatives (2, N) of the projected face
    coordinates sc/ma, tc/ma (range [-1, 1]; the caller scales by 0.5 * face size)."""
    ma, sc, tc = face_components(face, c[0], c[1], c[2])
    out = []
    for d in (dx, dy):
        dma, dsc, dtc = face_components(face, d[0], d[1], d[2])
        with np.errstate(all="ignore"):
            inv = F32(1.0) / (ma * ma)
            out.append(np.stack([(ma * dsc - sc * dma) * inv, (ma * dtc - tc * dma) * inv]).astype(F32))
    return out[0], out[1]


def seam_taps(face: np.ndarray, x: np.ndarray, y: np.ndarray, n: int
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Map integer taps (x, y) on ``face`` (each at most one texel off the face, size ``n``) to
    (face, x, y, valid). Taps off both axes (cube corners) are invalid."""
    ox = (x < 0) | (x >= n)
    oy = (y < 0) | (y >= n)
    valid = ~(ox & oy)
    one = ox ^ oy
    if not one.any():
        return face, np.clip(x, 0, n - 1), np.clip(y, 0, n - 1), valid
    idx = np.flatnonzero(one)
    f = face[idx]
    xi, yi = x[idx], y[idx]
    inv_n = F32(1.0) / F32(n)
    sc = ((2 * xi + 1).astype(F32) * inv_n - F32(1.0)).astype(F32)
    tc = ((2 * yi + 1).astype(F32) * inv_n - F32(1.0)).astype(F32)
    edge = F32(1.0) - inv_n
    offx = ox[idx]
    # roll over the edge: the overflowing axis becomes the new major axis (magnitude 1), the old normal
    # becomes a minor axis at the edge texel centre, the along-edge coordinate is kept
    s_coef = np.where(offx, np.sign(sc), sc).astype(F32)
    t_coef = np.where(offx, tc, np.sign(tc)).astype(F32)
    d = FACE_N[f] * edge + FACE_S[f] * s_coef[:, None] + FACE_T[f] * t_coef[:, None]
    nf, s, t = project(d[:, 0], d[:, 1], d[:, 2])
    nx_ = np.clip(np.floor(s * F32(n)).astype(np.int64), 0, n - 1)
    ny_ = np.clip(np.floor(t * F32(n)).astype(np.int64), 0, n - 1)
    face = face.copy()
    x = np.clip(x, 0, n - 1)
    y = np.clip(y, 0, n - 1)
    face[idx] = nf
    x[idx] = nx_
    y[idx] = ny_
    return face, x, y, valid
