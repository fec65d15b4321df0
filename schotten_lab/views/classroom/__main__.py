"""``python -m schotten_lab.views.classroom``: start the classroom server (docs/CLASSROOM.md)."""

import sys

from .server import main

sys.exit(main())
