"""``python -m schotten_lab.views.classroom``: start the classroom server (docs/CLASSROOM.md)."""

import sys

from .server import main

if __name__ == "__main__":  # not in the search workers the server spawns
    sys.exit(main())
