"""Native row jobs (shader/native/rows.py): every row of a table called exactly once, on the calling thread, the
worker pool or the native crew; rows of different functions and widths in one table; the byte kernels (copies,
gathers, clears) equal numpy's operations for every layout they take and refuse the others. Expected values are
numpy's own operations on the same arrays."""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.native import crew, pool
from pyd3d11.shader.native import rows as row_jobs
from pyd3d11.shader.native import runtime as rt

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

# add(p, i, v): p[i] += v (atomic: a row run twice, or by two threads, shows as a wrong count, never a lost one);
# add3(p, i, v, w, x): p[i] += v + 2w + 3x (more arguments than ``add``: padding and argument order show)
_IR = """
@ctr = global i64 0

define void @count0() {
entry:
  %old = atomicrmw add ptr @ctr, i64 1 seq_cst
  ret void
}

define void @add(ptr %p, i64 %i, i64 %v) {
entry:
  %q = getelementptr i64, ptr %p, i64 %i
  %old = atomicrmw add ptr %q, i64 %v seq_cst
  ret void
}

define void @add3(ptr %p, i64 %i, i64 %v, i64 %w, i64 %x) {
entry:
  %w2 = mul i64 %w, 2
  %x3 = mul i64 %x, 3
  %s0 = add i64 %v, %w2
  %s = add i64 %s0, %x3
  %q = getelementptr i64, ptr %p, i64 %i
  %old = atomicrmw add ptr %q, i64 %s seq_cst
  ret void
}
"""


@pytest.fixture(scope="module")
def fns():
    engine, _ = rt.o2_engine(rt._init_llvm(), _IR)
    return engine.get_function_address("add"), engine.get_function_address("add3"), engine


@pytest.fixture(params=["caller-or-pool", "crew"])
def mode(request, monkeypatch):
    if request.param == "crew":
        if crew._platform() is None:
            pytest.skip("no native crew on this platform")
        monkeypatch.setattr(crew, "MIN_WORKERS", 2)
    else:
        monkeypatch.setattr(crew, "MIN_WORKERS", 1 << 20)
    return request.param


def _posted() -> int:
    """Jobs posted to the row jobs' crew so far (0 where there is none yet)."""
    c = crew._rows_crew if crew.ROWS_OWN else crew._crew
    return c.posted if c is not None else 0


@pytest.fixture
def threads():
    def set_(n):
        pool.set_threads(n)
    yield set_
    pool.set_threads(None)


@pytest.mark.parametrize("n_threads", [1, 2, 3, 5])
@pytest.mark.parametrize("R", [1, 2, 7, 64, 301])
def test_every_row_runs_exactly_once(fns, mode, threads, n_threads, R):
    add, _, _ = fns
    threads(n_threads)
    out = np.zeros(R, np.int64)
    table = np.empty((R, 4), np.int64)
    table[:, 0], table[:, 1], table[:, 2] = add, out.ctypes.data, np.arange(R)
    table[:, 3] = np.arange(R) * 7 + 1
    posted = _posted()
    row_jobs.run_rows(table)
    assert (out == np.arange(R) * 7 + 1).all()
    assert (_posted() > posted) == (mode == "crew" and min(n_threads, R) >= 2)


def test_functions_of_no_arguments(fns, mode, threads):
    """A table of one column (the function alone) is a job of calls with no arguments."""
    _, _, engine = fns
    threads(4)
    ctr = np.ctypeslib.as_array((ctypes.c_int64 * 1).from_address(engine.get_global_value_address("ctr")))
    before = int(ctr[0])
    row_jobs.run_rows(np.full((37, 1), engine.get_function_address("count0"), np.int64))
    assert int(ctr[0]) - before == 37


def test_rows_of_different_functions_and_widths(fns, mode, threads):
    """stack pads the narrower table with zeros; each row calls its own function with its own arguments."""
    add, add3, _ = fns
    threads(4)
    out = np.zeros(6, np.int64)
    a = row_jobs.ranges_table(add, [(0, 10), (1, 20)], out.ctypes.data)  # add(p, a, b): p[a] += b
    b = np.array([[add3, out.ctypes.data, 2, 1, 10, 100], [add3, out.ctypes.data, 5, 4, 5, 6]], np.int64)
    t = row_jobs.stack([a, b, a])
    assert t.shape == (6, 6) and (t[0, 4:] == 0).all()
    row_jobs.run_rows(t)
    assert out.tolist() == [20, 40, 1 + 20 + 300, 0, 0, 4 + 10 + 18]


