"""The suite's test tiers and hypothesis profiles (docs/TESTING.md).

Hypothesis profiles, chosen once here, before any test module is imported:

- ``ci`` (``CI=true``) and ``dev`` (the default, so that a local run agrees with CI): derandomized, no
  example database, no deadline, the ``too_slow`` health check off (a loaded machine must not turn a
  run red), and a failing example printed as a ``@reproduce_failure`` blob. The same examples run on
  every machine, so a green run is green on the next one too.
- ``long`` (``SCHOTTEN_LONG=1``, which ``bash scripts/test.sh --long`` sets): random examples,
  ``SCHOTTEN_LONG_FACTOR`` (default 10) times as many as each test asks for: the wider search, run
  apart from CI.

``HYPOTHESIS_PROFILE=NAME`` chooses one of them explicitly.

A test-local ``@settings(...)`` inherits whatever it does not set from the loaded profile, but one that
sets ``derandomize``, ``database`` or ``max_examples`` itself would escape it; so the profile's
guarantees are also applied to every collected hypothesis test (:func:`_enforce`), whatever its own
settings say. Tests marked ``slow`` (the very long property and playout runs) run only in the long
run (``SCHOTTEN_LONG=1`` or ``--run-slow``). Every test starts with the global ``random`` and numpy
generators seeded, so that nothing depends on the order the tests run in or the worker they run on.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, settings

LONG = os.environ.get("SCHOTTEN_LONG", "") not in ("", "0")
"""The long run: random hypothesis examples, larger counts, and the ``slow`` tests."""

LONG_FACTOR = max(1, int(os.environ.get("SCHOTTEN_LONG_FACTOR", "10")))
"""How many times more examples each hypothesis test runs in the long run."""

QUICK_DIVISOR = max(1, int(os.environ.get("SCHOTTEN_QUICK_DIVISOR", "5"))) if os.environ.get("SCHOTTEN_QUICK") else 1
"""The quick tier (``SCHOTTEN_QUICK=1``, set by ``bash scripts/test.sh --quick``) runs each hypothesis test
with this many times fewer examples (at least 5): the same derandomized examples, fewer of them."""

_STEADY: dict[str, Any] = {"deadline": None, "print_blob": True}
settings.register_profile("ci", derandomize=True, database=None, **_STEADY)
settings.register_profile("dev", derandomize=True, database=None, **_STEADY)
settings.register_profile("long", derandomize=False, **_STEADY)


def _profile_name() -> str:
    """``HYPOTHESIS_PROFILE`` if given, else ``long`` for the long run, ``ci`` under CI, ``dev``."""
    chosen = os.environ.get("HYPOTHESIS_PROFILE", "").strip()
    if chosen:
        return chosen
    if LONG:
        return "long"
    return "ci" if os.environ.get("CI", "").strip().lower() in ("1", "true", "yes") else "dev"


PROFILE = _profile_name()
settings.load_profile(PROFILE)


@pytest.fixture(scope="session")
def hypothesis_profile() -> str:
    """The name of the hypothesis profile this run loaded (a fixture, so that no test imports a conftest by name)."""
    return PROFILE


def pytest_report_header(config: pytest.Config) -> str:
    """Say which profile ran, so that a log tells how to reproduce it."""
    return f"hypothesis profile: {PROFILE} (derandomize={settings.default.derandomize})" + (
            f", long run x{LONG_FACTOR}" if PROFILE == "long" else f", quick tier: examples / {QUICK_DIVISOR}"
        if QUICK_DIVISOR > 1 else ""
    )


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", help="also run the tests marked slow (the long run's)")


def _enforce(function: Any) -> None:
    """Apply the profile's guarantees to one hypothesis test, over its own ``@settings``: in ``ci``
    and ``dev`` derandomized, no database, no deadline, a printed blob, ``too_slow`` off; in ``long``
    random and ``LONG_FACTOR`` times the examples. Idempotent (parametrized tests share a function)."""
    own = getattr(function, "_hypothesis_internal_use_settings", None)
    if own is None or getattr(function, "_schotten_profile_applied", False):
        return
    suppress = list(dict.fromkeys([*own.suppress_health_check, HealthCheck.too_slow]))
    if settings.default.derandomize:
        fewer = max(min(5, own.max_examples), own.max_examples // QUICK_DIVISOR)
        steady = settings(own, derandomize=True, database=None, deadline=None, print_blob=True,
                          suppress_health_check=suppress, max_examples=fewer)
    else:
        steady = settings(own, derandomize=False, deadline=None, print_blob=True, suppress_health_check=suppress,
                          max_examples=own.max_examples * (LONG_FACTOR if PROFILE == "long" else 1))
    if os.environ.get("SCHOTTEN_NO_SHRINK"):  # a quicker red run: the failing example as found
        steady = settings(steady, phases=[phase for phase in steady.phases if phase is not Phase.shrink])
    function._hypothesis_internal_use_settings = steady
    function._schotten_profile_applied = True


SERVER_MODULES = ("test_servers.py", "test_voila_launcher_apps.py", "test_distributed.py")
"""Test modules whose tests start servers (the project's, or a local dask cluster with its dashboard port), marked
``servers`` here, not one by one."""


BROWSER_ELSEWHERE = (
    "tests/core/test_svg.py::test_save_png",
    "tests/views/test_charts.py::test_save_png_and_svg",
    "tests/views/test_charts.py::test_save_figure_png",
    "tests/views/test_report.py::test_charts_render_offline_in_chromium",
)
"""The tests outside tests/browser/ that drive Chromium (static figures), in the serial queue too."""


def in_the_serial_queue(nodeid: str) -> bool:
    """Whether a test starts a server or a browser, from its id alone (what xdist's scheduler sees)."""
    path = nodeid.split("::", 1)[0]
    return (path.startswith("tests/browser/") or path.rsplit("/", 1)[-1] in SERVER_MODULES
            or nodeid.split("[", 1)[0] in BROWSER_ELSEWHERE)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` with the "servers" group decided from the test ids.

    pytest-xdist 3.8 puts a test's group into its id (``…@servers``) by setting ``item._nodeid``,
    which pytest 9 no longer reads (its ids come from ``item._id``): the groups were silently lost
    and browser tests ran on both workers at once. This scheduler finds the group from the id."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class ServersQueue(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            scope: str = super()._split_scope(nodeid)
            if scope != nodeid:  # a group xdist did put into the id
                return scope
            return "servers" if in_the_serial_queue(nodeid) else nodeid

    return ServersQueue(config, log)


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    run_slow = LONG or bool(config.getoption("--run-slow"))
    skip_slow = pytest.mark.skip(reason="slow: part of the long run (bash scripts/test.sh --long)")
    for item in items:
        function = getattr(item, "function", None)
        if getattr(function, "is_hypothesis_test", False):
            _enforce(function)
        if item.path.name in SERVER_MODULES:
            item.add_marker(pytest.mark.servers)
        if "slow" in item.keywords and not run_slow:
            item.add_marker(skip_slow)
        if "browser" in item.keywords or "servers" in item.keywords or "tests/browser/" in item.path.as_posix():
            # One queue for everything that starts a server or a browser: under pytest-xdist at most
            # one of them runs at a time, so none waits for a port or a page on a starved machine.
            item.add_marker(pytest.mark.xdist_group("servers"))
            if not in_the_serial_queue(item.nodeid):
                raise pytest.UsageError(f"{item.nodeid} starts a server or a browser: list it in tests/conftest.py "
                                        "(BROWSER_ELSEWHERE or SERVER_MODULES) so xdist runs it in the serial queue")


@pytest.fixture(autouse=True)
def _seeded_global_generators() -> Iterator[None]:
    """Seed the global ``random`` and numpy generators before every test (hypothesis seeds its own)."""
    state = random.getstate()
    random.seed(0)
    np.random.seed(0)
    yield
    random.setstate(state)
