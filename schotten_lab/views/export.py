"""Image export: SVG diagrams to PNG with the system Chromium, Plotly figures via kaleido.

Chromium is Debian's (``apt-get install -y chromium``); nothing here downloads a browser.
Every file is written atomically (:mod:`schotten_lab.core.files`): a failed export leaves the previous
file as it was. The format follows the extension; an unknown one is refused with
:class:`~schotten_lab.core.errors.OutputError` before any work.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import ExportError, OutputError
from ..core.files import atomic_path, check_output

if TYPE_CHECKING:
    import plotly.graph_objects as go

IMAGE_FORMATS = ("png", "svg", "pdf", "jpg", "jpeg", "webp")

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")


def find_chromium() -> str | None:
    """The path of a Chromium to drive: ``$SCHOTTEN_CHROMIUM``, then the Debian locations."""
    env = os.environ.get("SCHOTTEN_CHROMIUM")
    if env:
        return env if Path(env).exists() else None
    for path in CHROMIUM_CANDIDATES:
        if Path(path).exists():
            return path
    return shutil.which("chromium")


_SIZE_RE = re.compile(r'<svg[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"', re.S)


def save_png(svg: str, path: str | Path, *, scale: float = 2.0, timeout: float = 60.0) -> Path:
    """Render an SVG document (e.g. :func:`~schotten_lab.core.svg.position_svg`) to a PNG file.

    Runs headless Chromium once (about 1-2 s); ``scale`` is the device pixel ratio, so the PNG is
    ``scale`` times the SVG's width and height.
    """
    path = check_output(path, ("png",))
    browser = find_chromium()
    if browser is None:
        raise ExportError("PNG export needs Chromium: install it with `apt-get install -y chromium`")
    m = _SIZE_RE.search(svg)
    if m is None:
        raise ExportError("the SVG has no width and height attributes on its root element")
    width, height = (int(float(v) + 0.999) for v in m.groups())
    path = Path(path).resolve()
    with tempfile.TemporaryDirectory(prefix="schotten-png-") as tmp:
        page = Path(tmp) / "diagram.html"
        page.write_text(
            "<!DOCTYPE html><html><head><meta charset='utf-8'><style>"
            "html,body{margin:0;padding:0;overflow:hidden;background:#fff}svg{display:block}"
            f"</style></head><body>{svg}</body></html>",
            encoding="utf-8",
        )
        out = Path(tmp) / "shot.png"
        cmd = [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={tmp}/profile",
            f"--force-device-scale-factor={scale}",
            f"--window-size={width},{height}",
            f"--screenshot={out}",
            page.as_uri(),
        ]
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            raise ExportError(f"Chromium did not finish within {timeout:.0f} s") from None
        if not out.exists():
            raise ExportError(f"Chromium wrote no screenshot (exit {done.returncode}): {done.stderr[-500:]}")
        with atomic_path(path) as staged:
            shutil.copyfile(out, staged)
    return path


def save_figure(fig: go.Figure, path: str | Path, *, scale: float = 2.0) -> Path:
    """Save a Plotly figure by the file's extension.

    ``.html``: self-contained (plotly.js inlined, works offline). ``.png`` / ``.svg`` / ``.pdf``:
    a static image through kaleido and the system Chromium.
    """
    path = check_output(path, ("html", "htm", *IMAGE_FORMATS))
    suffix = path.suffix.lower()
    if suffix not in (".html", ".htm") and find_chromium() is None:
        raise ExportError(f"{suffix} export needs Chromium: install it with `apt-get install -y chromium`")
    with atomic_path(path) as tmp:
        if suffix in (".html", ".htm"):
            fig.write_html(tmp, include_plotlyjs=True, full_html=True)
        else:
            fig.write_image(tmp, format=suffix[1:], scale=scale if suffix != ".svg" else 1)
    return path


def save_figures(
    figures: Mapping[str, go.Figure],
    folder: str | Path,
    formats: Iterable[str] = ("png", "svg", "html"),
    *,
    scale: float = 2.0,
) -> list[Path]:
    """Save several figures as ``folder/NAME.FORMAT`` for every format, starting Chromium only once
    for all the images (a cold start costs seconds, each further image a fraction of one)."""
    import kaleido

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    formats = [f.lower().lstrip(".") for f in formats]
    for f in formats:
        if f not in (*IMAGE_FORMATS, "html"):
            raise OutputError(f"unknown figure format {f!r}: use html, png, svg or pdf")
    if any(f != "html" for f in formats) and find_chromium() is None:
        raise ExportError("image export needs Chromium: install it with `apt-get install -y chromium`")
    written: list[Path] = []
    specs = []
    with contextlib.ExitStack() as stack:  # every file renamed into place only if all succeed
        for name, fig in figures.items():
            for f in formats:
                path = check_output(folder / f"{name}.{f}", (f,))
                tmp = stack.enter_context(atomic_path(path))
                if f == "html":
                    fig.write_html(tmp, include_plotlyjs=True, full_html=True)
                else:
                    opts = {"format": f, "scale": 1 if f == "svg" else scale}
                    specs.append({"fig": fig, "path": tmp, "opts": opts})
                written.append(path)
        if specs:
            kaleido.write_fig_from_object_sync(specs, cancel_on_error=True)
    return written


__all__ = ["ExportError", "find_chromium", "save_figure", "save_figures", "save_png"]
