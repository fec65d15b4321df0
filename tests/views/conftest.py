"""Tests of the views: the board editor's advisor panel stays idle unless a test asks for it (its
background searches would only slow the tests of other features)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def advisor_idle_by_default(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    try:
        from schotten_lab.views.editor import advisor
    except ImportError:  # ipywidgets missing: those tests skip themselves
        yield
        return
    monkeypatch.setattr(advisor, "AUTO", False)
    yield
