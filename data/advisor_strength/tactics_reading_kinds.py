"""The tactics advisor reading the opponent's plays for some kinds of cards only, or with another
doubt (round 16): runs ``benchmarks/advisor.py`` with its arguments after setting
the kinds read from ``KINDS`` (``clan``, ``tactics`` or ``clan,tactics``, the default) and the
reading's doubt from ``DOUBT`` (default ``tactics_inference.TACTICS_DOUBT``). From the
repository's root:

    KINDS=tactics DOUBT=0.1 python data/advisor_strength/tactics_reading_kinds.py --variant tactics --against greedy-tactics --iterations 1000 --games 100 --seed 0 --verbose
"""

import functools
import os
import runpy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from schotten_lab.bots import tactics_inference, tactics_search  # noqa: E402

kinds = tuple(k for k in os.environ.get("KINDS", "clan,tactics").split(",") if k)
doubt = float(os.environ.get("DOUBT", tactics_inference.TACTICS_DOUBT))
tactics_search.read_hand = functools.partial(tactics_inference.read_hand, doubt=doubt, kinds=kinds)  # type: ignore[assignment]
sys.argv = ["benchmarks/advisor.py", *sys.argv[1:]]
runpy.run_path("benchmarks/advisor.py", run_name="__main__")
