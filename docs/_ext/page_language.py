"""Each HTML page says its own language: ``<html lang="fr">`` for the French pages.

The site's ``language`` is English (conf.py); the French pages (``docs/fr/``, the executed French
lessons under ``notebooks/fr/``) are French, so their ``lang`` attribute says so: screen readers read
them with a French voice, browsers offer no translation to French and hyphenate in French. Furo's
layout writes ``lang="{{ language }}"``; this extension sets ``language`` per page in the
``html-page-context`` event (the site's sentences themselves are untouched).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

FRENCH_FOLDERS = ("fr/", "notebooks/fr/")
"""The page names (paths from docs/, without the suffix) under which a page is French."""


def page_language(pagename: str, default: str | None) -> str | None:
    """The language of page ``pagename``: ``"fr"`` under :data:`FRENCH_FOLDERS`, else ``default``."""
    return "fr" if pagename.startswith(FRENCH_FOLDERS) else default


def set_language(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    context["language"] = page_language(pagename, context.get("language"))


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", set_language)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