def test_ranges_table_argument_order(fns):
    add, _, _ = fns
    t = row_jobs.ranges_table(add, [(3, 4), (5, 6)], 11, 12, after=(13,))
    assert t.tolist() == [[add, 11, 12, 3, 4, 13], [add, 11, 12, 5, 6, 13]]


@pytest.mark.parametrize("bad", [np.zeros((2, 3), np.int32), np.zeros((2, 3), np.int64)[:, ::2],
                                 np.zeros(3, np.int64), np.zeros((2, 0), np.int64)])
def test_a_malformed_table_is_refused(bad):
    with pytest.raises(ValueError):
        row_jobs.run_rows(bad)


def test_inside_a_pool_item_the_rows_run_on_that_thread(fns, monkeypatch, threads):
    """A job started from a pool item runs there (as pool.parallel_for does): no crew post, every row once."""
    add, _, _ = fns
    monkeypatch.setattr(crew, "MIN_WORKERS", 2)
    threads(3)
    out = np.zeros((4, 5), np.int64)
    posted = _posted()

    def item(i):
        t = row_jobs.ranges_table(add, [(j, 1) for j in range(5)], out[i].ctypes.data)
        row_jobs.run_rows(t)

    pool.parallel_for(4, item)
    assert (out == 1).all()
    assert _posted() == posted


# --- byte kernels -------------------------------------------------------------------------------------------

def _fresh(shape, dtype, rng):
    return rng.integers(0, 256, int(np.prod(shape)) * np.dtype(dtype).itemsize, dtype=np.uint8).view(dtype) \
        .reshape(shape)


@pytest.mark.parametrize("n_threads", [1, 2, 4])
@pytest.mark.parametrize("least", [1, 64, 1 << 18])
@pytest.mark.parametrize("shape,dtype", [((1,), "u1"), ((77,), "u1"), ((1000, 3), "f4"), ((5, 7, 9), "f8")])
def test_zero_bytes_clears_every_byte(mode, threads, n_threads, least, shape, dtype):
    threads(n_threads)
    rng = np.random.default_rng(1)
    big = _fresh((2 + int(np.prod(shape)) * np.dtype(dtype).itemsize,), np.uint8, rng)
    big[0] = big[-1] = 0xAB
    a = big[1:-1].view(dtype).reshape(shape)
    row_jobs.zero_bytes(a, least)
    assert not a.view(np.uint8).any()
    assert big[0] == 0xAB and big[-1] == 0xAB  # nothing outside the array


def test_byte_ranges_split():
    """The split's definition: ``parts = max(1, min(pool.range_count(), n // least))`` (range_count: 4 a thread, one
    at one thread), each range ``ceil(n / parts)`` bytes rounded up to a multiple of 64, the last one shorter; the
    ranges cover [0, n) in order."""
    for threads_, n, least, want_step in ((1, 1000, 1, 1024), (4, 1000, 1, 64), (4, 100, 64, 128),
                                          (4, 10 ** 6, 1 << 18, 333376), (3, 4097, 100, 384), (2, 64, 1, 64)):
        pool.set_threads(threads_)
        try:
            r = row_jobs.byte_ranges(n, least)
        finally:
            pool.set_threads(None)
        assert r[0][0] == 0 and r[-1][1] == n
        assert all(b - a == want_step for a, b in r[:-1]) and 0 < r[-1][1] - r[-1][0] <= want_step
        assert all(r[i][1] == r[i + 1][0] for i in range(len(r) - 1))


def _copy_cases(rng, n):
    src = _fresh((n, 3), np.uint32, rng)
    regs = np.zeros((2, max(n, 1), 4), np.uint32)
    yield "contiguous", np.zeros((n, 3), np.uint32), src, True
    yield "rows 16 bytes apart", regs[1, :n, :3], src, True
    yield "source rows strided", np.zeros((n, 2), np.uint32), src[:, 1:], True
    yield "opaque items", regs[0, :n, 1:].view("V12")[:, 0], np.ascontiguousarray(src).view("V12")[:, 0], True
    yield "transposed (element by element)", np.zeros((3, max(n, 1)), np.uint32)[:, :n].T, src, True
    yield "reversed rows", np.zeros((n, 3), np.uint32)[::-1], src, True
    yield "8-byte elements transposed", np.zeros((3, max(n, 1)))[:, :n].T, _fresh((n, 3), np.float64, rng), True
    yield "one dimension strided", np.zeros((n, 3), np.float32)[:, 1], _fresh((n,), np.float32, rng), True
    yield "rows of 6 bytes", np.zeros((n, 4), np.uint16)[:, :3], _fresh((n, 3), np.uint16, rng), False
    yield "three dimensions strided", np.zeros((n, 2, 4), np.uint32)[:, :, ::2], _fresh((n, 2, 2), np.uint32, rng), \
        False
    yield "three dimensions strided alike", np.zeros((n, 2, 4), np.uint32)[:, :, ::2], \
        _fresh((n, 2, 4), np.uint32, rng)[:, :, ::2], False
    yield "a length-one axis with its own stride", np.zeros((n, 3, 2), np.uint32)[:, ::2][:, :1], \
        _fresh((n, 1, 2), np.uint32, rng), True
    yield "three dimensions, contiguous rows apart", np.zeros((n, 3, 2), np.uint32)[:, :2], \
        _fresh((n, 2, 2), np.uint32, rng), True
    yield "other dtype", np.zeros((n, 3), np.int32), src, False


