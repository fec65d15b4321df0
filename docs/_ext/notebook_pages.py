"""The curated notebooks as pages of the site, with their outputs, offline.

Before Sphinx reads its sources, the executed copy of every notebook of ``notebooks/`` and of its
subfolders (``notebooks/fr/``, the French lessons; from the folder named by ``SCHOTTEN_DOCS_NOTEBOOKS``,
where scripts/docs.sh or scripts/test.sh executed them, keeping the subfolders) is written to
``docs/notebooks/`` (git-ignored) with three changes, so the pages show everything without a network:

- a plotly figure (``application/vnd.plotly.v1+json``, what the kernel sends) gets an HTML rendering that
  draws it with the site's own copy of plotly.js (``_static/plotly.min.js``, copied from the installed
  plotly package: no CDN);
- a widget (``application/vnd.jupyter.widget-view+json``) is replaced by a static picture of its last
  state, drawn from the widget state the execution saved: its texts, SVG diagrams and plotly charts, its
  buttons and menus greyed out (running the notebook gives the live widget);
- the saved widget state is then dropped, so myst-nb loads no widget manager (from a CDN).

A notebook missing from that folder is an error that says how to make it.
"""

from __future__ import annotations

import copy
import html
import json
import os
import shutil
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError

PLOTLY_MIME = "application/vnd.plotly.v1+json"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
STATE_MIME = "application/vnd.jupyter.widget-state+json"
NOTE = "A static picture of the widget as the notebook left it; run the notebook for the live one."


def plotly_html(figure: dict[str, Any]) -> str:
    """The HTML that draws ``figure`` with the page's plotly.js (loaded once by the site, no CDN)."""
    import plotly.io as pio

    text = str(pio.to_html(figure, include_plotlyjs=False, full_html=False, validate=False,
                           config={"responsive": True, "displaylogo": False}))
    # The theme loads the page's scripts (plotly.js among them) at the end of the body: draw once they ran.
    start = text.index(">", text.index("<script")) + 1
    end = text.index("</script>", start)
    return (text[:start] + 'window.addEventListener("DOMContentLoaded", function () {'
            + text[start:end] + "});" + text[end:])


