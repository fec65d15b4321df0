"""Tests of the views: the board editor's advisor panel stays idle unless a test asks for it (its
background searches would only slow the tests of other features), and the analysis panel counts the
viewer's figures in the caller's thread unless a test asks for the background (so a test reads them
right after an edit)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def advisor_idle_by_default(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    try:
        from schotten_lab.views.editor import advisor, panel
    except ImportError:  # ipywidgets missing: those tests skip themselves
        yield
        return
    monkeypatch.setattr(advisor, "AUTO", False)
    monkeypatch.setattr(panel, "BACKGROUND", False)
    yield