@pytest.mark.parametrize("n_threads", [1, 2, 4])
@pytest.mark.parametrize("n", [1, 5, 300])
def test_copy_rows_equals_numpy_or_refuses(mode, threads, n_threads, n):
    threads(n_threads)
    rng = np.random.default_rng(n)
    for name, dst, src, taken in _copy_cases(rng, n):
        # (a single row of a transposed or reversed view is a contiguous array: one byte copy)
        taken = taken or (dst.dtype == src.dtype and dst.flags.c_contiguous and src.flags.c_contiguous)
        before = dst.copy()
        base = dst.base.copy() if dst.base is not None else None
        got = row_jobs.copy_rows(dst, src, 2)
        assert got == taken, name
        if not taken and base is not None:
            assert np.array_equal(dst.base, base), name  # not a byte of the underlying buffer written
        if taken:
            if dst.dtype.kind == "V":
                assert [bytes(x) for x in dst] == [bytes(x) for x in src], name
            else:  # (bits: random bytes read as floats hold NaNs)
                assert np.array_equal(np.ascontiguousarray(dst).view(np.uint8),
                                      np.ascontiguousarray(src).view(np.uint8)), name
        else:
            assert np.array_equal(dst, before), name  # refused: untouched


def test_copy_rows_of_empty_rows_writes_nothing(threads):
    """Rows of no bytes ((R, 0) views): nothing to copy, and no byte of the buffer around them written."""
    threads(2)
    buf = np.full((5, 4), 7, np.uint32)
    assert row_jobs.copy_rows(buf[:, :0], np.zeros((5, 0), np.uint32), 1)
    assert (buf == 7).all()


def test_copy_rows_leaves_the_bytes_around_each_row(threads):
    """A row copy writes the rows' own words only: the fourth word of each 16-byte register row keeps its value."""
    threads(2)
    regs = np.full((100, 4), 0xDEADBEEF, np.uint32)
    src = np.arange(300, dtype=np.uint32).reshape(100, 3)
    assert row_jobs.copy_rows(regs[:, :3], src, 8)
    assert (regs[:, :3] == src).all() and (regs[:, 3] == 0xDEADBEEF).all()


@pytest.mark.parametrize("n_threads", [1, 2, 4])
@pytest.mark.parametrize("itype", [np.int64, np.int32, np.uint32])
@pytest.mark.parametrize("n", [1, 17, 1000])
def test_take_rows_equals_numpy(mode, threads, n_threads, itype, n):
    threads(n_threads)
    rng = np.random.default_rng(n)
    for table in (_fresh((300, 3), np.uint32, rng), _fresh((300, 2, 2), np.float64, rng), _fresh((7, 1), np.int32, rng)):
        index = rng.integers(0, table.shape[0], n).astype(itype)
        out = np.empty((n,) + table.shape[1:], table.dtype)
        assert row_jobs.take_rows(out, table, index, 4)
        assert np.array_equal(out.view(np.uint8), table[index].view(np.uint8))


@pytest.mark.parametrize("bad", [-1, 300, 2 ** 31 - 1])
@pytest.mark.parametrize("itype", [np.int64, np.int32, np.uint32])
def test_take_rows_with_an_index_outside_the_table_refuses(threads, bad, itype):
    """An index that is not a row: False (numpy's gather then answers), and no byte past the table read into
    ``out`` for it (its row of ``out`` stays as it was)."""
    threads(2)
    if itype == np.uint32 and bad < 0:
        bad = 2 ** 32 - 1
    table = np.arange(900, dtype=np.uint32).reshape(300, 3)
    index = np.arange(40, dtype=np.int64)
    index[13] = bad
    index = index.astype(itype)
    out = np.full((40, 3), 7, np.uint32)
    assert not row_jobs.take_rows(out, table, index, 4)
    assert (out[13] == 7).all()


