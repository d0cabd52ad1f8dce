"""Shared fixtures. External conformance data lives in ../shared/conformance (never copied here);
tests that need it skip when it is absent (an end user's clone) and run in CI, where it is present; in CI
(``CI`` set) its absence is a failure, so that no test silently drops out.

Every test runs once per shader backend (issue 12: the whole suite on both backends): the autouse fixture
``shader_backend`` is parametrized with ``native`` (where llvmlite imports) and ``reference``, visible in
the test ids (``test_x[native]``, ``test_x[reference]``). ``--backends native|reference|all`` (or
``PYD3D11_BACKEND``) narrows it. Tests that choose backends themselves opt out with
``pytest.mark.backend_specific`` or by using the ``both_backends`` fixture; they run once.

Tests whose outcome cannot depend on the backend — they never ask which one is selected (compiling,
parsing, reflection, validation: nothing executes a shader) — are marked ``backend_independent`` and run
once, so CI's time goes to tests where the two backends differ. The mark is checked, not trusted: every
decision between the backends goes through ``pyd3d11.shader.native.backend()``, and a marked test that
calls it fails (remove the mark, or move the test). Functions listed in ``tests/data/backend_free_tests.txt``
are treated the same way: scripts/backend_free.py writes the list from a run that counts each test's backend
queries (a function none of whose items asked computes the same thing under either backend)."""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from pathlib import Path

import pytest

# The suite's native build policy: a kernel's background O2 rebuild (shader/native/runtime.TIER_UP_LANES) is left
# to the tests that ask for one (test_native_tiers.py, test_native_small_first*.py, test_native_om_tiers.py, …
# set the threshold themselves). A test's draws end before a rebuild would pay for itself, and on CI's two cores
# the rebuild thread takes CPU from the other worker (session 28: 112 s of rebuilds in the first fifth of a cold
# run). The quick builds compute the same bits as the O2 ones; those tests check both. Set before pyd3d11 is
# imported (runtime reads it once); subprocesses the tests start inherit it.
os.environ.setdefault("PYD3D11_NATIVE_TIER_UP_LANES", str(1 << 62))

# Bytecode caches are written even where PYTHONDONTWRITEBYTECODE is set (this host's shell sets it): without
# them each xdist worker compiles every source and re-rewrites every test module, and each fresh process the suite
# starts (the examples' capture replays, the inspector, the debug capture) compiles pyd3d11 from source again
# (session 29: collection 49 s -> 26 s per process, a fresh example process about 1.2 s less). Set before the test
# modules are imported (pytest's assertion rewriter reads the flag per module); subprocesses inherit the env.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

REPO = Path(__file__).resolve().parent.parent
CONFORMANCE = REPO.parent / "shared" / "conformance"


def conformance_path(*parts: str) -> Path:
    """Path inside the conformance folder; skips the calling test when it is absent."""
    p = CONFORMANCE.joinpath(*parts)
    if not p.exists():
        if os.environ.get("CI"):
            pytest.fail(f"conformance data missing in CI: {p}")
        pytest.skip(f"conformance data not present: {p}")
    return p


@pytest.fixture
def conformance() -> Path:
    return conformance_path()


#: the shared data CI must have (issue 19 item 2: "CI fails when ../shared is missing instead of silently
#: skipping"): besides the tests that ask conformance_path, many build their parameters from these folders at
#: collection time, and an absent folder gives them no items at all -- nothing a single test could notice
SHARED_REQUIRED = (CONFORMANCE / "shader-tests", CONFORMANCE / "instruction-vectors",
                   CONFORMANCE / "dxbc-corpus" / "slimshader", REPO.parent / "shared" / "bench" / "peer_bench.py")


def missing_shared_data(env: dict[str, str], required: tuple[Path, ...] = SHARED_REQUIRED) -> list[Path]:
    """The required shared paths that are absent where ``env`` marks a CI run (``CI`` set); none elsewhere."""
    if not env.get("CI"):
        return []
    return [p for p in required if not p.exists()]


def pytest_sessionstart(session):
    missing = missing_shared_data(dict(os.environ))
    if missing:
        raise pytest.UsageError("CI run without the shared data (../shared): " + ", ".join(map(str, missing)))


