"""What a kernel pays before it draws anything: the views' imports stay free of work nobody asked for.

Every Voilà page, classroom session and notebook imports plotly's figure widgets; jsonschema 4.25+
(through nbformat) built a Lark grammar on import, 2.6 s of CPU each time (pyproject.toml pins it)."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_editor_and_plotly_widgets_builds_no_grammar() -> None:
    code = (
        "import sys, plotly.graph_objs._figurewidget, nbformat.validator, schotten_lab.views.editor; "
        "print(sorted(m for m in ('lark', 'rfc3987_syntax') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
