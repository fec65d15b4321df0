"""The tactics advisor reading the opponent's plays for some kinds of cards only (round 16), with
``r28_tactics_reading.patch`` applied (``git apply data/advisor_strength/r28_tactics_reading.patch``):
runs ``benchmarks/advisor.py`` with its arguments after setting ``tactics_inference.KINDS`` from
``KINDS`` (``clan``, ``tactics`` or ``clan,tactics``, the patch's default). From the repository's root:

    KINDS=tactics python data/advisor_strength/tactics_reading_kinds.py --variant tactics --against greedy-tactics --iterations 1000 --games 100 --seed 0 --verbose
"""

import os
import runpy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from schotten_lab.bots import tactics_inference  # type: ignore[attr-defined]  # noqa: E402  # the patch's module

tactics_inference.KINDS = tuple(k for k in os.environ.get("KINDS", "clan,tactics").split(",") if k)
sys.argv = ["benchmarks/advisor.py", *sys.argv[1:]]
runpy.run_path("benchmarks/advisor.py", run_name="__main__")
