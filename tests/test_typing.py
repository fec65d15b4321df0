"""The whole package passes ``mypy --strict`` (the settings live in pyproject.toml's [tool.mypy])."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.heavy
def test_package_passes_mypy_strict() -> None:
    pytest.importorskip("mypy")
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "schotten_lab"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert out.returncode == 0, f"mypy exited {out.returncode}:\n{out.stdout}{out.stderr}"
