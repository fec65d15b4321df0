"""Sphinx configuration of the schotten_lab documentation site (built by ``bash scripts/docs.sh``).

Why Sphinx + myst-nb (not MkDocs): Sphinx builds offline by default (no CDN font or script unless a
page has maths, and none here does), its ``-W --keep-going -n`` (nitpicky) mode turns every
unresolved internal reference -- a page, a heading, an API object -- into an error, autodoc reads the
docstrings of the installed package, and myst-nb renders notebooks that were already executed
(``nb_execution_mode = "off"``), so CI executes each curated notebook once, in the test run.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "_ext"))

project = "schotten_lab"
author = "the schotten_lab authors"
copyright = "2026, the schotten_lab authors"
language = "en"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "cli_reference",
    "notebook_pages",
    "optional_toctree",
    "page_language",  # <html lang="fr"> on the French pages (docs/fr/, notebooks/fr/)
]

# The pages are the Markdown files of docs/ (MyST) and the executed copies of the curated notebooks
# (docs/notebooks/, written by the notebook_pages extension before the sources are read).
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store", "**/.ipynb_checkpoints"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# Notebooks: rendered as executed before the build (scripts/docs.sh or scripts/test.sh), never here.
nb_execution_mode = "off"
nb_merge_streams = True
# myst-nb writes the notebooks' outputs (images) into OUTDIR/../jupyter_execute, i.e. the repository's
# root for site/; an absolute folder name sends them to the git-ignored build/ instead.
import myst_nb.sphinx_ext  # noqa: E402

myst_nb.sphinx_ext.OUTPUT_FOLDER = str(ROOT / "build" / "jupyter_execute")

# Every internal reference must resolve (-n with -W); outside types are not ours to document.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(?!schotten_lab\.).*"),
    # a docstring of views/play names Advice where bots.advisor imports it; it is documented at bots.advice
    ("py:class", "schotten_lab.bots.advisor.Advice"),
    # core/tactics.py names the method by its defining module; Position is documented at schotten_lab.core
    ("py:meth", "schotten_lab.core.position.Position.tactics_left"),
    # the play app's inner rooms (views/play: table, drawing, records) are named by the widget's
    # docstrings; the API documents the app itself, PlayGame, not its parts
    ("py:class", r"schotten_lab\.views\.play\.(table|drawing|records)\..*"),
    # the same for the board editor's rooms (views/editor: drawing, advisor), named by BoardEditor's
    # attributes; the API documents BoardEditor and, at schotten_lab.views, its panels
    ("py:class", r"schotten_lab\.views\.editor\.(drawing|advisor)\..*"),
]
suppress_warnings = ["myst.header"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}

html_theme = "furo"
html_title = "schotten_lab"
html_static_path = ["_static"]
html_css_files = ["schotten.css"]
html_js_files = ["plotly.min.js"]  # copied from the installed plotly by notebook_pages: no CDN
html_show_sourcelink = False
html_copy_source = False
html_last_updated_fmt = None
toc_object_entries = False  # API objects stay out of the navigation (their page lists them); Furo copies that tree on every page