def pytest_addoption(parser):
    parser.addoption("--backends", default="all",
                     help="shader backends every test runs under: all (native where llvmlite imports, and "
                          "reference; PYD3D11_BACKEND set: only that one), native or reference")


def pytest_configure(config):
    config.addinivalue_line("markers", "backend_specific: the test selects shader backends itself (runs once)")
    config.addinivalue_line("markers", "backend_independent: the test never consults the shader backend (runs "
                                       "once; checked: consulting it fails the test)")
    config.addinivalue_line("markers", "fence_expected: the test feeds input the api fence may catch (cargs.FENCED)")


def _backends(config) -> list[str]:
    from pyd3d11.shader import native

    choice = config.getoption("--backends")
    if choice == "all":
        env = os.environ.get("PYD3D11_BACKEND", "").strip().lower()
        if env in ("native", "reference"):
            return [env]
        return ["native", "reference"] if native.available() else ["reference"]
    if choice not in ("native", "reference"):
        raise pytest.UsageError(f"--backends: {choice!r} (all, native or reference)")
    return [choice]


#: test files whose items take longest (session 28: a cold CI run's per-test times): collected first, so that the
#: two CI workers do not end with one of them alone on a long item while the other is idle (longest first: the
#: rest of the suite is thousands of short items that even the workers out)
SLOW_FIRST = ("test_real_corpora.py", "test_real_corpora_amd.py", "test_pipeline_fuzz.py",
              "test_hlsl_optimizer_differential.py", "test_debug_capture_examples.py", "test_native_class_linkage.py",
              "test_conformance_enforced.py")


#: a recording run (scripts/backend_free.py): the reference half of every backend-parametrized test runs (the list
#: below ignored), and each writes its function's id and how many times it consulted the backend to this file
USE_LOG = os.environ.get("PYD3D11_BACKEND_USE_LOG")
#: test functions a recorded run found never consulting the shader backend (tests/data/backend_free_tests.txt, written
#: by scripts/backend_free.py): they run once, as if marked ``backend_independent``, and are held to it the same way
#: (consulting the backend fails them: take the function out of the list)
_FREE_LIST = Path(__file__).resolve().parent / "data" / "backend_free_tests.txt"
BACKEND_FREE = frozenset() if USE_LOG or not _FREE_LIST.exists() else frozenset(
    line.strip() for line in _FREE_LIST.read_text().splitlines() if line.strip() and not line.startswith("#"))


def _independent(node) -> bool:
    return node.get_closest_marker("backend_independent") is not None or node.nodeid.split("[")[0] in BACKEND_FREE


#: preprocessor tests the real fxc's answers supersede (tests/data/fxc_superseded_preprocessor_tests.txt): strict xfail
_SUPERSEDED_LISTS = [Path(__file__).resolve().parent / "data" / name for name in
                     ("fxc_superseded_preprocessor_tests.txt", "fxc_superseded_session35_tests.txt")]
FXC_SUPERSEDED = frozenset(
    line.strip() for path in _SUPERSEDED_LISTS if path.exists() for line in path.read_text().splitlines()
    if line.strip() and not line.startswith("#"))


def _xfail_aware_repr(item):
    """``item.repr_failure`` that writes an expected failure (an xfail mark, ``pytest.xfail()``) as one line: the
    long form re-parses the test module's whole source once per traceback entry (_pytest's statement ranges), which
    in a table module of thousands of rows cost ~0.2-0.45 s per xfailed row -- minutes of CI over 1,200 xfails --
    for text nobody reads (an xfail's report shows its reason). Other failures keep pytest's long form."""
    full = item.repr_failure

    def repr_failure(excinfo):  # noqa: ANN001, ANN202
        mark = item.get_closest_marker("xfail")
        expected = excinfo.errisinstance(pytest.xfail.Exception) or (
            mark is not None and excinfo.errisinstance(mark.kwargs.get("raises") or BaseException))
        if not expected:
            return full(excinfo)  # a failure the mark does not expect (another exception than its ``raises``)
        last = excinfo.traceback[-1]
        return f"{last.path}:{last.lineno + 1}: {excinfo.exconly()}"

    return repr_failure


