"""The suite's hypothesis profile reaches every hypothesis test (tests/conftest.py, docs/TESTING.md):
outside the long run none of them runs random examples, keeps a database or has a deadline, whatever
its own ``@settings`` say."""

from __future__ import annotations

import pytest
from hypothesis import settings



def test_the_profile_is_derandomized_outside_the_long_run(hypothesis_profile: str) -> None:
    assert settings.default.derandomize is (hypothesis_profile != "long")
    assert settings.default.print_blob and settings.default.deadline is None


def test_every_collected_hypothesis_test_is_derandomized(request: pytest.FixtureRequest, hypothesis_profile: str) -> None:
    if hypothesis_profile == "long":
        pytest.skip("the long run searches at random")
    hypothesis_tests = {
        item.nodeid.split("[")[0]: item.function
        for item in request.session.items
        if getattr(getattr(item, "function", None), "is_hypothesis_test", False)
    }
    escaped = sorted(
        nodeid for nodeid, function in hypothesis_tests.items()
        if not (s := function._hypothesis_internal_use_settings).derandomize or s.database is not None
        or s.deadline is not None or not s.print_blob
    )
    assert not escaped, escaped
