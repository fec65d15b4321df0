"""Puts this folder on the import path, so its tests share ``puzzle_set`` (the committed set, read once)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
