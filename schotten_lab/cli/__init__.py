"""The ``schotten-lab`` command line (also ``python -m schotten_lab``).

Subcommands::

    schotten-lab analyze POSITION.json [MORE.json ...] [--viewer south|north] [--strict] [--json]
    schotten-lab analyze - < positions.jsonl          # JSON Lines in, one JSON report per line out
                 [--jobs J | --dask ADDRESS|local] [--quiet]   # a batch on processes or a Dask cluster
    schotten-lab claim POSITION.json --stone N --player south|north [--strict] [--json]
    schotten-lab advise POSITION.json [--iterations N | --budget SECONDS] [--seed S] [--moves K] [--json]
    schotten-lab notation POSITION.json [--to-json]
    schotten-lab report POSITION.json -o report.html [--viewer south|north] [--lang en|fr]
    schotten-lab diagram POSITION.json -o FILE.svg|FILE.png [--refute N:PLAYER] [--caption TEXT]

Tactics positions (``"variant": "tactics"``) work everywhere; ``--strict`` makes ``analyze`` and
``claim`` use the strict early-claim proof (unplayed combat modes and elite troops may block a
claim; docs/RULES.md, "Early claims under tactics"). It has no effect on base-game positions, and the
JSON report says which rules were used (``"rules"``).

Wherever a position file is expected, ``--notation "TEXT"`` (or the notation itself, quoted, in
place of the file name) gives the position in the one-line notation instead.

Exit codes:

- ``0``: success (a claim that is *not* claimable is still a successful answer);
- ``1``: batch analysis (several files, or ``-``) where at least one input failed; every input gets
  one output line, in input order: its report, or ``{"line": n, "error": "..."}`` (``"file"`` for
  files), whatever the line holds (bad JSON, bad bytes, any size); the batch always goes on;
- ``2``: bad input or usage (missing file, bad JSON, illegal position, bad stone or player, an
  output that would overwrite an input), with a bounded one-line message on standard error naming
  the problem;
- ``3``: an internal error (a bug): a one-line message; ``--debug`` shows the traceback;
- ``130``: interrupted (Ctrl-C), quietly.

Input is bounded: a file or standard input holds at most ``MAX_INPUT_BYTES``, a batch line at most
``MAX_INPUT_BYTES``; a UTF-8 byte-order mark is accepted.

The package: :mod:`.entry` (the parser and :func:`main`), :mod:`.io` (exit codes, the error line,
the language), :mod:`.values` (argparse types), :mod:`.positions` (reading a position),
:mod:`.runs` (``--jobs``/``--dask``), and one module per command or small family of commands:
:mod:`.analyze`, :mod:`.claim`, :mod:`.advise`, :mod:`.documents` (notation, report, diagram),
:mod:`.records` (replay), :mod:`.review`, :mod:`.selfplay`, :mod:`.bot`, :mod:`.puzzles`.
"""

from __future__ import annotations

from .._names import reexports as _reexports
from .entry import Terminated as Terminated, build_parser as build_parser, main as main

__all__ = sorted(_reexports(__file__))