def test_take_rows_refuses_layouts_it_does_not_gather():
    table = np.zeros((10, 3), np.uint32)
    idx = np.zeros(4, np.int64)
    assert not row_jobs.take_rows(np.empty((4, 3), np.int32), table, idx, 1)  # other dtype
    assert not row_jobs.take_rows(np.empty((4, 3), np.uint32), table.T.copy().T, idx, 1)  # table not C-contiguous
    assert not row_jobs.take_rows(np.empty((4, 3), np.uint32), table, idx.astype(np.int16), 1)  # index type
    assert not row_jobs.take_rows(np.empty((4, 3), np.uint32), table, np.zeros(8, np.int64)[::2], 1)
    assert not row_jobs.take_rows(np.empty((4, 3), np.uint16), np.zeros((10, 3), np.uint16), idx, 1)  # 6-byte rows
    assert not row_jobs.take_rows(np.empty((4, 2), np.uint32), table, idx, 1)  # shape
    assert row_jobs.take_rows(np.empty((0, 3), np.uint32), table, idx[:0], 1)  # nothing to gather
    out = np.full((4, 0), 3, np.uint32)
    assert not row_jobs.take_rows(out, np.zeros((10, 0), np.uint32), idx, 1)  # rows of no bytes: numpy's
    assert not row_jobs.take_rows(np.empty(4, np.uint32), np.array(5, np.uint32), idx, 1)  # a 0-d table


@pytest.mark.parametrize("n_threads", [1, 4])
def test_grid_rows_copy_any_strides(mode, threads, n_threads):
    """The plane table's columns from (3, P) planes read transposed (fused.py's 1/w and z copies); 4-byte words
    likewise."""
    threads(n_threads)
    rng = np.random.default_rng(5)
    P = 1001
    split = rng.standard_normal((3, P))
    table = np.zeros((P, 5, 3))
    ranges = [(a, min(P, a + 128)) for a in range(0, P, 128)]
    row_jobs.run_rows(row_jobs.grid_rows(table[:, 2], split.T, ranges))
    assert np.array_equal(table[:, 2], split.T)
    assert not table[:, [0, 1, 3, 4]].any()
    words = np.zeros((P, 4), np.uint32)
    src = rng.integers(0, 1 << 32, (3, P), dtype=np.uint64).astype(np.uint32)
    row_jobs.run_rows(row_jobs.grid_rows(words[:, 1:], src.T, ranges))
    assert np.array_equal(words[:, 1:], src.T) and not words[:, 0].any()
    with pytest.raises(ValueError):
        row_jobs.grid_rows(table[:, 2].astype(np.float16), split.T.astype(np.float16), ranges)
    with pytest.raises(ValueError):
        row_jobs.grid_rows(table[:, 2], split.T.astype(np.float32), ranges)


@pytest.mark.parametrize("n_threads", [1, 2, 4])
@pytest.mark.parametrize("least", [1, 64, 1 << 18])
@pytest.mark.parametrize("esize", [1, 2, 4, 8, 16])
@pytest.mark.parametrize("count", [0, 1, 3, 17, 1000, 70001])
def test_fill_elements_writes_every_element(mode, threads, n_threads, least, esize, count):
    """rows.fill_elements: every element of the array holds the element's bytes afterwards (the 16-byte body on
    the crew, the tail past the last whole 16 bytes by numpy), nothing outside it is written."""
    threads(n_threads)
    rng = np.random.default_rng(esize * 7 + count)
    big = _fresh((2 + count * esize,), np.uint8, rng)
    big[0] = big[-1] = 0xAB
    a = big[1:-1].reshape(count, esize)
    e = rng.integers(0, 256, esize, dtype=np.uint8)
    assert row_jobs.fill_elements(a, e, least)
    assert (a == e).all()
    assert big[0] == 0xAB and big[-1] == 0xAB


def test_fill_elements_refuses_other_layouts(mode):
    """Element sizes that do not divide 16 and non-contiguous or non-byte arrays are left to the caller."""
    a = np.zeros((10, 3), np.uint8)
    assert not row_jobs.fill_elements(a, np.ones(3, np.uint8)) and not a.any()
    b = np.zeros((10, 8), np.uint8)[:, :4]
    assert not row_jobs.fill_elements(b, np.ones(4, np.uint8)) and not b.any()
    assert not row_jobs.fill_elements(np.zeros(8, np.uint32), np.ones(4, np.uint8))
