"""``python -m schotten_lab``: the same command line as the ``schotten-lab`` script."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