class WidgetPicture:
    """Draws a widget tree of a saved widget state as static HTML (the models ipywidgets and plotly use)."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state

    def model(self, ref: str) -> tuple[str, dict[str, Any]]:
        entry = self.state.get(ref.removeprefix("IPY_MODEL_"), {})
        return str(entry.get("model_name", "")), dict(entry.get("state", {}))

    def draw(self, ref: str, depth: int = 0) -> str:
        if depth > 40:
            return ""
        name, s = self.model(ref)
        label = html.escape(str(s.get("description", "")))
        children = [self.draw(c, depth + 1) for c in s.get("children", []) if isinstance(c, str)]
        if name in ("HTMLModel", "HTMLMathModel"):
            return f'<div class="sw-html">{s.get("value", "")}</div>'
        if name == "LabelModel":
            return f'<span class="sw-label">{html.escape(str(s.get("value", "")))}</span>'
        if name in ("ButtonModel", "ToggleButtonModel"):
            pressed = " sw-pressed" if s.get("value") is True else ""
            return f'<button class="sw-button{pressed}" disabled>{label or html.escape(str(s.get("tooltip") or ""))}</button>'
        if name in ("HBoxModel", "GridBoxModel"):
            return '<div class="sw-hbox">' + "".join(children) + "</div>"
        if name in ("VBoxModel", "BoxModel"):
            return '<div class="sw-vbox">' + "".join(children) + "</div>"
        if name in ("TabModel", "AccordionModel", "StackModel"):
            titles = s.get("titles") or [""] * len(children)
            parts = [f'<div class="sw-tab"><div class="sw-tab-title">{html.escape(str(t))}</div>{c}</div>'
                     for t, c in zip(titles, children)]
            return '<div class="sw-vbox">' + "".join(parts) + "</div>"
        if name in ("DropdownModel", "SelectModel", "RadioButtonsModel", "ToggleButtonsModel", "SelectionSliderModel"):
            labels = s.get("_options_labels", [])
            index = s.get("index")
            shown = labels[index] if isinstance(index, int) and 0 <= index < len(labels) else ""
            return f'<span class="sw-field">{label} <select disabled><option>{html.escape(str(shown))}</option></select></span>'
        if name in ("TextModel", "TextareaModel", "IntTextModel", "FloatTextModel", "BoundedIntTextModel",
                    "BoundedFloatTextModel", "IntSliderModel", "FloatSliderModel", "PasswordModel"):
            return (f'<span class="sw-field">{label} '
                    f'<input disabled value="{html.escape(str(s.get("value", "")))}"></span>')
        if name in ("CheckboxModel", "ToggleModel"):
            mark = " checked" if s.get("value") else ""
            return f'<label class="sw-field"><input type="checkbox" disabled{mark}> {label}</label>'
        if name == "OutputModel":
            return '<div class="sw-vbox">' + "".join(output_html(o) for o in s.get("outputs", [])) + "</div>"
        if name == "AnyModel" and "_data" in s:  # plotly's FigureWidget (an anywidget since plotly 6)
            return plotly_html({"data": s.get("_data", []), "layout": s.get("_layout", {})})
        if name == "PlayModel":
            return '<button class="sw-button" disabled>&#9654;</button>'
        if name == "FigureModel":
            return plotly_html({"data": s.get("_widget_data") or s.get("_data", []),
                                "layout": s.get("_widget_layout") or s.get("_layout", {})})
        if name in ("ProgressStyleModel", "IntProgressModel", "FloatProgressModel"):
            return f'<progress value="{s.get("value", 0)}" max="{s.get("max", 100)}"></progress>'
        if children:
            return '<div class="sw-vbox">' + "".join(children) + "</div>"
        return f'<span class="sw-other">[{html.escape(name.removesuffix("Model") or "widget")}]</span>'


def output_html(output: dict[str, Any]) -> str:
    """One saved output (of an Output widget) as HTML, best mime type first."""
    data = output.get("data", {})
    if output.get("output_type") == "stream":
        return f'<pre>{html.escape(str(output.get("text", "")))}</pre>'
    if PLOTLY_MIME in data:
        return plotly_html(data[PLOTLY_MIME])
    for mime in ("text/html", "image/svg+xml"):
        if mime in data:
            value = data[mime]
            return "".join(value) if isinstance(value, list) else str(value)
    if "text/plain" in data:
        value = data["text/plain"]
        return f'<pre>{html.escape("".join(value) if isinstance(value, list) else str(value))}</pre>'
    return ""


def prepare(notebook: dict[str, Any]) -> dict[str, Any]:
    """The notebook as the site renders it: plotly figures drawn, widgets as static pictures, no widget state."""
    nb = copy.deepcopy(notebook)
    state = nb.get("metadata", {}).pop("widgets", {}).get(STATE_MIME, {}).get("state", {})
    picture = WidgetPicture(state)
    for cell in nb.get("cells", []):
        for output in cell.get("outputs", []):
            data = output.get("data")
            if not isinstance(data, dict):
                continue
            if WIDGET_MIME in data:
                ref = str(data.pop(WIDGET_MIME).get("model_id", ""))
                drawn = picture.draw(ref) if ref in state else ""
                if drawn:
                    data["text/html"] = f'<div class="static-widget" title="{NOTE}">{drawn}</div>'
                    data.pop("text/plain", None)
            elif PLOTLY_MIME in data and "text/html" not in data:
                data["text/html"] = plotly_html(data[PLOTLY_MIME])
            data.pop(PLOTLY_MIME, None)
    return nb


def write_pages(app: Sphinx, config: Config) -> None:
    """Write docs/notebooks/NAME.ipynb from the executed copies (unchanged files are left alone)."""
    root = Path(app.srcdir).parent
    executed = Path(os.environ.get("SCHOTTEN_DOCS_NOTEBOOKS") or root / "build" / "notebooks")
    target = Path(app.srcdir) / "notebooks"
    names = notebook_names(root / "notebooks")
    for name in names:
        source = executed / name
        if not source.is_file():
            raise ExtensionError(
                f"notebook_pages: {source} is missing: run 'bash scripts/docs.sh' (it executes the notebooks), "
                "or set SCHOTTEN_DOCS_NOTEBOOKS to a folder of executed copies"
            )
        text = json.dumps(prepare(json.loads(source.read_text(encoding="utf-8"))), indent=1, ensure_ascii=False)
        out = target / name
        out.parent.mkdir(parents=True, exist_ok=True)
        if not out.is_file() or out.read_text(encoding="utf-8") != text:
            out.write_text(text, encoding="utf-8")
    for stale in [*target.glob("*.ipynb"), *target.glob("*/*.ipynb")]:
        if stale.relative_to(target).as_posix() not in names:
            stale.unlink()


def notebook_names(folder: Path) -> list[str]:
    """The curated notebooks as paths relative to ``folder``: ``notebooks/*.ipynb`` and one level of
    subfolders (``fr/01_combinaisons_et_denombrement.ipynb``, the French lessons), as scripts/test.sh
    executes them."""
    found = [*folder.glob("*.ipynb"), *folder.glob("*/*.ipynb")]
    return sorted(p.relative_to(folder).as_posix() for p in found if ".ipynb_checkpoints" not in p.parts)


def copy_plotly(app: Sphinx, exception: Exception | None) -> None:
    """Put the installed plotly's plotly.min.js into the site's _static folder (no CDN at view time)."""
    if exception is not None or app.builder.format != "html":
        return
    import plotly

    source = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    shutil.copyfile(source, Path(app.outdir) / "_static" / "plotly.min.js")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", write_pages)
    app.connect("build-finished", copy_plotly)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