def pytest_collection_modifyitems(session, config, items):
    for item in items:
        if item.nodeid in FXC_SUPERSEDED:
            item.add_marker(pytest.mark.xfail(strict=True, reason="superseded by d3dcompiler_47 10.1's answer "
                                              "(tests/data/fxc_superseded_*_tests.txt)"))
    if not config.option.runxfail:
        for item in items:
            item.repr_failure = _xfail_aware_repr(item)
    rank = {name: i for i, name in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(SLOW_FIRST)))  # stable: the rest keep their order
    if USE_LOG:
        ref = [getattr(it, "callspec", None) and it.callspec.params.get("shader_backend") == "reference" for it in items]
        config.hook.pytest_deselected(items=[it for it, r in zip(items, ref) if not r])
        items[:] = [it for it, r in zip(items, ref) if r]


def pytest_collection_finish(session):
    """Move the collected items (a few million objects that live to the end of the run) out of the collector's
    sight (gc.freeze): otherwise every full collection walks them all, and in a worker of the 140k-test run these
    pauses added seconds to single test cases (test_hlsl_fuzz's per-case watchdog fired on one)."""
    gc.collect()
    gc.freeze()


def pytest_generate_tests(metafunc):
    if "shader_backend" not in metafunc.fixturenames or "both_backends" in metafunc.fixturenames:
        return
    if metafunc.definition.get_closest_marker("backend_specific") or _independent(metafunc.definition):
        return
    names = _backends(metafunc.config)
    metafunc.parametrize("shader_backend", names, indirect=True, ids=names)


@pytest.fixture(autouse=True)
def shader_backend(request):
    """The shader backend this run of the test uses (None: the test selects backends itself)."""
    name = getattr(request, "param", None)
    if name is None:
        if not _independent(request.node):
            yield None
            return
        yield from _no_backend_query(request)
        return
    from pyd3d11.shader import native

    native.set_backend(name)
    try:
        if not USE_LOG:
            yield name
            return
        with _counted_backend_queries() as asked:
            yield name
        with open(USE_LOG, "a") as f:
            f.write(f"{request.node.nodeid.split('[')[0]}\t{len(asked)}\n")
    finally:
        native.set_backend(None)


@contextlib.contextmanager
def _counted_backend_queries():
    """A list that gains an entry at each call of ``native.backend()`` inside the block."""
    from pyd3d11.shader import native

    real, asked = native.backend, []

    def backend() -> str:
        asked.append(1)
        return real()

    native.backend = backend
    try:
        yield asked
    finally:
        native.backend = real


def _no_backend_query(request):
    """Run a ``backend_independent`` test, failing it when it asks which backend is selected (every
    backend decision calls ``native.backend()``, directly or through ``use_native()``)."""
    with _counted_backend_queries() as asked:
        yield None
    if asked:
        pytest.fail(f"{request.node.nodeid} is marked backend_independent (or listed in "
                    f"tests/data/backend_free_tests.txt) but consulted the shader backend "
                    f"{len(asked)} times: its outcome may depend on it (remove the mark)", pytrace=False)


@pytest.fixture(params=["native", "reference"])
def both_backends(request):
    """Run a test once on each shader backend (pyd3d11.shader.native): modules whose programs are cheap
    to compile use it through ``pytestmark = pytest.mark.usefixtures("both_backends")``."""
    from pyd3d11.shader import native

    if request.param == "native" and not native.available():
        pytest.skip("llvmlite not installed (the fast extra)")
    native.set_backend(request.param)
    yield request.param
    native.set_backend(None)


@pytest.fixture(autouse=True)
def _api_fence_unused(request):
    """Issue 19, "no hiding": the api wrapper turns a raw Python exception inside a method into E_INVALIDARG or a
    dropped call (cargs.FENCED counts them) -- right for an application, but in a test it hides a product bug
    (a draw silently dropped by an AttributeError). A test that makes the fence catch anything fails, unless it is
    marked ``fence_expected``."""
    from pyd3d11.api import cargs

    before = dict(cargs.FENCED)
    yield
    new = {k: v - before.get(k, 0) for k, v in cargs.FENCED.items() if v > before.get(k, 0)}
    if new and request.node.get_closest_marker("fence_expected") is None:
        pytest.fail(f"the api fence caught raw exceptions (a missing rule or a bug): {new}", pytrace=False)
