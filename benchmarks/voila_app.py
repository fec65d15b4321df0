"""Time to a usable page of the Voilà board-editor app, in a real Chromium.

    python benchmarks/voila_app.py [--loads 3] [--query "position=..."]

Starts Voilà on ``apps/board_editor.ipynb`` (private Jupyter folders, a free local port), waits for the
port, then loads the page ``--loads`` times in a fresh browser context each time. For each load it
prints the seconds from the navigation to the first HTML (``domcontentloaded``) and to a *usable* page:
the palette's G8 button visible and the analysis panel's first chart drawn. It also lists every
request to a host other than the local server (a CDN: a page that must work offline makes none).
Needs the notebooks and dev extras and Debian's ``/usr/bin/chromium``.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("SCHOTTEN_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
USABLE = ".sl-palette.sl-card-G8"
PREHEAT = ["--preheat_kernel=True", "--pool_size=1"]  # as scripts/voila.sh serves the app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_voila(tmp: Path, port: int, root: Path, template: str,
                notebook: str = "board_editor.ipynb") -> subprocess.Popen[bytes]:
    """Voilà serving ``apps/NOTEBOOK`` of ``root`` on ``port`` (private Jupyter folders under ``tmp``)."""
    env = dict(os.environ, SCHOTTEN_POSITION="", PYTHONWARNINGS="ignore", JUPYTER_PATH=str(root / "apps" / "jupyter"),
               PYTHONPATH=str(root), SCHOTTEN_GAMES_DIR=str(tmp / "games"))
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        (tmp / name).mkdir()
        env[name] = str(tmp / name)
    log = (tmp / "voila.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(root / "apps" / notebook), "--no-browser",
         f"--port={port}", "--Voila.ip=127.0.0.1", "--ServerApp.port_retries=0", f"--template={template}",
         "--VoilaExecutor.iopub_timeout=120", *(PREHEAT if template == "schotten" else [])],
        env=env, stdout=log, stderr=subprocess.STDOUT, cwd=root,
    )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError((tmp / "voila.log").read_text()[-2000:])
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc
        time.sleep(0.3)
    proc.terminate()
    raise TimeoutError("Voilà did not open its port within 90 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--query", default="", help="a query string for the page, e.g. 'position=...'")
    parser.add_argument("--settle", type=float, default=0.0,
                        help="seconds to wait after the port opens and between loads (a server already up)")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose app to serve (another worktree to compare, e.g. before a change)")
    parser.add_argument("--template", default="schotten",
                        help="the Voilà template: schotten (the app's, apps/jupyter) or lab (Voilà's own)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    port = free_port()
    with tempfile.TemporaryDirectory(prefix="schotten-voila-bench-") as tmp:
        proc = start_voila(Path(tmp), port, args.root.resolve(), args.template)
        try:
            url = f"http://127.0.0.1:{port}/" + (f"?{args.query}" if args.query else "")
            html_s, board_s, usable_s, remote = [], [], [], set()
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
                for _ in range(args.loads):
                    time.sleep(args.settle)
                    context = browser.new_context(viewport={"width": 1500, "height": 1000})
                    page = context.new_page()
                    page.on("request", lambda r: remote.add(r.url) if urlparse(r.url).hostname not in
                            ("127.0.0.1", "localhost", None) and not r.url.startswith("data:") else None)
                    start = time.perf_counter()
                    page.goto(url, wait_until="domcontentloaded", timeout=180_000)
                    html_s.append(time.perf_counter() - start)
                    page.locator(USABLE).wait_for(state="visible", timeout=180_000)
                    board_s.append(time.perf_counter() - start)
                    page.locator(".js-plotly-plot").first.wait_for(state="attached", timeout=180_000)
                    usable_s.append(time.perf_counter() - start)
                    context.close()
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    print(f"Voilà app of {args.root} (template {args.template}), {args.loads} loads, settle {args.settle:.0f} s: first HTML median {statistics.median(html_s):.1f} s "
          f"({', '.join(f'{t:.1f}' for t in html_s)}); board (palette) median {statistics.median(board_s):.1f} s; "
          f"usable median {statistics.median(usable_s):.1f} s "
          f"({', '.join(f'{t:.1f}' for t in usable_s)})")
    print("requests to other hosts:", json.dumps(sorted(remote)) if remote else "none")


if __name__ == "__main__":
    main()
