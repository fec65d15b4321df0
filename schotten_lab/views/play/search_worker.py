"""A search worker of the play pages' pool (:mod:`.thinking`): ``python -m schotten_lab.views.play.search_worker``.

Reads pickled searches on its standard input and writes pickled answers on its standard output (the
only writer of it: anything else printed goes to standard error); ends when its input closes.
"""

from __future__ import annotations

import os
import sys

from .thinking import serve


def main() -> None:
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # a stray print cannot corrupt the answers
    serve(sys.stdin.buffer, answers)


if __name__ == "__main__":
    main()
